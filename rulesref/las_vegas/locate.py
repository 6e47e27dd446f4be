"""Where the parts of a Las Vegas game file are written, on top of :class:`TomlText`.

The core finds keys inside a span of lines; a Las Vegas file adds two things of its own:
a round is the whole block from one ``[[round]]`` header to the next (its
``[[round.casino]]`` and ``[[round.tile]]`` tables included), and a casino can be
written three ways (``casino.3 = {...}``, ``[round.casino.3]``, ``3 = {...}``).

    >>> t = TomlText.of('game = "las-vegas"\\n[[round]]\\ncasino.2 = {}\\n[[round.tile]]\\nplayer = "A"\\n[[round]]\\n')
    >>> [(b.start, b.end) for b in round_blocks(t)]
    [(1, 5), (5, 6)]
    >>> casino_line(t, round_blocks(t)[0], "2"), table_lines(t, round_blocks(t)[0], "tile")
    (3, [4])
"""

from __future__ import annotations

import re

from rulesref.core.tomlfile import Span, TomlText

_CASINO_PATTERNS = (
    r"^\s*casino\s*\.\s*\"?{n}\"?\s*[.=]",  # casino.3 = {...}   casino.3.money = [...]
    r"^\s*\[\s*round\s*\.\s*casino\s*\.\s*\"?{n}\"?\s*\]",  # [round.casino.3]
    r"^\s*\"?{n}\"?\s*=",  # inside [round.casino]: 3 = {...}
)


def round_blocks(text: TomlText) -> list[Span]:
    """One span per ``[[round]]``, reaching to the next ``[[round]]`` (or the end)."""
    starts = text.header_lines("[[round]]")
    ends = starts[1:] + [len(text.lines)]
    return [Span(f"round {n}", start, end) for n, (start, end) in enumerate(zip(starts, ends), 1)]


def block(blocks: list[Span], index: int) -> Span:
    """The block of round ``index`` (0-based); an empty span past the end when it is not written."""
    if index < len(blocks):
        return blocks[index]
    return Span(f"round {index + 1}", 0, 0)


def header_line(span: Span) -> int | None:
    """1-based line of the header that opens ``span`` (None for an empty span)."""
    return span.start + 1 if span.end else None


def casino_line(text: TomlText, span: Span, number: str) -> int | None:
    """1-based line where casino ``number`` is written inside a round block."""
    end = len(text.lines) if span.end is None else span.end
    for template in _CASINO_PATTERNS:
        pattern = re.compile(template.format(n=re.escape(number)))
        for i in range(span.start, end):
            if pattern.match(text.lines[i]):
                return i + 1
    return None


def table_lines(text: TomlText, span: Span, name: str) -> list[int]:
    """1-based lines of the ``[[round.<name>]]`` headers inside a round block."""
    end = len(text.lines) if span.end is None else span.end
    return [i + 1 for i in text.header_lines(f"[[round.{name}]]") if span.start <= i < end]


def body(text: TomlText, line: int | None, reach: int = 8) -> Span:
    """The lines written for one casino or tile starting at ``line`` (1-based), to find its keys."""
    if line is None:
        return Span()
    start = line - 1
    end = min(len(text.lines), start + reach, max(text.next_header(start), start + 1))
    if start < len(text.lines) and text.lines[start].lstrip().startswith("["):
        start += 1  # a table's keys follow its header (whose name may look like a key: [[round.tile]])
    return Span("", start, max(start, end))
