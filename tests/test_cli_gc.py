"""A command's short process runs without the cyclic garbage collector, a long-running one
(the server, the interactive session) with it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import click
import pytest

from skatliste.cli import base, cli
from skatliste.cli.base import LONG_RUNNING


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """A command that notes whether the collector is on while it runs, run through ``main``
    as the console script runs it; the collector is switched on again afterwards."""
    seen: list[bool] = []

    @cli.command("gc-probe", hidden=True)
    def gc_probe() -> None:
        seen.append(gc.isenabled())

    monkeypatch.setattr(base, "_COLLECTOR", {"off_by_main": False})
    monkeypatch.setattr("sys.argv", ["skatliste", "gc-probe"])
    yield seen
    cli.commands.pop("gc-probe")
    gc.enable()


def run_main() -> None:
    with pytest.raises(SystemExit) as done:
        base.main()
    assert done.value.code == 0


def test_a_command_runs_without_the_collector(probe: list[bool]) -> None:
    run_main()
    assert probe == [False]


def test_a_long_running_command_has_the_collector_on(
    probe: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(base, "LONG_RUNNING", frozenset({"gc-probe"}))
    run_main()
    assert probe == [True]


def test_a_collector_switched_off_before_is_left_off(
    probe: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(base, "LONG_RUNNING", frozenset({"gc-probe"}))
    gc.disable()
    run_main()
    assert probe == [False]


def test_the_server_and_the_interactive_session_are_the_long_running_commands() -> None:
    context = click.Context(cli)
    assert {"serve", "play"} == LONG_RUNNING
    assert all(cli.get_command(context, name) is not None for name in LONG_RUNNING)
