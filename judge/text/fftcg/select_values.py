"""The word tables of FFTCG noun phrases (`WORDS`, `COUNTS`, `LIST_FIELDS`), the parts they are
collected into (`Part`, `Posts`) and how parts fold into one Selector and join (`fold`, `join`,
6.6, 11.6.5). Imported through `judge.text.fftcg.select`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token

from judge.text.ast import Player, Selector, Threshold, replace

#: the list fields of a Selector whose values are alternatives (any one matches, 6.6 / 5.2)
LIST_FIELDS = ("card_types", "colors", "families", "categories")
#: pair key → Selector field for the list fields
_LIST_KEYS = {"type": "card_types", "color": "colors", "job": "families", "category": "categories"}

#: one-word qualifiers and nouns: alias → pairs (5.2.3 card types, 6.3 status, 5.2.1.1 Elements)
WORDS: dict[str, tuple[tuple[str, Any], ...]] = {
    "n_forward": (("type", "forward"),), "n_backup": (("type", "backup"),),
    "n_monster": (("type", "monster"),), "n_character": (("type", "character"),),
    "n_summon": (("type", "summon"),), "n_card": (("type", "card"),), "n_party": (("type", "party"),),
    "n_cards": (("type", "card"), ("plural", True)), "n_forwards": (("type", "forward"), ("plural", True)),
    "n_backups": (("type", "backup"), ("plural", True)), "n_monsters": (("type", "monster"), ("plural", True)),
    "n_characters": (("type", "character"), ("plural", True)), "n_summons": (("type", "summon"), ("plural", True)),
    "n_parties": (("type", "party"), ("plural", True)), "n_abilities": (("type", "ability"), ("plural", True)),
    "n_auto_ability": (("type", "auto_ability"),), "n_ability": (("type", "ability"),),
    "n_element": (("type", "element"),), "n_ex_burst": (("type", "ex_burst"),),
    "s_active": (("state", "active"),), "s_dull": (("state", "dull"),), "s_damaged": (("state", "damaged"),),
    "s_frozen": (("state", "frozen"),), "s_attacking": (("state", "attacking"),),
    "s_blocking": (("state", "blocking"),),
    "a_attacking_or_blocking": (("state", "attacking_or_blocking"),), "a_multi": (("color", "multi"),),
    "a_face_down": (("state", "face_down"),),
    "a_face_up": (("state", "face_up"),),
    "d_you": (("owner", Player.YOU),), "d_opp": (("owner", Player.OPPONENT),), "d_any": (("owner", Player.ANY),),
    "cp_you": (("owner", Player.YOU),), "cp_opp": (("owner", Player.OPPONENT),), "cp_any": (("owner", Player.ANY),),
    "cp_own": (("owned_by", Player.YOU),),             # "cards you own" (6.2): the owner, wherever they are
    "cp_that": (),                                     # "… they control": the player the sentence names
    "p_not_multi": (("color", "not_multi"),), "p_any_element": (("color", "any"),),
    "p_same_name": (("name", "same_as_it"),), "p_among": (("zone", "revealed"),),
    "p_any_break": (("zone", "break"), ("owner", Player.ANY)), "p_everywhere": (("zone", "any"),),
    "p_entered": (("state", "entered_this_turn"),), "p_damaged_by": (("state", "damaged_by_it"),),
    "p_no_shared_element": (("distinct", ("element",)),),
    "z_your_break": (("zone", "break"), ("owner", Player.YOU)), "z_opp_break": (("zone", "break"), ("owner", Player.OPPONENT)),
    "z_break": (("zone", "break"),), "z_any_break": (("zone", "break"), ("owner", Player.ANY)),
    "z_your_hand": (("zone", "hand"), ("owner", Player.YOU)), "z_opp_hand": (("zone", "hand"), ("owner", Player.OPPONENT)),
    "z_damage": (("zone", "damage"),), "z_their_hands": (("zone", "hand"),), "z_lb_deck": (("zone", "lb_deck"),), "z_any": (("zone", "any"),),
    "z_deck": (("zone", "deck"),),
    "zn_break": (("zone", "break"),), "zn_hand": (("zone", "hand"),), "zn_damage": (("zone", "damage"),),
    "zn_lb_deck": (("zone", "lb_deck"),), "zn_deck": (("zone", "deck"),),
}

#: counts before the noun: alias → (count, up_to, comparison) — None count is "all" (11.6.5)
COUNTS: dict[str, tuple[bool, str]] = {
    "q_num": (False, "=="), "q_up_to": (True, "<="), "q_or_more": (False, ">="), "q_or_less": (False, "<="),
}


@dataclass(frozen=True)
class RefAdj:
    """The participle of a card referred to ("the chosen / removed / revealed X"): which earlier part names it."""

    word: str            # chosen | removed | other


@dataclass
class Posts:
    """The post-modifiers of one part ("of cost 3 or less opponent controls")."""

    pairs: list[tuple[Any, ...]]


@dataclass
class Part:
    """One noun phrase part while it is folded: its pairs and which kinds of word it had."""

    pairs: list[tuple[Any, ...]] = field(default_factory=list)
    post_pairs: list[tuple[Any, ...]] = field(default_factory=list)   # the post-modifiers' pairs alone
    counted: bool = False          # it had its own count ("1 Forward")
    owned: bool = False            # its own determiner ("your")
    posted: bool = False           # its own post-modifiers
    selector: Selector | None = None   # a part that is already a selector ("{Name}", "it")


def _word(pairs: tuple[tuple[str, Any], ...]):
    return lambda self, meta, c: list(pairs)


def _count(up_to: bool, op: str):
    return lambda self, meta, c: [("count", _num(c), up_to, op)]


def _num(children: list[Any]) -> int:
    return int(next(str(t) for t in children if isinstance(t, Token) and t.type == "NUMBER"))


def pairs_of(items: list[Any]) -> list[Any]:
    """Pairs from children: lists flattened, tuples kept, everything else dropped."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, list):
            out.extend(pairs_of(item))
        elif isinstance(item, tuple):
            out.append(item)
    return out


def fold(pairs: list[tuple[Any, ...]], span: Any = None, base: Selector | None = None) -> Selector:
    """The Selector a list of pairs describes (on top of `base` when the part is already one)."""
    fields: dict[str, Any] = {} if base is not None else {"count": 1, "up_to": False}
    lists: dict[str, list[Any]] = {k: list(getattr(base, k)) if base is not None else [] for k in LIST_FIELDS}
    thresholds = list(base.thresholds) if base is not None else []
    if base is None and any(p == ("plural", True) for p in pairs) and not any(p[0] == "count" for p in pairs):
        fields["count"] = None            # "Forwards you control gain …": a plural without a count is all of them
    for item in pairs:
        key = item[0]
        if key == "count":
            _, n, up, op = item
            fields["count"], fields["up_to"] = n, up
            if op in (">=", "<=") and not up and n is not None:
                thresholds.append(Threshold("count", op, n))
        elif key == "count_op":
            thresholds.append(Threshold("count", item[1], fields.get("count") or 0))
        elif key == "th":
            thresholds.append(item[1])
        elif key in _LIST_KEYS:
            lists[_LIST_KEYS[key]].append(item[1])
        elif key == "job_list":
            lists["families"].extend(item[1])
        elif key == "plural":
            continue
        else:
            fields[key] = item[1]
    if base is not None:
        return replace(base, thresholds=tuple(thresholds), span=span or base.span, **fields,
                       **{k: tuple(v) for k, v in lists.items()})
    return Selector(thresholds=tuple(thresholds), span=span, **fields, **{k: tuple(v) for k, v in lists.items()})


def _differs_in_one_list(a: Selector, b: Selector) -> str | None:
    """The one list field two selectors differ in (their union is one selector), or None."""
    diff = [f for f in Selector.__dataclass_fields__ if f != "span" and getattr(a, f) != getattr(b, f)]
    if len(diff) == 1 and diff[0] in LIST_FIELDS:
        return diff[0]
    return None


def _shared_place(part: Part, posts: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """"up to 1 Forward of cost 1 and up to 1 Forward of cost 3 in your Break Zone": when two parts are built
    alike (the same kinds of words after the noun: a cost and a cost) and only the last names a zone, the zone
    (with its owner, "your") is said once for both (7.1). Parts not built alike keep their own place ("1 Forward
    with 9000 power or less and up to 1 Forward in your opponent's Break Zone": the first is on the field)."""
    def kinds(pairs: list[tuple[Any, ...]]) -> set[Any]:
        return {(p[0], getattr(p[1], "stat", None)) for p in pairs if p[0] not in ("zone", "owner")}

    own = part.post_pairs
    if any(p[0] in ("zone", "owner") for p in own) or not any(p[0] == "zone" for p in posts):
        return []
    if not kinds(own) or kinds(own) != kinds(posts):
        return []
    return [p for p in posts if p[0] in ("zone", "owner")]


def join(parts: list[tuple[Part, str | None]], span: Any) -> Selector:
    """Parts of a noun phrase joined by "or" / "and" (see the module docstring)."""
    first = parts[0][0]
    head_pairs = [p for p in first.pairs if p[0] in ("count", "owner")] if not first.selector else []
    posts = [p for p in parts[-1][0].post_pairs if p[0] not in ("count",)]
    built: list[tuple[Selector, str | None]] = []
    for i, (part, how) in enumerate(parts):
        if part.selector is not None:
            built.append((fold(part.pairs, part.selector.span, base=part.selector) if part.pairs else part.selector, how))
            continue
        pairs = list(part.pairs)
        if not part.counted and i:
            pairs = [p for p in head_pairs if p[0] == "count"] + pairs
        if not part.owned and i:
            pairs = [p for p in head_pairs if p[0] == "owner"] + pairs
        if not part.posted and i < len(parts) - 1 and posts:
            pairs = pairs + posts
        elif i < len(parts) - 1:
            pairs = pairs + _shared_place(part, posts)
        built.append((fold(pairs, span), how))
    out = built[0][0]
    for sel, how in built[1:]:
        both = first.counted and out.count == 1 and not out.up_to     # "a Card Name X and Card Name Y": both
        if how == "and" and (both or sel.count != out.count or any(p.counted for p, _ in parts[1:])):
            out = replace(out, also=(*out.also, sel))
            continue
        one = _differs_in_one_list(replace(out, either=(), also=()), sel)
        if one is not None and not out.either:
            out = replace(out, **{one: tuple(dict.fromkeys((*getattr(out, one), *getattr(sel, one))))})
        else:
            out = replace(out, either=(*out.either, sel))
    return replace(out, span=span)


__all__ = ["COUNTS", "LIST_FIELDS", "WORDS", "Part", "Posts", "fold", "join", "pairs_of"]
