"""Self-play benchmark: advisor-guided vs. baseline players in 4-player classic Clue.

Counts the tracked player's own suggestions until their notebook is certain of the
envelope, for both strategies on the same deals.  Bar: the advisor needs at least 25 %
fewer suggestions than the baseline.

    python benchmarks/selfplay.py            # 40 games each
    python benchmarks/selfplay.py --games 200 --players 4 --max-exact 48
"""

from __future__ import annotations

import argparse
import time

from cluesolver.selfplay import compare, summarise


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-exact", type=int, default=24, help="suggestions counted exactly per advisor call")
    ap.add_argument("--first-seed", type=int, default=1)
    args = ap.parse_args()
    start = time.perf_counter()
    results = compare(list(range(args.first_seed, args.first_seed + args.games)), args.players, args.max_exact)
    took = time.perf_counter() - start
    rows = {s.strategy: s for s in summarise(results)}
    print(f"classic Clue, {args.players} players, {args.games} games per strategy (seeds "
          f"{args.first_seed}..{args.first_seed + args.games - 1}), {took:.0f} s")
    print(f"{'strategy':<10} {'certain':>8} {'mean own suggestions':>21} {'median':>7}")
    for s in rows.values():
        print(f"{s.strategy:<10} {s.solved:>4}/{s.games:<3} {s.mean:>21.2f} {s.median:>7.1f}")
    base, adv = rows["baseline"], rows["advisor"]
    saving = 1 - adv.mean / base.mean
    paired = [(b.own_suggestions, a.own_suggestions) for b, a in zip(results[0::2], results[1::2])
              if b.own_suggestions is not None and a.own_suggestions is not None]
    better = sum(1 for b, a in paired if a < b)
    worse = sum(1 for b, a in paired if a > b)
    print(f"advisor / baseline = {adv.mean / base.mean:.2f}: {saving * 100:.0f}% fewer own suggestions "
          f"(bar: at least 25%) -> {'PASS' if saving >= 0.25 else 'FAIL'}")
    print(f"per game: advisor fewer in {better}, more in {worse}, equal in {len(paired) - better - worse}")


if __name__ == "__main__":
    main()
