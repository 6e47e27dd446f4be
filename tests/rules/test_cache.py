"""The on-disk cache behind fast `rules search`: reuse, rebuild on change, survive damage.

The cache folder belongs to the user, so a file planted there (a pickle, a link to a
device, a huge or deeply nested file, JSON of the wrong shape) must be ignored and
rebuilt: never run, never followed into a hang, never trusted.
"""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

from rulesref.book import _decode_books, _decoder, _encode_books, books, translations
from rulesref.cache import FORMAT, CacheSettings, cached, key_of
from rulesref.search import IndexData, RuleIndex


def _number(data: object) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise ValueError("not a number")
    return data


def _same(value: int) -> object:
    return value


@pytest.fixture()
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CLUESOLVER_NO_CACHE", raising=False)
    path = tmp_path / "book.toml"
    path.write_text("one", encoding="utf-8")
    return path


def _file(name: str = "demo") -> Path:
    return Path(os.environ["CLUESOLVER_CACHE_DIR"]) / f"{name}.json"


def _get(source: Path, value: int) -> int:
    return cached("demo", [source], lambda: value, encode=_same, decode=_number)


def test_value_is_reused_until_a_source_changes(source: Path) -> None:
    calls: list[int] = []

    def build() -> dict[str, int]:
        calls.append(1)
        return {"n": len(calls)}

    def decode(data: object) -> dict[str, int]:
        assert isinstance(data, dict)
        return {"n": _number(data["n"])}

    def get() -> dict[str, int]:
        return cached("demo", [source], build, encode=dict, decode=decode)

    assert get() == {"n": 1}
    assert get() == {"n": 1}
    assert len(calls) == 1
    source.write_text("two!", encoding="utf-8")
    st = source.stat()
    os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert get() == {"n": 2}


def test_cache_file_is_json_with_its_key(source: Path) -> None:
    _get(source, 5)
    stored = json.loads(_file().read_text(encoding="utf-8"))
    assert stored == {"format": FORMAT, "name": "demo", "key": key_of([source]), "value": 5}


def test_damaged_cache_file_is_rebuilt(source: Path) -> None:
    _get(source, 1)
    _file().write_bytes(b"not json \xff")
    assert _get(source, 2) == 2
    assert _get(source, 3) == 2


class _Planted:
    """A pickle that would create a file if anything unpickled it."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, ...]:
        return (Path.touch, (self.marker,))


def test_planted_pickle_is_never_loaded(source: Path, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    folder = _file().parent
    folder.mkdir(parents=True)
    payload = pickle.dumps((key_of([source]), _Planted(marker)))
    for name in ("demo.json", "demo.pickle", "rulebooks.pickle", "rules-index.pickle"):
        (folder / name).write_bytes(payload)
    assert _get(source, 4) == 4
    assert not marker.exists()
    assert json.loads(_file().read_text(encoding="utf-8"))["value"] == 4


@pytest.mark.parametrize(
    "document",
    [
        {"format": FORMAT, "name": "demo", "key": "someone else's key", "value": 9},
        {"format": FORMAT + 1, "name": "demo", "value": 9},
        {"format": FORMAT, "name": "other", "value": 9},
        {"format": FORMAT, "name": "demo", "value": "nine"},  # right key, wrong type: refused by decode
        [1, 2, 3],
        "[" * 100_000 + "]" * 100_000,  # nesting deeper than the JSON reader goes
    ],
)
def test_foreign_or_mistyped_cache_is_rebuilt(source: Path, document: object) -> None:
    if isinstance(document, dict) and "key" not in document:
        document = {**document, "key": key_of([source])}
    if isinstance(document, dict) and document.get("value") == "nine":
        document["key"] = key_of([source])
    _file().parent.mkdir(parents=True)
    _file().write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    assert _get(source, 6) == 6


def test_device_or_huge_cache_file_is_not_read(source: Path) -> None:
    _file().parent.mkdir(parents=True)
    _file().symlink_to("/dev/zero")
    assert _get(source, 7) == 7
    assert not _file().is_symlink()  # replaced by a real cache file; /dev/zero untouched
    settings = CacheSettings(_file().parent, max_bytes=10)
    assert cached("demo", [source], lambda: 8, encode=_same, decode=_number, settings=settings) == 8


def test_write_replaces_a_planted_link_not_its_target(source: Path, tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me", encoding="utf-8")
    _file().parent.mkdir(parents=True)
    _file().symlink_to(target)
    assert _get(source, 3) == 3
    assert target.read_text(encoding="utf-8") == "keep me"


def test_cache_can_be_turned_off(source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLUESOLVER_NO_CACHE", "1")
    assert _get(source, 1) == 1
    assert _get(source, 2) == 2
    assert not _file().exists()
    assert CacheSettings.from_env({"CLUESOLVER_NO_CACHE": "1"}).folder is None
    assert CacheSettings.from_env({"CLUESOLVER_CACHE_DIR": "/x"}).folder == Path("/x")


def test_unwritable_cache_folder_still_answers(source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = source.parent / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("CLUESOLVER_CACHE_DIR", str(blocker / "cache"))
    assert _get(source, 7) == 7


def test_rule_books_round_trip_through_the_cache_form() -> None:
    shipped = books()
    stored = json.loads(json.dumps(_encode_books(shipped)))
    assert _decode_books(stored) == shipped
    bad = json.loads(json.dumps(stored))
    bad[0]["section"][0]["title"] = 7
    with pytest.raises(Exception, match="title"):
        _decode_books(bad)


def test_translated_books_round_trip_through_the_cache_form() -> None:
    estonian = translations("et")
    stored = json.loads(json.dumps(_encode_books(estonian)))
    again = _decoder("et")(stored)
    assert again == estonian and again["clue"].lang == again["clue"].sections[0].lang == "et"


def test_index_data_round_trips_and_refuses_wrong_types() -> None:
    data = IndexData.of(books(), estonian=translations("et"))
    again = IndexData.from_json(json.loads(json.dumps(data.to_json())))
    assert again == data
    assert any(title for title, _ in again.et_rows)
    wrongs = (
        ("rows", [[1, 2, 3, 4, 5]]),
        ("rows", [["a"]]),
        ("tokens", [["a b", "c"]]),
        ("words_en", {"clue": "abc"}),
        ("game_names", {"clue": 1}),
        ("lexicon", {"english": {"stopwords": 7}}),
    )
    for key, wrong in wrongs:
        with pytest.raises(ValueError):
            IndexData.from_json({**data.to_json(), key: wrong})
    with pytest.raises(KeyError):
        IndexData.from_json({})
    with pytest.raises(ValueError, match="do not match the books"):
        RuleIndex({}, data=data)
