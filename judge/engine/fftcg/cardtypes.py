"""Effects that change a card's type or name (11.12.4.6, kind 3): "X also becomes a Forward with N power"
(during your turn, while a condition holds, or until the end of the turn), "X is also a Monster in all
situations", "X is also Card Name Y in all situations".

The card keeps what it printed and gains the new type (a Monster that also becomes a Forward can attack and
be chosen as a Forward, 5.2.3.1.1.2, and has the power the effect gives it, 5.2.6.1); such effects apply
before the other information and power changes (11.12.4.6), so every reading of a card's types, names and
base power goes through here. Only changes a card makes to itself are read ("X also becomes …"): the grammar
gives no other kind, and `support` reports one that names other cards.
"""

from __future__ import annotations

from judge.engine.fftcg.ongoing import is_type_change
from judge.engine.fftcg.state import CHARACTER_TYPES, CardDef, State
from judge.text.ast import AbilityKind


def _norm(name: str) -> str:
    return " ".join(name.replace("_", " ").split()).lower()


def _printed_changes(d: CardDef) -> bool:
    """Whether a card prints a type or name change for itself (memoized per definition)."""
    from judge.engine.fftcg.query import _per_card

    def compute(d: CardDef) -> bool:
        from judge.text.ast import walk

        return any(is_type_change(n) for ab in d.abilities for n in walk(ab.effects))
    return _per_card("type_change", d, compute)


def changes(s: State, uid: str) -> list[tuple[str, tuple[str, ...], int]]:
    """(kind, params, timestamp) of every type or name change applying to a card now: "becomes forward" with
    the power, or "also" with a Character type or a name."""
    from judge.engine.fftcg.query import gated, live, printed

    d = s.card(uid)
    if d is None:
        return []
    out = [("also", tuple(e.keyword.params), 0) for ab in printed(s, uid) for e in ab.effects
           if is_type_change(e) and _norm(e.keyword.name) == "also" and e.target.self_ref]   # "in all situations"
    c = s.char(uid)
    if c is None:
        return out
    out += [(_norm(m.value[0]), tuple(m.value[1]), m.ts) for m in c.mods if m.kind == "type"]
    lost = any(m.kind == "lose_all" for m in c.mods)
    if _printed_changes(d) and not lost:   # its own field abilities (Damage N gated, "If …" while it holds,
        #                                    11.9.1), read without the text layer, which itself asks for card
        #                                    types; a resolved "loses all its abilities" ends them (11.12.4.6)
        out += [(_norm(e.keyword.name), tuple(e.keyword.params), c.ts) for ab in gated(s, uid)
                if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and ab.cost is None
                for e in live(s, ab.effects, c.controller, uid)
                if is_type_change(e) and e.target.self_ref and _norm(e.keyword.name) != "also"]
    return out


def types_of(s: State, uid: str) -> frozenset[str]:
    """The card types a card has now: the printed one and any it also has (11.12.4.6, kind 3)."""
    d = s.card(uid)
    if d is None:
        return frozenset()
    c = s.char(uid)
    if c is not None and not c.mods and not _printed_changes(d):
        return frozenset((d.type,))
    out = {d.type}
    for kind, params, _ in changes(s, uid):
        if kind == "becomes forward":
            out.add("forward")
        elif kind == "also":
            out.update(also_values(params, "card_type"))
    return frozenset(out)


#: what "X is also …" can add (the Keyword "Also" params are (what, kind)): a name, a Job, a card type (5.2.4)
ALSO_KINDS = frozenset({"card_name", "job", "card_type"})


def also_values(params: tuple[str, ...], kind: str) -> tuple[str, ...]:
    """The values of one kind an "also" change adds: (what, kind) with what comma-separated; a change recorded
    with its value alone is a card type when it names one, else a name."""
    if len(params) >= 2:
        return tuple(v.strip() for v in params[0].split(",") if v.strip()) if params[1] == kind else ()
    if not params:
        return ()
    return (params[0],) if (params[0] in CHARACTER_TYPES) == (kind == "card_type") and kind != "job" else ()


def _also(s: State, uid: str, kind: str) -> tuple[str, ...]:
    d = s.card(uid)
    c = s.char(uid)
    if d is None or (not _printed_changes(d) and (c is None or not c.mods)):
        return ()
    return tuple(v for k, p, _ in changes(s, uid) if k == "also" for v in also_values(p, kind))


def also_names(s: State, uid: str) -> tuple[str, ...]:
    """Names a card also has ("is also Card Name Y in all situations", 5.2.4)."""
    return _also(s, uid, "card_name")


def also_jobs(s: State, uid: str) -> tuple[str, ...]:
    """Jobs a card also has ("is also Job Y in all situations"), lower case."""
    return tuple(j.lower() for j in _also(s, uid, "job"))


def forward_power(s: State, uid: str) -> int | None:
    """The power a card that also becomes a Forward has (the latest such effect), or None."""
    d = s.card(uid)
    c = s.char(uid)
    if d is None or c is None or (not c.mods and not _printed_changes(d)):
        return None
    found = sorted((ts, int(p[0])) for kind, p, ts in changes(s, uid)
                   if kind == "becomes forward" and p and p[0].lstrip("-").isdigit())
    return found[-1][1] if found else None


__all__ = ["ALSO_KINDS", "also_jobs", "also_names", "also_values", "changes", "forward_power", "types_of"]
