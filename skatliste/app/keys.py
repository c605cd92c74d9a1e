"""Who may write a list from the web page: one random key per list, kept beside it.

The key is a bearer secret: whoever holds it may enter games;
without it a page is read-only. It is made by ``secrets`` (192 bits, URL-safe), kept in
``LIST.json.key`` next to the list (readable by its owner only), shown again with
``skatliste serve --show-keys`` and replaced with ``--renew-key``. Compared in constant time.
A tournament keeps an organiser's key and one key per table of each series in ``keys.json`` in
its folder. A running server reads the key files again when they change (``KeyRing``). The
files are the store's (:mod:`skatliste.store.keys`).

An entry link carries a one-time pairing code instead of the key (``#pair=CODE``): the page
trades it for the key once (``redeem``), and the code is spent, so the browser's history
keeps a spent code only; the next link shown carries a fresh one. Each page (a target:
``list``, ``organiser``, ``S/T``, and ``/b`` for a second list) has one unspent code at a
time, kept in the keys file with the keys; a renewed key voids its codes. A link with the key
itself (``#key=``, as earlier versions printed) keeps working until the key is renewed.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError
from skatliste.store import tournament as store
from skatliste.store.files import locked
from skatliste.store.keys import (
    KEY_LEAST,
    LIST_TARGETS,
    Seat,
    key_path,
    read_list_file,
    read_list_key,
    read_tournament_file,
    read_tournament_keys,
    tournament_keys_path,
    write_list_key,
    write_tournament_keys,
)

__all__ = [
    "CODE_BYTES",
    "KEY_BYTES",
    "KEY_LEAST",
    "LIST_TARGETS",
    "KeyRing",
    "TournamentKeys",
    "key_matches",
    "key_path",
    "list_key",
    "new_code",
    "new_key",
    "pairing_codes",
    "read_list_file",
    "read_list_key",
    "read_tournament_file",
    "read_tournament_keys",
    "redeem",
    "tournament_keys",
    "tournament_keys_path",
]

KEY_BYTES = 24
"""Random bytes in a key: 192 bits, well above the 128 that guessing would have to beat."""


def new_key() -> str:
    """A fresh random key (URL-safe text, so it fits in a link)."""
    return secrets.token_urlsafe(KEY_BYTES)


CODE_BYTES = 9
"""Random bytes in a pairing code: 72 bits (12 characters, a small QR code), spent at its
first use and refused after a few wrong guesses a minute from one address."""


def new_code() -> str:
    """A fresh pairing code (URL-safe text)."""
    return secrets.token_urlsafe(CODE_BYTES)


def list_key(ledger_path: Path | str, *, renew: bool = False) -> tuple[str, bool]:
    """The list's key and whether it was made just now: read it, or make and keep a new one
    (always a new one with ``renew``; the old key stops working)."""
    path = key_path(ledger_path)
    with locked(path):
        if not renew:
            text = read_list_key(path)
            if text:
                return text, False
        key = new_key()
        write_list_key(path, key)
        return key, True


def key_matches(expected: str, given: str) -> bool:
    """The key given is the list's key (constant time, so timing tells nothing)."""
    return secrets.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))


@dataclass(frozen=True)
class TournamentKeys:
    """An organiser's key (writes every table's list) and one key per table of each series
    (writes that one list only: the QR code of series 1 table 1, still in a phone's history,
    cannot write series 2 table 1, where other players sit)."""

    organiser: str
    seats: dict[Seat, str]
    made: bool
    """Some key was made just now."""

    @property
    def tables(self) -> dict[int, str]:
        """The keys of the last drawn series' tables, by table number (its links are the ones
        to print now)."""
        last = max((s for s, _ in self.seats), default=1)
        return {t: k for (s, t), k in sorted(self.seats.items()) if s == last}


def _drawn_seats(folder: Path) -> list[Seat]:
    """Every (series, table) the tournament has drawn, none when there is no tournament."""
    try:
        t = store.load(folder)
    except LedgerError:
        return []
    return [(d.series, n) for d in t.draws for n in range(1, len(d.tables) + 1)]


def tournament_keys(
    folder: Path | str, tables: int | None = None, *, renew: bool = False
) -> TournamentKeys:
    """The keys of a tournament: read them, make those missing (every drawn series' tables,
    and with ``tables`` the first ``tables`` of the last drawn series), or all anew with
    ``renew``. Kept in ``keys.json``, readable by its owner only; a file of an earlier
    version is written anew, its old one kept as a backup."""
    folder = Path(folder)
    path = tournament_keys_path(folder)
    drawn = _drawn_seats(folder)
    last = max((s for s, _ in drawn), default=1)
    wanted = list(drawn) + [(last, n) for n in range(1, (tables or 0) + 1)]
    with locked(path):
        known_organiser, known, codes, old = (
            ("", {}, {}, False) if renew else read_tournament_file(path)
        )
        organiser = known_organiser or new_key()
        seats = dict(known)
        for seat in wanted:
            seats.setdefault(seat, new_key())
        made = organiser != known_organiser or seats != known
        if made or old:  # renewed: its codes are void with the keys
            write_tournament_keys(path, organiser, seats, codes=codes, backup=old)
        return TournamentKeys(organiser, seats, made)


def _target_key(target: str, organiser: str, seats: dict[Seat, str]) -> str:
    """The key a tournament's pairing code for ``target`` opens ("" when there is none)."""
    if target == "organiser":
        return organiser
    series, table = target.split("/")[:2]
    return seats.get((int(series), int(table)), "")


def pairing_codes(key_file: Path, targets: list[str], *, tournament: bool) -> dict[str, str]:
    """The unspent pairing code of each target with a key (made and kept now where there is
    none, in one write): ``key_file`` is a list's key file (targets ``list``, ``list/b``) or a
    tournament's ``keys.json`` (``organiser``, ``S/T``, ``S/T/b``)."""
    with locked(key_file):
        if tournament:
            organiser, seats, codes, old = read_tournament_file(key_file)
            keys = {t: _target_key(t, organiser, seats) for t in targets}
        else:
            key, codes = read_list_file(key_file)
            keys = {t: key for t in targets if t in LIST_TARGETS}
        wanted = [t for t, k in keys.items() if k]
        missing = [t for t in wanted if t not in codes]
        if missing:
            codes = {**codes, **{t: new_code() for t in missing}}
            if tournament:
                write_tournament_keys(key_file, organiser, seats, codes=codes, backup=old)
            else:
                write_list_key(key_file, key, codes)
        return {t: codes[t] for t in wanted}


def redeem(key_file: Path, target: str, code: str, *, tournament: bool) -> str | None:
    """Trade the pairing code of ``target`` for its key, once: the code is spent and a fresh
    one kept in its place (the next link shown carries it); None for a code that is not the
    target's unspent one (spent, unknown, or voided by a renewed key)."""
    with locked(key_file):
        if tournament:
            organiser, seats, codes, old = read_tournament_file(key_file)
            key = _target_key(target, organiser, seats)
        else:
            key, codes = read_list_file(key_file)
        current = codes.get(target, "")
        if not (key and current and key_matches(current, code)):
            return None
        codes = {**codes, target: new_code()}
        if tournament:
            write_tournament_keys(key_file, organiser, seats, codes=codes, backup=old)
        else:
            write_list_key(key_file, key, codes)
        return key


class KeyRing:
    """The keys a running server checks, read again from their file whenever it changes:
    ``--renew-key`` in another terminal revokes the old key at once. ``fixed`` keys (given
    with ``--key``) are kept as given."""

    def __init__(self, path: Path | None, read: Any, fixed: Any = None) -> None:
        self.path = path
        self._read = read
        self._stamp: tuple[int, int, int] | None = None
        self._value: Any = fixed
        self._fixed = fixed is not None

    def current(self) -> Any:
        """The keys now (the file's as last read; read again when its stamp changed)."""
        if self._fixed or self.path is None:
            return self._value
        try:
            st = os.stat(self.path)
            stamp: tuple[int, int, int] | None = (st.st_ino, st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = None
        if stamp != self._stamp or self._value is None:
            try:
                self._value = self._read(self.path)
            except LedgerError:
                if self._value is None:
                    raise
            self._stamp = stamp
        return self._value
