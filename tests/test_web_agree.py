"""The list the table agrees on, on the phone page's API: the second list beside the first
(``/b/``, its own file, the first list's key), where the two lists differ, a signature per
player (a closed list refuses a change with 409), protests; and the organiser's table status
of a tournament of double lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from skatliste.web.server import create_app

from .conftest import Run
from .webtools import KEY

AUTH = {"Authorization": f"Bearer {KEY}"}


@pytest.fixture
def client(fresh_ledger: Path) -> TestClient:
    return TestClient(create_app(fresh_ledger, key=KEY), headers={"Accept-Language": "en"})


def test_the_second_list_is_started_beside_the_first_by_its_keeper(
    client: TestClient, fresh_ledger: Path
) -> None:
    second = fresh_ledger.with_name("list.b.json")
    assert client.get("/b/api/list").status_code == 409  # no key: nothing started
    assert not second.exists()
    assert client.get("/b/api/list", headers=AUTH).json()["can_write"] is True
    assert json.loads(second.read_text(encoding="utf-8"))["players"] == ["Anna", "Ben", "Carl"]
    r = client.post("/b/api/games", json={"declarer": "Anna", "words": "kreuz mit 2"}, headers=AUTH)
    assert r.status_code == 201
    assert json.loads(fresh_ledger.read_text(encoding="utf-8"))["games"] == []
    data = client.get("/api/agree", headers=AUTH).json()
    assert data["second"] is False
    assert data["pair"]["agree"] is False
    assert data["pair"]["lines"][0] == 'B\'s game 1: "Anna kreuz mit 2" +36 — missing in A'
    assert data["link"].endswith(f"/b/#key={KEY}") and data["qr"].startswith("<svg")
    b = client.get("/b/api/agree").json()
    assert b["second"] is True and b["differ_here"] == [1] and b["link"] is None
    assert (
        client.post(
            "/api/games", json={"declarer": "Anna", "words": "kreuz mit 2"}, headers=AUTH
        ).status_code
        == 201
    )
    assert client.get("/api/agree").json()["pair"] == {
        "exists": True,
        "agree": True,
        "lines": ["the lists agree: 1 game"],
    }


def test_signing_on_the_page_closes_the_list(client: TestClient, fresh_ledger: Path) -> None:
    client.post("/api/games", json={"declarer": "Anna", "words": "kreuz mit 2"}, headers=AUTH)
    assert client.post("/api/sign", json={"player": "Anna"}).status_code == 401
    for name in ("Anna", "Ben"):
        assert client.post("/api/sign", json={"player": name}, headers=AUTH).status_code == 201
    r = client.post("/api/sign", json={"player": "Anna"}, headers=AUTH)
    assert r.status_code == 422 and "Anna has signed this list already" in r.json()["error"]
    r = client.post("/api/sign", json={"player": "Dora"}, headers=AUTH)
    assert r.status_code == 422 and "'Dora' is not at this table" in r.json()["error"]
    data = client.post("/api/sign", json={"player": "Carl"}, headers=AUTH).json()
    assert data["closed"] is True and set(data["signed"]) == {"Anna", "Ben", "Carl"}
    assert data["signed_line"].startswith("signed by Anna, Ben, Carl, ")
    before = fresh_ledger.read_bytes()
    r = client.post("/api/games", json={"declarer": "Ben", "words": "null"}, headers=AUTH)
    assert r.status_code == 409 and "the list is closed, signed by Anna" in r.json()["error"]
    assert fresh_ledger.read_bytes() == before


def test_a_game_added_on_the_page_after_signing_names_the_signatures_it_voids(
    client: TestClient,
) -> None:
    """The page's change says it as the CLI does: Anna's signature no longer covers the
    list."""
    client.post("/api/games", json={"declarer": "Anna", "words": "kreuz mit 2"}, headers=AUTH)
    client.post("/api/sign", json={"player": "Anna"}, headers=AUTH)
    r = client.post("/api/games", json={"declarer": "Ben", "words": "null"}, headers=AUTH)
    assert r.status_code == 201
    assert r.json()["followups"] == [
        "the signature of Anna no longer covers the list: Anna signs it again"
    ]


def test_a_protest_on_the_page_is_marked_and_blocks_signing(client: TestClient) -> None:
    client.post("/api/games", json={"declarer": "Anna", "words": "kreuz mit 2"}, headers=AUTH)
    r = client.post("/api/protest", json={"game": 2, "text": "Ben: x"}, headers=AUTH)
    assert r.status_code == 422 and "game 2" in r.json()["error"]
    r = client.post("/api/protest", json={"game": 1, "text": "Ben: Hand"}, headers=AUTH)
    assert r.status_code == 201 and r.json()["protests"] == [{"game": 1, "text": "Ben: Hand"}]
    r = client.post("/api/sign", json={"player": "Anna"}, headers=AUTH)
    assert r.status_code == 422 and "open protest" in r.json()["error"]


def test_the_organisers_status_names_the_differences_of_a_double_list(
    run: Run, tmp_path: Path
) -> None:
    folder = tmp_path / "cup"
    assert run("tournament", "new", str(folder), "--name", "Cup", "--series", "1",
               "--seed", "7", "--double-list").exit_code == 0  # fmt: skip
    for name in ("Anna", "Ben", "Carl"):
        assert run("tournament", "player", "add", name, "--tournament", str(folder)).exit_code == 0
    assert run("tournament", "draw", "1", "--tournament", str(folder)).exit_code == 0
    a = folder / "series-1" / "table-01.json"
    b = folder / "series-1" / "table-01.b.json"
    assert a.exists() and b.exists()
    first = json.loads(a.read_text(encoding="utf-8"))["players"][0]
    assert run("add", first.lower(), "kreuz", "mit", "2", "--ledger", str(a)).exit_code == 0
    status = run("tournament", "status", "--tournament", str(folder), "--lang", "en").stdout
    assert "lists differ (1/36)" in status
    assert (
        "series 1 table 1: the two lists differ: "
        f'game 1: A "{first} kreuz mit 2" +36 — missing in B' in status
    )
    ranking = run("tournament", "ranking", "--tournament", str(folder), "--lang", "en").stdout
    assert f"{first} *" in ranking
    assert run("add", first.lower(), "kreuz", "mit", "2", "--ledger", str(b)).exit_code == 0
    assert run("protest", "1", "Ben: Pik", "--ledger", str(b)).exit_code == 0
    status = run("tournament", "status", "--tournament", str(folder), "--lang", "en").stdout
    assert "in progress (1/36)" in status
    assert "series 1 table 1: list B: game 1: open protest 'Ben: Pik'" in status
    from skatliste.web.tournament import tournament_json

    data = tournament_json(
        folder,
        lang="en",
        organiser=True,
        base_url="http://x/",
        fragments=lambda targets: {t: "key=k" for t in targets},
    )
    row = data["tables"][0]
    assert row["problems"] == ["list B: game 1: open protest 'Ben: Pik'"]
    assert row["link_b"] == "http://x/series/1/table/1/b/#key=k" and row["qr_b"].startswith("<svg")


def test_the_page_reopens_a_signed_list_with_the_reason_and_the_servers_key(
    client: TestClient, fresh_ledger: Path
) -> None:
    client.post("/api/games", json={"declarer": "Anna", "words": "kreuz mit 2"}, headers=AUTH)
    for name in ("Anna", "Ben", "Carl"):
        client.post("/api/sign", json={"player": name}, headers=AUTH)
    before = fresh_ledger.read_bytes()
    r = client.post("/api/reopen", json={"why": " "}, headers=AUTH)
    assert r.status_code == 422 and "say why the list is reopened" in r.json()["error"]
    assert client.post("/api/reopen", json={"why": "x"}).status_code == 401
    assert fresh_ledger.read_bytes() == before
    r = client.post("/api/reopen", json={"why": "game 2 forgotten"}, headers=AUTH)
    assert r.status_code == 200 and r.json()["closed"] is False and r.json()["signed"] == {}


def test_a_tables_key_signs_but_reopens_nothing(run: Run, tmp_path: Path) -> None:
    """In a tournament of single lists too, an open protest is on the table's status."""
    folder = tmp_path / "cup"
    assert run("tournament", "new", str(folder), "--name", "Cup", "--series", "1",
               "--seed", "7").exit_code == 0  # fmt: skip
    for name in ("Anna", "Ben", "Carl"):
        assert run("tournament", "player", "add", name, "--tournament", str(folder)).exit_code == 0
    assert run("tournament", "draw", "1", "--tournament", str(folder)).exit_code == 0
    app = create_app(tournament=folder, organiser_key="organiser-key", table_keys={1: KEY})
    client = TestClient(app, headers={"Accept-Language": "en"})
    table = "/series/1/table/1"
    game = {"declarer": "Anna", "words": "null"}
    assert client.post(f"{table}/api/games", json=game, headers=AUTH).status_code == 201
    protest = {"game": 1, "text": "Ben: Hand"}
    assert client.post(f"{table}/api/protest", json=protest, headers=AUTH).status_code == 201
    status = run("tournament", "status", "--tournament", str(folder), "--lang", "en").stdout
    assert "series 1 table 1: game 1: open protest 'Ben: Hand'" in status
    path = str(folder / "series-1" / "table-01.json")
    assert run("protest", "1", "--decide", "it stands", "--ledger", path).exit_code == 0
    for name in ("Anna", "Ben", "Carl"):
        r = client.post(f"{table}/api/sign", json={"player": name}, headers=AUTH)
        assert r.status_code == 201
    r = client.post(f"{table}/api/reopen", json={"why": "x"}, headers=AUTH)
    assert r.status_code == 403 and "organiser's key" in r.json()["error"]
    organiser = {"Authorization": "Bearer organiser-key"}
    r = client.post(f"{table}/api/reopen", json={"why": "x"}, headers=organiser)
    assert r.status_code == 200
    assert client.get(f"{table}/b/api/agree", headers=organiser).json()["second"] is True


def test_a_table_seated_by_hand_in_a_double_list_tournament_gets_two_new_lists(
    run: Run, tmp_path: Path
) -> None:
    folder = tmp_path / "cup"
    assert run("tournament", "new", str(folder), "--name", "Cup", "--series", "1",
               "--seed", "7", "--double-list").exit_code == 0  # fmt: skip
    for name in ("Anna", "Ben", "Carl", "Dora"):
        assert run("tournament", "player", "add", name, "--tournament", str(folder)).exit_code == 0
    r = run("tournament", "seat", "1", "1", "Anna", "Ben", "Carl", "--tournament", str(folder))
    assert r.exit_code == 0, r.output
    second = folder / "series-1" / "table-01.b.json"
    assert json.loads(second.read_text(encoding="utf-8"))["players"] == ["Anna", "Ben", "Carl"]
    r = run("tournament", "seat", "1", "1", "Dora", "Ben", "Carl", "--tournament", str(folder))
    assert r.exit_code == 0, r.output
    assert json.loads(second.read_text(encoding="utf-8"))["players"] == ["Dora", "Ben", "Carl"]
    assert (folder / "series-1.table-01.seated-1.b.json").exists()
    status = run("tournament", "status", "--tournament", str(folder), "--lang", "en").stdout
    assert "not of the same players" not in status
