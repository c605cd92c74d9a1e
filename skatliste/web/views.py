"""The list as the page shows it: plain JSON-ready dicts, from the renderers the list's game
family registered (``skatliste.render``: ``page`` and ``row``).

Rendering only, the way the CLI renders text: the numbers come from the family's derivation,
the words from its renderers.
"""

from __future__ import annotations

from typing import Any

from skatliste.families import FormGroup, FormRow, Number, Tap
from skatliste.i18n import Lang, Message
from skatliste.money import Stake
from skatliste.render import renderer


def row_json(ledger: Any, row: Any, lang: Lang) -> dict[str, Any]:
    """One entry of the sheet: what it was, its value, its explanation, the totals after it."""

    found: dict[str, Any] = renderer(ledger.family, "row")(ledger, row, lang)
    return found


def list_json(
    ledger: Any, *, lang: Lang, can_write: bool, stake: Stake | None = None
) -> dict[str, Any]:
    """Everything the page shows: its family, the totals strip, the sheet, the summary."""

    found: dict[str, Any] = renderer(ledger.family, "page")(
        ledger, lang=lang, can_write=can_write, stake=stake
    )
    found["form"] = form_json(ledger.family, lang)
    return found


_forms: dict[tuple[type, Lang], dict[str, Any]] = {}
"""Each family's form as drawn once per language (it is the family's, the same for every
list: a page built again after each save draws it no more)."""


def form_json(family: Any, lang: Lang) -> dict[str, Any]:
    """The family's entry form as the page draws it (``Family.form``): every label and word
    in ``lang``, each button or number with its kind; drawn once per family and language
    (the same dict again, which nobody changes)."""
    key = (type(family), lang)
    found = _forms.get(key)
    if found is None:
        found = _forms[key] = _form_json(family, lang)
    return found


def _form_json(family: Any, lang: Lang) -> dict[str, Any]:

    def plain(value: Any) -> Any:
        if isinstance(value, Message):
            return value.render(lang)
        if isinstance(value, FormGroup | FormRow | Tap | Number):
            fields = {k: plain(v) for k, v in value._asdict().items()}
            kind = {Tap: "tap", Number: "number"}.get(type(value))
            return fields if kind is None else {"kind": kind, **fields}
        if isinstance(value, tuple):
            return [plain(v) for v in value]
        return value

    return {"groups": plain(family.form), "order": list(family.form_words)}


def totals(ledger: Any, last: Any) -> dict[str, int]:
    """The running totals after the last entry (each player, or each pair), 0 when none."""
    found: dict[str, int] = ledger.family.totals(ledger.table, ledger.entries)
    return found
