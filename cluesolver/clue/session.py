"""Live sessions: a game kept as a ``.clue`` log on disk, changed one line at a time.

A session is exactly a ``.clue`` file in the contract format; nothing is stored that
cannot be rebuilt from it.  Every change is validated by the log reader first and then
written atomically (a temporary file in the same folder, ``fsync``, ``os.replace``) while
holding an exclusive lock, so a crash or a kill mid-write leaves either the old or the
new log, and a second writer is refused instead of interleaving.

Where sessions live: ``$CLUESOLVER_HOME/sessions`` when that variable is set, else the
user data folder (``platformdirs.user_data_dir("cluesolver")/sessions``).  A file
``current`` in the home folder names the session commands use by default.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cluesolver.clue.log import GameLog, format_event, parse_log
from rulesref.core.errors import InputError, Problem, SessionError

HOME_ENV = "CLUESOLVER_HOME"
SUFFIX = ".clue"
AllowFn = Callable[[GameLog, GameLog], None]
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


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
    bare = name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name
    if not _NAME.fullmatch(bare):
        raise InputError(Problem("a session name uses letters, digits, '.', '_' or '-' (up to 64)", text=name))
    return bare


def path_of(name: str) -> Path:
    return sessions_dir() / f"{check_name(name)}{SUFFIX}"


def current_name() -> str | None:
    try:
        name = (home() / "current").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return name or None


def set_current(name: str) -> None:
    atomic_write(home() / "current", check_name(name) + "\n")


@dataclass(frozen=True)
class SessionInfo:
    name: str
    path: Path
    current: bool
    game: str | None
    players: tuple[str, ...]
    events: int
    error: str | None = None


def list_sessions() -> list[SessionInfo]:
    """Every session in the sessions folder, by name."""
    folder = sessions_dir()
    current = current_name()
    out: list[SessionInfo] = []
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        name = path.name[: -len(SUFFIX)]
        try:
            log = parse_log(path.read_text(encoding="utf-8"), str(path), path.parent)
        except (InputError, OSError, UnicodeDecodeError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            out.append(SessionInfo(name, path, name == current, None, (), 0, first))
            continue
        out.append(SessionInfo(name, path, name == current, log.header.game, log.players, len(log.events)))
    return out


def resolve(file: Path | None = None, name: str | None = None) -> Path:
    """The session file a command works on: ``--file``, else ``--session``, else current."""
    if file is not None:
        return file
    if name is not None:
        return path_of(name)
    current = current_name()
    if current is None:
        raise SessionError(
            "no current session: start one with 'cluesolver clue new', "
            "pick one with 'cluesolver clue use NAME', or pass --file PATH"
        )
    return path_of(current)


# ----------------------------------------------------------------------------- files


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` all at once: temp file, fsync, rename, fsync the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        data = text.encode("utf-8")
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError):
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def _clean_stale_temps(path: Path) -> None:
    """Remove temp files left by writers that were killed (called under the lock)."""
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the session's exclusive write lock; refuse at once if another process has it."""
    lock_path = path.parent / f".{path.name}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            who = f" (process {holder})" if holder.isdigit() else ""
            raise SessionError(
                f"{path}: another process is writing this session{who}; nothing was changed, try again when it is done"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        _clean_stale_temps(path)
        yield
    finally:
        os.close(fd)


def read_session(path: Path) -> tuple[str, GameLog]:
    """The raw text and parsed log of a session file."""
    if not path.exists():
        raise SessionError(f"{path}: no such session (see 'cluesolver clue list')")
    from rulesref.core.files import read_text

    text = read_text(path)
    return text, parse_log(text, str(path), path.parent)


# ----------------------------------------------------------------------------- changes


@dataclass(frozen=True)
class Change:
    """What a write did: the log before and after, and the lines added or removed."""

    path: Path
    before: GameLog
    after: GameLog
    lines: tuple[str, ...]


def create(path: Path, header_text: str, *, force: bool = False) -> GameLog:
    """Write a new session from its header text (validated first)."""
    log = parse_log(header_text, str(path), path.parent)
    with locked(path):
        if path.exists() and not force:
            raise SessionError(f"{path}: a session with this name exists already (use --force to start it over)")
        atomic_write(path, header_text)
    return log


def _appended(text: str, lines: list[str]) -> str:
    if text and not text.endswith("\n"):
        text += "\n"
    return text + "".join(line + "\n" for line in lines)


def check_statements(lines: list[str]) -> list[str]:
    """Statements as typed: one per line, no line breaks inside, not empty."""
    out = []
    problems = []
    for raw in lines:
        for piece in raw.splitlines() or [""]:
            if piece.strip():
                out.append(piece.strip())
    if not out:
        problems.append(
            Problem(
                'nothing to add: give a statement such as "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"'
            )
        )
    if problems:
        raise InputError(problems)
    return out


def add(path: Path, statements: list[str], *, allow: AllowFn | None = None) -> Change:
    """Append statements; validate the whole new log first, write only if it reads.

    ``allow(before, after)`` may raise to refuse the change (e.g. a contradiction).
    """
    new_lines = check_statements(statements)
    with locked(path):
        text, before = read_session(path)
        new_text = _appended(text, new_lines)
        after = parse_log(new_text, str(path), path.parent)
        if allow is not None:
            allow(before, after)
        atomic_write(path, new_text)
    return Change(path, before, after, tuple(new_lines))


def undo(path: Path) -> Change:
    """Drop the last event line (comments and blank lines around it stay)."""
    with locked(path):
        text, before = read_session(path)
        if not before.events:
            raise SessionError(f"{path}: nothing to undo (the session has no events yet)")
        last = before.events[-1]
        lines = text.splitlines(keepends=True)
        removed = lines[last.line - 1].rstrip("\n")
        del lines[last.line - 1]
        new_text = "".join(lines)
        after = parse_log(new_text, str(path), path.parent)
        atomic_write(path, new_text)
    return Change(path, before, after, (removed or format_event(last, before),))
