"""Start-up: a light command imports nothing heavy, and the root help imports no command.

Each case runs the command in a fresh interpreter and lists the modules it loaded.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
import typer

from cluesolver.cli import COMMANDS, app, load
from tests.helpers import ROOT

PROBE = """
import json, sys
from cluesolver.cli import app
try:
    app(args=sys.argv[1:], prog_name="cluesolver", standalone_mode=False)
except SystemExit:
    pass
except Exception:
    pass
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""

#: The installed command's way in: ``main()`` (failures reported by cli.common, imported only then).
MAIN_PROBE = """
import json, sys
from cluesolver.cli import main
sys.argv = ["cluesolver", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""

HEAVY = ("numpy", "ortools", "pandas", "prompt_toolkit", "constraint", "sqlite3", "starlette", "uvicorn", "jinja2")

#: Loaded by a text renderer only: a ``--json`` run never needs them.
TEXT_ONLY = ("rich",)

#: Only reading a variant file or changing a session needs these: the table commands load none.
NOT_AT_THE_TABLE = (
    "tomllib",
    "rulesref.core.tomlfile",
    "cluesolver.clue.variants.reader",
    "cluesolver.clue.session.store",
)

#: Library modules a replay does not need (reading package data, checking, the web page).
NOT_FOR_REPLAY = ("importlib.resources", "zipfile", "rulesref.core.findings", "cluesolver.web", "random")


def _modules(*args: str, probe: str = PROBE) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", probe, *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def _loaded(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


def test_root_help_imports_no_command_and_no_rich() -> None:
    loaded = _modules("--help")
    assert not [m for m in loaded if m.startswith("cluesolver.cli.") and m != "cluesolver.cli"]
    assert not [h for h in (*HEAVY, "rich", "rulesref") if _loaded(loaded, h)]


def test_installed_entry_point_help_imports_no_command_and_no_rich() -> None:
    loaded = _modules("--help", probe=MAIN_PROBE)
    assert not [m for m in loaded if m.startswith("cluesolver.cli.") and m != "cluesolver.cli"]
    assert not [h for h in (*HEAVY, "rich", "rulesref") if _loaded(loaded, h)]


@pytest.mark.parametrize("probe", [PROBE, MAIN_PROBE])
def test_replay_json_of_a_small_game_imports_no_rich_and_no_numpy(probe: str) -> None:
    """A classic log with a notebook owner is counted without numpy and printed without rich."""
    loaded = _modules("replay", "examples/classic-4p.clue", "--json", probe=probe)
    assert "cluesolver.clue.engine.small" in loaded  # the replay did run
    assert [h for h in (*HEAVY, *TEXT_ONLY, *NOT_FOR_REPLAY) if _loaded(loaded, h)] == []


def test_replay_text_of_a_small_game_in_a_pipe_imports_no_numpy_and_no_rich() -> None:
    """The notebook printed to a pipe is plain text written without rich (cluesolver.cli.sheet)."""
    loaded = _modules("replay", "examples/classic-4p.clue", probe=MAIN_PROBE)
    assert "cluesolver.cli.clue_render" in loaded  # the notebook was printed
    assert [h for h in (*HEAVY, *NOT_FOR_REPLAY, "rich") if _loaded(loaded, h)] == []


def test_a_big_position_still_reaches_the_main_engine() -> None:
    """Past the small counter's limits (a Master Detective log) the numpy engine answers."""
    loaded = _modules("replay", "examples/master-detective-6p.clue", "--at", "20", "--json")
    assert _loaded(loaded, "numpy") and "cluesolver.clue.engine.covers" in loaded
    assert not _loaded(loaded, "rich")


@pytest.mark.parametrize(
    ("args", "heavy"),
    [
        (("replay", "examples/classic-4p.clue", "--json"), HEAVY),
        # the search index lives in sqlite3 (rulesref/cache.py); nothing else heavy, and no rich
        (("rules", "search", "who pays when the dice tie", "--json"), (*[h for h in HEAVY if h != "sqlite3"], "rich")),
        (("las-vegas", "payout", "--casino", "Anna=5 Ben=3", "--money", "90,40"), HEAVY),
        (("lords", "track", "--at", "8", "--casinos", "1,1,3"), HEAVY),
        (("check", "examples/las-vegas-night.toml"), HEAVY),
        (("variants", "list"), HEAVY),
    ],
)
def test_light_commands_import_nothing_heavy(args: tuple[str, ...], heavy: tuple[str, ...]) -> None:
    loaded = _modules(*args)
    assert [h for h in heavy if _loaded(loaded, h)] == []


@pytest.mark.parametrize("name", list(COMMANDS))
def test_root_summaries_match_the_commands(name: str) -> None:
    """The summaries the root help shows without importing stay true to each command."""
    real = load(name)
    summary = COMMANDS[name].summary
    first = (real.help or "").strip().splitlines()[0] if real.help else ""
    assert first == summary, f"{name}: root says {summary!r}, the command says {first!r}"


def test_every_root_command_runs_its_help() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    assert group.list_commands(click.Context(group)) == list(COMMANDS)


@pytest.mark.parametrize(
    "args",
    [
        ("clue", "status", "--file", "examples/classic-4p.clue"),
        ("clue", "status", "--file", "examples/classic-4p.clue", "--json", "--threats"),
        ("clue", "why", "Cat has Mrs. Peacock", "--file", "examples/classic-4p.clue"),
        ("clue", "add", "Ben suggests Mrs. White, Rope, Kitchen; Cat shows", "--file", "{copy}"),
    ],
)
def test_table_commands_on_a_small_game_import_no_numpy(args: tuple[str, ...], tmp_path: Path) -> None:
    """The small counter answers a classic log with a notebook owner, and the threat draws
    (or lists) its deals from the same programme: no numpy, no OR-Tools."""
    copy = tmp_path / "game.clue"
    copy.write_text((ROOT / "examples" / "classic-4p.clue").read_text(encoding="utf-8"), encoding="utf-8")
    loaded = _modules(*(a.replace("{copy}", str(copy)) for a in args))
    assert "cluesolver.clue.engine.small" in loaded  # the command did count
    if "status" in args:
        assert "cluesolver.clue.advice.threat" in loaded  # ... and worked out the threats
    assert [h for h in HEAVY if _loaded(loaded, h)] == []
    assert "cluesolver.clue.engine.covers" not in loaded and "cluesolver.clue.engine.sampler" not in loaded


@pytest.mark.parametrize("command", ["next", "accuse?"])
def test_advice_on_a_small_game_needs_no_solver(command: str) -> None:
    """``next`` and ``accuse?`` score every suggestion with numpy (cluesolver.clue.advice.scoring),
    but need no OR-Tools; the position itself is counted, and its deals listed, by the
    small counter: no main engine, no numpy random generator."""
    loaded = _modules("clue", command, "--file", "examples/classic-4p.clue")
    assert "cluesolver.clue.advice.scoring" in loaded
    assert [h for h in HEAVY if h != "numpy" and _loaded(loaded, h)] == []
    assert [
        m for m in ("cluesolver.clue.engine.covers", "cluesolver.clue.engine.dp", "numpy.random") if m in loaded
    ] == []


@pytest.mark.parametrize(
    "args",
    [
        ("clue", "next", "--file", "examples/master-detective-6p.clue", "--json"),
        ("clue", "accuse?", "--file", "examples/master-detective-6p.clue"),
        ("clue", "status", "--file", "examples/classic-4p.clue"),
        ("clue", "why", "Cat has Mrs. Peacock", "--file", "examples/classic-4p.clue", "--json"),
    ],
)
def test_table_commands_read_no_toml_and_no_session_writer(args: tuple[str, ...]) -> None:
    loaded = _modules(*args, probe=MAIN_PROBE)
    assert "cluesolver.clue.session.read" in loaded  # the session was read
    assert [m for m in NOT_AT_THE_TABLE if m in loaded] == []


def test_add_writes_through_the_session_writer_without_toml(tmp_path: Path) -> None:
    log = tmp_path / "game.clue"
    shutil.copyfile(ROOT / "examples" / "classic-4p.clue", log)
    loaded = _modules(
        "clue", "add", "Ben suggests Mrs. White, Rope, Kitchen; Cat shows", "--file", str(log), probe=MAIN_PROBE
    )
    assert "cluesolver.clue.session.store" in loaded
    assert [m for m in ("tomllib", "cluesolver.clue.variants.reader") if m in loaded] == []
