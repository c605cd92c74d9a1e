"""The Starlette app behind ``skatliste serve``: the page, its static files, live updates and
the guards every write passes (same origin, the list's key, a small body, JSON).

Errors become ``{"error": "..."}`` with a 4xx status in one place (``_refused``,
``_skatliste_error``), in the page's language (``say``), the way the CLI turns them into
``Error: ...`` and exit 2.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import os
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from pathlib import Path, PurePath
from typing import Any

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

from skatliste.app.keys import (
    KeyRing,
    pairing_codes,
    read_list_file,
    read_tournament_file,
    redeem,
    tournament_keys,
)
from skatliste.app.lists import tournament_list
from skatliste.app.requests import ListBusy
from skatliste.errors import ChangedError, InputError, LedgerError, ListRefuses, SkatlisteError
from skatliste.i18n import Joined, Lang, Message, environment_lang, msg
from skatliste.web.agree import with_second_list
from skatliste.web.api import API_ROUTES
from skatliste.web.base import (
    HERE,
    Refused,
    Site,
    busy,
    events,
    key_role,
    request_lang,
    say,
    site,
)
from skatliste.web.hall import hall_options
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


LOOPBACK = ("localhost", "127.0.0.1", "::1")
FOLDER_POLL_SECONDS = 0.5
"""How often a tournament folder is looked at for the organiser's page."""


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port: ``[::1]:8000`` → ``::1``."""
    return host_parts(header)[0]


def host_parts(header: str) -> tuple[str, str | None]:
    """The name in a ``Host`` header and its port as written (None when it names none):
    ``[::1]:8000`` → ``('::1', '8000')``, ``laptop`` → ``('laptop', None)``."""
    header = header.strip().lower()
    if header.startswith("["):
        name, _, rest = header[1:].partition("]")
        return name, rest[1:] if rest.startswith(":") else None
    if header.count(":") == 1:
        name, _, port = header.partition(":")
        return name, port
    return header, None


DEFAULT_PORTS = {"http": 80, "https": 443}
"""The port a browser leaves out of ``Host`` for its scheme."""


def _port_problem(port: str | None, scheme: str, served: int) -> bool:
    """Whether a ``Host`` names another port than the one served: a Host without a port
    means the scheme's own (80 for http), which only a server on that port is."""
    if port is None:
        return DEFAULT_PORTS.get(scheme) != served
    return not (port.isdecimal() and len(port) <= 5 and int(port) == served)


ANY_ADDRESS = "*"
"""In ``hosts``: the server listens on every address of this computer (``--host 0.0.0.0``), so
a request may name any of them as a number; names stay limited to the list."""


def _ours(name: str, hosts: Sequence[str]) -> bool:
    """Whether ``name`` (a Host without its port) is this server's. An address given as a
    number cannot be a rebound name: a page of another site sends its own name."""
    import ipaddress

    if name in LOOPBACK or name in (h.lower() for h in hosts):
        return True
    if ANY_ADDRESS in hosts:
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True
    return False


def _host_refusal(scope: Scope) -> Message | None:
    """Why the request's ``Host`` is not this server's (another name, or another port than
    ``app.state.port``), or None; no ``Host`` (HTTP/1.0) is not checked."""
    state = scope["app"].state
    given = dict(scope.get("headers", [])).get(b"host")
    if given is None:
        return None
    name, port = host_parts(given.decode("latin-1"))
    if not _ours(name, state.hosts):
        return msg(
            "this server answers at its own address only, not at '{host}'; open the "
            "link 'skatliste serve' printed",
            host=name[:100],
        )
    served = getattr(state, "port", None)
    if served is not None and _port_problem(port, scope.get("scheme", "http"), served):
        return msg(
            "this server answers at port {port} only, not at '{host}'; open the link "
            "'skatliste serve' printed",
            port=served,
            host=given.decode("latin-1").strip()[:100],
        )
    return None


class HostCheck:
    """ASGI middleware: a request must name one of the addresses served (or this computer) in
    its ``Host``, at the port served, else 421. A page of another site whose name was made to
    point here (DNS rebinding) names its own site, so it can neither read nor write.
    ``app.state.hosts`` lists the addresses, None checks nothing (an app that is not served,
    as in a test); ``app.state.port`` is the port served (None: any port)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        hosts = getattr(scope["app"].state, "hosts", None) if "app" in scope else None
        if scope["type"] == "http" and hosts is not None:
            said = _host_refusal(scope)
            if said is not None:
                response = JSONResponse({"error": say(Request(scope), said)}, status_code=421)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


log = logging.getLogger("skatliste.web")


# --- errors, in one place ---------------------------------------------------------------


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
    if exc.status in (408, 413):  # the rest of the body is not read: the connection ends
        headers = {"Connection": "close"}
    return JSONResponse(
        {"error": say(request, exc.message)}, status_code=exc.status, headers=headers
    )


def _served_folder(served: Path) -> Path:
    """The folder whose files a page names from it: a tournament's (for its table lists
    too), else the list's own."""
    if served.is_dir():
        return served
    return served.parent.parent if tournament_list(served) else served.parent


def _named(message: Message, folder: Path) -> Message:
    """``message`` with its ``path`` (a nested message's too) named from ``folder`` where it is
    inside (``series-1/table-02.json``): whoever watches a page learns nothing of the
    laptop's folders."""
    params = []
    for name, value in message.params:
        if isinstance(value, Message):
            value = _named(value, folder)
        elif name == "path" and isinstance(value, str | Path):
            value = _inside(value, folder) or value
        params.append((name, value))
    return dataclasses.replace(message, params=tuple(params))


def _inside(path: str | Path, folder: Path) -> str | None:
    """``path`` named from ``folder``, or None when it is not inside."""
    try:
        return Path(os.path.abspath(path)).relative_to(os.path.abspath(folder)).as_posix()
    except ValueError:
        return None


async def _skatliste_error(request: Request, exc: Exception) -> Response:
    """Bad words → 422 (the CLI's message); a list that cannot be read or is busy → 409. A
    file's trouble names paths and quotes the file: only the list's own key (the organiser's)
    is told; anyone else hears that the list cannot be read, and the terminal says why."""

    status = 422 if isinstance(exc, InputError) or not isinstance(exc, LedgerError) else 409
    assert isinstance(exc, SkatlisteError)
    if isinstance(exc, ListBusy):
        return await _refused(request, busy())
    if status == 409 and not isinstance(exc, ChangedError) and key_role(request) != "all":
        folder = _served_folder(site(request).ledger_path)
        if isinstance(exc, ListRefuses):  # the list is read fine: say why, named from the folder
            return JSONResponse({"error": say(request, _named(exc.message, folder))}, 409)
        # the server's terminal, in its language (the server's --lang, else its own)
        told = exc.render(site(request).lang or environment_lang())
        log.warning("%s %s: %s", request.method, request.url.path, told)
        path = dict(exc.message.params).get("path")
        where = _inside(path, folder) if isinstance(path, str | Path) else None
        if where is not None:  # which of the lists, named from the folder served
            said = msg(
                "{list}: the list cannot be read just now; the terminal where 'skatliste "
                "serve' runs says why",
                list=where,
            )
        else:
            said = msg(
                "the list cannot be read just now; the terminal where 'skatliste serve' runs "
                "says why"
            )
        return JSONResponse({"error": say(request, said)}, status_code=409)
    said = exc.message if status == 409 else without_paths(exc.message)  # 409: the owner's
    return JSONResponse({"error": say(request, said)}, status_code=status)


def without_paths(value: Any) -> Any:
    """``value`` with every path among its values (nested messages too) cut to its last part:
    a refusal says "list.json", never where the list lies on the server's disk."""
    if isinstance(value, Message):
        return dataclasses.replace(
            value, params=tuple((name, without_paths(v)) for name, v in value.params)
        )
    if isinstance(value, Joined):
        return dataclasses.replace(value, items=tuple(without_paths(i) for i in value.items))
    if isinstance(value, (str, PurePath)) and os.path.isabs(value):
        return PurePath(value).name or str(value)
    return value


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


def _no_keys() -> tuple[str, ...]:
    return ()  # a read-only page: nothing here is written


def _seat_keys(folder: Path, given: Mapping[Any, str]) -> dict[tuple[int, int], str]:
    """Table keys by (series, table); a key given for a table number alone is that table's
    in the last drawn series."""
    # here, not at the top: a list's serve would load the tournament's application (25 ms)
    from skatliste.app.tournament import open_tournament

    if all(isinstance(k, tuple) for k in given):
        return dict(given)
    draws = open_tournament(folder).draws
    last = draws[-1].series if draws else 1
    return {k if isinstance(k, tuple) else (last, int(k)): v for k, v in given.items()}


def _codes(ring: KeyRing, key_file: Path, targets: list[str], tournament: bool) -> dict[str, str]:
    """The targets' unspent pairing codes: as the keys file was last read, or (some missing)
    made and kept now, in one write."""
    codes: dict[str, str] = ring.current()[2 if tournament else 1]
    if all(t in codes for t in targets):
        return {t: codes[t] for t in targets}
    return pairing_codes(key_file, targets, tournament=tournament)


Fragments = Callable[[list[str]], dict[str, str]]
"""Each target's entry link fragment (``pair=CODE``, or ``key=KEY`` where no file keeps codes)."""


def _list_mode(
    ledger_path: Path, key: str, key_file: Path | None, lang: Lang | None, watchers: list[Watcher]
) -> tuple[Site, list[BaseRoute], Fragments]:
    """One list's site (its keys read again when their file changes), routes and links."""
    watcher = Watcher(ledger_path)
    watchers.append(watcher)
    ring = KeyRing(key_file, read_list_file, (key, {}) if key or not key_file else None)
    kept = key_file if not key else None  # a key given is no file's: no codes for it

    def list_keys() -> tuple[str, ...]:
        found: str = ring.current()[0]
        return (found,) if found else ()  # no key: the page only shows the list

    def list_pairing(target: str, code: str) -> str | None:
        assert kept is not None
        return redeem(kept, target, code, tournament=False)

    def list_fragments(targets: list[str]) -> dict[str, str]:
        if kept is None:
            return {t: f"key={key}" for t in targets if key}
        return {t: f"pair={c}" for t, c in _codes(ring, kept, targets, False).items()}

    main = Site(
        ledger_path=ledger_path,
        writers=list_keys,
        lang=lang,
        watcher=watcher,
        pairing=list_pairing if kept is not None else None,
    )
    return main, with_second_list([*PAGE_ROUTES, *API_ROUTES]), list_fragments


def _tournament_mode(
    tournament: Path,
    organiser_key: str,
    table_keys: Mapping[Any, str],
    key_file: Path | None,
    lang: Lang | None,
    watchers: list[Watcher],
) -> tuple[Site, list[BaseRoute], Callable[[tuple[int, int]], str], Fragments]:
    """A tournament's site (the organiser's page), routes (each table's page too), each
    seat's key and links."""
    from skatliste.web.tournament import TablePages, tournament_routes

    fixed: tuple[str, dict[tuple[int, int], str], dict[str, str], bool] = (
        organiser_key,
        _seat_keys(tournament, table_keys),
        {},
        False,
    )
    rings = KeyRing(key_file, read_tournament_file, None if key_file else fixed)

    def organiser() -> tuple[str, ...]:
        found = organiser_key or rings.current()[0]
        return (found,) if found else ()

    def seat_key(seat: tuple[int, int]) -> str:
        found: str = rings.current()[1].get(seat, "")
        if not found and key_file is not None:  # a series drawn while serving
            found = tournament_keys(tournament).seats.get(seat, "")
        return found

    def tournament_pairing(target: str, code: str) -> str | None:
        assert key_file is not None
        if target == "organiser" and organiser_key:
            return None  # the organiser's key was given: the file's is not the one
        return redeem(key_file, target, code, tournament=True)

    def key_of(target: str) -> str:
        if target == "organiser":
            return (organiser() or ("",))[0]
        series, table = target.split("/")[:2]
        found: str = seat_key((int(series), int(table)))
        return found

    def tournament_fragments(targets: list[str]) -> dict[str, str]:
        keys = {t: k for t in targets if (k := key_of(t))}
        # a key given, which no file keeps with codes: its link carries the key itself
        given = [t for t in keys if key_file is None or (t == "organiser" and organiser_key)]
        found = {t: f"key={keys[t]}" for t in given}
        wanted = [t for t in keys if t not in given]
        if key_file is not None and wanted:
            codes = _codes(rings, key_file, wanted, True)
            found.update({t: f"pair={c}" for t, c in codes.items()})
        return found

    # the organiser's page reads the whole tournament on each change: at most twice a
    # second, however many tables save (a hall of 100 saves 50 games a second)
    watcher = Watcher(tournament, folder=True, interval=FOLDER_POLL_SECONDS)
    watchers.append(watcher)
    main = Site(
        ledger_path=tournament,
        writers=organiser,
        lang=lang,
        watcher=watcher,
        target="organiser",
        pairing=tournament_pairing if key_file is not None else None,
    )
    tables = TablePages(
        tournament,
        organiser=organiser,
        seat_key=seat_key,
        lang=lang,
        routes=with_second_list([*PAGE_ROUTES, *API_ROUTES]),
        watchers=watchers,
        pairing=tournament_pairing if key_file is not None else None,
    )
    routes: list[BaseRoute] = [
        *tournament_routes(),
        Mount("/series/{series:num}/table/{table:num}", app=tables),
    ]
    return main, routes, seat_key, tournament_fragments


def create_app(
    ledger_path: Path | None = None,
    *,
    key: str = "",
    lang: Lang | None = None,
    tournament: Path | None = None,
    organiser_key: str = "",
    table_keys: Mapping[Any, str] | None = None,
    key_file: Path | None = None,
    hosts: Sequence[str] | None = None,
    port: int | None = None,
    public_url: str | None = None,
    league: Path | None = None,
    season: Path | None = None,
) -> Starlette:
    """The app for one list (``key`` opens it for writing), or for a tournament folder: the
    organiser's page at ``/`` and each table's page at ``/series/S/table/T/``
    (``organiser_key`` writes every table, ``table_keys[(S, T)]`` that one list only), or for a
    league folder: its table and match reports, read-only (``web.league``), or a season's
    standing, read-only (``web.season``).

    ``key_file``: the keys are read from this file (the list's key file, the tournament's
    ``keys.json``) and read again when it changes, so a renewed key revokes the old one at
    once (a ``key``/``organiser_key`` given still wins). ``hosts``: the addresses served
    (with this computer's own, every other ``Host`` gets 421); ``port``: the port served (a
    ``Host`` naming another gets 421; one without a port means the scheme's, 80 for http).
    ``public_url``: the address the
    organiser's links and QR codes are built from."""

    watchers: list[Watcher] = []
    routes: list[BaseRoute]
    seat_key: Any = None
    fragments: Any = None
    # each mode's pages are loaded by that mode only: all three cost a list's serve 50 ms
    if league is not None:
        from skatliste.web.league import league_routes

        watcher = Watcher(league, folder=True)
        watchers.append(watcher)
        main = Site(ledger_path=league, writers=_no_keys, lang=lang, watcher=watcher)
        routes = league_routes()
    elif season is not None:  # the season's standing and players' pages, read-only
        from skatliste.web.season import SeasonWatcher, season_routes

        follows: Watcher = SeasonWatcher(season)
        watchers.append(follows)
        main = Site(ledger_path=season, writers=_no_keys, lang=lang, watcher=follows)
        routes = season_routes()
    elif tournament is None:
        if ledger_path is None:
            raise ValueError(msg("create_app needs a list or a tournament folder"))
        main, routes, fragments = _list_mode(ledger_path, key, key_file, lang, watchers)
    else:
        main, routes, seat_key, fragments = _tournament_mode(
            tournament, organiser_key, table_keys or {}, key_file, lang, watchers
        )

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
        middleware=[Middleware(SecurityHeaders), Middleware(HostCheck)],
    )
    app.state.site = main
    app.state.watchers = watchers
    app.state.seat_key = seat_key
    app.state.fragments = fragments
    app.state.hosts = None if hosts is None else list(hosts)
    app.state.port = port
    app.state.public_url = public_url
    app.state.templates = Jinja2Templates(directory=HERE / "templates")
    return app


@contextlib.contextmanager
def running(app: Starlette, *, host: str = "127.0.0.1", per_client: int = 64) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a background thread on an ephemeral port of ``host``
    (the loopback by default); yield its base URL; stop it on leaving. For tests, benchmarks
    and embedding; ``skatliste serve`` runs uvicorn in the foreground instead."""
    import threading
    import time

    import uvicorn

    if app.state.hosts is None:
        app.state.hosts = [host]  # served: other names get 421, as from 'skatliste serve'
    config = uvicorn.Config(
        app,
        host=host,
        port=0,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=1,
        **hall_options(per_client=per_client),
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
    chosen = app.state.port is None
    if chosen:
        app.state.port = port  # served: another port in Host gets 421, as from 'serve'
    try:
        yield f"http://{host}:{port}"
    finally:
        for watcher in app.state.watchers:  # open pages' event streams end, as on Ctrl+C
            watcher.close()
        server.should_exit = True
        thread.join(15)
        if chosen:
            app.state.port = None  # served again: on its new port
