"""The score sheet, derived: dealers, rounds, values, running totals, Seeger-Fabian, checks.

Nothing here is stored. The ledger keeps what happened at the table (``entries``); every
number on the sheet is recomputed from it on each read, so a corrected rule corrects history.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from skatliste.errors import InvalidGameError
from skatliste.games import Declaration, Outcome
from skatliste.rules import GameResult, game_value, seeger_fabian
from skatliste.rulesets import RuleSet
from skatliste.words import PaperValue


@dataclass(frozen=True, kw_only=True)
class GameEntry:
    """A game as entered: who declared, what, how it went."""

    declarer: str
    declaration: Declaration
    outcome: Outcome
    paper: PaperValue | None = None
    """The value as written on a paper list, if the user gave one (``= 48``)."""
    note: str = ""
    time: str | None = None


@dataclass(frozen=True, kw_only=True)
class PassedEntry:
    """Eingepasst: all passed; a valid game that scores 0 and moves the deal on."""

    note: str = ""
    time: str | None = None


Entry = GameEntry | PassedEntry


@dataclass(frozen=True)
class Table:
    """The fixed facts of one list: the players in seat order, the first dealer, the rules."""

    players: tuple[str, ...]
    first_dealer: str
    rules: RuleSet

    @property
    def size(self) -> int:
        """Players at the table (3 or 4)."""
        return len(self.players)

    def dealer(self, index: int) -> str:
        """The dealer of game ``index`` (0-based): the deal passes clockwise (rules §1)."""
        start = self.players.index(self.first_dealer)
        return self.players[(start + index) % self.size]

    @property
    def series(self) -> int | None:
        """Games in a series (tournament), or None."""
        return self.rules.series_length(self.size)


@dataclass(frozen=True)
class Row:
    """One line of the sheet."""

    number: int
    """Game number, from 1."""
    round: int
    """Round number, from 1: a round is each player dealing once."""
    dealer: str
    entry: Entry
    result: GameResult | None
    """None for an eingepasst game and for an impossible one (see ``error``)."""
    error: str | None
    points: dict[str, int]
    """List points this game gives each player."""
    seeger_fabian: dict[str, int]
    totals: dict[str, int]
    """Running list totals after this game."""
    sf_totals: dict[str, int]

    @property
    def paper_mismatch(self) -> bool:
        """The value written on paper differs from the computed one."""
        e = self.entry
        return (
            isinstance(e, GameEntry)
            and e.paper is not None
            and self.result is not None
            and not e.paper.matches(self.result.list_points)
        )


def entry_problems(table: Table, index: int, entry: Entry) -> list[str]:
    """Why game ``index`` (0-based) cannot stand on this list; empty when it can.

    Paper mismatches are not problems of the game; :func:`check` reports them.
    """
    problems: list[str] = []
    series = table.series
    if series is not None and index >= series:
        problems.append(
            f"the series has {series} games (rule series); this would be game {index + 1}"
        )
    if not isinstance(entry, GameEntry):
        return problems
    rules = table.rules
    if entry.declarer not in table.players:
        problems.append(
            f"unknown player '{entry.declarer}': the players are {', '.join(table.players)}"
        )
    elif table.size == 4 and entry.declarer == table.dealer(index):
        problems.append(
            f"{entry.declarer} deals game {index + 1} and sits out at a table of four "
            "(rules §1); the declarer is one of the three others"
        )
    o = entry.outcome
    cite = (
        "the tournament rules (SkWO, rules §7) play no"
        if rules.is_tournament
        else "this rule set plays no"
    )
    if (o.kontra or o.re) and not rules.on("kontra"):
        problems.append(f"{cite} Kontra or Re (rule kontra=off)")
    if o.bock and not rules.on("bock"):
        problems.append(f"{cite} Bock (rule bock=off; start a list with --rule bock=on)")
    try:
        game_value(entry.declaration, o, options=rules.scoring)
    except InvalidGameError as exc:
        problems.append(str(exc))
    return problems


def rows(table: Table, entries: Sequence[Entry]) -> Iterator[Row]:
    """Derive the sheet, game by game, with running totals (a generator: cheap to stop early)."""
    totals = dict.fromkeys(table.players, 0)
    sf_totals = dict.fromkeys(table.players, 0)
    scoring = table.rules.scoring
    for index, entry in enumerate(entries):
        points = dict.fromkeys(table.players, 0)
        sf = dict.fromkeys(table.players, 0)
        result: GameResult | None = None
        error: str | None = None
        if isinstance(entry, GameEntry):
            try:
                result = game_value(entry.declaration, entry.outcome, options=scoring)
            except InvalidGameError as exc:
                error = str(exc)
            if result is not None and entry.declarer in points:
                points[entry.declarer] = result.list_points
                fabian = seeger_fabian(result, table=table.size)
                for name in table.players:
                    sf[name] = fabian.declarer if name == entry.declarer else fabian.each_opponent
            elif result is not None:
                error = f"unknown player '{entry.declarer}'"
        for name in table.players:
            totals[name] += points[name]
            sf_totals[name] += sf[name]
        yield Row(
            number=index + 1,
            round=index // table.size + 1,
            dealer=table.dealer(index),
            entry=entry,
            result=result,
            error=error,
            points=points,
            seeger_fabian=sf,
            totals=dict(totals),
            sf_totals=dict(sf_totals),
        )


def check(table: Table, entries: Sequence[Entry]) -> list[tuple[int, str]]:
    """Every problem of the list as (game number, problem): a list of all, not the first."""
    found: list[tuple[int, str]] = []
    for index, entry in enumerate(entries):
        for problem in entry_problems(table, index, entry):
            found.append((index + 1, problem))
    for row in rows(table, entries):
        if row.paper_mismatch:
            assert isinstance(row.entry, GameEntry) and row.entry.paper is not None
            assert row.result is not None
            paper = row.entry.paper.value
            found.append(
                (
                    row.number,
                    f"the paper says {paper:+d}, the game is worth "
                    f"{row.result.list_points:+d}".replace("-", "−"),
                )
            )
    found.sort(key=lambda item: item[0])
    return found


# --- summary ----------------------------------------------------------------------------


@dataclass
class PlayerSummary:
    """One player's line of the summary."""

    name: str
    total: int = 0
    seeger_fabian: int = 0
    declared: int = 0
    won: int = 0
    lost: int = 0
    rank: int = 0


@dataclass
class Summary:
    """The evening (or one round) at a glance."""

    players: list[PlayerSummary]
    games: int
    passed: int
    ranked_by: str
    rounds: tuple[int, int] = (0, 0)
    """First and last round counted."""
    problems: int = 0
    extra: dict[str, object] = field(default_factory=dict)


def summarise(table: Table, sheet: Sequence[Row], *, only_round: int | None = None) -> Summary:
    """Totals, games declared/won/lost, Seeger-Fabian and rank, for all or one round.

    Ranking: list points in a classic list; in a tournament Seeger-Fabian points, then more
    won games, then fewer lost games (rules §7). Equal players share a rank.
    """
    people = {name: PlayerSummary(name) for name in table.players}
    chosen = [r for r in sheet if only_round is None or r.round == only_round]
    passed = 0
    problems = 0
    for row in chosen:
        for name in table.players:
            people[name].total += row.points[name]
            people[name].seeger_fabian += row.seeger_fabian[name]
        if isinstance(row.entry, PassedEntry):
            passed += 1
            continue
        if row.result is None:
            problems += 1
            continue
        who = people.get(row.entry.declarer)
        if who is None:
            continue
        who.declared += 1
        if row.result.won:
            who.won += 1
        else:
            who.lost += 1
    by_sf = table.rules.seeger_fabian_ranks

    def key(p: PlayerSummary) -> tuple[int, ...]:
        if by_sf:
            return (-p.seeger_fabian, -p.won, p.lost)
        return (-p.total,)

    ordered = sorted(people.values(), key=key)
    for pos, p in enumerate(ordered):
        p.rank = ordered[pos - 1].rank if pos and key(ordered[pos - 1]) == key(p) else pos + 1
    rounds = (chosen[0].round, chosen[-1].round) if chosen else (0, 0)
    return Summary(
        players=ordered,
        games=len(chosen),
        passed=passed,
        ranked_by="seeger-fabian" if by_sf else "list",
        rounds=rounds,
        problems=problems,
    )


@dataclass(frozen=True)
class Settlement:
    """Money: each player's balance and who pays whom, exact until printed (rules §8)."""

    balances: dict[str, Fraction]
    payments: list[tuple[str, str, Fraction]]
    """(payer, receiver, amount) for every pair with different totals."""


def settle(totals: dict[str, int], stake: Fraction) -> Settlement:
    """Each pair settles the difference of its totals × stake.

    Player i receives (n × total_i − sum of totals) × stake; the balances sum to 0.

    >>> s = settle({"A": 218, "B": -81, "C": 60, "D": -38}, Fraction(1, 4))
    >>> {k: float(v) for k, v in s.balances.items()}
    {'A': 178.25, 'B': -120.75, 'C': 20.25, 'D': -77.75}
    """
    names = list(totals)
    n = len(names)
    whole = sum(totals.values())
    balances = {name: (n * totals[name] - whole) * stake for name in names}
    payments: list[tuple[str, str, Fraction]] = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = (totals[a] - totals[b]) * stake
            if diff > 0:
                payments.append((b, a, diff))
            elif diff < 0:
                payments.append((a, b, -diff))
    return Settlement(balances, payments)
