"""Shared output options and error handling for every command.

Commands call one library function and hand the result to a renderer here or in their
own module.  Expected failures are caught in :func:`guarded` and become one clear
message per problem on stderr and a documented exit code:

* 0 ok, 1 rule problems found by ``check``, 2 bad input, 3 contradictory log.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from rulesref.core.errors import CluesolverError

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_BAD_INPUT = 2
EXIT_CONTRADICTION = 3

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object for programs instead of tables.")]

F = TypeVar("F", bound=Callable[..., Any])


def console() -> Console:
    """The console for people (stdout).  Created per call so tests capture it."""
    return Console(highlight=False, soft_wrap=False)


def err_console() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def emit_json(obj: Any) -> None:
    """Print ``obj`` as JSON on stdout, exactly, without rich markup or wrapping."""
    sys.stdout.write(json.dumps(obj, indent=2, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def report_error(exc: CluesolverError, as_json: bool = False) -> int:
    """Print an expected failure: one line per problem on stderr.  Returns the exit code."""
    err = err_console()
    for problem in exc.problems():
        err.print(f"error: {problem.format()}", markup=False, highlight=False)
    if as_json:
        emit_json({"error": exc.message, "exit_code": exc.exit_code, "problems": [p.to_json() for p in exc.problems()]})
    return exc.exit_code


def guarded(func: F) -> F:
    """Decorate a command so expected failures exit with their code, never a traceback.

    The command may return an ``int`` exit code (or ``None`` for 0).
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json", False))
        try:
            code = func(*args, **kwargs)
        except CluesolverError as exc:
            raise typer.Exit(report_error(exc, as_json)) from None
        except OSError as exc:
            err_console().print(f"error: {exc.filename or ''}: {exc.strerror or exc}", markup=False)
            raise typer.Exit(EXIT_BAD_INPUT) from None
        if code:
            raise typer.Exit(int(code))
        return None

    return wrapper  # type: ignore[return-value]
