"""The list file, for every game family: a header (format, version, created, players, first
dealer, rules), the entries one a line, and the history of what was removed or replaced.

The format is defined once (``HEADER`` and ``HISTORY`` in ``store.reading``, each family's
entry kinds in its plug-in), and from that one definition come the strict reader, the writer's
check and the JSON Schema that ``skatliste schema`` prints. The reader finds the family from
the rule set's preset (``families.find_family``) and names every problem with its file, entry,
field and reason; facts only are stored, every number is derived on each read. A list laid out
as the writer writes it has its distinct game lines read once each (``store.lines``).
"""

from __future__ import annotations

import contextlib
import json
import operator
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from skatliste.errors import LedgerError
from skatliste.families import Family, find_family
from skatliste.fields import Pairs, one_of
from skatliste.i18n import msg
from skatliste.memory import collector_off
from skatliste.options import RuleSet
from skatliste.store import agree, reading
from skatliste.store.files import (
    atomic_write,
    create_file,
    locked,
    now,
    read_bytes,
    without_bom,
)
from skatliste.store.lines import (
    MARKER,
    Games,
    Repeated,
    cut,
    entry_time,
    made,
    read_games,
    without_declarer,
)
from skatliste.store.reading import FORMAT_NAME, FORMAT_VERSION, HEADER, HISTORY

E = TypeVar("E")
Action = Literal["undo", "delete", "edit"]
_MAKING = threading.Lock()
"""Held while a list's entries are made from its lines (``ListFile.entries``)."""


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
        self._entries: list[E] | None = list(entries)
        self.before = 0
        """Entries not held: a list carried on from its kept state holds only those after."""
        self.kept: Any = None
        """The family's state after the last entry, when read from the kept state."""
        self.history: list[HistoryItem[E]] = list(history)
        # the entries as read (checked then): writing them again needs no second check
        self._given: tuple[E, ...] = tuple(entries)
        self._read: tuple[bytes, tuple[HistoryItem[E], ...]] | None = None
        """The file's bytes as read, with its history then (its entries then: ``_given``): a
        change that only adds entries at the end is written by adding their lines to those
        bytes."""
        self._games: Games[E] | None = None
        """The entries as read a distinct line at a time (``store.lines``), each made when
        the entries are first asked for: the sheet of a long list needs none."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.header["players"])

    @property
    def entries(self) -> list[E]:
        """The entries, in order (a list read a distinct line at a time makes them now)."""
        entries = self._entries
        if entries is None:
            with _MAKING:  # once, where two threads ask at once
                entries = self._entries
                if entries is None:
                    assert self._games is not None
                    entries = made(self._games, self.family.timed)
                    self._given = tuple(entries)
                    self._entries = entries
                    self._games = self._games._replace(times=())  # in the entries now
        return entries

    @entries.setter
    def entries(self, entries: list[E]) -> None:
        self.given()  # the entries as read are kept: a change since is told from them
        self._entries = entries

    def distinct(self) -> tuple[Sequence[E], Sequence[int]] | None:
        """How the entries repeat, while they are those read a distinct line at a time: the
        first entry of each distinct line, and for each entry the index of its line's (equal
        to it but for its time); None for a list read whole or changed since."""
        games = self._games
        if games is None or self.before:
            return None
        if self._entries is not None:  # made: unchanged since?
            now, given = self._entries, self._given
            if len(now) != len(given) or not all(map(operator.is_, now, given)):
                return None
        return games.distinct, games.which

    def untimed(self) -> Sequence[E] | None:
        """The entries but for their times, while :meth:`distinct` says how they repeat:
        each its line's first entry, none made (a walk that reads no time)."""
        return None if self.distinct() is None or self._games is None else Repeated(self._games)

    def given(self) -> tuple[E, ...]:
        """The entries as read (or as given when made)."""
        self.entries  # noqa: B018 - made, if they are not yet
        return self._given

    @property
    def count(self) -> int:
        """Entries on the list."""
        if self._entries is None and self._games is not None:
            return self.before + len(self._games.which)
        return self.before + len(self.entries)

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


def parse(path: Path | str, raw: bytes) -> ListFile[Any]:
    """The list in ``raw``, read strictly; a refused file raises a ``LedgerError`` naming
    every problem (up to ten) with its place."""
    with collector_off():  # a million objects, none referring back to another
        return _parse(Path(path), raw)


def _parse(path: Path, raw: bytes) -> ListFile[Any]:
    text = reading.text_of(path, without_bom(raw))
    lst = None if reading.may_hold_halves(text) else read_by_lines(path, text)
    lst = lst or read_whole(path, text)
    lst._read = (raw, tuple(lst.history))
    return lst


def read_whole(path: Path, text: str) -> ListFile[Any]:
    """The list in ``text`` read whole and checked: the reader that decides and words every
    problem (a refused file raises a ``LedgerError``)."""
    data, pairs = reading.read_json(path, text)
    reading.refuse_unread(path, data, pairs)
    half = reading.halves(data) if reading.may_hold_halves(text) else None
    problems = [half] if half is not None else list(reading.problems(data))
    if problems:
        raise LedgerError(reading.refusal(path, problems))
    return _list_of(path, data)


def read_by_lines(path: Path, text: str) -> ListFile[Any] | None:
    """The list in ``text`` read a distinct game line at a time (``store.lines``), each line
    by the same checks as ``read_whole``; None when it is to be read whole: laid out
    otherwise, or anything in it not sound (the whole read words it)."""
    found = cut(text)
    if found is None:
        return None
    skeleton, game_lines = found
    pairs = Pairs()
    try:
        data = json.loads(skeleton, object_pairs_hook=pairs.hook)
    except (ValueError, RecursionError):  # not JSON, or a number or nesting too long
        return None
    if type(data) is not dict or data.get("games") != [MARKER] or pairs.twice:
        return None
    data["games"] = []
    if data.get("format") != FORMAT_NAME or next(reading.problems(data), None) is not None:
        return None
    family = reading.family_of(data)
    names = frozenset(data["players"])
    # one decoder for every line: a key given twice anywhere leaves the file to the whole read
    seen = Pairs()
    decode = json.JSONDecoder(object_pairs_hook=seen.hook).raw_decode

    def read_one(body: str, time: str | None) -> Any:
        declarer, shape = without_declarer(body)
        key = (family.name, shape, time is not None, declarer is not None)
        hit = _LINES.get(key)
        if hit is None:
            hit = _line_read(family, decode, seen, body, time, declarer is not None)
            if hit is None:
                return None
            if len(_LINES) >= LINES_KEPT:
                _LINES.clear()
            _LINES[key] = hit
            entry = hit[0]
        else:
            time = entry_time(hit[0]) if time is None else time
            entry = family.timed(hit[0], time, declarer)
        if declarer is not None and declarer not in names:
            return None
        for name in hit[1]:
            if name not in names:
                return None
        return entry

    games = read_games(game_lines, read_one)
    return None if games is None else _list_of(path, data, games)


LINES_KEPT = 20_000
"""Distinct game lines kept read, in one process (a tournament's lists share many of them, a
season's more; a server reads lists for days)."""
_LINES: dict[tuple[str, str, bool, bool], tuple[Any, tuple[object, ...]]] = {}
"""(family, a line's JSON without its declarer, its time cut out, its declarer cut out) →
the entry read from it, and the names in it but the declarer cut out (each checked against
each list's players)."""


def _line_read(
    family: Family[Any, Any, Any],
    decode: Callable[[str], tuple[Any, int]],
    seen: Pairs,
    body: str,
    time: str | None,
    own_declarer: bool,
) -> tuple[Any, tuple[object, ...]] | None:
    """The entry in one game line's JSON ``body`` (its ``time`` cut out when not None), read
    by its kind's definition, and the player names it holds (but its declarer when each game
    gives its own: ``own_declarer``); None when it is not sound."""
    try:
        item, end = decode(body)
    except (ValueError, RecursionError):  # not JSON, or a number or nesting too long
        return None
    if end != len(body) or type(item) is not dict or seen.twice:
        return None
    if time is not None:
        if "time" in item:
            return None
        item["time"] = time
    kind = item.get("kind")
    record = next((r for r in family.kinds if r.name == kind), None)
    if record is None or record.problem(item) is not None:
        return None
    named = family.entry_names(item)
    names = tuple(n for f, n in named if not (own_declarer and f == "declarer"))
    return family.decode(item), names


def _list_of(path: Path, data: Mapping[str, Any], games: Games[Any] | None = None) -> ListFile[Any]:
    """The list of the checked ``data``; its games decoded here unless read a distinct line
    at a time (``games``)."""
    family = reading.family_of(data)
    decode = family.decode
    entries = None if games is None else ()
    if entries is None:
        entries = data.get("games", [])
        for index, stored in enumerate(entries):
            # in place: each object read is let go as its entry is made (a long list's peak)
            entries[index] = decode(stored)
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
    lst = ListFile(path, family, header, entries, history)
    if games is not None:
        lst._entries, lst._games = None, games
    return lst


def load(path: Path | str) -> ListFile[Any]:
    """Read and check a list strictly; refuse a corrupt or newer one with place and reason."""
    path = Path(path)
    return parse(path, read_bytes(path))


def family_at(path: Path | str) -> Family[Any, Any, Any]:
    """The family of the list at ``path`` (read strictly: a refused list raises)."""
    return load(path).family


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
        yield lst
        save(lst)
        if then is not None:
            then(lst)


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
