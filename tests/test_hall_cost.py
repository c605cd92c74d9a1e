"""What the hall costs the server: a page built again after a save draws only the rows that
changed, and the organiser's page gets the QR codes only when they changed. Each fast path is
held equal to drawing everything afresh."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from skatliste.app import lists
from skatliste.app import tournament as app
from skatliste.app.keys import tournament_keys
from skatliste.app.lists import open_list
from skatliste.render import skat as skat_render
from skatliste.web import views
from skatliste.web.server import create_app

Served = tuple[TestClient, Path, dict[str, str]]
GAMES = [
    ("Ben", ["grand", "mit", "1"]),
    ("Carl", ["kreuz", "ohne", "2", "hand"]),
    ("Anna", ["null", "ouvert"]),
    ("Ben", ["herz", "mit", "1", "verloren", "kontra"]),
    ("Carl", ["grand", "ohne", "3", "schneider"]),
]


def _page(path: Path, lang: str = "de") -> dict[str, Any]:
    return views.list_json(open_list(path), lang=lang, can_write=False)  # type: ignore[arg-type]


def _afresh(path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The page with every row drawn anew (nothing kept)."""
    with monkeypatch.context() as m:
        m.setattr(skat_render, "_drawn", {})
        return _page(path)


def test_a_save_draws_only_its_own_row(fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a save the page is built again: the rows before the new game are the rows drawn
    before, and only the new one is drawn."""
    for who, words in GAMES:
        lists.add_game(fresh_ledger, who, words)
    _page(fresh_ledger)
    drawn: list[int] = []
    real = skat_render._row_json

    def counted(lst: Any, row: Any, lang: Any) -> dict[str, Any]:
        drawn.append(row.number)
        return real(lst, row, lang)

    monkeypatch.setattr(skat_render, "_row_json", counted)
    lists.add_game(fresh_ledger, "Anna", ["grand", "mit", "2"])
    page = _page(fresh_ledger)
    assert drawn == [6]
    assert page == _afresh(fresh_ledger, monkeypatch)


def test_kept_rows_equal_rows_drawn_afresh_after_any_change(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Edits early in the list, a Bock round, an undo and a delete: every page equals the page
    drawn from nothing, in both languages."""
    for who, words in GAMES:
        lists.add_game(fresh_ledger, who, words)
    changes: list[Callable[[], object]] = [
        lambda: lists.edit(fresh_ledger, 1, ["Ben", "grand", "mit", "2"]),
        lambda: lists.edit(fresh_ledger, 2, ["Carl", "pik", "mit", "1"]),
        lambda: lists.pass_game(fresh_ledger),
        lambda: lists.undo(fresh_ledger),
        lambda: lists.delete(fresh_ledger, 1),
    ]
    for change in changes:
        _page(fresh_ledger, "en")
        _page(fresh_ledger)
        change()
        assert _page(fresh_ledger) == _afresh(fresh_ledger, monkeypatch)
        with monkeypatch.context() as m:
            m.setattr(skat_render, "_drawn", {})
            fresh_en = _page(fresh_ledger, "en")
        assert _page(fresh_ledger, "en") == fresh_en


def test_the_rows_kept_are_bounded(fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No more rows are kept than ``ROWS_KEPT``: the oldest go first."""
    monkeypatch.setattr(skat_render, "_drawn", {})
    monkeypatch.setattr(skat_render, "ROWS_KEPT", 3)
    for who, words in GAMES:
        lists.add_game(fresh_ledger, who, words)
    page = _page(fresh_ledger)
    assert len(skat_render._drawn) == 3
    assert [g["number"] for g in skat_render._drawn.values()] == [3, 4, 5]
    assert page == _afresh(fresh_ledger, monkeypatch)


@pytest.fixture
def organiser(tmp_path: Path) -> Served:
    """A tournament of six, series 1 drawn, served as 'serve --tournament' serves it (the
    keys read from its keys file), and the organiser's key as a header."""
    folder = tmp_path / "t"
    app.new_tournament(folder, name="T", date="2026-12-05", series=2, seed=1)
    for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"):
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    auth = {"Authorization": f"Bearer {tournament_keys(folder).organiser}"}
    client = TestClient(create_app(tournament=folder, key_file=folder / "keys.json"))
    return client, folder, auth


def test_the_organiser_gets_the_qr_codes_only_when_they_changed(
    organiser: Served,
) -> None:
    """The organiser's reading names the codes' version; asked with it, the codes are left
    out (the links stay); a series drawn makes a new version, and the codes come again."""
    client, folder, auth = organiser
    first = client.get("/api/tournament", headers=auth).json()
    version = first["codes"]
    assert all(t["qr"].startswith("<svg") and t["link"] for t in first["tables"])
    again = client.get("/api/tournament", params={"codes": version}, headers=auth).json()
    assert again["codes"] == version
    assert all("qr" not in t and t["link"] for t in again["tables"])
    assert {k: v for k, v in again.items() if k != "tables"} == {
        k: v for k, v in first.items() if k != "tables"
    }
    old = client.get("/api/tournament", params={"codes": "0123"}, headers=auth).json()
    assert old["tables"] == first["tables"]
    app.draw_series(folder, 2)
    drawn = client.get("/api/tournament", params={"codes": version}, headers=auth).json()
    assert drawn["codes"] != version
    assert len(drawn["tables"]) == 4 and all(t["qr"] for t in drawn["tables"])


def test_a_viewer_gets_no_codes_and_no_version(organiser: Served) -> None:
    """Without the organiser's key: no links, no codes, no codes' version."""
    client, _, _ = organiser
    public = client.get("/api/tournament").json()
    assert "codes" not in public
    assert all("link" not in t and "qr" not in t for t in public["tables"])
