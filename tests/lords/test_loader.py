"""TOML state files: parse, format, every problem at once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesref.core.errors import InputError
from rulesref.lords.board import Company, lots
from rulesref.lords.loader import format_state, load_state, parse_state
from rulesref.lords.state import Die, Player, State, Tile
from tests.helpers import ROOT

EXAMPLE = ROOT / "examples" / "lords-midgame.toml"


def test_example_loads() -> None:
    s = load_state(EXAMPLE)
    assert s.names == ("Ana", "Ben", "Cleo") and s.turn == "Ana"
    assert s.tiles["C3"] == Tile(Company.ALBION, Die("Ana", 6), "built")
    assert s.tiles["C5"].how == "sprawled"
    assert s.markers["D9"] == "Ben"


def test_round_trip_of_the_example() -> None:
    s = load_state(EXAMPLE)
    assert parse_state(format_state(s)) == s


def test_tile_forms() -> None:
    s = parse_state(
        'game = "lords-of-vegas"\n[players.Ana]\nmoney = 1\n[tiles]\nC1 = "silver"\n'
        'C2 = { colour = "Albion", owner = "Ana", pips = 4 }\n'
    )
    assert s.tiles["C1"] == Tile(Company.TIVOLI) and s.tiles["C2"] == Tile(Company.ALBION, Die("Ana", 4))


BAD = """game = "lords-of-vegas"
turn = "Bob"
colour = 3

[players.Ana]
money = -4
points = 9

[markers]
Ana = ["A7", "B2"]
Ben = ["C4"]

[tiles]
B2 = "purple Ana 2"
C3 = "pink Ana 7"
"""


def test_every_problem_at_once_with_lines() -> None:
    with pytest.raises(InputError) as info:
        parse_state(BAD, "bad.toml")
    found = [(p.line, p.message) for p in info.value.problems()]
    assert found == [
        (3, "unknown key in a state file"),
        (6, "Ana's money must be a whole number of at least 0"),
        (7, "Ana's points 9 are not a space of the score track"),
        (10, "no such lot"),
        (11, "unknown player"),
        (15, "unknown casino colour 'pink'"),
        (15, "a die shows 1 to 6, not '7'"),
        (14, "a lot cannot carry both a marker and a tile"),
        (2, "'turn' names no player"),
    ]
    assert all(p.path == "bad.toml" for p in info.value.problems())


def test_marker_and_tile_on_one_lot() -> None:
    text = 'game = "lords-of-vegas"\n[players.Ana]\nmoney = 1\n[markers]\nAna = ["B2"]\n[tiles]\nB2 = "gold Ana 2"\n'
    with pytest.raises(InputError) as info:
        parse_state(text)
    assert info.value.problems()[0].message == "a lot cannot carry both a marker and a tile"


def test_toml_syntax_error_keeps_line_and_column() -> None:
    with pytest.raises(InputError) as info:
        parse_state('game = "lords-of-vegas"\n[players.Ana\nmoney = 1\n', "x.toml")
    p = info.value.problems()[0]
    assert p.line == 2 and p.column is not None and p.message.startswith("not valid TOML")


names = st.sampled_from(["Ana", "Ben", "Cleo Z"])


@st.composite
def states(draw: st.DrawFn) -> State:
    labels = draw(st.lists(st.sampled_from(list(lots())), unique=True, max_size=20))
    split = draw(st.integers(0, len(labels)))
    markers = {x: draw(names) for x in labels[:split]}
    tiles = {}
    for x in labels[split:]:
        die = draw(st.none() | st.builds(Die, names, st.integers(1, 6)))
        tiles[x] = Tile(draw(st.sampled_from(list(Company))), die)
    players = tuple(
        Player(n, draw(st.integers(0, 200)), draw(st.sampled_from([0, 8, 10, 23, 90])))
        for n in ["Ana", "Ben", "Cleo Z"]
    )
    return State(
        players=players,
        markers=markers,
        tiles=tiles,
        turn=draw(names),
        gambled=draw(st.booleans()),
        reorganized=frozenset(labels[split : split + 1]),
    )


@settings(max_examples=60, deadline=None)
@given(states())
def test_format_then_parse_round_trips(state: State) -> None:
    assert parse_state(format_state(state)) == state


TIED = (
    'game = "lords-of-vegas"\n%s\n[players.Ana]\nmoney = 1\n[players.Ben]\nmoney = 1\n'
    '[tiles]\nC2 = "gold Ana 3"\nC3 = "gold Ben 3"\n'
)


def test_recorded_rerolls_break_a_tie() -> None:
    s = parse_state(TIED % 'rerolls = ["C2=5 C3=1"]')
    assert s.casino_at("C2").boss.owner == "Ana"  # type: ignore[union-attr]
    assert parse_state(TIED % "").casino_at("C2").boss.reroll_needed  # type: ignore[union-attr]


def test_recorded_rerolls_must_cover_the_tied_dice() -> None:
    with pytest.raises(InputError) as info:
        parse_state(TIED % 'rerolls = ["C2=5"]', "x.toml")
    (p,) = info.value.problems()
    assert p.line == 2 and "no new number for C3" in p.message and "[lords-of-vegas/boss-ties]" in p.message


def test_a_lot_written_twice_in_different_case_is_an_error_naming_both_lines() -> None:
    text = 'game = "lords-of-vegas"\n[players.Ana]\nmoney = 1\n\n[tiles]\nC3 = "purple Ana 6"\nc3 = "gold Ana 2"\n'
    with pytest.raises(InputError) as info:
        parse_state(text, "two.toml")
    (p,) = info.value.problems()
    assert p.line == 7 and p.path == "two.toml"
    assert "C3" in p.message and "line 6" in p.message and "line 7" in p.message


def test_the_same_lot_once_still_reads() -> None:
    text = 'game = "lords-of-vegas"\n[players.Ana]\nmoney = 1\n[tiles]\nc3 = "purple Ana 6"\nC2 = "purple"\n'
    assert set(parse_state(text).tiles) == {"C2", "C3"}


def test_a_bad_track_space_and_a_reroll_without_a_tie_are_reported_together() -> None:
    """Every problem at once: the reroll is matched to the ties even when a player's points are off the track."""
    text = (
        EXAMPLE.read_text(encoding="utf-8")
        .replace('turn = "Ana"', 'turn = "Ana"\nrerolls = ["C2=5 C3=1"]')
        .replace("points = 8", "points = 9")
    )
    with pytest.raises(InputError) as info:
        parse_state(text, "mid.toml")
    found = [(p.line, p.message.split(" [")[0]) for p in info.value.problems()]
    assert found == [
        (12, "Ana's points 9 are not a space of the score track"),
        (7, "Albion C2+C3+C5 has no tie for boss (boss: Ana)"),
    ]


def test_rerolls_are_still_read_when_the_tiles_are_not() -> None:
    """A tile that cannot be read leaves the ties unknown: a reroll's own slips are reported, no tie is judged."""
    text = EXAMPLE.read_text(encoding="utf-8").replace('turn = "Ana"', 'turn = "Ana"\nrerolls = ["C2=9", "C2=5 C3=1"]')
    text = text.replace('C6 = "gold Cleo 4 built"', 'C6 = "pink Cleo 4 built"')
    with pytest.raises(InputError) as info:
        parse_state(text, "mid.toml")
    assert [p.message for p in info.value.problems()] == ["unknown casino colour 'pink'", "a die shows 1 to 6"]
