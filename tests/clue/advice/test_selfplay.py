"""Self-play, tiny: whole games run, every seat keeps a notebook, the figures make sense."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.clue.advice import selfplay
from cluesolver.clue.record.events import GameLog, Header
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.variants import get


def test_unseen_never_names_a_card_it_has_seen() -> None:
    log = parse_log(
        "game: classic\nplayers: Ann, Ben, Cat\nme: Ann\n"
        "my cards: Scarlet, Mustard, White, Green, Peacock, Rope\n\n"
        "Ann suggests Plum, Knife, Hall; Ben shows Knife\n"
    )
    seat = selfplay.Seat("Ann", log)
    rng = random.Random(3)
    for _ in range(50):
        cards = selfplay.Unseen().suggest(seat, rng)
        assert cards[0] == "Professor Plum"  # the only suspect Ann has not seen
        assert cards[1] not in ("Rope", "Knife")


def test_careful_names_only_cards_whose_place_is_open() -> None:
    variant = get("classic")
    hand = ("Miss Scarlet", "Colonel Mustard", "Mrs. White", "Knife", "Rope")
    seat = selfplay.Seat("Ann", GameLog(Header("classic", ("Ann", "Ben", "Cat", "Dan"), "Ann", my_cards=hand), variant))
    rng = random.Random(1)
    for _ in range(30):
        cards = selfplay.Careful().suggest(seat, rng)
        assert not set(cards) & set(hand)


def test_a_careful_table_is_won_by_a_certain_seat() -> None:
    result = selfplay.play_game(4, [selfplay.Careful() for _ in range(4)], track=2)
    assert result.winner is not None and result.wrong == (0, 0, 0, 0)
    assert result.to_certainty is not None and result.to_certainty >= 1


def test_a_game_is_reproducible() -> None:
    def game() -> selfplay.GameResult:
        return selfplay.play_game(5, [selfplay.Careful() for _ in range(4)], track=1)

    assert game() == game()


def test_one_advisor_seat_plays_a_whole_game() -> None:
    from cluesolver.clue.advice.suggestions import AdvisorSettings

    fast = AdvisorSettings(samples=300, exact_limit=300, rescore=0, threat_samples=50)
    seats: list[selfplay.Policy] = [selfplay.Careful(), selfplay.Advisor(fast), selfplay.Careful(), selfplay.Careful()]
    result = selfplay.play_game(7, seats, track=1)
    assert result.policies == ("careful", "advisor", "careful", "careful")
    assert result.winner is not None and result.to_certainty is not None
    assert result.wrong[0] == result.wrong[2] == result.wrong[3] == 0  # careful seats never guess


def test_the_advisor_seat_plays_the_first_row_of_clue_next(tmp_path: Path) -> None:
    """What the self-play advisor suggests is what ``cluesolver clue next`` ranks first
    for the same notebook (the log written out and read back by the CLI)."""
    from cluesolver.clue.record.writer import format_log

    positions: list[tuple[GameLog, str, tuple[str, ...]]] = []

    class Recording(selfplay.Advisor):
        def suggest(self, seat: selfplay.Seat, rng: random.Random) -> tuple[str, ...]:
            cards = super().suggest(seat, rng)
            positions.append((seat.log, seat.name, cards))
            return cards

    seats: list[selfplay.Policy] = [selfplay.Careful(), Recording(), selfplay.Careful(), selfplay.Careful()]
    selfplay.play_game(2, seats, track=1)
    assert len(positions) >= 3
    runner = CliRunner()
    for k, (log, name, cards) in enumerate(positions[:4]):
        path = tmp_path / f"p{k}.clue"
        path.write_text(format_log(log), encoding="utf-8")
        out = runner.invoke(app, ["clue", "next", "--file", str(path), "--player", name, "--json"])
        assert out.exit_code == 0, out.output
        assert tuple(json.loads(out.output)["suggestions"][0]["cards"]) == cards, k


class _Watched(selfplay.Careful):
    """A careful seat whose notebook the test can read after the game."""

    seat: selfplay.Seat | None = None

    def suggest(self, seat: selfplay.Seat, rng: random.Random) -> tuple[str, ...]:
        self.seat = seat
        return super().suggest(seat, rng)


def test_own_suggestions_to_certainty_count_what_the_seat_deduced() -> None:
    """An opponent's winning accusation names the envelope: a notebook that saw it would be
    certain at once.  The count goes on without it; ``reveal`` gives the older count."""
    from cluesolver.clue.record.events import Accusation

    differs = 0
    for seed in range(1, 13):
        watched = _Watched()
        deduced = selfplay.play_game(seed, [watched, *(selfplay.Careful() for _ in range(3))], track=0)
        shown = selfplay.play_game(seed, [selfplay.Careful() for _ in range(4)], track=0, reveal=True)
        assert (deduced.winner, deduced.turns) == (shown.winner, shown.turns)  # the same game until it is won
        assert watched.seat is not None and watched.seat.certain
        assert not any(isinstance(e, Accusation) and e.correct for e in watched.seat.log.events)
        assert deduced.to_certainty is not None and shown.to_certainty is not None
        assert deduced.to_certainty >= shown.to_certainty
        if deduced.winner != 0:
            differs += deduced.to_certainty > shown.to_certainty
    assert differs >= 3  # when another seat wins first, the seat still had deducing to do
