"""A club's results for everyone not in the hall: what ``skatliste publish`` puts on a static
site, as values. The sources (list files, tournament, season and league folders, or a club's
folder holding years of them) are found by the stores' own readers, read strictly and derived
on this call by the same functions the other commands use, so every number on the site is the
number of ``--json``. Nothing derived is kept beside the lists; ``web.published`` draws the
pages, ``app.publish_site`` writes them.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from skatliste import __version__, rating
from skatliste import prizes as prizes_core
from skatliste import season as season_core
from skatliste import tournament as tournament_core
from skatliste.app import league as app_league
from skatliste.app import season as app_season
from skatliste.app.publish_sources import Source as Source
from skatliste.app.publish_sources import find_sources as find_sources
from skatliste.app.publish_sources import privacy_of as privacy_of
from skatliste.app.publish_summary import Appearance, Kind, Summary, stamp
from skatliste.app.tournament.base import open_tournament
from skatliste.app.tournament.results import (
    Ranking,
    Results,
    ranking_of,
    refuse_unsound,
    results,
)
from skatliste.errors import LedgerError
from skatliste.i18n import msg
from skatliste.league import DayReport, PlayerLine, TableLine
from skatliste.players import same_name
from skatliste.prizes import Prize
from skatliste.season import Standing, resolve_aliases
from skatliste.store import publish as store
from skatliste.store.lists import load as load_list
from skatliste.store.publish import Privacy
from skatliste.store.season import FILE_NAME as SEASON_FILE
from skatliste.store.tournament import list_name
from skatliste.tournament import SeriesStatus, TeamStanding, paper_scores

# --- links ------------------------------------------------------------------------------------


def slug(text: str) -> str:
    """A name as a link's part: lower case, ASCII, words joined by ``-`` (the same from run
    to run).

    >>> slug("Preisskat Dezember"), slug("Hans-Jürgen"), slug("Größe  Straße")
    ('preisskat-dezember', 'hans-juergen', 'groesse-strasse')
    """
    text = text.casefold().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    text = text.replace("ß", "ss")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-") or "x"


def initials(name: str) -> str:
    """A name shown by its initials: ``Anna Schmidt`` → ``A. S.``, ``Hans-Jürgen`` → ``H.-J.``.

    >>> initials("Anna Schmidt"), initials("Hans-Jürgen")
    ('A. S.', 'H.-J.')
    """
    words = []
    for word in name.split():
        words.append("-".join(f"{part[:1].upper()}." for part in word.split("-") if part))
    return " ".join(words)


# --- the site's values ------------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """A table's list, shown as its sheet on a page of its own."""

    key: str
    title: str
    path: Path
    players: tuple[str, ...]
    given: Any = None
    """The list, where it was read already (else ``ledger`` reads it when the page is
    drawn)."""

    @property
    def ledger(self) -> Any:
        return self.given if self.given is not None else load_list(self.path)

    def tag(self, *more: object) -> str:
        """What the sheet's page is drawn from: the list file as it is now (its inode,
        modification time and size), and ``more`` (the language, the way back, the privacy);
        a page of the same tag need not be drawn again."""
        st = os.stat(self.path)
        return repr((__version__, str(self.path), st.st_ino, st.st_mtime_ns, st.st_size, *more))


@dataclass(frozen=True)
class TournamentData:
    ranking: Ranking
    series: list[Ranking]
    tables: list[SeriesStatus]
    teams: list[TeamStanding]
    sheets: dict[tuple[int, int], str]
    """(series, table) → the key of the table's sheet."""
    prizes: list[Prize]
    """Who gets what, where the folder's publish file gives the prizes."""


@dataclass(frozen=True)
class SeasonData:
    standing: Standing
    days: tuple[date, ...]
    progress: dict[str, list[Any]]
    evenings: list[tuple[str, list[tuple[str, str | None]]]]
    """Each evening's day and its paths, each with the key of its page on the site (or None)."""
    aliases: dict[str, str]


@dataclass(frozen=True)
class LeagueData:
    table: list[TableLine]
    players: list[PlayerLine]
    days: list[tuple[str, DayReport]]
    """Each match day's page key and its report."""


@dataclass(frozen=True)
class ListData:
    sheet: str
    """The key of its sheet."""
    totals: dict[str, int]
    ledger: Any
    results: dict[str, Any]
    """Each player's result as the family derives it (``Family.results``)."""


@dataclass(frozen=True)
class Event:
    """One source as the site shows it: a page (``key``, relative to the site) with its title
    and day, and its derived values."""

    kind: Kind
    key: str
    title: str
    day: date | None
    source: Path
    data: TournamentData | SeasonData | LeagueData | ListData

    @property
    def year(self) -> str:
        return str(self.day.year) if self.day else "-"


@dataclass
class Person:
    name: str
    key: str
    spellings: set[str] = field(default_factory=set)
    appearances: list[Appearance] = field(default_factory=list)
    steps: list[rating.Step] = field(default_factory=list)


@dataclass(frozen=True)
class Site:
    """Everything the site shows, derived on this call."""

    title: str
    events: list[Event]
    """The sources read now (the others' pages stand as the last run drew them)."""
    summaries: list[Summary]
    """Every source's summary, read now or kept from the last run."""
    sheets: list[Sheet]
    """The sheets of the sources read now."""
    people: dict[str, Person]
    """By the name the site shows a player under (``same_name``, aliases joined)."""
    privacy: Privacy
    joined: dict[str, str]
    """Each spelling a season's aliases join (``same_name``) → the name shown."""
    sources: list[Source]

    def person(self, name: str) -> Person | None:
        return self.people.get(self._key(name))

    def _key(self, name: str) -> str:
        return same_name(self.joined.get(same_name(name), name))

    def hidden(self, name: str) -> bool:
        return self._said(name, self.privacy.hidden)

    def by_initials(self, name: str) -> bool:
        return self._said(name, self.privacy.initials)

    def _said(self, name: str, names: frozenset[str]) -> bool:
        spellings = {same_name(name), self._key(name)}
        found = self.person(name)
        if found is not None:
            spellings |= {same_name(s) for s in found.spellings}
        return bool(spellings & names)

    def shown(self, name: str) -> str | None:
        """The name as the site shows it: as it is, by initials, or None (left off)."""
        if self.hidden(name):
            return None
        return initials(name) if self.by_initials(name) else name

    def link(self, name: str) -> str | None:
        """The key of the player's page, or None for a player without one (by initials, left
        off)."""
        if self.hidden(name) or self.by_initials(name):
            return None
        found = self.person(name)
        return None if found is None else found.key


class _Keys:
    """Page keys, each once: a second event of the same slug gets ``-2``."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def __call__(self, folder: str, name: str, suffix: str = ".html") -> str:
        n = 1
        while True:
            key = f"{folder}/{name}{'' if n == 1 else f'-{n}'}{suffix}"
            if key not in self.used:
                self.used.add(key)
                return key
            n += 1


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat((text or "")[:10])
    except ValueError:
        return None


def _ranking(got: Results, series: int | None) -> Ranking:
    """``app.tournament.ranking`` of the lists read: the same core, the same numbers, the
    folder's rules (ties by lot, leavers, table points) included."""
    return ranking_of(got, series=series)


def _tournament(keys: _Keys, src: Source, sheets: list[Sheet]) -> Event:
    # the tournament's lists read once for all its rankings (app.tournament's ranking,
    # status and teams read them each)
    got = results(src.path)
    refuse_unsound(got)
    t = got.tournament
    day = _day(t.date)
    year = str(day.year) if day else "-"
    base = keys(year, slug(f"{t.name} {t.date}"), "")
    overall = _ranking(got, None)
    series = [_ranking(got, d.series) for d in t.draws]
    tables = got.tables
    clubs = any(p.club for p in t.players)
    teams = tournament_core.teams(overall.standings, size=4) if clubs else []
    table_sheets: dict[tuple[int, int], str] = {}
    for x in tables:
        # a table kept game by game (its status counts the games of its list)
        if x.state != "paper" and x.games:
            title = f"{t.name} · S{x.series} T{x.table}"
            key = keys(base, f"s{x.series}-t{x.table:02d}")
            sheets.append(Sheet(key, title, src.path / list_name(x.series, x.table), x.players))
            table_sheets[(x.series, x.table)] = key
    given = store.load(src.path)
    amounts = list(given.prizes) if given else []
    won = prizes_core.prizes(overall.standings, amounts) if amounts else []
    data = TournamentData(overall, series, tables, teams, table_sheets, won)
    return Event(Kind.TOURNAMENT, f"{base}/index.html", t.name, day, src.path, data)


def _league(keys: _Keys, src: Source) -> Event:
    lg = app_league.open_league(src.path)
    dates = sorted(d.date for d in lg.days if d.date)
    day = dates[0] if dates else _day(lg.created)
    year = str(day.year) if day else "-"
    base = keys(year, slug(lg.name), "")
    reports = [(f"{base}/day-{d.number}.html", app_league.day_report(src.path, d.number))
               for d in lg.days]  # fmt: skip
    data = LeagueData(app_league.table(src.path), app_league.players(src.path), reports)
    return Event(Kind.LEAGUE, f"{base}/index.html", lg.name, day, src.path, data)


def _season(keys: _Keys, src: Source) -> Event:
    s = app_season.open_season(src.path)
    day = _day(s.evenings[0].date) if s.evenings else _day(s.created)
    year = str(day.year) if day else "-"
    # one read for the standing and its chart (app.season's standing and progress, which
    # read the evenings each)
    got = app_season.read(src.path)
    lines = season_core.standing(got.results, s.rules, s.aliases)
    standing = Standing(s.name, s.rules, lines, len(s.evenings), got.missing)
    days, progress = season_core.progress(got.results, s.rules, s.aliases, top=4)
    evenings: list[tuple[str, list[tuple[str, str | None]]]] = [
        (e.date, [(rel, None) for rel in e.paths]) for e in s.evenings
    ]
    data = SeasonData(standing, days, dict(progress), evenings, dict(s.aliases))
    base = keys(year, slug(s.name), "")
    return Event(Kind.SEASON, f"{base}/index.html", s.name, day, src.path, data)


def _list(keys: _Keys, src: Source, sheets: list[Sheet], day: date | None) -> Event | None:
    """A list on its own (an evening's table): its day is the evening's where a season names
    it, else the day it was started."""
    ledger = load_list(src.path)
    day = day or _day(ledger.created)
    year = str(day.year) if day else "-"
    if not any(map(ledger.family.numbered, ledger.entries)):
        return None  # not played yet
    got = ledger.family.results(ledger.table, ledger.entries) or {}  # American Grand: none
    title = src.path.stem
    key = keys(year, slug(f"{src.path.stem}"))
    sheets.append(Sheet(key, title, src.path, tuple(ledger.table.players), ledger))
    totals = {name: p.points for name, p in got.items()}
    return Event(Kind.LIST, key, title, day, src.path, ListData(key, totals, ledger, got))


# --- the players -------------------------------------------------------------------------------


def _places(scores: dict[str, Any]) -> dict[str, int]:
    """Places by score, higher first; equal scores share a place."""
    order = sorted(scores.values(), reverse=True)
    return {name: order.index(v) + 1 for name, v in scores.items()}


def _appearances(e: Event) -> Iterable[Appearance]:
    d = e.data
    if isinstance(d, TournamentData):
        lines: Sequence[Any] = d.ranking.standings
        for x in lines:
            yield Appearance(e.day, e.key, e.title, e.kind, x.place, len(lines),
                             x.seeger_fabian, x.name, tuple(sorted(x.series.items())))  # fmt: skip
    elif isinstance(d, SeasonData):
        lines = d.standing.lines
        for x in lines:
            yield Appearance(e.day, e.key, e.title, e.kind, x.place, len(lines), x.shown, x.name)
    elif isinstance(d, LeagueData):
        for key, r in d.days:
            totals = {p.name: p.total for p in r.players}
            places = _places(totals)
            for p in r.players:
                title = f"{e.title} · {r.day}."
                yield Appearance(r.date or e.day, key, title, e.kind, places[p.name],
                                 len(totals), p.total, p.name, p.series)  # fmt: skip
    else:
        places = _places(dict(d.totals))
        for name, points in d.totals.items():
            yield Appearance(e.day, e.key, e.title, e.kind, places[name], len(d.totals),
                             points, name)  # fmt: skip


def _hands(t: Any, series: int) -> int:
    """The player-hands a tournament's series dealt: three for each game of its tables."""
    seating = t.seating(series)
    sizes = [len(p) for p in seating.tables] if seating else []
    return sum(rating.player_hands(t.games.get(n, 0)) for n in sizes)


def _rated_tournament(e: Event, d: TournamentData) -> rating.RatedEvent:
    t = open_tournament(e.source)
    series = []
    for r in d.series:
        n = r.series or 0
        scores = {x.name: x.series[n] for x in r.standings if n in x.series}
        if scores:
            series.append(rating.RatedSeries(scores, _hands(t, n)))
    return rating.RatedEvent(e.day or date.min, e.key, tuple(series))


def _rated_days(e: Event, d: LeagueData) -> Iterable[rating.RatedEvent]:
    lg = app_league.open_league(e.source)
    for key, r in d.days:
        t = open_tournament(lg.day_folder(r.day))
        series = []
        for n in sorted({n for p in r.players for n, _ in p.series}):
            scores = {p.name: dict(p.series)[n] for p in r.players if n in dict(p.series)}
            series.append(rating.RatedSeries(scores, _hands(t, n)))
        yield rating.RatedEvent(r.date or e.day or date.min, key, tuple(series))


def _rated_list(e: Event, d: ListData) -> rating.RatedEvent:
    ledger = d.ledger
    scores = {n: x.seeger_fabian for n, x in paper_scores(d.results).items()}
    games = sum(1 for x in ledger.entries if ledger.family.numbered(x))
    series = rating.RatedSeries(scores, rating.player_hands(games))
    return rating.RatedEvent(e.day or date.min, e.key, (series,))


def _rated(e: Event) -> list[rating.RatedEvent]:
    """The events of the rating (rules §R) an event gives: a tournament itself, each league
    match day, a list of a table of three or four; a season is made of these and does not
    rate again."""
    d = e.data
    if isinstance(d, TournamentData):
        return [_rated_tournament(e, d)]
    if isinstance(d, LeagueData):
        return list(_rated_days(e, d))
    if isinstance(d, ListData) and len(d.totals) in (3, 4):
        return [_rated_list(e, d)]
    return []


def _people(summaries: Sequence[Summary], joined: dict[str, str]) -> dict[str, Person]:
    people: dict[str, Person] = {}
    keys = _Keys()
    for got in summaries:
        for a in got.appearances:
            name = joined.get(same_name(a.name), a.name)
            key = same_name(name)
            if key not in people:
                people[key] = Person(name, "")
            people[key].spellings.add(a.name)
            people[key].appearances.append(a)
    for key in sorted(people, key=lambda k: (k, people[k].name)):
        people[key].key = keys("players", slug(people[key].name))
    for p in people.values():
        p.appearances.sort(key=lambda a: (a.day or date.min, a.key))
    rated = [r for got in summaries for r in got.rated]
    for name, steps in rating.ratings(rated).items():
        key = same_name(joined.get(same_name(name), name))
        if key in people:
            people[key].steps.extend(steps)
    for p in people.values():
        p.steps.sort(key=lambda s: (s.day, s.key))
    return people


def _joined(summaries: Sequence[Summary]) -> dict[str, str]:
    """Each season's aliases, for the whole site: a spelling → the name shown (as the season
    writes the name the others join)."""
    out: dict[str, str] = {}
    for got in summaries:
        aliases = got.aliases
        if aliases:
            written = {same_name(name): name for name in aliases.values()}
            for other, key in resolve_aliases(aliases).items():
                out[other] = written.get(key, key)
                out[key] = written.get(key, key)
    return out


def _live(e: Event) -> bool:
    d = e.data
    return (isinstance(d, TournamentData) and bool(d.ranking.in_progress)) or (
        isinstance(d, LeagueData) and any(r.in_progress for _, r in d.days)
    )


def _summary(e: Event, taken: Sequence[str], sheets: Sequence[Sheet], files: str) -> Summary:
    aliases = e.data.aliases if isinstance(e.data, SeasonData) else {}
    own = {x.key for x in sheets}
    days = [k for k, _ in e.data.days] if isinstance(e.data, LeagueData) else []
    pages = [k for k in (e.key, *days) if k not in own]
    taken = [*taken, *(k for k in pages if k not in taken)]
    return Summary(e.kind, e.key, e.title, e.day, _live(e), str(e.source.resolve()), files,
                   tuple(_appearances(e)), tuple(_rated(e)), dict(aliases), tuple(taken),
                   tuple(pages))  # fmt: skip


def source_files(src: Source) -> list[Path]:
    """The files a source is read from: a list; every file of a tournament's or a league's
    folder; a season's file and every list and tournament folder of its evenings."""
    if src.kind is Kind.LIST:
        return [src.path]
    if src.kind is Kind.SEASON:
        paths = [src.path / SEASON_FILE]
        for e in app_season.open_season(src.path).evenings:
            paths += [src.path / rel for rel in e.paths]
    else:
        paths = [src.path]
    out: list[Path] = []
    for path in paths:
        out.append(path)
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if not p.name.startswith(".")
                          and not p.name.endswith(".lock"))  # fmt: skip
    return out


def build(
    paths: Sequence[Path | str],
    *,
    title: str = "",
    known: Mapping[str, Summary] | None = None,
    salt: object = "",
) -> Site:
    """The site of ``paths``: every source found; each read and derived now, unless ``known``
    holds its summary of the same stamp (its files as they are now, and ``salt``: what else
    its pages are drawn from). A source that cannot be read refuses the whole site (with its
    file and the reason), so nothing half is published."""
    sources = find_sources(paths)
    privacy = privacy_of(paths)
    name = title or privacy.title or (Path(paths[0]).resolve().name if paths else "")
    keys = _Keys()
    sheets: list[Sheet] = []
    events: list[Event] = []
    summaries: list[Summary] = []
    evenings = {
        (src.path / rel).resolve(): date.fromisoformat(e.date)
        for src in sources
        if src.kind is Kind.SEASON
        for e in app_season.open_season(src.path).evenings
        for rel in e.paths
    }
    salted = (salt, name, sorted(privacy.initials), sorted(privacy.hidden), privacy.prizes)
    order = {Kind.TOURNAMENT: 0, Kind.LEAGUE: 1, Kind.SEASON: 2, Kind.LIST: 3}
    for src in sorted(sources, key=lambda s: (order[s.kind], str(s.path))):
        files = stamp(source_files(src), salted, evenings.get(src.path.resolve()))
        kept = (known or {}).get(str(src.path.resolve()))
        if kept is not None and kept.stamp == files and not keys.used & set(kept.keys):
            keys.used.update(kept.keys)
            summaries.append(kept)
            continue
        before, had = set(keys.used), len(sheets)
        event = _event(keys, src, sheets, evenings)
        if event is None:
            continue
        taken = sorted(keys.used - before)
        events.append(event)
        summaries.append(_summary(event, taken, sheets[had:], files))
    by_path = _link_evenings(events, summaries)
    joined = _joined(summaries)
    people = _people(summaries, joined)
    site = Site(name, events, summaries, sheets, people, privacy, joined, sources)
    fresh = {e.key for e in events}
    stale = set()
    for i, x in enumerate(summaries):
        context = _context(site, x, by_path)
        if x.key in fresh:
            summaries[i] = replace(x, context=context)
        elif x.context != context:
            stale.add(x.source)  # a player's page or an evening's page moved: read it again
    if stale:
        known = {k: v for k, v in (known or {}).items() if k not in stale}
        return build(paths, title=title, known=known, salt=salt)
    return site


def _context(site: Site, x: Summary, by_path: Mapping[Path, str]) -> str:
    """What a source's pages show of the others (``Summary.context``)."""
    names = sorted({a.name for a in x.appearances})
    parts: list[object] = [(n, site.shown(n), site.link(n)) for n in names]
    if x.kind is Kind.SEASON:
        folder = Path(x.source)
        for e in app_season.open_season(folder).evenings:
            parts += [(rel, by_path.get((folder / rel).resolve())) for rel in e.paths]
    return stamp((), parts)


def _event(
    keys: _Keys, src: Source, sheets: list[Sheet], evenings: Mapping[Path, date]
) -> Event | None:
    if src.kind is Kind.TOURNAMENT:
        return _tournament(keys, src, sheets)
    if src.kind is Kind.LEAGUE:
        return _league(keys, src)
    if src.kind is Kind.SEASON:
        return _season(keys, src)
    return _list(keys, src, sheets, evenings.get(src.path.resolve()))


def _link_evenings(events: list[Event], summaries: list[Summary]) -> dict[Path, str]:
    """A season's evenings link to the pages of their lists and tournaments (each source's
    page by its path)."""
    by_path = {Path(x.source): x.key for x in summaries}
    for e in events:
        if isinstance(e.data, SeasonData):
            for _day_text, paths in e.data.evenings:
                for i, (rel, _none) in enumerate(paths):
                    paths[i] = (rel, by_path.get((e.source / rel).resolve()))
    return by_path


def refuse_empty(site: Site) -> None:
    """A site with nothing to show is refused rather than written empty."""
    if not site.summaries:
        raise LedgerError(msg("nothing to publish: no played list, tournament, season or league"))


def watched(paths: Sequence[Path | str], *, out: Path | None = None) -> list[Path]:
    """The files a ``--watch`` follows: every file and folder under the sources given (a list
    written anew, or added, changes them), but the site's own (``out``) and the locks."""
    found: list[Path] = []
    skip = out.resolve() if out is not None else None
    for given in paths:
        path = Path(given)
        found.append(path)
        if not path.is_dir():
            continue
        for p in sorted(path.rglob("*")):
            if p.name.startswith(".") or p.name.endswith(".lock"):
                continue
            if skip is not None and p.resolve().is_relative_to(skip):
                continue
            found.append(p)
    return found
