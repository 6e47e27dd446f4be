"""Untrusted text: lines as an editor shows them, bounded quotes.

>>> split_lines("a\\r\\nb\\u2028c\\rd\\n")
['a', 'b\\u2028c', 'd']
>>> clip("x" * 100, 10)
'xxxxxxxxx…'
"""

from __future__ import annotations

#: The most characters of offending text an error quotes (a 9 MB line is not echoed whole).
QUOTE_LIMIT = 80
#: The most characters of one message or one suggested choice.
MESSAGE_LIMIT = 400
#: The longest line a line-based game file may hold (real lines are under 200).
MAX_LINE = 1000


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def split_lines(text: str) -> list[str]:
    """The lines of a file as an editor shows them: split on ``\\n``, ``\\r\\n`` and ``\\r`` only.

    Unlike :meth:`str.splitlines`, a U+2028, a form feed or a U+0085 inside a comment
    does not start a new line (a hidden event would otherwise hide in a comment).
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and not lines[-1]:
        lines.pop()
    return lines


def percent(p: float, *, short: bool = False) -> str:
    """A probability as people read it at the table.

    ``short`` (grid cells): ``0``, ``<1``, a whole percent, ``>99`` or ``100``; otherwise a
    whole percent with ``%``, and one decimal only below 1 % or above 99 %.

    >>> [percent(p) for p in (0, 0.004, 0.37, 0.996, 1)]
    ['0%', '0.4%', '37%', '99.6%', '100%']
    >>> [percent(p, short=True) for p in (0, 0.004, 0.37, 0.996, 1)]
    ['0', '<1', '37', '>99', '100']

    In the language spoken now (:mod:`rulesref.core.i18n`): Estonian writes ``0,4%``.
    """
    v = p * 100
    if short:
        if p <= 0:
            return "0"
        if p >= 1:
            return "100"
        return "<1" if v < 1 else ">99" if v > 99 else f"{v:.0f}"
    if v in (0.0, 100.0) or 1 <= v <= 99:
        return f"{v:.0f}%"
    from rulesref.core.i18n import number  # Estonian writes 0,4%

    return number(v, ".1f") + "%"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` agreeing in number: ``1 error``, ``2 errors``, ``0 events``,
    ``1,204 deals``; ``many`` for a word that does not take an ``s`` (``1 match``, ``2 matches``)."""
    return f"{n:,} {word if n == 1 else many if many is not None else word + 's'}"
