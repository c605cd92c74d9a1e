"""Who may write a list from the web page: one random key per list, kept beside it.

The key is a bearer secret: whoever holds the entry link (it carries the key) may enter games;
without it a page is read-only. It is made by ``secrets`` (192 bits, URL-safe), kept in
``LIST.json.key`` next to the list (readable by its owner only), shown again with
``skatliste serve --show-keys`` and replaced with ``--renew-key``. Compared in constant time.
A tournament keeps an organiser's key and one key per table in ``keys.json`` in its folder.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError
from skatliste.i18n import msg

KEY_BYTES = 24
"""Random bytes in a key: 192 bits, well above the 128 that guessing would have to beat."""


def key_path(ledger_path: Path | str) -> Path:
    """Where a list's key lives: beside the list, ``NAME.json.key``."""
    path = Path(ledger_path)
    return path.with_name(path.name + ".key")


def new_key() -> str:
    """A fresh random key (URL-safe text, so it fits in a link)."""
    return secrets.token_urlsafe(KEY_BYTES)


def list_key(ledger_path: Path | str, *, renew: bool = False) -> tuple[str, bool]:
    """The list's key and whether it was made just now: read it, or make and keep a new one
    (always a new one with ``renew``; the old key stops working)."""
    from skatliste.store.files import atomic_write, locked

    path = key_path(ledger_path)
    with locked(path):
        if not renew:
            try:
                text = path.read_text(encoding="utf-8").strip()
            except FileNotFoundError:
                text = ""
            except OSError as exc:
                raise LedgerError(
                    msg("{path}: cannot read the key: {why}", path=path, why=exc.strerror or exc)
                ) from None
            if text:
                return text, False
        key = new_key()
        _make_private(path)  # private from its first byte; atomic_write keeps the mode
        atomic_write(path, key + "\n", what="key")
        return key, True


def key_matches(expected: str, given: str) -> bool:
    """The key given is the list's key (constant time, so timing tells nothing)."""
    return secrets.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))


@dataclass(frozen=True)
class TournamentKeys:
    """An organiser's key (writes every table's list) and one key per table number (writes
    that table's list, in every series)."""

    organiser: str
    tables: dict[int, str]
    made: bool
    """Some key was made just now."""


def tournament_keys_path(folder: Path | str) -> Path:
    """Where a tournament's keys live: ``keys.json`` in its folder."""
    return Path(folder) / "keys.json"


def tournament_keys(folder: Path | str, tables: int, *, renew: bool = False) -> TournamentKeys:
    """The keys of a tournament with ``tables`` tables: read them, make those missing (a
    later series with more tables gets keys for the new ones), or all anew with ``renew``."""
    import json

    from skatliste.store.files import atomic_write, locked

    path = tournament_keys_path(folder)
    with locked(path):
        known: dict[str, Any] = {}
        if not renew:
            try:
                known = json.loads(path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                known = {}
            except (OSError, ValueError) as exc:
                raise LedgerError(
                    msg("{path}: cannot read the keys: {why}", path=path, why=exc)
                ) from None
        organiser = known.get("organiser") or new_key()
        stored = known.get("tables") or {}
        table_keys = {n: str(stored.get(str(n)) or new_key()) for n in range(1, tables + 1)}
        for number, key in stored.items():  # keys of tables not in use now stay valid
            if number.isdigit() and int(number) not in table_keys:
                table_keys[int(number)] = str(key)
        made = organiser != known.get("organiser") or any(
            stored.get(str(n)) != k for n, k in table_keys.items()
        )
        if made:
            _make_private(path)
            text = json.dumps(
                {"organiser": organiser, "tables": {str(n): k for n, k in table_keys.items()}},
                indent=2,
            )
            atomic_write(path, text + "\n", what="key")
        return TournamentKeys(organiser, table_keys, made)


def _make_private(path: Path) -> None:
    """Create ``path`` readable by its owner only (atomic_write keeps a file's mode)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot keep the keys: {why}", path=path, why=exc.strerror or exc)
        ) from None
