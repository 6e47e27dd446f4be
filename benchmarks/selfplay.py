"""Whole-game self-play: one advisor seat among baseline seats, 4-player classic Clue.

For every deal the advisor sits at seat ``seed % 4`` (seats rotate over the deals) among
three baseline players; the same deal is also played with the baseline in that seat, so
each figure has a like-for-like comparison.  Every seat keeps an exact notebook; a wrong
accusation puts a seat out (see :mod:`cluesolver.clue.advice.selfplay`).  Own suggestions to
certainty count what the seat deduced: after a win the play goes on, and the winning
accusation is not shown to the other notebooks (``--reveal`` shows it: the count before
it was fixed, which stopped every seat's count as soon as anyone won).

Rows (``--rows``):

* ``careful`` — baseline seats suggest uniformly among the cards whose place their
  notebook does not know yet and accuse when certain; the advisor seat plays exactly what
  ``clue next`` ranks first and accuses as ``clue accuse?`` advises (the table's settings);
* ``unseen`` — the older baseline: cards not in their hand and never shown to them;
* ``leak`` — as ``careful``, with the advisor's leak-aware option on;
* ``hands-fixed`` — as ``careful``, the hands weight kept at 0.3 all game;
* ``entropy-sum`` — as ``careful``, the advisor ranking by the plain sum of the
  categories' entropies (norm 1, no worth per ruled-out card: the ranking before the
  balanced measure).

Each deal appends one JSON line to ``--out`` as soon as it is played (so a long run can
be read while it goes on); ``report`` reads any number of such files::

    python benchmarks/selfplay.py run --first-seed 1 --deals 500 --rows careful,unseen --out a.jsonl
    python benchmarks/selfplay.py report a.jsonl b.jsonl
    python benchmarks/selfplay.py report benchmarks/results/selfplay-issue14.jsonl.gz
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import replace

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as the command sets it (cluesolver.cli), before numpy loads
from pathlib import Path
from typing import Any

import cluesolver.clue  # noqa: F401  (sets the BLAS threads before numpy loads)
from cluesolver.clue.advice.selfplay import POLICIES, Advisor, GameResult, Policy, play_game
from cluesolver.clue.advice.suggestions import DEFAULTS

#: The advisor as self-play runs it: the table's own settings (what ``clue next`` and
#: ``clue accuse?`` use), so the measured seat plays what the commands recommend.
SELFPLAY = DEFAULTS
SEATS = 4


#: Advisor variants measured against the careful baseline.
VARIANTS: dict[str, dict[str, Any]] = {
    "leak": {"leak_weight": 0.5},
    "hands-fixed": {"hands_decay": False},
    "entropy-sum": {"norm": 1.0, "open_weight": 0.0},
}


def _advisor(row: str) -> Advisor:
    return Advisor(replace(SELFPLAY, **VARIANTS.get(row, {})))


def run(first: int, deals: int, rows: list[str], out: Path, reveal: bool = False) -> None:
    with out.open("a", encoding="utf-8") as f:
        for seed in range(first, first + deals):
            seat = seed % SEATS
            for row in rows:
                kind = "careful" if row in VARIANTS else row
                start = time.perf_counter()
                mixed: list[Policy] = [_advisor(row) if i == seat else POLICIES[kind]() for i in range(SEATS)]
                a = play_game(seed, mixed, track=seat, reveal=reveal)
                b = play_game(seed, [POLICIES[kind]() for _ in range(SEATS)], track=seat, reveal=reveal)
                line = {
                    "row": row,
                    "reveal": reveal,
                    "seed": seed,
                    "seat": seat,
                    "advisor": a.__dict__,
                    "baseline": b.__dict__,
                    "seconds": round(time.perf_counter() - start, 2),
                }
                f.write(json.dumps(line) + "\n")
                f.flush()


#: How the report marks rows counted with the winning accusation shown to every notebook.
REVEALED = " (winner's accusation shown)"


def _share(hits: Sequence[bool]) -> str:
    n = len(hits)
    p = sum(hits) / n
    return f"{p * 100:5.1f}% ± {math.sqrt(p * (1 - p) / n) * 100:.1f}"


def _read(path: Path) -> list[str]:
    if path.suffix == ".gz":
        import gzip

        return gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()
    return path.read_text(encoding="utf-8").splitlines()


def report(paths: list[Path]) -> str:
    lines = [json.loads(x) for p in paths for x in _read(p) if x.strip()]
    out = [
        "| baseline seats | deals | advisor seat wins | same seat as baseline wins | own suggestions to "
        "certainty: advisor / baseline (fewer) | wrong accusations per game: advisor / baseline |",
        "|---|---|---|---|---|---|",
    ]
    for row, reveal in itertools.product(("careful", "unseen", *VARIANTS), (False, True)):
        # files written before the count was fixed showed the winning accusation to every seat
        got = [x for x in lines if x["row"] == row and x.get("reveal", True) == reveal]
        if not got:
            continue
        seat = [x["seat"] for x in got]
        adv = [GameResult(**{**x["advisor"], "policies": tuple(x["advisor"]["policies"])}) for x in got]
        base = [GameResult(**{**x["baseline"], "policies": tuple(x["baseline"]["policies"])}) for x in got]
        win_a = [r.winner == s for r, s in zip(adv, seat)]
        win_b = [r.winner == s for r, s in zip(base, seat)]
        pairs = [
            (b.to_certainty, a.to_certainty)
            for a, b in zip(adv, base)
            if a.to_certainty is not None and b.to_certainty is not None
        ]
        mb = statistics.fmean(b for b, _ in pairs)
        ma = statistics.fmean(a for _, a in pairs)
        diffs = [b - a for b, a in pairs]
        se = statistics.stdev(diffs) / math.sqrt(len(diffs)) / mb * 100 if len(diffs) > 1 else math.nan
        wrong_a = statistics.fmean(r.wrong[s] for r, s in zip(adv, seat))
        wrong_b = statistics.fmean(r.wrong[s] for r, s in zip(base, seat))
        out.append(
            f"| {row}{REVEALED if reveal else ''} | {len(got)} | {_share(win_a)} | {_share(win_b)} | "
            f"{ma:.2f} / {mb:.2f} ({(1 - ma / mb) * 100:.1f}% ± {se:.1f}) | {wrong_a:.3f} / {wrong_b:.3f} |"
        )
    seconds = sum(x["seconds"] for x in lines)
    out.append(f"\n{len(lines)} deal-rows, {seconds / 60:.0f} CPU-minutes of play.")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play deals and append results")
    r.add_argument("--first-seed", type=int, default=1)
    r.add_argument("--deals", type=int, default=20)
    r.add_argument("--rows", default="careful,unseen")
    r.add_argument(
        "--reveal",
        action="store_true",
        help="show the winning accusation to every notebook (the count before it was fixed: a seat is then "
        "certain as soon as anyone wins)",
    )
    r.add_argument("--out", type=Path, required=True)
    rep = sub.add_parser("report", help="the table from result files")
    rep.add_argument("files", type=Path, nargs="+")
    args = ap.parse_args()
    if args.cmd == "run":
        run(args.first_seed, args.deals, args.rows.split(","), args.out, args.reveal)
    else:
        print(report(args.files))


if __name__ == "__main__":
    main()
