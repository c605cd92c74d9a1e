"""What a league's organiser does: the league, its teams, the match days (each a tournament
folder ``day-N/`` that every tournament command works on), a match day's draw with the teams
kept apart, the teams that did not appear, the match report, the season table and the
players over the season. Plain values in, results out; never prints.

Every change is one read-modify-write of the league file under its lock
(``store.league.updating``); a refusal raises before anything is written. The numbers come
from the day's tournament, read on every look: each player's Seeger-Fabian per series is the
tournament ranking's own (``app.tournament.results``); the league sums it per team.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from skatliste import league as core
from skatliste import venues as venues_core
from skatliste.app.tournament.base import MAX_SEED, has_results
from skatliste.app.tournament.draw import Seater, SeatingPlan, draw_series
from skatliste.app.tournament.results import refuse_unsound
from skatliste.app.tournament.results import results as tournament_results
from skatliste.errors import InputError, LedgerError, OptionError
from skatliste.i18n import msg
from skatliste.players import check_visible, same_name
from skatliste.seating import draw_day
from skatliste.store import league as store
from skatliste.store import tournament as tournament_store
from skatliste.store.league import League, NoLeague, NoSuchTeam
from skatliste.store.league_history import TeamEdited
from skatliste.store.tournament_history import PlayerRemoved, SeriesRedrawn, redraws
from skatliste.tournament import Draw, Met, Player, Score, table_sizes

ENV_VAR = "SKATLISTE_LEAGUE"

__all__ = [
    "ENV_VAR",
    "Absence",
    "ByHand",
    "League",
    "NoLeague",
    "NoSuchTeam",
    "absent",
    "add_team",
    "day_name",
    "day_report",
    "draw",
    "edit_team",
    "match_day",
    "new_day",
    "new_league",
    "open_league",
    "players",
    "table",
    "teams",
]


def day_name(number: int) -> str:
    """A match day's tournament folder, relative to the league's: ``day-3``."""
    return store.day_name(number)


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


# --- the league and its teams -----------------------------------------------------------------


def new_league(
    folder: Path | str,
    *,
    name: str,
    series: int = 3,
    seed: int | None = None,
    scoring: core.Scoring = core.Scoring.GROUP,
) -> League:
    """Create the folder and its league file (no teams yet); ``series`` per match day;
    ``scoring``: the ranking points of a series (rules §L), for a new league the DSkV's: as
    a group of four or five (a file without it counts all against all, as it did)."""
    if not name.strip():
        raise OptionError("name", msg("give the league a name, e.g. 'Landesliga Nord 2027'"))
    if not store.MIN_SERIES <= series <= store.MAX_SERIES:
        raise OptionError(
            "series",
            msg(
                "a match day plays {low} to {high} series, e.g. 3",
                low=store.MIN_SERIES,
                high=store.MAX_SERIES,
            ),
            value=series,
        )
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise OptionError(
            "seed", msg("give a whole number from 0 to {most}", most=MAX_SEED), value=seed
        )
    league = League(
        folder=Path(folder),
        name=name.strip(),
        created=_now(),
        series=series,
        seed=random.SystemRandom().randrange(1_000_000) if seed is None else seed,
        scoring=scoring,
    )
    store.create(league)
    return league


def open_league(folder: Path | str) -> League:
    """Read the league file strictly."""
    return store.load(Path(folder))


def set_scoring(folder: Path | str, scoring: core.Scoring) -> League:
    """Set how a series' ranking points are counted (rules §L); refused where a match day
    cannot be scored so (more than five teams in one group), nothing written."""
    with store.updating(Path(folder)) as league:
        league.scoring = scoring
        for day in league.days:
            problem = core.scoring_problem(day, scoring)
            if problem is not None:
                raise InputError(problem)
        return league


def _names(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(" ".join(p.split()) for p in players)
    empty = next((p for p in names if not p), None)
    if empty is not None:
        raise InputError(msg("a player's name is empty"))
    return names


def add_team(folder: Path | str, name: str, players: Sequence[str]) -> core.Team:
    """Add a team: at least three players, none of them in another team; the first four are
    the regular lineup, the rest reserves."""
    name = " ".join(name.split())
    if not name:
        raise InputError(msg("give the team a name, e.g. 'Kreuz Bube Kiel'"))
    check_visible(name, what=msg("a team's name"))
    for player in players:
        check_visible(player)
    team = core.Team(name, _names(players))
    with store.updating(Path(folder)) as league:
        core.check_teams([*league.teams, team])
        league.teams.append(team)
    return team


def teams(folder: Path | str) -> list[core.Team]:
    """The league's teams, in the order added."""
    return list(open_league(folder).teams)


def edit_team(
    folder: Path | str, team: str, *, name: str | None = None, players: Sequence[str] = ()
) -> core.Team:
    """Rename a team or give it its players anew (what it replaced is kept in the history).
    The match days keep the lineups they were made with; a renamed team is renamed there too,
    in the league file and as the club of its players in each day's folder."""
    folder = Path(folder)
    with store.updating(folder) as league:
        old = store.team_named(league, team)
        new_name = old.name if name is None else " ".join(name.split())
        if not new_name:
            raise InputError(msg("give the team a name, e.g. 'Kreuz Bube Kiel'"))
        if name is None and not players:
            raise InputError(msg("say what changes: a new name or the players"))
        new = core.Team(new_name, _names(players) if players else old.players)
        kept = {same_name(p) for p in new.players}
        for day in sorted(league.days, key=lambda d: d.number):
            gone = (
                [p for p in day.lineup(old.name) if same_name(p) not in kept]
                if old.name in day.teams
                else []
            )
            if gone:
                raise InputError(
                    msg(
                        "'{name}' is in the lineup of team '{team}' on match day {number}: a "
                        "player of a match day stays in the team",
                        name=gone[0],
                        team=old.name,
                        number=day.number,
                    )
                )
        others = [t for t in league.teams if t is not old]
        core.check_teams([*others, new])
        league.teams[league.teams.index(old)] = new
        league.days = [_renamed(d, old.name, new.name) for d in league.days]
        league.history.append(TeamEdited(_now(), new.name, old.name, old.players))
        store.check(league)
        if new.name != old.name:
            for day in league.days:
                if old.name in day.teams or new.name in day.teams:
                    _rename_club(league.day_folder(day.number), old.name, new.name)
    return new


def _renamed(day: core.MatchDay, old: str, new: str) -> core.MatchDay:
    def one(t: str) -> str:
        return new if t == old else t

    return replace(
        day,
        teams=tuple(one(t) for t in day.teams),
        lineups=tuple((one(t), p) for t, p in day.lineups),
        absent=frozenset(one(t) for t in day.absent),
        groups=tuple(tuple(one(t) for t in g) for g in day.groups),
    )


def _rename_club(folder: Path, old: str, new: str) -> None:
    if not (folder / tournament_store.FILE_NAME).exists():
        return
    with tournament_store.updating(folder) as t:
        t.players = [replace(p, club=new) if p.club == old else p for p in t.players]


# --- match days ---------------------------------------------------------------------------


def _lineups(
    day_teams: Sequence[core.Team], given: Mapping[str, Sequence[str]]
) -> dict[str, list[str]]:
    """The lineups given, keyed by the team's name as the league writes it."""
    by_key = {same_name(t.name): t.name for t in day_teams}
    out: dict[str, list[str]] = {}
    for team, names in given.items():
        known = by_key.get(same_name(team))
        if known is None:
            raise InputError(
                msg("a lineup for team '{team}', which does not play this match day", team=team)
            )
        if known in out:
            raise InputError(msg("two lineups for team '{team}'", team=known))
        out[known] = list(_names(names))
    return out


def new_day(
    folder: Path | str,
    number: int,
    team_names: Sequence[str],
    *,
    lineups: Mapping[str, Sequence[str]] | None = None,
    venue: str | None = None,
    when: str | None = None,
    groups: Sequence[Sequence[str]] = (),
) -> core.MatchDay:
    """Match day ``number`` of these teams (at least 2; more than four make a central day):
    the league file lists it and its folder ``day-N/`` is a tournament whose players are the
    lineups (by default each team's first four), their club the team. The date is today's
    unless ``when`` (YYYY-MM-DD) names another; ``groups`` (each team in one) score apart."""
    folder = Path(folder)
    if when is not None and not tournament_store.valid_date(when):
        raise OptionError(
            "date", msg("no such day; give the date as YYYY-MM-DD, e.g. 2027-03-14"), value=when
        )
    on = datetime.now(UTC).date() if when is None else date.fromisoformat(when)
    with store.updating(folder) as league:
        if not 1 <= number <= store.MAX_DAY:
            raise InputError(
                msg(
                    "match day {number}: give a number from 1 to {most}",
                    number=number,
                    most=store.MAX_DAY,
                )
            )
        if league.day(number) is not None:
            raise InputError(
                msg(
                    "match day {number} exists already ({folder})",
                    number=number,
                    folder=league.day_folder(number),
                )
            )
        chosen = [store.team_named(league, t) for t in team_names]
        twice = next((t for t in chosen if chosen.count(t) > 1), None)
        if twice is not None:
            raise InputError(msg("team '{team}' is listed twice", team=twice.name))
        venue = " ".join(venue.split()) if venue else None
        day = core.match_day(
            number,
            chosen,
            lineups=_lineups(chosen, lineups or {}),
            date=on,
            venue=venue,
            groups=groups,
        )
        problem = core.scoring_problem(day, league.scoring)
        if problem is not None:
            raise InputError(problem)
        league.days.append(day)
        store.check(league)
        target = league.day_folder(number)
        if target.exists():
            raise LedgerError(
                msg(
                    "{path}: the folder exists already, though the league has no match day "
                    "{number}; move it away first",
                    path=target,
                    number=number,
                )
            )
        t = tournament_store.Tournament(
            folder=target,
            name=_day_title(league, day),
            date=on.isoformat(),
            created=_now(),
            series=league.series,
            games={3: 36, 4: 48},
            seed=league.seed + number,
            players=[Player(p, team) for team, names in day.lineups for p in names],
        )
        tournament_store.create(t)
    return day


def _day_title(league: League, day: core.MatchDay) -> str:
    # the tournament's name is a fact of its file, in the league's own words (DSkV: Spieltag)
    where = f" · {day.venue}" if day.venue else ""
    return f"{league.name} · Spieltag {day.number}{where}"


def _day(league: League, number: int) -> core.MatchDay:
    day = league.day(number)
    if day is None:
        made = ", ".join(str(d.number) for d in sorted(league.days, key=lambda d: d.number))
        raise InputError(
            msg(
                "there is no match day {number} (match days: {made})",
                number=number,
                made=made or msg("none yet"),
            )
        )
    return day


def match_day(folder: Path | str, number: int) -> core.MatchDay:
    """Match day ``number`` as the league file has it."""
    return _day(open_league(folder), number)


def _seater(day: core.MatchDay) -> Seater:
    """The match day's draw for ``draw_series``: its teams kept apart (``seating.draw_day``)."""

    def seat(
        t: tournament_store.Tournament, present: list[str], seed: int, met: Met
    ) -> tuple[Draw, tuple[tuple[str, str], ...]]:
        here = {same_name(p) for p in present}
        lineups = {team: [p for p in names if same_name(p) in here] for team, names in day.lineups}
        gone = [team for team, names in lineups.items() if not names]
        short = next(
            (
                (team, names)
                for team, names in lineups.items()
                if 0 < len(names) < len(day.lineup(team))
            ),
            None,
        )
        if short is not None:
            team, names = short
            raise InputError(
                msg(
                    "team '{team}' has {count} of its lineup present: a team plays with its "
                    "whole lineup, or is absent",
                    team=team,
                    count=len(names),
                )
            )
        drawn = draw_day(replace(day, absent=day.absent | set(gone)), seed=seed, met=met)
        return drawn, ()

    return seat


def draw(
    folder: Path | str,
    number: int,
    series: int,
    *,
    seed: int | None = None,
    force: bool = False,
    venue: str | None = None,
) -> SeatingPlan:
    """Seat a series of match day ``number``: tables of four (three where the count or the
    teams require), never two of one team at a table, from series 2 on nobody who met again
    where the numbers allow; the same seed gives the same draw. ``venue``: only the teams
    playing there (a day played at several venues, rules §L)."""
    league = open_league(folder)
    day = _day(league, number)
    if venue is not None:
        day = venues_core.at_venue(day, venue)
    return draw_series(league.day_folder(number), series, seed=seed, force=force, seat=_seater(day))


@dataclass(frozen=True)
class Absence:
    """A team marked as not appeared, the series drawn again without it, and the series whose
    draw was taken back because the players left cannot be drawn apart (``by_hand``: each
    series, why, its players left and the table sizes for them)."""

    team: str
    redraw: tuple[int, ...]
    by_hand: tuple[ByHand, ...] = ()


@dataclass(frozen=True)
class ByHand:
    """A series to seat by hand: the draw was taken back, its lists lie in ``moved``."""

    series: int
    why: InputError
    players: tuple[str, ...]
    sizes: tuple[int, ...]
    moved: str


def _take_back(folder: Path, series: int) -> str:
    """Take back the draw of ``series`` (no result yet): its seating goes to the history as a
    redraw, its lists to ``series-S.redrawn-K`` beside, so the organiser seats it by hand from
    table 1. Returns the folder the lists moved to."""
    with tournament_store.updating(folder) as t:
        old = t.seating(series)
        assert old is not None
        moved = f"series-{series}.redrawn-{redraws(t.history, series) + 1}"
        lists = folder / f"series-{series}"
        if lists.exists():
            try:
                lists.rename(folder / moved)
            except OSError as exc:
                raise LedgerError(
                    msg(
                        "{path}: cannot move the lists aside: {why}",
                        path=lists,
                        why=exc.strerror or exc,
                    )
                ) from None
        t.history.append(SeriesRedrawn(_now(), series, old.seed, tuple(old.tables), moved))
        t.draws.remove(old)
    return moved


def _sizes(count: int) -> tuple[int, ...]:
    """The tables for ``count`` players, none where they cannot be seated (1, 2, 5)."""
    try:
        return tuple(table_sizes(count))
    except InputError:
        return ()


def _redraw_or_take_back(
    target: Path, day: core.MatchDay, series: int
) -> tuple[bool, ByHand | None]:
    """Draw ``series`` again without the absent team; where the players left cannot be drawn
    apart, take its draw back for the organiser to seat by hand."""
    try:
        draw_series(target, series, seat=_seater(day))
    except InputError as why:
        present = tuple(p.name for p in tournament_store.load(target).players if not p.left)
        moved = _take_back(target, series)
        return False, ByHand(series, why, present, _sizes(len(present)), moved)
    return True, None


def absent(folder: Path | str, number: int, team: str) -> Absence:
    """Team ``team`` did not appear at match day ``number``: it scores nothing and counts as
    beaten by every team that did; its players leave the day's tournament, and a series drawn
    with them is drawn again without them. Refused once one of its players has a result."""
    folder = Path(folder)
    with store.updating(folder) as league:
        day = _day(league, number)
        found = store.team_named(league, team)
        if found.name not in day.teams:
            raise InputError(
                msg(
                    "match day {number}: team '{team}' does not play it",
                    number=number,
                    team=found.name,
                )
            )
        if found.name in day.absent:
            raise InputError(
                msg(
                    "match day {number}: team '{team}' is absent already",
                    number=number,
                    team=found.name,
                )
            )
        target = league.day_folder(number)
        lineup = day.lineup(found.name)
        scores = tournament_results(target).scores
        played = next((p for p in lineup if scores.get(p)), None)
        if played is not None:
            raise InputError(
                msg(
                    "match day {number}: '{name}' of team '{team}' has a result: the team "
                    "did appear",
                    number=number,
                    name=played,
                    team=found.name,
                )
            )
        now_absent = store.with_absent(day, found.name)
        league.days[league.days.index(day)] = now_absent
        store.check(league)
        t = tournament_store.load(target)
        redraw = tuple(
            d.series for d in t.draws if any(n in table for table in d.tables for n in lineup)
        )
        busy = next((s for s in redraw if has_results(t, s)), None)
        if busy is not None:
            raise InputError(
                msg(
                    "match day {number}: series {series} seats team '{team}' and has results "
                    "already; draw it again with --force first, without the team",
                    number=number,
                    series=busy,
                    team=found.name,
                )
            )
        with tournament_store.updating(target) as t:
            seated = {n for d in t.draws for table in d.tables for n in table}
            t.players = [
                replace(p, left=True) if p.name in lineup and p.name in seated else p
                for p in t.players
                if p.name not in lineup or p.name in seated
            ]
            for name in lineup:
                t.history.append(PlayerRemoved(_now(), name))
        # the series that seated the team are drawn again without it (none has a result); one
        # whose players left cannot be drawn apart has its draw taken back, to seat by hand
        done = [_redraw_or_take_back(target, now_absent, s) for s in redraw]
    return Absence(
        found.name,
        tuple(s for s, (drawn, _) in zip(redraw, done, strict=True) if drawn),
        tuple(hand for _, hand in done if hand is not None),
    )


# --- the report, the table, the players ------------------------------------------------------


def _scores(league: League, day: core.MatchDay) -> core.DayScores:
    """Each series' results of the day, as the day's tournament ranks them."""
    got = tournament_results(league.day_folder(day.number))
    refuse_unsound(got)
    out: dict[int, dict[str, Score]] = {}
    for name, by_series in got.scores.items():
        for series, score in by_series.items():
            out.setdefault(series, {})[name] = score
    return out


def _day_error(league: League, day: core.MatchDay, exc: InputError) -> LedgerError:
    return LedgerError(
        msg("{path}: {problem}", path=league.day_folder(day.number), problem=exc.message)
    )


def day_report(folder: Path | str, number: int) -> core.DayReport:
    """The match report (Spielbericht) of day ``number``, live while tables play."""
    league = open_league(folder)
    day = _day(league, number)
    try:
        return core.report(day, _scores(league, day), series=league.series, scoring=league.scoring)
    except InputError as exc:
        raise _day_error(league, day, exc) from None


def _reports(league: League) -> list[core.DayReport]:
    out = []
    for day in sorted(league.days, key=lambda d: d.number):
        try:
            scores = _scores(league, day)
            out.append(core.report(day, scores, series=league.series, scoring=league.scoring))
        except InputError as exc:
            raise _day_error(league, day, exc) from None
    return out


def table(folder: Path | str) -> list[core.TableLine]:
    """The season table: ranking points, then game points, then an equal place."""
    league = open_league(folder)
    # a match day counts from its first result on: one made or drawn is not played yet
    played = [r for r in _reports(league) if r.series]
    return core.season_table(played, teams=[t.name for t in league.teams])


def players(folder: Path | str) -> list[core.PlayerLine]:
    """Every player's Seeger-Fabian over the season (Einzelwertung)."""
    league = open_league(folder)
    days = [(d, _scores(league, d)) for d in sorted(league.days, key=lambda d: d.number)]
    return core.players(days)


# --- JSON, as the issue specifies it ----------------------------------------------------------


def points_json(value: Fraction) -> int | float:
    """Ranking points: a whole number, or a half as a decimal (1.5)."""
    return int(value) if value.denominator == 1 else float(value)


def report_json(r: core.DayReport) -> dict[str, Any]:
    return {
        "day": r.day,
        "in_progress": r.in_progress,
        "series": [
            {
                "series": s.series,
                "in_progress": s.in_progress,
                "teams": [
                    {
                        "team": t.team,
                        "score": t.score,
                        "points": points_json(t.points),
                        "against": points_json(t.against),
                        "absent": t.absent,
                        **({"group": t.group} if t.group else {}),
                    }
                    for t in s.teams
                ],
            }
            for s in r.series
        ],
        "teams": [
            {
                "team": t.team,
                "points": points_json(t.points),
                "against": points_json(t.against),
                "game_points": t.game_points,
                "absent": t.absent,
                **({"group": t.group} if t.group else {}),
                **({"provisional": True} if t.provisional else {}),
            }
            for t in r.teams
        ],
        "provisional": list(r.provisional),
        "players": [
            {
                "team": p.team,
                "name": p.name,
                "series": {str(n): sf for n, sf in p.series},
                "seeger_fabian": p.total,
            }
            for p in r.players
        ],
    }


def table_json(lines: Sequence[core.TableLine]) -> dict[str, Any]:
    return {
        "table": [
            {
                "place": x.place,
                "team": x.team,
                "days": x.days,
                "points": points_json(x.points),
                "against": points_json(x.against),
                "game_points": x.game_points,
                **({"provisional": True} if x.provisional else {}),
            }
            for x in lines
        ]
    }


def players_json(lines: Sequence[core.PlayerLine]) -> dict[str, Any]:
    return {
        "players": [
            {
                "place": x.place,
                "name": x.name,
                "team": x.team,
                "series": x.series,
                "seeger_fabian": x.seeger_fabian,
                "won": x.won,
                "lost": x.lost,
            }
            for x in lines
        ]
    }
