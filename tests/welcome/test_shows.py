"""Show debts worked out from the boxes where they are printed, and those positions read with care."""

from __future__ import annotations

from rulesref.welcome import parse_table, score_table
from tests.welcome.tables import HEAD, findings, messages, sheet


def test_show_debts_are_worked_out_from_their_printed_boxes() -> None:
    shows = "shows = [{ value = 7, boxes = 3 }, { value = 2, boxes = 1 }]"
    text = HEAD + "show-debts = [[2, 4], [3, 5]]\n" + sheet("Ana", shows) + sheet("Bo")
    ana = parse_table(text).players[0]
    assert [c.debts for c in ana.shows] == [1, 2]  # box 4 still to cross; boxes 3 and 5 still to cross
    assert score_table(parse_table(text)).player("Ana").safe.owed == 3
    wrong = shows.replace("boxes = 3 }", "boxes = 3, debts = 0 }")
    assert findings(HEAD + "show-debts = [[2, 4], [3, 5]]\n" + sheet("Ana", wrong) + sheet("Bo")) == [
        "show column 1 has 0 debts written, but with 3 boxes crossed off the printed debts leave 1"
    ]


def test_show_debts_positions_are_read_with_care() -> None:
    (problem,) = messages(HEAD + "show-debts = [[2, 4]]\n" + sheet("Ana") + sheet("Bo"))
    assert "'show-debts' should give, for each of the 2 show columns" in problem
