"""Round by round replay, running totals, final standings and the tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rulesref.cite import Citation, cite
from rulesref.core.i18n import _
from rulesref.las_vegas.editions import GAME_ID, Edition, dollars, money_word
from rulesref.las_vegas.model import Game, TileReward
from rulesref.las_vegas.payout import CasinoPayout, next_start_player, pay_round


@dataclass(frozen=True)
class Standing:
    player: str
    money: int  # thousands won in notes/cards (tile money included)
    notes: int  # how many notes/cards
    chips: int  # Royale chips held
    total: int  # money + chips at their value
    place: int  # 1 = leading; equal places share


class Decided(StrEnum):
    MONEY = "money"  # one player has the most money
    NOTES = "notes"  # equal money, more notes decide
    SHARED = "shared"  # equal money and notes: the win is shared


@dataclass(frozen=True)
class RoundResult:
    number: int
    payouts: tuple[CasinoPayout, ...]
    tiles: tuple[TileReward, ...]
    won: tuple[tuple[str, int], ...]  # player -> thousands won this round (casinos + tiles)
    chips_spent: tuple[tuple[str, int], ...]
    standings: tuple[Standing, ...]  # running totals after this round
    next_start: str | None  # Royale: who starts the next round


@dataclass(frozen=True)
class Replay:
    game: Game
    rounds: tuple[RoundResult, ...]
    complete: bool  # all the edition's rounds are in the file
    standings: tuple[Standing, ...]
    winners: tuple[str, ...]
    decided_by: Decided
    citations: tuple[Citation, ...]

    @property
    def rivals(self) -> tuple[Standing, ...]:
        """Those level with the leader on total (with chips), who lost (or shared) on the tie-break."""
        if not self.standings:
            return ()
        top = self.standings[0]
        return tuple(s for s in self.standings[1:] if s.total == top.total)

    def what_was_equal(self) -> str:
        """For a shared win: what the winners had equal, in words (Royale totals include chips)."""
        top = [s for s in self.standings if s.player in self.winners]
        rules = self.game.rules
        word = money_word(rules, many=True)
        if self.game.edition is not Edition.ROYALE:
            return _("same money and same number of {word}").format(word=word)
        if len({s.money for s in top}) == 1:
            return _("same money, same chips and the same number of {word}").format(word=word)
        return _(
            "same total with chips at {chip} ({total}) and the same number of {word} ({notes}); money alone {money}"
        ).format(
            chip=dollars(rules.chip_value),
            total=dollars(top[0].total),
            word=word,
            notes=top[0].notes,
            money=_(" and ").join(dollars(s.money) for s in top),
        )


def rank(rows: Sequence[tuple[str, int, int, int, int]]) -> tuple[Standing, ...]:
    """(player, money, notes, chips, total) -> standings, best first, equal places shared."""
    ordered = sorted(rows, key=lambda r: (-r[4], -r[2]))
    out: list[Standing] = []
    for i, (player, money, notes, chips, total) in enumerate(ordered):
        place = i + 1
        if out and (out[-1].total, out[-1].notes) == (total, notes):
            place = out[-1].place
        out.append(Standing(player, money, notes, chips, total, place))
    return tuple(out)


def replay(game: Game, upto: int | None = None) -> Replay:
    """Pay out every round (or the first ``upto``) and keep running totals."""
    rules = game.rules
    money = dict.fromkeys(game.players, 0)
    notes = dict.fromkeys(game.players, 0)
    chips = dict.fromkeys(game.players, 0)
    results: list[RoundResult] = []
    rounds = game.rounds if upto is None else game.rounds[:upto]
    for rd in rounds:
        payouts = pay_round(rd.casinos, rules)
        won = dict.fromkeys(game.players, 0)
        for payout in payouts:
            for player, value in payout.player_awards:
                won[player] += value
                notes[player] += 1
        for tile in rd.tiles:
            won[tile.player] += sum(tile.money)
            notes[tile.player] += len(tile.money)
        spent = dict(rd.chips_spent)
        if game.edition is Edition.ROYALE:
            for p in game.players:
                gained = sum(t.chips for t in rd.tiles if t.player == p)
                chips[p] = max(0, chips[p] + rules.chips_per_round + gained - spent.get(p, 0))
        for p in game.players:
            money[p] += won[p]
        standings = rank(
            [(p, money[p], notes[p], chips[p], money[p] + chips[p] * rules.chip_value) for p in game.players]
        )
        results.append(
            RoundResult(
                number=rd.number,
                payouts=payouts,
                tiles=rd.tiles,
                won=tuple(won.items()),
                chips_spent=rd.chips_spent,
                standings=standings,
                next_start=next_start_player(payouts) if game.edition is Edition.ROYALE else None,
            )
        )
    final = results[-1].standings if results else rank([(p, 0, 0, 0, 0) for p in game.players])
    winners = tuple(s.player for s in final if s.place == 1)
    top_total = final[0].total if final else 0
    if len(winners) > 1:
        decided = Decided.SHARED
    elif sum(1 for s in final if s.total == top_total) > 1:
        decided = Decided.NOTES
    else:
        decided = Decided.MONEY
    citations = [cite(f"{GAME_ID}/end")]
    if decided is not Decided.MONEY:
        citations.append(cite(f"{GAME_ID}/tie-break"))
    if game.edition is Edition.ROYALE:
        citations.append(cite(f"{GAME_ID}/chips"))
    return Replay(
        game=game,
        rounds=tuple(results),
        complete=len(results) == rules.rounds,
        standings=final,
        winners=winners,
        decided_by=decided,
        citations=tuple(citations),
    )
