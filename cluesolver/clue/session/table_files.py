"""The files of a table game (``serve --table``): where they are, how they start, and how a
change to several of them is written all at once or not at all.

A table folder holds, directly (nothing below it):

* ``table.clue``: the public record, a spectator's log of what everyone at the table heard;
* one ``SEAT.clue`` per seat (``Ann.clue`` ...): an ordinary ``.clue`` log from that seat's
  point of view: ``me: Ann`` and ``my cards:`` once the seat has entered its hand, the
  public statements, and the cards shown to or by that seat (named on the suggestion's own
  line: ``Ann suggests Plum, Rope, Library; Ben shows Rope``);
* ``.table-secret``: the random secret the server derives each link's token from;
* while a change is written, ``.table-journal.json``: every new text of the change.

Every record has the same header length (:data:`HEADER_LINES`: lines the seat cannot fill
yet are comments), so a statement has the same line number in every record.  Files are
``0600``, the folder ``0700``.

*All or nothing.*  A change (a statement goes into every record, a shown card into two)
is first written whole to the journal (:func:`rulesref.core.files.atomic_write`), then each
file is replaced atomically, then the journal is removed.  Whoever next takes the table's
lock finishes a journal left by a writer that was killed (:func:`roll_forward`), so the
records never disagree.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cluesolver.clue.record.events import Event, GameLog, LooksAt, Shown, Suggestion
from cluesolver.clue.record.reader import parse_log
from rulesref.core.errors import InputError, Problem, SessionError
from rulesref.core.files import atomic_write, read_text
from rulesref.core.text import split_lines

#: The public record's file name (no seat may be called ``table``).
PUBLIC = "table.clue"
SECRET = ".table-secret"
JOURNAL = ".table-journal.json"
SUFFIX = ".clue"
#: Header lines of every record (the first event is on the line after them).
HEADER_LINES = 7
#: A seat's name is its file's name: a letter or digit first, then letters, digits, spaces, ``.-_'``.
SEAT_NAME = re.compile(r"[^\W_][\w .'-]{0,39}")
#: Written after a shown card on a seat's line while that seat has not entered its hand
#: (its log cannot name a card before it has ``me:``): ``...; Ben shows  # shown: Rope``.
PENDING = re.compile(r"#\s*shown:\s*(?P<card>[^#]+?)\s*$")
#: The journal and the secret are small; anything larger is not ours.
SMALL_FILE = 1024 * 1024


def seat_file(seat: str) -> str:
    return seat + SUFFIX


def check_seats(players: tuple[str, ...]) -> None:
    """Each seat's name must make a plain file name in the folder."""
    problems = []
    for p in players:
        if not SEAT_NAME.fullmatch(p) or p.endswith((".", " ")):
            problems.append(
                Problem(
                    "--players: at a table each name is a file name too: letters, digits, spaces and . - _ ' "
                    "(starting with a letter or digit)",
                    text=p,
                )
            )
        elif p.casefold() == PUBLIC.removesuffix(SUFFIX):
            problems.append(
                Problem("--players: 'table' names the public record's file: call the seat otherwise", text=p)
            )
    if problems:
        raise InputError(problems)


def header_text(log: GameLog, seat: str | None, cards: tuple[str, ...] | None) -> str:
    """The :data:`HEADER_LINES` header lines of a record (and the blank line after them).

    ``seat`` None: the public record; ``cards`` None: the seat has not entered its hand yet
    (``me:`` and ``my cards:`` are comments until it has)."""
    h = log.header
    game = log.variant.id if log.variant.id in _built_in() else h.game
    hands = (
        "hands: " + ", ".join(f"{p} {n}" for p, n in zip(h.players, h.hands))
        if h.hands is not None
        else "# hands: the usual deal"
    )
    if seat is None:
        lines = [
            "# cluesolver table: the public record (what everyone at the table heard; nobody's cards)",
            f"game: {game}",
            f"players: {', '.join(h.players)}",
            hands,
            "# me: nobody (the public record)",
            "# my cards: none",
        ]
    else:
        lines = [
            f"# cluesolver table: {seat}'s own record (the cards shown to or by {seat} are named here only)",
            f"game: {game}",
            f"players: {', '.join(h.players)}",
            hands,
            f"me: {seat}" if cards is not None else f"# me: {seat} (the hand is not entered yet)",
            f"my cards: {', '.join(cards)}" if cards is not None else "# my cards: not entered yet",
        ]
    assert len(lines) == HEADER_LINES - 1
    return "\n".join(lines) + "\n\n"


def _built_in() -> tuple[str, ...]:
    from cluesolver.clue import variants

    return tuple(variants.BUILT_IN)


def with_header(text: str, header: str) -> str:
    """``text`` with its first :data:`HEADER_LINES` lines replaced by ``header``."""
    body = split_lines(text)[HEADER_LINES:]
    return header + "".join(line + "\n" for line in body)


# ----------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class Record:
    """One record as read: its path, text and log (``seat`` None: the public record)."""

    seat: str | None
    path: Path
    text: str
    log: GameLog

    @property
    def lines(self) -> list[str]:
        return split_lines(self.text)

    def event_at(self, line: int) -> Event | None:
        return next((e for e in self.log.events if e.line == line), None)

    def pending(self, line: int) -> str | None:
        """The card kept as a comment on ``line`` for a seat without its hand yet."""
        lines = self.lines
        if not 0 < line <= len(lines):
            return None
        m = PENDING.search(lines[line - 1])
        return m.group("card") if m else None


def read_record(folder: Path, seat: str | None) -> Record:
    path = folder / (seat_file(seat) if seat is not None else PUBLIC)
    if not os.path.lexists(path):
        raise SessionError(f"{path}: missing: this table's record is gone (was the folder changed by hand?)")
    text = read_text(path, what="table record", follow_links=False)
    return Record(seat, path, text, parse_log(text, str(path), folder))


def public_form(event: Event) -> Event:
    """A statement as everyone heard it: no shown card named, no looked-at card named."""
    from dataclasses import replace

    if isinstance(event, Suggestion):
        return replace(event, replies=tuple(replace(r, card=None) for r in event.replies))
    if isinstance(event, LooksAt):
        return replace(event, card=None)
    return event


def same_statement(own: Event, public: Event) -> bool:
    """Whether a seat's line says what the public line says, give or take the card it names."""
    if isinstance(own, Shown) and isinstance(public, Shown) and own.card is not None:
        return (own.shower, own.viewer) == (public.shower, public.viewer) and own.card in public.cards
    return public_form(own) == public


def check_alike(public: Record, seats: Mapping[str, Record]) -> None:
    """Every seat's record has the public record's header, length and statements (line by line)."""
    want = public.lines
    for seat, rec in seats.items():
        where = f"{rec.path}: this seat's record no longer matches the public record {public.path.name}"
        fix = "it was changed outside the table; put it back as it was"
        log = rec.log
        if (log.players, log.variant.id, log.header.hands) != (
            public.log.players,
            public.log.variant.id,
            public.log.header.hands,
        ):
            raise SessionError(f"{where} (its game, players or hands differ): {fix}")
        if log.header.me not in (None, seat):
            raise SessionError(f"{where} ('me: {log.header.me}' instead of {seat}): {fix}")
        if len(rec.lines) != len(want):
            raise SessionError(f"{where} ({len(rec.lines)} lines instead of {len(want)}): {fix}")
        own = {e.line: e for e in log.events}
        for event in public.log.events:
            mine = own.pop(event.line, None)
            if mine is None or not same_statement(mine, event):
                raise SessionError(f"{where} (line {event.line}): {fix}")
        if own:
            raise SessionError(f"{where} (line {min(own)} is not in the public record): {fix}")


# ----------------------------------------------------------------------------- writing


def commit(folder: Path, texts: Mapping[str, str]) -> None:
    """Write the new texts of files directly in ``folder`` all at once: the journal first,
    then each file, then the journal is removed (:func:`roll_forward` finishes a journal
    left by a writer that was killed).  Call with the table's lock held."""
    atomic_write(folder / JOURNAL, json.dumps({"files": dict(texts)}, ensure_ascii=False), private=True)
    roll_forward(folder)


def roll_forward(folder: Path) -> bool:
    """Finish the change a journal holds, if there is one (with the table's lock held)."""
    journal = folder / JOURNAL
    if not os.path.lexists(journal):
        return False
    try:
        data = json.loads(read_text(journal, limit=SMALL_FILE * 16, what="table journal", follow_links=False))
        files = data["files"]
        assert isinstance(files, dict) and all(isinstance(t, str) for t in files.values())
    except (InputError, ValueError, KeyError, TypeError, AssertionError):
        raise SessionError(
            f"{journal}: a change to this table was cut off and its journal cannot be read; "
            "the records may disagree: remove the journal and check them"
        ) from None
    for name in files:
        if name != Path(name).name or not (name.endswith(SUFFIX) or name == SECRET):
            raise SessionError(f"{journal}: names a file that is not one of this table's ({name!r}); remove it")
    for name, text in files.items():
        atomic_write(folder / name, text, private=True)
    os.unlink(journal)
    return True


def new_secret() -> str:
    return secrets.token_hex(32)


def read_secret(folder: Path) -> bytes:
    path = folder / SECRET
    try:
        text = read_text(path, limit=SMALL_FILE, what="table secret", follow_links=False).strip()
    except InputError as exc:
        raise SessionError(f"{path}: cannot read the table's secret ({exc.problems()[0].message})") from None
    if not re.fullmatch(r"[0-9a-f]{64}", text):
        raise SessionError(f"{path}: not a table secret (64 hex digits); remove the folder's table or restore it")
    return bytes.fromhex(text)
