"""The phone page's JSON of an American Grand list (``page`` and ``row``, registered in
``skatliste.render``): the pairs' scores in the partie in progress, one row a deal, each
partie's result as the summary. The page enters a deal by its words."""

from __future__ import annotations

from typing import Any

from skatliste.american.explain import computation
from skatliste.american.game import Partie, Row, Table
from skatliste.american.words import parse_words, to_words
from skatliste.i18n import Lang, msg
from skatliste.money import Stake
from skatliste.printed import number, signed
from skatliste.render import register
from skatliste.render.american import (
    FAMILY,
    contract_words,
    deal_count,
    no_stake,
    parties_of,
    settlement_lines,
)


def _points(table: Table, totals: tuple[int, int]) -> dict[str, int]:
    return {table.pair_name(i): totals[i] for i in (0, 1)}


@register(FAMILY, "row")
def row_json(lst: Any, row: Row, lang: Lang) -> dict[str, Any]:
    """One deal of the sheet: what was played, what each pair scores, the partie after it."""
    table: Table = lst.table
    declaring = table.pair_of(row.deal.declarer)
    totals = _points(table, row.totals)
    explanation = [computation(row.score, lang=lang)]
    closes = None  # the partie this deal ended, said after it is saved
    if row.ends is not None:
        closes = settlement_lines(table, parties_of(lst)[row.partie - 1], lang)[0]
        explanation.append(closes)
    return {
        "number": row.number,
        "kind": "deal",
        "partie": row.partie,
        "declarer": row.deal.declarer,
        "dealer": row.dealer,
        "dealer_text": msg("dealer {dealer}", dealer=row.dealer).render(lang),
        "words": to_words(row.deal, lang),
        "text": contract_words(row, lang),
        "value": signed(row.points[declaring]),
        "list_points": row.points[declaring],
        "marks": "" if row.score.made else "×",
        "explanation": explanation,
        "points": _points(table, row.points),
        "totals": totals,
        "totals_text": {name: number(v) for name, v in totals.items()},
        "error": None,
        "fingerprint": lst.family.fingerprint(row.deal),
        "closes": closes,
    }


def _summary(table: Table, parts: list[Partie], lang: Lang) -> dict[str, Any]:
    """Each partie's result (§A5) as a table, the last one's steps under it."""
    headers = [msg("Partie").render(lang), table.pair_name(0), table.pair_name(1)]
    rows = [
        [
            str(p.number) + ("" if p.finished else " …"),
            *[f"{number(p.points[i])} → {p.settlement.final[i]}" for i in (0, 1)],
        ]
        for p in parts
        if p.rows
    ]
    notes = settlement_lines(table, parts[-1], lang) if parts[-1].rows else []
    return {"headers": headers, "rows": rows, "notes": [n.strip() for n in notes], "payments": []}


def _words_hint(lang: Lang) -> str:
    """What the words field shows before anything is typed: a deal as the table says it in
    ``lang`` (``whist 25 stiche 11``), the declarer being the player tapped."""

    return to_words(parse_words("whist 25 tricks 11".split()).deal("-"), lang)


@register(FAMILY, "page")
def page_json(
    lst: Any, *, lang: Lang, can_write: bool, stake: Stake | None = None
) -> dict[str, Any]:
    """Everything the page shows: the pairs' scores in the partie in progress, the sheet, each
    partie's result; no Skat taps (a deal is entered by its words)."""
    no_stake(stake)
    table: Table = lst.table
    parts = parties_of(lst)
    rows = [row for p in parts for row in p.rows]
    current = parts[-1]
    points = _points(table, current.points if not current.finished else (0, 0))
    deals = deal_count(lst)
    last = lst.entries[-1] if lst.entries else None
    return {
        "family": FAMILY,
        "players": list(table.players),
        "sides": [{"name": name, "text": number(v)} for name, v in points.items()],
        "rules": lst.rules.preset,
        "lang": lang,
        "can_write": can_write,
        "count": deals,
        "series": None,
        "totals": points,
        "totals_text": {name: number(v) for name, v in points.items()},
        "leader": None,
        "next_dealer": table.dealer(deals),
        "sits_out": None,
        "pending": "",
        "pending_all": "",
        "plays_ramsch": False,
        "plays_bock": False,
        "plays_kontra": False,
        "plays_pass": False,
        "words_hint": _words_hint(lang),
        "games": [row_json(lst, row, lang) for row in rows],
        "last": None
        if last is None
        else {
            "number": deals,
            "words": lst.family.words(last, lang),
            "fingerprint": lst.family.fingerprint(last),
        },
        "summary": _summary(table, parts, lang),
        "chart": "",
        "plays_money": False,
    }
