"""The phone page at 390 × 850 in both themes, as a new user's screenshots found it: every
control named, text contrast at least WCAG AA (axe-core, injected from the tests' own copy),
usable at 200 % zoom without sideways scrolling; names never cut; the strip two lines at most;
the words field on screen; the chart in the page's colours; a refused tap said under the thumb;
a Ramsch previewed; the organiser's ranking on a phone and its printed seating plan."""

from __future__ import annotations

import os
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
ZOOMED: ViewportSize = {"width": 195, "height": 425}
"""The same phone at 200 % zoom: half as many CSS pixels each way."""
AXE = Path(os.environ.get("SKATLISTE_AXE", ".venv/axe/node_modules/axe-core/axe.min.js"))
THEMES = ["light", "dark"]
LONG_NAMES = ["Friederike", "Maximilian", "Bartholomäus", "Anna-Lena"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        pytest.fail("no chromium: 'make test' installs Debian's chromium (apt-get, as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(params=THEMES)
def phone(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A phone in the light or the dark theme (the page follows the phone's)."""
    context = browser.new_context(viewport=PHONE, locale="de-DE", color_scheme=request.param)
    context.set_default_timeout(10_000)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def light_phone(browser: Any) -> Iterator[Any]:
    """A phone in the light theme, for what the theme does not change (sizes, places)."""
    context = browser.new_context(viewport=PHONE, locale="de-DE", color_scheme="light")
    context.set_default_timeout(10_000)
    try:
        yield context
    finally:
        context.close()


def axe_problems(page: Any) -> list[str]:
    """What axe-core finds against WCAG 2.1 A and AA on the page as it shows now: each rule
    broken, with the elements that break it."""
    if not AXE.is_file():
        pytest.fail(
            f"no axe-core at {AXE}: 'make test' installs it (npm install --prefix .venv/axe "
            "axe-core), or set SKATLISTE_AXE to its axe.min.js"
        )
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # by DevTools: the page's CSP allows it
    found = page.evaluate(
        """async () => (await axe.run(document, {
             runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
             resultTypes: ["violations"] })).violations
           .map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", "))"""
    )
    problems: list[str] = found
    return problems


CUT = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getClientRects().length && !e.closest('.scrolls, svg, option'))
  .filter((e) => e.getBoundingClientRect().right > innerWidth + 1
              || (e.matches('button, .what, .val, .info, legend, label, h2, h3, p')
                  && e.scrollWidth > e.clientWidth + 1))
  .map((e) => e.id || e.className || e.textContent.trim().slice(0, 20))"""
"""What reaches past the window's right edge or out of its own box (cut, or clipped by the
page), outside the boxes that scroll by design (a wide table in its card)."""


def no_sideways_scrolling(page: Any) -> int:
    """How far the page scrolls sideways (0), after checking that nothing is cut instead."""
    assert page.evaluate(CUT) == []
    overflow: int = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return overflow


def four_long_names(tmp_path: Path, *, rules: str = "isko") -> Path:
    from skatliste.app import lists

    path = tmp_path / "four.json"
    lists.new_list(path, LONG_NAMES, rules=lists.rules_of(rules))
    for who, words in (
        ("maximilian", "kreuz mit 2 hand"),
        ("bartholomäus", "grand ohne 1 verloren"),
        ("anna-lena", "herz ohne 3 augen 61"),
    ):
        lists.add_game(path, who, words.split())
    return path


def test_every_control_is_named_and_every_text_contrasts(phone: Any, tmp_path: Path) -> None:
    """axe-core finds nothing against WCAG 2.1 AA on the game tab (a game tapped, its preview
    shown, a refused tap said, entries in the outbox: one waiting, one refused on arrival) and
    on the summary tab."""
    from playwright.sync_api import expect

    path = four_long_names(tmp_path)
    with live_server(create_app(path, key=KEY)) as url:
        page = phone.new_page()
        page.goto(f"{url}/#key={KEY}")
        expect(page.locator("#sheet li.game")).to_have_count(3)
        games = "**/api/games?*"
        page.route(games, lambda route: route.abort())  # no answer: kept
        for _ in range(2):
            page.locator('#players [data-player="Friederike"]').click()
            page.locator('[data-game="null"]').click()
            page.locator("#btn-enter").click()
        expect(page.locator("#outbox li.waiting")).to_have_count(2)
        page.unroute(games)
        page.route(games, lambda route: route.fulfill(status=409, json={"error": "Tisch zu"}))
        page.evaluate("dispatchEvent(new Event('online'))")  # the page tries again at once
        expect(page.locator("#outbox li.refused")).to_contain_text("Abgelehnt: Tisch zu")
        for selector in (
            '#players [data-player="Friederike"]',
            '[data-game="hearts"]',
            '#spitzen [data-n="1"]',
        ):
            page.locator(selector).click()
        page.locator('[data-flag="re"]').click()  # refused: says why
        expect(page.locator("#preview")).to_contain_text("Friederike — Herz")
        page.locator('#sheet [data-open="2"]').click()
        assert axe_problems(page) == []
        page.locator("#tab-summary").click()
        expect(page.locator("#chart svg")).to_be_visible()
        assert axe_problems(page) == []
        page.close()


def test_at_200_percent_zoom_nothing_scrolls_sideways(phone: Any, tmp_path: Path) -> None:
    """At 200 % zoom (195 × 425 CSS pixels on this phone) the page reflows: no sideways
    scrolling on either tab; the summary table scrolls inside its card with place and name
    staying in view; the words field and Enter can be reached."""
    from playwright.sync_api import expect

    path = four_long_names(tmp_path)
    with live_server(create_app(path, key=KEY)) as url:
        page = phone.new_page()
        page.set_viewport_size(ZOOMED)
        page.goto(f"{url}/#key={KEY}")
        expect(page.locator("#sheet li.game")).to_have_count(3)
        assert no_sideways_scrolling(page) == 0
        page.locator('#players [data-player="Friederike"]').click()  # the flags show
        page.locator('[data-game="grand"]').click()
        assert no_sideways_scrolling(page) == 0
        page.locator("#words").scroll_into_view_if_needed()
        expect(page.locator("#words")).to_be_in_viewport()
        expect(page.locator("#btn-enter")).to_be_visible()
        page.locator("#tab-summary").click()
        expect(page.locator("table.summary")).to_be_visible()
        assert no_sideways_scrolling(page) == 0
        card = page.locator("#summary")
        assert card.evaluate("c => c.scrollWidth > c.clientWidth")  # it scrolls inside
        card.evaluate("c => { c.scrollLeft = c.scrollWidth; }")
        edges = card.evaluate(
            """c => { const box = c.getBoundingClientRect();
                 const name = c.querySelector('tbody tr:first-child th[scope=row]');
                 const last = c.querySelector('thead th:last-child');
                 return [name.getBoundingClientRect().left - box.left,
                         box.right - last.getBoundingClientRect().right]; }"""
        )
        assert 0 <= edges[0] < 60  # the name still shows, right of the place
        assert edges[1] >= 0  # and the last column (Saldo) is reached
        page.close()


NAMES_CUT = """() => [...document.querySelectorAll('#players .pname, #totals .name')]
  .filter((e) => e.scrollWidth > e.clientWidth + 1)
  .map((e) => e.textContent)"""


TEXT_GAPS = """(selector) => { const texts = [...document.querySelectorAll(selector)]
  .filter((e) => e.textContent.trim()).map((e) => { const r = document.createRange();
    r.selectNodeContents(e); const b = [...r.getClientRects()];
    return [Math.min(...b.map((x) => x.left)), Math.max(...b.map((x) => x.right))]; });
  return texts.slice(1).map((t, i) => t[0] - texts[i][1]); }"""
"""The room between each text and the next one in a row, in pixels."""


LEGEND_CUT = """() => [...document.querySelectorAll('svg text.legend')].filter((t) => {
  const box = t.getBBox(), view = t.ownerSVGElement.viewBox.baseVal;
  return box.x < 0 || box.x + box.width > view.width || box.y + box.height > view.height; })
  .map((t) => t.textContent)"""
"""The chart's legend entries that reach past the chart's edge (cut)."""


def test_long_names_are_never_cut(light_phone: Any, tmp_path: Path, run: Run) -> None:
    """Four long names across (Bartholomäus, Friederike, Maximilian, Anna-Lena): each reads
    whole on its button and in the totals strip: set smaller, or the buttons two to a row,
    never cut; the chart's legend holds each name and its total, on the summary tab and in
    the HTML export on the same phone."""
    from playwright.sync_api import expect

    path = four_long_names(tmp_path)
    with live_server(create_app(path, key=KEY)) as url:
        page = light_phone.new_page()
        page.goto(f"{url}/#key={KEY}")
        expect(page.locator("#players button[data-player]")).to_have_count(4)
        assert page.evaluate(NAMES_CUT) == []
        for name in LONG_NAMES:
            expect(page.locator(f'#players [data-player="{name}"] .pname')).to_have_text(name)
        # the summary fits the phone, each heading clear of the next ("Seeger-Fabian" and
        # "Spiele" apart)
        page.locator("#tab-summary").click()
        assert page.locator("#summary").evaluate("e => e.scrollWidth <= e.clientWidth")
        gaps = page.evaluate(TEXT_GAPS, "#summary thead th")
        assert min(gaps) >= 4, gaps
        legend = page.locator("#chart svg text.legend")
        expect(legend).to_have_text(
            ["Friederike 0", "Maximilian +48", "Bartholomäus −96", "Anna-Lena +40"]
        )
        assert page.evaluate(LEGEND_CUT) == []
        page.set_content(run("export", "--ledger", str(path)).stdout)
        expect(page.locator("svg text.legend")).to_have_count(4)
        assert page.evaluate(LEGEND_CUT) == []
        page.close()


def test_the_strip_keeps_two_lines_and_the_queue_is_one_tap_away(
    light_phone: Any, tmp_path: Path
) -> None:
    """Under the pub rules a long queue of Bock and Ramsch rounds: the strip's line stays at
    two lines ("Bock 3 · dann Ramsch 3 · +… Runden"), no top of a third showing, offline with
    entries waiting too; a tap shows the whole queue."""
    from playwright.sync_api import expect

    from skatliste.app import lists

    path = tmp_path / "pub.json"
    lists.new_list(path, ["Anna", "Ben", "Carl"], rules=lists.rules_of("pub"))
    for n in range(8):
        # a won Grand Hand earns a Bock round here (rules §8): each adds a Bock and a Ramsch
        lists.add_game(path, ["anna", "ben", "carl"][n % 3], ["grand", "mit", "1", "hand"])
    with live_server(create_app(path, key=KEY)) as url:
        page = light_phone.new_page()
        page.goto(f"{url}/#key={KEY}")
        info = page.locator("#info")
        expect(info).to_contain_text("Runden")
        lines = info.evaluate(
            """e => { const text = document.createRange(); text.selectNodeContents(e);
                 return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size; }"""
        )
        assert lines <= 2  # the whole line reads, in two lines at most
        strip = page.locator("#strip").bounding_box()
        assert strip is not None and strip["height"] <= 0.15 * PHONE["height"]
        page.route("**/api/games?*", lambda route: route.abort())  # offline: entries wait
        page.evaluate("document.getElementById('live').classList.add('off')")
        for _ in range(3):
            page.locator('#players [data-player="Ben"]').click()
            page.locator('[data-game="null"]').click()
            page.locator("#btn-enter").click()
        expect(page.locator("#net")).to_contain_text("3 wartend")
        height, line = info.evaluate(
            "e => [e.clientHeight, parseFloat(getComputedStyle(e).lineHeight)]"
        )
        assert height <= 2 * line + 0.5  # two whole lines: no top of a third below them
        expect(page.locator("#queue")).to_be_hidden()
        info.click()
        expect(page.locator("#queue")).to_be_visible()
        expect(page.locator("#queue")).to_contain_text("Bock: ")
        expect(info).to_have_attribute("aria-expanded", "true")
        page.close()


def test_first_load_shows_the_words_field_above_enter_and_typed_text_reads_darker(
    phone: Any, fresh_ledger: Path
) -> None:
    """On first load the words field is on screen and not under the sticky Enter bar; what is
    typed in it contrasts more than its placeholder; the chart draws in the page's colours."""
    from playwright.sync_api import expect

    from skatliste.app import lists

    lists.add_game(fresh_ledger, "anna", ["kreuz", "mit", "2"])
    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        page = phone.new_page()
        page.goto(f"{url}/#key={KEY}")
        expect(page.locator("#sheet li.game")).to_have_count(1)
        words = page.locator("#words")
        expect(words).to_be_in_viewport()
        on_top = words.evaluate(
            """w => { const r = w.getBoundingClientRect();
                 const x = r.left + r.width / 2, y = r.top + r.height / 2;
                 return document.elementFromPoint(x, y) === w; }"""
        )
        assert on_top
        colours = words.evaluate(
            """w => [getComputedStyle(w).color, getComputedStyle(w, '::placeholder').color,
                     getComputedStyle(w).backgroundColor]"""
        )
        typed, hint, ground = (rgb(c) for c in colours)
        assert contrast(typed, ground) > contrast(hint, ground) >= 4.5

        page.locator("#tab-summary").click()
        svg = page.locator("#chart svg")
        expect(svg).to_be_visible()
        card = page.locator("#summary").evaluate("e => getComputedStyle(e).backgroundColor")
        assert svg.evaluate("s => getComputedStyle(s).backgroundColor") == card
        page.close()


def test_a_refused_tap_is_said_under_the_thumb_and_a_ramsch_is_previewed(
    light_phone: Any, tmp_path: Path
) -> None:
    """Re before Kontra: the reason shows right under the tapped button, on screen; a Ramsch
    gets a preview like a game before it is entered."""
    from playwright.sync_api import expect

    from skatliste.app import lists

    path = tmp_path / "pub.json"
    lists.new_list(path, ["Anna", "Ben", "Carl"], rules=lists.rules_of("pub"))
    with live_server(create_app(path, key=KEY)) as url:
        page = light_phone.new_page()
        page.goto(f"{url}/#key={KEY}")
        for selector in ('#players [data-player="Anna"]', '[data-game="grand"]'):
            page.locator(selector).click()
        page.locator('#spitzen [data-n="1"]').click()
        expect(page.locator("#preview")).to_contain_text("Anna — Grand mit 1")  # a taller bar
        re = page.locator('[data-flag="re"]')
        # the thumb low on the screen: Re just above the sticky Enter bar
        re.evaluate(
            """b => window.scrollBy(0, b.getBoundingClientRect().bottom
                 - document.querySelector('.actions').getBoundingClientRect().top + 4)"""
        )
        re.click()
        note = page.locator("#tap-note")
        expect(note).to_contain_text("Re gibt es nur nach Kontra")
        # a screen reader hears it at once, once (the alert; the note under the thumb is seen)
        expect(page.locator("#say-now")).to_contain_text("Re gibt es nur nach Kontra")
        assert page.locator("[role=alert]:not(:empty)").count() == 1
        expect(note).to_be_in_viewport()
        tapped, said = re.bounding_box(), note.bounding_box()
        assert tapped is not None and said is not None
        assert 0 <= said["y"] - (tapped["y"] + tapped["height"]) < 120
        uncovered = note.evaluate(
            """n => { const r = n.getBoundingClientRect();
                 return n.contains(document.elementFromPoint(r.left + 20, r.bottom - 4)); }"""
        )
        assert uncovered  # not under the sticky Enter bar

        page.locator("#btn-ramsch").click()
        for player, augen in (("Anna", "45"), ("Ben", "40"), ("Carl", "35")):
            page.locator(f'[data-augen="{player}"]').fill(augen)
        preview = page.locator("#preview")
        expect(preview).to_contain_text("Ramsch: Anna 45, Ben 40, Carl 35: −45")
        expect(preview).to_contain_text("Anna verliert 45")
        page.close()


def test_the_organisers_ranking_fits_a_phone_and_prints_one_series(
    phone: Any, tmp_path: Path
) -> None:
    """The organiser's page on a phone: the ranking scrolls inside its card (at 200 % zoom
    too), axe finds nothing; the print view holds the chosen series' seating plan only, and
    no form."""
    from playwright.sync_api import expect

    from skatliste.app import tournament as tournament_app
    from skatliste.app.keys import tournament_keys

    folder = tmp_path / "preisskat"
    tournament_app.new_tournament(folder, name="Preisskat", date="2026-12-05", seed=3)
    for name in ("Bartholomäus", "Friederike", "Maximilian", "Dora", "Emil", "Fritz"):
        tournament_app.add_player(folder, name, club="Kreuz Bube Nord")
    tournament_app.draw_series(folder, 1)
    plan = tournament_app.draw_series(folder, 2)
    keys = tournament_keys(folder, len(plan.tables))
    app = create_app(tournament=folder, organiser_key=keys.organiser, table_keys=keys.tables)
    with live_server(app) as url:
        page = phone.new_page()
        page.goto(f"{url}/#key={keys.organiser}")
        expect(page.locator("#plan .seat")).to_have_count(4)
        assert KEY not in page.url and "key=" not in page.url
        assert no_sideways_scrolling(page) == 0
        # the ranking is wider than the phone: it scrolls in its card, a shadow at the right
        # says so, the names stay put; the teams' members break between them, never cut
        ranking = page.locator("#ranking")
        expect(ranking).to_have_class("card scrolls more-right")
        assert ranking.evaluate("e => getComputedStyle(e).boxShadow") != "none"
        name = page.locator("#ranking tr:nth-child(2) td:nth-child(2)")
        left = name.evaluate("e => e.getBoundingClientRect().left")
        ranking.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
        expect(ranking).to_have_class("card scrolls more-left")
        assert name.evaluate("e => e.getBoundingClientRect().left") == left
        assert page.locator("#teams").evaluate("e => e.scrollWidth <= e.clientWidth")
        assert axe_problems(page) == []
        page.set_viewport_size(ZOOMED)
        assert no_sideways_scrolling(page) == 0

        page.emulate_media(media="print")
        expect(page.locator('#plan .seat[data-series="2"]')).to_have_count(2)
        for shown in page.locator("#plan .seat").all():
            if shown.get_attribute("data-series") == "2":
                expect(shown).to_be_visible()
            else:
                expect(shown).to_be_hidden()
        for hidden in ("#paper", "#ranking", "#print-series", "#btn-print"):
            expect(page.locator(hidden)).to_be_hidden()
        page.emulate_media(media="screen")
        page.locator("#print-series").select_option("1")
        page.emulate_media(media="print")
        expect(page.locator('#plan .seat[data-series="1"]').first).to_be_visible()
        expect(page.locator('#plan .seat[data-series="2"]').first).to_be_hidden()
        page.close()


def rgb(colour: str) -> tuple[float, float, float]:
    """``rgb(1, 2, 3)`` or ``rgba(...)`` as three numbers."""
    inside = colour[colour.index("(") + 1 : colour.index(")")]
    r, g, b = (float(part) for part in inside.replace("/", ",").split(",")[:3])
    return r, g, b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG 2.1's contrast ratio of two colours."""

    def luminance(c: tuple[float, float, float]) -> float:
        lin = [
            x / 255 / 12.92 if x / 255 <= 0.03928 else ((x / 255 + 0.055) / 1.055) ** 2.4 for x in c
        ]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("name", ["evening.json", "american-grand.json"])
def test_the_printable_page_of_either_family_passes_axe(
    phone: Any, run: Any, tmp_path: Path, name: str
) -> None:
    """The HTML export (``render.page``) of a Skat list and of an American Grand list, opened
    on a phone: axe-core finds nothing against WCAG 2.1 AA, in either theme."""
    from .conftest import EXAMPLES

    out = tmp_path / "page.html"
    r = run("export", "--format", "html", "-o", str(out), "--ledger", str(EXAMPLES / name))
    assert r.exit_code == 0, r.output
    page = phone.new_page()
    page.goto(out.as_uri())
    assert page.locator("h1").count() == 1 and page.locator("table.sheet").count() >= 1
    assert axe_problems(page) == []
    page.close()


IN_REACH = """(e) => { const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const top = document.elementFromPoint(x, y);
  return r.top >= 0 && r.bottom <= innerHeight && r.width > 0
    && (top === e || e.contains(top)); }"""
"""Whether a control lies whole inside the window and nothing (the sticky Enter bar, the
strip) covers its centre: tapped where it is, without scrolling."""


def tap_in_reach(page: Any, selector: str) -> None:
    """Tap a control that is on the screen as it is, not under the sticky bar."""
    control = page.locator(selector)
    assert control.evaluate(IN_REACH), f"{selector} is off the screen or covered"
    control.click()
    assert page.evaluate("scrollY") == 0, f"tapping {selector} scrolled the page"


def test_a_whole_game_is_entered_on_one_screen(light_phone: Any, tmp_path: Path) -> None:
    """At 390 × 850 a game is entered without scrolling: a plain won suit game in five taps
    (who, what, Spitzen, won, Eintragen), a lost Hand game with Kontra and Re and its long
    preview, the rare announcements one tap away; an American Grand deal by its words (its
    answer in German); every control tapped lies inside the window, not under the sticky
    bar."""
    from playwright.sync_api import expect

    from skatliste.app import lists

    path = tmp_path / "skat.json"
    lists.new_list(path, ["Anna", "Ben", "Carl"], rules=lists.rules_of("isko"))
    grand = tmp_path / "grand.json"
    lists.new_list(grand, ["Anna", "Ben", "Carl", "Dora"], rules=lists.rules_of("american-grand"))
    with live_server(create_app(path, key=KEY)) as url:
        page = light_phone.new_page()
        page.goto(f"{url}/#key={KEY}")
        expect(page.locator("#players [data-player]")).to_have_count(3)
        plain = (
            '[data-player="Anna"]',
            '[data-game="clubs"]',
            '[data-n="2"]',
            '[data-result="won"]',
        )
        for selector in ("#players " + plain[0], *plain[1:]):
            tap_in_reach(page, selector)
        expect(page.locator("#preview")).to_contain_text("Anna — Kreuz mit 2: +36")
        tap_in_reach(page, "#btn-enter")  # the fifth tap
        expect(page.locator("#sheet li.game")).to_have_count(1)

        for selector in (
            '#players [data-player="Ben"]',
            '[data-game="spades"]',
            '[data-mit="ohne"]',
            '[data-n="1"]',
            '[data-flag="hand"]',
            '[data-flag="kontra"]',
            '[data-flag="re"]',
            '[data-result="lost"]',
        ):
            tap_in_reach(page, selector)
        expect(page.locator("#preview")).to_contain_text("Re ×2 → −264")
        cut = """e => e.scrollHeight > e.clientHeight + 1
                 || e.lastElementChild.getBoundingClientRect().bottom
                    > e.getBoundingClientRect().bottom"""
        assert not page.locator("#preview").evaluate(cut)  # the last line ("Re ×2 …") whole
        for selector in ('[data-flag="schneider"]', '[data-flag="schwarz"]', "#augen", "#words"):
            assert page.locator(selector).evaluate(IN_REACH), selector
        unfold = page.locator('[data-unfold="flags-more"]')
        assert unfold.evaluate(IN_REACH)
        expect(unfold).to_have_attribute("aria-expanded", "false")
        expect(page.locator('[data-flag="ouvert"]')).to_be_hidden()
        tap_in_reach(page, "#btn-enter")
        expect(page.locator("#sheet li.game")).to_have_count(2)
        tap_in_reach(page, '[data-unfold="flags-more"]')
        expect(unfold).to_have_attribute("aria-expanded", "true")
        for selector in ('[data-flag="ouvert"]', '[data-flag="schneider_announced"]', "#bid"):
            assert page.locator(selector).evaluate(IN_REACH), selector
        page.close()
    with live_server(create_app(grand, key=KEY)) as url:
        page = light_phone.new_page()
        page.goto(f"{url}/#key={KEY}")
        tap_in_reach(page, '#players [data-player="Anna"]')
        tap_in_reach(page, "#words")
        page.keyboard.type("hearts 40 hearts 0")  # English words, German answers
        expect(page.locator("#preview")).to_contain_text("Anna — Herz 40, 0 Herzen: +50")
        tap_in_reach(page, "#btn-enter")
        expect(page.locator("#sheet li.game")).to_contain_text("Herz 40, 0 Herzen")
        page.close()


def test_an_undo_or_a_delete_offers_the_game_back(light_phone: Any, tmp_path: Path) -> None:
    """After an undo the page offers the game back ("Wiederherstellen", the CLI's restore) and
    brings it back at its number; after a delete too, until something else is entered."""
    from playwright.sync_api import expect

    path = four_long_names(tmp_path)
    with live_server(create_app(path, key=KEY)) as url:
        page = light_phone.new_page()
        page.on("dialog", lambda dialog: dialog.accept())  # "Spiel 1 löschen?"
        page.goto(f"{url}/#key={KEY}")
        games = page.locator("#sheet li.game")
        expect(games).to_have_count(3)
        restore = page.locator("#btn-restore")
        expect(restore).to_be_hidden()
        page.locator("#btn-undo").click()
        expect(games).to_have_count(2)
        expect(restore).to_have_text("↷ Wiederherstellen: Spiel 3 (Anna-Lena herz ohne 3 augen 61)")
        restore.click()
        expect(games).to_have_count(3)
        expect(page.locator("#toast")).to_have_text("Spiel 3 wiederhergestellt")
        expect(restore).to_be_hidden()

        page.locator('#sheet [data-open="1"]').click()
        page.locator('#sheet [data-delete="1"]').click()
        expect(games).to_have_count(2)
        expect(restore).to_contain_text("Spiel 1 (Maximilian kreuz mit 2 hand)")
        page.locator('#players [data-player="Friederike"]').click()
        page.locator('[data-game="null"]').click()
        page.locator("#btn-enter").click()
        expect(games).to_have_count(3)
        expect(restore).to_be_hidden()  # something else was entered: the way back is gone
        page.close()
