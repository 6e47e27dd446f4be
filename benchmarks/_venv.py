"""Run a benchmark with the project's virtual environment whatever Python started it.

``python3 benchmarks/bench_clue.py`` from a fresh clone (after the README's install) finds
no ``cluesolver`` in the system Python; importing this module first starts the script
again with ``.venv/bin/python`` when that exists.  Under the venv's Python it does nothing.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"


def ensure() -> None:
    """Re-execute the running script under the project's venv if ``cluesolver`` cannot be imported."""
    if importlib.util.find_spec("cluesolver") is not None:
        return
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != VENV_PYTHON.parent.parent.resolve():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), *sys.argv])
    sys.exit(
        "cluesolver is not installed for this Python: run the README's install first "
        "(python3 -m venv .venv && .venv/bin/pip install -e '.[test]'), then .venv/bin/python " + " ".join(sys.argv)
    )


ensure()
