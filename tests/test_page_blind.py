"""A blind player keeps the list alone: the phone page by keyboard and screen reader, in
Chromium at 390 × 850. Every game is entered with the buttons' keys (Tab, Space, Enter), every
saved game is said with the totals after it ("minus 44", never "−44"), a refusal is said at
once with the focus on what to fix, "Stand vorlesen" reads the standings back, the summary is a
table with row and column headers, and the page holds at 200 % text size. One page serves
every step (browser tests are the slow ones)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from skatliste.web.server import create_app

from .conftest import Run, american
from .test_page_fit import axe_problems, browser, no_sideways_scrolling
from .webtools import KEY, live_server

__all__ = ["browser"]  # the module's Chromium, shared with test_page_fit's fixture

PHONE = {"width": 390, "height": 850}
AUTH = {"Authorization": f"Bearer {KEY}"}

FOCUSED = """() => { const e = document.activeElement;
  return e.id || (e.dataset && Object.entries(e.dataset).map(([k, v]) => k + "=" + v)[0])
         || e.tagName.toLowerCase(); }"""
"""The focused control, named as the tests name it: its id, else its first data- attribute."""


def focus_by_tab(page: Any, name: str, *, limit: int = 60) -> list[str]:
    """Press Tab until the control ``name`` (as FOCUSED names it) has the focus; the controls
    passed on the way, in order."""
    passed: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        now: str = page.evaluate(FOCUSED)
        if now == name:
            return passed
        passed.append(now)
    raise AssertionError(f"{name} never has the focus by Tab; passed {passed}")


def press(page: Any, name: str, key: str = "Space") -> None:
    """Reach the control ``name`` by Tab (from where the focus is) and press ``key`` on it."""
    focus_by_tab(page, name)
    page.keyboard.press(key)


def test_a_blind_players_evening_by_keyboard_and_screen_reader(
    browser: Any, fresh_ledger: Path
) -> None:
    """Games entered by keyboard alone are said with who, what, the value and the totals;
    a refusal is said at once and the focus goes to what is missing; undo and the read-back
    are said; the entry form's and the summary's accessibility trees are what a screen reader
    walks; axe finds nothing in either theme; 200 % text needs no sideways scrolling."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE, locale="de-DE", color_scheme="light")
    context.set_default_timeout(10_000)
    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        page = context.new_page()
        page.goto(f"{url}/#key={KEY}")
        expect(page.locator("#entry")).to_be_visible()
        said, alert = page.locator("#say"), page.locator("#say-now")

        # the keyboard order: the strip, the tabs, who played, what, the words, Enter
        order = focus_by_tab(page, "btn-enter")
        assert order[:4] == ["info", "tab-game", "tab-summary", "player=Anna"]
        firsts = [order.index(n) for n in ("player=Carl", "btn-pass", "game=clubs", "words")]
        assert firsts == sorted(firsts)
        press(page, "btn-read", "Enter")  # nothing to read back yet: said so
        expect(said).to_have_text("Noch keine Spiele.")
        page.evaluate("document.activeElement.blur()")

        # what a screen reader finds in the entry form: named groups, pressed states
        expect(page.locator("#entry")).to_match_aria_snapshot(
            """
            - group "Wer spielt?":
              - button "Anna Geber" [pressed=false]
              - button "Ben" [pressed=false]
              - button "Carl" [pressed=false]
              - button "Eingepasst"
            - group "Was?":
              - button "Kreuz" [pressed=false]
              - button "Pik"
              - button "Herz"
              - button "Karo"
              - button "Grand"
              - button "Null"
            - group "Spitzen":
              - button "mit" [pressed]
              - button "ohne" [pressed=false]
              - button "1"
              - button "mehr Spitzen" [expanded=false]
            - group "Ansagen":
              - button "Hand" [pressed=false]
              - button "Kontra"
              - button "Re"
              - button /weitere Ansagen. Ouvert, Schneider, Schwarz, gereizt/ [expanded=false]
            - group "Ergebnis":
              - button "gewonnen" [pressed=false]
              - button "verloren"
              - spinbutton "Augen"
            - textbox "Oder tippen"
            - button "Eintragen"
            - button "Leeren"
            """
        )

        # 1. Ben: Null ouvert, won — Space on each button (Ouvert one "…" away), Enter on
        # "Eintragen"
        for name in ("player=Ben", "game=null", "btn-more-flags-more", "flag=ouvert", "result=won"):
            press(page, name)
        expect(page.locator("#words")).to_have_value("null ouvert gewonnen")
        expect(page.locator('[data-game="null"]')).to_have_attribute("aria-pressed", "true")
        press(page, "btn-enter", "Enter")
        first = "Spiel 1: Ben, Null ouvert, plus 46. Stand: Anna 0, Ben 46, Carl 0."
        expect(said).to_have_text(first)
        expect(said).to_match_aria_snapshot(f'- status: "{first}"')
        expect(page.locator("#toast")).to_have_text("Spiel 1 eingetragen")

        # 2. Carl: Pik mit 1, lost — the minus said as a word, in the game and the totals
        page.locator("#btn-enter").focus()
        for name in ("player=Carl", "game=spades", "n=1", "result=lost"):
            press(page, name)
        press(page, "btn-enter", "Enter")
        expect(said).to_have_text(
            "Spiel 2: Carl, Pik mit 1, verloren, minus 44. Stand: Anna 0, Ben 46, Carl minus 44."
        )

        # a game without who played: said at once, the focus on the players
        page.locator("#btn-enter").focus()
        press(page, "game=hearts")
        press(page, "btn-enter", "Enter")
        expect(alert).to_have_text(
            "Wer hat gespielt? Tippe einen Spieler an (oder beginne die Wörter mit dem Namen)"
        )
        expect(alert).to_have_attribute("role", "alert")
        assert page.evaluate(FOCUSED) == "player=Anna"
        # who played, but not what: the focus on the games
        press(page, "btn-clear")
        page.locator('#players [data-player="Anna"]').press("Space")
        page.locator("#btn-enter").press("Enter")
        expect(alert).to_have_text("Welches Spiel? Tippe es an oder schreibe seine Wörter")
        assert page.evaluate(FOCUSED) == "game=clubs"
        # words the server refuses: said at once, the focus on the words, marked invalid
        press(page, "btn-clear")
        page.locator("#words").focus()
        page.keyboard.type("anna grand mit 5")
        page.locator("#btn-enter").focus()
        page.keyboard.press("Enter")
        expect(alert).to_contain_text("Nicht gespeichert")
        assert page.evaluate(FOCUSED) == "words"
        expect(page.locator("#words")).to_have_attribute("aria-invalid", "true")
        page.keyboard.press("Control+a")
        page.keyboard.type("anna grand mit 2")
        expect(page.locator("#words")).not_to_have_attribute("aria-invalid", "true")
        page.locator("#btn-enter").focus()
        page.keyboard.press("Enter")
        expect(said).to_have_text(
            "Spiel 3: Anna, Grand mit 2, plus 72. Stand: Anna 72, Ben 46, Carl minus 44."
        )

        # undo, by its key: said with the totals after it
        press(page, "btn-undo", "Enter")
        expect(said).to_have_text(
            "Spiel 3 zurückgenommen: Anna grand mit 2. Stand: Anna 0, Ben 46, Carl minus 44."
        )
        # "Stand vorlesen": the totals after the last game, and that game
        expect(page.locator("#btn-undo")).to_contain_text("Spiel 2")
        press(page, "btn-read", "Enter")
        expect(said).to_have_text(
            "Stand nach Spiel 2: Anna 0, Ben 46, Carl minus 44. "
            "Spiel 2: Carl, Pik mit 1, verloren, minus 44."
        )
        assert axe_problems(page) == []

        # the summary: a table with a header per column and the player heading each row
        page.locator("#tab-summary").press("Enter")
        expect(page.locator("#summary table")).to_match_aria_snapshot(
            """
            - table:
              - rowgroup:
                - row:
                  - columnheader "Platz"
                  - columnheader "Spieler"
                  - columnheader "Punkte"
              - rowgroup:
                - row:
                  - cell "1."
                  - rowheader "Ben"
                  - cell "+46"
                - row:
                  - cell "2."
                  - rowheader "Anna"
                - row:
                  - cell "3."
                  - rowheader "Carl"
                  - cell "−44"
            """
        )
        # the sheet as the paper list has it: folded on the summary tab, a row per game
        page.locator("#listing summary").press("Enter")
        expect(page.locator("#listing table")).to_match_aria_snapshot(
            """
            - table "Die Liste als Tabelle":
              - rowgroup:
                - row:
                  - columnheader "Nr."
                  - columnheader "Spieler"
                  - columnheader "Spiel"
                  - columnheader "Wert"
                  - columnheader "Anna"
                  - columnheader "Ben"
                  - columnheader "Carl"
              - rowgroup:
                - row:
                  - rowheader "1"
                  - cell "Ben"
                  - cell "Null ouvert"
                  - cell "+46"
                  - cell "0"
                  - cell "+46"
                  - cell "0"
                - row:
                  - rowheader "2"
                  - cell "Carl"
                  - cell "Pik mit 1, verloren"
                  - cell "−44"
                  - cell "0"
                  - cell "+46"
                  - cell "−44"
            """
        )
        page.emulate_media(color_scheme="dark")
        assert axe_problems(page) == []

        # 200 % text on the same phone: it reflows, nothing scrolls sideways, on either tab
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "32px"
        expect(page.locator("#strip")).to_have_css("position", "static")  # nothing sticks
        assert no_sideways_scrolling(page) == 0
        page.locator("#tab-game").click()
        assert no_sideways_scrolling(page) == 0
        page.emulate_media(color_scheme="light")
        assert axe_problems(page) == []

        # a change and a deletion, from the sheet by keyboard: said with the totals after them
        page.locator('#sheet [data-open="2"]').press("Enter")
        page.locator('#sheet [data-edit="2"]').press("Enter")
        expect(page.locator("#words")).to_have_value("pik mit 1 verloren")
        page.locator("#words").fill("pik mit 2 verloren")
        page.locator("#btn-enter").press("Enter")
        expect(said).to_have_text(
            "Spiel 2 geändert. Spiel 2: Carl, Pik mit 2, verloren, minus 66. "
            "Stand: Anna 0, Ben 46, Carl minus 66."
        )
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator('#sheet [data-delete="2"]').press("Enter")
        expect(said).to_have_text("Spiel 2 gelöscht. Stand: Anna 0, Ben 46, Carl 0.")
        # a protest, typed and sent by keyboard: said when it is noted
        page.locator("#protest-game").fill("1")
        page.locator("#protest-text").fill("Carl: Ouvert war nicht angesagt")
        page.locator("#protest-text").press("Enter")
        expect(said).to_have_text("Einspruch zu Spiel 1 vermerkt.")
        page.close()
    context.close()


# --- what the server gives the page to say ------------------------------------------------


def test_the_last_game_of_a_series_says_the_series_is_over(tmp_path: Path, run: Run) -> None:
    """A saved game's row says what it closed: nothing before the series' last game, then
    that the series is over (the page says it after the game and shows it in its message)."""
    path = tmp_path / "series.json"
    made = run("new", "Anna", "Ben", "Carl", "--rules", "tournament", "--rule", "series=3",
               "--ledger", str(path))  # fmt: skip
    assert made.exit_code == 0, made.output
    client = TestClient(create_app(path, key=KEY))
    closes = [
        client.post(
            "/api/games", json={"declarer": who, "words": "grand mit 1"}, headers=AUTH
        ).json()["game"]["closes"]
        for who in ("anna", "ben", "carl")
    ]
    assert closes == [None, None, "Die Serie ist zu Ende: 3 Spiele gespielt."]


def test_the_deal_that_ends_an_american_grand_partie_says_its_result(
    tmp_path: Path, run: Run
) -> None:
    """The deal that ends a partie (here after two deals) carries the partie's result, the
    line its explanation ends with; a deal before it carries none."""
    path = american(run, tmp_path / "grand.json", rule="partie.deals=2")
    client = TestClient(create_app(path, key=KEY))
    body = {"declarer": "anna", "words": "whist 25 tricks 11"}
    first = client.post("/api/games", json=body, headers=AUTH).json()["game"]
    second = client.post("/api/games", json=body, headers=AUTH).json()["game"]
    assert first["closes"] is None
    assert second["closes"].startswith("Partie 1 ") and second["closes"] in second["explanation"]
