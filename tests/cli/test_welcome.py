"""The welcome CLI and the top-level verbs on Welcome to New Las Vegas table files."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "welcome"
EXAMPLE = str(ROOT / "examples" / "welcome-table-3p.toml")
BROKEN = str(ROOT / "examples" / "welcome-broken-sheets.toml")
runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), env={"COLUMNS": "200"})


def test_score_verb_prints_zone_table_and_winner() -> None:
    result = run("score", EXAMPLE)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Final scores" in out
    assert "\nstreets        41    33     30  street-scoring\n" in out  # plain columns in a pipe
    assert "\ntotal         136   136    107\n" in out
    assert "Bank: 2 of 3 asked for a loan, more than half: 4 bundles each" in out
    assert (
        "Tie: Lea and Maya tie on 136 points and 3 hotels: Lea wins with more Large Hotels (3 against 2) "
        "[welcome-to-new-las-vegas/tie-break] Ties for the win"
    ) in out
    assert "End of game: Maya checked the last inauguration box" in out
    assert out.rstrip().endswith("Winner: Lea with 136 points")


def test_group_score_and_alias_agree_with_verb() -> None:
    a = run("welcome", "score", EXAMPLE, "--json")
    b = run("welcome-to-new-las-vegas", "score", EXAMPLE, "--json")
    c = run("score", EXAMPLE, "--json")
    assert a.exit_code == b.exit_code == c.exit_code == 0
    assert a.output == b.output == c.output


def test_score_json_shape() -> None:
    data = json.loads(run("score", str(DATA / "table-2p.toml"), "--json").output)
    assert data["game"] == "welcome-to-new-las-vegas"
    assert data["winners"] == ["Ana"]
    ana = data["standings"][0]
    assert ana["name"] == "Ana" and ana["total"] == 99 and ana["place"] == 1
    assert ana["zones"]["streets"]["rule"]["id"] == "welcome-to-new-las-vegas/street-scoring"
    assert ana["streets"][0] == {
        "street": 1,
        "written": "2 4 6 8 . 11",
        "run": [2, 4, 6, 8],
        "parity": "even",
        "length": 4,
        "bonus": 6,
        "points": 10,
    }
    assert data["standings"][1]["safe"]["short"] is True
    assert data["bank"]["bundles"] == 2


def test_check_clean_exits_0() -> None:
    result = run("check", EXAMPLE)
    assert result.exit_code == 0
    assert result.output == "No rule problems on 3 sheets (Maya, Jonas, Lea).\n"


def test_check_problems_exit_1_with_citations() -> None:
    result = run("check", BROKEN)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == (
        f"{BROKEN}:20: Rita [streets] street 1: 8 (casino 3) comes before 6 (casino 4); numbers must "
        "rise from left to right [welcome-to-new-las-vegas/placement] Opening a casino "
        "(writing a number)"
    )
    assert lines[-1] == "12 rule problems on 2 sheets."
    data = json.loads(run("welcome", "check", BROKEN, "--json").output)
    assert data["ok"] is False and len(data["findings"]) == 12
    assert data["counts"] == {"error": 12, "warning": 0, "note": 0}
    assert data["game"] == "welcome-to-new-las-vegas" and data["path"] == BROKEN
    first = data["findings"][0]
    assert first["rule"]["id"] == "welcome-to-new-las-vegas/placement"
    assert first["where"] == {"player": "Rita", "zone": "streets", "street": 1, "casino": 3, "other": 4}
    assert first["line"] == 20 and first["severity"] == "error"
    assert data["summary"]["players"] == ["Rita", "Tom"]


def test_streets_command() -> None:
    result = run("welcome", "streets", "3 5 7 . 9 | 2 4 c 6 8")
    assert result.exit_code == 0, result.output
    assert "     1  3 5 7 . 9  3-5-7        odd            3\n" in result.output
    assert "     2  2 4 c 6 8  2-4-6-8      even           4\n" in result.output
    data = json.loads(run("welcome", "streets", "3 5 7 . 9 | 2 4 c 6 8", "--json").output)
    assert [s["points"] for s in data["streets"]] == [3, 4]
    assert data["streets"][1]["positions"] == [1, 2, 4, 5]
    assert data["problems"] == []


def test_streets_placement_problem_exits_1() -> None:
    result = run("welcome", "streets", "5 3 c7")
    assert result.exit_code == 1
    assert "problem: street 1: 5 (casino 1) comes before 3 (casino 2)" in result.output
    assert "7 is written in a casino still under construction" in result.output


def test_bad_street_notation_exits_2_one_line_per_problem() -> None:
    result = run("welcome", "streets", "1 q | 2 zz")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 2


def test_bad_table_exits_2_with_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "welcome-to-new-las-vegas"\n[[player]]\nname = "A"\nbank = "lone"\n'
        'streets = ["1", "2", "3"]\nstreet-bonus = [1, 2, 3, 4]\nhotel = 1\n'
    )
    result = run("score", str(bad))
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert errors == [
        f"error: {bad}:7: unknown key in player 'A': 'hotel' (did you mean: hotels?)",
        f"error: {bad}:4: player 'A': 'bank' should be one of loan, refuse: 'lone' (did you mean: loan?)",
        f"error: {bad}:5: player 'A': 'streets' a city has 4 streets, this lists 3",
        f"error: {bad}:2: player 'A': one player alone plays the solo game against ACME: add an [acme] table "
        "with ACME's pile and the numbers of its Architect card (see 'Solo against ACME' in "
        "docs/welcome-to-new-las-vegas.md)",
    ]


def test_bad_toml_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "welcome-to-new-las-vegas"\n[[player]\n')
    result = run("welcome", "check", str(bad))
    assert result.exit_code == 2
    assert f"error: {bad}:2:9: not valid TOML" in result.output


def test_missing_file_exits_2() -> None:
    result = run("welcome", "score", "no/such/table.toml")
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_replay_does_not_apply() -> None:
    result = run("replay", EXAMPLE)
    assert result.exit_code == 2
    assert "'replay' does not apply to welcome-to-new-las-vegas files" in result.output


def test_every_command_has_help_with_an_example() -> None:
    for command in ("score", "check", "streets", "new"):
        result = run("welcome", command, "--help")
        assert result.exit_code == 0
        assert "Example: cluesolver welcome" in result.output
    assert "Example: cluesolver welcome" in run("welcome-to-new-las-vegas", "--help").output


def test_score_warns_when_sheets_break_rules() -> None:
    result = run("score", BROKEN)
    assert result.exit_code == 0
    assert f"Warning: 12 rule problems on these sheets; see: cluesolver check {BROKEN}" in result.output
    assert json.loads(run("score", BROKEN, "--json").output)["rule_problems"] == 12
    assert "Warning" not in run("score", EXAMPLE).output


def test_new_writes_a_blank_table_that_reads(tmp_path: Path) -> None:
    target = tmp_path / "friday.toml"
    result = run("welcome", "new", "Maya", "Jonas", "-o", str(target))
    assert result.exit_code == 0, result.output
    assert f"Wrote {target}" in result.output
    checked = run("check", str(target))
    assert checked.exit_code == 1  # a blank file is not a finished game: every "?" is still to enter
    text = target.read_text(encoding="utf-8").splitlines()
    bank = (
        text.index(
            'bank = "?"                    # "loan" or "refuse": the choice under the folded corner '
            "(none in a first game)"
        )
        + 1
    )
    assert f"{target}:{bank}: Maya [bank] 'bank' is not entered yet (still \"?\")" in checked.output
    small = max(n for n, line in enumerate(text, 1) if line.startswith("hotels.small"))
    assert f'{target}:{small}: Jonas [hotels] 2 values are not entered yet (still "?"): small built, small value' in (
        checked.output
    )
    assert f"{target}:12: pink project [projects] 'high' is not entered yet (still \"?\")" in checked.output
    assert f"{target}:13: pink project [projects] 'low' is not entered yet (still \"?\")" in checked.output
    data = json.loads(run("check", str(target), "--json").output)
    assert {f["code"] for f in data["findings"]} == {"not-entered"} and data["ok"] is False
    scored = run("score", str(target))
    assert scored.exit_code == 2 and "Traceback" not in scored.output
    assert f"error: {target}:12: pink project [projects] 'high' is not entered yet" in scored.output
    again = run("welcome", "new", "Maya", "-o", str(target))
    assert again.exit_code == 2 and "already exists" in again.output
    assert "Jonas" in target.read_text()  # not overwritten
    assert run("welcome", "new", "Maya", "-o", str(target), "--force").exit_code == 0
    assert "Jonas" not in target.read_text()
    assert [p.name for p in tmp_path.iterdir()] == ["friday.toml"]


def test_new_solo_prints_to_stdout_and_refuses_bad_names() -> None:
    from rulesref.welcome import parse_table

    result = run("welcome", "new", "Sam", "--solo")
    assert result.exit_code == 0
    assert parse_table(result.output).solo
    bad = run("welcome", "new", "Sam", "Sam", "--solo")
    assert bad.exit_code == 2
    assert "every player needs a different name" in bad.output
    assert "a solo game has one player, not 2" in bad.output


def test_score_explains_inauguration_ties() -> None:
    out = run("score", EXAMPLE).output
    assert (
        "Inauguration: Maya 7 boxes, 1st: 15 pts (improved box); Jonas 5 boxes, 2nd: 5 pts, pays the debt; "
        "Lea 5 boxes, 2nd: 5 pts, pays the debt"
    ) in out
    assert "rank 2 with 5 boxes, tied with Lea, fewest: circles the debt" in out


def test_score_and_check_text_match_golden_files() -> None:
    """Whole outputs, reviewed by hand once; any change in wording or numbers shows here."""
    for args, golden in (
        (("score", "table-2p.toml"), "table-2p.score.txt"),
        (("check", "broken-2p.toml"), "broken-2p.check.txt"),
    ):
        result = runner.invoke(app, [args[0], str(DATA / args[1])], env={"COLUMNS": "100"})
        expected = (DATA / golden).read_text().replace("tests/data/welcome/", str(DATA) + "/")
        assert result.output == expected


def test_a_hotel_value_left_blank_is_listed_by_check_and_score(tmp_path: Path) -> None:
    text = Path(EXAMPLE).read_text(encoding="utf-8")
    hotels = next(line for line in text.splitlines() if line.startswith("hotels ="))
    blank = 'hotels = { large = { built = 1, value = "?" }, small = { built = 0 } }'
    target = tmp_path / "t.toml"
    target.write_text(text.replace(hotels, blank, 1), encoding="utf-8")
    line = target.read_text(encoding="utf-8").splitlines().index(blank) + 1
    checked = run("check", str(target))
    assert checked.exit_code == 1
    assert f"{target}:{line}: Maya [hotels] 'large value' is not entered yet (still \"?\")" in checked.output
    scored = run("score", str(target))
    assert scored.exit_code == 2 and "is missing" not in scored.output
    assert f"error: {target}:{line}: Maya [hotels] 'large value' is not entered yet" in scored.output
