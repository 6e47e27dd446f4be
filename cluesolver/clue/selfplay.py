"""Self-play: how many of their own suggestions a scripted player needs to be certain.

A game is dealt at random.  The tracked player (the first seat, whose notebook the log
is) follows a strategy; the other players suggest uniformly random combinations.  Every
suggestion is answered honestly (:func:`cluesolver.clue.simulate.answer`: clockwise, the
first holder shows one of their matching cards at random).  The game stops as soon as
the tracked player's notebook is certain of the whole envelope; the result is the
number of suggestions the tracked player made until then.

Strategies:

* ``baseline`` — each category's card uniformly among the cards the player has not
  seen (not in their hand, never shown to them);
* ``advisor`` — the best suggestion of :func:`cluesolver.clue.advisor.rank`.

The two strategies are run on the same deals and the same random streams for the other
players, so their figures compare like with like.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cluesolver.clue import variants
from cluesolver.clue.constraints import puzzle_of
from cluesolver.clue.count import count
from cluesolver.clue.log import GameLog, Header, Suggestion
from cluesolver.clue.simulate import answer, deal

if TYPE_CHECKING:
    from cluesolver.clue.advisor import AdvisorSettings

Strategy = Callable[[GameLog, str, random.Random], tuple[str, ...]]


def baseline(log: GameLog, player: str, rng: random.Random) -> tuple[str, ...]:
    """Uniformly among the cards of each category the player has not seen."""
    seen = set(log.header.my_cards)
    for e in log.events:
        if isinstance(e, Suggestion) and e.suggester == player:
            seen.update(r.card for r in e.replies if r.card)
    out = []
    for cat in log.variant.categories:
        unseen = [c for c in cat.cards if c not in seen] or list(cat.cards)
        out.append(rng.choice(unseen))
    return tuple(out)


def advisor_strategy(settings: AdvisorSettings | None = None) -> Strategy:
    def choose(log: GameLog, player: str, rng: random.Random) -> tuple[str, ...]:
        from cluesolver.clue.advisor import DEFAULTS, rank

        ranking = rank(log, player=player, top=1, settings=settings or DEFAULTS)
        return ranking.advice[0].cards if ranking.advice else baseline(log, player, rng)

    return choose


STRATEGIES: dict[str, Callable[[], Strategy]] = {"baseline": lambda: baseline, "advisor": advisor_strategy}


@dataclass(frozen=True)
class GameResult:
    strategy: str
    seed: int
    own_suggestions: int | None  # None: not certain within the turn limit
    turns: int


def solved(log: GameLog) -> bool:
    counts = count(puzzle_of(log))
    return all(any(counts.held["envelope"][c] == counts.deals for c in cards) for _, cards in counts.table.categories)


def play(
    strategy_name: str,
    strategy: Strategy,
    seed: int,
    n_players: int = 4,
    variant_id: str = "classic",
    max_turns: int = 200,
) -> GameResult:
    """One game; the tracked player is the first seat."""
    variant = variants.get(variant_id)
    players = [f"P{i + 1}" for i in range(n_players)]
    me = players[0]
    d = deal(variant, players, random.Random(seed))
    header = Header(game=variant.id, players=tuple(players), me=me, my_cards=tuple(d.hand(me)))
    log = GameLog(header=header, variant=variant, events=())
    others = random.Random(seed * 7919 + 1)  # the other players' choices
    shows = random.Random(seed * 104729 + 2)  # which matching card a shower picks
    mine = random.Random(seed * 15485863 + 3)  # the tracked player's own randomness
    own = 0
    for turn in range(max_turns):
        who = players[turn % n_players]
        if who == me:
            cards = strategy(log, me, mine)
            own += 1
        else:
            cards = tuple(others.choice(cat.cards) for cat in variant.categories)
        replies = answer(d, who, cards, players, me, shows)
        event = Suggestion(turn + 1, who, cards, replies)
        log = GameLog(header=header, variant=variant, events=log.events + (event,))
        if solved(log):
            return GameResult(strategy_name, seed, own, turn + 1)
    return GameResult(strategy_name, seed, None, max_turns)


@dataclass(frozen=True)
class Summary:
    strategy: str
    games: int
    solved: int
    mean: float
    median: float


def summarise(results: list[GameResult]) -> list[Summary]:
    out = []
    for name in dict.fromkeys(r.strategy for r in results):
        got = [r.own_suggestions for r in results if r.strategy == name and r.own_suggestions is not None]
        total = sum(1 for r in results if r.strategy == name)
        out.append(
            Summary(
                name,
                total,
                len(got),
                statistics.fmean(got) if got else float("nan"),
                statistics.median(got) if got else float("nan"),
            )
        )
    return out


def compare(seeds: list[int], n_players: int = 4) -> list[GameResult]:
    """Both strategies on the same seeds."""
    results = []
    for seed in seeds:
        results.append(play("baseline", baseline, seed, n_players))
        results.append(play("advisor", advisor_strategy(), seed, n_players))
    return results


@dataclass(frozen=True)
class TableResult:
    strategy: str
    seed: int
    own_suggestions: tuple[int | None, ...]  # per seat: own suggestions until certain
    turns: int


def play_table(
    strategy_name: str,
    strategy: Strategy | list[Strategy],
    seed: int,
    n_players: int = 4,
    variant_id: str = "classic",
    max_turns: int = 240,
) -> TableResult:
    """One game where every seat follows a strategy (one for all, or one per seat) and
    keeps their own notebook.

    Play goes on until every seat is certain (a seat that is certain keeps taking turns,
    as it would until its accusation); each seat's figure is its own suggestions until it
    was certain.
    """
    variant = variants.get(variant_id)
    players = [f"P{i + 1}" for i in range(n_players)]
    d = deal(variant, players, random.Random(seed))
    logs = {
        p: GameLog(
            header=Header(game=variant.id, players=tuple(players), me=p, my_cards=tuple(d.hand(p))),
            variant=variant,
            events=(),
        )
        for p in players
    }
    shows = random.Random(seed * 104729 + 2)
    choices = {p: random.Random(seed * 15485863 + 3 + i) for i, p in enumerate(players)}
    seats = dict(zip(players, strategy if isinstance(strategy, list) else [strategy] * n_players))
    own = dict.fromkeys(players, 0)
    done: dict[str, int] = {}
    for turn in range(max_turns):
        who = players[turn % n_players]
        cards = seats[who](logs[who], who, choices[who])
        if who not in done:
            own[who] += 1
        replies = answer(d, who, cards, players, who, shows)  # as the suggester sees them
        for viewer in players:
            seen = tuple(r if viewer in (who, r.player) else type(r)(r.player, r.shows, None) for r in replies)
            log = logs[viewer]
            logs[viewer] = GameLog(
                header=log.header, variant=variant, events=log.events + (Suggestion(turn + 1, who, cards, seen),)
            )
        for p in players:
            if p not in done and solved(logs[p]):
                done[p] = own[p]
        if len(done) == n_players:
            return TableResult(strategy_name, seed, tuple(done.get(p) for p in players), turn + 1)
    return TableResult(strategy_name, seed, tuple(done.get(p) for p in players), max_turns)
