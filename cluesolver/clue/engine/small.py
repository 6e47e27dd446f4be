"""Exact counts of small positions in plain Python, so that a replay never waits for numpy.

A log with a notebook owner on a classic table leaves a handful of unknown cards: the
exact answer then takes a few milliseconds, less than importing numpy (about 0.1 s of a
0.2 s start-up).  :func:`count` is the engine's light entry point: it tries
:func:`count_small` and hands anything bigger to :func:`cluesolver.clue.engine.covers.count_numpy`
(imported only then).  Both are exact, so the answer never depends on which one ran.

Method: a programme over the cards, one at a time, in an order that closes constraints
soon after opening them.  A state is each holder's room left and which of the open
constraints ("holds at least one of", "the envelope is not all of") are already met;
its value is the number of ways to reach it.  States that cannot be completed (a holder
needing more cards than are left for it) are dropped as they appear.  A backward pass
gives, for every card and holder, the deals that put the card there.  Python integers
keep everything exact.  Past :class:`SmallLimits` (states in one layer, transitions in
all) it gives up and returns ``None``, having spent at most a few milliseconds.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import TYPE_CHECKING, NamedTuple

from cluesolver.clue.engine.layout import HolderLayout, greedy_order
from cluesolver.clue.engine.results import Counts, CountSettings
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Constraint, Has, Lacks, NotEnvelope, Puzzle, Table

if TYPE_CHECKING:  # only drawing deals needs it, and the caller brings the generator
    import random

__all__ = [
    "SmallDeals",
    "SmallLimits",
    "SmallPlan",
    "count_small",
    "envelope_deals",
    "small_deals",
]


class SmallLimits(NamedTuple):
    """How big a position :func:`count_small` takes on before handing it over.  (Named tuples
    here: each frozen dataclass costs every command about 0.5-1 ms to define.)"""

    max_states: int = 3_000  # states in one layer of the programme
    max_steps: int = 30_000  # transitions tried in all (about 20 ms)


_DEFAULT_SETTINGS = CountSettings()
DEFAULT_LIMITS = SmallLimits()
#: With numpy already loaded (about 0.06 s of start-up paid), only tiny positions stay here.
LOADED_LIMITS = SmallLimits(max_states=500, max_steps=1_000)

#: A state: (each holder's room left, as mixed-radix digits of one integer; bits of the constraints met).
_State = tuple[int, int]


def _zero(table: Table) -> Counts:
    return Counts(table, 0, {h: dict.fromkeys(table.cards, 0) for h in table.holders})


class SmallPlan:
    """A puzzle read for the plain-Python programmes over its deals: this module's counter
    and the search of :mod:`cluesolver.clue.engine.feasible`.

    Holders and cards are numbered by ``layout`` (:class:`HolderLayout`: players, one
    envelope place per category, table slots).  What the readers use:

    * ``allowed[c]``: the holders card ``c`` may still go to (its "has" and "lacks" read);
    * ``constraints``: every other constraint as (cards, the holders meeting it): "holds at
      least one of" (that holder) and "the envelope is not all of" (every holder but the
      envelope places), each on the cards that can still meet it, and none met in every
      deal (:meth:`_simplified`); ``cons_of[c]``: the constraints card ``c`` is in;
    * ``order``: the card order of the counter's programme (:func:`greedy_order`: constrained
      cards first; empty without ``ordered``, as a search for one deal needs none);
    * :meth:`read` and :meth:`read_hand`: more facts put into copies of ``allowed`` and
      ``constraints`` (the feasibility questions).

    ``KeyError``: a name the table does not know, or cards and categories that disagree.
    """

    def __init__(self, puzzle: Puzzle, ordered: bool = True) -> None:
        t = puzzle.table
        layout = HolderLayout.of(t)
        if not layout.well_formed:
            raise KeyError("cards and categories disagree")
        self.table = t
        self.layout = layout
        others = layout.not_envelope
        self._not_envelope = frozenset(others)  # the holders meeting "the envelope is not all of"
        self.allowed: list[set[int]] = [{*others, env} for env in layout.envelope_of]
        self.constraints: list[tuple[frozenset[int], frozenset[int]]] = []  # (cards, holders meeting it)
        for con in puzzle.constraints:
            self.read(con, self.allowed, self.constraints)
        self.constraints = self._simplified()
        self.cons_of: list[list[int]] = [[] for _ in t.cards]  # card -> the constraints it is in
        for j, (cards, _) in enumerate(self.constraints):
            for c in cards:
                self.cons_of[c].append(j)
        self.order = self._order() if ordered else []

    def read(
        self, con: Constraint, allowed: list[set[int]], constraints: list[tuple[frozenset[int], frozenset[int]]]
    ) -> None:
        """Put ``con`` into ``allowed`` (holders left per card) and ``constraints`` (cards, holders
        meeting it).  ``KeyError``: a name the table does not know."""
        layout = self.layout
        if isinstance(con, Lacks):
            c = layout.card_index[con.card]
            allowed[c].discard(layout.holder(con.holder, c))
        elif isinstance(con, Has):
            c = layout.card_index[con.card]
            allowed[c] &= {layout.holder(con.holder, c)}
        elif isinstance(con, AtLeastOne):
            cards = frozenset(layout.card_index[x] for x in con.cards)
            if con.holder != ENVELOPE:  # as the main engine: an envelope "shows" nothing
                constraints.append((cards, frozenset({layout.index[con.holder]})))
        elif isinstance(con, NotEnvelope):
            constraints.append((frozenset(layout.card_index[x] for x in con.cards), self._not_envelope))

    def read_hand(self, player: str, cards: Collection[str], allowed: list[set[int]]) -> None:
        """Put "``player`` holds exactly ``cards``" into ``allowed`` (a "has" for each of them
        and a "lacks" for every other card).  ``KeyError``: a name the table does not know."""
        h = self.layout.index[player]
        mine = {self.layout.card_index[c] for c in cards}
        for c, holders in enumerate(allowed):
            if c not in mine:
                holders.discard(h)
            elif h in holders:
                holders.intersection_update((h,))
            else:
                holders.clear()

    def _simplified(self) -> list[tuple[frozenset[int], frozenset[int]]]:
        """The constraints that still matter, each on the cards that can still meet it.

        A card none of whose holders meets a constraint leaves it; a constraint that one of
        its cards meets in every deal (every holder left for the card meets it) goes.
        """
        out = []
        for cards, who in self.constraints:
            live = frozenset(c for c in cards if self.allowed[c] & who)
            if any(self.allowed[c] <= who for c in live):
                continue
            out.append((live, who))
        return list(dict.fromkeys(out))

    def _order(self) -> list[int]:
        """Constrained cards first, each step opening few constraints and closing many (ties:
        the card in more open constraints, then with fewer holders; see :func:`greedy_order`)."""
        groups = [cards for cards, _ in self.constraints]
        return greedy_order(
            range(len(self.table.cards)), groups, unconstrained_first=False, holders=[len(a) for a in self.allowed]
        )


def count_small(puzzle: Puzzle, limits: SmallLimits = DEFAULT_LIMITS) -> Counts | None:
    """The exact counts of ``puzzle``, or ``None`` when it is past ``limits`` (or unusual)."""
    run = Programme.run(puzzle, limits)
    return None if run is None else run.counts


class SmallDeals(NamedTuple):
    """Deals of a small position as rows of holder indices (into ``holders``), card by card
    in the table's order: every consistent deal once (``exact``), or a uniform sample."""

    holders: tuple[str, ...]
    rows: list[tuple[int, ...]]
    exact: bool

    @property
    def size(self) -> int:
        return len(self.rows)


def small_deals(
    puzzle: Puzzle, n: int, rng: random.Random, exact_limit: int, limits: SmallLimits = DEFAULT_LIMITS
) -> SmallDeals | None:
    """Every consistent deal when there are at most ``exact_limit``, else ``n`` uniform draws
    (card by card, each holder in proportion to the deals that finish from there); ``None``
    when the position is past ``limits`` (the numpy sampler then draws)."""
    run = Programme.run(puzzle, limits)
    if run is None:
        return None
    holders = puzzle.table.holders
    if run.counts.deals <= exact_limit:
        return SmallDeals(holders, run.every(), True)
    return SmallDeals(holders, [run.draw(rng) for _ in range(n)], False)


def envelope_deals(puzzle: Puzzle, limits: SmallLimits = DEFAULT_LIMITS) -> dict[tuple[str, ...], int] | None:
    """The exact number of deals giving each possible whole envelope (cards in category
    order), from one run of the small programme; ``None`` when the position is past ``limits``
    (then each partial envelope is counted on its own, see :mod:`cluesolver.clue.engine.envelope`)."""
    run = Programme.run(puzzle, limits)
    return None if run is None else run.envelopes(20 * limits.max_states)


class Programme:
    """The programme of one position, kept for drawing deals: each layer's arrows and the
    ways to finish from each state."""

    def __init__(
        self,
        plan: SmallPlan,
        counts: Counts,
        start: _State,
        moves: list[dict[_State, list[tuple[int, _State]]]],
        finishes: list[dict[_State, int]],
    ) -> None:
        self.plan = plan
        self.counts = counts
        self.start = start
        self.moves = moves
        self.finishes = finishes  # finishes[i]: ways to finish from a state before card i (i = n: the end)
        self.holder_of = plan.layout.table_holder  # programme holder -> table holder

    def _row(self, path: list[int]) -> tuple[int, ...]:
        row = [0] * len(path)
        for c, h in zip(self.plan.order, path):
            row[c] = self.holder_of[h]
        return tuple(row)

    def draw(self, rng: random.Random) -> tuple[int, ...]:
        """One deal, uniformly."""
        state = self.start
        path = []
        for i, layer in enumerate(self.moves):
            after = self.finishes[i + 1]
            arrows = layer[state]
            pick = rng.randrange(self.finishes[i][state])
            for arrow in arrows:
                pick -= after.get(arrow[1], 0)
                if pick < 0:
                    break
            path.append(arrow[0])
            state = arrow[1]
        return self._row(path)

    def every(self) -> list[tuple[int, ...]]:
        """Every consistent deal once (depth first)."""
        out: list[tuple[int, ...]] = []
        path: list[int] = []
        n = len(self.moves)

        def walk(i: int, state: _State) -> None:
            if i == n:
                out.append(self._row(path))
                return
            after = self.finishes[i + 1]
            for h, target in self.moves[i].get(state, ()):
                if after.get(target, 0):
                    path.append(h)
                    walk(i + 1, target)
                    path.pop()

        if self.counts.deals:
            walk(0, self.start)
        return out

    def envelopes(self, max_states: int) -> dict[tuple[str, ...], int] | None:
        """The deals of each whole envelope (one card per category, in category order):
        the paths of the programme carried forward with the envelope's cards taken so far
        (dead ends left out); ``None`` when a layer would exceed ``max_states`` of those."""
        plan = self.plan
        table = plan.table
        first, n_cats = plan.layout.n_players, plan.layout.n_cats
        layer: dict[tuple[_State, tuple[int, ...]], int] = {(self.start, (-1,) * n_cats): 1}
        if not self.counts.deals:
            return {}
        for i, arrows_of in enumerate(self.moves):
            c = plan.order[i]
            after = self.finishes[i + 1]
            nxt: dict[tuple[_State, tuple[int, ...]], int] = {}
            for (state, env), ways in layer.items():
                for h, target in arrows_of.get(state, ()):
                    if not after.get(target, 0):
                        continue
                    k = h - first
                    key = (target, env[:k] + (c,) + env[k + 1 :] if 0 <= k < n_cats else env)
                    nxt[key] = nxt.get(key, 0) + ways
            if len(nxt) > max_states:
                return None
            layer = nxt
        out: dict[tuple[str, ...], int] = {}
        for (_, env), ways in layer.items():
            combo = tuple(table.cards[x] for x in env)
            out[combo] = out.get(combo, 0) + ways
        return out

    @staticmethod
    @functools.lru_cache(maxsize=4)
    def run(puzzle: Puzzle, limits: SmallLimits) -> Programme | None:
        """Count ``puzzle`` (forward, then backward); ``None`` past ``limits`` (or unusual).

        Remembered for a few puzzles: counting a log and then drawing its deals runs it once.
        """
        try:
            plan = SmallPlan(puzzle)
        except KeyError:  # a name the table does not know: the main engine says what is wrong
            return None
        return _run(plan, limits)


def _run(plan: SmallPlan, limits: SmallLimits) -> Programme | None:
    table = plan.table
    empty = Programme(plan, _zero(table), (0, 0), [], [{}])
    if any(not cards for cards, _ in plan.constraints):
        return empty
    order, allowed, caps = plan.order, plan.allowed, plan.layout.caps
    n, H = len(order), len(caps)
    bases = [1] * H
    for h in range(1, H):
        bases[h] = bases[h - 1] * (caps[h - 1] + 1)
    # room[i][h]: cards at positions >= i of the order that h may still receive.
    room = [[0] * H for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        room[i] = list(room[i + 1])
        for h in allowed[order[i]]:
            room[i][h] += 1
    if sum(caps) != n or any(caps[h] > room[0][h] for h in range(H)):
        return empty
    last: dict[int, int] = {}  # constraint -> position of its last card
    for i, c in enumerate(order):
        for j in plan.cons_of[c]:
            last[j] = i
    start: _State = (sum(caps[h] * bases[h] for h in range(H)), 0)
    layer: dict[_State, int] = {start: 1}
    forward: list[dict[_State, int]] = []  # ways to reach each state before each card
    moves: list[dict[_State, list[tuple[int, _State]]]] = []  # the arrows out of each state
    steps = 0
    for i, c in enumerate(order):
        after = room[i + 1]
        # Per holder that may take the card: its digit's place, its base, its room after
        # this card, the constraints it meets by taking it.
        options = [
            (
                h,
                bases[h],
                caps[h] + 1,
                after[h],
                sum(1 << j for j in plan.cons_of[c] if h in plan.constraints[j][1]),
            )
            for h in sorted(allowed[c])
        ]
        closing = sum(1 << j for j, at in last.items() if at == i)
        nxt: dict[_State, int] = {}
        out: dict[_State, list[tuple[int, _State]]] = {}
        for state, ways in layer.items():
            code, mask = state
            choices = options
            for option in options:
                if code // option[1] % option[2] > option[3]:  # this holder must take the card
                    if choices is not options:  # two holders must: a dead end
                        choices = []
                        break
                    choices = [option]
            arrows = []
            for h, base, radix, _, met in choices:
                if code // base % radix == 0:
                    continue
                m = mask | met
                if m & closing != closing:
                    continue
                target = (code - base, m & ~closing)
                arrows.append((h, target))
                nxt[target] = nxt.get(target, 0) + ways
            steps += len(options)
            if arrows:
                out[state] = arrows
        if len(nxt) > limits.max_states or steps > limits.max_steps:
            return None
        forward.append(layer)
        moves.append(out)
        layer = nxt
    if not layer:
        return empty
    # Backward: ways to finish from each state; every arrow taken adds to its card's holder.
    held = {h: dict.fromkeys(table.cards, 0) for h in table.holders}
    names = plan.layout.names
    finish: dict[_State, int] = dict.fromkeys(layer, 1)
    finishes = [finish]
    for i in range(n - 1, -1, -1):
        card = table.cards[order[i]]
        before: dict[_State, int] = {}
        ways_to = forward[i]
        for state, arrows in moves[i].items():
            total = 0
            for h, target in arrows:
                rest = finish.get(target, 0)
                if rest:
                    total += rest
                    held[names[h]][card] += ways_to[state] * rest
            if total:
                before[state] = total
        finish = before
        finishes.append(finish)
    deals = finish.get(start, 0)
    if deals == 0:
        return empty
    finishes.reverse()
    return Programme(plan, Counts(table, deals, held), start, moves, finishes)
