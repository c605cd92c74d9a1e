"""A deal's computation as players say it, German or English (docs/rules.md §A3).

>>> from skatliste.american.game import Contract, Deal, score
>>> computation(score(Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11)))
'Whist: 11 Stiche, 5 über sechs × 5 = 25'
"""

from __future__ import annotations

from skatliste.american.bids import title
from skatliste.american.deals import (
    EUCHRE_SET_WITH_PARTNER,
    GRAND_SLAM_BONUS,
    HEARTS,
    HEARTS_MADE,
    TRICK_VALUE,
    TRICKS,
    Contract,
)
from skatliste.american.game import (
    DealScore,
    over_six,
)
from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.printed import signed

REASONS: dict[str, Message] = {
    "hundred": msg("100 reached"),
    "slam": msg("grand slam in Grand"),
    "deals": msg("deals played"),
    "hand": msg("ended by hand"),
}
"""Why a partie ended (§A4), in words."""


# --- the computation in words -------------------------------------------------------------


def _tricks_value(tricks: int, per: int, contract: Contract, *, slam: bool = True) -> Message:
    """``11 Stiche, 5 über sechs × 5 = 25``; ``slam``: all 13 tricks score as a slam."""
    over = over_six(tricks)
    if tricks == TRICKS and slam and contract is Contract.WHIST:
        return nmsg(
            "{count} trick, slam: all {count} × {per} = {value}",
            "{count} tricks, slam: all {count} × {per} = {value}",
            tricks,
            per=per,
            value=per * TRICKS,
        )
    if tricks == TRICKS and slam:
        return nmsg(
            "{count} trick, slam: {over} over six × {per} + {bonus} = {value}",
            "{count} tricks, slam: {over} over six × {per} + {bonus} = {value}",
            tricks,
            over=over,
            per=per,
            bonus=GRAND_SLAM_BONUS,
            value=per * over + GRAND_SLAM_BONUS,
        )
    if over == 0:
        return nmsg("{count} trick, none over six: 0", "{count} tricks, none over six: 0", tricks)
    return nmsg(
        "{count} trick, {over} over six × {per} = {value}",
        "{count} tricks, {over} over six × {per} = {value}",
        tricks,
        over=over,
        per=per,
        value=per * over,
    )


def _defenders(theirs: int, per: int, won: int) -> Message:
    """What the defenders of a set trick contract score: ``Gegner 9 Stiche, 3 über sechs × 5 =
    +15``."""
    over = over_six(theirs)
    if not over:
        return nmsg(
            "defenders {count} trick, none over six: 0",
            "defenders {count} tricks, none over six: 0",
            theirs,
        )
    return nmsg(
        "defenders {count} trick, {over} over six × {per} = +{value}",
        "defenders {count} tricks, {over} over six × {per} = +{value}",
        theirs,
        over=over,
        per=per,
        value=won,
    )


def computation(s: DealScore, *, lang: Lang = "de") -> str:
    """The deal's computation as players say it, German or English.

    >>> from skatliste.american.game import Deal, score
    >>> d = Deal(declarer="Ben", contract=Contract.WHIST, bid=20, tricks=4)
    >>> computation(score(d), lang="en")
    'Whist: 4 tricks, none over six: 0 < bid 20: set, −20; defenders 9 tricks, 3 over six × 5 = +15'
    """
    return said(s).render(lang)


def said(s: DealScore) -> Message:
    """:func:`computation` as a message."""
    d = s.deal
    c = d.contract
    name = title(c)
    if c in TRICK_VALUE:
        assert d.tricks is not None
        per = TRICK_VALUE[c]
        as_slam = s.made or s.slam_counts == "score"
        tricks = _tricks_value(d.tricks, per, c, slam=as_slam)
        if s.made:
            text = msg("{contract}: {tricks}", contract=name, tricks=tricks)
        else:
            text = msg(
                "{contract}: {tricks} < bid {bid}: set, −{bid}; {defenders}",
                contract=name,
                tricks=tricks,
                bid=d.bid,
                defenders=_defenders(TRICKS - d.tricks, per, s.defending),
            )
        if s.slam_pair == "declaring":
            return msg("{computation}; wins the partie", computation=text)
        if s.slam_pair == "defending":
            return msg("{computation}; the defenders' slam wins them the partie", computation=text)
        return text
    if c is Contract.EUCHRE:
        assert d.tricks is not None
        values = {"contract": name, "value": s.value, "bid": d.bid, "lost": signed(s.declaring)}
        if s.made and d.alone:
            return nmsg(
                "{contract} alone: {count} trick = {value}",
                "{contract} alone: {count} tricks = {value}",
                d.tricks,
                **values,
            )
        if s.made:
            return nmsg(
                "{contract} with partner: {count} trick = {value}",
                "{contract} with partner: {count} tricks = {value}",
                d.tricks,
                **values,
            )
        if d.alone:
            return nmsg(
                "{contract} alone: {count} trick = {value} < bid {bid}: set, 2 × {bid} = {lost}",
                "{contract} alone: {count} tricks = {value} < bid {bid}: set, 2 × {bid} = {lost}",
                d.tricks,
                **values,
            )
        return nmsg(
            "{contract} with partner: {count} trick = {value} < bid {bid}: set, {bid} + {penalty} "
            "= {lost}",
            "{contract} with partner: {count} tricks = {value} < bid {bid}: set, {bid} + "
            "{penalty} = {lost}",
            d.tricks,
            penalty=EUCHRE_SET_WITH_PARTNER,
            **values,
        )
    assert d.hearts is not None
    if s.made:
        text = msg("{contract}: no heart taken = {value}", contract=name, value=HEARTS_MADE)
    else:
        text = nmsg(
            "{contract}: {count} heart taken: set, {bid} + {count} = {lost}",
            "{contract}: {count} hearts taken: set, {bid} + {count} = {lost}",
            d.hearts,
            contract=name,
            bid=d.bid,
            lost=signed(s.declaring),
        )
    if not s.defending:
        return text
    return nmsg(
        "{computation}; defenders {count} heart: {points}",
        "{computation}; defenders {count} hearts: {points}",
        HEARTS - d.hearts,
        computation=text,
        points=signed(s.defending),
    )
