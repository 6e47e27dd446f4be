"""The table commands load neither the TOML parser nor the session writer.

Each case runs the installed command's entry point in a fresh interpreter and lists the
modules it loaded (as tests/test_startup.py does for the lighter commands).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
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

#: Only reading a variant file or changing a session needs these.
NOT_AT_THE_TABLE = ("tomllib", "rulesref.core.tomlfile", "cluesolver.clue.variants.reader", "cluesolver.clue.session")


def _modules(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


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
    loaded = _modules(*args)
    assert "cluesolver.clue.session_read" in loaded  # the session was read
    assert [m for m in NOT_AT_THE_TABLE if m in loaded] == []


def test_add_writes_through_the_session_writer_without_toml(tmp_path: Path) -> None:
    log = tmp_path / "game.clue"
    shutil.copyfile(ROOT / "examples" / "classic-4p.clue", log)
    loaded = _modules("clue", "add", "Ben suggests Mrs. White, Rope, Kitchen; Cat shows", "--file", str(log))
    assert "cluesolver.clue.session" in loaded
    assert [m for m in ("tomllib", "cluesolver.clue.variants.reader") if m in loaded] == []
