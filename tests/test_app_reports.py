"""The application layer's reading side without click: the values it returns (the lists a
statistic merges, the history, the schema, where an export may go), rendered as the edges
render them (``skatliste.render.report``)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from skatliste.app import lists as app
from skatliste.app import reports, schemas
from skatliste.app.output import write_output
from skatliste.errors import InputError, LedgerError
from skatliste.money import Stake
from skatliste.render import renderer
from skatliste.render import report as render
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
    data = json.loads(
        render.export(app.open_list(evening), "json", lang="en", stake=Stake(Fraction(1)))
    )
    assert [g["list_points"] for g in data["games"]] == [48, -40]
    assert data["games"][0]["game"] == "Grand with 1"
    assert data["summary"]["totals"] == {"Anna": 48, "Ben": -40, "Carl": 0}


def test_the_csv_export_is_one_row_a_game_in_german_columns(evening: Path) -> None:
    lines = render.export(app.open_list(evening), "csv", lang="de").splitlines()
    assert len(lines) == 3 and lines[0].startswith("number;round;dealer;kind;")


def test_an_export_is_never_written_onto_a_list(evening: Path) -> None:
    before = evening.read_bytes()
    with pytest.raises(LedgerError, match="this is the list"):
        write_output(evening, "x", lists=[evening])
    assert evening.read_bytes() == before


def test_statistics_merge_lists_by_name(evening: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    app.new_list(other, ["anna", "Ben", "Dora"])
    app.add_game(other, "anna", "grand mit 1".split())
    lists = reports.statistics([evening, other])
    people = json.loads(renderer(lists[0].family, "stats")(lists, lang="en", as_json=True))
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
    assert {"players", "rules", "games"} <= set(schemas.list_schema("isko")["properties"])


def test_a_list_given_twice_to_statistics_is_refused(evening: Path) -> None:
    with pytest.raises(InputError, match="given again"):
        reports.statistics([evening, evening])


def test_a_csv_export_refuses_a_stake_it_cannot_hold() -> None:
    with pytest.raises(InputError, match="a CSV holds the games only"):
        reports.refuse_csv_stake("csv", Stake(Fraction(1, 4)))
    reports.refuse_csv_stake("json", Stake(Fraction(1, 4)))


def test_a_list_never_signed_has_no_agreement_to_show(evening: Path) -> None:
    """Nothing under its games, no agreement in its JSON export (and no signing rules read)."""
    shown = reports.agreement(app.open_list(evening))
    assert shown.footer == [] and shown.data is None
    assert "agreement" not in json.loads(render.export(app.open_list(evening), "json", lang="en"))
