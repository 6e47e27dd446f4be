"""``clue edit``, ``clue delete`` and ``clue insert``: fix a past line of a session.

The work is :mod:`cluesolver.clue.session.edit`; this prints what it did, like ``clue add``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.cli.common import EXIT_CONTRADICTION, console, emit_json

if TYPE_CHECKING:
    from cluesolver.clue.session.edit import Fixed, Kind


def fix(path: Path, kind: Kind, line: int, statement: str | None, *, force: bool, as_json: bool) -> int:
    """Edit, delete or insert the line (validated, atomic, locked) and show what changed."""
    from cluesolver.clue.session import edit

    if kind == "delete":
        done = edit.delete_line(path, line, force=force)
    else:
        assert statement is not None
        change = edit.edit_line if kind == "edit" else edit.insert_line
        done = change(path, line, statement, force=force)
    if as_json:
        emit_json(done.to_json())
        return 0 if done.after.consistent else EXIT_CONTRADICTION
    return _show(done)


def _show(done: Fixed) -> int:
    from cluesolver.cli.clue_live_render import effect_text

    out = console()
    out.print(done.summary(), markup=False)
    if not done.written:
        return 0
    after = done.after
    out.print(effect_text(done.effect))
    if done.no_longer_certain:
        out.print("No longer certain:", style="bold")
        for fact in done.no_longer_certain:
            out.print(f"  {fact}", markup=False)
    for p in done.rules:
        out.print(f"Rule {p.severity.value}: {p.message} {p.rule}", markup=False)
    if not after.consistent:
        lines = ", ".join(str(n) for n in after.conflict)
        out.print(f"Warning: the log contradicts itself (lines {lines}).", markup=False)
        return EXIT_CONTRADICTION
    from cluesolver.clue.session.view import table_view

    view = table_view(after.log, after)  # the table view decides: game over, or accuse now
    if view.game_over is not None:
        out.print(view.game_over, markup=False)
    elif view.accuse_now:
        out.print("Solved: " + ", ".join(c for c in after.solution().values() if c) + " - accuse now.", markup=False)
    return 0
