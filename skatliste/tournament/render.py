"""The tournament on paper: text tables, printable HTML (A4, a bar chart of the top players),
CSV and JSON. Strings only; the edges print or write them.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from skatliste.report import cents, plain_table
from skatliste.tournament.core import Standing

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
@page {{ size: A4; margin: 15mm; }}
body {{ font-family: sans-serif; font-size: 11pt; margin: 0 auto; max-width: 180mm; }}
h1 {{ font-size: 16pt; margin-bottom: 2mm; }}
h2 {{ font-size: 13pt; margin: 6mm 0 2mm; break-after: avoid; }}
table {{ border-collapse: collapse; width: 100%; margin-bottom: 4mm; }}
th, td {{ border-bottom: 1px solid #bbb; padding: 1mm 2mm; text-align: left; }}
td.n, th.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
.table {{ break-inside: avoid; display: inline-block; width: 85mm; vertical-align: top; }}
.note {{ color: #555; }}
</style></head>
<body>
<h1>{title}</h1>
{body}
</body></html>
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def page(title: str, body: str) -> str:
    """A self-contained printable page."""
    return PAGE.format(title=_e(title), body=body)


# --- ranking ----------------------------------------------------------------------------


def _series_numbers(standings: Sequence[Standing]) -> list[int]:
    return sorted({s for line in standings for s in line.series})


def number(value: int) -> str:
    """A number as the lists print it: the minus sign a paper list has (−98)."""
    return str(value).replace("-", "−")


def ranking_table(standings: Sequence[Standing]) -> str:
    """The ranking as a text table; ``*`` marks a player whose table is still playing."""
    numbers = _series_numbers(standings)
    headers = ["Place", "Name", "Club", *[f"S{n}" for n in numbers]]
    headers += ["Total", "Points", "Won", "Lost"]
    body = []
    for s in standings:
        body.append(
            [
                f"{s.place}.",
                s.name + (" *" if s.in_progress else ""),
                s.club,
                *[number(s.series[n]) if n in s.series else "-" for n in numbers],
                number(s.seeger_fabian),
                number(s.points),
                str(s.won),
                str(s.lost),
            ]
        )
    return plain_table(headers, body, "rll" + "r" * (len(numbers) + 4))


def ranking_csv(standings: Sequence[Standing]) -> str:
    """One row a player: place, name, club, each series, total, points, won, lost."""
    numbers = _series_numbers(standings)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(
        [
            "place",
            "name",
            "club",
            *[f"series {n}" for n in numbers],
            "seeger_fabian",
            "points",
            "won",
            "lost",
            "in_progress",
        ]
    )
    for s in standings:
        w.writerow(
            [
                s.place,
                s.name,
                s.club,
                *[s.series.get(n, "") for n in numbers],
                s.seeger_fabian,
                s.points,
                s.won,
                s.lost,
                "yes" if s.in_progress else "",
            ]
        )
    return out.getvalue()


def bar_chart(standings: Sequence[Standing], *, top: int = 10) -> str:
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
        f'aria-label="Seeger-Fabian of the top {len(lines)}">'
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


def ranking_html(title: str, standings: Sequence[Standing], *, note: str = "") -> str:
    """The ranking as a printable A4 page with a bar chart of the top players."""
    numbers = _series_numbers(standings)
    head = "".join(
        f'<th class="n">{h}</th>' if i in (0,) or i > 2 else f"<th>{h}</th>"
        for i, h in enumerate(
            ["Place", "Name", "Club", *[f"S{n}" for n in numbers], "Total", "Points", "Won", "Lost"]
        )
    )
    rows = []
    for s in standings:
        cells = [
            f'<td class="n">{s.place}.</td>',
            f"<td>{_e(s.name)}{' *' if s.in_progress else ''}</td>",
            f"<td>{_e(s.club)}</td>",
            *[
                f'<td class="n">{number(s.series[n]) if n in s.series else "-"}</td>'
                for n in numbers
            ],
            f'<td class="n"><b>{number(s.seeger_fabian)}</b></td>',
            f'<td class="n">{number(s.points)}</td><td class="n">{s.won}</td>'
            f'<td class="n">{s.lost}</td>',
        ]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    body = bar_chart(standings)
    body += f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    if note:
        body += f'<p class="note">{_e(note)}</p>'
    return page(title, body)


# --- seating ----------------------------------------------------------------------------


def seating_html(
    title: str,
    series: int,
    tables: Sequence[tuple[int, Sequence[str], str]],
    by_player: Sequence[tuple[str, int]],
) -> str:
    """The seating plan of a series: per table (seat order, first dealer), and per player
    alphabetically (name → table), for the wall at the door."""
    blocks = []
    for number, players, path in tables:
        seats = "".join(
            f'<tr><td class="n">{i}</td><td>{_e(p)}{" (deals first)" if i == 1 else ""}</td></tr>'
            for i, p in enumerate(players, start=1)
        )
        blocks.append(
            f'<div class="table"><h2>Table {number}</h2><table><thead><tr><th class="n">Seat</th>'
            f"<th>Player</th></tr></thead><tbody>{seats}</tbody></table>"
            f'<p class="note">{_e(path)}</p></div>'
        )
    people = "".join(
        f'<tr><td>{_e(name)}</td><td class="n">→ table {table}</td></tr>'
        for name, table in by_player
    )
    body = (
        f"<h2>Series {series}: tables</h2>{''.join(blocks)}"
        f'<h2 style="break-before: page">Series {series}: players A–Z</h2>'
        f"<table><tbody>{people}</tbody></table>"
    )
    return page(f"{title} · series {series}", body)


def seating_csv(series: int, tables: Sequence[tuple[int, Sequence[str], str]]) -> str:
    """One row a seat: series, table, seat, player, list."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["series", "table", "seat", "player", "list"])
    for number, players, path in tables:
        for seat, p in enumerate(players, start=1):
            w.writerow([series, number, seat, p, path])
    return out.getvalue()


def to_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def money(amount: Fraction) -> str:
    """An amount with two decimals, rounded only now (no sign for a prize or fee)."""
    return cents(amount).lstrip("+")
