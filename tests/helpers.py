"""Pieces several test files share (imported as ``tests.helpers``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from hypothesis import strategies as st

from rulesref.book import RuleBook, section

ACTIONS = ("drop", "dup", "insert", "cut", "swap")

#: ``clue new`` options of the four-player game the CLI tests start: Ann keeps the notebook.
ANN_OF_FOUR = ("--players", "Ann,Ben,Cat,Dan", "--me", "Ann", "--cards", "Scarlet, Rope, Kitchen, Hall, Study")


@st.composite
def damaged_lines(draw: st.DrawFn, sources: Sequence[str], pieces: Sequence[str], most: int = 4) -> str:
    """One of ``sources`` after one to ``most`` line edits, the careless kind a hand-kept file gets.

    An edit drops a line (never the only one), doubles it, cuts it short, swaps it with
    another or types one of ``pieces`` into it.
    """
    lines = draw(st.sampled_from(sources)).split("\n")
    for _ in range(draw(st.integers(1, most))):
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(ACTIONS))
        if action == "drop" and len(lines) > 1:
            del lines[i]
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "insert":
            pos = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:pos] + draw(st.sampled_from(pieces)) + lines[i][pos:]
        elif action == "cut":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def assert_sections_complete_and_linked(b: RuleBook) -> None:
    """Every section of ``b`` has a title, text and keywords, and every cross-link resolves."""
    for s in b.sections:
        assert s.title.strip() and s.text.strip() and s.keywords, s.id
        for target in s.see:
            assert section(target).full_id == target, (s.id, target)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def copied_runs(source: str, texts: Iterable[str], n: int) -> list[str]:
    """The runs of ``n`` words of ``texts`` that stand in ``source`` too (case and punctuation aside).

    >>> copied_runs("Roll all your dice, then place them.", ["you roll ALL your dice!"], 3)
    ['roll all your', 'all your dice']
    """
    words = _words(source)
    grams = {" ".join(words[i : i + n]) for i in range(len(words) - n + 1)}
    found: list[str] = []
    for text in texts:
        mine = _words(text)
        found += [run for i in range(len(mine) - n + 1) if (run := " ".join(mine[i : i + n])) in grams]
    return found
