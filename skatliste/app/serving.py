"""Where a running ``skatliste serve`` answers: its host and port, kept while it runs in the
user's runtime folder (``$XDG_RUNTIME_DIR/skatliste``, else ``skatliste-UID`` in the temporary
folder, readable by its owner only), never beside the list: the list's folder holds the list
and its lock. ``serve --show-keys`` prints the links of the server that runs, not of a default
port (or says that none runs). A record a killed server left is known by its process being
gone."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from skatliste.store.files import atomic_write


@dataclass(frozen=True)
class Running:
    """A server that runs: where it listens."""

    host: str
    port: int


def runtime_folder() -> Path | None:
    """The user's own folder for what lives only while a program runs; None where it cannot
    be had safely (a folder of that name another user owns, or a link)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    uid = os.getuid() if hasattr(os, "getuid") else 0
    folder = (
        Path(runtime) / "skatliste" if runtime else Path(tempfile.gettempdir()) / f"skatliste-{uid}"
    )
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        st = folder.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != uid or st.st_mode & 0o077:
        return None
    return folder


def serving_path(target: Path, *, folder: bool) -> Path | None:
    """The record of the server of a list or a tournament folder: named by a digest of its
    real path (``folder`` tells the two apart), in :func:`runtime_folder`."""
    where = runtime_folder()
    if where is None:
        return None
    kind = "folder" if folder else "list"
    digest = hashlib.sha256(f"{kind}:{target.resolve()}".encode()).hexdigest()[:32]
    return where / f"{digest}.json"


@contextlib.contextmanager
def recorded(target: Path, host: str, port: int, *, folder: bool) -> Iterator[None]:
    """Keep the record while the server runs; remove it when it stops."""
    path = serving_path(target, folder=folder)
    if path is None:  # no runtime folder: --show-keys says that none runs
        yield
        return
    data = {"host": host, "port": port, "pid": os.getpid()}
    atomic_write(path, json.dumps(data) + "\n", what="state file", durable=False, follow=False)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()


def running(target: Path, *, folder: bool) -> Running | None:
    """The server that runs for ``target`` now, or None (no record, or its process is gone)."""
    path = serving_path(target, folder=folder)
    if path is None:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        host, port, pid = data["host"], data["port"], data["pid"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not (isinstance(host, str) and type(port) is int and type(pid) is int):
        return None
    try:
        os.kill(pid, 0)  # signal 0: only whether the process is there
    except ProcessLookupError:
        return None
    except PermissionError:  # another user's process: it is there
        pass
    return Running(host, port)
