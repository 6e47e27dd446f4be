"""What the table shows after a line: one view for ``clue add``, ``clue status``, ``clue play``
and the web page, so that each decision is made once.

:func:`table_view` takes a log (and its analysis, when made) and answers, each part worked
out the first time a front end asks for it:

* the last line, or the lines just recorded, and what they changed (new certain facts,
  the biggest moves, categories settled) and the rules they break;
* whose turn it is, who is out, whether the game is over and who won, each seat's
  suggestions and (with a clock) its all-in;
* with an edition that has a clock (:attr:`~cluesolver.clue.variants.model.EditionRules.clock`):
  the clock and, from the last round before 4 PM on, the best final bet;
* each opponent's threat (the advisor's settings: draws and exact counts), shown while the
  game is on and the notebook has an owner;
* the quick accusation advice (the page shows it with every update).

Front ends only render these parts; none of them tests an edition id.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from cluesolver.clue.advice.suggestions import DEFAULTS, AdvisorSettings
from cluesolver.clue.record.events import Event, GameLog, Suggestion
from cluesolver.clue.record.turns import eliminated, to_move, winner
from rulesref.core.i18n import _

if TYPE_CHECKING:
    from cluesolver.clue.advice.accuse import AccuseAdvice
    from cluesolver.clue.advice.threat import Threat
    from cluesolver.clue.analysis.effect import LineEffect
    from cluesolver.clue.analysis.report import Report
    from cluesolver.clue.record.clock import Clock
    from cluesolver.clue.variants.model import EditionRules
    from rulesref.core.findings import Finding

#: How many open envelope combinations the accusation advice counts exactly by default.
ACCUSE_LIMIT = 24


class Seat(NamedTuple):
    """One player at the table as the view shows them (named tuples: cheaper to define than
    frozen dataclasses, about 0.1 ms against 1 ms, on every table command)."""

    name: str
    me: bool
    to_move: bool
    out: bool  # after a wrong accusation
    won: bool
    suggestions: int
    all_in_left: bool | None  # with a clock only: may still go all in


class ClockView(NamedTuple):
    """The clock of an edition that has one, and the best final bet once it is near 4 PM."""

    clock: Clock
    final_bet: AccuseAdvice | None  # from the last round before 4 PM on (None before)

    @property
    def near_the_end(self) -> bool:
        return self.clock.time_up or self.clock.last_round


def clock_view(
    log: GameLog,
    accuse_limit: int = ACCUSE_LIMIT,
    advice: AccuseAdvice | None = None,
    *,
    always: bool = False,
    final_bet: bool = True,
) -> ClockView | None:
    """The clock (None for an edition without one, unless ``always``: ``clue clock`` on any
    log) and, near 4 PM and with ``final_bet``, the best final bet: the accusation advice
    (``advice`` when already made with the same limit, else counted now)."""
    if not (log.variant.rules.clock or always):
        return None
    from cluesolver.clue.record.clock import clock

    c = clock(log)
    best = None
    if final_bet and (c.time_up or c.last_round):
        if advice is None:
            from cluesolver.clue.advice.accuse import accusation

            advice = accusation(log, limit=accuse_limit)
        best = advice
    return ClockView(c, best)


def game_over(log: GameLog) -> str | None:
    """The sentence the table shows once someone has accused correctly (None while the game is on)."""
    won = winner(log)
    return None if won is None else _("The game is over: {winner} accused correctly.").format(winner=won)


class TableView:
    """What the table shows after a line (see the module's description); parts are worked out
    when first asked for."""

    def __init__(
        self,
        log: GameLog,
        report: Report | None = None,
        *,
        before: Report | None = None,
        added: Collection[int] | None = None,
        settings: AdvisorSettings = DEFAULTS,
        accuse_limit: int = ACCUSE_LIMIT,
    ) -> None:
        self.log = log
        self._report = report
        self._before = before
        self._added = added
        self.settings = settings
        self.accuse_limit = accuse_limit

    # -- the log and its analysis ------------------------------------------------------

    @cached_property
    def report(self) -> Report:
        from cluesolver.clue.analysis.report import analyse

        return self._report if self._report is not None else analyse(self.log)

    @property
    def rules(self) -> EditionRules:
        """What the edition's rules add (a clock, the words of its table)."""
        return self.log.variant.rules

    @property
    def last(self) -> Event | None:
        """The log's last event (None before the first)."""
        return self.log.events[-1] if self.log.events else None

    @cached_property
    def last_statement(self) -> str | None:
        """The last event in canonical words (None before the first)."""
        if self.last is None:
            return None
        from cluesolver.clue.record.writer import format_event

        return format_event(self.last, self.log)

    @property
    def last_text(self) -> str | None:
        """``"12: Ben suggests ..."``: the last event's line and its canonical text."""
        return None if self.last is None else f"{self.last.line}: {self.last_statement}"

    @property
    def last_said(self) -> str | None:
        """:attr:`last_text` in the language spoken now (``"12: Ben teeb ettepaneku: ..."``;
        in English the canonical text, as :attr:`last_text`)."""
        if self.last is None:
            return None
        from cluesolver.clue.record.writer import say_event

        return f"{self.last.line}: {say_event(self.last, self.log)}"

    @cached_property
    def added(self) -> frozenset[int]:
        """The lines the view reports on: those just recorded, else the last event's."""
        if self._added is not None:
            return frozenset(self._added)
        return frozenset() if self.last is None else frozenset({self.last.line})

    @cached_property
    def effect(self) -> LineEffect | None:
        """What the lines changed (None before the first event)."""
        if self.last is None:
            return None
        from cluesolver.clue.analysis.effect import line_effect
        from cluesolver.clue.analysis.report import analyse

        before = self._before if self._before is not None else analyse(self.log.without_last())
        return line_effect(before, self.report)

    @cached_property
    def rule_problems(self) -> tuple[Finding, ...]:
        """Rule errors in the lines the view reports on (warnings left out)."""
        if not self.added:
            return ()
        from cluesolver.clue.analysis.logcheck import check_log

        return tuple(f for f in check_log(self.log, consistency=False, warnings=False) if f.line in self.added)

    # -- turns -------------------------------------------------------------------------

    @cached_property
    def winner(self) -> str | None:
        return winner(self.log)

    @property
    def game_over(self) -> str | None:
        """The sentence saying the game is over (None while it is on)."""
        return game_over(self.log)

    @cached_property
    def to_move(self) -> str | None:
        return to_move(self.log)

    @cached_property
    def out(self) -> tuple[str, ...]:
        return eliminated(self.log)

    @property
    def solved(self) -> bool:
        """The notebook names the whole envelope (whether or not someone has won)."""
        return self.report.solved()

    @property
    def accuse_now(self) -> bool:
        """Say "accuse now": the notebook names the whole envelope, the log agrees with some
        deal and nobody has won yet (after a correct accusation the game is over instead)."""
        return self.winner is None and self.report.consistent and self.report.solved()

    @cached_property
    def seats(self) -> tuple[Seat, ...]:
        made: dict[str, int] = {}
        for e in self.log.events:
            if isinstance(e, Suggestion):
                made[e.suggester] = made.get(e.suggester, 0) + 1
        the_clock = self.clock.clock if self.clock is not None else None
        return tuple(
            Seat(
                p,
                p == self.log.header.me,
                p == self.to_move,
                p in self.out,
                p == self.winner,
                made.get(p, 0),
                the_clock.player(p).may_go_all_in if the_clock is not None else None,
            )
            for p in self.log.players
        )

    # -- clock, advice, threats --------------------------------------------------------

    @cached_property
    def accusation(self) -> AccuseAdvice | None:
        """The quick accusation advice (no timing), None when the log contradicts itself."""
        if not self.report.consistent:
            return None
        from cluesolver.clue.advice.accuse import accusation

        return accusation(self.log, limit=self.accuse_limit)

    @cached_property
    def clock(self) -> ClockView | None:
        """The clock and the final bet, for an edition with a clock."""
        advice = self.__dict__.get("accusation")  # reuse the advice when already made
        return clock_view(self.log, self.accuse_limit, advice, final_bet=self.report.consistent)

    @cached_property
    def threats(self) -> tuple[Threat, ...] | None:
        """Each opponent's threat, as the table shows it: while the game is on, in a notebook
        with an owner, and when the log agrees with some deal (None otherwise)."""
        if self.log.header.me is None or self.winner is not None:
            return None
        return self.all_threats()

    def all_threats(self) -> tuple[Threat, ...] | None:
        """Every opponent's threat whatever the state of the game (``status --json``); None
        when the log contradicts itself."""
        if not self.report.consistent:
            return None
        from cluesolver.clue.advice.threat import threats

        s = self.settings
        return threats(self.log, self.report.counts, samples=s.threat_samples, seed=s.seed, max_counts=s.threat_counts)


def table_view(
    log: GameLog,
    report: Report | None = None,
    *,
    before: Report | None = None,
    added: Collection[int] | None = None,
    settings: AdvisorSettings = DEFAULTS,
    accuse_limit: int = ACCUSE_LIMIT,
) -> TableView:
    """What the table shows after the last line of ``log`` (or after the lines ``added``,
    recorded on top of the analysis ``before``).  ``report``: the analysis of ``log`` when
    already made.  ``accuse_limit``: open envelope combinations counted exactly for the
    accusation advice and the final bet (a page that updates often counts fewer)."""
    return TableView(log, report, before=before, added=added, settings=settings, accuse_limit=accuse_limit)
