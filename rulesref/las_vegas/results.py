"""What ``score`` and ``replay`` return for a game file: the replay, the checker's report,
and their JSON views.  Money is in thousands here and whole dollars in the JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulesref.core.errors import Problem, UnknownNameError
from rulesref.core.findings import CheckReport
from rulesref.las_vegas.editions import dollars
from rulesref.las_vegas.jsonout import payout_json, replay_json
from rulesref.las_vegas.model import Game
from rulesref.las_vegas.notation import resolve_name
from rulesref.las_vegas.payout import Outcome
from rulesref.las_vegas.scoring import Replay


def ordinal(n: int) -> str:
    """``1`` -> ``"1st"``."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


@dataclass(frozen=True)
class GameResult:
    """A game paid out round by round, with what the checker found in its file."""

    replay: Replay
    report: CheckReport

    @property
    def game(self) -> Game:
        return self.replay.game

    @property
    def rule_problems(self) -> int:
        """How many rules the file breaks (the scores are still worked out)."""
        return len(self.report.errors)


@dataclass(frozen=True)
class ScoreResult(GameResult):
    """Final (or so-far) standings and who took which money at each casino."""

    def to_json(self) -> dict[str, Any]:
        data = replay_json(self.replay, rounds=False)
        data["casinos"] = [{"round": r.number, **payout_json(p)} for r in self.replay.rounds for p in r.payouts]
        data["rule_problems"] = self.rule_problems
        return data


@dataclass(frozen=True)
class ReplayResult(GameResult):
    """Every round's payouts and the running totals, up to the round asked for."""

    def to_json(self, why: str | None = None) -> dict[str, Any]:
        data = replay_json(self.replay)
        data["rule_problems"] = self.rule_problems
        if why is not None:
            data["why"] = self.why(why)
        return data

    def player(self, name: str, *, label: str = "--why") -> str:
        """The roster name a typed name means; an unknown name is an :class:`UnknownNameError`."""
        found, problem = resolve_name(name.removeprefix("why ").strip(), self.game.players)
        if problem is not None or found is None:
            raise UnknownNameError(
                Problem(
                    f"{label}: {problem.message if problem else 'unknown player'}",
                    path=self.game.source,
                    text=problem.text if problem else name,
                    choices=problem.choices if problem else self.game.players,
                )
            )
        return found

    def why(self, name: str) -> list[str]:
        """Where a player's money came from, casino by casino and tile by tile."""
        player = self.player(name)
        lines = [f"Where {player}'s money comes from:"]
        for r in self.replay.rounds:
            for p in r.payouts:
                for e in p.entries:
                    if e.participant != player:
                        continue
                    where = f"round {r.number}, casino {p.casino}: {e.count} {'die' if e.count == 1 else 'dice'}"
                    if e.outcome is Outcome.WON and e.money is not None and e.place is not None:
                        lines.append(f"{where}, {ordinal(e.place)} after ties, takes {dollars(e.money)}")
                    elif e.outcome is Outcome.TIED:
                        lines.append(f"{where}, tied with {', '.join(e.tied_with)}: nothing")
                    else:
                        lines.append(f"{where}, untied but the money ran out: nothing")
            for t in r.tiles:
                if t.player == player:
                    lines.append(
                        f"round {r.number}, casino tile: {', '.join(dollars(v) for v in t.money) or 'no money'}"
                        + (f" and {t.chips} chip(s)" if t.chips else "")
                    )
        return lines
