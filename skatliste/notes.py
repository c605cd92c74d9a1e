"""A note to an entry (``--note``, the phone page's note): what it may hold, for every game
family.

>>> check_note("Kreuz-Bube lag im Skat")
>>> check_note("zwei" + chr(10) + "Zeilen")
Traceback (most recent call last):
    ...
skatliste.errors.InputError: a note is one line without control characters (found U+000A)
"""

from __future__ import annotations

import unicodedata

from skatliste.errors import InputError
from skatliste.i18n import msg

NOTE_MOST = 500
"""The characters a note may have (the phone page's limit too)."""


def check_note(note: str | None) -> None:
    """A note fits a line of the sheet: at most ``NOTE_MOST`` characters and no control
    character (a new line would split the sheet's row, an escape would work the terminal)."""
    if note is None:
        return
    if len(note) > NOTE_MOST:
        raise InputError(
            msg(
                "a note may have at most {most} characters; this one has {count}",
                most=NOTE_MOST,
                count=len(note),
            )
        )
    control = next((c for c in note if unicodedata.category(c) == "Cc"), None)
    if control is not None:
        raise InputError(
            msg(
                "a note is one line without control characters (found {code})",
                code=f"U+{ord(control):04X}",
            )
        )
