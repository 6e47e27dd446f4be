"""A table game's records (cluesolver.clue.session.table): one public record and one
ordinary ``.clue`` record per seat, each seat's cards in its own record only, every change
all at once or not at all, and a folder that resumes."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.session import table_files as F
from cluesolver.clue.session.table import NotYourCard, Table, create_table, open_table
from rulesref.core.errors import ContradictionError, InputError, SessionError
from tests.clue.session.table_play import HANDS, PLAYERS, DealtGame


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.name.endswith(".lock")}


@pytest.fixture()
def table(tmp_path: Path) -> Table:
    return create_table(tmp_path / "t", game="classic", players="Ann,Ben,Cat,Dan")


def same_record(text: str, expected: str) -> bool:
    """Whether a record says what ``expected`` says: the same header and statements."""
    got, want = parse_log(text), parse_log(expected)
    return got.header == want.header and got.events == want.events


def enter_hands(table: Table, game: DealtGame) -> None:
    for seat in game.players:
        table.enter_hand(seat, game.hand(seat))


def test_a_new_table_is_a_private_folder_of_ordinary_records(table: Table) -> None:
    folder = table.folder
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert sorted(files(folder)) == [".table-secret", "Ann.clue", "Ben.clue", "Cat.clue", "Dan.clue", "table.clue"]
    for name in files(folder):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name
    lengths = {len((folder / n).read_text().splitlines()) for n in files(folder) if n.endswith(".clue")}
    assert lengths == {F.HEADER_LINES}
    ann = parse_log((folder / "Ann.clue").read_text())
    assert ann.header.me is None and ann.players == PLAYERS  # no hand yet: a spectator's log
    assert len(table.secret()) == 32


def test_a_new_table_needs_an_empty_folder_and_file_names_for_seats(tmp_path: Path) -> None:
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("x")
    with pytest.raises(InputError, match="new or empty folder"):
        create_table(tmp_path / "busy", game="classic", players="Ann,Ben,Cat")
    with pytest.raises(InputError, match="file name"):
        create_table(tmp_path / "a", game="classic", players="Ann,B/en,Cat")
    with pytest.raises(InputError, match="public record"):
        create_table(tmp_path / "b", game="classic", players="Ann,Table,Cat")
    with pytest.raises(InputError, match="unknown"):
        create_table(tmp_path / "c", game="clasic", players="Ann,Ben,Cat")
    assert not (tmp_path / "a").exists() and not (tmp_path / "c").exists()


def test_a_statement_goes_into_every_record_at_the_same_line(table: Table) -> None:
    posted = table.post("Ann suggests plum, rope, libr; Ben passes; Cat shows", by="Ben")
    assert posted.line == F.HEADER_LINES + 1
    assert posted.text == "Ann suggests Professor Plum, Rope, Library; Ben passes; Cat shows"
    for seat in (None, *PLAYERS):
        lines = table.path(seat).read_text().splitlines()
        assert lines[posted.line - 1] == posted.text


def test_a_named_card_a_bad_line_or_two_lines_are_refused_and_nothing_changes(table: Table) -> None:
    before = files(table.folder)
    for text, message in [
        ("Ann suggests Plum, Rope, Library; Ben passes; Cat shows Rope", "POST /api/seen"),
        ("Ann suggests Plum, Rope, Library; Cat shows me Rope", "POST /api/seen"),
        ("Cat shows Ann Rope", "POST /api/seen"),
        ("Ann suggests Plum, Rope, Libary; Ben passes", "statement 1, column 26: unknown card: 'Libary'"),
        ("Ann suggests Plum, Rope, Library\nBen has Knife", "one statement"),
        ("   ", "nothing to add"),
        ("# just a comment", "comment"),
        ("x" * 2001, "at most 2000"),
    ]:
        with pytest.raises(InputError) as err:
            table.post(text, by="Ann")
        assert message in str(err.value), text
    assert files(table.folder) == before


def test_a_hand_goes_into_its_own_record_once(table: Table) -> None:
    game = DealtGame(1)
    others = {p: table.path(p).read_bytes() for p in ("Ben", "Cat", "Dan", None)}
    hand = table.enter_hand("Ann", [c.lower() for c in game.hand("Ann")])
    assert hand.changed and list(hand.cards) == game.hand("Ann")
    assert {p: table.path(p).read_bytes() for p in others} == others
    log = parse_log(table.path("Ann").read_text())
    assert log.header.me == "Ann" and list(log.header.my_cards) == game.hand("Ann")
    assert len(table.path("Ann").read_text().splitlines()) == F.HEADER_LINES
    assert not table.enter_hand("Ann", list(reversed(game.hand("Ann")))).changed
    before = files(table.folder)
    with pytest.raises(ContradictionError, match="entered already"):
        table.enter_hand("Ann", game.hand("Ben"))
    with pytest.raises(InputError, match="holds 4 cards"):
        table.enter_hand("Cat", game.hand("Ann"))
    with pytest.raises(InputError, match="unknown card"):
        table.enter_hand("Ben", ["Rope", "Knfe", "Hall", "Study", "Plum"])
    with pytest.raises(InputError, match="twice"):
        table.enter_hand("Ben", ["Rope", "Rope", "Hall", "Study", "Plum"])
    assert files(table.folder) == before


def test_a_hand_that_contradicts_the_public_record_is_refused(table: Table) -> None:
    table.post("Ann suggests Plum, Rope, Library; nobody shows")
    before = files(table.folder)
    with pytest.raises(ContradictionError, match="Ben's own record") as err:
        table.enter_hand("Ben", ["Rope", "Knife", "Hall", "Study", "Lounge"])
    assert "line 8" in str(err.value)
    assert files(table.folder) == before


def test_the_card_shown_is_told_by_the_suggester_or_the_shower_into_their_records_only(table: Table) -> None:
    game = DealtGame(3)
    enter_hands(table, game)
    turn = game.play(F.HEADER_LINES + 1)
    while turn.shower is None or turn.shower == turn.suggester:
        game.turns.clear()
        turn = game.play(F.HEADER_LINES + 1)
    posted = table.post(turn.statement)
    assert turn.card is not None and turn.shower is not None
    outsiders = [p for p in PLAYERS if p not in (turn.suggester, turn.shower)]
    before = files(table.folder)
    with pytest.raises(NotYourCard, match="only"):
        table.tell(outsiders[0], posted.line, turn.card)
    assert files(table.folder) == before
    told = table.tell(turn.shower, posted.line, turn.card)
    assert told.changed
    for seat in PLAYERS:
        assert same_record(table.path(seat).read_text(), game.record(seat)), seat
    assert table.path(None).read_bytes() == before["table.clue"]
    again = files(table.folder)
    assert not table.tell(turn.suggester, posted.line, turn.card).changed  # both may tell it
    assert not table.tell(turn.shower, posted.line, turn.card.upper()).changed
    other = next(c for c in turn.event.cards if c != turn.card)
    with pytest.raises((ContradictionError, InputError)):
        table.tell(turn.suggester, posted.line, other)
    assert files(table.folder) == again


def test_a_card_a_seat_cannot_know_is_refused_and_nothing_changes(table: Table) -> None:
    table.enter_hand("Ann", HANDS["Ann"])
    table.enter_hand("Cat", HANDS["Cat"])
    table.post("Ann suggests Plum, Rope, Library; Ben passes; Cat shows")
    table.post("Ben suggests Green, Knife, Hall; Cat shows")
    before = files(table.folder)
    cases = [
        ("Cat", 8, "Plum", "does not hold"),  # not the shower's own card
        ("Ann", 8, "Knife", "one of"),  # not among the three
        ("Ann", 8, "Knfe", "unknown card"),
        ("Ann", 6, "Rope", "not a statement"),  # a header line
        ("Ann", 99, "Rope", "not a statement"),
        ("Ben", 9, "Green", "enter your hand"),  # no hand yet
    ]
    for seat, line, card, message in cases:
        with pytest.raises(InputError, match=message):
            table.tell(seat, line, card)
    assert files(table.folder) == before
    table.enter_hand("Ben", HANDS["Ben"])
    before = files(table.folder)
    with pytest.raises(ContradictionError, match="not agree with Cat's own record"):
        table.tell("Ann", 8, "Library")  # Cat does not hold the Library
    with pytest.raises(ContradictionError, match="not agree with Cat's own record"):
        table.tell("Ben", 9, "Green")  # Cat does not hold Mr. Green
    table.post("Ann suggests Green, Rope, Hall; Ben passes; Cat shows")
    before = files(table.folder)
    with pytest.raises(InputError, match="in Ann's own hand"):
        table.tell("Ann", 10, "Green")
    assert files(table.folder) == before


def test_a_card_contradicting_the_tellers_own_record_quotes_its_lines(table: Table) -> None:
    table.enter_hand("Ann", HANDS["Ann"])
    table.enter_hand("Cat", HANDS["Cat"])
    table.post("Ann suggests Plum, Rope, Library; Ben passes; Cat shows")
    table.post("Dan has Plum")
    before = files(table.folder)
    with pytest.raises(ContradictionError, match=r"Ann's own record \(line 8: .*line 9: Dan has Professor Plum"):
        table.tell("Ann", 8, "Plum")
    assert files(table.folder) == before


def test_a_card_told_before_the_other_seat_has_its_hand_waits_in_its_record(table: Table) -> None:
    table.enter_hand("Cat", ["Rope", "Kitchen", "Hall", "Study"])
    table.post("Ann suggests Plum, Rope, Library; Ben passes; Cat shows")
    table.tell("Cat", 8, "Rope")
    ann = table.path("Ann").read_text()
    assert "# shown: Rope" in ann and parse_log(ann).header.me is None
    assert table.asks("Ann")[0].told == "Rope"
    table.enter_hand("Ann", ["Scarlet", "Mustard", "Green", "Ballroom", "Lounge"])
    lines = table.path("Ann").read_text().splitlines()
    assert lines[7] == "Ann suggests Professor Plum, Rope, Library; Ben passes; Cat shows Rope"


def test_a_statement_contradicting_a_private_record_is_refused_without_saying_whose(table: Table) -> None:
    table.enter_hand("Cat", ["Rope", "Kitchen", "Hall", "Study"])
    before = files(table.folder)
    with pytest.raises(ContradictionError) as err:
        table.post("Ann suggests Plum, Rope, Library; Ben passes; Cat passes", by="Ann")
    assert "Cat" not in str(err.value) and "Rope" not in str(err.value) and "private" in str(err.value)
    with pytest.raises(ContradictionError, match="Cat's own record"):
        table.post("Ann suggests Plum, Rope, Library; Ben passes; Cat passes", by="Cat")
    assert files(table.folder) == before


def test_a_change_cut_off_mid_write_is_finished_when_the_table_is_next_opened(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rulesref.core.files as files_mod

    real = files_mod._atomic_write
    written: list[str] = []

    def dies_after_two(path: Path, *args: object) -> None:
        if len(written) == 2:
            raise KeyboardInterrupt  # the process killed between two renames
        written.append(path.name)
        real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(files_mod, "_atomic_write", dies_after_two)
    with pytest.raises(KeyboardInterrupt):
        table.post("Ann suggests Plum, Rope, Library; nobody shows")
    monkeypatch.setattr(files_mod, "_atomic_write", real)
    assert written[0] == F.JOURNAL and (table.folder / F.JOURNAL).exists()
    texts = {p: table.path(p).read_text() for p in (None, *PLAYERS)}
    assert len({len(t.splitlines()) for t in texts.values()}) == 2  # the records disagree for now
    again = open_table(table.folder)
    assert not (table.folder / F.JOURNAL).exists()
    for seat in (None, *PLAYERS):
        assert again.path(seat).read_text().splitlines()[-1].endswith("nobody shows")


def test_a_journal_not_written_whole_changes_nothing(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    import rulesref.core.files as files_mod

    before = files(table.folder)

    def full_disk(path: Path, *args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files_mod, "_atomic_write", full_disk)
    with pytest.raises(OSError):
        table.post("Ann suggests Plum, Rope, Library; nobody shows")
    monkeypatch.undo()
    assert files(table.folder) == before


def test_the_table_resumes_from_its_folder_and_refuses_a_record_changed_by_hand(table: Table) -> None:
    table.post("Ann suggests Plum, Rope, Library; nobody shows")
    again = open_table(table.folder)
    assert again == table and again.secret() == table.secret()
    path = table.path("Ben")
    path.write_text(path.read_text().replace("nobody shows", "Cat shows"))
    with pytest.raises(SessionError, match="no longer matches"):
        open_table(table.folder)
    with pytest.raises(SessionError, match="no table"):
        open_table(table.folder.parent)


def test_a_dealt_game_gives_each_seat_the_record_it_should_have(tmp_path: Path) -> None:
    game = DealtGame(7)
    table = create_table(tmp_path / "t", game="classic", players=",".join(game.players))
    enter_hands(table, game)
    line = F.HEADER_LINES + 1
    for k in range(24):
        turn = game.play(line, accuse_after=20)
        assert table.post(turn.statement, by=turn.suggester).line == line
        if turn.card is not None and turn.shower is not None:
            teller = turn.shower if k % 2 else turn.suggester
            table.tell(teller, line, turn.card)
        line += 1
        for seat in game.players:
            assert same_record(table.path(seat).read_text(), game.record(seat)), (k, seat)
        if turn.card is None and turn.shower is None and "accuses" in turn.statement:
            break
    for seat in game.players:
        assert not [a for a in table.asks(seat) if a.told is None]


def test_hand_sizes_and_a_variant_file_go_into_every_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers import ROOT

    monkeypatch.chdir(ROOT)  # the variant file is named from where the command runs
    table = create_table(tmp_path / "t", game="examples/our-vegas-box.toml", players="Ann,Ben,Cat")
    monkeypatch.chdir(tmp_path)
    again = open_table(table.folder)  # read from elsewhere: the records name the file by its whole path
    assert f"game: {ROOT / 'examples' / 'our-vegas-box.toml'}" in again.path("Ben").read_text().splitlines()
    assert again.read("Ben").log.variant.card_names == again.read(None).log.variant.card_names
    sized = create_table(tmp_path / "s", game="classic", players="Ann,Ben,Cat,Dan", hands="Ann 6, Ben 6, Cat 3, Dan 3")
    for seat in (None, *PLAYERS):
        assert "hands: Ann 6, Ben 6, Cat 3, Dan 3" in sized.path(seat).read_text().splitlines()
    with pytest.raises(InputError, match="Cat holds 3 cards"):
        sized.enter_hand("Cat", ["Rope", "Knife", "Hall", "Study"])
    assert sized.enter_hand("Cat", ["Rope", "Knife", "Hall"]).changed
