"""Where live sessions are and how one is read: what every command working on a session needs.

Changing a session (start, add, undo, the ``current`` pointer, listing) is
:mod:`cluesolver.clue.session.store`, which offers these names too.  The table commands only read
a session, so they import this module alone (the writer's lock and value objects cost
about a millisecond of start-up).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.clue.record.events import GameLog, typed
from cluesolver.clue.record.reader import parse_log
from rulesref.core.errors import InputError, Problem, SessionError
from rulesref.core.files import read_text
from rulesref.core.i18n import _
from rulesref.core.text import split_lines

if TYPE_CHECKING:
    from cluesolver.clue.analysis.report import Replay

HOME_ENV = "CLUESOLVER_HOME"
SUFFIX = ".clue"
_NAME = r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}"  # compiled on first use (re's cache)
#: The ``current`` pointer holds one session name; anything longer is not ours.
CURRENT_LIMIT = 4096


def home() -> Path:
    """The folder holding ``sessions/`` and the ``current`` pointer."""
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("cluesolver"))


def sessions_dir() -> Path:
    return home() / "sessions"


def check_name(name: str) -> str:
    """A session name: letters, digits, ``.``, ``_``, ``-`` (no paths)."""
    name = typed(name, "a session name")
    bare = name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name
    if not re.fullmatch(_NAME, bare):
        raise InputError(Problem(_("a session name uses letters, digits, '.', '_' or '-' (up to 64)"), text=name))
    return bare


def path_of(name: str) -> Path:
    return sessions_dir() / f"{check_name(name)}{SUFFIX}"


def current_name() -> str | None:
    """The session named by the ``current`` file, or None when there is none.

    A ``current`` file that is not a session name (not UTF-8, a device, garbage) is a
    :class:`SessionError` saying how to repair it.
    """
    pointer = home() / "current"
    if not os.path.lexists(pointer):
        return None
    try:
        name = read_text(pointer, limit=CURRENT_LIMIT, what="session pointer").strip()
        return check_name(name) if name else None
    except InputError as exc:
        said = _(
            "{pointer}: not a session name ({problem}); pick a session with 'cluesolver clue use NAME' "
            "or delete the file"
        )
        raise SessionError(said.format(pointer=pointer, problem=exc.problems()[0].message)) from None


def resolve(file: Path | None = None, name: str | None = None) -> Path:
    """The session file a command works on: ``--file``, else ``--session``, else current."""
    if file is not None:
        return file
    if name is not None:
        return path_of(name)
    current = current_name()
    if current is None:
        raise SessionError(
            _(
                "no current session: start one with 'cluesolver clue new', "
                "pick one with 'cluesolver clue use NAME', or pass --file PATH"
            )
        )
    return path_of(current)


def read_session(path: Path) -> tuple[str, GameLog]:
    """The raw text and parsed log of a session file."""
    if not os.path.lexists(path):
        raise SessionError(_("{path}: no such session (see 'cluesolver clue list')").format(path=path))
    text = read_text(path, what="session")
    return text, parse_log(text, str(path), path.parent)


def replay_session(path: Path) -> Replay:
    """A session's log with its source lines and exact analysis (what ``clue status`` shows)."""
    from cluesolver.clue.analysis.report import replay

    text, log = read_session(path)
    return replay(log, tuple(split_lines(text)))
