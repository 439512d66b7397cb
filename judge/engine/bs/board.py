"""Building the starting board from a scenario: cards (ad-hoc or from the card database), players,
turn. Card text is parsed by the card grammar (`judge.text.parse`, imported lazily); the engine
never reads text itself. Every problem is a ScenarioError naming the field path.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from judge.engine.bs.state import CardDef, FieldCard, Orientation, PlayerState, State, Step
from judge.errors import ScenarioError

COLORS = {"red", "purple", "white", "yellow", "green", "blue"}
UNKNOWN = CardDef(key="_unknown", name="(an unknown card)", type="magic")
CARD_KEYS = {"name", "type", "colors", "cost", "reduction", "symbols", "families", "levels", "text",
             "super_unleash", "ex_symbol", "token", "number", "soul_magic", "succession"}
PLAYER_KEYS = {"life", "reserve", "soul_core", "trash_cores", "deck", "hand", "trash", "burst", "field", "removed"}
FIELD_KEYS = {"id", "card", "cores", "state", "soul_core"}


def parse_card_text(text: str, game: str, where: str, lexicon: Any = None) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """(abilities, unparsed pieces) from the card grammar; `lexicon`: the families and names the
    text is read against (judge.text.lexicon; the shipped samples' when None)."""
    if not text.strip():
        return (), ()
    try:
        from judge.text.parse import parse_text
    except ImportError as exc:
        raise ScenarioError(f"{where}.text: the card grammar is not available ({exc})") from exc
    try:
        result = parse_text(text, game, lexicon=lexicon)
    except Exception as exc:  # a grammar failure is reported at the card, never a traceback
        raise ScenarioError(f"{where}.text: the card grammar could not read it: {exc}") from exc
    return tuple(result.abilities), tuple(u.text for u in result.unparsed)


def _colors(v: Any, where: str) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list):
        raise ScenarioError(f"{where}: must be a list of colours")
    out = []
    for c in v:
        parts = str(c).lower().split("/")
        if not all(p in COLORS for p in parts):
            raise ScenarioError(f"{where}: {c!r} is not a colour", hints=sorted(COLORS))
        out.append("/".join(parts))
    return tuple(out)


def _int(v: Any, where: str, default: int | None = None) -> int:
    if v is None and default is not None:
        return default
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ScenarioError(f"{where}: must be a whole number of 0 or more, not {v!r}")
    return v


def card_def(key: str, raw: Any, game: str, where: str, lexicon: Any = None) -> CardDef:
    """A CardDef from a scenario's `cards:` entry (a mapping, or a real card number); `lexicon`: the
    families and names its text is read against (the scenario's cards')."""
    if isinstance(raw, str):
        return _real_card(key, raw, game, where)
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{where}: a card is a mapping (name, type, cost, …) or a card number")
    bad = sorted(set(map(str, raw)) - CARD_KEYS)
    if bad:
        raise ScenarioError(f"{where}: unknown card field {bad[0]!r}", hints=sorted(CARD_KEYS))
    if raw.get("number"):
        return _real_card(key, str(raw["number"]), game, where)
    ctype = str(raw.get("type", "")).lower()
    if ctype not in ("spirit", "nexus", "magic"):
        raise ScenarioError(f"{where}.type: must be spirit, nexus or magic, not {raw.get('type')!r}")
    levels: list[tuple[int, int, int | None]] = []
    super_unleash = bool(raw.get("super_unleash", False))
    lv_raw = raw.get("levels") or {}
    if not isinstance(lv_raw, Mapping):
        raise ScenarioError(f"{where}.levels: must map levels to {{cores: N, bp: N}}")
    for lv, spec in lv_raw.items():
        at = f"{where}.levels.{lv}"
        if not isinstance(spec, Mapping):
            raise ScenarioError(f"{at}: must be {{cores: N, bp: N}}")
        cores = spec.get("cores")
        if isinstance(cores, str) and cores.lower().replace(" ", "_") == "super_unleash":
            super_unleash, cores = True, 99
        bp = spec.get("bp")
        levels.append((_int(int(lv) if str(lv).isdigit() else lv, f"{at} (level)"), _int(cores, f"{at}.cores"),
                       None if bp is None else _int(bp, f"{at}.bp")))
    if ctype == "spirit" and not levels:
        raise ScenarioError(f"{where}.levels: a spirit needs at least LV1 {{cores: N, bp: N}}")
    if ctype == "nexus" and not levels:
        levels = [(1, 0, None)]
    text = str(raw.get("text") or "")
    abilities, unparsed = parse_card_text(text, game, where, lexicon)
    return CardDef(key=key, name=str(raw.get("name") or key), type=ctype,
                   colors=_colors(raw.get("colors"), f"{where}.colors"), cost=_int(raw.get("cost"), f"{where}.cost", 0),
                   reduction=_colors(raw.get("reduction"), f"{where}.reduction"),
                   symbols=_colors(raw.get("symbols"), f"{where}.symbols"),
                   families=tuple(map(str, raw.get("families") or ())), levels=tuple(sorted(levels)), text=text,
                   abilities=abilities, unparsed=unparsed, super_unleash=super_unleash,
                   ex_symbol=bool(raw.get("ex_symbol", False)), token=bool(raw.get("token", False)),
                   soul_magic=None if raw.get("soul_magic") is None else _colors(raw["soul_magic"],
                                                                                 f"{where}.soul_magic"),
                   succession=bool(raw.get("succession", False)))


def _real_card(key: str, number: str, game: str, where: str) -> CardDef:
    try:
        from judge.cards.db import find_card
    except ImportError as exc:
        raise ScenarioError(f"{where}: card {number!r}: the card database is not available") from exc
    card = find_card(number, game="bss" if game == "bs" else game)
    levels = tuple(sorted((int(lv), int(cb[0]), None if cb[1] is None else int(cb[1]))
                          for lv, cb in (card.levels or {}).items()))
    from judge.cards.db import card_lexicon

    abilities, unparsed = parse_card_text(card.text or "", game, where, card_lexicon(game))
    return CardDef(key=key, name=card.name, type=str(card.type).lower(), colors=tuple(card.colors or ()),
                   cost=int(card.cost or 0), reduction=tuple(card.reduction or ()), symbols=tuple(card.symbols or ()),
                   families=tuple(card.families or ()), levels=levels, text=card.text or "", abilities=abilities,
                   unparsed=unparsed)


def _scenario_lexicon(cards_raw: Mapping[str, Any]) -> Any:
    """The families and names of a scenario's own cards, beside the shipped samples' (judge.text.lexicon)."""
    from judge.text.lexicon import default_lexicon

    raws = [r for r in cards_raw.values() if isinstance(r, Mapping)]
    return default_lexicon().with_words(
        families=[str(f) for r in raws for f in (r.get("families") or ()) if isinstance(r.get("families"), list)],
        names=[str(r["name"]) for r in raws if r.get("name")])


def load_board(data: Mapping[str, Any], game: str, where: str) -> State:
    """The starting State of a scenario."""
    defs: dict[str, CardDef] = {UNKNOWN.key: UNKNOWN}
    cards_raw = data.get("cards") or {}
    if not isinstance(cards_raw, Mapping):
        raise ScenarioError(f"{where}: cards: must map card refs to cards")
    lexicon = _scenario_lexicon(cards_raw)
    for key, raw in cards_raw.items():
        defs[str(key)] = card_def(str(key), raw, game, f"{where}: cards.{key}", lexicon)
    turn = data.get("turn") or {}
    if not isinstance(turn, Mapping):
        raise ScenarioError(f"{where}: turn: must be {{number: N, player: A|B, step: …}}")
    tp = turn.get("player", "A")
    if tp not in ("A", "B"):
        raise ScenarioError(f"{where}: turn.player: must be A or B")
    number = _int(turn.get("number", 2), f"{where}: turn.number")
    try:
        step = Step(str(turn.get("step", "main")))
    except ValueError:
        raise ScenarioError(f"{where}: turn.step: unknown step {turn.get('step')!r}",
                            hints=[s.value for s in Step]) from None
    if step == Step.SECOND_MAIN and game != "bs":
        raise ScenarioError(f"{where}: turn.step: Battle Spirits Saga has no second main step")
    players_raw = data.get("players") or {}
    if not isinstance(players_raw, Mapping) or set(players_raw) - {"A", "B"}:
        raise ScenarioError(f"{where}: players: must have A and B")
    cards: dict[str, str] = {}
    owners: dict[str, str] = {}
    players: dict[str, PlayerState] = {}

    def instance(ref: Any, owner: str, at: str, want_id: str | None = None) -> str:
        ref = str(ref)
        if ref not in defs:
            raise ScenarioError(f"{at}: no card {ref!r} in cards:", hints=sorted(k for k in defs if k != "_unknown"))
        cid = want_id or ref
        n = 2
        while cid in cards:
            cid = f"{want_id or ref}#{n}"
            n += 1
        if want_id and cid != want_id:
            raise ScenarioError(f"{at}: id {want_id!r} is used twice")
        cards[cid], owners[cid] = ref, owner
        return cid

    def pile(v: Any, owner: str, zone: str, at: str) -> tuple[str, ...]:
        if v is None:
            return ()
        if isinstance(v, int) and not isinstance(v, bool):
            out = []
            for i in range(_int(v, at)):
                cid = f"{owner}-{zone}-{i + 1}"
                cards[cid], owners[cid] = UNKNOWN.key, owner
                out.append(cid)
            return tuple(out)
        if not isinstance(v, list):
            raise ScenarioError(f"{at}: must be a count or a list of card refs")
        return tuple(instance(r, owner, f"{at}[{i}]") for i, r in enumerate(v))

    for name in ("A", "B"):
        raw = players_raw.get(name) or {}
        at = f"{where}: players.{name}"
        if not isinstance(raw, Mapping):
            raise ScenarioError(f"{at}: must be a mapping")
        bad = sorted(set(map(str, raw)) - PLAYER_KEYS)
        if bad:
            raise ScenarioError(f"{at}: unknown field {bad[0]!r}", hints=sorted(PLAYER_KEYS))
        field: list[FieldCard] = []
        soul = str(raw.get("soul_core", "reserve"))
        for i, fraw in enumerate(raw.get("field") or []):
            fat = f"{at}.field[{i}]"
            if not isinstance(fraw, Mapping) or "card" not in fraw:
                raise ScenarioError(f"{fat}: must be {{id: ID, card: REF, cores: N, state: refreshed}}")
            bad = sorted(set(map(str, fraw)) - FIELD_KEYS)
            if bad:
                raise ScenarioError(f"{fat}: unknown field {bad[0]!r}", hints=sorted(FIELD_KEYS))
            ref = str(fraw["card"])
            if ref not in defs and re.fullmatch(r"[A-Za-z]+\d*-\d+[A-Za-z]?", ref):
                defs[ref] = _real_card(ref, ref, game, fat)  # a real card by its number: card: BSS01-002
            cid = instance(ref, name, f"{fat}.card", str(fraw.get("id") or ref))
            try:
                orient = Orientation(str(fraw.get("state", "refreshed")))
            except ValueError:
                raise ScenarioError(f"{fat}.state: must be refreshed, exhausted or heavy_exhausted") from None
            if orient == Orientation.HEAVY_EXHAUSTED and game != "bs":
                raise ScenarioError(f"{fat}.state: heavy exhausted exists only in Battle Spirits Standard")
            d = defs[ref]
            if d.type == "magic":
                raise ScenarioError(f"{fat}: {ref} is a magic card; only spirits and nexuses are on the field")
            if fraw.get("soul_core"):
                soul = cid
            fc = FieldCard(id=cid, card=ref, owner=name, cores=_int(fraw.get("cores", 0), f"{fat}.cores"),
                           orientation=orient)
            n = fc.cores + (1 if soul == cid else 0)
            lv1 = min((c for _, c, _ in d.levels), default=0)
            if d.levels and n < lv1:
                raise ScenarioError(f"{fat}: {cid} has {n} core(s), fewer than its LV1 cost {lv1}: such a card "
                                    "cannot be on the field")
            field.append(fc)
        ids = {fc.id for fc in field}
        if soul not in ("reserve", "life", "trash", "void") and soul not in ids:
            raise ScenarioError(f"{at}.soul_core: must be reserve, life, trash, void or one of {name}'s field "
                                f"ids, not {soul!r}")
        burst = raw.get("burst")
        players[name] = PlayerState(
            name=name, life=_int(raw.get("life", 5), f"{at}.life"), reserve=_int(raw.get("reserve", 0), f"{at}.reserve"),
            soul_core=soul, trash_cores=_int(raw.get("trash_cores", 0), f"{at}.trash_cores"),
            deck=pile(raw.get("deck", 30), name, "deck", f"{at}.deck"),
            hand=pile(raw.get("hand"), name, "hand", f"{at}.hand"),
            trash=pile(raw.get("trash"), name, "trash", f"{at}.trash"),
            removed=pile(raw.get("removed"), name, "removed", f"{at}.removed"),
            burst=None if burst is None else instance(burst, name, f"{at}.burst"), field=tuple(field))
    first = tp if number % 2 == 1 else ("B" if tp == "A" else "A")
    return State(game=game, defs=defs, cards=cards, owners=owners, players=players, turn=number, turn_player=tp,
                 step=step, first_player=first)


__all__ = ["card_def", "load_board", "parse_card_text"]
