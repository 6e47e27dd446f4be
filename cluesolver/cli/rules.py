"""Rules reference for the five games: list, show, search (and lint for rule-file authors)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cluesolver.cli.common import EXIT_OK, EXIT_PROBLEMS, JsonOption, console, emit_json, guarded, page
from rulesref.core.text import plural

if TYPE_CHECKING:
    from rich.console import RenderableType

    from rulesref.search import SearchResult

app = typer.Typer(
    help="Rules reference for the five games: list, show, search.\n\n"
    'Example: cluesolver rules search "what happens if nobody can show a card"',
    no_args_is_help=True,
)

#: The environment variable that chooses the language of the rule texts (as ``--lang``).
LANG_VARIABLE = "CLUESOLVER_LANG"

LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Language of the rule texts, en or et (default: $CLUESOLVER_LANG, else English; "
        "a search answers in the question's own language).",
        show_default=False,
    ),
]


def _language(given: str | None) -> str | None:
    """The language asked for: ``--lang``, else ``$CLUESOLVER_LANG``, else the language the
    tool speaks (``cluesolver --lang et``, the locale), else None (the default).

    For ``rules show`` and ``rules list``; ``rules search`` takes ``--lang`` alone, so that
    a question is otherwise answered in its own language whatever the setting.
    """
    from rulesref.book import LANGUAGES, language
    from rulesref.core.errors import InputError, Problem, UnknownNameError
    from rulesref.core.i18n import language as speaking

    if given is not None:
        return language(given)
    chosen = os.environ.get(LANG_VARIABLE, "").strip()
    if not chosen:  # the language the tool speaks: the root --lang, else the locale
        return None if speaking() == "en" else language(speaking())
    try:
        asked = language(chosen)
    except UnknownNameError:
        raise InputError(Problem(f"unknown language in {LANG_VARIABLE}", text=chosen, choices=LANGUAGES)) from None
    return asked if speaking() == asked else language(speaking())  # the root --lang wins over the variable


GameArg = Annotated[
    str | None,
    typer.Argument(
        help="Game id or alias (clue, cluedo, lost-in-vegas, las-vegas, lords, welcome...).", show_default=False
    ),
]


@app.command("list")
@guarded
def list_(game: GameArg = None, lang: LangOption = None, as_json: JsonOption = False) -> int:
    """List the games and the ids and titles of their sections.

    Example: cluesolver rules list lords-of-vegas
    """
    from rich.table import Table

    from rulesref.book import ENGLISH, chosen_books
    from rulesref.render import book_json

    chosen = chosen_books(game, _language(lang) or ENGLISH)
    if as_json:
        emit_json({"games": [book_json(b, with_text=False) for b in chosen]})
        return EXIT_OK
    con = console()
    for b in chosen:
        also = f"  (also: {', '.join(b.aliases)})" if b.aliases else ""
        table = Table(title=f"{b.title} — {b.game}{also}", title_justify="left", show_edge=False, pad_edge=False)
        table.add_column("section")
        table.add_column("title")
        table.add_column("note")
        for s in b.sections:
            table.add_row(s.id, s.title, "not confirmed in part" if s.unconfirmed else "")
        con.print(table)
        con.print()
    con.print("Show one with: cluesolver rules show GAME SECTION", markup=False)
    return EXIT_OK


@app.command("show")
@guarded
def show(
    game: Annotated[
        str, typer.Argument(help="Game id or alias, or a full section id such as clue/refuting.", show_default=False)
    ],
    section: Annotated[
        list[str] | None, typer.Argument(help='Section id or title, e.g. sprawl or "all in".', show_default=False)
    ] = None,
    no_pager: Annotated[
        bool, typer.Option("--no-pager", help="Print straight to the terminal, without a pager.")
    ] = False,
    lang: LangOption = None,
    as_json: JsonOption = False,
) -> int:
    """Show a whole game's rules, sectioned, or one section.

    On a terminal, text longer than the screen goes through the pager ($PAGER or less);
    never in a pipe.  --lang et shows classic Clue in Estonian.

    Example: cluesolver rules show lords-of-vegas sprawl
    """
    from rulesref.book import ENGLISH, RuleBook, lookup
    from rulesref.render import book_intro_markdown, book_json, section_body_markdown, section_json

    found = lookup(game, " ".join(section) if section else None, _language(lang) or ENGLISH)
    if as_json:
        emit_json(book_json(found) if isinstance(found, RuleBook) else section_json(found))
        return EXIT_OK
    from rich.markdown import Markdown
    from rich.rule import Rule

    parts: list[RenderableType] = []
    if isinstance(found, RuleBook):
        parts += [Rule(found.title, characters="═"), Markdown(book_intro_markdown(found))]
    for s in found.sections if isinstance(found, RuleBook) else (found,):
        if isinstance(found, RuleBook):
            parts.append("")
        parts += [Rule(s.title, characters="─", align="left"), Markdown(section_body_markdown(s))]
    page(console(), parts, pager=not no_pager)
    return EXIT_OK


@app.command("search")
@guarded
def search(
    query: Annotated[
        list[str], typer.Argument(help="The question, in your own words (quote it or not).", show_default=False)
    ],
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game (id or alias).")] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="How many sections to show.")] = 3,
    full: Annotated[bool, typer.Option("--full", help="Also print the best section in full.")] = False,
    lang: LangOption = None,
    as_json: JsonOption = False,
) -> int:
    """Find the rule sections that answer a question, best first.

    Matched words are highlighted; --full also prints the best section.  A question may
    be asked in English or Estonian; it is answered in its own language unless --lang
    says otherwise.

    Example: cluesolver rules search "can I sprawl into F block with two players"
    """
    from rulesref.book import language
    from rulesref.search import search as run_search

    result = run_search(" ".join(query), game=game, limit=limit, lang=language(lang) if lang is not None else None)
    if as_json:
        from rulesref.render import result_json

        emit_json(result_json(result, full=full))
    else:
        _print_result(result, full=full)
    return EXIT_OK


def _print_result(result: SearchResult, *, full: bool) -> None:
    """Search hits for people: rank, title, id, score, highlighted snippet, notes."""
    from rich.padding import Padding
    from rich.text import Text

    from rulesref.render import LABELS

    con = console()
    styled = con.is_terminal

    def marked(pieces: tuple[tuple[str, bool], ...]) -> Text:
        """Matched words in bold underline on a terminal, between ** when piped."""
        out = Text()
        for piece, hit in pieces:
            if hit and styled:
                out.append(piece, style="bold underline")
            else:
                out.append(f"**{piece}**" if hit else piece)
        return out

    if result.game_from_query:
        con.print(f"Only {result.game} (named in the question).", markup=False)
    if result.corrections:
        fixed = ", ".join(f"{a} → {b}" for a, b in result.corrections)
        con.print(f"Searching with corrected words: {fixed}", markup=False)
    if result.unknown:
        con.print(f"Not in any rule book, left out: {', '.join(result.unknown)}", markup=False)
    if not result.hits:
        where = f" in {result.game}" if result.game else ""
        con.print(f"No rule section matches{where}.", markup=False)
        return
    if result.per_game:
        con.print("Several games match: the best section of each game.", markup=False)
    for rank, hit in enumerate(result.hits, 1):
        head = Text()
        head.append(f"{rank}. ", style="bold")
        head.append_text(marked(hit.title))
        head.append(f"  [{hit.section.full_id}]  score {hit.score:.1f}")
        con.print(head)
        con.print(Padding(marked(hit.snippet), (0, 0, 0, 3)))
        if hit.section.unconfirmed:
            note = f"{LABELS.get(hit.section.lang, LABELS['en'])['unconfirmed']} {hit.section.unconfirmed}"
            con.print(Padding(Text(note, style="italic"), (0, 0, 0, 3)))
    best = result.hits[0].section
    if full:
        from rich.markdown import Markdown
        from rich.rule import Rule

        from rulesref.render import section_body_markdown

        con.print()
        con.print(Rule(best.title, characters="─", align="left"))
        con.print(Markdown(section_body_markdown(best)))
    else:
        con.print(f"Read a section with: cluesolver rules show {best.full_id}", markup=False)
    if result.per_game:
        con.print(f"Only one game: add -g GAME, e.g. -g {best.game}", markup=False)


@app.command("lint")
@guarded
def lint(
    files: Annotated[
        list[Path] | None,
        typer.Argument(help="Rule files to check (default: the shipped ones).", show_default=False),
    ] = None,
    as_json: JsonOption = False,
) -> int:
    """Check rule files for mistakes and broken see-links; exit 1 if any are found.

    Example: cluesolver rules lint rulesref/rules/clue.toml
    """
    from rulesref.book import lint as lint_files

    report = lint_files(files or None)
    if as_json:
        emit_json(report.to_json())
    else:
        con = console()
        for problem in report.problems:
            con.print(f"problem: {problem.format()}", markup=False)
        examples = f"{plural(report.examples, 'example question')}, " if report.examples else ""
        con.print(
            f"{plural(len(report.books), 'rule book')}, {plural(report.sections, 'section')}, "
            f"{examples}{plural(len(report.problems), 'problem')}",
            markup=False,
        )
    return EXIT_OK if report.ok else EXIT_PROBLEMS
