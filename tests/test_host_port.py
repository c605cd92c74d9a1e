"""The server answers at its own port only: a ``Host`` that names another port (or none, while
the server is not on the scheme's own port) is refused with 421 as a wrong name is, before
anything is read or written; a write whose ``Origin`` names another port is refused (403)."""

from __future__ import annotations

from pathlib import Path

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from skatliste.web.server import create_app, host_parts, running

from .webtools import KEY

GAME = {"declarer": "Ben", "words": "grand mit 1"}


def _bearer() -> dict[str, str]:
    return {"Authorization": f"Bearer {KEY}"}


@pytest.mark.parametrize(
    ("header", "parts"),
    [
        ("192.168.1.20:8000", ("192.168.1.20", "8000")),
        ("Laptop", ("laptop", None)),
        ("[::1]:8000", ("::1", "8000")),
        ("[::1]", ("::1", None)),
        ("::1", ("::1", None)),
        ("laptop:", ("laptop", "")),
    ],
)
def test_a_host_header_is_its_name_and_the_port_it_names(
    header: str, parts: tuple[str, str | None]
) -> None:
    assert host_parts(header) == parts


@pytest.mark.parametrize(
    "host", ["192.168.1.20:8001", "localhost:80", "192.168.1.20", "127.0.0.1:abc", "[::1]:"]
)
def test_a_host_naming_another_port_is_421_and_nothing_is_written(
    fresh_ledger: Path, host: str
) -> None:
    """A server on port 8000 refuses a Host at another port, or at none (which means 80), for
    reading and writing; the message names the port it answers at, in the page's language."""
    client = TestClient(create_app(fresh_ledger, key=KEY, hosts=["192.168.1.20"], port=8000))
    before = fresh_ledger.read_bytes()
    read = client.get("/api/list", headers={"Host": host})
    assert read.status_code == 421
    assert read.json()["error"].startswith("dieser Server antwortet nur an Port 8000, nicht")
    english = client.get("/api/list?lang=en", headers={"Host": host})
    assert english.json()["error"] == (
        f"this server answers at port 8000 only, not at '{host}'; open the link "
        "'skatliste serve' printed"
    )
    write = client.post(
        "/api/games", json=GAME, headers={"Host": host, "Origin": f"http://{host}", **_bearer()}
    )
    assert write.status_code == 421
    assert fresh_ledger.read_bytes() == before


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "localhost:8000", "[::1]:8000"])
def test_the_served_port_is_answered(fresh_ledger: Path, host: str) -> None:
    client = TestClient(create_app(fresh_ledger, key=KEY, hosts=["192.168.1.20"], port=8000))
    assert client.get("/api/list", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize(("host", "status"), [("192.168.1.20", 200), ("192.168.1.20:80", 200),
                                              ("192.168.1.20:8000", 421)])  # fmt: skip
def test_a_host_without_a_port_is_answered_on_the_scheme_s_own_port(
    fresh_ledger: Path, host: str, status: int
) -> None:
    """A browser leaves the port out of Host for http's own (80): on port 80 that Host is
    the server's, as is one that names 80."""
    client = TestClient(create_app(fresh_ledger, key=KEY, hosts=["192.168.1.20"], port=80))
    assert client.get("/api/list", headers={"Host": host}).status_code == status


def test_a_wrong_name_is_still_refused_as_a_wrong_name(fresh_ledger: Path) -> None:
    """At the right port, another name is refused for its name."""
    client = TestClient(create_app(fresh_ledger, key=KEY, hosts=["192.168.1.20"], port=8000))
    read = client.get("/api/list", headers={"Host": "evil.example:8000"})
    assert read.status_code == 421 and "nur unter seiner eigenen Adresse" in read.json()["error"]


def test_a_real_server_answers_at_its_port_only(fresh_ledger: Path) -> None:
    """On the loopback, as 'skatliste serve' runs it: the port it listens on is answered,
    another port or none in Host is 421; a write from a page at another port (its Origin) is
    403; nothing written."""
    before = fresh_ledger.read_bytes()
    with running(create_app(fresh_ledger, key=KEY)) as url, httpx.Client(timeout=5) as http:
        port = int(url.rpartition(":")[2])
        assert http.get(url + "/api/list").status_code == 200
        for host in (f"127.0.0.1:{port + 1}", "127.0.0.1", f"localhost:{port - 1}"):
            refused = http.get(url + "/api/list", headers={"Host": host})
            assert refused.status_code == 421, host
            assert f"Port {port}" in refused.json()["error"]
        other = f"http://127.0.0.1:{port + 1}"
        write = http.post(url + "/api/games", json=GAME, headers={"Origin": other, **_bearer()})
        assert write.status_code == 403
        assert "von einer anderen Seite" in write.json()["error"] and other in write.json()["error"]
    assert fresh_ledger.read_bytes() == before
