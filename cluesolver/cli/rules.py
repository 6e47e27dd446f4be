"""Rules reference for the five games: list, show, search (and lint for rule-file authors)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cluesolver.cli.common import EXIT_OK, EXIT_PROBLEMS, JsonOption, console, emit_json, guarded

if TYPE_CHECKING:
    from rulesref.search import SearchResult

app = typer.Typer(
    help="Rules reference for the five games: list, show, search.\n\n"
    'Example: cluesolver rules search "what happens if nobody can show a card"',
    no_args_is_help=True,
)

GameArg = Annotated[
    str | None,
    typer.Argument(
        help="Game id or alias (clue, cluedo, lost-in-vegas, las-vegas, lords, welcome...).", show_default=False
    ),
]


@app.command("list")
@guarded
def list_(game: GameArg = None, as_json: JsonOption = False) -> int:
    """List the games and the ids and titles of their sections.

    Example: cluesolver rules list lords-of-vegas
    """
    from rich.table import Table

    from rulesref.book import book, books
    from rulesref.render import book_json

    chosen = [book(game)] if game else list(books().values())
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
    as_json: JsonOption = False,
) -> int:
    """Show a whole game's rules, sectioned, or one section.

    Example: cluesolver rules show lords-of-vegas sprawl
    """
    from rulesref.book import book
    from rulesref.render import book_intro_markdown, book_json, section_body_markdown, section_json

    wanted = " ".join(section) if section else None
    if wanted is None and "/" in game:
        game, _, wanted = game.partition("/")
    b = book(game)
    chosen = b.section(wanted) if wanted else None
    if as_json:
        emit_json(section_json(chosen) if chosen else book_json(b))
        return EXIT_OK
    from rich.markdown import Markdown
    from rich.rule import Rule

    con = console()
    if chosen is None:
        con.print(Rule(b.title, characters="═"))
        con.print(Markdown(book_intro_markdown(b)))
    for s in (chosen,) if chosen else b.sections:
        if chosen is None:
            con.print()
        con.print(Rule(s.title, characters="─", align="left"))
        con.print(Markdown(section_body_markdown(s)))
    return EXIT_OK


@app.command("search")
@guarded
def search(
    query: Annotated[
        list[str], typer.Argument(help="The question, in your own words (quote it or not).", show_default=False)
    ],
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game (id or alias).")] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="How many sections to show.")] = 3,
    full: Annotated[bool, typer.Option("--full", "-f", help="Also print the best section in full.")] = False,
    as_json: JsonOption = False,
) -> int:
    """Find the rule sections that answer a question, best first.

    Matched words are highlighted; --full also prints the best section.

    Example: cluesolver rules search "can I sprawl into F block with two players"
    """
    from rulesref.search import search as run_search

    result = run_search(" ".join(query), game=game, limit=limit)
    if as_json:
        from rulesref.render import result_json

        out = result_json(result)
        if full and result.hits:
            from rulesref.render import section_json

            out["best"] = section_json(result.hits[0].section)
        emit_json(out)
    else:
        _print_result(result, full=full)
    return EXIT_OK


def _print_result(result: SearchResult, *, full: bool) -> None:
    """Search hits for people: rank, title, id, score, highlighted snippet, notes."""
    from rich.padding import Padding
    from rich.text import Text

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
    for rank, hit in enumerate(result.hits, 1):
        head = Text()
        head.append(f"{rank}. ", style="bold")
        head.append_text(marked(hit.title))
        head.append(f"  [{hit.section.full_id}]  score {hit.score:.1f}")
        con.print(head)
        con.print(Padding(marked(hit.snippet), (0, 0, 0, 3)))
        if hit.section.unconfirmed:
            con.print(Padding(Text(f"Not confirmed: {hit.section.unconfirmed}", style="italic"), (0, 0, 0, 3)))
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
    from rulesref.book import books, link_problems, load_books, rule_files
    from rulesref.core.errors import InputError, Problem

    paths = list(files) if files else rule_files()
    for p in paths:
        if not p.is_file():
            raise InputError(Problem("no such rule file", path=str(p)))
    problems: list[Problem] = []
    loaded = {}
    for p in paths:
        try:
            loaded.update(load_books([p]))
        except InputError as exc:
            problems.extend(exc.problems())
    try:
        pool = dict(books()) if files else {}
    except InputError:
        pool = {}
    pool.update(loaded)
    problems.extend(link_problems(pool))
    sections = sum(len(b.sections) for b in loaded.values())
    if as_json:
        emit_json(
            {
                "ok": not problems,
                "books": sorted(loaded),
                "sections": sections,
                "problems": [p.to_json() for p in problems],
            }
        )
    else:
        con = console()
        for problem in problems:
            con.print(f"problem: {problem.format()}", markup=False)
        con.print(f"{len(loaded)} rule books, {sections} sections, {len(problems)} problems", markup=False)
    return EXIT_PROBLEMS if problems else EXIT_OK
