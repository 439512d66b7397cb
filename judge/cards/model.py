"""One card model for every game; game-specific fields are optional.

The printed text is kept verbatim (`text`, in the project's convention: one ability per line);
the parsed abilities are derived from it on demand by the text layer (`judge.text.cache.parse_card`,
which this package never imports: cards know nothing of text), so a grammar improvement never needs
a re-import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

GAMES = ("bss", "bs", "fftcg")

#: Card numbers as printed: BSS02-016, ST01-003, 26RSD01-001, CB01-045, 16-015H, PR-001, 1-001H.
CARD_NUMBER = re.compile(r"^[A-Z0-9]{1,10}(-[A-Z0-9]{1,6}){1,2}$")


@dataclass(frozen=True, kw_only=True)
class Card:
    """A card as printed: identity, characteristics, and its verbatim text."""

    game: str
    number: str
    name: str
    type: str                                   # spirit | nexus | magic | forward | backup | ...
    colors: tuple[str, ...] = ()                # BS colours / FFTCG elements, lower case
    cost: int | None = None
    reduction: tuple[str, ...] = ()             # BS reduction symbols (colours)
    symbols: tuple[str, ...] = ()               # BS symbols (colours)
    levels: dict[int, tuple[int, int | None]] = field(default_factory=dict)  # lv → (cores, bp)
    families: tuple[str, ...] = ()              # BS families (spirit types)
    job: tuple[str, ...] = ()                   # FFTCG Job
    category: tuple[str, ...] = ()              # FFTCG Category
    power: int | None = None                    # FFTCG power
    rarity: str = ""
    set: str = ""
    block: str = ""                             # BS block icon ("A", "B", or a number); "" unknown
    flags: tuple[str, ...] = ()                 # ex_burst, generic, limit_break, light, dark, ...
    text: str = ""                              # the project's text convention, one ability a line
    source: str = ""                            # where it came from (file name / format)

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(GAMES)}, not {self.game!r}")
        if not self.number or not self.number.strip():
            raise ValueError("card number is empty")
        if not self.name or not self.name.strip():
            raise ValueError("card name is empty")
        if self.cost is not None and self.cost < 0:
            raise ValueError(f"cost must not be negative ({self.cost})")
        for lv, value in self.levels.items():
            if not isinstance(lv, int) or lv < 0 or len(value) != 2:
                raise ValueError(f"level {lv!r} must be an integer with (cores, bp)")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (levels keyed by level number as strings)."""
        out: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if name == "levels":
                value = {str(k): {"cores": v[0], "bp": v[1]} for k, v in sorted(value.items())}
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        """The inverse of `to_dict` (used by the card store)."""
        data = dict(data)
        levels = data.get("levels") or {}
        data["levels"] = {int(k): (v["cores"], v["bp"]) if isinstance(v, dict) else tuple(v)
                          for k, v in levels.items()}
        for name, f in cls.__dataclass_fields__.items():
            if name in data and isinstance(data[name], list) and "tuple" in str(f.type):
                data[name] = tuple(data[name])
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


__all__ = ["CARD_NUMBER", "GAMES", "Card"]
