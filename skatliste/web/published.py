"""The published site's pages: each a plain HTML file from the Jinja2 templates in
``web/templates``, drawn from the values ``app.publish.build`` derived. A page is a title,
the way back (links relative to the page, so the site works from any folder of any host),
and its sections: a table, notes, a chart (inline SVG), links. The numbers are written as
the CLI's tables write them; the names as the publish file says (by initials, or left off).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from skatliste.app.publish import (
    Event,
    LeagueData,
    ListData,
    Person,
    SeasonData,
    Sheet,
    Site,
    TournamentData,
)
from skatliste.app.publish_summary import Kind, Summary
from skatliste.i18n import Lang, Message, pmsg, translations
from skatliste.printed import number, with_minus
from skatliste.render import league as rl
from skatliste.render import season as rs
from skatliste.render import tournament as rt
from skatliste.render.page import CSS
from skatliste.render.report import export
from skatliste.render.skat_export import line_chart

STYLE_FILE = "site.css"

_TEXT: dict[str, Message] = {
    "tournament": pmsg("publish", "Tournaments"),
    "season": pmsg("publish", "Seasons"),
    "league": pmsg("publish", "Leagues"),
    "list": pmsg("publish", "Lists"),
    "one_tournament": pmsg("publish", "Tournament"),
    "one_season": pmsg("publish", "Season"),
    "one_league": pmsg("publish", "League"),
    "one_list": pmsg("publish", "List"),
    "players": pmsg("publish", "Players"),
    "ranking": pmsg("publish", "Ranking"),
    "tables": pmsg("publish", "Tables"),
    "teams": pmsg("publish", "Teams"),
    "prizes": pmsg("publish", "Prizes"),
    "sheet": pmsg("publish", "Sheet"),
    "days": pmsg("publish", "Match days"),
    "evenings": pmsg("publish", "Evenings"),
    "event": pmsg("publish", "Event"),
    "date": pmsg("publish", "Date"),
    "place": pmsg("publish", "Place"),
    "score": pmsg("publish", "Score"),
    "rating": pmsg("publish", "Rating"),
    "rating_after": pmsg("publish", "Rating after"),
    "events": pmsg("publish", "Events"),
    "year_end": pmsg("publish", "New Year's Eve"),
    "spellings": pmsg("publish", "Also written: {names}"),
    "rating_note": pmsg(
        "publish",
        "Rating: the British Skat Association's method (start 20, each event moves it by its "
        "weight towards the share of match points scored), see docs/rules.md §R.",
    ),
    "rating_chart": pmsg("publish", "Rating after each event"),
    "hidden_sheet": pmsg(
        "publish", "The sheet of this table is not published: not every player is named here."
    ),
    "nav": pmsg("publish", "Where you are"),
    "made": pmsg("publish", "Published with skatliste from the lists as they were then."),
    "of": pmsg("publish", "{place}. of {count}"),
    "in_progress": pmsg("publish", "still playing: the numbers will change"),
}
"""The site's own words (context "publish"); the tables' heads are the tournament's, the
season's and the league's."""


@cache
def text(lang: Lang) -> dict[str, str]:
    """The site's words in ``lang``, placeholders left to fill in."""
    t = translations(lang)
    return {key: t.pgettext(m.context or "", m.text) for key, m in _TEXT.items()}


@dataclass(frozen=True)
class Link:
    text: str
    href: str
    """Relative to the site's root."""
    note: str = ""


Cell = str | Link


@dataclass(frozen=True)
class Table:
    headers: Sequence[str]
    rows: Sequence[Sequence[Cell]]
    align: str
    """``l`` or ``r`` a column."""
    id: str = ""


@dataclass
class Section:
    heading: str = ""
    notes: list[str] = field(default_factory=list)
    table: Table | None = None
    svg: str = ""
    links: list[Link] = field(default_factory=list)
    html: str = ""
    id: str = ""


@dataclass
class Page:
    key: str
    title: str
    crumbs: list[Link] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    meta: str = ""


@cache
def _env() -> Environment:
    return Environment(
        loader=PackageLoader("skatliste.web", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _root(key: str) -> str:
    """The way from a page up to the site's root: ``../`` for each folder of its key."""
    return "../" * key.count("/")


def _body(table: Table, root: str) -> Markup:
    """A table's rows as HTML (drawn here: a template's loop per cell is most of a site's
    time)."""
    esc = html.escape
    out = []
    for row in table.rows:
        cells = []
        for c, a in zip(row, table.align, strict=False):
            td = '<td class="n">' if a == "r" else "<td>"
            if isinstance(c, Link):
                cells.append(f'{td}<a href="{esc(root + c.href)}">{esc(c.text)}</a></td>')
            else:
                cells.append(f"{td}{esc(c)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    return Markup("\n".join(out))


def draw(page: Page, site: Site, lang: Lang) -> str:
    """One page as HTML."""
    template = _env().get_template("publish.html")
    root = _root(page.key)
    return template.render(
        body=lambda table: _body(table, root),
        page=page,
        site=site.title,
        root=root,
        lang=lang,
        w=text(lang),
        made=text(lang)["made"],
        own_heading="<h1" in "".join(s.html for s in page.sections),
    )


# --- names ------------------------------------------------------------------------------------


def _name(site: Site, name: str, suffix: str = "") -> Cell:
    """A player's cell: a link to the player's page, the initials, or the name."""
    shown = site.shown(name) or ""
    link = site.link(name)
    return Link(shown + suffix, link) if link else shown + suffix


def _rows(
    site: Site, lines: Sequence[Any], name: Callable[[Any], str], row: Callable[[Any], list[Cell]]
) -> list[list[Cell]]:
    """The rows of the lines whose player the site shows."""
    return [row(x) for x in lines if not site.hidden(name(x))]


# --- a tournament -----------------------------------------------------------------------------


def _ranking_table(site: Site, standings: Sequence[Any], lang: Lang, id: str) -> Table:
    numbers = sorted({s for x in standings for s in x.series})
    t = rt.text(lang)
    headers = [t["place"], t["name"], t["club"], *[f"S{n}" for n in numbers], t["total"],
               t["points"], t["won"], t["lost"]]  # fmt: skip
    rows = _rows(
        site,
        standings,
        lambda x: x.name,
        lambda x: [
            f"{x.place}.",
            _name(site, x.name, " *" if x.in_progress else ""),
            x.club,
            *[number(x.series[n]) if n in x.series else "-" for n in numbers],
            number(x.seeger_fabian),
            number(x.points),
            str(x.won),
            str(x.lost),
        ],
    )
    return Table(headers, rows, "rll" + "r" * (len(numbers) + 4), id)


def _tournament(site: Site, e: Event, d: TournamentData, lang: Lang) -> list[Page]:
    t, w = rt.text(lang), text(lang)
    sections = [
        Section(w["ranking"], table=_ranking_table(site, d.ranking.standings, lang, "ranking"))
    ]
    if d.ranking.in_progress:
        sections[0].notes.append("* " + w["in_progress"])
    for r in d.series:
        heading = t["series_heading"].format(series=r.series)
        table = _ranking_table(site, r.standings, lang, f"series-{r.series}")
        sections.append(Section(heading, table=table))
    rows: list[list[Cell]] = []
    for s in d.tables:
        names = ", ".join(n for n in (site.shown(p) for p in s.players) if n)
        key = d.sheets.get((s.series, s.table))
        state = t.get(s.state, s.state)
        if s.state == "in progress":
            state += f" ({s.games}/{s.length})"
        rows.append([str(s.series), str(s.table), names, Link(w["sheet"], key) if key else state])
    if rows:
        heads = [t["series_h"], t["table"], t["players_seated"], t["state"]]
        sections.append(Section(w["tables"], table=Table(heads, rows, "rrll", "tables")))
    if d.teams:
        team_rows: list[list[Cell]] = [
            [f"{x.place}.", x.club + (" †" if x.short else ""), number(x.seeger_fabian),
             ", ".join(f"{site.shown(n)} {number(v)}" for n, v in x.members if site.shown(n))]
            for x in d.teams
        ]  # fmt: skip
        heads = [t["place"], t["club"], t["total"], t["counted"]]
        sections.append(Section(w["teams"], table=Table(heads, team_rows, "rlrl", "teams")))
    if d.prizes:
        prize_rows: list[list[Cell]] = [
            [f"{x.place}.", _name(site, x.name), rt.money(x.amount, lang)]
            for x in d.prizes
            if not site.hidden(x.name)
        ]
        heads = [t["place"], t["name"], t["prize"]]
        sections.append(Section(w["prizes"], table=Table(heads, prize_rows, "rlr", "prizes")))
    meta = " · ".join(x for x in (e.day.isoformat() if e.day else "",) if x)
    return [Page(e.key, e.title, [_year(e)], sections, meta)]


# --- a season ---------------------------------------------------------------------------------


def _season(site: Site, e: Event, d: SeasonData, lang: Lang) -> list[Page]:
    st, w, t = d.standing, text(lang), rs.text(lang)
    rules = [m.render(lang) for m in rs.rules_lines(st.rules)]
    headers, _ = rs.standing_rows(st, lang)
    rows = _rows(
        site,
        st.lines,
        lambda x: x.name,
        lambda x: [_cell(site, i, c, x.name) for i, c in enumerate(rs._row(x, lang))],
    )
    table = Table(headers, rows, "rllrrrrrl", "standing")
    first = Section(w["ranking"], notes=rules, table=table)
    shown = {n: v for n, v in d.progress.items() if not site.hidden(n)}
    names = {site.shown(n) or n: v for n, v in shown.items()}
    first.svg = rs.chart(d.days, names, st.rules, lang)
    note = rs.not_ranked_note(st)
    after = [m.render(lang) for m in ([note] if note else []) + rs.missing_lines(st.missing)]
    sections = [first, Section(notes=after)] if after else [first]
    links = []
    for day, paths in d.evenings:
        for rel, key in paths:
            links.append(Link(f"{day}: {rel}", key) if key else Link(f"{day}: {rel}", ""))
    sections.append(Section(w["evenings"], links=links))
    return [Page(e.key, e.title, [_year(e)], sections, t["standing"])]


def _cell(site: Site, i: int, value: str, name: str) -> Cell:
    return _name(site, name) if i == 1 else value


# --- a league ---------------------------------------------------------------------------------


def _league(site: Site, e: Event, d: LeagueData, lang: Lang) -> list[Page]:
    t, w = rl.text(lang), text(lang)
    table = Table(rl._table_headers(lang), rl._table_rows(d.table), "rlrrr", "table")
    players = Table(
        [t["place"], t["name"], t["team"], t["series"], t["sf"], t["won"], t["lost"]],
        _rows(
            site,
            d.players,
            lambda x: x.name,
            lambda x: [
                f"{x.place}.",
                _name(site, x.name, " *" if x.in_progress else ""),
                x.team,
                str(x.series),
                with_minus(x.seeger_fabian),
                str(x.won),
                str(x.lost),
            ],
        ),
        "rllrrrr",
        "players",
    )
    days = [Link(rl.day_title(r, e.title, lang), key) for key, r in d.days]
    note = rl.table_note(d.table, lang)
    sections = [Section(t["table"], table=table, notes=[] if note is None else [note]),
                Section(w["days"], links=days),
                Section(t["players"], table=players)]  # fmt: skip
    pages = [Page(e.key, e.title, [_year(e)], sections)]
    for key, r in d.days:
        pages.append(_day(site, e, key, r, lang))
    return pages


def _day(site: Site, e: Event, key: str, r: Any, lang: Lang) -> Page:
    t = rl.text(lang)
    sections = []
    for heading, rows in rl._series_rows(r, lang):
        table = Table([t["team"], t["score"], t["points"]], rows, "lrr")
        sections.append(Section(heading, table=table))
    day_heads = [t["place"], t["team"], t["points"], t["score"]]
    sections.append(
        Section(t["day_total"], table=Table(day_heads, rl._day_rows(r, lang), "rlrr", "day"))
    )
    if r.series:
        headers, rows, align = rl._player_table(r, lang)
        named = [
            [row[0], _name(site, p.name), *row[2:]]
            for row, p in zip(rows, r.players, strict=True)
            if not site.hidden(p.name)
        ]
        sections.append(
            Section(t["the_players"], table=Table(headers, named, align, "day-players"))
        )
    if r.in_progress:
        sections.append(Section(notes=[t["playing"]]))
    note = rl.provisional_note(r, lang)
    if note is not None:
        sections.append(Section(notes=[note]))
    crumbs = [_year(e), Link(e.title, e.key)]
    return Page(key, rl.day_title(r, e.title, lang), crumbs, sections)


# --- lists and sheets ---------------------------------------------------------------------------


def _sheet(site: Site, s: Sheet, e: Event | None, lang: Lang) -> Page:
    crumbs = [] if e is None else [_year(e), Link(e.title, e.key)]
    if any(site.shown(p) != p for p in s.players):
        return Page(s.key, s.title, crumbs, [Section(notes=[text(lang)["hidden_sheet"]])])
    page = export(s.ledger, "html", lang=lang)
    body = page.partition("<body>")[2].rpartition("</body>")[0]
    return Page(s.key, s.title, crumbs, [Section(html=body)])


# --- the players ------------------------------------------------------------------------------


def _score(value: Any, lang: Lang) -> str:
    return rs.number(value, lang)


def _rating(value: float, lang: Lang) -> str:
    out = f"{value:.1f}"
    return out.replace(".", ",") if lang == "de" else out


def _player(site: Site, p: Person, lang: Lang) -> Page:
    w = text(lang)
    kinds = {k: w[f"one_{k.value}"] for k in Kind}
    rows: list[list[Cell]] = []
    for a in p.appearances:
        place = w["of"].format(place=a.place, count=a.of) if a.place else "–"
        series = " · ".join(f"S{n} {number(v)}" for n, v in a.series)
        rows.append([a.day.isoformat() if a.day else "", kinds[a.kind], Link(a.title, a.key),
                     place, _score(a.score, lang), series])  # fmt: skip
    heads = [w["date"], "", w["event"], w["place"], w["score"], rt.text(lang)["series_h"]]
    sections = [Section(w["events"], table=Table(heads, rows, "lllrrl", "events"))]
    others = sorted(s for s in p.spellings if s != p.name)
    if others:
        sections[0].notes.append(w["spellings"].format(names=", ".join(others)))
    if p.steps:
        titles = {a.key: a.title for a in p.appearances}
        values = [round(p.steps[0].before), *(round(s.after) for s in p.steps)]
        svg = line_chart({p.name: values}, title=w["rating_chart"], x_label=w["events"],
                         y_label=w["rating"])  # fmt: skip
        steps: list[list[Cell]] = [
            [s.day.isoformat(), Link(titles.get(s.key, s.key), s.key) if s.key else w["year_end"],
             f"{100 * s.share:.0f} %", _rating(s.after, lang)]
            for s in p.steps
        ]  # fmt: skip
        heads = [w["date"], w["event"], "M/T", w["rating_after"]]
        sections.append(Section(w["rating"], notes=[w["rating_note"]], svg=svg,
                                table=Table(heads, steps, "llrr", "rating")))  # fmt: skip
    crumbs = [Link(w["players"], "players/index.html")]
    meta = f"{w['rating']}: {_rating(p.steps[-1].after, lang)}" if p.steps else ""
    return Page(p.key, p.name, crumbs, sections, meta)


def _players(site: Site, lang: Lang) -> Page:
    w = text(lang)
    people = [p for p in site.people.values() if not site.hidden(p.name)]
    people.sort(key=lambda p: (-(p.steps[-1].after if p.steps else 0), p.name))
    rows: list[list[Cell]] = []
    for p in people:
        shown = site.shown(p.name) or ""
        link = site.link(p.name)
        rating = _rating(p.steps[-1].after, lang) if p.steps else "–"
        rows.append([Link(shown, link) if link else shown, str(len(p.appearances)), rating])
    table = Table([w["players"], w["events"], w["rating"]], rows, "lrr", "players")
    return Page(
        "players/index.html", w["players"], [], [Section(notes=[w["rating_note"]], table=table)]
    )


# --- the index --------------------------------------------------------------------------------


def _year(e: Event | Summary) -> Link:
    return Link(e.year, f"index.html#y{e.year}")


def _note(e: Summary, lang: Lang) -> str:
    """An event's day on the index, and whether it is still being played."""
    day = e.day.isoformat() if e.day else ""
    return f"{day} · {text(lang)['in_progress']}" if e.live else day


def _index(site: Site, lang: Lang) -> Page:
    w = text(lang)
    sections = []
    years = sorted({e.year for e in site.summaries}, reverse=True)
    for year in years:
        sections.append(Section(year, id=f"y{year}"))
        for kind in Kind:
            found = [e for e in site.summaries if e.year == year and e.kind is kind]
            found.sort(key=lambda e: (e.day.isoformat() if e.day else "", e.title), reverse=True)
            if found:
                links = [Link(e.title, e.key, _note(e, lang)) for e in found]
                sections.append(Section(w[kind.value], links=links))
    sections.append(Section(w["players"], links=[Link(w["players"], "players/index.html")]))
    return Page("index.html", site.title, [], sections)


# --- the site ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """The site's pages drawn now, and the sheets left as they were."""

    pages: dict[str, str]
    """Each page drawn, by its key, and the style sheet."""
    tags: dict[str, str]
    """Each sheet's tag (``Sheet.tag``): what its page was drawn from."""
    kept: list[str]
    """The pages not drawn again: a sheet whose tag is the one of the page already there, and
    the pages of the sources not read again."""


def draw_site(site: Site, lang: Lang, *, known: Mapping[str, str] | None = None) -> Drawn:
    """Every page of the site by its key; a sheet whose tag is in ``known`` as it is now (its
    list unchanged since its page was drawn) is not drawn again. A sheet is most of a site's
    pages and its list the one thing it shows."""
    out: list[Page] = [_index(site, lang), _players(site, lang)]
    by_source: dict[str, Event] = {}
    for e in site.events:
        d = e.data
        if isinstance(d, TournamentData):
            out += _tournament(site, e, d, lang)
            for key in d.sheets.values():
                by_source[key] = e
        elif isinstance(d, SeasonData):
            out += _season(site, e, d, lang)
        elif isinstance(d, LeagueData):
            out += _league(site, e, d, lang)
        elif isinstance(d, ListData):
            by_source[d.sheet] = e
    privacy = (sorted(site.privacy.initials), sorted(site.privacy.hidden))
    tags, kept = {}, []
    for s in site.sheets:
        of = by_source.get(s.key)
        tag = s.tag(lang, site.title, of.key if of else "", of.title if of else "", privacy)
        tags[s.key] = tag
        if known is not None and known.get(s.key) == tag:
            kept.append(s.key)
            continue
        out.append(_sheet(site, s, of if of is not None and of.key != s.key else None, lang))
        if of is not None and of.key == s.key:
            out[-1].crumbs = [_year(of)]
    _not_read(site, known or {}, kept, tags)
    for p in site.people.values():
        if site.link(p.name):
            out.append(_player(site, p, lang))
    found = {page.key: draw(page, site, lang) for page in out}
    found[STYLE_FILE] = STYLE
    return Drawn(found, tags, kept)


def _not_read(site: Site, known: Mapping[str, str], kept: list[str], tags: dict[str, str]) -> None:
    """The sources not read again: their pages and sheets stand as the last run drew them
    (each sheet keeps its tag)."""
    fresh = {e.key for e in site.events}
    for x in site.summaries:
        if x.key in fresh:
            continue
        kept += x.pages
        for key in x.keys:
            if key.endswith(".html") and key not in x.pages:
                kept.append(key)
                tags[key] = known.get(key, "")


def pages(site: Site, lang: Lang) -> dict[str, str]:
    """Every page of the site by its key, and the style sheet, all drawn now."""
    return draw_site(site, lang).pages


STYLE = (
    CSS
    + """
body { max-width: 60em; margin: 0 auto; padding: .8em; line-height: 1.4; }
header.site nav { font-size: 10pt; padding: .3em 0 .6em; border-bottom: 1px solid #ccc; }
header.site nav a { color: #0b4f7c; }
a { color: #0b4f7c; }
ul.links { padding-left: 1.2em; }
ul.links li { margin: .2em 0; }
span.note, p.note, footer { color: #555; }
/* a table wider than the phone scrolls in its box; a shadow on the side with more says so,
   drawn by CSS alone (the covers scroll with the table, the shadows stay with the box) */
div.scroll {
  overflow-x: auto; max-width: 100%;
  background:
    linear-gradient(to right, #fff 30%, rgba(255, 255, 255, 0)) left / 2.5em 100% no-repeat local,
    linear-gradient(to left, #fff 30%, rgba(255, 255, 255, 0)) right / 2.5em 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, .3), transparent)
      left / 1em 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, .3), transparent)
      right / 1em 100% no-repeat scroll;
}
div.scroll:focus { outline: 2px solid #0b4f7c; }
figure { margin: .5em 0; }
footer { font-size: 8pt; margin-top: 2em; border-top: 1px solid #ccc; padding-top: .4em; }
@media screen and (max-width: 40em) {
  body { padding: .4em; font-size: 11pt; }
  table { font-size: 10pt; }
}
@media print {
  header.site, footer { display: none; }
  a { color: inherit; text-decoration: none; }
  div.scroll { overflow: visible; background: none; }
}
"""
)
"""The site's one style sheet: the printable pages' style, and a phone's and a printer's
adjustments."""
