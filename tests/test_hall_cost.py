"""What the hall costs the server: a page built again after a save draws only the rows that
changed, and the organiser's page gets the QR codes only when they changed. Each fast path is
held equal to drawing everything afresh."""

from __future__ import annotations

import os
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
from skatliste.store import lists as store_lists
from skatliste.store.files import read_bytes
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


def _as_read(path: Path) -> tuple[Any, ...]:
    """A list read from nothing kept: its header, entries and history."""
    lst = store_lists._parse(path, read_bytes(path))
    return lst.header, lst.entries, lst.history, lst._read


def test_a_list_kept_after_a_save_equals_the_list_read_afresh(fresh_ledger: Path) -> None:
    """The server keeps the list it just wrote for the next reading: after saves, edits, an
    undo and a pass, each reading equals a reading of the file from nothing."""
    changes: list[Callable[[], object]] = [
        *(lambda w=w, g=g: lists.add_game(fresh_ledger, w, g) for w, g in GAMES),
        lambda: lists.add_game(fresh_ledger, "Anna", ["null"], note="Notiz ä"),
        lambda: lists.pass_game(fresh_ledger),
        lambda: lists.edit(fresh_ledger, 2, ["Carl", "pik", "mit", "1"]),
        lambda: lists.undo(fresh_ledger),
        lambda: lists.add_game(fresh_ledger, "Ben", ["grand", "mit", "2", "hand"]),
    ]
    for change in changes:
        change()
        kept = open_list(fresh_ledger)
        assert (kept.header, kept.entries, kept.history, kept._read) == _as_read(fresh_ledger)


def test_a_list_read_is_its_readers_own(fresh_ledger: Path) -> None:
    """What one reader changes in the list it read (its header, its entries, its history)
    is not in the next reading: a list kept for reading again is never handed out itself."""
    lists.add_game(fresh_ledger, "Ben", ["grand", "mit", "1"])
    first = open_list(fresh_ledger)
    first.header["players"].append("Dora")
    first.header["rules"]["options"]["bock"] = "x"
    first.entries.clear()
    first.history.append(first.history[0] if first.history else None)  # type: ignore[arg-type]
    again = open_list(fresh_ledger)
    assert (again.header, again.entries, again.history, again._read) == _as_read(fresh_ledger)
    assert len(again.entries) == 1


def test_a_list_changed_by_hand_is_read_again(fresh_ledger: Path) -> None:
    """The bytes decide, not the file's time: a hand edit that keeps the size and the time
    stamp is read anew."""
    lists.add_game(fresh_ledger, "Ben", ["grand", "mit", "1"])
    open_list(fresh_ledger)
    stamp = fresh_ledger.stat()
    fresh_ledger.write_bytes(fresh_ledger.read_bytes().replace(b'"Ben"', b'"Bem"'))
    os.utime(fresh_ledger, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert open_list(fresh_ledger).players == ("Anna", "Bem", "Carl")


def test_the_answers_kept_in_memory_equal_the_file_read_afresh(fresh_ledger: Path) -> None:
    """A save adds its lines to the requests file and to the reading kept of it: after keyed
    saves, a refused one and a repeat, the reading kept equals the file read from nothing."""
    from skatliste.store import requests as kept

    where = kept.requests_path(fresh_ledger)
    for n, (who, words) in enumerate(GAMES):
        key = f"key-{n}"
        assert kept.begin(fresh_ledger, key, "POST /api/games") is None
        with kept.keyed(fresh_ledger, key, "POST /api/games"):
            lists.add_game(fresh_ledger, who, words)
        if n == 2:
            kept.forget(fresh_ledger, key)
        else:
            kept.finish(fresh_ledger, key, 201, f'{{"number": {n + 1}}}'.encode())
    assert kept.begin(fresh_ledger, "key-1", "POST /api/games") == kept.Kept(201, b'{"number": 2}')
    with_kept = kept._read(where)
    kept._known.pop(where)
    assert with_kept == kept._read(where)
    assert [i["status"] for i in with_kept] == [201, 201, None, 201, 201]


def test_the_lists_kept_are_bounded(
    tmp_path: Path, run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At most ``PARSED_KEPT`` lists are kept for reading again, the oldest reading dropped
    first; each reading is still the list's."""
    monkeypatch.setattr(store_lists, "_parsed", {})
    monkeypatch.setattr(store_lists, "PARSED_KEPT", 2)
    paths = [tmp_path / f"l{n}.json" for n in range(3)]
    for n, path in enumerate(paths):
        assert (
            run("new", "--players", "Anna", "Ben", f"Gast {n}", "--ledger", str(path)).exit_code
            == 0
        )
    for n, path in enumerate(paths):
        assert open_list(path).players == ("Anna", "Ben", f"Gast {n}")
    assert list(store_lists._parsed) == [str(paths[1]), str(paths[2])]
    assert open_list(paths[0]).players == ("Anna", "Ben", "Gast 0")
