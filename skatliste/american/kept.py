"""What an American Grand list comes to, without its rows: the result of every partie over
and the partie in progress, for the summary, the problems and the sheet's numbers.

The walk here (:func:`walk`) is :func:`skatliste.american.game.parties` without the rows: each
distinct deal is scored once, and a deal adds its points and sets to the partie in progress.

>>> from skatliste.american.deals import Contract, Deal
>>> table = Table(("Anna", "Ben", "Carl", "Dora"), "Anna")
>>> state = walk(table, [Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11)])[0]
>>> state.deals, [r.points for r in results(state)]
(1, [(25, 0)])
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field

from skatliste.american.deals import Deal, Entry, PartieEnd
from skatliste.american.game import (
    NO_DEAL_TO_END,
    DealScore,
    Effect,
    Problem,
    Result,
    Running,
    Table,
    partie_over,
    result,
    scored,
)
from skatliste.american.game import effect as game_effect
from skatliste.i18n import Message, msg

Closed = tuple[int, str, tuple[int, int], tuple[int, int], int | None]
"""A partie over: its deals, why it ended, the pairs' points and sets, the pair of a Grand
slam (settled only when its result is asked for)."""

REASONS = ("hundred", "slam", "deals", "hand")
"""Why a partie ended, kept as its index here."""
WIDTH = 7
"""The numbers of one partie over in :attr:`Kept.closed`."""
_CODE = {reason: code for code, reason in enumerate(REASONS)}


@dataclass
class Kept:
    """The deals so far, the parties over, the partie in progress (its rows not kept)."""

    deals: int = 0
    closed: list[int] = field(default_factory=list)
    """Every partie over as :data:`WIDTH` numbers, one partie after the other: its deals, why
    it ended (an index of :data:`REASONS`), the pairs' points, their sets, the pair of a
    Grand slam (-1: none)."""
    run: Running = field(default_factory=Running)

    @property
    def over(self) -> int:
        """The parties over."""
        return len(self.closed) // WIDTH


def numbers(state: Kept) -> list[int]:
    """The numbers of :attr:`Kept.closed`, one partie after the other."""
    return list(state.closed)


def parties_over(state: Kept) -> Iterator[Closed]:
    """Each partie over, as :data:`Closed`."""
    found = numbers(state)
    for i in range(0, len(found), WIDTH):
        yield _unpacked(found[i : i + WIDTH])


def _unpacked(numbers: Sequence[int]) -> Closed:
    deals, code, a, b, x, y, slam = numbers
    return deals, REASONS[code], (a, b), (x, y), None if slam < 0 else slam


Walked = tuple[Kept, list[Problem], list[int]]
"""The state after the entries that stand, the problems, the index of each problem's entry."""


def walk(table: Table, entries: Sequence[Entry]) -> Walked:
    """The state after ``entries``, the entries that cannot stand skipped (a deal the rules
    refuse, an end with no deal before it), with what is wrong with those, as
    :func:`skatliste.american.game.problems` words it."""
    return _walk(table, entries)


def effect(table: Table, deal: Deal) -> Effect | Message:
    """What a deal does to the partie in progress (``game.effect``), or why it cannot
    stand."""
    s = scored(table, deal)
    return s if not isinstance(s, DealScore) else game_effect(table, s)


def _walk(table: Table, entries: Sequence[Entry]) -> Walked:
    # game._walk_deals's walk by the same rules (game.effect, game.partie_over), the partie in
    # progress in local names and no row made: a long list runs it once a deal, and repeats
    # a few hundred distinct deals
    effects: dict[Hashable, Effect | Message] = {}
    closed: list[int] = []
    wrong: list[Problem] = []
    at: list[int] = []
    limit = table.partie_deals
    a = b = x = y = deals = number = refused = 0
    for index, entry in enumerate(entries):
        if isinstance(entry, PartieEnd):
            if deals:
                closed += (deals, 3, a, b, x, y, -1)
                a = b = x = y = deals = 0
            else:
                wrong.append((msg("end after deal {number}", number=number), NO_DEAL_TO_END))
                at.append(index)
            continue
        # every deal entered was dealt: it keeps its number and moves the deal on
        number += 1
        key: Hashable = (
            entry.declarer,
            entry.contract,
            entry.bid,
            entry.tricks,
            entry.alone,
            entry.hearts,
            entry.note,
        )
        done = effects.get(key)
        if done is None:
            done = effects[key] = effect(table, entry)
        if not isinstance(done, tuple):
            refused += 1
            wrong.append((msg("deal {number}", number=number), done))
            at.append(index)
            continue
        a += done[0]
        b += done[1]
        x += done[2]
        y += done[3]
        deals += 1
        won = done[4]
        reason = partie_over(a, b, won, deals, limit)
        if reason is None:
            continue
        closed += (deals, _CODE[reason], a, b, x, y, -1 if won is None else won)
        a = b = x = y = deals = 0
    return (
        Kept(number - refused, closed, Running([a, b], [x, y], deals=deals)),
        wrong,
        at,
    )


def _result(number: int, closed: Closed) -> Result:
    deals, reason, points, sets, slam = closed
    return result(number, Running(list(points), list(sets), slam_winner=slam, deals=deals), reason)


def results(state: Kept) -> list[Result]:
    """The parties' results as :func:`skatliste.american.game.parties` has them: every partie
    over, then the one in progress (also an empty first one)."""
    out = [_result(number, closed) for number, closed in enumerate(parties_over(state), 1)]
    if state.run.deals or not out:
        out.append(result(len(out) + 1, state.run, None))
    return out


def last(state: Kept) -> Result:
    """The last of :func:`results`: the partie in progress, or the last one over."""
    over = state.over
    if state.run.deals or not over:
        return result(over + 1, state.run, None)
    return _result(over, _unpacked(state.closed[-WIDTH:]))
