"""The list file: one JSON file per list, facts only; strict reading, atomic writes, a lock.

The file's format is defined once, by the pydantic models in ``skatliste.store.models``; their JSON
Schema is kept beside this module (``ledger_schema.json``, a test keeps it equal). Reading a
list checks it against that schema here, strictly (a ``true`` is not a 1, a ``"yes"`` not a
``true``), without importing pydantic: a list command starts fast. A refused file is handed
to pydantic to name every problem with its place.

The file header (format, players, rules) is read apart from the entries; the entries of the
Skat family are the ``game``, ``passed`` and ``ramsch`` kinds of the schema.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal

from skatliste.errors import LedgerError, RuleSetError
from skatliste.skat.entries import Entry, GameEntry, PassedEntry, RamschEntry, Table
from skatliste.skat.games import Declaration, GameType, Outcome, PaperValue
from skatliste.skat.rulesets import (
    FAMILY_TITLE,
    PRESETS,
    RuleSet,
    build_rule_set,
    family_of,
    options_of,
)
from skatliste.skat.sheet import Derived, Row, derive, rows

FORMAT_NAME: Final = "skatliste"
FORMAT_VERSION: Final = 1
LOCK_TIMEOUT = 10.0  # seconds to wait for another terminal's write
SCHEMA_FILE = Path(__file__).with_name("ledger_schema.json")


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the list format (from the pydantic models)."""
    from skatliste.store.models import json_schema as from_models

    return from_models()


# --- the format's own checks (beyond types and bounds) ------------------------------------


def rules_problem(preset: str, options: Mapping[str, object]) -> str | None:
    """What is wrong with a stored rule set: an unknown preset, option or value."""
    if preset not in PRESETS:
        return f"unknown preset '{preset}' (known: {', '.join(PRESETS)})"
    known = options_of(preset)  # each game family has its own options
    unknown = set(options) - set(known)
    if unknown:
        return f"unknown option(s) {', '.join(sorted(unknown))}"
    for key, value in options.items():
        try:
            known[key].convert(value)
        except RuleSetError as exc:
            return str(exc)
    return None


def table_problem(
    players: Sequence[str], first_dealer: str, options: Mapping[str, object]
) -> str | None:
    """What is wrong with a stored table: equal names, a dealer who is not a player, a
    player count the variant does not play."""
    from skatliste.players import same_name

    if len({same_name(p) for p in players}) != len(players):
        return "players: every player needs a different name"
    if first_dealer not in players:
        return f"first_dealer '{first_dealer}' is not one of the players"
    two = options.get("variant", "skat") != "skat"
    if two != (len(players) == 2):
        return "players: two-player rule sets have 2 players, Skat has 3 or 4"
    return None


def _entry_names(entry: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
    """Every player's name a stored entry holds, with its field (a Skat game or Ramsch, an
    American Grand deal)."""
    kind = entry.get("kind")
    if kind in ("game", "deal"):
        yield "declarer", entry.get("declarer")
    elif kind == "ramsch":
        for name in entry.get("augen", {}):
            yield "augen", name
        for name in entry.get("jungfrau", ()):
            yield "jungfrau", name
        if entry.get("durchmarsch") is not None:
            yield "durchmarsch", entry["durchmarsch"]


def names_problem(
    players: Sequence[str],
    games: Sequence[Mapping[str, Any]],
    history: Sequence[Mapping[str, Any]] = (),
) -> str | None:
    """The first name in a stored entry that is not one of the players, with its place: a
    hand edit (``"declarer": "anna"`` on Anna's list) would credit the points to nobody."""
    known = frozenset(players)

    def wrong(where: str, entry: Mapping[str, Any]) -> str | None:
        for field, name in _entry_names(entry):
            if name not in known:
                return (
                    f"{where}: {field} {name!r} is not a player of this list: "
                    f"{', '.join(players)} (names are written as the players line has them)"
                )
        return None

    for number, game in enumerate(games, 1):
        kind = game.get("kind")
        if kind == "passed" or (kind == "game" and game.get("declarer") in known):
            continue  # the common case, quickly
        problem = wrong(f"game {number}", game)
        if problem:
            return problem
    for number, item in enumerate(history, 1):
        for key in ("entry", "replaced_by"):
            entry = item.get(key)
            if entry is not None:
                problem = wrong(f"history entry {number}: {key}", entry)
                if problem:
                    return problem
    return None


# --- duplicate keys -----------------------------------------------------------------------
#
# JSON lets an object hold a key twice and Python's reader keeps the last value: a hand edit
# that adds `"augen": 20` after `"augen": 91` would silently win. The reader refuses it.


class _Pairs:
    """``json.loads``'s ``object_pairs_hook`` that notes every object holding a key twice."""

    def __init__(self) -> None:
        self.twice: dict[int, str] = {}
        """id of an object read → the key it holds twice."""

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    self.twice[id(found)] = key
                    break
                seen.add(key)
        return found


def loads(raw: bytes | str) -> tuple[Any, _Pairs]:
    """The JSON data of ``raw`` and the objects in it that hold a key twice."""
    pairs = _Pairs()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    return json.loads(text, object_pairs_hook=pairs), pairs


def _given_twice(twice: dict[int, str], where: str, value: Any) -> str | None:
    """The first object inside ``value`` that holds a key twice, named by its place."""
    if isinstance(value, dict):
        if id(value) in twice:
            field = f"{where[:-1]}: " if where else ""
            return f"{field}{twice[id(value)]!r} is given twice"
        for key, sub in value.items():
            found = _given_twice(twice, f"{where}{key}.", sub)
            if found:
                return found
    return None


def duplicate_problem(data: Any, pairs: _Pairs) -> str | None:
    """Where the list holds a key twice (file part, game, field), or None."""
    if not pairs.twice:
        return None
    twice = pairs.twice

    def inside(where: str, value: Any) -> str | None:
        return _given_twice(twice, where, value)

    if not isinstance(data, dict):
        return None
    if id(data) in twice:
        return f"{twice[id(data)]!r} is given twice"
    for part, value in data.items():
        if part in ("games", "history") and isinstance(value, list):
            what = "game" if part == "games" else "history entry"
            for number, item in enumerate(value, 1):
                found = inside("", item)
                if found:
                    return f"{what} {number}: {found}"
        else:
            found = inside(f"{part}.", value)
            if found:
                return found
    return None  # pragma: no cover - every object of the data is visited above


# --- the lean strict reader -------------------------------------------------------------
#
# A small interpreter of the JSON Schema subset the models produce. Strict like pydantic's
# strict mode: an integer is an int and not a bool, a boolean is a bool, a string a str.

_Schema = Mapping[str, Any]
_Check = Callable[[object], bool]
_TYPES: dict[str, Callable[[object], bool]] = {
    "integer": lambda v: type(v) is int,
    "boolean": lambda v: type(v) is bool,
    "string": lambda v: type(v) is str,
    "null": lambda v: v is None,
    "object": lambda v: type(v) is dict,
    "array": lambda v: type(v) is list,
}


def _between(low: int, high: int, measure: Callable[[Any], int]) -> _Check:
    return lambda v: low <= measure(v) <= high


class _Schemas:
    """The format's JSON Schema, loaded once, with the defaults and field order of each kind
    of entry (what writing leaves out and in which order it writes the rest)."""

    def __init__(self, schema: _Schema) -> None:
        self.root = schema
        self.defs: Mapping[str, _Schema] = schema.get("$defs", {})
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._compiled: dict[int, _Check] = {}
        games = schema["properties"]["games"]["items"]
        self.kinds: dict[str, _Schema] = {
            kind: self.resolve({"$ref": ref})
            for kind, ref in games["discriminator"]["mapping"].items()
        }
        self.defaults: dict[str, dict[str, object]] = {
            kind: {k: p["default"] for k, p in s["properties"].items() if "default" in p}
            for kind, s in self.kinds.items()
        }
        self.order: dict[str, tuple[str, ...]] = {
            kind: tuple(s["properties"]) for kind, s in self.kinds.items()
        }

    def resolve(self, schema: _Schema) -> _Schema:
        ref = schema.get("$ref")
        if ref is None:
            return schema
        return self.defs[ref.rsplit("/", 1)[1]]

    def pattern(self, text: str) -> re.Pattern[str]:
        found = self._patterns.get(text)
        if found is None:
            # JSON Schema's '$' is the end of the text, not before a final newline
            found = self._patterns[text] = re.compile(re.sub(r"\$$", r"\\Z", text))
        return found

    def valid(self, value: object, schema: _Schema) -> bool:
        """Does ``value`` satisfy ``schema``? (Which problem, pydantic says.)"""
        return self.checker(schema)(value)

    def checker(self, schema: _Schema) -> _Check:
        """``schema`` compiled to one function (once per schema: a list has many games)."""
        schema = self.resolve(schema)  # a part of the loaded schema: its id is stable
        found = self._compiled.get(id(schema))
        if found is None:
            found = self._compiled[id(schema)] = self._compile(schema)
        return found

    def _compile(self, schema: _Schema) -> _Check:
        schema = self.resolve(schema)
        if "anyOf" in schema:
            return self._any_of(schema)
        if "oneOf" in schema:
            return self._one_of(schema)
        checks = [*self._scalar_checks(schema), *self._nested_checks(schema)]
        if len(checks) == 1:
            return checks[0]
        if len(checks) == 2:
            one, two = checks
            return lambda v: one(v) and two(v)
        return lambda v: all(check(v) for check in checks)

    def _any_of(self, schema: _Schema) -> _Check:
        options = [self.checker(s) for s in schema["anyOf"]]
        if len(options) == 2 and schema["anyOf"][1] == {"type": "null"}:
            first = options[0]
            return lambda v: v is None or first(v)
        return lambda v: any(check(v) for check in options)

    def _one_of(self, schema: _Schema) -> _Check:
        key = schema["discriminator"]["propertyName"]
        by_kind = {
            kind: self.checker({"$ref": ref})
            for kind, ref in schema["discriminator"]["mapping"].items()
        }

        def one_of(v: object) -> bool:
            if type(v) is not dict:
                return False
            kind = v.get(key)
            check = by_kind.get(kind) if type(kind) is str else None
            return check is not None and check(v)

        return one_of

    def _scalar_checks(self, schema: _Schema) -> list[_Check]:
        """The type, const, enum, bounds, length and pattern of a value."""
        checks: list[_Check] = []
        kind = schema.get("type")
        if kind is not None:
            checks.append(_TYPES[kind])
        if "const" in schema:
            c = schema["const"]
            checks.append(lambda v: type(v) is type(c) and v == c)
        if "enum" in schema:
            allowed = {(type(e), e) for e in schema["enum"]}
            checks.append(lambda v: (type(v), v) in allowed)
        if kind == "integer" and ("minimum" in schema or "maximum" in schema):
            low = schema.get("minimum", -(2**63))
            high = schema.get("maximum", 2**63)
            checks.append(_between(low, high, lambda v: v))
        if kind in ("string", "array"):
            low = schema.get("minLength", schema.get("minItems", 0))
            high = schema.get("maxLength", schema.get("maxItems", 2**63))
            if low or high < 2**63:
                checks.append(_between(low, high, len))
        if "pattern" in schema:
            search = self.pattern(schema["pattern"]).search
            checks.append(lambda v: search(v) is not None)  # type: ignore[call-overload]
        return checks

    def _nested_checks(self, schema: _Schema) -> list[_Check]:
        """The items of an array, the properties of an object."""
        kind = schema.get("type")
        if kind == "array" and "items" in schema:
            item = self.checker(schema["items"])
            return [lambda v: all(item(x) for x in v)]
        if kind == "object":
            return [self._object(schema)]
        return []

    def _object(self, schema: _Schema) -> _Check:
        props = {k: self.checker(p) for k, p in schema.get("properties", {}).items()}
        required = frozenset(schema.get("required", ()))
        extra = schema.get("additionalProperties", True)
        extra_check = None if isinstance(extra, bool) else self.checker(extra)
        low = schema.get("minProperties", 0)
        high = schema.get("maxProperties", 2**63)

        def check(v: Any) -> bool:
            if not low <= len(v) <= high or not required <= v.keys():
                return False
            for key, item in v.items():
                sub = props.get(key)
                if sub is not None:
                    if not sub(item):
                        return False
                elif extra is False or (extra_check is not None and not extra_check(item)):
                    return False
            return True

        return check


_SCHEMAS: _Schemas | None = None


def schemas() -> _Schemas:
    """The format's schema, read once per process."""
    global _SCHEMAS
    if _SCHEMAS is None:
        _SCHEMAS = _Schemas(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
    return _SCHEMAS


def _header_problem(data: Mapping[str, Any]) -> str | None:
    rules = data["rules"]
    return rules_problem(rules["preset"], rules["options"]) or table_problem(
        data["players"], data["first_dealer"], rules["options"]
    )


# --- facts <-> stored form ----------------------------------------------------------------


def entry_data(entry: Entry) -> dict[str, object]:
    """A sheet entry as it is stored: every field that differs from its default, in the
    schema's order (exactly what pydantic's ``model_dump_json(exclude_defaults=True)`` gives)."""
    if isinstance(entry, PassedEntry):
        kind = "passed"
        values: dict[str, object] = {
            "bock_called": entry.bock_called,
            "note": entry.note,
            "time": entry.time,
        }
    elif isinstance(entry, RamschEntry):
        kind = "ramsch"
        values = {
            "augen": dict(entry.augen),
            "skat": entry.skat,
            "jungfrau": list(entry.jungfrau),
            "durchmarsch": entry.durchmarsch,
            "pushes": entry.pushes,
            "bock_called": entry.bock_called,
            "note": entry.note,
            "time": entry.time,
        }
    else:
        kind = "game"
        d, o = entry.declaration, entry.outcome
        paper = None
        if entry.paper is not None:
            paper = f"{entry.paper.value:+d}" if entry.paper.signed else str(entry.paper.value)
        values = {
            "declarer": entry.declarer,
            "game": d.game.value,
            "spitzen": d.spitzen,
            "mit": d.mit,
            "hand": d.hand,
            "ouvert": d.ouvert,
            "schneider_announced": d.schneider_announced,
            "schwarz_announced": d.schwarz_announced,
            "won": o.won,
            "augen": o.augen,
            "schneider": o.schneider,
            "schwarz": o.schwarz,
            "bid": o.bid,
            "kontra": o.kontra,
            "re": o.re,
            "bock": o.bock,
            "paper": paper,
            "kontra_bid": entry.kontra_bid,
            "bock_called": entry.bock_called,
            "note": entry.note,
            "time": entry.time,
        }
    s = schemas()
    defaults = s.defaults[kind]
    out: dict[str, object] = {"kind": kind}
    for key in s.order[kind][1:]:
        value = values[key]
        if key not in defaults or value != defaults[key] or type(value) is not type(defaults[key]):
            out[key] = value
    return out


def entry_line(entry: Entry) -> str:
    """An entry as its one line of the file; refused if the format does not allow it."""
    data = entry_data(entry)
    s = schemas()
    if not s.valid(data, s.kinds[str(data["kind"])]):
        from pydantic import BaseModel, ValidationError

        from skatliste.store.models import GameModel, PassedModel, RamschModel

        models: dict[str, type[BaseModel]] = {
            "game": GameModel,
            "passed": PassedModel,
            "ramsch": RamschModel,
        }
        model = models[str(data["kind"])]
        try:
            model.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"])
            raise LedgerError(
                f"{field}: {err['msg']} (found {err.get('input')!r}); nothing written"
            ) from None
        raise LedgerError(f"cannot store {data!r}; nothing written")  # pragma: no cover
    return _dumps_line(data)


def _dumps_line(data: Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


_DECLARATIONS: dict[tuple[Any, ...], Declaration] = {}
_OUTCOMES: dict[tuple[Any, ...], Outcome] = {}


def entry_from_data(stored: Mapping[str, Any] | Any) -> Entry:
    """A stored entry (checked against the schema) as the sheet uses it.

    Takes the stored dict, or a pydantic model of one, or an entry (returned as it is). A
    season repeats the same few hundred declarations and outcomes: equal ones are shared
    objects, which keeps loading a long list cheap and lets the value cache hit.
    """
    if isinstance(stored, GameEntry | PassedEntry | RamschEntry):
        return stored
    if not isinstance(stored, Mapping):
        stored = stored.model_dump()
    kind = stored["kind"]
    m = {**schemas().defaults[kind], **stored}
    if kind == "passed":
        return PassedEntry(bock_called=m["bock_called"], note=m["note"], time=m["time"])
    if kind == "ramsch":
        return RamschEntry(
            augen=tuple(m["augen"].items()),
            skat=m["skat"],
            jungfrau=tuple(m["jungfrau"]),
            durchmarsch=m["durchmarsch"],
            pushes=m["pushes"],
            bock_called=m["bock_called"],
            note=m["note"],
            time=m["time"],
        )
    paper = None
    if m["paper"] is not None:
        text = m["paper"].replace("−", "-")
        paper = PaperValue(int(text), text[0] in "+-")
    dkey = (
        m["game"],
        m["spitzen"],
        m["mit"],
        m["hand"],
        m["ouvert"],
        m["schneider_announced"],
        m["schwarz_announced"],
    )
    declaration = _DECLARATIONS.get(dkey)
    if declaration is None:
        declaration = _DECLARATIONS[dkey] = Declaration(
            game=GameType(m["game"]),
            spitzen=m["spitzen"],
            mit=m["mit"],
            hand=m["hand"],
            ouvert=m["ouvert"],
            schneider_announced=m["schneider_announced"],
            schwarz_announced=m["schwarz_announced"],
        )
    okey = (
        m["won"],
        m["augen"],
        m["schneider"],
        m["schwarz"],
        m["bid"],
        m["kontra"],
        m["re"],
        m["bock"],
    )
    outcome = _OUTCOMES.get(okey)
    if outcome is None:
        outcome = _OUTCOMES[okey] = Outcome(
            won=m["won"],
            augen=m["augen"],
            schneider=m["schneider"],
            schwarz=m["schwarz"],
            bid=m["bid"],
            kontra=m["kontra"],
            re=m["re"],
            bock=m["bock"],
        )
    return GameEntry(
        declarer=m["declarer"],
        declaration=declaration,
        outcome=outcome,
        paper=paper,
        kontra_bid=m["kontra_bid"],
        bock_called=m["bock_called"],
        note=m["note"],
        time=m["time"],
    )


model_to_entry = entry_from_data  # the name the CLI's history command knows


@dataclass(frozen=True)
class HistoryItem:
    """A game removed or replaced: nothing entered is ever lost."""

    action: Literal["undo", "delete", "edit"]
    number: int
    """The game's number when it was removed or replaced."""
    entry: Entry
    replaced_by: Entry | None
    time: str


def _history_data(item: HistoryItem) -> dict[str, object]:
    data: dict[str, object] = {
        "action": item.action,
        "number": item.number,
        "entry": entry_data(item.entry),
    }
    if item.replaced_by is not None:
        data["replaced_by"] = entry_data(item.replaced_by)
    data["time"] = item.time
    return data


class Ledger:
    """A loaded list: its table, its entries, its history, and where it lives."""

    def __init__(
        self,
        path: Path,
        header: Mapping[str, Any],
        games: Sequence[Any] = (),
        history: Sequence[Any] = (),
    ) -> None:
        self.path = path
        self.backup: Path | None = None
        """Where ``create(..., force=True)`` kept the list this one replaced."""
        self.header = dict(header)
        self.created: str = header["created"]
        rules = header["rules"]
        self.rules: RuleSet = build_rule_set(rules["preset"], rules["options"])
        self.table = Table(tuple(header["players"]), header["first_dealer"], self.rules)
        self.entries: list[Entry] = [entry_from_data(g) for g in games]
        # the entries as read (checked then): writing them again needs no second check
        self._read = tuple(self.entries)
        self._checked = {id(e) for e in self._read}
        self.history: list[HistoryItem] = [
            HistoryItem(
                action=h["action"],
                number=h["number"],
                entry=entry_from_data(h["entry"]),
                replaced_by=None
                if h.get("replaced_by") is None
                else entry_from_data(h["replaced_by"]),
                time=h["time"],
            )
            for h in history
        ]

    @property
    def count(self) -> int:
        """Games on the list."""
        return len(self.entries)

    def record(
        self,
        action: Literal["undo", "delete", "edit"],
        number: int,
        entry: Entry,
        replaced_by: Entry | None,
    ) -> None:
        """Keep a removed or replaced game in the history."""
        self.history.append(HistoryItem(action, number, entry, replaced_by, now()))


def now() -> str:
    """The time stamp stored with each entry (UTC, ISO 8601, seconds)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def new_ledger(
    path: Path, players: list[str], *, first_dealer: str | None, rules: RuleSet
) -> Ledger:
    """A fresh list (not yet written)."""
    header = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "created": now(),
        "players": list(players),
        "first_dealer": first_dealer or players[0],
        "rules": {"preset": rules.preset, "options": dict(rules.options)},
    }
    problem = _header_problem(header)
    if problem:
        raise LedgerError(f"{path}: {problem}; nothing written")
    return Ledger(path, header)


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
    msg = err.get("msg", "invalid").removeprefix("Value error, ")
    got = err.get("input")
    shown = "" if isinstance(got, dict | list) or got is None else f" (found {got!r})"
    return f"{path}: {where}{field + ': ' if field else ''}{msg}{shown}"


def read_bytes(path: Path | str) -> bytes:
    """The list's bytes, or the reason there are none."""
    path = Path(path)
    try:
        return path.read_bytes()
    except FileNotFoundError:
        import shlex

        # the list named is where the new one belongs: say so (the default needs no option)
        ledger = "" if str(path) == "skatliste.json" else f" --ledger {shlex.quote(str(path))}"
        raise LedgerError(
            f"{path}: no ledger here; start one with "
            f"'skatliste new --players Anna Ben Carl{ledger}' (or give --ledger PATH)"
        ) from None
    except IsADirectoryError:
        raise LedgerError(f"{path}: is a directory, not a ledger file") from None
    except OSError as exc:
        raise LedgerError(f"{path}: cannot read: {exc.strerror or exc}") from None


_PRESET = re.compile(rb'"preset"\s*:\s*"([^"\\]*)"')


def family_of_text(raw: bytes) -> str:
    """The game family a list is for, named by its rule set's preset (the format has no other
    "preset" key, and the header comes first: the search stops there)."""
    m = _PRESET.search(raw)
    return family_of(m.group(1).decode("utf-8", "replace")) if m else "skat"


def family_at(path: Path | str) -> str:
    """The game family of the list at ``path`` (``skat`` when there is none to read: the
    command that loads it then says why)."""
    try:
        with open(path, "rb") as fh:
            return family_of_text(fh.read(1 << 16))
    except OSError:
        return "skat"


def parse(path: Path | str, raw: bytes) -> dict[str, Any]:
    """The list's data, checked strictly against the format; a refused file raises a
    LedgerError naming every problem (up to ten) with its place. A list of another game
    family (American Grand) is refused: its own store reads it."""
    path = Path(path)
    family = family_of_text(raw)
    if family != "skat":
        raise LedgerError(
            f"{path}: an {FAMILY_TITLE[family]} list, not a Skat list: this command is for "
            "Skat lists (see 'skatliste --help')"
        )
    try:
        data, pairs = loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        data = pairs = None
    s = schemas()
    if pairs is not None and pairs.twice:
        raise LedgerError(_explain_invalid(path, raw))
    if data is not None and s.valid(data, s.root):
        problem = _header_problem(data) or names_problem(
            data["players"], data["games"], data["history"]
        )
        if problem is None:
            return data  # type: ignore[no-any-return]
    raise LedgerError(_explain_invalid(path, raw))


def load(path: Path | str) -> Ledger:
    """Read and check a list strictly; refuse a corrupt or newer one with place and reason."""
    path = Path(path)
    data = parse(path, read_bytes(path))
    games, history = data.pop("games", []), data.pop("history", [])
    return Ledger(path, data, games, history)


def _explain_invalid(path: Path, raw: bytes) -> str:
    try:
        data, pairs = loads(raw)
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
    twice = duplicate_problem(data, pairs)
    if twice:
        return f"{path}: {twice} (a hand edit?): keep one of them; the file was left untouched"
    from pydantic import ValidationError

    from skatliste.store.models import LedgerModel

    try:
        LedgerModel.model_validate_json(raw)
    except ValidationError as exc:
        errors = exc.errors()
        lines = [_describe(path, e) for e in errors[:10]]
        more = len(errors) - len(lines)
        if more > 0:
            lines.append(f"{path}: ... and {more} more problem(s)")
        return "\n".join(lines)
    # the lean reader refused what the models accept: a bug, said plainly
    return f"{path}: the list does not match its schema (a skatliste bug: please report it)"


# --- writing ------------------------------------------------------------------------------


def dumps(ledger: Ledger) -> str:
    """The file text: the header indented, each game on a line of its own (easy to read and
    to diff; a hand edit touches one line)."""
    head = json.dumps(ledger.header, ensure_ascii=False, indent=2)[:-2]  # without "\n}"

    def block(name: str, lines: Sequence[str]) -> str:
        if not lines:
            return f'  "{name}": []'
        body = ",\n    ".join(lines)
        return f'  "{name}": [\n    {body}\n  ]'

    games = []
    checked = ledger._checked
    for number, entry in enumerate(ledger.entries, 1):
        if id(entry) in checked:
            games.append(_dumps_line(entry_data(entry)))
            continue
        try:
            games.append(entry_line(entry))
        except LedgerError as exc:
            raise LedgerError(f"{ledger.path}: game {number}: {exc}") from None
    history = [_dumps_line(_history_data(h)) for h in ledger.history]
    return f"{head},\n{block('games', games)},\n{block('history', history)}\n}}\n"


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
    "create it first, or give another {option})",
    errno.ENOTDIR: "{folder} is not a folder",
    errno.EACCES: "no permission to write in the folder {folder}",
    errno.EPERM: "no permission to write in the folder {folder}",
    errno.EROFS: "the folder {folder} is on a read-only file system",
}


def _cause(exc: OSError, folder: Path) -> str:
    """The real reason a file cannot be made in ``folder``, in words."""
    known = _CAUSES.get(exc.errno or 0)
    if exc.errno == errno.ENOENT and folder.is_dir():
        # the folder is there but makes no files (/proc, /sys): not a missing folder
        return f"the folder {folder} takes no new files ({exc.strerror}); give another --ledger"
    if known is not None:
        return known.format(folder=folder, option="--ledger")
    return f"cannot write in the folder {folder}: {exc.strerror or exc}"


def _check_folder(path: Path, *, option: str = "--ledger") -> None:
    """Refuse at once, with the cause, a file whose folder cannot hold it (``option`` is the
    one that names another place: ``--ledger`` for a list, ``-o`` for an export)."""
    folder = real_path(path).parent
    if not folder.exists():
        # a missing folder: say which one (a file on the way reads as 'not a folder')
        probe = folder
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            raise LedgerError(f"{path}: {probe} is a file, not a folder; nothing written")
        raise LedgerError(f"{path}: {_CAUSES[errno.ENOENT].format(folder=folder, option=option)}")
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


def atomic_write(
    path: Path,
    text: str | bytes | Sequence[bytes | memoryview],
    *,
    what: str = "ledger",
    durable: bool = True,
) -> None:
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
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp_name, real)
        tmp_name = None
        if durable:
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
_TOURNAMENT_HEADER = re.compile(rb'"format"\s*:\s*"skatliste-tournament"')


def is_list(path: Path | str) -> bool:
    """Does ``path`` hold a skatliste list (its header says so)?"""
    return _head_matches(path, _LIST_HEADER)


def _head_matches(path: Path | str, header: re.Pattern[bytes]) -> bool:
    try:
        with open(path, "rb") as fh:
            head = fh.read(1 << 16)
    except OSError:
        return False
    return header.search(head) is not None


def skatliste_file(path: Path | str) -> str | None:
    """What skatliste keeps in ``path`` (symlinks followed), in words, or None for a file
    that is not skatliste's: a list or a tournament file by its header; a derivation cache,
    the tournament cache, a key file, a lock file or a backup by its name.

    >>> skatliste_file("x/.skatliste-cache.json"), skatliste_file("x/abend.json.key")
    ('cache', 'key file')
    """
    real = real_path(path)
    name = real.name
    if name.endswith(".json.cache") or name == ".skatliste-cache.json":
        return "cache"
    if name.endswith(".json.key") or (
        name == "keys.json" and (real.parent / "tournament.json").exists()
    ):
        return "key file"
    if name.endswith(".json.lock"):
        return "lock file"
    if is_list(real):
        return "backup of a list" if name.endswith(".bak") else "list"
    if _head_matches(real, _TOURNAMENT_HEADER):
        return "tournament file"
    return None


def refuse_list_target(output: Path | str, *, lists: Sequence[Path | str] = ()) -> None:
    """Refuse an output file that is one of skatliste's own: one of ``lists`` (paths compared
    with symlinks followed), or any list, tournament file, cache, key file, lock file or
    backup (``skatliste_file``). Every command's output path goes through here."""
    real = real_path(output)
    for ledger in lists:
        if real == real_path(ledger):
            raise LedgerError(
                f"{output}: this is the list {ledger} itself; writing there would replace the "
                "evening. Nothing written: give another file, e.g. -o evening.csv"
            )
    kind = skatliste_file(real)
    if kind is not None:
        link = "" if real == Path(os.path.abspath(output)) else f" (a link to {real})"
        raise LedgerError(
            f"{output}{link}: is a skatliste {kind}; writing there would replace it. "
            "Nothing written: give another file"
        )


def write_output(path: Path | str, text: str | bytes, *, lists: Sequence[Path | str] = ()) -> None:
    """Write an export (CSV, HTML, ...) atomically, but never onto a skatliste file."""
    path = Path(path)
    refuse_list_target(path, lists=lists)
    _check_folder(path, option="-o FILE")
    atomic_write(path, text, what="file")


@contextlib.contextmanager
def _flock(lock_file: Path, path: Path) -> Iterator[None]:
    """flock(2) on the lock file, polled until LOCK_TIMEOUT: what filelock does on POSIX,
    without its imports (a list command starts faster; both lock the same way)."""
    import fcntl
    import time

    fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        deadline = time.monotonic() + LOCK_TIMEOUT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise LedgerError(
                        f"{path}: another skatliste is writing this ledger "
                        f"(waited {LOCK_TIMEOUT:.0f} s); try again"
                    ) from None
                time.sleep(0.02)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


@contextlib.contextmanager
def _filelock(lock_file: Path, path: Path) -> Iterator[None]:
    """filelock, where there is no flock (Windows)."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(lock_file), timeout=LOCK_TIMEOUT)
    try:
        with lock:
            yield
    except Timeout:
        raise LedgerError(
            f"{path}: another skatliste is writing this ledger (waited {LOCK_TIMEOUT:.0f} s); "
            "try again"
        ) from None


@contextlib.contextmanager
def locked(path: Path | str) -> Iterator[None]:
    """Hold the list's exclusive lock (``NAME.lock`` beside the real file) while reading,
    changing and writing. A folder that cannot hold the list is refused at once, with the
    cause; a lock file made for a list that still does not exist is removed again."""
    path = Path(path)
    _check_folder(path)
    lock_file = lock_path(path)
    made = not lock_file.exists()
    try:
        # open it once here so that a folder we cannot write in is named at once, not
        # blamed on another writer after the timeout
        os.close(os.open(lock_file, os.O_WRONLY | os.O_CREAT, 0o666))
    except OSError as exc:
        raise LedgerError(f"{path}: {_cause(exc, lock_file.parent)}; nothing written") from None
    hold = _flock if os.name == "posix" else _filelock
    try:
        with hold(lock_file, path):
            yield
    except PermissionError as exc:
        raise LedgerError(f"{path}: cannot lock: {exc.strerror or exc}") from None
    finally:
        if made and not real_path(path).exists():
            with contextlib.suppress(OSError):
                lock_file.unlink()


def save(ledger: Ledger, *, derived: Derived | None = None) -> None:
    """Check and write atomically (the caller holds the lock); a long list's derivation is
    kept beside it for the next command."""
    data = dumps(ledger).encode("utf-8")
    atomic_write(ledger.path, data)
    if len(ledger.entries) >= CACHE_FROM:
        games_end = data.rfind(_GAMES_END)
        if games_end > 0:
            _write_cache(
                ledger.path,
                _Key.of(data, games_end),
                derived or derive(ledger.table, ledger.entries),
            )


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


# --- the derivation cache of a long list ------------------------------------------------
#
# Every number on the sheet is derived from the facts. For a long list (a club's seasons)
# the store keeps the derivation after the last game in NAME.json.cache, keyed to the exact
# bytes of the list (length and hash) and to the scoring code: an `add` then reads no game
# before it, and `summary` scores none. Any difference in the bytes (a hand edit, another
# program's write) or in the code means the whole list is read, checked strictly and
# derived again, as without a cache. `check` never uses it.

CACHE_FROM = 200
"""Games from which a list keeps its derivation: shorter lists are derived afresh in a few
milliseconds, and stay one file."""
CACHE_VERSION = 2
_GAMES_END = b'\n  ],\n  "history": ['
_GAMES_START = b',\n  "games": ['


def cache_path(path: Path | str) -> Path:
    """The derivation cache: beside the real list (``NAME.json.cache``)."""
    real = real_path(path)
    return real.with_name(real.name + ".cache")


_CODE_KEY: str | None = None


def _code_key() -> str:
    """The fingerprint of the code a derivation depends on: the scoring (a fixed rule fixes
    history, cached or not) and the reading (a stricter check reads every list again)."""
    global _CODE_KEY
    if _CODE_KEY is None:
        import hashlib

        from skatliste.skat import entries, games, problems, rounds, rules, rulesets, sheet

        h = hashlib.blake2b(digest_size=16)
        for module in (entries, games, problems, rounds, rules, rulesets, sheet):
            h.update(Path(str(module.__file__)).read_bytes())
        h.update(Path(__file__).read_bytes())
        h.update(SCHEMA_FILE.read_bytes())
        _CODE_KEY = h.hexdigest()
    return _CODE_KEY


def code_key() -> str:
    """The fingerprint of the scoring and reading code (``_code_key``), for every cache of
    derived numbers: the list's derivation cache and the tournament's results cache."""
    return _code_key()


def _sha256(data: bytes | memoryview = b"") -> Any:
    import hashlib

    return hashlib.sha256(data)


@dataclass
class _Key:
    """What a derivation is keyed to: the list's length, the hash of its bytes up to the
    end of the last game (``head``) and of the rest (``tail``: the closing bracket and the
    history), and the scoring code. Split so that an add hashes the list once: the new
    head's hash carries on from the old one's."""

    size: int
    games_end: int
    head: Any
    """The hash object of the bytes up to ``games_end`` (sha256)."""
    tail: str

    def data(self) -> dict[str, object]:
        return {
            "version": CACHE_VERSION,
            "code": _code_key(),
            "size": self.size,
            "games_end": self.games_end,
            "head": self.head.hexdigest(),
            "tail": self.tail,
        }

    @classmethod
    def of(cls, raw: bytes | memoryview, games_end: int) -> _Key:
        view = memoryview(raw)
        return cls(
            len(view), games_end, _sha256(view[:games_end]), _sha256(view[games_end:]).hexdigest()
        )

    def inserted(self, insert: bytes) -> _Key:
        """The key of the list with ``insert`` put in after the last game."""
        head = self.head.copy()
        head.update(insert)
        return _Key(self.size + len(insert), self.games_end + len(insert), head, self.tail)


# The cache checks itself: its payload's hash is stored in front of it and recomputed on
# every read, so an edit of the cache file (a number changed by hand) is never believed.
_CACHE_OPEN = b'{"check": "'
_CACHE_MIDDLE = b'", "payload": '
_CACHE_CLOSE = b"}"
_CHECK_DIGITS = 64  # sha256 in hex


def _check_of(data: bytes | memoryview) -> bytes:
    """The self-check of a kept file's contents: their SHA-256 in hex."""
    digest: str = _sha256(data).hexdigest()
    return digest.encode("ascii")


def _cache_bytes(payload: bytes) -> bytes:
    """The cache file: the payload's hash, then the payload."""
    check = _check_of(payload)
    return _CACHE_OPEN + check + _CACHE_MIDDLE + payload + _CACHE_CLOSE


def _cache_payload(stored: bytes) -> bytes | None:
    """The payload of a cache file whose hash is right, else None."""
    start = len(_CACHE_OPEN) + _CHECK_DIGITS + len(_CACHE_MIDDLE)
    if (
        not stored.startswith(_CACHE_OPEN)
        or stored[start - len(_CACHE_MIDDLE) : start] != _CACHE_MIDDLE
        or not stored.endswith(_CACHE_CLOSE)
    ):
        return None
    payload = stored[start : -len(_CACHE_CLOSE)]
    check = stored[len(_CACHE_OPEN) : len(_CACHE_OPEN) + _CHECK_DIGITS]
    if _check_of(payload) != check:
        return None
    return payload


def _write_cache(path: Path, key: _Key, derived: Derived) -> None:
    """Keep the derivation beside the list (best effort: without it, commands derive). Not
    fsync'd: a cache lost in a crash is only derived again."""
    data = {**key.data(), "derived": derived.to_json()}
    stored = _cache_bytes(json.dumps(data).encode("utf-8"))
    with contextlib.suppress(LedgerError, OSError):
        atomic_write(cache_path(path), stored, what="cache", durable=False)


def _read_cache(path: Path, raw: bytes) -> tuple[Derived, _Key] | None:
    """The cached derivation and the list's key, if it is the derivation of ``raw`` and the
    cache file is as it was written (its hash holds)."""
    try:
        payload = _cache_payload(cache_path(path).read_bytes())
        if payload is None:
            return None
        data = json.loads(payload)
        if not isinstance(data, dict) or data.get("size") != len(raw):
            return None
        games_end = data.get("games_end")
        if type(games_end) is not int or raw[games_end : games_end + len(_GAMES_END)] != _GAMES_END:
            return None
        key = _Key.of(raw, games_end)
        if any(data.get(k) != v for k, v in key.data().items()):
            return None
        return Derived.from_json(data["derived"]), key
    except (OSError, ValueError, KeyError, TypeError):
        return None


@contextlib.contextmanager
def _mapped(path: Path) -> Iterator[bytes]:
    """The list's bytes, mapped rather than copied (a long list is hashed and written from
    the page cache directly); the bytes read in full where mapping is not possible."""
    import mmap

    try:
        with open(path, "rb") as fh:
            mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        yield read_bytes(path)
        return
    try:
        yield mapped  # type: ignore[misc]
    finally:
        with contextlib.suppress(BufferError):
            mapped.close()


def _header(raw: bytes) -> dict[str, Any] | None:
    """The header of a list in the layout skatliste writes (None in any other layout)."""
    start = raw.find(_GAMES_START)
    if start < 0:
        return None
    try:
        data = json.loads(raw[:start] + b"\n}")
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


@dataclass
class Standing:
    """A list as far as the next game needs it: the table and the derived sheet."""

    path: Path
    table: Table
    derived: Derived
    created: str

    @property
    def rules(self) -> RuleSet:
        return self.table.rules

    @property
    def count(self) -> int:
        """Games on the list."""
        return self.derived.count


def standing(path: Path | str) -> Standing:
    """The list's table and derived sheet: from the cache when it matches the list's bytes,
    else by reading and deriving the whole list (strictly, as ``load``)."""
    path = Path(path)
    if not path.is_file():
        read_bytes(path)  # raises the reason there is no list
    with _mapped(path) as raw:
        found = _read_cache(path, raw)
        header = _header(raw) if found is not None else None
    if found is None or header is None:
        ledger = load(path)
        return Standing(path, ledger.table, derive(ledger.table, ledger.entries), ledger.created)
    return Standing(path, _table(header), found[0], header["created"])


def _table(header: Mapping[str, Any]) -> Table:
    rules = header["rules"]
    rule_set = build_rule_set(rules["preset"], rules["options"])
    return Table(tuple(header["players"]), header["first_dealer"], rule_set)


class Appending(Standing):
    """A list open to add games at its end (``appending``)."""

    def __init__(self, standing: Standing) -> None:
        super().__init__(standing.path, standing.table, standing.derived, standing.created)
        self.added: list[Entry] = []
        self.lines: list[str] = []

    def row(self, entry: Entry) -> Row:
        """The row ``entry`` would get as the next game (nothing is added)."""
        return next(rows(self.table, [entry], after=self.derived))

    def append(self, entry: Entry) -> Row:
        """Add ``entry`` as the next game; its row. Refused if the format cannot store it."""
        try:
            line = entry_line(entry)
        except LedgerError as exc:
            raise LedgerError(f"{self.path}: game {self.count + 1}: {exc}") from None
        row = self.row(entry)
        self.derived = derive(self.table, [entry], after=self.derived)
        self.added.append(entry)
        self.lines.append(line)
        return row


@contextlib.contextmanager
def appending(path: Path | str) -> Iterator[Appending]:
    """Add games at the end of a list under its lock; written atomically when the block ends.

    A long list with a matching derivation cache is not read game by game: the new lines are
    put in after the last game, the rest of the bytes are written as they were. Otherwise
    the list is read strictly and derived in full, as ``updating`` does.
    """
    path = Path(path)
    if not path.exists():
        load(path)  # raises the 'no ledger here' error (or the folder's)
    with locked(path), _mapped(path) as raw:
        found = _read_cache(path, raw)
        header = _header(raw) if found is not None else None
        if found is None or header is None:
            ledger = load(path)
            open_list = Appending(
                Standing(path, ledger.table, derive(ledger.table, ledger.entries), ledger.created)
            )
            yield open_list
            if open_list.added:
                ledger.entries.extend(open_list.added)
                save(ledger, derived=open_list.derived)
            return
        derived, key = found
        open_list = Appending(Standing(path, _table(header), derived, header["created"]))
        yield open_list
        if not open_list.added:
            return
        insert = "".join(f",\n    {line}" for line in open_list.lines).encode("utf-8")
        end = key.games_end
        with memoryview(raw) as view:
            atomic_write(path, [view[:end], insert, view[end:]])
        _write_cache(path, key.inserted(insert), open_list.derived)


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
    backup = create_file(ledger.path, lambda: save(ledger), force=force)
    ledger.backup = backup
    return backup


def create_file(path: Path, write: Callable[[], None], *, force: bool) -> Path | None:
    """Under the lock: refuse to overwrite a list without ``force``, keep the old one as a
    backup, then ``write`` the new one (a Skat list, or another game family's). Another file
    of skatliste's own (a tournament file, a cache, a key, a backup) is never replaced."""
    kind = skatliste_file(path)
    if kind not in (None, "list"):
        raise LedgerError(
            f"{path}: is a skatliste {kind}, not a list; a new list never replaces it "
            "(not even with --force). Nothing written: give another --ledger"
        )
    with locked(path):
        exists = path.exists()
        if exists and not force:
            raise LedgerError(
                f"{path}: a ledger exists already; use --force to start over "
                "(the old list is kept as a backup) or --ledger NEW.json for a second list"
            )
        backup = None
        if exists:
            if real_path(path).is_dir():
                raise LedgerError(f"{path}: is a directory, not a ledger file")
            _check_writable(path, real_path(path), "ledger")
            backup = backup_path(path)
            try:
                old = real_path(path).read_bytes()
            except OSError as exc:
                raise LedgerError(
                    f"{path}: cannot read it to keep a backup: {exc.strerror or exc}; "
                    "nothing written"
                ) from None
            atomic_write(backup, old, what="ledger")
        write()
    return backup


# --- the printed sheet of a long list ---------------------------------------------------
#
# `sheet` prints every game of the list: on a club's 100,000 games, reading, checking and
# deriving them all costs many times the printing. A long list keeps its last printed sheet
# in NAME.json.sheet, keyed to the list's exact bytes and to all of skatliste's code (and
# tabulate's) that makes the text, and checked by a hash of its own: any difference means
# the list is read strictly and the sheet made again.

_SHEET_MAGIC = b"skatliste sheet "


def sheet_cache_path(path: Path | str) -> Path:
    """The printed sheet of a long list: beside the real list (``NAME.json.sheet``)."""
    real = real_path(path)
    return real.with_name(real.name + ".sheet")


_TEXT_KEY: str | None = None


def _text_code_key() -> str:
    """The fingerprint of everything a printed text depends on: every file of skatliste but
    the web app's, and the table-drawing library (its file's size and time)."""
    global _TEXT_KEY
    if _TEXT_KEY is None:
        import hashlib
        from importlib.util import find_spec

        h = hashlib.blake2b(digest_size=16)
        package = Path(__file__).parent
        for file in sorted(package.rglob("*")):
            parts = file.relative_to(package).parts
            if file.is_file() and "web" not in parts and "__pycache__" not in parts:
                h.update(str(file.relative_to(package)).encode())
                h.update(file.read_bytes())
        spec = find_spec("tabulate")
        if spec is not None and spec.origin:
            st = os.stat(spec.origin)
            h.update(f"{spec.origin} {st.st_size} {st.st_mtime_ns}".encode())
        _TEXT_KEY = h.hexdigest()
    return _TEXT_KEY


def _text_key(raw: bytes | memoryview, what: str) -> bytes:
    key = {
        "code": _text_code_key(),
        "what": what,
        "size": len(raw),
        "list": _sha256(raw).hexdigest(),
    }
    return json.dumps(key, ensure_ascii=True).encode("ascii")


def _read_text(path: Path, key: bytes) -> memoryview | None:
    """The kept text for ``key`` (UTF-8), if the file is as it was written."""
    try:
        stored = sheet_cache_path(path).read_bytes()
    except OSError:
        return None
    head_end = len(_SHEET_MAGIC) + _CHECK_DIGITS
    if not stored.startswith(_SHEET_MAGIC) or stored[head_end : head_end + 1] != b"\n":
        return None
    body = memoryview(stored)[head_end + 1 :]
    if body[: len(key) + 1] != key + b"\n":
        return None
    if _check_of(body) != stored[len(_SHEET_MAGIC) : head_end]:
        return None
    return body[len(key) + 1 :]


def printed(path: Path | str, what: str, make: Callable[[Ledger], str]) -> bytes | memoryview:
    """The text ``make`` gives for the list, as UTF-8 (``what`` names the text: command,
    format, language): a long list's from its kept copy when that was made from these very
    bytes by this very code, else made from the list read strictly (and kept for the next
    time). Bytes, not a string: printing a season's sheet needs no decoding."""
    path = Path(path)
    if not path.is_file():
        read_bytes(path)  # raises the reason there is no list
    with _mapped(path) as raw:
        key = _text_key(raw, what)
        kept = _read_text(path, key)
        if kept is not None:
            return kept
        data = parse(path, bytes(raw))
    games, history = data.pop("games", []), data.pop("history", [])
    ledger = Ledger(path, data, games, history)
    text = make(ledger).encode("utf-8")
    if len(ledger.entries) >= CACHE_FROM:
        body = key + b"\n" + text
        check = _check_of(body)
        with contextlib.suppress(LedgerError, OSError):
            atomic_write(
                sheet_cache_path(path),
                [_SHEET_MAGIC + check + b"\n", body],
                what="cache",
                durable=False,
            )
    return text
