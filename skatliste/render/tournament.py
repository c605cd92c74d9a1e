"""The tournament on paper: text tables, printable HTML (A4, a bar chart of the top players),
CSV and JSON. Strings only; the edges print or write them.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from skatliste.i18n import Lang, Message, pmsg, translations
from skatliste.printed import number
from skatliste.render.cells import CsvWriter
from skatliste.render.page import escaped as _e
from skatliste.render.page import page
from skatliste.render.plain import plain_table
from skatliste.render.skat_text import money as euro
from skatliste.tournament import Standing

_TEXT: dict[str, Message] = {
    "place": pmsg("tournament", "Place"),
    "name": pmsg("tournament", "Name"),
    "club": pmsg("tournament", "Club"),
    "total": pmsg("tournament", "Total"),
    "points": pmsg("tournament", "Points"),
    "won": pmsg("tournament", "Won"),
    "lost": pmsg("tournament", "Lost"),
    "all_series": pmsg("tournament", "all series"),
    "series_n": pmsg("tournament", "series {series}"),
    "series_tables": pmsg("tournament", "Series {series}: tables"),
    "series_players": pmsg("tournament", "Series {series}: players A–Z"),
    "series_heading": pmsg("tournament", "Series {series}"),
    "series_h": pmsg("tournament", "Series"),
    "where": pmsg("tournament", "series {series} table {table} ({games}/{length})"),
    "to_table": pmsg("tournament", "→ table {table}"),
    "table": pmsg("tournament", "Table"),
    "table_n": pmsg("tournament", "Table {table}"),
    "seat": pmsg("tournament", "Seat"),
    "player": pmsg("tournament", "Player"),
    "players_seated": pmsg("tournament", "Players (seat order)"),
    "deals_first": pmsg("tournament", "Deals first"),
    "deals_first_note": pmsg("tournament", "{name} (deals first)"),
    "list": pmsg("tournament", "List"),
    "state": pmsg("tournament", "State"),
    "done": pmsg("tournament", "done"),
    "in progress": pmsg("tournament", "in progress"),
    "differs": pmsg("tournament", "lists differ"),
    "paper": pmsg("tournament", "paper"),
    "missing": pmsg("tournament", "missing"),
    "playing": pmsg("tournament", "* still playing: {tables}"),
    "by_lot": pmsg("tournament", "‡ place decided by the lot (seed {seed})"),
    "table_points": pmsg("tournament", "TP"),
    "repeats": pmsg("tournament", "repeated pairs: {count}"),
    "repeats_which": pmsg("tournament", "repeated pairs: {count} ({pairs})"),
    "of_four": pmsg("tournament", "{count} of four"),
    "of_three": pmsg("tournament", "{count} of three"),
    "counted": pmsg("tournament", "Players counted"),
    "short": pmsg("tournament", "† fewer than {size} players: ranked with the players it has"),
    "prize": pmsg("tournament", "Prize"),
    "paid_out": pmsg("tournament", "paid out: {paid}"),
    "remaining": pmsg("tournament", "paid out: {paid}; left over: {left}"),
    "entry": pmsg("tournament", "Entry"),
    "lost_games": pmsg("tournament", "Lost games"),
    "pays": pmsg("tournament", "Pays"),
    "collected": pmsg("tournament", "collected: {amount}"),
    "provisional": pmsg("tournament", "provisional"),
    "provisional_note": pmsg(
        "tournament", "provisional: tables still playing: {tables}; every line can change"
    ),
    "left": pmsg("tournament", "Left"),
    "number": pmsg("tournament", "No."),
    "yes": pmsg("tournament", "yes"),
    "by_player": pmsg("tournament", "players A–Z"),
    "chart": pmsg("tournament", "Seeger-Fabian of the top {n}"),
}
"""The words of the tournament's tables and pages (context "tournament": a column head is
not a question), some with ``{placeholders}`` the caller fills in."""


@cache
def text(lang: Lang) -> dict[str, str]:
    """The tournament's words in ``lang``, placeholders left to fill in."""
    t = translations(lang)
    return {key: t.pgettext(m.context or "", m.text) for key, m in _TEXT.items()}


# --- ranking ----------------------------------------------------------------------------


def _series_numbers(standings: Sequence[Standing]) -> list[int]:
    return sorted({s for line in standings for s in line.series})


def _with_table_points(standings: Sequence[Standing]) -> bool:
    return any(s.table_points is not None for s in standings)


def table_points_text(points: Fraction) -> str:
    """Table points as the ranking shows them: 16, 3½, or two decimals for a share of three.

    >>> table_points_text(Fraction(16)), table_points_text(Fraction(7, 2))
    ('16', '3½')
    >>> table_points_text(Fraction(10, 3))
    '3.33'
    """
    whole, part = divmod(points, 1)
    if part == 0:
        return str(int(whole))
    if part == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return f"{float(points):.2f}"


def place_text(s: Standing) -> str:
    """``3.``, or ``-`` for a player who left and is listed without a place."""
    return f"{s.place}." if s.ranked else "-"


def marks(s: Standing) -> str:
    """`` *`` for a table still playing, `` ‡`` for a place the lot decided."""
    return (" *" if s.in_progress else "") + (" ‡" if s.by_lot else "")


def _ranking_headers(numbers: Sequence[int], lang: Lang, *, tp: bool = False) -> list[str]:
    t = text(lang)
    return [
        t["place"],
        t["name"],
        t["club"],
        *[f"S{n}" for n in numbers],
        *([t["table_points"]] if tp else []),
        t["total"],
        t["points"],
        t["won"],
        t["lost"],
    ]


def _tp_cells(s: Standing, tp: bool) -> list[str]:
    if not tp:
        return []
    return [table_points_text(s.table_points or Fraction(0))]


def ranking_table(standings: Sequence[Standing], lang: Lang = "de") -> str:
    """The ranking as a text table; ``*`` marks a player whose table is still playing, ``‡``
    a place the lot decided; a player who left without a place has ``-``; with table points
    their column stands before the Seeger-Fabian total."""
    numbers = _series_numbers(standings)
    tp = _with_table_points(standings)
    headers = _ranking_headers(numbers, lang, tp=tp)
    body = []
    for s in standings:
        body.append(
            [
                place_text(s),
                s.name + marks(s),
                s.club,
                *[number(s.series[n]) if n in s.series else "-" for n in numbers],
                *_tp_cells(s, tp),
                number(s.seeger_fabian),
                number(s.points),
                str(s.won),
                str(s.lost),
            ]
        )
    return plain_table(headers, body, "rll" + "r" * (len(numbers) + 4 + tp))


def _csv_points(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


def ranking_csv(standings: Sequence[Standing], lang: Lang = "en") -> str:
    """One row a player: place (empty for a player who left without one), name, club, each
    series, table points (where ranked by them), total, points, won, lost, in progress, and
    where the lot decided a place, whether it did (in the CSV of ``lang``:
    ``render.cells.CsvWriter``)."""
    numbers = _series_numbers(standings)
    tp = _with_table_points(standings)
    lot = any(s.by_lot for s in standings)
    out = io.StringIO()
    w = CsvWriter(out, lang=lang, lineterminator="\n")
    w.writerow(
        [
            "place",
            "name",
            "club",
            *[f"series {n}" for n in numbers],
            *(["table_points"] if tp else []),
            "seeger_fabian",
            "points",
            "won",
            "lost",
            "in_progress",
            *(["by_lot"] if lot else []),
        ]
    )
    for s in standings:
        w.writerow(
            [
                s.place if s.ranked else "",
                s.name,
                s.club,
                *[s.series.get(n, "") for n in numbers],
                *([_csv_points(s.table_points or Fraction(0))] if tp else []),
                s.seeger_fabian,
                s.points,
                s.won,
                s.lost,
                s.in_progress,
                *([s.by_lot] if lot else []),
            ]
        )
    return out.getvalue()


def bar_chart(standings: Sequence[Standing], *, top: int = 10, lang: Lang = "de") -> str:
    """An SVG bar chart of the top players' Seeger-Fabian totals."""
    lines = list(standings[:top])
    if not lines:
        return ""
    high = max(max(s.seeger_fabian for s in lines), 1)
    low = min(min(s.seeger_fabian for s in lines), 0)
    span = high - low
    width, label, bar_h, gap = 640, 150, 18, 6
    room = width - label - 60
    zero = label + room * (-low) / span
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" '
        f'viewBox="0 0 {width} {len(lines) * (bar_h + gap) + gap}" role="img" '
        f'aria-label="{text(lang)["chart"].format(n=len(lines))}">'
    ]
    for i, s in enumerate(lines):
        y = gap + i * (bar_h + gap)
        w = room * abs(s.seeger_fabian) / span
        x = zero if s.seeger_fabian >= 0 else zero - w
        parts.append(
            f'<text x="{label - 6}" y="{y + bar_h - 5}" text-anchor="end" font-size="12">'
            f"{s.place}. {_e(s.name)}</text>"
            f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="#1b6ca8"/>'
            f'<text x="{x + w + 4:.1f}" y="{y + bar_h - 5}" font-size="12">'
            f"{number(s.seeger_fabian)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def ranking_html(
    title: str, standings: Sequence[Standing], *, note: str = "", lang: Lang = "de"
) -> str:
    """The ranking as a printable A4 page with a bar chart of the top players."""
    numbers = _series_numbers(standings)
    tp = _with_table_points(standings)
    head = "".join(
        f'<th class="n">{_e(h)}</th>' if i in (0,) or i > 2 else f"<th>{_e(h)}</th>"
        for i, h in enumerate(_ranking_headers(numbers, lang, tp=tp))
    )
    rows = []
    for s in standings:
        cells = [
            f'<td class="n">{place_text(s)}</td>',
            f"<td>{_e(s.name + marks(s))}</td>",
            f"<td>{_e(s.club)}</td>",
            *[
                f'<td class="n">{number(s.series[n]) if n in s.series else "-"}</td>'
                for n in numbers
            ],
            *[f'<td class="n">{c}</td>' for c in _tp_cells(s, tp)],
            f'<td class="n"><b>{number(s.seeger_fabian)}</b></td>',
            f'<td class="n">{number(s.points)}</td><td class="n">{s.won}</td>'
            f'<td class="n">{s.lost}</td>',
        ]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    body = bar_chart(standings, lang=lang)
    body += f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    if note:
        body += f'<p class="note">{_e(note)}</p>'
    return page(title, body, lang)


# --- seating ----------------------------------------------------------------------------


def seating_html(
    title: str,
    series: int,
    tables: Sequence[tuple[int, Sequence[str], str]],
    by_player: Sequence[tuple[str, int]],
    lang: Lang = "de",
) -> str:
    """The seating plan of a series: per table (seat order, first dealer), and per player
    alphabetically (name → table), for the wall at the door."""
    t = text(lang)
    first = t["deals_first_note"]
    blocks = []
    for n, players, path in tables:
        seats = "".join(
            f'<tr><td class="n">{i}</td><td>{_e(first.format(name=p) if i == 1 else p)}</td></tr>'
            for i, p in enumerate(players, start=1)
        )
        blocks.append(
            f'<div class="table"><h2>{t["table_n"].format(table=n)}</h2><table><thead><tr>'
            f'<th class="n">{t["seat"]}</th><th>{t["player"]}</th></tr></thead>'
            f'<tbody>{seats}</tbody></table><p class="note">{_e(path)}</p></div>'
        )
    people = "".join(
        f'<tr><td>{_e(name)}</td><td class="n">{t["to_table"].format(table=table)}</td></tr>'
        for name, table in by_player
    )
    heading = t["series_heading"].format(series=series)
    body = (
        f"<h2>{t['series_tables'].format(series=series)}</h2>{''.join(blocks)}"
        f'<h2 style="break-before: page">{t["series_players"].format(series=series)}</h2>'
        f"<table><tbody>{people}</tbody></table>"
    )
    return page(f"{title} · {heading}", body, lang)


def seating_csv(
    series: int, tables: Sequence[tuple[int, Sequence[str], str]], lang: Lang = "en"
) -> str:
    """One row a seat: series, table, seat, player, list."""
    out = io.StringIO()
    w = CsvWriter(out, lang=lang, lineterminator="\n")
    w.writerow(["series", "table", "seat", "player", "list"])
    for table, players, path in tables:
        for seat, p in enumerate(players, start=1):
            w.writerow([series, table, seat, p, path])
    return out.getvalue()


def to_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def money(amount: Fraction, lang: Lang = "de") -> str:
    """An amount in euro (prizes and fees are given in euro), as the house writes money:
    ``45,00 €`` or ``€45.00``, rounded only now."""
    return euro(amount * 100, lang, sign=False)
