"""The keys kept for the web page: a list's key in ``LIST.json.key`` beside it (the key alone,
as text), a tournament's in ``keys.json`` in its folder, a format of its own (``FORMAT``): the
organiser's key and one key per (series, table). Both readable by their owner only, written
atomically under their lock.

Version 2 of ``keys.json`` keeps a key per (series, table) as ``"S/T"``; version 1 (no
``format``) kept one per table number, for every series: read, each becomes the key of that
table in the last drawn series (the printed QR codes of the series being played keep
working), and the file written back keeps a backup of the old one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError
from skatliste.fields import Const, Field, Keyed, Places, Record, Text, at
from skatliste.i18n import msg
from skatliste.store import tournament
from skatliste.store.files import atomic_write, backup_path
from skatliste.store.formats import Format, read
from skatliste.store.locking import PRIVATE

KEY_LEAST = 16
"""The fewest characters a key has (one skatliste makes has 32): a shorter one, typed or kept
in a hand-made key file, is too easy to guess."""
FORMAT_NAME = "skatliste-keys"
FORMAT_VERSION = 2
FILE_NAME = "keys.json"

Seat = tuple[int, int]
"""A table of a series: (series, table)."""

KEY = Text(min_length=1)
ROOT = Record(
    "keys",
    (
        Field("format", Const(FORMAT_NAME)),
        Field("version", Const(FORMAT_VERSION)),
        Field("organiser", KEY, doc="writes every table's list"),
        Field("tables", Keyed(r"\d+/\d+", "1/3", KEY), doc='"SERIES/TABLE": that list\'s key'),
    ),
    "A tournament's keys for the web page.",
)


def _unsafe(data: dict[str, Any]) -> Places:
    """A key too short to be safe, and a key another place holds already (a table with the
    organiser's key would write every list, two tables each other's), by their places."""
    keys = [("organiser", data["organiser"])]
    keys += [(at("tables", name), key) for name, key in data["tables"].items()]
    first: dict[str, str] = {}
    for where, key in keys:
        if key in first:
            yield (
                where,
                msg(
                    "the same key as {other}: each table and the organiser have a key of their "
                    "own; delete the file's line to have a new one made",
                    other=first[key],
                ),
            )
        first.setdefault(key, where)
        if len(key) < KEY_LEAST:
            yield (
                where,
                msg(
                    "a key of fewer than {least} characters, too easy to guess: make a new one "
                    "(the old one stops working)",
                    least=KEY_LEAST,
                ),
            )


def _last_series(path: Path) -> int:
    """The tournament's last drawn series (1 when none is drawn, or there is no tournament)."""
    try:
        t = tournament.load(path.parent)
    except LedgerError:
        return 1
    return max((d.series for d in t.draws), default=1)


def _from_version_1(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """Version 1: a key per table number, for every series; each becomes the key of that
    table in the last drawn series. What is not of version 1 is left for the check to name."""
    tables = data.get("tables", {})
    if isinstance(tables, dict):
        last = _last_series(path)
        tables = {(f"{last}/{t}" if str(t).isdigit() else t): k for t, k in tables.items()}
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        **{k: v for k, v in data.items() if k not in ("format", "version")},
        "organiser": data.get("organiser", ""),
        "tables": tables,
    }


FORMAT = Format(
    FORMAT_NAME,
    FORMAT_VERSION,
    ROOT,
    "key file",
    rules=_unsafe,
    migrations={1: _from_version_1},
    unnamed=1,
)
"""A tournament's ``keys.json``."""


def key_path(ledger_path: Path | str) -> Path:
    """Where a list's key lives: beside the list, ``NAME.json.key``."""
    path = Path(ledger_path)
    return path.with_name(path.name + ".key")


def tournament_keys_path(folder: Path | str) -> Path:
    """Where a tournament's keys live: ``keys.json`` in its folder."""
    return Path(folder) / FILE_NAME


def _refuse_short(path: Path, key: str) -> None:
    if len(key) < KEY_LEAST:
        raise LedgerError(
            msg(
                "{path}: holds a key of fewer than {least} characters, too easy to guess: make "
                "a new one (the old one stops working)",
                path=path,
                least=KEY_LEAST,
            )
        )


def read_list_key(path: Path) -> str:
    """The key kept in a list's key file ``path`` ("" when there is none); a key file with a
    key shorter than :data:`KEY_LEAST` is refused."""
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return ""
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot read the key: {why}", path=path, why=exc.strerror or exc)
        ) from None
    if text:
        _refuse_short(path, text)
    return text


def write_list_key(path: Path, key: str) -> None:
    """Keep a list's key (the caller holds the lock), private from its first byte."""
    _make_private(path)
    atomic_write(path, key + "\n", what="key", mode=PRIVATE, follow=False)  # even if 0644


def read_tournament_keys(path: Path) -> tuple[str, dict[Seat, str], bool]:
    """The organiser's key, the seats' keys kept in ``path``, and whether the file is of an
    earlier version ("", {}, False when there is none yet); refused with every problem."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return "", {}, False
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot read the keys: {why}", path=path, why=exc.strerror or exc)
        ) from None
    found = read(FORMAT, path, raw)
    seats: dict[Seat, str] = {}
    for name, key in found.data["tables"].items():
        series, _, table = name.partition("/")
        seats[(int(series), int(table))] = key
    return found.data["organiser"], seats, found.migrated(FORMAT)


def write_tournament_keys(
    path: Path, organiser: str, seats: dict[Seat, str], *, backup: bool = False
) -> None:
    """Keep a tournament's keys (the caller holds the lock); ``backup``: keep the file of an
    earlier version first, as it was."""
    if backup:
        atomic_write(backup_path(path), path.read_bytes(), what="key", mode=PRIVATE, follow=False)
    text = json.dumps(
        {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "organiser": organiser,
            "tables": {f"{s}/{t}": k for (s, t), k in sorted(seats.items())},
        },
        indent=2,
    )
    _make_private(path)
    atomic_write(path, text + "\n", what="key", mode=PRIVATE, follow=False)


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


# --- a league's keys: one per venue of a match day played at several --------------------------

LEAGUE_FORMAT_NAME = "skatliste-league-keys"
LEAGUE_FORMAT_VERSION = 1

VenueSeat = tuple[int, str]
"""A venue of a match day: (day, venue name as the league file has it)."""

LEAGUE_ROOT = Record(
    "league keys",
    (
        Field("format", Const(LEAGUE_FORMAT_NAME)),
        Field("version", Const(LEAGUE_FORMAT_VERSION)),
        Field(
            "venues",
            Keyed(r"\d+/.+", "2/Kiel", KEY),
            doc='"DAY/VENUE": the key that venue signs its report with',
        ),
    ),
    "A league's keys: the venue keys the league official hands out.",
)


def _unsafe_venues(data: dict[str, Any]) -> Places:
    """A venue key too short to be safe, or one another venue holds already."""
    first: dict[str, str] = {}
    for name, key in data["venues"].items():
        where = at("venues", name)
        if key in first:
            yield (
                where,
                msg(
                    "the same key as {other}: each venue has a key of its own; delete the "
                    "file's line and add the venue again",
                    other=first[key],
                ),
            )
        first.setdefault(key, where)
        if len(key) < KEY_LEAST:
            yield (
                where,
                msg(
                    "a key of fewer than {least} characters, too easy to guess: make a new one "
                    "(the old one stops working)",
                    least=KEY_LEAST,
                ),
            )


LEAGUE_FORMAT = Format(
    LEAGUE_FORMAT_NAME, LEAGUE_FORMAT_VERSION, LEAGUE_ROOT, "key file", rules=_unsafe_venues
)
"""A league's ``keys.json``."""


def read_league_keys(path: Path) -> dict[VenueSeat, str]:
    """The venue keys kept in a league's ``path`` (none when there is no file yet); refused
    with every problem."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot read the keys: {why}", path=path, why=exc.strerror or exc)
        ) from None
    out: dict[VenueSeat, str] = {}
    for name, key in read(LEAGUE_FORMAT, path, raw).data["venues"].items():
        day, _, venue = name.partition("/")
        out[(int(day), venue)] = key
    return out


def write_league_keys(path: Path, keys: dict[VenueSeat, str]) -> None:
    """Keep a league's venue keys (the caller holds the league's lock), private."""
    venues = {f"{d}/{v}": k for (d, v), k in sorted(keys.items())}
    text = json.dumps(
        {"format": LEAGUE_FORMAT_NAME, "version": LEAGUE_FORMAT_VERSION, "venues": venues},
        indent=2,
        ensure_ascii=False,
    )
    _make_private(path)
    atomic_write(path, text + "\n", what="key", mode=PRIVATE, follow=False)
