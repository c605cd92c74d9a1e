"""Never a duplicate: a write sent again with the same ``Idempotency-Key`` (its answer was lost)
gets the first answer and writes nothing, even after the server was killed; stale temp files
of a crash are removed under the lock."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from skatliste.app import lists
from skatliste.app import requests as kept
from skatliste.store.files import locked
from skatliste.web.server import create_app

from .webtools import KEY

AUTH = {"Authorization": f"Bearer {KEY}"}
GAME = {"declarer": "Ben", "words": "grand mit 1"}


def games(path: Path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["games"])


@pytest.fixture
def client(fresh_ledger: Path) -> TestClient:
    return TestClient(create_app(fresh_ledger, key=KEY))


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("POST", "/api/games", GAME, 201),
        ("POST", "/api/ramsch", {"words": "anna=45 ben=40 carl=35"}, 201),
        ("POST", "/api/undo", {}, 200),
        ("DELETE", "/api/games/1", None, 200),
        ("PUT", "/api/games/1", {"declarer": "Carl", "words": "null"}, 200),
    ],
)
def test_a_repeat_returns_the_first_answer_and_writes_nothing(
    pub_list: Path, method: str, path: str, body: object, status: int
) -> None:
    """The same key twice: the same status and body, the list written once."""
    client = TestClient(create_app(pub_list, key=KEY))
    headers = {**AUTH, "Idempotency-Key": "entry-7f2c9a"}
    first = client.request(method, path, json=body, headers=headers)
    assert first.status_code == status, first.json()
    after = pub_list.read_bytes()
    again = client.request(method, path, json=body, headers=headers)
    assert again.status_code == status
    assert again.content == first.content
    assert again.headers["idempotent-replayed"] == "true"
    assert pub_list.read_bytes() == after


@pytest.fixture
def pub_list(tmp_path: Path) -> Path:
    """A pub list of three with two games (Ramsch is played)."""
    path = tmp_path / "pub.json"
    lists.new_list(path, ["Anna", "Ben", "Carl"], rules=lists.rules_of("pub"))
    lists.add_game(path, "Ben", ["grand", "mit", "1"])
    lists.add_game(path, "Carl", ["kreuz", "mit", "2"])
    return path


def test_without_a_key_a_repeat_is_a_second_game(client: TestClient, fresh_ledger: Path) -> None:
    """No Idempotency-Key, no memory: each request is an entry (as for scripts before)."""
    for _ in range(2):
        assert client.post("/api/games", json=GAME, headers=AUTH).status_code == 201
    assert games(fresh_ledger) == 2


def test_the_answer_is_kept_across_a_restart(fresh_ledger: Path) -> None:
    """The key is kept beside the list: a new server process answers the repeat."""
    headers = {**AUTH, "Idempotency-Key": "k-1"}
    first = TestClient(create_app(fresh_ledger, key=KEY)).post(
        "/api/games", json=GAME, headers=headers
    )
    again = TestClient(create_app(fresh_ledger, key=KEY)).post(
        "/api/games", json=GAME, headers=headers
    )
    assert (again.status_code, again.content) == (first.status_code, first.content)
    assert games(fresh_ledger) == 1
    assert kept.requests_path(fresh_ledger).exists()


def test_a_write_that_landed_before_the_server_was_killed_is_not_written_again(
    client: TestClient, fresh_ledger: Path
) -> None:
    """Killed between the list's write and keeping the answer: the key is open and the list
    differs from when it was opened, so the repeat answers from the list as it is (200) and
    writes nothing."""
    with kept.keyed(fresh_ledger, "k-2", game_scope(client)):
        lists.add_game(fresh_ledger, "Ben", ["grand", "mit", "1"])  # the first write landed
    again = client.post("/api/games", json=GAME, headers={**AUTH, "Idempotency-Key": "k-2"})
    assert again.status_code == 200
    assert again.json()["totals"] == {"Anna": 0, "Ben": 48, "Carl": 0}
    assert games(fresh_ledger) == 1


def test_a_write_that_never_landed_is_written_on_the_repeat(
    client: TestClient, fresh_ledger: Path
) -> None:
    """Killed after opening the key but before the list's write: the list is as it was, so
    the repeat is written, once."""
    kill_before_the_write(fresh_ledger, "k-3", game_scope(client))
    headers = {**AUTH, "Idempotency-Key": "k-3"}
    assert client.post("/api/games", json=GAME, headers=headers).status_code == 201
    assert client.post("/api/games", json=GAME, headers=headers).status_code == 201
    assert games(fresh_ledger) == 1


def test_a_write_lost_in_a_kill_is_written_even_after_another_write(
    client: TestClient, fresh_ledger: Path
) -> None:
    """Killed after opening k1's record but before the list's write; another phone then saves
    a pass with k2: the list changed, but not by k1, so the repeat of k1 writes its game (never
    "replayed" with no game)."""
    kill_before_the_write(fresh_ledger, "k1", game_scope(client))
    assert client.post("/api/pass", headers={**AUTH, "Idempotency-Key": "k2"}).status_code == 201
    again = client.post("/api/games", json=GAME, headers={**AUTH, "Idempotency-Key": "k1"})
    assert again.status_code == 201 and "Idempotent-Replayed" not in again.headers
    assert games(fresh_ledger) == 2


def test_a_write_lost_in_a_kill_is_written_even_after_the_cli_wrote(
    client: TestClient, fresh_ledger: Path
) -> None:
    """The same with the CLI (a process that knows nothing of the server) writing in between."""
    kill_before_the_write(fresh_ledger, "k1", game_scope(client))
    lists.pass_game(fresh_ledger)
    again = client.post("/api/games", json=GAME, headers={**AUTH, "Idempotency-Key": "k1"})
    assert again.status_code == 201
    assert games(fresh_ledger) == 2


def test_a_landed_write_stays_landed_after_other_writes(
    client: TestClient, fresh_ledger: Path
) -> None:
    """Killed after the list's write but before its answer was kept; the CLI and another phone
    write after: the repeat writes nothing."""
    with kept.keyed(fresh_ledger, "k1", game_scope(client)):
        lists.add_game(fresh_ledger, "Ben", ["grand", "mit", "1"])  # landed; then the kill
    lists.pass_game(fresh_ledger)
    assert client.post("/api/pass", headers={**AUTH, "Idempotency-Key": "k2"}).status_code == 201
    again = client.post("/api/games", json=GAME, headers={**AUTH, "Idempotency-Key": "k1"})
    assert again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
    assert games(fresh_ledger) == 3


def test_the_server_opens_the_key_under_the_lists_lock(
    client: TestClient, fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save whose answer is never kept (the server killed right after the list's write):
    the CLI writes after, and the repeat still writes nothing (the server opened the key)."""
    monkeypatch.setattr(kept, "finish", lambda *args: None)
    headers = {**AUTH, "Idempotency-Key": "k1"}
    assert client.post("/api/games", json=GAME, headers=headers).status_code == 201
    lists.pass_game(fresh_ledger)
    again = client.post("/api/games", json=GAME, headers=headers)
    assert again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
    assert games(fresh_ledger) == 2


def kill_before_the_write(path: Path, key: str, scope: str) -> None:
    """What a save does before it writes (its key opened under the list's lock), then the
    server is killed: nothing more of that save happens."""
    with kept.keyed(path, key, scope), locked(path):
        pass


def test_a_refused_write_is_not_kept(client: TestClient, fresh_ledger: Path) -> None:
    """A refusal wrote nothing: the corrected entry sent with the same key is entered."""
    headers = {**AUTH, "Idempotency-Key": "k-4"}
    bad = client.post(
        "/api/games", json={"declarer": "Ben", "words": "grand mit 9"}, headers=headers
    )
    assert bad.status_code == 422
    assert client.post("/api/games", json=GAME, headers=headers).status_code == 201
    assert games(fresh_ledger) == 1


def test_a_key_used_for_another_request_is_refused(client: TestClient, fresh_ledger: Path) -> None:
    headers = {**AUTH, "Idempotency-Key": "k-5"}
    assert client.post("/api/games", json=GAME, headers=headers).status_code == 201
    other = client.post("/api/undo", headers=headers)
    assert other.status_code == 422 and "Idempotency-Key" in other.json()["error"]
    assert games(fresh_ledger) == 1


def test_a_key_sent_again_with_another_game_is_refused(
    client: TestClient, fresh_ledger: Path
) -> None:
    """The same key, the same address, another body: another request, never answered as the
    first (that would drop the second game while saying it was entered)."""
    headers = {**AUTH, "Idempotency-Key": "k-6"}
    assert client.post("/api/games", json=GAME, headers=headers).status_code == 201
    other = {"declarer": "Carl", "words": "null ouvert"}
    again = client.post("/api/games", json=other, headers=headers)
    assert again.status_code == 422 and "Idempotency-Key" in again.json()["error"]
    assert "Idempotent-Replayed" not in again.headers
    assert games(fresh_ledger) == 1


def game_scope(client: TestClient) -> str:
    """What a POST of ``GAME`` is kept as (its address, method and body, as the client sends
    it)."""
    body = client.build_request("POST", "/api/games", json=GAME).content
    return kept.scope_of("/api/games", "POST", body)


@pytest.mark.parametrize("given", ["", "x" * 101, "tab\there", "two words"])
def test_an_idempotency_key_that_cannot_be_one_is_400(
    client: TestClient, fresh_ledger: Path, given: str
) -> None:
    before = fresh_ledger.read_bytes()
    answer = client.post(
        "/api/games",
        json=GAME,
        headers={**AUTH, "Idempotency-Key": given.encode().decode("latin-1")},
    )
    assert answer.status_code == 400 and "Idempotency-Key" in answer.json()["error"]
    assert fresh_ledger.read_bytes() == before


def test_only_the_newest_keys_are_kept(client: TestClient, fresh_ledger: Path) -> None:
    """The file stays small: the newest keys only."""
    for n in range(2 * kept.KEEP + 5):
        headers = {**AUTH, "Idempotency-Key": f"n-{n}"}
        assert client.post("/api/pass", headers=headers).status_code in (201, 422)
    lines = kept.requests_path(fresh_ledger).read_text().splitlines()
    assert json.loads(lines[0]) == {"format": "skatliste-requests", "version": 1}
    assert len(lines) <= 4 * kept.KEEP + 1
    keys = {json.loads(line)["key"] for line in lines[1:]}
    assert f"n-{2 * kept.KEEP + 4}" in keys and "n-0" not in keys


def test_a_broken_requests_file_is_named_to_the_owner(
    client: TestClient, fresh_ledger: Path
) -> None:
    kept.requests_path(fresh_ledger).write_text("{nope")
    answer = client.post("/api/games", json=GAME, headers={**AUTH, "Idempotency-Key": "k-6"})
    assert answer.status_code == 409 and "list.json.requests" in answer.json()["error"]
    assert games(fresh_ledger) == 0


def test_stale_temp_files_of_a_crash_are_removed_under_the_lock(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A killed write leaves '.list.json.XXXXXXXX.tmp': the next process's first lock removes
    it; another file's temp files (the key's) and other files stay."""
    from skatliste.store import files

    monkeypatch.setattr(files, "_cleaned", set())  # a new process
    folder = fresh_ledger.parent
    stale = [folder / f".list.json.{c * 8}.tmp" for c in "ab"]
    others = [folder / ".list.json.key.abcdefgh.tmp", folder / "notes.tmp"]
    for path in (*stale, *others):
        path.write_text("half a list")
    with locked(fresh_ledger):
        pass
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in others)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _serve(ledger: Path, port: int, *, key: str | None = KEY) -> subprocess.Popen[bytes]:
    """'skatliste serve' on the loopback, in its own process (started within 20 s)."""
    env = {k: v for k, v in os.environ.items() if k != "SKATLISTE_KEY"}
    if key is not None:
        env["SKATLISTE_KEY"] = key
    server = subprocess.Popen(
        [sys.executable, "-m", "skatliste", "serve", "--ledger", str(ledger), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/list", timeout=1)
            return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("the server did not start within 20 s")


def test_a_repeat_after_kill_9_lands_once(fresh_ledger: Path) -> None:
    """A real 'skatliste serve' on the loopback is killed (SIGKILL) after a save; the phone
    sends the save again to the restarted server: one game, the first answer."""
    port = _free_port()
    headers = {**AUTH, "Idempotency-Key": "after-kill"}
    server = _serve(fresh_ledger, port)
    try:
        first = httpx.post(f"http://127.0.0.1:{port}/api/games", json=GAME, headers=headers)
        evil = httpx.get(f"http://127.0.0.1:{port}/api/list", headers={"Host": "evil.example"})
        assert evil.status_code == 421
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    assert first.status_code == 201
    server = _serve(fresh_ledger, port)
    try:
        again = httpx.post(f"http://127.0.0.1:{port}/api/games", json=GAME, headers=headers)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    assert (again.status_code, again.content) == (201, first.content)
    assert games(fresh_ledger) == 1


def test_serve_revokes_a_renewed_key_at_once(fresh_ledger: Path) -> None:
    """A running 'skatliste serve' (its key kept beside the list) refuses the old key as soon
    as '--renew-key' replaced it in another terminal."""
    from skatliste.app.keys import key_path, list_key

    port = _free_port()
    server = _serve(fresh_ledger, port, key=None)
    try:
        old = key_path(fresh_ledger).read_text().splitlines()[0].strip()  # then its pairing lines
        url = f"http://127.0.0.1:{port}/api/games"
        assert httpx.post(url, json=GAME, headers={"Authorization": f"Bearer {old}"}).is_success
        new, _ = list_key(fresh_ledger, renew=True)
        again = httpx.post(url, json=GAME, headers={"Authorization": f"Bearer {old}"})
        assert again.status_code == 403
        assert httpx.post(url, json=GAME, headers={"Authorization": f"Bearer {new}"}).is_success
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    assert games(fresh_ledger) == 2


def test_the_organisers_paper_result_is_kept_inside_the_tournament(tmp_path: Path) -> None:
    """A paper result sent twice with one key is entered once; its answer is kept in the
    tournament's folder, and an export may not replace that file or its lock."""
    from skatliste.app import tournament as app
    from skatliste.errors import LedgerError
    from skatliste.store.files import refuse_list_target

    folder = tmp_path / "t"
    app.new_tournament(folder, name="T", date="2026-12-05", series=1, seed=1)
    for name in ("Anna", "Ben", "Carl"):
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    client = TestClient(create_app(tournament=folder, organiser_key=KEY))
    players = app.seating(folder, 1).tables[0].players
    body = {"series": 1, "table": 1, "results": " ".join(f"{p}=0/0/0" for p in players)}
    headers = {**AUTH, "Idempotency-Key": "paper-1"}
    first = client.post("/api/tournament/paper", json=body, headers=headers)
    again = client.post("/api/tournament/paper", json=body, headers=headers)
    assert first.status_code == again.status_code == 201 and again.content == first.content
    kept_file = folder / "tournament.json.requests"
    assert kept_file.exists() and not (tmp_path / "t.requests").exists()
    for target in (kept_file, folder / "tournament.json.requests.lock"):
        with pytest.raises(LedgerError):
            refuse_list_target(target)


def test_a_paper_result_lost_in_a_kill_is_entered_after_another_write(tmp_path: Path) -> None:
    """The tournament's file too: the organiser's paper result of table 1 is opened and the
    server killed; table 2's result is entered in the terminal; the repeat enters table 1's."""
    from skatliste.app import tournament as app

    folder = tmp_path / "t"
    app.new_tournament(folder, name="T", date="2026-12-05", series=1, seed=1)
    for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"):
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    client = TestClient(create_app(tournament=folder, organiser_key=KEY))
    tables = app.seating(folder, 1).tables

    def results(table: int) -> list[str]:
        return [f"{p}=0/0/0" for p in tables[table - 1].players]

    def paper(table: int) -> dict[str, object]:
        return {"series": 1, "table": table, "results": " ".join(results(table))}

    sent = client.build_request("POST", "/api/tournament/paper", json=paper(1)).content
    kill_before_the_write(folder, "p1", kept.scope_of("/api/tournament/paper", "POST", sent))
    app.enter_paper_result(folder, 1, 2, results(2))
    headers = {**AUTH, "Idempotency-Key": "p1"}
    again = client.post("/api/tournament/paper", json=paper(1), headers=headers)
    assert again.status_code == 201 and "Idempotent-Replayed" not in again.headers, again.text


def test_a_requests_file_read_again_reads_only_its_new_lines_and_agrees(
    client: TestClient, fresh_ledger: Path
) -> None:
    """Reading the file after a few more saves gives what a whole reading gives; a wrong line
    added is named with its own line number."""
    from skatliste.errors import LedgerError
    from skatliste.store import requests as store

    where = kept.requests_path(fresh_ledger)
    for n in range(3):
        client.post("/api/pass", headers={**AUTH, "Idempotency-Key": f"r-{n}"})
        again = store._read(where)
        store._known.clear()
        assert again == store._read(where)
    with where.open("ab") as f:
        f.write(b'{"key": 7}\n')
    lines = where.read_bytes().count(b"\n")
    with pytest.raises(LedgerError) as refused:
        store._read(where)
    assert f"line {lines}" in str(refused.value.message)
