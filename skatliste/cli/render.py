"""How the CLI shows a game, the totals line and an entry as words: text only, no logic."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatliste.explain import Lang, explain, signed

if TYPE_CHECKING:
    from skatliste.app.lists import Ledger, Standing
    from skatliste.sheet import Row

PAPER_TEXT = {
    "de": ("Papier {paper}: stimmt", "Papier {paper}: falsch, das Spiel zählt {right}"),
    "en": ("paper {paper}: right", "paper {paper}: wrong, the game counts {right}"),
}


def paper_line(paper: int, matches: bool, list_points: int, lang: Lang) -> str:
    """``Papier 72: stimmt`` or ``Papier 72: falsch, das Spiel zählt +48``."""
    right, wrong = PAPER_TEXT[lang]
    return (right if matches else wrong).format(paper=paper, right=signed(list_points))


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
        from skatliste.report import pending_words

        text += " · " + pending_words(row.pending, lang)
    return text


def game_lines(row: Row, lang: Lang) -> list[str]:
    """A game's headline and its explanation, as ``add`` and ``explain`` print it."""
    from skatliste.explain import explain_ramsch
    from skatliste.report import describe
    from skatliste.sheet import GameEntry

    e = row.entry
    title = "Spiel" if lang == "de" else "Game"
    if not isinstance(e, GameEntry):
        lines = [f"{title} {row.number}: {describe(row, lang)}"]
        if row.ramsch is not None:
            lines += [f"  {s}" for s in explain_ramsch(row.ramsch, lang=lang)]
        elif row.error is None and any(row.points.values()):
            lines.append("  " + ", ".join(f"{n} {signed(v)}" for n, v in row.points.items()))
        return lines + note_lines(e.note, lang)
    if row.result is None:
        return [f"{title} {row.number}: {e.declarer}: {describe(row, lang)} {row.error}"]
    lines = [
        f"{title} {row.number}: {e.declarer} — {describe(row, lang)}: "
        f"{signed(row.result.list_points)}"
    ]
    lines += [f"  {s}" for s in explain(row.result, lang=lang)]
    credited = [n for n, v in row.points.items() if n != e.declarer and v > 0]
    if credited:  # two-player: a lost game is credited to the other player (§9)
        word = "gutgeschrieben" if lang == "de" else "credited to"
        lines.append(f"  {word}: {credited[0]} {signed(row.points[credited[0]])}")
    if e.paper is not None:
        matches = not row.paper_mismatch
        lines.append(f"  {paper_line(e.paper.value, matches, row.result.list_points, lang)}")
    return lines + note_lines(e.note, lang)


def note_lines(note: str, lang: Lang) -> list[str]:
    """``  Notiz: ...`` when the game has a note."""
    return [f"  {'Notiz' if lang == 'de' else 'Note'}: {note}"] if note else []
