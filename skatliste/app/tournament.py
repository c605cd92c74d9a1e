"""What an organiser does with a tournament: players, the draw, results, the ranking, teams,
prizes. Plain values in, results out; never prints (the CLI and the web page render them).

Every change is one read-modify-write of the tournament file under its lock
(``tournament.store.updating``); a refusal raises before anything is written.
"""

from __future__ import annotations

import csv
import io
import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from skatliste import tournament as core
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import Message, join, msg, nmsg
from skatliste.skat.words import MAX_DIGITS
from skatliste.store import tournament as store
from skatliste.store.tournament import Tournament, list_name
from skatliste.tournament import (
    Draw,
    Fee,
    PaperLine,
    Player,
    Prize,
    Score,
    SeriesStatus,
    Standing,
    TeamStanding,
)

ENV_VAR = "SKATLISTE_TOURNAMENT"


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _games(spec: str | None) -> dict[int, int]:
    """``--games 36/48``: the series length at a table of three and of four (SkWO default)."""
    if spec is None:
        return {3: 36, 4: 48}
    found = re.fullmatch(r"\s*(\d{1,9})\s*/\s*(\d{1,9})\s*", spec)
    if not found or not all(1 <= int(found.group(g)) <= core.MAX_SERIES_GAMES for g in (1, 2)):
        raise InputError(
            msg(
                "--games {spec}: give the games at a table of three and of four (1 to {most}), "
                "e.g. 36/48 or 24/32",
                spec=spec,
                most=core.MAX_SERIES_GAMES,
            )
        )
    return {3: int(found.group(1)), 4: int(found.group(2))}


def new_tournament(
    folder: Path | str,
    *,
    name: str,
    date: str | None = None,
    series: int = 3,
    games: str | None = None,
    seed: int | None = None,
) -> Tournament:
    """Create the folder and its tournament file (no players yet)."""
    if not name.strip():
        raise InputError(
            msg("--name: give the tournament a name, e.g. --name 'Preisskat Dezember'")
        )
    if not 1 <= series <= core.MAX_SERIES:
        raise InputError(
            msg(
                "--series {count}: a tournament has 1 to {most} series, e.g. --series 3",
                count=series,
                most=core.MAX_SERIES,
            )
        )
    _check_seed(seed)
    if date is not None and not store.valid_date(date):
        raise InputError(
            msg(
                "--date {date}: no such day; give the date as YYYY-MM-DD, e.g. 2026-12-05",
                date=date,
            )
        )
    t = Tournament(
        folder=Path(folder),
        name=name.strip(),
        date=date or datetime.now(UTC).date().isoformat(),
        created=_now(),
        series=series,
        games=_games(games),
        seed=random.SystemRandom().randrange(1_000_000) if seed is None else seed,
    )
    store.create(t)
    return t


MAX_SEED = 10**MAX_DIGITS - 1
"""The largest seed typed (--seed): nine digits, like every number at the table."""


def _check_seed(seed: int | None) -> None:
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise InputError(
            msg("--seed {seed}: give a whole number from 0 to {most}", seed=seed, most=MAX_SEED)
        )


def open_tournament(folder: Path | str) -> Tournament:
    """Read the tournament file strictly."""
    return store.load(Path(folder))


# --- players ----------------------------------------------------------------------------


def _check_name(name: str) -> str:
    from skatliste.skat.sheet import RESERVED_NAMES, nfc, same_name

    name = nfc(name.strip())  # a decomposed 'ü' is the same name as a composed one
    if not name:
        raise InputError(msg("a player needs a name"))
    if "," in name or "=" in name:
        raise InputError(
            msg("'{name}': a name cannot hold ',' or '=' (they separate names)", name=name)
        )
    folded = same_name(name)
    if folded in RESERVED_NAMES or folded.lstrip("+-").isdigit():
        raise InputError(
            msg("'{name}' cannot be a player's name: it means something else on a list", name=name)
        )
    return name


def _add(t: Tournament, name: str, club: str, number: int | None) -> Player:
    name = _check_name(name)
    if t.player(name) is not None:
        raise InputError(msg("'{name}': a player of this name is registered already", name=name))
    if number is not None:
        if number < 1:
            raise InputError(msg("--number {number}: a start number is 1 or more", number=number))
        taken = next((p for p in t.players if p.number == number), None)
        if taken is not None:
            raise InputError(
                msg("start number {number} is {name}'s already", number=number, name=taken.name)
            )
    player = Player(name, club.strip(), number)
    t.players.append(player)
    return player


def add_player(
    folder: Path | str, name: str, *, club: str = "", number: int | None = None
) -> Player:
    """Register a player (names unique, case-insensitive; a number is the start number)."""
    with store.updating(Path(folder)) as t:
        return _add(t, name, club, number)


def find_player(t: Tournament, name: str) -> Player:
    """A registered player by name (case-insensitive)."""
    player = t.player(name)
    if player is None:
        raise InputError(
            msg("'{name}': no such player (see 'skatliste tournament player list')", name=name)
        )
    return player


@dataclass(frozen=True)
class Removal:
    """A removed player: gone from the file, or kept (with the series played) as having left."""

    player: Player
    kept: bool
    unplayed: tuple[int, ...] = ()
    """Drawn series the player is seated in that have no result yet: redraw them."""


def remove_player(folder: Path | str, name: str) -> Removal:
    """Remove a player. One already seated in a drawn series stays in the ranking with the
    series played, and is not drawn again."""
    with store.updating(Path(folder)) as t:
        player = find_player(t, name)
        seated = any(player.name in table for d in t.draws for table in d.tables)
        index = t.players.index(player)
        if seated:
            if player.left:
                raise InputError(msg("'{name}' has left the tournament already", name=player.name))
            t.players[index] = replace(player, left=True)
        else:
            del t.players[index]
        t.history.append({"action": "remove", "time": _now(), "player": player.name})
        unplayed = tuple(
            d.series
            for d in t.draws
            if any(player.name in table for table in d.tables) and not _has_results(t, d.series)
        )
        return Removal(player, seated, unplayed)


def players(folder: Path | str) -> list[Player]:
    """The registered players, by start number, then name."""
    t = open_tournament(folder)
    return sorted(t.players, key=lambda p: (p.number is None, p.number or 0, p.name.casefold()))


COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "spieler", "spielername", "player"),
    "club": ("club", "verein", "team", "mannschaft"),
    "number": ("number", "nummer", "startnummer", "nr", "nr.", "start number", "no", "no."),
}


def _columns(header_row: list[str]) -> dict[str, int]:
    """Which column holds the name, the club and the number (German or English headers)."""
    header = [h.strip().casefold() for h in header_row]
    where: dict[str, int] = {}
    for key, names in COLUMNS.items():
        for i, h in enumerate(header):
            if h in names:
                where[key] = i
    return where


def import_players(folder: Path | str, text: str, *, source: str = "CSV") -> list[Player]:
    """Register the players of a CSV file (a header row; name, club, number; German or
    English column names; ``,`` or ``;`` between fields). Every problem is listed; with any
    problem nobody is added."""
    text = text.lstrip("\ufeff")
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows:
        raise InputError(
            msg("{source}: empty; give a header row such as 'name,club,number'", source=source)
        )
    where = _columns(rows[0])
    if "name" not in where:
        raise InputError(
            msg(
                "{source}: line 1: no name column in {header}; name the columns e.g. "
                "'name,club,number' or 'Name;Verein;Startnummer'",
                source=source,
                header=repr(rows[0]),
            )
        )
    problems: list[Message] = []
    with store.updating(Path(folder)) as t:
        added: list[Player] = []
        for line_no, row in enumerate(rows[1:], start=2):
            if not any(cell.strip() for cell in row):
                continue

            def cell(key: str, row: list[str] = row) -> str:
                i = where.get(key)
                return row[i].strip() if i is not None and i < len(row) else ""

            raw_number = cell("number")
            number = None
            if raw_number:
                if not raw_number.isdigit():
                    problems.append(
                        msg(
                            "{source}: line {line}: number {number} is not a number",
                            source=source,
                            line=line_no,
                            number=repr(raw_number),
                        )
                    )
                    continue
                number = int(raw_number)
            try:
                added.append(_add(t, cell("name"), cell("club"), number))
            except InputError as exc:
                problems.append(
                    msg(
                        "{source}: line {line}: {problem}",
                        source=source,
                        line=line_no,
                        problem=exc.message,
                    )
                )
        if problems:
            problems.append(msg("nobody was added; correct the file and import again"))
            raise InputError(join(problems, "\n"))
        return added


def import_players_file(folder: Path | str, path: Path | str) -> list[Player]:
    """``import_players`` from a CSV file (UTF-8, a BOM is fine)."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(
            msg("{path}: not UTF-8 text; save the CSV file as UTF-8 and import it again", path=path)
        ) from None
    except OSError as exc:
        raise InputError(
            msg("{path}: cannot read: {why}", path=path, why=exc.strerror or exc)
        ) from None
    return import_players(folder, text, source=str(path))


# --- the draw ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatedTable:
    """A table of a series: its number, its players in seat order, its list."""

    table: int
    players: tuple[str, ...]
    first_dealer: str
    list: str
    """The list file's path, relative to the tournament folder."""


@dataclass(frozen=True)
class SeatingPlan:
    """A drawn series."""

    series: int
    seed: int
    tables: tuple[SeatedTable, ...]
    repeats: tuple[tuple[str, str], ...]
    """Pairs seated together again, though they met in an earlier series."""
    moved: str | None = None
    """Where a redraw put the old series' lists (kept, nothing lost)."""

    def by_player(self) -> list[tuple[str, int]]:
        """Each player → table, alphabetically (the seating plan at the door)."""
        pairs = [(name, t.table) for t in self.tables for name in t.players]
        return sorted(pairs, key=lambda p: p[0].casefold())


def _plan(t: Tournament, series: int, moved: str | None = None) -> SeatingPlan:
    seating = t.seating(series)
    if seating is None:
        drawn = ", ".join(str(d.series) for d in t.draws) or "none yet"
        raise InputError(
            msg(
                "series {series} is not drawn (drawn: {drawn}); draw it with 'skatliste "
                "tournament draw {series}'",
                series=series,
                drawn=drawn,
            )
        )
    earlier = core.pairs_met([d.tables for d in t.draws if d.series < series])
    return SeatingPlan(
        series=series,
        seed=seating.seed,
        tables=tuple(
            SeatedTable(n, table, table[0], list_name(series, n))
            for n, table in enumerate(seating.tables, start=1)
        ),
        repeats=tuple(core.repeated_pairs(seating.tables, earlier)),
        moved=moved,
    )


def seating(folder: Path | str, series: int) -> SeatingPlan:
    """The seating of a drawn series."""
    return _plan(open_tournament(folder), series)


def _has_results(t: Tournament, series: int) -> bool:
    seating = t.seating(series)
    if seating is None:
        return False
    if any(r.series == series for r in t.paper):
        return True
    results = store.read_lists(
        t.folder, [list_name(series, n) for n in range(1, len(seating.tables) + 1)]
    )
    return any(r is not None and r.games for r in results.values())


def draw_series(
    folder: Path | str, series: int, *, seed: int | None = None, force: bool = False
) -> SeatingPlan:
    """Seat the present players for ``series`` and write one list per table. A series is
    redrawn only while no result is entered for it (``force`` otherwise); the old seating
    goes to the history and its lists to a folder beside, so nothing is lost."""
    folder = Path(folder)
    with store.updating(folder) as t:
        if not 1 <= series <= t.series:
            raise InputError(
                msg(
                    "series {series}: this tournament has series 1 to {last}",
                    series=series,
                    last=t.series,
                )
            )
        drawn = {d.series for d in t.draws}
        if series not in drawn and series - 1 not in drawn | {0}:
            raise InputError(
                msg("series {series}: draw series {before} first", series=series, before=series - 1)
            )
        _check_seed(seed)
        present = [p.name for p in t.players if not p.left]
        sizes = core.table_sizes(len(present))  # refuses 1, 2 and 5 players
        assert sizes
        moved = None
        old = t.seating(series)
        if old is not None:
            if _has_results(t, series) and not force:
                raise InputError(
                    msg(
                        "series {series} has results already; redraw it with --force (the old "
                        "seating "
                        "and its lists are kept)",
                        series=series,
                    )
                )
            redraws = sum(
                1 for h in t.history if h.get("action") == "redraw" and h.get("series") == series
            )
            moved = f"series-{series}.redrawn-{redraws + 1}"
            t.history.append(
                {
                    "action": "redraw",
                    "time": _now(),
                    "series": series,
                    "seed": old.seed,
                    "tables": [list(x) for x in old.tables],
                    "lists": moved,
                    "paper": [
                        {
                            "table": r.table,
                            "results": {n: [x.points, x.won, x.lost] for n, x in r.lines.items()},
                        }
                        for r in t.paper
                        if r.series == series
                    ],
                }
            )
            t.draws.remove(old)
            t.paper = [r for r in t.paper if r.series != series]
        if seed is None:
            redraws = sum(1 for h in t.history if h.get("action") == "redraw")
            seed = t.seed + 1000 * redraws + series
        met = core.pairs_met([d.tables for d in t.draws if d.series < series])
        result: Draw = core.draw(present, seed=seed, met=met)
        _write_lists(t, series, result.tables, moved)
        t.draws.append(
            store.Seating(
                series=series,
                seed=seed,
                time=_now(),
                tables=list(result.tables),
                repeats=len(result.repeats),
            )
        )
        t.draws.sort(key=lambda d: d.series)
        return _plan(t, series, moved)


def _write_lists(
    t: Tournament, series: int, tables: Sequence[Sequence[str]], moved: str | None
) -> None:
    """Write the new lists in a folder of their own, then put it in place: a draw that fails
    half-way leaves the series as it was. The old lists move to ``moved``; a folder of the
    series that the tournament file does not know (a crash between the two writes) is kept
    beside, as ``series-S.unrecorded-N``."""
    import shutil

    from skatliste.app.lists import new_list

    folder = t.folder
    target = folder / f"series-{series}"
    staging = folder / f".series-{series}.drawing"
    try:
        if staging.exists():
            shutil.rmtree(staging)  # empty lists of a draw that never finished
        staging.mkdir()
        for n, table in enumerate(tables, start=1):
            new_list(
                staging / Path(list_name(series, n)).name,
                table,
                preset="tournament",
                rule_items=[f"series={t.games[len(table)]}"],
            )
        if target.exists():
            aside = moved
            k = 0
            while aside is None or (folder / aside).exists():
                k += 1
                aside = f"series-{series}.unrecorded-{k}"
            target.rename(folder / aside)
        staging.rename(target)
    except OSError as exc:
        raise LedgerError(
            msg(
                "{path}: cannot write the lists: {why}; the series was not drawn",
                path=target,
                why=exc.strerror or exc,
            )
        ) from None


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
    from skatliste.skat.sheet import same_name

    found = _PAPER.match(item.strip())
    if not found:
        return msg("'{item}': write NAME=POINTS/WON/LOST, e.g. Anna=312/9/2", item=item)
    name = found.group("name").strip()
    who = next((p for p in seated if same_name(p) == same_name(name)), None)
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
         if len(found.group(g).lstrip("+-−")) > MAX_DIGITS),
        None,
    )  # fmt: skip
    if long is not None:
        refused.add(who)
        return msg(
            "'{name}': the number {digits}... has more than {most} digits; no series scores "
            "that (write NAME=POINTS/WON/LOST, e.g. Anna=312/9/2)",
            name=name,
            digits=long[:12],
            most=MAX_DIGITS,
        )
    line = PaperLine(
        int(found.group("points").replace("−", "-")),
        int(found.group("won")),
        int(found.group("lost")),
    )
    lines[who] = line
    problem = core.paper_line_problem(line, length)
    return None if problem is None else msg("'{item}': {problem}", item=item, problem=problem)


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
        for item in items:
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
        listed = store.read_lists(folder, [list_name(series, table)])[list_name(series, table)]
        if listed is not None and listed.games:
            problems.append(
                nmsg(
                    "table {table} keeps its list ({name}, {count} game entered): a table has "
                    "either a list or a paper result",
                    "table {table} keeps its list ({name}, {count} games entered): a table has "
                    "either a list or a paper result",
                    listed.games,
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
            t.history.append(
                {
                    "action": "replace result",
                    "time": _now(),
                    "series": series,
                    "table": table,
                    "results": {n: [x.points, x.won, x.lost] for n, x in old.lines.items()},
                }
            )
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
        t.history.append(
            {
                "action": "delete result",
                "time": _now(),
                "series": series,
                "table": table,
                "results": {n: [x.points, x.won, x.lost] for n, x in old.lines.items()},
            }
        )
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
        "a paper result and {count} game on its list {name}: the table counts once, so there "
        "is no ranking until one of them goes",
        "a paper result and {count} games on its list {name}: the table counts once, so there "
        "is no ranking until one of them goes",
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
                if listed.games:
                    complete = listed.games >= length
                    status.state = "done" if complete else "in progress"
                    for who, (sf, points, won, lost) in listed.players.items():
                        scores.setdefault(who, {})[d.series] = Score(
                            sf, points, won, lost, complete
                        )
            else:
                status.problems.append(msg("{name} is missing", name=name))
            states.append(status)
    return Results(t, scores, states, conflicts, twice)


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


def ranking(folder: Path | str, *, series: int | None = None) -> Ranking:
    """Place, name, club, Seeger-Fabian per series and in all, points, won, lost."""
    got = results(folder)
    t = got.tournament
    if series is not None and t.seating(series) is None:
        drawn = ", ".join(str(d.series) for d in t.draws) or msg("none yet")
        raise InputError(
            msg("series {series} is not drawn; drawn: {drawn}", series=series, drawn=drawn)
        )
    if got.conflicts:
        # the files disagree (not the words typed): the web answers 409, the CLI exit 2
        raise TablesCountTwice(got.conflicts, got.twice)
    standings = core.rank(t.players, got.scores, series=series)
    playing = [s for s in got.tables if s.state == "in progress" and series in (None, s.series)]
    return Ranking(t.name, t.date, series, standings, playing)


def ranking_json(r: Ranking) -> dict[str, Any]:
    """The ranking as the issue specifies its JSON."""
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
            }
            for s in r.standings
        ]
    }


def team_ranking(folder: Path | str, *, size: int = 4) -> list[TeamStanding]:
    """Clubs ranked by the sum of their best ``size`` players' totals."""
    return core.teams(ranking(folder).standings, size=size)


EXAMPLES = {
    "--pool": "--pool 500",
    "--split": "--split 30,20,15",
    "--amounts": "--amounts 100,60,40",
    "--entry": "--entry 10",
    "--lost-game": "--lost-game 0.50",
}


def _one_amount(text: str, raw: str, what: str) -> Fraction:
    """One amount as the core reads money (``sheet.parse_amount``: 12.50, 12,50, 1/3; six
    digits at most before the point, so 1e309 or a typing slip never reaches the sums)."""
    from skatliste.skat.sheet import parse_amount

    text = text.strip()
    value = parse_amount(text)
    if value is not None:
        return value
    if text.startswith(("-", "−")):
        raise InputError(
            msg(
                "{option} {raw}: {part} is negative; give e.g. {example}",
                option=what,
                raw=raw,
                part=repr(text),
                example=EXAMPLES[what],
            )
        )
    raise InputError(
        msg(
            "{option} {raw}: {part} is not a number (e.g. {example}): write at most six "
            "digits before the decimal point or comma, and no exponent",
            option=what,
            raw=raw,
            part=repr(text),
            example=EXAMPLES[what],
        )
    )


def _amounts(raw: str | None, what: str) -> list[Fraction]:
    if raw is None:
        return []
    return [_one_amount(part, raw, what) for part in raw.split(",")]


def _amount(raw: str | None, what: str) -> Fraction | None:
    if raw is None:
        return None
    values = _amounts(raw, what)
    if len(values) != 1:
        raise InputError(
            msg(
                "{option} {raw}: give one amount, e.g. {example}",
                option=what,
                raw=raw,
                example=EXAMPLES[what],
            )
        )
    return values[0]


@dataclass(frozen=True)
class PrizeList:
    """Who gets what, and (with fees) what each player pays."""

    prizes: list[Prize]
    fees: list[Fee]
    collected: Fraction
    paid_out: Fraction
    """The prizes as paid: each share in whole cents."""
    remaining: Fraction
    """What the pool (or the fixed amounts) holds beyond that: cents a shared place could not
    split evenly, the part of the pool no place gets, the prizes of places nobody reached."""


def prize_list(
    folder: Path | str,
    *,
    pool: str | None = None,
    split: str | None = None,
    amounts: str | None = None,
    entry: str | None = None,
    lost_game: str | None = None,
) -> PrizeList:
    """Prizes from ``--pool``/``--split`` (percent) or ``--amounts``; equal places share.
    With ``--entry``/``--lost-game``: each player's fees (start money, each lost game)."""
    standings = ranking(folder).standings
    pool_amount = _amount(pool, "--pool")
    wanted = core.prize_amounts(
        pool=pool_amount,
        split=_amounts(split, "--split"),
        amounts=_amounts(amounts, "--amounts"),
    )
    got = core.prizes(standings, wanted)
    fee_list: list[Fee] = []
    if entry is not None or lost_game is not None:
        fee_list = core.fees(
            standings,
            entry=_amount(entry, "--entry") or Fraction(0),
            lost_game=_amount(lost_game, "--lost-game") or Fraction(0),
        )
    paid_out = sum((p.amount for p in got), Fraction(0))
    offered = pool_amount if pool_amount is not None else sum(wanted, Fraction(0))
    return PrizeList(
        got,
        fee_list,
        sum((f.total for f in fee_list), Fraction(0)),
        paid_out,
        offered - paid_out,
    )
