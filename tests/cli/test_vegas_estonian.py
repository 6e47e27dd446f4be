"""Lords of Vegas and Welcome to New Las Vegas in Estonian (issue 28): with
``CLUESOLVER_LANG=et`` ``score``, ``check`` and ``replay`` of the bundled games speak Estonian
(the engines' findings, the replay's lines, the score sheet), keep their exit codes, and
``--json`` stays the English contract byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

runner = CliRunner()
ET = {"CLUESOLVER_LANG": "et", "COLUMNS": "200"}
EN = {"CLUESOLVER_LANG": "en", "COLUMNS": "200"}

LORDS = ("lords-midgame.toml", "lords-mistakes.lov", "lords-night.lov", "lords-tie.toml")
WELCOME = ("welcome-table-3p.toml", "welcome-broken-sheets.toml", "welcome-solo-acme.toml")


def run(*args: str, env: dict[str, str]) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=env)
    return result.exit_code, result.stdout


def example(name: str) -> str:
    return str(ROOT / "examples" / name)


@pytest.mark.parametrize("verb", ["score", "check", "replay"])
@pytest.mark.parametrize("name", LORDS + WELCOME)
def test_json_is_the_same_in_estonian(name: str, verb: str) -> None:
    en = run(verb, example(name), "--json", env=EN)
    et = run(verb, example(name), "--json", env=ET)
    assert et == en


@pytest.mark.parametrize("verb", ["score", "check", "replay"])
@pytest.mark.parametrize("name", LORDS + WELCOME)
def test_text_keeps_its_exit_code_in_estonian(name: str, verb: str) -> None:
    assert run(verb, example(name), env=ET)[0] == run(verb, example(name), env=EN)[0]


def test_lords_check_says_each_rule_problem_in_estonian() -> None:
    code, out = run("check", example("lords-mistakes.lov"), env=ET)
    assert code == 1
    for said in (
        "lords-mistakes.lov:11: krundil C4 on mängija Ben marker, mitte mängija Ana oma  [lords-of-vegas/build]",
        "lords-mistakes.lov:15: mängijal Ben on $11, kuid see maksab $24",
        "lords-mistakes.lov:18: käik on mängijal Ana, mitte mängijal Ben",
        "lords-mistakes.lov:21: kasiinos Vega D7 on panuse piir $5 ($5 x 1 plaat), mitte $10",
        "lords-mistakes.lov:23: Ana on selles käigus juba panustanud",
        "lords-mistakes.lov:27: C2 on selles käigus juba ümber korraldatud",
        "lords-mistakes.lov:29: kaart C3 on juba tõmmatud (iga kaart tuleb üks kord)",
        "mängu lõpu kaart tuli 7 krundikaardi järel",
        "8 reegliviga, 2 kirja pandud tulemust erinevad.",
    ):
        assert said in out, said
    for english in ("carries", "has already gambled", "was already drawn", "rule problem"):
        assert english not in out, english


def test_lords_replay_tells_each_line_in_estonian() -> None:
    code, out = run("replay", example("lords-night.lov"), env=ET)
    assert code == 0
    for said in (
        "Ana alustab kruntidel A1 ja B2, rahaga $15",
        "Ana tõmbab C3: Ana paneb markeri krundile C3; Ana +$3, Ben +$2, Cleo +$2",
        "Ben ehitab krundile C4 hinnaga $6",
        "Ana panustab $5 kasiinos Vega D7, veeretab 9: võit (Ana +5, boss -5)",
        "Ben korraldab krundi C3 kasiino ümber hinnaga $9",
        "24    5     viigi ümberveeretus ",
        "Ben laiendab krundile C8 hinnaga $16",
        "Cleo tõmbab C8: mängija Cleo täring asendab krundil C8 mängija Ben oma, näidates ikka 1",
        "Ana tõmbab END: mängu lõpu kaart ei nimeta ühtki krunti",
        "Ben pani kirja 14 punkti ja $32",
        "Ana pani kirja 1 punkt ja $19",
    ):
        assert said in out, said
    for english in (" draws ", " builds ", " gambles ", "starts on", "recorded"):
        assert english not in out, english


def test_lords_score_of_a_tie_waits_for_the_reroll_in_estonian() -> None:
    code, out = run("score", example("lords-tie.toml"), env=ET)
    assert code == 1  # the tie is a rule problem
    assert "vaja uuesti veeretada: punkte pole enne, kui viik on murtud" in out
    assert "bossi viik kasiinos Albion C2+C3: selle punktid ootavad ümberveeretust: C2, C3" in out
    assert "selle 2 punkti ootavad ümberveeretust, seega pole seis enne ümberveeretust lõplik" in out


def test_welcome_score_sheet_in_estonian() -> None:
    code, out = run("score", example("welcome-table-3p.toml"), env=ET)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Lõpptulemused"
    assert lines[1].split() == ["ala", "Lea", "Maya", "Jonas", "reegel"]
    assert [ln.split()[0] for ln in lines[2:10]] == [
        "projektid",
        "hotellid",
        "avamine",
        "golf",
        "etendused",  # a Welcome zone, not the Clue verb 'shows' (näitab)
        "limusiin",
        "tänavad",
        "seif",
    ]
    assert lines[11].split() == ["koht", "1.", "2.", "3.", "tie-break"]
    for said in (
        "Kuidas iga summa tekkis:",
        "projektid       14  roosa kõrge 10 + kollane madal 4",
        "avamine         15  koht 1, 7 lahtrit (10/5/2 lahter parandatud)",
        "Pank: 2/3 küsis laenu, üle poole: igaühele 4 rahapakki",
        "Mängija Lea seif: 1 trükitud + 4 pangast + 2 maffiast = 7 rahapakki;",
    ):
        assert said in out, said


def test_welcome_check_says_each_rule_problem_in_estonian() -> None:
    code, out = run("check", example("welcome-broken-sheets.toml"), env=ET)
    assert code == 1
    for said in (
        "Rita [tänavad] tänav 1: 8 (kasiino 3) on enne arvu 6 (kasiino 4); arvud peavad vasakult paremale kasvama",
        "Rita [boonused] 3 boonuse jaoks on vaja 6 märgitud lahtrit (2 komplekti kohta), kuid märgitud on ainult 5",
        "Tom [projektid] võtab projekti (roosa) kõrge väärtuse, kuid esimesena täitis selle ainult Rita",
        "12 reegliviga 2 lehel.",
    ):
        assert said in out, said
    assert "rule problems" not in out and "numbers must rise" not in out
    assert run("check", example("welcome-table-3p.toml"), env=ET)[1] == (
        "3 lehel reeglivigu pole (Maya, Jonas, Lea).\n"
    )


def test_welcome_reading_problems_in_estonian(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('game = "welcome-to-new-las-vegas"\n[[player]]\nname = "Ann"\nstreets = ["1 2 q"]\n')
    result = runner.invoke(app, ["check", str(broken)], env=ET)
    assert result.exit_code == 2
    assert "'q' pole kasiino" in result.stderr
    assert "linnas on 4 tänavat, siin on 1" in result.stderr
    assert "is not a casino" not in result.stderr
