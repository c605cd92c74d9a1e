"""The league's page in a real browser (Debian's Chromium driven by Playwright, 390 × 850):
the season table and the match reports follow a result typed at the laptop, no reload."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

from skatliste.app import league as app
from skatliste.app import tournament
from skatliste.league import Scoring
from skatliste.web.server import create_app

from .webtools import CHROMIUM_ARGS, chromium_path, live_server

TEAMS = {"Kiel": ["Anna", "Ben", "Carl"], "Lübeck": ["Fritz", "Gerd", "Hans"]}
TEAMS["Eutin"] = ["Jan", "Kai", "Lea"]


def test_the_league_page_follows_a_result_live(tmp_path: Path) -> None:
    """Three teams of three at three tables; each player P/1/0 gives P + 50 Seeger-Fabian:
    Kiel 3 × (30 + 50) = 240, Lübeck 3 × (20 + 50) = 210, Eutin 3 × (30 + 50) = 240 -> Eutin
    and Kiel share places 1 and 2 (1½ : ½ each), Lübeck 0 : 2."""
    from playwright.sync_api import expect, sync_playwright

    executable = chromium_path()
    if executable is None:
        pytest.fail("no chromium: 'make test' installs Debian's chromium (apt-get, as root)")
    folder = tmp_path / "liga"
    app.new_league(folder, name="Kreisliga Ost", series=2, seed=3, scoring=Scoring.ALL)
    for team, players in TEAMS.items():
        app.add_team(folder, team, players)
    app.new_day(folder, 1, list(TEAMS), venue="Eutin")
    app.draw(folder, 1, 1)
    team_of = {p: t for t, ps in TEAMS.items() for p in ps}
    points = {"Kiel": 30, "Lübeck": 20, "Eutin": 30}
    errors: list[str] = []
    with (
        sync_playwright() as pw,
        tempfile.TemporaryDirectory() as profile,
        live_server(create_app(league=folder)) as url,
    ):
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
            page: Any = context.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(url + "/")
            expect(page.locator("h2").first).to_have_text("Tabelle")
            expect(page.locator("#live")).not_to_have_class("live off")
            expect(page.locator(".day .report")).to_contain_text("noch keine Serie")
            day = folder / "day-1"
            for n, table in enumerate(tournament.seating(day, 1).tables, start=1):
                items = [f"{p}={points[team_of[p]]}/1/0" for p in table.players]
                tournament.enter_paper_result(day, 1, n, items)
            expect(page.locator(".day .report")).to_contain_text("Lübeck210")
            expect(page.locator("main > .report tbody tr").first).to_contain_text("1½ : ½")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        finally:
            context.close()
    assert errors == []
