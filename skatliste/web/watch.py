"""Live updates: notice when the list file changes, whoever wrote it (a phone, the CLI).

One cheap ``os.stat`` a few times a second: a write is an atomic rename, so the inode changes
even when the size and the modification time look the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Iterable
from pathlib import Path

POLL_SECONDS = 0.2
"""How often the file is looked at: a change reaches every open page well within a second."""


Stamp = tuple[tuple[str, int, int, int], ...]


def file_tag(path: Path) -> str:
    """The version of one file as an ETag's text: its inode, modification time and size (a
    write replaces the file, so a new inode at least), "" when there is no file."""
    try:
        st = os.stat(path)
    except OSError:
        return ""
    return f"{st.st_ino:x}.{st.st_mtime_ns:x}.{st.st_size:x}"


def stamp_of(files: Iterable[Path]) -> Stamp:
    """(name, inode, mtime, size) of each of the files that is there."""
    out = []
    for file in files:
        try:
            st = os.stat(file)
        except OSError:
            continue
        out.append((str(file), st.st_ino, st.st_mtime_ns, st.st_size))
    return tuple(out)


class Watcher:
    """Counts the list file's changes and wakes whoever waits for the next one."""

    def __init__(self, path: Path, *, folder: bool = False, interval: float = POLL_SECONDS) -> None:
        self.path = path
        self.folder = folder
        """Watch every list in a tournament folder (and its tournament file)."""
        self.interval = interval
        self.version = 0
        """Goes up by one with every change seen."""
        self._stamp = self.stamp()
        self.tag = self._tag()
        """The version as the pages see it: the list's ``ETag`` (a folder: the count)."""
        self._task: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.closed = False
        """Set when the server stops: every waiter wakes and its stream ends."""

    def stamp(self) -> Stamp:
        """What is watched, as it is now: (name, inode, mtime, size) of each file."""
        return stamp_of(sorted(self.path.rglob("*.json")) if self.folder else [self.path])

    def look(self) -> bool:
        """Compare the file with what was seen last; on a change wake every waiter."""
        stamp = self.stamp()
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        self.version += 1
        self.tag = self._tag()
        self._changed.set()
        self._changed = asyncio.Event()
        return True

    def _tag(self) -> str:
        return str(self.version) if self.folder else file_tag(self.path)

    async def run(self) -> None:
        """Look at the file until cancelled."""
        self._loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.interval)
            self.look()

    def start(self) -> None:
        """Start looking (in the running event loop), unless it does already."""
        if self._task is None and not self.closed:
            self._task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        """Stop looking and end every stream."""
        self.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def close(self) -> None:
        """The server is stopping (from any thread, a signal handler too): end every stream,
        so open pages do not hold the shutdown up."""
        self.closed = True
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._changed.set)

    async def wait(self, seen: int, timeout: float) -> bool:
        """Wait until the version differs from ``seen`` (True) or the timeout passes (False)."""
        if self.version != seen or self.closed:
            return True
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True
