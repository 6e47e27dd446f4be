"""A small on-disk cache so that ``cluesolver rules search`` starts fast.

Reading every rule file and preparing the search index takes a few tens of
milliseconds; reading their stored result takes a few.  A cached value is kept as one
JSON file (never a pickle: the folder belongs to the user, and a file planted there must
not be able to run code).  Reading it is checked step by step, and any failure means
"rebuild", never an error:

1. the file must be a regular file under ``CacheSettings.max_bytes`` (no device, no pipe);
2. it must be UTF-8 JSON (bounded nesting) holding an object with this module's
   ``FORMAT``, the value's name and the key of its sources;
3. the key must be that of the sources now: their paths, sizes and modification times
   (the rule files and the code that reads them), so editing any of them rebuilds it;
4. only then is the value handed to the caller's ``decode``, which checks every field
   and type; a value it refuses is rebuilt.

The value is written back through :func:`rulesref.core.files.atomic_write` (a new temp
file, no followed link, renamed into place).  Failing to write it is ignored.

The folder is the user cache folder of ``platformdirs``, or ``$CLUESOLVER_CACHE_DIR``;
``CLUESOLVER_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from rulesref.core.errors import CluesolverError
from rulesref.core.files import atomic_write, read_bytes

T = TypeVar("T")

#: Bump when the stored shapes change in a way that file times would not show.
FORMAT = 3

#: What a ``decode`` may raise to refuse a stored value (it is then rebuilt).
REFUSED = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, CluesolverError)


@dataclass(frozen=True)
class CacheSettings:
    """Where the cache lives (``None``: no cache) and the largest file it reads."""

    folder: Path | None
    max_bytes: int = 8 * 1024 * 1024

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> CacheSettings:
        """The settings the environment asks for (see the module's text)."""
        env = os.environ if env is None else env
        if env.get("CLUESOLVER_NO_CACHE"):
            return cls(None)
        override = env.get("CLUESOLVER_CACHE_DIR")
        if override:
            return cls(Path(override))
        from platformdirs import user_cache_dir

        return cls(Path(user_cache_dir("cluesolver", appauthor=False)))


def key_of(sources: Iterable[Path]) -> str:
    """A key that changes when any source file is added, removed or changed.

    A plain string (no hashing: importing hashlib costs more than comparing it).
    """
    parts = [f"format {FORMAT}"]
    for p in sorted(sources):
        st = p.stat()
        parts.append(f"{p}\0{st.st_size}\0{st.st_mtime_ns}")
    return "\n".join(parts)


def _stored(path: Path, name: str, key: str, max_bytes: int) -> object:
    """The stored value of a cache file whose format, name and key match; else ValueError."""
    data = json.loads(read_bytes(path, limit=max_bytes, what="cache file").decode("utf-8"))
    if not (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("name") == name
        and data.get("key") == key
        and "value" in data
    ):
        raise ValueError("stale or foreign cache file")
    return data["value"]


def cached(
    name: str,
    sources: Iterable[Path],
    build: Callable[[], T],
    *,
    encode: Callable[[T], object],
    decode: Callable[[object], T],
    settings: CacheSettings | None = None,
) -> T:
    """``build()``'s value, from the cache when its sources are unchanged.

    ``encode`` turns the value into JSON data; ``decode`` turns stored JSON data back,
    raising one of :data:`REFUSED` for anything it does not accept.
    """
    settings = settings or CacheSettings.from_env()
    if settings.folder is None:
        return build()
    try:
        key = key_of(sources)
    except OSError:
        return build()
    path = settings.folder / f"{name}.json"
    try:
        return decode(_stored(path, name, key, settings.max_bytes))
    except (OSError, UnicodeDecodeError, *REFUSED):
        pass
    value = build()
    try:
        document = {"format": FORMAT, "name": name, "key": key, "value": encode(value)}
        atomic_write(path, json.dumps(document, ensure_ascii=False, separators=(",", ":")), mode=0o600)
    except (OSError, TypeError, ValueError):
        pass
    return value
