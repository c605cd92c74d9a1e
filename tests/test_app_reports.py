"""The application layer's reading side without click: exports, statistics, history, schema."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from skatliste.app import lists as app
from skatliste.app import reports
from skatliste.errors import LedgerError
from skatliste.skat.entries import GameEntry


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    """A list of three with two games: Anna's Grand (+48), Ben's Herz lost (−40)."""
    path = tmp_path / "list.json"
    app.new_list(path, ["Anna", "Ben", "Carl"])
    app.add_game(path, "anna", "grand mit 1".split())
    app.add_game(path, "ben", "herz mit 1 verloren".split())
    return path


def test_the_json_export_holds_the_sheet_and_the_summary(evening: Path) -> None:
    data = json.loads(reports.export(app.open_list(evening), "json", lang="en", stake=Fraction(1)))
    assert [g["list_points"] for g in data["games"]] == [48, -40]
    assert data["games"][0]["game"] == "Grand with 1"
    assert data["summary"]["totals"] == {"Anna": 48, "Ben": -40, "Carl": 0}


def test_the_csv_export_is_one_row_a_game_in_german_columns(evening: Path) -> None:
    lines = reports.export(app.open_list(evening), "csv", lang="de").splitlines()
    assert len(lines) == 3 and lines[0].startswith("number;round;dealer;kind;")


def test_an_export_is_never_written_onto_a_list(evening: Path) -> None:
    before = evening.read_bytes()
    with pytest.raises(LedgerError, match="this is the list"):
        reports.write_output(evening, "x", lists=[evening])
    assert evening.read_bytes() == before


def test_statistics_merge_lists_by_name(evening: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    app.new_list(other, ["anna", "Ben", "Dora"])
    app.add_game(other, "anna", "grand mit 1".split())
    people = json.loads(reports.statistics([evening, other], lang="en", as_json=True))
    assert people["Anna"]["lists"] == 2 and people["Anna"]["total"] == 96
    assert people["Anna"]["games"] == 3


def test_the_history_gives_back_what_was_removed(evening: Path) -> None:
    app.edit(evening, 2, "ben herz mit 2 verloren".split())
    app.undo(evening)
    removed = reports.history(app.open_list(evening))
    assert [(r.action, r.number) for r in removed] == [("edit", 2), ("undo", 2)]
    first = removed[0]
    assert isinstance(first.entry, GameEntry) and first.entry.declaration.spitzen == 1
    assert isinstance(first.replaced_by, GameEntry) and first.replaced_by.declaration.spitzen == 2


def test_the_schema_names_the_list_fields() -> None:
    assert {"players", "rules", "games"} <= set(reports.list_schema("isko")["properties"])
