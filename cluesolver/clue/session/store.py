"""Live sessions: a game kept as a ``.clue`` log on disk, changed one line at a time.

A session is exactly a ``.clue`` file in the contract format; nothing is stored that
cannot be rebuilt from it.  Every change is validated by the log reader first and then
written atomically by :func:`rulesref.core.files.atomic_write` (a new temp file in the same
folder, ``fsync``, ``os.replace``, never through a link) while holding an exclusive lock,
so a crash or a kill mid-write leaves either the old or the new log, and a second writer
is refused instead of interleaving.  The lock file is opened without following links: a
link planted in its place is refused, its target never touched.

Where sessions live: ``$CLUESOLVER_HOME/sessions`` when that variable is set, else the
user data folder (``platformdirs.user_data_dir("cluesolver")/sessions``).  A file
``current`` in the home folder names the session commands use by default.  Finding and
reading a session is :mod:`cluesolver.clue.session.read` (its names are offered here too):
the commands that only read a session import that module alone.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import fcntl
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.clue.record import codes
from cluesolver.clue.record.events import GameLog, typed
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.writer import format_event, format_header
from cluesolver.clue.session.read import (
    CURRENT_LIMIT,
    HOME_ENV,
    SUFFIX,
    check_name,
    current_name,
    home,
    path_of,
    read_session,
    replay_session,
    resolve,
    sessions_dir,
)
from rulesref.core.errors import CluesolverError, InputError, Problem, SessionError, UnknownNameError
from rulesref.core.files import atomic_write, make_private_folder, read_text, stale_temps
from rulesref.core.i18n import _
from rulesref.core.names import closest
from rulesref.core.text import split_lines

__all__ = [
    "CURRENT_LIMIT",
    "HOME_ENV",
    "SUFFIX",
    "Change",
    "SessionInfo",
    "add",
    "check_name",
    "check_statements",
    "create",
    "current_name",
    "fresh_name",
    "header_of",
    "home",
    "list_sessions",
    "locked",
    "path_of",
    "read_session",
    "replay_session",
    "resolve",
    "sessions_dir",
    "set_current",
    "start",
    "undo",
    "use",
]

if TYPE_CHECKING:
    from cluesolver.clue.session.journal import Entry

AllowFn = Callable[[GameLog, GameLog], None]


def set_current(name: str) -> None:
    atomic_write(home() / "current", check_name(name) + "\n", private=True)


@dataclass(frozen=True)
class SessionInfo:
    """A saved session as ``clue list`` shows it (``error``: why its log cannot be read)."""

    name: str
    path: Path
    current: bool
    game: str | None
    players: tuple[str, ...]
    events: int
    error: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "path": str(self.path),
            "current": self.current,
            "game": self.game,
            "players": list(self.players),
            "events": self.events,
            "error": self.error,
        }


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
            log = parse_log(read_text(path, what="session"), str(path), path.parent)
        except CluesolverError as exc:
            first = exc.problems()[0].format().splitlines()[0]
            out.append(SessionInfo(name, path, name == current, None, (), 0, first))
            continue
        out.append(SessionInfo(name, path, name == current, log.header.game, log.players, len(log.events)))
    return out


# ----------------------------------------------------------------------------- files


def fresh_name(now: datetime.datetime | None = None) -> str:
    """A new session name from the date and time (``game-20261130-1815``, then ``-2`` ...)."""
    base = "game-" + (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M")
    name, k = base, 2
    while path_of(name).exists():
        name, k = f"{base}-{k}", k + 1
    return name


def use(name: str) -> str:
    """Make a saved session the current one; unknown names get the closest saved ones."""
    bare = check_name(name)
    if not path_of(bare).exists():
        names = [s.name for s in list_sessions()]
        raise UnknownNameError(Problem(_("no such session"), text=name, choices=closest(name, names, cutoff=0.4)))
    set_current(bare)
    return bare


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the session's exclusive write lock; refuse at once if another process has it."""
    lock_path = path.parent / f".{path.name}.lock"
    make_private_folder(path.parent)
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(lock_path, flags, 0o600)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK, errno.ENXIO):
            said = _(
                "{path}: the session's lock file is a link or not a regular file; "
                "nothing was changed (remove it if you did not make it)"
            )
            raise SessionError(said.format(path=lock_path)) from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:  # a hard link's target would be truncated
            said = _(
                "{path}: the session's lock file is not a regular file of its own "
                "(a device, pipe or hard link); nothing was changed (remove it)"
            )
            raise SessionError(said.format(path=lock_path))
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            if holder.isdigit():
                said = _(
                    "{path}: another process is writing this session (process {holder}); nothing was changed, "
                    "try again when it is done"
                )
            else:
                said = _(
                    "{path}: another process is writing this session; nothing was changed, try again when it is done"
                )
            raise SessionError(said.format(path=path, holder=holder)) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        for tmp in stale_temps(path):  # left by writers that were killed
            with contextlib.suppress(OSError):
                tmp.unlink()
        yield
    finally:
        os.close(fd)


# ----------------------------------------------------------------------------- changes


@dataclass(frozen=True)
class Change:
    """What a write did: the log before and after, and the lines added or removed.

    ``undone``: when :func:`undo` took back an edit, deletion or insert of a past line, that
    change (its ``describe()`` says what undo did); None for a plain add or undo.
    """

    path: Path
    before: GameLog
    after: GameLog
    lines: tuple[str, ...]
    undone: Entry | None = None


#: ``clue new`` options in header order: (option, header key).
NEW_OPTIONS = (
    ("--game", "game"),
    ("--players", "players"),
    ("--me", "me"),
    ("--hands", "hands"),
    ("--cards", "my cards"),
    ("--table", "table"),
)


def header_of(values: dict[str, str | None], base_dir: Path | None = None) -> GameLog:
    """The log a new session starts from, built from ``clue new`` options (keyed by header key).

    Every problem names the option it is about; a problem with ``--hands`` that the reader
    gave no code has the code ``hands-option`` (:mod:`cluesolver.clue.record.codes`).
    """
    players = values.get("players")
    if players is None or not players.strip():
        raise InputError(Problem(_("--players is required: names in seating order, e.g. --players Ann,Ben,Cat,Dan")))
    given: list[tuple[str, str, str]] = []
    for option, key in NEW_OPTIONS:
        if (v := values.get(key)) is not None:
            try:
                given.append((option, key, typed(v, option)))
            except InputError as exc:
                raise InputError([replace(p, code=_option_code(option, p)) for p in exc.problems()]) from None
    text = "".join(f"{key}: {value}\n" for _, key, value in given)
    try:
        return parse_log(text, None, base_dir)
    except InputError as exc:
        problems = []
        for p in exc.problems():
            opt = given[p.line - 1][0] if p.line and p.line <= len(given) else None
            problems.append(
                Problem(
                    f"{opt}: {p.message}" if opt else p.message,
                    text=p.text,
                    choices=p.choices,
                    code=_option_code(opt, p),
                )
            )
        raise InputError(problems) from None


def _option_code(opt: str | None, problem: Problem) -> str | None:
    """The code of a problem with a ``clue new`` option: the reader's, or ``hands-option`` for ``--hands``."""
    return problem.code or (codes.HANDS_OPTION if opt == "--hands" else None)


def start(
    values: dict[str, str | None],
    *,
    name: str | None = None,
    file: Path | None = None,
    force: bool = False,
    base_dir: Path | None = None,
) -> tuple[Path, GameLog]:
    """Start a session from ``clue new`` options: write its canonical header, make it current.

    With ``file`` the session is that file (and the current pointer is left alone).
    """
    log = header_of(values, base_dir)
    path = file if file is not None else path_of(check_name(name) if name else fresh_name())
    create(path, "\n".join(format_header(log.header)) + "\n\n", force=force)
    if file is None:
        set_current(path.name[: -len(SUFFIX)])
    return path, log


def create(path: Path, header_text: str, *, force: bool = False) -> GameLog:
    """Write a new session from its header text (validated first); ``0600``, its folder ``0700``
    when made.  Starting a session over forgets the old one's undo journal."""
    log = parse_log(header_text, str(path), path.parent)
    with locked(path):
        if path.exists() and not force:
            said = _("{path}: a session with this name exists already (use --force to start it over)")
            raise SessionError(said.format(path=path))
        atomic_write(path, header_text, private=True)
        _forget_journal(path)
    return log


def _forget_journal(path: Path) -> None:
    from cluesolver.clue.session.journal import write_journal

    write_journal(path, [])


def _appended(text: str, lines: list[str]) -> str:
    if text and not text.endswith("\n"):
        text += "\n"
    return text + "".join(line + "\n" for line in lines)


def check_statements(lines: list[str]) -> list[str]:
    """Statements as typed: one per line (a statement with line breaks is several), not empty."""
    out = [piece.strip() for raw in lines for piece in split_lines(typed(raw, _("a statement"))) if piece.strip()]
    if not out:
        raise InputError(
            Problem(
                _('nothing to add: give a statement such as "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"')
            )
        )
    return out


def as_statements(problems: list[Problem], path: str, lines_before: int) -> list[Problem]:
    """``problems`` of a log after ``lines_before`` lines of ``path`` with statements typed
    after them: a problem in the K-th typed statement is named ``statement K`` (its column
    kept; the JSON keeps the file line it would take)."""
    return [
        replace(p, place=_("statement {n}").format(n=p.line - lines_before))
        if p.path == path and p.line is not None and p.line > lines_before
        else p
        for p in problems
    ]


def add(path: Path, statements: list[str], *, allow: AllowFn | None = None) -> Change:
    """Append statements; validate the whole new log first, write only if it reads.

    ``allow(before, after)`` may raise to refuse the change (e.g. a contradiction).  A
    problem in a new statement is named ``statement K`` (the K-th typed), not by a file line.
    """
    new_lines = check_statements(statements)
    with locked(path):
        text, before = read_session(path)
        new_text = _appended(text, new_lines)
        try:
            after = parse_log(new_text, str(path), path.parent)
        except InputError as exc:
            raise InputError(as_statements(exc.problems(), str(path), len(split_lines(text)))) from None
        if allow is not None:
            allow(before, after)
        atomic_write(path, new_text, private=True)
    return Change(path, before, after, tuple(new_lines))


def _drop_line(text: str, number: int) -> tuple[str, str]:
    """``text`` without its line ``number`` (1-based; other lines keep their endings), and that line."""
    pieces = re.split(r"(\r\n|\r|\n)", text)  # line, ending, line, ending, ..., last line
    index = 2 * (number - 1)
    removed = pieces[index]
    del pieces[index : index + 2]
    return "".join(pieces), removed


def undo(path: Path) -> Change:
    """Take back the last change: an edit, deletion or insert of a past line when the file
    is exactly what it left (the undo journal, :mod:`cluesolver.clue.session.journal`; the
    ``Change`` then carries it as ``undone``), else drop the last event line (comments and
    blank lines around it stay)."""
    with locked(path):
        text, before = read_session(path)
        from cluesolver.clue.session import journal

        if (found := journal.undoable(path, text)) is not None:
            rest, entry, restored = found
            after = parse_log(restored, str(path), path.parent)
            atomic_write(path, restored, private=True)
            journal.write_journal(path, rest)
            return Change(path, before, after, (entry.new,) if entry.new is not None else (), entry)
        if not before.events:
            raise SessionError(_("{path}: nothing to undo (the session has no events yet)").format(path=path))
        last = before.events[-1]
        new_text, removed = _drop_line(text, last.line)
        after = parse_log(new_text, str(path), path.parent)
        atomic_write(path, new_text, private=True)
    return Change(path, before, after, (removed or format_event(last, before),))
