"""Seating beyond the random draw, pure: a league match day's series (never two players of one
team at a table, no pair again where the numbers allow) and a series seated by results (places
1-4 at table 1, 5-8 at table 2, ...; players of one club kept apart where possible). No files.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from skatliste.errors import InputError
from skatliste.i18n import msg, nmsg
from skatliste.league import MatchDay
from skatliste.tournament import Draw, Met, repeated_pairs, table_sizes

# --- a match day's series ------------------------------------------------------------------


def team_table_sizes(team_sizes: Sequence[int]) -> list[int]:
    """Table sizes for teams of these sizes kept apart: as many tables of four as the count
    and the teams allow (rules §L). Every team needs a table for each of its players, so a
    team of four needs four tables; three teams play at tables of three.

    >>> team_table_sizes([4, 4, 4, 4]), team_table_sizes([4, 4, 4]), team_table_sizes([4, 3, 4, 4])
    ([4, 4, 4, 4], [3, 3, 3, 3], [4, 4, 4, 3])
    >>> team_table_sizes([4] * 8)
    [4, 4, 4, 4, 4, 4, 4, 4]
    """
    count = sum(team_sizes)
    largest = max(team_sizes, default=0)
    tables = -(-count // 4)
    while 3 * tables <= count:
        if largest <= tables:
            fours = count - 3 * tables
            return [4] * fours + [3] * (tables - fours)
        tables += 1
    raise InputError(
        nmsg(
            "{count} players of {teams} team cannot sit at tables of three and four without two "
            "of one team at a table",
            "{count} players of {teams} teams cannot sit at tables of three and four without two "
            "of one team at a table",
            len(team_sizes),
            count=count,
            teams=len(team_sizes),
        )
    )


def _clashes(tables: Sequence[Sequence[str]], met: Met) -> int:
    return len(repeated_pairs(tables, met))


def _dealt(teams: list[list[str]], sizes: list[int]) -> list[list[str]]:
    """Players team after team dealt round the tables: a team's players (no more than there
    are tables) land at different tables, and the tables fill to their sizes."""
    tables: list[list[str]] = [[] for _ in sizes]
    order = [p for team in teams for p in team]
    # sizes are 4s then 3s: dealing round them in turn fills the fours with the spare players
    for i, player in enumerate(order):
        tables[i % len(sizes)].append(player)
    return tables


def _improve(
    tables: list[list[str]], team: dict[str, str], met: Met, rng: random.Random, budget: int
) -> tuple[list[list[str]], int]:
    """Swaps of a player who meets someone again with a player at another table, as long as
    the teams stay apart; a swap that brings more pairs met again is taken now and then, to get
    out of a dead end. Returns the best seating seen and its pairs met again."""
    clashes = _clashes(tables, met)
    best = ([list(t) for t in tables], clashes)
    for _ in range(budget):
        if not clashes:
            break
        stuck = sorted({p for pair in repeated_pairs(tables, met) for p in pair})
        p = rng.choice(stuck)
        a = next(t for t, table in enumerate(tables) if p in table)
        b = rng.choice([t for t in range(len(tables)) if t != a])
        j = rng.randrange(len(tables[b]))
        q = tables[b][j]
        rest_a = [x for x in tables[a] if x != p]
        rest_b = [x for x in tables[b] if x != q]
        if team[q] != team[p] and (
            any(team[x] == team[q] for x in rest_a) or any(team[x] == team[p] for x in rest_b)
        ):
            continue
        i = tables[a].index(p)
        tables[a][i], tables[b][j] = q, p
        after = _clashes(tables, met)
        if after <= clashes or rng.random() < 0.1:
            clashes = after
            if clashes < best[1]:
                best = ([list(t) for t in tables], clashes)
        else:
            tables[a][i], tables[b][j] = p, q
    return best


class _Search:
    """A search by backtracking for a seating where no pair meets again: the players team after
    team, each at a table with room, none of his team and nobody he met; ``budget`` steps."""

    def __init__(
        self, players: list[str], team: dict[str, str], sizes: list[int], met: Met, budget: int
    ) -> None:
        self.players, self.team, self.sizes, self.met = players, team, sizes, met
        self.tables: list[list[str]] = [[] for _ in sizes]
        self.steps = budget
        # from each player on: how many teams are still to be seated (a table's room must not
        # be more than that, or it can never fill)
        self.teams_left = [len({team[p] for p in players[i:]}) for i in range(len(players))]

    def fits(self, player: str, table: list[str]) -> bool:
        seen = self.met.get(player, {})
        return all(self.team[x] != self.team[player] and not seen.get(x) for x in table)

    def seat(self, i: int, rng: random.Random) -> bool:
        if i == len(self.players):
            return True
        self.steps -= 1
        if self.steps < 0:
            return False
        starts_team = i == 0 or self.team[self.players[i - 1]] != self.team[self.players[i]]
        if starts_team and any(
            size - len(t) > self.teams_left[i]
            for size, t in zip(self.sizes, self.tables, strict=True)
        ):
            return False
        player = self.players[i]
        choices = [
            t
            for t, table in enumerate(self.tables)
            if len(table) < self.sizes[t] and self.fits(player, table)
        ]
        rng.shuffle(choices)
        for t in choices:
            self.tables[t].append(player)
            if self.seat(i + 1, rng):
                return True
            self.tables[t].pop()
        return False


def _exact(
    lineups: list[list[str]],
    team: dict[str, str],
    sizes: list[int],
    met: Met,
    rng: random.Random,
    budget: int,
) -> list[list[str]] | None:
    ordered = sorted(lineups, key=len, reverse=True)
    search = _Search([p for x in ordered for p in x], team, sizes, met, budget)
    return search.tables if search.seat(0, rng) else None


def _local(
    lineups: list[list[str]], team: dict[str, str], sizes: list[int], met: Met, rng: random.Random
) -> tuple[list[list[str]], int]:
    """Where no seating without pairs met again was found: the fewest from a few restarts of
    dealt tables improved by swaps."""
    best: tuple[list[list[str]], int] | None = None
    for _ in range(12):
        for players in lineups:
            rng.shuffle(players)
        rng.shuffle(lineups)
        found = _improve(_dealt(lineups, sizes), team, met, rng, 400)
        if best is None or found[1] < best[1]:
            best = found
    assert best is not None
    return best


SEARCH_STEPS = 20_000
"""Steps the search for a seating without a pair met again may take (a few hundredths of a
second); after them the fewest pairs are sought by swaps instead."""


def draw_day(
    day: MatchDay, *, seed: int, met: Met | None = None, search: int = SEARCH_STEPS
) -> Draw:
    """Seat one series of a match day: the present teams' lineups at tables of four (three where
    the count or the teams require), never two of one team at a table, and as few pairs that
    met before (``met``) as the search finds: first a search for none at all (``search`` steps),
    then swaps for the fewest. The same day, seed and history give the same draw.

    >>> from skatliste.league import Team, match_day
    >>> day = match_day(1, [Team(t, tuple(f"{t}{n}" for n in range(4))) for t in "ABCD"])
    >>> d = draw_day(day, seed=7)
    >>> [sorted(p[0] for p in table) for table in d.tables]
    [['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'D']]
    """
    lineups = [list(day.lineup(t)) for t in day.present]
    if len(lineups) < 2:
        raise InputError(
            msg("match day {day}: fewer than 2 teams appeared: nothing to draw", day=day.number)
        )
    sizes = team_table_sizes([len(x) for x in lineups])
    team = {p: t for t in day.present for p in day.lineup(t)}
    met = met or {}
    rng = random.Random(seed)
    for players in lineups:
        rng.shuffle(players)
    found = _exact(lineups, team, sizes, met, rng, search)
    best = (found, 0) if found is not None else _local(lineups, team, sizes, met, rng)
    for table in best[0]:
        rng.shuffle(table)
    return Draw(seed, tuple(tuple(t) for t in best[0]), tuple(repeated_pairs(best[0], met)))


# --- a series seated by results ------------------------------------------------------------


@dataclass(frozen=True)
class Seated:
    """A series seated by the ranking: each table's players in ranking order."""

    tables: tuple[tuple[str, ...], ...]
    together: tuple[tuple[str, str], ...]
    """The pairs of one club at one table that could not be kept apart."""


def _together(tables: Sequence[Sequence[str]], club: dict[str, str]) -> list[tuple[str, str]]:
    return [
        (a, b)
        for table in tables
        for a, b in combinations(table, 2)
        if club[a] and club[a] == club[b]
    ]


def seat_by_ranking(ranking: Sequence[tuple[str, str | None]], *, apart: bool = False) -> Seated:
    """Seat a series by the ranking of the series before: places 1-4 at table 1, 5-8 at table
    2, ..., tables of three at the end where the count requires. With ``apart`` a player who
    would sit with one of his club changes seats with the nearest place that removes the
    clash without making one (the place below first), as long as such a swap is left.

    >>> ranked = [("A", "X"), ("B", "X"), ("C", "Y"), ("D", "Z"), ("E", "W"), ("F", None),
    ...           ("G", None), ("H", None)]
    >>> seat_by_ranking(ranked).tables
    (('A', 'B', 'C', 'D'), ('E', 'F', 'G', 'H'))
    >>> got = seat_by_ranking(ranked, apart=True)
    >>> got.tables, got.together
    ((('A', 'E', 'C', 'D'), ('B', 'F', 'G', 'H')), ())
    """
    names = [n for n, _ in ranking]
    club = {n: c or "" for n, c in ranking}
    sizes = table_sizes(len(names))
    at: list[int] = [t for t, size in enumerate(sizes) for _ in range(size)]
    order = list(names)
    while apart and _swap(order, at, club):
        pass
    tables: list[list[str]] = [[] for _ in sizes]
    for i, name in enumerate(order):
        tables[at[i]].append(name)
    return Seated(tuple(tuple(t) for t in tables), tuple(_together(tables, club)))


def _swap(order: list[str], at: list[int], club: dict[str, str]) -> bool:
    """One swap that lowers the pairs of one club at a table: the first place (from the top)
    that sits below one of its club changes seats with the nearest place (the one below first)
    at another table where the swap lowers the pairs; False when no such swap is left."""

    def mates(i: int, table: int, leaving: int) -> int:
        """How many at ``table`` (without ``i`` and ``leaving``) share the club of place ``i``."""
        own = club[order[i]]
        if not own:
            return 0
        return sum(
            1
            for j, t in enumerate(at)
            if t == table and j not in (i, leaving) and club[order[j]] == own
        )

    for i in range(len(order)):
        own = club[order[i]]
        if not own or all(at[k] != at[i] or club[order[k]] != own for k in range(i)):
            continue
        for d in range(1, len(order)):
            for j in (i + d, i - d):
                if not 0 <= j < len(order) or at[j] == at[i]:
                    continue
                before = mates(i, at[i], i) + mates(j, at[j], j)
                after = mates(i, at[j], j) + mates(j, at[i], i)
                if after < before:
                    order[i], order[j] = order[j], order[i]
                    return True
    return False
