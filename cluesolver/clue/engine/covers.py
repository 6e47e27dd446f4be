"""The exact engine: how many deals agree with the log, and where every card lies.

Method
------
1. *Propagation* (sound, cheap; :mod:`cluesolver.clue.engine.deal_state`): fix cards whose
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

The card-by-card programme (:mod:`cluesolver.clue.engine.dp`) is the other exact method;
:func:`count` picks the cheaper.  Tunables live in the frozen :class:`CountSettings`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from cluesolver.clue.engine.deal_state import PRIME, Conflict, DealState, crt, deal_bound, fix, propagate, setup
from cluesolver.clue.engine.dp import DealDP
from cluesolver.clue.engine.estimate import DP_RATE, estimate
from cluesolver.clue.engine.results import Counts, CountSettings, Estimate
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Constraint, Has, Lacks, Puzzle, Table

__all__ = ["DEFAULT_SETTINGS", "CountSettings", "Counts", "Estimate", "count_family", "count_numpy"]

DEFAULT_SETTINGS = CountSettings()

#: Cover method: measured cost of one planned operation relative to a DP one (numpy
#: temporaries of broadcast arrays; a planned cover operation takes 2-4 times as long
#: as a planned DP one, measured on Master Detective positions with 3-10 players).
COVER_OP = 3.3
#: A family (:func:`count_family`) is counted in one cover pass when that pass is planned
#: below this many seconds per member.  Counted one by one, each member costs about half a
#: millisecond of fixed costs plus its own (smaller: its facts propagated) pass; the
#: family's pass keeps the placed cards apart on their own axes, for every member.
#: Measured on the answers to the best suggestion of classic and Master Detective
#: positions with 4-6 players: below this the pass takes 0.3-0.8 of the time one by one,
#: well above it up to 10 times as long.
FAMILY_SECONDS = 0.002


def count_numpy(puzzle: Puzzle, method: str | None = None, settings: CountSettings = DEFAULT_SETTINGS) -> Counts:
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


def count_family(
    puzzle: Puzzle,
    extras: Sequence[tuple[Constraint, ...]],
    settings: CountSettings = DEFAULT_SETTINGS,
    seconds_each: float = FAMILY_SECONDS,
) -> list[Counts]:
    """:func:`count` of ``puzzle`` with each of ``extras`` added, in order: the same counts.

    When every extra only places a few cards ("has", "lacks", "holds at least one of")
    and the cover method's pass over the whole family is planned below ``seconds_each``
    per member, one pass counts them all (those cards' holders kept apart on their own
    axes, a leading axis over the family, see :class:`_Cover`).  Otherwise, and for a
    forced method, each is counted on its own.
    """

    def one_by_one() -> list[Counts]:
        return [count_numpy(Puzzle(puzzle.table, puzzle.constraints + tuple(e)), settings=settings) for e in extras]

    if settings.method != "auto" or len(extras) < 2:
        return one_by_one()
    try:
        st = setup(puzzle)
        propagate(st)
        if COVER_OP * _Cover(st, settings).cost() / DP_RATE > seconds_each:
            return one_by_one()  # the family's pass costs at least this per member
        variants = [_variant(st, extra) for extra in extras]
    except (Conflict, KeyError, TypeError):  # no deal, an unknown name or another kind of fact: as count says
        return one_by_one()
    live = [v for v, _ in variants if v is not None]
    if not live:
        return [_zero(puzzle.table) for _ in extras]
    single = frozenset(c for v, cards in variants if v is not None for c in cards)
    cover = _Cover(st, settings, live, single)
    planned = COVER_OP * cover.cost() / DP_RATE
    if (
        cover.dtype is object
        or planned > seconds_each * len(live)
        or cover.nbytes() > settings.max_bytes
        or cover.mixed_subsets()
    ):
        return one_by_one()
    got = iter(cover.family_counts())
    return [next(got) if v is not None else _zero(puzzle.table) for v, _ in variants]


def _variant(st: DealState, extra: tuple[Constraint, ...]) -> tuple[DealState | None, set[int]]:
    """``st`` with ``extra`` added and not propagated (the cards it places stay unknown, with
    only the holders allowed), and the unknown cards it concerns; ``None``: no deal.

    ``KeyError``: a name the table does not know; ``TypeError``: a kind of fact other than
    "has", "lacks" and "holds at least one of" (such families are counted one by one).
    """
    card_of = st.layout.card_index
    holder_of = st.layout.index
    holder = st.layout.holder

    v = st.copy()
    cards: set[int] = set()
    later: list[tuple[int, frozenset[int]]] = []
    for con in extra:
        if isinstance(con, (Has, Lacks)):
            c = card_of[con.card]
            h = holder(con.holder, c)
            if v.fixed[c] != -1:
                if (v.fixed[c] == h) != isinstance(con, Has):
                    return None, cards
                continue
            cards.add(c)
            if isinstance(con, Has):
                keep = bool(v.allowed[c, h])
                v.allowed[c, :] = False
                v.allowed[c, h] = keep
            else:
                v.allowed[c, h] = False
        elif isinstance(con, AtLeastOne):
            members = frozenset(card_of[x] for x in con.cards)
            if con.holder != ENVELOPE:  # as in setup: the envelope shows nothing
                later.append((holder_of[con.holder], members))
        else:
            raise TypeError(type(con).__name__)
    for c in cards:
        if not v.allowed[c].any():
            return None, cards
    # the constraints on the cards still open to their holder (as propagation leaves them)
    at_least = []
    for h, members in [*v.at_least, *later]:
        if any(v.fixed[c] == h for c in members):
            continue
        live = frozenset(c for c in members if v.fixed[c] == -1 and v.allowed[c, h])
        if not live:
            return None, cards
        cards |= live
        at_least.append((h, live))
    v.at_least = at_least
    v.not_env = [t for t in v.not_env if all(v.allowed[c, v.env_holder(c)] for c in t)]
    return v, cards


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


#: The extra marginals of a holder built by the subset transform: axis -> [family, 0/1] (count at 1).
_Extra = Callable[[np.ndarray], dict[int, np.ndarray]]
#: One holder's g for one kind of variant, with its one-card differences by axis (plain axes
#: share one array) and the extra marginals of the subset transform.
_Part = tuple[np.ndarray, dict[int, np.ndarray], _Extra | None]
#: A holder's share of a pass: (name, g, [(axes, dg)], extra marginals), with a leading family axis.
_Term = tuple[str, np.ndarray, list[tuple[list[int], np.ndarray]], _Extra | None]


class _Cover:
    """The inclusion–exclusion over covered sets, on an array of axes.

    A *family* of states is counted in one pass: ``variants`` differ from ``st`` only in
    the holders allowed for a few unknown cards (``single``, each on its own axis) and in
    more "at least one" constraints on those cards, with the same cards placed.  Every
    array then has a leading axis over the family (of length 1 where a holder's share is
    the same for all); the types and the arithmetic are those of ``st``, whose deals bound
    every variant's.

    Arithmetic: one pass in wrapping ``int64`` is exact modulo 2**64; when the counts
    could be larger, a second pass modulo a 31-bit prime and the Chinese remainder
    theorem recover them.  Beyond 2**88 the pass runs on Python integers.
    """

    def __init__(
        self,
        st: DealState,
        settings: CountSettings = DEFAULT_SETTINGS,
        variants: list[DealState] | None = None,
        single: frozenset[int] = frozenset(),
    ) -> None:
        self.st = st
        self.settings = settings
        self.variants = variants if variants is not None else [st]
        unknown = [c for c, f in enumerate(st.fixed) if f == -1]
        bound = {c for v in self.variants for _, members in v.at_least for c in members}
        bound |= {c for v in self.variants for t in v.not_env for c in t} | single
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
        self._counts: dict[tuple[int, ...], np.ndarray] = {}  # remembered building blocks
        self._tables: dict[tuple[str, int, int | None], np.ndarray] = {}

    def array_size(self) -> int:
        return math.prod(n + 1 for n in self.sizes) * len(self.variants)

    def nbytes(self) -> int:
        """Planned peak memory: prefix and suffix products of every holder's term, plus temporaries."""
        m = sum(1 for h in self.free if self.free[h] > 0)
        item = 48 if self.dtype is object else 8
        return self.array_size() * item * (2 * m + 8)

    def cost(self) -> float:
        """A rough operation count, to choose between methods."""
        m = sum(1 for h in self.free if self.free[h] > 0)
        slow = 20 if self.dtype is object else (1 if self.bound < self.settings.cover_wrap_exact else 2.5)
        return float(self.array_size()) * (m + 2) * 8 * slow

    # -- building blocks ---------------------------------------------------------

    def _r(self, arr: np.ndarray) -> np.ndarray:
        """Reduce modulo the current prime (wrapping int64 and Python ints need nothing)."""
        return arr % self.mod if self.mod is not None else arr

    def _index(self, i: int) -> np.ndarray:
        shape = [1] * self.ndim
        shape[i] = self.sizes[i] + 1
        return np.arange(self.sizes[i] + 1, dtype=np.int64).reshape(shape)

    def _count(self, axes: list[int]) -> np.ndarray:
        """How many cards of ``axes`` are in Y (remembered: holders share their allowed axes)."""
        key = tuple(axes)
        arr = self._counts.get(key)
        if arr is None:
            arr = np.zeros([1] * self.ndim, dtype=np.int64)
            for i in axes:
                arr = arr + self._index(i)
            self._counts[key] = arr
        return arr

    def _axes_for(self, st: DealState, h: int) -> list[int]:
        return [i for i, cs in enumerate(self.axes) if st.allowed[cs[0], h]]

    def _binom(self, k: int) -> np.ndarray:
        """``C(x, k)`` by ``x`` (remembered per pass's modulus; read only)."""
        key = ("binom", k, self.mod)
        if key not in self._tables:
            values = [math.comb(x, k) for x in range(self.u + 1)]
            if self.mod is not None:
                values = [v % self.mod for v in values]
            self._tables[key] = np.array(values, dtype=self.dtype)
        return self._tables[key]

    def _lower(self, k: int) -> np.ndarray:
        """``C(x - 1, k - 1)`` by ``x`` (zero at ``x = 0``, and for ``k = 0``)."""
        key = ("lower", k, self.mod)
        if key not in self._tables:
            if k < 1:
                self._tables[key] = np.zeros(self.u + 1, dtype=self.dtype)
            else:
                self._tables[key] = np.concatenate([np.zeros(1, dtype=self.dtype), self._binom(k - 1)[:-1]])
        return self._tables[key]

    def _unions(self, st: DealState, h: int) -> dict[frozenset[int], int]:
        """Inclusion–exclusion over h's "at least one" constraints, grouped by union."""
        unions: dict[frozenset[int], int] = {frozenset(): 1}
        for hh, members in st.at_least:
            if hh != h:
                continue
            axes = frozenset(self.axis_of[c] for c in members)
            nxt = dict(unions)
            for z, coef in unions.items():
                zz = z | axes
                nxt[zz] = nxt.get(zz, 0) - coef
            unions = {z: v for z, v in nxt.items() if v}
        return unions

    def _subsets_for(self, st: DealState, h: int) -> bool:
        """Whether h's term is built by the subset transform (many constraints) rather than by unions."""
        unions = self._unions(st, h)
        choice = self.settings.holder_method
        use_unions = len(unions) <= 2 * (self.free[h] + 1) if choice == "auto" else choice == "unions"
        return not use_unions and len(unions) > 1

    def _combine(self, parts: list[tuple[np.ndarray, int]]) -> np.ndarray:
        """``sum(coef * arr)``, reduced."""
        out = None
        for arr, coef in parts:
            term = arr if coef == 1 else self._r(arr * coef)
            out = term if out is None else self._r(out + term)
        assert out is not None
        return out

    def _player_terms(self, st: DealState, h: int) -> _Part:
        """g_h, and its one-card differences by axis.

        ``g_h(Y) - g_h(Y - one card of axis i)`` is the same array ``dg`` for every
        allowed axis that no constraint of h mentions (Pascal's rule); constrained axes
        get their own.
        """
        k = self.free[h]
        allowed = self._axes_for(st, h)
        table, lower = self._binom(k), self._lower(k)
        unions = self._unions(st, h)
        total = self._count(allowed)
        cnts = {z: (total - self._count(sorted(z)) if z else total) for z in unions}
        g = self._combine([(table[cnts[z]], coef) for z, coef in unions.items()])
        dg = self._combine([(lower[cnts[z]], coef) for z, coef in unions.items()])
        touched = sorted(set().union(*unions))
        diffs = {i: dg for i in allowed if i not in touched}
        for i in touched:
            diffs[i] = self._combine([(lower[cnts[z]], coef) for z, coef in unions.items() if i not in z])
        return g, diffs, None

    def _player_subsets(self, st: DealState, h: int) -> _Part:
        """g_h for a holder with many constraints, by a subset transform over its cards.

        ``H_j(Z)`` counts the ``j``-sets inside ``Z`` (constrained cards of h) that meet
        every constraint; the rest of h's hand comes from the other allowed cards.
        """
        k = self.free[h]
        mine = sorted({self.axis_of[c] for hh, members in st.at_least if hh == h for c in members})
        rest = [i for i in self._axes_for(st, h) if i not in mine]
        bits = {axis: b for b, axis in enumerate(mine)}
        nb = len(mine)
        xs = np.arange(1 << nb, dtype=np.int64)
        ok = np.ones(1 << nb, dtype=bool)
        for hh, members in st.at_least:
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
        others = tuple(a + 1 for a in range(self.ndim) if a not in bits)

        def extra(e: np.ndarray) -> dict[int, np.ndarray]:
            """Per constrained axis: [0, count] for each member of the family (``e`` leads with it)."""
            out: dict[int, np.ndarray] = {}
            qs = []
            for j in range(k + 1):
                q = self._r(e * tables[j][cnt])
                qs.append(self._r(q.sum(axis=others, keepdims=True)) if others else q)
            everything = tuple(range(1, self.ndim + 1))
            for axis in mine:
                sl1 = [slice(None)] * self.ndim
                sl0 = [slice(None)] * self.ndim
                sl1[axis], sl0[axis] = slice(1, 2), slice(0, 1)
                total = np.zeros(e.shape[0], dtype=object)
                for j in range(k + 1):
                    diff = self._r(hs[j][tuple(sl1)] - hs[j][tuple(sl0)])
                    part = self._r(qs[j][(slice(None), *sl1)] * diff).sum(axis=everything)
                    total += np.array([int(x) for x in part], dtype=object)
                out[axis] = np.stack([np.zeros(e.shape[0], dtype=object), total], axis=1)
            return out

        return g, dict.fromkeys(rest, dg), extra

    def _envelope_terms(self, st: DealState) -> _Part:
        open_cats = [st.n_players + k for k in range(st.n_cats) if self.free[st.n_players + k] > 0]
        cat_axes = {h: self._axes_for(st, h) for h in open_cats}
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
        diffs: dict[int, np.ndarray] = {}
        for h in open_cats:
            base = prod_except(h)
            for i in cat_axes[h]:
                if i in in_triples:
                    c = self.axes[i][0]
                    d = base
                    for rest in st.not_env:
                        if c in rest:
                            d = self._r(d - indicator(set(rest) - {c}))
                    diffs[i] = d
                else:
                    diffs[i] = base
        return g, diffs, None

    def _weights(self) -> np.ndarray:
        w: np.ndarray = np.ones([1] * self.ndim, dtype=self.dtype)
        for i, n in enumerate(self.sizes):
            vec: np.ndarray = np.array([(-1) ** (n - y) * math.comb(n, y) for y in range(n + 1)], dtype=self.dtype)
            shape = [1] * self.ndim
            shape[i] = n + 1
            w = self._r(w * vec.reshape(shape))
        return w

    # -- the family's share of each holder -------------------------------------------

    def _term(self, name: str, parts: list[tuple[list[int], _Part]]) -> _Term:
        """A holder's share over the family, from its parts (variants alike for it, their part):
        g and the one-card differences with a leading family axis; axes sharing the same
        differences in every part are summed together."""
        if len(parts) == 1:
            g, diffs, extra = parts[0][1]
            shared: dict[int, list[int]] = {}
            for i, d in diffs.items():
                shared.setdefault(id(d), []).append(i)
            return name, g[None], [(axes, diffs[axes[0]][None]) for axes in shared.values()], extra
        family = len(self.variants)

        def stacked(arrays: list[tuple[list[int], np.ndarray | None]]) -> np.ndarray:
            shape = np.broadcast_shapes(*(a.shape for _, a in arrays if a is not None))
            out = np.zeros((family, *shape), dtype=self.dtype)
            for js, a in arrays:
                if a is not None:
                    out[js] = a
            return out

        g = stacked([(js, part[0]) for js, part in parts])
        by_key: dict[tuple[int, ...], list[int]] = {}
        axes = sorted({i for _, part in parts for i in part[1]})
        for i in axes:
            by_key.setdefault(tuple(id(part[1].get(i)) for _, part in parts), []).append(i)
        groups = [(ax, stacked([(js, part[1].get(ax[0])) for js, part in parts])) for ax in by_key.values()]
        return name, g, groups, None

    def _terms(self) -> list[_Term]:
        """Every holder's share of the pass (players and slots, then the envelope)."""
        st, variants = self.st, self.variants
        terms: list[_Term] = []
        for h in range(st.allowed.shape[1]):
            if st.is_env(h) or self.free[h] == 0:
                continue
            alike: dict[tuple[bytes, tuple[frozenset[int], ...]], list[int]] = {(b"", ()): [0]}
            if len(variants) > 1:
                alike = {}
                for j, v in enumerate(variants):
                    key = (v.allowed[:, h].tobytes(), tuple(m for hh, m in v.at_least if hh == h))
                    alike.setdefault(key, []).append(j)
            parts = []
            for js in alike.values():
                v = variants[js[0]]
                parts.append((js, self._player_subsets(v, h) if self._subsets_for(v, h) else self._player_terms(v, h)))
            terms.append(self._term(self._name(h), parts))
        P, K = st.n_players, st.n_cats
        if any(self.free[P + k] > 0 for k in range(K)):
            alike_env: dict[tuple[bytes, tuple[frozenset[int], ...]], list[int]] = {(b"", ()): [0]}
            if len(variants) > 1:
                alike_env = {}
                for j, v in enumerate(variants):
                    alike_env.setdefault((v.allowed[:, P : P + K].tobytes(), tuple(v.not_env)), []).append(j)
            parts = [(js, self._envelope_terms(variants[js[0]])) for js in alike_env.values()]
            terms.append(self._term(ENVELOPE, parts))
        return terms

    def mixed_subsets(self) -> bool:
        """Whether a holder differs across the family and needs the subset transform for some
        of it (not supported: such a family is counted one state at a time)."""
        if len(self.variants) == 1:
            return False
        for h in range(self.st.allowed.shape[1]):
            if self.st.is_env(h) or self.free[h] == 0:
                continue
            kinds = {(v.allowed[:, h].tobytes(), tuple(m for hh, m in v.at_least if hh == h)) for v in self.variants}
            if len(kinds) > 1 and any(self._subsets_for(v, h) for v in self.variants):
                return True
        return False

    # -- the count -----------------------------------------------------------------

    def counts(self) -> Counts:
        return self.family_counts()[0]

    def family_counts(self) -> list[Counts]:
        """The counts of each state of the family, in order."""
        st, table = self.st, self.st.table
        names = list(table.holders)
        deals, marg = self._pass(None)
        if self.dtype is np.int64 and self.bound >= self.settings.cover_wrap_exact:
            deals_p, marg_p = self._pass(PRIME)
            deals = [crt((d, 1 << 64), (p, PRIME)) for d, p in zip(deals, deals_p)]
            marg = {
                key: ([crt((v, m), (p, PRIME)) for v, p in zip(values, marg_p[key][0])], 0)
                for key, (values, m) in marg.items()
            }
        out = []
        for j, n in enumerate(deals):
            held = {h: dict.fromkeys(table.cards, 0) for h in names}
            if n == 0:
                out.append(Counts(table, 0, held))
                continue
            for c, f in enumerate(st.fixed):
                if f != -1:
                    held[self._name(f)][table.cards[c]] = n
            for (name, card), (values, modulus) in marg.items():
                held[name][card] = values[j] % modulus if modulus else values[j]
            out.append(Counts(table, n, held))
        return out

    def _pass(self, mod: int | None) -> tuple[list[int], dict[tuple[str, str], tuple[list[int], int]]]:
        """One pass: each state's deal count and each unknown card's holder counts, as residues.

        Residues come with their modulus: 2**64 (or 2**(64-v) for a type of n = 2**v * odd
        cards) in wrapping int64, the prime in a prime pass, 0 for exact Python ints.
        """
        self.mod = mod
        with np.errstate(over="ignore"):
            terms = self._terms()
            shape = (len(self.variants), *(n + 1 for n in self.sizes))
            w = self._weights()[None]
            m = len(terms)
            one: np.ndarray = np.ones([1] * (self.ndim + 1), dtype=self.dtype)
            prefix = [one]
            for t in terms[:-1]:
                prefix.append(self._r(prefix[-1] * t[1]))
            # the suffix products carry the weights (every array of the marginals needs them)
            suffix = [w] * (m + 1)
            for j in range(m - 1, -1, -1):
                suffix[j] = self._r(terms[j][1] * suffix[j + 1])
            total = np.broadcast_to(suffix[0], shape).sum(axis=tuple(range(1, self.ndim + 1)))
            deals = [self._residue(x) for x in total]
            marg: dict[tuple[str, str], tuple[list[int], int]] = {}
            # Every unknown card lies with exactly one holder: the holder with the most
            # axes to sum (one without the subset transform) gets its counts by difference.
            last = max(
                range(m), key=lambda j: (terms[j][3] is None, sum(len(a) for a, _ in terms[j][2]), j), default=-1
            )
            if last >= 0 and terms[last][3] is not None:
                last = -1
            for j, (name, _, groups, extra_of) in enumerate(terms):
                if j == last:
                    continue
                e = np.broadcast_to(self._r(prefix[j] * suffix[j + 1]), shape)
                for axes, dg in groups:
                    by_axis = _axis_sums(self._r(e * dg), axes)
                    for i in axes:
                        self._record(marg, name, i, by_axis[i])
                if extra_of is not None:
                    for i, sums in extra_of(e).items():
                        self._record(marg, name, i, sums)
            if last >= 0:
                self._by_difference(marg, deals, terms[last][0], [i for axes, _ in terms[last][2] for i in axes])
        self.mod = None
        return deals, marg

    def _modulus(self, axis: int) -> int:
        """The modulus of the holder counts of ``axis``'s cards in this pass (0: exact)."""
        if self.dtype is object:
            return 0
        if self.mod is not None:
            return self.mod
        n = self.sizes[axis]
        return 1 << (64 - ((n & -n).bit_length() - 1))  # n = 2**v * odd: 2**(64-v)

    def _by_difference(
        self, marg: dict[tuple[str, str], tuple[list[int], int]], deals: list[int], name: str, axes: list[int]
    ) -> None:
        """``name``'s counts of the cards of ``axes``: the deals less every other holder's."""
        cards = self.st.table.cards
        others = [h for h in self.st.table.holders if h != name]
        for i in axes:
            card = cards[self.axes[i][0]]
            modulus = self._modulus(i)
            values = list(deals)
            for h in others:
                got = marg.get((h, card))
                if got is not None:
                    values = [v - x for v, x in zip(values, got[0])]
            values = [v % modulus for v in values] if modulus else values
            for c in self.axes[i]:
                marg[name, cards[c]] = (values, modulus)

    def _residue(self, value: int | np.integer) -> int:
        v = int(value)
        if self.dtype is object:
            return v
        return v % self.mod if self.mod is not None else v % (1 << 64)

    def _record(
        self, marg: dict[tuple[str, str], tuple[list[int], int]], name: str, axis: int, sums: np.ndarray
    ) -> None:
        """Per card of ``axis`` and state: sum of y * sums[state, y] is n times its holder count."""
        n = self.sizes[axis]
        if sums.dtype == object or len(sums) == 1:
            totals = [sum(y * int(row[y]) for y in range(1, n + 1)) for row in sums]
        else:  # wrapping int64 is exact modulo 2**64; a prime pass's sums, reduced, stay far below 2**63
            reduced = sums[:, 1:] if self.mod is None else sums[:, 1:] % self.mod
            totals = [int(t) for t in (reduced * np.arange(1, n + 1, dtype=np.int64)).sum(axis=1)]
        modulus = self._modulus(axis)
        if self.dtype is object:
            values = [t // n for t in totals]
        elif self.mod is not None:
            inverse = pow(n, -1, self.mod)
            values = [t * inverse % self.mod for t in totals]
        else:
            v = (n & -n).bit_length() - 1  # n = 2**v * odd
            inverse = pow(n >> v, -1, modulus)
            values = [((t % (1 << 64)) >> v) * inverse % modulus for t in totals]
        for c in self.axes[axis]:
            marg[name, self.st.table.cards[c]] = (values, modulus)

    def _name(self, h: int) -> str:
        return self.st.holder_name(h)


def _axis_sums(arr: np.ndarray, axes: list[int]) -> dict[int, np.ndarray]:
    """For each axis in ``axes`` (numbered after the leading family axis), ``arr`` summed over
    every other axis but the family's (divide and conquer): family x (axis length)."""
    others = tuple(a + 1 for a in range(arr.ndim - 1) if a not in axes)
    if others:
        arr = arr.sum(axis=others, keepdims=True)
    return _split_sums(arr, sorted(axes))


def _split_sums(arr: np.ndarray, axes: list[int]) -> dict[int, np.ndarray]:
    if len(axes) == 1:
        return {axes[0]: arr.reshape(arr.shape[0], -1)}
    half = len(axes) // 2
    left, right = axes[:half], axes[half:]
    out = _split_sums(arr.sum(axis=tuple(a + 1 for a in right), keepdims=True), left)
    out.update(_split_sums(arr.sum(axis=tuple(a + 1 for a in left), keepdims=True), right))
    return out
