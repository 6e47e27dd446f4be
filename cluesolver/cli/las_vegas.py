"""Las Vegas (dice game): payouts, checks, replay."""

from __future__ import annotations

import typer

app = typer.Typer(help="Las Vegas (dice game): payouts, checks, replay.", no_args_is_help=True)
