"""Royale casino tiles: their names, where they lie and what one of them can pay.

A tile result in a game file names its tile (``tile = "Jackpot"``, or a ``what`` that
starts with the name) and the money and chips it paid.  Only the four tiles whose effects
are confirmed (rule section ``las-vegas/tile-effects``) have limits; the others are
known by name only and any reward is taken as written.

    >>> tile_named("lucky punch, wrong guess")
    'Lucky Punch'
    >>> reward_fits("Jackpot", (90,), 0), reward_fits("Lucky Punch", (), 2)
    (False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Tiles whose effects the rule book describes.
CONFIRMED = ("Lucky Punch", "Jackpot", "Prime Time", "Fifty Fifty")
#: Tiles named by one fan implementation only; their effects are not described.
FAN_ONLY = (
    "High Five",
    "Bad Luck",
    "Pay Day",
    "Power Play",
    "No Entry!",
    "Knockout?",
    "Block It!",
    "Handicap",
    "Black Box",
    "Double Down",
    "Nice Dice",
    "My Choice",
)
TILE_NAMES = CONFIRMED + FAN_ONLY
#: Tiles lie beside these casinos; 4 to 6 get none.
TILE_CASINOS = (1, 2, 3)
#: Prime Time rolls the two black dice: at most this many bonus dice per Prime Time.
BLACK_DICE = 2
PRIME_TIME = "Prime Time"


@dataclass(frozen=True)
class Pays:
    """What one tile result may pay: one of ``money`` totals (thousands) or ``chips``, or nothing."""

    money: tuple[int, ...] = ()
    chips: tuple[int, ...] = ()
    words: str = ""


#: The confirmed tiles' rewards (Jackpot: the jackpot starts at $30,000 and grows by $10,000 up to $80,000).
PAYS: dict[str, Pays] = {
    "Lucky Punch": Pays((30, 40), (2,), "2 chips, $30,000 or $40,000"),
    "Jackpot": Pays((30, 40, 50, 60, 70, 80), (), "the jackpot, $30,000 to $80,000, and no chips"),
    "Fifty Fifty": Pays((30, 40, 60), (1,), "1 chip, $30,000, $40,000 or $60,000"),
    "Prime Time": Pays((), (), "no money or chips (its reward is black dice)"),
}


def _key(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def tile_named(text: str, *, exact: bool = False) -> str | None:
    """The tile a name (``exact``) or a ``what`` text starting with the name means, spelt as in :data:`TILE_NAMES`.

    Case, spaces and punctuation do not count: ``"fifty-fifty"`` is Fifty Fifty.
    """
    key = _key(text)
    for name in TILE_NAMES:
        if key == _key(name) or (not exact and key.startswith(_key(name))):
            return name
    return None


def reward_fits(tile: str, money: Sequence[int], chips: int) -> bool:
    """Whether one result of ``tile`` can have paid ``money`` (thousands) and ``chips``."""
    pays = PAYS.get(tile)
    if pays is None or (not money and not chips):
        return True  # effect not described, or nothing paid (a lost gamble)
    if money and chips:
        return False
    return sum(money) in pays.money if money else chips in pays.chips
