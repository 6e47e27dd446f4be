"""An independent enumerator of consistent deals on python-constraint2 (small games).

It shares nothing with the fast engine but the constraint list: one 0/1 variable per
(card, holder), exact sums for "one holder per card", hand sizes and one envelope card
per category, and the log's constraints as sums.  Used by the tests as the oracle the
exact counter must agree with.
"""

from __future__ import annotations

from collections.abc import Iterator

from cluesolver.clue.engine.results import Counts
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Has, Lacks, NotEnvelope, Puzzle


def deals(puzzle: Puzzle) -> Iterator[dict[str, str]]:
    """Every consistent deal, as card → holder."""
    from constraint import (
        ExactSumConstraint,
        MaxSumConstraint,
        MinSumConstraint,
        Problem,
    )

    t = puzzle.table
    holders = t.holders
    p = Problem()
    var = {(c, h): f"{c}@{h}" for c in t.cards for h in holders}
    domain = {key: {0, 1} for key in var}
    for con in puzzle.constraints:
        if isinstance(con, Has):
            domain[con.card, con.holder] &= {1}
        elif isinstance(con, Lacks):
            domain[con.card, con.holder] &= {0}
    if any(not d for d in domain.values()):
        return
    for key, name in var.items():
        p.addVariable(name, sorted(domain[key]))
    for c in t.cards:
        p.addConstraint(ExactSumConstraint(1), [var[c, h] for h in holders])
    for player, size in zip(t.players, t.sizes):
        p.addConstraint(ExactSumConstraint(size), [var[c, player] for c in t.cards])
    for slot in t.slots:
        p.addConstraint(ExactSumConstraint(1), [var[c, slot] for c in t.cards])
    for _, cards in t.categories:
        p.addConstraint(ExactSumConstraint(1), [var[c, ENVELOPE] for c in cards])
    for con in puzzle.constraints:
        if isinstance(con, AtLeastOne):
            p.addConstraint(MinSumConstraint(1), [var[c, con.holder] for c in con.cards])
        elif isinstance(con, NotEnvelope):
            p.addConstraint(MaxSumConstraint(len(con.cards) - 1), [var[c, ENVELOPE] for c in con.cards])
    try:
        solutions = p.getSolutionIter()
    except ValueError:  # pre-processing emptied a domain: there is no solution
        return
    for solution in solutions:
        yield {c: next(h for h in holders if solution[var[c, h]]) for c in t.cards}


def enumerate_counts(puzzle: Puzzle) -> Counts:
    """The same numbers as :func:`cluesolver.clue.engine.covers.count_numpy`, by listing every deal."""
    t = puzzle.table
    held = {h: dict.fromkeys(t.cards, 0) for h in t.holders}
    total = 0
    for deal in deals(puzzle):
        total += 1
        for c, h in deal.items():
            held[h][c] += 1
    return Counts(t, total, held)
