"""What the web edge needs of the store around a write: a repeat of an entry answered as the
first time (``Idempotency-Key``, kept in ``NAME.json.requests`` by ``store.requests``), and
a bounded wait for a list's lock."""

from __future__ import annotations

import hashlib

from skatliste.store.files import ListBusy, lock_wait
from skatliste.store.requests import KEEP, Kept, begin, finish, forget, keyed, requests_path

__all__ = [
    "KEEP",
    "Kept",
    "ListBusy",
    "begin",
    "finish",
    "forget",
    "keyed",
    "requests_path",
    "scope_of",
    "wait_for_locks",
]


def scope_of(address: str, method: str, body: bytes) -> str:
    """What an Idempotency-Key was sent with: the address, the method and the body (the same
    key with another game is another request: refused, never answered as the first)."""
    return f"{address} {method} body {hashlib.sha256(body).hexdigest()[:16]}"


def wait_for_locks(seconds: float) -> None:
    """In this thread's context, wait at most ``seconds`` (or ``LOCK_TIMEOUT``, if shorter)
    for a list's lock before refusing as busy."""
    lock_wait.set(seconds)
