"""The American Grand derivation (docs/rules.md §A4, §A5): a deal's row and number, the
parties an end by hand closes, a list without a deal; and the family's own refusals of the
next entry."""

from __future__ import annotations

from skatliste.american.deals import Contract, Deal, Entry, PartieEnd
from skatliste.american.family import FAMILY, NO_PARTIE
from skatliste.american.game import Table, parties
from skatliste.render.american import render_summary

PLAYERS = ("Anna", "Ben", "Carl", "Dora")
TABLE = Table(PLAYERS, "Anna")

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


def test_a_deal_gets_its_row_and_number_from_the_derivation() -> None:
    row = FAMILY.row_at(TABLE, DEALS[:3], 2)
    assert row is not None
    assert (row.number, row.partie, row.dealer) == (3, 1, "Carl")
    assert FAMILY.entry_problems(TABLE, DEALS[:2], DEALS[2]) == []


def test_an_end_by_hand_closes_the_partie_and_is_refused_without_a_deal() -> None:
    assert FAMILY.entry_problems(TABLE, [], END) == [NO_PARTIE]
    assert FAMILY.entry_problems(TABLE, DEALS[:1], END) == []
    assert FAMILY.entry_problems(TABLE, [*DEALS[:1], END], END) == [NO_PARTIE]
    assert [(p.finished, p.reason) for p in parties(TABLE, [*DEALS[:1], END])] == [(True, "hand")]


def test_a_deal_the_rules_refuse_is_refused_by_its_own_problem() -> None:
    stranger = Deal(declarer="Erik", contract=Contract.WHIST, bid=25, tricks=11)
    assert len(FAMILY.entry_problems(TABLE, DEALS[:2], stranger)) == 1
    assert FAMILY.row_at(TABLE, [*DEALS[:2], stranger], 2) is None


def test_the_summary_of_a_state_with_no_deal_says_so() -> None:
    assert render_summary(TABLE, parties(TABLE, []), "en") == "no deals yet"
