"""The list the table agrees on, on the phone page: the second list of the table (``/b/``
beside any list's page, writing ``NAME.b.json`` beside ``NAME.json``), where the two lists
differ (live: the page asks again every few seconds), a signature per player and protests.

Everything comes from ``skatliste.app.agree``, the same functions as the CLI's ``compare``,
``sign`` and ``protest``; a write passes ``writes`` (same origin, the list's key).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, Router
from starlette.types import Receive, Scope, Send

from skatliste.agree import clock
from skatliste.app import agree
from skatliste.app.agree import second_list
from skatliste.app.keys import key_matches
from skatliste.app.lists import open_list
from skatliste.compare import report_lines
from skatliste.errors import SkatlisteError
from skatliste.i18n import msg
from skatliste.web.base import (
    Refused,
    Site,
    can_write,
    read_json,
    request_lang,
    say,
    site,
    writes,
)
from skatliste.web.watch import Watcher

_IN = ConfigDict(extra="forbid")
TEXT = 500
"""Characters a name or a protest may have."""
SECOND = ".b.json"
"""How the second list's file ends: ``table-03.b.json`` beside ``table-03.json``."""


class SignIn(BaseModel):
    """``POST /api/sign``: the player who signs (``skatliste sign NAME``)."""

    model_config = _IN
    player: str = Field(max_length=TEXT)


class ProtestIn(BaseModel):
    """``POST /api/protest``: the disputed game and what the protest says."""

    model_config = _IN
    game: int = Field(ge=1)
    text: str = Field(max_length=TEXT)


class ReopenIn(BaseModel):
    """``POST /api/reopen``: why the list is reopened (``skatliste reopen --why``)."""

    model_config = _IN
    why: str = Field(max_length=TEXT)


def first_of(path: Path) -> Path | None:
    """The first list of a second one (``table-03.b.json`` → ``table-03.json``), or None for
    a list that is no second list."""
    if not path.name.endswith(SECOND):
        return None
    return path.with_name(path.name[: -len(SECOND)] + ".json")


def _qr(link: str) -> str:
    import segno

    svg: str = segno.make(link, error="m").svg_inline(scale=3)
    return svg


def agreement_json(
    path: Path, *, lang: Any, link: str | None, another: str | None = None
) -> dict[str, Any]:
    """The page's view of the agreement: who has signed, the open protests, and where the
    table's two lists differ (list A against list B, whichever page asks); ``link``: the
    second list's page with a pairing code, for the first list's page of a keeper who may
    write; ``another``: this page with its pairing code, for another phone on the same list."""

    ledger = open_list(path)
    now = agree.standing(ledger)
    first = first_of(path)
    a, b = (path, agree.pair(path)) if first is None else (first, path)
    pair: dict[str, Any] = {"exists": a.exists() and b.exists(), "agree": None, "lines": []}
    here: list[int] = []
    if pair["exists"]:
        try:
            found = agree.compare_lists(a, b, lang=lang)
        except SkatlisteError as exc:  # the other list unreadable: said, not fatal
            pair["lines"] = [exc.message.render(lang)]
        else:
            result = found.comparison
            pair["agree"] = result.agree
            pair["lines"] = [line.render(lang) for line in report_lines(result, found.after)]
            # the numbered entries the sheet marks (an end by hand has no line of its own)
            here = [
                d.game_a if first is None else d.game_b for d in result.differences if d.numbered
            ]
    signed = agree.signed_line(ledger)
    return {
        "second": first is not None,
        "players": list(ledger.players),
        "signed": {s.player: clock(s.time) for s in now.signers(ledger.players)},
        "closed": now.closed(ledger.players),
        "signed_line": None if signed is None else signed.render(lang),
        "protests": [{"game": r.protest.game, "text": r.protest.text} for r in now.open_protests],
        "pair": pair,
        "differ_here": here,
        "link": link,
        "qr": None if link is None else _qr(link),
        "another": another,
        "another_qr": None if another is None else _qr(another),
    }


def _link(request: Request) -> str | None:
    """The second list's page (the first list's page of a keeper who may write only), with
    its unspent pairing code (``#pair=``; a fresh one once a phone spent it), or where no file
    keeps codes (a key given with ``--key``) with the key this request carries."""
    here = site(request)
    if first_of(here.ledger_path) is not None or not can_write(request):
        return None
    target = f"{here.target}/b"
    fragment = request.app.state.fragments([target]).get(target) if here.pairing else None
    if fragment is None:
        fragment = "key=" + request.headers.get("authorization", "").partition(" ")[2].strip()
    origin = (request.app.state.public_url or str(request.base_url)).rstrip("/")
    return f"{origin}{here.base}/b/#{fragment}"


def _another(request: Request) -> str | None:
    """This page with its unspent pairing code, for another phone of a keeper who may write
    (None where no file keeps codes: a key given with ``--key``)."""
    here = site(request)
    if here.pairing is None or not can_write(request):
        return None
    fragment = request.app.state.fragments([here.target]).get(here.target)
    if fragment is None:
        return None
    origin = (request.app.state.public_url or str(request.base_url)).rstrip("/")
    return f"{origin}{here.base}/#{fragment}"


async def get_agreement(request: Request) -> Response:
    """``GET /api/agree``: signatures, open protests, where the two lists differ, and for a
    keeper the links (with pairing codes) for the second list and for another phone."""
    lang = request_lang(request)
    path = site(request).ledger_path

    def read() -> dict[str, Any]:
        link, another = _link(request), _another(request)  # a code may be made
        return agreement_json(path, lang=lang, link=link, another=another)

    return JSONResponse(await run_in_threadpool(read))


@writes
async def sign(request: Request) -> Response:
    """``POST /api/sign``: a player signs the list (``skatliste sign NAME``); 409 when the list
    is closed, 422 for a name not at the table, a second signature or an open protest."""

    body = await read_json(request, SignIn)
    lang = request_lang(request)
    path = site(request).ledger_path

    def run() -> dict[str, Any]:
        agree.sign(path, [body.player])
        return _without_link(agreement_json(path, lang=lang, link=None))

    return JSONResponse(await run_in_threadpool(run), status_code=201)


@writes
async def protest(request: Request) -> Response:
    """``POST /api/protest``: mark a game as disputed (``skatliste protest N TEXT``)."""

    body = await read_json(request, ProtestIn)
    lang = request_lang(request)
    path = site(request).ledger_path

    def run() -> dict[str, Any]:
        agree.protest(path, body.game, body.text)
        return _without_link(agreement_json(path, lang=lang, link=None))

    return JSONResponse(await run_in_threadpool(run), status_code=201)


def _without_link(agreement: dict[str, Any]) -> dict[str, Any]:
    """A write's answer: the agreement without the second list's link and QR code (they carry
    the key; the answer is kept beside the list for a repeat, and no key goes in any file but
    the keys file). The page keeps the link it read with ``GET /api/agree``."""
    return {k: v for k, v in agreement.items() if k not in ("link", "qr", "another", "another_qr")}


def _organiser(request: Request) -> bool:
    """Whether the request carries the server's own key: the list's (``serve``) or, in a
    tournament, the organiser's (a table's key writes its list but reopens nothing)."""

    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    keys = request.app.state.site.writers()
    return scheme.lower() == "bearer" and any(key_matches(k, given.strip()) for k in keys)


@writes
async def reopen(request: Request) -> Response:
    """``POST /api/reopen``: reopen a signed list with the reason why (the organiser's key in
    a tournament); the signatures are void."""

    if not _organiser(request):
        raise Refused(403, msg("reopening a signed list needs the organiser's key"))
    body = await read_json(request, ReopenIn)
    lang = request_lang(request)
    path = site(request).ledger_path

    def run() -> dict[str, Any]:
        agree.reopen(path, body.why)
        return _without_link(agreement_json(path, lang=lang, link=None))

    return JSONResponse(await run_in_threadpool(run))


AGREE_ROUTES: list[BaseRoute] = [
    Route("/api/agree", get_agreement, methods=["GET"]),
    Route("/api/sign", sign, methods=["POST"]),
    Route("/api/protest", protest, methods=["POST"]),
    Route("/api/reopen", reopen, methods=["POST"]),
]


class SecondList:
    """ASGI app mounted at ``/b`` beside a list's page: the same page and API on the table's
    second list, with the first list's keys. The second list is started (empty, with the
    first one's players and rules) by the first request that carries the key."""

    def __init__(self, routes: list[BaseRoute]) -> None:
        self.router = Router(routes=routes)
        self.sites: dict[Path, Site] = {}

    def site_for(self, scope: Scope) -> Site:
        parent: Site = scope.get("state", {}).get("site") or scope["app"].state.site

        path = agree.pair(parent.ledger_path)
        found = self.sites.get(path)
        if found is None:
            watcher = Watcher(path)
            scope["app"].state.watchers.append(watcher)
            found = self.sites[path] = Site(
                ledger_path=path,
                writers=parent.writers,
                lang=parent.lang,
                watcher=watcher,
                base=f"{parent.base}/b",
                table_key=parent.table_key,
                refuse=parent.refuse,  # the table's second list closes with its first
                target=f"{parent.target}/b",
                pairing=parent.pairing,
            )
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self.site_for(scope)
        scope.setdefault("state", {})["site"] = found
        if not found.ledger_path.exists() and scope["type"] == "http":
            request = Request(scope)
            if can_write(request):
                first = first_of(found.ledger_path)
                assert first is not None  # a second list's path
                try:
                    await run_in_threadpool(second_list, first)
                except SkatlisteError as exc:
                    response = JSONResponse({"error": say(request, exc.message)}, 409)
                    await response(scope, receive, send)
                    return
        await self.router(scope, receive, send)


def with_second_list(routes: list[BaseRoute]) -> list[BaseRoute]:
    """A page's routes with the agreement's API, and the same page on the table's second
    list at ``/b``."""
    own = [*routes, *AGREE_ROUTES]
    return [*own, Mount("/b", app=SecondList(own))]
