"""Estimates held to exact answers on Master Detective spectator positions.

Each position (the names of ``bench_spectator.py``) is counted exactly by the DP (once;
this may take seconds) and then estimated with a relaxed programme of no constraint
(``max_seconds=0``), so that almost every draw is rejected and the Markov chains and
the product of shares do the work.  Prints, per position: the draws kept, the chains,
how many uncertain probabilities fell outside their bar, |error| / bar (median and
widest), and the estimated number of deals against the exact one.

Run:  python benchmarks/estimate_calibration.py md-10p-30s-2 md-8p-16s-1 ...
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(names: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    from cluesolver.clue import variants
    from cluesolver.clue.engine.covers import count_numpy as count
    from cluesolver.clue.engine.results import CountSettings
    from cluesolver.clue.record.constraints import puzzle_of
    from cluesolver.clue.record.simulate import random_log

    forced = CountSettings(method="estimate", max_seconds=0.0)
    for name in names:
        _, players, turns, _ = name.split("-")
        log, _ = random_log(
            variants.get("master-detective"),
            int(players[:-1]),
            int(turns[:-1]),
            random.Random(zlib.crc32(name.encode())),
            spectator=True,
        )
        puzzle = puzzle_of(log)
        truth = count(puzzle, "dp")
        t = time.process_time()
        got = count(puzzle, settings=forced)
        cpu = time.process_time() - t
        est = got.estimate
        assert est is not None
        ratios, outside = [], 0
        for h, row in truth.held.items():
            for c, n in row.items():
                assert (got.held[h][c] == got.deals) == (n == truth.deals), (h, c)  # certain facts exact
                assert (got.held[h][c] == 0) == (n == 0), (h, c)
                if 0 < n < truth.deals:
                    off = abs(got.probability(h, c) - n / truth.deals)
                    bar = got.error(h, c)
                    outside += off > bar
                    ratios.append(off / bar if bar else float("inf"))
        print(
            f"{name}: kept {est.accepted:,} of {est.samples:,} draws, {est.walks} chains, cpu {cpu:.2f} s; "
            f"{outside} of {len(ratios)} probabilities outside their bar, |error|/bar median "
            f"{statistics.median(ratios):.2f} widest {max(ratios):.2f}; deals {got.deals:,} ± {est.deals_error:.3g} "
            f"vs exact {truth.deals:,} ({(got.deals - truth.deals) / truth.deals:+.1%})",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
