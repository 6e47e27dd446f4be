"""The one game registry: a game id to what the library can do with its files.

``replay``, ``check`` and ``score`` (and the web page) look a game up here after
:func:`rulesref.core.games.detect_game` has said which game a file belongs to.  Each
game package offers a small ``game`` module (``cluesolver.clue.game``,
``rulesref.las_vegas.game``, ``rulesref.lords.game``, ``rulesref.welcome.game``) with

* ``check_file(path) -> CheckReport`` - every rule problem, as findings;
* ``score_file(path) -> result``      - final scores (a value object with ``to_json()``);
* ``replay_file(path, at=None) -> result`` - where the game stands after a step.

The ``game`` modules import their engines inside these functions, so looking a game up
loads nothing heavy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from rulesref.core.errors import InputError, Problem
from rulesref.core.games import CLUE, LAS_VEGAS, LORDS_OF_VEGAS, WELCOME, detect_game

if TYPE_CHECKING:  # the games' modules import it when they check a file
    from rulesref.core.findings import CheckReport


@dataclass(frozen=True)
class Game:
    """One game's entry: its id, its title and what its files support."""

    id: str
    title: str
    module: Callable[[], ModuleType]

    def check(self, path: Path) -> CheckReport:
        result: CheckReport = self._verb("check")(path)
        return result

    def score(self, path: Path) -> Any:
        return self._verb("score")(path)

    def replay(self, path: Path, at: int | None = None) -> Any:
        return self._verb("replay")(path, at=at)

    def supports(self, verb: str) -> bool:
        return hasattr(self.module(), f"{verb}_file")

    def _verb(self, verb: str) -> Callable[..., Any]:
        func = getattr(self.module(), f"{verb}_file", None)
        if func is None:
            raise InputError(Problem(f"'{verb}' does not apply to {self.title} files"))
        return func


def _clue() -> ModuleType:
    from cluesolver.clue import game

    return game


def _las_vegas() -> ModuleType:
    from rulesref.las_vegas import game

    return game


def _lords() -> ModuleType:
    from rulesref.lords import game

    return game


def _welcome() -> ModuleType:
    from rulesref.welcome import game

    return game


GAMES: dict[str, Game] = {
    CLUE: Game(CLUE, "Clue", _clue),
    LAS_VEGAS: Game(LAS_VEGAS, "Las Vegas", _las_vegas),
    LORDS_OF_VEGAS: Game(LORDS_OF_VEGAS, "Lords of Vegas", _lords),
    WELCOME: Game(WELCOME, "Welcome to New Las Vegas", _welcome),
}


def game_of(path: Path) -> Game:
    """The registry entry of the game a file belongs to."""
    return GAMES[detect_game(path)]
