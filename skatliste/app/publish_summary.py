"""What one source gives the rest of a published site, beyond its own pages: its line on the
index, its players' appearances, its events of the rating, its aliases, and the pages it
drew. The site's manifest keeps it with the stamp of the files it was read from, so that
publishing again reads and draws again only the sources whose files changed (the players'
pages and the index are always drawn from every source's summary). Nothing derived is kept
beside the lists: the manifest lives in the site's folder.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Any

from skatliste import __version__
from skatliste.rating import RatedEvent, RatedSeries


class Kind(Enum):
    """What a source is, and the group the site's index lists it in."""

    TOURNAMENT = "tournament"
    """A tournament folder (``tournament.json``): its tables' lists and paper results."""
    SEASON = "season"
    """A club's season folder (``season.json``): its evenings' lists and tournaments."""
    LEAGUE = "league"
    """A league folder (``league.json``): its match days, each a tournament folder."""
    LIST = "list"
    """One table's list file, kept game by game."""


@dataclass(frozen=True)
class Appearance:
    """A player at an event: where, when, the place of how many, the score (Seeger-Fabian; a
    season's score; a list's points)."""

    day: date | None
    key: str
    title: str
    kind: Kind
    place: int | None
    of: int
    score: int | Decimal
    name: str
    """The name as the event spells it."""
    series: tuple[tuple[int, int], ...] = ()
    """A tournament's or a match day's series played: (series, Seeger-Fabian)."""


@dataclass(frozen=True)
class Summary:
    """One source as the rest of the site sees it."""

    kind: Kind
    key: str
    title: str
    day: date | None
    live: bool
    """A table of it is still playing."""
    source: str
    """The source's path, resolved."""
    stamp: str
    """The files it was read from as they were then (``stamp``)."""
    appearances: tuple[Appearance, ...]
    rated: tuple[RatedEvent, ...]
    aliases: dict[str, str]
    """A season's: another spelling → the name."""
    keys: tuple[str, ...]
    """Every key it took (its folder, its pages, its sheets), in the order taken."""
    pages: tuple[str, ...]
    """Its pages but its sheets (a sheet has a tag of its own)."""
    context: str = ""
    """What its pages show of the other sources (``stamp`` of each player's name as shown
    and the link to the player's page, a season's links to its evenings' pages): a summary
    whose context changed is read again."""

    @property
    def year(self) -> str:
        return str(self.day.year) if self.day else "-"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "key": self.key,
            "title": self.title,
            "day": _day(self.day),
            "live": self.live,
            "source": self.source,
            "stamp": self.stamp,
            "appearances": [
                [
                    _day(a.day),
                    a.key,
                    a.title,
                    a.kind.value,
                    a.place,
                    a.of,
                    _score(a.score),
                    a.name,
                    [list(x) for x in a.series],
                ]
                for a in self.appearances
            ],
            "rated": [
                [e.day.isoformat(), e.key, [[dict(s.scores), s.player_hands] for s in e.series]]
                for e in self.rated
            ],
            "aliases": self.aliases,
            "keys": list(self.keys),
            "pages": list(self.pages),
            "context": self.context,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Summary:
        """A summary as the manifest keeps it (``KeyError``, ``ValueError``, ``TypeError``
        where the manifest is not what a run wrote: the caller reads the source again)."""
        return cls(
            Kind(data["kind"]),
            str(data["key"]),
            str(data["title"]),
            _date(data["day"]),
            bool(data["live"]),
            str(data["source"]),
            str(data["stamp"]),
            tuple(
                Appearance(
                    _date(d),
                    str(k),
                    str(t),
                    Kind(kind),
                    p,
                    int(of),
                    _number(sc),
                    str(n),
                    tuple((int(a), int(b)) for a, b in series),
                )
                for d, k, t, kind, p, of, sc, n, series in data["appearances"]
            ),
            tuple(
                RatedEvent(
                    date.fromisoformat(d),
                    str(k),
                    tuple(RatedSeries(dict(sc), int(h)) for sc, h in series),
                )
                for d, k, series in data["rated"]
            ),
            dict(data["aliases"]),
            tuple(str(k) for k in data["keys"]),
            tuple(str(k) for k in data["pages"]),
            str(data["context"]),
        )


def _day(day: date | None) -> str | None:
    return day.isoformat() if day else None


def _date(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def _score(value: int | Decimal) -> int | str:
    return value if isinstance(value, int) else str(value)


def _number(value: int | str) -> int | Decimal:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(value)
    return value if isinstance(value, int) else Decimal(value)


def stamp(files: Iterable[Path], *more: object) -> str:
    """The files as they are now (each one's path, inode, modification time and size; a
    file not there as such) and ``more`` (what else the pages are drawn from), as one
    short text."""
    parts: list[object] = [__version__, *more]
    for path in files:
        try:
            st = os.stat(path)
            parts.append((str(path), st.st_ino, st.st_mtime_ns, st.st_size))
        except OSError:
            parts.append((str(path), None))
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()
