"""`cluesolver replay` on .clue logs and `cluesolver variants`, through CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "clue"
runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def test_replay_json_is_the_contract() -> None:
    result = run("replay", str(DATA / "contract-example.clue"), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data) == ["variant", "consistent", "deals", "envelope", "holders", "solution"]
    assert data["variant"] == "classic" and data["deals"] == 16627 and data["consistent"] is True
    assert list(data["holders"]) == ["Ann", "Ben", "Cat", "Dan", "envelope"]
    assert set(data["envelope"]) == set(data["holders"]["Ann"]) and "Miss Scarlet" in data["envelope"]
    assert data["solution"] == {"suspect": None, "weapon": None, "room": None}


def test_replay_text_notebook_and_summary() -> None:
    result = run("replay", str(DATA / "contract-example.clue"))
    assert result.exit_code == 0
    out = result.stdout
    assert "Notebook" in out and "Ann (me)" in out and "Envelope" in out
    assert "\nKnife                   -    -  HAS    -         -\n" in out  # plain columns in a pipe
    assert "16,627 deals agree with the log." in out
    assert "Most likely solution: Mrs. Peacock, Lead Pipe, Ballroom (11.5%" in out


def test_replay_at_a_line() -> None:
    full = json.loads(run("replay", str(DATA / "contract-example.clue"), "--json").stdout)
    early = json.loads(run("replay", str(DATA / "contract-example.clue"), "--json", "--at", "8").stdout)
    assert early["deals"] > full["deals"]
    assert "after line 8" in run("replay", str(DATA / "contract-example.clue"), "--at", "8").stdout


def test_why_text_and_json() -> None:
    result = run("replay", str(DATA / "contract-example.clue"), "--why", "Cat has Knife")
    assert result.exit_code == 0
    assert "Cat has Knife: certain." in result.stdout
    assert "line 7: Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife" in result.stdout
    data = json.loads(run("replay", str(DATA / "contract-example.clue"), "--why", "Ben has Plum", "--json").stdout)
    assert data["certain"] is False and data["lines"] is None and 0 < data["probability"] < 1


def test_contradiction_exit_3_with_conflict() -> None:
    result = run("replay", str(DATA / "contradiction.clue"), "--json")
    assert result.exit_code == 3
    data = json.loads(result.stdout)
    assert data["consistent"] is False and data["deals"] == 0 and data["conflict"] == [6, 8]
    text = run("replay", str(DATA / "contradiction.clue"))
    assert text.exit_code == 3
    assert "line 8: Dan has Knife   # someone misread a card" in text.stdout


def test_malformed_log_exit_2_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.clue"
    bad.write_text("game: classic\nplayers: Ann, Ben, Cat\nAnn suggests Mustard, Knive, Lounge\nBob has Rope\n")
    result = run("replay", str(bad))
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    err = result.stderr
    assert f"error: {bad}:3:23: unknown card: 'Knive' (did you mean: Knife?)" in err
    assert f"error: {bad}:4:1: a statement starts with a player's name (Ann, Ben, Cat): 'Bob'" in err


def test_missing_file_and_bad_fact() -> None:
    assert run("replay", "no/such.clue").exit_code == 2
    result = run("replay", str(DATA / "contract-example.clue"), "--why", "Ben knows Knife")
    assert result.exit_code == 2 and "a fact reads like" in result.stderr


def test_variants_cli() -> None:
    listed = json.loads(run("variants", "list", "--json").stdout)
    assert [v["id"] for v in listed] == ["classic", "cluedo", "clue-2016", "master-detective", "lost-in-vegas"]
    shown = run("variants", "show", "md")
    assert shown.exit_code == 0 and "Sergeant Gray" in shown.stdout and "3, 3, 3, 3, 3, 3, 3, 2, 2, 2" in shown.stdout
    data = json.loads(run("variants", "show", "cluedo", "--json").stdout)
    assert data["categories"][1]["cards"][1] == {"name": "Dagger", "aliases": ["pistoda", "nuga", "Knife"]}
    assert run("variants", "show", "clasic").exit_code == 2


def test_every_example_replays() -> None:
    for path in sorted((ROOT / "examples").glob("*.clue")):
        if "mistakes" in path.name:  # made for `cluesolver check`: it breaks the format on purpose
            continue
        result = run("replay", str(path), "--json")
        assert result.exit_code == 0, path
        assert json.loads(result.stdout)["deals"] > 0


def test_log_with_a_user_variant_file() -> None:
    result = run("replay", str(ROOT / "examples" / "our-vegas-box.clue"), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["variant"] == "our-vegas-box"
    assert "Karaoke" in data["envelope"] and "Action 2" not in data["envelope"]
    assert data["holders"]["Mart"]["Skydiving"] == 1.0
    assert data["envelope"]["Breakdancing"] == 0.0 or data["holders"]["Kati"]["Breakdancing"] == 0.0


def test_certain_facts_line() -> None:
    out = run("replay", str(DATA / "contract-example.clue")).stdout
    assert "Certain: Cat has Knife." in out
    out = run("replay", str(DATA / "spectator-4p.clue")).stdout
    assert "Certain: Ben has Study; Envelope has Lead Pipe." in out
