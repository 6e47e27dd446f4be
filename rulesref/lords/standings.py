"""Final standings: most points wins, money breaks a tie, 90 points wins at once.

Several players reaching 90 on the same card is not covered by the rulebook; our reading
applies its end-of-game tie-break: the most money wins, equal money shares the win.  The
payout of that card uses this same function, so ``payout`` and ``score`` agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.core.findings import Finding
from rulesref.core.i18n import _, n_
from rulesref.lords.state import State
from rulesref.lords.track import WIN_AT
from rulesref.lords.verdict import note, reason


@dataclass(frozen=True)
class Standing:
    place: int  # 1 = winner; players sharing points and money share a place
    name: str
    points: int
    money: int


@dataclass(frozen=True)
class Standings:
    rows: tuple[Standing, ...]
    winners: tuple[str, ...]
    decided_by: Finding  # how the winner was found (points, money tie-break, shared, 90 points)

    def to_json(self) -> list[dict[str, object]]:
        return [{"place": r.place, "player": r.name, "points": r.points, "money": r.money} for r in self.rows]


def standings(state: State) -> Standings:
    ordered = sorted(state.players, key=lambda p: (-p.points, -p.money))
    rows: list[Standing] = []
    for i, p in enumerate(ordered):
        prev = rows[-1] if rows else None
        place = prev.place if prev and (prev.points, prev.money) == (p.points, p.money) else i + 1
        rows.append(Standing(place, p.name, p.points, p.money))
    winners = tuple(r.name for r in rows if r.place == 1)
    top = rows[0] if rows else None
    if top is None:
        return Standings((), (), reason(_("no players"), "winning"))
    on_top = [r.name for r in rows if r.points >= WIN_AT]
    if len(on_top) > 1:
        # only one card can take several players to 90 at once (the game ends with the first)
        both = _(" and ").join(on_top)
        if len(winners) == 1:
            decided = _("{player} has the most money (${money})").format(player=top.name, money=top.money)
        else:
            decided = _("{players} have the same money and share the win").format(players=_(" and ").join(winners))
        why = note(
            _(
                "{players} reached {n} points on the same card; {decided}. This is our reading: the rulebook "
                "does not say, so its tie-break at the end of the game (most money) decides"
            ).format(players=both, n=WIN_AT, decided=decided),
            "winning",
            code="ninety-together",
        )
    elif top.points >= WIN_AT and len(winners) == 1:
        why = reason(_("{player} reached {n} points").format(player=top.name, n=WIN_AT), "winning")
    elif len(winners) > 1:
        why = reason(
            _("{players} share first place: same points and same money").format(players=_(" and ").join(winners)),
            "winning",
        )
    elif len(rows) > 1 and rows[1].points == top.points:
        why = reason(
            n_(
                "{player} wins the tie on {n} point with more money (${money})",
                "{player} wins the tie on {n} points with more money (${money})",
                top.points,
            ).format(player=top.name, n=top.points, money=top.money),
            "winning",
        )
    else:
        why = reason(_("{player} has the most points ({n})").format(player=top.name, n=top.points), "winning")
    return Standings(tuple(rows), winners, why)
