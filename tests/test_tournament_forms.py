"""Forms organisers differ on (rules §7, "Forms organisers differ on"): ties by lot, a player
who leaves listed without a place, finals by table points; each a rule of the tournament
folder, set on the command line, recorded in the history, shown where the rules are shown,
and refused where it makes no sense (exit 2, nothing written)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from skatliste.app import tournament as app
from skatliste.errors import InputError
from skatliste.store.tournament_history import RulesSet
from skatliste.tournament import (
    Leavers,
    Player,
    Score,
    Ties,
    lot,
    rank,
    table_points,
    table_points_problem,
)
from tests.conftest import Run

pytestmark = pytest.mark.english


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock")}  # fmt: skip


# --- the pure rules ---------------------------------------------------------------------------


def test_ties_by_lot_give_every_player_a_place_of_his_own_the_same_on_every_look() -> None:
    """SkWO: after Seeger-Fabian, more won, fewer lost, "entscheidet das Los": the three
    level players get three places in the order the seed draws, each marked as drawn."""
    people = [Player(n) for n in ("Anna", "Ben", "Carl", "Dora")]
    level = Score(500, 300, 6, 1)
    scores = {"Anna": {1: level}, "Ben": {1: level}, "Carl": {1: level},
              "Dora": {1: Score(900, 600, 8, 0)}}  # fmt: skip
    shared = rank(people, scores)
    assert [(s.place, s.by_lot) for s in shared] == [(1, False), (2, False), (2, False), (2, False)]
    drawn = rank(people, scores, lot_seed=2026)
    assert [s.place for s in drawn] == [1, 2, 3, 4]
    assert [s.by_lot for s in drawn] == [False, True, True, True]
    order = sorted(["Anna", "Ben", "Carl"], key=lambda n: lot(2026, n))
    assert [s.name for s in drawn[1:]] == order
    assert [s.name for s in rank(people, scores, lot_seed=2026)] == [s.name for s in drawn]


def test_a_player_who_left_is_listed_without_a_place_and_the_next_moves_up() -> None:
    """stadtkapelle-asperg.de: "Markus Maul | 378 | - | 378 | -", and the next player keeps
    the place he would have without him."""
    people = [Player("Regina"), Player("Markus", left=True), Player("Otto")]
    scores = {"Regina": {1: Score(350, 0, 0, 0), 2: Score(300, 0, 0, 0)},
              "Markus": {1: Score(378, 0, 0, 0)}, "Otto": {1: Score(100, 0, 0, 0)}}  # fmt: skip
    unranked = rank(people, scores, leavers=Leavers.UNRANKED)
    assert [(s.place, s.name, s.seeger_fabian, s.ranked) for s in unranked] == [
        (1, "Regina", 650, True),
        (0, "Markus", 378, False),
        (2, "Otto", 100, True),
    ]
    ranked = rank(people, scores)
    assert [(s.place, s.name) for s in ranked] == [(1, "Regina"), (2, "Markus"), (3, "Otto")]


def test_table_points_share_the_places_of_equal_players_at_the_table() -> None:
    at = {"A": Score(900, 0, 2, 0), "B": Score(400, 0, 1, 0), "C": Score(400, 0, 1, 0)}
    assert table_points(at, [4, 3, 2, 1]) == {"A": 4, "B": Fraction(5, 2), "C": Fraction(5, 2)}


def test_the_european_champion_s_sixteen_table_points_over_five_series() -> None:
    """ISPA 2015: "in erster Linie Tischpunkte ... Spielpunkte erst an zweiter Stelle"; the
    champion had 16 table points over 5 series (4, 3, 2, 1 a table: first, first, second,
    second, third). His rival has more Seeger-Fabian and fewer table points: he is second."""
    places = {"Champ": [1, 1, 2, 2, 3], "Rival": [4, 2, 1, 1, 2]}
    sf = {"Champ": [400, 300, 200, 200, 100], "Rival": [-50, 600, 900, 900, 900]}
    points = {name: {n: Fraction((4, 3, 2, 1)[p - 1]) for n, p in enumerate(ps, 1)}
              for name, ps in places.items()}  # fmt: skip
    scores = {name: {n: Score(v, 0, 0, 0) for n, v in enumerate(vs, 1)} for name, vs in sf.items()}
    got = rank([Player("Rival"), Player("Champ")], scores, points=points)
    assert [(s.place, s.name, s.table_points, s.seeger_fabian) for s in got] == [
        (1, "Champ", Fraction(16), 1200),
        (2, "Rival", Fraction(15), 3250),
    ]


@pytest.mark.parametrize(
    ("points", "says"),
    [
        ((4, 3, 2), "give the points of places 1 to 4"),
        ((4, 3, 2, -1), "give the points of places 1 to 4"),
        ((1, 2, 3, 4), "at most those of the place before (found 1,2,3,4)"),
    ],
)
def test_table_points_that_cannot_be_places_points_are_refused(
    points: tuple[int, ...], says: str
) -> None:
    assert says in str(table_points_problem(points))


# --- the folder: set, recorded, refused ----------------------------------------------------------


@pytest.fixture
def final(tmp_path: Path) -> Path:
    """Eight players at two tables of four, one series of 4 games drawn; ranked by table
    points 4,3,2,1, ties by lot with seed 11, a player who left unranked."""
    folder = tmp_path / "final"
    app.new_tournament(folder, name="Finale", date="2026-12-05", series=2, games=(3, 4), seed=5,
                       ties=Ties.LOT, lot_seed=11, leavers=Leavers.UNRANKED,
                       table_points=(4, 3, 2, 1))  # fmt: skip
    for name in "Anna Ben Carl Dora Emil Frida Gerd Hans".split():
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    return folder


def _enter(folder: Path, lines: dict[str, str]) -> None:
    plan = app.seating(folder, 1)
    for table in plan.tables:
        app.enter_paper_result(folder, 1, table.table, [f"{p}={lines[p]}" for p in table.players])


def test_the_rules_are_kept_in_the_file_and_recorded_in_the_history(final: Path) -> None:
    t = app.open_tournament(final)
    assert (t.ties, t.lot_seed, t.leavers, t.table_points) == (
        Ties.LOT, 11, Leavers.UNRANKED, (4, 3, 2, 1)
    )  # fmt: skip
    (event,) = t.history
    assert isinstance(event, RulesSet)
    assert (event.ties, event.lot_seed, event.table_points) == ("lot", 11, (4, 3, 2, 1))
    again = app.set_rules(final, ties=Ties.SHARED, table_points=())
    assert (again.ties, again.lot_seed, again.table_points) == (Ties.SHARED, None, ())
    drawn = app.set_rules(final, ties=Ties.LOT)
    assert drawn.lot_seed is not None  # a seed drawn at random, and recorded
    assert app.open_tournament(final).history[-1] == RulesSet(
        drawn.history[-1].time, "lot", "unranked", (), drawn.lot_seed
    )


def test_a_file_without_the_rules_ranks_as_before(tmp_path: Path) -> None:
    """A tournament file an earlier version wrote has none of the fields: shared places,
    leavers ranked, no table points."""
    folder = tmp_path / "old"
    app.new_tournament(folder, name="Alt", date="2026-12-05", series=1, games=(3, 4), seed=1)
    text = (folder / "tournament.json").read_text(encoding="utf-8")
    assert "ties" not in text and "table_points" not in text and "leavers" not in text
    t = app.open_tournament(folder)
    assert (t.ties, t.lot_seed, t.leavers, t.table_points) == (
        Ties.SHARED, None, Leavers.RANKED, ()
    )  # fmt: skip


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--ties", "shared", "--lot-seed", "3"), "a lot's seed is for ties by lot"),
        (("--table-points", "1,2,3,4"), "at most those of the place before (found 1,2,3,4)"),
        (("--table-points", "4,3,2"), "give the points of places 1 to 4"),
        (("--table-points", "vier"), "--table-points vier: give the points of places 1 to 4"),
        (("--ties", "lot", "--lot-seed", "-1"), "give a whole number from 0 to 999999999"),
    ],
)
def test_rules_that_make_no_sense_are_refused_and_nothing_is_written(
    run: Run, final: Path, args: tuple[str, ...], says: str
) -> None:
    before = files(final)
    got = run("tournament", "rules", *args, "--tournament", str(final))
    assert got.exit_code == 2 and says in got.stderr, got.stderr
    assert files(final) == before
    new = run("tournament", "new", str(final.parent / "other"), "--name", "X", *args)
    assert new.exit_code == 2 and says in new.stderr
    assert not (final.parent / "other").exists()


def test_a_hand_edited_file_with_a_seed_but_no_lot_is_refused(final: Path) -> None:
    path = final / "tournament.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ties"] = "shared"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(Exception, match="lot_seed: a lot's seed, but ties share the place"):
        app.open_tournament(final)


# --- the ranking, on the command line and on the organiser's page ---------------------------------


LINES = {"Anna": "48/2/0", "Ben": "0/0/0", "Carl": "-36/0/1", "Dora": "0/0/0",
         "Emil": "48/2/0", "Frida": "0/0/0", "Gerd": "-36/0/1", "Hans": "0/0/0"}  # fmt: skip
"""Both tables alike (of four: 30 for each game another lost): one player 48 + 2 × 50 + 30 =
178 Seeger-Fabian (4 table points), two 0 + 30 = 30 (2½ each), one −36 − 50 = −86 (1)."""


def test_the_final_ranking_by_table_points_and_lot(run: Run, final: Path) -> None:
    """Both tables alike: two level at 4 table points and 178, four at 2½ and 30, two at 1 and
    −86: the lot orders each level group and marks it; the seed is said below."""
    _enter(final, LINES)
    r = app.ranking(final)
    assert [(s.place, s.table_points, s.seeger_fabian, s.by_lot) for s in r.standings] == [
        (1, 4, 178, True), (2, 4, 178, True),
        (3, Fraction(5, 2), 30, True), (4, Fraction(5, 2), 30, True),
        (5, Fraction(5, 2), 30, True), (6, Fraction(5, 2), 30, True),
        (7, 1, -86, True), (8, 1, -86, True),
    ]  # fmt: skip
    assert {s.name for s in r.standings[:2]} == {"Anna", "Emil"}
    got = run("tournament", "ranking", "--tournament", str(final))
    lines = got.output.splitlines()
    assert lines[1].split() == ["Place", "Name", "Club", "S1", "TP", "Total", "Points", "Won",
                                "Lost"]  # fmt: skip
    assert lines[3].split()[2:] == ["‡", "178", "4", "178", "48", "2", "0"]
    assert lines[5].split()[4] == "2½"
    assert lines[-1] == "‡ place decided by the lot (seed 11)"
    data = json.loads(run("tournament", "ranking", "--json", "--tournament", str(final)).output)
    assert data["ranking"][2]["table_points"] == "5/2" and data["ranking"][0]["by_lot"] is True


def test_a_player_who_left_keeps_his_line_without_a_place(run: Run, final: Path) -> None:
    _enter(final, LINES)
    app.set_rules(final, ties=Ties.SHARED, table_points=())
    app.remove_player(final, "Anna")
    got = run("tournament", "ranking", "--tournament", str(final))
    lines = got.output.splitlines()
    assert lines[3].split()[:2] == ["-", "Anna"] and lines[4].split()[:2] == ["1.", "Emil"]
    data = json.loads(run("tournament", "ranking", "--json", "--tournament", str(final)).output)
    assert data["ranking"][0]["place"] is None and data["ranking"][1]["place"] == 1
    prizes = app.prize_list(final, amounts=[Fraction(20)])
    assert [(p.place, p.name) for p in prizes.prizes] == [(1, "Emil")]


def test_the_rules_are_shown_where_they_are_set(run: Run, final: Path) -> None:
    got = run("tournament", "rules", "--tournament", str(final))
    assert got.output == (
        "ranked by table points 4,3,2,1, then Seeger-Fabian, then more won, then fewer lost; "
        "ties by lot (seed 11); a player who left is listed without a place\n"
    )
    german = run("tournament", "rules", "--tournament", str(final), "--lang", "de")
    assert german.output.startswith("Wertung nach Tischpunkten 4,3,2,1, dann Seeger-Fabian")


def test_the_organiser_s_page_shows_the_places_drawn_and_the_table_points(final: Path) -> None:
    from skatliste.web.tournament import tournament_json

    _enter(final, LINES)
    data = tournament_json(final, lang="en", organiser=False, base_url="/", fragments=None)
    first = data["ranking"][0]
    assert (first["place"], first["table_points"], first["by_lot"]) == (1, 4, True)
    assert data["lot_seed"] == 11


def test_a_refused_rule_says_what_is_wrong_in_the_app(final: Path) -> None:
    with pytest.raises(InputError, match="a lot's seed is for ties by lot"):
        app.set_rules(final, ties=Ties.SHARED, lot_seed=4)


def test_a_series_seated_by_the_ranking_goes_by_table_points(final: Path) -> None:
    """ "Die 2. Serie wird gesetzt" as the tournament ranks: the second at table 1 (250
    Seeger-Fabian, 3 table points) ranks below the first of table 2 (68, 4 table points), and
    the two last at their table (1½ each) sit at table 2."""
    from skatliste.app.tournament.draw import by_ranking

    one, two = (t.players for t in app.seating(final, 1).tables)
    app.enter_paper_result(final, 1, 1, [f"{p}={x}" for p, x in
                                         zip(one, ("264/2/0", "200/1/0", "0/0/0", "0/0/0"),
                                             strict=True)])  # fmt: skip
    app.enter_paper_result(final, 1, 2, [f"{p}={x}" for p, x in
                                         zip(two, ("18/1/0", "0/0/0", "0/0/0", "0/0/0"),
                                             strict=True)])  # fmt: skip
    order = [s.name for s in app.ranking(final).standings]
    assert order[:3] == [one[0], two[0], one[1]] and set(order[6:]) == {one[2], one[3]}
    plan = app.draw_series(final, 2, seat=by_ranking(2))
    first, second = (set(t.players) for t in plan.tables)
    assert {one[0], two[0], one[1]} < first and {one[2], one[3]} < second


def test_the_exports_carry_the_table_points_the_lot_and_the_leaver(
    run: Run, final: Path, tmp_path: Path
) -> None:
    _enter(final, LINES)
    app.remove_player(final, "Anna")
    csv = run("tournament", "export", "ranking", "--format", "csv", "--tournament", str(final),
              "--lang", "en")  # fmt: skip
    head, *rows = csv.output.splitlines()
    assert head == (
        "place,name,club,series 1,table_points,seeger_fabian,points,won,lost,in_progress,by_lot"
    )
    assert rows[:3] == [
        "1,Emil,,178,4,178,48,2,0,no,no",  # alone now: Anna left, no lot
        ",Anna,,178,4,178,48,2,0,no,no",
        "2,Hans,,30,2.5,30,0,0,0,no,yes",
    ]
    html = tmp_path / "r.html"
    assert run("tournament", "export", "ranking", "-o", str(html), "--tournament",
               str(final)).exit_code == 0  # fmt: skip
    page = html.read_text(encoding="utf-8")
    assert '<th class="n">TP</th>' in page and "‡ place decided by the lot (seed 11)" in page
    assert '<td class="n">-</td><td>Anna</td>' in page
