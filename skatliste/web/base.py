"""What every request of ``skatliste serve`` goes through: its site (the list or a tournament's
table), its language, the guards of a write (same origin, the key, a small body, JSON), and the
stream of live updates. The page modules (``api``, ``tournament``) and the app (``server``)
build on it; it imports none of them.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.convertors import Convertor, register_url_convertor
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from skatliste.app import requests as kept
from skatliste.app.keys import key_matches
from skatliste.app.lists import open_list
from skatliste.app.requests import wait_for_locks
from skatliste.errors import SkatlisteError
from skatliste.fields import Pairs
from skatliste.i18n import Joined, Lang, Message, join, msg, pmsg
from skatliste.web.watch import Watcher

HERE = Path(__file__).resolve().parent
MAX_BODY = 16 * 1024
"""Bytes a request body may have: a game's words are a few dozen."""
BODY_SECONDS = 10.0
"""Seconds a client has to send a whole request body once its head has come: a phone that
leaves the Wi-Fi mid-request is answered 408 and its connection closed."""
KEEPALIVE_SECONDS = 10.0
WRITE_WAIT = 2.0
"""Seconds a write waits for the list (another phone's write first, then the file's lock
another program holds) before it is refused with 409: a waiting write holds no worker
thread for long, and readers never wait at all."""


class NumberConvertor(Convertor[int]):
    """A number in an address: at most 9 digits, so a 5,000-digit table number is no page
    (404), never a number Python refuses to read (a 500)."""

    regex = "[0-9]{1,9}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


# before any route names it: the pages (api, tournament, agree) build their routes on import
register_url_convertor("num", NumberConvertor())


M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
Role = Literal["all", "table"]
"""What a key given opens: everything this site serves (the list's own key, the organiser's),
or one table's list only (a tournament table's key), which a finished series or a paper
result closes."""


class Refused(Exception):
    """A request the server turns down: its status and the reason shown to the user."""

    def __init__(self, status: int, message: Message | Joined) -> None:
        super().__init__(str(message))
        self.status = status
        self.message = message


def _no_key() -> str:
    return ""


@dataclass
class Site:
    """What one page serves: the list, the keys that write it (read again when their file
    changes), the language asked for, the watcher of its file, and where its page lives
    (``/series/1/table/2`` in a tournament)."""

    ledger_path: Path
    writers: Callable[[], tuple[str, ...]]
    """The keys that write everything here (the list's key, the organiser's)."""
    lang: Lang | None
    watcher: Watcher
    base: str = ""
    table_key: Callable[[], str] = _no_key
    """A tournament table's own key: writes this list while ``refuse`` finds nothing."""
    refuse: Callable[[], Message | None] | None = None
    """Why a table's key may not write now (its series is finished, ...), or None."""
    target: str = "list"
    """What this page's pairing codes are kept as: ``list``, ``organiser``, ``S/T``; a second
    list's page adds ``/b``."""
    pairing: Callable[[str, str], str | None] | None = None
    """Trades a target's pairing code for its key once (None: spent or unknown); None when
    the keys are given, not kept in a file (no codes then: links carry the key)."""
    gate: asyncio.Lock = field(default_factory=asyncio.Lock)
    """One write at a time per list in this process: the others wait here, not in a thread."""
    cache: dict[str, Any] = field(default_factory=dict)
    """What the site's pages read, kept per version of the file (see ``api``)."""


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


def say(request: Request, message: Message | Joined) -> str:
    """A message (or messages joined) in the request's language."""
    return message.render(request_lang(request))


# --- guards for writes ---------------------------------------------------------------


def check_origin(request: Request) -> None:
    """A write must come from this server's own page (or from a script, which sends no
    Origin): a page elsewhere cannot make a phone's browser write to the list."""
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is not None and origin != own:
        raise Refused(
            403,
            msg(
                "a write from another site ({origin}) is refused; use the page at {own}",
                origin=origin,
                own=own,
            ),
        )
    if request.headers.get("sec-fetch-site") in ("cross-site", "same-site"):
        raise Refused(403, msg("a write from another site is refused; use the page of this server"))


def check_key(request: Request) -> Role:
    """Writing needs the list's key as ``Authorization: Bearer KEY``: 401 without, 403 wrong;
    what the key opens."""

    header = request.headers.get("authorization", "")
    scheme, _, given = header.partition(" ")
    if not header or scheme.lower() != "bearer" or not given.strip():
        raise Refused(
            401,
            msg(
                "writing needs the list's key: open the link printed by 'skatliste serve' (or "
                "send 'Authorization: Bearer KEY'; 'skatliste serve --show-keys' shows it)"
            ),
        )
    here = site(request)
    if any(key_matches(key, given.strip()) for key in here.writers() if key):
        return "all"
    table = here.table_key()
    if table and key_matches(table, given.strip()):
        return "table"
    raise Refused(403, msg("wrong key for this list: ask for the link again ('--show-keys')"))


def key_role(request: Request) -> Role | None:
    """What the request's key opens here, or None without a right key."""
    try:
        return check_key(request)
    except Refused:
        return None


def can_write(request: Request) -> bool:
    """Whether this request carries the right key (for showing the entry form)."""
    try:
        check_key(request)
    except Refused:
        return False
    return True


def _too_large() -> Refused:
    return Refused(413, msg("the request body is larger than {most} bytes", most=MAX_BODY))


async def read_body(request: Request) -> bytes:
    """The whole request body, read once (later readings get it again): 413 as soon as it is
    known to be larger than ``MAX_BODY`` (a ``Content-Length`` over it: before reading a byte;
    sent in chunks: at the chunk that passes it), 408 when it has not all come within
    ``BODY_SECONDS``. Nothing past the limit is kept, and no lock is held while it comes."""
    if hasattr(request, "_body"):  # read already: Starlette keeps it there for its readers
        kept: bytes = request._body
        return kept
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise _too_large()
    body = bytearray()
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise _too_large()
    except TimeoutError:
        raise Refused(
            408,
            msg(
                "the request body did not come within {seconds} seconds; send the entry again",
                seconds=round(BODY_SECONDS),
            ),
        ) from None
    request._body = bytes(body)  # what request.body() and request.stream() give from now on
    return request._body


async def read_json(request: Request, model: type[M]) -> M:
    """The request body as ``model``: 413 when too large, 400 when not JSON, 422 when the
    JSON does not fit. An empty body counts as ``{}``."""
    body = await read_body(request)
    try:
        text = body.decode("utf-8")
    except UnicodeError:
        raise Refused(
            400, msg("the request body is not JSON ({where})", where=msg("not UTF-8 text"))
        ) from None
    pairs = Pairs()  # each key once: JSON's reader would keep the last of two
    try:
        data: Any = json.loads(text, object_pairs_hook=pairs.hook) if text.strip() else {}
        # a lone surrogate (\ud800) is valid JSON but no text: it could never be written
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except json.JSONDecodeError as exc:
        where = msg("line {line}, column {column}", line=exc.lineno, column=exc.colno)
        raise Refused(400, msg("the request body is not JSON ({where})", where=where)) from None
    except (UnicodeError, ValueError):
        where = msg("a character that is no text")
        raise Refused(400, msg("the request body is not JSON ({where})", where=where)) from None
    except RecursionError:
        raise Refused(
            400, msg("the request body is not JSON a person would send: nested too deep")
        ) from None
    if pairs.twice:
        key = next(iter(pairs.twice.values()))
        raise Refused(400, msg("the request gives {key} twice", key=repr(key)))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        typed = [_wrong_type(e) for e in errors]
        if any(t is not None for t in typed):  # a field of the wrong JSON type: a bad request
            raise Refused(400, join(t for t in typed if t is not None)) from None
        raise Refused(422, join(_plain(e) for e in errors)) from None


_TYPES = {
    "string_type": pmsg("JSON type", "text"),
    "int_type": pmsg("JSON type", "a whole number"),
    "int_from_float": pmsg("JSON type", "a whole number"),
    "bool_type": pmsg("JSON type", "true or false"),
}
"""The JSON type a field takes, by pydantic's kind of error for a value of another type."""


def _json_kind(value: object) -> Message:
    """What a JSON value is, in words."""
    if value is None:
        return pmsg("JSON type", "null")
    if isinstance(value, bool):
        return pmsg("JSON type", "true or false")
    if isinstance(value, int | float):
        return pmsg("JSON type", "a number")
    if isinstance(value, str):
        return pmsg("JSON type", "text")
    if isinstance(value, list):
        return pmsg("JSON type", "a list")
    return pmsg("JSON type", "an object")


def _wrong_type(error: Any) -> Message | None:
    """``'declarer' must be text, not a number (5)``: a field sent as another JSON type than
    it takes, naming the field and both types; None for any other problem."""
    loc = error.get("loc", ())
    wanted = _TYPES.get(str(error.get("type", "")))
    if not loc or wanted is None:
        return None
    found = error.get("input")
    return msg(
        "'{field}' must be {type}, not {found_type} ({found})",
        field=".".join(str(p) for p in loc),
        type=wanted,
        found_type=_json_kind(found),
        found=json.dumps(found, ensure_ascii=False)[:40],
    )


FIELD_HINTS = {
    "declarer": msg("say who played: tap a player or start the words with the name"),
    "words": msg("say which game, e.g. 'kreuz mit 2 hand'"),
}
"""What a person is told about a field the page fills in, whatever was wrong with it."""


def _plain(error: Any) -> Message:
    """One request validation problem in plain words (never pydantic's own wording)."""
    loc = error.get("loc", ())
    field = ".".join(str(p) for p in loc)
    kind = str(error.get("type", ""))
    if not field:
        return msg('the request must be a JSON object, e.g. {{"words": "kreuz mit 2"}}')
    if kind == "extra_forbidden":
        return msg("'{field}' is not something this request takes; leave it out", field=field)
    if str(loc[0]) in FIELD_HINTS and kind != "string_too_long":
        return FIELD_HINTS[str(loc[0])]
    limit = (error.get("ctx") or {}).get("max_length")
    if kind == "string_too_long":
        return msg(
            "'{field}' is longer than {limit} characters; shorten it", field=field, limit=limit
        )
    if kind == "missing":
        return msg("'{field}' is missing", field=field)
    if kind.startswith("string"):
        return msg("'{field}' must be text", field=field)
    if kind.startswith(("int", "greater_than", "less_than")):
        found = error.get("input")
        return msg(
            "'{field}' must be a whole number of at least 1 (found {found})",
            field=field,
            found=repr(found),
        )
    if kind.startswith("bool"):
        return msg("'{field}' must be true or false", field=field)
    return msg("'{field}' is not right here", field=field)


Handler = Callable[[Request], Awaitable[Response]]


async def in_thread(work: Callable[[], T]) -> T:
    """``work`` in a worker thread, waiting at most ``WRITE_WAIT`` for a list's lock there."""

    def bounded() -> T:
        wait_for_locks(WRITE_WAIT)
        return work()

    return await run_in_threadpool(bounded)


def busy() -> Refused:
    return Refused(
        409,
        msg(
            "another skatliste is writing this list just now (a phone or the terminal); try "
            "again in a moment"
        ),
    )


IDEMPOTENCY_KEY = re.compile(r"^[\x21-\x7e]{1,100}$")
"""An ``Idempotency-Key``: 1 to 100 visible ASCII characters (the page sends a random one)."""


def idempotency_key(request: Request) -> str | None:
    """The request's ``Idempotency-Key`` header, None without; 400 when it cannot be one."""
    given = request.headers.get("idempotency-key")
    if given is None:
        return None
    if not IDEMPOTENCY_KEY.fullmatch(given):
        raise Refused(
            400,
            msg(
                "the Idempotency-Key header must be 1 to 100 visible characters (letters, "
                "digits, signs), e.g. a random one per entry"
            ),
        )
    return given


def writes(handler: Handler) -> Handler:
    """A handler that writes: origin first, then the key (a table's key only while its table
    may be written), one write at a time per list (a bounded wait, else 409), and a repeat of
    an ``Idempotency-Key`` answered as the first time, writing nothing. The handler reads the
    body; every open page hears of the change at once."""

    async def guarded(request: Request) -> Response:
        check_origin(request)
        role = check_key(request)
        here = site(request)
        idem = idempotency_key(request)
        # a finished series: refused before its body is read. Asked here, not in a worker
        # thread: a look at the tournament file's stamp, read again only when it changed
        why = here.refuse() if role == "table" and here.refuse is not None else None
        if why is not None:
            raise Refused(409, why)
        await read_body(request)  # the whole body before the list's turn: a stall holds nothing
        try:
            await asyncio.wait_for(here.gate.acquire(), WRITE_WAIT)
        except TimeoutError:
            raise busy() from None
        try:
            response = await _write(request, here, role, idem, handler)
        finally:
            here.gate.release()
        if response.status_code < 400:
            here.watcher.look()  # one change event, now (the poll sees nothing new after it)
        return response

    guarded.__name__ = handler.__name__
    guarded.__doc__ = handler.__doc__
    return guarded


async def _as_it_is(request: Request, here: Site) -> Response:
    """The answer to a repeat whose first write landed but whose answer was lost: the list's
    totals as they are now (200), nothing written."""

    def read() -> dict[str, Any]:
        ledger = open_list(here.ledger_path)
        totals = ledger.family.totals(ledger.table, ledger.entries)
        return {"number": None, "game": None, "removed": None, "totals": totals, "problems": []}

    body = await in_thread(read)
    return Response(
        json.dumps(body, ensure_ascii=False).encode("utf-8"),
        media_type="application/json",
        headers={"Idempotent-Replayed": "true"},
    )


async def _write(
    request: Request, here: Site, role: Role, idem: str | None, handler: Handler
) -> Response:
    """Whether a table's key may write now, and the kept answer for a repeat of ``idem``
    (``Idempotent-Replayed: true``, nothing written again; ``app.requests``), in one trip to
    a worker thread; then the handler, and its answer kept for ``idem``."""

    path = here.ledger_path
    address = request.url.path.removeprefix(here.base)
    scope = kept.scope_of(address, request.method, await request.body())

    def before() -> tuple[Message | None, Any]:
        why = here.refuse() if role == "table" and here.refuse is not None else None
        if why is not None or idem is None:
            return why, None
        return None, kept.begin(path, idem, scope)

    why, found = await in_thread(before)
    if why is not None:
        raise Refused(409, why)
    if idem is None:
        return await handler(request)
    if found is not None and found.status == 0:  # landed, its answer lost with the server
        return await _as_it_is(request, here)
    if found is not None:
        return Response(
            found.body,
            status_code=found.status,
            media_type="application/json",
            headers={"Idempotent-Replayed": "true"},
        )
    try:
        with kept.keyed(path, idem, scope):  # the list's lock opens the key, then it writes
            response = await handler(request)
    except (Refused, SkatlisteError):
        await in_thread(lambda: kept.forget(path, idem))  # refused: nothing was written
        raise
    body = bytes(response.body) if hasattr(response, "body") else b""
    if response.status_code < 400:
        await in_thread(lambda: kept.finish(path, idem, response.status_code, body))
    else:
        await in_thread(lambda: kept.forget(path, idem))
    return response


# --- pairing: a one-time code in the link, traded for the key ------------------------------

PAIR_TRIES = 10
"""Wrong pairing codes one address may send a minute before it is refused (429)."""
PAIR_WINDOW = 60.0
_wrong_codes: dict[str, list[float]] = {}
"""The times of each address's wrong pairing codes in the last ``PAIR_WINDOW`` seconds."""


class PairIn(BaseModel):
    """``POST /api/pair``: the code from the link's ``#pair=``."""

    model_config = ConfigDict(extra="forbid")
    code: str = Field(min_length=1, max_length=100)


PAIR_ADDRESSES = 4096
"""Addresses whose wrong codes are remembered at most: past it, the stale ones are forgotten
(many addresses cannot grow the server's memory without bound)."""


def _recent_wrong(address: str, now: float) -> list[float]:
    """The address's wrong codes still inside the window (older ones forgotten)."""
    if len(_wrong_codes) > PAIR_ADDRESSES:
        for other, times in list(_wrong_codes.items()):
            if now - times[-1] >= PAIR_WINDOW:
                del _wrong_codes[other]
    found = [t for t in _wrong_codes.get(address, []) if now - t < PAIR_WINDOW]
    if found:
        _wrong_codes[address] = found
    else:
        _wrong_codes.pop(address, None)
    return found


async def pair(request: Request) -> Response:
    """``POST /api/pair``: the key of this page for its unspent pairing code, once (the code is
    spent; the next link shown carries a fresh one). A spent or unknown code: 403; a few
    wrong codes a minute from one address: 429. Same origin only, like a write."""
    check_origin(request)
    here = site(request)
    if here.pairing is None:
        raise Refused(
            404,
            msg(
                "this server pairs no phones (its key was given with --key): open the link "
                "with the key"
            ),
        )
    address = request.client.host if request.client else ""
    now = time.monotonic()
    if len(_recent_wrong(address, now)) >= PAIR_TRIES:
        raise Refused(
            429,
            msg(
                "too many wrong pairing codes from this device: wait a minute, then scan the "
                "table's current QR code"
            ),
        )
    given = await read_json(request, PairIn)
    pairing = here.pairing
    key = await in_thread(lambda: pairing(here.target, given.code))
    if key is None:
        _wrong_codes.setdefault(address, []).append(now)
        raise Refused(
            403,
            msg(
                "this link's pairing code is used up (or unknown): scan the table's current QR "
                "code (the organiser's page or 'skatliste serve --show-keys' shows it)"
            ),
        )
    paired = getattr(request.app.state, "paired", None)
    if paired is not None:  # 'serve' shows the page's next link in the terminal
        await in_thread(lambda: paired(here.target))
    return JSONResponse({"key": key}, headers={"Cache-Control": "no-store"})


# --- headers every answer carries -------------------------------------------------------


async def events(request: Request) -> Response:
    """Server-sent events: ``change`` with the list's version (its ``ETag``, without the
    quotes) whenever the file changes: once per write."""
    watcher = site(request).watcher
    watcher.start()

    async def stream() -> AsyncIterator[str]:
        seen = watcher.version
        yield f"retry: 1000\nevent: change\ndata: {watcher.tag}\n\n"
        while not watcher.closed:
            if await watcher.wait(seen, KEEPALIVE_SECONDS):
                if watcher.closed:
                    break
                seen = watcher.version
                yield f"event: change\ndata: {watcher.tag}\n\n"
            else:
                yield ": still here\n\n"

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
