"""``skatliste serve --season DIR``: the standing and each player's page, read-only, and the
watcher that redraws them when an evening's list changes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from skatliste.app import lists
from skatliste.app import season as app
from skatliste.web.season import SeasonWatcher
from skatliste.web.server import create_app

from .conftest import EXAMPLES, Run


@pytest.fixture
def season(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    shutil.copytree(EXAMPLES / "season", folder)
    return folder


@pytest.fixture
def client(season: Path) -> TestClient:
    return TestClient(create_app(season=season))


def test_the_standing_page_links_every_player(client: TestClient) -> None:
    page = client.get("/?lang=en")
    assert page.status_code == 200
    assert "Vereinsmeisterschaft 2027 · 4 evenings" in page.text
    assert '<a href="/player/Hans-J%C3%BCrgen?lang=en">Hans-Jürgen</a>' in page.text
    assert '<tr class="unranked">' in page.text  # Gerd, one evening
    assert "season.js" in page.text and "<script>" not in page.text  # no inline script


def test_a_player_page_shows_every_series_and_the_statistics(client: TestClient) -> None:
    page = client.get("/player/hans%20j%C3%BCrgen?lang=en")
    assert page.status_code == 200
    assert "Hans-Jürgen: place 4., 224 from 2 of 3 series on 3 evenings" in page.text
    assert page.text.count("<td>dropped</td>") == 1
    assert "Statistics of the season" in page.text
    assert '<table class="summary" id="by-game">' in page.text
    missing = client.get("/player/Zoe?lang=en")
    assert missing.status_code == 422
    assert missing.json() == {"error": "no player 'Zoe' in the season"}


def test_the_json_is_the_cli_s(client: TestClient, season: Path) -> None:
    assert client.get("/api/season").json() == app.standing_json(app.standing(season))
    anna = client.get("/api/season/player/Anna").json()
    assert anna["name"] == "Anna" and len(anna["series"]) == 4


def test_nothing_is_written_through_the_season_pages(client: TestClient) -> None:
    assert client.post("/api/season", json={}).status_code == 405
    assert client.post("/api/games", json={"words": "anna null"}).status_code == 404


def test_the_watcher_sees_an_evening_s_list_change(season: Path) -> None:
    """A game added to a list of the 15th, a list made elsewhere and added to the season:
    each is a change; looking again without one is none."""
    watcher = SeasonWatcher(season)
    assert watcher.look() is False
    lists.add_game(season / "abende" / "2027-01-15-tisch1.json", "anna", "null".split())
    assert watcher.look() is True and watcher.version == 1
    assert watcher.look() is False
    other = season.parent / "2027-02-05.json"
    lists.new_list(other, ["Anna", "Ben", "Carl"])
    app.add_evening(season, [other], day="2027-02-05")
    assert watcher.look() is True
    lists.add_game(other, "ben", "null".split())
    assert watcher.look() is True and watcher.version == 3


def test_a_broken_season_file_is_still_watched(season: Path) -> None:
    watcher = SeasonWatcher(season)
    (season / "season.json").write_text("{")
    assert watcher.look() is True
    assert watcher.look() is False


def test_serve_refuses_a_key_with_a_season(run: Run, season: Path) -> None:
    result = run("serve", "--season", str(season), "--key", "0123456789abcdef0123", "--lang", "en")
    assert result.exit_code == 2
    assert "--season serves a season read-only" in result.stderr
    missing = run("serve", "--season", str(season.parent), "--lang", "en")
    assert missing.exit_code == 2 and "no season here" in missing.stderr


def test_the_standing_page_follows_an_evening_s_list_in_a_browser(season: Path, run: Run) -> None:
    """Opened in Chromium at 390 px: a game added to a list of the 15th (Ben wins a Grand mit
    1, +48 + 50 = 98 Seeger-Fabian: his counted 210, 237 and 114 make 561 + 98 = 659) redraws
    the page within a second."""
    from playwright.sync_api import expect, sync_playwright

    from .webtools import CHROMIUM_ARGS, chromium_path, live_server

    executable = chromium_path()
    assert executable is not None, "make test installs Debian's chromium"
    with sync_playwright() as pw, live_server(create_app(season=season)) as url:
        browser = pw.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 850})
            page.set_default_timeout(10_000)
            page.goto(url + "/?lang=en")
            ben = page.locator("#season tr", has_text="Ben")
            expect(ben).to_contain_text("561")
            expect(page.locator("#live")).not_to_have_class("live off")
            listed = season / "abende" / "2027-01-15-tisch1.json"
            added = run("add", "ben", "grand", "mit", "1", "augen", "70", "--ledger", str(listed))
            assert added.exit_code == 0, added.output
            expect(ben).to_contain_text("659")
            page.locator("a", has_text="Ben").click()
            expect(page.locator("#stats")).to_contain_text("Ben")
        finally:
            browser.close()
