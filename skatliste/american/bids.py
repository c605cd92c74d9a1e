"""What an American Grand deal may be (docs/rules.md §A2, §A3): the contracts' bids, the
highest bid a contract can make, and the check of a deal's numbers before it is scored."""

from __future__ import annotations

from skatliste.american.deals import (
    EUCHRE_TRICKS,
    GRAND_SLAM_BONUS,
    HEARTS,
    MAX_BID,
    TRICK_VALUE,
    TRICKS,
    Contract,
    Deal,
)
from skatliste.american.options import SlamCounts
from skatliste.errors import InvalidGameError
from skatliste.i18n import Message, msg, pmsg


def over_six(tricks: int) -> int:
    """The tricks over the book of six: what Whist and Grand score by (§A3)."""
    return max(0, tricks - 6)


# --- validation ---------------------------------------------------------------------------


def said(contract: Contract) -> Message:
    """The contract's table word in the reader's language (``jucker`` for Euchre in German)."""
    return {
        Contract.WHIST: pmsg("table word", "whist"),
        Contract.GRAND: pmsg("table word", "grand"),
        Contract.EUCHRE: pmsg("table word", "euchre"),
        Contract.HEARTS: pmsg("table word", "hearts"),
    }[contract]


def title(contract: Contract) -> Message:
    """The contract's name in the reader's language: Whist, Grand, Jucker (Euchre) and Herz
    (Hearts) in German."""
    return {
        Contract.WHIST: pmsg("contract", "Whist"),
        Contract.GRAND: pmsg("contract", "Grand"),
        Contract.EUCHRE: pmsg("contract", "Euchre"),
        Contract.HEARTS: pmsg("contract", "Hearts"),
    }[contract]


def example(contract: Contract) -> Message:
    """A deal of ``contract`` as a table writes it, in the words of the reader's language."""
    return {
        Contract.WHIST: msg("whist 25 tricks 11"),
        Contract.GRAND: msg("grand 15 tricks 9"),
        Contract.EUCHRE: msg("euchre 10 tricks 4"),
        Contract.HEARTS: msg("hearts 40 hearts 3"),
    }[contract]


def highest_bid(contract: Contract, *, slam_counts: SlamCounts = "score") -> int:
    """The highest bid that some result of the contract can make (a decision, §A2).

    Euchre and Hearts: the highest bid that allows them. Whist and Grand: the most a slam
    puts against the bid (65 and 103 by its score; 35 and 63 by ``slam.counts=over_six``),
    down to a multiple of 5.

    >>> highest_bid(Contract.WHIST), highest_bid(Contract.GRAND)
    (65, 100)
    >>> highest_bid(Contract.WHIST, slam_counts="over_six")
    35
    """
    if contract in MAX_BID:
        return MAX_BID[contract]
    return _most(contract, slam_counts) // 5 * 5


def _most(contract: Contract, slam_counts: SlamCounts) -> int:
    """What a slam in Whist or Grand puts against the bid."""
    per = TRICK_VALUE[contract]
    if slam_counts == "over_six":
        return per * over_six(TRICKS)
    if contract is Contract.WHIST:
        return per * TRICKS
    return per * over_six(TRICKS) + GRAND_SLAM_BONUS


def validate(deal: Deal, *, slam_counts: SlamCounts = "score") -> None:
    """Refuse a deal that cannot exist under §A2 and §A3, saying how to write it right.

    A Whist or Grand bid that no result can make is refused (a decision, §A2):

    >>> try:
    ...     validate(Deal(declarer="Ben", contract=Contract.WHIST, bid=250, tricks=11))
    ... except InvalidGameError as exc:
    ...     print(exc)  # doctest: +ELLIPSIS
    whist 250: a Whist scores at most 65 (all 13 tricks, §A3), ... (did you mean 'whist 25'?)

    >>> try:
    ...     validate(Deal(declarer="Ben", contract=Contract.EUCHRE, bid=25, tricks=5))
    ... except InvalidGameError as exc:
    ...     print(exc)
    euchre 25: a bid of 25 is played alone (§A3); write 'euchre 25 alone tricks 5'
    """
    c, bid = deal.contract, deal.bid
    name = said(c)
    if bid <= 0 or bid % 5:
        raise InvalidGameError(
            msg(
                "{contract} {bid}: a bid is a positive multiple of 5 (5, 10, 15, ...), e.g. "
                "'{example}'",
                contract=name,
                bid=bid,
                example=example(c),
            )
        )
    if c in MAX_BID and bid > MAX_BID[c]:
        raise InvalidGameError(
            msg(
                "{contract} {bid}: {title} may be named only with a bid of {most} or less (§A2); "
                "above it name whist or grand",
                contract=name,
                bid=bid,
                title=title(c),
                most=MAX_BID[c],
            )
        )
    if c in TRICK_VALUE and bid > (top := highest_bid(c, slam_counts=slam_counts)):
        most = _most(c, slam_counts)
        if slam_counts == "over_six":
            why = msg(
                "with slam.counts=over_six a {title} puts at most {most} against the bid (7 over "
                "six × {value}, §A3)",
                title=title(c),
                most=most,
                value=TRICK_VALUE[c],
            )
        else:
            why = msg(
                "a {title} scores at most {most} (all {tricks} tricks, §A3)",
                title=title(c),
                most=most,
                tricks=TRICKS,
            )
        slip = bid // 10
        hint: Message | str = ""
        if bid % 10 == 0 and slip % 5 == 0 and 0 < slip <= top:
            hint = msg(" (did you mean '{contract} {bid}'?)", contract=name, bid=slip)
        raise InvalidGameError(
            msg(
                "{contract} {bid}: {why}, so the highest bid that can be made is {top}; write a "
                "bid of 5 to {top}, e.g. '{example}'{hint}",
                contract=name,
                bid=bid,
                why=why,
                top=top,
                example=example(c),
                hint=hint,
            )
        )
    if deal.alone and c is not Contract.EUCHRE:
        raise InvalidGameError(
            msg(
                "{contract} {bid} alone: only a Euchre is played alone; drop 'alone'",
                contract=name,
                bid=bid,
            )
        )
    if c is Contract.HEARTS:
        _validate_hearts(deal)
        return
    _validate_tricks(deal)


def _validate_hearts(deal: Deal) -> None:
    """A Hearts deal counts the hearts the declaring pair took, 0 to 13 (§A3)."""
    bid = deal.bid
    if deal.tricks is not None:
        raise InvalidGameError(
            msg(
                "hearts {bid} tricks {tricks}: a Hearts deal counts hearts, not tricks; write the "
                "hearts in the declaring pair's tricks, e.g. 'hearts {bid} hearts 3' (hearts 0: "
                "made)",
                bid=bid,
                tricks=deal.tricks,
            )
        )
    if deal.hearts is None:
        raise InvalidGameError(
            msg(
                "hearts {bid}: say how many hearts the declaring pair took, e.g. 'hearts {bid} "
                "hearts 0' (made) or 'hearts {bid} hearts 3'",
                bid=bid,
            )
        )
    if not 0 <= deal.hearts <= HEARTS:
        raise InvalidGameError(
            msg(
                "hearts {hearts}: the declaring pair takes 0 to {most} hearts",
                hearts=deal.hearts,
                most=HEARTS,
            )
        )


def _validate_tricks(deal: Deal) -> None:
    """Whist, Grand and Euchre count the declaring pair's tricks; a Euchre's bid says whether
    it is played alone (§A3)."""
    c, bid = deal.contract, deal.bid
    name = said(c)
    if deal.hearts is not None:
        raise InvalidGameError(
            msg(
                "{contract} {bid} hearts {hearts}: hearts are counted only in a Hearts deal; give "
                "the tricks, e.g. '{example}'",
                contract=name,
                bid=bid,
                hearts=deal.hearts,
                example=example(c),
            )
        )
    most = EUCHRE_TRICKS if c is Contract.EUCHRE else TRICKS
    if deal.tricks is None:
        raise InvalidGameError(
            msg(
                "{contract} {bid}: say how many tricks (out of {most}) the declaring pair took, "
                "e.g. '{example} {bid}{alone} tricks {tricks}'",
                contract=name,
                bid=bid,
                most=most,
                example=name,
                alone=pmsg("table word", " alone") if deal.alone else "",
                tricks=min(most, 11),
            )
        )
    if not 0 <= deal.tricks <= most:
        raise InvalidGameError(
            msg(
                "{contract} {bid} tricks {tricks}: the declaring pair takes 0 to {most} tricks in "
                "{title}",
                contract=name,
                bid=bid,
                tricks=deal.tricks,
                most=most,
                title=title(c),
            )
        )
    if c is Contract.EUCHRE:
        if deal.alone and bid < 20:
            raise InvalidGameError(
                msg(
                    "euchre {bid} alone: a bid under 20 is played with the partner (§A3); drop "
                    "'alone', or bid 20 or 25 to play alone",
                    bid=bid,
                )
            )
        if not deal.alone and bid == MAX_BID[Contract.EUCHRE]:
            raise InvalidGameError(
                msg(
                    "euchre {bid}: a bid of 25 is played alone (§A3); write 'euchre {bid} alone "
                    "tricks {tricks}'",
                    bid=bid,
                    tricks=deal.tricks,
                )
            )
