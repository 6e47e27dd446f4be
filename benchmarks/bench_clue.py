"""Timings of the exact engine and of `cluesolver replay --json`, as a table.

Positions are honest simulated games (fixed seeds): classic with 3-6 players early,
mid and late, and Master Detective; with a notebook owner ('me') and as a spectator.
Each figure is the median of several runs; the machine is shared and noisy.

Run:  python3 benchmarks/bench_clue.py [--runs 7] [--cli-runs 5] [--no-cli]   (uses .venv by itself)
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import _venv  # noqa: F401  (started by another Python: run again with the project's .venv)

from cluesolver.clue import variants
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.record.constraints import puzzle_of
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.simulate import random_log
from cluesolver.clue.record.writer import format_log

STAGES = {"early": 4, "mid": 12, "late": 24}


def positions(spectator: bool) -> Iterator[tuple[str, int, str, GameLog]]:
    for vid, counts in (("classic", (3, 4, 5, 6)), ("master-detective", (3, 4, 6))):
        for n in counts:
            for stage, turns in STAGES.items():
                rng = random.Random(zlib.crc32(f"{vid}-{n}-{stage}-{spectator}".encode()))
                log, _ = random_log(variants.get(vid), n, turns, rng, spectator=spectator, accusations=False)
                yield vid, n, stage, log


def count_log(log: GameLog) -> object:
    """What one engine call does: constraints from the log, then the count."""
    return count(puzzle_of(log))


def median_time(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--cli-runs", type=int, default=5)
    ap.add_argument("--no-cli", action="store_true")
    ap.add_argument("--spectator", action="store_true", help="also time spectator logs (engine only)")
    args = ap.parse_args()
    exe = shutil.which("cluesolver")
    cmd = [exe] if exe else [sys.executable, "-m", "cluesolver"]
    print(f"{'edition':17} {'players':>7} {'stage':>6} {'deals':>16} {'engine ms':>10} {'cli ms':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for vid, n, stage, log in positions(False):
            puzzle = puzzle_of(log)
            deals = count(puzzle).deals
            engine = median_time(partial(count_log, log), args.runs) * 1000
            cli = ""
            if not args.no_cli:
                path = Path(tmp) / f"{vid}-{n}-{stage}.clue"
                path.write_text(format_log(log), encoding="utf-8")

                def run(path: Path = path) -> object:
                    return subprocess.run(
                        cmd + ["replay", str(path), "--json"],
                        check=True,
                        stdout=subprocess.DEVNULL,
                    )

                cli = f"{median_time(run, args.cli_runs) * 1000:8.0f}"
            print(f"{vid:17} {n:7} {stage:>6} {deals:16,} {engine:10.1f} {cli:>8}", flush=True)
        if args.spectator:
            print("\nspectator logs (no 'me'), engine only")
            for vid, n, stage, log in positions(True):
                puzzle = puzzle_of(log)
                deals = count(puzzle).deals
                engine = median_time(partial(count_log, log), max(1, args.runs // 2)) * 1000
                print(f"{vid:17} {n:7} {stage:>6} {deals:16,} {engine:10.1f}", flush=True)


if __name__ == "__main__":
    main()
