"""The undo journal of a session: how to take back an edit, a deletion or an insert.

``clue undo`` drops the last event line, which takes back a ``clue add``.  An edit, a
deletion or an insert of a past line (:mod:`cluesolver.clue.session.edit`) is not at the
end, so each one leaves an entry in a journal beside the session, ``.NAME.clue.undo``
(``0600``, written atomically, never through a link, at most :data:`MAX_ENTRIES` entries).
An entry holds the change as a splice of the file's lines (the lines taken out and put in,
each with its own line ending, so taking it back gives the file byte for byte) and the
SHA-256 of the whole text before and after.

``undo`` takes back the newest entry when the file is exactly the text that change left
(its "after" digest); otherwise (lines were added since, or the file was edited by hand)
it drops the last event line as always.  So undo works as a stack: edit, add, undo (drops
the added line), undo (takes back the edit).  A journal that cannot be read (not ours,
damaged, a link) counts as empty.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from rulesref.core.errors import InputError
from rulesref.core.files import atomic_write, read_bytes
from rulesref.core.i18n import _

#: Entries kept (the oldest are dropped first).
MAX_ENTRIES = 50
#: The largest journal read (bytes); an entry holds at most a few lines of at most 1000 characters.
MAX_BYTES = 1024 * 1024
FORMAT = 1
KINDS = ("edit", "delete", "insert")

_SEGMENT = r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z"


def segments(text: str) -> list[str]:
    """The file's lines, each with its own ending (``\\n``, ``\\r\\n`` or ``\\r``; the last may have
    none), numbered as every message numbers them: segment ``i`` is file line ``i + 1``."""
    return re.findall(_SEGMENT, text)


def digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Splice:
    """Lines ``removed`` at segment index ``at`` replaced by ``added`` (segments with endings)."""

    at: int
    removed: tuple[str, ...]
    added: tuple[str, ...]

    def apply(self, text: str) -> str:
        segs = segments(text)
        if tuple(segs[self.at : self.at + len(self.removed)]) != self.removed:
            raise ValueError("the file does not hold the lines this change replaces")
        segs[self.at : self.at + len(self.removed)] = self.added
        return "".join(segs)

    def reverse(self) -> Splice:
        return Splice(self.at, self.added, self.removed)


@dataclass(frozen=True)
class Entry:
    """One change of a past line: what it was (``kind``, the file ``line``, the line's text
    before and after) and how to take it back."""

    kind: str  # "edit", "delete" or "insert"
    line: int  # the file line changed (insert: where the new statement is)
    old: str | None  # the line before (None for an insert)
    new: str | None  # the line after (None for a deletion)
    splice: Splice
    before: str  # SHA-256 of the whole text before the change
    after: str  # ... and after it

    def describe(self) -> str:
        """What taking this change back does, as the CLI and the page say it."""
        if self.kind == "edit":
            return _("Undid the edit of line {line}; it is again: {old}").format(line=self.line, old=self.old)
        if self.kind == "delete":
            return _("Undid the deletion of line {line}; it is back: {old}").format(line=self.line, old=self.old)
        return _("Undid the insert at line {line}; removed: {new}").format(line=self.line, new=self.new)

    def to_json(self) -> dict[str, object]:
        return {"change": self.kind, "line": self.line, "old": self.old, "new": self.new}

    def stored(self) -> dict[str, object]:
        return {
            **self.to_json(),
            "at": self.splice.at,
            "removed": list(self.splice.removed),
            "added": list(self.splice.added),
            "before": self.before,
            "after": self.after,
        }


def journal_path(path: Path) -> Path:
    """Where the journal of the session at ``path`` lives (beside it, hidden)."""
    return path.parent / f".{path.name}.undo"


def _texts(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("not a list of lines")
    return tuple(value)


def _entry(raw: object) -> Entry:
    if not isinstance(raw, dict):
        raise ValueError("not an entry")
    kind, line, old, new, at = raw["change"], raw["line"], raw["old"], raw["new"], raw["at"]
    before, after = raw["before"], raw["after"]
    if kind not in KINDS or not isinstance(line, int) or not isinstance(at, int) or at < 0:
        raise ValueError("not an entry")
    if not (old is None or isinstance(old, str)) or not (new is None or isinstance(new, str)):
        raise ValueError("not an entry")
    if not isinstance(before, str) or not isinstance(after, str):
        raise ValueError("not an entry")
    return Entry(kind, line, old, new, Splice(at, _texts(raw["removed"]), _texts(raw["added"])), before, after)


def read_journal(path: Path) -> list[Entry]:
    """The entries of the session's journal, oldest first; ``[]`` when there is none or it
    cannot be read (never through a link)."""
    where = journal_path(path)
    if not os.path.lexists(where):
        return []
    try:
        data = json.loads(read_bytes(where, limit=MAX_BYTES, what="undo journal", follow_links=False))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return []
        entries = data.get("entries")
        if not isinstance(entries, list):
            return []
        return [_entry(e) for e in entries]
    except (InputError, ValueError, KeyError, TypeError, RecursionError):
        return []


def write_journal(path: Path, entries: list[Entry]) -> None:
    """Replace the journal by ``entries`` (the newest :data:`MAX_ENTRIES`); none: remove it."""
    where = journal_path(path)
    kept = entries[-MAX_ENTRIES:]
    if not kept:
        if os.path.lexists(where):
            os.unlink(where)
        return
    document = {"format": FORMAT, "session": path.name, "entries": [e.stored() for e in kept]}
    atomic_write(where, json.dumps(document, ensure_ascii=False, indent=1) + "\n", private=True)


def push(path: Path, entry: Entry) -> None:
    """Add ``entry`` as the newest change (call it under the session's lock, before writing)."""
    write_journal(path, [*read_journal(path), entry])


def undoable(path: Path, text: str) -> tuple[list[Entry], Entry, str] | None:
    """The newest entry when the session's ``text`` is what it left, with the other entries
    and the text it takes the file back to; None when undo should drop the last line."""
    entries = read_journal(path)
    if not entries or entries[-1].after != digest(text):
        return None
    last = entries[-1]
    try:
        restored = last.splice.reverse().apply(text)
    except ValueError:
        return None
    if digest(restored) != last.before:
        return None
    return entries[:-1], last, restored
