"""The tournament folder: ``tournament.json`` (facts only: name, date, players, the seating of
every drawn series, paper results, history) and one list file per drawn series and table.

The tournament file is one format (``FORMAT``: its fields and its own rules), read by the
store's one reader (every problem named with its place) and written atomically under a lock,
with the list's own ``atomic_write`` and ``locked``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skatliste.errors import LedgerError, ListRefuses
from skatliste.families import Played
from skatliste.fields import (
    Boolean,
    Const,
    Date,
    Field,
    Integer,
    Items,
    ListOf,
    Nested,
    Places,
    Record,
    Text,
    at,
    found,
)
from skatliste.fields import (
    valid_date as valid_date,  # the one check of a date, for the app
)
from skatliste.i18n import Message, msg
from skatliste.players import same_name
from skatliste.store import requests  # noqa: F401 - its lock hook settles open keyed writes
from skatliste.store.files import TOURNAMENT_FILE, atomic_write, no_results, read_folder_file
from skatliste.store.files import locked as lock_file
from skatliste.store.formats import Format, read
from skatliste.store.tournament_history import (
    HISTORY,
    LEAVERS,
    REDRAWN_PAPER,
    SEATED,
    TABLE_POINT,
    TIES,
    Event,
    PaperLines,
)
from skatliste.tournament import (
    MAX_SERIES,
    MAX_SERIES_GAMES,
    Leavers,
    PaperLine,
    Player,
    Ties,
    paper_line_problem,
    table_points_problem,
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
    ties: Ties = Ties.SHARED
    """What decides between players still equal: a shared place (earlier versions) or the lot."""
    lot_seed: int | None = None
    """The seed of the lot (ties by lot): the same seed draws the same order."""
    leavers: Leavers = Leavers.RANKED
    """A player who left: ranked with his series (earlier versions), or listed without a place."""
    table_points: tuple[int, ...] = ()
    """The table points of places 1 to 4 (a final ranked by them first); none: Seeger-Fabian."""

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def player(self, name: str) -> Player | None:
        """The player of that name (case-insensitive), or None."""
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


# --- the format -----------------------------------------------------------------------------

NUMBER = Integer(0, MAX_NUMBER)
SERIES = Field("series", Integer(1, MAX_NUMBER))
PLAYER = Record(
    "player",
    (
        Field("name", Text(min_length=1), doc="unique whatever its case"),
        Field("club", Text(), ""),
        Field("number", Integer(1, MAX_NUMBER, nullable=True), None, "the start number"),
        Field("left", Boolean(), False, "left the tournament: not drawn again"),
    ),
    "A player registered.",
)
DRAW = Record(
    "draw",
    (
        SERIES,
        Field("seed", NUMBER),
        Field("time", Text(min_length=1)),
        Field("repeats", NUMBER, 0, "how many pairs met again"),
        Field("tables", ListOf(SEATED), doc="each table's players in seat order"),
    ),
    "A drawn series: its tables in seat order (seat 1 deals first).",
)
PAPER = Record(
    "paper",
    (
        SERIES,
        Field("table", Integer(1, MAX_NUMBER)),
        Field("time", Text(min_length=1)),
        Field("results", PaperLines(), doc="each player's [points, won, lost]"),
    ),
    "A table's totals typed in from a paper Spielliste.",
)
GAMES = Record(
    "games",
    (
        Field("3", Integer(1, MAX_SERIES_GAMES), doc="at a table of three"),
        Field("4", Integer(1, MAX_SERIES_GAMES), doc="at a table of four"),
    ),
    "Games in a series by table size.",
)
ROOT = Record(
    "tournament",
    (
        Field("format", Const(FORMAT_NAME)),
        Field("version", Const(FORMAT_VERSION)),
        Field("name", Text(min_length=1)),
        Field("date", Date()),
        Field("created", Text(min_length=1)),
        Field("series", Integer(1, MAX_SERIES), doc="series planned"),
        Field("games", Nested(GAMES)),
        Field("seed", NUMBER, doc="a draw without a seed derives its own from it"),
        Field("double_list", Boolean(), False, "every table keeps two lists"),
        Field("ties", Text(choices=TIES), "shared", "equal players: a shared place or the lot"),
        Field("lot_seed", Integer(0, MAX_NUMBER, nullable=True), None, "the lot's seed"),
        Field("leavers", Text(choices=LEAVERS), "ranked", "a player who left: ranked or not"),
        Field("table_points", ListOf(TABLE_POINT), [], "table points of places 1 to 4"),
        Field("players", Items("player")),
        Field("draws", Items("draw"), []),
        Field("paper", Items("paper"), []),
        Field("history", Items("history"), []),
    ),
    "A skatliste tournament file.",
)


def _found(problem: Message, value: object) -> Message:
    """The problem, and the value refused as the file has it."""
    return msg(
        "{problem}{shown}", problem=problem, shown=msg(" (found {value})", value=found(value))
    )


def _player_rules(players: list[dict[str, Any]]) -> Places:
    """Names and start numbers each once."""
    names: set[str] = set()
    numbers: set[int] = set()
    for i, p in enumerate(players, 1):
        where = at("players", i)
        name = p["name"]
        if not name.strip():
            yield at(where, "name"), msg("must not be empty")
        if name.casefold() in names:
            yield at(where, "name"), _found(msg("a second player of this name"), name)
        names.add(name.casefold())
        number = p.get("number")
        if number in numbers:
            yield at(where, "number"), _found(msg("a second player with this start number"), number)
        if number is not None:
            numbers.add(number)


def _table_rules(table: list[str], where: str, names: set[str], seated: dict[str, int]) -> Places:
    """One table of a drawn series: registered players, none seated twice, none at another
    table (``seated``: the players of the tables before, each with the table's number)."""
    unknown = [n for n in table if n not in names]
    if unknown:
        yield where, _found(msg("not a registered player"), unknown[0])
    twice = next((n for n in table if table.count(n) > 1), None)
    if twice is not None:
        yield where, _found(msg("a player seated twice at the table"), twice)
    again = [n for n in table if n in seated]
    if again:
        earlier = min(seated[n] for n in again)
        first = sorted(n for n in again if seated[n] == earlier)[0]
        told = msg("a player seated at table {table} of this series as well", table=earlier)
        yield where, _found(told, first)


def _draw_rules(data: dict[str, Any], seatings: dict[int, list[list[str]]]) -> Places:
    """Each series drawn once, each table of registered players seated once."""
    names = {p["name"] for p in data["players"]}
    for i, d in enumerate(data.get("draws", []), 1):
        where = at("draws", i)
        if d["series"] in seatings:
            yield at(where, "series"), _found(msg("this series is drawn twice"), d["series"])
        seated: dict[str, int] = {}
        for j, table in enumerate(d["tables"], 1):
            yield from _table_rules(table, at(at(where, "tables"), j), names, seated)
            seated.update(dict.fromkeys(table, j))
        seatings.setdefault(d["series"], d["tables"])


def _paper_rules(data: dict[str, Any], seatings: dict[int, list[list[str]]]) -> Places:
    """Each paper result of a drawn table, of its players, once, each line possible."""
    done: set[tuple[int, int]] = set()
    for i, p in enumerate(data.get("paper", []), 1):
        where = at("paper", i)
        series, table = p["series"], p["table"]
        tables = seatings.get(series, [])
        if table > len(tables):
            yield where, _found(msg("no such table in the drawn series"), f"{series}/{table}")
            continue
        if sorted(p["results"]) != sorted(tables[table - 1]):
            yield at(where, "results"), msg("the names are not the players at that table")
            continue
        if (series, table) in done:
            yield where, _found(msg("a second paper result for this table"), f"{series}/{table}")
        done.add((series, table))
        length = data["games"][str(len(p["results"]))]
        yield from _lines_rules(p["results"], length, at(where, "results"))


def _lines_rules(results: dict[str, list[int]], length: int, where: str) -> Places:
    """Each line possible in a series of ``length`` games, and no more games than it has."""
    for name, line in results.items():
        problem = paper_line_problem(PaperLine(*line), length)
        if problem is not None:
            yield at(where, name), problem
    played = sum(won + lost for _, won, lost in results.values())
    if played > length:
        yield (
            where,
            msg(
                "the won and lost games add up to {count}, more than the series of {length}",
                count=played,
                length=length,
            ),
        )


def _ranking_rules(data: dict[str, Any]) -> Places:
    """Ties by lot with the lot's seed, and only then; table points that can be a place's."""
    lot, seed = data.get("ties", "shared") == "lot", data.get("lot_seed")
    if lot and seed is None:
        yield "lot_seed", msg("ties by lot need the lot's seed")
    if not lot and seed is not None:
        yield "lot_seed", _found(msg("a lot's seed, but ties share the place"), seed)
    points = data.get("table_points", [])
    if points:
        if not all(type(p) is int for p in points):
            yield "table_points", _found(msg("must be whole numbers"), points)
        else:
            problem = table_points_problem(points)
            if problem is not None:
                yield "table_points", problem


def _rules(data: dict[str, Any]) -> Places:
    """The tournament's own rules, once every field is of its type."""
    seatings: dict[int, list[list[str]]] = {}
    yield from _ranking_rules(data)
    yield from _player_rules(data["players"])
    yield from _draw_rules(data, seatings)
    yield from _paper_rules(data, seatings)


FORMAT = Format(
    FORMAT_NAME,
    FORMAT_VERSION,
    ROOT,
    "tournament file",
    {
        "player": PLAYER,
        "draw": DRAW,
        "paper": PAPER,
        "history": HISTORY.records,
        "redrawn paper": REDRAWN_PAPER,
    },
    _rules,
)
"""The tournament file: what its reader checks, what ``skatliste schema tournament`` prints."""


# --- reading ------------------------------------------------------------------------------


def parse(path: Path, raw: bytes) -> Tournament:
    """The tournament in ``raw``, read by its format: refused with every problem found."""
    data = read(FORMAT, path, raw).data
    t = Tournament(
        folder=path.parent,
        name=data["name"],
        date=data["date"],
        created=data["created"],
        series=data["series"],
        games={int(k): v for k, v in data["games"].items()},
        seed=data["seed"],
        double_list=data.get("double_list", False),
        ties=Ties(data.get("ties", "shared")),
        lot_seed=data.get("lot_seed"),
        leavers=Leavers(data.get("leavers", "ranked")),
        table_points=tuple(data.get("table_points", [])),
    )
    for p in data["players"]:
        t.players.append(
            Player(p["name"], p.get("club", ""), p.get("number"), p.get("left", False))
        )
    for d in sorted(data.get("draws", []), key=lambda d: d["series"]):
        tables = [tuple(table) for table in d["tables"]]
        t.draws.append(Seating(d["series"], d["seed"], d["time"], tables, d.get("repeats", 0)))
    for p in data.get("paper", []):
        lines = {name: PaperLine(*line) for name, line in p["results"].items()}
        t.paper.append(PaperResult(p["series"], p["table"], lines, p["time"]))
    t.history = [HISTORY.build(item) for item in data.get("history", [])]
    return t


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
        **({"ties": t.ties.value} if t.ties is not Ties.SHARED else {}),
        **({"lot_seed": t.lot_seed} if t.lot_seed is not None else {}),
        **({"leavers": t.leavers.value} if t.leavers is not Leavers.RANKED else {}),
        **({"table_points": list(t.table_points)} if t.table_points else {}),
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
    atomic_write(t.path, dumps(t), what="tournament file")


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the tournament file's lock."""
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
        raise ListRefuses(no_results(path, ledger.family.title))
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
    """The entries on one table's list (None where the file does not exist), read strictly,
    for a paper result's check that the table keeps no list."""
    path = folder / name
    return _summarise_list(path).games if path.exists() else None
