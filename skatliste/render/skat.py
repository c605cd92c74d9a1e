"""The Skat family's renderers, registered per format (``skatliste.render``): the sheet, the
summary, the exports, the lines a change and an explanation print, the statistics and the
phone page's JSON. Text only, never prints.

The exports' drawing (``render.export``) and the statistics (``skat.stats``) are imported by
the renderers that use them: measured, 10 ms and 4 ms of every ``sheet`` and ``add``."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from skatliste import money
from skatliste.i18n import Lang, msg
from skatliste.money import Stake
from skatliste.printed import signed
from skatliste.render import register
from skatliste.render.plain import plain_table
from skatliste.render.skat_text import (
    describe,
    game_lines,
    marks,
    payment_lines,
    pending_words,
    render_sheet,
    render_summary,
    summary_json,
    summary_notes,
    summary_table,
)
from skatliste.skat import entries, sheet
from skatliste.skat.entries import GameEntry, RamschEntry, Table
from skatliste.skat.explain import seeger_fabian_line
from skatliste.skat.row import Row
from skatliste.skat.rules import seeger_fabian_points
from skatliste.skat.sheet import value_cell
from skatliste.skat.summary import summarise as summary_of_list
from skatliste.skat.words import to_words

FAMILY = "skat"


def _settlement(totals: dict[str, int], stake: Stake | None) -> money.Settlement | None:
    return None if stake is None else money.settle(totals, stake.cent, way=stake.way)


@register(FAMILY, "csv")
def export_csv(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    """One row per game with every fact and derived value."""
    from skatliste.render.skat_export import render_csv

    return render_csv(lst.table, list(sheet.rows(lst.table, lst.entries)), lang)


@register(FAMILY, "json")
def export_json(lst: Any, *, lang: Lang, stake: Stake | None = None) -> dict[str, Any]:
    """The derived sheet and summary."""
    from skatliste.render.skat_export import json_data

    rows = list(sheet.rows(lst.table, lst.entries))
    summary = summary_of_list(lst.table, lst.entries)
    money = _settlement({p.name: p.total for p in summary.players}, stake)
    return json_data(lst.table, rows, summary, money, lang=lang)


@register(FAMILY, "md")
def export_markdown(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    from skatliste.render.skat_export import render_markdown

    rows = list(sheet.rows(lst.table, lst.entries))
    summary = summary_of_list(lst.table, lst.entries)
    money = _settlement({p.name: p.total for p in summary.players}, stake)
    return render_markdown(lst.table, rows, summary, settlement=money, lang=lang)


@register(FAMILY, "html")
def export_html(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    """One page, chart included, A4."""
    from skatliste.render.skat_export import render_html

    rows = list(sheet.rows(lst.table, lst.entries))
    summary = summary_of_list(lst.table, lst.entries)
    money = _settlement({p.name: p.total for p in summary.players}, stake)
    return render_html(
        lst.table,
        rows,
        summary,
        settlement=money,
        stake=None if stake is None else _stake_text(stake.cent),
        created=lst.created,
        lang=lang,
    )


def _stake_text(stake: Fraction) -> str:
    """A stake as it was typed: ``0.25``, ``1/4`` shown as a decimal where it is one."""
    if stake.denominator == 1:
        return str(stake.numerator)
    for places in range(1, 7):
        scaled = stake * 10**places
        if scaled.denominator == 1:
            return f"{float(stake):.{places}f}"
    return f"{stake.numerator}/{stake.denominator}"


@register(FAMILY, "sheet")
def sheet_text(lst: Any, *, fmt: str, lang: Lang) -> str:
    """The list as on paper in ``fmt`` (plain, grid, md, csv, json)."""
    if fmt == "csv":
        return export_csv(lst, lang=lang).rstrip("\n")
    if fmt == "json":
        return json.dumps(export_json(lst, lang=lang), ensure_ascii=False, indent=2)
    return render_sheet(lst.table, list(sheet.rows(lst.table, lst.entries)), fmt=fmt, lang=lang)


@register(FAMILY, "summary")
def summary_text(
    lst: Any,
    *,
    lang: Lang,
    stake: Stake | None = None,
    only_round: int | None = None,
    as_json: bool = False,
) -> str:
    """Totals, games won and lost, Seeger-Fabian, rank, and the money at ``stake``."""
    result = summary_of_list(lst.table, lst.entries, only_round=only_round)
    settlement = _settlement({p.name: p.total for p in result.players}, stake)
    if as_json:
        return json.dumps(summary_json(lst.table, result, settlement), ensure_ascii=False)
    text = render_summary(lst.table, result, settlement=settlement, lang=lang)
    if only_round is not None:
        return msg("Round {number}", number=only_round).render(lang) + f"\n{text}"
    return text


@register(FAMILY, "chart")
def chart_text(lst: Any, *, width: int, height: int, lang: Lang) -> str:
    """The running totals as a chart in the terminal."""
    from skatliste.render.skat_export import text_chart

    rows = list(sheet.rows(lst.table, lst.entries))
    return text_chart(lst.table, rows, width=width, height=height, lang=lang)


@register(FAMILY, "created")
def created_line(lst: Any, lang: Lang) -> str:
    """``x.json: new list for Anna, Ben, Carl (isko rules); Anna deals first``."""
    table = lst.table
    series = table.series
    line = msg(
        "{path}: new list for {players} ({preset} rules{series}); {dealer} deals first",
        path=str(lst.path),
        players=", ".join(table.players),
        preset=lst.rules.preset,
        series=msg(", series of {series} games", series=series) if series else "",
        dealer=table.dealer(0),
    ).render(lang)
    return line


def totals_line(lst: Any, row: Row | None, lang: Lang) -> str:
    """``Stand: Anna +48 | Ben 0 | Carl 0 · nächster Geber: Ben``."""
    table = lst.table
    totals = row.totals if row else dict.fromkeys(table.players, 0)
    parts = " | ".join(f"{p} {signed(totals[p])}" for p in table.players)
    n = lst.count
    # the next dealer as derived: a game entered later passes the deal to no one (§8)
    said = {"totals": parts, "dealer": lst.family.derived(table, lst.entries).next_dealer}
    series = table.series
    text = (
        msg(
            "Totals: {totals} · next dealer: {dealer} · {played}/{series}",
            played=n,
            series=series,
            **said,
        )
        if series
        else msg("Totals: {totals} · next dealer: {dealer}", **said)
    ).render(lang)
    if row is not None and row.pending:
        text += " · " + pending_words(row.pending, lang)
    return text


@register(FAMILY, "change")
def change_lines(change: Any, lang: Lang) -> list[str]:
    """The changed game's lines and the totals after it."""
    lines = [] if change.row is None else game_lines(change.row, lang)
    return [*lines, totals_line(change.ledger, change.last, lang)]


@register(FAMILY, "explain")
def explain_lines(lst: Any, row: Row, lang: Lang) -> list[str]:
    """Game N's full computation, who dealt, and its Seeger-Fabian points."""
    lines = game_lines(row, lang)
    lines.insert(1, "  " + msg("dealer: {dealer}", dealer=row.dealer).render(lang))
    if row.result is not None and not lst.rules.two_player:
        sf = seeger_fabian_points(row.result, table=lst.table.size)
        lines.append(f"  {seeger_fabian_line(row.result, sf, lang=lang)}")
    return lines


@register(FAMILY, "stats")
def stats_text(lists: Sequence[Any], *, lang: Lang, as_json: bool) -> str:
    """Per player: games, won and lost, by game type, ... over the lists, merged by name."""
    from skatliste.skat.stats import GAME_ORDER, STATS_HEADERS, collect, stats_rows

    sheets = [(lst.table.players, list(sheet.rows(lst.table, lst.entries))) for lst in lists]
    people = collect(sheets)
    if as_json:
        return json.dumps({n: s.as_dict() for n, s in people.items()}, ensure_ascii=False, indent=2)
    if not any(rows for _, rows in sheets):  # a table of zeros says less than this
        return msg("No games yet.").render(lang)
    heads = STATS_HEADERS[lang]
    first = plain_table(list(heads), stats_rows(people, lang), "l" + "r" * (len(heads) - 1))
    kinds = [g for g in GAME_ORDER if any(g in s.by_game for s in people.values())]
    if not kinds:  # passed games and Ramsch only: no game type to count, no empty table
        return first
    body = [
        [s.name, *["{}/{}".format(*reversed(s.by_game.get(g, [0, 0]))) for g in kinds]]
        for s in people.values()
    ]
    second = plain_table([msg("won/declared").render(lang), *kinds], body, "l" + "r" * len(kinds))
    return f"{first}\n\n{second}"


# --- the phone page ---------------------------------------------------------------------


def edit_words(row: Row, lang: Lang) -> str:
    """The words the words field shows to change a game: a game's without the declarer
    (the page shows him as the tapped player), eingepasst and a Ramsch as they are."""
    e = row.entry
    if isinstance(e, GameEntry):
        return to_words(e.declaration, e.outcome)
    return entries.entry_words(e, lang)


ROWS_KEPT = 20_000
"""Rows of the page whose JSON a process keeps (about 1 KB each): a hall of 100 tables of 48
games is 4,800. A list's page is built again after every save, and all its rows but the new
one are the rows drawn before."""
_drawn: dict[tuple[object, ...], dict[str, Any]] = {}
_drawn_lock = threading.Lock()


@register(FAMILY, "row")
def row_json(lst: Any, row: Row, lang: Lang) -> dict[str, Any]:
    """One game of the sheet: what it was, its value, its explanation, the totals after it.
    Drawn from the row alone (and ``lang``), so a row drawn before is kept by its key and
    given again: the same dict, which nobody changes."""
    key = (lang, row.key())
    try:
        found = _drawn.get(key)
    except TypeError:  # a row holding a dict (a Ramsch's points): drawn each time
        return _row_json(lst, row, lang)
    if found is None:
        found = _row_json(lst, row, lang)
        with _drawn_lock:
            while len(_drawn) >= ROWS_KEPT:
                del _drawn[next(iter(_drawn))]  # the oldest first
            _drawn[key] = found
    return found


def _row_json(lst: Any, row: Row, lang: Lang) -> dict[str, Any]:
    e = row.entry
    lines = [line.strip() for line in game_lines(row, lang)[1:]]
    if isinstance(e, GameEntry) and row.result is None:
        lines = [problem.render(lang) for problem in row.problems]
    return {
        "number": row.number,
        "kind": "game"
        if isinstance(e, GameEntry)
        else ("ramsch" if isinstance(e, RamschEntry) else "passed"),
        "declarer": e.declarer if isinstance(e, GameEntry) else None,
        "dealer": row.dealer,
        "dealer_text": msg("dealer {dealer}", dealer=row.dealer).render(lang),
        "words": edit_words(row, lang),
        "text": describe(row, lang),
        "value": value_cell(row),
        "list_points": None if row.result is None else row.result.list_points,
        "marks": marks(row),
        "explanation": lines,
        "points": row.points,
        "totals": row.totals,
        "totals_text": {p: signed(v) for p, v in row.totals.items()},
        "error": None if row.error is None else row.error.render(lang),
        "fingerprint": lst.family.fingerprint(e),
        "closes": _closes(lst.table, row, lang),
    }


def _closes(table: Table, row: Row, lang: Lang) -> str | None:
    """What the entry closed, said after it is saved: the series' last game, or None."""
    if not table.series or row.number != table.series:
        return None
    return msg("The series is over: {series} games played.", series=table.series).render(lang)


@register(FAMILY, "page")
def page_json(
    lst: Any, *, lang: Lang, can_write: bool, stake: Stake | None = None
) -> dict[str, Any]:
    """Everything the page shows: totals strip, sheet, summary, money, chart."""
    from skatliste.render.skat_export import svg_chart

    table: Table = lst.table
    rows = list(sheet.rows(table, lst.entries))
    last = rows[-1] if rows else None
    totals = last.totals if last else dict.fromkeys(table.players, 0)
    count = len(rows)
    best = max(totals.values())
    leaders = [p for p, v in totals.items() if v == best]
    summary = summary_of_list(table, lst.entries)
    # in the summary's order, as the summary settles: a cent that equal totals cannot share
    # goes to the same player on the page as in the summary (docs/rules.md §8)
    settlement = _settlement({p.name: p.total for p in summary.players}, stake)
    headers, body = summary_table(table, summary, settlement=settlement, lang=lang)
    notes = summary_notes(table, summary, lang=lang)
    payments = payment_lines(settlement, lang=lang) if settlement is not None else []
    rules = table.rules
    dealer = lst.family.derived(table, lst.entries).next_dealer
    return {
        "family": FAMILY,
        "players": list(table.players),
        "rules": rules.preset,
        "lang": lang,
        "can_write": can_write,
        "count": count,
        "series": table.series,
        "totals": totals,
        "totals_text": {p: signed(v) for p, v in totals.items()},
        "leader": leaders[0] if len(leaders) == 1 and count else None,
        "next_dealer": dealer,
        "sits_out": dealer if table.size == 4 else None,
        "pending": pending_words(last.pending, lang) if last and last.pending else "",
        "pending_all": (
            pending_words(last.pending, lang, full=True) if last and last.pending else ""
        ),
        "plays_ramsch": rules.plays_ramsch,
        "plays_bock": rules.plays_bock,
        "plays_kontra": rules.kontra_allowed,
        "plays_pass": rules.plays_pass,
        "games": [row_json(lst, row, lang) for row in rows],
        "last": None
        if last is None
        else {
            "number": last.number,
            "words": entries.entry_words(last.entry, lang),
            "fingerprint": lst.family.fingerprint(last.entry),
        },
        "summary": {"headers": headers, "rows": body, "notes": notes, "payments": payments},
        "chart": svg_chart(table, rows, lang),
    }
