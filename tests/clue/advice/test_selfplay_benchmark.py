"""The self-play benchmark measures the advisor the table commands use."""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

from cluesolver.clue.advice.suggestions import DEFAULTS
from tests.helpers import ROOT

SCRIPT = ROOT / "benchmarks" / "selfplay.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("selfplay_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("selfplay_bench", module)
    spec.loader.exec_module(module)
    return module


def test_the_measured_advisor_has_the_table_settings() -> None:
    bench = _bench()
    assert bench._advisor("careful").settings == DEFAULTS
    old = bench._advisor("entropy-sum").settings
    assert (old.norm, old.open_weight) == (1.0, 0.0) and old.samples == DEFAULTS.samples


def test_one_deal_is_played_and_reported(tmp_path: Path) -> None:
    bench = _bench()
    out = tmp_path / "r.jsonl"
    bench.run(3, 1, ["careful"], out)
    line = json.loads(out.read_text())
    assert line["row"] == "careful" and line["seat"] == 3
    assert line["advisor"]["policies"][3] == "advisor" and line["baseline"]["policies"][3] == "careful"
    table = bench.report([out, out])
    assert "| careful | 2 |" in table


def test_rows_counted_with_the_winning_accusation_shown_are_marked(tmp_path: Path) -> None:
    bench = _bench()
    out = tmp_path / "r.jsonl"
    bench.run(5, 1, ["careful"], out)
    line = json.loads(out.read_text())
    assert line["reveal"] is False
    old = dict(line)
    del old["reveal"]  # result files written before the count was fixed
    older = tmp_path / "old.jsonl"
    older.write_text(json.dumps(old) + "\n" + json.dumps(old) + "\n")
    table = bench.report([out, older])
    assert "| careful | 1 |" in table
    assert f"| careful{bench.REVEALED} | 2 |" in table


def test_the_show_row_is_paired_with_the_careful_row(tmp_path: Path) -> None:
    bench = _bench()
    assert bench._advisor("show").show_by_advice and not bench._advisor("careful").show_by_advice
    out = tmp_path / "r.jsonl"
    bench.run(2, 1, ["careful", "show"], out, until="all")
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["row"] for x in lines] == ["careful", "show"] and all(x["until"] == "all" for x in lines)
    for x in lines:
        assert all(k is not None for k in x["advisor"]["certain"])  # every seat played to certainty
    table = bench.report([out])
    paired = table.split("Paired with the `careful` row")[1].splitlines()[4]
    assert paired.startswith("| show | 1 |")
    careful, show = (x["advisor"] for x in lines)
    mean = lambda r: sum(k for i, k in enumerate(r["certain"]) if i != 2) / 3  # noqa: E731
    assert f"{mean(show):.2f} / {mean(careful):.2f}" in paired


def test_an_unknown_row_is_refused(tmp_path: Path) -> None:
    import pytest

    with pytest.raises(SystemExit, match="unknown row 'shown'"):
        _bench().run(1, 1, ["shown"], tmp_path / "r.jsonl")


def test_the_pilot_rows_change_one_thing_each() -> None:
    bench = _bench()
    careful, leak, danger, before = (bench._advisor(r) for r in ("careful", "leak-0.2", "danger-2", "danger-1"))
    assert (careful.hazard, danger.hazard, before.hazard) == (2.0, 2.0, 1.0) and danger.settings == DEFAULTS
    assert before.settings == replace(DEFAULTS, hazard=1.0)
    assert leak.settings.leak_weight == 0.2 and leak.hazard == 2.0
    assert not danger.show_by_advice and not leak.show_by_advice


def test_the_issue25_goal_pilots_change_one_thing_each() -> None:
    from cluesolver.clue.advice.selfplay import Quiet, Race

    bench = _bench()
    race, blend, nxt, quiet = (bench._advisor(r) for r in ("race", "race-blend", "danger-next", "quiet-5"))
    assert race.pick == Race() and blend.pick == Race(weight=4.0, start=0.0) and quiet.pick == Quiet(margin=0.05)
    assert nxt.next_turn and nxt.pick is None and not race.next_turn and not quiet.next_turn
    assert bench._advisor("careful").pick is None and not bench._advisor("careful").next_turn
    assert all(a.settings == DEFAULTS for a in (race, blend, quiet)) and nxt.settings == replace(DEFAULTS, hazard=1.0)
    two, three = bench._advisor("next-2"), bench._advisor("next-3")
    assert two.next_turn and three.next_turn and (two.hazard, three.hazard) == (2.0, 3.0)
    assert [bench._advisor(f"danger-{k}").hazard for k in (3, 4)] == [3.0, 4.0]
    hands = [bench._advisor(f"hands-{w}").settings for w in ("0.6", "1.0")]
    assert [h.hands_weight for h in hands] == [0.6, 1.0] and all(
        replace(h, hands_weight=0.3) == DEFAULTS for h in hands
    )


def test_the_danger_is_calibrated_against_what_happened(tmp_path: Path) -> None:
    bench = _bench()
    out = tmp_path / "c.jsonl"
    bench.calibrate(2002, 1, out)
    checks = [json.loads(x) for x in out.read_text().splitlines()]
    assert checks and all(c["seed"] == 2002 and 0 < c["p"] < 1 and c["next"] >= c["now"] for c in checks)
    assert all(c["decision"] in ("accuse", "wait") for c in checks)
    made = tmp_path / "m.jsonl"
    lines = [
        {"seed": 1, "now": 0.0, "next": 0.05, "lost_before_next_turn": True},
        {"seed": 1, "now": 0.0, "next": 0.15, "lost_before_next_turn": False},
        {"seed": 2, "now": 0.5, "next": 0.6, "lost_before_next_turn": True},
        {"seed": 2, "now": 0.01, "next": 0.2, "lost_before_next_turn": True},
    ]
    made.write_text("".join(json.dumps(x) + "\n" for x in lines))
    table = bench.calibration([made])
    assert table.startswith("4 accusation checks over 2 deals; an opponent won before the seat's next turn after 75.0%")
    assert "predicted: 12.8% (opponents certain now), 25.0% (by the end of their next turn)." in table
    assert "| 0.00..0.02 | opponents certain now (the table's) | 3 | 0.003 | 0.667 |" in table
    assert "| 0.10..0.30 | by the end of their next turn | 2 | 0.175 | 0.500 |" in table
    assert "| 0.30..1.00 | by the end of their next turn | 1 | 0.600 | 1.000 |" in table
