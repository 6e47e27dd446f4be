"""The installed command: pinned output text and exit codes for Las Vegas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

EX = ROOT / "examples"
DATA = ROOT / "tests" / "data" / "las-vegas"


def flat(text: str) -> str:
    """Rich wraps long lines at the terminal width; compare text with the wrapping undone."""
    return " ".join(text.split())


def run(*args: str):  # type: ignore[no-untyped-def]
    env = {"COLUMNS": "80", "LINES": "50", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


def test_payout_issue_example_text() -> None:
    res = run(
        "las-vegas", "payout", "--casino", "Anna=5 Ben=3 Carla=1+big Denny=1", "--money", "90,40", "--edition", "royale"
    )
    assert res.exit_code == 0
    assert res.output == (DATA / "payout-issue.txt").read_text(encoding="utf-8")


def test_payout_json_with_house() -> None:
    res = run("las-vegas", "payout", "-c", "Anna=5 white=3 Ben=2", "-m", "70,30,10", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert data["awards"] == [{"name": "Anna", "money": 70000}, {"name": "Ben", "money": 10000}]
    assert data["house_takes"] == [30000] and data["leftovers"] == []
    assert data["edition"] == "base" and data["warnings"] == []
    assert [r["id"] for r in data["rules"]] == ["las-vegas/payout", "las-vegas/white-dice"]


def test_payout_warns_about_impossible_stock() -> None:
    res = run("las-vegas", "payout", "-c", "Anna=2", "-m", "90", "-e", "royale")
    assert res.exit_code == 0
    assert (
        "Note: this casino has 1 money card(s); Royale puts exactly 2 at every casino\n"
        "    rule: [las-vegas/royale-cards]" in res.output
    )


def test_payout_bad_input_every_problem_exit_2() -> None:
    res = run("las-vegas", "payout", "--casino", "Anna=5 Ben=-3 Bob", "--money", "90,25", "--edition", "roy")
    assert res.exit_code == 2
    assert flat(res.stderr) == flat(
        "error: --edition: unknown edition: 'roy' (did you mean: royale?) "
        "error: --casino: expected NAME DICE, e.g. Anna 3, Anna=3 or Carla 1+big: 'Bob' "
        "error: --casino: negative dice count for Ben: '-3'"
    )
    res = run("las-vegas", "payout", "--casino", "Anna=5", "--money", "90,25")
    assert res.exit_code == 2
    assert flat(res.stderr) == "error: --money: there is no $25,000 note in Las Vegas (did you mean: 20k, 30k?)"


def test_check_broken_example() -> None:
    res = run("check", EX / "las-vegas-broken.toml")
    assert res.exit_code == 1
    out = flat(res.output)
    assert out.startswith(
        flat(
            f"{EX / 'las-vegas-broken.toml'}:2: Las Vegas lasts 4 rounds, this game has 3 "
            "rule: [las-vegas/end] End of the game and the winner"
        )
    )
    assert out.count(" rule: [las-vegas/") == 7
    assert res.output.splitlines()[-1] == "7 rule problems found."


def test_check_json_and_group_command_agree() -> None:
    path = EX / "las-vegas-broken.toml"
    a = run("check", path, "--json")
    b = run("las-vegas", "check", path, "--json")
    assert a.exit_code == b.exit_code == 1
    data = json.loads(a.output)
    assert data == json.loads(b.output)
    assert sorted(data) == ["counts", "findings", "game", "ok", "path", "summary"]
    assert (data["game"], data["path"], data["ok"]) == ("las-vegas", str(path), False)
    assert data["counts"] == {"error": 7, "warning": 0, "note": 0}
    assert data["summary"] == {
        "edition": "base",
        "title": "Las Vegas",
        "players": 5,
        "rounds": 3,
        "rounds_in_game": 4,
    }
    assert data["findings"][3] == {
        "severity": "error",
        "code": "dice-count",
        "message": "round 2: Ben has 9 dice on the casinos but owns 8, and every die is placed before payout",
        "path": str(path),
        "line": 16,
        "column": None,
        "text": None,
        "where": {"round": 2, "player": "Ben"},
        "rule": {"id": "las-vegas/turn", "title": "A turn: roll and place"},
    }


def test_check_json_of_a_clean_file() -> None:
    res = run("check", EX / "las-vegas-night.toml", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert data["ok"] and data["findings"] == [] and data["counts"]["error"] == 0


@pytest.mark.parametrize("name", ["las-vegas-night.toml", "las-vegas-royale.toml", "las-vegas-boulevard.toml"])
def test_check_clean_examples(name: str) -> None:
    res = run("check", EX / name)
    assert res.exit_code == 0
    assert "no rule problems found" in res.output


def test_score_night_text() -> None:
    res = run("score", EX / "las-vegas-night.toml")
    assert res.exit_code == 0
    assert res.output == (DATA / "night-score.txt").read_text(encoding="utf-8")


def test_score_json_golden() -> None:
    res = run("score", EX / "las-vegas-royale.toml", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert data == json.loads((DATA / "royale-score.json").read_text(encoding="utf-8"))


def test_replay_at_and_why() -> None:
    res = run("replay", EX / "las-vegas-night.toml", "--at", "1", "--why", "carla")
    assert res.exit_code == 0
    out = res.output
    assert "Round 1" in out and "Round 2" not in out
    assert "After round 1 of 4: the game is not finished." in out
    assert "Leading: Carla with $150,000." in out
    assert out.rstrip().endswith(
        "Where Carla's money comes from:\n"
        "round 1, casino 2: 5 dice, 1st after ties, takes $70,000\n"
        "round 1, casino 4: 1 die, 2nd after ties, takes $20,000\n"
        "round 1, casino 5: 2 dice, 1st after ties, takes $60,000"
    )


def test_replay_json_rounds_and_totals() -> None:
    res = run("las-vegas", "replay", EX / "las-vegas-royale.toml", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]
    assert data["rounds"][0]["next_start"] == "Denny"
    assert data["rounds"][0]["won"] == {"Anna": 90000, "Ben": 180000, "Carla": 120000, "Denny": 270000}
    assert data["complete"] and data["winners"] == data["leaders"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["replay", EX / "las-vegas-night.toml", "--at", "9"], "--at must be a round from 1 to 4"),
        (["replay", EX / "las-vegas-night.toml", "--why", "Zed"], "--why: unknown player: 'Zed'"),
        (["score", DATA / "does-not-exist.toml"], "no such file"),
    ],
)
def test_bad_arguments_exit_2(args: list, message: str) -> None:
    res = run(*args)
    assert res.exit_code == 2
    assert message in flat(res.stderr) and "Traceback" not in res.output


def test_bad_game_file_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "las-vegas"\nplayers = ["Anna", "Ben"]\n[[round]]\n'
        'casino.1 = { money = [60], dice = "Anna=-1 Bn=2" }\n',
        encoding="utf-8",
    )
    for verb in ("score", "replay", "check"):
        res = run(verb, bad)
        assert res.exit_code == 2, verb
        assert flat(res.stderr) == flat(
            f"error: {bad}:4: round 1 casino 1: negative dice count for Anna: '-1' "
            f"error: {bad}:4: round 1 casino 1: unknown player: 'Bn' (did you mean: Ben?)"
        )
    syntax = tmp_path / "syntax.toml"
    syntax.write_text('game = "las-vegas"\nplayers = ["A" "B"]\n', encoding="utf-8")
    res = run("las-vegas", "score", syntax)
    assert res.exit_code == 2 and "line 2, column 16" in flat(res.stderr)


def test_editions_json() -> None:
    res = run("las-vegas", "editions", "--json")
    data = json.loads(res.output)
    assert [(e["edition"], e["rounds"]) for e in data["editions"]] == [("base", 4), ("boulevard", 4), ("royale", 3)]
    base = data["editions"][0]
    assert sum(m["count"] for m in base["money"]) == 54
    assert sum(m["value"] * m["count"] for m in base["money"]) == 2_500_000


def test_help_has_examples() -> None:
    for cmd in ("payout", "score", "replay", "check", "editions"):
        res = run("las-vegas", cmd, "--help")
        assert res.exit_code == 0 and "Example: cluesolver" in res.output


def test_score_of_a_broken_file_still_scores_and_warns() -> None:
    res = run("score", EX / "las-vegas-broken.toml")
    assert res.exit_code == 0
    assert "Standings after round 3 of 4 (game not finished)" in flat(res.output)
    assert flat(res.output).endswith(
        f"Careful: this file has 7 rule problems (cluesolver check {EX / 'las-vegas-broken.toml'})"
    )
    data = json.loads(run("score", EX / "las-vegas-broken.toml", "--json").output)
    assert data["rule_problems"] == 7 and data["winners"] == [] and data["leaders"]


def test_unconfirmed_rules_are_said_so() -> None:
    res = run("las-vegas", "payout", "-c", "Anna=2", "-m", "30,20")
    assert (
        "  [las-vegas/leftovers] Leftover money\n    (partly unconfirmed: cluesolver rules show "
        "las-vegas/leftovers)" in res.output
    )
    data = json.loads(run("las-vegas", "payout", "-c", "Anna=2", "-m", "30,20", "--json").output)
    (leftovers,) = [r for r in data["rules"] if r["id"] == "las-vegas/leftovers"]
    assert "not confirmed" in leftovers["unconfirmed"]


@pytest.mark.parametrize(
    "dice, edition, code",
    [
        ("Anna=1+big Ben=2", "base", "big-die-edition"),
        ("Anna=1+2big Ben=2", "boulevard", "big-die-count"),
        ("Anna=3 white=big+1", "base", "house-big-die"),
    ],
)
def test_payout_warns_about_impossible_dice(dice: str, edition: str, code: str) -> None:
    res = run("las-vegas", "payout", "-c", dice, "-m", "30,20", "-e", edition)
    assert res.exit_code == 0
    assert "Note: this casino: " in res.output
    data = json.loads(run("las-vegas", "payout", "-c", dice, "-m", "30,20", "-e", edition, "--json").output)
    assert [w["code"] for w in data["warnings"]] == [code]
    assert data["warnings"][0]["severity"] == "warning"


def test_unreadable_money_shows_the_accepted_forms() -> None:
    res = run("las-vegas", "payout", "-c", "Anna=2", "-m", "ninety")
    assert res.exit_code == 2
    assert "90,40 or 90k 40k or $90,000 $40,000 or 90,000 40,000" in " ".join(res.stderr.split())
    res = run("las-vegas", "payout", "-c", "Anna=2", "-m", "90,000 40,000", "--json")
    assert res.exit_code == 0 and json.loads(res.output)["money"] == [90000, 40000]


SHARED = """game = "las-vegas"
edition = "royale"
players = ["Anna", "Ben"]
[[round]]
chips_spent = { Ben = 1 }
casino.1 = { money = [40, 30], dice = "Anna=7+big" }
casino.2 = { money = [50, 30], dice = "Ben=7+big" }
"""


def test_a_shared_royale_win_says_what_was_equal(tmp_path: Path) -> None:
    path = tmp_path / "shared.toml"
    path.write_text(SHARED, encoding="utf-8")
    out = " ".join(run("score", str(path)).output.split())
    assert "same money" not in out
    assert (
        "Leading: Anna and Ben share it — same total with chips at $10,000 ($60,000) and the same number of cards "
        "(1); money alone $40,000 and $50,000." in out
    )
    path.write_text(SHARED.replace("chips_spent = { Ben = 1 }\n", "").replace("[50, 30]", "[40, 30]"), "utf-8")
    out = " ".join(run("score", str(path)).output.split())
    assert "share it — same money, same chips and the same number of cards." in out


def test_payout_reads_counts_and_money_the_one_way() -> None:
    """'Mia 3, Noah 2, white 2' is read as Clue's --hands reads 'Ann 5'; "$50k", 50k, $50,000, 50000 are one amount."""
    base = run("las-vegas", "payout", "--casino", "Mia=3 Noah=2 white=2", "--money", "50", "--json")
    assert base.exit_code == 0
    for casino in ("Mia 3, Noah 2, white 2", "Mia: 3; Noah: 2; white: 2", "Mia = 3, Noah=2, white 2"):
        for money in ("$50k", "50k", "$50,000", "50000"):
            res = run("las-vegas", "payout", "--casino", casino, "--money", money, "--json")
            assert res.exit_code == 0, (casino, money, res.stderr)
            assert json.loads(res.output) == json.loads(base.output)


def test_payout_a_name_without_dice_is_one_quoted_problem() -> None:
    res = run("las-vegas", "payout", "--casino", "Mia 3, Noah, white 2", "--money", "50")
    assert res.exit_code == 2
    assert res.stderr == "error: --casino: expected NAME DICE, e.g. Anna 3, Anna=3 or Carla 1+big: 'Noah'\n"


def test_game_file_dice_in_the_count_notation(tmp_path: Path) -> None:
    text = (EX / "las-vegas-night.toml").read_text(encoding="utf-8")
    written = text.replace('dice = "Anna=1 Carla=5 white=1 Ben=1"', 'dice = "Anna 1, Carla 5, white 1, Ben 1"')
    assert written != text
    (tmp_path / "night.toml").write_text(written, encoding="utf-8")
    ours = run("score", tmp_path / "night.toml", "--json")
    theirs = run("score", EX / "las-vegas-night.toml", "--json")
    assert ours.exit_code == theirs.exit_code == 0
    assert json.loads(ours.output)["standings"] == json.loads(theirs.output)["standings"]


def test_a_trailing_comma_is_one_located_plain_message(tmp_path: Path) -> None:
    text = (EX / "las-vegas-night.toml").read_text(encoding="utf-8")
    bad = tmp_path / "comma.toml"
    bad.write_text(text.replace('dice = "Denny=4" }', 'dice = "Denny=4", }', 1), encoding="utf-8")
    line = next(n for n, t in enumerate(bad.read_text(encoding="utf-8").splitlines(), 1) if '"Denny=4", }' in t)
    column = bad.read_text(encoding="utf-8").splitlines()[line - 1].index('", }') + 2
    res = run("check", bad)
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr == (
        f"error: {bad}:{line}:{column}: not valid TOML: a comma after the last value of an inline table "
        "{ ... }: remove it (TOML allows none there): ', }'\n"
    )


@pytest.mark.parametrize("verb", ["score", "replay"])
@pytest.mark.parametrize("name", ["las-vegas-night.toml", "las-vegas-royale.toml", "las-vegas-boulevard.toml"])
def test_terminal_at_60_columns_cuts_no_word(verb: str, name: str) -> None:
    """At 60 columns the grid turns (a row per casino), dice wrap between entries, money reads $270k."""
    from tests.cli.test_output import _on_a_terminal

    out = _on_a_terminal([verb, str(EX / name)], 60)
    assert "Traceback" not in out and "Winner:" in out
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 60
    if verb == "score":
        assert "Casi…" not in out and "nobo…" not in out
        assert "┃ Casino ┃ Round 1" in out


def test_terminal_at_80_columns_keeps_the_wide_grid() -> None:
    from tests.cli.test_output import _on_a_terminal

    out = _on_a_terminal(["score", str(EX / "las-vegas-night.toml")], 80)
    assert "┃ Round ┃ Casino 1" in out and "…" not in out
