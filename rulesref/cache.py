"""A small on-disk cache so that ``cluesolver rules search`` starts fast.

Parsing every rule file and building the search index takes a few tens of
milliseconds; loading their pickled result takes one or two.  Each cached value is
stored with a key made of the size and modification time of the files it was built
from (the rule files and the code that reads them), so editing any of them rebuilds
it.  The cache is an optimisation only: any failure to read or write it is ignored.

The folder is the user cache folder of ``platformdirs``, or ``$CLUESOLVER_CACHE_DIR``;
setting ``CLUESOLVER_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

FORMAT = 2  # bump when the pickled shapes change in a way file times would not show


def cache_dir() -> Path | None:
    if os.environ.get("CLUESOLVER_NO_CACHE"):
        return None
    override = os.environ.get("CLUESOLVER_CACHE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("cluesolver", appauthor=False))


def key_of(sources: Iterable[Path]) -> str:
    """A key that changes when any source file is added, removed or changed.

    A plain string (no hashing: importing hashlib costs more than comparing it).
    """
    parts = [f"format {FORMAT}"]
    for p in sorted(sources):
        st = p.stat()
        parts.append(f"{p}\0{st.st_size}\0{st.st_mtime_ns}")
    return "\n".join(parts)


def cached(name: str, sources: Iterable[Path], build: Callable[[], T]) -> T:
    """``build()``'s value, from the cache when the sources are unchanged."""
    folder = cache_dir()
    if folder is None:
        return build()
    try:
        key = key_of(sources)
    except OSError:
        return build()
    path = folder / f"{name}.pickle"
    try:
        with path.open("rb") as f:
            stored_key, value = pickle.load(f)
        if stored_key == key:
            return value  # type: ignore[no-any-return]
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, ImportError):
        pass
    value = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            pickle.dump((key, value), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except (OSError, pickle.PicklingError):
        pass
    return value
