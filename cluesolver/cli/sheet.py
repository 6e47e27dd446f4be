"""Light renderables: text, tables and groups that print without loading rich in a pipe.

The Clue renderers (:mod:`cluesolver.cli.clue_render`, :mod:`cluesolver.cli.clue_live_render`)
build these instead of rich objects.  On a terminal rich prints them (each has
``__rich__``, which builds the rich object it stands for); in a pipe :func:`plain` writes
them as the pipe console (:mod:`cluesolver.cli.plain_console`) would write the rich ones:
no colour, no boxes, no wrapping, no padding, columns aligned with spaces.  Start-up is
the reason: rich costs a table command about 0.05 s of imports and rendering.

>>> t = Table(title="Odds")
>>> t.add_column("Card")
>>> t.add_column("Envelope", justify="right")
>>> t.add_row("Rope", "47%")
>>> t.add_row(Text("Knife", style="bold"), "53%")
>>> print(plain(t))
Odds
Card   Envelope
Rope        47%
Knife       53%
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

#: Control characters rich drops from text (bell, backspace, vertical tab, form feed, CR).
_STRIP = dict.fromkeys((7, 8, 11, 12, 13))


class Text:
    """Text with styled pieces: ``style`` styles the whole, ``append`` adds a piece (or a Text)."""

    def __init__(self, text: str = "", style: str = "") -> None:
        self.style = style
        self.parts: list[tuple[str, str] | Text] = [(text, "")] if text else []

    def append(self, text: str | Text, style: str = "") -> Text:
        self.parts.append(text if isinstance(text, Text) else (text, style))
        return self

    @property
    def plain(self) -> str:
        return "".join(part.plain if isinstance(part, Text) else part[0] for part in self.parts)

    def __str__(self) -> str:
        return self.plain

    def __len__(self) -> int:
        return len(self.plain)

    def __repr__(self) -> str:
        return f"Text({self.plain!r})"

    def __rich__(self) -> Any:
        from rich.text import Text as RichText

        out = RichText(style=self.style)
        for part in self.parts:
            if isinstance(part, Text):
                out.append(part.__rich__())
            else:
                out.append(part[0], style=part[1] or None)
        return out


Cell = str | Text
Justify = Literal["left", "center", "right"]


@dataclass
class Column:
    """A table column; ``options`` are passed to rich as they are (terminal only)."""

    header: Cell = ""
    justify: Justify = "left"
    min_width: int | None = None
    max_width: int | None = None
    options: dict[str, Any] = field(default_factory=dict)


class Table:
    """A table of rows; ``options`` (``box``, ``padding``, ``show_lines``...) reach rich on a terminal.

    ``box`` is given by name (``"SIMPLE_HEAD"``) so that building a table needs no rich.
    """

    def __init__(self, title: Cell | None = None, caption: Cell | None = None, **options: Any) -> None:
        self.title = title
        self.caption = caption
        self.options = options
        self.columns: list[Column] = []
        self.rows: list[tuple[Cell, ...]] = []

    def add_column(
        self,
        header: Cell = "",
        *,
        justify: Justify = "left",
        min_width: int | None = None,
        max_width: int | None = None,
        **options: Any,
    ) -> None:
        self.columns.append(Column(header, justify, min_width, max_width, options))

    def add_row(self, *cells: Cell) -> None:
        self.rows.append(cells + ("",) * (len(self.columns) - len(cells)))

    def __rich__(self) -> Any:
        from rich import box as boxes
        from rich.table import Table as RichTable

        options = dict(self.options)
        if isinstance(options.get("box"), str):
            options["box"] = getattr(boxes, options["box"])
        table = RichTable(title=_rich(self.title), caption=_rich(self.caption), **options)
        for c in self.columns:
            table.add_column(
                _rich(c.header), min_width=c.min_width, max_width=c.max_width, **c.options, justify=c.justify
            )
        for row in self.rows:
            table.add_row(*(_rich(cell) for cell in row))
        return table


class Group:
    """Several renderables printed one under the other."""

    def __init__(self, *items: Renderable) -> None:
        self.items = items

    def __rich__(self) -> Any:
        from rich.console import Group as RichGroup

        return RichGroup(*(_rich(item) for item in self.items))


Renderable = str | Text | Table | Group


def _rich(item: Any) -> Any:
    return item.__rich__() if isinstance(item, Text | Table | Group) else item


def is_light(item: object) -> bool:
    """Whether :func:`plain` can print ``item`` (a str or a renderable of this module)."""
    return isinstance(item, str | Text | Table | Group)


def clean(text: str) -> str:
    """``text`` as rich prints it: control characters dropped, tabs expanded to 8 columns."""
    text = text.translate(_STRIP)
    return "\n".join(line.expandtabs(8) for line in text.split("\n")) if "\t" in text else text


def width(text: str) -> int:
    """Terminal cells taken by ``text`` (wide characters count two)."""
    if text.isascii():
        return len(text)
    from rich.cells import cell_len

    return cell_len(text)


def plain(item: Renderable) -> str:
    """``item`` as plain lines (no final newline), each without trailing spaces."""
    if isinstance(item, Table):
        lines = _table_lines(item)
    elif isinstance(item, Group):
        return "\n".join(plain(i) for i in item.items)
    else:
        lines = clean(str(item)).split("\n")
    return "\n".join(line.rstrip(" ") for line in lines)


def _table_lines(table: Table) -> list[str]:
    columns = table.columns
    if not columns:  # rich prints nothing for a table without columns
        return [""]
    header = [tuple(c.header for c in columns)] if table.options.get("show_header", True) else []
    rows = [*header, *table.rows]
    cells = [[_cell_lines(cell, col) for cell, col in zip(row, columns, strict=True)] for row in rows]
    sizes = [max([c.min_width or 0] + [width(line) for row in cells for line in row[i]]) for i, c in enumerate(columns)]
    out = [clean(str(table.title))] if table.title else []
    for row in cells:
        for k in range(max(len(lines) for lines in row) if row else 1):
            parts = []
            for lines, size, col in zip(row, sizes, columns, strict=True):
                text = lines[k] if k < len(lines) else ""
                pad = size - width(text)
                left = pad if col.justify == "right" else pad // 2 if col.justify == "center" else 0
                parts.append(" " * left + text + " " * (pad - left))
            out.append("  ".join(parts))
    if table.caption:
        out.append(clean(str(table.caption)))
    return out


def _cell_lines(cell: Cell, column: Column) -> list[str]:
    lines = clean(str(cell)).split("\n")
    if column.max_width is not None:
        lines = [line if width(line) <= column.max_width else _cut(line, column.max_width) for line in lines]
    return lines


def _cut(text: str, size: int) -> str:
    while width(text) > size - 1:
        text = text[:-1]
    return text + "…"
