"""One exception tree for everything skatliste refuses.

The library raises these and never prints; each edge turns them into a message in a single
place (the CLI: ``Error: ...`` on stderr with exit status 2).
"""

from __future__ import annotations


class SkatlisteError(Exception):
    """Base of every error skatliste raises on purpose."""


class InputError(SkatlisteError, ValueError):
    """Something the user typed cannot be understood (a word, a number, a name)."""


class InvalidGameError(InputError):
    """A game that cannot exist under the rules, e.g. Schwarz angesagt without Hand."""


class LedgerError(SkatlisteError):
    """The ledger file cannot be read, is corrupt, newer than this program, or busy."""


class RuleSetError(InputError):
    """An unknown rule-set preset or option, or an option value that is not allowed."""


class ChangedError(LedgerError):
    """A change names a game as it was seen (``expect=``), but the list has changed since:
    another phone deleted, edited or added a game first. Nothing is written."""
