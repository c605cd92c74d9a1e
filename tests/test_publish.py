"""``skatliste publish``: the static site of the examples, its numbers those of ``--json``,
its links stable, its privacy file obeyed, its second run writing only what changed, and a
bad source refused with its file and reason, nothing written."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from skatliste.app.publish import build, slug
from skatliste.app.publish_site import MANIFEST
from skatliste.cli import cli
from skatliste.printed import number, with_minus

from .conftest import EXAMPLES


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


class Tables(HTMLParser):
    """Each table of a page by its id: its rows, each a list of its cells' text; and every
    link's target."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.links: list[str] = []
        self._table: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "table":
            self._table = self.tables.setdefault(a.get("id") or f"#{len(self.tables)}", [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = None
        elif tag in ("td", "th") and self._cell is not None and self._table is not None:
            self._table[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def tables(path: Path) -> Tables:
    parser = Tables()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The examples published once, in English."""
    out = tmp_path_factory.mktemp("site") / "site"
    r = run("publish", str(EXAMPLES), "--out", str(out), "--lang", "en")
    assert r.exit_code == 0, r.output
    return out


def _page(site: Path, start: str) -> Path:
    found = sorted(site.glob(f"*/{start}*/index.html"))
    assert len(found) == 1, found
    return found[0]


def test_the_index_lists_every_event_by_year_and_kind(site: Path) -> None:
    """The examples' tournaments, season, league and lists are on the index, under their
    year, each linked to its page."""
    index = (site / "index.html").read_text(encoding="utf-8")
    for heading in ("<h2>2027</h2>", "<h2>2026</h2>", "Tournaments", "Seasons", "Leagues"):
        assert heading in index
    for link in (
        "2026/preisskat-dezember-2026-12-05/index.html",
        "2027/januarpokal-2027-01-29/index.html",
        "2027/vereinsmeisterschaft-2027/index.html",
        "2027/kreisliga-nord-2027/index.html",
        "2027/2027-01-08-tisch1.html",
        "2026/evening.html",
    ):
        assert f'href="{link}"' in index
        assert (site / link).is_file()


def test_the_tournament_page_shows_the_ranking_of_ranking_json(site: Path) -> None:
    """Every line of the ranking on the page is the line of 'tournament ranking --json'."""
    got = json.loads(
        run("tournament", "ranking", "--json", "--tournament", str(EXAMPLES / "tournament")).output
    )
    page = tables(_page(site, "preisskat"))
    rows = page.tables["t-ranking"][1:]
    assert len(rows) == len(got["ranking"])
    for row, line in zip(rows, got["ranking"], strict=True):
        series = [number(v) for _, v in sorted(line["series"].items())]
        want = [f"{line['place']}.", line["name"], line["club"], *series]
        want += [
            number(line["seeger_fabian"]),
            number(line["points"]),
            str(line["won"]),
            str(line["lost"]),
        ]
        assert row == want
    series_2 = json.loads(
        run(
            "tournament",
            "ranking",
            "--series",
            "2",
            "--json",
            "--tournament",
            str(EXAMPLES / "tournament"),
        ).output
    )
    assert [r[1] for r in page.tables["t-series-2"][1:]] == [x["name"] for x in series_2["ranking"]]
    assert "t-tables" in page.tables and "t-teams" in page.tables


def test_the_season_page_shows_the_standing_of_standing_json(site: Path) -> None:
    """The standing's places, names, counts and scores are those of 'season standing --json',
    with the season's rules in words above it."""
    got = json.loads(
        run("season", "standing", "--json", "--season", str(EXAMPLES / "season")).output
    )
    path = _page(site, "vereinsmeisterschaft")
    rows = tables(path).tables["t-standing"][1:]
    assert len(rows) == len(got["standing"])
    for row, line in zip(rows, got["standing"], strict=True):
        place = f"{line['place']}." if line["place"] is not None else "–"
        counts = [str(line[k]) for k in ("series", "evenings", "counted")]
        want = [place, line["name"], line["club"] or "", *counts, with_minus(line["score"])]
        assert row[:7] == want
    assert "the worst series is dropped" in path.read_text(encoding="utf-8")


def test_the_league_page_shows_the_table_of_table_json(site: Path) -> None:
    """The league table is 'league table --json'; each match day has its page."""
    got = json.loads(run("league", "table", "--json", "--league", str(EXAMPLES / "league")).output)
    path = _page(site, "kreisliga")
    rows = tables(path).tables["t-table"][1:]
    assert [(r[1], r[4]) for r in rows] == [
        (x["team"], with_minus(x["game_points"])) for x in got["table"]
    ]
    report = json.loads(
        run("league", "day", "report", "2", "--json", "--league", str(EXAMPLES / "league")).output
    )
    day = tables(path.parent / "day-2.html").tables["t-day"][1:]
    assert [r[1] for r in day] == [x["team"] for x in report["teams"]]


def test_a_table_s_list_is_its_sheet_and_a_player_has_a_page_with_a_rating(site: Path) -> None:
    """A table kept game by game has its sheet (the export's table of games); a player's page
    lists the events with the rating after each and draws the rating as a chart."""
    sheet = (_page(site, "preisskat").parent / "s1-t01.html").read_text(encoding="utf-8")
    assert 'class="sheet"' in sheet and "Ida" in sheet
    anna = (site / "players" / "anna.html").read_text(encoding="utf-8")
    assert "Preisskat Dezember" in anna and "<svg" in anna and "New Year&#x27;s Eve" in anna
    assert "<td>S1 260 · S2 30</td>" in anna  # each series of the tournament
    assert 'id="t-rating"' in anna


def test_a_season_s_alias_joins_two_spellings_on_one_player_page(site: Path) -> None:
    """'Hans Jürgen' is 'Hans-Jürgen' in the season: one page, which names the other
    spelling."""
    assert not (site / "players" / "hans-juergen-2.html").exists()
    page = (site / "players" / "hans-juergen.html").read_text(encoding="utf-8")
    assert "Also written: Hans Jürgen" in page


def test_every_link_of_every_page_leads_to_a_page_of_the_site(site: Path) -> None:
    """Every href is relative and names a file the site has (without a server: a static
    host serves the same files)."""
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 30
    for page in pages:
        for href in tables(page).links:
            assert "://" not in href, (page, href)
            target = (page.parent / href.partition("#")[0]).resolve()
            assert target.is_file(), (page, href)


def test_publishing_again_rewrites_only_the_pages_of_a_changed_list(tmp_path: Path) -> None:
    """Links are the same from run to run; the second run writes nothing, and after a game
    is taken back on one table's list only its sheet and the pages whose numbers it changes
    are written."""
    src = tmp_path / "tournament"
    shutil.copytree(EXAMPLES / "tournament", src)
    out = tmp_path / "site"
    assert run("publish", str(src), "--out", str(out)).exit_code == 0
    first = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    r = run("publish", str(src), "--out", str(out), "--lang", "en")
    assert "0 pages written" not in r.output  # English words: every page changes
    r = run("publish", str(src), "--out", str(out), "--lang", "en")
    assert r.output.endswith("0 pages written, 15 unchanged, 0 taken away\n"), r.output
    r = run("undo", "--ledger", str(src / "series-1" / "table-01.json"))
    assert r.exit_code == 0, r.output
    r = run("publish", str(src), "--out", str(out), "--lang", "en")
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html")) == first
    written = int(r.output.split(": ")[1].split()[0])
    assert 0 < written < 15
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "2026-12-05 · still playing: the numbers will change" in index
    assert (
        "2026/preisskat-dezember-2026-12-05/s1-t01.html"
        in json.loads((out / MANIFEST).read_text())["pages"]
    )


def test_a_page_no_longer_published_is_taken_away(tmp_path: Path) -> None:
    """A list taken out of the sources takes its page with it on the next run; the folder it
    stood in goes when empty."""
    src = tmp_path / "club"
    (src / "a").mkdir(parents=True)
    shutil.copy(EXAMPLES / "evening.json", src / "a" / "evening.json")
    shutil.copy(EXAMPLES / "pub-evening.json", src / "pub-evening.json")
    out = tmp_path / "site"
    assert run("publish", str(src), "--out", str(out), "--lang", "en").exit_code == 0
    assert (out / "2026" / "evening.html").is_file()
    (src / "a" / "evening.json").unlink()
    r = run("publish", str(src), "--out", str(out), "--lang", "en")
    assert "1 taken away" in r.output
    assert not (out / "2026" / "evening.html").exists()


def test_the_publish_file_shows_a_player_by_initials_and_leaves_one_off(tmp_path: Path) -> None:
    """publish.json: Hans is 'H.' without a page of his own, Gerd is on no page at all, and
    the sheets of Gerd's tables are not published; the others' numbers stay as they are."""
    src = tmp_path / "tournament"
    shutil.copytree(EXAMPLES / "tournament", src)
    (src / "publish.json").write_text(
        '{"format": "skatliste-publish", "version": 1, "initials": ["hans"], "hidden": ["Gerd"]}'
    )
    out = tmp_path / "site"
    r = run("publish", str(src), "--out", str(out), "--lang", "en")
    assert r.exit_code == 0, r.output
    for page in out.rglob("*.html"):
        assert "Gerd" not in page.read_text(encoding="utf-8"), page
    assert not (out / "players" / "gerd.html").exists()
    assert not (out / "players" / "hans.html").exists()
    ranking = tables(next(out.glob("*/*/index.html"))).tables["t-ranking"][1:]
    assert [r[1] for r in ranking] == ["Ida", "H.", "Anna", "Carl", "Frida", "Ben", "Dora", "Emil"]
    assert ranking[1][0] == "2."  # the places are the ranking's: Gerd's 8. is left out
    sheet = (next(out.glob("*/*/s2-t02.html"))).read_text(encoding="utf-8")
    assert "not every player is named here" in sheet


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (
            '{"format": "skatliste-publish", "version": 1, "hidden": "Gerd"}',
            "hidden: must be a list of names",
        ),
        (
            '{"format": "skatliste-publish", "version": 1, "initials": ["A"], "hidden": ["a"]}',
            "'A' is both",
        ),
        ("{not json", "line 1 column 2: not valid JSON"),
    ],
)
def test_a_wrong_publish_file_is_refused_with_its_place(
    tmp_path: Path, content: str, said: str
) -> None:
    """A publish file that is not what it should be stops the run (exit 2) with the file and
    the reason; no site is written."""
    src = tmp_path / "club"
    src.mkdir()
    shutil.copy(EXAMPLES / "evening.json", src / "evening.json")
    (src / "publish.json").write_text(content)
    r = run("publish", str(src), "--out", str(tmp_path / "site"), "--lang", "en")
    assert r.exit_code == 2
    assert "publish.json" in r.stderr and said in r.stderr, r.stderr
    assert not (tmp_path / "site").exists()


def _corrupt(src: Path) -> str:
    (src / "broken.json").write_text('{"format": "skatliste", "version": 1, "players": 7}\n')
    return "broken.json"


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda src: "missing", "missing: no such file or folder"),
        (lambda src: (src / "notes.txt").write_text("x") and "notes.txt", "not a skatliste list"),
        (_corrupt, "broken.json"),
        (lambda src: (src / "empty").mkdir() or "empty", "no list, tournament, season or league"),
    ],
)
def test_a_bad_source_is_refused_with_its_file_and_nothing_is_written(
    tmp_path: Path, make: Any, said: str
) -> None:
    """A path that is no source, or a list the reader refuses: exit 2, the file named on
    stderr, no site folder made."""
    src = tmp_path / "src"
    src.mkdir()
    name = make(src)
    r = run("publish", str(src / name), "--out", str(tmp_path / "site"), "--lang", "en")
    assert r.exit_code == 2, r.output
    assert said in r.stderr
    assert not (tmp_path / "site").exists()


def test_a_source_given_twice_is_refused(tmp_path: Path) -> None:
    """``publish examples/tournament examples/tournament`` (or the same by another path) is
    refused naming both, as a season refuses a list given twice; no site is made."""
    src = EXAMPLES / "tournament"
    other = src.parent / ".." / src.parent.name / "tournament"
    r = run("publish", str(src), str(other), "--out", str(tmp_path / "site"), "--lang", "en")
    assert r.exit_code == 2, r.output
    assert f"{other} is given twice (as {src}): give each source once" in r.stderr
    assert not (tmp_path / "site").exists()


def test_a_folder_of_other_files_is_never_written_into(tmp_path: Path) -> None:
    """The site's folder must be new, empty or an earlier site: a folder of someone's files
    is refused before anything is read."""
    out = tmp_path / "www"
    out.mkdir()
    (out / "index.html").write_text("the club's own page")
    r = run("publish", str(EXAMPLES / "evening.json"), "--out", str(out), "--lang", "en")
    assert r.exit_code == 2 and "did not publish" in r.stderr
    assert (out / "index.html").read_text() == "the club's own page"


def test_the_site_speaks_german_by_default() -> None:
    """Without --lang the pages are German: the index's groups, the tables' heads."""
    from skatliste.web.published import pages

    got = pages(build([EXAMPLES / "tournament"]), "de")
    index = got["index.html"]
    assert "Turniere" in index and 'lang="de"' in index
    assert "Platz" in got["2026/preisskat-dezember-2026-12-05/index.html"]


def test_links_are_slugs_of_names_and_dates() -> None:
    """A page's name comes from the event's name (and a tournament's date): the same from run
    to run, readable, ASCII."""
    assert slug("Preisskat Dezember 2026-12-05") == "preisskat-dezember-2026-12-05"
    assert slug("Kreuz Bube — Ü30!") == "kreuz-bube-ue30"
    assert slug("§§") == "x"


def test_watch_publishes_again_when_a_table_s_list_changes(tmp_path: Path) -> None:
    """'publish --watch' keeps running; a game taken back at a table is on the site within a
    few seconds (the sheet and the ranking drawn again), and Ctrl-C stops it (exit 0)."""
    src = tmp_path / "tournament"
    shutil.copytree(EXAMPLES / "tournament", src)
    out = tmp_path / "site"
    env = {**os.environ, "SKATLISTE_LANG": "en"}
    cmd = [sys.executable, "-m", "skatliste", "publish", str(src), "--out", str(out), "--watch"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    said: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in proc.stdout or ():
            said.put(line.decode())

    reader = threading.Thread(target=read)
    reader.start()
    try:
        first = said.get(timeout=30)  # the first run, then it watches
        assert first.startswith(f"{out}: 15 pages written")
        sheet = out / "2026" / "preisskat-dezember-2026-12-05" / "s1-t01.html"
        before = sheet.read_text(encoding="utf-8")
        assert run("undo", "--ledger", str(src / "series-1" / "table-01.json")).exit_code == 0
        again = said.get(timeout=15)
        assert again.startswith(f"{out}: ") and "0 taken away" in again
        assert sheet.read_text(encoding="utf-8") != before
        assert proc.poll() is None  # still watching
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        proc.wait(timeout=10)
        reader.join(timeout=10)
    assert proc.returncode == 0  # stopping it is no error


def test_a_tournament_s_prizes_from_its_publish_file_are_those_of_tournament_prizes(
    tmp_path: Path,
) -> None:
    """publish.json in a tournament folder gives the prize of each place: the page's prize
    list is 'tournament prizes --amounts' of the same amounts."""
    src = tmp_path / "tournament"
    shutil.copytree(EXAMPLES / "tournament", src)
    (src / "publish.json").write_text(
        '{"format": "skatliste-publish", "version": 1, "prizes": ["45", "27,00", "18.00"]}'
    )
    out = tmp_path / "site"
    assert run("publish", str(src), "--out", str(out), "--lang", "en").exit_code == 0
    rows = tables(next(out.glob("*/*/index.html"))).tables["t-prizes"][1:]
    cli = run(
        "tournament", "prizes", "--amounts", "45,27,18", "--tournament", str(src), "--lang", "en"
    )
    lines = cli.output.splitlines()[2 : 2 + len(rows)]
    assert rows == [line.split() for line in lines]
    assert [r[1:] for r in rows] == [["Ida", "€45.00"], ["Hans", "€27.00"], ["Anna", "€18.00"]]


def test_a_source_broken_after_a_run_leaves_the_site_as_it_was(tmp_path: Path) -> None:
    """The second run meets a list its reader refuses: exit 2 with the file and the reason,
    and not one page of the site is touched (everything is derived before anything is
    written)."""
    src = tmp_path / "club"
    src.mkdir()
    shutil.copy(EXAMPLES / "evening.json", src / "evening.json")
    out = tmp_path / "site"
    assert run("publish", str(src), "--out", str(out), "--lang", "en").exit_code == 0
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    (src / "evening.json").write_text('{"format": "skatliste", "version": 1, "players": 7}')
    r = run("publish", str(src), "--out", str(out), "--lang", "en")
    assert r.exit_code == 2 and "evening.json" in r.stderr
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*")} == before


def test_a_folder_of_lists_not_played_yet_is_nothing_to_publish(tmp_path: Path) -> None:
    """A list started and not played has no page; a site of nothing is refused, not written
    empty."""
    src = tmp_path / "club"
    src.mkdir()
    assert (
        run("new", "--players", "Anna", "Ben", "Carl", "--ledger", str(src / "a.json")).exit_code
        == 0
    )
    r = run("publish", str(src), "--out", str(tmp_path / "site"), "--lang", "en")
    assert r.exit_code == 2 and "nothing to publish" in r.stderr
    assert not (tmp_path / "site").exists()


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*")
            if p.is_file() and p.name != MANIFEST}  # fmt: skip


def test_a_site_published_again_is_the_site_published_from_nothing(tmp_path: Path) -> None:
    """Publishing again reads only the sources whose files changed and keeps the others'
    summaries in the manifest: after a list of a season changed, a tournament's table, the
    publish file, and a new list whose player takes another's page name, the site is byte
    for byte the one a first run writes."""
    club = tmp_path / "club"
    shutil.copytree(EXAMPLES, club)
    site = tmp_path / "site"

    def again() -> Result:
        r = run("publish", str(club), "--out", str(site), "--lang", "en")
        assert r.exit_code == 0, r.output
        fresh = tmp_path / "fresh"
        shutil.rmtree(fresh, ignore_errors=True)
        assert run("publish", str(club), "--out", str(fresh), "--lang", "en").exit_code == 0
        assert _files(site) == _files(fresh)
        return r

    again()
    assert (
        run(
            "undo", "--ledger", str(club / "season" / "abende" / "2027-01-22-tisch2.json")
        ).exit_code
        == 0
    )
    r = again()
    assert ": 6 pages written" in r.output  # its sheet, the season, three players, the players
    assert (
        run("undo", "--ledger", str(club / "tournament" / "series-2" / "table-02.json")).exit_code
        == 0
    )
    again()
    (club / "publish.json").write_text(
        '{"format": "skatliste-publish", "version": 1, "hidden": ["Ben"]}'
    )
    again()
    # a new player whose page takes the name of another's: the pages linking to it are read
    # again, though their files did not change
    new = str(club / "abend.json")
    assert run("new", "--players", "Hans Juergen", "Ida", "Jan", "--ledger", new).exit_code == 0
    assert run("add", "--ledger", new, "ida", "grand", "mit", "1").exit_code == 0
    again()
    assert "Hans Juergen" in (site / "players" / "hans-juergen.html").read_text(encoding="utf-8")
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert len(manifest["sources"]) == len(build([club]).summaries)
