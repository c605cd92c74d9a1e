"""How the CLI shows a game, the totals line and an entry as words: text only, no logic.

A game and an entry as words are ``report``'s (the web page shows them too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatliste.i18n import Lang
from skatliste.skat.explain import paper_line, signed

__all__ = ["game_lines", "paper_line", "totals_line"]

if TYPE_CHECKING:
    from skatliste.app.lists import Ledger, Standing
    from skatliste.skat.sheet import Row


def totals_line(ledger: Ledger | Standing, row: Row | None, lang: Lang) -> str:
    """``Stand: Anna +48 | Ben 0 | Carl 0 · nächster Geber: Ben``."""
    table = ledger.table
    totals = row.totals if row else dict.fromkeys(table.players, 0)
    parts = " | ".join(f"{p} {signed(totals[p])}" for p in table.players)
    n = ledger.count
    label = "Stand" if lang == "de" else "Totals"
    nxt = "nächster Geber" if lang == "de" else "next dealer"
    text = f"{label}: {parts} · {nxt}: {table.dealer(n)}"
    series = table.series
    if series:
        text += f" · {n}/{series}"
    if row is not None and row.pending:
        from skatliste.render.text import pending_words

        text += " · " + pending_words(row.pending, lang)
    return text


def game_lines(row: Row, lang: Lang) -> list[str]:
    """A game's headline and its explanation (``report.game_lines``, imported when used so
    that ``skatliste value`` does not load the sheet)."""
    from skatliste.render.text import game_lines as lines

    return lines(row, lang)
