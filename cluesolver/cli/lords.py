"""Lords of Vegas: payouts, score track, costs, gamble."""

from __future__ import annotations

import typer

app = typer.Typer(help="Lords of Vegas: payouts, score track, costs, gamble.", no_args_is_help=True)
