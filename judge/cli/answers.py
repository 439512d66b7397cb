"""What `judge term`, `judge search` and `judge card` print, as lines, without click.

A judge at a table runs these lookups between games, many times an hour: they start through
`judge.cli.fast` without click or the other command modules, and the click commands print the
very same lines (so the two ways cannot drift). Each returns an `Answer`: the lines for standard
output, the lines for standard error, and the exit code. Library errors are raised as they are.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


@dataclass
class Answer:
    """Lines for stdout and stderr, and the exit code."""

    out: list[str] = field(default_factory=list)
    err: list[str] = field(default_factory=list)
    code: int = 0


def leading_game(kb: Any, words: tuple[str, ...], game: str | None) -> tuple[str | None, tuple[str, ...]]:
    """`judge term bss Armor` and `judge search bss can a tapped spirit block`: a judge types the game
    first, as in `judge rule bss 7-1-5-2`. A first word that names a stored game is the game when more
    words follow and no --game was given; otherwise every word belongs to the query."""
    if game is None and len(words) > 1 and words[0].strip().lower() in kb.games():
        return words[0].strip().lower(), words[1:]
    return game, words


def clause_refs(r: Any) -> str:
    """`§11-5-1 (scenario cite, words), §9-3-2 (card ability)`: each clause once, with how it is linked."""
    from judge.cards.ruling_links import HOW_SHOWN

    hows: dict[str, list[str]] = {}
    for number, how in r.clause_links:
        hows.setdefault(number, []).append(HOW_SHOWN.get(how, how))
    return ", ".join(f"§{n} ({', '.join(h)})" for n, h in hows.items())


def rulings_heading(rulings: Any) -> str:
    """`Official rulings (3):` or `Official rulings (3: 2 current, 1 replaced):`."""
    old = sum(1 for r in rulings if r.replaced)
    return f"Official rulings ({len(rulings)}" + (f": {len(rulings) - old} current, {old} replaced" if old else "") + "):"


def ruling_lines(rulings: Any, kb: Any = None) -> list[str]:
    """A ruling as `judge card` and `judge rulings show` print it: who, its words, where it came
    from, whether it is cut short or replaced, the clauses and terms it is linked to, and whether
    those clauses changed since the rules version it was checked against (read on `kb` when given)."""
    from judge.cards.ruling_checks import changed_since_checked

    changed = changed_since_checked(list(rulings), kb=kb)
    out = []
    replaced_shown = False
    for r in rulings:
        if r.replaced and not replaced_shown and len(rulings) > 1:
            out.append("  replaced (kept for the record):")
            replaced_shown = True
        out.append(f"  {r.label()}{'' if r.card_known else '  [card not in the database]'}"
                   + (f"  REPLACED: {r.replaced.label()}" if r.replaced else ""))
        if r.question:
            out.append(textwrap.fill(r.question, 96, initial_indent="    Q: ", subsequent_indent="       "))
            out.append(textwrap.fill(r.answer, 96, initial_indent="    A: ", subsequent_indent="       "))
        else:
            out.append(textwrap.fill(r.answer + (" …" if r.truncated else ""), 96, initial_indent="    Ruling: ",
                                     subsequent_indent="            "))
        if r.truncated:
            out.append("    (truncated: the stored copy ends mid-sentence; the full ruling is at its source)")
        out.append(textwrap.fill(r.provenance(), 96, initial_indent="    source: ", subsequent_indent="            ",
                                 break_on_hyphens=False, break_long_words=False))   # a URL stays whole
        refs = clause_refs(r)
        if refs:
            out.append(textwrap.fill(refs, 96, initial_indent="    clauses: ", subsequent_indent="             "))
        if r.terms:
            out.append(f"    terms: {', '.join(r.terms)}")
        if r.id in changed:
            newest, numbers = changed[r.id]
            out.append(f"    recheck: {', '.join(f'§{n}' for n in numbers)} changed since rules {r.rules_version} "
                       f"(now {newest})")
    return out


def term_answer(kb: Any, word: str, game: str | None, rulings_of: Any = None) -> Answer:
    """The term's defining clause and the clauses under it, per game; then its official rulings
    (`rulings_of(game, words)`, default `judge.cards.rulings.term_rulings`)."""
    if rulings_of is None:
        from judge.cards.rulings import term_rulings as rulings_of

    hits = kb.term(word, game=game)
    rulings = {h.game: rulings_of(h.game, [word, h.term]) for h in hits}
    a = Answer()
    for i, h in enumerate(hits):
        if i:
            a.out.append("")
        a.out.append(f"{h.term} — {h.game}/{h.lang} {h.version} §{h.number} ({h.kind})")
        clauses = h.clauses or ((h.number, h.text),)
        width = max(len(n) for n, _ in clauses)
        for number, text in clauses:
            a.out.append(textwrap.fill(text, 96, initial_indent=f"    {number:<{width}}  ",
                                       subsequent_indent=" " * (width + 6)) if " " in text
                         else f"    {number:<{width}}  {text}")
    for g in [g for g in dict.fromkeys(h.game for h in hits) if rulings.get(g)]:
        a.out.append(f"\nOfficial rulings about {word} ({g}, {len(rulings[g])}):")
        a.out += ruling_lines(rulings[g], kb)
    return a


def expanded(hit: Any) -> bool:
    """Whether a hit matched a word by a synonym or by part of a word (worth saying even when all matched)."""
    return any("→" in w or w.endswith("≈") for w in hit.matched)


def hit_line(h: Any) -> str:
    words = f"  [{', '.join(h.matched)}]" if h.matched and (not h.all_words or expanded(h)) else ""
    return f"{h.game}/{h.lang} {h.version:<7} {h.number:<14} {h.snippet}{words}"


def elsewhere(kb: Any, query: str, game: str | None, lang: str | None) -> list[str]:
    """The other games whose rules match a query that one game's do not (`judge search bss ソウルコア`:
    Standard's Japanese document has it), each with how many clauses; [] when no game was asked."""
    if not game:
        return []
    out = []
    for g in kb.games():
        if g == game.lower():
            continue
        got = kb.search(query, game=g, lang=lang, limit=50)
        if got:
            out.append(f"{g} ({len(got)}{'+' if len(got) == 50 else ''} clause{'s' if len(got) != 1 else ''})")
    return out


def search_answer(kb: Any, query: str, game: str | None, lang: str | None, limit: int) -> Answer:
    """The hits, best first, each with the words it holds when not all or not as typed; no hit: what
    other games' rules hold it."""
    hits = kb.search(query, game=game, lang=lang, limit=limit)
    a = Answer()
    if not hits:
        others = elsewhere(kb, query, game, lang)
        where = f" of {game}" if game else ""
        hint = f"; {', '.join(others)} {'has' if len(others) == 1 else 'have'} it (judge search " \
               f"{others[0].split()[0]} {query})" if others else ""
        a.err.append(f"judge: no clause{where} holds any word of {query!r}{hint}")
        a.code = 1
        return a
    if not any(h.all_words for h in hits):
        a.out.append("No clause holds all the words of the question; these hold the most of them "
                     "(→ a synonym, ≈ part of a word):")
    a.out += [hit_line(h) for h in hits]
    return a


def card_summary(card: Any) -> list[str]:
    lines = [f"{card.number}  {card.name}  ({card.game}, {card.type})"]
    facts = []
    if card.colors:
        facts.append("colour " + "/".join(card.colors))
    if card.cost is not None:
        facts.append(f"cost {card.cost}")
    if card.reduction:
        facts.append("reduction " + "/".join(card.reduction))
    if card.symbols:
        facts.append("symbols " + "/".join(card.symbols))
    if card.power is not None:
        facts.append(f"power {card.power}")
    if card.rarity:
        facts.append(f"rarity {card.rarity}")
    if card.block:
        facts.append(f"block {card.block}")
    if facts:
        lines.append("  " + ", ".join(facts))
    if card.levels:
        lines.append("  levels " + ", ".join(f"LV{lv} {c} core(s) {bp} BP" if bp is not None else f"LV{lv} {c} core(s)"
                                             for lv, (c, bp) in sorted(card.levels.items())))
    for label, values in (("families", card.families), ("job", card.job), ("category", card.category),
                          ("flags", card.flags)):
        if values:
            lines.append(f"  {label}: " + ", ".join(values))
    return lines


def several_answer(exc: Any) -> Answer:
    """Several cards match: each listed (number, game, name), and one line of hint on stderr."""
    a = Answer(code=1)
    a.out = [f"  {n:<18} {g:<6} {name}" for g, n, name in exc.cards]
    first = exc.cards[0][1] if exc.cards else "NUMBER"
    a.err.append(f"judge: {exc.message} (judge card {first})")
    return a


def card_answer(query: str, game: str | None) -> Answer:
    """The card a judge's words name (judge.cards.lookup): its data, the game inferred, its text as
    a judge reads it, its abilities' trees, the engine's support of each, its official rulings."""
    from judge.cards.db import lookup_card
    from judge.cards.markup import readable
    from judge.cards.rulings import card_rulings
    from judge.engine.ruling_links import ensure_card_links
    from judge.errors import SeveralCards

    ensure_card_links()
    try:
        found = lookup_card(query, game)
    except SeveralCards as exc:
        return several_answer(exc)
    from judge.cli.card_lines import card_lines

    card = found.card
    a = Answer(out=card_summary(card))
    note = found.note(game)
    if note:
        a.out.append(f"  ({note})")
    a.out += ["", readable(card.text) or "(no text)", ""]
    tree, support = card_lines(card)
    a.out += tree
    if support:
        a.out += ["", "engine support:", *support]
    rulings = card_rulings(card.game, card.number)
    if rulings:
        a.out.append(f"\n{rulings_heading(rulings)}")
        a.out += ruling_lines(rulings)
    return a


__all__ = [
    "Answer",
    "card_answer",
    "card_summary",
    "clause_refs",
    "leading_game",
    "ruling_lines",
    "rulings_heading",
    "search_answer",
    "several_answer",
    "term_answer",
]
