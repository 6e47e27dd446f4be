"""Play whole games by the rules with random dice: example files and test material.

Every game this produces follows the rules the checker knows, so the checker must find no
problem in it; the tests plant errors into such games and expect exactly those back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rulesref.las_vegas.editions import Edition, rules_for
from rulesref.las_vegas.model import CASINOS, HOUSE, Casino, Game, Round, Stake, TileReward
from rulesref.las_vegas.payout import next_start_player, pay_round
from rulesref.las_vegas.tiles import TILE_CASINOS

#: White dice each player gets, by number of players; the rest of the 8 are rolled at round start.
WHITE_PER_PLAYER = {2: 4, 3: 2, 4: 2}


def _deck(edition: Edition, rng: random.Random) -> list[int]:
    deck = [v for v, n in rules_for(edition).supply for _ in range(n)]
    rng.shuffle(deck)
    return deck


def _stock(edition: Edition, deck: list[int]) -> list[tuple[int, ...]]:
    rules = rules_for(edition)
    if rules.cards_per_casino is not None:
        pairs = [tuple(sorted((deck.pop(), deck.pop()), reverse=True)) for _ in CASINOS]
        pairs.sort(key=lambda p: (sum(p), max(p)))
        return pairs
    out = []
    for _ in CASINOS:
        notes: list[int] = []
        while sum(notes) < (rules.minimum_stake or 50):
            notes.append(deck.pop())
        out.append(tuple(notes))
    return out


def _choose(
    rng: random.Random,
    player: str,
    values: list[int],
    rolled: dict[str, list[int]],
    money: list[tuple[int, ...]],
    placed: dict[int, dict[str, list[int]]],
) -> int:
    """A plausible table choice: go where you would lead for big money, with some whim."""

    def appeal(value: int) -> float:
        mine = placed[value].get(player, [0, 0])
        count = mine[0] + 2 * mine[1] + rolled["small"].count(value) + 2 * rolled["big"].count(value)
        best_other = max((s + 2 * b for who, (s, b) in placed[value].items() if who != player), default=0)
        lead = 1.0 if count > best_other else 0.3
        return max(money[value - 1]) * lead + rng.uniform(0, 40)

    return max(sorted(set(values)), key=appeal)


def simulate(
    edition: Edition,
    players: Sequence[str],
    seed: int = 0,
    *,
    white_dice: bool | None = None,
    tiles: bool = False,
    title: str = "",
) -> Game:
    """A complete, rule-abiding game with random rolls and random (legal) choices."""
    rng = random.Random(seed)
    rules = rules_for(edition)
    n = len(players)
    white = (n <= rules.white_dice_max_players and edition is not Edition.ROYALE) if white_dice is None else white_dice
    big = rules.big_die
    deck = _deck(edition, rng)
    chips = dict.fromkeys(players, 0)
    start = players[0]
    rounds: list[Round] = []
    for number in range(1, rules.rounds + 1):
        money = _stock(edition, deck)
        placed: dict[int, dict[str, list[int]]] = {c: {} for c in CASINOS}  # casino -> who -> [small, big]

        def put(casino: int, who: str, small: int, bigs: int) -> None:
            cell = placed[casino].setdefault(who, [0, 0])  # noqa: B023 (called within this round)
            cell[0] += small
            cell[1] += bigs

        hands = {
            p: {
                "small": rules.dice_per_player - (1 if big else 0),
                "big": 1 if big else 0,
                "white": WHITE_PER_PLAYER.get(n, 0) if white else 0,
            }
            for p in players
        }
        if white:
            extra = rules.white_dice_in_play - WHITE_PER_PLAYER.get(n, 0) * n
            for _ in range(extra):
                put(rng.randint(1, 6), HOUSE, 1, 0)
        spent = dict.fromkeys(players, 0)
        if edition is Edition.ROYALE:
            for p in players:
                chips[p] += rules.chips_per_round
        order = list(players)
        i = order.index(start)
        order = order[i:] + order[:i]
        while any(h["small"] + h["big"] + h["white"] for h in hands.values()):
            for p in order:
                h = hands[p]
                if not h["small"] + h["big"] + h["white"]:
                    continue
                rolled = {k: [rng.randint(1, 6) for _ in range(h[k])] for k in ("small", "big", "white")}
                if edition is Edition.ROYALE and chips[p] > 0 and rng.random() < 0.08:
                    chips[p] -= 1
                    spent[p] += 1
                    continue
                own = rolled["small"] + rolled["big"]
                value = _choose(rng, p, own or rolled["white"], rolled, money, placed)
                s, b, w = (rolled[k].count(value) for k in ("small", "big", "white"))
                if s or b:
                    put(value, p, s, b)
                if w:
                    put(value, HOUSE, w, 0)
                h["small"] -= s
                h["big"] -= b
                h["white"] -= w
        casinos = tuple(
            Casino(c, money[c - 1], tuple(Stake(who, sm, bg) for who, (sm, bg) in placed[c].items())) for c in CASINOS
        )
        payouts = pay_round(casinos, rules)
        for payout in payouts:  # leftovers go under the pile
            deck[:0] = list(payout.leftovers)
        rewards: list[TileReward] = []
        if tiles and edition is Edition.ROYALE:
            beside = dict(zip(rng.sample(TILE_CASINOS, 2), ("Lucky Punch", "Jackpot")))
            for _ in range(rng.randint(0, 2)):
                who = rng.choice(list(players))
                casino = rng.choice(sorted(beside))
                if beside[casino] == "Lucky Punch":
                    rewards.append(
                        TileReward(
                            who, chips=2, what="Lucky Punch: 1 token, wrong guess", tile="Lucky Punch", casino=casino
                        )
                    )
                    chips[who] += 2
                else:
                    value = rng.choice([30, 40])
                    if value in deck:
                        deck.remove(value)
                        rewards.append(TileReward(who, money=(value,), what="Jackpot", tile="Jackpot", casino=casino))
        rounds.append(
            Round(
                number=number,
                casinos=casinos,
                chips_spent=tuple((p, v) for p, v in spent.items() if v),
                tiles=tuple(rewards),
                start=start if number > 1 and edition is Edition.ROYALE else None,
            )
        )
        if edition is Edition.ROYALE:
            start = next_start_player(payouts) or start
    return Game(
        edition=edition, players=tuple(players), rounds=tuple(rounds), white_dice=white, big_die=big, title=title
    )
