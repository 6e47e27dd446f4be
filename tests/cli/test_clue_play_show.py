"""``clue play`` offers ``show?``: a suggestion that reaches me unanswered prints which card
to show (and is not recorded until typed with the answer); ``show? <suggestion>`` asks."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.cli.clue_advice import offer_show
from tests.cli.test_clue_play import Terminal, env_for
from tests.helpers import ANN_OF_FOUR, tiny_log

runner = CliRunner()


def test_a_suggestion_reaching_me_unanswered_offers_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    log = tiny_log("Ben suggests Gray, Axe, Barn; Cat passes; Ann shows Axe")
    assert offer_show(log, "Ben suggests Red, Axe, Cellar; Cat passes")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "You may show Ben (Red, Axe, Cellar):"
    assert out[-2] == "Show Axe: Ben has seen it from you before (nothing new)."
    assert out[-1] == (
        "Not recorded yet: type the whole line once you have shown, e.g. "
        "Ben suggests Red, Axe, Cellar; Cat passes; Ann shows Axe"
    )


@pytest.mark.parametrize(
    "line",
    [
        "Ben suggests Red, Axe, Cellar; Cat shows",  # someone before me showed
        "Ben suggests Red, Axe, Cellar; Cat passes; Ann shows Axe",  # my answer is typed
        "Ben suggests Blue, Bow, Cellar",  # I hold none of them
        "Ann suggests Red, Axe, Cellar",  # my own suggestion
        "Ben has none of Red",  # not a suggestion
        "Ben suggests Rd, Axe, Cellar",  # a typo: recording it says so
    ],
)
def test_other_lines_are_recorded_as_usual(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert not offer_show(tiny_log(), line)
    assert capsys.readouterr().out == ""


def test_play_offers_show_and_takes_the_whole_line_after(tmp_path: Path) -> None:
    home = tmp_path / "home"
    result = runner.invoke(app, ["clue", "new", "sat", *ANN_OF_FOUR], env={"CLUESOLVER_HOME": str(home)})
    assert result.exit_code == 0, result.output
    term = Terminal(["clue", "play"], env_for(home))
    term.expect(r"sat>")
    term.line("Ben suggests Scarlet, Rope, Library")  # Cat and Dan sit between: taken to pass
    term.expect(r"You may show Ben \(Miss Scarlet, Rope, Library\)")
    term.expect(
        r"Not recorded yet: type the whole line once you have shown, e\.g\. Ben suggests Miss Scarlet, Rope, "
        r"Library; Cat passes; Dan passes; Ann shows (Miss Scarlet|Rope)"
    )
    term.expect(r"sat>")
    term.line("show? Dan suggests Plum, Rope, Kitchen")
    term.expect(r"You may show Dan \(Professor Plum, Rope, Kitchen\)")
    term.expect(r"Show (Rope|Kitchen): it tells Dan least")
    term.expect(r"sat>")
    term.line("Ben suggests Scarlet, Rope, Library; Cat passes; Dan passes; Ann shows Rope")
    term.expect("Recorded: ")
    term.expect(r"sat>")
    term.line("show? Ben suggests Scarlet, Rope, Kitchen")
    term.expect(r"Show Rope: Ben has seen it from you before \(nothing new\)\.")
    term.expect(r"sat>")
    term.line("quit")
    term.expect("Saved: ")
    assert term.close() == 0
    lines = (home / "sessions" / "sat.clue").read_text().splitlines()
    assert lines[-1] == "Ben suggests Scarlet, Rope, Library; Cat passes; Dan passes; Ann shows Rope"  # as typed
    assert sum("suggests" in line for line in lines) == 1
