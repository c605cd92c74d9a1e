"""What the histories of the folder files share (the tournament's, the league's): each item is
one change, its ``action`` and its ``time``, then exactly the facts that action keeps, each
defined once (:mod:`skatliste.fields`: one record per action, told apart by ``action``). The
file's reader checks every item by its action's record, naming each problem by its place
(``history[3].series``); here each checked item becomes its typed record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Generic, TypeAlias, TypeVar

from skatliste.fields import Field, Record, Text

TIME = Field("time", Text(min_length=1), doc="when it was done (UTC, ISO 8601)")
"""Every item's time (``action`` is the tag: it picks the definition)."""

A = TypeVar("A", bound=StrEnum)
E = TypeVar("E")

Build: TypeAlias = Callable[[dict[str, Any]], E]
"""An action's record made from its checked facts."""


class History(Generic[A, E]):
    """A file's history: each action's definition (its facts, besides ``action``) and how its
    record is made from them."""

    def __init__(self, definitions: Mapping[A, Record], build: Mapping[A, Build[E]]) -> None:
        self.definitions = dict(definitions)
        self._build = {a.value: b for a, b in build.items()}

    @property
    def records(self) -> tuple[Record, ...]:
        """The actions' records, told apart by ``action`` (the format's definition)."""
        return tuple(self.definitions.values())

    def build(self, item: dict[str, Any]) -> E:
        """The typed record of one checked item."""
        return self._build[item["action"]](item)
