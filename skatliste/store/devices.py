"""An export written into a device or a pipe (``-o /dev/null``, ``-o /dev/stdout``, a named
pipe) as such things are written: into it, never replaced by a file."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from skatliste.errors import LedgerError, os_reason
from skatliste.i18n import msg


def into_device(path: Path, text: str | bytes) -> bool:
    """Write into a device or a pipe (``-o /dev/null``, ``-o /dev/stdout``, a named pipe)
    as they are written: into it, never replaced by a file. False where ``path`` is none."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return False
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        # not blocking on a pipe no one reads: that is refused, not waited for
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK if stat.S_ISFIFO(mode) else os.O_WRONLY)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise LedgerError(
                msg("{output}: a pipe that no one reads; nothing written", output=str(path))
            ) from None
        raise LedgerError(
            msg("{path}: cannot write: {why}", path=str(path), why=os_reason(exc))
        ) from None
    try:
        os.set_blocking(fd, True)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
    except OSError as exc:
        raise LedgerError(
            msg("{path}: cannot write: {why}", path=str(path), why=os_reason(exc))
        ) from None
    return True
