"""Shared fixtures: a CLI runner in a clean environment, and ledgers named after their state."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from skatliste.cli import cli

# No per-example deadline: a busy CI machine must not turn a slow example into a failure.
settings.register_profile("skatliste", deadline=None)
settings.load_profile("skatliste")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture(autouse=True)
def _german_default(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests see German output unless they ask otherwise, whatever the machine's LANG; a test
    marked ``english`` reads tables and messages in English (SKATLISTE_LANG=en)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("SKATLISTE_LANG", raising=False)
    monkeypatch.delenv("SKATLISTE_LEDGER", raising=False)
    if request.node.get_closest_marker("english") is not None:
        monkeypatch.setenv("SKATLISTE_LANG", "en")


Run = Callable[..., Result]


@pytest.fixture
def run() -> Run:
    """Run the CLI with separate stdout and stderr: run("value", "kreuz", ...)."""

    def _run(*args: str, input: str | None = None) -> Result:
        return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)

    return _run


@pytest.fixture
def ledger_path(tmp_path: Path) -> Path:
    return tmp_path / "list.json"


@pytest.fixture
def fresh_ledger(run: Run, ledger_path: Path) -> Path:
    """A new list of three: Anna deals first."""
    result = run("new", "--players", "Anna", "Ben", "Carl", "--ledger", str(ledger_path))
    assert result.exit_code == 0, result.output
    return ledger_path


def american(run: Run, path: Path, *deals: str, rule: str | None = None) -> Path:
    """An American Grand list at ``path`` (Anna and Carl against Ben and Dora; ``rule`` one
    rule option) with ``deals`` entered, each by its words."""
    more = ("--rule", rule) if rule else ()
    r = run(
        "new", "--rules", "american-grand", *more, "--players", "Anna", "Ben", "Carl", "Dora",
        "--ledger", str(path),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    for words in deals:
        assert run("add", *words.split(), "--ledger", str(path)).exit_code == 0
    return path
