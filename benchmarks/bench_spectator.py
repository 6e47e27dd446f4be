"""Spectator logs on Master Detective: wall time and peak memory of one count per process.

Positions are honest simulated games (``cluesolver.clue.record.simulate.random_log``, fixed
seeds, no notebook owner): for each player count, suggestion counts 8-30, three seeds
each.  Each position is counted in a fresh process under ``/usr/bin/time -v`` so the
figure includes start-up and the true peak resident set size; the table prints medians.

``--tree DIR`` runs the children on another checkout (e.g. the previous engine, from
``git archive <commit> | tar -x -C DIR``), for the A/B table in docs/clue-engine.md.
Children of an old tree are capped (``--cap-gb`` address space, ``--timeout`` seconds)
so that the machine never runs out of memory; a capped run prints as such.

Run:  python benchmarks/bench_spectator.py [--players 8 10] [--runs 3] [--tree DIR] [--json OUT]
      python benchmarks/bench_spectator.py --compare OLD.json NEW.json   (the A/B table)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TURNS = (8, 12, 16, 20, 24, 30)
SEEDS = (1, 2, 3)


def positions(players: list[int]) -> Iterator[tuple[str, str]]:
    """(name, log text) for every benchmark position."""
    sys.path.insert(0, str(ROOT))
    from cluesolver.clue import variants
    from cluesolver.clue.record.simulate import random_log
    from cluesolver.clue.record.writer import format_log

    for n in players:
        for turns in TURNS:
            for seed in SEEDS:
                name = f"md-{n}p-{turns}s-{seed}"
                rng = random.Random(zlib.crc32(name.encode()))
                log, _ = random_log(variants.get("master-detective"), n, turns, rng, spectator=True)
                yield name, format_log(log)


CHILD = """
import json, sys, time
from pathlib import Path
from cluesolver.clue.record.constraints import puzzle_of
from cluesolver.clue.engine.covers import count
from cluesolver.clue.record.events import read_log
t = time.perf_counter()
c = count(puzzle_of(read_log(Path(sys.argv[1]))))
out = {"deals": c.deals, "seconds": time.perf_counter() - t}
out["exact"] = getattr(c, "exact", True)
e = getattr(c, "estimate", None)
if e is not None:
    bars = sorted(b for row in e.error.values() for b in row.values() if b > 0) or [0.0]
    out["accepted"], out["samples"], out["walks"] = e.accepted, e.samples, getattr(e, "walks", 0)
    out["bar_median"], out["bar_max"] = bars[len(bars) // 2], bars[-1]
    out["effective"] = getattr(e, "effective", None)  # older engines did not say
    out["deals_error"] = e.deals_error
print(json.dumps(out))
"""


def run_one(path: Path, tree: Path, timeout: float, cap_gb: float) -> dict[str, object]:
    def limit() -> None:
        cap = int(cap_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    env = dict(os.environ, PYTHONPATH=str(tree), OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    cmd = ["/usr/bin/time", "-v", sys.executable, "-c", CHILD, str(path)]
    try:
        proc = subprocess.run(
            cmd,
            check=False,
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            preexec_fn=limit,
            cwd=tree,  # python -c puts the working folder first on the path
        )
    except subprocess.TimeoutExpired:
        return {"status": f">{timeout:.0f} s"}
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", proc.stderr)
    out: dict[str, object] = {}
    cpu = re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", proc.stderr)
    if cpu:
        out["cpu"] = sum(float(x) for x in cpu)
    if rss:
        out["rss_mb"] = int(rss.group(1)) / 1024
    if wall:
        h, m, s = wall.groups()
        out["wall"] = int(h or 0) * 3600 + int(m) * 60 + float(s)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["?"])[0]
        out["status"] = "MemoryError (cap)" if "MemoryError" in proc.stderr else f"exit {proc.returncode}: {last[:60]}"
        return out
    out.update(json.loads(proc.stdout.strip().splitlines()[-1]))
    out["status"] = "exact" if out.get("exact", True) else "estimate"
    return out


def compare(old: Path, new: Path) -> None:
    """A markdown A/B table of two ``--json`` runs (previous engine vs this one)."""
    before = {r["position"]: r for r in json.loads(old.read_text(encoding="utf-8"))}
    after = {r["position"]: r for r in json.loads(new.read_text(encoding="utf-8"))}

    def cell(r: dict[str, object] | None) -> str:
        if r is None:
            return "-"
        if r.get("wall") is None:
            return str(r["status"])
        mark = "exact" if r["status"] == "exact" else "**estimate**"
        cpu = f" (cpu {float(str(r['cpu'])):.1f} s)" if r.get("cpu") is not None else ""
        return f"{mark}: {float(str(r['wall'])):.1f} s{cpu}, {float(str(r['rss_mb'])):.0f} MB"

    def draws(r: dict[str, object] | None) -> str:
        """Kept draws (and the chains' effective sample size), median / widest bar, estimated deals."""
        last = (r or {}).get("runs") or [{}]
        e = last[-1] if isinstance(last, list) else {}
        if not isinstance(e, dict) or "accepted" not in e:
            return ""
        kept = f"{e['accepted']:,}"
        if e.get("walks"):
            kept += f" + {e['walks']} chains" + (f" (ESS {float(e['effective']):,.0f})" if e.get("effective") else "")
        deals = f"; deals {float(e['deals']):.3g} ± {float(e['deals_error']):.2g}" if "deals_error" in e else ""
        return f"{kept}; ±{float(e['bar_median']):.3f} / ±{float(e['bar_max']):.3f}{deals}"

    print(
        "| position | previous engine | draws kept; bar median / widest; deals "
        "| this engine | draws kept; bar median / widest; deals | exact deals |"
    )
    print("|---|---|---|---|---|---|")
    for name, r in after.items():
        b = before.get(name)
        truth = next((x.get("deals") for x in (b, r) if x and x.get("status") == "exact"), "")
        print(f"| {name} | {cell(b)} | {draws(b)} | {cell(r)} | {draws(r)} | {truth} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--compare", type=Path, nargs=2, metavar=("OLD", "NEW"), help="print an A/B table of two --json runs"
    )
    ap.add_argument("--players", type=int, nargs="+", default=[8, 10])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--tree", type=Path, default=ROOT, help="checkout whose engine the children run")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--cap-gb", type=float, default=8.0, help="address-space cap of each child")
    ap.add_argument("--only", help="run only positions whose name contains this")
    ap.add_argument("--json", type=Path, help="also write every run here")
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    rows = []
    print(f"{'position':18} {'deals':>34} {'status':>18} {'wall s':>8} {'cpu s':>8} {'max RSS MB':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in positions(args.players):
            if args.only and args.only not in name:
                continue
            path = Path(tmp) / f"{name}.clue"
            path.write_text(text, encoding="utf-8")
            runs = []
            for _ in range(args.runs):
                r = run_one(path, args.tree, args.timeout, args.cap_gb)
                runs.append(r)
                if r.get("status") not in ("exact", "estimate"):
                    break  # a failed or capped run is not repeated
            ok = [r for r in runs if "wall" in r and r.get("status") in ("exact", "estimate")]
            wall = statistics.median(float(str(r["wall"])) for r in ok) if ok else None
            rss = statistics.median(float(str(r["rss_mb"])) for r in ok) if ok else None
            cpu = statistics.median(float(str(r.get("cpu", 0.0))) for r in ok) if ok else None
            status = str(runs[-1].get("status"))
            deals = runs[-1].get("deals", "")
            rows.append(
                {
                    "position": name,
                    "status": status,
                    "wall": wall,
                    "cpu": cpu,
                    "rss_mb": rss,
                    "deals": deals,
                    "runs": runs,
                }
            )
            ws = f"{wall:8.2f}" if wall is not None else f"{'-':>8}"
            rs = f"{rss:10.0f}" if rss is not None else f"{'-':>10}"
            cs = f"{cpu:8.2f}" if cpu is not None else f"{'-':>8}"
            print(f"{name:18} {deals!s:>34} {status:>18} {ws} {cs} {rs}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
