"""The Clue commands in Estonian (issue 28): ``CLUESOLVER_LANG=et`` (or ``cluesolver --lang et``)
makes replay and the table commands speak Estonian with the edition's Estonian card names,
``--json`` stays the English contract, statements are typed in Estonian and echoed so, the
log keeps canonical English for export, and problems are told in Estonian."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ROOT

runner = CliRunner()
EXAMPLE = str(ROOT / "examples" / "classic-4p.clue")
ET = {"CLUESOLVER_LANG": "et"}
EN = {"CLUESOLVER_LANG": "en"}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLUESOLVER_LANG", raising=False)
    return tmp_path / "home"


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=env)
    return result.exit_code, result.stdout, result.stderr


def test_replay_speaks_estonian_with_the_rulebooks_card_names() -> None:
    code, out, _err = run("replay", EXAMPLE, env=ET)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Märkmik"
    assert lines[1].split() == ["Kaart", "Ann", "(mina)", "Ben", "Cat", "Dan", "Ümbrik"]
    assert "KAHTLUSALUNE" in lines and "RELV" in lines and "TUBA" in lines
    for card in ("Küünlajalg", "Pistoda", "Pliitoru", "Köis", "Mutrivõti", "Söögituba", "Raamatukogu", "Eeskoda"):
        assert any(line.startswith(card) for line in lines), card
    assert "Kategooria    Kandidaadid (tõenäoseim ees)" in lines
    assert "Kahtlusalune  Mr. Green 67,4%, Mrs. White 20,0%, Colonel Mustard 12,6%" in lines  # a decimal comma
    assert "Kindlalt teada: mängija Ben käes on Mutrivõti, Talveaed, Piljardituba;" in out
    assert lines[-1] == (
        "Logiga sobib 175 jaotust. Tõenäoseim lahendus: Mr. Green, Pistoda, Söögituba "
        "(10,3%; veel on võimalik 20 kombinatsiooni)."
    )
    assert not any(word in out for word in ("Notebook", "Envelope", "Certain", "Knife", "deals"))


def test_the_root_option_and_the_locale_choose_estonian_too() -> None:
    estonian = run("replay", EXAMPLE, env=ET)[1]
    assert run("--lang", "et", "replay", EXAMPLE, env=EN)[1] == estonian
    assert run("replay", EXAMPLE, env={"CLUESOLVER_LANG": "", "LC_ALL": "", "LANG": "et_EE.UTF-8"})[1] == estonian
    english = run("replay", EXAMPLE, env=EN)[1]
    assert english.startswith("Notebook\n") and "Knife" in english


def test_clue_next_speaks_estonian() -> None:
    code, out, _err = run("clue", "next", "--file", EXAMPLE, "-n", "3", env=ET)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"Sessioon classic-4p: {EXAMPLE}"
    assert lines[1].startswith("Parimad ettepanekud mängijale ")
    assert "bitti)" in lines[1]
    assert lines[2].split()[:5] == ["#", "Kahtlusalune", "/", "Relv", "/"]
    assert "Väärtus" in lines[2] and "Keegi ei näita" in lines[2]
    assert "Järjestatud väärtuse järgi: ümbriku määramatuse oodatav vähenemine" in out


@pytest.mark.parametrize(
    "args",
    [
        ("replay", EXAMPLE),
        ("replay", EXAMPLE, "--at", "9"),
        ("clue", "status", "--file", EXAMPLE),
        ("clue", "next", "--file", EXAMPLE, "-n", "2"),
        ("clue", "accuse?", "--file", EXAMPLE),
        ("clue", "why", "Ben has Wrench", "--file", EXAMPLE),
        ("clue", "show?", "Ben suggests Plum, Rope, Library", "--file", EXAMPLE),
        ("clue", "check", "--file", EXAMPLE),
        ("clue", "next", "--file", EXAMPLE, "--room", "Garage"),  # an error object
        ("replay", "no-such-file.clue"),
    ],
)
def test_json_is_the_english_contract_whatever_the_language(args: tuple[str, ...]) -> None:
    code_en, out_en, err_en = run(*args, "--json", env=EN)
    code_et, out_et, err_et = run(*args, "--json", env=ET)
    assert (code_et, out_et, err_et) == (code_en, out_en, err_en)
    json.loads(out_et)


def test_a_game_typed_in_estonian_is_recorded_echoed_in_estonian_and_exported_in_english(tmp_path: Path) -> None:
    code, out, _err = run(
        "clue", "new", "ilt", "--players", "Ann,Ben,Cat,Dan", "--me", "Ann",
        "--cards", "Plum, revolver, ballisaal, salong, kabinet", env=ET,
    )  # fmt: skip
    assert code == 0
    assert out.splitlines()[0].startswith("Uus sessioon ilt (Clue (klassikaline), Ann, Ben, Cat, Dan): ")
    hint = out.splitlines()[1]
    assert hint == (
        'Salvesta käike nii: cluesolver clue add "Ben teeb ettepaneku: Professor Plum, Mutrivõti, Kabinet; '
        'Cat ei näita; Dan näitab"'
    )
    statements = [
        "Ann teeb ettepaneku: Peacock, mutrivõti, eeskoda; Ben näitab mulle mutrivõtit",
        "Ben tegi ettepaneku Green, küünlajalg, ballisaal; Cat lükkas ümber",
        "Cat teeb ettepaneku: Plum raamatukogus köiega; Dan ei näita; Ann näitab Catile kaarti Professor Plum",
        "Dan süüdistab: Scarlet, pistoda, köök; vale",
    ]
    code, out, err = run("clue", "add", *statements, env=ET)
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("Salvestatud: ")] == [
        "Salvestatud: Ann teeb ettepaneku: Mrs. Peacock, Mutrivõti, Eeskoda; Ben näitab kaarti Mutrivõti",
        "Salvestatud: Ben teeb ettepaneku: Mr. Green, Küünlajalg, Ballisaal; Cat näitab",
        "Salvestatud: Cat teeb ettepaneku: Professor Plum, Raamatukogu, Köis; Dan ei näita; "
        "Ann näitab kaarti Professor Plum",
        "Salvestatud: Dan süüdistab: Miss Scarlett, Pistoda, Köök; vale",
    ]
    assert "Uued kindlad faktid:\n  Mutrivõti on mängija Ben käes" in out
    code, exported, _err = run("clue", "export", env=ET)
    assert code == 0
    assert exported.splitlines()[-4:] == [
        "Ann suggests Mrs. Peacock, Wrench, Hall; Ben shows Wrench",
        "Ben suggests Mr. Green, Candlestick, Ballroom; Cat shows",
        "Cat suggests Professor Plum, Library, Rope; Dan passes; Ann shows Professor Plum",
        "Dan accuses Miss Scarlet, Knife, Kitchen; wrong",
    ]
    code, out, _err = run("clue", "status", env=ET)
    assert "Viimane rida 9 (4. sündmus): Dan süüdistab: Miss Scarlett, Pistoda, Köök; vale" in out
    code, out, _err = run("clue", "undo", env=ET)
    assert out.splitlines()[-1] == "Eemaldatud: Dan süüdistab: Scarlet, pistoda, köök; vale  (alles 3 sündmust)"


def test_a_refused_statement_is_told_in_estonian_and_nothing_is_written(home: Path) -> None:
    assert run("clue", "new", "ilt", "--players", "Ann,Ben,Cat,Dan", env=ET)[0] == 0
    before = (home / "sessions" / "ilt.clue").read_text(encoding="utf-8")
    code, _out, err = run("clue", "add", "Ben teeb ettepaneku: Plum, köis; Kat näitab", env=ET)
    assert code == 2
    assert err.splitlines() == [
        "viga: lause 1, veerg 22: nimeta igast kategooriast üks kaart (kahtlusalune, relv, tuba): puudub tuba: "
        "'Plum, köis'",
        "viga: lause 1, veerg 34: vastus algab mängija nimega (Ann, Ben, Cat, Dan): 'Kat' (kas mõtlesid: Cat?)",
    ]
    assert (home / "sessions" / "ilt.clue").read_text(encoding="utf-8") == before


def test_why_accepts_and_answers_a_fact_in_estonian() -> None:
    code, out, _err = run("clue", "why", "Mutrivõti on mängija Ben käes", "--file", EXAMPLE, env=ET)
    assert code == 0
    assert out.splitlines()[1] == "Mutrivõti on mängija Ben käes: kindel."
    assert "Seda nõuavad need read (jäta ükskõik milline välja ja see enam ei järeldu):" in out
    code, out, _err = run("clue", "why", "Benil on köis", "--file", EXAMPLE, env=ET)
    assert (
        code == 0
        and out.splitlines()[1] == "Pole kindel: Köis on mängija Ben käes – nii on 53,1% sobivatest jaotustest."
    )
    assert run("clue", "why", "Ben has Rope", "--file", EXAMPLE, env=ET)[1] == out  # English facts are read too


def test_accuse_show_review_and_clock_speak_estonian() -> None:
    out = run("clue", "accuse?", "--file", EXAMPLE, env=ET)[1]
    assert "Veel pole kindel. Parim oletus: Mr. Green, Pistoda, Söögituba" in out
    assert "Vastased, kes võivad ümbriku sisu juba teada:" in out and "Soovitus: " in out
    out = run("clue", "show?", "Ben teeb ettepaneku: Plum, köis, salong", "--file", EXAMPLE, env=ET)[1]
    assert "Näita kaarti " in out
    out = run("clue", "review", EXAMPLE, env=ET)[1]
    assert "Ülevaade mängija Ann märkmikust kuni reani 20" in out and "Kõige kulukamad käigud:" in out
    vegas = str(ROOT / "examples" / "lost-in-vegas-2p.clue")
    out = run("clue", "clock", "--file", vegas, env=ET)[1]
    assert "Kell: 16:00 (8 täisringi, tuletatud logi käikudest); aeg on läbi." in out
    assert "Parim lõplik panus: Jack Violet, Action 3, Hospital (17%)." in out


def test_estonian_at_a_narrow_terminal_width(tmp_path: Path) -> None:
    copy = tmp_path / "g.clue"
    shutil.copyfile(EXAMPLE, copy)
    code, out, _err = run("replay", str(copy), env={**ET, "COLUMNS": "40"})
    assert code == 0 and "Märkmik" in out


def test_rules_show_follows_the_language() -> None:
    assert "Mängu eesmärk" in run("rules", "list", "clue", env=ET)[1]
    assert "Mängu eesmärk" in run("--lang", "et", "rules", "list", "clue", env=EN)[1]
    assert "Object of the game" in run("rules", "list", "clue", env=EN)[1]


@pytest.mark.parametrize(
    ("args", "estonian", "english"),
    [
        (("clue", "why"), "Viga: puudub argument 'FACT'.", "Error: Missing argument 'FACT'."),
        (
            ("clue", "review", "--file", "x"),
            "Viga: sellist võtit pole: '--file'.",
            "Error: No such option '--file'.",
        ),
        (
            ("clue", "nxt"),
            "Viga: sellist käsku pole: 'nxt'. Kas mõtlesid: 'next'?",
            "Error: No such command 'nxt'. Did you mean 'next'? Did you mean 'next'?",
        ),
        (("replay", "a", "b"), "Viga: ootamatu lisaargument (b)", "Error: Got unexpected extra argument (b)"),
    ],
)
def test_a_usage_error_is_told_in_estonian_and_english_is_unchanged(
    args: tuple[str, ...], estonian: str, english: str
) -> None:
    code, _out, err = run(*args, env=ET)
    assert code == 2 and err.splitlines()[-1] == estonian
    assert err.splitlines()[0].startswith("Kasutus: cluesolver ")
    command = {"why": "clue why", "review": "clue review", "nxt": "clue", "a": "replay"}[args[1]]
    assert err.splitlines()[1] == f"Abi annab 'cluesolver {command} --help'."
    code, _out, err = run(*args, env=EN)
    assert code == 2 and err.splitlines()[-1] == english
    assert err.splitlines()[0].startswith("Usage: cluesolver ")


def test_play_reads_the_estonian_command_words_only_in_estonian() -> None:
    from cluesolver.cli.clue_play import command_word
    from rulesref.core.i18n import speaking

    with speaking("et"):
        assert [command_word(w) for w in ("miks", "Järgmine", "süüdista?", "näita?", "tagasi", "why")] == [
            "why", "next", "accuse?", "show?", "undo", "why",
        ]  # fmt: skip
    with speaking("en"):
        assert [command_word(w) for w in ("miks", "tagasi", "Why")] == ["miks", "tagasi", "why"]
