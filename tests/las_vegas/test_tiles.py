"""Royale's casino tiles in game files: where they lie, what each can pay, one per casino and
round, Prime Time's bonus dice, and money that went under the pile coming out again.

The loader reads a tile result; the checker judges it against ``rulesref.las_vegas.tiles``.
"""

from __future__ import annotations

import pytest

from rulesref.core.errors import InputError
from rulesref.las_vegas.checker import check_game
from rulesref.las_vegas.editions import Edition
from rulesref.las_vegas.loader import parse_game
from rulesref.las_vegas.model import Casino, Game, Round, Stake, TileReward
from tests.helpers import ROOT

ROYALE_3P = (ROOT / "tests" / "data" / "las-vegas" / "valid" / "royale-3p.toml").read_text(encoding="utf-8")
JACKPOT = '[[round.tile]]\nplayer = "Ben"\nmoney = [30]\nwhat = "Jackpot"\n'


def codes(text: str) -> list[str]:
    return [f.code or "" for f in check_game(parse_game(text, "t.toml")).findings]


def with_tile(tile: str) -> str:
    """The valid Royale file with round 2's Jackpot result replaced by ``tile``."""
    assert JACKPOT in ROYALE_3P
    return ROYALE_3P.replace(JACKPOT, tile)


def test_the_valid_file_has_the_tile_this_module_edits() -> None:
    assert codes(ROYALE_3P) == []
    assert codes(with_tile(JACKPOT.replace("what", "casino = 2\nwhat"))) == []


@pytest.mark.parametrize("casino", [4, 5, 6])
def test_tiles_lie_beside_casinos_1_to_3_only(casino: int) -> None:
    report = check_game(parse_game(with_tile(JACKPOT + f"casino = {casino}\n"), "t.toml"))
    (finding,) = report.findings
    assert finding.code == "tile-casino" and finding.rule is not None and finding.rule.id == "las-vegas/casino-tiles"
    assert finding.where == {"round": 2} and finding.line == 26  # the [[round.tile]] line


def test_the_casino_key_of_a_tile_is_read() -> None:
    with pytest.raises(InputError) as info:
        parse_game(with_tile(JACKPOT + "casino = 9\n"), "t.toml")
    assert [p.format() for p in info.value.problems()] == [
        "t.toml:30: round 2 tile result 1: there is no casino 9; tiles lie beside casinos 1 to 3"
    ]
    with pytest.raises(InputError):
        parse_game(with_tile(JACKPOT + 'casino = "two"\n'), "t.toml")


@pytest.mark.parametrize(
    "tile, ok",
    [
        ('what = "Jackpot"\nmoney = [80]', True),
        ('what = "Jackpot"\nmoney = [90]', False),  # the jackpot stops growing at $80,000
        ('what = "Jackpot"\nmoney = [30, 30]', True),  # the amount counts, however many cards pay it
        ('what = "Jackpot"\nmoney = [50, 40]', False),
        ('what = "Jackpot"\nchips = 1', False),
        ('what = "Lucky Punch: 1 token"\nchips = 2', True),
        ('what = "Lucky Punch: 3 tokens"\nmoney = [40]', True),
        ('what = "lucky punch"\nchips = 3', False),
        ('what = "Lucky Punch"\nmoney = [30]\nchips = 2', False),
        ('what = "Lucky Punch"\nmoney = [50]', False),
        ('tile = "Fifty Fifty"\nmoney = [60]', True),
        ('tile = "Fifty Fifty"\nchips = 1', True),
        ('tile = "Fifty Fifty"\nmoney = [50]', False),
        ('tile = "Prime Time"\nmoney = [30]', False),
        ('what = "High Five: whatever the table agreed"\nmoney = [100]', True),  # effect not described: not judged
        ('what = "a lucky night"\nmoney = [100]', True),  # no tile named: not judged
    ],
)
def test_a_tile_reward_must_fit_its_tile(tile: str, ok: bool) -> None:
    found = codes(with_tile(f'[[round.tile]]\nplayer = "Ben"\n{tile}\n'))
    assert found == ([] if ok else ["tile-reward"])


def test_an_unknown_tile_name_is_an_input_problem() -> None:
    with pytest.raises(InputError) as info:
        parse_game(with_tile('[[round.tile]]\nplayer = "Ben"\ntile = "Jackpott"\nmoney = [30]\n'), "t.toml")
    (problem,) = info.value.problems()
    assert problem.line == 28 and problem.choices[0] == "Jackpot"


def test_one_tile_per_casino_and_round() -> None:
    two = JACKPOT + "casino = 2\n" + '[[round.tile]]\nplayer = "Anna"\nchips = 2\nwhat = "Lucky Punch"\ncasino = 2\n'
    assert codes(with_tile(two)) == ["tile-twice"]
    again = JACKPOT + "casino = 2\n" + JACKPOT + "casino = 2\n"  # one tile can pay twice
    assert codes(with_tile(again)) == []


PRIME = '[[round.tile]]\nplayer = "{who}"\ntile = "Prime Time"\ncasino = 2\n'


def _bonus(text: str, where: str, bonus: str) -> str:
    """Round 2 of the valid file with ``bonus_dice`` added on casino ``where``."""
    line = {"5": 'casino.5 = { money = [70, 60], dice = "Carla=3+big Ben=2 Anna=1" }'}[where]
    assert line in text
    return text.replace(line, line[:-2] + f", bonus_dice = {bonus} }}")


def test_bonus_dice_need_a_prime_time_tile_of_their_player() -> None:
    # round 2, casino 2 holds [60, 50] and only Anna's die: Anna leads there, so Prime Time is hers
    base = _bonus(ROYALE_3P, "5", "{ Anna = 2 }")
    assert codes(base) == ["bonus-dice-tile"]  # no Prime Time result recorded
    prime = _bonus(with_tile(JACKPOT + PRIME.format(who="Anna")), "5", "{ Anna = 2 }")
    assert codes(prime) == []
    three = _bonus(with_tile(JACKPOT + PRIME.format(who="Anna")), "5", "{ Anna = 3 }")
    assert codes(three) == ["bonus-dice-tile"]  # two black dice at most
    other = _bonus(with_tile(JACKPOT + PRIME.format(who="Anna")), "5", "{ Ben = 1 }")
    assert codes(other) == ["bonus-dice-tile"]  # the dice belong to whoever had Prime Time


def test_prime_time_goes_to_the_leader_at_its_casino() -> None:
    wrong = _bonus(with_tile(JACKPOT + PRIME.format(who="Carla")), "5", "{ Carla = 1 }")
    assert codes(wrong) == ["prime-time-player"]


def _royale(rounds: list[Round]) -> Game:
    return Game(Edition.ROYALE, ("Anna", "Ben"), tuple(rounds), big_die=True)


def test_a_leftover_under_the_pile_can_come_out_again() -> None:
    # round 1: ten $30,000 cards nobody takes go under the pile; round 2: two tiles pay $30,000
    first = Round(1, tuple(Casino(n, (30, 30)) for n in range(1, 6)) + (Casino(6, (100, 90)),))
    tiles = (TileReward("Anna", (30,), what="Jackpot", casino=1), TileReward("Ben", (30,), what="Jackpot", casino=1))
    second = Round(2, tuple(Casino(n, (50 + 10 * (n // 3), 40)) for n in range(1, 7)), tiles=tiles)
    supply = [f for f in check_game(_royale([first, second])).findings if f.code == "money-supply"]
    assert supply == []
    # the same ten cards won in round 1 are gone for good: twelve cannot be
    won = Round(1, tuple(Casino(n, (30, 30), (Stake("Anna", 2), Stake("Ben", 1))) for n in range(1, 6)))
    supply = [f for f in check_game(_royale([won, second])).findings if f.code == "money-supply"]
    assert [f.message for f in supply] == [
        "round 2: 2 × $30,000 out this round and 10 won before, but the game has only 11"
    ]
