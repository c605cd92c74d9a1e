"""``skatliste serve`` as a command: keys, links, refusals, and a real server it starts."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx
import pytest

from skatliste.app.keys import key_path, list_key, read_list_file, read_list_key
from skatliste.web.links import addresses, entry_link, serves_network

from .conftest import Run
from .webtools import KEY


def test_show_keys_makes_the_key_once_and_shows_it_again(fresh_ledger: Path, run: Run) -> None:
    """The first call makes and keeps a key; later calls show the same key and its link."""
    first = run("serve", "--ledger", str(fresh_ledger), "--show-keys")
    assert first.exit_code == 0, first.output
    assert f"neuer Schlüssel gespeichert in {key_path(fresh_ledger)}" in first.output
    key, codes = read_list_file(key_path(fresh_ledger))
    again = run("serve", "--ledger", str(fresh_ledger), "--show-keys", "--port", "8123")
    assert "neuer Schlüssel" not in again.output
    assert f"Schlüssel: {key}" in again.output
    # the link carries the unspent pairing code, the same until a phone spends it
    assert f"Link zum Eintragen: http://127.0.0.1:8123/#pair={codes['list']}" in again.output
    assert key not in again.output.split(f"Schlüssel: {key}", 1)[1]
    english = run("serve", "--ledger", str(fresh_ledger), "--show-keys", "--lang", "en")
    assert f"key: {key}" in english.output and "entry link: http://" in english.output
    assert "█" in again.output  # the QR code of the link


def test_renew_key_replaces_it(fresh_ledger: Path, run: Run) -> None:
    """--renew-key: a new key; links with the old one no longer write."""
    run("serve", "--ledger", str(fresh_ledger), "--show-keys")
    old = read_list_key(key_path(fresh_ledger))
    renewed = run("serve", "--ledger", str(fresh_ledger), "--show-keys", "--renew-key")
    new = read_list_key(key_path(fresh_ledger))
    assert new != old and f"Schlüssel: {new}" in renewed.output


@pytest.mark.english
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--key", "short"], "--key: give at least 16 characters"),
        (["--key", KEY, "--renew-key"], "--renew-key replaces the kept key"),
    ],
)
def test_serve_refuses_bad_options(
    fresh_ledger: Path, run: Run, args: list[str], message: str
) -> None:
    result = run("serve", "--ledger", str(fresh_ledger), *args)
    assert result.exit_code == 2
    assert message in result.stderr


@pytest.mark.english
def test_serve_refuses_a_missing_list(tmp_path: Path, run: Run) -> None:
    """No list, no server: the CLI's message, and no key file made."""
    result = run("serve", "--ledger", str(tmp_path / "none.json"))
    assert result.exit_code == 2
    assert "no list here" in result.stderr
    # the suggestion starts the very list that was asked for
    assert f"'skatliste new --players Anna Ben Carl --ledger {tmp_path / 'none.json'}'" in (
        result.stderr
    )
    assert not key_path(tmp_path / "none.json").exists()


@pytest.mark.english
def test_serve_refuses_a_port_in_use(fresh_ledger: Path, run: Run) -> None:
    """A port another program holds is named, with another to try."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = run("serve", "--ledger", str(fresh_ledger), "--key", KEY, "--port", str(port))
    assert result.exit_code == 2
    assert f"--port {port}: cannot serve there" in result.stderr


def test_a_port_in_use_suggests_one_that_is_free(fresh_ledger: Path, run: Run) -> None:
    """The port suggested is not the next one when that one is taken too."""
    with socket.socket() as first, socket.socket() as second:
        first.bind(("127.0.0.1", 0))
        first.listen()
        port = first.getsockname()[1]
        with contextlib.suppress(OSError):  # held by another program: taken all the same
            second.bind(("127.0.0.1", port + 1))
            second.listen()
        result = run("serve", "--ledger", str(fresh_ledger), "--port", str(port))
    assert result.exit_code == 2
    assert f"--port {port + 1}" not in result.stderr and "versuch --port " in result.stderr


def test_a_port_in_use_is_said_in_german_and_makes_no_key(fresh_ledger: Path, run: Run) -> None:
    """Refused before anything is written: no key is kept for a server that never started."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = run("serve", "--ledger", str(fresh_ledger), "--port", str(port))
    assert result.exit_code == 2
    assert "ein anderes Programm belegt diesen Port" in result.stderr, result.stderr
    assert "Address already in use" not in result.stderr
    assert not key_path(fresh_ledger).exists()


@pytest.mark.parametrize(
    ("host", "network"),
    [
        ("127.0.0.1", False),
        ("127.0.0.2", False),
        ("::1", False),
        ("localhost", False),
        ("0.0.0.0", True),
        ("::", True),
        ("192.168.1.20", True),
    ],
)
def test_which_hosts_serve_the_network(host: str, network: bool) -> None:
    assert serves_network(host) is network


def test_links_for_the_loopback_and_the_network() -> None:
    """A named host is used as it is; 0.0.0.0 gives this machine's own addresses."""
    assert addresses("127.0.0.1") == ["127.0.0.1"]
    assert all(a != "0.0.0.0" for a in addresses("0.0.0.0"))
    assert entry_link("::1", 8000, "pair=c") == "http://[::1]:8000/#pair=c"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_serve_starts_a_server_on_the_loopback(fresh_ledger: Path) -> None:
    """The real command: it says where it serves, the page answers, a game sent with the key
    lands in the list; Ctrl+C (SIGINT) stops it."""
    port = _free_port()
    env = {**os.environ, "SKATLISTE_KEY": KEY}
    command = [sys.executable, "-m", "skatliste", "serve", "--ledger", str(fresh_ledger)]
    server = subprocess.Popen(
        [*command, "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                answer = httpx.get(url + "/api/list", timeout=2)
                break
            except httpx.TransportError:
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                assert time.monotonic() < deadline, "the server did not answer in 20 s"
                time.sleep(0.1)
        assert answer.json()["players"] == ["Anna", "Ben", "Carl"]
        other_port = {"Host": f"127.0.0.1:{port + 1}"}  # the port served only
        assert httpx.get(url + "/api/list", headers=other_port, timeout=2).status_code == 421
        added = httpx.post(
            url + "/api/games",
            json={"declarer": "ben", "words": "grand mit 1 hand"},
            headers={"Authorization": f"Bearer {KEY}"},
            timeout=5,
        )
        assert added.status_code == 201
        assert '"declarer":"Ben"' in fresh_ledger.read_text().replace(" ", "")
    finally:
        server.send_signal(2)
        out, _ = server.communicate(timeout=20)
    assert "ist erreichbar nur auf diesem Computer" in out
    assert f"eintragen: {url}/#key={KEY}" in out


def test_a_spent_entry_link_is_followed_by_the_next_in_the_terminal(
    fresh_ledger: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The QR code 'serve' printed pairs one phone; the terminal then shows the next phone's
    link (a fresh code) and its QR code. The second list's code prints nothing here."""
    from starlette.testclient import TestClient

    from skatliste.cli.serve import _next_link
    from skatliste.web.server import create_app

    list_key(fresh_ledger)
    app = create_app(fresh_ledger, key_file=key_path(fresh_ledger))
    app.state.paired = lambda target: _next_link(app, ["127.0.0.1"], 8000, "list", target)
    codes = app.state.fragments(["list", "list/b"])
    client = TestClient(app)
    second = codes["list/b"].removeprefix("pair=")
    assert client.post("/b/api/pair", json={"code": second}).status_code == 200
    assert capsys.readouterr().out == ""
    first = codes["list"].removeprefix("pair=")
    assert client.post("/api/pair", json={"code": first}).status_code == 200
    out = capsys.readouterr().out
    fresh = read_list_file(key_path(fresh_ledger))[1]["list"]
    assert fresh != first and "█" in out
    assert f"nächste Handy: http://127.0.0.1:8000/#pair={fresh}" in out
