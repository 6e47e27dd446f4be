"""Reading files from outside safely, and the one atomic writer.

Every file the program reads from a user is a regular file under a size limit, read as
UTF-8; every file it writes is written whole or not at all, never through a planted link.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

from rulesref.core.errors import InputError, Problem

#: The largest file any reader accepts (bytes).  Game files are a few kilobytes.
MAX_FILE_BYTES = 10 * 1024 * 1024

_READ = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

#: The folder reads are confined to (see :func:`confined`); None: no confinement.
_CONFINED: ContextVar[Path | None] = ContextVar("rulesref_confined_folder", default=None)


@contextlib.contextmanager
def confined(folder: Path) -> Iterator[None]:
    """Within this block (and the worker threads it starts, which copy the context), every
    file under ``folder`` that :func:`read_bytes` / :func:`read_text` opens is opened one
    name at a time from the folder itself, no name followed if it is a link, at the very
    moment of reading: a file swapped for a link while a request runs is refused, never
    followed out of the folder.  Files outside ``folder`` (the package's own data, the
    cache) are read as usual.  The web server wraps every request in it."""
    token = _CONFINED.set(Path(os.path.abspath(folder)))
    try:
        yield
    finally:
        _CONFINED.reset(token)


def _open_inside(folder: Path, path: Path) -> int | None:
    """``path`` opened read-only from ``folder`` without following any link below it, or
    None when ``path`` is not inside ``folder``.  A link is an ``OSError`` (``ELOOP``)."""
    target = os.path.normpath(os.path.abspath(path))
    base = os.fspath(folder)
    if target == base or os.path.commonpath([base, target]) != base:
        return None
    parts = Path(os.path.relpath(target, base)).parts
    dir_flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    dfd = os.open(base, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        for name in parts[:-1]:
            nxt = os.open(name, dir_flags, dir_fd=dfd)
            os.close(dfd)
            dfd = nxt
        return os.open(parts[-1], _READ | _NOFOLLOW, dir_fd=dfd)
    finally:
        os.close(dfd)


def _open(path: Path, follow_links: bool) -> int:
    folder = _CONFINED.get()
    if folder is not None:
        fd = _open_inside(folder, path)
        if fd is not None:
            return fd
    return os.open(path, _READ | (0 if follow_links else _NOFOLLOW))


def read_bytes(path: Path, *, limit: int = MAX_FILE_BYTES, what: str = "game file", follow_links: bool = True) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is an InputError.

    ``follow_links=False``: a link at ``path`` is refused (checked by the open itself, so a
    link swapped in after any earlier check is refused too).  Inside a :func:`confined`
    folder no link below the folder is ever followed.
    """
    where = str(path)
    try:
        fd = _open(path, follow_links)
    except FileNotFoundError:
        raise InputError(Problem("no such file", path=where)) from None
    except IsADirectoryError:
        raise InputError(Problem(f"is a directory, not a {what}", path=where)) from None
    except PermissionError:
        raise InputError(Problem("permission denied", path=where)) from None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK):
            raise InputError(Problem(f"is a link (links are not followed here), not a {what}", path=where)) from None
        raise InputError(Problem(f"cannot open: {exc.strerror or exc}", path=where)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(Problem(f"is a directory, not a {what}", path=where))
        if not stat.S_ISREG(info.st_mode):
            raise InputError(Problem(f"not a regular file (a device, pipe or socket), not a {what}", path=where))
        if info.st_size > limit:
            raise InputError(
                Problem(f"too large for a {what}: {info.st_size} bytes (at most {limit} bytes are read)", path=where)
            )
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise InputError(Problem(f"too large for a {what} (at most {limit} bytes are read)", path=where))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror or exc}", path=where)) from None
    finally:
        os.close(fd)


def read_text(path: Path, *, limit: int = MAX_FILE_BYTES, what: str = "game file", follow_links: bool = True) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (a BOM is dropped);
    links as in :func:`read_bytes`."""
    data = read_bytes(path, limit=limit, what=what, follow_links=follow_links)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", path=str(path), line=line)) from None
    return text.removeprefix("\ufeff")


def atomic_write(path: Path, data: str | bytes, *, mode: int = 0o644, private: bool = False) -> None:
    """Replace ``path`` by ``data`` all at once, or leave it as it was.

    The temp file is new (``O_EXCL``, a random name, never a followed link) in the same
    folder; it is flushed to disk, renamed over ``path`` and the folder is flushed.  An
    existing file keeps its permissions; a link at ``path`` is replaced, its target is
    never written.  A failure (a full disk, no permission) is an ``OSError`` naming ``path``.

    ``private`` (a session, its journal): the file is ``0600`` whatever it was before (an
    existing ``0644`` file is tightened) and missing folders are made ``0700``.
    """
    try:
        payload = data.encode("utf-8") if isinstance(data, str) else data
    except UnicodeEncodeError as exc:  # e.g. a command-line argument that was not UTF-8
        raise InputError(
            Problem("cannot write text that is not UTF-8", path=os.fspath(path), text=exc.object[exc.start : exc.end])
        ) from None
    try:
        _atomic_write(path, payload, mode, private)
    except OSError as exc:  # name the file the user asked for, not the hidden temp (or nothing)
        raise OSError(exc.errno, f"cannot write: {exc.strerror or exc}", os.fspath(path)) from exc


def make_private_folder(folder: Path) -> None:
    """Make ``folder`` and its missing parents, each new one ``0700`` (existing ones are left alone)."""
    missing: list[Path] = []
    here = folder
    while not os.path.isdir(here) and here != here.parent:
        missing.append(here)
        here = here.parent
    for new in reversed(missing):
        with contextlib.suppress(FileExistsError):
            os.mkdir(new, 0o700)


def _atomic_write(path: Path, payload: bytes, mode: int, private: bool = False) -> None:
    import secrets

    folder = path.parent
    if private:
        make_private_folder(folder)
        mode = 0o600
    else:
        folder.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            existing = os.lstat(path)
            if stat.S_ISREG(existing.st_mode):
                mode = stat.S_IMODE(existing.st_mode)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    tmp = folder / f".{path.name}.{secrets.token_hex(6)}.tmp"
    fd = os.open(tmp, flags, mode)
    try:
        try:
            if private:
                os.fchmod(fd, 0o600)  # whatever the umask
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def stale_temps(path: Path) -> list[Path]:
    """Temp files a killed writer of ``path`` may have left (regular files only)."""
    return [p for p in path.parent.glob(f".{path.name}.*.tmp") if p.is_file() and not p.is_symlink()]
