"""Running totals, final standings, chips at $10,000 and the notes tie-break."""

from __future__ import annotations

from rulesref.las_vegas.loader import load_game, parse_game
from rulesref.las_vegas.scoring import Decided, rank, replay
from tests.helpers import ROOT

TIE_BREAK = """game = "las-vegas"
players = ["Anna", "Ben", "Carla"]
[[round]]
casino.1 = { money = [90], dice = "Anna=3" }
casino.2 = { money = [50, 40], dice = "Ben=4 Carla=1" }
casino.3 = { money = [60], dice = "Carla=2 Anna=1" }
"""


def test_tie_on_money_goes_to_more_notes() -> None:
    rp = replay(parse_game(TIE_BREAK))
    assert [(s.player, s.total, s.notes, s.place) for s in rp.standings] == [
        ("Carla", 100, 2, 1),
        ("Anna", 90, 1, 2),
        ("Ben", 50, 1, 3),
    ]
    assert rp.decided_by is Decided.MONEY and rp.winners == ("Carla",)
    assert not rp.complete  # one round of four


def test_equal_money_more_notes_wins() -> None:
    text = TIE_BREAK.replace(
        'casino.2 = { money = [50, 40], dice = "Ben=4 Carla=1" }',
        'casino.2 = { money = [50, 40], dice = "Ben=4 Anna=1" }',
    )
    text = text.replace('money = [90], dice = "Anna=3"', 'money = [60], dice = "Anna=3"')
    rp = replay(parse_game(text))
    # Anna: 60 + 40 = 100 in two notes; Carla: 60 in one note; Ben: 50
    assert [(s.player, s.total, s.notes) for s in rp.standings][:2] == [("Anna", 100, 2), ("Carla", 60, 1)]
    text = TIE_BREAK.replace('money = [90], dice = "Anna=3"', 'money = [50, 50], dice = "Anna=3 Ben=2"')
    rp = replay(parse_game(text))
    # Anna 50 (1 note), Ben 50 + 50 (2 notes), Carla 40 + 60 (2 notes): Ben and Carla share
    assert rp.winners == ("Ben", "Carla") and rp.decided_by is Decided.SHARED


def test_notes_tie_break_decides() -> None:
    rows = [("Anna", 200, 3, 0, 200), ("Ben", 200, 4, 0, 200), ("Carla", 100, 9, 0, 100)]
    standings = rank(rows)
    assert [(s.player, s.place) for s in standings] == [("Ben", 1), ("Anna", 2), ("Carla", 3)]


def test_equal_places_are_shared() -> None:
    standings = rank([("A", 100, 2, 0, 100), ("B", 100, 2, 0, 100), ("C", 50, 1, 0, 50)])
    assert [s.place for s in standings] == [1, 1, 3]


def test_royale_chips_count_ten_thousand_each() -> None:
    game = load_game(ROOT / "examples" / "las-vegas-royale.toml")
    rp = replay(game)
    assert rp.complete
    for s in rp.standings:
        assert s.total == s.money + 10 * s.chips
    # round 1: everyone gets 2 chips; Anna, Carla, Denny spend one; Ben wins 2 at Lucky Punch
    first = {s.player: s.chips for s in rp.rounds[0].standings}
    assert first == {"Anna": 1, "Ben": 4, "Carla": 1, "Denny": 1}


def test_tile_money_counts_as_cards() -> None:
    text = """game = "las-vegas"
edition = "royale"
players = ["Anna", "Ben"]
[[round]]
casino.1 = { money = [40, 30], dice = "Anna=7+big" }
casino.2 = { money = [50, 30], dice = "Ben=7+big" }
[[round.tile]]
player = "Ben"
money = [40]
what = "Lucky Punch, 3 tokens"
"""
    rp = replay(parse_game(text))
    assert {s.player: (s.money, s.notes, s.chips, s.total) for s in rp.standings} == {
        "Ben": (90, 2, 2, 110),
        "Anna": (40, 1, 2, 60),
    }


def test_replay_upto_and_running_totals() -> None:
    game = load_game(ROOT / "examples" / "las-vegas-night.toml")
    full = replay(game)
    part = replay(game, upto=2)
    assert len(part.rounds) == 2 and not part.complete and full.complete
    assert part.rounds[1].standings == full.rounds[1].standings
    first = {s.player: s.total for s in full.rounds[0].standings}
    assert first == {"Anna": 40, "Ben": 60, "Carla": 150, "Denny": 30}
    for before, after in zip(full.rounds, full.rounds[1:]):
        b = {s.player: s.total for s in before.standings}
        for s in after.standings:
            assert s.total == b[s.player] + dict(after.won)[s.player]


def test_tie_break_is_cited_only_when_it_decides() -> None:
    assert [c.id for c in replay(parse_game(TIE_BREAK)).citations] == ["las-vegas/end"]
    shared = TIE_BREAK.replace('money = [90], dice = "Anna=3"', 'money = [50, 50], dice = "Anna=3 Ben=2"')
    assert [c.id for c in replay(parse_game(shared)).citations] == ["las-vegas/end", "las-vegas/tie-break"]
