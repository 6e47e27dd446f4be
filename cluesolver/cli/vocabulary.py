"""One option vocabulary for every command, and the finishing touches on the click tree.

The same long and short name means the same thing in every group (docs/options.md has
the whole table, made by ``tools/options_table.py``; a test keeps it current):

* ``-f/--file`` the game or session file to work on; ``-o/--out`` a file to write;
* ``-s/--session`` a named session; ``-g/--game`` a game or edition; ``-p/--player`` a player;
* ``-c/--casino`` a casino; ``-n/--limit`` how many results; ``--json`` for programs.

Spellings that scripts may still use are kept as *hidden aliases*: they work, but help,
completion and the table of options do not show them.  They are listed here, per command
(a space-separated path such as ``"clue new"``) or for every command (``"*"``).

Only click is imported here, so the root group may use it without slowing start-up.
"""

from __future__ import annotations

from typing import Any

import click

#: Every visible long option name and the one thing it means, wherever it appears.
MEANINGS: dict[str, str] = {
    "--at": "stop after this line (Clue) or round/turn (Vegas games)",
    "--bet": "the bet, in $ millions (Lords gamble)",
    "--block": "one block of the Lords board (A .. F)",
    "--card": "one drawn card (Lords payout: a lot or END)",
    "--cards": "my cards, comma-separated (clue new)",
    "--casino": "the casino concerned: dice at it (Las Vegas) or any lot of it (Lords)",
    "--casinos": "points of each paying casino (Lords track)",
    "--colour": "tile colour or company (Lords)",
    "--die-from": "the tile to take a die from when all of a player's dice are out (Lords)",
    "--edition": "the game's edition (Las Vegas: base, boulevard, royale)",
    "--file": "the game or session file to work on",
    "--folder": "the folder a table game's records are kept in (serve --table)",
    "--force": "do it despite the refusal (overwrite, start over, record a contradiction)",
    "--from": "where the scoring chip stands now (Lords track)",
    "--full": "also print the best rule section in full",
    "--game": "a game or edition (id, alias or variant file)",
    "--hands": "hand sizes when not the usual deal",
    "--install": "install the completion script instead of printing it",
    "--json": "one JSON object for programs instead of tables",
    "--lan": "listen on the network too (the web page)",
    "--lang": "the language of the rule texts (en, et)",
    "--layoff": "the boss lays off half the bet (Lords gamble)",
    "--limit": "how many results to show",
    "--me": "whose notebook this is (clue new)",
    "--money": "money at the casino (Las Vegas payout)",
    "--no-pager": "print long text straight, without a pager",
    "--open": "open the page in the browser",
    "--out": "write the result to this file (never half-written)",
    "--player": "the player concerned (who acts, whom to advise)",
    "--players": "player names in seating order (clue new, serve --table)",
    "--port": "the port of the local web page",
    "--reroll": "new numbers of tied dice after a take-over (Lords payout)",
    "--roll": "the sum rolled on two dice (Lords gamble)",
    "--rolls": "new numbers after a reorganize (Lords cost)",
    "--room": "the room (location) you stand in (clue next)",
    "--session": "a named Clue session instead of the current one",
    "--solo": "add an ACME block for a solo game (welcome new)",
    "--table": "the table: its face-down cards (clue new, Lost in Vegas with two players) or every seat at it (serve)",
    "--threats": "with --json: add each opponent's threat (clue status)",
    "--why": "explain this: a fact (Clue) or a player's score (Vegas games)",
}

#: Old spellings kept working but not shown: command path -> names.
HIDDEN_ALIASES: dict[str, frozenset[str]] = {
    "*": frozenset({"--output", "--top", "--color"}),
    "clue new": frozenset({"-c", "-p"}),  # -c/-p were --cards/--players before -c casino, -p player
    "serve": frozenset({"-p"}),  # -p was --port before -p meant --player everywhere
    "lords-of-vegas payout": frozenset({"-c"}),  # -c was --card
    "lords-of-vegas cost": frozenset({"-b", "--board"}),  # the state file is -f/--file
    "lords-of-vegas gamble": frozenset({"-b", "--board"}),
    "lords-of-vegas track": frozenset({"--at"}),  # --at means "stop after" elsewhere; here it is --from
}


def hidden_names(path: str) -> frozenset[str]:
    """The hidden aliases of the command at ``path`` (``"clue new"``)."""
    return HIDDEN_ALIASES["*"] | HIDDEN_ALIASES.get(path, frozenset())


class _AliasedOption(click.Option):
    """An option whose old spellings work but stay out of help and completion."""

    hidden_aliases: frozenset[str] = frozenset()

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        saved, saved_secondary = self.opts, self.secondary_opts
        self.opts = [o for o in saved if o not in self.hidden_aliases]
        self.secondary_opts = [o for o in saved_secondary if o not in self.hidden_aliases]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts, self.secondary_opts = saved, saved_secondary


def visible_names(option: click.Option) -> list[str]:
    """An option's names as help shows them (hidden aliases left out)."""
    hidden: frozenset[str] = getattr(option, "hidden_aliases", frozenset())
    return [o for o in (*option.opts, *option.secondary_opts) if o not in hidden]


def _hide_aliases(command: click.Command, path: str) -> None:
    hidden = hidden_names(path)
    for param in command.params:
        if not isinstance(param, click.Option):
            continue
        names = {*param.opts, *param.secondary_opts} & hidden
        if names:
            param.__class__ = type("AliasedOption", (_AliasedOption, type(param)), {})
            param.hidden_aliases = frozenset(names)  # type: ignore[attr-defined]


def _keep_examples(text: str | None) -> str | None:
    """Mark each ``Example:`` paragraph so click prints it as written (never re-wrapped)."""
    if not text:
        return text
    paragraphs = text.split("\n\n")
    return "\n\n".join(
        "\b\n" + p if p.lstrip().startswith("Example") and not p.startswith("\b") else p for p in paragraphs
    )


def finish(command: click.Command, path: str) -> click.Command:
    """Plain help (no Rich markup: ``[acme]`` stays a word), examples kept whole, aliases hidden.

    Walks a command and its sub-commands; returns ``command``.
    """
    settable: Any = command
    if hasattr(settable, "rich_markup_mode"):
        settable.rich_markup_mode = None
    command.help = _keep_examples(command.help)
    _hide_aliases(command, path)
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            finish(sub, f"{path} {name}")
    return command
