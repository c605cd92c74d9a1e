"""The Starlette app behind ``skatliste serve``: the page, its static files, live updates and
the guards every write passes (same origin, the list's key, a small body, JSON).

Errors become ``{"error": "..."}`` with a 4xx status in one place (``_refused``,
``_skatliste_error``), in the page's language (``say``), the way the CLI turns them into
``Error: ...`` and exit 2.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as ASGIMessage

from skatliste.errors import InputError, LedgerError, SkatlisteError
from skatliste.i18n import Lang, msg
from skatliste.web.base import (
    HERE,
    Refused,
    Site,
    events,
    request_lang,
    say,
    site,
)
from skatliste.web.labels import labels
from skatliste.web.watch import Watcher

SECURITY_HEADERS = {
    # only skatliste's own script and style run on the page; nothing is fetched elsewhere
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class SecurityHeaders:
    """ASGI middleware: adds ``SECURITY_HEADERS`` to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: ASGIMessage) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers)


# --- errors, in one place ---------------------------------------------------------------


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
    return JSONResponse(
        {"error": say(request, exc.message)}, status_code=exc.status, headers=headers
    )


async def _skatliste_error(request: Request, exc: Exception) -> Response:
    """Bad words → 422 (the CLI's message); a list that cannot be read or is busy → 409."""
    status = 422 if isinstance(exc, InputError) or not isinstance(exc, LedgerError) else 409
    assert isinstance(exc, SkatlisteError)
    return JSONResponse({"error": exc.render(request_lang(request))}, status_code=status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    known = {
        404: msg("there is no such page here"),
        405: msg("this address does not take that method"),
    }
    said = known.get(exc.status_code)
    error = exc.detail if said is None else say(request, said)
    return JSONResponse({"error": error}, status_code=exc.status_code, headers=exc.headers)


# --- the page and live updates ----------------------------------------------------------


async def index(request: Request) -> Response:
    """The phone page: a shell; its script fetches the list and listens for changes."""
    lang = request_lang(request)
    templates: Jinja2Templates = request.app.state.templates
    return templates.TemplateResponse(
        request,
        "index.html",
        {
            "lang": lang,
            "t": labels(lang),
            "labels_json": json.dumps(labels(lang)),
            "base": site(request).base,
        },
        headers={"Cache-Control": "no-store"},
    )


async def service_worker(request: Request) -> Response:
    """The page's service worker (``static/sw.js``), served beside the page so that it may
    keep the page, its files and the last list for when the server is out of reach; the
    ``Service-Worker-Allowed`` header lets a table's page register it for the whole site,
    where ``/static/`` lives."""
    return FileResponse(
        HERE / "static" / "sw.js",
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


PAGE_ROUTES: list[BaseRoute] = [
    Route("/", index),
    Route("/api/events", events),
    Route("/sw.js", service_worker),
]


def create_app(
    ledger_path: Path | None = None,
    *,
    key: str = "",
    lang: Lang | None = None,
    tournament: Path | None = None,
    organiser_key: str = "",
    table_keys: dict[int, str] | None = None,
    league: Path | None = None,
    season: Path | None = None,
) -> Starlette:
    """The app for one list (``key`` opens it for writing), or for a tournament folder: the
    organiser's page at ``/`` and each table's page at ``/series/S/table/T/``
    (``organiser_key`` writes every table, ``table_keys[T]`` table T's list only), or for a
    league folder: its table and match reports, read-only (``web.league``)."""
    from skatliste.web.agree import with_second_list
    from skatliste.web.api import API_ROUTES

    watchers: list[Watcher] = []
    routes: list[BaseRoute]
    if league is not None:
        from skatliste.web.league import league_routes

        watcher = Watcher(league, folder=True)
        watchers.append(watcher)
        main = Site(ledger_path=league, keys=(), lang=lang, watcher=watcher)
        routes = league_routes()
    elif season is not None:  # the season's standing and players' pages, read-only
        from skatliste.web.season import SeasonWatcher, season_routes

        follows: Watcher = SeasonWatcher(season)
        watchers.append(follows)
        main = Site(ledger_path=season, keys=(), lang=lang, watcher=follows)
        routes = season_routes()
    elif tournament is None:
        if ledger_path is None:
            raise ValueError(msg("create_app needs a list or a tournament folder"))
        watcher = Watcher(ledger_path)
        watchers.append(watcher)
        keys = (key,) if key else ()  # no key: the page only shows the list
        main = Site(ledger_path=ledger_path, keys=keys, lang=lang, watcher=watcher)
        routes = with_second_list([*PAGE_ROUTES, *API_ROUTES])
    else:
        from skatliste.web.tournament import TablePages, tournament_routes

        watcher = Watcher(tournament, folder=True)
        watchers.append(watcher)
        keys = (organiser_key,) if organiser_key else ()
        main = Site(ledger_path=tournament, keys=keys, lang=lang, watcher=watcher)
        tables = TablePages(
            tournament,
            organiser_key=organiser_key,
            table_keys=table_keys or {},
            lang=lang,
            routes=with_second_list([*PAGE_ROUTES, *API_ROUTES]),
            watchers=watchers,
        )
        routes = [
            *tournament_routes(),
            Mount("/series/{series:int}/table/{table:int}", app=tables),
        ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for w in watchers:
            w.start()
        try:
            yield
        finally:
            for w in watchers:
                await w.stop()

    app = Starlette(
        routes=[
            *routes,
            Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        ],
        exception_handlers={
            Refused: _refused,
            SkatlisteError: _skatliste_error,
            HTTPException: _http_error,
        },
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders)],
    )
    app.state.site = main
    app.state.watchers = watchers
    app.state.table_keys = table_keys or {}
    app.state.templates = Jinja2Templates(directory=HERE / "templates")
    return app


@contextlib.contextmanager
def running(app: Starlette, *, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``app`` with uvicorn in a background thread on an ephemeral port of ``host``
    (the loopback by default); yield its base URL; stop it on leaving. For tests, benchmarks
    and embedding; ``skatliste serve`` runs uvicorn in the foreground instead."""
    import threading
    import time

    import uvicorn

    config = uvicorn.Config(
        app, host=host, port=0, log_level="warning", lifespan="on", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start within 15 s")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://{host}:{port}"
    finally:
        for watcher in app.state.watchers:  # open pages' event streams end, as on Ctrl+C
            watcher.close()
        server.should_exit = True
        thread.join(15)
