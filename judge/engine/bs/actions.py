"""Battle Spirits actions as frozen values, and reading them from a scenario's `actions:` entries.

Each action names its player; choices a player makes along the way (targets, the order of
simultaneous triggers, where cores come from) travel with the action or follow as `choose`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.errors import ScenarioError, nearest


@dataclass(frozen=True, kw_only=True)
class Action:
    """Base: who acts, and the choices supplied with the action (consumed in order)."""

    player: str
    targets: tuple[Any, ...] = ()
    order: tuple[str, ...] = ()
    answers: tuple[Any, ...] = ()          # `choose:` beside the verb: the first decision it asks


@dataclass(frozen=True, kw_only=True)
class Summon(Action):
    card: str
    source: str = "hand"
    cores: int | None = None               # cores placed on it (default: its LV1 cost)
    pay_from: Mapping[str, int] = field(default_factory=dict)
    pay_soul_core: bool = False
    soul_core_on: bool = False             # put the soul core on it (bs Super Unleash)
    as_id: str | None = None
    ascend: str | None = None              # 【Ascend】: the spirit whose cores go to the reserve
    succession: tuple[str, ...] = ()       # bs 《Succession》: EX cards removed from the trash
    free: bool = False


@dataclass(frozen=True, kw_only=True)
class Place(Summon):
    """Place (deploy) a nexus: the same procedure as a summon (10-7 / 11-2)."""


@dataclass(frozen=True, kw_only=True)
class UseMagic(Action):
    card: str
    effect: str | None = None              # main | flash
    ability: int | None = None             # which of its abilities (0 = first line), as `activate:` takes
    pay_from: Mapping[str, int] = field(default_factory=dict)
    pay_soul_core: bool = False
    soul_magic: bool = False
    succession: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class MoveCores(Action):
    count: int                             # with soul_core, the soul core is one of them
    source: str                            # reserve | field card id
    dest: str
    soul_core: bool = False


@dataclass(frozen=True, kw_only=True)
class SetBurst(Action):
    card: str


@dataclass(frozen=True, kw_only=True)
class Activate(Action):
    card: str
    ability: int = 0
    cores_from: Mapping[str, int] = field(default_factory=dict)   # 【Awaken】


@dataclass(frozen=True, kw_only=True)
class Attack(Action):
    card: str


@dataclass(frozen=True, kw_only=True)
class Block(Action):
    card: str


@dataclass(frozen=True, kw_only=True)
class NoBlock(Action):
    pass


@dataclass(frozen=True, kw_only=True)
class Pass(Action):
    pass


@dataclass(frozen=True, kw_only=True)
class EndStep(Action):
    pass


@dataclass(frozen=True, kw_only=True)
class Choose(Action):
    choice: Any = None


@dataclass(frozen=True, kw_only=True)
class Concede(Action):
    pass


VERBS = ("summon", "place", "magic", "move_cores", "set_burst", "activate", "attack", "block", "no_block",
         "pass", "end_step", "choose", "concede")
COMMON = {"player", "targets", "order", "alternatives", "note", "choose"}
EXTRA = {
    "summon": {"from", "cores", "pay_from", "pay_soul_core", "soul_core_on", "as", "ascend", "succession", "free"},
    "place": {"from", "cores", "pay_from", "pay_soul_core", "soul_core_on", "as", "succession", "free"},
    "magic": {"effect", "ability", "pay_from", "pay_soul_core", "soul_magic", "succession"},
    "move_cores": {"from", "to", "soul_core"},
    "activate": {"ability", "cores_from"},
}


def _str(raw: Mapping[str, Any], key: str, where: str) -> str:
    v = raw.get(key)
    if not isinstance(v, str | int) or isinstance(v, bool) or str(v) == "":
        raise ScenarioError(f"{where}.{key}: must name a card (a card id or ref)")
    return str(v)


def _list(v: Any, where: str) -> tuple[Any, ...]:
    if v is None:
        return ()
    if isinstance(v, list | tuple):
        return tuple(v)
    if isinstance(v, str | int):
        return (v,)
    raise ScenarioError(f"{where}: must be a list")


def _counts(v: Any, where: str) -> dict[str, int]:
    if v is None:
        return {}
    if not isinstance(v, Mapping) or not all(isinstance(n, int) and n >= 0 for n in v.values()):
        raise ScenarioError(f"{where}: must map places (reserve or card ids) to core counts")
    return {str(k): int(n) for k, n in v.items()}


def parse_action(raw: Mapping[str, Any], where: str) -> Action:
    """The typed action for one scenario entry; ScenarioError naming the field when malformed."""
    verbs = [v for v in VERBS if v in raw and v != "choose"] or (["choose"] if "choose" in raw else [])
    if len(verbs) != 1:
        typed = [str(k) for k in raw if k not in COMMON and k not in VERBS]
        near = [v for k in typed for v in nearest(k, VERBS, 1)]
        meant = f" ({typed[0]!r}: did you mean {near[0]!r}?)" if near else ""
        raise ScenarioError(f"{where}: an action needs exactly one of {', '.join(VERBS)}{meant}",
                            hints=[v for v in VERBS if v in raw])
    verb = verbs[0]
    allowed = COMMON | {verb} | EXTRA.get(verb, set())
    unknown = sorted(set(map(str, raw)) - allowed)
    if unknown:
        raise ScenarioError(f"{where}: unknown field {unknown[0]!r} for {verb.replace('_', ' ')!r}",
                            hints=sorted(allowed))
    player = raw.get("player")
    if player not in ("A", "B"):
        raise ScenarioError(f"{where}.player: must be A or B, not {player!r}")
    targets = _list(raw.get("targets"), f"{where}.targets")
    order = tuple(map(str, _list(raw.get("order"), f"{where}.order")))
    base: dict[str, Any] = {"player": player, "targets": targets, "order": order,
                            "answers": (raw["choose"],) if verb != "choose" and "choose" in raw else ()}
    if verb in ("summon", "place"):
        cores = raw.get("cores")
        if cores is not None and (not isinstance(cores, int) or cores < 0):
            raise ScenarioError(f"{where}.cores: must be a whole number of cores")
        cls = Summon if verb == "summon" else Place
        return cls(**base, card=_str(raw, verb, where), source=str(raw.get("from", "hand")), cores=cores,
                   pay_from=_counts(raw.get("pay_from"), f"{where}.pay_from"),
                   pay_soul_core=bool(raw.get("pay_soul_core", False)),
                   soul_core_on=bool(raw.get("soul_core_on", False)),
                   as_id=None if raw.get("as") is None else str(raw["as"]),
                   ascend=None if raw.get("ascend") is None else str(raw["ascend"]),
                   succession=tuple(map(str, _list(raw.get("succession"), f"{where}.succession"))),
                   free=bool(raw.get("free", False)))
    if verb == "magic":
        eff = raw.get("effect")
        if eff is not None and eff not in ("main", "flash"):
            raise ScenarioError(f"{where}.effect: must be main or flash, not {eff!r}")
        ab = raw.get("ability")
        if ab is not None and (not isinstance(ab, int) or isinstance(ab, bool) or ab < 0):
            raise ScenarioError(f"{where}.ability: must be the ability's index (0 = first line)")
        return UseMagic(**base, card=_str(raw, "magic", where), effect=eff, ability=ab,
                        pay_from=_counts(raw.get("pay_from"), f"{where}.pay_from"),
                        pay_soul_core=bool(raw.get("pay_soul_core", False)),
                        soul_magic=bool(raw.get("soul_magic", False)),
                        succession=tuple(map(str, _list(raw.get("succession"), f"{where}.succession"))))
    if verb == "move_cores":
        n = raw.get("move_cores")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ScenarioError(f"{where}.move_cores: must be a number of cores")
        if "from" not in raw or "to" not in raw:
            raise ScenarioError(f"{where}: move_cores needs from: and to: (reserve or a card id)")
        return MoveCores(**base, count=n, source=str(raw["from"]), dest=str(raw["to"]),
                         soul_core=bool(raw.get("soul_core", False)))
    if verb == "set_burst":
        return SetBurst(**base, card=_str(raw, "set_burst", where))
    if verb == "activate":
        ab = raw.get("ability", 0)
        if not isinstance(ab, int) or ab < 0:
            raise ScenarioError(f"{where}.ability: must be the ability's index (0 = first line)")
        return Activate(**base, card=_str(raw, "activate", where), ability=ab,
                        cores_from=_counts(raw.get("cores_from"), f"{where}.cores_from"))
    if verb == "attack":
        return Attack(**base, card=_str(raw, "attack", where))
    if verb == "block":
        return Block(**base, card=_str(raw, "block", where))
    if verb == "no_block":
        return NoBlock(**base)
    if verb == "pass":
        return Pass(**base)
    if verb == "end_step":
        return EndStep(**base)
    if verb == "concede":
        return Concede(**base)
    return Choose(player=player, choice=raw.get("choose"), order=order)


__all__ = ["Action", "Activate", "Attack", "Block", "Choose", "Concede", "EndStep", "MoveCores", "NoBlock",
           "Pass", "Place", "SetBurst", "Summon", "UseMagic", "parse_action"]
