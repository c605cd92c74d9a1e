"""The summary: each player's totals, games declared, won and lost, and the ranking (rules §7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skatliste.skat.entries import Entry, PassedEntry, RamschEntry, Table
from skatliste.skat.row import Row
from skatliste.skat.rulesets import Ranking
from skatliste.skat.sheet import Derived, bierlachs_reached, derive, rows


@dataclass
class PlayerSummary:
    """One player's line of the summary."""

    name: str
    total: int = 0
    sf_total: int = 0
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
    ranked_by: Ranking
    rounds: tuple[int, int] = (0, 0)
    """First and last round counted."""
    problems: int = 0
    ramsch: int = 0
    bierlachs: tuple[str, int, int] | None = None
    """(player, game number, total) of who reached the Bierlachs limit first."""


def summarise(table: Table, entries: Sequence[Entry], *, only_round: int | None = None) -> Summary:
    """Totals, games declared/won/lost, Seeger-Fabian and rank, for all or one round.

    Ranking: list points in a classic list; in a tournament Seeger-Fabian points, then more
    won games, then fewer lost games (rules §7). Equal players share a rank.
    """
    if only_round is None:
        return summary_of(table, derive(table, entries))
    people = {name: PlayerSummary(name) for name in table.players}
    counts = {"games": 0, "passed": 0, "problems": 0, "ramsch": 0}
    bierlachs: tuple[str, int, int] | None = None
    for row in rows(table, entries):
        if table.rules.bierlachs and bierlachs is None:
            bierlachs = bierlachs_reached(table, row.totals, row.number)
        if row.round == only_round:
            _count_row(people, counts, row)
    return _ranked(
        table,
        people,
        games=counts["games"],
        passed=counts["passed"],
        rounds=(only_round, only_round) if counts["games"] else (0, 0),
        problems=counts["problems"],
        ramsch=counts["ramsch"],
        bierlachs=bierlachs,
    )


def _count_row(people: dict[str, PlayerSummary], counts: dict[str, int], row: Row) -> None:
    """Count one game of a round's summary."""
    counts["games"] += 1
    for name, person in people.items():
        person.total += row.points[name]
        person.sf_total += row.sf_points[name]
    entry = row.entry
    if isinstance(entry, PassedEntry):
        counts["passed"] += 1
    elif isinstance(entry, RamschEntry):
        counts["ramsch"] += 1
    elif row.result is None:
        counts["problems"] += 1
    elif entry.declarer in people:
        who = people[entry.declarer]
        who.declared += 1
        if row.result.won:
            who.won += 1
        else:
            who.lost += 1


def summary_of(table: Table, derived: Derived) -> Summary:
    """The summary of the whole list from its derived state (no game is read again)."""
    people = {
        name: PlayerSummary(
            name,
            total=derived.totals[name],
            sf_total=derived.sf_totals[name],
            declared=derived.declared[name],
            won=derived.won[name],
            lost=derived.lost[name],
        )
        for name in table.players
    }
    n = derived.count
    return _ranked(
        table,
        people,
        games=n,
        passed=derived.passed,
        rounds=(1, (n - 1) // table.size + 1) if n else (0, 0),
        problems=derived.problems,
        ramsch=derived.ramsch,
        bierlachs=derived.bierlachs,
    )


def _ranked(
    table: Table,
    people: dict[str, PlayerSummary],
    *,
    games: int,
    passed: int,
    rounds: tuple[int, int],
    problems: int,
    ramsch: int,
    bierlachs: tuple[str, int, int] | None,
) -> Summary:
    """Ranking: list points in a classic list; in a tournament Seeger-Fabian points, then
    more won games, then fewer lost games (rules §7). Equal players share a rank."""
    by_sf = table.rules.seeger_fabian_ranks

    def key(p: PlayerSummary) -> tuple[int, ...]:
        if by_sf:
            return (-p.sf_total, -p.won, p.lost)
        return (-p.total,)

    ordered = sorted(people.values(), key=key)
    for pos, p in enumerate(ordered):
        p.rank = ordered[pos - 1].rank if pos and key(ordered[pos - 1]) == key(p) else pos + 1
    return Summary(
        players=ordered,
        games=games,
        passed=passed,
        ranked_by=Ranking.SEEGER_FABIAN if by_sf else Ranking.LIST,
        rounds=rounds,
        problems=problems,
        ramsch=ramsch,
        bierlachs=bierlachs,
    )
