"""The golden table questions: each finds one of its expected sections in the top 3.

Every file in tests/data/rules-questions/ is read (shape in docs/rules.md)::

    [[question]]
    q = "can I sprawl into F block with two players"
    expect = ["lords-of-vegas/sprawl", "lords-of-vegas/two-players"]
    game = "lords-of-vegas"        # optional --game filter
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rulesref.book import books
from rulesref.search import search

FOLDER = Path(__file__).parent / "data" / "rules-questions"


def _questions() -> list[tuple[str, dict[str, object]]]:
    out = []
    for path in sorted(FOLDER.glob("*.toml")):
        for i, q in enumerate(tomllib.loads(path.read_text(encoding="utf-8")).get("question", []), 1):
            out.append((f"{path.stem}#{i}", q))
    return out


QUESTIONS = _questions()


def test_enough_questions_for_the_clue_games() -> None:
    per_file: dict[str, int] = {}
    for name, _ in QUESTIONS:
        per_file[name.split("#")[0]] = per_file.get(name.split("#")[0], 0) + 1
    assert per_file.get("clue", 0) >= 10 and per_file.get("clue-lost-in-vegas", 0) >= 10


@pytest.mark.parametrize(("name", "question"), QUESTIONS, ids=[n for n, _ in QUESTIONS])
def test_question_finds_expected_section(name: str, question: dict[str, object]) -> None:
    assert set(question) <= {"q", "expect", "game"}, f"{name}: unknown keys {set(question) - {'q', 'expect', 'game'}}"
    q, expect, game = question["q"], question["expect"], question.get("game")
    assert isinstance(q, str) and q.strip()
    assert isinstance(expect, list) and expect, f"{name}: expect must list section ids"
    known = {s.full_id for b in books().values() for s in b.sections}
    assert set(expect) <= known, f"{name}: expects unknown sections {set(expect) - known}"
    got = [h.section.full_id for h in search(q, game=game if isinstance(game, str) else None, limit=3).hits]
    assert set(expect) & set(got), f"{name}: {q!r} found {got}, expected one of {expect}"
