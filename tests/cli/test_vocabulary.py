"""One option vocabulary and help for every command: each option name has one meaning
(docs/options.md, written by tools/options_table.py), old spellings still work hidden, and
every command's help has an example.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from typer.testing import CliRunner

from cluesolver.cli import COMMANDS, app, load
from cluesolver.cli.vocabulary import MEANINGS, visible_names
from tests.helpers import ROOT

EX = ROOT / "examples"
runner = CliRunner()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _leaves() -> list[tuple[str, click.Command]]:
    out: list[tuple[str, click.Command]] = []

    def walk(cmd: click.Command, path: str) -> None:
        if isinstance(cmd, click.Group):
            for name, sub in cmd.commands.items():
                walk(sub, f"{path} {name}")
        else:
            out.append((path, cmd))

    for name in COMMANDS:
        walk(load(name), name)
    return out


# -- help ------------------------------------------------------------------------------------------


def test_every_command_has_help_with_an_example() -> None:
    groups = [name for name in COMMANDS if isinstance(load(name), click.Group)]
    for path in [*(p for p, _ in _leaves()), *groups, ""]:
        result = runner.invoke(app, [*path.split(), "--help"], env={"COLUMNS": "60"}, prog_name="cluesolver")
        assert result.exit_code == 0, path
        example = [line for line in result.output.splitlines() if line.strip().startswith("Example")]
        assert example, f"{path} --help has no example"
        assert "cluesolver" in example[0], path  # the example is kept on one line


def test_help_keeps_square_brackets() -> None:
    out = runner.invoke(app, ["welcome", "new", "--help"]).output
    assert "[acme]" in out


# -- one option vocabulary -----------------------------------------------------------------------


def test_each_option_name_has_one_meaning() -> None:
    short_to_long: dict[str, set[str]] = {}
    long_to_short: dict[str, set[str]] = {}
    for path, cmd in _leaves():
        for p in cmd.params:
            if not isinstance(p, click.Option) or p.hidden or "--help" in p.opts:
                continue
            names = visible_names(p)
            longs = [n for n in names if n.startswith("--")]
            shorts = [n for n in names if not n.startswith("--")]
            assert len(longs) == 1, f"{path}: {names} (one visible long name per option)"
            assert longs[0] in MEANINGS, f"{path}: {longs[0]} has no entry in vocabulary.MEANINGS"
            for s in shorts:
                short_to_long.setdefault(s, set()).add(longs[0])
            long_to_short.setdefault(longs[0], set()).update(shorts or {""})
    assert {s: ls for s, ls in short_to_long.items() if len(ls) > 1} == {}
    assert {lo: ss - {""} for lo, ss in long_to_short.items() if len(ss - {""}) > 1} == {}


def test_options_table_is_current() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "options_table.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_old_spellings_still_work_hidden() -> None:
    res = runner.invoke(app, ["lords", "track", "--at", "8", "--casinos", "1,1,3", "--json"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["lords", "gamble", "--board", str(EX / "lords-midgame.toml"), "-c", "D7", "--bet", "10"])
    assert res.exit_code == 0, res.output
    help_text = runner.invoke(app, ["lords", "gamble", "--help"]).output
    assert "--board" not in help_text and "--file" in help_text
    search_help = runner.invoke(app, ["rules", "search", "--help"]).output
    assert re.search(r"^\s+--full\s", search_help, flags=re.M) and not re.search(r"^\s+-f,", search_help, flags=re.M)
