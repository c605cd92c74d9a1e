"""Where a running ``skatliste serve`` answers: its host and port, kept beside the list
(``LIST.json.serving``) or in the tournament's folder (``serving.json``) while it runs, so
that ``serve --show-keys`` prints the links of the server that runs, not of a default port
(or says that none runs). A record a killed server left is known by its process being gone."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from skatliste.store.files import atomic_write


@dataclass(frozen=True)
class Running:
    """A server that runs: where it listens."""

    host: str
    port: int


def serving_path(target: Path, *, folder: bool) -> Path:
    """The record of the server of a list (``folder``: of a tournament folder)."""
    return target / "serving.json" if folder else target.with_name(target.name + ".serving")


@contextlib.contextmanager
def recorded(target: Path, host: str, port: int, *, folder: bool) -> Iterator[None]:
    """Keep the record while the server runs; remove it when it stops."""
    path = serving_path(target, folder=folder)
    data = {"host": host, "port": port, "pid": os.getpid()}
    atomic_write(path, json.dumps(data) + "\n", what="state file", durable=False, follow=False)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()


def running(target: Path, *, folder: bool) -> Running | None:
    """The server that runs for ``target`` now, or None (no record, or its process is gone)."""
    try:
        data = json.loads(serving_path(target, folder=folder).read_text(encoding="utf-8"))
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
