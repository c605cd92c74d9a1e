"""Teams and prizes: the club ranking, the prize list, the entry fees."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from skatliste import tournament as core
from skatliste.app.tournament.results import ranking
from skatliste.tournament import (
    Fee,
    Prize,
    TeamStanding,
)


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


def prize_list(
    folder: Path | str,
    *,
    pool: Fraction | None = None,
    split: Sequence[Fraction] = (),
    amounts: Sequence[Fraction] = (),
    entry: Fraction | None = None,
    lost_game: Fraction | None = None,
) -> PrizeList:
    """Prizes from a pool split in percent or from fixed amounts; equal places share. With an
    entry fee or a lost game's fee: each player's fees (start money, each lost game)."""
    standings = ranking(folder).standings
    pool_amount = pool
    wanted = core.prize_amounts(pool=pool, split=split, amounts=amounts)
    got = core.prizes(standings, wanted)
    fee_list: list[Fee] = []
    if entry is not None or lost_game is not None:
        fee_list = core.fees(
            standings,
            entry=entry or Fraction(0),
            lost_game=lost_game or Fraction(0),
        )
    paid_out = sum((p.amount for p in got), Fraction(0))
    offered = pool_amount if pool_amount is not None else sum(wanted, Fraction(0))
    return PrizeList(
        got,
        fee_list,
        sum((f.total for f in fee_list), Fraction(0)),
        paid_out,
        offered - paid_out,
    )
