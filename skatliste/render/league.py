"""The league on paper: the match report (Spielbericht) and the season table as text tables,
printable HTML (A4), CSV and JSON; the players over the season as a text table. Strings only;
the edges print or write them.

Ranking points are written as the league writes them: for : against, a half as ½ (``4½ : 4½``).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from skatliste.i18n import Lang, Message, pmsg, translations
from skatliste.league import DayReport, PlayerLine, TableLine
from skatliste.printed import with_minus
from skatliste.render.cells import CsvWriter
from skatliste.render.page import escaped as _e
from skatliste.render.page import page
from skatliste.render.plain import plain_table

_TEXT: dict[str, Message] = {
    "place": pmsg("league", "Place"),
    "team": pmsg("league", "Team"),
    "group": pmsg("league", "Group"),
    "name": pmsg("league", "Name"),
    "days": pmsg("league", "Days"),
    "series": pmsg("league", "Series"),
    "series_n": pmsg("league", "Series {series}"),
    "score": pmsg("league", "Game points"),
    "points": pmsg("league", "Ranking points"),
    "sf": pmsg("league", "Seeger-Fabian"),
    "won": pmsg("league", "Won"),
    "lost": pmsg("league", "Lost"),
    "day": pmsg("league", "Match day {day}"),
    "day_total": pmsg("league", "The match day"),
    "absent": pmsg("league", "did not appear"),
    "playing": pmsg("league", "* still playing: the numbers will change"),
    "provisional_day": pmsg(
        "league",
        "° provisional: reported by {venues}, not yet confirmed by the league official",
    ),
    "provisional_table": pmsg(
        "league", "° provisional: holds results not yet confirmed by the league official"
    ),
    "table": pmsg("league", "Season table"),
    "players": pmsg("league", "Players"),
    "no_result": pmsg("league", "no series has a result yet"),
    "lineup": pmsg("league", "Lineup"),
    "the_players": pmsg("league", "The players"),
    "total": pmsg("league", "Total"),
    "reserves": pmsg("league", "Reserves"),
    "table_n": pmsg("league", "Table"),
    "seated": pmsg("league", "Players (team)"),
    "deals_first": pmsg("league", "Deals first"),
    "list": pmsg("league", "List"),
}
"""The words of the league's tables and pages (context "league": a column head)."""


@cache
def text(lang: Lang) -> dict[str, str]:
    """The league's words in ``lang``, placeholders left to fill in."""
    t = translations(lang)
    return {key: t.pgettext(m.context or "", m.text) for key, m in _TEXT.items()}


def points(value: Fraction) -> str:
    """Ranking points as the league writes them: 3, 4½, ½.

    >>> points(Fraction(9, 2)), points(Fraction(1, 2)), points(Fraction(3))
    ('4½', '½', '3')
    """
    whole, half = divmod(value * 2, 2)
    if not half:
        return str(int(whole))
    return ("" if whole == 0 else str(int(whole))) + "½"


def pair(got: Fraction, gave: Fraction) -> str:
    """``for : against``: ``3 : 0``, ``1½ : 1½``."""
    return f"{points(got)} : {points(gave)}"


def day_title(r: DayReport, league: str, lang: Lang) -> str:
    """``Landesliga Nord 2027 · Match day 1 · Kiel · 2027-03-14``."""
    parts = [league, text(lang)["day"].format(day=r.day)]
    if r.venue:
        parts.append(r.venue)
    if r.date:
        parts.append(r.date.isoformat())
    return " · ".join(parts)


def _series_rows(r: DayReport, lang: Lang) -> list[tuple[str, list[list[str]]]]:
    t = text(lang)
    out = []
    for s in r.series:
        rows = [
            [
                *([str(x.group)] if x.group else []),
                x.team + (" *" if s.in_progress else ""),
                t["absent"] if x.absent else with_minus(x.score),
                pair(x.points, x.against),
            ]
            for x in s.teams
        ]
        out.append((t["series_n"].format(series=s.series), rows))
    return out


def _day_rows(r: DayReport, lang: Lang) -> list[list[str]]:
    t = text(lang)
    rows = []
    pos = 0
    for i, x in enumerate(r.teams):
        # with groups, each group ranks its own: "als Gruppenerster"
        pos = 1 if i == 0 or x.group != r.teams[i - 1].group else pos + 1
        rows.append(
            [
                *([str(x.group)] if x.group else []),
                f"{pos}.",
                x.team + (PROVISIONAL if x.provisional else ""),
                pair(x.points, x.against),
                t["absent"] if x.absent else with_minus(x.game_points),
            ]
        )
    return rows


def _player_table(r: DayReport, lang: Lang) -> tuple[list[str], list[list[str]], str]:
    """Each player's Seeger-Fabian per series and in all: headers, rows, alignment."""
    t = text(lang)
    numbers = [s.series for s in r.series]
    rows = []
    for p in r.players:
        got = dict(p.series)
        cells = [with_minus(got[n]) if n in got else "-" for n in numbers]
        rows.append([p.team, p.name, *cells, with_minus(p.total)])
    headers = [t["team"], t["name"], *[f"S{n}" for n in numbers], t["total"]]
    return headers, rows, "ll" + "r" * (len(numbers) + 1)


def report_text(r: DayReport, league: str, lang: Lang = "de") -> str:
    """The match report: each series (team, game points, ranking points), then the day."""
    t = text(lang)
    out = [day_title(r, league, lang)]
    if not r.series:
        out.append(t["no_result"])
    grouped = any(x.group for x in r.teams)
    group = [t["group"]] if grouped else []
    for heading, rows in _series_rows(r, lang):
        heads = [*group, t["team"], t["score"], t["points"]]
        out += ["", heading, plain_table(heads, rows, "r" * grouped + "lrr")]
    out += ["", t["day_total"]]
    heads = [*group, t["place"], t["team"], t["points"], t["score"]]
    out.append(plain_table(heads, _day_rows(r, lang), "r" * grouped + "rlrr"))
    if r.series:
        out += ["", t["the_players"], plain_table(*_player_table(r, lang))]
    if r.in_progress:
        out.append(t["playing"])
    note = provisional_note(r, lang)
    if note is not None:
        out.append(note)
    return "\n".join(out)


PROVISIONAL = " °"
"""The mark of a team whose results are provisional (vorläufig): a venue reported them and
the league official has not yet confirmed them (rules §L, venues)."""


def provisional_note(r: DayReport, lang: Lang) -> str | None:
    """The day's note on its provisional results, or None when there are none."""
    if not r.provisional:
        return None
    return text(lang)["provisional_day"].format(venues=", ".join(r.provisional))


def table_note(lines: Sequence[TableLine], lang: Lang) -> str | None:
    """The season table's note on provisional results, or None when there are none."""
    return text(lang)["provisional_table"] if any(x.provisional for x in lines) else None


def _table_rows(lines: Sequence[TableLine]) -> list[list[str]]:
    return [
        [
            f"{x.place}.",
            x.team + (PROVISIONAL if x.provisional else ""),
            str(x.days),
            pair(x.points, x.against),
            with_minus(x.game_points),
        ]
        for x in lines
    ]


def _table_headers(lang: Lang) -> list[str]:
    t = text(lang)
    return [t["place"], t["team"], t["days"], t["points"], t["score"]]


def table_text(lines: Sequence[TableLine], lang: Lang = "de") -> str:
    """The season table: place, team, match days, ranking points for : against, game points."""
    note = table_note(lines, lang)
    shown = plain_table(_table_headers(lang), _table_rows(lines), "rlrrr")
    return shown if note is None else f"{shown}\n{note}"


def players_text(lines: Sequence[PlayerLine], lang: Lang = "de") -> str:
    """The players over the season: place, name, team, series, Seeger-Fabian, won, lost."""
    t = text(lang)
    body = [
        [
            f"{x.place}.",
            x.name + (" *" if x.in_progress else ""),
            x.team,
            str(x.series),
            with_minus(x.seeger_fabian),
            str(x.won),
            str(x.lost),
        ]
        for x in lines
    ]
    headers = [t["place"], t["name"], t["team"], t["series"], t["sf"], t["won"], t["lost"]]
    return plain_table(headers, body, "rllrrrr")


# --- HTML -----------------------------------------------------------------------------------


def _html_table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> str:
    def cell(tag: str, value: str, a: str) -> str:
        cls = ' class="n"' if a == "r" else ""
        return f"<{tag}{cls}>{_e(value)}</{tag}>"

    head = "".join(cell("th", h, a) for h, a in zip(headers, align, strict=True))
    body = "".join(
        "<tr>" + "".join(cell("td", v, a) for v, a in zip(row, align, strict=True)) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def report_body(r: DayReport, lang: Lang = "de") -> str:
    """The match report's HTML without its page (the web page shows several)."""
    t = text(lang)
    parts = []
    if not r.series:
        parts.append(f'<p class="note">{_e(t["no_result"])}</p>')
    grouped = any(x.group for x in r.teams)
    group = [t["group"]] if grouped else []
    for heading, rows in _series_rows(r, lang):
        parts.append(f"<h2>{_e(heading)}</h2>")
        heads = [*group, t["team"], t["score"], t["points"]]
        parts.append(_html_table(heads, rows, "r" * grouped + "lrr"))
    parts.append(f"<h2>{_e(t['day_total'])}</h2>")
    headers = [*group, t["place"], t["team"], t["points"], t["score"]]
    parts.append(_html_table(headers, _day_rows(r, lang), "r" * grouped + "rlrr"))
    if r.series:
        parts.append(f"<h2>{_e(t['the_players'])}</h2>")
        parts.append(_html_table(*_player_table(r, lang)))
    if r.in_progress:
        parts.append(f'<p class="note">{_e(t["playing"])}</p>')
    note = provisional_note(r, lang)
    if note is not None:
        parts.append(f'<p class="note">{_e(note)}</p>')
    return "".join(parts)


def report_html(r: DayReport, league: str, lang: Lang = "de") -> str:
    """The match report as a printable A4 page."""
    return page(day_title(r, league, lang), report_body(r, lang), lang)


def table_body(lines: Sequence[TableLine], lang: Lang = "de") -> str:
    note = table_note(lines, lang)
    shown = _html_table(_table_headers(lang), _table_rows(lines), "rlrrr")
    return shown if note is None else f'{shown}<p class="note">{_e(note)}</p>'


def table_html(lines: Sequence[TableLine], league: str, lang: Lang = "de") -> str:
    """The season table as a printable A4 page."""
    title = f"{league} · {text(lang)['table']}"
    return page(title, table_body(lines, lang), lang)


# --- CSV and JSON ---------------------------------------------------------------------------


def _csv_points(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


def report_csv(r: DayReport, lang: Lang = "en") -> str:
    """One row a team and series, then one a team for the day (series ``day``), in the CSV of
    ``lang``."""
    out = io.StringIO()
    w = CsvWriter(out, lang=lang, lineterminator="\n")
    w.writerow(["day", "series", "team", "game_points", "points", "against", "absent"])
    for s in r.series:
        for x in s.teams:
            w.writerow(
                [
                    r.day,
                    s.series,
                    x.team,
                    x.score,
                    _csv_points(x.points),
                    _csv_points(x.against),
                    x.absent,
                ]
            )
    for d in r.teams:
        w.writerow(
            [
                r.day,
                "day",
                d.team,
                d.game_points,
                _csv_points(d.points),
                _csv_points(d.against),
                d.absent,
            ]
        )
    return out.getvalue()


def table_csv(lines: Sequence[TableLine], lang: Lang = "en") -> str:
    """One row a team: place, team, days, points, against, game points, in the CSV of
    ``lang``."""
    out = io.StringIO()
    w = CsvWriter(out, lang=lang, lineterminator="\n")
    w.writerow(["place", "team", "days", "points", "against", "game_points"])
    for x in lines:
        w.writerow(
            [
                x.place,
                x.team,
                x.days,
                _csv_points(x.points),
                _csv_points(x.against),
                x.game_points,
            ]
        )
    return out.getvalue()


def to_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
