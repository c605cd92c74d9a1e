"""A venue's report of a match day played at several venues: one JSON file the venue writes
(``skatliste league venue export``) and the league official imports. It holds the venue's
tables of the day (their players in seat order and each player's paper line: list points,
games won and lost) and a signature: the HMAC-SHA256 of the rest of the file with the venue's
key, which the league keeps in its ``keys.json`` only (rules §L, venues). The key itself is
never in the report.

The format is defined once (``FORMAT``) and read by the store's one reader: every problem is
named with the file, its place and the reason.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from skatliste.fields import Const, Field, Integer, Items, Names, Places, Record, Text, at
from skatliste.i18n import msg
from skatliste.store.files import atomic_write
from skatliste.store.formats import Format, read
from skatliste.store.tournament_history import SEATED, PaperLines
from skatliste.tournament import MAX_SERIES, PaperLine, paper_line_problem

FORMAT_NAME: Final = "skatliste-venue-report"
FORMAT_VERSION: Final = 1
GAMES: Final = {3: 36, 4: 48}
"""Games in a league series by table size, as a match day's tournament has them (SkWO)."""

TABLE = Record(
    "table",
    (
        Field("series", Integer(1, MAX_SERIES)),
        Field("table", Integer(1, 999), doc="the table's number at the venue"),
        Field("players", SEATED, doc="in seat order (seat 1 deals first)"),
        Field("results", PaperLines(), doc="each player's [points, won, lost]"),
    ),
    "One table of the venue: its players and their paper lines.",
)
ROOT = Record(
    "venue report",
    (
        Field("format", Const(FORMAT_NAME)),
        Field("version", Const(FORMAT_VERSION)),
        Field("league", Text(min_length=1), doc="the league's name"),
        Field("day", Integer(1, 999), doc="the match day"),
        Field("venue", Text(min_length=1)),
        Field("created", Text(min_length=1)),
        Field("teams", Names(2), doc="the teams that played at the venue"),
        Field("tables", Items("table")),
        Field(
            "signature",
            Text(pattern="[0-9a-f]{64}", like="64 hex digits"),
            doc="HMAC-SHA256 (hex) of the rest of the file, with the venue's key",
        ),
    ),
    "A venue's report of a league match day.",
)


def _rules(data: dict[str, Any]) -> Places:
    """Each table once, its results of its players, each line possible; no player twice in a
    series."""
    seen: set[tuple[int, int]] = set()
    seated: dict[tuple[int, str], int] = {}
    for i, t in enumerate(data["tables"], 1):
        where = at("tables", i)
        series, number = t["series"], t["table"]
        if (series, number) in seen:
            yield where, msg("a second table {series}/{table}", series=series, table=number)
        seen.add((series, number))
        if sorted(t["results"]) != sorted(t["players"]):
            yield at(where, "results"), msg("the names are not the players at that table")
            continue
        for name in t["players"]:
            if (series, name) in seated:
                yield (
                    at(where, "players"),
                    msg(
                        "'{name}' plays at table {table} of this series as well",
                        name=name,
                        table=seated[(series, name)],
                    ),
                )
            seated[(series, name)] = number
        length = GAMES[len(t["players"])]
        for name, line in t["results"].items():
            problem = paper_line_problem(PaperLine(*line), length)
            if problem is not None:
                yield at(at(where, "results"), name), problem


FORMAT = Format(FORMAT_NAME, FORMAT_VERSION, ROOT, "venue report", {"table": TABLE}, _rules)
"""A venue's report: what its reader checks, what ``skatliste schema venue-report`` prints."""


@dataclass(frozen=True)
class Table:
    """A table of the venue: series, its number there, players in seat order, paper lines."""

    series: int
    table: int
    players: tuple[str, ...]
    results: dict[str, PaperLine]


@dataclass(frozen=True)
class Report:
    """A venue's report as read (its signature not yet checked: that needs the key)."""

    path: Path
    league: str
    day: int
    venue: str
    created: str
    teams: tuple[str, ...]
    tables: tuple[Table, ...]
    signature: str
    body: dict[str, Any]
    """The file's content without the signature: what the signature signs."""


def sign(body: dict[str, Any], key: str) -> str:
    """The HMAC-SHA256 of ``body`` (its canonical JSON: keys sorted, no spaces, UTF-8) with
    ``key``, as hex.

    >>> sign({"day": 1}, "k" * 16)[:16]
    '4dc79d36cf11d882'
    """
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(key.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def signed_by(report: Report, key: str) -> bool:
    """Whether the report was signed with ``key`` (compared in constant time)."""
    return hmac.compare_digest(sign(report.body, key), report.signature)


def parse(path: Path, raw: bytes) -> Report:
    """The report in ``raw``, read by its format: refused with every problem found."""
    data = read(FORMAT, path, raw).data
    tables = tuple(
        Table(
            t["series"],
            t["table"],
            tuple(t["players"]),
            {n: PaperLine(*line) for n, line in t["results"].items()},
        )
        for t in data["tables"]
    )
    body = {k: v for k, v in data.items() if k != "signature"}
    return Report(
        path,
        data["league"],
        data["day"],
        data["venue"],
        data["created"],
        tuple(data["teams"]),
        tables,
        data["signature"],
        body,
    )


def body_of(
    *, league: str, day: int, venue: str, created: str, teams: list[str], tables: list[Table]
) -> dict[str, Any]:
    """A report's content, as the file holds it, before its signature."""
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "league": league,
        "day": day,
        "venue": venue,
        "created": created,
        "teams": teams,
        "tables": [
            {
                "series": t.series,
                "table": t.table,
                "players": list(t.players),
                "results": {n: [x.points, x.won, x.lost] for n, x in t.results.items()},
            }
            for t in tables
        ],
    }


def dumps(body: dict[str, Any], key: str) -> str:
    """The file text: the content and its signature with ``key``, checked by the reader."""
    text = json.dumps({**body, "signature": sign(body, key)}, indent=2, ensure_ascii=False)
    parse(Path("report.json"), text.encode("utf-8"))
    return text + "\n"


def write(path: Path, text: str) -> None:
    """Write the report atomically."""
    atomic_write(path, text, what="venue report")
