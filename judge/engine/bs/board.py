"""Building the starting board from a scenario: cards (ad-hoc or from the card database), players,
turn. Card text is parsed by the card grammar (`judge.text.parse`, imported lazily); the engine
never reads text itself. Every problem is a ScenarioError naming the field path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.cards.model import Card
from judge.engine.bs.profile import profile
from judge.engine.bs.state import CardDef, FieldCard, Orientation, PlayerState, State, Step
from judge.engine.cards import is_card_number, resolve_card
from judge.errors import ScenarioError
from judge.limits import check_count

SUPER_UNLEASH_CORES = 99   # "Super Unleash" printed as the LV2 cost: no number of cores reaches it

COLORS = {"red", "purple", "white", "yellow", "green", "blue"}
UNKNOWN = CardDef(key="_unknown", name="(an unknown card)", type="magic")
CARD_KEYS = {"name", "type", "colors", "cost", "reduction", "symbols", "families", "levels", "text",
             "super_unleash", "ex_symbol", "token", "number", "soul_magic", "succession"}
PLAYER_KEYS = {"life", "reserve", "soul_core", "trash_cores", "deck", "hand", "trash", "burst", "field", "removed"}
FIELD_KEYS = {"id", "card", "cores", "state", "soul_core"}


def parse_card_text(text: str, game: str, where: str, name: str = "",
                    lexicon: Any = None) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """(abilities, unparsed pieces) from the card grammar (read once per text and game), each ability
    as the engine acts on it: the text layer's meaning passes applied (judge.text.bs.meaning).
    `lexicon`: the words the text is read against (None: the pool's, see `judge.engine.cards`)."""
    try:
        from judge.engine.cards import parse_abilities
        from judge.text.bs.meaning import meaning
    except ImportError as exc:
        raise ScenarioError(f"{where}.text: the card grammar is not available ({exc})") from exc
    try:
        abilities, unparsed = parse_abilities(text, game, name, lexicon)
        return tuple(meaning(ab) for ab in abilities), unparsed
    except Exception as exc:  # a grammar failure is reported at the card, never a traceback
        raise ScenarioError(f"{where}.text: the card grammar could not read it: {exc}") from exc


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


def adhoc_card(key: str, raw: Mapping[str, Any], game: str, where: str) -> Card:
    """The one card model (`judge.cards.model.Card`) from a scenario's inline `cards:` mapping."""
    bad = sorted(set(map(str, raw)) - CARD_KEYS)
    if bad:
        raise ScenarioError(f"{where}: unknown card field {bad[0]!r}", hints=sorted(CARD_KEYS))
    from judge.engine.cards import FLAG, LEVELS, TEXT, TEXTS, WHOLE, check_card_fields

    check_card_fields(raw, {"name": TEXT, "type": TEXT, "colors": TEXTS, "cost": WHOLE, "reduction": TEXTS,
                            "symbols": TEXTS, "families": TEXTS, "levels": LEVELS, "text": TEXT,
                            "super_unleash": FLAG, "ex_symbol": FLAG, "token": FLAG, "number": TEXT,
                            "soul_magic": TEXTS}, where, strict_text=("text", "type", "families"))
    ctype = str(raw.get("type", "")).lower()
    if ctype not in ("spirit", "nexus", "magic"):
        raise ScenarioError(f"{where}.type: must be spirit, nexus or magic, not {raw.get('type')!r}")
    levels: dict[int, tuple[int, int | None]] = {}
    flags = [f for f in ("super_unleash", "ex_symbol", "token", "succession") if raw.get(f)]
    lv_raw = raw.get("levels") or {}
    if not isinstance(lv_raw, Mapping):
        raise ScenarioError(f"{where}.levels: must map levels to {{cores: N, bp: N}}")
    for lv, spec in lv_raw.items():
        at = f"{where}.levels.{lv}"
        if not isinstance(spec, Mapping):
            raise ScenarioError(f"{at}: must be {{cores: N, bp: N}}")
        cores = spec.get("cores")
        if isinstance(cores, str) and cores.lower().replace(" ", "_") == "super_unleash":
            flags.append("super_unleash")
            cores = SUPER_UNLEASH_CORES
        bp = spec.get("bp")
        level = _int(int(lv) if str(lv).isdigit() else lv, f"{at} (level)")
        levels[level] = (_int(cores, f"{at}.cores"), None if bp is None else _int(bp, f"{at}.bp"))
    if ctype == "spirit" and not levels:
        raise ScenarioError(f"{where}.levels: a spirit needs at least LV1 {{cores: N, bp: N}}")
    if raw.get("soul_magic") is not None:
        flags.append("soul_magic:" + ",".join(_colors(raw["soul_magic"], f"{where}.soul_magic")))
    return Card(game=game, number=key, name=str(raw.get("name") or key), type=ctype,
                colors=_colors(raw.get("colors"), f"{where}.colors"), cost=_int(raw.get("cost"), f"{where}.cost", 0),
                reduction=_colors(raw.get("reduction"), f"{where}.reduction"),
                symbols=_colors(raw.get("symbols"), f"{where}.symbols"),
                families=tuple(map(str, raw.get("families") or ())), levels=levels,
                text=str(raw.get("text") or ""), flags=tuple(dict.fromkeys(flags)), source="scenario")


def card_def_from(card: Card, key: str, game: str, where: str, lexicon: Any = None) -> CardDef:
    """The one adapter from the card model to the engine's card definition (text parsed once, against
    `lexicon`: None for the pool's words)."""
    ctype = str(card.type).lower()
    if ctype not in ("spirit", "nexus", "magic"):
        raise ScenarioError(f"{where}: {card.number} is a {card.type!r} card, not a Battle Spirits spirit, nexus "
                            "or magic")
    levels = tuple(sorted((int(lv), int(cb[0]), None if cb[1] is None else int(cb[1]))
                          for lv, cb in (card.levels or {}).items()))
    if ctype == "nexus" and not levels:
        levels = ((1, 0, None),)
    real = card.source != "scenario"
    abilities, unparsed = parse_card_text(card.text or "", game, where, card.name if real else "", lexicon)
    flags = set(card.flags)
    soul = next((f.split(":", 1)[1] for f in card.flags if f.startswith("soul_magic:")), None)
    return CardDef(key=key, name=card.name, type=ctype, colors=tuple(card.colors or ()), cost=int(card.cost or 0),
                   reduction=tuple(card.reduction or ()), symbols=tuple(card.symbols or ()),
                   families=tuple(card.families or ()), levels=levels, text=card.text or "", abilities=abilities,
                   unparsed=unparsed, super_unleash="super_unleash" in flags, ex_symbol="ex_symbol" in flags,
                   token="token" in flags, succession="succession" in flags,
                   soul_magic=None if soul is None else tuple(c for c in soul.split(",") if c),
                   number=card.number if real else None)


def card_def(key: str, raw: Any, game: str, where: str, lexicon: Any = None) -> CardDef:
    """A CardDef from a scenario's `cards:` entry (a mapping, a real card number, or {number: N})."""
    if isinstance(raw, str):
        return card_def_from(resolve_card(raw, profile(game).printings, where), key, game, where, lexicon)
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{where}: a card is a mapping (name, type, cost, …) or a card number")
    if raw.get("number"):
        return card_def_from(resolve_card(str(raw["number"]), profile(game).printings, where), key, game, where,
                             lexicon)
    return card_def_from(adhoc_card(key, raw, game, where), key, game, where, lexicon)


def scenario_lexicon(inline: list[Card]) -> Any:
    """The words card text is read against when a scenario defines cards of its own (BSS 2-5, 2-3):
    the pool's, and those cards' families, names and bracketed keywords, with the spirit types their
    texts name in a type's place (`judge.text.lexicon.named_families`) — a card nobody imported reads
    "your <Type> spirits" as a card of the database does, as FFTCG's loader does (None: none defined)."""
    if not inline:
        return None
    from judge.engine.cards import pool_lexicon
    from judge.text.lexicon import Lexicon, default_lexicon

    return (pool_lexicon() or default_lexicon()).merged(Lexicon.from_cards(inline))


class _Cards:
    """The card definitions and instances of a board being built: every zone names cards the same way."""

    def __init__(self, defs: dict[str, CardDef], game: str) -> None:
        self.defs, self.game = defs, game
        self.cards: dict[str, str] = {}
        self.owners: dict[str, str] = {}

    def ref(self, ref: Any, at: str) -> str:
        """A card reference: a key of `cards:` or a real card number (looked up once)."""
        ref = str(ref)
        if ref not in self.defs:
            if not is_card_number(ref):
                raise ScenarioError(f"{at}: no card {ref!r} in cards: (and it is not a card number)",
                                    hints=sorted(k for k in self.defs if k != UNKNOWN.key)[:8])
            self.defs[ref] = card_def(ref, ref, self.game, at)
        return ref

    def instance(self, ref: Any, owner: str, at: str, want_id: str | None = None) -> str:
        ref = self.ref(ref, at)
        cid = want_id or ref
        n = 2
        while cid in self.cards:
            cid = f"{want_id or ref}#{n}"
            n += 1
        if want_id and cid != want_id:
            raise ScenarioError(f"{at}: id {want_id!r} is used twice")
        self.cards[cid], self.owners[cid] = ref, owner
        return cid

    def entry(self, v: Any, owner: str, at: str) -> str:
        """A pile entry: a reference, or {id: h1, card: REF}."""
        if isinstance(v, Mapping):
            bad = sorted(set(map(str, v)) - {"id", "card"})
            if bad or "card" not in v:
                raise ScenarioError(f"{at}: a pile entry is a card reference or {{id: h1, card: REF}}")
            return self.instance(v["card"], owner, at, None if v.get("id") is None else str(v["id"]))
        return self.instance(v, owner, at)

    def unknown(self, owner: str, zone: str, n: int) -> tuple[str, ...]:
        out = []
        start = sum(1 for c in self.cards if c.startswith(f"{owner}-{zone}-"))
        for i in range(n):
            cid = f"{owner}-{zone}-{start + i + 1}"
            self.cards[cid], self.owners[cid] = UNKNOWN.key, owner
            out.append(cid)
        return tuple(out)

    def pile(self, v: Any, owner: str, zone: str, at: str) -> tuple[str, ...]:
        """A zone: a count of unknown cards, a list (top first), or {top: [...], count: N}."""
        if v is None:
            return ()
        if isinstance(v, int) and not isinstance(v, bool):
            return self.unknown(owner, zone, check_count(_int(v, at), at))
        if isinstance(v, Mapping):
            bad = sorted(set(map(str, v)) - {"top", "count"})
            if bad:
                raise ScenarioError(f"{at}: unknown field {bad[0]!r}", hints=["top", "count"])
            top = v.get("top") or []
            if not isinstance(top, list):
                raise ScenarioError(f"{at}.top: must be a list of card references (top card first)")
            known = tuple(self.entry(r, owner, f"{at}.top[{i}]") for i, r in enumerate(top))
            return known + self.unknown(owner, zone, check_count(_int(v.get("count", 0), f"{at}.count"), f"{at}.count"))
        if not isinstance(v, list):
            raise ScenarioError(f"{at}: must be a count, a list of card references or {{top: [...], count: N}}")
        return tuple(self.entry(r, owner, f"{at}[{i}]") for i, r in enumerate(v))


def _turn(data: Mapping[str, Any], game: str, where: str) -> tuple[str, int, Step]:
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
    if step == Step.SECOND_MAIN and not profile(game).second_main_step:
        raise ScenarioError(f"{where}: turn.step: Battle Spirits Saga has no second main step")
    return tp, number, step


def _field(b: _Cards, raw: Mapping[str, Any], name: str, at: str, soul: str) -> tuple[list[FieldCard], str]:
    field: list[FieldCard] = []
    entries = raw.get("field") or []
    if not isinstance(entries, list):
        raise ScenarioError(f"{at}.field: must be a list of {{id: ID, card: REF, cores: N}}")
    for i, fraw in enumerate(entries):
        fat = f"{at}.field[{i}]"
        if not isinstance(fraw, Mapping) or "card" not in fraw:
            raise ScenarioError(f"{fat}: must be {{id: ID, card: REF, cores: N, state: refreshed}}")
        bad = sorted(set(map(str, fraw)) - FIELD_KEYS)
        if bad:
            raise ScenarioError(f"{fat}: unknown field {bad[0]!r}", hints=sorted(FIELD_KEYS))
        ref = b.ref(fraw["card"], f"{fat}.card")
        cid = b.instance(ref, name, f"{fat}.card", str(fraw.get("id") or ref))
        try:
            orient = Orientation(str(fraw.get("state", "refreshed")))
        except ValueError:
            raise ScenarioError(f"{fat}.state: must be refreshed, exhausted or heavy_exhausted") from None
        if orient == Orientation.HEAVY_EXHAUSTED and not profile(b.game).heavy_exhaust:
            raise ScenarioError(f"{fat}.state: heavy exhausted exists only in Battle Spirits Standard")
        d = b.defs[ref]
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
    return field, soul


def _player(b: _Cards, raw: Any, name: str, at: str) -> PlayerState:
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{at}: must be a mapping")
    bad = sorted(set(map(str, raw)) - PLAYER_KEYS)
    if bad:
        raise ScenarioError(f"{at}: unknown field {bad[0]!r}", hints=sorted(PLAYER_KEYS))
    field, soul = _field(b, raw, name, at, str(raw.get("soul_core", "reserve")))
    ids = {fc.id for fc in field}
    if soul not in ("reserve", "life", "trash", "void") and soul not in ids:
        raise ScenarioError(f"{at}.soul_core: must be reserve, life, trash, void or one of {name}'s field "
                            f"ids, not {soul!r}")
    burst = raw.get("burst")
    return PlayerState(
        name=name, life=_int(raw.get("life", 5), f"{at}.life"), reserve=_int(raw.get("reserve", 0), f"{at}.reserve"),
        soul_core=soul, trash_cores=_int(raw.get("trash_cores", 0), f"{at}.trash_cores"),
        deck=b.pile(raw.get("deck", 30), name, "deck", f"{at}.deck"),
        hand=b.pile(raw.get("hand"), name, "hand", f"{at}.hand"),
        trash=b.pile(raw.get("trash"), name, "trash", f"{at}.trash"),
        removed=b.pile(raw.get("removed"), name, "removed", f"{at}.removed"),
        burst=None if burst is None else b.entry(burst, name, f"{at}.burst"), field=tuple(field))


def load_board(data: Mapping[str, Any], game: str, where: str) -> State:
    """The starting State of a scenario."""
    defs: dict[str, CardDef] = {UNKNOWN.key: UNKNOWN}
    cards_raw = data.get("cards") or {}
    if not isinstance(cards_raw, Mapping):
        raise ScenarioError(f"{where}: cards: must map card refs to cards")
    inline = {str(k): adhoc_card(str(k), raw, game, f"{where}: cards.{k}") for k, raw in cards_raw.items()
              if isinstance(raw, Mapping) and not raw.get("number")}   # built once: their words, then their text
    lexicon = scenario_lexicon(list(inline.values()))
    for key, raw in cards_raw.items():
        at = f"{where}: cards.{key}"
        defs[str(key)] = card_def_from(inline[str(key)], str(key), game, at, lexicon) if str(key) in inline \
            else card_def(str(key), raw, game, at, lexicon)
    tp, number, step = _turn(data, game, where)
    players_raw = data.get("players") or {}
    if not isinstance(players_raw, Mapping) or set(players_raw) - {"A", "B"}:
        raise ScenarioError(f"{where}: players: must have A and B")
    b = _Cards(defs, game)
    players = {name: _player(b, players_raw.get(name) or {}, name, f"{where}: players.{name}") for name in ("A", "B")}
    first = tp if number % 2 == 1 else ("B" if tp == "A" else "A")
    return State(game=game, defs=defs, cards=b.cards, owners=b.owners, players=players, turn=number,
                 turn_player=tp, step=step, first_player=first)


__all__ = ["adhoc_card", "card_def", "card_def_from", "load_board", "parse_card_text", "scenario_lexicon"]
