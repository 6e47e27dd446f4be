"""Clue editions: list and show built-in and user variants."""

from __future__ import annotations

import typer

app = typer.Typer(help="Clue editions: list and show built-in and user variants.", no_args_is_help=True)
