"""Where an export is written: never onto a list or a file of skatliste's own, atomically.
Its own module, so that an organiser's command (a ranking, a season's standing) writes its
exports without loading the list's reports."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from skatliste.store import files


def refuse_target(path: Path | str, *, lists: Sequence[Path | str] = ()) -> None:
    """Refuse ``path`` where :func:`write_output` would (one of ``lists``, a file of
    skatliste's own), writing nothing: the first thing to say about an export's target."""
    files.refuse_list_target(path, lists=lists)


def write_output(path: Path | str, text: str, *, lists: Sequence[Path | str] = ()) -> None:
    """Write an export atomically, never onto a list (one of ``lists`` or any list file)."""
    files.write_output(path, text, lists=lists)
