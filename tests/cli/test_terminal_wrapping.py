"""On a terminal, messages and summaries wrap at word boundaries at the terminal's width,
never mid-word (the terminal's own wrapping would cut ``Bi|lliard``); in a pipe they stay
whole lines.  The console is forced to terminal mode at COLUMNS=60 and 80; one run goes
through a real pseudo-terminal."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app, common
from tests.helpers import ANN_OF_FOUR, ROOT

DATA = ROOT / "tests" / "data"
runner = CliRunner()


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _piped(args: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, args)
    return result.exit_code, result.output


def _on_terminal(args: list[str], columns: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    with monkeypatch.context() as m:
        m.setattr(common, "is_terminal", lambda stream: True)
        result = runner.invoke(app, args, env={"COLUMNS": str(columns), "NO_COLOR": "1"})
    return result.exit_code, result.output


def _assert_wrapped_whole(piped: str, shown: str, columns: int) -> None:
    """Every line fits and every piped line is there, its words whole (only spaces between)."""
    assert max(len(line.rstrip()) for line in shown.splitlines()) <= columns, shown
    flowing = _words(shown)
    for line in piped.splitlines():
        assert _words(line) in flowing, line


@pytest.mark.parametrize("columns", [60, 80])
def test_the_summary_and_certain_facts_of_a_replay_wrap_at_words(columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["replay", str(ROOT / "examples" / "master-detective-6p.clue")]
    _, piped = _piped(args)
    code, shown = _on_terminal(args, columns, monkeypatch)
    assert code == 0
    certain = next(line for line in piped.splitlines() if line.startswith("Certain:"))
    summary = piped.splitlines()[-1]
    assert len(certain) > 2 * columns  # long enough to need wrapping
    _assert_wrapped_whole(f"{certain}\n{summary}", "Certain:" + shown.split("Certain:", 1)[1], columns)


@pytest.mark.parametrize("columns", [60, 80])
def test_error_messages_wrap_at_words(columns: int, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert runner.invoke(app, ["clue", "new", "sat", *ANN_OF_FOUR]).exit_code == 0
    for args in (
        ["clue", "add", "Ann sugests Plum, Knfe, Billiard Room; Ben passes"],
        ["clue", "next", "--room", "Garage"],
    ):
        code, piped = _piped(args)
        assert code == 2
        code, shown = _on_terminal(args, columns, monkeypatch)
        assert code == 2
        errors = "\n".join(line for line in piped.splitlines() if line.startswith("error:"))
        assert max(map(len, errors.splitlines())) > columns  # one line each in a pipe
        _assert_wrapped_whole(errors, shown, columns)


def test_a_real_terminal_at_80_columns_cuts_no_word() -> None:
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE")}
    env.update(COLUMNS="80", LINES="200", TERM="xterm-256color", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-c", "from cluesolver.cli import main; main()", "clue", "next", "--room", "Garage"]
        + ["--file", str(DATA / "clue" / "master-detective-4p.clue")],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=env,
        cwd=ROOT,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    assert proc.wait(timeout=120) == 2
    os.close(leader)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8")).replace("\r", "")
    assert max(len(line.rstrip()) for line in shown.splitlines()) <= 80
    assert "Billiard Room" in _words(shown) and "unknown room" in shown
