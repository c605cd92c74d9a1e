"""Files: where a list lives (symlinks followed), atomic writes, the lock, backups, and the
guards that keep an export from replacing one of skatliste's own files.

Nothing here knows what a list holds: the list file is ``skatliste.store.lists``, the
tournament folder ``skatliste.store.tournament``.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError, NoList, json_reason, os_reason
from skatliste.fields import Pairs
from skatliste.i18n import Message, msg
from skatliste.store import locking
from skatliste.store.devices import into_device
from skatliste.store.locking import NOFOLLOW, PRIVATE

LOCK_TIMEOUT = 10.0  # seconds to wait for another terminal's write
lock_wait: contextvars.ContextVar[float | None] = contextvars.ContextVar("lock_wait", default=None)
"""Seconds to wait for the lock in this context instead of ``LOCK_TIMEOUT``: the web server
waits briefly and answers 409 (a phone retries), so no worker thread sleeps for 10 s."""
TOURNAMENT_FILE = "tournament.json"
"""The tournament file in its folder (named here, so that a season's reading tells a
tournament's folder from a list without loading the tournament's store)."""
"""The mode of the files that hold a secret (keys) or only serve this program (locks)."""


def no_results(path: Path, family: str) -> Message:
    """Why a list of a family that gives its players no result counts in no ranking."""
    return msg(
        "{path}: a list of {family} gives its players no list points and no games won or "
        "lost, so no tournament, season or league counts it",
        path=str(path),
        family=family,
    )


class ListBusy(LedgerError):
    """Another program holds the list's lock longer than we wait."""


def now() -> str:
    """The time stamp stored with each entry (UTC, ISO 8601, seconds)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


UTF8_BOM = b"\xef\xbb\xbf"
"""The byte order mark some editors put before UTF-8 text: read past, never written."""


def without_bom(raw: bytes) -> bytes:
    """A file's bytes without the editor's byte order mark (JSON has none: RFC 8259 §8.1 lets
    a reader ignore it); the next write leaves it off."""
    return raw[3:] if raw.startswith(UTF8_BOM) else raw


def read_bytes(path: Path | str) -> bytes:
    """The list's bytes, or the reason there are none."""
    try:
        with open(path, "rb") as f:  # no path object: a tournament reads 750 lists
            return f.read()
    except FileNotFoundError:
        raise NoList(msg("{path}: no list here", path=str(path)), str(path)) from None
    except IsADirectoryError:
        raise LedgerError(
            msg("{path}: is a directory, not a ledger file", path=str(path))
        ) from None
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot read: {why}", path=str(path), why=exc.strerror or str(exc))
        ) from None


def real_path(path: Path | str) -> Path:
    """The file a list path names, symlinks followed: a list linked into a shared or cloud
    folder is written there, and the link stays a link."""
    return Path(os.path.realpath(path))


def lock_path(path: Path | str) -> Path:
    """The lock file: beside the real list, so every link to it shares one lock."""
    real = real_path(path)
    return real.with_name(real.name + ".lock")


def _known_cause(code: int, folder: Path) -> Message | None:
    """The words for a reason the machine gives often, or None."""
    if code == errno.ENOENT:
        return msg(
            "the folder {folder} does not exist (skatliste creates no folders: create it first, "
            "or name a file in another folder)",
            folder=str(folder),
        )
    if code == errno.ENOTDIR:
        return msg("{folder} is not a folder", folder=str(folder))
    if code in (errno.EACCES, errno.EPERM):
        return msg("no permission to write in the folder {folder}", folder=str(folder))
    if code == errno.EROFS:
        return msg("the folder {folder} is on a read-only file system", folder=str(folder))
    return None


NAMES: dict[str, Message] = {
    "ledger": msg("ledger"),
    "file": msg("file"),
    "list": msg("list"),
    "key": msg("key"),
    "key file": msg("key file"),
    "lock file": msg("lock file"),
    "state file": msg("state file"),
    "requests file": msg("file of the answers to repeated entries"),
    "backup of a list": msg("backup of a list"),
    "tournament file": msg("tournament file"),
    "league file": msg("league file"),
    "season file": msg("season file"),
    "publish file": msg("publish file"),
    "venue report": msg("venue report"),
}
"""What a file skatliste keeps is called in messages (``what``, ``kind``)."""


# JSON lets an object hold a key twice and Python's reader keeps the last value: a hand edit
# that adds `"augen": 20` after `"augen": 91` would silently win. The readers refuse it.


def json_object(
    raw: bytes,
    kind: str,
    name: str,
    known: int,
    *,
    pairs: Pairs | None = None,
    unnamed: bool = False,
) -> dict[str, Any] | Message:
    """A folder file's JSON object (``kind``: one of ``NAMES``, ``name``: its format), or what
    is wrong with it: not UTF-8, not JSON (with line and column), a number or a nesting too
    long, another format (``unnamed``: a file that names no format is taken, an early
    version), a version newer than ``known``. ``pairs`` notes each object that holds a key
    twice, for the reader to refuse with its place."""
    called = NAMES[kind]
    hook = None if pairs is None else pairs.hook
    try:
        data = json.loads(without_bom(raw).decode("utf-8"), object_pairs_hook=hook)
    except UnicodeDecodeError:
        return msg("not a {kind} (not UTF-8 text)", kind=called)
    except json.JSONDecodeError as err:
        return msg(
            "line {line} column {column}: not valid JSON ({why})",
            line=err.lineno,
            column=err.colno,
            why=json_reason(err.msg),
        )
    except (ValueError, RecursionError):  # a number of 4,300 digits, a nesting too deep
        return msg("not valid JSON (a number or a nesting too long)")
    if not isinstance(data, dict) or data.get("format", name if unnamed else None) != name:
        return msg('not a {kind} (no "format": "{name}")', kind=called, name=name)
    version = data.get("version")
    if type(version) is int and version > known:
        return msg(
            "format version {version} is newer than this skatliste understands (version "
            "{known}); update skatliste",
            version=version,
            known=known,
        )
    return data


def _cause(exc: OSError, folder: Path) -> Message:
    """The real reason a file cannot be made in ``folder``, in words."""
    known = _known_cause(exc.errno or 0, folder)
    if exc.errno == errno.ENOENT and folder.is_dir():
        # the folder is there but makes no files (/proc, /sys): not a missing folder
        return msg(
            "the folder {folder} takes no new files ({why}); name a file in another folder",
            folder=str(folder),
            why=exc.strerror or "",
        )
    if known is not None:
        return known
    return msg(
        "cannot write in the folder {folder}: {why}",
        folder=str(folder),
        why=exc.strerror or str(exc),
    )


def _check_folder(path: Path, real: Path | None = None) -> None:
    """Refuse at once, with the cause, a file whose folder cannot hold it (``real``: the
    file's real path, when the caller has it already)."""
    folder = (real_path(path) if real is None else real).parent
    try:
        if stat.S_ISDIR(os.stat(folder).st_mode):
            return  # the usual case: one look
    except OSError:
        pass
    if not folder.exists():
        # a missing folder: say which one (a file on the way reads as 'not a folder')
        probe = folder
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            raise LedgerError(
                msg(
                    "{path}: {folder} is a file, not a folder; nothing written",
                    path=str(path),
                    folder=str(probe),
                )
            )
        cause = _known_cause(errno.ENOENT, folder)
        raise LedgerError(msg("{path}: {why}", path=str(path), why=cause))
    if not folder.is_dir():
        raise LedgerError(
            msg(
                "{path}: {folder} is a file, not a folder; nothing written",
                path=str(path),
                folder=str(folder),
            )
        )


def _umask() -> int:
    """The process's umask: Linux tells it without changing it (safe beside other threads)."""
    try:
        status = Path("/proc/self/status").read_text()
        return int(status.split("Umask:", 1)[1].split()[0], 8)
    except (OSError, IndexError, ValueError):
        mask = os.umask(0o022)
        os.umask(mask)
        return mask


def check_writable(path: Path | str, real: Path, what: str) -> None:
    """Refuse to replace a file its owner made read-only (``chmod a-w``): that says 'keep'."""
    try:
        mode = real.stat().st_mode
    except OSError:
        return
    if not mode & 0o222 or not os.access(real, os.W_OK):
        raise LedgerError(
            msg(
                "{path}: read-only ({what}, mode {mode}); nothing written. Allow changes with "
                "'chmod u+w {real}'",
                path=str(path),
                what=NAMES[what],
                mode=f"{mode & 0o777:o}",
                real=str(real),
            )
        )


def _kept_mode(real: Path) -> int:
    """The mode a file there has (a link not followed: a new file's), else a new file's."""
    try:
        found = real.lstat()
    except OSError:
        return 0o666 & ~_umask()
    return 0o666 & ~_umask() if stat.S_ISLNK(found.st_mode) else found.st_mode & 0o7777


_committed: list[str] = []
"""Every file this process has replaced, in turn (``atomic_write``): the edge tells a command
that has saved from one that has not when its answer then cannot be written."""


def committed() -> int:
    """How many files this process has written so far (``_committed``)."""
    return len(_committed)


def committed_since(start: int) -> list[str]:
    """The files written since ``committed()`` was ``start``, each once."""
    return list(dict.fromkeys(_committed[start:]))


def atomic_write(
    path: Path,
    text: str | bytes | Sequence[bytes | memoryview],
    *,
    what: str = "ledger",
    durable: bool = True,
    mode: int | None = None,
    follow: bool = True,
) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new, never half.

    Temp file in the real file's folder (symlinks followed), fsync, ``os.replace``, fsync of
    the folder. The file keeps its mode; a new file gets the mode the umask gives (0644 with
    the usual 022), not the temp file's 0600. ``text`` may be pieces of bytes, written in
    turn (a long list is never copied whole in memory). ``mode`` sets the new file's mode
    whatever the old one had (``PRIVATE`` for a key). Without ``follow`` (a file skatliste
    keeps beside a list: its state, its key, a backup) a link there is replaced by the file
    itself, and what it led to is left as it was: a link planted in a shared folder never
    makes skatliste overwrite another file.
    """
    real = real_path(path) if follow or not os.path.islink(path) else Path(path)
    folder = real.parent
    if real.is_dir():
        raise LedgerError(
            msg(
                "{path}: is a directory, not a file ({what}); nothing written",
                path=str(path),
                what=NAMES[what],
            )
        )
    check_writable(path, real, what)
    if mode is None:
        mode = _kept_mode(real)
    tmp_name: str | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{real.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            if isinstance(text, str):
                fh.write(text.encode("utf-8"))
            elif isinstance(text, bytes):
                fh.write(text)
            else:
                for piece in text:
                    fh.write(piece)
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp_name, real)
        tmp_name = None
        _committed.append(str(path))
        if durable:
            with contextlib.suppress(OSError):
                dir_fd = os.open(folder, os.O_RDONLY)
                try:
                    os.fsync(dir_fd)
                finally:
                    os.close(dir_fd)
    except OSError as exc:
        cause: object = os_reason(exc)
        if exc.errno in (errno.ENOTDIR, errno.EACCES, errno.EPERM, errno.EROFS):
            cause = _cause(exc, folder)
        raise LedgerError(
            msg(
                "{path}: cannot write: {why}; left as it was ({what})",
                path=str(path),
                why=cause,
                what=NAMES[what],
            )
        ) from None
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


_LIST_HEADER = re.compile(rb'"format"\s*:\s*"skatliste"')
_TOURNAMENT_HEADER = re.compile(rb'"format"\s*:\s*"skatliste-tournament"')
_LEAGUE_HEADER = re.compile(rb'"format"\s*:\s*"skatliste-league"')
_SEASON_HEADER = re.compile(rb'"format"\s*:\s*"skatliste-season"')


def is_list(path: Path | str) -> bool:
    """Does ``path`` hold a skatliste list (its header says so)?"""
    return _head_matches(path, _LIST_HEADER)


def _head_matches(path: Path | str, header: re.Pattern[bytes]) -> bool:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a pipe is not read (nor waited on)
            return False
        with open(path, "rb") as fh:
            head = fh.read(1 << 16)
    except OSError:
        return False
    return header.search(head) is not None


def skatliste_file(path: Path | str) -> str | None:
    """What skatliste keeps in ``path`` (symlinks followed), in words, or None for a file
    that is not skatliste's: a list or a tournament file by its header; a key file, a lock
    file, a list's state file, its answers to repeated entries or a backup by its name.

    >>> skatliste_file("x/abend.json.key"), skatliste_file("x/abend.json.lock")
    ('key file', 'lock file')
    """
    real = real_path(path)
    name = real.name
    if name.endswith(".json.key") or (
        name == "keys.json" and (real.parent / "tournament.json").exists()
    ):
        return "key file"
    if name.endswith((".json.lock", ".json.requests.lock")):
        return "lock file"
    if name.endswith((".json.state", ".json.serving")) or (
        name == "serving.json" and (real.parent / "tournament.json").exists()
    ):
        return "state file"
    if name.endswith(".json.requests"):
        return "requests file"
    if is_list(real):
        return "backup of a list" if name.endswith(".bak") else "list"
    if _head_matches(real, _TOURNAMENT_HEADER):
        return "tournament file"
    if _head_matches(real, _LEAGUE_HEADER):
        return "league file"
    if _head_matches(real, _SEASON_HEADER):
        return "season file"
    return None


def refuse_list_target(output: Path | str, *, lists: Sequence[Path | str] = ()) -> None:
    """Refuse an output file that is one of skatliste's own: one of ``lists`` (paths compared
    with symlinks followed), or any list, tournament file, cache, key file, lock file,
    backup or a list's state file (``skatliste_file``). Every command's output path goes
    through here."""
    real = real_path(output)
    for ledger in lists:
        if real == real_path(ledger):
            raise LedgerError(
                msg(
                    "{output}: this is the list {ledger} itself; writing there would replace "
                    "the evening. Nothing written: give another file, e.g. evening.csv",
                    output=str(output),
                    ledger=str(ledger),
                )
            )
    kind = skatliste_file(real)
    if kind is not None:
        link: object = ""
        if real != Path(os.path.abspath(output)):
            link = msg(" (a link to {target})", target=str(real))
        raise LedgerError(
            msg(
                "{output}{link}: is a skatliste {kind}; writing there would replace it. Nothing "
                "written: give another file",
                output=str(output),
                link=link,
                kind=NAMES[kind],
            )
        )


def write_output(path: Path | str, text: str | bytes, *, lists: Sequence[Path | str] = ()) -> None:
    """Write an export (CSV, HTML, ...) atomically, but never onto a skatliste file."""
    path = Path(path)
    refuse_list_target(path, lists=lists)
    if into_device(path, text):
        return
    _check_folder(path)
    atomic_write(path, text, what="file")


def _wait() -> float:
    """Seconds to wait for a lock here: the context's ``lock_wait``, else ``LOCK_TIMEOUT``."""
    given = lock_wait.get()
    return LOCK_TIMEOUT if given is None else min(given, LOCK_TIMEOUT)


def _busy(path: Path) -> Message:
    return msg(
        "{path}: another skatliste is writing this ledger (waited {seconds} s); try again",
        path=str(path),
        seconds=f"{_wait():.0f}",
    )


def _open_lock(lock_file: Path, path: Path) -> int:
    """The lock file opened (made if missing, mode 0600), never through a link: a link
    planted there is refused, a folder we cannot write in is named at once (not blamed on
    another writer after the timeout). A lock file an earlier version made 0644 is made
    0600 (another user's lock file stays theirs)."""
    try:
        fd = os.open(lock_file, os.O_RDWR | os.O_CREAT | NOFOLLOW, PRIVATE)
    except OSError as exc:
        if os.path.islink(lock_file):  # O_NOFOLLOW on a link: ELOOP
            raise LedgerError(
                msg(
                    "{path}: its lock file {lock} is a symbolic link, which skatliste does "
                    "not follow; remove the link and try again; nothing written",
                    path=str(path),
                    lock=str(lock_file),
                )
            ) from None
        raise LedgerError(
            msg("{path}: {why}; nothing written", path=str(path), why=_cause(exc, lock_file.parent))
        ) from None
    if os.fstat(fd).st_mode & 0o077:
        with contextlib.suppress(OSError):
            os.fchmod(fd, PRIVATE)
    return fd


@contextlib.contextmanager
def locked(path: Path | str) -> Iterator[None]:
    """Hold the list's exclusive lock (``NAME.lock`` beside the real file) while reading,
        changing and writing. A folder that cannot hold the list is refused at once, with the
        cause; a lock file made for a list that still does not exist is removed again. The lock
        file is its owner's only (mode 0600, a wider one made so); the temp files a crash left
        beside the list are removed once the lock is held (no one else can be writing them), on
    this process's first lock of the file. What ``on_lock`` holds runs first, given the real
    path."""
    path = Path(path)
    real = real_path(path)  # once: every name below is made from it
    _check_folder(path, real)
    lock_file = real.with_name(real.name + ".lock")
    made = not os.path.lexists(lock_file)
    fd = _open_lock(lock_file, path)  # the one open: the lock holds this descriptor
    hold = locking.flock if os.name == "posix" else locking.file_lock
    start = committed()
    try:
        with hold(lock_file, _wait(), lambda: ListBusy(_busy(path)), opened=fd):
            if str(lock_file) not in _cleaned:  # a crash ends the process: once per file
                remove_stale_temp_files(real)
                _cleaned.add(str(lock_file))
            for settle in on_lock:
                settle(real)
            try:
                yield
            finally:
                # a lock file made for a change that wrote nothing (refused, or a list that
                # cannot be read) goes again while still held: a refusal leaves every file
                # as it was; one who waits on it sees it gone and locks the new one
                if made and (committed() == start or not os.path.exists(real)):
                    with contextlib.suppress(OSError):
                        lock_file.unlink()
    except PermissionError as exc:
        raise LedgerError(
            msg("{path}: cannot lock: {why}", path=str(path), why=exc.strerror or str(exc))
        ) from None


@contextlib.contextmanager
def held(lock_file: Path, path: Path) -> Iterator[None]:
    """Hold the lock ``lock_file`` of a file skatliste keeps beside a list (its answers to
    repeated entries), ``path`` named in messages: the lock alone, nothing run first (the
    list's own lock settles what needs settling)."""
    fd = _open_lock(lock_file, path)
    hold = locking.flock if os.name == "posix" else locking.file_lock
    try:
        with hold(lock_file, _wait(), lambda: ListBusy(_busy(path)), opened=fd):
            yield
    except PermissionError as exc:
        raise LedgerError(
            msg("{path}: cannot lock: {why}", path=str(path), why=exc.strerror or str(exc))
        ) from None


on_lock: list[Callable[[Path], None]] = []
"""What runs first under every lock of a file, given the real path locked: ``store.requests``
settles the keyed writes a killed server left open (before anyone else may change the file,
so that what changed since a key was opened was written by that key's request)."""

_cleaned: set[str] = set()
"""The files whose stale temp files this process has removed already (the first lock of each
file in a process does it; a crash that leaves one ends its process)."""


def remove_stale_temp_files(path: Path | str) -> list[Path]:
    """Remove the temp files ``atomic_write`` of this very file left when the program was
    killed mid-write (``.NAME.XXXXXXXX.tmp`` beside the real file); the caller holds the
    file's lock, so none of them is being written. Returns those removed."""
    real = real_path(path)
    stale = re.compile(rf"^\.{re.escape(real.name)}\.[A-Za-z0-9_]{{8}}\.tmp$")
    removed: list[Path] = []
    try:
        names = os.listdir(real.parent)
    except OSError:
        return removed
    for name in names:
        if stale.match(name):
            with contextlib.suppress(OSError):
                os.unlink(real.parent / name)
                removed.append(real.parent / name)
    return removed


def backup_path(path: Path | str) -> Path:
    """Where ``new --force`` keeps the list it replaces: ``NAME.json.bak`` beside the real
    file, or a time-stamped name when that exists already."""
    real = real_path(path)
    first = real.with_name(real.name + ".bak")
    if not first.exists():
        return first
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    candidate = real.with_name(f"{real.name}.{stamp}.bak")
    n = 1
    while candidate.exists():
        n += 1
        candidate = real.with_name(f"{real.name}.{stamp}-{n}.bak")
    return candidate


# --- a folder's file (a season's, a league's) ----------------------------------------------


def read_folder_file(path: Path, missing: LedgerError) -> bytes:
    """The bytes of a folder's file (a tournament's, a season's, a league's): ``missing`` where
    there is none, the reason where it cannot be read."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise missing from None
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot read: {why}", path=str(path), why=exc.strerror or str(exc))
        ) from None


def one_item_a_line(data: Mapping[str, object], listed: Collection[str]) -> str:
    """A folder's file as text: its fields in order, each list of ``listed`` one item a line
    (a hand edit touches one line, a diff shows one)."""
    one = json.JSONEncoder(ensure_ascii=False).encode
    out = []
    for key, value in data.items():
        if key in listed and isinstance(value, list) and value:
            inner = ",\n    ".join(one(v) for v in value)
            text = f"[\n    {inner}\n  ]"
        else:
            text = one(value)
        out.append(f"  {one(key)}: {text}")
    return "{\n" + ",\n".join(out) + "\n}\n"


def new_folder_file(path: Path, write: Callable[[], None], exists: Message) -> None:
    """Make the folder of ``path`` (and its parents), then ``write`` the new file under its
    lock; refuse (``exists``) where there is one already, and a folder that cannot be made."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LedgerError(
            msg(
                "{path}: cannot create the folder: {why}",
                path=str(path.parent),
                why=exc.strerror or str(exc),
            )
        ) from None
    with locked(path):
        if path.exists():
            raise LedgerError(exists)
        write()
