"""League mode of ``skatliste serve --league DIR``: one read-only page with the season table
and every match day's report (Spielbericht), live: the page follows every change of the
league file and of the match days' lists and results within a second (``web.watch``).
Everything comes from ``skatliste.app.league``; nothing here writes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from skatliste.app import league as app
from skatliste.errors import SkatlisteError
from skatliste.i18n import Lang
from skatliste.render import league as render
from skatliste.render.league import text
from skatliste.web.base import events, request_lang, site


def league_view(folder: Path, lang: Lang) -> dict[str, Any]:
    """The page's parts: the league's name, the table's HTML and each day's report's HTML (or
    what stops it being read, in words), newest day first."""

    league = app.open_league(folder)
    t = render.text(lang)
    days: list[dict[str, Any]] = []
    for day in sorted(league.days, key=lambda d: d.number, reverse=True):
        try:
            r = app.day_report(folder, day.number)
        except SkatlisteError as exc:
            days.append({"title": t["day"].format(day=day.number), "error": exc.render(lang)})
            continue
        days.append(
            {
                "title": render.day_title(r, league.name, lang),
                "body": render.report_body(r, lang),
                "report": app.report_json(r),
            }
        )
    try:
        lines = app.table(folder)
    except SkatlisteError as exc:
        return {"name": league.name, "table_error": exc.render(lang), "days": days}
    return {
        "name": league.name,
        "table": render.table_body(lines, lang),
        "table_json": app.table_json(lines),
        "days": days,
    }


async def league_page(request: Request) -> Response:
    """The page: the table and the reports, rendered here; its script reloads them on a
    change."""

    lang = request_lang(request)
    folder = site(request).ledger_path
    view = await run_in_threadpool(league_view, folder, lang)
    templates = request.app.state.templates
    response: Response = templates.TemplateResponse(
        request,
        "league.html",
        {"lang": lang, "t": text(lang), "view": view},
        headers={"Cache-Control": "no-store"},
    )
    return response


async def get_league(request: Request) -> Response:
    """``GET /api/league``: the season table and every match day's report as JSON."""
    lang = request_lang(request)
    folder = site(request).ledger_path
    view = await run_in_threadpool(league_view, folder, lang)
    data = {
        "name": view["name"],
        "table": view.get("table_json", {}).get("table", []),
        "days": [d["report"] for d in view["days"] if "report" in d],
    }
    return JSONResponse(data)


def league_routes() -> list[BaseRoute]:
    return [
        Route("/", league_page),
        Route("/api/events", events),
        Route("/api/league", get_league, methods=["GET"]),
    ]
