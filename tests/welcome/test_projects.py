"""Projects worth their high or low value, told from the turns players completed them, the
project's first list or ``done``, and asked for when they cannot be told."""

from __future__ import annotations

import re

from rulesref.welcome import check_table, parse_table, score_table
from rulesref.welcome.results import Zone
from tests.welcome.tables import HEAD, PROJECTS, messages, sheet


def test_project_value_from_the_turns() -> None:
    text = HEAD + PROJECTS + sheet("Ana", "projects = { pink = 7 }") + sheet("Bo", "projects = { pink = { turn = 9 } }")
    table = parse_table(text)
    result = score_table(table)
    assert result.player("Ana").zone(Zone.PROJECTS).points == 8
    assert result.player("Bo").zone(Zone.PROJECTS).points == 4
    assert check_table(table).ok


def test_project_value_same_turn_shares_the_high_value() -> None:
    text = HEAD + PROJECTS + sheet("Ana", "projects = { pink = 7 }") + sheet("Bo", "projects = { pink = 7 }")
    result = score_table(parse_table(text))
    assert [p.zone(Zone.PROJECTS).points for p in result.players] == [8, 8]


def test_project_value_from_the_first_list_and_done() -> None:
    text = (
        HEAD
        + PROJECTS.replace(
            'colour = "pink"\nhigh = 8\nlow = 4\n', 'colour = "pink"\nhigh = 8\nlow = 4\nfirst = ["Bo"]\n'
        )
        + sheet("Ana", 'projects = { pink = "done" }')
        + sheet("Bo", 'projects = { pink = "done" }')
    )
    result = score_table(parse_table(text))
    assert result.player("Ana").zone(Zone.PROJECTS).points == 4
    assert result.player("Bo").zone(Zone.PROJECTS).points == 8


def test_project_value_that_cannot_be_told_is_asked_for() -> None:
    text = HEAD + PROJECTS + sheet("Ana", "projects = { pink = 7 }") + sheet("Bo", 'projects = { pink = "done" }')
    found = messages(text)
    assert len(found) == 2
    assert all(re.search(r"cannot tell whether the pink project is worth its high or low value", m) for m in found)
    assert all("Bo gave no turn" in m for m in found)
