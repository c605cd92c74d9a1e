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
from decimal import Decimal
from fractions import Fraction
from typing import Any, TextIO

from skatliste.i18n import Lang, pmsg

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula."""

_NUMBER = re.compile(r"^[+\-−]?\d+(?:[.,]\d+)?$")


def cell(value: object) -> object:
    """``value`` as a safe cell: text that a spreadsheet would run gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.match(value):
        return "'" + value
    return value


SEPARATOR: dict[Lang, str] = {"de": ";", "en": ","}
"""The column separator a spreadsheet in the language opens by default: a German one reads
``,`` as the decimal comma, so it opens a ``,`` file in one column and splits at ``;``; an
English one splits at ``,``."""

DECIMAL: dict[Lang, str] = {"de": ",", "en": "."}
"""The decimal mark a spreadsheet in the language reads a number by (``1,5`` in German)."""

YES_NO = (pmsg("spreadsheet cell", "no"), pmsg("spreadsheet cell", "yes"))
"""A yes/no cell, by its value: ``nein``/``ja`` in German, ``no``/``yes`` in English."""


class CsvWriter:
    """A ``csv.writer`` in a list's language, so that the CSV of every game family's list opens
    alike: the :data:`SEPARATOR` of ``lang``, a yes/no cell in its words (never
    ``True``/``False``), every cell :func:`cell`. The header row is the caller's: English field
    names, the same in every language, as a program reading the file expects. Without
    ``lang``: English (the tournament's, league's and season's CSVs, which write their own
    cells).

    >>> import io
    >>> out = io.StringIO()
    >>> writer = CsvWriter(out, lang="de", lineterminator="\\n")
    >>> writer.writerow(["won", "points Anna"])
    >>> writer.writerow([True, -24])
    >>> writer.writerow([False, "=1+1"])
    >>> writer.writerow([Decimal("12.25"), Fraction(3, 2)])
    >>> print(out.getvalue(), end="")
    won;points Anna
    ja;-24
    nein;'=1+1
    12,25;1,5
    """

    def __init__(self, out: TextIO, *, lang: Lang = "en", **options: Any) -> None:
        self._writer = csv.writer(out, delimiter=SEPARATOR[lang], **options)
        self._yes_no = tuple(word.render(lang) for word in YES_NO)
        self._mark = DECIMAL[lang]

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([self._cell(value) for value in row])

    def _cell(self, value: object) -> object:
        if isinstance(value, bool):
            return self._yes_no[value]
        if isinstance(value, float | Decimal | Fraction):  # a share of points, an average
            number = float(value) if isinstance(value, Fraction) else value
            return str(number).replace(".", self._mark)
        return cell(value)


_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_[]~|"})
"""What Markdown reads as markup inside a line: a backslash before each keeps it a character
(a link or an image needs its ``[``, emphasis its ``*`` or ``_``, code its backquote)."""


def markdown_text(text: str) -> str:
    """``text`` as Markdown text (a table cell, a line): HTML shown, not run (``<script>`` as
    ``&lt;script&gt;``), a pipe that does not open a new column, and no link, image, emphasis
    or code made of what a player typed.

    >>> print(markdown_text("<b>Anna</b> | Ben"))
    &lt;b&gt;Anna&lt;/b&gt; \\| Ben
    >>> print(markdown_text("[click](javascript:alert(6)) ![t](http://x.example/t.png) *x*"))
    \\[click\\](javascript:alert(6)) !\\[t\\](http://x.example/t.png) \\*x\\*
    """
    return html.escape(text, quote=False).translate(_MARKDOWN)


def with_note(text: str, note: str) -> str:
    """A sheet cell with the game's note after it: ``Herz mit 1 · „Ben kam zu spät“``."""
    return f"{text} · „{note}“" if note else text
