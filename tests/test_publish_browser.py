"""The published site in Chromium on a phone: every link of every page reached from the
index opens a page of the site, axe-core finds nothing against WCAG 2.1 AA on each kind of
page, and no page scrolls sideways (a wide table scrolls in its own box)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from skatliste.cli import cli

from .conftest import EXAMPLES
from .test_page_fit import PHONE, axe_problems
from .webtools import CHROMIUM_ARGS, chromium_path

SCREENSHOTS = os.environ.get("SKATLISTE_SCREENSHOTS")
"""Set by 'make screenshots': the folder the README's pictures are written to."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("browser") / "site"
    r = CliRunner().invoke(cli, ["publish", str(EXAMPLES), "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        pytest.fail("no chromium: 'make test' installs Debian's chromium (apt-get, as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, locale="de-DE")
        context.set_default_timeout(10_000)
        try:
            yield context.new_page()
        finally:
            browser.close()


LOOK = """() => ({
  links: [...document.querySelectorAll('a[href]')].map((a) => a.href),
  wide: document.scrollingElement.scrollWidth - innerWidth,
  h1: document.querySelectorAll('h1').length })"""
"""One look at a page: its links, how far it scrolls sideways, its headings of level 1."""


def test_every_link_from_the_index_opens_a_page_of_the_site(site: Path, phone: Any) -> None:
    """Crawled from the index: every link leads to a file of the site that opens, and every
    page of the site is reached; none scrolls sideways on a phone."""
    root = site.resolve().as_uri()
    todo, seen = [f"{root}/index.html"], set()
    while todo:
        url = todo.pop().partition("#")[0]
        if url in seen:
            continue
        seen.add(url)
        assert url.startswith(root + "/"), url
        response = phone.goto(url)  # "load": the style sheet applied
        assert response is None or response.ok, url
        got = phone.evaluate(LOOK)
        assert got["h1"] == 1 and got["wide"] <= 0, (url, got)
        todo.extend(got["links"])
    pages = {p.resolve().as_uri() for p in site.rglob("*.html")}
    assert seen == pages


@pytest.mark.parametrize(
    "page",
    [
        "index.html",
        "players/index.html",
        "players/anna.html",
        "2026/preisskat-dezember-2026-12-05/index.html",
        "2026/preisskat-dezember-2026-12-05/s1-t01.html",
        "2027/vereinsmeisterschaft-2027/index.html",
        "2027/kreisliga-nord-2027/index.html",
        "2027/kreisliga-nord-2027/day-1.html",
        "2026/american-grand.html",
    ],
)
def test_each_kind_of_page_passes_axe(site: Path, phone: Any, page: str) -> None:
    """axe-core finds nothing against WCAG 2.1 A and AA: the index, the players, a player,
    a tournament, a table's sheet, a season, a league, a match day, a list."""
    phone.goto((site / page).resolve().as_uri())
    assert axe_problems(phone) == []


def test_the_tournament_page_on_a_phone_shows_the_ranking_first(site: Path, phone: Any) -> None:
    """On a phone the tournament's page opens with its name, the way back and the ranking,
    the players' names linked to their pages (the README's picture, with 'make
    screenshots'); printed, the way back is left out."""
    phone.goto((site / "2026/preisskat-dezember-2026-12-05/index.html").resolve().as_uri())
    assert phone.locator("h1").inner_text() == "Preisskat Dezember"
    first = phone.locator("#t-ranking tbody tr").first
    assert first.locator("td").nth(1).inner_text() == "Ida"
    assert first.locator("a").get_attribute("href") == "../../players/ida.html"
    if SCREENSHOTS:
        phone.screenshot(path=str(Path(SCREENSHOTS) / "publish-phone.png"))
    phone.emulate_media(media="print")  # printed: the tables, without the way back
    try:
        assert not phone.locator("header.site").is_visible()
        assert phone.locator("#t-ranking").is_visible()
    finally:
        phone.emulate_media(media="screen")
