"""What a log means: the analysis every front end shows (notebook, odds, certain facts).

:func:`analyse` runs the exact engine on a log and, for a contradictory log, finds a
minimal set of conflicting lines.  :meth:`Report.to_json` is the ``--json`` contract of
``docs/clue-log-format.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cluesolver.clue.constraints import ENVELOPE, puzzle_of
from cluesolver.clue.count import Counts, count
from cluesolver.clue.log import GameLog


@dataclass(frozen=True)
class Fact:
    """A certain fact: ``holder`` holds (or does not hold) ``card`` in every consistent deal."""

    holder: str
    card: str
    holds: bool

    def __str__(self) -> str:
        if self.holder == ENVELOPE:
            return f"{self.card} is {'' if self.holds else 'not '}in the envelope"
        return f"{self.holder} {'has' if self.holds else 'does not have'} {self.card}"


@dataclass(frozen=True)
class Report:
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
        return out


def certain_facts(counts: Counts) -> tuple[Fact, ...]:
    """Every (holder, card) with probability 1, and the 0s that are not implied by a 1."""
    out = []
    if counts.deals == 0:
        return ()
    for h, row in counts.held.items():
        for c, n in row.items():
            if n == counts.deals:
                out.append(Fact(h, c, True))
    return tuple(out)


def analyse(log: GameLog) -> Report:
    """The exact analysis of ``log``; a contradictory log carries a minimal conflict."""
    counts = count(puzzle_of(log))
    conflict: tuple[int, ...] = ()
    if counts.deals == 0:
        from cluesolver.clue.explain import minimal_conflict

        conflict = tuple(minimal_conflict(log))
    return Report(log, counts, conflict, certain_facts(counts))
