"""A third game family, written in the tests only: a points game where each entry gives
points to one player (``anna 5``, ``ben -3``), or nobody scores (``pass``). It gives what
``skatliste.families.Family`` asks of a family, and nothing else: every list command, every
export and the phone page's read-only view come from the base class and the house's generic
views (tests/test_points_family.py registers it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skatliste.errors import InputError
from skatliste.families import Derivation, Family, NoDeclarer, Nouns, Played, Problem
from skatliste.fields import Field, Integer, Record, Text
from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.options import Option, OptionValue, RuleSet
from skatliste.players import find_player

_NOTE, _TIME = Field("note", Text(), ""), Field("time", Text(nullable=True), None)
SCORE = Record(
    "score",
    (Field("declarer", Text(min_length=1)), Field("points", Integer(-100, 100)), _NOTE, _TIME),
    "Points to one player.",
    tagged=True,
)
SKIP = Record("skip", (_NOTE, _TIME), "Nobody scored.", tagged=True)
PRESETS: dict[str, dict[str, OptionValue]] = {"points": {}, "points-high": {"limit": 50}}
HELP = {"points": msg("points"), "points-high": msg("points")}
OPTIONS = {"limit": Option("limit", 10, msg("most points an entry gives"), choices=(10, 50))}


@dataclass(frozen=True)
class Score:
    declarer: str
    points: int
    note: str = ""
    time: str | None = None


@dataclass(frozen=True)
class Skip:
    note: str = ""
    time: str | None = None


@dataclass(frozen=True)
class Rules(RuleSet):
    @property
    def player_counts(self) -> tuple[int, ...]:
        return (2, 3, 4)


@dataclass(frozen=True)
class Table:
    players: tuple[str, ...]
    first_dealer: str
    rules: RuleSet

    def dealer(self, index: int) -> str:
        start = self.players.index(self.first_dealer)
        return self.players[(start + index) % len(self.players)]


@dataclass(frozen=True, eq=False)
class Row:
    number: int
    entry: Score | Skip
    totals: dict[str, int]


class PointsFamily(Family[Score | Skip, Table, Row]):
    name = "points"
    title = "Points"
    nouns = Nouns(
        entry=msg("game {number}"),
        stored=msg("game {number}"),
        count=nmsg("{count} game", "{count} games", 0),
        none_yet=msg("the list has no games yet"),
        numbered=msg("the list has games 1 to {last}"),
        none_changed=msg("no games removed or replaced"),
    )
    presets, preset_help, options = PRESETS, HELP, OPTIONS
    kinds = (SCORE, SKIP)
    entry_types = (Score, Skip)
    kind_names = (msg("a game"), msg("eingepasst"))
    passed_type, rule_set = Skip, Rules
    player_counts = (2, 3, 4)
    example = "anna 5"
    vocabulary = alone_words = frozenset({"pass"})

    def derive(self, table: Table, entries: Sequence[Score | Skip]) -> Derivation[Row]:
        totals = dict.fromkeys(table.players, 0)
        won, lost = dict.fromkeys(table.players, 0), dict.fromkeys(table.players, 0)
        rows, cells, problems = [], [], []
        for index, entry in enumerate(entries):
            where = msg("game {number}", number=index + 1)
            if isinstance(entry, Score):
                limit = int(table.rules["limit"])
                if entry.declarer not in totals:
                    problems.append(Problem(index, where, msg("unknown player")))
                elif abs(entry.points) > limit:
                    problems.append(Problem(index, where, msg("too many points")))
                else:
                    totals[entry.declarer] += entry.points
                    (won if entry.points > 0 else lost)[entry.declarer] += 1
            rows.append(Row(index + 1, entry, dict(totals)))
            cells.append(f"{entry.points:+d}" if isinstance(entry, Score) else "0")
        return Derivation(
            rows=tuple(rows),
            cells=tuple(cells),
            problems=tuple(problems),
            totals=totals,
            results={p: Played(totals[p], won[p], lost[p], totals[p]) for p in table.players},
            next_dealer=table.dealer(len(entries)),
        )

    def table(self, players: Sequence[str], first_dealer: str, rules: RuleSet) -> Table:
        return Table(tuple(players), first_dealer, rules)

    def players_problem(self, players: Sequence[str], rules: RuleSet) -> Message | None:
        return None if len(players) in self.player_counts else msg("2 to 4 players")

    def parse(
        self,
        table: Table,
        words: Sequence[str],
        *,
        declarer: str | None = None,
        note: str = "",
        time: str | None = None,
        named: bool = True,
    ) -> Score | Skip:
        if named and list(words) == ["pass"]:
            return Skip(note=note, time=time)
        if named and len(words) == 2:
            declarer, words = words[0], words[1:]
        if declarer is None:
            raise NoDeclarer(msg("start the words with the declarer, e.g. 'anna kreuz mit 2'"))
        if len(words) != 1 or not words[0].lstrip("-").isdigit():
            raise InputError(msg("say which game, e.g. '{example}'", example=self.example))
        return Score(find_player(table.players, declarer), int(words[0]), note, time)

    def words(self, entry: Score | Skip, lang: Lang) -> str:
        return f"{entry.declarer} {entry.points}" if isinstance(entry, Score) else "pass"


FAMILY = PointsFamily()
