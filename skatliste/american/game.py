"""American Grand: the partnership game's list (Whist, Grand, Euchre, Hearts).

Pure core, no I/O: the contracts, a deal's validation, the score of each contract, the
partie and its end, the final settlement, the dealer rotation. The rules are docs/rules.md,
§A1 to §A6, cited below by those numbers.

Four players sit in seat order; partners sit opposite, so seats 1 and 3 are one pair ("NS")
and seats 2 and 4 the other ("EW"). Pairs are numbered 0 and 1 here.

>>> s = score(Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11))
>>> s.made, s.declaring, s.defending
(True, 25, 0)

The computation in words is ``skatliste.american.explain``'s, the table words
``skatliste.american.words``'.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from skatliste.american.bids import example as example
from skatliste.american.bids import highest_bid as highest_bid
from skatliste.american.bids import over_six as over_six
from skatliste.american.bids import validate as validate
from skatliste.american.deals import (
    EUCHRE_ALONE_MARCH,
    EUCHRE_SCORE,
    EUCHRE_SET_WITH_PARTNER,
    EUCHRE_TRICKS,
    GRAND_SLAM_BONUS,
    HEARTS,
    HEARTS_MADE,
    PARTIE_TARGET,
    SETS_CREDIT,
    TRICK_VALUE,
    TRICKS,
    Entry,
)
from skatliste.american.deals import Contract as Contract  # the facts, named here too
from skatliste.american.deals import Deal as Deal
from skatliste.american.deals import PartieEnd as PartieEnd
from skatliste.american.options import HeartsDefenders, SlamCounts
from skatliste.errors import InputError, InvalidGameError
from skatliste.i18n import Message, msg

# --- scoring each contract (§A3) ---------------------------------------------------------


@dataclass(frozen=True)
class DealScore:
    """A deal's score: made or set, what each pair gets, and how it was computed."""

    deal: Deal
    made: bool
    value: int
    """What the declaring side's play is worth (compared with the bid)."""
    declaring: int
    """Points for the declaring pair (negative when set)."""
    defending: int
    """Points for the defending pair."""
    slam_pair: Literal["declaring", "defending"] | None = None
    """A grand slam in Grand (§A3): which pair made it; it wins the partie for that pair."""
    slam_counts: SlamCounts = "score"
    """How the slam was put against the bid (the computation says it so)."""

    @property
    def set(self) -> bool:
        """A failed contract (§A3: подсад)."""
        return not self.made


def score(
    deal: Deal,
    *,
    hearts_defenders: HeartsDefenders = "on_set",
    slam_counts: SlamCounts = "score",
) -> DealScore:
    """Score one deal by §A3 (``score_deal``)."""
    return score_deal(deal, hearts_defenders=hearts_defenders, slam_counts=slam_counts)


def score_deal(
    deal: Deal,
    *,
    hearts_defenders: HeartsDefenders = "on_set",
    slam_counts: SlamCounts = "score",
) -> DealScore:
    """Score one deal by §A3 (the deal is validated first).

    >>> score(Deal(declarer="Ben", contract=Contract.GRAND, bid=10, tricks=13)).declaring
    103
    >>> s = score(Deal(declarer="Ben", contract=Contract.HEARTS, bid=40, hearts=3))
    >>> s.declaring, s.defending
    (-43, -10)
    """
    validate(deal, slam_counts=slam_counts)
    c, bid = deal.contract, deal.bid
    if c in TRICK_VALUE:
        assert deal.tricks is not None
        per = TRICK_VALUE[c]
        tricks = deal.tricks
        value = per * over_six(tricks)
        if tricks == TRICKS:
            # Whist: a slam scores all 13 tricks (65); Grand: 40 more for the first six (103)
            value = per * TRICKS if c is Contract.WHIST else value + GRAND_SLAM_BONUS
        slam: Literal["declaring", "defending"] | None = None
        if c is Contract.GRAND and tricks in (0, TRICKS):
            slam = "declaring" if tricks == TRICKS else "defending"
        # decision (option slam.counts): made when what the pair scores, a slam's score
        # included, reaches the bid; 'over_six' reads §A3 word for word
        reaches = value if slam_counts == "score" else per * over_six(tricks)
        if reaches >= bid:
            return DealScore(deal, True, value, value, 0, slam, slam_counts)
        defenders = per * over_six(TRICKS - tricks)
        return DealScore(deal, False, reaches, -bid, defenders, slam, slam_counts)
    if c is Contract.EUCHRE:
        assert deal.tricks is not None
        value = EUCHRE_SCORE[deal.tricks]
        if deal.alone and deal.tricks == EUCHRE_TRICKS:
            value = EUCHRE_ALONE_MARCH
        if value >= bid:
            return DealScore(deal, True, value, value, 0)
        # decision: the defenders score nothing in Euchre
        lost = 2 * bid if deal.alone else bid + EUCHRE_SET_WITH_PARTNER
        return DealScore(deal, False, value, -lost, 0)
    assert deal.hearts is not None
    their = HEARTS - deal.hearts
    if deal.hearts == 0:
        defenders = -their if hearts_defenders == "always" else 0
        return DealScore(deal, True, HEARTS_MADE, HEARTS_MADE, defenders)
    return DealScore(deal, False, 0, -(bid + deal.hearts), -their)


# --- the table and the partie (§A1, §A4) -------------------------------------------------


@dataclass(frozen=True)
class Table:
    """Four players in seat order (partners opposite), the first dealer and the options."""

    players: tuple[str, ...]
    first_dealer: str
    hearts_defenders: HeartsDefenders = "on_set"
    partie_deals: int | None = None
    """End a partie after this many deals (§A4); None: only by 100, a Grand slam, or by hand."""
    slam_counts: SlamCounts = "score"

    def __post_init__(self) -> None:
        if len(self.players) != 4:
            raise InputError(
                msg(
                    "American Grand is played by four players, partners opposite; got {count}: "
                    "give four names, e.g. Anna Ben Carl Dora",
                    count=len(self.players),
                )
            )

    @functools.cached_property
    def pairs(self) -> dict[str, int]:
        """Each player's pair: 0 for seats 1 and 3, 1 for seats 2 and 4."""
        return {p: i % 2 for i, p in enumerate(self.players)}

    @functools.cached_property
    def dealers(self) -> tuple[str, ...]:
        """The four players in the order they deal, the first dealer first."""
        start = self.players.index(self.first_dealer)
        return tuple(self.players[(start + i) % 4] for i in range(4))

    def pair_of(self, player: str) -> int:
        """0 for seats 1 and 3, 1 for seats 2 and 4."""
        return self.players.index(player) % 2

    def pair(self, index: int) -> tuple[str, str]:
        """The two partners of pair 0 or 1."""
        return self.players[index], self.players[index + 2]

    def pair_name(self, index: int) -> str:
        """``Anna+Carl``."""
        return "+".join(self.pair(index))

    def dealer(self, index: int) -> str:
        """The dealer of deal ``index`` (0-based over the whole list): the deal rotates
        clockwise (§A1), on from one partie to the next."""
        return self.dealers[index % 4]


def pair_points(table: Table, s: DealScore) -> tuple[int, int]:
    """The deal's points for pair 0 and pair 1."""
    declaring = table.pair_of(s.deal.declarer)
    out = [0, 0]
    out[declaring] = s.declaring
    out[1 - declaring] = s.defending
    return out[0], out[1]


@dataclass(frozen=True)
class Settlement:
    """The final result of a partie (§A5)."""

    points: tuple[int, int]
    sets: tuple[int, int]
    score_credit: int
    """Step 1: 100 − the lower score."""
    score_to: int | None
    """The pair credited with step 1 (the higher score); None on equal scores."""
    sets_credit: int
    """Step 2: the difference of sets × 10."""
    sets_to: int | None
    """The pair credited with step 2 (fewer sets); None on equal sets."""
    final: tuple[int, int]
    winner: int | None
    """Step 3: the pair with more final points; a Grand slam's pair; None on a tie."""
    by_slam: bool = False

    @property
    def margin(self) -> int:
        """By how much the winner's final points exceed the other pair's (0 on a tie)."""
        if self.winner is None:
            return 0
        return self.final[self.winner] - self.final[1 - self.winner]


Settled = tuple[int, int | None, int, int | None, int, int, int | None]
"""§A5 as numbers: the score credit and its pair, the sets credit and its pair, the pairs'
final points, the winner (None: a tie)."""


def settled(a: int, b: int, x: int, y: int, slam_winner: int | None) -> Settled:
    """§A5 for the pairs' scores ``a`` and ``b`` and sets ``x`` and ``y`` (:func:`settle`'s
    numbers, without its object: a long list's summary settles thousands of parties).

    >>> settled(80, 60, 7, 5, None)
    (40, 0, 20, 1, 40, 20, 0)
    """
    score_credit = PARTIE_TARGET - (a if a < b else b)
    score_to = None if a == b else (0 if a > b else 1)
    sets_credit = (x - y if x > y else y - x) * SETS_CREDIT
    sets_to = None if x == y else (0 if x < y else 1)
    f0 = f1 = 0
    if score_to == 0:
        f0 = score_credit
    elif score_to == 1:
        f1 = score_credit
    if sets_to == 0:
        f0 += sets_credit
    elif sets_to == 1:
        f1 += sets_credit
    if slam_winner is not None:
        winner: int | None = slam_winner
    elif f0 == f1:
        winner = None
    else:
        winner = 0 if f0 > f1 else 1
    return score_credit, score_to, sets_credit, sets_to, f0, f1, winner


def settle(
    points: tuple[int, int], sets: tuple[int, int], *, slam_winner: int | None = None
) -> Settlement:
    """§A5: the final result of a partie.

    >>> r = settle((80, 60), (7, 5))
    >>> r.score_credit, r.score_to, r.sets_credit, r.sets_to, r.final, r.winner, r.margin
    (40, 0, 20, 1, (40, 20), 0, 20)
    """
    score_credit, score_to, sets_credit, sets_to, f0, f1, winner = settled(
        points[0], points[1], sets[0], sets[1], slam_winner
    )
    return Settlement(
        points=points,
        sets=sets,
        score_credit=score_credit,
        score_to=score_to,
        sets_credit=sets_credit,
        sets_to=sets_to,
        final=(f0, f1),
        winner=winner,
        by_slam=slam_winner is not None,
    )


@dataclass(frozen=True)
class Row:
    """One deal on the sheet."""

    number: int
    """Deal number over the whole list, from 1."""
    partie: int
    """Partie number, from 1."""
    dealer: str
    deal: Deal
    score: DealScore
    points: tuple[int, int]
    totals: tuple[int, int]
    """The pairs' scores in this partie after the deal."""
    sets: tuple[int, int]
    """The pairs' sets in this partie after the deal."""
    ends: str | None = None
    """Why the partie ends after this deal: 'hundred', 'slam', 'deals' or 'hand'."""


@dataclass(frozen=True)
class Result:
    """A partie's result without its deals: its number, how many deals it had, whether it is
    over and why, and its (final or provisional) settlement."""

    number: int
    deals: int
    finished: bool
    reason: str | None
    settlement: Settlement

    @property
    def points(self) -> tuple[int, int]:
        """The pairs' scores."""
        return self.settlement.points


@dataclass(frozen=True)
class Partie(Result):
    """A partie: its result and its deals."""

    rows: tuple[Row, ...] = ()


@dataclass
class Running:
    """The partie in progress while a list is walked: the pairs' scores and sets, its deals
    (their rows, where they are kept), a Grand slam's pair."""

    totals: list[int] = field(default_factory=lambda: [0, 0])
    sets: list[int] = field(default_factory=lambda: [0, 0])
    rows: list[Row] = field(default_factory=list)
    slam_winner: int | None = None
    deals: int = 0


def _partie(number: int, run: Running, reason: str | None) -> Partie:
    rows = run.rows
    if reason is not None and rows:
        rows[-1] = replace(rows[-1], ends=reason)
    return Partie(**vars(result(number, run, reason)), rows=tuple(rows))


def result(number: int, run: Running, reason: str | None) -> Result:
    """The result of partie ``number`` as ``run`` stands, over for ``reason`` (None: in
    progress, provisional)."""
    points = (run.totals[0], run.totals[1])
    sets = (run.sets[0], run.sets[1])
    settlement = settle(points, sets, slam_winner=run.slam_winner)
    return Result(
        number=number,
        deals=run.deals,
        finished=reason is not None,
        reason=reason,
        settlement=settlement,
    )


Effect = tuple[int, int, int, int, int | None]
"""What a deal does to the partie in progress: the points of pair 0 and pair 1, the sets of
each, the pair its Grand slam wins the partie for (None: no slam)."""


def effect(table: Table, s: DealScore) -> Effect:
    """What the deal scored ``s`` does to the partie in progress (§A3): the declaring pair
    gets its points and a set when it failed, the defenders theirs; a Grand slam wins the
    partie for the pair that made it."""
    declaring = table.pairs[s.deal.declarer]
    if declaring == 0:
        a, b = s.declaring, s.defending
    else:
        a, b = s.defending, s.declaring
    failed = 0 if s.made else 1
    x, y = (failed, 0) if declaring == 0 else (0, failed)
    won = None
    if s.slam_pair is not None:
        won = declaring if s.slam_pair == "declaring" else 1 - declaring
    return a, b, x, y, won


def partie_over(a: int, b: int, slam: int | None, deals: int, limit: int | None) -> str | None:
    """Why a partie ends after its last deal, the pairs at ``a`` and ``b`` after ``deals``
    deals (§A4): a Grand slam (``slam``: the pair it won for), a pair at the target, the
    deals the table plays (``limit``, None: no limit); None while it goes on."""
    if slam is not None:
        return "slam"
    if a >= PARTIE_TARGET or b >= PARTIE_TARGET:
        return "hundred"
    if limit is not None and deals >= limit:
        return "deals"
    return None


def played(
    table: Table, run: Running, deal: Deal, s: DealScore, number: int, partie: int
) -> tuple[Row, str | None]:
    """Deal ``number`` (over the whole list), scored ``s``, played in partie ``partie``:
    its row, ``run`` carried on after it, and why the partie ends after it (None: it goes
    on)."""
    a, b, x, y, won = effect(table, s)
    totals, sets = run.totals, run.sets
    totals[0] += a
    totals[1] += b
    sets[0] += x
    sets[1] += y
    if won is not None:
        run.slam_winner = won
    run.deals += 1
    row = Row(
        number=number,
        partie=partie,
        dealer=table.dealers[(number - 1) % 4],
        deal=deal,
        score=s,
        points=(a, b),
        totals=(totals[0], totals[1]),
        sets=(sets[0], sets[1]),
        ends=None,
    )
    reason = partie_over(totals[0], totals[1], run.slam_winner, run.deals, table.partie_deals)
    return row, reason


Problem = tuple[Message, Message]
"""Where (``deal 3``) and what is wrong."""


def scored(table: Table, deal: Deal) -> DealScore | Message:
    """The deal's score at this table, or why it cannot stand (a declarer not at the table,
    a deal the rules refuse): nothing of it depends on the deals before."""
    if deal.declarer not in table.players:
        return msg(
            "declarer '{name}' is not at this table ({players})",
            name=deal.declarer,
            players=", ".join(table.players),
        )
    try:
        return score(deal, hearts_defenders=table.hearts_defenders, slam_counts=table.slam_counts)
    except InvalidGameError as exc:
        return exc.message


Walked = tuple[list[Partie], list[Problem], list[int]]
"""The parties, the problems, and the index of the entry of each problem."""


def _walk_deals(table: Table, entries: Sequence[Entry]) -> Walked:
    out: list[Partie] = []
    wrong: list[Problem] = []
    at: list[int] = []  # the index of the entry of each problem
    run = Running()
    number = 0
    # each distinct deal scored once (a list repeats a few hundred), or why it cannot stand
    seen: dict[tuple[object, ...], DealScore | Message] = {}
    for index, entry in enumerate(entries):
        if isinstance(entry, PartieEnd):
            if run.rows:
                out.append(_partie(len(out) + 1, run, "hand"))
                run = Running()
            else:
                wrong.append((msg("end after deal {number}", number=number), NO_DEAL_TO_END))
                at.append(index)
            continue
        # every deal entered was dealt: it keeps its number and moves the deal on
        number += 1
        key = (entry.declarer, entry.contract, entry.bid, entry.tricks, entry.alone, entry.hearts)
        found = seen.get(key)
        if found is None:
            found = seen[key] = scored(table, entry)
        if not isinstance(found, DealScore):
            wrong.append((msg("deal {number}", number=number), found))
            at.append(index)
            continue
        s = replace(found, deal=entry)
        row, reason = played(table, run, entry, s, number, len(out) + 1)
        run.rows.append(row)
        if reason is not None:
            out.append(_partie(len(out) + 1, run, reason))
            run = Running()
    if run.rows or not out:
        out.append(_partie(len(out) + 1, run, None))
    return out, wrong, at


NO_DEAL_TO_END = msg("a partie ended by hand with no deal in it; remove this end")
"""Why an end by hand cannot stand where the partie has no deal yet."""


def parties(table: Table, entries: Sequence[Entry]) -> list[Partie]:
    """The list's parties: each ends after the deal in which a pair reaches 100, at once on a
    grand slam in Grand, after ``partie_deals`` deals, or where it was ended by hand; the next
    deal starts a new partie at 0 : 0. The last partie may be in progress (provisional); an
    empty list has one empty partie in progress.

    Entries that cannot stand (a deal the rules refuse, an end with no deal before it) are
    skipped here and reported by :func:`problems`.
    """
    return _walk_deals(table, entries)[0]


def problems(table: Table, entries: Sequence[Entry]) -> list[Problem]:
    """Everything wrong with a (hand-edited) list: (where, what), e.g. ('deal 3', ...)."""
    return _walk_deals(table, entries)[1]


def problem_places(table: Table, entries: Sequence[Entry]) -> list[tuple[int, Message, Message]]:
    """:func:`problems` with the index of the entry each concerns."""
    _, wrong, at = _walk_deals(table, entries)
    return [(i, where, what) for i, (where, what) in zip(at, wrong, strict=True)]
