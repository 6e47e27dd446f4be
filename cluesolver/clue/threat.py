"""Opponent threat: how likely each opponent can already name the whole envelope.

An opponent knows their own hand, everything said at the table (passes, who showed,
wrong accusations) and the cards shown to them.  We know none of their hand and, of a
card shown to them by someone else, only that it was one of the three suggested.  So
for every deal that agrees with our log (all of them, or a uniform sample, see
:mod:`cluesolver.clue.sampler`) we rebuild the opponent's notebook as it would be in
that deal (a shower holding several of the cards picks one at random) and ask whether
it leaves a single envelope.  The threat is the share of deals where it does.

Deciding "a single envelope" is exact: a cheap test finds most answers (the opponent's
own cards and the cards shown to them leave one card per category: certain; or swapping
the envelope's card with another card of its category keeps every fact the opponent
knows: not certain), and the rest are counted with the exact engine, at most
``max_counts`` of them (beyond that a notebook is taken as not certain and the figure is
marked as a lower bound).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import numpy as np

from cluesolver.clue.constraints import ENVELOPE, AtLeastOne, Constraint, Has, Lacks, NotEnvelope, Puzzle, puzzle_of
from cluesolver.clue.count import Counts, count
from cluesolver.clue.log import Accusation, GameLog, HoldsNone, LooksAt, Shown, Suggestion
from cluesolver.clue.sampler import Deals, deals_for


@dataclass(frozen=True)
class Threat:
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


@dataclass(frozen=True)
class _Private:
    """A card shown to the opponent: by ``shower``, one of ``cards`` (``card`` when the log names it)."""

    shower: str
    cards: tuple[str, ...]
    card: str | None


@dataclass(frozen=True)
class _Public:
    """What everybody knows: the constraints, and the same indexed for the swap test."""

    constraints: tuple[Constraint, ...]
    lacks: frozenset[tuple[str, str]]
    has: frozenset[tuple[str, str]]
    at_least: dict[str, tuple[tuple[str, ...], ...]]
    not_env: frozenset[frozenset[str]]

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


def threats(
    log: GameLog,
    counts: Counts | None = None,
    deals: Deals | None = None,
    samples: int = 400,
    seed: int = 0,
    max_counts: int = 400,
) -> tuple[Threat, ...]:
    """For every player other than the log's owner: the chance they can already name the envelope."""
    puzzle = puzzle_of(log)
    counts = counts if counts is not None else count(puzzle)
    out_now = {e.accuser for e in log.events if isinstance(e, Accusation) and not e.correct}
    others = [p for p in log.players if p != log.header.me]
    if not counts.deals:
        return tuple(Threat(p, 0.0, p in out_now, 0, True) for p in others)
    if deals is None:
        deals = deals_for(puzzle, counts, samples, np.random.default_rng(seed + 17), exact_limit=samples)
    if deals.size > samples:  # a uniform subset
        keep = np.random.default_rng(seed + 18).choice(deals.size, samples, replace=False)
        deals = Deals(deals.holders, deals.cards, deals.owner[keep], False)
    facts, shown, looks = _public(log)
    public = _Public.of(facts)
    rng = random.Random(seed)
    table = puzzle.table
    memo: dict[tuple[object, ...], bool] = {}
    out: list[Threat] = []
    budget = [max_counts, 0]  # counts left, notebooks left uncounted
    for j in others:
        if j in out_now:
            out.append(Threat(j, 0.0, True, deals.size, deals.exact))
            continue
        certain = 0.0
        budget[1] = 0
        for row in deals.owner:
            deal = {c: deals.holders[h] for c, h in zip(table.cards, row)}
            certain += _knows(j, deal, public, shown[j], looks[j], puzzle, rng, memo, budget)
        bound = budget[1] > 0
        out.append(Threat(j, certain / deals.size, False, deals.size, deals.exact and not bound, bound))
    return tuple(out)


def _knows(
    j: str,
    deal: dict[str, str],
    public: _Public,
    shown: list[_Private],
    looks: list[tuple[str, str]],
    puzzle: Puzzle,
    rng: random.Random,
    memo: dict[tuple[object, ...], bool],
    budget: list[int],
) -> float:
    """The chance that ``j``'s notebook, in ``deal``, leaves a single envelope: averaged
    over which card each shower picked (all picks when few, else one at random)."""
    options = [[s.card] if s.card is not None else [c for c in s.cards if deal[c] == s.shower] for s in shown]
    picks: list[tuple[str, ...]]
    if np.prod([len(o) for o in options]) <= 8:
        picks = list(itertools.product(*options))
    else:
        picks = [tuple(rng.choice(o) for o in options)]
    hits = 0
    for pick in picks:
        seen = [(s.shower, c) for s, c in zip(shown, pick)]
        hits += _certain(j, deal, public, seen, looks, puzzle, memo, budget)
    return hits / len(picks)


def _certain(
    j: str,
    deal: dict[str, str],
    public: _Public,
    seen: list[tuple[str, str]],
    looks: list[tuple[str, str]],
    puzzle: Puzzle,
    memo: dict[tuple[object, ...], bool],
    budget: list[int],
) -> bool:
    table = puzzle.table
    hand = tuple(c for c in table.cards if deal[c] == j)
    slots = tuple((f"table:{slot}", _slot_card(deal, slot)) for slot, _ in looks)
    known = set(hand) | {c for _, c in seen} | {c for _, c in slots}
    if all(sum(1 for c in cs if c not in known) == 1 for _, cs in table.categories):
        return True
    if _swap_exists(j, deal, public, seen, table.categories):
        return False
    key = (j, hand, tuple(sorted(seen)), slots)
    if key in memo:
        return memo[key]
    if budget[0] <= 0:
        budget[1] += 1
        return False  # out of counting budget: counted as not certain (a lower bound)
    budget[0] -= 1
    mine: list[Constraint] = [Has(j, c) for c in hand]
    mine += [Lacks(j, c) for c in table.cards if c not in hand]
    mine += [Has(k, c) for k, c in seen] + [Has(h, c) for h, c in slots]
    got = count(Puzzle(table, public.constraints + tuple(mine)))
    env = got.held[ENVELOPE]
    result = got.deals > 0 and all(sum(1 for c in cs if env[c] > 0) == 1 for _, cs in table.categories)
    memo[key] = result
    return result


def _slot_card(deal: dict[str, str], slot: str) -> str:
    holder = f"table:{slot}"
    return next(c for c, h in deal.items() if h == holder)


def _swap_exists(
    j: str,
    deal: dict[str, str],
    public: _Public,
    seen: list[tuple[str, str]],
    categories: tuple[tuple[str, tuple[str, ...]], ...],
) -> bool:
    """A deal ``j`` cannot tell apart from ``deal`` with another envelope: the envelope's card
    of one category changes places with another card of that category held by a player."""
    env = {cat: next(c for c in cs if deal[c] == ENVELOPE) for cat, cs in categories}
    seen_set = set(seen)
    for cat, cs in categories:
        e = env[cat]
        for x in cs:
            p = deal[x]
            if x == e or p in (j, ENVELOPE) or p.startswith("table:") or (p, x) in seen_set:
                continue
            if _allows(p, x, e, deal, public, env, cat):
                return True
    return False


def _allows(p: str, x: str, e: str, deal: dict[str, str], public: _Public, env: dict[str, str], cat: str) -> bool:
    """Player ``p`` giving ``x`` to the envelope and taking ``e`` breaks no public fact."""
    if (p, e) in public.lacks or (p, x) in public.has:
        return False
    for cards in public.at_least.get(p, ()):
        if x in cards and e not in cards and not any(deal[y] == p for y in cards if y != x):
            return False
    new_env = frozenset(c for k, c in env.items() if k != cat) | {x}
    return new_env not in public.not_env
