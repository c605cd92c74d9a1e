"""What a club does with its season: start it with its rules, add and take out evenings, join
two spellings of a player, and read the standing, a player's history and the club ranking.
Plain values in, results out; never prints (the CLI and the web page render them).

Every evening's lists and tournament folders are read with the stores' strict readers each
time the season is read, each list's player results taken from its family's derivation (the
one Seeger-Fabian, rules §7, is the organised-play core's).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

from skatliste import season as core
from skatliste import tournament as tcore
from skatliste.app.output import write_output as write
from skatliste.app.tournament import results
from skatliste.app.tournament.results import refuse_unsound
from skatliste.errors import InputError, LedgerError
from skatliste.families import Played, default_family
from skatliste.i18n import Message, msg
from skatliste.players import check_visible, same_name
from skatliste.season import Missing, PlayerPage, SeasonRules, SeriesResult, Standing
from skatliste.store import season as store
from skatliste.store.files import TOURNAMENT_FILE, no_results, now
from skatliste.store.lists import load as load_list
from skatliste.store.season import Evening, NoSeason, Season
from skatliste.store.tournament import list_name, valid_date
from skatliste.store.tournament import load as load_tournament

ENV_VAR = "SKATLISTE_SEASON"
RULE_NAMES = tuple(f.name for f in fields(SeasonRules))
"""The rules ``season rules --set`` changes, by their field names."""

__all__ = ["ENV_VAR", "Missing", "NoSeason", "PlayerPage", "Season", "Standing"]


def new_season(folder: Path | str, *, name: str, rules: SeasonRules) -> Season:
    """Start a season in a new folder (or an empty one) with its rules."""
    if not name.strip():
        raise InputError(msg("the season needs a name"))
    rules.check_counts()
    s = Season(Path(folder), name, now(), rules)
    store.create(s)
    return s


def open_season(folder: Path | str) -> Season:
    """Read the season file strictly."""
    return store.load(Path(folder))


def set_rules(folder: Path | str, changes: Mapping[str, Any]) -> tuple[SeasonRules, SeasonRules]:
    """Change some of the rules (by field name); the old rules are kept in the history.
    Returns (old, new). Rules that do not go together are refused, nothing written."""
    unknown = sorted(set(changes) - set(RULE_NAMES))
    if unknown:
        raise InputError(
            msg(
                "'{name}' is not a season rule (known: {known})",
                name=unknown[0],
                known=", ".join(RULE_NAMES),
            )
        )
    with store.updating(Path(folder)) as s:
        old = s.rules
        new = replace(old, **changes)  # checked when made
        new.check_counts()
        if new != old:
            s.rules = new
            s.history.append({"action": "rules", "time": now(), "rules": store.rules_to_json(old)})
    return old, new


def parse_day(text: str | None) -> str:
    """An evening's day, ``YYYY-MM-DD`` (today when None)."""

    if text is None:
        return date.today().isoformat()
    if not valid_date(text):
        raise InputError(
            msg("'{date}' is not a day: write it YYYY-MM-DD, e.g. 2027-01-15", date=text)
        )
    return text


def _relative(s: Season, path: Path) -> str:
    """A path as the season keeps it: relative to the season folder, with '/'."""
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(s.folder))
    return Path(rel).as_posix()


def _scored_list(path: Path) -> tuple[Any, dict[str, Played]]:
    """A list of a table of 3 or 4, read strictly, with each player's result as its family
    gives it (a family that gives none is refused)."""
    ledger = load_list(path)
    got = ledger.family.results(ledger.table, ledger.entries)
    if got is None:
        raise InputError(no_results(path, ledger.family.title))
    players = tuple(ledger.table.players)
    if len(players) not in (3, 4):
        raise InputError(
            msg(
                "{path}: a table of {count}: the season's Seeger-Fabian counts tables of 3 or 4",
                path=str(path),
                count=len(players),
            )
        )
    return ledger, got


@dataclass(frozen=True)
class _Table:
    """One list of an evening as its evening checks it: its players, its games (to find one
    list given twice) and the series it was marked with."""

    path: str
    players: tuple[str, ...]
    ledger: Any
    series: int | None = None

    def same_games(self, other: _Table) -> bool:
        """The same games, fact for fact, as the list files store them."""
        mine, theirs = self.ledger.entries, other.ledger.entries
        encode = self.ledger.family.encode
        return len(mine) == len(theirs) and all(
            encode(a) == other.ledger.family.encode(b) for a, b in zip(mine, theirs, strict=True)
        )


def _check_path(path: Path) -> None:
    """A list file or a tournament folder, read strictly; anything else refused."""
    if path.is_dir():
        if not (path / TOURNAMENT_FILE).exists():
            raise InputError(
                msg(
                    "{path}: a folder without a tournament ({file} not found)",
                    path=str(path),
                    file=TOURNAMENT_FILE,
                )
            )

        load_tournament(path)
    elif path.exists():
        _scored_list(path)
    else:
        raise InputError(msg("{path}: no list or tournament folder here", path=str(path)))


def _tables_problem(tables: Sequence[_Table]) -> Message | None:
    """The first problem of an evening's lists, or None. A club evening redraws its tables
    between series, so lists may share players in any way (each is one series for its
    players, docs/rules.md §S); refused are one list given twice (the same players and the
    same games, a copy or a link), and a player at two tables of one series where the lists
    are marked with their series."""
    for i, table in enumerate(tables):
        mine = {same_name(p) for p in table.players}
        for other in tables[:i]:
            theirs = {same_name(p) for p in other.players}
            if mine == theirs and table.ledger.entries and table.same_games(other):
                return msg(
                    "{path}: the same list as {other} (the same players, the same games): "
                    "one table's series counts once",
                    path=table.path,
                    other=other.path,
                )
            both = [p for p in table.players if same_name(p) in theirs]
            if table.series is not None and table.series == other.series and both:
                return msg(
                    "{path} and {other} are both marked series {series}, and both tables have "
                    "{players}: a player plays at one table a series",
                    path=table.path,
                    other=other.path,
                    series=table.series,
                    players=", ".join(both),
                )
    return None


def _evening_tables(s: Season, evening: Evening) -> list[_Table]:
    """Each list (not tournament) of an evening that is there."""
    out = []
    for rel in evening.paths:
        path = s.folder / rel
        if path.is_file():
            ledger = _scored_list(path)[0]
            players = tuple(ledger.table.players)
            out.append(_Table(rel, players, ledger, evening.series.get(rel)))
    return out


def _refuse_nested(rel: str, given: str, others: Sequence[str]) -> None:
    """A list of a tournament folder in the season, or a tournament folder holding a list of
    the season, would count its series twice."""
    for other in others:
        if rel.startswith(other + "/") or other.startswith(rel + "/"):
            raise InputError(
                msg(
                    "{path}: {other} is in the season already, and one holds the other: its "
                    "series would count twice",
                    path=given,
                    other=other,
                )
            )


def add_evening(
    folder: Path | str,
    paths: Sequence[Path | str],
    *,
    day: str | None,
    series: int | None = None,
) -> Evening:
    """Add an evening's lists and tournament folders (paths as given, kept relative to the
    season folder); a second add on a day adds to that evening. ``series``: the lists are
    that series of the evening (a player sits at one of its tables). Refused, nothing
    written: a path that is no list or tournament, one in the season already, a list that is
    another of the evening's (a copy), a player at two tables of one marked series, a
    tournament folder marked with a series (it has its own)."""
    when = parse_day(day)
    if not paths:
        raise InputError(msg("give the evening's lists or tournament folders"))
    if series is not None and not 1 <= series <= store.MAX_SERIES:
        raise InputError(
            msg(
                "--series {series}: an evening's series 1 to {most}",
                series=series,
                most=store.MAX_SERIES,
            )
        )
    with store.updating(Path(folder)) as s:
        known = {rel: e.date for e in s.evenings for rel in e.paths}
        added: list[str] = []
        for given in paths:
            path = Path(given)
            _check_path(path)
            rel = _relative(s, path)
            if rel in known or rel in added:
                raise InputError(
                    msg(
                        "{path}: in the season already (the evening of {date})",
                        path=str(given),
                        date=known.get(rel, when),
                    )
                )
            _refuse_nested(rel, str(given), [*known, *added])
            if series is not None and path.is_dir():
                raise InputError(
                    msg(
                        "{path}: a tournament folder numbers its own series; --series marks "
                        "list files",
                        path=str(given),
                    )
                )
            added.append(rel)
        old = s.evening(when)
        marks = dict(old.series) if old else {}
        if series is not None:
            marks.update(dict.fromkeys(added, series))
        evening = Evening(when, (*(old.paths if old else ()), *added), marks)
        problem = _tables_problem(_evening_tables(s, evening))
        if problem is not None:
            raise InputError(problem)
        s.evenings = sorted([e for e in s.evenings if e.date != when] + [evening], key=_day)
    return evening


def _day(e: Evening) -> str:
    return e.date


def remove_evening(folder: Path | str, day: str) -> Evening:
    """Take an evening out of the season (it is kept in the history)."""
    when = parse_day(day)
    with store.updating(Path(folder)) as s:
        evening = s.evening(when)
        if evening is None:
            days = ", ".join(e.date for e in s.evenings) or msg("none yet")
            raise InputError(msg("no evening on {date}; evenings: {days}", date=when, days=days))
        s.evenings.remove(evening)
        kept = evening.to_json()
        s.history.append({"action": "remove", "time": now(), "evening": kept})
    return evening


def add_alias(folder: Path | str, name: str, other: str) -> None:
    """``other`` is another spelling of ``name``: one player in the standing."""
    if not name.strip() or not other.strip():
        raise InputError(msg("an alias joins two names: give both"))
    check_visible(name)
    check_visible(other)
    results = read(folder).results
    with store.updating(Path(folder)) as s:
        aliases = {**s.aliases, other: name}
        # refuses a circle, a name joined to itself, two players with results in one series
        core.check_alias(results, aliases)
        s.aliases = aliases


def remove_alias(folder: Path | str, other: str) -> tuple[str, str]:
    """Take back the alias of the spelling ``other`` (kept in the history): the two names
    are two players again. Returns the name it joined and the spelling as written."""
    with store.updating(Path(folder)) as s:
        found = next((o for o in s.aliases if same_name(o) == same_name(other)), None)
        if found is None:
            given = ", ".join(f"'{o}'" for o in s.aliases) or msg("none yet")
            raise InputError(
                msg("'{other}' is no alias; the aliases: {given}", other=other, given=given)
            )
        name = s.aliases.pop(found)
        kept = {"name": name, "other": found}
        s.history.append({"action": "remove alias", "time": now(), "alias": kept})
    return name, found


# --- reading the evenings ---------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonRead:
    """Every series of the season's evenings, read from its files on this call."""

    season: Season
    results: list[SeriesResult]
    missing: list[Missing]
    lists: dict[str, Path]
    """Each series that has a list: its key → the list file (for a player's statistics)."""


Piece = dict[str, Any]
"""What one path of an evening gives, whatever the day: ``results`` [[series, name, club,
table, points, won, lost, Seeger-Fabian]], ``table`` of a list (its players and games, for
the evening's checks), ``lists`` {series: list file, relative to the season folder},
``missing`` [series]."""


def _list_piece(key: str, path: Path, rel: str, clubs: Mapping[str, str] | None = None) -> Piece:
    """One table's list: each player's points, won and lost as its family gives them, and
    their Seeger-Fabian (rules §7)."""
    ledger, got = _scored_list(path)
    players = list(ledger.table.players)
    piece: Piece = {"results": [], "lists": {}, "missing": []}
    piece["table"] = _Table(rel, tuple(players), ledger)
    if not any(map(ledger.family.numbered, ledger.entries)):
        return piece  # a table set up and not played: no series
    piece["lists"][key] = rel
    for name, x in tcore.paper_scores(got).items():
        club = (clubs or {}).get(name) or None
        piece["results"].append(
            [key, name, club, len(players), x.points, x.won, x.lost, x.seeger_fabian]
        )
    return piece


def _tournament_piece(rel: str, folder: Path) -> Piece:
    """Every table list and paper result of a tournament: one series each for its players."""

    got = results(folder)
    refuse_unsound(got)
    t = got.tournament
    clubs = {p.name: p.club for p in t.players}
    piece: Piece = {"results": [], "lists": {}, "missing": []}
    for d in t.draws:
        for n, table in enumerate(d.tables, start=1):
            key = f"{rel}/{list_name(d.series, n)}"
            paper = t.paper_result(d.series, n)
            if paper is not None:
                for who, x in tcore.paper_scores(paper.lines).items():
                    club = clubs.get(who) or None
                    piece["results"].append(
                        [key, who, club, len(table), x.points, x.won, x.lost, x.seeger_fabian]
                    )
            elif (folder / list_name(d.series, n)).exists():
                table_list = _list_piece(key, folder / list_name(d.series, n), key, clubs)
                piece["results"] += table_list["results"]
                piece["lists"].update(table_list["lists"])
            else:
                piece["missing"].append(key)
    return piece


def _piece(s: Season, rel: str) -> Piece:
    """What ``rel`` gives, read strictly and derived on this call."""
    path = s.folder / rel
    return _tournament_piece(rel, path) if path.is_dir() else _list_piece(rel, path, rel)


def _add(out: SeasonRead, day: date, piece: Piece) -> None:
    for key, name, club, table, points, won, lost, sf in piece["results"]:
        out.results.append(SeriesResult(day, key, name, club, table, points, won, lost, sf))
    out.lists.update({key: out.season.folder / rel for key, rel in piece["lists"].items()})
    out.missing.extend(Missing(day.isoformat(), key) for key in piece["missing"])


def _there(path: Path) -> bool:
    """A list file, or a folder that still holds its tournament."""
    return path.is_file() or (path / TOURNAMENT_FILE).is_file()


def read(folder: Path | str) -> SeasonRead:
    """Read every evening: a missing path is named (``missing``), a corrupt list or an evening
    of lists that do not go together refuses the whole read. Every list and tournament is
    read and derived on each call, and nothing derived is kept in a file (store facts,
    derive numbers)."""
    s = open_season(folder)
    out = SeasonRead(s, [], [], {})
    for e in s.evenings:
        day = date.fromisoformat(e.date)
        tables: list[_Table] = []
        for rel in e.paths:
            if not _there(s.folder / rel):
                out.missing.append(Missing(e.date, rel))
                continue
            piece = _piece(s, rel)
            if "table" in piece:
                tables.append(replace(piece["table"], series=e.series.get(rel)))
            _add(out, day, piece)
        problem = _tables_problem(tables)
        if problem is not None:
            raise LedgerError(msg("the evening of {date}: {problem}", date=e.date, problem=problem))
    return out


# --- what it shows ------------------------------------------------------------------------------


def standing(folder: Path | str) -> Standing:
    """The season standing (rules §S), derived from the evenings' files on this call."""
    got = read(folder)
    s = got.season
    lines = core.standing(got.results, s.rules, s.aliases)
    return Standing(s.name, s.rules, lines, len(s.evenings), got.missing)


def standing_json(st: Standing) -> dict[str, Any]:
    """The standing as JSON: numbers as numbers, the average rounded to two decimals."""
    return {
        "name": st.name,
        "rules": store.rules_to_json(st.rules),
        "standing": [
            {
                "place": x.place,
                "name": x.name,
                "club": x.club,
                "series": x.series,
                "evenings": x.evenings,
                "counted": x.counted,
                "score": json_number(x.shown),
                "best": x.best,
                "dropped": list(x.dropped),
                "ranked": x.ranked,
            }
            for x in st.lines
        ],
        "missing": [{"date": m.date, "path": m.path} for m in st.missing],
    }


def json_number(value: int | Any) -> int | float:
    """A shown score as a JSON number: a sum as it is, an average with its two decimals."""
    return value if isinstance(value, int) else float(value)


def _stats(got: SeasonRead, series: Sequence[core.Counted], name: str) -> tuple[Any, Any]:
    """The family of the player's lists (the default family where they have none) and the
    numbers of ``skatliste stats`` over them; a paper result adds its won and lost games and
    its points."""
    sheets: list[tuple[Any, Any, str]] = []
    family = None
    for c in series:
        path = got.lists.get(c.series)
        if path is not None:
            ledger = load_list(path)
            family = family or ledger.family
            sheets.append((ledger.table, ledger.entries, c.result.name))
    paper = [Played(c.result.points, c.result.won, c.result.lost, c.result.points) for c in series
             if c.series not in got.lists]  # fmt: skip
    family = family or default_family()
    return family, family.player_stats(sheets, paper, name)


def player(folder: Path | str, name: str) -> PlayerPage:
    """A player's evenings and series, each with its score, counted or dropped, and the
    statistics of the season."""
    got = read(folder)
    s = got.season
    history = core.player_history(got.results, s.rules, name, s.aliases)
    family, stats = _stats(got, history.series, history.line.name)
    return PlayerPage(history.line.name, history, stats, s.rules, got.missing, family)


def player_json(page: PlayerPage) -> dict[str, Any]:
    """A player's season as JSON."""
    line = page.history.line
    return {
        "name": page.name,
        "place": line.place,
        "club": line.club,
        "score": json_number(line.shown),
        "ranked": line.ranked,
        "series": [
            {
                "date": c.evening.isoformat(),
                "series": c.series,
                "score": c.score,
                "counted": c.counted,
                "points": c.result.points,
                "won": c.result.won,
                "lost": c.result.lost,
            }
            for c in page.history.series
        ],
        "stats": page.stats.as_dict(),
        "missing": [{"date": m.date, "path": m.path} for m in page.missing],
    }


def teams(folder: Path | str, *, size: int = 4) -> list[core.ClubLine]:
    """Clubs ranked by the sum of their best ``size`` players' season scores."""
    return core.club_ranking(standing(folder).lines, size=size)


def progress(
    folder: Path | str, *, top: int = 4
) -> tuple[tuple[date, ...], dict[str, list[Fraction]]]:
    """The top players' season scores after each evening (the export's chart)."""
    got = read(folder)
    return core.progress(got.results, got.season.rules, got.season.aliases, top=top)


def watched(folder: Path | str) -> list[Path]:
    """The files a live page follows: the season file, every evening's list, and the
    tournament files and table lists of its tournament folders."""
    s = open_season(folder)
    out = [s.path]
    for e in s.evenings:
        for rel in e.paths:
            path = s.folder / rel
            if path.is_dir():
                out.extend(sorted(p for p in path.rglob("*.json") if not p.name.startswith(".")))
            else:
                out.append(path)
    return out


def write_output(folder: Path | str, output: Path | str, text: str) -> None:
    """Write an export; never over the season file, one of its lists or any of skatliste's own
    files."""
    s = open_season(folder)
    # the season file itself is refused by its header, as a season file
    lists = [s.folder / rel for e in s.evenings for rel in e.paths]
    write(output, text, lists=lists)
