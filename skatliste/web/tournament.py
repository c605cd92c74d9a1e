"""Tournament mode of ``skatliste serve --tournament DIR``: the organiser's page (live ranking,
teams, every table's state, the seating with each table's link and QR code) and one page per
table, ``/series/S/table/T/``: the phone page on that table's list, written with the table's
key (or the organiser's). Everything comes from ``skatliste.app.tournament``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, Router
from starlette.types import Receive, Scope, Send

from skatliste import tournament as core
from skatliste.app import tournament as app
from skatliste.app.tournament import open_tournament, seating
from skatliste.errors import InputError, SkatlisteError
from skatliste.i18n import Joined, Lang, Message, msg
from skatliste.printed import signed
from skatliste.web.base import (
    Site,
    can_write,
    events,
    in_thread,
    pair,
    read_json,
    request_lang,
    say,
    site,
    writes,
)
from skatliste.web.labels import labels
from skatliste.web.watch import Watcher, file_tag

if TYPE_CHECKING:
    from skatliste.app.tournament import Ranking
    from skatliste.tournament import SeriesStatus, TeamStanding

Seat = tuple[int, int]


class TablePages:
    """ASGI app mounted at ``/series/{series}/table/{table}``: the phone page and its API for
    that table's list, with a ``Site`` of its own (the list, the keys that write it)."""

    def __init__(
        self,
        folder: Path,
        *,
        organiser: Callable[[], tuple[str, ...]],
        seat_key: Callable[[Seat], str],
        lang: Lang | None,
        routes: list[BaseRoute],
        watchers: list[Watcher],
        pairing: Callable[[str, str], str | None] | None = None,
    ) -> None:
        self.folder = folder
        self.organiser = organiser
        self.seat_key = seat_key
        self.pairing = pairing
        self.lang = lang
        self.router = Router(routes=routes)
        self.watchers = watchers
        self.sites: dict[tuple[int, int], Site] = {}

    def site_for(self, series: int, table: int) -> Site | None:
        """The table's site, or None when the tournament has no such list."""

        found = self.sites.get((series, table))
        if found is None:
            try:
                tables = seating(self.folder, series).tables
            except SkatlisteError:
                return None  # not drawn (or no tournament): the 404 says so
            if not 1 <= table <= len(tables):
                return None
            path = self.folder / tables[table - 1].list
            watcher = Watcher(path)
            self.watchers.append(watcher)
            found = self.sites[(series, table)] = Site(
                ledger_path=path,
                writers=self.organiser,
                lang=self.lang,
                watcher=watcher,
                base=f"/series/{series}/table/{table}",
                table_key=lambda: self.seat_key((series, table)),
                refuse=lambda: closed_for_table(self.folder, series, table),
                target=f"{series}/{table}",
                pairing=self.pairing,
            )
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        params = scope.get("path_params", {})
        found = self.site_for(int(params["series"]), int(params["table"]))
        if found is None:
            missing = msg(
                "series {series} has no table {table} (not drawn yet?)",
                series=params["series"],
                table=params["table"],
            )
            response = JSONResponse({"error": say(Request(scope), missing)}, status_code=404)
            await response(scope, receive, send)
            return
        scope.setdefault("state", {})["site"] = found
        await self.router(scope, receive, send)


def closed_for_table(folder: Path, series: int, table: int) -> Message | None:
    """Why a table's own key may not write its list now, or None: a later series is drawn
    (this one is finished), or the table's result was entered on paper. The organiser's key
    still writes (a correction)."""

    stamp = file_tag(folder / "tournament.json")
    before = _tournament_before.get(folder)
    if before is not None and stamp and before[0] == stamp:
        t = before[1]
    else:
        t = open_tournament(folder)  # each save asks: read again only when it changed
        if stamp:
            _tournament_before[folder] = (stamp, t)
    later = [d.series for d in t.draws if d.series > series]
    if later:
        return msg(
            "series {series} is finished (series {later} is drawn): this table's key no longer "
            "writes it; a correction needs the organiser",
            series=series,
            later=later[-1],
        )
    if t.paper_result(series, table) is not None:
        return msg(
            "series {series} table {table} has its result on paper: the list is not written "
            "any more; a correction needs the organiser",
            series=series,
            table=table,
        )
    return None


async def organiser_page(request: Request) -> Response:
    """The organiser's page: a shell; its script fetches ``/api/tournament`` and follows it."""
    lang = request_lang(request)
    templates = request.app.state.templates
    response: Response = templates.TemplateResponse(
        request,
        "tournament.html",
        {"lang": lang, "t": labels(lang), "labels_json": json.dumps(labels(lang))},
        headers={"Cache-Control": "no-store"},
    )
    return response


_Read = tuple["Ranking", list["TeamStanding"], list["SeriesStatus"], list[Message]]
_read_before: dict[Path, tuple[tuple[tuple[str, int, int, int], ...], _Read]] = {}
"""The serve process's memo: each folder's last reading, with the state of its files."""
_tournament_before: dict[Path, tuple[Any, Any]] = {}
_double_before: dict[Path, bool] = {}
"""Whether each folder's tables keep two lists, as its last reading said."""
"""The tournament file as last read for a save's check, with the state of the file."""
_qr_before: dict[str, str] = {}
"""Each table link's QR code as drawn once in this process (drawing one takes ~8 ms; the
organiser's page asks for every table's every few seconds)."""


def _files(folder: Path) -> tuple[tuple[str, int, int, int], ...] | None:
    """Each file of the tournament (its file and every table list) with its inode,
    modification time and size; None while a file is being replaced."""
    try:
        found = [(p, p.stat()) for p in folder.rglob("*.json") if not p.name.startswith(".")]
    except FileNotFoundError:
        return None
    return tuple(sorted((str(p), s.st_ino, s.st_mtime_ns, s.st_size) for p, s in found))


def _relative(message: Any, folder: Path) -> Any:
    """``message`` with every path inside ``folder`` named from the folder (``series-1/
    table-02.json``): whoever watches the page learns nothing about the laptop's folders."""
    from dataclasses import replace

    inside = str(folder) + "/"
    if isinstance(message, Message):
        params = tuple((k, _relative(v, folder)) for k, v in message.params)
        return replace(message, params=params)
    if isinstance(message, Joined):
        return Joined(tuple(_relative(m, folder) for m in message.items), message.separator)
    if isinstance(message, str | Path) and str(message).startswith(inside):
        return str(message)[len(inside) :]
    return message


def _read(folder: Path) -> _Read:
    """The ranking, the teams, every table's state and the conflicts (a table with a paper
    result and games on its list: the paper result counts, the table shows the conflict, and
    everything else stays as it was), read again only when a file of the folder changed since
    the last look: the organiser's page asks every few seconds, and a championship has 750
    lists. Kept in this process only; nothing is written."""

    files = _files(folder)
    before = _read_before.get(folder)
    if files is not None and before is not None and before[0] == files:
        return before[1]
    got = app.results(folder)
    t = got.tournament
    standings = app.standings_of(got)
    playing = [s for s in got.tables if s.state == "in progress"]
    lot = t.lot_seed if t.ties is core.Ties.LOT else None
    ranking = app.Ranking(t.name, t.date, None, standings, playing, lot)
    for state in got.tables:
        state.problems = [_relative(p, folder) for p in state.problems]
    conflicts = [_relative(c, folder) for c in got.conflicts]
    read: _Read = (ranking, core.teams(standings, size=4), got.tables, conflicts)
    _double_before[folder] = t.double_list  # read with the rest: no second reading per look
    if files is not None:
        _read_before[folder] = (files, read)
    return read


def qr_svg(link: str) -> str:
    """The link as a QR code (inline SVG), drawn once per link in this process."""
    import segno

    found = _qr_before.get(link)
    if found is None:
        if len(_qr_before) > 4096:  # keys renewed many times over: start again
            _qr_before.clear()
        found = _qr_before[link] = segno.make(link, error="m").svg_inline(scale=3)
    return found


def tournament_json(
    folder: Path,
    *,
    lang: Lang,
    organiser: bool,
    base_url: str,
    fragments: Callable[[list[str]], dict[str, str]] | None,
    codes_known: str | None = None,
) -> dict[str, Any]:
    """The live ranking, the teams and every table's state (with its conflict, if any); for
    the organiser also each table's entry link (with a pairing code, ``#pair=CODE``, or the
    key where no keys file keeps codes) and that link as a QR code to print, and ``codes``,
    the version of the codes: when the page says it has that version (``codes_known``), the
    codes are left out (100 codes are 300 KB; they change only with a key, a series drawn or
    a pairing code spent). ``base_url`` is the address the server was told to serve at;
    ``fragments`` gives each target's (``S/T``, ``S/T/b``) link fragment."""
    ranking, teams, states, conflicts = _read(folder)
    double = organiser and _double_before.get(folder, False)
    wanted = [f"{s.series}/{s.table}{b}" for s in states for b in (("", "/b") if double else ("",))]
    fragment = fragments(wanted) if organiser and fragments else {}
    tables = []
    links: list[str] = []
    for state in states:
        row: dict[str, Any] = {
            "series": state.series,
            "table": state.table,
            "players": list(state.players),
            "state": state.state,
            "games": state.games,
            "length": state.length,
            "url": f"{base_url}series/{state.series}/table/{state.table}/",
            "problems": [p.render(lang) for p in state.problems],
        }
        seat = f"{state.series}/{state.table}"
        if seat in fragment:
            row["link"] = f"{row['url']}#{fragment[seat]}"
            links.append(row["link"])
            if double and f"{seat}/b" in fragment:  # the second list's own link, its keeper's
                row["link_b"] = f"{row['url']}b/#{fragment[seat + '/b']}"
                links.append(row["link_b"])
        tables.append(row)
    codes = hashlib.blake2b("\n".join(links).encode(), digest_size=8).hexdigest()
    if links and codes_known != codes:
        for row in tables:
            if "link" in row:
                row["qr"] = qr_svg(row["link"])
            if "link_b" in row:
                row["qr_b"] = qr_svg(row["link_b"])
    how = msg("take the games back on the table's page (↶), or delete the paper result")
    return {
        "name": ranking.name,
        "date": ranking.date,
        "organiser": organiser,
        **({"codes": codes} if links else {}),
        "conflicts": [msg("{problem}; {how}", problem=c, how=how).render(lang) for c in conflicts],
        "ranking": [
            {
                "place": s.place,
                "name": s.name,
                "club": s.club,
                "seeger_fabian": signed(s.seeger_fabian),
                "points": signed(s.points),
                "won": s.won,
                "lost": s.lost,
                "series": {str(k): signed(v) for k, v in s.series.items()},
                "in_progress": s.in_progress,
                **app.standing_extras(s),
            }
            for s in ranking.standings
        ],
        "lot_seed": ranking.lot_seed,
        "teams": [
            {
                "place": team.place,
                "club": team.club,
                "seeger_fabian": signed(team.seeger_fabian),
                "members": [f"{name} {signed(v)}" for name, v in team.members],
            }
            for team in teams
        ],
        "tables": tables,
    }


async def get_tournament(request: Request) -> Response:
    """``GET /api/tournament``: ranking, teams, tables (links and QR codes with the
    organiser's key), built from the address served, never from the request's;
    ``?codes=VERSION`` leaves out the QR codes while they are still that version."""
    lang = request_lang(request)
    organiser = can_write(request)
    folder = site(request).ledger_path
    fragments = request.app.state.fragments
    base_url = request.app.state.public_url or str(request.base_url)
    known = request.query_params.get("codes")

    def read() -> dict[str, Any]:
        return tournament_json(
            folder,
            lang=lang,
            organiser=organiser,
            base_url=base_url,
            fragments=fragments,
            codes_known=known,
        )

    return JSONResponse(await run_in_threadpool(read))


class PaperIn(BaseModel):
    """``POST /api/tournament/paper``: a paper Spielliste's totals, as
    ``skatliste tournament result`` takes them."""

    model_config = ConfigDict(extra="forbid")
    series: int = Field(ge=1)
    table: int = Field(ge=1)
    results: str = Field(max_length=2000, description="NAME=POINTS/WON/LOST ... per player")
    force: bool = False
    """Replace the table's paper result (a correction; the old one is kept in the history)."""


@writes
async def paper_result(request: Request) -> Response:
    """``POST /api/tournament/paper`` (the organiser's key): a table's result from paper."""

    body = await read_json(request, PaperIn)
    folder = site(request).ledger_path
    items = body.results.replace(",", " ").split()

    def enter() -> dict[str, Any]:
        try:
            scores = app.enter_paper_result(
                folder, body.series, body.table, items, force=body.force
            )
        except app.PaperResultKept as exc:
            how = msg("replace it by ticking 'replace' (the old one is kept in the history)")
            raise InputError(exc.told(how)) from None
        return {"series": body.series, "table": body.table, "players": sorted(scores)}

    return JSONResponse(await in_thread(enter), status_code=201)


def tournament_routes() -> list[BaseRoute]:

    return [
        Route("/", organiser_page),
        Route("/api/events", events),
        Route("/api/tournament", get_tournament, methods=["GET"]),
        Route("/api/tournament/paper", paper_result, methods=["POST"]),
        Route("/api/pair", pair, methods=["POST"]),
    ]
