"""What keeps ``skatliste serve`` answering in a tournament hall: slow or idle clients cannot
starve the others.

- Connections are capped per client address (``MAX_PER_CLIENT``): one more is closed at
  once. In all (``MAX_CONNECTIONS``), one more closes the connection that has waited longest
  for a request head instead: idle and half-open connections from many addresses make room
  for a phone, and a connection whose request is under way is never closed for another.
- Requests in progress are capped (``MAX_REQUESTS``; uvicorn answers 503 beyond): only a
  request whose head has come counts, never an idle connection.
- A client has ``HEADER_SECONDS`` to finish a request's headers (a connection that sends a
  byte now and then is closed), ``KEEPALIVE_SECONDS`` of idling between requests.
- The open-file limit is raised to what the system allows at start (each connection is one).
- Error logs are rate-limited: a flood logs a few lines, then how many were held back.

The connection rules live in the HTTP protocol (uvicorn's h11 one, subclassed): a connection
that never finishes its headers never reaches the app, so no ASGI middleware could count it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.flow_control import service_unavailable
from uvicorn.protocols.http.h11_impl import H11Protocol

from skatliste.i18n import Message, environment_lang, msg, nmsg

MAX_CONNECTIONS = 4096
"""Open connections in all (beyond, the one waiting longest for its request head is closed):
a hall of 100 tables with a phone or two each and 100 watchers uses a few hundred."""
MAX_REQUESTS = 2048
"""Requests in progress at once, live-update streams included (503 beyond)."""
MAX_PER_CLIENT = 64
"""Open connections from one address: a phone's browser opens about six."""
HEADER_SECONDS = 10.0
"""Seconds a client has to send a whole request head."""
KEEPALIVE_SECONDS = 5
"""Seconds an idle connection is kept open between requests."""
MAX_HEAD = 16 * 1024
"""Bytes a request's head (line and headers) may have."""


class HallProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a per-client connection cap, a header timeout, a cap
    of connections in all that closes the longest waiting for a head, and a cap of requests
    in progress (uvicorn's own ``limit_concurrency`` counts idle connections too)."""

    per_client: ClassVar[dict[str, int]] = {}
    waiting: ClassVar[dict[HallProtocol, None]] = {}
    """The connections waiting for a request head, the longest waiting first."""
    most_per_client = MAX_PER_CLIENT
    most_connections = MAX_CONNECTIONS
    most_requests = MAX_REQUESTS
    header_seconds = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.app = self._limited(self.app)

    def _limited(self, app: Any) -> Any:
        """``app``, answering 503 while more than ``most_requests`` requests are in progress
        (this one counted: its task is among the server's)."""
        tasks, most = self.tasks, self.most_requests

        async def limited(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "http" and len(tasks) > most:
                _log_limited(
                    "busy",
                    msg("request refused: {count} in progress already", count=len(tasks) - 1),
                )
                await service_unavailable(scope, receive, send)
                return
            await app(scope, receive, send)

        return limited

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = self.client[0] if self.client else ""
        self._peer: str | None = peer
        count = self.per_client.get(peer, 0) + 1
        self.per_client[peer] = count
        if count > self.most_per_client:
            # this phone's own connection idle longest makes room; with none idle, it waits
            idle = next((p for p in self.waiting if getattr(p, "_peer", None) == peer), None)
            if idle is None:
                _log_limited(
                    "open",
                    msg("connection from {peer} refused: {count} open already", peer=peer,
                        count=count - 1),
                )  # fmt: skip
                transport.close()
                return
            self.waiting.pop(idle)
            idle.transport.close()
        if len(self.connections) > self.most_connections:
            if not self.waiting:  # every connection has a request under way: this one waits
                _log_limited(
                    "full",
                    msg("connection from {peer} refused: {count} open", peer=peer,
                        count=len(self.connections)),
                )  # fmt: skip
                transport.close()
                return
            longest = next(iter(self.waiting))
            self.waiting.pop(longest)
            longest.transport.close()
        self._arm()

    def handle_events(self) -> None:
        super().handle_events()
        if self.scope is not getattr(self, "_waiting_for", None):
            self.waiting.pop(self, None)  # a request head came: no longer idle

    def connection_lost(self, exc: Exception | None) -> None:
        peer = getattr(self, "_peer", None)
        if peer is not None:
            left = self.per_client.get(peer, 1) - 1
            if left > 0:
                self.per_client[peer] = left
            else:
                self.per_client.pop(peer, None)
            self._peer = None
        self.waiting.pop(self, None)
        timer = getattr(self, "_head_timer", None)
        if timer is not None:
            timer.cancel()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        if not self.transport.is_closing():
            self._arm()  # the next request's head has its own deadline
        super().on_response_complete()  # a pipelined request may begin here: not waiting

    def _arm(self) -> None:
        old = getattr(self, "_head_timer", None)
        if old is not None:
            old.cancel()
        waiting_for = self._waiting_for = self.scope
        self.waiting.pop(self, None)
        self.waiting[self] = None  # the newest waiting, last
        self._head_timer = self.loop.call_later(self.header_seconds, self._head_late, waiting_for)

    def _head_late(self, waiting_for: Any) -> None:
        """Close a connection whose next request head has not arrived in time."""
        if self.transport.is_closing() or self.scope is not waiting_for:
            return  # a request began since: its response's end arms the next deadline
        if self.conn.their_state in (h11.IDLE, h11.MUST_CLOSE, h11.CLOSED):
            self.transport.close()


def _log_limited(kind: str, told: Message) -> None:
    """A line for the server's terminal in its language; ``kind`` groups the lines that
    :class:`RateLimited` counts together (one kind, whatever the address)."""
    text = told.render(environment_lang())
    logging.getLogger("skatliste.web").warning("%s", text, extra={"kind": kind})


class RateLimited(logging.Filter):
    """Lets at most ``most`` records of one kind through per ``seconds`` (a flood of broken
    connections logs a few lines, not 400,000 tracebacks), then says how many it held back."""

    def __init__(self, most: int = 5, seconds: float = 60.0) -> None:
        super().__init__()
        self.most, self.seconds = most, seconds
        self.seen: dict[tuple[str, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, getattr(record, "kind", None) or str(record.msg)[:80])
        start, count = self.seen.get(kind, (-1e9, 0))
        now = time.monotonic()
        if now - start > self.seconds:
            if count > self.most:
                held = nmsg(
                    "and {count} more like it held back",
                    "and {count} more like it held back",
                    count - self.most,
                ).render(environment_lang())
                record.msg = f"{record.msg} ({held})"
            self.seen[kind] = (now, 1)
            return True
        self.seen[kind] = (start, count + 1)
        return count + 1 <= self.most


LOGGERS = ("uvicorn.error", "asyncio", "skatliste.web")


def limit_logs(most: int = 5, seconds: float = 60.0) -> RateLimited:
    """Rate-limit the server's error logs (uvicorn's, asyncio's, skatliste's own)."""
    limit = RateLimited(most, seconds)
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RateLimited) for f in logger.filters):
            logger.addFilter(limit)
    return limit


def raise_open_files() -> tuple[int, int] | None:
    """Raise the soft open-file limit to the hard one (each connection is an open file; 1,024
    is the usual soft limit); the limits now, or None where there are none to raise."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return soft, hard
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):
        return soft, hard
    return wanted, hard


FILES_KEPT_FREE = 256
"""Open files left for the lists, the logs and the server's own, below the open-file limit."""


def connection_cap(open_files: int | None) -> int:
    """Connections in all for a process that may open ``open_files`` files (None: no limit):
    ``MAX_CONNECTIONS``, or fewer where the limit is lower (a laptop's 1,024), so that the one
    idle longest makes room for a phone before the system refuses to open one more."""
    if open_files is None:
        return MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, open_files - FILES_KEPT_FREE))


def _open_files() -> int | None:
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def hall_options(*, per_client: int = MAX_PER_CLIENT) -> dict[str, Any]:
    """uvicorn's options for the hall (``uvicorn.Config(app, **hall_options())``)."""

    class Protocol(HallProtocol):
        """The protocol of one server: its own count of connections per client."""

        per_client: ClassVar[dict[str, int]] = {}
        waiting: ClassVar[dict[HallProtocol, None]] = {}

    Protocol.most_per_client = per_client
    Protocol.most_connections = connection_cap(_open_files())  # the limit as raised now
    Protocol.most_requests = MAX_REQUESTS
    return {
        "http": Protocol,
        "limit_concurrency": None,  # counted by the protocol: requests, not connections
        "timeout_keep_alive": KEEPALIVE_SECONDS,
        "h11_max_incomplete_event_size": MAX_HEAD,
        "backlog": 2048,
    }
