"""The league folder: ``league.json`` (facts only: the league's name, the series a match day
plays, the teams with their players, each match day's teams with their lineups, the teams
that did not appear, the date and the venue, and the history of what was changed) and one
tournament folder per match day, ``day-N/``, kept by :mod:`skatliste.store.tournament`.

The format is defined once (the records here, :mod:`skatliste.fields`); the reader checks
every field and then the league's own rules (:mod:`skatliste.league`), naming the file, the
place and the reason. Writes are atomic under the file's lock (:mod:`skatliste.store.files`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any, Final

from skatliste.errors import InputError, LedgerError
from skatliste.fields import (
    Const,
    Date,
    Field,
    Integer,
    Items,
    ListOf,
    Names,
    Places,
    Record,
    Text,
    at,
)
from skatliste.i18n import msg
from skatliste.league import (
    MatchDay,
    Scoring,
    Team,
    check_teams,
    match_day,
    scoring_problem,
)
from skatliste.players import same_name
from skatliste.store.files import (
    atomic_write,
    locked,
    new_folder_file,
    one_item_a_line,
    read_folder_file,
)
from skatliste.store.formats import Format, read
from skatliste.store.league_history import HISTORY, Event
from skatliste.venues import VenueState, with_venue

FILE_NAME: Final = "league.json"
FORMAT_NAME: Final = "skatliste-league"
FORMAT_VERSION: Final = 1
MIN_SERIES, MAX_SERIES = 2, 4
"""Series a match day plays (DSkV Liga: 2 to 4)."""
MAX_DAY = 999
"""The highest match day number: a season has a handful, a long league a few dozen."""


TEAM = Record(
    "team",
    (
        Field("name", Text(min_length=1)),
        Field("players", Names(3), doc="the first four are the regular lineup, the rest reserves"),
    ),
    "A team and its players.",
)
LINEUP = Record(
    "lineup",
    (
        Field("team", Text(min_length=1)),
        Field("players", Names(3, 4), doc="the players the team brings to the day"),
    ),
    "A team listed for a match day and its lineup.",
)
VENUE = Record(
    "venue",
    (
        Field("name", Text(min_length=1)),
        Field("teams", Names(2), doc="the day's teams that play there"),
        Field(
            "state",
            Text(choices=tuple(x.value for x in VenueState)),
            VenueState.AWAITED.value,
            "its report: awaited, provisional (imported) or confirmed",
        ),
    ),
    "A venue of a match day played at several (its key is in keys.json only).",
)
DAY = Record(
    "day",
    (
        Field("number", Integer(1, MAX_DAY)),
        Field("teams", Items("lineup"), doc="every team listed, with its lineup"),
        Field("absent", Names(), [], "the teams that did not appear"),
        Field("date", Date(nullable=True), None, "YYYY-MM-DD"),
        Field("venue", Text(min_length=1, nullable=True), None),
        Field("groups", ListOf(Names(2)), [], "the groups the day is scored in (none: one)"),
        Field("venues", Items("venue"), [], "the venues, when played at several"),
    ),
    "A match day: its folder is day-N/, a tournament.",
)
HEADER = Record(
    "league",
    (
        Field("format", Const(FORMAT_NAME)),
        Field("version", Const(FORMAT_VERSION)),
        Field("name", Text(min_length=1)),
        Field("created", Text(min_length=1)),
        Field("series", Integer(MIN_SERIES, MAX_SERIES), doc="series per match day"),
        Field("seed", Integer(0, 10**9 - 1), doc="a draw without a seed derives its own"),
        Field(
            "scoring",
            Text(choices=tuple(x.value for x in Scoring)),
            Scoring.ALL.value,
            "ranking points: every team against every other, or as groups of four or five",
        ),
        Field("teams", Items("team")),
        Field("days", Items("day"), []),
        Field("history", Items("event"), []),
    ),
    "A skatliste league file.",
)


@dataclass
class League:
    """The facts of a league and the folder it lives in."""

    folder: Path
    name: str
    created: str
    series: int
    seed: int
    teams: list[Team] = field(default_factory=list)
    days: list[MatchDay] = field(default_factory=list)
    history: list[Event] = field(default_factory=list)
    scoring: Scoring = Scoring.ALL
    """How a series' ranking points are counted (rules §L): all against all (earlier
    versions), or as groups of four or five."""

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def day(self, number: int) -> MatchDay | None:
        return next((d for d in self.days if d.number == number), None)

    def day_folder(self, number: int) -> Path:
        return self.folder / day_name(number)


def day_name(number: int) -> str:
    """A match day's tournament folder, relative to the league's: ``day-3``."""
    return f"day-{number}"


class NoLeague(LedgerError):
    """The folder has no league file (the edge says how to start one or name another)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        super().__init__(
            msg("{path}: no league here ({file} not found)", path=folder, file=FILE_NAME)
        )


def _teams(data: dict[str, Any]) -> tuple[list[Team], Places]:
    """The league's teams, and what is wrong with them (a team of fewer than three, a player
    in two teams)."""
    teams: list[Team] = []
    wrong: list[tuple[str, Any]] = []
    for i, item in enumerate(data["teams"], 1):
        try:
            teams.append(Team(item["name"], tuple(item["players"])))
        except InputError as exc:
            wrong.append((at("teams", i), exc.message))
    if not wrong:
        try:
            check_teams(teams)
        except InputError as exc:
            wrong.append(("teams", exc.message))
    return teams, iter(wrong)


def _days(data: dict[str, Any], teams: list[Team]) -> tuple[list[MatchDay], Places]:
    """The match days, and what is wrong with them (a day twice, a lineup of someone not in
    the team, a day of fewer than two teams)."""
    days: list[MatchDay] = []
    wrong: list[tuple[str, Any]] = []
    league = League(Path(), "", "", 0, 0, teams)
    for i, item in enumerate(data.get("days", []), 1):
        where = at("days", i)
        number = item["number"]
        if any(d.number == number for d in days):
            wrong.append((at(where, "number"), msg("a second match day {number}", number=number)))
            continue
        lineups = {x["team"]: x["players"] for x in item["teams"]}
        when = item.get("date")
        try:
            days.append(
                match_day(
                    number,
                    [team_named(league, x["team"]) for x in item["teams"]],
                    lineups=lineups,
                    absent=item.get("absent", []),
                    date=None if when is None else date.fromisoformat(when),
                    venue=item.get("venue"),
                    groups=item.get("groups", []),
                )
            )
        except InputError as exc:
            wrong.append((where, exc.message))
            continue
        for j, v in enumerate(item.get("venues", []), 1):
            try:
                made = with_venue(days[-1], v["name"], v["teams"])
            except InputError as exc:
                wrong.append((at(at(where, "venues"), j), exc.message))
                continue
            last = replace(made.venues[-1], state=VenueState(v.get("state", "awaited")))
            days[-1] = replace(made, venues=(*made.venues[:-1], last))
        problem = scoring_problem(days[-1], Scoring(data.get("scoring", Scoring.ALL.value)))
        if problem is not None:
            wrong.append((where, problem))
    return days, iter(wrong)


def _rules(data: dict[str, Any]) -> Places:
    """The league's own rules, once every field is of its type."""
    teams, wrong = _teams(data)
    yield from wrong
    yield from _days(data, teams)[1]


FORMAT = Format(
    FORMAT_NAME,
    FORMAT_VERSION,
    HEADER,
    "league file",
    {"team": TEAM, "lineup": LINEUP, "day": DAY, "venue": VENUE, "event": HISTORY.records},
    _rules,
)
"""The league file: what its reader checks, what ``skatliste schema league`` prints."""


# --- reading ------------------------------------------------------------------------------


def parse(path: Path, raw: bytes) -> League:
    """The league in ``raw``, read by its format (its fields, then the league's rules):
    refused with every problem found."""
    data = read(FORMAT, path, raw).data
    league = League(path.parent, data["name"], data["created"], data["series"], data["seed"])
    league.scoring = Scoring(data.get("scoring", Scoring.ALL.value))
    league.teams = _teams(data)[0]
    league.days = _days(data, league.teams)[0]
    league.history = [HISTORY.build(item) for item in data.get("history", [])]
    return league


class NoSuchTeam(InputError):
    """A team the league does not have (the edge says where to see them)."""

    def __init__(self, name: str, known: object) -> None:
        super().__init__(
            msg("no team '{team}' in the league (teams: {known})", team=name, known=known)
        )


def team_named(league: League, name: str) -> Team:
    """The league's team of that name (case-insensitive)."""
    found = next((t for t in league.teams if same_name(t.name) == same_name(name)), None)
    if found is None:
        raise NoSuchTeam(name, ", ".join(t.name for t in league.teams) or msg("none yet"))
    return found


def load(folder: Path) -> League:
    """Read the league in ``folder``; refuse a missing or corrupt file with the reason."""
    path = folder / FILE_NAME
    return parse(path, read_folder_file(path, NoLeague(folder)))


# --- writing ------------------------------------------------------------------------------


def _day_json(d: MatchDay) -> dict[str, Any]:
    values = {
        "number": d.number,
        "teams": [{"team": t, "players": list(p)} for t, p in d.lineups],
        "absent": [t for t in d.teams if t in d.absent],
        "date": None if d.date is None else d.date.isoformat(),
        "venue": d.venue,
        "groups": [list(g) for g in d.groups],
        "venues": [
            VENUE.compact({"name": v.name, "teams": list(v.teams), "state": v.state.value})
            for v in d.venues
        ],
    }
    return DAY.compact(values)


def to_json(league: League) -> dict[str, Any]:
    """The file's content: facts only."""
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": league.name,
        "created": league.created,
        "series": league.series,
        "seed": league.seed,
        **({"scoring": league.scoring.value} if league.scoring is not Scoring.ALL else {}),
        "teams": [{"name": t.name, "players": list(t.players)} for t in league.teams],
        "days": [_day_json(d) for d in sorted(league.days, key=lambda d: d.number)],
        "history": [e.to_json() for e in league.history],
    }


def dumps(league: League) -> str:
    """The file text: a team, a match day, a history item on one line each."""
    return one_item_a_line(to_json(league), ("teams", "days", "history"))


def check(league: League) -> None:
    """What the reader would refuse, refused before writing (a change made in memory)."""
    parse(league.path, dumps(league).encode("utf-8"))


def save(league: League) -> None:
    """Write atomically (the caller holds the lock), after the reader's own check."""
    check(league)
    atomic_write(league.path, dumps(league), what="league file")


@contextlib.contextmanager
def updating(folder: Path) -> Iterator[League]:
    """Load under the lock, let the caller change it, save: one atomic read-modify-write.
    A refusal inside leaves the file as it was."""
    load(folder)  # 'no league here' before any lock file is made
    with locked(folder / FILE_NAME):
        league = load(folder)
        yield league
        save(league)


def create(league: League) -> None:
    """Write a new league file; refuse to overwrite one."""
    exists = msg("{path}: a league exists here already; choose another folder", path=league.path)
    new_folder_file(league.path, lambda: save(league), exists)


def with_absent(day: MatchDay, team: str) -> MatchDay:
    """The day with ``team`` (as listed) marked as not appeared."""
    return replace(day, absent=day.absent | {team})
