"""The player names and the preset of a list file, read quickly and without validating it.

Shell completion asks for them on every Tab, so this module imports neither pydantic nor the
ledger, and it never fails: a missing, unreadable or broken file has no names. Every command
that uses a list still reads it through ``skatliste.store.ledger``, strictly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _header(path: Path | str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def preset(path: Path | str) -> str | None:
    """The rule set's preset the list file at ``path`` names; None when there is none to read.

    >>> preset("no-such-list.json") is None
    True
    """
    rules = _header(path).get("rules")
    found = rules.get("preset") if isinstance(rules, dict) else None
    return found if isinstance(found, str) else None


def player_names(path: Path | str) -> list[str]:
    """The ``players`` of the list file at ``path``; [] when there is no readable list.

    >>> player_names("no-such-list.json")
    []
    """
    players = _header(path).get("players")
    if not isinstance(players, list):
        return []
    return [name for name in players if isinstance(name, str) and name]
