"""The Starlette app behind ``skatliste serve``: the page, its static files, live updates and
the guards every write passes (same origin, the list's key, a small body, JSON).

Errors become ``{"error": "..."}`` with a 4xx status in one place (``_refused``,
``_skatliste_error``), in the page's language (``say``), the way the CLI turns them into
``Error: ...`` and exit 2.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as ASGIMessage

from skatliste.errors import InputError, LedgerError, SkatlisteError, Worded
from skatliste.i18n import Lang, Message
from skatliste.web.labels import LABELS
from skatliste.web.watch import Watcher

HERE = Path(__file__).resolve().parent
MAX_BODY = 16 * 1024
"""Bytes a request body may have: a game's words are a few dozen."""
KEEPALIVE_SECONDS = 10.0

M = TypeVar("M", bound=BaseModel)


class Refused(Exception):
    """A request the server turns down: its status and the reason shown to the user."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Site:
    """What one page serves: the list, the keys that write it, the language asked for, the
    watcher of its file, and where its page lives (``/series/1/table/2`` in a tournament)."""

    ledger_path: Path
    keys: tuple[str, ...]
    lang: Lang | None
    watcher: Watcher
    base: str = ""


def site(request: Request) -> Site:
    """The request's site: a tournament table's (set by ``TablePages``), else the app's."""
    found: Site = getattr(request.state, "site", None) or request.app.state.site
    return found


# --- language -------------------------------------------------------------------------


def request_lang(request: Request) -> Lang:
    """``?lang=``, else the server's ``--lang``, else the browser's first of German/English,
    else German (a Skat list is German by default)."""
    asked = request.query_params.get("lang", "").lower()
    if asked in ("de", "en"):
        return "en" if asked == "en" else "de"
    chosen = site(request).lang
    if chosen is not None:
        return chosen
    for part in request.headers.get("accept-language", "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("de"):
            return "de"
        if tag.startswith("en"):
            return "en"
    return "de"


def say(request: Request, message: Message | str) -> str:
    """A message in the request's language (a message still written as English text, in a
    module not yet converted to message ids, is a :class:`~skatliste.errors.Worded`)."""
    said = message if isinstance(message, Message) else Worded(message)
    return said.render(request_lang(request))


# --- guards for writes ---------------------------------------------------------------


def check_origin(request: Request) -> None:
    """A write must come from this server's own page (or from a script, which sends no
    Origin): a page elsewhere cannot make a phone's browser write to the list."""
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is not None and origin != own:
        raise Refused(
            403, f"a write from another site ({origin}) is refused; use the page at {own}"
        )
    if request.headers.get("sec-fetch-site") in ("cross-site", "same-site"):
        raise Refused(403, "a write from another site is refused; use the page of this server")


def check_key(request: Request) -> None:
    """Writing needs the list's key as ``Authorization: Bearer KEY``: 401 without, 403 wrong."""
    from skatliste.app.keys import key_matches

    header = request.headers.get("authorization", "")
    scheme, _, given = header.partition(" ")
    if not header or scheme.lower() != "bearer" or not given.strip():
        raise Refused(
            401,
            "writing needs the list's key: open the link printed by 'skatliste serve' "
            "(or send 'Authorization: Bearer KEY'; 'skatliste serve --show-keys' shows it)",
        )
    if not any(key_matches(key, given.strip()) for key in site(request).keys):
        raise Refused(403, "wrong key for this list: ask for the link again ('--show-keys')")


def can_write(request: Request) -> bool:
    """Whether this request carries the right key (for showing the entry form)."""
    try:
        check_key(request)
    except Refused:
        return False
    return True


async def read_json(request: Request, model: type[M]) -> M:
    """The request body as ``model``: 413 when too large, 400 when not JSON, 422 when the
    JSON does not fit. An empty body counts as ``{}``."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise Refused(413, f"the request body is larger than {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(413, f"the request body is larger than {MAX_BODY} bytes")
    try:
        data: Any = json.loads(body.decode("utf-8")) if body.strip() else {}
        # a lone surrogate (\ud800) is valid JSON but no text: it could never be written
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (UnicodeError, ValueError) as exc:
        raise Refused(400, f"the request body is not JSON: {exc}") from None
    except RecursionError:
        raise Refused(
            400, "the request body is not JSON a person would send: nested too deep"
        ) from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(_plain(e) for e in exc.errors())
        raise Refused(422, problems) from None


FIELD_HINTS = {
    "declarer": "say who played: tap a player or start the words with the name",
    "words": "say which game, e.g. 'kreuz mit 2 hand'",
}
"""What a person is told about a field the page fills in, whatever was wrong with it."""


def _plain(error: Any) -> str:
    """One request validation problem in plain words (never pydantic's own wording)."""
    loc = error.get("loc", ())
    field = ".".join(str(p) for p in loc)
    kind = str(error.get("type", ""))
    if not field:
        return 'the request must be a JSON object, e.g. {"words": "kreuz mit 2"}'
    if kind == "extra_forbidden":
        return f"'{field}' is not something this request takes; leave it out"
    if str(loc[0]) in FIELD_HINTS and kind != "string_too_long":
        return FIELD_HINTS[str(loc[0])]
    limit = (error.get("ctx") or {}).get("max_length")
    if kind == "string_too_long":
        return f"'{field}' is longer than {limit} characters; shorten it"
    if kind == "missing":
        return f"'{field}' is missing"
    if kind.startswith("string"):
        return f"'{field}' must be text"
    if kind.startswith(("int", "greater_than", "less_than")):
        return f"'{field}' must be a whole number of at least 1"
    if kind.startswith("bool"):
        return f"'{field}' must be true or false"
    return f"'{field}' is not right here"


Handler = Callable[[Request], Awaitable[Response]]


def writes(handler: Handler) -> Handler:
    """A handler that writes: origin first, then the key; the handler reads the body."""

    async def guarded(request: Request) -> Response:
        check_origin(request)
        check_key(request)
        return await handler(request)

    guarded.__name__ = handler.__name__
    guarded.__doc__ = handler.__doc__
    return guarded


# --- headers every answer carries -------------------------------------------------------

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
    return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)


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
            "t": LABELS[lang],
            "labels_json": json.dumps(LABELS[lang]),
            "base": site(request).base,
        },
        headers={"Cache-Control": "no-store"},
    )


async def events(request: Request) -> Response:
    """Server-sent events: ``change`` with the list's version whenever the file changes."""
    watcher = site(request).watcher
    watcher.start()

    async def stream() -> AsyncIterator[str]:
        seen = watcher.version
        yield f"retry: 1000\nevent: change\ndata: {seen}\n\n"
        while not watcher.closed:
            if await watcher.wait(seen, KEEPALIVE_SECONDS):
                if watcher.closed:
                    break
                seen = watcher.version
                yield f"event: change\ndata: {seen}\n\n"
            else:
                yield ": still here\n\n"

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


PAGE_ROUTES: list[BaseRoute] = [Route("/", index), Route("/api/events", events)]


def create_app(
    ledger_path: Path | None = None,
    *,
    key: str = "",
    lang: Lang | None = None,
    tournament: Path | None = None,
    organiser_key: str = "",
    table_keys: dict[int, str] | None = None,
) -> Starlette:
    """The app for one list (``key`` opens it for writing), or for a tournament folder: the
    organiser's page at ``/`` and each table's page at ``/series/S/table/T/``
    (``organiser_key`` writes every table, ``table_keys[T]`` table T's list only)."""
    from skatliste.web.api import API_ROUTES

    watchers: list[Watcher] = []
    routes: list[BaseRoute]
    if tournament is None:
        if ledger_path is None:
            raise ValueError("create_app needs a list or a tournament folder")
        watcher = Watcher(ledger_path)
        watchers.append(watcher)
        keys = (key,) if key else ()  # no key: the page only shows the list
        main = Site(ledger_path=ledger_path, keys=keys, lang=lang, watcher=watcher)
        routes = [*PAGE_ROUTES, *API_ROUTES]
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
            routes=[*PAGE_ROUTES, *API_ROUTES],
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
