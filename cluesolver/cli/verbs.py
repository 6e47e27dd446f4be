"""``replay``, ``check`` and ``score`` over any game file; the file says which game.

The library does the work through the one game registry (:mod:`cluesolver.registry`);
each game's CLI module renders the result (``show_check``, ``show_score``,
``show_replay``) and returns the exit code.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from cluesolver.cli.common import JsonOption, guarded
from rulesref.core.errors import InputError, Problem
from rulesref.core.games import CLUE, LAS_VEGAS, LORDS_OF_VEGAS, WELCOME

if TYPE_CHECKING:
    from cluesolver.registry import Game


def _clue() -> ModuleType:
    from cluesolver.cli import clue_files

    return clue_files


def _las_vegas() -> ModuleType:
    from cluesolver.cli import las_vegas

    return las_vegas


def _lords() -> ModuleType:
    from cluesolver.cli import lords

    return lords


def _welcome() -> ModuleType:
    from cluesolver.cli import welcome

    return welcome


#: Each game's renderers, by game id (imported when a file of that game is shown).
VIEWS: dict[str, Callable[[], ModuleType]] = {
    CLUE: _clue,
    LAS_VEGAS: _las_vegas,
    LORDS_OF_VEGAS: _lords,
    WELCOME: _welcome,
}

FileArg = Annotated[
    Path, typer.Argument(help="A game file: .clue log, TOML state or sheet, or a game log.", show_default=False)
]


def _view(game: Game, verb: str, path: Path) -> ModuleType:
    """The game's renderers, once the registry says the game supports ``verb``."""
    if not game.supports(verb):
        instead = " or ".join(f"'cluesolver {v} {path}'" for v in ("replay", "score", "check") if game.supports(v))
        way = f": use {instead}" if instead else ""
        raise InputError(Problem(f"'{verb}' does not apply to {game.id} files{way}", path=str(path)))
    return VIEWS[game.id]()


@guarded
def replay(
    file: FileArg,
    at: Annotated[
        Optional[int], typer.Option("--at", help="Stop after this line (Clue) or round/step (Vegas games).")
    ] = None,
    why: Annotated[
        Optional[str], typer.Option("--why", help='Explain a fact, e.g. "Ben has Knife" (Clue logs).')
    ] = None,
    as_json: JsonOption = False,
) -> int:
    """Replay a game file and show where it stands.

    Example: cluesolver replay examples/classic-4p.clue --at 12
    """
    from cluesolver.registry import game_of

    game = game_of(file)
    view = _view(game, "replay", file)
    return int(view.show_replay(game.replay(file, at=at), path=file, as_json=as_json, why=why))


@guarded
def check(file: FileArg, as_json: JsonOption = False) -> int:
    """Check a game file against the rules; exit 1 if problems are found.

    Example: cluesolver check examples/classic-4p.clue
    """
    from cluesolver.registry import game_of

    game = game_of(file)
    view = _view(game, "check", file)
    return int(view.show_check(game.check(file), path=file, as_json=as_json))


@guarded
def score(file: FileArg, as_json: JsonOption = False) -> int:
    """Compute final scores and standings of a game file.

    Example: cluesolver score examples/las-vegas-night.toml
    """
    from cluesolver.registry import game_of

    game = game_of(file)
    view = _view(game, "score", file)
    return int(view.show_score(game.score(file), path=file, as_json=as_json))
