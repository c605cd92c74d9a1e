"""The views every game family has without renderers of its own, drawn from what the base
class gives (``Family.derived``, the entries' words): the sheet as a table of entries, values
and totals; the summary; the exports; the phone page's JSON. A family registers its own
(``skatliste.render.register``) where it shows more (Skat's Bock rounds, American Grand's
parties); ``renderer`` falls back to these."""

from __future__ import annotations

import csv
import io
import json
from html import escape
from typing import Any

from skatliste.errors import InputError
from skatliste.i18n import Lang, msg
from skatliste.money import Stake
from skatliste.printed import signed
from skatliste.render import register
from skatliste.render.plain import text_table

ANY = "*"
"""The family name these renderers are registered under."""


def _no_stake(family: Any, stake: Stake | None, only_round: int | None = None) -> None:
    if stake is not None or only_round is not None:
        raise InputError(
            msg("{family} lists have no {format} view", family=family.title, format="stake")
        )


def _lines(lst: Any, lang: Lang) -> list[tuple[str, str, str]]:
    """Each entry: its number (empty for one without), its words, its value."""
    family = lst.family
    derived = family.derived(lst.table, lst.entries)
    out = []
    number = 0
    for entry, cell in zip(lst.entries, derived.cells, strict=True):
        numbered = family.numbered(entry)
        number += numbered
        out.append((str(number) if numbered else "", family.words(entry, lang), cell))
    return out


def _heads(lst: Any, lang: Lang) -> list[str]:
    return ["#", msg("Game").render(lang), msg("Value").render(lang)]


def _totals(lst: Any) -> dict[str, int]:
    found: dict[str, int] = lst.family.totals(lst.table, lst.entries)
    return found


@register(ANY, "sheet")
def sheet_text(lst: Any, *, fmt: str, lang: Lang) -> str:
    """The entries with their values, then each side's total."""
    if fmt == "csv":
        return export_csv(lst, lang=lang).rstrip("\n")
    if fmt == "json":
        return json.dumps(export_json(lst, lang=lang), ensure_ascii=False, indent=2)
    body: list[list[str] | None] = [list(line) for line in _lines(lst, lang)]
    body.append(None)
    body += [["", name, signed(total)] for name, total in _totals(lst).items()]
    return text_table(_heads(lst, lang), body, "rlr", fmt)


@register(ANY, "summary")
def summary_text(
    lst: Any,
    *,
    lang: Lang,
    stake: Stake | None = None,
    only_round: int | None = None,
    as_json: bool = False,
) -> str:
    """Each side's total, the best first."""
    _no_stake(lst.family, stake, only_round)
    ranked = sorted(_totals(lst).items(), key=lambda item: -item[1])
    if as_json:
        return json.dumps({"totals": dict(ranked)}, ensure_ascii=False)
    body: list[list[str] | None] = [[name, signed(total)] for name, total in ranked]
    return text_table([msg("Player").render(lang), "Σ"], body, "lr", "plain")


@register(ANY, "md")
def export_markdown(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    _no_stake(lst.family, stake)
    return sheet_text(lst, fmt="md", lang=lang) + "\n"


@register(ANY, "csv")
def export_csv(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    _no_stake(lst.family, stake)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_heads(lst, lang))
    writer.writerows(_lines(lst, lang))
    return out.getvalue()


@register(ANY, "json")
def export_json(lst: Any, *, lang: Lang, stake: Stake | None = None) -> dict[str, Any]:
    _no_stake(lst.family, stake)
    entries = [
        {"number": n, "words": words, "value": value} for n, words, value in _lines(lst, lang)
    ]
    return {"family": lst.family.name, "entries": entries, "totals": _totals(lst)}


@register(ANY, "html")
def export_html(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    _no_stake(lst.family, stake)
    rows = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in line) + "</tr>"
        for line in _lines(lst, lang)
    )
    totals = "".join(
        f"<tr><th>{escape(name)}</th><td>{escape(signed(total))}</td></tr>"
        for name, total in _totals(lst).items()
    )
    heads = "".join(f"<th>{escape(h)}</th>" for h in _heads(lst, lang))
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{escape(lst.family.title)}</title></head><body>"
        f"<table><tr>{heads}</tr>{rows}</table><table>{totals}</table></body></html>\n"
    )


@register(ANY, "created")
def created_line(lst: Any, lang: Lang) -> str:
    return msg(
        "{path}: new {family} list: {players}; {dealer} deals first",
        path=str(lst.path),
        family=lst.family.title,
        players=", ".join(lst.table.players),
        dealer=lst.family.derived(lst.table, []).next_dealer,
    ).render(lang)


@register(ANY, "change")
def change_lines(change: Any, lang: Lang) -> list[str]:
    """The entry and its value, then each side's total."""
    lst, family = change.ledger, change.ledger.family
    derived = family.derived(lst.table, lst.entries)
    lines = [
        f"{family.entry_name(change.number).render(lang)}: {family.words(entry, lang)} {cell}"
        for entry, row, cell in zip(lst.entries, derived.rows, derived.cells, strict=True)
        if row is not None and row is change.row
    ]
    totals = " · ".join(f"{name} {signed(total)}" for name, total in _totals(lst).items())
    return [*lines, totals]


@register(ANY, "page")
def page_json(
    lst: Any, *, lang: Lang, can_write: bool, stake: Stake | None = None
) -> dict[str, Any]:
    """What the phone page shows of a list: its entries, values and totals."""
    _no_stake(lst.family, stake)
    family, table = lst.family, lst.table
    derived = family.derived(table, lst.entries)
    games = [
        {"number": n, "words": words, "value": value, "fingerprint": family.fingerprint(entry)}
        for (n, words, value), entry in zip(_lines(lst, lang), lst.entries, strict=True)
    ]
    totals = dict(derived.totals)
    return {
        "family": family.name,
        "players": list(table.players),
        "rules": lst.rules.preset,
        "lang": lang,
        "can_write": can_write,
        "count": len(games),
        "totals": totals,
        "totals_text": {name: signed(total) for name, total in totals.items()},
        "next_dealer": derived.next_dealer,
        "games": games,
        "problems": [
            msg("{where}: {problem}", where=p.where, problem=p.what).render(lang)
            for p in derived.problems
        ],
    }
