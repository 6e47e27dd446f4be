"""The ``clue`` group through the CLI: a whole game by ``clue add`` equals ``replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ANN_OF_FOUR, ROOT

DATA = ROOT / "tests" / "data" / "live"
EXAMPLES = ROOT / "examples"
GAME = EXAMPLES / "live-classic-game.clue"

NEW = ["clue", "new", "sat", "--game", "classic", *ANN_OF_FOUR]

runner = CliRunner()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "120")
    return tmp_path / "home"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def events_of(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if not line.strip())
    return [line for line in lines[start + 1 :] if line.split("#", 1)[0].strip()]


def test_new_then_add_then_status(home: Path) -> None:
    code, out = run(*NEW)
    assert code == 0, out
    assert "New session sat" in out
    assert (home / "current").read_text().strip() == "sat"
    code, out = run("clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    assert code == 0, out
    assert "Recorded: Ben suggests Plum, Rope, Library; Cat passes; Dan shows" in out
    assert "Deals agreeing with the log: 13,513,500 -> 4,250,400" in out
    assert "Dan has Library: 26% -> 60%" in out
    code, out = run("clue", "add", "Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife")
    assert "New certain facts:\n  Cat has Knife" in out
    code, out = run("clue", "status")
    assert code == 0
    assert "Notebook" in out and "Last line 7 (event 2): Ann suggests Colonel Mustard, Knife, Lounge" in out
    assert "Cat has Knife" in out


def test_a_whole_game_by_clue_add_gives_the_same_log_and_answers_as_replay(home: Path) -> None:
    text = GAME.read_text(encoding="utf-8")
    assert run(*NEW)[0] == 0
    for line in events_of(GAME):
        code, out = run("clue", "add", line)
        assert code == 0, (line, out)
    done = runner.invoke(app, ["clue", "export"])
    assert done.exit_code == 0
    assert done.stderr.startswith("Session sat: ")  # named on stderr: stdout is the log itself
    exported, canonical = done.stdout, runner.invoke(app, ["clue", "export", "--file", str(GAME)]).stdout
    assert exported == canonical
    status = json.loads(run("clue", "status", "--json")[1])
    replayed = json.loads(run("replay", "--json", str(GAME))[1])
    assert status == replayed
    assert status["solution"] == {"suspect": "Mrs. Peacock", "weapon": "Lead Pipe", "room": "Ballroom"}
    code, out = run("clue", "accuse?")
    assert "ACCUSE NOW: Mrs. Peacock, Lead Pipe, Ballroom (certain)." in out
    assert text  # the example is not empty


def test_bad_line_is_not_written_and_exits_2(home: Path) -> None:
    run(*NEW)
    path = home / "sessions" / "sat.clue"
    before = path.read_text()
    code, out = run("clue", "add", "Ben suggests Plum, Rope, Libary; Cta passes")
    assert code == 2
    assert "unknown card: 'Libary' (did you mean: Library" in out
    assert path.read_text() == before


def test_contradiction_is_refused_unless_forced(home: Path) -> None:
    run(*NEW)
    run("clue", "add", "Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife")
    code, out = run("clue", "add", "Ben suggests Plum, Knife, Library; Cat passes; Dan shows")
    assert code == 3
    assert "not recorded: this contradicts the log (line 6:" in out and "statement 1: Ben suggests Plum" in out
    assert len(events_of(home / "sessions" / "sat.clue")) == 1
    code, out = run("clue", "add", "--force", "Ben suggests Plum, Knife, Library; Cat passes; Dan shows")
    assert code == 3 and "contradicts itself" in out
    assert len(events_of(home / "sessions" / "sat.clue")) == 2


def test_undo(home: Path) -> None:
    run(*NEW)
    run("clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    code, out = run("clue", "undo")
    assert code == 0 and "Removed: Ben suggests Plum, Rope, Library; Cat passes; Dan shows  (0 events left)" in out
    code, out = run("clue", "undo")
    assert code == 2 and "nothing to undo" in out


def test_why(home: Path) -> None:
    run("clue", "new", "g", *ANN_OF_FOUR)
    run("clue", "add", "Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife")
    code, out = run("clue", "why", "Cat has Knife")
    assert code == 0 and "Cat has Knife: certain." in out and "line 6:" in out
    code, out = run("clue", "why", "Ben has Knife")
    assert "impossible" in out
    code, out = run("clue", "why", "Dan has Library")
    assert "Not certain" in out
    code, out = run("clue", "why", "--json", "Cat has Knife")
    assert json.loads(out)["lines"] == [6]
    code, out = run("clue", "why", "Cat holds a Knif")
    assert code == 2


def test_next_with_a_room_and_json(home: Path) -> None:
    run(*NEW)
    run("clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    code, out = run("clue", "next", "--room", "Lounge", "--top", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["player"] == "Cat" and data["room"] == "Lounge" and len(data["suggestions"]) == 3
    assert all(s["cards"][2] == "Lounge" for s in data["suggestions"])
    code, out = run("clue", "next", "--player", "ann", "--room", "lounge", "--top", "2")
    assert code == 0 and "Best suggestions for Ann in the Lounge" in out
    assert "Gain" in out and "Settles" in out and "expected bits" in out
    code, out = run("clue", "next", "--room", "Knife")
    assert code == 2 and "not a room" in out
    code, out = run("clue", "next", "--player", "Zed")
    assert code == 2 and "unknown player" in out


def test_accuse_alias_and_risk(home: Path) -> None:
    run(*NEW)
    run("clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    code, out = run("clue", "accuse")
    assert code == 0 and "Not certain yet. Best guess:" in out and "risk of being out" in out
    data = json.loads(run("clue", "accuse?", "--json")[1])
    assert data["certain"] is False and 0 < data["risk"] < 1


def test_list_use_and_sessions_by_name(home: Path) -> None:
    run(*NEW)
    run("clue", "new", "other", "--players", "Ann,Ben,Cat")
    code, out = run("clue", "list")
    assert "\n*  other  classic" in out and "sat" in out
    code, out = run("clue", "use", "sat")
    assert code == 0 and (home / "current").read_text().strip() == "sat"
    code, out = run("clue", "use", "sta")
    assert code == 2 and "did you mean: sat" in out
    run("clue", "add", "--session", "other", "Ann suggests Plum, Rope, Hall; Ben shows")
    data = json.loads(run("clue", "list", "--json")[1])
    assert {s["name"]: s["events"] for s in data["sessions"]} == {"other": 1, "sat": 0}


def test_new_reports_bad_options_by_name(home: Path) -> None:
    code, out = run("clue", "new", "--players", "Ann,Ben,Cat", "--me", "Zed", "--cards", "Scarlet, Ropz")
    assert code == 2
    assert "--me: unknown player (players: Ann, Ben, Cat): 'Zed'" in out
    assert "--cards: unknown card: 'Ropz'" in out
    assert not (home / "sessions").exists() or not list((home / "sessions").glob("*.clue"))
    code, out = run("clue", "new", "--game", "clasic", "--players", "Ann,Ben,Cat")
    assert code == 2 and "--game: unknown game variant" in out


def test_new_refuses_an_existing_name(home: Path) -> None:
    run(*NEW)
    run("clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    code, out = run(*NEW)
    assert code == 2 and "exists already" in out
    assert len(events_of(home / "sessions" / "sat.clue")) == 1


def test_no_current_session(home: Path) -> None:
    code, out = run("clue", "status")
    assert code == 2 and "no current session" in out


def test_file_option_works_on_any_log(home: Path, tmp_path: Path) -> None:
    target = tmp_path / "mine.clue"
    code, _out = run("clue", "new", "--file", str(target), "--players", "Ann,Ben,Cat")
    assert code == 0 and target.exists()
    assert not (home / "current").exists()
    code, _out = run("clue", "add", "--file", str(target), "Ann suggests Plum, Rope, Hall; Ben shows")
    assert code == 0
    code, _out = run("clue", "export", "--file", str(target), "--out", str(tmp_path / "copy.clue"))
    assert (tmp_path / "copy.clue").read_text().endswith("Ann suggests Professor Plum, Rope, Hall; Ben shows\n")


def test_clue_check_on_the_session(home: Path) -> None:
    run(*NEW)
    run("clue", "add", "Ben accuses Plum, Rope, Hall; wrong")
    run("clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    code, out = run("clue", "check")
    assert code == 1 and "Ben is out after a wrong accusation (line 6)" in out


def test_add_prints_rule_errors_but_records(home: Path) -> None:
    run(*NEW)
    run("clue", "add", "Ben accuses Plum, Rope, Hall; wrong")
    code, out = run("clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    assert code == 0
    assert "Rule error: Ben is out after a wrong accusation" in out


def test_lost_in_vegas_session_shows_the_clock(home: Path) -> None:
    run(
        "clue",
        "new",
        "lv",
        "--game",
        "lost-in-vegas",
        "--players",
        "Ann,Ben,Cat",
        "--me",
        "Ann",
        "--cards",
        "Oliver Gold, Breakdancing, Jail, Hospital, Action 2, Location 5",
    )
    for _ in range(6):
        run("clue", "add", "round")
    code, out = run("clue", "add", "Ann bets Jack Violet, Action 3, Magic Show; Ben passes; Cat shows Jack Violet")
    assert code == 0
    assert "Clock: 3 PM (6 full rounds, from the round markers)" in out
    assert "the last round before 4 PM" in out and "Best final bet:" in out
    code, out = run("clue", "add", "round")
    assert "4 PM: time is up" in out
    data = json.loads(run("clue", "clock", "--json")[1])
    assert data["time_up"] and data["best_final_bet"]["cards"]
    code, out = run("clue", "accuse?")
    assert "Not certain yet" in out and "Clock: 4 PM" in out


def test_every_command_has_an_example_in_its_help() -> None:
    from cluesolver.cli.clue import app as clue_app

    for cmd in clue_app.registered_commands:
        assert "Example: cluesolver clue" in (cmd.callback.__doc__ or ""), cmd.name


def test_the_examples_run() -> None:
    code, out = run("check", str(EXAMPLES / "live-rules-mistakes.clue"))
    assert code == 1 and "3 errors, 1 warning" in out
    code, out = run("check", str(EXAMPLES / "live-vegas-2p.clue"))
    assert code == 0
    code, out = run("clue", "clock", "--file", str(EXAMPLES / "live-vegas-2p.clue"))
    assert code == 0 and "Clock: 11 AM (2 full rounds, from the round markers)" in out
    code, out = run("clue", "next", "--file", str(EXAMPLES / "live-vegas-2p.clue"), "--room", "Jail", "--top", "2")
    assert code == 0 and "Best suggestions for Ann in the Jail" in out


def test_session_commands_name_the_session_first_and_a_refused_new_changes_nothing(home: Path) -> None:
    code, out = run("clue", "new", "sat", *ANN_OF_FOUR)
    assert code == 0, out
    for args in (
        ["clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"],
        ["clue", "status"],
        ["clue", "why", "Ann has Rope"],
        ["clue", "undo"],
        ["clue", "check"],
        ["clue", "accuse?"],
    ):
        done = runner.invoke(app, args)
        assert done.exit_code == 0, (args, done.output)
        assert done.stdout.splitlines()[0] == f"Session sat: {home / 'sessions' / 'sat.clue'}", args
    before = (home / "current").read_bytes()
    refused = runner.invoke(app, ["clue", "new", "two", "--players", "Ann,Ben,Cat", "--me", "Ben", "--cards", "Rope"])
    assert refused.exit_code == 2
    assert "No session started and nothing changed: the current session is still sat." in refused.stderr
    assert "--hands" in refused.stderr
    assert (home / "current").read_bytes() == before and not (home / "sessions" / "two.clue").exists()
    done = runner.invoke(app, ["clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"])
    assert done.stdout.startswith("Session sat: ")


def test_a_line_reports_every_problem_and_unknown_players_list_the_seated(home: Path) -> None:
    run("clue", "new", "sat", *ANN_OF_FOUR)
    done = runner.invoke(app, ["clue", "add", "Ann suggests Mustrd, Candelstick, Libary; Bob passes"])
    assert done.exit_code == 2
    errors = done.stderr.splitlines()
    assert [e.split(": ", 2)[-1] for e in errors[:3]] == [
        "unknown card: 'Mustrd' (did you mean: Colonel Mustard?)",
        "unknown card: 'Candelstick' (did you mean: Candlestick?)",
        "unknown card: 'Libary' (did you mean: Library?)",
    ]
    assert "(Ann, Ben, Cat, Dan): 'Bob'" in errors[3]
    why = runner.invoke(app, ["clue", "why", "Bob has Knife"])
    assert why.exit_code == 2
    assert "unknown player in the fact (players: Ann, Ben, Cat, Dan): 'Bob'" in why.stderr


def test_advice_knows_when_the_game_is_over() -> None:
    won = str(ROOT / "tests" / "data" / "live" / "after-the-win.clue")
    for command in ("accuse?", "next", "status"):
        done = runner.invoke(app, ["clue", command, "--file", won])
        assert done.exit_code == 0, done.output
        assert "The game is over: Ben accused correctly." in done.stdout, command
        assert "ACCUSE NOW" not in done.stdout
