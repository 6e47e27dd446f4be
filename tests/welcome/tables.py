"""Table files written in a test: the header, one player's sheet, the problems of the whole.

Imported as ``tests.welcome.tables`` by the Welcome tests that build a table from text.
"""

from __future__ import annotations

import pytest

from rulesref.core.errors import InputError
from rulesref.welcome import check_table, parse_table

HEAD = 'game = "welcome-to-new-las-vegas"\n'
PROJECTS = "".join(f'\n[[project]]\ncolour = "{c}"\nhigh = 8\nlow = 4\n' for c in ("pink", "purple", "yellow"))
ACME = '\n[acme]\nstack = "C C In S"\nbank-threshold = 11\nhidden-card = 4\n[acme.values]\n' + "".join(
    f"{d} = [1, 2, 3]\n" for d in ("inauguration", "shows", "hotels", "streets", "golf", "limo")
)


def sheet(name: str, body: str = "", streets: str = '["1", "2", "3", "4"]', bonus: str = "[1, 2, 3, 4]") -> str:
    """One player's sheet: refuses the bank, four one-number streets, a street bonus, then ``body``."""
    return f'\n[[player]]\nname = "{name}"\nbank = "refuse"\nstreets = {streets}\nstreet-bonus = {bonus}\n{body}\n'


def messages(text: str) -> list[str]:
    """The input problems of ``text`` (read as ``t.toml``), formatted (``text`` must fail to read)."""
    with pytest.raises(InputError) as info:
        parse_table(text, path="t.toml")
    return [p.format() for p in info.value.problems()]


def findings(text: str) -> list[str]:
    """The messages of the rule problems the checker finds in ``text``."""
    return [f.message for f in check_table(parse_table(text)).findings]
