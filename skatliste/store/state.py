"""The one file kept beside a long list: the derived state after its last entry.

``NAME.json.state`` (beside the real list, symlinks followed) holds what the family derives
from the entries (for Skat the running totals, the Bock and Ramsch rounds ahead and the
summary's tallies), keyed to a hash of the list's exact bytes and to the program's version.
It holds nothing that is not derived: a missing, stale, corrupt or foreign state file is
ignored (the list is read and derived whole, as always) and written again; deleting it loses
nothing. It is written for a list of :data:`MIN_ENTRIES` entries or more by every ``add``
(and by ``summary`` for a list of :data:`SUMMED_ENTRIES`), and read by ``add``, ``summary``
and the readers of many lists (a tournament's ranking); ``check`` compares it with its own
derivation of the list and removes one that does not agree.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import skatliste
from skatliste.errors import LedgerError
from skatliste.families import Family, named
from skatliste.store.files import atomic_write, read_bytes, real_path
from skatliste.store.lists import ListFile, entry_line

FORMAT_NAME = "skatliste-state"
SUFFIX = ".state"
MIN_ENTRIES = 12
"""The fewest entries a list has before its state is kept. Measured on a championship's table
lists: a list of 12 games reads from its state in half the time it takes to read and derive
it (67 µs against 132 µs), one of 48 games in a quarter (71 µs against 252 µs); below 12 games
both cost little."""
SUMMED_ENTRIES = 1_000
"""The fewest entries a list has before a reading command (``summary``) writes its state: a
long list, where the next read gains far more than the write costs; a shorter one's state is
written by the ``add`` that changes it, and a summary of it writes nothing."""

_GAMES = b'\n  "games": [\n    '
_END = b'\n  ],\n  "history": '


def _no_link(name: str, flags: int) -> int:
    return os.open(name, flags | os.O_NOFOLLOW)


def state_path(path: Path | str) -> Path:
    """The state file of the list at ``path``: beside the real file, ``NAME.json.state``."""
    return Path(_state_name(path))


def _state_name(path: Path | str) -> str:
    # a path whose last part is no link names the real file's folder already, whatever links
    # lead there: one lstat, not one per part, and no path object, for a tournament's 750 lists
    name = os.fspath(path)
    return (str(real_path(name)) if os.path.islink(name) else name) + SUFFIX


def _digest(pieces: Iterable[bytes | memoryview]) -> str:
    import hashlib

    h = hashlib.sha256()
    for piece in pieces:
        h.update(piece)
    return h.hexdigest()


@dataclass
class Kept:
    """A list carried on from its state file: the header read, the entries not."""

    ledger: ListFile[Any]
    """The list, holding none of its entries (``before`` counts them)."""
    state: Any
    raw: bytes
    games_at: int
    end: int
    """Where the last entry's line ends in ``raw``."""
    prefix: Any
    """The hash of ``raw`` up to ``end`` (to go on with the new entry's line)."""


def _family(name: object) -> Family[Any, Any, Any] | None:
    return named(name) if isinstance(name, str) else None


def _valid(data: object) -> bool:
    if type(data) is not dict or data.get("format") != FORMAT_NAME:
        return False
    if data.get("version") != skatliste.__version__:
        return False
    ints = ("games_at", "end", "count")
    return all(type(data.get(k)) is int and data[k] >= 0 for k in ints) and (
        type(data.get("digest")) is str and type(data.get("state")) is dict
    )


def read(path: Path | str) -> Kept | None:
    """The list at ``path`` with its kept state, when the state file matches the list's bytes
    exactly (call under the list's lock); None when there is none that does."""
    import hashlib  # only where a state is read or written (measured: 2.3 ms of a start)

    path = path if isinstance(path, Path) else Path(path)
    try:
        # a state file that is a link is no state skatliste kept: not read (nor written)
        with open(_state_name(path), "rb", opener=_no_link) as f:
            data = json.loads(f.read())
    except (OSError, ValueError):
        return None
    if not _valid(data):
        return None
    family = _family(data.get("family"))
    if family is None:
        return None
    raw = read_bytes(path)
    games_at, end = data["games_at"], data["end"]
    view = memoryview(raw)
    prefix = hashlib.sha256(view[:end])
    whole = prefix.copy()
    whole.update(view[end:])
    if (
        whole.hexdigest() != data["digest"]
        or not raw.startswith(_GAMES, games_at - 1)
        or not raw.startswith(_END, end)
    ):
        return None
    try:
        header = json.loads(raw[: games_at - 2] + b"\n}")
        ledger: ListFile[Any] = ListFile(path, family, header)
        state = family.state_from_json(ledger.table, data["state"])
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    count = data["count"]
    if state is None or count < MIN_ENTRIES or family.state_count(state) not in (None, count):
        return None
    # the entries the state says it follows are the lines the list holds (one a line)
    if raw.count(b"\n    {", games_at - 1, end) != count:
        return None
    ledger.before = count
    return Kept(ledger, state, raw, games_at, end, prefix)


def _write(path: Path, family: Family[Any, Any, Any], state: Any, key: dict[str, Any]) -> None:
    data = {
        "format": FORMAT_NAME,
        "version": skatliste.__version__,
        "family": family.name,
        **key,
        "state": family.state_to_json(state),
    }
    try:
        atomic_write(
            state_path(path), json.dumps(data, ensure_ascii=False), durable=False, follow=False
        )
    except (LedgerError, OSError):
        # never required: a state that cannot be written (made read-only, say) is derived
        # again next time; the list itself is written already
        drop(path)


def drop(path: Path | str) -> None:
    """Remove the state file of the list at ``path``, if there is one; what cannot be
    removed (a folder of that name) is left: it is no state, and never read as one."""
    with contextlib.suppress(OSError):
        state_path(path).unlink(missing_ok=True)


def append(kept: Kept, entry: Any, state: Any) -> None:
    """Write ``entry`` after the list's last one (the bytes read, its line put in), then the
    state after it (call under the list's lock, the entry checked against ``kept.state``)."""
    ledger = kept.ledger
    line = (",\n    " + entry_line(ledger.family, entry)).encode()
    view = memoryview(kept.raw)
    pieces: list[bytes | memoryview] = [view[: kept.end], line, view[kept.end :]]
    atomic_write(ledger.path, pieces)
    digest = kept.prefix.copy()
    digest.update(line)
    digest.update(pieces[2])
    key = {
        "digest": digest.hexdigest(),
        "games_at": kept.games_at,
        "end": kept.end + len(line),
        "count": ledger.before + 1,
    }
    _write(ledger.path, ledger.family, state, key)


def keep(lst: ListFile[Any], raw: bytes | None = None, state: Any = None) -> None:
    """Write the state file of ``lst``, whose entries are those of ``raw`` (the bytes they were
    read from; else the file as it is on disk now, under the list's lock, just written) and
    ``state`` the family's state after them (derived here when None); none
    below :data:`MIN_ENTRIES` entries, or for a family that keeps no state, or for a file not
    laid out as the store writes it."""
    if lst.count < MIN_ENTRIES:
        drop(lst.path)
        return
    if state is None:
        state = lst.family.state(lst.table, lst.entries)
    if state is None:
        return
    raw = read_bytes(lst.path) if raw is None else raw
    games_at = raw.find(_GAMES) + 1
    end = raw.find(_END, games_at)
    if games_at <= 0 or end < 0:
        return
    try:
        header = json.loads(raw[: games_at - 2] + b"\n}")
    except ValueError:
        return
    if header != lst.header:
        return
    key = {"digest": _digest([raw]), "games_at": games_at, "end": end, "count": lst.count}
    _write(lst.path, lst.family, state, key)
