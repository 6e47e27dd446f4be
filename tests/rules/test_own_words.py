"""Every rule book is written in the project's own words: nothing copied from a rulebook.

Two checks over every text a reader sees (summary, titles, section texts, notes), of every
book in every language (the Estonian classic Clue book included), against all five
source rulebooks: no run of 60 characters in common, and no run of 9 words.
Both sides are compared as lower-case words joined by single spaces, so a copy cannot
hide behind different line breaks, punctuation or Markdown.
"""

from __future__ import annotations

import re

import pytest

from rulesref.book import LANGUAGES, RuleBook, books, translations
from tests.helpers import rulebook

CHARS = 60
WORDS = 9


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def _texts(b: RuleBook) -> list[tuple[str, str]]:
    out = [(b.game, b.summary)]
    for s in b.sections:
        out.append((s.full_id, f"{s.title}\n{s.text}\n{s.unconfirmed or ''}"))
    return out


@pytest.fixture(scope="module")
def sources() -> tuple[set[str], set[tuple[str, ...]]]:
    files = sorted(rulebook().glob("0*.txt"))
    chars: set[str] = set()
    runs: set[tuple[str, ...]] = set()
    for path in files:
        ws = _words(path.read_text(encoding="utf-8"))
        flat = " ".join(ws)
        chars.update(flat[i : i + CHARS] for i in range(len(flat) - CHARS + 1))
        runs.update(tuple(ws[i : i + WORDS]) for i in range(len(ws) - WORDS + 1))
    return chars, runs


#: Every book a reader may see: (language, game) for the English books and every translation.
BOOKS = [("en", game) for game in sorted(books())] + [
    (lang, game) for lang in LANGUAGES for game in sorted(translations(lang))
]


def test_the_translations_are_checked_too() -> None:
    assert ("et", "clue") in BOOKS


@pytest.mark.parametrize(("lang", "game"), BOOKS, ids=[f"{lang}/{game}" for lang, game in BOOKS])
def test_no_run_of_60_characters_or_9_words_is_copied(
    lang: str, game: str, sources: tuple[set[str], set[tuple[str, ...]]]
) -> None:
    chars, runs = sources
    for where, text in _texts(books(lang)[game]):
        ws = _words(text)
        flat = " ".join(ws)
        copied = [flat[i : i + CHARS] for i in range(len(flat) - CHARS + 1) if flat[i : i + CHARS] in chars]
        assert not copied, (where, copied[:2])
        runs_copied = [
            " ".join(ws[i : i + WORDS]) for i in range(len(ws) - WORDS + 1) if tuple(ws[i : i + WORDS]) in runs
        ]
        assert not runs_copied, (where, runs_copied[:2])


@pytest.mark.parametrize(
    "copied",
    [
        "Players may hide the money they won until the end of the game. Finally, take back",
        "Mängijad saavad liikuda ainult horisontaalselt või vertikaalselt, mitte kunagi diagonaalselt.",
    ],
    ids=["english", "estonian"],
)
def test_the_check_finds_a_copy(copied: str, sources: tuple[set[str], set[tuple[str, ...]]]) -> None:
    chars, runs = sources
    copy = " ".join(_words(copied))
    assert any(copy[i : i + CHARS] in chars for i in range(len(copy) - CHARS + 1))
    ws = copy.split()
    assert any(tuple(ws[i : i + WORDS]) in runs for i in range(len(ws) - WORDS + 1))
