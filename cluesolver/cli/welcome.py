"""Welcome to New Las Vegas: score sheets and final scoring."""

from __future__ import annotations

import typer

app = typer.Typer(help="Welcome to New Las Vegas: score sheets and final scoring.", no_args_is_help=True)
