"""A club's season of twelve evenings played through the application layer: eleven evenings of
lists (one evening with two series at one table, one at a table of four) and a small
tournament (a paper result and a table list), through every rule form of docs/rules.md ("The
season standing"), against numbers worked out by hand.

Every game is a Kreuz mit 1: won with 72 Augen it is +24 list points, lost with 40 it is −48
(2 × 24). Seeger-Fabian (rules §7): a won game is +24 + 50 = 74 for its declarer; a lost one
−48 − 50 = −98 for its declarer and +40 for each other player at a table of three (+30 at
four). W(X) is a game X won, L(X) one X lost. The evenings (January 2027):

    day  table                   games          Anna   Ben   Carl  Dora  Emil
     1   Anna Ben Carl           W(A)             74     0     0
     2   Anna Ben Carl           W(A) W(A)       148     0     0
     3   Anna Ben Carl, series a L(B)             40   −98    40
     3   Anna Ben Carl, series b W(A)             74     0     0
     4   Anna Ben Carl           W(C)              0     0    74
     5   Anna Ben Carl           W(B) L(A)       −98   114    40
     6   Anna Ben Carl           W(A)             74     0     0
     7   Anna Ben Carl           W(B)              0    74     0
     8   Anna Ben Carl           W(C)              0     0    74
     9   Anna Ben Carl           L(C)             40    40   −98
    10   Anna Ben Carl           W(A) W(B)        74    74     0
    11   Anna Ben Dora Emil (4)  W(D) W(E)         0     0          74    74
    12   tournament series 1: paper Anna=24/1/0 Ben=0/0/0 Carl=-48/0/1:
           Anna 24 + 50 + 40 × 1 = 114, Ben 0 + 40 × 1 = 40, Carl −48 − 50 = −98
    12   tournament series 2: its list, W(B)       0    74     0

Sums of Seeger-Fabian: Anna 74 + 148 + 40 + 74 − 98 + 74 + 40 + 74 + 114 = 540 (14 series, 12
evenings); Ben −98 + 114 + 74 + 40 + 74 + 40 + 74 = 318 (14 series, 12 evenings); Carl 40 + 74
+ 40 + 74 − 98 − 98 = 32 (13 series, 11 evenings); Dora 74 and Emil 74 (1 series each).
List points: Anna 24 + 48 + 24 − 48 + 24 + 24 + 24 = 120; Ben −48 + 24 × 4 = 48; Carl 24 + 24
− 48 − 48 = −48; Dora 24; Emil 24.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from skatliste.app import lists, tournament
from skatliste.app import season as app
from skatliste.errors import InputError, LedgerError
from skatliste.season import Rule, ScoreKind, SeasonRules

WON, LOST = "kreuz mit 1 augen 72", "kreuz mit 1 augen 40"
ABC = ("Anna", "Ben", "Carl")
EVENINGS: list[tuple[int, str, tuple[str, ...], list[tuple[str, str]]]] = [
    (1, "01", ABC, [("anna", WON)]),
    (2, "02", ABC, [("anna", WON), ("anna", WON)]),
    (3, "03a", ABC, [("ben", LOST)]),
    (3, "03b", ABC, [("anna", WON)]),
    (4, "04", ABC, [("carl", WON)]),
    (5, "05", ABC, [("ben", WON), ("anna", LOST)]),
    (6, "06", ABC, [("anna", WON)]),
    (7, "07", ABC, [("ben", WON)]),
    (8, "08", ABC, [("carl", WON)]),
    (9, "09", ABC, [("carl", LOST)]),
    (10, "10", ABC, [("anna", WON), ("ben", WON)]),
    # a table of four, Anna deals first and sits out game 1, Ben game 2
    (11, "11", ("Anna", "Ben", "Dora", "Emil"), [("dora", WON), ("emil", WON)]),
]


def make_lists(root: Path) -> list[tuple[str, Path]]:
    """The eleven evenings' lists in ``root/abende``: (day, path) each."""
    out = []
    (root / "abende").mkdir(parents=True, exist_ok=True)
    for day, name, players, games in EVENINGS:
        path = root / "abende" / f"2027-01-{name}.json"
        lists.new_list(path, players, first_dealer=players[0])
        for who, words in games:
            lists.add_game(path, who, words.split())
        out.append((f"2027-01-{day:02d}", path))
    return out


def make_tournament(folder: Path) -> Path:
    """The twelfth evening: a tournament of three (Anna and Ben of Herz As, Carl of Kreuz
    Bube), series 1 on paper, series 2 on its list."""
    tournament.new_tournament(
        folder, name="Stadtpokal", date="2027-01-12", series=2, games=(3, 4), seed=5
    )
    for name, club in (("Anna", "Herz As"), ("Ben", "Herz As"), ("Carl", "Kreuz Bube")):
        tournament.add_player(folder, name, club=club)
    tournament.draw_series(folder, 1)
    tournament.enter_paper_result(folder, 1, 1, ["Anna=24/1/0", "Ben=0/0/0", "Carl=-48/0/1"])
    tournament.draw_series(folder, 2)
    lists.add_game(folder / "series-2" / "table-01.json", "ben", WON.split())
    return folder


def play_season(root: Path, rules: SeasonRules | None = None) -> Path:
    """The season folder ``root/vm`` with the twelve evenings."""
    folder = root / "vm"
    app.new_season(folder, name="Vereinsmeisterschaft 2027", rules=rules or SeasonRules())
    for day, path in make_lists(root):
        app.add_evening(folder, [path], day=day)
    app.add_evening(folder, [make_tournament(root / "pokal")], day="2027-01-12")
    return folder


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The season, played once for the module; each test sets the rules it reads."""
    return play_season(tmp_path_factory.mktemp("season"))


def table(folder: Path, **rules: object) -> list[tuple[int | None, str, object]]:
    app.set_rules(folder, {**DEFAULTS, **rules})
    return [(x.place, x.name, x.shown) for x in app.standing(folder).lines]


DEFAULTS: dict[str, object] = {
    "score": ScoreKind.SEEGER_FABIAN,
    "rule": Rule.SUM,
    "best": None,
    "drop": None,
    "drop_from": None,
    "drop_every": None,
    "drop_max": None,
    "min_series": 0,
    "min_evenings": 0,
    "attendance": 0,
}


def test_the_sum_of_seeger_fabian_ranks_the_season(club: Path) -> None:
    """The default: the sums of the module docstring; Dora and Emil share the 3rd place (74,
    one series each), Carl is 5th."""
    assert table(club) == [
        (1, "Anna", 540),
        (2, "Ben", 318),
        (3, "Dora", 74),
        (3, "Emil", 74),
        (5, "Carl", 32),
    ]
    lines = {x.name: x for x in app.standing(club).lines}
    assert (lines["Anna"].series, lines["Anna"].evenings, lines["Anna"].best) == (14, 12, 148)
    assert (lines["Carl"].series, lines["Carl"].evenings, lines["Carl"].club) == (
        13,
        11,
        "Kreuz Bube",
    )
    assert (lines["Dora"].club, lines["Ben"].club) == (None, "Herz As")


def test_list_points_rank_the_season_with_score_points(club: Path) -> None:
    """--score points: Anna 120, Ben 48, Dora and Emil 24 (shared 3rd), Carl −48."""
    assert table(club, score=ScoreKind.POINTS) == [
        (1, "Anna", 120),
        (2, "Ben", 48),
        (3, "Dora", 24),
        (3, "Emil", 24),
        (5, "Carl", -48),
    ]


def test_only_the_best_series_count(club: Path) -> None:
    """--best 10: Anna's 4 worst of 14 drop (−98, 0, 0, 0): 540 + 98 = 638; Ben's (−98, 0, 0,
    0): 318 + 98 = 416; Carl's 3 worst of 13 (−98, −98, 0): 32 + 196 = 228; Dora and Emil
    keep their one."""
    assert table(club, best=10) == [
        (1, "Anna", 638),
        (2, "Ben", 416),
        (3, "Carl", 228),
        (4, "Dora", 74),
        (4, "Emil", 74),
    ]
    lines = {x.name: x for x in app.standing(club).lines}
    assert (lines["Anna"].counted, lines["Anna"].dropped) == (10, (0, 0, 0, -98))
    assert lines["Carl"].dropped == (0, -98, -98)


def test_the_worst_series_drop_only_for_a_player_with_more(club: Path) -> None:
    """--drop 1: Anna 540 + 98 = 638, Ben 318 + 98 = 416, Carl 32 + 98 = 130 (one of his two
    −98 drops); Dora and Emil have one series only: it counts."""
    assert table(club, drop=1) == [
        (1, "Anna", 638),
        (2, "Ben", 416),
        (3, "Carl", 130),
        (4, "Dora", 74),
        (4, "Emil", 74),
    ]


def test_the_drop_grows_with_the_series_played(club: Path) -> None:
    """--drop-from 12 --drop-every 1: 14 series drop 1 + 2 = 3, 13 series 1 + 1 = 2: Anna
    (−98, 0, 0) 638, Ben (−98, 0, 0) 416, Carl (−98, −98) 32 + 196 = 228; with --drop-max 1
    Carl drops one only: 130."""
    assert table(club, drop_from=12, drop_every=1) == [
        (1, "Anna", 638),
        (2, "Ben", 416),
        (3, "Carl", 228),
        (4, "Dora", 74),
        (4, "Emil", 74),
    ]
    assert table(club, drop_from=12, drop_every=1, drop_max=1)[2] == (3, "Carl", 130)


def test_the_average_of_the_counted_series(club: Path) -> None:
    """--rule average: Dora and Emil 74/1 = 74.00, Anna 540/14 = 38.571... → 38.57, Ben
    318/14 = 22.714... → 22.71, Carl 32/13 = 2.4615... → 2.46."""
    assert table(club, rule=Rule.AVERAGE) == [
        (1, "Dora", Decimal("74.00")),
        (1, "Emil", Decimal("74.00")),
        (3, "Anna", Decimal("38.57")),
        (4, "Ben", Decimal("22.71")),
        (5, "Carl", Decimal("2.46")),
    ]
    data = app.standing_json(app.standing(club))
    assert [x["score"] for x in data["standing"]] == [74.0, 74.0, 38.57, 22.71, 2.46]


def test_players_below_the_minimum_are_listed_without_a_place(club: Path) -> None:
    """--rule average --min-series 13: Dora and Emil (1 series) below, in the same order;
    --min-evenings 12: Carl (11 evenings) joins them, still in the order of the score."""
    assert table(club, rule=Rule.AVERAGE, min_series=13) == [
        (1, "Anna", Decimal("38.57")),
        (2, "Ben", Decimal("22.71")),
        (3, "Carl", Decimal("2.46")),
        (None, "Dora", Decimal("74.00")),
        (None, "Emil", Decimal("74.00")),
    ]
    assert table(club, rule=Rule.AVERAGE, min_evenings=12) == [
        (1, "Anna", Decimal("38.57")),
        (2, "Ben", Decimal("22.71")),
        (None, "Dora", Decimal("74.00")),
        (None, "Emil", Decimal("74.00")),
        (None, "Carl", Decimal("2.46")),
    ]
    data = app.standing_json(app.standing(club))["standing"]
    assert (data[2]["place"], data[2]["ranked"]) == (None, False)


def test_attendance_points_are_added_per_evening(club: Path) -> None:
    """--attendance 100: Anna 540 + 12 × 100 = 1740, Ben 318 + 1200 = 1518, Carl 32 + 1100 =
    1132, Dora and Emil 74 + 100 = 174."""
    assert table(club, attendance=100) == [
        (1, "Anna", 1740),
        (2, "Ben", 1518),
        (3, "Carl", 1132),
        (4, "Dora", 174),
        (4, "Emil", 174),
    ]


def test_the_rules_changed_are_kept_in_the_history(club: Path) -> None:
    """Each change keeps the rules it replaced; the same rules again are no change."""
    before = len(app.open_season(club).history)
    table(club, best=10)
    table(club, best=10)
    history = app.open_season(club).history
    assert len(history) == before + 1
    assert history[-1]["action"] == "rules"
    with pytest.raises(InputError, match="'worst' is not a season rule"):
        app.set_rules(club, {"worst": 2})
    with pytest.raises(InputError, match="at most one of"):
        app.set_rules(club, {"drop": 2})
    assert app.open_season(club).rules.best == 10  # nothing written


def test_a_player_history_marks_counted_and_dropped_series(club: Path) -> None:
    """--best 10, Anna: her −98 (the 5th) and the three latest of her five 0s (the 11th, the
    tournament's 2nd series, the 8th) drop; of equal scores the later drops first."""
    table(club, best=10)
    page = app.player(club, "ANNA")
    dropped = [(c.evening.day, c.score) for c in page.history.series if not c.counted]
    assert dropped == [(5, -98), (8, 0), (11, 0), (12, 0)]
    assert page.history.line.shown == 638


def test_a_player_history_has_the_statistics_of_the_season(club: Path) -> None:
    """Anna declared 7 games on her lists (6 won, 1 lost) and won 1 on paper: 8 declared, 7
    won, 1 lost; her list points 120; 14 series (13 lists and a paper result)."""
    page = app.player(club, "Anna")
    s = page.stats
    assert (s.lists, s.declared, s.won, s.lost, s.total) == (14, 8, 7, 1, 120)
    assert s.by_game == {"Kreuz": [7, 6]}
    assert s.highest == 24
    data = app.player_json(page)
    assert data["stats"]["won"] == 7 and len(data["series"]) == 14
    with pytest.raises(InputError, match="no player 'Zoe'"):
        app.player(club, "Zoe")


def test_clubs_rank_by_their_best_players(club: Path) -> None:
    """A club is what the tournament gave: Herz As (Anna 540 + Ben 318 = 858), Kreuz Bube
    (Carl 32, short of a team of two)."""
    table(club)
    got = app.teams(club, size=2)
    assert [(x.place, x.club, int(x.score), x.short) for x in got] == [
        (1, "Herz As", 858, False),
        (2, "Kreuz Bube", 32, True),
    ]


def test_the_progress_follows_the_evenings(club: Path) -> None:
    """The top two after each evening: Anna 74, 222, 336 (74 + 148 + 40 + 74), ...; Ben 0,
    0, −98, ..."""
    table(club)
    days, lines = app.progress(club, top=2)
    assert len(days) == 12
    assert [int(v) for v in lines["Anna"][:3]] == [74, 222, 336]
    assert [int(v) for v in lines["Ben"][:3]] == [0, 0, -98]
    assert int(lines["Anna"][-1]) == 540


# --- what goes wrong ----------------------------------------------------------------------------


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """A season of two evenings of one list each (the first two of the club's)."""
    folder = tmp_path / "vm"
    app.new_season(folder, name="VM", rules=SeasonRules())
    made = make_lists(tmp_path)
    for day, path in made[:2]:
        app.add_evening(folder, [path], day=day)
    return folder


def test_a_missing_list_is_named_in_every_standing(small: Path) -> None:
    """A list gone: the standing says so and counts the others (Anna 148 of the 2nd)."""
    (small.parent / "abende" / "2027-01-01.json").unlink()
    st = app.standing(small)
    assert [(m.date, m.path) for m in st.missing] == [("2027-01-01", "../abende/2027-01-01.json")]
    assert st.lines[0].shown == 148
    assert app.standing_json(st)["missing"] == [
        {"date": "2027-01-01", "path": "../abende/2027-01-01.json"}
    ]


def test_a_corrupt_list_refuses_the_standing_with_its_file(small: Path) -> None:
    path = small.parent / "abende" / "2027-01-02.json"
    path.write_text('{"format": "skatliste", "version": 1, "players": 3}')
    with pytest.raises(LedgerError, match=r"2027-01-02\.json"):
        app.standing(small)


def test_a_path_is_added_once(small: Path) -> None:
    path = small.parent / "abende" / "2027-01-01.json"
    before = (small / "season.json").read_bytes()
    with pytest.raises(InputError, match="in the season already \\(the evening of 2027-01-01\\)"):
        app.add_evening(small, [path], day="2027-01-05")
    with pytest.raises(InputError, match="no list or tournament folder here"):
        app.add_evening(small, [small.parent / "nothing.json"], day="2027-01-05")
    with pytest.raises(InputError, match="a folder without a tournament"):
        app.add_evening(small, [small.parent], day="2027-01-05")
    with pytest.raises(InputError, match="'2027-02-30' is not a day"):
        app.add_evening(small, [path], day="2027-02-30")
    assert (small / "season.json").read_bytes() == before


def _played(path: Path, players: tuple[str, ...], *games: tuple[str, str]) -> Path:
    lists.new_list(path, players, first_dealer=players[0])
    for who, words in games:
        lists.add_game(path, who, words.split())
    return path


def test_an_evening_of_two_series_with_the_tables_redrawn_is_one_evening(
    small: Path, tmp_path: Path
) -> None:
    """Series 1: Anna, Ben, Carl at table 1, Dora, Emil, Frida at table 2; series 2 redrawn:
    Anna with Dora and Emil, Ben with Carl and Frida. Each list is one series for its
    players, so Anna has two series that evening (§S), where it was refused before."""
    t1 = _played(tmp_path / "s1-t1.json", ABC, ("anna", WON))
    t2 = _played(tmp_path / "s1-t2.json", ("Dora", "Emil", "Frida"), ("dora", WON))
    r1 = _played(tmp_path / "s2-t1.json", ("Anna", "Dora", "Emil"), ("anna", WON))
    r2 = _played(tmp_path / "s2-t2.json", ("Ben", "Carl", "Frida"), ("ben", LOST))
    app.add_evening(small, [t1, t2], day="2027-01-05", series=1)
    evening = app.add_evening(small, [r1, r2], day="2027-01-05", series=2)
    assert dict(evening.series) == {
        "../s1-t1.json": 1,
        "../s1-t2.json": 1,
        "../s2-t1.json": 2,
        "../s2-t2.json": 2,
    }
    anna = app.player(small, "Anna").history.series
    assert [c.series for c in anna if c.evening.isoformat() == "2027-01-05"] == [
        "../s1-t1.json",
        "../s2-t1.json",
    ]
    # the same without marks is accepted as well: nothing says which series a list was
    app.add_evening(
        small, [_played(tmp_path / "x.json", ("Anna", "Dora", "Gerd"))], day="2027-01-06"
    )
    unmarked = app.add_evening(
        small, [_played(tmp_path / "y.json", ("Anna", "Ben", "Gerd"))], day="2027-01-06"
    )
    assert unmarked.series == {}
    saved = json.loads((small / "season.json").read_text())
    assert [sorted(e) for e in saved["evenings"]][-1] == ["date", "paths"]  # as v0.4 wrote it


def test_one_list_given_twice_is_refused_even_as_a_copy(small: Path, tmp_path: Path) -> None:
    """A copy (or a link) of a list of the evening is the same series twice: refused, nothing
    written; the same players with other games are another series of that table."""
    first = small.parent / "abende" / "2027-01-01.json"
    copy = tmp_path / "copy.json"
    copy.write_bytes(first.read_bytes())
    before = (small / "season.json").read_bytes()
    with pytest.raises(InputError, match=r"copy\.json: the same list as \.\./abende/2027-01-01"):
        app.add_evening(small, [copy], day="2027-01-01")
    assert (small / "season.json").read_bytes() == before
    again = _played(tmp_path / "again.json", ABC, ("ben", WON))
    assert len(app.add_evening(small, [again], day="2027-01-01").paths) == 2


def test_a_player_at_two_tables_of_one_marked_series_is_refused(
    small: Path, tmp_path: Path
) -> None:
    """Lists marked as one series share no player; a tournament folder has its own series
    and is not marked; a series outside 1 to 99 is a slip."""
    t1 = _played(tmp_path / "t1.json", ABC, ("anna", WON))
    t2 = _played(tmp_path / "t2.json", ("Anna", "Dora", "Emil"), ("dora", WON))
    before = (small / "season.json").read_bytes()
    with pytest.raises(InputError, match="both marked series 1, and both tables have Anna:"):
        app.add_evening(small, [t1, t2], day="2027-01-05", series=1)
    app.add_evening(small, [t1], day="2027-01-05", series=1)
    with pytest.raises(InputError, match="both marked series 1, and both tables have Anna:"):
        app.add_evening(small, [t2], day="2027-01-05", series=1)
    app.add_evening(small, [t2], day="2027-01-05", series=2)
    cup = make_tournament(tmp_path / "pokal")
    with pytest.raises(InputError, match="a tournament folder numbers its own series"):
        app.add_evening(small, [cup], day="2027-01-12", series=1)
    with pytest.raises(InputError, match="--series 100: an evening's series 1 to 99"):
        app.add_evening(small, [cup], day="2027-01-12", series=100)
    assert len(app.open_season(small).evenings) == 3 and before != b""


def test_a_season_file_edited_to_mark_two_tables_alike_refuses_the_standing(
    small: Path, tmp_path: Path
) -> None:
    """The marks are checked on every read, as the lists: a hand edit that puts Anna at two
    tables of series 1 stops the standing with the evening's day; a mark of no path of the
    evening is refused by the file's reader."""
    t1 = _played(tmp_path / "t1.json", ABC, ("anna", WON))
    t2 = _played(tmp_path / "t2.json", ("Anna", "Dora", "Emil"), ("dora", WON))
    app.add_evening(small, [t1, t2], day="2027-01-05")
    path = small / "season.json"
    data = json.loads(path.read_text())
    data["evenings"][-1]["series"] = {"../t1.json": 1, "../t2.json": 1}
    path.write_text(json.dumps(data))
    with pytest.raises(LedgerError, match=r"the evening of 2027-01-05: .*both marked series 1"):
        app.standing(small)
    data["evenings"][-1]["series"] = {"../t3.json": 1}
    path.write_text(json.dumps(data))
    with pytest.raises(LedgerError, match=r"'\.\./t3\.json' is marked with a series"):
        app.standing(small)


def test_an_evening_is_taken_out_and_kept(small: Path) -> None:
    removed = app.remove_evening(small, "2027-01-01")
    assert removed.paths == ("../abende/2027-01-01.json",)
    s = app.open_season(small)
    assert [e.date for e in s.evenings] == ["2027-01-02"]
    assert s.history[-1]["evening"] == {
        "date": "2027-01-01",
        "paths": ["../abende/2027-01-01.json"],
    }
    with pytest.raises(InputError, match="no evening on 2027-01-01; evenings: 2027-01-02"):
        app.remove_evening(small, "2027-01-01")


def test_an_alias_joins_two_spellings(small: Path, tmp_path: Path) -> None:
    """'anna s.' on the third evening is Anna: 74 + 148 + 74 = 296 in one line."""
    path = tmp_path / "third.json"
    lists.new_list(path, ["anna s.", "Ben", "Carl"])
    lists.add_game(path, "anna s.", WON.split())
    app.add_evening(small, [path], day="2027-01-03")
    app.add_alias(small, "Anna", "anna s.")
    line = app.standing(small).lines[0]
    assert (line.name, line.shown, line.series) == ("Anna", 296, 3)
    with pytest.raises(InputError, match="go round in a circle"):
        app.add_alias(small, "anna s.", "Anna")


def test_an_american_grand_list_is_no_season_series(small: Path, tmp_path: Path) -> None:
    path = tmp_path / "american.json"
    lists.new_list(path, ["A", "B", "C", "D"], rules=lists.rules_of("american-grand"))
    before = (small / "season.json").read_bytes()
    with pytest.raises(InputError, match="a list of American Grand gives its players no list"):
        app.add_evening(small, [path], day="2027-01-09")
    assert (small / "season.json").read_bytes() == before


def test_a_second_season_in_a_folder_is_refused(small: Path) -> None:
    with pytest.raises(LedgerError, match="a season exists here already"):
        app.new_season(small, name="again", rules=SeasonRules())
    with pytest.raises(app.NoSeason):
        app.standing(small.parent)


def test_the_season_file_is_facts_only(small: Path) -> None:
    data = json.loads((small / "season.json").read_text())
    assert sorted(data) == [
        "aliases",
        "created",
        "evenings",
        "format",
        "history",
        "name",
        "rules",
        "version",
    ]
    assert data["evenings"][0] == {"date": "2027-01-01", "paths": ["../abende/2027-01-01.json"]}


# --- derived on every read ------------------------------------------------------------------


def test_the_standing_follows_every_change_of_a_list(small: Path) -> None:
    """The standing is derived from the lists on each read: a game added is counted at once
    (Anna 74 + 148 = 222, then + 74 for another won Kreuz = 296), and nothing is written
    beside the season's file."""
    before = sorted(p.name for p in small.iterdir())
    assert app.standing(small).lines[0].shown == 222
    lists.add_game(small.parent / "abende" / "2027-01-02.json", "anna", WON.split())
    assert app.standing(small).lines[0].shown == 296
    assert sorted(p.name for p in small.iterdir()) == before


def test_a_list_that_breaks_refuses_the_standing(small: Path) -> None:
    app.standing(small)
    path = small.parent / "abende" / "2027-01-01.json"
    path.write_text(path.read_text().replace('"first_dealer"', '"dealer"'))
    with pytest.raises(LedgerError, match=r"2027-01-01\.json"):
        app.standing(small)
