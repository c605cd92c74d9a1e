"""The hall's load, in small: a held lock never blocks readers and a waiting write fails fast;
numbers in addresses are bounded; idle and slow clients cannot starve the others; one change
event per write; a page that follows the list gets what changed, not the whole list; the
organiser's page draws its QR codes once. Real servers on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from skatliste.app import lists
from skatliste.app import tournament as app
from skatliste.app.keys import tournament_keys
from skatliste.store.files import locked
from skatliste.web import base, hall
from skatliste.web.server import create_app, running

from .webtools import KEY

AUTH = {"Authorization": f"Bearer {KEY}"}
GAME = {"declarer": "Ben", "words": "grand mit 1"}


@pytest.fixture(scope="module")
def _long(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("long") / "long.json"
    lists.new_list(path, ["Anna", "Ben", "Carl"])
    for n in range(200):
        lists.add_game(path, ["Anna", "Ben", "Carl"][n % 3], ["grand", "mit", "1"])
    return path.read_bytes()


@pytest.fixture
def long_list(tmp_path: Path, _long: bytes) -> Path:
    """A list of three with 200 games."""
    path = tmp_path / "long.json"
    path.write_bytes(_long)
    return path


def test_a_held_lock_blocks_no_reader_and_a_write_fails_fast(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holds the list's lock: reads answer at once, a write is refused with
    409 after the bounded wait (not 10 s), the list untouched."""
    monkeypatch.setattr(base, "WRITE_WAIT", 1.0)
    with running(create_app(fresh_ledger, key=KEY)) as url, httpx.Client(timeout=10) as http:
        before = fresh_ledger.read_bytes()
        with locked(fresh_ledger):
            answers: list[int] = []
            writer = threading.Thread(
                target=lambda: answers.append(
                    http.post(url + "/api/games", json=GAME, headers=AUTH).status_code
                )
            )
            start = time.monotonic()
            writer.start()
            time.sleep(0.1)
            for _ in range(5):
                read = time.monotonic()
                assert http.get(url + "/api/list").status_code == 200
                assert time.monotonic() - read < 1.0
            writer.join(10)
            assert answers == [409]
            assert time.monotonic() - start < 3.0
        assert fresh_ledger.read_bytes() == before


def test_writes_queued_for_one_list_hold_no_worker_thread(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fifty writes (more than the server's 40 worker threads) to a list whose lock another
    program holds: they wait in the event loop, one at a time in a thread, so a read of the
    page still answers at once."""
    monkeypatch.setattr(base, "WRITE_WAIT", 1.0)
    with (
        running(create_app(fresh_ledger, key=KEY)) as url,
        httpx.Client(timeout=20) as http,
        locked(fresh_ledger),
    ):
        writers = [
            threading.Thread(target=lambda: http.post(url + "/api/pass", headers=AUTH), daemon=True)
            for _ in range(50)
        ]
        for w in writers:
            w.start()
        time.sleep(0.3)
        read = time.monotonic()
        assert http.get(url + "/api/list").status_code == 200
        assert time.monotonic() - read < 1.0
        for w in writers:
            w.join(15)


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/" + "9" * 5000,
        "/api/games/1234567890",
        "/series/" + "1" * 5000 + "/table/1/api/list",
        "/series/1/table/" + "7" * 5000 + "/",
    ],
)
def test_a_number_of_5000_digits_is_no_page(tmp_path: Path, path: str) -> None:
    """A 5,000-digit table or game number: 404, never a 500."""
    folder = tmp_path / "t"
    app.new_tournament(folder, name="T", date="2026-12-05", series=1, seed=1)
    for name in ("Anna", "Ben", "Carl"):
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    tournament = TestClient(
        create_app(tournament=folder, organiser_key=KEY), raise_server_exceptions=False
    )
    lone = folder / "lone.json"
    lists.new_list(lone, ["Anna", "Ben", "Carl"])
    single = TestClient(create_app(lone, key=KEY), raise_server_exceptions=False)
    client = tournament if path.startswith("/series") else single
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.json()["error"]


def _closed(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` within ``within`` seconds."""
    sock.settimeout(within)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_client_that_never_finishes_its_headers_is_closed(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A connection that sends half a request head and then a byte now and then is closed
    after the header timeout; a phone that asks properly is answered all the while."""
    monkeypatch.setattr(hall.HallProtocol, "header_seconds", 0.5)
    with running(create_app(fresh_ledger, key=KEY)) as url, httpx.Client(timeout=5) as http:
        port = int(url.rsplit(":", 1)[1])
        slow = socket.create_connection(("127.0.0.1", port), timeout=5)
        slow.sendall(b"GET /api/list HTTP/1.1\r\nHo")
        time.sleep(0.2)
        slow.sendall(b"s")
        assert http.get(url + "/api/list").status_code == 200
        assert _closed(slow, 3.0)
        idle = socket.create_connection(("127.0.0.1", port), timeout=5)
        assert _closed(idle, 3.0)
        slow.close()
        idle.close()


def test_one_client_cannot_take_every_connection(fresh_ledger: Path) -> None:
    """Beyond the cap per client address, with each of its connections busy (a live-update
    stream each), the next connection is closed at once; once one of the first closes, a new
    one is answered. (An idle one of its own makes room instead: test_hall_clients.)"""
    with running(create_app(fresh_ledger, key=KEY), per_client=3) as url:
        port = int(url.rsplit(":", 1)[1])
        held = []
        for _ in range(3):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert sock.recv(12).startswith(b"HTTP/1.1 200")
            held.append(sock)
        extra = socket.create_connection(("127.0.0.1", port), timeout=5)
        assert _closed(extra, 2.0)
        extra.close()
        held.pop().close()
        time.sleep(0.2)
        with httpx.Client(timeout=5) as http:
            assert http.get(url + "/api/list").status_code == 200
        for sock in held:
            sock.close()


@pytest.mark.english
def test_error_logs_are_rate_limited() -> None:
    """A flood of the same error logs five lines a minute, then how many were held back."""
    limit = hall.RateLimited(most=5, seconds=60)
    records = [
        logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "accept failed", None, None)
        for _ in range(1000)
    ]
    assert sum(limit.filter(r) for r in records) == 5
    limit.seen[("asyncio", "accept failed")] = (time.monotonic() - 61, 1000)
    later = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "accept failed", None, None)
    assert limit.filter(later) and "995 more like it held back" in str(later.msg)


def test_the_open_file_limit_is_raised_to_the_hard_one() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft > 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    found = hall.raise_open_files()
    now = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert found == now and now[0] > 256
    assert now[0] == hard or hard == resource.RLIM_INFINITY


class Events:
    """The change events an open page hears, collected in a thread (bounded by the client's
    timeout and the server's end)."""

    def __init__(self, http: httpx.Client, url: str) -> None:
        self.data: list[str] = []
        self.opened = threading.Event()

        def read() -> None:
            try:
                with http.stream("GET", url) as stream:
                    self.opened.set()
                    for line in stream.iter_lines():
                        if line.startswith("data:"):
                            self.data.append(line[5:].strip())
            except httpx.HTTPError:
                pass

        self.thread = threading.Thread(target=read, daemon=True)
        self.thread.start()
        assert self.opened.wait(5)


def test_one_change_event_per_write(fresh_ledger: Path) -> None:
    """Each save is one change event to every open page, carrying the new version."""
    with (
        running(create_app(fresh_ledger, key=KEY)) as url,
        httpx.Client(timeout=httpx.Timeout(5, read=15)) as http,
    ):
        events = Events(http, url + "/api/events")
        time.sleep(0.5)
        assert len(events.data) == 1  # the version on opening
        for n in range(3):
            assert http.post(url + "/api/games", json=GAME, headers=AUTH).status_code == 201
            time.sleep(0.6)  # longer than two polls of the file
            assert len(events.data) == 2 + n
        tag = http.get(url + "/api/list").headers["etag"]
        assert events.data[-1] == tag.strip('"')


def test_a_page_that_follows_the_list_gets_only_what_changed(long_list: Path) -> None:
    """200 games: the whole list once, then per saved game at most 4 KB (the rows from the
    first that changed, the totals, the summary), 304 when nothing changed; the page that
    puts the rows together has the same list as one that reads it whole."""
    client = TestClient(create_app(long_list, key=KEY))
    whole = client.get("/api/list")
    version = whole.headers["etag"]
    assert len(whole.content) > 50_000
    assert client.get("/api/list", headers={"If-None-Match": version}).status_code == 304
    assert client.post("/api/games", json=GAME, headers=AUTH).status_code == 201
    delta = client.get(f"/api/list?since={version.strip(chr(34))}")
    assert len(delta.content) <= 4096, len(delta.content)
    data = delta.json()
    assert data["from"] == 200 and len(data["games"]) == 1 and "chart" not in data
    now = client.get("/api/list").json()
    rebuilt = {**whole.json(), **data, "games": whole.json()["games"][: data["from"]]}
    rebuilt["games"] += data["games"]
    assert {k: v for k, v in rebuilt.items() if k not in ("chart", "since", "from")} == {
        k: v for k, v in now.items() if k != "chart"
    }


def test_an_edit_early_in_the_list_sends_the_rows_after_it(long_list: Path) -> None:
    """Game 5 changed: the rows from game 5 on (their totals changed), nothing before."""
    client = TestClient(create_app(long_list, key=KEY))
    version = client.get("/api/list").headers["etag"].strip('"')
    edited = client.put("/api/games/5", json={"declarer": "Anna", "words": "null"}, headers=AUTH)
    assert edited.status_code == 200, edited.json()
    data = client.get(f"/api/list?since={version}").json()
    assert data["from"] == 4 and data["games"][0]["number"] == 5 and len(data["games"]) == 196


def test_an_unknown_version_gets_the_whole_list(long_list: Path) -> None:
    client = TestClient(create_app(long_list, key=KEY))
    data = client.get("/api/list?since=nonsense").json()
    assert "since" not in data and len(data["games"]) == 200 and data["chart"]
    assert client.get("/api/chart").json()["chart"] == data["chart"]


def test_a_hundred_viewers_after_a_change_read_the_list_once(
    long_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page JSON is built once per version, however many pages ask."""
    from skatliste.web import views

    built: list[int] = []
    real = views.list_json

    def counted(*args: Any, **kwargs: Any) -> Any:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "list_json", counted)
    client = TestClient(create_app(long_list, key=KEY))
    for _ in range(100):
        assert client.get("/api/list").status_code == 200
    assert len(built) == 1


def test_the_organiser_page_draws_each_qr_code_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Polling the organiser's page redraws no QR code; the ranking is read again only after
    a file changed, and then shows the new game."""
    import segno

    folder = tmp_path / "t"
    app.new_tournament(folder, name="T", date="2026-12-05", series=1, seed=1)
    for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"):
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    keys = tournament_keys(folder)
    drawn: list[str] = []
    real = segno.make

    def counted(text: str, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(text, **kwargs)

    monkeypatch.setattr(segno, "make", counted)
    client = TestClient(create_app(tournament=folder, organiser_key=KEY, table_keys=keys.seats))
    for _ in range(5):
        assert client.get("/api/tournament", headers=AUTH).status_code == 200
    assert len(drawn) == 2 == len(set(drawn))
    players = app.seating(folder, 1).tables[0].players
    lists.add_game(folder / "series-1" / "table-01.json", players[1], ["grand", "mit", "1"])
    ranking = client.get("/api/tournament", headers=AUTH).json()["ranking"]
    assert {s["name"]: s["points"] for s in ranking}[players[1]] == "+48"
    assert len(drawn) == 2


def test_a_save_reaches_the_organiser_ranking_within_a_second(tmp_path: Path) -> None:
    """Saved on a table's page, shown in the organiser's ranking within a second."""
    folder = tmp_path / "t"
    app.new_tournament(folder, name="T", date="2026-12-05", series=1, seed=1)
    for name in ("Anna", "Ben", "Carl"):
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    keys = tournament_keys(folder)
    players = app.seating(folder, 1).tables[0].players
    with (
        running(
            create_app(tournament=folder, organiser_key=KEY, key_file=folder / "keys.json")
        ) as url,
        httpx.Client(timeout=5) as http,
    ):
        assert http.get(url + "/api/tournament").status_code == 200
        saved = http.post(
            url + "/series/1/table/1/api/games",
            json={"declarer": players[1], "words": "grand mit 1"},
            headers={"Authorization": f"Bearer {keys.seats[(1, 1)]}"},
        )
        assert saved.status_code == 201
        start = time.monotonic()
        ranking = http.get(url + "/api/tournament").json()["ranking"]
        assert time.monotonic() - start < 1.0
        assert {s["name"]: s["points"] for s in ranking}[players[1]] == "+48"
        assert json.loads(saved.text)["game"]["number"] == 1


def test_an_american_grand_list_is_followed_by_changes_too(tmp_path: Path) -> None:
    """The other game family's page follows its list the same way."""
    path = tmp_path / "grand.json"
    lists.new_list(path, ["Anna", "Ben", "Carl", "Dora"], rules=lists.rules_of("american-grand"))
    lists.add_game(path, "anna", ["whist", "25", "tricks", "11"])
    client = TestClient(create_app(path, key=KEY))
    version = client.get("/api/list").headers["etag"].strip('"')
    body = {"declarer": "ben", "words": "whist 25 tricks 11"}
    assert client.post("/api/games", json=body, headers=AUTH).status_code == 201
    data = client.get(f"/api/list?since={version}").json()
    assert data["from"] == 1 and [g["number"] for g in data["games"]] == [2]
