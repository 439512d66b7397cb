""""With 【keyword】" on the field (10-13-1): a card has a keyword only at a level where the effect
giving it is active, so an effect about "your spirits with 【Curse】" passes over a spirit whose
【Curse】 starts at a higher level than it has now. Where an active constant effect on the field
would otherwise apply to a card, the judge is told why it does not.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive, select
from judge.engine.bs.ctx import Ctx, name_of
from judge.text import ast
from judge.text.ast import AbilityKind


def note_unmet(ctx: Ctx, cid: str) -> None:
    """Log each active constant effect that skips `cid` only because its keyword is not active yet."""
    state = ctx.state
    for p in state.players.values():
        for fc in p.field:
            for _idx, ab in derive.active_abilities(state, fc.id):
                if ab.kind != AbilityKind.CONSTANT or not derive.constant_active(state, fc.id, ab):
                    continue
                for eff in ab.effects:
                    sel = getattr(eff, "target", None)
                    if not isinstance(sel, ast.Selector) or not sel.with_keyword:
                        continue
                    levels = select.printed_elsewhere(state, cid, sel.with_keyword)
                    if not levels or not select.matches(state, cid, replace(sel, with_keyword=None), fc.id) or \
                            state.controller(cid) not in select.whose(p.name, sel.owner, state):
                        continue
                    ctx.log(f"{name_of(state, cid)} has 【{sel.with_keyword}】 only at LV"
                            f"{'/'.join(map(str, sorted(set(levels))))}; at LV{derive.level(state, cid)} it is not "
                            f"a spirit with 【{sel.with_keyword}】, so {name_of(state, fc.id)}'s effect does not "
                            "apply to it", "do.with_keyword")


__all__ = ["note_unmet"]
