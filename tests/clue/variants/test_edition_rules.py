"""Edition traits are data: a variant file's ``[rules]`` table (the clock, the rule book, the words)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cluesolver.clue import variants
from cluesolver.clue.variants.model import CLASSIC_RULES, EditionRules
from rulesref.core.errors import InputError

CARDS = (
    '[[category]]\nid = "who"\nname = "Who"\ncards = [{ name = "Red" }, { name = "Blue" }]\n\n'
    '[[category]]\nid = "where"\nname = "Where"\ncards = [{ name = "Hall" }, { name = "Den" }]\n'
)


def _write(tmp_path: Path, text: str, name: str = "box.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_built_in_editions_say_what_their_rules_add() -> None:
    for vid in ("classic", "cluedo", "clue-2016", "master-detective"):
        assert variants.get(vid).rules == CLASSIC_RULES
    assert variants.get("lost-in-vegas").rules == EditionRules("clue-lost-in-vegas", True, "bets", "all-in")


def test_an_edition_extending_lost_in_vegas_keeps_its_clock(tmp_path: Path) -> None:
    path = _write(tmp_path, 'extends = "lost-in-vegas"\nid = "our-vegas"\n')
    assert variants.load_file(path).rules == variants.get("lost-in-vegas").rules


def test_an_extending_edition_may_change_one_rule_and_keep_the_rest(tmp_path: Path) -> None:
    path = _write(tmp_path, 'extends = "lost-in-vegas"\nid = "quiet-vegas"\n\n[rules]\nsuggest = "guesses"\n')
    rules = variants.load_file(path).rules
    assert rules.clock and rules.book == "clue-lost-in-vegas" and rules.suggest_word == "guesses"


def test_a_full_edition_may_have_a_clock(tmp_path: Path) -> None:
    path = _write(
        tmp_path, f'id = "box"\nname = "Box"\n\n[rules]\nclock = true\nbook = "clue-lost-in-vegas"\n\n{CARDS}'
    )
    rules = variants.load_file(path).rules
    assert rules.clock and rules.book == "clue-lost-in-vegas"
    assert (rules.suggest_word, rules.accusation_word) == ("suggests", "accusation")


def test_bad_rules_are_each_reported_with_their_line(tmp_path: Path) -> None:
    text = f'id = "box"\nname = "Box"\n\n[rules]\nclock = "yes"\nbook = "monopoly"\nspeed = 3\n\n{CARDS}'
    path = _write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        variants.load_file(path)
    found = {p.line: p for p in caught.value.problems()}
    assert "true or false" in found[5].message
    assert found[6].choices == ("clue", "clue-lost-in-vegas")
    assert 7 in found and "speed" in found[7].format()
