"""What a long American Grand list comes to, without its rows: the result of every partie
over and the partie in progress. Kept beside a long list (the store's ``NAME.json.state``),
it lets the next deal and the summary go on from it instead of walking every deal again.

Derived only: it holds nothing a walk of the list does not give (tested against the walk).
The walk here (:func:`walk`) is :func:`skatliste.american.game.parties` without the rows: each
distinct deal is scored once, and a deal adds its points and sets to the partie in progress.

>>> from skatliste.american.deals import Contract, Deal
>>> table = Table(("Anna", "Ben", "Carl", "Dora"), "Anna")
>>> state = of(table, [Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11)])
>>> state.deals, [r.points for r in results(state)]
(1, [(25, 0)])
"""

from __future__ import annotations

import base64
import sys
from array import array
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skatliste.american.deals import Deal, Entry, PartieEnd
from skatliste.american.game import (
    NO_DEAL_TO_END,
    DealScore,
    Effect,
    LastWalk,
    Problem,
    Result,
    Row,
    Running,
    Table,
    partie_over,
    played,
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
_TYPES = "hiq"
"""The numbers as 16-bit integers, as a list's parties' deals and points fit them; as 32- or
64-bit ones for a list where one does not (a partie's points have no bound)."""


def _array(values: Sequence[int]) -> array[int]:
    """``values`` in the narrowest of :data:`_TYPES` that holds them."""
    for typecode in _TYPES[:-1]:
        try:
            return array(typecode, values)
        except OverflowError:
            continue
    return array(_TYPES[-1], values)


@dataclass
class Kept:
    """The deals so far, the parties over, the partie in progress (its rows not kept)."""

    deals: int = 0
    closed: array[int] = field(default_factory=lambda: array(_TYPES[0]))
    """Every partie over as :data:`WIDTH` numbers, one partie after the other: its deals, why
    it ended (an index of :data:`REASONS`), the pairs' points, their sets, the pair of a
    Grand slam (-1: none). An array, as a long list has thousands of parties, read and
    written on every ``add``."""
    run: Running = field(default_factory=Running)

    @property
    def over(self) -> int:
        """The parties over."""
        return len(self.closed) // WIDTH


def numbers(state: Kept) -> list[int]:
    """The numbers of :attr:`Kept.closed`, one partie after the other."""
    return state.closed.tolist()


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

_LAST: LastWalk[Walked] = LastWalk()
"""The last walk (a command asks for the problems, then the totals, of the same list)."""


def walk(table: Table, entries: Sequence[Entry]) -> Walked:
    """The state after ``entries``, the entries that cannot stand skipped (a deal the rules
    refuse, an end with no deal before it), with what is wrong with those, as
    :func:`skatliste.american.game.problems` words it."""
    state, wrong, at = _LAST.of(table, entries, _walk)
    return _copy(state), list(wrong), list(at)


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
        contract = id(entry.contract)  # as in game.score(): an enum member hashes by name
        key: Hashable = (
            entry.declarer,
            contract,
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
        Kept(number - refused, _array(closed), Running([a, b], [x, y], deals=deals)),
        wrong,
        at,
    )


def of(table: Table, entries: Sequence[Entry]) -> Kept | None:
    """The state after ``entries``; None for a list with entries the rules refuse (a hand
    edit: such a list is read whole, its problems named)."""
    state, wrong, _ = walk(table, entries)
    return None if wrong else state


def _close(state: Kept, reason: str) -> None:
    """The partie in progress is over for ``reason``: kept as over, a new one begins."""
    run = state.run
    slam = -1 if run.slam_winner is None else run.slam_winner
    closed, grown = state.closed, _array((run.deals, _CODE[reason], *run.totals, *run.sets, slam))
    if grown.typecode != closed.typecode:
        wide = max(grown.typecode, closed.typecode, key=_TYPES.index)
        closed, grown = array(wide, closed), array(wide, grown)
        state.closed = closed
    closed.extend(grown)
    state.run = Running()


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


def after(
    table: Table, state: Kept, entry: Entry, no_partie: Message
) -> tuple[list[Message], Row | None, Kept]:
    """``entry`` after the entries ``state`` came from: its problems (``no_partie`` for an
    end by hand with no partie in progress), its row (a deal's) and the state after it (the
    same state when the entry is refused)."""
    if isinstance(entry, PartieEnd):
        if not state.run.deals:
            return [no_partie], None, state
        new = _copy(state)
        _close(new, "hand")
        return [], None, new
    s = scored(table, entry)
    if not isinstance(s, DealScore):
        return [s], None, state
    new = _copy(state)
    new.deals += 1
    row, reason = played(table, new.run, entry, s, new.deals, new.over + 1)
    if reason is not None:
        _close(new, reason)
    return [], row, new


def _copy(state: Kept) -> Kept:
    """A state to carry on, ``state`` left as it is."""
    run = state.run
    return Kept(
        state.deals,
        state.closed[:],
        Running(list(run.totals), list(run.sets), [], run.slam_winner, run.deals),
    )


def to_json(state: Kept) -> dict[str, Any]:
    """The state as plain JSON data: the parties over as the type of :attr:`Kept.closed`'s
    numbers (``h``, ``i``, ``q``: 16, 32, 64 bits), a colon and the Base64 of their bytes
    (little-endian), the one in progress as [deals, points, sets]."""
    run = state.run
    closed = state.closed
    if sys.byteorder == "big":  # pragma: no cover - the machines tested on are little-endian
        closed = closed[:]
        closed.byteswap()
    packed = base64.b64encode(closed.tobytes()).decode("ascii")
    return {
        "deals": state.deals,
        "closed": f"{closed.typecode}:{packed}",
        "open": [run.deals, list(run.totals), list(run.sets)],
    }


def _pair(value: object) -> bool:
    return type(value) is list and len(value) == 2 and all(type(v) is int for v in value)


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def _closed(text: object) -> array[int] | None:
    """:attr:`Kept.closed` from :func:`to_json`'s text; None for anything else (checked a
    column at a time: a long list's state holds thousands of parties)."""
    if type(text) is not str:
        return None
    typecode, _, packed = text.partition(":")
    if len(typecode) != 1 or typecode not in _TYPES:
        return None
    try:
        raw = base64.b64decode(packed, validate=True)
    except ValueError:
        return None
    found = array(typecode)
    if len(raw) % (WIDTH * found.itemsize):
        return None
    found.frombytes(raw)
    if sys.byteorder == "big":  # pragma: no cover - the machines tested on are little-endian
        found.byteswap()
    if found and (
        min(found[0::WIDTH]) < 0
        or not set(found[1::WIDTH]) <= set(_CODE.values())
        or not set(found[6::WIDTH]) <= {-1, 0, 1}
    ):
        return None
    return found


def from_json(data: Mapping[str, Any]) -> Kept | None:
    """A state from :func:`to_json`'s data; None for anything else."""
    if set(data) != {"deals", "closed", "open"} or not _count(data["deals"]):
        return None
    closed, run = _closed(data["closed"]), data["open"]
    if closed is None or type(run) is not list or len(run) != 3:
        return None
    if not (_count(run[0]) and _pair(run[1]) and _pair(run[2])):
        return None
    return Kept(data["deals"], closed, Running(list(run[1]), list(run[2]), deals=run[0]))
