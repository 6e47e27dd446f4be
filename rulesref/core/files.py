"""Reading files from outside safely, and the one atomic writer.

Every file the program reads from a user is a regular file under a size limit, read as
UTF-8; every file it writes is written whole or not at all, never through a planted link.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from rulesref.core.errors import InputError, Problem

#: The largest file any reader accepts (bytes).  Game files are a few kilobytes.
MAX_FILE_BYTES = 10 * 1024 * 1024


def read_bytes(path: Path, *, limit: int = MAX_FILE_BYTES, what: str = "game file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is an InputError."""
    where = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputError(Problem("no such file", path=where)) from None
    except IsADirectoryError:
        raise InputError(Problem(f"is a directory, not a {what}", path=where)) from None
    except PermissionError:
        raise InputError(Problem("permission denied", path=where)) from None
    except OSError as exc:
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


def read_text(path: Path, *, limit: int = MAX_FILE_BYTES, what: str = "game file") -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (a BOM is dropped)."""
    data = read_bytes(path, limit=limit, what=what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", path=str(path), line=line)) from None
    return text.removeprefix("\ufeff")


def atomic_write(path: Path, data: str | bytes, *, mode: int = 0o644) -> None:
    """Replace ``path`` by ``data`` all at once, or leave it as it was.

    The temp file is new (``O_EXCL``, a random name, never a followed link) in the same
    folder; it is flushed to disk, renamed over ``path`` and the folder is flushed.  An
    existing file keeps its permissions; a link at ``path`` is replaced, its target is
    never written.  A failure (a full disk, no permission) is an ``OSError`` naming ``path``.
    """
    try:
        payload = data.encode("utf-8") if isinstance(data, str) else data
    except UnicodeEncodeError as exc:  # e.g. a command-line argument that was not UTF-8
        raise InputError(
            Problem("cannot write text that is not UTF-8", path=os.fspath(path), text=exc.object[exc.start : exc.end])
        ) from None
    try:
        _atomic_write(path, payload, mode)
    except OSError as exc:  # name the file the user asked for, not the hidden temp (or nothing)
        raise OSError(exc.errno, f"cannot write: {exc.strerror or exc}", os.fspath(path)) from exc


def _atomic_write(path: Path, payload: bytes, mode: int) -> None:
    import secrets

    folder = path.parent
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
