"""Rules reference for the five games: list, show, search."""

from __future__ import annotations

import typer

app = typer.Typer(help="Rules reference for the five games: list, show, search.", no_args_is_help=True)
