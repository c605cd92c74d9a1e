"""Numbers as a printed score sheet shows them: the real minus sign (U+2212), never the
hyphen, a plus before a gain. Shared by every game family and every sheet, ranking and page.
"""

from __future__ import annotations

MINUS = "−"
"""The real minus sign (U+2212) a printed list has, never the hyphen."""


def with_minus(number: str | int) -> str:
    """A number as printed, its sign the real minus sign: ``−98``, ``98``."""
    return str(number).replace("-", MINUS)


def signed(n: float, *, places: int = 0) -> str:
    """``+48`` / ``−96`` / ``0``, with a real minus sign as on a printed list; ``places``
    decimals for an average (``+1.5``, ``+0.0``).

    >>> signed(48), signed(-96), signed(0), signed(-0.25, places=1)
    ('+48', '−96', '0', '−0.2')
    """
    if places:
        return with_minus(f"{n:+.{places}f}")
    if n == 0:
        return "0"
    return with_minus(f"{n:+d}" if isinstance(n, int) else f"{n:+.0f}")


def number(n: int) -> str:
    """``25`` / ``−15``: a running total with a real minus sign and no plus."""
    return f"{MINUS}{-n}" if n < 0 else str(n)
