"""Trades between players: money, lots (markers) and dice in casinos.

>>> from rulesref.lords.state import Player, State
>>> s = State(players=(Player("Ana", 10), Player("Ben", 0)), markers={"A1": "Ana"})
>>> r = trade(s, "Ana", "Ben", money=4, lots=("A1",))
>>> r.state.player("Ben").money, r.state.markers["A1"]
(4, 'Ben')
"""

from __future__ import annotations

from rulesref.core.findings import Finding
from rulesref.lords.actions import ActionResult, require_player
from rulesref.lords.board import lot, supply
from rulesref.lords.state import Die, State, ties
from rulesref.lords.verdict import note, reason, rule


def trade(
    state: State, giver: str, receiver: str, *, money: int = 0, lots: tuple[str, ...] = (), dice: tuple[str, ...] = ()
) -> ActionResult:
    """``giver`` hands money, lots and dice to ``receiver``; every reason it cannot happen."""
    require_player(state, giver)
    require_player(state, receiver)
    out: list[Finding] = []
    if giver == receiver:
        out.append(reason(f"{giver} cannot trade with themselves", "trading"))
    if state.over:
        out.append(reason("the game is over: nothing is traded any more", "end"))
    if money < 0:
        out.append(reason("a trade cannot move a negative amount", "trading"))
    if money > state.player(giver).money:
        out.append(reason(f"{giver} has only ${state.player(giver).money}, not ${money}", "trading"))
    for x in (lot(y).label for y in lots):
        if state.markers.get(x) != giver:
            out.append(reason(f"{x} does not carry {giver}'s marker", "trading"))
    labels = [lot(y).label for y in dice]
    for x in labels:
        tile = state.tiles.get(x)
        if tile is None or tile.die is None or tile.die.owner != giver:
            out.append(reason(f"{x} does not carry a die of {giver}", "trading"))
    if labels and state.dice_on_board(receiver) + len(labels) > supply().dice_per_player:
        out.append(reason(f"{receiver} has no die left in the supply to take over {', '.join(labels)}", "components"))
    if out:
        return ActionResult("trade", giver, receiver, money, rule("trading"), tuple(out))
    after = state.with_player(giver, money=-money).with_player(receiver, money=money)
    for x in lots:
        after = after.with_marker(lot(x).label, receiver)
    for x in labels:
        tile = after.tiles[x]
        if tile.die is not None:
            after = after.with_tile(x, tile.with_die(Die(receiver, tile.die.pips)))
    notes = tuple(note(f"tie for boss in {c.name}: reroll {', '.join(c.boss.tied)}", "boss-ties") for c in ties(after))
    return ActionResult("trade", giver, receiver, money, rule("trading"), (), notes, after)
