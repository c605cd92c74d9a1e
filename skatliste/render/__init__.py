"""The renderers, registered per (game family, format), as Datasette registers its output
renderers: a family's modules (``Family.renderers``) register theirs when first asked for.

The formats and what each renderer takes (``lst`` is a loaded list, ``lang`` the language):

- ``sheet``: ``(lst, *, fmt, lang) -> str``, ``fmt`` one of plain, grid, md, csv, json
- ``summary``: ``(lst, *, lang, stake, only_round, as_json) -> str``
- ``html``, ``md``, ``csv``, ``json``: the export, ``(lst, *, lang, stake) -> str``
- ``created``: ``(lst, lang) -> str``, the line that confirms a new list
- ``change``: ``(change, lang) -> list[str]``, what a change did (the entry, the standing)
- ``explain``: ``(lst, number, lang) -> list[str]``, one entry's computation
- ``stats``: ``(lists, *, lang, as_json) -> str``, per player over one or several lists
- ``notes``: ``(lst, lang) -> list[str]``, what the sheet does not show by itself
- ``chart``: ``(lst, *, width, height, lang) -> str``, the running totals in the terminal
- ``page`` and ``row``: the phone page's JSON, ``(lst, *, lang, can_write, stake) -> dict``
  and ``(lst, row, lang) -> dict``
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar

from skatliste.errors import InputError
from skatliste.families import Family
from skatliste.i18n import msg

F = TypeVar("F", bound=Callable[..., Any])

FORMATS: tuple[str, ...] = ("sheet", "summary", "html", "md", "csv", "json", "created")
FORMATS += ("change", "explain", "stats", "page", "row", "notes", "chart")

_RENDERERS: dict[tuple[str, str], Callable[..., Any]] = {}
_LOADED: set[str] = set()


def register(family: str, fmt: str) -> Callable[[F], F]:
    """``@register("skat", "md")``: the function renders ``fmt`` for lists of ``family``."""
    assert fmt in FORMATS, fmt

    def add(function: F) -> F:
        _RENDERERS[(family, fmt)] = function
        return function

    return add


def renderer(family: Family[Any, Any, Any], fmt: str) -> Callable[..., Any]:
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
