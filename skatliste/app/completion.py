"""What shell completion asks of a list: its players and its game family, read quickly,
without checking the file and never failing (the commands read it strictly)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skatliste.errors import RuleSetError
from skatliste.families import Family, default_family, find_family
from skatliste.store import names


def player_names(path: Path | str) -> list[str]:
    """The players of the list at ``path`` for shell completion: read quickly, without checking
    the file, never failing ([] for no readable list)."""
    return names.player_names(path)


def family_named_in(path: Path | str) -> Family[Any, Any, Any]:
    """The family of the list at ``path`` for shell completion, from its preset read quickly;
    the default family (Skat) for no readable list or an unknown preset."""
    found = names.preset(path)
    try:
        return default_family() if found is None else find_family(found)
    except RuleSetError:
        return default_family()
