"""Scenario YAML (the `game: fftcg` contract of issue 6) → a starting State and typed actions.

Every problem is a ScenarioError naming the file and the field (`players.A.field[1].state`).
Card text is parsed by the card grammar (`judge.text.parse.parse_text`); text the grammar cannot
read is an error here, so the engine never guesses what a card does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.fftcg.flow import actions as A
from judge.engine.fftcg.state import (
    ELEMENTS,
    PLAYERS,
    AttackStep,
    CardDef,
    CardObj,
    Character,
    Phase,
    State,
    Zones,
)
from judge.engine.fftcg.zones.cost import Payment
from judge.errors import ScenarioError, nearest
from judge.limits import check_count

#: whose printed cards an FFTCG board names by number (the engine's `Rules.printings`)
PRINTINGS = ("fftcg",)
CARD_KEYS = frozenset({"name", "type", "element", "elements", "cost", "power", "job", "category", "text",
                       "generic", "ex_burst", "limit_break", "number"})
PLAYER_KEYS = frozenset({"damage", "deck", "hand", "break", "lb_deck", "removed", "field", "crystals"})
FIELD_KEYS = frozenset({"id", "card", "state", "damage", "entered_this_turn", "frozen", "controller", "primed",
                        "attacked", "counters"})
ACTION_KEYS = frozenset({"player", "cast", "attack", "block", "no_block", "use", "ability", "pay", "targets",
                         "pass", "choose", "end_phase", "end_turn", "warp", "prime", "from", "concede", "note", "mode",
                         "loop", "answers", "x", "order"})


def _err(where: str, msg: str, hints: tuple[str, ...] = ()) -> ScenarioError:
    return ScenarioError(f"{where}: {msg}", hints=hints)


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _err(where, f"must be a whole number of 0 or more, not {value!r}")
    return value


def _check_card(raw: Any, where: str) -> None:
    """The shape of an inline card: a mapping of known fields, each holding its kind of value."""
    from judge.engine.cards import COST, FLAG, TEXT, TEXTS, WHOLE, check_card_fields

    if not isinstance(raw, Mapping):
        raise _err(where, "a card is a mapping with name, type, element, cost …")
    bad = sorted(set(map(str, raw)) - CARD_KEYS)
    if bad:
        raise _err(where, f"unknown card field {bad[0]!r}", tuple(sorted(CARD_KEYS)))
    check_card_fields(raw, {"name": TEXT, "type": TEXT, "element": TEXTS, "elements": TEXTS, "cost": COST,
                            "power": WHOLE, "job": TEXTS, "category": TEXTS, "text": TEXT, "generic": FLAG,
                            "ex_burst": FLAG, "limit_break": WHOLE, "number": TEXT}, where,
                      strict_text=("text", "job", "category", "type", "element", "elements"))


def _card(key: str, raw: Any, where: str, lexicon: Any = None) -> CardDef:
    _check_card(raw, where)
    elements = raw.get("element", raw.get("elements"))
    if isinstance(elements, str):
        elements = [elements]
    if not isinstance(elements, list) or not elements:
        raise _err(f"{where}.element", f"give the Element(s) as a list, e.g. [fire] (one of {', '.join(ELEMENTS)})")
    elements = [str(e).lower() for e in elements]
    text = str(raw.get("text") or "")
    abilities = _parse(text, f"{where}.text", str(raw.get("name") or ""), lexicon)
    lb = raw.get("limit_break")
    x_cost = str(raw.get("cost", "")).strip().upper() == "X"     # a variable cost (4.5)
    for ab in abilities:
        if ab.keyword is not None and ab.keyword.name.lower() == "limit break" and ab.keyword.params:
            lb = int(ab.keyword.params[0])
    try:
        return CardDef(key=key, name=str(raw.get("name") or key), type=str(raw.get("type", "")).lower(),
                       elements=tuple(elements), cost=0 if x_cost else _int(raw.get("cost", 0), f"{where}.cost"),
                       x_cost=x_cost,
                       power=raw.get("power"), job=str(raw.get("job") or ""), category=str(raw.get("category") or ""),
                       generic=bool(raw.get("generic", False)), ex_burst=_ex_burst(raw, abilities),
                       lb_cost=int(lb) if lb is not None else None, abilities=abilities, text=text)
    except ValueError as exc:
        raise _err(where, str(exc)) from exc


def _ex_burst(raw: Mapping[str, Any], abilities: tuple) -> bool:
    """Whether an ad-hoc card is marked with the EX Burst icon (11.10.1): as its `ex_burst` field says, else
    as its text shows it (an ability read with the EX BURST marker), as the card importer reads a real card."""
    if raw.get("ex_burst") is not None:
        return bool(raw["ex_burst"])
    return any("ex_burst" in ab.restrictions for ab in abilities)


def _parse(text: str, where: str, name: str = "", lexicon: Any = None) -> tuple:
    """A card text's abilities, read once per process by the kernel's card reader (`judge.engine.cards`),
    with the card's own name known (5.2.4.1: the text names the card itself) and the names, Jobs and
    Categories the text may use plainly (`lexicon`, judge.text.lexicon; None: the card database's)."""
    if not text.strip():
        return ()
    from judge.engine.cards import parse_abilities

    abilities, unparsed = parse_abilities(text, "fftcg", name, lexicon)
    if unparsed:      # what the grammar could not read is kept as `unread` (said "not read" when used);
        from judge.engine.cards import unread_words  # an error in the text (an icon it does not know) is not
        from judge.text.parse import parse_text

        read = unread_words(abilities)
        errors = [u for u in parse_text(text, "fftcg", name=name or None, lexicon=lexicon).unparsed
                  if u.text not in read]
        if errors:
            u = errors[0]
            expected = f" (expected {', '.join(u.expected[:4])})" if u.expected else ""
            raise _err(where, f"the card text has an error: {u.text!r}{expected}")
    return abilities


def _known_card(key: str, where: str, local: tuple[str, ...], lexicon: Any = None, name: str | None = None) -> CardDef:
    """A card the project knows by its number (its sample cards, imported files), as a CardDef (kept under
    `name`, a local name for it, when the scenario gives one)."""
    if not any(ch.isdigit() for ch in key) or "-" not in key:
        raise _err(where, f"unknown card {key!r}; define it under cards: or give a card number", local)
    from judge.engine.cards import resolve_card  # the run's --cards files, then the database

    card = resolve_card(key, PRINTINGS, where)
    raw = {"name": card.name, "type": card.type, "element": list(card.colors), "cost": card.cost or 0,
           "power": card.power, "job": "/".join(card.job), "category": "/".join(card.category),
           "generic": "generic" in card.flags, "ex_burst": "ex_burst" in card.flags, "text": card.text}
    return _card(name or key, raw, f"{where} ({card.number})", lexicon)


class _Builder:
    def __init__(self, defs: dict[str, CardDef], where: str, lexicon: Any = None) -> None:
        self.defs, self.where, self.lexicon = defs, where, lexicon
        self.objs: dict[str, CardObj] = {}

    def new(self, ref: Any, owner: str, where: str, uid: str | None = None) -> str:
        if isinstance(ref, Mapping):
            uid = str(ref["id"]) if "id" in ref else uid
            ref = ref.get("card")
        key = str(ref)
        if key not in self.defs:
            self.defs[key] = _known_card(key, where, tuple(sorted(self.defs)), self.lexicon)
        if uid is None:
            uid, n = key, 1
            while uid in self.objs:
                n += 1
                uid = f"{key}#{n}"
        if uid in self.objs:
            raise _err(where, f"the id {uid!r} is used twice")
        self.objs[uid] = CardObj(uid, key, owner)
        return uid

    def blank(self, owner: str, zone: str, n: int) -> tuple[str, ...]:
        out = []
        for i in range(n):
            uid = f"{owner}-{zone}-{i + 1}"
            self.objs[uid] = CardObj(uid, None, owner)
            out.append(uid)
        return tuple(out)

    def zone(self, raw: Any, owner: str, zone: str, where: str, default: int = 0) -> tuple[str, ...]:
        if raw is None:
            return self.blank(owner, zone, default)
        if isinstance(raw, Mapping) and zone == "deck":     # {top: [...], count: N} (docs/scenarios.md)
            return self.zone(_deck_list(raw, where), owner, zone, where)
        if isinstance(raw, int) and not isinstance(raw, bool):
            if raw < 0:
                raise _err(where, "a count cannot be negative")
            return self.blank(owner, zone, check_count(raw, where))
        if not isinstance(raw, list):
            raise _err(where, "a count or a list of card refs")
        check_count(sum(r for r in raw if isinstance(r, int) and not isinstance(r, bool)) + len(raw), where)
        out: list[str] = []
        for i, r in enumerate(raw):      # a number inside the list stands for that many unknown cards
            if isinstance(r, int) and not isinstance(r, bool):
                start = sum(1 for u in self.objs if u.startswith(f"{owner}-{zone}-"))
                for j in range(r):
                    uid = f"{owner}-{zone}-{start + j + 1}"
                    self.objs[uid] = CardObj(uid, None, owner)
                    out.append(uid)
            else:
                out.append(self.new(r, owner, f"{where}[{i}]"))
        return tuple(out)


def _deck_list(raw: Mapping[str, Any], where: str) -> list[Any]:
    """A deck given as `{top: [REF, …], count: N}`: those cards on top (top first), then N unknown ones."""
    bad = sorted(set(map(str, raw)) - {"top", "count"})
    if bad:
        raise _err(where, f"unknown deck field {bad[0]!r}: a deck is a count, a list, or {{top: [...], count: N}}",
                   ("top", "count"))
    top = raw.get("top") or []
    if not isinstance(top, list):
        raise _err(f"{where}.top", "a list of card refs, the top card first")
    if any(isinstance(r, int) and not isinstance(r, bool) for r in top):
        raise _err(f"{where}.top", "name the cards on top by reference; the unknown cards below are count:")
    return [*top, _int(raw.get("count", 0), f"{where}.count")]


def _card_entry(key: str, raw: Any, where: str, lexicon: Any) -> CardDef:
    """A `cards:` entry: an ad-hoc card, or a local name for a real card (`boss: 1-001H` or
    `{number: 1-001H}`, docs/scenarios.md)."""
    if isinstance(raw, str | int) and not isinstance(raw, bool):
        return _known_card(str(raw), where, (), lexicon, name=key)
    if isinstance(raw, Mapping) and "number" in raw:
        if set(map(str, raw)) != {"number"}:
            raise _err(where, "a real card named by number takes no other field ({number: 1-001H})")
        return _known_card(str(raw["number"]), where, (), lexicon, name=key)
    return _card(key, raw, where, lexicon)


def _lexicon(cards: Mapping[str, Any]) -> Any:
    """The names, Jobs and Categories card texts may use plainly (judge.text.lexicon): the card
    database's, and the cards this scenario defines (None when it defines none: the database's)."""
    defined = [v for v in cards.values() if isinstance(v, Mapping) and "number" not in v]
    if not defined:
        return None
    from judge.text.lexicon import Lexicon, default_lexicon

    return default_lexicon().merged(Lexicon.from_cards(defined))


def load(data: Mapping[str, Any], where: str) -> State:
    """The starting State of a scenario mapping (cards, turn, players)."""
    cards = data.get("cards") or {}
    if not isinstance(cards, Mapping):
        raise _err(where, "cards: must be a mapping of id → card")
    for k, v in cards.items():          # every card's shape first: the lexicon reads their words
        if isinstance(v, Mapping):
            _check_card(v, f"{where}: cards.{k}")
    lexicon = _lexicon(cards)
    defs = {str(k): _card_entry(str(k), v, f"{where}: cards.{k}", lexicon) for k, v in cards.items()}
    b = _Builder(defs, where, lexicon)
    turn = data.get("turn") or {}
    if not isinstance(turn, Mapping):
        raise _err(f"{where}: turn", "a mapping such as {number: 3, player: A, phase: main1}")
    tp = str(turn.get("player", "A"))
    if tp not in PLAYERS:
        raise _err(f"{where}: turn.player", "must be A or B")
    try:
        phase = Phase(str(turn.get("phase", "main1")).lower())
    except ValueError:
        raise _err(f"{where}: turn.phase", f"unknown phase {turn.get('phase')!r}",
                   tuple(p.value for p in Phase)) from None
    number = _int(turn.get("number", 3), f"{where}: turn.number")
    players = data.get("players") or {}
    if not isinstance(players, Mapping) or set(map(str, players)) - set(PLAYERS):
        raise _err(f"{where}: players", "a mapping with A and B")
    zones: dict[str, Zones] = {}
    field: list[Character] = []
    for p in PLAYERS:
        raw = players.get(p) or {}
        at = f"{where}: players.{p}"
        if not isinstance(raw, Mapping):
            raise _err(at, "a mapping of zones")
        bad = sorted(set(map(str, raw)) - PLAYER_KEYS)
        if bad:
            raise _err(at, f"unknown field {bad[0]!r}", tuple(sorted(PLAYER_KEYS)))
        lb = []
        for name in ("field", "removed", "lb_deck"):
            if not isinstance(raw.get(name) or [], list):
                raise _err(f"{at}.{name}", "a list of cards, e.g. [{id: f1, card: knight}]")
        for i, r in enumerate(raw.get("lb_deck") or []):
            up = bool(r.get("face_up", False)) if isinstance(r, Mapping) else False
            lb.append((b.new(r, p, f"{at}.lb_deck[{i}]"), up))
        removed = []
        for i, r in enumerate(raw.get("removed") or []):
            n = _int(r.get("warp", 0), f"{at}.removed[{i}].warp") if isinstance(r, Mapping) else 0
            removed.append((b.new(r, p, f"{at}.removed[{i}]"), n))
        zones[p] = Zones(deck=b.zone(raw.get("deck"), p, "deck", f"{at}.deck", default=20),
                         hand=b.zone(raw.get("hand"), p, "hand", f"{at}.hand"),
                         break_zone=b.zone(raw.get("break"), p, "break", f"{at}.break"),
                         damage=b.zone(raw.get("damage"), p, "damage", f"{at}.damage"),
                         lb_deck=tuple(lb), removed=tuple(removed))
        for i, r in enumerate(raw.get("field") or []):
            field.append(_field_entry(b, r, p, f"{at}.field[{i}]", len(field)))
    step = AttackStep.DECLARATION if phase == Phase.ATTACK else None
    if phase == Phase.ATTACK and turn.get("step"):
        try:
            step = AttackStep(str(turn["step"]))
        except ValueError:
            raise _err(f"{where}: turn.step", "preparation or declaration", ("preparation", "declaration")) from None
    first = tp if number % 2 == 1 else ("B" if tp == "A" else "A")
    crystals = tuple((p, _int((players.get(p) or {}).get("crystals", 0), f"{where}: players.{p}.crystals"))
                     for p in PLAYERS)
    entered = tuple(("entered", c.uid, c.controller) for c in field if not c.since_turn_start)
    return State(defs=defs, objs=b.objs, zones=zones, field=tuple(field), turn=number, turn_player=tp,
                 first_player=first, phase=phase, step=step, priority=None,
                 pc=_start(phase, turn, tp, where),
                 crystals=crystals, turn_log=entered)


def _start(phase: Phase, turn: Mapping[str, Any], tp: str, where: str) -> tuple[str, ...]:
    """The procedure the board starts with: in the Active and Draw Phases nobody has priority (9.1, 9.2), so a
    board there starts at the beginning of that phase (its special actions, then on); otherwise a player
    holds priority."""
    if phase in (Phase.ACTIVE, Phase.DRAW):
        if "priority" in turn:
            raise _err(f"{where}: turn.priority", f"nobody holds priority in the {phase.value} phase")
        return ("begin", phase.value)
    return ("priority", _priority(turn, tp, where))


def _priority(turn: Mapping[str, Any], tp: str, where: str) -> str:
    """Who has priority as the board starts: the turn player (11.1.2), unless the board says the
    opponent holds it (after the turn player forfeited it, 11.1.6)."""
    who = str(turn.get("priority", tp))
    if who not in PLAYERS:
        raise _err(f"{where}: turn.priority", "must be A or B")
    return who


def _field_entry(b: _Builder, r: Any, p: str, at: str, n: int) -> Character:
    if not isinstance(r, Mapping) or "card" not in r:
        raise _err(at, "a field entry is {id: a1, card: ogre, state: active}")
    bad = sorted(set(map(str, r)) - FIELD_KEYS)
    if bad:
        raise _err(at, f"unknown field {bad[0]!r}", tuple(sorted(FIELD_KEYS)))
    owner = p
    uid = b.new(r, owner, at, uid=str(r.get("id", f"{p.lower()}{n + 1}")))
    if not b.defs[str(r["card"])].is_character:
        raise _err(at, f"{r['card']!r} is a Summon; only Characters are on the field")
    state = str(r.get("state", "active"))
    if state not in ("active", "dull"):
        raise _err(f"{at}.state", "active or dull")
    under = tuple(b.new(x, owner, f"{at}.primed[{i}]") for i, x in enumerate(r.get("primed") or []))
    controller = str(r.get("controller", p))
    if controller not in PLAYERS:
        raise _err(f"{at}.controller", "A or B")
    return Character(uid=uid, controller=controller, dull=state == "dull", counters=_counters(r, at),
                     damage=_int(r.get("damage", 0), f"{at}.damage"),
                     since_turn_start=not bool(r.get("entered_this_turn", False)), frozen=bool(r.get("frozen", False)),
                     attacked=bool(r.get("attacked", False)), primed_under=under)


def _counters(r: Mapping[str, Any], at: str) -> tuple[tuple[str, int], ...]:
    """`counters: {EXP: 3}`: named counters already placed on a Character (6.7)."""
    raw = r.get("counters") or {}
    if not isinstance(raw, Mapping):
        raise _err(f"{at}.counters", "a mapping of counter name to how many, e.g. {EXP: 3}")
    return tuple((str(k), _int(v, f"{at}.counters.{k}")) for k, v in raw.items() if v)


# ---- actions ---------------------------------------------------------------------------------------

def _ids(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str | int):
        return (str(value),)
    if not isinstance(value, list):
        raise _err(where, "a list of ids")
    return tuple(str(v) for v in value)


def _payment(raw: Any, where: str) -> Payment:
    if raw is None:
        return Payment()
    if not isinstance(raw, Mapping):
        raise _err(where, "pay: {discard: [cards], dull: [backup ids]}")
    bad = sorted(set(map(str, raw)) - {"discard", "dull", "lb", "special"})
    if bad:
        raise _err(where, f"unknown payment field {bad[0]!r}", ("discard", "dull", "lb", "special"))
    discard = []
    for i, d in enumerate(raw.get("discard") or []):
        if isinstance(d, Mapping):
            discard.append((str(d.get("card")), str(d["element"]).lower() if d.get("element") else None))
        elif isinstance(d, str):
            discard.append((d, None))
        else:
            raise _err(f"{where}.discard[{i}]", "a card ref or {card: x, element: fire}")
    return Payment(discard=tuple(discard), dull=_ids(raw.get("dull"), f"{where}.dull"),
                   lb=_ids(raw.get("lb"), f"{where}.lb"), special=str(raw["special"]) if raw.get("special") else None)


def parse_action(raw: Mapping[str, Any], where: str) -> A.Act:
    """A typed action from one `actions:` entry; `answers: [...]` are decisions taken while it is carried out."""
    bad = sorted(set(map(str, raw)) - ACTION_KEYS)
    if bad:
        near = nearest(bad[0], ACTION_KEYS, 3)
        meant = f" (did you mean {near[0]!r}?)" if near else ""
        raise _err(where, f"unknown action field {bad[0]!r}{meant}", tuple(near or sorted(ACTION_KEYS)))
    act = _parse_action(raw, where)
    if "order" in raw:          # the order of this player's simultaneous auto-abilities (11.8.7)
        from judge.engine.kernel.values import evolve

        act = evolve(act, order=_order_refs(raw["order"], f"{where}.order"))
    if "x" in raw and not isinstance(act, A.Use | A.Choose | A.Cast):
        raise _err(f"{where}.x", "X is chosen with cast: (a card whose cost is X), use: (a cost with 《X》) or with "
                                 "choose: (paying 《X》 on resolution)")
    if "answers" not in raw:
        return act
    if not isinstance(act, A.Cast | A.Use | A.Attack | A.Warp | A.Prime):
        raise _err(f"{where}.answers", "answers: are decisions taken while a cast, use, attack, warp or prime is "
                                       "carried out; answer a pending decision with choose:")
    answers = raw["answers"]
    from judge.engine.kernel.values import evolve

    return evolve(act, answers=tuple(answers) if isinstance(answers, list) else (answers,))


def _order_refs(value: Any, where: str) -> tuple[str, ...]:
    """`order: [a1, a1:2, a1:haste]`: effect references (docs/scenarios.md); `a1: 2` read by YAML as a
    mapping is refused, saying how to write it."""
    items = value if isinstance(value, list) else [value]
    out = []
    for i, v in enumerate(items):
        if isinstance(v, Mapping):
            raise _err(f"{where}[{i}]", "write an effect reference as a1:2, with no space (a1: 2 is a mapping)")
        if isinstance(v, bool) or v is None:
            raise _err(f"{where}[{i}]", "an effect reference such as a1 or a1:2")
        out.append(str(v))
    return tuple(out)


def _x(raw: Mapping[str, Any], where: str) -> int | None:
    """`x: N`, the value a player chooses for 《X》 (4.5): a whole number, 0 or more."""
    if "x" not in raw:
        return None
    x = _int(raw["x"], f"{where}.x")
    if x < 0:
        raise _err(f"{where}.x", "X is chosen as 0 or more")
    return x


def _parse_action(raw: Mapping[str, Any], where: str) -> A.Act:
    p = str(raw.get("player", ""))
    if p not in PLAYERS:
        raise _err(f"{where}.player", "every action names its player: A or B")
    listed = "loop" in raw and isinstance(raw.get("pay"), list)       # one payment per repetition (13.2)
    pay = _payment(None if listed else raw.get("pay"), f"{where}.pay")
    targets = _ids(raw.get("targets"), f"{where}.targets")
    if "cast" in raw:
        zone = str(raw.get("from", "hand"))
        if zone not in ("hand", "lb", "lb_deck", "removed", "break"):
            raise _err(f"{where}.from", "hand, lb, or removed / break (where an effect lets a card be cast from)")
        return A.Cast(player=p, card=str(raw["cast"]), pay=pay, targets=targets,
                      from_zone="lb_deck" if zone.startswith("lb") else zone, mode=_ids(raw.get("mode"), f"{where}.mode"),
                      x=_x(raw, where))
    if "attack" in raw:
        if raw["attack"] in (None, [], ""):
            raise _err(f"{where}.attack", "name the attacking Forward(s): a card id or a list of them")
        return A.Attack(player=p, attackers=_ids(raw["attack"], f"{where}.attack"),
                        pay=pay if "pay" in raw else None)
    if "block" in raw:
        if raw["block"] in (None, [], ""):
            raise _err(f"{where}.block", "name the blocking Forward (or write no_block: true)")
        return A.Block(player=p, blocker=str(raw["block"]), pay=pay if "pay" in raw else None)
    if raw.get("no_block"):
        return A.Block(player=p, blocker=None)
    if "use" in raw:
        ability = raw.get("ability", 0)
        return A.Use(player=p, source=str(raw["use"]), ability=_int(ability, f"{where}.ability"), pay=pay,
                     targets=targets, mode=_ids(raw.get("mode"), f"{where}.mode"), x=_x(raw, where))
    if raw.get("pass"):
        return A.Pass(player=p)
    if "choose" in raw:
        value = raw["choose"]
        return A.Choose(player=p, values=tuple(value) if isinstance(value, list) else (value,),
                        pay=pay if "pay" in raw else None, x=_x(raw, where))
    if raw.get("end_phase"):
        return A.EndPhase(player=p)
    if raw.get("end_turn"):
        return A.EndPhase(player=p, turn=True)
    if "warp" in raw:
        return A.Warp(player=p, card=str(raw["warp"]), pay=pay)
    if "prime" in raw:
        return A.Prime(player=p, character=str(raw["prime"]), pay=pay)
    if raw.get("concede"):
        return A.Concede(player=p)
    if "loop" in raw:
        from judge.engine.fftcg.flow.loops import DeclareLoop

        pays = tuple(_payment(x, f"{where}.pay[{i}]") for i, x in enumerate(raw["pay"])) if listed else \
            ((pay,) if "pay" in raw else ())
        return DeclareLoop(player=p, times=_int(raw["loop"], f"{where}.loop"), pays=pays)
    raise _err(where, "say what the player does: cast, attack, block, no_block, use, pass, choose, end_phase, "
                      "end_turn, warp, prime or concede")
