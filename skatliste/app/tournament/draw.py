"""The draw of a series: the seating, redrawn while no table has a result, and each
table's list made."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from skatliste import tournament as core
from skatliste.app.lists import new_list
from skatliste.app.tournament.base import (
    _check_seed,
    _now,
    has_results,
    open_tournament,
    table_rules,
)
from skatliste.app.tournament.results import refuse_unsound, results, table_points_of
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import msg
from skatliste.seating import seat_by_ranking
from skatliste.store import tournament as store
from skatliste.store.tournament import Tournament, list_name
from skatliste.store.tournament_history import RedrawnPaper, SeriesRedrawn, redraws
from skatliste.tournament import (
    Draw,
)

# --- the draw ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatedTable:
    """A table of a series: its number, its players in seat order, its list."""

    table: int
    players: tuple[str, ...]
    first_dealer: str
    list: str
    """The list file's path, relative to the tournament folder."""


@dataclass(frozen=True)
class SeatingPlan:
    """A drawn series."""

    series: int
    seed: int
    tables: tuple[SeatedTable, ...]
    repeats: tuple[tuple[str, str], ...]
    """Pairs seated together again, though they met in an earlier series."""
    moved: str | None = None
    """Where a redraw put the old series' lists (kept, nothing lost)."""
    together: tuple[tuple[str, str], ...] = ()
    """Pairs of one club (or team) at one table that could not be kept apart."""

    def by_player(self) -> list[tuple[str, int]]:
        """Each player → table, alphabetically (the seating plan at the door)."""
        pairs = [(name, t.table) for t in self.tables for name in t.players]
        return sorted(pairs, key=lambda p: p[0].casefold())


class SeriesNotDrawn(InputError):
    """A series not drawn yet (the edge says how to draw it)."""

    def __init__(self, series: int, drawn: object) -> None:
        self.series = series
        super().__init__(
            msg("series {series} is not drawn (drawn: {drawn})", series=series, drawn=drawn)
        )


class SeriesHasResults(InputError):
    """A redraw refused: the series has results (the edge says how to redraw anyway)."""

    def __init__(self, series: int) -> None:
        self.series = series
        super().__init__(msg("series {series} has results already", series=series))


def _plan(
    t: Tournament,
    series: int,
    moved: str | None = None,
    together: tuple[tuple[str, str], ...] = (),
) -> SeatingPlan:
    seating = t.seating(series)
    if seating is None:
        drawn = ", ".join(str(d.series) for d in t.draws) or msg("none yet")
        raise SeriesNotDrawn(series, drawn)
    earlier = core.pairs_met([d.tables for d in t.draws if d.series < series])
    return SeatingPlan(
        series=series,
        seed=seating.seed,
        tables=tuple(
            SeatedTable(n, table, table[0], list_name(series, n))
            for n, table in enumerate(seating.tables, start=1)
        ),
        repeats=tuple(core.repeated_pairs(seating.tables, earlier)),
        moved=moved,
        together=together,
    )


def seating(folder: Path | str, series: int) -> SeatingPlan:
    """The seating of a drawn series."""
    return _plan(open_tournament(folder), series)


def check_series(t: Tournament, series: int) -> None:
    """A series of the tournament whose series before is drawn: what a draw or a seating by
    hand may seat."""
    if not 1 <= series <= t.series:
        raise InputError(
            msg(
                "series {series}: this tournament has series 1 to {last}",
                series=series,
                last=t.series,
            )
        )
    drawn = {d.series for d in t.draws}
    if series not in drawn and series - 1 not in drawn | {0}:
        raise InputError(
            msg("series {series}: draw series {before} first", series=series, before=series - 1)
        )


Seater = Callable[[Tournament, list[str], int, core.Met], tuple[Draw, tuple[tuple[str, str], ...]]]
"""How a series is seated: (the tournament, its present players, the seed, the pairs met
before) → the draw and the pairs of one club or team it had to seat together. The random
draw is the default; a series seated by results and a league's match day bring their own."""


def by_ranking(series: int, *, apart: bool = False) -> Seater:
    """Seat ``series`` by the ranking after the series before it: places 1-4 at table 1, 5-8
    at table 2, ...; ``apart`` keeps players of one club apart where a swap with the nearest
    place can (``seating.seat_by_ranking``). Every table of the earlier series must be done."""

    def seat(
        t: Tournament, present: list[str], seed: int, met: core.Met
    ) -> tuple[Draw, tuple[tuple[str, str], ...]]:
        if series == 1:
            raise InputError(msg("series 1 has no series before it to seat by: draw it"))
        got = results(t.folder)
        refuse_unsound(got)
        waiting = [
            s for s in got.tables if s.series < series and s.state in ("missing", "in progress")
        ]
        if waiting:
            first = waiting[0]
            state = msg("still playing") if first.state == "in progress" else msg("without result")
            raise InputError(
                msg(
                    "series {series} is seated by the ranking once every table before it is "
                    "done: series {before} table {table} is {state}",
                    series=series,
                    before=first.series,
                    table=first.table,
                    state=state,
                )
            )
        scores = {n: {s: x for s, x in by.items() if s < series} for n, by in got.scores.items()}
        here = [p for p in t.players if p.name in present]
        club = {p.name: p.club or None for p in here}
        # seated by the ranking as the tournament ranks: table points first, ties by lot
        points = table_points_of(got)
        before = None if points is None else {
            n: {s: v for s, v in by.items() if s < series} for n, by in points.items()
        }  # fmt: skip
        lot = t.lot_seed if t.ties is core.Ties.LOT else None
        standings = core.rank(here, scores, lot_seed=lot, points=before)
        seated = seat_by_ranking([(s.name, club[s.name]) for s in standings], apart=apart)
        repeats = tuple(core.repeated_pairs(seated.tables, met))
        return Draw(seed, seated.tables, repeats), seated.together

    return seat


def draw_series(
    folder: Path | str,
    series: int,
    *,
    seed: int | None = None,
    force: bool = False,
    seat: Seater | None = None,
) -> SeatingPlan:
    """Seat the present players for ``series`` and write one list per table. A series is
    redrawn only while no result is entered for it (``force`` otherwise); the old seating
    goes to the history and its lists to a folder beside, so nothing is lost. ``seat`` seats
    them (default: the random draw, no pair again as far as the numbers allow)."""
    folder = Path(folder)
    with store.updating(folder) as t:
        check_series(t, series)
        _check_seed(seed)
        present = [p.name for p in t.players if not p.left]
        sizes = core.table_sizes(len(present))  # refuses 1, 2 and 5 players
        assert sizes
        moved = None
        old = t.seating(series)
        if old is not None:
            if has_results(t, series) and not force:
                raise SeriesHasResults(series)
            moved = f"series-{series}.redrawn-{redraws(t.history, series) + 1}"
            t.history.append(
                SeriesRedrawn(
                    _now(),
                    series,
                    old.seed,
                    tuple(old.tables),
                    moved,
                    tuple(RedrawnPaper(r.table, r.lines) for r in t.paper if r.series == series),
                )
            )
            t.draws.remove(old)
            t.paper = [r for r in t.paper if r.series != series]
        if seed is None:
            seed = t.seed + 1000 * redraws(t.history) + series
        met = core.pairs_met([d.tables for d in t.draws if d.series < series])
        together: tuple[tuple[str, str], ...] = ()
        if seat is None:
            result: Draw = core.draw(present, seed=seed, met=met)
        else:
            result, together = seat(t, present, seed, met)
        _write_lists(t, series, result.tables, moved)
        t.draws.append(
            store.Seating(
                series=series,
                seed=seed,
                time=_now(),
                tables=list(result.tables),
                repeats=len(result.repeats),
            )
        )
        t.draws.sort(key=lambda d: d.series)
        return _plan(t, series, moved, together)


def _write_lists(
    t: Tournament, series: int, tables: Sequence[Sequence[str]], moved: str | None
) -> None:
    """Write the new lists in a folder of their own, then put it in place: a draw that fails
    half-way leaves the series as it was. The old lists move to ``moved``; a folder of the
    series that the tournament file does not know (a crash between the two writes) is kept
    beside, as ``series-S.unrecorded-N``."""
    folder = t.folder
    target = folder / f"series-{series}"
    staging = folder / f".series-{series}.drawing"
    try:
        if staging.exists():
            shutil.rmtree(staging)  # empty lists of a draw that never finished
        staging.mkdir()
        for n, table in enumerate(tables, start=1):
            name = Path(list_name(series, n))
            rules = table_rules(t, len(table))
            new_list(staging / name.name, table, rules=rules)
            if t.double_list:  # the second list of the table, kept by another player
                new_list(staging / f"{name.stem}.b{name.suffix}", table, rules=rules)
        if target.exists():
            aside = moved
            k = 0
            while aside is None or (folder / aside).exists():
                k += 1
                aside = f"series-{series}.unrecorded-{k}"
            target.rename(folder / aside)
        staging.rename(target)
    except OSError as exc:
        raise LedgerError(
            msg(
                "{path}: cannot write the lists: {why}; the series was not drawn",
                path=target,
                why=exc.strerror or exc,
            )
        ) from None
