"""Click's own texts - a usage error's ``Usage:``, ``Error: Missing argument 'FACT'.``, ``Try
'cluesolver clue why --help' for help.``, an unknown option - in the language spoken.

Click looks its texts up through the standard library's ``gettext`` (each of its modules holds
``_`` and ``ngettext`` from it), in a catalogue of its own that no system ships.
:func:`speak_click` points those names at the project's catalogue (``cluesolver.po``), so an
Estonian table gets ``Viga: puudub argument 'FACT'.``.  The root command calls it once the
language is known and is not English: a usage error of a command (and the ``Usage:`` of its
``--help``) is then in that language, while an unknown top-level command, met before, is
still told in English.  An English run never calls it (and in English every text would be
returned as it is).  The texts translated are listed in :data:`TEXTS` for
``tools/catalog.py``; any other Click text stays English.
"""

from __future__ import annotations

import gettext
import re
import sys
from collections.abc import Callable
from typing import Any

from click import UsageError

#: Click's modules that look texts up.
MODULES = ("core", "exceptions", "formatting", "parser", "decorators", "types", "termui", "utils")


def mark(message: str) -> str:
    """A text for ``tools/catalog.py`` to extract, returned as it is."""
    return message


#: Click's texts a player meets in a usage error (as click 8 writes them), for the catalogue.
TEXTS = (
    mark("Usage:"),
    mark("Error: {message}"),
    mark("Try '{command} {option}' for help."),
    mark("Missing argument"),
    mark("Missing option"),
    mark("Missing parameter"),
    mark("Missing parameter: {param_name}"),
    mark("Missing command."),
    mark("No such option {name!r}."),
    mark("No such command {name!r}."),
    mark("Invalid value for {param_hint}: {message}"),
    mark("Invalid value: {message}"),
    mark("Aborted!"),
)


def _said(message: str) -> str:
    from rulesref.core.i18n import _

    return _(message)


def _said_n(singular: str, plural: str, n: int) -> str:
    from rulesref.core.i18n import n_

    return n_(singular, plural, n)


def _plural_texts() -> None:  # never called: the plural texts for tools/catalog.py
    from rulesref.core.i18n import n_

    n_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)
    n_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1)
    n_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1)


def speak_click() -> None:
    """Make Click's modules look their texts up in the project's catalogue (idempotent), and
    drop Typer's English ``Did you mean 'next'?`` after an unknown command in another language
    (Click's own, translated, follows it)."""
    for name in MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if getattr(module, "_", None) is gettext.gettext:
            module._ = _said  # type: ignore[attr-defined]
        if getattr(module, "ngettext", None) is gettext.ngettext:
            module.ngettext = _said_n  # type: ignore[attr-defined]
    core = sys.modules.get("typer.core")
    group = getattr(core, "TyperGroup", None)
    if group is not None and not getattr(group.resolve_command, "_speaks", False):
        group.resolve_command = _without_typers_hint(group.resolve_command)


def _without_typers_hint(resolve: Callable[..., Any]) -> Callable[..., Any]:
    def resolve_command(self: Any, ctx: Any, args: list[str]) -> Any:
        try:
            return resolve(self, ctx, args)
        except UsageError as exc:  # Typer appended its English hint to the message
            from rulesref.core.i18n import language

            if language() != "en":
                exc.message = re.sub(r"\. Did you mean [^?]*\?$", ".", exc.message)  # type: ignore[misc]
            raise

    resolve_command._speaks = True  # type: ignore[attr-defined]
    return resolve_command
