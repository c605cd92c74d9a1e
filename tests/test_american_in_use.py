"""An American Grand list kept as a newcomer keeps it: every command speaks the family's own
words, in German by default, and nothing ends in the bug handler or a server error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from skatliste.web.server import create_app

from .conftest import Run

KEY = "k" * 32


@pytest.fixture
def grand(run: Run, ledger_path: Path) -> Path:
    """An American Grand list: Anna and Carl against Ben and Dora."""
    r = run(
        "new", "--rules", "american-grand", "--players", "Anna", "Ben", "Carl", "Dora",
        "--ledger", str(ledger_path),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    return ledger_path


def _ok(run: Run, path: Path, *args: str) -> str:
    r = run(*args, "--ledger", str(path))
    assert r.exit_code == 0, r.output
    return r.stdout


def test_play_says_it_asks_for_skat_games(run: Run, grand: Path) -> None:
    """``play`` asks a Skat game's questions: on an American Grand list it says so and how to
    enter a deal instead, exit 2, the list unchanged."""
    before = grand.read_bytes()
    r = run("play", "--ledger", str(grand), input="")
    assert r.exit_code == 2
    assert "'play' fragt nach Skatspielen" in r.stderr
    assert "skatliste add anna whist 25 stiche 11" in r.stderr
    assert grand.read_bytes() == before


def test_a_deal_is_said_back_in_german_words(run: Run, grand: Path) -> None:
    """Undo, delete and history say a deal in the words a German table types (``stiche``,
    ``jucker``, ``allein``, ``herzen``), and each reads back as the same deal."""
    _ok(run, grand, "add", "ben", "euchre", "20", "alone", "tricks", "5")
    _ok(run, grand, "add", "carl", "hearts", "40", "hearts", "2")
    assert "Carl herz 40 herzen 2" in _ok(run, grand, "undo")
    assert "Ben jucker 20 allein stiche 5" in _ok(run, grand, "delete", "1")
    history = _ok(run, grand, "history")
    assert "jucker 20 allein stiche 5" in history and "tricks" not in history
    _ok(run, grand, "add", "ben", *"jucker 20 allein stiche 5".split())
    _ok(run, grand, "add", "carl", *"herz 40 herzen 2".split())
    assert "keine Probleme" in _ok(run, grand, "check")


def test_the_markdown_export_shows_names_and_notes_as_text(run: Run, ledger_path: Path) -> None:
    """As for a Skat list: HTML escaped, a pipe kept in its cell, the note shown."""
    r = run(
        "new", "--rules", "american-grand", "--players", "Anna", "<b>Ben</b>", "Carl", "Dora",
        "--ledger", str(ledger_path),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    _ok(run, ledger_path, "add", "anna", "whist", "25", "tricks", "11", "--note", "<i>x</i> a|b")
    text = _ok(run, ledger_path, "export", "--format", "md")
    assert "<b>" not in text and "<i>" not in text
    assert "&lt;b&gt;Ben&lt;/b&gt;" in text and "a\\|b" in text


@pytest.mark.parametrize("fmt", ["csv", "json", "html", "md"])
def test_every_export_keeps_the_note(run: Run, grand: Path, fmt: str) -> None:
    """A deal's note is in every export, as a game's is."""
    _ok(run, grand, "add", "anna", "whist", "25", "tricks", "11", "--note", "Ben kam spät")
    assert "Ben kam spät" in _ok(run, grand, "export", "--format", fmt)


def test_the_preview_of_an_end_is_no_server_error(run: Run, grand: Path) -> None:
    """Typing ``ende`` on the phone page previews what it does (the partie ends), 200, and
    writes nothing."""
    _ok(run, grand, "add", "anna", "whist", "25", "tricks", "11")
    before = grand.read_bytes()
    client = TestClient(create_app(grand, key=KEY))
    r = client.post("/api/preview", json={"declarer": None, "words": "ende"})
    assert r.status_code == 200, r.text
    assert r.json()["text"] and r.json()["value"] == ""
    assert grand.read_bytes() == before


def test_the_sheet_json_of_a_deal_has_its_note(run: Run, grand: Path) -> None:
    _ok(run, grand, "add", "anna", "whist", "25", "tricks", "11", "--note", "spät")
    data = json.loads(_ok(run, grand, "export", "--format", "json"))
    assert data["deals"][0]["note"] == "spät"


@pytest.mark.parametrize(
    "words",
    ["whist 25 stiche 11 stiche 11", "euchre 20 allein allein stiche 5", "whist 25 25 stiche 11"],
)
def test_a_word_of_a_deal_said_twice_is_refused(run: Run, grand: Path, words: str) -> None:
    """As on a Skat list, every word of a deal is said once (equal numbers too)."""
    before = grand.read_bytes()
    r = run("add", "ben", *words.split(), "--ledger", str(grand))
    assert r.exit_code == 2, r.output
    assert grand.read_bytes() == before


def test_the_html_page_prints_each_partie_as_the_skat_page_prints_its_list(
    run: Run, grand: Path
) -> None:
    """One self-contained, printable page in the Skat page's style (``render.page``): the
    pairs in its head, each partie a section of its deals, a set deal marked ×, and its
    settlement by §A5 (docs/rules.md, American Grand)."""
    _ok(run, grand, "add", "anna", "whist", "25", "tricks", "11")
    _ok(run, grand, "add", "ben", "grand", "15", "tricks", "3")
    _ok(run, grand, "end")
    _ok(run, grand, "add", "carl", "whist", "30", "tricks", "12")
    page = _ok(run, grand, "export", "--format", "html")
    skat_style = page[page.index("<style>") : page.index("</style>")]
    assert "@page { size: A4" in skat_style and "td.mark" in skat_style
    assert "<script" not in page and "<link" not in page
    assert "Paare: Anna+Carl – Ben+Dora" in page
    body = page[page.index("</style>") :]
    assert body.count("<section>") == 2 and page.count('<table class="sheet">') == 2
    assert page.count("<tr><td") == 3
    assert page.count('<td class="mark">×</td>') == 1  # Ben's Grand 15 with 3 tricks
    assert "<h2>Partie 1 beendet" in page and "<li>3) " in page
    assert page.endswith("</body></html>\n")


def test_the_html_page_of_a_list_without_deals_says_so(run: Run, grand: Path) -> None:
    page = _ok(run, grand, "export", "--format", "html", "--lang", "en")
    body = page[page.index("</style>") :]
    assert "<section>" not in body and "<p>no deals yet</p>" in body
