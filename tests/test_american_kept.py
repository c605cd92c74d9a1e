"""The American Grand walk without rows (docs/rules.md §A4, §A5): what the summary, the
problems and the sheet's numbers come from, the same as the parties with their rows; and the
family's own refusals of the next entry."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from skatliste.american import kept
from skatliste.american.deals import Contract, Deal, Entry, PartieEnd
from skatliste.american.family import FAMILY, NO_PARTIE
from skatliste.american.game import Table, parties, problem_places
from skatliste.i18n import Lang
from skatliste.render.american import kept_summary, render_summary

PLAYERS = ("Anna", "Ben", "Carl", "Dora")
TABLE = Table(PLAYERS, "Anna")
BY_DEALS = Table(PLAYERS, "Anna", partie_deals=4)

DEALS: list[Entry] = [
    Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11),
    Deal(declarer="Ben", contract=Contract.WHIST, bid=30, tricks=9),  # set
    Deal(declarer="Carl", contract=Contract.GRAND, bid=20, tricks=10),
    Deal(declarer="Dora", contract=Contract.GRAND, bid=15, tricks=13),  # a Grand slam
    Deal(declarer="Ben", contract=Contract.EUCHRE, bid=20, tricks=4, alone=True),
    Deal(declarer="Anna", contract=Contract.HEARTS, bid=30, hearts=0),
    Deal(declarer="Carl", contract=Contract.HEARTS, bid=45, hearts=4),
    Deal(declarer="Dora", contract=Contract.WHIST, bid=40, tricks=13),
]
END = PartieEnd()

entries = st.lists(st.sampled_from([*DEALS, END]), max_size=60)


def walked(table: Table, items: list[Entry]) -> list[tuple[Any, ...]]:
    return [(p.number, p.deals, p.finished, p.reason, p.settlement) for p in parties(table, items)]


def shown(state: kept.Kept) -> list[tuple[Any, ...]]:
    return [(r.number, r.deals, r.finished, r.reason, r.settlement) for r in kept.results(state)]


def test_a_deal_gets_its_row_and_number_from_the_derivation() -> None:
    row = FAMILY.row_at(TABLE, DEALS[:3], 2)
    assert row is not None
    assert (row.number, row.partie, row.dealer) == (3, 1, "Carl")
    assert FAMILY.entry_problems(TABLE, DEALS[:2], DEALS[2]) == []


def test_an_end_by_hand_closes_the_partie_and_is_refused_without_a_deal() -> None:
    assert FAMILY.entry_problems(TABLE, [], END) == [NO_PARTIE]
    assert FAMILY.entry_problems(TABLE, DEALS[:1], END) == []
    assert FAMILY.entry_problems(TABLE, [*DEALS[:1], END], END) == [NO_PARTIE]
    state = kept.walk(TABLE, [*DEALS[:1], END])[0]
    assert [(r.finished, r.reason) for r in kept.results(state)] == [(True, "hand")]
    assert state.run.deals == 0


def test_a_deal_the_rules_refuse_is_refused_by_its_own_problem() -> None:
    stranger = Deal(declarer="Erik", contract=Contract.WHIST, bid=25, tricks=11)
    assert len(FAMILY.entry_problems(TABLE, DEALS[:2], stranger)) == 1
    assert FAMILY.row_at(TABLE, [*DEALS[:2], stranger], 2) is None


# --- the walk without rows, and the summary from the state ----------------------------------

REFUSED: list[Entry] = [
    Deal(declarer="Erik", contract=Contract.WHIST, bid=25, tricks=11),  # not at the table
    Deal(declarer="Ben", contract=Contract.EUCHRE, bid=30, tricks=5),  # Euchre bids 25 at most
    Deal(declarer="Carl", contract=Contract.HEARTS, bid=60, hearts=0),  # Hearts bids 50 at most
]
"""Deals the rules refuse: a hand-edited list holds them, the walk skips and names them."""
hand_edited = st.lists(st.sampled_from([*DEALS, *REFUSED, END]), max_size=60)


@settings(max_examples=150, deadline=None)
@given(items=hand_edited, by_deals=st.booleans())
def test_the_walk_without_rows_names_the_problems_the_rows_walk_names(
    items: list[Entry], by_deals: bool
) -> None:
    """Each problem at its entry, in the same words; the parties of the deals that stand."""
    table = BY_DEALS if by_deals else TABLE
    state, wrong, at = kept.walk(table, items)
    assert list(zip(at, wrong, strict=True)) == [
        (i, (where, what)) for i, where, what in problem_places(table, items)
    ]
    assert shown(state) == walked(table, items)
    assert state.deals == sum(len(p.rows) for p in parties(table, items))
    assert kept.last(state) == kept.results(state)[-1]


@settings(max_examples=150, deadline=None)
@given(items=hand_edited, by_deals=st.booleans(), lang=st.sampled_from(["de", "en"]))
def test_the_summary_from_the_state_is_the_summary_of_the_results(
    items: list[Entry], by_deals: bool, lang: Lang
) -> None:
    """Every partie with a deal, worded as its settlement lines, then the parties won."""
    table = BY_DEALS if by_deals else TABLE
    state = kept.walk(table, items)[0]
    parts = [p for p in kept.results(state) if p.deals]
    assert kept_summary(table, state, lang) == render_summary(table, parts, lang)


def test_the_summary_of_a_state_with_no_deal_says_so() -> None:
    assert kept_summary(TABLE, kept.Kept(), "en") == "no deals yet"


def test_a_partie_over_is_kept_as_its_numbers() -> None:
    """Deals, reason (an index of REASONS), points, sets, the slam's pair (-1: none)."""
    # Anna +25; Ben set: −30 and a set; Carl +36; Dora's Grand slam +103 ends the partie
    state = kept.walk(TABLE, DEALS[:4])[0]
    assert kept.numbers(state) == [4, 1, 61, 73, 0, 1, 1]
    assert list(kept.parties_over(state)) == [(4, "slam", (61, 73), (0, 1), 1)]
    assert kept.numbers(kept.Kept()) == []
