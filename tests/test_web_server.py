"""The server's frame: the page and its own static files, live updates, JSON errors."""

from __future__ import annotations

import re
from pathlib import Path

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from skatliste.web.server import create_app

from .conftest import Run
from .webtools import KEY, live_server


@pytest.fixture
def client(fresh_ledger: Path) -> TestClient:
    return TestClient(create_app(fresh_ledger, key=KEY))


def test_page_uses_only_its_own_scripts_and_styles(client: TestClient) -> None:
    """No CDN: every script and style the page loads is served by skatliste itself."""
    page = client.get("/")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources, "the page loads no script or style"
    for source in sources:
        assert source.startswith(("http://testserver/static/", "data:")), source
        if source.startswith("http"):
            assert client.get(source).status_code == 200, source


@pytest.mark.parametrize(
    ("header", "query", "lang", "word"),
    [
        ("de-DE,de;q=0.9", "", "de", "Eintragen"),
        ("en-GB,en;q=0.8", "", "en", "Enter"),
        ("fr-FR,fr;q=0.9,en;q=0.5", "", "en", "Enter"),
        ("", "", "de", "Eintragen"),
        ("en-US", "?lang=de", "de", "Eintragen"),
    ],
)
def test_page_speaks_the_browsers_language(
    client: TestClient, header: str, query: str, lang: str, word: str
) -> None:
    """German or English as the browser prefers (German when it prefers neither)."""
    page = client.get("/" + query, headers={"Accept-Language": header})
    assert f'<html lang="{lang}">' in page.text
    assert f">{word}<" in page.text


def test_unknown_address_is_a_json_404(client: TestClient) -> None:
    """An unknown API address answers with an error the page can show."""
    answer = client.get("/api/nothing")
    assert answer.status_code == 404
    assert answer.json() == {"error": "diese Seite gibt es hier nicht"}


def test_every_open_page_hears_of_a_game_added_from_the_cli(fresh_ledger: Path, run: Run) -> None:
    """Server-sent events: a game added in the terminal reaches the page within a second; each
    event carries the list's version, the ETag of ``/api/list``."""
    with (
        live_server(create_app(fresh_ledger, key=KEY)) as url,
        httpx.Client(timeout=5) as http,
        http.stream("GET", url + "/api/events") as events,
    ):
        assert events.headers["content-type"].startswith("text/event-stream")
        lines = events.iter_lines()
        first = http.get(url + "/api/list").headers["etag"]
        assert next(line for line in lines if line.startswith("data:")) == f"data: {first[1:-1]}"
        result = run("add", "anna", "kreuz", "mit", "2", "--ledger", str(fresh_ledger))
        assert result.exit_code == 0, result.output
        # the file is looked at every 0.2 s; the client's 5 s read timeout bounds the wait
        now = http.get(url + "/api/list").headers["etag"]
        assert now != first
        assert next(line for line in lines if line.startswith("data:")) == f"data: {now[1:-1]}"


@pytest.mark.parametrize("path", ["/", "/api/list", "/static/app.js", "/api/nothing"])
def test_every_answer_forbids_foreign_scripts_and_framing(client: TestClient, path: str) -> None:
    """The page runs only skatliste's own script, sends no Referer, cannot be framed."""
    headers = client.get(path).headers
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_every_label_comes_from_the_catalogue_in_both_languages() -> None:
    """German and English pages show the same labels, the German ones from the catalogue
    (a column's "won" is not the word a tap writes)."""
    from skatliste.web.labels import labels

    de, en = labels("de"), labels("en")
    assert set(de) == set(en) and all(de.values()) and all(en.values())
    assert (de["who"], en["who"]) == ("Wer spielt?", "Who plays?")
    assert de["won_short"] == "gew."


def test_the_entry_form_comes_from_the_family_in_the_pages_language() -> None:
    """Skat's form: its labels and the words its taps write from the catalogue (a column's
    "won" is not the word a tap writes), German on a German page; American Grand draws none."""
    from skatliste.families import by_name
    from skatliste.web.views import form_json

    de, en = form_json(by_name("skat"), "de"), form_json(by_name("skat"), "en")
    taps = {
        lang: {
            (i["part"], i["value"]): i
            for g in f["groups"] for r in g["rows"] for i in r["items"] if i["kind"] == "tap"
        }
        for lang, f in (("de", de), ("en", en))
    }  # fmt: skip
    assert (taps["de"]["result", "won"]["words"], taps["en"]["result", "won"]["words"]) == (
        ["gewonnen"],
        ["won"],
    )
    assert (
        taps["de"]["game", "clubs"]["words"] == ["kreuz"]
        and taps["de"]["game", "clubs"]["label"] == "Kreuz"
    )
    assert taps["en"]["mit", "mit"]["words"] == ["with"]
    assert de["order"][0] == "game"
    assert form_json(by_name("american-grand"), "de") == {"groups": [], "order": []}
