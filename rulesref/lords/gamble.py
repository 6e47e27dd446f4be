"""Gambling in another player's casino: bet limit, the 2d6 table, odds, expected value.

>>> from fractions import Fraction
>>> [o.chance for o in OUTCOMES]
[Fraction(1, 18), Fraction(7, 18), Fraction(5, 9)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rulesref.core.findings import Citation, Finding
from rulesref.core.i18n import _, mark, n_
from rulesref.lords.actions import require_player
from rulesref.lords.board import lot
from rulesref.lords.state import Casino, State
from rulesref.lords.verdict import reason, rule

MAX_BET_PER_TILE = 5


def ways(total: int) -> int:
    """How many of the 36 rolls of two dice add up to ``total``."""
    return 6 - abs(total - 7) if 2 <= total <= 12 else 0


@dataclass(frozen=True)
class Outcome:
    name: str  # "double", "win", "lose"
    sums: tuple[int, ...]
    multiple: int  # what the boss pays per $ of bet (negative: the gambler pays)

    @property
    def chance(self) -> Fraction:
        return Fraction(sum(ways(s) for s in self.sums), 36)


OUTCOMES = (Outcome("double", (2, 12), 2), Outcome("win", (3, 4, 9, 10, 11), 1), Outcome("lose", (5, 6, 7, 8), -1))


#: The outcomes' words (:attr:`Outcome.name`), for the catalogue.
OUTCOME_WORDS = (mark("double"), mark("win"), mark("lose"))


def outcome_of(total: int) -> Outcome:
    for o in OUTCOMES:
        if total in o.sums:
            return o
    raise ValueError(total)


@dataclass(frozen=True)
class Settlement:
    """Who pays whom for one result: positive = the gambler gains."""

    outcome: Outcome
    gambler: int
    boss: int
    bank: int
    owed: int = 0  # what the boss owed when more than the boss's cash (0: paid in full)

    @property
    def capped(self) -> bool:
        """The boss's cash capped what the boss paid (it paid ``-boss`` of ``owed``)."""
        return self.owed > 0


def settle(bet: int, outcome: Outcome, boss_money: int, layoff: bool) -> Settlement:
    """Money moved by one result, with the boss's cash limit and an optional lay-off."""
    amount = bet * outcome.multiple  # what the house pays the gambler
    boss_share = (abs(amount) // 2) * (1 if amount > 0 else -1) if layoff else amount
    bank_share = amount - boss_share
    owed = 0
    if boss_share > 0 and boss_share > boss_money:
        owed, boss_share = boss_share, boss_money
    return Settlement(outcome, gambler=boss_share + bank_share, boss=-boss_share, bank=-bank_share, owed=owed)


@dataclass(frozen=True)
class GambleQuote:
    gambler: str
    casino: Casino | None
    bet: int
    limit: int
    layoff: bool
    rule: Citation
    reasons: tuple[Finding, ...]
    settlements: tuple[Settlement, ...]  # one per outcome
    roll: int | None = None
    state: State | None = None  # after the roll, when one is given and the bet is legal

    @property
    def legal(self) -> bool:
        return not self.reasons

    @property
    def expected(self) -> Fraction:
        """The gambler's expected gain in $ (negative: the house edge)."""
        return sum((s.outcome.chance * s.gambler for s in self.settlements), Fraction(0))

    @property
    def win_chance(self) -> Fraction:
        return sum((s.outcome.chance for s in self.settlements if s.gambler > 0), Fraction(0))

    @property
    def result(self) -> Settlement | None:
        if self.roll is None:
            return None
        return next(s for s in self.settlements if self.roll in s.outcome.sums)


def gamble(
    state: State, gambler: str, label: str, bet: int, *, layoff: bool = False, roll: int | None = None
) -> GambleQuote:
    """Quote (and with ``roll``, settle) a bet in the casino on ``label``."""
    require_player(state, gambler)
    here = state.casino_at(lot(label).label)
    out: list[Finding] = []
    if state.over:
        out.append(reason(_("the game is over: the End of Game card was drawn"), "end"))
    if state.turn is not None and gambler != state.turn:
        out.append(
            reason(_("it is {turn}'s turn; {player} cannot gamble now").format(turn=state.turn, player=gambler), "turn")
        )
    if state.gambled and gambler == state.turn:
        out.append(reason(_("{player} has already gambled this turn").format(player=gambler), "gamble"))
    limit = 0
    boss_money = 0
    if here is None:
        out.append(reason(_("there is no casino on {lot}").format(lot=lot(label).label), "gamble"))
    else:
        limit = MAX_BET_PER_TILE * here.size
        if here.boss.reroll_needed:
            out.append(reason(_("{casino} has a tie for boss: reroll first").format(casino=here.name), "boss-ties"))
        elif here.boss.owner is None:
            out.append(reason(_("{casino} has no boss to play the house").format(casino=here.name), "gamble"))
        elif here.boss.owner == gambler:
            out.append(
                reason(
                    _("{player} is the boss of {casino}: gamble in another player's casino").format(
                        player=gambler, casino=here.name
                    ),
                    "gamble",
                )
            )
        else:
            boss_money = state.player(here.boss.owner).money
    if bet <= 0:
        out.append(reason(_("a bet must be at least $1, not ${bet}").format(bet=bet), "gamble"))
    if here is not None and bet > limit:
        tiles = n_("{n} tile", "{n} tiles", here.size).format(n=here.size)
        said = _("the limit in {casino} is ${limit} ($5 x {tiles}), not ${bet}")
        out.append(reason(said.format(casino=here.name, limit=limit, tiles=tiles, bet=bet), "gamble"))
    money = state.player(gambler).money
    if bet > money:
        out.append(
            reason(
                _("{player} has only ${money} and cannot bet ${bet}").format(player=gambler, money=money, bet=bet),
                "gamble",
            )
        )
    if roll is not None and not 2 <= roll <= 12:
        out.append(reason(_("two dice add up to 2 .. 12, not {roll}").format(roll=roll), "gamble"))
    settlements = tuple(settle(max(bet, 0), o, boss_money, layoff) for o in OUTCOMES)
    quote = GambleQuote(gambler, here, bet, limit, layoff, rule("gamble"), tuple(out), settlements, roll)
    if roll is None or out or here is None or here.boss.owner is None:
        return quote
    s = quote.result
    assert s is not None
    after = state.with_player(gambler, money=s.gambler).with_player(here.boss.owner, money=s.boss)
    return replace(quote, state=replace(after, gambled=True))
