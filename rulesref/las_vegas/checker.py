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
from rulesref.las_vegas.editions import GAME_ID, Edition, EditionRules, dollars, rules_for
from rulesref.las_vegas.model import CASINOS, HOUSE, Casino, Game, Round, Stake
from rulesref.las_vegas.payout import next_start_player, pay_casino, pay_round
from rulesref.las_vegas.tiles import BLACK_DICE, PAYS, PRIME_TIME, TILE_CASINOS, reward_fits


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


def check_stakes(where: str, stakes: Sequence[Stake], rules: EditionRules) -> list[Finding]:
    """Findings (not yet located) for dice no table can have at one casino.

    A big die in an edition without big dice, more than one big die for one participant,
    a big die among the white dice.  The file checker also counts dice over the whole
    round; this is what one casino on its own shows.
    """
    out: list[Finding] = []
    for s in stakes:
        if s.participant == HOUSE and s.big:
            out.append(Finding(f"{where}: the white dice have no big die", _rule("white-dice"), code="house-big-die"))
        elif s.big and not rules.big_die:
            out.append(
                Finding(
                    f"{where}: {s.participant} has a big die, but {rules.title} has none "
                    "(it comes with Boulevard and Royale)",
                    _rule("big-die"),
                    code="big-die-edition",
                )
            )
        elif s.big > 1:
            out.append(
                Finding(
                    f"{where}: {s.participant} has {s.big} big dice; a player owns only one",
                    _rule("big-die"),
                    code="big-die-count",
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
            _check_tiles(game, rd, add)
            payouts = pay_round(rd.casinos, rules)
            if rd.start is not None and previous is not None:
                expected = next_start_player(previous)
                if expected is not None and expected != rd.start:
                    add(
                        "start-player",
                        f"round {rd.number} should be started by {expected}, the player who took the "
                        f"best card at the highest casino where a player won, not {rd.start}",
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
        for paid in pay_round(rd.casinos, rules):
            supply.won.update(value for _, value in paid.awards)  # the house's notes leave play too
            supply.returned.update(paid.leftovers)
        for tile in rd.tiles:
            for value in tile.money:
                supply.won[value] += 1
    findings = _boulevard_hint(game, tuple(sorted(add.findings, key=lambda f: f.line or 0)))
    summary = {
        "edition": game.edition.value,
        "title": rules.title,
        "players": len(game.players),
        "rounds": len(game.rounds),
        "rounds_in_game": rules.rounds,
    }
    return CheckReport(game=GAME_ID, path=game.source, findings=findings, summary=summary)


#: Findings a base-game file has when it was really a Boulevard game.
_BOULEVARD_CODES = ("player-count", "big-die-edition", "money-value")
BOULEVARD_HINT = 'if you played Boulevard (6 to 8 players, big dice, $100,000 notes), write edition = "boulevard"'


def _boulevard_hint(game: Game, findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """Say once, on the first finding it explains, that a base game with Boulevard's things may be Boulevard.

    A base game with 6 to 8 players, ``big_die = true`` or a $100,000 note gets many findings
    that one line at the top of the file would clear; the first of them says so (a stray big
    die alone is more likely a slip of the pen).
    """
    if game.edition is not Edition.BASE:
        return findings
    boulevard = rules_for(Edition.BOULEVARD)
    extra = set(boulevard.denominations) - set(game.rules.denominations)
    fits = (
        game.rules.max_players < len(game.players) <= boulevard.max_players
        or game.big_die
        or any(v in extra for rd in game.rounds for c in rd.casinos for v in c.money)
    )
    first = next((i for i, f in enumerate(findings) if f.code in _BOULEVARD_CODES), None)
    if not fits or first is None:
        return findings
    f = findings[first]
    return (*findings[:first], replace(f, message=f"{f.message}; {BOULEVARD_HINT}"), *findings[first + 1 :])


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
        where = f"round {rd.number} casino {casino.number}"
        for finding in check_stakes(where, casino.stakes, rules):
            if finding.code == "house-big-die":  # the player's big dice are counted over the round above
                add.add(finding, rd.number, casino.number)
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
    """Notes (cards) seen so far: every one that came out, those won for good, leftovers put back."""

    seen: Counter[int] = field(default_factory=Counter)
    won: Counter[int] = field(default_factory=Counter)
    returned: Counter[int] = field(default_factory=Counter)
    reported: set[int] = field(default_factory=set)


def _check_supply(game: Game, rd: Round, stocked: Counter[int], supply: _Supply, add: _Report) -> None:
    """More notes (cards) of a value than exist.

    Notes won (by a player or the white dice) are gone for good, so those plus this round's
    must exist.  In the base game and Boulevard leftover notes are discarded or go under the
    deck, so while fewer notes have come out than the whole supply no note can have come out
    twice: every note seen counts.  Royale puts leftover cards under the pile, from where
    they can come out again (a tile may pay one from the bank): every card seen counts
    except as many as were put back in earlier rounds.
    """
    rules = game.rules
    supply.seen.update(stocked)
    deck_not_through = sum(supply.seen.values()) <= rules.supply_count
    royale = game.edition is Edition.ROYALE
    for value in sorted(stocked):
        have = rules.supply_of(value)
        if value not in rules.denominations or value in supply.reported:
            continue
        where = max((c.number for c in rd.casinos if value in c.money), default=None)
        seen, back = supply.seen[value], supply.returned[value]
        if not royale and deck_not_through and seen > have:
            message = f"{seen} × {dollars(value)} have come out by now, but the game has only {have}"
        elif supply.won[value] + stocked[value] > have:
            message = (
                f"{stocked[value]} × {dollars(value)} out this round and {supply.won[value]} won before, "
                f"but the game has only {have}"
            )
        elif royale and seen - back > have:
            message = (
                f"{seen} × {dollars(value)} have come out by now and at most {back} of them were leftovers "
                f"come back, but the game has only {have}"
            )
        else:
            continue
        add("money-supply", f"round {rd.number}: {message}", cite(rules.rules_section_money), rd.number, where)
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


def _check_tiles(game: Game, rd: Round, add: _Report) -> None:
    """Royale tile results: beside casinos 1 to 3, one tile per casino, rewards the tile can pay,
    bonus dice only from Prime Time (two black dice), Prime Time for the one leading its casino."""
    placed: dict[int, tuple[str, int]] = {}  # casino -> (tile, result number) first written there
    for n, tile in enumerate(rd.tiles, 1):
        key = f"round {rd.number} tile {n}"
        name = tile.tile or "a tile"
        if tile.casino is not None and tile.casino not in TILE_CASINOS:
            add(
                "tile-casino",
                f"round {rd.number}: {name} beside casino {tile.casino}, but tiles lie beside casinos 1 to 3 only",
                _rule("casino-tiles"),
                rd.number,
                key=key,
            )
        elif tile.casino is not None and tile.tile:
            first = placed.setdefault(tile.casino, (tile.tile, n))
            if first[0] != tile.tile:
                add(
                    "tile-twice",
                    f"round {rd.number}: {tile.tile} and {first[0]} (result {first[1]}) both beside casino "
                    f"{tile.casino}; each casino has one tile a round",
                    _rule("casino-tiles"),
                    rd.number,
                    key=key,
                )
        if tile.tile and not reward_fits(tile.tile, tile.money, tile.chips):
            paid = [dollars(sum(tile.money))] if tile.money else []
            paid += [f"{tile.chips} chip(s)"] if tile.chips else []
            add(
                "tile-reward",
                f"round {rd.number}: {tile.player} got {' and '.join(paid)} from {tile.tile}, "
                f"which pays {PAYS[tile.tile].words}",
                _rule("tile-effects"),
                rd.number,
                player=tile.player,
                key=key,
            )
    _check_prime_time(game, rd, add)


def _check_prime_time(game: Game, rd: Round, add: _Report) -> None:
    rules = game.rules
    primes = [(n, t) for n, t in enumerate(rd.tiles, 1) if t.tile == PRIME_TIME]
    for player in game.players:
        bonus = sum(s.bonus for c in rd.casinos for s in c.stakes if s.participant == player)
        mine = sum(1 for _, t in primes if t.player == player)
        if bonus > BLACK_DICE * mine:
            why = (
                f"but no Prime Time result of theirs is written for this round (bonus dice are its {BLACK_DICE} "
                "black dice)"
                if not mine
                else f"but {mine} Prime Time result(s) give at most {BLACK_DICE * mine} black dice"
            )
            add(
                "bonus-dice-tile",
                f"round {rd.number}: {player} has {bonus} bonus dice on the casinos, {why}",
                _rule("tile-effects"),
                rd.number,
                player=player,
            )
    for n, tile in primes:
        casino = rd.casino(tile.casino) if tile.casino in TILE_CASINOS else None
        if casino is None:
            continue
        own = [Stake(s.participant, s.small, s.big) for s in casino.stakes]
        leader = next(
            (e.participant for e in pay_casino(casino.number, casino.money, own, rules).entries if e.place == 1), None
        )
        if leader != tile.player:
            who = f"{leader} led there" if leader not in (None, HOUSE) else "no player led there"
            add(
                "prime-time-player",
                f"round {rd.number}: Prime Time at casino {casino.number} is rolled by whoever leads there just "
                f"before payout; {who}, not {tile.player}",
                _rule("tile-effects"),
                rd.number,
                casino.number,
                player=tile.player,
                key=f"round {rd.number} tile {n}",
            )
