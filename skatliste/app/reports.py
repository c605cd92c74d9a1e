"""What a table reads from its lists: the sheet, exports, statistics over several lists, the
history of removed games, the list format's schema.

Like ``skatliste.app.lists``, nothing here prints: each function returns text or results for
an edge to show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

from skatliste.app.lists import parse_stake
from skatliste.errors import InputError

if TYPE_CHECKING:
    from skatliste.i18n import Lang
    from skatliste.money import Settlement
    from skatliste.skat.entries import Entry
    from skatliste.skat.sheet import Row
    from skatliste.skat.stats import PlayerStats
    from skatliste.skat.summary import Summary
    from skatliste.store.ledger import Ledger

ExportFormat = Literal["html", "md", "csv", "json"]


def sheet_rows(ledger: Ledger) -> list[Row]:
    """Every game of the list with everything derived."""
    from skatliste.skat.sheet import rows

    return list(rows(ledger.table, ledger.entries))


def settlement(summary: Summary, cent: str | None) -> Settlement | None:
    """Who pays whom at ``cent`` per point (``0.25``, ``1/4``), or None without a stake."""
    from skatliste.money import settle

    stake = parse_stake(cent)
    if stake is None:
        return None
    return settle({p.name: p.total for p in summary.players}, stake)


def export(ledger: Ledger, fmt: ExportFormat, *, lang: Lang, cent: str | None = None) -> str:
    """The list to share: one HTML page, Markdown, CSV (one row per game with every fact and
    derived value) or JSON (the derived sheet and summary). ``sheet --format csv|json`` and
    ``export`` write the same text."""
    from skatliste.render.export import render_csv, render_html, render_json, render_markdown
    from skatliste.skat.summary import summarise

    derived = sheet_rows(ledger)
    if fmt == "csv":
        return render_csv(ledger.table, derived, lang)
    summary = summarise(ledger.table, ledger.entries)
    money = settlement(summary, cent)
    if fmt == "json":
        return render_json(ledger.table, derived, summary, money, lang=lang) + "\n"
    if fmt == "md":
        return render_markdown(ledger.table, derived, summary, settlement=money, lang=lang)
    return render_html(
        ledger.table,
        derived,
        summary,
        settlement=money,
        stake=cent,
        created=ledger.created,
        lang=lang,
    )


def write_output(path: Path | str, text: str, *, lists: Sequence[Path | str] = ()) -> None:
    """Write an export atomically, never onto a list (one of ``lists`` or any list file)."""
    from skatliste.store.ledger import write_output as write

    write(path, text, lists=lists)


def statistics(paths: Sequence[Path | str]) -> dict[str, PlayerStats]:
    """Per player over one or several lists, merged by name (a club's season)."""
    from skatliste.app.lists import open_list
    from skatliste.skat.stats import collect

    sheets = []
    for path in paths:
        ledger = open_list(path)
        sheets.append((ledger.table.players, sheet_rows(ledger)))
    return collect(sheets)


EntryT = TypeVar("EntryT")
StoredT = TypeVar("StoredT")
StoredT_co = TypeVar("StoredT_co", covariant=True)


class HistoryItem(Protocol[StoredT_co]):
    """One item of a list file's history, whatever the game family: what was removed or
    replaced, as stored."""

    @property
    def number(self) -> int: ...
    @property
    def action(self) -> str: ...
    @property
    def time(self) -> str: ...
    @property
    def entry(self) -> StoredT_co: ...
    @property
    def replaced_by(self) -> StoredT_co | None: ...


@dataclass(frozen=True)
class Removed(Generic[EntryT]):
    """A game taken back, deleted or replaced: nothing entered is ever lost. ``EntryT`` is
    the game family's entry (a Skat game, an American Grand deal)."""

    number: int
    """The game's number when it was removed."""
    action: str
    """undo, delete or edit."""
    time: str
    entry: EntryT
    replaced_by: EntryT | None
    """What an edit put in its place."""


def removed_items(
    items: Iterable[HistoryItem[StoredT]], to_entry: Callable[[StoredT], EntryT]
) -> list[Removed[EntryT]]:
    """A history as the family's entries, oldest first (``to_entry`` reads a stored entry)."""
    return [
        Removed(
            number=item.number,
            action=item.action,
            time=item.time,
            entry=to_entry(item.entry),
            replaced_by=None if item.replaced_by is None else to_entry(item.replaced_by),
        )
        for item in items
    ]


def history(ledger: Ledger) -> list[Removed[Entry]]:
    """The list's history, oldest first."""
    from skatliste.store.ledger import model_to_entry

    return removed_items(ledger.history, model_to_entry)


def list_schema(preset: str = "isko") -> dict[str, Any]:
    """The JSON Schema of the list file of a rule set's family (Skat, or American Grand)."""
    from skatliste.skat.rulesets import PRESETS, family_of

    if preset.lower() not in PRESETS:
        raise InputError(
            f"--rules {preset}: no such rule set; known: {', '.join(sorted(PRESETS))}, e.g. "
            "'skatliste schema --rules american-grand'"
        )
    if family_of(preset.lower()) == "american-grand":
        from skatliste.store.american import ListModel

        schema: dict[str, Any] = ListModel.model_json_schema()
        return schema
    from skatliste.store.ledger import json_schema

    return json_schema()
