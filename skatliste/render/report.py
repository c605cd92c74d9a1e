"""A list's reports in a format, for every game family: its family's renderer (``sheet``,
``summary``, the exports, ``stats``, ``notes``) and what the list holds beyond its entries,
its agreement, under the games (the open protests and the signatures: ``footer``, messages;
the JSON export's ``agreement``, plain data). The values come from ``skatliste.app.reports``;
the edges write what these return."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Literal

from skatliste.errors import InputError
from skatliste.i18n import Lang, Message
from skatliste.money import Stake
from skatliste.render import Shown, renderer

ExportFormat = Literal["html", "md", "csv", "json"]
SheetFormat = Literal["plain", "grid", "md", "csv", "json"]


def sheet(lst: Shown, fmt: SheetFormat, *, lang: Lang, footer: Sequence[Message] = ()) -> str:
    """The list as on paper in ``fmt``; ``csv`` and ``json`` as ``export`` writes them, the
    games alone."""
    text = renderer(lst.family, "sheet")(lst, fmt=fmt, lang=lang)
    return text + _footer(footer, fmt, lang)


def export(
    lst: Shown,
    fmt: ExportFormat,
    *,
    lang: Lang,
    stake: Stake | None = None,
    footer: Sequence[Message] = (),
    agreement: Mapping[str, Any] | None = None,
) -> str:
    """The list to share: one HTML page, Markdown, CSV (one row per entry with every fact and
    derived value) or JSON (the derived sheet and summary, and the ``agreement``)."""
    if fmt == "json":
        data = renderer(lst.family, "json")(lst, lang=lang, stake=stake)
        if agreement is not None:
            data["agreement"] = agreement
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    text = renderer(lst.family, fmt)(lst, lang=lang, stake=stake)
    if fmt == "html":
        return _html_footer(text, footer, lang)
    foot = _footer(footer, fmt, lang)
    return text.rstrip("\n") + foot + "\n" if foot else text


def _footer(footer: Sequence[Message], fmt: str, lang: Lang) -> str:
    """The open protests and the signatures under the sheet (text and Markdown only: CSV and
    JSON are the games alone)."""
    if fmt in ("csv", "json") or not footer:
        return ""
    lines = [line.render(lang) for line in footer]
    if fmt == "md":
        return "\n\n" + "\n".join(f"- {line}" for line in lines)
    return "\n\n" + "\n".join(lines)


def _html_footer(page: str, footer: Sequence[Message], lang: Lang) -> str:
    """The export's page with the open protests and the signatures before its end."""
    if not footer or "</body>" not in page:
        return page
    items = "".join(f'<p class="agreement">{escape(line.render(lang))}</p>' for line in footer)
    at = page.rindex("</body>")
    return f'{page[:at]}<section class="agreement">{items}</section>{page[at:]}'


def notes(lst: Shown, lang: Lang) -> list[str]:
    """What the sheet does not show by itself (an entry that is not counted), if the family
    says so."""
    try:
        show = renderer(lst.family, "notes")
    except InputError:
        return []
    return show(lst, lang)
