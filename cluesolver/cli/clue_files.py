"""``replay`` and ``check`` for ``.clue`` logs (called by the top-level verbs)."""

from __future__ import annotations

from pathlib import Path

from cluesolver.cli.common import EXIT_CONTRADICTION, console, emit_json
from cluesolver.errors import InputError, Problem


def replay_file(path: Path, *, as_json: bool, at: int | None = None, why: str | None = None) -> int:
    from cluesolver.gamefile import read_text
    from cluesolver.log import parse_log
    from cluesolver.report import analyse

    text = read_text(path)
    log = parse_log(text, str(path), path.parent)
    if at is not None:
        if at < 0:
            raise InputError(Problem("--at takes a line number (1 or more)", path=str(path), text=str(at)))
        log = log.upto(at)
    lines = text.splitlines()
    if why is not None:
        return _why(log, why, lines, as_json)
    report = analyse(log)
    if as_json:
        emit_json(report.to_json())
        return 0 if report.consistent else EXIT_CONTRADICTION
    from cluesolver.cli import clue_render as R

    out = console()
    if not report.consistent:
        out.print(R.conflict(report, lines))
        return EXIT_CONTRADICTION
    out.print(R.notebook(report))
    out.print(R.envelope_odds(report))
    from cluesolver.constraints import puzzle_of
    from cluesolver.envelope import solutions

    out.print(R.summary(report, at, solutions(puzzle_of(log), report.counts, limit=400)), soft_wrap=True)
    return 0


def _why(log, text: str, lines: list[str], as_json: bool) -> int:  # type: ignore[no-untyped-def]
    from cluesolver.explain import parse_fact, why
    from cluesolver.report import analyse

    fact = parse_fact(log, text)
    report = analyse(log)
    if not report.consistent:
        if as_json:
            emit_json(report.to_json())
        else:
            from cluesolver.cli import clue_render as R

            console().print(R.conflict(report, lines))
        return EXIT_CONTRADICTION
    p = report.probability(fact.holder, fact.card)
    p = p if fact.holds else 1 - p
    used = why(log, fact) if p in (0.0, 1.0) else None
    if as_json:
        emit_json({"fact": str(fact), "holder": fact.holder, "card": fact.card, "holds": fact.holds,
                   "certain": used is not None, "probability": p, "lines": used,
                   "text": {str(n): lines[n - 1].strip() for n in (used or [])}})
        return 0
    from cluesolver.cli import clue_render as R

    console().print(R.why_text(fact, used, lines, p))
    return 0


def check_file(path: Path, *, as_json: bool) -> int:
    from cluesolver.cli.clue_check import check_log_file

    return check_log_file(path, as_json=as_json)
