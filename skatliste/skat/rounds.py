"""Bock and Ramsch rounds (rules §8): which game is in one, and which games call one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skatliste.skat.entries import Entry, PassedEntry, RamschEntry
from skatliste.skat.games import GameType
from skatliste.skat.rules import GameResult
from skatliste.skat.rulesets import BockOverlap, BockTrigger, RuleSet, Trigger


class RoundKind(StrEnum):
    """A special round of the list (rules §8; the value is the word the sheet shows)."""

    BOCK = "bock"
    """A Bock round: every game counts double."""
    RAMSCH = "ramsch"
    """A Ramsch round (after a Bock round, rule ramsch.after_bock): Ramsch or a Grand Hand."""


@dataclass
class _Round:
    kind: RoundKind
    left: int
    """Games still to play in it."""


class Rounds:
    """Bock and Ramsch rounds ahead (rules §8): each trigger adds a Bock round of as many games
    as players at the table, starting with the next game; with ramsch.after_bock a Ramsch
    round follows it. Overlapping Bock rounds queue, or stack (×4)."""

    def __init__(self, rules: RuleSet, size: int) -> None:
        self.size = size
        self.stack = rules.bock_overlap is BockOverlap.STACK
        self.ramsch_after = rules.on("ramsch.after_bock")
        self.queue: list[_Round] = []  # queue mode: the rounds ahead, in order
        self.bocks: list[int] = []  # stack mode: games left of each active Bock round
        self.ramsch: list[int] = []  # stack mode: Ramsch rounds waiting, games left

    def current(self) -> tuple[int, bool]:
        """(Bock doublings, Ramsch round) for the game about to be played."""
        if self.stack:
            return len(self.bocks), bool(self.ramsch) and not self.bocks
        if not self.queue:
            return 0, False
        kind = self.queue[0].kind
        return (1 if kind is RoundKind.BOCK else 0), kind is RoundKind.RAMSCH

    def advance(self) -> None:
        """One game was played."""
        if self.stack:
            if self.bocks:
                ended = sum(1 for left in self.bocks if left == 1)
                self.bocks = [left - 1 for left in self.bocks if left > 1]
                if self.ramsch_after:
                    self.ramsch.extend([self.size] * ended)
            elif self.ramsch:
                self.ramsch[0] -= 1
                if self.ramsch[0] == 0:
                    self.ramsch.pop(0)
            return
        if self.queue:
            self.queue[0].left -= 1
            if self.queue[0].left == 0:
                self.queue.pop(0)

    def trigger(self) -> None:
        """A Bock round is called: it starts with the next game."""
        if self.stack:
            self.bocks.append(self.size)
            return
        self.queue.append(_Round(RoundKind.BOCK, self.size))
        if self.ramsch_after:
            self.queue.append(_Round(RoundKind.RAMSCH, self.size))

    def ahead(self) -> tuple[RoundKind, ...]:
        """The special games ahead, one a game, in order."""
        if self.stack:
            longest = max(self.bocks, default=0)
            return (RoundKind.BOCK,) * longest + (RoundKind.RAMSCH,) * sum(self.ramsch)
        return tuple(r.kind for r in self.queue for _ in range(r.left))


def _crosses_hundred(before: int, after: int) -> bool:
    """A total passed or reached a multiple of 100 other than 0 (100, 200, −100, ...)."""
    low, high = sorted((before, after))
    return any(m != 0 and low < m <= high for m in range((low // 100 + 1) * 100, high + 1, 100))


def triggered(
    triggers: tuple[Trigger, ...],
    entry: Entry,
    result: GameResult | None,
    before: dict[str, int],
    after: dict[str, int],
    *,
    ramsch_round: bool,
) -> bool:
    """Does this game start a Bock round (rules §8)?"""
    if entry.bock_called:
        return True
    passed = isinstance(entry, PassedEntry) or (
        isinstance(entry, RamschEntry) and not ramsch_round  # the Ramsch instead of a pass
    )
    for trigger in triggers:
        if trigger.kind is BockTrigger.ALL_PASSED and passed:
            return True
        if trigger.kind is BockTrigger.HUNDRED and any(
            _crosses_hundred(before[p], after[p]) for p in after
        ):
            return True
        if result is not None and _game_triggers(trigger, result):
            return True
    return False


def _game_triggers(trigger: Trigger, result: GameResult) -> bool:
    """Does this game's result start a Bock round by ``trigger``?"""
    o, d = result.outcome, result.declaration
    grand = d.game is GameType.GRAND
    return {
        BockTrigger.SIXTY_SIXTY: not result.won and o.augen == 60,
        BockTrigger.KONTRA_LOST: o.kontra and not result.won,
        BockTrigger.KONTRA_RE: o.re,
        BockTrigger.GRAND_HAND_WON: grand and d.hand and result.won,
        BockTrigger.GRAND_LOST: grand and not result.won,
        BockTrigger.SCHNEIDER: result.schneider,
        BockTrigger.VALUE: result.game_value >= trigger.value,
    }.get(trigger.kind, False)
