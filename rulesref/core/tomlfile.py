"""Reading TOML from outside: parse with bounds, and locate every problem by line.

``tomllib`` gives data without positions, so :class:`TomlText` finds where a key is
written by scanning the raw text inside a span of lines (a table, an array-of-tables
entry).  :class:`Problems` collects every problem of a file so a reader reports them all
at once.

    >>> t = TomlText.of('game = "x"\\n[[player]]\\nname = "Ann"\\n[[player]]\\nname = "Bob"\\n')
    >>> [t.line_of("name", s) for s in t.tables("[[player]]")]
    [3, 5]
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulesref.core.errors import InputError, Problem
from rulesref.core.names import closest
from rulesref.core.text import split_lines

#: Tables and arrays nested deeper than this are refused (real files use 3 or 4).
MAX_DEPTH = 32
#: The longest TOML text read (characters).  Game files are a few kilobytes and the
#: biggest rule book about 25; Python's TOML parser reads strings a character at a time
#: (about a second per megabyte), so a bigger file is refused before it is parsed.
MAX_TOML_CHARS = 256 * 1024


def toml_problem(exc: Exception, path: str | None, prefix: str = "not valid TOML", text: str | None = None) -> Problem:
    """A ``tomllib.TOMLDecodeError`` as a located problem (tomllib puts the place in its text).

    An error "at end of document" is placed on the last line of ``text`` when it is given.

        >>> toml_problem(ValueError("Invalid value (at end of document)"), "x.toml", text="a = 1\\nb = [1,\\n").line
        2
    """
    m = re.search(r"line (\d+), column (\d+)", str(exc))
    if m:
        at, column = int(m.group(1)), int(m.group(2))
        written = split_lines(text) if text is not None else []
        plain = _in_plain_words(str(exc), written[at - 1] if 0 < at <= len(written) else None, column)
        if plain is not None:
            message, column, quoted = plain
            return Problem(f"{prefix}: {message}", path=path, line=at, column=column, text=quoted)
        return Problem(f"{prefix}: {exc}", path=path, line=at, column=column)
    line = None
    if text is not None and "end of document" in str(exc):
        lines = split_lines(text)
        line = max(1, len(lines))
        return Problem(f"{prefix}: {exc}", path=path, line=line, column=len(lines[-1]) + 1 if lines else 1)
    return Problem(f"{prefix}: {exc}", path=path, line=line)


def _in_plain_words(raw: str, line: str | None, column: int) -> tuple[str, int, str] | None:
    """The parser's words for the slips people make in inline tables, said plainly: (message, column, text).

    ``column`` is 1-based on ``line``; None when the slip is not one of these (the parser's
    words are kept).

        >>> message, column, text = _in_plain_words("Invalid initial character for a key part", "c = { a = 1, }", 14)
        >>> message.startswith("a comma after the last value"), column, text
        (True, 12, ', }')
    """
    if line is None:
        return None
    before = line[: column - 1].rstrip()
    here = line[column - 1 : column]
    if raw.startswith("Invalid initial character for a key part") and before.endswith(","):
        comma = len(before)
        if here == "}":
            return (
                "a comma after the last value of an inline table { ... }: remove it (TOML allows none there)",
                comma,
                line[comma - 1 : column],
            )
        if not line[column - 1 :].split("#", 1)[0].strip():
            return (
                "an inline table { ... } is written on one line: join its lines, or write it as a [table]",
                comma,
                line.strip(),
            )
    if raw.startswith("Unclosed inline table"):
        return (
            "an inline table { ... } is not closed on its line: a '}' at the end, or a ',' between two values, "
            "is missing",
            column,
            line.strip(),
        )
    return None


def _depth(value: object, limit: int) -> int:
    """Nesting depth of parsed data, without recursion; stops counting past ``limit``."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _bracket_depth(text: str) -> int:
    """A cheap upper bound of inline nesting: the longest run of opening brackets."""
    runs = re.findall(r"(?:[\[{]\s*)+", text)
    return max((sum(ch in "[{" for ch in run) for run in runs), default=0)


def parse_toml(
    text: str, path: str | None = None, *, max_depth: int = MAX_DEPTH, max_chars: int = MAX_TOML_CHARS
) -> dict[str, Any]:
    """Parse TOML text; any failure is an :class:`InputError` with its line.

    Text longer than ``max_chars`` or nested deeper than ``max_depth`` is refused quickly.
    """
    if len(text) > max_chars:
        raise InputError(
            Problem(f"too large for a TOML file: {len(text):,} characters (at most {max_chars:,} are read)", path=path)
        )
    if _bracket_depth(text) > max_depth + 2:
        raise InputError(Problem(f"nested deeper than {max_depth} levels", path=path))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(toml_problem(exc, path, text=text)) from None
    except RecursionError:
        raise InputError(Problem(f"nested deeper than {max_depth} levels", path=path)) from None
    if _depth(data, max_depth) > max_depth:
        raise InputError(Problem(f"nested deeper than {max_depth} levels", path=path))
    return data


@dataclass(frozen=True)
class Span:
    """A part of the file: a label for messages and the 0-based lines ``start..end``."""

    label: str = ""
    start: int = 0
    end: int | None = None


@dataclass(frozen=True)
class TomlText:
    """The raw lines of a TOML file, to find where keys and tables are written."""

    lines: tuple[str, ...]

    @classmethod
    def of(cls, text: str) -> TomlText:
        return cls(tuple(split_lines(text)))  # TOML's own line breaks: no U+2028

    def header_lines(self, header: str) -> list[int]:
        """0-based lines that open a table such as ``[[player]]`` or ``[tiles]``."""
        inner = re.escape(header.strip("[]").strip()).replace(r"\.", r"\s*\.\s*")
        brackets = "[[" if header.startswith("[[") else "["
        close = "]]" if brackets == "[[" else "]"
        pattern = re.compile(r"^\s*" + re.escape(brackets) + r"\s*" + inner + r"\s*" + re.escape(close) + r"\s*(#.*)?$")
        return [i for i, line in enumerate(self.lines) if pattern.match(line)]

    def next_header(self, after: int) -> int:
        """0-based line of the first table header after line ``after``, else the end."""
        for i in range(after + 1, len(self.lines)):
            if self.lines[i].lstrip().startswith("["):
                return i
        return len(self.lines)

    def tables(self, header: str, label: str = "") -> list[Span]:
        """One span per table opened by ``header``, in file order."""
        return [
            Span(f"{label or header} {n}", start, self.next_header(start))
            for n, start in enumerate(self.header_lines(header), 1)
        ]

    def table(self, header: str) -> Span | None:
        found = self.tables(header)
        return found[0] if found else None

    def top(self) -> Span:
        """The lines before the first table header."""
        return Span("", 0, self.next_header(-1))

    def line_of(self, key: str, span: Span | None = None) -> int | None:
        """1-based line where ``key`` is assigned (``key =``, ``key.x =``, ``{key =``) in ``span``."""
        span = span or Span()
        end = len(self.lines) if span.end is None else span.end
        assign = re.compile(r"(^|[\s{,.\[])\"?" + re.escape(key) + r"\"?\s*(=|\.|\])")
        for i in range(span.start, end):
            if assign.search(self.lines[i].split("#", 1)[0]):
                return i + 1
        return span.start + 1 if span.start or span.end is not None else None

    def find(self, needle: str, near: int | None, reach: int = 8) -> int | None:
        """The first line at or after ``near`` (1-based) holding ``needle``; else ``near``."""
        if near is None:
            return None
        for i in range(near - 1, min(len(self.lines), near - 1 + reach)):
            if needle in self.lines[i]:
                return i + 1
        return near


class Problems:
    """Every problem of one file, each located; raise them all at once at the end."""

    def __init__(self, text: str, path: str | None) -> None:
        self.text = TomlText.of(text)
        self.path = path
        self.found: list[Problem] = []

    def add(
        self,
        message: str,
        *,
        line: int | None = None,
        key: str | None = None,
        span: Span | None = None,
        needle: str | None = None,
        text: object = None,
        choices: Iterable[str] = (),
    ) -> None:
        """One problem; with no ``line``, :meth:`locate` places it (``needle``: the offending value as written)."""
        if line is None:
            line = self.locate(key, span, needle)
        self.found.append(
            Problem(
                message,
                path=self.path,
                line=line,
                column=self.column(line, key, needle),
                text=None if text is None else str(text),
                choices=tuple(choices),
            )
        )

    def locate(self, key: str | None, span: Span | None, needle: str | None) -> int | None:
        """The 1-based line of a problem given without one: where ``key`` is assigned in ``span``."""
        return None if key is None else self.text.line_of(key, span)

    def column(self, line: int | None, key: str | None, needle: str | None) -> int | None:
        """The 1-based column of a problem on ``line``: none here (a subclass may place one)."""
        return None

    def extend(self, problems: Iterable[Problem], near: int | None = None) -> None:
        """Problems found by a helper that had no path or line: place them here."""
        for p in problems:
            line = p.line if p.line is not None else (self.text.find(p.text, near) if p.text else near)
            self.found.append(
                Problem(p.message, path=self.path, line=line, column=p.column, text=p.text, choices=p.choices)
            )

    def unknown_keys(
        self, table: Mapping[str, Any], allowed: Sequence[str], where: str, span: Span | None = None
    ) -> None:
        for key in table:
            if key not in allowed:
                self.add(
                    f"unknown key in {where}",
                    key=key,
                    span=span,
                    text=key,
                    choices=closest(key, allowed) or tuple(allowed),
                )

    def raise_if_any(self) -> None:
        if self.found:
            raise InputError(self.found)

    def __bool__(self) -> bool:
        return bool(self.found)
