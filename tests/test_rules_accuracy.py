"""How well `rules search` answers table questions it was not written around.

tests/data/rules-table-questions/ holds questions phrased the way players ask them -
English, Estonian (classic Clue, whose rulebook we have in Estonian), the two mixed,
typos, no game named - across the five games, with the sections that answer them
(same shape as tests/data/rules-questions/, see docs/rules.md).  The search must put an
expected section first for at least 90 % of them and in the top 3 for at least 97 %,
and the Estonian ones must meet the same bars on their own.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rulesref.book import books
from rulesref.search import search

FOLDER = Path(__file__).parent / "data" / "rules-table-questions"
TOP_1, TOP_3 = 0.90, 0.97


def _questions() -> list[tuple[str, dict[str, object]]]:
    out = []
    for path in sorted(FOLDER.glob("*.toml")):
        for i, q in enumerate(tomllib.loads(path.read_text(encoding="utf-8")).get("question", []), 1):
            out.append((f"{path.stem}#{i}", q))
    return out


QUESTIONS = _questions()


def _ranks(questions: list[tuple[str, dict[str, object]]]) -> tuple[float, float, list[str]]:
    first = top3 = 0
    misses: list[str] = []
    for name, q in questions:
        game = q.get("game")
        got = [h.section.full_id for h in search(str(q["q"]), game=game if isinstance(game, str) else None).hits]
        wanted = q["expect"]
        expect = set(wanted) if isinstance(wanted, list) else set()
        first += bool(got) and got[0] in expect
        top3 += bool(expect & set(got))
        if not got or got[0] not in expect:
            misses.append(f"{name}: {q['q']!r} -> {got[:3]}")
    return first / len(questions), top3 / len(questions), misses


def test_the_set_is_large_and_well_formed() -> None:
    known = {s.full_id for b in books().values() for s in b.sections}
    estonian = [n for n, _ in QUESTIONS if n.startswith("clue-estonian")]
    assert len(QUESTIONS) >= 150 and len(estonian) >= 40
    games: set[str] = set()
    for name, q in QUESTIONS:
        assert set(q) <= {"q", "expect", "game"}, name
        assert isinstance(q["q"], str) and q["q"].strip(), name
        expect = q["expect"]
        assert isinstance(expect, list) and expect and set(expect) <= known, name
        games.update(str(e).split("/")[0] for e in expect)
    assert games == set(books())


@pytest.mark.parametrize(
    "part", ["all", "clue-estonian", "clue", "lost-in-vegas", "las-vegas", "lords-of-vegas", "welcome", "mixed"]
)
def test_right_section_first_and_in_the_top_3(part: str) -> None:
    chosen = [(n, q) for n, q in QUESTIONS if part == "all" or n.split("#")[0] == part]
    assert chosen
    first, top3, misses = _ranks(chosen)
    # per file the bar is one question looser (a file holds 15 to 50 questions)
    slack = 0.0 if part in ("all", "clue-estonian") else 1 / len(chosen)
    assert top3 >= TOP_3 - slack, (f"top 3: {top3:.1%}", misses)
    assert first >= TOP_1 - slack, (f"first: {first:.1%}", misses)
