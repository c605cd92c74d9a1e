r"""An American Grand list's parties in words, for what the house says of them beside the deals:
each partie's result as two lists of one table compare it (docs/rules.md §A5: a partie is
settled on its own, from 0 : 0, so totals across parties mean nothing), and what a change to
the list (an edit, an insert, a delete, a restore) did to its parties: a partie that now ends
elsewhere, one no longer over, a settlement that changed.

Pure: the parties are :func:`skatliste.american.game.parties`'.

>>> from skatliste.american.deals import Contract, Deal, PartieEnd
>>> table = Table(("Anna", "Ben", "Carl", "Dora"), "Anna")
>>> first = Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11)
>>> second = Deal(declarer="Ben", contract=Contract.WHIST, bid=30, tricks=12)
>>> for said in reshaped(table, [first, second], [first, PartieEnd(), second]):
...     print(said.render("en").replace(" → ", "\n  → "))
partie 1 now: deal 1, over (ended by hand): Anna+Carl +25 · Ben+Dora 0 · sets 0 : 0
  → Anna+Carl win 100 : 0
partie 2 now: deal 2, provisional: Anna+Carl 0 · Ben+Dora +30 · sets 0 : 0
  → Ben+Dora win 100 : 0
"""

from __future__ import annotations

from collections.abc import Sequence

from skatliste.american.deals import Entry
from skatliste.american.explain import REASONS
from skatliste.american.game import Partie, Settlement, Table, parties
from skatliste.compare import Outcome
from skatliste.i18n import Message, msg
from skatliste.printed import signed


def _deals(partie: Partie) -> Message:
    """``deal 3``, ``deals 2 to 4``, or ``no deals yet``."""
    if not partie.rows:
        return msg("no deals yet")
    first, last = partie.rows[0].number, partie.rows[-1].number
    if first == last:
        return msg("deal {number}", number=first)
    return msg("deals {first} to {last}", first=first, last=last)


def _result(table: Table, s: Settlement) -> Message:
    """The settlement's step 3 (§A5): who wins, by how much, or a tie."""
    if s.winner is None:
        return msg("a tie, {a} : {b}", a=s.final[0], b=s.final[1])
    pair = table.pair_name(s.winner)
    if s.by_slam:
        return msg("{pair} win by a grand slam in Grand", pair=pair)
    won, lost = s.final[s.winner], s.final[1 - s.winner]
    return msg("{pair} win {won} : {lost}", pair=pair, won=won, lost=lost)


def said(table: Table, partie: Partie) -> Message:
    """A partie in a line: its deals, whether it is over and why, its (final or provisional)
    result: ``deals 2 to 4, provisional: Anna+Carl +18 · Ben+Dora +5 · sets 0 : 1 → Anna+Carl
    win 105 : 0``."""
    s = partie.settlement
    scores = msg(
        "{one} {a} · {other} {b} · sets {x} : {y}",
        one=table.pair_name(0),
        a=signed(s.points[0]),
        other=table.pair_name(1),
        b=signed(s.points[1]),
        x=s.sets[0],
        y=s.sets[1],
    )
    said = {"deals": _deals(partie), "scores": scores, "result": _result(table, s)}
    if partie.reason is None:
        return msg("{deals}, provisional: {scores} → {result}", **said)
    return msg("{deals}, over ({why}): {scores} → {result}", why=REASONS[partie.reason], **said)


def _data(table: Table, partie: Partie) -> dict[str, object]:
    """A partie as two lists compare it (``compare --json``'s ``results``)."""
    s = partie.settlement
    return {
        "partie": partie.number,
        "deals": [row.number for row in partie.rows],
        "finished": partie.finished,
        "reason": partie.reason,
        "points": list(s.points),
        "sets": list(s.sets),
        "final": list(s.final),
        "winner": None if s.winner is None else table.pair_name(s.winner),
    }


def outcomes(table: Table, entries: Sequence[Entry]) -> list[Outcome]:
    """Each partie of the list with its result, as two lists of one table compare them: by
    its number, its deals, whether and why it is over, the scores, the sets and the
    settlement (§A5)."""
    return [
        Outcome(
            f"partie {p.number}",
            msg("partie {number}", number=p.number),
            said(table, p),
            _data(table, p),
        )
        for p in parties(table, entries)
    ]


def reshaped(table: Table, before: Sequence[Entry], after: Sequence[Entry]) -> list[Message]:
    """What a change did to the parties, partie by partie after it: each that now ends
    elsewhere or settles otherwise, or is new (``partie 1 now: ...``), each no longer over
    (``partie 1 is no longer over: ...``), each gone (``partie 3 is no longer on the list``).
    The partie in progress, begun at the same deal before and after, is left out: its
    standing after the change is said with the change itself."""
    old = parties(table, before)
    new = parties(table, after)
    out: list[Message] = []
    for i, partie in enumerate(new):
        was = old[i] if i < len(old) else None
        if was is not None and _data(table, was) == _data(table, partie):
            continue
        if not partie.rows:
            continue  # the list's only partie, with no deal left
        if was is not None and not partie.finished:
            if not was.finished and was.rows and was.rows[0].number == partie.rows[0].number:
                continue  # the partie in progress, shown by the change's standing
            if was.finished:
                out.append(
                    msg(
                        "partie {number} is no longer over: {partie}",
                        number=partie.number,
                        partie=said(table, partie),
                    )
                )
                continue
        out.append(
            msg("partie {number} now: {partie}", number=partie.number, partie=said(table, partie))
        )
    # a partie beyond the new count had deals (only an empty list has a partie without one)
    out += [
        msg("partie {number} is no longer on the list", number=p.number) for p in old[len(new) :]
    ]
    return out
