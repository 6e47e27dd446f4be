"""The built-in editions as already-checked Python data, for a fast start.

The TOML files in ``data/`` are the source of truth.  Reading one means importing
``tomllib``, parsing it and running every check of :mod:`~cluesolver.clue.variants.reader`
(about 5 ms per command, more than half of it importing the parser); a table command
needs one edition and reads it on every start.  :mod:`cluesolver.clue.variants.built_in`
holds each edition as that reading made it, with the size and CRC-32 of every file it
was read from (its own and the one it extends).  :func:`load` uses an entry only while
those files are byte for byte the ones it was made from; an edited file is read and
checked as usual.  A test checks that every entry is fresh and equal to its file's reading.

After editing a built-in file, make the snapshot again::

    python -m cluesolver.clue.variants.snapshot
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cluesolver.clue.variants.model import Card, Category, EditionRules, Variant

#: What the snapshot keeps of an edition: the :class:`Variant` fields as plain data
#: (categories and cards as tuples of their own fields).
Fields = dict[str, Any]

MODULE = Path(__file__).with_name("built_in.py")


def fingerprint(raw: bytes) -> tuple[int, int]:
    """A file's size and CRC-32: what an entry is checked against."""
    return len(raw), zlib.crc32(raw)


def load(variant_id: str, read: Callable[[str], bytes]) -> Variant | None:
    """The snapshot of ``variant_id`` while every file it was made from is unchanged
    (``read(id)``: a built-in file's bytes), else ``None``."""
    from cluesolver.clue.variants.built_in import EDITIONS

    entry = EDITIONS.get(variant_id)
    if entry is None:
        return None
    for name, size, crc in entry["files"]:
        if fingerprint(read(name)) != (size, crc):
            return None
    return variant_of(entry["variant"])


def variant_of(fields: Fields) -> Variant:
    """The edition of a snapshot entry."""
    return Variant(
        **{
            **fields,
            "categories": tuple(Category(*c) for c in fields["categories"]),
            "cards": tuple(Card(*c) for c in fields["cards"]),
            "rules": EditionRules(*fields["rules"]),
        }
    )


def fields_of(variant: Variant) -> Fields:
    """An edition as snapshot data (every field :class:`Variant` compares)."""
    return {
        "id": variant.id,
        "name": variant.name,
        "categories": tuple((c.id, c.name, c.cards, c.aliases, c.names) for c in variant.categories),
        "cards": tuple((c.name, c.category, c.aliases, c.names) for c in variant.cards),
        "aliases": variant.aliases,
        "min_players": variant.min_players,
        "max_players": variant.max_players,
        "two_player_table": variant.two_player_table,
        "envelope_name": variant.envelope_name,
        "provisional": variant.provisional,
        "source": variant.source,
        "base": variant.base,
        "rules": (variant.rules.book, variant.rules.clock, variant.rules.suggest_word, variant.rules.accusation_word),
        "names": variant.names,
        "envelope_names": variant.envelope_names,
    }


def render(entries: dict[str, tuple[tuple[tuple[str, int, int], ...], Fields]]) -> str:
    """The text of :mod:`~cluesolver.clue.variants.built_in` (``ruff format`` then lays it out)."""
    body = ",\n".join(
        f"    {name!r}: {{'files': {files!r}, 'variant': {fields!r}}}" for name, (files, fields) in entries.items()
    )
    return (
        '"""The built-in editions as read from ``data/*.toml`` (made by ``python -m\n'
        "cluesolver.clue.variants.snapshot``; do not edit).  See :mod:`cluesolver.clue.variants.snapshot`.\n"
        '"""\n\n'
        "from typing import Any\n\n"
        "#: Per edition: the files it was read from (name, size, CRC-32) and its fields.\n"
        f"EDITIONS: dict[str, dict[str, Any]] = {{\n{body},\n}}\n"
    )


def _chain(variant_id: str) -> tuple[str, ...]:
    """The built-in files an edition is read from: its own, then the one it extends, and so on."""
    import tomllib

    from cluesolver.clue.variants import built_in_bytes

    chain = [variant_id]
    while parent := tomllib.loads(built_in_bytes(chain[-1]).decode("utf-8")).get("extends"):
        chain.append(parent)
    return tuple(chain)


def main() -> None:
    """Read every built-in file the usual way and write the snapshot module."""
    import shutil
    import subprocess
    import sys

    from cluesolver.clue import variants

    entries = {}
    for vid in variants.BUILT_IN:
        variant = variants.read_built_in(vid)
        files = tuple((name, *fingerprint(variants.built_in_bytes(name))) for name in _chain(vid))
        entries[vid] = (files, fields_of(variant))
    MODULE.write_text(render(entries), encoding="utf-8")
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is not None:
        subprocess.run([ruff, "format", "--quiet", str(MODULE)], check=False)
    print(f"wrote {MODULE}")


if __name__ == "__main__":
    main()
