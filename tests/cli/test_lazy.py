"""The root builds a group with only the sub-command about to run; help and errors see all."""

from __future__ import annotations

import gc
import sys

import click
import pytest
from typer.testing import CliRunner

from cluesolver.cli import GC_YOUNG, app, load, main

runner = CliRunner()


def test_a_group_about_to_run_one_command_is_built_with_it_alone() -> None:
    whole = load("clue")
    assert isinstance(whole, click.Group) and {"next", "accuse?", "why", "status", "add"} <= set(whole.commands)
    alone = load("clue", "next")
    assert isinstance(alone, click.Group) and list(alone.commands) == ["next"]
    # the command itself is the one the whole group has (same options, same help)
    assert [p.name for p in alone.commands["next"].params] == [p.name for p in whole.commands["next"].params]
    assert alone.commands["next"].help == whole.commands["next"].help


@pytest.mark.parametrize("word", ["nxt", "--help", "-h"])
def test_a_word_that_is_not_a_command_gets_the_whole_group(word: str) -> None:
    got, whole = load("clue", word), load("clue")
    assert isinstance(got, click.Group) and isinstance(whole, click.Group)
    assert set(got.commands) == set(whole.commands)


def test_help_and_unknown_commands_read_as_before() -> None:
    listed = runner.invoke(app, ["clue", "--help"])
    assert listed.exit_code == 0 and "accuse?" in listed.output and "status" in listed.output
    wrong = runner.invoke(app, ["clue", "nxt"])
    assert wrong.exit_code == 2 and "No such command 'nxt'" in wrong.output and "next" in wrong.output
    one = runner.invoke(app, ["clue", "next", "--help"])
    assert one.exit_code == 0 and "Usage: cluesolver clue next [OPTIONS]" in one.output


def test_the_installed_command_collects_garbage_rarely(monkeypatch: pytest.MonkeyPatch) -> None:
    before = gc.get_threshold()
    monkeypatch.setattr(sys, "argv", ["cluesolver", "--help"])
    try:
        with pytest.raises(SystemExit):
            main()
        assert gc.get_threshold() == (GC_YOUNG, *before[1:])
    finally:
        gc.set_threshold(*before)
