"""The lock itself: flock(2) on a lock file, polled until a deadline (filelock where there
is no flock); a lock file removed while it was waited on is locked anew at its path
(``store.files.locked`` removes the one a change that wrote nothing made)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

PRIVATE = 0o600
"""The mode of the files that hold a secret (keys) or only serve this program (locks)."""
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
"""A lock file is opened without following a link (none on Windows, where ``locked`` refuses a
link before opening)."""


@contextlib.contextmanager
def flock(
    lock_file: Path, wait: float, busy: Callable[[], Exception], *, opened: int | None = None
) -> Iterator[None]:
    """flock(2) on the lock file, polled until LOCK_TIMEOUT: what filelock does on POSIX,
    without its imports (a list command starts faster; both lock the same way). ``opened``:
    the lock file open already (the caller's one open of it), closed here."""
    import fcntl
    import time

    fd = (
        os.open(lock_file, os.O_RDWR | os.O_CREAT | NOFOLLOW, PRIVATE) if opened is None else opened
    )
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                if _same_file(fd, lock_file):
                    break
                # the holder removed the lock file it had made (``locked``): lock the new one
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
                fd = os.open(lock_file, os.O_RDWR | os.O_CREAT | NOFOLLOW, PRIVATE)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise busy() from None
                time.sleep(0.02)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _same_file(fd: int, lock_file: Path) -> bool:
    """Whether the lock file open as ``fd`` is still the one at its path."""
    try:
        there = lock_file.stat()
    except OSError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)


@contextlib.contextmanager
def file_lock(
    lock_file: Path, wait: float, busy: Callable[[], Exception], *, opened: int | None = None
) -> Iterator[None]:
    """filelock, where there is no flock (Windows); ``opened`` is closed first."""
    from filelock import FileLock, Timeout

    if opened is not None:
        os.close(opened)
    lock = FileLock(str(lock_file), timeout=wait, mode=PRIVATE)
    try:
        with lock:
            yield
    except Timeout:
        raise busy() from None
