"""The message catalogues: extract every translatable text, update each language's ``.po``, compile ``.mo``.

    python tools/catalog.py            # extract, update rulesref/locale/*/LC_MESSAGES/cluesolver.po, compile .mo
    python tools/catalog.py --check    # exit 1 when a catalogue is out of date or a translation is missing

Texts are found by Babel (https://babel.pocoo.org) in the Python code (``_()``, ``n_()``,
``p_()``, ``mark()`` of :mod:`rulesref.core.i18n`) and in the page's Jinja templates (``{% trans %}``,
``_()``).  Each text goes to the catalogue of the part of the code it is in
(:data:`rulesref.core.i18n.DOMAIN_FOLDERS`: ``web`` for the page, ``vegas`` for the Vegas
games, ``cluesolver`` for the rest), so that each part is translated in a file of its own.  A new English text lands in each ``.po`` with an empty translation: fill it in
(a translator's tool such as Poedit, or any editor), then run this again to compile.  The
``.po`` files are the source; the ``.mo`` files are built from them and committed so that an
install needs no Babel.  ``tests/core/test_catalog.py`` fails when a text has no
translation, when a translation drops or adds a ``{placeholder}``, or when a plural lacks a
form.
"""

from __future__ import annotations

import argparse
import datetime
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "rulesref" / "locale"
DOMAIN = "cluesolver"
#: Where texts are looked for: (folder, file pattern, Babel method).
SOURCES = (
    ("cluesolver", "**.py", "python"),
    ("rulesref", "**.py", "python"),
    ("cluesolver/web/templates", "**.html", "jinja2"),
)
KEYWORDS = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "mark": None}
#: The catalogues' header dates are fixed, so that the same texts always compile to the same bytes.
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def domain_of(path: str) -> str:
    """The catalogue a source file's texts go to (its path from the repository's root)."""
    from rulesref.core.i18n import DOMAIN_FOLDERS

    for domain, prefixes in DOMAIN_FOLDERS.items():
        if any(path == p or path.startswith(p.rstrip("/") + "/") for p in prefixes):
            return domain
    return DOMAIN


def extract(domain: str = DOMAIN) -> object:
    """Every translatable text of the project that belongs to ``domain``, as a Babel catalogue (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(project="cluesolver", domain=domain, creation_date=FIXED_DATE)
    for folder, pattern, method in SOURCES:
        base = ROOT / folder
        if method == "jinja2":
            options = {"**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
            mapping = [(pattern, "jinja2")]
        else:
            options = {}
            mapping = [(pattern, method)]
        for filename, lineno, message, comments, context in extract_from_dir(
            str(base), method_map=mapping, options_map=options, keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            if domain_of(f"{folder}/{filename}") != domain:
                continue
            template.add(
                message,
                None,
                [(f"{folder}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return template


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def domains() -> list[str]:
    from rulesref.core.i18n import DOMAINS

    return list(DOMAINS)


def languages() -> list[str]:
    from rulesref.core.i18n import LANGUAGES

    return [lang for lang in LANGUAGES if lang != "en"]


def updated(lang: str, template: object, domain: str = DOMAIN) -> object:
    """``lang``'s catalogue of ``domain`` brought up to the template (new texts empty, gone ones dropped)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(lang, domain)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=domain)
    else:
        catalog = Catalog(locale=lang, domain=domain, project="cluesolver", creation_date=FIXED_DATE)
    catalog.update(template, no_fuzzy_matching=True)  # type: ignore[arg-type]
    catalog.obsolete.clear()
    catalog.revision_date = FIXED_DATE
    catalog.creation_date = FIXED_DATE
    return catalog


def po_text(catalog: object) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)  # type: ignore[arg-type]
    return out.getvalue()


def mo_bytes(catalog: object) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)  # type: ignore[arg-type]
    return out.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that every catalogue is up to date")
    args = parser.parse_args()
    stale = []
    for domain in domains():
        template = extract(domain)
        for lang in languages():
            catalog = updated(lang, template, domain)
            po, mo = po_text(catalog), mo_bytes(catalog)
            po_file, mo_file = po_path(lang, domain), po_path(lang, domain).with_suffix(".mo")
            if args.check:
                old_po = po_file.read_bytes() if po_file.exists() else b""
                old_mo = mo_file.read_bytes() if mo_file.exists() else b""
                if _strip_dates(old_po) != _strip_dates(po) or old_mo != mo:
                    stale.append(f"{lang}/{domain}")
                continue
            po_file.parent.mkdir(parents=True, exist_ok=True)
            po_file.write_bytes(po)
            mo_file.write_bytes(mo)
            missing = sum(1 for m in catalog if m.id and not _translated(m))  # type: ignore[attr-defined]
            print(f"{po_file.relative_to(ROOT)}: {len(catalog)} texts, {missing} without a translation")  # type: ignore[arg-type]
    if stale:
        print(f"out of date: {', '.join(stale)} (run python tools/catalog.py)", file=sys.stderr)
        return 1
    return 0


def _translated(message: object) -> bool:
    s = message.string  # type: ignore[attr-defined]
    return all(s) if isinstance(s, tuple) else bool(s)


def _strip_dates(po: bytes) -> bytes:
    return b"\n".join(
        line for line in po.split(b"\n") if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date'))
    )


if __name__ == "__main__":
    sys.exit(main())
