"""The ingester on a small made-up document: each oddity the real sources carry, in isolation."""

from __future__ import annotations

from judge.rules.ingest import parse_numbered

DOC = """# Sample Rules

Version 2.0

# Contents

1 Basics\t2
2 Playing\t3

## 1 Basics

# 1-1 Cards

- 1-1-1 A card is a card.
- 1-1-2 A deck holds cards, and a player may look at
  the top card. 1-1-3 This clause was run into the line above.
- 1-1-3-1 Sub-clause of the split one.
- 1-1-3-1 Printed twice by mistake.
- 1-1-3-1-2 The sequence shows the repeat meant 1-1-3-1-1.

## 2 Playing

2-1 Turns

2-1-1 Players take turns (see 1-1-2).
March 3, 2020
2-1-2 A date line inside the body is not a change log.

##

January 5, 2021

- · Changed 1-1-2.
- Added 2-1-1 and 2-1-2.
"""


def test_generic_toc_header_and_titles() -> None:
    p = parse_numbered(DOC, "dash", "en")
    assert p.toc == ["1 Basics", "2 Playing"]
    assert p.header == ["Sample Rules", "Version 2.0"]
    numbers = [c.number for c in p.clauses]
    assert numbers[:2] == ["1", "1-1"]
    assert p.clauses[1].title == "Cards"


def test_generic_wrapped_line_rejoined_and_run_together_clause_split() -> None:
    p = parse_numbered(DOC, "dash", "en")
    by = {c.id: c for c in p.clauses}
    assert by["1-1-2"].text == "A deck holds cards, and a player may look at the top card."
    assert by["1-1-3"].text == "This clause was run into the line above."
    assert any(a["kind"] == "split" and a["number"] == "1-1-3" for a in p.anomalies)


def test_generic_repeat_gets_unique_id_and_likely_number() -> None:
    p = parse_numbered(DOC, "dash", "en")
    rep = [a for a in p.anomalies if a["kind"] == "repeated"]
    assert [(a["number"], a["likely"]) for a in rep] == [("1-1-3-1#2", "1-1-3-1-1")]
    by = {c.id: c for c in p.clauses}
    assert by["1-1-3-1#2"].parent == "1-1-3-1"


def test_generic_date_in_body_is_not_a_change_log_but_the_real_one_is() -> None:
    p = parse_numbered(DOC, "dash", "en")
    assert "2-1-2" in {c.number for c in p.clauses}
    log = {(c["date"], c["action"], c["number"]) for c in p.changes}
    assert log == {("2021-01-05", "changed", "1-1-2"), ("2021-01-05", "added", "2-1-1"),
                   ("2021-01-05", "added", "2-1-2")}
    assert any(a["kind"] == "unattached" and "March 3, 2020" in a["message"] for a in p.anomalies)


def test_generic_dot_numbering_with_updated_list() -> None:
    doc = "Updated\n\n2.1.2.\n\nContents\n\n1. Start\t1\n2. Play\t1\n\n1. Start\n\n- 1.1. First.\n\n" \
          "2. Play\n\n2.1. Turns\n\n2.1.1. One.\n\n2.1.2. Two, as in 1.1.\n"
    p = parse_numbered(doc, "dot", "en")
    assert [c.number for c in p.clauses] == ["1", "1.1", "2", "2.1", "2.1.1", "2.1.2"]
    assert p.changes == [{"date": "", "action": "updated", "line": 3, "number": "2.1.2"}]
