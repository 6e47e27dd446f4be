"""Completion of log statements: players, cards (aliases too) and keywords.

One matcher serves ``clue play`` (prompt_toolkit) and the shell (``clue add``/``clue why``
through ``cluesolver completion``): the phrase ending at the cursor is completed from the
names of the session's game.  Only the standard library is imported at load time.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cluesolver.clue.record.events import GameLog

#: The commands of ``clue play`` (completed at the start of a line there).
PLAY_COMMANDS = ("help", "status", "notebook", "undo", "why", "next", "accuse?", "clock", "check", "export", "quit")


def phrases(log: GameLog) -> tuple[list[str], list[str]]:
    """Every phrase a statement may hold, and the players (who start a statement)."""
    from cluesolver.clue.record.events import KEYWORDS

    names: list[str] = []
    for card in log.variant.cards:
        names.append(card.name)
        names.extend(card.aliases)
    names.extend(log.table_slots)
    return [*names, *log.players, *KEYWORDS], list(log.players)


def card_spellings(log: GameLog) -> dict[str, str]:
    """Every spelling of a card (its name and aliases, case folded) -> the card's name."""
    out: dict[str, str] = {}
    for card in log.variant.cards:
        for spelling in (card.name, *card.aliases):
            out.setdefault(spelling.casefold(), card.name)
    return out


def complete(
    before: str, pool: Iterable[str], first: Iterable[str], card_of: dict[str, str] | None = None
) -> list[tuple[str, int]]:
    """Completions of the phrase ending ``before``: ``(phrase, how many characters it replaces)``.

    A phrase may hold spaces ("Lead Pipe"), so every tail of the current piece (after the
    last ``;`` or ``,``) is tried, longest first.  At the very start only ``first`` is offered.
    With ``card_of`` (:func:`card_spellings`) one spelling per card is offered: the longest
    match, the card's own name before its aliases (``Miss Sc`` offers Miss Scarlet, not also
    Miss Scarlett).
    """
    found = _complete(before, pool, first)
    return found if card_of is None else _one_per_card(found, card_of)


def _one_per_card(found: list[tuple[str, int]], card_of: dict[str, str]) -> list[tuple[str, int]]:
    keep: dict[str, int] = {}  # card -> index of the spelling offered
    for i, (phrase, cut) in enumerate(found):
        card = card_of.get(phrase.casefold())
        if card is None:
            continue
        j = keep.get(card)
        if j is None or (found[j][1] == cut and phrase == card and found[j][0] != card):
            keep[card] = i
    chosen = set(keep.values())
    return [f for i, f in enumerate(found) if i in chosen or f[0].casefold() not in card_of]


def _complete(before: str, pool: Iterable[str], first: Iterable[str]) -> list[tuple[str, int]]:
    fragment = before.rsplit(";", 1)[-1].rsplit(",", 1)[-1].lstrip()
    at_start = before.strip() == fragment.strip() and ";" not in before and "," not in before
    words = fragment.split(" ")
    choices = sorted(set(first if at_start and len(words) == 1 else pool), key=str.casefold)
    seen: set[str] = set()
    out: list[tuple[str, int]] = []
    for k in range(len(words), 0, -1):
        suffix = " ".join(words[-k:])
        if not suffix.strip():
            continue
        key = suffix.casefold()
        for phrase in choices:
            if phrase in seen or not phrase.casefold().startswith(key) or phrase.casefold() == key:
                continue
            seen.add(phrase)
            out.append((phrase, len(suffix)))
    return out


def _session_log(params: dict[str, Any]) -> GameLog | None:
    """The log of the session a command line names (or the current one); None if unreadable."""
    from cluesolver.clue.session.read import read_session, resolve
    from rulesref.core.errors import CluesolverError

    try:
        return read_session(resolve(params.get("file"), params.get("session")))[1]
    except (CluesolverError, OSError, ValueError):
        return None


def shell_statement(params: dict[str, Any], incomplete: str) -> list[str]:
    """Shell completion of one statement word: the whole word with its last phrase completed."""
    log = _session_log(params)
    if log is None:
        return []
    pool, first = phrases(log)
    found = complete(incomplete, pool, first, card_spellings(log))
    return [incomplete[: len(incomplete) - cut] + phrase for phrase, cut in found]


def shell_fact(params: dict[str, Any], incomplete: str) -> list[str]:
    """Shell completion of a fact ("Dan has Library"): players first, then cards and words."""
    log = _session_log(params)
    if log is None:
        return []
    pool, first = phrases(log)
    pool = [*pool, "has", "is not in the envelope", "is in the envelope"]
    found = complete(incomplete, pool, first, card_spellings(log))
    return [incomplete[: len(incomplete) - cut] + phrase for phrase, cut in found]


def completer_params(ctx: Any) -> dict[str, Any]:
    """The options parsed so far on the command line being completed (``--file``, ``--session``)."""
    params = getattr(ctx, "params", None)
    return dict(params) if isinstance(params, dict) else {}
