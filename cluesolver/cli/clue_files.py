"""``replay`` and ``check`` for ``.clue`` logs (called by the top-level verbs)."""

from __future__ import annotations

from pathlib import Path

from cluesolver.cli.common import EXIT_CONTRADICTION, console, emit_json
from rulesref.core.errors import InputError, Problem


def replay_file(path: Path, *, as_json: bool, at: int | None = None, why: str | None = None) -> int:
    from cluesolver.clue.log import parse_log
    from rulesref.core.files import read_text

    text = read_text(path)
    log = parse_log(text, str(path), path.parent)
    if at is not None:
        if at < 0:
            raise InputError(Problem("--at takes a line number (1 or more)", path=str(path), text=str(at)))
        log = log.upto(at)
    lines = text.splitlines()
    if why is not None:
        return explain_fact(log, why, lines, as_json=as_json)
    return show_analysis(log, lines, as_json=as_json, at=at)[0]


def show_analysis(log, lines: list[str], *, as_json: bool, at: int | None = None):  # type: ignore[no-untyped-def]
    """Print the analysis of ``log`` (contract JSON, or notebook, odds and summary).

    Returns the exit code and the report, for callers that print more after it.
    """
    from cluesolver.clue.report import analyse

    report = analyse(log)
    if as_json:
        emit_json(report.to_json())
        return (0 if report.consistent else EXIT_CONTRADICTION), report
    from cluesolver.cli import clue_render as R
    from cluesolver.clue.constraints import puzzle_of
    from cluesolver.clue.envelope import solutions

    out = console()
    if not report.consistent:
        out.print(R.conflict(report, lines))
        return EXIT_CONTRADICTION, report
    out.print(R.notebook(report))
    out.print(R.envelope_odds(report))
    out.print(R.facts_text(report), soft_wrap=True)
    out.print(R.summary(report, at, solutions(puzzle_of(log), report.counts, limit=400)), soft_wrap=True)
    return 0, report


def explain_fact(log, text: str, lines: list[str], *, as_json: bool) -> int:  # type: ignore[no-untyped-def]
    """``--why`` / ``clue why``: the lines that force a fact, or how likely it is.

    An impossible fact is answered with the lines that force its opposite.
    """
    from cluesolver.clue.explain import parse_fact, why
    from cluesolver.clue.report import Fact

    fact = parse_fact(log, text)
    code, report = _analysis_or_conflict(log, lines, as_json)
    if code:
        return code
    p = report.probability(fact.holder, fact.card)
    p = p if fact.holds else 1 - p
    opposite = Fact(fact.holder, fact.card, not fact.holds)
    used = why(log, fact) if p == 1.0 else None
    against = why(log, opposite) if p == 0.0 else None
    if as_json:
        emit_json(
            {
                "fact": str(fact),
                "holder": fact.holder,
                "card": fact.card,
                "holds": fact.holds,
                "certain": used is not None,
                "probability": p,
                "lines": used,
                "text": {str(n): lines[n - 1].strip() for n in (used or []) if 0 < n <= len(lines)},
                "opposite_lines": against,
            }
        )
        return 0
    from cluesolver.cli import clue_render as R

    out = console()
    if p == 0.0:
        out.print(f"{fact}: impossible - it holds in no consistent deal.", markup=False)
        out.print(R.why_text(opposite, against, lines, 1.0))
        return 0
    out.print(R.why_text(fact, used, lines, p))
    return 0


def _analysis_or_conflict(log, lines: list[str], as_json: bool):  # type: ignore[no-untyped-def]
    from cluesolver.clue.report import analyse

    report = analyse(log)
    if report.consistent:
        return 0, report
    if as_json:
        emit_json(report.to_json())
    else:
        from cluesolver.cli import clue_render as R

        console().print(R.conflict(report, lines))
    return EXIT_CONTRADICTION, report


def check_file(path: Path, *, as_json: bool) -> int:
    from cluesolver.cli.clue_check import check_log_file

    return check_log_file(path, as_json=as_json)
