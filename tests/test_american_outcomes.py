"""An American Grand list's parties in words (docs/rules.md §A4, §A5): each partie's result as
two lists compare it, and what a change to the list did to its parties."""

from __future__ import annotations

from collections.abc import Sequence

from skatliste.american.deals import Contract, Deal, Entry, PartieEnd
from skatliste.american.game import Table, parties
from skatliste.american.outcomes import outcomes, reshaped, said

TABLE = Table(("Anna", "Ben", "Carl", "Dora"), "Anna")


def whist(declarer: str, tricks: int, bid: int = 25) -> Deal:
    return Deal(declarer=declarer, contract=Contract.WHIST, bid=bid, tricks=tricks)


def grand(declarer: str, tricks: int) -> Deal:
    return Deal(declarer=declarer, contract=Contract.GRAND, bid=10, tricks=tricks)


# Ben+Dora reach 100 in deal 2 (65 + 65) and win partie 1; deals 3 and 4 are partie 2
WON = [whist("Ben", 13, 45), whist("Dora", 13, 45), grand("Carl", 8), whist("Ben", 11)]


def lines(entries: Sequence[Entry], table: Table = TABLE) -> list[str]:
    return [said(table, p).render("en") for p in parties(table, entries)]


def changes(before: Sequence[Entry], after: Sequence[Entry], table: Table = TABLE) -> list[str]:
    return [m.render("en") for m in reshaped(table, before, after)]


def test_a_partie_is_said_with_its_deals_why_it_ended_and_its_settlement() -> None:
    """§A5: 100 − the lower score to the higher, 10 a set to the pair with fewer sets."""
    assert lines(WON) == [
        "deals 1 to 2, over (100 reached): Anna+Carl 0 · Ben+Dora +130 · sets 0 : 0 → "
        "Ben+Dora win 100 : 0",
        "deals 3 to 4, provisional: Anna+Carl +18 · Ben+Dora +25 · sets 0 : 0 → "
        "Ben+Dora win 82 : 0",
    ]
    assert lines([whist("Anna", 11), PartieEnd()]) == [
        "deal 1, over (ended by hand): Anna+Carl +25 · Ben+Dora 0 · sets 0 : 0 → "
        "Anna+Carl win 100 : 0"
    ]
    assert lines([]) == [
        "no deals yet, provisional: Anna+Carl 0 · Ben+Dora 0 · sets 0 : 0 → a tie, 0 : 0"
    ]
    assert lines([grand("Ben", 13)]) == [
        "deal 1, over (grand slam in Grand): Anna+Carl 0 · Ben+Dora +103 · sets 0 : 0 → "
        "Ben+Dora win by a grand slam in Grand"
    ]
    two = Table(TABLE.players, "Anna", partie_deals=2)
    assert lines(WON[2:], two) == [
        "deals 1 to 2, over (deals played): Anna+Carl +18 · Ben+Dora +25 · sets 0 : 0 → "
        "Ben+Dora win 82 : 0"
    ]


def test_a_partie_is_said_in_german() -> None:
    partie = parties(TABLE, WON)[0]
    assert said(TABLE, partie).render("de") == (
        "Spiele 1 bis 2, beendet (100 erreicht): Anna+Carl 0 · Ben+Dora +130 · verloren 0 : 0 → "
        "Ben+Dora gewinnen 100 : 0"
    )


def test_two_lists_compare_each_partie_by_its_deals_scores_sets_and_settlement() -> None:
    found = outcomes(TABLE, WON)
    assert [(o.key, o.name.render("de")) for o in found] == [
        ("partie 1", "Partie 1"),
        ("partie 2", "Partie 2"),
    ]
    assert found[0].data == {
        "partie": 1,
        "deals": [1, 2],
        "finished": True,
        "reason": "hundred",
        "points": [0, 130],
        "sets": [0, 0],
        "final": [0, 100],
        "winner": "Ben+Dora",
    }
    assert outcomes(TABLE, [whist("Anna", 11), whist("Ben", 11)])[0].data["winner"] is None


def test_an_edit_that_keeps_a_partie_from_ending_says_it_is_no_longer_over() -> None:
    """Deal 2 scores 20, not 65: Ben+Dora reach 100 only in deal 4, and partie 1 takes deals 3
    and 4 in; partie 2 is gone."""
    after = [WON[0], whist("Dora", 10, 20), *WON[2:]]
    assert changes(WON, after) == [
        "partie 1 now: "
        "deals 1 to 4, over (100 reached): Anna+Carl +18 · Ben+Dora +110 · sets 0 : 0 → "
        "Ben+Dora win 82 : 0",
        "partie 2 is no longer on the list",
    ]
    running = [WON[0], whist("Dora", 10, 20), WON[2]]
    assert changes(WON[:3], running) == [
        "partie 1 is no longer over: "
        "deals 1 to 3, provisional: Anna+Carl +18 · Ben+Dora +85 · sets 0 : 0 → "
        "Ben+Dora win 82 : 0",
        "partie 2 is no longer on the list",
    ]


def test_an_end_put_in_says_which_partie_ends_there_and_its_settlement() -> None:
    """An end by hand after deal 1 (§A4): partie 1 is over there, and the deals after it make
    partie 2, still in progress (Ben+Dora at 90)."""
    after: list[Entry] = [WON[0], PartieEnd(), *WON[1:]]
    assert changes(WON, after) == [
        "partie 1 now: deal 1, over (ended by hand): Anna+Carl 0 · Ben+Dora +65 · sets 0 : 0 → "
        "Ben+Dora win 100 : 0",
        "partie 2 now: deals 2 to 4, provisional: Anna+Carl +18 · Ben+Dora +90 · sets 0 : 0 → "
        "Ben+Dora win 82 : 0",
    ]


def test_a_partie_in_progress_begun_elsewhere_is_said() -> None:
    """Deal 2 moves the end of partie 1 to deal 3: partie 2 now begins at deal 4."""
    later = [whist("Ben", 13, 45), whist("Dora", 11), whist("Ben", 12, 30), whist("Anna", 11)]
    assert changes([later[0], whist("Dora", 13, 45), *later[2:]], later) == [
        "partie 1 now: "
        "deals 1 to 3, over (100 reached): Anna+Carl 0 · Ben+Dora +120 · sets 0 : 0 → "
        "Ben+Dora win 100 : 0",
        "partie 2 now: deal 4, provisional: Anna+Carl +25 · Ben+Dora 0 · sets 0 : 0 → "
        "Anna+Carl win 100 : 0",
    ]


def test_a_change_within_the_partie_in_progress_says_nothing_more() -> None:
    """Its standing is said with the change itself: only the parties beyond it are news."""
    assert changes(WON, [*WON[:3], whist("Ben", 10)]) == []
    assert changes(WON, WON) == []
    assert changes([WON[0]], []) == []  # the list's only deal deleted


def test_a_first_deal_put_into_an_empty_list_begins_partie_1() -> None:
    assert changes([], [WON[2]]) == [
        "partie 1 now: deal 1, provisional: Anna+Carl +18 · Ben+Dora 0 · sets 0 : 0 → "
        "Anna+Carl win 100 : 0"
    ]
