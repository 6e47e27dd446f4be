"""Light renderables (cluesolver.cli.sheet): a pipe gets, without rich, the text rich would print.

Every Clue command whose renderers build light objects is run twice through the CLI: as it
runs (plain text written directly) and with the pipe console forced to hand everything to
the rich pipe console (the output before light renderables existed).  Both must be the
same, byte for byte.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.cli.common import PipeConsole
from cluesolver.cli.sheet import Group, Table, Text, plain
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples"


def _rich_plain(item: object) -> str:
    """What the rich pipe console prints for ``item``."""
    out = PipeConsole(io.StringIO())
    out.rich_console.print(item)
    return out.file._stream.getvalue()  # type: ignore[attr-defined]


def _light_plain(item: object) -> str:
    out = PipeConsole(io.StringIO())
    out.print(item)
    return out.file._stream.getvalue()  # type: ignore[attr-defined]


def _tricky_table() -> Table:
    t = Table(title=Text("A title longer than the table itself", style="bold"), caption="caption", show_lines=True)
    t.add_column("#", justify="right")
    t.add_column(Text("Name"), min_width=9)
    t.add_column("Mid", justify="center", min_width=7)
    t.add_row("1", Text("Miss\tScarlet"), "x")
    t.add_row("22", "two\nlines", Text("日本", style="yellow"))
    t.add_row("3", Text("bell\x07 cr\r [bold]x[/]"), "")
    return t


def _empty_table() -> Table:
    t = Table(title="No rows", caption=Text(""))
    t.add_column("Card")
    t.add_column("Odds", justify="right")
    return t


@pytest.mark.parametrize(
    "item",
    [
        Text("plain"),
        Text("ends with a newline\n"),
        Text("Certain: ", style="bold").append("Ben has Rope.").append(Text("\n  nested\n", style="dim")),
        _tricky_table(),
        Table(title="No columns"),
        _empty_table(),
        Group(Text("one"), _tricky_table(), "three"),
        "a string with [brackets] and a tab\there",
    ],
    ids=["text", "newline", "nested", "table", "no-columns", "no-rows", "group", "str"],
)
def test_light_renderables_print_as_rich_would_in_a_pipe(item: object) -> None:
    assert _light_plain(item) == _rich_plain(item)


def test_plain_output_has_no_trailing_spaces() -> None:
    assert all(line == line.rstrip() for line in plain(_tricky_table()).splitlines())


def _commands(tmp: Path) -> list[list[str]]:
    live = tmp / "live.clue"
    shutil.copyfile(EXAMPLES / "live-classic-game.clue", live)
    f = ["--file", str(live)]
    runs: list[list[str]] = [["replay", str(p)] for p in sorted(EXAMPLES.glob("*.clue"))]
    runs += [["replay", str(EXAMPLES / "classic-4p.clue"), "--at", "3"]]
    runs += [["replay", str(EXAMPLES / "classic-4p.clue"), "--why", "Ben has Wrench"]]
    runs += [
        ["clue", "status", *f],
        ["clue", "status", "--threats", *f],
        ["clue", "next", *f],
        ["clue", "accuse?", *f],
        ["clue", "check", "--file", str(EXAMPLES / "live-rules-mistakes.clue")],
        ["clue", "clock", "--file", str(EXAMPLES / "lost-in-vegas-4p.clue")],
        ["clue", "accuse?", "--file", str(EXAMPLES / "lost-in-vegas-4p.clue")],
    ]
    return runs


def test_clue_commands_print_the_same_text_without_rich(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    commands = _commands(tmp_path)
    light = [runner.invoke(app, args) for args in commands]

    def via_rich(self: PipeConsole, *objects: object, **options: object) -> None:
        self.rich_console.print(*objects, **options)

    monkeypatch.setattr(PipeConsole, "print", via_rich)
    heavy = [runner.invoke(app, args) for args in commands]
    for args, a, b in zip(commands, light, heavy, strict=True):
        assert a.exception is None or isinstance(a.exception, SystemExit), args
        assert (a.exit_code, a.output) == (b.exit_code, b.output), args
        assert a.output.strip(), args
