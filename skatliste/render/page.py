"""The printable page: one self-contained file (its style inline), A4 when printed. A list's
export (every family's) has a head naming the day and the players, then the family's
sections; a tournament's, a season's and a league's pages their title, then their tables.
Written once here, so every page prints alike."""

from __future__ import annotations

import html
from collections.abc import Iterable

from skatliste.i18n import Lang, msg

CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; margin: 1.5em; color: #111; }
h1 { font-size: 16pt; margin: 0 0 .2em; }
h2 { font-size: 12pt; margin: 1.2em 0 .4em; border-bottom: 1px solid #999; break-after: avoid; }
p.meta { margin: 0; color: #444; }
table { border-collapse: collapse; margin-bottom: .8em; }
th, td { padding: .15em .6em; border-bottom: 1px solid #ddd; text-align: left; }
th { background: #eee; }
td.num, td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.round-start td { border-top: 2px solid #555; }
tr.unranked td, .note { color: #555; }
td.mark { color: #b03a00; font-weight: bold; }
ul.steps { list-style: none; margin: .4em 0; padding-left: 1em; }
div.table { break-inside: avoid; display: inline-block; width: 85mm; vertical-align: top; }
div.table table { width: 100%; }
svg { max-width: 100%; height: auto; }
svg text { font-size: 9px; font-family: inherit; }
svg text.legend { font-size: 16px; }
@page { size: A4; margin: 15mm; }
@media screen and (max-width: 40em) {
  body { margin: .6em; font-size: 9pt; }
  th, td { padding: .15em .3em; }
}
@media print {
  body { margin: 0; font-size: 9pt; }
  section { break-inside: avoid-page; }
  table.sheet { break-inside: auto; }
  tr { break-inside: avoid; }
}
"""
"""The one style of every printable page: a list's export, a tournament's, a season's and a
league's pages."""


def shell(title: str, lang: Lang) -> str:
    """A page's start up to its body: its language, its title, the style."""
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>\n<style>{CSS}</style></head>\n<body>"
    )


def page(title: str, body: str, lang: Lang = "de") -> str:
    """A self-contained printable page: ``title`` as its heading, then ``body`` (HTML)."""
    return f"{shell(title, lang)}\n<h1>{html.escape(title)}</h1>\n{body}\n</body></html>\n"


def page_head(
    title: str, day: str, players: Iterable[str], facts: Iterable[tuple[str, str]], lang: Lang
) -> list[str]:
    """A list's page up to its first section: ``title`` on ``day`` for ``players``, and the
    other ``facts`` (a label and its text each) after the date and the players."""
    esc = html.escape
    names = ", ".join(players)
    meta = [
        (msg("Date").render(lang), day),
        (msg("Players").render(lang), names),
        *facts,
    ]
    return [
        shell(f"{title} {day} – {names}", lang),
        f"<header><h1>{esc(title)}</h1>",
        '<p class="meta">' + " · ".join(f"{esc(k)}: {esc(v)}" for k, v in meta) + "</p>",
        "</header>",
    ]


def escaped(value: object) -> str:
    """A value as HTML text."""
    return html.escape(str(value))


def table_head(headers: Iterable[str]) -> str:
    """A table's head row."""
    return "<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headers) + "</tr></thead>"
