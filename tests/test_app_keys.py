"""The list's key: made once, kept beside the list, private, renewable, compared safely."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from skatliste.app.keys import KEY_BYTES, key_matches, key_path, list_key


def test_key_is_made_once_and_kept_beside_the_list(tmp_path: Path) -> None:
    """The first call makes a key and keeps it; later calls read the same key."""
    ledger = tmp_path / "friday.json"
    key, made = list_key(ledger)
    assert made
    assert key_path(ledger) == tmp_path / "friday.json.key"
    assert list_key(ledger) == (key, False)


def test_key_has_at_least_128_random_bits(tmp_path: Path) -> None:
    """192 bits from secrets: URL-safe base64 text of 32 characters, different every time."""
    assert KEY_BYTES * 8 >= 128
    keys = {list_key(tmp_path / f"{n}.json")[0] for n in range(20)}
    assert len(keys) == 20
    assert all(len(k) == 32 and k.replace("-", "").replace("_", "").isalnum() for k in keys)


def test_key_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """Nobody else on the laptop can read the key."""
    list_key(tmp_path / "list.json")
    mode = stat.S_IMODE(key_path(tmp_path / "list.json").stat().st_mode)
    assert mode & (stat.S_IRWXG | stat.S_IRWXO) == 0


def test_renewing_replaces_the_key(tmp_path: Path) -> None:
    """--renew-key: a new key, kept; the old one no longer matches."""
    ledger = tmp_path / "list.json"
    old, _ = list_key(ledger)
    new, made = list_key(ledger, renew=True)
    assert made and new != old
    assert list_key(ledger) == (new, False)
    assert not key_matches(new, old)


@pytest.mark.parametrize(
    ("given", "matches"),
    [("abc", True), ("abd", False), ("ab", False), ("abcd", False), ("", False), ("ABC", False)],
)
def test_key_matches_only_exactly(given: str, matches: bool) -> None:
    """Only the very key opens the list."""
    assert key_matches("abc", given) is matches
