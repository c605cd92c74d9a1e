"""The plain text table of every text output (the sheet, the summary, the rankings and
standings), in a module of its own: a season's standing prints one without loading the Skat
sheet's renderers."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache


def plain_table(headers: list[str], body: Sequence[Sequence[str] | None], align: str) -> str:
    """A plain text table, aligned per column ('l'/'r'); ``None`` rows become rule lines.

    The sheet of a long list is printed on every look at it; this is linear and fast, where a
    general table formatter guesses every cell's type first.
    """
    lines = [line for line in body if line is not None]
    widths = [len(h) + 2 for h in headers]
    for i, column in enumerate(zip(*lines, strict=False)):  # a column at a time, in C
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
