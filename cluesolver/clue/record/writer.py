"""The canonical text of a ``.clue`` log: one header line per key, one line per event.

The log is always written in the canonical English statements (the format is a contract).
:func:`say_event` says an event as a person at the table would, in the language spoken
now: the canonical statement in English, the Estonian grammar of docs/clue-log-format.md
in Estonian (which the reader reads back to the same event).
"""

from __future__ import annotations

from cluesolver.clue.record.events import (
    Accusation,
    Event,
    GameLog,
    Header,
    Holds,
    HoldsNone,
    LooksAt,
    Reply,
    RoundEnd,
    Shown,
    Suggestion,
)
from rulesref.core.i18n import language


def format_event(event: Event, log: GameLog) -> str:
    if isinstance(event, Suggestion):
        text = f"{event.suggester} suggests {', '.join(event.cards)}"
        others = len(log.players) - 1
        if len(event.replies) == others and all(r.passes for r in event.replies):
            return text + "; nobody shows"
        for r in event.replies:
            text += f"; {r.player} passes" if r.passes else f"; {r.player} shows" + (f" {r.card}" if r.card else "")
        return text
    if isinstance(event, Accusation):
        return f"{event.accuser} accuses {', '.join(event.cards)}; {'correct' if event.correct else 'wrong'}"
    if isinstance(event, Holds):
        return f"{event.player} has {event.card}"
    if isinstance(event, HoldsNone):
        return f"{event.player} has none of {', '.join(event.cards)}"
    if isinstance(event, Shown):
        if event.card is not None:
            return f"{event.shower} shows {event.viewer} {event.card}"
        return f"{event.shower} shows {event.viewer} a card from {', '.join(event.cards)}"
    if isinstance(event, LooksAt):
        return f"{event.player} looks at {event.slot} card" + (f": {event.card}" if event.card else "")
    if isinstance(event, RoundEnd):
        return "round"
    raise TypeError(event)


def format_header(header: Header) -> list[str]:
    out = [f"game: {header.game}", f"players: {', '.join(header.players)}"]
    if header.me is not None:
        out.append(f"me: {header.me}")
    if header.hands is not None:
        out.append("hands: " + ", ".join(f"{p} {n}" for p, n in zip(header.players, header.hands)))
    if header.my_cards:
        out.append(f"my cards: {', '.join(header.my_cards)}")
    if header.table:
        out.append(f"table: {', '.join(header.table)}")
    return out


def format_log(log: GameLog) -> str:
    """The canonical text of a log: header, a blank line, one event per line."""
    lines = format_header(log.header)
    lines.append("")
    lines.extend(format_event(e, log) for e in log.events)
    return "\n".join(lines) + "\n"


def example_line(log: GameLog) -> str:
    """A statement in this game's own names: the second player suggests, the next shows
    (in the language spoken now: Estonian says it in its own grammar)."""
    players = log.players
    who = players[1 % len(players)]
    verb = log.variant.rules.suggest_word
    answers = [p for p in players[2:] + players[:1] if p != who][:2]
    if language() == "et":
        said = (*(Reply(p, False) for p in answers[:-1]), Reply(answers[-1], True))
        return _estonian(Suggestion(0, who, tuple(cat.cards[-1] for cat in log.variant.categories), said), log)
    cards = ", ".join(cat.cards[-1] for cat in log.variant.categories)
    replies = [f"{answers[0]} passes", f"{answers[1]} shows"] if len(answers) > 1 else [f"{answers[0]} shows"]
    return f"{who} {verb} {cards}; " + "; ".join(replies)


def say_event(event: Event, log: GameLog) -> str:
    """``event`` as said at the table in the language spoken now: :func:`format_event` in
    English, else that language's statement (the cards in the edition's names there)."""
    if language() == "et":
        return _estonian(event, log)
    return format_event(event, log)


def _estonian(event: Event, log: GameLog) -> str:
    """The Estonian statement of ``event`` (docs/clue-log-format.md, "In Estonian")."""

    def names(cards: tuple[str, ...]) -> str:
        return ", ".join(log.variant.display_name(c, "et") for c in cards)

    if isinstance(event, Suggestion):
        verb = "panustab" if log.variant.rules.suggest_word == "bets" else "teeb ettepaneku"
        text = f"{event.suggester} {verb}: {names(event.cards)}"
        others = len(log.players) - 1
        if len(event.replies) == others and all(r.passes for r in event.replies):
            return text + "; keegi ei näita"
        for r in event.replies:
            if r.passes:
                text += f"; {r.player} ei näita"
            else:
                text += f"; {r.player} näitab" + (f" kaarti {names((r.card,))}" if r.card else "")
        return text
    if isinstance(event, Accusation):
        verb = "paneb kõik mängu" if log.variant.rules.accusation_word == "all-in" else "süüdistab"
        return f"{event.accuser} {verb}: {names(event.cards)}; {'õige' if event.correct else 'vale'}"
    if isinstance(event, Holds):
        return f"{event.player} hoiab kaarti {names((event.card,))}"
    if isinstance(event, HoldsNone):
        return f"{event.player} ei hoia ühtegi neist: {names(event.cards)}"
    if isinstance(event, Shown):
        if event.card is not None:
            return f"{event.shower} näitab mängijale {event.viewer} kaarti {names((event.card,))}"
        return f"{event.shower} näitab mängijale {event.viewer} üht kaarti neist: {names(event.cards)}"
    if isinstance(event, LooksAt):
        return f"{event.player} vaatab lauakaarti {event.slot}" + (f": {names((event.card,))}" if event.card else "")
    if isinstance(event, RoundEnd):
        return "ring"
    raise TypeError(event)
