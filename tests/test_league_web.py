"""League mode of ``skatliste serve --league DIR``: the season table and every match day's
report on one page, read-only, following every change of the league's files."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from skatliste.app import league as app
from skatliste.app import tournament
from skatliste.league import Scoring
from skatliste.web.server import create_app

from .conftest import Run

TEAMS = {
    "Kiel": ["Anna", "Ben", "Carl"],
    "Lübeck": ["Fritz", "Gerd", "Hans"],
    "Eutin": ["Jan", "Kai", "Lea"],
}


@pytest.fixture
def liga(tmp_path: Path) -> Path:
    """Three teams of three, match day 1 with series 1 drawn (three tables of three, one
    player of each team), nothing played."""
    folder = tmp_path / "liga"
    app.new_league(folder, name="Kreisliga <Ost>", series=2, seed=3, scoring=Scoring.ALL)
    for team, players in TEAMS.items():
        app.add_team(folder, team, players)
    app.new_day(folder, 1, list(TEAMS), venue="Eutin", when="2027-04-01")
    app.draw(folder, 1, 1)
    return folder


def enter_all(folder: Path) -> None:
    """Every table's paper result: each player P/1/0 with P = 30 for Kiel, 20 for Lübeck,
    30 for Eutin: Seeger-Fabian 80, 70, 80 (SkWO 5.1)."""
    day = folder / "day-1"
    team_of = {p: t for t, ps in TEAMS.items() for p in ps}
    points = {"Kiel": 30, "Lübeck": 20, "Eutin": 30}
    for n, table in enumerate(tournament.seating(day, 1).tables, start=1):
        items = [f"{p}={points[team_of[p]]}/1/0" for p in table.players]
        tournament.enter_paper_result(day, 1, n, items)


def test_the_page_shows_the_table_and_the_reports(liga: Path) -> None:
    client = TestClient(create_app(league=liga, lang="en"))
    page = client.get("/")
    assert page.status_code == 200
    assert "Kreisliga &lt;Ost&gt;" in page.text  # escaped
    assert "Season table" in page.text and "no series has a result yet" in page.text
    enter_all(liga)
    page = client.get("/")
    # Kiel 3 × 80 = 240, Eutin 3 × 80 = 240, Lübeck 3 × 70 = 210
    # -> Eutin and Kiel share places 1 and 2: 1 + ½ = 1½ : ½ each, Lübeck 0:2
    assert '<td>Lübeck</td><td class="n">210</td><td class="n">0 : 2</td>' in page.text
    assert "1½ : ½" in page.text


def test_the_json_of_the_page(liga: Path) -> None:
    enter_all(liga)
    client = TestClient(create_app(league=liga, lang="en"))
    got = client.get("/api/league").json()
    assert got["name"] == "Kreisliga <Ost>"
    assert [(x["team"], x["points"], x["against"]) for x in got["table"]] == [
        ("Eutin", 1.5, 0.5),
        ("Kiel", 1.5, 0.5),
        ("Lübeck", 0, 2),
    ]
    assert got["days"][0]["day"] == 1 and got["days"][0]["in_progress"] is True


def test_the_page_is_read_only(liga: Path) -> None:
    client = TestClient(create_app(league=liga))
    assert client.post("/", json={}).status_code == 405
    assert client.post("/api/league", json={}).status_code == 405


def test_the_page_follows_every_change_of_the_days_lists(liga: Path) -> None:
    """A result typed at the laptop reaches the page: the watcher sees the day's files."""
    made = create_app(league=liga)
    watcher = made.state.watchers[0]
    assert watcher.folder and watcher.look() is False
    enter_all(liga)
    assert watcher.look() is True


def test_a_broken_day_is_named_on_the_page_and_the_rest_shown(liga: Path) -> None:
    """A day's folder whose file cannot be read: the page says why, in the reader's words."""
    (liga / "day-1" / "tournament.json").write_text("{", encoding="utf-8")
    client = TestClient(create_app(league=liga, lang="en"))
    page = client.get("/")
    assert page.status_code == 200
    assert "not valid JSON" in page.text


def test_serve_refuses_a_folder_without_a_league(tmp_path: Path, run: Run) -> None:
    got = run("serve", "--league", str(tmp_path), "--lang", "en")
    assert got.exit_code == 2
    assert "no league here" in got.stderr and "skatliste league new" in got.stderr


def test_serve_takes_a_league_or_a_tournament(liga: Path, run: Run) -> None:
    got = run("serve", "--league", str(liga), "--tournament", str(liga / "day-1"), "--lang", "en")
    assert got.exit_code == 2
    assert "serve either a league or a tournament" in got.stderr
