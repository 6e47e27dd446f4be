"""Output for people and for pipes: a pipe gets plain whole lines whatever the terminal
settings, names are never markup, and a terminal (or a narrow one) gets layouts that fit
and a pager for long rule text.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

EX = ROOT / "examples"
DATA = ROOT / "tests" / "data"
runner = CliRunner()

#: Commands whose text output must survive a pipe whole (issue 12's bar).
PIPED = [
    ("replay", str(EX / "classic-4p.clue")),
    ("replay", str(EX / "las-vegas-night.toml")),
    ("replay", str(EX / "lords-night.lov")),
    ("check", str(DATA / "live" / "rules-broken.clue")),
    ("check", str(EX / "las-vegas-broken.toml")),
    ("check", str(EX / "welcome-broken-sheets.toml")),
    ("score", str(EX / "welcome-table-3p.toml")),
    ("rules", "search", "can I sprawl into F block with two players"),
    ("rules", "search", "what happens if nobody can show a card", "--full"),
    ("rules", "show", "clue"),
    ("rules", "list", "lords"),
]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _invoke(args: tuple[str, ...] | list[str], columns: str | None) -> str:
    env = {"COLUMNS": columns, "TERM": "xterm-256color" if columns else "dumb", "NO_COLOR": None, "FORCE_COLOR": None}
    result = runner.invoke(app, list(args), env=env)
    assert result.exit_code in (0, 1), result.output
    return result.output


def _assert_plain(text: str) -> None:
    for line in text.splitlines():
        assert line == line.rstrip(), f"padding at the end of {line!r}"
        assert not set(line) & set("│┃┏┓┗┛━╭╮╰╯"), f"box-drawing in a pipe: {line!r}"
    assert "\x1b[" not in text


# -- pipes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", PIPED, ids=[" ".join(a[:2]) for a in PIPED])
def test_piped_output_is_plain_and_the_same_at_any_width(args: tuple[str, ...]) -> None:
    narrow, unset, wide = (_invoke(args, c) for c in ("40", None, "200"))
    assert narrow == unset == wide  # COLUMNS/TERM play no part in a pipe: nothing is wrapped
    _assert_plain(narrow)


def test_suggested_commands_and_paths_stay_on_one_line(tmp_path: Path) -> None:
    long_dir = tmp_path / ("a-rather-long-folder-name-" * 4)
    long_dir.mkdir()
    log = long_dir / "game.clue"
    log.write_text((DATA / "live" / "rules-broken.clue").read_text(encoding="utf-8"), encoding="utf-8")
    out = _invoke(["check", str(log)], "40")
    assert f"{log}: 5 errors, 1 warning" in out.splitlines()
    search = _invoke(["rules", "search", "sprawl into F block"], "40")
    assert any(
        re.fullmatch(r"Read a section with: cluesolver rules show [\w/-]+", line) for line in search.splitlines()
    )
    code, added = _clue(["clue", "new", "t", "--players", "Ann,Ben,Cat,Dan", "--me", "Ann", "--cards", CARDS])
    assert code == 0
    assert (
        'Record what happens with: cluesolver clue add "Ben suggests Professor Plum, Wrench, Study; Cat passes; '
        'Dan shows"' in added.splitlines()
    )


def test_a_real_pipe_gets_whole_unpadded_lines() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env.update(COLUMNS="40", TERM="xterm-256color", PYTHONPATH=str(ROOT))
    for args in (PIPED[0], PIPED[3], PIPED[9]):
        done = subprocess.run(
            [sys.executable, "-c", "from cluesolver.cli import main; main()", *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=120,
            check=False,
        )
        assert done.returncode in (0, 1), done.stderr
        _assert_plain(done.stdout)
        assert max(map(len, done.stdout.splitlines())) > 40  # long lines left whole


def test_a_pipe_ignores_columns_term_no_color_and_locale(tmp_path: Path) -> None:
    home = tmp_path / "pipe-home"
    outputs = []
    for extra in (
        {"COLUMNS": "40", "TERM": "dumb", "NO_COLOR": "1", "LC_ALL": "C"},
        {"COLUMNS": "200", "TERM": "xterm-256color", "LANG": "C.UTF-8", "FORCE_COLOR": "1"},
    ):
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "LC_ALL", "LANG")}
        env.update(PYTHONPATH=str(ROOT), CLUESOLVER_HOME=str(home), **extra)
        texts = []
        for args in (
            PIPED[0],
            PIPED[3],
            PIPED[7],
            ("clue", "new", "t", "--players", "Ann,Ben,Cat,Dan", "--me", "Ann", "--cards", CARDS, "--force"),
            ("clue", "add", "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"),
        ):
            done = subprocess.run(
                [sys.executable, "-c", "from cluesolver.cli import main; main()", *args],
                capture_output=True,
                env=env,
                cwd=ROOT,
                timeout=120,
                check=False,
            )
            assert done.returncode in (0, 1), done.stderr
            text = done.stdout.decode("utf-8")
            _assert_plain(text)
            texts.append(text)
        outputs.append(texts)
    assert outputs[0] == outputs[1]


def test_plain_writer_strips_only_trailing_spaces() -> None:
    import io

    from cluesolver.cli.common import PlainWriter

    sink = io.StringIO()
    w = PlainWriter(sink)
    for piece in ("a  ", "  b   ", "\n", "  c  \n   ", "\nd   "):
        w.write(piece)
    assert sink.getvalue() == "a    b\n  c\n\nd"


# -- names are text, never markup ----------------------------------------------------------------

CARDS = "Scarlet, Rope, Kitchen, Hall, Study"


def _clue(args: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, args)
    return result.exit_code, result.output


def test_markup_like_player_names_print_literally(tmp_path: Path) -> None:
    log = tmp_path / "odd.clue"
    log.write_text(
        "game: classic\nplayers: [/], [bold]x, Cat\nme: [/]\nmy cards: Scarlet, Rope, Kitchen, Hall, Study, Lounge\n\n"
        "[bold]x accuses Plum, Knife, Library; wrong\n"
        "[bold]x suggests Plum, Rope, Hall; Cat shows\n",  # out after a wrong accusation: check names them
        encoding="utf-8",
    )
    code, out = _clue(["replay", str(log)])
    assert code == 0, out
    assert "[/] (me)" in out and "[bold]x" in out
    code, out = _clue(["check", str(log)])
    assert code == 1, out
    assert "[bold]x is out after a wrong accusation" in out
    code, out = _clue(["clue", "status", "--file", str(log)])
    assert code == 0, out
    assert "[/] (me)" in out and "[bold]x" in out


def test_markup_like_names_in_vegas_scores_rules_and_variants(tmp_path: Path) -> None:
    table = (EX / "welcome-table-3p.toml").read_text(encoding="utf-8")
    names = re.findall(r'^\[\[player\]\]\nname = "([^"]+)"', table, flags=re.M)
    assert len(names) >= 2
    table = table.replace(f'"{names[0]}"', '"[/]"').replace(f'"{names[1]}"', '"[bold]x"')
    sheet = tmp_path / "odd-welcome.toml"
    sheet.write_text(table, encoding="utf-8")
    code, out = _clue(["score", str(sheet)])
    assert code in (0, 1), out
    assert "[/]" in out and "[bold]x" in out
    vegas = tmp_path / "odd-vegas.toml"
    vegas.write_text(
        (EX / "las-vegas-night.toml").read_text(encoding="utf-8").replace("Anna", "[/]").replace("Ben", "[bold]x"),
        encoding="utf-8",
    )
    for verb in ("score", "replay"):
        code, out = _clue([verb, str(vegas)])
        assert code in (0, 1), out
        assert "[/]" in out and "[bold]x" in out, verb
    variant = tmp_path / "odd.toml"
    variant.write_text(
        'id = "odd"\nname = "[bold]Odd[/]"\nextends = "classic"\n[rename]\n"Miss Scarlet" = "[b]Scarlet[/b]"\n',
        encoding="utf-8",
    )
    code, out = _clue(["variants", "show", str(variant)])
    assert code == 0, out
    assert "[bold]Odd[/] (odd)" in out and "\n[b]Scarlet[/b] " in out
    code, out = _clue(["rules", "search", "[/] [bold]x show a card"])
    assert code == 0 and "Traceback" not in out


# -- narrow terminals ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 10])
def test_master_detective_notebook_at_60_columns_shows_every_player(tmp_path: Path, players: int) -> None:
    from cluesolver.cli.clue_render import holder_label, notebook, short_codes
    from cluesolver.clue.game import replay_file

    if players == 4:
        path = DATA / "clue" / "master-detective-4p.clue"
    else:
        names = ["Annabelle", "Benedict", "Cassandra", "Dominic", "Evangeline"]
        names += ["Frederick", "Gwendolyn", "Horatio", "Isadora", "Anneliese"]
        path = tmp_path / "md.clue"
        path.write_text(f"game: master-detective\nplayers: {', '.join(names)}\n", encoding="utf-8")
    report = replay_file(path, None).report
    con = Console(width=60, record=True, color_system=None)
    con.print(notebook(report, width=60))
    text = con.export_text()
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 60
    header = next(line for line in lines if line.startswith("Card"))
    codes = short_codes([holder_label(report, h) for h in report.holders])
    assert header.split()[1:] == codes  # every holder has a visible column
    legend = " ".join(lines[lines.index(header) :]).replace("  ", " ")
    for player in report.log.players:
        assert player in legend  # ... and the legend names each one
    assert "Numbers are % chances" in legend


# -- a real terminal (a pseudo-terminal): layouts that fit, the pager ---------------------------------


def _on_a_terminal(args: list[str], columns: int, lines: int = 200, **env: str) -> str:
    """Run the CLI with stdout on a pseudo-terminal of the given size; the text, colours removed."""
    import pty

    leader, follower = pty.openpty()
    full = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE")}
    full.update(COLUMNS=str(columns), LINES=str(lines), TERM="xterm-256color", PYTHONPATH=str(ROOT), **env)
    proc = subprocess.Popen(
        [sys.executable, "-c", "from cluesolver.cli import main; main()", *args],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=full,
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
    proc.wait(timeout=120)
    os.close(leader)
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8", "replace")).replace("\r", "")


def test_terminal_at_60_columns_shows_every_master_detective_player_with_a_legend() -> None:
    out = _on_a_terminal(["replay", str(DATA / "clue" / "master-detective-4p.clue")], 60)
    out = out.split("The envelope")[0]  # the notebook and its legend
    assert max(len(line) for line in out.splitlines()) <= 60
    header = next(line for line in out.splitlines() if line.strip().startswith("Card"))
    assert header.split()[1:] == ["A", "B", "C", "D", "E"] and "…" not in header
    assert "A = Ann, B = Ben, C = Cat, D = Dan (me), E = Envelope" in " ".join(out.split())


def test_terminal_at_80_columns_cuts_no_welcome_street_run() -> None:
    out = _on_a_terminal(["score", str(EX / "welcome-table-3p.toml")], 80)
    assert "4-6-8-10-12-14" in out and "…" not in out


def test_long_rule_text_goes_through_the_pager_on_a_terminal_only() -> None:
    pager = f"{sys.executable} -c \"import sys; sys.stdout.write('PAGED ' + str(len(sys.stdin.read())))\""
    paged = _on_a_terminal(["rules", "show", "clue"], 100, lines=30, PAGER=pager)
    assert paged.startswith("PAGED ")
    straight = _on_a_terminal(["rules", "show", "clue", "--no-pager"], 100, lines=30, PAGER=pager)
    assert "PAGED" not in straight and "Secret passages" in straight
    short = _on_a_terminal(["rules", "show", "clue", "secret-passages"], 100, lines=30, PAGER=pager)
    assert "PAGED" not in short  # it fits on the screen
    piped = _invoke(["rules", "show", "clue"], "100")
    assert "Secret passages" in piped  # a pipe never pages
