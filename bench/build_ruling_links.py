"""Build `cards/ruling-links.json`: the clauses each official ruling's scenario cites.

Run: python bench/build_ruling_links.py [--check]

tests/ is not installed, so the links a person made by setting a ruling up as a scenario
(tests/rulings/**/*.yaml: the deciding clauses in its expectations' `cites`) are gathered here into
a data file the package ships. A scenario names its ruling in `source:` as
`"<corpus file stem> <card number or topic> #<n> (index <i>)"` — the i-th record (0-based) of
`../shared/corpus/<stem>.json` — or `"<stem> <card number> #<i>"` (the FFTCG FAQ suite's form, #i the
record index); the record must be about that card number. The file names
each ruling by its key (`judge.cards.ruling_formats.ruling_key`, a hash of its words) and each
clause by number: it carries no ruling's words. `--check` exits 1 when the committed file differs
from what would be built (run it after adding or editing a rulings scenario, then commit the file).
Needs the corpus beside the project; without it the script says so and changes nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
OUT = REPO / "cards" / "ruling-links.json"
#: `bss-qa-cards BSS02-127 #1 (index 128)` (#n: the card's n-th ruling; the record index in brackets) or
#: `fftcg-faq 19-001R #0` (no brackets: #N is the record index, 0-based)
SOURCE = re.compile(r"^(?P<stem>[\w.-]+)\s+(?P<about>.*?)\s*(?:#(?P<hash>\d+))?\s*(?:\(index (?P<index>\d+)\))?\s*$")


def _cites(node: object) -> list[str]:
    """Every clause number under a `cites` key anywhere in an expectation."""
    out: list[str] = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "cites" and isinstance(v, list):
                out += [str(x) for x in v]
            else:
                out += _cites(v)
    elif isinstance(node, list):
        for v in node:
            out += _cites(v)
    return out


def build(tests: Path = REPO / "tests" / "rulings", corpus: Path = CORPUS) -> tuple[dict, list[str]]:
    """(the links document, problems found): one entry per ruling key."""
    from judge.cards.ruling_formats import FORMAT_GAME, detect, record_key

    files: dict[str, tuple[str, list]] = {}
    rulings: dict[str, dict] = {}
    problems: list[str] = []
    for path in sorted(tests.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        source = str(data.get("source") or "")
        m = SOURCE.match(source)
        if not m or (m["index"] is None and m["hash"] is None):
            if source.split(" ", 1)[0] and (corpus / f"{source.split(' ', 1)[0]}.json").is_file():
                problems.append(f"{path.relative_to(tests.parent.parent)}: source {source!r} names a corpus file but not as "
                                "'<stem> <card or topic> #<n> (index <i>)': not linked")
            continue                     # a situation of the project's own, not an official ruling
        stem, index = m["stem"], int(m["index"] if m["index"] is not None else m["hash"])
        if stem not in files:
            f = corpus / f"{stem}.json"
            if not f.is_file():
                problems.append(f"{path.relative_to(tests.parent.parent)}: no corpus file {f.name}")
                continue
            records = json.loads(f.read_text(encoding="utf-8"))
            files[stem] = (detect(records, f.name), records)
        fmt, records = files[stem]
        if index >= len(records):
            problems.append(f"{path.relative_to(tests.parent.parent)}: {stem} has no record at index {index}")
            continue
        rec = records[index]
        about = str(rec.get("Card No.") or rec.get("code") or "")
        if about and about.lower() not in m["about"].lower():
            problems.append(f"{path.relative_to(tests.parent.parent)}: index {index} of {stem} is about {about}, not {m['about']}")
            continue
        game = str(data.get("game") or FORMAT_GAME.get(fmt) or "bss")
        key = record_key(fmt, game, rec)
        entry = rulings.setdefault(key, {"about": about or m["about"], "clauses": [], "scenarios": []})
        entry["clauses"] = list(dict.fromkeys([*entry["clauses"], *_cites(data.get("expect") or [])]))
        entry["scenarios"].append(path.relative_to(tests.parent).as_posix())
    doc = {"about": "Clauses each official ruling's scenario cites (tests/rulings/**), by ruling key; "
                    "built by bench/build_ruling_links.py, shipped so judge rule N lists the rulings about N. "
                    "No ruling text.",
           "rulings": {k: rulings[k] for k in sorted(rulings) if rulings[k]["clauses"]}}
    return doc, problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="Exit 1 if the committed file is not up to date.")
    args = ap.parse_args(argv)
    if not CORPUS.is_dir():
        print(f"the corpus is not at {CORPUS}: nothing built", file=sys.stderr)
        return 2
    sys.path.insert(0, str(REPO))
    doc, problems = build()
    for p in problems:
        print(f"warning: {p}", file=sys.stderr)
    text = json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    n, c = len(doc["rulings"]), len({x for v in doc["rulings"].values() for x in v["clauses"]})
    if args.check:
        same = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print(f"{OUT.relative_to(REPO)} is {'up to date' if same else 'out of date (run bench/build_ruling_links.py)'}"
              f": {n} rulings, {c} clauses")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(REPO)}: {n} rulings linked to {c} clauses by their scenarios")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
