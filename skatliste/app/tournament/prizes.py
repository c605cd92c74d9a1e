"""Teams and prizes: the club ranking, the prize list, the entry fees."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from skatliste import prizes as money
from skatliste import tournament as core
from skatliste.app.tournament.results import ranking, ranking_of, results
from skatliste.errors import InputError
from skatliste.i18n import Joined, Message, join, msg
from skatliste.prizes import Fee, Prize
from skatliste.tournament import SeriesStatus, TeamStanding


def team_ranking(folder: Path | str, *, size: int = 4) -> list[TeamStanding]:
    """Clubs ranked by the sum of their best ``size`` players' totals."""
    return core.teams(ranking(folder).standings, size=size)


@dataclass(frozen=True)
class PrizeList:
    """Who gets what, and (with fees) what each player pays."""

    prizes: list[Prize]
    fees: list[Fee]
    collected: Fraction
    paid_out: Fraction
    """The prizes as paid: each share in whole cents."""
    remaining: Fraction
    """What the pool (or the fixed amounts) holds beyond that: cents a shared place could not
    split evenly, the part of the pool no place gets, the prizes of places nobody reached."""
    provisional: tuple[SeriesStatus, ...] = ()
    """The tables of a drawn series still playing (or without a result yet), asked for
    provisional: every line of the list can still change."""

    def playing(self) -> Joined:
        """The tables still playing, named."""
        return playing_tables(self.provisional)


OPEN_STATES = ("in progress", "differs", "missing")
"""A table in one of these states still plays: its players' places and fees can change."""


def still_playing(tables: Sequence[SeriesStatus]) -> list[SeriesStatus]:
    """The tables of the drawn series that have no final result yet."""
    return [s for s in tables if s.state in OPEN_STATES]


def _table(s: SeriesStatus) -> Message:
    if s.state == "missing":
        return msg("series {series} table {table} (no result yet)", series=s.series, table=s.table)
    return msg(
        "series {series} table {table} ({games}/{length})",
        series=s.series,
        table=s.table,
        games=s.games,
        length=s.length,
    )


def playing_tables(tables: Sequence[SeriesStatus]) -> Joined:
    """The tables still playing, named: series 2 table 4 (1/36), ..."""
    return join([_table(s) for s in tables], ", ")


class TablesStillPlaying(InputError):
    """No prize list while a table plays (its places can still change): ``tables`` are the
    tables still playing; the edge says how to ask for a provisional list (``told``)."""

    def __init__(self, tables: Sequence[SeriesStatus]) -> None:
        self.tables = tuple(tables)
        super().__init__(self.told(None))

    def told(self, how: Message | None) -> Message:
        """The refusal, with ``how`` to get a provisional list after it."""
        said = msg(
            "no prizes while tables still play: {tables}", tables=playing_tables(self.tables)
        )
        return said if how is None else msg("{problem}; {how}", problem=said, how=how)


def prize_list(
    folder: Path | str,
    *,
    pool: Fraction | None = None,
    split: Sequence[Fraction] = (),
    amounts: Sequence[Fraction] = (),
    entry: Fraction | None = None,
    lost_game: Sequence[Fraction] = (),
    provisional: bool = False,
) -> PrizeList:
    """Prizes from a pool split in percent or from fixed amounts; equal places share. With an
    entry fee or lost games' fees: each player's fees (start money, each lost game; more than
    one amount: the n-th lost game of a series costs the n-th, the last every game beyond).
    While a table still plays: refused (:class:`TablesStillPlaying`), or with ``provisional``
    the list as it stands, every line provisional."""
    got = results(folder)
    standings = ranking_of(got).standings
    playing = still_playing(got.tables)
    if playing and not provisional:
        raise TablesStillPlaying(playing)
    pool_amount = pool
    wanted = money.prize_amounts(pool=pool, split=split, amounts=amounts)
    paid = money.prizes(standings, wanted)
    fee_list: list[Fee] = []
    if entry is not None or lost_game:
        lost = {name: {n: x.lost for n, x in by.items()} for name, by in got.scores.items()}
        fee_list = money.fees(
            standings,
            entry=entry or Fraction(0),
            lost_game=list(lost_game) or [Fraction(0)],
            lost=lost,
        )
    paid_out = sum((p.amount for p in paid), Fraction(0))
    offered = pool_amount if pool_amount is not None else sum(wanted, Fraction(0))
    return PrizeList(
        paid,
        fee_list,
        sum((f.total for f in fee_list), Fraction(0)),
        paid_out,
        offered - paid_out,
        tuple(playing),
    )
