"""What a log means: the analysis every front end shows (notebook, odds, certain facts).

:func:`analyse` runs the exact engine on a log and, for a contradictory log, finds a
minimal set of conflicting lines.  :meth:`Report.to_json` is the ``--json`` contract of
``docs/clue-log-format.md``.  :class:`Replay` is what ``replay FILE`` shows: the log as it
stood after a line, its source lines and its analysis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cluesolver.clue.engine import count  # small positions without numpy, the rest by the main engine
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.record.constraints import ENVELOPE, puzzle_of
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.fact import Fact
from rulesref.core.errors import InputError, Problem

if TYPE_CHECKING:
    from cluesolver.clue.engine.envelope import Solution

#: Cards in the largest built-in edition (Master Detective): editions up to this size count well.
LARGEST_BUILT_IN = 30

__all__ = ["Explanation", "Fact", "Replay", "Report", "analyse", "certain_facts", "count_log", "explain", "replay"]


@dataclass(frozen=True)
class Report:
    """The exact analysis of a log: its counts, a minimal conflict when it contradicts itself, the certain facts."""

    log: GameLog
    counts: Counts
    conflict: tuple[int, ...] = ()
    certain: tuple[Fact, ...] = field(default=(), repr=False)

    @property
    def consistent(self) -> bool:
        return self.counts.deals > 0

    @property
    def deals(self) -> int:
        return self.counts.deals

    @property
    def holders(self) -> tuple[str, ...]:
        return self.counts.table.holders

    def probability(self, holder: str, card: str) -> float:
        return self.counts.probability(holder, card)

    def envelope(self) -> dict[str, float]:
        return {c: self.probability(ENVELOPE, c) for c in self.log.variant.card_names}

    def solution(self) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        for cat in self.log.variant.categories:
            sure = [c for c in cat.cards if self.consistent and self.counts.held[ENVELOPE][c] == self.deals]
            out[cat.id] = sure[0] if sure else None
        return out

    def solved(self) -> bool:
        return self.consistent and all(v is not None for v in self.solution().values())

    def to_json(self) -> dict[str, object]:
        cards = self.log.variant.card_names
        out: dict[str, object] = {
            "variant": self.log.variant.id,
            "consistent": self.consistent,
            "deals": self.deals,
            "envelope": {c: self.probability(ENVELOPE, c) for c in cards},
            "holders": {h: {c: self.probability(h, c) for c in cards} for h in self.holders},
            "solution": self.solution(),
        }
        if not self.consistent:
            out["conflict"] = list(self.conflict)
        if self.counts.estimate is not None:  # past the exact budget: see docs/clue-log-format.md
            out["exact"] = False
            out["error"] = self.counts.estimate.to_json()
        return out


def certain_facts(counts: Counts) -> tuple[Fact, ...]:
    """Every (holder, card) that holds in every consistent deal."""
    if counts.deals == 0:
        return ()
    return tuple(Fact(h, c, True) for h, row in counts.held.items() for c, n in row.items() if n == counts.deals)


def count_log(log: GameLog) -> Counts:
    """Count the deals of ``log``; a log too big for exact counting is an InputError (exit 2).

    The refusal points at the ``game:`` line and says what would make the log countable.
    """
    try:
        return count(puzzle_of(log))
    except (OverflowError, MemoryError):  # beyond exact arithmetic, or a table that cannot be allocated
        raise InputError(_too_big(log)) from None


def _too_big(log: GameLog) -> Problem:
    from rulesref.core.i18n import _

    v = log.variant
    advice = []
    if not log.header.my_cards:
        advice.append(_("give the notebook owner's cards ('me:' and 'my cards:')"))
    if len(v.cards) > LARGEST_BUILT_IN:
        advice.append(
            _("use an edition of at most about {n} cards (Master Detective has 30)").format(n=LARGEST_BUILT_IN)
        )
    advice.append(_("record more of what was shown and passed"))
    said = _(
        "{game}: {cards} cards among {players} players leave more possible deals than can be counted exactly; {advice}"
    )
    return Problem(
        said.format(
            game=v.display_title(), cards=len(v.cards), players=len(log.players), advice=_(", or ").join(advice)
        ),
        path=log.path,
        line=log.header.lines.get("game"),
        text=log.header.game or None,
    )


def analyse(log: GameLog, counts: Counts | None = None) -> Report:
    """The exact analysis of ``log``; a contradictory log carries a minimal conflict.

    ``counts``, when given, must be :func:`count_log` of this very log (a caller that has
    just counted it, e.g. to refuse a contradiction, saves counting it again).
    """
    counts = count_log(log) if counts is None else counts
    conflict: tuple[int, ...] = ()
    if counts.deals == 0:
        from cluesolver.clue.analysis.explain import minimal_conflict

        conflict = tuple(minimal_conflict(log))
    return Report(log, counts, conflict, certain_facts(counts))


@dataclass(frozen=True)
class Explanation:
    """Why a fact holds: the lines forcing it, or its probability when not certain.

    An impossible fact (probability 0) carries the lines forcing its opposite.
    """

    fact: Fact
    probability: float
    lines: tuple[int, ...] | None  # a minimal set of lines forcing the fact; None = not certain
    opposite_lines: tuple[int, ...] | None  # for an impossible fact: the lines forcing the opposite
    texts: tuple[tuple[int, str], ...] = ()  # (line, text as written) for ``lines``

    @property
    def certain(self) -> bool:
        return self.lines is not None

    @property
    def impossible(self) -> bool:
        return self.probability == 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "fact": str(self.fact),
            "holder": self.fact.holder,
            "card": self.fact.card,
            "holds": self.fact.holds,
            "certain": self.certain,
            "probability": self.probability,
            "lines": None if self.lines is None else list(self.lines),
            "text": {str(n): t for n, t in self.texts},
            "opposite_lines": None if self.opposite_lines is None else list(self.opposite_lines),
        }


def explain(report: Report, fact: Fact, lines: Sequence[str] = ()) -> Explanation:
    """Explain ``fact`` on a consistent analysis; ``lines`` are the file's lines as written."""
    log = report.log
    p = report.probability(fact.holder, fact.card)
    p = p if fact.holds else 1 - p
    from cluesolver.clue.analysis.explain import why

    used = why(log, fact) if p == 1.0 else None
    against = why(log, fact.opposite()) if p == 0.0 else None
    texts = tuple((n, lines[n - 1].strip()) for n in (used or []) if 0 < n <= len(lines))
    return Explanation(
        fact,
        p,
        None if used is None else tuple(used),
        None if against is None else tuple(against),
        texts,
    )


@dataclass(frozen=True)
class Replay:
    """A log replayed up to a line: the log, its source lines and the analysis.

    ``to_json()`` is exactly the contract JSON of ``replay --json``.
    """

    report: Report
    lines: tuple[str, ...]  # the file's lines as written (line n is lines[n - 1])
    at: int | None = None

    @property
    def log(self) -> GameLog:
        return self.report.log

    @property
    def consistent(self) -> bool:
        return self.report.consistent

    def line_text(self, n: int) -> str:
        """Line ``n`` of the file as written (stripped), or "" when there is none."""
        return self.lines[n - 1].strip() if 0 < n <= len(self.lines) else ""

    def solutions(self, limit: int = 400) -> list[Solution] | None:
        """Every still-possible envelope, most likely first (``None`` past ``limit``)."""
        from cluesolver.clue.engine.envelope import solutions

        return solutions(puzzle_of(self.log), self.report.counts, limit=limit)

    def to_json(self) -> dict[str, object]:
        return self.report.to_json()


def replay(log: GameLog, lines: tuple[str, ...], at: int | None = None) -> Replay:
    """Analyse ``log`` as it stood after file line ``at`` (all of it when ``None``)."""
    return Replay(analyse(log.upto(at)), lines, at)
