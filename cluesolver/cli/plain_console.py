"""The console of a pipe: how rich output looks when it is not going to a terminal.

Part of the output policy of :mod:`cluesolver.cli.common`, kept apart so that rich is
imported only when text is printed (``--json`` and the root ``--help`` never load it).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.protocol import rich_cast
from rich.rule import Rule
from rich.table import Table
from rich.text import Text


class PlainConsole(Console):
    """The console of a pipe: no colour, no boxes, no wrapping, no padding.

    Tables lose their box lines (columns stay aligned with spaces); rules become a short
    plain line; everything else is printed as it is, on lines that never wrap.
    """

    def print(self, *objects: Any, **kwargs: Any) -> None:
        kwargs.setdefault("soft_wrap", True)
        super().print(*(plain(o) for o in objects), **kwargs)

    def on_broken_pipe(self) -> None:
        """The pipe's reader has gone: the command's error handling says nothing and exits 0
        (:func:`cluesolver.cli.common.closed_pipe`), instead of rich's exit 1."""
        self.quiet = True
        raise BrokenPipeError


def plain(renderable: Any) -> Any:
    """``renderable`` as it should look in a pipe (tables without boxes, short rules)."""
    renderable = rich_cast(renderable)  # a light renderable of cluesolver.cli.sheet becomes rich here
    if isinstance(renderable, Table):
        renderable.box = None
        renderable.show_edge = False
        renderable.pad_edge = False
        renderable.title_justify = "left"
        renderable.caption_justify = "left"
        for column in renderable.columns:  # cells stay whole: the line may be as long as it needs
            column.no_wrap = True
        return renderable
    if isinstance(renderable, Rule):
        mark = (renderable.characters or "-")[:1] * 2
        title = renderable.title.plain if isinstance(renderable.title, Text) else str(renderable.title)
        return Text(f"{mark} {title} {mark}" if title else mark * 5)
    if isinstance(renderable, Group):
        return Group(*(plain(r) for r in renderable.renderables), fit=renderable.fit)
    return renderable
