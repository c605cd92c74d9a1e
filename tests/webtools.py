"""Helpers for the web tests: a real server on 127.0.0.1 (an ephemeral port), and Chromium.

Every request goes to the loopback only; every wait is bounded.
"""

from __future__ import annotations

import os
import shutil
from contextlib import AbstractContextManager
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


def live_server(app: Any) -> AbstractContextManager[str]:
    """Serve ``app`` with uvicorn in a thread on 127.0.0.1; yield its base URL."""
    from skatliste.web.server import running

    return running(app)


def chromium_path() -> Path | None:
    """Debian's chromium (``make test`` installs it), or SKATLISTE_CHROMIUM."""
    given = os.environ.get("SKATLISTE_CHROMIUM")
    for candidate in (given, "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


KEPT_GAMES = """async (n) => {
  const cache = await caches.open("skatliste-page-1");
  for (const request of await cache.keys()) {
    if (!request.url.includes("/api/list")) continue;
    const kept = await (await cache.match(request)).json();
    if (kept.games && kept.games.length === n) return true;
  }
  return false;
}"""
"""Whether the copy the page keeps for the service worker holds ``n`` games (app.js keeps it
in the cache named in sw.js, a second after the last change shown)."""


def kept_with(page: Any, n: int) -> None:
    """Wait (10 s at most) until the page's kept copy holds ``n`` games."""
    for _ in range(100):
        if page.evaluate(KEPT_GAMES, n):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"no copy of {n} games kept within 10 s")
