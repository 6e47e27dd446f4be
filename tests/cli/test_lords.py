"""The installed command for Lords of Vegas: pinned output text, JSON and exit codes.

Golden outputs live in tests/data/lords-of-vegas/*.txt and *.json; their numbers are the
hand-worked ones of tests/lords/test_payout.py and tests/lords/test_replay.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from cluesolver.cli import app
from rulesref.lords import game
from tests.helpers import ROOT

EX = Path("examples")  # paths relative to ROOT: the tests run there
DATA = Path("tests") / "data" / "lords-of-vegas"
MID = EX / "lords-midgame.toml"


@pytest.fixture(autouse=True)
def _in_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output quotes file names; run from the repository root so they are short and stable."""
    monkeypatch.chdir(ROOT)


def run(*args: object) -> Result:
    env = {"COLUMNS": "100", "LINES": "50", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": "1"}
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


def flat(text: str) -> str:
    return " ".join(text.split())


GOLDEN_TEXT = [
    ("track-8.txt", ["lords", "track", "--at", "8", "--casinos", "1,1,3"], 0),
    ("payout-midgame-D5.txt", ["lords", "payout", MID, "--card", "D5"], 0),
    ("cost-sprawl-C1.txt", ["lords", "cost", "sprawl", "C1", "--board", MID], 1),
    ("gamble-D7.txt", ["lords", "gamble", "--board", MID, "--casino", "D7", "--bet", "10"], 0),
    ("score-midgame.txt", ["score", MID], 0),
    ("check-mistakes.txt", ["check", EX / "lords-mistakes.lov"], 1),
    ("replay-two-player.txt", ["replay", DATA / "two-player.lov"], 0),
    ("board-four-players.txt", ["lords", "board", DATA / "four-players.toml"], 0),
]


@pytest.mark.parametrize(("golden", "args", "code"), GOLDEN_TEXT, ids=[g for g, _, _ in GOLDEN_TEXT])
def test_golden_text(golden: str, args: list[object], code: int) -> None:
    res = run(*args)
    assert res.exit_code == code, res.output + res.stderr
    assert res.output == (DATA / golden).read_text(encoding="utf-8")


def test_track_rulebook_example() -> None:
    for points, end in ((1, 8), (2, 10), (3, 10), (4, 12), (5, 12)):
        res = run("lords", "track", "--at", 8, "--casinos", points, "--json")
        assert res.exit_code == 0 and json.loads(res.output)["end"] == end


def test_payout_json() -> None:
    res = run("lords", "payout", MID, "--card", "C5", "--player", "Ben", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert data["takeover"]["kind"] == "die-replaced" and data["pays"] == "Vega"
    assert [(p["name"], p["money_after"], p["points_after"]) for p in data["players"]] == [
        ("Ana", 25, 8),
        ("Ben", 38, 14),
        ("Cleo", 23, 5),
    ]
    assert data["casinos"][0]["points_to"] == "Ben" and data["problems"] == []


def test_payout_of_a_used_card_is_paid_with_a_warning() -> None:
    res = run("lords", "payout", MID, "--card", "D8", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert [w["message"] for w in data["warnings"]] == ["the card D8 was already drawn (each card comes up once)"]
    assert data["takeover"]["kind"] == "none" and data["casinos"][0]["name"] == "Sphinx B4"
    res = run("lords", "payout", MID, "--card", "D8")
    assert "Warning: this card cannot come up now" in res.output


def test_payout_after_the_end_exits_1(tmp_path: Path) -> None:
    over = tmp_path / "over.toml"
    over.write_text(
        MID.read_text(encoding="utf-8").replace('turn = "Ana"', 'turn = "Ana"\nover = true'), encoding="utf-8"
    )
    res = run("lords", "payout", over, "--card", "C8")
    assert res.exit_code == 1 and "the game is already over" in res.output


def test_payout_writes_the_new_state(tmp_path: Path) -> None:
    out = tmp_path / "after.toml"
    res = run("lords", "payout", MID, "--card", "D5", "--out", out)
    assert res.exit_code == 0
    again = run("lords", "board", out, "--json")
    players = json.loads(again.output)["players"]
    assert [(p["name"], p["money"], p["points"]) for p in players] == [
        ("Ana", 39, 10),
        ("Ben", 41, 14),
        ("Cleo", 27, 6),
    ]


def test_payout_with_reroll_option() -> None:
    res = run("lords", "payout", DATA / "four-players.toml", "--card", "C9", "--player", "Ben", "--json")
    data = json.loads(res.output)
    assert res.exit_code == 0 and data["takeover"]["kind"] == "marker"


def test_cost_without_board_is_the_printed_price() -> None:
    res = run("lords", "cost", "sprawl", "A5")
    assert res.exit_code == 0
    assert res.output == "Sprawl on A5 costs $18 (printed price $9, doubled).  [lords-of-vegas/sprawl] Sprawl\n"


def test_cost_json_lists_every_reason() -> None:
    res = run("lords", "cost", "sprawl", "E3", "--board", DATA / "four-players.toml", "--player", "Cleo", "--json")
    assert res.exit_code == 1
    data = json.loads(res.output)
    assert data["cost"] == 30 and not data["legal"]
    assert [r["rule"]["id"] for r in data["reasons"]] == ["lords-of-vegas/turn", "lords-of-vegas/sprawl"]


def test_cost_build_writes_state(tmp_path: Path) -> None:
    out = tmp_path / "built.toml"
    res = run("lords", "cost", "build", "A1", "--board", MID, "--colour", "brown", "--out", out)
    assert res.exit_code == 0 and 'A1 = "brown Ana 3 built"' in out.read_text(encoding="utf-8")


def test_gamble_roll_json() -> None:
    res = run("lords", "gamble", "--board", MID, "--casino", "D7", "--bet", "10", "--roll", "12", "--layoff", "--json")
    data = json.loads(res.output)
    assert res.exit_code == 0
    assert data["result"] == {"result": "double", "gambler": 20, "boss": -10, "bank": -10}
    assert data["expected_gain"]["fraction"] == "-5/9"


def test_check_state_clean_and_broken() -> None:
    assert run("check", MID).output == "examples/lords-midgame.toml: no rule problems.\n"
    res = run("check", DATA / "broken-state.toml", "--json")
    assert res.exit_code == 1
    data = json.loads(res.output)
    assert (data["game"], data["ok"], data["counts"]["error"]) == ("lords-of-vegas", False, 4)
    ids = [p["rule"]["id"].split("/")[1] for p in data["findings"] if p["severity"] == "error"]
    assert ids == ["components", "components", "boss-ties", "two-players"]


def test_replay_json_and_at() -> None:
    res = run("replay", EX / "lords-night.lov", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert data["finished"] and data["winners"] == ["Ben"] and data["differences"] == []
    res = run("replay", EX / "lords-night.lov", "--at", "4", "--json")
    data = json.loads(res.output)
    assert data["stopped_at"] == 4 and not data["finished"] and data["winners"] == []


def test_score_log() -> None:
    res = run("score", EX / "lords-night.lov", "--json")
    data = json.loads(res.output)
    assert [(r["player"], r["points"], r["money"]) for r in data["standings"]] == [
        ("Ben", 14, 32),
        ("Cleo", 10, 26),
        ("Ana", 1, 19),
    ]


def test_replay_of_a_state_file_shows_the_board() -> None:
    res = run("replay", MID)
    assert res.exit_code == 0 and "Albion C2+C3+C5" in res.output


BAD_INPUT: list[tuple[list[object], str]] = [
    (["lords", "payout", MID, "--card", "X9"], "error: no such lot: 'X9' (did you mean: F9, D9, C9?)"),
    (["lords", "payout", MID, "--card", "D5", "--player", "Zed"], "error: unknown player: 'Zed'"),
    (
        ["lords", "track", "--at", "9", "--casinos", "1"],
        "error: --at 9 is not a space of the score track (did you mean: 8, 10?)",
    ),
    (
        ["lords", "track", "--at", "8", "--casinos", "a,-1"],
        "error: casino points are whole numbers of at least 0 (e.g. 1,1,3), not 'a' "
        "error: casino points are whole numbers of at least 0 (e.g. 1,1,3), not '-1'",
    ),
    (["lords", "cost", "fly", "C5"], "error: unknown action: 'fly'"),
    (["lords", "cost", "remodel", "C5"], "error: the price of remodel depends on the casino: give --file"),
    (
        ["lords", "gamble", "--board", MID, "--casino", "D7", "--bet", "-5"],
        "error: a bet is a whole number of $ millions, at least 1 (e.g. 10, $10 or $10M), not -5",
    ),
    (["lords", "lots", "--block", "Z"], "error: no such block (A to F): 'Z'"),
]


@pytest.mark.parametrize(("args", "stderr"), BAD_INPUT, ids=[" ".join(map(str, a[:3])) for a, _ in BAD_INPUT])
def test_bad_input_exit_2(args: list[object], stderr: str) -> None:
    res = run(*args)
    assert res.exit_code == 2 and res.stdout == ""
    assert flat(res.stderr) == flat(stderr)


def _problems(stderr: str) -> list[str]:
    """One entry per reported problem, with rich's line wrapping undone."""
    return ["error: " + flat(p) for p in flat(stderr).split("error: ") if p.strip()]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["lords", "board", DATA / "bad-state.toml"], "bad-state.expected"),
        (["check", DATA / "bad-state.toml"], "bad-state.expected"),
        (["replay", DATA / "bad-log.lov"], "bad-log.expected"),
        (["check", DATA / "bad-log.lov"], "bad-log.expected"),
    ],
)
def test_bad_files_every_problem_at_once(args: list[object], expected: str) -> None:
    res = run(*args)
    assert res.exit_code == 2 and res.stdout == ""
    assert _problems(res.stderr) == (DATA / expected).read_text(encoding="utf-8").splitlines()


def test_every_command_has_an_example() -> None:
    for name in ("board", "lots", "track", "payout", "cost", "gamble", "replay", "check", "score"):
        res = run("lords", name, "--help")
        assert res.exit_code == 0 and "Example: cluesolver lords" in flat(res.output), name


def test_documented_formats_read() -> None:
    import re

    from rulesref.lords.gamelog import parse_log
    from rulesref.lords.loader import parse_state

    doc = (ROOT / "docs" / "lords-of-vegas.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```(\w*)\n(.*?)^```$", doc, re.M | re.S)
    (toml_block,) = [body for lang, body in blocks if lang == "toml"]
    state = parse_state(toml_block)
    assert state.names == ("Ana", "Ben") and state.tiles["D8"].die is not None
    log_block = next(body for _, body in blocks if body.startswith("game: lords-of-vegas"))
    assert len(parse_log(log_block).entries) == 11
    for line in re.findall(r"^cluesolver (.*?)(?:  +#.*)?$", doc, re.M):
        res = run(*line.split())
        assert res.exit_code in (0, 1), line


def test_tie_example_and_its_recorded_reroll(tmp_path: Path) -> None:
    res = run("check", EX / "lords-tie.toml")
    assert res.exit_code == 1 and "reroll needed for C2 (Ana 3), C3 (Ben 3)" in flat(res.output)
    data = json.loads(run("lords", "payout", EX / "lords-tie.toml", "--card", "B3", "--json").output)
    assert data["casinos"][0]["points"] == 0 and data["casinos"][0]["reroll_needed"] == ["C2", "C3"]
    rerolled = tmp_path / "tie.toml"
    rerolled.write_text(
        (EX / "lords-tie.toml").read_text(encoding="utf-8").replace("# rerolls", "rerolls"), encoding="utf-8"
    )
    assert run("check", rerolled).exit_code == 0
    data = json.loads(run("lords", "payout", rerolled, "--card", "B3", "--json").output)
    assert (data["casinos"][0]["points_to"], data["casinos"][0]["points"]) == ("Ana", 2)
    data = json.loads(
        run("lords", "payout", EX / "lords-tie.toml", "--card", "B3", "--reroll", "C2=1,C3=4", "--json").output
    )
    assert (data["casinos"][0]["points_to"], data["casinos"][0]["points"]) == ("Ben", 2)


def test_replay_why_explains_a_player() -> None:
    res = run("replay", EX / "lords-night.lov", "--why", "Cleo", "--json")
    assert res.exit_code == 0
    changes = json.loads(res.output)["changes"]
    assert changes[0] == {
        "line": 10,
        "text": "start Cleo: E1 F5",
        "turn": 0,
        "money": 16,
        "points": 0,
        "money_after": 16,
        "points_after": 0,
    }
    assert (changes[-1]["money_after"], changes[-1]["points_after"]) == (26, 10)
    assert sum(c["money"] for c in changes) == 26 and sum(c["points"] for c in changes) == 10
    res = run("replay", EX / "lords-night.lov", "--why", "Clo")
    assert res.exit_code == 2 and flat(res.stderr) == "error: unknown player: 'Clo' (did you mean: Cleo?)"


def test_verbs_inside_the_group_match_the_top_level() -> None:
    for verb, path in (("replay", EX / "lords-night.lov"), ("check", EX / "lords-mistakes.lov"), ("score", MID)):
        top, group = run(verb, path), run("lords", verb, path)
        assert (top.exit_code, top.output) == (group.exit_code, group.output)


def test_score_with_an_unresolved_boss_tie_is_not_final() -> None:
    result = game.score_file(EX / "lords-tie.toml")
    assert not result.final and result.winners == ()
    assert [f.code for f in result.pending] == ["tie-pending"]
    res = run("score", EX / "lords-tie.toml")
    assert res.exit_code == 1
    flat = " ".join(res.output.split())
    assert "not final until the reroll" in flat and "Winner:" not in flat
    data = json.loads(run("score", EX / "lords-tie.toml", "--json").output)
    assert data["final"] is False and data["winners"] == [] and data["pending"][0]["code"] == "tie-pending"


def test_score_after_the_reroll_is_final(tmp_path: Path) -> None:
    rerolled = tmp_path / "tie.toml"
    rerolled.write_text(
        (EX / "lords-tie.toml").read_text(encoding="utf-8").replace("# rerolls", "rerolls"), encoding="utf-8"
    )
    res = run("score", rerolled, "--json")
    data = json.loads(res.output)
    # the reroll gives Ana the casino's 2 points: 8 each, Ben has more money
    assert res.exit_code == 0 and data["final"] is True and data["winners"] == ["Ben"]
    assert [(r["player"], r["points"]) for r in data["standings"]] == [("Ben", 8), ("Ana", 8)]


def test_check_prints_the_early_end_note() -> None:
    res = run("check", EX / "lords-night.lov")
    assert res.exit_code == 0 and "End of Game card" in " ".join(res.output.split())


def test_money_and_rolls_are_written_as_in_every_game(tmp_path: Path) -> None:
    """A state's money = "$25" and --bet "$10" read as 25 and 10 ($ millions); rolls as counts: "C3 4, C2 2"."""
    text = (
        MID.read_text(encoding="utf-8").replace("money = 23", 'money = "$23"').replace("money = 31", 'money = "$31M"')
    )
    (tmp_path / "mid.toml").write_text(text, encoding="utf-8")
    assert run("lords", "board", tmp_path / "mid.toml", "--json").output == run("lords", "board", MID, "--json").output
    plain = run("lords", "gamble", "--board", MID, "--casino", "D7", "--bet", "10", "--json")
    for bet in ("$10", "$10M", "$10,000,000"):
        res = run("lords", "gamble", "--board", MID, "--casino", "D7", "--bet", bet, "--json")
        assert res.exit_code == 0 and res.output == plain.output, bet
    res = run("lords", "board", tmp_path / "mid.toml")
    assert res.exit_code == 0
    bad = text.replace('money = "$23"', 'money = "$500k"')
    (tmp_path / "bad.toml").write_text(bad, encoding="utf-8")
    res = run("lords", "board", tmp_path / "bad.toml")
    assert res.exit_code == 2
    assert flat(res.stderr) == flat(
        f"error: {tmp_path / 'bad.toml'}:10: Ana's money comes in whole $ millions "
        "(in $ millions: 25, $25, $25M or $25,000,000): '$500k'"
    )


def test_rerolls_in_the_count_notation() -> None:
    tie = EX / "lords-tie.toml"
    one = run("lords", "payout", tie, "--card", "B3", "--reroll", "C2=5,C3=2", "--json")
    other = run("lords", "payout", tie, "--card", "B3", "--reroll", "C2 5, C3 2", "--json")
    assert one.exit_code == other.exit_code == 0
    assert one.output == other.output


def test_gamble_says_when_the_boss_cash_caps_the_payment(tmp_path: Path) -> None:
    """+18 on a bet of $10 with the lay-off: Ben owed $10 of the $20 but had $8; the text says so."""
    poor = tmp_path / "poor.toml"
    poor.write_text(MID.read_text(encoding="utf-8").replace("money = 31", "money = 8"), encoding="utf-8")
    res = run("lords", "gamble", "--board", poor, "--casino", "D7", "--bet", "10", "--layoff", "--roll", "12")
    assert res.exit_code == 0
    lines = res.output.splitlines()
    assert lines[2].split() == ["2,", "12", "1/18", "(5.6%)", "+18", "-8", "-10"]
    assert lines[5] == (
        "On 2, 12 Ben owes $10 (the boss's half after the lay-off; the bank pays its half in full) but has only $8: "
        "the boss's cash caps the payment, so Ana gets +18.  [lords-of-vegas/gamble] Gamble"
    )
    assert lines[-1] == "Rolled 12: double; Ana +18, boss -8, bank -10 (the boss owed $10: capped by the boss's cash)."
    rich = run("lords", "gamble", "--board", MID, "--casino", "D7", "--bet", "10", "--layoff", "--roll", "12")
    assert "caps" not in rich.output and "capped" not in rich.output


def test_board_picture_shows_which_lots_touch(tmp_path: Path) -> None:
    """B3 and B4 are not neighbours (B3 ends the top row, B4 starts the next): two casinos, two keys."""
    state = tmp_path / "b.toml"
    state.write_text(
        'game = "lords-of-vegas"\n[players.Ana]\nmoney = 5\n[players.Ben]\nmoney = 5\n'
        '[markers]\nBen = ["B5"]\n[tiles]\nB3 = "gold Ana 3"\nB4 = "gold Ben 4"\nB6 = "gold Ben 2"\n',
        encoding="utf-8",
    )
    res = run("lords", "board", state)
    assert res.exit_code == 0
    lines = res.output.splitlines()
    board = lines.index("Board")
    assert lines[board + 1].split() == ["Block", "A", "|", "Block", "B"]
    assert lines[board + 2].split("|")[1].split() == ["B1", "·", "B2", "·", "B3", "[1]"]
    assert lines[board + 3].split("|")[1].split() == ["B4", "[2]", "B5", "Ben", "B6", "[1]"]
    assert lines[-1] == "Casinos: [1] Sphinx B3+B6, [2] Sphinx B4"
    assert "only lots side by side or one above the other in a block touch" in res.output


def test_board_picture_on_a_narrow_terminal_stacks_the_blocks() -> None:
    from tests.cli.test_output import _on_a_terminal

    out = _on_a_terminal(["lords", "board", str(MID)], 40)
    assert "Block A (the Strip on its right)" in out and "Block B (the Strip on its left)" in out
    assert "B4  [1]   B5  ·     B6  ·" in out
    wide = _on_a_terminal(["lords", "board", str(MID)], 60)
    assert "A4  ·     A5  ·     A6  ·    | B4  [1]   B5  ·     B6  ·" in wide
    assert max(len(line) for line in wide.splitlines()) <= 60
