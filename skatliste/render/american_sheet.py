"""An American Grand list's sheet, as on paper or as data: one line a deal, each partie's
result under its deals (text, grid, Markdown), one record a deal (CSV, JSON); the exports
built on it (Markdown, CSV, JSON)."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

from skatliste.american.bids import said as table_word
from skatliste.american.explain import computation
from skatliste.american.game import Partie, Result, Row, Table
from skatliste.i18n import Lang
from skatliste.money import Stake
from skatliste.printed import number, signed
from skatliste.render import register
from skatliste.render.american import (
    FAMILY,
    NO_DEALS,
    SET_LEGEND,
    deal_words,
    heads_in,
    no_stake,
    parties_of,
    settlement_lines,
    summary_json,
)
from skatliste.render.cells import CsvWriter, markdown_text, with_note
from skatliste.render.plain import text_table


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
    drawn = [([_line(row, lang) for row in p.rows], p) for p in parts if p.rows]
    return _drawn(table, drawn, fmt=fmt, lang=lang)


CSV_FACTS = ("declarer", "contract", "bid", "tricks", "alone", "hearts")
"""A deal's facts, the columns of :func:`render_csv` after its number, partie and dealer."""


def render_csv(table: Table, parts: Sequence[Partie], lang: Lang = "de") -> str:
    """One row a deal: every fact and every derived value (UTF-8, header row), in the
    conventions of a Skat list's CSV (``render.skat_export.render_csv``) and by the same
    :class:`~skatliste.render.cells.CsvWriter`: ``;`` between the columns in German, ``,`` in
    English, yes/no in the list's language; English field names, the facts as the list file
    writes them but the contract, which is the table's word in the list's language
    (``jucker``), the deal in words as ``description``, a column a pair named
    ``points Anna+Carl``, ``total Anna+Carl`` (the partie's score after the deal) and ``sets
    Anna+Carl``; ``ends`` says why the partie ends after the deal (``hundred``, ``slam``,
    ``deals``, ``hand``)."""
    buf = io.StringIO()
    writer = CsvWriter(buf, lang=lang, lineterminator="\n")
    labels = [table.pair_name(0), table.pair_name(1)]
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
                    table_word(d.contract).render(lang),
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

    if not drawn:
        return NO_DEALS.render(lang)
    headers = [*heads_in(lang), table.pair_name(0), table.pair_name(1)]
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
    return "\n\n".join(blocks) + "\n\n" + SET_LEGEND.render(lang)


def _line(row: Row, lang: Lang) -> tuple[str, ...]:
    """A deal's cells: number, dealer, declarer, contract, the set mark, each pair's points
    and running score."""
    d = row.deal
    return (
        str(row.number),
        row.dealer,
        d.declarer,
        with_note(deal_words(d, lang), d.note),
        "" if row.score.made else "×",
        *(f"{signed(row.points[i])} = {number(row.totals[i])}" for i in (0, 1)),
    )


def render_markdown(table: Table, parts: Sequence[Partie], lang: Lang = "de") -> str:
    """The sheet and the summary as Markdown."""

    title = "American Grand"
    players = markdown_text(", ".join(table.players))
    return f"# {title}: {players}\n\n" + render_sheet(table, parts, fmt="md", lang=lang) + "\n"


def json_data(table: Table, parts: Sequence[Partie], lang: Lang = "de") -> dict[str, Any]:
    """The deals and the parties' results, ready for one JSON document."""
    return {
        "rules": "american-grand",
        "players": list(table.players),
        "pairs": [list(table.pair(0)), list(table.pair(1))],
        "deals": sheet_records(table, parts, lang),
        **summary_json(table, parts),
    }


# --- the registered renderers (``skatliste.render``) ---------------------------------------


@register(FAMILY, "sheet")
def sheet_text(lst: Any, *, fmt: str, lang: Lang) -> str:
    """Each partie's deals, the pairs' running scores, its result."""
    return render_sheet(lst.table, parties_of(lst), fmt=fmt, lang=lang)


@register(FAMILY, "md")
def export_markdown(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    no_stake(stake)
    return render_markdown(lst.table, parties_of(lst), lang)


@register(FAMILY, "csv")
def export_csv(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    no_stake(stake)
    return render_csv(lst.table, parties_of(lst), lang)


@register(FAMILY, "json")
def export_json(lst: Any, *, lang: Lang, stake: Stake | None = None) -> dict[str, Any]:
    no_stake(stake)
    return json_data(lst.table, parties_of(lst), lang)
