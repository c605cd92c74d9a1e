"""The edges of the core the table rarely reaches: every refusal and every rare round, without
files (the coverage gate keeps each branch of the core and the sheet derivation tested)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skatliste.cli.options import typed
from skatliste.errors import InputError, InvalidGameError, OptionError
from skatliste.money import parse_amount
from skatliste.players import check_player_names
from skatliste.skat.cards import parse_card, trick_seats, trick_winner, trumps
from skatliste.skat.entries import (
    Entry,
    GameEntry,
    PassedEntry,
    RamschEntry,
    Table,
    parse_ramsch,
    ramsch_words,
)
from skatliste.skat.explain import explain_ramsch
from skatliste.skat.games import Declaration, GameType, Outcome
from skatliste.skat.rules import (
    RamschOptions,
    RamschSkat,
    Variant,
    check_bock,
    game_value,
    normalise,
    offizier_ramsch_score,
    ramsch_score,
    seeger_fabian_points,
    two_player_value,
)
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.sheet import check, rows
from skatliste.skat.summary import summarise
from skatliste.skat.words import parse_words

THREE = ("Anna", "Ben", "Carl")


def _table(**rules: str) -> Table:
    preset = rules.pop("preset", "isko")
    return Table(THREE, "Anna", build_rule_set(preset, rules))


def _game(declarer: str, words: str, *, kontra_bid: int | None = None) -> GameEntry:
    parsed = parse_words(words.split())
    return GameEntry(
        declarer=declarer,
        declaration=parsed.declaration,
        outcome=parsed.outcome,
        kontra_bid=kontra_bid,
    )


def _problems(table: Table, *entries: Entry) -> list[str]:
    return [str(problem) for _, problem in check(table, entries)]


# --- rules: refusals -------------------------------------------------------------------


def test_a_negative_bock_count_is_refused() -> None:
    """Bock counts doublings: there is no negative number of them."""
    with pytest.raises(InvalidGameError, match="the Bock count is 0 or more"):
        check_bock(-1)
    with pytest.raises(InvalidGameError, match="the Bock count is 0 or more"):
        normalise(Declaration(game=GameType.HEARTS, spitzen=1), Outcome(bock=-1))


def test_schwarz_angesagt_won_with_every_trick_said_as_gewonnen() -> None:
    """Schwarz angesagt with 120 Augen and 'gewonnen': the declarer took every trick."""
    d = Declaration(game=GameType.GRAND, spitzen=1, hand=True, schwarz_announced=True)
    r = game_value(d, Outcome(augen=120, won=True))
    assert r.won and r.schwarz


def test_seeger_fabian_is_scored_at_tables_of_three_or_four_only() -> None:
    r = game_value(Declaration(game=GameType.HEARTS, spitzen=1), Outcome())
    with pytest.raises(InvalidGameError, match="tables of 3 or 4"):
        seeger_fabian_points(r, table=5)


def test_offizierskat_schwarz_means_no_augen() -> None:
    """In Offizierskat Schwarz is 0 Augen (rules §9): Schwarz with 50 Augen is refused."""
    with pytest.raises(InvalidGameError, match="Schwarz means 0 Augen"):
        two_player_value(
            Declaration(game=GameType.HEARTS, spitzen=1),
            Outcome(augen=50, schwarz=True),
            variant=Variant.OFFIZIERSKAT,
        )


def test_a_ramsch_players_augen_are_0_to_120() -> None:
    with pytest.raises(InvalidGameError, match="Anna=130: a player's Augen are 0 to 120"):
        ramsch_score({"Anna": 130, "Ben": 0, "Carl": 0})


def test_a_ramsch_with_the_skat_apart_shows_the_skat_in_a_wrong_sum() -> None:
    with pytest.raises(InvalidGameError, match=r"\+ Skat 10\); with the Skat given apart"):
        ramsch_score(
            {"Anna": 50, "Ben": 40, "Carl": 30},
            skat=10,
            options=RamschOptions(skat=RamschSkat.LOSER),
        )


def test_a_jungfrau_must_have_played_the_ramsch() -> None:
    with pytest.raises(InvalidGameError, match="'Dora' did not play this Ramsch"):
        ramsch_score({"Anna": 60, "Ben": 60, "Carl": 0}, jungfrau=("Dora",))


def test_an_offizierskat_ramsch_adds_up_to_120() -> None:
    with pytest.raises(InvalidGameError, match="the Augen add up to 100, not 120"):
        offizier_ramsch_score({"Anna": 50, "Ben": 50})


def test_an_offizierskat_durchmarsch_takes_all_120() -> None:
    with pytest.raises(InvalidGameError, match="Durchmarsch Anna: he must have all 120"):
        offizier_ramsch_score({"Anna": 70, "Ben": 50}, durchmarsch="Anna")


def test_tied_ramsch_losers_lose_each_in_english() -> None:
    result = ramsch_score({"Anna": 50, "Ben": 50, "Carl": 20})
    assert explain_ramsch(result, lang="en") == ["Anna, Ben lose each 50"]


# --- cards ------------------------------------------------------------------------------


def test_one_card_is_one_card() -> None:
    with pytest.raises(InputError, match="is not one card"):
        parse_card("CA CJ")


def test_a_card_in_german_words() -> None:
    assert str(parse_card("Kreuz-Bube")) == "CJ"


def test_without_a_lead_the_first_player_leads() -> None:
    assert trick_seats(THREE, 2) == ["Anna", "Ben"]


def test_a_null_has_no_trumps() -> None:
    assert trumps(GameType.NULL) == ()


def test_a_trick_needs_cards() -> None:
    with pytest.raises(InputError, match="a trick needs cards"):
        trick_winner([], GameType.GRAND)


def test_a_player_sits_at_the_table_once() -> None:
    with pytest.raises(InputError, match="a player sits at the table once"):
        trick_seats(["Anna", "anna", "Ben"], 2)


def test_the_lead_is_one_of_the_players() -> None:
    with pytest.raises(OptionError) as err:
        trick_seats(THREE, 3, lead="Dora")
    assert str(typed(err.value)) == "--lead Dora: not one of Anna, Ben, Carl"


# --- the sheet --------------------------------------------------------------------------


def test_a_name_holds_no_equals_sign() -> None:
    """Ramsch writes NAME=AUGEN, so a name cannot hold '='."""
    with pytest.raises(InputError, match="no '=' in a name"):
        check_player_names(["Anna", "B=n", "Carl"])


def test_stacked_bock_rounds_are_followed_by_a_ramsch_round() -> None:
    """bock.overlap=stack with ramsch.after_bock: after the Bock round, a round of Ramsch."""
    table = _table(bock="on", **{"bock.overlap": "stack", "ramsch.after_bock": "on"})
    called = PassedEntry(bock_called=True)
    games: list[Entry] = [called, *[_game("Ben", "herz mit 1")] * 3]
    games += [_game("Ben", "grand mit 1 hand")] * 4
    sheet = list(rows(table, games))
    assert [row.bock for row in sheet] == [0, 1, 1, 1, 0, 0, 0, 0]
    assert [row.ramsch_round for row in sheet] == [False] * 4 + [True] * 3 + [False]


def test_hand_edited_counts_out_of_range_are_problems() -> None:
    """A list edited by hand: seven pushes, a Kontra-sayer's bid of 300."""
    table = _table(preset="pub")
    ramsch = RamschEntry(augen=(("Anna", 60), ("Ben", 60), ("Carl", 0)), pushes=7)
    kontra = _game("Ben", "herz mit 1 kontra", kontra_bid=300)
    problems = _problems(table, ramsch, kontra)
    assert any("the Skat is pushed 0 to 6 times" in p for p in problems)
    assert any(
        "'kontra 300': the number after 'kontra' is the defender's bid" in p for p in problems
    )


def test_the_kontra_sayers_bid_is_a_reizwert() -> None:
    """Rule kontra=after18: 'kontra 19' names no bid."""
    table = _table(kontra="after18")
    problems = _problems(table, _game("Ben", "grand mit 1 gereizt 24 kontra", kontra_bid=19))
    assert problems == [
        "bid 19 is not a Reizwert: bids are the values a game can have "
        "(18, 20, 22, 23, 24, 27, ...); did you mean 18 or 20?"
    ]


def test_a_hand_edited_stranger_is_no_player() -> None:
    """A declarer or a Ramsch player who is not at the table scores nothing for anyone."""
    table = _table(preset="pub")
    stranger = _game("Dora", "herz mit 1")
    ramsch = RamschEntry(augen=(("Anna", 60), ("Dora", 60), ("Carl", 0)))
    sheet = list(rows(table, [stranger, ramsch]))
    assert "unknown player 'Dora'" in str(sheet[0].problems[0])
    assert sheet[1].points == {"Anna": -60, "Ben": 0, "Carl": 0}
    summary = summarise(table, [stranger, ramsch])
    assert [p.declared for p in summary.players] == [0, 0, 0]


def test_an_impossible_game_counts_as_a_problem_in_the_summary() -> None:
    """A hand-edited Grand mit 5 is scored as nothing and counted as a problem."""
    impossible = GameEntry(
        declarer="Ben",
        declaration=Declaration(game=GameType.GRAND, spitzen=5),
        outcome=Outcome(),
    )
    summary = summarise(_table(), [impossible])
    assert summary.problems == 1 and summary.games == 1


def test_a_rounds_summary_counts_every_kind_of_deal_in_it() -> None:
    """Round 2 of a Bierlachs pub list: a pass, a Ramsch, an impossible game, a stranger's game
    and a lost game; the Bierlachs is named from the whole list."""
    table = _table(preset="pub", list="bierlachs", **{"bierlachs.limit": "50"})
    impossible = GameEntry(
        declarer="Ben",
        declaration=Declaration(game=GameType.GRAND, spitzen=5),
        outcome=Outcome(),
    )
    ramsch = RamschEntry(augen=(("Anna", 60), ("Ben", 40), ("Carl", 20)))
    round_one: list[Entry] = [_game("Ben", "grand mit 1 verloren"), *[PassedEntry()] * 2]
    round_two: list[Entry] = [ramsch, impossible, _game("Dora", "herz mit 1")]
    round_three: list[Entry] = [_game("Carl", "herz mit 1 verloren")]
    summary = summarise(table, [*round_one, *round_two, *round_three], only_round=2)
    assert (summary.games, summary.ramsch, summary.problems, summary.passed) == (3, 1, 1, 0)
    assert summary.rounds == (2, 2)
    assert summary.bierlachs == ("Ben", 1, -96)
    third = summarise(table, [*round_one, *round_two, *round_three], only_round=3)
    assert [(p.name, p.lost) for p in third.players if p.lost] == [("Carl", 1)]


# --- the Ramsch in words, both ways -------------------------------------------------------


@pytest.mark.parametrize(
    "words",
    [
        "ramsch Anna=0 Ben=120 Carl=0 durchmarsch Ben",
        "ramsch Anna=45 Ben=40 Carl=35 geschoben 2",
        "ramsch Anna=45 Ben=40 Carl=25 skat 10",
    ],
)
def test_a_ramsch_reads_back_to_its_words(words: str) -> None:
    """parse_ramsch and ramsch_words are one grammar, read and written."""
    entry = parse_ramsch(_table(preset="pub"), words.split()[1:])
    assert ramsch_words(entry) == words


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("anna=0 ben=120 carl=0 durchmarsch ben durchmarsch ben", "one Durchmarsch"),
        ("anna=45 ben=40 carl=25 skat 10 skat 10", "the Skat's Augen are given twice"),
        ("anna=45 ben=40 carl=35 geschoben 1 geschoben 1", "the pushes are given twice"),
        ("anna=45 ben=40 carl=35 jungfrau", "'jungfrau' needs a name or number after it"),
    ],
)
def test_a_ramsch_says_each_thing_once(words: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_ramsch(_table(preset="pub"), words.split())


@pytest.mark.parametrize(
    ("text", "amount"), [("1/4", Fraction(1, 4)), ("1/0", None), ("0,25", Fraction(1, 4))]
)
def test_an_amount_is_typed_as_a_decimal_or_a_fraction(text: str, amount: Fraction | None) -> None:
    """A stake or a prize: ``1/4`` is a quarter; a fraction over 0 is no amount."""
    assert parse_amount(text) == amount
