"""The one definition of a file format: each object's fields, their types, bounds and
defaults. From it come the strict reader (which names the field and the reason itself) and
the JSON Schema that ``skatliste schema`` prints: no second copy of the fields anywhere.

Strict as a hand edit needs: an integer is an int and not a bool or a float, a boolean a bool,
a string a str.

>>> bid = Field("bid", Integer(low=5, step=5))
>>> Record("deal", (bid,)).problem({"bid": 23}).render("en")
'bid: must be a multiple of 5 (found 23)'
>>> Record("deal", (bid,)).problem({"bid": True}).render("en")
'bid: must be a whole number (found true)'
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeAlias

from skatliste.i18n import Message, msg, nmsg

REQUIRED: Any = object()
"""The default of a field that must be given."""

Check = Callable[[object], Message | None]
"""A value → why it is refused, or None."""

Fast = tuple[type, frozenset[object] | None]
"""A quick test of a value: its type (exactly), and the values it may take (None: any)."""

SMALL_RANGE = 1_000
"""The widest bounds of a whole number whose values are tested as a set."""

Places: TypeAlias = Iterator[tuple[str, Message]]
"""Each problem found: its place in the file (``players[3].name``, "" for the whole) and why."""


def at(where: str, key: str | int) -> str:
    """The place of ``key`` inside ``where``: ``players[3]``, ``players[3].name``."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def valid_date(text: str) -> bool:
    """``YYYY-MM-DD`` naming a day of the calendar (2026-02-30 is none): the one check of a
    date, for every file and every option that takes one.

    >>> valid_date("2026-12-05"), valid_date("2026-02-30"), valid_date("5.12.2026")
    (True, False, False)
    """
    if _DAY.fullmatch(text) is None:
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


class Pairs:
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


def found(value: object) -> str:
    """A refused value as the file has it (JSON), cut short: ``true``, ``"75"``, ``75.0``."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class Type(ABC):
    """A field's type: its check and its JSON Schema."""

    nullable: bool = False

    @abstractmethod
    def check(self) -> Check:
        """The check of a value of this type: its problem, or None."""

    @abstractmethod
    def schema(self) -> dict[str, Any]:
        """This type as JSON Schema (what ``skatliste schema`` prints)."""

    def fast(self) -> Fast | None:
        """A quick test that a value is right: the one type it has, and the values it may
        take (None: any of that type); None when there is none quicker than the check.
        Everything it lets through, the check lets through (tested), never the other way
        round: what it does not let through goes to the check."""
        return None

    def nulled(self, check: Check) -> Check:
        if not self.nullable:
            return check
        return lambda v: None if v is None else check(v)

    def full_schema(self) -> dict[str, Any]:
        schema = self.schema()
        return {"anyOf": [schema, {"type": "null"}]} if self.nullable else schema


@dataclass(frozen=True)
class Integer(Type):
    """A whole number within bounds, a multiple of ``step``."""

    low: int | None = None
    high: int | None = None
    step: int | None = None
    nullable: bool = False

    def check(self) -> Check:
        low, high, step = self.low, self.high, self.step

        def check(v: object) -> Message | None:
            if type(v) is not int:
                return msg("must be a whole number (found {found})", found=found(v))
            if (low is not None and v < low) or (high is not None and v > high):
                if high is None:
                    return msg("must be at least {low} (found {found})", low=low, found=v)
                return msg(
                    "must be from {low} to {high} (found {found})", low=low, high=high, found=v
                )
            if step is not None and v % step:
                return msg("must be a multiple of {step} (found {found})", step=step, found=v)
            return None

        return self.nulled(check)

    def fast(self) -> Fast | None:
        low, high, step = self.low, self.high, self.step
        if low is None or high is None or high - low > SMALL_RANGE:
            return None
        return int, frozenset(v for v in range(low, high + 1) if step is None or v % step == 0)

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.low is not None:
            out["minimum"] = self.low
        if self.high is not None:
            out["maximum"] = self.high
        if self.step is not None:
            out["multipleOf"] = self.step
        return out


@dataclass(frozen=True)
class Boolean(Type):
    """true or false."""

    nullable: bool = False

    def check(self) -> Check:
        def check(v: object) -> Message | None:
            if type(v) is not bool:
                return msg("must be true or false (found {found})", found=found(v))
            return None

        return self.nulled(check)

    def fast(self) -> Fast | None:
        return bool, None

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Text(Type):
    """A string: not empty (``min_length``), one of ``choices``, or matching ``pattern``
    (``like`` shows an example of it)."""

    min_length: int = 0
    choices: tuple[str, ...] = ()
    pattern: str | None = None
    like: str = ""
    nullable: bool = False

    def check(self) -> Check:
        choices, least = frozenset(self.choices), self.min_length
        match = re.compile(self.pattern).fullmatch if self.pattern else None
        shown = ", ".join(self.choices)

        def check(v: object) -> Message | None:
            if type(v) is not str:
                return msg("must be text (found {found})", found=found(v))
            if len(v) < least:
                return msg("must not be empty")
            if choices and v not in choices:
                return msg(
                    "must be one of {choices} (found {found})", choices=shown, found=found(v)
                )
            if match is not None and match(v) is None:
                return msg(
                    "must be written like {like} (found {found})", like=self.like, found=found(v)
                )
            return None

        return self.nulled(check)

    def fast(self) -> Fast | None:
        if self.pattern is not None:
            return None
        if self.choices:
            return str, frozenset(c for c in self.choices if len(c) >= self.min_length)
        return (str, None) if not self.min_length else None

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string"}
        if self.min_length:
            out["minLength"] = self.min_length
        if self.choices:
            out["enum"] = list(self.choices)
        if self.pattern:
            out["pattern"] = f"^{self.pattern}$"
        return out


@dataclass(frozen=True)
class Date(Type):
    """A day of the calendar, written ``YYYY-MM-DD``."""

    nullable: bool = False

    def check(self) -> Check:
        def check(v: object) -> Message | None:
            if type(v) is not str or not valid_date(v):
                return msg("must be a real day, written YYYY-MM-DD (found {found})", found=found(v))
            return None

        return self.nulled(check)

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}


@dataclass(frozen=True)
class ListOf(Type):
    """A list whose every item is of ``item`` (a draw's tables: each a list of names)."""

    item: Type

    def check(self) -> Check:
        def check(v: object) -> Message | None:
            if type(v) is not list:
                return msg("must be a list (found {found})", found=found(v))
            return None

        return check

    def schema(self) -> dict[str, Any]:
        return {"type": "array", "items": self.item.full_schema()}


@dataclass(frozen=True)
class Keyed(Type):
    """An object whose keys are written like ``pattern`` (``like``: an example), each value
    of ``value``'s type (a tournament's keys: ``"2/3"``, a table's key)."""

    pattern: str
    like: str
    value: Type

    def check(self) -> Check:
        key = re.compile(self.pattern).fullmatch
        value = self.value.check()

        def check(v: object) -> Message | None:
            if type(v) is not dict:
                return msg("must be an object (found {found})", found=found(v))
            for name, item in v.items():
                if key(name) is None:
                    why = msg(
                        "must be written like {like} (found {found})",
                        like=self.like,
                        found=found(name),
                    )
                    return msg("{field}: {problem}", field=name, problem=why)
                problem = value(item)
                if problem is not None:
                    return msg("{field}: {problem}", field=name, problem=problem)
            return None

        return check

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "propertyNames": {"pattern": f"^{self.pattern}$"},
            "additionalProperties": self.value.full_schema(),
        }


@dataclass(frozen=True)
class Const(Type):
    """Exactly this value (a format's name, its version)."""

    value: str | int

    def check(self) -> Check:
        want = self.value

        def check(v: object) -> Message | None:
            if type(v) is not type(want) or v != want:
                return msg("must be {value} (found {found})", value=found(want), found=found(v))
            return None

        return check

    def schema(self) -> dict[str, Any]:
        return {"const": self.value}


@dataclass(frozen=True)
class Names(Type):
    """A list of names (strings), ``low`` to ``high`` of them."""

    low: int = 0
    high: int | None = None

    def check(self) -> Check:
        low, high = self.low, self.high

        def check(v: object) -> Message | None:
            if type(v) is not list or any(type(x) is not str for x in v):
                return msg("must be a list of names (found {found})", found=found(v))
            if high is None:
                if len(v) < low:
                    return nmsg(
                        "must have at least {low} name (found {count})",
                        "must have at least {low} names (found {count})",
                        low,
                        low=low,
                        count=len(v),
                    )
            elif not low <= len(v) <= high:
                return msg(
                    "must have {low} to {high} names (found {count})",
                    low=low,
                    high=high,
                    count=len(v),
                )
            return None

        return check

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
        if self.low:
            out["minItems"] = self.low
        if self.high is not None:
            out["maxItems"] = self.high
        return out


@dataclass(frozen=True)
class Scores(Type):
    """An object of names and whole numbers (each player's Augen), ``least`` to ``most``
    names, each number from ``low`` to ``high``."""

    least: int
    most: int
    low: int
    high: int

    def check(self) -> Check:
        number = Integer(self.low, self.high).check()

        def check(v: object) -> Message | None:
            if type(v) is not dict:
                return msg("must be an object of names and numbers (found {found})", found=found(v))
            if not self.least <= len(v) <= self.most:
                return msg(
                    "must name {low} to {high} players (found {count})",
                    low=self.least,
                    high=self.most,
                    count=len(v),
                )
            for name, n in v.items():
                why = number(n)
                if why is not None:
                    return msg("{field}: {problem}", field=name, problem=why)
            return None

        return check

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": Integer(self.low, self.high).schema(),
            "minProperties": self.least,
            "maxProperties": self.most,
        }


@dataclass(frozen=True)
class Settings(Type):
    """An object of option names and values (text or whole numbers); what they may be, the
    game family says."""

    def check(self) -> Check:
        def check(v: object) -> Message | None:
            if type(v) is not dict:
                return msg(
                    "must be an object of options and values (found {found})", found=found(v)
                )
            for key, value in v.items():
                if type(value) not in (str, int):
                    why = msg("must be text or a whole number (found {found})", found=found(value))
                    return msg("{field}: {problem}", field=key, problem=why)
            return None

        return check

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        }


@dataclass(frozen=True)
class Nested(Type):
    """An object of its own definition (a part of the file: its rule set)."""

    record: Record

    def check(self) -> Check:
        def check(v: object) -> Message | None:
            if type(v) is not dict:
                return msg("must be an object (found {found})", found=found(v))
            return self.record.problem(v)

        return check

    def schema(self) -> dict[str, Any]:
        return self.record.schema()


@dataclass(frozen=True)
class Items(Type):
    """A list of objects, each checked by its own definition (a list's entries); ``ref``
    names that definition in the schema."""

    ref: str
    nullable: bool = False

    def check(self) -> Check:
        def check(v: object) -> Message | None:
            if type(v) is not list:
                return msg("must be a list (found {found})", found=found(v))
            return None

        return self.nulled(check)

    def schema(self) -> dict[str, Any]:
        return {"type": "array", "items": {"$ref": f"#/$defs/{self.ref}"}}


@dataclass(frozen=True)
class Ref(Type):
    """An object checked by a definition the reader picks (an entry of the family)."""

    ref: str
    nullable: bool = False

    def check(self) -> Check:
        def check(v: object) -> Message | None:
            if type(v) is not dict:
                return msg("must be an object (found {found})", found=found(v))
            return None

        return self.nulled(check)

    def schema(self) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{self.ref}"}


@dataclass(frozen=True)
class Field:
    """One field of an object: its name, type, default (``REQUIRED``: must be given) and
    meaning."""

    name: str
    type: Type
    default: Any = REQUIRED
    doc: str = ""


@dataclass(frozen=True)
class Record:
    """An object of the format: a kind of entry (``kind`` says which), or a part of the file."""

    name: str
    fields: tuple[Field, ...]
    doc: str = ""
    tagged: bool = False
    """The object carries ``"kind": name`` (an entry; ``tag`` names the field)."""
    tag: str = "kind"
    """The field that tells the tagged objects of one list apart (``action`` in a history)."""
    _checks: dict[str, Check] = field(default_factory=dict, compare=False, repr=False)
    _known: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    _fast: dict[str, Fast] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        # compiled once: a list has many entries of few kinds
        self._checks.update({f.name: f.type.check() for f in self.fields})
        for f in self.fields:
            quick = f.type.fast()
            if quick is not None:
                self._fast[f.name] = quick
        if self.tagged:
            self._checks[self.tag] = lambda v: None  # the reader picked this kind by it
            self._fast[self.tag] = (str, None)
        self._known["required"] = frozenset(f.name for f in self.fields if f.default is REQUIRED)
        self._known["defaults"] = {
            f.name: f.default for f in self.fields if f.default is not REQUIRED
        }
        self._known["order"] = tuple(f.name for f in self.fields)
        self._known["types"] = {f.name: f.type for f in self.fields}

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields if f.default is REQUIRED)

    @property
    def defaults(self) -> dict[str, object]:
        """The fields that may be left out, with the value they then have."""
        return dict(self._known["defaults"])

    @property
    def order(self) -> tuple[str, ...]:
        """The fields in the order they are written."""
        order: tuple[str, ...] = self._known["order"]
        return order

    def problem(self, data: Mapping[str, object]) -> Message | None:
        """The first thing wrong with ``data`` (an object read from JSON), with the field."""
        checks, fast = self._checks, self._fast
        for key, value in data.items():
            quick = fast.get(key)
            # most fields of most entries pass the quick test: no call, no message
            if quick is not None and type(value) is quick[0]:
                allowed = quick[1]
                if allowed is None or value in allowed:
                    continue
            check = checks.get(key)
            if check is None:
                return msg("{field}: unknown field", field=key)
            why = check(value)
            if why is not None:
                return msg("{field}: {problem}", field=key, problem=why)
        if not self._known["required"] <= data.keys():
            missing = next(n for n in self.required if n not in data)
            return msg("{field}: is missing", field=missing)
        return None

    def type_of(self, name: str) -> Type | None:
        """The type of the field ``name`` (None: no such field, or the tag)."""
        types: dict[str, Type] = self._known["types"]
        return types.get(name)

    def check_of(self, name: str) -> Check | None:
        """The check of the field ``name`` (and of the tag), None for an unknown field."""
        return self._checks.get(name)

    def schema(self) -> dict[str, Any]:
        """This object's JSON Schema."""
        props: dict[str, Any] = {}
        if self.tagged:
            props[self.tag] = {"const": self.name}
        for f in self.fields:
            prop = f.type.full_schema()
            if f.doc:
                prop["description"] = f.doc
            if f.default is not REQUIRED:
                prop["default"] = f.default
            props[f.name] = prop
        out: dict[str, Any] = {"type": "object", "title": self.name, "properties": props}
        required = [*([self.tag] if self.tagged else []), *self.required]
        if required:
            out["required"] = required
        out["additionalProperties"] = False
        if self.doc:
            out["description"] = self.doc
        return out

    def compact(self, values: Mapping[str, object]) -> dict[str, object]:
        """``values`` as written: ``kind`` first (an entry), then every field that differs
        from its default, in the definition's order."""
        out: dict[str, object] = {self.tag: self.name} if self.tagged else {}
        defaults: dict[str, object] = self._known["defaults"]
        missing = object()
        for name in self._known["order"]:
            value = values[name]
            default = defaults.get(name, missing)
            if default is missing or value != default or type(value) is not type(default):
                out[name] = value
        return out


Defs: TypeAlias = Mapping[str, "Record | tuple[Record, ...]"]
"""The definitions a format's ``Items`` and ``Ref`` name: one record, or the tagged records
one of which each object is (told apart by their ``tag``)."""


def one_of(records: Sequence[Record]) -> dict[str, Any]:
    """The JSON Schema of an object that is one of ``records`` (by their tag: ``kind``)."""
    return {
        "oneOf": [{"$ref": f"#/$defs/{r.name}"} for r in records],
        "discriminator": {
            "propertyName": records[0].tag,
            "mapping": {r.name: f"#/$defs/{r.name}" for r in records},
        },
    }


def schema_defs(defs: Defs) -> dict[str, Any]:
    """The ``$defs`` of a format's JSON Schema: each definition, and each tagged record."""
    out: dict[str, Any] = {}
    for name, kind in defs.items():
        if isinstance(kind, Record):
            out[name] = kind.schema()
        else:
            out[name] = one_of(kind)
            out.update({r.name: r.schema() for r in kind})
    return out
