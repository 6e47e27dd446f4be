"""Game logs: parse/format round trip, syntax problems, replay with every step checked."""

from __future__ import annotations

import pytest

from rulesref.core.errors import InputError
from rulesref.core.findings import Severity
from rulesref.lords.board import lot, lots
from rulesref.lords.gamelog import Build, Gamble, Trade, Turn, format_log, load_log, parse_log
from rulesref.lords.replay import replay
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "lords-of-vegas"


def test_parse_forms() -> None:
    log = parse_log(
        "game: lords-of-vegas\nplayers: Ana, Ben\nAna draws C3\nAna builds C3 purple\n"
        "gamble D7 $10 roll 3+4 layoff\ntrade Ben -> Ana: $5, lot A1, die C3\n"
    )
    events = [e.event for e in log.entries]
    assert events[0] == Turn("Ana", "C3")
    assert isinstance(events[1], Build) and log.entries[1].actor == "Ana"
    assert events[2] == Gamble("D7", 10, 7, True)
    assert events[3] == Trade("Ben", "Ana", 5, ("A1",), ("C3",))


@pytest.mark.parametrize("name", ["lords-night.lov", "lords-mistakes.lov"])
def test_format_round_trips(name: str) -> None:
    log = load_log(ROOT / "examples" / name)
    again = parse_log(format_log(log))
    assert [e.event for e in again.entries] == [e.event for e in log.entries]


def test_syntax_problems_all_at_once() -> None:
    text = (
        "game: lords-of-vegas\nplayers: Ana, Ben\nturn Ama draws C3\nbuilt C3 purple\nbuild C3 pink\n"
        "gamble C3 ten\nreroll C3=9\n"
    )
    with pytest.raises(InputError) as info:
        parse_log(text, "x.lov")
    found = [(p.line, p.message, p.choices) for p in info.value.problems()]
    assert found == [
        (3, "unknown player", ("Ana",)),
        (4, "unknown line", ("build",)),
        (5, "no such casino colour or company", ("sphinx", "pioneer")),
        (6, "write 'gamble LOT BET roll SUM [layoff]'", ()),
        (7, "a die shows 1 to 6", ()),
    ]


def test_header_is_required() -> None:
    with pytest.raises(InputError) as info:
        parse_log("turn Ana draws C3\n")
    assert len(info.value.problems()) == 2


def test_clean_game_replays_to_the_recorded_scores() -> None:
    r = replay(load_log(ROOT / "examples" / "lords-night.lov"))
    assert not r.problems and not r.differences and r.finished
    assert [(x.name, x.points, x.money) for x in r.standings.rows] == [
        ("Ben", 14, 32),
        ("Cleo", 10, 26),
        ("Ana", 1, 19),
    ]


def test_two_player_game_worked_by_hand() -> None:
    r = replay(load_log(DATA / "two-player.lov"))
    assert not r.problems and not r.differences
    assert [(x.name, x.points, x.money) for x in r.standings.rows] == [("Ben", 3, 11), ("Ana", 0, 27)]
    assert r.turns == 7


def test_planted_mistakes_each_reported_with_their_rule() -> None:
    r = replay(load_log(ROOT / "examples" / "lords-mistakes.lov"))
    found = [(s.line, p.rule.id.split("/")[1]) for s, p in r.problems]
    assert found == [
        (11, "build"),
        (15, "sprawl"),
        (18, "turn"),
        (21, "gamble"),
        (23, "gamble"),
        (27, "reorganize"),
        (28, "sprawl"),
        (29, "turn"),
    ]
    assert [(d.player, d.recorded_points, d.points) for d in r.differences] == [("Ana", 3, 1), ("Ben", 2, 1)]


def test_replay_stops_at_a_turn() -> None:
    r = replay(load_log(ROOT / "examples" / "lords-night.lov"), at=3)
    assert r.stopped_at == 3 and r.turns == 3 and not r.finished and not r.differences
    assert r.state.player("Cleo").money == 8


GAME = "game: lords-of-vegas\nplayers: Ana, Ben, Cleo\nstart Ana: A1 B2\nstart Ben: C4 D9\nstart Cleo: E1 F5\n"


def _problems(body: str) -> list[tuple[int, str]]:
    r = replay(parse_log(GAME + body))
    return [(s.line, p.message) for s, p in r.problems]


def test_a_reorganize_tie_must_be_rerolled() -> None:
    body = (
        "turn Ana draws C2\nbuild C2 purple\nturn Ben draws C5\nbuild C5 purple\n"
        "reorganize C5: C2=4 C5=4\nturn Cleo draws D1\n"
    )
    found = _problems(body)
    assert len(found) == 1 and found[0][0] == 10 and "not rerolled" in found[0][1]


def test_f_cards_with_two_players() -> None:
    base = "game: lords-of-vegas\nplayers: Ana, Ben\nstart Ana: A1 B2\nstart Ben: C4 F5\n"
    r = replay(parse_log(base))
    assert [p.rule.id.split("/")[1] for _, p in r.problems] == ["two-players"]
    two = "game: lords-of-vegas\nplayers: Ana, Ben\nstart Ana: A1 B2\nstart Ben: C4 D9\n"
    r = replay(parse_log(two + "turn Ana draws F3\nbuild A1 gold\n"))
    assert [(s.line, p.rule.id.split("/")[1]) for s, p in r.problems] == [(6, "two-players"), (6, "two-players")]
    assert "must draw again" in r.problems[0][1].message and "log ends" in r.problems[1][1].message
    r = replay(parse_log(two + "turn Ana draws A3\ndraw A4\n"))
    assert [p.rule.id.split("/")[1] for _, p in r.problems] == ["two-players"]


def test_missing_start_lines_are_reported_once() -> None:
    r = replay(
        parse_log("game: lords-of-vegas\nplayers: Ana, Ben\nstart Ana: A1 B2\nturn Ana draws C3\nturn Ben draws C4\n")
    )
    assert [(s.line, p.message) for s, p in r.problems] == [(4, "no starting cards for Ben (a 'start' line each)")]
    assert r.turns == 2


def test_actions_after_the_end_are_refused() -> None:
    found = _problems("turn Ana draws END\nturn Ben draws C3\n")
    assert found == [(7, "the game is already over")]


def _log(turns: int) -> str:
    """Three players, no actions: ``turns`` lot cards (outside the start cards), then END."""
    names = ("Ana", "Ben", "Cleo")
    free = [x for x in lots() if lot(x).block != "F"]
    lines = ["game: lords-of-vegas", "players: Ana, Ben, Cleo"]
    for i, n in enumerate(names):
        lines.append(f"start {n}: {free[2 * i]} {free[2 * i + 1]}")
    deck = free[6:]
    for t in range(turns):
        lines.append(f"turn {names[t % 3]} draws {deck[t]}")
    lines.append(f"turn {names[turns % 3]} draws END")
    return "\n".join(lines) + "\n"


def test_an_early_end_card_gets_a_note() -> None:
    r = replay(parse_log(_log(5), "short.lov"))
    found = [f for f in r.findings() if f.code == "end-early"]
    assert len(found) == 1 and found[0].severity is Severity.NOTE and found[0].line == 11
    assert found[0].rule is not None and found[0].rule.id == "lords-of-vegas/setup"
    assert r.ok  # a note, not a rule problem


def test_an_end_card_where_the_setup_puts_it_gets_no_note() -> None:
    r = replay(parse_log(_log(30), "long.lov"))
    assert r.finished and not [f for f in r.findings() if f.code == "end-early"]
