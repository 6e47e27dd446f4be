"""Lost in Vegas at the table: the clock, bets, and each player's one all-in.

The clock starts at 9 AM and moves one hour each time every player has had a turn; at
4 PM time is up and everyone still in writes a final bet (rule sections
``clue-lost-in-vegas/clock`` and ``running-out-of-time``).

Rounds are counted from ``round`` markers when the log has any.  Otherwise they are
inferred from the turns: a turn by a player seated at or before the previous turn's
player starts a new round (logs may skip turns where nothing was said, so a turn
counts where it falls in the seating, not one by one).  An inferred clock is marked as
such, because a round in which nobody bet or went all in leaves no trace in the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from cluesolver.clue.record.events import Accusation, GameLog, RoundEnd, Suggestion

START_HOUR = 9
END_HOUR = 16
ROUNDS = END_HOUR - START_HOUR


def hour_label(hour: int) -> str:
    """``9 AM``, ``12 PM``, ``4 PM``."""
    h = hour % 24
    suffix = "AM" if h < 12 else "PM"
    return f"{(h - 1) % 12 + 1} {suffix}"


@dataclass(frozen=True)
class PlayerState:
    name: str
    bets: int
    all_in_line: int | None  # the line of their all-in, if they went
    all_in_correct: bool | None

    @property
    def out(self) -> bool:
        return self.all_in_correct is False

    @property
    def may_go_all_in(self) -> bool:
        return self.all_in_line is None


@dataclass(frozen=True)
class Turn:
    player: str
    line: int
    round: int  # 0-based round the turn falls in


@dataclass(frozen=True)
class Clock:
    rounds_done: int
    from_markers: bool
    players: tuple[PlayerState, ...]
    turns: tuple[Turn, ...]
    winner: str | None

    @property
    def hour(self) -> int:
        return min(START_HOUR + self.rounds_done, END_HOUR)

    @property
    def label(self) -> str:
        return hour_label(self.hour)

    @property
    def time_up(self) -> bool:
        return self.rounds_done >= ROUNDS

    @property
    def last_round(self) -> bool:
        """The round now being played is the last one before 4 PM."""
        return self.rounds_done == ROUNDS - 1

    @property
    def rounds_left(self) -> int:
        return max(ROUNDS - self.rounds_done, 0)

    def player(self, name: str) -> PlayerState:
        return next(p for p in self.players if p.name == name)

    def to_json(self) -> dict[str, object]:
        return {
            "time": self.label,
            "hour": self.hour,
            "rounds_done": self.rounds_done,
            "rounds_left": self.rounds_left,
            "from_markers": self.from_markers,
            "time_up": self.time_up,
            "last_round": self.last_round,
            "winner": self.winner,
            "players": [
                {
                    "name": p.name,
                    "bets": p.bets,
                    "all_in_line": p.all_in_line,
                    "all_in_correct": p.all_in_correct,
                    "out": p.out,
                }
                for p in self.players
            ],
        }


def turns(log: GameLog) -> tuple[Turn, ...]:
    """Each turn seen in the log: a suggestion, or an accusation not right after the same
    player's suggestion (betting and then going all in is one turn)."""
    out: list[Turn] = []
    seats = {p: i for i, p in enumerate(log.players)}
    rnd = 0
    last: Suggestion | Accusation | RoundEnd | None = None
    markers = any(isinstance(e, RoundEnd) for e in log.events)
    for e in log.events:
        if isinstance(e, RoundEnd):
            rnd += 1
            last = e
            continue
        if not isinstance(e, (Suggestion, Accusation)):
            continue
        who = e.suggester if isinstance(e, Suggestion) else e.accuser
        if isinstance(e, Accusation) and isinstance(last, Suggestion) and last.suggester == who:
            last = e
            continue
        if not markers and out and seats[who] <= seats[out[-1].player]:
            rnd += 1
        out.append(Turn(who, e.line, rnd))
        last = e
    return tuple(out)


def clock(log: GameLog) -> Clock:
    """Where the clock stands after the whole log."""
    markers = sum(1 for e in log.events if isinstance(e, RoundEnd))
    seen = turns(log)
    if markers:
        done = markers
    elif seen:
        done = seen[-1].round
        out_now = {e.accuser for e in log.events if isinstance(e, Accusation) and not e.correct}
        still_in = [p for p in log.players if p not in out_now or p == seen[-1].player]
        if still_in and seen[-1].player == still_in[-1]:
            done += 1  # the last seat still in has played: the round is over
    else:
        done = 0
    states = []
    for p in log.players:
        bets = sum(1 for e in log.events if isinstance(e, Suggestion) and e.suggester == p)
        acc = next((e for e in log.events if isinstance(e, Accusation) and e.accuser == p), None)
        states.append(PlayerState(p, bets, acc.line if acc else None, acc.correct if acc else None))
    winner = next((e.accuser for e in log.events if isinstance(e, Accusation) and e.correct), None)
    return Clock(done, bool(markers), tuple(states), seen, winner)
