"""Battle Spirits timing labels → an Ability's timing id (and its trigger, when the id does not say it).

A label is read by the grammar as "When" an event, "While" an event lasts, "During" a step or
turn, or "End of" a turn (BSS 8-1-5-1, 10-11, 10-12, 10-15; BS 12-2-1). The engine and the link
tables know a label by a timing id: the labels of the rules' own vocabulary get their fixed ids
(`LABELS`, keyed by the typed event); any other "When …" label is the trigger of an event
(timing `event`, the typed event kept as the ability's condition), so a new label is still read
with its meaning (its event, its subject, its cause), never by its words.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from judge.text.ast import Condition, Player

#: (mode, who, event, by) → timing id, for the labels the rules name (BSS 8-1-5-1, 10-11, 10-12,
#: 10-15; BS 12-2-1-6..12). `who` is "self" (the card: "This Spirit", or no subject), "you" or
#: "opponent"; `by` is who caused it, or None.
LABELS: dict[tuple[str, str, str, str | None], str] = {
    ("when", "self", "summoned", None): "when_summoned",
    ("when", "self", "placed", None): "when_placed",
    ("when", "self", "deployed", None): "when_deployed",
    ("when", "self", "destroyed", None): "when_destroyed",
    ("when", "self", "destroyed", "opponent"): "when_destroyed_by_opponent",
    ("when", "self", "attacks", None): "when_attacks",
    ("when", "self", "blocks", None): "when_blocks",
    ("when", "self", "attacks_or_blocks", None): "when_attacks_or_blocks",
    ("when", "self", "summoned_or_attacks", None): "when_summoned_or_attacks",
    ("when", "self", "summoned_or_destroyed", None): "when_summoned_or_destroyed",
    ("when", "self", "linked", None): "when_linked",
    ("when", "self", "links", None): "when_links",
    ("while", "self", "attacks", None): "while_attacks",
    ("while", "self", "blocks", None): "while_blocks",
    ("while", "self", "attacks_or_blocks", None): "while_attacks_or_blocks",
    ("while", "self", "linked", None): "while_linked",
    ("when", "you", "loses_life", None): "when_you_lose_life",
    ("when", "opponent", "destroys", "your"): "when_opponent_destroys_your_spirit",
    ("when", "opponent", "destroys", "self"): "when_opponent_destroys_this_spirit",
}

#: Steps and turns of a "During …" label (BSS 6): the words → the step id.
STEP_IDS: dict[str, str] = {"attack": "attack_step", "main": "main_step", "end": "end_step",
                            "start": "start_step", "core": "core_step", "draw": "draw_step",
                            "refresh": "refresh_step"}


def who_of(sel: object) -> str | None:
    """"self" for the card itself, "you" / "opponent" for a player, None for anything else."""
    if sel is None:
        return "self"
    if isinstance(sel, Player):
        return {Player.YOU: "you", Player.OPPONENT: "opponent"}.get(sel)
    if getattr(sel, "self_ref", False):
        return "self"
    return None


def event_timing(mode: str, cond: Condition) -> str | None:
    """The fixed timing id of a "When / While <event>" label, or None (a trigger like any other)."""
    who = who_of(cond.player) if cond.player is not None else who_of(cond.selector)
    by = None
    if cond.by is not None:
        if cond.by.unit not in (None, "player"):
            return None      # "By Opponent's Effect", "by an attack": narrower than the rules' label, kept as said
        by = "opponent" if cond.by.owner is Player.OPPONENT else None
    if cond.event == "destroys" and cond.object is not None:
        by = "self" if cond.object.self_ref else "your" if cond.object.owner is Player.YOU else None
    if who is None or cond.negated or cond.conditions or cond.qualifiers or cond.zone is not None:
        return None          # "When Destroyed in Battle": the fixed label would drop how it happened
    fixed = LABELS.get((mode, who, cond.event or "", by))
    if fixed is None and mode == "when" and who == "self" and by is None and "_or_" in (cond.event or ""):
        # "When Placed or Destroyed", "When This Spirit Blocks or Is Destroyed": either of the card's
        # own events (BSS 8-1-5-1), each with its fixed id — the timing joins them as "/" labels do
        ids = [LABELS.get(("when", "self", part, None)) for part in (cond.event or "").split("_or_")]
        if all(ids):
            return "when_" + "_or_".join(i.removeprefix("when_") for i in ids if i)
    return fixed


def part_timing(part: tuple) -> tuple[str, Condition | None]:
    """One transformed label part → (timing id, the trigger when the id does not carry it)."""
    mode = part[0]
    if mode in ("when", "while"):
        cond: Condition = part[1]
        fixed = event_timing(mode, cond)
        if fixed is not None:
            return fixed, None
        return ("event" if mode == "when" else "while_event"), cond
    if mode == "during":
        _, who, step = part
        return f"during_{who}_{step}", None
    if mode == "during_battle":
        return ("while_attacks" if part[1] == "attack" else "while_blocks"), None
    if mode == "end":
        return f"end_of_{part[1]}_turn", None
    if mode == "end_battle":
        return "end_of_battle", None
    raise ValueError(f"unknown label part {mode!r}")


def label_timing(parts: list[tuple]) -> tuple[str, Condition | None]:
    """A whole label (parts joined by "/") → (timing id, trigger or None)."""
    timings = [part_timing(p) for p in parts]
    if len(timings) == 1:
        return timings[0]
    ids = [t for t, _ in timings]
    triggers = [c for _, c in timings if c is not None]
    if all(i.startswith("when_") for i in ids) and not triggers:
        # "When Summoned/When This Spirit Attacks": either event (BSS 8-1-5-1)
        return "when_" + "_or_".join(i[len("when_"):] for i in ids), None
    trigger = triggers[0] if len(triggers) == 1 else (
        Condition(kind="any", text="", conditions=tuple(triggers)) if triggers else None)
    return "_or_".join(ids), trigger


#: How a quoted label's parse tree becomes its parts: the game's Transformer, put here by
#: judge.text.bs.transform (which imports this module), so that this module never imports it back.
LABEL_READER: list[Any] = []


@lru_cache(maxsize=512)
def label_timing_of_words(words: str) -> str:
    """The timing id of a label quoted in the text ("with a “When This Spirit Blocks” effect"):
    the quoted words are read by the grammar's own `label` rule, as a printed label is."""
    from lark import Tree

    from judge.text.grammar import load_parser

    try:
        tree = load_parser("bss").parse(words, start="label")
    except Exception:
        raise ValueError(f"not a timing label: {words!r}") from None
    parts = LABEL_READER[0](words, Tree("label", tree.children) if tree.data != "label" else tree)
    timing, trigger = label_timing(parts)
    if trigger is not None:
        raise ValueError(f"a quoted effect names an unknown timing: {words!r}")
    return timing


__all__ = ["LABELS", "LABEL_READER", "STEP_IDS", "event_timing", "label_timing", "label_timing_of_words", "part_timing"]
