"""A blank table file to fill in at the end of a game, one block per player.

>>> from rulesref.welcome.loader import parse_table
>>> len(parse_table(blank_table(["Ana", "Bo"])).players)
2
"""

from __future__ import annotations

from pathlib import Path

from rulesref.core.errors import InputError, Problem
from rulesref.core.files import atomic_write

_HEADER = """# Welcome to New Las Vegas: fill in what each sheet shows, then run
#   cluesolver check {file}      and      cluesolver score {file}
# Values are the lowest ones still visible on your sheet. Format: docs/welcome-to-new-las-vegas.md
game = "welcome-to-new-las-vegas"
# first-game = true          # no bank vote, 3 bundles to start, no golf
# bonus-set-size = 2         # checked boxes one bonus costs on your track

# One [[project]] per project in play; "first" is optional.
[[project]]
colour = "pink"
high = 0
low = 0
# first = ["{first}"]

[[project]]
colour = "purple"
high = 0
low = 0

[[project]]
colour = "yellow"
high = 0
low = 0
"""

_PLAYER = """
[[player]]
name = "{name}"
bank = "refuse"              # or "loan": the choice under the folded corner
# Streets, top first: numbers, "." built empty, "c" crane standing, "x" crane crossed
# off and empty, "x7" crossed off and opened with 7, "=7" Extended Casino copy.
streets = [".", ".", ".", "."]
street-bonus = [0, 0, 0, 0]  # lowest visible bonus of each street
projects = {{}}               # e.g. {{ pink = "high", yellow = "low" }}
hotels = {{ large = {{ built = 0, value = 0 }}, small = {{ built = 0, value = 0 }} }}
golf = {{ par3 = {{ holes = 0, value = 0 }}, par4 = {{ holes = 0, value = 0 }}, par5 = {{ holes = 0, value = 0 }} }}
shows = [{{ value = 0, boxes = 0, debts = 0 }}, {{ value = 0, boxes = 0, debts = 0 }}]
limo = {{ vip = {{ opened = 0, value = 0 }}, luxury = {{ opened = 0, value = 0 }}, mafia = {{ opened = 0 }}, missing-lines = 0, penalty = 0 }}
inauguration = {{ checked = 3, improved = false }}
bonuses = {{ free-action = 0, easy-opening = 0, extended-casino = 0 }}
"""

_ACME = """
# Solo: copy the numbers from your ACME Architect card.
[acme]
stack = ""                   # ACME's pile in order: C, Im, In, L, S
crane = 0
bank-threshold = 0
hidden-card = 1
hotels = 0
projects = {}

[acme.values]                # [basic, improved, Improvement cards needed]
inauguration = [0, 0, 0]
shows = [0, 0, 0]
hotels = [0, 0, 0]
streets = [0, 0, 0]
golf = [0, 0, 0]
limo = [0, 0, 0]
"""


def blank_table(names: list[str], *, solo: bool = False, file: str = "table.toml") -> str:
    """The text of a table file with an empty sheet per player (and ACME when ``solo``)."""
    cleaned = [n.strip() for n in names if n.strip()]
    problems = []
    if not cleaned:
        problems.append(Problem("name at least one player"))
    if len(set(cleaned)) != len(cleaned):
        problems.append(Problem("every player needs a different name", text=", ".join(cleaned)))
    if solo and len(cleaned) != 1:
        problems.append(Problem(f"a solo game has one player, not {len(cleaned)}"))
    bad = [n for n in cleaned if '"' in n or "\\" in n]
    problems += [Problem("a name cannot contain quotes or backslashes", text=n) for n in bad]
    if problems:
        raise InputError(problems)
    text = _HEADER.format(file=file, first=cleaned[0])
    text += "".join(_PLAYER.format(name=n) for n in cleaned)
    return text + (_ACME if solo else "")


def write_blank_table(path: Path, names: list[str], *, solo: bool = False, force: bool = False) -> str:
    """Write a blank table file to ``path`` all at once; an existing file needs ``force``."""
    text = blank_table(names, solo=solo, file=str(path))
    if path.exists() and not force:
        raise InputError(Problem("already exists; use --force to overwrite it", path=str(path)))
    atomic_write(path, text, mode=0o666)
    return text
