"""The plain sheet of a long Skat list, from its distinct games (``skat.sheet.seat_rows``):
each distinct game's cells drawn once per seat of the dealer, the running totals summed and
formatted a column at a time. The same text as ``render.skat_text.render_sheet`` gives, where
a row is its game's at its seat (no Bock or Ramsch rounds, no series, no problem); the
general path draws any other sheet.

A sheet of 100,000 games is printed on every look at it: here a game costs a look-up into
its distinct game's cells, its number formatted, and its pieces joined into the text with all
the others at once (no line is made); a total is formatted only where it changed (one
player's a game).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, chain, compress, cycle
from operator import add

from skatliste.i18n import Lang
from skatliste.printed import signed, signed_cells
from skatliste.render.plain import narrow
from skatliste.render.skat_text import _mark, describe, value_cell, words_in
from skatliste.skat.entries import Entry, GameEntry, Table
from skatliste.skat.sheet import seat_rows


def plain_sheet(
    table: Table, distinct: Sequence[Entry], index: Sequence[int], lang: Lang
) -> str | None:
    """``render_sheet(table, rows, fmt="plain")`` of the list whose entry ``i`` is
    ``distinct[index[i]]`` but for its time; None when its rows are not each its game's at
    its seat, or a cell takes more columns than its characters (then only the general path
    draws it)."""
    if not index:
        return None
    rows = seat_rows(table, distinct)
    if rows is None:
        return None
    t = words_in(lang)
    players, size, count = table.players, table.size, len(index)
    kinds = range(len(distinct))
    # the columns a game's kind decides: declarer, game, value, marks (the same at every seat)
    firsts = rows[::size]
    games: list[tuple[str, str, str, str]] = []
    for row in firsts:
        e = row.entry
        note = e.note
        words = describe(row, lang, words=t)
        games.append(
            (
                e.declarer if type(e) is GameEntry else "",
                f"{words} · „{note}“" if note else words,
                value_cell(row),
                _mark(row),
            )
        )
    # each player's running total where it changes (a game's gain, where it is not 0), and
    # each game's gains (how many changes so far: counted as the lines are drawn)
    columns: list[list[int]] = []
    gained: list[list[int]] = []
    for name in players:
        gain = [dict(row.scored.gains).get(name, 0) for row in firsts]
        gains = list(map(gain.__getitem__, index))
        columns.append(list(accumulate(compress(gains, gains))))
        gained.append(gains)
    headers = [t["nr"], t["dealer"], t["declarer"], t["game"], t["value"], "", *players]
    if not narrow([*headers, *(g[1] for g in games)]):
        return None  # a wide character (李, 🍺): padded by its shown width, on the general path
    widths = [len(h) + 2 for h in headers]
    seats = min(count, size)
    cells = [
        [str(count)],
        [row.dealer for row in rows[:seats]],
        *([g[i] for g in games] for i in range(4)),
        *([signed(n) for n in (0, min(c, default=0), max(c, default=0))] for c in columns),
    ]
    widths = [max(w, *map(len, c)) for w, c in zip(widths, cells, strict=True)]
    align = "rlllrl" + "r" * size
    template = "  ".join(
        f"%{'' if a == 'r' else '-'}{w}s" for a, w in zip(align, widths, strict=True)
    )
    rule = "  ".join("-" * w for w in widths)
    head = f"{(template % tuple(headers)).rstrip()}\n{rule}\n"
    # a line is its number, its middle (dealer to marks, by seat and kind) and each player's
    # total, each right-aligned two columns wider (the two spaces before it), then its end:
    # pieces joined once, no line made
    middle = "  ".join(template.split("  ")[1:6])
    middles = [
        f"  {middle}" % (rows[seat].dealer, *games[k]) for seat in range(size) for k in kinds
    ]
    shown = [
        map([" " * (w + 1) + "0", *signed_cells(c, w + 2)].__getitem__, accumulate(map(bool, g)))
        for c, g, w in zip(columns, gained, widths[6:], strict=True)
    ]
    at_seat = map(add, index, cycle(range(0, size * len(kinds), len(kinds))))
    ends = cycle(["\n"] * (size - 1) + [f"\n{rule}\n"])
    pieces = list(
        chain.from_iterable(
            zip(
                map(f"%{widths[0]}d".__mod__, range(1, count + 1)),
                map(middles.__getitem__, at_seat),
                *shown,
                ends,
                strict=False,
            )
        )
    )
    pieces[0] = head + pieces[0]
    pieces[-1] = f"\n{t['marks']}" if any(g[3] for g in games) else ""
    return "".join(pieces)
