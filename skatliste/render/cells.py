"""Cells a spreadsheet or a Markdown viewer opens: our CSV never makes a spreadsheet run a
formula, our Markdown never makes a viewer run HTML.

A text cell that begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or a carriage return) is
read as a formula by the common spreadsheets, so a player named ``=HYPERLINK(...)`` or a note
``+1+1`` would run there. Such a cell is written with a leading apostrophe, which the
spreadsheet shows as text (the OWASP advice on CSV injection); a number (``+24``, ``−48``,
``12,50``) stays a number.

>>> [cell(v) for v in ("+24", "−48", "12,50", "=1+1", "@SUM(A1)", "-2+3", "Anna", 7)]
['+24', '−48', '12,50', "'=1+1", "'@SUM(A1)", "'-2+3", 'Anna', 7]
"""

from __future__ import annotations

import csv
import html
import re
from collections.abc import Iterable
from typing import Any, TextIO

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula."""

_NUMBER = re.compile(r"^[+\-−]?\d+(?:[.,]\d+)?$")


def cell(value: object) -> object:
    """``value`` as a safe cell: text that a spreadsheet would run gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.match(value):
        return "'" + value
    return value


class CsvWriter:
    """A ``csv.writer`` whose every cell is :func:`cell`."""

    def __init__(self, out: TextIO, **options: Any) -> None:
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([cell(value) for value in row])


def markdown_text(text: str) -> str:
    """``text`` as the text of a Markdown table cell: HTML shown, not run (``<script>`` as
    ``&lt;script&gt;``), and a pipe that does not open a new column.

    >>> print(markdown_text("<b>Anna</b> | Ben"))
    &lt;b&gt;Anna&lt;/b&gt; \\| Ben
    """
    return html.escape(text, quote=False).replace("|", "\\|")


def with_note(text: str, note: str) -> str:
    """A sheet cell with the game's note after it: ``Herz mit 1 · „Ben kam zu spät“``."""
    return f"{text} · „{note}“" if note else text
