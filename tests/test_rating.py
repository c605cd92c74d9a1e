"""The rating across events (rules §R): the British Skat Association's formula, checked
against the worked examples of docs/rules.md and for what must always hold."""

from __future__ import annotations

import math
from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from skatliste.rating import RatedEvent, RatedSeries, player_hands, ratings, weight

EVENING = date(2027, 1, 8)


def test_a_table_of_three_at_36_games_weighs_as_rules_r_works_it_out() -> None:
    """rules §R, example 1: 108 player-hands weigh 1 − e^(−√108/100) = 0.0987; the winner
    moves from 20 to 27.90, a player tied for last with 0.5 of 2 match points to 20.49."""
    event = RatedEvent(EVENING, "abend", (RatedSeries({"A": 300, "B": 100, "C": 100}, 108),))
    steps = ratings([event])
    w = 1 - math.exp(-math.sqrt(108) / 100)
    assert round(w, 4) == 0.0987
    assert round(steps["A"][0].after, 2) == 27.90 == round((1 - w) * 20 + 100 * w, 2)
    assert steps["B"][0].share == 0.25 and round(steps["B"][0].after, 2) == 20.49


def test_a_series_of_48_at_four_gives_each_player_36_hands_like_36_at_three() -> None:
    """rules §R: three players take part in each game, so 48 games at four are 4 × 36 hands
    and 36 at three 3 × 36: a player's hands are the same, the table's grow with it."""
    assert player_hands(48) == 4 * 36 and player_hands(36) == 3 * 36


def test_a_player_of_one_series_of_two_is_rated_with_half_the_weight() -> None:
    """rules §R, example 2: 9 players, 2 series at three tables of three (648 player-hands,
    W = 0.2247); who plays one series only counts with W × 324/648."""
    tables = 3 * player_hands(36)
    s1 = RatedSeries({n: 100 * i for i, n in enumerate("ABCDEFGHI")}, tables)
    s2 = RatedSeries({n: 100 * i for i, n in enumerate("ABCDEFGHJ")}, tables)
    steps = ratings([RatedEvent(EVENING, "pokal", (s1, s2))])
    w = weight(2 * tables)
    assert round(w, 4) == 0.2247
    assert math.isclose(steps["A"][0].weight, w) and math.isclose(steps["I"][0].weight, w / 2)
    assert steps["I"][0].share == 1.0  # the best score of the one series played


def test_new_year_s_eve_moves_everyone_a_tenth_towards_20() -> None:
    """rules §R: each New Year's Eve between two events is an event of weight 0.1 at 20 %."""
    first = RatedEvent(date(2026, 12, 5), "a", (RatedSeries({"A": 300, "B": 100, "C": 0}, 108),))
    later = RatedEvent(date(2028, 1, 9), "b", (RatedSeries({"A": 0, "D": 10, "E": 20}, 108),))
    steps = ratings([later, first])
    eves = [s for s in steps["B"] if not s.key]
    assert [s.day for s in eves] == [date(2026, 12, 31), date(2027, 12, 31)]
    assert math.isclose(eves[0].after, 0.9 * eves[0].before + 2)
    assert [s.key for s in steps["A"]] == ["a", "", "", "b"]
    assert "D" in steps and len(steps["D"]) == 1  # a new player starts at 20 after the eves


scores = st.dictionaries(
    st.sampled_from("ABCDEFG"), st.integers(-500, 2000), min_size=3, max_size=4
)


@given(st.lists(st.tuples(st.integers(0, 800), scores, st.sampled_from([36, 48, 12])), max_size=8))
def test_a_rating_stays_between_0_and_100_and_winning_never_lowers_it(events: list) -> None:  # type: ignore[type-arg]
    """Whatever the events: every rating is within 0 and 100, and a player with the best
    score of every series of an event never goes down at it."""
    made = [
        RatedEvent(
            date.fromordinal(date(2026, 1, 1).toordinal() + day),
            f"e{i}",
            (RatedSeries(s, player_hands(games) * (len(s) // 3)),),
        )
        for i, (day, s, games) in enumerate(events)
    ]
    for steps in ratings(made).values():
        for step in steps:
            assert 0 <= step.after <= 100
            assert 0 < step.weight < 1
            if step.key and step.share == 1.0:
                assert step.after >= step.before
