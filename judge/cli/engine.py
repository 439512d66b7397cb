"""`judge step` and `judge explain`: resolve a scenario file, or list what applies on its board."""

from __future__ import annotations

import json
from pathlib import Path

import click

from judge import limits
from judge.cli.group import cli
from judge.cli.params import InputFile


def _load_ruling(path: Path) -> dict:
    from judge import limits
    from judge.errors import ScenarioError

    try:
        data = limits.load_json(limits.read_text(path, limits.RULING), str(path))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"{path}: not a saved ruling (JSON from `judge step FILE --json`): {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("scenario"), dict):
        raise ScenarioError(f"{path}: a saved ruling must carry its scenario (save `judge step FILE --json`)")
    return data


@cli.command("step")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the trace, checks and state as JSON.")
@click.option("--markdown", "as_markdown", is_flag=True, help="Print a ruling to paste into a report.")
@click.option("--recheck", is_flag=True,
              help="FILE is a saved JSON ruling: re-resolve it and name cited clauses changed since.")
@click.option("--cards", "card_files", multiple=True, type=InputFile(limits.CARD_FILE),
              help="A card file (any format `judge cards import` reads) whose cards the scenario names by "
                   "number, for this run only (repeatable; nothing is imported).")
def step_command(file: Path, as_json: bool, as_markdown: bool, recheck: bool, card_files: tuple[Path, ...]) -> int:
    """Resolve a scenario step by step, citing the clause for every step.

    Exit code 0 only when the run is ok: every expectation holds, no step is "not modelled" and no
    decision is left unanswered.

    Example: judge step tests/scenarios/bss/confront_forces_block.yaml --markdown

    Example: judge step tests/rulings/bss/some_ruling.yaml --cards ../shared/corpus/bss-cards.json
    """
    from judge.engine.output import open_kb_or_none, to_json, to_markdown, to_text
    from judge.engine.output import recheck as do_recheck
    from judge.engine.scenario import load_scenario, run_scenario
    from judge.errors import BadInput

    if sum((as_json, as_markdown, recheck)) > 1:
        raise BadInput("choose one of --json, --markdown, --recheck")
    if recheck:
        if file.suffix.lower() != ".json":
            # no saved ruling: resolve now and check every cited clause is still in the rules
            result = run_scenario(load_scenario(file, cards=card_files))
            kb = open_kb_or_none()
            from judge.engine.output import clause_hashes

            gone = [n for n, h in clause_hashes(kb, result.scenario.game, result.cites).items() if h is None]
            for n in gone:
                click.echo(f"no longer in the rules: §{n}")
            _official_rulings(kb, result.scenario.game, gone)
            click.echo(f"{file} is a scenario, not a saved ruling: {len(result.cites)} cited clauses checked "
                       "against the current rules (save a ruling with --json to compare texts later)")
            return 1 if gone else 0
        saved = _load_ruling(file)
        result = run_scenario(load_scenario(file, data=saved["scenario"], cards=card_files))
        kb = open_kb_or_none()
        report = do_recheck(saved, result, kb)
        for n in report.changed:
            click.echo(f"changed since the ruling: §{n}")
        for n in report.missing:
            click.echo(f"no longer in the rules: §{n}")
        _official_rulings(kb, result.scenario.game, [*report.changed, *report.missing])
        if report.outcome_changed:
            click.echo(f"the resolution differs now ({report.saved_steps} steps then, {report.steps_now} now)")
        if report.ok:
            click.echo(f"unchanged: {len(saved.get('clauses') or {})} cited clauses, same resolution")
            return 0
        return 1
    result = run_scenario(load_scenario(file, cards=card_files))
    if as_json:
        click.echo(json.dumps(to_json(result, open_kb_or_none()), ensure_ascii=False, indent=2))
    elif as_markdown:
        click.echo(to_markdown(result, open_kb_or_none()))
    else:
        click.echo(to_text(result))
    return 0 if result.ok else 1


def _official_rulings(kb, game: str, numbers: list[str]) -> None:
    """Name the official rulings linked to clauses that changed (they were checked against the old text)."""
    if kb is None or not numbers:
        return
    from judge.cli.rules import _rulings_about, changed_ruling_lines

    for line in changed_ruling_lines(_rulings_about(kb, game, list(numbers))):
        click.echo(line)


@cli.command("explain")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help='Print {"applies": [{"text", "cites", "cards"}]}.')
@click.option("--after", is_flag=True, help="Explain the board after the scenario's actions.")
@click.option("--cards", "card_files", multiple=True, type=InputFile(limits.CARD_FILE),
              help="A card file whose cards the scenario names by number, for this run only (repeatable).")
def explain_command(file: Path, as_json: bool, after: bool, card_files: tuple[Path, ...]) -> int:
    """List every rule and keyword in force on a scenario's board, each with its clauses.

    Example: judge explain tests/scenarios/bss/armor_blocks_selection.yaml --json
    """
    from judge.engine.scenario import load_scenario, run_scenario

    scenario = load_scenario(file, cards=card_files)
    state = run_scenario(scenario).state if after else scenario.state
    applies = scenario.rules.explain(state)
    if as_json:
        click.echo(json.dumps({"applies": [a.to_json() for a in applies]}, ensure_ascii=False, indent=2))
    else:
        for a in applies:
            cites = f"  (§{', §'.join(a.cites)})" if a.cites else ""
            cards = f" [{', '.join(a.cards)}]" if a.cards else ""
            click.echo(f"- {a.text}{cards}{cites}")
    return 0
