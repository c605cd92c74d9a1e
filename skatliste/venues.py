"""A league match day played at several venues, pure (rules §L, venues): each venue with the
day's teams that play there and where its report stands. No files.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, Self, TypeVar

from skatliste.errors import InputError
from skatliste.i18n import msg
from skatliste.players import same_name


class _Day(Protocol):
    """What of a match day (``skatliste.league.MatchDay``) its venues need."""

    @property
    def number(self) -> int: ...
    @property
    def teams(self) -> tuple[str, ...]: ...
    @property
    def absent(self) -> frozenset[str]: ...
    @property
    def venues(self) -> tuple[Venue, ...]: ...
    def venue_named(self, name: str) -> Venue | None: ...
    def changed(
        self, *, venues: tuple[Venue, ...] | None = None, absent: frozenset[str] | None = None
    ) -> Self: ...


MatchDay = TypeVar("MatchDay", bound=_Day)

__all__ = ["Venue", "VenueState", "at_venue", "venue_of", "with_venue"]


class VenueState(StrEnum):
    """Where a venue's report of a match day stands (rules §L, venues)."""

    AWAITED = "awaited"
    """No report imported yet."""
    PROVISIONAL = "provisional"
    """Its report is imported: its results count, marked provisional (vorläufig)."""
    CONFIRMED = "confirmed"
    """The league official confirmed its results: final."""


@dataclass(frozen=True)
class Venue:
    """A place a match day is played at, with the teams that play there."""

    name: str
    teams: tuple[str, ...]
    state: VenueState = VenueState.AWAITED


def with_venue(day: MatchDay, name: str, teams: Sequence[str]) -> MatchDay:
    """The day with one more venue, ``name``, where ``teams`` (of the day) play; refused: a
    venue of that name already, a team not of the day or at another venue, fewer than 2.

    >>> from skatliste.league import Team, match_day
    >>> t = [Team(n, (n + "1", n + "2", n + "3")) for n in "ABCD"]
    >>> day = with_venue(match_day(1, t), "Kiel", ["a", "B"])
    >>> [(v.name, v.teams) for v in with_venue(day, "Eutin", ["C", "D"]).venues]
    [('Kiel', ('A', 'B')), ('Eutin', ('C', 'D'))]
    """
    name = " ".join(name.split())
    if not name:
        raise InputError(msg("a venue needs a name, e.g. Kiel"))
    if day.venue_named(name) is not None:
        raise InputError(
            msg("match day {number}: venue '{venue}' exists already", number=day.number, venue=name)
        )
    listed = {same_name(t): t for t in day.teams}
    elsewhere = {same_name(t): v.name for v in day.venues for t in v.teams}
    chosen: list[str] = []
    for team in teams:
        if same_name(team) not in listed:
            raise InputError(
                msg(
                    "match day {number}: team '{team}' does not play it",
                    number=day.number,
                    team=team,
                )
            )
        if same_name(team) in elsewhere:
            raise InputError(
                msg(
                    "team '{team}' plays at venue '{venue}' already",
                    team=listed[same_name(team)],
                    venue=elsewhere[same_name(team)],
                )
            )
        if listed[same_name(team)] in chosen:
            raise InputError(msg("team '{team}' is listed twice", team=listed[same_name(team)]))
        chosen.append(listed[same_name(team)])
    if len(chosen) < 2:
        raise InputError(msg("a venue has at least 2 teams of the day, e.g. --teams Kiel Eutin"))
    return day.changed(venues=(*day.venues, Venue(name, tuple(chosen))))


def venue_of(day: MatchDay, name: str) -> Venue:
    """The day's venue ``name``; refused, with the venues it has, when there is none."""
    found = day.venue_named(name)
    if found is None:
        known = ", ".join(v.name for v in day.venues) or msg("none yet")
        raise InputError(
            msg(
                "match day {number} has no venue '{venue}' (venues: {known})",
                number=day.number,
                venue=name,
                known=known,
            )
        )
    return found


def at_venue(day: MatchDay, name: str) -> MatchDay:
    """The day as venue ``name`` plays it: the teams of the other venues are not there."""
    here = venue_of(day, name)
    return day.changed(absent=day.absent | (set(day.teams) - set(here.teams)))
