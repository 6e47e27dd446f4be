"""The Estonian catalogue is complete and sound: every text translated, placeholders and plural
forms kept, and the compiled catalogue the one ``python tools/catalog.py`` makes from the code."""

from __future__ import annotations

import importlib.util
import re
from types import ModuleType
from typing import Any

import pytest

from tests.helpers import ROOT

PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[:!][^{}]*)?\}|%(?:\([a-z_]+\))?[sdfr]")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalog_tool", ROOT / "tools" / "catalog.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


@pytest.fixture(scope="module")
def catalogues() -> dict[tuple[str, str], Any]:
    out = {}
    for domain in TOOL.domains():
        template = TOOL.extract(domain)
        for lang in TOOL.languages():
            out[(lang, domain)] = (template, TOOL.updated(lang, template, domain))
    return out


def test_the_compiled_catalogues_are_made_from_the_code(catalogues: dict[tuple[str, str], Any]) -> None:
    for (lang, domain), (_template, catalog) in catalogues.items():
        po = TOOL.po_path(lang, domain)
        assert TOOL._strip_dates(po.read_bytes()) == TOOL._strip_dates(TOOL.po_text(catalog)), (
            f"{po} is out of date: run python tools/catalog.py"
        )
        assert po.with_suffix(".mo").read_bytes() == TOOL.mo_bytes(catalog), "run python tools/catalog.py"


def test_every_text_has_a_translation(catalogues: dict[tuple[str, str], Any]) -> None:
    for (lang, _domain), (_template, catalog) in catalogues.items():
        missing = [m.id for m in catalog if m.id and not TOOL._translated(m)]
        assert missing == [], f"{lang}: {len(missing)} texts without a translation, e.g. {missing[:5]}"


def test_translations_keep_every_placeholder_and_plural_form(catalogues: dict[tuple[str, str], Any]) -> None:
    for (lang, _domain), (_template, catalog) in catalogues.items():
        forms = catalog.num_plurals
        for m in catalog:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if isinstance(m.id, tuple):
                assert len(strings) == forms, f"{lang}: {m.id[0]!r} needs {forms} plural forms"
            # a form keeps the placeholders of the plural text, or (a form for one, which may
            # leave the count unsaid, as English does) those of the singular text
            wanted = [sorted(PLACEHOLDER.findall(i)) for i in ids]
            for s in strings:
                if s:
                    assert sorted(PLACEHOLDER.findall(s)) in wanted, f"{lang}: {ids[0]!r} -> {s!r} changes placeholders"
