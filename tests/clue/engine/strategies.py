"""Hypothesis strategies for the engine tests (imported as ``tests.clue.engine.strategies``)."""

from __future__ import annotations

from hypothesis import strategies as st

from cluesolver.clue.record.constraints import AtLeastOne, Constraint, Has, Lacks, NotEnvelope, Puzzle, Table


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    """A small table (1 to 3 categories of 1 to 3 cards, 1 to 3 players, maybe a table slot) and
    up to 10 random constraints on it, consistent or not."""
    ncat = draw(st.integers(1, 3))
    cats = []
    n = 0
    for k in range(ncat):
        m = draw(st.integers(1, 3))
        cats.append((f"k{k}", tuple(f"c{n + i}" for i in range(m))))
        n += m
    cards = tuple(c for _, cs in cats for c in cs)
    players = tuple(f"p{i}" for i in range(draw(st.integers(1, 3))))
    dealt = len(cards) - ncat
    slots: tuple[str, ...] = ()
    if dealt >= 1 and draw(st.booleans()):
        slots = ("table:A",)
        dealt -= 1
    cuts = sorted(draw(st.lists(st.integers(0, dealt), min_size=len(players) - 1, max_size=len(players) - 1)))
    sizes = tuple(b - a for a, b in zip([0, *cuts], [*cuts, dealt]))
    table = Table(cards, tuple(cats), players, sizes, slots)
    holders = table.holders
    owners = players + slots
    cons: list[Constraint] = []
    for _ in range(draw(st.integers(0, 10))):
        kind = draw(st.sampled_from(["has", "lacks", "lacks", "one", "one", "one", "notenv"]))
        if kind == "has":
            cons.append(Has(draw(st.sampled_from(holders)), draw(st.sampled_from(cards))))
        elif kind == "lacks":
            cons.append(Lacks(draw(st.sampled_from(holders)), draw(st.sampled_from(cards))))
        elif kind == "one":
            some = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3, unique=True))
            cons.append(AtLeastOne(draw(st.sampled_from(owners)), tuple(some)))
        else:
            cons.append(NotEnvelope(tuple(draw(st.sampled_from(cs)) for _, cs in cats)))
    return Puzzle(table, tuple(cons))
