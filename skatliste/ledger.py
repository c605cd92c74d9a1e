"""The JSON ledger: one file per list, facts only; load, validate, save atomically under a lock.

The pydantic models below are the single definition of the file format (``skatliste schema``
prints them as JSON Schema). pydantic is imported here and only here, so commands that do not
read a ledger (``value``, ``bids``) never pay for it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from skatliste.errors import LedgerError
from skatliste.games import Declaration, GameType, Outcome, PaperValue
from skatliste.rules import MAX_BID, MAX_BOCK, MAX_PUSHES, MAX_SPITZEN, MIN_BID, TOTAL_AUGEN
from skatliste.rulesets import OPTIONS, PRESETS, RuleSet, build_rule_set
from skatliste.sheet import Entry, GameEntry, PassedEntry, RamschEntry, Table

FORMAT_NAME: Final = "skatliste"
FORMAT_VERSION: Final = 1
DEFAULT_PATH = "skatliste.json"
LOCK_TIMEOUT = 10.0  # seconds to wait for another terminal's write

# Strict: a hand-edited `"augen": true` or `"hand": "yes"` is refused with its place, never
# read as 1 or True (and then written back so by the next command).
_STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)

# The limits of the file format are the core's, never typed twice.
_MOST_SPITZEN = MAX_SPITZEN[True]


class GameModel(BaseModel):
    """A game as entered at the table."""

    model_config = _STRICT
    kind: Literal["game"]
    declarer: str = Field(min_length=1, description="the declarer (Alleinspieler)")
    game: Literal["diamonds", "hearts", "spades", "clubs", "grand", "null"]
    spitzen: int | None = Field(
        None, ge=0, le=_MOST_SPITZEN, description="mit/ohne N; none for Null"
    )
    mit: bool = Field(True, description="true: mit (held the Kreuz-Bube), false: ohne")
    hand: bool = False
    ouvert: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    won: bool | None = Field(None, description="null: decided by the Augen (or won)")
    augen: int | None = Field(
        None, ge=0, le=TOTAL_AUGEN, description="declarer's Augen, Skat included"
    )
    schneider: bool = Field(False, description="Schneider reached in play")
    schwarz: bool = Field(False, description="Schwarz reached in play")
    bid: int | None = Field(None, ge=MIN_BID, le=MAX_BID, description="the Reizwert")
    kontra: bool = False
    re: bool = False
    bock: int = Field(0, ge=0, le=MAX_BOCK, description="Bock doublings entered by hand")
    paper: str | None = Field(
        None, pattern=r"^[+\-−]?\d+$", description="the value as written on paper"
    )
    kontra_bid: int | None = Field(
        None, ge=0, le=MAX_BID, description="rule kontra=after18: the Kontra-sayer's bid"
    )
    bock_called: bool = Field(False, description="a Bock round was called after this game")
    note: str = ""
    time: str | None = None


class PassedModel(BaseModel):
    """Eingepasst: all passed."""

    model_config = _STRICT
    kind: Literal["passed"]
    bock_called: bool = False
    note: str = ""
    time: str | None = None


class RamschModel(BaseModel):
    """A Ramsch: each player's Augen (Skat included, or the Skat apart) and the doublings."""

    model_config = _STRICT
    kind: Literal["ramsch"]
    augen: dict[str, Annotated[int, Field(ge=0, le=TOTAL_AUGEN)]] = Field(
        min_length=2, max_length=3
    )
    skat: int | None = Field(None, ge=0, le=TOTAL_AUGEN, description="with ramsch.skat=loser")
    jungfrau: list[str] = []
    durchmarsch: str | None = None
    pushes: int = Field(0, ge=0, le=MAX_PUSHES, description="Schieberamsch: pushes of the Skat")
    bock_called: bool = False
    note: str = ""
    time: str | None = None


EntryModel = Annotated[GameModel | PassedModel | RamschModel, Field(discriminator="kind")]


class HistoryModel(BaseModel):
    """A game removed or replaced: nothing entered is ever lost."""

    model_config = _STRICT
    action: Literal["undo", "delete", "edit"]
    number: int = Field(ge=1, description="the game's number when it was removed or replaced")
    entry: EntryModel
    replaced_by: EntryModel | None = None
    time: str


class RulesModel(BaseModel):
    """The rule set: its preset and every option spelled out."""

    model_config = _STRICT
    preset: str
    options: dict[str, str | int]

    @model_validator(mode="after")
    def _known(self) -> RulesModel:
        if self.preset not in PRESETS:
            raise ValueError(f"unknown preset '{self.preset}' (known: {', '.join(PRESETS)})")
        unknown = set(self.options) - set(OPTIONS)
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}")
        for key, value in self.options.items():
            OPTIONS[key].convert(value)  # RuleSetError is a ValueError: pydantic reports it
        return self


class LedgerModel(BaseModel):
    """A skatliste ledger file."""

    model_config = ConfigDict(extra="forbid", strict=True, title="skatliste ledger")
    format: Literal["skatliste"]
    version: Literal[1]
    created: str
    players: list[str] = Field(min_length=2, max_length=4)
    first_dealer: str
    rules: RulesModel
    games: list[EntryModel] = []
    history: list[HistoryModel] = []

    @model_validator(mode="after")
    def _consistent(self) -> LedgerModel:
        if len({p.casefold() for p in self.players}) != len(self.players):
            raise ValueError("players: every player needs a different name")
        if self.first_dealer not in self.players:
            raise ValueError(f"first_dealer '{self.first_dealer}' is not one of the players")
        two = self.rules.options.get("variant", "skat") != "skat"
        if two != (len(self.players) == 2):
            raise ValueError("players: two-player rule sets have 2 players, Skat has 3 or 4")
        return self


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the ledger format."""
    return LedgerModel.model_json_schema()


# --- facts <-> models -------------------------------------------------------------------


def entry_to_model(entry: Entry) -> GameModel | PassedModel | RamschModel:
    """A sheet entry as it is stored."""
    if isinstance(entry, PassedEntry):
        return PassedModel(
            kind="passed", bock_called=entry.bock_called, note=entry.note, time=entry.time
        )
    if isinstance(entry, RamschEntry):
        return RamschModel(
            kind="ramsch",
            augen=dict(entry.augen),
            skat=entry.skat,
            jungfrau=list(entry.jungfrau),
            durchmarsch=entry.durchmarsch,
            pushes=entry.pushes,
            bock_called=entry.bock_called,
            note=entry.note,
            time=entry.time,
        )
    d, o = entry.declaration, entry.outcome
    paper = None
    if entry.paper is not None:
        paper = f"{entry.paper.value:+d}" if entry.paper.signed else str(entry.paper.value)
    return GameModel(
        kind="game",
        declarer=entry.declarer,
        game=d.game.value,
        spitzen=d.spitzen,
        mit=d.mit,
        hand=d.hand,
        ouvert=d.ouvert,
        schneider_announced=d.schneider_announced,
        schwarz_announced=d.schwarz_announced,
        won=o.won,
        augen=o.augen,
        schneider=o.schneider,
        schwarz=o.schwarz,
        bid=o.bid,
        kontra=o.kontra,
        re=o.re,
        bock=o.bock,
        paper=paper,
        kontra_bid=entry.kontra_bid,
        bock_called=entry.bock_called,
        note=entry.note,
        time=entry.time,
    )


_DECLARATIONS: dict[tuple[Any, ...], Declaration] = {}
_OUTCOMES: dict[tuple[Any, ...], Outcome] = {}


def model_to_entry(model: GameModel | PassedModel | RamschModel) -> Entry:
    """A stored entry as the sheet uses it.

    A season repeats the same few hundred declarations and outcomes: equal ones are shared
    objects, which keeps loading a long list cheap and lets the value cache hit.
    """
    if isinstance(model, PassedModel):
        return PassedEntry(bock_called=model.bock_called, note=model.note, time=model.time)
    if isinstance(model, RamschModel):
        return RamschEntry(
            augen=tuple(model.augen.items()),
            skat=model.skat,
            jungfrau=tuple(model.jungfrau),
            durchmarsch=model.durchmarsch,
            pushes=model.pushes,
            bock_called=model.bock_called,
            note=model.note,
            time=model.time,
        )
    paper = None
    if model.paper is not None:
        text = model.paper.replace("−", "-")
        paper = PaperValue(int(text), text[0] in "+-")
    dkey = (
        model.game,
        model.spitzen,
        model.mit,
        model.hand,
        model.ouvert,
        model.schneider_announced,
        model.schwarz_announced,
    )
    declaration = _DECLARATIONS.get(dkey)
    if declaration is None:
        declaration = _DECLARATIONS[dkey] = Declaration(
            game=GameType(model.game),
            spitzen=model.spitzen,
            mit=model.mit,
            hand=model.hand,
            ouvert=model.ouvert,
            schneider_announced=model.schneider_announced,
            schwarz_announced=model.schwarz_announced,
        )
    okey = (
        model.won,
        model.augen,
        model.schneider,
        model.schwarz,
        model.bid,
        model.kontra,
        model.re,
        model.bock,
    )
    outcome = _OUTCOMES.get(okey)
    if outcome is None:
        outcome = _OUTCOMES[okey] = Outcome(
            won=model.won,
            augen=model.augen,
            schneider=model.schneider,
            schwarz=model.schwarz,
            bid=model.bid,
            kontra=model.kontra,
            re=model.re,
            bock=model.bock,
        )
    return GameEntry(
        declarer=model.declarer,
        declaration=declaration,
        outcome=outcome,
        paper=paper,
        kontra_bid=model.kontra_bid,
        bock_called=model.bock_called,
        note=model.note,
        time=model.time,
    )


class Ledger:
    """A loaded list: its table, its entries, its history, and where it lives."""

    def __init__(self, path: Path, model: LedgerModel) -> None:
        self.path = path
        self.model = model
        self.rules: RuleSet = build_rule_set(model.rules.preset, model.rules.options)
        self.table = Table(tuple(model.players), model.first_dealer, self.rules)
        self.entries: list[Entry] = [model_to_entry(g) for g in model.games]
        # the entries as loaded: saving reuses their stored form and converts only what is new
        self._loaded = list(self.entries)
        self.history: list[HistoryModel] = list(model.history)

    def record(
        self,
        action: Literal["undo", "delete", "edit"],
        number: int,
        entry: Entry,
        replaced_by: Entry | None,
    ) -> None:
        """Keep a removed or replaced game in the history."""
        self.history.append(
            HistoryModel(
                action=action,
                number=number,
                entry=entry_to_model(entry),
                replaced_by=None if replaced_by is None else entry_to_model(replaced_by),
                time=now(),
            )
        )

    def _games(self) -> list[GameModel | PassedModel | RamschModel]:
        stored = {id(e): i for i, e in enumerate(self._loaded)}
        out: list[GameModel | PassedModel | RamschModel] = []
        for entry in self.entries:
            i = stored.get(id(entry))
            if i is not None and self._loaded[i] is entry:
                out.append(self.model.games[i])
            else:
                out.append(entry_to_model(entry))
        return out

    def to_model(self) -> LedgerModel:
        """The ledger as it will be written."""
        return self.model.model_copy(
            update={
                "games": self._games(),
                "history": self.history,
            }
        )


def now() -> str:
    """The time stamp stored with each entry (UTC, ISO 8601, seconds)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def new_ledger(
    path: Path, players: list[str], *, first_dealer: str | None, rules: RuleSet
) -> Ledger:
    """A fresh list (not yet written)."""
    model = LedgerModel(
        format=FORMAT_NAME,
        version=FORMAT_VERSION,
        created=now(),
        players=players,
        first_dealer=first_dealer or players[0],
        rules=RulesModel(preset=rules.preset, options=dict(rules.options)),
    )
    return Ledger(path, model)


# --- reading ------------------------------------------------------------------------------


def _describe(path: Path, err: Mapping[str, Any]) -> str:
    loc = list(err.get("loc", ()))
    where = ""
    if len(loc) >= 2 and loc[0] in ("games", "history") and isinstance(loc[1], int):
        what = "game" if loc[0] == "games" else "history entry"
        where = f"{what} {loc[1] + 1}: "
        loc = loc[2:]
        if (loc and loc[0] in ("game", "passed") and loc[0] != "game") or (
            loc and loc[0] == "game" and len(loc) > 1
        ):
            loc = loc[1:]
    field = ".".join(str(p) for p in loc)
    msg = err.get("msg", "invalid")
    got = err.get("input")
    shown = "" if isinstance(got, dict | list) or got is None else f" (found {got!r})"
    return f"{path}: {where}{field + ': ' if field else ''}{msg}{shown}"


def load(path: Path | str) -> Ledger:
    """Read and validate a ledger; refuse a corrupt or newer one with the place and reason."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise LedgerError(
            f"{path}: no ledger here; start one with "
            "'skatliste new --players Anna Ben Carl' (or give --ledger PATH)"
        ) from None
    except IsADirectoryError:
        raise LedgerError(f"{path}: is a directory, not a ledger file") from None
    except OSError as exc:
        raise LedgerError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        model = LedgerModel.model_validate_json(raw)
    except ValidationError as exc:
        raise LedgerError(_explain_invalid(path, raw, exc)) from None
    return Ledger(path, model)


def _explain_invalid(path: Path, raw: bytes, exc: ValidationError) -> str:
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return f"{path}: not a skatliste ledger (not UTF-8 text); the file was left untouched"
    except json.JSONDecodeError as err:
        return (
            f"{path}: line {err.lineno} column {err.colno}: not valid JSON ({err.msg}); "
            "the file was left untouched"
        )
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        return f'{path}: not a skatliste ledger (no "format": "skatliste"); left untouched'
    version = data.get("version")
    if isinstance(version, int) and version > FORMAT_VERSION:
        return (
            f"{path}: format version {version} is newer than this skatliste understands "
            f"(version {FORMAT_VERSION}); update skatliste — the file was left untouched"
        )
    lines = [_describe(path, e) for e in exc.errors()[:10]]
    more = len(exc.errors()) - len(lines)
    if more > 0:
        lines.append(f"{path}: ... and {more} more problem(s)")
    return "\n".join(lines)


# --- writing ------------------------------------------------------------------------------


def dumps(model: LedgerModel) -> str:
    """The file text: the header indented, each game on a line of its own (easy to read and
    to diff; a hand edit touches one line). Each line is written by pydantic's serializer."""
    data = model.model_dump(mode="json", exclude_defaults=True, exclude={"games", "history"})
    head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]  # without the closing "\n}"

    def block(name: str, items: Sequence[BaseModel]) -> str:
        if not items:
            return f'  "{name}": []'
        body = ",\n    ".join(i.model_dump_json(exclude_defaults=True) for i in items)
        return f'  "{name}": [\n    {body}\n  ]'

    return f"{head},\n{block('games', model.games)},\n{block('history', model.history)}\n}}\n"


# --- where a list lives -------------------------------------------------------------------


def real_path(path: Path | str) -> Path:
    """The file a list path names, symlinks followed: a list linked into a shared or cloud
    folder is written there, and the link stays a link."""
    return Path(os.path.realpath(path))


def lock_path(path: Path | str) -> Path:
    """The lock file: beside the real list, so every link to it shares one lock."""
    real = real_path(path)
    return real.with_name(real.name + ".lock")


_CAUSES = {
    errno.ENOENT: "the folder {folder} does not exist (skatliste creates no folders: "
    "create it first, or give another --ledger)",
    errno.ENOTDIR: "{folder} is not a folder",
    errno.EACCES: "no permission to write in the folder {folder}",
    errno.EPERM: "no permission to write in the folder {folder}",
    errno.EROFS: "the folder {folder} is on a read-only file system",
}


def _cause(exc: OSError, folder: Path) -> str:
    """The real reason a file cannot be made in ``folder``, in words."""
    known = _CAUSES.get(exc.errno or 0)
    if known is not None:
        return known.format(folder=folder)
    return f"cannot write in the folder {folder}: {exc.strerror or exc}"


def _check_folder(path: Path) -> None:
    """Refuse at once, with the cause, a list whose folder cannot hold it."""
    folder = real_path(path).parent
    if not folder.exists():
        # a missing folder: say which one (a file on the way reads as 'not a folder')
        probe = folder
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            raise LedgerError(f"{path}: {probe} is a file, not a folder; nothing written")
        raise LedgerError(f"{path}: {_CAUSES[errno.ENOENT].format(folder=folder)}")
    if not folder.is_dir():
        raise LedgerError(f"{path}: {folder} is a file, not a folder; nothing written")


def _umask() -> int:
    """The process's umask: Linux tells it without changing it (safe beside other threads)."""
    try:
        status = Path("/proc/self/status").read_text()
        return int(status.split("Umask:", 1)[1].split()[0], 8)
    except (OSError, IndexError, ValueError):
        mask = os.umask(0o022)
        os.umask(mask)
        return mask


def _check_writable(path: Path | str, real: Path, what: str) -> None:
    """Refuse to replace a file its owner made read-only (``chmod a-w``): that says 'keep'."""
    try:
        mode = real.stat().st_mode
    except OSError:
        return
    if not mode & 0o222 or not os.access(real, os.W_OK):
        raise LedgerError(
            f"{path}: the {what} is read-only (mode {mode & 0o777:o}); nothing written. "
            f"Allow changes with 'chmod u+w {real}'"
        )


def atomic_write(path: Path, text: str | bytes | Sequence[bytes], *, what: str = "ledger") -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new, never half.

    Temp file in the real file's folder (symlinks followed), fsync, ``os.replace``, fsync of
    the folder. The file keeps its mode; a new file gets the mode the umask gives (0644 with
    the usual 022), not the temp file's 0600. ``text`` may be pieces of bytes, written in
    turn (a long list is never copied whole in memory).
    """
    real = real_path(path)
    folder = real.parent
    if real.is_dir():
        raise LedgerError(f"{path}: is a directory, not a {what} file; nothing written")
    _check_writable(path, real, what)
    try:
        mode = real.stat().st_mode & 0o7777
    except OSError:
        mode = 0o666 & ~_umask()
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
            os.fsync(fh.fileno())
        os.replace(tmp_name, real)
        tmp_name = None
        with contextlib.suppress(OSError):
            dir_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    except OSError as exc:
        cause = exc.strerror or str(exc)
        if exc.errno in _CAUSES and exc.errno != errno.ENOENT:
            cause = _cause(exc, folder)
        raise LedgerError(f"{path}: cannot write: {cause}; the {what} was left as it was") from None
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


_LIST_HEADER = re.compile(rb'"format"\s*:\s*"skatliste"')


def is_list(path: Path | str) -> bool:
    """Does ``path`` hold a skatliste list (its header says so)?"""
    try:
        with open(path, "rb") as fh:
            head = fh.read(1 << 16)
    except OSError:
        return False
    return _LIST_HEADER.search(head) is not None


def refuse_list_target(output: Path | str, *, lists: Sequence[Path | str] = ()) -> None:
    """Refuse an output file that is a list: one of ``lists`` (paths compared with symlinks
    followed) or any file whose header says it is a skatliste list."""
    real = real_path(output)
    for ledger in lists:
        if real == real_path(ledger):
            raise LedgerError(
                f"{output}: this is the list {ledger} itself; writing there would replace the "
                "evening. Nothing written: give another file, e.g. -o evening.csv"
            )
    if is_list(real):
        raise LedgerError(
            f"{output}: is a skatliste list; writing there would replace it. Nothing written: "
            "give another file"
        )


def write_output(path: Path | str, text: str | bytes, *, lists: Sequence[Path | str] = ()) -> None:
    """Write an export (CSV, HTML, ...) atomically, but never onto a list."""
    path = Path(path)
    refuse_list_target(path, lists=lists)
    _check_folder(path)
    atomic_write(path, text, what="file")


@contextlib.contextmanager
def locked(path: Path | str) -> Iterator[None]:
    """Hold the list's exclusive lock (``NAME.lock`` beside the real file) while reading,
    changing and writing. A folder that cannot hold the list is refused at once, with the
    cause; a lock file made for a list that still does not exist is removed again."""
    from filelock import FileLock, Timeout

    path = Path(path)
    _check_folder(path)
    lock_file = lock_path(path)
    made = not lock_file.exists()
    try:
        # filelock retries a lock file it cannot open until the timeout: open it once here
        # so that a folder we cannot write in is named at once, not blamed on another writer
        os.close(os.open(lock_file, os.O_WRONLY | os.O_CREAT, 0o666))
    except OSError as exc:
        raise LedgerError(f"{path}: {_cause(exc, lock_file.parent)}; nothing written") from None
    lock = FileLock(str(lock_file), timeout=LOCK_TIMEOUT)
    try:
        with lock:
            yield
    except Timeout:
        raise LedgerError(
            f"{path}: another skatliste is writing this ledger (waited {LOCK_TIMEOUT:.0f} s); "
            "try again"
        ) from None
    except PermissionError as exc:
        raise LedgerError(f"{path}: cannot lock: {exc.strerror or exc}") from None
    finally:
        if made and not real_path(path).exists():
            with contextlib.suppress(OSError):
                lock_file.unlink()


def save(ledger: Ledger) -> None:
    """Validate and write atomically (the caller holds the lock)."""
    atomic_write(ledger.path, dumps(ledger.to_model()))


@contextlib.contextmanager
def updating(path: Path | str) -> Iterator[Ledger]:
    """Load under the lock, let the caller change it, save: one atomic read-modify-write.

    A list that does not exist is refused before any lock file is made."""
    if not Path(path).exists():
        load(path)  # raises the 'no ledger here' error (or the folder's)
    with locked(path):
        ledger = load(path)
        yield ledger
        save(ledger)


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


def create(ledger: Ledger, *, force: bool) -> Path | None:
    """Write a new list; refuse to overwrite one without ``force``. With ``force`` the old
    list is first kept as a backup: its path is returned (None when there was none)."""
    with locked(ledger.path):
        exists = ledger.path.exists()
        if exists and not force:
            raise LedgerError(
                f"{ledger.path}: a ledger exists already; use --force to start over "
                "(the old list is kept as a backup) or --ledger NEW.json for a second list"
            )
        backup = None
        if exists:
            if real_path(ledger.path).is_dir():
                raise LedgerError(f"{ledger.path}: is a directory, not a ledger file")
            _check_writable(ledger.path, real_path(ledger.path), "ledger")
            backup = backup_path(ledger.path)
            try:
                old = real_path(ledger.path).read_bytes()
            except OSError as exc:
                raise LedgerError(
                    f"{ledger.path}: cannot read it to keep a backup: {exc.strerror or exc}; "
                    "nothing written"
                ) from None
            atomic_write(backup, old, what="ledger")
        save(ledger)
    return backup
