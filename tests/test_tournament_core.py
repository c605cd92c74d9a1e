"""The tournament's arithmetic without files: the draw, Seeger-Fabian of paper results, the
ranking's order and shared places, teams, prizes and fees."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatliste.errors import InputError
from skatliste.families import by_name
from skatliste.prizes import fees, lost_game_fees, prize_amounts, prizes
from skatliste.skat.family import FAMILY as SKAT
from skatliste.skat.rules import MAX_BID
from skatliste.skat.summary import summarise
from skatliste.skat.words import MAX_DIGITS as SKAT_DIGITS
from skatliste.tournament import (
    MAX_DIGITS,
    MAX_WON_GAME,
    PaperLine,
    Player,
    Score,
    Standing,
    draw,
    pairs_met,
    paper_scores,
    rank,
    table_sizes,
    teams,
    with_places,
)


def names(n: int) -> list[str]:
    return [f"P{i:04d}" for i in range(n)]


def play(n: int, series: int, seed: int = 1) -> list[tuple[tuple[str, ...], ...]]:
    seatings: list[tuple[tuple[str, ...], ...]] = []
    for s in range(series):
        seatings.append(draw(names(n), seed=seed + s, met=pairs_met(seatings)).tables)
    return seatings


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (3, [3]),
        (4, [4]),
        (6, [3, 3]),
        (7, [4, 3]),
        (9, [3, 3, 3]),
        (12, [4, 4, 4]),
        (13, [4, 3, 3, 3]),
        (14, [4, 4, 3, 3]),
        (15, [4, 4, 4, 3]),
        (16, [4, 4, 4, 4]),
    ],
)
def test_tables_of_three_only_where_the_count_requires(count: int, sizes: list[int]) -> None:
    """n mod 4 = 1 needs three tables of three, 2 two, 3 one; the rest sit at four."""
    assert table_sizes(count) == sizes


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_counts_that_cannot_be_seated_are_refused(count: int) -> None:
    with pytest.raises(InputError, match=f"{count} player"):
        table_sizes(count)


@given(st.integers(3, 80).filter(lambda n: n != 5), st.integers(0, 10**6))
def test_everyone_is_seated_once_at_the_right_tables(count: int, seed: int) -> None:
    """Each present player sits at exactly one table; the sizes are the required ones."""
    d = draw(names(count), seed=seed)
    seated = [n for t in d.tables for n in t]
    assert sorted(seated) == names(count)
    assert [len(t) for t in d.tables] == table_sizes(count)


@settings(max_examples=25)
@given(st.integers(3, 40).filter(lambda n: n != 5), st.integers(0, 10**6))
def test_the_same_seed_gives_the_same_draw(count: int, seed: int) -> None:
    met = pairs_met([draw(names(count), seed=seed + 1).tables])
    assert draw(names(count), seed=seed, met=met) == draw(names(count), seed=seed, met=met)


@pytest.mark.parametrize("seed", range(10))
def test_sixteen_players_play_three_series_without_meeting_twice(seed: int) -> None:
    seatings = play(16, 3, seed)
    pairs = [frozenset(p) for tables in seatings for t in tables for p in combinations(t, 2)]
    assert len(pairs) == len(set(pairs)) == 3 * 4 * 6


@pytest.mark.parametrize("seed", range(10))
def test_thirteen_players_play_two_series_without_meeting_twice(seed: int) -> None:
    seatings = play(13, 2, seed)
    pairs = [frozenset(p) for tables in seatings for t in tables for p in combinations(t, 2)]
    assert len(pairs) == len(set(pairs))


def test_a_championship_of_a_thousand_is_drawn_without_repeats() -> None:
    seatings = play(1000, 3)
    met = pairs_met(seatings)
    assert all(count == 1 for seen in met.values() for count in seen.values())


def test_repeats_that_the_numbers_force_are_reported() -> None:
    """12 players at 3 tables of four: in series 2 every table holds two of an old table."""
    first = draw(names(12), seed=1)
    second = draw(names(12), seed=2, met=pairs_met([first.tables]))
    assert len(second.repeats) == 3


def test_paper_seeger_fabian_at_a_table_of_four() -> None:
    """Points + 50 × (won − lost) + 30 × the games the other three lost."""
    got = paper_scores(
        {
            "A": PaperLine(48, 1, 0),
            "B": PaperLine(-48, 0, 1),
            "C": PaperLine(0, 0, 0),
            "D": PaperLine(-20, 0, 1),
        }
    )
    assert {n: s.seeger_fabian for n, s in got.items()} == {
        "A": 48 + 50 + 30 * 2,
        "B": -48 - 50 + 30,
        "C": 30 * 2,
        "D": -20 - 50 + 30,
    }


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (
            ["Anna", "Ben", "Carl"],
            [
                "anna kreuz mit 2",
                "ramsch anna=45 ben=40 carl=35",
                "ben grand mit 1 verloren",
                "carl null",
                "anna pik ohne 1 kontra verloren",
            ],
        ),
        (
            ["Anna", "Ben", "Carl", "Dora"],
            ["ben kreuz mit 2", "carl grand mit 1 verloren", "dora null", "ben herz mit 1 bock"],
        ),
    ],
    ids=["three, a Ramsch and a Kontra", "four, a Bock game"],
)
def test_a_lists_seeger_fabian_from_its_familys_results_is_the_sheets(
    players: list[str], words: list[str]
) -> None:
    """rules §7: the core's Seeger-Fabian from a Skat list's results (points, won, lost, the
    declared games' points) is the sheet's column summed; a Ramsch's points are on the list
    only, and Kontra and Bock double the game, never the 50 and the 40 or 30."""
    table = SKAT.table(players, players[-1], SKAT.rules("pub"))
    entries = [SKAT.parse(table, w.split()) for w in words]
    assert SKAT.problems(table, entries) == []
    results = SKAT.results(table, entries)
    assert results is not None
    got = paper_scores(results)
    sheet = {p.name: p.sf_total for p in summarise(table, entries).players}
    assert {name: x.seeger_fabian for name, x in got.items()} == sheet


def test_the_tournaments_bounds_are_skats() -> None:
    """A paper line's bounds are Skat's highest game value, its numbers as long as the
    table's (the tournament core names no family, so a test holds them together)."""
    assert MAX_WON_GAME == MAX_BID
    assert MAX_DIGITS == SKAT_DIGITS


def test_a_family_without_results_counts_in_no_ranking() -> None:
    """American Grand's lists give their players no list points and no games won or lost."""
    american = by_name("american-grand")
    table = american.table(["A", "B", "C", "D"], "A", american.rules("american-grand"))
    assert american.results(table, []) is None


def line(name: str, sf: int, won: int = 0, lost: int = 0) -> Standing:
    return Standing(0, name, "", sf, 0, won, lost, {}, False)


def test_ranking_order_seeger_fabian_then_more_won_then_fewer_lost() -> None:
    got = with_places(
        [line("A", 500, 5, 2), line("B", 500, 6, 3), line("C", 500, 6, 2), line("D", 600)]
    )
    assert [(s.place, s.name) for s in got] == [(1, "D"), (2, "C"), (3, "B"), (4, "A")]


def test_equal_players_share_a_place_and_the_next_place_is_skipped() -> None:
    got = with_places([line("A", 9), line("B", 5, 1), line("C", 5, 1), line("D", 1)])
    assert [s.place for s in got] == [1, 2, 2, 4]


def test_one_series_ranks_alone_and_a_playing_table_is_marked() -> None:
    scores = {
        "A": {1: Score(100, 50, 1, 0), 2: Score(10, 0, 0, 0, complete=False)},
        "B": {1: Score(50, 0, 0, 0), 2: Score(300, 200, 2, 0)},
    }
    both = rank([Player("A"), Player("B")], scores)
    assert [(s.name, s.seeger_fabian, s.in_progress) for s in both] == [
        ("B", 350, False),
        ("A", 110, True),
    ]
    first = rank([Player("A"), Player("B")], scores, series=1)
    assert [(s.name, s.seeger_fabian, s.series) for s in first] == [
        ("A", 100, {1: 100}),
        ("B", 50, {1: 50}),
    ]


def test_teams_count_the_best_players_and_a_short_club_ranks_with_what_it_has() -> None:
    people = [Player("A", "X"), Player("B", "X"), Player("C", "X"), Player("D", "Y")]
    scores = {n: {1: Score(sf, 0, 0, 0)} for n, sf in zip("ABCD", (100, 50, 300, 420), strict=True)}
    got = teams(rank(people, scores), size=2)
    assert [(t.place, t.club, t.seeger_fabian, t.short) for t in got] == [
        (1, "Y", 420, True),
        (2, "X", 400, False),
    ]
    assert got[1].members == (("C", 300), ("A", 100))


def test_shared_places_share_their_prizes() -> None:
    """Two at place 2 share the prizes of places 2 and 3; three at place 1 share three,
    each share in whole cents."""
    standings = with_places([line("A", 9), line("B", 5), line("C", 5), line("D", 1)])
    got = prizes(standings, [Fraction(100), Fraction(60), Fraction(40)])
    assert [(p.name, int(p.amount)) for p in got] == [("A", 100), ("B", 50), ("C", 50)]
    tied = with_places([line("A", 5), line("B", 5), line("C", 5), line("D", 1)])
    got = prizes(tied, [Fraction(100), Fraction(60)])
    # 160 € among three: 53,33 € each, in whole cents (the cent left over is not paid)
    assert [(p.name, p.amount) for p in got] == [
        ("A", Fraction(5333, 100)),
        ("B", Fraction(5333, 100)),
        ("C", Fraction(5333, 100)),
    ]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "give a pool and its split in percent"),
        ({"pool": Fraction(100)}, "give a pool and its split in percent"),
        ({"pool": Fraction(100), "split": [Fraction(60), Fraction(50)]}, "110 %"),
        ({"amounts": [Fraction(1)], "pool": Fraction(1)}, "either"),
        ({"amounts": [Fraction(-1)]}, "negative"),
    ],
)
def test_prize_money_that_makes_no_sense_is_refused(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        prize_amounts(**kwargs)  # type: ignore[arg-type]


def test_fees_are_start_money_plus_each_lost_game() -> None:
    got = fees([line("A", 0, 3, 4)], entry=Fraction(10), lost_game=Fraction(1, 2))
    assert (got[0].lost_fees, got[0].total) == (Fraction(2), Fraction(12))


lines_strategy = st.lists(
    st.tuples(st.integers(-300, 300), st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=30
)


@given(lines_strategy)
def test_places_follow_the_order_and_equal_lines_share_them(
    raw: list[tuple[int, int, int]],
) -> None:
    """A place is one more than the players ahead; players equal in all three share it."""
    got = with_places([line(f"P{i:02d}", sf, won, lost) for i, (sf, won, lost) in enumerate(raw)])
    for pos, s in enumerate(got):
        ahead = [
            o
            for o in got
            if (-o.seeger_fabian, -o.won, o.lost) < (-s.seeger_fabian, -s.won, s.lost)
        ]
        assert s.place == len(ahead) + 1
        if pos:
            assert got[pos - 1].place <= s.place


@given(lines_strategy, st.lists(st.integers(0, 500), max_size=10))
def test_prizes_pay_out_exactly_the_places_covered(
    raw: list[tuple[int, int, int]], money: list[int]
) -> None:
    """Equal places get equal prizes, in whole cents; together they are those of the places
    covered, less the cents a shared place could not split (under one cent a player)."""
    standings = with_places(
        [line(f"P{i:02d}", sf, won, lost) for i, (sf, won, lost) in enumerate(raw)]
    )
    amounts = [Fraction(m) for m in money]
    got = prizes(standings, amounts)
    left = sum(amounts[: len(got)]) - sum(p.amount for p in got)
    assert 0 <= left < Fraction(len(got), 100) or left == 0
    assert all((p.amount * 100).denominator == 1 for p in got)
    by_place: dict[int, set[Fraction]] = {}
    for p in got:
        by_place.setdefault(p.place, set()).add(p.amount)
    assert all(len(v) == 1 for v in by_place.values())


def test_lost_game_fees_in_tiers_as_published() -> None:
    """skattisch.de: "1.-3. Spiel 0,30 Euro, ab 4. Spiel 1,00 Euro"; Skat-Online: 0.50 € for
    the 1st to 3rd lost game of a series, 1 € for the 4th and 5th, 3 € from the 6th."""
    pub = [Fraction("0.30")] * 3 + [Fraction(1)]
    assert [lost_game_fees(n, pub) for n in (0, 1, 3, 4, 6)] == [
        Fraction(0), Fraction("0.30"), Fraction("0.90"), Fraction("1.90"), Fraction("3.90")
    ]  # fmt: skip
    online = [Fraction("0.50")] * 3 + [Fraction(1)] * 2 + [Fraction(3)]
    assert [lost_game_fees(n, online) for n in (3, 5, 6, 8)] == [
        Fraction("1.50"), Fraction("3.50"), Fraction("6.50"), Fraction("12.50")
    ]  # fmt: skip


def test_tiers_count_each_series_afresh() -> None:
    """Four lost games in one series cost 0.30 × 3 + 1; two in each of two series 0.30 × 4."""
    pub = [Fraction("0.30")] * 3 + [Fraction(1)]
    got = fees(
        [line("A", 0, 0, 4), line("B", 0, 0, 4)],
        entry=Fraction(2),
        lost_game=pub,
        lost={"A": {1: 4, 2: 0}, "B": {1: 2, 2: 2}},
    )
    assert [(f.name, f.lost, f.lost_fees, f.total) for f in got] == [
        ("A", 4, Fraction("1.90"), Fraction("3.90")),
        ("B", 4, Fraction("1.20"), Fraction("3.20")),
    ]
    with pytest.raises(AssertionError):
        fees([line("A", 0, 0, 4)], entry=Fraction(0), lost_game=pub)
    with pytest.raises(InputError, match="amounts of 0 or more"):
        fees([line("A", 0, 0, 4)], entry=Fraction(0), lost_game=[Fraction(1), Fraction(-1)])
