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
from rulesref.core.i18n import _
from rulesref.las_vegas.editions import GAME_ID, Edition, EditionRules, dollars, money_word, rules_for
from rulesref.las_vegas.model import CASINOS, HOUSE, Casino, Game, Round, Stake
from rulesref.las_vegas.payout import next_start_player, pay_casino, pay_round
from rulesref.las_vegas.tiles import BLACK_DICE, PAYS, PRIME_TIME, TILE_CASINOS, reward_fits


def _rule(local: str) -> Citation:
    return cite(f"{GAME_ID}/{local}")


def check_casino_money(where: str, money: Sequence[int], rules: EditionRules) -> list[Finding]:
    """Findings (not yet located) for the money at one casino (``where``: "casino 3", "this casino")."""
    out: list[Finding] = []
    for value in money:
        if value not in rules.denominations:
            out.append(
                Finding(
                    _("{where}: there is no {money} {word} in {game} (values: {values})").format(
                        where=where,
                        money=dollars(value),
                        word=money_word(rules),
                        game=rules.title,
                        values=", ".join(dollars(v) for v in rules.denominations),
                    ),
                    cite(rules.rules_section_money),
                    code="money-value",
                )
            )
    if rules.cards_per_casino is not None and len(money) != rules.cards_per_casino:
        out.append(
            Finding(
                _("{where} has {n} money card(s); Royale puts exactly {cards} at every casino").format(
                    where=where, n=len(money), cards=rules.cards_per_casino
                ),
                _rule("royale-cards"),
                code="royale-two-cards",
            )
        )
    if rules.minimum_stake is not None and money:
        total = sum(money)
        if total < rules.minimum_stake:
            out.append(
                Finding(
                    _("{where} holds {money}, less than the {least} every casino is stocked to").format(
                        where=where, money=dollars(total), least=dollars(rules.minimum_stake)
                    ),
                    _rule("setup"),
                    code="money-minimum",
                )
            )
        elif rules.overstock_is_checkable and len(money) > 1 and total - max(money) >= rules.minimum_stake:
            out.append(
                Finding(
                    _(
                        "{where} holds {money}: even without its biggest {word} it reaches {least}, "
                        "so drawing would have stopped earlier"
                    ).format(
                        where=where, money=dollars(total), word=money_word(rules), least=dollars(rules.minimum_stake)
                    ),
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
            said = _("{where}: the white dice have no big die").format(where=where)
            out.append(Finding(said, _rule("white-dice"), code="house-big-die"))
        elif s.big and not rules.big_die:
            out.append(
                Finding(
                    _(
                        "{where}: {player} has a big die, but {game} has none (it comes with Boulevard and Royale)"
                    ).format(where=where, player=s.participant, game=rules.title),
                    _rule("big-die"),
                    code="big-die-edition",
                )
            )
        elif s.big > 1:
            out.append(
                Finding(
                    _("{where}: {player} has {n} big dice; a player owns only one").format(
                        where=where, player=s.participant, n=s.big
                    ),
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
            _("{game} is for {low} to {high} players, this game has {n}").format(
                game=rules.title, low=rules.min_players, high=rules.max_players, n=n
            ),
            _rule("boulevard" if game.edition is Edition.BOULEVARD else "base"),
            key="players",
        )
    if len(game.rounds) != rules.rounds:
        add(
            "round-count",
            _("{game} lasts {rounds} rounds, this game has {n}").format(
                game=rules.title, rounds=rules.rounds, n=len(game.rounds)
            ),
            _rule("end"),
            key="game",
        )
    if game.white_dice and n > rules.white_dice_max_players:
        add(
            "white-dice-players",
            _("white dice are only used with 2 to {high} players, this game has {n}").format(
                high=rules.white_dice_max_players, n=n
            ),
            _rule("white-dice"),
            key="white_dice",
        )
    if game.big_die and game.edition is Edition.BASE:
        add(
            "big-die-edition",
            _("the base game has no big die (it comes with Boulevard and Royale)"),
            _rule("big-die"),
            key="big_die",
        )
    if not game.big_die and game.edition is Edition.ROYALE:
        add(
            "big-die-edition",
            _("every Royale player has a big die; big_die = false does not fit Royale"),
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
                        _(
                            "round {n} should be started by {player}, the player who took the best card at the "
                            "highest casino where a player won, not {start}"
                        ).format(n=rd.number, player=expected, start=rd.start),
                        _rule("start-player"),
                        rd.number,
                        key=f"round {rd.number} start",
                    )
            previous = payouts
        else:
            if any(rd.chips_spent) or rd.chips_kept:
                add(
                    "chips-edition",
                    _("chips exist only in Royale"),
                    _rule("chips"),
                    rd.number,
                    key=f"round {rd.number} chips_spent",
                )
            if rd.tiles:
                add(
                    "tiles-edition",
                    _("casino tiles exist only in Royale"),
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
    hint = _('if you played Boulevard (6 to 8 players, big dice, {money} notes), write edition = "boulevard"').format(
        money=dollars(100)
    )
    return (*findings[:first], replace(f, message=f"{f.message}; {hint}"), *findings[first + 1 :])


def _check_round_dice(game: Game, rd: Round, add: _Report) -> None:
    rules = game.rules
    present = {c.number for c in rd.casinos}
    missing = [str(n) for n in CASINOS if n not in present]
    if missing:
        said = (
            _("round {n}: casino {casinos} is missing (every casino is stocked each round)")
            if len(missing) == 1
            else _("round {n}: casinos {casinos} are missing (every casino is stocked each round)")
        )
        add(
            "casino-missing",
            said.format(n=rd.number, casinos=", ".join(missing)),
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
            said = (
                _(
                    "round {n}: {player} has {count} small dice on the casinos but owns {owns}, "
                    "and every die is placed before payout"
                )
                if game.big_die
                else _(
                    "round {n}: {player} has {count} dice on the casinos but owns {owns}, "
                    "and every die is placed before payout"
                )
            )
            add(
                "dice-count",
                said.format(n=rd.number, player=player, count=small, owns=game.small_dice),
                _rule("turn"),
                rd.number,
                player=player,
            )
        if game.big_die and big == 0:
            add(
                "big-die-missing",
                _("round {n}: {player}'s big die is on no casino").format(n=rd.number, player=player),
                _rule("big-die"),
                rd.number,
                player=player,
            )
        elif big > 1 and game.big_die:
            add(
                "big-die-count",
                _("round {n}: {player} has {count} big dice on the casinos; a player owns only one").format(
                    n=rd.number, player=player, count=big
                ),
                _rule("big-die"),
                rd.number,
                big_at,
                player=player,
            )
        elif big and not game.big_die and game.edition is not Edition.ROYALE:  # Royale: reported once
            add(
                "big-die-edition",
                _("round {n}: {player} placed a big die, but this game is played without big dice").format(
                    n=rd.number, player=player
                ),
                _rule("big-die"),
                rd.number,
                big_at,
                player=player,
            )
    for casino in rd.casinos:
        where = _("round {n} casino {casino}").format(n=rd.number, casino=casino.number)
        for finding in check_stakes(where, casino.stakes, rules):
            if finding.code == "house-big-die":  # the player's big dice are counted over the round above
                add.add(finding, rd.number, casino.number)
        for s in casino.stakes:
            if s.bonus and game.edition is not Edition.ROYALE:
                add(
                    "bonus-dice",
                    _(
                        "round {n} casino {casino}: {player} has dice added by a casino tile, which only Royale has"
                    ).format(n=rd.number, casino=casino.number, player=s.participant),
                    _rule("tile-effects"),
                    rd.number,
                    casino.number,
                )
    white = sum(s.small for c in rd.casinos for s in c.stakes if s.participant == HOUSE)
    if white and len(game.players) > game.rules.white_dice_max_players:
        add(
            "white-dice-players",
            _("round {n}: white dice on the casinos in a {players}-player game").format(
                n=rd.number, players=len(game.players)
            ),
            _rule("white-dice"),
            rd.number,
        )
    elif white and not game.white_dice:
        add(
            "white-dice-off",
            _("round {n}: {count} white dice on the casinos, but the file says white_dice = false").format(
                n=rd.number, count=white
            ),
            _rule("white-dice"),
            rd.number,
        )
    elif (
        game.white_dice and len(game.players) <= game.rules.white_dice_max_players and white != rules.white_dice_in_play
    ):
        add(
            "white-dice-count",
            _(
                "round {n}: {count} white dice on the casinos; with {players} players all {all} are placed every round"
            ).format(n=rd.number, count=white, players=len(game.players), all=rules.white_dice_in_play),
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
                _("round {n}: casino {casino} has no money").format(n=rd.number, casino=casino.number),
                _rule("setup"),
                rd.number,
                casino.number,
            )
        where = _("round {n}: casino {casino}").format(n=rd.number, casino=casino.number)
        for finding in check_casino_money(where, casino.money, rules):
            add.add(finding, rd.number, casino.number)
        stocked.update(casino.money)
    for tile in rd.tiles:
        for value in tile.money:
            if value not in rules.denominations:
                add(
                    "money-value",
                    _("round {n}: {player} got a {money} {word} from a tile, but {game} has no such {word}").format(
                        n=rd.number,
                        player=tile.player,
                        money=dollars(value),
                        word=money_word(rules),
                        game=rules.title,
                    ),
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
            message = _("{seen} × {money} have come out by now, but the game has only {have}").format(
                seen=seen, money=dollars(value), have=have
            )
        elif supply.won[value] + stocked[value] > have:
            message = _("{out} × {money} out this round and {won} won before, but the game has only {have}").format(
                out=stocked[value], money=dollars(value), won=supply.won[value], have=have
            )
        elif royale and seen - back > have:
            message = _(
                "{seen} × {money} have come out by now and at most {back} of them were leftovers come back, "
                "but the game has only {have}"
            ).format(seen=seen, money=dollars(value), back=back, have=have)
        else:
            continue
        said = _("round {n}: {message}").format(n=rd.number, message=message)
        add("money-supply", said, cite(rules.rules_section_money), rd.number, where)
        supply.reported.add(value)


def _pair_key(casino: Casino) -> tuple[int, int]:
    return sum(casino.money), max(casino.money, default=0)


def _check_card_order(rd: Round, add: _Report) -> None:
    pairs = [c for c in rd.casinos if len(c.money) == 2]
    for low, high in zip(pairs, pairs[1:]):
        if _pair_key(low) > _pair_key(high):
            add(
                "card-order",
                _(
                    "round {n}: casino {low} has {low_money} in cards and casino {high} only {high_money}; "
                    "pairs are laid out from the cheapest at casino 1 to the richest at casino 6 "
                    "(equal sums: the bigger card goes higher)"
                ).format(
                    n=rd.number,
                    low=low.number,
                    low_money=dollars(sum(low.money)),
                    high=high.number,
                    high_money=dollars(sum(high.money)),
                ),
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
                _("round {n}: {player} spent {spent} chips but had at most {available}").format(
                    n=rd.number, player=player, spent=spent[player], available=available
                ),
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
                    _(
                        "round {n}: {player} should hold {chips} chips after the round "
                        "(2 a round, plus tile chips, minus chips spent), the file says {stated}"
                    ).format(n=rd.number, player=player, chips=chips[player], stated=stated),
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
        name = tile.tile or _("a tile")
        if tile.casino is not None and tile.casino not in TILE_CASINOS:
            add(
                "tile-casino",
                _("round {n}: {tile} beside casino {casino}, but tiles lie beside casinos 1 to 3 only").format(
                    n=rd.number, tile=name, casino=tile.casino
                ),
                _rule("casino-tiles"),
                rd.number,
                key=key,
            )
        elif tile.casino is not None and tile.tile:
            first = placed.setdefault(tile.casino, (tile.tile, n))
            if first[0] != tile.tile:
                add(
                    "tile-twice",
                    _(
                        "round {n}: {tile} and {other} (result {result}) both beside casino {casino}; "
                        "each casino has one tile a round"
                    ).format(n=rd.number, tile=tile.tile, other=first[0], result=first[1], casino=tile.casino),
                    _rule("casino-tiles"),
                    rd.number,
                    key=key,
                )
        if tile.tile and not reward_fits(tile.tile, tile.money, tile.chips):
            paid = [dollars(sum(tile.money))] if tile.money else []
            paid += [_("{n} chip(s)").format(n=tile.chips)] if tile.chips else []
            add(
                "tile-reward",
                _("round {n}: {player} got {paid} from {tile}, which pays {pays}").format(
                    n=rd.number,
                    player=tile.player,
                    paid=_(" and ").join(paid),
                    tile=tile.tile,
                    pays=PAYS[tile.tile].words,
                ),
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
                _(
                    "but no Prime Time result of theirs is written for this round (bonus dice are its {n} black dice)"
                ).format(n=BLACK_DICE)
                if not mine
                else _("but {n} Prime Time result(s) give at most {most} black dice").format(
                    n=mine, most=BLACK_DICE * mine
                )
            )
            add(
                "bonus-dice-tile",
                _("round {n}: {player} has {bonus} bonus dice on the casinos, {why}").format(
                    n=rd.number, player=player, bonus=bonus, why=why
                ),
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
            who = (
                _("{player} led there").format(player=leader)
                if leader not in (None, HOUSE)
                else _("no player led there")
            )
            add(
                "prime-time-player",
                _(
                    "round {n}: Prime Time at casino {casino} is rolled by whoever leads there just before payout; "
                    "{who}, not {player}"
                ).format(n=rd.number, casino=casino.number, who=who, player=tile.player),
                _rule("tile-effects"),
                rd.number,
                casino.number,
                player=tile.player,
                key=f"round {rd.number} tile {n}",
            )
