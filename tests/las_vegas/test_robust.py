"""Damaged files never crash: either a clean InputError or a game the checker can judge."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesref.core.errors import InputError
from rulesref.las_vegas.checker import check_game
from rulesref.las_vegas.loader import parse_game
from rulesref.las_vegas.scoring import replay
from tests.helpers import ROOT

SOURCES = [
    (ROOT / "examples" / n).read_text(encoding="utf-8")
    for n in ("las-vegas-night.toml", "las-vegas-royale.toml", "las-vegas-broken.toml")
]
JUNK = st.sampled_from(
    [
        '"',
        "=",
        "-1",
        "big",
        "[",
        "]",
        "{",
        "}",
        ",",
        "x",
        "0",
        "white",
        "99",
        "+",
        "\n",
        "casino.9 = 1\n",
        "[[round.tile]]\n",
        "players = 3\n",
        "edition = 5\n",
        "1e3",
    ]
)


def _survives(text: str) -> None:
    try:
        game = parse_game(text, "fuzz.toml")
    except InputError as exc:
        assert exc.problems() and all(p.message for p in exc.problems())
        return
    check_game(game)
    replay(game)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SOURCES), st.integers(0, 10_000), st.integers(0, 30), JUNK)
def test_damaged_files(source: str, at: int, cut: int, junk: str) -> None:
    pos = at % (len(source) + 1)
    _survives(source[:pos] + junk + source[pos + cut :])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SOURCES), st.lists(st.integers(0, 200), max_size=5))
def test_dropped_lines(source: str, drop: list[int]) -> None:
    lines = source.splitlines()
    gone = {d % len(lines) for d in drop}
    _survives("\n".join(line for i, line in enumerate(lines) if i not in gone))


@settings(max_examples=30, deadline=None)
@given(
    st.text(alphabet="AnaBe=+-big,0123456789 white$k.", max_size=30), st.text(alphabet="0123456789,k$ .-x", max_size=15)
)
def test_payout_command_never_crashes(casino: str, money: str) -> None:
    from typer.testing import CliRunner

    from cluesolver.cli import app

    res = CliRunner().invoke(app, ["las-vegas", "payout", "--casino", casino, "--money", money])
    assert res.exit_code in (0, 2), res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
