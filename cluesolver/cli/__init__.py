"""The ``cluesolver`` command: one Typer app, one module per concern.

Verbs over any game file (``replay``, ``check``, ``score``), the local web page
(``serve``), a group per game (``clue``, ``las-vegas``, ``lords``/``lords-of-vegas``,
``welcome``/``welcome-to-new-las-vegas``), and ``rules`` and ``variants``.

Start-up is kept short: a command's module is imported only when that command runs
(:class:`LazyGroup`), and heavy libraries are imported inside the commands.  The root
``--help`` lists every command from :data:`COMMANDS` without importing any of them; a
test checks those one-line summaries against the commands' own help.
"""

from __future__ import annotations

import copy
import gc
import importlib
import os
import sys
from typing import Any

#: Young objects between two garbage collections in the command (Python's default: 700); see :func:`main`.
GC_YOUNG = 100_000
# Importing this package is the installed command's first step, and typer's and click's
# imports (about 35 ms) made young-object passes that found nothing too (about 3.5 ms).
gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
# The advisor's matrix products are small: OpenBLAS worker threads only add waiting on a
# busy 2-core machine (measured ten times slower under load).  A user's own setting wins.
# Set here, by the command, before numpy loads; the library itself changes no environment.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import click  # noqa: E402  (after the collector's threshold)
import typer  # noqa: E402
from typer.core import TyperGroup  # noqa: E402


class Lazy:
    """A command whose module loads only when it runs: ``module:attribute`` (a plain class:
    a dataclass would cost every command, ``--help`` too, about 0.6 ms to make)."""

    __slots__ = ("group", "summary", "target")

    def __init__(self, target: str, summary: str, group: bool = True) -> None:
        self.target = target
        self.summary = summary
        self.group = group  # a Typer sub-app (group) or a single command function

    def __repr__(self) -> str:
        return f"Lazy(target={self.target!r}, summary={self.summary!r}, group={self.group!r})"


#: Every command of the root, in the order ``--help`` lists them.
COMMANDS: dict[str, Lazy] = {
    "replay": Lazy("cluesolver.cli.verbs:replay", "Replay a game file and show where it stands.", group=False),
    "check": Lazy(
        "cluesolver.cli.verbs:check", "Check a game file against the rules; exit 1 if problems are found.", group=False
    ),
    "score": Lazy("cluesolver.cli.verbs:score", "Compute final scores and standings of a game file.", group=False),
    "serve": Lazy(
        "cluesolver.cli.serve:serve",
        "The Clue notebook, Vegas payouts and scores, and the rule books as a local web page.",
        group=False,
    ),
    "clue": Lazy(
        "cluesolver.cli.clue:app",
        "Live Clue sessions at the table: record the game as it happens, get answers at once.",
    ),
    "variants": Lazy("cluesolver.cli.variants:app", "Clue editions: list and show built-in and user variants."),
    "rules": Lazy("cluesolver.cli.rules:app", "Rules reference for the five games: list, show, search."),
    "las-vegas": Lazy("cluesolver.cli.las_vegas:app", "Las Vegas (dice game): payouts, checks, replay."),
    "lords-of-vegas": Lazy(
        "cluesolver.cli.lords:app", "Lords of Vegas: board, payouts, score track, action costs, gamble, game logs."
    ),
    "lords": Lazy("cluesolver.cli.lords:app", "Alias of lords-of-vegas."),
    "welcome-to-new-las-vegas": Lazy(
        "cluesolver.cli.welcome:app",
        "Welcome to New Las Vegas: final scoring and sheet checking for the whole table, street runs.",
    ),
    "welcome": Lazy("cluesolver.cli.welcome:app", "Alias of welcome-to-new-las-vegas."),
    "completion": Lazy(
        "cluesolver.cli.completion:completion",
        "Shell completion: print (or install) the script for bash, zsh, fish or PowerShell.",
        group=False,
    ),
}


def load(name: str, only: str | None = None) -> click.Command:
    """The real click command of a root command (imports its module).

    ``only``: the sub-command about to run.  When it names one of the group's commands,
    the group is built with that command alone (building each command's click options
    costs about 1 ms; the clue group has 14); a group that is listed, or asked for a name
    it does not have, is built whole, so help and "no such command" read the same.
    """
    entry = COMMANDS[name]
    module_name, _, attribute = entry.target.partition(":")
    obj: Any = getattr(importlib.import_module(module_name), attribute)
    if entry.group:
        command: click.Command = typer.main.get_group(_only(obj, only))
    else:
        holder = typer.Typer(rich_markup_mode=None, add_completion=False)
        holder.command(name)(obj)
        command = typer.main.get_command(holder)
    command.name = name
    canonical = name
    if entry.summary.startswith("Alias of"):
        _, _, rest = (command.help or "").partition("\n\n")  # keep the example
        command.help = entry.summary + (f"\n\n{rest}" if rest else "")
        command.short_help = entry.summary
        canonical = entry.summary.removeprefix("Alias of").strip().rstrip(".")
    from cluesolver.cli.vocabulary import finish

    return finish(command, canonical)


def _only(app: typer.Typer, name: str | None) -> typer.Typer:
    """``app`` with its command ``name`` alone (``app`` itself when it has no such command)."""
    if name is None:
        return app
    mine = [
        info
        for info in app.registered_commands
        if info.callback is not None and (info.name or typer.main.get_command_name(info.callback.__name__)) == name
    ]
    if len(mine) != 1 or any(group.name == name for group in app.registered_groups):
        return app
    alone = copy.copy(app)
    alone.registered_commands = mine
    alone.registered_groups = []
    return alone


def _complete_var(prog_name: str) -> str:
    return f"_{prog_name}_COMPLETE".replace("-", "_").upper()


class LazyGroup(TyperGroup):
    """The root group: lists commands from :data:`COMMANDS`, imports one only to run it."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._loaded: dict[str, click.Command] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self._loaded:
            return self._loaded[cmd_name]
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        # Listing (help) gets a light stand-in; resolve_command loads the real one.
        return click.Command(cmd_name, help=entry.summary, short_help=entry.summary)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] in COMMANDS and args[0] not in self._loaded:
            self._loaded[args[0]] = load(args[0], args[1] if len(args) > 1 else None)
        return super().resolve_command(ctx, args)

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        # Help in a pipe is not wrapped either (the same policy as every command's output).
        if not sys.stdout.isatty():
            extra.setdefault("terminal_width", 10_000)
            extra.setdefault("max_content_width", 10_000)
        return super().make_context(info_name, args, parent, **extra)

    def _main_shell_completion(self, ctx_args: Any, prog_name: str, complete_var: str | None = None) -> None:
        # Shell completion (docs/options.md): Typer's protocol, loaded only when asked for.
        if os.environ.get(complete_var or _complete_var(prog_name)):
            from typer._completion_classes import completion_init

            completion_init()
        super()._main_shell_completion(ctx_args, prog_name, complete_var)


app = typer.Typer(
    name="cluesolver",
    cls=LazyGroup,
    help="Game-night companion: exact Clue deduction, and rules and scores for the Vegas games.\n\n"
    "Example: cluesolver replay examples/classic-4p.clue",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root(
    lang: str | None = typer.Option(
        None,
        "--lang",
        help="Language of the text for people: en or et (default: CLUESOLVER_LANG, else the locale). "
        "--json is always English.",
        metavar="LANG",
    ),
) -> None:
    """Game-night companion: exact Clue deduction, and rules and scores for the Vegas games."""
    from rulesref.core import i18n

    if lang is not None and i18n.normalise(lang) is None:
        raise typer.BadParameter(f"{lang!r}: say one of {', '.join(i18n.LANGUAGES)}", param_hint="--lang")
    if i18n.use(lang) != "en":  # every run chooses afresh (None: CLUESOLVER_LANG, else the locale)
        from cluesolver.cli.click_texts import speak_click

        speak_click()  # a usage error from here on in that language (Click's own texts)


def main() -> None:
    """The installed command: run the app; a bug anywhere is one line and exit 70.

    Almost everything a command allocates (the modules it loads, the log, the counts)
    lives until it exits, so the collector's passes over the young objects find nearly
    nothing: a table command made about 50 of them, 0.01 s.  They now come every
    :data:`GC_YOUNG` allocations, so a table command makes none and a long session
    (``clue play``, ``serve``) still collects.  The threshold is set when this package is
    imported (before typer and click load) and again here.
    """
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # what is still buffered: a reader that has gone shows here
    except SystemExit as exc:
        if not type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):
            raise
        # typer met a closed stdout outside a command (help text) and exits 1: it is no failure
        from cluesolver.cli.common import closed_pipe

        sys.exit(closed_pipe() if exc.code == 1 else exc.code)
    except BrokenPipeError:  # stdout's reader stopped early (| head -1): exit 0, nothing on stderr
        from cluesolver.cli.common import closed_pipe

        sys.exit(closed_pipe())
    except OSError as exc:  # e.g. stdout closed by a pipe reader, a full disk while printing
        from cluesolver.cli.common import report_os_error

        sys.exit(report_os_error(exc, "--json" in sys.argv))
    except Exception as exc:
        from cluesolver.cli.common import report_internal_error

        sys.exit(report_internal_error(exc, "--json" in sys.argv))
