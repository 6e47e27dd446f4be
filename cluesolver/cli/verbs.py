"""``replay``, ``check`` and ``score`` over any game file; the file says which game.

Each game's CLI module offers ``replay_file``, ``check_file`` and ``score_file``
(keyword arguments ``as_json`` and, for replay, ``at``/``why``) that return an exit
code; this module only detects the game and hands the file over.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated

import typer

from cluesolver.cli.common import JsonOption, guarded
from rulesref.core.errors import InputError, Problem
from rulesref.core.games import CLUE, LAS_VEGAS, LORDS_OF_VEGAS, WELCOME, detect_game

_HANDLERS = {
    CLUE: "cluesolver.cli.clue_files",
    LAS_VEGAS: "cluesolver.cli.las_vegas",
    LORDS_OF_VEGAS: "cluesolver.cli.lords",
    WELCOME: "cluesolver.cli.welcome",
}

FileArg = Annotated[
    Path, typer.Argument(help="A game file: .clue log, TOML state or sheet, or a game log.", show_default=False)
]


def _handler(path: Path, verb: str):  # type: ignore[no-untyped-def]
    game = detect_game(path)
    module = importlib.import_module(_HANDLERS[game])
    func = getattr(module, f"{verb}_file", None)
    if func is None:
        raise InputError(Problem(f"'{verb}' does not apply to {game} files", path=str(path)))
    return func


@guarded
def replay(
    file: FileArg,
    at: Annotated[
        int | None, typer.Option("--at", help="Stop after this line (Clue) or round/step (Vegas games).")
    ] = None,
    why: Annotated[str | None, typer.Option("--why", help='Explain a fact, e.g. "Ben has Knife" (Clue logs).')] = None,
    as_json: JsonOption = False,
) -> int:
    """Replay a game file and show where it stands.

    Example: cluesolver replay examples/classic-4p.clue --at 12
    """
    return int(_handler(file, "replay")(file, as_json=as_json, at=at, why=why) or 0)


@guarded
def check(file: FileArg, as_json: JsonOption = False) -> int:
    """Check a game file against the rules; exit 1 if problems are found.

    Example: cluesolver check examples/classic-4p.clue
    """
    return int(_handler(file, "check")(file, as_json=as_json) or 0)


@guarded
def score(file: FileArg, as_json: JsonOption = False) -> int:
    """Compute final scores and standings of a game file.

    Example: cluesolver score examples/las-vegas-night.toml
    """
    return int(_handler(file, "score")(file, as_json=as_json) or 0)
