"""The renderers, registered per (game family, format), as Datasette registers its output
renderers: a family's modules (``Family.renderers``) register theirs when first asked for.

Each format is a protocol below: what its renderer takes (a loaded list, the language, the
format's own settings) and what it gives (text, lines, or a JSON-ready value). Registering
and asking are typed per format (``register`` and ``renderer`` are overloaded on it), so
mypy checks every renderer a family registers and every call an edge makes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias, overload

from skatliste.errors import InputError
from skatliste.i18n import Lang, msg
from skatliste.money import Stake

if TYPE_CHECKING:
    from skatliste.families import Family
    from skatliste.store.lists import ListFile

    Shown: TypeAlias = ListFile[Any]
else:
    Shown = Any  # a loaded list: what every renderer reads (its family, table and entries)


class SheetRenderer(Protocol):
    """``sheet``: the list as on paper in ``fmt`` (plain, grid, md, csv, json)."""

    def __call__(self, lst: Shown, *, fmt: str, lang: Lang) -> str: ...


class SummaryRenderer(Protocol):
    """``summary``: the totals and ranks (the parties' results), the money at ``stake`` cent
    a point, only round ``only_round``, as JSON with ``as_json``."""

    def __call__(
        self,
        lst: Shown,
        *,
        lang: Lang,
        stake: Stake | None = None,
        only_round: int | None = None,
        as_json: bool = False,
    ) -> str: ...


class ExportRenderer(Protocol):
    """``html``, ``md``, ``csv``: the export, the money settled at ``stake`` (a family that
    settles none refuses a stake)."""

    def __call__(self, lst: Shown, *, lang: Lang, stake: Stake | None = None) -> str: ...


class JsonRenderer(Protocol):
    """``json``: the export as a JSON-ready value (the derived sheet and its summary); the
    edge adds what the list holds beyond its entries (its agreement) and writes it."""

    def __call__(self, lst: Shown, *, lang: Lang, stake: Stake | None = None) -> dict[str, Any]: ...


class LineRenderer(Protocol):
    """``created``: the line that confirms a new list."""

    def __call__(self, lst: Shown, lang: Lang) -> str: ...


class LinesRenderer(Protocol):
    """``notes``: what the sheet does not show by itself (an entry that is not counted)."""

    def __call__(self, lst: Shown, lang: Lang) -> list[str]: ...


class ChangeRenderer(Protocol):
    """``change``: what a change did (``app.change.Change``: the entry, the standing)."""

    def __call__(self, change: Any, lang: Lang) -> list[str]: ...


class ExplainRenderer(Protocol):
    """``explain``: one entry's computation, from its row of the derivation."""

    def __call__(self, lst: Shown, row: Any, lang: Lang) -> list[str]: ...


class StatsRenderer(Protocol):
    """``stats``: per player over one or several lists of the family."""

    def __call__(self, lists: Sequence[Shown], *, lang: Lang, as_json: bool) -> str: ...


class ChartRenderer(Protocol):
    """``chart``: the running totals in the terminal, ``width`` by ``height``."""

    def __call__(self, lst: Shown, *, width: int, height: int, lang: Lang) -> str: ...


class PageRenderer(Protocol):
    """``page``: everything the phone page shows, as JSON."""

    def __call__(
        self, lst: Shown, *, lang: Lang, can_write: bool, stake: Stake | None = None
    ) -> dict[str, Any]: ...


class RowRenderer(Protocol):
    """``row``: one entry of the phone page's sheet, as JSON."""

    def __call__(self, lst: Shown, row: Any, lang: Lang) -> dict[str, Any]: ...


Export = Literal["html", "md", "csv"]
"""The exports written as text by the family's renderer (``json`` is a value first)."""

FORMATS: dict[str, type] = {
    "sheet": SheetRenderer,
    "summary": SummaryRenderer,
    "html": ExportRenderer,
    "md": ExportRenderer,
    "csv": ExportRenderer,
    "json": JsonRenderer,
    "created": LineRenderer,
    "notes": LinesRenderer,
    "change": ChangeRenderer,
    "explain": ExplainRenderer,
    "stats": StatsRenderer,
    "chart": ChartRenderer,
    "page": PageRenderer,
    "row": RowRenderer,
}
"""Each format and the protocol of its renderers."""

_RENDERERS: dict[tuple[str, str], Callable[..., Any]] = {}
_LOADED: set[str] = set()


# fmt: off
@overload
def register(family: str, fmt: Literal["sheet"]) -> Callable[[SheetRenderer], SheetRenderer]: ...
@overload
def register(family: str, fmt: Literal["summary"]) -> Callable[[SummaryRenderer], SummaryRenderer]: ...  # noqa: E501
@overload
def register(family: str, fmt: Export) -> Callable[[ExportRenderer], ExportRenderer]: ...
@overload
def register(family: str, fmt: Literal["json"]) -> Callable[[JsonRenderer], JsonRenderer]: ...
@overload
def register(family: str, fmt: Literal["created"]) -> Callable[[LineRenderer], LineRenderer]: ...
@overload
def register(family: str, fmt: Literal["notes"]) -> Callable[[LinesRenderer], LinesRenderer]: ...
@overload
def register(family: str, fmt: Literal["change"]) -> Callable[[ChangeRenderer], ChangeRenderer]: ...
@overload
def register(family: str, fmt: Literal["explain"]) -> Callable[[ExplainRenderer], ExplainRenderer]: ...  # noqa: E501
@overload
def register(family: str, fmt: Literal["stats"]) -> Callable[[StatsRenderer], StatsRenderer]: ...
@overload
def register(family: str, fmt: Literal["chart"]) -> Callable[[ChartRenderer], ChartRenderer]: ...
@overload
def register(family: str, fmt: Literal["page"]) -> Callable[[PageRenderer], PageRenderer]: ...
@overload
def register(family: str, fmt: Literal["row"]) -> Callable[[RowRenderer], RowRenderer]: ...
# fmt: on
def register(family: str, fmt: str) -> Callable[[Any], Any]:
    """``@register("skat", "md")``: the function renders ``fmt`` for lists of ``family``."""
    assert fmt in FORMATS, fmt

    def add(function: Any) -> Any:
        _RENDERERS[(family, fmt)] = function
        return function

    return add


# fmt: off
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["sheet"]) -> SheetRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["summary"]) -> SummaryRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Export) -> ExportRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["json"]) -> JsonRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["created"]) -> LineRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["notes"]) -> LinesRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["change"]) -> ChangeRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["explain"]) -> ExplainRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["stats"]) -> StatsRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["chart"]) -> ChartRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["page"]) -> PageRenderer: ...
@overload
def renderer(family: Family[Any, Any, Any], fmt: Literal["row"]) -> RowRenderer: ...
# fmt: on
def renderer(family: Family[Any, Any, Any], fmt: str) -> Any:
    """The renderer of ``fmt`` for lists of ``family``; an ``InputError`` when the family has
    none (it does not show that)."""
    if family.name not in _LOADED:
        for module in family.renderers:
            importlib.import_module(module)
        _LOADED.add(family.name)
    found = _RENDERERS.get((family.name, fmt))
    if found is None and not family.renderers:  # a family without views of its own
        importlib.import_module("skatliste.render.generic")
        found = _RENDERERS.get(("*", fmt))
    if found is None:
        raise InputError(
            msg("{family} lists have no {format} view", family=family.title, format=fmt)
        )
    return found
