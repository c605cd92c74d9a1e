"""A league season, pure: teams, match days, the ranking points of each series, the day's
report, the season table and the players' Seeger-Fabian over the season (Einzelwertung). The
draw of a match day and the series seated by results are in :mod:`skatliste.seating`. No files.

Ranking points are exact (:class:`~fractions.Fraction`): teams with equal series scores share
the points of their places, half a point each way (rules §L).

>>> a, b, c = Team("A", ("a1", "a2", "a3")), Team("B", ("b1", "b2", "b3")), Team("C", ("c1",
... "c2", "c3"))
>>> day = match_day(1, [a, b, c])
>>> scores = {1: {p: Score(sf, 0, 0, 0) for p, sf in [("a1", 500), ("a2", 500), ("a3", 500),
...     ("b1", 900), ("b2", 300), ("b3", 300), ("c1", 100), ("c2", 100), ("c3", 100)]}}
>>> [(t.team, t.score, str(t.points)) for t in report(day, scores, series=1).series[0].teams]
[('A', 1500, '3/2'), ('B', 1500, '3/2'), ('C', 300, '0')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from fractions import Fraction

from skatliste.errors import InputError
from skatliste.i18n import Message, msg, nmsg
from skatliste.players import same_name
from skatliste.tournament import Score, Standing, with_places
from skatliste.venues import Venue, VenueState

LINEUP = 4
"""Players of a team's regular lineup: the first four named; the rest are reserves."""

MIN_TEAM = 3
"""A team may start with three players (DSkV Liga)."""

GROUP_PLACES = 4
"""A group scores at least as a group of four: with fewer teams the last places stay unused
(a day of three teams: 3:0, 2:1, 1:2 a series, DSkV Online-Bundesliga)."""

MAX_GROUP = 5
"""Groups of four or five teams: a central match day is scored in such groups (3 .. 0 a
series in a group of four, 4 .. 0 in one of five)."""


class Scoring(StrEnum):
    """How a series' ranking points are counted among the teams of a match day."""

    ALL = "all"
    """Every team against every other of its group (or of the day): n teams give n − 1 .. 0;
    a day of three teams 2:0, 1:1, 0:2 (earlier versions)."""
    GROUP = "group"
    """As a group of four or five: a day (or group) of three teams scores as four with the
    last place unused, 3:0, 2:1, 1:2; five teams 4 .. 0; a day of more than five teams is
    scored in the groups the organiser sets."""


# --- teams and match days ------------------------------------------------------------------


@dataclass(frozen=True)
class Team:
    """A team: its name and its players, the first four the regular lineup, the rest reserves.

    >>> Team("Kreuz Bube", ("Anna", "Ben", "Carl", "Dora", "Emil")).reserves
    ('Emil',)
    """

    name: str
    players: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.players) < MIN_TEAM:
            raise InputError(
                nmsg(
                    "team '{team}' has {count} player: a team has at least 3",
                    "team '{team}' has {count} players: a team has at least 3",
                    len(self.players),
                    team=self.name,
                )
            )
        keys = [same_name(p) for p in self.players]
        twice = next(
            (p for p, k in zip(self.players, keys, strict=True) if keys.count(k) > 1), None
        )
        if twice is not None:
            raise InputError(msg("team '{team}' names '{name}' twice", team=self.name, name=twice))

    @property
    def lineup(self) -> tuple[str, ...]:
        """The regular lineup: the first four players."""
        return self.players[:LINEUP]

    @property
    def reserves(self) -> tuple[str, ...]:
        """The players beyond the regular lineup."""
        return self.players[LINEUP:]


def check_teams(teams: Sequence[Team]) -> None:
    """The league's teams together: no team name twice, no player in two teams.

    >>> check_teams([Team("A", ("x", "y", "z")), Team("B", ("u", "v", "X"))])
    Traceback (most recent call last):
    ...
    skatliste.errors.InputError: 'X' plays for team 'A' and team 'B'
    """
    names: set[str] = set()
    owner: dict[str, str] = {}
    for team in teams:
        if same_name(team.name) in names:
            raise InputError(msg("there are two teams called '{team}'", team=team.name))
        names.add(same_name(team.name))
        for player in team.players:
            other = owner.setdefault(same_name(player), team.name)
            if other != team.name:
                raise InputError(
                    msg(
                        "'{name}' plays for team '{team}' and team '{other}'",
                        name=player,
                        team=other,
                        other=team.name,
                    )
                )


@dataclass(frozen=True)
class MatchDay:
    """One meeting of teams at one venue: its number, the teams listed, each team's lineup (3 or
    4 of its players), the teams that did not appear, the date and the venue. Made by
    :func:`match_day`, which checks it."""

    number: int
    teams: tuple[str, ...]
    lineups: tuple[tuple[str, tuple[str, ...]], ...]
    """(team, players) for every team listed, in the order listed."""
    absent: frozenset[str] = frozenset()
    date: date | None = None
    venue: str | None = None
    groups: tuple[tuple[str, ...], ...] = ()
    """The groups the organiser set (each team, as listed, in one); none: one group of all."""
    venues: tuple[Venue, ...] = ()
    """The venues the day is played at, when more than one (each reports its results)."""

    def changed(
        self, *, venues: tuple[Venue, ...] | None = None, absent: frozenset[str] | None = None
    ) -> MatchDay:
        """The day with its venues or its absent teams replaced."""
        return replace(
            self,
            venues=self.venues if venues is None else venues,
            absent=self.absent if absent is None else absent,
        )

    def venue_named(self, name: str) -> Venue | None:
        """The day's venue of that name (case-insensitive), or None."""
        return next((v for v in self.venues if same_name(v.name) == same_name(name)), None)

    def provisional(self) -> tuple[str, ...]:
        """The teams whose results a venue reported and the league official has not yet
        confirmed (rules §L, venues)."""
        return tuple(t for v in self.venues if v.state is VenueState.PROVISIONAL for t in v.teams)

    def scored(self) -> tuple[tuple[str, ...], ...]:
        """The groups each series is scored in: the ones set, or all teams in one."""
        return self.groups or (self.teams,)

    @property
    def present(self) -> tuple[str, ...]:
        """The teams that appeared, in the order listed."""
        return tuple(t for t in self.teams if t not in self.absent)

    def lineup(self, team: str) -> tuple[str, ...]:
        """The players ``team`` (as listed) brings to the day."""
        return dict(self.lineups)[team]

    def players(self) -> dict[str, str]:
        """Every player of a team that appeared, with the team."""
        return {p: t for t, players in self.lineups if t not in self.absent for p in players}


def match_day(
    number: int,
    teams: Sequence[Team],
    *,
    lineups: Mapping[str, Sequence[str]] | None = None,
    absent: Sequence[str] = (),
    date: date | None = None,
    venue: str | None = None,
    groups: Sequence[Sequence[str]] = (),
) -> MatchDay:
    """Match day ``number`` of ``teams`` (at least 2; more than four make a central day); a
    team's lineup is 3 or 4 of its players, by default its first four; ``groups`` (set by the
    organiser: every team of the day in one, each of at least 2 teams) score apart.

    >>> t = [Team("A", ("a1", "a2", "a3", "a4", "a5")), Team("B", ("b1", "b2", "b3"))]
    >>> match_day(3, t, lineups={"A": ["a5", "a1", "a2"]}).lineups
    (('A', ('a5', 'a1', 'a2')), ('B', ('b1', 'b2', 'b3')))
    """
    if number < 1:
        raise InputError(msg("match day {number}: match days count from 1", number=number))
    if len(teams) < 2:
        raise InputError(msg("match day {number}: a match day has at least 2 teams", number=number))
    check_teams(teams)
    by_name = {same_name(t.name): t for t in teams}
    lineups = lineups or {}
    for team in [*lineups, *absent]:
        if same_name(team) not in by_name:
            raise InputError(
                msg("match day {number}: team '{team}' does not play it", number=number, team=team)
            )
    chosen = {same_name(t): list(players) for t, players in lineups.items()}
    made = tuple((t.name, _lineup(t, chosen.get(same_name(t.name), list(t.lineup)))) for t in teams)
    gone = frozenset(by_name[same_name(t)].name for t in absent)
    sets = _groups(number, [t.name for t in teams], groups)
    return MatchDay(number, tuple(t.name for t in teams), made, gone, date, venue, sets)


def _groups(
    number: int, teams: Sequence[str], groups: Sequence[Sequence[str]]
) -> tuple[tuple[str, ...], ...]:
    """The groups as the day lists its teams; refused: a team not of the day, a team in two
    groups or in none, a group of one team."""
    if not groups:
        return ()
    by_key = {same_name(t): t for t in teams}
    seen: dict[str, int] = {}
    out: list[tuple[str, ...]] = []
    for g, group in enumerate(groups, 1):
        named = []
        for team in group:
            key = same_name(team)
            if key not in by_key:
                raise InputError(
                    msg(
                        "match day {number}: group {group} names team '{team}', which does not "
                        "play the day",
                        number=number,
                        group=g,
                        team=team,
                    )
                )
            if key in seen:
                raise InputError(
                    msg(
                        "match day {number}: team '{team}' is in group {first} and group {group}",
                        number=number,
                        team=by_key[key],
                        first=seen[key],
                        group=g,
                    )
                )
            seen[key] = g
            named.append(by_key[key])
        if len(named) < 2:
            raise InputError(
                msg(
                    "match day {number}: group {group} has one team; a group has at least 2",
                    number=number,
                    group=g,
                )
            )
        out.append(tuple(named))
    left = [t for t in teams if same_name(t) not in seen]
    if left:
        raise InputError(
            msg(
                "match day {number}: {teams} in no group; every team of the day is in one",
                number=number,
                teams=", ".join(left),
            )
        )
    return tuple(out)


def scoring_problem(day: MatchDay, scoring: Scoring) -> Message | None:
    """Why ``day`` cannot be scored by ``scoring``, or None: scored as groups of four or five,
    a day of more than five teams needs its groups set, and no group has more than five.

    >>> t = [Team(n, (n + "1", n + "2", n + "3")) for n in "ABCDEF"]
    >>> print(scoring_problem(match_day(1, t), Scoring.GROUP))  # doctest: +ELLIPSIS
    match day 1: 6 teams in one group: group scoring counts groups of 2 to 5 teams; set ...
    >>> scoring_problem(match_day(1, t, groups=["ABC", "DEF"]), Scoring.GROUP) is None
    True
    """
    if scoring is not Scoring.GROUP:
        return None
    big = next((g for g in day.scored() if len(g) > MAX_GROUP), None)
    if big is None:
        return None
    return msg(
        "match day {number}: {count} teams in one group: group scoring counts groups of 2 to "
        "{most} teams; set the day's groups",
        number=day.number,
        count=len(big),
        most=MAX_GROUP,
    )


def _lineup(team: Team, players: list[str]) -> tuple[str, ...]:
    if not MIN_TEAM <= len(players) <= LINEUP:
        raise InputError(
            nmsg(
                "the lineup of team '{team}' has {count} player: a lineup is 3 or 4",
                "the lineup of team '{team}' has {count} players: a lineup is 3 or 4",
                len(players),
                team=team.name,
            )
        )
    known = {same_name(p): p for p in team.players}
    out: list[str] = []
    for p in players:
        if same_name(p) not in known:
            raise InputError(
                msg("'{name}' is not a player of team '{team}'", name=p, team=team.name)
            )
        if known[same_name(p)] in out:
            raise InputError(
                msg("the lineup of team '{team}' names '{name}' twice", team=team.name, name=p)
            )
        out.append(known[same_name(p)])
    return tuple(out)


# --- ranking points -------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamSeries:
    """A team's line of one series: game points (its players' Seeger-Fabian summed) and the
    ranking points it got and gave."""

    team: str
    score: int
    points: Fraction
    against: Fraction
    absent: bool
    group: int = 0
    """The team's group (from 1) where the day is scored in groups set; 0 otherwise."""


def ranking_points(
    scores: Mapping[str, int], absent: Sequence[str] = (), *, places: int | None = None
) -> dict[str, tuple[Fraction, Fraction]]:
    """(for, against) of every team in one series: a point for every team beaten, half a point
    for every team with the same score; an absent team is beaten by every team that appeared
    and gets no point, also against another absent team (rules §L). Scored as a group of
    ``places`` (more than the teams): every team that appeared gets a point for each place
    left unused below the last (a day of three as a group of four: 3:0, 2:1, 1:2).

    >>> got = ranking_points({"A": 900, "B": 700, "C": 700, "D": 100})
    >>> {t: (str(f), str(a)) for t, (f, a) in got.items()}
    {'A': ('3', '0'), 'B': ('3/2', '3/2'), 'C': ('3/2', '3/2'), 'D': ('0', '3')}
    >>> {t: (int(f), int(a)) for t, (f, a) in ranking_points({"A": 0, "B": 0}, ["B"]).items()}
    {'A': (1, 0), 'B': (0, 1)}
    >>> got = ranking_points({"A": 900, "B": 700, "C": 100}, places=4)
    >>> {t: (int(f), int(a)) for t, (f, a) in got.items()}
    {'A': (3, 0), 'B': (2, 1), 'C': (1, 2)}
    """
    gone = set(absent)
    unused = max(0, (places or len(scores)) - len(scores))
    out: dict[str, tuple[Fraction, Fraction]] = {}
    for team, score in scores.items():
        got = Fraction(0 if team in gone else unused)
        gave = Fraction(0)
        for other, theirs in scores.items():
            if other == team or (team in gone and other in gone):
                continue
            if other in gone or (team not in gone and score > theirs):
                got += 1
            elif team in gone or score < theirs:
                gave += 1
            else:
                got += Fraction(1, 2)
                gave += Fraction(1, 2)
        out[team] = (got, gave)
    return out


@dataclass(frozen=True)
class SeriesReport:
    """One series of a match day: the teams by ranking points (absent ones last)."""

    series: int
    teams: tuple[TeamSeries, ...]
    in_progress: bool
    """A table of this series is still playing, or has no result yet."""


@dataclass(frozen=True)
class DayTeam:
    """A team's line of the match day: ranking points for : against, game points."""

    team: str
    points: Fraction
    against: Fraction
    game_points: int
    absent: bool
    group: int = 0
    """The team's group (from 1) where the day is scored in groups set; 0 otherwise."""
    provisional: bool = False
    """Its results came from a venue's report not yet confirmed (vorläufig)."""


@dataclass(frozen=True)
class DayPlayer:
    """A player's line of the match report: his team and his Seeger-Fabian in each series he
    has a result of."""

    team: str
    name: str
    series: tuple[tuple[int, int], ...]
    """(series, Seeger-Fabian), in the order of the series."""

    @property
    def total(self) -> int:
        return sum(sf for _, sf in self.series)


@dataclass(frozen=True)
class DayReport:
    """The match report (Spielbericht) of a day, as far as it is played."""

    day: int
    series: tuple[SeriesReport, ...]
    teams: tuple[DayTeam, ...]
    in_progress: bool
    date: date | None = None
    venue: str | None = None
    players: tuple[DayPlayer, ...] = ()
    """The players of the teams that appeared, team by team as ranked, each in lineup order."""
    provisional: tuple[str, ...] = ()
    """The venues whose reported results are not yet confirmed (vorläufig)."""


DayScores = Mapping[int, Mapping[str, Score]]
"""Each series' results of a match day: series number → player → the player's score."""


def _check_scores(day: MatchDay, scores: DayScores, series: int | None) -> None:
    """Refuses a result for an absent team's player, a stranger or a series the day does not
    play (it plays ``series`` of them; None: any number)."""
    players = {same_name(p) for p in day.players()}
    gone = {same_name(p): t for t, ps in day.lineups if t in day.absent for p in ps}
    for number, results in scores.items():
        if series is not None and not 1 <= number <= series:
            raise InputError(
                msg(
                    "match day {day}: series {series}: the day plays series 1 to {last}",
                    day=day.number,
                    series=number,
                    last=series,
                )
            )
        for name in results:
            if same_name(name) in gone:
                raise InputError(
                    msg(
                        "match day {day}: a result for '{name}', but team '{team}' did not appear",
                        day=day.number,
                        name=name,
                        team=gone[same_name(name)],
                    )
                )
            if same_name(name) not in players:
                raise InputError(
                    msg(
                        "match day {day}: '{name}' is in no lineup of the day",
                        day=day.number,
                        name=name,
                    )
                )


def _series(
    day: MatchDay,
    number: int,
    results: Mapping[str, Score],
    scoring: Scoring,
    waiting: frozenset[str] = frozenset(),
) -> SeriesReport:
    mine = {same_name(p): s for p, s in results.items()}
    totals = {
        team: sum(mine[same_name(p)].seeger_fabian for p in players if same_name(p) in mine)
        for team, players in day.lineups
    }
    points: dict[str, tuple[Fraction, Fraction]] = {}
    group_of: dict[str, int] = {}
    for g, group in enumerate(day.scored()):
        places = max(GROUP_PLACES, len(group)) if scoring is Scoring.GROUP else None
        gone = sorted(t for t in group if t in day.absent)
        scored = {t: totals[t] for t in group if t not in waiting}
        points.update(ranking_points(scored, gone, places=places))
        group_of.update(dict.fromkeys(group, g + 1 if day.groups else 0))
    lines = [
        TeamSeries(
            team, totals[team], *points[team], absent=team in day.absent, group=group_of[team]
        )
        for team in day.teams
        if team not in waiting
    ]
    lines.sort(key=lambda t: (group_of[t.team], t.absent, -t.points, -t.score, same_name(t.team)))
    present = [same_name(p) for p in day.players()]
    unfinished = any(k not in mine or not mine[k].complete for k in present)
    return SeriesReport(number, tuple(lines), unfinished)


def awaited(day: MatchDay, scores: DayScores) -> frozenset[str]:
    """The teams of a venue whose report is awaited and that have no result yet: not scored
    until it comes (a series scores the teams that played it, rules §L, venues)."""
    have = {same_name(p) for results in scores.values() for p in results}
    return frozenset(
        t
        for v in day.venues
        if v.state is VenueState.AWAITED
        for t in v.teams
        if not any(same_name(p) in have for p in day.lineup(t))
    )


def report(
    day: MatchDay, scores: DayScores, *, series: int, scoring: Scoring = Scoring.ALL
) -> DayReport:
    """The day's report: each series that has a result (in progress while a table plays or has
    no result), per team the ranking points for : against (``scoring``: within its group)
    and the game points summed, and each player's Seeger-Fabian per series; teams group by
    group.

    A series without any result yet is not reported; the day is in progress until all
    ``series`` are reported and finished.
    """
    _check_scores(day, scores, series)
    problem = scoring_problem(day, scoring)
    if problem is not None:
        raise InputError(problem)
    waiting = awaited(day, scores)
    played = [_series(day, n, scores[n], scoring, waiting) for n in sorted(scores) if scores[n]]
    teams: list[DayTeam] = []
    for team in (t for t in day.teams if t not in waiting):
        lines = [t for s in played for t in s.teams if t.team == team]
        teams.append(
            DayTeam(
                team,
                sum((t.points for t in lines), Fraction(0)),
                sum((t.against for t in lines), Fraction(0)),
                sum(t.score for t in lines),
                absent=team in day.absent,
            )
        )
    group_of = {
        t: g + 1 if day.groups else 0 for g, group in enumerate(day.scored()) for t in group
    }
    unsure = set(day.provisional())
    teams = [replace(t, group=group_of[t.team], provisional=t.team in unsure) for t in teams]
    teams.sort(
        key=lambda t: (group_of[t.team], t.absent, -t.points, -t.game_points, same_name(t.team))
    )
    unfinished = len(played) < series or any(s.in_progress for s in played)
    keyed = {n: {same_name(p): x.seeger_fabian for p, x in scores[n].items()} for n in scores}
    each = tuple(
        DayPlayer(
            t.team,
            p,
            tuple((n, keyed[n][same_name(p)]) for n in sorted(keyed) if same_name(p) in keyed[n]),
        )
        for t in teams
        if not t.absent
        for p in day.lineup(t.team)
    )
    venues = tuple(v.name for v in day.venues if v.state is VenueState.PROVISIONAL)
    return DayReport(
        day.number, tuple(played), tuple(teams), unfinished, day.date, day.venue, each, venues
    )


# --- the season table -------------------------------------------------------------------------


@dataclass(frozen=True)
class TableLine:
    """A team's line of the season table."""

    place: int
    team: str
    days: int
    """Match days the team appeared at."""
    points: Fraction
    against: Fraction
    game_points: int
    provisional: bool = False
    """Some of its points come from a venue's report not yet confirmed (vorläufig)."""


def season_table(reports: Sequence[DayReport], *, teams: Sequence[str] = ()) -> list[TableLine]:
    """The season table over the match days: ranking points, then game points, then an equal
    place; ``teams`` are listed even before their first match day.

    >>> r = DayReport(1, (), (DayTeam("A", Fraction(5), Fraction(1), 900, False),
    ...                       DayTeam("B", Fraction(1), Fraction(5), 300, False)), False)
    >>> [(x.place, x.team, x.days, int(x.points)) for x in season_table([r], teams=["C"])]
    [(1, 'A', 1, 5), (2, 'B', 1, 1), (3, 'C', 0, 0)]
    """
    days: dict[str, int] = dict.fromkeys(teams, 0)
    got: dict[str, Fraction] = dict.fromkeys(teams, Fraction(0))
    gave: dict[str, Fraction] = dict.fromkeys(teams, Fraction(0))
    game: dict[str, int] = dict.fromkeys(teams, 0)
    unsure = {t.team for r in reports for t in r.teams if t.provisional}
    for r in reports:
        for t in r.teams:
            days[t.team] = days.get(t.team, 0) + (0 if t.absent else 1)
            got[t.team] = got.get(t.team, Fraction(0)) + t.points
            gave[t.team] = gave.get(t.team, Fraction(0)) + t.against
            game[t.team] = game.get(t.team, 0) + t.game_points
    order = sorted(days, key=lambda team: (-got[team], -game[team], same_name(team)))
    out: list[TableLine] = []
    for pos, team in enumerate(order):
        same = out and (out[-1].points, out[-1].game_points) == (got[team], game[team])
        place = out[-1].place if same else pos + 1
        out.append(
            TableLine(place, team, days[team], got[team], gave[team], game[team], team in unsure)
        )
    return out


# --- the players over the season (Einzelwertung) ------------------------------------------------


@dataclass(frozen=True)
class PlayerLine:
    """A player's Seeger-Fabian over the season's match days."""

    place: int
    name: str
    team: str
    series: int
    seeger_fabian: int
    points: int
    won: int
    lost: int
    in_progress: bool = False
    per_series: tuple[int, ...] = field(default=())
    """Seeger-Fabian of each series played, in the order played."""


def players(days: Sequence[tuple[MatchDay, DayScores]]) -> list[PlayerLine]:
    """Every player who played a series, ranked like a tournament (rules §7): Seeger-Fabian,
    then more won, then fewer lost; equal lines share a place.

    >>> t = [Team("A", ("a1", "a2", "a3")), Team("B", ("b1", "b2", "b3"))]
    >>> got = players([(match_day(1, t), {1: {"a1": Score(800, 300, 8, 1),
    ...                                      "b1": Score(800, 300, 9, 1)}})])
    >>> [(x.place, x.name, x.team, x.seeger_fabian) for x in got]
    [(1, 'b1', 'B', 800), (2, 'a1', 'A', 800)]
    """
    team_of: dict[str, str] = {}
    names: dict[str, str] = {}
    played: dict[str, list[Score]] = {}
    for day, scores in days:
        own = day.players()
        keyed = {same_name(p): p for p in own}
        _check_scores(day, scores, None)
        for number in sorted(scores):
            for name, score in scores[number].items():
                key = same_name(name)
                names.setdefault(key, keyed[key])
                team_of[key] = own[keyed[key]]
                played.setdefault(key, []).append(score)
    lines = [
        Standing(
            place=0,
            name=names[key],
            club=team_of[key],
            seeger_fabian=sum(s.seeger_fabian for s in mine),
            points=sum(s.points for s in mine),
            won=sum(s.won for s in mine),
            lost=sum(s.lost for s in mine),
            series={i: s.seeger_fabian for i, s in enumerate(mine, 1)},
            in_progress=any(not s.complete for s in mine),
        )
        for key, mine in played.items()
    ]
    return [
        PlayerLine(
            s.place,
            s.name,
            s.club,
            len(s.series),
            s.seeger_fabian,
            s.points,
            s.won,
            s.lost,
            s.in_progress,
            tuple(s.series.values()),
        )
        for s in with_places(lines)
    ]
