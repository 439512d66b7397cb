"""Battle Spirits parse trees (grammar/bs.lark) → AST nodes (judge.text.ast).

Card text selects first and acts on "it" / "them" after ("Select one of your opponent's spirits
and destroy it"): the transformer leaves a `_Ref` where a pronoun stands and a `_Pick` where a
selection is made, and `build` resolves each reference to the latest selection in reading order
(BSS 8-5-3: targets are selected at resolution, in the order written, 1-3-7). An unresolved "it"
means the card itself (BS 9-3-2-3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Transformer, Tree, v_args

from judge.text.ast import (
    Activate,
    Condition,
    Conditional,
    Cost,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
    Effect,
    Gain,
    Keyword,
    Modal,
    ModifyStat,
    Move,
    MoveCores,
    Optional,
    Player,
    Restriction,
    Reveal,
    Selector,
    Sequence,
    SetLevel,
    SetStat,
    SetState,
    Span,
    Threshold,
)

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_KEYWORDS = {k.lower().replace(" ", ""): k for k in (
    "Awaken", "Confront", "Curse", "Immortal", "Armor", "Luster", "Blessed", "Ascend", "Swift",
    "Gale", "Crush", "Raid", "A.T. Field", "Astral", "Chain", "Agile", "Feast", "Link", "Burst",
    "Clash")}
_OPS = {"more": ">=", "higher": ">=", "fewer": "<=", "less": "<=", "lower": "<="}

# Friendly "expected" messages by example (Lark match_examples), keyed by what a judge should fix.
EXAMPLES: dict[str, list[str]] = {
    "a timing label before ':' (When Summoned, While This Spirit Attacks, During Your Attack Step…)":
        ["When Attacked: Draw a card.", "When Summon: Draw a card."],
    "a keyword effect in 【…】 (Gale, Armor, Crush, Raid…)": ["【Flying】", "【Gale 2】"],
}


@dataclass(frozen=True, kw_only=True)
class _Ref(Selector):
    """A pronoun ("it", "them", "that spirit") waiting for the selection it refers to."""


class _Stmt(list):
    """A statement's effects, flagged when it ends in "instead" (a substitution, BSS 8-9)."""

    instead = False


@dataclass(frozen=True, kw_only=True)
class _Pick(Effect):
    """A selection ("Select one of your spirits") that later directives act on."""

    target: Selector


def _merge(dicts: list) -> dict:
    """Merge selector parts; tuple-valued parts (colours, families, thresholds) accumulate."""
    parts: dict[str, Any] = {}
    for d in dicts:
        if not isinstance(d, dict):
            continue
        for k, v in d.items():
            if isinstance(v, tuple) and k in parts:
                parts[k] = tuple(parts[k]) + v
            else:
                parts[k] = v
    return parts


def _num(tok: Any) -> int:
    s = str(tok).strip().lower()
    return _WORDS[s] if s in _WORDS else int(s.replace(",", ""))


def _player(text: str) -> Player:
    t = re.sub(r"\s+", " ", str(text).lower()).replace("’", "'")
    if "opponent" in t or t.startswith("their"):
        return Player.OPPONENT
    if t.startswith("its owner") or t.startswith("their owner"):
        return Player.ANY
    return Player.YOU


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower().replace("'", "").replace("’", "")).strip("_")


_TIMINGS = {
    "when summoned": "when_summoned", "when placed": "when_placed", "when deployed": "when_deployed",
    "when this spirit attacks": "when_attacks", "when attacking": "when_attacks",
    "when this spirit blocks": "when_blocks", "when blocking": "when_blocks",
    "when this spirit attacks or blocks": "when_attacks_or_blocks",
    "while this spirit attacks": "while_attacks", "during attack": "while_attacks",
    "while this spirit blocks": "while_blocks", "during block": "while_blocks",
    "while this spirit attacks or blocks": "while_attacks_or_blocks",
    "when destroyed": "when_destroyed", "when destroyed by opponent": "when_destroyed_by_opponent",
}


def timing_name(label: str) -> str:
    """Canonical timing id of a printed label ("When This Spirit Attacks" → when_attacks)."""
    norm = re.sub(r"\s+", " ", label.strip()).lower().replace("’", "'")
    return _TIMINGS.get(norm) or _slug(norm)


def _noun_types(text: str) -> tuple[tuple[str, ...], bool, bool]:
    """(card types, plural, card-in-a-zone) of a noun phrase such as "spirit cards"."""
    t = text.lower()
    types = tuple(dict.fromkeys(k for k in ("spirit", "nexus", "magic") if k in t))
    plural = bool(re.search(r"(spirits|nexuses|cards|magics)\b", t)) or " and " in t
    return types, plural, "card" in t


class BSTransformer(Transformer):
    """Bottom-up: tokens → values, rules → AST nodes (spans shifted into the original text)."""

    def __init__(self, text: str, offset: int) -> None:
        super().__init__()
        self.text, self.offset = text, offset

    # ── helpers ──
    def _span(self, meta: Any) -> Span | None:
        if meta is None or getattr(meta, "empty", True):
            return None
        return Span(self.offset + meta.start_pos, self.offset + meta.end_pos)

    def _slice(self, meta: Any) -> str:
        if meta is None or getattr(meta, "empty", True):
            return ""
        return self.text[meta.start_pos:meta.end_pos]

    def __default__(self, data: str, children: list, meta: Any) -> Any:
        return Tree(data, children, meta)

    def __default_token__(self, token: Token) -> Any:
        return token

    # ── numbers, durations ──
    def count(self, c: list) -> int:
        return _num(c[0])

    def duration(self, c: list) -> Duration:
        t = str(c[0]).lower()
        if "next" in t:
            return Duration.NEXT_TURN_END
        return Duration.BATTLE if "battle" in t else Duration.TURN

    # ── keywords ──
    def keyword_name(self, c: list) -> str:
        raw = re.sub(r"\s+", "", str(c[0])).lower()
        return _KEYWORDS.get(raw, str(c[0]).title())

    def kwp_color(self, c: list) -> str:
        return str(c[0]).lower()

    def kwp_int(self, c: list) -> str:
        return str(_num(c[0]))

    def kwp_plus(self, c: list) -> str:
        return f"+{_num(c[0])}"

    def kwp_name(self, c: list) -> str:
        return " ".join(str(t).strip('"“”') for t in c)

    def kw_params(self, c: list) -> tuple[str, ...]:
        return tuple(c)

    @v_args(meta=True)
    def keyword(self, meta: Any, c: list) -> Keyword:
        params = c[1] if len(c) > 1 else ()
        return Keyword(c[0], tuple(params), span=self._span(meta))

    def keyword_ref(self, c: list) -> Keyword:
        return c[0] if isinstance(c[0], Keyword) else Keyword(c[0])

    def colors(self, c: list) -> tuple[str, ...]:
        return tuple(str(t).lower() for t in c)

    # ── selectors ──
    def q_count(self, c: list) -> dict:
        return {"count": c[0]}

    def q_up_to(self, c: list) -> dict:
        return {"count": c[0], "up_to": True}

    def q_all(self, c: list) -> dict:
        return {"count": None}

    def q_any(self, c: list) -> dict:
        return {"count": None, "up_to": True}

    def sel_owner(self, c: list) -> dict:
        return {"owner": _player(c[0])}

    def adj_color(self, c: list) -> dict:
        return {"colors": (str(c[0]).lower(),)}

    def adj_state(self, c: list) -> dict:
        return {"state": str(c[0]).lower()}

    def adj_token(self, c: list) -> dict:
        return {"families": ("Token",)}

    def adj_attacking(self, c: list) -> dict:
        return {"state": "attacking"}

    def adj_blocking(self, c: list) -> dict:
        return {"state": "blocking"}

    def adj_other(self, c: list) -> dict:
        return {"other": True}

    def adj_family(self, c: list) -> dict:
        return {"families": (str(c[0]),)}

    def adj_not_family(self, c: list) -> dict:
        return {"_not_families": (str(c[0])[4:],)}

    def adj_group(self, c: list) -> dict:
        return _merge(c)

    def adjs(self, c: list) -> dict:
        return _merge(c)

    def q_cmp(self, c: list) -> dict:
        return {"count": None, "thresholds": (Threshold("count", _OPS[str(c[1]).lower()], c[0]),)}

    def q_another(self, c: list) -> dict:
        return {"count": 1, "other": True}

    def post_cost_either(self, c: list) -> dict:
        return {"thresholds": (Threshold("cost", "==", _num(c[-2])), Threshold("cost", "==", _num(c[-1])))}

    def post_no_soul_core(self, c: list) -> dict:
        return {"_no_soul_core": True}

    def post_symbols_cmp(self, c: list) -> dict:
        return self._threshold("symbols", c[0], c[1])

    def post_colors(self, c: list) -> dict:
        return self._threshold("colors", c[0], c[1])

    def post_one_color(self, c: list) -> dict:
        return {"thresholds": (Threshold("colors", "==", 1),)}

    def post_state(self, c: list) -> dict:
        return {"state": str(c[-1]).lower()}

    def post_revealed(self, c: list) -> dict:
        return {"zone": "revealed"}

    def post_level(self, c: list) -> dict:
        return self._threshold("level", c[-2], c[-1])

    def _rel(self, stat: str, c: list) -> dict:
        words = " ".join(str(t).lower() for t in c if isinstance(t, Token))
        ref = next(x for x in c if isinstance(x, Selector))
        if "same" in words:
            op = "<=" if ("less" in words or "fewer" in words) else ">=" if "more" in words else "=="
        elif "equal" in words:
            op = "<=" if ("fewer" in words or "less" in words) else ">="
        else:
            op = "<" if ("fewer" in words or "less" in words or "lower" in words) else ">"
        return {"thresholds": (Threshold(stat, op, 0, ref=ref),)}

    def post_cost_rel(self, c: list) -> dict:
        return self._rel("cost", c)

    def post_bp_rel(self, c: list) -> dict:
        return self._rel("bp", c)

    def post_vanilla(self, c: list) -> dict:
        return {"_vanilla": True}

    def post_not_color(self, c: list) -> dict:
        return {"_not_colors": (str(c[-1]).lower(),)}

    def families(self, c: list) -> dict:
        return {"families": tuple(str(t) for t in c)}

    def post_are(self, c: list) -> dict:
        return c[-1]

    @v_args(meta=True)
    def any_revealed(self, meta: Any, c: list) -> Selector:
        return Selector(count=None, up_to=True, zone="revealed", span=self._span(meta))

    def post_has_timing(self, c: list) -> dict:
        return {"_has_effect": str(c[-1])}

    def adj_name(self, c: list) -> dict:
        return {"name": str(c[0]).strip('"“”')}

    def noun(self, c: list) -> dict:
        text = str(c[0])
        types, plural, card = _noun_types(text)
        if "token" in text.lower():
            return {"card_types": ("spirit",), "families": ("Token",), "_plural": plural}
        return {"card_types": types, "_plural": plural, "_card": card}

    def _threshold(self, stat: str, value: Any, word: Any) -> dict:
        return {"thresholds": (Threshold(stat, _OPS[str(word).lower()], _num(value)),)}

    def post_bp(self, c: list) -> dict:
        ints = [t for t in c if isinstance(t, Token) and t.type.endswith("INT")]
        return self._threshold("bp", ints[0], c[-1] if ints[0] is not c[-1] else c[1])

    def post_cost(self, c: list) -> dict:
        return self._threshold("cost", c[-2], c[-1])

    def post_cost_eq(self, c: list) -> dict:
        return {"thresholds": (Threshold("cost", "==", _num(c[-1])),)}

    def post_keyword(self, c: list) -> dict:
        return {"with_keyword": c[0].name}

    def post_no_keyword(self, c: list) -> dict:
        return {"_without": c[-1].name}

    def post_cores(self, c: list) -> dict:
        return self._threshold("cores", c[0], c[1])

    def post_cores_eq(self, c: list) -> dict:
        n = [x for x in c if isinstance(x, int)]
        return {"thresholds": (Threshold("cores", "==", n[0]),)}

    def post_soul_core(self, c: list) -> dict:
        return {"_soul_core": True}

    def post_symbols(self, c: list) -> dict:
        return {"thresholds": (Threshold("symbols", "==", c[0]),)}

    def post_zone(self, c: list) -> dict:
        return {"zone": str(c[-1]).lower(), "owner": _player(c[0])}

    def post_field(self, c: list) -> dict:
        return {"owner": _player(c[0])}

    def post_other(self, c: list) -> dict:
        return {"other": True}

    def post_name_has(self, c: list) -> dict:
        return {"name": str(c[0]).strip('"“”')}

    def post_total(self, c: list) -> dict:
        return {"thresholds": (Threshold("total_" + str(c[-1]).lower(), _OPS[str(c[-2]).lower()],
                                         _num(c[0])),)}

    @v_args(meta=True)
    def selector(self, meta: Any, c: list) -> Selector:
        parts = _merge(c)
        plural, card = parts.pop("_plural", False), parts.pop("_card", False)
        for k in [k for k in parts if k.startswith("_")]:
            parts.pop(k)
        if "count" not in parts:
            parts["count"] = None if plural else 1
        if card and "zone" not in parts:
            parts["zone"] = "any"
        return Selector(span=self._span(meta), **parts)

    @v_args(meta=True)
    def pronoun(self, meta: Any, c: list) -> Selector:
        return _Ref(span=self._span(meta))

    @v_args(meta=True)
    def self_ref(self, meta: Any, c: list) -> Selector:
        types, _, _ = _noun_types(str(c[0]))
        return Selector(self_ref=True, card_types=types, span=self._span(meta))

    @v_args(meta=True)
    def remaining(self, meta: Any, c: list) -> Selector:
        return Selector(count=None, zone="revealed", span=self._span(meta))

    @v_args(meta=True)
    def the_attacking(self, meta: Any, c: list) -> Selector:
        state = next(str(t).lower() for t in c if isinstance(t, Token) and t.type == "ATT_BLK")
        return Selector(count=1, state=state, card_types=("spirit",), span=self._span(meta))

    def subject(self, c: list) -> Selector:
        return c[0]

    # ── directives ──
    @v_args(meta=True)
    def select(self, meta: Any, c: list) -> _Pick:
        return _Pick(target=c[0])

    @v_args(meta=True)
    def select_by(self, meta: Any, c: list) -> _Pick:
        return _Pick(target=c[-1])

    @v_args(meta=True)
    def destroy(self, meta: Any, c: list) -> Destroy:
        return Destroy(target=c[0], span=self._span(meta))

    @v_args(meta=True)
    def draw(self, meta: Any, c: list) -> Draw:
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Draw(count=c[0], per=per, span=self._span(meta))

    @v_args(meta=True)
    def draw_opp(self, meta: Any, c: list) -> Draw:
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Draw(count=c[1], player=Player.OPPONENT, per=per, span=self._span(meta))

    @v_args(meta=True)
    def discard(self, meta: Any, c: list) -> Discard:
        return Discard(count=c[0], span=self._span(meta))

    @v_args(meta=True)
    def mill(self, meta: Any, c: list) -> Discard:
        n = next((x for x in c if isinstance(x, int)), 1)
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        return Discard(count=n, player=owner, span=self._span(meta),
                       target=Selector(count=n, owner=owner, zone="deck_top"))

    @v_args(meta=True)
    def mill_equal(self, meta: Any, c: list) -> Discard:
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        stat = str(c[-1]).lower().split()[-1]
        ref = Selector(self_ref="this spirit" in str(c[-1]).lower(), span=self._span(meta))
        per = replace(ref, name=stat) if ref.self_ref else Selector(name=stat, span=self._span(meta))
        return Discard(count=1, player=owner, per=per, span=self._span(meta),
                       target=Selector(count=None, owner=owner, zone="deck_top"))

    @v_args(meta=True)
    def exhaust(self, meta: Any, c: list) -> SetState:
        return SetState(state="exhausted", target=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def refresh(self, meta: Any, c: list) -> SetState:
        return SetState(state="refreshed", target=c[-1], span=self._span(meta))

    def cores_n(self, c: list) -> dict:
        return {"count": c[0]}

    def cores_all_but(self, c: list) -> dict:
        return {"count": None, "_all_but": c[0]}

    def cores_all(self, c: list) -> dict:
        return {"count": None}

    def cores_any(self, c: list) -> dict:
        return {"count": None, "up_to": True}

    def cores_up_to(self, c: list) -> dict:
        return {"count": c[0], "up_to": True}

    def cores_soul(self, c: list) -> dict:
        return {"count": 1, "_soul": True}

    def area(self, c: list) -> tuple[str, Player]:
        word = str(c[-1]).lower()
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        return (word, owner)

    def into(self, c: list) -> None:
        return None

    def each_of(self, c: list) -> str:
        return "each"

    @staticmethod
    def _where(x: Any) -> tuple[str, Selector | None]:
        if isinstance(x, tuple):
            name, owner = x
            return (f"opponent_{name}" if owner is Player.OPPONENT else name), None
        return "spirit", x

    def _cores(self, meta: Any, cores: dict, src: Any, dst: Any) -> MoveCores:
        (source, src_t), (dest, dst_t) = self._where(src), self._where(dst)
        return MoveCores(count=cores.get("count"), up_to=cores.get("up_to", False), source=source,
                         dest=dest, source_target=src_t, dest_target=dst_t, span=self._span(meta))

    @v_args(meta=True)
    def core_move_from(self, meta: Any, c: list) -> MoveCores:
        move = self._cores(meta, c[0], c[1], c[3] if c[2] is None else c[2])
        until = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "until"), None)
        return replace(move, until=until) if until is not None else move

    def until(self, c: list) -> tuple:
        return ("until", next(x for x in c if isinstance(x, int)))

    @v_args(meta=True)
    def core_move_into_from(self, meta: Any, c: list) -> MoveCores:
        places = [x for x in c[1:] if x is not None]
        return self._cores(meta, c[0], places[1], places[0])

    @v_args(meta=True)
    def core_move_into(self, meta: Any, c: list) -> MoveCores:
        return self._cores(meta, c[0], ("void", Player.YOU), next(x for x in c[1:] if x is not None))

    @v_args(meta=True)
    def remove_cores(self, meta: Any, c: list) -> MoveCores:
        cores = c[0]
        target = cores.get("_from") or next(x for x in c[1:] if isinstance(x, Selector))
        dest = next((self._where(x)[0] for x in c[1:] if isinstance(x, tuple)), "reserve")
        return MoveCores(count=cores.get("count"), up_to=cores.get("up_to", False), source="spirit",
                         dest=dest, source_target=target, span=self._span(meta))

    @v_args(meta=True)
    def bp_reduce_it(self, meta: Any, c: list) -> ModifyStat:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        n = next(x for x in c if isinstance(x, Token) and x.type.endswith("INT"))
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return ModifyStat(stat="bp", amount=-_num(n), target=_Ref(), duration=dur, per=per,
                          span=self._span(meta))

    @v_args(meta=True)
    def bp_reduce(self, meta: Any, c: list) -> ModifyStat:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        n = next(x for x in c if isinstance(x, Token) and x.type.endswith("INT"))
        target = next(x for x in c if isinstance(x, Selector))
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return ModifyStat(stat="bp", amount=-_num(n), target=target, duration=dur, per=per,
                          span=self._span(meta))

    @v_args(meta=True)
    def per(self, meta: Any, c: list) -> tuple:
        sel = next((x for x in c if isinstance(x, Selector)), None)
        words = [str(t).lower() for t in c if isinstance(t, Token)]
        if any(w.startswith("symbol") for w in words):
            sel = Selector(count=None, name="symbol", span=self._span(meta)) if sel is None else \
                Selector(count=None, name="symbol", owner=sel.owner, span=self._span(meta))
        elif any(w in ("destroyed", "discarded", "returned", "exhausted") for w in words):
            sel = replace(sel, state=next(w for w in words if w in ("destroyed", "discarded", "returned", "exhausted")))
        return ("per", sel)

    def free(self, c: list) -> bool:
        return True

    @v_args(meta=True)
    def deploy(self, meta: Any, c: list) -> Deploy:
        verb = "summon" if str(c[0]).lower() == "summon" else "place"
        return Deploy(verb=verb, target=self._zoned(c[1], c), free=True in c, span=self._span(meta))

    @v_args(meta=True)
    def deploy_place(self, meta: Any, c: list) -> Deploy:
        return Deploy(verb="place", target=self._zoned(c[0], c), free=True in c, span=self._span(meta))

    @v_args(meta=True)
    def use_card(self, meta: Any, c: list) -> Deploy:
        return Deploy(verb="use", target=c[0], free=True in c, span=self._span(meta))

    @staticmethod
    def _zoned(target: Selector, c: list) -> Selector:
        zone = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "zone"), None)
        if zone and not target.self_ref and not isinstance(target, _Ref):
            return replace(target, zone=zone)
        return target

    def from_zone(self, c: list) -> tuple:
        word = str(c[-1]).lower() if not isinstance(c[-1], Token) or c[-1].type != "CARDS" else "revealed"
        return ("zone", "revealed" if "card" in word else word)

    def dest_hand(self, c: list) -> str:
        return "hand"

    def dest_deck_top(self, c: list) -> str:
        return "deck_top"

    def dest_deck_bottom(self, c: list) -> str:
        return "deck_bottom"

    @v_args(meta=True)
    def return_(self, meta: Any, c: list) -> Move:
        target = next(x for x in c if isinstance(x, Selector))
        return Move(target=self._zoned(target, c), dest=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def pay_cores(self, meta: Any, c: list) -> MoveCores:
        src = next((x for x in c if isinstance(x, Selector)), None)
        return MoveCores(count=c[0], source="spirit" if src is not None else "field_or_reserve", dest="trash",
                         source_target=src, span=self._span(meta))

    @v_args(meta=True)
    def set_stat(self, meta: Any, c: list) -> SetStat:
        target = next(x for x in c if isinstance(x, Selector))
        value = next(x for x in c if isinstance(x, Token) and x.type.endswith("INT"))
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return SetStat(stat="cost", value=_num(value), target=target, duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def choice(self, meta: Any, c: list) -> list:
        options = tuple(tuple(x if isinstance(x, list) else [x]) for x in c)
        return [Modal(count=1, options=options, span=self._span(meta))]

    @v_args(meta=True)
    def then_seq(self, meta: Any, c: list) -> list:
        return [Sequence(connector="then", effects=(*c[0], *c[1]), span=self._span(meta))]

    @v_args(meta=True)
    def reveal(self, meta: Any, c: list) -> Reveal:
        n = next((x for x in c if isinstance(x, int)), 1)
        return Reveal(count=n, zone="deck", span=self._span(meta))

    @v_args(meta=True)
    def add_to_hand(self, meta: Any, c: list) -> Move:
        target = self._zoned(c[0], c)
        if not isinstance(target, _Ref) and not target.self_ref and (not target.zone or target.zone == "any"):
            target = replace(target, zone="revealed")
        return Move(target=target, dest="hand", span=self._span(meta))

    def gained_bp(self, c: list) -> tuple:
        return (_num(c[0]), None)

    def gained_kw(self, c: list) -> tuple:
        return (None, c[0])

    def gained_bp_kw(self, c: list) -> tuple:
        return (_num(c[0]), c[-1])

    def _gain(self, meta: Any, c: list, target: Selector) -> list:
        bp, kw = next(x for x in c if isinstance(x, tuple) and x and x[0] != "per")
        verb = next((str(t).lower() for t in c if isinstance(t, Token) and t.type == "GAIN_VERB"), "gains")
        if verb.startswith("lose"):
            if kw is not None:
                raise ValueError("losing a keyword is not an effect this grammar models")
            bp = -bp
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        per = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "per"), None)
        out: list = []
        if bp is not None:
            out.append(ModifyStat(stat="bp", amount=bp, target=target, duration=dur, per=per,
                                  span=self._span(meta)))
        if kw is not None:
            out.append(Gain(target=target, keyword=kw, duration=dur, span=self._span(meta)))
        return out

    @v_args(meta=True)
    def gain(self, meta: Any, c: list) -> list:
        return self._gain(meta, c, c[0])

    @v_args(meta=True)
    def gain_lead(self, meta: Any, c: list) -> list:
        return self._gain(meta, c, c[1])

    def reminder(self, c: list) -> None:
        return None

    # restrictions
    def act_verb(self, c: list) -> tuple:
        return ("_".join(str(c[0]).lower().split()), None)

    def act_be(self, c: list) -> tuple:
        return ("be_" + str(c[0]).lower(), c[1] if len(c) > 1 else None)

    def act_cores_removed(self, c: list) -> tuple:
        return ("have_cores_removed", c[-1] if len(c) > 2 else None)

    def act_returned(self, c: list) -> tuple:
        return ("be_returned", c[-1] if isinstance(c[-1], Selector) else None)

    def src_any_effect(self, c: list) -> Selector:
        return Selector(count=None, name="effect")

    def src_keyword_effect(self, c: list) -> Selector:
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), None)
        kw = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return Selector(count=None, name="effect", with_keyword=kw, owner=owner)

    def act_use(self, c: list) -> tuple:
        return ("use", c[0])

    def src_effects(self, c: list) -> Selector:
        return Selector(count=None, owner=_player(c[0]))

    def src_effects_of(self, c: list) -> Selector:
        return next(x for x in c if isinstance(x, Selector))

    def src_destruction(self, c: list) -> Selector:
        return next(x for x in c if isinstance(x, Selector))

    def src_selector(self, c: list) -> Selector:
        return c[0]

    def src_this_effect(self, c: list) -> Selector:
        return Selector(count=None, name="this effect")

    def src_player(self, c: list) -> Selector:
        return Selector(count=None, owner=_player(c[0].children[0] if isinstance(c[0], Tree) else c[0]))

    def by_what(self, c: list) -> Any:
        return c[0]

    @v_args(meta=True)
    def restriction(self, meta: Any, c: list) -> Restriction:
        target = c[0]
        action, _ = next(x for x in c if isinstance(x, tuple))
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        player = None
        if isinstance(target, Tree) and target.data == "player":
            player, target = _player(target.children[0]), None
        return Restriction(mode="cannot", action=action, target=target, player=player, duration=dur,
                           span=self._span(meta))

    @v_args(meta=True)
    def obligation(self, meta: Any, c: list) -> Restriction:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        act = next(str(t).lower() for t in c if isinstance(t, Token) and t.type == "ACT_VERB")
        return Restriction(mode="must", action="_".join(act.split()), target=c[0], duration=dur,
                           span=self._span(meta))

    def effect_ref(self, c: list) -> None:
        return None

    @v_args(meta=True)
    def permission_block(self, meta: Any, c: list) -> Restriction:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return Restriction(mode="can", action="block_while_exhausted", target=c[0], duration=dur,
                           span=self._span(meta))

    @v_args(meta=True)
    def restriction_cores(self, meta: Any, c: list) -> Restriction:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return Restriction(mode="cannot", action="have_cores_removed", target=_Ref(), duration=dur,
                           span=self._span(meta))

    @v_args(meta=True)
    def restriction_lead(self, meta: Any, c: list) -> Restriction:
        dur, target = c[0], c[1]
        action, _ = next(x for x in c if isinstance(x, tuple))
        return Restriction(mode="cannot", action=action, target=target, duration=dur, span=self._span(meta))

    def lv_n(self, c: list) -> int:
        return _num(next(x for x in c if isinstance(x, Token) and x.type.endswith("INT")))

    def lv_highest(self, c: list) -> None:
        return None

    @v_args(meta=True)
    def treat_as(self, meta: Any, c: list) -> SetLevel:
        level = c[1] if len(c) > 1 and isinstance(c[1], int) else None
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return SetLevel(target=c[0], level=level, duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def draw_until(self, meta: Any, c: list) -> Draw:
        n = next(x for x in c if isinstance(x, int))
        return Draw(count=n, until=True, span=self._span(meta))

    @v_args(meta=True)
    def discard_target(self, meta: Any, c: list) -> Discard:
        target = c[0]
        n = target.count if isinstance(target, Selector) and target.count else 1
        return Discard(count=n, target=target, span=self._span(meta))

    @v_args(meta=True)
    def discard_any(self, meta: Any, c: list) -> Discard:
        target = _Ref() if isinstance(c[-1], Token) and c[-1].type == "PRONOUN" else Selector(count=None, zone="hand")
        return Discard(count=0, target=replace(target, up_to=True), span=self._span(meta))

    @v_args(meta=True)
    def discard_both(self, meta: Any, c: list) -> Discard:
        return Discard(count=c[1], player=Player.EACH, span=self._span(meta))

    @v_args(meta=True)
    def discard_opp(self, meta: Any, c: list) -> Discard:
        n = next(x for x in c if isinstance(x, int))
        return Discard(count=n, player=Player.OPPONENT, span=self._span(meta))

    def cores_of_n(self, c: list) -> dict:
        return {"count": c[0], "_from": _Ref()}

    def cores_of_all_but(self, c: list) -> dict:
        return {"count": None, "_all_but": c[0], "_from": _Ref()}

    @v_args(meta=True)
    def activate_keyword(self, meta: Any, c: list) -> Activate:
        return Activate(keyword=Keyword(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def pay_burst(self, meta: Any, c: list) -> Activate:
        step = next(str(t).lower() for t in c if isinstance(t, Token) and t.type == "STEP_NAME")
        return Activate(step=step, pay_cost=True, span=self._span(meta))

    # ── statements & sentences ──
    def directives(self, c: list) -> list:
        out: list = []
        for x in c:
            out.extend(x if isinstance(x, list) else [x])
        return out

    @v_args(meta=True)
    def optional_(self, meta: Any, c: list) -> list:
        return [Optional(effects=tuple(c[-1]), span=self._span(meta))]

    @v_args(meta=True)
    def cost_clause(self, meta: Any, c: list) -> list:
        cost = Cost(effects=tuple(c[-2]))
        return [Optional(effects=tuple(c[-1]), cost=cost, span=self._span(meta))]

    @v_args(meta=True)
    def condition(self, meta: Any, c: list) -> Condition:
        return Condition(kind="text", text=self._slice(meta), span=self._span(meta))

    def _cond(kind: str):
        @v_args(meta=True)
        def make(self, meta: Any, c: list) -> Condition:
            sel = next((x for x in c if isinstance(x, Selector)), None)
            return Condition(kind=kind, text=self._slice(meta), selector=sel, span=self._span(meta))
        return make

    cond_control = _cond("control")
    cond_life = _cond("life")
    cond_have = _cond("count")
    cond_soul_core = _cond("soul_core")
    cond_is = _cond("is")
    cond_has_keyword = _cond("has_keyword")
    cond_costs = _cond("compare")
    cond_event = _cond("event")
    cond_spend = _cond("soul_core_spent")
    cond_none = _cond("none")
    ev_life = _cond("event")
    ev_core = _cond("event")
    ev_battle_end = _cond("battle_end")
    ev_passive = _cond("event")
    cond_pay = _cond("pay")
    cond_among = _cond("among_revealed")
    cond_history = _cond("happened_this_turn")
    ev_draw = _cond("event")
    ev_effect = _cond("event")
    ev_would = _cond("would")
    ev_effect_to = _cond("event")
    cond_compare = _cond("compare")
    cond_symbols = _cond("symbols")
    cond_bp = _cond("compare")
    cond_control_none = _cond("control_none")
    cond_turn = _cond("turn")
    ev_active = _cond("event")
    ev_use = _cond("event")

    @v_args(meta=True)
    def statement(self, meta: Any, c: list) -> list:
        effects = c[0] if isinstance(c[0], list) else [c[0]]
        instead = False
        for item in c[1:]:
            if item is None:             # a keyword reminder (its printed timing): nothing to do
                continue
            kind, cond = item
            if kind == "instead":
                instead = True
                continue
            if kind == "per":
                applied = [replace(e, per=cond) if getattr(e, "per", False) is None else e for e in effects]
                if applied == effects:   # no amount to multiply: the whole sentence repeats per item
                    applied = [Conditional(condition=Condition(kind="for_each", text="for each", selector=cond),
                                           effects=tuple(effects), span=self._span(meta))]
                effects = applied
                continue
            effects = [Conditional(condition=cond, effects=tuple(effects), span=self._span(meta))]
        out = _Stmt(effects)
        out.instead = instead
        return out

    def tr_unless(self, c: list) -> tuple:
        return ("if", replace(c[0], kind="unless", text="unless " + c[0].text))

    def tr_per(self, c: list) -> tuple:
        return c[0]

    def tr_if(self, c: list) -> tuple:
        return ("if", c[0])

    def tr_when(self, c: list) -> tuple:
        return ("when", c[0])

    def tr_start(self, c: list) -> tuple:
        return ("when", Condition(kind="timing", text=str(c[0])))

    def tr_instead(self, c: list) -> tuple:
        return ("instead", None)

    @v_args(meta=True)
    def tr_after(self, meta: Any, c: list) -> tuple:
        return ("after", Condition(kind="after_resolves", text=self._slice(meta)))

    def ev_tail(self, c: list) -> None:
        return None

    # leads: (kind, payload)
    def then(self, c: list) -> tuple:
        return ("then", None)

    def after_resolves(self, c: list) -> tuple:
        return ("after_resolves", None)

    def if_you_do(self, c: list) -> tuple:
        return ("if", Condition(kind="did", text="If you do"))

    def if_you_dont(self, c: list) -> tuple:
        return ("if", Condition(kind="did_not", text="If you do not"))

    def otherwise(self, c: list) -> tuple:
        return ("otherwise", None)

    def if_possible(self, c: list) -> tuple:
        return ("if", Condition(kind="possible", text="If possible"))

    @v_args(meta=True)
    def when_first(self, meta: Any, c: list) -> tuple:
        ev = c[0]
        return ("when", replace(ev, kind="first_each_turn", text=self._slice(meta).rstrip(", ")))

    def if_cond(self, c: list) -> tuple:
        return ("if", c[0])

    def when_event(self, c: list) -> tuple:
        return ("when", c[0])

    def once_per_turn(self, c: list) -> tuple:
        return ("restrict", "once_per_turn")

    def lead_duration(self, c: list) -> tuple:
        return ("duration", c[0])

    def start_of_step(self, c: list) -> tuple:
        return ("when", Condition(kind="timing", text="At the start of the step"))

    def end_of_battle(self, c: list) -> tuple:
        return ("when", Condition(kind="timing", text=str(c[0])))

    def lead_per(self, c: list) -> tuple:
        sel = next(x for x in c if isinstance(x, Selector))
        state = next((str(t).lower() for t in c if isinstance(t, Token) and t.type in ("EVENT_PASSIVE", "STATE")), None)
        return ("per", replace(sel, state=state) if state else sel)

    @v_args(meta=True)
    def sentence_(self, meta: Any, c: list) -> tuple:
        leads = [x for x in c if isinstance(x, tuple)]
        effects = next(x for x in c if isinstance(x, list))
        return (leads, effects, self._span(meta))

    def chain_head(self, c: list) -> tuple:
        return c[0]

    @v_args(meta=True)
    def chain_part(self, meta: Any, c: list) -> tuple:
        return ("chain", c[0], c[1:], self._span(meta))

    def effect_text(self, c: list) -> dict:
        label = next((str(x) for x in c if isinstance(x, Tree) and x.data == "timing_inline"), None)
        return {"sentences": [x for x in c if isinstance(x, tuple) and len(x) == 3],
                "chains": [x for x in c if isinstance(x, tuple) and len(x) == 4],
                "inline": label}

    def timing_inline(self, c: list) -> Tree:
        return Tree("timing_inline", c)

    def timing(self, c: list) -> str:
        return " / ".join(str(t) for t in c)


from judge.text import bs_assemble  # noqa: E402  (the sentence → ability assembly half)

build = bs_assemble.build
sentence_spans = bs_assemble.sentence_spans

__all__ = ["EXAMPLES", "BSTransformer", "build", "sentence_spans", "timing_name"]
