"""Money: a stake as typed, and the settlement of a list's totals (rules §8). Exact fractions
until printed; shared by every game family."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from skatliste.errors import InputError
from skatliste.i18n import msg


@dataclass(frozen=True)
class Settlement:
    """Money: each player's balance and who pays whom, exact until printed (rules §8)."""

    balances: dict[str, Fraction]
    payments: list[tuple[str, str, Fraction]]
    """(payer, receiver, amount) for every pair with different totals."""


MAX_STAKE_CENT = 10_000
"""The highest stake per point, in cent (100 € a point); more is a typing slip."""

_STAKE = re.compile(r"^(\d{1,6})(?:[.,](\d{1,6}))?$|^(\d{1,6})/(\d{1,6})$")


def parse_amount(text: str) -> Fraction | None:
    """An amount of 0 or more as typed: ``0.25``, ``0,5``, ``1/4`` (at most six digits on each
    side, so no typing slip reaches the arithmetic), exact; None if it is not one.

    >>> parse_amount("12,50"), parse_amount("1e309"), parse_amount("-1")
    (Fraction(25, 2), None, None)
    """
    m = _STAKE.match(text.strip())
    if m is None:
        return None
    if m.group(1) is not None:
        return Fraction(f"{m.group(1)}.{m.group(2) or 0}")
    if int(m.group(4)) == 0:
        return None
    return Fraction(int(m.group(3)), int(m.group(4)))


def parse_stake(text: str) -> Fraction:
    """The stake per point in cent, as typed: ``0.25``, ``0,5``, ``1/4``; exact. A stake that
    cannot be is refused in Skat words; the edge says where it was typed (``--cent``, ``cent=``).

    >>> parse_stake("0,25"), parse_stake("1/3")
    (Fraction(1, 4), Fraction(1, 3))
    """
    m = _STAKE.match(text.strip())
    how = msg("give the stake per point in cent, e.g. 0.25, 0,5 or 1/4")
    if m is None:
        if text.strip().startswith(("-", "−")):
            raise InputError(msg("the stake cannot be negative; {how}", how=how))
        raise InputError(how)
    if m.group(1) is not None:
        stake = Fraction(f"{m.group(1)}.{m.group(2) or 0}")
    else:
        if int(m.group(4)) == 0:
            raise InputError(msg("a fraction cannot divide by 0; {how}", how=how))
        stake = Fraction(int(m.group(3)), int(m.group(4)))
    if stake > MAX_STAKE_CENT:
        raise InputError(
            msg(
                "at most {most} cent (100 €) a point; the stake is in cent, e.g. 0.25 for a "
                "quarter cent",
                most=MAX_STAKE_CENT,
            )
        )
    return stake


def settle(totals: dict[str, int], stake: Fraction) -> Settlement:
    """Each pair settles the difference of its totals × stake.

    Player i receives (n × total_i − sum of totals) × stake; the balances sum to 0.

    >>> s = settle({"A": 218, "B": -81, "C": 60, "D": -38}, Fraction(1, 4))
    >>> {k: float(v) for k, v in s.balances.items()}
    {'A': 178.25, 'B': -120.75, 'C': 20.25, 'D': -77.75}
    """
    names = list(totals)
    n = len(names)
    whole = sum(totals.values())
    balances = {name: (n * totals[name] - whole) * stake for name in names}
    payments: list[tuple[str, str, Fraction]] = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = (totals[a] - totals[b]) * stake
            if diff > 0:
                payments.append((b, a, diff))
            elif diff < 0:
                payments.append((a, b, -diff))
    return Settlement(balances, payments)
