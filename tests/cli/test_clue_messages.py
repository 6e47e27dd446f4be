"""What a new user meets in the Clue commands (issue 27): each statement echoed, no "accuse
now" once someone has won, a hint in the table's own names, statements said naturally, every
problem of a statement at once and named by the statement, a way forward in every refusal,
plurals right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

runner = CliRunner()
TABLE = ["--players", "Eve,Finn,Gus,Hana", "--me", "Eve", "--cards", "Scarlet, Rope, Kitchen, Hall, Study"]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def new_table() -> None:
    code, out = run("clue", "new", "fri", *TABLE)
    assert code == 0, out


def test_the_hint_after_new_names_the_tables_own_players() -> None:
    code, out = run("clue", "new", "fri", *TABLE)
    assert code == 0
    hint = out.splitlines()[-1]
    assert hint == (
        'Record what happens with: cluesolver clue add "Finn suggests Professor Plum, Wrench, Study; '
        'Gus passes; Hana shows"'
    )
    statement = hint.split('"')[1]
    code, out = run("clue", "add", statement)  # the hint itself is a statement of this game
    assert code == 0 and f"Recorded: {statement}" in out


def test_add_with_two_statements_echoes_each() -> None:
    new_table()
    first = "Finn suggests Plum, Knife, Library; Gus passes; Hana shows"
    second = "Gus suggests Green, Rope, Lounge; Hana passes; Eve shows Rope"
    code, out = run("clue", "add", first, second)
    assert code == 0, out
    assert out.splitlines()[1:3] == [f"Recorded: {first}", f"Recorded: {second}"]


def test_the_bar_shows_me_after_commas_is_recorded_and_makes_hana_certain() -> None:
    new_table()
    said = "Eve suggests Plum, Knife, Library; Finn passes, Gus passes, Hana shows me Library"
    code, out = run("clue", "add", said)
    assert code == 0, out
    assert f"Recorded: {said}" in out and "Hana has Library" in out.split("New certain facts:")[1]
    code, out = run("clue", "why", "Hana has Library")
    assert code == 0 and "Hana has Library: certain." in out


def test_no_accuse_now_once_someone_has_won() -> None:
    new_table()
    for said in (
        "Eve suggests Mustard, Wrench, Lounge; nobody",
        "Finn suggests Mustard, Wrench, Lounge; Gus passes, Hana passes, Eve passes",
    ):
        code, out = run("clue", "add", said)
        assert code == 0, out
    assert "Solved: Colonel Mustard, Wrench, Lounge - accuse now." in out  # solved, nobody has won
    code, out = run("clue", "add", "Gus accuses Mustard, Wrench, Lounge; correct")
    assert code == 0, out
    assert "accuse now" not in out and "The game is over: Gus accused correctly." in out.splitlines()
    code, out = run("clue", "add", "Hana suggests Plum, Knife, Library; Eve passes; Finn shows")  # past the end
    assert code == 0, out
    assert "accuse now" not in out and "The game is over: Gus accused correctly." in out.splitlines()


def test_a_typed_statement_reports_every_problem_named_by_the_statement(home: Path) -> None:
    new_table()
    code, out = run(
        "clue", "add", "Finn suggests Plum, Knife, Hall; Gus shows", "Gus sugests Plum, Knfe, Hall; Eve passes"
    )
    assert code == 2
    errors = [line for line in out.splitlines() if line.startswith("error:")]
    assert errors == [
        "error: statement 2, column 5: expected a statement: suggests, accuses, has, has none of, shows, looks at, "
        "round: 'sugests Plum, Knfe, Hall; Eve passes' (did you mean: suggests, bets, accuses?)",
        "error: statement 2, column 19: unknown card: 'Knfe' (did you mean: Knife?)",
    ]
    assert "Finn suggests" not in (home / "sessions" / "fri.clue").read_text()  # nothing written


def test_players_without_commas_says_use_commas() -> None:
    code, out = run("clue", "new", "x", "--players", "Ann Ben Cat Dan")
    assert code == 2
    assert (
        "error: --players: a game needs at least two players: use commas between the names, "
        "e.g. 'Ann, Ben, Cat, Dan': 'Ann Ben Cat Dan'" in out.splitlines()
    )


def test_an_unknown_room_says_room_and_offers_rooms() -> None:
    new_table()
    code, out = run("clue", "next", "--room", "Garage")
    assert code == 2
    assert out.splitlines()[-1] == (
        "error: unknown room (rooms: Kitchen, Ballroom, Conservatory, Dining Room, Billiard Room, Library, "
        "Lounge, Hall, Study): 'Garage'"
    )
    code, out = run("clue", "next", "--room", "Knife")
    assert code == 2 and "not a room: Knife is a weapon (rooms: Kitchen," in out
    vegas = ROOT / "examples" / "live-vegas-2p.clue"
    code, out = run("clue", "next", "--file", str(vegas), "--room", "Garage")
    assert code == 2 and "error: unknown location (locations: Jail, " in out


def test_replay_at_past_the_end_says_how_long_the_log_is() -> None:
    log = ROOT / "examples" / "classic-4p.clue"
    lines = len(log.read_text().splitlines())
    code, out = run("replay", str(log), "--at", "999")
    assert code == 2
    assert out.splitlines() == [
        f"error: {log}: --at 999 is past the end of the log: it has {lines} lines; its last event is on line {lines}"
    ]
    code, out = run("replay", str(log), "--at", str(lines))
    assert code == 0


def test_score_of_a_clue_log_names_the_verbs_that_apply() -> None:
    log = ROOT / "examples" / "classic-4p.clue"
    code, out = run("score", str(log))
    assert code == 2
    assert out.splitlines() == [
        f"error: {log}: 'score' does not apply to clue files: use 'cluesolver replay {log}' or 'cluesolver check {log}'"
    ]
    result = runner.invoke(app, ["score", str(log), "--json"])
    assert result.exit_code == 2 and json.loads(result.stdout)["exit_code"] == 2


def test_counts_agree_with_their_words() -> None:
    new_table()
    run("clue", "add", "Finn suggests Plum, Knife, Library; Gus passes; Hana shows")
    run("clue", "add", "Gus suggests Green, Rope, Lounge; Hana passes; Eve shows Rope")
    code, out = run("clue", "undo")
    assert code == 0 and out.splitlines()[-1].endswith("(1 event left)")
    code, out = run("clue", "undo")
    assert out.splitlines()[-1].endswith("(0 events left)")
    code, out = run("check", str(ROOT / "examples" / "live-rules-mistakes.clue"))
    assert code == 1 and ": 3 errors, 1 warning" in out.splitlines()[0]


def test_status_says_which_event_its_last_line_holds() -> None:
    new_table()
    run("clue", "add", "Finn suggests Plum, Knife, Library; Gus passes; Hana shows")
    run("clue", "add", "Gus suggests Green, Rope, Lounge; Hana passes; Eve shows Rope")
    code, out = run("clue", "status")
    assert code == 0
    assert "Last line 7 (event 2): Gus suggests Mr. Green, Rope, Lounge; Hana passes; Eve shows Rope" in out


def test_plural_agrees_with_its_count() -> None:
    from rulesref.core.text import plural

    assert [plural(n, "event") for n in (0, 1, 2, 1204)] == ["0 events", "1 event", "2 events", "1,204 events"]
    assert plural(1, "box", "boxes") == "1 box" and plural(3, "box", "boxes") == "3 boxes"


def test_fixing_a_line_after_the_win_says_the_game_is_over_not_accuse_now(home: Path) -> None:
    new_table()
    run("clue", "add", "Eve suggests Mustard, Wrench, Lounge; nobody")
    run("clue", "add", "Gus accuses Mustard, Wrench, Lounge; correct")
    code, out = run("clue", "insert", "7", "Finn suggests Plum, Knife, Library; Gus shows")
    assert code == 0, out
    assert "accuse now" not in out and "The game is over: Gus accused correctly." in out.splitlines()
