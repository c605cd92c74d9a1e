"""A Bock round called by hand after the last game (Skat's rule ``bock=on``, rules §8): the
one change of a list that only a Skat list's rules have."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skatliste.app.lists import Change, last_row
from skatliste.errors import InputError
from skatliste.i18n import msg
from skatliste.store import lists as store


def call_bock(path: Path | str) -> Change:
    """Call a Bock round by hand after the last game (rule bock=on)."""
    with store.updating(path) as ledger:
        if "bock" not in ledger.family.options:
            raise InputError(msg("{family} has no Bock rounds", family=ledger.family.title))
        if not ledger.rules.plays_bock:
            raise InputError(
                msg("this rule set plays no Bock (rule bock=off; the pub rule set has it)")
            )
        if not ledger.entries:
            raise InputError(
                msg("no game yet: a Bock round is called after a game and starts with the next")
            )
        last = ledger.entries[-1]
        if last.bock_called:
            raise InputError(msg("a Bock round was called after this game already"))
        ahead = last_row(ledger)
        flagged = replace(last, bock_called=True)
        ledger.entries[-1] = flagged
        row = last_row(ledger)
        if ahead is not None and row is not None and ahead.pending == row.pending:
            raise InputError(
                msg(
                    "game {number} has earned a Bock round already: one game starts at most one "
                    "(rules §8)",
                    number=len(ledger.entries),
                )
            )
        ledger.record("edit", len(ledger.entries), last, flagged)
    row = last_row(ledger)
    return Change(ledger, len(ledger.entries), row, row)
