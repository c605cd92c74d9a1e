"""The plain text table of every text output (the sheet, the summary, the rankings and
standings), in a module of its own: a season's standing prints one without loading the Skat
sheet's renderers."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter


def plain_table(headers: list[str], body: Sequence[Sequence[str] | None], align: str) -> str:
    """A plain text table, aligned per column ('l'/'r'); ``None`` rows become rule lines.

    The sheet of a long list is printed on every look at it; this is linear and fast, where a
    general table formatter guesses every cell's type first.
    """
    lines = [line for line in body if line is not None]
    widths = [len(h) + 2 for h in headers]
    for i in range(len(widths)):
        widths[i] = max(widths[i], max(map(len, map(itemgetter(i), lines)), default=0))
    # one format a line: each cell padded to its column's width, left or right ("-" or not)
    template = "  ".join(
        f"%{'' if a == 'r' else '-'}{w}s" for a, w in zip(align, widths, strict=True)
    )
    fit = template.__mod__
    rule = "  ".join("-" * w for w in widths)
    out = [fit(tuple(headers)).rstrip(), rule]
    if align.endswith("r"):
        # the last cell is right-aligned: a line ends in it, with no space to strip
        out.extend(rule if line is None else fit(_cells(line)) for line in body)
    else:
        out.extend(rule if line is None else fit(_cells(line)).rstrip() for line in body)
    return "\n".join(out)


def _cells(line: Sequence[str]) -> tuple[str, ...]:
    return line if type(line) is tuple else tuple(line)
