"""``cluesolver clue play``: the interactive companion, on prompt_toolkit.

Type log statements as they happen at the table; each one is validated and written to
the session at once (atomically, like ``clue add``), so Ctrl-C (drops the line being
typed) and Ctrl-D (leaves) never lose anything.  Tab completes commands, keywords,
players and card names (aliases too); Up/Down walk the history, kept next to the session.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import History

from cluesolver.cli.clue_complete import PLAY_COMMANDS as COMMANDS
from cluesolver.cli.clue_complete import card_spellings, complete, phrases
from cluesolver.cli.common import console, err_console, report_error
from rulesref.core.errors import CluesolverError
from rulesref.core.i18n import _, mark, n_, number

if TYPE_CHECKING:
    from cluesolver.clue.record.events import GameLog

HELP = mark("""\
Type what happens, one statement per line, e.g.
  Ben suggests Plum, Rope, Library; Cat passes; Dan shows
  Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife
  Dan accuses Peacock, Lead Pipe, Ballroom; wrong
Commands:
  status | notebook     the notebook and the envelope odds
  undo                  drop the last recorded line
  why <fact>            e.g. why Dan has Library
  next [room]           best suggestions (in that room)
  accuse?               accuse now, or the risk of the best guess
  show? <suggestion>    which card to show, e.g. show? Ben suggests Plum, Rope, Library
  clock                 Lost in Vegas: time, bets, all-ins
  check                 rules check of the whole log
  export                print the log
  quit                  leave (Ctrl-D too); every line is already saved
Tab completes names; Ctrl-C drops the line you are typing.""")


#: The commands' Estonian words (``miks Benil on köis``), read when the play speaks Estonian.
ESTONIAN_COMMANDS = {
    "abi": "help",
    "märkmik": "status",
    "olek": "status",
    "tagasi": "undo",
    "miks": "why",
    "järgmine": "next",
    "süüdista?": "accuse?",
    "süüdistada?": "accuse?",
    "näita?": "show?",
    "kell": "clock",
    "kontrolli": "check",
    "ekspordi": "export",
    "lõpeta": "quit",
    "välju": "quit",
}


def command_word(word: str) -> str:
    """The command ``word`` names (case folded): an English command as it is, and in Estonian
    also its Estonian word (``miks`` -> ``why``)."""
    from rulesref.core.i18n import language

    cmd = word.casefold()
    return ESTONIAN_COMMANDS.get(cmd, cmd) if language() == "et" else cmd


class StatementCompleter(Completer):
    """Completes the phrase ending at the cursor: a command, keyword, player or card."""

    def __init__(self, phrases: Iterable[str], first: Iterable[str], card_of: dict[str, str] | None = None) -> None:
        self.phrases = sorted(set(phrases), key=str.casefold)
        self.first = sorted(set(first), key=str.casefold)
        self.card_of = card_of  # one spelling offered per card (clue_complete.card_spellings)

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        for phrase, cut in complete(document.text_before_cursor, self.phrases, self.first, self.card_of):
            yield Completion(phrase, start_position=-cut)


def completer_for(log: GameLog) -> StatementCompleter:
    from rulesref.core.i18n import language

    pool, players = phrases(log)
    commands = [*COMMANDS, *ESTONIAN_COMMANDS] if language() == "et" else list(COMMANDS)
    return StatementCompleter(pool, [*commands, *players], card_spellings(log))


class SafeHistory(History):
    """prompt_toolkit's file history, but never through a planted link or device.

    Loads only a regular file (not a link, at most ``limit`` bytes) and appends with
    ``O_NOFOLLOW``; anything else leaves the history in memory for this run.
    """

    def __init__(self, path: Path, limit: int = 1 << 20) -> None:
        self.path, self.limit = path, limit
        super().__init__()

    def load_history_strings(self) -> Iterable[str]:
        from rulesref.core.errors import InputError
        from rulesref.core.files import read_bytes

        try:
            if not stat.S_ISREG(os.lstat(self.path).st_mode):
                return []
            data = read_bytes(self.path, limit=self.limit, what="history file")
        except (OSError, InputError):
            return []
        strings: list[str] = []
        lines: list[str] = []
        for raw in data.decode("utf-8", errors="replace").split("\n"):
            if raw.startswith("+"):
                lines.append(raw[1:])
            elif lines:
                strings.append("\n".join(lines))
                lines = []
        if lines:
            strings.append("\n".join(lines))
        return reversed(strings)

    def store_string(self, string: str) -> None:
        import datetime

        text = f"\n# {datetime.datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
        try:
            fd = os.open(self.path, flags, 0o600)
        except OSError:
            return  # a link or a device in its place: keep this line in memory only
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                os.write(fd, text.encode("utf-8", errors="replace"))
        finally:
            os.close(fd)


def run(path: Path) -> int:
    from prompt_toolkit import PromptSession

    from cluesolver.clue.session.store import read_session

    _text, log = read_session(path)
    out = console()
    history = SafeHistory(path.parent / f".{path.name}.history")
    prompt: PromptSession[str] = PromptSession(
        history=history, completer=completer_for(log), complete_while_typing=False
    )
    if log.header.me:
        said = _("Playing {name}: {game}, {players} (notebook of {me}). Type 'help' for commands, Ctrl-D to leave.")
    else:
        said = _("Playing {name}: {game}, {players}. Type 'help' for commands, Ctrl-D to leave.")
    game, players = log.variant.display_title(), ", ".join(log.players)
    out.print(said.format(name=path.stem, game=game, players=players, me=log.header.me), markup=False)
    _where_it_stands(path)
    while True:
        try:
            line = prompt.prompt(f"{path.stem}> ")
        except KeyboardInterrupt:
            out.print(_("(line dropped; Ctrl-D or 'quit' leaves, nothing is lost)"), markup=False)
            continue
        except EOFError:
            break
        line = line.strip()
        if not line:
            continue
        if line.casefold() in ("quit", "exit", "q") or command_word(line) == "quit":
            break
        try:
            _handle(path, line)
        except CluesolverError as exc:
            report_error(exc)
        except KeyboardInterrupt:
            out.print(_("(interrupted)"), markup=False)
    out.print(_("Saved: {path}").format(path=path), markup=False)
    return 0


def _handle(path: Path, line: str) -> None:
    import cluesolver.cli.clue_live as L
    from cluesolver.clue.session.store import read_session, replay_session

    word, _sep, rest = line.partition(" ")
    cmd = command_word(word)
    out = console()
    if cmd == "help":
        out.print(_(HELP), markup=False)
    elif cmd in ("status", "notebook"):
        L.show_status(replay_session(path), as_json=False)
    elif cmd == "undo" and not rest:
        from cluesolver.cli.clue_fix import removed_line
        from cluesolver.clue.session import store as S

        change = S.undo(path)
        out.print(removed_line(change.lines[0], len(change.after.events)), markup=False)
    elif cmd == "why" and rest:
        from cluesolver.cli.clue_files import show_why

        show_why(replay_session(path), rest, as_json=False)
    elif cmd == "next":
        _text, log = read_session(path)
        L.advise(log, room=rest.strip() or None, player=None, top=5, as_json=False)
    elif cmd in ("accuse?", "accuse") and not rest:
        _text, log = read_session(path)
        L.accuse_advice(log, player=None, as_json=False)
    elif cmd in ("show?", "show") and rest:
        from cluesolver.cli.clue_advice import show_card

        _text, log = read_session(path)
        show_card(log, rest, player=None, as_json=False)
    elif cmd == "clock" and not rest:
        _text, log = read_session(path)
        L.show_clock(log, as_json=False)
    elif cmd == "check" and not rest:
        from cluesolver.cli.clue_files import check_file

        check_file(path, as_json=False)
    elif cmd == "export" and not rest:
        from cluesolver.clue.record.writer import format_log

        _text, log = read_session(path)
        out.print(format_log(log), markup=False, end="")
    else:  # a statement: what it changed (the notebook stays on 'status', so nothing scrolls away)
        from cluesolver.cli.clue_advice import offer_show

        if offer_show(read_session(path)[1], line):
            return  # a suggestion that reaches me: which card to show, and the line typed again with it
        L.record(path, [line])


def _where_it_stands(path: Path) -> None:
    """At the start: how many events are recorded, and where the notebook is (on 'status')."""
    from cluesolver.clue.session.store import read_session, replay_session

    _text, log = read_session(path)
    if log.events and not replay_session(path).report.consistent:
        err_console().print(
            _("The log contradicts itself: 'status' shows where, 'undo' drops the last line."), markup=False
        )
        return
    said = n_(
        "{n} event recorded so far; 'status' shows the notebook and the envelope odds.",
        "{n} events recorded so far; 'status' shows the notebook and the envelope odds.",
        len(log.events),
    )
    console().print(said.format(n=number(len(log.events))), markup=False)
