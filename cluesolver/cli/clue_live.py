"""The work behind the ``clue`` commands, shared by the one-shot commands and ``clue play``.

Each function takes a parsed log (or a session path), asks the library, prints, and
returns the exit code.  Heavy modules are imported here, never at CLI start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.cli.common import EXIT_CONTRADICTION, console, emit_json, keep_freed_memory
from cluesolver.clue.record.events import GameLog
from rulesref.core.i18n import _

if TYPE_CHECKING:
    from collections.abc import Iterable

    from cluesolver.clue.analysis.report import Replay
    from cluesolver.clue.session.view import ClockView
    from cluesolver.clue.variants import Variant
    from rulesref.core.findings import Finding


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
    variant = after.log.variant
    for line in _as_said(done.change.lines, done.change.after, len(done.change.before.events)):
        out.print(_("Recorded: {statement}").format(statement=line), markup=False, style="bold")
    out.print(effect_text(done.effect, variant))
    for p in done.rules:
        out.print(rule_line(p), markup=False)
    if not after.consistent:
        out.print(_("Warning: the log now contradicts itself (recorded with --force)."), markup=False)
        return EXIT_CONTRADICTION
    view = done.view
    if view.game_over is not None:
        out.print(view.game_over, markup=False)
    elif view.accuse_now:
        out.print(solved_line(after.solution().values(), variant), markup=False)
    _print_clock(view.clock, variant)
    return 0


def _as_said(lines: tuple[str, ...], log: GameLog, before: int) -> tuple[str, ...]:
    """The statements just recorded as the table reads them back: as typed in English, in
    the language's own grammar otherwise (each new event said again, the cards in its names)."""
    from rulesref.core.i18n import language

    if language() == "en":
        return lines
    from cluesolver.clue.record.writer import say_event

    return tuple(say_event(e, log) for e in log.events[before:])


def rule_line(p: Finding) -> str:
    """``Rule error: <message> [clue/turns] Taking turns``: a rule a recorded line breaks."""
    from rulesref.cite import said

    rule = said(p.rule) if p.rule is not None else None
    return _("Rule {severity}: {message} {rule}").format(severity=_(p.severity.value), message=p.message, rule=rule)


def solved_line(solution: Iterable[str | None], variant: Variant) -> str:
    """``Solved: Plum, Rope, Hall - accuse now.``"""
    cards = ", ".join(variant.display_name(c) for c in solution if c)
    return _("Solved: {cards} - accuse now.").format(cards=cards)


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
    variant = result.log.variant
    if view.effect is not None and view.last is not None:
        from cluesolver.cli.clue_live_render import effect_text

        event = len(view.log.events)  # a file line, and which event it holds (docs/clue-log-format.md)
        from cluesolver.clue.record.writer import say_event

        said = _("Last line {line} (event {event}): {statement}")
        statement = say_event(view.last, view.log)  # English: the canonical statement (view.last_statement)
        out.print(said.format(line=view.last.line, event=event, statement=statement), markup=False)
        out.print(effect_text(view.effect, variant))
    if view.game_over is not None:
        out.print(view.game_over)
    elif view.threats is not None:
        from cluesolver.cli.clue_live_render import threat_text

        out.print(threat_text(view.threats))
    _print_clock(view.clock, variant)
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
            console().print(_("The game is over: {winner} accused correctly.").format(winner=won), markup=False)
        return 0
    keep_freed_memory()
    ranking = rank(log, player=player, room=room_card, top=top)
    if as_json:
        emit_json(ranking.to_json())
        return 0
    from cluesolver.cli.clue_live_render import ranking_table

    out = console()
    if not ranking.advice:
        out.print(_("No advice: the log contradicts itself."), markup=False)
        return EXIT_CONTRADICTION
    out.print(ranking_table(ranking, log.variant, out.width))
    if ranking.player != log.header.me:
        said = _("{player} is to move; gains are what this notebook would learn from the answers.")
        out.print(said.format(player=ranking.player), markup=False)
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

    console().print(accuse_text(advice, log.variant))
    _print_clock(clock_view(log), log.variant)
    return 0


def _print_clock(view: ClockView | None, variant: Variant) -> None:
    """The clock and the final bet, for an edition with a clock (nothing otherwise)."""
    if view is None:
        return
    from cluesolver.cli.clue_live_render import clock_text

    console().print(clock_text(view.clock, variant, view.final_bet))


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
        said = _("Note: the clock is a Lost in Vegas rule; this is a {game} game.")
        console().print(said.format(game=log.variant.display_title()), markup=False)
    _print_clock(view, log.variant)
    return 0
