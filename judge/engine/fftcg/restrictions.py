"""What effects forbid, compel or allow a Character to do (2.1, 2.2, 10.1.2.1, 10.1.3.1): "cannot attack /
block / be broken", "cannot be blocked by …", "must attack / block if possible", "can attack twice".

Each reads a resolved effect on the Character (a `Mod`), its own field ability, and other cards' field
abilities that name it, from the board as it is now.
"""

from __future__ import annotations

import re

from judge.engine.fftcg.fieldreads import field_read
from judge.engine.fftcg.log import Log
from judge.engine.fftcg.query import abilities, field_effects, matches, own_effects
from judge.engine.fftcg.state import CardDef, State, where
from judge.text.ast import AbilityKind, Player, Restriction

#: what the turn's flow asks `restricted` (the reader named is the module that asks)
_ATTACK = "judge.engine.fftcg.flow.attack"
field_read(Restriction, "cannot", "attack", concepts=("attacker_legal", "card_text_precedence"), reader=_ATTACK,
           meaning="a Forward that cannot attack is not a legal attacker")
field_read(Restriction, "cannot", "block", concepts=("blocker_limits", "card_text_precedence"), reader=_ATTACK,
           meaning="a Forward that cannot block is not a legal blocker", shape=lambda e: e.object is None)
field_read(Restriction, "can", "form_party_with", concepts=("party_element", "card_text_precedence"), reader=_ATTACK,
           meaning="forms a party with Forwards of any Element")
field_read(Restriction, "cannot", "be_broken", concepts=("prevention_precedence",),
           reader="judge.engine.fftcg.flow.process",
           meaning="damage equal to its power does not break it (the rule process skips it)")
field_read(Restriction, "cannot", "activate_in_active_phase", concepts=("prevention_precedence",),
           reader="judge.engine.fftcg.flow.turn", meaning="it stays dull in its controller's Active Phase")
field_read(Restriction, "cannot", "be_blocked", concepts=("blocker_limits", "card_text_precedence"), reader=__name__,
           meaning="no Forward (or none that its 'by …' names) may block it")
field_read(Restriction, "must", "attack", concepts=("attack_must",), reader=__name__,
           matches=lambda a: a.startswith("attack"), meaning="it must attack if able (once per turn: once)")
field_read(Restriction, "must", "block", concepts=("block_must",), reader=__name__,
           matches=lambda a: a.startswith("block"), meaning="it must block if able",
           shape=lambda e: e.object is None)   # "must block X": which attacker is not read
field_read(Restriction, "can", "attack_twice", concepts=("attack_declaration", "card_text_precedence"),
           reader=__name__, matches=lambda a: bool(re.fullmatch(r"attack_\d+_times", a)),
           meaning="it may attack twice (N times) this turn")


def restricted(s: State, uid: str, action: str, mode: str = "cannot") -> bool:
    """True when an effect says this Character cannot `action` (attack, block, be broken …), or, with
    `mode="can"`, that it may (attack twice): a resolved effect on it, its own field ability, or another
    card's field ability naming it."""
    c = s.char(uid)
    if c is None:
        return False
    if any(m.kind == mode and m.value == action for m in c.mods):
        return True
    for ab in abilities(s, uid):
        for e in own_effects(s, uid, ab):
            if isinstance(e, Restriction) and e.mode == mode and e.action == action and \
                    ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and \
                    (e.target is None or e.target.self_ref):
                return True
    for src, e in field_effects(s):
        if isinstance(e, Restriction) and e.mode == mode and e.action == action and e.target is not None \
                and not e.target.self_ref and matches(s, uid, e.target, src.controller, src.uid):
            return True
    return False


def _times(action: str) -> int:
    """How many attacks "can attack twice" / "can attack N times" allows (0: not such an allowance)."""
    if action == "attack_twice":
        return 2
    m = re.fullmatch(r"attack_(\d+)_times", action)
    return int(m.group(1)) if m else 0


def attacks_allowed(s: State, uid: str) -> int:
    """How many times this Forward may attack this turn: once (10.1.2.1), or as many as the largest "can attack
    twice / N times" that applies to it (card text overrides the rules, 2.1)."""
    c = s.char(uid)
    if c is None:
        return 1
    most = max((_times(str(m.value)) for m in c.mods if m.kind == "can"), default=0)
    for ab in abilities(s, uid):
        if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT):
            most = max([most, *(_times(e.action) for e in own_effects(s, uid, ab) if isinstance(e, Restriction)
                                and e.mode == "can" and (e.target is None or e.target.self_ref))])
    for src, e in field_effects(s):
        if isinstance(e, Restriction) and e.mode == "can" and _times(e.action) > most and e.target is not None \
                and not e.target.self_ref and matches(s, uid, e.target, src.controller, src.uid):
            most = _times(e.action)
    return max(1, most)


def cannot_be_blocked_by(s: State, attacker: str, blocker: str) -> bool:
    """True when the attacker's own ability says it cannot be blocked (by Forwards like `blocker`)."""
    c = s.char(attacker)
    if c is None:
        return False
    for ab in abilities(s, attacker):
        if ab.kind not in (AbilityKind.FIELD, AbilityKind.CONSTANT):
            continue
        for e in own_effects(s, attacker, ab):
            if isinstance(e, Restriction) and e.mode == "cannot" and e.action == "be_blocked" and \
                    (e.target is None or e.target.self_ref) and \
                    (e.by is None or matches(s, blocker, e.by, c.controller, attacker)):
                return True
    if any(m.kind == "blocked_by" and matches(s, blocker, m.value, c.controller, attacker) for m in c.mods):
        return True
    return any(m.kind == "cannot" and m.value == "be_blocked" for m in c.mods) or any(
        isinstance(e, Restriction) and e.mode == "cannot" and e.action == "be_blocked" and e.target is not None
        and not e.target.self_ref and matches(s, attacker, e.target, src.controller, src.uid)
        and (e.by is None or matches(s, blocker, e.by, src.controller, src.uid)) for src, e in field_effects(s))


def must_attack(s: State, uid: str) -> bool:
    """True when an effect says this Forward must attack (10.1.2.1.3); "must attack once per turn" is met once it
    has attacked this turn, even if it could attack again."""
    actions = _must(s, uid, "attack")
    c = s.char(uid)
    return bool(actions) and not (actions <= {"attack_once_per_turn"} and c is not None and c.attacked)


def must_block(s: State, uid: str) -> bool:
    """True when an effect says this Forward must block if possible (10.1.3.1.3)."""
    return bool(_must(s, uid, "block"))


def _must(s: State, uid: str, action: str) -> set[str]:
    """What effects compel this Character to (`action…`): its own field ability, another card's field ability that
    names it ("All Forwards must …"), or an effect that resolved on it."""
    out = {str(e.action) for ab in abilities(s, uid) if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT)
           for e in own_effects(s, uid, ab) if isinstance(e, Restriction) and e.mode == "must"
           and str(e.action).startswith(action) and (e.target is None or e.target.self_ref)}
    out |= {str(e.action) for src, e in field_effects(s) if isinstance(e, Restriction) and e.mode == "must"
            and str(e.action).startswith(action) and e.target is not None and not e.target.self_ref
            and matches(s, uid, e.target, src.controller, src.uid)}
    c = s.char(uid)
    return out | {str(m.value) for m in (c.mods if c is not None else ()) if m.kind == "must"
                  and str(m.value).startswith(action)}


#: "cannot be removed from the game / be returned to its owner's hand / leave the field": the destinations each
#: bars (None: any move off the field)
_MOVE_BARS: dict[str, tuple[str, ...] | None] = {"be_removed_from_the_game": ("removed",),
                                                 "be_returned_to_owners_hand": ("hand",), "leave_the_field": None}
_BY_SUMMONS = frozenset({"summon", "summons"})
_BY_ABILITIES = frozenset({"ability", "abilities", "action_ability", "auto_ability", "special_ability"})


def _by_readable(e: object) -> bool:
    """A "by …" this module reads: none (every Summon and ability), or whose Summons and / or abilities."""
    by = getattr(e, "by", None)
    return by is None or (set(by.card_types) <= _BY_SUMMONS | _BY_ABILITIES and not by.colors)


for _action in _MOVE_BARS:
    field_read(Restriction, "cannot", _action, concepts=("prevention_precedence", "field_ability"), reader=__name__,
               shape=_by_readable, meaning="Summons or abilities (of the kind its 'by …' names) cannot move it so")


def _by_bars(by: object, protected: str, mover: str, summon: bool) -> bool:
    """Whether the Summon (or ability) `mover` controls is what "by …" names, seen from the protected card's
    side (7.2.1: "your opponent's" is the opponent of the protection's controller)."""
    if by is None:
        return True
    if (by.owner == Player.OPPONENT and mover == protected) or (by.owner == Player.YOU and mover != protected):
        return False
    types = set(by.card_types)
    return not types or bool(types & (_BY_SUMMONS if summon else _BY_ABILITIES))


def _move_protections(s: State, uid: str) -> list[tuple[Restriction, str]]:
    """The "cannot be moved so" field effects that name this card, each with whose protection it is."""
    found: list[tuple[Restriction, str]] = []
    c = s.char(uid)
    if c is not None:
        found += [(e, c.controller) for ab in abilities(s, uid) if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT)
                  for e in own_effects(s, uid, ab) if isinstance(e, Restriction) and e.mode == "cannot"
                  and e.action in _MOVE_BARS and (e.target is None or e.target.self_ref)]
    found += [(e, src.controller) for src, e in field_effects(s) if isinstance(e, Restriction) and e.mode == "cannot"
              and e.action in _MOVE_BARS and e.target is not None and not e.target.self_ref
              and matches(s, uid, e.target, src.controller, src.uid)]
    return found


def move_barred(s: State, uid: str, dest: str, mover: str, summon: bool) -> str | None:
    """Why a Summon or ability `mover` controls cannot move this card to `dest` now (2.2: "cannot" wins), or None."""
    zone = where(s, uid)[0]
    for e, protected in _move_protections(s, uid):
        bars = _MOVE_BARS[e.action]
        if (zone == "field" if bars is None else dest in bars) and _by_readable(e) and \
                _by_bars(e.by, protected, mover, summon):
            return f"{s.name_of(uid)} {e.mode} {e.action.replace('_', ' ')} (a field ability)"
    return None


def kept_in_place(s: State, uids: list[str] | tuple[str, ...], dest: str, mover: str, summon: bool, label: str,
                  log: Log) -> list[str]:
    """The cards an effect may move to `dest`: those a "cannot be …" protection keeps where they are are said."""
    out = []
    for u in uids:
        why = move_barred(s, u, dest, mover, summon)
        if why is None:
            out.append(u)
        else:
            log.add(f"{label}: {why}, so it stays where it is", "prevention_precedence", "field_ability")
    return out


#: the Elements whose Characters 7.7.5 limits to one on the field
_LIGHT_DARK = frozenset({"light", "dark"})


def _many_light_dark(e: object) -> bool:
    """"You can play 2 or more Light (Dark) Characters onto the field": a "can play" of two or more Characters
    of Light or Dark, the exception card text makes to 7.7.5 (2.1)."""
    sel = getattr(e, "target", None)
    return isinstance(e, Restriction) and sel is not None and bool(sel.colors) and \
        set(sel.colors) <= _LIGHT_DARK and any(t.stat == "count" and t.op == ">=" and t.value >= 2
                                                 for t in sel.thresholds)


field_read(Restriction, "can", "play", concepts=("light_dark_limit", "rp_light_dark", "card_text_precedence"),
           reader=__name__, shape=_many_light_dark,
           meaning="its controller may have two or more of the Light (Dark) Characters it names on the field")


def _covers(e: Restriction, d: CardDef) -> bool:
    """Whether the Characters the exception names include this printed card (its Element and its type)."""
    sel = e.target
    types = set(sel.card_types) - {"character"}
    return d.is_character and bool(set(sel.colors) & set(d.elements)) and (not types or d.type in types)


def light_dark_allowed(s: State, p: str, cards: list[CardDef], incoming: CardDef | None = None) -> str | None:
    """The card whose field ability lets `p` have all of these Light/Dark Characters on the field together
    (2.1 over 7.7.5 and 12.4.7), or None. The card being cast counts its own ability (11.9.2: it applies as the
    card is deployed); the others, the field abilities of cards `p` controls (11.9.1)."""
    found = [(src.uid, e) for src, e in field_effects(s) if src.controller == p]
    if incoming is not None:
        found += [(incoming.key, e) for ab in incoming.abilities if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT)
                  for e in ab.effects]
    for src, e in found:
        if isinstance(e, Restriction) and e.mode == "can" and e.action == "play" and _many_light_dark(e) and \
                e.player in (None, Player.YOU) and all(_covers(e, d) for d in cards):
            return src
    return None


__all__ = ["attacks_allowed", "cannot_be_blocked_by", "kept_in_place", "light_dark_allowed", "move_barred", "must_attack",
           "must_block", "restricted"]
