"""What the histories of the folder files share (the tournament's, the league's): each item is
one change, its ``action`` and its ``time``, then exactly the facts that action keeps, each
defined once (:mod:`skatliste.fields`). One reader of an item for every file: a known action,
exactly its facts, each of its type, the first wrong one named by its place
(``history[3].series``), a key given twice refused; the file's own reader names the file.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, Generic, TypeAlias, TypeVar

from skatliste.errors import LedgerError
from skatliste.fields import Check, Field, Record, Text
from skatliste.fields import found as found_as_written
from skatliste.i18n import Message, msg

TIME = Field("time", Text(min_length=1), doc="when it was done (UTC, ISO 8601)")
"""Every item's time (``action`` is the reader's: it picks the definition)."""


def shown(found: Any) -> Message | str:
    """A refused value as a refusal quotes it after the reason (`` (found 'undo')``); an
    object or a list is not quoted."""
    if found is None or isinstance(found, dict | list):
        return ""
    return msg(" (found {value})", value=found_as_written(found))


class Reader(ABC):
    """A folder file's strict reader: checks one JSON value after another, naming the place of
    the first problem; ``fail`` names the file (each file says it in its own words)."""

    def __init__(self, path: Path, twice: Mapping[int, str] | None = None) -> None:
        self.path = path
        self.twice: Mapping[int, str] = twice or {}
        """Each object of the file that holds a key twice (``fields.Pairs``): its id, the
        key."""

    @abstractmethod
    def fail(self, where: object, message: Message, found: Any = None) -> LedgerError:
        """The file's refusal: the file, the place, the reason and (quoted) the value."""

    def an_object(self, value: Any, where: object) -> dict[str, Any]:
        """``value`` an object holding each key once."""
        if not isinstance(value, dict):
            raise self.fail(where, msg("must be an object"), value)
        twice = self.twice.get(id(value))
        if twice is not None:
            raise self.fail(where, msg("{key} is given twice", key=repr(twice)))
        return value

    def obj(
        self, value: Any, where: object, required: set[str], optional: set[str]
    ) -> dict[str, Any]:
        """``value`` an object of the ``required`` keys and some ``optional`` ones, each once."""
        data = self.an_object(value, where)
        missing = sorted(required - set(data))
        if missing:
            raise self.fail(where, msg("field '{field}' is missing", field=missing[0]))
        unknown = sorted(set(data) - required - optional)
        if unknown:
            raise self.fail(where, msg("unknown field '{field}'", field=unknown[0]))
        return data

    def once_each(self, data: Any) -> None:
        """Refuse the file when any object in it, read field by field or not, holds a key
        twice: the first such object, by its place (``paper[2].lines[1]``)."""
        found = given_twice(self.twice, data)
        if found is not None:
            where, key = found
            raise self.fail(where or msg("top level"), msg("{key} is given twice", key=repr(key)))


def given_twice(twice: Mapping[int, str], data: Any) -> tuple[str, str] | None:
    """The place of the first object in ``data`` (in the file's order) that ``twice`` says
    holds a key twice (``fields.Pairs``), and that key; None when there is none."""
    if not twice:
        return None
    todo: list[tuple[str, Any]] = [("", data)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, dict):
            if id(value) in twice:
                return where, twice[id(value)]
            inside = [(f"{where}.{k}" if where else k, v) for k, v in value.items()]
        elif isinstance(value, list):
            inside = [(f"{where}[{i}]", v) for i, v in enumerate(value, 1)]
        else:
            continue
        todo.extend(reversed(inside))
    return None


A = TypeVar("A", bound=StrEnum)
E = TypeVar("E")

Build: TypeAlias = Callable[[Reader, dict[str, Any], str], E]
"""An action's record made from its facts, checked (the place given for its parts)."""


class History(Generic[A, E]):
    """A file's history: each action's definition (its facts, besides ``action``) and how its
    record is made from them; ``parts``: the definitions of objects inside a fact."""

    def __init__(
        self,
        definitions: Mapping[A, Record],
        build: Mapping[A, Build[E]],
        parts: Sequence[Record] = (),
    ) -> None:
        self.definitions = dict(definitions)
        self._build = dict(build)
        self._actions = {a.value: a for a in definitions}
        self._checks: dict[str, dict[str, Check]] = {
            record.name: {f.name: f.type.check() for f in record.fields}
            for record in (*definitions.values(), *parts)
        }
        """Each definition's checks, compiled once."""

    @property
    def known(self) -> tuple[str, ...]:
        """The actions, as the file writes them."""
        return tuple(self._actions)

    def checked(
        self,
        r: Reader,
        record: Record,
        value: Any,
        where: str,
        tag: frozenset[str] = frozenset(),
    ) -> dict[str, Any]:
        """``value`` an object of ``record``'s facts (and the ``tag`` that picked it), each of
        its type; the first wrong one named by its place (``history[3].series``)."""
        data = r.obj(value, where, set(record.required) | tag, set(record.order))
        checks = self._checks[record.name]
        for name in record.order:
            if name in data:
                why = checks[name](data[name])
                if why is not None:
                    raise r.fail(f"{where}.{name}", why)
        return data

    def read(self, r: Reader, item: Any, where: str) -> E:
        """One history item: a known action, and exactly the facts it keeps, each of its
        type."""
        data = r.obj(
            item, where, {"action", "time"}, set(item) if isinstance(item, dict) else set()
        )
        raw = data["action"]
        action = self._actions.get(raw) if isinstance(raw, str) else None
        if action is None:
            raise r.fail(
                f"{where}.action",
                msg("not an action of the history (known: {known})", known=", ".join(self.known)),
                raw,
            )
        facts = self.checked(r, self.definitions[action], data, where, frozenset({"action"}))
        return self._build[action](r, facts, where)
