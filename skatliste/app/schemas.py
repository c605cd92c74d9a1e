"""The JSON Schema of each file format skatliste writes (``skatliste schema FORMAT``), from
the one definition its reader checks: a list (of a rule set's family), a tournament, a season,
a league."""

from __future__ import annotations

from typing import Any

from skatliste.errors import InputError
from skatliste.families import all_presets, find_family
from skatliste.i18n import msg
from skatliste.store import league, season, tournament, venue_report
from skatliste.store.formats import DIALECT, Format
from skatliste.store.lists import json_schema

FOLDER_FORMATS: dict[str, Format] = {
    "tournament": tournament.FORMAT,
    "season": season.FORMAT,
    "league": league.FORMAT,
    "venue-report": venue_report.FORMAT,
}
FORMATS = ("list", *FOLDER_FORMATS)
"""What ``skatliste schema`` prints, by the name it takes."""


class NoSuchFormat(InputError):
    """A name ``skatliste schema`` does not know."""

    def __init__(self, name: str) -> None:
        super().__init__(
            msg(
                "'{name}': no such file format (known: {known})",
                name=name,
                known=", ".join(FORMATS),
            )
        )


def list_schema(preset: str) -> dict[str, Any]:
    """The JSON Schema of the list file of a rule set's family."""
    if preset.lower() not in all_presets():
        raise InputError(
            msg(
                "'{preset}': no such rule set (known: {known})",
                preset=preset,
                known=", ".join(sorted(all_presets())),
            )
        )
    return {"$schema": DIALECT, **json_schema(find_family(preset.lower()))}


def schema(name: str, preset: str) -> dict[str, Any]:
    """The JSON Schema of the format ``name`` (one of ``FORMATS``; a list's of ``preset``'s
    family)."""
    if name == "list":
        return list_schema(preset)
    if name not in FOLDER_FORMATS:
        raise NoSuchFormat(name)
    return FOLDER_FORMATS[name].schema()
