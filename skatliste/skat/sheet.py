"""The score sheet, derived: dealers, rounds, values, Bock and Ramsch rounds, running totals,
Seeger-Fabian, checks.

Nothing here is stored. The ledger keeps what happened at the table (``entries``); every
number on the sheet is recomputed from it on each read, so a corrected rule corrects history.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from skatliste.errors import InvalidGameError
from skatliste.i18n import Message, msg
from skatliste.printed import signed
from skatliste.skat.entries import Entry, GameEntry, RamschEntry, Table
from skatliste.skat.games import Declaration, Outcome
from skatliste.skat.problems import entry_rule_problems, series_problems
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
VALUES_KEPT = 20_000
"""At most this many game values are kept per scoring rule (a server runs for days)."""
_VALUES: dict[tuple[object, ...], dict[tuple[int, int, int], tuple[Declaration, Outcome, _Value]]]
_VALUES = {}
"""Game values already computed, per scoring rule: a season repeats the same few hundred
games, and the reader shares equal declarations and outcomes, so a game is found by identity.
Each value is kept with its declaration and outcome, so an id in a key is always that of a
living object."""


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
    values: dict[tuple[int, int, int], tuple[Declaration, Outcome, _Value]]
    """The game values under these options (``_VALUES``)."""

    @classmethod
    def of(cls, table: Table) -> _Scoring:
        rules = table.rules
        two = rules.two_player
        options = rules.scoring
        rule = (
            (rules.variant,)
            if two
            else (options.spitzen_cap, options.lost_hand_single, options.null_overbid)
        )
        return cls(
            table=table,
            players=table.players,
            two_player=two,
            variant=rules.variant,
            options=rules.scoring,
            opponent_takes_lost=two and rules.two_lost is TwoLost.OPPONENT,
            seeger_fabian=table.size if table.size in SEEGER_FABIAN_OPPONENT and not two else None,
            bierlachs=rules.bierlachs,
            values=_VALUES.setdefault(rule, {}),
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
    d, o = entry.declaration, entry.outcome
    key = (id(d), id(o), bock)
    hit = how.values.get(key)
    if hit is None:
        if len(how.values) >= VALUES_KEPT:
            how.values.clear()
        charged = o if not bock else replace(o, bock=o.bock + bock)
        hit = how.values[key] = (d, o, _game_value(how, d, charged))
    return hit[2]


def _game_value(how: _Scoring, d: Declaration, o: Outcome) -> _Value:
    try:
        if how.two_player:
            return two_player_value(d, o, variant=how.variant), None
        return game_value(d, o, options=how.options), None
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
    and Ramsch rounds ahead) and the summary's tallies. Derived, never stored as a fact: the
    store may keep it beside a long list, keyed to the list's exact bytes."""

    count: int
    totals: dict[str, int]
    sf_totals: dict[str, int]
    rounds: dict[str, list[Any]]
    """The Bock/Ramsch rounds ahead (``Rounds``' state)."""
    declared: dict[str, int]
    won: dict[str, int]
    lost: dict[str, int]
    passed: int = 0
    ramsch: int = 0
    problems: int = 0
    """Games that cannot be scored (as the summary counts them)."""
    bierlachs: tuple[str, int, int] | None = None

    @classmethod
    def start(cls, table: Table) -> Derived:
        """The empty sheet."""
        zero = dict.fromkeys(table.players, 0)
        return cls(0, dict(zero), dict(zero), {}, dict(zero), dict(zero), dict(zero))

    def to_json(self) -> dict[str, Any]:
        """As plain JSON data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Derived:
        """From ``to_json``'s data."""
        bierlachs = data.get("bierlachs")
        return cls(**{**data, "bierlachs": None if bierlachs is None else tuple(bierlachs)})

    @classmethod
    def checked(cls, table: Table, data: Mapping[str, Any]) -> Derived | None:
        """``from_json`` of data read back from a file, or None when it is not a state of a
        sheet at ``table`` (a field missing, of another type, another table's players)."""
        players = set(table.players)
        tallies = ("totals", "sf_totals", "declared", "won", "lost")
        counts = ("count", "passed", "ramsch", "problems")
        if set(data) != {*tallies, *counts, "rounds", "bierlachs"}:
            return None
        for key in tallies:
            value = data[key]
            if type(value) is not dict or set(value) != players:
                return None
            if any(type(v) is not int for v in value.values()):
                return None
        if any(type(data[key]) is not int for key in counts) or type(data["rounds"]) is not dict:
            return None
        bierlachs = data["bierlachs"]
        if bierlachs is not None and (
            type(bierlachs) is not list or [type(v) for v in bierlachs] != [str, int, int]
        ):
            return None
        state = cls.from_json(dict(data))
        try:
            Rounds(table.rules, table.size).restore(state.rounds)
        except (TypeError, ValueError, KeyError):
            return None
        return state


def rows(
    table: Table,
    entries: Sequence[Entry],
    *,
    only: int | None = None,
    after: Derived | None = None,
) -> Iterator[Row]:
    """Derive the sheet, game by game, with running totals (a generator: cheap to stop early).

    ``only`` (a 0-based index) yields that one row: the games before it are summed, no rows
    are built for them. ``after`` carries on from a derived state: ``entries`` are then the
    games after its ``count``, numbered on from there.
    """
    walk = _Walk(table, after)
    state = walk.state
    size, dealers, rounds = walk.size, walk.dealers, walk.rounds
    totals, sf_totals, made = state.totals, state.sf_totals, Row.made
    for index, entry, scored, problems in walk.steps(entries, only):
        yield made(
            index + 1,
            index // size + 1,
            dealers[index % size],
            entry,
            scored,
            problems,
            tuple(totals.values()),
            tuple(sf_totals.values()),
            walk.bock,
            walk.ramsch_round,
            rounds.ahead() if walk.rounds_on else (),
        )


def seat_rows(table: Table, distinct: Sequence[Entry]) -> list[Row] | None:
    """The row each of a list's ``distinct`` games gives at each seat of the dealer, for a
    sheet where that is all a row depends on: ``found[k * size + seat]`` is game ``k``
    dealt from ``seat``, as the first round shows it (totals 0). None for any other sheet:
    one with Bock or Ramsch rounds, a series, a Ramsch, or a problem in any row. Then each
    game of the sheet is its distinct game's row at its seat, with the totals summed."""
    walk = _Walk(table, None)
    if walk.rounds_on or walk.series is not None:
        return None
    zero = (0,) * walk.size
    found: list[Row] = []
    for entry in distinct:
        if type(entry) is RamschEntry:
            return None
        scored = walk.scored(entry, 0)
        for seat, dealer in enumerate(walk.dealers):
            if scored.error is not None or walk.problems(seat, entry, False):
                return None
            found.append(Row.made(seat + 1, 1, dealer, entry, scored, (), zero, zero, 0, False, ()))
    return found


def derive(table: Table, entries: Sequence[Entry], *, after: Derived | None = None) -> Derived:
    """The sheet's state after ``entries`` (carrying on from ``after``), without rows."""
    walk = _Walk(table, after)
    step = next(walk.steps(entries, -1), None)  # runs every game; only=-1 yields none
    assert step is None
    return walk.state


class _Walk:
    """One derivation: the table's facts looked up once, the state carried game by game, and
    each distinct game scored once. A list repeats the same few hundred games, and the reader
    shares equal declarations and outcomes, so a game seen before is found by identity."""

    def __init__(self, table: Table, after: Derived | None) -> None:
        rules = table.rules
        self.table = table
        self.how = _Scoring.of(table)
        self.state = copy.deepcopy(after) if after is not None else Derived.start(table)
        # the running totals in the players' order, as the rows give them
        for name in ("totals", "sf_totals"):
            kept = getattr(self.state, name)
            setattr(self.state, name, {p: kept[p] for p in table.players})
        self.size = table.size
        self.dealers = tuple(table.dealer(i) for i in range(table.size))
        self.bock_on = rules.on("bock")
        self.rounds = Rounds(rules, table.size)
        self.rounds.restore(self.state.rounds)
        self.rounds_on = self.bock_on or bool(self.state.rounds)
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
        self._scores: dict[tuple[int, int, str, int], tuple[GameEntry, Scored]] = {}
        self._clean: dict[tuple[int, int, int | None, str, bool, str], tuple[GameEntry, bool]] = {}

    def scored(self, entry: Entry, bock: int) -> Scored:
        """``score(table, entry, bock)``, a game computed once per derivation."""
        if type(entry) is not GameEntry:
            return _score(self.how, entry, bock)
        # the memo holds the entry, so the ids in its key stay those of living objects
        key = (id(entry.declaration), id(entry.outcome), entry.declarer, bock)
        hit = self._scores.get(key)
        if hit is None:
            hit = self._scores[key] = (entry, _score(self.how, entry, bock))
        return hit[1]

    def problems(self, index: int, entry: Entry, ramsch_round: bool) -> list[Message]:
        """``rule_problems(...)`` of this entry at game ``index``; for a game, whether it has
        any beyond the series is worked out once per game, declarer, dealer and round kind."""
        series = self.series
        found = [] if series is None or index < series else series_problems(self.table, index)
        if type(entry) is GameEntry:
            dealer = self.dealers[index % self.size] if self.size == 4 else ""
            key = (
                id(entry.declaration),
                id(entry.outcome),
                entry.kontra_bid,
                entry.declarer,
                ramsch_round,
                dealer,
            )
            hit = self._clean.get(key)
            if hit is not None and hit[1]:
                return found
            more = entry_rule_problems(self.table, index, entry, ramsch_round, self.ramsch_outside)
            if hit is None:
                self._clean[key] = (entry, not more)
            return found + more
        return found + entry_rule_problems(
            self.table, index, entry, ramsch_round, self.ramsch_outside
        )

    def steps(
        self, entries: Sequence[Entry], only: int | None
    ) -> Iterator[tuple[int, Entry, Scored, tuple[Message, ...]]]:
        """Walk the entries: (index, entry, its score, its problems) for each game ``only``
        names (every game when None), the state and the rounds being those after it."""
        state, rounds = self.state, self.rounds
        totals, sf_totals = state.totals, state.sf_totals
        bock, ramsch_round = 0, False
        for index, entry in enumerate(entries, state.count):
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
            if self.rounds_on:
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
                state.rounds = rounds.state()
            state.count = index + 1
            if only is not None and index != only:
                continue
            problems = self.problems(index, entry, ramsch_round)
            if scored.error is not None and scored.error not in problems:
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
    if not entries:
        return None
    return next(rows(table, entries, only=len(entries) - 1))


def entry_problems(table: Table, entries: Sequence[Entry], entry: Entry) -> list[Message]:
    """Why ``entry`` cannot be added after ``entries``; empty when it can."""
    row = last_row(table, [*entries, entry])
    assert row is not None
    return list(row.problems)


def check(table: Table, entries: Sequence[Entry]) -> list[tuple[int, Message]]:
    """Every problem of the list as (game number, problem): a list of all, not the first."""
    found: list[tuple[int, Message]] = []
    for index, entry, scored, problems in _Walk(table, None).steps(entries, None):
        if problems:
            found.extend((index + 1, problem) for problem in problems)
        result = scored.result
        if (
            type(entry) is GameEntry
            and entry.paper is not None
            and result is not None
            and not entry.paper.matches(result.list_points)
        ):
            found.append(
                (
                    index + 1,
                    msg(
                        "the paper says {paper}, the game is worth {points}",
                        paper=signed(entry.paper.value),
                        points=signed(result.list_points),
                    ),
                )
            )
    return found
