"""Shared output options and error handling for every command.

Commands call one library function and hand the result to a renderer here or in their
own module.  Expected failures are caught in :func:`guarded` and become one clear
message per problem on stderr and a documented exit code:

* 0 ok, 1 rule problems found by ``check``, 2 bad input, 3 contradictory log;
* a reader of stdout that stops early (``| head -1``) is no failure: exit 0, nothing more
  printed (:func:`closed_pipe`);
* 70 an unexpected failure (a bug): one line naming it and asking for a report.

Under ``--json`` every failure also prints one JSON error object on stdout.

Output policy (the one place that decides how text reaches people):

* on a terminal: colours, boxes and wrapping at the terminal's width at word boundaries
  (tables, messages and summaries alike: a word is never cut by the terminal's own
  wrapping), long text through a pager (:func:`page`);
* in a pipe or a file (anything that is not a TTY, typer's ``CliRunner`` included): plain
  lines - no colour, no box-drawing, no hard wrapping and no trailing padding, whatever
  ``COLUMNS``, ``TERM``, ``NO_COLOR`` or the locale say; ``--json`` for programs.

Names from files (players, cards, categories, variants, sections) are never read as Rich
markup: every console here has markup, emoji and highlighting switched off, so a player
called ``[/]`` or ``[bold]x`` prints literally.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable
from typing import IO, TYPE_CHECKING, Annotated, Any, TypeVar

import click
import typer

from rulesref.core.errors import CluesolverError

if TYPE_CHECKING:  # rich is imported only when text is printed: --json never loads it
    from rich.console import Console, RenderableType

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_BAD_INPUT = 2
EXIT_CONTRADICTION = 3
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug, never "check found problems"

REPORT_URL_HINT = "please report it with the command you ran and the file you gave"

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object for programs instead of tables.")]

F = TypeVar("F", bound=Callable[..., Any])


def keep_freed_memory() -> None:
    """Before a command that makes many big arrays (the advisor's scoring): freed memory is
    kept for the next array instead of going back to the system.

    glibc serves a block over 128 KiB with fresh pages of its own and hands them back when
    it is freed (raising that threshold only after a big block is freed), so every big
    array of the scoring paid its page faults again: 5-8 ms of ``clue next`` on a Master
    Detective 6-player log.  Fixed thresholds (32 MiB to map, 64 MiB free at the top before
    trimming) let the heap reuse them; the process keeps at most that much unused.  Without
    glibc it does nothing.
    """
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None)
        libc.mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
        libc.mallopt(-1, 64 << 20)  # M_TRIM_THRESHOLD
    except (OSError, AttributeError):  # not glibc (e.g. musl has no mallopt)
        return


#: Width of the console when output is not a terminal: wide enough that nothing wraps.
PIPE_WIDTH = 10_000


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is an interactive terminal (environment variables play no part)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):  # a closed or odd stream
        return False


class PlainWriter:
    """A text stream for pipes: strips the spaces that end a line, keeps everything else.

    Spaces at the end of a piece of text are held back until the line goes on (then they
    were inner spaces) or ends (then they were padding and are dropped).
    """

    encoding = "utf-8"

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self._held = ""

    def write(self, text: str) -> int:
        whole = self._held + text
        *lines, last = whole.split("\n")
        kept = last.rstrip(" ")
        self._held = last[len(kept) :]
        out = "".join(line.rstrip(" ") + "\n" for line in lines) + kept
        if out:
            try:
                self._stream.write(out)
            except UnicodeEncodeError:  # a pipe opened in a narrow locale: UTF-8 bytes anyway
                self._stream.flush()
                self._stream.buffer.write(out.encode("utf-8"))  # type: ignore[attr-defined]
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return False


class PipeConsole:
    """The console of a pipe, without rich until something needs it.

    Strings and the light renderables of :mod:`cluesolver.cli.sheet` are written as plain
    lines directly; anything else (a rich object, an option such as ``justify``) and every
    other attribute go to a :class:`~cluesolver.cli.plain_console.PlainConsole` made on
    first use, writing to the same stream.  Both print the same text.
    """

    is_terminal = False
    width = PIPE_WIDTH
    _LIGHT_OPTIONS = frozenset({"markup", "highlight", "emoji", "soft_wrap", "style", "end", "sep"})

    def __init__(self, stream: IO[str]) -> None:
        self.file = PlainWriter(stream)
        self.soft_wrap = True
        self._rich: Any = None

    def print(self, *objects: Any, **options: Any) -> None:
        from cluesolver.cli import sheet

        if set(options) <= self._LIGHT_OPTIONS and all(map(sheet.is_light, objects)):
            sep, end = options.get("sep", " "), options.get("end", "\n")
            self.file.write(sep.join(sheet.plain(o) for o in objects) + end)
        else:
            self.rich_console.print(*objects, **options)

    @property
    def rich_console(self) -> Console:
        if self._rich is None:
            from cluesolver.cli.plain_console import PlainConsole

            self._rich = PlainConsole(
                file=self.file,  # type: ignore[arg-type]
                width=PIPE_WIDTH,
                height=25,
                force_terminal=False,
                force_jupyter=False,
                force_interactive=False,
                color_system=None,
                no_color=True,
                legacy_windows=False,
                soft_wrap=True,
                _environ={},
                **_settings(),
            )
        return self._rich

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rich_console, name)


def _settings() -> dict[str, Any]:
    return {"markup": False, "emoji": False, "highlight": False}


def console(*, stderr: bool = False) -> Console:
    """The console for people (stdout, or stderr).  Created per call so tests capture it.

    A terminal gets rich output at its own width; anything else gets a :class:`PipeConsole`
    that writes plain, unwrapped, unpadded lines (and loads rich only for rich objects).
    """
    stream = sys.stderr if stderr else sys.stdout
    if is_terminal(stream):
        from rich.console import Console

        return Console(stderr=stderr, soft_wrap=False, **_settings())
    return PipeConsole(stream)  # type: ignore[return-value]  # a Console in all that is used of it


def err_console() -> Console:
    """The console for messages on stderr (same policy as :func:`console`: on a terminal a
    long message wraps at word boundaries, never mid-word; in a pipe it stays one line)."""
    out = console(stderr=True)
    if not is_terminal(sys.stderr):
        out.soft_wrap = True
    return out


def page(out: Console, renderables: Iterable[RenderableType], *, pager: bool = True) -> None:
    """Print ``renderables``; on a terminal, through a pager when they would not fit on screen.

    Never pages in a pipe, nor when ``pager`` is false (``--no-pager``).  The pager is
    ``$PAGER`` or ``less`` (with ``-R`` so colours survive); when none can run, the text is
    printed as it is.
    """
    items = list(renderables)
    if pager and out.is_terminal:
        options = out.options
        lines = sum(len(out.render_lines(r, options, pad=False)) for r in items)
        if lines > out.size.height - 1:
            text = _rendered(out, items)
            if _run_pager(text):
                return
    for item in items:
        out.print(item)


def _rendered(out: Console, items: list[RenderableType]) -> str:
    with out.capture() as captured:
        for item in items:
            out.print(item)
    return captured.get()


def _run_pager(text: str) -> bool:
    """Show ``text`` in the user's pager; false when no pager could run."""
    import shlex
    import shutil
    import subprocess

    command = os.environ.get("PAGER") or "less"
    try:
        argv = shlex.split(command)
    except ValueError:
        return False
    if not argv or shutil.which(argv[0]) is None:
        return False
    env = dict(os.environ)
    env.setdefault("LESS", "-R -F -X")
    try:
        subprocess.run(argv, input=text, text=True, env=env, check=False)
    except OSError:
        return False
    except KeyboardInterrupt:  # the reader left the pager
        return True
    return True


def emit_json(obj: Any) -> None:
    """Print ``obj`` as JSON on stdout, exactly, without rich markup or wrapping.

    Text from an argument that was not UTF-8 (lone surrogates) is written as JSON escapes.
    """
    import json  # only a --json run needs it (about 1.5 ms of start-up)

    text = json.dumps(obj, indent=2, ensure_ascii=False)
    sys.stdout.write(text.encode("utf-8", "backslashreplace").decode("utf-8") + "\n")
    sys.stdout.flush()


def report_error(exc: CluesolverError, as_json: bool = False) -> int:
    """Print an expected failure: one line per problem on stderr.  Returns the exit code."""
    from rulesref.core.i18n import _

    err = err_console()
    for problem in exc.problems():
        err.print(_("error: {problem}").format(problem=problem.format()), markup=False, highlight=False)
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
    from rulesref.core.i18n import _

    message = describe_os_error(exc)
    err_console().print(_("error: {problem}").format(problem=message), markup=False, highlight=False)
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


def closed_pipe() -> int:
    """The reader of stdout has gone (``cluesolver replay FILE | head -1``): say nothing more.

    The reader had all it wanted, so this is no failure: exit 0, nothing on stderr.  What
    the interpreter would still write at exit goes to ``os.devnull`` (stdout, and stderr
    when it is the same pipe), so no "Exception ignored ... BrokenPipeError" follows.
    """
    try:
        out = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test's capture): nothing to quiet
        return EXIT_OK
    try:
        err = sys.stderr.fileno()
        same = os.path.samestat(os.fstat(out), os.fstat(err))
    except (OSError, ValueError, AttributeError):
        same = False
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out)
        if same:
            os.dup2(devnull, err)
        os.close(devnull)
    except OSError:
        pass
    return EXIT_OK


def guarded(func: F) -> F:
    """Decorate a command so expected failures exit with their code, never a traceback.

    The command may return an ``int`` exit code (or ``None`` for 0).
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json", False))
        if as_json:  # --json is a contract: its texts and error objects are always English
            from rulesref.core.i18n import speaking

            with speaking("en"):
                return _run(func, as_json, args, kwargs)
        return _run(func, as_json, args, kwargs)

    return wrapper  # type: ignore[return-value]


def _run(func: Callable[..., Any], as_json: bool, args: Any, kwargs: Any) -> None:
    """Run a command for :func:`guarded`: its exit code, or its failure reported."""
    try:
        code = func(*args, **kwargs)
    except CluesolverError as exc:
        raise typer.Exit(report_error(exc, as_json)) from None
    except BrokenPipeError:
        raise typer.Exit(closed_pipe()) from None
    except OSError as exc:
        raise typer.Exit(report_os_error(exc, as_json)) from None
    except (typer.Exit, typer.Abort, click.exceptions.ClickException, KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:  # a bug: one line, exit 70, never a traceback
        raise typer.Exit(report_internal_error(exc, as_json)) from None
    if code:
        raise typer.Exit(int(code))
