"""Start-up of the installed command: median wall and CPU (user+sys) time of whole processes.

Each round runs every command once, in turn (so a burst of load on the shared machine
hits all of them alike), for ``--runs`` rounds; the table prints medians.  CPU time is
the children's user+sys time from ``getrusage`` and is the steadier figure on a loaded
machine; wall time is what a person waits.

The commands run as installed: ``--exe`` names the ``cluesolver`` program (default: the
one next to the running Python, i.e. the venv's).  Measure a non-editable install too -
the editable finder costs start-up of its own::

    python3 -m venv /tmp/venv-ni && /tmp/venv-ni/bin/pip install -q .
    python benchmarks/bench_startup.py --exe /tmp/venv-ni/bin/cluesolver

Several ``--exe`` (e.g. installs of two commits, for a before/after table) are measured
side by side: each round runs every command of every program in turn.

Children run with Python's bytecode cache allowed (``PYTHONDONTWRITEBYTECODE`` removed
from their environment), as on a user's machine; ``--no-bytecode-cache`` keeps the
variable (then sources without a cached ``.pyc`` are compiled on every run).

Run:  python benchmarks/bench_startup.py [--runs 9] [--exe PATH ...] [--markdown] [--no-bytecode-cache]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = str(ROOT / "examples" / "classic-4p.clue")

#: (label, arguments) of each measured command.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--help", ("--help",)),
    ("replay classic-4p.clue", ("replay", EXAMPLE)),
    ("replay classic-4p.clue --json", ("replay", EXAMPLE, "--json")),
    ("rules search", ("rules", "search", "who pays when the dice tie")),
    ("las-vegas payout", ("las-vegas", "payout", "--casino", "Anna=5 Ben=3", "--money", "90,40")),
)


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float


def run_once(exe: str, args: tuple[str, ...], env: dict[str, str]) -> Run:
    """One process: wall time and its user+sys CPU time (seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [exe, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{exe} {' '.join(args)} exited {done.returncode}: {done.stderr.decode(errors='replace')[:300]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(wall, cpu)


def measure(exes: list[str], runs: int, env: dict[str, str]) -> dict[str, dict[str, list[Run]]]:
    """Per program, per command: ``runs`` measured runs (after one unmeasured warm-up each)."""
    results: dict[str, dict[str, list[Run]]] = {exe: {label: [] for label, _ in COMMANDS} for exe in exes}
    for exe in exes:  # warm the bytecode and file caches once
        for _, args in COMMANDS:
            run_once(exe, args, env)
    for _ in range(runs):
        for exe in exes:
            for label, args in COMMANDS:
                results[exe][label].append(run_once(exe, args, env))
    return results


def table(results: dict[str, dict[str, list[Run]]], markdown: bool) -> str:
    rows = [
        (
            exe,
            label,
            statistics.median(r.wall for r in runs),
            statistics.median(r.cpu for r in runs),
            min(r.cpu for r in runs),
        )
        for exe, by_label in results.items()
        for label, runs in by_label.items()
    ]
    if markdown:
        lines = [
            "| program | command | wall (median) | user+sys (median) | user+sys (best) |",
            "|---|---|---|---|---|",
        ]
        lines += [
            f"| {exe} | `{label}` | {wall:.3f} s | {cpu:.3f} s | {best:.3f} s |" for exe, label, wall, cpu, best in rows
        ]
        return "\n".join(lines)
    width = max(len(label) for _, label, *_ in rows)
    lines = [
        f"{exe:<40} {label:<{width}}  {wall:8.3f}s  {cpu:7.3f}s  {best:8.3f}s" for exe, label, wall, cpu, best in rows
    ]
    header = f"{'program':<40} {'command':<{width}}  wall(med)  cpu(med)  cpu(best)"
    return "\n".join([header, *lines])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="rounds (each runs every command once)")
    parser.add_argument("--exe", action="append", help="a cluesolver program (repeat to compare; default: the venv's)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--no-bytecode-cache", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if set")
    options = parser.parse_args()
    env = dict(os.environ)
    if not options.no_bytecode_cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    exes = options.exe or [str(Path(sys.executable).parent / "cluesolver")]
    load = os.getloadavg()[0]
    results = measure(exes, options.runs, env)
    print(f"median of {options.runs} runs; load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(table(results, options.markdown))


if __name__ == "__main__":
    main()
