"""Reports people look at: a self-contained printable HTML list with an SVG chart, Markdown,
a CSV of every fact and derived value, JSON, and a running-totals chart for the terminal.

Strings only; the CLI writes them.
"""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from skatliste.i18n import Lang, Message, msg, nmsg, pmsg
from skatliste.money import Settlement
from skatliste.printed import signed, with_minus
from skatliste.render.cells import CsvWriter, markdown_text, with_note
from skatliste.render.page import page_head
from skatliste.render.skat_text import (
    describe,
    later_legend,
    marks,
    payment_lines,
    render_sheet,
    render_summary,
    sheet_records,
    summary_json,
    summary_table,
    words_in,
)
from skatliste.skat.entries import GameEntry, RamschEntry, Table
from skatliste.skat.games import GameType
from skatliste.skat.row import Row
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.sheet import value_cell
from skatliste.skat.summary import Summary

COLOURS = ("#1b6ca8", "#c0392b", "#27ae60", "#8e44ad")

HTML_TEXT: dict[str, Message] = {
    "title": msg("Skat score sheet"),
    "rules": msg("Rules"),
    "chart": msg("Running totals"),
    "sheet": msg("Sheet"),
    "summary": msg("Summary"),
    "money": msg("Settlement"),
    "x": msg("Game"),
    "y": msg("Points"),
}
"""The words of the text, by their key (German in the catalogue)."""


def html_words(lang: Lang) -> dict[str, str]:
    """The words in ``lang``."""
    return {key: text.render(lang) for key, text in HTML_TEXT.items()}


def _series(table: Table, sheet: Sequence[Row]) -> dict[str, list[int]]:
    """Each player's running total, starting at 0 before game 1."""
    out = {p: [0] for p in table.players}
    for row in sheet:
        for p in table.players:
            out[p].append(row.totals[p])
    return out


def _ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round tick values covering low..high."""
    span = max(high - low, 1)
    raw = span / count
    step = 1
    for nice in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        step = nice
        if nice >= raw:
            break
    first = (low // step) * step
    return list(range(first, high + step, step))


LEGEND_SIZE = 20
"""The legend's font size in the chart's units: read on a phone that shows the chart at about
half its width (the page's and the export's style set it so, or smaller)."""
LEGEND_EM = 0.7 * LEGEND_SIZE
"""The room one character of the legend may take (DejaVu Sans' widest letters are 0.7 em)."""
LEGEND_LINE = LEGEND_SIZE + 10


def svg_chart(table: Table, sheet: Sequence[Row], lang: Lang = "de") -> str:
    """A line chart of every player's running total: one colour each, legend, axes, zero."""
    t = html_words(lang)
    return line_chart(_series(table, sheet), title=t["chart"], x_label=t["x"], y_label=t["y"])


def line_chart(
    series: Mapping[str, Sequence[int]], *, title: str, x_label: str, y_label: str
) -> str:
    """A line chart of running totals, each line from step 0 on (a list's games, a season's
    evenings): one colour each, legend with the last value, axes, zero."""
    t = {"chart": title, "x": x_label, "y": y_label}
    games = max((len(line) for line in series.values()), default=1) - 1
    values = [v for line in series.values() for v in line]
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    width, height = 640, 280
    left, right, top, bottom = 50, 16, 12, 36
    # the legend stands under the plot, in as many columns as its longest entry allows (a
    # wide character's room each: a name and its total are never cut); a name too long for
    # the chart's width widens it
    entries = [f"{player} {signed(line[-1])}" for player, line in series.items()]
    column = 28 + LEGEND_EM * max((len(e) for e in entries), default=0) + 16
    width = max(width, int(left + column + right))
    columns = max(1, min(len(entries), int((width - left - right) // column)))
    rows = -(-len(entries) // columns)
    legend_top = height + 8
    height = legend_top + rows * LEGEND_LINE
    plot_w, plot_h = width - left - right, 280 - top - bottom

    def x(i: int) -> float:
        return left + (plot_w * i / games if games else 0)

    def y(v: int) -> float:
        return top + plot_h * (high - v) / ((high - low) or 1)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{html.escape(t["chart"])}">'
    ]
    for v in ticks:
        parts.append(
            f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + plot_w}" y2="{y(v):.1f}" '
            f'stroke="#e4e4e4"/>'
            f'<text x="{left - 6}" y="{y(v) + 3:.1f}" text-anchor="end">{v}</text>'
        )
    parts.append(
        f'<line class="zero" x1="{left}" y1="{y(0):.1f}" x2="{left + plot_w}" y2="{y(0):.1f}" '
        f'stroke="#333" stroke-dasharray="4 3"/>'
    )
    parts.append(
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#333"/>'
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
        f'stroke="#333"/>'
    )
    step = max(1, games // 12)
    for i in range(0, games + 1, step):
        parts.append(
            f'<text x="{x(i):.1f}" y="{top + plot_h + 13}" text-anchor="middle">{i}</text>'
        )
    parts.append(
        f'<text class="axis" x="{left + plot_w / 2:.1f}" y="{280 - 4}" '
        f'text-anchor="middle">{html.escape(t["x"])}</text>'
        f'<text class="axis" x="12" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {top + plot_h / 2:.1f})">{html.escape(t["y"])}</text>'
    )
    for n, (player, line) in enumerate(series.items()):
        colour = COLOURS[n % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
            f"<title>{html.escape(player)}</title></polyline>"
        )
        ly = legend_top + LEGEND_LINE * (n // columns) + LEGEND_SIZE
        lx = left + column * (n % columns)
        parts.append(
            f'<line x1="{lx:.0f}" y1="{ly - 6}" x2="{lx + 20:.0f}" y2="{ly - 6}" '
            f'stroke="{colour}" stroke-width="4"/><text class="legend" x="{lx + 28:.0f}" '
            f'y="{ly}" font-size="{LEGEND_SIZE}">{html.escape(entries[n])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _rules_line(table: Table) -> str:
    """The preset, and the options that differ from it."""

    rules = table.rules
    preset = build_rule_set(rules.preset).options
    changed = [f"{k}={v}" for k, v in rules.options.items() if preset.get(k) != v]
    return f"{rules.preset} ({', '.join(changed)})" if changed else rules.preset


def render_html(
    table: Table,
    sheet: Sequence[Row],
    summary: Summary,
    *,
    settlement: Settlement | None = None,
    stake: str | None = None,
    created: str = "",
    lang: Lang = "de",
) -> str:
    """One self-contained, printable page: header, chart, sheet, summary and money."""
    t, h = words_in(lang), html_words(lang)
    esc = html.escape
    day = created[:10] if created else date.today().isoformat()
    out = page_head(h["title"], day, table.players, [(h["rules"], _rules_line(table))], lang)
    if sheet:
        out += [f"<section><h2>{esc(h['chart'])}</h2>", svg_chart(table, sheet, lang), "</section>"]
    # the sheet
    heads = [t["nr"], t["dealer"], t["declarer"], t["game"], t["value"], "", *table.players]
    out.append(f'<section><h2>{esc(h["sheet"])}</h2><table class="sheet"><thead><tr>')
    out += [f"<th>{esc(x)}</th>" for x in heads]
    out.append("</tr></thead><tbody>")
    for i, row in enumerate(sheet):
        e = row.entry
        start = i and row.round != sheet[i - 1].round
        cells = [
            f'<td class="num">{row.number}</td>',
            f"<td>{esc(row.dealer)}</td>",
            f"<td>{esc(e.declarer if isinstance(e, GameEntry) else '')}</td>",
            f"<td>{esc(with_note(describe(row, lang), e.note))}</td>",
            f'<td class="num">{esc(value_cell(row))}</td>',
            f'<td class="mark">{esc(marks(row))}</td>',
            *[f'<td class="num">{esc(signed(row.totals[p]))}</td>' for p in table.players],
        ]
        cls = ' class="round-start"' if start else ""
        out.append(f"<tr{cls}>{''.join(cells)}</tr>")
    out.append("</tbody></table>")
    if any(marks(r) for r in sheet):
        out.append(f'<p class="meta">{esc(t["marks"])}</p>')
    later = later_legend(sheet, lang)
    if later is not None:
        out.append(f'<p class="meta">{esc(later)}</p>')
    out.append("</section>")
    # the summary
    heads, body = summary_table(table, summary, settlement=settlement, lang=lang)
    out.append(f'<section><h2>{esc(h["summary"])}</h2><table class="summary"><thead><tr>')
    out += [f"<th>{esc(x)}</th>" for x in heads]
    out.append("</tr></thead><tbody>")
    for cells in body:
        out.append(
            "<tr>"
            + "".join(
                f"<td>{esc(c)}</td>" if i == 1 else f'<td class="num">{esc(c)}</td>'
                for i, c in enumerate(cells)
            )
            + "</tr>"
        )
    out.append("</tbody></table>")
    if settlement is not None and settlement.payments:
        out.append(f"<h2>{esc(h['money'])}</h2><ul>")
        if stake:
            said = msg("Stake: {cent} ct", cent=stake).render(lang)
            out.append(f"<li>{esc(said)}</li>")
        out += [f"<li>{esc(line)}</li>" for line in payment_lines(settlement, lang=lang)]
        out.append("</ul>")
    out.append("</section></body></html>")
    return "\n".join(out) + "\n"


def render_markdown(
    table: Table,
    sheet: Sequence[Row],
    summary: Summary,
    *,
    settlement: Settlement | None = None,
    lang: Lang = "de",
) -> str:
    """The sheet and the summary as Markdown tables, for chat or a wiki."""
    h = html_words(lang)
    return "\n".join(
        [
            f"# {h['title']}: {markdown_text(', '.join(table.players))}",
            "",
            f"{h['rules']}: {_rules_line(table)}",
            "",
            f"## {h['sheet']}",
            "",
            render_sheet(table, sheet, fmt="md", lang=lang),
            "",
            f"## {h['summary']}",
            "",
            render_summary(table, summary, settlement=settlement, lang=lang, fmt="md"),
            "",
        ]
    )


CSV_FACTS = (
    "declarer",
    "game",
    "spitzen",
    "mit",
    "hand",
    "ouvert",
    "schneider_announced",
    "schwarz_announced",
    "won",
    "augen",
    "schneider",
    "schwarz",
    "bid",
    "kontra",
    "re",
)


GAME_WORDS: dict[GameType, Message] = {
    GameType.DIAMONDS: pmsg("game words", "diamonds"),
    GameType.HEARTS: pmsg("game words", "hearts"),
    GameType.SPADES: pmsg("game words", "spades"),
    GameType.CLUBS: pmsg("game words", "clubs"),
    GameType.GRAND: pmsg("game words", "grand"),
    GameType.NULL: pmsg("game words", "null"),
}
"""The game as the table writes it, in the CSV's language (``kreuz`` in German)."""


def render_csv(table: Table, sheet: Sequence[Row], lang: Lang = "de") -> str:
    """One row per game: every fact and every derived value (UTF-8, header row), written by
    the one :class:`~skatliste.render.cells.CsvWriter` of every family: ``;`` between the
    columns in German, ``,`` in English, yes/no cells and the game's word in the list's
    language; the numbers are whole numbers."""
    buf = io.StringIO()
    writer = CsvWriter(buf, lang=lang, lineterminator="\n")
    players = list(table.players)
    writer.writerow(
        [
            "number",
            "round",
            "dealer",
            "kind",
            *CSV_FACTS,
            "bock",
            "ramsch_round",
            "ramsch_augen",
            "paper",
            "description",
            "game_value",
            "list_points",
            *[f"points {p}" for p in players],
            *[f"total {p}" for p in players],
            *[f"seeger_fabian {p}" for p in players],
            "marks",
            "problem",
            "note",
            "time",
        ]
    )
    for row in sheet:
        e = row.entry
        kind = (
            "game"
            if isinstance(e, GameEntry)
            else "ramsch"
            if isinstance(e, RamschEntry)
            else "passed"
        )
        facts: list[Any] = [""] * len(CSV_FACTS)
        if isinstance(e, GameEntry):
            d, o = e.declaration, e.outcome
            facts = [
                e.declarer,
                GAME_WORDS[d.game].render(lang),
                d.spitzen if d.spitzen is not None else "",
                d.mit if d.spitzen is not None else "",
                d.hand,
                d.ouvert,
                d.schneider_announced,
                d.schwarz_announced,
                "" if row.result is None else row.result.won,
                "" if o.augen is None else o.augen,
                "" if row.result is None else row.result.schneider,
                "" if row.result is None else row.result.schwarz,
                "" if o.bid is None else o.bid,
                o.kontra,
                o.re,
            ]
        result = row.result
        writer.writerow(
            [
                row.number,
                row.round,
                row.dealer,
                kind,
                *facts,
                row.doublings,
                row.ramsch_round,
                " ".join(f"{n}={a}" for n, a in e.augen) if isinstance(e, RamschEntry) else "",
                e.paper.value if isinstance(e, GameEntry) and e.paper is not None else "",
                describe(row, lang),
                "" if result is None else result.game_value,
                "" if result is None else result.list_points,
                *[row.points[p] for p in players],
                *[row.totals[p] for p in players],
                *[row.sf_totals[p] for p in players],
                marks(row),
                "; ".join(p.render(lang) for p in row.problems),
                e.note,
                e.time or "",
            ]
        )
    return buf.getvalue()


def json_data(
    table: Table,
    sheet: Sequence[Row],
    summary: Summary,
    settlement: Settlement | None = None,
    *,
    lang: Lang = "de",
) -> dict[str, Any]:
    """The derived sheet and summary (the games described in ``lang``), ready for JSON."""
    return {
        "players": list(table.players),
        "rules": {"preset": table.rules.preset, "options": dict(table.rules.options)},
        "games": sheet_records(table, sheet, lang),
        "summary": summary_json(table, summary, settlement),
    }


def text_chart(
    table: Table, sheet: Sequence[Row], *, width: int = 60, height: int = 12, lang: Lang = "de"
) -> str:
    """The running totals in the terminal: one letter per player, a zero line, a legend.

    No extra dependency; long lists are sampled to the width.
    """
    series = _series(table, sheet)
    games = len(sheet)
    if not games:
        return words_in(lang)["empty"]
    letters: dict[str, str] = {}
    for p in table.players:
        letter = p[0].upper()
        if letter in letters.values() or not letter.isalpha():
            letter = str(len(letters) + 1)
        letters[p] = letter
    cols = min(width, games + 1)
    index = [round(c * games / (cols - 1)) if cols > 1 else 0 for c in range(cols)]
    values = [v for line in series.values() for v in line]
    low, high = min(min(values), 0), max(max(values), 0)
    span = (high - low) or 1

    def level(v: int) -> int:
        return round((high - v) * (height - 1) / span)

    grid = [[" "] * cols for _ in range(height)]
    zero = level(0)
    for c in range(cols):
        grid[zero][c] = "─"
    for p, line in series.items():
        for c, i in enumerate(index):
            r = level(line[i])
            cell = grid[r][c]
            grid[r][c] = letters[p] if cell in (" ", "─") else "*"
    label_w = max(len(str(high)), len(str(low)), 1) + 1
    out = []
    for r, line_cells in enumerate(grid):
        label = ""
        if r == 0:
            label = str(high)
        elif r == height - 1:
            label = str(low)
        elif r == zero:
            label = "0"
        out.append(f"{with_minus(label):>{label_w}} │{''.join(line_cells)}".rstrip())
    out.append(" " * label_w + " └" + "─" * cols)
    axis = nmsg("1 … {count} (game)", "1 … {count} (games)", games)
    out.append(" " * label_w + "  " + axis.render(lang))
    legend = "   ".join(f"{letters[p]} = {p} {signed(series[p][-1])}" for p in table.players)
    out.append(legend + "   " + msg("* = several").render(lang))
    return "\n".join(out)
