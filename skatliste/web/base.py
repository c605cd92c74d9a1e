"""What every request of ``skatliste serve`` goes through: its site (the list or a tournament's
table), its language, the guards of a write (same origin, the key, a small body, JSON), and the
stream of live updates. The page modules (``api``, ``tournament``) and the app (``server``)
build on it; it imports none of them.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from skatliste.i18n import Joined, Lang, Message, join, msg
from skatliste.web.watch import Watcher

HERE = Path(__file__).resolve().parent
MAX_BODY = 16 * 1024
"""Bytes a request body may have: a game's words are a few dozen."""
KEEPALIVE_SECONDS = 10.0

M = TypeVar("M", bound=BaseModel)


class Refused(Exception):
    """A request the server turns down: its status and the reason shown to the user."""

    def __init__(self, status: int, message: Message | Joined) -> None:
        super().__init__(str(message))
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


def check_key(request: Request) -> None:
    """Writing needs the list's key as ``Authorization: Bearer KEY``: 401 without, 403 wrong."""
    from skatliste.app.keys import key_matches

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
    if not any(key_matches(key, given.strip()) for key in site(request).keys):
        raise Refused(403, msg("wrong key for this list: ask for the link again ('--show-keys')"))


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
        raise Refused(413, msg("the request body is larger than {most} bytes", most=MAX_BODY))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(413, msg("the request body is larger than {most} bytes", most=MAX_BODY))
    try:
        text = body.decode("utf-8")
    except UnicodeError:
        raise Refused(
            400, msg("the request body is not JSON ({where})", where=msg("not UTF-8 text"))
        ) from None
    try:
        data: Any = json.loads(text) if text.strip() else {}
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
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise Refused(422, join(_plain(e) for e in exc.errors())) from None


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
