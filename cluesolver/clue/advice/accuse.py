"""Whether to accuse: the best whole guess, its exact chance, the runners-up, and - with a
plan - whether to accuse now or wait (:mod:`cluesolver.clue.advice.timing`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cluesolver.clue.advice.suggestions import DEFAULTS, AdvisorSettings, rank
from cluesolver.clue.engine import count, counter
from cluesolver.clue.record.constraints import ENVELOPE, Has, Puzzle, puzzle_of
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.turns import eliminated, to_move, winner

if TYPE_CHECKING:
    from cluesolver.clue.advice.timing import Timing


@dataclass(frozen=True)
class AccuseAdvice:
    """Whether to accuse: the best whole guess, its chance, the runners-up and the timing."""

    player: str | None
    certain: bool
    cards: tuple[str, ...]
    probability: float  # that ``cards`` is the envelope
    runners_up: tuple[tuple[tuple[str, ...], float], ...]
    open_combinations: int | None  # None: too many to list
    out_of_game: bool  # the player already accused wrongly
    winner: str | None = None  # someone accused correctly: the game is over
    timing: Timing | None = None  # accuse now or wait (see :mod:`cluesolver.clue.advice.timing`)
    exact_odds: bool = True  # runners-up counted exactly (else estimated on sampled deals)

    @property
    def risk(self) -> float:
        return 1.0 - self.probability

    @property
    def decision(self) -> str:
        """``game-over``, ``out``, ``contradiction``, ``accuse``, ``wait``, ``suggest-first`` or ``final-bet``."""
        if self.winner is not None:
            return "game-over"
        if self.out_of_game:
            return "out"
        if not self.cards:
            return "contradiction"
        if self.certain:
            return "accuse"
        return self.timing.decision if self.timing is not None else "wait"

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "decision": self.decision,
            "game_over": self.winner is not None,
            "winner": self.winner,
            "certain": self.certain,
            "cards": list(self.cards),
            "probability": self.probability,
            "risk": self.risk,
            "open_combinations": self.open_combinations,
            "out_of_game": self.out_of_game,
            "runners_up": [{"cards": list(c), "probability": p} for c, p in self.runners_up],
            "runners_up_exact": self.exact_odds,
            "timing": self.timing.to_json() if self.timing is not None else None,
        }


def accusation(
    log: GameLog,
    player: str | None = None,
    limit: int = 24,
    settings: AdvisorSettings = DEFAULTS,
    plan: bool = False,
) -> AccuseAdvice:
    """Accuse now or wait: the best whole guess and its exact chance, each opponent's threat
    and the turns until they move, and what the best next suggestion is expected to bring
    (:mod:`cluesolver.clue.advice.timing`).  After a correct accusation: the game is over.

    Every open combination is counted exactly when at most ``limit`` are open.  Otherwise,
    with ``plan``, the best guess is the likeliest combination on the deals (runners-up
    estimated there) and without it each category's likeliest card; either way the best
    guess is counted exactly.  Only with ``plan`` is the timing worked out (threats, the
    next suggestion), which costs a ranking and the threat counts.
    """

    from cluesolver.clue.advice.threat import threats
    from cluesolver.clue.advice.timing import after_suggestion, envelope_odds, timing
    from cluesolver.clue.engine.envelope import solutions
    from cluesolver.clue.engine.sampler import deals_of

    who = player or log.header.me
    won = winner(log)
    out = who is not None and who in eliminated(log)
    if won is not None:
        return AccuseAdvice(who, False, (), 0.0, (), 0, out, won)
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    if not counts.deals:
        return AccuseAdvice(who, False, (), 0.0, (), 0, out)
    sols = solutions(puzzle, counts, limit=limit)
    deals = None
    if plan:
        deals = deals_of(puzzle, counts, settings.samples, settings.seed, settings.exact_limit)
    runners: tuple[tuple[tuple[str, ...], float], ...] = ()
    open_n: int | None = None
    if sols:
        cards, p = sols[0].cards, sols[0].probability
        runners = tuple((s.cards, s.probability) for s in sols[1:4])
        open_n = len(sols)
    else:
        if deals is not None:
            odds = sorted(envelope_odds(deals, puzzle.table).items(), key=lambda kv: (-kv[1], kv[0]))
            cards = odds[0][0]
            runners = tuple(odds[1:4])
            open_n = len(odds) if deals.exact else None
        else:
            cards = tuple(max(cs, key=lambda c: (counts.held[ENVELOPE][c], c)) for _, cs in puzzle.table.categories)
        guess = Puzzle(puzzle.table, puzzle.constraints + tuple(Has(ENVELOPE, c) for c in cards))
        n = counter(like=puzzle)(guess).deals  # the small counter only if it took the log's puzzle
        p = n / counts.deals
    certain = p >= 1.0
    when = None
    if deals is not None and who is not None and not out and not certain:
        # the best suggestion's answers on the same deals (no exact re-count: only the
        # expected chance after it is needed)
        ranking = rank(log, player=who, top=1, counts=counts, settings=replace(settings, rescore=0), deals=deals)
        after = (
            after_suggestion(deals, puzzle.table, who, who == log.header.me, ranking.advice[0].cards)
            if ranking.advice
            else p
        )
        rounds_left = None
        if log.variant.rules.clock:
            from cluesolver.clue.record.clock import clock

            rounds_left = clock(log).rounds_left
        found = threats(
            log, counts, deals, samples=settings.threat_samples, seed=settings.seed, max_counts=settings.threat_counts
        )
        mine = to_move(log) == who
        when = timing(log.players, who, set(eliminated(log)), p, after, found, rounds_left, mine, settings.hazard)
    exact = bool(sols) or (deals is not None and deals.exact)
    return AccuseAdvice(who, certain, cards, p, runners, open_n, out, None, when, exact)
