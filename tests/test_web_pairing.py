"""Entry links carry a one-time pairing code (``#pair=CODE``) that the page trades for the key
at ``POST /api/pair``: once, so the browser's history keeps a spent code only. A spent,
unknown or voided code is refused with what to do; a renewed key voids its codes; the trade
passes the same Host and Origin checks as a write, and wrong codes are limited per address.
Codes are kept in the keys files only, which earlier versions' files still open as."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from skatliste.app import tournament as app
from skatliste.app.keys import (
    key_path,
    list_key,
    pairing_codes,
    read_list_file,
    read_tournament_file,
    tournament_keys,
    tournament_keys_path,
)
from skatliste.errors import LedgerError
from skatliste.web import base
from skatliste.web.server import create_app

from .webtools import KEY

PEOPLE = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina", "Hans"]


@pytest.fixture(autouse=True)
def no_wrong_codes_yet() -> Iterator[None]:
    """Each test starts with no address refused for wrong codes."""
    base._wrong_codes.clear()
    yield
    base._wrong_codes.clear()


def served_list(ledger: Path) -> TestClient:
    """A list served as 'skatliste serve' serves it: its key (and codes) in its key file."""
    list_key(ledger)
    made = create_app(ledger, key_file=key_path(ledger), hosts=["127.0.0.1"], lang="en")
    return TestClient(made, base_url="http://127.0.0.1")


def code_of(client: TestClient, target: str = "list") -> str:
    """The target's unspent code, as the next link shown carries it."""
    fragment: str = client.app.state.fragments([target])[target]  # type: ignore[attr-defined]
    assert fragment.startswith("pair=")
    return fragment.removeprefix("pair=")


def test_a_code_is_traded_for_the_key_once(fresh_ledger: Path) -> None:
    """The first trade answers the key; the same code again is refused, and the next link
    shown carries a fresh code."""
    client = served_list(fresh_ledger)
    code = code_of(client)
    first = client.post("/api/pair", json={"code": code})
    assert first.status_code == 200
    assert first.json() == {"key": read_list_file(key_path(fresh_ledger))[0]}
    assert first.headers["cache-control"] == "no-store"
    again = client.post("/api/pair", json={"code": code})
    assert again.status_code == 403
    assert "used up" in again.json()["error"] and "current QR code" in again.json()["error"]
    fresh = code_of(client)
    assert fresh != code
    assert client.post("/api/pair", json={"code": fresh}).status_code == 200


def test_the_code_is_the_same_until_spent(fresh_ledger: Path) -> None:
    """Showing the link again (--show-keys, the page) shows the same unspent code."""
    client = served_list(fresh_ledger)
    assert code_of(client) == code_of(client)


def test_a_renewed_key_voids_its_codes(fresh_ledger: Path) -> None:
    """--renew-key: a code shown before opens nothing; the new link's code opens the new key."""
    client = served_list(fresh_ledger)
    old = code_of(client)
    new_key, _ = list_key(fresh_ledger, renew=True)
    assert client.post("/api/pair", json={"code": old}).status_code == 403
    answer = client.post("/api/pair", json={"code": code_of(client)})
    assert answer.json() == {"key": new_key}


def test_a_wrong_code_is_refused_and_spends_nothing(fresh_ledger: Path) -> None:
    client = served_list(fresh_ledger)
    code = code_of(client)
    assert client.post("/api/pair", json={"code": "not-the-code"}).status_code == 403
    assert client.post("/api/pair", json={"code": code}).status_code == 200


def test_many_wrong_codes_from_one_address_are_refused_for_a_while(fresh_ledger: Path) -> None:
    """After PAIR_TRIES wrong codes a minute, even the right one waits (429)."""
    client = served_list(fresh_ledger)
    code = code_of(client)
    for n in range(base.PAIR_TRIES):
        assert client.post("/api/pair", json={"code": f"guess-{n}"}).status_code == 403
    refused = client.post("/api/pair", json={"code": code})
    assert refused.status_code == 429 and "wait a minute" in refused.json()["error"]
    base._wrong_codes.clear()  # a minute later
    assert client.post("/api/pair", json={"code": code}).status_code == 200


def test_stale_wrong_codes_of_many_addresses_are_forgotten() -> None:
    """Past PAIR_ADDRESSES addresses, those with no wrong code in the last minute go."""
    now = 10_000.0
    for n in range(base.PAIR_ADDRESSES + 1):
        base._wrong_codes[f"10.0.{n // 256}.{n % 256}"] = [now - base.PAIR_WINDOW - 1]
    base._wrong_codes["10.9.9.9"] = [now - 1]
    assert base._recent_wrong("10.9.9.9", now) == [now - 1]
    assert list(base._wrong_codes) == ["10.9.9.9"]


def test_a_trade_from_another_site_is_refused(fresh_ledger: Path) -> None:
    """Origin is checked as for a write (and the code stays unspent)."""
    client = served_list(fresh_ledger)
    code = code_of(client)
    foreign = {"Origin": "http://evil.example"}
    assert client.post("/api/pair", json={"code": code}, headers=foreign).status_code == 403
    cross = {"Sec-Fetch-Site": "cross-site"}
    assert client.post("/api/pair", json={"code": code}, headers=cross).status_code == 403
    assert client.post("/api/pair", json={"code": code}).status_code == 200


def test_a_trade_at_another_host_is_refused(fresh_ledger: Path) -> None:
    """A page of a rebound name cannot trade a code (421), and the code stays unspent."""
    client = served_list(fresh_ledger)
    code = code_of(client)
    rebound = {"Host": "evil.example"}
    assert client.post("/api/pair", json={"code": code}, headers=rebound).status_code == 421
    assert client.post("/api/pair", json={"code": code}).status_code == 200


@pytest.mark.parametrize(
    ("body", "status"),
    [({}, 422), ({"code": ""}, 422), ({"code": "x" * 101}, 422), ({"code": 7}, 400)],
)
def test_a_trade_without_a_code_is_refused(fresh_ledger: Path, body: object, status: int) -> None:
    """No code, an empty or overlong one: 422; a number where the code's text goes: 400."""
    client = served_list(fresh_ledger)
    assert client.post("/api/pair", json=body).status_code == status


def test_a_key_given_pairs_no_phone(fresh_ledger: Path) -> None:
    """With --key there is no file to keep codes: links carry the key, /api/pair says so."""
    client = TestClient(create_app(fresh_ledger, key=KEY, lang="en"))
    assert client.app.state.fragments(["list"]) == {"list": f"key={KEY}"}  # type: ignore[attr-defined]
    refused = client.post("/api/pair", json={"code": "anything"})
    assert refused.status_code == 404 and "--key" in refused.json()["error"]


def test_codes_live_in_the_key_file_only(fresh_ledger: Path) -> None:
    """The code is kept beside the key, in the key file readable by its owner only."""
    client = served_list(fresh_ledger)
    code = code_of(client)
    path = key_path(fresh_ledger)
    assert path.read_text().splitlines()[1] == f"pair list {code}"
    assert path.stat().st_mode & 0o077 == 0
    others = [p for p in fresh_ledger.parent.iterdir() if p != path and p.is_file()]
    assert not any(code in p.read_text(errors="replace") for p in others)


def test_a_key_file_of_one_line_still_opens(fresh_ledger: Path) -> None:
    """A list's key file as earlier versions wrote it (the key alone) has no codes yet."""
    key_path(fresh_ledger).write_text(KEY + "\n")
    assert read_list_file(key_path(fresh_ledger)) == (KEY, {})


def test_a_key_file_with_a_strange_line_is_refused(fresh_ledger: Path) -> None:
    key_path(fresh_ledger).write_text(KEY + "\npair everything abc\n")
    with pytest.raises(LedgerError, match="line 2: 'pair everything abc' is no pairing code"):
        read_list_file(key_path(fresh_ledger))


# --- a tournament ----------------------------------------------------------------------


@pytest.fixture
def hall(tmp_path: Path) -> Path:
    """Eight players, series 1 drawn (two tables of four), its keys made."""
    folder = tmp_path / "preisskat"
    app.new_tournament(folder, name="Preisskat", date="2026-12-05", series=2, seed=7)
    for name in PEOPLE:
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    tournament_keys(folder)
    return folder


def served_hall(folder: Path) -> TestClient:
    made = create_app(tournament=folder, key_file=tournament_keys_path(folder), lang="en")
    return TestClient(made, base_url="http://testserver")


def test_the_organiser_page_shows_codes_not_keys(hall: Path) -> None:
    """Each table's link carries its code; no table's key is in the organiser's answer."""
    keys = tournament_keys(hall)
    client = served_hall(hall)
    auth = {"Authorization": f"Bearer {keys.organiser}"}
    answer = client.get("/api/tournament", headers=auth)
    codes = read_tournament_file(tournament_keys_path(hall))[2]
    first = answer.json()["tables"][0]
    assert first["link"] == f"http://testserver/series/1/table/1/#pair={codes['1/1']}"
    assert not any(key in answer.text for key in keys.seats.values())


def test_a_table_code_opens_that_table_only(hall: Path) -> None:
    """Table 1's code on table 2's page opens nothing; on its own page, table 1's key."""
    keys = tournament_keys(hall)
    client = served_hall(hall)
    code = code_of(client, "1/1")
    assert client.post("/series/1/table/2/api/pair", json={"code": code}).status_code == 403
    assert client.post("/api/pair", json={"code": code}).status_code == 403  # the organiser's
    answer = client.post("/series/1/table/1/api/pair", json={"code": code})
    assert answer.json() == {"key": keys.seats[(1, 1)]}


def test_after_a_code_is_spent_the_organiser_page_shows_a_fresh_one(hall: Path) -> None:
    keys = tournament_keys(hall)
    client = served_hall(hall)
    auth = {"Authorization": f"Bearer {keys.organiser}"}
    before = client.get("/api/tournament", headers=auth).json()["tables"][0]["link"]
    code = before.partition("#pair=")[2]
    assert client.post("/series/1/table/1/api/pair", json={"code": code}).status_code == 200
    after = client.get("/api/tournament", headers=auth).json()["tables"][0]
    assert after["link"] != before and "#pair=" in after["link"]
    assert after["qr"].startswith("<svg")


def test_the_organiser_code_opens_the_organiser_key(hall: Path) -> None:
    keys = tournament_keys(hall)
    client = served_hall(hall)
    answer = client.post("/api/pair", json={"code": code_of(client, "organiser")})
    assert answer.json() == {"key": keys.organiser}


def test_renewed_tournament_keys_void_their_codes(hall: Path) -> None:
    client = served_hall(hall)
    code = code_of(client, "1/1")
    renewed = tournament_keys(hall, renew=True)
    assert client.post("/series/1/table/1/api/pair", json={"code": code}).status_code == 403
    fresh = client.post("/series/1/table/1/api/pair", json={"code": code_of(client, "1/1")})
    assert fresh.json() == {"key": renewed.seats[(1, 1)]}


def test_a_keys_file_of_version_2_opens_with_no_codes(hall: Path) -> None:
    """keys.json as the previous version wrote it (no pairing): read, it has no codes; the
    next link shown makes them and the file written keeps a backup of the old one."""
    path = tournament_keys_path(hall)
    old = {"format": "skatliste-keys", "version": 2, "organiser": "o" * 32, "tables": {}}
    old["tables"] = {"1/1": "a" * 32, "1/2": "b" * 32}
    path.write_text(json.dumps(old))
    organiser, seats, codes, migrated = read_tournament_file(path)
    assert (organiser, seats[(1, 2)], codes, migrated) == ("o" * 32, "b" * 32, {}, True)
    client = served_hall(hall)
    answer = client.post("/series/1/table/2/api/pair", json={"code": code_of(client, "1/2")})
    assert answer.json() == {"key": "b" * 32}
    assert json.loads(path.read_text())["version"] == 3
    assert json.loads(path.with_name("keys.json.bak").read_text()) == old


def test_an_organiser_key_given_is_in_its_link_and_the_tables_still_pair(hall: Path) -> None:
    """'serve --tournament DIR --key KEY': no file keeps codes for the key given, so its link
    carries it; the tables' keys are the file's, and their links carry codes."""
    given = "organiser-given-0123456789"
    made = create_app(tournament=hall, organiser_key=given, key_file=tournament_keys_path(hall))
    found = made.state.fragments(["organiser", "1/1"])
    assert found["organiser"] == f"key={given}" and found["1/1"].startswith("pair=")
    client = TestClient(made)
    # a code the file keeps for its own organiser's key opens nothing while another is given
    code = pairing_codes(tournament_keys_path(hall), ["organiser"], tournament=True)
    assert client.post("/api/pair", json={"code": code["organiser"]}).status_code == 403


def test_a_keeper_shows_codes_for_another_phone_and_the_second_list(fresh_ledger: Path) -> None:
    """GET /api/agree with the key: this page's link and the second list's, each with its
    unspent code (no key); without the key neither; a write's answer holds neither."""
    client = served_list(fresh_ledger)
    key = read_list_file(key_path(fresh_ledger))[0]
    auth = {"Authorization": f"Bearer {key}"}
    data = client.get("/api/agree", headers=auth).json()
    assert data["another"] == f"http://127.0.0.1/#pair={code_of(client)}"
    assert data["link"] == f"http://127.0.0.1/b/#pair={code_of(client, 'list/b')}"
    assert data["another_qr"].startswith("<svg") and key not in json.dumps(data)
    watcher = client.get("/api/agree").json()
    assert watcher["another"] is None and watcher["link"] is None
    assert client.post("/api/pass", json={}, headers=auth).status_code == 201
    protested = client.post("/api/protest", json={"game": 1, "text": "x"}, headers=auth)
    assert protested.status_code == 201
    assert "another" not in protested.json() and "link" not in protested.json()
    second = client.post("/b/api/pair", json={"code": code_of(client, "list/b")})
    assert second.json() == {"key": key}  # the second list is written with the same key
