"""The one finding type and the one check report every game prints.

A :class:`Finding` is something a checker, calculator or replay has to say about a
file: how serious it is, where it is, what it says and which rule section decides it.
A :class:`CheckReport` is what ``check`` returns for any game; its JSON is the one
shape of every ``check --json`` (documented in docs/check-json.md).

    >>> f = Finding("two tiles on one lot", rule=Citation("lords-of-vegas/board", "lords-of-vegas", "The board"),
    ...             line=7, where={"lot": "C3"})
    >>> r = CheckReport(game="lords-of-vegas", path="x.toml", findings=(f,))
    >>> (r.ok, r.counts())
    (False, {'error': 1, 'warning': 0, 'note': 0})
    >>> sorted(r.to_json())
    ['counts', 'findings', 'game', 'ok', 'path', 'summary']
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from rulesref.core.text import MESSAGE_LIMIT, clip

#: The JSON shape's version; bump when a key changes meaning.
SCHEMA = 1


class Severity(enum.Enum):
    """``error`` breaks a rule; ``warning`` is likely a mistake; ``note`` is for information."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True)
class Citation:
    """A rule section that decides a verdict, e.g. ``lords-of-vegas/sprawl``."""

    id: str
    game: str
    title: str

    def __str__(self) -> str:
        return f"[{self.id}] {self.title}"

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title}


@dataclass(frozen=True)
class Finding:
    """One thing to say about a file, located, with the rule that decides it."""

    message: str
    rule: Citation | None = None
    severity: Severity = Severity.ERROR
    code: str | None = None  # a stable kind, e.g. "dice-count"
    path: str | None = None
    line: int | None = None
    column: int | None = None
    text: str | None = None  # the offending text as written
    where: Mapping[str, str | int] = field(default_factory=dict)  # player, round, casino, zone ...

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def location(self) -> str:
        parts = [p for p in (self.path, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts)

    def format(self) -> str:
        head = ", ".join(f"{k} {clip(str(v))}" for k, v in self.where.items())
        message = clip(self.message, MESSAGE_LIMIT)
        out = f"{head}: {message}" if head else message
        if self.rule is not None:
            out += f" {self.rule}"
        where = self.location()
        return f"{where}: {out}" if where else out

    def to_json(self) -> dict[str, object]:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "message": clip(self.message, MESSAGE_LIMIT),
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "text": None if self.text is None else clip(self.text),
            "where": dict(self.where),
            "rule": self.rule.to_json() if self.rule is not None else None,
        }


@dataclass(frozen=True)
class CheckReport:
    """What ``check`` found in one file of any game."""

    game: str
    path: str | None
    findings: tuple[Finding, ...] = ()
    summary: Mapping[str, object] = field(default_factory=dict)  # game-specific counts

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING)

    @property
    def ok(self) -> bool:
        """No rule is broken (warnings and notes do not count)."""
        return not self.errors

    def counts(self) -> dict[str, int]:
        return {s.value: sum(f.severity is s for f in self.findings) for s in Severity}

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "path": self.path,
            "ok": self.ok,
            "counts": self.counts(),
            "findings": [f.to_json() for f in self.findings],
            "summary": dict(self.summary),
        }
