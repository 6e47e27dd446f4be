"""Typed reading of a parsed table file, built on the shared TOML problem collector.

The loader walks the data once; each wrong value becomes one located problem (the key,
the line where the key is written, the offending text, close valid choices) in a
:class:`~rulesref.core.tomlfile.Problems` collector, and reading goes on, so that a file
with five mistakes reports five problems at once.  Parts of the file are
:class:`~rulesref.core.tomlfile.Span` values (a label for messages and a range of lines).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

from rulesref.core.i18n import _
from rulesref.core.names import closest
from rulesref.core.tomlfile import Problems, Span
from rulesref.welcome.model import AVENUES, UNFILLED, Blank
from rulesref.welcome.projects import Fulfilled

#: The table headers that start a new part of a table file.
ENTITY_HEADERS = ("[[project]]", "[[player]]", "[acme]")


class Missing:
    """The marker of a key that is not in the file (see :data:`REQUIRED`)."""


REQUIRED = Missing()  # pass as ``default`` to make a key compulsory


class Reader:
    """One table file being read: its text, where its parts are, and the problems found."""

    def __init__(self, path: str | None, text: str) -> None:
        self.found = Problems(text, path)
        self.text = self.found.text
        self._starts = sorted(i for h in ENTITY_HEADERS for i in self.text.header_lines(h))
        self.blanks: list[Blank] = []
        self.fulfilled: dict[str, tuple[Fulfilled, ...]] = {}  # owner -> projects, settled later
        self.owner = ""
        self._owner_label = ""
        self._zone: str | None = None

    def reading(self, owner: str, span: Span, zone: str | None = None) -> None:
        """Values read from now on belong to ``owner`` (a player, ACME, a project); ``zone``
        names the part of the sheet when the owner's keys are not zones themselves."""
        self.owner = owner
        self._owner_label = span.label
        self._zone = zone

    def blank(self, value: object, span: Span, key: str) -> bool:
        """True (and noted) when ``value`` is the blank file's ``"?"``: not entered yet."""
        if value != UNFILLED:
            return False
        part = span.label.removeprefix(self._owner_label).replace(",", "").split() if self._owner_label else []
        words = [*part, key]
        zone = self._zone or words.pop(0)
        self.blanks.append(Blank(self.owner, zone, " ".join(words), self.line_of(key, span)))
        return True

    # -- locating -------------------------------------------------------------------
    def header_lines(self, header: str) -> list[int]:
        return self.text.header_lines(header)

    def next_header(self, after: int) -> int:
        """0-based line of the next project, player or acme table after ``after``, else the end."""
        return next((i for i in self._starts if i > after), len(self.text.lines))

    def entries(self, raw: list[Any], header: str, label: str) -> Iterator[tuple[int, Span, dict[str, Any]]]:
        """Each table of an array such as ``[[player]]`` with its span; other values are problems."""
        heads = self.header_lines(header)
        for index, item in enumerate(raw):
            start = heads[index] if index < len(heads) else 0
            span = Span(f"{label} {index + 1}", start, self.next_header(start))
            if isinstance(item, dict):
                yield index, span, item
            else:
                self.problem(span, None, _("should be a table"))

    def line_of(self, key: str, span: Span) -> int | None:
        return self.text.line_of(key, span)

    def item_lines(self, key: str, span: Span) -> list[int]:
        """1-based lines of the inline tables ``{ ... }`` of the array assigned to ``key``, in order
        (``shows = [{ ... }, { ... }]`` on one line or one table a line)."""
        start = self.line_of(key, span)
        if start is None:
            return []
        end = len(self.text.lines) if span.end is None else span.end
        out: list[int] = []
        depth = 0
        for i in range(start - 1, end):
            text = self.text.lines[i].split("#", 1)[0]
            if i == start - 1:
                text = text.partition("=")[2]
            for ch in text:
                if ch == "[":
                    depth += 1
                elif ch == "]":
                    depth -= 1
                    if depth <= 0:
                        return out
                elif ch == "{" and depth == 1:
                    out.append(i + 1)
        return out

    def sub(self, span: Span, key: str, label: str) -> Span:
        """The span of a nested table ``key``: it starts where the key is written."""
        line = self.line_of(key, span)
        start = line - 1 if line is not None else span.start
        return Span(label, start, span.end)

    # -- reporting ------------------------------------------------------------------
    def problem(
        self,
        span: Span,
        key: str | None,
        message: str,
        *,
        text: object = None,
        choices: Iterable[str] = (),
        missing: bool = False,
    ) -> None:
        """Record a problem; a ``missing`` key is located where its table starts."""
        where = f"{span.label}: " if span.label else ""
        name = f"'{key}' " if key else ""
        line = self.line_of(key, span) if key and not missing else (span.start + 1 if span.label else None)
        self.found.add(f"{where}{name}{message}", line=line, text=text, choices=choices)

    def check_keys(self, data: Mapping[str, Any], allowed: Sequence[str], span: Span) -> None:
        self.found.unknown_keys(data, allowed, span.label or _("the table file"), span)

    # -- typed values ---------------------------------------------------------------
    def table(self, data: Mapping[str, Any], key: str, span: Span) -> dict[str, Any]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            self.problem(span, key, _("should be a table like { ... }"), text=value)
            return {}
        return value

    @overload
    def integer(
        self,
        data: Mapping[str, Any],
        key: str,
        span: Span,
        default: int | Missing = ...,
        *,
        minimum: int | None = ...,
        maximum: int | None = ...,
    ) -> int: ...

    @overload
    def integer(
        self,
        data: Mapping[str, Any],
        key: str,
        span: Span,
        default: None,
        *,
        minimum: int | None = ...,
        maximum: int | None = ...,
    ) -> int | None: ...

    def integer(
        self,
        data: Mapping[str, Any],
        key: str,
        span: Span,
        default: int | Missing | None = REQUIRED,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int | None:
        """A whole number; ``default`` when absent (a problem if the default is REQUIRED)."""
        value = data.get(key, REQUIRED)
        if value is REQUIRED:
            if isinstance(default, Missing):
                self.problem(span, key, _("is missing"), missing=True)
                return 0
            return default
        if self.blank(value, span, key):
            return 0 if isinstance(default, Missing) else default
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(span, key, _("should be a whole number"), text=value)
            return default if isinstance(default, int) else 0
        if minimum is not None and value < minimum:
            self.problem(span, key, _("cannot be below {n}").format(n=minimum), text=value)
        if maximum is not None and value > maximum:
            self.problem(span, key, _("cannot be above {n}").format(n=maximum), text=value)
        return value

    def boolean(self, data: Mapping[str, Any], key: str, span: Span, default: bool = False) -> bool:
        value = data.get(key, default)
        if self.blank(value, span, key):
            return default
        if not isinstance(value, bool):
            self.problem(span, key, _("should be true or false"), text=value)
            return default
        return value

    @overload
    def string(self, data: Mapping[str, Any], key: str, span: Span, default: str | Missing = ...) -> str: ...

    @overload
    def string(self, data: Mapping[str, Any], key: str, span: Span, default: None) -> str | None: ...

    def string(
        self, data: Mapping[str, Any], key: str, span: Span, default: str | Missing | None = REQUIRED
    ) -> str | None:
        value = data.get(key, REQUIRED)
        if value is REQUIRED:
            if isinstance(default, Missing):
                self.problem(span, key, _("is missing"), missing=True)
                return ""
            return default
        if not isinstance(value, str):
            self.problem(span, key, _("should be text in quotes"), text=value)
            return default if isinstance(default, str) else ""
        return value

    def avenues(self, raw: object, span: Span, key: str) -> tuple[int, ...] | None:
        """A list of avenue numbers (1 to 11, left to right); None after a problem."""
        if self.blank(raw, span, key):
            return None
        if not (isinstance(raw, list) and all(isinstance(a, int) and not isinstance(a, bool) for a in raw)):
            self.problem(
                span, key, _("should list avenue numbers 1-{n}, left to right, e.g. [3, 7]").format(n=AVENUES), text=raw
            )
            return None
        for a in raw:
            if not 1 <= a <= AVENUES:
                self.problem(span, key, _("has an avenue outside 1-{n}").format(n=AVENUES), text=a)
        return tuple(raw)

    def choice(self, value: object, key: str, span: Span, choices: Iterable[str]) -> str | None:
        names = list(choices)
        text = value.strip().lower() if isinstance(value, str) else None
        if text in names:
            return text
        if self.blank(value, span, key):
            return None
        self.problem(
            span,
            key,
            _("should be one of {names}").format(names=", ".join(names)),
            text=value,
            choices=closest(str(value), names),
        )
        return None
