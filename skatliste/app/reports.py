"""What a table reads from its lists: the sheet, the summary, exports, statistics over several
lists, the history of removed entries, the list format's schema; for every game family, by
the renderers it registered (``skatliste.render``).

Like ``skatliste.app.lists``, nothing here prints: each function returns text or results for
an edge to show.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from skatliste.app.lists import open_list
from skatliste.errors import InputError
from skatliste.families import find_family
from skatliste.i18n import Message, msg
from skatliste.render import renderer
from skatliste.store.agree import FIELD as AGREEMENT
from skatliste.store.files import real_path
from skatliste.store.lists import HistoryItem, ListFile

ExportFormat = Literal["html", "md", "csv", "json"]
SheetFormat = Literal["plain", "grid", "md", "csv", "json"]

Removed = HistoryItem
"""An entry taken back, deleted or replaced: nothing entered is ever lost."""


def sheet(ledger: ListFile[Any], fmt: SheetFormat, *, lang: Any) -> str:
    """The list as on paper in ``fmt``; ``csv`` and ``json`` as ``export`` writes them."""
    text: str = renderer(ledger.family, "sheet")(ledger, fmt=fmt, lang=lang)
    return text + _footer(ledger, fmt, lang)


def summary(
    ledger: ListFile[Any],
    *,
    lang: Any,
    stake: Fraction | None = None,
    only_round: int | None = None,
    as_json: bool = False,
) -> str:
    """The totals and ranks (Skat) or the parties' results (American Grand); the money at
    ``stake`` cent a point; only round ``only_round``."""
    text: str = renderer(ledger.family, "summary")(
        ledger, lang=lang, stake=stake, only_round=only_round, as_json=as_json
    )
    return text


def export(
    ledger: ListFile[Any], fmt: ExportFormat, *, lang: Any, stake: Fraction | None = None
) -> str:
    """The list to share: one HTML page, Markdown, CSV (one row per entry with every fact and
    derived value) or JSON (the derived sheet and summary); a stake settles the money in all
    but the CSV, which holds the entries only (refused there, never ignored)."""
    if fmt == "csv" and stake is not None:
        raise InputError(
            msg(
                "a CSV holds the games only, one a row: the money is in the summary and in the "
                "HTML, Markdown and JSON exports"
            )
        )
    text: str = renderer(ledger.family, fmt)(ledger, lang=lang, stake=stake)
    if fmt == "html":
        return _html_footer(ledger, text, lang)
    if fmt == "json":
        return _json_agreement(ledger, text)
    foot = _footer(ledger, fmt, lang)
    return text.rstrip("\n") + foot + "\n" if foot else text


def _json_agreement(ledger: ListFile[Any], text: str) -> str:
    """The JSON export with the list's ``agreement`` (signatures, protests) where it has one."""
    if not ledger.header.get(AGREEMENT):
        return text  # never signed nor protested (and no signing rules loaded)
    import json

    from skatliste.app.agree import agreement_json

    found = agreement_json(ledger)
    if found is None:
        return text
    data = json.loads(text)
    data["agreement"] = found
    return json.dumps(data, ensure_ascii=False, indent=2) + ("\n" if text.endswith("\n") else "")


def _footer(ledger: ListFile[Any], fmt: str, lang: Any) -> str:
    """The open protests and the signatures under the sheet (text and Markdown only: CSV and
    JSON are the games alone)."""
    if fmt in ("csv", "json") or not ledger.header.get(AGREEMENT):
        return ""  # a list never signed nor protested has no footer (and loads no agree rules)
    from skatliste.app.agree import footer

    lines = [line.render(lang) for line in footer(ledger)]
    if not lines:
        return ""
    if fmt == "md":
        return "\n\n" + "\n".join(f"- {line}" for line in lines)
    return "\n\n" + "\n".join(lines)


def agreement_problems(ledger: ListFile[Any]) -> list[tuple[Message, Message]]:
    """What ``check`` finds in the list's agreement (``app.agree.problems``): nothing, and no
    signing rules loaded, for a list never signed nor protested."""
    if not ledger.header.get(AGREEMENT):
        return []
    from skatliste.app.agree import problems

    return problems(ledger)


def agreement_history(ledger: ListFile[Any]) -> list[tuple[str, Message]]:
    """Each fact of the list's agreement as ``history`` shows it (``app.agree.described``):
    none, and no signing rules loaded, for a list never signed nor protested."""
    if not ledger.header.get(AGREEMENT):
        return []
    from skatliste.app.agree import described

    return described(ledger)


def _html_footer(ledger: ListFile[Any], page: str, lang: Any) -> str:
    """The export's page with the open protests and the signatures before its end."""
    if not ledger.header.get(AGREEMENT):
        return page  # a list never signed nor protested (and no agree rules loaded)
    from html import escape

    from skatliste.app.agree import footer

    lines = [line.render(lang) for line in footer(ledger)]
    if not lines or "</body>" not in page:
        return page
    items = "".join(f'<p class="agreement">{escape(line)}</p>' for line in lines)
    at = page.rindex("</body>")
    return f'{page[:at]}<section class="agreement">{items}</section>{page[at:]}'


def notes(ledger: ListFile[Any], *, lang: Any) -> list[str]:
    """What the sheet does not show by itself (an entry that is not counted), if the family
    says so."""
    try:
        show = renderer(ledger.family, "notes")
    except InputError:
        return []
    found: list[str] = show(ledger, lang)
    return found


def refuse_target(path: Path | str, *, lists: Sequence[Path | str] = ()) -> None:
    """Refuse ``path`` where :func:`write_output` would (one of ``lists``, a file of
    skatliste's own), writing nothing: the first thing to say about an export's target."""
    from skatliste.store.files import refuse_list_target

    refuse_list_target(path, lists=lists)


def write_output(path: Path | str, text: str, *, lists: Sequence[Path | str] = ()) -> None:
    """Write an export atomically, never onto a list (one of ``lists`` or any list file)."""
    from skatliste.store.files import write_output as write

    write(path, text, lists=lists)


def statistics(paths: Sequence[Path | str], *, lang: Any, as_json: bool = False) -> str:
    """Per player over one or several lists (of one game family), merged by name; a list
    given twice (or through a link to it) is refused: its games would count twice."""
    seen: dict[Path, Path | str] = {}
    for path in paths:
        real = real_path(path)
        if real in seen:
            raise InputError(
                msg(
                    "{path}: the list {first} given again; each list counts once",
                    path=str(path),
                    first=str(seen[real]),
                )
            )
        seen[real] = path
    lists = [open_list(path) for path in paths]
    family = lists[0].family
    for path, other in zip(paths, lists, strict=True):
        if other.family is not family:
            raise InputError(
                msg(
                    "{path}: a {other} list; statistics merge lists of one game family "
                    "({family} here)",
                    path=str(path),
                    other=other.family.title,
                    family=family.title,
                )
            )
    text: str = renderer(family, "stats")(lists, lang=lang, as_json=as_json)
    return text


def history(ledger: ListFile[Any]) -> list[Removed[Any]]:
    """The list's history, oldest first."""
    return list(ledger.history)


def list_schema(preset: str) -> dict[str, Any]:
    """The JSON Schema of the list file of a rule set's family."""
    from skatliste.families import all_presets
    from skatliste.store.lists import json_schema

    if preset.lower() not in all_presets():
        raise InputError(
            msg(
                "'{preset}': no such rule set (known: {known})",
                preset=preset,
                known=", ".join(sorted(all_presets())),
            )
        )
    return json_schema(find_family(preset.lower()))
