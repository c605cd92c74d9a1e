"""The league folder (rules §L, "League match days"): found from --league, SKATLISTE_LEAGUE or
the current folder; its file versioned and read strictly; a team renamed or given new players
with what it replaced kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skatliste.app import league as app
from skatliste.app import tournament
from skatliste.errors import InputError, LedgerError, OptionError

from .conftest import Run

pytestmark = pytest.mark.english


@pytest.fixture
def liga(tmp_path: Path) -> Path:
    folder = tmp_path / "liga"
    app.new_league(folder, name="Bezirksliga", series=3, seed=1)
    app.add_team(folder, "Kiel", ["Anna", "Ben", "Carl", "Dora"])
    app.add_team(folder, "Eutin", ["Jan", "Kai", "Lea"])
    app.new_day(folder, 1, ["Kiel", "Eutin"], venue="Kiel")
    return folder


def test_the_folder_comes_from_the_option_the_environment_or_here(
    run: Run, liga: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = run("league", "team", "list", "--league", str(liga)).stdout
    assert "Anna, Ben, Carl, Dora" in lines
    monkeypatch.setenv("SKATLISTE_LEAGUE", str(liga))
    assert run("league", "team", "list").stdout == lines
    monkeypatch.delenv("SKATLISTE_LEAGUE")
    monkeypatch.chdir(liga)
    assert run("league", "team", "list").stdout == lines


def test_a_match_day_is_a_tournament_of_its_lineups(liga: Path) -> None:
    t = tournament.open_tournament(liga / "day-1")
    assert t.name == "Bezirksliga · Spieltag 1 · Kiel" and t.series == 3
    assert [(p.name, p.club) for p in t.players] == [
        ("Anna", "Kiel"), ("Ben", "Kiel"), ("Carl", "Kiel"), ("Dora", "Kiel"),
        ("Jan", "Eutin"), ("Kai", "Eutin"), ("Lea", "Eutin"),
    ]  # fmt: skip


def test_a_team_renamed_and_given_new_players_keeps_the_old_in_the_history(liga: Path) -> None:
    with pytest.raises(InputError, match="'Dora' is in the lineup of team 'Kiel' on match day 1"):
        app.edit_team(liga, "Kiel", players=["Anna", "Ben", "Carl", "Emil"])
    new = ["Anna", "Ben", "Carl", "Dora", "Emil"]
    app.edit_team(liga, "kiel", name="Kiel Nord", players=new)
    data = json.loads((liga / "league.json").read_text(encoding="utf-8"))
    assert data["teams"][0] == {"name": "Kiel Nord", "players": new}
    assert data["days"][0]["teams"][0] == {
        "team": "Kiel Nord",
        "players": ["Anna", "Ben", "Carl", "Dora"],  # the day keeps its lineup
    }
    (event,) = data["history"]
    assert (event["action"], event["team"], event["name"]) == ("edit team", "Kiel Nord", "Kiel")
    assert event["players"] == ["Anna", "Ben", "Carl", "Dora"]
    clubs = {p.club for p in tournament.open_tournament(liga / "day-1").players}
    assert clubs == {"Kiel Nord", "Eutin"}
    with pytest.raises(InputError, match="say what changes"):
        app.edit_team(liga, "Eutin")


def test_a_second_league_in_one_folder_and_impossible_settings_are_refused(liga: Path) -> None:
    with pytest.raises(LedgerError, match="a league exists here already"):
        app.new_league(liga, name="Noch eine")
    with pytest.raises(OptionError, match="a match day plays 2 to 4 series"):
        app.new_league(liga.parent / "x", name="X", series=5)
    with pytest.raises(OptionError, match="give the league a name"):
        app.new_league(liga.parent / "y", name="  ")
    with pytest.raises(InputError, match="match day 1 exists already"):
        app.new_day(liga, 1, ["Kiel", "Eutin"])
    with pytest.raises(OptionError, match="no such day"):
        app.new_day(liga, 2, ["Kiel", "Eutin"], when="2027-13-01")
    assert not (liga / "x").exists() and not (liga / "day-2").exists()


def test_a_day_folder_that_is_there_already_is_not_overwritten(liga: Path) -> None:
    (liga / "day-2").mkdir()
    before = (liga / "league.json").read_bytes()
    with pytest.raises(LedgerError, match="the folder exists already"):
        app.new_day(liga, 2, ["Kiel", "Eutin"])
    assert (liga / "league.json").read_bytes() == before


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.update(version=2), "format version 2 is newer than this skatliste"),
        (lambda d: d.update(format="skatliste"), 'not a league file (no "format"'),
        (lambda d: d.update(series=7), "series: must be from 2 to 4 (found 7)"),
        (lambda d: d.update(extra=1), "extra: unknown field"),
        (lambda d: d["teams"].append({"name": "Pik", "players": ["Anna", "X", "Y"]}),
         "'Anna' plays for team 'Kiel' and team 'Pik'"),
        (lambda d: d["days"][0]["teams"][0].update(players=["Anna", "Ben", "Jan"]),
         "days[1]: 'Jan' is not a player of team 'Kiel'"),
        (lambda d: d["days"].append(dict(d["days"][0])), "days[2].number: a second match day 1"),
        (lambda d: d["days"][0].update(date="2027-02-30"), "days[1].date: must be a real day"),
        (lambda d: d["days"][0].update(absent=["Plön"]), "team 'Plön' does not play it"),
    ],
)  # fmt: skip
def test_the_strict_reader_names_the_file_the_place_and_the_reason(
    liga: Path, change: object, says: str
) -> None:
    path = liga / "league.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LedgerError) as got:
        app.open_league(liga)
    assert says in got.value.render("en")
    assert str(path) in got.value.render("en")


def test_a_file_that_is_no_json_is_named(liga: Path) -> None:
    (liga / "league.json").write_bytes(b"\xff{")
    with pytest.raises(LedgerError, match="not UTF-8 text"):
        app.open_league(liga)
    (liga / "league.json").write_text("{", encoding="utf-8")
    with pytest.raises(LedgerError, match="line 1 column 2: not valid JSON"):
        app.open_league(liga)


def test_the_file_reads_back_what_it_wrote(liga: Path) -> None:
    """One team, one day, one history item a line; read again it is the same league."""
    text = (liga / "league.json").read_text(encoding="utf-8")
    assert '\n    {"name": "Eutin", "players": ["Jan", "Kai", "Lea"]}\n' in text
    league = app.open_league(liga)
    assert [t.name for t in league.teams] == ["Kiel", "Eutin"]
    assert league.day(1) is not None and league.day(1).venue == "Kiel"  # type: ignore[union-attr]


def test_the_file_format_page_names_every_field_and_its_example_reads() -> None:
    """docs/file-format.md describes every field of the league file's definition, and its
    example is a league file the reader takes."""
    import re

    from skatliste.store import league as store
    from skatliste.store.league_history import DEFINITIONS

    from .conftest import ROOT

    text = (ROOT / "docs" / "file-format.md").read_text(encoding="utf-8")
    part = text[text.index("## The league folder") :]
    for record in (store.HEADER, store.TEAM, store.LINEUP, store.DAY, *DEFINITIONS.values()):
        for key in record.order:
            assert f"`{key}`" in part or f'"{key}"' in part, f"{record.name}.{key}"
    example = re.findall(r"```json\n(.*?)```", part, re.S)[0]
    league = store.parse(Path("league.json"), example.encode("utf-8"))
    assert [t.name for t in league.teams] == ["Kreuz Bube", "Pik As"]
    assert league.days[0].absent == {"Pik As"}


def test_no_command_writes_over_the_league_file(run: Run, liga: Path) -> None:
    """Neither an export nor a new list replaces the league file (a file of skatliste's own)."""
    path = liga / "league.json"
    before = path.read_bytes()
    got = run("league", "export", "table", "-o", str(path), "--league", str(liga))
    assert got.exit_code == 2 and "is a skatliste league file" in got.stderr
    made = run("new", "--players", "A", "B", "C", "--ledger", str(path))
    assert made.exit_code == 2 and "is a skatliste league file, not a list" in made.stderr
    assert path.read_bytes() == before
