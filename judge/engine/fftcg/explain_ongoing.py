"""`judge explain` lines for ongoing effects: text changes in the order they apply, control, replacements.

A judge asked "does it still have Haste?" or "whose Break Zone does it go to?" needs the order the
text-changing effects were applied in (11.12.4.6-11.12.4.13), who controls what a player does not own
(6.2.6), which replacement effects wait for which event (11.12.5), and what each field ability on the field
does now (11.9.1), in the words and clauses of the reader that applies it (`fieldreads`), or that none does.
"""

from __future__ import annotations

from judge.engine.core import Applies
from judge.engine.fftcg import fieldreads, ongoing, replacement
from judge.engine.fftcg.clauses import cite
from judge.engine.fftcg.query import field_effects, gated
from judge.engine.fftcg.state import State
from judge.text.ast import ModifyStat, Restriction

_DOES = {"lose_all": "loses all abilities", "lose_kw": "loses {v}", "keyword": "gains {v}",
         "ability": 'gains "{v}"'}
_EVENT = {replacement.DAMAGE: "is dealt damage", replacement.TO_BREAK: "would be put into the Break Zone"}


def _what(fx: ongoing.TextEffect) -> str:
    value = fx.value.text if fx.kind == "ability" else str(fx.value).title()
    return _DOES[fx.kind].format(v=value)


def _field_lines(s: State) -> list[Applies]:
    """Each field ability's effect applying now: what its reader does with it (11.9.1), or "not modelled"."""
    out: list[Applies] = []
    for src, e in field_effects(s):
        if not isinstance(e, Restriction | ModifyStat):
            continue                      # text changes, replacements and conditions are listed on their own
        entry = fieldreads.applied(e)
        if entry is None:
            out.append(Applies(f"Field ability of {s.name_of(src.uid)}: not modelled ({fieldreads.key_of(e)[0]} "
                               f"{' '.join(fieldreads.key_of(e)[1:]).strip()}): apply it by hand", cite("field_ability"),
                               (src.uid,)))
        elif entry.meaning:
            out.append(Applies(f"Field ability of {s.name_of(src.uid)}: {entry.meaning}",
                               cite("field_ability", *entry.concepts), (src.uid,)))
    return out


def lines(s: State) -> list[Applies]:
    """What ongoing effects do on this board now, each with its clauses."""
    out: list[Applies] = []
    if ongoing.text_layer(s, gated) is not None:
        for n, (fx, cards) in enumerate(ongoing.trace(s, gated), 1):
            src = s.name_of(fx.source) if fx.source in s.objs else fx.source
            to = ", ".join(s.name_of(u) for u in cards)
            did = f"{to} {_what(fx)}" if cards else f'"{_what(fx)}" applies to nothing: its source lost the ability first'
            origin = "field ability" if fx.ability is not None else "resolved effect"
            out.append(Applies(f"Text change {n} ({origin} of {src}, timestamp {fx.ts}): {did}",
                               cite("ongoing_order", "dependency", "timestamp_resolved"), cards))
    for c in s.field:
        owner = s.objs[c.uid].owner
        if c.controller != owner:
            out.append(Applies(f"{s.name_of(c.uid)} is controlled by {c.controller} but owned by {owner}: it goes "
                               f"to {owner}'s zones when it leaves the field", cite("control_change", "owner_zone"),
                               (c.uid,)))
    out += _field_lines(s)
    for r in replacement.active(s):
        whom = s.name_of(r.card) if r.card else "a card it applies to"
        out.append(Applies(f"Replacement effect ({r.label}): when {whom} {_EVENT.get(r.event, r.event)}, it applies "
                           f"instead{' (once)' if r.once is not None else ''}", cite("replacement", "replacement_once"),
                           tuple(u for u in (r.card, r.source) if u and u in s.objs)))
    return out
