"""The deal as the exact counters see it: allowed holders per card after propagation.

:func:`setup` turns a :class:`~cluesolver.clue.record.constraints.Puzzle` into a
:class:`DealState` (a boolean card x holder matrix, the cards already placed, each
holder's room and the constraints still open); :func:`propagate` applies sound, cheap
reasoning until nothing changes, raising :class:`Conflict` when no deal is left.  Both
counting methods (``count.py``, ``count_dp.py``) and the estimator start from here.

Holders and cards are numbered as :class:`~cluesolver.clue.engine.layout.HolderLayout`
says: players ``0..P-1``, then one envelope holder per category (room one, only its
category's cards allowed), then the table slots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cluesolver.clue.engine.layout import HolderLayout
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Has, Lacks, NotEnvelope, Puzzle, Table


class Conflict(Exception):
    """Propagation found that no deal agrees with the constraints."""


@dataclass
class DealState:
    """Allowed holders per card after propagation, with the open constraints.

    Holders and cards are numbered by ``layout`` (the table's :class:`HolderLayout`)."""

    layout: HolderLayout
    allowed: np.ndarray  # (cards, holders) bool
    fixed: list[int]  # holder of each card, or -1
    at_least: list[tuple[int, frozenset[int]]]  # (holder, cards): holds at least one
    not_env: list[frozenset[int]]  # the envelope is not all of these

    @property
    def table(self) -> Table:
        return self.layout.table

    @property
    def cap(self) -> tuple[int, ...]:
        """Cards each holder receives in all."""
        return self.layout.caps

    @property
    def n_players(self) -> int:
        return self.layout.n_players

    @property
    def n_cats(self) -> int:
        return self.layout.n_cats

    @property
    def card_cat(self) -> tuple[int, ...]:
        """Each card's category number."""
        return self.layout.card_cat

    def holder_name(self, h: int) -> str:
        """The name of holder ``h`` in :class:`~cluesolver.clue.engine.results.Counts`."""
        return self.layout.names[h]

    def env_holder(self, card: int) -> int:
        """The envelope holder of ``card``'s category."""
        return self.layout.envelope_of[card]

    def is_env(self, h: int) -> bool:
        layout = self.layout
        return layout.n_players <= h < layout.n_players + layout.n_cats

    @property
    def n_holders(self) -> int:
        return int(self.allowed.shape[1])

    def free(self) -> list[int]:
        """Room left per holder: its cards not yet placed."""
        out = list(self.layout.caps)
        for f in self.fixed:
            if f != -1:
                out[f] -= 1
        return out

    def unknown(self) -> list[int]:
        """The cards whose holder is not fixed."""
        return [c for c, f in enumerate(self.fixed) if f == -1]

    def copy(self) -> DealState:
        return DealState(self.layout, self.allowed.copy(), list(self.fixed), list(self.at_least), list(self.not_env))


def setup(puzzle: Puzzle) -> DealState:
    """The state before propagation (``Has`` constraints already placed)."""
    layout = HolderLayout.of(puzzle.table)
    ci = layout.card_index
    allowed = np.ones((len(layout.card_cat), layout.n_holders), dtype=bool)
    allowed[:, layout.n_players : layout.n_players + layout.n_cats] = False
    for c, h in enumerate(layout.envelope_of):
        allowed[c, h] = True
    st = DealState(layout, allowed, [-1] * len(layout.card_cat), [], [])
    holder = layout.holder
    cons = puzzle.constraints
    for con in cons:
        if isinstance(con, Lacks):
            c = ci[con.card]
            allowed[c, holder(con.holder, c)] = False
    for con in cons:
        if isinstance(con, Has):
            c = ci[con.card]
            fix(st, c, holder(con.holder, c))
        elif isinstance(con, AtLeastOne):
            members = frozenset(ci[x] for x in con.cards)
            if con.holder == ENVELOPE:
                continue
            st.at_least.append((layout.index[con.holder], members))
        elif isinstance(con, NotEnvelope):
            st.not_env.append(frozenset(ci[x] for x in con.cards))
    return st


def fix(st: DealState, c: int, h: int) -> None:
    """Place card ``c`` with holder ``h`` (raises :class:`Conflict` if it may not go there)."""
    if st.fixed[c] == h:
        return
    if st.fixed[c] != -1 or not st.allowed[c, h]:
        raise Conflict
    st.fixed[c] = h
    st.allowed[c, :] = False
    st.allowed[c, h] = True


def propagate(st: DealState) -> None:
    """Forced placements, full hands, satisfied or shrunk constraints, until a fixpoint."""
    caps, env_of = st.layout.caps, st.layout.envelope_of
    changed = True
    while changed:
        changed = False
        for c, h in enumerate(st.fixed):
            if h == -1:
                options = np.flatnonzero(st.allowed[c])
                if len(options) == 0:
                    raise Conflict
                if len(options) == 1:
                    fix(st, c, int(options[0]))
                    changed = True
        for h in range(st.n_holders):
            held = sum(1 for f in st.fixed if f == h)
            free = caps[h] - held
            avail = [c for c, f in enumerate(st.fixed) if f == -1 and st.allowed[c, h]]
            if free < 0 or free > len(avail):
                raise Conflict
            if free == 0 and avail:
                st.allowed[avail, h] = False
                changed = True
            elif free == len(avail) and free > 0:
                for c in avail:
                    fix(st, c, h)
                changed = True
        kept = []
        for h, members in st.at_least:
            if any(st.fixed[c] == h for c in members):
                continue
            live = frozenset(c for c in members if st.fixed[c] == -1 and st.allowed[c, h])
            if not live:
                raise Conflict
            if len(live) == 1:
                fix(st, next(iter(live)), h)
                changed = True
                continue
            kept.append((h, live))
        st.at_least = sorted(set(kept), key=lambda x: (x[0], sorted(x[1])))
        open_env = []
        for triple in st.not_env:
            if any(st.fixed[c] not in (-1, env_of[c]) or not st.allowed[c, env_of[c]] for c in triple):
                continue
            rest = frozenset(c for c in triple if st.fixed[c] == -1)
            if not rest:
                raise Conflict
            open_env.append(rest)
        st.not_env = sorted(set(open_env), key=sorted)


def deal_bound(st: DealState) -> int:
    """An upper bound on the deals left: the smaller of the multinomial of the free
    places and the product of each unknown card's allowed holders."""
    free = st.free()
    unknown = st.unknown()
    ks = [free[h] for h in range(st.n_holders) if not st.is_env(h) and free[h] > 0]
    k_env = sum(1 for h in range(st.n_holders) if st.is_env(h) and free[h] > 0)
    multinomial = math.factorial(len(unknown)) // math.prod(math.factorial(k) for k in [*ks, k_env])
    per_card = math.prod(int(st.allowed[c].sum()) for c in unknown)
    return min(multinomial, per_card)


#: The largest prime below 2**31: products of two residues fit in int64.
PRIME = 2147483629


def crt(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The least non-negative x with x = a[0] mod a[1] and x = b[0] mod b[1] (coprime moduli)."""
    (ra, ma), (rb, mb) = a, b
    ra %= ma
    k = ((rb - ra) * pow(ma, -1, mb)) % mb
    return ra + ma * k
