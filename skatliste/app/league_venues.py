"""A league match day played at several venues (rules §L, venues): the league official adds
each venue with its teams and hands it a key (kept in the league's ``keys.json`` only); the
venue plays its tables in its own copy of the league folder and exports its report, signed with
the key; the official imports it (its results count, marked provisional) and confirms it.
Plain values in, results out; never prints. A refusal raises before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from skatliste import venues as venues_core
from skatliste.app.keys import new_key
from skatliste.app.league import _day, open_league
from skatliste.app.tournament.results import refuse_unsound
from skatliste.app.tournament.results import results as tournament_results
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import msg
from skatliste.players import same_name
from skatliste.store import keys as key_store
from skatliste.store import league as store
from skatliste.store import tournament as tournament_store
from skatliste.store import venue_report as report_store
from skatliste.store.files import read_folder_file
from skatliste.tournament import PaperLine

KEYS_FILE = key_store.FILE_NAME
"""The league's keys: ``keys.json`` in its folder, readable by its owner only."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def keys_path(folder: Path | str) -> Path:
    """Where a league keeps its venue keys."""
    return Path(folder) / KEYS_FILE


def add_venue(
    folder: Path | str, number: int, name: str, teams: list[str]
) -> tuple[venues_core.Venue, str]:
    """Add venue ``name`` of match day ``number``, where ``teams`` play; returns it and the
    key made for it (kept in ``keys.json``, the league file names no key)."""
    folder = Path(folder)
    with store.updating(folder) as league:
        day = _day(league, number)
        made = venues_core.with_venue(day, name, teams)
        league.days = [made if d is day else d for d in league.days]
        store.check(league)
        venue = made.venues[-1]
        kept = key_store.read_league_keys(keys_path(folder))
        key = new_key()
        kept[(number, venue.name)] = key
        key_store.write_league_keys(keys_path(folder), kept)
    return venue, key


def export_report(folder: Path | str, number: int, venue: str, *, key: str, output: Path) -> int:
    """Write the venue's report of match day ``number``, signed with ``key``, to ``output``;
    returns its number of tables. Refused: a key too short, a series without a table at the venue, a
    table without its final result."""
    if len(key) < key_store.KEY_LEAST:
        raise InputError(
            msg(
                "--key: a venue's key has at least {least} characters; give the one the league "
                "official made with 'skatliste league venue add'",
                least=key_store.KEY_LEAST,
            )
        )
    league = open_league(folder)
    day = _day(league, number)
    here = venues_core.venue_of(day, venue)
    ours = {same_name(p) for t in here.teams for p in day.lineup(t)}
    got = tournament_results(league.day_folder(number))
    refuse_unsound(got)
    t = got.tournament
    names = [tournament_store.list_name(s.series, s.table) for s in got.tables]
    lists = tournament_store.read_lists(t.folder, names)
    tables: list[report_store.Table] = []
    for status in got.tables:
        if not all(same_name(p) in ours for p in status.players):
            continue
        if status.state not in ("done", "paper"):
            raise InputError(
                msg(
                    "series {series} table {table} has no final result yet ({state}); the "
                    "report holds finished tables only",
                    series=status.series,
                    table=status.table,
                    state=status.state,
                )
            )
        paper = t.paper_result(status.series, status.table)
        if paper is not None:
            lines = dict(paper.lines)
        else:
            listed = lists[tournament_store.list_name(status.series, status.table)]
            assert listed is not None  # a table 'done' has its list
            # a league counts Seeger-Fabian: the declared games' points (rules §L, venues)
            lines = {n: PaperLine(p.declared, p.won, p.lost) for n, p in listed.players.items()}
        tables.append(report_store.Table(status.series, status.table, status.players, lines))
    missing = [s for s in range(1, league.series + 1) if not any(x.series == s for x in tables)]
    if missing:
        raise InputError(
            msg(
                "series {series} has no table of venue '{venue}' yet: draw it with 'skatliste "
                "league day draw {day} {series} --venue {venue}' and enter its results",
                series=missing[0],
                venue=here.name,
                day=number,
            )
        )
    body = report_store.body_of(
        league=league.name,
        day=number,
        venue=here.name,
        created=_now(),
        teams=list(here.teams),
        tables=tables,
    )
    report_store.write(output, report_store.dumps(body, key))
    return len(tables)


@dataclass(frozen=True)
class Imported:
    """A venue's report taken in: its day, its venue, its tables."""

    day: int
    venue: str
    tables: int


def _refused(path: Path, problem: object) -> LedgerError:
    return LedgerError(msg("{path}: {problem}; nothing was imported", path=path, problem=problem))


def import_report(folder: Path | str, path: Path | str) -> Imported:
    """Take a venue's report into the day's tournament (its tables seated after the day's
    others, each with its paper result) and mark the venue provisional. Refused with the file
    and the reason: another league, a day or venue the league does not have, a signature not
    made with the venue's key, a report given before, tables of players not of its teams."""
    folder, path = Path(folder), Path(path)
    raw = read_folder_file(path, LedgerError(msg("{path}: no such file", path=path)))
    report = report_store.parse(path, raw)
    with store.updating(folder) as league:
        if report.league != league.name:
            raise _refused(
                path, msg("a report of league '{other}', not of this one", other=report.league)
            )
        day = league.day(report.day)
        if day is None:
            raise _refused(path, msg("the league has no match day {day}", day=report.day))
        venue = day.venue_named(report.venue)
        if venue is None:
            raise _refused(
                path,
                msg("match day {day} has no venue '{venue}'", day=report.day, venue=report.venue),
            )
        key = key_store.read_league_keys(keys_path(folder)).get((day.number, venue.name))
        if key is None or not report_store.signed_by(report, key):
            raise _refused(
                path,
                msg(
                    "not signed with the key of venue '{venue}' of match day {day} (a wrong "
                    "key, or the file was changed)",
                    venue=venue.name,
                    day=day.number,
                ),
            )
        if venue.state is not venues_core.VenueState.AWAITED:
            raise _refused(
                path,
                msg(
                    "venue '{venue}' of match day {day} has given its report already",
                    venue=venue.name,
                    day=day.number,
                ),
            )
        if {same_name(x) for x in report.teams} != {same_name(x) for x in venue.teams}:
            raise _refused(
                path,
                msg(
                    "its teams ({teams}) are not those of the venue ({ours})",
                    teams=", ".join(report.teams),
                    ours=", ".join(venue.teams),
                ),
            )
        ours = {same_name(p): p for t in venue.teams for p in day.lineup(t)}
        for table in report.tables:
            stranger = next((p for p in table.players if same_name(p) not in ours), None)
            if stranger is not None:
                raise _refused(
                    path,
                    msg(
                        "series {series} table {table}: '{name}' plays in none of the venue's "
                        "lineups",
                        series=table.series,
                        table=table.table,
                        name=stranger,
                    ),
                )
        league.days = [
            replace(
                d,
                venues=tuple(
                    replace(v, state=venues_core.VenueState.PROVISIONAL) if v is venue else v
                    for v in d.venues
                ),
            )
            if d is day
            else d
            for d in league.days
        ]
        store.check(league)
        _seat(league.day_folder(day.number), report, ours)
    return Imported(day.number, venue.name, len(report.tables))


def _seat(target: Path, report: report_store.Report, ours: dict[str, str]) -> None:
    """The report's tables seated in the day's tournament after its others, each with its
    paper result; refused where a player is seated in that series already."""
    now = _now()
    with tournament_store.updating(target) as t:
        for table in sorted(report.tables, key=lambda x: (x.series, x.table)):
            names = tuple(ours[same_name(p)] for p in table.players)
            seating = t.seating(table.series)
            if seating is None:
                seating = tournament_store.Seating(table.series, 0, now, [])
                t.draws.append(seating)
                t.draws.sort(key=lambda d: d.series)
            seated = {same_name(p) for x in seating.tables for p in x}
            twice = next((p for p in names if same_name(p) in seated), None)
            if twice is not None:
                raise _refused(
                    report.path,
                    msg(
                        "series {series}: '{name}' is seated at another table of the day already",
                        series=table.series,
                        name=twice,
                    ),
                )
            seating.tables.append(names)
            lines = {ours[same_name(n)]: x for n, x in table.results.items()}
            t.paper.append(
                tournament_store.PaperResult(table.series, len(seating.tables), lines, now)
            )


def confirm(folder: Path | str, number: int, venue: str | None = None) -> tuple[str, ...]:
    """Confirm the reported results of match day ``number`` (of one venue, or of every venue
    whose report is in): they are final. Returns the venues confirmed."""
    with store.updating(Path(folder)) as league:
        day = _day(league, number)
        chosen = day.venues if venue is None else (venues_core.venue_of(day, venue),)
        done = tuple(v.name for v in chosen if v.state is venues_core.VenueState.PROVISIONAL)
        if not done:
            waiting = [v.name for v in chosen if v.state is venues_core.VenueState.AWAITED]
            if not waiting:
                raise InputError(
                    msg("match day {number}: no provisional results to confirm", number=number)
                )
            raise InputError(
                msg(
                    "match day {number}: no provisional results to confirm (reports awaited "
                    "from: {waiting})",
                    number=number,
                    waiting=", ".join(waiting),
                )
            )
        made = replace(
            day,
            venues=tuple(
                replace(v, state=venues_core.VenueState.CONFIRMED) if v.name in done else v
                for v in day.venues
            ),
        )
        league.days = [made if d is day else d for d in league.days]
    return done
