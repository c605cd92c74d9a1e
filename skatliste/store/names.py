"""The player names of a list file, read quickly and without validating the file.

Shell completion asks for them on every Tab, so this module imports neither pydantic nor the
ledger, and it never fails: a missing, unreadable or broken file has no names. Every command
that uses a list still reads it through ``skatliste.store.ledger``, strictly.
"""

from __future__ import annotations

import json
from pathlib import Path


def player_names(path: Path | str) -> list[str]:
    """The ``players`` of the list file at ``path``; [] when there is no readable list.

    >>> player_names("no-such-list.json")
    []
    """
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return []
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, list):
        return []
    return [name for name in players if isinstance(name, str) and name]
