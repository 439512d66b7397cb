"""Every FFTCG card of the corpus whose abilities coverage calls executed (judge/engine/fftcg/support.py), used on
a plain board by the kind of each ability, every decision answered `any`: how many runs are clean, say
something is not modelled or not read, leave a decision open, are refused, crash, or never show an ability
that should have triggered. "Executed" should mean the engine runs it; this checks that claim.

The kinds: `summon` (cast it, paying CP with Backups and discards), `enters` (cast the Character: "when X
enters the field"), `attacks` / `deals_damage` (attack with it, unblocked), `is_blocked` (attack, the opponent
blocks), `blocks` (the opponent attacks, it blocks), `breaks` (a Summon breaks it: "put from the field into
the Break Zone", "leaves the field"), `action` / `special` (use each ability, a card of the same name discarded
for 《S》), `field` (on the field while both players' Characters are asked what they can do) and `ex_burst`
(it is dealt as damage from the top of the deck). The probe's own cards (Backups to pay, cards to discard, the
Summon that breaks) are invented, plain cards. Reasons are printed with card numbers only.

Run from the project root with a card database holding the corpus (JUDGE_DB, `judge cards import`):
    python bench/bench_probe_fftcg.py [--only KIND] [--limit N] [--top N]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import sys
from pathlib import Path
from typing import Any

from probe_fftcg_fit import fit
from probe_run import Tally, outcome, run_answering

from judge.cards.importers import read_cards
from judge.engine.fftcg.effects import changes
from judge.engine.fftcg.effects.run import choose_slots, option_count, select_modes, summon_effects
from judge.engine.fftcg.log import Log, Refused
from judge.engine.fftcg.query import candidates
from judge.engine.fftcg.zones import extracost
from judge.engine.fftcg.zones.cost import ability_cost, card_cost, cast_req
from judge.engine.fftcg.zones.xvalue import x_cost
from judge.engine.scenario import run_scenario, scenario_from_data
from judge.engine.support import unexecuted
from judge.text.ast import AbilityKind, Conditional, Modal, Selector, walk
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "fftcg-cards.json"
ELEMENTS = ("fire", "ice", "wind", "earth", "lightning", "water")
#: the probe's own plain cards: a Backup and a Forward of each Element (CP, discards), a Summon that breaks
PLAIN: dict[str, dict[str, Any]] = {
    **{f"pb_{e}": {"name": f"Probe {e.title()} Backup", "type": "backup", "element": [e], "cost": 1,
                   "generic": True, "text": ""} for e in ELEMENTS},
    **{f"pf_{e}": {"name": f"Probe {e.title()} Forward", "type": "forward", "element": [e], "cost": 1,
                   "power": 5000, "generic": True, "text": ""} for e in ELEMENTS},
    "pbig": {"name": "Probe Wall", "type": "forward", "element": ["earth"], "cost": 1, "power": 20000,
             "generic": True, "text": ""},
    "pbreak": {"name": "Probe Breaker", "type": "summon", "element": ["fire"], "cost": 0, "text":
               "Choose 1 Character. Break it."},
}
#: auto-ability timings a probe run raises for the card itself, by the kind of run
TIMING_KINDS = {"enters_field": "enters", "attacks": "attacks", "deals_damage": "deals_damage",
                "is_blocked": "is_blocked", "blocks": "blocks", "put_into_break_zone": "breaks",
                "leaves_field": "breaks"}


def payment(elements: tuple[str, ...], total: int, need: dict[str, int],
            discards_only: bool = False, most: int = 5) -> tuple[list[str], list[str]]:
    """Backups (by probe card key) and discards that pay `total` CP with `need` of each Element, exactly
    (5.2.1.3.1): Backups for up to five CP, the rest discarded two CP at a time (all of it discarded when the
    cost reads the Characters on the board)."""
    first = next(iter(need), next((e for e in elements if e in ELEMENTS), "fire"))
    dem = dict(need) or {first: 0}
    dem[first] = dem.get(first, 0) + total - sum(need.values())
    backups: list[str] = []
    discards: list[str] = []
    room = 0 if discards_only else most - sum(1 for e, n in dem.items() if e != first and n > 0)
    for e, n in dem.items():
        if e == first and n > room:
            k = math.ceil((n - room) / 2) if room > 0 else math.ceil(n / 2)
            discards += [f"pf_{e}"] * k
            n = max(0, n - 2 * k)
        backups += [f"pb_{e}"] * n
    return backups, discards


def printed_req(card: Any, kind: str, ab: Any) -> Any:
    """The CP the use costs as printed (None: nothing to pay)."""
    if kind in ("summon", "enters"):
        return card_cost(card.colors, card.cost or 0, card.name)
    if kind in ("action", "special") and ab is not None and ab.cost is not None:
        return ability_cost(x_cost(ab.cost.cp, 1 if ab.cost.x else None), "probe")
    return None


def board(card: Any, kind: str, ab_index: int = 0, ab: Any = None, req: Any = None,
          discards_only: bool = False) -> dict[str, Any]:
    """A plain board for one use of the card: A holds it (in hand, on the field or on top of the deck), with
    Backups and discards to pay `req`, a Forward of its own, two opposing Forwards and a Backup."""
    num = card.number
    els = tuple(e for e in card.colors if e in ELEMENTS)
    most = 4 if card.type == "backup" else 5     # five Backups at most, the card among them (7.7.4)
    backups, discards = payment(els, req.total, dict(req.need), discards_only, most) if req is not None else ([], [])
    a_field = [{"id": f"pay{i}", "card": b} for i, b in enumerate(backups)]
    hand = [{"id": f"cp{i}", "card": d} for i, d in enumerate(discards)]
    pay = {"dull": [x["id"] for x in a_field], "discard": [x["id"] for x in hand]}
    a_field.append({"id": "af", "card": "pf_fire"})
    if len(backups) < most:            # a Backup of its own Element, beside those that pay, for costs that use one
        a_field.append({"id": "spare", "card": f"pb_{els[0] if els else 'fire'}"})
    hand += [{"id": "h1", "card": f"pf_{els[0] if els else 'fire'}"}, {"id": "h2", "card": "pf_ice"}]
    b_field = [{"id": "b1", "card": "pf_water"}, {"id": "b2", "card": "pbig", "state": "dull"},
               {"id": "b3", "card": "pb_water"}]
    turn = {"number": 4, "player": "A", "phase": "main1"}
    deck: Any = 10
    a_deck: Any = 10
    actions: list[dict[str, Any]] = []
    me = {"id": "me", "card": num}
    if kind in ("summon", "enters"):
        hand.append(me)
        actions.append({"player": "A", "cast": "me", "pay": pay})
    elif kind == "ex_burst":
        a_deck = {"top": [me], "count": 9}
        turn = {"number": 5, "player": "B", "phase": "attack"}
        actions += [{"player": "B", "attack": "b1"}, {"player": "A", "no_block": True}]
    else:
        a_field.append(me)
        if kind in ("attacks", "deals_damage", "is_blocked"):
            turn["phase"] = "attack"
            actions.append({"player": "A", "attack": "me"})
            actions.append({"player": "B", "block": "b1"} if kind == "is_blocked" or _to_forward(ab, kind) else
                           {"player": "B", "no_block": True})
        elif kind == "blocks":
            turn = {"number": 5, "player": "B", "phase": "attack"}
            actions += [{"player": "B", "attack": "b1"}, {"player": "A", "block": "me"}]
        elif kind == "breaks":
            hand.append({"id": "brk", "card": "pbreak"})
            actions.append({"player": "A", "cast": "brk", "targets": ["me"]})
        elif kind in ("action", "special"):
            if kind == "special":
                hand.append({"id": "same", "card": num})
                pay["special"] = "same"
            actions.append({"player": "A", "use": "me", "ability": ab_index, "pay": pay})
            if ab is not None and ab.cost is not None and ab.cost.x:
                actions[-1]["x"] = 1
        elif kind == "field":
            turn["phase"] = "attack"
            actions.append({"player": "A", "attack": "af"})
    return {"game": "fftcg", "title": "probe", "cards": PLAIN, "turn": turn,
            "players": {"A": {"deck": a_deck, "hand": hand, "field": a_field, "crystals": 3,
                              "break": ["pf_fire", "pb_fire"]},
                        "B": {"deck": deck, "hand": ["pf_water", "pf_water"], "field": b_field,
                              "break": ["pf_water", "pb_water"]}},
            "actions": actions, "expect": [{"winner": None}]}


def _to_forward(ab: Any, kind: str) -> bool:
    """"When X deals damage to a Forward": its attack is blocked, so that its damage is dealt to a Forward."""
    trig = getattr(ab, "trigger", None)
    return kind == "deals_damage" and trig is not None and any(
        e.kind == "deals_damage" and e.to and e.to_player is None for e in trig.events)


def uses(card: Any, abilities: tuple) -> list[tuple[str, int, Any]]:
    """The probe runs a card calls for: (kind, index among its action / special abilities, the ability)."""
    out: list[tuple[str, int, Any]] = []
    activ = [a for a in abilities if a.kind in (AbilityKind.ACTION, AbilityKind.SPECIAL)]
    if card.type == "summon":
        out.append(("summon", 0, None))
    for a in abilities:
        if a.kind in (AbilityKind.ACTION, AbilityKind.SPECIAL):
            out.append((a.kind.value, activ.index(a), a))
        elif a.kind in (AbilityKind.AUTO, AbilityKind.TRIGGERED):
            for t in (a.timing or "").split("|"):
                if t in TIMING_KINDS:
                    out.append((TIMING_KINDS[t], 0, a))
        elif a.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and card.type != "summon":
            out.append(("field", 0, a))
        if "ex_burst" in a.restrictions:
            out.append(("ex_burst", 0, a))
    seen: set = set()
    kept = []
    for u in out:
        key = (u[0], u[1]) if u[0] in ("action", "special") else u[0]
        if key not in seen:
            seen.add(key)
            kept.append(u)
    return kept


def _written_conditional(ab: Any) -> bool:
    """"(trigger event), if (condition), (effect)" (11.8.13): the ability is one "if" with nothing chosen before it.
    The probe reads this itself rather than asking the engine, whose answer it checks."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], Conditional) or ab.effects[0].instead:
        return False
    e = ab.effects[0]
    return e.selects or not any(isinstance(n, Selector) and n.choose == "choose" and not n.self_ref and n.ref is None
                                for x in e.effects for n in walk(x))


def _expects_trigger(ab: Any, timing: str) -> bool:
    """An auto-ability of the card's own event with no condition: the run should show it resolve."""
    return ab is not None and ab.condition is None and not _written_conditional(ab) and \
        (ab.trigger_on is None or ab.trigger_on.self_ref) and timing in TIMING_KINDS


def _targets(s: Any, effects: tuple, source: str) -> list[str]:
    """The first legal targets of each "choose" of the effects, as the engine lists them (what `any` takes)."""
    out: list[str] = []
    for sel in choose_slots(effects):
        legal = changes.choosable(s, [u for u in candidates(s, sel, "A", source) if u != source or sel.zone],
                                  "A", source)
        out += legal[:sel.count if sel.count is not None else len(legal)]
    return out


def _fitted(card: Any, kind: str, index: int, ab: Any, req: Any, discards_only: bool = False) -> dict[str, Any]:
    """The plain board, with what the ability's AST asks for added (probe_fftcg_fit.py)."""
    data = board(card, kind, index, ab, req, discards_only)
    st = scenario_from_data(data, "probe").state
    lb = st.card("me").lb_cost
    if kind in ("summon", "enters") and lb is not None:
        _from_lb_deck(data, lb, card.number)
    effects = summon_effects(st, "me") if kind == "summon" else (ab.effects if ab is not None else ())
    return fit(data, card, kind, ab, effects)


def _from_lb_deck(data: dict[str, Any], lb: int, number: str) -> None:
    """A Limit Break card is cast from the LB deck, its LB cost paid by turning that many other face-down LB
    cards face up (15.2.8.3.2): it and `lb` plain cards go to the LB deck, the cast says so."""
    a = data["players"]["A"]
    a["hand"] = [h for h in a["hand"] if not (isinstance(h, dict) and h.get("id") == "me")]
    a["lb_deck"] = [{"id": "me", "card": number},
                    *({"id": f"lb{i}", "card": "pf_fire"} for i in range(lb))]
    cast = next(x for x in data["actions"] if x.get("cast") == "me")
    cast["from"] = "lb"
    cast["pay"] = {**cast["pay"], "lb": [f"lb{i}" for i in range(lb)]}



def _cost_options(st: Any, req: Any) -> Any:
    """The cost once `any` has said yes to the card's own alternative cost or its extra cost / reduction (the
    engine asks as the card is cast, zones/extracost.py), when they are only CP and Crystals the board has."""
    alt = extracost.alternative_cost(st, "me", "A", Log())
    if alt is not None and not alt.effects and alt.crystal <= st.crystals_of("A"):
        req = ability_cost(alt.cp, "the alternative cost")
    extra = extracost.offered(st, "me")
    if extra is not None and not extra.moves and extra.crystal <= st.crystals_of("A") and \
            (alt is None or alt.effects or alt.crystal + extra.crystal <= st.crystals_of("A")):
        total = max(0, req.total + extra.cp - extra.reduce)
        need = () if total == 0 else req.need
        req = dataclasses.replace(req, total=max(total, sum(n for _, n in need)), need=need)
    return req


def prepared(card: Any, kind: str, index: int, ab: Any) -> dict[str, Any]:
    """The board, with the cost the engine asks on it (cost changes read from the board, 11.4.4: paid again on
    the board that cost builds, at most three times), the first options declared and the first legal targets."""
    req = printed_req(card, kind, ab)
    data = _fitted(card, kind, index, ab, req)
    for _ in range(3):
        if kind not in ("summon", "enters"):
            break
        st = scenario_from_data(data, "probe").state
        real = _cost_options(st, cast_req(st, "me", "A", Log()))
        if (real.total, real.need) == (req.total, req.need):
            break
        req = real
        data = _fitted(card, kind, index, ab, req, discards_only=True)
    if kind in ("summon", "action", "special"):
        with contextlib.suppress(Refused):      # the run itself says why (no options, no targets)
            _declare(data, kind, ab)
    return data


def _declare(data: dict[str, Any], kind: str, ab: Any) -> None:
    """Declare the first options of a "select" and the first legal targets on the action (11.3.3-11.3.4), on
    the board the actions before it (an attack, a block) leave."""
    before = {**data, "actions": data["actions"][:-1]}
    st = run_scenario(scenario_from_data(before, "probe")).state if before["actions"] else \
        scenario_from_data(data, "probe").state
    effects = summon_effects(st, "me") if kind == "summon" else ab.effects
    effects = option_count(st, effects, "A", "me", "summon_modes_count", Log())
    modal = next((e for e in effects if isinstance(e, Modal)), None)
    act = data["actions"][-1]
    if modal is not None:
        act["mode"] = list(range(1, modal.count + 1))
        effects, _ = select_modes(effects, tuple(map(str, act["mode"])), "probe", "summon_modes")
    picked = _targets(st, effects, "me")
    if picked:
        act["targets"] = picked


def _triggered(step: Any, wanted: set[str]) -> bool:
    """A step where the card's ability resolves, or triggers (it may then leave the stack unresolved, 11.8.4)."""
    if step.fired is not None and step.fired.split("#")[0] == "me":
        return bool(wanted & set((step.timing or "").split("|")))
    return "11.8.3" in step.cites and "(me)" in step.text


def probe(card: Any, kind: str, index: int, ab: Any) -> tuple[str, str]:
    res = run_answering(prepared(card, kind, index, ab), midway="must decide while this action is carried out")
    result, reason = outcome(res)
    if result == "clean" and ab is not None and ab.kind in (AbilityKind.AUTO, AbilityKind.TRIGGERED):
        wanted = {t for t in (ab.timing or "").split("|") if TIMING_KINDS.get(t) == kind}
        if any(_expects_trigger(ab, t) for t in wanted) and not any(_triggered(t.step, wanted) for t in res.steps):
            return "never triggered", "/".join(sorted(wanted))
    return result, reason


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="probe one kind of use only")
    ap.add_argument("--limit", type=int, default=0, help="probe the first N executed cards only")
    ap.add_argument("--top", type=int, default=40, help="reasons to print")
    ap.add_argument("--cards", default="", help="probe these card numbers only (comma-separated)")
    args = ap.parse_args()
    if not CORPUS.is_file():
        print(f"skipped: {CORPUS} is absent", file=sys.stderr)
        return 0
    every = read_cards(str(CORPUS), "fftcg", None)
    lex = Lexicon.from_cards(every)
    tally = Tally()
    n = 0
    for c in every:
        if args.cards and c.number not in args.cards.split(","):
            continue
        r = parse_text(c.text, "fftcg", name=c.name, lexicon=lex)
        if r.unparsed or any(unexecuted("fftcg", a) for a in r.abilities):
            continue
        n += 1
        if args.limit and n > args.limit:
            break
        for kind, index, ab in uses(c, tuple(r.abilities)):
            if args.only and kind != args.only:
                continue
            try:
                result, reason = probe(c, kind, index, ab)
            except Exception as e:      # a crash is what this bench reports, card by card
                result, reason = "crash", repr(e)[:200]
            tally.add(kind, result, reason, c.number)
    print("executed cards probed", min(n, args.limit or n))
    print(tally.report(args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
