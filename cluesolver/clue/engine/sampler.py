"""Deals drawn uniformly at random from the deals that agree with the log, or all of them.

The exact counts (:func:`cluesolver.clue.engine.covers.count_numpy`) say which holders each card can
still have.  On top of that a dynamic programme over the unknown cards counts, for every
*state* (how many cards each holder has received so far, and which of the open "at least
one of" constraints are already met), the number of ways to finish the deal.  A deal is
then drawn card by card: each card goes to a holder with probability proportional to the
number of ways to finish from the state it leads to, which makes every consistent deal
equally likely.  Constraints the programme leaves out (wrong accusations, and "at least
one" constraints that would make the state space too large) are enforced by rejection,
which keeps the draw uniform.

When the programme counts few deals, :meth:`DealSampler.all_deals` lists every one of them
instead, so whatever is computed from them is exact.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Union

import numpy as np

from cluesolver.clue.engine.layout import HolderLayout, greedy_order, most_open, spans
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, NotEnvelope, Puzzle

#: The largest state array the programme builds; constraints beyond it are rejected after drawing.
MAX_STATES = 400_000
#: When fewer draws than this share pass the rejected constraints, the programme is made
#: again keeping more of them (4x the states each time, up to :data:`MAX_STATES_KEPT`): a
#: spectator's Master Detective log can leave a dozen "at least one" constraints to
#: rejection, which then accepts one draw in hundreds and takes seconds.
LOW_ACCEPTANCE = 0.02
MAX_STATES_KEPT = 6_400_000

#: A source of uniform numbers in [0, 1): Python's (no numpy random module to load) or numpy's.
Rng = Union[random.Random, "np.random.Generator"]


#: Uniforms made from one call of getrandbits (whose bit count must fit a C int).
_CHUNK = 1 << 20


def _uniform(rng: Rng, n: int) -> np.ndarray:
    """``n`` uniform numbers in [0, 1): with Python's generator, the numbers (and the state
    left behind) of ``n`` calls of ``rng.random()``, made from its 32-bit words at once."""
    if type(rng) is random.Random:
        # random() takes two words a, b and returns (a >> 5, b >> 6) as 53 bits; getrandbits
        # hands out the same words in the same order, the first one least significant
        chunks = [np.zeros(0, dtype=np.float64)]
        for start in range(0, n, _CHUNK):
            k = min(_CHUNK, n - start)
            words = np.frombuffer(rng.getrandbits(64 * k).to_bytes(8 * k, "little"), dtype="<u4")
            chunks.append(((words[0::2] >> 5) * 67108864.0 + (words[1::2] >> 6)) * (1.0 / 9007199254740992.0))
        return chunks[-1] if len(chunks) <= 2 else np.concatenate(chunks)
    if isinstance(rng, random.Random):
        return np.fromiter(itertools.starmap(rng.random, itertools.repeat((), n)), dtype=np.float64, count=n)
    return rng.random(n)


#: A place no state has (a full receiver, a constraint left unmet): below any place times 2**flags.
_FULL = -(1 << 40)


@dataclass(frozen=True)
class _Step:
    """One card of the order: the holders it may go to (its moves, in receiver order) and
    how each move leads from a state to the next, in the backward pass and in the draws.

    A frontier is a flat array: a row of the counts' part per flags' part, then one 0.0."""

    card: int
    flags: int  # open constraints before the card: the frontier has 2 ** flags rows
    size: int  # rows of the frontier after the card (2 ** open constraints)
    moves: tuple[tuple[int, int], ...]  # per move: its receiver, its step in the counts' part (0: implicit)
    span: tuple[int, int]  # the counts' parts the backward pass works out (around the box of _box)
    holders: np.ndarray  # per move: the holder
    rows: np.ndarray  # per move (a column): where its receiver's row of ``_next`` starts
    follow: np.ndarray  # (moves, rows before): the row after the move (_FULL: a constraint left unmet)
    flagged: bool  # some constraint is open before or after the card, or opens and closes at it


@dataclass(frozen=True)
class Deals:
    """Deals as an array: ``owner[i, c]`` is the holder index (into ``holders``) of card ``c``."""

    holders: tuple[str, ...]
    cards: tuple[str, ...]
    owner: np.ndarray  # (n, cards) int8
    exact: bool  # every consistent deal, each once (else a uniform sample)

    @property
    def size(self) -> int:
        return int(self.owner.shape[0])


class DealSampler:
    """Uniform draws from the deals consistent with ``puzzle`` (its exact ``counts`` given)."""

    def __init__(self, puzzle: Puzzle, counts: Counts, max_states: int = MAX_STATES) -> None:
        t = puzzle.table
        self.table = t
        self.cards = t.cards
        self.holders = t.holders
        self.deals = counts.deals
        # pseudo-holders numbered as the layout says: players, one envelope place per category, table slots
        layout = HolderLayout.of(t)
        ci = layout.card_index
        self._out_code = np.array(layout.table_holder, dtype=np.int8)
        caps = layout.caps
        n_ph = layout.n_holders
        allowed = np.zeros((len(t.cards), n_ph), dtype=bool)
        if counts.deals > 0:
            for h, name in enumerate(layout.names):
                if not layout.is_envelope(h):
                    held = counts.held[name]
                    allowed[:, h] = [held[card] > 0 for card in t.cards]
            held = counts.held[ENVELOPE]  # a card's own category's envelope place alone
            allowed[np.arange(len(t.cards)), np.array(layout.envelope_of, dtype=np.intp)] = [
                held[card] > 0 for card in t.cards
            ]
        fixed = np.where(allowed.sum(axis=1) == 1, allowed.argmax(axis=1), -1).astype(np.int64)
        placed = np.bincount(fixed[fixed >= 0], minlength=n_ph)
        free = [caps[h] - int(placed[h]) for h in range(n_ph)]
        self._fixed = fixed
        self._allowed = allowed
        unknown = [c for c in range(len(t.cards)) if fixed[c] == -1]
        # "at least one" constraints still open (none of their cards is fixed to the holder)
        cons: set[tuple[int, frozenset[int]]] = set()
        for con in puzzle.constraints:
            if isinstance(con, AtLeastOne) and con.holder != ENVELOPE:
                h = layout.index[con.holder]
                members = [ci[x] for x in con.cards]
                if any(fixed[c] == h for c in members):
                    continue
                live = frozenset(c for c in members if fixed[c] == -1 and allowed[c, h])
                if live:
                    cons.add((h, live))
        self._not_env = [tuple(ci[x] for x in con.cards) for con in puzzle.constraints if isinstance(con, NotEnvelope)]
        self._receivers = [h for h in range(n_ph) if free[h] > 0]
        self._caps = [free[h] for h in self._receivers]
        base = math.prod(k + 1 for k in self._caps)
        kept = sorted(cons, key=lambda x: (x[0], sorted(x[1])))
        while True:
            order = _order(unknown, kept)
            span = spans(order, [cs for _, cs in kept])
            if base * (1 << most_open(span, len(order))) <= max_states or not kept:
                break
            # leave the constraint spanning most of the order to rejection
            widest = max(range(len(kept)), key=lambda g: (span[g][1] - span[g][0], sorted(kept[g][1])))
            del kept[widest]
        self._rejected = [g for g in sorted(cons, key=lambda x: (x[0], sorted(x[1]))) if g not in kept]
        self._cons = kept
        self._order = order
        self._first = [a for a, _ in span]
        self._last = [b for _, b in span]
        self._backward()

    # -- the programme ----------------------------------------------------------------

    def _open(self, i: int) -> list[int]:
        """Constraints whose flag is part of the state before card number ``i``."""
        return [g for g in range(len(self._cons)) if self._first[g] < i <= self._last[g]]

    def _plan(self) -> None:
        """What each card's step reads and writes, worked out once for the pass and the draws.

        A state is the count of every receiver but one and the flags of the open
        constraints.  The receiver with most room (``_implicit``) has no axis: its count is
        the cards dealt so far minus the others', so only the states with a possible count
        for it are ever read (the others' entries are never looked at).  The states that
        would overfill it finish in no way: their entries are 0.  Of each frontier only the
        counts' parts from the box of :func:`_box`'s first corner to its last are worked out."""
        n_recv = len(self._receivers)
        self._implicit = max(range(n_recv), key=lambda a: (self._caps[a], -a)) if n_recv else -1
        # the receivers with least room (the envelope's places) outermost: the box's span
        # is narrow while their cards are not dealt yet or all dealt
        explicit = sorted((a for a in range(n_recv) if a != self._implicit), key=lambda a: (self._caps[a], a))
        self._shape = tuple(self._caps[a] + 1 for a in explicit)
        dim = {a: k for k, a in enumerate(explicit)}
        stride = {a: math.prod(self._shape[k + 1 :]) for a, k in dim.items()}
        size = math.prod(self._shape)
        self._states = size
        # per receiver: 1.0 where it has room for a card, and the counts' part after it takes
        # one (_FULL where it is full)
        self._room = np.ones((n_recv, size), dtype=np.float64)
        nxt = np.arange(size, dtype=np.int64) + np.array([stride.get(a, 0) for a in range(n_recv)])[:, None]
        for a, k in dim.items():
            full = (slice(None),) * k + (self._caps[a],)
            self._room[a].reshape(self._shape)[full] = 0.0
            nxt[a].reshape(self._shape)[full] = _FULL
        self._next = nxt.reshape(-1)
        recv = np.array(self._receivers, dtype=np.int8)
        takes = self._allowed[np.ix_(self._order, self._receivers)] if self._order else np.zeros((0, n_recv), bool)
        low, high = _box(takes, self._caps, self._implicit, explicit)
        steps = np.array([stride[a] for a in explicit], dtype=np.int64)
        first, last = (low @ steps).tolist(), (high @ steps).tolist()  # the box's corners
        n_cons = len(self._cons)
        self._steps: list[_Step] = []
        for i, c in enumerate(self._order):
            axes = np.flatnonzero(takes[i])
            before, after = self._open(i), self._open(i + 1)
            names = sorted(set(before) | {g for g in range(n_cons) if self._first[g] == i})
            hits = [
                frozenset(g for g in names if self._cons[g][0] == self._receivers[a] and c in self._cons[g][1])
                for a in axes.tolist()
            ]
            self._steps.append(
                _Step(
                    card=c,
                    flags=len(before),
                    size=1 << len(after),
                    moves=tuple((a, stride.get(a, 0)) for a in axes.tolist()),
                    span=(max(first[i], 0), min(last[i], size - 1)),
                    holders=recv[axes],
                    rows=(axes * size)[:, None],
                    follow=_follow(before, names, after, hits) if names else np.zeros((len(axes), 1), dtype=np.int64),
                    flagged=bool(names),
                )
            )

    def _backward(self) -> None:
        self._plan()
        size = self._states
        end = np.zeros(size + 1, dtype=np.float64)
        end[size - 1] = 1.0  # every explicit receiver full: the last state
        flats = [end]
        for step in reversed(self._steps):
            flats.append(self._step_back(flats[-1], step))
        flats.reverse()
        # each frontier flat, with one more entry (0.0) that the draws read for a move not allowed
        self._flats = flats
        self.total = float(flats[0][0])

    def _step_back(self, nxt: np.ndarray, step: _Step) -> np.ndarray:
        """Ways to finish from every state before the card: the sum, over the holders it
        may go to (in receiver order, so the float sums are the same whatever the layout),
        of the ways from the state each leads to (none when the holder is full)."""
        size = self._states
        rows = 1 << step.flags
        flat = np.zeros(rows * size + 1, dtype=np.float64)
        out = flat[:-1].reshape(rows, size)
        after = nxt[:-1].reshape(step.size, size)
        lo, hi = step.span
        for j, (a, shift) in enumerate(step.moves):
            top = min(hi, size - 1 - shift) + 1  # beyond, the receiver is full
            if top <= lo:
                continue
            part = after[:, lo + shift : top + shift]
            if shift:
                part = part * self._room[a, lo:top]
            for row, to in enumerate(step.follow[j].tolist()):
                if to >= 0:  # else a constraint closing here is left unmet
                    out[row, lo:top] += part[to]
        return flat

    # -- drawing ----------------------------------------------------------------------

    def _ways(self, i: int, at: np.ndarray, flags: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Card number ``i`` to each holder it may go to (a row each) from the states whose
        counts' part is ``at`` and flags' part ``flags``: the ways to finish from the state
        reached (0 where the move is not allowed), and its counts' and flags' parts (the
        flags' part as one column when it is the same for every state)."""
        step = self._steps[i]
        counted = self._next[step.rows + at]
        follow = step.follow[:, flags] if step.flags else step.follow
        place = follow * self._states + counted if step.flagged else counted
        # a move that is not allowed has a negative place: it reads the 0.0 at the end
        return self._flats[i + 1][np.maximum(place, -1)], counted, follow

    def _draw(self, n: int, rng: Rng) -> np.ndarray:
        at = np.zeros(n, dtype=np.int64)
        flags = np.zeros(n, dtype=np.int64)
        owner = np.repeat(self._fixed[None, :].astype(np.int8), n, axis=0)  # holder indices (< 128)
        rows = np.arange(n)
        # the uniforms card by card (n each, in the order of the cards), at once when few
        bulk = _uniform(rng, n * len(self._steps)).reshape(-1, n) if n * len(self._steps) <= _CHUNK else None
        for i, step in enumerate(self._steps):
            ways, counted, follow = self._ways(i, at, flags)
            cum = _cumsum(ways)
            u = bulk[i] if bulk is not None else _uniform(rng, n)
            pick = np.minimum((cum <= u * cum[-1]).sum(axis=0), len(step.holders) - 1)
            owner[:, step.card] = step.holders[pick]
            at = counted[pick, rows]
            flags = follow[pick, rows] if step.flags else follow[pick, 0]
        return owner

    def _accept(self, owner: np.ndarray) -> np.ndarray:
        ok = np.ones(owner.shape[0], dtype=bool)
        for h, cs in self._rejected:
            ok &= (owner[:, sorted(cs)] == h).any(axis=1)
        env = self._out_code[owner] == self._out_code[len(self.table.players)]
        for triple in self._not_env:
            ok &= ~env[:, list(triple)].all(axis=1)
        return ok

    @property
    def acceptance(self) -> float:
        """The share of the programme's draws that pass the constraints left to rejection."""
        return min(1.0, self.deals / self.total) if self.total > 0 else 1.0

    def sample(self, n: int, rng: Rng) -> Deals:
        """``n`` deals drawn uniformly (independently) from the consistent deals.

        ``rng``: Python's ``random.Random`` (the table's commands: numpy's random module
        is not loaded) or a numpy generator."""
        if self.deals == 0 or n <= 0:
            return Deals(self.holders, self.cards, np.zeros((0, len(self.cards)), dtype=np.int8), False)
        rate = self.acceptance
        got: list[np.ndarray] = []
        have = 0
        for _ in range(200):
            want = n - have
            batch = self._draw(int(want / max(rate, 1e-3) * 1.2) + 8, rng)
            batch = batch[self._accept(batch)]
            got.append(batch[:want])
            have += len(got[-1])
            if have >= n:
                break
        owner = np.concatenate(got)[:n]
        return Deals(self.holders, self.cards, self._out_code[owner], False)

    def all_deals(self, limit: int) -> Deals | None:
        """Every consistent deal once, or None when the programme counts more than ``limit``."""
        if self.deals == 0:
            return Deals(self.holders, self.cards, np.zeros((0, len(self.cards)), dtype=np.int8), True)
        if self.total > limit:
            return None
        owner = self._fixed[None, :].astype(np.int8)
        at = np.zeros(1, dtype=np.int64)
        flags = np.zeros(1, dtype=np.int64)
        for i, step in enumerate(self._steps):
            ways, counted, follow = self._ways(i, at, flags)
            keep = [np.flatnonzero(w > 0) for w in ways]
            picks = np.concatenate([np.full(len(rows), j, dtype=np.intp) for j, rows in enumerate(keep)])
            rows = np.concatenate(keep)
            owner = owner[rows]
            owner[:, step.card] = step.holders[picks]
            at = counted[picks, rows]
            flags = follow[picks, rows] if step.flags else follow[picks, 0]
        owner = owner[self._accept(owner)]
        return Deals(self.holders, self.cards, self._out_code[owner], True)


def _box(takes: np.ndarray, caps: list[int], implicit: int, explicit: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Per frontier (before card ``i`` of the order, a row each) and explicit receiver, the
    fewest and most cards it can have in a state that is reached (at most its allowed
    cards dealt so far) and that finishes (its room at most its allowed cards still to
    come), also given the others' and the implicit receiver's bounds (the counts add up
    to ``i``).

    ``takes[i, a]``: receiver ``a`` may take card number ``i``.  A state outside the box
    that a state inside reads finishes in no way (its entry stays 0), and the draws reach
    none, so the backward pass need not work out the others."""
    n = len(takes)
    if not explicit:
        return np.zeros((n + 1, 0), dtype=np.int64), np.zeros((n + 1, 0), dtype=np.int64)
    room = np.array(caps, dtype=np.int64)
    seen = np.zeros((n + 1, len(caps)), dtype=np.int64)
    np.cumsum(takes, axis=0, out=seen[1:])
    high = np.minimum(room, seen)
    low = np.maximum(0, room - (seen[-1] - seen))
    level = np.arange(n + 1)
    lo, hi = low[:, explicit], high[:, explicit]
    rest_hi = hi.sum(axis=1, keepdims=True) - hi
    rest_lo = lo.sum(axis=1, keepdims=True) - lo
    lo = np.maximum(lo, (level - high[:, implicit])[:, None] - rest_hi)
    hi = np.minimum(hi, (level - low[:, implicit])[:, None] - rest_lo)
    return lo, hi


def _cumsum(ways: np.ndarray) -> np.ndarray:
    """``np.cumsum(ways, axis=0)`` (the same sums, in the same order), a row at a time: for
    a few rows of many columns several times faster."""
    cum = ways.copy()
    for j in range(1, len(cum)):
        np.add(cum[j - 1], cum[j], out=cum[j])
    return cum


def _follow(before: list[int], names: list[int], after: list[int], hits: list[frozenset[int]]) -> np.ndarray:
    """The flags' part of the state after each move (a row per move) from each flags' part
    before the card (a column each), or _FULL where a constraint closing here is left unmet."""
    table = np.zeros((len(hits), 1 << len(before)), dtype=np.int64)
    for f in range(1 << len(before)):
        was = {g: (f >> (len(before) - 1 - k)) & 1 for k, g in enumerate(before)}
        for j, hit in enumerate(hits):
            now = {g: 1 if g in hit else was.get(g, 0) for g in names}
            if any(not now[g] for g in names if g not in after):
                table[j, f] = _FULL
            else:
                table[j, f] = sum(now[g] << (len(after) - 1 - k) for k, g in enumerate(after))
    return table


def _order(unknown: list[int], cons: list[tuple[int, frozenset[int]]]) -> list[int]:
    """Unknown cards in an order that keeps few constraints open at once: the cards in no
    constraint first, then :func:`greedy_order`'s (ties to the lower card)."""
    return greedy_order(unknown, [cs for _, cs in cons], unconstrained_first=True)


def deals_for(puzzle: Puzzle, counts: Counts, n: int = 3000, rng: Rng | None = None, exact_limit: int = 3000) -> Deals:
    """All consistent deals when there are at most ``exact_limit``; otherwise ``n`` uniform draws."""
    sampler = DealSampler(puzzle, counts)
    every = sampler.all_deals(exact_limit) if counts.deals <= exact_limit else None
    if every is not None:
        return every
    return keeping_more(sampler, puzzle, counts).sample(n, rng if rng is not None else random.Random(0))


def keeping_more(sampler: DealSampler, puzzle: Puzzle, counts: Counts) -> DealSampler:
    """``sampler``, or when it would reject most draws (acceptance below
    :data:`LOW_ACCEPTANCE`, with "at least one" constraints left out) one made with a
    bigger budget of states, which keeps more of them in the programme (4x the states a
    time, up to :data:`MAX_STATES_KEPT`; wrong accusations are always checked by rejection).
    Either draws uniformly; the bigger programme costs milliseconds where rejection cost
    seconds."""
    states = MAX_STATES
    while sampler.acceptance < LOW_ACCEPTANCE and sampler._rejected and states < MAX_STATES_KEPT:
        states *= 4
        sampler = DealSampler(puzzle, counts, max_states=states)
    return sampler


def deals_of(puzzle: Puzzle, counts: Counts, n: int, seed: int, exact_limit: int) -> Deals:
    """:func:`deals_for` with a seed: every consistent deal when there are at most
    ``exact_limit`` (listed by the small counter's programme when the position is small, so
    that neither this module's programme nor numpy's random generator is needed), else
    ``n`` uniform draws seeded with ``seed``."""
    from cluesolver.clue.engine.small import small_deals

    if counts.deals <= exact_limit:
        every = small_deals(puzzle, 0, random.Random(seed), exact_limit)
        if every is not None and every.exact:
            owner = np.array(every.rows, dtype=np.int8).reshape(len(every.rows), len(puzzle.table.cards))
            return Deals(every.holders, puzzle.table.cards, owner, True)
    return deals_for(puzzle, counts, n, random.Random(seed), exact_limit)
