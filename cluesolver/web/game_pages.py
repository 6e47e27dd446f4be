"""The Vegas page: Las Vegas payouts and standings, Lords of Vegas track and card payouts,
Welcome to New Las Vegas final scoring.

Files are picked from the session's folder only: a request names a file, and only a
name on the folder's own listing (regular files, no links, no sub-folders) is read.
Every result is the library's JSON view (the same data as ``--json``), rendered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from cluesolver.web.common import answer, render, state_of
from rulesref.core.errors import CluesolverError, InputError, Problem
from rulesref.core.i18n import _, mark

#: Words of the games' JSON views the page shows as ``_(word)``, for the catalogue: a Las Vegas
#: participant's outcome and what decided the winner, a Welcome sheet's zones.
WORDS = (
    mark("won"),
    mark("tied"),
    mark("nothing"),
    mark("money"),
    mark("notes"),
    mark("shared"),
    mark("projects"),
    mark("hotels"),
    mark("inauguration"),
    mark("golf"),
    mark("shows"),
    mark("limo"),
    mark("streets"),
    mark("safe"),
)
SUFFIXES = (".toml", ".lov")
MAX_FILES = 200
MAX_FIELD = 500


@dataclass(frozen=True)
class GameFile:
    name: str
    game: str


def game_files(folder: Path) -> tuple[GameFile, ...]:
    """The Vegas game files directly in ``folder``, with the game each one declares."""
    from rulesref.core.games import detect_game

    out: list[GameFile] = []
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return ()
    for path in entries[: MAX_FILES * 5]:
        if path.suffix.lower() not in SUFFIXES or path.is_symlink() or not path.is_file():
            continue
        try:
            out.append(GameFile(path.name, detect_game(path)))
        except (CluesolverError, OSError):
            continue
        if len(out) >= MAX_FILES:
            break
    return tuple(out)


def pick_file(folder: Path, name: str, game: str) -> Path:
    """The file called ``name`` in the folder's listing for ``game``; nothing else is opened."""
    from rulesref.core.names import closest

    files = [f.name for f in game_files(folder) if f.game == game]
    if name not in files:
        problem = _("no such {game} file in {folder}").format(game=game, folder=folder)
        raise InputError(Problem(problem, text=name, choices=closest(name, files)))
    return folder / name


def _field(request: Request, name: str, default: str = "") -> str:
    return (request.query_params.get(name) or default)[:MAX_FIELD]


async def page(request: Request) -> Response:
    st = state_of(request)
    files = await run_in_threadpool(game_files, st.settings.folder)
    return render(request, "vegas.html", files=files, folder=st.settings.folder, q=request.query_params)


async def _result(request: Request, title: str, kind: str, compute: Callable[[], dict[str, Any]]) -> Response:
    return await answer(
        request,
        "vegas_result.html",
        lambda: {"title": title, "kind": kind, "data": compute()},
        {"title": title, "kind": kind, "data": None},
    )


#: The form's fields as its problems name them (``_()`` at use).
LV_LABELS = {"casino": mark("dice"), "money": mark("money"), "edition": mark("edition")}


async def las_vegas_payout(request: Request) -> Response:
    """One casino paid out from dice counts (``las-vegas payout``)."""
    casino, money, edition = _field(request, "casino"), _field(request, "money"), _field(request, "edition", "base")

    def compute() -> dict[str, Any]:
        from rulesref.las_vegas.table import pay_typed

        result: dict[str, Any] = pay_typed(
            casino, money, edition, labels={k: _(v) for k, v in LV_LABELS.items()}
        ).to_json()
        return result

    return await _result(request, _("Las Vegas: one casino"), "lv-payout", compute)


async def _score(request: Request, game: str, title: str, kind: str) -> Response:
    """``score FILE`` of a file of ``game`` picked from the folder, through the game registry."""
    st = state_of(request)
    name = _field(request, "file")

    def compute() -> dict[str, Any]:
        from cluesolver.registry import GAMES

        data: dict[str, Any] = GAMES[game].score(pick_file(st.settings.folder, name, game)).to_json()
        return data

    return await _result(request, _("{game}: {file}").format(game=title, file=name), kind, compute)


async def las_vegas_standings(request: Request) -> Response:
    """Standings of a Las Vegas game file (``score FILE``)."""
    from rulesref.core.games import LAS_VEGAS

    return await _score(request, LAS_VEGAS, "Las Vegas", "lv-standings")


async def lords_track(request: Request) -> Response:
    """Moving a chip on the score track (``lords track``)."""
    at, points = _field(request, "at"), _field(request, "casinos")

    def compute() -> dict[str, Any]:
        from rulesref.lords import jsonview, table

        try:
            start = int(at.strip())
        except ValueError:
            raise InputError(Problem(_("the chip's space is a whole number"), text=at)) from None
        data: dict[str, Any] = jsonview.track_run(table.track(start, points, what="start"))
        return data

    return await _result(request, _("Lords of Vegas: score track"), "lords-track", compute)


async def lords_payout(request: Request) -> Response:
    """Who gets what when a card is drawn, on a state file (``lords payout``); nothing is written."""
    st = state_of(request)
    name, card, player = _field(request, "file"), _field(request, "card"), _field(request, "player").strip()

    def compute() -> dict[str, Any]:
        from rulesref.core.games import LORDS_OF_VEGAS
        from rulesref.lords import jsonview, table

        path = pick_file(st.settings.folder, name, LORDS_OF_VEGAS)
        result = table.payout(
            path, card.strip(), player=player or None, ask=_("say who draws the card (the state has no player to move)")
        )
        data: dict[str, Any] = jsonview.payout(result)
        return data

    title = _("Lords of Vegas: card {card} on {file}").format(card=card, file=name)
    return await _result(request, title, "lords-payout", compute)


async def welcome_score(request: Request) -> Response:
    """Final scoring of a Welcome to New Las Vegas table file, zone by zone (``score FILE``)."""
    from rulesref.core.games import WELCOME

    return await _score(request, WELCOME, "Welcome to New Las Vegas", "welcome")
