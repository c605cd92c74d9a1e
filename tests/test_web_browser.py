"""The phone page in a real browser: Debian's Chromium driven by Playwright at 390 × 850."""

from __future__ import annotations

import json
import os
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
        pytest.fail(
            "no chromium: the page is tested in a real browser; 'make test' installs Debian's "
            "chromium (apt-get, as root), or install the package 'chromium' yourself"
        )
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


SCREENSHOTS = os.environ.get("SKATLISTE_SCREENSHOTS")
"""Set by 'make screenshots': the folder the README's pictures are written to."""


def tap(page: Any, selector: str) -> None:
    page.locator(selector).click()


def enter_by_taps(page: Any, *selectors: str) -> None:
    for selector in selectors:
        tap(page, selector)


SMALL_TARGETS = """() => [...document.querySelectorAll('button, input')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => [e.id || e.dataset.player || e.dataset.game || e.textContent.trim(),
               e.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([name, r]) => `${name}: ${Math.round(r.width)}×${Math.round(r.height)}`)"""


def assert_fits_a_phone(page: Any) -> None:
    """Nothing needs sideways scrolling; every button and field is at least 44 × 44 px."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(SMALL_TARGETS) == []


def test_a_short_evening_by_taps(browser: Any, fresh_ledger: Path, tmp_path: Path) -> None:
    """Five games by taps and typed words, a wrong one taken back with undo; a second page
    follows live; the list file holds exactly the games entered."""
    from playwright.sync_api import expect

    shots = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path
    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        watcher = browser.new_page()
        watcher.goto(url + "/")
        keeper = browser.new_page()
        writes: list[tuple[str, str]] = []
        keeper.on(
            "request",
            lambda r: (
                None
                if r.method == "GET" or "/api/preview" in r.url
                else writes.append((r.method, r.headers.get("idempotency-key", "")))
            ),
        )
        keeper.goto(f"{url}/#key={KEY}")
        expect(keeper.locator("#entry")).to_be_visible()
        preview = keeper.locator("#preview")

        # 1. Anna: Kreuz mit 2 Hand, gewonnen
        enter_by_taps(
            keeper,
            '#players [data-player="Anna"]',
            '[data-game="clubs"]',
            '[data-mit="mit"]',
            '[data-n="2"]',
            '[data-flag="hand"]',
            '[data-result="won"]',
        )
        expect(keeper.locator("#words")).to_have_value("kreuz mit 2 hand gewonnen")
        expect(preview).to_contain_text("Anna — Kreuz mit 2 Hand: +48")
        expect(preview).to_contain_text("mit 2, Spiel 3, Hand 4 → 4 × 12 = 48")
        if SCREENSHOTS:  # from the top: the taps, and the preview in the sticky Enter bar
            keeper.evaluate("window.scrollTo(0, 0)")
            keeper.screenshot(path=str(shots / "phone-taps.png"))
        tap(keeper, "#btn-enter")
        expect(keeper.locator("#toast")).to_have_text("Spiel 1 eingetragen")

        # 2. Ben: Grand ohne 1, 95 Augen (Schneider from the Augen)
        enter_by_taps(
            keeper, '#players [data-player="Ben"]', '[data-game="grand"]', '[data-mit="ohne"]'
        )
        expect(keeper.locator("#btn-more")).to_be_hidden()  # a Grand has at most 4 Spitzen
        tap(keeper, '#spitzen [data-n="1"]')
        keeper.locator("#augen").fill("95")
        expect(keeper.locator('[data-flag="schneider"]')).to_be_hidden()  # the Augen decide
        expect(preview).to_contain_text("Ben — Grand ohne 1 Schneider: +72")
        tap(keeper, "#btn-enter")
        expect(keeper.locator("#toast")).to_have_text("Spiel 2 eingetragen")

        # 3. Eingepasst: one tap
        tap(keeper, "#btn-pass")
        expect(keeper.locator("#toast")).to_have_text("Spiel 3 eingetragen")

        # 4. Carl's Pik entered as won by mistake, taken back with undo, entered again as lost
        enter_by_taps(
            keeper,
            '#players [data-player="Carl"]',
            '[data-game="spades"]',
            '#spitzen [data-n="1"]',
            '[data-result="won"]',
            "#btn-enter",
        )
        expect(keeper.locator("#btn-undo")).to_have_text(
            "↶ Zurück: Spiel 4 (Carl pik mit 1 gewonnen)"
        )
        tap(keeper, "#btn-undo")
        expect(keeper.locator("#toast")).to_have_text("zurückgenommen: Carl pik mit 1 gewonnen")
        expect(keeper.locator("#sheet li.game")).to_have_count(3)
        enter_by_taps(
            keeper,
            '#players [data-player="Carl"]',
            '[data-game="spades"]',
            '#spitzen [data-n="1"]',
            '[data-result="lost"]',
        )
        expect(preview).to_contain_text("Carl — Pik mit 1, verloren: −44")
        tap(keeper, "#btn-enter")

        # 5. Anna: typed words instead of taps
        tap(keeper, '#players [data-player="Anna"]')
        keeper.locator("#words").fill("karo ohne 3 kontra")
        expect(preview).to_contain_text("Anna — Karo ohne 3, Kontra: +72")
        if SCREENSHOTS:
            keeper.locator("#btn-enter").scroll_into_view_if_needed()
            keeper.evaluate("window.scrollBy(0, 250)")
            keeper.screenshot(path=str(shots / "phone-entry.png"))
        tap(keeper, "#btn-enter")
        expect(keeper.locator("#toast")).to_have_text("Spiel 5 eingetragen")

        # the second page followed without a reload
        for player, total in (("Anna", "+120"), ("Ben", "+72"), ("Carl", "−44")):
            chip = f'.chip[data-player="{player}"] .points'
            expect(watcher.locator(chip)).to_have_text(total)
            expect(keeper.locator(chip)).to_have_text(total)
        expect(watcher.locator("#sheet li.game")).to_have_count(5)
        expect(watcher.locator("#sheet li.game").first).to_contain_text("Karo ohne 3, Kontra")

        assert_fits_a_phone(keeper)
        assert_fits_a_phone(watcher)

        # the sheet: newest first; a tap explains the game
        tap(keeper, '#sheet [data-open="2"]')
        expect(keeper.locator('#sheet li[data-number="2"] .detail')).to_contain_text(
            "ohne 1, Spiel 2, Schneider 3 → 3 × 24 = 72"
        )
        if SCREENSHOTS:
            keeper.locator("#btn-undo").scroll_into_view_if_needed()
            keeper.screenshot(path=str(shots / "phone-sheet.png"))

        # the summary tab: the ranking, the money at a stake, the chart
        tap(keeper, "#tab-summary")
        # the money follows the stake as it is typed (a decimal keypad has no Enter), with
        # the decimal comma the placeholder shows
        expect(keeper.locator("#cent")).to_have_attribute("placeholder", "0,25")
        keeper.locator("#cent").press_sequentially("0,5")
        expect(keeper.locator("#money")).to_contain_text("Carl zahlt Anna 0,82 €")
        keeper.locator("#settle").check()  # the paper way (rules §8): said above the payments
        expect(keeper.locator("#money")).to_contain_text("Abgerechnet wie auf Papier")
        expect(keeper.locator("#chart svg polyline")).to_have_count(3)
        assert_fits_a_phone(keeper)
        if SCREENSHOTS:
            keeper.screenshot(path=str(shots / "phone-summary.png"), full_page=True)
        keeper.close()
        watcher.close()

    # every write carried a key of its own (Idempotency-Key): six entries and an undo
    assert len(writes) == 7 and all(len(key) == 32 for _, key in writes)
    assert len({key for _, key in writes}) == 7
    games = json.loads(fresh_ledger.read_text(encoding="utf-8"))["games"]
    entered = [(g["kind"], g.get("declarer"), g.get("game"), g.get("won")) for g in games]
    assert entered == [
        ("game", "Anna", "clubs", True),
        ("game", "Ben", "grand", None),
        ("passed", None, None, None),
        ("game", "Carl", "spades", False),
        ("game", "Anna", "diamonds", None),
    ]
    assert games[1]["augen"] == 95 and games[4]["kontra"] is True


def test_pub_evening_ramsch_bock_edit_delete(browser: Any, tmp_path: Path) -> None:
    """Under the pub rules: a Bock round and a Ramsch by taps, a game changed and one deleted
    from the sheet, a refused entry that keeps the form; the file says the same."""
    from playwright.sync_api import expect

    from skatliste.app.lists import new_list, rules_of

    path = tmp_path / "pub.json"
    new_list(path, ["Anna", "Ben", "Carl"], rules=rules_of("pub"))
    with live_server(create_app(path, key=KEY)) as url:
        page = browser.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(f"{url}/#key={KEY}")
        toast = page.locator("#toast")
        expect(page.locator("#btn-pass")).to_be_hidden()  # all passed is a Ramsch here

        enter_by_taps(
            page,
            '#players [data-player="Anna"]',
            '[data-game="grand"]',
            '#spitzen [data-n="1"]',
            '[data-result="won"]',
            "#btn-enter",
        )
        expect(toast).to_have_text("Spiel 1 eingetragen")
        tap(page, "#btn-bock")
        expect(toast).to_have_text("Bockrunde angesagt")
        expect(page.locator("#info")).to_contain_text("Bock 3 · dann Ramsch 3")

        tap(page, "#btn-ramsch")
        for player, augen in (("Anna", "45"), ("Ben", "40"), ("Carl", "35")):
            page.locator(f'[data-augen="{player}"]').fill(augen)
        tap(page, "#btn-enter")
        expect(toast).to_have_text("Spiel 2 eingetragen")
        expect(page.locator('.chip[data-player="Anna"] .points')).to_have_text("−42")

        # a refused entry: the reason is shown, the form keeps what was typed
        tap(page, '#players [data-player="Ben"]')
        page.locator("#words").fill("kreuz mit 12")
        tap(page, "#btn-enter")
        expect(toast).to_contain_text("Nicht gespeichert:")
        expect(page.locator("#preview")).to_contain_text("'mit 12' im Kreuz")
        expect(page.locator("#words")).to_have_value("kreuz mit 12")
        tap(page, "#btn-clear")

        # change game 1 to Ben's from the sheet
        tap(page, '#sheet [data-open="1"]')
        tap(page, '#sheet [data-edit="1"]')
        expect(page.locator("#words")).to_have_value("grand mit 1 gewonnen")
        tap(page, '#players [data-player="Ben"]')
        expect(page.locator("#preview")).to_contain_text("Ben — Grand mit 1: +48")
        expect(page.locator("#btn-enter")).to_have_text("Spiel 1 ändern")
        tap(page, "#btn-enter")
        expect(toast).to_have_text("Spiel 1 geändert")

        # delete the Ramsch
        tap(page, '#sheet [data-open="2"]')
        tap(page, '#sheet [data-delete="2"]')
        expect(toast).to_have_text("Spiel 2 gelöscht")
        expect(page.locator("#sheet li.game")).to_have_count(1)
        page.close()

    data = json.loads(path.read_text(encoding="utf-8"))
    assert [(g["kind"], g.get("declarer")) for g in data["games"]] == [("game", "Ben")]
    assert data["games"][0]["bock_called"] is True
    assert [h["action"] for h in data["history"]] == ["edit", "edit", "delete"]


def test_english_page_at_a_table_of_four(browser: Any, tmp_path: Path) -> None:
    """An English page (?lang=en; the browser's own choice is tested over HTTP); at a table of
    four the dealer cannot be tapped."""
    from playwright.sync_api import expect

    from skatliste.app.lists import new_list

    path = tmp_path / "four.json"
    new_list(path, ["Anna", "Ben", "Carl", "Dora"])
    with live_server(create_app(path, key=KEY)) as url:
        page = browser.new_page()
        page.goto(f"{url}/?lang=en#key={KEY}")
        expect(page.locator("#btn-enter")).to_have_text("Enter")
        # the English words throughout (no German 'augen' in them)
        expect(page.locator("#words")).to_have_attribute(
            "placeholder", "clubs with 2 hand points 75"
        )
        expect(page.locator('#players [data-player="Anna"]')).to_be_disabled()
        expect(page.locator("#info")).to_contain_text("Anna sits out")
        enter_by_taps(page, '#players [data-player="Ben"]', '[data-game="null"]')
        expect(page.locator("#spitzen-set")).to_be_hidden()  # no Spitzen in a Null
        for flag in ("schneider", "schwarz", "schneider_announced", "schwarz_announced"):
            expect(page.locator(f'[data-flag="{flag}"]')).to_be_hidden()  # none in a Null
        expect(page.locator("#augen")).to_be_hidden()
        expect(page.locator("#words")).to_have_value("null")
        expect(page.locator("#preview")).to_contain_text("Ben — Null: +23")
        tap(page, "#btn-enter")
        expect(page.locator("#toast")).to_have_text("Game 1 entered")
        # what a screen reader says, in English too: the numbers below zero as "minus"
        expect(page.locator("#say")).to_have_text(
            "Game 1: Ben, Null, plus 23. Standings: Anna 0, Ben 23, Carl 0, Dora 0."
        )
        expect(page.locator('#players [data-player="Ben"]')).to_be_disabled()
        tap(page, '#players [data-player="Carl"]')
        page.locator("#words").fill("null lost")
        tap(page, "#btn-enter")
        expect(page.locator("#say")).to_have_text(
            "Game 2: Carl, Null, lost, minus 46. Standings: Anna 0, Ben 23, Carl minus 46, Dora 0."
        )
        page.close()


def test_taps_that_need_another_say_why_and_a_wrong_key_watches(
    browser: Any, fresh_ledger: Path
) -> None:
    """Schneider angesagt before Hand, Re before Kontra: refused with the reason, and undone
    with what they need. A link with a wrong key shows the list and says so."""
    from playwright.sync_api import expect

    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        page = browser.new_page()
        page.goto(f"{url}/#key={KEY}")
        enter_by_taps(page, '#players [data-player="Ben"]', '[data-game="grand"]')
        tap(page, '[data-unfold="flags-more"]')  # the rare announcements, one tap away
        tap(page, '[data-flag="schneider_announced"]')
        expect(page.locator("#toast")).to_contain_text("nur im Handspiel")
        expect(page.locator('[data-flag="schneider_announced"]')).to_have_attribute(
            "aria-pressed", "false"
        )
        enter_by_taps(page, '[data-flag="hand"]', '[data-flag="schneider_announced"]')
        expect(page.locator("#words")).to_have_value("grand hand schneider angesagt")
        tap(page, '[data-flag="re"]')
        expect(page.locator("#toast")).to_contain_text("Re gibt es nur nach Kontra")
        enter_by_taps(page, '[data-flag="kontra"]', '[data-flag="re"]')
        expect(page.locator("#words")).to_have_value("grand hand schneider angesagt kontra re")
        expect(page.locator("#toast")).to_be_empty()  # fixed: the red reason goes
        expect(page.locator("#tap-note")).to_be_hidden()
        tap(page, '[data-flag="kontra"]')
        tap(page, '[data-flag="hand"]')  # without Hand the announcement goes too
        expect(page.locator("#words")).to_have_value("grand")
        page.close()

        stranger = browser.new_page()
        stranger.goto(f"{url}/#key=not-the-key")
        expect(stranger.locator("#readonly")).to_contain_text("Falscher Schlüssel")
        expect(stranger.locator("#entry")).to_be_hidden()
        expect(stranger.locator("#btn-undo")).to_be_hidden()
        stranger.close()


def test_a_tournament_table_page_and_the_organisers_live_ranking(
    browser: Any, tmp_path: Path
) -> None:
    """A table enters a game on its page (its key, its list); the organiser's page follows
    live and, with the organiser's key, shows each table's QR code; it fits a phone."""
    from playwright.sync_api import expect

    from skatliste.app import tournament as tournament_app
    from skatliste.app.keys import tournament_keys, tournament_keys_path

    folder = tmp_path / "preisskat"
    tournament_app.new_tournament(folder, name="Preisskat", date="2026-12-05", seed=3)
    for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"):
        tournament_app.add_player(folder, name, club="Kreuz Bube" if name < "D" else "")
    plan = tournament_app.draw_series(folder, 1)
    keys = tournament_keys(folder, len(plan.tables))
    # as 'serve --tournament' runs: the keys read from the folder's keys file, so the
    # organiser's links and QR codes carry pairing codes, not keys
    app = create_app(tournament=folder, key_file=tournament_keys_path(folder))
    declarer = plan.tables[0].players[1]
    with live_server(app) as url:
        organiser = browser.new_page()
        organiser.goto(f"{url}/#key={keys.organiser}")
        expect(organiser.locator("#tables li")).to_have_count(2)
        expect(organiser.locator("#plan .qr svg")).to_have_count(2)
        assert_fits_a_phone(organiser)

        table = browser.new_page()
        table.goto(f"{url}/series/1/table/1/#key={keys.tables[1]}")
        enter_by_taps(
            table,
            f'#players [data-player="{declarer}"]',
            '[data-game="grand"]',
            '#spitzen [data-n="1"]',
            '[data-result="won"]',
            "#btn-enter",
        )
        expect(table.locator("#toast")).to_have_text("Spiel 1 eingetragen")
        expect(organiser.locator('#tables li[data-table="1-1"] .val')).to_have_text("1/36")
        expect(organiser.locator("#ranking tr").nth(1)).to_contain_text(declarer)
        # read again without its QR codes (their version unchanged): the page keeps drawing them
        expect(organiser.locator("#plan .qr svg")).to_have_count(2)
        # table 2 played on paper: the organiser types its totals in
        second = plan.tables[1].players
        organiser.locator("#paper-table").fill("2")
        organiser.locator("#paper-results").fill(
            f"{second[0]}=40/2/0 {second[1]}=-20/1/1 {second[2]}=0/0/0"
        )
        tap(organiser, '#paper button[type="submit"]')
        expect(organiser.locator("#paper-message")).to_have_text(
            "Serie 1, Tisch 2: Papierergebnis eingetragen"
        )
        expect(organiser.locator('#tables li[data-table="1-2"] .tot')).to_have_text("Papier")
        if SCREENSHOTS:
            organiser.evaluate("window.scrollTo(0, 0)")  # the sticky strip at the top
            organiser.screenshot(path=str(Path(SCREENSHOTS) / "organiser.png"), full_page=True)
        table.close()
        organiser.close()
    games = json.loads((folder / "series-1" / "table-01.json").read_text())["games"]
    assert [(g["declarer"], g["game"]) for g in games] == [(declarer, "grand")]


def test_the_organisers_ranking_shows_table_points_places_drawn_and_a_leaver(
    browser: Any, tmp_path: Path
) -> None:
    """A final by table points with ties by lot and leavers unranked (rules §7): the
    organiser's page shows the table points, marks the places the lot decided and names its
    seed, and lists the player who left without a place."""
    from playwright.sync_api import expect

    from skatliste.app import tournament as tournament_app
    from skatliste.tournament import Leavers, Ties

    folder = tmp_path / "finale"
    tournament_app.new_tournament(folder, name="Finale", date="2026-12-19", series=1,
                                  games=(3, 4), seed=3, ties=Ties.LOT, lot_seed=19,
                                  leavers=Leavers.UNRANKED, table_points=(4, 3, 2, 1))  # fmt: skip
    for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Frida", "Gerd", "Hans"):
        tournament_app.add_player(folder, name)
    for table in tournament_app.draw_series(folder, 1).tables:
        lines = ["48/2/0", "0/0/0", "-36/0/1", "0/0/0"]
        items = [f"{p}={x}" for p, x in zip(table.players, lines, strict=True)]
        tournament_app.enter_paper_result(folder, 1, table.table, items)
    left = tournament_app.seating(folder, 1).tables[0].players[1]
    tournament_app.remove_player(folder, left)
    with live_server(create_app(tournament=folder)) as url:
        page = browser.new_page()
        page.goto(f"{url}/")
        rows = page.locator("#ranking tr")
        expect(rows.first).to_contain_text("TP")
        expect(rows.nth(1)).to_contain_text("1.‡")
        expect(page.locator("#ranking tr", has_text=left)).to_contain_text("\u2013")
        expect(page.locator("#ranking .note")).to_have_text(
            "‡ Platz durch das Los entschieden (Startwert 19)"
        )
        page.close()


def test_editing_names_its_game_and_typed_words_stay(browser: Any, fresh_ledger: Path) -> None:
    """Changing a game shows its words (the taps, which would build new ones, rest); another
    phone's delete before the save is refused, naming the game, and Carl's game stays; the red
    message goes with the next update; taps never wipe words typed by hand."""
    from playwright.sync_api import expect

    from skatliste.app import lists

    for who, words in (
        ("anna", "herz ohne 3 augen 61"),
        ("ben", "pik mit 1"),
        ("carl", "kreuz mit 1"),
    ):
        lists.add_game(fresh_ledger, who, words.split())
    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        page = browser.new_page()
        page.goto(f"{url}/#key={KEY}")
        toast = page.locator("#toast")
        tap(page, '#sheet [data-open="1"]')
        tap(page, '#sheet [data-edit="1"]')
        expect(page.locator("#words")).to_have_value("herz ohne 3 augen 61")
        expect(page.locator("#game-panel")).to_be_hidden()  # no taps showing another game
        expect(page.locator("#edit-hint")).to_be_visible()
        tap(page, "#btn-clear")  # Abbrechen
        expect(page.locator("#game-panel")).to_be_visible()

        tap(page, '#sheet [data-open="2"]')
        tap(page, '#sheet [data-edit="2"]')
        page.locator("#words").fill("pik mit 2")
        lists.delete(fresh_ledger, 1)  # another phone, meanwhile
        expect(page.locator("#sheet li.game")).to_have_count(2)
        tap(page, "#btn-enter")
        expect(toast).to_contain_text("Spiel 2 wurde geändert, seit du es geöffnet hast: lade neu")
        expect(page.locator("#words")).to_have_value("pik mit 2")  # nothing typed is lost
        games = json.loads(fresh_ledger.read_text(encoding="utf-8"))["games"]
        assert [(g["declarer"], g["game"]) for g in games] == [("Ben", "spades"), ("Carl", "clubs")]
        tap(page, "#btn-clear")

        lists.add_game(fresh_ledger, "anna", ["null"])  # the next update clears the red message
        expect(page.locator("#sheet li.game")).to_have_count(3)
        expect(toast).to_have_text("")
        good = fresh_ledger.read_bytes()
        fresh_ledger.write_bytes(b"{broken")  # a list broken by hand, then put right
        expect(toast).to_contain_text(str(fresh_ledger))
        fresh_ledger.write_bytes(good)
        expect(toast).to_have_text("")

        tap(page, '#players [data-player="Ben"]')
        page.locator("#words").fill("kreuz mit 2 augen 61")
        tap(page, '[data-game="hearts"]')
        expect(page.locator("#words")).to_have_value("kreuz mit 2 augen 61")
        expect(toast).to_contain_text("Die getippten Wörter bleiben")
        page.close()


FITS = """() => [...document.querySelectorAll(
    '#games small, #spitzen [data-mit], table.summary th, table.summary td')]
  .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth)
  .map((e) => e.textContent.trim())"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_labels_fit_and_enter_is_in_reach_at_390px(
    browser: Any, fresh_ledger: Path, lang: str
) -> None:
    """At 390 px every game label and 'mit'/'without' reads whole, the summary's cells do
    not run into each other or the edge, and Enter is on screen on first load."""
    from playwright.sync_api import expect

    from skatliste.app import lists

    for who, words in (("anna", "kreuz mit 2 hand"), ("ben", "grand ohne 1 verloren")):
        lists.add_game(fresh_ledger, who, words.split())
    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        page = browser.new_page()
        page.goto(f"{url}/?lang={lang}#key={KEY}")
        expect(page.locator("#sheet li.game")).to_have_count(2)
        enter = page.locator("#btn-enter").bounding_box()
        assert enter is not None and enter["y"] + enter["height"] <= PHONE["height"]
        assert page.evaluate(FITS) == []
        tap(page, "#tab-summary")
        expect(page.locator("table.summary")).to_be_visible()
        assert page.evaluate(FITS) == []
        gaps = page.evaluate(
            """() => { const [rank, name] = document.querySelectorAll('table.summary thead th');
              const edge = document.querySelector('#summary').getBoundingClientRect().right;
              const last = [...document.querySelectorAll('table.summary thead th')].pop();
              return [parseFloat(getComputedStyle(name).paddingLeft),
                      edge - last.getBoundingClientRect().right
                        + parseFloat(getComputedStyle(last).paddingRight)]; }"""
        )
        assert gaps[0] >= 6 and gaps[1] >= 6
        assert_fits_a_phone(page)
        page.close()


def test_an_american_grand_list_by_its_words(browser: Any, tmp_path: Path, run: Run) -> None:
    """An American Grand list on the phone: no Skat taps; a player tapped and the deal's words
    typed enter it; the pairs' scores of the partie in progress show; 'end' ends the partie
    by hand, and its result is the summary's; a deal added in the terminal follows live."""
    from playwright.sync_api import expect

    from skatliste.app import lists

    path = tmp_path / "grand.json"
    lists.new_list(path, ["Anna", "Ben", "Carl", "Dora"], rules=lists.rules_of("american-grand"))
    with live_server(create_app(path, key=KEY)) as url:
        page = browser.new_page()
        page.goto(f"{url}/#key={KEY}")
        expect(page.locator("#entry")).to_be_visible()
        expect(page.locator("#game-panel")).to_be_hidden()
        for hidden in ("#btn-ramsch", "#btn-bock", "#btn-pass"):
            expect(page.locator(hidden)).to_be_hidden()
        anna_carl = page.locator('.chip[data-player="Anna+Carl"] .points')
        ben_dora = page.locator('.chip[data-player="Ben+Dora"] .points')
        expect(anna_carl).to_have_text("0")
        # the words field shows the family's own words, as a German table says them
        expect(page.locator("#words")).to_have_attribute("placeholder", "whist 25 stiche 11")

        tap(page, '#players [data-player="Anna"]')
        page.locator("#words").fill("whist 25 stiche 11")
        expect(page.locator("#preview")).to_contain_text("Whist 25, 11 Stiche: +25")
        tap(page, "#btn-enter")
        expect(anna_carl).to_have_text("25")
        expect(page.locator("#sheet li.game")).to_have_count(1)

        run("add", "ben", "grand", "15", "tricks", "3", "--ledger", str(path))
        expect(anna_carl).to_have_text("61")
        expect(ben_dora).to_have_text("−15")
        expect(page.locator("#sheet li.game")).to_have_count(2)
        assert_fits_a_phone(page)
        if SCREENSHOTS:  # the next deal typed, its preview above Enter
            page.locator("#words").fill("carl herz 40 herzen 2")
            expect(page.locator("#preview")).to_contain_text("Herz 40")
            page.screenshot(path=str(Path(SCREENSHOTS) / "phone-american.png"))
            page.locator("#words").fill("")

        page.locator("#words").fill("ende")
        expect(page.locator("#preview")).to_contain_text("das Ende einer Partie")
        tap(page, "#btn-enter")
        expect(anna_carl).to_have_text("0")  # the next partie starts at 0 : 0
        expect(page.locator("#summary")).to_contain_text("Partie 1 beendet (von Hand beendet)")
        tap(page, "#tab-summary")
        expect(page.locator("#summary")).to_be_visible()
        expect(page.locator("#chart-title")).to_be_hidden()  # no chart, no empty heading
        expect(page.locator("#stake")).to_be_hidden()  # American Grand plays for no stake
        expect(page.locator("#settle-way")).to_be_hidden()
        page.screenshot(path=str(tmp_path / "american-summary.png"))
        tap(page, "#tab-game")
        expect(page.locator("#btn-undo")).to_contain_text("Partie von Hand beendet")
        page.close()
    kinds = [g["kind"] for g in json.loads(path.read_text(encoding="utf-8"))["games"]]
    assert kinds == ["deal", "deal", "end"]


def test_an_american_grand_delete_says_what_it_did_to_the_parties(
    browser: Any, tmp_path: Path
) -> None:
    """A deal deleted from the sheet takes Ben+Dora's 100 away (docs/rules.md §A4): the toast
    says so after the deletion, in the words of the command line."""
    from playwright.sync_api import expect

    from skatliste.app import lists

    path = tmp_path / "grand.json"
    lists.new_list(path, ["Anna", "Ben", "Carl", "Dora"], rules=lists.rules_of("american-grand"))
    for words in ("ben whist 45 stiche 13", "dora whist 45 stiche 13", "carl grand 10 stiche 8"):
        lists.add_game(path, None, words.split())
    with live_server(create_app(path, key=KEY)) as url:
        page = browser.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(f"{url}/#key={KEY}")
        tap(page, '#sheet [data-open="2"]')
        tap(page, '#sheet [data-delete="2"]')
        expect(page.locator("#toast")).to_have_text(
            "Spiel 2 gelöscht · Partie 1 ist nicht mehr beendet: Spiele 1 bis 2, vorläufig: "
            "Anna+Carl +18 · Ben+Dora +65 · verloren 0 : 0 → Ben+Dora gewinnen 82 : 0 · "
            "Partie 2 gibt es nicht mehr"
        )
        if SCREENSHOTS:
            page.screenshot(path=str(Path(SCREENSHOTS) / "phone-american-delete.png"))
        page.close()
