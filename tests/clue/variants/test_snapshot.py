"""Reading editions fast: the built-in snapshot (fresh, equal to reading the TOML files, ignored once a
file changes) and the ASCII shortcut of name folding."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.variants import snapshot
from cluesolver.clue.variants.built_in import EDITIONS
from cluesolver.clue.variants.model import normalise
from tests.helpers import ROOT

REMAKE = "the snapshot is stale: run python -m cluesolver.clue.variants.snapshot"


def test_every_built_in_edition_has_a_snapshot() -> None:
    assert set(EDITIONS) == set(variants.BUILT_IN)


@pytest.mark.parametrize("variant_id", variants.BUILT_IN)
def test_snapshot_is_fresh_and_equals_the_checked_reading(variant_id: str) -> None:
    made = snapshot.load(variant_id, variants.built_in_bytes)
    assert made is not None, REMAKE
    read = variants.read_built_in(variant_id)
    for f in dataclasses.fields(read):  # every field, those equality skips too
        assert getattr(made, f.name) == getattr(read, f.name), f.name
    assert made == read


@pytest.mark.parametrize("variant_id", ["classic", "cluedo"])
def test_a_changed_file_is_read_instead(variant_id: str) -> None:
    """cluedo extends classic: a change to either file makes cluedo's entry stale."""

    def edited(name: str) -> bytes:
        raw = variants.built_in_bytes(name)
        return raw + b"# edited\n" if name == "classic" else raw

    assert snapshot.load(variant_id, edited) is None
    assert snapshot.load("master-detective", edited) is not None


def test_a_table_command_reads_no_toml() -> None:
    """A log of a built-in edition is read without the TOML parser or the variant checker."""
    code = (
        "import sys\n"
        "from cluesolver.clue.record.reader import parse_log\n"
        "log = parse_log('game: md\\nplayers: Ann, Ben, Cat\\n')\n"
        "assert log.variant.id == 'master-detective'\n"
        "loaded = [m for m in ('tomllib', 'rulesref.core.tomlfile', 'cluesolver.clue.variants.reader') if m in sys.modules]\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def _normalise_by_unicode(text: str) -> str:
    """normalise() without its ASCII shortcut (the way every name was folded before it)."""
    import unicodedata

    folded = unicodedata.normalize("NFKD", text.casefold())
    words = "".join(ch if ch.isalnum() else " " for ch in folded if not unicodedata.combining(ch)).split()
    if words and words[0] == "the" and len(words) > 1:
        words = words[1:]
    return " ".join(words)


@given(st.text(alphabet=st.characters(max_codepoint=127)) | st.text())
def test_normalise_shortcut_folds_as_unicode_does(text: str) -> None:
    assert normalise(text) == _normalise_by_unicode(text)


def test_normalise_every_ascii_character() -> None:
    for i in range(128):
        text = f"The Ab{chr(i)}c{chr(i)}"
        assert normalise(text) == _normalise_by_unicode(text), i
