"""Opponent threat: how likely each opponent can already name the whole envelope.

An opponent knows their own hand, everything said at the table (passes, who showed,
wrong accusations) and the cards shown to them.  We know none of their hand and, of a
card shown to them by someone else, only that it was one of the three suggested.  So
for every deal that agrees with our log (all of them, or a uniform sample: drawn from the
small counter's programme when the position is small enough, without numpy, else by
:mod:`cluesolver.clue.engine.sampler`) we rebuild the opponent's notebook as it would be in
that deal (a shower holding several of the cards picks one at random) and ask whether
it leaves a single envelope.  The threat is the share of deals where it does.

Deciding "a single envelope" is exact: a cheap test finds most answers (the opponent's
own cards and the cards shown to them leave one card per category: certain; or swapping
the envelope's card with another card of its category keeps every fact the opponent
knows: not certain), and the rest are counted exactly, at most ``max_counts`` of them
(beyond that a notebook is taken as not certain and the figure is marked as a lower
bound).  An answer is remembered by notebook: a notebook met again costs nothing.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from cluesolver.clue.engine import count, count_once
from cluesolver.clue.engine.feasible import Feasibility
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.engine.small import SmallDeals, small_deals
from cluesolver.clue.record.constraints import (
    ENVELOPE,
    AtLeastOne,
    Constraint,
    Has,
    Lacks,
    NotEnvelope,
    Puzzle,
    Table,
    puzzle_of,
)
from cluesolver.clue.record.events import Accusation, GameLog, HoldsNone, LooksAt, Shown, Suggestion

if TYPE_CHECKING:
    from cluesolver.clue.engine.sampler import Deals


@dataclass(frozen=True)
class Threat:
    """One opponent's chance of naming the whole envelope now, and over which deals it was taken."""

    player: str
    probability: float  # that they can already name the envelope
    out: bool  # already out after a wrong accusation
    deals: int  # deals the figure is taken over
    exact: bool  # over every consistent deal
    lower_bound: bool = False  # some notebooks were left uncounted (taken as not certain)

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "can_name_envelope": self.probability,
            "out": self.out,
            "deals": self.deals,
            "exact": self.exact,
            "lower_bound": self.lower_bound,
        }


class _Private:
    """A card shown to the opponent: by ``shower``, one of ``cards`` (``card`` when the log names it)."""

    __slots__ = ("card", "cards", "shower")

    def __init__(self, shower: str, cards: tuple[str, ...], card: str | None) -> None:
        self.shower = shower
        self.cards = cards
        self.card = card


class _Public:
    """What everybody knows: the constraints, the same indexed for the swap test, and read
    once for the search of a deal with another envelope (when first needed); and how often
    the exchange test found a deal (``finds``) or would not have (``fails``) so far."""

    __slots__ = ("at_least", "constraints", "fails", "feasibility", "finds", "has", "lacks", "not_env", "read")

    def __init__(
        self,
        constraints: tuple[Constraint, ...],
        lacks: frozenset[tuple[str, str]],
        has: frozenset[tuple[str, str]],
        at_least: dict[str, tuple[tuple[str, ...], ...]],
        not_env: frozenset[frozenset[str]],
    ) -> None:
        self.constraints = constraints
        self.lacks = lacks
        self.has = has
        self.at_least = at_least
        self.not_env = not_env
        self.feasibility: Feasibility | None = None
        self.read = False  # feasibility is set (None: the search cannot read these facts)
        self.finds = 0
        self.fails = 0

    def search(self, table: Table) -> Feasibility | None:
        """The public facts read for the search (once)."""
        if not self.read:
            self.feasibility = Feasibility.of(Puzzle(table, self.constraints))
            self.read = True
        return self.feasibility

    @staticmethod
    def of(constraints: list[Constraint]) -> _Public:
        at_least: dict[str, list[tuple[str, ...]]] = {}
        for con in constraints:
            if isinstance(con, AtLeastOne):
                at_least.setdefault(con.holder, []).append(con.cards)
        return _Public(
            tuple(constraints),
            frozenset((c.holder, c.card) for c in constraints if isinstance(c, Lacks)),
            frozenset((c.holder, c.card) for c in constraints if isinstance(c, Has)),
            {h: tuple(v) for h, v in at_least.items()},
            frozenset(frozenset(c.cards) for c in constraints if isinstance(c, NotEnvelope)),
        )


def _public(log: GameLog) -> tuple[list[Constraint], dict[str, list[_Private]], dict[str, list[tuple[str, str]]]]:
    """What everybody knows, what each player was shown, and each player's looks at table cards."""
    public: list[Constraint] = []
    shown: dict[str, list[_Private]] = {p: [] for p in log.players}
    looks: dict[str, list[tuple[str, str]]] = {p: [] for p in log.players}
    for e in log.events:
        if isinstance(e, Suggestion):
            for r in e.replies:
                if r.passes:
                    public.extend(Lacks(r.player, c) for c in e.cards)
                else:
                    public.append(AtLeastOne(r.player, e.cards))
                    shown[e.suggester].append(_Private(r.player, e.cards, r.card))
        elif isinstance(e, Accusation):
            if e.correct:
                public.extend(Has(ENVELOPE, c) for c in e.cards)
            else:
                public.append(NotEnvelope(e.cards))
        elif isinstance(e, HoldsNone):
            public.extend(Lacks(e.player, c) for c in e.cards)
        elif isinstance(e, Shown):
            public.append(AtLeastOne(e.shower, e.cards))
            shown[e.viewer].append(_Private(e.shower, e.cards, e.card))
        elif isinstance(e, LooksAt):
            looks[e.player].append((e.slot, e.card or ""))
    return public, shown, looks


#: What everybody knows (constraints), what each player was shown (each show's ``shower``,
#: ``cards`` and ``card`` when the log names it) and each player's looks at table cards:
#: the parts of an opponent's notebook, for :mod:`cluesolver.clue.advice.show` too.
public_knowledge = _public


@dataclass
class _Scene:
    """What both threat counts start from: who is out, the opponents, the sampled deals as
    views, the public facts and each player's private ones, and the shared memo."""

    out_now: set[str]
    others: list[str]
    views: list[_Deal]
    exact: bool
    facts: list[Constraint]
    shown: dict[str, list[_Private]]
    looks: dict[str, list[tuple[str, str]]]
    public: _Public
    rng: random.Random
    table: Table
    memo: dict[tuple[object, ...], bool]

    @staticmethod
    def of(
        log: GameLog, counts: Counts | None, deals: Deals | SmallDeals | None, samples: int, seed: int
    ) -> _Scene | tuple[Threat, ...]:
        """The scene, or at once every opponent's (empty) threat when no deal is consistent."""
        puzzle = puzzle_of(log)
        counts = counts if counts is not None else count(puzzle)
        out_now = {e.accuser for e in log.events if isinstance(e, Accusation) and not e.correct}
        others = [p for p in log.players if p != log.header.me]
        if not counts.deals:
            return tuple(Threat(p, 0.0, p in out_now, 0, True) for p in others)
        if deals is None:
            deals = small_deals(puzzle, samples, random.Random(seed + 17), exact_limit=samples)
        if deals is None:
            from cluesolver.clue.engine.sampler import deals_for

            deals = deals_for(puzzle, counts, samples, random.Random(seed + 17), exact_limit=samples)
        holders, rows, exact = _rows(deals, samples, seed)
        facts, shown, looks = _public(log)
        table = puzzle.table
        category = {c: cat for cat, cs in table.categories for c in cs}
        views = [_Deal.of(table, holders, row, category) for row in rows]
        return _Scene(
            out_now, others, views, exact, facts, shown, looks, _Public.of(facts), random.Random(seed), table, {}
        )


def threats(
    log: GameLog,
    counts: Counts | None = None,
    deals: Deals | SmallDeals | None = None,
    samples: int = 400,
    seed: int = 0,
    max_counts: int = 400,
) -> tuple[Threat, ...]:
    """For every player other than the log's owner: the chance they can already name the envelope.

    The deals are ``deals`` (a uniform subset of ``samples`` of them when there are more),
    or every consistent deal when there are at most ``samples``, else ``samples`` uniform
    draws: from the small counter's programme when the position is small (no numpy), else
    from :mod:`cluesolver.clue.engine.sampler`.
    """
    scene = _Scene.of(log, counts, deals, samples, seed)
    if isinstance(scene, tuple):
        return scene
    out_now, others, views, exact = scene.out_now, scene.others, scene.views, scene.exact
    shown, looks, public = scene.shown, scene.looks, scene.public
    rng, table, memo = scene.rng, scene.table, scene.memo
    out: list[Threat] = []
    budget = [max_counts, 0]  # counts left, notebooks left uncounted
    for j in others:
        if j in out_now:
            out.append(Threat(j, 0.0, True, len(views), exact))
            continue
        certain = 0.0
        budget[1] = 0
        seen = _Seen(shown[j])
        for view in views:
            certain += _knows(j, view, public, seen, looks[j], table, rng, memo, budget)
        bound = budget[1] > 0
        out.append(Threat(j, certain / len(views), False, len(views), exact and not bound, bound))
    return tuple(out)


def _rows(deals: Deals | SmallDeals, samples: int, seed: int) -> tuple[tuple[str, ...], list[tuple[int, ...]], bool]:
    """The deals as rows of holder indices (a uniform subset of ``samples`` when there are more)."""
    if isinstance(deals, SmallDeals):
        rows = deals.rows
        if len(rows) > samples:
            rows = random.Random(seed + 18).sample(rows, samples)
        return deals.holders, rows, deals.exact and len(rows) == deals.size
    owner = deals.owner
    if deals.size > samples:  # a uniform subset
        owner = owner[sorted(random.Random(seed + 18).sample(range(deals.size), samples))]
        return deals.holders, [tuple(r) for r in owner.tolist()], False
    return deals.holders, [tuple(r) for r in owner.tolist()], deals.exact


class _Deal:
    """One deal as the threat test reads it: each card's holder, each holder's cards, the
    envelope's card of each category, and the cards of each table slot.  It also keeps the
    swaps found so far (see :meth:`swap`): every opponent asks about the same deal."""

    __slots__ = ("_found", "_more", "env", "hands", "owner")

    def __init__(self, owner: dict[str, str], hands: dict[str, tuple[str, ...]], env: dict[str, str]) -> None:
        self.owner = owner
        self.hands = hands
        self.env = env
        self._found: list[tuple[str, str]] = []
        self._more: Iterator[tuple[str, str]] | None = None

    @staticmethod
    def of(table: Table, holders: tuple[str, ...], row: tuple[int, ...], category: dict[str, str]) -> _Deal:
        """The deal of ``row`` (holder indices); ``category``: each card's category."""
        owner = dict(zip(table.cards, [holders[h] for h in row]))
        hands: dict[str, list[str]] = {}
        for c, h in owner.items():
            hands.setdefault(h, []).append(c)
        env = {category[c]: c for c in hands[ENVELOPE]}
        return _Deal(owner, {h: tuple(cs) for h, cs in hands.items()}, env)

    def swap(self, j: str, seen: set[tuple[str, str]], public: _Public, table: Table) -> bool:
        """A deal ``j`` cannot tell apart from this one with another envelope: a player
        other than ``j`` gives the envelope one of their cards ``x`` and takes its card of
        that category, breaking no public fact (``j`` did not see them show ``x``).

        Whether a player may is a property of the deal alone, so the swaps are found once,
        in order and only as far as an answer needs, and shared by every opponent's question.
        """
        for p, x in self._found:
            if p != j and (p, x) not in seen:
                return True
        if self._more is None:
            self._more = self._swaps(public, table)
        for p, x in self._more:
            self._found.append((p, x))
            if p != j and (p, x) not in seen:
                return True
        return False

    def _swaps(self, public: _Public, table: Table) -> Iterator[tuple[str, str]]:
        env = self.env
        owner = self.owner
        for cat, cs in table.categories:
            e = env[cat]
            for x in cs:
                p = owner[x]
                if x == e or p == ENVELOPE or p.startswith("table:"):
                    continue
                if _allows(p, x, e, owner, public, env, cat):
                    yield p, x


class _Seen:
    """The shows to one opponent, each (shower, card) they may have seen numbered: a pick
    of one card per show is a tuple of numbers, and the sorted numbers name the notebook's
    seen cards as the sorted pairs would, faster."""

    __slots__ = ("pairs", "shows")

    def __init__(self, shown: list[_Private]) -> None:
        number: dict[tuple[str, str], int] = {}
        #: per show: its shower, and its cards with their numbers (only the card named, when the log names it)
        self.shows: list[tuple[str, bool, tuple[tuple[str, int], ...]]] = []
        for s in shown:
            cards = (s.card,) if s.card is not None else s.cards
            ids = tuple((c, number.setdefault((s.shower, c), len(number))) for c in cards)
            self.shows.append((s.shower, s.card is not None, ids))
        self.pairs = list(number)  # number -> (shower, card)


def _knows(
    j: str,
    deal: _Deal,
    public: _Public,
    shown: _Seen,
    looks: list[tuple[str, str]],
    table: Table,
    rng: random.Random,
    memo: dict[tuple[object, ...], bool],
    budget: list[int],
) -> float:
    """The chance that ``j``'s notebook, in ``deal``, leaves a single envelope: averaged
    over which card each shower picked (all picks when few, else one at random).

    Whether a notebook leaves a single envelope depends on the notebook only, so it is
    remembered by notebook (two picks often make the same one)."""
    owner = deal.owner
    options = [[ids[0][1]] if named else [i for c, i in ids if owner[c] == k] for k, named, ids in shown.shows]
    picks: list[tuple[int, ...]]
    if math.prod(map(len, options)) <= 8:
        picks = list(itertools.product(*options))
    else:
        picks = [tuple(rng.choice(o) for o in options)]
    hand = deal.hands.get(j, ())
    slots = tuple((f"table:{slot}", deal.hands[f"table:{slot}"][0]) for slot, _ in looks) if looks else ()
    hits = 0
    for pick in picks:
        key = (j, hand, tuple(sorted(pick)), slots)
        found = memo.get(key)
        if found is None:
            seen = [shown.pairs[i] for i in pick]
            decided = _certain(j, deal, public, seen, hand, slots, table, budget)
            if decided is None:
                continue  # out of counting budget: counted as not certain (a lower bound)
            found = memo[key] = decided
        hits += found
    return hits / len(picks)


def _certain(
    j: str,
    deal: _Deal,
    public: _Public,
    seen: list[tuple[str, str]],
    hand: tuple[str, ...],
    slots: tuple[tuple[str, str], ...],
    table: Table,
    budget: list[int],
) -> bool | None:
    """Whether ``j``'s notebook (``hand``, their hand in ``deal``; the cards they saw, and
    looked at on the table) leaves one envelope: the cheap tests decide most notebooks, the
    exact count the rest.  ``None``: undecided, the counting budget being spent."""
    # certain at once when what j saw leaves one card per category (it takes that many cards)
    if len(hand) + len(seen) + len(slots) >= len(table.cards) - len(table.categories):
        known = set(hand) | {c for _, c in seen} | {c for _, c in slots}
        if all(sum(1 for c in cs if c not in known) == 1 for _, cs in table.categories):
            return True
    seen_set = set(seen)
    if deal.swap(j, seen_set, public, table):
        return False
    shown: list[Constraint] = [Has(k, c) for k, c in (*seen, *slots)]
    # The deal itself agrees with every fact j knows, so j's notebook leaves one envelope
    # exactly when no deal agreeing with them has another envelope: a search for one such
    # deal (it stops at the first, or at a contradiction) instead of counting them all.
    # Its first step (propagation alone) proves most certain notebooks certain, and when
    # enough notebooks so far were (the exchange test, which runs to its end on those, then
    # costs more than it saves) it runs before the exchanges, which it settles when it finds
    # no such deal (they only find such deals).  Either way the counting budget is spent on
    # the same notebooks as ever: those neither cheap test decides.
    extra = [*shown, NotEnvelope(tuple(deal.env.values()))]
    other = None
    if 4 * public.fails > public.finds:
        search = public.search(table)
        other = None if search is None else search.has_deal(extra, 1, (j, hand))
    if other is not False and _exchange_exists(j, deal, public, seen_set, table.categories):
        public.finds += 1
        return False
    public.fails += 1
    if budget[0] <= 0:
        budget[1] += 1
        return None
    budget[0] -= 1
    if other is None:
        search = public.search(table)
        other = None if search is None else search.has_deal(extra, hand=(j, hand))
    if other is not None:
        return not other
    mine: list[Constraint] = [Has(j, c) for c in hand]
    mine += [Lacks(j, c) for c in table.cards if c not in hand]
    mine += shown
    got = count_once(Puzzle(table, public.constraints + tuple(mine)))  # one-off: not remembered
    env = got.held[ENVELOPE]
    return got.deals > 0 and all(sum(1 for c in cs if env[c] > 0) == 1 for _, cs in table.categories)


def _allows(p: str, x: str, e: str, owner: dict[str, str], public: _Public, env: dict[str, str], cat: str) -> bool:
    """Player ``p`` giving ``x`` to the envelope and taking ``e`` breaks no public fact."""
    if (p, e) in public.lacks or (p, x) in public.has:
        return False
    for cards in public.at_least.get(p, ()):
        if x in cards and e not in cards and not any(owner[y] == p for y in cards if y != x):
            return False
    if not public.not_env:
        return True
    new_env = frozenset(c for k, c in env.items() if k != cat) | {x}
    return new_env not in public.not_env


def _exchange_exists(
    j: str,
    deal: _Deal,
    public: _Public,
    seen: set[tuple[str, str]],
    categories: tuple[tuple[str, tuple[str, ...]], ...],
) -> bool:
    """Like :meth:`_Deal.swap` with one more card moving: the player ``p`` giving the
    envelope another card ``x`` either passes the envelope's card on to a third player
    ``q`` and takes one of ``q``'s cards (a cycle), or takes it and also trades a card with
    ``q`` to keep a constraint of theirs met.  Each candidate deal is checked against every
    fact ``j`` knows (:func:`_valid`), so any one found is a deal ``j`` cannot tell apart
    from ``deal`` with another envelope."""
    owner = deal.owner
    players = [h for h in deal.hands if h not in (j, ENVELOPE) and not h.startswith("table:")]
    for cat, cs in categories:
        e = deal.env[cat]
        for x in cs:
            p = owner[x]
            if x == e or p not in players or (p, x) in seen or (p, x) in public.has:
                continue
            new_env = frozenset(c for k, c in deal.env.items() if k != cat) | {x}
            if new_env in public.not_env:
                continue
            # constraints of p that x alone meets: what p takes must meet them
            alone = [s for s in public.at_least.get(p, ()) if x in s and not any(owner[y] == p for y in s if y != x)]
            trade = bool(alone) and (p, e) not in public.lacks
            for q in players:
                if q == p:
                    continue
                for z in deal.hands[q]:
                    if all(z in s for s in alone) and _valid({x: ENVELOPE, e: q, z: p}, deal, public, seen):
                        return True  # the cycle
                    if trade and all(z in s or e in s for s in alone):
                        for y in deal.hands[p]:
                            if y != x and _valid({x: ENVELOPE, e: p, z: p, y: q}, deal, public, seen):
                                return True
    return False


def _valid(moves: dict[str, str], deal: _Deal, public: _Public, seen: set[tuple[str, str]]) -> bool:
    """``deal`` with ``moves`` (card -> new holder) breaks no public fact and no fact the
    opponent saw (hand sizes are the caller's: every holder gives as many cards as it takes)."""
    owner = deal.owner
    touched = set()
    for c, h in moves.items():
        o = owner[c]
        if (h, c) in public.lacks or (o, c) in public.has or (o, c) in seen:
            return False
        touched.add(o)
        touched.add(h)
    for h in touched:
        for s in public.at_least.get(h, ()):
            if not any(moves.get(y, owner[y]) == h for y in s):
                return False
    if public.not_env:
        env = frozenset(c for c in deal.env.values() if c not in moves) | {c for c, h in moves.items() if h == ENVELOPE}
        if env in public.not_env:
            return False
    return True


def next_turn_threats(
    log: GameLog,
    counts: Counts | None = None,
    deals: Deals | SmallDeals | None = None,
    samples: int = 200,
    seed: int = 0,
    max_counts: int = 60,
    every: int = 1,
) -> tuple[Threat, ...]:
    """For every player other than the log's owner: the chance they can name the envelope
    by the end of their next turn: already (as :func:`threats`), or after the answer to
    their own next suggestion, made as a careful player would (per category a card they
    have neither been dealt nor seen, uniformly; any card of it when none is left) and
    answered in the deal (clockwise, the first holder showing one of the cards uniformly).
    Taken over the same deals as :func:`threats`; in each deal, when the ways (which card
    each earlier shower picked; then which suggestion; then which card is shown) number at
    most ``every``, all of them are weighed, else one is drawn at random.  The answers the
    other opponents' suggestions would give them first are left out.  What the owner's
    accusation timing weighs when waiting means that every opponent moves first (a
    self-play pilot, ``benchmarks/selfplay.py`` row ``danger-next``)."""
    scene = _Scene.of(log, counts, deals, samples, seed)
    if isinstance(scene, tuple):
        return scene
    out_now, others, views, exact = scene.out_now, scene.others, scene.views, scene.exact
    facts, shown, looks, public = scene.facts, scene.shown, scene.looks, scene.public
    rng, table, memo = scene.rng, scene.table, scene.memo
    budget = [max_counts, 0]
    players = log.players
    out: list[Threat] = []
    for j in others:
        if j in out_now:
            out.append(Threat(j, 0.0, True, len(views), exact))
            continue
        budget[1] = 0
        seen = _Seen(shown[j])
        i = players.index(j)
        order = [players[(i + k) % len(players)] for k in range(1, len(players))]
        total = 0.0
        drawn = False
        for view in views:
            if _knows(j, view, public, seen, looks[j], table, rng, memo, budget) >= 1.0:
                total += 1.0  # certain whatever they picked: certain after any suggestion too
                continue
            got, all_ways = _certain_after_next(j, view, facts, seen, looks[j], table, order, rng, budget, every)
            total += got
            drawn = drawn or not all_ways
        bound = budget[1] > 0
        out.append(Threat(j, total / len(views), False, len(views), exact and not drawn and not bound, bound))
    return tuple(out)


T = TypeVar("T")


def _ways(options: Sequence[Sequence[T]], every: int, rng: random.Random) -> list[tuple[T, ...]]:
    """Every choice of one item per list when they number at most ``every``, else one drawn."""
    if math.prod(map(len, options)) <= every:
        return list(itertools.product(*options))
    return [tuple(rng.choice(o) for o in options)]


def _certain_after_next(
    j: str,
    deal: _Deal,
    facts: list[Constraint],
    shown: _Seen,
    looks: list[tuple[str, str]],
    table: Table,
    order: list[str],
    rng: random.Random,
    budget: list[int],
    every: int,
) -> tuple[float, bool]:
    """The chance that ``j``'s notebook in ``deal`` leaves one envelope after their next
    suggestion (made and answered as :func:`next_turn_threats` says), and whether every
    way was weighed (else one was drawn)."""
    owner = deal.owner
    hand = deal.hands.get(j, ())
    slots = tuple((f"table:{slot}", deal.hands[f"table:{slot}"][0]) for slot, _ in looks) if looks else ()
    options = [[ids[0][1]] if named else [i for c, i in ids if owner[c] == k] for k, named, ids in shown.shows]
    picks = _ways(options, every, rng)
    all_ways = len(picks) == math.prod(map(len, options))
    total = 0.0
    for pick in picks:
        seen = [shown.pairs[i] for i in pick]
        known = set(hand) | {c for _, c in seen} | {c for _, c in slots}
        open_ = [[c for c in cs if c not in known] or list(cs) for _, cs in table.categories]
        suggestions = _ways(open_, every, rng)
        all_ways = all_ways and len(suggestions) == math.prod(map(len, open_))
        got = 0.0
        for cards in suggestions:
            new: list[Constraint] = []
            shows: list[tuple[str, str] | None] = [None]
            for k in order:
                held = [c for c in cards if owner[c] == k]
                if not held:
                    new.extend(Lacks(k, c) for c in cards)
                    continue
                new.append(AtLeastOne(k, cards))
                if len(held) <= every:
                    shows = [(k, c) for c in held]
                else:
                    shows, all_ways = [(k, rng.choice(held))], False
                break
            after = _Public.of([*facts, *new])
            hits = 0
            for show in shows:
                view = _Deal(owner, deal.hands, deal.env)  # the swaps found before may break the new facts
                hits += bool(_certain(j, view, after, [*seen, *([show] if show else [])], hand, slots, table, budget))
            got += hits / len(shows)
        total += got / len(suggestions)
    return total / len(picks), all_ways
