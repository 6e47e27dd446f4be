"""Self-play, tiny: the code path of the benchmark runs and its figures make sense."""

from __future__ import annotations

import random

from cluesolver.clue import selfplay
from cluesolver.clue.log import parse_log


def test_baseline_never_names_a_card_it_has_seen() -> None:
    log = parse_log(
        "game: classic\nplayers: Ann, Ben, Cat\nme: Ann\n"
        "my cards: Scarlet, Mustard, White, Green, Peacock, Rope\n\n"
        "Ann suggests Plum, Knife, Hall; Ben shows Knife\n"
    )
    rng = random.Random(3)
    for _ in range(50):
        cards = selfplay.baseline(log, "Ann", rng)
        assert cards[0] == "Professor Plum"  # the only suspect Ann has not seen
        assert cards[1] not in ("Rope", "Knife")


def test_one_game_each_reaches_certainty() -> None:
    results = [
        selfplay.play("baseline", selfplay.baseline, 11),
        selfplay.play("advisor", selfplay.advisor_strategy(), 11),
    ]
    for r in results:
        assert r.own_suggestions is not None and 1 <= r.own_suggestions <= r.turns
    summary = {s.strategy: s for s in selfplay.summarise(results)}
    assert summary["baseline"].games == 1 and summary["advisor"].solved == 1
    assert summary["advisor"].mean == results[1].own_suggestions


def test_a_game_is_reproducible() -> None:
    assert selfplay.play("baseline", selfplay.baseline, 5) == selfplay.play("baseline", selfplay.baseline, 5)


def test_a_whole_table_keeps_one_notebook_per_seat() -> None:
    result = selfplay.play_table("baseline", selfplay.baseline, 4)
    assert len(result.own_suggestions) == 4
    assert all(n is not None and n >= 1 for n in result.own_suggestions)
    # Every seat takes a turn in order, so no seat can have made more than its share.
    assert all(n <= (result.turns + 3) // 4 for n in result.own_suggestions if n is not None)
    mixed = selfplay.play_table("one seat", [selfplay.advisor_strategy()] + [selfplay.baseline] * 3, 4)
    assert mixed.own_suggestions[0] is not None
