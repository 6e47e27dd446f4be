"""A rules check of a whole ``.clue`` log: every rule problem, with its line.

Errors are things the rules forbid (an eliminated player taking a turn, a second
accusation, answers out of seating order or after a card was shown, showing a card that
was not suggested, hands that do not match the deal, a log no deal agrees with, a bet
after 4 PM in Lost in Vegas).  A turn out of order is only a warning: logs leave out
turns in which nothing was said.

Some of these problems stop the log reader itself (it refuses answers out of order, for
instance).  The check reads them as rule problems, then reads the rest of the log with
that line cut down to its suggestion so that the remaining lines are still checked.
Problems that are not about the rules (an unknown card, a typo) still make the log
unreadable: :class:`~rulesref.core.errors.InputError`.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cluesolver.clue.log import Accusation, GameLog, Suggestion, parse_log
from rulesref.core.errors import InputError, Problem

if TYPE_CHECKING:
    from rulesref.cite import Citation


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class RuleProblem:
    line: int | None
    severity: Severity
    message: str
    citation: Citation
    text: str | None = None  # the log line as written

    def to_json(self) -> dict[str, object]:
        return {
            "line": self.line,
            "severity": self.severity.value,
            "message": self.message,
            "rule": self.citation.to_json(),
            "text": self.text,
        }


@dataclass(frozen=True)
class CheckResult:
    path: str | None
    problems: tuple[RuleProblem, ...]
    events: int

    @property
    def errors(self) -> tuple[RuleProblem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[RuleProblem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)

    @property
    def clean(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "clean": self.clean,
            "events": self.events,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "problems": [p.to_json() for p in self.problems],
        }


# Sections of each rule book deciding each kind of problem.
_SECTIONS = {
    "clue": {
        "order": "turn-order",
        "answers": "refuting",
        "accuse": "accusations",
        "out": "eliminated-players",
        "over": "winning",
        "hands": "hand-sizes",
        "notes": "notebook",
        "clock": None,
    },
    "clue-lost-in-vegas": {
        "order": "turn",
        "answers": "showing-photos",
        "accuse": "all-in",
        "out": "out-of-the-game",
        "over": "winning",
        "hands": "setup",
        "notes": "marking-your-sheet",
        "clock": "running-out-of-time",
    },
}

# Reader messages that are really rule problems: (pattern, our wording, kind); the
# reader's own words follow ours when they name the seating.
_READER_RULES = (
    (r"is out of order", "answers out of seating order", "answers"),
    (r"no answers after a player showed", "an answer after a card was already shown: answering stops there", "answers"),
    (r"no answers after 'nobody shows'", "an answer after 'nobody shows'", "answers"),
    (r"shown card must be one of the suggested", "the card shown was not one of the suggested cards", "answers"),
    (r"made the suggestion and does not answer", "the suggester answers their own suggestion", "answers"),
    (r"holds \d+ cards in this deal but 'my cards' lists", "my cards do not match my hand size", "hands"),
    (r"hand sizes add up to", "the hand sizes do not add up to the cards dealt", "hands"),
)


def _book(log_or_game: GameLog | str) -> str:
    vid = log_or_game if isinstance(log_or_game, str) else log_or_game.variant.family
    return "clue-lost-in-vegas" if vid == "lost-in-vegas" else "clue"


def _bare(raw: str) -> str:
    """A log line as shown in a problem: without its comment."""
    return raw.split("#", 1)[0].strip()


def _cite(book: str, kind: str) -> Citation:
    from rulesref.cite import cite

    section = _SECTIONS[book][kind] or _SECTIONS[book]["notes"]
    return cite(f"{book}/{section}")


def _variant_id(text: str) -> str:
    for raw in text.splitlines():
        key, sep, value = raw.split("#", 1)[0].partition(":")
        if sep and key.strip().lower() in ("game", "variant", "edition"):
            from cluesolver.clue import variants

            try:
                return variants.get(value.strip()).id
            except InputError:
                return value.strip()
    return "classic"


def read_for_check(text: str, path: str | None = None, base_dir=None) -> tuple[GameLog | None, list[RuleProblem]]:  # type: ignore[no-untyped-def]
    """Read a log, turning the reader's rule refusals into rule problems.

    Returns the log (with offending answers cut off) or ``None`` when a rule problem in
    the header leaves nothing to check; raises InputError for any other problem.
    """
    lines = text.splitlines()
    book = _book(_variant_id(text))
    found: list[RuleProblem] = []
    for _ in range(5):
        try:
            return parse_log("\n".join(lines) + "\n", path, base_dir), found
        except InputError as exc:
            other: list[Problem] = []
            header_rule = False
            for p in exc.problems():
                rule = next((r for r in _READER_RULES if re.search(r[0], p.message)), None)
                if rule is None or p.line is None:
                    other.append(p)
                    continue
                raw = lines[p.line - 1]
                message = f"{rule[1]}: {p.message}" if "order" in rule[1] else rule[1]
                found.append(RuleProblem(p.line, Severity.ERROR, message, _cite(book, rule[2]), _bare(raw)))
                if rule[2] == "hands":
                    header_rule = True
                else:
                    lines[p.line - 1] = raw.split(";", 1)[0]
            if other:
                raise InputError(other) from None
            if header_rule:
                return None, found
    return None, found


def check_text(text: str, path: str | None = None, base_dir=None, consistency: bool = True) -> CheckResult:  # type: ignore[no-untyped-def]
    """Every rule problem of a log, in line order."""
    log, found = read_for_check(text, path, base_dir)
    if log is None:
        return CheckResult(path, tuple(sorted(found, key=_order)), 0)
    found.extend(check_log(log, text.splitlines(), consistency=consistency))
    return CheckResult(path, tuple(sorted(found, key=_order)), len(log.events))


def _order(p: RuleProblem) -> tuple[int, int]:
    return (p.line or 0, 0 if p.severity is Severity.ERROR else 1)


def check_log(
    log: GameLog, lines: list[str] | None = None, consistency: bool = True, warnings: bool = True
) -> list[RuleProblem]:
    """Rule problems of a parsed log (turns, accusations, hands, the clock, consistency)."""
    book = _book(log)
    lines = lines or []

    def raw(n: int | None) -> str | None:
        return _bare(lines[n - 1]) if n is not None and 0 < n <= len(lines) else None

    out: list[RuleProblem] = []

    def problem(line: int | None, severity: Severity, message: str, kind: str) -> None:
        if severity is Severity.WARNING and not warnings:
            return
        out.append(RuleProblem(line, severity, message, _cite(book, kind), raw(line)))

    _check_hands(log, problem)
    players = log.players
    accused: dict[str, int] = {}
    wrong: set[str] = set()
    over_line: int | None = None
    last_turn: str | None = None
    last_suggester: str | None = None  # the previous event, when a suggestion
    for e in log.events:
        if not isinstance(e, (Suggestion, Accusation)):
            last_suggester = None
            continue
        who = e.suggester if isinstance(e, Suggestion) else e.accuser
        word = "suggestion" if isinstance(e, Suggestion) else "accusation"
        if book == "clue-lost-in-vegas":
            word = "bet" if isinstance(e, Suggestion) else "all-in"
        if over_line is not None:
            problem(e.line, Severity.ERROR, f"{who}'s {word} comes after the game was won (line {over_line})", "over")
        elif isinstance(e, Accusation) and who in accused:
            problem(
                e.line,
                Severity.ERROR,
                f"{who} accuses a second time (first on line {accused[who]}): one accusation per player",
                "accuse",
            )
        elif who in wrong:
            problem(
                e.line,
                Severity.ERROR,
                f"{who} is out after a wrong accusation (line {accused[who]}) and takes no more turns",
                "out",
            )
        same_turn = isinstance(e, Accusation) and last_suggester == who
        if not same_turn and last_turn is not None and over_line is None and who not in wrong:
            expected = _next_in(players, last_turn, wrong)
            if expected is not None and expected != who:
                problem(
                    e.line,
                    Severity.WARNING,
                    f"{who} takes a turn but {expected} was next after {last_turn} (turns skipped in the log?)",
                    "order",
                )
        if not same_turn:
            last_turn = who
        if isinstance(e, Accusation):
            accused.setdefault(who, e.line)
            if e.correct and over_line is None:
                over_line = e.line
            elif not e.correct:
                wrong.add(who)
        last_suggester = who if isinstance(e, Suggestion) else None
    if book == "clue-lost-in-vegas":
        _check_clock(log, problem)
    if consistency:
        _check_consistent(log, problem)
    return out


def _next_in(players: tuple[str, ...], after: str, out: set[str]) -> str | None:
    i = players.index(after)
    for k in range(1, len(players) + 1):
        p = players[(i + k) % len(players)]
        if p not in out:
            return p
    return None


def _check_hands(log: GameLog, problem) -> None:  # type: ignore[no-untyped-def]
    sizes = log.hand_sizes
    if log.header.hands is not None and max(sizes) - min(sizes) > 1:
        problem(
            log.header.lines.get("hands"),
            Severity.WARNING,
            "hands differ by more than one card, but cards are dealt one at a time "
            f"({', '.join(f'{p} {n}' for p, n in zip(log.players, sizes))})",
            "hands",
        )
    from cluesolver.clue.log import Holds

    for p, n in zip(log.players, sizes):
        seen = [e for e in log.events if isinstance(e, Holds) and e.player == p]
        if len({e.card for e in seen}) > n:
            problem(
                seen[-1].line,
                Severity.ERROR,
                f"{p} is seen holding {len({e.card for e in seen})} cards but was dealt {n}",
                "hands",
            )


def _check_clock(log: GameLog, problem) -> None:  # type: ignore[no-untyped-def]
    from cluesolver.clue.clock import ROUNDS, turns

    for t in turns(log):
        if t.round >= ROUNDS:
            problem(
                t.line,
                Severity.ERROR,
                f"{t.player} takes a turn after 4 PM: time was up, only the written final bets remain",
                "clock",
            )
            break


def _check_consistent(log: GameLog, problem) -> None:  # type: ignore[no-untyped-def]
    from cluesolver.clue.report import analyse

    report = analyse(log)
    if not report.consistent:
        lines = list(report.conflict)
        problem(
            lines[-1] if lines else None,
            Severity.ERROR,
            "no deal agrees with the log: lines "
            + ", ".join(map(str, lines))
            + " cannot all be true (a card or an answer recorded wrongly?)",
            "notes",
        )
