"""The phone page when its server is out of reach (the hall's Wi-Fi down, the laptop asleep):
entries are kept on the phone, survive a reload, and land once each, in order, when the
server answers again; one refused on arrival is kept for correction. Chromium at 390 × 850
against a real server on the loopback that the test stops and starts again."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from skatliste.web.server import create_app

from .conftest import Run
from .webtools import CHROMIUM_ARGS, KEY, chromium_path, kept_with

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

PHONE: ViewportSize = {"width": 390, "height": 850}
SCREENSHOTS = os.environ.get("SKATLISTE_SCREENSHOTS")
"""Set by 'make screenshots': the folder the README's pictures are written to."""
LANDS = 15_000
"""Milliseconds the waiting entries have to land once the server is back (it retries every 3 s
and on the live stream's return)."""


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


def executable() -> str:
    found = chromium_path()
    if found is None:
        pytest.fail("no chromium: 'make test' installs Debian's chromium (apt-get, as root)")
    return str(found)


@pytest.fixture(scope="module")
def browser(playwright: Any) -> Iterator[Any]:
    """One Chromium for the module; each test opens its own context (its own service worker,
    IndexedDB and session)."""
    launched = playwright.chromium.launch(executable_path=executable(), args=CHROMIUM_ARGS)
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone's browser: its own storage, German, 390 × 850."""
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    context.set_default_timeout(10_000)
    try:
        yield context
    finally:
        context.close()


def free_port() -> int:
    """A port of the loopback that nothing listens on now (the server comes back on it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(ledger: Path, port: int) -> Iterator[str]:
    """``skatliste serve`` for ``ledger`` on 127.0.0.1:``port`` in a thread, stopped on leaving
    (its live streams end first, as on Ctrl+C); every wait bounded."""
    import uvicorn

    app = create_app(ledger, key=KEY)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start within 15 s")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        for watcher in app.state.watchers:
            watcher.close()
        server.should_exit = True
        thread.join(15)
        assert not thread.is_alive(), "the server did not stop within 15 s"


def tap(page: Any, *selectors: str) -> None:
    for selector in selectors:
        page.locator(selector).click()


def open_for_offline(page: Any, url: str) -> None:
    """The table's link, opened while the server answers: the page is ready for offline."""
    from playwright.sync_api import expect

    page.goto(f"{url}/#key={KEY}")
    expect(page.locator("#entry")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-offline", "ready")


def games_in(ledger: Path) -> list[tuple[str | None, str | None, bool | None]]:
    games = json.loads(ledger.read_text(encoding="utf-8"))["games"]
    return [(g.get("declarer"), g.get("game"), g.get("won")) for g in games]


def test_three_games_entered_offline_land_once_in_order(phone: Any, fresh_ledger: Path) -> None:
    """The server stopped: three games entered by taps are kept on the phone ("wird
    gesendet"), still there after a reload; the server started again, each lands once, in the
    order entered, each request carrying its own Idempotency-Key on every try."""
    from playwright.sync_api import expect

    port = free_port()
    page = phone.new_page()
    sent: list[tuple[str, str]] = []

    def record(request: Any) -> None:
        if request.method == "POST" and request.url.split("?")[0].endswith("/api/games"):
            sent.append((request.headers.get("idempotency-key", ""), request.post_data or ""))

    page.on("request", record)
    with serving(fresh_ledger, port) as url:
        open_for_offline(page, url)
    expect(page.locator("#net-text")).to_contain_text("offline")
    expect(page.locator("#say")).to_have_text(  # what a screen reader says
        "Verbindung unterbrochen: Spiele, die jetzt eingetragen werden, bleiben auf diesem Telefon."
    )

    page.reload()  # the service worker answers for the server: the page and the last list
    expect(page.locator("#entry")).to_be_visible()
    games = (
        (
            '#players [data-player="Anna"]',
            '[data-game="clubs"]',
            '#spitzen [data-n="2"]',
            "[data-flag=hand]",
        ),
        ('#players [data-player="Ben"]', '[data-game="grand"]', '#spitzen [data-n="1"]'),
        ('#players [data-player="Carl"]', '[data-game="spades"]', '#spitzen [data-n="1"]'),
    )
    for n, taps in enumerate(games, 1):
        tap(page, *taps)
        tap(page, '[data-result="lost"]' if n == 3 else '[data-result="won"]')
        expect(page.locator("#preview")).to_contain_text("Keine Verbindung")
        tap(page, "#btn-enter")
        expect(page.locator("#toast")).to_contain_text("Auf diesem Telefon gespeichert")
        expect(page.locator("#outbox li")).to_have_count(n)
    expect(page.locator("#net-text")).to_have_text("offline · 3 wartend")

    page.reload()  # still no server: the outbox is kept (IndexedDB)
    waiting = page.locator("#outbox li.waiting")
    expect(waiting).to_have_count(3)
    expect(page.locator("#net-text")).to_have_text("offline · 3 wartend")
    if SCREENSHOTS:
        page.locator("#outbox").evaluate("e => e.scrollIntoView({ block: 'end' })")
        page.screenshot(path=str(Path(SCREENSHOTS) / "phone-offline.png"))
    expect(waiting.nth(0)).to_contain_text("Anna — kreuz mit 2 hand gewonnen")
    expect(waiting.nth(0)).to_contain_text("wird gesendet")
    expect(waiting.nth(2)).to_contain_text("Carl — pik mit 1 verloren")
    assert games_in(fresh_ledger) == []

    # everything the live region says from here on (a screen reader reads each change)
    page.evaluate(
        """() => { window.said = []; new MutationObserver(() => {
            const t = document.getElementById("say").textContent;
            if (t) window.said.push(t);
        }).observe(document.getElementById("say"), { childList: true, characterData: true,
            subtree: true }); }"""
    )
    with serving(fresh_ledger, port):
        expect(page.locator("#outbox li")).to_have_count(0, timeout=LANDS)
        expect(page.locator("#sheet li.game")).to_have_count(3)
        expect(page.locator("#net-text")).to_have_text("verbunden")
        expect(page.locator('.chip[data-player="Carl"] .points')).to_have_text("−44")
        last = (
            "Spiel 3: Carl, Pik mit 1, verloren, minus 44. Stand: Anna 48, Ben 48, Carl minus 44."
        )
        page.wait_for_function(  # each game said as it lands, none lost to another word
            "last => window.said.some(t => t.includes(last))", arg=last, timeout=5000
        )
        page.wait_for_timeout(3200)  # one more round of the retry timer: nothing is sent again
        page.close()
    assert games_in(fresh_ledger) == [
        ("Anna", "clubs", True),
        ("Ben", "grand", True),
        ("Carl", "spades", False),
    ]
    keys = [key for key, _ in sent]
    assert all(len(key) == 32 for key in keys)
    assert len(set(keys)) == 3  # one key per game, kept over every try
    for key in set(keys):
        assert len({body for k, body in sent if k == key}) == 1


def test_a_game_refused_on_arrival_is_kept_for_correction(phone: Any, fresh_ledger: Path) -> None:
    """An entry made offline that the server refuses when it is back ('mit 12' in a Kreuz) is
    shown with the reason and kept; the game after it waits behind it (the order holds);
    corrected, both land in order; a discarded one is gone only when the user says so."""
    from playwright.sync_api import expect

    port = free_port()
    page = phone.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    with serving(fresh_ledger, port) as url:
        open_for_offline(page, url)
    page.reload()
    tap(page, '#players [data-player="Ben"]')
    page.locator("#words").fill("kreuz mit 12")
    tap(page, "#btn-enter")
    tap(
        page,
        '#players [data-player="Anna"]',
        '[data-game="null"]',
        '[data-result="won"]',
        "#btn-enter",
    )
    tap(page, "#btn-pass")
    expect(page.locator("#outbox li")).to_have_count(3)

    with serving(fresh_ledger, port):
        refused = page.locator("#outbox li.refused")
        expect(refused).to_have_count(1, timeout=LANDS)
        expect(refused).to_contain_text("Abgelehnt:")
        expect(refused).to_contain_text("'mit 12'")
        expect(page.locator("#net-text")).to_contain_text("1\u00a0abgelehnt\u00a0↓")
        expect(page.locator("#outbox li.waiting")).to_have_count(2)  # behind it, not sent
        assert games_in(fresh_ledger) == []
        tap(page, "#btn-pass")  # a new entry now waits behind it too, and says so
        expect(page.locator("#toast")).to_contain_text("wartet hinter einem abgelehnten")
        expect(page.locator("#outbox li.waiting")).to_have_count(3)
        expect(page.locator("#net-text")).to_have_text(
            "verbunden · 3\u00a0wartend · 1\u00a0abgelehnt\u00a0↓"
        )
        if SCREENSHOTS:
            page.screenshot(path=str(Path(SCREENSHOTS) / "phone-refused.png"))

        tap(page, "#outbox li.refused [data-fix]")
        expect(page.locator("#words")).to_have_value("kreuz mit 12")
        page.locator("#words").fill("kreuz mit 2")
        expect(page.locator("#preview")).to_contain_text("Ben — Kreuz mit 2: +36")
        tap(page, "#btn-enter")
        expect(page.locator("#outbox li")).to_have_count(0, timeout=LANDS)
        expect(page.locator("#sheet li.game")).to_have_count(4)

        page.reload()  # the page opened again: nothing is waiting, nothing is sent twice
        expect(page.locator("#sheet li.game")).to_have_count(4)
        page.locator("#words").fill("kreuz mit 13")
        tap(page, '#players [data-player="Carl"]', "#btn-enter")
        expect(page.locator("#toast")).to_contain_text("Nicht gespeichert")  # refused at once
        expect(page.locator("#words")).to_have_value("kreuz mit 13")  # the form keeps it
        expect(page.locator("#outbox li")).to_have_count(0)
        page.close()
    assert games_in(fresh_ledger) == [
        ("Ben", "clubs", None),
        ("Anna", "null", True),
        (None, None, None),
        (None, None, None),
    ]


def test_the_key_leaves_the_address_bar_and_stays_for_the_session(
    phone: Any, fresh_ledger: Path
) -> None:
    """The link's '#key=…' is read and removed from the address (not in the history, a synced
    tab, a screenshot); a reload still writes; another tab with the bare address watches."""
    from playwright.sync_api import expect

    with serving(fresh_ledger, free_port()) as url:
        page = phone.new_page()
        page.goto(f"{url}/?lang=de#key={KEY}")
        expect(page.locator("#entry")).to_be_visible()
        assert page.url == f"{url}/?lang=de"
        assert KEY not in page.evaluate("location.href + history.state")
        page.reload()
        expect(page.locator("#entry")).to_be_visible()
        tap(page, "#btn-pass")
        expect(page.locator("#toast")).to_have_text("Spiel 1 eingetragen")

        other = phone.new_page()
        other.goto(url + "/")
        expect(other.locator("#readonly")).to_be_visible()
        expect(other.locator("#entry")).to_be_hidden()
        other.close()
        page.close()


def test_an_entry_kept_for_one_list_is_never_sent_to_another(
    phone: Any, fresh_ledger: Path, run: Run
) -> None:
    """An entry kept while the server was away, and another list served at the same address
    when it is back: the entry is held ("für eine andere Liste"), not written into that list."""
    from playwright.sync_api import expect

    port = free_port()
    page = phone.new_page()
    with serving(fresh_ledger, port) as url:
        open_for_offline(page, url)
    tap(page, "#btn-pass")
    expect(page.locator("#outbox li.waiting")).to_have_count(1)
    fresh_ledger.unlink()
    run("new", "--players", "Xaver", "Yvonne", "Zora", "--ledger", str(fresh_ledger))
    with serving(fresh_ledger, port):
        held = page.locator("#outbox li.refused")
        expect(held).to_contain_text("für eine andere Liste", timeout=LANDS)
        expect(held).to_contain_text("Anna, Ben, Carl")
        page.close()
    assert games_in(fresh_ledger) == []


def test_kept_entries_survive_a_restart_of_the_phones_browser(
    playwright: Any, fresh_ledger: Path, tmp_path: Path
) -> None:
    """Two games kept while the server is away; the browser closed (the phone restarted) and
    started again on the same profile, the table's link opened again: both land, in order."""
    from playwright.sync_api import expect

    port = free_port()
    profile = tmp_path / "profile"

    def start() -> Any:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=executable(), args=CHROMIUM_ARGS, viewport=PHONE
        )
        context.set_default_timeout(10_000)
        return context

    before = start()
    page = before.new_page()
    with serving(fresh_ledger, port) as url:
        open_for_offline(page, url)
    tap(page, '#players [data-player="Ben"]', '[data-game="null"]', '[data-result="won"]')
    tap(page, "#btn-enter")
    tap(page, "#btn-pass")
    expect(page.locator("#outbox li.waiting")).to_have_count(2)
    before.close()

    after = start()
    try:
        with serving(fresh_ledger, port) as url:
            page = after.new_page()
            page.goto(f"{url}/#key={KEY}")
            expect(page.locator("#sheet li.game")).to_have_count(2, timeout=LANDS)
            expect(page.locator("#outbox li")).to_have_count(0)
    finally:
        after.close()
    assert games_in(fresh_ledger) == [("Ben", "null", True), (None, None, None)]


def test_a_game_whose_answer_was_lost_is_sent_again_with_the_same_key(
    browser: Any, fresh_ledger: Path
) -> None:
    """The server took a game but its answer never reached the phone (the Wi-Fi dropped
    then): the game stays kept and is sent again with the same Idempotency-Key, which tells
    the server it is the same game, not a second one."""
    from playwright.sync_api import expect

    # without a service worker, so that the test sees (and drops) the answer itself
    context = browser.new_context(viewport=PHONE, locale="de-DE", service_workers="block")
    context.set_default_timeout(10_000)
    tries: list[str] = []

    def answer_lost_once(route: Any) -> None:
        tries.append(route.request.headers.get("idempotency-key", ""))
        if len(tries) == 1:
            route.fetch()  # the server has it ...
            route.abort()  # ... the phone never hears so
        else:
            route.continue_()

    try:
        with serving(fresh_ledger, free_port()) as url:
            page = context.new_page()
            page.route("**/api/games?*", answer_lost_once)
            page.goto(f"{url}/#key={KEY}")
            tap(page, '#players [data-player="Anna"]', '[data-game="grand"]')
            tap(page, '#spitzen [data-n="1"]', "#btn-enter")
            expect(page.locator("#toast")).to_contain_text("Auf diesem Telefon gespeichert")
            expect(page.locator("#outbox li")).to_have_count(0, timeout=LANDS)
    finally:
        context.close()
    assert len(tries) == 2 and len(tries[0]) == 32 and tries[0] == tries[1]
    assert games_in(fresh_ledger) == [("Anna", "grand", None)]  # one game (won), written once


def test_a_reload_without_the_server_shows_the_list_as_last_followed(
    phone: Any, fresh_ledger: Path
) -> None:
    """The page follows a list by what changed (?since=): a game another keeper entered while
    the page was open is on the page after a reload without the server, as it was shown."""
    from playwright.sync_api import expect

    from skatliste.app.lists import add_game

    port = free_port()
    page = phone.new_page()
    with serving(fresh_ledger, port) as url:
        open_for_offline(page, url)
        add_game(fresh_ledger, "ben", ["grand", "mit", "1"])  # the terminal, another keeper
        expect(page.locator("#sheet li.game")).to_have_count(1, timeout=LANDS)
        kept_with(page, 1)  # the page keeps what it shows a moment after a change
    expect(page.locator("#net-text")).to_contain_text("offline")
    page.reload()
    expect(page.locator("#entry")).to_be_visible()
    expect(page.locator("#sheet li.game")).to_have_count(1)
    expect(page.locator('.chip[data-player="Ben"] .points')).to_have_text("+48")
    page.close()


def test_a_game_without_its_player_is_refused_on_the_phone_not_kept(
    phone: Any, fresh_ledger: Path
) -> None:
    """Without the server the page keeps what it is given; what it can tell by itself (no
    player tapped, no name in the words, no words at all) is said at once and kept nowhere."""
    from playwright.sync_api import expect

    port = free_port()
    page = phone.new_page()
    with serving(fresh_ledger, port) as url:
        open_for_offline(page, url)
    expect(page.locator("#net-text")).to_contain_text("offline")
    expect(page.locator("#say")).to_have_text(  # what a screen reader says
        "Verbindung unterbrochen: Spiele, die jetzt eingetragen werden, bleiben auf diesem Telefon."
    )
    tap(page, "#btn-enter")
    expect(page.locator("#toast")).to_contain_text("Welches Spiel?")
    tap(page, '[data-game="clubs"]', '#spitzen [data-n="1"]', '[data-result="won"]')
    tap(page, "#btn-enter")
    expect(page.locator("#toast")).to_contain_text("Wer hat gespielt?")
    expect(page.locator("#outbox li")).to_have_count(0)
    page.locator("#words").fill("be kreuz mit 1 gewonnen")  # the words start with a name
    tap(page, "#btn-enter")
    expect(page.locator("#outbox li")).to_have_count(1)
    page.close()


def test_at_a_table_of_four_the_deal_moves_on_with_the_entries_waiting(
    phone: Any, tmp_path: Path
) -> None:
    """Offline at a table of four the dealer sits out: with a game waiting, the page shows
    the next dealer (Ben), so the one who dealt before (Anna) can be tapped again."""
    from playwright.sync_api import expect

    from skatliste.app.lists import new_list

    ledger = tmp_path / "four.json"
    new_list(ledger, ["Anna", "Ben", "Carl", "Dora"])
    port = free_port()
    page = phone.new_page()
    with serving(ledger, port) as url:
        open_for_offline(page, url)
        expect(page.locator('#players [data-player="Anna"]')).to_be_disabled()
    expect(page.locator("#net-text")).to_contain_text("offline")
    tap(page, '#players [data-player="Ben"]', '[data-game="grand"]', '#spitzen [data-n="1"]')
    tap(page, '[data-result="won"]', "#btn-enter")
    expect(page.locator("#outbox li")).to_have_count(1)
    expect(page.locator("#info")).to_contain_text("Geber: Ben")
    expect(page.locator("#info")).to_contain_text("Spiel 2")
    expect(page.locator('#players [data-player="Ben"]')).to_be_disabled()
    tap(page, '#players [data-player="Anna"]', '[data-game="clubs"]', '#spitzen [data-n="1"]')
    tap(page, '[data-result="won"]', "#btn-enter")
    expect(page.locator("#outbox li")).to_have_count(2)
    expect(page.locator("#info")).to_contain_text("Geber: Carl")
    page.close()


def test_the_list_kept_for_offline_never_stands_for_the_server_s(
    phone: Any, fresh_ledger: Path
) -> None:
    """While the server is away the page asks which list it serves before sending a kept
    entry; the copy kept for offline answers then, and it is not the server: nothing is sent
    on its word (another list may be served when the server is back)."""
    from playwright.sync_api import expect

    port = free_port()
    page = phone.new_page()
    with serving(fresh_ledger, port) as url:
        open_for_offline(page, url)
    tap(page, "#btn-pass")
    expect(page.locator("#outbox li.waiting")).to_have_count(1)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(f"{r.method} {r.url.split('?')[0]}"))
    for _ in range(2):  # two rounds of the outbox's retry (every 3 s): each asks the list
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/list")):
            pass
    page.wait_for_timeout(500)  # a send on the copy's word would follow its answer at once
    lists = [a for a in asked if a.endswith("/api/list")]
    sent = [a for a in asked if a.startswith("POST ")]
    assert lists and not sent, asked
    page.close()


def test_an_entry_waiting_offline_can_be_taken_back_before_it_is_sent(
    phone: Any, fresh_ledger: Path
) -> None:
    """The server away, a game typed wrong is kept on the phone; its "Verwerfen" takes it back
    (after asking), and when the server is back only the other entry lands."""
    from playwright.sync_api import expect

    port = free_port()
    page = phone.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    with serving(fresh_ledger, port) as url:
        open_for_offline(page, url)
    expect(page.locator("#net-text")).to_contain_text("offline")
    expect(page.locator("#say")).to_have_text(  # what a screen reader says
        "Verbindung unterbrochen: Spiele, die jetzt eingetragen werden, bleiben auf diesem Telefon."
    )
    for taps in (
        ('#players [data-player="Anna"]', '[data-game="clubs"]', '#spitzen [data-n="2"]'),
        ('#players [data-player="Ben"]', '[data-game="grand"]', '#spitzen [data-n="1"]'),
    ):
        tap(page, *taps, '[data-result="won"]', "#btn-enter")
    waiting = page.locator("#outbox li.waiting")
    expect(waiting).to_have_count(2)
    waiting.nth(1).locator("[data-discard]").click()
    expect(waiting).to_have_count(1)
    expect(waiting.nth(0)).to_contain_text("Anna — kreuz mit 2")
    with serving(fresh_ledger, port):
        expect(page.locator("#outbox li")).to_have_count(0, timeout=LANDS)
        expect(page.locator("#sheet li.game")).to_have_count(1)
        expect(page.locator("#outbox [data-discard]")).to_have_count(0)
        page.close()
    assert games_in(fresh_ledger) == [("Anna", "clubs", True)]
