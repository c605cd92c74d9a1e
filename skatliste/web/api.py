"""The JSON API: every action the page takes, for scripts too (documented in the README)."""

from __future__ import annotations

from fractions import Fraction

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from skatliste.web.server import Refused, can_write, request_lang, site


def _stake(request: Request) -> Fraction | None:
    raw = request.query_params.get("cent", "").strip()
    if not raw:
        return None
    try:
        stake = Fraction(raw.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise Refused(
            422, f"cent={raw}: give the stake per point in cent, e.g. 0.25 or 1/4"
        ) from None
    if stake < 0:
        raise Refused(422, f"cent={raw}: the stake cannot be negative")
    return stake


async def get_list(request: Request) -> Response:
    """``GET /api/list``: the totals, the sheet, the summary (``?cent=`` adds the money)."""
    from skatliste.ledger import load
    from skatliste.sheet import rows
    from skatliste.web.views import list_json

    lang = request_lang(request)
    stake = _stake(request)
    writable = can_write(request)

    def read() -> dict[str, object]:
        ledger = load(site(request).ledger_path)
        sheet = list(rows(ledger.table, ledger.entries))
        return list_json(ledger.table, sheet, lang=lang, can_write=writable, stake=stake)

    return JSONResponse(await run_in_threadpool(read))


API_ROUTES = [
    Route("/api/list", get_list, methods=["GET"]),
]
