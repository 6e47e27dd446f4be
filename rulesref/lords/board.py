"""The printed Lords of Vegas board: 48 lots in six blocks, the Strip, the five companies.

Everything here is fixed for the whole game and comes from ``board.json`` (a copy of the
project's checked board data).  Lots are named like on the board: block letter and
number, ``A1`` .. ``F9``, numbered row by row, three lots per row.

    >>> lot("d8").die, lot("D8").cost, lot("D8").pays
    (2, 6, <Company.SPHINX: 'Sphinx'>)
    >>> sorted(neighbours("C5"))
    ['C2', 'C4', 'C6', 'C8']
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from rulesref.core.errors import Problem, UnknownNameError
from rulesref.core.i18n import _
from rulesref.core.names import closest


class Company(enum.Enum):
    """A casino company: one tile colour and one colour of lot cards."""

    ALBION = "Albion"
    SPHINX = "Sphinx"
    VEGA = "Vega"
    TIVOLI = "Tivoli"
    PIONEER = "Pioneer"

    @property
    def colour(self) -> str:
        return _COLOURS[self]

    def __str__(self) -> str:
        return f"{self.value} ({self.colour})"


_COLOURS = {
    Company.ALBION: "purple",
    Company.SPHINX: "gold",
    Company.VEGA: "aqua",
    Company.TIVOLI: "silver",
    Company.PIONEER: "brown",
}

#: Every word a player may use for a company: its name, its tile colour, common synonyms.
COMPANY_WORDS: dict[str, Company] = {
    **{c.value.lower(): c for c in Company},
    **{c.colour: c for c in Company},
    "sphynx": Company.SPHINX,
    "teal": Company.VEGA,
    "grey": Company.TIVOLI,
    "gray": Company.TIVOLI,
}

STRIP = "Strip"  # what a Strip card pays
END = "END"  # the End of Game card


@dataclass(frozen=True)
class Lot:
    """One lot of the board with what is printed on it and on its card."""

    label: str  # "C5"
    block: str  # "C"
    number: int  # 5
    row: int  # 0-based row inside the block
    col: int  # 0-based column inside the block
    die: int  # printed die value
    cost: int  # build cost in $ millions
    setup_value: int  # money its card gives at setup
    pays: Company | str  # the company its card pays, or STRIP
    strip: bool  # borders the Strip

    @property
    def sprawl_cost(self) -> int:
        return 2 * self.cost


@dataclass(frozen=True)
class Supply:
    tiles_per_company: int
    dice_per_player: int
    markers_per_player: int

    @property
    def lot_cards(self) -> int:
        """One property card per lot (the End of Game card aside)."""
        return len(lots())


@cache
def _data() -> dict[str, Any]:
    text = (resources.files("rulesref.lords") / "board.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def lots() -> dict[str, Lot]:
    """Every lot by label, in board order (A1 .. F9)."""
    out: dict[str, Lot] = {}
    for raw in _data()["lots"]:
        label = raw["lot"]
        number = int(label[1:])
        pays = raw["card_pays"]
        out[label] = Lot(
            label=label,
            block=raw["block"],
            number=number,
            row=(number - 1) // 3,
            col=(number - 1) % 3,
            die=raw["die"],
            cost=raw["cost"],
            setup_value=raw["setup_value"],
            pays=STRIP if pays == STRIP else Company(pays),
            strip=raw["strip_adjacent"],
        )
    return out


@cache
def track() -> tuple[int, ...]:
    """The spaces of the score track, 0 .. 90."""
    return tuple(int(x) for x in _data()["score_track"])


@cache
def supply() -> Supply:
    d = _data()
    return Supply(int(d["tiles_per_colour"]), int(d["dice_per_player"]), int(d["markers_per_player"]))


def lot(label: str) -> Lot:
    """The lot named ``label`` (any case); unknown labels raise :class:`UnknownNameError`."""
    key = label.strip().upper()
    found = lots().get(key)
    if found is None:
        raise UnknownNameError(Problem(_("no such lot"), text=label, choices=closest(key, lots())))
    return found


def neighbours(label: str) -> frozenset[str]:
    """Lots sharing an edge with ``label`` inside its own block (streets separate blocks)."""
    here = lot(label)
    out = set()
    for other in lots().values():
        if other.block == here.block and abs(other.row - here.row) + abs(other.col - here.col) == 1:
            out.add(other.label)
    return frozenset(out)


def block_rows(block: str) -> tuple[tuple[str, ...], ...]:
    """The lots of ``block`` row by row as printed (three a row, top row first).

    Lots touch when they are side by side or one above the other in these rows; a street
    runs round every block, so ``B3`` (the end of the top row) and ``B4`` (the start of the
    next) do not.

        >>> block_rows("B")
        (('B1', 'B2', 'B3'), ('B4', 'B5', 'B6'))
    """
    inside = [x for x in lots().values() if x.block == block.strip().upper()]
    rows = max((x.row for x in inside), default=-1) + 1
    return tuple(tuple(x.label for x in inside if x.row == r) for r in range(rows))


@cache
def across_the_strip() -> tuple[tuple[str, str], ...]:
    """The blocks facing each other across the Strip, top to bottom: the Strip runs on the
    right of the first and on the left of the second.

        >>> across_the_strip()
        (('A', 'B'), ('C', 'D'), ('E', 'F'))
    """
    sides = _data()["block_strip_side"]
    left = [b for b in sorted(sides) if sides[b] == "right"]
    right = [b for b in sorted(sides) if sides[b] == "left"]
    return tuple(zip(left, right, strict=True))


def company(word: str) -> Company:
    """A company from its name or tile colour, any case (``purple`` or ``Albion``)."""
    key = word.strip().lower()
    found = COMPANY_WORDS.get(key)
    if found is None:
        raise UnknownNameError(
            Problem(_("no such casino colour or company"), text=word, choices=closest(key, COMPANY_WORDS))
        )
    return found


def card(word: str) -> str:
    """A property card: a lot label (``D8``) or ``END`` for the End of Game card."""
    key = word.strip().upper()
    if key in (END, "END-OF-GAME", "ENDOFGAME", "END OF GAME"):
        return END
    return lot(key).label


def card_pays(card_name: str) -> Company | str:
    """What a card pays: a company, or STRIP (the three Strip lot cards and END)."""
    return STRIP if card_name == END else lot(card_name).pays
