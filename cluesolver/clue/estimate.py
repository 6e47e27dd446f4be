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

import numpy as np

from cluesolver.clue.count_dp import DealDP
from cluesolver.clue.counts import Counts, CountSettings, Estimate
from cluesolver.clue.deal_state import DealState, deal_bound

#: Measured throughput of the programmes (element operations per second, this machine).
DP_RATE = 7e7
#: Planned work per second of the draws and of the walks (element operations, measured):
#: how many draws and walk steps fit ``sample_seconds`` / ``walk_seconds``.  The counts
#: follow from the plan, not from a clock, so an answer is the same on every run.
DRAW_RATE = 6e8
WALK_RATE = 4e7
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


def _betai(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (continued fraction)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _betai(b, a, 1.0 - x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 300):
        for num in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-12:
            break
    return front * f / a


def t_quantile(z: float, dof: int) -> float:
    """The Student t value with the same two-sided tail as ``z`` standard normal errors."""
    tail = math.erfc(z / math.sqrt(2))
    lo, hi = 0.0, 1e7
    for _ in range(200):
        mid = (lo + hi) / 2
        if _betai(dof / 2, 0.5, dof / (dof + mid * mid)) > tail:
            lo = mid
        else:
            hi = mid
    return hi


def _walk(
    st: DealState, seeds: np.ndarray, chains: int, max_steps: int, rng: np.random.Generator
) -> tuple[np.ndarray, int, int]:
    """Swap walks started from exact uniform draws: per seed, how often each card sat with each holder.

    ``chains`` walks per seed; each step proposes to swap the holders of two random
    unknown cards and accepts when the deal stays consistent (symmetric proposal,
    uniform target), so every state of every walk is itself a uniform draw.  Walks
    from one seed are one replicate; replicates are independent.
    """
    unknown = np.array(st.unknown(), dtype=np.int64)
    n_seeds, n_cards = seeds.shape
    owner = np.repeat(seeds.astype(np.int64), chains, axis=0)
    n = owner.shape[0]
    rows = np.arange(n)
    group = rows // chains
    allowed = st.allowed
    mem = np.zeros((len(st.at_least), n_cards), dtype=np.int64)
    hg = np.array([h for h, _ in st.at_least], dtype=np.int64)
    for g, (_, cs) in enumerate(st.at_least):
        mem[g, list(cs)] = 1
    env_of = np.array([st.env_holder(c) for c in range(n_cards)], dtype=np.int64)
    mem_e = np.zeros((len(st.not_env), n_cards), dtype=np.int64)
    for e, rest in enumerate(st.not_env):
        mem_e[e, list(rest)] = 1
    size_e = mem_e.sum(axis=1)
    at = owner[:, None, :] == hg[None, :, None]
    sat = (at * mem[None, :, :]).sum(axis=2)
    in_env = (owner == env_of[None, :]).astype(np.int64)
    env_count = in_env @ mem_e.T
    hist = np.zeros(n_seeds * n_cards * st.n_holders, dtype=np.int64)
    records = 0
    step = 0
    while True:
        c1 = unknown[rng.integers(0, len(unknown), n)]
        c2 = unknown[rng.integers(0, len(unknown), n)]
        h1, h2 = owner[rows, c1], owner[rows, c2]
        ok = (h1 != h2) & allowed[c1, h2] & allowed[c2, h1]
        e1 = (h1[:, None] == hg[None, :]).astype(np.int64)
        e2 = (h2[:, None] == hg[None, :]).astype(np.int64)
        new_sat = sat + mem[:, c1].T * (e2 - e1) + mem[:, c2].T * (e1 - e2)
        ok &= (new_sat > 0).all(axis=1)
        d1 = (h2 == env_of[c1]).astype(np.int64) - (h1 == env_of[c1])
        d2 = (h1 == env_of[c2]).astype(np.int64) - (h2 == env_of[c2])
        new_env = env_count + mem_e[:, c1].T * d1[:, None] + mem_e[:, c2].T * d2[:, None]
        ok &= (new_env < size_e[None, :]).all(axis=1)
        r = rows[ok]
        owner[r, c1[ok]] = h2[ok]
        owner[r, c2[ok]] = h1[ok]
        sat[ok] = new_sat[ok]
        env_count[ok] = new_env[ok]
        step += 1
        if step % 4 == 0:
            for c in unknown:
                hist += np.bincount((group * n_cards + c) * st.n_holders + owner[:, c], minlength=hist.size)
            records += 1
            if step >= max_steps:
                break
    return hist.reshape(n_seeds, n_cards, st.n_holders), records * chains, n


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


class _Undecided(Exception):
    """CP-SAT ran out of time on a question."""


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
        raise _Undecided

    def impossible(self, seen: set[tuple[int, int]]) -> tuple[set[tuple[int, int]], int] | None:
        """The pairs no consistent deal has, and how many pairs stayed undecided (None: no
        consistent deal at all).

        Pairs in ``seen`` are known possible.  Each solve asks for a deal using as many of
        the undecided pairs as it can; when none can be used, all of them are impossible.
        A solve that runs out of time leaves the rest undecided: they count as possible,
        so nothing is ever called certain without a proof.
        """
        possible = set(seen)
        try:
            if not possible:
                found = self._solve([])
                if found is None:
                    return None
                possible |= found
            while True:
                open_pairs = [p for p in self.x if p not in possible]
                if not open_pairs:
                    return set(), 0
                found = self._solve(open_pairs)
                if found is None:
                    return set(open_pairs), 0
                possible |= found
        except _Undecided:
            return set(), len([p for p in self.x if p not in possible])


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
    kept_draws: list[list[int]] = []
    per_draw = max(1, sum(len(p.post) + 6 for p in dp.plans) * len(dp.receivers))
    most = min(settings.max_samples, max(2000, int(settings.sample_seconds * DRAW_RATE / per_draw)))
    batch = 2000
    while room and drawn < most and accepted < settings.enough:
        n = min(batch, most - drawn)
        owner = dp.draw(backs, n, rng)
        ok = np.ones(n, dtype=bool)
        for h, cs in dropped:
            ok &= np.logical_or.reduce([owner[:, c] == h for c in cs])
        for rest in st.not_env:
            ok &= ~np.logical_and.reduce([owner[:, c] == st.env_holder(c) for c in rest])
        good = owner[ok]
        if len(kept_draws) < settings.walk_below:
            kept_draws.extend(good[: settings.walk_below - len(kept_draws)].tolist())
        for c in unknown:
            hist[c] += np.bincount(good[:, c], minlength=st.n_holders)
        drawn += n
        accepted += int(ok.sum())
        batch = min(batch * 2, 16_000)

    # certain facts: decided exactly, never by sampling
    seen = {(c, h) for c in unknown for h in range(st.n_holders) if hist[c, h] > 0}
    found = _Oracle(st).impossible(seen)
    if found is None:
        return Counts(table, 0, zero)
    impossible, undecided = found
    if undecided:
        reason += f"; {undecided} (card, holder) pairs were left undecided by CP-SAT and count as possible"
    free = st.free()
    allowed = {(c, h) for c in unknown for h in range(st.n_holders) if st.allowed[c, h] and free[h] > 0}

    # few accepted draws: walks from each of them sharpen the shares; replicates give the bars
    walked: tuple[np.ndarray, int, int] | None = None
    if settings.walk_below > accepted >= 3 and len(unknown) >= 2:
        seeds = np.array(kept_draws[: settings.walk_below], dtype=np.int64)
        chains = max(1, settings.walk_chains // len(seeds))
        per_step = len(seeds) * chains * (len(st.at_least) + len(st.not_env) + 8)
        steps = max(8, min(settings.walk_steps, int(settings.walk_seconds * WALK_RATE / per_step)))
        walked = _walk(st, seeds, chains, steps, rng)

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
    shares: dict[str, dict[str, float]] = {h: {} for h in table.holders}  # uncertain pairs only
    walk_n = 0 if walked is None else walked[2]
    t_q = 0.0 if walked is None else t_quantile(settings.z, walked[0].shape[0] - 1)
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
            bar = max(b - p, p - a)
            if walked is not None:
                reps = walked[0][:, c, h] / walked[1]
                p = float(reps.mean())
                spread = t_q * float(reps.std(ddof=1)) / math.sqrt(len(reps))
                # a floor where every replicate agrees: as if each walk gave one independent draw
                fa, fb = wilson(round(p * walk_n), walk_n, settings.z)
                bar = max(spread, fb - p, p - fa)
            held[name][card] = min(max(round(p * deals), 1), deals - 1)
            shares[name][card] = p
            error[name][card] = min(bar, max(p, 1.0 - p))  # never wider than [0, 1]
    est = Estimate(reason, drawn, accepted, settings.z, deals_error, error, shares, walk_n)
    return Counts(table, deals, held, est)
