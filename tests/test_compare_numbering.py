"""Two lists compared where an entry has no number of its own (American Grand's end of a
partie by hand, docs/rules.md §A4): the lines number the entries as the family does and name
such an entry by the numbered one before it; and a family whose totals mean nothing across a
list (§A5: each partie is settled from 0 : 0) has its results compared part by part instead."""

from __future__ import annotations

from skatliste.compare import (
    MISSING_IN_A,
    MISSING_IN_B,
    ComparedEntry,
    Comparison,
    Difference,
    Outcome,
    OutcomeDifference,
    compare,
    compare_outcomes,
    difference_line,
    outcome_line,
    report_lines,
)
from skatliste.families import by_name
from skatliste.i18n import Message, msg

SEATS = {"Anna+Carl": 0, "Ben+Dora": 0}
AMERICAN = by_name("american-grand").compared
END = ComparedEntry({"kind": "end"}, "partie ended by hand", 0, numbered=False)


def deal(declarer: str, tricks: int) -> ComparedEntry:
    facts = {"kind": "deal", "declarer": declarer, "contract": "whist", "bid": 25}
    value = 25 if tricks >= 11 else -25
    return ComparedEntry({**facts, "tricks": tricks}, f"{declarer} whist 25 tricks {tricks}", value)


def end_after(number: int) -> Message:
    return msg("end after deal {number}", number=number)


D1, D2, D3, D4 = deal("Anna", 11), deal("Ben", 12), deal("Carl", 11), deal("Dora", 11)


def test_an_end_one_list_lacks_is_named_by_the_deal_before_it_and_deals_keep_their_numbers() -> (
    None
):
    """B has an end after deal 1 and another deal 4: the end is "after deal 1", and deal 4 is
    deal 4 in both lists (the end has no number: B's sheet numbers that deal 4 too)."""
    result = compare(
        [D1, D2, D3, D4], [D1, END, D2, D3, deal("Dora", 10)], SEATS, SEATS, groups=AMERICAN
    )
    assert [(d.kind, d.game_a, d.game_b, d.numbered) for d in result.differences] == [
        (MISSING_IN_A, 1, 1, False),
        ("result", 4, 4, True),
    ]
    assert [line.render("en") for line in report_lines(result, end_after)][:2] == [
        'B\'s end after deal 1: "partie ended by hand" 0 — missing in A',
        'game 4: A "Dora whist 25 tricks 11" +25 — B "Dora whist 25 tricks 10" −25',
    ]
    assert report_lines(result, end_after)[0].render("de") == (
        'Ende nach Spiel 1 von B: "partie ended by hand" 0 — fehlt in A'
    )
    assert result.differences[0].to_json()["after"] == 1
    assert result.differences[0].to_json()["b"] == {
        "after": 1,
        "words": "partie ended by hand",
        "value": 0,
        "entry": {"kind": "end"},
    }
    assert (result.games_a, result.games_b) == (4, 4)  # deals, the end not counted


def test_an_end_only_list_a_has_is_named_by_its_deal_before_it() -> None:
    result = compare([D1, D2, END], [D1, D2], SEATS, SEATS)
    d = result.differences[0]
    assert (d.kind, d.game_a, d.game_b) == (MISSING_IN_B, 2, 2)
    assert difference_line(d, end_after).render("en") == (
        'end after deal 2: A "partie ended by hand" 0 — missing in B'
    )


def test_without_a_family_an_entry_with_no_number_is_named_after_the_game_before_it() -> None:
    d = compare([D1, END], [D1], SEATS, SEATS).differences[0]
    assert difference_line(d).render("en") == (
        'the entry after game 1: A "partie ended by hand" 0 — missing in B'
    )
    assert difference_line(d).render("de") == (
        'der Eintrag nach Spiel 1: A "partie ended by hand" 0 — fehlt in B'
    )


def test_an_end_at_the_place_of_a_deal_names_both_places() -> None:
    """A deal in A where B has an end (one difference, cheaper than two missing entries)."""
    d = Difference("game", 2, 1, D2, END, ("kind",))
    assert difference_line(d, end_after).render("en") == (
        "A's game 2 against B's end after deal 1: \"Ben whist 25 tricks 12\" +25 — "
        '"partie ended by hand" 0'
    )
    assert difference_line(d, end_after).render("de") == (
        'Spiel 2 von A gegen Ende nach Spiel 1 von B: "Ben whist 25 tricks 12" +25 — '
        '"partie ended by hand" 0'
    )


def test_the_skat_family_names_an_entry_after_its_game_though_it_numbers_every_entry() -> None:
    skat = by_name("skat")
    assert skat.numbers_every_entry
    assert skat.unnumbered_name(3).render("en") == "the entry after game 3"


# --- results compared part by part -----------------------------------------------------------


def partie(number: int, winner: str, final: int, deals: list[int]) -> Outcome:
    said = msg("{pair} win {won} : {lost}", pair=winner, won=final, lost=0)
    data = {"partie": number, "deals": deals, "winner": winner, "final": final}
    return Outcome(f"partie {number}", msg("partie {number}", number=number), said, data)


def test_results_are_paired_by_what_they_are_of_and_listed_where_they_differ() -> None:
    a = [partie(1, "Ben+Dora", 57, [1, 2, 3, 4]), partie(3, "Anna+Carl", 10, [9])]
    b = [partie(1, "Anna+Carl", 100, [1]), partie(2, "Anna+Carl", 105, [2, 3, 4])]
    found = compare_outcomes(a, b)
    assert [(d.key, d.a is not None, d.b is not None) for d in found] == [
        ("partie 1", True, True),
        ("partie 3", True, False),
        ("partie 2", False, True),
    ]
    assert [outcome_line(d).render("en") for d in found] == [
        "result of partie 1: A Ben+Dora win 57 : 0 — B Anna+Carl win 100 : 0",
        "result of partie 3: A Anna+Carl win 10 : 0 — missing in B",
        "result of partie 2: missing in A — B Anna+Carl win 105 : 0",
    ]
    assert outcome_line(found[0]).render("de") == (
        "Ergebnis von Partie 1: A Ben+Dora gewinnen 57 : 0 — B Anna+Carl gewinnen 100 : 0"
    )
    assert found[2].to_json() == {"of": "partie 2", "a": None, "b": dict(b[1].data)}
    assert compare_outcomes(a, a) == ()


def test_with_results_the_totals_name_the_players_only() -> None:
    """The totals differ (each list's partie in progress), but only the results count."""
    same = [partie(1, "Ben+Dora", 57, [1, 2])]
    result = compare(
        [D1, D2],
        [D1, D2],
        {"Anna+Carl": 25, "Ben+Dora": 30},
        {"Anna+Carl": 0, "Ben+Dora": 0},
        results=(same, same),
    )
    assert result.agree and result.totals == () and result.results == ()
    assert "results" not in result.to_json()
    other = compare([D1], [D1], SEATS, SEATS, results=(same, [partie(1, "Anna+Carl", 9, [1])]))
    assert not other.agree
    assert other.to_json()["results"] == [d.to_json() for d in other.results]
    assert report_lines(other)[-1].render("en") == "the lists differ in their results only"
    assert report_lines(other)[-1].render("de") == (
        "die Listen unterscheiden sich nur in ihren Ergebnissen"
    )


def test_a_comparison_of_results_lists_each_differing_part_after_the_entries() -> None:
    d = OutcomeDifference(partie(1, "Ben+Dora", 57, [1]), None)
    lines = report_lines(Comparison(1, 1, (), (), (d,)))
    assert [line.render("en") for line in lines] == [
        "result of partie 1: A Ben+Dora win 57 : 0 — missing in B",
        "the lists differ in their results only",
    ]
