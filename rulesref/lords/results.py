"""What ``score`` and ``replay`` return for a Lords of Vegas file: value objects with ``to_json()``.

* :class:`Position` - a state file as it stands (``replay`` of a state just shows it);
* :class:`FinalScore` - the final standings: on a state, after the End of Game payout
  worked out here; on a game log, as replayed (with the recorded scores compared).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulesref.core.errors import InputError, Problem
from rulesref.core.findings import Finding
from rulesref.core.games import LORDS_OF_VEGAS
from rulesref.core.i18n import _
from rulesref.lords import jsonview
from rulesref.lords.board import END
from rulesref.lords.payout import Payout, draw
from rulesref.lords.replay import Difference, Replay
from rulesref.lords.standings import Standings, standings
from rulesref.lords.state import State
from rulesref.lords.verdict import reason


@dataclass(frozen=True)
class Position:
    """A table state as it stands."""

    state: State
    path: str | None = None

    def to_json(self) -> dict[str, object]:
        return jsonview.state(self.state)


@dataclass(frozen=True)
class FinalScore:
    """Standings at the end of a game, and how they were reached."""

    path: str | None
    kind: str  # "state" or "log"
    state: State
    standings: Standings
    final_payout: Payout | None = None  # a state file: the End of Game payout worked out here
    replay: Replay | None = None  # a game log: the replay behind the standings

    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def pending(self) -> tuple[Finding, ...]:
        """Ties for boss whose points the End of Game payout holds back until they are rerolled."""
        end = self.final_payout
        if end is None and self.replay is not None:
            end = next((s.payout for s in self.replay.steps if s.payout is not None and s.payout.card == END), None)
        if end is None:
            return ()
        return tuple(
            replace(
                reason(
                    _(
                        "tie for boss in {casino} ({lots}): its {n} points wait for the reroll, so the standings "
                        "are not final until the reroll"
                    ).format(casino=c.casino.name, lots=", ".join(c.casino.boss.tied), n=c.casino.size),
                    "boss-ties",
                    code="tie-pending",
                ),
                path=self.path,
            )
            for c in end.casinos
            if c.casino.boss.reroll_needed
        )

    @property
    def final(self) -> bool:
        """The game is over and no points wait for a reroll: the standings name the winner."""
        return self.finished and not self.pending

    @property
    def winners(self) -> tuple[str, ...]:
        """Who won; empty while the game is not over or a tie reroll is still due."""
        return self.standings.winners if self.final else ()

    @property
    def differences(self) -> tuple[Difference, ...]:
        return self.replay.differences if self.replay is not None else ()

    @property
    def problems(self) -> tuple[Finding, ...]:
        """Rule problems of the log behind the standings (never of a state file)."""
        if self.replay is None:
            return ()
        return tuple(f for f in self.replay.findings() if f.code != "recorded-score")

    def to_json(self) -> dict[str, object]:
        return {
            "game": LORDS_OF_VEGAS,
            "path": self.path,
            "kind": self.kind,
            "finished": self.finished,
            "final": self.final,
            "pending": [f.to_json() for f in self.pending],
            "final_payout": jsonview.payout(self.final_payout) if self.final_payout else None,
            "standings": self.standings.to_json(),
            "winners": list(self.winners),
            "decided_by": self.standings.decided_by.to_json(),
            "differences": [d.to_json() for d in self.differences],
            "problems": [f.to_json() for f in self.problems],
        }


def score_state(state: State, path: str | None = None) -> FinalScore:
    """The End of Game payout (unless the game is already over), then the standings."""
    final = None
    if not state.over:
        drawer = state.turn or state.players[0].name
        final = draw(state, END, drawer)
        if final.problems:
            raise InputError([Problem(r.message, path=path) for r in final.problems])
        state = final.state
    return FinalScore(path, "state", state, standings(state), final_payout=final)


def score_log(r: Replay) -> FinalScore:
    """The standings a replayed log reaches (so far, when it has no End of Game card)."""
    return FinalScore(r.log.path, "log", r.state, r.standings, replay=r)
