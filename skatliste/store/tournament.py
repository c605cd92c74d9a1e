"""The tournament folder: ``tournament.json`` (facts only: name, date, players, the seating of
every drawn series, paper results, history) and one list file per drawn series and table.

The tournament file is read strictly (every field checked, the place of a problem named) and
written atomically under a lock, with the list's own ``atomic_write`` and ``locked``. It is
read without pydantic: a live ranking of a championship reads it on every look.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError
from skatliste.families import Played
from skatliste.fields import Pairs
from skatliste.i18n import Message, msg
from skatliste.store.files import TOURNAMENT_FILE, json_object, read_folder_file
from skatliste.store.history import Reader, shown
from skatliste.store.tournament_history import Event, read_event
from skatliste.tournament import (
    MAX_SERIES,
    MAX_SERIES_GAMES,
    PaperLine,
    Player,
    paper_line_problem,
)

FILE_NAME = TOURNAMENT_FILE
FORMAT_NAME = "skatliste-tournament"
FORMAT_VERSION = 1


@dataclass
class Seating:
    """One drawn series: the tables in seat order (seat 1 deals first)."""

    series: int
    seed: int
    time: str
    tables: list[tuple[str, ...]]
    repeats: int = 0


@dataclass
class PaperResult:
    """A table's totals typed in from a paper Spielliste."""

    series: int
    table: int
    lines: dict[str, PaperLine]
    time: str


@dataclass
class Tournament:
    """The facts of a tournament and the folder it lives in."""

    folder: Path
    name: str
    date: str
    created: str
    series: int
    """Series planned."""
    games: dict[int, int]
    """Games in a series by table size (SkWO: 36 at a table of three, 48 at four)."""
    seed: int
    """The tournament's seed: a draw without --seed derives its seed from it."""
    players: list[Player] = field(default_factory=list)
    draws: list[Seating] = field(default_factory=list)
    paper: list[PaperResult] = field(default_factory=list)
    history: list[Event] = field(default_factory=list)
    double_list: bool = False
    """Every table keeps two lists (SkWO: the double list): a table counts when they agree."""

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def player(self, name: str) -> Player | None:
        """The player of that name (case-insensitive), or None."""
        from skatliste.players import same_name

        key = same_name(name)
        return next((p for p in self.players if same_name(p.name) == key), None)

    def seating(self, series: int) -> Seating | None:
        return next((d for d in self.draws if d.series == series), None)

    def paper_result(self, series: int, table: int) -> PaperResult | None:
        return next((r for r in self.paper if (r.series, r.table) == (series, table)), None)


def list_name(series: int, table: int) -> str:
    """The list file of a table, relative to the folder: ``series-1/table-03.json``."""
    return f"series-{series}/table-{table:02d}.json"


MAX_NUMBER = 10**18 - 1
"""The largest number the file may hold anywhere (a seed, a start number); narrower bounds
apply where the rules give them (series, games, paper results)."""


def valid_date(text: str) -> bool:
    """``YYYY-MM-DD`` naming a day of the calendar (2026-02-30 is none).

    >>> valid_date("2026-12-05"), valid_date("2026-02-30"), valid_date("5.12.2026")
    (True, False, False)
    """
    import re
    from datetime import date

    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


# --- reading ------------------------------------------------------------------------------


class _Reader(Reader):
    """Checks one JSON value after another, naming the place of the first problem."""

    def fail(self, where: object, message: Message, found: Any = None) -> LedgerError:
        return LedgerError(
            msg(
                "{path}: {where}: {message}{shown}; the tournament file was left untouched",
                path=self.path,
                where=where,
                message=message,
                shown=shown(found),
            )
        )

    def text(self, value: Any, where: str, *, empty: bool = False) -> str:
        if not isinstance(value, str) or (not empty and not value.strip()):
            raise self.fail(
                where, msg("must be a non-empty text") if not empty else msg("must be text"), value
            )
        return value

    def int_(
        self, value: Any, where: str, *, low: int | None = None, high: int = MAX_NUMBER
    ) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, msg("must be a whole number"), value)
        if low is not None and value < low:
            raise self.fail(where, msg("must be {low} or more", low=low), value)
        if value > high or value < -MAX_NUMBER:
            shown = value if abs(value) <= MAX_NUMBER else f"{str(value)[:12]}..."
            raise self.fail(where, msg("must be at most {most}", most=high), shown)
        return value

    def date(self, value: Any, where: str) -> str:
        text = self.text(value, where)
        if not valid_date(text):
            raise self.fail(where, msg("must be a real day, written YYYY-MM-DD"), text)
        return text

    def list_(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, msg("must be a list"), value)
        return value


def _data(path: Path, raw: bytes, pairs: Pairs | None = None) -> dict[str, Any]:
    """The file's JSON object, refused when it is no tournament of this version or older
    (``pairs`` notes each object holding a key twice)."""
    found = json_object(raw, "tournament file", FORMAT_NAME, FORMAT_VERSION, pairs=pairs)
    if not isinstance(found, dict):
        raise LedgerError(
            msg(
                "{path}: {problem}; the tournament file was left untouched",
                path=path,
                problem=found,
            )
        )
    return found


def parse(path: Path, raw: bytes) -> Tournament:
    """The tournament in ``raw``, checked field by field."""
    pairs = Pairs()
    data = _data(path, raw, pairs)
    r = _Reader(path, pairs.twice)
    r.once_each(data)  # a key given twice anywhere: the last value would silently win
    top = r.obj(
        data,
        msg("top level"),
        {"format", "version", "name", "date", "created", "series", "games", "seed", "players"},
        {"draws", "paper", "history", "double_list"},
    )
    if top["version"] != FORMAT_VERSION:
        raise r.fail("version", msg("must be {version}", version=FORMAT_VERSION), top["version"])
    games_raw = r.obj(top["games"], "games", {"3", "4"}, set())
    t = Tournament(
        folder=path.parent,
        name=r.text(top["name"], "name"),
        date=r.date(top["date"], "date"),
        created=r.text(top["created"], "created"),
        series=r.int_(top["series"], "series", low=1, high=MAX_SERIES),
        games={
            int(k): r.int_(v, f"games.{k}", low=1, high=MAX_SERIES_GAMES)
            for k, v in games_raw.items()
        },
        seed=r.int_(top["seed"], "seed", low=0),
    )
    double = top.get("double_list", False)
    if type(double) is not bool:
        raise r.fail("double_list", msg("must be true or false"), double)
    t.double_list = double
    _read_players(r, t, r.list_(top["players"], "players"))
    for i, raw_draw in enumerate(r.list_(top.get("draws", []), "draws"), start=1):
        t.draws.append(_read_draw(r, t, raw_draw, f"draws[{i}]"))
    t.draws.sort(key=lambda d: d.series)
    for i, raw_paper in enumerate(r.list_(top.get("paper", []), "paper"), start=1):
        t.paper.append(_read_paper(r, t, raw_paper, f"paper[{i}]"))
    for i, item in enumerate(r.list_(top.get("history", []), "history"), start=1):
        t.history.append(read_event(r, item, f"history[{i}]"))
    return t


def _read_players(r: _Reader, t: Tournament, raw_players: list[Any]) -> None:
    """The players: names and start numbers each once."""
    seen: set[str] = set()
    numbers: set[int] = set()
    for i, raw_player in enumerate(raw_players, start=1):
        where = f"players[{i}]"
        p = r.obj(raw_player, where, {"name"}, {"club", "number", "left"})
        name = r.text(p["name"], f"{where}.name")
        if name.casefold() in seen:
            raise r.fail(f"{where}.name", msg("a second player of this name"), name)
        seen.add(name.casefold())
        number = None if p.get("number") is None else r.int_(p["number"], f"{where}.number", low=1)
        if number is not None:
            if number in numbers:
                raise r.fail(
                    f"{where}.number", msg("a second player with this start number"), number
                )
            numbers.add(number)
        left = p.get("left", False)
        if not isinstance(left, bool):
            raise r.fail(f"{where}.left", msg("must be true or false"), left)
        club = r.text(p.get("club", ""), f"{where}.club", empty=True)
        t.players.append(Player(name, club, number, left))


def _read_draw(r: _Reader, t: Tournament, raw_draw: Any, where: str) -> Seating:
    """One drawn series: tables of registered players, each seated once; each series drawn
    once."""
    names = {p.name for p in t.players}
    d = r.obj(raw_draw, where, {"series", "seed", "time", "tables"}, {"repeats"})
    tables: list[tuple[str, ...]] = []
    seated: dict[str, int] = {}
    for j, raw_table in enumerate(r.list_(d["tables"], f"{where}.tables"), start=1):
        tables.append(_read_table(r, raw_table, f"{where}.tables[{j}]", names, seated))
        seated.update(dict.fromkeys(tables[-1], j))
    series = r.int_(d["series"], f"{where}.series", low=1)
    if t.seating(series) is not None:
        raise r.fail(f"{where}.series", msg("this series is drawn twice"), series)
    return Seating(
        series=series,
        seed=r.int_(d["seed"], f"{where}.seed", low=0),
        time=r.text(d["time"], f"{where}.time"),
        tables=tables,
        repeats=r.int_(d.get("repeats", 0), f"{where}.repeats", low=0),
    )


def _read_table(
    r: _Reader, raw_table: Any, where: str, names: set[str], seated: dict[str, int]
) -> tuple[str, ...]:
    """One table of a drawn series: 3 or 4 registered players, none at another table
    (``seated``: the players of the tables before, each with the table's number; a look-up, so
    a championship's 250 tables are read in linear time)."""
    table = tuple(r.text(n, where) for n in r.list_(raw_table, where))
    if len(table) not in (3, 4):
        raise r.fail(where, msg("a table has 3 or 4 players"), len(table))
    unknown = [n for n in table if n not in names]
    if unknown:
        raise r.fail(where, msg("not a registered player"), unknown[0])
    twice = next((n for n in table if table.count(n) > 1), None)
    if twice is not None:
        raise r.fail(where, msg("a player seated twice at the table"), twice)
    again = [n for n in table if n in seated]
    if again:
        earlier = min(seated[n] for n in again)
        first = sorted(n for n in again if seated[n] == earlier)[0]
        raise r.fail(
            where,
            msg("a player seated at table {table} of this series as well", table=earlier),
            first,
        )
    return table


def _read_paper(r: _Reader, t: Tournament, raw_paper: Any, where: str) -> PaperResult:
    """One table's paper result: [points, won, lost] for each player at a drawn table."""
    d = r.obj(raw_paper, where, {"series", "table", "results", "time"}, set())
    lines: dict[str, PaperLine] = {}
    results = r.obj(d["results"], f"{where}.results", set(), set(d["results"]))
    for name, value in results.items():
        triple = r.list_(value, f"{where}.results.{name}")
        if len(triple) != 3:
            raise r.fail(f"{where}.results.{name}", msg("must be [points, won, lost]"))
        lines[name] = PaperLine(
            r.int_(triple[0], f"{where}.results.{name}"),
            r.int_(triple[1], f"{where}.results.{name}", low=0),
            r.int_(triple[2], f"{where}.results.{name}", low=0),
        )
    series, table = d["series"], d["table"]
    seating = t.seating(series) if isinstance(series, int) else None
    if seating is None or not isinstance(table, int) or not 1 <= table <= len(seating.tables):
        raise r.fail(where, msg("no such table in the drawn series"), f"{series}/{table}")
    if sorted(lines) != sorted(seating.tables[table - 1]):
        raise r.fail(f"{where}.results", msg("the names are not the players at that table"))
    if t.paper_result(series, table) is not None:
        raise r.fail(where, msg("a second paper result for this table"), f"{series}/{table}")
    _check_paper_lines(r, lines, t.games[len(lines)], where)
    return PaperResult(
        series=r.int_(d["series"], f"{where}.series", low=1),
        table=r.int_(d["table"], f"{where}.table", low=1),
        lines=lines,
        time=r.text(d["time"], f"{where}.time"),
    )


def _check_paper_lines(r: _Reader, lines: dict[str, PaperLine], length: int, where: str) -> None:
    """Each line possible in a series of ``length`` games, and no more games than it has."""
    for name, line in lines.items():
        problem = paper_line_problem(line, length)
        if problem is not None:
            raise r.fail(f"{where}.results.{name}", problem)
    played = sum(x.won + x.lost for x in lines.values())
    if played > length:
        raise r.fail(
            f"{where}.results",
            msg(
                "the won and lost games add up to {count}, more than the series of {length}",
                count=played,
                length=length,
            ),
        )


class NoTournament(LedgerError):
    """The folder has no tournament file (the edge says how to start one or name another)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        super().__init__(
            msg("{path}: no tournament here ({file} not found)", path=folder, file=FILE_NAME)
        )


def load(folder: Path) -> Tournament:
    """Read the tournament in ``folder``; refuse a missing or corrupt file with the reason."""
    path = folder / FILE_NAME
    return parse(path, read_folder_file(path, NoTournament(folder)))


# --- writing ------------------------------------------------------------------------------


def to_json(t: Tournament) -> dict[str, Any]:
    """The file's content: facts only."""
    players: list[dict[str, Any]] = []
    for p in t.players:
        item: dict[str, Any] = {"name": p.name}
        if p.club:
            item["club"] = p.club
        if p.number is not None:
            item["number"] = p.number
        if p.left:
            item["left"] = True
        players.append(item)
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": t.name,
        "date": t.date,
        "created": t.created,
        "series": t.series,
        "games": {str(k): v for k, v in sorted(t.games.items())},
        "seed": t.seed,
        **({"double_list": True} if t.double_list else {}),
        "players": players,
        "draws": [
            {
                "series": d.series,
                "seed": d.seed,
                "time": d.time,
                "repeats": d.repeats,
                "tables": [list(table) for table in d.tables],
            }
            for d in t.draws
        ],
        "paper": [
            {
                "series": r.series,
                "table": r.table,
                "time": r.time,
                "results": {n: [x.points, x.won, x.lost] for n, x in r.lines.items()},
            }
            for r in t.paper
        ],
        "history": [e.to_json() for e in t.history],
    }


def dumps(t: Tournament) -> str:
    """The file text: a player, a table of the seating, a paper result, a history entry on
    one line each (easy to read and to diff; a hand edit touches one line)."""

    one = json.JSONEncoder(ensure_ascii=False).encode  # one encoder for the file's lines

    def block(items: list[Any], indent: str) -> str:
        if not items:
            return "[]"
        inner = f",\n{indent}  ".join(one(i) for i in items)
        return f"[\n{indent}  {inner}\n{indent}]"

    data = to_json(t)
    out = []
    for key, value in data.items():
        if key in ("players", "paper", "history"):
            text = block(value, "  ")
        elif key == "draws":
            draws = []
            for d in value:
                head = ", ".join(f"{one(k)}: {one(v)}" for k, v in d.items() if k != "tables")
                draws.append(f'{{{head}, "tables": {block(d["tables"], "      ")}}}')
            text = "[\n    " + ",\n    ".join(draws) + "\n  ]" if draws else "[]"
        else:
            text = one(value)
        out.append(f"  {one(key)}: {text}")
    return "{\n" + ",\n".join(out) + "\n}\n"


def save(t: Tournament) -> None:
    """Write atomically (the caller holds the lock)."""
    from skatliste.store.files import atomic_write

    atomic_write(t.path, dumps(t), what="tournament file")


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the tournament file's lock."""
    from skatliste.store.files import locked as lock_file

    with lock_file(folder / FILE_NAME):
        yield


@contextlib.contextmanager
def updating(folder: Path) -> Iterator[Tournament]:
    """Load under the lock, let the caller change it, save: one atomic read-modify-write.
    A refusal inside leaves the file as it was."""
    if not (folder / FILE_NAME).exists():
        load(folder)  # raises 'no tournament here' before any lock file is made
    with locked(folder):
        t = load(folder)
        yield t
        save(t)


def create(t: Tournament) -> None:
    """Write a new tournament file; refuse to overwrite one, or to start one inside another
    tournament's folder (its series' lists live there)."""
    outer = next((p for p in t.folder.resolve().parents if (p / FILE_NAME).is_file()), None)
    if outer is not None:
        raise LedgerError(
            msg(
                "{path}: is inside the folder of the tournament {outer}; choose a folder "
                "outside it",
                path=t.folder,
                outer=outer,
            )
        )
    try:
        t.folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot create the folder: {why}", path=t.folder, why=exc.strerror or exc)
        ) from None
    with locked(t.folder):
        if t.path.exists():
            raise LedgerError(
                msg("{path}: a tournament exists here already; choose another folder", path=t.path)
            )
        save(t)


# --- the table lists, read for the ranking --------------------------------------------------


@dataclass(frozen=True)
class ListResult:
    """What the ranking needs of one table list: each player's result and the games entered."""

    players: dict[str, Played]
    """Per player: list points, games won and lost, as the list's family gives them."""
    games: int
    length: int | None
    protests: tuple[tuple[int, str], ...] = ()
    """The list's open protests: (game, what the protest says)."""


def _summarise_list(path: Path) -> ListResult:
    """A list's result as its family derives it (read strictly); a list whose family gives
    its players no result (American Grand) is refused."""
    from skatliste.store.agree import FIELD, facts
    from skatliste.store.lists import load as load_list

    ledger = load_list(path)
    players = ledger.family.results(ledger.table, ledger.entries)
    if players is None:
        raise LedgerError(no_results(path, ledger.family.title))
    raised: Sequence[Any] = ()
    if ledger.header.get(FIELD):  # signatures or protests (measured: 3 ms to load their rules)
        from skatliste.agree import standing

        raised = standing(facts(ledger.header)).open_protests
    return ListResult(
        players=players,
        games=sum(map(ledger.family.numbered, ledger.entries)),
        length=ledger.table.series,
        protests=tuple((r.protest.game, r.protest.text) for r in raised),
    )


def no_results(path: Path, family: str) -> Message:
    """Why a list of a family that gives its players no result counts in no ranking."""
    return msg(
        "{path}: a list of {family} gives its players no list points and no games won or "
        "lost, so no tournament, season or league counts it",
        path=str(path),
        family=family,
    )


_summed: dict[str, tuple[tuple[int, int, int], ListResult]] = {}
"""Each list's result as last summed in this process, with its file's inode, modification
time and size: a served ranking sums again only the lists that changed."""


def read_lists(folder: Path, names: list[str]) -> dict[str, ListResult | None]:
    """Each list's result (None where the file does not exist), summed from the list: the
    lists are the facts, and nothing derived from them is kept in a file (in this process,
    a list whose file did not change is not summed again)."""
    out: dict[str, ListResult | None] = {}
    for name in names:
        path = folder / name
        try:
            st = path.stat()
        except FileNotFoundError:
            out[name] = None
            continue
        stamp = (st.st_ino, st.st_mtime_ns, st.st_size)
        before = _summed.get(str(path))
        if before is not None and before[0] == stamp:
            out[name] = before[1]
            continue
        found = _summarise_list(path)
        _summed[str(path)] = (stamp, found)
        out[name] = found
    return out


def list_games(folder: Path, name: str) -> int | None:
    """The entries on one table's list (None where the file does not exist), for a paper
    result's check that the table keeps no list. Its JSON is read without its rules, so a
    result costs the same at a championship as at one table; a file without a list's format,
    version, players and games goes to the strict reader, which names its problem."""
    path = folder / name
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError:
        raw = b""
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):  # not UTF-8 or not JSON
        data = None
    # the list file's format and version (store.lists, not imported: it brings every family)
    if isinstance(data, dict) and data.get("format") == "skatliste" and data.get("version") == 1:
        games = data.get("games")
        if isinstance(games, list) and isinstance(data.get("players"), list):
            return len(games)
    return _summarise_list(path).games
