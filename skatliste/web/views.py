"""The list as the page shows it: plain JSON-ready dicts built from derived rows.

Rendering only, the way the CLI renders text: the numbers come from the sheet (``rows``,
``summarise``), the words from ``report`` and ``explain``, the chart from ``export``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from skatliste.i18n import Lang
from skatliste.skat.entries import GameEntry, RamschEntry, Table
from skatliste.skat.explain import signed
from skatliste.skat.sheet import Row


def edit_words(row: Row, lang: Lang) -> str:
    """The words the words field shows to change a game: a game's without the declarer
    (the page shows him as the tapped player), eingepasst and a Ramsch as they are."""
    from skatliste.skat.entries import entry_words
    from skatliste.skat.words import to_words

    e = row.entry
    if isinstance(e, GameEntry):
        return to_words(e.declaration, e.outcome)
    return entry_words(e, lang)


def row_json(table: Table, row: Row, lang: Lang) -> dict[str, Any]:
    """One game of the sheet: what it was, its value, its explanation, the totals after it."""
    from skatliste.app.lists import fingerprint
    from skatliste.messages import translate
    from skatliste.render.text import describe, game_lines, marks, value_cell

    e = row.entry
    lines = [line.strip() for line in game_lines(row, lang)[1:]]
    if isinstance(e, GameEntry) and row.result is None:
        lines = [translate(problem, lang) for problem in row.problems]
    dealer = "Geber" if lang == "de" else "dealer"
    return {
        "number": row.number,
        "kind": "game"
        if isinstance(e, GameEntry)
        else ("ramsch" if isinstance(e, RamschEntry) else "passed"),
        "declarer": e.declarer if isinstance(e, GameEntry) else None,
        "dealer": row.dealer,
        "dealer_text": f"{dealer} {row.dealer}",
        "words": edit_words(row, lang),
        "text": describe(row, lang),
        "value": value_cell(row),
        "list_points": None if row.result is None else row.result.list_points,
        "marks": marks(row),
        "explanation": lines,
        "points": row.points,
        "totals": row.totals,
        "totals_text": {p: signed(v) for p, v in row.totals.items()},
        "error": None if row.error is None else translate(row.error, lang),
        "fingerprint": fingerprint(e),
    }


def list_json(
    table: Table,
    sheet: Sequence[Row],
    *,
    lang: Lang,
    can_write: bool,
    stake: Fraction | None = None,
) -> dict[str, Any]:
    """Everything the page shows: totals strip, sheet, summary, money, chart."""
    from skatliste.app.lists import fingerprint
    from skatliste.money import settle
    from skatliste.render.export import svg_chart
    from skatliste.render.text import (
        payment_lines,
        pending_words,
        summary_notes,
        summary_table,
    )
    from skatliste.skat.entries import entry_words
    from skatliste.skat.summary import summarise

    entries = [row.entry for row in sheet]
    last = sheet[-1] if sheet else None
    totals = last.totals if last else dict.fromkeys(table.players, 0)
    count = len(sheet)
    best = max(totals.values())
    leaders = [p for p, v in totals.items() if v == best]
    summary = summarise(table, entries)
    settlement = settle(totals, stake) if stake is not None else None
    headers, body = summary_table(table, summary, settlement=settlement, lang=lang)
    notes = summary_notes(table, summary, lang=lang)
    payments = payment_lines(settlement, lang=lang) if settlement is not None else []
    rules = table.rules
    dealer = table.dealer(count)
    return {
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
        "plays_ramsch": rules.on("ramsch.on_pass")
        or rules.on("ramsch.after_bock")
        or rules.variant == "offizierskat",
        "plays_bock": rules.on("bock"),
        "plays_kontra": rules["kontra"] != "off",
        # all passed is entered as a Ramsch under ramsch.on_pass; two players play every deal
        "plays_pass": not (rules.two_player or rules.on("ramsch.on_pass")),
        "games": [row_json(table, row, lang) for row in sheet],
        "last": None
        if last is None
        else {
            "number": last.number,
            "words": entry_words(last.entry, lang),
            "fingerprint": fingerprint(last.entry),
        },
        "summary": {"headers": headers, "rows": body, "notes": notes, "payments": payments},
        "chart": svg_chart(table, sheet, lang),
    }
