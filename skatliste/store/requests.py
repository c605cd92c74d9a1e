"""The answers a list's writes gave, kept beside it for a repeat: ``NAME.json.requests``.

A phone whose answer was lost (the Wi-Fi dropped, the server was killed) sends its entry
again with the same ``Idempotency-Key``; the repeat gets the first answer and writes nothing.
Each write is kept in two steps around the list's own write: first ``begin`` keeps the key
with a digest of the list as it was (on disk, fsynced), then the list is written, then
``finish`` keeps the answer. A server killed between the two finds the key still open on the
repeat: a list that differs from the digest means the first write landed (answered, nothing
written again); an unchanged list means it did not (the repeat is written as new).

The newest ``KEEP`` keys are kept (a phone repeats only its last few entries). The file has a
format name and a version and is read strictly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError
from skatliste.i18n import msg
from skatliste.store.files import atomic_write, locked, now, real_path

FORMAT_NAME = "skatliste-requests"
FORMAT_VERSION = 1
KEEP = 32
"""Keys kept per list: more than any phone's outbox holds at once."""


@dataclass(frozen=True)
class Kept:
    """The first answer to a key: its status and body. ``status`` 0: the first write landed
    but its answer was lost with the server (the edge answers from the list as it is)."""

    status: int
    body: bytes


def requests_path(path: Path | str) -> Path:
    """Where a list's answers live: beside the real list, ``NAME.json.requests``."""
    real = real_path(path)
    return real.with_name(real.name + ".requests")


def _digest(path: Path) -> str:
    try:
        raw = real_path(path).read_bytes()
    except OSError:
        raw = b""
    return hashlib.sha256(raw).hexdigest()[:32]


def _bad(where: Path, why: str) -> LedgerError:
    return LedgerError(
        msg(
            "{path}: not the answers skatliste keeps ({why}); delete the file (only repeated "
            "entries need it)",
            path=str(where),
            why=why,
        )
    )


def _read(where: Path) -> list[dict[str, Any]]:
    """The kept records, oldest first: the strict reader of the file."""
    try:
        data = json.loads(where.read_bytes())
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        raise _bad(where, str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise _bad(where, "no format 'skatliste-requests'")
    if data.get("version") != FORMAT_VERSION:
        raise _bad(where, f"version {data.get('version')!r}, this program reads 1")
    items = data.get("requests")
    if not isinstance(items, list):
        raise _bad(where, "'requests' is not a list")
    for n, item in enumerate(items, start=1):
        fields = {"key": str, "scope": str, "time": str, "before": str, "body": str}
        ok = isinstance(item, dict) and all(isinstance(item.get(k), t) for k, t in fields.items())
        status = item.get("status") if isinstance(item, dict) else None
        if not ok or not (status is None or (isinstance(status, int) and 100 <= status < 600)):
            raise _bad(where, f"request {n} is not key, scope, time, before, status, body")
    return items


def _write(where: Path, items: list[dict[str, Any]], *, durable: bool) -> None:
    text = json.dumps(
        {"format": FORMAT_NAME, "version": FORMAT_VERSION, "requests": items[-KEEP:]},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    atomic_write(where, text + "\n", what="requests file", durable=durable)


def begin(path: Path | str, key: str, scope: str) -> Kept | None:
    """The kept answer for ``key`` (a repeat: write nothing), else None after keeping the key
    as open (the caller writes now). ``scope`` (method and address) must be the first's."""
    path = Path(path)
    where = requests_path(path)
    with locked(where):
        items = _read(where)
        found = next((i for i in items if i["key"] == key), None)
        if found is not None and found["scope"] != scope:
            from skatliste.errors import InputError

            raise InputError(
                msg(
                    "this Idempotency-Key was sent with another request ({scope}); send a new "
                    "key for a new entry",
                    scope=found["scope"],
                )
            )
        if found is not None and found["status"] is not None:
            return Kept(found["status"], found["body"].encode("utf-8"))
        if found is not None and found["before"] != _digest(path):
            return Kept(0, b"")  # the first write landed; its answer went with the server
        if found is not None:
            items.remove(found)  # the first never landed: this one is written as new
        items.append(
            {"key": key, "scope": scope, "time": now(), "before": _digest(path), "status": None}
            | {"body": ""}
        )
        _write(where, items, durable=True)
        return None


def finish(path: Path | str, key: str, status: int, body: bytes) -> None:
    """Keep the answer the write with ``key`` gave."""
    where = requests_path(path)
    with locked(where):
        items = _read(where)
        for item in items:
            if item["key"] == key:
                item["status"], item["body"] = status, body.decode("utf-8")
        _write(where, items, durable=False)  # lost in a crash: the open key still answers


def forget(path: Path | str, key: str) -> None:
    """The write with ``key`` was refused (nothing written): a repeat is a new try."""
    where = requests_path(path)
    with locked(where):
        items = _read(where)
        kept = [i for i in items if i["key"] != key]
        if kept != items:
            _write(where, kept, durable=False)
