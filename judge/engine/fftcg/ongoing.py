"""Ongoing effects that change a Character's text, applied in the documented order (11.12.4).

Text-changing effects (11.12.4.6 kind 2) are "loses all abilities", "loses Haste", granted keywords
and granted quoted abilities, whether they come from a field ability on the field (11.9.1, with the
timestamp of its source, 11.12.4.8 / 11.12.4.10) or from a Summon or ability that resolved (a `Mod`
on the Character with the timestamp of its resolution, 11.12.4.9; it affects only the cards present
then, 11.12.4.2). They apply before power changes (11.12.4.6 kind 5, `query.power`), effects on the
source card itself first (11.12.4.7), then in timestamp order, except that an effect which depends
on another (11.12.4.12) waits for it (11.12.4.13): a field ability whose source loses its abilities
applies after that loss, that is, not at all.

The layer is computed for the whole field once per board (boards are immutable) and only when some
text-changing effect exists; otherwise `query` keeps its plain, faster reading.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.fftcg.fieldreads import field_read
from judge.engine.fftcg.reads import READS
from judge.engine.fftcg.state import State
from judge.text.ast import Ability, AbilityKind, Gain, Keyword, Restriction, Selector, Sequence

field_read(Restriction, "lose", "", concepts=("ongoing_order", "ongoing_self_first"), reader=__name__,
           matches=lambda a: True, meaning="it loses abilities (the text layer, 11.12.4.6 kind 2)")
field_read(Gain, concepts=("ongoing_order", "ongoing_self_first", "field_timestamp"), reader=__name__,
           meaning="it gains a keyword or an ability (the text layer) or a card type (kind 3)",
           # an Element or a Job taken on is a change of characteristics the text layer does not apply (shapes.gain)
           shape=lambda e: e.keyword is None or e.keyword.name.strip().lower() not in ("element", "job"))

#: Mod kinds that change a Character's text (11.12.4.6, kind 2)
TEXT_MODS = frozenset({"lose_all", "lose_kw", "keyword", "ability"})
#: Mod kinds that make the layer necessary (granted keywords alone just add up)
_LAYER_MODS = frozenset({"lose_all", "lose_kw", "ability"})


@dataclass(frozen=True, kw_only=True)
class TextEffect:
    """One text-changing ongoing effect: what it does, its timestamp, where it comes from."""

    kind: str                         # lose_all | lose_kw | keyword | ability
    value: Any                        # the keyword name, or the granted Ability
    ts: int
    source: str                       # the card whose ability or effect it is
    controller: str
    cards: tuple[str, ...] | None     # fixed cards (a resolved effect) or None (a field ability's selector)
    sel: Selector | None = None
    ability: Ability | None = None    # the field ability it belongs to (gone if its source loses it)
    conds: tuple = ()                 # "If …, …": applies only while every one of these holds (11.9.1)

    @property
    def removes(self) -> bool:
        return self.kind in ("lose_all", "lose_kw")


def flat(effects: Iterable) -> Iterable:
    """The effects of an ability one by one, a Sequence's ("…. Then, …") spread in place: what a
    question about the effects it does asks of each."""
    for e in effects:
        if isinstance(e, Sequence):
            yield from flat(e.effects)
        else:
            yield e


def is_field(ab: Ability) -> bool:
    return ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and ab.cost is None


def _lose_kind(e: Restriction) -> tuple[str, str] | None:
    if e.mode != "lose":
        return None
    if e.action in ("all_abilities", "abilities"):
        return "lose_all", ""
    return "lose_kw", e.action.replace("_", " ")


#: the grammar's keyword forms of a card-type or name change: "X also becomes a Forward with N power" and
#: "X is also a Monster / Card Name Y in all situations" (11.12.4.6: kind 3, not text)
TYPE_KEYWORDS = frozenset({"becomes forward", "also"})


def is_type_change(e: Any) -> bool:
    return isinstance(e, Gain) and e.keyword is not None and _norm(e.keyword.name) in TYPE_KEYWORDS


def _field_text_effects(ab: Ability) -> tuple:
    """The text-changing effects of one field ability (as AST nodes, with the conditions they sit under)."""
    is_ongoing_condition = READS.is_ongoing_condition

    out = []

    def walk(effects: Iterable, conds: tuple) -> None:
        for e in flat(effects):
            if is_ongoing_condition(e):
                walk(e.effects, (*conds, e.condition))
            elif (isinstance(e, Gain) and (e.keyword is not None or e.ability is not None)
                  and not is_type_change(e)) or \
                    (isinstance(e, Restriction) and _lose_kind(e) is not None):
                out.append((e, conds))

    walk(ab.effects, ())
    return tuple(out)


_AB_MEMO: dict[int, tuple[Ability, tuple]] = {}


def _text_fx(ab: Ability) -> tuple:
    hit = _AB_MEMO.get(id(ab))
    if hit is not None and hit[0] is ab:
        return hit[1]
    value = _field_text_effects(ab) if is_field(ab) else ()
    _AB_MEMO[id(ab)] = (ab, value)
    return value


def _needs_layer(s: State, base: dict[str, tuple[Ability, ...]]) -> bool:
    for c in s.field:
        if any(m.kind in _LAYER_MODS for m in c.mods):
            return True
        for ab in base[c.uid]:
            for e, _ in _text_fx(ab):
                if isinstance(e, Restriction) or e.ability is not None:
                    return True
    return False


def collect(s: State, base: dict[str, tuple[Ability, ...]]) -> list[TextEffect]:
    """Every text-changing ongoing effect on the board now, unordered."""
    out: list[TextEffect] = []
    for c in s.field:
        for m in c.mods:
            if m.kind in TEXT_MODS:
                out.append(TextEffect(kind=m.kind, value=m.value, ts=m.ts, source=m.source or c.uid,
                                      controller=c.controller, cards=(c.uid,)))
        for ab in base[c.uid]:
            for e, conds in _text_fx(ab):
                own = e.target is None or e.target.self_ref
                if isinstance(e, Restriction):
                    kind, kw = _lose_kind(e)
                    value: Any = kw
                elif e.ability is not None:
                    kind, value = "ability", e.ability
                else:
                    kind, value = "keyword", e.keyword.name
                out.append(TextEffect(kind=kind, value=value, ts=c.ts, source=c.uid, controller=c.controller,
                                      cards=(c.uid,) if own else None, sel=None if own else e.target,
                                      ability=ab, conds=conds))
    return out


def _touches(s: State, fx: TextEffect, uid: str, cur: dict[str, list[Ability]]) -> bool:
    """Whether `fx` could apply to `uid` (for dependency: a field effect is judged on the current text)."""
    if fx.cards is not None:
        return uid in fx.cards
    return fits(s, uid, fx, cur)


def depends(s: State, a: TextEffect, b: TextEffect, cur: dict[str, list[Ability]]) -> bool:
    """Whether `a` depends on `b` (11.12.4.12): `b` can remove `a`'s own ability, or change what `a` applies to."""
    if a is b:
        return False
    if a.ability is not None and b.removes and _touches(s, b, a.source, cur) and \
            (b.kind == "lose_all" or (a.ability.keyword is not None and _norm(a.ability.keyword.name) == b.value)):
        return True
    if a.sel is not None and a.sel.with_keyword and b.kind in ("keyword", "lose_kw", "lose_all"):
        return b.kind == "lose_all" or _norm(str(b.value)) == _norm(a.sel.with_keyword)
    return False


def _norm(name: str) -> str:
    return " ".join(name.replace("_", " ").split()).lower()


def _kw_names(abilities: Iterable[Ability]) -> set[str]:
    return {_norm(ab.keyword.name) for ab in abilities if ab.keyword is not None}


def fits(s: State, uid: str, fx: TextEffect, cur: dict[str, list[Ability]]) -> bool:
    """A field effect's selector read against the text as changed so far (power thresholds use printed power)."""
    matches = READS.matches

    sel = fx.sel
    assert sel is not None
    plain = replace(sel, with_keyword=None, thresholds=tuple(t for t in sel.thresholds if t.stat != "power"))
    if not matches(s, uid, plain, fx.controller, fx.source):
        return False
    if sel.with_keyword and _norm(sel.with_keyword) not in _kw_names(cur.get(uid, ())):
        return False
    d = s.card(uid)
    for t in sel.thresholds:
        if t.stat == "power":
            _threshold = READS._threshold

            if not _threshold(d.power or 0 if d else 0, t):
                return False
    return True


def _chosen(s: State, source: str) -> int:
    """Where the turn player put this card among equal timestamps (11.12.4.11); unchosen ones after."""
    return s.ts_first.index(source) if source in s.ts_first else len(s.ts_first)


def order(s: State, effects: list[TextEffect], cur: dict[str, list[Ability]]) -> list[TextEffect]:
    """The order of application (11.12.4.7, 11.12.4.13): independent effects first, self first, then timestamps."""
    pending = list(effects)
    out: list[TextEffect] = []
    while pending:
        free = [a for a in pending
                if not any(depends(s, a, b, cur) and not depends(s, b, a, cur) for b in pending if b is not a)]
        pick = min(free or pending, key=lambda f: (f.cards != (f.source,), f.ts, _chosen(s, f.source)))
        pending.remove(pick)
        out.append(pick)
    return out


def _granted_keyword(name: str) -> Ability:
    return Ability(kind=AbilityKind.KEYWORD, keyword=Keyword(name=name), text=name,
                   restrictions=("granted",))


def apply_all(s: State, base: dict[str, tuple[Ability, ...]], swap: tuple[int, int] | None = None
              ) -> tuple[dict[str, tuple[Ability, ...]], list[tuple[TextEffect, tuple[str, ...]]]]:
    """The abilities every Character has after the text layer, and what applied to whom, in order
    (`swap`: two positions of that order exchanged, to see whether a tie's order matters, 11.12.4.11)."""
    cur: dict[str, list[Ability]] = {uid: list(abs_) for uid, abs_ in base.items()}
    trace: list[tuple[TextEffect, tuple[str, ...]]] = []
    sequence = order(s, collect(s, base), cur)
    if swap is not None:
        i, j = swap
        sequence[i], sequence[j] = sequence[j], sequence[i]
    for fx in sequence:
        if fx.ability is not None and not any(a is fx.ability for a in cur.get(fx.source, ())):
            trace.append((fx, ()))            # its source lost the ability first: it does not apply
            continue
        if fx.conds and not _conds_hold(s, fx):
            trace.append((fx, ()))            # "If …, …" does not hold now: it does not apply (11.9.1)
            continue
        cards = fx.cards if fx.cards is not None else tuple(c.uid for c in s.field if fits(s, c.uid, fx, cur))
        cards = tuple(u for u in cards if u in cur)
        for u in cards:
            if fx.kind == "lose_all":
                cur[u] = []
            elif fx.kind == "lose_kw":
                cur[u] = [ab for ab in cur[u] if ab.keyword is None or _norm(ab.keyword.name) != fx.value]
            elif fx.kind == "keyword":
                cur[u].append(_granted_keyword(str(fx.value)))
            elif fx.kind == "ability":
                cur[u].append(fx.value)
        trace.append((fx, cards))
    return {u: tuple(v) for u, v in cur.items()}, trace


def _conds_hold(s: State, fx: TextEffect) -> bool:
    """Whether a conditional text effect's conditions hold now (read without other conditional effects)."""
    from judge.engine.fftcg import conditions

    reading = READS.reading             # conditional text effects are read without one another
    if reading[0]:
        return False
    reading[0] = True
    try:
        return all(conditions.holds(s, c, fx.controller, fx.source) for c in fx.conds)
    finally:
        reading[0] = False


_CACHE: list = []      # [field, defs, damage counts, result, zones] of the last board computed
_DEF_MEMO: dict[int, tuple[object, bool]] = {}


def _may_change_text(d) -> bool:
    """Whether a card prints a field ability that removes or grants whole abilities (memoized per card)."""
    hit = _DEF_MEMO.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    value = any(isinstance(e, Restriction) or e.ability is not None for ab in d.abilities for e, _ in _text_fx(ab))
    _DEF_MEMO[id(d)] = (d, value)
    return value


def _conditional(d) -> bool:
    """Whether a card prints a text-changing field effect under "If …, …" (its result cannot be cached)."""
    hit = _COND_MEMO.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    value = any(conds for ab in d.abilities for _, conds in _text_fx(ab))
    _COND_MEMO[id(d)] = (d, value)
    return value


_COND_MEMO: dict[int, tuple[object, bool]] = {}


def text_layer(s: State, gated) -> dict[str, tuple[Ability, ...]] | None:
    """Every Character's abilities after text-changing effects, or None when no such effect exists now."""
    if _CACHE and _CACHE[0] is s.field and _CACHE[1] is s.defs and _CACHE[4] is s.zones and _CACHE[5] is s.ts_first:
        return _CACHE[3]
    damage = tuple(len(z.damage) for z in s.zones.values())
    if _CACHE and _CACHE[0] is s.field and _CACHE[1] is s.defs and _CACHE[2] == damage and \
            _CACHE[5] is s.ts_first:
        _CACHE[4] = s.zones
        return _CACHE[3]
    result = None
    if any(m.kind in _LAYER_MODS for c in s.field for m in c.mods) or \
            any(_may_change_text(d) for d in (s.card(c.uid) for c in s.field) if d is not None):
        base = {c.uid: gated(s, c.uid) for c in s.field}
        result = apply_all(s, base)[0] if _needs_layer(s, base) else None
    if any(_conditional(d) for d in (s.card(c.uid) for c in s.field) if d is not None):
        _CACHE.clear()           # "If …, …" is re-read on every look at the board (11.9.1): never cached
        return result
    _CACHE[:] = [s.field, s.defs, damage, result, s.zones, s.ts_first]
    return result


def trace(s: State, gated) -> list[tuple[TextEffect, tuple[str, ...]]]:
    """What each text-changing effect applied to, in the order applied (for explanations and tests)."""
    base = {c.uid: gated(s, c.uid) for c in s.field}
    return apply_all(s, base)[1]


def granted(s: State, uid: str, gated) -> bool:
    """Whether a Character now has an ability its card does not print (so its triggers must be looked at)."""
    layer = text_layer(s, gated)
    if layer is None or uid not in layer:
        return False
    printed = gated(s, uid)
    return any(not any(ab is p for p in printed) for ab in layer[uid])


def ties(s: State, gated) -> list[tuple[TextEffect, TextEffect]]:
    """Pairs of text effects from different cards with the same timestamp whose order changes the result.

    The turn player chooses the order of equal timestamps (11.12.4.11); the engine applies board order
    and the ruling says so (`process`), only where the order matters."""
    if text_layer(s, gated) is None:
        return []
    base = {c.uid: gated(s, c.uid) for c in s.field}
    plain, applied = apply_all(s, base)
    out = []
    for i in range(len(applied) - 1):
        a, b = applied[i][0], applied[i + 1][0]
        if a.ts != b.ts or a.source == b.source or (a.cards != (a.source,)) != (b.cards != (b.source,)):
            continue
        if a.source in s.ts_first and b.source in s.ts_first:
            continue                                    # the turn player has ordered these two already
        if apply_all(s, base, (i, i + 1))[0] != plain:
            out.append((a, b))
    return out
