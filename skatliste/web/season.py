"""Season mode of ``skatliste serve --season DIR``: the standing at ``/`` and each player's
page at ``/player/NAME``, read-only, drawn on the server; the page reloads itself when a file
of the season changes (the season file, an evening's list, a tournament's files), whoever
wrote it. Everything comes from ``skatliste.app.season``."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from skatliste.app import season as app
from skatliste.app.season import watched
from skatliste.errors import SkatlisteError
from skatliste.i18n import Lang
from skatliste.render.season import (
    by_game,
    missing_lines,
    not_ranked_note,
    player_line,
    player_rows,
    rules_lines,
    standing_rows,
    text,
    title,
)
from skatliste.web.base import events, request_lang, site
from skatliste.web.watch import Stamp, Watcher, stamp_of


class SeasonWatcher(Watcher):
    """Watches every file the season's standing is read from: the season file, each
    evening's list, and each tournament folder's files; the set follows the season file."""

    def __init__(self, folder: Path) -> None:
        self.season = folder
        super().__init__(folder)

    def stamp(self) -> Stamp:

        try:
            files = watched(self.season)
        except SkatlisteError:  # a season file being fixed: its own state still counts
            files = [self.season / "season.json"]
        return stamp_of(files)

    def _tag(self) -> str:
        return str(self.version)  # many files: the count of changes seen


def _standing_page(folder: Path, lang: Lang) -> dict[str, Any]:

    st = app.standing(folder)
    headers, rows = standing_rows(st, lang)
    note = not_ranked_note(st)
    return {
        "title": title(st).render(lang),
        "rules": [m.render(lang) for m in rules_lines(st.rules)],
        "headers": headers,
        "rows": [
            {"cells": cells, "ranked": x.ranked, "link": f"player/{quote(x.name, safe='')}"}
            for x, cells in zip(st.lines, rows, strict=True)
        ],
        "notes": [m.render(lang) for m in ([note] if note else []) + missing_lines(st.missing)],
        "words": text(lang),
    }


def _player_page(folder: Path, name: str, lang: Lang) -> dict[str, Any]:

    page = app.player(folder, name)
    headers, rows = player_rows(page, lang)
    stats_headers, stats_rows = page.stats.cells(lang)
    game_headers, game_row = by_game(page, lang)
    return {
        "title": player_line(page, lang),
        "rules": [],
        "headers": headers,
        "rows": [{"cells": cells, "ranked": True, "link": None} for cells in rows],
        "stats_headers": stats_headers,
        "stats_rows": stats_rows,
        "game_headers": game_headers if game_row[1:] else [],
        "game_rows": [game_row] if game_row[1:] else [],
        "notes": [m.render(lang) for m in missing_lines(page.missing)],
        "words": text(lang),
    }


def _page(request: Request, context: dict[str, Any]) -> Response:
    lang = request_lang(request)
    templates = request.app.state.templates
    response: Response = templates.TemplateResponse(
        request,
        "season.html",
        {"lang": lang, "home": site(request).base or "/", **context},
        headers={"Cache-Control": "no-store"},
    )
    return response


async def standing_page(request: Request) -> Response:
    """``GET /``: the season standing."""
    folder, lang = site(request).ledger_path, request_lang(request)
    return _page(request, await run_in_threadpool(_standing_page, folder, lang))


async def player_page(request: Request) -> Response:
    """``GET /player/NAME``: a player's evenings, series and statistics."""
    folder, lang = site(request).ledger_path, request_lang(request)
    name = request.path_params["name"]
    return _page(request, await run_in_threadpool(_player_page, folder, name, lang))


async def season_json(request: Request) -> Response:
    """``GET /api/season``: the standing as ``season standing --json`` prints it."""

    folder = site(request).ledger_path

    def read() -> dict[str, Any]:
        return app.standing_json(app.standing(folder))

    return JSONResponse(await run_in_threadpool(read))


async def player_json(request: Request) -> Response:
    """``GET /api/season/player/NAME``: a player's season as ``season player --json``."""

    folder, name = site(request).ledger_path, request.path_params["name"]

    def read() -> dict[str, Any]:
        return app.player_json(app.player(folder, name))

    return JSONResponse(await run_in_threadpool(read))


def season_routes() -> list[BaseRoute]:
    return [
        Route("/", standing_page),
        Route("/player/{name:str}", player_page),
        Route("/api/events", events),
        Route("/api/season", season_json, methods=["GET"]),
        Route("/api/season/player/{name:str}", player_json, methods=["GET"]),
    ]
