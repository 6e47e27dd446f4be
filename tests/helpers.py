"""Pieces several test files share (imported as ``tests.helpers``)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import strategies as st

from rulesref.book import RuleBook, section

if TYPE_CHECKING:
    from cluesolver.clue.record.events import GameLog

#: The repository's root (the folder holding ``pyproject.toml``), whatever folder a test file is in.
ROOT = Path(__file__).resolve().parent.parent
#: The tests' data files (``tests/data``).
DATA = ROOT / "tests" / "data"

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


def rulebook(name: str | None = None) -> Path:
    """The folder of the source rulebooks, or the rulebook ``name`` in it; the test is skipped without them.

    The folder is ``$CLUESOLVER_RULEBOOKS``, by default ``../shared/rulebooks`` beside the
    repository.  The rulebooks are not part of the project (they are the publishers'), so a
    test that compares the rule books with them is skipped, saying where it looked, when
    the folder, the file or (without ``name``) any ``.txt`` rulebook in it is missing.
    """
    folder = Path(os.environ.get("CLUESOLVER_RULEBOOKS") or ROOT.parent / "shared" / "rulebooks")
    path = folder if name is None else folder / name
    found = path.is_file() if name is not None else folder.is_dir() and any(folder.glob("*.txt"))
    if not found:
        pytest.skip(
            "source rulebooks not found: set CLUESOLVER_RULEBOOKS to the folder of the source rulebooks "
            f"(now {folder}{'' if name is None else f'; {name} is not in it'})"
        )
    return path


def tiny_log(events: str = "", me: str | None = "Ann", cards: str = "Red, Axe") -> GameLog:
    """A game of the tiny edition (``tests/data/live/tiny.toml``) for Ann, Ben and Cat, seen by ``me``."""
    from cluesolver.clue.record.reader import parse_log

    head = "game: tiny.toml\nplayers: Ann, Ben, Cat\n"
    if me:
        head += f"me: {me}\nmy cards: {cards}\n"
    return parse_log(head + "\n" + events, None, DATA / "live")
