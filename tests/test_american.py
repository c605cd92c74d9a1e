"""American Grand, the core: every worked deal and the worked final result of the reference
(docs/rules.md, §A1 to §A6), its refusals, the partie's end, the words, and properties."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from skatliste.american.deals import Entry
from skatliste.american.explain import computation
from skatliste.american.game import (
    Contract,
    Deal,
    DealScore,
    PartieEnd,
    Row,
    Table,
    highest_bid,
    pair_points,
    parties,
    problems,
    score,
    score_deal,
    settle,
    validate,
)
from skatliste.american.options import HeartsDefenders, SlamCounts
from skatliste.american.words import MAX_DIGITS, parse_words, to_words
from skatliste.errors import InputError, InvalidGameError

from .conftest import ROOT

TABLE = Table(("Anna", "Ben", "Carl", "Dora"), "Anna")
"""Anna and Carl (NS, pair 0) against Ben and Dora (EW, pair 1)."""
DECLARER = {"NS": "Anna", "EW": "Ben"}


def deal(words: str, declarer: str = "Anna") -> Deal:
    return parse_words(words.split()).deal(declarer)


# §A6, row by row: the words, the declaring pair, NS, EW
WORKED_DEALS = [
    ("whist 25 tricks 11", "NS", 25, 0),
    ("whist 25 tricks 12", "NS", 30, 0),
    ("whist 30 tricks 13", "EW", 0, 65),
    ("whist 35 tricks 10", "NS", -35, 0),
    ("whist 20 tricks 4", "EW", 15, -20),
    ("grand 25 tricks 9", "NS", 27, 0),
    ("grand 10 tricks 13", "EW", 0, 103),
    ("grand 40 tricks 8", "NS", -40, 0),
    ("grand 15 tricks 3", "EW", 36, -15),
    ("euchre 10 tricks 4", "NS", 10, 0),
    ("euchre 5 tricks 5", "EW", 0, 20),
    ("euchre 20 alone tricks 5", "NS", 25, 0),
    ("euchre 20 alone tricks 4", "NS", -40, 0),
    ("euchre 15 tricks 4", "EW", 0, -35),
    ("hearts 30 hearts 0", "NS", 50, 0),
    ("hearts 40 hearts 3", "EW", -10, -43),
]


@pytest.mark.parametrize(("words", "pair", "ns", "ew"), WORKED_DEALS)
def test_worked_deals_of_the_reference(words: str, pair: str, ns: int, ew: int) -> None:
    """Each worked deal of §A6 scores as the table says."""
    s = score(deal(words, DECLARER[pair]))
    assert pair_points(TABLE, s) == (ns, ew)


def _rules_doc_deals() -> list[tuple[str, str, int, int]]:
    """The table of docs/rules.md §A6, read as (words, declaring pair, NS, EW).

    Its rows are ``| deal | `words` | pair | how it scores | NS | EW |``; the words a player
    types may say ``partner`` where the tests leave it out (it is the default).
    """
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("## §A6") :]
    out = []
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not cells[1].startswith("`"):
            continue
        words = cells[1].strip("`").replace(" partner", "")
        number = [int(c.replace("−", "-").replace("+", "")) for c in cells[4:]]
        out.append((words, cells[2], number[0], number[1]))
    return out


def test_the_rules_document_worked_deals_are_the_tested_ones() -> None:
    """docs/rules.md §A6, the page players read, lists exactly the deals tested above."""
    assert _rules_doc_deals() == WORKED_DEALS


@pytest.mark.parametrize(
    ("words", "pair", "de", "en"),
    [
        (
            "whist 25 tricks 11",
            "NS",
            "Whist: 11 Stiche, 5 über sechs × 5 = 25",
            "Whist: 11 tricks, 5 over six × 5 = 25",
        ),
        (
            "whist 30 tricks 13",
            "EW",
            "Whist: 13 Stiche, Schlemm: alle 13 × 5 = 65",
            "Whist: 13 tricks, slam: all 13 × 5 = 65",
        ),
        (
            "whist 35 tricks 10",
            "NS",
            "Whist: 10 Stiche, 4 über sechs × 5 = 20 < gereizt 35: verloren, −35; "
            "Gegner 3 Stiche, keiner über sechs: 0",
            "Whist: 10 tricks, 4 over six × 5 = 20 < bid 35: set, −35; "
            "defenders 3 tricks, none over six: 0",
        ),
        (
            "grand 10 tricks 13",
            "EW",
            "Grand: 13 Stiche, Schlemm: 7 über sechs × 9 + 40 = 103; gewinnt die Partie",
            "Grand: 13 tricks, slam: 7 over six × 9 + 40 = 103; wins the partie",
        ),
        (
            "grand 15 tricks 3",
            "EW",
            "Grand: 3 Stiche, keiner über sechs: 0 < gereizt 15: verloren, −15; "
            "Gegner 10 Stiche, 4 über sechs × 9 = +36",
            "Grand: 3 tricks, none over six: 0 < bid 15: set, −15; "
            "defenders 10 tricks, 4 over six × 9 = +36",
        ),
        (
            "euchre 20 alone tricks 4",
            "NS",
            "Jucker allein: 4 Stiche = 10 < gereizt 20: verloren, 2 × 20 = −40",
            "Euchre alone: 4 tricks = 10 < bid 20: set, 2 × 20 = −40",
        ),
        (
            "euchre 15 tricks 4",
            "EW",
            "Jucker mit Partner: 4 Stiche = 10 < gereizt 15: verloren, 15 + 20 = −35",
            "Euchre with partner: 4 tricks = 10 < bid 15: set, 15 + 20 = −35",
        ),
        (
            "hearts 30 hearts 0",
            "NS",
            "Herz: kein Herz genommen = 50",
            "Hearts: no heart taken = 50",
        ),
        (
            "hearts 40 hearts 3",
            "EW",
            "Herz: 3 Herzen genommen: verloren, 40 + 3 = −43; Gegner 10 Herzen: −10",
            "Hearts: 3 hearts taken: set, 40 + 3 = −43; defenders 10 hearts: −10",
        ),
    ],
)
def test_computation_reads_as_players_say_it(words: str, pair: str, de: str, en: str) -> None:
    """The computation names the tricks, the count and the result, in German and English."""
    s = score(deal(words, DECLARER[pair]))
    assert computation(s, lang="de") == de
    assert computation(s, lang="en") == en


def test_hearts_defenders_always_pay_their_hearts_when_the_option_says_so() -> None:
    """Option hearts.defenders=always: the defenders' −1 per heart applies on a made Hearts."""
    s = score(deal("hearts 30 hearts 0"), hearts_defenders="always")
    assert (s.declaring, s.defending) == (50, -13)
    assert computation(s, lang="en") == "Hearts: no heart taken = 50; defenders 13 hearts: −13"
    assert score(deal("hearts 30 hearts 0")).defending == 0


def test_whist_slam_beyond_the_tricks_over_six_is_made() -> None:
    """Decision (slam.counts=score): a slam is made when its score (65 in Whist) reaches the
    bid; with slam.counts=over_six only its 7 tricks over six count, 35."""
    s = score(deal("whist 50 tricks 13"))
    assert (s.made, s.declaring) == (True, 65)
    s = score(deal("whist 35 tricks 12"), slam_counts="over_six")
    assert (s.made, s.declaring, s.defending) == (False, -35, 0)
    assert score(deal("whist 35 tricks 13"), slam_counts="over_six").declaring == 65


@pytest.mark.parametrize(
    ("words", "counts", "top"),
    [
        ("whist 70 tricks 13", "score", 65),
        ("grand 105 tricks 13", "score", 100),
        ("whist 40 tricks 13", "over_six", 35),
        ("grand 65 tricks 13", "over_six", 60),
    ],
)
def test_a_bid_no_result_can_make_is_refused(words: str, counts: SlamCounts, top: int) -> None:
    """Decision (§A2): a Whist scores at most 65 and a Grand 103 (§A3), or 35 and 63 with
    slam.counts=over_six: a bid above the highest that can be made is refused, naming it."""
    parsed = parse_words(words.split())
    with pytest.raises(InvalidGameError, match=f"the highest bid that can be made is {top};"):
        parsed.deal("Anna", slam_counts=counts)
    assert highest_bid(parsed.contract, slam_counts=counts) == top
    at_top = parse_words(words.replace(str(parsed.bid), str(top)).split())
    assert score(at_top.deal("Anna", slam_counts=counts), slam_counts=counts).made


def test_a_slip_of_one_zero_too_many_is_named() -> None:
    """'whist 250' for 25: the refusal says the highest bid and suggests the bid meant."""
    with pytest.raises(InvalidGameError) as caught:
        deal("whist 250 tricks 11")
    assert str(caught.value) == (
        "whist 250: a Whist scores at most 65 (all 13 tricks, §A3), so the highest bid that "
        "can be made is 65; write a bid of 5 to 65, e.g. 'whist 25 tricks 11' "
        "(did you mean 'whist 25'?)"
    )
    with pytest.raises(InvalidGameError) as caught:
        deal("whist 1000000 tricks 13")
    assert "did you mean" not in str(caught.value)


def test_a_hand_edited_bid_too_high_is_a_problem_of_the_list() -> None:
    """A stored bid no result can make is named by 'check' and left out of the sheet."""
    big = Deal(declarer="Anna", contract=Contract.WHIST, bid=10**30, tricks=13)
    assert [(str(w), str(p)) for w, p in problems(TABLE, [big])] == [
        (
            "deal 1",
            f"whist {10**30}: a Whist scores at most 65 (all 13 tricks, §A3), so the highest "
            "bid that can be made is 65; write a bid of 5 to 65, e.g. 'whist 25 tricks 11'",
        )
    ]
    assert parties(TABLE, [big])[0].points == (0, 0)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            "whist -5 stiche 7",
            "'whist -5': the bid is a positive multiple of 5 (5, 10, 15, ...), written without "
            "a sign, e.g. 'whist 25 tricks 11'",
        ),
        (
            "whist 25 stiche -1",
            "'stiche -1': tricks are 0 to 13 (0 to 5 in Euchre), the declaring pair's tricks, "
            "written without a sign, e.g. 'tricks 11'",
        ),
        (
            "hearts 40 herzen −3",
            "'herzen −3': hearts are 0 to 13, the hearts in the declaring pair's tricks, "
            "written without a sign, e.g. 'hearts 3'",
        ),
        (
            "grand gebot +25 stiche 9",
            "'gebot +25': the bid is a positive multiple of 5 (5, 10, 15, ...), written without "
            "a sign, e.g. 'bid 25'",
        ),
        (
            "whist 25 -5",
            "the number -5 stands alone: a bid, tricks and hearts are written without a sign "
            "after their word, e.g. 'whist 25 tricks 11' or 'hearts 40 hearts 3'",
        ),
        (
            "whist 100000000000000000000000000000 stiche 13",
            "'whist 100000000000...': the number has more than 9 digits, far too many for a "
            "deal; bids go up to 100, tricks and hearts to 13, e.g. 'whist 25 tricks 11'",
        ),
        ("whist 25 stiche ²", "'stiche ²': 'stiche' needs a number after it, e.g. 'tricks 11'"),
    ],
)
def test_a_number_with_a_sign_or_too_long_is_refused_saying_what_it_is(
    words: str, message: str
) -> None:
    """A sign, a superscript or more than words.MAX_DIGITS digits: the message says what the
    number is, never repeats the typo as the way to write it."""
    with pytest.raises(InputError) as caught:
        parse_words(words.split())
    assert str(caught.value) == message


def test_the_longest_number_read_has_max_digits() -> None:
    """Nine digits are read (and then refused as a bid), ten are refused by the parser."""
    assert parse_words(["whist", "9" * MAX_DIGITS]).bid == int("9" * MAX_DIGITS)
    with pytest.raises(InputError, match="more than 9 digits"):
        parse_words(["tricks", "1" * (MAX_DIGITS + 1), "whist", "25"])


def test_grand_slam_by_the_defenders_wins_them_the_partie() -> None:
    """A grand slam in Grand by either pair wins the partie: the defenders took all 13."""
    entries = [deal("grand 20 tricks 0", "Anna")]
    (partie,) = parties(TABLE, entries)
    assert partie.finished and partie.reason == "slam"
    assert partie.points == (-20, 63)
    assert partie.settlement.winner == 1 and partie.settlement.by_slam
    assert computation(partie.rows[0].score, lang="en") == (
        "Grand: 0 tricks, none over six: 0 < bid 20: set, −20; defenders 13 tricks, "
        "7 over six × 9 = +63; the defenders' slam wins them the partie"
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("whist 23 tricks 11", "a bid is a positive multiple of 5"),
        ("whist 0 tricks 11", "a bid is a positive multiple of 5"),
        ("euchre 30 tricks 5", "Euchre may be named only with a bid of 25 or less"),
        ("hearts 55 hearts 0", "Hearts may be named only with a bid of 50 or less"),
        ("euchre 15 alone tricks 5", "a bid under 20 is played with the partner"),
        ("euchre 25 tricks 5", "write 'euchre 25 alone tricks 5'"),
        ("whist 25 tricks 14", "0 to 13 tricks"),
        ("euchre 10 tricks 6", "0 to 5 tricks"),
        ("hearts 40 hearts 14", "0 to 13 hearts"),
        ("whist 25", "say how many tricks"),
        ("hearts 25", "say how many hearts"),
        ("hearts 25 tricks 4", "counts hearts, not tricks"),
        ("grand 25 hearts 4 tricks 9", "hearts are counted only in a Hearts deal"),
        ("whist 25 alone tricks 11", "only a Euchre is played alone"),
    ],
)
def test_refused_deals_say_how_to_write_them(words: str, message: str) -> None:
    """Every refusal of the issue, with a message that says how to write it right."""
    with pytest.raises(InvalidGameError, match=message):
        deal(words)


@pytest.mark.parametrize(
    ("german", "english"),
    [
        ("whist 25 stiche 11", "whist 25 tricks 11"),
        ("euchre 20 allein stiche 5", "euchre 20 alone tricks 5"),
        ("jucker 10 stiche 4", "euchre 10 tricks 4"),
        ("herz 40 herzen 3", "hearts 40 hearts 3"),
        ("grand gebot 15 stiche 3", "grand bid 15 tricks 3"),
        ("stiche 11 gereizt 25 whist", "whist 25 tricks 11"),
        ("whist25 stiche11", "whist 25 tricks 11"),
    ],
)
def test_german_and_english_words_mean_the_same(german: str, english: str) -> None:
    assert parse_words(german.split()) == parse_words(english.split())


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("tricks 11", "no contract named"),
        ("whist tricks 11", "no bid"),
        ("whist 25 11", "the number 11 stands alone"),
        ("whist 25 tricks", "'tricks' needs a number"),
        ("whist 25 grand", "two contracts named"),
        ("whist 25 stiche 11 tricks 10", "given twice"),
        ("whist 25 bid 30 tricks 11", "two bids"),
        ("whist 25 trics 11", "did you mean 'tricks'"),
        ("euchre 20 alone partner tricks 5", "both 'alone' and 'partner'"),
        # a paper list's '= N' (Skat's value on paper): no deal keeps one, said so, not
        # "unknown word '='"
        ("whist 25 tricks 11 = 25", "an American Grand deal keeps no value written on paper"),
        ("whist 25 tricks 11 =25", "leave '= N' out"),
    ],
)
def test_words_that_cannot_be_understood_are_refused(words: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_words(words.split())


@pytest.mark.parametrize(("words", "pair", "ns", "ew"), WORKED_DEALS)
def test_to_words_reads_back(words: str, pair: str, ns: int, ew: int) -> None:
    d = deal(words, DECLARER[pair])
    assert parse_words(to_words(d).split()).deal(d.declarer) == d


# --- the partie and its settlement --------------------------------------------------------


def test_worked_final_result_of_the_reference() -> None:
    """§A5: NS 80 with 7 sets, EW 60 with 5 sets → 40 to NS, 20 to EW, NS win by 20."""
    r = settle((80, 60), (7, 5))
    assert (r.score_credit, r.score_to) == (40, 0)
    assert (r.sets_credit, r.sets_to) == (20, 1)
    assert r.final == (40, 20)
    assert (r.winner, r.margin) == (0, 20)


@pytest.mark.parametrize(
    ("points", "sets", "final", "winner"),
    [
        ((50, 50), (2, 2), (0, 0), None),  # equal scores and sets: nobody credited
        ((50, 50), (1, 3), (20, 0), 0),
        ((-10, -30), (0, 0), (130, 0), 0),  # a negative score: 100 − (−30) = 130
        ((100, 90), (0, 1), (20, 0), 0),
        ((100, 30), (10, 0), (70, 100), 1),
    ],
)
def test_settlement_decisions(
    points: tuple[int, int], sets: tuple[int, int], final: tuple[int, int], winner: int | None
) -> None:
    """§A5 decisions: equal scores or sets give their step to nobody; scores may be negative."""
    r = settle(points, sets)
    assert (r.final, r.winner) == (final, winner)


def test_partie_ends_after_the_deal_that_reaches_100_and_the_next_starts_at_0() -> None:
    entries = [
        deal("whist 30 tricks 12"),  # NS 30
        deal("grand 25 tricks 9", "Ben"),  # EW 27
        deal("whist 65 tricks 13", "Carl"),  # NS 95
        deal("euchre 10 tricks 4", "Dora"),  # EW 37
        deal("euchre 5 tricks 3", "Carl"),  # NS 100: over
        deal("hearts 20 hearts 2", "Ben"),  # a new partie
    ]
    first, second = parties(TABLE, entries)
    assert first.finished and first.reason == "hundred"
    assert first.points == (100, 37)
    assert [r.totals for r in first.rows][-1] == (100, 37)
    assert first.rows[-1].ends == "hundred"
    assert not second.finished and second.points == (-11, -22)
    assert second.rows[0].partie == 2 and second.rows[0].number == 6
    assert second.settlement.winner == 0  # provisional: 100 − (−22) = 122 to NS, 10 for a set less


def test_partie_deals_option_and_ending_by_hand() -> None:
    entries: list[Deal | PartieEnd] = [deal("whist 25 tricks 11"), deal("whist 25 tricks 4")]
    table = Table(TABLE.players, "Anna", partie_deals=1)
    assert [p.reason for p in parties(table, entries)] == ["deals", "deals"]
    by_hand = parties(TABLE, [*entries, PartieEnd(), deal("grand 10 tricks 8")])
    assert [(p.reason, p.finished) for p in by_hand] == [("hand", True), (None, False)]
    assert by_hand[0].points == (0, 15) and by_hand[0].settlement.sets == (1, 0)


def test_an_end_without_a_deal_is_a_problem() -> None:
    entries: list[Entry] = [PartieEnd(), deal("whist 25 tricks 11"), PartieEnd(), PartieEnd()]
    assert [str(where) for where, _ in problems(TABLE, entries)] == [
        "end after deal 0",
        "end after deal 1",
    ]
    assert len(parties(TABLE, entries)) == 1


def test_dealer_rotates_clockwise_across_parties() -> None:
    """§A1: the deal rotates clockwise, on from one partie to the next."""
    table = Table(TABLE.players, "Carl", partie_deals=2)
    entries = [deal("whist 25 tricks 11")] * 5
    assert [r.dealer for r in (row for p in parties(table, entries) for row in p.rows)] == [
        "Carl",
        "Dora",
        "Anna",
        "Ben",
        "Carl",
    ]


def test_a_table_has_four_players() -> None:
    with pytest.raises(InputError, match="four players"):
        Table(("Anna", "Ben", "Carl"), "Anna")


# --- properties ---------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    contract = draw(st.sampled_from(Contract))
    declarer = draw(st.sampled_from(TABLE.players))
    if contract is Contract.EUCHRE:
        bid = draw(st.sampled_from([5, 10, 15, 20, 25]))
        alone = bid == 25 or (bid == 20 and draw(st.booleans()))
        tricks = draw(st.integers(0, 5))
        return Deal(declarer=declarer, contract=contract, bid=bid, tricks=tricks, alone=alone)
    if contract is Contract.HEARTS:
        bid = 5 * draw(st.integers(1, 10))
        return Deal(declarer=declarer, contract=contract, bid=bid, hearts=draw(st.integers(0, 13)))
    bid = 5 * draw(st.integers(1, highest_bid(contract) // 5))
    return Deal(declarer=declarer, contract=contract, bid=bid, tricks=draw(st.integers(0, 13)))


@given(deals(), st.booleans(), st.booleans())
def test_a_made_contract_never_scores_below_its_bid(d: Deal, always: bool, literal: bool) -> None:
    assume(d.bid <= highest_bid(d.contract, slam_counts="over_six" if literal else "score"))
    s = score(
        d,
        hearts_defenders="always" if always else "on_set",
        slam_counts="over_six" if literal else "score",
    )
    if s.made:
        assert s.declaring >= d.bid
    else:
        assert s.declaring < 0  # a set always costs the declaring pair
        assert s.declaring <= -d.bid


@given(deals())
def test_every_valid_deal_reads_back_from_its_words(d: Deal) -> None:
    validate(d)
    assert parse_words(to_words(d).split()).deal(d.declarer) == d


@given(
    st.tuples(st.integers(-300, 200), st.integers(-300, 200)),
    st.tuples(st.integers(0, 20), st.integers(0, 20)),
)
def test_settlement_parts_go_where_the_rules_say(
    points: tuple[int, int], sets: tuple[int, int]
) -> None:
    """Step 1 goes to the higher score, step 2 to fewer sets (the same pair or the other);
    the final points are those two credits, and the winner has more of them."""
    r = settle(points, sets)
    if points[0] != points[1]:
        assert r.score_to == (0 if points[0] > points[1] else 1)
        assert r.score_credit == 100 - min(points)
    else:
        assert r.score_to is None
    if sets[0] != sets[1]:
        assert r.sets_to == (0 if sets[0] < sets[1] else 1)
    else:
        assert r.sets_to is None
    assert sum(r.final) == (r.score_credit if r.score_to is not None else 0) + (
        r.sets_credit if r.sets_to is not None else 0
    )
    if r.winner is None:
        assert r.final[0] == r.final[1]
    else:
        assert r.final[r.winner] > r.final[1 - r.winner] and r.margin > 0


@given(st.lists(deals(), max_size=30))
def test_partie_totals_are_the_sums_of_their_deals(entries: list[Deal]) -> None:
    for p in parties(TABLE, entries):
        assert p.points == tuple(sum(r.points[i] for r in p.rows) for i in (0, 1))
        assert p.settlement.sets == tuple(
            sum(1 for r in p.rows if r.score.set and TABLE.pair_of(r.deal.declarer) == i)
            for i in (0, 1)
        )
        # only the last deal of a finished partie can end it
        assert all(r.ends is None for r in p.rows[:-1])


def test_a_deal_the_rules_refuse_keeps_its_number_and_moves_the_deal_on() -> None:
    """A hand-edited impossible deal is not counted, but it was dealt: the next deal is 2."""
    bad = Deal(declarer="Ben", contract=Contract.EUCHRE, bid=30, tricks=5)
    (partie,) = parties(TABLE, [bad, deal("whist 25 tricks 11")])
    assert [(r.number, r.dealer) for r in partie.rows] == [(2, "Ben")]
    assert [(str(w), str(p)) for w, p in problems(TABLE, [bad])] == [
        ("deal 1", "euchre 30: Euchre may be named only with a bid of 25 or less (§A2); "
         "above it name whist or grand")
    ]  # fmt: skip


_ANY_DEAL = st.builds(
    Deal,
    declarer=st.sampled_from(["Anna", "Ben", "Carl", "Dora"]),
    contract=st.sampled_from(Contract),
    bid=st.integers(-5, 300),
    tricks=st.one_of(st.none(), st.integers(0, 13)),
    alone=st.booleans(),
    hearts=st.one_of(st.none(), st.integers(0, 13)),
    time=st.one_of(st.none(), st.just("2026-01-01T20:00:00+00:00")),
)


@given(_ANY_DEAL, st.sampled_from(["on_set", "always"]), st.sampled_from(["score", "over_six"]))
def test_a_deal_scored_again_scores_as_the_first_time(
    d: Deal, defenders: HeartsDefenders, counts: SlamCounts
) -> None:
    """Each distinct deal is computed once: scoring it again, or an equal deal of another
    declarer or time, gives what scoring it afresh gives, or the same refusal (§A2, §A3)."""
    again = replace(d, declarer="Ben" if d.declarer != "Ben" else "Carl", time="later")
    for one in (d, d, again):
        try:
            fresh = score_deal(one, hearts_defenders=defenders, slam_counts=counts)
        except InvalidGameError as exc:
            with pytest.raises(InvalidGameError) as kept:
                score(one, hearts_defenders=defenders, slam_counts=counts)
            assert str(kept.value) == str(exc)
            continue
        found = score(one, hearts_defenders=defenders, slam_counts=counts)
        assert type(found) is DealScore
        assert found == fresh
        assert found.deal is one
        assert hash(found) == hash(fresh)


@given(st.lists(deals(), max_size=30))
def test_a_walked_row_is_the_row_its_fields_make(entries: list[Deal]) -> None:
    """The walk builds its rows at once: each is the very ``Row`` its fields make."""
    for p in parties(TABLE, entries):
        for r in p.rows:
            assert r == Row(**{f.name: getattr(r, f.name) for f in fields(Row)})
            assert r.points == pair_points(TABLE, r.score)


@given(deals(), st.sampled_from(["", "Ben kam zu spät"]), st.sampled_from([None, "20:00"]))
def test_a_stored_deal_reads_back_as_the_deal_written(d: Deal, note: str, time: str | None) -> None:
    """The reader builds a long list's deals without their dataclass's ``__init__``: what it
    builds is the very deal that was written, equal, of the same type, with every field."""
    from skatliste.american.family import FAMILY

    written = replace(d, note=note, time=time)
    read = FAMILY.decode(FAMILY.encode(written))
    assert type(read) is Deal
    assert read == written
    assert hash(read) == hash(written)
    assert {f.name: getattr(read, f.name) for f in fields(Deal)} == {
        f.name: getattr(written, f.name) for f in fields(Deal)
    }
