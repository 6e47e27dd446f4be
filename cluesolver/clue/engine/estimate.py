"""Answers past the exact budget: certain facts exactly, probabilities with error bars.

Used by :func:`cluesolver.clue.engine.covers.count_numpy` only when both exact methods would exceed
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
3. **Markov chains, when few draws are kept** (``CountSettings.walk_below``).  Chains
   over the consistent deals (:class:`_Deals`: swaps and 3-cycles of holders that keep
   hand sizes, allowed holders and every constraint; uniform stationary law) start
   from the accepted draws, from rejected draws brought to consistency, or from a
   CP-SAT deal scrambled and brought to consistency; the first half of each chain is
   discarded, and the spread between independent replicates gives the bars
   (:func:`_chains`), with the effective sample size stated.  The number of deals is
   then a product of conditional shares, one left-out rule at a time
   (:func:`_consistent_share`).
4. **Certain facts, exactly.**  Propagation's facts are certain.  Every other (card,
   holder) pair no accepted draw or chain state showed is decided by CP-SAT: impossible
   (probability 0, error 0), or possible (the solver's deal is a witness).  A card whose
   every other holder is impossible is certainly where it is.  So "certain" never rests
   on sampling.  With no consistent deal found at all, the probabilities are marked
   unknown (bars of the whole range).

The draws use a fixed seed: the same log gives the same answer on every run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cluesolver.clue.engine.deal_state import DealState, deal_bound
from cluesolver.clue.engine.dp import DealDP, relaxed
from cluesolver.clue.engine.results import Counts, CountSettings, Estimate

#: Measured throughput of the card-by-card programme: planned element operations
#: (``DealDP.cost``) per second of CPU, this machine.  On 31 Master Detective spectator
#: positions needing 0.3-23 s the measured rate was 0.6-1.4e9 (about 5-30 times the
#: element operations done, since the plan counts every move as a full pass over its
#: array); the lowest is used, so an exact count planned at 1.5 s takes at most about
#: that much (benchmarks: docs/clue-engine.md).
DP_RATE = 6e8
#: Planned work per second of the draws and of the walks (element operations, measured):
#: how many draws and walk steps fit ``sample_seconds`` / ``walk_seconds``.  The counts
#: follow from the plan, not from a clock, so an answer is the same on every run.
DRAW_RATE = 6e8
WALK_RATE = 4e8
#: Share of the exact budget's planned work the relaxed programme may take (its one float
#: backward pass, about 0.2-0.3 s of CPU; the draws and the chains take their own time).
RELAXED_SHARE = 0.25
#: Draws kept for the count of deals when few are accepted.
POOL = 40_000


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


class _Deals:
    """Many deals at once with their constraint bookkeeping, moved by swaps and 3-cycles.

    A move picks three unknown cards and either swaps the holders of the first two (if
    they differ) or rotates the holders of all three (if all differ): hand sizes never change, and the proposal
    is symmetric (the reverse move is proposed with the same probability).  A move is
    made only when every card may go to its new holder and, unless ``free``, when it
    breaks no more constraints than the deal already breaks: a consistent deal stays
    consistent (so the chain's stationary law is uniform on the consistent deals of its
    class), an inconsistent one descends towards consistency.
    """

    def __init__(
        self,
        st: DealState,
        owner: np.ndarray,
        at_least: list[tuple[int, frozenset[int]]] | None = None,
        not_env: list[frozenset[int]] | None = None,
    ) -> None:
        self.st = st
        at_least = st.at_least if at_least is None else at_least
        not_env = st.not_env if not_env is None else not_env
        self.unknown = np.array(st.unknown(), dtype=np.int64)
        self.owner = owner.astype(np.int64)
        n, n_cards = self.owner.shape
        self.rows = np.arange(n)
        self.mem = np.zeros((len(at_least), n_cards), dtype=np.int32)
        self.hg = np.array([h for h, _ in at_least], dtype=np.int64)
        for g, (_, cs) in enumerate(at_least):
            self.mem[g, list(cs)] = 1
        self.env_of = np.array([st.env_holder(c) for c in range(n_cards)], dtype=np.int64)
        self.mem_e = np.zeros((len(not_env), n_cards), dtype=np.int32)
        for e, rest in enumerate(not_env):
            self.mem_e[e, list(rest)] = 1
        self.size_e = self.mem_e.sum(axis=1)
        at = self.owner[:, None, :] == self.hg[None, :, None]
        self.sat = (at * self.mem[None, :, :]).sum(axis=2).astype(np.int32)
        in_env = (self.owner == self.env_of[None, :]).astype(np.int32)
        self.env = (in_env @ self.mem_e.T).astype(np.int32)
        self.broken = self._broken(self.sat, self.env)

    def _broken(self, sat: np.ndarray, env: np.ndarray) -> np.ndarray:
        return (sat == 0).sum(axis=1) + (env >= self.size_e[None, :]).sum(axis=1)

    def step(self, rng: np.random.Generator, free: bool = False) -> None:
        owner, rows, n = self.owner, self.rows, self.owner.shape[0]
        c = self.unknown[rng.integers(0, len(self.unknown), (3, n))]
        h = owner[rows[None, :], c]
        rotate = np.asarray(rng.random(n)) < 0.5
        new = np.where(rotate[None, :], h[[1, 2, 0]], h[[1, 0, 2]])
        distinct = (c[0] != c[1]) & (~rotate | ((c[2] != c[0]) & (c[2] != c[1])))
        ok = distinct & self.st.allowed[c, new].all(axis=0)
        sat, env = self.sat, self.env
        for k in range(3):
            moved = new[k] != h[k]
            if self.mem.shape[0]:
                gain = (new[k][:, None] == self.hg[None, :]).astype(np.int32)
                loss = (h[k][:, None] == self.hg[None, :]).astype(np.int32)
                sat = sat + self.mem[:, c[k]].T * (gain - loss)
            if self.mem_e.shape[0]:
                e = self.env_of[c[k]]
                d = (new[k] == e).astype(np.int32) - (h[k] == e)
                env = env + self.mem_e[:, c[k]].T * (d * moved)[:, None]
        broken = self._broken(sat, env)
        if not free:
            ok &= broken <= self.broken
        for k in range(3):  # a swap leaves the third card where it is (it may be one of the two)
            m = ok & (new[k] != h[k])
            owner[rows[m], c[k][m]] = new[k][m]
        self.sat[ok] = sat[ok]
        self.env[ok] = env[ok]
        self.broken[ok] = broken[ok]


@dataclass(frozen=True)
class _Walked:
    """What the chains saw: per replicate, and per half of the kept window, each card's holders."""

    reps: np.ndarray  # (replicates, cards, holders): share of kept states per replicate
    halves: tuple[np.ndarray, np.ndarray]  # (cards, holders): shares in each half of the kept window
    chains: int
    kept: int  # states kept in all (chains x recorded steps)
    uniform: int  # chains started from an exact uniform draw
    repaired: int  # chains started from an inconsistent relaxed draw brought to consistency
    scrambled: int  # chains started from a consistent deal (CP-SAT's) scrambled, then brought to consistency
    reset: int  # chains that were not repaired in time and restarted from a consistent deal


def _chains(
    st: DealState,
    uniform: list[list[int]],
    rejected: list[list[int]],
    witness: list[int] | None,
    settings: CountSettings,
    rng: np.random.Generator,
) -> _Walked | None:
    """Markov chains over the consistent deals, from many starts, in independent replicates.

    Starts: the exact uniform draws first, then relaxed draws that broke a constraint
    (or, with no draws at all, a CP-SAT deal scrambled by moves that keep only hand sizes
    and allowed holders), brought to consistency by moves that never break more
    constraints.  Every chain then runs ``steps`` moves that keep every constraint; the
    first half is discarded (burn-in) and the second half is recorded.  Chains are dealt
    round-robin to ``settings.walk_replicates`` replicates, which are independent.
    """
    fallback = uniform[:1] or ([witness] if witness is not None else [])
    if not fallback:
        return None
    reps = max(2, settings.walk_replicates)
    n = max(reps, settings.walk_chains // reps * reps)
    rows = uniform[:n]
    n_uniform = len(rows)
    rows += rejected[: n - len(rows)]
    n_repaired = len(rows) - n_uniform
    g_e = len(st.at_least) + len(st.not_env)
    per_step = n * (9 * g_e + 40) + 50_000  # element operations and a fixed cost of numpy calls
    steps = max(64, min(settings.walk_steps, int(settings.walk_seconds * WALK_RATE / per_step)))
    steps -= steps % 4
    if len(rows) < n:  # no draws to start from: scramble the consistent deal, then repair
        base = np.array([witness if witness is not None else fallback[0]] * (n - len(rows)), dtype=np.int64)
        scrambled = _Deals(st, base)
        for _ in range(steps // 4):
            scrambled.step(rng, free=True)
        rows += scrambled.owner.tolist()
    deals = _Deals(st, np.array(rows, dtype=np.int64))
    for _ in range(steps // 2):
        if not deals.broken.any():
            break
        deals.step(rng)
    stuck = np.flatnonzero(deals.broken > 0)
    if len(stuck):
        fresh = _Deals(st, np.array([fallback[i % len(fallback)] for i in range(len(stuck))], dtype=np.int64))
        deals.owner[stuck] = fresh.owner
        deals.sat[stuck] = fresh.sat
        deals.env[stuck] = fresh.env
        deals.broken[stuck] = fresh.broken
    n_cards, n_h = deals.owner.shape[1], st.n_holders
    unknown = deals.unknown
    group = np.arange(n) % reps
    base_idx = (group[:, None] * n_cards + unknown[None, :]) * n_h
    size = reps * n_cards * n_h
    hist = [np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64)]
    records = 0
    for i in range(steps):
        deals.step(rng)
        if i >= steps // 2 and i % 2 == 1:
            half = 0 if i < 3 * steps // 4 else 1
            hist[half] += np.bincount((base_idx + deals.owner[:, unknown]).ravel(), minlength=size)
            records += 1
    both = (hist[0] + hist[1]).reshape(reps, n_cards, n_h) / (records * (n // reps))
    halves = tuple(h.reshape(reps, n_cards, n_h).sum(axis=0) / max(1, n * records // 2) for h in hist)
    n_scrambled = n - n_uniform - n_repaired
    return _Walked(both, (halves[0], halves[1]), n, n * records, n_uniform, n_repaired, n_scrambled, len(stuck))


#: A constraint the relaxed programme left out: (holder, cards) "holds at least one", or
#: (-1, cards) "the envelope is not all of these".
Rule = tuple[int, frozenset[int]]
#: The count of deals from a product of shares: exact draws while this many survive ...
SURVIVORS = 400
#: ... then, per remaining rule, this many chains of this many moves (half burn-in), in
#: this many independent replicates.
LEVEL_CHAINS = 256
LEVEL_STEPS = 400
LEVEL_REPLICATES = 32


def _meets(st: DealState, owner: np.ndarray, rule: Rule) -> np.ndarray:
    """Which deals (rows of holders per card) keep ``rule``."""
    h, cs = rule
    if h >= 0:
        return np.logical_or.reduce([owner[:, c] == h for c in cs])
    return ~np.logical_and.reduce([owner[:, c] == st.env_holder(c) for c in cs])


def _consistent_share(
    st: DealState,
    kept: list[tuple[int, frozenset[int]]],
    rules: list[Rule],
    draws: np.ndarray,
    z: float,
    rng: np.random.Generator,
) -> tuple[float, float] | None:
    """The share of the relaxed deals that keep every left-out rule: its log and the
    half-width of the log's error bar (None when a share came out 0).

    A product of conditional shares, each rule in turn (the likeliest kept first):
    while enough of the exact uniform ``draws`` keep the rules so far, the share is
    read from them; past that, chains over the deals keeping the relaxed programme's
    constraints and the rules so far (moves that keep them, from the deals of the level
    before that also keep its rule) give the share of the next rule, with its error
    from independent replicates.
    """
    survivors = draws
    todo = list(rules)
    done: list[Rule] = []
    while todo:
        keeps = [_meets(st, survivors, r) for r in todo]
        best = max(range(len(todo)), key=lambda i: int(keeps[i].sum()))
        if int(keeps[best].sum()) < SURVIVORS:
            break
        survivors = survivors[keeps[best]]
        done.append(todo.pop(best))
    f = len(survivors) / len(draws)
    log_share = math.log(f)
    var = z * z * (1 - f) / (f * len(draws))  # squared half-width (delta method, binomial)
    states = survivors
    t_q = t_quantile(z, LEVEL_REPLICATES - 1)
    group = np.arange(LEVEL_CHAINS) % LEVEL_REPLICATES
    while todo:
        best = max(range(len(todo)), key=lambda i: int(_meets(st, states, todo[i]).sum()))
        rule = todo.pop(best)
        start = states[rng.integers(0, len(states), LEVEL_CHAINS)]
        walk = _Deals(st, start, kept + [r for r in done if r[0] >= 0], [cs for h, cs in done if h < 0])
        hits = np.zeros(LEVEL_REPLICATES)
        records = 0
        for i in range(LEVEL_STEPS):
            walk.step(rng)
            if i >= LEVEL_STEPS // 2 and i % 2 == 1:
                hits += np.bincount(group, weights=_meets(st, walk.owner, rule), minlength=LEVEL_REPLICATES)
                records += 1
        reps = hits / (records * (LEVEL_CHAINS // LEVEL_REPLICATES))
        r = float(reps.mean())
        if r <= 0:
            return None
        log_share += math.log(r)
        var += t_q * t_q * float(reps.var(ddof=1)) / LEVEL_REPLICATES / (r * r)
        states = walk.owner[_meets(st, walk.owner, rule)]
        done.append(rule)
    return log_share, math.sqrt(var)


def _relaxed(st: DealState, settings: CountSettings) -> DealDP:
    """The programme with the constraints that fit the sampling budget."""
    return relaxed(st, settings.max_seconds * DP_RATE * RELAXED_SHARE, settings.max_bytes)


class _Undecided(Exception):
    """CP-SAT ran out of time on a question."""


class _Oracle:
    """CP-SAT over the deal state: may card ``c`` go to holder ``h``?"""

    def __init__(self, st: DealState) -> None:
        from ortools.sat.python import cp_model

        self.cp_model = cp_model
        #: the first consistent deal a solve found (holder per card, -1 for fixed cards)
        self.witness: list[int] | None = None
        self.fixed = [-1] * len(st.fixed)
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
                pairs = {key for key, v in self.x.items() if solver.value(v)}
                if self.witness is None:
                    self.witness = list(self.fixed)
                    for c, h in pairs:
                        self.witness[c] = h
                return pairs
            if status == self.cp_model.INFEASIBLE:
                return None
        raise _Undecided

    def consistent(self) -> bool | None:
        """Whether any deal agrees with the log (None: undecided); a deal found is kept as ``witness``."""
        try:
            return self._solve([]) is not None
        except _Undecided:
            return None

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
    # the rules the relaxed programme left out: draws must keep them
    rules: list[Rule] = [g for g in st.at_least if g not in dp.constraints] + [(-1, rest) for rest in st.not_env]
    rng = np.random.default_rng(settings.seed)
    kept_draws: list[list[int]] = []
    rejected: list[list[int]] = []
    pool: list[np.ndarray] = []  # the first draws, for the count of deals when few are accepted
    per_draw = max(1, sum(len(p.post) + 6 for p in dp.plans) * len(dp.receivers))
    most = min(settings.max_samples, max(2000, int(settings.sample_seconds * DRAW_RATE / per_draw)))
    batch = 2000
    while room and drawn < most and accepted < settings.enough:
        n = min(batch, most - drawn)
        owner = dp.draw(backs, n, rng)
        ok = np.ones(n, dtype=bool)
        for rule in rules:
            ok &= _meets(st, owner, rule)
        good = owner[ok]
        if drawn < POOL:
            pool.append(owner[: POOL - drawn])
        if len(kept_draws) < settings.walk_below:
            kept_draws.extend(good[: settings.walk_below - len(kept_draws)].tolist())
        if len(rejected) < settings.walk_chains:
            rejected.extend(owner[~ok][: settings.walk_chains - len(rejected)].tolist())
        for c in unknown:
            hist[c] += np.bincount(good[:, c], minlength=st.n_holders)
        drawn += n
        accepted += int(ok.sum())
        batch = min(batch * 2, 16_000)
        # far too few would be kept even at the end: leave the time to the chains
        if drawn >= settings.give_up_after and accepted * most < drawn * settings.walk_below // 4:
            break

    # few accepted draws: Markov chains over the consistent deals; replicates give the bars
    oracle = _Oracle(st)
    if not accepted and oracle.consistent() is False:
        return Counts(table, 0, zero)
    walked: _Walked | None = None
    if accepted < settings.walk_below and len(unknown) >= 2:
        walked = _chains(st, kept_draws, rejected, oracle.witness, settings, rng)

    # certain facts: decided exactly, never by sampling (a pair some consistent deal showed is possible)
    seen = {(c, h) for c in unknown for h in range(st.n_holders) if hist[c, h] > 0}
    if walked is not None:
        seen |= {(int(c), int(h)) for c, h in zip(*np.nonzero(walked.reps.sum(axis=0)))}
    found = oracle.impossible(seen)
    if found is None:
        return Counts(table, 0, zero)
    impossible, undecided = found
    if undecided:
        reason += f"; {undecided} (card, holder) pairs were left undecided by CP-SAT and count as possible"
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
    share = None
    if room and pool and rules and accepted < SURVIVORS and len(unknown) >= 2:
        share = _consistent_share(st, dp.constraints, rules, np.concatenate(pool), settings.z, rng)
    if share is not None:  # few accepted: a product of conditional shares instead
        deals = max(2, round(relaxed * math.exp(share[0])))
        deals_error = deals * math.expm1(share[1])
    held = {h: dict.fromkeys(table.cards, 0) for h in table.holders}
    error = {h: dict.fromkeys(table.cards, 0.0) for h in table.holders}
    shares: dict[str, dict[str, float]] = {h: {} for h in table.holders}  # uncertain pairs only
    live_of = {c: [h for h in range(st.n_holders) if (c, h) in allowed and (c, h) not in impossible] for c in unknown}
    effective = float(accepted)
    if walked is not None:
        effective = _effective(walked, live_of)
    t_q = 0.0 if walked is None else t_quantile(settings.z, walked.reps.shape[0] - 1)
    n_floor = max(2, round(effective))
    for c, card in enumerate(table.cards):
        if st.fixed[c] != -1:
            held[st.holder_name(st.fixed[c])][card] = deals
            continue
        live = live_of[c]
        for h in live:
            name = st.holder_name(h)
            if len(live) == 1:
                held[name][card] = deals
                continue
            k = int(hist[c, h])
            if walked is not None:
                reps = walked.reps[:, c, h]
                p = float(reps.mean())
                spread = t_q * float(reps.std(ddof=1)) / math.sqrt(len(reps))
                drift = abs(float(walked.halves[0][c, h] - walked.halves[1][c, h]))
                # a floor for rare pairs, where most replicates see none: as if the chains
                # gave ``effective`` independent draws
                fa, fb = wilson(round(p * n_floor), n_floor, settings.z)
                bar = max(spread, drift, fb - p, p - fa)
            elif accepted:
                p = k / accepted
                a, b = wilson(k, accepted, settings.z)
                bar = max(b - p, p - a)
            else:  # nothing was drawn: the probability is unknown, its bar the whole range
                p = 1 / len(live)
                bar = 1.0
            held[name][card] = min(max(round(p * deals), 1), deals - 1)
            shares[name][card] = p
            error[name][card] = min(bar, max(p, 1.0 - p))  # never wider than [0, 1]
    method = "uniform sampling with rejection"
    if walked is not None:
        method += (
            f", then {walked.chains} Markov chains over the consistent deals (swaps and 3-cycles of holders;"
            f" {walked.uniform} started from accepted draws, {walked.repaired} from repaired rejected draws"
            + (f", {walked.scrambled} from a scrambled consistent deal" if walked.scrambled else "")
            + (f", {walked.reset} restarted" if walked.reset else "")
            + f"; burn-in discarded; {walked.reps.shape[0]} independent replicates);"
            f" effective sample size about {effective:,.0f}"
        )
    elif not accepted:
        method += "; no consistent deal could be drawn: the probabilities are unknown (certain facts are exact)"
    est = Estimate(
        reason,
        drawn,
        accepted,
        settings.z,
        deals_error,
        error,
        shares,
        0 if walked is None else walked.chains,
        method,
        effective,
    )
    return Counts(table, deals, held, est)


def _effective(walked: _Walked, live_of: dict[int, list[int]]) -> float:
    """The median effective sample size of the uncertain pairs: p(1-p) over the squared
    standard error from the replicates' spread (at most the states kept)."""
    r = walked.reps.shape[0]
    sizes = []
    for c, live in live_of.items():
        if len(live) < 2:
            continue
        for h in live:
            reps = walked.reps[:, c, h]
            p = float(reps.mean())
            if 0.02 < p < 0.98:
                se2 = float(reps.var(ddof=1)) / r
                sizes.append(walked.kept if se2 <= 0 else min(walked.kept, p * (1 - p) / se2))
    if not sizes:
        return float(walked.chains)
    import statistics  # only here: it pulls in decimal and fractions (about 5 ms) on every count

    return float(statistics.median(sizes))
