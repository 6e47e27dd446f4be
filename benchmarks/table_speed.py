"""The five table commands end to end: ``clue next``, ``why``, ``accuse?``, ``status``, ``add``.

Each command runs as a fresh ``cluesolver`` process on a generated log (a random honest
game seen by its first player, :func:`cluesolver.clue.record.simulate.random_log`), several
times; the table gives the median wall time and the median user+sys CPU time in seconds, next to ``cluesolver --help``
(the start-up alone).  A second table runs the same commands inside one process
(typer's test runner, after one warm-up run, remembered counts dropped before each run):
the work of the command without the start-up.  ``add`` works on a fresh copy of the log each time.

    python benchmarks/table_speed.py --runs 5
    git archive OLD cluesolver rulesref | tar -x -C /tmp/old
    python benchmarks/table_speed.py --runs 7 --baseline /tmp/old   # before/after, in turn
    python benchmarks/table_speed.py --sweep --runs 3                 # many positions, the slowest of each
    python benchmarks/table_speed.py --sweep --runs 3 --baseline /tmp/old --games master-detective-6

``--sweep`` runs ``next``, ``accuse?`` and ``status`` end to end on logs of 3 seeds at 0, 6,
12, 20, 30 and 45 events for every game and player count of :data:`SWEEP` and prints, per
command, the median time of each position's runs: the slowest position, the median
position and which log was slowest (the fixed positions above are one point of a game).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cluesolver.clue import variants
from cluesolver.clue.analysis.report import analyse
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.simulate import random_log
from cluesolver.clue.record.writer import format_event, format_log

CASES = [
    ("classic", 4, 12),
    ("classic", 6, 18),
    ("master-detective", 4, 16),
    ("master-detective", 6, 24),
]
SWEEP = [("classic", 3), ("classic", 6), ("master-detective", 4), ("master-detective", 5), ("master-detective", 6)]
SWEEP_SEEDS = (1, 2, 5)
SWEEP_EVENTS = (0, 6, 12, 20, 30, 45)
EXE = str(Path(sys.executable).with_name("cluesolver"))


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _timed(args: list[str], runs: int, prepare: object = None) -> tuple[float, float]:
    """Median wall time and median user+sys CPU time of ``runs`` fresh processes (after one unmeasured run)."""
    times = []
    cpus = []
    for k in range(runs + 1):
        if callable(prepare):
            prepare()
        cpu = _cpu()
        start = time.perf_counter()
        subprocess.run([EXE, *args], capture_output=True, check=False)
        if k:
            times.append(time.perf_counter() - start)
            cpus.append(_cpu() - cpu)
    return statistics.median(times), statistics.median(cpus)


def _side_by_side(
    args: list[str], runs: int, baseline: Path, prepare: object = None
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Fresh processes of the baseline tree (on PYTHONPATH) and of this checkout, taken in
    turn so that both see the same machine: (wall, user+sys) medians of each."""
    runs_of: dict[bool, tuple[list[float], list[float]]] = {True: ([], []), False: ([], [])}
    env_of = {
        True: {
            **os.environ,
            "PYTHONPATH": str(baseline),
            "PYTHONPYCACHEPREFIX": os.environ["PYTHONPYCACHEPREFIX"] + "-b",
        },
        False: dict(os.environ),
    }
    for k in range(runs + 1):  # the first round unmeasured
        for base in (True, False):
            if callable(prepare):
                prepare()
            cpu = _cpu()
            start = time.perf_counter()
            subprocess.run([EXE, *args], capture_output=True, check=False, env=env_of[base])
            if k:
                runs_of[base][0].append(time.perf_counter() - start)
                runs_of[base][1].append(_cpu() - cpu)
    (bw, bc), (nw, nc) = runs_of[True], runs_of[False]
    return (statistics.median(bw), statistics.median(bc)), (statistics.median(nw), statistics.median(nc))


def _in_process(args: list[str], runs: int, prepare: object = None) -> tuple[float, float]:
    import importlib

    from typer.testing import CliRunner

    from cluesolver.cli import app

    try:  # the engine's front door; older trees had it in count_small
        front = importlib.import_module("cluesolver.clue.engine")
    except ImportError:
        front = importlib.import_module("cluesolver.clue.count_small")

    runner = CliRunner()
    times = []
    cpus = []
    forget = getattr(front, "forget", lambda: None)  # counts remembered in the process (older trees: none)
    for k in range(runs + 1):
        if callable(prepare):
            prepare()
        forget()  # each run counts afresh, as a new process does
        cpu = time.process_time()
        start = time.perf_counter()
        runner.invoke(app, args)
        if k:
            times.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
    return statistics.median(times), statistics.median(cpus)


def _position(game: str, players: int, events: int, seed: int) -> tuple[GameLog, GameLog]:
    """A random honest game seen by its first player, ``events`` lines in; and the same
    game one line further (the line ``add`` records)."""
    full, _ = random_log(variants.get(game), players, events + 1, random.Random(seed), accusations=False)
    return GameLog(full.header, full.variant, full.events[:-1]), full


def sweep(folder: Path, runs: int, baseline: Path | None = None, games: list[str] | None = None) -> None:
    """The slowest and the median position per command over :data:`SWEEP`'s logs (with
    ``baseline``: both trees side by side, position by position); ``games`` keeps the rows
    whose ``game-players`` (e.g. ``master-detective-6``) is listed."""
    print(
        "Each cell: the slowest position's median wall time (its log) / the median over positions / "
        "positions over 0.3 s, seconds."
    )
    print("| tree | game | players | positions | next | accuse? | status |")
    print("|---|---|---|---|---|---|---|")
    commands = (["clue", "next"], ["clue", "accuse?"], ["clue", "status"])
    trees = ("baseline", "this checkout") if baseline is not None else ("this checkout",)
    for game, n in SWEEP:
        if games and f"{game}-{n}" not in games:
            continue
        times: dict[str, list[list[tuple[float, str]]]] = {t: [[] for _ in commands] for t in trees}
        for seed in SWEEP_SEEDS:
            for events in SWEEP_EVENTS:
                log, _ = _position(game, n, events, seed)
                path = folder / f"{game}-{n}-seed{seed}-{events}.clue"
                path.write_text(format_log(log), encoding="utf-8")
                where = f"seed {seed}, {len(log.events)} events"
                for k, command in enumerate(commands):
                    args = [*command, "--file", str(path)]
                    if baseline is not None:
                        (base, _), (now, _) = _side_by_side(args, runs, baseline)
                        times["baseline"][k].append((base, where))
                    else:
                        now, _ = _timed(args, runs)
                    times["this checkout"][k].append((now, where))
        for tree in trees:
            cells = []
            for got in times[tree]:
                worst = max(got)
                over = sum(1 for t, _ in got if t > 0.3)
                cells.append(f"{worst[0]:.2f} ({worst[1]}) / {statistics.median(t for t, _ in got):.2f} / {over}")
            print(f"| {tree} | {game} | {n} | {len(times[tree][0])} | {' | '.join(cells)} |", flush=True)


def _fact(log: GameLog) -> str:
    report = analyse(log)
    fact = next((f for f in report.certain if f.holder != log.header.me), None)
    if fact is not None:
        return str(fact)
    return f"{log.variant.card_names[0]} is in the envelope"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument(
        "--baseline",
        type=Path,
        help="a folder holding another version's cluesolver/ and rulesref/ (e.g. from git archive): "
        "end-to-end runs of it and of this checkout, in turn",
    )
    ap.add_argument("--sweep", action="store_true", help="many positions per game: the slowest and the median")
    ap.add_argument(
        "--games",
        nargs="*",
        help="with --sweep: only these game-players rows, e.g. master-detective-5 master-detective-6",
    )
    args = ap.parse_args()
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env["CLUESOLVER_HOME"] = str(folder / "home")
        # Bytecode cached as in an installed command (kept out of the tree): without it every
        # process compiles each module whose .pyc is missing or stale (about 0.04 s).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        os.environ.update(env)
        start, start_cpu = _timed(["--help"], args.runs)
        print(
            f"start-up (cluesolver --help): {start:.2f} s wall, {start_cpu:.2f} s user+sys; "
            f"load average {os.getloadavg()[0]:.1f}"
        )
        if args.sweep:
            sweep(folder, args.runs, args.baseline, args.games)
            print(f"load average at the end {os.getloadavg()[0]:.1f}")
            return
        print("Each cell: median wall / median user+sys CPU, seconds.")
        print("| how | game | players | events | next | why | accuse? | status | add |")
        print("|---|---|---|---|---|---|---|---|---|")
        for game, n, turns in CASES:
            log, full = _position(game, n, turns, args.seed)
            path = folder / f"{game}-{n}.clue"
            path.write_text(format_log(log), encoding="utf-8")
            work = folder / f"{game}-{n}-add.clue"
            line = format_event(full.events[-1], full)

            def fresh(src: Path = path, dst: Path = work) -> None:
                shutil.copyfile(src, dst)

            f = ["--file", str(path)]
            commands = [
                (["clue", "next", *f], None),
                (["clue", "why", _fact(log), *f], None),
                (["clue", "accuse?", *f], None),
                (["clue", "status", *f], None),
                (["clue", "add", line, "--file", str(work)], fresh),
            ]
            if args.baseline is not None:
                pairs = [_side_by_side(c, args.runs, args.baseline, p) for c, p in commands]
                for label, k in (("end to end, baseline", 0), ("end to end, this checkout", 1)):
                    cells = " | ".join("{:.2f} / {:.2f}".format(*pair[k]) for pair in pairs)
                    print(f"| {label} | {game} | {n} | {len(log.events)} | {cells} |", flush=True)
                continue
            for label, timer in (("end to end", _timed), ("in one process", _in_process)):
                cells = " | ".join("{:.2f} / {:.2f}".format(*timer(c, args.runs, p)) for c, p in commands)
                print(f"| {label} | {game} | {n} | {len(log.events)} | {cells} |", flush=True)
        print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
