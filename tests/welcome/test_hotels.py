"""Hotels from streets aligned to the avenues: the small ones are the rest of the complete
avenues, the large ones must be named, one hotel per avenue, none on an avenue not complete."""

from __future__ import annotations

from rulesref.welcome import check_table, parse_table, score_table
from rulesref.welcome.results import Zone
from tests.welcome.tables import HEAD, findings, messages, sheet

DOTS = " ." * 9
ALIGNED = f'["1 3{DOTS}", "2 4{DOTS}", "- 9{DOTS}", "5 7{DOTS}"]'  # avenues 1 and 2 complete


def test_small_hotels_are_the_rest_of_the_complete_avenues() -> None:
    body = "hotels = { large = { avenues = [1], value = 12 }, small = { value = 6 } }"
    table = parse_table(HEAD + sheet("Ana", body, ALIGNED) + sheet("Bo"))
    ana = table.players[0]
    assert (ana.hotels.large.count, ana.hotels.small.count, ana.hotels.small.avenues) == (1, 1, (2,))
    assert score_table(table).player("Ana").zone(Zone.HOTELS).points == 18
    assert check_table(table).ok
    by_count = parse_table(HEAD + sheet("Ana", body.replace("avenues = [1]", "built = 2"), ALIGNED) + sheet("Bo"))
    assert by_count.players[0].hotels.small.count == 0


def test_complete_avenues_need_to_know_which_hotels_are_large() -> None:
    (problem,) = messages(HEAD + sheet("Ana", "", ALIGNED) + sheet("Bo"))
    assert "the streets complete avenues 1, 2, so their hotels are built: say which are Large" in problem


def test_derived_small_hotels_need_their_value() -> None:
    (problem,) = messages(
        HEAD + sheet("Ana", "hotels = { large = { avenues = [1], value = 9 } }", ALIGNED) + sheet("Bo")
    )
    assert "hotels small: 'value' is missing (the streets complete 2 avenues: 1, 2)" in problem


def test_two_large_hotels_on_one_avenue_are_refused() -> None:
    twice = "hotels = { large = { avenues = [2, 2], value = 9 } }"
    assert any("avenue 2 is listed twice" in m for m in messages(HEAD + sheet("Ana", twice) + sheet("Bo")))
    both = "hotels = { large = { avenues = [2], value = 9 }, small = { avenues = [2], value = 4 } }"
    assert any("avenue 2 is listed twice" in m for m in messages(HEAD + sheet("Ana", both) + sheet("Bo")))


def test_a_hotel_on_an_avenue_not_complete_is_a_problem() -> None:
    body = "hotels = { large = { avenues = [1, 5], value = 12 }, small = { built = 0 } }"
    assert findings(HEAD + sheet("Ana", body, ALIGNED) + sheet("Bo")) == [
        "a hotel is listed on avenue 5, but not every casino of that avenue is opened"
    ]
    fewer = "hotels = { large = { built = 1, value = 12 }, small = { built = 0 } }"
    assert findings(HEAD + sheet("Ana", fewer, ALIGNED) + sheet("Bo")) == [
        "1 hotel on the sheet, but the streets complete 2 avenues (1, 2); a hotel is built when every casino "
        "of its avenue is opened"
    ]
