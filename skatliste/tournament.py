"""The tournament's arithmetic, pure: who sits where, Seeger-Fabian of a paper result, the
ranking with shared places, the team ranking, the prize list and the fees. No files.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import Protocol

from skatliste.errors import InputError, OptionError
from skatliste.i18n import Message, msg, nmsg
from skatliste.seeger_fabian import (
    SEEGER_FABIAN_LOST,
    SEEGER_FABIAN_OPPONENT,
    SEEGER_FABIAN_WON,
)

MAX_SERIES = 20
"""Series a tournament plays at most: a day's Preisskat plays 2 or 3, a championship a few
more; a bigger number is a typing slip."""

MAX_SERIES_GAMES = 99
"""Games in one series at most (SkWO: 36 at a table of three, 48 at four)."""

MAX_WON_GAME = 264
"""The most list points a won game brings its declarer: the highest game value, 264 (Grand
ohne 4, Hand, Schneider and Schwarz angesagt, Ouvert; a tournament list has no Kontra and
no Bock, SkWO)."""

MAX_LOST_GAME = 2 * MAX_WON_GAME
"""The most list points a lost game costs its declarer: twice the highest value (rules §6)."""

MIN_WON_GAME = 18
"""The fewest list points a won game brings its declarer: the lowest game value, 18 (Karo
mit or ohne 1, Spiel 2; a Null is 23, rules §3-§4)."""

MIN_LOST_GAME = 2 * MIN_WON_GAME
"""The fewest list points a lost game costs its declarer: twice the lowest value, 36."""

MAX_DIGITS = 9
"""The most digits of a number typed for the tournament (points, games, a seed), as of every
number at the table."""


@dataclass(frozen=True)
class Player:
    """A registered player: the name is unique (case-insensitive), the number a start number."""

    name: str
    club: str = ""
    number: int | None = None
    left: bool = False
    """The player left the tournament: not drawn again, ranked with the series played."""


# --- the draw ---------------------------------------------------------------------------


def table_sizes(count: int) -> list[int]:
    """Tables of four, and tables of three only where the count requires (SkWO): n mod 4 = 1
    needs three tables of three, 2 two, 3 one.

    >>> table_sizes(16), table_sizes(13), table_sizes(6)
    ([4, 4, 4, 4], [4, 3, 3, 3], [3, 3])
    """
    threes = (4 - count % 4) % 4
    fours = (count - 3 * threes) // 4
    if count < 3 or fours < 0:
        raise InputError(
            nmsg(
                "{count} player cannot be seated at tables of four and three (1, 2 and 5 "
                "cannot); add or remove a player",
                "{count} players cannot be seated at tables of four and three (1, 2 and 5 "
                "cannot); add or remove a player",
                count,
            )
        )
    return [4] * fours + [3] * threes


Met = Mapping[str, Mapping[str, int]]
"""For each player, how often they sat at a table with each other player."""


def pairs_met(seatings: Sequence[Sequence[Sequence[str]]]) -> dict[str, dict[str, int]]:
    """Who sat with whom in the given series (each a list of tables), and how often."""
    met: dict[str, dict[str, int]] = {}
    for tables in seatings:
        for table in tables:
            for a, b in combinations(table, 2):
                met.setdefault(a, {})
                met.setdefault(b, {})
                met[a][b] = met[a].get(b, 0) + 1
                met[b][a] = met[b].get(a, 0) + 1
    return met


def repeated_pairs(tables: Sequence[Sequence[str]], met: Met) -> list[tuple[str, str]]:
    """The pairs seated together that met before, in table order."""
    return [
        (a, b) for table in tables for a, b in combinations(table, 2) if met.get(a, {}).get(b, 0)
    ]


@dataclass(frozen=True)
class Draw:
    """One series' seating: each table's players in seat order (seat 1 deals first)."""

    seed: int
    tables: tuple[tuple[str, ...], ...]
    repeats: tuple[tuple[str, str], ...]
    """Pairs seated together again (as few as the numbers allow)."""


def _clash(met: Met, name: str, table: Sequence[str]) -> int:
    seen = met.get(name)
    if not seen:
        return 0
    return sum(seen.get(other, 0) for other in table if other != name)


def _arrange(
    order: list[str], sizes: list[int], met: Met, rng: random.Random, budget: int
) -> tuple[list[list[str]], int]:
    """Greedy seating, then swaps that lower the clashes; returns (tables, clashes)."""
    tables = _greedy(order, sizes, met)
    where = {name: t for t, table in enumerate(tables) for name in table}
    clashes = sum(_clash(met, name, tables[where[name]]) for name in order) // 2
    steps = 0
    if len(tables) == 1:
        return tables, clashes  # one table: nothing to swap
    while clashes and steps < budget:
        steps += 1
        stuck = [n for n in order if _clash(met, n, tables[where[n]])]
        p = rng.choice(stuck)
        a = where[p]
        low, moves = _best_swaps(tables, a, p, met)
        if low is None or (low > 0 and rng.random() > 0.1):
            continue
        b, q = rng.choice(moves)
        tables[a][tables[a].index(p)] = q
        tables[b][tables[b].index(q)] = p
        where[p], where[q] = b, a
        clashes += low
    return tables, clashes


def _greedy(order: list[str], sizes: list[int], met: Met) -> list[list[str]]:
    """Each player in turn at the open table where he has met the fewest."""
    tables: list[list[str]] = [[] for _ in sizes]
    for name in order:
        best, best_clash = -1, -1
        for t, table in enumerate(tables):
            if len(table) == sizes[t]:
                continue
            c = _clash(met, name, table)
            if best < 0 or c < best_clash:
                best, best_clash = t, c
                if c == 0:
                    break
        tables[best].append(name)
    return tables


def _best_swaps(
    tables: list[list[str]], a: int, p: str, met: Met
) -> tuple[int | None, list[tuple[int, str]]]:
    """The swaps of ``p`` (at table ``a``) that change the clashes least: (change, swaps)."""
    here = _clash(met, p, tables[a])
    moves: list[tuple[int, str]] = []
    low = None
    rest_a = [x for x in tables[a] if x != p]
    for b, table in enumerate(tables):
        if b == a:
            continue
        for q in table:
            rest_b = [x for x in table if x != q]
            delta = _clash(met, p, rest_b) + _clash(met, q, rest_a) - here - _clash(met, q, table)
            if low is None or delta < low:
                low, moves = delta, [(b, q)]
            elif delta == low:
                moves.append((b, q))
    return low, moves


def draw(names: Sequence[str], *, seed: int, met: Met | None = None) -> Draw:
    """Seat ``names`` at tables of four (three only where needed), avoiding pairs in ``met``
    as far as the numbers allow. The same names, seed and history give the same draw.

    >>> d = draw(["A", "B", "C", "D", "E", "F", "G"], seed=1)
    >>> [len(t) for t in d.tables], sorted(n for t in d.tables for n in t) == list("ABCDEFG")
    ([4, 3], True)
    """
    sizes = table_sizes(len(names))
    met = met or {}
    rng = random.Random(seed)
    order = sorted(names)
    best: tuple[list[list[str]], int] | None = None
    # Restarts: a fresh shuffle escapes a dead end where single swaps cannot.
    attempts = 10 if len(order) <= 64 else 3
    budget = 2_000 // len(order) + 100
    for _ in range(attempts):
        rng.shuffle(order)
        found = _arrange(list(order), sizes, met, rng, budget)
        if best is None or found[1] < best[1]:
            best = found
        if best[1] == 0 or not met:
            break
    assert best is not None
    tables = best[0]
    for table in tables:
        rng.shuffle(table)
    return Draw(
        seed=seed,
        tables=tuple(tuple(t) for t in tables),
        repeats=tuple(repeated_pairs(tables, met)),
    )


# --- results and Seeger-Fabian ------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """One player's result of one series at one table."""

    seeger_fabian: int
    points: int
    won: int
    lost: int
    complete: bool = True
    """False while the table is still playing (a live ranking marks it)."""


class Line(Protocol):
    """A player's result of one series: list points, games won and lost as declarer, and the
    points of the games declared (a paper line, or a list's result as its family gives it:
    ``Family.results``)."""

    @property
    def points(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def lost(self) -> int: ...
    @property
    def declared(self) -> int: ...


@dataclass(frozen=True)
class PaperLine:
    """A player's totals from a paper Spielliste: list points, games won and lost."""

    points: int
    won: int
    lost: int

    @property
    def declared(self) -> int:
        """The points of the games declared: a paper line's list points are all of them."""
        return self.points


def paper_points_range(won: int, lost: int) -> tuple[int, int]:
    """The list points a player can have with ``won`` and ``lost`` games as declarer: list
    points come only from the player's own games, each won one at most +264, each lost one
    at most −528; with no game played the points are 0.

    >>> paper_points_range(0, 0), paper_points_range(2, 1)
    ((0, 0), (-528, 528))
    """
    return -MAX_LOST_GAME * lost, MAX_WON_GAME * won


def paper_line_problem(line: PaperLine, length: int) -> Message | None:
    """Why a paper line cannot be a player's series of ``length`` games, or None.

    >>> print(paper_line_problem(PaperLine(500, 0, 0), 48))  # doctest: +ELLIPSIS
    500 list points with 0 won and 0 lost: list points come only from games played ...
    """
    if line.won + line.lost > length:
        return msg(
            "{won} won and {lost} lost are more than the series of {length} games",
            won=line.won,
            lost=line.lost,
            length=length,
        )
    low, high = paper_points_range(line.won, line.lost)
    if low <= line.points <= high:
        return None
    counts = msg(
        "{points} list points with {won} won and {lost} lost",
        points=line.points,
        won=line.won,
        lost=line.lost,
    )
    if line.won == line.lost == 0:
        return msg(
            "{counts}: list points come only from games played as declarer, so they are 0 here",
            counts=counts,
        )
    return msg(
        "{counts}: a won game brings at most {won}, a lost one costs at most {lost}, so "
        "the points are {low} to {high}",
        counts=counts,
        won=MAX_WON_GAME,
        lost=MAX_LOST_GAME,
        low=low,
        high=high,
    )


def played_points_range(won: int, lost: int) -> tuple[int, int]:
    """The list points that ``won`` and ``lost`` games as declarer can bring: each won game
    18 to 264, each lost one −36 to −528 (rules §7, a paper result).

    >>> played_points_range(1, 0), played_points_range(0, 1), played_points_range(2, 1)
    ((18, 264), (-528, -36), (-492, 492))
    """
    return (
        MIN_WON_GAME * won - MAX_LOST_GAME * lost,
        MAX_WON_GAME * won - MIN_LOST_GAME * lost,
    )


def entered_line_problem(line: PaperLine, length: int) -> Message | None:
    """Why a paper line typed in cannot be a player's series of ``length`` games, or None:
    :func:`paper_line_problem`, and besides, points that no won and lost games can add up to
    (a won game brings at least 18, a lost one costs at least 36). Files that earlier versions
    wrote keep such lines and still open (:func:`paper_line_problem` alone reads them).

    >>> print(entered_line_problem(PaperLine(1, 1, 0), 48))  # doctest: +ELLIPSIS
    1 list points with 1 won and 0 lost: a won game brings at least 18 ... 18 to 264
    >>> entered_line_problem(PaperLine(-36, 0, 1), 48) is None
    True
    """
    problem = paper_line_problem(line, length)
    if problem is not None:
        return problem
    low, high = played_points_range(line.won, line.lost)
    if low <= line.points <= high:
        return None
    return msg(
        "{counts}: a won game brings at least {won}, a lost one costs at least {lost} (twice "
        "the lowest game), so the points are {low} to {high}",
        counts=msg(
            "{points} list points with {won} won and {lost} lost",
            points=line.points,
            won=line.won,
            lost=line.lost,
        ),
        won=MIN_WON_GAME,
        lost=MIN_LOST_GAME,
        low=low,
        high=high,
    )


def seeger_fabian(*, points: int, won: int, lost: int, others_lost: int, table: int) -> int:
    """A player's Seeger-Fabian points of one series (SkWO 5.1, rules §7): list points + 50 ×
    (won − lost) + 40 at a table of three or 30 at a table of four for every game the others
    lost.

    >>> seeger_fabian(points=300, won=10, lost=2, others_lost=4, table=3)
    860
    >>> seeger_fabian(points=300, won=10, lost=2, others_lost=4, table=4)
    820
    """
    opponent = SEEGER_FABIAN_OPPONENT.get(table)
    if opponent is None:
        raise InputError(
            nmsg(
                "{count} player: a table has 3 or 4 players",
                "{count} players: a table has 3 or 4 players",
                table,
            )
        )
    return points + SEEGER_FABIAN_WON * won + SEEGER_FABIAN_LOST * lost + opponent * others_lost


def paper_scores(lines: Mapping[str, Line], *, complete: bool = True) -> dict[str, Score]:
    """Each player's score of one table's series from their lines (a paper result, or a list's
    results), Seeger-Fabian from the others' lost games (:func:`seeger_fabian`).

    >>> s = paper_scores({"A": PaperLine(300, 10, 2), "B": PaperLine(-50, 4, 3),
    ...                   "C": PaperLine(120, 6, 1)})
    >>> [(n, x.seeger_fabian) for n, x in s.items()]
    [('A', 860), ('B', 120), ('C', 570)]
    """
    lost_all = sum(line.lost for line in lines.values())
    return {
        name: Score(
            seeger_fabian=seeger_fabian(
                points=line.declared,
                won=line.won,
                lost=line.lost,
                others_lost=lost_all - line.lost,
                table=len(lines),
            ),
            points=line.points,
            won=line.won,
            lost=line.lost,
            complete=complete,
        )
        for name, line in lines.items()
    }


# --- ranking ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """A line of the ranking."""

    place: int
    name: str
    club: str
    seeger_fabian: int
    points: int
    won: int
    lost: int
    series: dict[int, int]
    """Seeger-Fabian of each series played (or being played)."""
    in_progress: bool
    """A table of this player is still playing: the numbers will change."""


def _key(s: Standing) -> tuple[int, int, int]:
    # SkWO 5.1 (rules §7): Seeger-Fabian points, then more won games, then fewer lost games
    return (-s.seeger_fabian, -s.won, s.lost)


def with_places(lines: Sequence[Standing]) -> list[Standing]:
    """Sorted by the ranking rule; equal lines share a place (1., 2., 2., 4.)."""
    ordered = sorted(lines, key=lambda s: (*_key(s), s.name.casefold()))
    out: list[Standing] = []
    for pos, s in enumerate(ordered):
        place = out[-1].place if out and _key(out[-1]) == _key(s) else pos + 1
        out.append(replace(s, place=place))
    return out


def rank(
    players: Sequence[Player],
    scores: Mapping[str, Mapping[int, Score]],
    *,
    series: int | None = None,
) -> list[Standing]:
    """Every player's totals over the series (or one series), ranked with shared places.

    >>> people = [Player("A"), Player("B"), Player("C")]
    >>> got = rank(people, {"A": {1: Score(500, 300, 6, 1)}, "B": {1: Score(500, 250, 6, 1)},
    ...                     "C": {1: Score(700, 400, 8, 0)}})
    >>> [(s.place, s.name) for s in got]
    [(1, 'C'), (2, 'A'), (2, 'B')]
    """
    lines = []
    for p in players:
        mine = {s: sc for s, sc in scores.get(p.name, {}).items() if series in (None, s)}
        lines.append(
            Standing(
                place=0,
                name=p.name,
                club=p.club,
                seeger_fabian=sum(sc.seeger_fabian for sc in mine.values()),
                points=sum(sc.points for sc in mine.values()),
                won=sum(sc.won for sc in mine.values()),
                lost=sum(sc.lost for sc in mine.values()),
                series={s: mine[s].seeger_fabian for s in sorted(mine)},
                in_progress=any(not sc.complete for sc in mine.values()),
            )
        )
    return with_places(lines)


# --- teams ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamStanding:
    """A club's line: the sum of its best ``size`` players' Seeger-Fabian totals."""

    place: int
    club: str
    seeger_fabian: int
    members: tuple[tuple[str, int], ...]
    """The players counted, best first, with their totals."""
    short: bool
    """The club has fewer players than the team size: it ranks with what it has."""


def teams(standings: Sequence[Standing], *, size: int = 4) -> list[TeamStanding]:
    """Clubs ranked by their best ``size`` players; players without a club are not a team.

    >>> lines = rank([Player("A", "X"), Player("B", "X"), Player("C", "Y")],
    ...              {"A": {1: Score(900, 0, 0, 0)}, "B": {1: Score(100, 0, 0, 0)},
    ...               "C": {1: Score(950, 0, 0, 0)}})
    >>> [(t.place, t.club, t.seeger_fabian, t.short) for t in teams(lines, size=2)]
    [(1, 'X', 1000, False), (2, 'Y', 950, True)]
    """
    if size < 1:
        raise OptionError("size", msg("a team has at least 1 player"), value=size)
    clubs: dict[str, list[Standing]] = {}
    for s in standings:
        if s.club:
            clubs.setdefault(s.club, []).append(s)
    lines = []
    for club, members in clubs.items():
        best = sorted(members, key=_key)[:size]
        lines.append(
            (
                sum(m.seeger_fabian for m in best),
                club,
                tuple((m.name, m.seeger_fabian) for m in best),
                len(members) < size,
            )
        )
    lines.sort(key=lambda line: (-line[0], line[1].casefold()))
    out: list[TeamStanding] = []
    for pos, (total, club, members_, short) in enumerate(lines):
        place = out[-1].place if out and out[-1].seeger_fabian == total else pos + 1
        out.append(TeamStanding(place, club, total, members_, short))
    return out


# --- prizes and fees ----------------------------------------------------------------------


@dataclass(frozen=True)
class Prize:
    """A player's prize: the places' prizes shared equally among equal places."""

    place: int
    name: str
    amount: Fraction


def prize_amounts(
    *,
    pool: Fraction | None = None,
    split: Sequence[Fraction] = (),
    amounts: Sequence[Fraction] = (),
) -> list[Fraction]:
    """The prize of each place, from a pool split in percent or from fixed amounts.

    >>> prize_amounts(pool=Fraction(500), split=[Fraction(30), Fraction(20)])
    [Fraction(150, 1), Fraction(100, 1)]
    """
    if amounts and (split or pool is not None):
        raise OptionError(
            ("amounts", "pool", "split"),
            msg("give either fixed amounts or a pool with its split, not both"),
        )
    if amounts:
        bad = [a for a in amounts if a < 0]
        if bad:
            raise OptionError(
                "amounts",
                msg("{amount} is negative; give amounts like 100,60,40", amount=bad[0]),
            )
        return list(amounts)
    if pool is None or not split:
        raise OptionError(
            ("pool", "split", "amounts"),
            msg(
                "give a pool and its split in percent (e.g. 500 and 30,20,15) or fixed amounts "
                "(e.g. 100,60,40)"
            ),
        )
    if pool < 0 or any(p < 0 for p in split):
        raise OptionError(
            ("pool", "split"), msg("a pool and its split are amounts and percentages of 0 or more")
        )
    if sum(split) > 100:
        total = format(float(sum(split)), "g")
        raise OptionError(
            "split", msg("the split adds up to {total} %: at most 100 %", total=total)
        )
    return [pool * p / 100 for p in split]


def prizes(standings: Sequence[Standing], amounts: Sequence[Fraction]) -> list[Prize]:
    """Who gets what: players sharing a place share the prizes of the places they cover,
    each share rounded down to the cent (``remaining`` tells what is left over).

    >>> lines = with_places([Standing(0, n, "", sf, 0, 0, 0, {}, False)
    ...                      for n, sf in [("A", 900), ("B", 800), ("C", 800), ("D", 100)]])
    >>> [(p.place, p.name, p.amount) for p in prizes(lines, [Fraction(n) for n in (100, 60, 40)])]
    [(1, 'A', Fraction(100, 1)), (2, 'B', Fraction(50, 1)), (2, 'C', Fraction(50, 1))]
    >>> [str(p.amount) for p in prizes(lines, [Fraction(0), Fraction(25), Fraction("0.01")])]
    ['0', '25/2', '25/2']
    """
    out: list[Prize] = []
    i = 0
    while i < len(standings) and i < len(amounts):
        group = [s for s in standings if s.place == standings[i].place]
        # Prizes are paid in cents: a share that does not come out even (100 € among three)
        # is rounded down, so no more than the prizes is paid; the rest is shown beside.
        shared = Fraction(
            math.floor(sum(amounts[i : i + len(group)], Fraction(0)) * 100 / len(group)), 100
        )
        out.extend(Prize(s.place, s.name, shared) for s in group)
        i += len(group)
    return out


@dataclass(frozen=True)
class Fee:
    """What a player pays: start money plus a fee for each lost game (Preisskat)."""

    name: str
    entry: Fraction
    lost: int
    lost_fees: Fraction

    @property
    def total(self) -> Fraction:
        return self.entry + self.lost_fees


def lost_game_fees(lost: int, tiers: Sequence[Fraction]) -> Fraction:
    """What ``lost`` games lost in one series cost: the n-th lost game of a series costs the
    n-th amount of ``tiers``, the last amount every game beyond (one amount: a single fee for
    every lost game). Published: "Abreizgeld: 1.-3. Spiel 0,30 Euro, ab 4. Spiel 1,00 Euro".

    >>> str(lost_game_fees(5, [Fraction("0.30")] * 3 + [Fraction(1)]))
    '29/10'
    >>> str(lost_game_fees(7, [Fraction("0.50")] * 3 + [Fraction(1)] * 2 + [Fraction(3)]))
    '19/2'
    """
    if not tiers or lost <= 0:
        return Fraction(0)
    listed = min(lost, len(tiers))
    return sum(tiers[:listed], Fraction(0)) + tiers[-1] * (lost - listed)


def fees(
    standings: Sequence[Standing],
    *,
    entry: Fraction,
    lost_game: Fraction | Sequence[Fraction],
    lost: Mapping[str, Mapping[int, int]] | None = None,
) -> list[Fee]:
    """Each player's fees, in the ranking's order: the entry fee, and his lost games' fees
    series by series (:func:`lost_game_fees`; ``lost``: each player's lost games per series,
    needed for tiers; a single fee counts the lost games of the ranking)."""
    tiers = [lost_game] if isinstance(lost_game, Fraction) else list(lost_game)
    if entry < 0 or any(x < 0 for x in tiers):
        raise OptionError(
            ("entry", "lost_game"),
            msg("an entry fee and a lost game's fee are amounts of 0 or more"),
        )
    assert len(tiers) == 1 or lost is not None  # tiers count each series' lost games
    out = []
    for s in standings:
        if len(tiers) > 1:
            series = (lost or {}).get(s.name, {}).values()
            owed = sum((lost_game_fees(n, tiers) for n in series), Fraction(0))
        else:
            owed = lost_game_fees(s.lost, tiers)
        out.append(Fee(s.name, entry, s.lost, owed))
    return out


@dataclass
class SeriesStatus:
    """One table of one series: done, in progress (games of the series), or missing."""

    series: int
    table: int
    players: tuple[str, ...]
    state: str
    """'done', 'in progress', 'missing', 'paper' (done, from a paper list) or 'differs' (the
    table's two lists do not agree: it counts as in progress)."""
    games: int = 0
    length: int = 0
    problems: list[Message] = field(default_factory=list)
