"""The one numbering of holders and cards (:class:`HolderLayout`) and the one greedy card order.

The small counter, the deal state of the numpy engine and the sampler all number holders
as the layout does (players, an envelope place per category, table slots), and the small
counter and the sampler order their cards with :func:`greedy_order`, each with its own
tie-breaks and place for the cards in no constraint.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cluesolver.clue.engine.covers import count_numpy
from cluesolver.clue.engine.deal_state import propagate, setup
from cluesolver.clue.engine.layout import HolderLayout, greedy_order, most_open, spans
from cluesolver.clue.engine.sampler import DealSampler
from cluesolver.clue.engine.small import SmallPlan
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Has, Lacks, Puzzle, Table, puzzle_of
from cluesolver.clue.record.reader import parse_log
from tests.helpers import DATA

#: Two players, three categories, two table slots (as in Clue: Lost in Vegas).
TABLE = Table(
    cards=("a0", "a1", "a2", "b0", "b1", "c0", "c1", "c2", "c3"),
    categories=(("a", ("a0", "a1", "a2")), ("b", ("b0", "b1")), ("c", ("c0", "c1", "c2", "c3"))),
    players=("Ann", "Ben"),
    sizes=(2, 2),
    slots=("table:X", "table:Y"),
)

VEGAS_LOG = DATA / "clue" / "vegas-2p.clue"


def test_holders_are_players_then_an_envelope_place_per_category_then_slots() -> None:
    layout = HolderLayout.of(TABLE)
    assert layout.names == ("Ann", "Ben", ENVELOPE, ENVELOPE, ENVELOPE, "table:X", "table:Y")
    assert layout.caps == (2, 2, 1, 1, 1, 1, 1)
    assert sum(layout.caps) == len(TABLE.cards)
    assert (layout.n_players, layout.n_cats, layout.n_holders) == (2, 3, 7)
    assert [h for h in range(layout.n_holders) if layout.is_envelope(h)] == [2, 3, 4]
    assert layout.not_envelope == (0, 1, 5, 6)
    assert dict(layout.index) == {"Ann": 0, "Ben": 1, "table:X": 5, "table:Y": 6}
    assert dict(layout.card_index) == {c: i for i, c in enumerate(TABLE.cards)}
    assert layout.well_formed


def test_numbering_agrees_with_table_holders() -> None:
    layout = HolderLayout.of(TABLE)
    for h, name in enumerate(layout.names):
        assert TABLE.holders[layout.table_holder[h]] == name
    # every name of Table.holders is some holder number's, the envelope's every place's
    assert sorted(set(layout.table_holder)) == list(range(len(TABLE.holders)))


def test_each_card_has_the_envelope_place_of_its_category() -> None:
    layout = HolderLayout.of(TABLE)
    for c, card in enumerate(TABLE.cards):
        k = [cat for cat, _ in TABLE.categories].index(TABLE.category_of(card))
        assert layout.card_cat[c] == k
        assert layout.envelope_of[c] == layout.n_players + k
        assert layout.holder(ENVELOPE, c) == layout.envelope_of[c]
    assert layout.holder("Ben", 0) == 1 and layout.holder("table:Y", 0) == 6
    with pytest.raises(KeyError):
        layout.holder("Nobody", 0)


def test_the_layout_is_remembered_per_table() -> None:
    assert HolderLayout.of(TABLE) is HolderLayout.of(dataclasses.replace(TABLE))  # an equal table


def test_cards_and_categories_that_disagree() -> None:
    twice = Table(("x", "y", "x"), (("k", ("x", "y")),), ("Ann",), (2,))
    assert not HolderLayout.of(twice).well_formed
    with pytest.raises(KeyError):  # the small counter's reader refuses it (the main engine says why)
        SmallPlan(Puzzle(twice, ()))
    with pytest.raises(KeyError):  # a card in no category
        HolderLayout.of(Table(("x", "y"), (("k", ("x",)),), ("Ann",), (1,)))


def test_the_engines_share_the_layout() -> None:
    puzzle = puzzle_of(parse_log(VEGAS_LOG.read_text(encoding="utf-8")))
    layout = HolderLayout.of(puzzle.table)
    assert puzzle.table.slots  # the log puts cards on the table: slots are numbered too
    state = setup(puzzle)
    plan = SmallPlan(puzzle)
    assert state.layout is layout and plan.layout is layout
    assert [state.holder_name(h) for h in range(state.n_holders)] == list(layout.names)
    assert [state.env_holder(c) for c in range(len(puzzle.table.cards))] == list(layout.envelope_of)
    assert state.allowed.shape == (len(puzzle.table.cards), layout.n_holders)
    sampler = DealSampler(puzzle, count_numpy(puzzle))
    assert sampler._out_code.tolist() == list(layout.table_holder)


def test_greedy_order_puts_the_cards_in_no_group_first_or_last() -> None:
    groups = [frozenset({1, 4}), frozenset({4, 6})]
    first = greedy_order(range(8), groups, unconstrained_first=True)
    last = greedy_order(range(8), groups, unconstrained_first=False, holders=[1] * 8)
    assert first[:5] == [0, 2, 3, 5, 7] and sorted(first[5:]) == [1, 4, 6]
    assert last[3:] == [0, 2, 3, 5, 7] and last[:3] == first[5:]
    # the shared card 4 first would open both groups; an end card opens one, then 4 closes
    # it and opens the other, then the last card closes that
    assert first[5:] == [1, 4, 6]


def test_greedy_order_tie_breaks() -> None:
    # 0 opens one group (as 2 would, but 0 is lower); then 2 and 3 each open one group
    # more: the sampler takes the lower card (2), the small counter the card in more open
    # groups (3, in the group 0 opened), which lets 5 close that group next
    groups = [frozenset({2, 3, 5}), frozenset({0, 3, 5})]
    assert greedy_order(range(6), groups, unconstrained_first=True) == [1, 4, 0, 2, 3, 5]
    assert greedy_order(range(6), groups, unconstrained_first=False, holders=[3] * 6) == [0, 3, 5, 2, 1, 4]
    # among cards alike, the one with fewer holders
    alike = [frozenset({2, 6})]
    assert greedy_order(range(8), alike, unconstrained_first=False, holders=[3, 3, 3, 3, 3, 3, 2, 3])[:2] == [6, 2]
    assert greedy_order(range(8), alike, unconstrained_first=True)[-2:] == [2, 6]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 11), unique=True, max_size=12),
    st.lists(st.frozensets(st.integers(0, 11), max_size=4), max_size=6),
    st.booleans(),
)
def test_greedy_order_is_a_permutation(cards: list[int], groups: list[frozenset[int]], first: bool) -> None:
    holders = [1 + c % 3 for c in range(12)]
    order = greedy_order(cards, groups, unconstrained_first=first, holders=None if first else holders)
    assert sorted(order) == sorted(cards)
    free = [c for c in cards if not any(c in g for g in groups)]
    assert (order[: len(free)] if first else order[len(order) - len(free) :]) == free


def test_spans_and_most_open() -> None:
    order = [4, 0, 2, 1, 3]
    sets = [frozenset({0, 1}), frozenset({4, 3}), frozenset({9}), frozenset({2})]
    assert spans(order, sets) == [(1, 3), (0, 4), (-1, -1), (2, 2)]
    assert spans(order, sets, kept=1) == [(1, 3), (0, 4), (-1, -1), (2, 4)]
    assert most_open(spans(order, sets), len(order)) == 3
    assert most_open([], 5) == 0


def _puzzles() -> list[Puzzle]:
    rng = random.Random(4)
    out = []
    for _ in range(30):
        cons = []
        for _ in range(rng.randint(2, 8)):
            kind = rng.random()
            who = rng.choice(["Ann", "Ben", "table:X"])
            if kind < 0.3:
                cons.append(Lacks(who, rng.choice(TABLE.cards)))
            elif kind < 0.4:
                cons.append(Has(who, rng.choice(TABLE.cards)))
            else:
                cons.append(AtLeastOne(who, tuple(rng.sample(TABLE.cards, 3))))
        out.append(Puzzle(TABLE, tuple(cons)))
    return out


@pytest.mark.parametrize("puzzle", _puzzles())
def test_each_user_puts_its_constrained_cards_where_it_expects(puzzle: Puzzle) -> None:
    plan = SmallPlan(puzzle)
    constrained = [c for c in range(len(TABLE.cards)) if plan.cons_of[c]]
    assert sorted(plan.order) == list(range(len(TABLE.cards)))
    assert sorted(plan.order[: len(constrained)]) == constrained  # the small counter: constrained first
    counts = count_numpy(puzzle)
    if not counts.deals:
        return
    sampler = DealSampler(puzzle, counts)
    in_con = {c for _, cs in sampler._cons for c in cs}
    unknown = [c for c in range(len(TABLE.cards)) if sampler._fixed[c] == -1]
    assert sorted(sampler._order) == unknown
    free = [c for c in unknown if c not in in_con]
    assert sampler._order[: len(free)] == free  # the sampler: the cards in no kept constraint first
    state = setup(puzzle)
    propagate(state)
    assert state.layout is plan.layout
