"""Shell completion: commands, players and cards completed for bash, zsh and fish, and the
``completion`` command that prints each shell's script."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

runner = CliRunner()
CARDS = "Scarlet, Rope, Kitchen, Hall, Study"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _clue(args: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, args)
    return result.exit_code, result.output


def _complete(words: str, cword: int, home: Path) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("_CLUESOLVER")}
    env.update(
        _CLUESOLVER_COMPLETE="complete_bash",
        COMP_WORDS=words,
        COMP_CWORD=str(cword),
        CLUESOLVER_HOME=str(home),
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-c", "import sys; sys.argv[0] = 'cluesolver'; from cluesolver.cli import main; main()"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    return done.stdout.splitlines()


def test_shell_completion_of_commands_players_and_cards(home: Path) -> None:
    assert "clue" in _complete("cluesolver cl", 1, home)
    assert {"add", "accuse?"} <= set(_complete("cluesolver clue a", 2, home))
    code, out = _clue(["clue", "new", "sat", "--players", "Ann,Ben,Cat,Dan", "--me", "Ann", "--cards", CARDS])
    assert code == 0, out
    assert _complete('cluesolver clue add "Ben suggests Pl', 3, home) == ["Ben suggests Plum"]
    assert "Cat" in _complete("cluesolver clue why C", 3, home)
    assert "Dan has Lead Pipe" in _complete('cluesolver clue why "Dan has Le', 3, home)


def test_zsh_and_fish_protocols(home: Path) -> None:
    _clue(["clue", "new", "sat", "--players", "Ann,Ben,Cat,Dan"])
    base = {"CLUESOLVER_HOME": str(home), "_TYPER_COMPLETE_ARGS": 'cluesolver clue add "Ann suggests Mrs. W'}
    zsh = runner.invoke(app, [], env={**base, "_CLUESOLVER_COMPLETE": "complete_zsh"}, prog_name="cluesolver")
    assert "Ann suggests Mrs. White" in zsh.output
    fish = runner.invoke(
        app,
        [],
        env={**base, "_CLUESOLVER_COMPLETE": "complete_fish", "_TYPER_COMPLETE_FISH_ACTION": "get-args"},
        prog_name="cluesolver",
    )
    assert "Ann suggests Mrs. White" in fish.output


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_command_prints_the_script(shell: str) -> None:
    result = runner.invoke(app, ["completion", shell])
    assert result.exit_code == 0, result.output
    assert "_CLUESOLVER_COMPLETE=complete_" + shell in result.output
    bad = runner.invoke(app, ["completion", "tcsh"])
    assert bad.exit_code == 2
