"""``clue show?`` / ``clue show`` and ``clue review`` through the CLI: text, JSON and exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import DATA, ROOT

runner = CliRunner()

GAME = """\
game: tiny.toml
players: Ann, Ben, Cat
me: Ann
my cards: Red, Axe

Ben suggests Gray, Axe, Barn; Cat passes; Ann shows Axe
Cat suggests Blue, Bow, Attic; Ann passes; Ben shows
Ann suggests Blue, Club, Cellar; Ben shows Club
"""


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "40")
    shutil.copy(DATA / "live" / "tiny.toml", tmp_path / "tiny.toml")
    path = tmp_path / "g.clue"
    path.write_text(GAME)
    return path


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_show_ranks_the_card_shown_before_first(game: Path) -> None:
    code, out = run("clue", "show?", "Ben suggests red, axe, cellar; Cat passes", "--file", str(game))
    assert code == 0, out
    assert out.splitlines() == [
        f"Session g: {game}",
        "You may show Ben (Red, Axe, Cellar):",
        "Card       Leak  Ben certain after  Note",
        "Axe   0.00 bits                 0%  shown to Ben before",
        "Red   1.06 bits               100%",
        "Leak: what Ben learns about the envelope from the card beyond 'Ann shows a card' (bits, exact per "
        "Ben's possible notebook), averaged over all 2 deals agreeing with the log. Certain after: chance Ben "
        "can then name the whole envelope.",
        "Show Axe: Ben has seen it from you before (nothing new).",
    ]
    assert run("clue", "show", "Ben suggests red, axe, cellar", "--file", str(game)) == (code, out)


def test_show_json_one_card_and_none(game: Path) -> None:
    code, out = run("clue", "show?", "Ben suggests Red, Axe, Cellar", "--file", str(game), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["player"] == "Ann" and data["to"] == "Ben" and data["show"] == "Axe"
    assert [(c["card"], c["shown_before"]) for c in data["cards"]] == [("Axe", True), ("Red", False)]
    assert data["cards"][0]["leak_bits"] == 0.0 and data["cards"][1]["leak_bits"] > 1
    # Cat certainly holds the Cellar, so Cat cannot have passed: nobody is taken to pass
    assert data["exact"] is True and data["deals"] == 2 and data["passed"] == []
    one = json.loads(run("clue", "show?", "Cat suggests Red, Bow, Cellar", "-f", str(game), "--json")[1])
    assert [c["card"] for c in one["cards"]] == ["Red"] and one["passed"] == []
    code, out = run("clue", "show?", "Cat suggests Blue, Bow, Cellar", "-f", str(game))
    assert code == 0 and out.splitlines()[1:] == ["You hold none of Blue, Bow, Cellar: pass."]
    none = json.loads(run("clue", "show?", "Cat suggests Blue, Bow, Cellar", "-f", str(game), "--json")[1])
    assert none["cards"] == [] and none["show"] is None
    assert none["message"] == "You hold none of Blue, Bow, Cellar: pass."


def test_show_refusals_name_the_problem(game: Path) -> None:
    code, out = run("clue", "show?", "Cat suggests Rd, Bow, Cellar", "-f", str(game))
    assert code == 2 and "statement:1:14: unknown card: 'Rd' (did you mean: Red?)" in out
    code, out = run("clue", "show?", "Ann suggests Red, Bow, Cellar", "-f", str(game))
    assert code == 2 and "Ann made the suggestion: nobody answers their own suggestion" in out
    code, out = run("clue", "show?", "Ben has Red", "-f", str(game))
    assert code == 2 and "not a suggestion" in out
    code, out = run("clue", "show?", "Ben suggests Red, Axe, Cellar", "-f", str(game), "--player", "Bob")
    assert code == 2 and "unknown player" in out
    spectator = ROOT / "examples" / "spectator-3p.clue"
    code, out = run("clue", "show?", "Ben suggests Plum, Knife, Lounge", "-f", str(spectator))
    assert code == 2 and "name the player who answers (--player)" in out


def test_show_for_a_named_player_of_a_spectator_log(game: Path) -> None:
    spectator = ROOT / "examples" / "spectator-3p.clue"
    code, out = run("clue", "show?", "Ann suggests Plum, Knife, Lounge", "-f", str(spectator), "-p", "cat", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["player"] == "Cat" and data["to"] == "Ann" and data["passed"] == ["Ben"]
    assert all(0 < c["holds"] <= 1 for c in data["cards"])


def test_show_on_a_contradictory_log_exits_3(game: Path) -> None:
    game.write_text(GAME + "Ben has none of Club\n")
    code, out = run("clue", "show?", "Ben suggests Red, Axe, Cellar", "-f", str(game))
    assert code == 3 and out.splitlines()[1] == "No advice: the log contradicts itself."


def test_review_text_and_json(game: Path) -> None:
    code, out = run("clue", "review", str(game))
    assert code == 0, out
    assert out.splitlines() == [
        f"Session g: {game}",
        "Review of Ann's notebook, up to line 8",
        "The notebook named the envelope after line 8.",
        "accuse? first said accuse after line 8; Ann did not accuse.",
        "Line  Suggestion          Gain  Best  Learned  Best then",
        "   8  Blue, Club, Cellar  0.94  2.02     2.84  Gray, Club, Barn",
        "Costliest turns:",
        "  Line 8: Ann suggests Blue, Club, Cellar: expected 0.94 bits, learned 2.84; Gray, Club, Barn would have "
        "expected 2.02.",
        "Gain: the drop of the envelope's uncertainty the answer was expected to bring, scored as 'clue next' "
        "scores every suggestion; Best: the most any suggestion (any room) was expected to bring then; Learned: "
        "what the answer brought (luck can make it more); ~ marks figures on sampled deals.",
    ]
    code, out = run("clue", "review", str(game), "--json")
    data = json.loads(out)
    assert code == 0 and data["player"] == "Ann" and data["certain_at"] == 8 and data["accused_at"] is None
    (s,) = data["suggestions"]
    assert s["line"] == 8 and s["cards"] == ["Blue", "Club", "Cellar"] and s["exact"] is True
    assert s["best_bits"] >= s["gain_bits"] and s["best_cards"] == ["Gray", "Club", "Barn"]
    sentence = (
        "Line 8: Ann suggests Blue, Club, Cellar: expected 0.94 bits, learned 2.84; Gray, Club, Barn would have "
        "expected 2.02."
    )
    assert data["costliest"] == [{"line": 8, "text": sentence}] == data["players"][0]["costliest"]


def test_review_of_a_session_and_a_spectator_log(game: Path) -> None:
    code, out = run("clue", "new", "sat", "--game", str(game.parent / "tiny.toml"), "--players", "Ann,Ben,Cat")
    assert code == 0, out
    assert run("clue", "add", "Ann suggests Red, Axe, Attic; Ben passes; Cat shows")[0] == 0
    code, out = run("clue", "review", "--json")
    data = json.loads(out)
    assert code == 0 and data["spectator"] is True and [p["player"] for p in data["players"]] == ["Ann", "Ben", "Cat"]
    assert [s["line"] for s in data["players"][0]["suggestions"]] == [4]
    code, out = run("clue", "review")
    assert code == 0 and out.splitlines()[1] == "Review of the public notebook (a spectator's log), up to line 4"
    assert "Ben made no suggestion." in out


def test_review_of_a_contradictory_log_exits_3(game: Path) -> None:
    game.write_text(GAME + "Ben has none of Club\n")
    code, out = run("clue", "review", str(game))
    assert code == 3
    assert "The log contradicts itself after line 9: reviewed up to there." in out
