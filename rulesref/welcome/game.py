"""Welcome to New Las Vegas in the game registry: ``check`` and ``score`` of a table file.

A light module: the engines are imported inside the functions.  A table file holds the
sheets at the end of a game, not the turns, so there is no ``replay`` for this game:
``replay_file`` is ``None``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesref.core.findings import CheckReport
    from rulesref.welcome.results import ScoreReport

#: A table file holds the final sheets, not the turns: nothing to replay.
replay_file: None = None


def check_file(path: Path) -> CheckReport:
    """Every rule problem on every sheet of the table file at ``path``."""
    from rulesref.welcome.checker import check_table
    from rulesref.welcome.loader import load_table

    return check_table(load_table(path))


def score_file(path: Path) -> ScoreReport:
    """Final scores of the table file at ``path``, with the rule problems its sheets show."""
    from rulesref.welcome.checker import check_table
    from rulesref.welcome.loader import load_table
    from rulesref.welcome.results import ScoreReport
    from rulesref.welcome.scoring import score_table

    table = load_table(path)
    return ScoreReport(score_table(table), check_table(table), str(path))
