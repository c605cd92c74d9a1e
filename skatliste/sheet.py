"""The score sheet, derived: dealers, rounds, values, running totals, Seeger-Fabian, checks.

Nothing here is stored. The ledger keeps what happened at the table (``entries``); every
number on the sheet is recomputed from it on each read, so a corrected rule corrects history.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from skatliste.errors import InvalidGameError
from skatliste.games import Declaration, Outcome
from skatliste.rules import (
    SEEGER_FABIAN_LOST,
    SEEGER_FABIAN_OPPONENT,
    SEEGER_FABIAN_WON,
    GameResult,
    ScoringOptions,
    game_value,
    seeger_fabian,
)
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
        _value(entry.declaration, o, options=rules.scoring)
    except InvalidGameError as exc:
        problems.append(str(exc))
    return problems


# A season repeats the same few hundred games: their values are computed once.
_value = functools.lru_cache(maxsize=8192)(game_value)


def _score(
    table: Table, entry: Entry, scoring: ScoringOptions
) -> tuple[GameResult | None, str | None]:
    if not isinstance(entry, GameEntry):
        return None, None
    try:
        result = _value(entry.declaration, entry.outcome, options=scoring)
    except InvalidGameError as exc:
        return None, str(exc)
    if entry.declarer not in table.players:
        return None, f"unknown player '{entry.declarer}'"
    return result, None


def rows(table: Table, entries: Sequence[Entry], *, first: int = 1) -> Iterator[Row]:
    """Derive the sheet, game by game, with running totals (a generator: cheap to stop early).

    ``first`` skips the rows before game ``first``: their points are summed, no rows built.
    """
    players = table.players
    totals = dict.fromkeys(players, 0)
    sf_totals = dict.fromkeys(players, 0)
    scoring = table.rules.scoring
    opponent_bonus = SEEGER_FABIAN_OPPONENT[table.size] if table.size in (3, 4) else 0
    for index, entry in enumerate(entries):
        result, error = _score(table, entry, scoring)
        if index + 1 < first:
            if result is not None:
                declarer = entry.declarer  # type: ignore[union-attr]
                totals[declarer] += result.list_points
                if result.won:
                    sf_totals[declarer] += result.list_points + SEEGER_FABIAN_WON
                else:
                    sf_totals[declarer] += result.list_points + SEEGER_FABIAN_LOST
                    for name in players:
                        if name != declarer:
                            sf_totals[name] += opponent_bonus
            continue
        points = dict.fromkeys(players, 0)
        sf = dict.fromkeys(players, 0)
        if result is not None:
            declarer = entry.declarer  # type: ignore[union-attr]
            points[declarer] = result.list_points
            fabian = seeger_fabian(result, table=table.size)
            for name in players:
                sf[name] = fabian.declarer if name == declarer else fabian.each_opponent
        for name in players:
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


def last_row(table: Table, entries: Sequence[Entry]) -> Row | None:
    """The last game's row with the totals after it, without building the others."""
    if not entries:
        return None
    return next(rows(table, entries, first=len(entries)))


def check(table: Table, entries: Sequence[Entry]) -> list[tuple[int, str]]:
    """Every problem of the list as (game number, problem): a list of all, not the first."""
    found: list[tuple[int, str]] = []
    for index, entry in enumerate(entries):
        for problem in entry_problems(table, index, entry):
            found.append((index + 1, problem))
        if isinstance(entry, GameEntry) and entry.paper is not None:
            result, _ = _score(table, entry, table.rules.scoring)
            if result is not None and not entry.paper.matches(result.list_points):
                found.append(
                    (
                        index + 1,
                        f"the paper says {entry.paper.value:+d}, the game is worth "
                        f"{result.list_points:+d}".replace("-", "−"),
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


def summarise(table: Table, entries: Sequence[Entry], *, only_round: int | None = None) -> Summary:
    """Totals, games declared/won/lost, Seeger-Fabian and rank, for all or one round.

    Ranking: list points in a classic list; in a tournament Seeger-Fabian points, then more
    won games, then fewer lost games (rules §7). Equal players share a rank.
    """
    people = {name: PlayerSummary(name) for name in table.players}
    scoring = table.rules.scoring
    opponent_bonus = SEEGER_FABIAN_OPPONENT.get(table.size, 0)
    games = passed = problems = 0
    first_round = last_round = 0
    for index, entry in enumerate(entries):
        round_ = index // table.size + 1
        if only_round is not None and round_ != only_round:
            continue
        first_round = first_round or round_
        last_round = round_
        games += 1
        if isinstance(entry, PassedEntry):
            passed += 1
            continue
        result, _ = _score(table, entry, scoring)
        if result is None:
            problems += 1
            continue
        who = people[entry.declarer]
        who.declared += 1
        who.total += result.list_points
        if result.won:
            who.won += 1
            who.seeger_fabian += result.list_points + SEEGER_FABIAN_WON
        else:
            who.lost += 1
            who.seeger_fabian += result.list_points + SEEGER_FABIAN_LOST
            for other in people.values():
                if other is not who:
                    other.seeger_fabian += opponent_bonus
    by_sf = table.rules.seeger_fabian_ranks

    def key(p: PlayerSummary) -> tuple[int, ...]:
        if by_sf:
            return (-p.seeger_fabian, -p.won, p.lost)
        return (-p.total,)

    ordered = sorted(people.values(), key=key)
    for pos, p in enumerate(ordered):
        p.rank = ordered[pos - 1].rank if pos and key(ordered[pos - 1]) == key(p) else pos + 1
    return Summary(
        players=ordered,
        games=games,
        passed=passed,
        ranked_by="seeger-fabian" if by_sf else "list",
        rounds=(first_round, last_round),
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
