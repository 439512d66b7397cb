"""【Bloodcurse】: a keyword the Saga Comprehensive Rules 1.7.0 do not define (its concept cites
nothing); the publisher's official answer on the card that carries it defines it, and this module
follows that definition: when a spirit with Bloodcurse would be destroyed by comparing BP or by an
effect of the opponent, its controller may put one core from the opponent's life into the
opponent's trash and one core from the spirit into their own trash, and the spirit stays on the
field refreshed instead (a substitution, 10-1-3-2 / 8-9-1). Left without cores by that payment,
the spirit is then destroyed for want of LV1 cores, by its controller's own payment (9-3-2).
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.effects.replace import KEYWORD_SUBSTITUTES
from judge.engine.bs.keywords import registry as keywords
from judge.engine.bs.state import Orientation, with_field_card, with_player

keywords.register(keywords.KeywordRule(
    "Bloodcurse", "substitution", ("kw.bloodcurse", "do.destroy_substitute"),
    "when it would be destroyed by comparing BP or by the opponent's effect, you may put a core of the opponent's "
    "life and a core of it into their owners' trashes to keep it on the field refreshed (not in the Saga rules "
    "document: defined by the official ruling)"))


@KEYWORD_SUBSTITUTES.register("Bloodcurse", concepts=("kw.bloodcurse", "do.destroy_substitute"),
                              meaning="keep the spirit, paying a core of the opponent's life and one of its own",
                              run=lambda ctx, cid, several: use(ctx, cid, several))
def applies(ctx: Ctx, cid: str, cause: str, by: str | None) -> bool:
    """By comparing BP, or by an effect of the opponent (also one that removes its cores, 9-3-2-1)."""
    ctrl = ctx.state.controller(cid)
    if ctrl is None or ctx.state.players[ctx.state.opponent(ctrl)].life < 1:
        return False
    return cause == "battle" or (cause in ("effect", "cores") and by is not None and by != ctrl)


def use(ctx: Ctx, cid: str, several: bool = False) -> bool:
    """Its controller decides; if used, the two cores move and the spirit stays, refreshed."""
    ctrl = ctx.state.controller(cid)
    assert ctrl is not None
    opp = ctx.state.opponent(ctrl)
    if not ctx.ask_yes_no(f"{ctrl}: use 【Bloodcurse】 of {name_of(ctx.state, cid)} so that it is not destroyed "
                          f"(a core of {opp}'s life to {opp}'s trash, a core of it to {ctrl}'s trash)?",
                          "kw.bloodcurse", "effect.substitution", "effect.may", player=ctrl):
        ctx.log(f"{ctrl} does not use 【Bloodcurse】", "effect.may")
        return False
    ctx.log(f"{name_of(ctx.state, cid)} would be destroyed: 【Bloodcurse】 applies instead, so the destruction never "
            "happens and nothing triggers on it", "kw.bloodcurse", "do.destroy_substitute", "effect.substitution",
            *(("effect.substitution_one",) if several else ()))
    o = ctx.state.players[opp]
    ctx.state = with_player(ctx.state, replace(o, life=o.life - 1, trash_cores=o.trash_cores + 1))
    ctx.log(f"One core of {opp}'s life goes to {opp}'s trash (life {o.life} → {o.life - 1})", "kw.bloodcurse",
            "area.owner")
    _one_core_to_trash(ctx, ctrl, cid)
    fc = ctx.state.field_card(cid)
    if fc is not None and fc.orientation != Orientation.REFRESHED:
        from judge.engine.bs.flow import management

        management.set_orientation(ctx, fc, Orientation.REFRESHED)
    ctx.log(f"{name_of(ctx.state, cid)} stays on the field, refreshed", "kw.bloodcurse", "effect.substitution")
    return True


def _one_core_to_trash(ctx: Ctx, ctrl: str, cid: str) -> None:
    """One core of the spirit to its controller's trash: the soul core only when it is the only one
    there, or when the controller picks it (8-5-6)."""
    fc = ctx.state.field_card(cid)
    p = ctx.state.players[ctrl]
    soul_here = p.soul_core == cid
    soul = soul_here and fc.cores == 0
    if soul_here and fc.cores > 0:
        soul = ctx.ask(f"{ctrl} chooses whether a core or the soul core of {name_of(ctx.state, cid)} goes to the trash "
                       "for 【Bloodcurse】", "core.which", player=ctrl, options=("core", "soul_core"),
                       kind="cores") in ("soul_core", "soul", "soul core")
    if soul:
        ctx.state = with_player(ctx.state, replace(p, soul_core="trash"))
    elif fc.cores > 0:
        ctx.state = with_field_card(ctx.state, replace(fc, cores=fc.cores - 1))
        p = ctx.state.players[ctrl]
        ctx.state = with_player(ctx.state, replace(p, trash_cores=p.trash_cores + 1))
    ctx.core_cause[cid] = ("self", ctrl)           # its controller's own payment (9-3-2)
    ctx.log(f"{'The soul core' if soul else 'One core'} of {name_of(ctx.state, cid)} goes to {ctrl}'s trash",
            "kw.bloodcurse", "core.which")


__all__ = ["applies", "use"]
