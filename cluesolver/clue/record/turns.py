"""Whose turn it is, who is out after a wrong accusation, and who has won."""

from __future__ import annotations

from cluesolver.clue.record.events import Accusation, GameLog, Suggestion


def eliminated(log: GameLog) -> tuple[str, ...]:
    """Players out of the game after a wrong accusation, in the order they went out."""
    out: list[str] = []
    for e in log.events:
        if isinstance(e, Accusation) and not e.correct and e.accuser not in out:
            out.append(e.accuser)
    return tuple(out)


def winner(log: GameLog) -> str | None:
    return next((e.accuser for e in log.events if isinstance(e, Accusation) and e.correct), None)


def to_move(log: GameLog) -> str | None:
    """Whose turn it is: the next player still in after the last one who took a turn."""
    if winner(log) is not None:
        return None
    out = set(eliminated(log))
    players = log.players
    last = next((e for e in reversed(log.events) if isinstance(e, (Suggestion, Accusation))), None)
    start = 0 if last is None else players.index(last.suggester if isinstance(last, Suggestion) else last.accuser) + 1
    for k in range(len(players)):
        p = players[(start + k) % len(players)]
        if p not in out:
            return p
    return None
