"""Self-play, tiny: whole games run, every seat keeps a notebook, the figures make sense."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.clue.advice import selfplay
from cluesolver.clue.advice.suggestions import AdvisorSettings
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


class _First(selfplay.Careful):
    """A seat that always shows the first of its matching cards in the suggestion's order."""

    def show(self, seat: selfplay.Seat, suggester: str, cards: tuple[str, ...], drawn: str) -> str:
        return next(c for c in cards if c in seat.log.header.my_cards)


def test_what_a_seat_shows_draws_the_same_random_numbers() -> None:
    """The pick at random is drawn whatever the seat then shows, as the plain answer draws
    it, so the rest of the game's draws stay those of a table showing at random."""
    from cluesolver.clue.record.simulate import answer, deal

    variant = get("classic")
    players = ["P1", "P2", "P3", "P4"]
    d = deal(variant, players, random.Random(11))
    seats = [
        selfplay.Seat(p, GameLog(Header("classic", tuple(players), p, my_cards=tuple(d.hand(p))), variant))
        for p in players
    ]
    policies: list[selfplay.Policy] = [_First() for _ in players]
    checked = 0
    for cards in [
        (s, w, r)
        for s in variant.categories[0].cards
        for w in variant.categories[1].cards[:3]
        for r in variant.categories[2].cards[:3]
    ]:
        a, b = random.Random(5), random.Random(5)
        mine = selfplay._answer(d, 0, cards, seats, policies, a)
        plain = answer(d, "P1", cards, players, "P1", b)
        assert a.getstate() == b.getstate()
        assert [(r.player, r.shows) for r in mine] == [(r.player, r.shows) for r in plain]
        shower = mine[-1] if mine and mine[-1].shows else None
        if shower is not None:
            held = [c for c in cards if d.owner[c] == shower.player]
            assert shower.card == held[0]
            checked += len(held) > 1
    assert checked >= 5  # some answers had a choice


def test_an_advisor_seat_showing_by_advice_shows_the_old_card_again() -> None:
    """With ``show_by_advice`` the advisor seat shows what ``clue show?`` advises: a card it
    showed that suggester before comes first (it tells them nothing new), whatever the
    random pick; without it the seat shows the random pick, as the baseline seats do."""
    log = parse_log(
        "game: classic\nplayers: Ann, Ben, Cat, Dan\nme: Ann\n"
        "my cards: Knife, Rope, Library, Mrs. White, Hall\n\n"
        "Ben suggests Professor Plum, Knife, Lounge; Cat passes; Dan passes; Ann shows Knife\n"
    )
    seat = selfplay.Seat("Ann", log)
    cards = ("Mrs. Peacock", "Rope", "Kitchen")
    again = ("Miss Scarlet", "Knife", "Library")
    by_advice, at_random = selfplay.Advisor(show_by_advice=True), selfplay.Advisor()
    for drawn in ("Knife", "Library"):
        assert by_advice.show(seat, "Ben", again, drawn) == "Knife"
        assert at_random.show(seat, "Ben", again, drawn) == drawn
    assert by_advice.show(seat, "Ben", cards, "Rope") == "Rope"  # the only one Ann holds


def test_an_advisor_seat_showing_by_advice_plays_what_show_advises() -> None:
    """In whole games every card the advisor seat shows, holding several, is the one
    ``choose_card`` (what ``clue show?`` ranks first) picks for its notebook."""
    from cluesolver.clue.advice.show import choose_card
    from cluesolver.clue.record.events import Suggestion

    chosen: list[str] = []

    class Watching(selfplay.Advisor):
        def show(self, seat: selfplay.Seat, suggester: str, cards: tuple[str, ...], drawn: str) -> str:
            card = super().show(seat, suggester, cards, drawn)
            assert card in seat.log.header.my_cards and card in cards
            assert card == choose_card(seat.log, Suggestion(0, suggester, cards), seat.name)
            chosen.append(card)
            return card

    fast = AdvisorSettings(samples=200, exact_limit=200, rescore=0, threat_samples=50)
    for seed in (1, 2, 3):
        seats: list[selfplay.Policy] = [Watching(fast, show_by_advice=True), *(selfplay.Careful() for _ in range(3))]
        result = selfplay.play_game(seed, seats, track=0)
        assert result.winner is not None
    assert chosen  # the seat had a choice to make


def test_playing_until_every_seat_is_certain_changes_nothing_before() -> None:
    for seed in (3, 6):
        seats = lambda: [selfplay.Careful() for _ in range(4)]  # noqa: E731
        one = selfplay.play_game(seed, seats(), track=1)
        every = selfplay.play_game(seed, seats(), track=1, until="all")
        assert (one.winner, one.turns, one.wrong, one.to_certainty) == (
            every.winner,
            every.turns,
            every.wrong,
            every.to_certainty,
        )
        assert one.certain is not None and every.certain is not None
        assert one.certain[1] == every.certain[1] == every.to_certainty
        assert all(k is not None and k >= 1 for k in every.certain)
        assert [k for i, k in enumerate(one.certain) if i != 1] == [None, None, None]  # not watched
