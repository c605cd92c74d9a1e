"""What the server and the store keep to themselves: a planted link is never followed, a
viewer sees no path of this computer, and no key lands in an answer's link or in any file
but the keys file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from skatliste.app import lists
from skatliste.errors import LedgerError

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
