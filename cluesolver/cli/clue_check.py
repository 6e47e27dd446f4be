"""``cluesolver check FILE`` for ``.clue`` logs: every rule problem with its line.

Exit codes: 0 clean, 1 problems found (errors or warnings), 2 unreadable log.
"""

from __future__ import annotations

from pathlib import Path

from cluesolver.cli.common import EXIT_OK, EXIT_PROBLEMS, console, emit_json


def check_log_file(path: Path, *, as_json: bool) -> int:
    from cluesolver.clue.logcheck import check_text
    from rulesref.core.files import read_text

    result = check_text(read_text(path), str(path), path.parent)
    if as_json:
        emit_json(result.to_json())
    else:
        from cluesolver.cli.clue_live_render import check_table

        console().print(check_table(result))
    return EXIT_OK if result.clean else EXIT_PROBLEMS
