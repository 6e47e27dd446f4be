"""Which log lines force a fact, found with the exact counter (no solver to import).

A set of lines forces a fact when the fact holds in every deal that agrees with those
lines alone (their constraints, the hand sizes, one envelope card per category).  Dropping
lines only adds deals, so the smallest sets can be searched by divide and conquer
(QuickXplain): the result forces the fact and loses it when any one of its lines is left
out.  Every test is one exact count of the lines with the fact's opposite added: the
lines force the fact when that leaves no deal.  A search for one deal
(:func:`cluesolver.clue.engine.feasible.has_deal`) answers that without counting; past its
budget the small counter is tried until it first gives up, then the main engine counts.
"""

from __future__ import annotations

from cluesolver.clue.engine import count, counter
from cluesolver.clue.engine.feasible import has_deal
from cluesolver.clue.engine.small import SmallLimits
from cluesolver.clue.record.constraints import Constraint, Has, Lacks, Puzzle, puzzle_of
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.fact import Fact

#: Parts of a log the small counter takes on (it gives up sooner than for a whole log: the
#: parts with few lines leave many deals, where the main engine is quicker).
PART_LIMITS = SmallLimits(max_states=1_000, max_steps=10_000)


def forcing_lines(log: GameLog, fact: Fact, limits: SmallLimits = PART_LIMITS) -> list[int] | None:
    """A minimal set of lines forcing ``fact``; ``None`` when the whole log does not force it
    (or contradicts itself); ``[]`` when the deal alone does."""
    puzzle = puzzle_of(log)
    lines = sorted({ln for con in puzzle.constraints for ln in con.lines})
    whole = count(puzzle)
    n = whole.held[fact.holder][fact.card]
    if not (whole.deals > 0 and n == (whole.deals if fact.holds else 0)):
        return None
    # The whole log has deals, so every part of it has: a part forces the fact exactly
    # when no deal of the part breaks it (often found at once by propagation).
    against: Constraint = Lacks(fact.holder, fact.card) if fact.holds else Has(fact.holder, fact.card)
    part_count = counter(limits)  # the small counter until it gives up once (the parts are alike)

    def forced(keep: set[int]) -> bool:
        cons = tuple(con for con in puzzle.constraints if all(ln in keep for ln in con.lines))
        part = Puzzle(puzzle.table, (*cons, against))
        found = has_deal(part)  # a search for one deal: exact, and far cheaper than a count
        if found is not None:
            return not found
        return part_count(part).deals == 0

    if forced(set()):
        return []

    def explain(base: set[int], extra: list[int], changed: bool) -> list[int]:
        if changed and forced(base):
            return []
        if len(extra) == 1:
            return list(extra)
        half = len(extra) // 2
        first, second = extra[:half], extra[half:]
        right = explain(base | set(first), second, bool(first))
        left = explain(base | set(right), first, bool(right))
        return left + right

    return sorted(explain(set(), lines, False))
