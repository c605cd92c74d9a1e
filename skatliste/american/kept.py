"""What a long American Grand list comes to, without its rows: the result of every partie
over and the partie in progress. Kept beside a long list (the store's ``NAME.json.state``),
it lets the next deal and the summary go on from it instead of walking every deal again.

Derived only: it holds nothing a walk of the list does not give (tested against the walk).

>>> from skatliste.american.deals import Contract, Deal
>>> table = Table(("Anna", "Ben", "Carl", "Dora"), "Anna")
>>> state = of(table, [Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11)])
>>> state.deals, [r.points for r in results(state)]
(1, [(25, 0)])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skatliste.american.deals import Entry, PartieEnd
from skatliste.american.game import (
    DealScore,
    Result,
    Row,
    Running,
    Settlement,
    Table,
    parties,
    played,
    problems,
    result,
    scored,
)
from skatliste.i18n import Message

Closed = tuple[int, str, tuple[int, int], tuple[int, int], int | None]
"""A partie over, as kept: its deals, why it ended, the pairs' points and sets, the pair of
a Grand slam (settled only when its result is asked for)."""


@dataclass
class Kept:
    """The deals so far, the parties over, the partie in progress (its rows not kept)."""

    deals: int = 0
    closed: list[Closed] = field(default_factory=list)
    run: Running = field(default_factory=Running)


def of(table: Table, entries: Sequence[Entry]) -> Kept | None:
    """The state after ``entries``; None for a list with entries the rules refuse (a hand
    edit: such a list is read whole, its problems named)."""
    if problems(table, entries):
        return None
    parts = parties(table, entries)
    last = parts[-1]
    closed = [_closed(p.deals, p.reason or "", p.settlement) for p in parts if p.finished]
    run = Running()
    if not last.finished:
        run.totals, run.sets, run.deals = list(last.points), list(last.settlement.sets), last.deals
    deals = sum(p.deals for p in parts)
    return Kept(deals, closed, run)


def _closed(deals: int, reason: str, s: Settlement) -> Closed:
    return deals, reason, s.points, s.sets, s.winner if s.by_slam else None


def _close(state: Kept, reason: str) -> None:
    """The partie in progress is over for ``reason``: kept as over, a new one begins."""
    run = state.run
    done = result(len(state.closed) + 1, run, reason)
    state.closed.append(_closed(run.deals, reason, done.settlement))
    state.run = Running()


def results(state: Kept) -> list[Result]:
    """The parties' results as :func:`skatliste.american.game.parties` has them: every partie
    over, then the one in progress (also an empty first one)."""
    out = [
        result(number, Running(list(points), list(sets), slam_winner=slam, deals=deals), reason)
        for number, (deals, reason, points, sets, slam) in enumerate(state.closed, 1)
    ]
    if state.run.deals or not out:
        out.append(result(len(out) + 1, state.run, None))
    return out


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
    row, reason = played(table, new.run, entry, s, new.deals, len(new.closed) + 1)
    if reason is not None:
        _close(new, reason)
    return [], row, new


def _copy(state: Kept) -> Kept:
    """A state to carry on, ``state`` left as it is (the results are frozen, shared)."""
    run = state.run
    return Kept(
        state.deals,
        list(state.closed),
        Running(list(run.totals), list(run.sets), [], run.slam_winner, run.deals),
    )


def to_json(state: Kept) -> dict[str, Any]:
    """The state as plain JSON data: each partie over as [deals, reason, points, sets, slam
    pair], the one in progress likewise without a reason."""
    run = state.run
    return {
        "deals": state.deals,
        "closed": [
            [deals, reason, list(points), list(sets), slam]
            for deals, reason, points, sets, slam in state.closed
        ],
        "open": [run.deals, list(run.totals), list(run.sets)],
    }


REASONS = frozenset({"hundred", "slam", "deals", "hand"})


def _pair(value: object) -> bool:
    return type(value) is list and len(value) == 2 and all(type(v) is int for v in value)


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def from_json(data: Mapping[str, Any]) -> Kept | None:
    """A state from :func:`to_json`'s data; None for anything else."""
    if set(data) != {"deals", "closed", "open"} or not _count(data["deals"]):
        return None
    closed, run = data["closed"], data["open"]
    if type(closed) is not list or type(run) is not list or len(run) != 3:
        return None
    if not (_count(run[0]) and _pair(run[1]) and _pair(run[2])):
        return None
    state = Kept(data["deals"], [], Running(list(run[1]), list(run[2]), deals=run[0]))
    for item in closed:
        if type(item) is not list or len(item) != 5:
            return None
        deals, reason, points, sets, slam = item
        if not (_count(deals) and reason in REASONS and _pair(points) and _pair(sets)):
            return None
        if slam is not None and slam not in (0, 1):
            return None
        state.closed.append((deals, reason, (points[0], points[1]), (sets[0], sets[1]), slam))
    return state
