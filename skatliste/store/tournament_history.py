"""The tournament's history: what each change replaced or removed, so that nothing entered is
lost. One typed record per action, holding exactly the facts that action keeps; each defined
once (:mod:`skatliste.fields`: the facts, their types and bounds), read strictly with the
tournament file (the file, the place and the reason of everything wrong named) and written as
every earlier build wrote it, fact by fact in the same order.

>>> removed = PlayerRemoved("2026-12-05T18:00:00+00:00", "Lena")
>>> removed.to_json()
{'action': 'remove', 'time': '2026-12-05T18:00:00+00:00', 'player': 'Lena'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

from skatliste.fields import Check, Field, Integer, Items, ListOf, Names, Record, Text, Type, found
from skatliste.i18n import Message, msg
from skatliste.store.history import TIME, Build, History
from skatliste.tournament import Leavers, PaperLine, Ties

TIES = tuple(t.value for t in Ties)
"""What decides a tie still left (``tournament.Ties``)."""
LEAVERS = tuple(x.value for x in Leavers)
"""Where a player who left stands (``tournament.Leavers``)."""
TABLE_POINT = Integer(0, 999)
"""The table points of one place."""


class Action(StrEnum):
    """What a tournament's history keeps: each fact a change replaced or removed."""

    REMOVE = "remove"
    """A player left the tournament."""
    REDRAW = "redraw"
    """A series was drawn again, or its draw taken back: its old seating, its lists' folder
    and its paper results."""
    SEAT = "seat"
    """A table was seated by hand: its players and what they replaced."""
    REPLACE_RESULT = "replace result"
    """A paper result was replaced: the old one."""
    DELETE_RESULT = "delete result"
    """A paper result was taken back: the one taken."""
    RULES = "rules"
    """The ranking's rules were set: ties, leavers, table points, and the lot's seed."""


Lines: TypeAlias = dict[str, PaperLine]
"""A paper result's lines: each player at the table (in seat order) and the player's line."""


def _lines_json(lines: Mapping[str, PaperLine]) -> dict[str, list[int]]:
    return {name: [x.points, x.won, x.lost] for name, x in lines.items()}


@dataclass(frozen=True)
class PlayerRemoved:
    """A player removed: gone from the file, or kept as having left where seated."""

    action: ClassVar[Action] = Action.REMOVE
    time: str
    player: str

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.value, "time": self.time, "player": self.player}


@dataclass(frozen=True)
class RedrawnPaper:
    """A paper result of a redrawn series: its table and each player's line."""

    table: int
    results: Lines


@dataclass(frozen=True)
class SeriesRedrawn:
    """A series drawn again (or its draw taken back for a seating by hand): the seating it
    had, the folder its lists moved to, and its paper results."""

    action: ClassVar[Action] = Action.REDRAW
    time: str
    series: int
    seed: int
    tables: tuple[tuple[str, ...], ...]
    """The old seating's tables in seat order."""
    lists: str
    """The folder the old lists moved to, relative to the tournament's: ``series-1.redrawn-1``."""
    paper: tuple[RedrawnPaper, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.value,
            "time": self.time,
            "series": self.series,
            "seed": self.seed,
            "tables": [list(table) for table in self.tables],
            "lists": self.lists,
            "paper": [{"table": p.table, "results": _lines_json(p.results)} for p in self.paper],
        }


@dataclass(frozen=True)
class TableSeated:
    """A table seated by hand: its players in seat order and, where it had some, the players
    they replaced, the table's paper result and the file its list moved to."""

    action: ClassVar[Action] = Action.SEAT
    time: str
    series: int
    table: int
    players: tuple[str, ...]
    replaced: tuple[str, ...] | None = None
    paper: Lines | None = None
    moved: str | None = None
    """The file the old list moved to (``list`` in the file):
    ``series-2.table-01.seated-1.json``."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action.value,
            "time": self.time,
            "series": self.series,
            "table": self.table,
            "players": list(self.players),
        }
        if self.replaced is not None:
            out["replaced"] = list(self.replaced)
        if self.paper is not None:
            out["paper"] = _lines_json(self.paper)
        if self.moved is not None:
            out["list"] = self.moved
        return out


@dataclass(frozen=True)
class _ResultKept:
    """A table's paper result, kept by the history: its lines."""

    action: ClassVar[Action]
    time: str
    series: int
    table: int
    results: Lines

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.value,
            "time": self.time,
            "series": self.series,
            "table": self.table,
            "results": _lines_json(self.results),
        }


@dataclass(frozen=True)
class ResultReplaced(_ResultKept):
    """A table's paper result replaced by a new one: the old result's lines."""

    action: ClassVar[Action] = Action.REPLACE_RESULT


@dataclass(frozen=True)
class ResultDeleted(_ResultKept):
    """A table's paper result taken back: its lines."""

    action: ClassVar[Action] = Action.DELETE_RESULT


@dataclass(frozen=True)
class RulesSet:
    """The ranking's rules as set: what decides a tie (and the seed of the lot drawn, so
    that the order drawn can be drawn again), where a player who left stands, the table
    points per place (none: ranked by Seeger-Fabian)."""

    action: ClassVar[Action] = Action.RULES
    time: str
    ties: str
    leavers: str
    table_points: tuple[int, ...] = ()
    lot_seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action.value,
            "time": self.time,
            "ties": self.ties,
            "leavers": self.leavers,
        }
        if self.table_points:
            out["table_points"] = list(self.table_points)
        if self.lot_seed is not None:
            out["lot_seed"] = self.lot_seed
        return out


Event: TypeAlias = (
    PlayerRemoved | SeriesRedrawn | TableSeated | ResultReplaced | ResultDeleted | RulesSet
)
"""One item of the history."""


# --- the definitions ------------------------------------------------------------------------


@dataclass(frozen=True)
class PaperLines(Type):
    """A paper result's lines: an object of the 3 or 4 players at the table, each with
    ``[points, won, lost]`` (won and lost not below 0)."""

    def check(self) -> Check:
        points = Integer().check()
        games = Integer(0).check()

        def line_problem(line: object) -> Message | None:
            if type(line) is not list or len(line) != 3:
                return msg("must be [points, won, lost] (found {found})", found=found(line))
            return points(line[0]) or games(line[1]) or games(line[2])

        def check(v: object) -> Message | None:
            if type(v) is not dict:
                return msg(
                    "must be an object of names and [points, won, lost] (found {found})",
                    found=found(v),
                )
            if not 3 <= len(v) <= 4:
                return msg(
                    "must name {low} to {high} players (found {count})", low=3, high=4, count=len(v)
                )
            for name, line in v.items():
                why = line_problem(line)
                if why is not None:
                    return msg("{field}: {problem}", field=name, problem=why)
            return None

        return check

    def schema(self) -> dict[str, Any]:
        number = Integer().schema()
        games = Integer(0).schema()
        line = {"type": "array", "prefixItems": [number, games, games], "items": False}
        return {
            "type": "object",
            "additionalProperties": {**line, "minItems": 3},
            "minProperties": 3,
            "maxProperties": 4,
        }


SERIES = Field("series", Integer(1))
TABLE = Field("table", Integer(1), doc="the table's number in its series")
SEATED = Names(3, 4)
"""A table's players in seat order."""

DEFINITIONS: dict[Action, Record] = {
    Action.REMOVE: Record(
        Action.REMOVE.value,
        (TIME, Field("player", Text(min_length=1), doc="the player's name")),
        PlayerRemoved.__doc__ or "",
        tagged=True,
        tag="action",
    ),
    Action.REDRAW: Record(
        Action.REDRAW.value,
        (
            TIME,
            SERIES,
            Field("seed", Integer(0), doc="the old draw's seed"),
            Field("tables", ListOf(SEATED), doc="the old seating: each table's players"),
            Field("lists", Text(min_length=1), doc="the folder the old lists moved to"),
            Field("paper", Items("redrawn paper"), doc="the series' paper results"),
        ),
        SeriesRedrawn.__doc__ or "",
        tagged=True,
        tag="action",
    ),
    Action.SEAT: Record(
        Action.SEAT.value,
        (
            TIME,
            SERIES,
            TABLE,
            Field("players", SEATED),
            Field("replaced", SEATED, None, "the players seated there before"),
            Field("paper", PaperLines(), None, "the table's paper result"),
            Field("list", Text(min_length=1), None, "the file the old list moved to"),
        ),
        TableSeated.__doc__ or "",
        tagged=True,
        tag="action",
    ),
    Action.REPLACE_RESULT: Record(
        Action.REPLACE_RESULT.value,
        (TIME, SERIES, TABLE, Field("results", PaperLines(), doc="the old result")),
        ResultReplaced.__doc__ or "",
        tagged=True,
        tag="action",
    ),
    Action.DELETE_RESULT: Record(
        Action.DELETE_RESULT.value,
        (TIME, SERIES, TABLE, Field("results", PaperLines(), doc="the result taken back")),
        ResultDeleted.__doc__ or "",
        tagged=True,
        tag="action",
    ),
    Action.RULES: Record(
        Action.RULES.value,
        (
            TIME,
            Field("ties", Text(choices=TIES), doc="a shared place, or the lot"),
            Field("leavers", Text(choices=LEAVERS), doc="a player who left: ranked or not"),
            Field("table_points", ListOf(TABLE_POINT), [], "the points of places 1 to 4"),
            Field("lot_seed", Integer(0, nullable=True), None, "the seed of the lot drawn"),
        ),
        RulesSet.__doc__ or "",
        tagged=True,
        tag="action",
    ),
}
"""Each action's facts, as the file holds them (besides ``action``)."""

REDRAWN_PAPER = Record(
    "redrawn paper",
    (TABLE, Field("results", PaperLines())),
    RedrawnPaper.__doc__ or "",
)

# --- reading --------------------------------------------------------------------------------


def _lines(value: dict[str, list[int]]) -> Lines:
    return {name: PaperLine(*line) for name, line in value.items()}


def _removed(d: dict[str, Any]) -> Event:
    return PlayerRemoved(d["time"], d["player"])


def _redrawn(d: dict[str, Any]) -> Event:
    return SeriesRedrawn(
        d["time"],
        d["series"],
        d["seed"],
        tuple(tuple(table) for table in d["tables"]),
        d["lists"],
        tuple(RedrawnPaper(p["table"], _lines(p["results"])) for p in d["paper"]),
    )


def _seated(d: dict[str, Any]) -> Event:
    replaced, paper = d.get("replaced"), d.get("paper")
    return TableSeated(
        d["time"],
        d["series"],
        d["table"],
        tuple(d["players"]),
        replaced=None if replaced is None else tuple(replaced),
        paper=None if paper is None else _lines(paper),
        moved=d.get("list"),
    )


def _replaced(d: dict[str, Any]) -> Event:
    return ResultReplaced(d["time"], d["series"], d["table"], _lines(d["results"]))


def _deleted(d: dict[str, Any]) -> Event:
    return ResultDeleted(d["time"], d["series"], d["table"], _lines(d["results"]))


def _rules(d: dict[str, Any]) -> Event:
    return RulesSet(
        d["time"],
        d["ties"],
        d["leavers"],
        tuple(d.get("table_points", [])),
        d.get("lot_seed"),
    )


_BUILD: dict[Action, Build[Event]] = {
    Action.REMOVE: _removed,
    Action.REDRAW: _redrawn,
    Action.SEAT: _seated,
    Action.REPLACE_RESULT: _replaced,
    Action.DELETE_RESULT: _deleted,
    Action.RULES: _rules,
}

HISTORY: History[Action, Event] = History(DEFINITIONS, _BUILD)
"""The tournament's history: each action's definition and its record."""


def redraws(history: Sequence[Event], series: int | None = None) -> int:
    """How many times ``series`` (None: any series) was drawn again, or its draw taken back."""
    return sum(1 for e in history if isinstance(e, SeriesRedrawn) and series in (None, e.series))
