"""The answers a list's writes gave, kept beside it for a repeat: ``NAME.json.requests``.

A phone whose answer was lost (the Wi-Fi dropped, the server was killed) sends its entry
again with the same ``Idempotency-Key``; the repeat gets the first answer and writes nothing.
A keyed write is kept in two steps around the list's own write, both tied to the list's lock:
under the lock (``keyed`` names the key to the lock), before anything is written, the key is
kept as open with the version of the list as it is; then the list is written (fsynced); then
``finish`` keeps the answer. A server killed in between leaves the key open. Whoever takes
the list's lock next, before writing anything (another phone, the organiser, the CLI: every
lock runs ``settle``), settles it: no one else could write while the key's request held the
lock, so a list of another version means that request's write landed (answered from the list
as it is, nothing written again), an unchanged list means it did not (the repeat is written
as new). So a repeat either finds its write or writes it, whatever was written since.

The file is JSON lines: its format and version first, then one line per key opened, settled
or answered (appended: a save costs no new file); the newest line of each key counts. It is
not fsynced (the list is): a killed server loses nothing of it (the system has it), only a
power cut in the very second of a save could take the key back with it, and then a repeat
would enter that one game a second time.

The file is its owner's only (0600): the answers it keeps are a list's, and no key is among
them (the edge keeps none in an answer). The newest ``KEEP`` keys are kept (a phone repeats
only its last few entries). The file has a format name and a version and is read strictly, by
the store's one reader of every format.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skatliste.errors import InputError, LedgerError
from skatliste.fields import Const, Field, Integer, Record, Text
from skatliste.i18n import msg
from skatliste.store import files
from skatliste.store.files import atomic_write, held, locked, now, real_path
from skatliste.store.formats import Format, read_lines
from skatliste.store.locking import NOFOLLOW, PRIVATE

FORMAT_NAME = "skatliste-requests"
FORMAT_VERSION = 1
KEEP = 32
"""Keys kept per list: more than any phone's outbox holds at once."""
LANDED = "landed"
"""``before`` of a key whose write landed but whose answer went with a killed server (an
earlier version reads it as a version the list no longer has: landed too)."""


@dataclass(frozen=True)
class Kept:
    """The first answer to a key: its status and body. ``status`` 0: the first write landed
    but its answer was lost with the server (the edge answers from the list as it is)."""

    status: int
    body: bytes


def _written(real: Path) -> tuple[Path, os.stat_result | None]:
    """The file a write changes, given the real path locked: the list, or a tournament
    folder's ``tournament.json``; and how it is now (None: there is none)."""
    try:
        st = os.stat(real)
    except OSError:
        return real, None
    if stat.S_ISDIR(st.st_mode):
        real = real / "tournament.json"
        try:
            st = os.stat(real)
        except OSError:
            return real, None
    return real, st


def requests_path(path: Path | str) -> Path:
    """Where a list's answers live: beside the real list, ``NAME.json.requests`` (in a
    tournament folder, ``tournament.json.requests``)."""
    return _beside(_written(real_path(path))[0])


def _beside(written: Path) -> Path:
    return written.with_name(written.name + ".requests")


def _digest(st: os.stat_result | None) -> str:
    """The list's version: its file's inode, modification time and size (every write
    replaces the file)."""
    if st is None:
        return "none"
    return f"{st.st_ino:x}.{st.st_mtime_ns:x}.{st.st_size:x}"


def _locked(where: Path) -> contextlib.AbstractContextManager[None]:
    """The requests file's own lock (``NAME.json.requests.lock``): its readers and writers
    take it; the list's lock is taken first where both are."""
    return held(where.with_name(where.name + ".lock"), where)


def _bad(where: Path, why: str) -> LedgerError:
    return LedgerError(
        msg(
            "{path}: not the answers skatliste keeps ({why}); delete the file (only repeated "
            "entries need it)",
            path=str(where),
            why=why,
        )
    )


HEADER = {"format": FORMAT_NAME, "version": FORMAT_VERSION}
TEXT = Text()
FORMAT = Format(
    FORMAT_NAME,
    FORMAT_VERSION,
    Record(
        "requests",
        (Field("format", Const(FORMAT_NAME)), Field("version", Const(FORMAT_VERSION))),
        "The first line: the format and its version.",
    ),
    "requests file",
    line=Record(
        "request",
        (
            Field("key", TEXT, doc="the Idempotency-Key"),
            Field("scope", TEXT, doc="the address, the method and the body's hash"),
            Field("time", TEXT),
            Field(
                "before",
                TEXT,
                doc="the list's version before the write; 'landed': written, its answer lost; "
                "'': never written",
            ),
            Field("status", Integer(100, 599, nullable=True), None, "null: still open"),
            Field("body", TEXT, doc="the answer"),
        ),
        "A key opened (status null) or answered: the newest line of a key counts.",
    ),
)
"""``NAME.json.requests``: JSON lines, the format's line first."""


def _read(where: Path) -> list[dict[str, Any]]:
    """The kept records, oldest first, the latest line of each key winning: read by the
    format (its first line names the format and version; a last line cut short by a kill is
    left out, nothing else may be wrong). The lines read before are not checked again: a
    save reads the file several times, and each time it has at most a line more."""
    try:
        raw = where.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise _bad(where, exc.strerror or str(exc)) from None
    known = _known.get(where)
    _lines[where] = (raw.count(b"\n"), raw.endswith(b"\n"))
    if known is not None and raw == known[0]:
        return list(known[1])
    items: dict[str, dict[str, Any]] = {}
    read = None
    if known is not None and raw.startswith(known[0]) and known[0].endswith(b"\n"):
        with contextlib.suppress(LedgerError):  # a new line wrong: named by a whole reading
            # the new lines only, under the format's first line
            read = read_lines(FORMAT, where, _line(HEADER) + raw[len(known[0]) :])
            items = {item["key"]: item for item in known[1]}
    for item in read_lines(FORMAT, where, raw) if read is None else read:
        items.pop(item["key"], None)
        items[item["key"]] = {"status": None, **item}
    found = list(items.values())
    complete = raw[: raw.rfind(b"\n") + 1]  # a line cut short is read again when finished
    _known[where] = (complete, tuple(found))
    return found


_known: dict[Path, tuple[bytes, tuple[dict[str, Any], ...]]] = {}
"""The last reading of each requests file: its whole lines, and the records they hold."""
_lines: dict[Path, tuple[int, bool]] = {}
"""The lines each requests file held when last read (under its lock, just before a write),
and whether its last line was whole."""


def _line(item: dict[str, Any]) -> bytes:
    return json.dumps(item, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def _append(where: Path, item: dict[str, Any], items: list[dict[str, Any]]) -> None:
    """Add ``item`` at the end of the file (one write, no new file); when the file holds
    many more lines than keys kept, write it anew with the newest ``KEEP`` only. ``items``
    were just read (``_read``, under the lock): so were the file's lines."""
    lines, whole = _lines.get(where, (0, False)) if items else (0, False)
    if lines == 0 or lines > 4 * KEEP:
        kept = [*[i for i in items if i["key"] != item["key"]][-(KEEP - 1) :], item]
        pieces = [_line(HEADER), *(_line(i) for i in kept)]
        atomic_write(where, pieces, what="requests file", durable=False, follow=False, mode=PRIVATE)
        return
    try:
        fd = os.open(where, os.O_WRONLY | os.O_APPEND | NOFOLLOW)
        try:
            if os.fstat(fd).st_mode & 0o077:
                os.fchmod(fd, PRIVATE)  # one an earlier version made 0644
            line = _line(item)
            os.write(fd, line)
        finally:
            os.close(fd)
        known = _known.get(where)
        if whole and known is not None:  # the file is the lines read and this one
            found = {i["key"]: i for i in known[1]}
            found.pop(item["key"], None)
            found[item["key"]] = item
            _known[where] = (known[0] + line, tuple(found.values()))
            _lines[where] = (lines + 1, True)
    except OSError as exc:
        raise LedgerError(
            msg(
                "{path}: cannot write: {why}; left as it was ({what})",
                path=str(where),
                why=exc.strerror or str(exc),
                what=msg("file of the answers to repeated entries"),
            )
        ) from None


writing: contextvars.ContextVar[tuple[Path, str, str] | None] = contextvars.ContextVar(
    "writing", default=None
)
"""The keyed write this context makes: its requests file, key and scope (``keyed``)."""


@contextlib.contextmanager
def keyed(path: Path | str, key: str, scope: str) -> Iterator[None]:
    """Inside, a lock of the list ``path`` keeps ``key`` as open (with the list's version)
    before the caller writes: the write's key is kept under the same lock as the write."""
    token = writing.set((requests_path(path), key, scope))
    try:
        yield
    finally:
        writing.reset(token)


def _settle(path: Path) -> None:
    """Under the lock of ``path`` (``files.on_lock``): every key a killed write left open is
    settled (landed when the list changed since it was opened, else never written), and the
    key this context writes with is opened."""
    written, now_st = _written(path)
    where = _beside(written)
    current = writing.get()
    mine = current if current is not None and current[0] == where else None
    if mine is None and not os.path.exists(where):
        return  # no keyed write here yet: two stats per lock
    with _locked(where):
        version = _digest(now_st)
        for item in _read(where):
            if _open(item) and (mine is None or item["key"] != mine[1]):
                landed = item["before"] != version
                _append(where, item | {"before": LANDED if landed else ""}, _read(where))
        if mine is not None:
            _, key, scope = mine
            items = _read(where)
            if not any(i["key"] == key and _open(i) for i in items):
                item = {"key": key, "scope": scope, "time": now(), "before": version}
                _append(where, item | {"status": None, "body": ""}, items)


def _open(item: dict[str, Any]) -> bool:
    """A key opened for a write and neither answered nor settled yet."""
    return item["status"] is None and item["before"] not in ("", LANDED)


files.on_lock.append(_settle)


def begin(path: Path | str, key: str, scope: str) -> Kept | None:
    """The kept answer for ``key`` (a repeat: write nothing; ``status`` 0 when the first write
    landed but its answer went with the server), else None: the caller writes, inside
    ``keyed``. ``scope`` (method and address) must be the first's. A key the file holds is looked up
    under the list's lock, so that a write a killed server left open is settled first (a key
    it does not hold is a new request whatever is settled: the list's lock is left alone)."""
    path = Path(path)
    where = requests_path(path)
    with _locked(where):
        items = _read(where)
    if any(i["key"] == key for i in items):  # kept: any write left open is settled first
        with locked(path), _locked(where):
            items = _read(where)
    found = next((i for i in items if i["key"] == key and i["before"]), None)
    if found is not None and found["scope"] != scope:
        raise InputError(
            msg(
                "this Idempotency-Key was sent before with another request; send a new key "
                "for a new entry"
            )
        )
    if found is not None and found["status"] is not None:
        return Kept(found["status"], found["body"].encode("utf-8"))
    if found is not None and found["before"] == LANDED:
        return Kept(0, b"")
    return None


def finish(path: Path | str, key: str, status: int, body: bytes) -> None:
    """Keep the answer the write with ``key`` gave."""
    where = requests_path(path)
    with _locked(where):
        items = _read(where)
        for item in items:
            if item["key"] == key:
                answered = item | {"status": status, "body": body.decode("utf-8")}
                _append(where, answered, items)


def forget(path: Path | str, key: str) -> None:
    """The write with ``key`` was refused (nothing written): a repeat is a new try."""
    where = requests_path(path)
    with _locked(where):
        items = _read(where)
        for item in items:
            if item["key"] == key and item["status"] is None:
                _append(where, item | {"before": ""}, items)  # "": as if never sent
