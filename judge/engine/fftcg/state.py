"""The FFTCG board as immutable values: card definitions, card objects, zones, the stack, the turn.

Transitions never mutate a State; they build a new one with the kernel's `evolve` (a fast `replace`). Mappings held
by a State (card definitions, card objects, players' zones) are treated as read-only and copied
on write, so an older State is never changed by a later step (the audit log stays true).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from judge.engine.core import ChoiceNeeded
from judge.engine.kernel.values import evolve
from judge.text.ast import Ability, Condition, Effect, Selector

ELEMENTS = ("fire", "ice", "wind", "lightning", "water", "earth", "light", "dark")
CHARACTER_TYPES = ("forward", "backup", "monster")
CARD_TYPES = (*CHARACTER_TYPES, "summon")
PLAYERS = ("A", "B")


def other(player: str) -> str:
    """The opponent of `player` (two-player game, 1.1)."""
    return "B" if player == "A" else "A"


class Phase(StrEnum):
    """The phases of a turn (9)."""

    ACTIVE = "active"
    DRAW = "draw"
    MAIN1 = "main1"
    ATTACK = "attack"
    MAIN2 = "main2"
    END = "end"


class AttackStep(StrEnum):
    """The steps of the Attack Phase (10.1)."""

    PREPARATION = "preparation"
    DECLARATION = "declaration"
    BLOCK = "block"
    DAMAGE = "damage"


@dataclass(frozen=True, kw_only=True)
class CardDef:
    """What is printed on a card (5.2): name, type, elements, cost, power, job, category, abilities."""

    key: str
    name: str
    type: str
    elements: tuple[str, ...]
    cost: int
    power: int | None = None
    job: str = ""
    category: str = ""
    generic: bool = False
    ex_burst: bool = False
    lb_cost: int | None = None
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    x_cost: bool = False            # its cost is printed as X: the player sets it when casting (4.5, 11.3.5)

    def __post_init__(self) -> None:
        if self.type not in CARD_TYPES:
            raise ValueError(f"card {self.key!r}: type must be one of {', '.join(CARD_TYPES)}, not {self.type!r}")
        bad = [e for e in self.elements if e not in ELEMENTS]
        if bad or not self.elements:
            raise ValueError(f"card {self.key!r}: elements must be from {', '.join(ELEMENTS)}, got {list(self.elements)}")
        if self.cost < 0:
            raise ValueError(f"card {self.key!r}: cost cannot be negative")
        if self.type == "forward" and self.power is None:
            raise ValueError(f"card {self.key!r}: a Forward needs a power")

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTER_TYPES

    @property
    def light_dark(self) -> bool:
        return any(e in ("light", "dark") for e in self.elements)

    @property
    def multi_element(self) -> bool:
        return len(self.elements) > 1


@dataclass(frozen=True)
class CardObj:
    """One physical card: its id in the scenario, its definition key, its owner (6.2.1)."""

    uid: str
    defn: str | None          # None: an unknown card (a deck given as a count)
    owner: str


@dataclass(frozen=True, kw_only=True)
class Mod:
    """A change applied to a Character by a resolved effect (11.12.4): power, set power, keyword, restriction."""

    kind: str                 # power | set_power | keyword | cannot
    value: Any
    until: str = "turn"       # turn | permanent | battle
    ts: int = 0
    source: str = ""


@dataclass(frozen=True, kw_only=True)
class Character:
    """A Character on the field with its status (6.3), damage (5.2.6.1), counters (6.7) and control (6.2)."""

    uid: str
    controller: str
    dull: bool = False
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    since_turn_start: bool = True    # continuously controlled since the start of the turn (10.1.2.1.1)
    frozen: bool = False
    attacked: bool = False
    primed_under: tuple[str, ...] = ()   # cards under the top card of a Primed stack (15.2.9.4)
    mods: tuple[Mod, ...] = ()
    ts: int = 0
    paid: tuple[tuple[str, int], ...] = ()   # the CP paid to cast it, per Element (5.2.1.3)
    extra_paid: bool = False                 # cast with the extra cost its text offers paid (11.4.4)
    paid_from: tuple[tuple[str, str], ...] = ()  # what produced the CP paid to cast it: ("discard" | "dull", card)


@dataclass(frozen=True, kw_only=True)
class Zones:
    """A player's own zones (7.1): main deck (top first), hand, Break Zone, Damage Zone, LB deck, removed."""

    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    break_zone: tuple[str, ...] = ()
    damage: tuple[str, ...] = ()
    lb_deck: tuple[tuple[str, bool], ...] = ()      # (card, face up)
    removed: tuple[tuple[str, int], ...] = ()       # (card, Warp counters)


@dataclass(frozen=True, kw_only=True)
class StackItem:
    """A Summon or an ability on the stack (7.12), with its controller and the targets chosen for it."""

    uid: str
    kind: str                       # summon | action | special | auto | ex_burst
    controller: str
    source: str                     # the card the ability comes from (6.4.1)
    effects: tuple[Effect, ...]
    label: str
    card: str | None = None         # the Summon card itself, while it is on the stack
    targets: tuple[tuple[Selector, tuple[str, ...]], ...] = ()   # choose-slots and the cards chosen
    condition: Condition | None = None
    subject: str | None = None      # the card an auto-ability's trigger event happened to ("it")
    timing: str | None = None       # an auto-ability's trigger timing (as the grammar names it)
    paid: tuple[tuple[str, int], ...] = ()   # a Summon: the CP paid to cast it, per Element
    about: str | None = None        # "When X is chosen by …, cancel its effect": the Summon or ability that chose
    extra_paid: bool = False        # a Summon cast with the extra cost its text offers paid (11.3.5)
    paid_from: tuple[tuple[str, str], ...] = ()  # a Summon: what produced the CP paid to cast it
    divided: tuple[tuple[str, int], ...] = ()    # "Divide 6000 damage among them": the amounts assigned (11.3.6)
    acted: tuple[tuple[str, str | None, str], ...] = ()  # a "When you do so": its creator's turn records (11.8.17)


@dataclass(frozen=True, kw_only=True)
class Trigger:
    """An auto-ability that has triggered and waits to be put on the stack (11.8.7)."""

    source: str
    controller: str
    ability: Ability
    label: str
    subject: str | None = None      # the card the event happened to (for "it" in the effect)
    about: str | None = None        # an "is chosen" trigger: the stack ref of the Summon or ability that chose
    acted: tuple[tuple[str, str | None, str], ...] = ()  # a "When you do so": what its creator's resolution did


@dataclass(frozen=True, kw_only=True)
class Battle:
    """The current attack (10.1.2.4): attackers (a party when several), the blocker, damage progress."""

    attackers: tuple[str, ...]
    blocker: str | None = None
    block_declared: bool = False
    first_strike_done: bool = False
    damage_done: bool = False


@dataclass(frozen=True)
class Decision(ChoiceNeeded):
    """A choice the rules give a player (the kernel's decision: `choice` is the prompt, `kind` the kernel's
    kind of decision), with FFTCG's own name for it, which the engine's rules read."""

    detail: str = ""                # ex_burst | block | target | order | discard | may | backups | party_damage …
    data: tuple[Any, ...] = ()


@dataclass(frozen=True, kw_only=True)
class State:
    """The whole game at one moment: cards, zones, field, stack, priority, turn and phase."""

    defs: Mapping[str, CardDef]
    objs: Mapping[str, CardObj]
    zones: Mapping[str, Zones]
    field: tuple[Character, ...] = ()
    stack: tuple[StackItem, ...] = ()     # bottom first; the top is the last item
    pending: tuple[Trigger, ...] = ()
    turn: int = 1
    turn_player: str = "A"
    first_player: str = "A"
    phase: Phase = Phase.MAIN1
    step: AttackStep | None = None
    priority: str | None = "A"
    passes: int = 0
    battle: Battle | None = None
    awaiting: Decision | None = None
    answers: tuple[Any, ...] = ()         # choices supplied by the scenario, consumed in order
    order_plan: tuple[str, tuple[str, ...]] | None = None  # `order:` of an action: (player, effect refs), 11.8.7
    x_paid: int | None = None             # X just chosen and paid for "you may pay 《X》" (4.5), read by what follows
    pc: tuple[str, ...] | None = None     # the next automatic procedure (None: a player has priority)
    failed_draw: frozenset[str] = frozenset()
    damage_beyond_deck: frozenset[str] = frozenset()
    winner: str | None = None             # A | B | draw
    seq: int = 0
    cp_paid: tuple[tuple[str, int], ...] = ()   # CP produced for the last payment: (element, n)
    cp_sources: tuple[tuple[str, str], ...] = ()  # what produced it: ("discard" | "dull", card) (5.2.1.3)
    limited: bool = False
    crystals: tuple[tuple[str, int], ...] = ()   # Crystals each player has (6.8)
    delayed: tuple[tuple[str, Trigger], ...] = ()  # delayed auto-abilities waiting for their event (11.8.17)
    loop_plan: tuple[tuple[str, str, int], ...] = ()  # a declared loop: (player, its choice, times left) (13.2)
    loop_asked: tuple[str, ...] = ()      # optional choices answered so far (a repeat is a loop, loops.py)
    loop_pays: tuple[Any, ...] = ()       # a declared loop of payments: (player, the payments still to make) (13.2)
    loop_stopped: tuple[tuple[str, str, Any], ...] = ()  # (player, choice, zones) of a stopped loop (13.2/13.3)
    cond_on: tuple[tuple[str, str], ...] = ()  # "If …, …" field abilities found holding at the last check (11.9.1)
    asked: tuple[tuple[Decision, Any], ...] = ()  # every decision answered so far, with its answer (for the trace)
    turn_log: tuple[tuple[str, str | None, str], ...] = ()  # what happened this turn: (event, card, player)
    #: (player, card, until): "you can cast it as though you owned it (this turn)", "you can cast them at any time you
    #: could normally cast them this turn" (11.12.4.1); until "game" or "turn" (ends with the turn, 9.5.1.4)
    may_cast: tuple[tuple[str, str, str], ...] = ()
    #: (card, source): the card is in its owner's removed zone because an ability of `source` removed it ("the cards
    #: removed by X's ability"); dropped when the card leaves that zone (7.4: it is a new card elsewhere)
    removed_by: tuple[tuple[str, str], ...] = ()
    #: (card, zone): a replacement waiting on a Summon cast by (or under) an effect: after use it goes to `zone`
    #: instead of its owner's Break Zone (11.11.10, 11.12.5); ends with the turn like the permission it goes with
    after_use: tuple[tuple[str, str], ...] = ()
    held_away: tuple[tuple[str, str], ...] = ()  # (card removed "for as long as X is on the field", X) (11.12.4.1)
    last_known: tuple[tuple[str, Character], ...] = ()  # each Character as it was just before it left the field
    #                                       (11.11.4, 11.11.7: what an ability reads of a source that moved)
    ts_first: tuple[str, ...] = ()        # cards of equal timestamps in the order the turn player chose (11.12.4.11)
    cost_changes: tuple[tuple[str, Any, str, int], ...] = ()  # resolved "the cost required to cast your next …
    #                                       is reduced by N" this turn: (player, CostChange, its source, amount)

    def __post_init__(self) -> None:
        if self.turn_player not in PLAYERS or self.priority not in (*PLAYERS, None):
            raise ValueError("players are A and B")

    # ---- lookups -------------------------------------------------------------------------
    def card(self, uid: str) -> CardDef | None:
        """The definition of a card object, or None for an unknown card."""
        obj = self.objs[uid]
        return self.defs[obj.defn] if obj.defn else None

    def name_of(self, uid: str) -> str:
        d = self.card(uid)
        return f"{d.name} ({uid})" if d else uid

    def char(self, uid: str) -> Character | None:
        return _index(self.field).get(uid)

    def controlled(self, player: str, types: tuple[str, ...] = CHARACTER_TYPES) -> tuple[Character, ...]:
        return tuple(c for c in self.field if c.controller == player and
                     (self._type(c.uid) in types or not self._types(c.uid).isdisjoint(types)))

    def _type(self, uid: str) -> str:
        d = self.card(uid)
        return d.type if d else ""

    def _types(self, uid: str) -> frozenset[str]:
        from judge.engine.fftcg.reads import READS  # a Monster that also becomes a Forward (11.12.4.6)

        return READS.types_of(self, uid)

    @property
    def game(self) -> str:
        return "fftcg"

    @property
    def over(self) -> bool:
        return self.winner is not None

    def next_id(self, prefix: str) -> tuple[State, str]:
        """A fresh id (for stack items and generated cards) and the state with the counter moved on."""
        return evolve(self, seq=self.seq + 1), f"{prefix}{self.seq + 1}"

    def with_zones(self, player: str, **changes: Any) -> State:
        zones = dict(self.zones)
        zones[player] = evolve(zones[player], **changes)
        return evolve(self, zones=zones)

    def crystals_of(self, player: str) -> int:
        return dict(self.crystals).get(player, 0)

    def with_crystals(self, player: str, n: int) -> State:
        have = dict(self.crystals)
        have[player] = n
        return evolve(self, crystals=tuple(sorted(have.items())))

    def record(self, event: str, uid: str | None, player: str) -> State:
        """Remember that something happened this turn (conditions such as "if a Forward entered your field
        this turn" read it; the record starts afresh each turn)."""
        return evolve(self, turn_log=(*self.turn_log, (event, uid, player)))

    def may_cast_card(self, player: str, uid: str) -> bool:
        """Whether an effect lets `player` cast `uid` from the zone it is in now (11.12.4.1)."""
        return any(p == player and u == uid for p, u, _ in self.may_cast)

    def happened(self, event: str) -> list[tuple[str | None, str]]:
        """(card, player) of every time `event` happened this turn."""
        return [(u, p) for e, u, p in self.turn_log if e == event]

    def char_known(self, uid: str) -> Character | None:
        """The Character on the field, or as it was just before it last left the field (11.11.4)."""
        c = self.char(uid)
        if c is not None:
            return c
        return next((k for u, k in reversed(self.last_known) if u == uid), None)

    def with_char(self, uid: str, **changes: Any) -> State:
        return evolve(self, field=tuple(evolve(c, **changes) if c.uid == uid else c for c in self.field))


_INDEXES: dict[int, tuple[tuple[Character, ...], dict[str, Character]]] = {}


def _index(field: tuple[Character, ...]) -> dict[str, Character]:
    """uid → Character for one field (a field is immutable, so its index is built once and kept while it
    lives: looking a Character up stays constant-time however large the board)."""
    hit = _INDEXES.get(id(field))
    if hit is not None and hit[0] is field:
        return hit[1]
    if len(_INDEXES) > 4096:
        _INDEXES.clear()
    index = {c.uid: c for c in field}
    _INDEXES[id(field)] = (field, index)
    return index


def where(state: State, uid: str) -> tuple[str, str | None]:
    """The zone a card is in and whose zone it is: ('field', controller), ('hand', 'A'), ('stack', None)…"""
    for c in state.field:
        if c.uid == uid:
            return "field", c.controller
        if uid in c.primed_under:
            return "field", c.controller
    for item in state.stack:
        if item.card == uid:
            return "stack", item.controller
    for p, z in state.zones.items():
        if uid in z.hand:
            return "hand", p
        if uid in z.deck:
            return "deck", p
        if uid in z.break_zone:
            return "break", p
        if uid in z.damage:
            return "damage", p
        if any(u == uid for u, _ in z.lb_deck):
            return "lb_deck", p
        if any(u == uid for u, _ in z.removed):
            return "removed", p
    return "out", None


def all_locations(state: State) -> list[tuple[str, str]]:
    """Every (card, zone) pair on the board: a card listed twice is a broken state (tests check it)."""
    out: list[tuple[str, str]] = []
    for c in state.field:
        out.append((c.uid, "field"))
        out.extend((u, "field") for u in c.primed_under)
    out.extend((i.card, "stack") for i in state.stack if i.card)
    for z in state.zones.values():
        out.extend((u, "hand") for u in z.hand)
        out.extend((u, "deck") for u in z.deck)
        out.extend((u, "break") for u in z.break_zone)
        out.extend((u, "damage") for u in z.damage)
        out.extend((u, "lb_deck") for u, _ in z.lb_deck)
        out.extend((u, "removed") for u, _ in z.removed)
    return out
