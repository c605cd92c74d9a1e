"""The double list at a table in a real browser (Chromium at 390 × 850): two keepers, two
pages, each entering on a list of its own; the page shows live where the lists differ, marks
the differing game, and the players sign on it."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from skatliste.web.server import create_app

from .webtools import CHROMIUM_ARGS, KEY, chromium_path, live_server

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

PHONE: ViewportSize = {"width": 390, "height": 850}
SCREENSHOTS = os.environ.get("SKATLISTE_SCREENSHOTS")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        pytest.fail("no chromium: 'make test' installs Debian's chromium (apt-get, as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile,
            executable_path=str(executable),
            args=CHROMIUM_ARGS,
            headless=True,
            viewport=PHONE,
            locale="de-DE",
        )
        context.set_default_timeout(10_000)
        try:
            yield context
        finally:
            context.close()


def _enter(page: Any, declarer: str, words: str, number: int) -> None:
    from playwright.sync_api import expect

    page.bring_to_front()  # a page behind another waits for its frames: taps are slow there
    page.locator(f'#players [data-player="{declarer}"]').click()
    page.locator("#words").fill(words)
    page.locator("#btn-enter").click()
    expect(page.locator("#toast")).to_have_text(f"Spiel {number} eingetragen")


def test_two_keepers_see_live_where_their_lists_differ(
    browser: Any, fresh_ledger: Path, tmp_path: Path
) -> None:
    """Keeper A opens the second list's link from the page; both enter the same two games but
    B writes game 2 without Hand: both pages name game 2 within seconds and mark it on the
    sheet; B corrects it and both say the lists agree; the players sign on A's page, which then
    takes no game until it is reopened there."""
    from playwright.sync_api import expect

    second = fresh_ledger.with_name("list.b.json")
    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        a = browser.new_page()
        a.goto(f"{url}/#key={KEY}")
        a.locator("#second-list summary").click()
        expect(a.locator("#second-list .qr svg")).to_be_visible()
        link = a.locator("#second-link").get_attribute("href")
        assert link == f"{url}/b/#key={KEY}"
        b = browser.new_page()
        b.goto(link)
        expect(b.locator("#entry")).to_be_visible()
        expect(b.locator("#agree")).to_contain_text("zweite Liste")
        assert second.exists()

        _enter(a, "Anna", "kreuz mit 2", 1)
        _enter(a, "Ben", "grand mit 1 hand", 2)
        _enter(b, "Anna", "kreuz mit 2", 1)
        _enter(b, "Ben", "grand mit 1", 2)
        differs = 'Spiel 2: A "Ben grand mit 1 hand" +72 — B "Ben grand mit 1" +48'
        expect(a.locator("#agree-pair")).to_contain_text(differs)
        expect(b.locator("#agree-pair")).to_contain_text(differs)
        expect(a.locator('#sheet li.differs[data-number="2"]')).to_have_count(1)
        expect(b.locator("#sheet li.differs")).to_have_count(1)
        if SCREENSHOTS:
            b.screenshot(path=str(Path(SCREENSHOTS) / "phone-double-list.png"), full_page=True)
        box = b.locator("#agree").bounding_box()
        assert box is not None and box["width"] <= PHONE["width"]

        b.bring_to_front()
        b.locator('#sheet [data-open="2"]').click()
        b.locator('#sheet [data-edit="2"]').click()
        b.locator("#words").fill("grand mit 1 hand")
        b.locator("#btn-enter").click()
        expect(a.locator("#agree-pair")).to_have_text("die Listen stimmen überein: 2 Spiele")
        expect(b.locator("#agree-pair")).to_have_text("die Listen stimmen überein: 2 Spiele")
        expect(a.locator("#sheet li.differs")).to_have_count(0)

        a.bring_to_front()
        for name in ("Anna", "Ben", "Carl"):
            a.locator(f'#signers [data-sign="{name}"]').click()
            expect(a.locator(f'#signers [data-sign="{name}"]')).to_be_disabled()
        expect(a.locator("#signed-line")).to_contain_text("unterschrieben von Anna, Ben, Carl")
        # a write's answer carries no key: the page keeps the second list's link it read
        expect(a.locator("#second-link")).to_have_attribute("href", link)
        expect(a.locator("#entry")).to_be_hidden()  # closed: no game is entered
        expect(a.locator("#agree")).to_contain_text("Die Liste ist geschlossen")
        expect(a.locator("#say")).to_have_text(  # what a screen reader says
            "Carl hat unterschrieben. Die Liste ist geschlossen: alle haben unterschrieben"
        )
        signed = json.loads(fresh_ledger.read_text(encoding="utf-8"))["agreement"]
        assert [f["player"] for f in signed] == ["Anna", "Ben", "Carl"]
        a.locator("#reopen-why").fill("Spiel 3 vergessen")
        a.locator("#reopen-form button").click()
        expect(a.locator("#entry")).to_be_visible()
        expect(a.locator('#signers [data-sign="Anna"]')).to_be_enabled()
        expect(a.locator("#say")).to_have_text("Die Liste ist wieder offen.")
        a.close()
        b.close()
