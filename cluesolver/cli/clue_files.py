"""``replay`` and ``check`` for ``.clue`` logs: renderers for the top-level verbs.

The library does the work (:mod:`cluesolver.clue.game`); :func:`show_check` and
:func:`show_replay` print its result and return the exit code.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.cli.common import EXIT_CONTRADICTION, EXIT_OK, EXIT_PROBLEMS, console, emit_json

if TYPE_CHECKING:
    from cluesolver.clue.analysis.report import Replay
    from rulesref.core.findings import CheckReport


def show_check(report: CheckReport, *, path: Path, as_json: bool) -> int:
    """Print a rules check (a table, or the one ``check --json`` shape); exit 1 on errors."""
    if as_json:
        emit_json(report.to_json())
    else:
        from cluesolver.cli.clue_live_render import check_table

        console().print(check_table(report))
    return EXIT_OK if report.ok else EXIT_PROBLEMS


def show_replay(result: Replay, *, path: Path, as_json: bool, why: str | None = None) -> int:
    """Print a replayed log (contract JSON, or notebook, odds and summary), or explain a fact."""
    if why is not None:
        return show_why(result, why, as_json=as_json)
    return show_analysis(result, as_json=as_json)


def show_analysis(result: Replay, *, as_json: bool) -> int:
    """The analysis of a log: contract JSON, or notebook, envelope odds, facts and summary."""
    report = result.report
    if as_json:
        emit_json(result.to_json())
        return EXIT_OK if report.consistent else EXIT_CONTRADICTION
    import cluesolver.cli.clue_render as R

    out = console()
    if not report.consistent:
        out.print(R.conflict(report, result.lines))
        return EXIT_CONTRADICTION
    out.print(R.notebook(report, width=out.width))
    out.print(R.envelope_odds(report))
    out.print(R.facts_text(report))
    # the list of envelopes only names the likeliest when the log is not solved yet
    top = None if report.solved() else result.solutions()
    out.print(R.summary(report, result.at, top))
    return EXIT_OK


def show_why(result: Replay, text: str, *, as_json: bool) -> int:
    """``--why`` / ``clue why``: the lines that force a fact, or how likely it is.

    An impossible fact is answered with the lines that force its opposite.
    """
    from cluesolver.clue.analysis.explain import parse_fact
    from cluesolver.clue.analysis.report import explain

    fact = parse_fact(result.log, text)
    if not result.consistent:
        return show_analysis(result, as_json=as_json)
    answer = explain(result.report, fact, result.lines)
    if as_json:
        emit_json(answer.to_json())
        return EXIT_OK
    import cluesolver.cli.clue_render as R
    from rulesref.core.i18n import _

    out = console()
    variant = result.log.variant
    if answer.impossible:
        said = _("{fact}: impossible - it holds in no consistent deal.").format(fact=fact.say(variant))
        out.print(said, markup=False)
        out.print(R.why_text(fact.opposite(), answer.opposite_lines, result.lines, 1.0, variant))
        return EXIT_OK
    out.print(R.why_text(fact, answer.lines, result.lines, answer.probability, variant))
    return EXIT_OK


def check_file(path: Path, *, as_json: bool) -> int:
    """``clue check`` and ``check`` in ``clue play``: check a log file and print the report."""
    from cluesolver.clue.game import check_file as check

    return show_check(check(path), path=path, as_json=as_json)
