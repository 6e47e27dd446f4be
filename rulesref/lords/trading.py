"""Trades between players: money, lots (markers) and dice in casinos.

>>> from rulesref.lords.state import Player, State
>>> s = State(players=(Player("Ana", 10), Player("Ben", 0)), markers={"A1": "Ana"})
>>> r = trade(s, "Ana", "Ben", money=4, lots=("A1",))
>>> r.state.player("Ben").money, r.state.markers["A1"]
(4, 'Ben')
"""

from __future__ import annotations

from rulesref.core.findings import Finding
from rulesref.core.i18n import _
from rulesref.lords.actions import ActionResult, require_player, tie_note
from rulesref.lords.board import lot, supply
from rulesref.lords.state import Die, State, ties
from rulesref.lords.verdict import reason, rule


def trade(
    state: State, giver: str, receiver: str, *, money: int = 0, lots: tuple[str, ...] = (), dice: tuple[str, ...] = ()
) -> ActionResult:
    """``giver`` hands money, lots and dice to ``receiver``; every reason it cannot happen."""
    require_player(state, giver)
    require_player(state, receiver)
    out: list[Finding] = []
    if giver == receiver:
        out.append(reason(_("{player} cannot trade with themselves").format(player=giver), "trading"))
    if state.over:
        out.append(reason(_("the game is over: nothing is traded any more"), "end"))
    if money < 0:
        out.append(reason(_("a trade cannot move a negative amount"), "trading"))
    if money > state.player(giver).money:
        out.append(
            reason(
                _("{player} has only ${have}, not ${money}").format(
                    player=giver, have=state.player(giver).money, money=money
                ),
                "trading",
            )
        )
    for x in (lot(y).label for y in lots):
        if state.markers.get(x) != giver:
            out.append(reason(_("{lot} does not carry {player}'s marker").format(lot=x, player=giver), "trading"))
    labels = [lot(y).label for y in dice]
    for x in labels:
        tile = state.tiles.get(x)
        if tile is None or tile.die is None or tile.die.owner != giver:
            out.append(reason(_("{lot} does not carry a die of {player}").format(lot=x, player=giver), "trading"))
    if labels and state.dice_on_board(receiver) + len(labels) > supply().dice_per_player:
        out.append(
            reason(
                _("{player} has no die left in the supply to take over {lots}").format(
                    player=receiver, lots=", ".join(labels)
                ),
                "components",
            )
        )
    if out:
        return ActionResult("trade", giver, receiver, money, rule("trading"), tuple(out))
    after = state.with_player(giver, money=-money).with_player(receiver, money=money)
    for x in lots:
        after = after.with_marker(lot(x).label, receiver)
    for x in labels:
        tile = after.tiles[x]
        if tile.die is not None:
            after = after.with_tile(x, tile.with_die(Die(receiver, tile.die.pips)))
    notes = tuple(tie_note(c) for c in ties(after))
    return ActionResult("trade", giver, receiver, money, rule("trading"), (), notes, after)
