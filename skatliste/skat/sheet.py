"""The score sheet, derived: dealers, rounds, values, Bock and Ramsch rounds, running totals,
Seeger-Fabian, checks.

Nothing here is stored. The ledger keeps what happened at the table (``entries``); every
number on the sheet is recomputed from it on each read, so a corrected rule corrects history.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from skatliste.errors import InvalidGameError
from skatliste.families import Derivation, Played, Problem
from skatliste.i18n import Message, msg
from skatliste.printed import signed
from skatliste.skat.entries import Entry, GameEntry, PassedEntry, RamschEntry, Table
from skatliste.skat.games import Declaration, Outcome
from skatliste.skat.problems import dealer_named, entry_rule_problems, series_problems
from skatliste.skat.rounds import Rounds, triggered
from skatliste.skat.row import Row, Scored
from skatliste.skat.rules import (
    SEEGER_FABIAN_OPPONENT,
    GameResult,
    RamschResult,
    ScoringOptions,
    Variant,
    game_value,
    offizier_ramsch_score,
    ramsch_score,
    seeger_fabian_points,
    two_player_value,
)
from skatliste.skat.rulesets import BockTrigger, TwoLost

_Value = tuple[GameResult | None, Message | None]


@dataclass(frozen=True, slots=True)
class _Scoring:
    """What scoring an entry needs of its table, looked up once."""

    table: Table
    players: tuple[str, ...]
    two_player: bool
    variant: Variant
    options: ScoringOptions
    opponent_takes_lost: bool
    """§9 (rule two.lost=opponent): a lost two-player game counts for the other player."""
    seeger_fabian: int | None
    """The table size Seeger-Fabian is scored at; None when it is not (Skat for two)."""
    bierlachs: bool

    @classmethod
    def of(cls, table: Table) -> _Scoring:
        rules = table.rules
        two = rules.two_player
        return cls(
            table=table,
            players=table.players,
            two_player=two,
            variant=rules.variant,
            options=rules.scoring,
            opponent_takes_lost=two and rules.two_lost is TwoLost.OPPONENT,
            seeger_fabian=table.size if table.size in SEEGER_FABIAN_OPPONENT and not two else None,
            bierlachs=rules.bierlachs,
        )


def score(table: Table, entry: Entry, bock: int) -> Scored:
    """One entry scored on this table, ``bock`` doublings from Bock rounds on it."""
    return _score(_Scoring.of(table), entry, bock)


def _score(how: _Scoring, entry: Entry, bock: int) -> Scored:
    result: GameResult | None = None
    ramsch: RamschResult | None = None
    error: Message | None = None
    gains: list[tuple[str, int]] = []
    sf: list[tuple[str, int]] = []
    if isinstance(entry, GameEntry):
        result, error = _score_game(how, entry, bock)
        if result is not None and entry.declarer in how.players:
            gains, sf = _game_points(how, entry.declarer, result)
    elif isinstance(entry, RamschEntry):
        ramsch, ramsch_points, error = _score_ramsch(how.table, entry, bock)
        gains = [(n, ramsch_points[n]) for n in how.players if n in ramsch_points]
    if how.bierlachs:
        gains = [(n, min(0, v)) for n, v in gains]
    return Scored(
        result,
        ramsch,
        error,
        how.players,
        tuple([x for x in gains if x[1]]),
        tuple([x for x in sf if x[1]]),
    )


def _score_game(how: _Scoring, entry: GameEntry, bock: int) -> _Value:
    o = entry.outcome
    if bock:
        o = replace(o, bock=o.bock + bock)
    return _game_value(how.two_player, how.variant, how.options, entry.declaration, o)


@lru_cache(maxsize=4096)
def _game_value(
    two_player: bool, variant: Variant, options: ScoringOptions, d: Declaration, o: Outcome
) -> _Value:
    """A game's value by its declaration and outcome under the scoring options: the same few
    hundred games fill every list, so each is worked out once per process (a pure function
    of small frozen values)."""
    try:
        if two_player:
            return two_player_value(d, o, variant=variant), None
        return game_value(d, o, options=options), None
    except InvalidGameError as exc:
        return None, exc.message


def _game_points(
    how: _Scoring, declarer: str, result: GameResult
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The list and Seeger-Fabian points a declared game gives the players it changes."""
    points = result.list_points
    if how.opponent_takes_lost and not result.won:
        # §9: a lost game is credited to the other player, at double value
        gains = [(name, -points) for name in how.players if name != declarer]
    else:
        gains = [(declarer, points)]
    if how.seeger_fabian is None:
        return gains, []
    fabian = seeger_fabian_points(result, table=how.seeger_fabian)
    sf = [
        (name, fabian.declarer if name == declarer else fabian.each_opponent)
        for name in how.players
    ]
    return gains, sf


def _score_ramsch(
    table: Table, entry: RamschEntry, bock: int
) -> tuple[RamschResult | None, dict[str, int], Message | None]:
    augen = dict(entry.augen)
    try:
        if table.rules.variant is Variant.OFFIZIERSKAT:
            return None, offizier_ramsch_score(augen, durchmarsch=entry.durchmarsch), None
        result = ramsch_score(
            augen,
            skat=entry.skat,
            jungfrau=entry.jungfrau,
            durchmarsch=entry.durchmarsch,
            pushes=entry.pushes,
            bock=bock,
            options=table.rules.ramsch,
        )
        return result, result.points, None
    except InvalidGameError as exc:
        return None, {}, exc.message


@dataclass
class Derived:
    """The sheet after its first ``count`` games: what the next game needs (totals, the Bock
    and Ramsch rounds ahead) and the summary's tallies. Derived, never stored."""

    count: int
    totals: dict[str, int]
    sf_totals: dict[str, int]
    declared: dict[str, int]
    won: dict[str, int]
    lost: dict[str, int]
    passed: int = 0
    ramsch: int = 0
    problems: int = 0
    """Games that cannot be scored (as the summary counts them)."""
    dealt: int = 0
    """Deals so far: the games but those entered later between games played (§8), which
    pass the deal on to no one."""
    bierlachs: tuple[str, int, int] | None = None

    @classmethod
    def start(cls, table: Table) -> Derived:
        """The empty sheet."""
        zero = dict.fromkeys(table.players, 0)
        return cls(0, dict(zero), dict(zero), dict(zero), dict(zero), dict(zero))


def rows(table: Table, entries: Sequence[Entry]) -> Iterator[Row]:
    """Derive the sheet, game by game, with running totals (a generator: cheap to stop early)."""
    return _rows(_Walk(table), entries)


def _rows(walk: _Walk, entries: Sequence[Entry]) -> Iterator[Row]:
    state = walk.state
    size, dealers, rounds = walk.size, walk.dealers, walk.rounds
    totals, sf_totals, made = state.totals, state.sf_totals, Row.made
    for index, entry, scored, problems in walk.steps(entries):
        deal = walk.deal
        yield made(
            index + 1,
            deal // size + 1,
            dealers[deal % size],
            entry,
            scored,
            problems,
            tuple(totals.values()),
            tuple(sf_totals.values()),
            walk.bock,
            walk.ramsch_round,
            rounds.ahead() if walk.rounds_on else (),
        )


def derive(table: Table, entries: Sequence[Entry]) -> Derived:
    """The sheet's state after ``entries``, without rows."""
    walk = _Walk(table)
    for _ in walk.steps(entries, checked=False):
        pass
    return walk.state


def played(table: Table, entries: Sequence[Entry]) -> dict[str, Played]:
    """Each player's result for organised play (list points, games won and lost, and the list
    points of the games he declared, which Seeger-Fabian counts: rules §7), in one walk
    without rows: a championship's ranking derives 750 lists for it."""
    walk = _Walk(table)
    declared = dict.fromkeys(table.players, 0)
    for _, entry, scored, _ in walk.steps(entries, checked=False):
        if type(entry) is GameEntry and scored.result is not None and entry.declarer in declared:
            declared[entry.declarer] += scored.result.list_points
    state = walk.state
    return {
        p: Played(state.totals[p], state.won[p], state.lost[p], declared[p]) for p in table.players
    }


def derivation(table: Table, entries: Sequence[Entry]) -> Derivation[Row]:
    """Everything the sheet derives from ``entries`` in one walk: the rows, the problems
    (``check``'s), the totals, each player's result, the next dealer and the rounds ahead."""
    walk = _Walk(table)
    made = tuple(_rows(walk, entries))
    problems = [
        Problem(row.number - 1, msg("game {number}", number=row.number), what, refuses)
        for row in made
        for what, refuses in _row_problems(row)
    ]
    state = walk.state
    # rules §7: Seeger-Fabian counts the declared games' points, a Ramsch's are not
    declared = dict.fromkeys(table.players, 0)
    for row in made:
        # a hand-edited list's stranger (not at the table) is a problem, and scores no player
        if (
            isinstance(row.entry, GameEntry)
            and row.result is not None
            and row.entry.declarer in declared
        ):
            declared[row.entry.declarer] += row.result.list_points
    return Derivation(
        rows=made,
        cells=tuple(map(value_cell, made)),
        problems=tuple(problems),
        totals=dict(state.totals),
        results={
            p: Played(state.totals[p], state.won[p], state.lost[p], declared[p])
            for p in table.players
        },
        next_dealer=table.dealer(state.dealt),
        ahead=walk.rounds.ahead() if walk.rounds_on else (),
    )


def _row_problems(row: Row) -> list[tuple[Message, bool]]:
    """A row's problems (each refuses the entry), and a paper value that is not the game's
    (kept, to be checked)."""
    found = [(problem, True) for problem in row.problems]
    entry, result = row.entry, row.result
    if (
        type(entry) is GameEntry
        and entry.paper is not None
        and result is not None
        and not entry.paper.matches(result.list_points)
    ):
        paper = msg(
            "the paper says {paper}, the game is worth {points}",
            paper=signed(entry.paper.value),
            points=signed(result.list_points),
        )
        found.append((paper, False))
    return found


def value_cell(row: Row) -> str:
    """The value column: the declarer's list points, 0 for eingepasst, the sum of a Ramsch,
    empty for an impossible game."""
    if row.result is not None:
        return signed(row.result.list_points)
    if isinstance(row.entry, PassedEntry):
        return "0"
    if isinstance(row.entry, RamschEntry) and row.error is None:
        return signed(sum(row.points.values()))
    return ""


class _Walk:
    """One derivation: the table's facts looked up once, the state carried game by game, and
    each distinct game scored once (a list repeats the same few hundred games)."""

    def __init__(self, table: Table) -> None:
        rules = table.rules
        self.table = table
        self.how = _Scoring.of(table)
        self.state = Derived.start(table)
        self.size = table.size
        self.dealers = tuple(table.dealer(i) for i in range(table.size))
        self.bock_on = rules.on("bock")
        self.rounds = Rounds(rules, table.size)
        self.rounds_on = self.bock_on
        self.triggers = rules.bock_triggers if self.bock_on else ()
        self.from_bock = rules.on("bock.from_bock")
        self.hundred = any(t.kind is BockTrigger.HUNDRED for t in self.triggers)
        self.ramsch_outside = rules.ramsch_on_any_deal
        self.bierlachs = rules.bierlachs
        self.series = table.series
        self.bock = 0
        """Bock doublings from Bock rounds on the game just walked."""
        self.ramsch_round = False
        """The game just walked was dealt in a Ramsch round."""
        self.deal = 0
        """The deal of the game just walked (a game entered later: the deal it stands in)."""
        # keyed by the identity of the declaration and the outcome: the reader makes one of
        # each distinct one, and the entries keep them alive while the walk lasts
        self._scores: dict[tuple[int, int, str, int], Scored] = {}
        self._clean: dict[tuple[int, int, int | None, str, bool, str], bool] = {}

    def scored(self, entry: Entry, bock: int) -> Scored:
        """``score(table, entry, bock)``, a game computed once per derivation."""
        if type(entry) is not GameEntry:
            return _score(self.how, entry, bock)
        key = (id(entry.declaration), id(entry.outcome), entry.declarer, bock)
        hit = self._scores.get(key)
        if hit is None:
            hit = self._scores[key] = _score(self.how, entry, bock)
        return hit

    def problems(self, index: int, entry: Entry, ramsch_round: bool) -> list[Message]:
        """``rule_problems(...)`` of this entry at game ``index``; for a game, whether it has
        any beyond the series is worked out once per game, declarer, dealer and round kind."""
        series = self.series
        found = [] if series is None or index < series else series_problems(self.table, index)
        deal = self.deal
        if type(entry) is GameEntry:
            dealer = self.dealers[deal % self.size] if self.size == 4 else ""
            key = (
                id(entry.declaration),
                id(entry.outcome),
                entry.kontra_bid,
                entry.declarer,
                ramsch_round,
                dealer,
            )
            if self._clean.get(key):
                return found
            more = entry_rule_problems(
                self.table, index, entry, ramsch_round, self.ramsch_outside, deal=deal
            )
            self._clean[key] = not more
            return found + more
        return found + entry_rule_problems(
            self.table, index, entry, ramsch_round, self.ramsch_outside, deal=deal
        )

    def steps(
        self, entries: Sequence[Entry], *, checked: bool = True
    ) -> Iterator[tuple[int, Entry, Scored, tuple[Message, ...]]]:
        """Walk the entries: (index, entry, its score, its problems: none unless
        ``checked``), the state and the rounds being those after it."""
        state, rounds = self.state, self.rounds
        totals, sf_totals = state.totals, state.sf_totals
        bock, ramsch_round = 0, False
        for index, entry in enumerate(entries, state.count):
            self.deal = state.dealt
            if not entry.inserted:  # §8: a game entered later passes the deal on to no one
                state.dealt += 1
            if self.rounds_on:
                bock, ramsch_round = rounds.current()
                bock = bock if self.bock_on else 0
                self.bock, self.ramsch_round = bock, ramsch_round
            scored = self.scored(entry, bock)
            _tally(state, entry, scored)
            before = dict(totals) if self.hundred else totals
            for name, value in scored.gains:
                totals[name] += value
            for name, value in scored.sf_gains:
                sf_totals[name] += value
            if self.bierlachs and state.bierlachs is None:
                state.bierlachs = bierlachs_reached(self.table, totals, index + 1)
            if self.rounds_on and not entry.inserted:
                # a forgotten game entered later counts in no round and starts none: the
                # games after it keep their rounds as played (docs/rules.md §8)
                rounds.advance()
                if self.bock_on and triggered(
                    self.triggers if self.from_bock or not bock else (),
                    entry,
                    scored.result,
                    before,
                    totals,
                    ramsch_round=ramsch_round,
                ):
                    rounds.trigger()
            state.count = index + 1
            if not checked:
                yield index, entry, scored, ()
                continue
            problems = self.problems(index, entry, ramsch_round)
            superseded = isinstance(entry, RamschEntry) and dealer_named(
                self.table, self.deal, entry
            )
            if scored.error is not None and scored.error not in problems and not superseded:
                problems.insert(0, scored.error)
            yield index, entry, scored, tuple(problems)


def _tally(state: Derived, entry: Entry, scored: Scored) -> None:
    """Count one entry in the summary's tallies."""
    if type(entry) is GameEntry:
        result = scored.result
        if result is None:
            state.problems += 1
        elif entry.declarer in state.totals:
            state.declared[entry.declarer] += 1
            (state.won if result.won else state.lost)[entry.declarer] += 1
    elif type(entry) is RamschEntry:
        state.ramsch += 1
    else:
        state.passed += 1


def bierlachs_reached(
    table: Table, totals: dict[str, int], number: int
) -> tuple[str, int, int] | None:
    """(player, game number, total) of the first player at or below the Bierlachs limit."""
    limit = int(table.rules["bierlachs.limit"])
    for name in table.players:
        if totals[name] <= -limit:
            return name, number, totals[name]
    return None


def last_row(table: Table, entries: Sequence[Entry]) -> Row | None:
    """The last game's row, with the totals after it."""
    return derivation(table, entries).rows[-1] if entries else None


def check(table: Table, entries: Sequence[Entry]) -> list[tuple[int, Message]]:
    """Every problem of the list as (game number, problem): a list of all, not the first."""
    return [(p.index + 1, p.what) for p in derivation(table, entries).problems]
