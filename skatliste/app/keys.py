"""Who may write a list from the web page: one random key per list, kept beside it.

The key is a bearer secret: whoever holds the entry link (it carries the key) may enter games;
without it a page is read-only. It is made by ``secrets`` (192 bits, URL-safe), kept in
``LIST.json.key`` next to the list (readable by its owner only), shown again with
``skatliste serve --show-keys`` and replaced with ``--renew-key``. Compared in constant time.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from skatliste.errors import LedgerError

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
    from skatliste.ledger import atomic_write, locked

    path = key_path(ledger_path)
    with locked(path):
        if not renew:
            try:
                text = path.read_text(encoding="utf-8").strip()
            except FileNotFoundError:
                text = ""
            except OSError as exc:
                raise LedgerError(f"{path}: cannot read the key: {exc.strerror or exc}") from None
            if text:
                return text, False
        key = new_key()
        try:  # a new key file is private from its first byte; atomic_write keeps the mode
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            pass
        except OSError as exc:
            raise LedgerError(f"{path}: cannot keep the key: {exc.strerror or exc}") from None
        atomic_write(path, key + "\n", what="key")
        return key, True


def key_matches(expected: str, given: str) -> bool:
    """The key given is the list's key (constant time, so timing tells nothing)."""
    return secrets.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))
