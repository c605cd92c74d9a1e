"""The results: each table's list or paper result, their state, and the live ranking."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from skatliste import tournament as core
from skatliste.app.tournament.base import _now, open_tournament
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import Message, join, msg, nmsg
from skatliste.players import matching_players
from skatliste.store import tournament as store
from skatliste.store.tournament import Tournament, list_name
from skatliste.store.tournament_history import ResultDeleted, ResultReplaced
from skatliste.tournament import (
    PaperLine,
    Score,
    SeriesStatus,
    Standing,
)

# --- results ----------------------------------------------------------------------------


_PAPER = re.compile(r"^(?P<name>[^=]+)=(?P<points>[+\-−]?\d+)/(?P<won>\d+)/(?P<lost>\d+)$")


def _table_of(t: Tournament, series: int, table: int) -> tuple[str, ...]:
    seating = t.seating(series)
    if seating is None:
        raise InputError(
            msg(
                "series {series} is not drawn; there is no table {table} yet",
                series=series,
                table=table,
            )
        )
    if not 1 <= table <= len(seating.tables):
        raise InputError(
            msg(
                "series {series} has tables 1 to {last}; there is no table {table}",
                series=series,
                last=len(seating.tables),
                table=table,
            )
        )
    return seating.tables[table - 1]


def _paper_item(
    item: str,
    seated: tuple[str, ...],
    table: int,
    length: int,
    lines: dict[str, PaperLine],
    refused: set[str],
) -> Message | None:
    """One ``NAME=POINTS/WON/LOST``: kept in ``lines`` when it can be read; its problem, or
    None."""
    found = _PAPER.match(item.strip())
    if not found:
        return msg("'{item}': write NAME=POINTS/WON/LOST, e.g. Anna=312/9/2", item=item)
    name = found.group("name").strip()
    # as the list commands find a name: its beginning, without its umlauts or accents
    hits = matching_players(seated, name)
    if len(hits) > 1:
        return msg(
            "'{name}' could be {names}: write more of the name",
            name=name,
            names=msg("{names} or {last}", names=", ".join(hits[:-1]), last=hits[-1]),
        )
    who = hits[0] if hits else None
    if who is None:
        return msg(
            "'{name}' is not at table {table} ({players})",
            name=name,
            table=table,
            players=", ".join(seated),
        )
    if who in lines:
        return msg("'{name}' is given twice", name=name)
    long = next(
        (found.group(g).lstrip("+-−") for g in ("points", "won", "lost")
         if len(found.group(g).lstrip("+-−")) > core.MAX_DIGITS),
        None,
    )  # fmt: skip
    if long is not None:
        refused.add(who)
        return msg(
            "'{name}': the number {digits}... has more than {most} digits; no series scores "
            "that (write NAME=POINTS/WON/LOST, e.g. Anna=312/9/2)",
            name=name,
            digits=long[:12],
            most=core.MAX_DIGITS,
        )
    line = PaperLine(
        int(found.group("points").replace("−", "-")),
        int(found.group("won")),
        int(found.group("lost")),
    )
    lines[who] = line
    problem = core.entered_line_problem(line, length, seats=len(seated))
    return None if problem is None else msg("'{item}': {problem}", item=item, problem=problem)


def _paper_items(items: Sequence[str]) -> list[str]:
    """The ``NAME=POINTS/WON/LOST`` items of the words given: a name's words before its '='
    belong to it, so ``Anna Schmidt=312/9/2`` is one item whether the shell or a typed line
    split it or not."""
    out: list[str] = []
    name: list[str] = []
    for word in (w for item in items for w in item.split()):
        name.append(word)
        if "=" in word:
            out.append(" ".join(name))
            name = []
    if name:
        out.append(" ".join(name))
    return out


def _nothing_entered(series: int, table: int, problems: list[Message]) -> Message:
    return msg(
        "series {series} table {table}: nothing entered:\n  {problems}",
        series=series,
        table=table,
        problems=join(problems, "\n  "),
    )


class PaperResultKept(InputError):
    """Nothing entered, among other reasons because the table has a paper result already
    (``problems[kept]``): the edge says how to replace it (the CLI ``--force``, the page its
    box) with ``told``."""

    def __init__(self, series: int, table: int, problems: list[Message], kept: int) -> None:
        self.series, self.table, self.problems, self.kept = series, table, problems, kept
        super().__init__(_nothing_entered(series, table, problems))

    def told(self, how: Message) -> Message:
        """The message with ``how`` after the paper result that is there already."""
        problems = list(self.problems)
        problems[self.kept] = msg("{problem}; {how}", problem=problems[self.kept], how=how)
        return _nothing_entered(self.series, self.table, problems)


def enter_paper_result(
    folder: Path | str, series: int, table: int, items: Sequence[str], *, force: bool = False
) -> dict[str, Score]:
    """Type in a paper Spielliste's totals: ``NAME=POINTS/WON/LOST`` for every player at the
    table. Every problem is listed; a table has either a list or a paper result."""

    folder = Path(folder)
    with store.updating(folder) as t:
        seated = _table_of(t, series, table)
        length = t.games[len(seated)]
        problems: list[Message] = []
        lines: dict[str, PaperLine] = {}
        refused: set[str] = set()
        for item in _paper_items(items):
            problem = _paper_item(item, seated, table, length, lines, refused)
            if problem is not None:
                problems.append(problem)
        missing = [p for p in seated if p not in lines and p not in refused]
        if missing:
            problems.append(
                msg(
                    "no result for {players} (every player at the table)",
                    players=", ".join(missing),
                )
            )
        declared = sum(x.won + x.lost for x in lines.values())
        if declared > length:
            problems.append(
                msg(
                    "the table's won and lost games add up to {count}, more than the series of "
                    "{length} games",
                    count=declared,
                    length=length,
                )
            )
        games = store.list_games(folder, list_name(series, table))  # this table's list only
        if games:
            problems.append(
                nmsg(
                    "table {table} keeps its list ({name}, {count} game entered): a table has "
                    "either a list or a paper result",
                    "table {table} keeps its list ({name}, {count} games entered): a table has "
                    "either a list or a paper result",
                    games,
                    table=table,
                    name=list_name(series, table),
                )
            )
        old = t.paper_result(series, table)
        kept = len(problems)
        if old is not None and not force:
            problems.append(
                msg(
                    "series {series} table {table} has a paper result already",
                    series=series,
                    table=table,
                )
            )
        if old is not None and not force:
            raise PaperResultKept(series, table, problems, kept)
        if problems:
            raise InputError(_nothing_entered(series, table, problems))
        if old is not None:
            t.paper.remove(old)
            t.history.append(ResultReplaced(_now(), series, table, old.lines))
        ordered = {p: lines[p] for p in seated}
        t.paper.append(store.PaperResult(series, table, ordered, _now()))
        t.paper.sort(key=lambda r: (r.series, r.table))
        return core.paper_scores(ordered)


def delete_paper_result(folder: Path | str, series: int, table: int) -> store.PaperResult:
    """Take a table's paper result back (it is kept in the history): the table's list counts
    again."""
    with store.updating(Path(folder)) as t:
        _table_of(t, series, table)
        old = t.paper_result(series, table)
        if old is None:
            raise InputError(
                msg(
                    "series {series} table {table} has no paper result to delete",
                    series=series,
                    table=table,
                )
            )
        t.paper.remove(old)
        t.history.append(ResultDeleted(_now(), series, table, old.lines))
        return old


@dataclass(frozen=True)
class Results:
    """Everything entered so far: each player's score per series, and each table's state."""

    tournament: Tournament
    scores: dict[str, dict[int, Score]]
    tables: list[SeriesStatus]
    conflicts: list[Message]
    """Tables with a paper result and games on their list: no ranking until one goes."""
    twice: list[tuple[int, int, str]]
    """Those tables: (series, table, the list's file)."""
    unsound: list[Message] = field(default_factory=list)
    """Tables whose list is gone (the draw wrote one for each) or holds more games than a
    series: no ranking until it is put right, as its numbers would be wrong."""


class TablesCountTwice(LedgerError):
    """No ranking: some tables have a paper result and games on their list. ``tables`` are
    (series, table, the list's file), for the edge to say how to delete one of them
    (``told``)."""

    def __init__(self, conflicts: list[Message], tables: list[tuple[int, int, str]]) -> None:
        self.conflicts, self.tables = conflicts, tables
        super().__init__(self.told([]))

    def told(self, hows: Sequence[Message]) -> Message:
        """The message with each table's ``how`` after its conflict."""
        said = [
            c if how is None else msg("{problem}; {how}", problem=c, how=how)
            for c, how in itertools.zip_longest(self.conflicts, hows)
        ]
        return msg("no ranking:\n{conflicts}", conflicts=join(said, "\n"))


def _both(name: str, games: int) -> Message:
    return nmsg(
        "a paper result and {count} game on its list {name}: a table counts once, so one of "
        "them has to go",
        "a paper result and {count} games on its list {name}: a table counts once, so one of "
        "them has to go",
        games,
        name=name,
    )


def results(folder: Path | str) -> Results:
    """Read every table's list (or paper result): the scores and the state of each table."""
    t = open_tournament(folder)
    names = [list_name(d.series, n) for d in t.draws for n in range(1, len(d.tables) + 1)]
    lists = store.read_lists(t.folder, names)
    scores: dict[str, dict[int, Score]] = {}
    states: list[SeriesStatus] = []
    conflicts: list[Message] = []
    twice: list[tuple[int, int, str]] = []
    unsound: list[Message] = []
    for d in t.draws:
        for n, table in enumerate(d.tables, start=1):
            name = list_name(d.series, n)
            length = t.games[len(table)]
            paper = t.paper_result(d.series, n)
            listed = lists[name]
            status = SeriesStatus(d.series, n, table, "missing", 0, length)
            if paper is not None:
                status.state, status.games = "paper", length
                if listed is not None and listed.games:
                    conflict = _both(str(t.folder / name), listed.games)
                    twice.append((d.series, n, str(t.folder / name)))
                    status.problems.append(conflict)
                    conflicts.append(
                        msg(
                            "series {series} table {table}: {problem}",
                            series=d.series,
                            table=n,
                            problem=conflict,
                        )
                    )
                for who, score in core.paper_scores(paper.lines).items():
                    scores.setdefault(who, {})[d.series] = score
            elif listed is not None:
                if {p.casefold() for p in listed.players} != {p.casefold() for p in table}:
                    raise LedgerError(
                        msg(
                            "{path}: its players ({players}) are not the seating of series "
                            "{series} table "
                            "{table} ({seated})",
                            path=t.folder / name,
                            players=", ".join(listed.players),
                            series=d.series,
                            table=n,
                            seated=", ".join(table),
                        )
                    )
                length = listed.length or length
                status.games, status.length = listed.games, length
                if listed.games > length:
                    over = nmsg(
                        "its list {name} holds {count} game, more than the {length} of a series",
                        "its list {name} holds {count} games, more than the {length} of a series",
                        listed.games,
                        name=str(t.folder / name),
                        length=length,
                    )
                    status.problems.append(over)
                    unsound.append(_at(d.series, n, over))
                agreed = _double_list(t, name, status, listed.protests)
                if listed.games:
                    complete = listed.games >= length and agreed
                    status.state = "done" if complete else "in progress"
                    if not agreed:
                        status.state = "differs"
                    for who, score in core.paper_scores(listed.players, complete=complete).items():
                        scores.setdefault(who, {})[d.series] = score
            else:
                gone = msg("{name} is missing", name=name)
                status.problems.append(gone)
                unsound.append(_at(d.series, n, gone))
            states.append(status)
    return Results(t, scores, states, conflicts, twice, unsound)


def _at(series: int, table: int, problem: Message) -> Message:
    return msg(
        "series {series} table {table}: {problem}", series=series, table=table, problem=problem
    )


def refuse_unsound(got: Results) -> None:
    """No ranking from tables that count twice (``TablesCountTwice``), a list gone or one
    holding more games than a series."""
    if got.conflicts:
        # the files disagree (not the words typed): the web answers 409, the CLI exit 2
        raise TablesCountTwice(got.conflicts, got.twice)
    if got.unsound:
        raise LedgerError(msg("no ranking:\n{conflicts}", conflicts=join(got.unsound, "\n")))


def _double_list(
    t: Tournament, name: str, status: SeriesStatus, protests: Sequence[tuple[int, str]]
) -> bool:
    """In a tournament of double lists: whether the table's two lists agree (its status then
    names where they differ and the open protests); True where a table keeps one list (its
    status names the list's open ``protests``)."""
    if not t.double_list:
        for game, text in protests:
            status.problems.append(
                msg("game {number}: open protest {text}", number=game, text=repr(text))
            )
        return True
    from skatliste.app.agree import table_lists  # measured: 3 ms, only for double lists

    found = table_lists(t.folder / name)
    status.problems.extend(found.problems)
    return found.agree


def status(folder: Path | str) -> list[SeriesStatus]:
    """Per series and table: done, in progress (games of the series), paper, or missing."""
    return results(folder).tables


# --- ranking, teams, prizes ------------------------------------------------------------------


@dataclass(frozen=True)
class Ranking:
    """The live ranking: every game entered so far counts."""

    name: str
    date: str
    series: int | None
    """The one series ranked, or None for the whole tournament."""
    standings: list[Standing]
    in_progress: list[SeriesStatus]
    """Tables still playing (their players' lines are marked)."""
    lot_seed: int | None = None
    """Ties are decided by the lot drawn with this seed (lines so placed are marked)."""


def table_points_of(got: Results) -> dict[str, dict[int, Fraction]] | None:
    """Each player's table points per series, where the tournament ranks by them (None
    otherwise): at each table of each drawn series with results, the points of his place."""
    t = got.tournament
    if not t.table_points:
        return None
    out: dict[str, dict[int, Fraction]] = {}
    for d in t.draws:
        for table in d.tables:
            at = {p: got.scores[p][d.series] for p in table if d.series in got.scores.get(p, {})}
            for name, points in core.table_points(at, t.table_points).items():
                out.setdefault(name, {})[d.series] = points
    return out


def standings_of(got: Results, *, series: int | None = None) -> list[Standing]:
    """The ranking's lines by the tournament's rules: ties shared or by lot, a player who
    left ranked or not, table points first where it ranks by them."""
    t = got.tournament
    return core.rank(
        t.players,
        got.scores,
        series=series,
        lot_seed=t.lot_seed if t.ties is core.Ties.LOT else None,
        leavers=t.leavers,
        points=table_points_of(got),
    )


def ranking(folder: Path | str, *, series: int | None = None) -> Ranking:
    """Place, name, club, Seeger-Fabian per series and in all, points, won, lost."""
    return ranking_of(results(folder), series=series)


def ranking_of(got: Results, *, series: int | None = None) -> Ranking:
    """The ranking of the results read (:func:`ranking`)."""
    t = got.tournament
    if series is not None and t.seating(series) is None:
        drawn = ", ".join(str(d.series) for d in t.draws) or msg("none yet")
        raise InputError(
            msg("series {series} is not drawn; drawn: {drawn}", series=series, drawn=drawn)
        )
    refuse_unsound(got)
    standings = standings_of(got, series=series)
    playing = [
        s
        for s in got.tables
        if s.state in ("in progress", "differs") and series in (None, s.series)
    ]
    lot = t.lot_seed if t.ties is core.Ties.LOT else None
    return Ranking(t.name, t.date, series, standings, playing, lot)


def standing_extras(s: Standing) -> dict[str, Any]:
    """What a line holds beyond the issue's JSON, each only where it applies: a player who
    left without a place (``"place": null``), a place decided by the lot, table points (a
    number, or a fraction as text where players equal at a table shared)."""
    out: dict[str, Any] = {}
    if not s.ranked:
        out["place"] = None
    if s.by_lot:
        out["by_lot"] = True
    if s.table_points is not None:
        tp = s.table_points
        out["table_points"] = int(tp) if tp.denominator == 1 else str(tp)
    return out


def ranking_json(r: Ranking) -> dict[str, Any]:
    """The ranking as the issue specifies its JSON (with :func:`standing_extras`)."""
    return {
        "ranking": [
            {
                "place": s.place,
                "name": s.name,
                "club": s.club,
                "seeger_fabian": s.seeger_fabian,
                "points": s.points,
                "won": s.won,
                "lost": s.lost,
                "series": {str(k): v for k, v in s.series.items()},
                **standing_extras(s),
            }
            for s in r.standings
        ]
    }
