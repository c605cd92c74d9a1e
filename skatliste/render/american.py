"""An American Grand list in words: a deal's lines, the standing, the parties' settlements,
the summary (text and JSON), the HTML export, the statistics (the sheet and the exports built
on it are ``skatliste.render.american_sheet``'s).

Pure text, no printing; German by default, English on request.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from skatliste.american.bids import title
from skatliste.american.explain import REASONS, computation
from skatliste.american.game import (
    Contract,
    Deal,
    Partie,
    PartieEnd,
    Result,
    Row,
    Settlement,
    Table,
    parties,
    problems,
)
from skatliste.errors import InputError
from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.money import Stake
from skatliste.printed import number, signed
from skatliste.render import register
from skatliste.render.cells import with_note
from skatliste.render.page import page_head, table_head
from skatliste.render.plain import plain_table

HEADS = (msg("dealer"), msg("declarer"), msg("contract"))
"""The sheet's column heads, one word each as on paper (German in the catalogue)."""

NO_DEALS = msg("no deals yet")
"""What a list without a deal shows for its sheet, summary and statistics."""

SET_LEGEND = msg("× = set (the contract failed)")
"""The legend under a sheet: what the mark in its fifth column says."""


def heads_in(lang: Lang) -> list[str]:
    """The sheet's heads before the pairs: ``Nr``, dealer, declarer, contract, the set mark."""
    return ["Nr", *(head.render(lang) for head in HEADS), ""]


def contract_words(row: Row, lang: Lang = "de") -> str:
    """``Whist 25, 11 Stiche``, ``Jucker 20 allein, 5 Stiche``, ``Herz 40, 3 Herzen``."""
    return deal_words(row.deal, lang)


def deal_words(d: Deal, lang: Lang = "de") -> str:
    """:func:`contract_words` of a deal."""
    said = {"contract": title(d.contract), "bid": d.bid}
    if d.contract is Contract.HEARTS:
        n = d.hearts or 0
        words = nmsg(
            "{contract} {bid}, {count} heart", "{contract} {bid}, {count} hearts", n, **said
        )
    elif d.alone:
        n = d.tricks or 0
        words = nmsg(
            "{contract} {bid} alone, {count} trick",
            "{contract} {bid} alone, {count} tricks",
            n,
            **said,
        )
    else:
        n = d.tricks or 0
        words = nmsg(
            "{contract} {bid}, {count} trick", "{contract} {bid}, {count} tricks", n, **said
        )
    return words.render(lang)


def deal_lines(table: Table, row: Row, lang: Lang = "de") -> list[str]:
    """The deal's line, its computation, and what each pair scores."""
    said = {
        "number": row.number,
        "declarer": row.deal.declarer,
        "deal": contract_words(row, lang),
        "one": table.pair_name(0),
        "a": signed(row.points[0]),
        "other": table.pair_name(1),
        "b": signed(row.points[1]),
    }
    line = (
        msg("Deal {number}: {declarer} — {deal}: made; {one} {a}, {other} {b}", **said)
        if row.score.made
        else msg("Deal {number}: {declarer} — {deal}: set; {one} {a}, {other} {b}", **said)
    )
    return [line.render(lang), f"  {computation(row.score, lang=lang)}"]


def standing_line(table: Table, partie: Result, deals: int, lang: Lang = "de") -> str:
    """``Partie 1: Anna+Carl 25 · Ben+Dora 0 · verloren 0 : 1 · nächster Geber: Ben``."""
    sets = partie.settlement.sets
    return msg(
        "Partie {number}: {one} {a} · {other} {b} · sets {x} : {y} · next dealer: {dealer}",
        number=partie.number,
        one=table.pair_name(0),
        a=signed(partie.points[0]),
        other=table.pair_name(1),
        b=signed(partie.points[1]),
        x=sets[0],
        y=sets[1],
        dealer=table.dealer(deals),
    ).render(lang)


def settlement_lines(table: Table, partie: Result, lang: Lang = "de") -> list[str]:
    """§A5 in three steps, headed by why the partie ended (or marked provisional)."""
    return settlement_text(table, partie, lang).split("\n")


def settlement_text(table: Table, partie: Result, lang: Lang = "de") -> str:
    """:func:`settlement_lines`, a line break between them."""
    pairs = (table.pair_name(0), table.pair_name(1))
    return _head(pairs, partie).render(lang) + _steps(pairs, partie.settlement, lang)


def _head(pairs: tuple[str, str], partie: Result) -> Message:
    """The first line of a settlement: the partie, why it ended (its reason; None: it goes
    on), the pairs' scores and sets."""
    s = partie.settlement
    said = {
        "number": partie.number,
        "one": pairs[0],
        "a": signed(s.points[0]),
        "x": s.sets[0],
        "other": pairs[1],
        "b": signed(s.points[1]),
        "y": s.sets[1],
    }
    if partie.reason is None:
        return msg(
            "Partie {number} (provisional, the partie goes on): "
            "{one} {a}, sets {x} · {other} {b}, sets {y}",
            **said,
        )
    if partie.reason == "deals":
        return nmsg(
            "Partie {number} over ({count} deal played): {one} {a}, sets {x} · {other} {b}, "
            "sets {y}",
            "Partie {number} over ({count} deals played): {one} {a}, sets {x} · {other} {b}, "
            "sets {y}",
            partie.deals,
            **said,
        )
    return msg(
        "Partie {number} over ({why}): {one} {a}, sets {x} · {other} {b}, sets {y}",
        why=REASONS[partie.reason],
        **said,
    )


def _steps(pairs: tuple[str, str], s: Settlement, lang: Lang) -> str:
    """The three steps of §A5 that settle ``s``, each on its own line after a line break."""
    steps: list[Message] = []
    if s.score_to is None:
        steps.append(msg("1) equal scores: nobody"))
    else:
        low = min(s.points)
        steps.append(
            msg(
                "1) 100 − {low} = {credit} to {pair}",
                low=f"(−{-low})" if low < 0 else low,
                credit=s.score_credit,
                pair=pairs[s.score_to],
            )
        )
    if s.sets_to is None:
        steps.append(msg("2) equal sets: nobody"))
    else:
        steps.append(
            msg(
                "2) ({more} − {fewer}) × 10 = {credit} to {pair}",
                more=max(s.sets),
                fewer=min(s.sets),
                credit=s.sets_credit,
                pair=pairs[s.sets_to],
            )
        )
    if s.winner is None:
        steps.append(msg("3) a tie, {a} : {b}", a=s.final[0], b=s.final[1]))
    else:
        said = {"pair": pairs[s.winner], "won": s.final[s.winner], "lost": s.final[1 - s.winner]}
        steps.append(
            msg(
                "3) {pair} win by a grand slam in Grand (for the record: {won} against {lost})",
                **said,
            )
            if s.by_slam
            else msg("3) {pair} win, {won} against {lost} (by {margin})", margin=s.margin, **said)
        )
    return "".join(f"\n  {step.render(lang)}" for step in steps)


# --- the sheet ----------------------------------------------------------------------------


# --- the summary --------------------------------------------------------------------------


def summary_json(table: Table, parts: Sequence[Result]) -> dict[str, Any]:
    """The parties and their (final or provisional) results, as ``summary --json`` prints."""
    out = []
    for partie in parts:
        s = partie.settlement
        out.append(
            {
                "deals": partie.deals,
                "finished": partie.finished,
                "pairs": [
                    {
                        "players": list(table.pair(i)),
                        "points": s.points[i],
                        "sets": s.sets[i],
                        "final": s.final[i],
                    }
                    for i in (0, 1)
                ],
                "winner": None if s.winner is None else list(table.pair(s.winner)),
            }
        )
    return {"parties": out}


def _won_line(table: Table, won: Sequence[int], lang: Lang) -> str:
    return msg(
        "Parties won: {one} {a} · {other} {b}",
        one=table.pair_name(0),
        a=won[0],
        other=table.pair_name(1),
        b=won[1],
    ).render(lang)


def render_summary(table: Table, parts: Sequence[Result], lang: Lang = "de") -> str:
    """Each partie's result by §A5; a partie in progress marked provisional; the parties won."""
    if not any(p.deals for p in parts):
        return NO_DEALS.render(lang)
    blocks = ["\n".join(settlement_lines(table, p, lang)) for p in parts if p.deals]
    won = [0, 0]
    for p in parts:
        if p.finished and p.settlement.winner is not None:
            won[p.settlement.winner] += 1
    blocks.append(_won_line(table, won, lang))
    return "\n\n".join(blocks)


# --- exports ------------------------------------------------------------------------------


def render_html(table: Table, parts: Sequence[Partie], *, created: str, lang: Lang = "de") -> str:
    """One self-contained, printable page (``render.page``): the pairs, then each partie's
    deals and its result by §A5."""
    import html
    from datetime import date

    labels = [table.pair_name(0), table.pair_name(1)]
    esc = html.escape
    day = created[:10] if created else date.today().isoformat()
    pairs = (msg("Pairs").render(lang), f"{labels[0]} – {labels[1]}")
    out = page_head("American Grand", day, table.players, [pairs], lang)
    heads = len(out)
    head = table_head([*heads_in(lang), *labels])
    for partie in parts:
        if not partie.rows:
            continue
        lines = settlement_lines(table, partie, lang)
        out.append(f'<section><h2>{esc(lines[0])}</h2><table class="sheet">{head}<tbody>')
        out += [
            f'<tr><td class="num">{row.number}</td><td>{esc(row.dealer)}</td>'
            f"<td>{esc(row.deal.declarer)}</td>"
            f"<td>{esc(with_note(contract_words(row, lang), row.deal.note))}</td>"
            f'<td class="mark">{"" if row.score.made else "×"}</td>'
            + "".join(
                f'<td class="num">{esc(signed(row.points[i]))} = {esc(number(row.totals[i]))}</td>'
                for i in (0, 1)
            )
            + "</tr>"
            for row in partie.rows
        ]
        # the steps carry their own numbers (1), 2), 3)): a list without bullets
        out.append('</tbody></table><ul class="steps">')
        out += [f"<li>{esc(x.strip())}</li>" for x in lines[1:]]
        out.append("</ul></section>")
    if len(out) == heads:  # no partie: no deal yet
        out.append(f"<p>{esc(NO_DEALS.render(lang))}</p>")
    else:
        out.append(f'<p class="meta">{esc(SET_LEGEND.render(lang))}</p>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"


# --- the registered renderers (``skatliste.render``) ---------------------------------------

FAMILY = "american-grand"


def parties_of(lst: Any) -> list[Partie]:
    return parties(lst.table, lst.entries)


def no_stake(stake: Stake | None, only_round: int | None = None) -> None:
    if stake is not None or only_round is not None:
        raise InputError(
            msg(
                "an American Grand list is settled by points and sets (§A5): it has no rounds "
                "and no stake"
            )
        )


@register(FAMILY, "summary")
def summary_text(
    lst: Any,
    *,
    lang: Lang,
    stake: Stake | None = None,
    only_round: int | None = None,
    as_json: bool = False,
) -> str:
    """Each partie's result (§A5); a partie in progress shown as provisional."""
    no_stake(stake, only_round)
    parts = [p for p in parties_of(lst) if p.deals]
    if as_json:
        return json.dumps(summary_json(lst.table, parts), ensure_ascii=False)
    return render_summary(lst.table, parts, lang)


@register(FAMILY, "html")
def export_html(lst: Any, *, lang: Lang, stake: Stake | None = None) -> str:
    no_stake(stake)
    return render_html(lst.table, parties_of(lst), created=lst.created, lang=lang)


@register(FAMILY, "created")
def created_line(lst: Any, lang: Lang) -> str:
    t = lst.table
    return msg(
        "{path}: new American Grand list: {pair} against {other}; {dealer} deals first",
        path=str(lst.path),
        pair=t.pair_name(0),
        other=t.pair_name(1),
        dealer=t.dealer(0),
    ).render(lang)


def deal_count(lst: Any) -> int:
    """How many deals the list has (ends by hand not counted)."""
    return sum(1 for e in lst.entries if not isinstance(e, PartieEnd))


def last_of(lst: Any) -> tuple[Result, int]:
    """The list's last partie's result and its deals."""
    return parties_of(lst)[-1], deal_count(lst)


def state_lines(lst: Any, lang: Lang) -> list[str]:
    """After a change: the standing of the partie in progress, or the result of the one that
    has just ended."""
    partie, deals = last_of(lst)
    if partie.finished:
        nxt = msg("Next partie 0 : 0 · next dealer: {dealer}", dealer=lst.table.dealer(deals))
        return [*settlement_lines(lst.table, partie, lang), nxt.render(lang)]
    return [standing_line(lst.table, partie, deals, lang)]


@register(FAMILY, "change")
def change_lines(change: Any, lang: Lang) -> list[str]:
    """The deal's lines (if it has a row) and the partie's standing after it."""
    lines = [] if change.row is None else deal_lines(change.ledger.table, change.row, lang)
    return [*lines, *state_lines(change.ledger, lang)]


@register(FAMILY, "explain")
def explain_lines(lst: Any, row: Row, lang: Lang) -> list[str]:
    """Deal N: who dealt, what was played, the computation, the partie's standing after it."""
    lines = deal_lines(lst.table, row, lang)
    lines.insert(1, "  " + msg("dealer: {dealer}", dealer=row.dealer).render(lang))
    after = msg(
        "Partie {number}, after it: {one} {a} · {other} {b} · sets {x} : {y}",
        number=row.partie,
        one=lst.table.pair_name(0),
        a=number(row.totals[0]),
        other=lst.table.pair_name(1),
        b=number(row.totals[1]),
        x=row.sets[0],
        y=row.sets[1],
    )
    lines.append(f"  {after.render(lang)}")
    if row.deal.note:
        lines.append("  " + msg("note: {note}", note=row.deal.note).render(lang))
    return lines


@register(FAMILY, "notes")
def problem_notes(lst: Any, lang: Lang) -> list[str]:
    """A hand-edited deal the rules refuse is not counted: said where the numbers are."""
    found = problems(lst.table, lst.entries)
    if not found:
        return []
    where, problem = found[0]
    note = nmsg(
        "Note: {count} entry not counted, the first at {where}: {problem} (see 'skatliste check')",
        "Note: {count} entries not counted, the first at {where}: {problem} (see 'skatliste "
        "check')",
        len(found),
        where=where,
        problem=problem,
    )
    return [note.render(lang)]


@register(FAMILY, "stats")
def stats_text(lists: Sequence[Any], *, lang: Lang, as_json: bool) -> str:
    """Per player over the lists, merged by name: deals declared, made and set, by contract,
    and the parties each player's pair won."""
    people: dict[str, dict[str, Any]] = {}
    for lst in lists:
        table: Table = lst.table
        for name in table.players:
            people.setdefault(name, {"declared": 0, "made": 0, "set": 0, "parties_won": 0})
        for partie in parties_of(lst):
            for row in partie.rows:
                p = people[row.deal.declarer]
                p["declared"] += 1
                p["made" if row.score.made else "set"] += 1
                by = p.setdefault("by_contract", {}).setdefault(row.deal.contract.value, [0, 0])
                by[0] += 1
                by[1] += row.score.made
            winner = partie.settlement.winner
            if partie.finished and winner is not None:
                for name in table.pair(winner):
                    people[name]["parties_won"] += 1
    if as_json:
        return json.dumps(people, ensure_ascii=False, indent=2)
    if not any(p["declared"] for p in people.values()):  # a table of zeros says less
        return NO_DEALS.render(lang)

    heads = [
        m.render(lang)
        for m in (msg("player"), msg("declared"), msg("made"), msg("set"), msg("parties won"))
    ]
    kinds = [c.value for c in Contract]
    body = [
        [
            name,
            str(p["declared"]),
            str(p["made"]),
            str(p["set"]),
            str(p["parties_won"]),
            *["{1}/{0}".format(*p.get("by_contract", {}).get(k, [0, 0])) for k in kinds],
        ]
        for name, p in people.items()
    ]
    headers = [*heads, *(title(Contract(k)).render(lang) for k in kinds)]
    return plain_table(headers, body, "l" + "r" * (len(headers) - 1))
