"""Which card to show, against brute force: every deal of my log where the suggestion
reaches me, every card a shower could have picked, and the suggester's envelope odds
before and after each card, all listed on a tiny edition."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from cluesolver.clue.advice.show import choose_card, show_advice, suggestion_of
from cluesolver.clue.engine import count
from cluesolver.clue.engine.brute_force import deals
from cluesolver.clue.engine.sampler import deals_of
from cluesolver.clue.record.constraints import (
    ENVELOPE,
    AtLeastOne,
    Constraint,
    Has,
    Lacks,
    NotEnvelope,
    Puzzle,
    puzzle_of,
)
from cluesolver.clue.record.events import Accusation, GameLog, Suggestion
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.simulate import random_log
from cluesolver.clue.variants import get
from rulesref.core.errors import InputError
from tests.helpers import DATA, tiny_log


def _odds(puzzle: Puzzle) -> list[dict[str, float]]:
    """Each category's envelope odds, by listing every deal."""
    listed = list(deals(puzzle))
    return [{c: sum(d[c] == ENVELOPE for d in listed) / len(listed) for c in cs} for _, cs in puzzle.table.categories]


def brute_force(log: GameLog, statement: str, me: str = "Ann") -> dict[str, tuple[float, float, float]]:
    """Per card I may show: (leak bits, drop bits, chance I hold it), listing every deal."""
    sug = suggestion_of(log, statement)
    to, cards = sug.suggester, sug.cards
    puzzle = puzzle_of(log)
    table = puzzle.table
    i = log.players.index(to)
    order = [log.players[(i + k) % len(log.players)] for k in range(1, len(log.players))]
    between = order[: order.index(me)]
    reach: list[Constraint] = [*(Lacks(p, c) for p in between for c in cards), AtLeastOne(me, cards)]
    public: list[Constraint] = list(reach)
    shown: list[tuple[str, tuple[str, ...], str | None]] = []
    for e in log.events:
        if isinstance(e, Suggestion):
            for r in e.replies:
                if r.passes:
                    public.extend(Lacks(r.player, c) for c in e.cards)
                else:
                    public.append(AtLeastOne(r.player, e.cards))
                    if e.suggester == to:
                        shown.append((r.player, e.cards, r.card))
        elif isinstance(e, Accusation) and not e.correct:
            public.append(NotEnvelope(e.cards))
    mine = list(deals(Puzzle(table, puzzle.constraints + tuple(reach))))
    sums = {c: [0.0, 0.0, 0.0] for c in cards}
    for d in mine:
        options = [[card] if card else [c for c in cs if d[c] == k] for k, cs, card in shown]
        picks = list(itertools.product(*options))
        for pick in picks:
            hand = [c for c in table.cards if d[c] == to]
            view = [*public, *(Has(to, c) for c in hand), *(Lacks(to, c) for c in table.cards if c not in hand)]
            view += [Has(k, c) for (k, _, _), c in zip(shown, pick)]
            before = _odds(Puzzle(table, tuple(view)))
            for c in cards:
                if d[c] != me:
                    continue
                after = _odds(Puzzle(table, (*view, Has(me, c))))
                leak = sum(q * math.log2(q / p[e]) for p, a in zip(before, after) for e, q in a.items() if q > 0)
                entropy = [-sum(x * math.log2(x) for x in o.values() if x > 0) for o in (*before, *after)]
                drop = sum(entropy[: len(before)]) - sum(entropy[len(before) :])
                s = sums[c]
                s[0] += 1 / len(picks)
                s[1] += leak / len(picks)
                s[2] += drop / len(picks)
    return {c: (s[1] / s[0], s[2] / s[0], sum(d[c] == me for d in mine) / len(mine)) for c, s in sums.items() if s[0]}


POSITIONS = [
    # I showed Ben the Red before; Ben asks for it again with the Axe (Cat in between passes)
    (
        "Ann, Ben, Cat",
        "Red, Axe",
        "Ben suggests Red, Bow, Barn; Cat passes; Ann shows Red",
        "Ben suggests Red, Axe, Cellar",
    ),
    # Cat sits right before me: nobody in between; Ben showed Cat a card I did not see
    (
        "Ann, Ben, Cat",
        "Red, Axe",
        "Cat suggests Blue, Bow, Attic; Ann passes; Ben shows",
        "Cat suggests Red, Axe, Attic",
    ),
    # Ben showed Cat a card I did not see, then Cat asks twice
    (
        "Ann, Ben, Cat",
        "Red, Axe",
        "Cat suggests Blue, Bow, Barn; Ann passes; Ben shows\nCat suggests Gray, Bow, Attic; Ann passes; Ben shows",
        "Cat suggests Red, Axe, Attic",
    ),
    # two players: all three of the suggested cards are mine
    ("Ann, Ben", "Red, Axe, Attic", "Ben suggests Gray, Club, Cellar; Ann passes", "Ben suggests Red, Axe, Attic"),
    # a wrong accusation on the table
    ("Ann, Ben, Cat", "Red, Axe", "Cat accuses Blue, Bow, Barn; wrong", "Ben suggests Red, Axe, Barn"),
]


@pytest.mark.parametrize(("players", "cards", "events", "statement"), POSITIONS)
def test_leaks_equal_brute_force(players: str, cards: str, events: str, statement: str) -> None:
    head = f"game: tiny.toml\nplayers: {players}\nme: Ann\nmy cards: {cards}\n\n"
    log = parse_log(head + events, None, DATA / "live")
    want = brute_force(log, statement)
    got = show_advice(log, suggestion_of(log, statement))
    assert got.exact
    assert {c.card for c in got.cards} == set(want)
    for c in got.cards:
        leak, drop, holds = want[c.card]
        assert c.leak_bits == pytest.approx(leak, abs=1e-9)
        assert c.drop_bits == pytest.approx(drop, abs=1e-9)
        assert c.holds == pytest.approx(holds)
    leaks = [round(c.leak_bits, 9) for c in got.cards]
    assert leaks == sorted(leaks)


def test_card_shown_before_comes_first_with_nothing_new() -> None:
    log = tiny_log("Ben suggests Gray, Axe, Barn; Cat passes; Ann shows Axe")
    got = show_advice(log, suggestion_of(log, "Ben suggests Red, Axe, Cellar"))
    assert [c.card for c in got.cards] == ["Axe", "Red"]
    assert got.cards[0].shown_before and got.cards[0].leak_bits == 0.0
    assert got.cards[1].leak_bits > 0
    assert got.passed == ("Cat",)
    assert got.message() == "Show Axe: Ben has seen it from you before (nothing new)."
    assert choose_card(log, suggestion_of(log, "Ben suggests Red, Axe, Cellar")) == "Axe"


def test_one_card_and_none() -> None:
    log = tiny_log()
    one = show_advice(log, suggestion_of(log, "Ben suggests Red, Bow, Cellar"))
    assert [c.card for c in one.cards] == ["Red"]
    assert one.message() == "Show Red: the only one of the three you can show."
    none = show_advice(log, suggestion_of(log, "Ben suggests Blue, Bow, Cellar"))
    assert none.cards == () and none.best is None
    assert none.message() == "You hold none of Blue, Bow, Cellar: pass."
    assert none.to_json()["cards"] == []
    assert choose_card(log, suggestion_of(log, "Ben suggests Blue, Bow, Cellar")) is None


def test_answers_after_the_suggestion_are_ignored_and_errors_are_located() -> None:
    log = tiny_log()
    assert suggestion_of(log, "Ben suggests Red, Axe, Cellar; Cat passes; Ann shows Red").replies == ()
    with pytest.raises(InputError) as bad:
        suggestion_of(log, "Ben suggests Rd, Axe, Cellar")
    assert str(bad.value) == "statement:1:14: unknown card: 'Rd' (did you mean: Red?)"
    with pytest.raises(InputError, match="not a suggestion"):
        suggestion_of(log, "Ben has Red")
    with pytest.raises(InputError, match="Ann made the suggestion"):
        show_advice(log, suggestion_of(log, "Ann suggests Red, Axe, Cellar"))


def test_aliases_and_lost_in_vegas_bets() -> None:
    head = "game: classic\nplayers: Ann, Ben, Cat, Dan\nme: Ann\nmy cards: Miss Scarlet, Rope, Kitchen, Hall, Study\n\n"
    log = parse_log(head + "Cat suggests Plum, Knife, Lounge; Dan shows", None, None)
    got = show_advice(log, suggestion_of(log, "Dan suggests col. mustard with the rope in the kitchen"), samples=20)
    assert got.suggested == ("Colonel Mustard", "Rope", "Kitchen")
    assert {c.card for c in got.cards} == {"Rope", "Kitchen"} and got.passed == ()
    vegas = parse_log(
        "game: lost-in-vegas\nplayers: Ann, Ben\nme: Ann\n"
        f"my cards: {', '.join(_vegas_hand())}\ntable: Jail, Hospital, Pool, Spa\n\n",
        None,
        None,
    )
    who, what, where = _vegas_hand()[:3]
    bet = suggestion_of(vegas, f"Ben bets {who}, {what}, {where}")
    assert bet.suggester == "Ben"
    advice = show_advice(vegas, bet, samples=20)
    assert {c.card for c in advice.cards} == {who, what, where}
    assert all(c.leak_bits >= 0 for c in advice.cards)


def _vegas_hand() -> list[str]:
    """One card of each category, then the rest of a two-player hand of Lost in Vegas."""
    variant = get("lost-in-vegas")
    cats = variant.categories
    first = [cats[0].cards[0], cats[1].cards[0], cats[2].cards[0]]
    size = variant.default_hands(2, 4)[0]
    rest = [c for cat in cats for c in cat.cards[1:]][: size - 3]
    return first + rest


def test_deals_already_drawn_give_the_same_answer() -> None:
    log = tiny_log("Ben suggests Gray, Axe, Barn; Cat passes; Ann shows Axe\nCat suggests Blue, Bow, Attic; Ann passes")
    sug = suggestion_of(log, "Ben suggests Red, Axe, Cellar")
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    drawn = deals_of(puzzle, counts, 100, 0, 2000)
    assert drawn.exact
    assert show_advice(log, sug, deals=drawn, counts=counts) == show_advice(log, sug)


def test_random_positions_of_a_bigger_game_keep_the_rules() -> None:
    rng = random.Random(5)
    variant = get("classic")
    for _ in range(3):
        log, _deal = random_log(variant, 4, 8, rng, accusations=False)
        mine = log.header.my_cards
        cats = variant.categories
        cards = [next((c for c in cat.cards if c in mine), cat.cards[0]) for cat in cats]
        sug = Suggestion(0, "P3", tuple(cards))
        got = show_advice(log, sug, samples=15)
        assert {c.card for c in got.cards} == {c for c in cards if c in mine}
        assert all(c.leak_bits >= 0 and c.holds == 1.0 for c in got.cards)
        leaks = [round(c.leak_bits, 9) for c in got.cards]
        assert leaks == sorted(leaks)
