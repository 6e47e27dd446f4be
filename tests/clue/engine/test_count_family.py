"""A family of puzzles counted together (``count_family``) against each counted on its own
and against the independent enumerator.

The advisor counts the answers to a suggestion this way: the log's puzzle plus a few facts
about the suggested cards ("has", "lacks", "holds at least one of").  Every member must get
exactly the counts :func:`~cluesolver.clue.engine.covers.count_numpy` gives it, whether the family is
counted in one pass or one by one.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.advice import suggestions as advisor
from cluesolver.clue.engine import count_variants, covers
from cluesolver.clue.engine.brute_force import enumerate_counts
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.record.constraints import (
    ENVELOPE,
    AtLeastOne,
    Constraint,
    Has,
    Lacks,
    NotEnvelope,
    Puzzle,
    puzzle_of,
)
from cluesolver.clue.record.simulate import random_log
from tests.clue.engine.strategies import puzzles

ALWAYS = 1e9  # seconds per member: the family is always counted in one pass when it can be


def _same(got: Counts, want: Counts) -> None:
    assert got.deals == want.deals
    assert got.held == want.held
    assert got.estimate == want.estimate


@st.composite
def families(draw: st.DrawFn) -> tuple[Puzzle, list[tuple[Constraint, ...]]]:
    """A random puzzle and up to six extras, each a few facts about at most three of its cards."""
    puzzle = draw(puzzles())
    table = puzzle.table
    few = draw(st.lists(st.sampled_from(table.cards), min_size=1, max_size=3, unique=True))
    owners = table.players + table.slots
    extras = []
    for _ in range(draw(st.integers(1, 6))):
        extra: list[Constraint] = []
        for _ in range(draw(st.integers(0, 4))):
            kind = draw(st.sampled_from(["has", "lacks", "lacks", "one"]))
            if kind == "has":
                extra.append(Has(draw(st.sampled_from(table.holders)), draw(st.sampled_from(few))))
            elif kind == "lacks":
                extra.append(Lacks(draw(st.sampled_from(table.holders)), draw(st.sampled_from(few))))
            else:
                some = draw(st.lists(st.sampled_from(few), min_size=1, max_size=3, unique=True))
                extra.append(AtLeastOne(draw(st.sampled_from(owners)), tuple(some)))
        extras.append(tuple(extra))
    return puzzle, extras


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(families())
def test_family_matches_each_count_and_the_enumerator(family: tuple[Puzzle, list[tuple[Constraint, ...]]]) -> None:
    puzzle, extras = family
    together = covers.count_family(puzzle, extras, seconds_each=ALWAYS)
    assert len(together) == len(extras)
    for extra, got in zip(extras, together):
        member = Puzzle(puzzle.table, puzzle.constraints + extra)
        _same(got, covers.count_numpy(member))
        truth = enumerate_counts(member)
        assert got.deals == truth.deals
        assert got.held == truth.held


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(families(), st.sampled_from(["crt", "python-ints"]))
def test_family_on_the_other_arithmetic_paths(family: tuple[Puzzle, list[tuple[Constraint, ...]]], path: str) -> None:
    """The prime pass and the CRT (bound past one int64 pass), or Python integers: the same counts
    (a Python-integer family is counted one by one)."""
    puzzle, extras = family
    cfg = covers.CountSettings(cover_wrap_exact=1) if path == "crt" else covers.CountSettings(cover_py_ints_from=1)
    together = covers.count_family(puzzle, extras, cfg, seconds_each=ALWAYS)
    for extra, got in zip(extras, together):
        _same(got, covers.count_numpy(Puzzle(puzzle.table, puzzle.constraints + extra), settings=cfg))


def test_members_without_a_deal_and_facts_already_known() -> None:
    classic = variants.get("classic")
    log, _ = random_log(classic, 4, 6, random.Random(3), accusations=False)
    puzzle = puzzle_of(log)
    me = log.header.me
    assert me is not None
    mine = log.header.my_cards[0]
    other = next(p for p in log.players if p != me)
    now = covers.count_numpy(puzzle)
    free = next(c for c in classic.card_names if 0 < now.held[other][c] < now.deals)
    extras: list[tuple[Constraint, ...]] = [
        (Has(me, mine),),  # already known: the log's own counts
        (Has(other, mine),),  # impossible: no deal
        (Lacks(me, mine),),  # impossible too
        (Has(other, free), Lacks(other, free)),  # contradictory
        (AtLeastOne(other, (free, mine)),),
        (Lacks(ENVELOPE, free), AtLeastOne(ENVELOPE, (free,))),  # the envelope shows nothing: ignored
        (),
    ]
    together = covers.count_family(puzzle, extras, seconds_each=ALWAYS)
    for extra, got in zip(extras, together):
        _same(got, covers.count_numpy(Puzzle(puzzle.table, puzzle.constraints + extra)))
    assert together[1].deals == together[2].deals == together[3].deals == 0
    assert together[0].deals == together[-1].deals == covers.count_numpy(puzzle).deals


def test_other_facts_and_forced_methods_are_counted_one_by_one() -> None:
    log, _ = random_log(variants.get("classic"), 3, 4, random.Random(5), accusations=False)
    puzzle = puzzle_of(log)
    combo = tuple(cards[0] for _, cards in puzzle.table.categories)
    extras: list[tuple[Constraint, ...]] = [(NotEnvelope(combo),), ()]
    for cfg in (covers.DEFAULT_SETTINGS, covers.CountSettings(method="dp")):
        together = covers.count_family(puzzle, extras, cfg, seconds_each=ALWAYS)
        for extra, got in zip(extras, together):
            _same(got, covers.count_numpy(Puzzle(puzzle.table, puzzle.constraints + extra), settings=cfg))


def test_answers_to_a_suggestion_on_master_detective() -> None:
    """The advisor's family (six players, the owner suggesting): together, one by one and
    through count_variants, the same counts; and the advice the same either way."""
    log, _ = random_log(variants.get("master-detective"), 6, 6, random.Random(5), accusations=False)
    puzzle = puzzle_of(log)
    counts = covers.count_numpy(puzzle)
    ranking = advisor.rank(log, top=1)
    cards = ranking.advice[0].cards
    me = log.header.me
    assert me is not None
    before: list[Constraint] = []
    extras: list[tuple[Constraint, ...]] = []
    for k in log.players[1:]:
        extras += [(*before, Has(k, c)) for c in cards if counts.held[k][c]]
        extras.append((*before, AtLeastOne(k, cards)))
        before += [Lacks(k, c) for c in cards]
    extras.append(tuple(before))
    one_by_one = [covers.count_numpy(Puzzle(puzzle.table, puzzle.constraints + e)) for e in extras]
    for got, want in zip(covers.count_family(puzzle, extras, seconds_each=ALWAYS), one_by_one):
        _same(got, want)
    for got, want in zip(count_variants(puzzle, extras), one_by_one):
        _same(got, want)
