"""Lords of Vegas files for the verbs ``check``, ``score`` and ``replay`` (the game registry's entry).

A file is a game log (``.lov``: a ``game:`` header line) or a TOML state.  This module is
light: the engine is imported inside each function.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rulesref.core.files import read_text
from rulesref.core.games import header_value
from rulesref.core.i18n import _

if TYPE_CHECKING:
    from rulesref.core.findings import CheckReport
    from rulesref.lords.replay import Replay
    from rulesref.lords.results import FinalScore, Position


def is_log(path: Path, text: str | None = None) -> bool:
    """A game log has a ``game:`` header line (or the ``.lov`` suffix); a ``.toml`` file is a state."""
    if path.suffix.lower() == ".toml":
        return False
    if text is None:
        text = read_text(path)
    return header_value(text, "game") is not None or path.suffix.lower() == ".lov"


def load_replay(path: Path, at: int | None = None) -> Replay:
    """Read and replay a game log (up to turn ``at``)."""
    from rulesref.core.errors import InputError, Problem
    from rulesref.lords.gamelog import load_log
    from rulesref.lords.replay import replay

    if at is not None and at < 0:
        raise InputError(Problem(_("--at counts turns and cannot be negative"), text=str(at)))
    return replay(load_log(path), at)


def check_file(path: Path) -> CheckReport:
    """Every rule problem of a state or a game log, as one report."""
    from rulesref.lords.checker import log_report, state_report
    from rulesref.lords.loader import load_state

    if is_log(path):
        return log_report(load_replay(path))
    return state_report(load_state(path), str(path))


def score_file(path: Path) -> FinalScore:
    """Final standings: a state after the End of Game payout, or a replayed log."""
    from rulesref.lords.loader import load_state
    from rulesref.lords.results import score_log, score_state

    if is_log(path):
        return score_log(load_replay(path))
    return score_state(load_state(path), str(path))


def replay_file(path: Path, at: int | None = None) -> Replay | Position:
    """A game log replayed step by step (up to turn ``at``); a state file as it stands."""
    from rulesref.lords.loader import load_state
    from rulesref.lords.results import Position

    if is_log(path):
        return load_replay(path, at)
    return Position(load_state(path), str(path))
