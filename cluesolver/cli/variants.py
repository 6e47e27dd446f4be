"""``cluesolver variants``: the Clue editions built in, and user variant files."""

from __future__ import annotations

from typing import Annotated

import typer

from cluesolver.cli.common import JsonOption, console, emit_json, guarded

app = typer.Typer(
    help="Clue editions: list and show built-in and user variants.\n\nExample: cluesolver variants show master-detective",
    no_args_is_help=True,
)


@app.command("list")
@guarded
def list_(as_json: JsonOption = False) -> int:
    """List the built-in Clue editions with their aliases and sizes.

    Example: cluesolver variants list
    """
    from rich.table import Table
    from rich.text import Text

    from cluesolver.clue import variants

    found = variants.built_ins()
    if as_json:
        emit_json([v.summary_json() for v in found])
        return 0
    table = Table(title="Clue editions", header_style="bold")
    for col in ("id", "name", "aliases", "cards", "players"):
        table.add_column(col)
    for v in found:
        cells = (v.id, v.name, ", ".join(v.aliases), str(len(v.cards)), f"{v.min_players}-{v.max_players}")
        table.add_row(*(Text(c) for c in cells))
    console().print(table)
    return 0


@app.command("show")
@guarded
def show(
    variant: Annotated[str, typer.Argument(help="A variant id, alias, or path to a variant file (TOML).")],
    as_json: JsonOption = False,
) -> int:
    """Show one edition: its cards by category, aliases and hand sizes.

    Example: cluesolver variants show classic
    """
    from rich.table import Table
    from rich.text import Text

    from cluesolver.clue import variants

    v = variants.get(variant)
    if as_json:
        emit_json(v.to_json())
        return 0
    out = console()
    out.print(
        Text.assemble(
            (v.name, "bold"),
            f" ({v.id}) — {len(v.cards)} cards, {v.min_players}-{v.max_players} players"
            + (f"; aliases: {', '.join(v.aliases)}" if v.aliases else ""),
        )
    )
    for cat in v.categories:
        table = Table(
            title=Text(f"{cat.name} ({cat.id})" + (f" — also: {', '.join(cat.aliases)}" if cat.aliases else "")),
            header_style="bold",
            title_justify="left",
        )
        table.add_column("card")
        table.add_column("aliases")
        for name in cat.cards:
            mark = " (provisional)" if name in v.provisional else ""
            table.add_row(Text(name + mark), Text(", ".join(v.card(name).aliases)))
        out.print(table)
    sizes = Table(
        title="Hand sizes (dealt one at a time from the first player)", header_style="bold", title_justify="left"
    )
    sizes.add_column("players")
    sizes.add_column("hands")
    for n in v.player_counts():
        sizes.add_row(str(n), ", ".join(map(str, v.default_hands(n))))
    if v.two_player_table:
        sizes.add_row(
            "2 (with table cards)",
            ", ".join(map(str, v.default_hands(2, v.two_player_table)))
            + f" + {v.two_player_table} face down on the table",
        )
    out.print(sizes)
    if v.provisional:
        out.print(
            f"Provisional names (not in our sources; rename them for your box with a variant file): "
            f"{', '.join(v.provisional)}",
            markup=False,
        )
    return 0
