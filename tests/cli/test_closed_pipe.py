"""A reader of stdout that stops early (``cluesolver replay FILE | head -1``) is no failure:
the command exits 0 and writes nothing on stderr (no "Broken pipe", no exit 2 "bad input",
no interpreter message at exit)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

EX = ROOT / "examples"

COMMANDS = [
    ("replay", str(EX / "classic-4p.clue")),
    ("replay", str(EX / "classic-4p.clue"), "--json"),
    ("rules", "list"),
    ("rules", "show", "clue"),
    ("check", str(EX / "live-rules-mistakes.clue")),
    ("score", str(EX / "las-vegas-night.toml")),
    ("--help",),
    ("clue", "--help"),
]


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env.update(PYTHONPATH=str(ROOT), CLUESOLVER_HOME=str(home), COLUMNS="80")
    return env


def _run(args: tuple[str, ...], home: Path, read_lines: int) -> tuple[int, bytes]:
    """Run the command with stdout a pipe whose reader takes ``read_lines`` lines, then closes it."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from cluesolver.cli import main; main()", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(home),
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    for _ in range(read_lines):
        proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    return proc.wait(timeout=120), err


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_pipe_closed_before_anything_is_written_is_quiet(args: tuple[str, ...], tmp_path: Path) -> None:
    code, err = _run(args, tmp_path, read_lines=0)
    assert (code, err) == (0, b"")


def test_a_reader_that_takes_one_line_of_a_long_text_is_quiet(tmp_path: Path) -> None:
    # the whole rule book is far more than a pipe holds: the reader has gone while it is written
    code, err = _run(("rules", "show", "clue"), tmp_path, read_lines=1)
    assert (code, err) == (0, b"")
    code, err = _run(("replay", str(EX / "classic-4p.clue")), tmp_path, read_lines=1)
    assert (code, err) == (0, b"")


def test_a_shell_pipe_into_head(tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", "-c", f"{sys.executable} -c 'from cluesolver.cli import main; main()' rules list | head -1"],
        capture_output=True,
        env=_env(tmp_path),
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.count(b"\n") == 1
