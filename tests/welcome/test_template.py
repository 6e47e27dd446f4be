"""The blank table file (``welcome new``): the solo table for one player, not clean until every
value is entered, clean and scored once filled in."""

from __future__ import annotations

import re

import pytest

from rulesref.core.errors import InputError
from rulesref.welcome import check_table, parse_table, score_table
from rulesref.welcome.template import blank_table


def test_welcome_new_with_one_player_writes_the_solo_table() -> None:
    assert parse_table(blank_table(["Sam"])).solo


def test_blank_file_is_not_clean_until_every_value_is_entered() -> None:
    text = blank_table(["Ana", "Bo"])
    report = check_table(parse_table(text))
    assert not report.ok
    assert {f.code for f in report.findings} == {"not-entered"}
    assert {(f.where.get("player"), f.where["zone"]) for f in report.findings} >= {
        ("Ana", "bank"),
        ("Bo", "bonuses"),
    }
    assert {"project": "pink", "zone": "projects"} in [f.where for f in report.findings]
    with pytest.raises(InputError):
        score_table(parse_table(text))


def test_blank_file_filled_in_is_clean_and_scores() -> None:
    blank = re.sub(r"(?m)^streets = \[\n(.*\n){4}\]", 'streets = ["1 3", "2 4", "5", "6"]', blank_table(["Ana", "Bo"]))
    filled = (
        blank.replace('bank = "?"', 'bank = "loan"')
        .replace('projects = "?"', "projects = {}")
        .replace('improved = "?"', "improved = false")
        .replace('checked = "?"', "checked = 4")
        .replace('penalty = "?"', "penalty = 0")
        .replace('"?"', "0")
    )
    table = parse_table(filled)
    assert table.blanks == ()
    assert check_table(table).ok
    # runs 2 + 2 + 1 + 1 and a shared first place in the inauguration; every other value entered as 0
    assert [p.total for p in score_table(table).players] == [16, 16]


def test_the_blank_file_is_comfortable_to_fill_in() -> None:
    """One thing a line: no line past 110 characters, at most the four street bonuses' "?" on one line."""
    lines = blank_table(["Maya", "Jonas"]).splitlines()
    assert max(len(line) for line in lines) <= 110
    assert max(line.split("#")[0].count('"?"') for line in lines) <= 4
    assert 'hotels.small = { built = "?", value = "?" }' in lines


def test_every_value_not_entered_is_listed_on_its_own_line() -> None:
    text = blank_table(["Ana", "Bo"])
    lines = text.splitlines()
    findings = check_table(parse_table(text, path="t.toml")).findings
    assert [f.line for f in findings] == sorted(f.line or 0 for f in findings)
    for f in findings:
        assert f.path == "t.toml" and f.line is not None and '"?"' in lines[f.line - 1], f
    shows = [f for f in findings if f.where == {"player": "Bo", "zone": "shows"}]
    assert [lines[f.line - 1].split("#")[1].strip() for f in shows if f.line] == ["column 1", "column 2"]
