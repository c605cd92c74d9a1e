"""What a command that cannot say its answer or its refusal ends with: whether it has
saved (the store's count of files written), and streams that failed sent to nowhere so that
Python's flush at exit does not fail again on them."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from skatliste.i18n import Message, msg


def committed() -> int:
    """How many files this process has written (the store's count; 0 where no command has
    loaded the store, as ``value`` does not)."""
    files = sys.modules.get("skatliste.store.files")
    return 0 if files is None else int(files.committed())


def saved_since(start: int) -> list[str]:
    """The files written since the count was ``start``."""
    files = sys.modules.get("skatliste.store.files")
    return [] if files is None else list(files.committed_since(start))


def saved_but(saved: list[str], problem: Message | str) -> Message:
    """``saved (skatliste.json), but ...``: a problem after the command's write."""
    return msg("saved ({files}), but {problem}", files=", ".join(saved), problem=problem)


def to_nowhere(stream: Any) -> None:
    """Send what a stream that failed still holds, and all after it, to nowhere, so that
    Python's flush at exit does not fail again on it."""
    try:
        fileno = stream.fileno()
    except (OSError, ValueError, AttributeError):  # the test runner's stream is no file
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


def tell(show: Callable[[], None]) -> None:
    """Say a refusal on stderr; if stderr is closed or full (``2>&1 | true``), say nothing:
    the exit status stays the one the refusal has (2: nothing written), not 1."""
    try:
        show()
    except OSError:
        to_nowhere(sys.stderr)
        to_nowhere(sys.stdout)
