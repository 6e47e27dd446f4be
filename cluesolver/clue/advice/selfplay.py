"""Self-play: whole games of Clue between scripted players, each with an exact notebook.

A game is dealt at random and played in seating order.  Every suggestion is answered
honestly: clockwise, the first holder shows one of their matching cards, the one their
policy picks (:meth:`Policy.show`: at random, as
:func:`cluesolver.clue.record.simulate.answer` does, unless the policy says otherwise); each
seat keeps its own log (it sees the cards shown to it, and the cards it shows) and its
exact notebook is that log's counts.  On its turn a
seat accuses at once when its notebook is certain; otherwise it suggests and then may
accuse as its policy says.  A wrong accusation puts the seat out (it still answers, and
every notebook records that the guess was wrong); a correct one wins.  After the game is
won the play goes on without accusations, every seat suggesting again (those put out
too), until the tracked seat's notebook is certain, so that its own suggestions to
certainty are known for every deal.  That count is what the seat *deduced*: the winning
accusation is not shown to the other notebooks (a correct accusation names the envelope,
and a notebook that saw it would be certain at once, counting the opponents' speed
instead of the seat's own).  ``reveal=True`` shows it, as the count did before.
``until="all"`` plays on until every seat is certain, so that each seat's own suggestions
to certainty are known (:attr:`GameResult.certain`; the opponents' count is how much a
seat's answers taught them).

Policies:

* ``careful`` — each category's card uniformly among the cards whose place the notebook
  does not know yet; accuses only when certain;
* ``unseen`` — the older baseline: each category's card uniformly among the cards not in
  its hand and never shown to it; accuses only when certain;
* ``advisor`` — the first row of :func:`cluesolver.clue.advice.suggestions.rank` as ``clue next``
  asks for it (the same settings, :data:`TABLE_ROWS` rows), so the seat plays what the
  table command recommends; accuses as
  :func:`cluesolver.clue.advice.accuse.accusation` advises (chance of being right against each
  opponent's threat, counted as the settings' ``hazard`` says).  With ``show_by_advice``
  it also picks the card it shows as
  ``clue show?`` advises (:func:`cluesolver.clue.advice.show.choose_card`: the card that
  tells the suggester least); otherwise it shows at random like the baseline seats.
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
from cluesolver.clue.record.simulate import Deal, deal

if TYPE_CHECKING:
    from cluesolver.clue.advice.suggestions import AdvisorSettings
    from cluesolver.clue.advice.threat import Threat


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

    def show(self, seat: Seat, suggester: str, cards: tuple[str, ...], drawn: str) -> str:
        """The card the seat shows ``suggester`` for ``cards`` (it holds ``drawn`` and maybe
        more of them): ``drawn``, the pick at random of the game's answers."""
        return drawn


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

    def __init__(
        self,
        settings: AdvisorSettings | None = None,
        show_by_advice: bool = False,
        hazard: float | None = None,
        pick: Race | Quiet | None = None,
        next_turn: bool = False,
    ) -> None:
        """``hazard``: the accusation timing's (None: the settings', as ``clue accuse?``)."""
        from dataclasses import replace

        from cluesolver.clue.advice.suggestions import DEFAULTS

        self.settings = settings or DEFAULTS
        if hazard is not None:
            if hazard <= 0:
                raise ValueError(f"hazard must be positive, not {hazard!r}")
            self.settings = replace(self.settings, hazard=hazard)
        self.show_by_advice = show_by_advice
        self.pick = pick
        self.next_turn = next_turn
        self.wrong = 0

    @property
    def hazard(self) -> float:
        return self.settings.hazard

    def suggest(self, seat: Seat, rng: random.Random) -> tuple[str, ...]:
        from cluesolver.clue.advice.suggestions import rank

        if self.pick is not None:
            return self.pick.suggest(seat, self.settings) or Careful().suggest(seat, rng)
        ranking = rank(seat.log, player=seat.name, top=TABLE_ROWS, counts=seat.counts, settings=self.settings)
        return ranking.advice[0].cards if ranking.advice else Careful().suggest(seat, rng)

    def accuse(self, seat: Seat) -> tuple[str, ...] | None:
        if seat.certain:
            return seat.solution()
        if _best_share(seat) < _floor():
            return None
        from cluesolver.clue.advice.accuse import accusation

        advice = accusation(seat.log, player=seat.name, settings=self.settings, plan=True)
        decision = advice.decision
        when = advice.timing
        if self.next_turn and when is not None and decision in ("accuse", "wait"):
            from cluesolver.clue.advice.timing import timing
            from cluesolver.clue.record.turns import eliminated

            out = set(eliminated(seat.log))
            found = _next_turn_threats(seat, self.settings)
            decision = timing(
                seat.log.players, seat.name, out, when.probability, when.after_next, found, hazard=self.hazard
            ).decision
        return advice.cards if decision == "accuse" else None

    def show(self, seat: Seat, suggester: str, cards: tuple[str, ...], drawn: str) -> str:
        """With ``show_by_advice``: the card ``clue show?`` puts first (the seat's log as it
        stands before the suggestion, the command's own settings); else ``drawn``."""
        if not self.show_by_advice:
            return drawn
        from cluesolver.clue.advice.show import choose_card

        card = choose_card(seat.log, Suggestion(0, suggester, cards, ()), seat.name, counts=seat.counts)
        return card if card is not None and card in cards and card in seat.log.header.my_cards else drawn


@dataclass(frozen=True)
class Race:
    """A suggestion ranking aimed at the race rather than at bits (a self-play pilot): the
    best ``shortlist`` suggestions by the table's value are ranked again by ``value +
    weight * after``, ``after`` being the expected chance of the best whole guess once the
    suggestion is answered (:func:`cluesolver.clue.advice.timing.after_suggestion`, on the
    deals the ranking used), but only when the best whole guess's chance now is at least
    ``start`` (late in the game); ``weight`` None ranks by ``after`` alone (the value
    breaking ties).  Earlier, or with one row, the table's first row is played."""

    weight: float | None = None
    start: float = 0.1
    shortlist: int = 10

    def suggest(self, seat: Seat, settings: AdvisorSettings) -> tuple[str, ...] | None:
        from cluesolver.clue.advice.suggestions import rank
        from cluesolver.clue.advice.timing import after_suggestion, envelope_odds
        from cluesolver.clue.engine.sampler import deals_of

        puzzle = puzzle_of(seat.log)
        counts = seat.counts
        deals = deals_of(puzzle, counts, settings.samples, settings.seed, settings.exact_limit)
        top = max(TABLE_ROWS, self.shortlist)
        ranking = rank(seat.log, player=seat.name, top=top, counts=counts, settings=settings, deals=deals)
        if not ranking.advice:
            return None
        if len(ranking.advice) == 1 or max(envelope_odds(deals, puzzle.table).values()) < self.start:
            return ranking.advice[0].cards

        def worth(k: int) -> tuple[float, int]:
            a = ranking.advice[k]
            after = after_suggestion(deals, puzzle.table, seat.name, True, a.cards)
            score = after if self.weight is None else a.value + self.weight * after
            return (round(score, 9), -k)

        best = max(range(len(ranking.advice)), key=worth)
        return ranking.advice[best].cards


@dataclass(frozen=True)
class Quiet:
    """Among the suggestions whose value is within ``margin`` (a share of the best value)
    of the best, the one that tells the opponents least about the envelope (what a
    spectator hearing the answers would learn, :func:`cluesolver.clue.advice.suggestions.leak_bits`;
    who shows to the suggester is public), the value breaking ties (a self-play pilot:
    ``leak_weight`` traded the seat's own speed away; this keeps it within the margin)."""

    margin: float = 0.05
    shortlist: int = 10

    def suggest(self, seat: Seat, settings: AdvisorSettings) -> tuple[str, ...] | None:
        import numpy as np

        from cluesolver.clue.advice.suggestions import leak_bits, rank

        ranking = rank(
            seat.log, player=seat.name, top=max(TABLE_ROWS, self.shortlist), counts=seat.counts, settings=settings
        )
        if not ranking.advice:
            return None
        best = ranking.advice[0].value
        close = [a for a in ranking.advice if a.value >= best - self.margin * abs(best)]
        if len(close) == 1:
            return close[0].cards
        table = seat.counts.table
        index = {c: i for i, c in enumerate(table.cards)}
        pools = [np.array([index[c] for c in cs], dtype=np.intp) for _, cs in table.categories]
        leak = leak_bits(seat.log, pools, seat.name, settings)

        def row(cards: tuple[str, ...]) -> int:  # the position in product order (scoring.candidates_of)
            m = 0
            for (_, cs), c in zip(table.categories, cards):
                m = m * len(cs) + cs.index(c)
            return m

        return min(enumerate(close), key=lambda ka: (round(float(leak[row(ka[1].cards)]), 9), ka[0]))[1].cards


def _next_turn_threats(seat: Seat, settings: AdvisorSettings) -> tuple[Threat, ...]:
    """Each opponent's chance of naming the envelope by the end of their next turn, over
    the deals ``clue accuse?`` takes its threats on (:func:`next_turn_threats`)."""
    from cluesolver.clue.advice.threat import next_turn_threats
    from cluesolver.clue.engine.sampler import deals_of

    puzzle = puzzle_of(seat.log)
    deals = deals_of(puzzle, seat.counts, settings.samples, settings.seed, settings.exact_limit)
    return next_turn_threats(
        seat.log, seat.counts, deals, settings.threat_samples, settings.seed, settings.threat_counts
    )


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
    #: every seat's own suggestions until its notebook was certain (None: not certain when the
    #: game stopped, or not watched: ``until="tracked"`` watches the tracked seat only,
    #: ``until="all"`` every seat); None in older result files
    certain: tuple[int | None, ...] | None = None


def play_game(
    seed: int,
    policies: list[Policy],
    variant_id: str = "classic",
    track: int = 0,
    max_turns: int = 400,
    reveal: bool = False,
    until: str = "tracked",
) -> GameResult:
    """One whole game; ``policies`` per seat in seating order; ``track`` the seat whose own
    suggestions to certainty are counted; ``reveal``: the winning accusation is written in
    every notebook (then a seat is certain as soon as anyone wins); ``until``: after the
    win, play on until the tracked seat is certain (``"tracked"``) or every seat is
    (``"all"``).  Playing on changes nothing before: the same game, the same counts."""
    if until not in ("tracked", "all"):
        raise ValueError(f"until: 'tracked' or 'all', not {until!r}")
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
    certain: list[int | None] = [0 if s.certain else None for s in seats]
    waiting = [track] if until == "tracked" else list(range(n))
    truth = tuple(d.envelope())
    who = 0
    for turn in range(max_turns):
        if winner is not None and all(certain[i] is not None for i in waiting):
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
        replies = _answer(d, who, cards, seats, policies, shows)
        for viewer in seats:
            seen = tuple(r if viewer.name in (seat.name, r.player) else Reply(r.player, r.shows, None) for r in replies)
            viewer.add(Suggestion(turn + 1, seat.name, cards, seen))
        for i in waiting:
            if certain[i] is None and seats[i].certain:
                certain[i] = own[i]
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
    return GameResult(
        seed, tuple(p.name for p in policies), winner, tuple(wrong), certain[track], won_at, tuple(certain)
    )


def _answer(
    d: Deal, who: int, cards: tuple[str, ...], seats: list[Seat], policies: list[Policy], rng: random.Random
) -> tuple[Reply, ...]:
    """The replies to seat ``who``'s suggestion: clockwise, the first seat holding one of the
    cards shows the one its policy picks.  The pick at random is drawn whatever the policy
    then shows, as :func:`cluesolver.clue.record.simulate.answer` draws it, so the game's
    other draws stay those of a table where every seat shows at random."""
    n = len(seats)
    replies = []
    for k in range(1, n):
        j = (who + k) % n
        have = [c for c in cards if d.owner[c] == seats[j].name]
        if not have:
            replies.append(Reply(seats[j].name, False))
            continue
        drawn = rng.choice(have)
        shown = policies[j].show(seats[j], seats[who].name, cards, drawn) if len(have) > 1 else drawn
        replies.append(Reply(seats[j].name, True, shown))
        break
    return tuple(replies)
