"""Properties of welcome scoring and placement that hold for any table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesref.welcome import score_table
from rulesref.welcome.model import BankVote, Counted, Hotels, Inauguration, Sheet, Table
from rulesref.welcome.streets import Casino, placement_problems, run_length
from tests.helpers import ROOT

casino = st.one_of(
    st.integers(0, 17).map(lambda n: Casino(number=n)),
    st.just(Casino()),
    st.just(Casino(crane=True, built=False)),
    st.just(Casino(crane=True, built=True)),
)
street = st.lists(casino, min_size=1, max_size=10).map(tuple)


@st.composite
def sheets(draw: st.DrawFn, name: str) -> Sheet:
    return Sheet(
        name=name,
        streets=tuple(draw(street) for _ in range(4)),
        street_bonus=tuple(draw(st.integers(0, 12)) for _ in range(4)),
        hotels=Hotels(Counted(draw(st.integers(0, 4)), 10), Counted(draw(st.integers(0, 4)), 5)),
        inauguration=Inauguration(checked=draw(st.integers(3, 20)), improved=draw(st.booleans())),
        bank=draw(st.sampled_from(list(BankVote))),
    )


@st.composite
def tables(draw: st.DrawFn) -> Table:
    n = draw(st.integers(1, 5))
    return Table(players=tuple(draw(sheets("ABCDE"[i])) for i in range(n)))


@settings(max_examples=60, deadline=None)
@given(tables())
def test_totals_bonuses_and_ranks_are_consistent(table: Table) -> None:
    result = score_table(table)
    for p in result.players:
        assert p.total == sum(z.points for z in p.zones)
        for s in p.streets:
            assert s.bonus == (s.length > 0 and s.length == result.street_best[s.street - 1])
    most = max(p.inauguration.boxes for p in result.players)
    assert {p.name for p in result.players if p.inauguration.rank == 1} == {
        p.name for p in result.players if p.inauguration.boxes == most
    }
    assert [p.place for p in result.players] == sorted(p.place for p in result.players)
    assert result.winners == tuple(p.name for p in result.players if p.place == 1)


@settings(max_examples=40, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_seating_order_does_not_change_any_score(table: Table, rng: object) -> None:
    shuffled = list(table.players)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    a = {p.name: p.total for p in score_table(table).players}
    b = {p.name: p.total for p in score_table(Table(players=tuple(shuffled))).players}
    assert a == b


@given(
    st.lists(st.integers(0, 17), unique=True, max_size=8).map(sorted),
    st.lists(st.sampled_from([Casino(), Casino(crane=True, built=False), Casino(crane=True, built=True)]), max_size=6),
    st.randoms(use_true_random=False),
)
def test_rising_distinct_numbers_never_break_placement(numbers: list[int], gaps: list[Casino], rng: object) -> None:
    slots: list[Casino] = [Casino(number=n) for n in numbers]
    for gap in gaps:
        slots.insert(rng.randint(0, len(slots)), gap)  # type: ignore[attr-defined]
    if not slots:
        return
    assert placement_problems(tuple(slots), 1) == []
    assert run_length(tuple(slots)) <= len(numbers)


EXAMPLE_TEXT = (ROOT / "examples" / "welcome-table-3p.toml").read_text()
VALUES = [
    "0",
    "-1",
    '"x"',
    "true",
    "[]",
    "{}",
    "[1]",
    "{ a = 1 }",
    "99999999999999999999",
    "1.5",
    '"c7"',
    '"=1"',
    '"loan"',
    '"high"',
]


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_damaged_table_files_give_input_errors_never_crashes(data: st.DataObject) -> None:
    import re

    from rulesref.core.errors import InputError
    from rulesref.welcome import check_table, parse_table

    tokens = list(re.finditer(r'-?\d+|"[^"]*"|true|false', EXAMPLE_TEXT))
    chosen = data.draw(st.lists(st.integers(0, len(tokens) - 1), min_size=1, max_size=3, unique=True))
    text = EXAMPLE_TEXT
    for index in sorted(chosen, reverse=True):
        m = tokens[index]
        text = text[: m.start()] + data.draw(st.sampled_from(VALUES)) + text[m.end() :]
    try:
        table = parse_table(text)
    except InputError as exc:
        assert exc.problems()
        return
    score_table(table)
    check_table(table)
