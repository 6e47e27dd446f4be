"""Welcome to New Las Vegas: the rule gaps of issue 17, each pinned by a test.

Every test here failed before the fix it names and passes after it.
"""

from __future__ import annotations

import re

import pytest

from rulesref.core.errors import InputError
from rulesref.welcome import check_table, parse_table, score_table
from rulesref.welcome.results import Zone
from rulesref.welcome.template import blank_table

HEAD = 'game = "welcome-to-new-las-vegas"\n'
PROJECTS = "".join(f'\n[[project]]\ncolour = "{c}"\nhigh = 8\nlow = 4\n' for c in ("pink", "purple", "yellow"))
ACME = '\n[acme]\nstack = "C C In S"\nbank-threshold = 11\nhidden-card = 4\n[acme.values]\n' + "".join(
    f"{d} = [1, 2, 3]\n" for d in ("inauguration", "shows", "hotels", "streets", "golf", "limo")
)


def sheet(name: str, body: str = "", streets: str = '["1", "2", "3", "4"]', bonus: str = "[1, 2, 3, 4]") -> str:
    return f'\n[[player]]\nname = "{name}"\nbank = "refuse"\nstreets = {streets}\nstreet-bonus = {bonus}\n{body}\n'


def messages(text: str) -> list[str]:
    with pytest.raises(InputError) as info:
        parse_table(text, path="t.toml")
    return [p.format() for p in info.value.problems()]


def findings(text: str) -> list[str]:
    return [f.message for f in check_table(parse_table(text)).findings]


# -- values below 0 -------------------------------------------------------------------


def test_negative_street_bonus_is_refused() -> None:
    (problem,) = messages(HEAD + sheet("Ana", bonus="[2, -6, 3, 4]") + sheet("Bo"))
    assert problem.startswith("t.toml:7: player 'Ana': 'street-bonus' cannot be below 0")
    assert problem.endswith(": '-6'")


def test_negative_project_values_are_refused() -> None:
    text = HEAD + '[[project]]\ncolour = "pink"\nhigh = -10\nlow = -12\n' + sheet("Ana") + sheet("Bo")
    assert messages(text) == [
        "t.toml:4: project 1: 'high' cannot be below 0: '-10'",
        "t.toml:5: project 1: 'low' cannot be below 0: '-12'",
    ]


def test_negative_acme_card_values_are_refused() -> None:
    text = HEAD + sheet("Ana") + ACME.replace("shows = [1, 2, 3]", "shows = [-3, 2, 3]")
    (problem,) = messages(text)
    assert "acme values: 'shows' cannot hold a value below 0" in problem


# -- one player is the solo game ------------------------------------------------------


def test_one_player_without_acme_is_refused() -> None:
    (problem,) = messages(HEAD + sheet("Ana"))
    assert problem.startswith("t.toml:3: player 'Ana': one player alone plays the solo game against ACME")
    assert parse_table(HEAD + sheet("Ana") + ACME).solo


def test_welcome_new_with_one_player_writes_the_solo_table() -> None:
    assert parse_table(blank_table(["Sam"])).solo


# -- the blank file --------------------------------------------------------------------


def test_blank_file_is_not_clean_until_every_value_is_entered() -> None:
    text = blank_table(["Ana", "Bo"])
    report = check_table(parse_table(text))
    assert not report.ok
    assert {f.code for f in report.findings} == {"not-entered"}
    assert {(f.where.get("player"), f.where["zone"]) for f in report.findings} >= {
        ("Ana", "bank"),
        ("Bo", "bonuses"),
    }
    assert {"project": "pink", "zone": "projects"} in [f.where for f in report.findings]
    with pytest.raises(InputError):
        score_table(parse_table(text))


def test_blank_file_filled_in_is_clean_and_scores() -> None:
    filled = (
        blank_table(["Ana", "Bo"])
        .replace('bank = "?"', 'bank = "loan"')
        .replace('streets = ["?", "?", "?", "?"]', 'streets = ["1 3", "2 4", "5", "6"]')
        .replace('projects = "?"', "projects = {}")
        .replace('improved = "?"', "improved = false")
        .replace('checked = "?"', "checked = 4")
        .replace('penalty = "?"', "penalty = 0")
        .replace('"?"', "0")
    )
    table = parse_table(filled)
    assert table.blanks == ()
    assert check_table(table).ok
    # runs 2 + 2 + 1 + 1 and a shared first place in the inauguration; every other value entered as 0
    assert [p.total for p in score_table(table).players] == [16, 16]


# -- Free Action and Easy Opening look the same ----------------------------------------


def test_a_free_action_may_have_been_the_easy_opening() -> None:
    body = "bonuses = { free-action = 1 }"
    assert findings(HEAD + sheet("Ana", body, '["0 2", "2", "3", "4"]') + sheet("Bo")) == []
    assert findings(HEAD + sheet("Ana", "bonuses = { free-or-easy = 1 }", '["0 2", "2", "3", "4"]') + sheet("Bo")) == []
    (problem,) = findings(HEAD + sheet("Ana", body, '["0 2 16", "2", "3", "4"]') + sheet("Bo"))
    assert problem.startswith("2 numbers only Easy Opening can give (0, 16) but only 1 bonus")


# -- projects: high or low from the order of completion --------------------------------


def test_project_value_from_the_turns() -> None:
    text = HEAD + PROJECTS + sheet("Ana", "projects = { pink = 7 }") + sheet("Bo", "projects = { pink = { turn = 9 } }")
    table = parse_table(text)
    result = score_table(table)
    assert result.player("Ana").zone(Zone.PROJECTS).points == 8
    assert result.player("Bo").zone(Zone.PROJECTS).points == 4
    assert check_table(table).ok


def test_project_value_same_turn_shares_the_high_value() -> None:
    text = HEAD + PROJECTS + sheet("Ana", "projects = { pink = 7 }") + sheet("Bo", "projects = { pink = 7 }")
    result = score_table(parse_table(text))
    assert [p.zone(Zone.PROJECTS).points for p in result.players] == [8, 8]


def test_project_value_from_the_first_list_and_done() -> None:
    text = (
        HEAD
        + PROJECTS.replace(
            'colour = "pink"\nhigh = 8\nlow = 4\n', 'colour = "pink"\nhigh = 8\nlow = 4\nfirst = ["Bo"]\n'
        )
        + sheet("Ana", 'projects = { pink = "done" }')
        + sheet("Bo", 'projects = { pink = "done" }')
    )
    result = score_table(parse_table(text))
    assert result.player("Ana").zone(Zone.PROJECTS).points == 4
    assert result.player("Bo").zone(Zone.PROJECTS).points == 8


def test_project_value_that_cannot_be_told_is_asked_for() -> None:
    text = HEAD + PROJECTS + sheet("Ana", "projects = { pink = 7 }") + sheet("Bo", 'projects = { pink = "done" }')
    found = messages(text)
    assert len(found) == 2
    assert all(re.search(r"cannot tell whether the pink project is worth its high or low value", m) for m in found)
    assert all("Bo gave no turn" in m for m in found)


# -- hotels from streets aligned to the avenues ----------------------------------------

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


def test_no_casino_places_do_not_break_runs_and_round_trip() -> None:
    from rulesref.welcome.streets import format_street, longest_run, parse_street

    street = parse_street("1 - 3 5 . 7")
    assert format_street(street) == "1 - 3 5 . 7"
    run = longest_run(street)
    assert run is not None and run.numbers == (1, 3, 5)


# -- show debts from where they are printed --------------------------------------------


def test_show_debts_are_worked_out_from_their_printed_boxes() -> None:
    shows = "shows = [{ value = 7, boxes = 3 }, { value = 2, boxes = 1 }]"
    text = HEAD + "show-debts = [[2, 4], [3, 5]]\n" + sheet("Ana", shows) + sheet("Bo")
    ana = parse_table(text).players[0]
    assert [c.debts for c in ana.shows] == [1, 2]  # box 4 still to cross; boxes 3 and 5 still to cross
    assert score_table(parse_table(text)).player("Ana").safe.owed == 3
    wrong = shows.replace("boxes = 3 }", "boxes = 3, debts = 0 }")
    assert findings(HEAD + "show-debts = [[2, 4], [3, 5]]\n" + sheet("Ana", wrong) + sheet("Bo")) == [
        "show column 1 has 0 debts written, but with 3 boxes crossed off the printed debts leave 1"
    ]


def test_show_debts_positions_are_read_with_care() -> None:
    (problem,) = messages(HEAD + "show-debts = [[2, 4]]\n" + sheet("Ana") + sheet("Bo"))
    assert "'show-debts' should give, for each of the 2 show columns" in problem


# -- the fewest missing limo lines -----------------------------------------------------


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


def test_worked_out_example_scores_as_worked_by_hand() -> None:
    """examples/welcome-worked-out.toml, each derived value checked by hand once."""
    from pathlib import Path

    from rulesref.welcome import load_table

    table = load_table(Path(__file__).parent.parent / "examples" / "welcome-worked-out.toml")
    assert check_table(table).ok
    noor, olli = table.players
    assert [(c.colour.value, c.claim.value) for c in noor.projects] == [("pink", "high"), ("yellow", "low")]
    assert (noor.hotels.small.avenues, noor.hotels.small.count) == ((2,), 1)
    assert [c.debts for c in noor.shows] == [1, 2] and [c.debts for c in olli.shows] == [0, 0]
    assert (noor.limo.missing_lines, olli.limo.missing_lines) == (6, 0)
    result = score_table(table)
    assert {p.name: p.total for p in result.players} == {"Noor": 94, "Olli": 59}
