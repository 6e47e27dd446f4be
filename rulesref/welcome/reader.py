"""Typed reading of parsed TOML that collects every problem, located by line.

The loader walks the data once; each wrong value becomes one :class:`Problem` (the key,
the line where the key is written, the offending text, close valid choices) and reading
goes on, so that a file with five mistakes reports five problems at once.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulesref.core.errors import Problem

_MISSING = object()
REQUIRED: object = _MISSING  # pass as ``default`` to make a key compulsory


@dataclass(frozen=True)
class Scope:
    """A part of the file: a label for messages and the range of lines it spans."""

    label: str
    start: int = 0  # 0-based first line
    end: int | None = None  # 0-based line after the last


class Reader:
    def __init__(self, path: str | None, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()
        self.problems: list[Problem] = []

    # -- locating -------------------------------------------------------------------
    def header_lines(self, header: str) -> list[int]:
        """0-based lines holding a table header such as ``[[player]]``."""
        pattern = re.compile(r"^\s*" + re.escape(header) + r"\s*(#.*)?$")
        return [i for i, line in enumerate(self.lines) if pattern.match(line)]

    def next_header(self, after: int) -> int:
        for i in range(after + 1, len(self.lines)):
            stripped = self.lines[i].strip()
            if stripped.startswith("[[") or re.match(r"^\[(acme)\]", stripped):
                return i
        return len(self.lines)

    def line_of(self, key: str, scope: Scope) -> int | None:
        """1-based line where ``key`` is assigned (or opens a table) inside ``scope``."""
        end = len(self.lines) if scope.end is None else scope.end
        assign = re.compile(r"(^|[\s{,.\[])\"?" + re.escape(key) + r"\"?\s*(=|\])")
        for i in range(scope.start, end):
            if assign.search(self.lines[i].split("#", 1)[0]):
                return i + 1
        return scope.start + 1 if scope.start or scope.end is not None else None

    def sub(self, scope: Scope, key: str, label: str) -> Scope:
        """The scope of a nested table ``key``: starts where the key is written."""
        line = self.line_of(key, scope)
        start = line - 1 if line is not None else scope.start
        return Scope(label, start, scope.end)

    # -- reporting ------------------------------------------------------------------
    def problem(
        self,
        scope: Scope,
        key: str | None,
        message: str,
        *,
        text: Any = None,
        choices: Iterable[str] = (),
        missing: bool = False,
    ) -> None:
        """Record a problem; a ``missing`` key is located where its table starts."""
        where = f"{scope.label}: " if scope.label else ""
        name = f"'{key}' " if key else ""
        at_scope = scope.start + 1 if scope.label else None
        self.problems.append(
            Problem(
                f"{where}{name}{message}",
                path=self.path,
                line=self.line_of(key, scope) if key and not missing else at_scope,
                text=None if text is None else str(text),
                choices=tuple(choices),
            )
        )

    def check_keys(self, data: dict[str, Any], allowed: Iterable[str], scope: Scope) -> None:
        known = list(allowed)
        for key in data:
            if key not in known:
                self.problem(scope, key, "is not a key here", choices=close(key, known))

    # -- typed values ---------------------------------------------------------------
    def table(self, data: dict[str, Any], key: str, scope: Scope) -> dict[str, Any]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            self.problem(scope, key, "should be a table like { ... }", text=value)
            return {}
        return value

    def integer(
        self,
        data: dict[str, Any],
        key: str,
        scope: Scope,
        default: Any = _MISSING,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int:
        value = data.get(key, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                self.problem(scope, key, "is missing", missing=True)
                return 0
            return default  # type: ignore[no-any-return]
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(scope, key, "should be a whole number", text=value)
            return 0 if default is _MISSING or default is None else default  # type: ignore[no-any-return]
        if minimum is not None and value < minimum:
            self.problem(scope, key, f"cannot be below {minimum}", text=value)
        if maximum is not None and value > maximum:
            self.problem(scope, key, f"cannot be above {maximum}", text=value)
        return value

    def boolean(self, data: dict[str, Any], key: str, scope: Scope, default: bool = False) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.problem(scope, key, "should be true or false", text=value)
            return default
        return value

    def string(self, data: dict[str, Any], key: str, scope: Scope, default: Any = _MISSING) -> str:
        value = data.get(key, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                self.problem(scope, key, "is missing", missing=True)
                return ""
            return default  # type: ignore[no-any-return]
        if not isinstance(value, str):
            self.problem(scope, key, "should be text in quotes", text=value)
            return "" if default is _MISSING or default is None else default  # type: ignore[no-any-return]
        return value

    def choice(self, value: Any, key: str, scope: Scope, choices: Iterable[str]) -> str | None:
        names = list(choices)
        text = str(value).strip().lower() if isinstance(value, str) else None
        if text in names:
            return text
        self.problem(scope, key, f"should be one of {', '.join(names)}", text=value, choices=close(str(value), names))
        return None


def close(word: str, names: Iterable[str]) -> tuple[str, ...]:
    return tuple(difflib.get_close_matches(word.lower(), list(names), n=3, cutoff=0.5))
