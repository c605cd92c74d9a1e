"""Every file skatliste keeps is one format: a name, a version, a root record (its fields, from
:mod:`skatliste.fields`), the definitions its lists name, the file's own rules, and the
migrations from each earlier version. One reader reads any of them and collects every problem
it finds, each with the file, the place and the reason (as beancount's validation returns its
errors as values); a refused file is never written. A file an earlier version wrote is brought
up to date by its migrations as it is read; the store keeps a backup when it writes it back.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError
from skatliste.fields import (
    Defs,
    Items,
    ListOf,
    Nested,
    Pairs,
    Places,
    Record,
    Type,
    at,
    found,
    schema_defs,
)
from skatliste.i18n import Joined, Message, join, msg, nmsg
from skatliste.store.files import json_object

MAX_SHOWN = 10
"""Problems of a refused file named one by one; the rest are counted."""

Rules = Callable[[dict[str, Any]], Places]
"""A format's own rules, asked once every field is of its type: each problem, by its place."""
Migration = Callable[[dict[str, Any], Path], dict[str, Any]]
"""A file of one version → the same facts in the next version (the file's path: where it
lives, for a migration that asks its folder)."""


DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema ``skatliste schema`` prints."""


@dataclass(frozen=True)
class Format:
    """One file format: what ``skatliste schema NAME`` prints and what its reader checks."""

    name: str
    """As the file writes it: ``"format": "skatliste-tournament"``."""
    version: int
    root: Record
    what: str
    """What the file is called in messages (one of ``store.files.NAMES``)."""
    defs: Defs = field(default_factory=dict)
    rules: Rules | None = None
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    """Version N → the step to N + 1."""
    unnamed: int | None = None
    """The version of a file written before the format had a name (no ``format`` field)."""
    line: Record | None = None
    """A file of JSON lines: the root is its first line, each other line one of these."""

    def schema(self) -> dict[str, Any]:
        """The format's JSON Schema."""
        return {
            "$schema": DIALECT,
            **self.root.schema(),
            "$defs": schema_defs(self.defs),
        }


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (its place, "" for the whole file) and why."""

    file: Path
    place: str
    reason: Message

    def message(self) -> Message:
        if not self.place:
            return msg("{path}: {problem}", path=str(self.file), problem=self.reason)
        return msg(
            "{path}: {where}: {problem}", path=str(self.file), where=self.place, problem=self.reason
        )


def listed(path: Path, lines: Sequence[Message]) -> Joined:
    """A refused file's problems, one a line: the first ``MAX_SHOWN``, and the count of the
    rest."""
    shown = list(lines[:MAX_SHOWN])
    more = len(lines) - len(shown)
    if more > 0:
        shown.append(
            nmsg(
                "{path}: ... and {count} more problem",
                "{path}: ... and {count} more problems",
                more,
                path=str(path),
            )
        )
    return join(shown, "\n")


class Refused(LedgerError):
    """A file the reader refused, with every problem it found (the file is left as it was)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        lines = listed(self.problems[0].file, [p.message() for p in self.problems])
        super().__init__(msg("{problems}; the file was left untouched", problems=lines))


@dataclass(frozen=True)
class Read:
    """A file read: its data in the format's current version, and the version it was
    written in (older: it was migrated, and a write keeps a backup of it first)."""

    data: dict[str, Any]
    written: int

    def migrated(self, fmt: Format) -> bool:
        return self.written != fmt.version


def given_twice(twice: Mapping[int, str], data: Any, where: str = "") -> Places:
    """Every object in ``data`` (in the file's order) that ``twice`` says holds a key twice
    (``fields.Pairs``), by its place."""
    if not twice:
        return
    if isinstance(data, dict):
        if id(data) in twice:
            yield where, msg("{key} is given twice", key=repr(twice[id(data)]))
        for key, value in data.items():
            yield from given_twice(twice, value, at(where, key))
    elif isinstance(data, list):
        for i, value in enumerate(data, 1):
            yield from given_twice(twice, value, at(where, i))


# --- the walk -------------------------------------------------------------------------------


def walk(
    record: Record, data: Mapping[str, object], where: str = "", defs: Defs | None = None
) -> Places:
    """Everything wrong with ``data`` by ``record`` (at the place ``where``), each problem
    with its place, not just the first: every field, and inside every part, list item and
    object the ``defs`` define (the definition an ``Items`` names).

    >>> from skatliste.fields import Field, Integer, Text
    >>> seat = Record("seat", (Field("name", Text(min_length=1)), Field("bid", Integer(5))))
    >>> [(at, why.render("en")) for at, why in walk(seat, {"name": "", "x": 1}, "s[2]")]
    [('s[2].name', 'must not be empty'), ('s[2].x', 'unknown field'), ('s[2].bid', 'is missing')]
    """
    for key, value in data.items():
        place = at(where, key)
        check = record.check_of(key)
        if check is None:
            yield place, msg("unknown field")
            continue
        kind = record.type_of(key)
        if isinstance(kind, Nested) and type(value) is dict:
            yield from walk(kind.record, value, place, defs)
            continue
        why = check(value)
        if why is not None:
            yield place, why
        elif value is not None:
            yield from _inside(kind, value, place, defs or {})
    for name in record.required:
        if name not in data:
            yield at(where, name), msg("is missing")


def _inside(kind: Type | None, value: object, where: str, defs: Defs) -> Places:
    """The problems inside a field's value its own check let through: each item of a list
    (an ``Items``' objects by the definition it names, a ``ListOf``'s values by its type)."""
    if isinstance(kind, Items) and isinstance(value, list):
        for i, item in enumerate(value, 1):
            yield from object_problems(defs[kind.ref], item, at(where, i), defs)
    elif isinstance(kind, ListOf) and isinstance(value, list):
        check = kind.item.check()
        for i, item in enumerate(value, 1):
            why = check(item)
            if why is not None:
                yield at(where, i), why


def object_problems(
    kind: Record | tuple[Record, ...], item: object, where: str, defs: Defs
) -> Places:
    """Everything wrong with one object of a list: by its record, or by the record its tag
    picks of ``kind``."""
    if type(item) is not dict:
        yield where, msg("must be an object (found {found})", found=found(item))
        return
    if isinstance(kind, Record):
        yield from walk(kind, item, where, defs)
        return
    tag = kind[0].tag
    record = next((r for r in kind if r.name == item.get(tag)), None)
    if record is not None:
        yield from walk(record, item, where, defs)
        return
    names = ", ".join(r.name for r in kind)
    if tag not in item:
        yield at(where, tag), msg("is missing (one of {choices})", choices=names)
    else:
        yield (
            at(where, tag),
            msg("must be one of {choices} (found {found})", choices=names, found=found(item[tag])),
        )


def problems(fmt: Format, data: dict[str, Any]) -> Iterator[tuple[str, Message]]:
    """Everything wrong with a file's data of the current version: its fields, then (when
    they are all of their types) the format's own rules."""
    found = list(walk(fmt.root, data, "", fmt.defs))
    yield from found
    if not found and fmt.rules is not None:
        yield from fmt.rules(data)


def _written(fmt: Format, data: dict[str, Any]) -> int:
    """The version a file of this format was written in: one its migrations know, or else
    the current one (its fields' check then names what is wrong with ``version``)."""
    if "format" not in data and fmt.unnamed is not None:
        return fmt.unnamed
    version = data.get("version")
    if type(version) is int and all(v in fmt.migrations for v in range(version, fmt.version)):
        return version
    return fmt.version


def read(fmt: Format, path: Path, raw: bytes) -> Read:
    """The file's data, checked by its format (and brought up to its version by the
    migrations); refused (``Refused``) with every problem found."""
    pairs = Pairs()
    unnamed = fmt.unnamed is not None
    found = json_object(raw, fmt.what, fmt.name, fmt.version, pairs=pairs, unnamed=unnamed)
    if not isinstance(found, dict):
        raise Refused([Problem(path, "", found)])
    wrong = [Problem(path, where, why) for where, why in given_twice(pairs.twice, found)]
    if wrong:
        raise Refused(wrong)
    written = _written(fmt, found)
    data = found
    for version in range(written, fmt.version):
        data = fmt.migrations[version](data, path)
    wrong = [Problem(path, where, why) for where, why in problems(fmt, data)]
    if wrong:
        raise Refused(wrong)
    return Read(data, written)


def read_lines(fmt: Format, path: Path, raw: bytes) -> list[dict[str, Any]]:
    """A file of JSON lines of ``fmt``: its first line the root (the format and version), each
    other line one ``fmt.line``, returned in order; a last line cut short by a kill (no
    newline after it) is left out. Refused (``Refused``) with every problem, by its line."""
    lines = raw.split(b"\n")[:-1] or [b""]  # after the last newline: a line cut short
    wrong: list[Problem] = []
    items: list[dict[str, Any]] = []
    for n, line in enumerate(lines, 1):
        try:
            value = json.loads(line)
        except ValueError:
            wrong.append(Problem(path, f"line {n}", msg("not valid JSON")))
            continue
        if type(value) is not dict:
            wrong.append(
                Problem(
                    path, f"line {n}", msg("must be an object (found {found})", found=found(value))
                )
            )
            continue
        record = fmt.root if n == 1 or fmt.line is None else fmt.line
        found_here = [(f"line {n}: {where}", why) for where, why in walk(record, value)]
        wrong += [Problem(path, where, why) for where, why in found_here]
        if n > 1:
            items.append(value)
    if wrong:
        raise Refused(wrong)
    return items
