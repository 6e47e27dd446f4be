"""The second exact method: a dynamic programme over the cards, one at a time.

The state is how many cards each holder has received so far, plus one inclusion–
exclusion bit for every "at least one" constraint that is *open* (some of its cards
dealt, some not).  A bit set to 1 means "this holder avoids all of the constraint's
cards" and carries the sign -1; a constraint's bit is summed out once its last card is
dealt.  Cards are ordered so that few constraints are open at once, which is what makes
constraint-heavy logs (spectators' notebooks) cheap where the cover method is not.

Marginals come from a forward pass and its adjoint (backward) pass.
"""

from __future__ import annotations

import math

import numpy as np

from cluesolver.clue.deal_state import PRIME, DealState, crt, deal_bound

#: Counts below this are exact in one wrapping int64 pass (beyond, a prime pass and CRT).
WRAP_LIMIT = 1 << 62


class DealDP:
    """The programme for one state (no open wrong accusations: the caller subtracts them).

    ``wrap_limit``: counts whose bound is below it are exact in one wrapping int64 pass;
    tests lower it to force the prime pass and the Chinese remainder theorem.
    """

    def __init__(self, st: DealState, wrap_limit: int = WRAP_LIMIT) -> None:
        self.st = st
        self.wrap_limit = wrap_limit
        free = dict(enumerate(st.free()))
        receiving = [h for h in free if free[h] > 0]
        # The holder with most room gets no axis: its count is the cards dealt so far
        # minus the others'.  Paths that overfill it never reach the final state.
        self.implicit = max(receiving, key=lambda h: free[h]) if receiving else None
        self.holders = [h for h in receiving if h != self.implicit]  # holders with an axis
        self.receivers = receiving
        self.caps = [free[h] for h in self.holders]
        self.hpos = {h: i for i, h in enumerate(self.holders)}
        self.constraints = list(st.at_least)  # (holder, cards)
        self.cards = self._order([c for c, f in enumerate(st.fixed) if f == -1])
        bound = deal_bound(st)
        #: int64 arithmetic wraps, i.e. it is exact modulo 2**64; when the counts could be
        #: larger, a second pass modulo a 31-bit prime and the Chinese remainder theorem
        #: recover them (up to 2**94), so Python-integer arrays are never needed.
        self.bound = bound
        self.modulus: int | None = None
        # constraint lifetimes along the order
        pos = {c: i for i, c in enumerate(self.cards)}
        self.first = {g: min(pos[c] for c in cs) for g, (_, cs) in enumerate(self.constraints)}
        self.last = {g: max(pos[c] for c in cs) for g, (_, cs) in enumerate(self.constraints)}
        self.not_env = list(st.not_env)

    def _order(self, unknown: list[int]) -> list[int]:
        in_con = {c for _, cs in self.st.at_least for c in cs}
        free = [c for c in unknown if c not in in_con]
        bound = [c for c in unknown if c in in_con]
        order = list(free)
        started: set[int] = set()
        remaining = set(bound)
        left = {g: set(cs) for g, (_, cs) in enumerate(self.st.at_least)}
        while remaining:

            def cost(c: int) -> tuple[int, int]:
                opens = sum(1 for g, cs in left.items() if c in cs and g not in started and len(cs) > 1)
                closes = sum(1 for g, cs in left.items() if c in cs and g in started and len(cs) == 1)
                return (opens - closes, c)

            c = min(remaining, key=cost)
            remaining.discard(c)
            order.append(c)
            for g, cs in left.items():
                if c in cs:
                    started.add(g)
                    cs.discard(c)
        return order

    def cost(self) -> float:
        """A rough operation count, to choose between methods."""
        m = len(self.receivers)
        passes = 1 if self.bound < (1 << 62) else 2.5
        return (
            float(self.max_states()) * max(len(self.cards), 1) * (2 * m + m * m / 2) * (1 + len(self.not_env)) * passes
        )

    def max_states(self) -> int:
        """The largest array the programme will hold (for choosing a method)."""
        base = math.prod(k + 1 for k in self.caps)
        most = max((len(self._names(i)[0]) for i in range(len(self.cards))), default=0)
        return base * (1 << most)

    # -- one step ---------------------------------------------------------------------

    def _open_before(self, i: int) -> list[int]:
        """Constraints open between card ``i - 1`` and card ``i`` (sorted ids)."""
        return [g for g in sorted(self.first) if self.first[g] < i <= self.last[g]]

    def _names(self, i: int) -> tuple[list[int], list[int], list[int]]:
        before = self._open_before(i)
        opening = [g for g in sorted(self.first) if self.first[g] == i and self.last[g] > i]
        names = before + opening
        closing = [g for g in names if self.last[g] == i]
        return names, opening, closing

    def _masked(self, arr: np.ndarray, names: list[int], c: int, h: int) -> np.ndarray:
        """``arr`` with the states where h may not take c (an avoiding bit is set) zeroed."""
        nh = len(self.holders)
        out = arr
        for g in names:
            gh, cs = self.constraints[g]
            if gh == h and c in cs:
                if out is arr:
                    out = arr.copy()
                sl: list[slice | int] = [slice(None)] * arr.ndim
                sl[nh + names.index(g)] = 1
                out[tuple(sl)] = 0
        return out

    def _mod(self, arr: np.ndarray) -> np.ndarray:
        return arr % self.modulus if self.modulus is not None else arr

    def _step(self, arr: np.ndarray, i: int, only: int | None = None) -> np.ndarray:
        """Deal card number ``i`` of the order (to ``only`` if given)."""
        c = self.cards[i]
        names, opening, closing = self._names(i)
        nh = len(self.holders)
        for _ in opening:
            arr = np.stack([arr, -arr], axis=-1)
        out = np.zeros_like(arr)
        for h in self.receivers:
            if (only is not None and h != only) or not self.st.allowed[c, h]:
                continue
            src = self._masked(arr, names, c, h)
            if h == self.implicit:
                out += src
                continue
            a = self.hpos[h]
            dst = [slice(None)] * arr.ndim
            srcs = [slice(None)] * arr.ndim
            dst[a], srcs[a] = slice(1, None), slice(0, -1)
            out[tuple(dst)] += src[tuple(srcs)]
        keep = [g for g in names if g not in closing]
        if closing:
            out = out.sum(axis=tuple(nh + names.index(g) for g in closing))
        order = sorted(keep)
        if order != keep:
            out = np.moveaxis(out, [nh + keep.index(g) for g in order], list(range(nh, nh + len(order))))
        return self._mod(out)

    def _step_adjoint(self, back: np.ndarray, i: int) -> np.ndarray:
        """The transpose of :meth:`_step`: completions counted from before card ``i``."""
        c = self.cards[i]
        names, opening, closing = self._names(i)
        nh = len(self.holders)
        keep = [g for g in names if g not in closing]
        order = sorted(keep)
        arr = back
        if order != keep:
            arr = np.moveaxis(arr, list(range(nh, nh + len(order))), [nh + keep.index(g) for g in order])
        for g in names:
            if g in closing:
                pos = nh + names.index(g)
                arr = np.expand_dims(arr, pos)
                arr = np.concatenate([arr, arr], axis=pos)
        mid = np.zeros_like(arr)
        for h in self.receivers:
            if not self.st.allowed[c, h]:
                continue
            if h == self.implicit:
                mid += self._masked(arr, names, c, h)
                continue
            a = self.hpos[h]
            shifted = np.zeros_like(arr)
            dst = [slice(None)] * arr.ndim
            srcs = [slice(None)] * arr.ndim
            dst[a], srcs[a] = slice(0, -1), slice(1, None)
            shifted[tuple(dst)] = arr[tuple(srcs)]
            mid += self._masked(shifted, names, c, h)
        for _ in opening:
            mid = mid[..., 0] - mid[..., 1]
        return self._mod(mid)

    # -- the whole count --------------------------------------------------------------

    def run(self) -> tuple[int, dict[int, dict[int, int]]]:
        """Deals and per-card holder counts, exactly (see :attr:`modulus`)."""
        deals, held = self._run(None)
        if self.bound < self.wrap_limit:
            return deals, held
        if self.bound >= (1 << 93):
            raise OverflowError("counts beyond 2**93 deals")
        p_deals, p_held = self._run(PRIME)

        def join(wrapped: int, residue: int) -> int:
            return crt((wrapped, 1 << 64), (residue, PRIME))

        return join(deals, p_deals), {c: {h: join(v, p_held[c][h]) for h, v in row.items()} for c, row in held.items()}

    def _run(self, modulus: int | None) -> tuple[int, dict[int, dict[int, int]]]:
        self.modulus = modulus
        n = len(self.cards)
        with np.errstate(over="ignore"):
            start = np.zeros(tuple(k + 1 for k in self.caps), dtype=np.int64)
            start[(0,) * len(self.caps)] = 1
            forward = [start]
            for i in range(n):
                forward.append(self._step(forward[-1], i))
            end = forward[-1]
            full = tuple(self.caps)
            deals = int(end[full]) if self.caps else int(end[()])
            back = np.zeros_like(end)
            back[full if self.caps else ()] = 1
            backs = [back]
            for i in range(n - 1, -1, -1):
                backs.append(self._step_adjoint(backs[-1], i))
            backs.reverse()  # backs[i] = completions from the state before card i
            held: dict[int, dict[int, int]] = {}
            for i, c in enumerate(self.cards):
                row = {}
                for h in self.receivers:
                    if self.st.allowed[c, h]:
                        row[h] = int(self._mod(self._step(forward[i], i, only=h) * backs[i + 1]).sum())
                held[c] = row
        self.modulus = None
        return deals, held
