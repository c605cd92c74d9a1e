"""What the server and the store keep to themselves: a planted link is never followed, a
viewer sees no path of this computer, and no key lands in an answer's link or in any file
but the keys file."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest
from starlette.testclient import TestClient

from skatliste.app import lists
from skatliste.errors import InputError, LedgerError
from skatliste.web.server import create_app

from .webtools import KEY

AUTH = {"Authorization": f"Bearer {KEY}"}

# --- a link planted as the lock file -------------------------------------------------------


def test_a_symlink_planted_as_the_lock_is_not_followed(fresh_ledger: Path, tmp_path: Path) -> None:
    """'list.json.lock' made a link to another file: the write is refused, naming the link,
    and the file it leads to keeps its mode."""
    other = tmp_path / "other.txt"
    other.write_text("someone's file")
    other.chmod(0o644)
    lock = fresh_ledger.with_name(fresh_ledger.name + ".lock")
    lock.unlink(missing_ok=True)
    lock.symlink_to(other)
    before = fresh_ledger.read_bytes()
    with pytest.raises(LedgerError) as refused:
        lists.pass_game(fresh_ledger)
    assert "list.json.lock" in str(refused.value.message) and "link" in str(refused.value.message)
    assert stat.S_IMODE(other.stat().st_mode) == 0o644
    assert fresh_ledger.read_bytes() == before
    assert lock.is_symlink()


def test_a_dangling_lock_link_creates_nothing(fresh_ledger: Path, tmp_path: Path) -> None:
    lock = fresh_ledger.with_name(fresh_ledger.name + ".lock")
    lock.unlink(missing_ok=True)
    target = tmp_path / "made-by-the-link"
    lock.symlink_to(target)
    with pytest.raises(LedgerError):
        lists.pass_game(fresh_ledger)
    assert not os.path.lexists(target)
    assert lock.is_symlink()


# --- no path of this computer in an answer to a viewer ----------------------------------------


@pytest.mark.parametrize(
    ("method", "address", "body"),
    [
        ("GET", "/api/games/1", None),
        ("GET", "/api/games/0", None),
        ("GET", "/api/games/99", None),
        ("POST", "/api/preview", {"declarer": "Ben", "words": "grand mit 1", "number": 1}),
        ("POST", "/api/preview", {"declarer": "Ben", "words": "grand mit 1", "number": 7}),
    ],
)
@pytest.mark.parametrize("key", [None, KEY])
def test_no_answer_names_a_path_of_this_computer(
    fresh_ledger: Path, method: str, address: str, body: object, key: str | None
) -> None:
    """An empty list asked for a game: the refusal names the list by its name, never by where
    it lies on the server's disk (a viewer, and a phone with the key alike)."""
    client = TestClient(create_app(fresh_ledger, key=KEY))
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    answer = client.request(method, address, json=body, headers=headers)
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert str(fresh_ledger.parent) not in error and "list.json" in error, error


def test_a_refusal_that_names_a_folder_names_it_by_its_name(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every path among a refusal's values (nested messages too) is cut to its last part."""
    from skatliste.i18n import join, msg
    from skatliste.web import api

    deep = str(fresh_ledger.parent / "deep" / "folder")
    refusal = msg("{why}", why=join([msg("{path}: no", path=deep), msg("{p}", p=Path(deep))]))

    def refuse(*args: object, **kwargs: object) -> None:
        raise InputError(refusal)

    monkeypatch.setattr(api, "lists", SimpleNamespace(add_game=refuse))
    answer = TestClient(create_app(fresh_ledger, key=KEY)).post(
        "/api/games", json={"declarer": "Ben", "words": "grand"}, headers=AUTH
    )
    assert answer.status_code == 422
    assert answer.json()["error"] == "folder: no; folder"


# --- keys stay in the keys file ---------------------------------------------------------------


def test_no_key_in_a_write_s_answer_nor_in_the_requests_file(fresh_ledger: Path) -> None:
    """A signature and a protest sent with the list's key and an Idempotency-Key: neither the
    answer nor the file of kept answers holds the key (the page asks for the second list's link
    with ``GET /api/agree``); that file is its owner's only (0600)."""
    from skatliste.app import requests as kept

    client = TestClient(create_app(fresh_ledger, key=KEY))
    lists.add_game(fresh_ledger, "Ben", ["grand", "mit", "1"])
    assert KEY in client.get("/api/agree", headers=AUTH).json()["link"]  # the keeper's own
    writes = [("/api/sign", {"player": "Anna"}), ("/api/protest", {"game": 1, "text": "Re late"})]
    for n, (address, body) in enumerate(writes):
        answer = client.post(address, json=body, headers={**AUTH, "Idempotency-Key": f"a-{n}"})
        assert answer.status_code == 201, answer.text
        assert KEY not in answer.text
    where = kept.requests_path(fresh_ledger)
    assert KEY not in where.read_text(encoding="utf-8")
    assert stat.S_IMODE(where.stat().st_mode) == 0o600
    again = client.post(
        "/api/sign", json={"player": "Anna"}, headers={**AUTH, "Idempotency-Key": "a-0"}
    )
    assert again.headers["idempotent-replayed"] == "true" and KEY not in again.text
