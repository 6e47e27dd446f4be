"""The game registry's typed seam: every game's ``game`` module is a ``GameFiles``.

What a game supports is data in its module (a function, or ``None`` for a verb it lacks),
and the registry answers from that data; a verb a game lacks is refused with the same
message as before the seam was typed.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.registry import GAMES, FileResult, Game, GameFiles, game_of
from rulesref.core.errors import InputError
from rulesref.core.findings import CheckReport
from rulesref.core.games import CLUE, LAS_VEGAS, LORDS_OF_VEGAS, WELCOME

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples"

#: Each game's module and the verbs its files support.
MODULES = {
    CLUE: ("cluesolver.clue.game", {"check", "replay"}),
    LAS_VEGAS: ("rulesref.las_vegas.game", {"check", "score", "replay"}),
    LORDS_OF_VEGAS: ("rulesref.lords.game", {"check", "score", "replay"}),
    WELCOME: ("rulesref.welcome.game", {"check", "score"}),
}

#: One example file of each game.
EXAMPLES = {
    CLUE: EX / "classic-4p.clue",
    LAS_VEGAS: EX / "las-vegas-night.toml",
    LORDS_OF_VEGAS: EX / "lords-night.lov",
    WELCOME: EX / "welcome-table-3p.toml",
}


def test_every_game_is_registered() -> None:
    assert set(GAMES) == set(MODULES)
    assert all(g.id == gid for gid, g in GAMES.items())


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_each_game_module_satisfies_the_protocol(game_id: str) -> None:
    name, verbs = MODULES[game_id]
    module = importlib.import_module(name)
    assert isinstance(module, GameFiles)  # runtime_checkable: every member is there
    assert GAMES[game_id].files() is module
    assert callable(module.check_file)
    # a verb the game lacks is a None in its module, not a missing attribute
    for verb, func in (("score", module.score_file), ("replay", module.replay_file)):
        assert (func is not None) == (verb in verbs)
        assert func is None or callable(func)


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_supports_answers_from_the_modules_data(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.verbs() == frozenset(MODULES[game_id][1])
    for verb in ("check", "score", "replay"):
        assert game.supports(verb) == (verb in MODULES[game_id][1])
    assert not game.supports("serve")  # not a verb over files


def test_supports_follows_the_data_not_the_attribute() -> None:
    """A module whose ``score_file`` is there but ``None`` does not support ``score``."""

    class Files:
        replay_file = None
        score_file = None

        @staticmethod
        def check_file(path: Path) -> CheckReport:
            raise AssertionError("not called")

    files = Files()
    assert isinstance(files, GameFiles)
    game = Game("demo", "Demo", lambda: files)
    assert hasattr(files, "score_file") and not game.supports("score")
    assert game.verbs() == {"check"}
    with pytest.raises(InputError) as exc:
        game.replay(Path("demo.txt"))
    assert str(exc.value) == "'replay' does not apply to Demo files"


def test_a_module_missing_a_member_is_not_game_files() -> None:
    class Files:
        @staticmethod
        def check_file(path: Path) -> CheckReport:
            raise AssertionError("not called")

    assert not isinstance(Files(), GameFiles)


@pytest.mark.parametrize(
    ("game_id", "verb", "message"),
    [
        (CLUE, "score", "'score' does not apply to Clue files"),
        (WELCOME, "replay", "'replay' does not apply to Welcome to New Las Vegas files"),
    ],
)
def test_an_unsupported_verb_keeps_its_message(game_id: str, verb: str, message: str) -> None:
    game, path = GAMES[game_id], EXAMPLES[game_id]
    with pytest.raises(InputError) as exc:
        game.score(path) if verb == "score" else game.replay(path)
    assert [p.message for p in exc.value.problems()] == [message]
    assert str(exc.value) == message


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("score", str(EXAMPLES[CLUE])),
            f"error: {EXAMPLES[CLUE]}: 'score' does not apply to clue files: "
            f"use 'cluesolver replay {EXAMPLES[CLUE]}' or 'cluesolver check {EXAMPLES[CLUE]}'",
        ),
        (
            ("replay", str(EXAMPLES[WELCOME])),
            f"error: {EXAMPLES[WELCOME]}: 'replay' does not apply to welcome-to-new-las-vegas files: "
            f"use 'cluesolver score {EXAMPLES[WELCOME]}' or 'cluesolver check {EXAMPLES[WELCOME]}'",
        ),
    ],
)
def test_the_cli_refuses_an_unsupported_verb_and_names_the_verbs_that_apply(args: tuple[str, ...], line: str) -> None:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert line in result.output.splitlines()


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_results_are_typed_and_have_to_json(game_id: str) -> None:
    game, path = game_of(EXAMPLES[game_id]), EXAMPLES[game_id]
    assert game is GAMES[game_id]
    assert isinstance(game.check(path), CheckReport)
    results: list[FileResult] = []
    if game.supports("score"):
        results.append(game.score(path))
    if game.supports("replay"):
        results.append(game.replay(path, at=1))
    assert results
    for result in results:
        assert isinstance(result.to_json(), dict)


def test_looking_a_game_up_imports_no_engine() -> None:
    """``game_of`` and ``supports`` load the light ``game`` module only (start-up stays light)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from cluesolver.registry import game_of\n"
        f"g = game_of(Path({str(EXAMPLES[LAS_VEGAS])!r}))\n"
        "assert g.supports('score') and g.verbs()\n"
        "print(sorted(m for m in sys.modules if m.startswith('rulesref.las_vegas')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "['rulesref.las_vegas', 'rulesref.las_vegas.game']"
