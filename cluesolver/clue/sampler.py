"""Deals drawn uniformly at random from the deals that agree with the log, or all of them.

The exact counts (:func:`cluesolver.clue.count.count`) say which holders each card can
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

from cluesolver.clue.constraints import ENVELOPE, AtLeastOne, NotEnvelope, Puzzle
from cluesolver.clue.counts import Counts

#: The largest state array the programme builds; constraints beyond it are rejected after drawing.
MAX_STATES = 400_000

#: A source of uniform numbers in [0, 1): Python's (no numpy random module to load) or numpy's.
Rng = Union[random.Random, "np.random.Generator"]


def _uniform(rng: Rng, n: int) -> np.ndarray:
    if isinstance(rng, random.Random):
        return np.fromiter(itertools.starmap(rng.random, itertools.repeat((), n)), dtype=np.float64, count=n)
    return rng.random(n)


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
        ci = {c: i for i, c in enumerate(t.cards)}
        n_players = len(t.players)
        cat_ids = [cat for cat, _ in t.categories]
        card_cat = [cat_ids.index(t.category_of(c)) for c in t.cards]
        # pseudo-holders: players, one envelope place per category, table slots
        names = list(t.players) + [ENVELOPE] * len(cat_ids) + list(t.slots)
        self._out_code = np.array(
            list(range(n_players)) + [n_players] * len(cat_ids) + [n_players + 1 + j for j in range(len(t.slots))],
            dtype=np.int8,
        )
        caps = list(t.sizes) + [1] * len(cat_ids) + [1] * len(t.slots)
        n_ph = len(names)
        allowed = np.zeros((len(t.cards), n_ph), dtype=bool)
        for c, card in enumerate(t.cards):
            for h in range(n_ph):
                if names[h] == ENVELOPE and h != n_players + card_cat[c]:
                    continue
                allowed[c, h] = counts.deals > 0 and counts.held[names[h]][card] > 0
        fixed = np.full(len(t.cards), -1, dtype=np.int64)
        for c in range(len(t.cards)):
            opts = np.flatnonzero(allowed[c])
            if len(opts) == 1:
                fixed[c] = opts[0]
        free = [caps[h] - int(np.sum(fixed == h)) for h in range(n_ph)]
        self._fixed = fixed
        self._allowed = allowed
        unknown = [c for c in range(len(t.cards)) if fixed[c] == -1]
        # "at least one" constraints still open (none of their cards is fixed to the holder)
        hi = {p: i for i, p in enumerate(t.players)}
        cons: set[tuple[int, frozenset[int]]] = set()
        for con in puzzle.constraints:
            if isinstance(con, AtLeastOne) and con.holder != ENVELOPE:
                found = hi.get(con.holder)
                h = found if found is not None else n_players + len(cat_ids) + list(t.slots).index(con.holder)
                members = [ci[x] for x in con.cards]
                if any(fixed[c] == h for c in members):
                    continue
                live = frozenset(c for c in members if fixed[c] == -1 and allowed[c, h])
                if live:
                    cons.add((h, live))
        self._not_env = [tuple(ci[x] for x in con.cards) for con in puzzle.constraints if isinstance(con, NotEnvelope)]
        self._receivers = [h for h in range(n_ph) if free[h] > 0]
        self._caps = [free[h] for h in self._receivers]
        self._axis = {h: a for a, h in enumerate(self._receivers)}
        base = math.prod(k + 1 for k in self._caps)
        kept = sorted(cons, key=lambda x: (x[0], sorted(x[1])))
        while True:
            order = _order(unknown, kept)
            if base * (1 << _most_open(order, kept)) <= max_states or not kept:
                break
            # leave the constraint spanning most of the order to rejection
            pos = {c: i for i, c in enumerate(order)}
            kept.remove(max(kept, key=lambda g: (max(pos[c] for c in g[1]) - min(pos[c] for c in g[1]), sorted(g[1]))))
        self._rejected = [g for g in sorted(cons, key=lambda x: (x[0], sorted(x[1]))) if g not in kept]
        self._cons = kept
        self._order = order
        pos = {c: i for i, c in enumerate(order)}
        self._first = [min(pos[c] for c in cs) for _, cs in kept]
        self._last = [max(pos[c] for c in cs) for _, cs in kept]
        self._backward()

    # -- the programme ----------------------------------------------------------------

    def _open(self, i: int) -> list[int]:
        """Constraints whose flag is part of the state before card number ``i``."""
        return [g for g in range(len(self._cons)) if self._first[g] < i <= self._last[g]]

    def _backward(self) -> None:
        nh = len(self._receivers)
        n = len(self._order)
        end = np.zeros(tuple(k + 1 for k in self._caps), dtype=np.float64)
        end[tuple(self._caps)] = 1.0
        backs = [end]
        for i in range(n - 1, -1, -1):
            backs.append(self._step_back(backs[-1], i, nh))
        backs.reverse()
        self._backs = backs
        self.total = float(backs[0][(0,) * nh]) if n or nh else 1.0

    def _names(self, i: int) -> tuple[list[int], list[int], list[int]]:
        before = self._open(i)
        after = self._open(i + 1)
        names = sorted(set(before) | {g for g in range(len(self._cons)) if self._first[g] == i})
        return before, names, after

    def _hits(self, c: int, h: int, names: list[int]) -> set[int]:
        return {g for g in names if self._cons[g][0] == h and c in self._cons[g][1]}

    def _step_back(self, nxt: np.ndarray, i: int, nh: int) -> np.ndarray:
        c = self._order[i]
        before, names, after = self._names(i)
        mid = nxt
        for g in names:  # flags of constraints that close here must end up met
            if g not in after:
                pos = nh + names.index(g)
                mid = np.stack([np.zeros_like(mid), mid], axis=pos)
        shape = tuple(k + 1 for k in self._caps) + (2,) * len(before)
        out = np.zeros(shape, dtype=np.float64)
        for h in self._receivers:
            if not self._allowed[c, h]:
                continue
            hits = self._hits(c, h, names)
            a = self._axis[h]
            idx: list[int | slice] = [slice(None)] * nh
            idx[a] = slice(1, None)
            for g in names:
                if g in hits:
                    idx.append(1)
                elif g not in before:
                    idx.append(0)
                else:
                    idx.append(slice(None))  # a flag from before that this card leaves alone
            part = mid[tuple(idx)]
            for g in before:
                if g in hits:
                    part = np.expand_dims(part, nh + before.index(g))
            # a state with k of h's cards finishes as the state with k + 1 (none when h is full)
            into: list[slice] = [slice(None)] * len(shape)
            into[a] = slice(0, -1)
            out[tuple(into)] += part
        return out

    # -- drawing ----------------------------------------------------------------------

    def _moves(
        self, i: int, counts: np.ndarray, flags: dict[int, np.ndarray]
    ) -> list[tuple[int, int, np.ndarray, dict[int, np.ndarray]]]:
        """Card number ``i`` to each holder it may go to, from the states ``(counts, flags)``:
        the holder, its axis in ``counts`` (which the card adds one to), the ways to finish
        from the state reached (0 where it is not allowed), and that state's flags."""
        c = self._order[i]
        _, names, after = self._names(i)
        nxt = self._backs[i + 1]
        flat = nxt.reshape(-1)
        m = counts.shape[0]
        zero = np.zeros(m, dtype=np.int64)
        one = np.ones(m, dtype=np.int64)
        # a state's place in ``flat``: each axis's index (counts capped, then the flags) by its step
        steps = [math.prod(nxt.shape[k + 1 :]) for k in range(nxt.ndim)]
        base = np.minimum(counts, self._caps) @ np.array(steps[: len(self._receivers)], dtype=np.int64)
        out = []
        for h in self._receivers:
            if not self._allowed[c, h]:
                continue
            hits = self._hits(c, h, names)
            a = self._axis[h]
            ok = counts[:, a] < self._caps[a]
            new = {g: (one if g in hits else flags.get(g, zero)) for g in names}
            for g in names:
                if g not in after:
                    ok &= new[g] == 1
            at = base + steps[a]
            for k, g in enumerate(after):
                at = at + new[g] * steps[len(self._receivers) + k]
            ways = np.where(ok, flat[np.where(ok, at, 0)], 0.0)
            out.append((h, a, ways, {g: new[g] for g in after}))
        return out

    def _draw(self, n: int, rng: Rng) -> np.ndarray:
        counts = np.zeros((n, len(self._receivers)), dtype=np.int64)
        flags: dict[int, np.ndarray] = {}
        owner = np.repeat(self._fixed[None, :], n, axis=0)
        rows = np.arange(n)
        for i, c in enumerate(self._order):
            moves = self._moves(i, counts, flags)
            cum = np.cumsum(np.stack([w for _, _, w, _ in moves], axis=1), axis=1)
            u = _uniform(rng, n) * cum[:, -1]
            pick = np.minimum((cum <= u[:, None]).sum(axis=1), len(moves) - 1)
            owner[:, c] = np.array([h for h, _, _, _ in moves])[pick]
            counts[rows, np.array([a for _, a, _, _ in moves])[pick]] += 1
            flags = {g: np.stack([f[g] for _, _, _, f in moves])[pick, rows] for g in moves[0][3]} if moves else {}
        return owner

    def _accept(self, owner: np.ndarray) -> np.ndarray:
        ok = np.ones(owner.shape[0], dtype=bool)
        for h, cs in self._rejected:
            ok &= (owner[:, sorted(cs)] == h).any(axis=1)
        env = self._out_code[owner] == self._out_code[len(self.table.players)]
        for triple in self._not_env:
            ok &= ~env[:, list(triple)].all(axis=1)
        return ok

    def sample(self, n: int, rng: Rng) -> Deals:
        """``n`` deals drawn uniformly (independently) from the consistent deals.

        ``rng``: Python's ``random.Random`` (the table's commands: numpy's random module
        is not loaded) or a numpy generator."""
        if self.deals == 0 or n <= 0:
            return Deals(self.holders, self.cards, np.zeros((0, len(self.cards)), dtype=np.int8), False)
        rate = min(1.0, self.deals / self.total) if self.total > 0 else 1.0
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
        owner = self._fixed[None, :].copy()
        counts = np.zeros((1, len(self._receivers)), dtype=np.int64)
        flags: dict[int, np.ndarray] = {}
        for i, c in enumerate(self._order):
            moves = self._moves(i, counts, flags)
            keep = [np.flatnonzero(w > 0) for _, _, w, _ in moves]
            parts = []
            taken = []
            for (h, a, _, _), rows in zip(moves, keep):
                o = owner[rows].copy()
                o[:, c] = h
                parts.append(o)
                cnt = counts[rows]
                cnt[:, a] += 1
                taken.append(cnt)
            owner = np.concatenate(parts)
            counts = np.concatenate(taken)
            flags = {g: np.concatenate([f[g][rows] for (_, _, _, f), rows in zip(moves, keep)]) for g in moves[0][3]}
        owner = owner[self._accept(owner)]
        return Deals(self.holders, self.cards, self._out_code[owner], True)


def _order(unknown: list[int], cons: list[tuple[int, frozenset[int]]]) -> list[int]:
    """Unknown cards in an order that keeps few constraints open at once (greedy)."""
    in_con = {c for _, cs in cons for c in cs}
    order = [c for c in unknown if c not in in_con]
    left = {g: set(cs) for g, (_, cs) in enumerate(cons)}
    started: set[int] = set()
    remaining = [c for c in unknown if c in in_con]
    while remaining:

        def cost(c: int) -> tuple[int, int]:
            opens = sum(1 for g, cs in left.items() if c in cs and g not in started and len(cs) > 1)
            closes = sum(1 for g, cs in left.items() if c in cs and g in started and len(cs) == 1)
            return (opens - closes, c)

        c = min(remaining, key=cost)
        remaining.remove(c)
        order.append(c)
        for g, cs in left.items():
            if c in cs:
                started.add(g)
                cs.discard(c)
    return order


def _most_open(order: list[int], cons: list[tuple[int, frozenset[int]]]) -> int:
    pos = {c: i for i, c in enumerate(order)}
    spans = [(min(pos[c] for c in cs), max(pos[c] for c in cs)) for _, cs in cons]
    return max((sum(1 for a, b in spans if a <= i <= b) for i in range(len(order))), default=0)


def deals_for(puzzle: Puzzle, counts: Counts, n: int = 3000, rng: Rng | None = None, exact_limit: int = 3000) -> Deals:
    """All consistent deals when there are at most ``exact_limit``; otherwise ``n`` uniform draws."""
    sampler = DealSampler(puzzle, counts)
    every = sampler.all_deals(exact_limit) if counts.deals <= exact_limit else None
    if every is not None:
        return every
    return sampler.sample(n, rng if rng is not None else random.Random(0))


def deals_of(puzzle: Puzzle, counts: Counts, n: int, seed: int, exact_limit: int) -> Deals:
    """:func:`deals_for` with a seed: every consistent deal when there are at most
    ``exact_limit`` (listed by the small counter's programme when the position is small, so
    that neither this module's programme nor numpy's random generator is needed), else
    ``n`` uniform draws seeded with ``seed``."""
    from cluesolver.clue.count_small import small_deals

    if counts.deals <= exact_limit:
        every = small_deals(puzzle, 0, random.Random(seed), exact_limit)
        if every is not None and every.exact:
            owner = np.array(every.rows, dtype=np.int8).reshape(len(every.rows), len(puzzle.table.cards))
            return Deals(every.holders, puzzle.table.cards, owner, True)
    return deals_for(puzzle, counts, n, random.Random(seed), exact_limit)
