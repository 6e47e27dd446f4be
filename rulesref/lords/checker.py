"""Every rule problem in a board state, each citing the section that rules it out.

A state can be well-formed (the loader accepts it) and still impossible or unfinished:
more tiles of a colour than exist, a player with more than 12 dice out, a casino whose
top dice are tied between players (a reroll is due), pieces in block F with two players.
"""

from __future__ import annotations

from dataclasses import replace

from rulesref.core.findings import CheckReport, Finding
from rulesref.core.games import LORDS_OF_VEGAS
from rulesref.core.i18n import _, n_
from rulesref.lords.board import Company, lot, supply
from rulesref.lords.replay import Replay
from rulesref.lords.state import BUILT, State, casinos
from rulesref.lords.track import WIN_AT
from rulesref.lords.verdict import note, reason, warning


def check_state(state: State) -> tuple[Finding, ...]:
    """Rule problems of a state, in a stable order (empty when the state is clean)."""
    out: list[Finding] = []
    n = len(state.players)
    if not 2 <= n <= 4:
        if 5 <= n <= 6:
            out.append(
                reason(
                    _("{n} players: the original game plays 2 to 4 (the 2020 reprint plays up to 6)").format(n=n),
                    "editions",
                )
            )
        else:
            out.append(
                reason(
                    n_(
                        "{n} player: the game needs 2 to 4 players",
                        "{n} players: the game needs 2 to 4 players",
                        n,
                    ).format(n=n),
                    "components",
                )
            )
    limits = supply()
    for comp in Company:
        count = state.tiles_of(comp)
        if count > limits.tiles_per_company:
            out.append(
                reason(
                    _("{count} {colour} tiles on the board but only {n} exist").format(
                        count=count, colour=_(comp.colour), n=limits.tiles_per_company
                    ),
                    "components",
                )
            )
    for p in state.players:
        dice = state.dice_on_board(p.name)
        if dice > limits.dice_per_player:
            out.append(
                reason(
                    _("{player} has {count} dice on the board but owns {n}").format(
                        player=p.name, count=dice, n=limits.dice_per_player
                    ),
                    "components",
                )
            )
    for c in casinos(state):
        if c.boss.reroll_needed:
            tied = ", ".join(f"{x} ({state.tiles[x].die})" for x in c.boss.tied)
            out.append(
                reason(
                    _("tie for boss in {casino}: reroll needed for {tied}").format(casino=c.name, tied=tied),
                    "boss-ties",
                )
            )
    if n == 2:
        used = [x for x in list(state.markers) + list(state.tiles) if lot(x).block == "F"]
        for x in sorted(used):
            out.append(reason(_("{lot} is in block F, which is closed with two players").format(lot=x), "two-players"))
    for x in sorted(state.reorganized):
        if x not in state.tiles:
            out.append(
                reason(_("{lot} is marked as reorganized this turn but has no tile").format(lot=x), "reorganize")
            )
    on_board = set(state.markers) | {x for x, t in state.tiles.items() if t.die is not None}
    for x in state.drawn:
        if x != "END" and x not in on_board and not (n == 2 and lot(x).block == "F") and x not in state.tiles:
            out.append(
                reason(_("the card {card} was drawn but its lot has no marker and no tile").format(card=x), "take-over")
            )
    if state.drawn:
        for x, t in sorted(state.tiles.items()):
            if t.how == BUILT and x not in state.drawn:
                out.append(
                    warning(
                        _("{lot} was built, so its card came up, but 'drawn' does not list it").format(lot=x),
                        "build",
                        code="drawn-list",
                    )
                )
    for p in state.players:
        if p.points >= WIN_AT and not state.over:
            out.append(
                reason(
                    _("{player} has {points} points: the game should have ended").format(
                        player=p.name, points=p.points
                    ),
                    "winning",
                )
            )
    return tuple(out)


def notes_for(state: State) -> tuple[Finding, ...]:
    """Things worth saying that are not rule problems (e.g. markers beyond the 10 a player has)."""
    out = []
    for p in state.players:
        count = len(state.markers_of(p.name))
        if count > supply().markers_per_player:
            out.append(
                note(
                    _("{player} has {count} markers out but owns {n}; the rules do not say what happens then").format(
                        player=p.name, count=count, n=supply().markers_per_player
                    ),
                    "markers-run-out",
                )
            )
    return tuple(out)


def state_report(state: State, path: str | None = None) -> CheckReport:
    """``check`` of a state file: its rule problems, then its notes."""
    findings = tuple(replace(f, path=path) for f in check_state(state) + notes_for(state))
    summary = {
        "kind": "state",
        "players": list(state.names),
        "casinos": len(casinos(state)),
        "over": state.over,
    }
    return CheckReport(LORDS_OF_VEGAS, path, findings, summary)


def log_report(r: Replay) -> CheckReport:
    """``check`` of a game log: every illegal line and every recorded score that differs."""
    summary = {
        "kind": "log",
        "players": list(r.log.players),
        "lines": len(r.steps),
        "turns": r.turns,
        "finished": r.finished,
        "recorded": len(r.recorded),
        "differences": [d.to_json() for d in r.differences],
    }
    return CheckReport(LORDS_OF_VEGAS, r.log.path, r.findings(), summary)
