"""Who may write a list from the web page: one random key per list, kept beside it.

The key is a bearer secret: whoever holds the entry link (it carries the key) may enter games;
without it a page is read-only. It is made by ``secrets`` (192 bits, URL-safe), kept in
``LIST.json.key`` next to the list (readable by its owner only), shown again with
``skatliste serve --show-keys`` and replaced with ``--renew-key``. Compared in constant time.
A tournament keeps an organiser's key and one key per table of each series in ``keys.json`` in
its folder. A running server reads the key files again when they change (``KeyRing``).
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
    from skatliste.store.files import PRIVATE, atomic_write, locked

    path = key_path(ledger_path)
    with locked(path):
        if not renew:
            text = read_list_key(path)
            if text:
                return text, False
        key = new_key()
        _make_private(path)  # private from its first byte
        atomic_write(
            path, key + "\n", what="key", mode=PRIVATE, follow=False
        )  # even where it was 0644
        return key, True


KEY_LEAST = 16
"""The fewest characters a key has (one skatliste makes has 32): a shorter one, typed or kept
in a hand-made key file, is too easy to guess."""


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
    _refuse_short(path, [text] if text else [])
    return text


def _refuse_short(path: Path, keys: list[str]) -> None:
    if any(len(k) < KEY_LEAST for k in keys):
        raise LedgerError(
            msg(
                "{path}: holds a key of fewer than {least} characters, too easy to guess: make "
                "a new one (the old one stops working)",
                path=path,
                least=KEY_LEAST,
            )
        )


def key_matches(expected: str, given: str) -> bool:
    """The key given is the list's key (constant time, so timing tells nothing)."""
    return secrets.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))


Seat = tuple[int, int]
"""A table of a series: (series, table)."""


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


KEYS_FORMAT = "skatliste-keys"
KEYS_VERSION = 2
"""Version 2 keeps a key per (series, table) as ``"S/T"``; version 1 (no ``format``) kept one
per table number, for every series: read, each becomes the key of that table in the last
drawn series (the printed QR codes of the series being played keep working)."""


def tournament_keys_path(folder: Path | str) -> Path:
    """Where a tournament's keys live: ``keys.json`` in its folder."""
    return Path(folder) / "keys.json"


def _drawn_seats(folder: Path) -> list[Seat]:
    """Every (series, table) the tournament has drawn, none when there is no tournament."""
    from skatliste.store import tournament as store

    try:
        t = store.load(folder)
    except LedgerError:
        return []
    return [(d.series, n) for d in t.draws for n in range(1, len(d.tables) + 1)]


def read_tournament_keys(path: Path) -> tuple[str, dict[Seat, str]]:
    """The organiser's key and the seats' keys kept in ``path`` ("", {} when there is none
    yet); a version-1 file's table keys are given as (0, T), for the caller to place."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return "", {}
    except (OSError, ValueError) as exc:
        raise LedgerError(msg("{path}: cannot read the keys: {why}", path=path, why=exc)) from None
    bad = LedgerError(
        msg(
            "{path}: cannot read the keys: {why}",
            path=path,
            why=msg("not the keys skatliste keeps (renew them with --renew-key)"),
        )
    )
    if not isinstance(data, dict):
        raise bad
    organiser = data.get("organiser", "")
    tables = data.get("tables", {})
    if not isinstance(organiser, str) or not isinstance(tables, dict):
        raise bad
    seats: dict[Seat, str] = {}
    for name, key in tables.items():
        series, _, table = str(name).rpartition("/")
        if not isinstance(key, str) or not table.isdigit() or not (series or "0").isdigit():
            raise bad
        seats[(int(series or 0), int(table))] = key
    _refuse_short(path, [k for k in (organiser, *seats.values()) if k])
    return organiser, seats


def tournament_keys(
    folder: Path | str, tables: int | None = None, *, renew: bool = False
) -> TournamentKeys:
    """The keys of a tournament: read them, make those missing (every drawn series' tables,
    and with ``tables`` the first ``tables`` of the last drawn series), or all anew with
    ``renew``. Kept in ``keys.json``, readable by its owner only."""
    import json

    from skatliste.store.files import PRIVATE, atomic_write, locked

    folder = Path(folder)
    path = tournament_keys_path(folder)
    drawn = _drawn_seats(folder)
    last = max((s for s, _ in drawn), default=1)
    wanted = list(drawn) + [(last, n) for n in range(1, (tables or 0) + 1)]
    with locked(path):
        known_organiser, known = ("", {}) if renew else read_tournament_keys(path)
        old = {(last if s == 0 else s, t): k for (s, t), k in known.items()}
        organiser = known_organiser or new_key()
        seats = dict(old)
        for seat in wanted:
            seats.setdefault(seat, new_key())
        made = organiser != known_organiser or seats != known
        if made:
            text = json.dumps(
                {
                    "format": KEYS_FORMAT,
                    "version": KEYS_VERSION,
                    "organiser": organiser,
                    "tables": {f"{s}/{t}": k for (s, t), k in sorted(seats.items())},
                },
                indent=2,
            )
            _make_private(path)
            atomic_write(path, text + "\n", what="key", mode=PRIVATE, follow=False)
        return TournamentKeys(organiser, seats, made)


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
