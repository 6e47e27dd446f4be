"""Safe files: reads that follow no link (at the moment of reading), confined reads, private writes."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from rulesref.core.errors import InputError
from rulesref.core.files import atomic_write, confined, read_text


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """``served/`` (a game file, a sub-folder) and a secret outside it."""
    served = tmp_path / "served"
    (served / "sub").mkdir(parents=True)
    (served / "game.toml").write_text("inside\n")
    (served / "sub" / "deep.toml").write_text("deep\n")
    (tmp_path / "secret.txt").write_text("secret\n")
    return served


def test_follow_links_false_refuses_a_link(tree: Path) -> None:
    link = tree / "link.toml"
    link.symlink_to(tree.parent / "secret.txt")
    assert read_text(link) == "secret\n"  # the CLI reads a link the user gave
    with pytest.raises(InputError, match="is a link"):
        read_text(link, follow_links=False)


def test_confined_reads_refuse_any_link_below_the_folder(tree: Path) -> None:
    (tree / "link.toml").symlink_to(tree.parent / "secret.txt")
    (tree / "linked-dir").symlink_to(tree.parent)
    with confined(tree):
        assert read_text(tree / "game.toml") == "inside\n"
        assert read_text(tree / "sub" / "deep.toml") == "deep\n"
        assert read_text(tree / "sub" / ".." / "game.toml") == "inside\n"
        with pytest.raises(InputError, match="is a link"):
            read_text(tree / "link.toml")
        with pytest.raises(InputError):
            read_text(tree / "linked-dir" / "secret.txt")
        with pytest.raises(InputError, match="no such file"):
            read_text(tree / "missing.toml")
        assert read_text(tree.parent / "secret.txt") == "secret\n"  # outside the folder: as usual
    assert read_text(tree / "link.toml") == "secret\n"  # and after the block


def test_confinement_reaches_worker_threads_that_copy_the_context(tree: Path) -> None:
    import contextvars

    (tree / "link.toml").symlink_to(tree.parent / "secret.txt")
    seen: list[str] = []

    def read() -> None:
        try:
            seen.append(read_text(tree / "link.toml"))
        except InputError as exc:
            seen.append(exc.problems()[0].message)

    with confined(tree):
        context = contextvars.copy_context()
    worker = threading.Thread(target=context.run, args=(read,))
    worker.start()
    worker.join()
    assert seen and "is a link" in seen[0]


def test_a_link_swapped_in_after_a_check_is_not_followed(tree: Path) -> None:
    """Whatever was checked before, the open itself refuses the link."""
    target = tree / "game.toml"
    assert not target.is_symlink()  # the check ...
    os.replace(target, tree / "was-game.toml")
    target.symlink_to(tree.parent / "secret.txt")  # ... and the swap
    with confined(tree), pytest.raises(InputError, match="is a link"):
        read_text(target)


def test_private_writes_are_0600_in_0700_folders_and_tighten_an_old_file(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "game.clue"
    atomic_write(path, "x\n", private=True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.parent.parent.stat().st_mode) == 0o700
    old = tmp_path / "old.clue"
    old.write_text("x\n")
    old.chmod(0o644)
    atomic_write(old, "y\n", private=True)
    assert stat.S_IMODE(old.stat().st_mode) == 0o600 and old.read_text() == "y\n"
    shared = tmp_path / "shared.txt"
    shared.write_text("x\n")
    shared.chmod(0o644)
    atomic_write(shared, "y\n")
    assert stat.S_IMODE(shared.stat().st_mode) == 0o644  # not private: the file keeps its mode
