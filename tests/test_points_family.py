"""A family the house has never seen (tests/points_family.py, registered here only) gets every
list command, every export and the phone page's read-only view: the base class derives the
rest from its one derivation, and no module outside tests/ names it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from skatliste import families
from skatliste.families import Plugin
from skatliste.web.server import create_app

from .conftest import Run
from .points_family import FAMILY, Score, Skip, Table
from .webtools import KEY

pytestmark = pytest.mark.english


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The points family in the registry, for this test only."""
    plugin = Plugin("tests.points_family", "points", ("points", "points-high"))
    monkeypatch.setattr(families, "PLUGINS", (*families.PLUGINS, plugin))
    yield


@pytest.fixture
def points(run: Run, tmp_path: Path) -> Path:
    """A points list of three, Anna deals first: Anna +5, Ben −3, nobody, Carl +7."""
    path = tmp_path / "points.json"
    ledger = ("--ledger", str(path))
    made = run("new", "--rules", "points", "--players", "Anna", "Ben", "Carl", *ledger)
    assert made.exit_code == 0, made.output
    assert "new Points list: Anna, Ben, Carl; Anna deals first" in made.output
    for words in (["add", "anna", "5"], ["add", "ben", "-3"], ["pass"], ["add", "carl", "7"]):
        r = run(*words, *ledger)
        assert r.exit_code == 0, r.output
    return path


def totals(path: Path) -> dict[str, int]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    table = Table(tuple(data["players"]), data["first_dealer"], FAMILY.rules("points"))
    return FAMILY.totals(table, [FAMILY.decode(g) for g in data["games"]])


def test_the_views_come_from_the_one_derivation() -> None:
    table = Table(("Anna", "Ben"), "Ben", FAMILY.rules("points"))
    entries: list[Score | Skip] = [Score("Anna", 4), Skip(), Score("Zoe", 1), Score("Ben", 11)]
    assert FAMILY.totals(table, entries) == {"Anna": 4, "Ben": 0}
    assert [str(p) for _, p in FAMILY.problems(table, entries)] == [
        "unknown player",
        "too many points",
    ]
    assert [p.index for p in FAMILY.derived(table, entries).problems] == [2, 3]
    assert [str(p) for p in FAMILY.entry_problems(table, entries[:3], entries[3])] == [
        "too many points"
    ]
    row = FAMILY.row_at(table, entries, 1)
    assert row is not None and row.totals == {"Anna": 4, "Ben": 0}
    assert [r.number for r in FAMILY.rows(table, entries)] == [1, 2, 3, 4]
    assert FAMILY.values(table, entries)[id(entries[0])] == (1, "+4")
    assert str(FAMILY.entry_count(2)) == "2 games" and FAMILY.numbers_every_entry
    assert str(FAMILY.unnumbered_name(3)) == "the entry after game 3"
    derived = FAMILY.derived(table, entries)
    assert derived.next_dealer == "Ben" and derived.results is not None
    assert FAMILY.derived(table, entries) is derived  # derived once for the same entries
    assert FAMILY.holds(Skip()) and not FAMILY.holds("anna 4")
    assert FAMILY.declarer(entries[0]) == "Anna" and FAMILY.declarer(entries[1]) is None


def test_every_list_command(run: Run, points: Path) -> None:
    """Add, insert, edit, delete, undo, restore, history, sheet, summary and check."""
    ledger = ("--ledger", str(points))
    assert totals(points) == {"Anna": 5, "Ben": -3, "Carl": 7}
    assert run("insert", "2", "ben", "4", *ledger).exit_code == 0
    assert run("edit", "1", "anna", "6", *ledger).exit_code == 0
    assert run("delete", "3", *ledger).exit_code == 0  # Ben's −3
    assert run("undo", *ledger).exit_code == 0  # Carl's +7
    assert totals(points) == {"Anna": 6, "Ben": 4, "Carl": 0}
    history = run("history", *ledger).output
    assert "game 1: Anna 5 → Anna 6" in history and "game 3: Ben -3" in history
    assert run("restore", "3", *ledger).exit_code == 0  # Carl's +7 again
    assert totals(points) == {"Anna": 6, "Ben": 4, "Carl": 7}
    sheet = run("sheet", *ledger)
    assert sheet.exit_code == 0 and "Anna 6" in sheet.output and "+7" in sheet.output
    summary = run("summary", *ledger).output
    assert summary.index("Carl") < summary.index("Anna") < summary.index("Ben")
    assert run("check", *ledger).exit_code == 0
    refused = run("add", "anna", "60", *ledger)
    assert refused.exit_code == 2 and "game 5: too many points" in refused.stderr
    assert run("pass", *ledger).exit_code == 0


@pytest.mark.parametrize("fmt", ["html", "md", "csv", "json"])
def test_every_export(run: Run, points: Path, fmt: str) -> None:
    r = run("export", "--format", fmt, "--ledger", str(points))
    assert r.exit_code == 0, r.output
    assert "Carl" in r.output and "+7" in r.output


def test_the_page_shows_a_viewer_the_list(points: Path) -> None:
    client = TestClient(create_app(points, key=KEY))
    assert client.get("/").status_code == 200
    data = client.get("/api/list").json()
    assert data["family"] == "points" and data["can_write"] is False
    assert data["totals"] == {"Anna": 5, "Ben": -3, "Carl": 7}
    assert [g["words"] for g in data["games"]] == ["Anna 5", "Ben -3", "pass", "Carl 7"]
    assert data["next_dealer"] == "Ben"  # Anna, Ben, Carl and Anna dealt the four


@pytest.mark.parametrize("fmt", ["plain", "grid", "md", "csv", "json"])
def test_the_sheet_in_every_format(run: Run, points: Path, fmt: str) -> None:
    r = run("sheet", "--format", fmt, "--ledger", str(points))
    assert r.exit_code == 0 and "Carl" in r.output and "+7" in r.output


def test_a_stake_or_a_round_is_refused(run: Run, points: Path) -> None:
    for words in (["summary", "--cent", "0.25"], ["summary", "--round", "1"]):
        r = run(*words, "--ledger", str(points))
        assert r.exit_code == 2 and "Points lists have no stake view" in r.stderr


def test_the_summary_as_json(run: Run, points: Path) -> None:
    r = run("summary", "--json", "--ledger", str(points))
    assert json.loads(r.output) == {"totals": {"Carl": 7, "Anna": 5, "Ben": -3}}
