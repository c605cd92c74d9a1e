"""``skatliste league`` as a contract (rules §L, "League match days"): a season of eight teams
over three match days played through the command line (one team of three players, one team
that does not appear, a central day of all eight, equal series scores), against numbers
worked out by hand below; then the draw's properties and the refusals.

Every result is a paper Spielliste where each player won one game and lost none, so a
player's Seeger-Fabian is his list points + 50 (SkWO 5.1: +50 a won game, no game lost at the
table): ``NAME=P/1/0`` gives P + 50. Each player of a team scores the same in a series, so a
team's series score is its players' count × that number.
"""

from __future__ import annotations

import json
import re
from itertools import combinations
from pathlib import Path

import pytest

from .conftest import Run

pytestmark = pytest.mark.english

TEAMS = {
    "Kiel": ["Anna", "Ben", "Carl", "Dora", "Emil"],  # Emil a reserve
    "Lübeck": ["Fritz", "Gerd", "Hans", "Ida"],
    "Eutin": ["Jan", "Kai", "Lea"],  # a team of three
    "Plön": ["Max", "Nora", "Olaf", "Paul"],
    "Husum": ["Quirin", "Rosa", "Sven", "Tina"],
    "Heide": ["Uwe", "Vera", "Wim", "Xaver"],
    "Mölln": ["Yara", "Zoe", "Arne", "Bea"],
    "Preetz": ["Cem", "Dirk", "Elke", "Finn"],
}
TEAM_OF = {p: t for t, players in TEAMS.items() for p in players[:4]}

# Each player's Seeger-Fabian per match day and series, by team.
#
# Day 1 (Kiel, Lübeck, Eutin, Plön):
#   series 1: Kiel 4 × 200 = 800, Lübeck 4 × 150 = 600, Eutin 3 × 200 = 600, Plön 4 × 100 = 400
#             -> Kiel 3:0, Lübeck and Eutin share places 2 and 3: 1½:1½ each, Plön 0:3
#   series 2: Kiel 4 × 100 = 400, Lübeck 4 × 250 = 1000, Eutin 3 × 300 = 900, Plön 4 × 100 = 400
#             -> Lübeck 3:0, Eutin 2:1, Kiel and Plön share places 3 and 4: ½:2½ each
#   the day:  Lübeck 1½ + 3 = 4½ : 1½ + 0 = 1½, 600 + 1000 = 1600
#             Eutin  1½ + 2 = 3½ : 1½ + 1 = 2½, 600 + 900 = 1500
#             Kiel   3 + ½ = 3½ : 0 + 2½ = 2½, 800 + 400 = 1200
#             Plön   0 + ½ = ½ : 3 + 2½ = 5½, 400 + 400 = 800
#   (Eutin and Kiel have 3½ each: Eutin first by its game points)
# Day 2 (Husum, Heide, Mölln, Preetz; Preetz does not appear):
#   series 1: Husum 4 × 200 = 800, Heide 4 × 150 = 600, Mölln 4 × 70 = 280
#             -> Husum 3:0, Heide 2:1, Mölln 1:2, Preetz (beaten by all) 0:3
#   series 2: Husum 4 × 70 = 280, Heide 4 × 150 = 600, Mölln 4 × 150 = 600
#             -> Heide and Mölln share places 1 and 2: 2 + ½ = 2½ : ½, Husum 1:2, Preetz 0:3
#   the day:  Heide 2 + 2½ = 4½ : 1 + ½ = 1½, 1200; Husum 3 + 1 = 4 : 2, 1080;
#             Mölln 1 + 2½ = 3½ : 2 + ½ = 2½, 880; Preetz 0 : 6, 0
# Day 3, central, all eight teams (7 ranking points a series):
#   series 1: Eutin 3 × 200 = 600, Mölln 4 × 150 = 600, Heide 4 × 140 = 560, Husum 4 × 130 = 520,
#             Plön 4 × 120 = 480, Lübeck 4 × 110 = 440, Kiel 4 × 100 = 400, Preetz 4 × 70 = 280
#             -> Eutin and Mölln 6 + ½ = 6½ : ½, Heide 5:2, Husum 4:3, Plön 3:4, Lübeck 2:5,
#                Kiel 1:6, Preetz 0:7
#   series 2: every player 100: the seven teams of four 400 each, Eutin 300
#             -> the seven share places 1 to 7: 1 (Eutin) + 6 × ½ = 4 : 3 each; Eutin 0:7
#   the day:  Mölln 6½ + 4 = 10½ : ½ + 3 = 3½, 1000; Heide 5 + 4 = 9 : 5, 960;
#             Husum 8 : 6, 920; Plön 7 : 7, 880; Eutin 6½ + 0 = 6½ : ½ + 7 = 7½, 900;
#             Lübeck 6 : 8, 840; Kiel 5 : 9, 800; Preetz 4 : 10, 680
SF = {
    1: {
        1: {"Kiel": 200, "Lübeck": 150, "Eutin": 200, "Plön": 100},
        2: {"Kiel": 100, "Lübeck": 250, "Eutin": 300, "Plön": 100},
    },
    2: {
        1: {"Husum": 200, "Heide": 150, "Mölln": 70},
        2: {"Husum": 70, "Heide": 150, "Mölln": 150},
    },
    3: {
        1: {
            "Kiel": 100, "Lübeck": 110, "Eutin": 200, "Plön": 120,
            "Husum": 130, "Heide": 140, "Mölln": 150, "Preetz": 70,
        },
        2: dict.fromkeys(TEAMS, 100),
    },
}  # fmt: skip
DAYS = {
    1: ["Kiel", "Lübeck", "Eutin", "Plön"],
    2: ["Husum", "Heide", "Mölln", "Preetz"],
    3: list(TEAMS),
}

# The season table:
#   Mölln  3½ + 10½ = 14 : 2½ + 3½ = 6,     880 + 1000 = 1880
#   Heide  4½ + 9 = 13½ : 1½ + 5 = 6½,      1200 + 960 = 2160
#   Husum  4 + 8 = 12 : 2 + 6 = 8,          1080 + 920 = 2000
#   Lübeck 4½ + 6 = 10½ : 1½ + 8 = 9½,      1600 + 840 = 2440
#   Eutin  3½ + 6½ = 10 : 2½ + 7½ = 10,     1500 + 900 = 2400
#   Kiel   3½ + 5 = 8½ : 2½ + 9 = 11½,      1200 + 800 = 2000
#   Plön   ½ + 7 = 7½ : 5½ + 7 = 12½,       800 + 880 = 1680
#   Preetz (one day played) 0 + 4 = 4 : 6 + 10 = 16, 0 + 680 = 680
TABLE = [
    {"place": 1, "team": "Mölln", "days": 2, "points": 14, "against": 6, "game_points": 1880},
    {"place": 2, "team": "Heide", "days": 2, "points": 13.5, "against": 6.5, "game_points": 2160},
    {"place": 3, "team": "Husum", "days": 2, "points": 12, "against": 8, "game_points": 2000},
    {"place": 4, "team": "Lübeck", "days": 2, "points": 10.5, "against": 9.5, "game_points": 2440},
    {"place": 5, "team": "Eutin", "days": 2, "points": 10, "against": 10, "game_points": 2400},
    {"place": 6, "team": "Kiel", "days": 2, "points": 8.5, "against": 11.5, "game_points": 2000},
    {"place": 7, "team": "Plön", "days": 2, "points": 7.5, "against": 12.5, "game_points": 1680},
    {"place": 8, "team": "Preetz", "days": 1, "points": 4, "against": 16, "game_points": 680},
]


def ok(run: Run, *args: str) -> str:
    got = run(*args)
    assert got.exit_code == 0, got.output
    return str(got.stdout)


def tables(run: Run, league: Path, day: int, series: int) -> list[list[str]]:
    data = json.loads(
        ok(
            run,
            "tournament",
            "seating",
            str(series),
            "--json",
            "--tournament",
            str(league / f"day-{day}"),
        )
    )
    return [t["players"] for t in data["tables"]]


def play(run: Run, league: Path, day: int, series: int) -> list[list[str]]:
    """Draw the series and enter every table's paper result: P/1/0 gives Seeger-Fabian P + 50."""
    ok(run, "league", "day", "draw", str(day), str(series))
    seated = tables(run, league, day, series)
    for n, table in enumerate(seated, start=1):
        items = [f"{p}={SF[day][series][TEAM_OF[p]] - 50}/1/0" for p in table]
        ok(
            run,
            "tournament",
            "result",
            str(series),
            str(n),
            *items,
            "--tournament",
            str(league / f"day-{day}"),
        )
    return seated


@pytest.fixture
def league(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The league, its eight teams, no match day yet."""
    folder = tmp_path / "liga"
    ok(
        run,
        "league",
        "new",
        str(folder),
        "--name",
        "Landesliga Nord 2027",
        "--series",
        "2",
        "--seed",
        "9",
        "--scoring",
        "all",  # the central day of eight, all against all (worked above)
    )
    monkeypatch.setenv("SKATLISTE_LEAGUE", str(folder))
    for team, players in TEAMS.items():
        ok(run, "league", "team", "add", team, "--players", *players)
    return folder


@pytest.fixture
def season(run: Run, league: Path) -> dict[tuple[int, int], list[list[str]]]:
    """Three match days played; the seating of every series."""
    ok(
        run,
        "league",
        "day",
        "new",
        "1",
        "--teams",
        *DAYS[1],
        "--venue",
        "Kiel",
        "--date",
        "2027-03-14",
    )
    ok(
        run,
        "league",
        "day",
        "new",
        "2",
        "--teams",
        *DAYS[2],
        "--venue",
        "Heide",
        "--date",
        "2027-03-14",
    )
    ok(run, "league", "day", "absent", "2", "Preetz")
    ok(run, "league", "day", "new", "3", "--teams", *DAYS[3], "--venue", "Neumünster")
    return {(d, s): play(run, league, d, s) for d in (1, 2, 3) for s in (1, 2)}


def test_the_season_table_is_the_one_worked_out_by_hand(run: Run, season: object) -> None:
    assert json.loads(ok(run, "league", "table", "--json")) == {"table": TABLE}


def test_the_table_as_text(run: Run, season: object) -> None:
    assert ok(run, "league", "table") == (
        "Landesliga Nord 2027\n"
        "  Place  Team      Days    Ranking points    Game points\n"
        "-------  ------  ------  ----------------  -------------\n"
        "     1.  Mölln        2            14 : 6           1880\n"
        "     2.  Heide        2          13½ : 6½           2160\n"
        "     3.  Husum        2            12 : 8           2000\n"
        "     4.  Lübeck       2          10½ : 9½           2440\n"
        "     5.  Eutin        2           10 : 10           2400\n"
        "     6.  Kiel         2          8½ : 11½           2000\n"
        "     7.  Plön         2          7½ : 12½           1680\n"
        "     8.  Preetz       1            4 : 16            680\n"
    )


def test_the_first_match_day_report_shares_equal_places(run: Run, season: object) -> None:
    """Equal series scores share the points of their places, half a point each way; equal
    ranking points are ordered by game points."""
    got = json.loads(ok(run, "league", "day", "report", "1", "--json"))
    series = {
        s["series"]: [(t["team"], t["score"], t["points"], t["against"]) for t in s["teams"]]
        for s in got["series"]
    }
    assert series == {
        1: [
            ("Kiel", 800, 3, 0),
            ("Eutin", 600, 1.5, 1.5),  # equal lines by name
            ("Lübeck", 600, 1.5, 1.5),
            ("Plön", 400, 0, 3),
        ],
        2: [
            ("Lübeck", 1000, 3, 0),
            ("Eutin", 900, 2, 1),
            ("Kiel", 400, 0.5, 2.5),
            ("Plön", 400, 0.5, 2.5),
        ],
    }
    day = [(t["team"], t["points"], t["against"], t["game_points"]) for t in got["teams"]]
    assert day == [
        ("Lübeck", 4.5, 1.5, 1600),
        ("Eutin", 3.5, 2.5, 1500),
        ("Kiel", 3.5, 2.5, 1200),
        ("Plön", 0.5, 5.5, 800),
    ]
    assert got["day"] == 1 and got["in_progress"] is False


def test_an_absent_team_is_beaten_by_every_team_that_appeared(run: Run, season: object) -> None:
    got = json.loads(ok(run, "league", "day", "report", "2", "--json"))
    day = [
        (t["team"], t["points"], t["against"], t["game_points"], t["absent"]) for t in got["teams"]
    ]
    assert day == [
        ("Heide", 4.5, 1.5, 1200, False),
        ("Husum", 4, 2, 1080, False),
        ("Mölln", 3.5, 2.5, 880, False),
        ("Preetz", 0, 6, 0, True),
    ]
    text = ok(run, "league", "day", "report", "2")
    assert re.search(r"\n     4\.  Preetz +0 : 6  did not appear\n", text), text


def test_the_central_day_gives_seven_points_a_series(run: Run, season: object) -> None:
    got = json.loads(ok(run, "league", "day", "report", "3", "--json"))
    day = {t["team"]: (t["points"], t["against"], t["game_points"]) for t in got["teams"]}
    assert day == {
        "Mölln": (10.5, 3.5, 1000), "Heide": (9, 5, 960), "Husum": (8, 6, 920),
        "Plön": (7, 7, 880), "Eutin": (6.5, 7.5, 900), "Lübeck": (6, 8, 840),
        "Kiel": (5, 9, 800), "Preetz": (4, 10, 680),
    }  # fmt: skip
    second = got["series"][1]["teams"]
    assert [t["points"] for t in second] == [4] * 7 + [0]  # the team of three: beaten by all


def test_the_players_over_the_season(run: Run, season: object) -> None:
    """Eutin's three: 200 + 300 (day 1) + 200 + 100 (day 3) = 800 each, a shared first place;
    Lübeck's four: 150 + 250 + 110 + 100 = 610; Preetz's: 70 + 100 = 170 in two series."""
    got = json.loads(ok(run, "league", "players", "--json"))["players"]
    top = [(p["place"], p["name"], p["team"], p["series"], p["seeger_fabian"]) for p in got[:4]]
    assert top == [
        (1, "Jan", "Eutin", 4, 800), (1, "Kai", "Eutin", 4, 800), (1, "Lea", "Eutin", 4, 800),
        (4, "Fritz", "Lübeck", 4, 610),
    ]  # fmt: skip
    assert [(p["name"], p["series"], p["seeger_fabian"]) for p in got[-4:]] == [
        ("Cem", 2, 170),
        ("Dirk", 2, 170),
        ("Elke", 2, 170),
        ("Finn", 2, 170),
    ]
    assert "Emil" not in {p["name"] for p in got}  # the reserve did not play


def test_every_draw_keeps_teams_apart_and_nobody_meets_twice(
    season: dict[tuple[int, int], list[list[str]]],
) -> None:
    """Never two players of one team at a table; from series 2 on nobody meets again (the
    numbers allow it on every day of this season); tables of four, three where required."""
    for (day, series), seated in season.items():
        for table in seated:
            teams = [TEAM_OF[p] for p in table]
            assert len(set(teams)) == len(teams), (day, series, table)
        if series == 2:
            before = {frozenset(pair) for t in season[(day, 1)] for pair in combinations(t, 2)}
            again = [
                pair for t in seated for pair in combinations(t, 2) if frozenset(pair) in before
            ]
            assert again == [], (day, again)
    assert sorted(len(t) for t in season[(1, 1)]) == [3, 4, 4, 4]  # 15 players
    assert sorted(len(t) for t in season[(2, 1)]) == [3, 3, 3, 3]  # three teams: tables of three
    assert sorted(len(t) for t in season[(3, 1)]) == [3] + [4] * 7  # 31 players


def test_the_same_seed_gives_the_same_draw(run: Run, league: Path) -> None:
    ok(run, "league", "day", "new", "1", "--teams", *DAYS[1])
    first = ok(run, "league", "day", "draw", "1", "1", "--seed", "4711")
    again = ok(run, "league", "day", "draw", "1", "1", "--seed", "4711")
    assert first == again and "seed 4711" in first
    other = ok(run, "league", "day", "draw", "1", "1", "--seed", "4712")
    assert other != first


def test_a_lineup_of_three_and_a_reserve(run: Run, league: Path) -> None:
    """The lineup names 3 or 4 of the team's players; the reserve may play."""
    ok(
        run,
        "league",
        "day",
        "new",
        "1",
        "--teams",
        "Kiel",
        "Lübeck",
        "--lineup",
        "kiel=Emil,Anna,Ben",
    )
    got = json.loads(
        ok(run, "tournament", "player", "list", "--json", "--tournament", str(league / "day-1"))
    )
    names = {(p["name"], p["club"]) for p in got["players"]}
    kiel = {("Emil", "Kiel"), ("Anna", "Kiel"), ("Ben", "Kiel")}
    assert names == kiel | {(p, "Lübeck") for p in TEAMS["Lübeck"]}


def test_the_report_is_live_while_tables_play(run: Run, league: Path) -> None:
    ok(run, "league", "day", "new", "1", "--teams", *DAYS[1])
    ok(run, "league", "day", "draw", "1", "1")
    before = json.loads(ok(run, "league", "table", "--json"))["table"]
    assert {x["days"] for x in before} == {0}  # a day without a result is not played yet
    text = ok(run, "league", "day", "report", "1")
    assert "no series has a result yet" in text and "* still playing" in text
    seated = tables(run, league, 1, 1)
    ok(
        run,
        "tournament",
        "result",
        "1",
        "1",
        *[f"{p}=20/1/0" for p in seated[0]],
        "--tournament",
        str(league / "day-1"),
    )
    got = json.loads(ok(run, "league", "day", "report", "1", "--json"))
    assert got["in_progress"] is True and got["series"][0]["in_progress"] is True


# --- bad input: exit 2, a clear message, nothing written ---------------------------------------


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock")
    }


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["team", "add", "Kiel2", "--players", "X", "Y"],
            "team 'Kiel2' has 2 players: a team has at least 3",
        ),
        (
            ["team", "add", "Neu", "--players", "X", "Y", "anna"],
            "'anna' plays for team 'Kiel' and team 'Neu'",
        ),
        (["team", "add", "kiel", "--players", "X", "Y", "Z"], "there are two teams called 'kiel'"),
        (["team", "add", "Neu", "X", "Y", "Z"], "name the players after --players"),
        (["day", "new", "1", "--teams", "Kiel"], "a match day has at least 2 teams"),
        (
            ["day", "new", "1", "--teams", "Kiel", "Lübeck", "--lineup", "Kiel=Anna,Ben,Fritz"],
            "'Fritz' is not a player of team 'Kiel'",
        ),
        (
            ["day", "new", "1", "--teams", "Kiel", "Lübeck", "--lineup", "Eutin=Jan,Kai,Lea"],
            "team 'Eutin', which does not play",
        ),
        (["day", "new", "1", "--teams", "Kiel", "Kiel"], "team 'Kiel' is listed twice"),
        (["day", "new", "1", "--teams", "Kiel", "Nord"], "no team 'Nord' in the league"),
        (["day", "new", "1", "--teams", "Kiel", "Lübeck", "--date", "2027-02-30"], "YYYY-MM-DD"),
        (["day", "draw", "7", "1"], "there is no match day 7"),
        (["team", "edit", "Kiel", "--players", "Anna", "Fritz", "Ben"], "'Fritz' plays for team"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_written(
    run: Run, league: Path, args: list[str], says: str
) -> None:
    before = _files(league)
    got = run("league", *args)
    assert got.exit_code == 2, got.output
    assert says in got.stderr
    assert _files(league) == before


def test_a_draw_that_cannot_keep_teams_apart_is_refused(run: Run, league: Path) -> None:
    """Two teams of four: eight players, but every table needs a player of each team."""
    ok(run, "league", "day", "new", "1", "--teams", "Kiel", "Lübeck")
    before = _files(league)
    got = run("league", "day", "draw", "1", "1")
    assert got.exit_code == 2
    assert (
        "8 players of 2 teams cannot sit at tables of three and four without two of one team"
        in got.stderr
    )
    assert _files(league) == before


def test_a_result_for_an_absent_team_is_refused(run: Run, league: Path) -> None:
    ok(run, "league", "day", "new", "1", "--teams", *DAYS[1])
    ok(run, "league", "day", "draw", "1", "1")
    seated = tables(run, league, 1, 1)
    ok(
        run,
        "tournament",
        "result",
        "1",
        "1",
        *[f"{p}=20/1/0" for p in seated[0]],
        "--tournament",
        str(league / "day-1"),
    )
    team = TEAM_OF[seated[0][0]]
    before = _files(league)
    got = run("league", "day", "absent", "1", team)
    assert got.exit_code == 2 and "has a result: the team did appear" in got.stderr
    assert _files(league) == before
    # a team marked absent before its series has a result: the series is drawn again without
    # it, and a result for one of its players is refused by the tournament
    ok(run, "league", "day", "new", "2", "--teams", *DAYS[2])
    ok(run, "league", "day", "draw", "2", "1")
    done = run("league", "day", "absent", "2", "Preetz")
    assert done.exit_code == 0 and "series 1 was drawn again without team Preetz" in done.stderr
    seated = tables(run, league, 2, 1)
    assert sorted(len(t) for t in seated) == [3, 3, 3, 3]
    assert not {"Cem", "Dirk", "Elke", "Finn"} & {p for t in seated for p in t}
    items = [f"{p}=18/1/0" for p in seated[0][:2]] + ["Cem=18/1/0"]
    day2 = str(league / "day-2")
    refused = run("tournament", "result", "1", "1", *items, "--tournament", day2)
    assert refused.exit_code == 2 and "'Cem' is not at table 1" in refused.stderr
    again = run("league", "day", "absent", "2", "preetz")
    assert again.exit_code == 2 and "team 'Preetz' is absent already" in again.stderr


def test_a_league_command_outside_a_league_says_how_to_start_one(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    got = run("league", "table")
    assert got.exit_code == 2
    assert (
        "no league here (league.json not found); start one with 'skatliste league new" in got.stderr
    )


def test_a_corrupt_league_file_names_the_place(run: Run, league: Path) -> None:
    path = league / "league.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["teams"][2]["players"] = ["Jan", 7, "Lea"]
    path.write_text(json.dumps(data), encoding="utf-8")
    got = run("league", "table")
    assert got.exit_code == 2
    assert "teams[3].players: must be a list of names" in got.stderr
    assert "the file was left untouched" in got.stderr


def test_exports(run: Run, season: object, tmp_path: Path) -> None:
    html = tmp_path / "bericht.html"
    ok(run, "league", "export", "report", "--day", "1", "-o", str(html))
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Lübeck" in page and "1½ : 1½" in page
    csv = ok(run, "league", "export", "table", "--format", "csv")
    assert csv.splitlines()[:2] == [
        "place,team,days,points,against,game_points",
        "1,Mölln,2,14,6,1880",
    ]
    report_csv = ok(run, "league", "export", "report", "--day", "2", "--format", "csv")
    assert "2,day,Preetz,0,0,6,yes" in report_csv.splitlines()
    table_json = json.loads(ok(run, "league", "export", "table", "--format", "json"))
    assert table_json == {"table": TABLE}
    assert run("league", "export", "report").exit_code == 2


def test_an_absence_is_recorded_where_the_players_left_cannot_be_drawn_apart(
    run: Run, league: Path
) -> None:
    """Kiel (4), Lübeck (4) and Eutin (3) cannot be drawn without two of one team at a table
    once Plön stays away: the absence is a fact and is kept; series 1's draw is taken back
    (its lists beside, the old seating in the history) and the organiser seats it by hand."""
    ok(run, "league", "day", "new", "1", "--teams", *DAYS[1])
    ok(run, "league", "day", "draw", "1", "1")
    day1 = str(league / "day-1")
    got = run("league", "day", "absent", "1", "Plön")
    assert got.exit_code == 0, got.output
    assert "team Plön did not appear" in got.stdout
    assert "series 1 cannot be drawn again without team Plön" in got.stderr
    assert "seat its 11 players by hand" in got.stderr
    assert "(tables of 4, 4, 3)" in got.stderr
    assert f"'skatliste tournament seat 1 TABLE NAME... --tournament {day1}'" in got.stderr
    assert (league / "day-1" / "series-1.redrawn-1").is_dir()
    assert not (league / "day-1" / "series-1").exists()
    report = json.loads(ok(run, "league", "day", "report", "1", "--json"))
    assert [t["team"] for t in report["teams"] if t["absent"]] == ["Plön"]
    refused = run("league", "day", "absent", "1", "Plön")
    assert refused.exit_code == 2 and "team 'Plön' is absent already" in refused.stderr
    # the organiser seats the eleven by hand, as the message says
    for table, names in enumerate(
        [["Anna", "Fritz", "Jan", "Ben"], ["Gerd", "Kai", "Carl", "Hans"], ["Lea", "Dora", "Ida"]],
        start=1,
    ):
        ok(run, "tournament", "seat", "1", str(table), *names, "--tournament", day1)
    seated = tables(run, league, 1, 1)
    assert sorted(p for t in seated for p in t) == sorted(
        p for team in DAYS[1][:3] for p in TEAMS[team][:4]
    )
