"""The printable page of every family's HTML export: one self-contained file (its style
inline), A4 when printed, a head naming the day and the players, then the family's sections.
Written once here, so a Skat list and an American Grand list print alike."""

from __future__ import annotations

import html
from collections.abc import Iterable

from skatliste.i18n import Lang, msg

CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; margin: 1.5em; color: #111; }
h1 { font-size: 16pt; margin: 0 0 .2em; }
h2 { font-size: 12pt; margin: 1.2em 0 .4em; border-bottom: 1px solid #999; }
p.meta { margin: 0; color: #444; }
table { border-collapse: collapse; }
th, td { padding: .15em .6em; border-bottom: 1px solid #ddd; }
th { text-align: left; background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.round-start td { border-top: 2px solid #555; }
td.mark { color: #b03a00; font-weight: bold; }
ul.steps { list-style: none; margin: .4em 0; padding-left: 1em; }
svg text { font-size: 9px; font-family: inherit; }
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


def page_head(
    title: str, day: str, players: Iterable[str], facts: Iterable[tuple[str, str]], lang: Lang
) -> list[str]:
    """The page's lines up to its first section: ``title`` on ``day`` for ``players``, and
    the other ``facts`` (a label and its text each) after the date and the players."""
    esc = html.escape
    names = ", ".join(players)
    meta = [
        (msg("Date").render(lang), day),
        (msg("Players").render(lang), names),
        *facts,
    ]
    return [
        "<!DOCTYPE html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{esc(title)} {esc(day)} – {esc(names)}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<header><h1>{esc(title)}</h1>",
        '<p class="meta">' + " · ".join(f"{esc(k)}: {esc(v)}" for k, v in meta) + "</p>",
        "</header>",
    ]


def table_head(headers: Iterable[str]) -> str:
    """A table's head row."""
    return "<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headers) + "</tr></thead>"
