"""The text tables of every text output (the sheet, the summary, the statistics, the rankings
and standings), in a module of its own: a season's standing prints one without loading the
Skat sheet's renderers. Every cell is padded by the columns it takes on a terminal
(:func:`shown_width`), so a name in Chinese or an emoji keeps its column in each format."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache


def shown_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for a wide character (李, 🍺), none for
    a combining mark, one for any other.

    >>> shown_width("Anna"), shown_width("李雷"), shown_width("Jürgen")
    (4, 4, 6)
    """
    if text.isascii():
        return len(text)
    wide, combining = unicodedata.east_asian_width, unicodedata.combining
    return sum(0 if combining(c) else 2 if wide(c) in "WF" else 1 for c in text)


def narrow(texts: Iterable[str]) -> bool:
    """Whether every text takes as many columns as it has characters (the common case: a
    table of them is padded by its lengths)."""
    return all(t.isascii() or shown_width(t) == len(t) for t in texts)


def plain_table(headers: list[str], body: Sequence[Sequence[str] | None], align: str) -> str:
    """A plain text table, aligned per column ('l'/'r'); ``None`` rows become rule lines.

    The sheet of a long list is printed on every look at it; this is linear and fast, where a
    general table formatter guesses every cell's type first. A column with a wide character
    (a name in Chinese, an emoji in a note) is padded by the columns its cells take.
    """
    lines = [line for line in body if line is not None]
    columns = list(zip(*lines, strict=False))
    if not all("".join(c).isascii() or narrow(c) for c in [headers, *columns]):
        return _wide_table(headers, body, align)
    widths = [len(h) + 2 for h in headers]
    for i, column in enumerate(columns):  # a column at a time, in C
        widths[i] = max(widths[i], *map(len, column))
    template, head, rule = table_frame(tuple(headers), align, tuple(widths))
    fit = template.__mod__
    out = [head, rule]
    if align.endswith("r") and len(lines) == len(body):
        # the last cell is right-aligned: a line ends in it, with no space to strip
        out.extend(map(fit, map(tuple, lines)))
    elif align.endswith("r"):
        out.extend(rule if line is None else fit(_cells(line)) for line in body)
    else:
        out.extend(rule if line is None else fit(_cells(line)).rstrip() for line in body)
    return "\n".join(out)


@lru_cache(maxsize=256)
def table_frame(
    headers: tuple[str, ...], align: str, widths: tuple[int, ...]
) -> tuple[str, str, str]:
    """A table's line format (each cell padded to its column's width, left or right: "-" or
    not), its header line and its rule: made once for the parties of a long American Grand
    list, which share their widths."""
    template = "  ".join(
        f"%{'' if a == 'r' else '-'}{w}s" for a, w in zip(align, widths, strict=True)
    )
    rule = "  ".join("-" * w for w in widths)
    return template, (template % headers).rstrip(), rule


def _cells(line: Sequence[str]) -> tuple[str, ...]:
    return line if type(line) is tuple else tuple(line)


def _wide_table(headers: list[str], body: Sequence[Sequence[str] | None], align: str) -> str:
    """``plain_table`` of cells some of which take more columns than they have characters:
    each cell padded by its shown width (slower, and rare)."""
    widths = _shown_widths(headers, [line for line in body if line is not None])

    def fit(cells: Sequence[str]) -> str:
        text = "  ".join(
            pad(c, w, "r" if a == "r" else "l")
            for c, w, a in zip(cells, widths, align, strict=True)
        )
        return text if align.endswith("r") else text.rstrip()  # as plain_table's lines end

    rule = "  ".join("-" * w for w in widths)
    head = fit(headers).rstrip()
    return "\n".join([head, rule, *(rule if line is None else fit(line) for line in body)])


def _shown_widths(headers: Sequence[str], lines: Sequence[Sequence[str]]) -> list[int]:
    """Each column's width in shown columns: its widest cell, at least its head and two."""
    widths = [shown_width(h) + 2 for h in headers]
    for line in lines:
        widths = [max(w, shown_width(c)) for w, c in zip(widths, line, strict=True)]
    return widths


def pad(text: str, width: int, align: str) -> str:
    """``text`` padded to ``width`` shown columns: right (``r``), centred (``c``, the odd space
    on the right) or left.

    >>> pad("李", 4, "r"), pad("ab", 5, "c"), pad("🍺", 3, "l")
    ('  李', ' ab  ', '🍺 ')
    """
    gap = width - shown_width(text)
    if align == "r":
        return " " * gap + text
    if align == "c":
        return " " * (gap // 2) + text + " " * (gap - gap // 2)
    return text + " " * gap


def text_table(
    headers: Sequence[str], body: Sequence[Sequence[str] | None], align: str, fmt: str
) -> str:
    """The table in ``fmt``: ``plain`` (a head, a rule, the lines; ``None`` lines become
    rules), ``grid`` (each cell in a box) or ``md`` (a Markdown pipe table), each column
    aligned ('l', 'r' or 'c' in ``align``; in ``plain`` a 'c' column is left-aligned) by the
    columns its cells take on a terminal. ``grid`` and ``md`` drop the rule lines and draw
    the boxes of tabulate's ``grid`` and ``github`` formats, which they replace: for cells of
    one column a character the text is tabulate's, byte for byte."""
    if fmt == "plain":
        return plain_table(list(headers), body, align)
    assert fmt in ("grid", "md"), fmt
    lines = [line for line in body if line is not None]
    widths = _shown_widths(headers, lines)

    def row(cells: Sequence[str]) -> str:
        padded = (pad(c, w, a) for c, w, a in zip(cells, widths, align, strict=True))
        return "| " + " | ".join(padded) + " |"

    dashes = ["-" * (w + 2) for w in widths]
    if fmt == "md":
        return "\n".join([row(headers), "|" + "|".join(dashes) + "|", *map(row, lines)])
    rule = "+" + "+".join(dashes) + "+"
    out = [rule, row(headers), rule.replace("-", "=")]
    for line in lines:
        out += [row(line), rule]
    return "\n".join(out)
