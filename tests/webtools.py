"""Helpers for the web tests: a real server on 127.0.0.1 (an ephemeral port), and Chromium.

Every request goes to the loopback only; every wait is bounded.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

KEY = "test-key-0123456789abcdef"
CHROMIUM_ARGS = [
    "--no-sandbox",  # root in a container has no user namespace for the sandbox
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def live_server(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread on 127.0.0.1; yield its base URL."""
    import uvicorn

    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        app.state.site.watcher.close()  # open pages' event streams end, as on Ctrl+C
        server.should_exit = True
        thread.join(15)


def chromium_path() -> Path | None:
    """Debian's chromium (``make test`` installs it), or SKATLISTE_CHROMIUM."""
    given = os.environ.get("SKATLISTE_CHROMIUM")
    for candidate in (given, "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None
