"""A rules check of a whole ``.clue`` log: every rule problem, with its line.

Errors are things the rules forbid (an eliminated player taking a turn, a second
accusation, answers out of seating order or after a card was shown, showing a card that
was not suggested, hands that do not match the deal, a log no deal agrees with, a bet
after 4 PM in Lost in Vegas).  A turn out of order is only a warning: logs leave out
turns in which nothing was said.

Some of these problems stop the log reader itself (it refuses answers out of order, for
instance).  The check reads them as rule problems, then reads the rest of the log with
that line cut down to its suggestion so that the remaining lines are still checked.  It
knows them by their code (:mod:`cluesolver.clue.record.codes`), never by their wording.
Problems that are not about the rules (an unknown card, a typo) still make the log
unreadable: :class:`~rulesref.core.errors.InputError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cluesolver.clue.record import codes
from cluesolver.clue.record.events import Accusation, GameLog, Holds, Suggestion
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.variants.model import CLASSIC_RULES
from rulesref.core.errors import InputError, Problem
from rulesref.core.findings import CheckReport, Citation, Finding, Severity
from rulesref.core.games import CLUE
from rulesref.core.i18n import _, mark
from rulesref.core.text import split_lines

#: How many times the reader is asked again after rule refusals were cut out of lines.
MAX_PASSES = 5

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


@dataclass(frozen=True)
class _ReaderRule:
    """A reader refusal that is really a rule problem: our wording and the rule kind."""

    wording: str
    kind: str
    seating: bool = False  # the reader's own words (naming the seating) follow ours


# The reader's refusals that are rule problems, by the code the reader gives them
# (cluesolver.clue.record.codes); the finding keeps that code.
_READER_RULES: dict[str, _ReaderRule] = {
    codes.ANSWER_ORDER: _ReaderRule(mark("answers out of seating order"), "answers", seating=True),
    codes.ANSWER_AFTER_SHOW: _ReaderRule(
        mark("an answer after a card was already shown: answering stops there"), "answers"
    ),
    codes.ANSWER_AFTER_NOBODY: _ReaderRule(mark("an answer after 'nobody shows'"), "answers"),
    codes.SHOWN_NOT_SUGGESTED: _ReaderRule(mark("the card shown was not one of the suggested cards"), "answers"),
    codes.SELF_ANSWER: _ReaderRule(mark("the suggester answers their own suggestion"), "answers"),
    codes.MY_CARDS: _ReaderRule(mark("my cards do not match my hand size"), "hands"),
    codes.HAND_TOTAL: _ReaderRule(mark("the hand sizes do not add up to the cards dealt"), "hands"),
}

#: Adds one finding: (line, severity, message, rule kind, code, player).
AddFinding = Callable[[int | None, Severity, str, str, str, str | None], None]


def _bare(raw: str) -> str:
    """A log line as shown in a finding: without its comment."""
    return raw.split("#", 1)[0].strip()


def _cite(book: str, kind: str) -> Citation:
    from rulesref.cite import cite

    return cite(f"{book}/{_SECTIONS[book].get(kind) or _SECTIONS[book]['notes']}")


def _book_of_header(text: str, base_dir: Path | None) -> str:
    """The rule book of the edition the log's ``game:`` header names (classic Clue's when it
    cannot be read)."""
    from cluesolver.clue import variants
    from rulesref.core.games import header_value

    name = header_value(text, "game") or header_value(text, "variant") or header_value(text, "edition")
    if name is None:
        return CLASSIC_RULES.book
    try:
        return variants.get(name, base_dir).rules.book
    except InputError:
        return CLASSIC_RULES.book


def read_for_check(
    text: str, path: str | None = None, base_dir: Path | None = None, *, passes: int = MAX_PASSES
) -> tuple[GameLog | None, list[Finding]]:
    """Read a log, turning the reader's rule refusals into findings.

    Returns the log (with offending answers cut off) or ``None`` when a rule problem in
    the header leaves nothing to check; raises InputError for any other problem.
    """
    lines = split_lines(text)
    book = _book_of_header(text, base_dir)
    found: list[Finding] = []
    for _pass in range(passes):
        try:
            return parse_log("\n".join(lines) + "\n", path, base_dir), found
        except InputError as exc:
            other: list[Problem] = []
            header_rule = False
            for p in exc.problems():
                rule = _READER_RULES.get(p.code or "")
                if rule is None or p.line is None:
                    other.append(p)
                    continue
                raw = lines[p.line - 1]
                message = f"{_(rule.wording)}: {p.message}" if rule.seating else _(rule.wording)
                found.append(
                    Finding(
                        message,
                        rule=_cite(book, rule.kind),
                        code=p.code,
                        path=path,
                        line=p.line,
                        text=_bare(raw),
                    )
                )
                if rule.kind == "hands":
                    header_rule = True
                else:
                    lines[p.line - 1] = raw.split(";", 1)[0]
            if other:
                raise InputError(other) from None
            if header_rule:
                return None, found
    return None, found


def check_text(
    text: str, path: str | None = None, base_dir: Path | None = None, *, consistency: bool = True
) -> CheckReport:
    """Every rule problem of a log, in line order (``summary``: events read)."""
    log, found = read_for_check(text, path, base_dir)
    events = 0
    if log is not None:
        found.extend(check_log(log, split_lines(text), consistency=consistency))
        events = len(log.events)
    return CheckReport(CLUE, path, tuple(sorted(found, key=_order)), {"events": events})


def _order(f: Finding) -> tuple[int, int]:
    return (f.line or 0, 0 if f.severity is Severity.ERROR else 1)


def check_log(
    log: GameLog, lines: Sequence[str] = (), *, consistency: bool = True, warnings: bool = True
) -> list[Finding]:
    """Rule problems of a parsed log (turns, accusations, hands, the clock, consistency)."""
    book = log.variant.rules.book

    def raw(n: int | None) -> str | None:
        return _bare(lines[n - 1]) if n is not None and 0 < n <= len(lines) else None

    out: list[Finding] = []

    def problem(line: int | None, severity: Severity, message: str, kind: str, code: str, who: str | None) -> None:
        if severity is Severity.WARNING and not warnings:
            return
        out.append(
            Finding(
                message,
                rule=_cite(book, kind),
                severity=severity,
                code=code,
                path=log.path,
                line=line,
                text=raw(line),
                where={"player": who} if who else {},
            )
        )

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
        word = mark("suggestion") if isinstance(e, Suggestion) else mark("accusation")
        if log.variant.rules.clock:  # a clock's table bets and goes all in
            word = mark("bet") if isinstance(e, Suggestion) else log.variant.rules.accusation_word
        if over_line is not None:
            problem(
                e.line,
                Severity.ERROR,
                _("{player}'s {word} comes after the game was won (line {line})").format(
                    player=who, word=_(word), line=over_line
                ),
                "over",
                "after-win",
                who,
            )
        elif isinstance(e, Accusation) and who in accused:
            problem(
                e.line,
                Severity.ERROR,
                _("{player} accuses a second time (first on line {line}): one accusation per player").format(
                    player=who, line=accused[who]
                ),
                "accuse",
                "second-accusation",
                who,
            )
        elif who in wrong:
            problem(
                e.line,
                Severity.ERROR,
                _("{player} is out after a wrong accusation (line {line}) and takes no more turns").format(
                    player=who, line=accused[who]
                ),
                "out",
                "eliminated-turn",
                who,
            )
        same_turn = isinstance(e, Accusation) and last_suggester == who
        if not same_turn and last_turn is not None and over_line is None and who not in wrong:
            expected = _next_in(players, last_turn, wrong)
            if expected is not None and expected != who:
                problem(
                    e.line,
                    Severity.WARNING,
                    _("{player} takes a turn but {expected} was next after {last} (turns skipped in the log?)").format(
                        player=who, expected=expected, last=last_turn
                    ),
                    "order",
                    "turn-order",
                    who,
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
    if log.variant.rules.clock:
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


def _check_hands(log: GameLog, problem: AddFinding) -> None:
    sizes = log.hand_sizes
    if log.header.hands is not None and max(sizes) - min(sizes) > 1:
        problem(
            log.header.lines.get("hands"),
            Severity.WARNING,
            _("hands differ by more than one card, but cards are dealt one at a time ({hands})").format(
                hands=", ".join(f"{p} {n}" for p, n in zip(log.players, sizes))
            ),
            "hands",
            "uneven-hands",
            None,
        )

    for p, n in zip(log.players, sizes):
        seen = [e for e in log.events if isinstance(e, Holds) and e.player == p]
        if len({e.card for e in seen}) > n:
            problem(
                seen[-1].line,
                Severity.ERROR,
                _("{player} is seen holding {seen} cards but was dealt {n}").format(
                    player=p, seen=len({e.card for e in seen}), n=n
                ),
                "hands",
                "too-many-seen",
                p,
            )


def _check_clock(log: GameLog, problem: AddFinding) -> None:
    from cluesolver.clue.record.clock import ROUNDS, turns

    for t in turns(log):
        if t.round >= ROUNDS:
            problem(
                t.line,
                Severity.ERROR,
                _("{player} takes a turn after 4 PM: time was up, only the written final bets remain").format(
                    player=t.player
                ),
                "clock",
                "after-4pm",
                t.player,
            )
            break


def _check_consistent(log: GameLog, problem: AddFinding) -> None:
    from cluesolver.clue.analysis.report import analyse

    report = analyse(log)
    if not report.consistent:
        lines = list(report.conflict)
        problem(
            lines[-1] if lines else None,
            Severity.ERROR,
            _(
                "no deal agrees with the log: lines {lines} cannot all be true (a card or an answer recorded wrongly?)"
            ).format(lines=", ".join(map(str, lines))),
            "notes",
            "inconsistent",
            None,
        )
