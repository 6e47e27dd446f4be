"""The ``.clue`` log reader: every problem of a file at once, each with its line, column,
the offending text and the closest valid choices.

:func:`parse_log` reads a whole file; ``parse_log(format_log(log))`` (:mod:`.writer`)
gives back an equal log.

The problems that the rules check of a log and the CLI sort carry a code
(:mod:`.codes` lists them); they are made here and nowhere else.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NoReturn

from cluesolver.clue import variants
from cluesolver.clue.record import codes
from cluesolver.clue.record import estonian as et
from cluesolver.clue.record.events import (
    DEFAULT_LIMITS,
    HEADER_KEYS,
    NAME_CUTOFF,
    Accusation,
    Event,
    GameLog,
    Header,
    Holds,
    HoldsNone,
    LogLimits,
    LooksAt,
    Reply,
    RoundEnd,
    Shown,
    Suggestion,
)
from cluesolver.clue.variants import Variant, normalise
from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.i18n import _, language, n_
from rulesref.core.names import closest
from rulesref.core.text import clip as quote
from rulesref.core.text import split_lines

_HEADER_SYNONYMS = {
    "my hand": "my cards",
    "cards": "my cards",
    "mycards": "my cards",
    "hand sizes": "hands",
    "player": "players",
    "variant": "game",
    "edition": "game",
    "table cards": "table",
    **et.HEADER,
}

#: What a statement is, by the verb after its player (present or past tense; the canonical
#: writer uses the present).  Checked in order: "has none of" before "has".
_VERBS = (
    ("suggestion", r"(suggests|suggested|suggest|bets|bet)\b"),
    (
        "accusation",
        r"(accuses|accused|accuse|goes all in|go all in|went all in|goes all-in|go all-in|went all-in)\b"
        r"\s*(:|on\b|that\b)?",
    ),
    ("holds-none", r"(has|holds|had|held) none of\b"),
    ("holds", r"(has|holds|had|held)\b"),
    ("shown", r"(shows|showed|show)\b"),
    ("looks", r"(looks at|looked at|look at)\b"),
    *et.VERBS,  # the Estonian statements (record/estonian.py)
)
#: The kinds of statement whose verb is Estonian: their cards may be inflected or run together.
_ESTONIAN_VERBS = tuple(pattern for _kind, pattern in et.VERBS)
#: A misspelt verb close to one of these is taken for it, to read the rest of the line.
_VERB_GUESSES = {
    "suggests": "suggestion",
    "suggested": "suggestion",
    "accuses": "accusation",
    "accused": "accusation",
    "has": "holds",
    "holds": "holds",
    "shows": "shown",
    "showed": "shown",
}
_GUESS_CUTOFF = 0.7
#: How an answer to a suggestion says the player passed, or what the player did.
_PASS = (
    r"(passes|passed|pass|has nothing|has none|had nothing|cannot show|can't show|could not show|couldn't show"
    rf"|{et.PASS})"
)
_SHOW = rf"(shows|showed|show|{et.SHOW})"
_ANSWER_VERB = rf"({_PASS}|shows|showed|show|{et.SHOW})\b"
#: Every other player passed ("nobody shows", or "nobody" alone).
_NOBODY = re.compile(
    r"(nobody|no one|noone|no-one|none)( (shows|showed|show|passes|passed|pass|can show|could show))?"
    rf"|(all|everyone|everybody) (pass|passes|passed)|{et.NOBODY}"
)
#: ``shows me``: the card went to the notebook's owner.
_TO_ME = rf"(to\s+)?me\b|{et.TO_ME}"
#: The result of an accusation (as :func:`normalise` writes them: no accents).
_WRONG = tuple(normalise(w) for w in ("wrong", "incorrect", "false", "fails", "failed", "no", *et.WRONG))
_RIGHT = tuple(normalise(w) for w in ("correct", "right", "true", "wins", "won", "yes", *et.RIGHT))
_ROUND = tuple(normalise(w) for w in ("round", "end of round", "round ends", "new round", *et.ROUND))


# ----------------------------------------------------------------------------- reader


class _Line:
    """A raw line with helpers to report problems at a column."""

    def __init__(self, path: str | None, number: int, raw: str) -> None:
        self.path, self.number, self.raw = path, number, raw

    def problem(
        self,
        message: str,
        text: str | None = None,
        start: int | None = None,
        choices: tuple[str, ...] = (),
        *,
        code: str | None = None,
    ) -> Problem:
        column = (start + 1) if start is not None else (self.raw.find(text) + 1 if text else None)
        if column == 0:
            column = None
        shown = None if text is None else quote(text)
        return Problem(message, path=self.path, line=self.number, column=column, text=shown, choices=choices, code=code)


class _Span:
    """Some text of a raw line and the column (0-based) where it starts."""

    __slots__ = ("start", "text")

    def __init__(self, text: str, start: int) -> None:
        self.text = text
        self.start = start

    def __repr__(self) -> str:
        return f"_Span(text={self.text!r}, start={self.start!r})"

    def strip(self) -> _Span:
        lead = len(self.text) - len(self.text.lstrip())
        return _Span(self.text.strip(), self.start + lead)


def _split(span: _Span, pattern: str) -> list[_Span]:
    out, pos = [], 0
    for m in re.finditer(pattern, span.text, flags=re.IGNORECASE):
        out.append(_Span(span.text[pos : m.start()], span.start + pos).strip())
        pos = m.end()
    out.append(_Span(span.text[pos:], span.start + pos).strip())
    return out


class _Reader:
    def __init__(self, text: str, path: str | None, base_dir: Path | None, limits: LogLimits) -> None:
        self.text, self.path, self.base_dir, self.limits = text, path, base_dir, limits
        self.problems: list[Problem] = []
        self.variant: Variant | None = None
        self.players: tuple[str, ...] = ()
        self._estonian = False  # the line being read has an Estonian verb (record/estonian.py)

    # -- header ------------------------------------------------------------------

    def read(self) -> GameLog:
        raw_header: dict[str, tuple[_Line, _Span]] = {}
        body: list[_Line] = []
        for number, raw in enumerate(split_lines(self.text), start=1):
            if len(self.problems) >= self.limits.max_problems:
                break
            line = _Line(self.path, number, raw)
            if len(raw) > self.limits.max_line:
                said = _("line too long: {n} characters (at most {most})").format(n=len(raw), most=self.limits.max_line)
                self.problems.append(line.problem(said, raw, 0))
                continue
            content = raw.split("#", 1)[0]
            if not content.strip():
                continue
            key, sep, value = content.partition(":")
            norm_key = " ".join(key.lower().split())
            norm_key = _HEADER_SYNONYMS.get(norm_key, norm_key)
            if sep and norm_key in HEADER_KEYS:
                if body:
                    said = _("header line '{key}:' after the first event").format(key=norm_key)
                    self.problems.append(line.problem(said, key.strip()))
                elif norm_key in raw_header:
                    self.problems.append(
                        line.problem(_("header '{key}' given twice").format(key=norm_key), key.strip())
                    )
                else:
                    raw_header[norm_key] = (line, _Span(value, len(key) + 1).strip())
            elif sep and not body and not self._looks_like_event(content):
                self.problems.append(
                    line.problem(_("unknown header key"), key.strip(), choices=_closest(norm_key, HEADER_KEYS))
                )
            else:
                body.append(line)
        header = self._header(raw_header)
        if header is None or self.variant is None:
            self._raise(self.problems or [Problem(_("the log has no usable header"), path=self.path)])
        events = []
        for line in body:
            if len(self.problems) >= self.limits.max_problems:
                break
            try:
                event = self._event(line, header)
            except _LineError as exc:
                self.problems.extend(exc.problems)
                continue
            if event is not None:
                events.append(event)
        if self.problems:
            self._raise(self.problems)
        return GameLog(header=header, variant=self.variant, events=tuple(events), path=self.path)

    def _raise(self, problems: list[Problem]) -> NoReturn:
        """Every problem, up to ``max_problems`` (reading stops there)."""
        most = self.limits.max_problems
        if len(problems) >= most:
            stop = Problem(_("stopped reading after {n} problems: fix these first").format(n=most), path=self.path)
            problems = [*problems[:most], stop]
        raise InputError(problems)

    def _looks_like_event(self, content: str) -> bool:
        """A line with a colon before the first event: an event (looks at ...: card) or a bad key?"""
        before = content.split(":", maxsplit=1)[0]
        return bool(re.search(r"(?i)\blooks at\b", before) or et.BEFORE_COLON.search(before))

    def _header(self, raw: dict[str, tuple[_Line, _Span]]) -> Header | None:
        lines = {k: v[0].number for k, v in raw.items()}
        if "game" not in raw:
            self.problems.append(
                Problem(
                    _("missing header 'game:' (e.g. game: classic)"), path=self.path, line=1, choices=variants.BUILT_IN
                )
            )
        if "players" not in raw:
            said = _("missing header 'players:' (names in seating order)")
            self.problems.append(Problem(said, path=self.path, line=1))
        if "game" in raw:
            line, span = raw["game"]
            try:
                self.variant = variants.get(span.text, self.base_dir)
            except InputError as exc:
                for p in exc.problems():
                    if p.line is not None:  # a problem inside the variant file, at its own line
                        self.problems.append(p)
                    else:
                        self.problems.append(line.problem(p.message, span.text, span.start, p.choices))
        if "players" not in raw:
            return None
        pline, pspan = raw["players"]
        players = tuple(s.text for s in _split(pspan, r","))
        ok = True
        if any(not p for p in players):
            self.problems.append(pline.problem(_("empty player name"), pspan.text, pspan.start))
            ok = False
        for name in players:
            if len(name) > self.limits.max_name:
                said = _("a player's name is longer than {most} characters").format(most=self.limits.max_name)
                self.problems.append(pline.problem(said, name))
                ok = False
        lowered = [p.casefold() for p in players]
        for name in players:
            if lowered.count(name.casefold()) > 1:
                self.problems.append(pline.problem(_("player named twice"), name))
                ok = False
                break
        if len(players) < 2:
            words = pspan.text.split()
            if len(words) > 1:
                said = _("a game needs at least two players: use commas between the names, e.g. '{names}'")
            else:
                said = _("a game needs at least two players")
            self.problems.append(pline.problem(said.format(names=", ".join(words)), pspan.text, pspan.start))
            ok = False
        if self.variant is not None and len(players) > self.variant.max_players:
            self.problems.append(
                pline.problem(
                    _("{game} takes at most {n} players").format(
                        game=self.variant.display_title(), n=self.variant.max_players
                    ),
                    pspan.text,
                    pspan.start,
                )
            )
        if not ok:
            return None
        self.players = players
        me = None
        if "me" in raw:
            line, span = raw["me"]
            try:
                me = self._player(span, line)
            except _LineError as exc:
                self.problems.extend(exc.problems)
        table: tuple[str, ...] = ()
        if "table" in raw:
            line, span = raw["table"]
            slots = [s for s in _split(span, r",") if s.text]
            table = tuple(self._slot_name(s.text) for s in slots)
            if len({normalise(t) for t in table}) != len(table):
                self.problems.append(line.problem(_("a table location named twice"), span.text, span.start))
        hands = None
        if "hands" in raw:
            hands = self._hands(*raw["hands"], table)
        my_cards: tuple[str, ...] = ()
        if "my cards" in raw:
            line, span = raw["my cards"]
            if me is None and "me" not in raw:
                self.problems.append(
                    line.problem(_("'my cards:' needs 'me:' (whose notebook this is)"), span.text, span.start)
                )
            if self.variant is not None:
                try:
                    my_cards = self._cards(span, line, any_count=True)
                except _LineError as exc:
                    self.problems.extend(exc.problems)
            if len(set(my_cards)) != len(my_cards):
                self.problems.append(line.problem(_("a card listed twice in my cards"), span.text, span.start))
        elif me is not None:
            said = _("'me:' is set but 'my cards:' is missing")
            self.problems.append(Problem(said, path=self.path, line=lines["me"]))
        if self.variant is None:
            return None
        header = Header(
            game=raw["game"][1].text if "game" in raw else "",
            players=players,
            me=me,
            hands=hands,
            my_cards=my_cards,
            table=table,
            lines=lines,
        )
        sizes = hands if hands is not None else self.variant.default_hands(len(players), len(table))
        if me is not None and my_cards:
            mine = sizes[players.index(me)]
            if len(my_cards) != mine:
                line, span = raw["my cards"]
                self.problems.append(
                    line.problem(
                        n_(
                            "{me} holds {n} card in this deal but 'my cards' lists {listed}",
                            "{me} holds {n} cards in this deal but 'my cards' lists {listed}",
                            mine,
                        ).format(me=me, n=f"{mine:,}", listed=len(my_cards)),
                        span.text,
                        span.start,
                        code=codes.MY_CARDS,
                    )
                )
        if table and self.variant.two_player_table == 0:
            line, span = raw["table"]
            said = _("{game} has no face-down table cards").format(game=self.variant.display_title())
            self.problems.append(line.problem(said, span.text, span.start))
        return header

    def _slot_name(self, text: str) -> str:
        if self.variant is None:
            return text.strip()
        names = self.variant.candidates(text)
        if len(names) == 1 and normalise(names[0]) == normalise(text):
            return names[0]
        return text.strip()

    def _hands(self, line: _Line, span: _Span, table: tuple[str, ...]) -> tuple[int, ...] | None:
        parts = _split(span, r",")
        sizes: dict[str, int] = {}
        plain: list[int] = []
        for part in parts:
            found = _hand_size(part.text)
            if found is None:
                self.problems.append(line.problem(_("a hand size looks like 'Ann 5'"), part.text, part.start))
                return None
            who, digits = found
            if len(digits) > self.limits.max_digits:
                self.problems.append(line.problem(_("a hand size is a small number"), digits, part.start))
                return None
            n = int(digits)
            if who:
                try:
                    sizes[self._player(_Span(who, part.start), line)] = n
                except _LineError as exc:
                    self.problems.extend(exc.problems)
                    return None
            else:
                plain.append(n)
        if plain and sizes:
            said = _("give every hand size with its player, or none")
            self.problems.append(line.problem(said, span.text, span.start))
            return None
        if plain:
            if len(plain) != len(self.players):
                said = n_("{n} hand size for {players} players", "{n} hand sizes for {players} players", len(plain))
                self.problems.append(
                    line.problem(said.format(n=f"{len(plain):,}", players=len(self.players)), span.text, span.start)
                )
                return None
            result = tuple(plain)
        else:
            missing = [p for p in self.players if p not in sizes]
            if missing:
                said = _("no hand size for {players}").format(players=", ".join(missing))
                self.problems.append(line.problem(said, span.text, span.start))
                return None
            result = tuple(sizes[p] for p in self.players)
        if self.variant is not None:
            dealt = len(self.variant.cards) - len(self.variant.categories) - len(table)
            if sum(result) != dealt:
                self.problems.append(
                    line.problem(
                        _("hand sizes add up to {total} but {dealt} cards are dealt").format(
                            total=sum(result), dealt=dealt
                        ),
                        span.text,
                        span.start,
                        code=codes.HAND_TOTAL,
                    )
                )
                return None
        return result

    # -- pieces --------------------------------------------------------------------

    def _player(self, span: _Span, line: _Line) -> str:
        key = span.text.strip().casefold()
        for p in self.players:
            if p.casefold() == key:
                return p
        raise _LineError(
            line.problem(
                _("unknown player (players: {players})").format(players=", ".join(self.players)),
                span.text,
                span.start,
                _closest(span.text, self.players),
            )
        )

    def _card(self, span: _Span, line: _Line) -> str:
        """The card ``span`` names: its name or an alias, a unique prefix, or (Estonian) an
        inflected form of its Estonian name, after the word ``kaarti`` (card) or not."""
        assert self.variant is not None
        try:
            return self.variant.match_card(span.text)
        except UnknownNameError as exc:
            text = span.text.strip()
            if (m := re.match(r"(?i)kaart(i|e)?\s+(?=\S)", text)) is not None:  # 'näitab kaarti Pistoda'
                text = text[m.end() :]
                if len(names := self.variant.candidates(text)) == 1:
                    return names[0]
            if len(found := self.variant.inflected(text)) == 1:
                return found[0]
            if self._estonian and (suspect := self._name_inflected(text)) is not None:  # 'Plumi'
                return suspect
            p = exc.problems()[0]
            raise _LineError(line.problem(p.message, span.text, span.start, p.choices)) from None

    def _names_one_card(self, text: str) -> bool:
        assert self.variant is not None
        if len(self.variant.candidates(text)) == 1 or len(self.variant.inflected(text)) == 1:
            return True
        return self._estonian and self._name_inflected(text) is not None

    def _name_inflected(self, text: str) -> str | None:
        """The card whose name, kept as it is in Estonian (a suspect), ``text`` is with a case
        ending after it (``Plumi``, ``Mrs. Peacockile``, ``White'iga``), or None."""
        assert self.variant is not None
        for stem in et.name_stems(text):
            if len(names := self.variant.candidates(stem)) == 1:
                return names[0]
        return None

    def _cards(self, span: _Span, line: _Line, any_count: bool = False) -> tuple[str, ...]:
        """A list of cards: commas, or the natural 'X with the Y in the Z'."""
        assert self.variant is not None
        out: list[str] = []
        problems: list[Problem] = []
        for piece in _split(span, r","):
            if not piece.text:
                raise _LineError(line.problem(_("empty card name in a list"), span.text, span.start))
            parts = [piece]
            if not self.variant.candidates(piece.text):
                split = [p for p in _split(piece, rf"(?:^|\s+)(?:with|in|and|at|{et.JOIN})\s+") if p.text]
                if split and (len(split) > 1 or split[0].text != piece.text):
                    parts = split
                if self._estonian:  # 'Plum raamatukogus köiega': the words' runs that name cards
                    parts = [run for part in parts for run in self._runs(part)]
            for part in parts:
                try:
                    out.append(self._card(part, line))
                except _LineError as exc:
                    problems.extend(exc.problems)
        if problems:  # every unknown card of the list at once
            raise _LineError(*problems)
        if not any_count:
            self._one_per_category(out, span, line)
        return tuple(out)

    def _runs(self, part: _Span) -> list[_Span]:
        """``part`` itself when it names a card, else its words split into runs that each
        name one card (:func:`.estonian.segment`), else ``part`` (its problem is reported)."""
        if self._names_one_card(part.text):
            return [part]
        words = [(m.group(), part.start + m.start()) for m in re.finditer(r"\S+", part.text)]
        runs = et.segment(words, self._names_one_card) if len(words) > 1 else None
        return [part] if runs is None else [_Span(text, start) for text, start in runs]

    def _one_per_category(self, cards: list[str], span: _Span, line: _Line) -> None:
        assert self.variant is not None
        cats = [self.variant.category_of(c) for c in cards]
        want = [c.id for c in self.variant.categories]
        if sorted(cats) != sorted(want):
            doubled = sorted({c for c in cats if cats.count(c) > 1})
            missing = [c for c in want if c not in cats]
            word = self._category_word
            detail = "; ".join(
                filter(
                    None,
                    [
                        _("two {categories} cards").format(categories=", ".join(map(word, doubled))) if doubled else "",
                        _("no {categories}").format(categories=", ".join(map(word, missing))) if missing else "",
                    ],
                )
            )
            said = _("name one card of each category ({categories}): {detail}")
            said = said.format(categories=", ".join(map(word, want)), detail=detail)
            raise _LineError(line.problem(said, span.text, span.start))

    def _category_word(self, ident: str) -> str:
        """A category as a message names it: its id in English, its name in the language spoken."""
        assert self.variant is not None
        if language() == "en":
            return ident
        return next((c.display_name().lower() for c in self.variant.categories if c.id == ident), ident)

    # -- events --------------------------------------------------------------------

    def _event(self, line: _Line, header: Header) -> Event | None:
        """One event line; every problem of the line at once.

        A misspelt verb or a misspelt leading player that is close to one is reported and the
        rest of the line is read as if it had been spelt right, so that a card typo in the
        same line is reported in the same attempt."""
        content = line.raw.split("#", 1)[0].rstrip()
        stripped = content.strip()
        start = len(content) - len(content.lstrip())
        self._estonian = False
        if normalise(stripped) in _ROUND:
            return RoundEnd(line.number)
        problems: list[Problem] = []
        who, rest = self._lead_player(_Span(stripped, start), line, problems)
        guessed = bool(problems)  # the player is a guess from a misspelt name
        kind, body = self._verb(rest, _Span(stripped, start), line, problems)
        if kind is None:
            raise _LineError(*problems)
        try:
            event = self._statement(kind, line, header, who, body, answers=not guessed)
        except _LineError as exc:
            problems.extend(exc.problems)
        if problems:
            raise _LineError(*problems)
        return event

    def _verb(self, rest: _Span, whole: _Span, line: _Line, problems: list[Problem]) -> tuple[str | None, _Span]:
        """What kind of statement ``rest`` is and the text after its verb.  A misspelt verb is
        a problem; when one verb is close to it, that kind is guessed to read on."""
        verb = rest.text.casefold()
        for kind, pattern in _VERBS:
            m = re.match(pattern, verb)
            if m:
                self._estonian = pattern in _ESTONIAN_VERBS
                return kind, _Span(rest.text[m.end() :], rest.start + m.end()).strip()
        word = verb.split(" ")[0] if verb else ""
        estonian = language() == "et"
        words = et.VERB_WORDS if estonian else ("suggests", "accuses", "has", "shows", "looks at", "bets")
        problems.append(
            line.problem(
                _("expected a statement: suggests, accuses, has, has none of, shows, looks at, round"),
                rest.text or whole.text,
                rest.start if rest.text else whole.start,
                _closest(word, words),
            )
        )
        guesses = {**_VERB_GUESSES, **et.VERB_GUESSES} if estonian else _VERB_GUESSES
        guess = closest(word, tuple(guesses), cutoff=_GUESS_CUTOFF)[:1] if word else ()
        if not guess:
            return None, rest
        kind = guesses[guess[0]]
        first = rest.text.split(None, 1)[0]
        body = _Span(rest.text[len(first) :], rest.start + len(first)).strip()
        if kind == "holds" and (m := re.match(r"(?i)none of\b", body.text)):
            kind, body = "holds-none", _Span(body.text[m.end() :], body.start + m.end()).strip()
        return kind, body

    def _statement(self, kind: str, line: _Line, header: Header, who: str, body: _Span, *, answers: bool) -> Event:
        """The event of a statement of ``kind`` by ``who``; ``answers``: read a suggestion's
        answers too (not when the suggester is only a guess: their order would mislead)."""
        if kind == "suggestion":
            return self._suggestion(line, header, who, body, answers=answers)
        if kind == "accusation":
            return self._accusation(line, who, body)
        if kind == "holds-none":
            return HoldsNone(line.number, who, self._cards(body, line, any_count=True))
        if kind == "holds":
            return Holds(line.number, who, self._card(body, line))
        if kind == "shown":
            return self._shown(line, header, who, body)
        return self._looks(line, header, who, body)

    def _fit_player(self, text: str) -> str | None:
        """The player whose name starts ``text`` as a whole word (the longest), or None."""
        low = text.casefold()
        best = None
        for p in self.players:
            pk = p.casefold()
            fits = low.startswith(pk) and (len(low) == len(pk) or not low[len(pk)].isalnum())
            if fits and (best is None or len(p) > len(best)):
                best = p
        return best

    def _lead_player(
        self,
        span: _Span,
        line: _Line,
        problems: list[Problem] | None = None,
        *,
        what: str = "a statement",
        inflected: bool = False,
    ) -> tuple[str, _Span]:
        """The player a statement or an answer starts with, and the rest.  An unknown name is
        a problem; with ``problems`` given and a verb right after it, the closest player is
        guessed (the problem noted there) so the rest of the line is read on.

        An Estonian name with a case ending (``Benil on köis``, ``mängijal Ben on köis``) is
        read before an Estonian verb, and anywhere with ``inflected`` (``näitab Annile``)."""
        best = self._fit_player(span.text)
        found = et.inflected_player(span.text, self.players)
        if found is not None and found[1] > len(best or ""):  # 'Benil', also 'Ben'il' (not 'Ben' + "'il")
            who, used = found
            rest = _Span(span.text[used:], span.start + used).strip()
            if inflected or any(re.match(p, rest.text.casefold()) for p in _ESTONIAN_VERBS):
                return who, rest
        if best is None:
            word = span.text.split()[0] if span.text.split() else span.text
            choices = _closest(word, self.players)
            said = (
                _("an answer starts with a player's name ({players})")
                if what == "an answer"
                else _("a statement starts with a player's name ({players})")
            )
            problem = line.problem(said.format(players=", ".join(self.players)), word, span.start, choices)
            rest = _Span(span.text[len(word) :], span.start + len(word)).strip()
            if problems is None or not choices or not any(re.match(p, rest.text.casefold()) for _k, p in _VERBS):
                raise _LineError(problem)
            problems.append(problem)
            return choices[0], rest
        rest = _Span(span.text[len(best) :], span.start + len(best)).strip()
        return best, rest

    def _suggestion(self, line: _Line, header: Header, who: str, span: _Span, *, answers: bool = True) -> Suggestion:
        """A suggestion and its answers; every problem of the line is reported at once.

        The answers follow the cards after ``;`` and are separated by ``;`` or ``,``
        (``Plum, Rope, Hall; Cat passes, Dan shows``); answers after the cards with only a
        comma are read too (``Plum, Rope, Hall, Cat passes``).  ``answers`` false: the cards
        alone are checked (the suggester is a guess from a misspelt name)."""
        parts = _split(span, r";")
        card_span, pieces = self._answers_after_cards(parts[0])
        problems: list[Problem] = []
        run_on = self._run_on_answer(card_span)
        if run_on is not None:
            problems.append(
                line.problem(
                    _("the answers go after the cards, separated by ';' (or ','): write '{fixed}'").format(
                        fixed=(card_span.text[: run_on.start - card_span.start].split() or [""])[-1]
                        + "; "
                        + run_on.text
                    ),
                    run_on.text,
                    run_on.start,
                )
            )
            card_span = _Span(card_span.text[: run_on.start - card_span.start], card_span.start).strip()
        try:
            cards = self._cards(card_span, line)
        except _LineError as exc:
            problems.extend(exc.problems)
            cards = ()
        if not answers:  # the suggester is a guess: the caller reports the name
            if problems:
                raise _LineError(*problems)
            return Suggestion(line.number, who, cards)
        pieces += [piece for part in parts[1:] for piece in _split(part, r",")]
        state = _Answers(order=_clockwise_from(self.players, who))
        for part in pieces:
            if not part.text:
                continue
            try:
                self._answer(line, header, who, cards, part, state, cards_known=not problems)
            except _LineError as exc:
                problems.extend(exc.problems)
        if problems:
            raise _LineError(*problems)
        return Suggestion(line.number, who, cards, tuple(state.replies))

    def _looks_like_answer(self, text: str) -> bool:
        """``Cat passes``, ``Dan shows ...``, ``nobody shows``: an answer, not a card."""
        low = text.casefold()
        if _NOBODY.fullmatch(low):
            return True
        who = self._fit_player(text)
        return who is not None and re.match(_ANSWER_VERB, low[len(who) :].strip()) is not None

    def _answers_after_cards(self, span: _Span) -> tuple[_Span, list[_Span]]:
        """The cards of ``Plum, Rope, Hall, Cat passes, Dan shows`` and the answers that follow
        them after a comma (none when the first part holds only cards)."""
        pieces = _split(span, r",")
        for i, piece in enumerate(pieces[1:], start=1):
            if self._looks_like_answer(piece.text):
                cut = pieces[i - 1].start + len(pieces[i - 1].text) - span.start
                return _Span(span.text[:cut], span.start).strip(), pieces[i:]
        return span, []

    def _run_on_answer(self, span: _Span) -> _Span | None:
        """An answer written straight after the last card, without ``;`` (``Hall Cat passes``)."""
        low = span.text.casefold()
        found = None
        for p in self.players:
            pattern = r"\s" + re.escape(p.casefold()) + r"\s+" + _ANSWER_VERB
            m = re.search(pattern, low)
            if m and (found is None or m.start() < found):
                found = m.start()
        m = re.search(r"\s(nobody|no one|keegi|mitte keegi)\b", low)
        if m and (found is None or m.start() < found):
            found = m.start()
        if found is None:
            return None
        return _Span(span.text[found:], span.start + found).strip()

    def _answer(
        self,
        line: _Line,
        header: Header,
        who: str,
        cards: tuple[str, ...],
        part: _Span,
        state: _Answers,
        *,
        cards_known: bool,
    ) -> None:
        """One answer of a suggestion ('Cat passes', 'Dan shows Knife', 'nobody shows')."""
        order = state.order
        low = part.text.casefold()
        if state.shown:
            raise _LineError(
                line.problem(
                    _("no answers after a player showed a card"), part.text, part.start, code=codes.ANSWER_AFTER_SHOW
                )
            )
        if _NOBODY.fullmatch(low):
            for i in range(state.last_index + 1, len(order)):
                state.replies.append(Reply(order[i], False, implied=True))
            state.last_index = len(order)
            return
        if state.last_index >= len(order):
            raise _LineError(
                line.problem(
                    _("no answers after 'nobody shows'"), part.text, part.start, code=codes.ANSWER_AFTER_NOBODY
                )
            )
        responder, rest = self._lead_player(part, line, what="an answer")
        if responder == who:
            raise _LineError(
                line.problem(
                    _("{player} made the suggestion and does not answer it").format(player=who),
                    responder,
                    part.start,
                    code=codes.SELF_ANSWER,
                )
            )
        idx = order.index(responder)
        if idx <= state.last_index:
            expected = order[state.last_index + 1 :] or order
            raise _LineError(
                line.problem(
                    _("answers go clockwise from {player}'s left ({order}); {responder} is out of order").format(
                        player=who, order=", ".join(order), responder=responder
                    ),
                    responder,
                    part.start,
                    tuple(expected[:3]),
                    code=codes.ANSWER_ORDER,
                )
            )
        rlow = rest.text.casefold()
        m_pass = re.match(_PASS + r"\b", rlow)
        m_show = re.match(_SHOW + r"\b", rlow)
        if m_pass and rlow[m_pass.end() :].strip():
            after = _Span(rest.text[m_pass.end() :], rest.start + m_pass.end()).strip()
            raise _LineError(
                line.problem(_("one answer at a time: separate the answers with ';' or ','"), after.text, after.start)
            )
        if not m_pass and not m_show:
            raise _LineError(
                line.problem(
                    _("an answer is '<player> passes' or '<player> shows [card]'"),
                    rest.text or part.text,
                    rest.start,
                    (_("passes"), _("shows")),
                )
            )
        for i in range(state.last_index + 1, idx):
            state.replies.append(Reply(order[i], False, implied=True))
        state.last_index = idx
        if m_pass:
            state.replies.append(Reply(responder, False))
            return
        assert m_show is not None
        card_span = _Span(rest.text[m_show.end() :], rest.start + m_show.end()).strip()
        if (m_me := re.match(_TO_ME, card_span.text, flags=re.IGNORECASE)) is not None:
            # 'Hana shows me Library': the card went to the notebook's owner, who suggested
            card_span = _Span(card_span.text[m_me.end() :], card_span.start + m_me.end()).strip()
            if header.me is None:
                raise _LineError(
                    line.problem(_("'me' is whose notebook this is, and this log has no 'me:'"), part.text, part.start)
                )
            if header.me != who:
                raise _LineError(line.problem(self._not_to(responder, who, header.me), part.text, part.start))
        elif (to := et.inflected_player(card_span.text, self.players)) is not None:
            # 'Dan näitab Benile köit': the card went to the suggester (anyone else is refused)
            if to[0] != who:
                raise _LineError(line.problem(self._not_to(responder, who, to[0]), part.text, part.start))
            card_span = _Span(card_span.text[to[1] :], card_span.start + to[1]).strip()
        card = None
        if card_span.text:
            card = self._card(card_span, line)
            if header.me is None or header.me not in (who, responder):
                said = (
                    _("a shown card can be named only in the notebook of the suggester or the shower")
                    if header.me
                    else _(
                        "a shown card can be named only in the notebook of the suggester or the shower "
                        "(this log has no 'me:')"
                    )
                )
                raise _LineError(line.problem(said, card_span.text, card_span.start))
            if cards_known and card not in cards:
                assert self.variant is not None
                raise _LineError(
                    line.problem(
                        _("the shown card must be one of the suggested cards"),
                        card_span.text,
                        card_span.start,
                        tuple(self.variant.display_names(cards)),
                        code=codes.SHOWN_NOT_SUGGESTED,
                    )
                )
        state.replies.append(Reply(responder, True, card))
        state.shown = True

    @staticmethod
    def _not_to(responder: str, who: str, other: str) -> str:
        return _(
            "{responder} showed the card to {player}, who suggested, not to {other}: write '{responder} shows'"
        ).format(responder=responder, player=who, other=other)

    def _accusation(self, line: _Line, who: str, span: _Span) -> Accusation:
        """``Plum, Rope, Hall; wrong`` (the result after ``,`` is read too); every problem at once."""
        parts = [p for p in _split(span, r";") if p.text]
        if not parts:
            raise _LineError(line.problem(_("an accusation names one card of each category"), span.text, span.start))
        problems: list[Problem] = []
        card_span, result_span = parts[0], parts[1] if len(parts) > 1 else None
        if result_span is None:
            pieces = _split(card_span, r",")
            words = card_span.text.rsplit(None, 1)
            if len(pieces) > 1 and _result(pieces[-1].text) is not None:  # 'Plum, Rope, Hall, wrong'
                result_span = pieces[-1]
                card_span = _Span(
                    card_span.text[: pieces[-2].start + len(pieces[-2].text) - card_span.start], card_span.start
                )
            elif len(words) == 2 and _result(words[1]) is not None:  # 'Plum, Rope, Hall wrong'
                cut = len(card_span.text) - len(words[1])
                said = _("the result goes after ';': write '; {result}'").format(result=words[1])
                problems.append(line.problem(said, words[1], card_span.start + cut))
                card_span = _Span(card_span.text[:cut], card_span.start).strip()
            else:
                problems.append(
                    line.problem(
                        _("an accusation needs its result: '; wrong' or '; correct'"),
                        span.text,
                        span.start,
                        (_("wrong"), _("correct")),
                    )
                )
        try:
            cards = self._cards(card_span, line)
        except _LineError as exc:
            problems.extend(exc.problems)
            cards = ()
        correct = None if result_span is None else _result(result_span.text)
        if result_span is not None and correct is None:
            problems.append(
                line.problem(
                    _("unknown accusation result"), result_span.text, result_span.start, (_("wrong"), _("correct"))
                )
            )
        if len(parts) > 2:
            problems.append(
                line.problem(_("unexpected text after the accusation's result"), parts[2].text, parts[2].start)
            )
        if problems or correct is None:
            raise _LineError(*problems)
        return Accusation(line.number, who, cards, correct)

    def _shown(self, line: _Line, header: Header, who: str, span: _Span) -> Shown:
        """``Cat shows Ann Knife``, ``Cat shows Ann a card from ...``; ``Cat shows me Knife``
        names the notebook's owner."""
        m_me = re.match(_TO_ME, span.text, flags=re.IGNORECASE)
        if m_me is not None and self._fit_player(span.text) is None:
            if header.me is None:
                raise _LineError(
                    line.problem(_("'me' is whose notebook this is, and this log has no 'me:'"), span.text, span.start)
                )
            viewer, rest = header.me, _Span(span.text[m_me.end() :], span.start + m_me.end()).strip()
        else:
            viewer, rest = self._lead_player(span, line, inflected=self._estonian)
        if viewer == who:
            raise _LineError(line.problem(_("a player shows a card to someone else"), viewer, span.start))
        m = re.match(rf"(a|one) card (from|of|among)\b|{et.A_CARD_FROM}", rest.text, flags=re.IGNORECASE)
        if m:
            cards = self._cards(_Span(rest.text[m.end() :], rest.start + m.end()).strip(), line, any_count=True)
            return Shown(line.number, who, viewer, cards, None)
        if not rest.text:
            raise _LineError(line.problem(_("name the card, or 'a card from <cards>'"), span.text, span.start))
        card = self._card(rest, line)
        if header.me is None or header.me not in (who, viewer):
            said = _("the card can be named only in {shower}'s or {viewer}'s notebook; write 'a card from ...'")
            raise _LineError(line.problem(said.format(shower=who, viewer=viewer), rest.text, rest.start))
        return Shown(line.number, who, viewer, (card,), card)

    def _looks(self, line: _Line, header: Header, who: str, span: _Span) -> LooksAt:
        text, sep, card_text = span.text.partition(":")
        slot_text = re.sub(r"(?i)^the\s+", "", text.strip())
        slot_text = re.sub(r"(?i)\s+(card|kaarti|kaart)$", "", slot_text).strip()
        if not header.table:
            raise _LineError(
                line.problem(_("no face-down table cards in this game (header 'table:')"), span.text, span.start)
            )
        slot = next((s for s in header.table if normalise(s) == normalise(slot_text)), None)
        if slot is None:
            raise _LineError(
                line.problem(
                    _("no face-down card at that location"), slot_text, span.start, _closest(slot_text, header.table)
                )
            )
        card = None
        if sep and card_text.strip():
            if header.me != who:
                said = _("only {player}'s own notebook can name the card {player} looked at").format(player=who)
                raise _LineError(line.problem(said, card_text.strip()))
            cstart = span.start + len(text) + 1
            card = self._card(_Span(card_text, cstart).strip(), line)
        return LooksAt(line.number, who, slot, card)


class _Answers:
    """Where the answers of a suggestion stand while its line is read."""

    __slots__ = ("last_index", "order", "replies", "shown")

    def __init__(self, order: list[str]) -> None:
        self.order = order
        self.replies: list[Reply] = []
        self.last_index = -1
        self.shown = False


class _LineError(Exception):
    """Every problem found in one line (a line is read to its end, not to its first problem)."""

    def __init__(self, problem: Problem, *more: Problem) -> None:
        super().__init__(problem.format())
        self.problem = problem
        self.problems = [problem, *more]


def _result(text: str) -> bool | None:
    """An accusation's result: True (correct), False (wrong), None when it is neither."""
    word = normalise(text)
    return False if word in _WRONG else True if word in _RIGHT else None


def _clockwise_from(players: tuple[str, ...], who: str) -> list[str]:
    i = players.index(who)
    return [players[(i + k) % len(players)] for k in range(1, len(players))]


def _closest(text: str, options: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return closest(text, options, cutoff=NAME_CUTOFF)


def _hand_size(text: str) -> tuple[str, str] | None:
    """``Ann 5`` / ``Ann: 5`` / ``Ann=5`` / ``5`` -> (who, digits); None without trailing digits.

    Scans from the end (no regular expression, so no backtracking on long blank runs).
    """
    t = text.rstrip()
    i = len(t)
    while i > 0 and t[i - 1] in "0123456789":
        i -= 1
    if i == len(t):
        return None
    who = t[:i].rstrip()
    if who.endswith((":", "=")):
        who = who[:-1].rstrip()
    return who, t[i:]


def parse_log(
    text: str, path: str | None = None, base_dir: Path | None = None, *, limits: LogLimits = DEFAULT_LIMITS
) -> GameLog:
    """Read a ``.clue`` log; raise :class:`InputError` listing every problem."""
    return _Reader(text, path, base_dir, limits).read()


def parse_statement(log: GameLog, text: str, where: str = "statement") -> Event:
    """One statement read as a line of ``log`` would be (its edition, players and owner):
    ``Ben suggests Plum, Rope, Library``.  A problem is located at ``where``, line 1, and
    the column in ``text``; :class:`InputError` lists every problem of the statement."""
    reader = _Reader(text, where, None, DEFAULT_LIMITS)
    reader.variant, reader.players = log.variant, log.players
    line = _Line(where, 1, text)
    if len(text) > reader.limits.max_line:
        said = _("a statement is at most {most} characters").format(most=reader.limits.max_line)
        raise InputError(line.problem(said, text[:40], 0))
    if not text.split("#", 1)[0].strip():
        raise InputError(line.problem(_("an empty statement"), text, 0))
    try:
        event = reader._event(line, log.header)
    except _LineError as exc:
        raise InputError(exc.problems) from None
    assert event is not None
    return event


def read_log_text(path: Path) -> tuple[str, GameLog]:
    """The text and the parsed log of a ``.clue`` file (a regular file, size-bounded)."""
    from rulesref.core.files import read_text

    text = read_text(path, what=".clue log")
    return text, parse_log(text, str(path), path.parent)


def read_log(path: Path) -> GameLog:
    return read_log_text(path)[1]
