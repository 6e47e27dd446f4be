"""The work behind the ``clue`` commands, shared by the one-shot commands and ``clue play``.

Each function takes a parsed log (or a session path), asks the library, prints, and
returns the exit code.  Heavy modules are imported here, never at CLI start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.cli.common import EXIT_CONTRADICTION, console, emit_json, keep_freed_memory
from cluesolver.clue.record.events import GameLog

if TYPE_CHECKING:
    from cluesolver.clue.analysis.report import Replay
    from cluesolver.clue.session.view import ClockView


def record(path: Path, statements: list[str], *, force: bool = False, as_json: bool = False) -> int:
    """Append statements to a session (validated, atomic, locked) and show what changed."""
    from cluesolver.clue.session.live import record as record_lines

    done = record_lines(path, statements, force=force)
    after = done.after
    if as_json:
        emit_json(done.to_json())
        return 0 if after.consistent else EXIT_CONTRADICTION
    from cluesolver.cli.clue_live_render import effect_text

    out = console()
    for line in done.change.lines:
        out.print(f"Recorded: {line}", markup=False, style="bold")
    out.print(effect_text(done.effect))
    for p in done.rules:
        out.print(f"Rule {p.severity.value}: {p.message} {p.rule}", markup=False)
    if not after.consistent:
        out.print("Warning: the log now contradicts itself (recorded with --force).", markup=False)
        return EXIT_CONTRADICTION
    view = done.view
    if view.game_over is not None:
        out.print(view.game_over, markup=False)
    elif view.accuse_now:
        out.print("Solved: " + ", ".join(c for c in after.solution().values() if c) + " - accuse now.", markup=False)
    _print_clock(view.clock)
    return 0


def show_status(result: Replay, *, as_json: bool, threats: bool = False) -> int:
    """``clue status``: the analysis, what the last line changed, the clock (with a clock)."""
    from cluesolver.cli.clue_files import show_analysis
    from cluesolver.clue.session.view import table_view

    view = table_view(result.log, result.report)
    if as_json and threats and result.report.consistent:
        data = result.to_json()  # the contract JSON, plus the threats
        data["threats"] = [t.to_json() for t in view.all_threats() or ()]
        emit_json(data)
        return 0
    code = show_analysis(result, as_json=as_json)
    if as_json or code:
        return code
    out = console()
    if view.effect is not None and view.last is not None:
        from cluesolver.cli.clue_live_render import effect_text

        event = len(view.log.events)  # a file line, and which event it holds (docs/clue-log-format.md)
        out.print(f"Last line {view.last.line} (event {event}): {view.last_statement}", markup=False)
        out.print(effect_text(view.effect))
    if view.game_over is not None:
        out.print(view.game_over)
    elif view.threats is not None:
        from cluesolver.cli.clue_live_render import threat_text

        out.print(threat_text(view.threats))
    _print_clock(view.clock)
    return 0


def advise(log: GameLog, *, room: str | None, player: str | None, top: int, as_json: bool) -> int:
    from cluesolver.clue.advice.suggestions import match_room, rank
    from cluesolver.clue.record.turns import to_move, winner

    if player is not None:
        player = log.match_player(player)
    room_card = match_room(log, room) if room is not None else None
    if to_move(log) is None and player is None:
        won = winner(log)
        if as_json:
            emit_json({"game_over": True, "winner": won, "suggestions": []})
        else:
            console().print(f"The game is over: {won} accused correctly.", markup=False)
        return 0
    keep_freed_memory()
    ranking = rank(log, player=player, room=room_card, top=top)
    if as_json:
        emit_json(ranking.to_json())
        return 0
    from cluesolver.cli.clue_live_render import ranking_table

    out = console()
    if not ranking.advice:
        out.print("No advice: the log contradicts itself.", markup=False)
        return EXIT_CONTRADICTION
    out.print(ranking_table(ranking, [c.name for c in log.variant.categories], out.width))
    if ranking.player != log.header.me:
        out.print(
            f"{ranking.player} is to move; gains are what this notebook would learn from the answers.", markup=False
        )
    return 0


def accuse_advice(log: GameLog, *, player: str | None, as_json: bool) -> int:
    from cluesolver.clue.advice.accuse import accusation

    if player is not None:
        player = log.match_player(player)
    keep_freed_memory()
    advice = accusation(log, player=player, plan=True)
    if as_json:
        emit_json(advice.to_json())
        return 0
    from cluesolver.cli.clue_live_render import accuse_text
    from cluesolver.clue.session.view import clock_view

    console().print(accuse_text(advice, log.variant.rules.accusation_word))
    _print_clock(clock_view(log))
    return 0


def _print_clock(view: ClockView | None) -> None:
    """The clock and the final bet, for an edition with a clock (nothing otherwise)."""
    if view is None:
        return
    from cluesolver.cli.clue_live_render import clock_text

    console().print(clock_text(view.clock, view.final_bet))


def show_clock(log: GameLog, *, as_json: bool) -> int:
    from cluesolver.clue.session.view import clock_view

    view = clock_view(log, always=True)
    assert view is not None
    if as_json:
        data = view.clock.to_json()
        if view.final_bet is not None:
            data["best_final_bet"] = view.final_bet.to_json()
        emit_json(data)
        return 0
    if not log.variant.rules.clock:
        console().print(f"Note: the clock is a Lost in Vegas rule; this is a {log.variant.name} game.", markup=False)
    _print_clock(view)
    return 0
