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
  balanced measure);
* ``show`` — as ``careful``, the advisor seat also picks the card it shows as ``clue
  show?`` advises (the card that tells the suggester least) instead of at random;
* ``leak-0.2`` — as ``careful``, the advisor's leak-aware option at 0.2 (a pilot);
* ``hands-0.6``, ``hands-1.0`` — as ``careful``, the hands weight at 0.6 or 1.0 instead of
  0.3 (still shrinking with the envelope's uncertainty; pilots under the deduced count);
* ``danger-2`` — as ``careful``, the advisor's accusation timing counting each
  opponent's threat twice over (``hazard`` 2: an allowance for an opponent who becomes
  certain with their own next suggestion; a pilot, the table's timing since 2 December,
  so now the same as ``careful``); ``danger-3``, ``danger-4`` the same three and four
  times over; ``danger-1``: counting only opponents certain now (the table's timing
  before, which every ``careful`` row recorded before commit 1674a51 played, as did
  every other row but the ``danger-*`` and ``next-*`` ones);
* ``danger-next`` — as ``careful``, the accusation timing weighing each opponent's chance
  of naming the envelope by the end of their next turn: their next suggestion made as a
  careful player would and answered in each sampled deal
  (:func:`cluesolver.clue.advice.threat.next_turn_threats`; a pilot); ``next-2``,
  ``next-3``: that chance counted two or three times over (``hazard``), as measured
  games showed it short (opponents also learn from the turns before theirs);
* ``race`` — as ``careful``, late in the game (the best whole guess at least 10 %) the
  advisor plays, of the 10 best suggestions by the table's value, the one after whose
  answer the best whole guess is likeliest right (:class:`cluesolver.clue.advice.selfplay.Race`;
  a pilot); ``race-blend``: all game, the value plus 4 × that chance;
* ``quiet-5`` — as ``careful``, among the suggestions within 5 % of the best value, the
  one that tells a spectator least about the envelope
  (:class:`cluesolver.clue.advice.selfplay.Quiet`; a pilot).

``--until all`` plays every game on until every seat's notebook is certain (default: the
tracked seat's), so the opponents' own suggestions to certainty are known too: how much
the advisor seat's answers taught them.  Each row is also compared with the ``careful``
row on the same deals (paired: ± is one standard error of the per-deal difference).

Each deal appends one JSON line to ``--out`` as soon as it is played (so a long run can
be read while it goes on); ``report`` reads any number of such files::

    python benchmarks/selfplay.py run --first-seed 1 --deals 500 --rows careful,unseen --out a.jsonl
    python benchmarks/selfplay.py report a.jsonl b.jsonl
    python benchmarks/selfplay.py run --first-seed 2001 --deals 1000 --rows careful,show --until all --out c.jsonl
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
from cluesolver.clue.advice.selfplay import POLICIES, Advisor, GameResult, Policy, Quiet, Race, play_game
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
    "leak-0.2": {"leak_weight": 0.2},
    "hands-0.6": {"hands_weight": 0.6},
    "hands-1.0": {"hands_weight": 1.0},
}

#: Advisor variants in how it plays rather than in its settings (:class:`Advisor` options).
PLAYING: dict[str, dict[str, Any]] = {
    "danger-1": {"hazard": 1.0},
    "danger-2": {"hazard": 2.0},
    "danger-3": {"hazard": 3.0},
    "danger-4": {"hazard": 4.0},
    "race": {"pick": Race()},
    "race-blend": {"pick": Race(weight=4.0, start=0.0)},
    "danger-next": {"next_turn": True, "hazard": 1.0},
    "next-2": {"next_turn": True, "hazard": 2.0},
    "next-3": {"next_turn": True, "hazard": 3.0},
    "quiet-5": {"pick": Quiet(margin=0.05)},
}


#: Rows whose advisor seat shows the card ``clue show?`` advises (the others show at random).
SHOWING = {"show"}
ROWS = ("careful", "unseen", *VARIANTS, *sorted(SHOWING), *PLAYING)


def _advisor(row: str) -> Advisor:
    return Advisor(replace(SELFPLAY, **VARIANTS.get(row, {})), show_by_advice=row in SHOWING, **PLAYING.get(row, {}))


def run(first: int, deals: int, rows: list[str], out: Path, reveal: bool = False, until: str = "tracked") -> None:
    unknown = [r for r in rows if r not in ROWS]
    if unknown:
        raise SystemExit(f"unknown row {unknown[0]!r}: choose from {', '.join(ROWS)}")
    with out.open("a", encoding="utf-8") as f:
        for seed in range(first, first + deals):
            seat = seed % SEATS
            for row in rows:
                kind = "careful" if row in VARIANTS or row in SHOWING or row in PLAYING else row
                start = time.process_time()
                mixed: list[Policy] = [_advisor(row) if i == seat else POLICIES[kind]() for i in range(SEATS)]
                a = play_game(seed, mixed, track=seat, reveal=reveal, until=until)
                b = play_game(seed, [POLICIES[kind]() for _ in range(SEATS)], track=seat, reveal=reveal, until=until)
                line = {
                    "row": row,
                    "reveal": reveal,
                    "until": until,
                    "seed": seed,
                    "seat": seat,
                    "advisor": a.__dict__,
                    "baseline": b.__dict__,
                    "seconds": round(time.process_time() - start, 2),
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
    for row, reveal in itertools.product(ROWS, (False, True)):
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
    out.extend(_paired(lines))
    seconds = sum(x["seconds"] for x in lines)
    out.append(f"\n{len(lines)} deal-rows, {seconds / 60:.0f} CPU-minutes of play.")
    return "\n".join(out)


def _result(x: dict[str, Any]) -> GameResult:
    got = x["advisor"]
    certain = got.get("certain")
    return GameResult(
        **{**got, "policies": tuple(got["policies"]), "certain": None if certain is None else tuple(certain)}
    )


def _spread(diffs: Sequence[float]) -> float:
    return statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.nan


def _opponents(r: GameResult, seat: int) -> float | None:
    """The opponents' own suggestions to certainty (the mean over the other seats), when known."""
    if r.certain is None:
        return None
    got = [k for i, k in enumerate(r.certain) if i != seat]
    return None if any(k is None for k in got) else statistics.fmean(k for k in got if k is not None)


def _paired(lines: list[dict[str, Any]]) -> list[str]:
    """Every row against the ``careful`` row on the same deals: the advisor seat's wins and
    own suggestions to certainty, and the opponents' (games played ``--until all``)."""
    out: list[str] = []
    for row, reveal in itertools.product(ROWS[1:], (False, True)):
        ref = {x["seed"]: x for x in lines if x["row"] == "careful" and x.get("reveal", True) == reveal}
        got = {x["seed"]: x for x in lines if x["row"] == row and x.get("reveal", True) == reveal}
        seeds = sorted(set(ref) & set(got))
        if not seeds:
            continue
        if not out:
            out = [
                "",
                "Paired with the `careful` row on the same deals (the advisor seat showing at random, the "
                "table's ranking; ± one standard error of the per-deal difference):",
                "",
                "| row | deals | advisor seat wins: row − careful (points) | own suggestions to certainty: "
                "row − careful | opponents' own suggestions to certainty: row / careful (more) |",
                "|---|---|---|---|---|",
            ]
        pairs = [(_result(got[s]), _result(ref[s]), got[s]["seat"]) for s in seeds]
        wins = [float(a.winner == k) - float(b.winner == k) for a, b, k in pairs]
        own = [
            float(a.to_certainty - b.to_certainty)
            for a, b, _ in pairs
            if a.to_certainty is not None and b.to_certainty is not None
        ]
        opp = [
            (x, y) for a, b, k in pairs if (x := _opponents(a, k)) is not None and (y := _opponents(b, k)) is not None
        ]
        opp_text = "not recorded (run with `--until all`)"
        if opp:
            more = [x - y for x, y in opp]
            ref_mean = statistics.fmean(y for _, y in opp)
            opp_text = (
                f"{statistics.fmean(x for x, _ in opp):.2f} / {ref_mean:.2f} "
                f"({statistics.fmean(more):+.3f} ± {_spread(more):.3f}, "
                f"{statistics.fmean(more) / ref_mean * 100:+.1f}% ± {_spread(more) / ref_mean * 100:.1f}, "
                f"over {len(opp)} deals)"
            )
        out.append(
            f"| {row}{REVEALED if reveal else ''} | {len(seeds)} | {statistics.fmean(wins) * 100:+.1f} ± "
            f"{_spread(wins) * 100:.1f} | {statistics.fmean(own):+.3f} ± {_spread(own):.3f} | {opp_text} |"
        )
    return out


class _Watched(Advisor):
    """The table's advisor, noting at every accusation check (after its suggestion) the
    chance of its best guess, the chance after its next suggestion, the danger as the
    table counts it (opponents certain now) and counting their next turn
    (:func:`cluesolver.clue.advice.threat.next_turn_threats`), and its decision."""

    def __init__(self) -> None:
        super().__init__(SELFPLAY)
        self.checks: list[dict[str, Any]] = []

    def accuse(self, seat: Any) -> tuple[str, ...] | None:
        from cluesolver.clue.advice.accuse import accusation
        from cluesolver.clue.advice.selfplay import _best_share, _next_turn_threats
        from cluesolver.clue.advice.timing import FLOOR, danger_of, turns_until
        from cluesolver.clue.record.turns import eliminated

        if not seat.certain and _best_share(seat) >= FLOOR:
            advice = accusation(seat.log, player=seat.name, settings=self.settings, plan=True)
            when = advice.timing
            if when is not None:
                ahead = turns_until(seat.log.players, seat.name, set(eliminated(seat.log)))
                following = danger_of(_next_turn_threats(seat, self.settings), ahead)
                turn = seat.log.events[-1].line - 1  # the seat's own suggestion is the last event
                self.checks.append(
                    {
                        "turn": turn,
                        "ahead": len(ahead),
                        "p": when.probability,
                        "after": when.after_next,
                        "now": when.danger,
                        "next": following,
                        "decision": advice.decision,
                    }
                )
        return super().accuse(seat)


def calibrate(first: int, deals: int, out: Path) -> None:
    """Play the ``careful`` row's advisor games and append every accusation check (see
    :class:`_Watched`) with whether an opponent won before the seat's next turn."""
    with out.open("a", encoding="utf-8") as f:
        for seed in range(first, first + deals):
            seat = seed % SEATS
            watched = _Watched()
            seats: list[Policy] = [watched if i == seat else POLICIES["careful"]() for i in range(SEATS)]
            r = play_game(seed, seats, track=seat)
            for c in watched.checks:
                lost = r.winner is not None and r.winner != seat and r.turns <= c["turn"] + c["ahead"] + 1
                f.write(json.dumps({"seed": seed, **c, "lost_before_next_turn": lost}) + "\n")


def calibration(paths: list[Path]) -> str:
    """The danger predicted at the advisor's accusation checks against what happened."""
    checks = [json.loads(x) for p in paths for x in _read(p) if x.strip()]
    out = [
        f"{len(checks)} accusation checks over {len({c['seed'] for c in checks})} deals; an opponent won "
        f"before the seat's next turn after {statistics.fmean(c['lost_before_next_turn'] for c in checks):.1%} "
        f"of them; predicted: {statistics.fmean(c['now'] for c in checks):.1%} (opponents certain now), "
        f"{statistics.fmean(c['next'] for c in checks):.1%} (by the end of their next turn).",
        "",
        "| predicted danger | counting | checks | mean predicted | happened |",
        "|---|---|---|---|---|",
    ]
    for key, name in (("now", "opponents certain now (the table's)"), ("next", "by the end of their next turn")):
        for lo, hi in ((0.0, 0.02), (0.02, 0.1), (0.1, 0.3), (0.3, 1.01)):
            got = [c for c in checks if lo <= c[key] < hi]
            if got:
                out.append(
                    f"| {lo:.2f}..{min(hi, 1.0):.2f} | {name} | {len(got)} | "
                    f"{statistics.fmean(c[key] for c in got):.3f} | "
                    f"{statistics.fmean(c['lost_before_next_turn'] for c in got):.3f} |"
                )
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
    r.add_argument(
        "--until",
        choices=("tracked", "all"),
        default="tracked",
        help="after the win, play on until the advisor's seat is certain (tracked) or every seat is (all: the "
        "opponents' own suggestions to certainty are then known too)",
    )
    r.add_argument("--out", type=Path, required=True)
    rep = sub.add_parser("report", help="the table from result files")
    rep.add_argument("files", type=Path, nargs="+")
    cal = sub.add_parser("calibrate", help="the advisor's accusation checks: danger predicted and what happened")
    cal.add_argument("--first-seed", type=int, default=2001)
    cal.add_argument("--deals", type=int, default=20)
    cal.add_argument("--out", type=Path, required=True)
    shown = sub.add_parser("calibration", help="the table from calibrate's files")
    shown.add_argument("files", type=Path, nargs="+")
    args = ap.parse_args()
    if args.cmd == "run":
        run(args.first_seed, args.deals, args.rows.split(","), args.out, args.reveal, args.until)
    elif args.cmd == "calibrate":
        calibrate(args.first_seed, args.deals, args.out)
    elif args.cmd == "calibration":
        print(calibration(args.files))
    else:
        print(report(args.files))


if __name__ == "__main__":
    main()
