"""Welcome to New Las Vegas: sheets, streets, final scoring, the checker and solo ACME.

    >>> from rulesref.welcome import parse_streets, longest_run
    >>> longest_run(parse_streets("2 4 c 6 8 . 9")[0]).numbers
    (2, 4, 6, 8)

Modules: :mod:`.streets` (notation and runs), :mod:`.model` (the sheet as values),
:mod:`.loader` (table files), :mod:`.scoring` and :mod:`.solo` (final scoring),
:mod:`.checker` (rule problems), :mod:`.results` (what scoring returns).
"""

from rulesref.welcome.checker import check_table
from rulesref.welcome.loader import load_table, parse_table
from rulesref.welcome.model import Sheet, Table
from rulesref.welcome.results import PlayerResult, TableResult, Zone
from rulesref.welcome.scoring import bank_outcome, score_table
from rulesref.welcome.streets import (
    Casino,
    Run,
    Street,
    format_street,
    format_streets,
    longest_run,
    parse_street,
    parse_streets,
    placement_problems,
    runs,
)

__all__ = [
    "Casino",
    "PlayerResult",
    "Run",
    "Sheet",
    "Street",
    "Table",
    "TableResult",
    "Zone",
    "bank_outcome",
    "check_table",
    "format_street",
    "format_streets",
    "load_table",
    "longest_run",
    "parse_street",
    "parse_streets",
    "parse_table",
    "placement_problems",
    "runs",
    "score_table",
]
