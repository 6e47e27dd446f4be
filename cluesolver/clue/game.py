"""Clue's entry in the game registry: check and replay a ``.clue`` file.

Light on purpose: the engine is imported inside the functions, so looking the game up
loads nothing heavy.  Clue has no scores: ``score_file`` is ``None`` (the registry reads
that as "'score' does not apply").
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cluesolver.clue.analysis.report import Replay
    from rulesref.core.findings import CheckReport

#: Clue keeps no scores.
score_file: None = None


def check_file(path: Path) -> CheckReport:
    """Every rule problem of a ``.clue`` log as findings (``summary``: events read)."""
    from cluesolver.clue.analysis.logcheck import check_text
    from rulesref.core.files import read_text

    return check_text(read_text(path, what=".clue log"), str(path), path.parent)


def replay_file(path: Path, at: int | None = None) -> Replay:
    """The log after file line ``at`` (all of it when ``None``) and its exact analysis.

    ``to_json()`` of the result is the contract JSON of ``docs/clue-log-format.md``.
    """
    from cluesolver.clue.record.reader import read_log_text
    from rulesref.core.errors import InputError, Problem
    from rulesref.core.i18n import _, n_, number
    from rulesref.core.text import split_lines

    if at is not None and at < 0:
        raise InputError(Problem(_("--at takes a line number (1 or more)"), path=str(path), text=str(at)))
    text, log = read_log_text(path)  # a bad log is refused before the engine is loaded
    lines = split_lines(text)
    if at is not None and at > len(lines):
        last = max((e.line for e in log.events), default=None)
        if last is not None:
            said = n_(
                "--at {at} is past the end of the log: it has {n} line; its last event is on line {last}",
                "--at {at} is past the end of the log: it has {n} lines; its last event is on line {last}",
                len(lines),
            )
        else:
            said = n_(
                "--at {at} is past the end of the log: it has {n} line; it has no events yet",
                "--at {at} is past the end of the log: it has {n} lines; it has no events yet",
                len(lines),
            )
        said = said.format(at=at, n=number(len(lines)), last=last)
        raise InputError(Problem(said, path=str(path), text=str(at)))
    from cluesolver.clue.analysis.report import replay

    return replay(log, tuple(lines), at)
