"""The questions asked at the table, one function each; the ``lords`` commands call exactly one.

Every function reads what it needs (a state file, a card, a lot), decides by the rules and
returns a value object; nothing here prints.  Functions given ``out`` write the state after
the payout or action there (atomically), only when it is legal.

    >>> track(8, "1,1,3").end
    10
    >>> cost("sprawl", "A5").cost
    18
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulesref.core.amounts import MILLIONS, read_amount
from rulesref.core.errors import InputError, Problem
from rulesref.core.i18n import _
from rulesref.lords.actions import ActionResult, act, acting_player, action_name, printed_price
from rulesref.lords.board import Lot, lot, lots
from rulesref.lords.gamble import GambleQuote
from rulesref.lords.gamble import gamble as quote_gamble
from rulesref.lords.loader import load_state, save_state
from rulesref.lords.notation import parse_points, parse_rolls
from rulesref.lords.payout import Payout, draw
from rulesref.lords.results import Position
from rulesref.lords.track import TrackRun, apply_casinos, check_space


def board(path: Path) -> Position:
    """A state file as it stands: players, casinos and their bosses."""
    return Position(load_state(path), str(path))


def lots_in(block: str | None = None) -> tuple[Lot, ...]:
    """The printed lots, all or of one block (A .. F)."""
    rows = tuple(x for x in lots().values() if block is None or x.block == block.strip().upper())
    if not rows:
        raise InputError(Problem(_("no such block (A to F)"), text=block))
    return rows


def track(at: int, casino_points: str, *, what: str = "--at") -> TrackRun:
    """Move a chip on ``at`` by each paying casino's points (``"1,1,3"``), smallest first.

    ``what`` names the start space in an error (the option or field it was typed in).
    """
    check_space(at, what)
    return apply_casinos(at, parse_points(casino_points))


def payout(
    path: Path,
    card: str,
    *,
    player: str | None = None,
    rerolls: Sequence[str] = (),
    die_from: str | None = None,
    out: Path | None = None,
    ask: str | None = None,
) -> Payout:
    """Who gets what when ``player`` (default: whose turn it is) draws ``card``.

    A used card is paid anyway under a warning; ``rerolls`` (``"C3=4,C2=2"``) break ties the
    take-over causes, in order.  ``ask``: the message when no player is named and the state
    has no player to move.
    """
    state = load_state(path)
    drawer = acting_player(state, player, ask=ask)
    rolls = [parse_rolls(spec) for spec in rerolls]
    result = draw(state, card, drawer, rerolls=rolls, die_from=die_from, strict=False)
    if out is not None and not result.problems:
        save_state(out, result.state)
    return result


def cost(
    action: str,
    label: str,
    *,
    board: Path | None = None,
    player: str | None = None,
    colour: str | None = None,
    rolls: str | None = None,
    die_from: str | None = None,
    out: Path | None = None,
) -> ActionResult:
    """Price and legality of build, sprawl, remodel or reorganize on ``label``.

    Without a ``board`` only the printed price of a build or sprawl can be given.
    """
    verb = action_name(action)
    here = lot(label)
    if board is None:
        return printed_price(verb, here.label)
    state = load_state(board)
    who = acting_player(state, player)
    if out is not None and colour is None and verb in ("build", "remodel"):
        raise InputError(
            Problem(_("say the tile colour with --colour to write the state after the {verb}").format(verb=verb))
        )
    result = act(
        state, verb, who, here.label, colour=colour, rolls=parse_rolls(rolls) if rolls else None, die_from=die_from
    )
    if out is not None and result.state is not None:
        save_state(out, result.state)
    return result


def gamble(
    board: Path,
    casino: str,
    bet: int | str,
    *,
    player: str | None = None,
    layoff: bool = False,
    roll: int | None = None,
) -> GambleQuote:
    """Bet limit, odds and expected gain of a bet in the casino on ``casino`` (settled with ``roll``).

    ``bet`` is in $ millions, as typed (``10``, ``$10``, ``$10M``: the one money reading).
    """
    amount, _problem = read_amount(bet, MILLIONS)
    if amount is None or amount < 1:
        raise InputError(
            Problem(
                _("a bet is a whole number of $ millions, at least 1 (e.g. 10, $10 or $10M), not {bet}").format(
                    bet=bet
                ),
                text=str(bet),
            )
        )
    state = load_state(board)
    return quote_gamble(state, acting_player(state, player), casino, amount, layoff=layoff, roll=roll)
