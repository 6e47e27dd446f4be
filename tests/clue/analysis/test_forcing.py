"""clue why by counting: minimal forcing lines without importing a solver."""

from __future__ import annotations

import subprocess
import sys

from cluesolver.clue.analysis.explain import parse_fact
from cluesolver.clue.analysis.forcing import forcing_lines
from cluesolver.clue.record.reader import read_log
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "clue"


def test_forcing_lines_of_the_contract_example() -> None:
    log = read_log(DATA / "contract-example.clue")
    assert forcing_lines(log, parse_fact(log, "Cat has Knife")) == [7]
    assert forcing_lines(log, parse_fact(log, "Kitchen is not in the envelope")) == [5]
    assert forcing_lines(log, parse_fact(log, "Ben has Plum")) is None


def test_why_does_not_import_ortools() -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from cluesolver.clue.analysis.explain import parse_fact, why\n"
        "from cluesolver.clue.record.reader import read_log\n"
        f"log = read_log(Path({str(DATA / 'contract-example.clue')!r}))\n"
        "assert why(log, parse_fact(log, 'Cat has Knife')) == [7]\n"
        "print('ortools' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
