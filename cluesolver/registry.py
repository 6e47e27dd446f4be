"""The one game registry: a game id to what the library can do with its files.

``replay``, ``check`` and ``score`` (and the web page) look a game up here after
:func:`rulesref.core.games.detect_game` has said which game a file belongs to.  Each
game package offers a small ``game`` module (``cluesolver.clue.game``,
``rulesref.las_vegas.game``, ``rulesref.lords.game``, ``rulesref.welcome.game``) that is a
:class:`GameFiles`:

* ``check_file(path) -> CheckReport`` - every rule problem, as findings;
* ``score_file(path) -> result``      - final scores (a :class:`FileResult`: ``to_json()``),
  or ``score_file = None`` for a game without scores (Clue);
* ``replay_file(path, at=None) -> result`` - where the game stands after a step, or
  ``replay_file = None`` for files that hold no steps (Welcome to New Las Vegas).

What a game supports is that data (a function or ``None``), never a missing attribute.
The registration functions below return each module as a :class:`GameFiles`, so mypy
checks every game against the protocol.  The ``game`` modules import their engines inside
these functions, so looking a game up loads nothing heavy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from rulesref.core.errors import InputError, Problem
from rulesref.core.games import CLUE, LAS_VEGAS, LORDS_OF_VEGAS, WELCOME, detect_game

if TYPE_CHECKING:  # the games' modules import it when they check a file
    from rulesref.core.findings import CheckReport


class FileResult(Protocol):
    """What ``score`` and ``replay`` give back: a value object with ``to_json()``."""

    def to_json(self) -> dict[str, object]: ...


class CheckFile(Protocol):
    def __call__(self, path: Path) -> CheckReport: ...


class ScoreFile(Protocol):
    def __call__(self, path: Path) -> FileResult: ...


class ReplayFile(Protocol):
    def __call__(self, path: Path, at: int | None = None) -> FileResult: ...


@runtime_checkable
class GameFiles(Protocol):
    """A game's ``game`` module: its three verbs over a file, ``None`` for a verb it lacks."""

    @property
    def check_file(self) -> CheckFile: ...

    @property
    def score_file(self) -> ScoreFile | None: ...

    @property
    def replay_file(self) -> ReplayFile | None: ...


@dataclass(frozen=True)
class Game:
    """One game's entry: its id, its title and its files' module (imported when first asked)."""

    id: str
    title: str
    files: Callable[[], GameFiles]

    def check(self, path: Path) -> CheckReport:
        return self.files().check_file(path)

    def score(self, path: Path) -> FileResult:
        score = self.files().score_file
        if score is None:
            raise self._does_not_apply("score")
        return score(path)

    def replay(self, path: Path, at: int | None = None) -> FileResult:
        replay = self.files().replay_file
        if replay is None:
            raise self._does_not_apply("replay")
        return replay(path, at=at)

    def verbs(self) -> frozenset[str]:
        """The verbs this game's files support (those its module does not set to ``None``)."""
        files = self.files()
        offered = {"check": files.check_file, "score": files.score_file, "replay": files.replay_file}
        return frozenset(verb for verb, func in offered.items() if func is not None)

    def supports(self, verb: str) -> bool:
        return verb in self.verbs()

    def _does_not_apply(self, verb: str) -> InputError:
        return InputError(Problem(f"'{verb}' does not apply to {self.title} files"))


def _clue() -> GameFiles:
    from cluesolver.clue import game

    return game


def _las_vegas() -> GameFiles:
    from rulesref.las_vegas import game

    return game


def _lords() -> GameFiles:
    from rulesref.lords import game

    return game


def _welcome() -> GameFiles:
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
