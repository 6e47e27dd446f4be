"""The second exact method: a dynamic programme over the cards, one at a time.

The cards are dealt in a planned order.  Before card ``i`` the *frontier* state is:

* for every *live* holder (it may take an already dealt card and a card still to
  come) how many cards it has received: an axis of length ``room + 1``.  A holder gets
  its axis at its first allowed card and loses it after its last one, keeping only
  the states where its hand is exactly full;
* for every *open* "at least one" constraint (some of its cards dealt, some not) a bit
  saying whether it is already met.  When its last card is dealt, only "met" stays.

One receiving holder (the one with most room) has no axis: its count is the cards dealt
so far minus the others'; paths that overfill it cannot reach the final state.

The order is chosen from the constraint graph (:func:`plan_order`): a greedy pass that
keeps the frontier small, then moves of single cards while the planned work drops.
The same order gives the programme's memory and work before any array is allocated
(:meth:`DealDP.nbytes`, :meth:`DealDP.cost`), which is how :func:`~cluesolver.clue.engine.covers.count_numpy`
keeps within its budget.

Marginals come from a backward (adjoint) pass, stored, and a forward pass that pairs
each step's forward state with the stored completions.  The same programme on floats,
with some constraints left out, drives the uniform sampler of
:mod:`cluesolver.clue.engine.estimate` (:meth:`DealDP.completions`).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from dataclasses import dataclass

import numpy as np

from cluesolver.clue.engine.deal_state import PRIME, DealState, crt, deal_bound
from cluesolver.clue.engine.layout import spans

#: Counts below this are exact in one wrapping int64 pass (beyond, a prime pass and CRT).
WRAP_LIMIT = 1 << 62

Axis = tuple[str, int]  # ("h", holder), ("g", constraint index), ("e", envelope holder) or ("b", 0)

#: Canonical order of the axes of a frontier: the batch, holders, constraints, envelope labels.
_KIND_ORDER = {"b": -1, "h": 0, "g": 1, "e": 2}
#: The batch axis of a programme that fixes some envelope cards (:class:`Split`).
_BATCH: Axis = ("b", 0)


@dataclass(frozen=True)
class Split:
    """How a programme tells the envelope's cards apart (:meth:`DealDP.envelopes`).

    ``batched``: envelope holders (one per category) whose card is fixed, every
    combination of their cards at once along a batch axis (cheap in Python, the work
    grows with the combinations).  ``labelled``: envelope holders that keep *which* card
    they took instead of how many (an axis of their cards plus "none yet", opened at
    their first card and kept to the end).
    """

    batched: tuple[int, ...] = ()
    labelled: tuple[int, ...] = ()


@dataclass(frozen=True)
class _Plan:
    """One step: the axes before it, the axes added, the axes removed, the axes after."""

    card: int
    pre: tuple[Axis, ...]
    mid: tuple[Axis, ...]  # pre + opened axes
    closing_bits: tuple[int, ...]
    closing_holders: tuple[int, ...]
    post: tuple[Axis, ...]  # canonical order of the next frontier


def _canonical(axes: set[Axis]) -> tuple[Axis, ...]:
    return tuple(sorted(axes, key=lambda a: (_KIND_ORDER[a[0]], a[1])))


def order_cost(
    order: list[int], weights: list[float], sets: list[frozenset[int]], recv: dict[int, int], kept: int = 0
) -> float:
    """Planned work of an order: per step, the widest frontier times the card's holders.

    ``sets[j]`` are the cards of axis ``j`` (a holder's allowed cards, or a constraint's
    cards) and ``weights[j]`` the log2 of its length.  The last ``kept`` axes, once
    opened, stay to the end (the envelope's labels, see :class:`DealDP`).
    """
    n = len(order)
    delta = [0.0] * (n + 1)
    for (a, b), w in zip(spans(order, sets, kept), weights):
        if a >= 0:
            delta[a] += w
            delta[b + 1] -= w
    cost, level = 0.0, 0.0
    for i in range(n):
        level += delta[i]
        cost += 2.0**level * recv[order[i]]
    return cost


def plan_order(
    cards: list[int],
    weights: list[float],
    sets: list[frozenset[int]],
    recv: dict[int, int],
    seed: int = 0,
    polish_above: float = 1e6,
    polish_seconds: float = 0.15,
    kept: int = 0,
) -> list[int]:
    """An order of ``cards`` with little work (see :func:`order_cost`; ``kept`` as there).

    A greedy pass deals next the card whose step leaves the narrowest frontier (closing
    axes first; a few passes with random tie-breaks), then, when the work is above
    ``polish_above``, single cards move to better places while that lowers the cost
    (for at most ``polish_seconds``, so the order may depend on the machine's speed;
    the counts never do).

    Not :func:`cluesolver.clue.engine.layout.greedy_order` (the small counter's and the
    sampler's order), though its greedy pass is of the same kind: this one weighs each axis
    by its length (a holder's count as well as a constraint's bit), keeps the envelope's
    labels open to the end, breaks ties at random in further passes and picks the pass
    with the least planned work; only the spans are shared
    (:func:`~cluesolver.clue.engine.layout.spans`).
    """
    if len(cards) <= 2:
        return list(cards)
    rng = random.Random(seed)
    member: dict[int, list[int]] = {c: [] for c in cards}
    for j, cs in enumerate(sets):
        for c in cs:
            if c in member:
                member[c].append(j)
    left = [len([c for c in cs if c in member]) for cs in sets]
    ends = [j < len(sets) - kept for j in range(len(sets))]  # the axis closes at its last card

    def greedy(noise: float) -> list[int]:
        remaining = set(cards)
        started = [False] * len(sets)
        rest = list(left)
        level = 0.0
        order: list[int] = []
        while remaining:
            best, best_key = -1, (math.inf, math.inf)
            for c in remaining:
                opens = sum(weights[j] for j in member[c] if not started[j] and (rest[j] > 1 or not ends[j]))
                closes = sum(weights[j] for j in member[c] if started[j] and rest[j] == 1 and ends[j])
                key = (level + opens - closes + noise * rng.random(), opens)
                if key < best_key:
                    best, best_key = c, key
            remaining.discard(best)
            order.append(best)
            for j in member[best]:
                if not started[j] and (rest[j] > 1 or not ends[j]):
                    level += weights[j]
                elif started[j] and rest[j] == 1 and ends[j]:
                    level -= weights[j]
                started[j] = True
                rest[j] -= 1
        return order

    candidates = [greedy(0.0)] + [greedy(0.5) for _ in range(3 if polish_above < math.inf else 0)]
    best = min(candidates, key=lambda o: order_cost(o, weights, sets, recv, kept))
    best_cost = order_cost(best, weights, sets, recv, kept)
    improved = best_cost > polish_above
    deadline = time.perf_counter() + polish_seconds
    while improved and time.perf_counter() < deadline:
        improved = False
        for c in list(best):
            if time.perf_counter() > deadline:
                break
            base = [x for x in best if x != c]
            for p in range(len(best)):
                trial = [*base[:p], c, *base[p:]]
                cost = order_cost(trial, weights, sets, recv, kept)
                if cost < best_cost * 0.999:
                    best, best_cost, improved = trial, cost, True
                    break
    return best


class DealDP:
    """The programme for one state (wrong accusations are the caller's business).

    ``constraints`` defaults to all of the state's "at least one" constraints; the
    sampler passes a subset.  ``wrap_limit``: counts whose bound is below it are exact in
    one wrapping int64 pass; tests lower it to force the prime pass and the CRT.
    ``polish``: improve the greedy order by local moves (see :func:`plan_order`) for at
    most ``polish_seconds``.
    ``tighten``: when the simple bound on the deals (:func:`deal_bound`) needs the prime
    pass, try the tighter bound of :func:`_free_bound` (one pass may then do).
    ``split``: the envelope holders told apart for :meth:`envelopes` (see :class:`Split`);
    such a programme only runs forward.
    """

    def __init__(
        self,
        st: DealState,
        wrap_limit: int = WRAP_LIMIT,
        constraints: list[tuple[int, frozenset[int]]] | None = None,
        polish: bool = True,
        tighten: bool = True,
        split: Split | None = None,
        polish_seconds: float = 0.15,
    ) -> None:
        self.st = st
        self.wrap_limit = wrap_limit
        free = st.free()
        self.free = free
        receiving = [h for h in range(st.n_holders) if free[h] > 0]
        self.receivers = receiving
        unknown = st.unknown()
        split = split or Split()
        self.split = split
        #: labelled envelope holders -> their cards (label i + 1 is the i-th card)
        self.labelled = {h: [c for c in unknown if st.allowed[c, h]] for h in sorted(split.labelled)}
        self.label = {c: i + 1 for cards in self.labelled.values() for i, c in enumerate(cards)}
        #: batched envelope holders -> their cards; one batch entry per combination of them
        self.batched = {h: [c for c in unknown if st.allowed[c, h]] for h in sorted(split.batched)}
        self.combos = list(itertools.product(*self.batched.values()))
        #: a batched card -> the batch entries (the first axis) that put it in the envelope
        self.in_envelope = {
            c: np.array([b for b, combo in enumerate(self.combos) if combo[k] == c], dtype=np.int64)
            for k, cards in enumerate(self.batched.values())
            for c in cards
        }
        counted = [h for h in receiving if h not in self.labelled and h not in self.batched]
        self.implicit = max(counted, key=lambda h: free[h]) if counted else None
        self.constraints = list(st.at_least if constraints is None else constraints)
        explicit = [h for h in counted if h != self.implicit]
        allowed_sets = [frozenset(c for c in unknown if st.allowed[c, h]) for h in explicit]
        label_sets = [frozenset(cards) for cards in self.labelled.values()]
        sets = allowed_sets + [cs for _, cs in self.constraints] + label_sets
        weights = [math.log2(free[h] + 1) for h in explicit] + [1.0] * len(self.constraints)
        weights += [math.log2(len(cs) + 1) for cs in label_sets]
        recv = {c: int(sum(1 for h in receiving if st.allowed[c, h])) for c in unknown}
        self.cards = plan_order(
            unknown,
            weights,
            sets,
            recv,
            polish_above=1e6 if polish else math.inf,
            polish_seconds=polish_seconds,
            kept=len(label_sets),
        )
        self.bound = deal_bound(st)
        self.modulus: int | None = None
        # the steps
        pos = {c: i for i, c in enumerate(self.cards)}
        h_span = {h: (min(pos[c] for c in s), max(pos[c] for c in s)) for h, s in zip(explicit, allowed_sets) if s}
        g_span = {g: (min(pos[c] for c in cs), max(pos[c] for c in cs)) for g, (_, cs) in enumerate(self.constraints)}
        e_start = {h: min(pos[c] for c in cards) for h, cards in self.labelled.items()}
        self.plans: list[_Plan] = []
        live: set[Axis] = {_BATCH} if self.batched else set()
        for i, c in enumerate(self.cards):
            pre = _canonical(live)
            opened = (
                [("h", h) for h, (a, _) in h_span.items() if a == i]
                + [("g", g) for g, (a, _) in g_span.items() if a == i]
                + [("e", h) for h, a in e_start.items() if a == i]
            )
            mid = pre + tuple(opened)
            closing_bits = tuple(g for g, (_, b) in g_span.items() if b == i)
            closing_holders = tuple(h for h, (_, b) in h_span.items() if b == i)
            live = (set(mid) - {("g", g) for g in closing_bits}) - {("h", h) for h in closing_holders}
            self.plans.append(_Plan(c, pre, mid, closing_bits, closing_holders, _canonical(live)))
        # up to the whole programme's float pass (a twelfth of this two-pass plan); past
        # FREE_BOUND_GATE even one pass would not fit the default budget (1.5 s)
        if tighten and self.bound >= wrap_limit and self.cost() / 12 <= FREE_BOUND_GATE:
            self.bound = min(self.bound, _free_bound(st, max(FREE_BOUND_WORK, self.cost() / 12)))

    # -- sizes, before anything is allocated ---------------------------------------------

    def _length(self, axis: Axis) -> int:
        kind, k = axis
        if kind == "h":
            return self.free[k] + 1
        if kind == "b":
            return len(self.combos)
        return 2 if kind == "g" else len(self.labelled[k]) + 1

    def _size(self, axes: tuple[Axis, ...]) -> int:
        return math.prod(self._length(a) for a in axes)

    def states(self) -> int:
        """The largest array of a step."""
        return max((self._size(p.mid) for p in self.plans), default=1)

    def passes(self) -> int:
        return 1 if self.bound < self.wrap_limit else 2

    def nbytes(self) -> int:
        """Peak memory of :meth:`run`: the stored completions plus a step's temporaries."""
        stored = sum(self._size(p.pre) for p in self.plans) + 1
        return 8 * (stored + 6 * self.states())

    def forward_work(self) -> float:
        """Planned element operations of one forward pass (what :meth:`envelopes` runs)."""
        return sum(
            self._size(p.mid) * (4 + 3 * sum(1 for h in self.receivers if self.st.allowed[p.card, h]))
            for p in self.plans
        )

    def cost(self) -> float:
        """Planned element operations of :meth:`run` (forward, backward and marginals)."""
        return 3 * self.forward_work() * self.passes()

    # -- one step ----------------------------------------------------------------------

    def _ax(self, plan: _Plan, key: Axis) -> int:
        return plan.mid.index(key)

    def _open(self, arr: np.ndarray, plan: _Plan) -> np.ndarray:
        """Add the opened axes (count 0, constraint not met)."""
        for axis in plan.mid[len(plan.pre) :]:
            wide = np.zeros((*arr.shape, self._length(axis)), dtype=arr.dtype)
            wide[..., 0] = arr
            arr = wide
        return arr

    def _open_adjoint(self, arr: np.ndarray, plan: _Plan) -> np.ndarray:
        for _ in plan.mid[len(plan.pre) :]:
            arr = arr[..., 0]
        return arr

    def _met(self, plan: _Plan, h: int) -> list[int]:
        """Axes of the open constraints of ``h`` that this step's card meets."""
        return [self._ax(plan, ("g", g)) for kind, g in plan.mid if kind == "g" and self._meets(g, h, plan.card)]

    def _moves(self, plan: _Plan, h: int, ndim: int) -> tuple[list[int], tuple[slice, ...], tuple[slice, ...]]:
        """``h`` takes the card: the met constraint axes, and where states go (source, target).

        A constraint of ``h`` that the card meets is met afterwards whatever it was
        before, so the target is its "met" half; ``h``'s count moves up by one (a labelled
        envelope holder goes from "none yet" to this card).
        """
        met = self._met(plan, h)
        srcs = [slice(None)] * ndim
        dst = [slice(None)] * ndim
        for a in met:
            dst[a] = slice(1, 2)
        if h in self.labelled:
            a, j = self._ax(plan, ("e", h)), self.label[plan.card]
            srcs[a], dst[a] = slice(0, 1), slice(j, j + 1)
        elif h != self.implicit and h not in self.batched:
            a = self._ax(plan, ("h", h))
            srcs[a], dst[a] = slice(0, -1), slice(1, None)
        return met, tuple(srcs), tuple(dst)

    def _give(self, arr: np.ndarray, plan: _Plan, h: int) -> tuple[np.ndarray, tuple[slice, ...], tuple[slice, ...]]:
        """``out[target] += given[source]`` deals the card to ``h`` (met axes summed to length 1)."""
        met, srcs, dst = self._moves(plan, h, arr.ndim)
        parts = _parts(arr, met)
        given = parts[0]
        for part in parts[1:]:  # added up (a reduction over middle axes is several times slower)
            given = given + part
        return given, srcs, dst

    def _kept(self, plan: _Plan) -> dict[int, int]:
        """The axes closed by the step (by position in ``plan.mid``) and the entry each keeps:
        "met" for a constraint, a full hand for a holder."""
        kept = {self._ax(plan, ("g", g)): 1 for g in plan.closing_bits}
        kept.update({self._ax(plan, ("h", h)): self.free[h] for h in plan.closing_holders})
        return kept

    def _close(self, arr: np.ndarray, plan: _Plan, only_kept: bool = False) -> np.ndarray:
        """Keep the met constraints and the full hands, drop their axes, reorder
        (``only_kept``: ``arr`` holds just those entries already, on axes of length 1)."""
        index: list[slice | int] = [slice(None)] * arr.ndim
        for a, k in self._kept(plan).items():
            index[a] = 0 if only_kept else k
        arr = np.asarray(arr[tuple(index)])
        kept = [a for a in plan.mid if a in plan.post]
        if kept != list(plan.post):
            arr = np.transpose(arr, [kept.index(a) for a in plan.post])
        return arr if arr.flags.c_contiguous else arr.copy()

    def _close_adjoint(self, back: np.ndarray, plan: _Plan) -> np.ndarray:
        kept = [a for a in plan.mid if a in plan.post]
        if kept != list(plan.post):
            back = np.transpose(back, [list(plan.post).index(a) for a in kept])
        out = np.zeros([self._length(a) for a in plan.mid], dtype=back.dtype)
        index: list[slice | int] = [slice(None)] * out.ndim
        for g in plan.closing_bits:
            index[self._ax(plan, ("g", g))] = 1
        for h in plan.closing_holders:
            index[self._ax(plan, ("h", h))] = self.free[h]
        out[tuple(index)] = back
        return out

    def _mod(self, arr: np.ndarray) -> np.ndarray:
        return arr % self.modulus if self.modulus is not None else arr

    def _step(self, arr: np.ndarray, plan: _Plan) -> np.ndarray:
        """Deal the plan's card: the next frontier."""
        wide = self._open(arr, plan)
        # only the entries the step keeps are worked out: the closing axes have length 1
        kept = self._kept(plan)
        out = np.zeros([1 if a in kept else n for a, n in enumerate(wide.shape)], dtype=wide.dtype)
        for h in self.receivers:
            if self.st.allowed[plan.card, h] and h not in self.batched:
                met, srcs, dst = self._moves(plan, h, wide.ndim)
                if kept:
                    src, to = list(srcs), list(dst)
                    for a, k in kept.items():
                        to[a] = slice(None)
                        if a not in met:  # a met constraint's part lands on "met"; else the entry before the card
                            k -= plan.mid[a] == ("h", h)  # h's own count went up by one
                            src[a] = slice(k, k + 1)
                    srcs, dst = tuple(src), tuple(to)
                for part in _parts(wide, met):  # each part straight into place: no temporary sum
                    out[dst] += part[srcs]
        entries = self.in_envelope.get(plan.card)
        if entries is not None:  # a batched card: in these entries it goes to the envelope and nowhere else
            index = [slice(kept[a], kept[a] + 1) if a in kept else slice(None) for a in range(wide.ndim)]
            out[entries] = wide[(entries, *index[1:])]
        return self._mod(self._close(out, plan, only_kept=True))

    def _step_adjoint(self, back: np.ndarray, plan: _Plan) -> np.ndarray:
        """The transpose of :meth:`_step`: completions counted from before the card."""
        wide = self._close_adjoint(back, plan)
        out = np.zeros_like(wide)
        for h in self.receivers:
            if not self.st.allowed[plan.card, h]:
                continue
            # the transpose of _give: read the target, write the source (met axes broadcast)
            _, srcs, dst = self._moves(plan, h, wide.ndim)
            out[srcs] += wide[dst]
        return self._mod(self._open_adjoint(out, plan))

    # -- the whole count ---------------------------------------------------------------

    def run(self) -> tuple[int, dict[int, dict[int, int]]]:
        """Deals and per-card holder counts, exactly."""
        deals, held = self._run(None)
        if self.bound < self.wrap_limit:
            return deals, held
        if self.bound >= (1 << 93):
            raise OverflowError("counts beyond 2**93 deals")
        p_deals, p_held = self._run(PRIME)

        def join(wrapped: int, residue: int) -> int:
            return crt((wrapped, 1 << 64), (residue, PRIME))

        return join(deals, p_deals), {c: {h: join(v, p_held[c][h]) for h, v in row.items()} for c, row in held.items()}

    def envelopes(self) -> dict[tuple[int, ...], int]:
        """With ``split``: the deals of every choice of the batched and labelled envelope
        holders' cards (card indices: the batched holders', then the labelled ones', each in
        holder order; choices without deals left out), exactly, from one forward pass (two
        and the CRT when the counts may pass ``wrap_limit``)."""
        got = self._labelled(None)
        if self.bound >= self.wrap_limit:
            if self.bound >= (1 << 93):
                raise OverflowError("counts beyond 2**93 deals")
            residues = self._labelled(PRIME)
            got = {key: crt((got.get(key, 0), 1 << 64), (residues.get(key, 0), PRIME)) for key in got.keys() | residues}
        return {key: v for key, v in got.items() if v}

    def _labelled(self, modulus: int | None) -> dict[tuple[int, ...], int]:
        self.modulus = modulus
        with np.errstate(over="ignore"):
            fwd = np.ones((len(self.combos),) if self.batched else (), dtype=np.int64)
            for plan in self.plans:
                fwd = self._step(fwd, plan)
        self.modulus = None
        # the last frontier keeps only the batch and the labels, in holder order; label 0
        # (no card taken) is no deal
        combos = self.combos if self.batched else [()]
        taken = fwd.reshape(len(combos), *fwd.shape[1 if self.batched else 0 :])
        taken = taken[(slice(None),) + (slice(1, None),) * (taken.ndim - 1)]
        cards = list(self.labelled.values())
        out: dict[tuple[int, ...], int] = {}
        for index in zip(*np.nonzero(taken)):
            v = int(taken[index]) % (1 << 64) if modulus is None else int(taken[index])
            out[combos[int(index[0])] + tuple(cs[int(i)] for cs, i in zip(cards, index[1:]))] = v
        return out

    def _backs(self, dtype: type, scale: bool = False) -> tuple[list[np.ndarray], float]:
        """Completions from every frontier, last first reversed: ``backs[i]`` is before card i.

        With ``scale`` (floats), each array is divided by its largest entry; the log2 of
        the total scale is returned so that ``backs[0] * 2**log_scale`` is the count.
        """
        back: np.ndarray = np.ones((), dtype=dtype)
        backs = [back]
        log_scale = 0.0
        for plan in reversed(self.plans):
            back = self._step_adjoint(back, plan)
            if scale:
                top = float(np.abs(back).max()) if back.size else 0.0
                if top > 0:
                    back = back / top
                    log_scale += math.log2(top)
            backs.append(back)
        backs.reverse()
        return backs, log_scale

    def _run(self, modulus: int | None) -> tuple[int, dict[int, dict[int, int]]]:
        self.modulus = modulus
        held: dict[int, dict[int, int]] = {}
        with np.errstate(over="ignore"):
            backs, _ = self._backs(np.int64)
            deals = int(backs[0][()])
            fwd = np.ones((), dtype=np.int64)
            for i, plan in enumerate(self.plans):
                wide = self._open(fwd, plan)
                after = self._close_adjoint(backs[i + 1], plan)
                row = {}
                for h in self.receivers:
                    if self.st.allowed[plan.card, h]:
                        given, srcs, dst = self._give(wide, plan, h)
                        row[h] = int(self._mod(given[srcs] * after[dst]).sum())
                held[plan.card] = row
                fwd = self._step(fwd, plan)
        self.modulus = None
        return deals, held

    # -- sampling ----------------------------------------------------------------------

    def completions(self) -> tuple[list[np.ndarray], float]:
        """Float completions for drawing uniform deals (see :meth:`_backs`)."""
        with np.errstate(over="ignore"):
            return self._backs(np.float64, scale=True)

    def draw(self, backs: list[np.ndarray], n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` deals drawn uniformly from this programme's deals: holder per unknown card.

        Returns an ``(n, cards)`` array of holder indices (``-1`` for fixed cards).
        """
        st = self.st
        owner = np.full((n, len(st.fixed)), -1, dtype=np.int16)
        idx: dict[Axis, np.ndarray] = {}
        for i, plan in enumerate(self.plans):
            for key in plan.mid[len(plan.pre) :]:
                idx[key] = np.zeros(n, dtype=np.int64)
            nxt = backs[i + 1].reshape(-1)
            dims = [self._length(a) for a in plan.post]
            strides = {key: math.prod(dims[j + 1 :]) for j, key in enumerate(plan.post)}
            base = np.zeros(n, dtype=np.int64)
            for key, stride in strides.items():
                base += idx[key] * stride
            options = [h for h in self.receivers if st.allowed[plan.card, h]]
            weights = np.zeros((n, len(options)))
            for j, h in enumerate(options):
                flat = base.copy()
                ok = np.ones(n, dtype=bool)
                met = {("g", g) for kind, g in plan.mid if kind == "g" and self._meets(g, h, plan.card)}
                for key in met:
                    if key in strides:
                        flat += (1 - idx[key]) * strides[key]
                for g in plan.closing_bits:
                    if ("g", g) not in met:
                        ok &= idx["g", g] == 1
                for hh in plan.closing_holders:
                    ok &= idx["h", hh] + (hh == h) == self.free[hh]
                if h != self.implicit:
                    ok &= idx["h", h] < self.free[h]
                    if ("h", h) in strides:
                        flat += strides["h", h]
                flat = np.where(ok, flat, 0)
                weights[:, j] = np.where(ok, nxt[flat], 0.0)
            cum = np.cumsum(weights, axis=1)
            u = rng.random(n) * cum[:, -1]
            choice = np.minimum((cum < u[:, None]).sum(axis=1), len(options) - 1)
            chosen = np.array(options, dtype=np.int64)[choice]
            for kind, k in plan.mid:
                if kind == "h":
                    idx["h", k] = idx["h", k] + (chosen == k)
                elif plan.card in self.constraints[k][1]:
                    idx["g", k] = np.where(chosen == self.constraints[k][0], 1, idx["g", k])
            for key in plan.mid:
                if key not in strides:
                    idx.pop(key, None)
            owner[:, plan.card] = chosen
        return owner

    def _meets(self, g: int, h: int, card: int) -> bool:
        holder, cards = self.constraints[g]
        return holder == h and card in cards


def _parts(arr: np.ndarray, axes: list[int]) -> list[np.ndarray]:
    """``arr`` cut along each of ``axes`` (all of length 2) into its halves: the 2**len(axes)
    views that add up to ``arr.sum(axis=axes, keepdims=True)``."""
    parts = [arr]
    for a in axes:
        index: list[slice] = [slice(None)] * arr.ndim
        cut = []
        for part in parts:
            for half in (slice(0, 1), slice(1, 2)):
                index[a] = half
                cut.append(part[tuple(index)])
        parts = cut
    return parts


def relaxed(st: DealState, work: float, max_bytes: int) -> DealDP:
    """The programme with as many of the state's "at least one" constraints as fit: its one
    float backward pass within ``work`` planned operations (a sixth of an exact run) and
    its stored completions within ``max_bytes`` (those open longest in the order are left
    out first; with none left it is returned whatever its size).  It counts a superset
    of the deals: an upper bound (:func:`_free_bound`), or uniform draws to be filtered
    (:mod:`cluesolver.clue.engine.estimate`).
    """
    kept = list(st.at_least)
    while True:
        dp = DealDP(st, constraints=kept, polish=False, tighten=False)
        if (dp.nbytes() <= max_bytes and dp.cost() / (6 * dp.passes()) <= work) or not kept:
            return dp
        pos = {c: i for i, c in enumerate(dp.cards)}
        span = sorted(kept, key=lambda g: -(max(pos[c] for c in g[1]) - min(pos[c] for c in g[1])))
        drop = set(span[: max(1, len(kept) // 3)])
        kept = [g for g in kept if g not in drop]


#: :func:`_free_bound`: planned work of its float programme (at least this, at most the
#: gate below, as the programme it bounds allows; its one backward pass then takes at
#: most about 0.1-0.3 s) and memory ...
FREE_BOUND_WORK = 6e7
FREE_BOUND_BYTES = 128 * 2**20
#: Programmes whose float pass plans more than this are not bounded again.
FREE_BOUND_GATE = 1.5e8
#: ... and the bounds already found (a count plans its programme more than once).
_BOUNDS: dict[tuple[bytes, tuple[int, ...], tuple[tuple[int, frozenset[int]], ...]], int] = {}


def _free_bound(st: DealState, work: float = FREE_BOUND_WORK) -> int:
    """An upper bound on the deals: the deals of the programme with the constraints that
    fit ``work`` (:func:`relaxed`), counted in floats and rounded up with a margin
    far beyond their rounding error; at most :func:`deal_bound`.

    Counts below ``WRAP_LIMIT`` need one int64 pass instead of two, which halves the
    exact work of mid-game positions whose simple bound is far too high.
    """
    key = (st.allowed.tobytes(), tuple(st.fixed), tuple(st.at_least))
    if key not in _BOUNDS:
        bound = deal_bound(st)
        dp = relaxed(st, work, FREE_BOUND_BYTES)
        if dp.nbytes() <= FREE_BOUND_BYTES and dp.cost() / (6 * dp.passes()) <= work:
            backs, log_scale = dp.completions()
            bound = min(bound, math.ceil(float(backs[0][()]) * 2.0**log_scale * (1 + 1e-9)) + 1)
        if len(_BOUNDS) > 64:
            _BOUNDS.clear()
        _BOUNDS[key] = bound
    return _BOUNDS[key]
