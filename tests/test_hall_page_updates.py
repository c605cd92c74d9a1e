"""The phone page follows its list by versions, in a real browser at 390 × 850: after the first
reading it asks only for what changed (``?since=``), each answer a few KB; the chart is read
again when it comes on the screen."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from skatliste.app import lists
from skatliste.web.server import create_app

from .webtools import CHROMIUM_ARGS, KEY, chromium_path, kept_with, live_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        pytest.fail("no chromium: 'make test' installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile,
            executable_path=str(executable),
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 390, "height": 850},
            locale="de-DE",
        )
        context.set_default_timeout(10_000)
        try:
            yield context
        finally:
            context.close()


def test_the_page_reads_only_what_changed(browser: Any, tmp_path: Path) -> None:
    """A list of 60 games: the page reads it whole once; each game added in the terminal
    arrives as one small answer to ``?since=``, and the totals and the sheet are those of the
    whole list; the chart is read when the summary is opened."""
    from playwright.sync_api import expect

    path = tmp_path / "long.json"
    lists.new_list(path, ["Anna", "Ben", "Carl"])
    for n in range(60):
        lists.add_game(path, ["Anna", "Ben", "Carl"][n % 3], ["grand", "mit", "1"])
    answers: list[tuple[str, int, int]] = []
    with live_server(create_app(path, key=KEY)) as url:
        page = browser.new_page()

        def seen(response: Any) -> None:
            if "/api/list" in response.url or "/api/chart" in response.url:
                body = b"" if response.status == 304 else response.body()
                answers.append((response.url, response.status, len(body)))

        page.on("response", seen)
        page.goto(url + "/")
        expect(page.locator("#sheet li")).to_have_count(60)
        for n in range(3):
            lists.add_game(path, "Ben", ["null"])
            expect(page.locator("#sheet li")).to_have_count(61 + n)
        truth = httpx.get(url + "/api/list").json()
        for player in ("Anna", "Ben", "Carl"):
            expect(page.locator(f"#totals [data-player='{player}'] .points")).to_have_text(
                truth["totals_text"][player]
            )
        whole = [a for a in answers if "since=" not in a[0] and "/api/list" in a[0]]
        followed = [a for a in answers if "since=" in a[0]]
        assert len(whole) == 1 and whole[0][2] > 20_000
        assert len(followed) >= 3 and all(size <= 4096 for _, _, size in followed)
        with page.expect_response(lambda r: "/api/chart" in r.url) as chart:
            page.click("#tab-summary")
            page.locator("#chart").scroll_into_view_if_needed()
        assert chart.value.status == 200
        expect(page.locator("#chart svg")).to_be_visible()
        page.close()


def test_the_page_opens_offline_with_the_last_list_it_showed(browser: Any, tmp_path: Path) -> None:
    """A game that reached the page as a change (``?since=``) is in the list the page shows
    after a reload without the server: the page keeps what it shows for the service worker."""
    from playwright.sync_api import expect

    path = tmp_path / "friday.json"
    lists.new_list(path, ["Anna", "Ben", "Carl"])
    lists.add_game(path, "Anna", ["grand", "mit", "1"])
    page = browser.new_page()
    with live_server(create_app(path, key=KEY)) as url:
        page.goto(f"{url}/#key={KEY}")
        expect(page.locator("body")).to_have_attribute("data-offline", "ready")
        expect(page.locator("#sheet li")).to_have_count(1)
        with page.expect_response(lambda r: "since=" in r.url):
            lists.add_game(path, "Ben", ["null"])
        expect(page.locator("#sheet li")).to_have_count(2)
        kept_with(page, 2)  # kept a second after the last change shown
    page.reload()
    expect(page.locator("#sheet li")).to_have_count(2)
    page.close()
