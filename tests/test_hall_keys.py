"""Who may write in a tournament hall: a table's key writes its own (series, table) only, a
finished series or a paper result closes the table to its key (not to the organiser's), a
renewed key revokes the old one on a running server, key and lock files are private, only
the addresses served are answered, and viewers never see a path or a file's content."""

from __future__ import annotations

import stat
from pathlib import Path

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from skatliste.app import lists
from skatliste.app import tournament as app
from skatliste.app.keys import key_path, list_key, tournament_keys, tournament_keys_path
from skatliste.store.files import lock_path, locked
from skatliste.web.server import create_app, running

from .webtools import KEY

ORGANISER = "organiser-key-0123456789"
PEOPLE = [
    ("Anna", "Kreuz Bube"), ("Ben", "Kreuz Bube"), ("Carl", "Kreuz Bube"),
    ("Dora", "Grand Hand"), ("Emil", "Grand Hand"), ("Fritz", "Grand Hand"), ("Gina", ""),
]  # fmt: skip


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def hall(tmp_path: Path) -> Path:
    """Seven players, series 1 drawn (a table of four and one of three)."""
    folder = tmp_path / "preisskat"
    app.new_tournament(folder, name="Preisskat", date="2026-12-05", series=2, seed=7)
    for name, club in PEOPLE:
        app.add_player(folder, name, club=club)
    app.draw_series(folder, 1)
    return folder


def served(folder: Path) -> TestClient:
    """The tournament as 'skatliste serve' serves it: its keys read from keys.json."""
    tournament_keys(folder)
    return TestClient(
        create_app(
            tournament=folder,
            organiser_key=ORGANISER,
            key_file=tournament_keys_path(folder),
            hosts=["127.0.0.1"],
            public_url="http://192.168.1.20:8000/",
        ),
        base_url="http://127.0.0.1:8000",
    )


def game_for(folder: Path, series: int, table: int) -> dict[str, str]:
    """A game the table can enter: a player who does not deal game 1 plays a Grand."""
    players = app.seating(folder, series).tables[table - 1].players
    return {"declarer": players[1], "words": "grand mit 1"}


def test_a_table_key_writes_its_own_series_only(hall: Path) -> None:
    """The QR code of series 1 table 1, still in a phone's history, does not write series 2
    table 1, where other players sit (403); series 2's own key and the organiser's do."""
    app.draw_series(hall, 2)
    client = served(hall)
    keys = tournament_keys(hall)
    first = keys.seats[(1, 1)]
    second = keys.seats[(2, 1)]
    assert first != second
    table = hall / "series-2" / "table-01.json"
    before = table.read_bytes()
    stray = client.post(
        "/series/2/table/1/api/games", json=game_for(hall, 2, 1), headers=bearer(first)
    )
    assert stray.status_code == 403
    assert table.read_bytes() == before
    own = client.post(
        "/series/2/table/1/api/games", json=game_for(hall, 2, 1), headers=bearer(second)
    )
    assert own.status_code == 201, own.json()


def test_a_finished_series_refuses_its_table_key_but_not_the_organiser(hall: Path) -> None:
    """Once series 2 is drawn, series 1 is finished: its tables' keys get 409 saying why,
    nothing written; the organiser's key still corrects it."""
    client = served(hall)
    key = tournament_keys(hall).seats[(1, 2)]
    assert (
        client.post(
            "/series/1/table/2/api/games", json=game_for(hall, 1, 2), headers=bearer(key)
        ).status_code
        == 201
    )
    app.draw_series(hall, 2)
    table = hall / "series-1" / "table-02.json"
    before = table.read_bytes()
    late = client.post(
        "/series/1/table/2/api/games", json=game_for(hall, 1, 2), headers=bearer(key)
    )
    assert late.status_code == 409
    assert late.json()["error"].startswith("Serie 1 ist beendet (Serie 2 ist ausgelost)")
    assert client.post("/series/1/table/2/api/undo", headers=bearer(key)).status_code == 409
    assert table.read_bytes() == before
    fixed = client.post("/series/1/table/2/api/undo", headers=bearer(ORGANISER))
    assert fixed.status_code == 200, fixed.json()


def test_a_table_with_a_paper_result_refuses_its_key(hall: Path) -> None:
    """A table whose result was entered on paper: its key gets 409 naming the paper result;
    the organiser's key writes, and then the organiser page still shows the ranking, the
    teams and every table, with the conflict on that table."""
    client = served(hall)
    players = app.seating(hall, 1).tables[1].players
    app.enter_paper_result(hall, 1, 2, [f"{p}=0/0/0" for p in players])
    whole = client.get("/api/tournament", headers=bearer(ORGANISER)).json()
    key = tournament_keys(hall).seats[(1, 2)]
    refused = client.post(
        "/series/1/table/2/api/games", json=game_for(hall, 1, 2), headers=bearer(key)
    )
    assert refused.status_code == 409
    assert "hat sein Ergebnis auf Papier" in refused.json()["error"]
    stray = client.post(
        "/series/1/table/2/api/games", json=game_for(hall, 1, 2), headers=bearer(ORGANISER)
    )
    assert stray.status_code == 201
    page = client.get("/api/tournament", headers=bearer(ORGANISER))
    assert page.status_code == 200
    data = page.json()
    assert data["ranking"] == whole["ranking"] and data["teams"] == whole["teams"]
    assert len(data["tables"]) == len(whole["tables"]) == 2
    assert all(t["link"] and t["qr"] for t in data["tables"])
    table = next(t for t in data["tables"] if t["table"] == 2)
    assert table["state"] == "paper" and "Ergebnis auf Papier" in table["problems"][0]
    assert len(data["conflicts"]) == 1
    viewer = client.get("/api/tournament").json()
    assert viewer["ranking"] == whole["ranking"] and "link" not in viewer["tables"][0]


def test_a_renewed_list_key_stops_writing_at_once(fresh_ledger: Path) -> None:
    """'serve --renew-key' in another terminal: the running server refuses the old key at the
    next request (403), the new one writes."""
    old, _ = list_key(fresh_ledger)
    client = TestClient(create_app(fresh_ledger, key_file=key_path(fresh_ledger)))
    body = {"declarer": "Ben", "words": "grand mit 1"}
    assert client.post("/api/games", json=body, headers=bearer(old)).status_code == 201
    new, made = list_key(fresh_ledger, renew=True)
    assert made and new != old
    assert client.post("/api/games", json=body, headers=bearer(old)).status_code == 403
    assert client.get("/api/list", headers=bearer(old)).json()["can_write"] is False
    assert client.post("/api/games", json=body, headers=bearer(new)).status_code == 201


def test_renewed_tournament_keys_stop_writing_at_once(hall: Path) -> None:
    """Renewing a tournament's keys revokes the old table and organiser keys on the running
    server (no --key given: the organiser's key is the kept one)."""
    keys = tournament_keys(hall)
    client = TestClient(create_app(tournament=hall, key_file=tournament_keys_path(hall)))
    path = "/series/1/table/1/api/games"
    assert client.post(
        path, json=game_for(hall, 1, 1), headers=bearer(keys.seats[(1, 1)])
    ).is_success
    renewed = tournament_keys(hall, renew=True)
    for old in (keys.seats[(1, 1)], keys.organiser):
        assert client.post(path, json=game_for(hall, 1, 1), headers=bearer(old)).status_code == 403
    undo = "/series/1/table/1/api/undo"
    assert client.post(undo, headers=bearer(renewed.seats[(1, 1)])).status_code == 200


def test_a_key_file_that_was_0644_is_made_private_when_renewed(
    fresh_ledger: Path, hall: Path
) -> None:
    """A key file an earlier version (or a copy) left readable by all: renewing makes it 0600."""
    list_key(fresh_ledger)
    key_path(fresh_ledger).chmod(0o644)
    list_key(fresh_ledger, renew=True)
    assert stat.S_IMODE(key_path(fresh_ledger).stat().st_mode) == 0o600
    tournament_keys(hall)
    tournament_keys_path(hall).chmod(0o644)
    tournament_keys(hall, renew=True)
    assert stat.S_IMODE(tournament_keys_path(hall).stat().st_mode) == 0o600


def test_lock_files_are_private_new_or_old(fresh_ledger: Path) -> None:
    """A lock file is made 0600, and one left 0644 is made 0600 on the next lock."""
    lock = lock_path(fresh_ledger)
    with locked(fresh_ledger):
        assert stat.S_IMODE(lock.stat().st_mode) == 0o600
    lock.chmod(0o644)
    lists.add_game(fresh_ledger, "Ben", ["grand", "mit", "1"])
    assert stat.S_IMODE(lock.stat().st_mode) == 0o600


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "192.168.1.99:8000"])
def test_a_request_for_another_host_is_421(fresh_ledger: Path, host: str) -> None:
    """DNS rebinding: a page of evil.example whose name now points here sends its own name as
    Host (and as Origin); it can neither read nor write (421), nothing written."""
    client = TestClient(create_app(fresh_ledger, key=KEY, hosts=["192.168.1.20"]))
    before = fresh_ledger.read_bytes()
    read = client.get("/api/list", headers={"Host": host})
    assert read.status_code == 421 and "nur unter seiner eigenen Adresse" in read.json()["error"]
    write = client.post(
        "/api/games",
        json={"declarer": "Ben", "words": "grand mit 1"},
        headers={"Host": host, "Origin": f"http://{host}", **bearer(KEY)},
    )
    assert write.status_code == 421
    assert fresh_ledger.read_bytes() == before


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "localhost:8000", "127.0.0.1", "[::1]:8000"])
def test_the_served_addresses_and_this_computer_are_answered(fresh_ledger: Path, host: str) -> None:
    client = TestClient(create_app(fresh_ledger, key=KEY, hosts=["192.168.1.20"]))
    assert client.get("/api/list", headers={"Host": host}).status_code == 200


def test_a_real_server_refuses_another_host(fresh_ledger: Path) -> None:
    """The same on a real server on the loopback, as 'skatliste serve' runs it."""
    with running(create_app(fresh_ledger, key=KEY)) as url, httpx.Client(timeout=5) as http:
        assert http.get(url + "/api/list").status_code == 200
        assert http.get(url + "/api/list", headers={"Host": "evil.example"}).status_code == 421


def test_organiser_links_come_from_the_address_served_not_the_host_header(hall: Path) -> None:
    """The organiser's links and QR codes are built from the configured address, whatever
    Host the request named."""
    client = served(hall)
    for host in ("localhost:8000", "127.0.0.1:8000"):
        data = client.get("/api/tournament", headers={**bearer(ORGANISER), "Host": host}).json()
        assert all(
            t["url"].startswith("http://192.168.1.20:8000/series/")
            and t["link"].startswith(t["url"])
            for t in data["tables"]
        )


def test_a_table_list_linked_to_an_outside_file_leaks_nothing(hall: Path, tmp_path: Path) -> None:
    """A table's list replaced by a link to a file outside the tournament: a viewer's error
    names no path and quotes nothing of that file; the terminal (the organiser) is told."""
    outside = tmp_path / "private.json"
    outside.write_text('{"format": "skatliste", "version": 1, "players": ["secret-7f3a"]}')
    table = hall / "series-1" / "table-01.json"
    table.unlink()
    table.symlink_to(outside)
    client = served(hall)
    for path in ("/series/1/table/1/api/list", "/series/1/table/1/api/games/1"):
        answer = client.get(path)
        assert answer.status_code == 409
        text = answer.text
        assert "secret-7f3a" not in text and str(tmp_path) not in text and "/" not in text
        assert answer.json()["error"] == (
            "die Liste kann gerade nicht gelesen werden; das Terminal, in dem 'skatliste serve' "
            "läuft, sagt, warum"
        )
    told = client.get("/series/1/table/1/api/list", headers=bearer(ORGANISER))
    assert told.status_code == 409 and str(table) in told.json()["error"]


def test_a_broken_list_tells_a_viewer_no_path(fresh_ledger: Path) -> None:
    """A list that cannot be read: viewers hear so, without the path; the key holder (who
    runs the laptop) gets the reader's full message."""
    fresh_ledger.write_text('{"format": "skatliste", "version": 1, "games": "nope"}')
    client = TestClient(create_app(fresh_ledger, key=KEY))
    viewer = client.get("/api/list")
    assert viewer.status_code == 409 and str(fresh_ledger.parent) not in viewer.text
    owner = client.get("/api/list", headers=bearer(KEY))
    assert owner.status_code == 409 and str(fresh_ledger) in owner.json()["error"]


def test_keys_kept_by_an_earlier_version_belong_to_the_last_series(hall: Path) -> None:
    """A keys.json of version 1 kept one key per table number, for every series: read, each
    becomes that table's key in the last drawn series (the QR codes on the tables now keep
    working); the earlier series' tables get keys of their own."""
    import json

    app.draw_series(hall, 2)
    version_1 = {"1": "one" * 8, "2": "two" * 8}
    tournament_keys_path(hall).write_text(json.dumps({"organiser": "o" * 32, "tables": version_1}))
    keys = tournament_keys(hall)
    assert keys.organiser == "o" * 32
    assert keys.seats[(2, 1)] == "one" * 8 and keys.seats[(2, 2)] == "two" * 8
    assert keys.seats[(1, 1)] not in ("one" * 8, "two" * 8)
    data = json.loads(tournament_keys_path(hall).read_text())
    assert data["format"] == "skatliste-keys" and data["version"] == 3
    assert stat.S_IMODE(tournament_keys_path(hall).stat().st_mode) == 0o600
    backup = hall / "keys.json.bak"  # the file of version 1, kept as it was
    assert json.loads(backup.read_text()) == {"organiser": "o" * 32, "tables": version_1}
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    again = tournament_keys(hall)
    assert (again.organiser, again.seats, again.made) == (keys.organiser, keys.seats, False)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[]", 'not a key file \\(no "format": "skatliste-keys"\\)'),
        ('{"organiser": 7}', "organiser: must be text \\(found 7\\)"),
        ('{"tables": {"x/1": "k"}}', 'tables: x/1: must be written like 1/3 \\(found "x/1"\\)'),
        ('{"tables": {"1": 5}}', "tables: 1/1: must be text \\(found 5\\)"),
        ("{", "line 1 column 2: not valid JSON"),
    ],
)
def test_keys_that_are_not_skatliste_s_are_refused_with_the_file_named(
    hall: Path, text: str, why: str
) -> None:
    """Every problem named with the file and its place; the file is left as it was."""
    from skatliste.errors import LedgerError

    tournament_keys_path(hall).write_text(text)
    with pytest.raises(LedgerError, match=rf"keys\.json: {why}"):
        tournament_keys(hall)
    assert tournament_keys_path(hall).read_text() == text


@pytest.mark.parametrize(("host", "status"), [("10.0.0.7:8000", 200), ("[fe80::1]:8000", 200),
                                              ("laptop.evil.example", 421)])  # fmt: skip
def test_serving_every_address_answers_any_of_them_as_a_number(
    fresh_ledger: Path, host: str, status: int
) -> None:
    """--host 0.0.0.0 serves every address of the laptop, including one its name does not
    resolve to: a number is answered (no page of another site can send one as its Host), a
    name only when it is the laptop's."""
    from skatliste.cli.serve import _hosts

    served = _hosts("0.0.0.0")
    assert "*" in served and "*" not in _hosts("192.168.1.20")
    client = TestClient(create_app(fresh_ledger, key=KEY, hosts=served))
    assert client.get("/api/list", headers={"Host": host}).status_code == status
    only = TestClient(create_app(fresh_ledger, key=KEY, hosts=_hosts("192.168.1.20")))
    assert only.get("/api/list", headers={"Host": "10.0.0.7"}).status_code == 421
