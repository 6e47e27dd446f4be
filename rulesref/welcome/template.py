"""A blank table file to fill in at the end of a game, one block per player.

Every value to read off a sheet is written ``"?"`` until the player enters it: ``check``
lists each one still there and ``score`` waits for them, so a blank file never passes as
a finished game.  One player alone gets an ``[acme]`` table (the solo game).

>>> from rulesref.welcome.loader import parse_table
>>> table = parse_table(blank_table(["Ana", "Bo"]))
>>> len(table.players), len(table.blanks)
(2, 74)
"""

from __future__ import annotations

from pathlib import Path

from rulesref.core.errors import InputError, Problem
from rulesref.core.files import atomic_write
from rulesref.core.i18n import _

_HEADER = """# Welcome to New Las Vegas: fill in what each sheet shows, then run
#   cluesolver check {file}      and      cluesolver score {file}
# Every "?" is a value still to enter: check lists them, score waits for them.
# Values are the lowest ones still visible on your sheet. Format: docs/welcome-to-new-las-vegas.md
game = "welcome-to-new-las-vegas"
# first-game = true          # no bank vote, 3 bundles to start, no golf
# bonus-set-size = 2         # checked boxes one bonus costs on your track

# One [[project]] per project in play; "first" is optional.
[[project]]
colour = "pink"
high = "?"
low = "?"
# first = ["{first}"]

[[project]]
colour = "purple"
high = "?"
low = "?"

[[project]]
colour = "yellow"
high = "?"
low = "?"
"""

_PLAYER = """
[[player]]
name = "{name}"
bank = "?"                    # "loan" or "refuse": the choice under the folded corner (none in a first game)

# Streets, top first: numbers, "." built empty, "c" crane standing, "x" crane crossed
# off and empty, "x7" crossed off and opened with 7, "=7" Extended Casino copy.
streets = [
  "?",                        # top street
  "?",
  "?",
  "?",                        # bottom street
]
street-bonus = ["?", "?", "?", "?"]   # lowest visible bonus of each street, top first
projects = "?"                # e.g. {{ pink = "high", yellow = 9 }} (9: the turn), or {{}} for none

# Hotels: how many are built and the value you see now.
hotels.large = {{ built = "?", value = "?" }}
hotels.small = {{ built = "?", value = "?" }}

# Golf: circled holes of each par and the value you see now.
golf.par3 = {{ holes = "?", value = "?" }}
golf.par4 = {{ holes = "?", value = "?" }}
golf.par5 = {{ holes = "?", value = "?" }}

# Shows, column by column: lowest visible value, boxes crossed, debts still circled.
shows = [
  {{ value = "?", boxes = "?", debts = "?" }},   # column 1
  {{ value = "?", boxes = "?", debts = "?" }},   # column 2
]

# Limo: red carpets passed (opened ones score) and their value, Mafia casinos passed.
limo.vip = {{ opened = "?", value = "?" }}
limo.luxury = {{ opened = "?", value = "?" }}
limo.mafia = {{ opened = "?" }}
limo.missing-lines = "?"      # fewest lines still needed to close the trip
limo.penalty = "?"            # the most negative value visible (0 or below)

inauguration.checked = "?"    # boxes crossed off, counting the 3 printed ones
inauguration.improved = "?"   # true when the 10/5/2 box is crossed off
# Free Action and Easy Opening look the same on the sheet: count them together.
bonuses.free-or-easy = "?"
bonuses.extended-casino = "?"
"""

_ACME = """
# Solo: copy the numbers from your ACME Architect card.
[acme]
stack = "?"                  # ACME's pile in order: C, Im, In, L, S
crane = "?"
bank-threshold = "?"
hidden-card = "?"
hotels = "?"
projects = "?"               # e.g. { purple = "high" }, or {}

[acme.values]                # [basic, improved, Improvement cards needed]
inauguration = ["?", "?", "?"]
shows = ["?", "?", "?"]
hotels = ["?", "?", "?"]
streets = ["?", "?", "?"]
golf = ["?", "?", "?"]
limo = ["?", "?", "?"]
"""


def blank_table(names: list[str], *, solo: bool = False, file: str = "table.toml") -> str:
    """The text of a table file with an empty sheet per player (and ACME when ``solo``)."""
    cleaned = [n.strip() for n in names if n.strip()]
    problems = []
    if not cleaned:
        problems.append(Problem(_("name at least one player")))
    if len(set(cleaned)) != len(cleaned):
        problems.append(Problem(_("every player needs a different name"), text=", ".join(cleaned)))
    if solo and len(cleaned) != 1:
        problems.append(Problem(_("a solo game has one player, not {n}").format(n=len(cleaned))))
    solo = solo or len(cleaned) == 1  # one player alone plays against ACME
    bad = [n for n in cleaned if '"' in n or "\\" in n]
    problems += [Problem(_("a name cannot contain quotes or backslashes"), text=n) for n in bad]
    if problems:
        raise InputError(problems)
    text = _HEADER.format(file=file, first=cleaned[0])
    text += "".join(_PLAYER.format(name=n) for n in cleaned)
    return text + (_ACME if solo else "")


def write_blank_table(path: Path, names: list[str], *, solo: bool = False, force: bool = False) -> str:
    """Write a blank table file to ``path`` all at once; an existing file needs ``force``."""
    text = blank_table(names, solo=solo, file=str(path))
    if path.exists() and not force:
        raise InputError(Problem(_("already exists; use --force to overwrite it"), path=str(path)))
    atomic_write(path, text, mode=0o666)
    return text
