"""A club's season on paper: the standing as a text table, CSV, JSON and a printable A4 page
with a chart of the top players' progress (the list's own line chart, ``export.line_chart``);
a player's history; the club ranking. Strings only; the edges print or write them.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

from skatliste.i18n import Lang, Message, msg, nmsg, pmsg, translations
from skatliste.printed import with_minus
from skatliste.render.cells import DECIMAL, CsvWriter
from skatliste.render.page import escaped as _e
from skatliste.render.page import page
from skatliste.render.plain import plain_table
from skatliste.season import (
    ClubLine,
    Missing,
    PlayerPage,
    Rule,
    ScoreKind,
    SeasonRules,
    Standing,
    shown,
)

_TEXT: dict[str, Message] = {
    "place": pmsg("season", "Place"),
    "name": pmsg("season", "Name"),
    "club": pmsg("season", "Club"),
    "series": pmsg("season", "Series"),
    "evenings": pmsg("season", "Evenings"),
    "counted": pmsg("season", "Counted"),
    "score": pmsg("season", "Score"),
    "best": pmsg("season", "Best"),
    "dropped": pmsg("season", "Dropped"),
    "date": pmsg("season", "Date"),
    "list": pmsg("season", "List"),
    "points": pmsg("season", "Points"),
    "won": pmsg("season", "Won"),
    "lost": pmsg("season", "Lost"),
    "counts": pmsg("season", "counts"),
    "drops": pmsg("season", "dropped"),
    "total": pmsg("season", "Total"),
    "players": pmsg("season", "Players counted"),
    "evening": pmsg("season", "Evening"),
    "chart": pmsg("season", "Season progress of the top {n}"),
    "stats": pmsg("season", "Statistics of the season"),
    "standing": pmsg("season", "Standing"),
}
"""The words of the season's tables and pages (context "season": a column head)."""


@cache
def text(lang: Lang) -> dict[str, str]:
    """The season's words in ``lang``, placeholders left to fill in."""
    t = translations(lang)
    return {key: t.pgettext(m.context or "", m.text) for key, m in _TEXT.items()}


def number(value: int | Decimal, lang: Lang = "de") -> str:
    """A score as the lists print it (−98), an average with the language's decimal mark."""
    if isinstance(value, int):
        return with_minus(value)
    out = f"{value}".replace("-", "−")
    return out.replace(".", ",") if lang == "de" else out


# --- the rules in words ------------------------------------------------------------------------


def _counting(rules: SeasonRules) -> Message | None:
    if rules.best is not None:
        return nmsg("only the best series counts", "only the best {count} series count", rules.best)
    if rules.drop is not None:
        return nmsg(
            "the worst series is dropped", "the {count} worst series are dropped", rules.drop
        )
    if rules.drop_from is not None:
        most: Message | str = (
            ""
            if rules.drop_max is None
            else nmsg(", at most {count}", ", at most {count}", rules.drop_max)
        )
        return msg(
            "from the {start}th series on the worst is dropped, one more at every {step}th "
            "series after it{most}",
            start=rules.drop_from,
            step=rules.drop_every,
            most=most,
        )
    return None


def rules_lines(rules: SeasonRules) -> list[Message]:
    """The season's rules, one line each, as ``season rules`` shows them."""
    score = (
        msg("a series scores its Seeger-Fabian points")
        if rules.score is ScoreKind.SEEGER_FABIAN
        else msg("a series scores its list points")
    )
    rule = (
        msg("the season score is the sum of the counted series")
        if rules.rule is Rule.SUM
        else msg("the season score is the average of the counted series (two decimals)")
    )
    out = [score, rule]
    counting = _counting(rules)
    out.append(counting if counting is not None else msg("every series counts"))
    series = nmsg("{count} series", "{count} series", rules.min_series)
    evenings = nmsg("{count} evening", "{count} evenings", rules.min_evenings)
    if rules.min_series and rules.min_evenings:
        out.append(
            msg(
                "ranked with at least {series} and {evenings}; the others are listed below, "
                "without a place",
                series=series,
                evenings=evenings,
            )
        )
    elif rules.min_series or rules.min_evenings:
        out.append(
            msg(
                "ranked with at least {least}; the others are listed below, without a place",
                least=series if rules.min_series else evenings,
            )
        )
    if rules.attendance:
        out.append(msg("{points} points for every evening attended", points=rules.attendance))
    return out


def missing_lines(missing: Sequence[Missing]) -> list[Message]:
    """Each path of an evening that is not there, named (never silently skipped)."""
    return [
        msg(
            "the evening of {date}: {path} is missing; its series do not count",
            date=m.date,
            path=m.path,
        )
        for m in missing
    ]


# --- the standing --------------------------------------------------------------------------------


def _headers(lang: Lang) -> list[str]:
    t = text(lang)
    keys = ("place", "name", "club", "series", "evenings", "counted", "score", "best", "dropped")
    return [t[k] for k in keys]


def _row(x: Any, lang: Lang) -> list[str]:
    return [
        f"{x.place}." if x.place is not None else "–",
        x.name,
        x.club or "",
        str(x.series),
        str(x.evenings),
        str(x.counted),
        number(x.shown, lang),
        "" if x.best is None else with_minus(x.best),
        " ".join(with_minus(v) for v in x.dropped),
    ]


def title(st: Standing) -> Message:
    return nmsg("{name} · {count} evening", "{name} · {count} evenings", st.evenings, name=st.name)


def standing_rows(st: Standing, lang: Lang = "de") -> tuple[list[str], list[list[str]]]:
    """The standing's column heads and one row of text cells a player."""
    return _headers(lang), [_row(x, lang) for x in st.lines]


def standing_table(st: Standing, lang: Lang = "de") -> str:
    """The standing as a text table; the players below the minimum after a line of their
    own."""
    ranked = [_row(x, lang) for x in st.lines if x.ranked]
    others = [_row(x, lang) for x in st.lines if not x.ranked]
    body: list[list[str] | None] = [*ranked]
    if others:
        body += [None, *others] if ranked else others
    return plain_table(_headers(lang), body, "rllrrrrrl")


def not_ranked_note(st: Standing) -> Message | None:
    """Under the table: who is not ranked, and why."""
    if all(x.ranked for x in st.lines):
        return None
    return msg("–: not ranked (nicht gewertet), short of the fewest series or evenings")


def standing_csv(st: Standing, lang: Lang = "en") -> str:
    """One row a player: place, name, club, series, evenings, counted, score, best, dropped,
    ranked, in the CSV of ``lang``."""
    out = io.StringIO()
    w = CsvWriter(out, lang=lang, lineterminator="\n")
    w.writerow(
        [
            "place",
            "name",
            "club",
            "series",
            "evenings",
            "counted",
            "score",
            "best",
            "dropped",
            "ranked",
        ]
    )
    for x in st.lines:
        w.writerow(
            [
                "" if x.place is None else x.place,
                x.name,
                x.club or "",
                x.series,
                x.evenings,
                x.counted,
                x.shown,
                "" if x.best is None else x.best,
                " ".join(str(v).replace(".", DECIMAL[lang]) for v in x.dropped),
                x.ranked,
            ]
        )
    for m in st.missing:
        w.writerow(["", f"missing: {m.date} {m.path}", "", "", "", "", "", "", "", ""])
    return out.getvalue()


def to_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def chart(
    days: Sequence[date], lines: dict[str, list[Fraction]], rules: SeasonRules, lang: Lang
) -> str:
    """The top players' season score after each evening, drawn by the list's line chart."""
    from skatliste.render.skat_export import line_chart

    if not days or not lines:
        return ""
    t = text(lang)
    series = {name: [0, *(round(v) for v in values)] for name, values in lines.items()}
    label = msg("Score ({rule})", rule=rules.rule.value).render(lang)
    return line_chart(
        series, title=t["chart"].format(n=len(lines)), x_label=t["evening"], y_label=label
    )


def standing_html(
    st: Standing,
    days: Sequence[date],
    lines: dict[str, list[Fraction]],
    lang: Lang = "de",
) -> str:
    """The standing as a printable A4 page: the rules, the chart of the top players' progress,
    the table, what is missing."""
    rules = "".join(f'<p class="note">{_e(m.render(lang))}</p>' for m in rules_lines(st.rules))
    head = "".join(
        f'<th class="n">{_e(h)}</th>' if i in (0, 3, 4, 5, 6, 7) else f"<th>{_e(h)}</th>"
        for i, h in enumerate(_headers(lang))
    )
    rows = []
    for x in st.lines:
        cells = _row(x, lang)
        tds = "".join(
            f'<td class="n">{_e(c)}</td>' if i in (0, 3, 4, 5, 6, 7) else f"<td>{_e(c)}</td>"
            for i, c in enumerate(cells)
        )
        rows.append(f'<tr class="{"ranked" if x.ranked else "unranked"}">{tds}</tr>')
    body = rules + chart(days, lines, st.rules, lang)
    body += f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    note = not_ranked_note(st)
    for m in ([note] if note else []) + missing_lines(st.missing):
        body += f'<p class="note">{_e(m.render(lang))}</p>'
    return page(title(st).render(lang), body, lang)


# --- a player, the clubs ------------------------------------------------------------------------


def player_rows(page: PlayerPage, lang: Lang = "de") -> tuple[list[str], list[list[str]]]:
    """A player's series, in the order played: the day, the list, its score, counted or
    dropped, the list points and games won and lost."""
    t = text(lang)
    body = [
        [
            c.evening.isoformat(),
            c.series,
            with_minus(c.score),
            t["counts"] if c.counted else t["drops"],
            with_minus(c.result.points),
            str(c.result.won),
            str(c.result.lost),
        ]
        for c in page.history.series
    ]
    return [t["date"], t["list"], t["score"], "", t["points"], t["won"], t["lost"]], body


def player_table(page: PlayerPage, lang: Lang = "de") -> str:
    """A player's series as a text table."""
    headers, body = player_rows(page, lang)
    return plain_table(headers, body, "llrlrrr")


def player_line(page: PlayerPage, lang: Lang = "de") -> str:
    """The player's line of the standing, in words."""
    x = page.history.line
    place = f"{x.place}." if x.place is not None else "–"
    return msg(
        "{name}: place {place}, {score} from {counted} of {series} series on {evenings} evenings",
        name=x.name,
        place=place,
        score=number(x.shown, lang),
        counted=x.counted,
        series=x.series,
        evenings=x.evenings,
    ).render(lang)


def stats_table(page: PlayerPage, lang: Lang = "de") -> str:
    """The player's numbers as ``skatliste stats`` shows them: the counts, then won/declared
    by game type."""
    headers, rows = page.stats.cells(lang)
    first = plain_table(headers, rows, "l" + "r" * (len(headers) - 1))
    headers, row = by_game(page, lang)
    if not row[1:]:
        return first
    return first + "\n\n" + plain_table(headers, [row], "l" + "r" * (len(row) - 1))


def by_game(page: PlayerPage, lang: Lang = "de") -> tuple[list[str], list[str]]:
    """The heads and the row of won/declared by game type, in the order of the game types."""
    kinds = page.stats.by_kind()
    row = [page.name, *(cell for _, cell in kinds)]
    return [msg("won/declared").render(lang), *(kind for kind, _ in kinds)], row


def teams_table(lines: Sequence[ClubLine], rule: Rule, lang: Lang = "de") -> str:
    """The clubs: place, club (``†`` with fewer players than the team), total, the players
    counted with their season scores."""
    t = text(lang)
    body = [
        [
            f"{x.place}.",
            x.club + (" †" if x.short else ""),
            number(shown(x.score, rule), lang),
            ", ".join(f"{n} {number(shown(v, rule), lang)}" for n, v in x.members),
        ]
        for x in lines
    ]
    return plain_table([t["place"], t["club"], t["total"], t["players"]], body, "rlrl")
