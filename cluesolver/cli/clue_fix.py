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
    from cluesolver.cli.clue_live import rule_line, solved_line
    from cluesolver.cli.clue_live_render import effect_text
    from rulesref.core.i18n import _

    out = console()
    out.print(done.summary(), markup=False)
    if not done.written:
        return 0
    after = done.after
    variant = after.log.variant
    out.print(effect_text(done.effect, variant))
    if done.no_longer_certain:
        out.print(_("No longer certain:"), style="bold")
        for fact in done.no_longer_certain:
            out.print(f"  {fact.say(variant)}", markup=False)
    for p in done.rules:
        out.print(rule_line(p), markup=False)
    if not after.consistent:
        lines = ", ".join(str(n) for n in after.conflict)
        out.print(_("Warning: the log contradicts itself (lines {lines}).").format(lines=lines), markup=False)
        return EXIT_CONTRADICTION
    from cluesolver.clue.session.view import table_view

    view = table_view(after.log, after)  # the table view decides: game over, or accuse now
    if view.game_over is not None:
        out.print(view.game_over, markup=False)
    elif view.accuse_now:
        out.print(solved_line(after.solution().values(), variant), markup=False)
    return 0


def removed_line(line: str, events: int) -> str:
    """What undo of a recorded line says: ``Removed: <line>  (4 events left)``."""
    from rulesref.core.i18n import n_, number

    said = n_("Removed: {line}  ({n} event left)", "Removed: {line}  ({n} events left)", events)
    return said.format(line=line, n=number(events))
