"""The Welcome to New Las Vegas checker: every planted error found, none on valid sheets."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rulesref.welcome import check_table, load_table, parse_table
from tests.helpers import ROOT
from tests.welcome.tables import HEAD, findings, sheet

DATA = ROOT / "tests" / "data" / "welcome"
EXAMPLES = ROOT / "examples"
BROKEN = sorted(p.name.removesuffix(".expected.toml") for p in DATA.glob("broken-*.expected.toml"))
VALID = sorted(
    [p for p in DATA.glob("*.toml") if not p.name.startswith("broken") and not p.name.endswith(".expected.toml")]
    + [EXAMPLES / "welcome-table-3p.toml", EXAMPLES / "welcome-solo-acme.toml"]
)


@pytest.mark.parametrize("name", BROKEN)
def test_every_planted_error_is_found_and_nothing_else(name: str) -> None:
    planted = tomllib.loads((DATA / f"{name}.expected.toml").read_text())["problem"]
    report = check_table(load_table(DATA / f"{name}.toml"))
    found = list(report.findings)
    for expected in planted:
        match = [
            p
            for p in found
            if p.where["player"] == expected["player"]
            and p.rule is not None
            and p.rule.id == f"welcome-to-new-las-vegas/{expected['rule']}"
            and expected["says"] in p.message
        ]
        assert match, f"not found: {expected}\nfound: {[p.format() for p in report.findings]}"
        found.remove(match[0])
    assert found == [], f"unexpected: {[p.format() for p in found]}"


def test_broken_sets_exist() -> None:
    assert BROKEN == ["broken-2p", "broken-3p"]


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_tables_are_clean(path: Path) -> None:
    report = check_table(load_table(path))
    assert report.ok, [p.format() for p in report.findings]


def problems(text: str) -> list[str]:
    """Rule problems of the sheets in ``text``, with a clean sheet "Z" at the table so it is no solo game."""
    return [p.message for p in check_table(parse_table(HEAD + text + sheet("Z", ""))).findings]


def test_extended_copies_must_match_uses_both_ways() -> None:
    assert problems(
        sheet("A", "bonuses = { extended-casino = 2 }\ninauguration = { checked = 9 }", '["1 =1", "2", "3", "4"]')
    ) == ["the streets hold 1 Extended Casino copy (=N) but Extended Casino was used twice"]
    assert problems(sheet("A", "bonuses = { extended-casino = 1 }", '["1 =1", "2", "3", "4"]')) == []


def test_declared_extended_and_construction_debts() -> None:
    out = problems(
        sheet(
            "A",
            "bonuses = { extended-casino = 1 }\ndebts = { extended-casino = 0, construction = 2 }",
            '["1 =1", "x", "x5", "4"]',
        )
    )
    assert out == [
        "2 construction debts declared, but the streets show 1 built casino still empty (x) after a Construction",
        "0 Extended Casino debts declared, but Extended Casino was used once",
    ]


def test_bonuses_need_circled_boxes() -> None:
    assert problems(sheet("A", "bonuses = { free-action = 2 }\ninauguration = { checked = 4, circled = 1 }")) == [
        "2 bonuses used but only 1 box circled to pay for them"
    ]


def test_bonus_set_size_is_configurable() -> None:
    body = sheet("A", "bonuses = { free-action = 2 }\ninauguration = { checked = 5 }")
    assert problems(body) == []
    assert problems("bonus-set-size = 3\n" + body) == [
        "2 bonuses need 6 checked boxes (3 a set) but only 5 are checked"
    ]


def test_golf_in_first_game() -> None:
    text = "first-game = true\n" + sheet("A", "golf = { par3 = { holes = 1, value = 2 } }")
    assert problems(text) == ["1 golf hole in a first game, which is played without golf"]


def test_fewer_than_three_checked_boxes() -> None:
    assert problems(sheet("A", "inauguration = { checked = 2 }")) == [
        "2 boxes checked, but every track starts with 3 crossed off"
    ]


def test_project_first_list_and_turns() -> None:
    text = (
        '[[project]]\ncolour = "pink"\nhigh = 5\nlow = 2\nfirst = ["A"]\n'
        + sheet("A", 'projects = { pink = "low" }')
        + sheet("B", 'projects = { pink = "high" }')
    )
    assert problems(text) == [
        "fulfilled the pink project first but wrote its low value",
        "claims the high value of the pink project, but only A fulfilled it first",
    ]


def test_simultaneous_first_may_both_claim_high() -> None:
    text = (
        '[[project]]\ncolour = "pink"\nhigh = 5\nlow = 2\n'
        + sheet("A", 'projects = { pink = { claim = "high", turn = 4 } }')
        + sheet("B", 'projects = { pink = { claim = "high", turn = 4 } }')
        + sheet("C", 'projects = { pink = { claim = "low", turn = 6 } }')
    )
    assert problems(text) == []


def test_every_problem_cites_a_real_section() -> None:
    report = check_table(load_table(DATA / "broken-2p.toml"))
    from rulesref.cite import cite

    for p in report.findings:
        assert p.rule is not None and cite(p.rule.id) == p.rule


def test_golf_course_needs_neighbouring_opened_casinos() -> None:
    body = "golf = { par3 = { holes = 3, value = 2 } }"
    assert problems(sheet("A", body, '["1 3 c 5 7 9", "2", "3", "4"]')) == []
    assert problems(sheet("A", body, '["1 3 c 5 . 9", "2", "3", "4"]')) == [
        "3 golf holes circled but the longest row of neighbouring opened casinos in the top street is 2; "
        "the course only grows from casino to neighbouring casino"
    ]


def test_first_player_who_did_not_score_the_project() -> None:
    text = (
        '[[project]]\ncolour = "yellow"\nhigh = 5\nlow = 2\nfirst = ["A", "B"]\n'
        + sheet("A", 'projects = { yellow = "high" }')
        + sheet("B", "")
    )
    assert problems(text) == ["is listed as first on the yellow project but did not score it"]


def test_a_free_action_may_have_been_the_easy_opening() -> None:
    body = "bonuses = { free-action = 1 }"
    assert findings(HEAD + sheet("Ana", body, '["0 2", "2", "3", "4"]') + sheet("Bo")) == []
    assert findings(HEAD + sheet("Ana", "bonuses = { free-or-easy = 1 }", '["0 2", "2", "3", "4"]') + sheet("Bo")) == []
    (problem,) = findings(HEAD + sheet("Ana", body, '["0 2 16", "2", "3", "4"]') + sheet("Bo"))
    assert problem.startswith("2 numbers only Easy Opening can give (0, 16) but only 1 bonus")
