"""The work behind the ``clue`` commands, shared by the one-shot commands and ``clue play``.

Each function takes a parsed log (or a session path), asks the library, prints, and
returns the exit code.  Heavy modules are imported here, never at CLI start-up.
"""

from __future__ import annotations

from pathlib import Path

from cluesolver.cli.common import EXIT_CONTRADICTION, console, emit_json
from cluesolver.clue.log import GameLog
from rulesref.core.errors import ContradictionError


def _is_vegas(log: GameLog) -> bool:
    return log.variant.family == "lost-in-vegas"


def record(path: Path, statements: list[str], *, force: bool = False, as_json: bool = False, show: bool = True) -> int:
    """Append statements to a session (validated, atomic, locked) and show what changed."""
    from cluesolver.clue import session as S
    from cluesolver.clue.advisor import line_effect
    from cluesolver.clue.report import analyse

    def allow(before: GameLog, after: GameLog) -> None:
        if force:
            return
        from cluesolver.clue.constraints import puzzle_of
        from cluesolver.clue.count import count

        if count(puzzle_of(after)).deals == 0:
            from cluesolver.clue.explain import minimal_conflict

            lines = minimal_conflict(after)
            text = S.read_session(path)[0].splitlines() + [s.strip() for s in S.check_statements(statements)]
            detail = "; ".join(f"line {n}: {text[n - 1].strip()}" for n in lines if 0 < n <= len(text))
            raise ContradictionError(
                f"not recorded: this contradicts the log ({detail}). "
                "Check what was said, or record it anyway with --force",
                lines,
            )

    change = S.add(path, statements, allow=allow)
    after = analyse(change.after)
    before = analyse(change.before)
    effect = line_effect(before, after)
    from cluesolver.clue.logcheck import check_log

    new_lines = {e.line for e in change.after.events[len(change.before.events) :]}
    rules = [p for p in check_log(change.after, consistency=False, warnings=False) if p.line in new_lines]
    if as_json:
        emit_json(
            {
                "added": list(change.lines),
                "effect": effect.to_json(),
                "consistent": after.consistent,
                "solution": after.solution(),
                "rule_problems": [p.to_json() for p in rules],
            }
        )
        return 0 if after.consistent else EXIT_CONTRADICTION
    if not show:
        return 0 if after.consistent else EXIT_CONTRADICTION
    from cluesolver.cli.clue_live_render import effect_text

    out = console()
    out.print(effect_text(effect, "; ".join(change.lines) if len(change.lines) == 1 else None))
    for p in rules:
        out.print(f"Rule {p.severity.value}: {p.message} {p.citation}", markup=False)
    if not after.consistent:
        out.print("Warning: the log now contradicts itself (recorded with --force).", markup=False)
        return EXIT_CONTRADICTION
    if after.solved():
        out.print("Solved: " + ", ".join(c for c in after.solution().values() if c) + " - accuse now.", markup=False)
    if _is_vegas(change.after):
        _print_clock(change.after)
    return 0


def show_status(log: GameLog, lines: list[str], *, as_json: bool) -> int:
    from cluesolver.cli.clue_files import show_analysis
    from cluesolver.clue.report import analyse

    code, report = show_analysis(log, lines, as_json=as_json)
    if as_json or code:
        return code
    out = console()
    if log.events:
        from cluesolver.cli.clue_live_render import effect_text
        from cluesolver.clue.advisor import line_effect
        from cluesolver.clue.log import format_event

        last = log.events[-1]
        effect = line_effect(analyse(log.without_last()), report)
        out.print(f"Last line ({last.line}): {format_event(last, log)}", markup=False)
        out.print(effect_text(effect))
    if _is_vegas(log):
        _print_clock(log)
    return 0


def explain(log: GameLog, text: str, lines: list[str], *, as_json: bool) -> int:
    from cluesolver.cli.clue_files import explain_fact

    return explain_fact(log, text, lines, as_json=as_json)


def advise(log: GameLog, *, room: str | None, player: str | None, top: int, as_json: bool) -> int:
    from cluesolver.clue.advisor import match_room, rank, to_move, winner
    from rulesref.core.errors import InputError, Problem

    if player is not None:
        match = [p for p in log.players if p.casefold() == player.strip().casefold()]
        if not match:
            from rulesref.core.names import closest

            raise InputError(Problem("unknown player", text=player, choices=closest(player, log.players)))
        player = match[0]
    room_card = match_room(log, room) if room is not None else None
    if to_move(log) is None and player is None:
        won = winner(log)
        if as_json:
            emit_json({"game_over": True, "winner": won, "suggestions": []})
        else:
            console().print(f"The game is over: {won} accused correctly.", markup=False)
        return 0
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
    from cluesolver.clue.advisor import accusation

    advice = accusation(log, player=player)
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
    from cluesolver.clue.advisor import accusation
    from cluesolver.clue.clock import clock

    c = clock(log)
    best = accusation(log) if (c.time_up or c.last_round) else None
    console().print(clock_text(c, best))


def show_clock(log: GameLog, *, as_json: bool) -> int:
    from cluesolver.clue.clock import clock

    c = clock(log)
    if as_json:
        from cluesolver.clue.advisor import accusation

        data = c.to_json()
        if c.time_up or c.last_round:
            data["best_final_bet"] = accusation(log).to_json()
        emit_json(data)
        return 0
    if not _is_vegas(log):
        console().print(f"Note: the clock is a Lost in Vegas rule; this is a {log.variant.name} game.", markup=False)
    _print_clock(log)
    return 0
