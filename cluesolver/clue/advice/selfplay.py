"""Self-play: whole games of Clue between scripted players, each with an exact notebook.

A game is dealt at random and played in seating order.  Every suggestion is answered
honestly (:func:`cluesolver.clue.record.simulate.answer`: clockwise, the first holder shows one
of their matching cards at random); each seat keeps its own log (it sees the cards shown
to it, and the cards it shows) and its exact notebook is that log's counts.  On its turn a
seat accuses at once when its notebook is certain; otherwise it suggests and then may
accuse as its policy says.  A wrong accusation puts the seat out (it still answers, and
every notebook records that the guess was wrong); a correct one wins.  After the game is
won the play goes on without accusations, every seat suggesting again (those put out
too), until the tracked seat's notebook is certain, so that its own suggestions to
certainty are known for every deal.  That count is what the seat *deduced*: the winning
accusation is not shown to the other notebooks (a correct accusation names the envelope,
and a notebook that saw it would be certain at once, counting the opponents' speed
instead of the seat's own).  ``reveal=True`` shows it, as the count did before.

Policies:

* ``careful`` — each category's card uniformly among the cards whose place the notebook
  does not know yet; accuses only when certain;
* ``unseen`` — the older baseline: each category's card uniformly among the cards not in
  its hand and never shown to it; accuses only when certain;
* ``advisor`` — the first row of :func:`cluesolver.clue.advice.suggestions.rank` as ``clue next``
  asks for it (the same settings, :data:`TABLE_ROWS` rows), so the seat plays what the
  table command recommends; accuses as
  :func:`cluesolver.clue.advice.accuse.accusation` advises (chance of being right against each
  opponent's threat).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cluesolver.clue import variants
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.record.constraints import ENVELOPE, puzzle_of
from cluesolver.clue.record.events import Accusation, Event, GameLog, Header, Reply, Suggestion
from cluesolver.clue.record.simulate import answer, deal

if TYPE_CHECKING:
    from cluesolver.clue.advice.suggestions import AdvisorSettings


@dataclass
class Seat:
    """One player's notebook: their log and its exact counts (recounted when it grows)."""

    name: str
    log: GameLog
    _counts: Counts | None = field(default=None, repr=False)

    @property
    def counts(self) -> Counts:
        if self._counts is None:
            self._counts = count(puzzle_of(self.log))
        return self._counts

    def add(self, event: Event) -> None:
        self.log = GameLog(self.log.header, self.log.variant, self.log.events + (event,))
        self._counts = None

    @property
    def certain(self) -> bool:
        c = self.counts
        return c.deals > 0 and all(any(c.held[ENVELOPE][x] == c.deals for x in cs) for _, cs in c.table.categories)

    def solution(self) -> tuple[str, ...]:
        c = self.counts
        return tuple(next(x for x in cs if c.held[ENVELOPE][x] == c.deals) for _, cs in c.table.categories)


class Policy:
    name = "policy"

    def suggest(self, seat: Seat, rng: random.Random) -> tuple[str, ...]:
        raise NotImplementedError

    def accuse(self, seat: Seat) -> tuple[str, ...] | None:
        """After the seat's own suggestion: the cards to accuse, or None to wait."""
        return seat.solution() if seat.certain else None


class Careful(Policy):
    name = "careful"

    def suggest(self, seat: Seat, rng: random.Random) -> tuple[str, ...]:
        c = seat.counts
        out = []
        for _, cards in c.table.categories:
            open_ = [x for x in cards if not any(row[x] == c.deals for row in c.held.values())]
            out.append(rng.choice(open_ or list(cards)))
        return tuple(out)


class Unseen(Policy):
    name = "unseen"

    def suggest(self, seat: Seat, rng: random.Random) -> tuple[str, ...]:
        log = seat.log
        seen = set(log.header.my_cards)
        for e in log.events:
            if isinstance(e, Suggestion) and e.suggester == seat.name:
                seen.update(r.card for r in e.replies if r.card)
        out = []
        for cat in log.variant.categories:
            unseen = [x for x in cat.cards if x not in seen] or list(cat.cards)
            out.append(rng.choice(unseen))
        return tuple(out)


#: How many rows ``clue next`` ranks by default; the advisor seat asks for as many and takes
#: the first, so its choice is the table command's first row.
TABLE_ROWS = 5


class Advisor(Policy):
    name = "advisor"

    def __init__(self, settings: AdvisorSettings | None = None) -> None:
        from cluesolver.clue.advice.suggestions import DEFAULTS

        self.settings = settings or DEFAULTS
        self.wrong = 0

    def suggest(self, seat: Seat, rng: random.Random) -> tuple[str, ...]:
        from cluesolver.clue.advice.suggestions import rank

        ranking = rank(seat.log, player=seat.name, top=TABLE_ROWS, counts=seat.counts, settings=self.settings)
        return ranking.advice[0].cards if ranking.advice else Careful().suggest(seat, rng)

    def accuse(self, seat: Seat) -> tuple[str, ...] | None:
        if seat.certain:
            return seat.solution()
        if _best_share(seat) < _floor():
            return None
        from cluesolver.clue.advice.accuse import accusation

        advice = accusation(seat.log, player=seat.name, settings=self.settings, plan=True)
        return advice.cards if advice.decision == "accuse" else None


def _floor() -> float:
    from cluesolver.clue.advice.timing import FLOOR

    return FLOOR


def _best_share(seat: Seat) -> float:
    """A quick estimate of the best whole guess's chance: the product of each category's best
    card's chance (what the measured self-play used to skip hopeless accusation checks)."""
    c = seat.counts
    share = 1.0
    for _, cards in c.table.categories:
        share *= max(c.held[ENVELOPE][x] for x in cards) / c.deals
    return share


POLICIES: dict[str, type[Policy]] = {"careful": Careful, "unseen": Unseen, "advisor": Advisor}


@dataclass(frozen=True)
class GameResult:
    seed: int
    policies: tuple[str, ...]
    winner: int | None  # seat index
    wrong: tuple[int, ...]  # wrong accusations per seat
    to_certainty: int | None  # the tracked seat's own suggestions until its notebook was certain
    turns: int  # turns until the game was won (or the limit)


def play_game(
    seed: int,
    policies: list[Policy],
    variant_id: str = "classic",
    track: int = 0,
    max_turns: int = 400,
    reveal: bool = False,
) -> GameResult:
    """One whole game; ``policies`` per seat in seating order; ``track`` the seat whose own
    suggestions to certainty are counted; ``reveal``: the winning accusation is written in
    every notebook (then a seat is certain as soon as anyone wins)."""
    variant = variants.get(variant_id)
    n = len(policies)
    players = [f"P{i + 1}" for i in range(n)]
    d = deal(variant, players, random.Random(seed))
    seats = [
        Seat(p, GameLog(Header(variant.id, tuple(players), p, my_cards=tuple(d.hand(p))), variant, ())) for p in players
    ]
    shows = random.Random(seed * 104729 + 2)
    rngs = [random.Random(seed * 15485863 + 3 + i) for i in range(n)]
    out: set[int] = set()
    wrong = [0] * n
    own = [0] * n
    winner: int | None = None
    won_at = max_turns
    certain_at: int | None = 0 if seats[track].certain else None
    truth = tuple(d.envelope())
    who = 0
    for turn in range(max_turns):
        if winner is not None and certain_at is not None:
            break
        if len(out) == n:
            break
        while who in out and (winner is None or reveal):
            who = (who + 1) % n
        seat, policy = seats[who], policies[who]
        playing = winner is None
        if playing and seat.certain:
            winner, won_at = who, turn
            who = (who + 1) % n
            continue
        cards = policy.suggest(seat, rngs[who])
        own[who] += 1
        replies = answer(d, seat.name, cards, players, seat.name, shows)
        for viewer in seats:
            seen = tuple(r if viewer.name in (seat.name, r.player) else Reply(r.player, r.shows, None) for r in replies)
            viewer.add(Suggestion(turn + 1, seat.name, cards, seen))
        if certain_at is None and seats[track].certain:
            certain_at = own[track]
        if playing:
            guess = policy.accuse(seat)
            if guess is not None:
                correct = sorted(guess) == sorted(truth)
                if reveal or not correct:
                    for viewer in seats:
                        viewer.add(Accusation(turn + 1, seat.name, tuple(guess), correct))
                if correct:
                    winner, won_at = who, turn + 1
                else:
                    wrong[who] += 1
                    out.add(who)
        who = (who + 1) % n
    return GameResult(seed, tuple(p.name for p in policies), winner, tuple(wrong), certain_at, won_at)
