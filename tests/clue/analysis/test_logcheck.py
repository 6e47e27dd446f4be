"""Rules check of a log: golden files, each kind of problem, exit codes through the CLI."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.clue.analysis.logcheck import check_text
from rulesref.core.errors import InputError
from rulesref.core.findings import CheckReport, Severity
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "live"
GOLDEN = ["rules-broken", "rules-clean", "vegas-late", "hands-mismatch", "contradiction", "after-the-win"]


def check(name: str) -> CheckReport:
    path = DATA / f"{name}.clue"
    return check_text(path.read_text(encoding="utf-8"), path.name, DATA)


@pytest.mark.parametrize("name", GOLDEN)
def test_golden(name: str) -> None:
    expected = json.loads((DATA / f"{name}.check.json").read_text(encoding="utf-8"))
    assert check(name).to_json() == expected


def test_every_kind_of_rule_problem_is_found_with_its_line() -> None:
    found = {(p.line, p.severity, p.rule.id if p.rule else None) for p in check("rules-broken").findings}
    assert found == {
        (8, Severity.ERROR, "clue/refuting"),  # answers out of seating order
        (9, Severity.ERROR, "clue/refuting"),  # an answer after a show
        (11, Severity.ERROR, "clue/refuting"),  # a card not suggested
        (13, Severity.ERROR, "clue/eliminated-players"),
        (14, Severity.WARNING, "clue/turn-order"),
        (15, Severity.ERROR, "clue/accusations"),  # a second accusation
    }


def test_the_rest_of_a_line_with_bad_answers_is_still_checked() -> None:
    # Line 8's answers are cut, but its suggestion still counts as Ben's turn: no warning on line 9.
    result = check("rules-broken")
    assert not [p for p in result.findings if p.line == 9 and p.severity is Severity.WARNING]
    assert result.summary["events"] == 9


def test_clean_log() -> None:
    result = check("rules-clean")
    assert result.ok and not result.findings and result.summary["events"] == 7


def test_lost_in_vegas_clock_and_all_in() -> None:
    problems = check("vegas-late").findings
    assert [(p.line, p.rule.id if p.rule else None) for p in problems] == [
        (21, "clue-lost-in-vegas/running-out-of-time"),
        (22, "clue-lost-in-vegas/out-of-the-game"),
    ]
    assert "after 4 PM" in problems[0].message


def test_unreadable_log_is_an_input_error_with_every_problem() -> None:
    text = (DATA / "unreadable.clue").read_text()
    with pytest.raises(InputError) as err:
        check_text(text, "unreadable.clue")
    assert [p.line for p in err.value.problems()] == [3, 3, 4]  # both unknown cards of line 3, then line 4


def test_my_cards_not_matching_my_hand_is_a_rule_problem() -> None:
    text = "game: classic\nplayers: Ann, Ben, Cat\nme: Ann\nmy cards: Scarlet, Rope, Kitchen\n"
    result = check_text(text)
    assert [(p.line, p.rule.id if p.rule else None) for p in result.findings] == [(4, "clue/hand-sizes")]


def test_accusing_straight_after_your_own_suggestion_is_one_turn() -> None:
    text = (
        "game: classic\nplayers: Ann, Ben, Cat\n"
        "Ann suggests Plum, Rope, Hall; Ben passes; Cat shows\n"
        "Ann accuses Plum, Rope, Study; wrong\n"
        "Ben suggests Plum, Rope, Hall; Cat shows\n"
    )
    assert not check_text(text).findings


runner = CliRunner()


def test_cli_exit_codes_and_text() -> None:
    clean = runner.invoke(app, ["check", str(DATA / "rules-clean.clue")])
    assert clean.exit_code == 0, clean.output
    assert "no rule problems in 7 events" in clean.output
    broken = runner.invoke(app, ["check", str(DATA / "rules-broken.clue")])
    assert broken.exit_code == 1
    assert "5 errors, 1 warning" in broken.output
    assert "[clue/eliminated-players]" in broken.output
    bad = runner.invoke(app, ["check", str(DATA / "unreadable.clue")])
    assert bad.exit_code == 2
    assert "unreadable.clue:3:14: unknown card: 'Mustrad'" in bad.output


def test_cli_json() -> None:
    result = runner.invoke(app, ["check", "--json", str(DATA / "after-the-win.clue")])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert list(data) == ["game", "path", "ok", "counts", "findings", "summary"]
    assert data["game"] == "clue" and data["ok"] is False and data["summary"] == {"events": 3}
    assert data["counts"] == {"error": 1, "warning": 0, "note": 0}
    finding = data["findings"][0]
    assert finding["rule"]["id"] == "clue/winning" and finding["code"] == "after-win"
    assert finding["where"] == {"player": "Cat"} and finding["line"] is not None


def test_warnings_alone_exit_0_with_the_table() -> None:
    text = (
        "game: classic\nplayers: Ann, Ben, Cat\n"
        "Ann suggests Plum, Rope, Hall; Ben passes; Cat shows\n"
        "Cat suggests Plum, Rope, Hall; Ann shows\n"
    )
    report = check_text(text)
    assert report.ok and [f.code for f in report.findings] == ["turn-order"]
