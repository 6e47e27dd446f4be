"""Live Clue sessions at the table."""

from __future__ import annotations

import typer

app = typer.Typer(help="Live Clue sessions at the table.", no_args_is_help=True)
