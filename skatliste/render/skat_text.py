"""Sheet and summary → text (the tables of ``render.plain``), CSV, Markdown or JSON strings.
Never prints."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from skatliste.i18n import Lang, Message, msg, nmsg, pmsg
from skatliste.money import Settlement, Way
from skatliste.printed import MINUS, signed
from skatliste.render.cells import markdown_text
from skatliste.render.plain import text_table
from skatliste.skat.entries import GameEntry, PassedEntry, RamschEntry, Table
from skatliste.skat.explain import explain, explain_ramsch, headline, paper_line
from skatliste.skat.row import Row
from skatliste.skat.rulesets import Ranking
from skatliste.skat.sheet import value_cell
from skatliste.skat.summary import Summary
from skatliste.skat.words import to_words

TEXT: dict[str, Message] = {
    "nr": msg("No"),
    "dealer": msg("Dealer"),
    "declarer": msg("Declarer"),
    "game": msg("Game"),
    "value": msg("Value"),
    "passed": msg("all passed"),
    "overbid": msg("overbid"),
    "player": msg("Player"),
    "total": msg("Points"),
    "sf": msg("Seeger-Fabian"),
    "declared": msg("Games"),
    "won": pmsg("page column", "won"),
    "lost_short": pmsg("page column", "lost"),
    "rank": msg("Rank"),
    "balance": msg("Balance"),
    "marks": msg(
        "B = Bock, R = Ramsch round, ≠ = paper value differs, ! = impossible game (skatliste check)"
    ),
    "empty": msg("No games yet."),
}
"""The words of the text, by their key (German in the catalogue)."""


def words_in(lang: Lang) -> dict[str, str]:
    """The words in ``lang``."""
    return {key: text.render(lang) for key, text in TEXT.items()}


def describe(row: Row, lang: Lang = "de", *, words: dict[str, str] | None = None) -> str:
    """The game in words, as on the paper list: ``Kreuz mit 2 Hand, verloren, Kontra``
    (``words``: ``words_in(lang)``, looked up once for a whole sheet)."""
    t = words_in(lang) if words is None else words
    e = row.entry
    if isinstance(e, PassedEntry):
        return t["passed"]
    if isinstance(e, RamschEntry):
        return describe_ramsch(row, lang)
    if row.result is None:
        return f"{to_words(e.declaration, e.outcome)} !"
    return headline(row.result, lang)


def describe_ramsch(row: Row, lang: Lang = "de") -> str:
    """``Ramsch: Anna 45, Ben 40, Carl 35, Jungfrau Ben, geschoben 1``."""
    e = row.entry
    assert isinstance(e, RamschEntry)
    parts = [", ".join(f"{n} {a}" for n, a in e.augen)]
    if e.skat is not None:
        parts.append(f"Skat {e.skat}")
    if e.jungfrau:
        parts.append("Jungfrau " + ", ".join(e.jungfrau))
    if e.durchmarsch:
        parts.append(f"Durchmarsch {e.durchmarsch}")
    if e.pushes:
        parts.append(nmsg("pushed {count}", "pushed {count}", e.pushes).render(lang))
    text = "Ramsch: " + ", ".join(parts)
    return text if row.error is None else text + " !"


def marks(row: Row) -> str:
    """B for Bock (once per doubling), R for a Ramsch round, ≠ for a paper value that
    differs, ! for an impossible game: one that cannot be scored, or that the rules forbid
    where it stands (a dealer who declares at a table of four, a Ramsch outside its round)."""
    out = "B" * row.doublings
    if row.ramsch_round:
        out += "R"
    if row.paper_mismatch:
        out += "≠"
    if row.error is not None or row.problems:
        out += "!"
    if row.entry.inserted:
        out += "*"
    return out


def _mark(row: Row) -> str:
    """``marks(row)``, with the common case first: most games have no Bock, no Ramsch round,
    no paper value and no problem."""
    if row.bock or row.ramsch_round or row.problems or row.error is not None or row.entry.inserted:
        return marks(row)
    result, e = row.result, row.entry
    if result is not None and (result.outcome.bock or (type(e) is GameEntry and e.paper)):
        return marks(row)
    return ""


def sheet_records(table: Table, sheet: Sequence[Row], lang: Lang = "de") -> list[dict[str, Any]]:
    """One plain dict per game: facts and derived values (for JSON and CSV)."""
    out: list[dict[str, Any]] = []
    for row in sheet:
        e = row.entry
        rec: dict[str, Any] = {
            "number": row.number,
            "round": row.round,
            "dealer": row.dealer,
            "declarer": e.declarer if isinstance(e, GameEntry) else None,
            "kind": "game"
            if isinstance(e, GameEntry)
            else ("ramsch" if isinstance(e, RamschEntry) else "passed"),
            "game": describe(row, lang),
            "words": to_words(e.declaration, e.outcome) if isinstance(e, GameEntry) else "",
            "won": None if row.result is None else row.result.won,
            "overbid": None if row.result is None else row.result.overbid,
            "game_value": None if row.result is None else row.result.game_value,
            "list_points": None if row.result is None else row.result.list_points,
            "bock": row.doublings,
            "ramsch_round": row.ramsch_round,
            "paper": (e.paper.value if isinstance(e, GameEntry) and e.paper is not None else None),
            "paper_mismatch": row.paper_mismatch,
            "error": None if row.error is None else row.error.render(lang),
            "totals": row.totals,
            "seeger_fabian": row.sf_points,
            "seeger_fabian_totals": row.sf_totals,
            "note": e.note,
        }
        out.append(rec)
    return out


def render_sheet(
    table: Table, sheet: Sequence[Row], *, fmt: str = "plain", lang: Lang = "de"
) -> str:
    """The list as on paper: one line a game, running totals, a line between rounds (``plain``,
    ``grid`` or ``md``, drawn by ``render.plain.text_table``; the CSV and JSON of a list are
    ``skatliste.render.skat_export``'s)."""
    t = words_in(lang)
    if not sheet:
        return t["empty"]
    headers = [t["nr"], t["dealer"], t["declarer"], t["game"], t["value"], "", *table.players]
    body: list[tuple[str, ...] | None] = []
    # a long sheet repeats few games: a game's words and value are drawn once per result
    # (the rows hold the results, so an id stays that of a living one); a player's total is
    # drawn again only when it changed
    drawn: dict[int, tuple[str, str]] = {}
    players = table.players
    shown = [(0, "0")] * len(players)
    series = table.series
    any_marks = False
    last_round = sheet[0].round
    for row in sheet:
        if row.round != last_round:
            body.append(None)  # a line between rounds
            last_round = row.round
        e = row.entry
        result = row.result
        cells = drawn.get(id(result)) if result is not None else None
        if cells is None:
            cells = (describe(row, lang, words=t), value_cell(row))
            if result is not None:
                drawn[id(result)] = cells
        mark = _mark(row)
        any_marks = any_marks or bool(mark)
        for i, n in enumerate(row.list_totals):
            if n != shown[i][0]:
                shown[i] = (n, signed(n))
        note = e.note
        body.append(
            (
                f"{row.number}/{series}" if series else str(row.number),
                row.dealer,
                e.declarer if type(e) is GameEntry else "",
                f"{cells[0]} · „{note}“" if note else cells[0],
                cells[1],
                mark,
                *[cell for _, cell in shown],
            )
        )
    align = "rlllrl" + "r" * table.size
    if fmt == "md":
        headers = [markdown_text(h) for h in headers]
        body = [None if line is None else tuple(map(markdown_text, line)) for line in body]
    text = text_table(headers, body, align, fmt)
    after = _legends(sheet, lang, marks=t["marks"] if any_marks else None)
    if fmt == "md" and after:
        # a line right under a pipe table is one more row of it (CommonMark, GFM): a blank
        # line ends the table, and each line is a paragraph of its own, its text escaped
        return text + "\n\n" + "\n\n".join(markdown_text(line) for line in after)
    return "\n".join([text, *after])


def later_legend(sheet: Sequence[Row], lang: Lang) -> str | None:
    """``* = entered later (game 5): ...``: the games entered later between games played,
    where the rounds' count no longer matches the games (docs/rules.md §8); None for none."""
    later = [str(row.number) for row in sheet if row.entry.inserted]
    if not later:
        return None
    return nmsg(
        "* = entered later (game {games}): played between, it counts in no Bock or "
        "Ramsch round; the rounds around it keep their games as played",
        "* = entered later (games {games}): played between, they count in no Bock or "
        "Ramsch round; the rounds around them keep their games as played",
        len(later),
        games=", ".join(later),
    ).render(lang)


def _legends(sheet: Sequence[Row], lang: Lang, *, marks: str | None) -> list[str]:
    """The lines under the sheet: its marks' legend, the games entered later, the rounds
    ahead."""
    after = [] if marks is None else [marks]
    later = later_legend(sheet, lang)
    if later is not None:
        after.append(later)
    if sheet[-1].pending:
        after.append(
            msg("Next: {rounds}", rounds=pending_words(sheet[-1].pending, lang)).render(lang)
        )
    return after


def pending_words(pending: Sequence[str], lang: Lang = "de", *, full: bool = False) -> str:
    """The special rounds ahead, as the totals line shows them: the next round and the one
    after it with their games, then how many rounds more (``Bock 2 · dann Ramsch 3 · +12
    Runden``): under pub rules every Bock round can earn the next, and the queue grows without
    end. ``full``: every round (``Bock: 2 Spiele, dann Ramsch: 3 Spiele, ...``)."""
    from itertools import groupby

    parts = [(kind, len(list(games))) for kind, games in groupby(pending)]
    if full:
        said = [
            nmsg("{round}: {count} game", "{round}: {count} games", n, round=kind.capitalize())
            for kind, n in parts
        ]
        whole = said[0]
        for after in said[1:]:
            whole = msg("{before}, then {after}", before=whole, after=after)
        return whole.render(lang)
    shown = [f"{kind.capitalize()} {n}" for kind, n in parts[:2]]
    text = shown[0]
    if len(shown) > 1:
        text += " · " + msg("then {round}", round=shown[1]).render(lang)
    if len(parts) > 2:
        more = len(parts) - 2
        text += " · " + nmsg("+{count} round", "+{count} rounds", more).render(lang)
    return text


def money(cent: Fraction | int, lang: Lang = "de", *, sign: bool = True) -> str:
    """An amount given in cent, as euro: rounded only now (half up, to the cent; a
    settlement's amounts are whole cents already, :func:`skatliste.money.settle`).

    German writes ``+1.234,56 €``, English ``+€1,234.56``; a real minus sign.

    >>> money(Fraction(61), "de"), money(Fraction(-120), "en"), money(Fraction(123456), "de")
    ('+0,61 €', '−€1.20', '+1.234,56 €')
    >>> money(Fraction(1, 3), "de", sign=False)
    '0,00 €'
    """
    exact = Decimal(cent.numerator) / Decimal(cent.denominator) / 100
    rounded = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    digits = f"{abs(rounded):,.2f}"
    if lang == "de":
        digits = digits.replace(",", "_").replace(".", ",").replace("_", ".")
    text = f"{digits} €" if lang == "de" else f"€{digits}"
    if sign and rounded > 0:
        return "+" + text
    if sign and rounded < 0:
        return MINUS + text
    return text


def summary_table(
    table: Table, summary: Summary, *, settlement: Settlement | None = None, lang: Lang = "de"
) -> tuple[list[str], list[list[str]]]:
    """The summary's header and rows as text cells: rank, player, the ranking points first
    (Seeger-Fabian in tournaments; none for two players), games, won, lost, balance."""
    t = words_in(lang)
    by_sf = summary.ranked_by is Ranking.SEEGER_FABIAN
    show_sf = not table.rules.two_player
    headers = [t["rank"], t["player"]]
    if show_sf:
        headers += [t["sf"], t["total"]] if by_sf else [t["total"], t["sf"]]
    else:
        headers.append(t["total"])
    headers += [t["declared"], t["won"], t["lost_short"]]
    if settlement is not None:
        headers.append(t["balance"])
    body = []
    for p in summary.players:
        first, second = (p.sf_total, p.total) if by_sf else (p.total, p.sf_total)
        line = [f"{p.rank}.", p.name, signed(first)]
        if show_sf:
            line.append(signed(second))
        line += [str(p.declared), str(p.won), str(p.lost)]
        if settlement is not None:
            line.append(money(settlement.balances[p.name], lang))
        body.append(line)
    return headers, body


def render_summary(
    table: Table,
    summary: Summary,
    *,
    settlement: Settlement | None = None,
    lang: Lang = "de",
    fmt: str = "plain",
) -> str:
    """The ranking table (``plain`` or ``md``), and the money when a stake was given."""
    headers, body = summary_table(table, summary, settlement=settlement, lang=lang)
    if fmt == "md":
        headers = [markdown_text(h) for h in headers]
        body = [[markdown_text(c) for c in line] for line in body]
    text = text_table(headers, body, "rl" + "r" * (len(headers) - 2), fmt)
    notes = summary_notes(table, summary, lang=lang)
    payments = [] if settlement is None else payment_lines(settlement, lang=lang)
    if fmt == "md":
        # a Markdown viewer joins lines into one paragraph: each note a paragraph of its own,
        # the payments a list (no number of their own, so one bullet each)
        notes = ["\n\n".join(markdown_text(note) for note in notes)]
        payments = [f"- {markdown_text(line)}" for line in payments]
    lines = [text, "", *notes]
    if payments:
        lines += ["", *payments]
    return "\n".join(lines)


def summary_notes(table: Table, summary: Summary, *, lang: Lang = "de") -> list[str]:
    """The lines under the ranking: games played and how the ranking goes, the Bierlachs."""
    by_sf = summary.ranked_by is Ranking.SEEGER_FABIAN
    n = summary.games
    games = (
        nmsg("{count} game", "{count} games", n)
        if not summary.passed
        else nmsg(
            "{count} game ({passed} all passed)",
            "{count} games ({passed} all passed)",
            n,
            passed=summary.passed,
        )
    )
    if table.series:
        games = nmsg(
            "Series: {games} of {count} game",
            "Series: {games} of {count} games",
            table.series,
            games=n,
        )
    if summary.ramsch:
        games = nmsg(
            "{games}, {count} Ramsch", "{games}, {count} Ramsch", summary.ramsch, games=games
        )
    ranked = (
        msg("{games}; ranked by Seeger-Fabian", games=games)
        if by_sf
        else msg("{games}; ranked by list points", games=games)
    )
    lines = [ranked.render(lang)]
    if summary.ramsch and not table.rules.two_player:  # two players have no such column
        lines.append(
            msg(
                "Seeger-Fabian counts the declared games only: a Ramsch's points are in the "
                "points column, not in it (rules §7)"
            ).render(lang)
        )
    if table.rules.bierlachs:
        limit = table.rules.bierlachs_limit
        if summary.bierlachs is None:
            lines.append(msg("Bierlachs to {limit}: nobody yet", limit=limit).render(lang))
        else:
            who, number, total = summary.bierlachs
            lines.append(
                msg(
                    "Bierlachs: {who} ({total} in game {number}, limit {limit})",
                    who=who,
                    total=signed(total),
                    number=number,
                    limit=limit,
                ).render(lang)
            )
    return lines


def payment_lines(settlement: Settlement, *, lang: Lang = "de") -> list[str]:
    """Who pays whom: ``Ben zahlt Anna 0,24 €``; the paper way says so first."""
    said = []
    if settlement.way is Way.PAPER:
        said.append(
            msg(
                "Settled the paper way: each total in cent rounded first, then the "
                "differences paid (rules §8)"
            ).render(lang)
        )
    return said + [
        msg(
            "{payer} pays {receiver} {amount}",
            payer=payer,
            receiver=receiver,
            amount=money(amount, lang, sign=False),
        ).render(lang)
        for payer, receiver, amount in settlement.payments
    ]


def summary_json(
    table: Table, summary: Summary, settlement: Settlement | None = None
) -> dict[str, Any]:
    """The summary as plain JSON-ready data."""
    data: dict[str, Any] = {
        "players": [p.name for p in summary.players],
        "totals": {p.name: p.total for p in summary.players},
        "seeger_fabian": {p.name: p.sf_total for p in summary.players},
        "declared": {p.name: p.declared for p in summary.players},
        "won": {p.name: p.won for p in summary.players},
        "lost": {p.name: p.lost for p in summary.players},
        "rank": {p.name: p.rank for p in summary.players},
        "games": summary.games,
        "passed": summary.passed,
        "ramsch": summary.ramsch,
        "bierlachs": (
            None
            if summary.bierlachs is None
            else {
                "player": summary.bierlachs[0],
                "game": summary.bierlachs[1],
                "total": summary.bierlachs[2],
            }
        ),
        "ranked_by": summary.ranked_by,
        "rounds": list(summary.rounds),
        "series": table.series,
    }
    if settlement is not None:
        data["balances_cent"] = dict(settlement.balances)  # whole cents, adding up to 0
        data["exact_balances_cent"] = {k: float(v) for k, v in settlement.exact.items()}
        data["settled"] = settlement.way.value
        data["payments_cent"] = [
            {"from": a, "to": b, "amount": x} for a, b, x in settlement.payments
        ]
    return data


# --- a game as the CLI prints it and the web page shows it ------------------------------


def game_lines(row: Row, lang: Lang) -> list[str]:
    """A game's headline and its explanation, as ``add`` and ``explain`` print it."""

    e = row.entry
    if not isinstance(e, GameEntry):
        lines = [
            msg("Game {number}: {game}", number=row.number, game=describe(row, lang)).render(lang)
        ]
        if row.ramsch is not None:
            lines += [f"  {s}" for s in explain_ramsch(row.ramsch, lang=lang)]
        elif row.error is None and any(row.points.values()):
            lines.append("  " + ", ".join(f"{n} {signed(v)}" for n, v in row.points.items()))
        return lines + note_lines(e.note, lang)
    if row.result is None:
        said = {"number": row.number, "declarer": e.declarer, "game": describe(row, lang)}
        line = (
            msg("Game {number}: {declarer}: {game}", **said)
            if row.error is None
            else msg("Game {number}: {declarer}: {game} {problem}", problem=row.error, **said)
        )
        return [line.render(lang)]
    lines = [
        msg(
            "Game {number}: {declarer} — {game}: {points}",
            number=row.number,
            declarer=e.declarer,
            game=describe(row, lang),
            points=signed(row.result.list_points),
        ).render(lang)
    ]
    lines += [f"  {s}" for s in explain(row.result, lang=lang)]
    credited = [n for n, v in row.points.items() if n != e.declarer and v > 0]
    if credited:  # two-player: a lost game is credited to the other player (§9)
        to = msg(
            "credited to: {player} {points}",
            player=credited[0],
            points=signed(row.points[credited[0]]),
        )
        lines.append(f"  {to.render(lang)}")
    if e.paper is not None:
        matches = not row.paper_mismatch
        lines.append(f"  {paper_line(e.paper.value, matches, row.result.list_points, lang)}")
    return lines + note_lines(e.note, lang)


def note_lines(note: str, lang: Lang) -> list[str]:
    """``  Notiz: ...`` when the game has a note."""
    return ["  " + msg("Note: {note}", note=note).render(lang)] if note else []
