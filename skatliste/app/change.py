"""What a change to a list did, for every game family: the list after it, the entry's row,
what it replaced, what ``check`` now finds, and what it did to the rest of the list (later
values; what the family says, e.g. American Grand's parties that now end elsewhere), as
every edge says it after the change (``skatliste.app.lists`` makes it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skatliste.i18n import Message, join, msg
from skatliste.store import agree as facts_store
from skatliste.store.lists import ListFile


def signed_mark(ledger: ListFile[Any]) -> tuple[int, str]:
    """What a signature covers now: the list's game count and its games' fingerprint (every
    stored fact of every game but the time it was written down)."""
    from skatliste.agree import fingerprint  # the signing rules: loaded by lists that have some

    family = ledger.family
    games = ({k: v for k, v in family.encode(e).items() if k != "time"} for e in ledger.entries)
    return sum(map(family.numbered, ledger.entries)), fingerprint(games)


@dataclass(frozen=True)
class Change:
    """What a change did: the list after it, the entry's row, and what it replaced."""

    ledger: ListFile[Any]
    """The list after the change."""
    number: int
    row: Any | None
    """The changed entry's row (None when it was removed, or has none)."""
    last: Any | None
    """The row of the list's last entry after the change (None for an empty list)."""
    removed: Any | None = None
    problems: tuple[tuple[Message, Message], ...] = ()
    """What ``check`` finds in the whole list afterwards (a later entry the change affected)."""
    changed: tuple[tuple[int, str, str], ...] = ()
    """Later entries whose value changed: (number now, value before, value after), e.g. a
    Bock round that now starts or ends elsewhere."""
    reshaped: tuple[Message, ...] = ()
    """What the change did beyond the entry and the later values, as its family says it
    (``Family.reshaped``: American Grand's parties that now end elsewhere)."""

    def followups(self) -> list[Message]:
        """What the change did to the rest of the list, as every edge says it after the
        change: the later entries whose value changed, then what the family says."""
        out: list[Message] = []
        if self.changed:
            name = self.ledger.family.entry_name
            listed = join(
                [
                    msg("{where}: {was} → {now}", where=name(n), was=was or "–", now=now or "–")
                    for n, was, now in self.changed
                ],
                ", ",
            )
            out.append(msg("Later games changed: {changes}", changes=listed))
        return [*out, *self.reshaped]

    def uncovered(self) -> Message | None:
        """Whose signatures the list no longer holds to after the change (docs/rules.md §D: a
        signature is of the games it was given to), as every edge says it, or None."""
        if not self.ledger.header.get(facts_store.FIELD):
            return None  # nothing signed: the games need no fingerprint, nor the signing rules
        from skatliste import agree  # a list never signed loads none of it (test_start_up)

        now = agree.standing(facts_store.facts(self.ledger.header))
        games, mark = signed_mark(self.ledger)
        return agree.uncovered(now, self.ledger.players, games=games, mark=mark)
