"""The list file, for every game family: a header (format, version, created, players, first
dealer, rules), the entries one a line, and the history of what was removed or replaced.

The format is defined once (``HEADER`` and ``HISTORY`` in ``store.reading``, each family's
entry kinds in its plug-in), and from that one definition come the strict reader, the writer's
check and the JSON Schema that ``skatliste schema`` prints. The reader finds the family from
the rule set's preset (``families.find_family``) and names every problem with its file, entry,
field and reason; facts only are stored, every number is derived on each read.
"""

from __future__ import annotations

import contextlib
import copy
import errno
import json
import operator
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from skatliste.errors import LedgerError, ListExists, ListRefuses, NotAList
from skatliste.families import Family, find_family
from skatliste.fields import one_of
from skatliste.i18n import msg
from skatliste.options import RuleSet
from skatliste.store import (
    agree,
    reading,
    requests,  # noqa: F401 - its lock hook settles open keyed writes
)
from skatliste.store.files import (
    NAMES,
    TOURNAMENT_FILE,
    atomic_write,
    backup_path,
    check_writable,
    locked,
    no_results,
    now,
    read_bytes,
    real_path,
    skatliste_file,
    without_bom,
)
from skatliste.store.reading import FORMAT_NAME, FORMAT_VERSION, HEADER, HISTORY

E = TypeVar("E")
Action = Literal["undo", "delete", "edit"]


@dataclass(frozen=True)
class HistoryItem(Generic[E]):
    """An entry removed or replaced: nothing entered is ever lost."""

    action: Action
    number: int
    """The entry's number when it was removed or replaced."""
    entry: E
    replaced_by: E | None
    time: str


class ListFile(Generic[E]):
    """A loaded list: its family, table, entries and history, and where it lives."""

    def __init__(
        self,
        path: Path,
        family: Family[E, Any, Any],
        header: Mapping[str, Any],
        entries: Sequence[E] = (),
        history: Sequence[HistoryItem[E]] = (),
    ) -> None:
        self.path = path
        self.family = family
        self.backup: Path | None = None
        """Where ``create(..., force=True)`` kept the list this one replaced."""
        self.header = dict(header)
        self.created: str = header["created"]
        stored = header["rules"]
        self.rules: Any = reading.stored_rules(family, stored["preset"], stored["options"])[1]
        """The family's rule set (Skat's ``RuleSet``, American Grand's ``AmericanRules``)."""
        self.table: Any = family.table(header["players"], header["first_dealer"], self.rules)
        self.entries: list[E] = list(entries)
        self.history: list[HistoryItem[E]] = list(history)
        # the entries as read (checked then): writing them again needs no second check
        self._given: tuple[E, ...] = tuple(entries)
        self._read: tuple[bytes, tuple[HistoryItem[E], ...]] | None = None
        """The file's bytes as read, with its history then (its entries then: ``_given``): a
        change that only adds entries at the end is written by adding their lines to those
        bytes."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.header["players"])

    def given(self) -> tuple[E, ...]:
        """The entries as read (or as given when made)."""
        return self._given

    @property
    def count(self) -> int:
        """Entries on the list."""
        return len(self.entries)

    def record(self, action: Action, number: int, entry: E, replaced_by: E | None) -> None:
        """Keep a removed or replaced entry in the history."""
        self.history.append(HistoryItem(action, number, entry, replaced_by, now()))


def new_list(
    path: Path, players: Sequence[str], *, first_dealer: str | None, rules: RuleSet
) -> ListFile[Any]:
    """A fresh list under ``rules`` (not yet written); its family is the preset's."""
    family = find_family(rules.preset)
    header = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "created": now(),
        "players": list(players),
        "first_dealer": first_dealer or players[0],
        "rules": {"preset": rules.preset, "options": dict(rules.options)},
    }
    problem = reading.header_problem(header)
    if problem is not None:
        where, why = problem
        if where:
            why = msg("{where}: {problem}", where=where, problem=why)
        raise LedgerError(msg("{path}: {why}; nothing written", path=str(path), why=why))
    return ListFile(path, family, header)


_parsed: dict[str, tuple[bytes, ListFile[Any]]] = {}
"""The last reading of each list path: its bytes and the list read from them. The server
reads a list again on every save and every page's reading; bytes equal to those read before
give the same list (its header copied, its entries shared: they are frozen), without reading
and checking them again. The bytes, not the file's time stamp, decide: a list changed within
the clock's tick is read anew."""
PARSED_KEPT = 1024
"""Lists whose last reading is kept (a tournament of 250 tables, its three series)."""
_keeping = threading.Lock()


def parse(path: Path | str, raw: bytes) -> ListFile[Any]:
    """The list in ``raw``, read strictly; a refused file raises a ``LedgerError`` naming
    every problem (up to ten) with its place."""
    path = Path(path)
    key = str(path)
    known = _parsed.get(key)
    if known is not None and known[0] == raw:
        return _copy(known[1])
    lst = _parse(path, raw)
    _keep(key, raw, _copy(lst))
    return lst


def _keep(key: str, raw: bytes, lst: ListFile[Any]) -> None:
    """Keep ``lst`` as the reading of ``raw`` at ``key``, the oldest reading dropped when
    ``PARSED_KEPT`` are kept (under a lock: the server's threads read lists at once)."""
    with _keeping:
        _parsed.pop(key, None)
        if len(_parsed) >= PARSED_KEPT:
            _parsed.pop(next(iter(_parsed)))
        _parsed[key] = (raw, lst)


def _copy(lst: ListFile[Any]) -> ListFile[Any]:
    """A list of its own to change, equal to ``lst`` as read (its header copied whole)."""
    again = ListFile(lst.path, lst.family, copy.deepcopy(lst.header), lst.given(), lst.history)
    again._read = lst._read
    return again


def _parse(path: Path, raw: bytes) -> ListFile[Any]:
    text = reading.text_of(path, without_bom(raw))
    data, pairs = reading.read_json(path, text)
    reading.refuse_unread(path, data, pairs)
    half = reading.halves(data) if reading.may_hold_halves(text) else None
    problems = [half] if half is not None else list(reading.problems(data))
    if problems:
        raise LedgerError(reading.refusal(path, problems))
    lst = _list_of(path, data)
    lst._read = (raw, tuple(lst.history))
    return lst


def _list_of(path: Path, data: Mapping[str, Any]) -> ListFile[Any]:
    """The list of the checked ``data``."""
    family = reading.family_of(data)
    decode = family.decode
    entries = [decode(stored) for stored in data.get("games", ())]
    history = [
        HistoryItem(
            h["action"],
            h["number"],
            decode(h["entry"]),
            None if h.get("replaced_by") is None else decode(h["replaced_by"]),
            h["time"],
        )
        for h in data.get("history", ())
    ]
    header = {k: v for k, v in data.items() if k not in ("games", "history")}
    return ListFile(path, family, header, entries, history)


def load(path: Path | str) -> ListFile[Any]:
    """Read and check a list strictly; refuse a corrupt or newer one with place and reason."""
    path = Path(path)
    return parse(path, read_bytes(path))


# --- writing --------------------------------------------------------------------------------


def _line(data: Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def entry_line(family: Family[E, Any, Any], entry: E) -> str:
    """An entry as its one line of the file; refused if the format does not allow it."""
    data = family.encode(entry)
    problem = reading.entry_problem(family, data)
    if problem is not None:
        raise LedgerError(msg("{problem}; nothing written", problem=problem))
    return _line(data)


def _history_line(family: Family[E, Any, Any], item: HistoryItem[E]) -> str:
    data: dict[str, object] = {
        "action": item.action,
        "number": item.number,
        "entry": family.encode(item.entry),
    }
    if item.replaced_by is not None:
        data["replaced_by"] = family.encode(item.replaced_by)
    data["time"] = item.time
    return _line(data)


def dumps(lst: ListFile[Any]) -> str:
    """The file text: the header indented, each entry on a line of its own (easy to read and
    to diff; a hand edit touches one line)."""
    head = json.dumps(lst.header, ensure_ascii=False, indent=2)[:-2]  # without "\n}"

    def block(name: str, lines: Sequence[str]) -> str:
        if not lines:
            return f'  "{name}": []'
        body = ",\n    ".join(lines)
        return f'  "{name}": [\n    {body}\n  ]'

    family = lst.family
    games = []
    checked = {id(e) for e in lst.given()}
    for number, entry in enumerate(lst.entries, 1):
        if id(entry) in checked:
            games.append(_line(family.encode(entry)))
            continue
        games.append(_entry_line_at(lst, number, entry))
    history = [_history_line(family, h) for h in lst.history]
    return f"{head},\n{block('games', games)},\n{block('history', history)}\n}}\n"


def _entry_line_at(lst: ListFile[Any], number: int, entry: Any) -> str:
    """Entry ``number`` as its line of the file; refused (nothing written) with its place when
    it cannot be stored."""
    family = lst.family
    try:
        return entry_line(family, entry)
    except LedgerError as exc:
        where = reading.place("games", number, family)
        raise LedgerError(
            msg("{path}: {where}: {problem}", path=str(lst.path), where=where, problem=exc.message)
        ) from None


def save(lst: ListFile[Any]) -> None:
    """Check and write atomically (the caller holds the lock). A list that only gained entries
    at its end since it was read is written as the bytes read with the new entries' lines put
    in after the last one (``appended``): the same file as ``dumps`` writes, without
    encoding the whole list again."""
    pieces = appended(lst)
    atomic_write(lst.path, dumps(lst) if pieces is None else pieces)
    if pieces is not None:
        _keep_written(lst, b"".join(pieces))


def _keep_written(lst: ListFile[Any], raw: bytes) -> None:
    """Keep the list just written by adding entries as the next reading of ``raw`` gives it:
    the entries as read before, then each new one decoded from its line (as the reader
    decodes it), its header and history as read."""
    family = lst.family
    count = len(lst.given())
    added = [family.decode(json.loads(_line(family.encode(e)))) for e in lst.entries[count:]]
    again = ListFile(
        lst.path, family, copy.deepcopy(lst.header), [*lst.given(), *added], lst.history
    )
    again._read = (raw, tuple(lst.history))
    _keep(str(lst.path), raw, again)


def _history_block(lst: ListFile[Any]) -> str:
    lines = [_history_line(lst.family, h) for h in lst.history]
    if not lines:
        return '  "history": []'
    body = ",\n    ".join(lines)
    return f'  "history": [\n    {body}\n  ]'


def appended(lst: ListFile[Any]) -> list[bytes | memoryview] | None:
    """The file as ``dumps`` would write it, made of the bytes read and the lines of the
    entries added since at the end; None when the list changed otherwise since it was read,
    or the bytes read are not laid out as ``dumps`` writes (a hand edit): then it is written
    whole."""
    if lst._read is None:
        return None
    raw, history = lst._read
    entries = lst.given()
    count = len(entries)
    now = lst.entries
    if (
        len(now) <= count
        or len(lst.history) != len(history)
        or not all(map(operator.is_, lst.history, history))
        or not all(map(operator.is_, now[:count], entries))
    ):
        return None
    tail = f"\n{_history_block(lst)}\n}}\n".encode()
    lines = []
    for number, entry in enumerate(now[count:], count + 1):
        lines.append(_entry_line_at(lst, number, entry))
    added = ",\n    ".join(lines).encode()
    # the header as dumps writes it, then the games, then the history as dumps writes it: a
    # JSON string holds no line break, the reader refused a key given twice or unknown, so
    # the "\n  ]" before the history closes the games
    head = (json.dumps(lst.header, ensure_ascii=False, indent=2)[:-2] + ",\n").encode()
    if not raw.startswith(head):
        return None
    if not count:
        if raw != head + b'  "games": [],' + tail:
            return None
        return [head, b'  "games": [\n    ', added, b"\n  ]," + tail]
    end = b"\n  ]," + tail
    if not raw.startswith(b'  "games": [\n    ', len(head)) or not raw.endswith(end):
        return None
    return [memoryview(raw)[: len(raw) - len(end)], b",\n    ", added, end]


@contextlib.contextmanager
def updating(
    path: Path | str,
    *,
    then: Callable[[ListFile[Any]], None] | None = None,
    closed: bool = False,
) -> Iterator[ListFile[Any]]:
    """Load under the lock, let the caller change it, save (and call ``then`` with the list
    saved, still under the lock): one atomic read-modify-write. A refusal inside leaves the
    file as it was; a list that does not exist is refused before any lock file is made. A
    list every player has signed is refused (``agree.ClosedList``) unless ``closed`` (its
    reopening)."""
    if not Path(path).exists():
        load(path)  # raises the 'no ledger here' error (or the folder's)
    with locked(path):
        lst = load(path)
        if not closed:
            agree.refuse_closed(lst.path, lst.header)
        refuse_uncounted(lst)
        yield lst
        save(lst)
        if then is not None:
            then(lst)


def in_tournament(path: Path) -> bool:
    """Whether ``path`` is a tournament's table list (``series-N/table-NN.json`` in a folder
    with its tournament file)."""
    parent = path.parent
    return parent.name.startswith("series-") and (parent.parent / TOURNAMENT_FILE).is_file()


def refuse_uncounted(lst: ListFile[Any]) -> None:
    """A tournament's table list of a family that gives its players no result (an American
    Grand list copied over it) takes no game: the ranking refuses it, and so does every
    write, from the command line and the page alike."""
    if in_tournament(Path(lst.path)) and lst.family.results(lst.table, ()) is None:
        raise ListRefuses(no_results(Path(lst.path), lst.family.title))


def _refuse_loop(path: Path) -> None:
    """A link that leads round to itself names no file: writing there would replace the link."""
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LedgerError(
                msg(
                    "{path}: is a link that leads round in a loop, to no file; nothing written",
                    path=str(path),
                )
            ) from None


def create_file(path: Path, write: Callable[[], None], *, force: bool) -> Path | None:
    """Under the lock: refuse to overwrite a list without ``force``, keep the old one as a
    backup, then ``write`` the new one (a Skat list, or another game family's). Another file
    of skatliste's own (a tournament file, a cache, a key, a backup) is never replaced."""
    kind = skatliste_file(path)
    if kind not in (None, "list"):
        raise NotAList(
            msg(
                "{path}: is a skatliste {kind}, not a list; a new list never replaces it, "
                "nothing written",
                path=str(path),
                kind=NAMES[kind],
            )
        )
    _refuse_loop(path)
    with locked(path):
        exists = path.exists()
        if exists and not force:
            raise ListExists(msg("{path}: a list is there already", path=str(path)))
        backup = None
        if exists:
            if real_path(path).is_dir():
                raise LedgerError(msg("{path}: is a directory, not a ledger file", path=str(path)))
            check_writable(path, real_path(path), "ledger")
            backup = backup_path(path)
            try:
                old = real_path(path).read_bytes()
            except OSError as exc:
                raise LedgerError(
                    msg(
                        "{path}: cannot read it to keep a backup: {why}; nothing written",
                        path=str(path),
                        why=exc.strerror or str(exc),
                    )
                ) from None
            atomic_write(backup, old, what="ledger", follow=False)
        write()
    return backup


def create(lst: ListFile[Any], *, force: bool) -> Path | None:
    """Write a new list; refuse to overwrite one without ``force``. With ``force`` the old
    list is first kept as a backup: its path is returned (None when there was none)."""
    backup = create_file(lst.path, lambda: save(lst), force=force)
    lst.backup = backup
    return backup


# --- the schema -----------------------------------------------------------------------------


def json_schema(family: Family[Any, Any, Any]) -> dict[str, Any]:
    """The JSON Schema of a list file of ``family``, from the one definition of the format."""
    schema = HEADER.schema()
    schema["title"] = f"skatliste {family.title} list"
    defs: dict[str, Any] = {r.name: r.schema() for r in family.kinds}
    defs["entry"] = one_of(family.kinds)
    defs["history"] = HISTORY.schema()
    defs.update(agree.schema_defs())
    schema["$defs"] = defs
    return schema
