"""``clue show?`` (which card to show a suggester) and ``clue review`` (a game looked back on).

The work is :mod:`cluesolver.clue.advice.show` and :mod:`cluesolver.clue.advice.review`;
this parses the arguments, asks them, and prints.  :func:`register` adds the commands to
the ``clue`` group; only typer is imported until a command runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cluesolver.cli.common import EXIT_CONTRADICTION, JsonOption, console, emit_json, guarded
from rulesref.core.i18n import _, n_, number

if TYPE_CHECKING:
    from cluesolver.cli.sheet import Group, Table, Text
    from cluesolver.clue.advice.review import GameReview, PlayerReview
    from cluesolver.clue.advice.show import ShowAdvice
    from cluesolver.clue.record.events import GameLog
    from cluesolver.clue.variants import Variant

FileOpt = Annotated[
    Path | None, typer.Option("--file", "-f", help="Work on this .clue file instead of a named session.")
]
SessionOpt = Annotated[
    str | None, typer.Option("--session", "-s", help="Work on this named session instead of the current one.")
]
StatementArg = Annotated[
    str,
    typer.Argument(
        help="The suggestion that reached you, e.g. 'Ben suggests Plum, Rope, Library' (answers after ';' are ignored).",
        show_default=False,
    ),
]
PlayerOpt = Annotated[
    str | None, typer.Option("--player", "-p", help="Whose cards (default: me, the notebook's owner).")
]


#: How the ``clue`` group reads the log a command works on: ``load(file, session, as_json=...)``
#: (it names the session first unless ``as_json``).
Loader = Callable[..., "GameLog"]


def register(app: typer.Typer, load: Loader) -> None:
    """Add ``show?``, ``show`` and ``review`` to the ``clue`` group; ``load`` reads the log."""

    def show_q(
        statement: StatementArg,
        player: PlayerOpt = None,
        file: FileOpt = None,
        session: SessionOpt = None,
        as_json: JsonOption = False,
    ) -> int:
        """Which of the suggested cards to show: least told to the suggester first.

        Example: cluesolver clue show? "Ben suggests Plum, Rope, Library"
        """
        return show_card(load(file, session, as_json=as_json), statement, player=player, as_json=as_json)

    def show_alias(
        statement: StatementArg,
        player: PlayerOpt = None,
        file: FileOpt = None,
        session: SessionOpt = None,
        as_json: JsonOption = False,
    ) -> int:
        """Same as 'show?' (easier to type in a shell).

        Example: cluesolver clue show "Ben suggests Plum, Rope, Library"
        """
        return show_q(statement, player, file, session, as_json)

    def review_cmd(
        file: Annotated[
            Path | None,
            typer.Argument(help="A .clue file (default: the current session, or --session).", show_default=False),
        ] = None,
        session: SessionOpt = None,
        as_json: JsonOption = False,
    ) -> int:
        """Look back on a game: when the envelope was certain, each suggestion against the best then, the accusation.

        Example: cluesolver clue review saturday.clue
        """
        return review_game(load(file, session, as_json=as_json), as_json=as_json)

    app.command("show?")(guarded(show_q))
    app.command("show")(guarded(show_alias))
    app.command("review")(guarded(review_cmd))


# ----------------------------------------------------------------------------- show?


def show_card(log: GameLog, statement: str, *, player: str | None, as_json: bool) -> int:
    """``clue show?``: ask the library and print (also ``show?`` in ``clue play``)."""
    from cluesolver.clue.advice.show import show_advice, suggestion_of
    from cluesolver.clue.record.events import typed

    if player is not None:
        player = log.match_player(player)
    advice = show_advice(log, suggestion_of(log, typed(statement, _("the statement"))), player)
    if as_json:
        emit_json(advice.to_json())
    else:
        console().print(show_text(advice, log.variant))
    return 0 if advice.consistent else EXIT_CONTRADICTION


def show_text(a: ShowAdvice, variant: Variant) -> Text | Group:
    """The cards as a short table, the advice and how to read it."""
    from cluesolver.cli.sheet import Group, Table, Text
    from rulesref.core.text import percent

    if not a.consistent or not a.cards:
        return Text(a.message(variant), style="bold")
    suggested = ", ".join(variant.display_names(a.suggested))
    if a.owner:
        title = _("You may show {to} ({cards}):").format(to=a.to, cards=suggested)
    else:
        title = _("{player} may show {to} ({cards}):").format(player=a.player, to=a.to, cards=suggested)
    table = Table(title=Text(title), header_style="bold")
    table.add_column(_("Card"))
    table.add_column(_("Leak"), justify="right", no_wrap=True)
    table.add_column(_("{to} certain after").format(to=a.to), justify="right", no_wrap=True)
    table.add_column(_("Note"))
    mark = "" if a.exact else "~"
    for c in a.cards:
        notes = []
        if c.shown_before:
            notes.append(_("shown to {to} before").format(to=a.to))
        if not a.owner:
            notes.append(_("{player} holds it {percent}").format(player=a.player, percent=percent(c.holds)))
        leak = _("{bits} bits").format(bits=mark + _bits(c.leak_bits))
        table.add_row(Text(variant.display_name(c.card)), leak, percent(c.names_envelope), "; ".join(notes))
    if a.exact:
        counted = n_("all {n} deal", "all {n} deals", a.deals).format(n=number(a.deals))
    else:
        counted = n_(
            "{n} deal drawn uniformly (~ marks estimates)", "{n} deals drawn uniformly (~ marks estimates)", a.deals
        ).format(n=number(a.deals))
    passed = _("; {players} taken to pass").format(players=", ".join(a.passed)) if a.passed else ""
    table.caption = _(
        "Leak: what {to} learns about the envelope from the card beyond '{player} shows a card' "
        "(bits, exact per {to}'s possible notebook), averaged over {counted} agreeing with the log{passed}. "
        "Certain after: chance {to} can then name the whole envelope."
    ).format(to=a.to, player=a.player, counted=counted, passed=passed)
    return Group(table, Text(a.message(variant), style="bold"))


# ----------------------------------------------------------------------------- review


def review_game(log: GameLog, *, as_json: bool) -> int:
    """``clue review``: ask the library and print."""
    from cluesolver.cli.common import keep_freed_memory
    from cluesolver.clue.advice.review import review

    keep_freed_memory()
    done = review(log)
    if as_json:
        emit_json(done.to_json())
    else:
        console().print(review_text(done, log.variant))
    return 0 if done.contradiction_at is None else EXIT_CONTRADICTION


def review_text(r: GameReview, variant: Variant) -> Group:
    """The review for people: the moments, the suggestions as a table, the costliest in words."""
    from cluesolver.cli.sheet import Group, Text

    if r.player is not None:
        said = _("Review of {player}'s notebook, up to line {line}").format(player=r.player, line=r.last_line)
    else:
        said = _("Review of the public notebook (a spectator's log), up to line {line}").format(line=r.last_line)
    head = Text(said, style="bold")
    if r.certain_at is not None:
        head.append("\n" + _("The notebook named the envelope after line {line}.").format(line=r.certain_at))
    else:
        head.append("\n" + _("The notebook never named the envelope."))
    if r.contradiction_at is not None:
        said = _("The log contradicts itself after line {line}: reviewed up to there.")
        head.append("\n" + said.format(line=r.contradiction_at))
    parts: list[Text | Table] = [head]
    for p in r.players:
        parts.extend(_player_text(p, r.player is None, variant))
    parts.append(
        Text(
            _(
                "Gain: the drop of the envelope's uncertainty the answer was expected to bring, scored as "
                "'clue next' scores every suggestion; Best: the most any suggestion (any room) was expected to "
                "bring then; Learned: what the answer brought (luck can make it more); ~ marks figures on sampled "
                "deals."
            )
        )
    )
    return Group(*parts)


def _player_text(p: PlayerReview, spectator: bool, variant: Variant) -> list[Text | Table]:
    from cluesolver.cli.sheet import Table, Text

    lead = Text(f"{p.player}:\n", style="bold") if spectator else Text()
    if p.accuse_advised_at is not None:
        lead.append(_("accuse? first said accuse after line {line}; ").format(line=p.accuse_advised_at))
    else:
        lead.append(_("accuse? never said accuse; "))
    if p.accused_at is not None:
        said = (
            _("{player} accused at line {line} (right).")
            if p.accusation_correct
            else _("{player} accused at line {line} (wrong).")
        )
        lead.append(said.format(player=p.player, line=p.accused_at))
    else:
        lead.append(_("{player} did not accuse.").format(player=p.player))
    if not p.suggestions:
        lead.append("\n" + _("{player} made no suggestion.").format(player=p.player))
        return [lead]
    table = Table(header_style="bold")
    table.add_column(_("Line"), justify="right", no_wrap=True)
    table.add_column(_("Suggestion"))
    table.add_column(_("Gain"), justify="right", no_wrap=True)
    table.add_column(_("Best"), justify="right", no_wrap=True)
    table.add_column(_("Learned"), justify="right", no_wrap=True)
    table.add_column(_("Best then"))
    for s in p.suggestions:
        mark = "" if s.exact else "~"
        best = "" if s.best_cards == s.cards else ", ".join(variant.display_names(s.best_cards))
        table.add_row(
            str(s.line),
            Text(", ".join(variant.display_names(s.cards))),
            f"{mark}{_bits(s.gain_bits)}",
            f"{mark}{_bits(s.best_bits)}",
            _bits(s.learned_bits),
            Text(best),
        )
    out: list[Text | Table] = [lead, table]
    if p.costliest:
        worst = Text(_("Costliest turns:"), style="bold")
        for s in p.costliest:
            worst.append(f"\n  {s.sentence(variant)}")
        out.append(worst)
    return out


def _bits(x: float) -> str:
    """Bits to two decimals (a tiny negative is 0.00, not -0.00), as the language writes them."""
    text = f"{x:.2f}"
    return number(0.0 if text == "-0.00" else x, ".2f")


def offer_show(log: GameLog, line: str) -> bool:
    """``clue play``: when ``line`` is another player's suggestion that reaches the log's
    owner unanswered (no one has shown; the owner is not among the answers) and the owner
    holds one of its cards, print which card to show and ask for the whole line (nothing is
    recorded).  False: any other line (recorded as usual)."""
    from cluesolver.clue.record.events import Suggestion
    from cluesolver.clue.record.reader import parse_statement
    from rulesref.core.errors import InputError

    me = log.header.me
    try:
        event = parse_statement(log, line)
    except InputError:
        return False  # recording it reports the problem
    if me is None or not isinstance(event, Suggestion) or event.suggester == me:
        return False
    if any(r.shows or r.player == me for r in event.replies) or not set(event.cards) & set(log.header.my_cards):
        return False
    from cluesolver.clue.advice.show import show_advice

    advice = show_advice(log, event)
    if advice.best is None:
        return False  # a contradictory log: recording the line says so
    console().print(show_text(advice, log.variant))
    from cluesolver.clue.record.events import Reply
    from cluesolver.clue.record.writer import say_event

    replies = (*(Reply(p, False) for p in advice.passed), Reply(me, True, advice.best))
    said = say_event(Suggestion(0, event.suggester, event.cards, replies), log)
    console().print(
        _("Not recorded yet: type the whole line once you have shown, e.g. {line}").format(line=said),
        markup=False,
    )
    return True
