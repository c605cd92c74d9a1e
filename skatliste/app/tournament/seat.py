"""A table seated by hand: a late arrival, a seating made elsewhere. The table is set as
given (seat 1 deals first, as at a drawn table) and gets its list like a drawn one."""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path

from skatliste import tournament as core
from skatliste.app.agree import pair
from skatliste.app.lists import new_list
from skatliste.app.tournament.base import _now, table_rules
from skatliste.app.tournament.draw import SeatingPlan, _plan, check_series
from skatliste.app.tournament.players import NoSuchPlayer
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import msg
from skatliste.store import tournament as store
from skatliste.store.tournament import Tournament, list_name
from skatliste.store.tournament_history import TableSeated, redraws


class TableHasResults(InputError):
    """A table seated again though it has results (the edge says how to do it anyway)."""

    def __init__(self, series: int, table: int) -> None:
        self.series, self.table = series, table
        super().__init__(
            msg(
                "series {series} table {table} has results already",
                series=series,
                table=table,
            )
        )


def _players(t: Tournament, names: Sequence[str]) -> tuple[str, ...]:
    """The registered, present players of ``names`` in the order given, each once."""
    if len(names) not in (3, 4):
        raise InputError(
            msg(
                "give the table's 3 or 4 players in seat order ({count} given)",
                count=len(names),
            )
        )
    seated: list[str] = []
    for name in names:
        player = t.player(" ".join(name.split()))
        if player is None:
            raise NoSuchPlayer(name)
        if player.left:
            raise InputError(
                msg("'{name}' has left the tournament: seat a present player", name=player.name)
            )
        if player.name in seated:
            raise InputError(
                msg("'{name}' is given twice: a player has one seat", name=player.name)
            )
        seated.append(player.name)
    return tuple(seated)


def _check_table(t: Tournament, series: int, table: int, players: tuple[str, ...]) -> None:
    """A table of the series or the next one, none of ``players`` at another table."""
    seating = t.seating(series)
    tables = seating.tables if seating is not None else []
    if not 1 <= table <= len(tables) + 1:
        if not tables:
            raise InputError(
                msg("series {series} has no table yet: seat table 1 first", series=series)
            )
        raise InputError(
            msg(
                "series {series} has tables 1 to {last}: seat one of them or table {next}",
                series=series,
                last=len(tables),
                next=len(tables) + 1,
            )
        )
    for n, other in enumerate(tables, start=1):
        twice = next((p for p in players if p in other), None) if n != table else None
        if twice is not None:
            raise InputError(
                msg(
                    "{name} sits at table {other} of series {series} already: a player has "
                    "one seat in a series",
                    name=twice,
                    other=n,
                    series=series,
                )
            )


def _has_results(t: Tournament, series: int, table: int) -> bool:
    """A paper result for the table, or games on its list."""
    if t.paper_result(series, table) is not None:
        return True
    return bool(store.list_games(t.folder, list_name(series, table)))


def seat_table(
    folder: Path | str,
    series: int,
    table: int,
    names: Sequence[str],
    *,
    force: bool = False,
) -> SeatingPlan:
    """Set table ``table`` of ``series`` to ``names`` (3 or 4 registered players in seat
    order) and write its list. The table is a table of the series or the next one (a series
    never drawn starts with table 1); nobody sits twice in a series. A table with results is
    seated again only with ``force``: its old seating and paper result go to the history, its
    list beside the series, so nothing is lost."""
    folder = Path(folder)
    with store.updating(folder) as t:
        check_series(t, series)
        players = _players(t, names)
        _check_table(t, series, table, players)
        seating = t.seating(series)
        old = seating.tables[table - 1] if seating and table <= len(seating.tables) else None
        if old is not None and _has_results(t, series, table) and not force:
            raise TableHasResults(series, table)
        paper = t.paper_result(series, table) if old is not None else None
        if paper is not None:
            t.paper.remove(paper)
        moved = _write_list(t, series, table, players)
        t.history.append(
            TableSeated(
                _now(),
                series,
                table,
                players,
                replaced=old,
                paper=None if paper is None else paper.lines,
                moved=moved,
            )
        )
        if seating is None:
            seed = t.seed + 1000 * redraws(t.history) + series
            seating = store.Seating(series=series, seed=seed, time=_now(), tables=[])
            t.draws.append(seating)
            t.draws.sort(key=lambda d: d.series)
        if old is None:
            seating.tables.append(players)
        else:
            seating.tables[table - 1] = players
        seating.time = _now()
        met = core.pairs_met([d.tables for d in t.draws if d.series < series])
        seating.repeats = len(core.repeated_pairs(seating.tables, met))
        return _plan(t, series, moved)


def _write_second(t: Tournament, series: int, table: int, players: tuple[str, ...]) -> None:
    """The table's second list (the double list), new beside the first; an old one moves to
    ``series-S.table-NN.seated-K.b.json``, nothing lost."""
    second = pair(t.folder / list_name(series, table))
    if second.exists():
        k = 1
        while (t.folder / f"series-{series}.table-{table:02d}.seated-{k}.b.json").exists():
            k += 1
        second.rename(t.folder / f"series-{series}.table-{table:02d}.seated-{k}.b.json")
    new_list(second, players, rules=table_rules(t, len(players)))


def _write_list(t: Tournament, series: int, table: int, players: tuple[str, ...]) -> str | None:
    """Write the table's new list in a folder of its own, then put it in place; an old list
    there moves to ``series-S.table-NN.seated-K.json`` (returned), nothing lost."""
    target = t.folder / list_name(series, table)
    staging = target.parent / f".table-{table:02d}.seating"
    moved = None
    try:
        target.parent.mkdir(exist_ok=True)
        if staging.exists():
            shutil.rmtree(staging)  # the empty list of a seating that never finished
        staging.mkdir()
        new_list(
            staging / target.name,
            players,
            rules=table_rules(t, len(players)),
        )
        if target.exists():
            k = 1
            while (t.folder / f"series-{series}.table-{table:02d}.seated-{k}.json").exists():
                k += 1
            moved = f"series-{series}.table-{table:02d}.seated-{k}.json"
            target.rename(t.folder / moved)
        os.replace(staging / target.name, target)
        shutil.rmtree(staging)
        if t.double_list:
            _write_second(t, series, table, players)
    except OSError as exc:
        raise LedgerError(
            msg(
                "{path}: cannot write the list: {why}; the table was not seated",
                path=target,
                why=exc.strerror or exc,
            )
        ) from None
    return moved
