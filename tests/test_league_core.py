"""A league season without files (rules §L): teams, match days, ranking points shared on equal
scores, the match report, the season table, the players over the season, the draw of a match
day and a series seated by results, against numbers worked out by hand."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatliste.errors import InputError
from skatliste.i18n import translations
from skatliste.league import (
    DayReport,
    DayScores,
    MatchDay,
    Scoring,
    Team,
    check_teams,
    match_day,
    players,
    ranking_points,
    report,
    scoring_problem,
    season_table,
)
from skatliste.seating import draw_day, seat_by_ranking, team_table_sizes
from skatliste.tournament import Score, pairs_met

from .conftest import ROOT

H = Fraction(1, 2)

TEAMS = [
    Team("A", ("a1", "a2", "a3", "a4")),
    Team("B", ("b1", "b2", "b3", "b4", "b5")),  # b5 a reserve
    Team("C", ("c1", "c2", "c3")),  # a team of three
    Team("D", ("d1", "d2", "d3", "d4")),
    Team("E", ("e1", "e2", "e3", "e4")),
    Team("F", ("f1", "f2", "f3", "f4")),
    Team("G", ("g1", "g2", "g3", "g4")),
    Team("H", ("h1", "h2", "h3", "h4")),
]
BY_NAME = {t.name: t for t in TEAMS}


def spread(total: int, team: str, day: MatchDay | None = None) -> dict[str, int]:
    """A team's series score shared by its lineup (of the day, else the regular one): equal
    parts, the rest to the first player."""
    lineup = day.lineup(team) if day else BY_NAME[team].lineup
    each, rest = divmod(total, len(lineup))
    return {p: each + (rest if i == 0 else 0) for i, p in enumerate(lineup)}


def series(*parts: Mapping[str, int]) -> dict[str, Score]:
    return {p: Score(sf, 0, 0, 0) for part in parts for p, sf in part.items()}


def given_scores(team: str, values: Sequence[int]) -> dict[str, int]:
    return dict(zip(BY_NAME[team].lineup, values, strict=True))


def teams_of(names: str) -> list[Team]:
    return [BY_NAME[n] for n in names]


# Day 1, A B C D, three series (C plays with three):
#   series 1: A 1000+900+800+700 = 3400, B 4 × 600 = 2400, C 1200+1100+900 = 3200,
#             D 500+400+300+200 = 1400           -> A 3:0, C 2:1, B 1:2, D 0:3
#   series 2: A 4 × 700 = 2800, B 1000+800+600+400 = 2800, C 3 × 1000 = 3000, D 4 × 900 = 3600
#             -> D 3:0, C 2:1, A and B share places 3 and 4: ½:2½ each
#   series 3: A 4 × 500 = 2000, B 4 × 800 = 3200, C −100+300+400 = 600, D 700+700+600+0 = 2000
#             -> B 3:0, A and D share places 2 and 3: 1½:1½ each, C 0:3
#   the day: A 3 + ½ + 1½ = 5 : 0 + 2½ + 1½ = 4, game points 3400 + 2800 + 2000 = 8200
#            B 1 + ½ + 3 = 4½ : 2 + 2½ + 0 = 4½, 2400 + 2800 + 3200 = 8400
#            D 0 + 3 + 1½ = 4½ : 3 + 0 + 1½ = 4½, 1400 + 3600 + 2000 = 7000
#            C 2 + 2 + 0 = 4 : 1 + 1 + 3 = 5, 3200 + 3000 + 600 = 6800
DAY1 = match_day(1, teams_of("ABCD"), venue="Krug zum grünen Kranze")
SCORES1: DayScores = {
    1: series(
        given_scores("A", [1000, 900, 800, 700]),
        given_scores("B", [600, 600, 600, 600]),
        given_scores("C", [1200, 1100, 900]),
        given_scores("D", [500, 400, 300, 200]),
    ),
    2: series(
        given_scores("A", [700, 700, 700, 700]),
        given_scores("B", [1000, 800, 600, 400]),
        given_scores("C", [1000, 1000, 1000]),
        given_scores("D", [900, 900, 900, 900]),
    ),
    3: series(
        given_scores("A", [500, 500, 500, 500]),
        given_scores("B", [800, 800, 800, 800]),
        given_scores("C", [-100, 300, 400]),
        given_scores("D", [700, 700, 600, 0]),
    ),
}

# Day 2, E F G H, H did not appear (beaten by all, no game points):
#   series 1: E 3000, F 2500, G 2500 -> E 3:0, F and G 1½:1½ (½ between them, 1 from H), H 0:3
#   series 2: E 1000, F 2000, G 3000 -> G 3:0, F 2:1, E 1:2, H 0:3
#   series 3: E F G 2000 each -> 2:1 each (½ + ½ + 1 from H), H 0:3
#   the day: G 1½ + 3 + 2 = 6½ : 2½, 7500; E 3 + 1 + 2 = 6 : 3, 6000;
#            F 1½ + 2 + 2 = 5½ : 3½, 6500; H 0 : 9, 0
DAY2 = match_day(2, teams_of("EFGH"), absent=["H"])
SCORES2: DayScores = {
    1: series(spread(3000, "E"), spread(2500, "F"), spread(2500, "G")),
    2: series(spread(1000, "E"), spread(2000, "F"), spread(3000, "G")),
    3: series(spread(2000, "E"), spread(2000, "F"), spread(2000, "G")),
}

# Day 3, central, all eight teams (7 points a series):
#   series 1: A 8000 B 7000 C 6000 D 5000 E 4000 F 3000 G 2000 H 1000 -> 7 6 5 4 3 2 1 0
#   series 2: the other way round, H 8000 ... A 1000 -> H 7, G 6, ..., A 0
#   series 3: A B C D 5000, E F G H 3000 -> A-D: 4 beaten + 3 × ½ = 5½ : 1½,
#             E-H: 3 × ½ = 1½ : 4 + 1½ = 5½
#   the day: A 7 + 0 + 5½ = 12½ : 0 + 7 + 1½ = 8½; B 6 + 1 + 5½ = 12½ : 8½; C, D the same;
#            E 3 + 4 + 1½ = 8½ : 4 + 3 + 5½ = 12½; F, G, H the same
#            game points A-D 14000 each (8000 + 1000 + 5000, 7000 + 2000 + 5000, ...),
#            E-H 12000 each (4000 + 5000 + 3000, ...)
DAY3 = match_day(3, TEAMS, lineups={"B": ["b5", "b2", "b3", "b4"]}, venue="Stadthalle")
ORDER = "ABCDEFGH"
SCORES3: DayScores = {
    1: series(*(spread(8000 - 1000 * i, t, DAY3) for i, t in enumerate(ORDER))),
    2: series(*(spread(1000 + 1000 * i, t, DAY3) for i, t in enumerate(ORDER))),
    3: series(*(spread(5000 if t in "ABCD" else 3000, t, DAY3) for t in ORDER)),
}

# Day 4, E F G H, all there:
#   series 1: F 3000, E 2500, G 1000, H 500 -> F 3:0, E 2:1, G 1:2, H 0:3
#   series 2: E 2500, G 2500, F 500, H 0 -> E and G 2½:½, F 1:2, H 0:3
#   series 3: F 3000, E 2000, G 1500, H 1000 -> F 3:0, E 2:1, G 1:2, H 0:3
#   the day: F 3 + 1 + 3 = 7 : 2, 6500; E 2 + 2½ + 2 = 6½ : 2½, 7000;
#            G 1 + 2½ + 1 = 4½ : 4½, 5000; H 0 : 9, 1500
DAY4 = match_day(4, teams_of("EFGH"))
SCORES4: DayScores = {
    1: series(spread(2500, "E"), spread(3000, "F"), spread(1000, "G"), spread(500, "H")),
    2: series(spread(2500, "E"), spread(500, "F"), spread(2500, "G"), spread(0, "H")),
    3: series(spread(2000, "E"), spread(3000, "F"), spread(1500, "G"), spread(1000, "H")),
}

DAYS = [(DAY1, SCORES1), (DAY2, SCORES2), (DAY3, SCORES3), (DAY4, SCORES4)]


def numbers(got: Mapping[str, tuple[Fraction, Fraction]]) -> dict[str, tuple[float, float]]:
    """Ranking points as numbers (halves are exact floats)."""
    return {team: (float(a), float(b)) for team, (a, b) in got.items()}


def day_lines(r: DayReport) -> list[tuple[str, float, float, int]]:
    return [(t.team, float(t.points), float(t.against), t.game_points) for t in r.teams]


# --- teams and match days ------------------------------------------------------------------


def test_a_team_is_its_lineup_and_its_reserves() -> None:
    b = BY_NAME["B"]
    assert (b.lineup, b.reserves) == (("b1", "b2", "b3", "b4"), ("b5",))
    assert BY_NAME["C"].lineup == ("c1", "c2", "c3")


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: Team("X", ("x1", "x2")), "team 'X' has 2 player"),
        (lambda: Team("X", ("x1", "x2", "X1")), "team 'X' names 'x1' twice"),
        (
            lambda: check_teams([Team("X", ("1", "2", "3")), Team("x", ("4", "5", "6"))]),
            "two teams",
        ),
        (lambda: check_teams([TEAMS[0], Team("Y", ("y1", "A1", "y3"))]), "'A1' plays for team 'A'"),
        (lambda: match_day(1, teams_of("A")), "at least 2 teams"),
        (lambda: match_day(0, teams_of("AB")), "match days count from 1"),
        (lambda: match_day(1, teams_of("AB"), lineups={"C": ["c1", "c2", "c3"]}), "team 'C'"),
        (lambda: match_day(1, teams_of("AB"), absent=["Z"]), "team 'Z' does not play it"),
        (lambda: match_day(1, teams_of("AB"), lineups={"A": ["a1", "a2"]}), "has 2 player"),
        (lambda: match_day(1, teams_of("AB"), lineups={"A": ["a1", "a2", "b1"]}), "'b1' is not"),
        (lambda: match_day(1, teams_of("AB"), lineups={"A": ["a1", "A1", "a2"]}), "'A1' twice"),
    ],
)
def test_impossible_teams_and_match_days_are_refused(make: object, says: str) -> None:
    """Fewer than 3 players, a player twice or in two teams, a day of one team, a lineup of
    two or with a stranger."""
    with pytest.raises(InputError, match=says):
        make()  # type: ignore[operator]


def test_a_lineup_is_taken_by_the_players_own_spelling() -> None:
    day = match_day(5, teams_of("AB"), lineups={"a": ["A4", "a1", "A2"]})
    assert day.lineup("A") == ("a4", "a1", "a2")
    assert day.lineup("B") == ("b1", "b2", "b3", "b4")
    assert day.players()["b4"] == "B" and day.present == ("A", "B")


# --- ranking points ------------------------------------------------------------------------


def test_four_teams_get_three_two_one_and_none() -> None:
    got = numbers(ranking_points({"A": 4000, "B": 3000, "C": 2000, "D": 1000}))
    assert got == {"A": (3, 0), "B": (2, 1), "C": (1, 2), "D": (0, 3)}


def test_equal_series_scores_share_the_points_of_their_places() -> None:
    """Three teams level behind the first share 2 + 1 + 0: one point each."""
    got = numbers(ranking_points({"A": 4000, "B": 2000, "C": 2000, "D": 2000}))
    assert got == {"A": (3, 0), "B": (1, 2), "C": (1, 2), "D": (1, 2)}
    assert ranking_points({"A": 0, "B": 0}) == {"A": (H, H), "B": (H, H)}


def test_an_absent_team_is_beaten_even_by_a_negative_score() -> None:
    """Absent teams get nothing, also from each other."""
    got = numbers(ranking_points({"A": -300, "B": 0, "C": 0}, ["B", "C"]))
    assert got == {"A": (2, 0), "B": (0, 1), "C": (0, 1)}


@given(
    st.dictionaries(st.sampled_from("ABCDEFGH"), st.integers(-500, 500), min_size=2),
    st.sets(st.sampled_from("ABCDEFGH")),
)
def test_ranking_points_give_every_pair_of_teams_one_point(
    scores: dict[str, int], absent: set[str]
) -> None:
    """Between two teams one point goes, whole or halved, unless both were absent; a team that
    appeared gets for + against = n − 1; the better score never gets fewer points."""
    gone = sorted(absent & set(scores))
    got = ranking_points(scores, gone)
    n, both_absent = len(scores), len(gone) * (len(gone) - 1) // 2
    assert sum(f for f, _ in got.values()) == n * (n - 1) // 2 - both_absent
    for team, (f, a) in got.items():
        if team not in gone:
            assert f + a == n - 1
        else:
            assert f == 0
    present = [t for t in scores if t not in gone]
    for x, y in combinations(present, 2):
        if scores[x] > scores[y]:
            assert got[x][0] > got[y][0]


# --- the match report ----------------------------------------------------------------------


def test_a_match_day_of_four_with_a_team_of_three_and_equal_scores() -> None:
    """Day 1 (worked above): 5:4, 4½:4½, 4½:4½, 4:5; every team's for + against is 9."""
    got = report(DAY1, SCORES1, series=3)
    assert not got.in_progress and (got.day, got.venue) == (1, "Krug zum grünen Kranze")
    assert day_lines(got) == [
        ("A", 5, 4, 8200),
        ("B", 4 + H, 4 + H, 8400),
        ("D", 4 + H, 4 + H, 7000),
        ("C", 4, 5, 6800),
    ]
    assert [[(t.team, t.score, t.points) for t in s.teams] for s in got.series] == [
        [("A", 3400, 3), ("C", 3200, 2), ("B", 2400, 1), ("D", 1400, 0)],
        [("D", 3600, 3), ("C", 3000, 2), ("A", 2800, H), ("B", 2800, H)],
        [("B", 3200, 3), ("A", 2000, 1 + H), ("D", 2000, 1 + H), ("C", 600, 0)],
    ]
    assert all(t.points + t.against == 9 for t in got.teams)


def test_an_absent_team_gets_nothing_and_is_beaten_by_all() -> None:
    """Day 2 (worked above): G 6½:2½, E 6:3, F 5½:3½, H 0:9."""
    got = report(DAY2, SCORES2, series=3)
    assert day_lines(got) == [
        ("G", 6 + H, 2 + H, 7500),
        ("E", 6, 3, 6000),
        ("F", 5 + H, 3 + H, 6500),
        ("H", 0, 9, 0),
    ]
    assert got.teams[-1].absent and all(s.teams[-1].team == "H" for s in got.series)
    assert not got.in_progress


def test_a_central_match_day_of_eight_teams() -> None:
    """Day 3 (worked above): A-D 12½:8½ with 14000, E-H 8½:12½ with 12000; 21 a team."""
    got = report(DAY3, SCORES3, series=3)
    assert day_lines(got) == [
        *((t, 12.5, 8.5, 14000) for t in "ABCD"),
        *((t, 8.5, 12.5, 12000) for t in "EFGH"),
    ]
    assert [t.points for t in got.series[2].teams] == [5 + H] * 4 + [1 + H] * 4


def test_a_result_for_an_absent_team_a_stranger_or_a_series_too_many_is_refused() -> None:
    with pytest.raises(InputError, match="a result for 'h1', but team 'H' did not appear"):
        report(DAY2, {1: series({"h1": 100})}, series=3)
    with pytest.raises(InputError, match="'b5' is in no lineup of the day"):
        report(DAY1, {1: series({"b5": 100})}, series=3)
    with pytest.raises(InputError, match="series 4: the day plays series 1 to 3"):
        report(DAY1, {4: series({"a1": 100})}, series=3)


def test_the_report_is_in_progress_while_a_table_plays() -> None:
    """Series 1 with a1's table still playing, series 2 not begun: reported as it stands,
    marked in progress; the unplayed series is left out."""
    first = dict(SCORES1[1])
    first["a1"] = Score(400, 0, 0, 0, complete=False)
    got = report(DAY1, {1: first, 2: {}}, series=3)
    assert got.in_progress and [s.series for s in got.series] == [1]
    assert got.series[0].in_progress
    # A 400 + 900 + 800 + 700 = 2800 < C's 3200: C 3:0, A 2:1
    assert day_lines(got)[:2] == [("C", 3, 0, 3200), ("A", 2, 1, 2800)]
    missing = {p: s for p, s in SCORES1[1].items() if not p.startswith("d")}
    assert report(DAY1, {1: missing}, series=1).series[0].in_progress
    assert not report(DAY1, {1: SCORES1[1]}, series=1).in_progress


# --- the season -------------------------------------------------------------------------------


def test_the_season_table_sums_ranking_points_then_game_points() -> None:
    """Over days 1-4 (each worked above):
    E 6 + 8½ + 6½ = 21 : 3 + 12½ + 2½ = 18, 6000 + 12000 + 7000 = 25000, 3 days;
    F 5½ + 8½ + 7 = 21 : 3½ + 12½ + 2 = 18, 6500 + 12000 + 6500 = 25000 (equal: place 1 too);
    G 6½ + 8½ + 4½ = 19½ : 2½ + 12½ + 4½ = 19½, 7500 + 12000 + 5000 = 24500;
    A 5 + 12½ = 17½ : 4 + 8½ = 12½, 8200 + 14000 = 22200;
    B 4½ + 12½ = 17 : 13, 8400 + 14000 = 22400 before D 17 : 13, 7000 + 14000 = 21000;
    C 4 + 12½ = 16½ : 5 + 8½ = 13½, 6800 + 14000 = 20800;
    H 0 + 8½ + 0 = 8½ : 9 + 12½ + 9 = 30½, 0 + 12000 + 1500 = 13500, 2 days (absent on day 2).
    """
    reports = [report(day, scores, series=3) for day, scores in DAYS]
    got = season_table(reports, teams=[t.name for t in TEAMS])
    assert [(x.place, x.team, x.days, x.points, x.against, x.game_points) for x in got] == [
        (1, "E", 3, 21, 18, 25000),
        (1, "F", 3, 21, 18, 25000),
        (3, "G", 3, 19 + H, 19 + H, 24500),
        (4, "A", 2, 17 + H, 12 + H, 22200),
        (5, "B", 2, 17, 13, 22400),
        (6, "D", 2, 17, 13, 21000),
        (7, "C", 2, 16 + H, 13 + H, 20800),
        (8, "H", 2, 8 + H, 30 + H, 13500),
    ]


def test_a_team_without_a_match_day_yet_is_listed_last() -> None:
    got = season_table([report(DAY1, SCORES1, series=3)], teams=["Z"])
    assert [(x.place, x.team, x.days, float(x.points)) for x in got][-1] == (5, "Z", 0, 0)


def test_the_players_of_the_season_rank_like_a_tournament() -> None:
    """c1: day 1 1200 + 1000 − 100 = 2100, day 3 2000 + 1000 + 1668 (5000 / 3 = 1666, the rest
    2 to c1) = 4668: 6768 in 6 series. b5 played only on day 3: 1750 + 500 + 1250 = 3500.
    a1: 1000 + 700 + 500 + 2000 + 250 + 1250 = 5700. h1: day 3 250 + 2000 + 750 = 3000, day 4
    125 + 0 + 250 = 375: 3375 in 6 series."""
    got = {x.name: x for x in players(DAYS)}
    assert (got["c1"].team, got["c1"].series, got["c1"].seeger_fabian) == ("C", 6, 6768)
    assert (got["b5"].series, got["b5"].seeger_fabian) == (3, 3500)
    assert got["a1"].seeger_fabian == 5700
    assert (got["h1"].series, got["h1"].seeger_fabian) == (6, 3375)
    assert got["c1"].per_series == (1200, 1000, -100, 2000, 1000, 1668)
    ranked = players(DAYS)
    assert ranked[0].place == 1
    assert [x.seeger_fabian for x in ranked] == sorted(
        (x.seeger_fabian for x in ranked), reverse=True
    )


def test_equal_players_are_split_by_won_then_lost_games() -> None:
    """rules §7: 900 each; b1 won 9, a1 and c1 won 8 with 1 and 2 lost."""
    scores: DayScores = {
        1: {
            "a1": Score(900, 300, 8, 1),
            "b1": Score(900, 300, 9, 3),
            "c1": Score(900, 300, 8, 2),
            "d1": Score(900, 300, 8, 1, complete=False),
        }
    }
    got = players([(DAY1, scores)])
    assert [(x.place, x.name, x.in_progress) for x in got] == [
        (1, "b1", False),
        (2, "a1", False),
        (2, "d1", True),
        (4, "c1", False),
    ]
    with pytest.raises(InputError, match="did not appear"):
        players([(DAY2, {9: series({"h2": 1})})])


# --- the draw of a match day --------------------------------------------------------------


def test_table_sizes_keep_teams_apart() -> None:
    """Four teams of four: four tables of four; a team of three: 4 4 4 3; three teams: tables
    of three; two teams or three of different sizes cannot be seated."""
    assert team_table_sizes([4, 4, 4, 4]) == [4, 4, 4, 4]
    assert team_table_sizes([4, 4, 3, 4]) == [4, 4, 4, 3]
    assert team_table_sizes([4, 4, 4]) == [3, 3, 3, 3]
    assert team_table_sizes([3, 3, 3]) == [3, 3, 3]
    assert team_table_sizes([3] * 4) == [4, 4, 4]
    assert team_table_sizes([4] * 8) == [4] * 8
    for impossible in ([4, 4], [4, 4, 3], [4, 3, 3]):
        with pytest.raises(InputError, match="without two of one team at a table"):
            team_table_sizes(impossible)


def test_three_teams_sit_at_tables_of_three() -> None:
    day = match_day(1, teams_of("ABD"))
    d = draw_day(day, seed=3)
    assert [len(t) for t in d.tables] == [3, 3, 3, 3]
    assert all(len({p[0] for p in t}) == 3 for t in d.tables)


def test_a_day_that_cannot_be_drawn_is_refused() -> None:
    with pytest.raises(InputError, match="fewer than 2 teams appeared"):
        draw_day(match_day(1, teams_of("EFG"), absent=["E", "F"]), seed=1)
    with pytest.raises(InputError, match="without two of one team"):
        draw_day(match_day(1, teams_of("AB")), seed=1)


def test_the_central_day_plays_three_series_without_a_pair_again() -> None:
    seated: list[tuple[tuple[str, ...], ...]] = []
    for s in range(3):
        d = draw_day(DAY3, seed=40 + s, met=pairs_met(seated))
        assert d.repeats == ()
        seated.append(d.tables)
    assert len(seated[0]) == 8


def test_when_the_search_runs_out_the_swaps_still_find_a_seating_without_a_pair_again() -> None:
    """With no steps for the search, the swaps alone find the central day's second series."""
    first = draw_day(DAY3, seed=5)
    second = draw_day(DAY3, seed=6, met=pairs_met([first.tables]), search=0)
    assert second.repeats == ()


def test_where_no_seating_avoids_a_pair_the_fewest_meet_again() -> None:
    """Four teams of three at three tables of four: every table has one of each team, so the
    second series must bring pairs together again; the draw still keeps teams apart."""
    teams = [Team(t, tuple(f"{t}{i}" for i in range(3))) for t in "WXYZ"]
    day = match_day(1, teams)
    first = draw_day(day, seed=1)
    second = draw_day(day, seed=2, met=pairs_met([first.tables]))
    assert 0 < len(second.repeats) <= 6
    assert all(len({p[0] for p in t}) == len(t) for t in second.tables)


team_sizes = st.lists(st.sampled_from([3, 4]), min_size=4, max_size=8)


def league_day(sizes: list[int], absent: bool) -> MatchDay:
    """Teams of the given sizes, and with ``absent`` one more team that did not appear."""
    teams = [Team(f"T{t}", tuple(f"T{t}p{i}" for i in range(n))) for t, n in enumerate(sizes)]
    if absent:
        return match_day(1, [*teams, Team("X", ("x1", "x2", "x3"))], absent=["X"])
    return match_day(1, teams)


@given(team_sizes, st.booleans(), st.integers(0, 10**6))
def test_a_drawn_series_seats_every_present_player_once_with_teams_apart(
    sizes: list[int], absent: bool, seed: int
) -> None:
    day = league_day(sizes, absent)
    team = {p: t for t in day.present for p in day.lineup(t)}
    first = draw_day(day, seed=seed)
    second = draw_day(day, seed=seed + 1, met=pairs_met([first.tables]))
    for d in (first, second):
        seated = [p for table in d.tables for p in table]
        assert sorted(seated) == sorted(team)
        assert all(3 <= len(t) <= 4 for t in d.tables)
        assert all(len({team[p] for p in t}) == len(t) for t in d.tables)
    assert draw_day(day, seed=seed) == first
    assert draw_day(day, seed=seed + 1, met=pairs_met([first.tables])) == second


@given(st.integers(4, 8), st.integers(0, 10**6))
def test_the_second_series_of_full_teams_brings_no_pair_again(teams: int, seed: int) -> None:
    """Four or more teams of four: a second series without a pair that met is always there."""
    day = league_day([4] * teams, absent=False)
    first = draw_day(day, seed=seed)
    second = draw_day(day, seed=seed + 1, met=pairs_met([first.tables]))
    assert second.repeats == ()
    met = pairs_met([first.tables])
    assert not any(met.get(a, {}).get(b) for t in second.tables for a, b in combinations(t, 2))


# --- a series seated by results --------------------------------------------------------------


def test_seated_by_the_ranking_places_one_to_four_at_table_one() -> None:
    """Thirteen players: 1-4 at table 1, then tables of three: 5-7, 8-10, 11-13."""
    ranked = [(f"P{i}", None) for i in range(1, 14)]
    got = seat_by_ranking(ranked, apart=True)
    assert got.tables == (
        ("P1", "P2", "P3", "P4"),
        ("P5", "P6", "P7"),
        ("P8", "P9", "P10"),
        ("P11", "P12", "P13"),
    )
    assert got.together == ()


def test_players_of_one_club_are_kept_apart_by_the_nearest_place() -> None:
    """Places 1 and 2 are of Grand Hand, 5 and 7 of Pik 7. Place 2 changes seats with place 5,
    the nearest at another table (3 and 4 sit at his own) whose swap lowers the pairs: it parts
    both clubs at once. Without ``apart`` both pairs stay."""
    ranked = [
        ("Anna", "Grand Hand"),
        ("Ben", "Grand Hand"),
        ("Carl", None),
        ("Dora", "Kreuz Bube"),
        ("Emil", "Pik 7"),
        ("Fritz", "Kreuz Bube"),
        ("Gerd", "Pik 7"),
        ("Hein", ""),
    ]
    plain = seat_by_ranking(ranked)
    assert plain.tables == (("Anna", "Ben", "Carl", "Dora"), ("Emil", "Fritz", "Gerd", "Hein"))
    assert plain.together == (("Anna", "Ben"), ("Emil", "Gerd"))
    apart = seat_by_ranking(ranked, apart=True)
    assert apart.tables == (("Anna", "Emil", "Carl", "Dora"), ("Ben", "Fritz", "Gerd", "Hein"))
    assert apart.together == ()
    six = seat_by_ranking([("A", "X"), ("B", "X"), ("C", None), ("D", None), ("E", None),
                           ("F", None)], apart=True)  # fmt: skip
    assert six.tables == (("A", "D", "C"), ("B", "E", "F"))  # B changes with D, of no club


def test_what_cannot_be_kept_apart_is_counted() -> None:
    """Five of club X among eight at two tables: at best three and two of them sit together,
    3 + 1 = 4 pairs. Place 2 (X) changes with place 6 (Y): A F C D | E B G H."""
    ranked = [(n, "X") for n in "ABCDE"] + [("F", "Y"), ("G", "Z"), ("H", "W")]
    got = seat_by_ranking(ranked, apart=True)
    assert got.tables == (("A", "F", "C", "D"), ("E", "B", "G", "H"))
    assert got.together == (("A", "C"), ("A", "D"), ("C", "D"), ("E", "B"))


@given(
    st.lists(st.sampled_from(["X", "Y", "Z", None]), min_size=3, max_size=40).filter(
        lambda c: len(c) != 5  # five players cannot be seated at tables of three and four
    )
)
def test_keeping_clubs_apart_never_brings_more_together(clubs: list[str | None]) -> None:
    ranked = [(f"P{i}", c) for i, c in enumerate(clubs)]
    plain, apart = seat_by_ranking(ranked), seat_by_ranking(ranked, apart=True)
    assert len(apart.together) <= len(plain.together)
    assert [len(t) for t in apart.tables] == [len(t) for t in plain.tables]
    assert sorted(p for t in apart.tables for p in t) == sorted(n for n, _ in ranked)


# --- messages ----------------------------------------------------------------------------------

CORES = ("season.py", "league.py", "seating.py")


def _message_ids() -> list[tuple[str, ...]]:
    """The ids of every msg() and nmsg() in the season, league and seating cores."""
    found: list[tuple[str, ...]] = []
    for name in CORES:
        tree = ast.parse((ROOT / "skatliste" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("msg", "nmsg"):
                found.append(
                    tuple(
                        a.value
                        for a in node.args
                        if isinstance(a, ast.Constant) and isinstance(a.value, str)
                    )
                )
    return found


@pytest.mark.parametrize("ids", _message_ids(), ids=lambda ids: ids[0][:40])
def test_every_refusal_of_the_season_and_the_league_has_its_german_text(
    ids: tuple[str, ...],
) -> None:
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


def test_the_report_lists_each_players_seeger_fabian_per_series() -> None:
    """Team by team as ranked, each in lineup order: C's c1 1200 + 1000 − 100 = 2100 over the
    three series; an absent team's players are not listed; a player without a result yet has
    the series he played only."""
    got = report(DAY1, SCORES1, series=3)
    assert [p.team for p in got.players] == ["A"] * 4 + ["B"] * 4 + ["D"] * 4 + ["C"] * 3
    c1 = next(p for p in got.players if p.name == "c1")
    assert (c1.series, c1.total) == (((1, 1200), (2, 1000), (3, -100)), 2100)
    assert {p.team for p in report(DAY2, SCORES2, series=3).players} == {"E", "F", "G"}
    missing = {p: s for p, s in SCORES1[1].items() if p != "d1"}
    d1 = next(
        p for p in report(DAY1, {1: missing, 2: SCORES1[2]}, series=3).players if p.name == "d1"
    )
    assert (d1.series, d1.total) == (((2, 900),), 900)


# --- scoring as a group of four or five (rules §L, "Ranking points of a series") -------------


def _day_of(names: str, totals: Sequence[Mapping[str, int]]) -> DayScores:
    """Each series' scores: every team's total spread over its regular lineup."""
    return {n: series(*(spread(v, t) for t, v in got.items())) for n, got in enumerate(totals, 1)}


def test_a_day_of_three_teams_scores_as_a_group_of_four() -> None:
    """DSkV Online-Bundesliga: 3:0, 2:1 and 1:2 a series, "Mit 5:1 Wertungspunkten" after a
    first and a second place; all against all gives 2:0, 1:1, 0:2 (3:1 for the same day)."""
    day = match_day(1, teams_of("ABC"))
    scores = _day_of("ABC", [{"A": 900, "B": 600, "C": 300}, {"B": 900, "A": 600, "C": 300}])
    got = report(day, scores, series=2, scoring=Scoring.GROUP)
    assert [(t.team, int(t.points), int(t.against)) for t in got.series[0].teams] == [
        ("A", 3, 0), ("B", 2, 1), ("C", 1, 2)
    ]  # fmt: skip
    assert [(t.team, int(t.points), int(t.against)) for t in got.teams] == [
        ("A", 5, 1), ("B", 5, 1), ("C", 2, 4)
    ]  # fmt: skip
    before = report(day, scores, series=2)
    top = before.teams[0]
    assert (top.team, int(top.points), int(top.against)) == ("A", 3, 1)


def test_three_level_teams_share_two_to_one_each() -> None:
    """ "Nach dieser 1. Serie lagen die drei Mannschaften mit jeweils 10:5 Wertungspunkten
    gleichauf": level in a series, each of three gets (3 + 2 + 1) / 3 = 2 : 1."""
    got = ranking_points({"A": 500, "B": 500, "C": 500}, places=4)
    assert set(got.values()) == {(Fraction(2), Fraction(1))}


def test_five_teams_keep_four_to_none_and_a_winner_of_four_series_has_sixteen() -> None:
    """ "im Fünferfeld 16 Punkte": a group of five gives 4 .. 0 a series, 16 over four."""
    day = match_day(1, teams_of("ABCDE"))
    one = {"A": 900, "B": 800, "C": 700, "D": 600, "E": 500}
    got = report(day, _day_of("ABCDE", [one] * 4), series=4, scoring=Scoring.GROUP)
    assert [(t.team, int(t.points), int(t.against)) for t in got.teams] == [
        ("A", 16, 0), ("B", 12, 4), ("C", 8, 8), ("D", 4, 12), ("E", 0, 16)
    ]  # fmt: skip


def test_a_central_day_scores_every_team_within_its_group() -> None:
    """Eight teams in groups of four: the best of each group gets 3 a series, not 7; the
    report lists the groups apart, each from its first ("als Gruppenerster")."""
    day = match_day(1, teams_of("ABCDEFGH"), groups=["ABCD", "EFGH"])
    one = {t: 1000 - 100 * i for i, t in enumerate("ABCDEFGH")}
    got = report(day, _day_of("ABCDEFGH", [one]), series=1, scoring=Scoring.GROUP)
    assert [(t.group, t.team, int(t.points)) for t in got.teams] == [
        (1, "A", 3), (1, "B", 2), (1, "C", 1), (1, "D", 0),
        (2, "E", 3), (2, "F", 2), (2, "G", 1), (2, "H", 0),
    ]  # fmt: skip
    alone = report(day, _day_of("ABCDEFGH", [one]), series=1)
    assert [t.points for t in alone.teams] == [3, 2, 1, 0, 3, 2, 1, 0]  # groups also for all
    three = match_day(2, teams_of("ABCDEFG"), groups=["ABCD", "EFG"])
    seven = {t: v for t, v in one.items() if t != "H"}
    got = report(three, _day_of("ABCDEFG", [seven]), series=1, scoring=Scoring.GROUP)
    assert [t.points for t in got.teams if t.group == 2] == [3, 2, 1]


@pytest.mark.parametrize(
    ("groups", "says"),
    [
        (["ABCD", "EFGX"], "group 2 names team 'X', which does not play the day"),
        (["ABCD", "DEFG", "H"], "team 'D' is in group 1 and group 2"),
        (["ABCD", "EFG"], "H in no group; every team of the day is in one"),
        (["ABCDEFG", "H"], "group 2 has one team; a group has at least 2"),
    ],
)
def test_groups_that_do_not_part_the_day_are_refused(groups: list[str], says: str) -> None:
    with pytest.raises(InputError, match=says):
        match_day(1, [*teams_of("ABCDEFGH"), Team("X", ("x1", "x2", "x3"))][:8], groups=groups)


def test_group_scoring_needs_groups_on_a_day_of_more_than_five() -> None:
    day = match_day(1, teams_of("ABCDEFGH"))
    assert "8 teams in one group" in str(scoring_problem(day, Scoring.GROUP))
    assert scoring_problem(day, Scoring.ALL) is None
    with pytest.raises(InputError, match="set the day's groups"):
        report(day, {}, series=3, scoring=Scoring.GROUP)
