"""The table grammar: forgiving, bilingual, and strict about what it cannot understand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatliste.errors import InputError, SkatlisteError
from skatliste.skat.games import Declaration, GameType, Outcome, PaperValue
from skatliste.skat.rules import game_value
from skatliste.skat.words import parse_words, to_words

from .test_rules import trump_games


@pytest.mark.parametrize(
    ("german", "english"),
    [
        ("kreuz mit 2 hand", "clubs with 2 hand"),
        ("karo ohne 3 verloren", "diamonds without 3 lost"),
        ("pik mit 1 hand schneider angesagt", "spades with 1 hand schneider announced"),
        ("herz mit 1 hand schwarz angesagt", "hearts with 1 hand schwarz announced"),
        ("grand ouvert mit 4", "grand open with 4"),
        ("herz mit 1 gereizt 36 augen 70 gewonnen", "hearts with 1 bid 36 points 70 won"),
    ],
)
def test_german_and_english_words_mean_the_same(german: str, english: str) -> None:
    assert parse_words(german.split()) == parse_words(english.split())


def test_order_and_case_do_not_matter() -> None:
    a = parse_words("Kreuz mit 2 Hand augen 75".split())
    b = parse_words("augen 75 HAND kreuz MIT 2".split())
    assert a == b


def test_numbers_may_be_glued_on() -> None:
    assert parse_words(["kreuz", "mit2", "gereizt36"]) == parse_words(
        "kreuz mit 2 gereizt 36".split()
    )


def test_each_bock_doubles_and_doppelbock_counts_two() -> None:
    assert parse_words("herz mit 1 bock bock".split()).outcome.bock == 2
    assert parse_words("herz mit 1 doppelbock".split()).outcome.bock == 2


def test_german_suited_names_work() -> None:
    """Eichel, Grün, Rot, Schellen: the German-suited deck's names."""
    assert [parse_words([w]).declaration.game for w in ("eichel", "grün", "rot", "schellen")] == [
        GameType.CLUBS,
        GameType.SPADES,
        GameType.HEARTS,
        GameType.DIAMONDS,
    ]


@pytest.mark.parametrize(
    ("words", "paper"),
    [
        ("kreuz mit 2 hand = 48", PaperValue(48, False)),
        ("kreuz mit 2 hand =48", PaperValue(48, False)),
        ("herz mit 1 verloren = -40", PaperValue(-40, True)),
        ("herz mit 1 verloren = −40", PaperValue(-40, True)),
        ("herz mit 1 = +20", PaperValue(20, True)),
    ],
)
def test_paper_value_at_the_end(words: str, paper: PaperValue) -> None:
    assert parse_words(words.split()).paper == paper


def test_unsigned_paper_value_compares_the_amount() -> None:
    """Paper lists often write a lost game without its sign."""
    assert PaperValue(96, False).matches(-96)
    assert not PaperValue(96, True).matches(-96)
    assert not PaperValue(48, False).matches(-96)


@pytest.mark.parametrize(
    ("words", "fragment"),
    [
        ("kreuz mit 2 handd", "did you mean 'hand'"),
        ("kreutz mit 2", "did you mean 'kreuz'"),
        ("kreuz mit", "'mit' needs a number"),
        ("kreuz mit zwei", "'mit' needs a number"),
        ("kreuz pik mit 1", "two games named"),
        ("kreuz mit 1 ohne 2", "Spitzen given twice"),
        ("kreuz mit 1 gewonnen verloren", "both 'gewonnen' and 'verloren'"),
        ("mit 1 hand", "no game named"),
        ("kreuz mit 1 48", "the number 48 stands alone"),
        ("kreuz mit 1 = 4 8", "'=' ends the line"),
        ("kreuz mit 1 angesagt", "'schneider angesagt'"),
        ("kreuz mit 1 xyzzy", "known words"),
    ],
)
def test_words_that_cannot_be_understood_are_named(words: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        parse_words(words.split())


@given(trump_games())
def test_canonical_words_read_back_to_the_same_game(game: tuple[Declaration, Outcome]) -> None:
    d, o = game
    again = parse_words(to_words(d, o).split())
    assert game_value(again.declaration, again.outcome) == game_value(d, o)


@given(st.lists(st.text(max_size=12), max_size=8))
def test_random_words_give_a_skatliste_error_or_a_game(words: list[str]) -> None:
    """Fuzzing the parser: never an exception other than SkatlisteError."""
    try:
        p = parse_words(words)
        game_value(p.declaration, p.outcome)
    except SkatlisteError as exc:
        assert str(exc)


@given(
    st.lists(
        st.sampled_from(
            "kreuz pik herz karo grand null mit ohne 1 2 3 4 11 hand ouvert schneider schwarz "
            "angesagt gewonnen verloren gereizt 18 36 augen 0 60 61 90 120 kontra re bock = "
            "-96".split()
        ),
        max_size=10,
    )
)
def test_mutated_table_words_give_a_skatliste_error_or_a_game(words: list[str]) -> None:
    try:
        p = parse_words(words)
        game_value(p.declaration, p.outcome)
    except SkatlisteError as exc:
        assert str(exc)


@pytest.mark.parametrize(
    "line",
    ["grand kontra kontra", "grand kontra re re", "grand contra kontra", "grand kontra 20 kontra"],
)
def test_kontra_and_re_are_said_once(line: str) -> None:
    """A Kontra doubles once and a Re once (ISkO 5.1.3): a repeated word is a typo, refused
    like a number word given twice (only Bock counts as often as it is written)."""
    with pytest.raises(InputError, match=r"'(kontra|contra|re)' given twice"):
        parse_words(line.split())


def test_bock_said_twice_still_counts_twice() -> None:
    assert parse_words("grand bock bock".split()).outcome.bock == 2
