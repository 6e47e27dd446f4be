"""A Lords of Vegas position: players, markers, tiles with dice, and the casinos they form.

The state is a value: every change makes a new :class:`State`.  Casinos are not stored;
they are computed from the tiles (edge-connected tiles of one company inside a block).

    >>> s = State(players=(Player("Ana", 10, 0), Player("Ben", 10, 0)),
    ...           tiles={"C2": Tile(Company.ALBION, Die("Ana", 3)), "C3": Tile(Company.ALBION, Die("Ben", 6))})
    >>> [c.boss.owner for c in casinos(s)]
    ['Ben']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TypeVar

from rulesref.core.i18n import _
from rulesref.lords.board import Company, lot, lots, neighbours


@dataclass(frozen=True)
class Die:
    owner: str
    pips: int

    def __str__(self) -> str:
        return f"{self.owner} {self.pips}"


#: How a tile came to its lot: built on the owner's marker (its card has come up) or sprawled
#: onto an empty lot (its card may still be in the deck).
BUILT = "built"
SPRAWLED = "sprawled"
HOWS = (BUILT, SPRAWLED)


@dataclass(frozen=True)
class Tile:
    company: Company
    die: Die | None = None
    how: str | None = None  # BUILT, SPRAWLED, or None when the state file does not say

    def with_die(self, die: Die | None) -> Tile:
        """The same tile carrying ``die`` (None: no die, no owner)."""
        return replace(self, die=die)

    def format(self) -> str:
        """``purple Ana 6 built``, ``purple`` for a tile without a die; see loader.parse_tile."""
        words = [self.company.colour] + ([str(self.die)] if self.die else []) + ([self.how] if self.how else [])
        return " ".join(words)


@dataclass(frozen=True)
class Player:
    name: str
    money: int
    points: int = 0


@dataclass(frozen=True)
class Boss:
    """Who runs a casino.  ``tied`` lists the lots of tied top dice when a reroll is needed."""

    owner: str | None
    tied: tuple[str, ...] = ()

    @property
    def reroll_needed(self) -> bool:
        return bool(self.tied)

    def describe(self) -> str:
        if self.tied:
            return _("reroll needed")
        return self.owner or _("nobody")


@dataclass(frozen=True)
class Casino:
    company: Company
    lots: tuple[str, ...]  # board order
    dice: tuple[tuple[str, Die], ...]  # (lot, die) for tiles that carry a die
    boss: Boss

    @property
    def size(self) -> int:
        return len(self.lots)

    @property
    def on_strip(self) -> bool:
        return any(lot(x).strip for x in self.lots)

    @property
    def name(self) -> str:
        """A short name players can read: company and its lots, e.g. ``Albion C2-C3``."""
        return f"{self.company.value} {'+'.join(self.lots)}"

    @property
    def pips(self) -> int:
        return sum(d.pips for _, d in self.dice)

    def money_by_owner(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for _lot, d in self.dice:
            out[d.owner] = out.get(d.owner, 0) + d.pips
        return out


V = TypeVar("V")


def _set(mapping: Mapping[str, V], key: str, value: V | None) -> dict[str, V]:
    """A copy of ``mapping`` with ``key`` set to ``value``, or left out when ``value`` is None."""
    out = dict(mapping)
    if value is None:
        out.pop(key, None)
    else:
        out[key] = value
    return out


@dataclass(frozen=True)
class State:
    """Everything on the table that matters for the rules."""

    players: tuple[Player, ...]
    markers: Mapping[str, str] = field(default_factory=dict)  # lot -> owner
    tiles: Mapping[str, Tile] = field(default_factory=dict)  # lot -> tile
    turn: str | None = None  # whose turn it is
    reorganized: frozenset[str] = frozenset()  # lots whose dice were reorganized this turn
    gambled: bool = False  # the turn player has gambled this turn
    drawn: tuple[str, ...] = ()  # cards out of the deck (start cards, draws)
    over: bool = False  # the End of Game card was drawn

    # -- players -----------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def with_player(self, name: str, *, money: int = 0, points: int | None = None) -> State:
        """Add ``money`` to a player (may be negative) and/or set their points."""
        players = tuple(
            replace(p, money=p.money + money, points=p.points if points is None else points) if p.name == name else p
            for p in self.players
        )
        return replace(self, players=players)

    # -- pieces ------------------------------------------------------------
    def dice_on_board(self, name: str) -> int:
        return sum(1 for t in self.tiles.values() if t.die and t.die.owner == name)

    def markers_of(self, name: str) -> tuple[str, ...]:
        return tuple(x for x in lots() if self.markers.get(x) == name)

    def tiles_of(self, company: Company) -> int:
        return sum(1 for t in self.tiles.values() if t.company == company)

    def is_empty(self, label: str) -> bool:
        return label not in self.markers and label not in self.tiles

    def with_tile(self, label: str, tile: Tile | None) -> State:
        return replace(self, tiles=_set(self.tiles, label, tile))

    def with_marker(self, label: str, owner: str | None) -> State:
        return replace(self, markers=_set(self.markers, label, owner))

    def casinos(self) -> tuple[Casino, ...]:
        """Every casino on the board (see :func:`casinos`)."""
        return casinos(self)

    def casino_at(self, label: str) -> Casino | None:
        for c in casinos(self):
            if label in c.lots:
                return c
        return None


def boss_of(dice: tuple[tuple[str, Die], ...]) -> Boss:
    """The owner of the single highest die; a top tie between players needs a reroll."""
    if not dice:
        return Boss(None)
    top = max(d.pips for _, d in dice)
    at_top = [(x, d) for x, d in dice if d.pips == top]
    owners = {d.owner for _, d in at_top}
    if len(owners) == 1:
        return Boss(owners.pop())
    return Boss(None, tied=tuple(x for x, _ in at_top))


def casinos(state: State) -> tuple[Casino, ...]:
    """Every casino on the board, in board order of its first lot."""
    seen: set[str] = set()
    out = []
    for label in lots():
        tile = state.tiles.get(label)
        if tile is None or label in seen:
            continue
        group = {label}
        todo = [label]
        while todo:
            here = todo.pop()
            for n in neighbours(here):
                other = state.tiles.get(n)
                if n not in group and other is not None and other.company == tile.company:
                    group.add(n)
                    todo.append(n)
        seen |= group
        ordered = tuple(x for x in lots() if x in group)
        dice = tuple((x, d) for x in ordered if (d := state.tiles[x].die) is not None)
        out.append(Casino(tile.company, ordered, dice, boss_of(dice)))
    return tuple(out)


def ties(state: State) -> tuple[Casino, ...]:
    """Casinos whose top dice are tied between players (a reroll is needed)."""
    return tuple(c for c in casinos(state) if c.boss.reroll_needed)
