"""Every rule problem in a game, at once, each with the rule section that decides it.

The checker returns the one :class:`~rulesref.core.findings.CheckReport` every game
returns; each finding has a stable ``code`` (the table in docs/las-vegas.md), the line it
is written on and ``where`` (round, casino, player).

>>> from rulesref.las_vegas.loader import parse_game
>>> # check_game(parse_game(text)).findings -> empty when the game is clean
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rulesref.cite import Citation, cite
from rulesref.core.findings import CheckReport, Finding
from rulesref.las_vegas.editions import GAME_ID, Edition, EditionRules, dollars
from rulesref.las_vegas.model import CASINOS, HOUSE, Casino, Game, Round
from rulesref.las_vegas.payout import next_start_player, pay_round


def _rule(local: str) -> Citation:
    return cite(f"{GAME_ID}/{local}")


def check_casino_money(where: str, money: Sequence[int], rules: EditionRules) -> list[Finding]:
    """Findings (not yet located) for the money at one casino (``where``: "casino 3", "this casino")."""
    out: list[Finding] = []
    word = rules.money_word
    for value in money:
        if value not in rules.denominations:
            out.append(
                Finding(
                    f"{where}: there is no {dollars(value)} {word} in {rules.title} "
                    f"(values: {', '.join(dollars(v) for v in rules.denominations)})",
                    cite(rules.rules_section_money),
                    code="money-value",
                )
            )
    if rules.cards_per_casino is not None and len(money) != rules.cards_per_casino:
        out.append(
            Finding(
                f"{where} has {len(money)} money card(s); Royale puts exactly {rules.cards_per_casino} at every casino",
                _rule("royale-cards"),
                code="royale-two-cards",
            )
        )
    if rules.minimum_stake is not None and money:
        total = sum(money)
        if total < rules.minimum_stake:
            out.append(
                Finding(
                    f"{where} holds {dollars(total)}, less than the "
                    f"{dollars(rules.minimum_stake)} every casino is stocked to",
                    _rule("setup"),
                    code="money-minimum",
                )
            )
        elif rules.overstock_is_checkable and len(money) > 1 and total - max(money) >= rules.minimum_stake:
            out.append(
                Finding(
                    f"{where} holds {dollars(total)}: even without its "
                    f"biggest {word} it reaches {dollars(rules.minimum_stake)}, so drawing would have "
                    "stopped earlier",
                    _rule("setup"),
                    code="money-overstocked",
                )
            )
    return out


class _Report:
    """Collects findings, placing each on the most specific line the loader recorded."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.findings: list[Finding] = []

    def __call__(
        self,
        code: str,
        message: str,
        citation: Citation | None,
        rnd: int | None = None,
        casino: int | None = None,
        player: str | None = None,
        key: str | None = None,
    ) -> None:
        self.add(Finding(message, citation, code=code), rnd, casino, player, key)

    def add(
        self,
        finding: Finding,
        rnd: int | None = None,
        casino: int | None = None,
        player: str | None = None,
        key: str | None = None,
    ) -> None:
        line = None
        for k in (key, f"round {rnd} casino {casino}" if casino else None, f"round {rnd}" if rnd else None):
            if k is not None and self.game.line_of(k) is not None:
                line = self.game.line_of(k)
                break
        where: dict[str, str | int] = {}
        if rnd is not None:
            where["round"] = rnd
        if casino is not None:
            where["casino"] = casino
        if player is not None:
            where["player"] = player
        self.findings.append(replace(finding, path=self.game.source, line=line, where=where))


def check_game(game: Game) -> CheckReport:
    """Every rule problem in ``game``, ordered by line; no findings when the game is clean."""
    rules = game.rules
    add = _Report(game)

    n = len(game.players)
    if not rules.min_players <= n <= rules.max_players:
        add(
            "player-count",
            f"{rules.title} is for {rules.min_players} to {rules.max_players} players, this game has {n}",
            _rule("boulevard" if game.edition is Edition.BOULEVARD else "base"),
            key="players",
        )
    if len(game.rounds) != rules.rounds:
        add(
            "round-count",
            f"{rules.title} lasts {rules.rounds} rounds, this game has {len(game.rounds)}",
            _rule("end"),
            key="game",
        )
    if game.white_dice and n > rules.white_dice_max_players:
        add(
            "white-dice-players",
            f"white dice are only used with 2 to {rules.white_dice_max_players} players, this game has {n}",
            _rule("white-dice"),
            key="white_dice",
        )
    if game.big_die and game.edition is Edition.BASE:
        add(
            "big-die-edition",
            "the base game has no big die (it comes with Boulevard and Royale)",
            _rule("big-die"),
            key="big_die",
        )
    if not game.big_die and game.edition is Edition.ROYALE:
        add(
            "big-die-edition",
            "every Royale player has a big die; big_die = false does not fit Royale",
            _rule("royale"),
            key="big_die",
        )

    supply = _Supply()
    chips: dict[str, int] = dict.fromkeys(game.players, 0)
    previous = None
    for rd in game.rounds:
        _check_round_dice(game, rd, add)
        _check_round_money(game, rd, supply, add)
        if game.edition is Edition.ROYALE:
            _check_chips(game, rd, chips, add)
            payouts = pay_round(rd.casinos, rules)
            if rd.start is not None and previous is not None:
                expected = next_start_player(previous)
                if expected is not None and expected != rd.start:
                    add(
                        "start-player",
                        f"round {rd.number} should be started by {expected}, who took the "
                        f"higher card at the highest casino that paid someone, not {rd.start}",
                        _rule("start-player"),
                        rd.number,
                        key=f"round {rd.number} start",
                    )
            previous = payouts
        else:
            if any(rd.chips_spent) or rd.chips_kept:
                add(
                    "chips-edition",
                    "chips exist only in Royale",
                    _rule("chips"),
                    rd.number,
                    key=f"round {rd.number} chips_spent",
                )
            if rd.tiles:
                add(
                    "tiles-edition",
                    "casino tiles exist only in Royale",
                    _rule("casino-tiles"),
                    rd.number,
                    key=f"round {rd.number} tile 1",
                )
        for casino in rd.casinos:
            for _, value in pay_round([casino], rules)[0].awards:  # the house's notes leave play too
                supply.won[value] += 1
        for tile in rd.tiles:
            for value in tile.money:
                supply.won[value] += 1
    findings = tuple(sorted(add.findings, key=lambda f: f.line or 0))
    summary = {
        "edition": game.edition.value,
        "title": rules.title,
        "players": len(game.players),
        "rounds": len(game.rounds),
        "rounds_in_game": rules.rounds,
    }
    return CheckReport(game=GAME_ID, path=game.source, findings=findings, summary=summary)


def _check_round_dice(game: Game, rd: Round, add: _Report) -> None:
    rules = game.rules
    present = {c.number for c in rd.casinos}
    missing = [str(n) for n in CASINOS if n not in present]
    if missing:
        which = f"casino {missing[0]} is" if len(missing) == 1 else f"casinos {', '.join(missing)} are"
        add(
            "casino-missing",
            f"round {rd.number}: {which} missing (every casino is stocked each round)",
            _rule("setup"),
            rd.number,
        )
    for player in game.players:
        small = sum(s.small for c in rd.casinos for s in c.stakes if s.participant == player)
        big = sum(s.big for c in rd.casinos for s in c.stakes if s.participant == player)
        big_at = next((c.number for c in rd.casinos for s in c.stakes if s.participant == player and s.big), None)
        if not game.big_die:
            small += big  # a die written as big is still one of the player's 8
        if small != game.small_dice:
            kind = "small dice" if game.big_die else "dice"
            add(
                "dice-count",
                f"round {rd.number}: {player} has {small} {kind} on the casinos but owns "
                f"{game.small_dice}, and every die is placed before payout",
                _rule("turn"),
                rd.number,
                player=player,
            )
        if game.big_die and big == 0:
            add(
                "big-die-missing",
                f"round {rd.number}: {player}'s big die is on no casino",
                _rule("big-die"),
                rd.number,
                player=player,
            )
        elif big > 1 and game.big_die:
            add(
                "big-die-count",
                f"round {rd.number}: {player} has {big} big dice on the casinos; a player owns only one",
                _rule("big-die"),
                rd.number,
                big_at,
                player=player,
            )
        elif big and not game.big_die and game.edition is not Edition.ROYALE:  # Royale: reported once
            add(
                "big-die-edition",
                f"round {rd.number}: {player} placed a big die, but this game is played without big dice",
                _rule("big-die"),
                rd.number,
                big_at,
                player=player,
            )
    for casino in rd.casinos:
        for s in casino.stakes:
            if s.bonus and game.edition is not Edition.ROYALE:
                add(
                    "bonus-dice",
                    f"round {rd.number} casino {casino.number}: {s.participant} has dice added "
                    "by a casino tile, which only Royale has",
                    _rule("tile-effects"),
                    rd.number,
                    casino.number,
                )
            if s.participant == HOUSE and s.big:
                add(
                    "house-big-die",
                    f"round {rd.number} casino {casino.number}: the white dice have no big die",
                    _rule("white-dice"),
                    rd.number,
                    casino.number,
                )
    white = sum(s.small for c in rd.casinos for s in c.stakes if s.participant == HOUSE)
    if white and len(game.players) > game.rules.white_dice_max_players:
        add(
            "white-dice-players",
            f"round {rd.number}: white dice on the casinos in a {len(game.players)}-player game",
            _rule("white-dice"),
            rd.number,
        )
    elif white and not game.white_dice:
        add(
            "white-dice-off",
            f"round {rd.number}: {white} white dice on the casinos, but the file says white_dice = false",
            _rule("white-dice"),
            rd.number,
        )
    elif (
        game.white_dice and len(game.players) <= game.rules.white_dice_max_players and white != rules.white_dice_in_play
    ):
        add(
            "white-dice-count",
            f"round {rd.number}: {white} white dice on the casinos; with "
            f"{len(game.players)} players all {rules.white_dice_in_play} are placed every round",
            _rule("white-dice"),
            rd.number,
        )


def _check_round_money(game: Game, rd: Round, supply: _Supply, add: _Report) -> None:
    rules = game.rules
    stocked: Counter[int] = Counter()
    for casino in rd.casinos:
        if not casino.money:
            add(
                "money-missing",
                f"round {rd.number}: casino {casino.number} has no money",
                _rule("setup"),
                rd.number,
                casino.number,
            )
        for finding in check_casino_money(f"round {rd.number}: casino {casino.number}", casino.money, rules):
            add.add(finding, rd.number, casino.number)
        stocked.update(casino.money)
    for tile in rd.tiles:
        for value in tile.money:
            if value not in rules.denominations:
                add(
                    "money-value",
                    f"round {rd.number}: {tile.player} got a {dollars(value)} {rules.money_word} "
                    f"from a tile, but {rules.title} has no such {rules.money_word}",
                    cite(rules.rules_section_money),
                    rd.number,
                )
        stocked.update(tile.money)
    _check_supply(game, rd, stocked, supply, add)
    if rules.cards_per_casino is not None:
        _check_card_order(rd, add)


@dataclass
class _Supply:
    """Notes (cards) seen so far: every one that came out, and those won for good."""

    seen: Counter[int] = field(default_factory=Counter)
    won: Counter[int] = field(default_factory=Counter)
    reported: set[int] = field(default_factory=set)


def _check_supply(game: Game, rd: Round, stocked: Counter[int], supply: _Supply, add: _Report) -> None:
    """More notes of a value than exist.

    While fewer notes have come out than the whole supply, the deck has not run through,
    so no note can have come out twice: count every note seen.  Beyond that, leftovers
    may come back from under the deck, and only notes won (gone for good) plus this
    round's are certain.
    """
    rules = game.rules
    supply.seen.update(stocked)
    deck_not_through = sum(supply.seen.values()) <= rules.supply_count
    for value in sorted(stocked):
        have = rules.supply_of(value)
        if value not in rules.denominations or value in supply.reported:
            continue
        where = max((c.number for c in rd.casinos if value in c.money), default=None)
        if deck_not_through and supply.seen[value] > have:
            add(
                "money-supply",
                f"round {rd.number}: {supply.seen[value]} × {dollars(value)} have come out by "
                f"now, but the game has only {have}",
                cite(rules.rules_section_money),
                rd.number,
                where,
            )
            supply.reported.add(value)
        elif supply.won[value] + stocked[value] > have:
            add(
                "money-supply",
                f"round {rd.number}: {stocked[value]} × {dollars(value)} out this round and "
                f"{supply.won[value]} won before, but the game has only {have}",
                cite(rules.rules_section_money),
                rd.number,
                where,
            )
            supply.reported.add(value)


def _pair_key(casino: Casino) -> tuple[int, int]:
    return sum(casino.money), max(casino.money, default=0)


def _check_card_order(rd: Round, add: _Report) -> None:
    pairs = [c for c in rd.casinos if len(c.money) == 2]
    for low, high in zip(pairs, pairs[1:]):
        if _pair_key(low) > _pair_key(high):
            add(
                "card-order",
                f"round {rd.number}: casino {low.number} has {dollars(sum(low.money))} in cards "
                f"and casino {high.number} only {dollars(sum(high.money))}; pairs are laid out from the "
                "cheapest at casino 1 to the richest at casino 6 (equal sums: the bigger card goes higher)",
                _rule("royale-cards"),
                rd.number,
                high.number,
            )


def _check_chips(game: Game, rd: Round, chips: dict[str, int], add: _Report) -> None:
    rules = game.rules
    spent = dict(rd.chips_spent)
    for player in game.players:
        gained = sum(t.chips for t in rd.tiles if t.player == player)
        available = chips[player] + rules.chips_per_round + gained
        if spent.get(player, 0) > available:
            add(
                "chips-overspent",
                f"round {rd.number}: {player} spent {spent[player]} chips but had at most {available}",
                _rule("chips"),
                rd.number,
                player=player,
                key=f"round {rd.number} chips_spent",
            )
        chips[player] = max(0, available - spent.get(player, 0))
    if rd.chips_kept is not None:
        for player, stated in rd.chips_kept:
            if stated != chips[player]:
                add(
                    "chips-kept",
                    f"round {rd.number}: {player} should hold {chips[player]} chips after the "
                    f"round (2 a round, plus tile chips, minus chips spent), the file says {stated}",
                    _rule("chips"),
                    rd.number,
                    player=player,
                    key=f"round {rd.number} chips_kept",
                )
