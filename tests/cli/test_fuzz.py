"""Every reader, through the CLI, on mutated files: a documented exit code, never a traceback.

Each test takes a real file of one kind (a .clue log, a variant file, a Las Vegas game, a
Lords state or .lov log, a Welcome table, a rule book, a ``clue add`` statement), damages
it the ways careless or hostile authors do (flipped and deleted bytes, duplicated lines,
deep nesting, huge numbers, long lines, NUL bytes, invalid UTF-8, U+2028, Rich markup)
and runs the commands that read it.  Every run must end with exit 0, 1, 2 or 3, print no
traceback and use under 5 s of CPU time (CPU, not wall time: the machine is shared; time
and memory of the small hostile inputs are pinned in ``test_hostile_inputs.py`` and
benchmarks/).
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data"
VARIANT_DATA = ROOT / "cluesolver" / "clue" / "variants" / "data"

EXITS = {0, 1, 2, 3}
#: CPU seconds one command may use on a damaged file (real runs take well under one).
CPU_SECONDS = 5.0
FUZZ = settings(
    max_examples=int(os.environ.get("CLUESOLVER_FUZZ_EXAMPLES", "40")),
    deadline=None,  # wall time on a shared machine is noise: each run's CPU time is bounded instead
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

runner = CliRunner()


def _read(paths: list[Path]) -> list[bytes]:
    found = [p.read_bytes() for p in paths]
    assert found, "no source files found for a fuzz test"
    return found


CLUE_LOGS = _read(sorted((DATA / "clue").glob("*.clue")) + sorted((DATA / "live").glob("*.clue")))
VARIANTS = _read(sorted(VARIANT_DATA.glob("*.toml")) + [DATA / "live" / "tiny.toml"])
VEGAS = _read(
    sorted((DATA / "las-vegas" / "valid").glob("*.toml")) + sorted((DATA / "las-vegas" / "broken").glob("*.toml"))
)
LORDS_STATES = _read(
    [DATA / "lords-of-vegas" / n for n in ("four-players.toml", "bad-state.toml", "broken-state.toml")]
)
LORDS_LOGS = _read([DATA / "lords-of-vegas" / "two-player.lov", DATA / "lords-of-vegas" / "bad-log.lov"])
WELCOME = _read(sorted(p for p in (DATA / "welcome").glob("*.toml") if ".expected" not in p.name))
RULE_BOOKS = _read(sorted((ROOT / "rulesref" / "rules").glob("*.toml")))

#: A log of the tiny edition that names its variant file (the variant fuzz goes through replay too).
TINY_LOG = (
    "game: v.toml\nplayers: Ann, Ben, Cat\nme: Ann\nmy cards: Red, Axe\n\n"
    "Ann suggests Blue, Bow, Barn; Ben shows Bow\nBen suggests Gray, Club, Cellar; Cat passes; Ann passes\n"
)

#: Statements for ``clue add`` (classic edition, four players).
STATEMENTS = [
    "Ben suggests Plum, Rope, Library; Cat passes; Dan shows",
    "Cat suggests Green, Knife, Hall; Dan shows Knife",
    "Dan accuses Mustard, Wrench, Lounge: wrong",
    "Ann suggests White, Pipe, Study; Ben passes; Cat shows Pipe",
    "Ben has none of Peacock, Candlestick",
]

SESSION = (
    "game: classic\nplayers: Ann, Ben, Cat, Dan\nme: Ann\nmy cards: Scarlet, Rope, Kitchen, Hall, Study\n\n"
    "Ben suggests Plum, Knife, Library; Cat passes; Dan shows\n"
)

#: Pieces hostile or careless authors put in files.
JUNK: list[bytes] = [
    b"\x00",
    b"\xff\xfe\xc0",
    "\u2028".encode(),
    "\u2029".encode(),
    b"\r",
    b"[/]",
    b"[bold]x[/bold]",
    b"[[",
    b"]]",
    b"{",
    b'"',
    b"'''",
    b"=",
    b"#",
    b",",
    b":",
    b";",
    b"1000000000",
    b"-1",
    b"1e309",
    b"nan",
    b"99999999999999999999999999999999",
    b"extends = ",
    b"game: ",
    b"hands: ",
    "Ré".encode(),
    "\u202e".encode(),
]

_NUMBER = re.compile(rb"\d+")


@st.composite
def mutated(draw: st.DrawFn, sources: list[bytes]) -> bytes:
    """A real file damaged by one to four mutations."""
    data = bytearray(draw(st.sampled_from(sources)))
    for _ in range(draw(st.integers(1, 4))):
        action = draw(
            st.sampled_from(["flip", "delete", "dup", "drop", "junk", "huge", "long", "nest", "table", "swap"])
        )
        at = draw(st.integers(0, len(data)))
        if action == "flip" and data:
            i = min(at, len(data) - 1)
            data[i] ^= draw(st.integers(1, 255))
        elif action == "delete":
            data[at : at + draw(st.integers(1, 40))] = b""
        elif action in ("dup", "drop", "swap"):
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            if action == "dup":
                lines[i:i] = [lines[i]] * draw(st.integers(1, 3))
            elif action == "drop":
                del lines[i]
            else:
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
        elif action == "junk":
            data[at:at] = draw(st.sampled_from(JUNK))
        elif action == "huge":
            numbers = list(_NUMBER.finditer(data))
            if numbers:
                m = numbers[draw(st.integers(0, len(numbers) - 1))]
                big = draw(st.sampled_from([b"1000000000", b"10" + b"0" * 30, b"-7", b"0"]))
                data[m.start() : m.end()] = big
        elif action == "long":
            data[at:at] = draw(st.sampled_from([b"x", b" ", b",", b"a,"])) * draw(st.integers(1000, 30000))
        elif action == "nest":
            depth = draw(st.integers(30, 600))
            data[at:at] = b"\nz = " + b"[" * depth + b"]" * depth + b"\n"
        elif action == "table":
            data[at:at] = b"\n[" + b".".join([b"t"] * draw(st.integers(30, 300))) + b"]\n"
    return bytes(data)


@contextmanager
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def assert_clean(args: list[str]) -> int:
    """Run the CLI; the exit code is documented, nothing escaped as a traceback, little CPU time was used."""
    start = time.process_time()
    result = runner.invoke(app, args)
    used = time.process_time() - start
    assert used < CPU_SECONDS, f"{args[:2]}: {used:.1f} s of CPU time"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args}: {type(result.exception).__name__}: {result.exception}"
    )
    assert result.exit_code in EXITS, (args, result.exit_code, result.output[-2000:])
    assert "Traceback" not in result.output, result.output[-2000:]
    assert "internal error" not in result.output, result.output[-2000:]
    return result.exit_code


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CLUESOLVER_NO_CACHE", "1")
    monkeypatch.setenv("COLUMNS", "100")


def _each(data: bytes, name: str, commands: Callable[[str], list[list[str]]]) -> None:
    with folder() as where:
        path = where / name
        path.write_bytes(data)
        for args in commands(str(path)):
            assert_clean(args)


@FUZZ
@given(mutated(CLUE_LOGS))
def test_clue_logs(data: bytes) -> None:
    _each(data, "game.clue", lambda p: [["replay", p], ["check", p, "--json"]])


@FUZZ
@given(mutated(VARIANTS))
def test_variant_files_shown(data: bytes) -> None:
    _each(data, "v.toml", lambda p: [["variants", "show", p], ["variants", "show", p, "--json"]])


@FUZZ
@given(mutated(VARIANTS[-1:]))
def test_variant_files_named_by_a_log(data: bytes) -> None:
    with folder() as where:
        (where / "v.toml").write_bytes(data)
        (where / "game.clue").write_text(TINY_LOG, encoding="utf-8")
        assert_clean(["replay", str(where / "game.clue")])
        assert_clean(["check", str(where / "game.clue")])


@FUZZ
@given(mutated(VEGAS))
def test_las_vegas_games(data: bytes) -> None:
    _each(data, "night.toml", lambda p: [["check", p], ["score", p, "--json"], ["replay", p]])


@FUZZ
@given(mutated(LORDS_STATES))
def test_lords_states(data: bytes) -> None:
    _each(data, "state.toml", lambda p: [["check", p], ["score", p], ["lords", "board", p, "--json"]])


@FUZZ
@given(mutated(LORDS_LOGS))
def test_lords_logs(data: bytes) -> None:
    _each(data, "game.lov", lambda p: [["replay", p], ["check", p, "--json"], ["score", p]])


@FUZZ
@given(mutated(WELCOME))
def test_welcome_tables(data: bytes) -> None:
    _each(data, "table.toml", lambda p: [["check", p], ["score", p, "--json"]])


@FUZZ
@given(mutated(RULE_BOOKS))
def test_rule_books_linted(data: bytes) -> None:
    _each(data, "book.toml", lambda p: [["rules", "lint", p], ["rules", "lint", p, "--json"]])


@settings(FUZZ, max_examples=max(1, FUZZ.max_examples // 2))  # each add runs the exact engine
@given(mutated([s.encode() for s in STATEMENTS]))
def test_clue_add_statements(data: bytes) -> None:
    # Arguments reach the program as str: undecodable bytes arrive as surrogate escapes.
    statement = data.decode("utf-8", "surrogateescape")
    with folder() as where:
        session = where / "sat.clue"
        session.write_text(SESSION, encoding="utf-8")
        assert_clean(["clue", "add", "--file", str(session), statement])
        assert_clean(["clue", "add", "--file", str(session), "--json", statement])
