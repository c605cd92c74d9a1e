"""The JSON API: every action the page takes, for scripts too (documented in the README).

Each handler reads its request, calls the same application function as the CLI
(``skatliste.app.lists``) in a worker thread (they wait for the list's lock), and renders the
result with ``views``. Writes pass ``writes`` first: same origin, then the key.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from skatliste.app import bock, lists
from skatliste.app.lists import game_row, open_list
from skatliste.app.lists import preview as preview_row
from skatliste.errors import InputError
from skatliste.i18n import Message, msg
from skatliste.money import Stake, Way, parse_stake, parse_way
from skatliste.web import views
from skatliste.web.base import (
    Refused,
    Site,
    can_write,
    in_thread,
    pair,
    read_json,
    request_lang,
    say,
    site,
    writes,
)
from skatliste.web.views import row_json, totals
from skatliste.web.watch import file_tag

_IN = ConfigDict(extra="forbid")
TEXT = 500
"""Characters a declarer's name, a game's words or a note may have."""


class GameIn(BaseModel):
    """``POST /api/games``: the declarer and the table words, as ``skatliste add`` takes them;
    without ``declarer`` the words start with the name (``anna null ouvert``), as a preview
    takes them."""

    model_config = _IN
    declarer: str | None = Field(None, max_length=TEXT)
    words: str = Field(max_length=TEXT)
    note: str = Field("", max_length=TEXT)


class PreviewIn(BaseModel):
    """``POST /api/preview``: what ``/api/games`` (or, with ``number``, an edit) would enter."""

    model_config = _IN
    declarer: str | None = Field(None, max_length=TEXT)
    words: str = Field(max_length=TEXT)
    number: int | None = Field(None, ge=1)


class EditIn(BaseModel):
    """``PUT /api/games/N``: the words that replace game N, as ``skatliste edit N`` takes them;
    ``declarer`` (optional) goes in front of them."""

    model_config = _IN
    declarer: str | None = Field(None, max_length=TEXT)
    words: str = Field(max_length=TEXT)
    note: str | None = Field(None, max_length=TEXT)
    expect: str | None = Field(None, max_length=64)
    """The game's ``fingerprint`` as the page saw it: refused (409) if game N is another now."""


class RamschIn(BaseModel):
    """``POST /api/ramsch``: ``anna=45 ben=40 carl=35 [jungfrau ben] ...``."""

    model_config = _IN
    words: str = Field(max_length=TEXT)
    note: str = Field("", max_length=TEXT)


class NoteIn(BaseModel):
    """``POST /api/pass``: an optional note."""

    model_config = _IN
    note: str = Field("", max_length=TEXT)


class NothingIn(BaseModel):
    """``POST /api/bock``: no fields."""

    model_config = _IN


class UndoIn(BaseModel):
    """``POST /api/undo``: optionally ``expect``, the ``fingerprint`` of the last game as the
    page showed it on its button: refused (409) if the last game is another now."""

    model_config = _IN
    expect: str | None = Field(None, max_length=64)


class RestoreIn(BaseModel):
    """``POST /api/restore``: ``item``, the history item an undo or a delete answered with
    (``restore``), as ``skatliste restore N`` takes it."""

    model_config = _IN
    item: int = Field(ge=1, strict=True)


def _stake(request: Request) -> Stake | None:
    """``?cent=0.25``, and ``&settle=paper`` for the paper way (rules §8): the stake the
    page settles at; a way without a stake, or a way unknown, is refused (422)."""
    raw = request.query_params.get("cent", "").strip()
    way = request.query_params.get("settle")
    if way is not None:
        try:
            settled = parse_way(way)
        except InputError as exc:
            problem = msg("settle={text}: {problem}", text=way, problem=exc.message)
            raise Refused(422, problem) from None
    if not raw:
        if way is not None:
            raise Refused(422, msg("settle={way} settles money: give the stake as cent=", way=way))
        return None
    try:
        return Stake(parse_stake(raw), settled if way is not None else Way.EXACT)
    except InputError as exc:  # the page's address says the stake as cent=...
        problem = msg("cent={text}: {problem}", text=raw, problem=exc.message)
        raise Refused(422, problem) from None


VERSIONS_KEPT = 16
"""Versions of a list whose rows a server remembers, to answer ``?since=`` with the rows
after the first that changed (a page more versions behind gets the whole list)."""


def _row_marks(games: list[dict[str, Any]]) -> list[str]:
    """A short digest of each row as the page shows it (its value, totals, marks)."""
    return [
        hashlib.blake2b(json.dumps(g, sort_keys=True).encode(), digest_size=8).hexdigest()
        for g in games
    ]


async def _page(
    here: Site, key: tuple[Any, ...], tag: str, build: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """The list's page JSON for ``key`` (language, stake) at version ``tag``: built
    once per version (in a worker thread) however many pages ask; 100 viewers read after
    every change, and the others wait for the first one's reading."""
    cache = here.cache
    if "building" not in cache:
        cache["building"] = asyncio.Lock()
        cache["pages"], cache["marks"] = {}, {}
    async with cache["building"]:
        if cache.get("tag") != tag:
            cache["pages"].clear()
            cache["tag"] = tag
        found: dict[str, Any] | None = cache["pages"].get(key)
        if found is not None:
            return found
        found = await run_in_threadpool(build)
        if tag and file_tag(here.ledger_path) == tag:  # not replaced while it was read
            cache["pages"][key] = found
            marks = cache["marks"]
            marks[(tag, key[0])] = _row_marks(found["games"])
            while len(marks) > VERSIONS_KEPT:
                marks.pop(next(iter(marks)))
        return found


def _since(here: Site, page: dict[str, Any], since: str, lang: str) -> dict[str, Any] | None:
    """What changed since version ``since``: the page without its chart and its entry form
    (the family's, the same for the list), with the rows from the first one that differs
    (``from`` is its index), or None when ``since`` is unknown."""
    marks: dict[tuple[str, Any], list[str]] = here.cache.get("marks", {})
    old = marks.get((since, lang))
    new = marks.get((here.cache.get("tag", ""), lang))
    if old is None or new is None:
        return None
    first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None)
    if first is None:
        first = min(len(old), len(new))
    delta = {k: v for k, v in page.items() if k not in ("games", "chart", "form")}
    return delta | {"since": since, "from": first, "games": page["games"][first:]}


async def get_list(request: Request) -> Response:
    """``GET /api/list``: totals, sheet, summary, chart (``?cent=`` adds the money). Carries
    the list's version as its ``ETag`` (304 for ``If-None-Match`` with it); with
    ``?since=VERSION`` only what changed since that version: every field but the chart, and
    the rows from the first that changed (``from``: its index in ``games``)."""

    lang = request_lang(request)
    stake = _stake(request)
    writable = can_write(request)
    here = site(request)
    tag = file_tag(here.ledger_path)
    headers = {"ETag": f'"{tag}"', "Cache-Control": "no-cache"} if tag else {}
    if tag and request.headers.get("if-none-match") == f'"{tag}"':
        return Response(status_code=304, headers=headers)

    def read() -> dict[str, Any]:
        ledger = open_list(here.ledger_path)
        return views.list_json(ledger, lang=lang, can_write=False, stake=stake)

    page = await _page(here, (lang, stake), tag, read)
    page = page | {"can_write": writable}  # one reading for viewers and writers alike
    since = request.query_params.get("since")
    delta = None if since is None else _since(here, page, since, lang)
    return JSONResponse(page if delta is None else delta, headers=headers)


async def get_chart(request: Request) -> Response:
    """``GET /api/chart``: the list's chart (SVG) alone, for a page that follows the list with
    ``?since=`` (304 for ``If-None-Match`` with the list's version)."""

    lang = request_lang(request)
    here = site(request)
    tag = file_tag(here.ledger_path)
    headers = {"ETag": f'"{tag}"', "Cache-Control": "no-cache"} if tag else {}
    if tag and request.headers.get("if-none-match") == f'"{tag}"':
        return Response(status_code=304, headers=headers)

    def read() -> dict[str, Any]:
        ledger = open_list(here.ledger_path)
        return views.list_json(ledger, lang=lang, can_write=False)

    page = await _page(here, (lang, None), tag, read)
    return JSONResponse({"chart": page["chart"]}, headers=headers)


async def get_game(request: Request) -> Response:
    """``GET /api/games/N``: one game with its explanation."""

    lang = request_lang(request)
    number: int = request.path_params["number"]

    def read() -> dict[str, Any]:
        ledger = open_list(site(request).ledger_path)
        return row_json(ledger, game_row(ledger, number), lang)

    return JSONResponse(await run_in_threadpool(read))


async def preview(request: Request) -> Response:
    """``POST /api/preview``: the value and its explanation before saving; writes nothing,
    so it needs no key."""

    body = await read_json(request, PreviewIn)
    lang = request_lang(request)
    path = site(request).ledger_path

    def run() -> dict[str, Any]:
        words = body.words.split()
        row = preview_row(path, words, declarer=body.declarer or None, number=body.number)
        if isinstance(row, Message):  # an entry with no value of its own (an end of a partie)
            return {"declarer": None, "text": row.render(lang), "value": "", "explanation": []}
        return row_json(open_list(path), row, lang)

    return JSONResponse(await run_in_threadpool(run))


def _followups(change: Any) -> list[Message]:
    """What the change did to the rest of the list, then whose signatures no longer cover
    it (docs/rules.md §D)."""
    uncovered = change.uncovered()
    return [*change.followups(), *([] if uncovered is None else [uncovered])]


def _changed(request: Request, change: Any, status: int = 200) -> Response:
    return JSONResponse(_change_json(request, change), status_code=status)


def _change_json(request: Request, change: Any) -> dict[str, Any]:
    """A change as the page needs it: the game (if one is left), what was removed, the totals
    after, what the change did to the rest of the list (``followups``: later values, American
    Grand's parties, as the CLI says it), and what ``check`` now finds in later games."""

    lang = request_lang(request)
    ledger = change.ledger
    words = ledger.family.words
    return {
        "number": change.number,
        "game": None if change.row is None else row_json(ledger, change.row, lang),
        "removed": None if change.removed is None else words(change.removed, lang),
        "totals": totals(ledger, change.last),
        "followups": [say(request, m) for m in _followups(change)],
        "problems": [
            {"game": say(request, where), "problem": say(request, p)}
            for where, p in change.problems
        ],
    }


async def _apply(request: Request, action: Callable[[], Any], status: int = 200) -> Response:
    change = await in_thread(action)
    return _changed(request, change, status)


async def _taken_out(request: Request, action: Callable[[], Any]) -> Response:
    """An undo or a delete, answered with the history item that brings the game back
    (``restore``): the page offers it until something else is entered."""
    change = await in_thread(action)
    return JSONResponse({**_change_json(request, change), "restore": len(change.ledger.history)})


@writes
async def add_game(request: Request) -> Response:
    """``POST /api/games``: enter a game (``skatliste add``)."""

    body = await read_json(request, GameIn)
    path = site(request).ledger_path
    words = body.words.split()
    declarer = body.declarer

    return await _apply(request, lambda: lists.add_game(path, declarer, words, note=body.note), 201)


@writes
async def pass_game(request: Request) -> Response:
    """``POST /api/pass``: eingepasst (``skatliste pass``)."""

    body = await read_json(request, NoteIn)
    path = site(request).ledger_path
    return await _apply(request, lambda: lists.pass_game(path, note=body.note), 201)


@writes
async def add_ramsch(request: Request) -> Response:
    """``POST /api/ramsch``: enter a Ramsch (``skatliste ramsch``)."""

    body = await read_json(request, RamschIn)
    path = site(request).ledger_path
    return await _apply(
        request, lambda: lists.add_ramsch(path, body.words.split(), note=body.note), 201
    )


@writes
async def undo(request: Request) -> Response:
    """``POST /api/undo``: take back the last game (``skatliste undo``)."""

    body = await read_json(request, UndoIn)
    path = site(request).ledger_path
    return await _taken_out(request, lambda: lists.undo(path, expect=body.expect))


@writes
async def restore(request: Request) -> Response:
    """``POST /api/restore``: bring back a game taken back or deleted (``skatliste restore
    N``)."""

    body = await read_json(request, RestoreIn)
    path = site(request).ledger_path
    return await _apply(request, lambda: lists.restore(path, body.item))


@writes
async def call_bock(request: Request) -> Response:
    """``POST /api/bock``: call a Bock round after the last game (``skatliste bock``)."""

    await read_json(request, NothingIn)
    path = site(request).ledger_path

    return await _apply(request, lambda: bock.call_bock(path))


@writes
async def edit_game(request: Request) -> Response:
    """``PUT /api/games/N``: replace game N (``skatliste edit N``)."""

    body = await read_json(request, EditIn)
    number: int = request.path_params["number"]
    words = body.words.split()
    declarer = body.declarer or None  # the player tapped, unless the words start with a name
    path = site(request).ledger_path
    return await _apply(
        request,
        lambda: lists.edit(
            path, number, words, note=body.note, expect=body.expect, declarer=declarer
        ),
    )


@writes
async def delete_game(request: Request) -> Response:
    """``DELETE /api/games/N[?expect=FINGERPRINT]``: delete game N (``skatliste delete N``);
    with ``expect``, only while game N is still the game the page showed."""

    number: int = request.path_params["number"]
    expect = request.query_params.get("expect") or None
    path = site(request).ledger_path
    return await _taken_out(request, lambda: lists.delete(path, number, expect=expect))


API_ROUTES = [
    Route("/api/list", get_list, methods=["GET"]),
    Route("/api/preview", preview, methods=["POST"]),
    Route("/api/games", add_game, methods=["POST"]),
    Route("/api/chart", get_chart, methods=["GET"]),
    Route("/api/games/{number:num}", get_game, methods=["GET"]),
    Route("/api/games/{number:num}", edit_game, methods=["PUT"]),
    Route("/api/games/{number:num}", delete_game, methods=["DELETE"]),
    Route("/api/pass", pass_game, methods=["POST"]),
    Route("/api/ramsch", add_ramsch, methods=["POST"]),
    Route("/api/undo", undo, methods=["POST"]),
    Route("/api/restore", restore, methods=["POST"]),
    Route("/api/bock", call_bock, methods=["POST"]),
    Route("/api/pair", pair, methods=["POST"]),
]
