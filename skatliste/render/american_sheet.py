"""An American Grand list's sheet, as on paper or as data: one line a deal, each partie's
result under its deals (text, grid, Markdown), one record a deal (CSV, JSON); the exports
built on it (Markdown, CSV, JSON).

The text sheet is drawn from the numbers of the parties' walk (``kept.played_deals``), with
no row object a deal (a long list has 100,000): the same text as drawn from the rows (tested);
the data formats, which name every field of a row, from the rows.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from fractions import Fraction
from itertools import repeat
from operator import add, mod
from typing import Any

from skatliste.american import kept
from skatliste.american.deals import Deal
from skatliste.american.explain import computation
from skatliste.american.game import Effect, Partie, Result, Row, Table
from skatliste.i18n import Lang, msg
from skatliste.memory import collector_off
from skatliste.render import register
from skatliste.render.american import (
    FAMILY,
    deal_words,
    no_stake,
    pair_label,
    parties_of,
    settlement_lines,
    settlement_text,
    summary_json,
    words_in,
)
from skatliste.render.plain import narrow


def sheet_records(table: Table, parts: Sequence[Partie], lang: Lang = "de") -> list[dict[str, Any]]:
    """One record a deal: what was played, the points, the running scores and sets."""
    out: list[dict[str, Any]] = []
    for partie in parts:
        for row in partie.rows:
            d = row.deal
            out.append(
                {
                    "number": row.number,
                    "partie": row.partie,
                    "dealer": row.dealer,
                    "declarer": d.declarer,
                    "contract": d.contract.value,
                    "bid": d.bid,
                    "tricks": d.tricks,
                    "alone": d.alone,
                    "hearts": d.hearts,
                    "made": row.score.made,
                    "computation": computation(row.score, lang=lang),
                    "points": list(row.points),
                    "totals": list(row.totals),
                    "sets": list(row.sets),
                    "ends": row.ends,
                    "note": d.note,
                }
            )
    return out


def render_sheet(
    table: Table, parts: Sequence[Partie], *, fmt: str = "plain", lang: Lang = "de"
) -> str:
    """The list as on paper: one line a deal, the pairs' running scores, and each partie's
    result under it."""
    if fmt == "json":
        return json.dumps(
            {
                "players": list(table.players),
                "pairs": [list(table.pair(0)), list(table.pair(1))],
                "deals": sheet_records(table, parts, lang),
            },
            ensure_ascii=False,
            indent=2,
        )
    if fmt == "csv":
        return render_csv(table, parts, lang).rstrip("\n")
    said: Said = {}
    drawn = [(_sheet_lines(p.rows, said, lang), p) for p in parts if p.rows]
    return _drawn(table, drawn, fmt=fmt, lang=lang)


CSV_FACTS = ("declarer", "contract", "bid", "tricks", "alone", "hearts")
"""A deal's facts, the columns of :func:`render_csv` after its number, partie and dealer."""


def render_csv(table: Table, parts: Sequence[Partie], lang: Lang = "de") -> str:
    """One row a deal: every fact and every derived value (UTF-8, header row), in the
    conventions of a Skat list's CSV (``render.skat_export.render_csv``) and by the same
    :class:`~skatliste.render.cells.CsvWriter`: ``;`` between the columns in German, ``,`` in
    English, yes/no in the list's language; English field names, the facts as the list file
    writes them (``euchre``), the deal in words as ``description``, a column a pair named
    ``points Anna+Carl``, ``total Anna+Carl`` (the partie's score after the deal) and ``sets
    Anna+Carl``; ``ends`` says why the partie ends after the deal (``hundred``, ``slam``,
    ``deals``, ``hand``)."""
    # the exports' helper, imported where it is used: a long list's add and summary write none
    from skatliste.render.cells import CsvWriter

    buf = io.StringIO()
    writer = CsvWriter(buf, lang=lang, lineterminator="\n")
    labels = [pair_label(table, 0), pair_label(table, 1)]
    writer.writerow(
        [
            "number",
            "partie",
            "dealer",
            *CSV_FACTS,
            "made",
            "description",
            *[f"{column} {label}" for column in ("points", "total", "sets") for label in labels],
            "ends",
            "note",
            "time",
        ]
    )
    for partie in parts:
        for row in partie.rows:
            d = row.deal
            writer.writerow(
                [
                    row.number,
                    row.partie,
                    row.dealer,
                    d.declarer,
                    d.contract.value,
                    d.bid,
                    "" if d.tricks is None else d.tricks,
                    d.alone,
                    "" if d.hearts is None else d.hearts,
                    row.score.made,
                    deal_words(d, lang),
                    *row.points,
                    *row.totals,
                    *row.sets,
                    row.ends or "",
                    d.note,
                    d.time or "",
                ]
            )
    return buf.getvalue()


def _drawn(
    table: Table,
    drawn: Sequence[tuple[list[tuple[str, ...]], Result]],
    *,
    fmt: str,
    lang: Lang,
) -> str:
    """Each partie's lines drawn as a table (``plain``, ``grid``, ``md``), its result under
    it; the legend at the end."""
    from skatliste.render.cells import markdown_text
    from skatliste.render.plain import text_table

    t = words_in(lang)
    if not drawn:
        return t["empty"]
    labels = [pair_label(table, 0), pair_label(table, 1)]
    headers = ["Nr", t["dealer"], t["declarer"], t["contract"], "", *labels]
    blocks: list[str] = []
    align = "rlllc" + "rr"
    if fmt == "md":
        headers = [markdown_text(h) for h in headers]
    for body, partie in drawn:
        if fmt == "md":
            body = [tuple(markdown_text(cell) for cell in line) for line in body]
        text = text_table(headers, body, align, fmt)
        lines = settlement_lines(table, partie, lang)
        if fmt == "md":
            lines = [markdown_text(line) for line in lines]
            # the steps as they are, '1) ...': a Markdown viewer numbers them as a list
            # (CommonMark's ')' list marker), no bullet before the number
            lines = [f"**{lines[0]}**", "", *(x.strip() for x in lines[1:])]
        blocks.append(text + "\n\n" + "\n".join(lines))
    legend = msg("× = set (the contract failed)").render(lang)
    return "\n\n".join(blocks) + "\n\n" + legend


def _sheet_lines(rows: Sequence[Row], said: Said, lang: Lang) -> list[tuple[str, ...]]:
    """The cells of each row (:func:`_line`)."""
    return [
        _line(
            str(row.number),
            row.dealer,
            row.deal,
            *row.points,
            *row.totals,
            0 if row.score.made else 1,
            said,
            lang,
        )
        for row in rows
    ]


def walked_sheet(
    table: Table,
    entries: Sequence[Any],
    *,
    fmt: str,
    lang: Lang,
    kinds: Sequence[int] | None = None,
) -> str:
    """:func:`render_sheet` of the parties of ``entries`` (``plain``, ``grid`` or ``md``),
    drawn from the numbers of their walk a column at a time: each distinct deal's cells
    worded once (``kinds``: what each entry is, as the store read it, else found by the
    walk), a partie's widths the longest cell of each column in its slice."""
    state, shown = kept.played_deals(table, entries, kinds)
    numbers, keys = shown.numbers, shown.keys
    if not numbers:
        return words_in(lang)["empty"]
    said = [
        dict(zip(shown.deals, cells, strict=True))
        for cells in zip(
            *(_said(deal, done, lang) for deal, done in shown.deals.values()), strict=True
        )
    ]
    d = table.dealers
    by_number = (d[3], d[0], d[1], d[2])  # deal n is dealt by dealers[(n - 1) % 4]
    columns: list[Sequence[Any]] = [
        numbers,
        list(map(by_number.__getitem__, map(mod, numbers, repeat(4)))),
        *(list(map(cells.__getitem__, keys)) for cells in said[:3]),
        *(
            list(map(add, map(pre.__getitem__, keys), map(_numbers(scores).__getitem__, scores)))
            for pre, scores in zip(said[3:], shown.scores, strict=True)
        ),
    ]
    starts, stops = [0, *shown.ends], [*shown.ends, len(numbers)]
    cuts = [slice(a, b) for a, b in zip(starts, stops, strict=True) if b > a]
    parties = kept.results(state)[: len(cuts)]
    wide = not narrow([*table.players, *(c for cells in said[:3] for c in cells.values())])
    if fmt != "plain" or wide:  # a wide character: each cell padded by its shown width
        lines = list(zip(map(str, numbers), *columns[1:], strict=True))
        return _drawn(
            table, [(lines[c], p) for c, p in zip(cuts, parties, strict=True)], fmt=fmt, lang=lang
        )
    return _plain(table, columns, cuts, parties, lang)


def _plain(
    table: Table,
    columns: Sequence[Sequence[Any]],
    cuts: Sequence[slice],
    parties: Sequence[Result],
    lang: Lang,
) -> str:
    """``_drawn(..., fmt="plain")`` of the deals in ``columns``, partie by partie (``cuts``):
    each partie's table as ``plain_table`` draws it, in C a column and a line at a time."""
    from skatliste.render.plain import table_frame

    t = words_in(lang)
    headers = (
        "Nr",
        t["dealer"],
        t["declarer"],
        t["contract"],
        "",
        *(pair_label(table, i) for i in (0, 1)),
    )
    least = [len(h) + 2 for h in headers]
    numbers = columns[0]
    widths = [[max(least[0], len(str(numbers[c.stop - 1]))) for c in cuts]]  # in order
    for column, low in zip(columns[1:], least[1:], strict=True):
        if max(map(len, set(column))) <= low:  # no cell wider than the head: its width
            widths.append([low] * len(cuts))
        else:
            widths.append(
                list(map(max, map(max, map(list(map(len, column)).__getitem__, cuts)), repeat(low)))
            )
    frames = {w: table_frame(headers, "rlllc" + "rr", w) for w in set(zip(*widths, strict=True))}
    # one format a line: a partie's first line with the table's head before it, its last
    # with its settlement after it (each a template's text: its "%" doubled)
    forms: list[str] = []
    for w, cut, partie in zip(zip(*widths, strict=True), cuts, parties, strict=True):
        line, head, rule = frames[w]
        settled = settlement_text(table, partie, lang).replace("%", "%%")
        head = f"{head}\n{rule}\n".replace("%", "%%")
        count = cut.stop - cut.start
        if count == 1:
            forms.append(f"{head}{line}\n\n{settled}\n")
        else:
            forms.append(head + line)
            forms.extend(repeat(line, count - 2))
            forms.append(f"{line}\n\n{settled}\n")
    forms[-1] = forms[-1][:-1]  # the legend follows the last partie
    lines = map(str.__mod__, forms, zip(*columns, strict=True))
    legend = msg("× = set (the contract failed)").render(lang)
    return "\n".join(lines) + "\n\n" + legend


def _numbers(values: Sequence[int]) -> dict[int, str]:
    """``printed.number`` of each of ``values`` (the real minus sign), by value: a partie's
    scores are few."""
    return {n: str(n).replace("-", "−") for n in set(values)}


def _said(d: Deal, done: Effect, lang: Lang) -> tuple[str, str, str, str, str]:
    """A deal's cells but its number, dealer and running scores: its declarer, its contract's
    words (and note), the set mark, and each pair's points before its score."""
    p0, p1 = done[0], done[1]
    # printed.signed, inline
    pre0 = f"{f'+{p0}' if p0 > 0 else (f'−{-p0}' if p0 < 0 else '0')} = "
    pre1 = f"{f'+{p1}' if p1 > 0 else (f'−{-p1}' if p1 < 0 else '0')} = "
    words = deal_words(d, lang)
    if d.note:
        from skatliste.render.cells import with_note

        words = with_note(words, d.note)
    return d.declarer, words, "×" if done[2] + done[3] else "", pre0, pre1


Said = dict[tuple[object, ...], tuple[str, str, str, str]]
"""The cells of a deal worded so far, by what they show: its contract's words, the set mark,
each pair's points (a long list plays a few hundred distinct deals: each worded once)."""


def _line(
    number: str,
    dealer: str,
    d: Deal,
    p0: int,
    p1: int,
    t0: int,
    t1: int,
    lost: int,
    said: Said,
    lang: Lang,
) -> tuple[str, ...]:
    """A deal's cells: number, dealer, declarer, contract, the set mark, each pair's points
    and running score."""
    # the contract by identity: an enum member hashes slowly, by name
    key = (id(d.contract), d.bid, d.alone, d.tricks, d.hearts, p0, p1, lost)
    found = said.get(key)
    if found is None:
        # printed.signed, inline
        pre0 = f"{f'+{p0}' if p0 > 0 else (f'−{-p0}' if p0 < 0 else '0')} = "
        pre1 = f"{f'+{p1}' if p1 > 0 else (f'−{-p1}' if p1 < 0 else '0')} = "
        found = said[key] = (deal_words(d, lang), "×" if lost else "", pre0, pre1)
    words, mark, pre0, pre1 = found
    if d.note:
        from skatliste.render.cells import with_note

        words = with_note(words, d.note)
    # printed.number, inline
    return (
        number,
        dealer,
        d.declarer,
        words,
        mark,
        f"{pre0}{t0}" if t0 >= 0 else f"{pre0}−{-t0}",
        f"{pre1}{t1}" if t1 >= 0 else f"{pre1}−{-t1}",
    )


def render_markdown(table: Table, parts: Sequence[Partie], lang: Lang = "de") -> str:
    """The sheet and the summary as Markdown."""
    from skatliste.render.cells import markdown_text

    title = "American Grand"
    players = markdown_text(", ".join(table.players))
    return f"# {title}: {players}\n\n" + render_sheet(table, parts, fmt="md", lang=lang) + "\n"


def render_json(table: Table, parts: Sequence[Partie], lang: Lang = "de") -> str:
    """The deals and the parties' results as one JSON document."""
    data = {
        "rules": "american-grand",
        "players": list(table.players),
        "pairs": [list(table.pair(0)), list(table.pair(1))],
        "deals": sheet_records(table, parts, lang),
        **summary_json(table, parts),
    }
    return json.dumps(data, ensure_ascii=False, indent=2)


# --- the registered renderers (``skatliste.render``) ---------------------------------------


@register(FAMILY, "sheet")
def sheet_text(lst: Any, *, fmt: str, lang: Lang) -> str:
    """Each partie's deals, the pairs' running scores, its result."""
    if fmt in ("plain", "grid", "md"):
        # a list read a distinct line at a time: walked as its lines say, no entry made
        distinct, untimed = lst.distinct(), lst.untimed()
        with collector_off():  # a tuple a deal, none referring back to another
            return walked_sheet(
                lst.table,
                lst.entries if untimed is None else untimed,
                fmt=fmt,
                lang=lang,
                kinds=None if distinct is None else distinct[1],
            )
    return render_sheet(lst.table, parties_of(lst), fmt=fmt, lang=lang)


@register(FAMILY, "md")
def export_markdown(lst: Any, *, lang: Lang, stake: Fraction | None = None) -> str:
    no_stake(stake)
    return render_markdown(lst.table, parties_of(lst), lang)


@register(FAMILY, "csv")
def export_csv(lst: Any, *, lang: Lang, stake: Fraction | None = None) -> str:
    no_stake(stake)
    return render_csv(lst.table, parties_of(lst), lang)


@register(FAMILY, "json")
def export_json(lst: Any, *, lang: Lang, stake: Fraction | None = None) -> str:
    no_stake(stake)
    return render_json(lst.table, parties_of(lst), lang) + "\n"
