"""Narrow exceptions under one base class.

Every expected failure (bad input, an unknown card, a contradictory log) is a
:class:`CluesolverError`.  Input errors carry one :class:`Problem` per thing that is
wrong, each quoting the offending text and, where it helps, the closest valid choices,
so that a reader can report every problem at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesref.core.i18n import _
from rulesref.core.text import MESSAGE_LIMIT, clip


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, located as precisely as we can.

    ``place`` names text that is not in a file yet (``statement 2``: typed on the command
    line); the JSON keeps ``path`` and ``line``, where it would have gone.

    ``code`` says what kind of problem it is, for programs that sort problems (a log check
    turning a reader's refusal into a rule finding, a command choosing its hint): they
    match the code, never the wording of the message.  It is not part of :meth:`format`
    or :meth:`to_json`.  Each reader keeps the table of its codes (the ``.clue`` reader's:
    :mod:`cluesolver.clue.record.codes`).
    """

    message: str
    path: str | None = None
    line: int | None = None
    column: int | None = None
    text: str | None = None
    choices: tuple[str, ...] = ()
    code: str | None = None
    place: str | None = None

    def location(self) -> str:
        """Where the problem is, for people: ``path:line:column`` (a file's line as an editor
        shows it), or ``place, column N`` for text that is not in a file yet (``statement 2``:
        the second statement typed on the command line)."""
        if self.place is not None:
            if self.column is None:
                return self.place
            return _("{place}, column {column}").format(place=self.place, column=self.column)
        parts = [p for p in (self.path, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts)

    def format(self) -> str:
        """One line for people; the quoted text, message and choices are bounded in length."""
        where = self.location()
        message = clip(self.message, MESSAGE_LIMIT)
        out = f"{where}: {message}" if where else message
        if self.text is not None and not _names(self.message, self.text):
            out += f": {clip(self.text)!r}"
        if self.choices:
            out += _(" (did you mean: {choices}?)").format(choices=", ".join(clip(c) for c in self.choices))
        return out

    def to_json(self) -> dict[str, object]:
        """The problem for programs, bounded like :meth:`format`."""
        return {
            "message": clip(self.message, MESSAGE_LIMIT),
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "text": None if self.text is None else clip(self.text),
            "choices": [clip(c) for c in self.choices],
        }


def _names(message: str, text: str) -> bool:
    """Whether ``message`` already holds ``text`` as a whole (not inside a longer word:
    a message listing ``Finn`` still quotes the typed ``Fin``)."""
    if not text:
        return True
    if text not in message:  # also every text longer than the message (a 9 MB line)
        return False
    return re.search(rf"(?<!\w){re.escape(text)}(?!\w)", message) is not None


class CluesolverError(Exception):
    """Base class of every expected failure.  ``exit_code`` is the CLI's exit code."""

    exit_code: int = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def problems(self) -> list[Problem]:
        return [Problem(self.message)]


class InputError(CluesolverError):
    """Input that cannot be read: syntax, unknown names, impossible values (exit 2)."""

    exit_code = 2

    def __init__(self, problems: list[Problem] | Problem | str) -> None:
        if isinstance(problems, str):
            problems = [Problem(problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self._problems = list(problems)
        super().__init__("\n".join(p.format() for p in self._problems))

    def problems(self) -> list[Problem]:
        return list(self._problems)


class UnknownNameError(InputError):
    """A card, player, variant, game, rule section ... that does not exist."""


class ContradictionError(CluesolverError):
    """A log with no consistent deal (exit 3).  ``lines`` is a minimal conflicting set."""

    exit_code = 3

    def __init__(self, message: str, lines: list[int] | None = None) -> None:
        super().__init__(message)
        self.lines = list(lines or [])


class SessionError(CluesolverError):
    """A live session that cannot be opened, written or locked (exit 2)."""

    exit_code = 2
