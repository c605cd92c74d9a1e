"""A tournament's money, pure: the prize of each place (a pool split in percent, or fixed
amounts; equal places share), and what each player pays (the entry fee and his lost games'
fees, one fee or in tiers per series). No files.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skatliste.errors import OptionError
from skatliste.i18n import msg
from skatliste.tournament import Standing, with_places  # noqa: F401 - with_places: doctests


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
    standings = [s for s in standings if s.ranked]  # a player who left wins no prize
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
