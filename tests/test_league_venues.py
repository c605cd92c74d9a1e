"""A match day played at several venues (rules §L, venues): the official adds each venue and
its key (kept in keys.json only); the venue exports its signed report; the official imports it,
provisional (vorläufig) until confirmed; a wrong key, another day, a report given twice or a
corrupt file is refused with the file and the reason, nothing written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from skatliste.app import league as app
from skatliste.app import league_venues as venues
from skatliste.app import lists
from skatliste.app.tournament import open_tournament
from skatliste.app.tournament.results import enter_paper_result
from skatliste.cli import cli
from skatliste.errors import InputError
from skatliste.league import Team, match_day
from skatliste.store.tournament import list_name
from skatliste.venues import at_venue, venue_of, with_venue

from .conftest import Run

pytestmark = pytest.mark.english

LINES = ("312/9/2", "120/4/1", "0/0/0", "-50/1/2")


@pytest.fixture
def liga(tmp_path: Path) -> Path:
    """A league of seven teams whose match day 1 is played at Kiel (four teams) and Eutin
    (three), each venue with its key."""
    folder = tmp_path / "liga"
    app.new_league(folder, name="Bezirksliga", series=2, seed=1)
    for t in "ABCD":
        app.add_team(folder, t, [f"{t}{n}" for n in range(1, 5)])
    for t in "EFG":
        app.add_team(folder, t, [f"{t}{n}" for n in range(1, 4)])
    app.new_day(folder, 1, list("ABCDEFG"), groups=[list("ABCD"), list("EFG")], when="2027-03-14")
    venues.add_venue(folder, 1, "Kiel", list("ABCD"))
    venues.add_venue(folder, 1, "Eutin", list("EFG"))
    return folder


def key_of(liga: Path, venue: str) -> str:
    data = json.loads((liga / "keys.json").read_text(encoding="utf-8"))
    return str(data["venues"][f"1/{venue}"])


def played_at(liga: Path, venue: str, teams: str) -> Path:
    """The venue's copy of the league (without its keys), both series played on paper."""
    here = liga.parent / venue.lower()
    here.mkdir()
    shutil.copy(liga / "league.json", here / "league.json")
    shutil.copytree(liga / "day-1", here / "day-1")
    for series in (1, 2):
        app.draw(here, 1, series, venue=venue)
        t = open_tournament(here / "day-1")
        seating = t.seating(series)
        assert seating is not None
        assert all(p[0] in teams for table in seating.tables for p in table)
        for n, table in enumerate(seating.tables, 1):
            items = [f"{p}={line}" for p, line in zip(table, LINES, strict=False)]
            enter_paper_result(here / "day-1", series, n, items)
    return here


@pytest.fixture
def kiel_report(liga: Path, run: Run) -> Path:
    kiel = played_at(liga, "Kiel", "ABCD")
    out = liga.parent / "kiel-1.json"
    done = run("league", "venue", "export", "1", "Kiel", "--key", key_of(liga, "Kiel"),
               "-o", str(out), "--league", str(kiel))  # fmt: skip
    assert done.exit_code == 0, done.output
    assert "the report of venue Kiel, match day 1: 8 tables" in done.stdout
    return out


def test_the_venue_keys_are_kept_in_keys_json_only(liga: Path) -> None:
    """The league file names the venues and their teams, never a key."""
    keys = [key_of(liga, "Kiel"), key_of(liga, "Eutin")]
    assert len(set(keys)) == 2 and all(len(k) >= 16 for k in keys)
    text = (liga / "league.json").read_text(encoding="utf-8")
    assert not any(k in text for k in keys)
    assert (liga / "keys.json").stat().st_mode & 0o077 == 0
    assert [v.name for v in app.match_day(liga, 1).venues] == ["Kiel", "Eutin"]


def test_a_team_plays_at_one_venue_only(liga: Path, run: Run) -> None:
    app.add_team(liga, "H", ["H1", "H2", "H3"])
    done = run("league", "venue", "add", "1", "Plön", "--teams", "A", "E", "--league", str(liga))
    assert done.exit_code == 2
    assert "team 'A' plays at venue 'Kiel' already" in done.stderr


def test_an_imported_report_counts_provisional_until_confirmed(
    liga: Path, kiel_report: Path, run: Run
) -> None:
    """The day report, the league table and the published site mark it until confirmed."""
    done = run("league", "venue", "import", str(kiel_report), "--league", str(liga))
    assert done.exit_code == 0, done.output
    assert "8 tables taken in, provisional" in done.stdout
    report = run("league", "day", "report", "1", "--league", str(liga)).stdout
    assert "° provisional: reported by Kiel, not yet confirmed" in report
    table = run("league", "table", "--league", str(liga)).stdout
    assert "A °" in table and "E °" not in table
    assert "° provisional: holds results not yet confirmed" in table
    as_json = json.loads(run("league", "table", "--json", "--league", str(liga)).stdout)
    assert {x["team"] for x in as_json["table"] if x.get("provisional")} == set("ABCD")
    day = json.loads(run("league", "day", "report", "1", "--json", "--league", str(liga)).stdout)
    assert day["provisional"] == ["Kiel"]
    # the tables are seated in the official's day, each with its paper result
    t = open_tournament(liga / "day-1")
    assert [len(d.tables) for d in t.draws] == [4, 4] and len(t.paper) == 8
    site = liga.parent / "site"
    assert run("publish", str(liga), "--out", str(site)).exit_code == 0
    pages = {p.name: p.read_text(encoding="utf-8") for p in site.rglob("*.html")}
    assert "provisional: reported by Kiel" in pages["day-1.html"]
    league_page = (next(site.rglob("day-1.html")).parent / "index.html").read_text("utf-8")
    assert "provisional: holds results not yet confirmed" in league_page
    exported = run("league", "export", "table", "--format", "html", "--league", str(liga))
    assert "A °" in exported.stdout and "provisional: holds results" in exported.stdout
    done = run("league", "venue", "confirm", "1", "--league", str(liga))
    assert done.exit_code == 0 and "confirmed the results of Kiel" in done.stdout
    assert "°" not in run("league", "table", "--league", str(liga)).stdout
    assert run("publish", str(liga), "--out", str(site)).exit_code == 0
    day_page = next(site.rglob("day-1.html")).read_text(encoding="utf-8")
    assert "Match day 1" in day_page and "provisional" not in day_page


def test_a_report_given_twice_is_refused(liga: Path, kiel_report: Path, run: Run) -> None:
    assert run("league", "venue", "import", str(kiel_report), "--league", str(liga)).exit_code == 0
    before = (liga / "day-1" / "tournament.json").read_bytes()
    done = run("league", "venue", "import", str(kiel_report), "--league", str(liga))
    assert done.exit_code == 2
    assert f"{kiel_report}: venue 'Kiel' of match day 1 has given its report already" in done.stderr
    assert (liga / "day-1" / "tournament.json").read_bytes() == before


def _refused(liga: Path, run: Run, path: Path) -> str:
    before = [(liga / f).read_bytes() for f in ("league.json", "day-1/tournament.json")]
    done = run("league", "venue", "import", str(path), "--league", str(liga))
    assert done.exit_code == 2, done.output
    assert [(liga / f).read_bytes() for f in ("league.json", "day-1/tournament.json")] == before
    return done.stderr


def test_a_report_with_a_wrong_key_is_refused(liga: Path, kiel_report: Path, run: Run) -> None:
    """Signed with Eutin's key, or changed after signing: nothing is written."""
    kiel = liga.parent / "kiel"
    other = liga.parent / "other.json"
    run("league", "venue", "export", "1", "Kiel", "--key", key_of(liga, "Eutin"), "-o", str(other),
        "--league", str(kiel))  # fmt: skip
    said = _refused(liga, run, other)
    assert f"{other}: not signed with the key of venue 'Kiel' of match day 1" in said
    data = json.loads(kiel_report.read_text(encoding="utf-8"))
    data["tables"][0]["results"][data["tables"][0]["players"][0]][0] = 999
    kiel_report.write_text(json.dumps(data), encoding="utf-8")
    assert "not signed with the key of venue 'Kiel'" in _refused(liga, run, kiel_report)


def test_a_report_for_another_day_is_refused(liga: Path, kiel_report: Path, run: Run) -> None:
    data = json.loads(kiel_report.read_text(encoding="utf-8"))
    data["day"] = 2
    kiel_report.write_text(json.dumps(data), encoding="utf-8")
    said = _refused(liga, run, kiel_report)
    assert f"{kiel_report}: the league has no match day 2; nothing was imported" in said


def test_a_corrupt_report_is_refused_with_its_place(
    liga: Path, kiel_report: Path, run: Run
) -> None:
    data = json.loads(kiel_report.read_text(encoding="utf-8"))
    data["tables"][1]["series"] = "eins"
    kiel_report.write_text(json.dumps(data), encoding="utf-8")
    said = _refused(liga, run, kiel_report)
    assert f"{kiel_report}: tables[2].series: must be" in said
    kiel_report.write_text("{", encoding="utf-8")
    assert str(kiel_report) in _refused(liga, run, kiel_report)


def test_a_venue_exports_only_finished_series(liga: Path, run: Run, tmp_path: Path) -> None:
    """A series without a table at the venue, or a table still open, is no report yet."""
    eutin = tmp_path / "eutin"
    eutin.mkdir()
    shutil.copy(liga / "league.json", eutin / "league.json")
    shutil.copytree(liga / "day-1", eutin / "day-1")
    args = ("--key", key_of(liga, "Eutin"), "-o", str(tmp_path / "e.json"), "--league", str(eutin))
    done = run("league", "venue", "export", "1", "Eutin", *args)
    assert done.exit_code == 2
    assert "series 1 has no table of venue 'Eutin' yet" in done.stderr
    app.draw(eutin, 1, 1, venue="Eutin")
    done = run("league", "venue", "export", "1", "Eutin", *args)
    assert "series 1 table 1 has no final result yet (missing)" in done.stderr
    assert not (tmp_path / "e.json").exists()


def test_the_teams_of_a_venue_not_yet_reported_are_not_scored(
    liga: Path, kiel_report: Path, run: Run
) -> None:
    """Eutin's teams have no result until its report comes: no day played, no points."""
    run("league", "venue", "import", str(kiel_report), "--league", str(liga))
    table = json.loads(run("league", "table", "--json", "--league", str(liga)).stdout)["table"]
    waiting = [(x["team"], x["days"], x["points"], x["against"]) for x in table if x["team"] > "D"]
    assert waiting == [("E", 0, 0, 0), ("F", 0, 0, 0), ("G", 0, 0, 0)]
    day = json.loads(run("league", "day", "report", "1", "--json", "--league", str(liga)).stdout)
    assert {t["team"] for t in day["teams"]} == set("ABCD")
    assert day["in_progress"] is True


@pytest.mark.parametrize(
    ("name", "teams", "refused"),
    [
        (" ", ["C", "D"], "a venue needs a name"),
        ("kiel", ["C", "D"], "match day 1: venue 'kiel' exists already"),
        ("Eutin", ["C", "X"], "match day 1: team 'X' does not play it"),
        ("Eutin", ["C", "b"], "team 'B' plays at venue 'Kiel' already"),
        ("Eutin", ["C", "c"], "team 'C' is listed twice"),
        ("Eutin", ["C"], "a venue has at least 2 teams of the day"),
    ],
)
def test_a_venue_is_named_once_with_two_teams_of_the_day_each_at_one_venue(
    name: str, teams: list[str], refused: str
) -> None:
    day = match_day(1, [Team(n, (n + "1", n + "2", n + "3")) for n in "ABCD"])
    day = with_venue(day, "Kiel", ["A", "B"])
    with pytest.raises(InputError, match=refused):
        with_venue(day, name, teams)


def test_a_day_as_a_venue_plays_it_has_only_its_teams() -> None:
    day = match_day(1, [Team(n, (n + "1", n + "2", n + "3")) for n in "ABCD"])
    with pytest.raises(InputError, match=r"no venue 'Kiel' \(venues: none yet\)"):
        venue_of(day, "Kiel")
    day = with_venue(day, "Kiel", ["A", "B"])
    assert at_venue(day, "KIEL").present == ("A", "B")
    with pytest.raises(InputError, match=r"no venue 'Eutin' \(venues: Kiel\)"):
        at_venue(day, "Eutin")


def test_a_venue_keeping_lists_reports_the_numbers_its_lists_give(
    liga: Path, run: Run, tmp_path: Path
) -> None:
    """Tables kept game by game report each player's declared points, won and lost: the
    official's match report then shows the Seeger-Fabian the venue's own report shows."""
    eutin = tmp_path / "eutin"
    eutin.mkdir()
    shutil.copy(liga / "league.json", eutin / "league.json")
    shutil.copytree(liga / "day-1", eutin / "day-1")
    # a short series, so that two games finish a list (the report's lines are of any length)
    data = json.loads((eutin / "day-1" / "tournament.json").read_text(encoding="utf-8"))
    data["games"] = {"3": 2, "4": 2}
    (eutin / "day-1" / "tournament.json").write_text(json.dumps(data), encoding="utf-8")
    for series in (1, 2):
        app.draw(eutin, 1, series, venue="Eutin")
        seating = open_tournament(eutin / "day-1").seating(series)
        assert seating is not None
        for n, table in enumerate(seating.tables, 1):
            path = eutin / "day-1" / list_name(series, n)
            lists.add_game(path, table[0], ["kreuz", "mit", "1", "augen", "70"])
            lists.pass_game(path)
    out = tmp_path / "eutin-1.json"
    done = run("league", "venue", "export", "1", "Eutin", "--key", key_of(liga, "Eutin"),
               "-o", str(out), "--league", str(eutin))  # fmt: skip
    assert done.exit_code == 0, done.output
    assert run("league", "venue", "import", str(out), "--league", str(liga)).exit_code == 0
    here = {(p.name, p.series) for p in app.day_report(eutin, 1).players}
    there = {(p.name, p.series) for p in app.day_report(liga, 1).players if p.team in "EFG"}
    assert here == there and any(sf for _, series in here for _, sf in series)


def test_confirm_names_the_venues_still_awaited(
    liga: Path, kiel_report: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = run("league", "venue", "confirm", "1", "--league", str(liga))
    assert done.exit_code == 2
    assert "no provisional results to confirm (reports awaited from: Kiel, Eutin)" in done.stderr
    run("league", "venue", "import", str(kiel_report), "--league", str(liga))
    done = run("league", "venue", "confirm", "1", "--venue", "Eutin", "--league", str(liga))
    assert "(reports awaited from: Eutin)" in done.stderr
    assert (
        run("league", "venue", "confirm", "1", "--venue", "kiel", "--league", str(liga)).exit_code
        == 0
    )
    done = run("league", "venue", "confirm", "1", "--venue", "Kiel", "--league", str(liga))
    assert done.exit_code == 2
    assert "match day 1: no provisional results to confirm" in done.stderr


def test_the_key_may_come_from_the_environment(liga: Path, run: Run, tmp_path: Path) -> None:
    """SKATLISTE_VENUE_KEY: the key is not typed where the shell keeps its history."""
    kiel = played_at(liga, "Kiel", "ABCD")
    out = tmp_path / "k.json"
    env = {"SKATLISTE_VENUE_KEY": key_of(liga, "Kiel")}
    done = CliRunner().invoke(
        cli, ["league", "venue", "export", "1", "Kiel", "-o", str(out), "--league", str(kiel)],
        env=env,
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    assert run("league", "venue", "import", str(out), "--league", str(liga)).exit_code == 0


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        (lambda k: {**k, "1/Eutin": k["1/Kiel"]}, "venues.1/Kiel: the same key as venues.1/Eutin"),
        (lambda k: {**k, "1/Kiel": "short"}, "venues.1/Kiel: a key of fewer than 16 characters"),
    ],
)
def test_a_keys_file_with_a_key_twice_or_too_short_is_refused(
    liga: Path, kiel_report: Path, run: Run, change: Any, refused: str
) -> None:
    path = liga / "keys.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["venues"] = change(data["venues"])
    path.write_text(json.dumps(data), encoding="utf-8")
    assert f"{path}: {refused}" in _refused(liga, run, kiel_report)
