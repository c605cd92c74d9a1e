"""The pairing link in a real browser: the page trades the link's one-time code for the key,
takes the code out of the address, and writes with the key; the browser's address, its
session history and Chromium's History database hold a spent code at most, never a key."""

from __future__ import annotations

import re
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from skatliste.app import tournament as tournament_app
from skatliste.app.keys import key_path, list_key, tournament_keys, tournament_keys_path
from skatliste.web.server import create_app

from .webtools import CHROMIUM_ARGS, chromium_path, live_server


@pytest.fixture
def profile() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def launch(pw: Any, profile: Path) -> Any:
    """Chromium with a profile of its own (its History database is read afterwards)."""
    executable = chromium_path()
    if executable is None:
        pytest.fail("no chromium: 'make test' installs Debian's chromium (apt-get, as root)")
    context = pw.chromium.launch_persistent_context(
        str(profile),
        executable_path=str(executable),
        args=CHROMIUM_ARGS,
        headless=True,
        viewport={"width": 390, "height": 850},
        locale="de-DE",
    )
    context.set_default_timeout(10_000)
    return context


def visited(profile: Path) -> list[str]:
    """Every address Chromium's History database keeps (read after the browser closed)."""
    with sqlite3.connect(profile / "Default" / "History") as db:
        return [row[0] for row in db.execute("SELECT url FROM urls")]


def test_a_pairing_link_leaves_no_key_in_the_history(fresh_ledger: Path, profile: Path) -> None:
    """Open the link: the page has the key (a pass is saved), the address holds neither code
    nor key, the code is spent, and the History database holds no key."""
    from playwright.sync_api import expect, sync_playwright

    key, _ = list_key(fresh_ledger)
    app = create_app(fresh_ledger, key_file=key_path(fresh_ledger))
    code = app.state.fragments(["list"])["list"].removeprefix("pair=")
    with live_server(app) as url, sync_playwright() as pw:
        context = launch(pw, profile)
        page = context.new_page()
        page.goto(f"{url}/#pair={code}")
        expect(page.locator("#entry")).to_be_visible()
        assert page.evaluate("location.href") == f"{url}/"
        assert page.evaluate("location.hash") == ""
        assert key not in str(page.evaluate("[location.href, history.state, history.length]"))
        page.locator("#btn-pass").click()
        expect(page.locator("#toast")).to_have_text("Spiel 1 eingetragen")
        again = httpx.post(f"{url}/api/pair", json={"code": code}, timeout=5)
        assert again.status_code == 403  # spent: the history's copy opens nothing

        page.reload()  # the key is kept for the tab's session, as a #key= link's
        expect(page.locator("#entry")).to_be_visible()

        # the paired phone shows a code for another phone of the same list
        another = page.locator("#another-link")
        expect(another).to_have_attribute("href", re.compile(r"#pair="))
        link = another.get_attribute("href") or ""
        assert key not in link and code not in link
        other = context.new_page()
        other.goto(link)
        expect(other.locator("#entry")).to_be_visible()
        assert other.evaluate("location.href") == f"{url}/"
        other.locator("#btn-pass").click()
        expect(other.locator("#toast")).to_have_text("Spiel 2 eingetragen")
        fresh = re.compile(r"#pair=(?!" + re.escape(link.partition("#pair=")[2]) + "$)")
        expect(another).to_have_attribute("href", fresh)  # the spent code replaced

        spent = context.new_page()  # the same link again (from the history): refused, said why
        spent.goto(f"{url}/#pair={code}")
        expect(spent.locator("#readonly")).to_contain_text("aktuellen QR-Code")
        context.close()
    urls = visited(profile)
    assert urls and not any(key in u for u in urls)


def test_the_organiser_pairs_and_a_table_pairs_from_its_link(tmp_path: Path, profile: Path) -> None:
    """The organiser's link pairs the organiser's page; a table's link shown there pairs the
    table's page, which saves a game; the organiser's page then shows a fresh code."""
    from playwright.sync_api import expect, sync_playwright

    folder = tmp_path / "preisskat"
    tournament_app.new_tournament(folder, name="Preisskat", date="2026-12-05", seed=3)
    for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"):
        tournament_app.add_player(folder, name)
    plan = tournament_app.draw_series(folder, 1)
    keys = tournament_keys(folder, len(plan.tables))
    app = create_app(tournament=folder, key_file=tournament_keys_path(folder))
    organiser_code = app.state.fragments(["organiser"])["organiser"]
    with live_server(app) as url, sync_playwright() as pw:
        context = launch(pw, profile)
        organiser = context.new_page()
        organiser.goto(f"{url}/#{organiser_code}")
        expect(organiser.locator("#plan .qr svg")).to_have_count(2)
        assert organiser.evaluate("location.href") == f"{url}/"
        link = next(a for a in organiser_links(organiser) if "/series/1/table/1/#pair=" in a)
        assert keys.seats[(1, 1)] not in link

        table = context.new_page()
        table.goto(link)
        expect(table.locator("#entry")).to_be_visible()
        assert table.evaluate("location.href") == f"{url}/series/1/table/1/"
        table.locator("#btn-pass").click()
        expect(table.locator("#toast")).to_have_text("Spiel 1 eingetragen")
        expect(organiser.locator('#tables li[data-table="1-1"] .val')).to_have_text("1/36")
        fresh = next(a for a in organiser_links(organiser) if "/series/1/table/1/#pair=" in a)
        assert fresh != link
        context.close()
    urls = visited(profile)
    assert not any(k in u for u in urls for k in [keys.organiser, *keys.seats.values()])


def organiser_links(page: Any) -> list[str]:
    """The table links the organiser's page shows to print (text and addresses)."""
    found: list[str] = page.evaluate(
        "[...document.querySelectorAll('#plan a, #plan .link, #tables a')]"
        ".map(a => a.href || a.textContent)"
    )
    return found
