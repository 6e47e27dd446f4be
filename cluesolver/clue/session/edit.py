"""Fixing a past line of a session: edit, delete or insert a statement anywhere in the log.

``LINE`` is always the file line every message cites (1-based, the line number in the
``.clue`` file, as ``clue status``, ``why`` and the reader's problems number it).  Each
change works like ``clue add``:

1. under the session's lock (:func:`cluesolver.clue.session.store.locked`): another writer
   is refused at once;
2. the session is read afresh and LINE checked: only a statement line can be edited or
   deleted (a header, blank or comment line is refused, naming what the line is and the
   nearest statements); insert puts the statement before LINE, which must be after the
   header (the number of lines + 1 adds at the end);
3. the *whole* new text is read with the log reader (every problem with its line and
   column; exit 2) and the new line must read as a statement;
4. a change after which no deal agrees with the log, when one did before, is refused with
   a minimal set of conflicting lines (:class:`ContradictionError`, exit 3), unless
   ``force``;
5. the undo journal gets the change (:mod:`cluesolver.clue.session.journal`), then the
   session is written atomically (``0600``).  ``clue undo`` takes it back.

Nothing is written when anything is refused.  The result is a :class:`Fixed`.

The web page calls the same three functions, each in a worker thread, inside the page's
write lock, catching :class:`~rulesref.core.errors.CluesolverError` (``exc.exit_code``: 2
bad input, 3 contradiction; ``exc.problems()`` the messages)::

    from cluesolver.clue.session.edit import delete_line, edit_line, insert_line

    fixed = edit_line(path, 9, "Ben suggests Plum, Rope, Library; Cat shows", force=False)
    fixed.summary()      # "Line 9 now: Ben suggests ... (was: ...)"
    fixed.to_json()      # the shape of 'clue edit --json'
    delete_line(path, 9)
    insert_line(path, 9, "Cat has Knife")   # the new statement becomes line 9
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from cluesolver.clue.record.events import GameLog, typed
from rulesref.core.errors import InputError, Problem
from rulesref.core.i18n import _
from rulesref.core.text import MAX_LINE, clip, split_lines

if TYPE_CHECKING:
    from cluesolver.clue.analysis.effect import LineEffect
    from cluesolver.clue.analysis.report import Fact, Report
    from cluesolver.clue.session.journal import Splice
    from cluesolver.clue.session.view import TableView
    from rulesref.core.findings import Finding

__all__ = ["Fixed", "Kind", "delete_line", "edit_line", "insert_line", "line_kind"]

Kind = Literal["edit", "delete", "insert"]


@dataclass(frozen=True)
class Fixed:
    """What an edit, deletion or insert did.

    ``line`` is the file line changed (for an insert: the line the new statement is on now;
    the lines after it moved down one; after a deletion they moved up one).  ``old`` is that
    line's text before (None for an insert), ``new`` its text now (None for a deletion).
    ``before`` / ``after`` are the exact analyses of the whole log; ``view`` is what the
    table shows after the change (its ``effect`` compares ``before`` with ``after``, its
    ``rule_problems`` are the rule errors of the new line).  ``written`` is False only when
    an edit gave a line its own text again (nothing to write, nothing to undo).
    """

    path: Path
    kind: Kind
    line: int
    old: str | None
    new: str | None
    before: Report
    view: TableView
    written: bool = True
    lines_after: int = 0  # file lines after ``line`` now (those that moved)

    @property
    def after(self) -> Report:
        return self.view.report

    @cached_property
    def effect(self) -> LineEffect:
        from cluesolver.clue.analysis.effect import line_effect

        return line_effect(self.before, self.after)

    @cached_property
    def no_longer_certain(self) -> tuple[Fact, ...]:
        """Facts certain before the change and not after (the notebook owner's own left out)."""
        now = {(f.holder, f.card) for f in self.after.certain}
        me = self.after.log.header.me
        return tuple(f for f in self.before.certain if (f.holder, f.card) not in now and f.holder != me)

    @property
    def rules(self) -> tuple[Finding, ...]:
        """Rule errors in the new line (warnings left out)."""
        return self.view.rule_problems

    def summary(self) -> str:
        """One line saying what changed, as the CLI prints it and the page shows it."""
        if not self.written:
            return _("Line {line} unchanged: {new}").format(line=self.line, new=self.new)
        if self.kind == "edit":
            return _("Line {line} now: {new}  (was: {old})").format(line=self.line, new=self.new, old=self.old)
        if self.kind == "delete":
            moved = "  " + _("(the lines after it moved up one)") if self.lines_after else ""
            return _("Deleted line {line}: {old}").format(line=self.line, old=self.old) + moved
        moved = "  " + _("(the lines after it moved down one)") if self.lines_after else ""
        return _("Inserted at line {line}: {new}").format(line=self.line, new=self.new) + moved

    def to_json(self) -> dict[str, object]:
        """The shape of ``clue edit/delete/insert --json`` (docs/live-companion.md)."""
        after = self.after
        return {
            "change": self.kind,
            "line": self.line,
            "old": self.old,
            "new": self.new,
            "written": self.written,
            "events": len(after.log.events),
            "effect": self.effect.to_json(),
            "no_longer_certain": [str(f) for f in self.no_longer_certain],
            "consistent": after.consistent,
            "conflict": list(after.conflict),
            "solution": after.solution(),
            "rule_problems": [f.to_json() for f in self.rules],
        }


# ----------------------------------------------------------------------------- the three changes


def edit_line(path: Path, line: int, statement: str, *, force: bool = False) -> Fixed:
    """Replace the statement on file line ``line`` by ``statement`` (one line, as ``clue add``
    takes it; the line keeps its line ending).  Refusals: see the module's description."""
    return _fix(path, "edit", line, _statement(statement), force)


def delete_line(path: Path, line: int, *, force: bool = False) -> Fixed:
    """Remove the statement on file line ``line`` (the lines after it move up one)."""
    return _fix(path, "delete", line, None, force)


def insert_line(path: Path, line: int, statement: str, *, force: bool = False) -> Fixed:
    """Put ``statement`` before file line ``line`` (it becomes line ``line``); ``line`` may be
    one past the last line (added at the end, like ``clue add``)."""
    return _fix(path, "insert", line, _statement(statement), force)


# ----------------------------------------------------------------------------- how


def _statement(text: str) -> str:
    """One statement as typed: not empty, one line, at most :data:`MAX_LINE` characters."""
    text = typed(text, _("a statement"))
    if len(text) > MAX_LINE:
        said = _("a statement is at most {most} characters (this one has {n})").format(most=MAX_LINE, n=len(text))
        raise InputError(Problem(said, text=clip(text)))
    lines = [s.strip() for s in split_lines(text) if s.strip()]
    if not lines:
        raise InputError(
            Problem(
                _(
                    'nothing to write: give a statement such as "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"'
                )
            )
        )
    if len(lines) > 1:
        said = _("one statement at a time: this text has {n} lines").format(n=len(lines))
        raise InputError(Problem(said, text=clip(text)))
    return lines[0]


def line_kind(log: GameLog, lines: list[str], number: int) -> str:
    """What file line ``number`` of a log read from ``lines`` is: ``"event"``, ``"header"``,
    ``"blank"`` or ``"comment"``."""
    if number in {e.line for e in log.events}:
        return "event"
    if number in log.header.lines.values():
        return "header"
    raw = lines[number - 1]
    return "blank" if not raw.strip() else "comment" if not raw.split("#", 1)[0].strip() else "event"


def _what(log: GameLog, lines: list[str], number: int) -> str:
    kind = line_kind(log, lines, number)
    if kind == "header":
        key = next(k for k, n in log.header.lines.items() if n == number)
        return _("the header line '{key}:'").format(key=key)
    return _("a blank line") if kind == "blank" else _("a comment")


def _nearest(log: GameLog, lines: list[str], number: int) -> tuple[str, ...]:
    """The statements nearest to ``number``: one before, one after (as choices)."""
    events = [e.line for e in log.events]
    before = [n for n in events if n < number][-1:]
    after = [n for n in events if n > number][:1]
    return tuple(_("line {n}: {text}").format(n=n, text=lines[n - 1].strip()) for n in before + after)


def _check_line(path: Path, log: GameLog, lines: list[str], kind: Kind, number: int) -> None:
    count = len(lines)
    last_header = max(log.header.lines.values(), default=0)
    where = str(path)
    if kind == "insert":
        if not last_header < number <= count + 1:
            span = _("{first} to {last}").format(first=last_header + 1, last=count + 1)
            span = span if last_header < count else f"{count + 1}"
            if 0 < number <= last_header:
                said = _(
                    "line {n} is in the header: insert puts a statement before a line after the header, "
                    "line {span} ({end} adds at the end)"
                )
            else:
                said = _(
                    "line {n} is not a line of the session: insert puts a statement before a line after the "
                    "header, line {span} ({end} adds at the end)"
                )
            raise InputError(Problem(said.format(n=number, span=span, end=count + 1), path=where, text=str(number)))
        return
    if not 0 < number <= count:
        if log.events:
            said = _("no line {n}: the session has {count} lines (its statements are on lines {first} to {last})")
        else:
            said = _("no line {n}: the session has {count} lines, no statements yet")
        first, last = (log.events[0].line, log.events[-1].line) if log.events else (0, 0)
        said = said.format(n=number, count=count, first=first, last=last)
        raise InputError(Problem(said, path=where, text=str(number)))
    if line_kind(log, lines, number) != "event":
        if kind == "edit":
            said = _("line {n} is {what}, not a statement: only a statement can be edited")
        else:
            said = _("line {n} is {what}, not a statement: only a statement can be deleted")
        if line_kind(log, lines, number) == "header":
            said += " " + _("(the header is set when the session starts; 'clue new ... --force' starts it over)")
        raise InputError(
            Problem(
                said.format(n=number, what=_what(log, lines, number)),
                path=where,
                line=number,
                text=lines[number - 1].strip() or None,
                choices=_nearest(log, lines, number),
            )
        )


def _splice(kind: Kind, segs: list[str], number: int, statement: str | None) -> Splice:
    from cluesolver.clue.session.journal import Splice

    def ending(seg: str) -> str:
        return seg[len(seg.rstrip("\r\n")) :]

    if kind == "edit":
        assert statement is not None
        old = segs[number - 1]
        return Splice(number - 1, (old,), (statement + ending(old),))
    if kind == "delete":
        return Splice(number - 1, (segs[number - 1],), ())
    assert statement is not None
    near = segs[number - 2 : number - 1] or segs[:1]
    eol = next((ending(s) for s in near if ending(s)), None) or next((ending(s) for s in segs if ending(s)), "\n")
    if number - 1 == len(segs) and segs and not ending(segs[-1]):  # after a last line without its ending
        return Splice(len(segs) - 1, (segs[-1],), (segs[-1] + eol, statement + eol))
    return Splice(number - 1, (), (statement + eol,))


def _fix(path: Path, kind: Kind, number: int, statement: str | None, force: bool) -> Fixed:
    from cluesolver.clue.analysis.report import analyse, count_log
    from cluesolver.clue.record.reader import parse_log
    from cluesolver.clue.session import journal
    from cluesolver.clue.session.live import contradiction
    from cluesolver.clue.session.store import locked, read_session
    from cluesolver.clue.session.view import table_view
    from rulesref.core.files import atomic_write

    with locked(path):
        text, before_log = read_session(path)
        lines = split_lines(text)
        _check_line(path, before_log, lines, kind, number)
        old = lines[number - 1].strip() if kind != "insert" else None
        splice = _splice(kind, journal.segments(text), number, statement)
        new_text = splice.apply(text)
        after_log = parse_log(new_text, str(path), path.parent)
        new_lines = split_lines(new_text)
        if statement is not None and line_kind(after_log, new_lines, number) != "event":
            raise InputError(
                Problem(
                    _("not a statement: line {n} would be {what}").format(
                        n=number, what=_what(after_log, new_lines, number)
                    )
                    + (
                        _("; to remove the line use 'clue delete {n}'").format(n=number)
                        if kind == "edit" and line_kind(after_log, new_lines, number) != "header"
                        else ""
                    ),
                    path=str(path),
                    line=number,
                    text=statement or None,
                )
            )
        before = analyse(before_log)
        if new_text == text:
            view = table_view(after_log, before, before=before, added={number})
            return Fixed(path, kind, number, old, statement, before, view, written=False)
        counts = count_log(after_log)
        if not counts.deals and before.consistent and not force:
            shifted = {
                "insert": _(", numbered as after the insert"),
                "delete": _(", numbered as after the deletion"),
            }.get(kind, "")
            raise contradiction(
                after_log,
                new_lines,
                _("not changed: {doing} would contradict the log").format(doing=_doing(kind, number)) + shifted,
                _("Check what was said, or make the change anyway with --force"),
            )
        digest = journal.digest
        journal.push(path, journal.Entry(kind, number, old, statement, splice, digest(text), digest(new_text)))
        atomic_write(path, new_text, private=True)
    after = analyse(after_log, counts)
    view = table_view(after_log, after, before=before, added=() if kind == "delete" else {number})
    after_count = len(new_lines) - (number - 1 if kind == "delete" else number)
    return Fixed(path, kind, number, old, statement, before, view, lines_after=after_count)


def _doing(kind: Kind, number: int) -> str:
    said = {
        "edit": _("editing line {n}"),
        "delete": _("deleting line {n}"),
        "insert": _("inserting at line {n}"),
    }[kind]
    return said.format(n=number)
