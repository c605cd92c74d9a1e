"""Teams and prizes: the club ranking, the prize list, the entry fees."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from skatliste import tournament as core
from skatliste.app.tournament.results import ranking
from skatliste.errors import OptionError
from skatliste.i18n import msg
from skatliste.tournament import (
    Fee,
    Prize,
    TeamStanding,
)


def team_ranking(folder: Path | str, *, size: int = 4) -> list[TeamStanding]:
    """Clubs ranked by the sum of their best ``size`` players' totals."""
    return core.teams(ranking(folder).standings, size=size)


EXAMPLES = {
    "pool": "500",
    "split": "30,20,15",
    "amounts": "100,60,40",
    "entry": "10",
    "lost_game": "0.50",
}
"""An amount as each setting takes it (the edge says where it is typed)."""


def _one_amount(text: str, raw: str, what: str) -> Fraction:
    """One amount as the core reads money (``sheet.parse_amount``: 12.50, 12,50, 1/3; six
    digits at most before the point, so 1e309 or a typing slip never reaches the sums)."""
    from skatliste.skat.sheet import parse_amount

    text = text.strip()
    value = parse_amount(text)
    if value is not None:
        return value
    if text.startswith(("-", "−")):
        problem = msg(
            "{part} is negative; give e.g. {example}", part=repr(text), example=EXAMPLES[what]
        )
        raise OptionError(what, problem, value=raw)
    problem = msg(
        "{part} is not a number (e.g. {example}): write at most six digits before the decimal "
        "point or comma, and no exponent",
        part=repr(text),
        example=EXAMPLES[what],
    )
    raise OptionError(what, problem, value=raw)


def _amounts(raw: str | None, what: str) -> list[Fraction]:
    if raw is None:
        return []
    return [_one_amount(part, raw, what) for part in raw.split(",")]


def _amount(raw: str | None, what: str) -> Fraction | None:
    if raw is None:
        return None
    values = _amounts(raw, what)
    if len(values) != 1:
        problem = msg("give one amount, e.g. {example}", example=EXAMPLES[what])
        raise OptionError(what, problem, value=raw)
    return values[0]


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
    pool: str | None = None,
    split: str | None = None,
    amounts: str | None = None,
    entry: str | None = None,
    lost_game: str | None = None,
) -> PrizeList:
    """Prizes from ``--pool``/``--split`` (percent) or ``--amounts``; equal places share.
    With ``--entry``/``--lost-game``: each player's fees (start money, each lost game)."""
    standings = ranking(folder).standings
    pool_amount = _amount(pool, "pool")
    wanted = core.prize_amounts(
        pool=pool_amount,
        split=_amounts(split, "split"),
        amounts=_amounts(amounts, "amounts"),
    )
    got = core.prizes(standings, wanted)
    fee_list: list[Fee] = []
    if entry is not None or lost_game is not None:
        fee_list = core.fees(
            standings,
            entry=_amount(entry, "entry") or Fraction(0),
            lost_game=_amount(lost_game, "lost_game") or Fraction(0),
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
