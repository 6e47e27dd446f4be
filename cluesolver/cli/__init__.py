"""The ``cluesolver`` command: one Typer app, one module per concern.

Verbs over any game file (``replay``, ``check``, ``score``), a group per game
(``clue``, ``las-vegas``, ``lords``/``lords-of-vegas``, ``welcome``/
``welcome-to-new-las-vegas``), and ``rules`` and ``variants``.  Heavy libraries are
imported lazily inside commands so the CLI starts fast.
"""

from __future__ import annotations

import typer

from cluesolver.cli import clue, las_vegas, lords, rules, variants, verbs, welcome

app = typer.Typer(
    name="cluesolver",
    help="Game-night companion: exact Clue deduction, and rules and scores for the Vegas games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

app.command("replay")(verbs.replay)
app.command("check")(verbs.check)
app.command("score")(verbs.score)
app.command("serve")(__import__("cluesolver.cli.serve", fromlist=["serve"]).serve)

app.add_typer(clue.app, name="clue")
app.add_typer(variants.app, name="variants")
app.add_typer(rules.app, name="rules")
app.add_typer(las_vegas.app, name="las-vegas")
app.add_typer(lords.app, name="lords-of-vegas")
app.add_typer(lords.app, name="lords", help="Alias of lords-of-vegas.")
app.add_typer(welcome.app, name="welcome-to-new-las-vegas")
app.add_typer(welcome.app, name="welcome", help="Alias of welcome-to-new-las-vegas.")


def main() -> None:
    """The installed command: run the app; a bug anywhere is one line and exit 70."""
    import sys

    from cluesolver.cli.common import report_internal_error, report_os_error

    try:
        app()
    except OSError as exc:  # e.g. stdout closed by a pipe reader, a full disk while printing
        sys.exit(report_os_error(exc, "--json" in sys.argv))
    except Exception as exc:
        sys.exit(report_internal_error(exc, "--json" in sys.argv))
