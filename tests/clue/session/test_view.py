"""The table view: what every front end shows after a line, decided once (cluesolver.clue.session.view)."""

from __future__ import annotations

from pathlib import Path

from cluesolver.clue.analysis.effect import line_effect
from cluesolver.clue.analysis.report import analyse
from cluesolver.clue.record.reader import parse_log, read_log
from cluesolver.clue.session.view import clock_view, table_view
from tests.helpers import DATA, ROOT

CLASSIC = ROOT / "examples" / "classic-4p.clue"
VEGAS_LATE = DATA / "live" / "vegas-late.clue"
AFTER_THE_WIN = DATA / "live" / "after-the-win.clue"


def test_the_last_line_and_what_it_changed() -> None:
    log = read_log(CLASSIC)
    view = table_view(log)
    assert view.last is log.events[-1]
    assert view.last_text is not None and view.last_text.startswith(f"{log.events[-1].line}: ")
    assert view.effect == line_effect(analyse(log.without_last()), analyse(log))
    assert view.added == {log.events[-1].line}


def test_lines_just_recorded_are_measured_from_the_analysis_before_them() -> None:
    log = read_log(CLASSIC)
    before = analyse(log.upto(log.events[-3].line))
    lines = {e.line for e in log.events[-2:]}
    view = table_view(log, before=before, added=lines)
    assert view.effect == line_effect(before, analyse(log))
    assert view.added == lines


def test_no_event_no_effect() -> None:
    log = parse_log(
        "game: classic\nplayers: Ann, Ben, Cat\nme: Ann\nmy cards: Plum, Rope, Hall, Study, Knife, Lounge\n"
    )
    view = table_view(log)
    assert view.last is None and view.effect is None and view.last_text is None and view.rule_problems == ()
    assert view.to_move == "Ann" and view.game_over is None


def test_seats_turns_and_threats_while_the_game_is_on() -> None:
    log = read_log(CLASSIC)
    view = table_view(log)
    assert [s.name for s in view.seats] == list(log.players)
    assert sum(s.to_move for s in view.seats) == 1 and view.to_move is not None
    assert [s.me for s in view.seats].count(True) == 1
    assert all(s.all_in_left is None for s in view.seats)  # no clock in classic Clue
    assert view.clock is None
    threats = view.threats
    assert threats is not None and {t.player for t in threats} == set(log.players) - {log.header.me}


def test_after_a_correct_accusation_the_game_is_over_and_no_threat_is_shown() -> None:
    log = read_log(AFTER_THE_WIN)
    view = table_view(log)
    assert view.winner == "Ben"
    assert view.game_over == "The game is over: Ben accused correctly."
    assert view.to_move is None
    assert view.threats is None
    assert [s.won for s in view.seats] == [p == "Ben" for p in log.players]


def test_a_spectators_notebook_shows_no_threats_but_status_json_still_gets_them() -> None:
    log = parse_log("game: classic\nplayers: Ann, Ben, Cat\n\nAnn suggests Plum, Rope, Hall; Ben passes; Cat shows\n")
    view = table_view(log)
    assert view.threats is None
    every = view.all_threats()
    assert every is not None and {t.player for t in every} == {"Ann", "Ben", "Cat"}


def test_the_clock_and_the_final_bet_come_from_the_editions_rules() -> None:
    log = read_log(VEGAS_LATE)
    view = table_view(log)
    assert view.rules.clock and view.clock is not None
    assert view.clock.near_the_end
    assert view.clock.final_bet is not None and len(view.clock.final_bet.cards) == 3
    assert [s.all_in_left for s in view.seats] == [view.clock.clock.player(p).may_go_all_in for p in log.players]
    assert clock_view(read_log(CLASSIC)) is None
    assert clock_view(read_log(CLASSIC), always=True) is not None  # ``clue clock`` on any log


def test_a_user_edition_with_a_clock_gets_one_whatever_its_id(tmp_path: Path) -> None:
    """Traits are data: an edition that is not Lost in Vegas but says ``clock = true`` plays the clock."""
    variant = tmp_path / "our-box.toml"
    variant.write_text(
        'id = "our-box"\nname = "Our box"\n\n[rules]\nclock = true\nsuggest = "bets"\naccuse = "all-in"\n\n'
        '[[category]]\nid = "who"\nname = "Who"\ncards = [{ name = "Red" }, { name = "Blue" }, { name = "Green" }]\n\n'
        '[[category]]\nid = "what"\nname = "What"\ncards = [{ name = "Axe" }, { name = "Bow" }, { name = "Cup" }]\n',
        encoding="utf-8",
    )
    log_file = tmp_path / "g.clue"
    log_file.write_text("game: our-box.toml\nplayers: Ann, Ben\nme: Ann\nmy cards: Red, Axe\n", encoding="utf-8")
    log = read_log(log_file)
    assert log.variant.rules.clock and log.variant.rules.suggest_word == "bets"
    view = table_view(log)
    assert view.clock is not None
    assert [s.all_in_left for s in view.seats] == [True, True]


def test_accuse_now_only_while_nobody_has_won() -> None:
    head = "game: classic\nplayers: Ann, Ben, Cat, Dan\nme: Ann\nmy cards: Scarlet, Rope, Kitchen, Hall, Study\n"
    solved = head + "Ann suggests Mustard, Wrench, Lounge; nobody shows\n"
    view = table_view(parse_log(solved))
    assert view.solved and view.accuse_now and view.game_over is None
    won = solved + "Ben accuses Mustard, Wrench, Lounge; correct\n"
    view = table_view(parse_log(won))
    assert view.solved and not view.accuse_now and view.game_over == "The game is over: Ben accused correctly."
    past_the_end = won + "Cat suggests Plum, Knife, Library; Dan shows\n"
    assert not table_view(parse_log(past_the_end)).accuse_now
