"""Which game a file belongs to.

The verbs ``replay``, ``check`` and ``score`` take any game file; the file says which
game it is:

* ``.clue`` logs (a ``game:`` header naming a Clue variant or a variant file);
* TOML states and sheets with a top-level ``game`` key;
* line-based game logs whose ``game:`` header names a Vegas game (e.g. ``.lov``).

    >>> normalise_game("Lords of Vegas")
    'lords-of-vegas'
    >>> header_value("# a log\\ngame: welcome\\nplayers: Ann", "game")
    'welcome'
"""

from __future__ import annotations

from pathlib import Path

from rulesref.core.errors import InputError, Problem
from rulesref.core.files import read_text
from rulesref.core.text import split_lines

CLUE = "clue"
LAS_VEGAS = "las-vegas"
LORDS_OF_VEGAS = "lords-of-vegas"
WELCOME = "welcome-to-new-las-vegas"
VEGAS_GAMES = (LAS_VEGAS, LORDS_OF_VEGAS, WELCOME)

#: Every spelling a file may use for each game, normalised to the game id.
GAME_ALIASES: dict[str, str] = {
    "las-vegas": LAS_VEGAS,
    "lasvegas": LAS_VEGAS,
    "las vegas": LAS_VEGAS,
    "las-vegas-royale": LAS_VEGAS,
    "las-vegas-boulevard": LAS_VEGAS,
    "lords-of-vegas": LORDS_OF_VEGAS,
    "lords": LORDS_OF_VEGAS,
    "lords of vegas": LORDS_OF_VEGAS,
    "welcome-to-new-las-vegas": WELCOME,
    "welcome": WELCOME,
    "welcome to new las vegas": WELCOME,
    "new-las-vegas": WELCOME,
}


def normalise_game(name: str) -> str | None:
    """The game id a file's ``game`` value names, or None."""
    key = " ".join(name.strip().lower().replace("_", "-").split())
    return GAME_ALIASES.get(key) or GAME_ALIASES.get(key.replace(" ", "-"))


def detect_game(path: Path) -> str:
    """Return the game id of the file at ``path`` (``clue`` or a Vegas game id)."""
    text = read_text(path)
    return detect_game_of_text(text, path)


def detect_game_of_text(text: str, path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix == ".clue":
        return CLUE
    header_game = header_value(text, "game")
    if suffix == ".toml" or header_game is None:
        from rulesref.core.names import closest
        from rulesref.core.tomlfile import parse_toml

        data = parse_toml(text, str(path))
        game = data.get("game")
        if game is None and ("category" in data or "extends" in data):
            raise InputError(
                Problem(
                    "this is a Clue variant file, not a game: show it with 'cluesolver variants show FILE' "
                    "or name it in a .clue log's 'game:' header",
                    path=str(path),
                )
            )
        if not isinstance(game, str):
            raise InputError(
                Problem("a TOML game file needs a top-level 'game' key", path=str(path), line=1, choices=VEGAS_GAMES)
            )
        found = normalise_game(game)
        if found is None:
            raise InputError(
                Problem("unknown game", path=str(path), text=game, choices=closest(game, VEGAS_GAMES, cutoff=0.3))
            )
        return found
    return normalise_game(header_game) or CLUE


def header_value(text: str, name: str) -> str | None:
    """The value of a ``name:`` header line before the first non-header line, if any.

    Blank lines and ``#`` comments are skipped; the first line that is not ``key: value``
    ends the header.
    """
    for raw in split_lines(text):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if not sep:
            return None
        if key.strip().lower() == name:
            return value.strip()
    return None
