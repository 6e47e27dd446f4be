"""What the engine answers (:class:`Counts`, with :class:`Estimate` when it is not exact)
and how it works (:class:`CountSettings`).

A value module below the counting methods: ``count.py``, ``count_dp.py`` and
``estimate.py`` all return these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cluesolver.clue.record.constraints import Table


@dataclass(frozen=True)
class Estimate:
    """How an estimated answer was made and how far off it may be.

    Probabilities are the share of ``accepted`` deals (drawn uniformly from the deals
    consistent with the log) that put the card with the holder, and ``error[h][c]`` the
    half-width of a Wilson interval of ``z`` standard errors around it.  With few
    accepted draws, ``walks`` Markov chains over the consistent deals give the shares
    instead, and the error is a Student t interval of the same tail from independent
    replicates (``method`` says so, with the effective sample size).  Certain facts
    (proved by propagation or CP-SAT) have error 0.  ``deals_error`` is the half-width
    of the bar of the number of deals (an absolute number of deals; from the accepted
    share of the draws).
    """

    reason: str  # why the answer is not exact (the budget it would exceed)
    samples: int  # deals drawn from the relaxed programme
    accepted: int  # of them consistent with every constraint
    z: float
    deals_error: float
    error: dict[str, dict[str, float]] = field(repr=False)
    shares: dict[str, dict[str, float]] = field(repr=False, default_factory=dict)  # the estimated probabilities
    walks: int = 0  # Markov chains over the consistent deals (0: the shares are of the accepted draws alone)
    method: str = ""  # how the shares were made, in words (with the chains' effective sample size)
    #: how many independent uniform draws the shares are worth: ``accepted`` for plain
    #: draws, the median effective sample size of the uncertain pairs for chains
    effective: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "reason": self.reason,
            "method": self.method
            or "uniform sampling with rejection"
            + (", then Markov chains over the consistent deals" if self.walks else ""),
            "samples": self.samples,
            "accepted": self.accepted,
            "walks": self.walks,
            "standard_errors": self.z,
            "deals": self.deals_error,
            "holders": self.error,
        }


@dataclass(frozen=True)
class Counts:
    """Counts: ``deals`` consistent deals; ``held[h][c]`` of them give ``c`` to ``h``.

    Exact unless :attr:`estimate` is set.  Even then ``held[h][c] == deals`` exactly
    when ``h`` certainly holds ``c``, and ``0`` exactly when it certainly does not: the
    certain facts are always exact.
    """

    table: Table
    deals: int
    held: dict[str, dict[str, int]] = field(repr=False)
    estimate: Estimate | None = field(default=None, repr=False)

    @property
    def consistent(self) -> bool:
        return self.deals > 0

    @property
    def exact(self) -> bool:
        return self.estimate is None

    def probability(self, holder: str, card: str) -> float:
        if self.deals == 0:
            return 0.0
        if self.estimate is not None and card in self.estimate.shares.get(holder, {}):
            return self.estimate.shares[holder][card]
        return self.held[holder][card] / self.deals

    def error(self, holder: str, card: str) -> float:
        """How far the probability may be off (0 when exact)."""
        return 0.0 if self.estimate is None else self.estimate.error[holder][card]


@dataclass(frozen=True)
class CountSettings:
    """How :func:`~cluesolver.clue.engine.covers.count_numpy` works: methods, arithmetic, budget.

    Every field has the production value as default; tests pass other values to force
    each code path (they never rebind module globals).
    """

    #: "auto" (the cheaper exact method within the budget, else an estimate), "cover",
    #: "dp" (exact, whatever the budget) or "estimate".
    method: str = "auto"
    #: How the cover method builds a constrained holder's term: "auto" picks the cheaper
    #: of "unions" (inclusion–exclusion over its constraints) and "subsets" (a transform
    #: over its constrained cards).
    holder_method: str = "auto"
    #: Cover method: counts below this are exact in one wrapping int64 pass ...
    cover_wrap_exact: int = 1 << 58
    #: ... up to this a prime pass and the CRT finish them; beyond, Python integers.
    cover_py_ints_from: int = 1 << 88
    #: DP method: counts below this are exact in one wrapping int64 pass, beyond it a
    #: prime pass and the CRT recover them.
    dp_wrap_limit: int = 1 << 62
    #: Budget of an exact count: planned peak memory in bytes ...
    max_bytes: int = 700 * 2**20
    #: ... and planned time in seconds (from each method's planned work).
    max_seconds: float = 1.5
    #: Estimates: about this many seconds of planned drawing, at most ``max_samples``
    #: draws, stopping once ``enough`` are accepted (the count of draws follows from the
    #: plan, never from a clock: the same log gives the same answer on every run) ...
    sample_seconds: float = 0.8
    max_samples: int = 400_000
    enough: int = 100_000
    #: ... error bars of this many standard errors, a fixed seed (same answer every run).
    z: float = 4.0
    seed: int = 0
    #: Past this many draws, drawing stops when at the planned end fewer than a quarter of
    #: ``walk_below`` would be accepted (the time goes to the chains instead).
    give_up_after: int = 20_000
    #: With fewer accepted draws than this, ``walk_chains`` Markov chains over the
    #: consistent deals start from the accepted draws and from repaired rejected ones
    #: (about ``walk_seconds`` of planned work, at most ``walk_steps`` moves each, the
    #: first half discarded); error bars then come from the spread between
    #: ``walk_replicates`` independent replicates (Student t).
    walk_below: int = 2000
    walk_chains: int = 512
    walk_replicates: int = 32
    walk_seconds: float = 0.8
    walk_steps: int = 100_000
