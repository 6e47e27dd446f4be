"""The Las Vegas rule book: complete, linked, cited by the engine, in the project's own words."""

from __future__ import annotations

import re

from rulesref.book import book
from rulesref.cite import cite
from tests.helpers import ROOT, assert_sections_complete_and_linked, copied_runs, rulebook

ENGINE = sorted((ROOT / "rulesref" / "las_vegas").glob("*.py"))
RULEBOOK = "004_768879712fc227c3.txt"  # the source rulebook (see tests.helpers.rulebook)
LV = book("las-vegas")


def test_issue_4_topics_are_covered() -> None:
    ids = {s.id for s in LV.sections}
    assert {
        "base",
        "white-dice",
        "boulevard",
        "big-die",
        "royale",
        "royale-payout",
        "chips",
        "casino-tiles",
        "tile-effects",
        "payout",
        "ties",
        "end",
        "tie-break",
    } <= ids


def test_sections_are_complete_and_linked() -> None:
    assert_sections_complete_and_linked(LV)


def test_unconfirmed_facts_are_flagged() -> None:
    flagged = {s.id for s in LV.sections if s.unconfirmed}
    assert {"leftovers", "tie-break", "boulevard", "boulevard-money", "royale-cards", "tile-effects"} <= flagged


def _cited_ids() -> set[str]:
    found: set[str] = set()
    for path in ENGINE:
        text = path.read_text(encoding="utf-8")
        found |= {f"las-vegas/{m}" for m in re.findall(r'_rule\("([a-z0-9-]+)"\)', text)}
        found |= {f"las-vegas/{m}" for m in re.findall(r"\{GAME_ID\}/([a-z0-9-]+)", text)}
    return found


def test_every_section_the_engine_cites_exists() -> None:
    ids = _cited_ids()
    assert len(ids) >= 15
    for full_id in ids:
        assert cite(full_id).id == full_id


def test_no_sentence_copied_from_the_rulebook() -> None:
    source = rulebook(RULEBOOK).read_text(encoding="utf-8")
    for s in LV.sections:
        copied = copied_runs(source, [s.text], 7)
        assert not copied, (s.id, copied)
