"""Which log lines force a fact, found with the exact counter (no solver to import).

A set of lines forces a fact when the fact holds in every deal that agrees with those
lines alone (their constraints, the hand sizes, one envelope card per category).  Dropping
lines only adds deals, so the smallest sets can be searched by divide and conquer
(QuickXplain): the result forces the fact and loses it when any one of its lines is left
out.  Every test is one exact count.
"""

from __future__ import annotations

from cluesolver.clue.constraints import Puzzle, puzzle_of
from cluesolver.clue.count_small import count
from cluesolver.clue.fact import Fact
from cluesolver.clue.log import GameLog


def forcing_lines(log: GameLog, fact: Fact) -> list[int] | None:
    """A minimal set of lines forcing ``fact``; ``None`` when the whole log does not force it
    (or contradicts itself); ``[]`` when the deal alone does."""
    puzzle = puzzle_of(log)
    lines = sorted({ln for con in puzzle.constraints for ln in con.lines})

    def forced(keep: set[int]) -> bool:
        cons = tuple(con for con in puzzle.constraints if all(ln in keep for ln in con.lines))
        got = count(Puzzle(puzzle.table, cons))
        n = got.held[fact.holder][fact.card]
        return got.deals > 0 and n == (got.deals if fact.holds else 0)

    if not forced(set(lines)):
        return None
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
