"""The on-disk cache behind fast `rules search`: reuse, rebuild on change, survive damage."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesref.cache import cached


@pytest.fixture()
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CLUESOLVER_NO_CACHE", raising=False)
    path = tmp_path / "book.toml"
    path.write_text("one", encoding="utf-8")
    return path


def test_value_is_reused_until_a_source_changes(source: Path) -> None:
    calls: list[int] = []

    def build() -> dict[str, int]:
        calls.append(1)
        return {"n": len(calls)}

    assert cached("demo", [source], build) == {"n": 1}
    assert cached("demo", [source], build) == {"n": 1}
    assert len(calls) == 1
    source.write_text("two!", encoding="utf-8")
    st = source.stat()
    os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert cached("demo", [source], build) == {"n": 2}


def test_damaged_cache_file_is_rebuilt(source: Path) -> None:
    cached("demo", [source], lambda: 1)
    (Path(os.environ["CLUESOLVER_CACHE_DIR"]) / "demo.pickle").write_bytes(b"not a pickle")
    assert cached("demo", [source], lambda: 2) == 2
    assert cached("demo", [source], lambda: 3) == 2


def test_cache_can_be_turned_off(source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLUESOLVER_NO_CACHE", "1")
    assert cached("demo", [source], lambda: 1) == 1
    assert cached("demo", [source], lambda: 2) == 2
    assert not (Path(os.environ["CLUESOLVER_CACHE_DIR"]) / "demo.pickle").exists()


def test_unwritable_cache_folder_still_answers(source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = source.parent / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("CLUESOLVER_CACHE_DIR", str(blocker / "cache"))
    assert cached("demo", [source], lambda: 7) == 7
