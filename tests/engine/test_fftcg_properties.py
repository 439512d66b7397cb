"""Properties of the FFTCG engine over random legal play (hypothesis).

Random boards from a small pool of cards with real abilities (parsed once from card text), then a
random sequence of actions chosen among those the engine accepts. Whatever happens: no crash, no
card in two zones, and no phase or step ends while something is left on the stack (11.1.7).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.fftcg import board, rules
from judge.engine.fftcg.flow import actions as A
from judge.engine.fftcg.log import Refused
from judge.engine.fftcg.state import State, all_locations, other
from judge.engine.fftcg.zones.cost import Payment, card_cost, check_payment

POOL = {
    "lancer": {"name": "Prop Lancer", "type": "forward", "element": ["fire"], "cost": 3, "power": 7000,
               "text": "First Strike"},
    "scout": {"name": "Prop Scout", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000,
              "text": "Haste"},
    "paladin": {"name": "Prop Paladin", "type": "forward", "element": ["ice"], "cost": 3, "power": 6000,
                "text": "Brave"},
    "archer": {"name": "Prop Archer", "type": "forward", "element": ["ice"], "cost": 2, "power": 4000,
               "text": "When Prop Archer enters the field, choose 1 Forward opponent controls. Deal it 3000 damage."},
    "mage": {"name": "Prop Mage", "type": "forward", "element": ["fire"], "cost": 2, "power": 3000,
             "text": "《火》《ダル》: Choose 1 Forward. Deal it 2000 damage."},
    "clerk": {"name": "Prop Clerk", "type": "backup", "element": ["fire"], "cost": 2, "generic": True, "text": ""},
    "frost": {"name": "Prop Frost", "type": "backup", "element": ["ice"], "cost": 2, "generic": True, "text": ""},
    "bolt": {"name": "Prop Bolt", "type": "summon", "element": ["fire"], "cost": 2, "ex_burst": True,
             "text": "Choose 1 Forward. Deal it 5000 damage."},
    "chill": {"name": "Prop Chill", "type": "summon", "element": ["ice"], "cost": 2,
              "text": "Choose 1 Forward. Dull it and Freeze it."},
    "study": {"name": "Prop Study", "type": "summon", "element": ["ice"], "cost": 1, "text": "Draw 1 card."},
    "ninja": {"name": "Prop Ninja", "type": "forward", "element": ["ice"], "cost": 2, "power": 6000,
              "text": "Back Attack"},
    "hero": {"name": "Prop Hero", "type": "forward", "element": ["fire"], "cost": 3, "power": 7000,
             "text": "[[s]]Prop Slash[[/]] 《S》《火》: Choose 1 Forward opponent controls. Deal it 5000 damage."},
    "banner": {"name": "Prop Banner", "type": "backup", "element": ["fire"], "cost": 2,
               "text": "Forwards you control gain +1000 power."},
    "sage": {"name": "Prop Sage", "type": "forward", "element": ["ice"], "cost": 2, "power": 4000,
             "text": "When Prop Sage enters the field, you may draw 1 card."},
    "phantom": {"name": "Prop Phantom", "type": "forward", "element": ["fire"], "cost": 4, "power": 8000,
                "text": "Warp 1 -- 《火》"},
    "squire": {"name": "Prop Squire", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000,
               "text": "[[i]]Priming \"Prop Hero\" -- [[/]]《火》"},
    "quake": {"name": "Prop Quake", "type": "summon", "element": ["ice"], "cost": 2,
              "text": "Your opponent receives 1 point of damage."},
    "choice": {"name": "Prop Choice", "type": "summon", "element": ["fire"], "cost": 2,
               "text": 'Select 1 of the 2 following actions. "Choose 1 Forward. Deal it 5000 damage." "Draw 2 cards."'},
    "raider": {"name": "Prop Raider", "type": "forward", "element": ["fire"], "cost": 3, "power": 6000,
               "text": "When Prop Raider enters the field, you may discard 1 card. When you do so, choose 1 Forward "
                       "opponent controls. Deal it 8000 damage."},
    "colossus": {"name": "Prop Colossus", "type": "forward", "element": ["ice"], "cost": 5, "power": 9000,
                 "text": "The cost required to cast Prop Colossus is reduced by 1 for each Backup you control."},
    "seer": {"name": "Prop Seer", "type": "forward", "element": ["ice"], "cost": 2, "power": 4000,
             "text": "When Prop Seer enters the field, gain 《C》."},
    # ongoing effects, control, replacement, "cannot be chosen" and Cancel (11.12.4, 6.2.6, 11.12.5, 2.2)
    "charm": {"name": "Prop Charm", "type": "summon", "element": ["ice"], "cost": 2,
              "text": "Choose 1 Forward opponent controls. You gain control of it until the end of the turn."},
    "hush": {"name": "Prop Hush", "type": "summon", "element": ["fire"], "cost": 2,
             "text": "Choose 1 Character. It loses all its abilities until the end of the turn."},
    "veto": {"name": "Prop Veto", "type": "summon", "element": ["ice"], "cost": 2,
             "text": "Choose 1 Summon. Cancel its effect."},
    "banish": {"name": "Prop Banish", "type": "summon", "element": ["fire"], "cost": 2,
               "text": "Choose 1 Forward. Deal it 6000 damage. If it is put from the field into the Break Zone this "
                       "turn, remove it from the game instead."},
    "warden": {"name": "Prop Warden", "type": "forward", "element": ["ice"], "cost": 3, "power": 6000,
               "text": "If Prop Warden is dealt damage, reduce the damage by 2000 instead."},
    "ward": {"name": "Prop Ward", "type": "forward", "element": ["fire"], "cost": 3, "power": 5000,
             "text": "Prop Ward cannot be chosen by your opponent's Summons or abilities."},
}
FORWARDS = ["lancer", "scout", "paladin", "archer", "mage", "ninja", "hero", "sage", "squire", "raider", "colossus",
            "seer", "warden", "ward"]
BACKUPS = ["clerk", "frost"]


@lru_cache(maxsize=1)
def _defs():
    s = board.load({"cards": POOL}, "pool")
    return s.defs


def _board(draw) -> State:
    players = {}
    for p in ("A", "B"):
        players[p] = {
            "deck": [*draw(st.lists(st.sampled_from(list(POOL)), max_size=8)), draw(st.integers(0, 6))],
            "hand": draw(st.lists(st.sampled_from(list(POOL)), max_size=5)),
            "damage": draw(st.integers(0, 5)),
            "field": [{"id": f"{p.lower()}{i}", "card": c, "state": draw(st.sampled_from(["active", "dull"]))}
                      for i, c in enumerate(draw(st.lists(st.sampled_from(FORWARDS + BACKUPS), max_size=4)))],
        }
    data = {"cards": {k: {**v, "text": ""} for k, v in POOL.items()},
            "turn": {"number": 3, "player": "A", "phase": draw(st.sampled_from(["main1", "attack", "main2"]))},
            "players": players}
    s = board.load(data, "random")
    return replace(s, defs=_defs())


def _payments(s: State, p: str, uid: str):
    d = s.card(uid)
    req = card_cost(d.elements, d.cost, d.name)
    hand = [u for u in s.zones[p].hand if u != uid and s.card(u)]
    backups = [c.uid for c in s.controlled(p, ("backup",)) if not c.dull]
    sources = [("d", u) for u in hand] + [("b", u) for u in backups]
    for n in range(0, 4):
        for combo in combinations(sources, n):
            pay = Payment(discard=tuple((u, None) for k, u in combo if k == "d"),
                          dull=tuple(u for k, u in combo if k == "b"))
            try:
                check_payment(s, p, pay, req, casting=uid)
            except Refused:
                continue
            yield pay
            return


def _backups(s: State, p: str):
    for c in s.controlled(p, ("backup",)):
        if not c.dull:
            yield Payment(dull=(c.uid,))


def _candidates(s: State) -> list:
    out: list = []
    if s.awaiting is not None:
        d = s.awaiting
        for o in d.options:
            out.append(A.Choose(player=d.player, values=(o,)))
        out.append(A.Choose(player=d.player, values=("no",)))
        out.append(A.Choose(player=d.player, values=tuple(d.options)))
        return out
    for p in ("A", "B"):
        out.append(A.Pass(player=p))
        for uid in s.zones[p].hand:
            if s.card(uid) is None:
                continue
            for pay in _payments(s, p, uid):
                targets = [c.uid for c in s.field]
                out.append(A.Cast(player=p, card=uid, pay=pay, targets=tuple(targets[:1])))
                out.append(A.Cast(player=p, card=uid, pay=pay, targets=tuple(targets[:1]), mode=("1",)))
                if s.stack:                      # "Choose 1 Summon": the top of the stack
                    out.append(A.Cast(player=p, card=uid, pay=pay, targets=(s.stack[-1].card or s.stack[-1].uid,)))
        for uid in s.zones[p].hand:
            out.append(A.Warp(player=p, card=uid, pay=next(_backups(s, p), Payment())))
        for c in s.controlled(p, ("forward",)):
            out.append(A.Prime(player=p, character=c.uid, pay=next(_backups(s, p), Payment())))
            out.append(A.Attack(player=p, attackers=tuple(x.uid for x in s.controlled(p, ("forward",)))))
            out.append(A.Block(player=p, blocker=c.uid))
            out.append(A.Use(player=p, source=c.uid, pay=Payment(), targets=(c.uid,)))
        out.append(A.Block(player=p, blocker=None))
    out.append(A.EndPhase(player=s.turn_player))
    return out


def _unique(s: State) -> None:
    ids = [u for u, _ in all_locations(s)]
    assert len(ids) == len(set(ids)), f"a card is in two zones: {sorted(ids)}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_fftcg_random_legal_play_keeps_the_game_sound(data) -> None:
    s = _board(data.draw)
    _unique(s)
    for _ in range(data.draw(st.integers(5, 25))):
        if s.winner is not None:
            break
        options = _candidates(s)
        action = options[data.draw(st.integers(0, len(options) - 1))]
        ruling = rules.resolve(s, action)           # never raises
        new = ruling.state
        if ruling.refused is not None:
            assert new is s
            continue
        _unique(new)
        if (new.turn, new.phase, new.step) != (s.turn, s.phase, s.step):
            old_items = {i.uid for i in s.stack}
            assert not old_items & {i.uid for i in new.stack}, "a step ended with the stack not empty"
        s = new
    settled = rules.settle(s).state
    _unique(settled)
    assert settled.winner is not None or settled.awaiting is not None or not settled.stack


def test_fftcg_other_player() -> None:
    assert other("A") == "B" and other("B") == "A"
