"""A club's season without files (rules §S): the rules, the standing in every rule form, the
players' histories and the club ranking, against numbers worked out by hand."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatliste.errors import InputError
from skatliste.players import same_name
from skatliste.season import (
    Rule,
    ScoreKind,
    SeasonLine,
    SeasonRules,
    SeriesResult,
    check_alias,
    club_ranking,
    player_history,
    resolve_aliases,
    shown,
    standing,
)
from skatliste.tournament import PaperLine, paper_scores, seeger_fabian


def played(name: str, evening: int, series: int, sf: int, club: str | None = None) -> SeriesResult:
    """A series of evening ``evening`` (January 2027) at a table of four; the list points are
    half the Seeger-Fabian points (rounded down), so that ``--score points`` has numbers too."""
    return SeriesResult(date(2027, 1, evening), f"s{series}", name, club, 4, sf // 2, 0, 0, sf)


def club_season() -> list[SeriesResult]:
    """Twelve evenings of a club (January 1st to 12th):

    - Anna: one series every evening, 1000, 900, ..., 0, -100 (sum 5400); her club only on
      the 12th (a tournament gave it).
    - Ben: two series every evening, 300 and 200 (sum 6000, 24 series).
    - Carl: evenings 1 to 6, one series of 900 each (sum 5400, 6 series).
    - Dora: one series of 450 every evening (sum 5400, 12 series).
    - Emil: evenings 1 to 3: 2000, 1500, 1001 (sum 4501).
    - Hans-Jürgen: 500 on evenings 1 to 11, written "Hans-Jürgen" (1-5), "Hans Jürgen" (6-10,
      joined by an alias) and "HANS-JU\u0308RGEN" (11: capitals, the Ü decomposed).
    """
    out: list[SeriesResult] = []
    for day in range(1, 13):
        out.append(played("Anna", day, 1, 1100 - 100 * day, "Herz As" if day == 12 else None))
        out.append(played("Ben", day, 1, 300, "Herz As"))
        out.append(played("Ben", day, 2, 200, "Herz As"))
        out.append(played("Dora", day, 1, 450, "Kreuz Bube"))
        if day <= 6:
            out.append(played("Carl", day, 1, 900, "Kreuz Bube"))
        if day <= 11:
            spelling = (
                "Hans-Jürgen" if day <= 5 else "Hans Jürgen" if day <= 10 else "HANS-JU\u0308RGEN"
            )
            out.append(played(spelling, day, 1, 500, "Herz As"))
    out += [played("Emil", 1, 1, 2000), played("Emil", 2, 1, 1500), played("Emil", 3, 1, 1001)]
    return out


SEASON = club_season()
ALIASES = {"Hans Jürgen": "Hans-Jürgen"}


def table(lines: list[SeasonLine]) -> list[tuple[int | None, str, int | Decimal]]:
    return [(x.place, x.name, x.shown) for x in lines]


# --- the rules ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "says"),
    [
        (dict(best=10, drop=2), "at most one of"),
        (dict(drop=2, drop_from=30, drop_every=5), "at most one of"),
        (dict(best=0), "the best series counted: 0 — the number is at least 1"),
        (dict(drop=-1), "the worst series dropped: -1 — the number is at least 1"),
        (dict(drop_from=30, drop_every=0), "one more dropped every how many series: 0"),
        (dict(drop_from=30, drop_every=5, drop_max=0), "the most series dropped: 0"),
        (dict(drop_from=30), "needs the step"),
        (dict(drop_every=5), "need the series the dropping starts from"),
        (dict(drop_max=5), "need the series the dropping starts from"),
        (dict(min_series=-1), "the fewest series to be ranked: -1 — the number is 0 or more"),
        (dict(attendance=-5), "the points for an evening attended: -5"),
        (dict(attendance=100, rule=Rule.AVERAGE), "do not go with the average"),
    ],
)
def test_impossible_season_rules_are_refused(rules: dict[str, object], says: str) -> None:
    """Two ways of dropping at once, a count below 1, attendance points with an average."""
    with pytest.raises(InputError, match=says):
        SeasonRules(**rules)  # type: ignore[arg-type]


def test_the_default_season_is_the_sum_of_seeger_fabian() -> None:
    rules = SeasonRules()
    assert (rules.score, rules.rule, rules.dropped_count(50)) == (
        ScoreKind.SEEGER_FABIAN,
        Rule.SUM,
        0,
    )


def test_the_growing_drop_starts_at_its_series_and_grows_at_every_step() -> None:
    """From the 30th series one is dropped, one more at the 35th, 40th, ..., at most 5; without
    a maximum it keeps growing, but one series always counts."""
    rules = SeasonRules(drop_from=30, drop_every=5, drop_max=5)
    counts = {n: rules.dropped_count(n) for n in (1, 29, 30, 34, 35, 39, 40, 45, 50, 54, 55, 99)}
    assert counts == {1: 0, 29: 0, 30: 1, 34: 1, 35: 2, 39: 2, 40: 3, 45: 4, 50: 5, 54: 5,
                      55: 5, 99: 5}  # fmt: skip
    unlimited = SeasonRules(drop_from=2, drop_every=1)
    assert [unlimited.dropped_count(n) for n in (1, 2, 3, 10)] == [0, 1, 2, 9]
    assert SeasonRules(drop_from=1, drop_every=1).dropped_count(1) == 0


# --- series results ------------------------------------------------------------------------


def test_a_series_scores_seeger_fabian_by_the_table_size() -> None:
    """rules §7: 250 points, 7 won, 2 lost, the others lost 5: at three 250 + 250 + 200 = 700,
    at four 250 + 250 + 150 = 650."""
    assert seeger_fabian(points=250, won=7, lost=2, others_lost=5, table=3) == 700
    assert seeger_fabian(points=250, won=7, lost=2, others_lost=5, table=4) == 650
    with pytest.raises(InputError, match="5 players: a table has 3 or 4 players"):
        seeger_fabian(points=0, won=0, lost=0, others_lost=0, table=5)


def test_a_table_gives_each_player_the_others_lost_games() -> None:
    """A table of four: lost 1, 2, 0, 3 (6 in all). Anna: 120 + 50·(5 − 1) + 30·5 = 470; Ben:
    −40 + 50·(3 − 2) + 30·4 = 130; Carl: 0 + 0 + 30·6 = 180; Dora: 200 + 50·(4 − 3) + 30·3 = 340."""
    lines = {
        "Anna": PaperLine(120, 5, 1),
        "Ben": PaperLine(-40, 3, 2),
        "Carl": PaperLine(0, 0, 0),
        "Dora": PaperLine(200, 4, 3),
    }
    got = paper_scores(lines)
    assert [(name, x.seeger_fabian) for name, x in got.items()] == [
        ("Anna", 470),
        ("Ben", 130),
        ("Carl", 180),
        ("Dora", 340),
    ]


def test_a_result_at_an_impossible_table_is_refused() -> None:
    bad = SeriesResult(date(2027, 1, 1), "s1", "Anna", None, 2, 0, 0, 0, 0)
    with pytest.raises(InputError, match="2027-01-01, series s1: a table of 2"):
        standing([bad], SeasonRules())


def test_two_results_of_one_player_in_one_series_are_refused() -> None:
    """The same person (by the list's name rule) twice in one series of one evening."""
    with pytest.raises(InputError, match="'anna' has two results"):
        standing([played("Anna", 1, 1, 100), played("anna", 1, 1, 200)], SeasonRules())


# --- names -------------------------------------------------------------------------------


def test_names_compare_composed_and_case_folded() -> None:
    """The season knows a player by the list's name rule: composed (NFC) and case-folded."""
    assert same_name("HANS-JU\u0308RGEN") == same_name("hans-jürgen") == "hans-jürgen"


def test_aliases_follow_chains_and_refuse_circles_and_one_name() -> None:
    assert resolve_aliases({"HJ": "Hans Jürgen", "Hans Jürgen": "Hans-Jürgen"}) == {
        "hj": "hans-jürgen",
        "hans jürgen": "hans-jürgen",
    }
    with pytest.raises(InputError, match="go round in a circle"):
        resolve_aliases({"A": "B", "B": "A"})
    with pytest.raises(InputError, match="are one name already"):
        resolve_aliases({"anna": "Anna"})


def test_without_the_alias_two_spellings_are_two_players() -> None:
    """ "Hans-Jürgen" (evenings 1-5) and "HANS-JÜRGEN" (11) are one name: 6 × 500 = 3000;
    "Hans Jürgen" (6-10) is another: 5 × 500 = 2500. The shown spelling is the first one."""
    got = {x.name: (x.series, x.shown) for x in standing(SEASON, SeasonRules())}
    assert got["Hans-Jürgen"] == (6, 3000)
    assert got["Hans Jürgen"] == (5, 2500)


# --- the standing in each rule form ---------------------------------------------------------


def test_the_sum_ranks_by_score_then_series_with_shared_places() -> None:
    """Ben 24 × 250 = 6000; Hans-Jürgen 11 × 500 = 5500; Anna 1000 + ... + 0 − 100 = 5400 in
    12 series, Dora 12 × 450 = 5400 in 12 (the same: place 3 twice), Carl 6 × 900 = 5400 in
    only 6 series (5th); Emil 2000 + 1500 + 1001 = 4501."""
    got = standing(SEASON, SeasonRules(), ALIASES)
    assert table(got) == [
        (1, "Ben", 6000),
        (2, "Hans-Jürgen", 5500),
        (3, "Anna", 5400),
        (3, "Dora", 5400),
        (5, "Carl", 5400),
        (6, "Emil", 4501),
    ]
    anna = got[2]
    assert (anna.club, anna.series, anna.evenings, anna.counted, anna.best, anna.dropped) == (
        "Herz As",
        12,
        12,
        12,
        1000,
        (),
    )
    assert (got[0].series, got[0].evenings, got[0].best) == (24, 12, 300)
    assert got[-1].club is None and all(x.ranked for x in got)


def test_the_average_is_the_mean_of_the_series_rounded_half_up_when_shown() -> None:
    """Emil 4501 / 3 = 1500.333... (shown 1500.33); Carl 5400 / 6 = 900; Hans-Jürgen 500;
    Anna 5400 / 12 = 450 = Dora (both 12 series: place 4 twice); Ben 6000 / 24 = 250."""
    got = standing(SEASON, SeasonRules(rule=Rule.AVERAGE), ALIASES)
    assert table(got) == [
        (1, "Emil", Decimal("1500.33")),
        (2, "Carl", Decimal("900.00")),
        (3, "Hans-Jürgen", Decimal("500.00")),
        (4, "Anna", Decimal("450.00")),
        (4, "Dora", Decimal("450.00")),
        (6, "Ben", Decimal("250.00")),
    ]
    assert got[0].score == Fraction(4501, 3)


def test_rounding_half_up_only_where_the_average_is_shown() -> None:
    """0.125 is shown 0.13 and −0.125 as −0.13 (half away from zero); 1/3 as 0.33."""
    assert shown(Fraction(1, 8), Rule.AVERAGE) == Decimal("0.13")
    assert shown(Fraction(-1, 8), Rule.AVERAGE) == Decimal("-0.13")
    assert shown(Fraction(1, 3), Rule.AVERAGE) == Decimal("0.33")
    assert shown(Fraction(-2, 3), Rule.AVERAGE) == Decimal("-0.67")


def test_the_best_series_count_and_the_rest_are_dropped() -> None:
    """Best 10: Anna drops 0 and −100 (5400 + 100 = 5500); Carl (6) and Emil (3) have fewer
    than 10, so all count (5400, 4501); Hans-Jürgen 10 × 500 = 5000; Dora 10 × 450 = 4500;
    Ben 10 × 300 = 3000 (his fourteen others dropped)."""
    got = standing(SEASON, SeasonRules(best=10), ALIASES)
    assert table(got) == [
        (1, "Anna", 5500),
        (2, "Carl", 5400),
        (3, "Hans-Jürgen", 5000),
        (4, "Emil", 4501),
        (5, "Dora", 4500),
        (6, "Ben", 3000),
    ]
    assert got[0].dropped == (0, -100) and got[0].counted == 10
    assert got[1].dropped == () and got[1].counted == 6
    assert got[-1].dropped == (300, 300) + (200,) * 12


def test_the_worst_series_drop_only_for_a_player_with_more() -> None:
    """Drop 2: Ben 6000 − 200 − 200 = 5600; Anna 5400 − 0 + 100 = 5500; Dora 10 × 450 = 4500
    in 12 series and Hans-Jürgen 9 × 500 = 4500 in 11 (Dora first, both placed); Carl 4 × 900
    = 3600; Emil keeps only 2000."""
    got = standing(SEASON, SeasonRules(drop=2), ALIASES)
    assert table(got) == [
        (1, "Ben", 5600),
        (2, "Anna", 5500),
        (3, "Dora", 4500),
        (4, "Hans-Jürgen", 4500),
        (5, "Carl", 3600),
        (6, "Emil", 2000),
    ]
    assert got[0].dropped == (200, 200)
    assert got[-1].dropped == (1500, 1001)
    few = standing([played("Zoe", 1, 1, 700), played("Zoe", 2, 1, 100)], SeasonRules(drop=2))
    assert (few[0].shown, few[0].dropped) == (800, ())


def busy_season() -> list[SeriesResult]:
    """Twelve evenings with several series each; the k-th series a player plays scores 10·k.

    - Fritz: 3 series on evenings 1-6, 2 on 7-12: 30 series.
    - Gerd: 3 series on evenings 1-11, 2 on the 12th: 35 series.
    - Hein: 4 series on evenings 1-4, 3 on 5-12: 40 series.
    - Ida: 2 series on evenings 1-12: 24 series, 10 + 20 + ... + 240 = 3000.
    """
    plan = {
        "Fritz": [3] * 6 + [2] * 6,
        "Gerd": [3] * 11 + [2],
        "Hein": [4] * 4 + [3] * 8,
        "Ida": [2] * 12,
    }
    out: list[SeriesResult] = []
    for name, per_evening in plan.items():
        k = 0
        for day, count in enumerate(per_evening, 1):
            for s in range(1, count + 1):
                k += 1
                out.append(played(name, day, s, 10 * k))
    return out


def test_the_growing_drop_at_the_30th_35th_and_40th_series() -> None:
    """From the 30th every 5th: Fritz (30) drops 1: 10·(1 + ... + 30) − 10 = 4650 − 10 = 4640;
    Gerd (35) drops 2: 6300 − 10 − 20 = 6270; Hein (40) drops 3: 8200 − 60 = 8140; Ida (24)
    drops none: 3000. With at most 2 dropped Hein keeps 8200 − 30 = 8170."""
    got = standing(busy_season(), SeasonRules(drop_from=30, drop_every=5))
    assert [(x.name, x.series, x.shown, x.dropped) for x in got] == [
        ("Hein", 40, 8140, (30, 20, 10)),
        ("Gerd", 35, 6270, (20, 10)),
        ("Fritz", 30, 4640, (10,)),
        ("Ida", 24, 3000, ()),
    ]
    capped = standing(busy_season(), SeasonRules(drop_from=30, drop_every=5, drop_max=2))
    assert (capped[0].shown, capped[0].dropped) == (8170, (20, 10))


def test_players_below_the_minimum_follow_the_ranked_ones_without_a_place() -> None:
    """At least 10 series: Carl (6) and Emil (3) are not ranked, listed after the others in
    the same order. At least 12 evenings as well: Hans-Jürgen (11) drops out too, and Anna and
    Dora share place 2 behind Ben."""
    got = standing(SEASON, SeasonRules(min_series=10), ALIASES)
    assert table(got) == [
        (1, "Ben", 6000),
        (2, "Hans-Jürgen", 5500),
        (3, "Anna", 5400),
        (3, "Dora", 5400),
        (None, "Carl", 5400),
        (None, "Emil", 4501),
    ]
    assert [x.ranked for x in got] == [True] * 4 + [False] * 2
    both = standing(SEASON, SeasonRules(min_series=10, min_evenings=12), ALIASES)
    assert table(both) == [
        (1, "Ben", 6000),
        (2, "Anna", 5400),
        (2, "Dora", 5400),
        (None, "Hans-Jürgen", 5500),
        (None, "Carl", 5400),
        (None, "Emil", 4501),
    ]


def test_attendance_adds_points_for_every_evening() -> None:
    """100 per evening: Ben 6000 + 1200 = 7200; Anna and Dora 5400 + 1200 = 6600 in 12 series,
    Hans-Jürgen 5500 + 1100 = 6600 in only 11 (4th); Carl 5400 + 600 = 6000; Emil 4501 + 300."""
    got = standing(SEASON, SeasonRules(attendance=100), ALIASES)
    assert table(got) == [
        (1, "Ben", 7200),
        (2, "Anna", 6600),
        (2, "Dora", 6600),
        (4, "Hans-Jürgen", 6600),
        (5, "Carl", 6000),
        (6, "Emil", 4801),
    ]


def test_the_list_points_can_be_the_score() -> None:
    """List points (half the Seeger-Fabian here): Ben 24 × 125 = 3000; Hans-Jürgen 11 × 250 =
    2750; Anna 500 + 450 + ... + 0 − 50 = 2700 and Dora 12 × 225 = 2700 (12 series each), Carl
    6 × 450 = 2700 in 6; Emil 1000 + 750 + 500 = 2250."""
    got = standing(SEASON, SeasonRules(score=ScoreKind.POINTS), ALIASES)
    assert table(got) == [
        (1, "Ben", 3000),
        (2, "Hans-Jürgen", 2750),
        (3, "Anna", 2700),
        (3, "Dora", 2700),
        (5, "Carl", 2700),
        (6, "Emil", 2250),
    ]


def test_of_equal_worst_series_the_later_one_drops() -> None:
    """Three series of 100, 500, 100 and one dropped: the second 100 (evening 3) drops."""
    results = [played("Zoe", 1, 1, 100), played("Zoe", 2, 1, 500), played("Zoe", 3, 1, 100)]
    history = player_history(results, SeasonRules(drop=1), "Zoe")
    assert [(c.evening.day, c.counted) for c in history.series] == [
        (1, True),
        (2, True),
        (3, False),
    ]


# --- a player's history ---------------------------------------------------------------------


def test_a_players_history_marks_each_series_counted_or_dropped() -> None:
    """Anna with the best 10: her series of the 11th (0) and the 12th (−100) are dropped."""
    got = player_history(SEASON, SeasonRules(best=10), "anna", ALIASES)
    assert got.line.name == "Anna" and got.line.shown == 5500 and got.line.place == 1
    assert [(c.evening.day, c.series, c.score, c.counted) for c in got.series] == [
        (day, "s1", 1100 - 100 * day, day <= 10) for day in range(1, 13)
    ]
    assert got.series[0].result.points == 500


def test_a_players_history_joins_the_spellings() -> None:
    """Asked by the alias spelling: all eleven evenings of Hans-Jürgen."""
    got = player_history(SEASON, SeasonRules(), "Hans Jürgen", ALIASES)
    assert got.line.name == "Hans-Jürgen" and len(got.series) == 11
    assert {c.result.name for c in got.series} == {
        "Hans-Jürgen",
        "Hans Jürgen",
        "HANS-JU\u0308RGEN",
    }


def test_an_unknown_player_has_no_history() -> None:
    with pytest.raises(InputError, match="no player 'Zoe' in the season"):
        player_history(SEASON, SeasonRules(), "Zoe")


# --- the club ranking ------------------------------------------------------------------------


def test_clubs_rank_by_their_best_players() -> None:
    """Two per club: Herz As Ben 6000 + Hans-Jürgen 5500 = 11500 (Anna, third, not counted);
    Kreuz Bube Dora 5400 + Carl 5400 = 10800. Four per club: Herz As 16900 with three, Kreuz
    Bube 10800 with two, both short. Emil has no club."""
    lines = standing(SEASON, SeasonRules(), ALIASES)
    two = club_ranking(lines, size=2)
    assert [(c.place, c.club, c.score, c.members, c.short) for c in two] == [
        (
            1,
            "Herz As",
            Fraction(11500),
            (("Ben", Fraction(6000)), ("Hans-Jürgen", Fraction(5500))),
            False,
        ),
        (
            2,
            "Kreuz Bube",
            Fraction(10800),
            (("Dora", Fraction(5400)), ("Carl", Fraction(5400))),
            False,
        ),
    ]
    four = club_ranking(lines)
    assert [(c.club, c.score, c.short) for c in four] == [
        ("Herz As", Fraction(16900), True),
        ("Kreuz Bube", Fraction(10800), True),
    ]


def test_equal_clubs_share_a_place_and_unranked_players_do_not_count() -> None:
    """X: 500 + 300 = 800; Y: 800 alone; Z's only player is below the minimum of 2 series."""
    results = [
        played("A", 1, 1, 500, "X"),
        played("A", 2, 1, 0, "X"),
        played("B", 1, 1, 300, "X"),
        played("B", 2, 1, 0, "X"),
        played("C", 1, 1, 800, "Y"),
        played("C", 2, 1, 0, "Y"),
        played("D", 1, 1, 9000, "Z"),
    ]
    got = club_ranking(standing(results, SeasonRules(min_series=2)), size=2)
    assert [(c.place, c.club, c.score) for c in got] == [
        (1, "X", Fraction(800)),
        (1, "Y", Fraction(800)),
    ]
    with pytest.raises(InputError, match="a team of 0"):
        club_ranking([], size=0)


# --- properties ------------------------------------------------------------------------------

scores = st.lists(st.integers(min_value=-500, max_value=3000), min_size=1, max_size=40)


def season_of(values: list[int]) -> list[SeriesResult]:
    """One player's series, one an evening."""
    return [played("P", 1 + i % 28, i // 28 + 1, v) for i, v in enumerate(values)]


@given(scores, st.integers(min_value=1, max_value=10))
def test_dropping_leaves_out_the_worst_and_never_raises_a_sum_of_good_series(
    values: list[int], k: int
) -> None:
    """The dropped series are the worst ones; with no negative series the sum only falls, and
    the average never falls."""
    full = standing(season_of(values), SeasonRules())[0]
    for rules in (SeasonRules(drop=k), SeasonRules(best=k), SeasonRules(drop_from=k, drop_every=2)):
        line = standing(season_of(values), rules)[0]
        kept = sorted(values, reverse=True)[: line.counted]
        assert line.score == sum(kept) and sorted(line.dropped + tuple(kept)) == sorted(values)
        if min(values) >= 0:
            assert line.score <= full.score
        mean = standing(season_of(values), SeasonRules(rule=Rule.AVERAGE, drop=k))[0]
        assert mean.score >= Fraction(sum(values), len(values))


@given(scores, st.integers(min_value=1, max_value=50))
def test_the_best_n_of_a_player_with_no_more_series_count_all(values: list[int], n: int) -> None:
    line = standing(season_of(values), SeasonRules(best=max(n, len(values))))[0]
    assert (line.counted, line.dropped, line.score) == (len(values), (), Fraction(sum(values)))


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3)), min_size=1, max_size=30))
def test_places_start_at_one_and_equal_lines_share_them(plan: list[tuple[int, int]]) -> None:
    """Places are 1-based and never fall; a line equal to the one above shares its place,
    any other takes its position (1., 2., 2., 4.)."""
    results = [
        played(f"P{i}", 1, s, 100 * score)
        for i, (score, series) in enumerate(plan)
        for s in range(1, series + 1)
    ]
    got = standing(results, SeasonRules())
    assert got[0].place == 1
    for pos, (above, line) in enumerate(pairwise(got), 2):
        assert line.place is not None and above.place is not None
        same = (above.score, above.series) == (line.score, line.series)
        assert line.place == (above.place if same else pos)
        assert (above.score, above.series) >= (line.score, line.series)


def test_an_alias_of_two_players_of_one_series_is_refused_also_through_a_chain() -> None:
    """docs/rules.md, 'Who is who': two names with a result each in one series are two
    players; an alias joining them, directly or by a chain, is refused, one that joins names
    of different series is taken."""
    results = [played("Anna", 1, 1, 100), played("Ben", 1, 1, 50), played("HJ", 2, 1, 80)]
    check_alias(results, {"HJ": "Anna"})
    check_alias([*results, played("anna", 1, 2, 10)], {})
    with pytest.raises(InputError) as refused:
        check_alias(results, {"HJ": "Anna", "Ben": "HJ"})
    assert refused.value.message.render("en") == (
        "'Anna' and 'Ben' both have a result in 2027-01-01, series s1: two players, not two "
        "spellings of one"
    )
