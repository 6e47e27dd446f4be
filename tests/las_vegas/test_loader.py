"""Game files: loading, located input problems (exit 2 material), writing back."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.core.errors import InputError
from rulesref.las_vegas.editions import Edition
from rulesref.las_vegas.loader import load_game, parse_game
from rulesref.las_vegas.model import HOUSE
from rulesref.las_vegas.writer import format_game
from tests.helpers import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("las-vegas-*.toml"))
VALID = sorted((ROOT / "tests" / "data" / "las-vegas" / "valid").glob("*.toml"))

MINIMAL = """game = "las-vegas"
players = ["Anna", "Ben"]

[[round]]
casino.1 = { money = [60], dice = "Anna=3 Ben=1+big white=2" }
casino.2 = { money = ["50k"], dice = { Anna = 5, Ben = "big" } }
"""


def test_minimal_file() -> None:
    game = parse_game(MINIMAL)
    assert game.edition is Edition.BASE and game.players == ("Anna", "Ben")
    assert game.white_dice is True  # inferred from the white dice on casino 1
    c1, c2 = game.rounds[0].casinos
    assert [(s.participant, s.count) for s in c1.stakes] == [("Anna", 3), ("Ben", 3), (HOUSE, 2)]
    assert c2.money == (50,) and c2.stake_of("Ben") is not None


def test_edition_from_game_key() -> None:
    game = parse_game(MINIMAL.replace('"las-vegas"', '"las-vegas-royale"'))
    assert game.edition is Edition.ROYALE and game.big_die


BAD = """game = "las-vegas"
edition = "royal"
players = ["Anna", "Ben", "Carla", "white"]
colour = "red"

[[round]]
casino.1 = { money = [90, "x"], dice = "Ana=3 Ben=-2 Carla=1+bgi" }
casino.7 = { money = [50, 40], dice = "Anna=1" }
casino.2 = { mony = [50, 40], dice = { Anna = -1, Ben = "big" } }
chips_spent = { Benn = 1 }
"""


def test_every_input_problem_with_its_line() -> None:
    with pytest.raises(InputError) as info:
        parse_game(BAD, "bad.toml")
    got = [p.format() for p in info.value.problems()]
    assert got == [
        "bad.toml:4: unknown key in the game file: 'colour' (did you mean: game, edition, title, players, "
        "white_dice, big_die, round?)",
        "bad.toml:2: unknown edition: 'royal' (did you mean: royale?)",
        "bad.toml:3: 'white' is reserved for the white house dice; pick another player name",
        "bad.toml:7: round 1 casino 1: cannot read money (in thousands: 90,40 or 90k 40k or $90,000 $40,000 or "
        "90,000 40,000): 'x'",
        "bad.toml:7: round 1 casino 1: unknown player: 'Ana' (did you mean: Anna?)",
        "bad.toml:7: round 1 casino 1: negative dice count for Ben: '-2'",
        'bad.toml:7: round 1 casino 1: cannot read dice for Carla (use a number, "big", e.g. "1+big"): \'1+bgi\'',
        "bad.toml:8: round 1: there is no casino '7'; casinos are 1 to 6",
        "bad.toml:9: unknown key in round 1 casino 2: 'mony' (did you mean: money?)",
        "bad.toml:9: round 1 casino 2: no money given",
        "bad.toml:9: round 1 casino 2: negative dice count for Anna: '-1'",
        "bad.toml:10: unknown player: 'Benn' (did you mean: Ben?)",
    ]


def test_toml_syntax_error_has_line_and_column() -> None:
    with pytest.raises(InputError) as info:
        parse_game('game = "las-vegas"\nplayers = ["A" "B"]\n', "s.toml")
    (p,) = info.value.problems()
    assert (p.line, p.column) == (2, 16) and "not valid TOML" in p.message


@pytest.mark.parametrize(
    "text, message",
    [
        ('game = "las-vegas"\n[[round]]\n', "the file needs a players list"),
        ('game = "las-vegas"\nplayers = ["A", "a"]\n[[round]]\n', "player listed twice"),
        ('game = "las-vegas"\nplayers = ["A"]\n', "the file has no [[round]]"),
        ('game = "lords-of-vegas"\nplayers = ["A"]\n[[round]]\n', "this is not a Las Vegas game file"),
        ('game = "las-vegas"\nplayers = ["A"]\nwhite_dice = "yes"\n[[round]]\n', "white_dice must be true or false"),
        ('game = "las-vegas"\nplayers = ["A"]\n[[round]]\nstart = "house"\n', "the house cannot start a round"),
        ('game = "las-vegas"\nplayers = ["A"]\n[[round]]\n[[round.tile]]\nmoney = [30]\n', "needs the player"),
    ],
)
def test_single_problems(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_game(text)
    assert any(message in p.message for p in info.value.problems())


@pytest.mark.parametrize("path", EXAMPLES + VALID, ids=lambda p: p.name)
def test_write_read_round_trip(path: Path) -> None:
    if path.name == "las-vegas-broken.toml":
        pytest.skip("hand-written with comments")
    game = load_game(path)
    again = parse_game(format_game(game))
    assert again.rounds == game.rounds
    assert (again.players, again.edition, again.white_dice, again.big_die, again.title) == (
        game.players,
        game.edition,
        game.white_dice,
        game.big_die,
        game.title,
    )


def test_writer_quotes_odd_names() -> None:
    game = parse_game(
        MINIMAL.replace('"Anna"', '"Mary Ann"').replace("Anna=3 ", "").replace("Anna = 5", '"Mary Ann" = 5')
    )
    assert parse_game(format_game(game)).rounds == game.rounds


def test_casinos_as_array_of_tables() -> None:
    text = (
        'game = "las-vegas"\nplayers = ["Anna", "Ben"]\n\n[[round]]\n'
        '[[round.casino]]\nnumber = 2\nmoney = [40, 20]\ndice = "Anna=5 Ben=7"\n\n'
        "[[round.casino]]\nnumber = 1\nmoney = [60]\ndice = { Anna = 3, Ben = 1 }\n"
    )
    game = parse_game(text)
    assert [c.number for c in game.rounds[0].casinos] == [1, 2]
    assert game.line_of("round 1 casino 2") == 5 and game.line_of("round 1 casino 1") == 10
    with pytest.raises(InputError) as info:
        parse_game(text.replace("number = 1", "number = 2").replace("Ben = 1", "Bem = 1"), "x.toml")
    assert [p.format() for p in info.value.problems()] == [
        "x.toml:10: round 1: casino 2 is written twice",
        "x.toml:13: round 1 casino 2: unknown player: 'Bem' (did you mean: Ben?)",
    ]


def test_docs_sample_reads() -> None:
    import re

    from rulesref.las_vegas.checker import check_game

    doc = (ROOT / "docs" / "las-vegas.md").read_text(encoding="utf-8")
    sample = re.findall(r"```toml\n(.*?)```", doc, re.S)[0]
    assert [p.code for p in check_game(parse_game(sample)).findings] == ["round-count"]  # one round of four shown


TABLES = """game = "las-vegas"
edition = "royale"
players = ["Anna", "Ben"]

[[round]]
[[round.casino]]
number = 1
money = [80, "x"]
dice = "Anna=2 Bob=1"

[[round.tile]]
player = "Ben"
what = "Lucky Punch"
money = [30, "y"]
chips = -2

[[round.tile]]
what = "Jackpot"
player = "Benn"
"""


def test_values_written_in_tables_are_reported_on_their_own_lines() -> None:
    """A negative tile chip count, unreadable money or dice: the line with the value, not the [[...]] header."""
    with pytest.raises(InputError) as info:
        parse_game(TABLES, "t.toml")
    got = [(p.line, p.text) for p in info.value.problems()]
    assert got == [(8, "x"), (9, "Bob"), (14, "y"), (15, "-2"), (19, "Benn")]
    assert "chips must be a whole number, 0 or more" in info.value.problems()[3].message
