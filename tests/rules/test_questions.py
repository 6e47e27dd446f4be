"""Table questions: how well `rules search` answers what players ask.

Two folders of TOML questions, one shape (docs/rules.md)::

    [[question]]
    q = "can I sprawl into F block with two players"
    expect = ["lords-of-vegas/sprawl", "lords-of-vegas/two-players"]
    game = "lords-of-vegas"        # optional --game filter

- tests/data/rules-questions/: the golden questions; each must find one of its expected
  sections in the top 3.
- tests/data/rules-table-questions/: questions written apart from the rule files'
  keywords - English, Estonian (classic Clue, whose rulebook we have in Estonian), the
  two mixed, typos, no game named - across the five games.  An expected section must
  come first for at least 90 % of them and in the top 3 for at least 97 %, overall and
  for the Estonian file on its own.
- tests/data/rules-held-out/: Estonian questions over the five games, each file written
  before a round of changes and measured once after it (docs/rules.md has the figures).
  Once measured, a file may be tuned on in later rounds (the first nine have been); the
  newest one is not.  Each keeps what was reached: the first three together first at
  least 95 %, top 3 at least 98 %; the later ones their own levels below.  A newer file is
  measured by the lead before it joins a test (``rulesref.rerank_fit.UNSEEN`` names it
  meanwhile).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rulesref.book import books
from rulesref.core.errors import InputError
from rulesref.rerank_fit import UNSEEN  # held-out files not measured yet: no test reads them either
from rulesref.search import search
from tests.helpers import ROOT

FOLDER = ROOT / "tests" / "data" / "rules-questions"
TABLE_FOLDER = ROOT / "tests" / "data" / "rules-table-questions"
HELD_OUT_FOLDER = ROOT / "tests" / "data" / "rules-held-out"
TOP_1, TOP_3 = 0.90, 0.97
HELD_OUT_TOP_1, HELD_OUT_TOP_3 = 0.95, 0.98


def _questions(folder: Path = FOLDER) -> list[tuple[str, dict[str, object]]]:
    out = []
    for path in sorted(p for p in folder.glob("*.toml") if p.stem not in UNSEEN):
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


TABLE_QUESTIONS = _questions(TABLE_FOLDER)


def _expected(question: dict[str, object]) -> list[str]:
    wanted = question["expect"]
    return [str(e) for e in wanted] if isinstance(wanted, list) else []


def _ranks(questions: list[tuple[str, dict[str, object]]]) -> tuple[float, float, list[str]]:
    first = top3 = 0
    misses: list[str] = []
    for name, q in questions:
        game = q.get("game")
        try:
            got = [h.section.full_id for h in search(str(q["q"]), game=game if isinstance(game, str) else None).hits]
        except InputError:  # nothing to search for: a miss, not a crash of the measure
            got = []
        wanted = q["expect"]
        expect = set(wanted) if isinstance(wanted, list) else set()
        first += bool(got) and got[0] in expect
        top3 += bool(expect & set(got))
        if not got or got[0] not in expect:
            misses.append(f"{name}: {q['q']!r} -> {got[:3]}")
    return first / len(questions), top3 / len(questions), misses


def test_the_table_set_is_large_and_well_formed() -> None:
    known = {s.full_id for b in books().values() for s in b.sections}
    estonian = [n for n, _ in TABLE_QUESTIONS if n.startswith("clue-estonian")]
    assert len(TABLE_QUESTIONS) >= 150 and len(estonian) >= 40
    games: set[str] = set()
    for name, q in TABLE_QUESTIONS:
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
    chosen = [(n, q) for n, q in TABLE_QUESTIONS if part == "all" or n.split("#")[0] == part]
    assert chosen
    first, top3, misses = _ranks(chosen)
    # per file the bar is one question looser (a file holds 15 to 50 questions)
    slack = 0.0 if part in ("all", "clue-estonian") else 1 / len(chosen)
    assert top3 >= TOP_3 - slack, (f"top 3: {top3:.1%}", misses)
    assert first >= TOP_1 - slack, (f"first: {first:.1%}", misses)


HELD_OUT_ALL = _questions(HELD_OUT_FOLDER)
# the first three files together; a newer file joins a test only once it has been measured
HELD_OUT = [(n, q) for n, q in HELD_OUT_ALL if n.startswith(("estonian#", "estonian-2#", "estonian-3#"))]
# Newer files keep their own levels: (file, questions, first, top 3), as measured after the
# round of issue 28 that added the Estonian example questions (rulesref/examples.py) and the
# Estonian books of the four Vegas games (docs/rules.md has every file before and after).  The
# eleventh was written before that round and measured once before the examples (77.8 % /
# 86.1 %) and once after them (88.9 % / 94.4 %); the twelfth and thirteenth were written after
# the examples and measured before the translated books (88.9 % / 97.2 %, 94.4 % / 100 %) and
# after them (88.9 % / 97.2 %, 97.2 % / 100 %); the seventh to tenth were not studied by the
# round (before it: 75 % / 91.7 %, 80 % / 90 %, 83.3 % / 97.2 %, 86.1 % / 94.4 %).  The sixth
# lost one first place to the examples ("mis juhtub kui su süüdistus on vale": accusations
# before eliminated players).  The twelfth is at 33 / 36 and 36 / 36 since the Estonian game
# names "vegase cluedo" and "vegase täringumäng" became aliases (found on its misses).  The
# fourteenth and fifteenth were written after the whole round and measured once on it
# (91.7 % / 97.2 %, 94.4 % / 100 %; the engine before the round: 86.1 % / 91.7 %, 80.6 % / 91.7 %).
OWN_LEVELS = [
    ("estonian-4", 40, 39 / 40, 1.0),
    ("estonian-5", 30, 1.0, 1.0),
    ("estonian-6", 20, 19 / 20, 1.0),
    ("estonian-7", 36, 32 / 36, 1.0),
    ("estonian-8", 30, 26 / 30, 28 / 30),
    ("estonian-9", 36, 32 / 36, 1.0),
    ("estonian-10", 36, 32 / 36, 35 / 36),
    ("estonian-11", 36, 32 / 36, 34 / 36),
    ("estonian-12", 36, 33 / 36, 1.0),
    ("estonian-13", 36, 35 / 36, 1.0),
    ("estonian-14", 36, 33 / 36, 35 / 36),
    ("estonian-15", 36, 34 / 36, 1.0),
]


def test_held_out_estonian_questions_keep_their_level() -> None:
    assert len(HELD_OUT) >= 100
    known = {s.full_id for b in books().values() for s in b.sections}
    games: set[str] = set()
    for name, q in HELD_OUT:
        assert set(q) <= {"q", "expect", "game"}, name
        expect = q["expect"]
        assert isinstance(expect, list) and set(expect) <= known, name
        games.update(str(e).split("/")[0] for e in expect)
    assert games == set(books())
    first, top3, misses = _ranks(HELD_OUT)
    assert top3 >= HELD_OUT_TOP_3, (f"top 3: {top3:.1%}", misses)
    assert first >= HELD_OUT_TOP_1, (f"first: {first:.1%}", misses)


@pytest.mark.parametrize(("stem", "size", "top_1", "top_3"), OWN_LEVELS, ids=[row[0] for row in OWN_LEVELS])
def test_a_newer_estonian_set_keeps_its_level(stem: str, size: int, top_1: float, top_3: float) -> None:
    """tests/data/rules-held-out/<stem>.toml: its questions cover all five games."""
    chosen = [(n, q) for n, q in HELD_OUT_ALL if n.startswith(f"{stem}#")]
    assert len(chosen) == size
    games = {str(e).split("/")[0] for _, q in chosen for e in _expected(q)}
    assert games == set(books())
    first, top3, misses = _ranks(chosen)
    assert top3 >= top_3, (f"top 3: {top3:.1%}", misses)
    assert first >= top_1, (f"first: {first:.1%}", misses)
