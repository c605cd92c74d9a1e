"""The list file, for every game family: a header (format, version, created, players, first
dealer, rules), the entries one a line, and the history of what was removed or replaced.

The format is defined once (``HEADER`` and ``HISTORY`` here, each family's entry kinds in its
plug-in), and from that one definition come the strict reader, the writer's check and the JSON
Schema that ``skatliste schema`` prints. The reader finds the family from the rule set's
preset (``families.find_family``) and names every problem with its file, entry, field and
reason; facts only are stored, every number is derived on each read.
"""

from __future__ import annotations

import contextlib
import json
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, Literal, TypeVar

from skatliste.errors import LedgerError, RuleSetError
from skatliste.families import Family, find_family
from skatliste.fields import (
    Const,
    Field,
    Integer,
    Items,
    Names,
    Nested,
    Record,
    Ref,
    Settings,
    Text,
    one_of,
)
from skatliste.i18n import Message, join, msg, nmsg
from skatliste.memory import collector_off
from skatliste.options import RuleSet, stored_problem
from skatliste.store import agree
from skatliste.store.files import (
    atomic_write,
    create_file,
    locked,
    now,
    read_bytes,
    without_bom,
)

FORMAT_NAME: Final = "skatliste"
FORMAT_VERSION: Final = 1
MAX_SHOWN = 10
"""Problems of a refused file named one by one; the rest are counted."""

RULES = Record(
    "rules",
    (
        Field("preset", Text(min_length=1), doc="the rule set's name; it names the game family"),
        Field("options", Settings(), doc="every option of the rule set, spelled out"),
    ),
    "The rule set: its preset and every option spelled out.",
)
HEADER = Record(
    "list",
    (
        Field("format", Const(FORMAT_NAME)),
        Field("version", Const(FORMAT_VERSION)),
        Field("created", Text()),
        Field("players", Names(2, 4), doc="in seat order"),
        Field("first_dealer", Text()),
        Field("rules", Nested(RULES)),
        Field(agree.FIELD, Items(agree.FIELD), [], "signatures, reopenings, protests, decisions"),
        Field("games", Items("entry"), [], "the entries, in the order played"),
        Field("history", Items("history"), [], "what was removed or replaced"),
    ),
    "A skatliste list file.",
)
HISTORY = Record(
    "history",
    (
        Field("action", Text(choices=("undo", "delete", "edit"))),
        Field("number", Integer(1), doc="the entry's number when it was removed or replaced"),
        Field("entry", Ref("entry")),
        Field("replaced_by", Ref("entry", nullable=True), None),
        Field("time", Text()),
    ),
    "An entry removed or replaced: nothing entered is ever lost.",
)

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
        self.rules: Any = _stored_rules(family, stored["preset"], stored["options"])[1]
        """The family's rule set (Skat's ``RuleSet``, American Grand's ``AmericanRules``)."""
        self.table: Any = family.table(header["players"], header["first_dealer"], self.rules)
        self.entries: list[E] = list(entries)
        self.before = 0
        """Entries not held: a list carried on from its kept state holds only those after."""
        self.kept: Any = None
        """The family's state after the last entry, when read from the kept state."""
        self.history: list[HistoryItem[E]] = list(history)
        # the entries as read (checked then): writing them again needs no second check
        self._checked = {id(e) for e in self.entries}
        self._read: tuple[bytes, tuple[E, ...], tuple[HistoryItem[E], ...]] | None = None
        """The file's bytes as read, with its entries and history then: a change that only
        adds entries at the end is written by adding their lines to those bytes."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.header["players"])

    @property
    def count(self) -> int:
        """Entries on the list."""
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
    problem = _header_problem(header)
    if problem is not None:
        where, why = problem
        if where:
            why = msg("{where}: {problem}", where=where, problem=why)
        raise LedgerError(msg("{path}: {why}; nothing written", path=str(path), why=why))
    return ListFile(path, family, header)


def _family(header: Mapping[str, Any]) -> Family[Any, Any, Any]:
    """The family of a header the reader accepted."""
    return find_family(header["rules"]["preset"])


# --- duplicate keys -------------------------------------------------------------------------
#
# JSON lets an object hold a key twice and Python's reader keeps the last value: a hand edit
# that adds `"augen": 20` after `"augen": 91` would silently win. The reader refuses it.


class _Pairs:
    """``json.loads``'s ``object_pairs_hook`` that notes every object holding a key twice."""

    def __init__(self) -> None:
        twice: dict[int, str] = {}
        self.twice = twice
        """id of an object read → the key it holds twice."""

        # a plain function, called once per object of the file: cheaper than a __call__
        def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
            found = dict(pairs)
            if len(found) != len(pairs):
                seen: set[str] = set()
                for key, _ in pairs:
                    if key in seen:
                        twice[id(found)] = key
                        break
                    seen.add(key)
            return found

        self.hook = hook


def _given_twice(twice: dict[int, str], where: str, value: Any) -> Message | None:
    """The first object inside ``value`` that holds a key twice, named by its place."""
    if isinstance(value, dict):
        if id(value) in twice:
            field = f"{where[:-1]}: " if where else ""
            return msg("{field}{key} is given twice", field=field, key=repr(twice[id(value)]))
        for key, sub in value.items():
            found = _given_twice(twice, f"{where}{key}.", sub)
            if found:
                return found
    return None


def _duplicate(
    data: dict[str, Any], pairs: _Pairs, family: Family[Any, Any, Any]
) -> Message | None:
    """Where the list holds a key twice (file part, entry, field), or None."""
    twice = pairs.twice
    if id(data) in twice:
        return msg("{key} is given twice", key=repr(twice[id(data)]))
    for part, value in data.items():
        if part in ("games", "history", agree.FIELD) and isinstance(value, list):
            for number, item in enumerate(value, 1):
                found = _given_twice(twice, "", item)
                if found:
                    return msg(
                        "{where}: {problem}", where=_where(part, number, family), problem=found
                    )
        else:
            found = _given_twice(twice, f"{part}.", value)
            if found:
                return found
    return None  # pragma: no cover - every object of the data is visited above


# --- the strict reader ----------------------------------------------------------------------


def _where(part: str, number: int, family: Family[Any, Any, Any]) -> Message:
    """``game 3``, ``entry 3``, ``history entry 2``."""
    if part == "history":
        return msg("history entry {number}", number=number)
    if part == agree.FIELD:
        return msg("{field} {number}", field=part, number=number)
    return family.stored_name(number)


def _header_problem(data: Mapping[str, Any]) -> tuple[str, Message] | None:
    """What is wrong with the header: its fields, the rule set, the table; with the place."""
    head = {k: v for k, v in data.items() if k not in ("games", "history")}
    problem = HEADER.problem(head)
    if problem is not None:
        return "", problem
    rules = data["rules"]
    try:
        family = find_family(rules["preset"])
    except RuleSetError as exc:
        return "rules", exc.message
    problem, rule_set = _stored_rules(family, rules["preset"], rules["options"])
    if problem is not None:
        return "rules", problem
    players = data["players"]
    folded = {p.casefold() for p in players}
    if len(folded) != len(players):
        return "", msg("players: every player needs a different name")
    if data["first_dealer"] not in players:
        return "", msg("first_dealer '{name}' is not one of the players", name=data["first_dealer"])
    counts = rule_set.player_counts
    if len(players) not in counts:
        return "", msg(
            "players: {count} players, but these rules are played by {counts}",
            count=len(players),
            counts=" or ".join(str(c) for c in counts),
        )
    return None


RULES_KEPT = 64
"""Distinct stored rule sets kept worked out (a server reads lists for days)."""
_RULES: dict[tuple[str, tuple[tuple[str, object], ...]], tuple[Message | None, Any]] = {}


def _stored_rules(
    family: Family[Any, Any, Any], preset: str, options: Mapping[str, object]
) -> tuple[Message | None, Any]:
    """What is wrong with a stored rule set's options (None), and else its rule set: worked
    out once per distinct rule set (a tournament's 750 lists store one)."""
    key = (preset, tuple(options.items()))
    found = _RULES.get(key)
    if found is None:
        if len(_RULES) >= RULES_KEPT:
            _RULES.clear()
        problem = stored_problem(family.presets, family.options, options)
        found = (problem, None if problem is not None else family.rules(preset, options))
        _RULES[key] = found
    return found


def _entry_problem(family: Family[Any, Any, Any], data: object) -> Message | None:
    """What is wrong with one stored entry by its kind's definition."""
    if type(data) is not dict:
        return msg("must be an object (found {found})", found=json.dumps(data)[:40])
    kind = data.get("kind")
    for record in family.kinds:
        if record.name == kind:
            return record.problem(data)
    kinds = ", ".join(r.name for r in family.kinds)
    return msg(
        "kind: must be one of {choices} (found {found})",
        choices=kinds,
        found=json.dumps(kind, ensure_ascii=False)[:40],
    )


def _names_problem(
    family: Family[Any, Any, Any], players: Sequence[str], where: Message, data: Mapping[str, Any]
) -> Message | None:
    """A name in a stored entry that is not one of the players: a hand edit (``"declarer":
    "anna"`` on Anna's list) would credit the points to nobody."""
    for field, name in family.entry_names(data):
        if name not in players:
            return msg(
                "{where}: {field} {name} is not a player of this list: {players} (names are "
                "written as the players line has them)",
                where=where,
                field=field,
                name=repr(name),
                players=", ".join(players),
            )
    return None


def _problems(data: dict[str, Any]) -> Iterator[Message]:
    """Everything wrong with the list's data, each with its place (the header first: when it
    is wrong, the entries cannot be read)."""
    head = _header_problem(data)
    if head is not None:
        where, problem = head
        yield msg("{where}: {problem}", where=where, problem=problem) if where else problem
        return
    family = _family(data)
    shown = tuple(data["players"])
    records = {r.name: r for r in family.kinds}
    names, entry_names = frozenset(shown), family.entry_names
    for number, item in enumerate(data.get("games", ()), 1):
        # the common case first, without a message made: an entry of a known kind, all right
        kind = item.get("kind") if type(item) is dict else None
        record = records.get(kind) if type(kind) is str else None
        wrong = _entry_problem(family, item) if record is None else record.problem(item)
        if wrong is None:
            for _, name in entry_names(item):
                if name not in names:
                    break
            else:
                continue
            at = _where("games", number, family)
            wrong = _names_problem(family, shown, at, item)
            if wrong is not None:
                yield wrong
            continue
        yield msg("{where}: {problem}", where=_where("games", number, family), problem=wrong)
    for number, item in enumerate(data.get("history", ()), 1):
        yield from _history_problems(family, shown, _where("history", number, family), item)
    yield from agree.problems(data, shown)


def _history_problems(
    family: Family[Any, Any, Any], shown: Sequence[str], at: Message, item: object
) -> Iterator[Message]:
    """What is wrong with one item of the history (its fields, its entries, their names)."""
    if type(item) is not dict:
        yield msg("{where}: {problem}", where=at, problem=_entry_problem(family, item))
        return
    wrong = HISTORY.problem(item)
    for key in ("entry", "replaced_by"):
        if wrong is None and item.get(key) is not None:
            inner = _entry_problem(family, item[key])
            if inner is not None:
                wrong = msg("{field}: {problem}", field=key, problem=inner)
                break
            named = _names_problem(
                family, shown, msg("{where}: {field}", where=at, field=key), item[key]
            )
            if named is not None:
                yield named
    if wrong is not None:
        yield msg("{where}: {problem}", where=at, problem=wrong)


def _read_json(path: Path, raw: bytes) -> tuple[Any, _Pairs]:
    pairs = _Pairs()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LedgerError(
            msg(
                "{path}: not a skatliste ledger (not UTF-8 text); the file was left untouched",
                path=str(path),
            )
        ) from None
    try:
        return json.loads(text, object_pairs_hook=pairs.hook), pairs
    except json.JSONDecodeError as err:
        raise LedgerError(
            msg(
                "{path}: line {line} column {column}: not valid JSON ({why}); the file was left "
                "untouched",
                path=str(path),
                line=err.lineno,
                column=err.colno,
                why=err.msg,
            )
        ) from None


def parse(path: Path | str, raw: bytes) -> ListFile[Any]:
    """The list in ``raw``, read strictly; a refused file raises a ``LedgerError`` naming
    every problem (up to ten) with its place."""
    with collector_off():  # a million objects, none referring back to another
        return _parse(Path(path), raw)


def _parse(path: Path, raw: bytes) -> ListFile[Any]:
    data, pairs = _read_json(path, without_bom(raw))
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise LedgerError(
            msg(
                '{path}: not a skatliste ledger (no "format": "skatliste"); left untouched',
                path=str(path),
            )
        )
    version = data.get("version")
    if type(version) is int and version > FORMAT_VERSION:
        raise LedgerError(
            msg(
                "{path}: format version {version} is newer than this skatliste understands "
                "(version {known}); update skatliste — the file was left untouched",
                path=str(path),
                version=version,
                known=FORMAT_VERSION,
            )
        )
    if pairs.twice:
        family = _family_or_default(data)
        twice = _duplicate(data, pairs, family)
        if twice is not None:
            raise LedgerError(
                msg(
                    "{path}: {problem} (a hand edit?): keep one of them; the file was left "
                    "untouched",
                    path=str(path),
                    problem=twice,
                )
            )
    problems = list(_problems(data))
    if problems:
        raise LedgerError(_refusal(path, problems))
    lst = _list_of(path, data)
    lst._read = (raw, tuple(lst.entries), tuple(lst.history))
    return lst


def _family_or_default(data: Mapping[str, Any]) -> Family[Any, Any, Any]:
    """The family a (maybe broken) list names, to word its problems; Skat when none."""
    from skatliste.families import families

    rules = data.get("rules")
    preset = rules.get("preset") if isinstance(rules, dict) else None
    try:
        return find_family(preset) if isinstance(preset, str) else families()[0]
    except RuleSetError:
        return families()[0]


def _refusal(path: Path, problems: Sequence[Message]) -> Message:
    lines = [msg("{path}: {problem}", path=str(path), problem=p) for p in problems[:MAX_SHOWN]]
    more = len(problems) - len(lines)
    if more > 0:
        lines.append(
            nmsg(
                "{path}: ... and {count} more problem",
                "{path}: ... and {count} more problems",
                more,
                path=str(path),
            )
        )
    return msg("{lines}", lines=join(lines, "\n"))


def _list_of(path: Path, data: Mapping[str, Any]) -> ListFile[Any]:
    family = _family(data)
    decode = family.decode
    entries: list[Any] = data.get("games", [])
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
    return ListFile(path, family, header, entries, history)


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
    problem = _entry_problem(family, data)
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
    checked = lst._checked
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
        where = _where("games", number, family)
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
    raw, entries, history = lst._read
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
