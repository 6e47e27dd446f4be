"""Answers past the exact budget: certain facts exactly, probabilities with error bars.

Used by :func:`cluesolver.clue.count.count` only when both exact methods would exceed
their planned memory or time (``CountSettings.max_bytes`` / ``max_seconds``).

1. **A relaxed programme.**  The card-by-card programme of :mod:`count_dp` on floats,
   keeping every hand size and as many "at least one" constraints as fit a fraction of
   the budget (those open longest in the planned order are left out first).
2. **Uniform draws.**  Each card goes to a holder with probability proportional to the
   ways to finish the deal from there, which draws deals uniformly from the relaxed
   set.  A draw that breaks a left-out constraint or a wrong accusation is rejected; the
   accepted ones are uniform, independent draws from the deals consistent with the log.
   A probability is the share of accepted draws; its error bar is the half-width of a
   Wilson interval of ``z`` standard errors (``CountSettings.z``, 4 by default, so that
   all bars of a position hold together with high confidence).  The number of deals is
   the relaxed count times the acceptance rate, with the same kind of bar.
3. **Certain facts, exactly.**  Propagation's facts are certain.  Every other (card,
   holder) pair no accepted draw showed is decided by CP-SAT: impossible (probability 0,
   error 0), or possible (the solver's deal is a witness).  A card whose every other
   holder is impossible is certainly where it is.  So "certain" never rests on sampling.

The draws use a fixed seed: the same log gives the same answer on every run.
"""

from __future__ import annotations

import math
import time

import numpy as np

from cluesolver.clue.count_dp import DealDP
from cluesolver.clue.counts import Counts, CountSettings, Estimate
from cluesolver.clue.deal_state import DealState, deal_bound

#: Measured throughput of the programmes (element operations per second, this machine).
DP_RATE = 5e7
#: Share of the time budget the relaxed programme may take (the draws take the rest).
RELAXED_SHARE = 1.0


def wilson(successes: int, n: int, z: float) -> tuple[float, float]:
    """The Wilson score interval of ``z`` standard errors for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _relaxed(st: DealState, settings: CountSettings) -> DealDP:
    """The programme with the constraints that fit the sampling budget."""
    kept = list(st.at_least)
    work = settings.max_seconds * DP_RATE * RELAXED_SHARE
    while True:
        dp = DealDP(st, constraints=kept, polish=False)
        # the relaxed programme runs one float backward pass: a sixth of an exact run
        if (dp.nbytes() <= settings.max_bytes and dp.cost() / (6 * dp.passes()) <= work) or not kept:
            return dp
        pos = {c: i for i, c in enumerate(dp.cards)}
        span = sorted(kept, key=lambda g: -(max(pos[c] for c in g[1]) - min(pos[c] for c in g[1])))
        drop = set(span[: max(1, len(kept) // 3)])
        kept = [g for g in kept if g not in drop]


class _Oracle:
    """CP-SAT over the deal state: may card ``c`` go to holder ``h``?"""

    def __init__(self, st: DealState) -> None:
        from ortools.sat.python import cp_model

        self.cp_model = cp_model
        free = st.free()
        m = cp_model.CpModel()
        self.x = {}
        for c in st.unknown():
            for h in range(st.n_holders):
                if st.allowed[c, h] and free[h] > 0:
                    self.x[c, h] = m.new_bool_var(f"x{c}_{h}")
        for c in st.unknown():
            m.add_exactly_one([v for (cc, _), v in self.x.items() if cc == c])
        for h in range(st.n_holders):
            if free[h] > 0:
                m.add(sum(v for (_, hh), v in self.x.items() if hh == h) == free[h])
        for h, cs in st.at_least:
            m.add_bool_or([self.x[c, h] for c in cs if (c, h) in self.x])
        for rest in st.not_env:
            m.add(sum(self.x[c, st.env_holder(c)] for c in rest) <= len(rest) - 1)
        self.model = m

    def _solve(self, want: list[tuple[int, int]]) -> set[tuple[int, int]] | None:
        """A consistent deal using at least one pair of ``want`` (as its pairs), or None if none exists."""
        for greedy, seconds in ((True, 0.3), (False, 30.0)):
            m = self.model.clone()
            if want:
                m.add(sum(self.x[p] for p in want) >= 1)
                if greedy:  # a witness for many undecided pairs at once, if found quickly
                    m.maximize(sum(self.x[p] for p in want))
            solver = self.cp_model.CpSolver()
            solver.parameters.num_workers = 1
            solver.parameters.max_time_in_seconds = seconds
            status = solver.solve(m)
            if status in (self.cp_model.OPTIMAL, self.cp_model.FEASIBLE):
                return {key for key, v in self.x.items() if solver.value(v)}
            if status == self.cp_model.INFEASIBLE:
                return None
        raise TimeoutError("CP-SAT could not decide the certain facts")

    def impossible(self, seen: set[tuple[int, int]]) -> set[tuple[int, int]] | None:
        """The pairs no consistent deal has (None: no consistent deal at all).

        Pairs in ``seen`` are known possible.  Each solve asks for a deal using as many of
        the undecided pairs as it can; when none can be used, all of them are impossible.
        """
        possible = set(seen)
        if not possible:
            found = self._solve([])
            if found is None:
                return None
            possible |= found
        while True:
            open_pairs = [p for p in self.x if p not in possible]
            if not open_pairs:
                return set()
            found = self._solve(open_pairs)
            if found is None:
                return set(open_pairs)
            possible |= found


def estimate(st: DealState, settings: CountSettings, reason: str) -> Counts:
    """Certain facts exactly and sampled probabilities with error bars (see the module)."""
    table = st.table
    zero = {h: dict.fromkeys(table.cards, 0) for h in table.holders}
    dp = _relaxed(st, settings)
    unknown = st.unknown()
    hist = np.zeros((len(st.fixed), st.n_holders), dtype=np.int64)
    drawn = accepted = 0
    relaxed = 0.0
    # hand sizes alone past the memory budget (huge user editions): no draws, facts only
    room = dp.nbytes() <= settings.max_bytes
    if room:
        backs, log_scale = dp.completions()
        top = float(backs[0][()])
        if top <= 0:  # even the relaxed problem has no deal
            return Counts(table, 0, zero)
        relaxed = top * 2.0**log_scale
    dropped = [g for g in st.at_least if g not in dp.constraints]
    rng = np.random.default_rng(settings.seed)
    start = time.perf_counter()
    batch = 2000
    while room and drawn < settings.max_samples:
        n = min(batch, settings.max_samples - drawn)
        owner = dp.draw(backs, n, rng)
        ok = np.ones(n, dtype=bool)
        for h, cs in dropped:
            ok &= np.logical_or.reduce([owner[:, c] == h for c in cs])
        for rest in st.not_env:
            ok &= ~np.logical_and.reduce([owner[:, c] == st.env_holder(c) for c in rest])
        good = owner[ok]
        for c in unknown:
            hist[c] += np.bincount(good[:, c], minlength=st.n_holders)
        drawn += n
        accepted += int(ok.sum())
        if time.perf_counter() - start > settings.sample_seconds:
            break
        batch = min(batch * 2, 16_000)

    # certain facts: decided exactly, never by sampling
    seen = {(c, h) for c in unknown for h in range(st.n_holders) if hist[c, h] > 0}
    found = _Oracle(st).impossible(seen)
    if found is None:
        return Counts(table, 0, zero)
    impossible = found
    free = st.free()
    allowed = {(c, h) for c in unknown for h in range(st.n_holders) if st.allowed[c, h] and free[h] > 0}

    lo, hi = wilson(accepted, drawn, settings.z)
    rate = accepted / drawn if drawn else 0.0
    if not room:
        relaxed = float(deal_bound(st))
    if accepted == 0:  # nothing to go on but the interval: report its centre
        rate = (lo + hi) / 2
    deals = max(2, round(relaxed * rate))
    deals_error = relaxed * max(hi - rate, rate - lo)
    held = {h: dict.fromkeys(table.cards, 0) for h in table.holders}
    error = {h: dict.fromkeys(table.cards, 0.0) for h in table.holders}
    for c, card in enumerate(table.cards):
        if st.fixed[c] != -1:
            held[st.holder_name(st.fixed[c])][card] = deals
            continue
        live = [h for h in range(st.n_holders) if (c, h) in allowed and (c, h) not in impossible]
        for h in live:
            name = st.holder_name(h)
            if len(live) == 1:
                held[name][card] = deals
                continue
            k = int(hist[c, h])
            p = k / accepted if accepted else 1 / len(live)
            a, b = wilson(k, accepted, settings.z)
            held[name][card] = min(max(round(p * deals), 1), deals - 1)
            error[name][card] = max(b - p, p - a)
    est = Estimate(reason, drawn, accepted, settings.z, deals_error, error)
    return Counts(table, deals, held, est)
