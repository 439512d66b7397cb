"""The Battle Spirits board as immutable values: cards, players, field, battle, pending work.

Every transition builds a new `State` with `dataclasses.replace`; nothing is mutated. Card
instances have stable ids (the scenario's field ids, or the card ref for cards in hand and trash),
so a card is always in exactly one place and cores are conserved: whatever leaves the void is
counted in `void_out`, so life + reserve + field + trash - void_out never changes by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from judge.engine.kernel.values import evolve as _evolve
from judge.text.ast import Ability, Duration


class Orientation(StrEnum):
    """A field card's state (Standard adds heavy exhausted, 5-5-1-3)."""

    REFRESHED = "refreshed"
    EXHAUSTED = "exhausted"
    HEAVY_EXHAUSTED = "heavy_exhausted"


class Step(StrEnum):
    """The steps of a turn (Standard has a second main step)."""

    START = "start"
    CORE = "core"
    DRAW = "draw"
    REFRESH = "refresh"
    MAIN = "main"
    ATTACK = "attack"
    SECOND_MAIN = "second_main"
    END = "end"


@dataclass(frozen=True, kw_only=True)
class CardDef:
    """A card's printed information (ad-hoc from a scenario, or from the card database)."""

    key: str
    name: str
    type: str                                  # spirit | nexus | magic
    colors: tuple[str, ...] = ()
    cost: int = 0
    reduction: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    families: tuple[str, ...] = ()
    levels: tuple[tuple[int, int, int | None], ...] = ()   # (level, cores, bp)
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    unparsed: tuple[str, ...] = ()
    super_unleash: bool = False                # bs: "Super Unleash" as the LV2 cost
    ex_symbol: bool = False                    # bs: an EX symbol (usable for Succession)
    soul_magic: tuple[str, ...] | None = None  # bs 《Soul Magic》: the symbol colours it needs
    succession: bool = False                   # bs 《Succession》 printed on the card
    token: bool = False
    number: str | None = None                  # the printed card number of a real card

    def __post_init__(self) -> None:
        if self.type not in ("spirit", "nexus", "magic"):
            raise ValueError(f"card type must be spirit, nexus or magic, not {self.type!r}")


@dataclass(frozen=True, kw_only=True)
class Mod:
    """A continuous modification created by an effect, with the card it applies to and its end."""

    target: str                    # field card id (or "A"/"B" for player-wide)
    kind: str                      # bp_add | bp_set | bp_base | level_set | keyword | cannot | symbol_add
    value: Any = None
    duration: Duration = Duration.TURN
    source: str = ""
    controller: str = ""
    stamp: int = 0
    turn: int = 0                  # the turn it was created (for "until the end of the next turn")
    extra: Any = None              # a qualifier ("opponent": binds only the opponent's effects)
    against: Any = None            # a restriction aimed at some cards only: the Selector they meet


@dataclass(frozen=True, kw_only=True)
class FieldCard:
    """A spirit or nexus on the field: its cores (plain; the soul core is tracked by the player)."""

    id: str
    card: str                      # CardDef key
    owner: str
    cores: int = 0
    orientation: Orientation = Orientation.REFRESHED
    entered_turn: int = 0
    linked_to: str | None = None   # 【Link】: the spirit this one is linked to


@dataclass(frozen=True, kw_only=True)
class PlayerState:
    """One player's areas. Hand, deck (top first), trash, removed hold card instance ids."""

    name: str
    life: int = 5
    reserve: int = 0
    soul_core: str = "reserve"     # reserve | life | trash | void | <field card id>
    trash_cores: int = 0
    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    trash: tuple[str, ...] = ()
    burst: str | None = None
    removed: tuple[str, ...] = ()
    field: tuple[FieldCard, ...] = ()

    def card(self, cid: str) -> FieldCard | None:
        for fc in self.field:
            if fc.id == cid:
                return fc
        return None


@dataclass(frozen=True, kw_only=True)
class Battle:
    """The battle in progress: attacker, blocker, the open window and who acts in it."""

    attacker: str
    blocker: str | None = None
    window: str = "flash_pre"      # flash_pre | block | flash_post | resolution | ended
    priority: str = "B"            # who may act now in a flash window
    passes: int = 0
    magic_used: tuple[str, ...] = ()   # magic cards the attacker's owner used (Luster)
    life_reduced: bool = False
    curse: bool = False


@dataclass(frozen=True, kw_only=True)
class Work:
    """An effect activated and waiting to be resolved (8-5-2-3), or a keyword's triggered effect."""

    kind: str                      # effects | keyword
    source: str                    # card instance id
    controller: str
    label: str
    effects: tuple[Any, ...] = ()
    keyword: str | None = None
    param: Any = None
    cites: tuple[str, ...] = ()
    last: Any = None               # the source's last known facts (8-10-1)
    timing: str | None = None      # the effect's timing (when_summoned, when_destroyed, crush, …)
    subject: Any = None            # a watching effect: the selector naming the cards the event happened to
    subject_facts: Any = None      # … and those cards' last-known facts (id → facts, 8-10-1)
    ability: int | None = None     # index of the source's ability it comes from (an order answer's `id:N`)
    selections: Any = None         # what it selected as it resolved, for its part that waited (8-5-3)


@dataclass(frozen=True, kw_only=True)
class State:
    """The whole board. `cards` maps instance id → CardDef key; `defs` maps key → CardDef."""

    game: str
    defs: dict[str, CardDef]
    cards: dict[str, str]
    owners: dict[str, str]
    players: dict[str, PlayerState]
    turn: int = 1
    turn_player: str = "A"
    step: Step = Step.MAIN
    battle: Battle | None = None
    mods: tuple[Mod, ...] = ()
    work: tuple[tuple[Work, ...], ...] = ()   # a stack of batches of simultaneous triggers
    suspended: Any = None                     # an action waiting for a choice (resumed by choose)
    pending: Any = None                       # the decision a player must make now (a core.Decision)
    answers: tuple[Any, ...] = ()
    targets: tuple[Any, ...] = ()              # selections written in advance (`targets:`), kept apart
    # the last choice among copies of one card that was not asked: (the copies, those taken)
    unasked: tuple[tuple[str, ...], tuple[str, ...]] | tuple[()] = ()
    # the last decision taken unasked because every answer ends alike: (its kind, its options)
    free_choice: tuple[str, tuple[str, ...]] | tuple[()] = ()
    winner: str | None = None
    void_out: int = 0
    stamp: int = 0
    burst_set_turn: dict[str, int] = field(default_factory=dict)
    used: frozenset[str] = frozenset()
    destroyed_log: tuple[str, ...] = ()
    first_player: str = "A"

    def player(self, name: str) -> PlayerState:
        return self.players[name]

    def opponent(self, name: str) -> str:
        return "B" if name == "A" else "A"

    def field_card(self, cid: str) -> FieldCard | None:
        for p in self.players.values():
            fc = p.card(cid)
            if fc is not None:
                return fc
        return None

    def controller(self, cid: str) -> str | None:
        for name, p in self.players.items():
            if p.card(cid) is not None:
                return name
        return None

    def card_def(self, cid: str) -> CardDef | None:
        key = self.cards.get(cid)
        return None if key is None else self.defs.get(key)

    def zone_of(self, cid: str) -> str | None:
        """Where a card instance is now: field hand deck trash burst removed (or None)."""
        for p in self.players.values():
            if p.card(cid) is not None:
                return "field"
            if cid in p.hand:
                return "hand"
            if cid in p.deck:
                return "deck"
            if cid in p.trash:
                return "trash"
            if p.burst == cid:
                return "burst"
            if cid in p.removed:
                return "removed"
        return None


def evolve(state: State, **changes: Any) -> State:
    """The kernel's one `evolve` (a fast `dataclasses.replace`; State has no __post_init__)."""
    return _evolve(state, **changes)


def with_player(state: State, p: PlayerState) -> State:
    """The state with one player's areas replaced."""
    players = dict(state.players)
    players[p.name] = p
    return evolve(state, players=players)


def with_field_card(state: State, fc: FieldCard) -> State:
    """The state with one field card replaced (same id, same controller)."""
    for _name, p in state.players.items():
        if p.card(fc.id) is not None:
            field_ = tuple(fc if c.id == fc.id else c for c in p.field)
            return with_player(state, replace(p, field=field_))
    raise KeyError(fc.id)


def total_cores(state: State) -> int:
    """Every core in the game (life, reserve, field, trash, soul) minus what came out of the void."""
    n = 0
    for p in state.players.values():
        n += p.life + p.reserve + p.trash_cores + sum(fc.cores for fc in p.field)
        n += 0 if p.soul_core == "void" else 1
    return n - state.void_out


def placements(state: State) -> dict[str, list[str]]:
    """Every card instance id and the places it is found (a sound board has exactly one each)."""
    out: dict[str, list[str]] = {}
    for name, p in state.players.items():
        for fc in p.field:
            out.setdefault(fc.id, []).append(f"{name}.field")
        for zone in ("hand", "deck", "trash", "removed"):
            for cid in getattr(p, zone):
                out.setdefault(cid, []).append(f"{name}.{zone}")
        if p.burst:
            out.setdefault(p.burst, []).append(f"{name}.burst")
    return out


def outcome(state: State) -> tuple[object, ...]:
    """What the rules read of a board, to tell whether two ways of going on end alike: the board
    without its timestamps (they record the order things were done in; where two effects conflict the
    conflict shows in the figures and areas compared) nor the order of cards in a hand, trash or
    removed area, nor of cards on the field (unordered areas: only the deck has an order, 3-1-5)."""
    players = tuple(sorted((n, replace(p, hand=tuple(sorted(p.hand)), trash=tuple(sorted(p.trash)),
                                       removed=tuple(sorted(p.removed)),
                                       field=tuple(sorted(p.field, key=lambda fc: fc.id))))
                           for n, p in state.players.items()))
    mods = tuple(sorted(repr(replace(m, stamp=0)) for m in state.mods))
    return (players, mods, state.battle, state.winner, state.work, state.used, state.void_out, state.step,
            state.turn, state.turn_player, tuple(sorted(state.destroyed_log)), state.answers, state.targets,
            state.pending, tuple(sorted(state.burst_set_turn.items())), state.cards, state.owners)


def indistinguishable(state: State, a: str, b: str) -> bool:
    """Whether nothing on the board tells two cards apart: naming each by the other's id leaves the
    board's outcome as it is (same card, same area, same cores and orientation, nothing applied to or
    recorded of one and not the other). Which of them an effect takes is then no decision."""
    from judge.engine.kernel.values import exchange

    if state.cards.get(a) != state.cards.get(b) or state.owners.get(a) != state.owners.get(b):
        return False
    swapped = exchange(state, {a: b, b: a}, skip=frozenset({"defs", "pending", "suspended"}))
    return outcome(swapped) == outcome(state)


@dataclass(frozen=True)
class Drawn:
    """What an effect watching draws was set off by: who drew, and how many cards ("for each card
    drawn", "both players must pay …": the player who drew)."""

    player: str
    count: int


__all__ = ["Battle", "CardDef", "Drawn", "FieldCard", "Mod", "Orientation", "PlayerState", "State", "Step", "Work",
           "evolve", "indistinguishable", "outcome", "placements", "total_cores", "with_field_card", "with_player"]
