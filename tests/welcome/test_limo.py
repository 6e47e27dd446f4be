"""The limousine: the fewest missing lines worked out from the trip, trips that break the rules,
and the lamp map a trip needs."""

from __future__ import annotations

from rulesref.welcome import check_table, parse_table, score_table
from rulesref.welcome.results import Zone
from tests.welcome.tables import HEAD, findings, messages, sheet


def test_missing_limo_lines_are_worked_out_from_the_trip() -> None:
    body = 'limo = { trip = "A1 A2 B2 B3", penalty = -3 }'
    table = parse_table(HEAD + "limo-lamps = [3, 4]\n" + sheet("Ana", body) + sheet("Bo"))
    limo = table.players[0].limo
    assert (limo.fewest_missing, limo.missing_lines) == (5, 5)
    assert score_table(table).player("Ana").zone(Zone.LIMO).points == -15
    assert check_table(table).ok


def test_missing_limo_lines_written_otherwise_and_broken_trips_are_problems() -> None:
    text = HEAD + "limo-lamps = [3, 4]\n"
    written = 'limo = { trip = "A1 A2 B2 B3", missing-lines = 2, penalty = -3 }'
    assert findings(text + sheet("Ana", written) + sheet("Bo")) == [
        "2 missing lines written, but the trip needs at least 5 more to get back to its start"
    ]
    broken = 'limo = { trip = "A1 A2 A3 A2 B3", penalty = -3 }'
    assert findings(text + sheet("Ana", broken) + sheet("Bo"))[:2] == [
        "the trip jumps from A2 to B3: a line joins neighbouring lamps",
        "the line A2-A3 is drawn twice; a trip may cross itself but not reuse a line",
    ]


def test_a_trip_needs_the_map_and_lamps_on_it() -> None:
    (problem,) = messages(HEAD + sheet("Ana", 'limo = { trip = "A1 A2" }') + sheet("Bo"))
    assert "'trip' needs the map: write limo-lamps = [rows, columns]" in problem
    (problem,) = messages(HEAD + "limo-lamps = [3, 4]\n" + sheet("Ana", 'limo = { trip = "A1 Z9" }') + sheet("Bo"))
    assert "'Z9' is not a lamp of the map: write A1 to C4" in problem
