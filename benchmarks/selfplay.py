"""Self-play benchmark: advisor-guided vs. baseline players in 4-player classic Clue.

Counts each player's own suggestions until their notebook is certain of the envelope.
Every comparison plays the same deals with both strategies.  Bar: advisor-guided players
need at least 25 % fewer own suggestions than the baseline.

* table:    all four seats advisor-guided vs. all four baseline (mean over the seats);
* one seat: seat 1 advisor-guided among three baseline players vs. seat 1 baseline
            among the same (seat 1's figure);
* random others: seat 1 advisor or baseline while the other seats name random cards.

    python benchmarks/selfplay.py                 # 40 deals per comparison
    python benchmarks/selfplay.py --games 100 --only table
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from cluesolver.clue.selfplay import advisor_strategy, baseline, compare, play_table


def _row(name: str, base: Sequence[float], adv: Sequence[float], took: float) -> str:
    """Means (medians in brackets), the share fewer, and the standard error of that share
    from the paired per-game differences (the same deal under both strategies)."""
    b, a = statistics.fmean(base), statistics.fmean(adv)
    diffs = [x - y for x, y in zip(base, adv)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 / b * 100 if len(diffs) > 1 else float("nan")
    verdict = "PASS" if 1 - a / b >= 0.25 else "FAIL"
    cb, ca = f"{b:.2f} ({statistics.median(base):g})", f"{a:.2f} ({statistics.median(adv):g})"
    return (
        f"{name:<14} {cb:>11} {ca:>11} {a / b:>6.2f} {(1 - a / b) * 100:>5.0f}% ±{se:<3.0f} "
        f"{verdict:<5} {len(base):>5} {took:>6.0f}s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="deals per comparison")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--only", choices=["table", "one-seat", "random-others"], default=None)
    args = ap.parse_args()
    seeds = list(range(args.first_seed, args.first_seed + args.games))
    adv = advisor_strategy()
    print(f"classic Clue, 4 players, seeds {seeds[0]}..{seeds[-1]}; mean own suggestions until certain")
    print("(median in brackets; ± is the standard error of 'fewer' over the paired deals)")
    print(
        f"{'comparison':<14} {'baseline':>11} {'advisor':>11} {'ratio':>6} {'fewer':>11} {'bar':<5} "
        f"{'n':>5} {'time':>7}"
    )
    unsolved = 0
    if args.only in (None, "table"):
        start = time.perf_counter()
        base, best = [], []
        for s in seeds:
            b, a = play_table("baseline", baseline, s), play_table("advisor", adv, s)
            for x, y in zip(b.own_suggestions, a.own_suggestions):
                if x is None or y is None:
                    unsolved += 1
                    continue
                base.append(x)
                best.append(y)
        print(_row("table", base, best, time.perf_counter() - start), flush=True)
    if args.only in (None, "one-seat"):
        start = time.perf_counter()
        base, best = [], []
        for s in seeds:
            b = play_table("baseline", baseline, s)
            a = play_table("one seat", [adv, baseline, baseline, baseline], s)
            if b.own_suggestions[0] is None or a.own_suggestions[0] is None:
                unsolved += 1
                continue
            base.append(b.own_suggestions[0])
            best.append(a.own_suggestions[0])
        print(_row("one seat", base, best, time.perf_counter() - start), flush=True)
    if args.only in (None, "random-others"):
        start = time.perf_counter()
        results = compare(seeds, 4)
        pairs = [(b.own_suggestions, a.own_suggestions) for b, a in zip(results[0::2], results[1::2])]
        kept = [(b, a) for b, a in pairs if b is not None and a is not None]
        unsolved += len(pairs) - len(kept)
        print(
            _row("random others", [b for b, _ in kept], [a for _, a in kept], time.perf_counter() - start), flush=True
        )
    if unsolved:
        print(f"({unsolved} seat-games did not reach certainty within the turn limit and are left out)")


if __name__ == "__main__":
    main()
