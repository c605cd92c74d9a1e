"""The keys kept for the web page: a list's key in ``LIST.json.key`` beside it (the key alone,
as text), a tournament's in ``keys.json`` in its folder, a format of its own (``FORMAT``): the
organiser's key and one key per (series, table). Both readable by their owner only, written
atomically under their lock.

Pairing codes (one-time codes an entry link carries instead of the key, which the page trades
for it) live in the same files: a list's as lines ``pair TARGET CODE`` after its key (a file
of one line, as earlier versions wrote it, has none yet), a tournament's under ``pairing``.

Version 3 of ``keys.json`` adds ``pairing`` (version 2 had none: read, it has none yet).
Version 2 keeps a key per (series, table) as ``"S/T"``; version 1 (no
``format``) kept one per table number, for every series: read, each becomes the key of that
table in the last drawn series (the printed QR codes of the series being played keep
working), and the file written back keeps a backup of the old one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError
from skatliste.fields import Const, Field, Keyed, Places, Record, Text, at
from skatliste.i18n import Message, msg
from skatliste.store import tournament
from skatliste.store.files import atomic_write, backup_path
from skatliste.store.formats import Format, read
from skatliste.store.locking import PRIVATE

KEY_LEAST = 16
"""The fewest characters a key has (one skatliste makes has 32): a shorter one, typed or kept
in a hand-made key file, is too easy to guess."""
FORMAT_NAME = "skatliste-keys"
FORMAT_VERSION = 3
PAIR = "pair"
"""The word that starts a pairing code's line in a list's key file."""
LIST_TARGETS = ("list", "list/b")
"""What a list's pairing code opens: its page, or its second list's page (``/b``); a
tournament's open the organiser's page (``organiser``), a table's (``S/T``) or its second
list's (``S/T/b``)."""
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
        Field(
            "pairing",
            Keyed(r"organiser|\d+/\d+(/b)?", "1/3", KEY),
            default={},
            doc='"organiser", "SERIES/TABLE" or "SERIES/TABLE/b": the unspent pairing code of '
            "that page's entry link",
        ),
    ),
    "A tournament's keys for the web page.",
)


def _unsafe(data: dict[str, Any]) -> Places:
    """A key too short to be safe, and a key another place holds already (a table with the
    organiser's key would write every list, two tables each other's), by their places."""
    keys = [("organiser", data["organiser"])]
    keys += [(at("tables", name), key) for name, key in data["tables"].items()]
    return _weak_or_shared(
        keys,
        lambda other: msg(
            "the same key as {other}: each table and the organiser have a key of their own; "
            "delete the file's line to have a new one made",
            other=other,
        ),
    )


def _weak_or_shared(keys: list[tuple[str, str]], shared: Callable[[str], Message]) -> Places:
    """Of ``(place, key)``: each key another place holds already (``shared`` says so, given
    the other's place) and each too short to be safe."""
    first: dict[str, str] = {}
    for where, key in keys:
        if key in first:
            yield (where, shared(first[key]))
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
        "version": 2,
        **{k: v for k, v in data.items() if k not in ("format", "version")},
        "organiser": data.get("organiser", ""),
        "tables": tables,
    }


def _from_version_2(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """Version 2: no pairing codes yet (the next entry link shown makes them)."""
    return {**data, "version": 3, "pairing": data.get("pairing", {})}


FORMAT = Format(
    FORMAT_NAME,
    FORMAT_VERSION,
    ROOT,
    "key file",
    rules=_unsafe,
    migrations={1: _from_version_1, 2: _from_version_2},
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
    return read_list_file(path)[0]


def read_list_file(path: Path) -> tuple[str, dict[str, str]]:
    """The key kept in a list's key file ``path`` and its unspent pairing codes by target
    ("", {} when there is none): the key on the first line, then ``pair TARGET CODE`` lines.
    A key shorter than :data:`KEY_LEAST`, or a line of neither kind, is refused."""
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return "", {}
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot read the key: {why}", path=path, why=exc.strerror or exc)
        ) from None
    key, *rest = text.splitlines() or [""]
    key = key.strip()
    if key:
        _refuse_short(path, key)
    codes: dict[str, str] = {}
    for number, line in enumerate(rest, start=2):
        parts = line.split()
        if len(parts) != 3 or parts[0] != PAIR or parts[1] not in LIST_TARGETS:
            raise LedgerError(
                msg(
                    "{path}: line {line}: {text} is no pairing code; write 'pair list CODE' "
                    "or delete the line (the page's link gets a new code)",
                    path=path,
                    line=number,
                    text=repr(line[:60]),
                )
            )
        codes[parts[1]] = parts[2]
    return key, codes


def write_list_key(path: Path, key: str, codes: dict[str, str] | None = None) -> None:
    """Keep a list's key and its pairing codes (the caller holds the lock), private from its
    first byte."""
    lines = [key, *(f"{PAIR} {target} {code}" for target, code in sorted((codes or {}).items()))]
    _make_private(path)
    atomic_write(path, "\n".join(lines) + "\n", what="key", mode=PRIVATE, follow=False)


def read_tournament_keys(path: Path) -> tuple[str, dict[Seat, str], bool]:
    """The organiser's key, the seats' keys kept in ``path``, and whether the file is of an
    earlier version ("", {}, False when there is none yet); refused with every problem."""
    organiser, seats, _, old = read_tournament_file(path)
    return organiser, seats, old


def read_tournament_file(path: Path) -> tuple[str, dict[Seat, str], dict[str, str], bool]:
    """:func:`read_tournament_keys` with the unspent pairing codes by target (``organiser``,
    ``S/T``, ``S/T/b``) third."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return "", {}, {}, False
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot read the keys: {why}", path=path, why=exc.strerror or exc)
        ) from None
    found = read(FORMAT, path, raw)
    seats: dict[Seat, str] = {}
    for name, key in found.data["tables"].items():
        series, _, table = name.partition("/")
        seats[(int(series), int(table))] = key
    codes = dict(found.data["pairing"])
    return found.data["organiser"], seats, codes, found.migrated(FORMAT)


def write_tournament_keys(
    path: Path,
    organiser: str,
    seats: dict[Seat, str],
    *,
    codes: dict[str, str] | None = None,
    backup: bool = False,
) -> None:
    """Keep a tournament's keys and pairing codes (the caller holds the lock); ``backup``:
    keep the file of an earlier version first, as it was."""
    if backup:
        atomic_write(backup_path(path), path.read_bytes(), what="key", mode=PRIVATE, follow=False)
    text = json.dumps(
        {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "organiser": organiser,
            "tables": {f"{s}/{t}": k for (s, t), k in sorted(seats.items())},
            "pairing": dict(sorted((codes or {}).items())),
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
    return _weak_or_shared(
        [(at("venues", name), key) for name, key in data["venues"].items()],
        lambda other: msg(
            "the same key as {other}: each venue has a key of its own; delete the file's line "
            "and add the venue again",
            other=other,
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
