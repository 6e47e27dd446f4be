"""Small hostile inputs (issue 11): time, peak memory and exit code of each, as a table.

Every case is a small file (or a device, a pipe) that once hung, ate memory or ended in
a traceback, or could have.  Each runs as its own process (``python -m cluesolver ...``)
started by a small launcher that reads the command's own time and peak resident memory
with ``os.wait4``.  The bar: under 2 s, under
300 MB, exit 2 (or the stated code).  ``tests/cli/test_hostile_inputs.py`` runs the same
cases with generous bounds (a shared machine is noisy); this script prints the figures
recorded in docs/robustness.md.

Run:  python benchmarks/hostile_inputs.py [--runs 3] [--only NAME]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TINY = (ROOT / "tests" / "data" / "live" / "tiny.toml").read_text(encoding="utf-8")
VEGAS = (ROOT / "tests" / "data" / "las-vegas" / "valid" / "base-2p-white.toml").read_text(encoding="utf-8")
LORDS = (ROOT / "tests" / "data" / "lords-of-vegas" / "four-players.toml").read_text(encoding="utf-8")
WELCOME = (ROOT / "tests" / "data" / "welcome" / "table-2p.toml").read_text(encoding="utf-8")
CLASSIC_HEAD = "game: classic\nplayers: Ann, Ben, Cat\nme: Ann\nmy cards: Plum, Rope, Hall, Study, Lounge, Knife\n"
DEEP = "deep = " + "[" * 500 + "]" * 500 + "\n"
BIG_LINE = 9_000_000  # characters: under the 10 MB file cap, so the line itself is what is refused


@dataclass(frozen=True)
class Case:
    """One hostile input: ``make(folder)`` writes it and returns the command's arguments."""

    name: str
    make: Callable[[Path], list[str]]
    exit: int = 2


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _fifo(folder: Path) -> str:
    path = folder / "pipe.clue"
    os.mkfifo(path)
    return str(path)


def _big_edition(folder: Path) -> list[str]:
    cards = ", ".join(f'"Card {i}"' for i in range(200))
    cats = "".join(f'\n[[category]]\nid = "c{k}"\ncards = [{cards.replace("Card", f"C{k}")}]\n' for k in range(3))
    _write(folder, "big.toml", 'id = "big"\nname = "Big"\nmin_players = 2\nmax_players = 12\n' + cats)
    players = ", ".join(f"P{i}" for i in range(12))
    return [
        "replay",
        _write(folder, "big.clue", f"game: big.toml\nplayers: {players}\n\nP0 suggests C0 1, C1 1, C2 1\n"),
    ]


CASES: list[Case] = [
    Case(
        "clue: 'hands:' and 5,000 spaces",
        lambda f: ["replay", _write(f, "h.clue", CLASSIC_HEAD + "hands:" + " " * 5000 + "x\n")],
    ),
    Case(
        "clue: 'hands:' spaces between sizes",
        lambda f: ["replay", _write(f, "h2.clue", CLASSIC_HEAD + "hands: Ann 6" + " " * 5000 + ", Ben 6, Cat 6\n")],
    ),
    Case("clue: 'game: /dev/zero'", lambda f: ["replay", _write(f, "z.clue", "game: /dev/zero\nplayers: A, B\n")]),
    Case("replay /dev/zero", lambda f: ["replay", "/dev/zero"]),
    Case("replay a named pipe", lambda f: ["replay", _fifo(f)]),
    Case(
        "clue: 'game:' a named pipe",
        lambda f: (_fifo(f), ["replay", _write(f, "p.clue", "game: pipe.clue\nplayers: A, B\n")])[1],
    ),
    Case("clue: one 9 MB line", lambda f: ["replay", _write(f, "long.clue", CLASSIC_HEAD + "x" * BIG_LINE + "\n")]),
    Case("clue: a 12 MB file", lambda f: ["replay", _write(f, "huge.clue", CLASSIC_HEAD + ("# x\n" * 3_000_000))]),
    Case(
        "variant: max_players = 1000000000",
        lambda f: [
            "variants",
            "show",
            _write(f, "v.toml", TINY.replace("max_players = 4", "max_players = 1000000000")),
        ],
    ),
    Case(
        "variant: nested 500 deep",
        lambda f: ["variants", "show", _write(f, "v.toml", TINY.replace("min_players = 2", DEEP + "min_players = 2"))],
    ),
    Case(
        "variant: extends itself",
        lambda f: ["variants", "show", _write(f, "self.toml", 'extends = "self.toml"\nid = "me"\nname = "Me"\n')],
    ),
    Case(
        "variant: two extend each other",
        lambda f: (
            _write(f, "b.toml", 'extends = "a.toml"\nid = "b"\nname = "B"\n'),
            ["variants", "show", _write(f, "a.toml", 'extends = "b.toml"\nid = "a"\nname = "A"\n')],
        )[1],
    ),
    Case(
        "variant: one 9 MB name",
        lambda f: ["variants", "show", _write(f, "v.toml", TINY.replace("Tiny Clue", "x" * BIG_LINE))],
    ),
    Case("clue: a big custom edition", _big_edition),
    Case(
        "las vegas: nested 500 deep",
        lambda f: ["check", _write(f, "lv.toml", VEGAS.replace("white_dice = true", DEEP + "white_dice = true"))],
    ),
    Case(
        "las vegas: 1000000000 dice (check finds it)",
        lambda f: ["check", _write(f, "lv.toml", VEGAS.replace('dice = "Ben=1" }', 'dice = "Ben=1000000000" }', 1))],
        exit=1,
    ),
    Case(
        "las vegas: money 10**30",
        lambda f: [
            "score",
            _write(f, "lv.toml", VEGAS.replace("money = [50], dice", "money = [" + "9" * 30 + "], dice", 1)),
        ],
    ),
    Case(
        "las vegas: one 9 MB title",
        lambda f: ["check", _write(f, "lv.toml", VEGAS.replace("Two players with white dice", "x" * BIG_LINE))],
    ),
    Case(
        "las vegas: 3,000 players",
        lambda f: [
            "check",
            _write(
                f,
                "lv.toml",
                VEGAS.replace(
                    'players = ["Anna", "Ben"]', "players = [" + ", ".join(f'"P{i}"' for i in range(3000)) + "]"
                ),
            ),
        ],
    ),
    Case(
        "las vegas payout: 5,000 tied players",
        lambda f: ["las-vegas", "payout", "--casino", " ".join(f"P{i}=1" for i in range(5000)), "--money", "90"],
    ),
    Case(
        "las vegas payout: money of 5,000 digits",
        lambda f: ["las-vegas", "payout", "--casino", "A=1", "--money", "9" * 5000],
    ),
    Case(
        "lords: 3,000 player tables",
        lambda f: [
            "check",
            _write(
                f,
                "l.toml",
                'game = "lords-of-vegas"\nturn = "P0"\n'
                + "".join(f"[players.P{i}]\nmoney = 1\npoints = 1\n" for i in range(3000)),
            ),
        ],
    ),
    Case(
        "lords: a 'turn' line of 20,000 spaces",
        lambda f: [
            "replay",
            _write(f, "g.lov", "game: lords-of-vegas\nplayers: Ana, Ben\nturn x" + " " * 20000 + "x Ana draws C3\n"),
        ],
    ),
    Case(
        "lords: nested 500 deep",
        lambda f: ["check", _write(f, "l.toml", LORDS.replace('turn = "Ana"', 'turn = "Ana"\n' + DEEP))],
    ),
    Case(
        "lords: money 1000000000",
        lambda f: ["score", _write(f, "l.toml", LORDS.replace("money = 10", "money = 1000000000"))],
        exit=0,
    ),
    Case(
        "lords: a 9 MB line in a .lov log",
        lambda f: [
            "replay",
            _write(f, "g.lov", "game: lords-of-vegas\nplayers: Ana, Ben\nturn Ana draws " + " " * BIG_LINE + "C3\n"),
        ],
    ),
    Case(
        "welcome: nested 500 deep",
        lambda f: ["check", _write(f, "w.toml", WELCOME.replace("[[project]]", DEEP + "[[project]]", 1))],
    ),
    Case(
        "welcome: limo-lamps 1000000000 x 1000000000",
        lambda f: [
            "check",
            _write(
                f,
                "w.toml",
                WELCOME.replace("[[project]]", "limo-lamps = [1000000000, 1000000000]\n[[project]]", 1).replace(
                    "mafia = { opened = 1 } }", 'mafia = { opened = 1 }, trip = "A1 A2 B2" }', 1
                ),
            ),
        ],
    ),
    Case(  # a number like any other: scored at once
        "welcome: street bonus 10**30",
        lambda f: [
            "score",
            _write(
                f,
                "w.toml",
                WELCOME.replace("street-bonus = [6, 7, 8, 9]", "street-bonus = [" + "9" * 30 + ", 7, 8, 9]"),
            ),
        ],
        exit=0,
    ),
    # lint reports a rule book it cannot read as one of the problems it found (exit 1)
    Case("rules lint: nested 500 deep", lambda f: ["rules", "lint", _write(f, "r.toml", DEEP)], exit=1),
]


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mb: float
    exit: int
    stderr: str
    stdout_bytes: int


#: A small launcher: starts the command and reports its own time, peak memory and exit code.
#: (Linux counts the memory of the process that forks in the child's peak, so the command
#: is started from this small process, not from a big parent such as pytest.)
LAUNCH = """
import os, sys, time
start = time.perf_counter()
pid = os.posix_spawn(sys.executable, [sys.executable, "-m", "cluesolver", *sys.argv[2:]], os.environ)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as report:
    report.write(f"{time.perf_counter() - start} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}")
"""


def run_case(case: Case, timeout: float = 60.0) -> Run:
    """Write the case in a fresh folder and run it as its own process."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        args = case.make(folder)
        env = dict(os.environ, CLUESOLVER_HOME=str(folder / "home"), CLUESOLVER_NO_CACHE="1", COLUMNS="100")
        out, err, report = folder / "stdout", folder / "stderr", folder / "report"
        with out.open("wb") as o, err.open("wb") as e:
            proc = subprocess.Popen(
                [sys.executable, "-c", LAUNCH, str(report), *args],
                stdout=o,
                stderr=e,
                stdin=subprocess.DEVNULL,
                cwd=folder,
                env=env,
                start_new_session=True,
            )
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                return Run(timeout, 0.0, -9, "timed out", 0)
        seconds, peak_kb, code = report.read_text(encoding="utf-8").split()
        return Run(
            float(seconds),
            int(peak_kb) / 1024,  # ru_maxrss is in kilobytes on Linux
            int(code),
            err.read_text(encoding="utf-8", errors="replace"),
            out.stat().st_size,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    print(f"{'case':48} {'median s':>9} {'max s':>6} {'peak MB':>8} {'exit':>5}  first line of stderr")
    for case in CASES:
        if args.only and args.only not in case.name:
            continue
        runs = [run_case(case) for _ in range(args.runs)]
        first = (runs[0].stderr.splitlines() or [""])[0]
        print(
            f"{case.name:48} {statistics.median(r.seconds for r in runs):9.2f} {max(r.seconds for r in runs):6.2f}"
            f" {max(r.peak_mb for r in runs):8.0f} {runs[0].exit:5}  {first[:90]}"
        )


if __name__ == "__main__":
    main()
