"""An American Grand list in words: a deal's lines, the standing, the parties' settlements,
the summary (text and JSON), the HTML export, the statistics (the sheet and the exports built
on it are ``skatliste.render.american_sheet``'s).

Pure text, no printing; German by default, English on request.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from skatliste.american.explain import computation
from skatliste.american.game import (
    Contract,
    Deal,
    Partie,
    PartieEnd,
    Result,
    Row,
    Settled,
    Table,
    parties,
    result,
    settled,
)
from skatliste.american.kept import REASONS, WIDTH, Kept, last, numbers, results, walk
from skatliste.errors import InputError
from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.printed import number, signed
from skatliste.render import register

TEXT: dict[str, Message] = {
    "deal": msg("Deal"),
    "partie": msg("Partie"),
    "dealer": msg("dealer"),
    "declarer": msg("declarer"),
    "contract": msg("contract"),
    "tricks": msg("tricks"),
    "trick": msg("trick"),
    "hearts": msg("hearts"),
    "heart": msg("heart"),
    "alone": msg("alone"),
    "sets": msg("sets"),
    "next": msg("next dealer"),
    "standing": msg("Standing"),
    "to": msg("to"),
    "nobody": msg("nobody"),
    "equal_points": msg("equal scores"),
    "equal_sets": msg("equal sets"),
    "win": msg("win"),
    "against": msg("against"),
    "by": msg("by"),
    "tie": msg("a tie"),
    "slam_win": msg("win by a grand slam in Grand"),
    "provisional": msg("provisional, the partie goes on"),
    "final": msg("Final result"),
    "over": msg("over"),
    "hundred": msg("100 reached"),
    "slam": msg("grand slam in Grand"),
    "deals": msg("deals played"),
    "hand": msg("ended by hand"),
    "empty": msg("no deals yet"),
    "made": msg("made"),
    "set": msg("set"),
    "for_the_record": msg("for the record"),
}
"""The words of the text, by their key (German in the catalogue)."""


@functools.cache
def words_in(lang: Lang) -> Mapping[str, str]:
    """The words in ``lang`` (rendered once per language: a long sheet draws a line a deal)."""
    return MappingProxyType({key: text.render(lang) for key, text in TEXT.items()})


def pair_label(table: Table, index: int) -> str:
    """``Anna+Carl``."""
    return table.pair_name(index)


def contract_words(row: Row, lang: Lang = "de") -> str:
    """``Whist 25, 11 Stiche``, ``Euchre 20 allein, 5 Stiche``, ``Hearts 40, 3 Herzen``."""
    return deal_words(row.deal, lang)


def deal_words(d: Deal, lang: Lang = "de") -> str:
    """:func:`contract_words` of a deal."""
    t = words_in(lang)
    head = f"{d.contract.title} {d.bid}"
    if d.alone:
        head += f" {t['alone']}"
    if d.contract is Contract.HEARTS:
        n = d.hearts or 0
        return f"{head}, {n} {t['heart'] if n == 1 else t['hearts']}"
    n = d.tricks or 0
    return f"{head}, {n} {t['trick'] if n == 1 else t['tricks']}"


def deal_lines(table: Table, row: Row, lang: Lang = "de") -> list[str]:
    """The deal's line, its computation, and what each pair scores."""
    t = words_in(lang)
    result = t["made"] if row.score.made else t["set"]
    scores = ", ".join(f"{pair_label(table, i)} {signed(row.points[i])}" for i in (0, 1))
    return [
        f"{t['deal']} {row.number}: {row.deal.declarer} — {contract_words(row, lang)}: "
        f"{result}; {scores}",
        f"  {computation(row.score, lang=lang)}",
    ]


def standing_line(table: Table, partie: Result, deals: int, lang: Lang = "de") -> str:
    """``Partie 1: Anna+Carl 25 · Ben+Dora 0 · verloren 0 : 1 · nächster Geber: Ben``."""
    t = words_in(lang)
    pts = " · ".join(f"{pair_label(table, i)} {signed(partie.points[i])}" for i in (0, 1))
    sets = partie.settlement.sets
    return (
        f"{t['partie']} {partie.number}: {pts} · {t['sets']} {sets[0]} : {sets[1]} · "
        f"{t['next']}: {table.dealer(deals)}"
    )


def settlement_lines(table: Table, partie: Result, lang: Lang = "de") -> list[str]:
    """§A5 in three steps, headed by why the partie ended (or marked provisional)."""
    return settlement_text(table, partie, lang).split("\n")


def settlement_text(table: Table, partie: Result, lang: Lang = "de") -> str:
    """:func:`settlement_lines`, a line break between them."""
    s = partie.settlement
    a, b = s.points
    x, y = s.sets
    numbers = (s.score_credit, s.score_to, s.sets_credit, s.sets_to, *s.final, s.winner)
    p = _phrases(table.players, lang)
    return _settled(p, partie.number, partie.deals, partie.reason, a, b, x, y, numbers, s.by_slam)


class _Phrases:
    """The words of a settlement at a table, pieced together once (a long list's summary
    words thousands of parties); by pair 0 and 1 where a pair is named."""

    def __init__(self, players: tuple[str, ...], lang: Lang) -> None:
        t = words_in(lang)
        one, other = ("+".join(players[i::2]) for i in (0, 1))
        self.heads: dict[str | None, str] = {
            reason: f" {t['over']} ({t[reason]}): " for reason in ("hundred", "slam", "hand")
        }
        self.heads[None] = f" ({t['provisional']}): "
        self.word = f"{t['partie']} "
        self.deals = f" {t['over']} ({{}} {t['deals']}): "
        self.pairs = (f"{one} ", f" · {other} ")
        self.to = (f" {t['to']} {one}", f" {t['to']} {other}")
        self.win = (f"\n  3) {one} {t['win']}, ", f"\n  3) {other} {t['win']}, ")
        self.slam = tuple(
            f"\n  3) {pair} {t['slam_win']} ({t['for_the_record']}: " for pair in (one, other)
        )
        self.tie = f"\n  3) {t['tie']}, "
        self.sets = f", {t['sets']} "
        self.equal_points = f"\n  1) {t['equal_points']}: {t['nobody']}"
        self.equal_sets = f"\n  2) {t['equal_sets']}: {t['nobody']}"
        self.against = f" {t['against']} "
        self.by = f" ({t['by']} "


_phrases = functools.lru_cache(maxsize=64)(_Phrases)


def _settled(
    p: _Phrases,
    number: int,
    deals: int,
    reason: str | None,
    a: int,
    b: int,
    x: int,
    y: int,
    numbers: Settled,
    by_slam: bool,
) -> str:
    """:func:`settlement_lines` as one text, in the phrases ``p`` of the table, for partie
    ``number`` of ``deals`` that ended for ``reason`` (None: in progress) with the scores
    ``a`` and ``b`` and sets ``x`` and ``y``, settled to ``numbers``
    (:func:`skatliste.american.game.settled`; ``by_slam``: won by a Grand slam)."""
    steps = _steps(p, a if a < b else b, x, y, numbers, by_slam)
    return f"{_head(p, number, deals, reason, a, b, x, y)}{steps}"


def _head(
    p: _Phrases, number: int, deals: int, reason: str | None, a: int, b: int, x: int, y: int
) -> str:
    """The first line of :func:`_settled`: the partie, why it ended, the scores and sets."""
    head = p.deals.format(deals) if reason == "deals" else p.heads[reason]
    # printed.signed, inline: a summary says two a partie
    sa = f"+{a}" if a > 0 else (f"−{-a}" if a < 0 else "0")
    sb = f"+{b}" if b > 0 else (f"−{-b}" if b < 0 else "0")
    sets, (one, other) = p.sets, p.pairs
    return f"{p.word}{number}{head}{one}{sa}{sets}{x}{other}{sb}{sets}{y}"


def _steps(p: _Phrases, low: int, x: int, y: int, numbers: Settled, by_slam: bool) -> str:
    """The three steps of §A5 for the lower score ``low``, the sets ``x`` and ``y``."""
    score_credit, score_to, sets_credit, sets_to, f0, f1, w = numbers
    if score_to is None:
        step1 = p.equal_points
    else:
        shown = f"(−{-low})" if low < 0 else low
        step1 = f"\n  1) 100 − {shown} = {score_credit}{p.to[score_to]}"
    if sets_to is None:
        step2 = p.equal_sets
    elif x > y:
        step2 = f"\n  2) ({x} − {y}) × 10 = {sets_credit}{p.to[sets_to]}"
    else:
        step2 = f"\n  2) ({y} − {x}) × 10 = {sets_credit}{p.to[sets_to]}"
    if w is None:
        return f"{step1}{step2}{p.tie}{f0} : {f1}"
    won, lost = (f0, f1) if w == 0 else (f1, f0)
    if by_slam:
        return f"{step1}{step2}{p.slam[w]}{won}{p.against}{lost})"
    return f"{step1}{step2}{p.win[w]}{won}{p.against}{lost}{p.by}{won - lost})"


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


def kept_summary(table: Table, state: Kept, lang: Lang = "de") -> str:
    """:func:`render_summary` of the parties of a kept state (``results(state)``, without
    those of no deal), read from its numbers (a long list has thousands of parties)."""
    p = _phrases(table.players, lang)
    pieces: list[str] = []  # each partie's head, then its steps and the blank line after it
    add = pieces.append
    won = [0, 0]
    c = numbers(state)
    columns = (c[0::WIDTH], c[1::WIDTH], c[2::WIDTH], c[3::WIDTH], c[4::WIDTH], c[5::WIDTH])
    # the steps of §A5 follow from the lower score, which pair has it, the sets and the
    # slam: parties settled alike (half of them on a long list) are worded once
    alike: dict[tuple[int, ...], tuple[str, int | None]] = {}
    heads = [None if reason == "deals" else p.heads[reason] for reason in REASONS]
    word, sets, (one, other) = p.word, p.sets, p.pairs
    for n, deals, code, a, b, x, y, slam in zip(
        itertools.count(1), *columns, c[6::WIDTH], strict=False
    ):
        if not deals:
            continue
        low = a if a < b else b
        key = (low, (a > b) - (a < b), x, y, slam)
        found = alike.get(key)
        if found is None:
            numbers_ = settled(a, b, x, y, None if slam < 0 else slam)
            steps = _steps(p, low, x, y, numbers_, slam >= 0)
            found = alike[key] = (f"{steps}\n\n", numbers_[6])
        # _head, inline (a long list has thousands of parties): the same text, tested
        head = heads[code] or p.deals.format(deals)
        sa = f"+{a}" if a > 0 else (f"−{-a}" if a < 0 else "0")
        sb = f"+{b}" if b > 0 else (f"−{-b}" if b < 0 else "0")
        add(f"{word}{n}{head}{one}{sa}{sets}{x}{other}{sb}{sets}{y}")
        add(found[0])
        if found[1] is not None:
            won[found[1]] += 1
    if state.run.deals:
        partie = result(state.over + 1, state.run, None)
        add("\n".join(settlement_lines(table, partie, lang)) + "\n\n")
    if not pieces:
        return words_in(lang)["empty"]
    add(_won_line(table, won, lang))
    return "".join(pieces)


def _won_line(table: Table, won: Sequence[int], lang: Lang) -> str:
    label = msg("Parties won").render(lang)
    return f"{label}: " + " · ".join(f"{pair_label(table, i)} {won[i]}" for i in (0, 1))


def render_summary(table: Table, parts: Sequence[Result], lang: Lang = "de") -> str:
    """Each partie's result by §A5; a partie in progress marked provisional; the parties won."""
    t = words_in(lang)
    if not any(p.deals for p in parts):
        return t["empty"]
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

    from skatliste.render.cells import with_note
    from skatliste.render.page import page_head, table_head

    t = words_in(lang)
    labels = [pair_label(table, 0), pair_label(table, 1)]
    esc = html.escape
    day = created[:10] if created else date.today().isoformat()
    pairs = (msg("Pairs").render(lang), f"{labels[0]} – {labels[1]}")
    out = page_head("American Grand", day, table.players, [pairs], lang)
    heads = len(out)
    head = table_head(["Nr", t["dealer"], t["declarer"], t["contract"], "", *labels])
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
        out.append(f"<p>{esc(t['empty'])}</p>")
    else:
        legend = msg("× = set (the contract failed)").render(lang)
        out.append(f'<p class="meta">{esc(legend)}</p>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"


# --- the registered renderers (``skatliste.render``) ---------------------------------------

FAMILY = "american-grand"


def parties_of(lst: Any) -> list[Partie]:
    return parties(lst.table, lst.entries)


def no_stake(stake: Fraction | None, only_round: int | None = None) -> None:
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
    stake: Fraction | None = None,
    only_round: int | None = None,
    as_json: bool = False,
) -> str:
    """Each partie's result (§A5); a partie in progress shown as provisional."""
    no_stake(stake, only_round)
    state = walk(lst.table, lst.entries)[0]
    if as_json:
        parts = [p for p in results(state) if p.deals]
        return json.dumps(summary_json(lst.table, parts), ensure_ascii=False)
    return kept_summary(lst.table, state, lang)


@register(FAMILY, "html")
def export_html(lst: Any, *, lang: Lang, stake: Fraction | None = None) -> str:
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
    return last(walk(lst.table, lst.entries)[0]), deal_count(lst)


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
    dealer = msg("dealer").render(lang)
    lines.insert(1, f"  {dealer}: {row.dealer}")
    pts = " · ".join(f"{lst.table.pair_name(i)} {number(row.totals[i])}" for i in (0, 1))
    after = msg(
        "Partie {number}, after it: {points} · sets {sets}",
        number=row.partie,
        points=pts,
        sets=f"{row.sets[0]} : {row.sets[1]}",
    )
    lines.append(f"  {after.render(lang)}")
    if row.deal.note:
        note = msg("note").render(lang)
        lines.append(f"  {note}: {row.deal.note}")
    return lines


@register(FAMILY, "notes")
def problem_notes(lst: Any, lang: Lang) -> list[str]:
    """A hand-edited deal the rules refuse is not counted: said where the numbers are."""
    found = walk(lst.table, lst.entries)[1]
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
        return words_in(lang)["empty"]
    from skatliste.render.plain import plain_table

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
    headers = [*heads, *(Contract(k).title for k in kinds)]
    return plain_table(headers, body, "l" + "r" * (len(headers) - 1))
