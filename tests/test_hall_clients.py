"""No client holds up another: a body that stalls or is too big is refused before the list's
turn, without being kept; idle connections cannot lock out a phone that sent a whole request.
Real servers on 127.0.0.1, raw sockets for the clients that misbehave, every wait bounded."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import httpx2 as httpx
import pytest

from skatliste.app import tournament as app
from skatliste.app.keys import tournament_keys
from skatliste.app.lists import open_list
from skatliste.web import base, hall
from skatliste.web.server import create_app, running

from .webtools import KEY

AUTH = f"Authorization: Bearer {KEY}\r\n"
GAME = {"declarer": "Ben", "words": "grand mit 1"}


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def _head(port: int, path: str, extra: str, *, auth: str = AUTH) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{auth}"
        f"Content-Type: application/json\r\n{extra}\r\n"
    ).encode()


def _answer(sock: socket.socket, within: float) -> tuple[int, bool]:
    """The status of the server's answer on ``sock``, and whether the server then closed
    the connection (both within ``within`` seconds); status 0 when no answer came."""
    sock.settimeout(within)
    data = b""
    deadline = time.monotonic() + within
    closed = False
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        except ConnectionResetError:
            closed = True
            break
        if not chunk:
            closed = True
            break
        data += chunk
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
    return status, closed


def test_a_stalled_body_holds_up_no_other_save(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phone sends a save's head with ``Content-Length: 52``, five bytes, then nothing:
    other saves to the list go through meanwhile, and the stalled one is answered 408 and
    its connection closed once the body's time is up."""
    monkeypatch.setattr(base, "BODY_SECONDS", 1.5)
    monkeypatch.setattr(base, "WRITE_WAIT", 0.5)
    with running(create_app(fresh_ledger, key=KEY)) as url, httpx.Client(timeout=5) as http:
        port = _port(url)
        stalled = socket.create_connection(("127.0.0.1", port), timeout=5)
        stalled.sendall(_head(port, "/api/games", "Content-Length: 52\r\n") + b'{"de')
        time.sleep(0.2)
        start = time.monotonic()
        for _ in range(3):
            saved = http.post(
                url + "/api/games", json=GAME, headers={"Authorization": f"Bearer {KEY}"}
            )
            assert saved.status_code == 201, saved.text
        assert time.monotonic() - start < 1.0
        assert _answer(stalled, 4.0) == (408, True)
        stalled.close()
    assert len(open_list(fresh_ledger).entries) == 3


def test_a_length_over_the_limit_is_refused_before_the_body(fresh_ledger: Path) -> None:
    """``Content-Length`` of 200 MiB with the right key: 413 at once, before a byte of the
    body, and the connection closed (the rest is never read)."""
    with running(create_app(fresh_ledger, key=KEY)) as url:
        port = _port(url)
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(_head(port, "/api/games", f"Content-Length: {200 * 2**20}\r\n"))
        assert _answer(sock, 2.0) == (413, True)
        sock.close()
    assert open_list(fresh_ledger).entries == []


def _pour(sock: socket.socket, most: int, sent: list[int]) -> None:
    """Send chunks of 64 KiB (chunked encoding) until the server stops taking them."""
    chunk = b"%x\r\n" % 65536 + b" " * 65536 + b"\r\n"
    try:
        while sent[0] < most:
            sock.sendall(chunk)
            sent[0] += 65536
    except OSError:
        return


def test_a_chunked_body_is_cut_at_the_limit(fresh_ledger: Path) -> None:
    """A body sent in chunks without end: 413 once it passes the limit, the connection closed;
    the server took a few socket buffers of it, not the 256 MiB offered."""
    with running(create_app(fresh_ledger, key=KEY)) as url:
        port = _port(url)
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(_head(port, "/api/games", "Transfer-Encoding: chunked\r\n"))
        sent = [0]
        pouring = threading.Thread(target=_pour, args=(sock, 256 * 2**20, sent), daemon=True)
        pouring.start()
        status, closed = _answer(sock, 3.0)
        pouring.join(5)
        assert (status, closed) == (413, True)
        assert not pouring.is_alive()
        assert sent[0] < 32 * 2**20
        sock.close()
    assert open_list(fresh_ledger).entries == []


def test_a_finished_series_key_is_refused_before_its_body(tmp_path: Path) -> None:
    """Series 2 is drawn: series 1's table key is refused (409) at once, even with a body of
    200 MiB announced, and nothing of it is read."""
    folder = tmp_path / "t"
    app.new_tournament(folder, name="T", date="2026-12-05", series=2, seed=1)
    for name in ("Anna", "Ben", "Carl"):
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    app.draw_series(folder, 2)
    key = tournament_keys(folder).seats[(1, 1)]
    with running(create_app(tournament=folder, key_file=folder / "keys.json")) as url:
        port = _port(url)
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        head = _head(
            port,
            "/series/1/table/1/api/games",
            f"Content-Length: {200 * 2**20}\r\n",
            auth=f"Authorization: Bearer {key}\r\n",
        )
        sock.sendall(head)
        status, _ = _answer(sock, 2.0)
        assert status == 409
        sock.close()
    assert open_list(folder / "series-1" / "table-01.json").entries == []


def _idle_from(address: str, port: int) -> socket.socket:
    """A connection from ``address`` (another address of the loopback) that sends nothing."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def test_idle_connections_from_many_addresses_lock_no_phone_out(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More idle connections than the server takes in all, from five addresses (each under
    its own cap): a phone's request is answered all the same, since only requests in
    progress count, and a new connection closes the one idle longest."""
    monkeypatch.setattr(hall, "MAX_CONNECTIONS", 20)
    with running(create_app(fresh_ledger, key=KEY), per_client=8) as url:
        port = _port(url)
        idle = [_idle_from(f"127.0.0.{2 + n // 6}", port) for n in range(30)]
        time.sleep(0.3)
        with httpx.Client(timeout=5) as http:
            for _ in range(3):
                start = time.monotonic()
                assert http.get(url + "/api/list").status_code == 200
                assert time.monotonic() - start < 1.0
            saved = http.post(
                url + "/api/games", json=GAME, headers={"Authorization": f"Bearer {KEY}"}
            )
            assert saved.status_code == 201
        assert _answer(idle[0], 1.0) == (0, True)  # the longest idle made room
        for sock in idle:
            sock.close()


def test_a_phone_at_its_own_cap_closes_its_connection_idle_longest(fresh_ledger: Path) -> None:
    """A phone (one address) that left more idle connections open than its cap still gets a
    new one through: its own connection idle longest makes room (README: What a hall needs)."""
    with running(create_app(fresh_ledger, key=KEY), per_client=4) as url:
        port = _port(url)
        idle = [_idle_from("127.0.0.1", port) for _ in range(4)]
        time.sleep(0.3)
        with httpx.Client(timeout=5) as http:
            assert http.get(url + "/api/list").status_code == 200
        assert _answer(idle[0], 1.0) == (0, True)  # the longest idle made room
        for sock in idle:
            sock.close()


def test_requests_in_progress_are_capped(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the cap of requests in progress (two live-update streams here) the next request
    is answered 503; once a stream ends, it is answered again."""
    monkeypatch.setattr(hall, "MAX_REQUESTS", 2)
    with running(create_app(fresh_ledger, key=KEY)) as url:
        port = _port(url)
        streams = []
        for _ in range(2):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert sock.recv(12).startswith(b"HTTP/1.1 200")
            streams.append(sock)
        with httpx.Client(timeout=5) as http:
            assert http.get(url + "/api/list").status_code == 503
            streams.pop().close()
            time.sleep(0.3)
            assert http.get(url + "/api/list").status_code == 200
        for sock in streams:
            sock.close()


def test_the_connection_cap_stays_below_the_open_file_limit() -> None:
    """With 1,024 open files (a laptop's usual limit) the cap leaves room for the lists and
    logs, so the one idle longest is closed before the system refuses a phone."""
    assert hall.connection_cap(1024) == 1024 - hall.FILES_KEPT_FREE
    assert hall.connection_cap(65536) == hall.MAX_CONNECTIONS
    assert hall.connection_cap(None) == hall.MAX_CONNECTIONS
    assert hall.connection_cap(100) == 16
