"""The live companion's work on a session: record a line, say what it changed.

Front ends (``clue add``, ``clue play``, the web page) call :func:`record`; it validates
the new lines, refuses a contradiction unless forced, writes the session (atomically,
under its lock) and returns what the lines changed with any rule problems they break.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.clue.record.events import GameLog
from rulesref.core.errors import ContradictionError
from rulesref.core.i18n import _
from rulesref.core.text import split_lines

if TYPE_CHECKING:
    from cluesolver.clue.analysis.effect import LineEffect
    from cluesolver.clue.analysis.report import Report
    from cluesolver.clue.engine.results import Counts
    from cluesolver.clue.session.store import Change
    from cluesolver.clue.session.view import TableView
    from rulesref.core.findings import Finding


@dataclass(frozen=True)
class Recorded:
    """What recording lines did: the change, the analysis before, and what the table shows
    after them (:class:`~cluesolver.clue.session.view.TableView`: the analysis after, what
    the lines changed, the rules they break, the clock)."""

    change: Change
    before: Report
    view: TableView

    @property
    def after(self) -> Report:
        return self.view.report

    @property
    def effect(self) -> LineEffect:
        effect = self.view.effect
        assert effect is not None  # lines were added
        return effect

    @property
    def rules(self) -> tuple[Finding, ...]:
        """Rule errors in the new lines (warnings left out)."""
        return self.view.rule_problems

    def to_json(self) -> dict[str, object]:
        return {
            "added": list(self.change.lines),
            "effect": self.effect.to_json(),
            "consistent": self.after.consistent,
            "solution": self.after.solution(),
            "rule_problems": [f.to_json() for f in self.rules],
        }


def refuse_contradiction(path: Path, after: GameLog, new_lines: list[str]) -> Counts:
    """Raise ``not recorded: this contradicts the log (...)`` when no deal agrees with ``after``.

    Returns the counts of ``after`` (so that the caller need not count it again).
    """
    from cluesolver.clue.analysis.report import count_log
    from cluesolver.clue.session.store import read_session

    counts = count_log(after)
    if counts.deals:
        return counts
    old = split_lines(read_session(path)[0])
    raise contradiction(
        after,
        old + new_lines,
        _("not recorded: this contradicts the log"),
        _("Check what was said, or record it anyway with --force"),
        typed_after=len(old),
    )


def contradiction(
    after: GameLog, text_lines: Sequence[str], lead: str, way_out: str, *, typed_after: int | None = None
) -> ContradictionError:
    """``LEAD (line 4: ...; line 9: ...). WAY_OUT``: a minimal set of conflicting lines of
    ``after`` (a log no deal agrees with), quoted from ``text_lines``, its text.  With
    ``typed_after``, the lines after it are statements just typed, named ``statement K``
    (they are not in the file)."""
    from cluesolver.clue.analysis.explain import minimal_conflict

    def where(n: int) -> str:
        if typed_after is not None and n > typed_after:
            return _("statement {n}").format(n=n - typed_after)
        return _("line {n}").format(n=n)

    lines = minimal_conflict(after)
    detail = "; ".join(f"{where(n)}: {text_lines[n - 1].strip()}" for n in lines if 0 < n <= len(text_lines))
    return ContradictionError(f"{lead} ({detail}). {way_out}", lines)


def record(path: Path, statements: list[str], *, force: bool = False) -> Recorded:
    """Append statements to a session and say what they changed.

    A contradiction is refused (:class:`ContradictionError`, nothing written) unless ``force``.
    """
    from cluesolver.clue.analysis.report import analyse
    from cluesolver.clue.session import store as S
    from cluesolver.clue.session.view import table_view

    new_lines = S.check_statements(statements)
    counted: list[tuple[GameLog, Counts]] = []  # the log checked for a contradiction, and its counts

    def allow(before: GameLog, after: GameLog) -> None:
        if not force:
            counted.append((after, refuse_contradiction(path, after, new_lines)))

    change = S.add(path, statements, allow=allow)
    known = next((c for log, c in counted if log is change.after), None)  # the very log written
    after = analyse(change.after, known)
    before = analyse(change.before)
    added = {e.line for e in change.after.events[len(change.before.events) :]}
    return Recorded(change, before, table_view(change.after, after, before=before, added=added))
