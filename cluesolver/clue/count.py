"""The exact engine: how many deals agree with the log, and where every card lies.

Method
------
1. *Propagation* (sound, cheap; :mod:`cluesolver.clue.deal_state`): fix cards whose
   holder is forced, drop holders that are full, satisfy or shrink "at least one of"
   constraints.  Known cards leave the universe ``U`` of unknown cards.
2. *Ordered covers*.  Each holder ``h`` needs exactly ``k_h`` more cards, with
   ``sum(k_h) = |U|``, so a deal of ``U`` is a tuple of per-holder sets that covers
   ``U``.  By inclusion–exclusion over the covered part ``Y``::

       deals = sum over Y ⊆ U of (-1)^|U \\ Y| * prod_h g_h(Y)

   where ``g_h(Y)`` counts the sets ``h`` may receive inside ``Y`` (size ``k_h``,
   allowed cards only, meeting each of its "at least one" constraints — itself an
   inclusion–exclusion over those constraints; for the envelope one card per open
   category, minus the wrongly accused combinations).
3. *Types*.  Unknown cards that appear in no open constraint and have the same allowed
   holders are interchangeable: only how many of them are in ``Y`` matters, with a
   binomial weight.  ``Y`` is then an array with one axis of length 2 per constrained
   card and one axis of length ``n+1`` per type, and all sums are vectorised numpy
   passes.
4. *Marginals*.  The deals where card ``c`` goes to ``h`` replace ``g_h(Y)`` by the
   number of its sets inside ``Y`` that contain ``c``: ``g_h(Y) - g_h(Y - c)``.

Arithmetic is exact: numpy ``int64`` (wrapping, exact because every final value is
known to fit) or Python integers in object arrays when the counts could be larger.

The card-by-card programme (:mod:`cluesolver.clue.count_dp`) is the other exact method;
:func:`count` picks the cheaper.  Tunables live in the frozen :class:`CountSettings`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from cluesolver.clue.constraints import ENVELOPE, Puzzle, Table
from cluesolver.clue.count_dp import DealDP
from cluesolver.clue.counts import Counts, CountSettings, Estimate
from cluesolver.clue.deal_state import PRIME, Conflict, DealState, crt, deal_bound, fix, propagate, setup
from cluesolver.clue.estimate import DP_RATE, estimate

__all__ = ["DEFAULT_SETTINGS", "CountSettings", "Counts", "Estimate", "count"]

DEFAULT_SETTINGS = CountSettings()

#: Cover method: measured cost of one planned operation relative to a DP one (numpy
#: temporaries of broadcast arrays; a planned cover operation takes 2-4 times as long
#: as a planned DP one, measured on Master Detective positions with 3-10 players).
COVER_OP = 3.3


def count(puzzle: Puzzle, method: str | None = None, settings: CountSettings = DEFAULT_SETTINGS) -> Counts:
    """Count the deals consistent with ``puzzle`` and every card's holder counts.

    ``method`` ("cover", "dp" or "estimate") forces a method; by default
    ``settings.method`` ("auto"): the exact method with less planned work, if one fits
    the budget (``settings.max_bytes``, ``settings.max_seconds``), else an estimate
    (exact certain facts, sampled probabilities with error bars: ``Counts.estimate``).
    Nothing is allocated before its size is known.
    """
    try:
        st = setup(puzzle)
        propagate(st)
    except Conflict:
        return _zero(puzzle.table)
    return _count_state(st, method or settings.method, settings)


def _zero(table: Table) -> Counts:
    return Counts(table, 0, {h: dict.fromkeys(table.cards, 0) for h in table.holders})


def _count_state(st: DealState, method: str, settings: CountSettings) -> Counts:
    """The count of a propagated state by ``method`` ("auto": see :func:`count`)."""
    if method == "cover":
        return _Cover(st, settings).counts()
    if method == "dp":
        return _dp_counts(st, settings)
    if method == "estimate":
        return estimate(st, settings, "an estimate was asked for")
    cover = _Cover(st, settings)
    cover_s = COVER_OP * cover.cost() / DP_RATE
    cover_fits = cover.nbytes() <= settings.max_bytes and cover_s <= settings.max_seconds
    if cover_fits and cover_s < 0.01:
        return cover.counts()  # tiny: no need to plan the other method
    terms = _dp_terms(st)
    dps = [DealDP(term, settings.dp_wrap_limit, polish=False) for _, term in terms]
    dp_s = sum(dp.cost() for dp in dps) / DP_RATE
    if 0.05 < dp_s < 20 * settings.max_seconds:  # a better order may bring it within budget
        dps = [DealDP(term, settings.dp_wrap_limit) for _, term in terms]
        dp_s = sum(dp.cost() for dp in dps) / DP_RATE
    dp_bytes = max(dp.nbytes() for dp in dps)
    dp_fits = dp_bytes <= settings.max_bytes and dp_s <= settings.max_seconds and max(dp.bound for dp in dps) < 1 << 93
    if dp_fits and (not cover_fits or dp_s < cover_s):
        return _dp_counts(st, settings, dps, terms)
    if cover_fits:
        return cover.counts()
    reason = (
        f"exact counting would need about {min(dp_bytes, cover.nbytes()) / 2**20:,.0f} MB "
        f"or {min(dp_s, cover_s):,.1f} s (budget {settings.max_bytes / 2**20:,.0f} MB, {settings.max_seconds:g} s)"
    )
    return estimate(st, settings, reason)


def _dp_terms(st: DealState) -> list[tuple[int, DealState]]:
    """Wrong accusations by inclusion–exclusion: (+1, no accusation), (-1, each accused envelope)."""
    base = st.copy()
    base.not_env = []
    terms = [(1, base)]
    for rest in st.not_env:
        alt = base.copy()
        try:
            for c in rest:
                fix(alt, c, alt.env_holder(c))
            propagate(alt)
        except Conflict:
            continue
        terms.append((-1, alt))
    return terms


def _dp_counts(
    st: DealState,
    settings: CountSettings,
    dps: list[DealDP] | None = None,
    terms: list[tuple[int, DealState]] | None = None,
) -> Counts:
    """The DP method, one programme per inclusion–exclusion term (``dps`` planned for ``terms``)."""
    table = st.table
    held = {h: dict.fromkeys(table.cards, 0) for h in table.holders}
    terms = _dp_terms(st) if terms is None else terms
    if dps is None:
        dps = [DealDP(term, settings.dp_wrap_limit) for _, term in terms]
    deals = 0
    for (sign, term), dp in zip(terms, dps):
        n, per_card = dp.run()
        deals += sign * n
        for c, f in enumerate(term.fixed):
            if f != -1:
                held[term.holder_name(f)][table.cards[c]] += sign * n
        for c, row in per_card.items():
            for h, v in row.items():
                held[term.holder_name(h)][table.cards[c]] += sign * v
    if deals == 0:
        return Counts(table, 0, {h: dict.fromkeys(table.cards, 0) for h in table.holders})
    return Counts(table, deals, held)


#: The extra marginals of a holder built by the subset transform: axis -> [0, count].
_Extra = Callable[[np.ndarray], dict[int, np.ndarray]]
#: A holder's share of a pass: (name, g, [(axis, dg)], [(axes, shared dg)], extra marginals).
_Term = tuple[str, np.ndarray, list[tuple[int, np.ndarray]], list[tuple[list[int], np.ndarray]], _Extra | None]


class _Cover:
    """The inclusion–exclusion over covered sets, on an array of axes.

    Arithmetic: one pass in wrapping ``int64`` is exact modulo 2**64; when the counts
    could be larger, a second pass modulo a 31-bit prime and the Chinese remainder
    theorem recover them.  Beyond 2**88 the pass runs on Python integers.
    """

    def __init__(self, st: DealState, settings: CountSettings = DEFAULT_SETTINGS) -> None:
        self.st = st
        self.settings = settings
        unknown = [c for c, f in enumerate(st.fixed) if f == -1]
        bound = {c for _, members in st.at_least for c in members} | {c for t in st.not_env for c in t}
        self.axes: list[list[int]] = [[c] for c in sorted(bound)]
        groups: dict[bytes, list[int]] = {}
        for c in unknown:
            if c not in bound:
                groups.setdefault(st.allowed[c].tobytes(), []).append(c)
        self.axes += list(groups.values())
        self.axis_of = {c: i for i, cs in enumerate(self.axes) for c in cs}
        self.sizes = [len(a) for a in self.axes]
        self.ndim = len(self.axes)
        self.free = dict(enumerate(st.free()))
        self.u = len(unknown)
        self.bound = deal_bound(st)
        self.dtype: type = np.int64 if self.bound < settings.cover_py_ints_from else object
        self.mod: int | None = None  # the prime of the current pass, or None

    def array_size(self) -> int:
        return math.prod(n + 1 for n in self.sizes)

    def nbytes(self) -> int:
        """Planned peak memory: prefix and suffix products of every holder's term, plus temporaries."""
        m = sum(1 for h in self.free if self.free[h] > 0)
        item = 48 if self.dtype is object else 8
        return self.array_size() * item * (2 * m + 8)

    def cost(self) -> float:
        """A rough operation count, to choose between methods."""
        m = sum(1 for h in self.free if self.free[h] > 0)
        slow = 20 if self.dtype is object else (1 if self.bound < self.settings.cover_wrap_exact else 2.5)
        return float(math.prod(n + 1 for n in self.sizes)) * (m + 2) * 8 * slow

    # -- building blocks ---------------------------------------------------------

    def _r(self, arr: np.ndarray) -> np.ndarray:
        """Reduce modulo the current prime (wrapping int64 and Python ints need nothing)."""
        return arr % self.mod if self.mod is not None else arr

    def _index(self, i: int) -> np.ndarray:
        shape = [1] * self.ndim
        shape[i] = self.sizes[i] + 1
        return np.arange(self.sizes[i] + 1, dtype=np.int64).reshape(shape)

    def _count(self, axes: list[int]) -> np.ndarray:
        arr = np.zeros([1] * self.ndim, dtype=np.int64)
        for i in axes:
            arr = arr + self._index(i)
        return arr

    def _axes_for(self, h: int) -> list[int]:
        return [i for i, cs in enumerate(self.axes) if self.st.allowed[cs[0], h]]

    def _binom(self, k: int) -> np.ndarray:
        values = [math.comb(x, k) for x in range(self.u + 1)]
        if self.mod is not None:
            values = [v % self.mod for v in values]
        return np.array(values, dtype=self.dtype)

    def _lower(self, k: int) -> np.ndarray:
        """``C(x - 1, k - 1)`` by ``x`` (zero at ``x = 0``, and for ``k = 0``)."""
        if k < 1:
            return np.zeros(self.u + 1, dtype=self.dtype)
        return np.concatenate([np.zeros(1, dtype=self.dtype), self._binom(k - 1)[:-1]])

    def _unions(self, h: int) -> dict[frozenset[int], int]:
        """Inclusion–exclusion over h's "at least one" constraints, grouped by union."""
        unions: dict[frozenset[int], int] = {frozenset(): 1}
        for hh, members in self.st.at_least:
            if hh != h:
                continue
            axes = frozenset(self.axis_of[c] for c in members)
            nxt = dict(unions)
            for z, coef in unions.items():
                zz = z | axes
                nxt[zz] = nxt.get(zz, 0) - coef
            unions = {z: v for z, v in nxt.items() if v}
        return unions

    def _combine(self, parts: list[tuple[np.ndarray, int]]) -> np.ndarray:
        """``sum(coef * arr)``, reduced."""
        out = None
        for arr, coef in parts:
            term = arr if coef == 1 else self._r(arr * coef)
            out = term if out is None else self._r(out + term)
        assert out is not None
        return out

    def _player_terms(self, h: int) -> tuple[np.ndarray, list[tuple[int, np.ndarray]], list[int], np.ndarray]:
        """g_h, and its one-card differences: (g, [(axis, dg)], plain axes, shared dg).

        ``g_h(Y) - g_h(Y - one card of axis i)`` is the same array ``dg`` for every
        allowed axis that no constraint of h mentions (Pascal's rule); constrained axes
        get their own.
        """
        k = self.free[h]
        allowed = self._axes_for(h)
        table, lower = self._binom(k), self._lower(k)
        unions = self._unions(h)
        total = self._count(allowed)
        cnts = {z: (total - self._count(sorted(z)) if z else total) for z in unions}
        g = self._combine([(table[cnts[z]], coef) for z, coef in unions.items()])
        dg = self._combine([(lower[cnts[z]], coef) for z, coef in unions.items()])
        touched = sorted(set().union(*unions))
        own = [
            (i, self._combine([(lower[cnts[z]], coef) for z, coef in unions.items() if i not in z])) for i in touched
        ]
        plain = [i for i in allowed if i not in touched]
        return g, own, plain, dg

    def _player_subsets(self, h: int) -> tuple[np.ndarray, list[int], np.ndarray, _Extra]:
        """g_h for a holder with many constraints, by a subset transform over its cards.

        ``H_j(Z)`` counts the ``j``-sets inside ``Z`` (constrained cards of h) that meet
        every constraint; the rest of h's hand comes from the other allowed cards.
        """
        k = self.free[h]
        mine = sorted({self.axis_of[c] for hh, members in self.st.at_least if hh == h for c in members})
        rest = [i for i in self._axes_for(h) if i not in mine]
        bits = {axis: b for b, axis in enumerate(mine)}
        nb = len(mine)
        xs = np.arange(1 << nb, dtype=np.int64)
        ok = np.ones(1 << nb, dtype=bool)
        for hh, members in self.st.at_least:
            if hh == h:
                cm = sum(1 << bits[self.axis_of[c]] for c in members)
                ok &= (xs & cm) != 0
        pop = np.zeros(1 << nb, dtype=np.int64)
        for b in range(nb):
            pop += (xs >> b) & 1
        emb_shape = [2 if a in bits else 1 for a in range(self.ndim)]
        hs = []
        for j in range(k + 1):
            f = (ok & (pop == j)).astype(self.dtype)  # subset counts stay below 2**nb
            for b in range(nb):
                v = f.reshape(-1, 2, 1 << b)
                v[:, 1, :] += v[:, 0, :]
            hs.append(self._r(f.reshape([2] * nb).transpose(list(range(nb - 1, -1, -1))).reshape(emb_shape)))
        cnt = self._count(rest)
        tables = [self._binom(k - j) for j in range(k + 1)]
        lowers = [self._lower(k - j) for j in range(k + 1)]
        g = self._combine([(self._r(hs[j] * tables[j][cnt]), 1) for j in range(k + 1)])
        dg = self._combine([(self._r(hs[j] * lowers[j][cnt]), 1) for j in range(k + 1)])
        others = tuple(a for a in range(self.ndim) if a not in bits)

        def extra(e: np.ndarray) -> dict[int, np.ndarray]:
            out: dict[int, np.ndarray] = {}
            qs = []
            for j in range(k + 1):
                q = self._r(e * tables[j][cnt])
                qs.append(self._r(q.sum(axis=others, keepdims=True)) if others else q)
            for axis in mine:
                sl1 = [slice(None)] * self.ndim
                sl0 = [slice(None)] * self.ndim
                sl1[axis], sl0[axis] = slice(1, 2), slice(0, 1)
                total = 0
                for j in range(k + 1):
                    diff = self._r(hs[j][tuple(sl1)] - hs[j][tuple(sl0)])
                    total += int(self._r(qs[j][tuple(sl1)] * diff).sum())
                out[axis] = np.array([0, total], dtype=object)
            return out

        return g, rest, dg, extra

    def _envelope_terms(self) -> tuple[np.ndarray, list[tuple[int, np.ndarray]], list[tuple[list[int], np.ndarray]]]:
        st = self.st
        open_cats = [st.n_players + k for k in range(st.n_cats) if self.free[st.n_players + k] > 0]
        cat_axes = {h: self._axes_for(h) for h in open_cats}
        cnt: dict[int, np.ndarray] = {h: self._count(cat_axes[h]).astype(self.dtype) for h in open_cats}

        def prod_except(skip: int | None) -> np.ndarray:
            out: np.ndarray = np.ones([1] * self.ndim, dtype=self.dtype)
            for h in open_cats:
                if h != skip:
                    out = self._r(out * cnt[h])
            return out

        def indicator(cards: frozenset[int] | set[int]) -> np.ndarray:
            out: np.ndarray = np.ones([1] * self.ndim, dtype=self.dtype)
            for c in cards:
                out = out * self._index(self.axis_of[c]).astype(self.dtype)
            return out

        g = prod_except(None)
        for rest in st.not_env:
            g = self._r(g - indicator(rest))
        in_triples = {self.axis_of[c] for rest in st.not_env for c in rest}
        own: list[tuple[int, np.ndarray]] = []
        groups: list[tuple[list[int], np.ndarray]] = []
        for h in open_cats:
            base = prod_except(h)
            groups.append(([i for i in cat_axes[h] if i not in in_triples], base))
            for i in cat_axes[h]:
                if i in in_triples:
                    c = self.axes[i][0]
                    d = base
                    for rest in st.not_env:
                        if c in rest:
                            d = self._r(d - indicator(set(rest) - {c}))
                    own.append((i, d))
        return g, own, groups

    def _weights(self) -> np.ndarray:
        w: np.ndarray = np.ones([1] * self.ndim, dtype=self.dtype)
        for i, n in enumerate(self.sizes):
            vec: np.ndarray = np.array([(-1) ** (n - y) * math.comb(n, y) for y in range(n + 1)], dtype=self.dtype)
            shape = [1] * self.ndim
            shape[i] = n + 1
            w = self._r(w * vec.reshape(shape))
        return w

    # -- the count -----------------------------------------------------------------

    def counts(self) -> Counts:
        st, table = self.st, self.st.table
        names = list(table.holders)
        deals, marg = self._pass(None)
        if self.dtype is np.int64 and self.bound >= self.settings.cover_wrap_exact:
            deals_p, marg_p = self._pass(PRIME)
            deals = crt((deals, 1 << 64), (deals_p, PRIME))
            marg = {key: (crt(marg[key], marg_p[key]), 0) for key in marg}
        held = {h: dict.fromkeys(table.cards, 0) for h in names}
        if deals == 0:
            return Counts(table, 0, held)
        for c, f in enumerate(st.fixed):
            if f != -1:
                held[self._name(f)][table.cards[c]] = deals
        for (name, card), (value, modulus) in marg.items():
            held[name][card] = value % modulus if modulus else value
        return Counts(table, deals, held)

    def _pass(self, mod: int | None) -> tuple[int, dict[tuple[str, str], tuple[int, int]]]:
        """One pass: the deal count and each unknown card's holder counts, as residues.

        Residues come with their modulus: 2**64 (or 2**(64-v) for a type of n = 2**v * odd
        cards) in wrapping int64, the prime in a prime pass, 0 for exact Python ints.
        """
        self.mod = mod
        st = self.st
        P, K = st.n_players, st.n_cats
        terms: list[_Term] = []
        with np.errstate(over="ignore"):
            for h in range(st.allowed.shape[1]):
                if st.is_env(h) or self.free[h] == 0:
                    continue
                k = self.free[h]
                unions = self._unions(h)
                choice = self.settings.holder_method
                use_unions = len(unions) <= 2 * (k + 1) if choice == "auto" else choice == "unions"
                if use_unions or len(unions) == 1:
                    g, own, plain, dg = self._player_terms(h)
                    terms.append((self._name(h), g, own, [(plain, dg)], None))
                else:
                    g, plain, dg, more = self._player_subsets(h)
                    terms.append((self._name(h), g, [], [(plain, dg)], more))
            if any(self.free[P + k] > 0 for k in range(K)):
                g, own, groups = self._envelope_terms()
                terms.append((ENVELOPE, g, own, groups, None))
            shape = tuple(n + 1 for n in self.sizes)
            w = self._weights()
            m = len(terms)
            one: np.ndarray = np.ones([1] * self.ndim, dtype=self.dtype)
            prefix = [one]
            for t in terms:
                prefix.append(self._r(prefix[-1] * t[1]))
            suffix = [one] * (m + 1)
            for j in range(m - 1, -1, -1):
                suffix[j] = self._r(terms[j][1] * suffix[j + 1])
            deals = self._residue(np.broadcast_to(self._r(w * prefix[m]), shape).sum())
            marg: dict[tuple[str, str], tuple[int, int]] = {}
            for j, (name, _, own, groups, extra_of) in enumerate(terms):
                e = np.broadcast_to(self._r(self._r(w * prefix[j]) * suffix[j + 1]), shape)
                for axes, dg in groups:
                    if not axes:
                        continue
                    by_axis = _axis_sums(self._r(e * dg), axes)
                    for i in axes:
                        self._record(marg, name, i, by_axis[i])
                for i, dg in own:
                    self._record(marg, name, i, _axis_sums(self._r(e * dg), [i])[i])
                if extra_of is not None:
                    for i, sums in extra_of(e).items():
                        self._record(marg, name, i, sums)
        self.mod = None
        return deals, marg

    def _residue(self, value: int | np.integer) -> int:
        v = int(value)
        if self.dtype is object:
            return v
        return v % self.mod if self.mod is not None else v % (1 << 64)

    def _record(self, marg: dict[tuple[str, str], tuple[int, int]], name: str, axis: int, sums: np.ndarray) -> None:
        """Per card of ``axis``: sum of y * sums[y] is n times its holder count."""
        n = self.sizes[axis]
        total = sum(y * int(sums[y]) for y in range(1, n + 1))
        if self.dtype is object:
            value, modulus = total // n, 0
        elif self.mod is not None:
            value, modulus = total * pow(n, -1, self.mod) % self.mod, self.mod
        else:
            v = (n & -n).bit_length() - 1  # n = 2**v * odd
            modulus = 1 << (64 - v)
            value = ((total % (1 << 64)) >> v) * pow(n >> v, -1, modulus) % modulus
        for c in self.axes[axis]:
            marg[name, self.st.table.cards[c]] = (value, modulus)

    def _name(self, h: int) -> str:
        return self.st.holder_name(h)


def _axis_sums(arr: np.ndarray, axes: list[int]) -> dict[int, np.ndarray]:
    """For each axis in ``axes``, ``arr`` summed over every other axis (divide and conquer)."""
    arr = np.broadcast_to(arr, np.broadcast_shapes(arr.shape, arr.shape))
    others = tuple(a for a in range(arr.ndim) if a not in axes)
    if others:
        arr = arr.sum(axis=others, keepdims=True)
    return _split_sums(arr, sorted(axes))


def _split_sums(arr: np.ndarray, axes: list[int]) -> dict[int, np.ndarray]:
    if len(axes) == 1:
        return {axes[0]: arr.reshape(-1)}
    half = len(axes) // 2
    left, right = axes[:half], axes[half:]
    out = _split_sums(arr.sum(axis=tuple(right), keepdims=True), left)
    out.update(_split_sums(arr.sum(axis=tuple(left), keepdims=True), right))
    return out
