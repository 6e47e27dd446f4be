"""Which game a file belongs to.

The verbs ``replay``, ``check`` and ``score`` take any game file; the file says which
game it is:

* ``.clue`` logs (a ``game:`` header naming a Clue variant or a variant file);
* TOML states and sheets with a top-level ``game`` key;
* line-based game logs whose ``game:`` header names a Vegas game (e.g. ``.lov``).
"""

from __future__ import annotations

import difflib
import tomllib
from pathlib import Path

from cluesolver.errors import InputError, Problem, toml_problem

CLUE = "clue"
LAS_VEGAS = "las-vegas"
LORDS_OF_VEGAS = "lords-of-vegas"
WELCOME = "welcome-to-new-las-vegas"

#: Every spelling a file may use for each game, normalised to the game id.
GAME_ALIASES: dict[str, str] = {
    "las-vegas": LAS_VEGAS, "lasvegas": LAS_VEGAS, "las vegas": LAS_VEGAS,
    "las-vegas-royale": LAS_VEGAS, "las-vegas-boulevard": LAS_VEGAS,
    "lords-of-vegas": LORDS_OF_VEGAS, "lords": LORDS_OF_VEGAS, "lords of vegas": LORDS_OF_VEGAS,
    "welcome-to-new-las-vegas": WELCOME, "welcome": WELCOME,
    "welcome to new las vegas": WELCOME, "new-las-vegas": WELCOME,
}


def normalise_game(name: str) -> str | None:
    key = " ".join(name.strip().lower().replace("_", "-").split())
    return GAME_ALIASES.get(key) or GAME_ALIASES.get(key.replace(" ", "-"))


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(Problem("no such file", path=str(path))) from None
    except IsADirectoryError:
        raise InputError(Problem("is a directory, not a game file", path=str(path))) from None
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", path=str(path))) from None


def detect_game(path: Path) -> str:
    """Return the game id of the file at ``path`` (``clue`` or a Vegas game id)."""
    text = read_text(path)
    if path.suffix.lower() == ".clue":
        return CLUE
    header_game = _header_game(text)
    if path.suffix.lower() == ".toml" or header_game is None:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            if path.suffix.lower() == ".toml" or header_game is None:
                raise InputError(toml_problem(exc, str(path))) from None
        else:
            game = data.get("game")
            if game is None and ("category" in data or "extends" in data):
                raise InputError(Problem(
                    "this is a Clue variant file, not a game: show it with 'cluesolver variants show FILE' "
                    "or name it in a .clue log's 'game:' header", path=str(path)))
            if not isinstance(game, str):
                raise InputError(Problem("a TOML game file needs a top-level 'game' key",
                                         path=str(path), line=1,
                                         choices=(LAS_VEGAS, LORDS_OF_VEGAS, WELCOME)))
            found = normalise_game(game)
            if found is None:
                raise InputError(Problem("unknown game", path=str(path), text=game,
                                         choices=tuple(difflib.get_close_matches(
                                             game, [LAS_VEGAS, LORDS_OF_VEGAS, WELCOME], n=3, cutoff=0.3))))
            return found
    assert header_game is not None
    return normalise_game(header_game) or CLUE


def _header_game(text: str) -> str | None:
    """The value of the first ``game:`` header line, if the text has one."""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == "game":
            return value.strip()
        if not sep:
            return None
    return None
