"""The language the tool speaks: English (the source text) or Estonian, from gettext catalogues.

Every text a person reads is written in English in the code, wrapped in :func:`_` (or
:func:`n_` when it holds a count), and translated at run time from the catalogue of the
chosen language (``rulesref/locale/<lang>/LC_MESSAGES/<domain>.mo``, one per part of the
code, compiled from the ``.po`` file beside it by ``python tools/catalog.py``; Babel extracts the messages and
knows each language's plural rules).  ``--json`` output is never translated: its keys and
values are a contract.

The language is, first to last: what :func:`use` was given (the CLI's ``--lang``, the web
page's switch or the browser's Accept-Language), ``CLUESOLVER_LANG``, then the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``); anything else is English.  English
costs nothing: no catalogue is read and :func:`_` returns its argument.
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import gettext

#: The languages the tool speaks (the first is the source language).
LANGUAGES = ("en", "et")
#: What each language is called in itself (for a switch on the page).
NAMES = {"en": "English", "et": "eesti"}
DOMAIN = "cluesolver"
#: The catalogues and the code whose texts each holds (by path from the repository's root);
#: texts anywhere else are in :data:`DOMAIN`.  A text is looked up in each, in this order.
DOMAIN_FOLDERS: dict[str, tuple[str, ...]] = {
    "web": ("cluesolver/web",),
    "vegas": (
        "rulesref/las_vegas",
        "rulesref/lords",
        "rulesref/welcome",
        "cluesolver/cli/las_vegas.py",
        "cluesolver/cli/lords.py",
        "cluesolver/cli/welcome.py",
    ),
}
DOMAINS = (DOMAIN, *DOMAIN_FOLDERS)
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
ENV = "CLUESOLVER_LANG"

#: The web page serves several languages at once: one per request (a context variable
#: follows a request into the worker thread that renders it).
_request_lang: ContextVar[str | None] = ContextVar("cluesolver_lang", default=None)
_process: dict[str, str] = {}  # "lang": what the process chose (the CLI's --lang, or the environment)
_catalogues: dict[str, gettext.NullTranslations] = {}


def normalise(tag: str | None) -> str | None:
    """``et``, ``et_EE.UTF-8``, ``et-ee``, ``ET`` -> ``et``; ``en_GB`` -> ``en``; others None."""
    if not tag:
        return None
    base = tag.strip().replace("-", "_").split(".", 1)[0].split("_", 1)[0].split("@", 1)[0].lower()
    return base if base in LANGUAGES else None


def from_environment(environ: os._Environ[str] | dict[str, str] | None = None) -> str:
    """The language ``CLUESOLVER_LANG`` or the locale asks for (English when neither names one we speak)."""
    env = os.environ if environ is None else environ
    for key in (ENV, "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if value:
            return normalise(value) or "en"
    for part in (env.get("LANGUAGE") or "").split(":"):  # GNU's list of preferences
        if normalise(part):
            return normalise(part) or "en"
    return "en"


def from_accept_language(header: str | None) -> str | None:
    """The first language of an HTTP ``Accept-Language`` header that we speak (by weight)."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(header.split(",")[:32]):
        tag, _, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        lang = normalise(tag)
        if lang and weight > 0:
            ranked.append((-weight, i, lang))
    return min(ranked)[2] if ranked else None


def use(lang: str | None) -> str:
    """Speak ``lang`` from now on in this process (``None``: as the environment says); returns it."""
    chosen = normalise(lang) or (from_environment() if lang is None else "en")
    _process["lang"] = chosen
    return chosen


class speaking:
    """``with speaking("et"): ...`` - speak ``lang`` inside the block only (a web request)."""

    def __init__(self, lang: str | None) -> None:
        self.lang = normalise(lang) or "en"

    def __enter__(self) -> str:
        self._token = _request_lang.set(self.lang)
        return self.lang

    def __exit__(self, *exc: object) -> None:
        _request_lang.reset(self._token)


def language() -> str:
    """The language spoken now."""
    lang = _request_lang.get()
    if lang is not None:
        return lang
    chosen = _process.get("lang")
    return chosen if chosen is not None else use(None)


def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (read once)."""
    found = _catalogues.get(lang)
    if found is None:
        import gettext

        found = gettext.translation(DOMAINS[0], LOCALE_DIR, languages=[lang], fallback=True)
        for domain in DOMAINS[1:]:  # one chain: a text not in the first catalogue is looked up in the next
            found.add_fallback(gettext.translation(domain, LOCALE_DIR, languages=[lang], fallback=True))
        _catalogues[lang] = found
    return found


def _(message: str) -> str:
    """``message`` in the language spoken now (the English text when there is no translation)."""
    lang = language()
    if lang == "en":
        return message
    return catalogue(lang).gettext(message)


def n_(singular: str, plural: str, n: int) -> str:
    """The form of a message that holds the count ``n`` (each language's plural rule)."""
    lang = language()
    if lang == "en":
        return singular if n == 1 else plural
    return catalogue(lang).ngettext(singular, plural, n)


def p_(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it, for one English word with two meanings
    (a Las Vegas standing's ``Notes`` are banknotes, a Lords payout's are remarks)."""
    lang = language()
    if lang == "en":
        return message
    return catalogue(lang).pgettext(context, message)


def mark(message: str) -> str:
    """A message to translate later (extracted, returned unchanged): for texts kept in tables."""
    return message


#: How each language groups thousands and marks decimals (Estonian: ``1 204``, ``0,25``; a
#: no-break space, so a terminal never wraps inside a number).
_NUMBERS = {"en": (",", "."), "et": ("\u00a0", ",")}


def number(n: int | float, spec: str = ",") -> str:
    """``n`` formatted by ``spec`` (Python's format mini-language, ``,`` grouping thousands),
    then written as the language spoken now writes numbers.

    >>> with speaking("et"):
    ...     number(1204), number(0.256, ".2f"), number(12345.5, ",.1f")
    ('1\xa0204', '0,26', '12\xa0345,5')
    """
    text = format(n, spec)
    lang = language()
    if lang == "en":
        return text
    group, point = _NUMBERS.get(lang, _NUMBERS["en"])
    return text.translate({ord(","): group, ord("."): point})
