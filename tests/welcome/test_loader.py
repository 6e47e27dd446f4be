"""Reading Welcome to New Las Vegas table files: every problem at once, located by line."""

from __future__ import annotations

import pytest

from rulesref.core.errors import InputError, Problem
from rulesref.welcome import load_table, parse_table
from rulesref.welcome.acme_file import parse_effect
from rulesref.welcome.model import BankVote, Claim, Colour, Effect
from tests.helpers import ROOT
from tests.welcome.tables import ACME, HEAD, messages, sheet

EXAMPLES = ROOT / "examples"

GOOD = """game = "welcome-to-new-las-vegas"

[[project]]
colour = "pink"
high = 10
low = 5

[[player]]
name = "Ana"
bank = "loan"
streets = ["1 3", "2 x", "c 5", "=7 7"]
street-bonus = [6, 7, 8, 9]
projects = { pink = { claim = "high", turn = 3 } }
hotels = { large = { built = 1, value = 12 } }
limo = { vip = { opened = 1, value = 4 }, missing-lines = 1, penalty = -3 }
shows = [9, { value = 2, boxes = 1, debts = 2 }]
"""
BO = """
[[player]]
name = "Bo"
bank = "refuse"
streets = ["1", "2", "3", "4"]
street-bonus = [1, 2, 3, 4]
"""
ANA = GOOD  # one sheet: a solo game once an [acme] table is added
GOOD = ANA + BO


def problems(text: str) -> list[Problem]:
    with pytest.raises(InputError) as info:
        parse_table(text, path="t.toml")
    return info.value.problems()


def test_good_file_reads_every_value() -> None:
    table = parse_table(GOOD)
    ana, _ = table.players
    assert ana.bank is BankVote.LOAN
    assert ana.projects[0].colour is Colour.PINK and ana.projects[0].claim is Claim.HIGH
    assert ana.projects[0].turn == 3
    assert ana.hotels.large.points == 12
    assert (ana.limo.vip.opened, ana.limo.missing_lines, ana.limo.penalty) == (1, 1, -3)
    assert [c.value for c in ana.shows] == [9, 2]
    assert ana.streets[3][0].extended
    assert table.project(Colour.PINK).high == 10  # type: ignore[union-attr]
    assert ana.line == 8


def test_examples_load() -> None:
    for path in EXAMPLES.glob("welcome-*.toml"):
        assert load_table(path).players


def test_toml_syntax_error_keeps_line_and_column() -> None:
    (p,) = problems('game = "welcome"\n[[player]\n')
    assert (p.line, p.column) == (2, 9)
    assert p.message.startswith("not valid TOML")


def test_every_problem_reported_at_once_with_lines_and_choices() -> None:
    text = (
        GOOD.replace('bank = "loan"', 'bank = "lone"')
        .replace("hotels =", "hotel =")
        .replace('"=7 7"]', '"=7 q"]')
        .replace("penalty = -3", "penalty = 3")
    )
    found = problems(text)
    by_text = {p.message: p for p in found}
    assert len(found) == 4
    bank = next(p for p in found if "'bank'" in p.message)
    assert (bank.line, bank.text, bank.choices) == (10, "lone", ("loan",))
    hotel = next(p for p in found if p.text == "hotel")
    assert (hotel.line, hotel.choices) == (14, ("hotels",))
    street = next(p for p in found if "'q' is not a casino" in p.message)
    assert street.line == 11
    penalty = next(p for p in found if "'penalty'" in p.message)
    assert "cannot be above 0" in penalty.message and penalty.line == 15
    assert all(p.path == "t.toml" for p in by_text.values())


def test_missing_bank_vote_unless_first_game() -> None:
    text = GOOD.replace('bank = "loan"\n', "")
    (p,) = problems(text)
    assert "'bank' is missing" in p.message and p.line == 8
    assert parse_table(
        text.replace('game = "welcome-to-new-las-vegas"', 'game = "welcome-to-new-las-vegas"\nfirst-game = true')
    ).first_game


def test_value_required_once_something_is_counted() -> None:
    found = problems(GOOD.replace(", value = 12", ""))
    assert [p.message for p in found] == ["player 'Ana' hotels large: 'value' is missing"]
    assert found[0].line == 14


def test_wrong_game_street_count_and_bonus_list() -> None:
    text = (
        GOOD.replace('game = "welcome-to-new-las-vegas"', 'game = "lords-of-vegas"')
        .replace('"=7 7"]', "]")
        .replace("[6, 7, 8, 9]", "[6, 7]")
    )
    messages = [p.message for p in problems(text)]
    assert any("'game' should be \"welcome-to-new-las-vegas\"" in m for m in messages)
    assert any("a city has 4 streets, this lists 3" in m for m in messages)
    assert any("'street-bonus' should list the 4 street bonuses" in m for m in messages)


def test_unknown_project_colour_and_claim() -> None:
    found = problems(GOOD.replace('pink = { claim = "high", turn = 3 }', 'pinkk = "high", yellow = "first"'))
    assert [(p.message, p.text, p.choices) for p in found] == [
        ("player 'Ana': 'pinkk' is not a project colour", None, ("pink",)),
        ("player 'Ana': 'yellow' should be one of high, low, done", "first", ()),
    ]


def test_claim_without_project_values() -> None:
    found = problems(GOOD.replace('pink = { claim = "high", turn = 3 }', 'yellow = "low"'))
    assert [p.message for p in found] == [
        'a player scored the yellow project but there is no [[project]] with colour = "yellow" '
        "giving its high and low values"
    ]


def test_duplicate_names_and_unknown_first() -> None:
    text = GOOD.replace("low = 5", 'low = 5\nfirst = ["Anna"]') + GOOD[GOOD.index("[[player]]") :]
    messages = [(p.message, p.choices) for p in problems(text)]
    assert ("project pink: 'first' names an unknown player", ("Ana",)) in messages
    assert any("'name' is used by two players" in m for m, _ in messages)


def test_solo_needs_exactly_one_player() -> None:
    acme = '\n[acme]\nstack = "C C"\nbank-threshold = 11\nhidden-card = 4\n[acme.values]\n' + "".join(
        f"{d} = [1, 2, 3]\n" for d in ("inauguration", "shows", "hotels", "streets", "golf", "limo")
    )
    assert parse_table(ANA + acme).solo
    two = GOOD + acme
    assert any("exactly one player" in p.message for p in problems(two))
    named = ANA.replace('name = "Ana"', 'name = "acme"') + acme
    assert [p.message for p in problems(named)] == [
        "player 'acme': 'name' cannot be ACME in a solo game: ACME is the opponent"
    ]


def test_acme_stack_and_values_problems() -> None:
    acme = '\n[acme]\nstack = "C i Q"\nbank-threshold = 11\nhidden-card = 40\n[acme.values]\nshows = [1, 2]\n'
    messages = [p.message for p in problems(ANA + acme)]
    assert sum("has a card that is not an effect" in m for m in messages) == 2
    assert any("'hidden-card' cannot be above 15" in m for m in messages)
    assert sum("should be [basic, improved, threshold]" in m for m in messages) == 6


@pytest.mark.parametrize(
    "token, effect",
    [
        ("C", Effect.CONSTRUCTION),
        ("Im", Effect.IMPROVEMENT),
        ("in", Effect.INAUGURATION),
        ("L", Effect.LIMO),
        ("limousine", Effect.LIMO),
        ("s", Effect.SHOW),
    ],
)
def test_effect_abbreviations(token: str, effect: Effect) -> None:
    assert parse_effect(token) is effect


def test_ambiguous_effect_is_refused() -> None:
    with pytest.raises(ValueError):
        parse_effect("i")


def test_documented_table_file_reads_and_checks() -> None:
    import re

    from rulesref.welcome import check_table

    doc = (ROOT / "docs" / "welcome-to-new-las-vegas.md").read_text()
    blocks = re.findall(r"```toml\n(.*?)```", doc, re.S)
    table = parse_table(blocks[0])
    assert [p.name for p in table.players] == ["Maya", "Jonas"]
    assert check_table(table).ok, [p.format() for p in check_table(table).findings]
    maya = blocks[0].index("[[player]]")
    player = blocks[0][maya : blocks[0].index("[[player]]", maya + 1)]
    solo = parse_table(
        'game = "welcome-to-new-las-vegas"\n[[project]]\ncolour = "purple"\nhigh = 4\nlow = 2\n'
        + player.replace('pink = "high"', "")
        + blocks[1]
    )
    assert solo.solo and solo.acme is not None and solo.acme.card == "Ben"


def test_negative_street_bonus_is_refused() -> None:
    (problem,) = messages(HEAD + sheet("Ana", bonus="[2, -6, 3, 4]") + sheet("Bo"))
    assert problem.startswith("t.toml:7: player 'Ana': 'street-bonus' cannot be below 0")
    assert problem.endswith(": '-6'")


def test_negative_project_values_are_refused() -> None:
    text = HEAD + '[[project]]\ncolour = "pink"\nhigh = -10\nlow = -12\n' + sheet("Ana") + sheet("Bo")
    assert messages(text) == [
        "t.toml:4: project 1: 'high' cannot be below 0: '-10'",
        "t.toml:5: project 1: 'low' cannot be below 0: '-12'",
    ]


def test_negative_acme_card_values_are_refused() -> None:
    text = HEAD + sheet("Ana") + ACME.replace("shows = [1, 2, 3]", "shows = [-3, 2, 3]")
    (problem,) = messages(text)
    assert "acme values: 'shows' cannot hold a value below 0" in problem


def test_one_player_without_acme_is_refused() -> None:
    (problem,) = messages(HEAD + sheet("Ana"))
    assert problem.startswith("t.toml:3: player 'Ana': one player alone plays the solo game against ACME")
    assert parse_table(HEAD + sheet("Ana") + ACME).solo


def test_a_hotel_value_still_blank_is_not_entered_not_missing() -> None:
    """{ built = 1, value = "?" }: a value still to enter (check lists it, exit 1), not "'value' is missing"."""
    from rulesref.welcome import check_table

    text = (ROOT / "examples" / "welcome-table-3p.toml").read_text(encoding="utf-8")
    hotels = next(line for line in text.splitlines() if line.startswith("hotels ="))
    blank = text.replace(hotels, 'hotels = { large = { built = 1, value = "?" }, small = { built = 0 } }', 1)
    table = parse_table(blank, path="t.toml")
    findings = check_table(table).findings
    line = blank.splitlines().index('hotels = { large = { built = 1, value = "?" }, small = { built = 0 } }') + 1
    assert [(f.code, f.line, f.message) for f in findings if f.code == "not-entered"] == [
        ("not-entered", line, "'large value' is not entered yet (still \"?\")")
    ]
