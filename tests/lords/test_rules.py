"""The Lords of Vegas rule book: complete, linked, cited by the engine, in the project's own words."""

from __future__ import annotations

import re

from rulesref.book import book
from rulesref.cite import cite
from tests.helpers import ROOT, assert_sections_complete_and_linked, copied_runs, rulebook

ENGINE = sorted((ROOT / "rulesref" / "lords").glob("*.py"))
RULEBOOK = "001_24bcdc244a3fbfa4.txt"  # the source rulebook (see tests.helpers.rulebook)
LOV = book("lords-of-vegas")


def test_issue_4_topics_are_covered() -> None:
    ids = {s.id for s in LOV.sections}
    assert {
        "setup",
        "turn",
        "take-over",
        "payouts",
        "build",
        "sprawl",
        "remodel",
        "reorganize",
        "gamble",
        "boss-ties",
        "score-track",
        "trading",
        "end",
        "two-players",
    } <= ids


def test_sections_are_complete_and_linked() -> None:
    assert_sections_complete_and_linked(LOV)


def test_unconfirmed_facts_are_flagged() -> None:
    flagged = {s.id for s in LOV.sections if s.unconfirmed}
    assert {"gamble", "markers-run-out", "editions", "two-players"} <= flagged


def test_aliases() -> None:
    assert book("lords").game == "lords-of-vegas" and book("lov").game == "lords-of-vegas"


def _cited() -> set[str]:
    found: set[str] = set()
    for path in ENGINE:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'reason\([^()]*?(?:\([^()]*\)[^()]*?)*,\s*"([a-z0-9-]+)"\)', text, re.S))
        found |= set(re.findall(r'\brule\("([a-z0-9-]+)"\)', text))
    return found


def test_every_section_the_engine_cites_exists() -> None:
    ids = _cited()
    assert len(ids) >= 15, ids
    for local in ids:
        assert cite(f"lords-of-vegas/{local}").id == f"lords-of-vegas/{local}"


def test_no_sentence_copied_from_the_rulebook() -> None:
    source = rulebook(RULEBOOK).read_text(encoding="utf-8")
    for s in LOV.sections:
        copied = copied_runs(source, [s.text + " " + (s.unconfirmed or "")], 6)
        assert not copied, (s.id, copied)
