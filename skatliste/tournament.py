"""The tournament's arithmetic, pure: who sits where, Seeger-Fabian of a paper result, the
ranking (shared places or the lot, leavers, table points) and the team ranking; the prize
list and the fees are in :mod:`skatliste.prizes`. No files.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from itertools import combinations, pairwise
from typing import Protocol

from skatliste.errors import InputError, OptionError
from skatliste.i18n import Message, msg, nmsg
from skatliste.players import same_name
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


def entered_line_problem(line: PaperLine, length: int, *, seats: int = 3) -> Message | None:
    """Why a paper line typed in cannot be a player's series of ``length`` games, or None:
    :func:`paper_line_problem`, and besides, points that no won and lost games can add up to
    (a won game brings at least 18, a lost one costs at least 36). Files that earlier versions
    wrote keep such lines and still open (:func:`paper_line_problem` alone reads them).

    >>> print(entered_line_problem(PaperLine(1, 1, 0), 48))  # doctest: +ELLIPSIS
    1 list points with 1 won and 0 lost: a won game brings at least 18...18 to 264
    >>> entered_line_problem(PaperLine(-36, 0, 1), 48) is None
    True
    >>> print(entered_line_problem(PaperLine(-200, 0, 4), 4, seats=4))  # doctest: +ELLIPSIS
    0 won and 4 lost: at a table of four each player deals at least 1 of the 4 games ...
    """
    problem = paper_line_problem(line, length)
    if problem is not None:
        return problem
    if seats == 4 and line.won + line.lost > length - length // 4:
        # ISkO: at a table of four the dealer sits his deal out; the deal goes round, so each
        # player deals at least a quarter of the games (rounded down)
        return msg(
            "{won} won and {lost} lost: at a table of four each player deals at least {deals} "
            "of the {length} games and sits them out, so he plays at most {most}",
            won=line.won,
            lost=line.lost,
            deals=length // 4,
            length=length,
            most=length - length // 4,
        )
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
    """The place; 0 for a player who left and is listed without one (``ranked`` False)."""
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
    table_points: Fraction | None = None
    """The table points of the series played, where the tournament ranks by them."""
    by_lot: bool = False
    """The place was decided by the lot: the line was equal to a neighbour's."""
    ranked: bool = True
    """False: a player who left, listed without a place; the next moves up."""


class Ties(StrEnum):
    """What decides between players still equal after Seeger-Fabian, won and lost games."""

    SHARED = "shared"
    """They share the place (1., 2., 2., 4.) and the prizes of the places they cover."""
    LOT = "lot"
    """The lot (SkWO: "ist auch diese Zahl gleich, entscheidet das Los"): an order drawn from
    the tournament's lot seed, the same on every look."""


class Leavers(StrEnum):
    """Where a player who left after a series stands in the ranking."""

    RANKED = "ranked"
    """Ranked with the series he played, like everybody."""
    UNRANKED = "unranked"
    """Listed with his numbers but without a place; the next player moves up."""


TABLE_POINTS_PLACES = 4
"""Table points are given for the four places at a table of four; a table of three gives the
first three."""


def table_points_problem(points: Sequence[int]) -> Message | None:
    """Why ``points`` cannot be the table points of the places 1 to 4, or None: four whole
    numbers of 0 or more, none above the one before (a better place never gets less).

    >>> table_points_problem([4, 3, 2, 1]) is None, str(table_points_problem([1, 2, 3, 4]))
    (True, 'the points of a place are at most those of the place before (found 1,2,3,4)')
    """
    shown = ",".join(str(p) for p in points)
    if len(points) != TABLE_POINTS_PLACES or any(p < 0 for p in points):
        return msg(
            "give the points of places 1 to 4 at a table, whole numbers of 0 or more, e.g. "
            "4,3,2,1 (found {points})",
            points=shown,
        )
    if any(a < b for a, b in pairwise(points)):
        return msg(
            "the points of a place are at most those of the place before (found {points})",
            points=shown,
        )
    return None


def table_points(scores: Mapping[str, Score], points: Sequence[int]) -> dict[str, Fraction]:
    """Each player's table points of one series at one table: the points of his place at
    the table (by Seeger-Fabian, then more won, then fewer lost); players equal at the table
    share the points of the places they cover.

    >>> got = table_points({"A": Score(900, 0, 2, 0), "B": Score(400, 0, 1, 0),
    ...                     "C": Score(400, 0, 1, 0), "D": Score(-50, 0, 0, 1)}, [4, 3, 2, 1])
    >>> {n: str(p) for n, p in got.items()}
    {'A': '4', 'B': '5/2', 'C': '5/2', 'D': '1'}
    """

    def key(name: str) -> tuple[int, int, int]:
        x = scores[name]
        return (-x.seeger_fabian, -x.won, x.lost)

    ordered = sorted(scores, key=key)
    out: dict[str, Fraction] = {}
    i = 0
    while i < len(ordered):
        group = [n for n in ordered[i:] if key(n) == key(ordered[i])]
        share = Fraction(sum(points[i : i + len(group)]), len(group))
        out.update(dict.fromkeys(group, share))
        i += len(group)
    return out


def lot(seed: int, name: str) -> float:
    """A player's number in the lot drawn with ``seed``: the lower comes first. The same seed
    and name draw the same number on every look (a string seed is hashed with SHA-512).

    >>> lot(7, "Anna") == lot(7, "anna"), lot(7, "Anna") == lot(8, "Anna")
    (True, False)
    """
    return random.Random(f"{seed}:{same_name(name)}").random()


def _key(s: Standing) -> tuple[int, int, int]:
    # SkWO 5.1 (rules §7): Seeger-Fabian points, then more won games, then fewer lost games
    return (-s.seeger_fabian, -s.won, s.lost)


def _table_key(s: Standing) -> tuple[Fraction, int, int, int]:
    # ISPA finals: "in erster Linie Tischpunkte ... Spielpunkte erst an zweiter Stelle"
    return (-(s.table_points or Fraction(0)), *_key(s))


def with_places(
    lines: Sequence[Standing], *, lot_seed: int | None = None, by_table_points: bool = False
) -> list[Standing]:
    """Sorted by the ranking rule (table points first where ``by_table_points``); equal lines
    share a place (1., 2., 2., 4.), or with a ``lot_seed`` the lot orders them (each marked
    ``by_lot``). A line not ``ranked`` is listed where its numbers put it, with place 0, and
    takes no place from the others.

    >>> lines = [Standing(0, n, "", sf, 0, 0, 0, {}, False) for n, sf in
    ...          [("A", 900), ("B", 800), ("C", 800), ("D", 100)]]
    >>> [(s.place, s.name, s.by_lot) for s in with_places(lines, lot_seed=3)]
    [(1, 'A', False), (2, 'B', True), (3, 'C', True), (4, 'D', False)]
    """
    key = _table_key if by_table_points else _key

    def drawn(s: Standing) -> float:
        return 0.0 if lot_seed is None else lot(lot_seed, s.name)

    ordered = sorted(lines, key=lambda s: (*key(s), drawn(s), s.name.casefold()))
    out: list[Standing] = []
    before: int | None = None  # the index in ``out`` of the last ranked line
    pos = 0
    for s in ordered:
        if not s.ranked:
            out.append(replace(s, place=0, by_lot=False))
            continue
        pos += 1
        tied = before is not None and key(out[before]) == key(s)
        if tied and lot_seed is None:
            out.append(replace(s, place=out[before].place, by_lot=False))  # type: ignore[index]
        else:
            out.append(replace(s, place=pos, by_lot=tied))
            if tied:
                out[before] = replace(out[before], by_lot=True)  # type: ignore[index]
        before = len(out) - 1
    return out


def rank(
    players: Sequence[Player],
    scores: Mapping[str, Mapping[int, Score]],
    *,
    series: int | None = None,
    lot_seed: int | None = None,
    leavers: Leavers = Leavers.RANKED,
    points: Mapping[str, Mapping[int, Fraction]] | None = None,
) -> list[Standing]:
    """Every player's totals over the series (or one series), ranked with shared places, or
    by lot (``lot_seed``); a player who left listed without a place where ``leavers`` says
    so; with ``points`` (each player's table points per series) ranked by table points first.

    >>> people = [Player("A"), Player("B"), Player("C")]
    >>> got = rank(people, {"A": {1: Score(500, 300, 6, 1)}, "B": {1: Score(500, 250, 6, 1)},
    ...                     "C": {1: Score(700, 400, 8, 0)}})
    >>> [(s.place, s.name) for s in got]
    [(1, 'C'), (2, 'A'), (2, 'B')]
    """
    lines = []
    for p in players:
        mine = {s: sc for s, sc in scores.get(p.name, {}).items() if series in (None, s)}
        tp = None
        if points is not None:
            got = points.get(p.name, {})
            tp = sum((v for s, v in got.items() if series in (None, s)), Fraction(0))
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
                table_points=tp,
                ranked=not (p.left and leavers is Leavers.UNRANKED),
            )
        )
    return with_places(lines, lot_seed=lot_seed, by_table_points=points is not None)


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
