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
  Once measured, a file may be tuned on in later rounds (the first seven have been); the
  newest one is not.  Each keeps what was reached: the first three together first at
  least 95 %, top 3 at least 98 %; the fourth to seventh their own levels below.  A newer
  file (estonian-8) is measured by the lead before it joins a test.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rulesref.book import books
from rulesref.core.errors import InputError
from rulesref.search import search
from tests.helpers import ROOT

FOLDER = ROOT / "tests" / "data" / "rules-questions"
TABLE_FOLDER = ROOT / "tests" / "data" / "rules-table-questions"
HELD_OUT_FOLDER = ROOT / "tests" / "data" / "rules-held-out"
TOP_1, TOP_3 = 0.90, 0.97
HELD_OUT_TOP_1, HELD_OUT_TOP_3 = 0.95, 0.98


def _questions(folder: Path = FOLDER) -> list[tuple[str, dict[str, object]]]:
    out = []
    for path in sorted(folder.glob("*.toml")):
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
# the fourth, fifth and sixth files (issue 28, part D) keep their own levels below
FRESH = [(n, q) for n, q in HELD_OUT_ALL if n.startswith("estonian-4#")]
FIFTH = [(n, q) for n, q in HELD_OUT_ALL if n.startswith("estonian-5#")]
SIXTH = [(n, q) for n, q in HELD_OUT_ALL if n.startswith("estonian-6#")]
# measured by the lead before and after the grammar round (75 % / 91.7 % both times); the
# round that judged a learned re-ranker each file left out (docs/rules.md) left it there
SEVENTH = [(n, q) for n, q in HELD_OUT_ALL if n.startswith("estonian-7#")]
# the first three files together; a newer file joins a test only once it has been measured
HELD_OUT = [(n, q) for n, q in HELD_OUT_ALL if n.startswith(("estonian#", "estonian-2#", "estonian-3#"))]
# as measured after the round of issue 28 that read cases, free word order, "how many" and
# relative clauses (the fourth 87.5 % -> 92.5 % first, the fifth 83.3 % -> 90 %, the sixth
# 85 % -> 100 %)
FRESH_TOP_1, FRESH_TOP_3 = 0.925, 1.0
FIFTH_TOP_1, FIFTH_TOP_3 = 0.9, 1.0
SIXTH_TOP_1, SIXTH_TOP_3 = 1.0, 1.0
SEVENTH_TOP_1, SEVENTH_TOP_3 = 27 / 36, 33 / 36


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


def test_the_fresh_estonian_set_keeps_its_level() -> None:
    """tests/data/rules-held-out/estonian-4.toml: 40 questions, all five games."""
    assert len(FRESH) == 40
    games = {str(e).split("/")[0] for _, q in FRESH for e in _expected(q)}
    assert games == set(books())
    first, top3, misses = _ranks(FRESH)
    assert top3 >= FRESH_TOP_3, (f"top 3: {top3:.1%}", misses)
    assert first >= FRESH_TOP_1, (f"first: {first:.1%}", misses)


def test_the_fifth_estonian_set_keeps_its_level() -> None:
    """tests/data/rules-held-out/estonian-5.toml: 30 questions, all five games (its misses were
    studied in the round that read cases and free word order)."""
    assert len(FIFTH) == 30
    games = {str(e).split("/")[0] for _, q in FIFTH for e in _expected(q)}
    assert games == set(books())
    first, top3, misses = _ranks(FIFTH)
    assert top3 >= FIFTH_TOP_3, (f"top 3: {top3:.1%}", misses)
    assert first >= FIFTH_TOP_1, (f"first: {first:.1%}", misses)


def test_the_sixth_estonian_set_keeps_its_level() -> None:
    """tests/data/rules-held-out/estonian-6.toml: 20 questions, all five games (its misses were
    studied in the round that read cases and free word order)."""
    assert len(SIXTH) == 20
    games = {str(e).split("/")[0] for _, q in SIXTH for e in _expected(q)}
    assert games == set(books())
    first, top3, misses = _ranks(SIXTH)
    assert top3 >= SIXTH_TOP_3, (f"top 3: {top3:.1%}", misses)
    assert first >= SIXTH_TOP_1, (f"first: {first:.1%}", misses)


def test_the_seventh_estonian_set_keeps_its_level() -> None:
    """tests/data/rules-held-out/estonian-7.toml: 36 questions, all five games (unseen by the
    grammar round; studied by the round that judged a re-ranker each file left out)."""
    assert len(SEVENTH) == 36
    games = {str(e).split("/")[0] for _, q in SEVENTH for e in _expected(q)}
    assert games == set(books())
    first, top3, misses = _ranks(SEVENTH)
    assert top3 >= SEVENTH_TOP_3, (f"top 3: {top3:.1%}", misses)
    assert first >= SEVENTH_TOP_1, (f"first: {first:.1%}", misses)
