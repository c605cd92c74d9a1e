"""A round called by hand after the last entry (Skat's Bock round, rule ``bock=on``, rules
§8): the family says whether its rules have one and marks the entry."""

from __future__ import annotations

from pathlib import Path

from skatliste.app.lists import Change, last_row
from skatliste.store import lists as store


def call_bock(path: Path | str) -> Change:
    """Call a Bock round by hand after the last game (rule bock=on)."""
    with store.updating(path) as ledger:
        flagged = ledger.family.call_round(ledger.table, ledger.entries)
        last = ledger.entries[-1]
        ledger.entries[-1] = flagged
        ledger.record("edit", len(ledger.entries), last, flagged)
    row = last_row(ledger)
    return Change(ledger, len(ledger.entries), row, row)
