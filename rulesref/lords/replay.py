"""Replay a game log step by step, checking every event against the rules.

Illegal events are reported (with the deciding rule) and skipped, so one planted mistake
does not hide the next.  At the end the standings are computed and compared with the
``final`` lines the players recorded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from rulesref.core.errors import Problem, UnknownNameError
from rulesref.core.findings import Finding
from rulesref.core.i18n import _, mark, n_
from rulesref.core.names import closest
from rulesref.lords import actions, jsonview
from rulesref.lords.board import END, lot, supply
from rulesref.lords.gamble import gamble
from rulesref.lords.gamelog import (
    Build,
    Draw,
    Entry,
    Final,
    Gamble,
    GameLog,
    Remodel,
    Reorganize,
    Reroll,
    Sprawl,
    Start,
    Trade,
    Turn,
)
from rulesref.lords.payout import Payout, draw
from rulesref.lords.standings import Standings, standings
from rulesref.lords.state import Player, State, ties
from rulesref.lords.trading import trade
from rulesref.lords.verdict import cites, note, reason


@dataclass(frozen=True)
class Step:
    line: int
    text: str
    turn: int  # the turn this line belongs to (0 = setup)
    summary: str
    problems: tuple[Finding, ...] = ()
    notes: tuple[Finding, ...] = ()
    payout: Payout | None = None
    players: tuple[Player, ...] = ()  # everyone's money and points after this line

    def to_json(self) -> dict[str, object]:
        return {
            "line": self.line,
            "text": self.text,
            "turn": self.turn,
            "summary": self.summary,
            "problems": jsonview.reasons(self.problems),
            "notes": jsonview.reasons(self.notes),
        }


@dataclass(frozen=True)
class Difference:
    player: str
    recorded_points: int
    recorded_money: int
    points: int
    money: int
    line: int | None = None  # the ``final`` line

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "recorded": {"points": self.recorded_points, "money": self.recorded_money},
            "computed": {"points": self.points, "money": self.money},
        }

    def finding(self, path: str | None) -> Finding:
        """The difference as a rule problem on its ``final`` line."""
        return replace(
            reason(
                _(
                    "{player} wrote down {recorded} and ${recorded_money}; the replay gives {points} and ${money}"
                ).format(
                    player=self.player,
                    recorded=_points(self.recorded_points),
                    recorded_money=self.recorded_money,
                    points=_points(self.points),
                    money=self.money,
                ),
                "winning",
                code="recorded-score",
            ),
            path=path,
            line=self.line,
            where={"player": self.player},
        )


@dataclass(frozen=True)
class Replay:
    log: GameLog
    steps: tuple[Step, ...]
    state: State
    turns: int
    standings: Standings
    recorded: tuple[Final, ...]
    differences: tuple[Difference, ...]
    stopped_at: int | None = None  # --at: the last turn replayed

    @property
    def problems(self) -> tuple[tuple[Step, Finding], ...]:
        return tuple((s, r) for s in self.steps for r in s.problems)

    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def ok(self) -> bool:
        """Every line follows the rules and the recorded scores agree."""
        return not self.problems and not self.differences

    def findings(self) -> tuple[Finding, ...]:
        """Every rule problem, located on its log line, then every recorded score that differs."""
        path = self.log.path
        located = tuple(replace(p, path=path, line=s.line, text=s.text) for s, p in self.problems)
        notes = tuple(replace(n, path=path, line=s.line, text=s.text) for s in self.steps for n in s.notes if n.code)
        return located + tuple(d.finding(path) for d in self.differences) + notes

    def why(self, player: str) -> tuple[Change, ...]:
        """Every line that changed ``player``'s money or points."""
        return history(self, player)

    def to_json(self) -> dict[str, object]:
        return {
            "players": list(self.log.players),
            "turns": self.turns,
            "finished": self.finished,
            "stopped_at": self.stopped_at,
            "steps": [s.to_json() for s in self.steps],
            "problems": [f.to_json() for f in self.findings() if f.code != "recorded-score"],
            "state": jsonview.state(self.state),
            "standings": self.standings.to_json(),
            "winners": list(self.standings.winners) if self.finished else [],
            "recorded": [{"player": f.player, "points": f.points, "money": f.money} for f in self.recorded],
            "differences": [d.to_json() for d in self.differences],
        }


@dataclass(frozen=True)
class ReplaySettings:
    """Tunables of the replay.

    ``end_share``: at setup the End of Game card goes under three of four similar stacks,
    about 3/4 of the way down the cards left after dealing.  An End card drawn before this
    share of those cards is noted as far earlier than the setup allows (1/2: the three top
    stacks would hold only two thirds of their fair share).
    """

    end_share: Fraction = Fraction(1, 2)


class _Replayer:
    def __init__(self, log: GameLog, settings: ReplaySettings) -> None:
        self.log = log
        self.settings = settings
        self.cards = 0  # lot cards drawn since the deal (two-player F redraws included)
        self.state = State(players=tuple(Player(n, 0, 0) for n in log.players))
        self.turn_no = 0
        self.current: str | None = None
        self.redraw = False
        self.consumed: dict[int, int] = {}  # entry index -> line of the draw that used its reroll
        self.steps: list[Step] = []
        self.finals: list[tuple[int, Final]] = []

    def next_player(self) -> str | None:
        if self.current is None:
            return None
        names = self.state.names
        return names[(names.index(self.current) + 1) % len(names)]

    def run(self, at: int | None) -> Replay:
        entries = self.log.entries
        stopped = None
        for i, entry in enumerate(entries):
            if at is not None and isinstance(entry.event, Turn) and self.turn_no >= at:
                stopped = self.turn_no
                break
            if i in self.consumed:
                self.steps.append(
                    Step(
                        entry.line,
                        entry.text,
                        self.turn_no,
                        _("tie reroll, applied before the payout of line {line}").format(line=self.consumed[i]),
                        players=self.state.players,
                    )
                )
                continue
            # a tie is reported once, on the line that caused it (draws check their own ties)
            before = set() if isinstance(entry.event, Reroll) else {c.lots for c in ties(self.state)}
            summary, problems, notes, payout = self.apply(i, entry)
            if not isinstance(entry.event, (Turn, Draw)) and not self._reroll_follows(i):
                problems = problems + tuple(
                    reason(
                        _("tie for boss in {casino} ({lots}) is not rerolled").format(
                            casino=c.name, lots=", ".join(c.boss.tied)
                        ),
                        "boss-ties",
                    )
                    for c in ties(self.state)
                    if c.lots not in before
                )
            self.steps.append(
                Step(
                    entry.line,
                    entry.text,
                    self.turn_no,
                    summary,
                    tuple(problems),
                    tuple(notes),
                    payout,
                    self.state.players,
                )
            )
        if stopped is None and self.redraw:
            self.steps[-1] = replace(
                self.steps[-1],
                problems=self.steps[-1].problems
                + (reason(_("the log ends before the required redraw after an F card"), "two-players"),),
            )
        st = standings(self.state)
        diffs: tuple[Difference, ...] = ()
        if stopped is None:
            diffs = tuple(self._differences())
        return Replay(
            self.log, tuple(self.steps), self.state, self.turn_no, st, tuple(f for _, f in self.finals), diffs, stopped
        )

    def _reroll_follows(self, i: int) -> bool:
        entries = self.log.entries
        return i + 1 < len(entries) and isinstance(entries[i + 1].event, Reroll)

    def _differences(self) -> list[Difference]:
        out = []
        for line, f in self.finals:
            p = self.state.player(f.player)
            if (p.points, p.money) != (f.points, f.money):
                out.append(Difference(f.player, f.points, f.money, p.points, p.money, line))
        return out

    # -- one entry -------------------------------------------------------------
    def apply(self, i: int, entry: Entry) -> tuple[str, tuple[Finding, ...], tuple[Finding, ...], Payout | None]:
        ev = entry.event
        if isinstance(ev, Start):
            return self.start(ev) + (None,)
        if isinstance(ev, (Turn, Draw)):
            return self.draw(i, entry)
        if isinstance(ev, Final):
            self.finals.append((entry.line, ev))
            notes = () if self.state.over else (note(_("final scores recorded before the game ended"), "end"),)
            said = _("{player} recorded {points} and ${money}").format(
                player=ev.player, points=_points(ev.points), money=ev.money
            )
            return said, (), notes, None
        if isinstance(ev, Trade):
            r = trade(self.state, ev.giver, ev.receiver, money=ev.money, lots=ev.lots, dice=ev.dice)
            return self._result(
                r,
                _("{giver} gives {receiver} {items}").format(
                    giver=ev.giver,
                    receiver=ev.receiver,
                    items=", ".join(
                        ([f"${ev.money}"] if ev.money else [])
                        + [_("lot {lot}").format(lot=x) for x in ev.lots]
                        + [_("die {lot}").format(lot=x) for x in ev.dice]
                    ),
                ),
            ) + (None,)
        if isinstance(ev, Reroll):
            r = actions.reroll(self.state, ev.rolls[0][0], dict(ev.rolls))
            return self._result(r, _("tie reroll")) + (None,)
        if self.current is None:
            return _refused(entry.text), (reason(_("an action before the first turn"), "turn"),), (), None
        if self.redraw:
            again = reason(
                _("{player} must draw again first (an F card with two players)").format(player=self.current),
                "two-players",
            )
            return _refused(entry.text), (again,), (), None
        who = entry.actor or self.current
        if isinstance(ev, Build):
            r = actions.build(self.state, who, ev.lot, ev.company, ev.die_from)
        elif isinstance(ev, Sprawl):
            r = actions.sprawl(self.state, who, ev.lot, ev.company, ev.die_from)
        elif isinstance(ev, Remodel):
            r = actions.remodel(self.state, who, ev.lot, ev.company)
        elif isinstance(ev, Reorganize):
            r = actions.reorganize(self.state, who, ev.lot, dict(ev.rolls))
        elif isinstance(ev, Gamble):
            q = gamble(self.state, who, ev.lot, ev.bet, layoff=ev.layoff, roll=ev.roll)
            if not q.legal or q.state is None or q.result is None:
                return _refused(_("{player} gambles ${bet}").format(player=who, bet=ev.bet)), q.reasons, (), None
            self.state = q.state
            s = q.result
            bank = _(", bank {money}").format(money=f"{s.bank:+d}") if s.bank else ""
            text = _(
                "{player} gambles ${bet} in {casino}, rolls {roll}: {outcome} ({player} {gain}, boss {boss}{bank})"
            ).format(
                player=who,
                bet=ev.bet,
                casino=q.casino.name if q.casino else ev.lot,
                roll=ev.roll,
                outcome=_(s.outcome.name),
                gain=f"{s.gambler:+d}",
                boss=f"{s.boss:+d}",
                bank=bank,
            ) + (_("; the boss owed ${money}, capped by the boss's cash").format(money=s.owed) if s.capped else "")
            return text, (), (), None
        else:  # pragma: no cover - every event type is handled above
            raise TypeError(ev)
        return self._result(r, _(DONE[r.action]).format(player=who, lot=r.target, cost=r.cost)) + (None,)

    def _result(self, r: actions.ActionResult, text: str) -> tuple[str, tuple[Finding, ...], tuple[Finding, ...]]:
        if r.legal and r.state is not None:
            self.state = r.state
            return text, (), tuple(n for n in r.notes if not cites(n, "boss-ties"))
        return _refused(text), r.reasons, ()

    def start(self, ev: Start) -> tuple[str, tuple[Finding, ...], tuple[Finding, ...]]:
        problems = []
        if self.current is not None:
            problems.append(reason(_("starting cards are dealt before the first turn"), "setup"))
        if len(ev.cards) != 2:
            problems.append(reason(_("every player starts with 2 cards, not {n}").format(n=len(ev.cards)), "setup"))
        for c in ev.cards:
            if c in self.state.drawn:
                problems.append(reason(_("the card {card} was already dealt").format(card=c), "setup"))
            if len(self.state.players) == 2 and lot(c).block == "F":
                problems.append(
                    reason(_("{card} is in block F: with two players it is replaced").format(card=c), "two-players")
                )
        if problems:
            return _refused(_("{player} starts").format(player=ev.player)), tuple(problems), ()
        money = sum(lot(c).setup_value for c in ev.cards)
        s = self.state
        for c in ev.cards:
            s = s.with_marker(c, ev.player)
        self.state = replace(s.with_player(ev.player, money=money), drawn=s.drawn + ev.cards)
        said = _("{player} starts on {cards} with ${money}").format(
            player=ev.player, cards=_(" and ").join(ev.cards), money=money
        )
        return said, (), ()

    def draw(self, i: int, entry: Entry) -> tuple[str, tuple[Finding, ...], tuple[Finding, ...], Payout | None]:
        ev = entry.event
        problems: list[Finding] = []
        if isinstance(ev, Turn):
            player = ev.player
            if self.redraw:
                problems.append(
                    reason(
                        _("{player} must draw again first (an F card with two players)").format(player=self.current),
                        "two-players",
                    )
                )
            expected = self.next_player()
            if expected is not None and player != expected and not self.redraw:
                problems.append(
                    reason(_("it is {turn}'s turn, not {player}'s").format(turn=expected, player=player), "turn")
                )
            if self.current is None and self.turn_no == 0:
                started = {e.event.player for e in self.log.entries if isinstance(e.event, Start)}
                missing = [n for n in self.state.names if n not in started]
                if missing:
                    problems.append(
                        reason(
                            _("no starting cards for {players} (a 'start' line each)").format(
                                players=", ".join(missing)
                            ),
                            "setup",
                        )
                    )
        else:
            assert isinstance(ev, Draw)
            if not self.redraw or self.current is None:
                return (
                    _refused(entry.text),
                    (reason(_("drawing again is only for an F card with two players"), "two-players"),),
                    (),
                    None,
                )
            player = self.current
        rerolls = []
        j = i + 1
        while j < len(self.log.entries):
            follow = self.log.entries[j].event
            if not isinstance(follow, Reroll):
                break
            rerolls.append(dict(follow.rolls))
            self.consumed[j] = entry.line
            j += 1
        tied_before = {c.lots for c in ties(self.state)}  # already reported on an earlier line
        p = draw(self.state, ev.card, player, rerolls=rerolls, die_from=ev.die_from)
        problems += p.problems
        if p.problems:  # the draw cannot happen: skipped, the turn stays where it was
            return _("{player} draws {card} (skipped)").format(player=player, card=ev.card), tuple(problems), (), p
        if isinstance(ev, Turn):
            self.turn_no += 1
            self.current = player
        self.state = p.state
        self.redraw = p.draw_again
        early = self._early_end() if p.card == END else ()
        self.cards += p.card != END
        for c in ties(self.state):
            if c.lots not in tied_before:
                problems.append(
                    reason(
                        _("tie for boss in {casino} is not rerolled before the payout").format(casino=c.name),
                        "boss-ties",
                    )
                )
        notes = tuple(n for n in p.notes if not cites(n, "boss-ties"))
        gains = ", ".join(
            f"{x.name} +${x.money_after - x.money_before}"
            + (_(" +{n} pts").format(n=x.points_after - x.points_before) if x.points_after != x.points_before else "")
            for x in p.players
        )
        said = _("{player} draws {card}: {takeover}; {gains}").format(
            player=player, card=p.card, takeover=p.takeover.text, gains=gains
        )
        return said, tuple(problems), notes + early, p

    def _early_end(self) -> tuple[Finding, ...]:
        """A note when the End of Game card comes far earlier than the setup puts it."""
        left = supply().lot_cards - 2 * len(self.log.players)  # the deck after dealing two cards each
        limit = self.settings.end_share * left
        if left <= 0 or self.cards >= limit:
            return ()
        return (
            note(
                n_(
                    "the End of Game card came up after {n} lot card; set up for {players} players it lies under "
                    "about {under} of the {left} cards left after the deal, so before {limit} is far earlier than "
                    "the setup allows (was the deck cut into four stacks?)",
                    "the End of Game card came up after {n} lot cards; set up for {players} players it lies under "
                    "about {under} of the {left} cards left after the deal, so before {limit} is far earlier than "
                    "the setup allows (was the deck cut into four stacks?)",
                    self.cards,
                ).format(
                    n=self.cards,
                    players=len(self.log.players),
                    under=round(left * 3 / 4),
                    left=left,
                    limit=math.ceil(limit),
                ),
                "setup",
                code="end-early",
            ),
        )


#: What a legal building action says in the replay, by :attr:`rulesref.lords.actions.ActionResult.action`.
DONE = {
    "build": mark("{player} builds {lot} for ${cost}"),
    "sprawl": mark("{player} sprawls {lot} for ${cost}"),
    "remodel": mark("{player} remodels {lot} for ${cost}"),
    "reorganize": mark("{player} reorganizes {lot} for ${cost}"),
}


def _refused(text: str) -> str:
    return _("{text} (refused)").format(text=text)


def _points(n: int) -> str:
    return n_("{n} point", "{n} points", n).format(n=n)


@dataclass(frozen=True)
class Change:
    """One line that changed a player's money or points."""

    line: int
    text: str
    turn: int
    money: int  # change
    points: int  # change
    money_after: int
    points_after: int

    def to_json(self) -> dict[str, object]:
        return {
            "line": self.line,
            "text": self.text,
            "turn": self.turn,
            "money": self.money,
            "points": self.points,
            "money_after": self.money_after,
            "points_after": self.points_after,
        }


def history(r: Replay, player: str) -> tuple[Change, ...]:
    """Why a player has their money and points: every line that changed them."""
    if player not in r.log.players:
        raise UnknownNameError(
            Problem(_("unknown player"), text=player, choices=closest(player, r.log.players, cutoff=0.4))
        )
    out = []
    money, points = 0, 0
    for s in r.steps:
        p = next((x for x in s.players if x.name == player), None)
        if p is None:
            continue
        if (p.money, p.points) != (money, points):
            out.append(Change(s.line, s.text, s.turn, p.money - money, p.points - points, p.money, p.points))
            money, points = p.money, p.points
    return tuple(out)


def replay(log: GameLog, at: int | None = None, settings: ReplaySettings = ReplaySettings()) -> Replay:
    """Replay ``log`` (up to turn ``at`` when given)."""
    return _Replayer(log, settings).run(at)
