"""The phone page in a real browser: Debian's Chromium driven by Playwright at 390 × 850."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from skatliste.web.server import create_app

from .conftest import Run
from .webtools import CHROMIUM_ARGS, KEY, chromium_path, live_server

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

PHONE: ViewportSize = {"width": 390, "height": 850}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module, with a fresh profile of its own."""
    executable = chromium_path()
    if executable is None:
        pytest.skip("no chromium: 'make test' installs Debian's chromium (apt-get)")
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


def test_page_shows_totals_and_follows_the_cli(browser: Any, fresh_ledger: Path, run: Run) -> None:
    """A page opened without the key watches: its totals follow a game added in the terminal."""
    from playwright.sync_api import expect

    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        page = browser.new_page()
        page.goto(url + "/")
        expect(page.locator("#readonly")).to_be_visible()
        expect(page.locator("#entry")).to_be_hidden()
        expect(page.locator('.chip[data-player="Anna"] .points')).to_have_text("0")
        run("add", "anna", "kreuz", "mit", "2", "hand", "--ledger", str(fresh_ledger))
        expect(page.locator('.chip[data-player="Anna"] .points')).to_have_text("+48")
        expect(page.locator("#sheet li")).to_have_count(1)
        page.close()
