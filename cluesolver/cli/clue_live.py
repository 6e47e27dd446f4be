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


def _is_vegas(log: GameLog) -> bool:
    return log.variant.family == "lost-in-vegas"


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
    out.print(effect_text(done.effect, "; ".join(done.change.lines) if len(done.change.lines) == 1 else None))
    for p in done.rules:
        out.print(f"Rule {p.severity.value}: {p.message} {p.rule}", markup=False)
    if not after.consistent:
        out.print("Warning: the log now contradicts itself (recorded with --force).", markup=False)
        return EXIT_CONTRADICTION
    if after.solved():
        out.print("Solved: " + ", ".join(c for c in after.solution().values() if c) + " - accuse now.", markup=False)
    if _is_vegas(after.log):
        _print_clock(after.log)
    return 0


def show_status(result: Replay, *, as_json: bool, threats: bool = False) -> int:
    """``clue status``: the analysis, what the last line changed, the clock (Lost in Vegas)."""
    from cluesolver.cli.clue_files import show_analysis

    if as_json and threats and result.report.consistent:
        from cluesolver.clue.advice.threat import threats as opponent_threats

        data = result.to_json()  # the contract JSON, plus the threats
        found = opponent_threats(result.log, result.report.counts, samples=200, max_counts=60)
        data["threats"] = [t.to_json() for t in found]
        emit_json(data)
        return 0
    code = show_analysis(result, as_json=as_json)
    if as_json or code:
        return code
    from cluesolver.clue.session.live import last_effect

    out = console()
    log = result.log
    effect = last_effect(result)
    if effect is not None:
        from cluesolver.cli.clue_live_render import effect_text
        from cluesolver.clue.record.writer import format_event

        last = log.events[-1]
        out.print(f"Last line ({last.line}): {format_event(last, log)}", markup=False)
        out.print(effect_text(effect))
    from cluesolver.clue.record.turns import winner

    won = winner(log)
    if won is not None:
        out.print(f"The game is over: {won} accused correctly.")
    elif log.header.me is not None:
        from cluesolver.cli.clue_live_render import threat_text
        from cluesolver.clue.advice.threat import threats as opponent_threats

        out.print(threat_text(opponent_threats(log, result.report.counts, samples=200, max_counts=60)))
    if _is_vegas(log):
        _print_clock(log)
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

    word = "all-in" if _is_vegas(log) else "accusation"
    console().print(accuse_text(advice, word))
    if _is_vegas(log):
        _print_clock(log)
    return 0


def _print_clock(log: GameLog) -> None:
    from cluesolver.cli.clue_live_render import clock_text
    from cluesolver.clue.advice.accuse import accusation
    from cluesolver.clue.record.clock import clock

    c = clock(log)
    best = accusation(log) if (c.time_up or c.last_round) else None
    console().print(clock_text(c, best))


def show_clock(log: GameLog, *, as_json: bool) -> int:
    from cluesolver.clue.record.clock import clock

    c = clock(log)
    if as_json:
        from cluesolver.clue.advice.accuse import accusation

        data = c.to_json()
        if c.time_up or c.last_round:
            data["best_final_bet"] = accusation(log).to_json()
        emit_json(data)
        return 0
    if not _is_vegas(log):
        console().print(f"Note: the clock is a Lost in Vegas rule; this is a {log.variant.name} game.", markup=False)
    _print_clock(log)
    return 0
