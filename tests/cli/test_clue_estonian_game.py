"""A whole classic game played in Estonian through the CLI (issue 28): every statement of
examples/classic-4p.clue typed in Estonian as a player would say it, each echoed in Estonian;
a refused statement, undo and edit on the way; then the table commands.  Their output holds
no English word once the names (players, cards, the editions, the command names) are taken
out, and the log keeps the canonical statements of the example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.clue import variants
from cluesolver.clue.record.reader import read_log
from cluesolver.clue.record.writer import say_event
from rulesref.core.i18n import speaking
from tests.helpers import ROOT

runner = CliRunner()
EXAMPLE = ROOT / "examples" / "classic-4p.clue"
ET = {"CLUESOLVER_LANG": "et"}

#: The example's statements as an Estonian player types them: the rulebook's verbs, cards by
#: their Estonian names in any case, suspects with a case ending, cards run together in words.
SAID = (
    "Ann teeb ettepaneku: Peacock, mutrivõti, eeskoda; Ben näitab mulle mutrivõtit",
    "Ben teeb ettepaneku: Green, küünlajalg, ballisaal; Cat näitab",
    "Cat tegi ettepaneku Plum, pliitoru, salong; Dan lükkas ümber",
    "Dan teeb ettepaneku: Plum pliitoruga raamatukogus; Ann näitab Danile Professor Plumi",
    "Ann teeb ettepaneku: Peacock, pistoda, eeskoda; Ben ei näita; Cat näitab Mrs. Peacocki",
    "Ben teeb ettepaneku: White, küünlajalg, piljardituba; Cat näitab",
    "Cat teeb ettepaneku: Scarlet, revolver, ballisaal; Dan näitab",
    "Dan teeb ettepaneku: Mustard, mutrivõti, ballisaal; Ann näitab kaarti Ballisaal",
    "Ann teeb ettepaneku: Mustard, pistoda, talveaed; Ben näitab mulle talveaeda",
    "Ben teeb ettepaneku: Green, köis, ballisaal; Cat ei näita; Dan passib; Ann näitab ballisaali",
    "Cat teeb ettepaneku: Mustard pistodaga eeskojas; Dan näitab",
    "Dan teeb ettepaneku: Scarlet, köis, raamatukogu; Ann ei näita; Ben lükkab ümber",
    "Ann teeb ettepaneku: Green, pistoda, piljardituba; Ben näitab mulle piljardituba",
    "Ben teeb ettepaneku: Peacock, pliitoru, söögituba; Cat näitab",
)

#: English words that must not be left in Estonian output (checked as whole words, case folded).
ENGLISH = (
    "the", "of", "and", "is", "in", "to", "for", "with", "from", "not", "no", "or", "it", "by",
    "notebook", "envelope", "player", "players", "suggest", "suggests", "suggestion", "suggestions",
    "certain", "impossible", "holds", "has", "have", "shows", "shown", "passes", "nobody", "deal",
    "deals", "line", "lines", "card", "cards", "best", "chance", "wait", "accuses", "accusation",
    "wrong", "correct", "error", "warning", "session", "recorded", "likely", "solution", "category",
    "suspect", "weapon", "room", "value", "gain", "settles", "review", "round", "rounds", "bits",
    "combinations", "possible", "turn", "turns", "advice", "already", "before", "after", "then",
)  # fmt: skip


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLUESOLVER_LANG", raising=False)
    return tmp_path / "home"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=ET)
    return result.exit_code, result.stdout, result.stderr


def names_taken_out(text: str) -> str:
    """``text`` without what stays as it is in Estonian: the players, every card's names (English
    and Estonian), the editions' names, the command names and paths; a name with an Estonian case
    ending after it too (``Lost in Vegase``, ``Professor Plumi``)."""
    classic = variants.get("classic")
    names = ["Ann", "Ben", "Cat", "Dan", "Lost in Vegas", "all-in", "Clue", "cluesolver"]
    for card in classic.cards:
        names += [card.name, *card.aliases, *(n for _lang, n in card.names)]
    names += ["accuse?", "show?", "clue next", "clue add", "clue delete", "status", "undo", "why", "next", "export"]
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?i)(?<!\w){re.escape(name)}(['’]?[a-zõäöü]{{1,4}})?(?!\w)", " ", text)  # 'Vegase'
    return re.sub(r"\S*/\S*", " ", text)  # paths


def english_left(text: str) -> list[str]:
    words = re.findall(r"[a-zA-Z]+", names_taken_out(text).casefold())
    return sorted({w for w in words if w in ENGLISH})


def test_the_english_word_check_bites() -> None:
    assert english_left("Notebook\nCard Ann (me) Envelope") == ["card", "envelope", "notebook"]
    assert english_left("Kindlalt teada: mängija Ben käes on Mutrivõti, Wrench; Mrs. Peacock") == []


def test_a_whole_classic_game_played_in_estonian(home: Path) -> None:
    example = read_log(EXAMPLE)
    code, out, err = run(
        "clue", "new", "ohtu", "--game", "classic", "--players", "Ann,Ben,Cat,Dan", "--me", "Ann",
        "--cards", "Plum, revolver, ballisaal, salong, kabinet",
    )  # fmt: skip
    assert code == 0, err
    outputs = [out]
    with speaking("et"):
        echoes = [say_event(e, example) for e in example.events]
    assert len(echoes) == len(SAID)
    for i, (said, echo) in enumerate(zip(SAID, echoes, strict=True)):
        if i == 5:  # a statement with a mistyped card: refused in Estonian, nothing written
            code, out, err = run("clue", "add", said.replace("küünlajalg", "vibu"))
            assert code == 2 and out.splitlines()[1:] == []
            assert err.startswith("viga: lause 1, veerg ") and "tundmatu kaart: 'vibu'" in err
            outputs.append(err)
        code, out, err = run("clue", "add", said)
        assert code == 0, (said, err)
        assert out.splitlines()[1] == f"Salvestatud: {echo}", said
        outputs.append(out)
        if i == 8:  # a wrong line recorded, taken back with undo, then edited after a right one
            wrong = "Ann teeb ettepaneku: Mustard, pistoda, talveaed; Ben näitab"
            code, out, err = run("clue", "undo")
            assert code == 0 and out.splitlines()[1].startswith("Eemaldatud: Ann teeb ettepaneku: Mustard")
            assert run("clue", "add", wrong)[0] == 0
            line = len((home / "sessions" / "ohtu.clue").read_text(encoding="utf-8").splitlines())
            code, out, err = run("clue", "edit", str(line), said)
            assert code == 0, err
            assert out.splitlines()[1].startswith(f"Rida {line} on nüüd: Ann teeb ettepaneku: Mustard")
            outputs.append(out)
    code, exported, _err = run("clue", "export")
    assert code == 0
    statements = [line for line in exported.splitlines() if " suggests " in line]
    assert statements == [line for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if " suggests " in line]

    session = str(home / "sessions" / "ohtu.clue")
    for args in (
        ("clue", "status"),
        ("clue", "next"),
        ("clue", "next", "--room", "köök"),
        ("clue", "accuse?"),
        ("clue", "why", "Benil on mutrivõti"),
        ("clue", "why", "Pistoda on ümbrikus"),
        ("clue", "why", "Catil pole köit"),
        ("clue", "show?", "Dan teeb ettepaneku: Plum, revolver, köök"),
        ("clue", "review"),
        ("clue", "clock"),
        ("clue", "check"),
        ("replay", session),
        ("replay", session, "--at", "12"),
    ):
        code, out, err = run(*args)
        assert code == 0, (args, err)
        assert english_left(out) == [], (args, out)
        outputs.append(out)
    for out in outputs:
        assert english_left(out) == [], out
    status = run("clue", "status")[1]
    assert "Märkmik" in status and "Ümbrik" in status and "Kindlalt teada: mängija Ben käes on Mutrivõti" in status


def test_play_in_estonian_takes_estonian_statements_and_command_words(home: Path) -> None:
    """``clue play`` through a pseudo-terminal in Estonian: statements typed in Estonian, the
    commands by their Estonian words (miks, järgmine, süüdista?, tagasi, abi, lõpeta)."""
    from tests.cli.test_clue_play import Terminal, env_for

    code, _out, err = run("clue", "new", "ohtu", "--players", "Ann,Ben,Cat,Dan", "--me", "Ann", "--cards", "Plum, revolver, ballisaal, salong, kabinet")  # fmt: skip
    assert code == 0, err
    term = Terminal(["clue", "play"], {**env_for(home), "CLUESOLVER_LANG": "et"})
    seen = [term.expect("Käsud näitab 'abi', lõpetab Ctrl-D."), term.expect(r"ohtu>")]
    for said in SAID[:4]:
        term.line(said)
        seen += [term.expect("Salvestatud: "), term.expect(r"ohtu>")]
    for command, answer in (
        ("abi", r"miks \| why <fakt>"),
        ("miks Benil on mutrivõti", r"Mutrivõti on mängija Ben käes: kindel\."),
        ("järgmine köök", r"Parimad ettepanekud mängijale Ann, asukoht Köök"),
        ("süüdista?", r"Veel pole kindel\. Parim oletus: "),
        ("tagasi", r"Eemaldatud: Dan teeb ettepaneku: Plum pliitoruga raamatukogus"),
    ):
        term.line(command)
        seen += [term.expect(answer), term.expect(r"ohtu>")]
    term.line("lõpeta")
    seen.append(term.expect("Salvestatud: "))
    assert term.close() == 0
    text = re.sub(r"(?m)^.*ohtu> ?.*$", "", "\n".join(seen))  # the lines typed (echoed) are the player's
    assert english_left(text) == [], english_left(text)
    statements = (home / "sessions" / "ohtu.clue").read_text(encoding="utf-8").split("\n\n", 1)[1].splitlines()
    assert statements == list(SAID[:3])
