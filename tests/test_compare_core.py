"""Two lists of one table compared game by game (the double list): a missing game is one
difference after which the lists agree again, a changed game is one difference at its place
named by what changed, the totals that differ are listed, and lists of other players are
refused. The entries are stored Skat entries (as the list file holds them) with their words and
their ISkO value as the sheet derives them."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatliste.american.family import FAMILY as AMERICAN
from skatliste.american.game import Contract, Deal, score
from skatliste.american.words import to_words
from skatliste.compare import (
    MISSING_IN_A,
    MISSING_IN_B,
    SKIP_COST,
    VALUE,
    VALUE_COST,
    ComparedEntry,
    Comparison,
    Difference,
    TotalDifference,
    difference_line,
    report_lines,
    total_line,
)
from skatliste.compare import compare as compare_lists
from skatliste.errors import InputError
from skatliste.families import FieldGroup
from skatliste.i18n import translations
from skatliste.players import same_name
from skatliste.printed import signed
from skatliste.skat.entries import GameEntry, RamschEntry, entry_words
from skatliste.skat.family import FAMILY as SKAT
from skatliste.skat.rules import game_value, ramsch_score
from tests.conftest import ROOT


class Kind:
    """The kinds of difference: a game one list lacks, or the group Skat names its first
    differing field by (``SkatFamily.compared``)."""

    MISSING_IN_A = MISSING_IN_A
    MISSING_IN_B = MISSING_IN_B
    DECLARER = "declarer"
    GAME = "game"
    SPITZEN = "spitzen"
    ANNOUNCEMENT = "announcement"
    RESULT = "result"
    BID = "bid"
    KONTRA = "kontra"
    BOCK = "bock"
    VALUE = VALUE


def compare(
    a: Sequence[ComparedEntry],
    b: Sequence[ComparedEntry],
    totals_a: Mapping[str, int],
    totals_b: Mapping[str, int],
    **more: Any,
) -> Comparison:
    """Two lists compared by Skat's field groups, unless the test gives others."""
    more.setdefault("groups", SKAT.compared)
    more.setdefault("optional", SKAT.compared_optional)
    return compare_lists(a, b, totals_a, totals_b, **more)


PLAYERS = ("Anna", "Ben", "Carl")
SUITS = ("clubs", "spades", "hearts", "diamonds", "grand")


def entry(facts: Mapping[str, object]) -> ComparedEntry:
    """A stored Skat entry with its words and its value as the sheet derives them (ISkO; a
    Ramsch: the loser's points, an all-passed deal: 0)."""
    stored = SKAT.decode(facts)
    if isinstance(stored, GameEntry):
        value = game_value(stored.declaration, stored.outcome).list_points
    elif isinstance(stored, RamschEntry):
        points = ramsch_score(dict(stored.augen), jungfrau=stored.jungfrau).points
        value = min(points.values())
    else:
        value = 0
    return ComparedEntry(dict(facts), entry_words(stored), value)


def totals(entries: Sequence[ComparedEntry]) -> dict[str, int]:
    """Each player's total: the sum of the games they declared."""
    out = dict.fromkeys(PLAYERS, 0)
    for e in entries:
        declarer = e.facts.get("declarer")
        if isinstance(declarer, str):
            out[declarer] += e.value
    return out


def evening_game(n: int) -> dict[str, object]:
    """Game ``n + 1`` of an evening of 36 different games as the list file stores them: the
    declarers in turn, suit games and Grands won and (every fourth) lost, five Nulls, a Kontra."""
    declarer = PLAYERS[n % 3]
    if n % 7 == 6:
        null: dict[str, object] = {"kind": "game", "declarer": declarer, "game": "null"}
        if n > 20:
            null["hand"] = True
        if n % 2:
            null["won"] = False
        return null
    game: dict[str, object] = {
        "kind": "game",
        "declarer": declarer,
        "game": SUITS[n % 5],
        "spitzen": 1 + n % 4,
    }
    if n % 8 == 5:
        game["mit"] = False
    game["augen"] = 25 + n // 2 if n % 4 == 3 else 61 + n
    if n == 22:
        game["kontra"] = True
    game["time"] = f"2026-11-29T19:{n:02d}:00+00:00"
    return game


EVENING = [entry(evening_game(n)) for n in range(36)]


def changed(entries: Sequence[ComparedEntry], number: int, **facts: object) -> list[ComparedEntry]:
    """The list with game ``number`` (from 1) stored with other facts (None: without it)."""
    out = list(entries)
    new = {**out[number - 1].facts, **facts}
    out[number - 1] = entry({k: v for k, v in new.items() if v is not None})
    return out


def without(entries: Sequence[ComparedEntry], *numbers: int) -> list[ComparedEntry]:
    """The list without the games ``numbers`` (from 1)."""
    return [e for i, e in enumerate(entries, 1) if i not in numbers]


def compared(a: Sequence[ComparedEntry], b: Sequence[ComparedEntry]) -> Comparison:
    return compare(a, b, totals(a), totals(b))


def test_the_evening_is_thirty_six_different_games() -> None:
    """The fixture: every game of the evening differs from every other, so a missing game has
    exactly one place."""
    assert len({repr(sorted(e.facts.items())) for e in EVENING}) == 36
    assert EVENING[16].words == "Ben pik mit 1 augen 77"
    assert EVENING[16].value == 22


# --- lists that agree ---------------------------------------------------------------------------


def test_a_list_compared_with_itself_agrees() -> None:
    result = compared(EVENING, EVENING)
    assert result.agree
    assert result == Comparison(36, 36, (), ())
    assert result.to_json() == {"agree": True, "differences": [], "totals": {}}
    assert [m.render("de") for m in report_lines(result)] == [
        "die Listen stimmen überein: 36 Spiele"
    ]
    assert report_lines(compared(EVENING[:1], EVENING[:1]))[0].render("en") == (
        "the lists agree: 1 game"
    )


def test_two_empty_lists_agree() -> None:
    assert compare([], [], dict.fromkeys(PLAYERS, 0), dict.fromkeys(PLAYERS, 0)).agree


def test_notes_and_times_are_the_keepers_own() -> None:
    """A note or another time of writing is no difference; with ``ignore`` naming other fields,
    the time is compared too."""
    b = changed(EVENING, 5, note="Ben hat gemischt", time="2026-11-29T21:00:00+00:00")
    assert compared(EVENING, b).agree
    strict = compare(EVENING, b, totals(EVENING), totals(b), ignore={"note"})
    assert [(d.game_a, d.kind, d.fields) for d in strict.differences] == [
        (5, Kind.VALUE, ("time",))
    ]


def test_names_are_compared_composed_and_case_folded() -> None:
    """``Jürgen`` typed with a decomposed ``ü`` and ``JÜRGEN`` are one player, as a declarer,
    in a Ramsch's Augen and as its Jungfrau; the players' totals are matched the same way."""
    players_a, players_b = ("Jürgen", "Ben", "Carl"), ("JU\u0308RGEN", "ben", "Carl")
    a = [
        entry({"kind": "game", "declarer": "Jürgen", "game": "clubs", "spitzen": 2, "augen": 75}),
        entry(
            {
                "kind": "ramsch",
                "augen": {"Jürgen": 0, "Ben": 80, "Carl": 40},
                "jungfrau": ["Jürgen"],
            }
        ),
    ]
    b = [
        entry(
            {"kind": "game", "declarer": "JU\u0308RGEN", "game": "clubs", "spitzen": 2, "augen": 75}
        ),
        entry(
            {
                "kind": "ramsch",
                "augen": {"JU\u0308RGEN": 0, "ben": 80, "Carl": 40},
                "jungfrau": ["JU\u0308RGEN"],
            }
        ),
    ]
    totals_a = dict(zip(players_a, (48, -160, 0), strict=True))
    totals_b = dict(zip(players_b, (48, -160, 0), strict=True))
    assert compare(a, b, totals_a, totals_b).agree
    other = compare(a, b, totals_a, {**totals_b, "ben": -80})
    assert other.totals == (TotalDifference("Ben", -160, -80),)
    assert same_name("Ju\u0308rgen") == same_name("JÜRGEN") != same_name("Jurgen")


def test_true_is_not_one() -> None:
    """Facts are compared as JSON: a ``true`` where the other list has ``1`` is a difference."""
    a = [ComparedEntry({"kind": "game", "declarer": "Anna", "hand": True}, "Anna", 0)]
    b = [ComparedEntry({"kind": "game", "declarer": "Anna", "hand": 1}, "Anna", 0)]
    assert compare(a, b, {"Anna": 0}, {"Anna": 0}).differences[0].fields == ("hand",)


# --- a game one list lacks ----------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 17, 36], ids=["start", "middle", "end"])
def test_a_game_missing_in_b_is_one_difference_and_then_the_lists_agree(number: int) -> None:
    b = without(EVENING, number)
    result = compared(EVENING, b)
    missing = Difference(Kind.MISSING_IN_B, number, number, EVENING[number - 1], None)
    assert result.differences == (missing,)
    player = PLAYERS[(number - 1) % 3]
    lost = EVENING[number - 1].value
    assert result.totals == (
        TotalDifference(player, totals(EVENING)[player], totals(EVENING)[player] - lost),
    )
    assert not result.agree


@pytest.mark.parametrize("number", [1, 17, 36], ids=["start", "middle", "end"])
def test_a_game_missing_in_a_is_one_difference_and_then_the_lists_agree(number: int) -> None:
    a = without(EVENING, number)
    result = compared(a, EVENING)
    assert result.differences == (
        Difference(Kind.MISSING_IN_A, number, number, None, EVENING[number - 1]),
    )


def test_after_a_missing_game_the_numbers_of_the_lists_differ_by_one() -> None:
    """B lacks game 5 and has another Hand at A's game 17 (its game 16)."""
    b = changed(without(EVENING, 5), 16, hand=True)
    result = compared(EVENING, b)
    assert [(d.kind, d.game_a, d.game_b) for d in result.differences] == [
        (Kind.MISSING_IN_B, 5, 5),
        (Kind.ANNOUNCEMENT, 17, 16),
    ]
    assert [m.render("de") for m in report_lines(result)][:2] == [
        'Spiel 5: A "Ben grand mit 1 augen 65" +48 — fehlt in B',
        'Spiel 17 (in B Spiel 16): A "Ben pik mit 1 augen 77" +22 '
        '— B "Ben pik mit 1 hand augen 77" +33',
    ]


def test_two_games_missing_apart_and_one_in_the_other_list() -> None:
    a, b = without(EVENING, 30), without(EVENING, 3, 20)
    assert [(d.kind, d.game_a, d.game_b) for d in compared(a, b).differences] == [
        (Kind.MISSING_IN_B, 3, 3),
        (Kind.MISSING_IN_B, 20, 19),
        (Kind.MISSING_IN_A, 30, 28),
    ]


def test_of_two_equal_games_in_a_row_the_second_is_reported_missing() -> None:
    """The tie rule: the lists are matched from the start, the first of two equal games with
    the first."""
    a = [EVENING[0], EVENING[1], EVENING[1], EVENING[2]]
    b = [EVENING[0], EVENING[1], EVENING[2]]
    assert compared(a, b).differences == (Difference(Kind.MISSING_IN_B, 3, 3, EVENING[1], None),)


def test_of_two_places_for_a_changed_game_the_more_similar_game_is_taken() -> None:
    """B has one game where A has two: the one it differs from in Hand only is its game, the
    other (another declarer, another game) is the one missing."""
    hand = changed(EVENING, 2, hand=True)[1]
    result = compared(EVENING[:2], [hand])
    assert [(d.kind, d.game_a, d.game_b) for d in result.differences] == [
        (Kind.MISSING_IN_B, 1, 1),
        (Kind.ANNOUNCEMENT, 2, 1),
    ]


def test_around_a_missing_game_the_games_are_paired_so_the_fewest_fields_differ() -> None:
    """The referee's case: A has Ben Null, Anna Pik mit 1 (70 Augen), Ben Herz mit 1; B lacks
    the Null and writes the Pik for Carl. Either pairing names the declarer first, but paired
    with the Null the Pik differs in all its fields, with A's Pik in its declarer only: so
    game 3 is missing in B and game 4 differs in the declarer only."""
    null = entry({"kind": "game", "declarer": "Ben", "game": "null"})
    pik = {"kind": "game", "declarer": "Anna", "game": "spades", "spitzen": 1, "augen": 70}
    herz = entry({"kind": "game", "declarer": "Ben", "game": "hearts", "spitzen": 1})
    carls = entry({**pik, "declarer": "Carl"})
    a = [*EVENING[:2], null, entry(pik), herz]
    b = [*EVENING[:2], carls, herz]
    assert compared(a, b).differences == (
        Difference(Kind.MISSING_IN_B, 3, 3, null, None),
        Difference(Kind.DECLARER, 4, 3, a[3], carls, ("declarer",)),
    )
    mirrored = compared(b, a).differences
    assert [(d.kind, d.game_a, d.game_b, d.fields) for d in mirrored] == [
        (Kind.MISSING_IN_A, 3, 3, ()),
        (Kind.DECLARER, 3, 4, ("declarer",)),
    ]


def test_two_games_written_in_the_other_order_are_each_missing_once() -> None:
    """Games 17 and 18 swapped: each list lacks one of them at its place (cheaper than two
    games of other declarers). The tie rule: the game whose key sorts first (its fields by
    name, ``augen`` 77 before 78) is the one reported missing first."""
    b = [*EVENING[:16], EVENING[17], EVENING[16], *EVENING[18:]]
    assert compared(EVENING, b).differences == (
        Difference(Kind.MISSING_IN_B, 17, 17, EVENING[16], None),
        Difference(Kind.MISSING_IN_A, 19, 18, None, EVENING[16]),
    )


# --- two games at one place that differ ---------------------------------------------------------


def test_a_game_with_another_declarer() -> None:
    b = changed(EVENING, 17, declarer="Anna")
    assert compared(EVENING, b).differences == (
        Difference(Kind.DECLARER, 17, 17, EVENING[16], b[16], ("declarer",)),
    )


def test_a_game_with_hand_in_one_list_is_one_difference_of_its_value() -> None:
    """Game 17 with Hand in B only: one difference, named by the announcement; both values."""
    b = changed(EVENING, 17, hand=True)
    result = compared(EVENING, b)
    (d,) = result.differences
    assert (d.kind, d.fields, d.game_a, d.game_b) == (Kind.ANNOUNCEMENT, ("hand",), 17, 17)
    assert (d.a, d.b) == (EVENING[16], b[16])
    assert (EVENING[16].value, b[16].value) == (22, 33)  # spades 11 × (mit 1, Spiel, Hand)
    assert result.totals == (TotalDifference("Ben", totals(EVENING)["Ben"], totals(b)["Ben"]),)
    assert result.to_json() == {
        "agree": False,
        "differences": [
            {
                "game": 17,
                "kind": "announcement",
                "fields": ["hand"],
                "a": {
                    "game": 17,
                    "words": "Ben pik mit 1 augen 77",
                    "value": 22,
                    "entry": EVENING[16].facts,
                },
                "b": {
                    "game": 17,
                    "words": "Ben pik mit 1 hand augen 77",
                    "value": 33,
                    "entry": b[16].facts,
                },
            }
        ],
        "totals": {"Ben": {"a": totals(EVENING)["Ben"], "b": totals(b)["Ben"], "difference": -11}},
    }


def test_a_game_with_kontra_in_one_list() -> None:
    b = changed(EVENING, 17, kontra=True)
    (d,) = compared(EVENING, b).differences
    assert (d.kind, d.fields, b[16].value) == (Kind.KONTRA, ("kontra",), 44)
    assert d.b is not None and d.b.words == "Ben pik mit 1 augen 77 kontra"


def test_two_differences_in_a_row_are_two_differences() -> None:
    """Games 17 and 18 each changed: two differences at their places, no game missing."""
    b = changed(changed(EVENING, 17, hand=True), 18, kontra=True)
    assert [(d.kind, d.game_a, d.game_b) for d in compared(EVENING, b).differences] == [
        (Kind.ANNOUNCEMENT, 17, 17),
        (Kind.KONTRA, 18, 18),
    ]


def test_every_differing_field_is_listed_the_first_names_the_kind() -> None:
    """Another game type and other Augen: a ``game`` difference listing both, in the fixed
    order; another declarer comes first of all."""
    b = changed(EVENING, 17, augen=70, game="grand")
    (d,) = compared(EVENING, b).differences
    assert (d.kind, d.fields) == (Kind.GAME, ("game", "augen"))
    b = changed(EVENING, 17, bid=18, spitzen=2, declarer="Carl", bock=1)
    (d,) = compared(EVENING, b).differences
    assert (d.kind, d.fields) == (Kind.DECLARER, ("declarer", "spitzen", "bid", "bock"))


@pytest.mark.parametrize(
    ("facts", "kind"),
    [
        ({"game": "null", "spitzen": None, "augen": None}, Kind.GAME),
        ({"spitzen": 3}, Kind.SPITZEN),
        ({"mit": False}, Kind.SPITZEN),
        ({"schneider_announced": True, "hand": True}, Kind.ANNOUNCEMENT),
        ({"augen": 90}, Kind.RESULT),
        ({"won": False, "augen": 58}, Kind.RESULT),
        ({"bid": 18}, Kind.BID),
        ({"kontra": True, "re": True}, Kind.KONTRA),
        ({"bock": 1}, Kind.BOCK),
        ({"bock_called": True}, Kind.BOCK),
        ({"paper": "+44"}, Kind.VALUE),
    ],
)
def test_each_field_group_names_its_kind(facts: dict[str, object], kind: str) -> None:
    b = changed(EVENING, 17, **facts)
    (d,) = compared(EVENING, b).differences
    assert d.kind == kind
    given = {f: v for f, v in facts.items() if v is not None or f not in SKAT.compared_optional}
    assert set(d.fields) == {f for f in given if given[f] != EVENING[16].facts.get(f)}


def test_a_game_where_the_other_list_has_an_all_passed_deal() -> None:
    b = list(EVENING)
    b[16] = entry({"kind": "passed"})
    (d,) = compared(EVENING, b).differences
    assert (d.kind, d.fields) == (Kind.DECLARER, ("declarer", "kind", "game", "spitzen"))
    assert d.b is not None and (d.b.words, d.b.value) == ("eingepasst", 0)


def test_augen_one_list_does_not_give_are_no_difference() -> None:
    """A paper list never records the Augen: a detail only one list gives is compared only
    where both give it (docs/rules.md §D); the value still is."""
    b = changed(EVENING, 17, augen=None)
    assert compared(EVENING, b).agree
    assert compared(b, EVENING).agree
    worth_more = [*b[:16], ComparedEntry(b[16].facts, b[16].words, b[16].value + 24), *b[17:]]
    (d,) = compared(EVENING, worth_more).differences
    assert (d.game_a, d.kind, d.fields) == (17, Kind.VALUE, ())


def test_augen_both_lists_give_and_that_differ_are_a_result_difference() -> None:
    (d,) = compared(EVENING, changed(EVENING, 17, augen=70)).differences
    assert (d.game_a, d.kind, d.fields) == (17, Kind.RESULT, ("augen",))


def test_the_same_facts_scored_to_another_value() -> None:
    """The lists keep other rules: the same game with another value is a ``value`` difference
    with no field."""
    b = list(EVENING)
    b[16] = ComparedEntry(EVENING[16].facts, EVENING[16].words, 44)
    assert compared(EVENING, b).differences == (
        Difference(Kind.VALUE, 17, 17, EVENING[16], b[16], ()),
    )


def test_a_field_the_table_does_not_name_is_a_value_difference_listed_last() -> None:
    a = [ComparedEntry({"kind": "game", "declarer": "Anna", "zeta": 1, "extra": 1}, "x", 1)]
    b = [
        ComparedEntry(
            {"kind": "game", "declarer": "Anna", "zeta": 2, "extra": 2, "bid": 18}, "y", 1
        )
    ]
    (d,) = compare(a, b, {"Anna": 1}, {"Anna": 1}).differences
    assert (d.kind, d.fields) == (Kind.BID, ("bid", "extra", "zeta"))


def test_a_family_may_name_its_own_field_groups() -> None:
    """``groups`` group the fields of another family's entries."""
    a = [ComparedEntry({"kind": "deal", "declarer": "Anna", "stake": 5}, "x", 5)]
    b = [ComparedEntry({"kind": "deal", "declarer": "Anna", "stake": 6}, "y", 6)]
    plain = compare(a, b, {"Anna": 5}, {"Anna": 6}, groups=()).differences[0]
    stake = FieldGroup("bid", ("stake",), 5)
    own = compare(a, b, {"Anna": 5}, {"Anna": 6}, groups=[stake]).differences[0]
    assert (plain.kind, own.kind) == (Kind.VALUE, Kind.BID)


def test_american_grand_deals_are_compared_by_the_same_rules() -> None:
    """An American Grand list: a deal with another trick count is a ``result`` difference, a
    deal made alone in one list only an ``announcement``."""
    seats = ("Anna", "Ben", "Carl", "Dora")

    def deal(**facts: object) -> ComparedEntry:
        d = Deal(**facts)  # type: ignore[arg-type]
        stored: dict[str, object] = {
            "kind": "deal",
            "declarer": d.declarer,
            "contract": d.contract.value,
        }
        stored |= {k: v for k, v in facts.items() if k not in ("declarer", "contract")}
        return ComparedEntry(stored, f"{d.declarer} {to_words(d)}", score(d).declaring)

    a = [
        deal(declarer="Ben", contract=Contract.WHIST, bid=25, tricks=11),
        deal(declarer="Dora", contract=Contract.EUCHRE, bid=20, tricks=5, alone=True),
    ]
    b = [
        deal(declarer="Ben", contract=Contract.WHIST, bid=25, tricks=10),
        deal(declarer="Dora", contract=Contract.EUCHRE, bid=20, tricks=5),
    ]
    zero = dict.fromkeys(seats, 0)
    result = compare(a, b, zero, zero, groups=AMERICAN.compared)
    assert [(d.kind, d.fields) for d in result.differences] == [
        (Kind.RESULT, ("tricks",)),
        (Kind.ANNOUNCEMENT, ("alone",)),
    ]
    assert report_lines(result)[0].render("en") == (
        'game 1: A "Ben whist 25 tricks 11" +25 — B "Ben whist 25 tricks 10" −25'
    )


# --- totals -------------------------------------------------------------------------------------


def test_totals_that_differ_are_listed_in_list_as_order() -> None:
    """The games agree but the totals do not (a total typed by hand, other extra points)."""
    t = totals(EVENING)
    result = compare(EVENING, EVENING, t, {**t, "Carl": t["Carl"] + 30, "Anna": t["Anna"] - 5})
    assert not result.agree and result.differences == ()
    assert result.totals == (
        TotalDifference("Anna", t["Anna"], t["Anna"] - 5),
        TotalDifference("Carl", t["Carl"], t["Carl"] + 30),
    )
    assert [x.difference for x in result.totals] == [5, -30]
    assert result.to_json()["totals"] == {
        "Anna": {"a": t["Anna"], "b": t["Anna"] - 5, "difference": 5},
        "Carl": {"a": t["Carl"], "b": t["Carl"] + 30, "difference": -30},
    }
    assert [m.render("de") for m in report_lines(result)] == [
        f"Summe Anna: A {signed(t['Anna'])} — B {signed(t['Anna'] - 5)} (Unterschied +5)",
        f"Summe Carl: A {signed(t['Carl'])} — B {signed(t['Carl'] + 30)} (Unterschied −30)",
        "die Listen unterscheiden sich nur in den Summen",
    ]


# --- refused ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players_b",
    [("Anna", "Ben", "Dora"), ("Anna", "Ben"), ("Anna", "Ben", "Carl", "Dora")],
    ids=["another", "fewer", "more"],
)
def test_lists_of_other_players_are_refused(players_b: tuple[str, ...]) -> None:
    with pytest.raises(InputError) as refused:
        compare(EVENING, EVENING, totals(EVENING), dict.fromkeys(players_b, 0))
    b = ", ".join(players_b)
    assert refused.value.render("en") == (
        f"the two lists are not of the same players: A has Anna, Ben, Carl; B has {b}"
    )
    assert refused.value.render("de") == (
        f"die beiden Listen sind nicht von denselben Spielern: A hat Anna, Ben, Carl; B hat {b}"
    )


# --- the text -----------------------------------------------------------------------------------


def test_the_lines_of_a_comparison_in_german_and_english() -> None:
    b = changed(without(EVENING, 36), 17, hand=True)
    a = without(EVENING, 1)
    result = compared(a, b)
    lines = report_lines(result)
    assert [m.render("de") for m in lines] == [
        'Spiel 1 von B: "Anna kreuz mit 1 augen 61" +24 — fehlt in A',
        'Spiel 16 (in B Spiel 17): A "Ben pik mit 1 augen 77" +22 '
        '— B "Ben pik mit 1 hand augen 77" +33',
        'Spiel 35: A "Carl kreuz mit 4 augen 42" −120 — fehlt in B',
        *(
            f"Summe {p}: A {signed(totals(a)[p])} — B {signed(totals(b)[p])} (Unterschied {d})"
            for p, d in (("Anna", "−24"), ("Ben", "−11"), ("Carl", "−120"))
        ),
        "die Listen unterscheiden sich in 3 Spielen",
    ]
    assert [m.render("en") for m in (*lines[:3], lines[-1])] == [
        'B\'s game 1: "Anna kreuz mit 1 augen 61" +24 — missing in A',
        'game 16 (in B game 17): A "Ben pik mit 1 augen 77" +22 '
        '— B "Ben pik mit 1 hand augen 77" +33',
        'game 35: A "Carl kreuz mit 4 augen 42" −120 — missing in B',
        "the lists differ in 3 games",
    ]


def test_the_example_line_of_the_double_list() -> None:
    """``Spiel 17: A "Anna kreuz mit 2 hand" +72 — B "Anna kreuz mit 2" +48``."""
    a = ComparedEntry({"declarer": "Anna", "hand": True}, "Anna kreuz mit 2 hand", 72)
    b = ComparedEntry({"declarer": "Anna"}, "Anna kreuz mit 2", 48)
    d = Difference(Kind.ANNOUNCEMENT, 17, 17, a, b, ("hand",))
    assert difference_line(d).render("de") == (
        'Spiel 17: A "Anna kreuz mit 2 hand" +72 — B "Anna kreuz mit 2" +48'
    )
    assert total_line(TotalDifference("Anna", 72, 48)).render("en") == (
        "total Anna: A +72 — B +48 (difference +24)"
    )
    assert total_line(TotalDifference("Anna", -4, 56)).render("en") == (
        "total Anna: A −4 — B +56 (difference −60)"
    )
    assert report_lines(Comparison(17, 17, (d,), ()))[-1].render("de") == (
        "die Listen unterscheiden sich in 1 Spiel"
    )


def test_values_are_signed_as_on_a_list() -> None:
    assert [signed(v) for v in (72, -48, 0)] == ["+72", "−48", "0"]


def _message_ids() -> list[tuple[str, ...]]:
    """The ids of every msg() and nmsg() of the compare core."""
    tree = ast.parse((ROOT / "skatliste" / "compare.py").read_text(encoding="utf-8"))
    return [
        tuple(
            a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
        )
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("msg", "nmsg")
    ]


def test_the_scan_finds_every_message_of_the_core() -> None:
    assert len(_message_ids()) == 21


@pytest.mark.parametrize("ids", _message_ids(), ids=lambda ids: ids[0][:40])
def test_every_message_of_the_comparison_has_its_german_text(ids: tuple[str, ...]) -> None:
    """Each message id (and its plural) is in the German catalogue with the same values."""
    german = translations("de")
    if len(ids) == 1:
        pairs = [(ids[0], german.gettext(ids[0]))]
    else:
        pairs = [
            (ids[0], german.ngettext(ids[0], ids[1], 1)),
            (ids[1], german.ngettext(ids[0], ids[1], 2)),
        ]
    for english, text in pairs:
        assert text != english, f"no German for {english!r}"
        assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", english))


# --- the alignment's costs ----------------------------------------------------------------------


@pytest.mark.parametrize("family", [SKAT, AMERICAN], ids=lambda f: f.name)
def test_a_changed_game_always_costs_less_than_a_game_missing_in_each_list(family: Any) -> None:
    """Every group of a family costs more than nothing and less than two missing games; a
    group's name is no missing game's, and each field is in one group only."""
    costs = [g.cost for g in family.compared] + [VALUE_COST]
    assert max(costs) < 2 * SKIP_COST
    assert min(costs) > 0
    names = [g.name for g in family.compared]
    assert len(set(names)) == len(names) and not {MISSING_IN_A, MISSING_IN_B} & set(names)
    fields = [f for g in family.compared for f in g.fields]
    assert len(set(fields)) == len(fields)


def test_a_long_list_with_a_few_differences() -> None:
    """A club's season in one list (720 games): three differences far apart are found."""
    season = EVENING * 20
    b = changed(without(season, 100), 400, kontra=True)
    b.insert(650, entry({"kind": "passed"}))
    assert [(d.kind, d.game_a, d.game_b) for d in compared(season, b).differences] == [
        (Kind.MISSING_IN_B, 100, 100),
        (Kind.KONTRA, 401, 400),
        (Kind.MISSING_IN_A, 652, 651),
    ]


# --- properties ---------------------------------------------------------------------------------

suit_games = st.fixed_dictionaries(
    {
        "kind": st.just("game"),
        "declarer": st.sampled_from(PLAYERS),
        "game": st.sampled_from(SUITS),
        "spitzen": st.integers(1, 4),
        "augen": st.integers(0, 120),
    },
    optional={"mit": st.just(False), "hand": st.just(True), "kontra": st.just(True)},
)
null_games = st.fixed_dictionaries(
    {"kind": st.just("game"), "declarer": st.sampled_from(PLAYERS), "game": st.just("null")},
    optional={"hand": st.just(True), "ouvert": st.just(True), "won": st.just(False)},
)
entries = st.one_of(suit_games, null_games, st.just({"kind": "passed"})).map(entry)
few = st.sampled_from(EVENING[:4])
"""Entries from a few games only: lists full of equal games, where the tie rule decides."""


def mirrored(d: Difference) -> Difference:
    """The difference as compare(b, a) reports it."""
    kind = {Kind.MISSING_IN_A: Kind.MISSING_IN_B, Kind.MISSING_IN_B: Kind.MISSING_IN_A}
    return Difference(kind.get(d.kind, d.kind), d.game_b, d.game_a, d.b, d.a, d.fields)


@given(st.lists(entries, max_size=40))
def test_any_list_compared_with_itself_agrees(a: list[ComparedEntry]) -> None:
    assert compared(a, a).agree


@given(st.lists(entries, max_size=30), st.data())
def test_deleting_k_games_gives_exactly_k_missing_in_b(
    a: list[ComparedEntry], data: st.DataObject
) -> None:
    """Removing the games reported missing from A gives B: as many as were deleted, and
    nothing else."""
    gone = data.draw(st.sets(st.integers(1, len(a)))) if a else set()
    b = without(a, *gone)
    result = compared(a, b)
    assert all(d.kind is Kind.MISSING_IN_B for d in result.differences)
    assert len(result.differences) == len(gone)
    assert without(a, *(d.game_a for d in result.differences)) == b


@given(st.lists(entries, max_size=30, unique_by=lambda e: repr(sorted(e.facts.items()))), st.data())
def test_deleting_k_different_games_reports_them_at_their_numbers(
    a: list[ComparedEntry], data: st.DataObject
) -> None:
    gone = data.draw(st.sets(st.integers(1, len(a)))) if a else set()
    b = without(a, *gone)
    result = compared(a, b)
    assert [d.game_a for d in result.differences] == sorted(gone)
    assert [d.game_b for d in result.differences] == [n - i for i, n in enumerate(sorted(gone))]


@given(st.lists(entries, min_size=1, max_size=30), entries, st.data())
def test_one_changed_game_is_one_difference_at_its_place(
    a: list[ComparedEntry], other: ComparedEntry, data: st.DataObject
) -> None:
    number = data.draw(st.integers(1, len(a)))
    b = [other if i == number else e for i, e in enumerate(a, 1)]
    differences = compared(a, b).differences
    if other == a[number - 1]:
        assert differences == ()
    else:
        (d,) = differences
        assert (d.game_a, d.game_b, d.a, d.b) == (number, number, a[number - 1], other)


@given(
    st.lists(st.one_of(few, entries), max_size=25), st.lists(st.one_of(few, entries), max_size=25)
)
def test_b_against_a_mirrors_a_against_b(a: list[ComparedEntry], b: list[ComparedEntry]) -> None:
    forth, back = compared(a, b), compared(b, a)
    assert back.differences == tuple(mirrored(d) for d in forth.differences)
    assert back.totals == tuple(TotalDifference(t.player, t.b, t.a) for t in forth.totals)
    assert (back.games_a, back.games_b) == (forth.games_b, forth.games_a)
