"""The season folder: ``season.json`` (facts only: the name, the rules, the evenings with the
paths of their lists and tournament folders, the aliases, and the history of what was taken
out or changed). Every number of the standing is derived from the lists on each read.

The file is defined once (``SEASON`` and its parts, with :mod:`skatliste.fields`): from that
definition comes the strict reader, which names the file, the place and the reason. It is
written atomically under the lock (:mod:`skatliste.store.files`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from skatliste.errors import InputError, LedgerError
from skatliste.fields import (
    Const,
    Date,
    Field,
    Integer,
    Items,
    Keyed,
    Names,
    Nested,
    Places,
    Record,
    Text,
    at,
)
from skatliste.i18n import msg
from skatliste.season import Rule, ScoreKind, SeasonRules
from skatliste.store.files import (
    atomic_write,
    locked,
    new_folder_file,
    one_item_a_line,
    read_folder_file,
)
from skatliste.store.formats import Format, read

FILE_NAME: Final = "season.json"
FORMAT_NAME: Final = "skatliste-season"
FORMAT_VERSION: Final = 1
MAX_SERIES: Final = 99
"""The highest series of an evening a list is marked with; more is a typing slip."""

RULES = Record(
    "season rules",
    (
        Field("score", Text(choices=tuple(k.value for k in ScoreKind)), "seeger-fabian"),
        Field("rule", Text(choices=tuple(r.value for r in Rule)), "sum"),
        Field("best", Integer(low=1, nullable=True), None, "only the N best series count"),
        Field("drop", Integer(low=1, nullable=True), None, "the K worst series do not count"),
        Field("drop_from", Integer(low=1, nullable=True), None, "one dropped from this series"),
        Field("drop_every", Integer(low=1, nullable=True), None, "one more every N series"),
        Field("drop_max", Integer(low=1, nullable=True), None, "at most this many dropped"),
        Field("min_series", Integer(low=0), 0, "fewer series: not ranked"),
        Field("min_evenings", Integer(low=0), 0, "fewer evenings: not ranked"),
        Field("attendance", Integer(low=0), 0, "points per evening attended (with the sum)"),
    ),
    "The season's rules (docs/rules.md, 'The season standing').",
)
EVENING = Record(
    "evening",
    (
        Field("date", Date()),
        Field("paths", Names(1), doc="list files and tournament folders, relative to the folder"),
        Field(
            "series",
            Keyed(".+", "tisch1.json", Integer(low=1, high=MAX_SERIES)),
            {},
            "the series each marked list was (season add --series N): a player sits at one "
            "table a series",
        ),
    ),
    "One club evening: its day and its series.",
)
ALIAS = Record(
    "alias",
    (
        Field("name", Text(min_length=1), doc="the name shown"),
        Field("other", Text(min_length=1), doc="another spelling of the same player"),
    ),
    "Two spellings of one player.",
)
HISTORY = Record(
    "season history",
    (
        Field("action", Text(choices=("remove", "rules", "remove alias"))),
        Field("time", Text(min_length=1)),
        Field("evening", Nested(EVENING), None, "the evening taken out"),
        Field("rules", Nested(RULES), None, "the rules a change replaced"),
        Field("alias", Nested(ALIAS), None, "the alias taken back"),
    ),
    "What was taken out or replaced: nothing entered is lost.",
)
SEASON = Record(
    "season",
    (
        Field("format", Const(FORMAT_NAME)),
        Field("version", Const(FORMAT_VERSION)),
        Field("name", Text(min_length=1)),
        Field("created", Text(min_length=1)),
        Field("rules", Nested(RULES)),
        Field("evenings", Items("evening"), []),
        Field("aliases", Items("alias"), []),
        Field("history", Items("season history"), []),
    ),
    "A skatliste season folder's file.",
)


@dataclass(frozen=True)
class Evening:
    """One evening: its day and its lists and tournament folders (relative to the folder)."""

    date: str
    paths: tuple[str, ...]
    series: Mapping[str, int] = field(default_factory=dict)
    """The series a list was marked with (``season add --series N``), by its path; a list
    not marked has none."""

    def to_json(self) -> dict[str, Any]:
        """As the file holds it: the marks only where a list has one (a file of an evening
        without them is as an earlier version wrote it)."""
        out: dict[str, Any] = {"date": self.date, "paths": list(self.paths)}
        if self.series:
            out["series"] = dict(self.series)
        return out


@dataclass
class Season:
    """The facts of a season and the folder it lives in."""

    folder: Path
    name: str
    created: str
    rules: SeasonRules = field(default_factory=SeasonRules)
    evenings: list[Evening] = field(default_factory=list)
    aliases: dict[str, str] = field(default_factory=dict)
    """Another spelling → the name it is (``season alias NAME OTHER``)."""
    history: list[dict[str, Any]] = field(default_factory=list)
    """The history as the file holds it: each item an action, its time and what it kept."""

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def evening(self, day: str) -> Evening | None:
        return next((e for e in self.evenings if e.date == day), None)


def rules_to_json(rules: SeasonRules) -> dict[str, Any]:
    """The rules as the file holds them, every field spelled out."""
    return {
        "score": rules.score.value,
        "rule": rules.rule.value,
        "best": rules.best,
        "drop": rules.drop,
        "drop_from": rules.drop_from,
        "drop_every": rules.drop_every,
        "drop_max": rules.drop_max,
        "min_series": rules.min_series,
        "min_evenings": rules.min_evenings,
        "attendance": rules.attendance,
    }


def rules_from_json(data: Mapping[str, Any]) -> SeasonRules:
    """Rules read (and checked field by field) from the file; raises ``InputError`` when they
    do not go together."""
    values = {**RULES.defaults, **data}
    return SeasonRules(
        score=ScoreKind(values["score"]),
        rule=Rule(values["rule"]),
        best=values["best"],
        drop=values["drop"],
        drop_from=values["drop_from"],
        drop_every=values["drop_every"],
        drop_max=values["drop_max"],
        min_series=values["min_series"],
        min_evenings=values["min_evenings"],
        attendance=values["attendance"],
    )


def _rules(data: dict[str, Any]) -> Places:
    """The season's own rules, once every field is of its type: rules that go together, one
    evening a day."""
    try:
        rules_from_json(data["rules"])
    except InputError as exc:
        yield "rules", exc.message
    days: set[str] = set()
    for i, item in enumerate(data.get("evenings", []), 1):
        if item["date"] in days:
            yield at(at("evenings", i), "date"), msg("a second evening on this day")
        days.add(item["date"])
        for path in item.get("series", {}):
            if path not in item["paths"]:
                yield (
                    at(at("evenings", i), "series"),
                    msg(
                        "'{path}' is marked with a series but is not one of the evening's paths",
                        path=path,
                    ),
                )


FORMAT = Format(
    FORMAT_NAME,
    FORMAT_VERSION,
    SEASON,
    "season file",
    {"evening": EVENING, "alias": ALIAS, "season history": HISTORY},
    _rules,
)
"""The season file: what its reader checks, what ``skatliste schema season`` prints."""


# --- reading ------------------------------------------------------------------------------


def parse(path: Path, raw: bytes) -> Season:
    """The season in ``raw``, read by its format: refused with every problem found."""
    data = read(FORMAT, path, raw).data
    evenings = sorted(
        (
            Evening(e["date"], tuple(e["paths"]), dict(e.get("series", {})))
            for e in data.get("evenings", [])
        ),
        key=lambda e: e.date,
    )
    aliases = {a["other"]: a["name"] for a in data.get("aliases", [])}
    history = list(data.get("history", []))
    rules = rules_from_json(data["rules"])
    return Season(path.parent, data["name"], data["created"], rules, evenings, aliases, history)


class NoSeason(LedgerError):
    """The folder has no season file (the edge says how to start one or name another)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        super().__init__(
            msg("{path}: no season here ({file} not found)", path=str(folder), file=FILE_NAME)
        )


def load(folder: Path) -> Season:
    """Read the season in ``folder``; refuse a missing or corrupt file with the reason."""
    path = folder / FILE_NAME
    return parse(path, read_folder_file(path, NoSeason(folder)))


# --- writing ------------------------------------------------------------------------------


def to_json(s: Season) -> dict[str, Any]:
    """The file's content: facts only."""
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": s.name,
        "created": s.created,
        "rules": rules_to_json(s.rules),
        "evenings": [e.to_json() for e in s.evenings],
        "aliases": [{"name": name, "other": other} for other, name in s.aliases.items()],
        "history": s.history,
    }


def dumps(s: Season) -> str:
    """The file text: an evening, an alias, a history item on one line each (a hand edit
    touches one line, a diff shows one)."""
    return one_item_a_line(to_json(s), ("evenings", "aliases", "history"))


def save(s: Season) -> None:
    """Write atomically (the caller holds the lock)."""
    atomic_write(s.path, dumps(s), what="season file")


@contextlib.contextmanager
def updating(folder: Path) -> Iterator[Season]:
    """Load under the lock, let the caller change it, save: one atomic read-modify-write.
    A refusal inside leaves the file as it was."""
    if not (folder / FILE_NAME).exists():
        load(folder)  # 'no season here' before any lock file is made
    with locked(folder / FILE_NAME):
        s = load(folder)
        yield s
        save(s)


def create(s: Season) -> None:
    """Write a new season file; refuse to overwrite one."""
    exists = msg("{path}: a season exists here already; choose another folder", path=str(s.path))
    new_folder_file(s.path, lambda: save(s), exists)
