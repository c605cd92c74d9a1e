"""What the tests of the two histories (the tournament's, the league's) check alike: a hand
edit that reorders an item's facts, and the file-format page naming each action's facts."""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import TypeVar

from skatliste.fields import Record

A = TypeVar("A", bound=StrEnum)

DOC = Path(__file__).parents[1] / "docs" / "file-format.md"


def reordered(fixture: Path) -> bytes:
    """The fixture with each history item's facts in the reverse order, as a hand edit may
    leave them."""
    data = json.loads(fixture.read_text(encoding="utf-8"))
    data["history"] = [dict(reversed(item.items())) for item in data["history"]]
    return json.dumps(data).encode("utf-8")


def undocumented(heading: str, definitions: Mapping[A, Record]) -> dict[str, list[str]]:
    """Each action's facts that the page's section ``heading`` does not name (none: {});
    the section's opening names ``action`` and ``time``, then lists the actions in their
    order, one ``- `action`: ...`` item each."""
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index(f"### {heading}") :]
    section = section.split("\n## ", 1)[0]
    intro, _, items = section.partition("\n- ")
    assert "`action`" in intro and "`time`" in intro
    told = {item.split("`")[1]: item for item in items.split("\n- ")}
    assert list(told) == [a.value for a in definitions]
    out = {}
    for action, record in definitions.items():
        missing = [n for n in record.order if n != "time" and f"`{n}`" not in told[action.value]]
        if missing:
            out[action.value] = missing
    return out
