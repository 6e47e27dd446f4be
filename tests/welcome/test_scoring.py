"""Final scoring of Welcome to New Las Vegas: golden tables and each rule on its own."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rulesref.welcome import check_table, load_table, parse_table, score_table
from rulesref.welcome.model import BankVote, Counted, Hotels, Inauguration, Sheet, Table
from rulesref.welcome.results import Zone
from rulesref.welcome.scoring import bank_outcome, rank_inauguration, unspent_boxes
from rulesref.welcome.streets import parse_streets
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "welcome"
GOLDEN = sorted(p.stem.removesuffix(".expected") for p in DATA.glob("*.expected.json"))


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_tables_score_exactly(name: str) -> None:
    expected = json.loads((DATA / f"{name}.expected.json").read_text())
    result = score_table(load_table(DATA / f"{name}.toml"))
    assert list(result.winners) == expected["winners"]
    assert result.bank.bundles == expected["bank_bundles"]
    assert list(result.street_best) == expected["street_best"]
    zones = {p.name: {z.zone.value: z.points for z in p.zones} for p in result.players}
    assert zones == expected["zones"]
    assert {p.name: p.total for p in result.players} == expected["totals"]
    if "end_triggers" in expected:
        assert [[t.name, t.reason] for t in result.triggers] == expected["end_triggers"]


def test_golden_list_is_not_empty() -> None:
    assert {"table-1p-first-game", "table-2p", "table-4p", "table-5p", "solo-acme"} <= set(GOLDEN)


def test_rulebook_street_example_gets_the_bonus_only_when_longest() -> None:
    result = score_table(load_table(DATA / "table-2p.toml"))
    ana = result.player("Ana").streets[0]
    assert (ana.length, ana.bonus, ana.points) == (4, True, 10)
    bo = result.player("Bo").streets[0]
    assert (bo.length, bo.bonus, bo.points) == (3, False, 3)


# -- the bank --------------------------------------------------------------------------

L, R = BankVote.LOAN, BankVote.REFUSE


@pytest.mark.parametrize(
    "votes, bundles",
    [
        ([L, L, R], 4),  # more than half asked
        ([L, R], 2),  # exactly half asked: half refused
        ([L, L, R, R], 2),
        ([L, R, R], 2),
        ([R, R, R], 0),  # nobody asked
        ([R], 0),
        ([L], 4),
        ([L, L, L, R, R], 4),
    ],
)
def test_bank_vote(votes: list[BankVote], bundles: int) -> None:
    outcome = bank_outcome(votes)
    assert outcome.bundles == bundles
    assert outcome.citation.id == "welcome-to-new-las-vegas/bank"


def test_first_game_has_no_bank() -> None:
    assert bank_outcome([L, L], first_game=True).bundles == 0


# -- inauguration ----------------------------------------------------------------------


def test_inauguration_ranks_share_ties_and_the_fewest_pay() -> None:
    places = rank_inauguration(
        [("A", 9, False, True), ("B", 9, True, True), ("C", 7, True, True), ("D", 4, True, True), ("E", 4, False, True)]
    )
    assert {n: (p.rank, p.points, p.last) for n, p in places.items()} == {
        "A": (1, 10, False),
        "B": (1, 15, False),
        "C": (2, 8, False),
        "D": (3, 0, True),
        "E": (3, 2, True),
    }


def test_fourth_place_scores_nothing_and_all_tied_nobody_last() -> None:
    places = rank_inauguration(
        [("A", 9, False, True), ("B", 8, False, True), ("C", 7, False, True), ("D", 6, False, True)]
    )
    assert (places["D"].rank, places["D"].points, places["D"].last) == (4, 0, True)
    tied = rank_inauguration([("A", 5, False, True), ("B", 5, False, True)])
    assert all(p.rank == 1 and p.points == 10 and not p.last for p in tied.values())


def test_unspent_boxes_use_the_bonus_set_size_or_circled() -> None:
    sheet = _sheet("A", inauguration=Inauguration(checked=9))
    assert unspent_boxes(sheet, 2) == 9
    from rulesref.welcome.model import Bonuses

    with_bonus = replace(sheet, bonuses=Bonuses(free_action=1, easy_opening=1))
    assert unspent_boxes(with_bonus, 2) == 5
    assert unspent_boxes(with_bonus, 3) == 3
    circled = replace(with_bonus, inauguration=Inauguration(checked=9, circled=3))
    assert unspent_boxes(circled, 2) == 6


# -- tie-breaks and safe ---------------------------------------------------------------


def _sheet(name: str, **kw: object) -> Sheet:
    base = Sheet(name=name, streets=parse_streets("1 | 1 | 1 | 1"), street_bonus=(0, 0, 0, 0), bank=BankVote.REFUSE)
    return replace(base, **kw)  # type: ignore[arg-type]


def test_tie_broken_by_hotels_then_large_hotels_then_shared() -> None:
    more_hotels = Table(
        players=(
            _sheet("A", hotels=Hotels(large=Counted(1, 10), small=Counted(0, 5))),
            _sheet("B", hotels=Hotels(large=Counted(0, 10), small=Counted(2, 5))),
        )
    )
    result = score_table(more_hotels)
    assert (
        result.players[0].total == result.players[1].total == 10 + 10 + 4
    )  # hotels, tied 1st in inauguration, 4 one-casino runs
    assert result.winners == ("B",)
    assert "more hotels (2 against 1)" in (result.tie_note or "")

    more_large = Table(
        players=(
            _sheet("A", hotels=Hotels(large=Counted(0, 10), small=Counted(2, 10))),
            _sheet("B", hotels=Hotels(large=Counted(2, 10), small=Counted(0, 10))),
        )
    )
    result = score_table(more_large)
    assert result.winners == ("B",)
    assert "more Large Hotels (2 against 0)" in (result.tie_note or "")

    shared = Table(players=(_sheet("A"), _sheet("B")))
    result = score_table(shared)
    assert result.winners == ("A", "B")
    assert [p.place for p in result.players] == [1, 1]
    assert "share the win" in (result.tie_note or "")


def test_safe_exactly_enough_and_one_short() -> None:
    text = (DATA / "table-2p.toml").read_text()
    result = score_table(parse_table(text))
    bo = result.player("Bo").safe
    assert (bo.bundles, bo.owed, bo.short, bo.penalty) == (3, 4, True, -20)
    assert dict(bo.debts) == {"construction": 1, "show": 1, "extended-casino": 1, "inauguration": 1}
    ana = result.player("Ana").safe
    assert (ana.start, ana.bank, ana.mafia, ana.owed, ana.short) == (1, 2, 1, 3, False)


def test_safe_start_can_be_overridden() -> None:
    table = Table(players=(_sheet("A", safe_start=0, streets=parse_streets("x | 1 | 1 | 1")),))
    result = score_table(table)
    assert result.player("A").zone(Zone.SAFE).points == -20


def test_no_end_trigger_is_noted() -> None:
    result = score_table(Table(players=(_sheet("A", streets=parse_streets(". | 1 | 1 | 1")),)))
    assert result.triggers == ()
    assert any("no end-of-game condition" in n for n in result.notes)


def test_unconfirmed_rules_are_said_only_when_used() -> None:
    tied = score_table(load_table(DATA / "table-5p.toml")).notes
    assert any(n.startswith("not confirmed: how inauguration ties rank") for n in tied)
    assert any(n.startswith("not confirmed: a bonus costs 2 checked boxes") for n in tied)
    clean = score_table(load_table(DATA / "table-2p.toml")).notes
    assert not any("inauguration ties" in n for n in clean)
    assert any("a bonus costs 2" in n for n in clean)  # Bo used Extended Casino
    solo = score_table(load_table(DATA / "solo-acme.toml")).notes
    assert any("street tie between you and ACME" in n for n in solo)


def test_worked_out_example_scores_as_worked_by_hand() -> None:
    """examples/welcome-worked-out.toml, each derived value checked by hand once."""
    table = load_table(ROOT / "examples" / "welcome-worked-out.toml")
    assert check_table(table).ok
    noor, olli = table.players
    assert [(c.colour.value, c.claim.value) for c in noor.projects] == [("pink", "high"), ("yellow", "low")]
    assert (noor.hotels.small.avenues, noor.hotels.small.count) == ((2,), 1)
    assert [c.debts for c in noor.shows] == [1, 2] and [c.debts for c in olli.shows] == [0, 0]
    assert (noor.limo.missing_lines, olli.limo.missing_lines) == (6, 0)
    result = score_table(table)
    assert {p.name: p.total for p in result.players} == {"Noor": 94, "Olli": 59}
