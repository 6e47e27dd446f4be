"""Clue editions as data: categories, cards and aliases, looked up by id or alias.

Built-in editions live in ``data/*.toml``; a user variant file has the same shape and
may ``extends = "<built-in id or file>"`` to rename cards (``[rename]``) and add aliases
in any language (``[card_aliases]``).  Every file is read by the one checking reader
(:mod:`cluesolver.clue.variants.reader`): bounded, typed, every problem at once.  See
``docs/variants.md``.

A command reads one edition on every start, so the built-in editions come from an
already-checked snapshot while their files are unchanged
(:mod:`~cluesolver.clue.variants.snapshot`), and the TOML parser and the checking reader
are imported only for a file that must be read.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.clue.variants.model import Card, Category, Variant, normalise
from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.i18n import _
from rulesref.core.names import closest
from rulesref.core.text import clip

if TYPE_CHECKING:
    from cluesolver.clue.variants.reader import VariantLimits

__all__ = [
    "BUILT_IN",
    "Card",
    "Category",
    "Variant",
    "built_ins",
    "get",
    "load_file",
    "normalise",
]

BUILT_IN = ("classic", "cluedo", "clue-2016", "master-detective", "lost-in-vegas")

#: The built-in editions' files (package data, installed next to this module).
DATA = Path(__file__).resolve().parent / "data"


def _built_in_parent(name: str, base_dir: Path | None) -> Variant:
    """A built-in edition extends only another built-in one."""
    if name not in BUILT_IN:
        raise UnknownNameError(Problem("a built-in edition extends a built-in one", text=name, choices=BUILT_IN))
    return _built_in(name)


@cache
def _built_in(variant_id: str) -> Variant:
    from cluesolver.clue.variants.snapshot import load

    return load(variant_id, built_in_bytes) or read_built_in(variant_id)


def built_in_bytes(variant_id: str) -> bytes:
    """The bytes of a built-in edition's file."""
    return (DATA / f"{variant_id}.toml").read_bytes()


def read_built_in(variant_id: str) -> Variant:
    """A built-in edition read from its file by the checking reader (no snapshot)."""
    from cluesolver.clue.variants.reader import DEFAULT_LIMITS, read_variant
    from rulesref.core.tomlfile import parse_toml

    label = f"built-in:{variant_id}"
    text = (DATA / f"{variant_id}.toml").read_text(encoding="utf-8")
    return read_variant(text, parse_toml(text, label), label, None, _built_in_parent, DEFAULT_LIMITS)


def built_ins() -> list[Variant]:
    return [_built_in(v) for v in BUILT_IN]


def load_file(path: Path, *, limits: VariantLimits | None = None) -> Variant:
    """Read a user variant file (TOML); every problem at once as an InputError (exit 2).

    ``limits``: how big it may be (default :data:`~cluesolver.clue.variants.reader.DEFAULT_LIMITS`).
    """
    return _load(path, limits, ())


def get(name: str, base_dir: Path | None = None, *, limits: VariantLimits | None = None) -> Variant:
    """A variant by id, alias, or path to a variant file (relative to ``base_dir``).

    ``limits`` bound a variant file (default :data:`~cluesolver.clue.variants.reader.DEFAULT_LIMITS`).
    """
    return _get(name, base_dir, limits, ())


def _get(name: str, base_dir: Path | None, limits: VariantLimits | None, chain: tuple[str, ...]) -> Variant:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        shown = name.encode("utf-8", "backslashreplace").decode("utf-8")[:80]
        raise InputError(Problem("a variant name is not UTF-8 text", text=shown)) from None
    key = normalise(name).replace(" ", "-")
    if key in BUILT_IN:  # an id: read that edition only (aliases need every file read)
        return _built_in(key)
    for vid in BUILT_IN:
        v = _built_in(vid)
        if key == vid or key in {normalise(a).replace(" ", "-") for a in v.aliases}:
            return v
    if name.endswith(".toml") or "/" in name or "\\" in name:
        path = Path(name)
        if base_dir is not None and not path.is_absolute():
            path = base_dir / path
        return _load(path, limits, chain)
    names = list(BUILT_IN) + [a for v in BUILT_IN for a in _built_in(v).aliases]
    raise UnknownNameError(
        Problem(_("unknown game variant"), text=clip(name), choices=closest(key[:80], names, cutoff=0.3) or BUILT_IN)
    )


def _load(path: Path, limits: VariantLimits | None, chain: tuple[str, ...]) -> Variant:
    """Read one file of a chain of ``extends``; a file met twice is a cycle, named."""
    from cluesolver.clue.variants.reader import DEFAULT_LIMITS, read_variant
    from rulesref.core.files import read_text
    from rulesref.core.tomlfile import parse_toml

    if limits is None:
        limits = DEFAULT_LIMITS
    me = os.path.realpath(path)
    if me in chain:
        loop = [Path(p).name for p in chain[chain.index(me) :]] + [Path(me).name]
        raise InputError(Problem("'extends' makes a cycle: " + " extends ".join(loop), path=str(path)))
    if len(chain) >= limits.max_extends:
        raise InputError(Problem(f"'extends' goes more than {limits.max_extends} files deep", path=str(path)))
    text = read_text(path, what="variant file")
    data = parse_toml(text, str(path))

    def parent_of(name: str, base_dir: Path | None) -> Variant:
        return _get(name, base_dir, limits, (*chain, me))

    return read_variant(text, data, str(path), path.parent, parent_of, limits)
