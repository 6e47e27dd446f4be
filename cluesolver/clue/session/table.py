"""The whole table in one game: one public record, one record per seat, private hands.

A :class:`Table` is a folder (:mod:`.table_files`): the public record everyone heard and
one ordinary ``.clue`` record per seat, from that seat's point of view.  Three things
change it, each checked against every record it touches and written all at once or not at
all, under the table's lock:

* :meth:`Table.post`: a public statement (``Ann suggests Plum, Rope, Library; Ben passes;
  Cat shows``), from any seat, goes into every record at the same line.  A statement
  naming a shown card is refused: the card is told with :meth:`Table.tell`.
* :meth:`Table.enter_hand`: a seat's own cards, once, into its own record only.
* :meth:`Table.tell`: the card shown on line N, by the suggester or the shower only (or,
  for a card passed outside a suggestion, its giver or receiver), named in those two
  records only.  Both may tell it; the same card again changes nothing, another is refused.

What a seat may know is exactly its own record; nothing here hands one seat's record to
another.  A refusal caused by another seat's private record says so without naming the
seat or its lines.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from cluesolver.clue.record.events import Event, GameLog, LooksAt, Shown, Suggestion, typed
from cluesolver.clue.record.reader import parse_log, parse_statement
from cluesolver.clue.record.writer import format_event
from cluesolver.clue.session import table_files as F
from rulesref.core.errors import CluesolverError, ContradictionError, InputError, Problem, SessionError
from rulesref.core.files import make_private_folder
from rulesref.core.text import plural, split_lines

#: The longest statement taken (characters), as the web page's entry line.
MAX_STATEMENT = 2000
#: The most cards a hand may list.
MAX_HAND = 64


class NotYourCard(CluesolverError):
    """A seat that is neither the suggester nor the shower of a line tried to tell its card
    (the web answers 403)."""

    exit_code = 2


@dataclass(frozen=True)
class Posted:
    """A public statement recorded at ``line`` of every record, in its canonical words."""

    line: int
    text: str


@dataclass(frozen=True)
class Told:
    """The card shown on ``line``; ``changed`` False when it was told already."""

    line: int
    card: str
    changed: bool


@dataclass(frozen=True)
class Hand:
    """A seat's hand as entered; ``changed`` False when the same hand was entered already."""

    seat: str
    cards: tuple[str, ...]
    changed: bool


@dataclass(frozen=True)
class Ask:
    """A card a seat should tell: on ``line``, ``seat`` showed a card to ``other``
    (``shows`` True) or was shown one by ``other`` (False), from ``cards``.
    ``told``: the card, once someone told it."""

    line: int
    seat: str
    other: str
    shows: bool
    cards: tuple[str, ...]
    told: str | None


@dataclass(frozen=True)
class Table:
    """A table folder whose records agree (use :func:`open_table` or :func:`create_table`)."""

    folder: Path
    players: tuple[str, ...]

    # ------------------------------------------------------------------ reading

    def path(self, seat: str | None) -> Path:
        """A seat's record (``None``: the public record)."""
        return self.folder / (F.seat_file(seat) if seat is not None else F.PUBLIC)

    def seat(self, name: str) -> str:
        """The seat ``name`` names (ignoring case), or an InputError with the closest names."""
        return self.read(None).log.match_player(name)

    def read(self, seat: str | None) -> F.Record:
        return F.read_record(self.folder, seat)

    def hand(self, seat: str) -> tuple[str, ...] | None:
        """The seat's hand, once entered."""
        log = self.read(seat).log
        return log.header.my_cards if log.header.me == seat else None

    def secret(self) -> bytes:
        """The secret each link's token is derived from (kept in the folder, ``0600``)."""
        return F.read_secret(self.folder)

    def asks(self, seat: str) -> tuple[Ask, ...]:
        """Every line on which ``seat`` showed a card or was shown one, with the card once told."""
        public = self.read(None)
        own = self.read(seat)
        out = []
        for event in public.log.events:
            parties = _parties(event)
            if parties is None or seat not in parties:
                continue
            receiver, shower = parties
            out.append(
                Ask(
                    event.line,
                    seat,
                    receiver if seat == shower else shower,
                    seat == shower,
                    _cards_of(event),
                    _told(own, event.line),
                )
            )
        return tuple(out)

    # ------------------------------------------------------------------ changing

    @contextlib.contextmanager
    def _records(self) -> Iterator[tuple[F.Record, dict[str, F.Record]]]:
        """The records under the table's lock, a cut-off change finished first, checked alike."""
        from cluesolver.clue.session.store import locked

        with locked(self.path(None)):
            F.roll_forward(self.folder)
            for name in [F.PUBLIC, F.SECRET, F.JOURNAL, *(F.seat_file(p) for p in self.players)]:
                for tmp in self.folder.glob(f".{name}.*.tmp"):  # left by writers that were killed
                    with contextlib.suppress(OSError):
                        if tmp.is_file() and not tmp.is_symlink():
                            tmp.unlink()
            public = self.read(None)
            seats = {p: self.read(p) for p in self.players}
            F.check_alike(public, seats)
            yield public, seats

    def post(self, text: str, by: str | None = None) -> Posted:
        """Record a public statement in every record (see the module's description).

        ``by``: the seat posting it; a contradiction with its own record quotes its lines,
        one with another seat's record says only that some seat's record disagrees."""
        statement = _one_statement(text)
        with self._records() as (public, seats):
            event = _public_event(public, statement)
            line = event.line
            canonical = format_event(event, public.log)
            texts: dict[str, str] = {}
            own = [seats[by]] if by in seats else []
            order = [public, *own, *(r for s, r in seats.items() if s != by)]
            for rec in order:  # the poster's own record first: its conflict is quoted
                new = _appended(rec.text, canonical)
                if len(split_lines(new)) != line:
                    raise SessionError(f"{rec.path}: its last line is not where the public record's is")
                after = parse_log(new, str(rec.path), self.folder)
                _refuse_contradiction(rec, after, new, line, by)
                texts[rec.path.name] = new
            F.commit(self.folder, texts)
        return Posted(line, canonical)

    def enter_hand(self, seat: str, cards: list[str]) -> Hand:
        """A seat's own hand, into its own record (once; the same hand again changes nothing)."""
        if not isinstance(cards, list) or not cards or len(cards) > MAX_HAND:
            raise InputError(Problem(f"a hand is a list of 1 to {MAX_HAND} cards"))
        with self._records() as (public, seats):
            rec = seats[seat]
            log = rec.log
            names = []
            problems = []
            for raw in cards:
                try:
                    names.append(log.variant.match_card(typed(str(raw), "a card")[:100]))
                except InputError as exc:
                    problems.extend(exc.problems())
            if problems:
                raise InputError(problems)
            if len(set(names)) != len(names):
                twice = sorted({c for c in names if names.count(c) > 1})
                raise InputError(Problem("a card listed twice in the hand", text=", ".join(twice)))
            size = log.hand_sizes[log.players.index(seat)]
            if len(names) != size:
                raise InputError(
                    Problem(f"{seat} holds {plural(size, 'card')} in this deal; the hand lists {len(names)}")
                )
            hand = tuple(c for c in log.variant.card_names if c in names)  # the edition's order
            if log.header.me == seat:
                if set(log.header.my_cards) == set(hand):
                    return Hand(seat, log.header.my_cards, False)
                raise ContradictionError(
                    f"{seat}'s hand is entered already ({', '.join(log.header.my_cards)}); "
                    "a different hand is refused (the host can fix the record file)"
                )
            new = _named_pending(rec, F.with_header(rec.text, F.header_text(public.log, seat, hand)))
            after = parse_log(new, str(rec.path), self.folder)
            _refuse_contradiction(rec, after, new, None, seat)
            F.commit(self.folder, {rec.path.name: new})
        return Hand(seat, hand, True)

    def tell(self, seat: str, line: int, card: str) -> Told:
        """The card shown on ``line``, told by the suggester or the shower (see the module)."""
        with self._records() as (public, seats):
            event = public.event_at(line) if isinstance(line, int) and not isinstance(line, bool) else None
            if event is None:
                raise InputError(Problem(f"line {line} is not a statement of the table's record", text=str(line)))
            parties = _parties(event)
            if parties is None:
                what = "nobody showed a card on it" if isinstance(event, Suggestion) else "no card is shown on it"
                raise InputError(Problem(f"line {line}: {what}", text=public.lines[line - 1]))
            receiver, shower = parties
            if seat not in parties:
                raise NotYourCard(
                    f"line {line}: only {receiver} (shown the card) or {shower} (who showed it) "
                    "may tell the card; nothing was changed"
                )
            own = seats[seat]
            if own.log.header.me != seat:
                raise InputError(Problem(f"{seat}: enter your hand first, then tell the card shown on line {line}"))
            name = own.log.variant.match_card(typed(str(card), "a card")[:100])
            choices = _cards_of(event)
            if name not in choices:
                raise InputError(
                    Problem(f"the card shown on line {line} is one of {', '.join(choices)}", text=name, choices=choices)
                )
            mine = own.log.header.my_cards
            if seat == shower and name not in mine:
                yours = [c for c in choices if c in mine]
                raise InputError(
                    Problem(
                        f"{seat} does not hold {name}: the card {seat} showed is in {seat}'s hand"
                        + (f" ({', '.join(yours)})" if yours else ""),
                        text=name,
                        choices=tuple(yours),
                    )
                )
            if seat == receiver and name in mine:
                raise InputError(Problem(f"{name} is in {seat}'s own hand: {shower} cannot have shown it", text=name))
            before = _told(own, line)
            if before is not None:
                if before == name:
                    return Told(line, name, False)
                raise ContradictionError(
                    f"line {line}: the card shown was told already ({before}); a different card is refused"
                )
            texts = {}
            for who in (seat, receiver if seat == shower else shower):
                rec = seats[who]
                told = _told(rec, line)
                if told == name:
                    continue
                if told is not None:
                    raise ContradictionError(
                        f"line {line}: the card shown was told already; a different card is refused"
                    )
                new = _with_card(rec, event, name)
                after = parse_log(new, str(rec.path), self.folder)
                _refuse_contradiction(rec, after, new, None, seat, other=who if who != seat else None)
                texts[rec.path.name] = new
            F.commit(self.folder, texts)
        return Told(line, name, True)


# ----------------------------------------------------------------------------- opening


def create_table(folder: Path, *, game: str, players: str, hands: str | None = None) -> Table:
    """A new table in ``folder`` (new or empty; made ``0700``) from ``serve --table`` options:
    the public record, one record per seat (each seat's hand not entered yet) and the secret."""
    from cluesolver.clue.session.store import header_of, locked

    if Path(game).expanduser().is_file():  # a variant file, named from where the command runs
        game = str(Path(game).expanduser().resolve())
    log = header_of({"game": game, "players": players, "hands": hands}, folder)
    F.check_seats(log.players)
    if log.header.table:  # pragma: no cover - no --table option reaches here
        raise InputError(Problem("face-down table cards are not played at a table game"))
    if os.path.lexists(folder) and not folder.is_dir():
        raise InputError(Problem("--folder: not a folder", text=str(folder)))
    if folder.is_dir() and any(folder.iterdir()):
        raise InputError(
            Problem("--folder: a new table needs a new or empty folder (this one holds other files)", text=str(folder))
        )
    make_private_folder(folder)
    os.chmod(folder, 0o700)
    with locked(folder / F.PUBLIC):
        texts = {F.PUBLIC: F.header_text(log, None, None)}
        for p in log.players:
            texts[F.seat_file(p)] = F.header_text(log, p, None)
        for name, text in texts.items():
            parse_log(text, str(folder / name), folder)  # every record reads before anything is written
        texts[F.SECRET] = F.new_secret() + "\n"
        F.commit(folder, texts)
    return Table(folder, log.players)


def open_table(folder: Path) -> Table:
    """The table kept in ``folder`` (a cut-off change is finished first; the records are
    checked to agree)."""
    from cluesolver.clue.session.store import locked

    if not os.path.lexists(folder / F.PUBLIC) and not os.path.lexists(folder / F.JOURNAL):
        raise SessionError(f"{folder}: no table here ({F.PUBLIC} is missing)")
    with locked(folder / F.PUBLIC):
        F.roll_forward(folder)
    public = F.read_record(folder, None)
    table = Table(folder, public.log.players)
    with table._records():
        pass
    table.secret()
    return table


def is_table(folder: Path) -> bool:
    return os.path.lexists(folder / F.PUBLIC) or os.path.lexists(folder / F.JOURNAL)


# ----------------------------------------------------------------------------- statements


def _one_statement(text: str) -> str:
    if not isinstance(text, str):
        raise InputError(Problem("a statement is text, e.g. 'Ann suggests Plum, Rope, Library; Ben passes; Cat shows'"))
    statement = typed(text, "a statement").strip()
    if len(statement) > MAX_STATEMENT:
        raise InputError(Problem(f"a statement is at most {MAX_STATEMENT} characters", text=statement[:40]))
    if not statement:
        raise InputError(
            Problem("nothing to add: give a statement such as 'Ann suggests Plum, Rope, Library; Ben shows'")
        )
    if len(split_lines(statement)) != 1:
        raise InputError(Problem("one statement at a time (no line breaks)", text=statement[:40]))
    return statement


def _public_event(public: F.Record, statement: str) -> Event:
    """The statement read as the public record's next line; a named shown card is refused."""
    from cluesolver.clue.session.store import as_statements

    text = _appended(public.text, statement)
    try:
        log = parse_log(text, str(public.path), public.path.parent)
    except InputError as exc:
        _refuse_named(public.log, statement)
        raise InputError(as_statements(exc.problems(), str(public.path), len(public.lines))) from None
    if len(log.events) != len(public.log.events) + 1:
        raise InputError(Problem("that is a comment, not a statement", text=statement[:40]))
    return log.events[-1]


def _refuse_named(log: GameLog, statement: str) -> None:
    """Refuse a statement that names a shown (or looked-at) card: it is told on its own."""
    for me in log.players:
        try:
            event = parse_statement(replace(log, header=replace(log.header, me=me)), statement)
        except InputError:
            continue
        if public_named(event):
            raise InputError(
                Problem(
                    "a shown card is not said to the whole table: record the statement without it "
                    "(e.g. '...; Cat shows'), then the suggester or the shower tells the card "
                    "(POST /api/seen with its line)",
                    text=statement[:80],
                )
            )


def public_named(event: Event) -> bool:
    """Whether a statement names a card only two players (or one) saw."""
    if isinstance(event, Suggestion):
        return any(r.card is not None for r in event.replies)
    return isinstance(event, (Shown, LooksAt)) and event.card is not None


def _parties(event: Event) -> tuple[str, str] | None:
    """(who was shown the card, who showed it) of a line, or None when no card was shown."""
    if isinstance(event, Suggestion):
        shower = event.shower
        return (event.suggester, shower) if shower is not None else None
    if isinstance(event, Shown):
        return (event.viewer, event.shower)
    return None


def _cards_of(event: Event) -> tuple[str, ...]:
    assert isinstance(event, (Suggestion, Shown))
    return event.cards


def _told(rec: F.Record, line: int) -> str | None:
    """The card a seat's record names on ``line`` (or keeps pending there)."""
    event = rec.event_at(line)
    if isinstance(event, Suggestion):
        named = next((r.card for r in event.replies if r.card is not None), None)
    elif isinstance(event, Shown):
        named = event.card
    else:
        named = None
    return named or rec.pending(line)


def _with_card(rec: F.Record, public_event: Event, card: str) -> str:
    """A seat's text with ``card`` named on the event's line (or kept pending as a comment
    while the seat has not entered its hand)."""
    lines = rec.lines
    n = public_event.line
    if rec.log.header.me is None:
        lines[n - 1] = f"{format_event(public_event, rec.log)}  # shown: {card}"
    else:
        lines[n - 1] = format_event(_named(public_event, card), rec.log)
    return "".join(line + "\n" for line in lines)


def _named(event: Event, card: str) -> Event:
    if isinstance(event, Suggestion):
        return replace(event, replies=tuple(replace(r, card=card) if r.shows else r for r in event.replies))
    assert isinstance(event, Shown)
    return replace(event, cards=(card,), card=card)


def _named_pending(rec: F.Record, text: str) -> str:
    """``text`` (a record just given its ``me:``) with each pending card named on its line."""
    lines = split_lines(text)
    for event in rec.log.events:
        card = rec.pending(event.line)
        if card is not None and isinstance(event, (Suggestion, Shown)):
            lines[event.line - 1] = format_event(_named(event, card), rec.log)
    return "".join(line + "\n" for line in lines)


def _appended(text: str, line: str) -> str:
    if text and not text.endswith("\n"):
        text += "\n"
    return text + line + "\n"


def _refuse_contradiction(
    rec: F.Record, after: GameLog, new_text: str, typed_line: int | None, by: str | None, other: str | None = None
) -> None:
    """Refuse a change after which no deal agrees with a record.  The public record's and
    the acting seat's own conflicts are quoted; another seat's record is private: the
    refusal then says only that it disagrees (naming that seat only when ``other`` is the
    one the card was shown to or by, who is known to the acting seat)."""
    from cluesolver.clue.analysis.report import count_log
    from cluesolver.clue.session.live import contradiction

    if count_log(after).deals:
        return
    if rec.seat is None or rec.seat == by:
        raise contradiction(
            after,
            split_lines(new_text),
            "not recorded: this contradicts " + ("the table's record" if rec.seat is None else f"{by}'s own record"),
            "Nothing was written; check what was said",
            typed_after=None,
        )
    if other is not None:
        raise ContradictionError(
            f"not recorded: this does not agree with {other}'s own record; nothing was written. "
            f"Check the card with {other}"
        )
    raise ContradictionError(
        "not recorded: this contradicts what a player at the table knows from their own cards "
        "or the cards shown to them (their record is private); nothing was written. Check it at the table"
    )


__all__ = [
    "MAX_STATEMENT",
    "Ask",
    "Hand",
    "NotYourCard",
    "Posted",
    "Table",
    "Told",
    "create_table",
    "is_table",
    "open_table",
    "public_named",
]
