"""Las Vegas files for the verbs ``check``, ``score`` and ``replay`` (see :mod:`cluesolver.registry`).

A light module: the engine is imported inside the functions.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesref.core.findings import CheckReport
    from rulesref.las_vegas.results import ReplayResult, ScoreResult


def check_file(path: Path) -> CheckReport:
    """Every rule problem in a game file, as findings with their rule sections."""
    from rulesref.las_vegas.checker import check_game
    from rulesref.las_vegas.loader import load_game

    return check_game(load_game(path))


def score_file(path: Path) -> ScoreResult:
    """Standings, winner and tie-break of a game file (so far, if rounds are missing)."""
    from rulesref.las_vegas.checker import check_game
    from rulesref.las_vegas.loader import load_game
    from rulesref.las_vegas.results import ScoreResult
    from rulesref.las_vegas.scoring import replay

    game = load_game(path)
    return ScoreResult(replay(game), check_game(game))


def replay_file(path: Path, at: int | None = None) -> ReplayResult:
    """Every round paid out with running totals, up to round ``at`` (1-based) if given."""
    from rulesref.core.errors import InputError, Problem
    from rulesref.las_vegas.checker import check_game
    from rulesref.las_vegas.loader import load_game
    from rulesref.las_vegas.results import ReplayResult
    from rulesref.las_vegas.scoring import replay

    game = load_game(path)
    if at is not None and not 1 <= at <= len(game.rounds):
        raise InputError(Problem(f"--at must be a round from 1 to {len(game.rounds)}", path=str(path), text=str(at)))
    return ReplayResult(replay(game, upto=at), check_game(game))
