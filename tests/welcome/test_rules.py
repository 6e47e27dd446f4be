"""The Welcome to New Las Vegas rule book (rules as data) and its golden table questions."""

from __future__ import annotations

import re
import tomllib

import pytest

from rulesref.book import book, section
from rulesref.cite import cite
from tests.helpers import ROOT, assert_sections_complete_and_linked, copied_runs, rulebook

GAME = "welcome-to-new-las-vegas"
QUESTIONS = ROOT / "tests" / "data" / "rules-questions" / f"{GAME}.toml"
RULEBOOK = "003_9f81285a90f02050.txt"  # the source rulebook (see tests.helpers.rulebook)

# Issue 4: setup, turn, placement, the five effects, golf, hotels, bonuses, projects, end, scoring, solo
REQUIRED = [
    "setup",
    "turn",
    "placement",
    "construction",
    "improvement",
    "show",
    "inauguration",
    "limousine",
    "golf",
    "hotels",
    "bonuses",
    "projects",
    "end",
    "scoring",
    "solo",
]


def test_book_loads_by_id_and_alias() -> None:
    assert book(GAME).title == "Welcome to New Las Vegas"
    assert book("welcome") is book(GAME)


@pytest.mark.parametrize("local", REQUIRED)
def test_required_sections_exist_with_text_and_keywords(local: str) -> None:
    s = section(f"{GAME}/{local}")
    assert len(s.text) > 80
    assert s.keywords


def test_ids_unique_links_resolve_and_no_empty_text() -> None:
    sections = book(GAME).sections
    ids = [s.id for s in sections]
    assert len(ids) == len(set(ids))
    assert_sections_complete_and_linked(book(GAME))


def test_unconfirmed_facts_are_said() -> None:
    for local in ("components", "limousine", "projects", "solo", "inauguration-ranking", "bonuses"):
        assert section(f"{GAME}/{local}").unconfirmed


def test_every_cited_section_of_the_engine_exists() -> None:
    sources = "".join(p.read_text() for p in (ROOT / "rulesref" / "welcome").glob("*.py"))
    cited = set(re.findall(r'rule\("([a-z0-9-]+)"\)', sources))
    assert {"street-scoring", "safe", "bank", "solo-scoring", "projects"} <= cited
    for local in cited:
        assert cite(f"{GAME}/{local}").id == f"{GAME}/{local}"


def test_questions_file_has_ten_or_more_answerable_questions() -> None:
    questions = tomllib.loads(QUESTIONS.read_text())["question"]
    assert len(questions) >= 10
    for q in questions:
        assert q["q"].strip()
        assert q.get("game", GAME) == GAME
        for target in q["expect"]:
            assert section(target).game == GAME


def test_rule_texts_do_not_copy_the_rulebook() -> None:
    source = rulebook(RULEBOOK).read_text(encoding="utf-8")
    for s in book(GAME).sections:
        copied = copied_runs(source, [s.text], 9)
        assert not copied, (s.id, copied)
