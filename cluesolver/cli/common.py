"""Shared output options and error handling for every command.

Commands call one library function and hand the result to a renderer here or in their
own module.  Expected failures are caught in :func:`guarded` and become one clear
message per problem on stderr and a documented exit code:

* 0 ok, 1 rule problems found by ``check``, 2 bad input, 3 contradictory log;
* 70 an unexpected failure (a bug): one line naming it and asking for a report.

Under ``--json`` every failure also prints one JSON error object on stdout.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import click
import typer
from rich.console import Console

from rulesref.core.errors import CluesolverError

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_BAD_INPUT = 2
EXIT_CONTRADICTION = 3
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug, never "check found problems"

REPORT_URL_HINT = "please report it with the command you ran and the file you gave"

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


def describe_os_error(exc: OSError) -> str:
    """A system error as a person reads it: what failed, on which file, and why."""
    import errno
    import os

    reason = exc.strerror or str(exc) or type(exc).__name__
    name = errno.errorcode.get(exc.errno or -1)
    if name:
        reason = f"{reason} ({name})"
    target = exc.filename
    if target is not None:
        return f"{os.fsdecode(target)}: {reason}"
    return reason


def report_os_error(exc: OSError, as_json: bool = False) -> int:
    """A system error (full disk, permission, missing folder) as bad input: exit 2."""
    message = describe_os_error(exc)
    err_console().print(f"error: {message}", markup=False, highlight=False)
    if as_json:
        emit_json({"error": message, "exit_code": EXIT_BAD_INPUT, "problems": []})
    return EXIT_BAD_INPUT


def report_internal_error(exc: BaseException, as_json: bool = False) -> int:
    """An unexpected failure: one line naming it, a request for a report, exit 70."""
    text = str(exc)
    if len(text) > 200:
        text = text[:200] + "..."
    message = f"internal error: {type(exc).__name__}: {text}" if text else f"internal error: {type(exc).__name__}"
    err_console().print(f"error: {message} ({REPORT_URL_HINT})", markup=False, highlight=False)
    if as_json:
        emit_json({"error": message, "exit_code": EXIT_INTERNAL, "problems": []})
    return EXIT_INTERNAL


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
            raise typer.Exit(report_os_error(exc, as_json)) from None
        except (typer.Exit, typer.Abort, click.exceptions.ClickException, KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # a bug: one line, exit 70, never a traceback
            raise typer.Exit(report_internal_error(exc, as_json)) from None
        if code:
            raise typer.Exit(int(code))
        return None

    return wrapper  # type: ignore[return-value]
