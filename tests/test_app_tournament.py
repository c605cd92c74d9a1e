"""A Preisskat of 13 players over 2 series, played through the application layer (no click):
results kept in table lists and on paper, the live ranking, teams and prizes, each checked
against numbers worked by hand. Series of 3 games at a table of three, 4 at four (--games)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from fractions import Fraction
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

from skatliste.app import lists
from skatliste.app import tournament as app
from skatliste.app.tournament import draw as drawing
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import msg
from skatliste.store.tournament_history import ResultReplaced, SeriesRedrawn
from skatliste.tournament import PaperLine
from tests.conftest import Run

CLUBS = {
    "Herz": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "Kreuz": ["Frida", "Gerd", "Hans", "Ida"],
    "Pik": ["Jens", "Kai", "Lena"],
    "": ["Mia"],
}

# The draw of seed 13 (series 1 uses seed 14, series 2 seed 15): the same every time.
SERIES_1 = [
    ("Lena", "Anna", "Mia", "Hans"),
    ("Frida", "Gerd", "Carl"),
    ("Ida", "Emil", "Dora"),
    ("Kai", "Ben", "Jens"),
]
SERIES_2 = [
    ("Emil", "Kai", "Hans", "Frida"),
    ("Ben", "Mia", "Gerd"),
    ("Dora", "Lena", "Jens"),
    ("Ida", "Carl", "Anna"),
]


def register(folder: Path) -> Path:
    app.new_tournament(folder, name="Preisskat", date="2026-12-05", series=2, games=(3, 4), seed=13)
    for club, people in CLUBS.items():
        for name in people:
            app.add_player(folder, name, club=club)
    return folder


@pytest.fixture
def registered(tmp_path: Path) -> Path:
    """13 players in three clubs (Mia in none); nothing drawn."""
    return register(tmp_path / "preisskat")


def add(folder: Path, series: int, table: int, player: str, words: str) -> None:
    lists.add_game(folder / f"series-{series}/table-{table:02d}.json", player, words.split())


def pass_(folder: Path, series: int, table: int) -> None:
    lists.pass_game(folder / f"series-{series}/table-{table:02d}.json")


def play_first_series(f: Path) -> Path:
    plan = app.draw_series(f, 1)
    assert [t.players for t in plan.tables] == SERIES_1
    add(f, 1, 1, "Anna", "kreuz mit 1 augen 70")  # +24, SF +74
    add(f, 1, 1, "Mia", "grand ohne 1 augen 50")  # −96, SF −146; the other three +30
    pass_(f, 1, 1)
    add(f, 1, 1, "Lena", "null")  # +23, SF +73
    app.enter_paper_result(f, 1, 2, ["Frida=100/2/0", "Gerd=-48/0/1", "Carl=0/0/0"])
    app.enter_paper_result(f, 1, 3, ["Ida=36/1/0", "Emil=0/0/0", "Dora=-60/0/1"])
    add(f, 1, 4, "Ben", "herz mit 2 augen 61")  # +30, SF +80
    add(f, 1, 4, "Jens", "pik ohne 1 augen 59")  # −44, SF −94; Kai and Ben +40
    pass_(f, 1, 4)
    return f


def play_second_series(f: Path) -> Path:
    plan = app.draw_series(f, 2)
    assert [t.players for t in plan.tables] == SERIES_2
    assert plan.repeats == ()
    app.enter_paper_result(f, 2, 1, ["Emil=42/1/0", "Kai=0/0/0", "Hans=-40/0/1", "Frida=30/1/0"])
    app.enter_paper_result(f, 2, 2, ["Ben=0/0/0", "Mia=72/1/0", "Gerd=0/0/0"])
    app.enter_paper_result(f, 2, 3, ["Dora=24/1/0", "Lena=-36/0/1", "Jens=0/0/0"])
    add(f, 2, 4, "Anna", "karo mit 1 augen 80")  # +18, SF +68
    add(f, 2, 4, "Carl", "grand mit 1 augen 95")  # +72 (Schneider), SF +122
    pass_(f, 2, 4)
    return f


@pytest.fixture(scope="module")
def _played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Played once per module (every write is fsynced), copied for each test."""
    base = tmp_path_factory.mktemp("played")
    first = play_first_series(register(base / "first"))
    shutil.copytree(first, base / "finished")
    return first, play_second_series(base / "finished")


@pytest.fixture
def first_series(_played: tuple[Path, Path], tmp_path: Path) -> Path:
    """Series 1 played: tables 1 and 4 in their lists, tables 2 and 3 on paper."""
    return Path(shutil.copytree(_played[0], tmp_path / "first"))


@pytest.fixture
def finished(_played: tuple[Path, Path], tmp_path: Path) -> Path:
    """Both series played: series 2 tables 1-3 on paper, table 4 in its list."""
    return Path(shutil.copytree(_played[1], tmp_path / "finished"))


def test_the_draw_seats_everyone_once_and_writes_a_tournament_list_per_table(
    registered: Path,
) -> None:
    plan = app.draw_series(registered, 1)
    assert sorted(p for t in plan.tables for p in t.players) == sorted(
        p for people in CLUBS.values() for p in people
    )
    table = lists.open_list(registered / plan.tables[0].list)
    assert table.rules.preset == "tournament"
    assert table.table.players == plan.tables[0].players
    assert table.table.series == 4
    assert lists.open_list(registered / plan.tables[1].list).table.series == 3


def test_series_one_by_hand(first_series: Path) -> None:
    """Table 1 (list, four): Anna 24+50+30, Lena 23+50+30, Hans 30, Mia −96−50.
    Table 2 (paper, three): Frida 100+100+40, Gerd −48−50, Carl 40."""
    r = app.ranking(first_series)
    got = {s.name: (s.seeger_fabian, s.points, s.won, s.lost) for s in r.standings}
    assert got == {
        "Frida": (240, 100, 2, 0),
        "Ida": (126, 36, 1, 0),
        "Ben": (120, 30, 1, 0),
        "Anna": (104, 24, 1, 0),
        "Lena": (103, 23, 1, 0),
        "Carl": (40, 0, 0, 0),
        "Emil": (40, 0, 0, 0),
        "Kai": (40, 0, 0, 0),
        "Hans": (30, 0, 0, 0),
        "Jens": (-94, -44, 0, 1),
        "Gerd": (-98, -48, 0, 1),
        "Dora": (-110, -60, 0, 1),
        "Mia": (-146, -96, 0, 1),
    }
    assert [s.place for s in r.standings] == [1, 2, 3, 4, 5, 6, 6, 6, 9, 10, 11, 12, 13]
    assert r.in_progress == []


def test_the_live_ranking_counts_every_game_and_marks_tables_still_playing(
    first_series: Path,
) -> None:
    app.draw_series(first_series, 2)
    add(first_series, 2, 4, "Anna", "karo mit 1 augen 80")
    r = app.ranking(first_series)
    anna = next(s for s in r.standings if s.name == "Anna")
    assert (anna.series, anna.seeger_fabian, anna.in_progress) == ({1: 104, 2: 68}, 172, True)
    assert [(s.series, s.table, s.games, s.length) for s in r.in_progress] == [(2, 4, 1, 3)]
    marked = sorted(s.name for s in r.standings if s.in_progress)
    assert marked == ["Anna", "Carl", "Ida"]
    states = [(s.series, s.table, s.state) for s in app.status(first_series)]
    assert states[4:] == [
        (2, 1, "missing"),
        (2, 2, "missing"),
        (2, 3, "missing"),
        (2, 4, "in progress"),
    ]


def test_a_table_list_crediting_no_player_stops_the_ranking(first_series: Path) -> None:
    """`"declarer": "anna"` hand-edited into Anna's table list would drop her points from the
    ranking: the ranking refuses the list with file, game and field instead."""
    table = first_series / "series-1/table-01.json"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace('"declarer":"Anna"', '"declarer":"anna"'), encoding="utf-8")
    with pytest.raises(LedgerError, match=r"table-01.json: game 1: declarer 'anna' is not a"):
        app.ranking(first_series)


def test_the_final_ranking_by_hand(finished: Path) -> None:
    """Carl and Emil: 162 each, one game won, none lost: the same place, the next is 5."""
    r = app.ranking(finished)
    got = [(s.place, s.name, s.seeger_fabian, s.won, s.lost) for s in r.standings]
    assert got == [
        (1, "Frida", 350, 3, 0),
        (2, "Anna", 172, 2, 0),
        (3, "Carl", 162, 1, 0),
        (3, "Emil", 162, 1, 0),
        (5, "Ida", 126, 1, 0),
        (6, "Ben", 120, 1, 0),
        (7, "Kai", 70, 0, 0),
        (8, "Lena", 17, 1, 1),
        (9, "Dora", 4, 1, 1),
        (10, "Mia", -24, 1, 1),
        (11, "Jens", -54, 0, 1),
        (12, "Hans", -60, 0, 1),
        (13, "Gerd", -98, 0, 1),
    ]
    assert next(s for s in r.standings if s.name == "Emil").series == {1: 40, 2: 122}
    assert {s.state for s in app.status(finished)} == {"done", "paper"}


def test_the_ranking_json_has_the_documented_shape(finished: Path) -> None:
    data = app.ranking_json(app.ranking(finished))
    assert data["ranking"][0] == {
        "place": 1,
        "name": "Frida",
        "club": "Kreuz",
        "seeger_fabian": 350,
        "points": 130,
        "won": 3,
        "lost": 0,
        "series": {"1": 240, "2": 110},
    }
    json.dumps(data)


def test_one_series_ranks_alone(finished: Path) -> None:
    r = app.ranking(finished, series=2)
    assert [(s.name, s.seeger_fabian) for s in r.standings[:3]] == [
        ("Carl", 122),
        ("Emil", 122),
        ("Mia", 122),
    ]
    assert [s.place for s in r.standings[:4]] == [1, 1, 1, 4]


def test_teams_by_hand(finished: Path) -> None:
    """Herz: Anna 172 + Carl 162 + Emil 162 + Ben 120; Kreuz: 350 + 126 − 60 − 98;
    Pik has three players only: 70 + 17 − 54, and says so. Mia has no club."""
    got = [(t.place, t.club, t.seeger_fabian, t.short) for t in app.team_ranking(finished)]
    assert got == [(1, "Herz", 616, False), (2, "Kreuz", 318, False), (3, "Pik", 33, True)]
    three = [(t.club, t.seeger_fabian) for t in app.team_ranking(finished, size=3)]
    assert three == [("Herz", 496), ("Kreuz", 416), ("Pik", 33)]


def test_prizes_from_a_pool_equal_places_share(finished: Path) -> None:
    """200 split 40/25/15/10 %: 80, 50, and Carl and Emil share 30 + 20."""
    got = app.prize_list(finished, pool=F(200), split=[F(40), F(25), F(15), F(10)])
    assert [(p.place, p.name, int(p.amount)) for p in got.prizes] == [
        (1, "Frida", 80),
        (2, "Anna", 50),
        (3, "Carl", 25),
        (3, "Emil", 25),
    ]
    assert got.paid_out == 180


def test_fixed_prizes_and_fees(finished: Path) -> None:
    """Carl and Emil share the third prize (and no fourth): 20 each. Everyone pays 10, and
    0.50 a lost game: six lost games in all."""
    got = app.prize_list(finished, amounts=[F(100), F(60), F(40)], entry=F(10), lost_game=[F(1, 2)])
    assert [(p.name, int(p.amount)) for p in got.prizes] == [
        ("Frida", 100),
        ("Anna", 60),
        ("Carl", 20),
        ("Emil", 20),
    ]
    dora = next(f for f in got.fees if f.name == "Dora")
    assert dora.total == Fraction(21, 2)
    assert got.collected == 133


def test_a_paper_result_lists_every_refusal_and_changes_nothing(first_series: Path) -> None:
    app.draw_series(first_series, 2)
    before = (first_series / "tournament.json").read_bytes()
    with pytest.raises(InputError) as exc:
        app.enter_paper_result(
            first_series, 2, 2, ["Ben=0/0/0", "Anna=3/0/0", "Mia=72/3/1", "Gerd=x"]
        )
    message = str(exc.value)
    assert "'Anna' is not at table 2 (Ben, Mia, Gerd)" in message
    assert "3 won and 1 lost are more than the series of 3 games" in message
    assert "'Gerd=x': write NAME=POINTS/WON/LOST" in message
    assert "no result for Gerd" in message
    assert (first_series / "tournament.json").read_bytes() == before


@pytest.mark.parametrize(
    ("series", "table", "message"),
    [(1, 9, "series 1 has tables 1 to 4"), (2, 1, "series 2 is not drawn")],
)
def test_a_paper_result_for_a_table_not_in_the_seating_is_refused(
    first_series: Path, series: int, table: int, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        app.enter_paper_result(first_series, series, table, ["Anna=0/0/0"])


def test_a_table_has_either_a_list_or_a_paper_result(first_series: Path) -> None:
    items = ["Lena=0/0/0", "Anna=0/0/0", "Mia=0/0/0", "Hans=0/0/0"]
    with pytest.raises(InputError, match="a table has either a list or a paper result"):
        app.enter_paper_result(first_series, 1, 1, items)


def test_a_second_paper_result_needs_force_and_keeps_the_first(first_series: Path) -> None:
    items = ["Frida=0/0/0", "Gerd=0/0/0", "Carl=0/0/0"]
    with pytest.raises(InputError, match="has a paper result already"):
        app.enter_paper_result(first_series, 1, 2, items)
    app.enter_paper_result(first_series, 1, 2, items, force=True)
    t = app.open_tournament(first_series)
    assert t.history[-1].action.value == "replace result"
    assert isinstance(t.history[-1], ResultReplaced)
    assert t.history[-1].results["Frida"] == PaperLine(100, 2, 0)


def test_a_series_with_results_is_redrawn_only_with_force(first_series: Path) -> None:
    with pytest.raises(InputError, match="has results already"):
        app.draw_series(first_series, 1)
    plan = app.draw_series(first_series, 1, force=True, seed=99)
    assert plan.seed == 99 and plan.moved == "series-1.redrawn-1"
    kept = lists.open_list(first_series / "series-1.redrawn-1/table-01.json")
    assert len(kept.entries) == 4
    t = app.open_tournament(first_series)
    assert isinstance(t.history[-1], SeriesRedrawn)
    assert t.history[-1].tables[0] == SERIES_1[0]
    assert t.paper == []  # the old paper results went to the history with the old seating


def test_a_series_without_results_is_redrawn_freely(registered: Path) -> None:
    app.draw_series(registered, 1)
    assert app.draw_series(registered, 1, seed=5).seed == 5


@pytest.mark.parametrize(
    ("series", "message"), [(2, "draw series 1 first"), (3, "series 1 to 2"), (0, "series 1 to 2")]
)
def test_series_are_drawn_in_order(registered: Path, series: int, message: str) -> None:
    with pytest.raises(InputError, match=message):
        app.draw_series(registered, series)


def test_five_players_cannot_be_seated(tmp_path: Path) -> None:
    app.new_tournament(tmp_path / "t", name="Fünf")
    for name in "ABCDE":
        app.add_player(tmp_path / "t", name + "x")
    with pytest.raises(InputError, match="5 player"):
        app.draw_series(tmp_path / "t", 1)
    assert not (tmp_path / "t" / "series-1").exists()


def test_a_player_who_leaves_keeps_the_series_played(finished: Path) -> None:
    removal = app.remove_player(finished, "mia")
    assert removal.kept
    r = app.ranking(finished)
    assert next(s for s in r.standings if s.name == "Mia").seeger_fabian == -24
    present = [p.name for p in app.players(finished) if not p.left]
    assert "Mia" not in present and len(present) == 12


def test_a_player_never_seated_is_removed(registered: Path) -> None:
    assert not app.remove_player(registered, "Mia").kept
    assert "Mia" not in [p.name for p in app.players(registered)]


@pytest.mark.parametrize(
    ("name", "number", "message"),
    [
        ("anna", None, "registered already"),
        ("A,B", None, "cannot hold"),
        ("42", None, "cannot be a player's name"),
        ("Pass", None, "cannot be a player's name"),
        ("eingepasst", None, "cannot be a player's name"),
        ("Zoe", 0, "1 or more"),
    ],
)
def test_player_names_are_unique_and_plain(
    registered: Path, name: str, number: int | None, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        app.add_player(registered, name, number=number)


def test_a_decomposed_umlaut_is_the_same_player(registered: Path) -> None:
    """'Jürgen' with a decomposed ü (NFD) is stored composed (NFC) and is the same name."""
    app.add_player(registered, "Ju\u0308rgen")
    assert "J\u00fcrgen" in [p.name for p in app.players(registered)]
    with pytest.raises(InputError, match="registered already"):
        app.add_player(registered, "J\u00fcrgen")


def test_start_numbers_are_unique(registered: Path) -> None:
    app.add_player(registered, "Zoe", number=7)
    with pytest.raises(InputError, match="start number 7 is Zoe's already"):
        app.add_player(registered, "Zora", number=7)


@pytest.mark.parametrize(
    "text",
    [
        "Name;Verein;Startnummer\nZoe;Herz;20\nOtto;;21\n",
        "name,club,number\nZoe,Herz,20\nOtto,,21\n",
        "\ufeffSpieler,Nr.\nZoe,20\nOtto,21\n",
    ],
)
def test_players_import_from_csv_with_german_or_english_headers(
    registered: Path, text: str
) -> None:
    added = app.import_players(registered, text)
    assert [(p.name, p.number) for p in added] == [("Zoe", 20), ("Otto", 21)]


def test_an_import_with_problems_lists_them_all_and_adds_nobody(registered: Path) -> None:
    text = "name,number\nZoe,1x\nAnna,\nOtto,3\n"
    with pytest.raises(InputError) as exc:
        app.import_players(registered, text, source="p.csv")
    assert str(exc.value).splitlines() == [
        "p.csv: line 2: number '1x' is not a number",
        "p.csv: line 3: 'Anna': a player of this name is registered already",
        "nobody was added; correct the file and import again",
    ]
    assert "Otto" not in [p.name for p in app.players(registered)]


def test_a_csv_without_a_name_column_is_refused(registered: Path) -> None:
    with pytest.raises(InputError, match="no name column"):
        app.import_players(registered, "club,number\nHerz,1\n")


def test_a_folder_without_a_tournament_says_how_to_start_one(tmp_path: Path) -> None:
    """The application says there is none (the CLI adds how to start one)."""
    with pytest.raises(app.NoTournament, match="no tournament here"):
        app.ranking(tmp_path)


def test_a_hand_edited_tournament_file_is_refused_with_the_place(registered: Path) -> None:
    path = registered / "tournament.json"
    data = json.loads(path.read_text())
    data["players"][2]["number"] = "three"
    path.write_text(json.dumps(data))
    with pytest.raises(LedgerError, match=r"players\[3\]\.number: must be a whole number"):
        app.ranking(registered)


def test_the_cached_list_results_follow_every_change(first_series: Path) -> None:
    """The ranking's cache is keyed by each list's bytes: an undo shows at once."""
    assert next(s for s in app.ranking(first_series).standings if s.name == "Lena").won == 1
    lists.undo(first_series / "series-1/table-01.json")
    assert next(s for s in app.ranking(first_series).standings if s.name == "Lena").won == 0


def test_a_csv_file_that_is_not_utf8_is_refused(registered: Path, tmp_path: Path) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes("Name\nJürgen\n".encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8 text"):
        app.import_players_file(registered, path)
    assert app.import_players_file(registered, _utf8(tmp_path))[0].name == "Jürgen"


def _utf8(tmp_path: Path) -> Path:
    path = tmp_path / "utf8.csv"
    path.write_text("\ufeffName;Verein\nJürgen;Pik As\n", encoding="utf-8")
    return path


def test_a_player_leaving_before_a_drawn_series_is_played_asks_for_a_redraw(
    registered: Path,
) -> None:
    app.draw_series(registered, 1)
    removal = app.remove_player(registered, "Mia")
    assert (removal.kept, removal.unplayed) == (True, (1,))
    plan = app.draw_series(registered, 1)
    assert "Mia" not in [p for t in plan.tables for p in t.players]
    assert [len(t.players) for t in plan.tables] == [4, 4, 4]


def _edit(folder: Path, change: Callable[[dict[str, Any]], None]) -> None:
    path = folder / "tournament.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(extra=1), "tournament.json: extra: unknown field"),
        (lambda d: d.pop("seed"), "tournament.json: seed: is missing"),
        (lambda d: d.update(version=2), "version 2 is newer than this skatliste"),
        (lambda d: d.update(format="skatliste"), "not a tournament file"),
        (lambda d: d["players"].append({"name": "ANNA"}), r"players\[14\]\.name: a second"),
        (lambda d: d["players"][0].update(left="yes"), r"players\[1\]\.left: must be true"),
        (
            lambda d: d["draws"][0]["tables"][0].append("Zoe"),
            r"draws\[1\]\.tables\[1\]: must have 3 to 4 names \(found 5\)",
        ),
        (
            lambda d: d["draws"][0]["tables"][1].__setitem__(0, "Zoe"),
            r'draws\[1\]\.tables\[2\]: not a registered player \(found "Zoe"\)',
        ),
        (lambda d: d["paper"][0]["results"].update(Ben=[1, 2]), "must be \\[points, won, lost\\]"),
        (lambda d: d["games"].update({"3": 0}), "games.3: must be from 1 to 99 \\(found 0\\)"),
        (lambda d: d["paper"][0].update(table=9), r"paper\[1\]: no such table"),
        (
            lambda d: d["paper"][0]["results"].update(Zoe=[0, 0, 0]),
            "the names are not the players at that table",
        ),
    ],
)
def test_a_hand_edited_tournament_file_is_read_strictly(
    first_series: Path, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    _edit(first_series, change)
    with pytest.raises(LedgerError, match=message):
        app.ranking(first_series)


def test_a_tournament_file_that_is_not_json_names_line_and_column(registered: Path) -> None:
    (registered / "tournament.json").write_text('{"format": ', encoding="utf-8")
    with pytest.raises(LedgerError, match="line 1 column 12: not valid JSON"):
        app.players(registered)


def test_a_list_whose_players_are_not_the_seating_is_refused(first_series: Path) -> None:
    path = first_series / "series-1" / "table-04.json"
    path.write_text(path.read_text(encoding="utf-8").replace("Jens", "Janosch"), encoding="utf-8")
    with pytest.raises(LedgerError, match="are not the seating of series 1 table 4"):
        app.ranking(first_series)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--pool", "x", "--split", "10"], r"--pool x: 'x' is not a number \(e.g. --pool 500\)"),
        (["--amounts", "100,,40"], r"--amounts 100,,40: '' is not a number"),
        (["--amounts", "10", "--entry", "5,5"], "--entry 5,5: give one amount, e.g. --entry 10"),
    ],
)
def test_money_that_is_not_a_number_is_refused_with_an_example(
    finished: Path, run: Run, args: list[str], message: str
) -> None:
    """The CLI reads the amounts (the application takes Fractions) and names the option."""
    got = run("tournament", "prizes", "--tournament", str(finished), "--lang", "en", *args)
    assert got.exit_code == 2 and re.search(message, got.stderr), got.stderr


def test_a_draw_that_fails_half_way_leaves_the_tournament_as_it_was(
    registered: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The third list cannot be written: no seating, no series folder; the next draw works."""
    before = (registered / "tournament.json").read_bytes()
    real = lists.new_list
    made: list[Path] = []

    def failing(path: Path, *args: Any, **kwargs: Any) -> Any:
        if len(made) == 2:
            raise LedgerError(msg("{path}: {problem}", path=str(path), problem="disk full"))
        made.append(path)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(drawing, "new_list", failing)
    with pytest.raises(LedgerError, match="disk full"):
        app.draw_series(registered, 1)
    assert (registered / "tournament.json").read_bytes() == before
    assert not (registered / "series-1").exists()
    monkeypatch.setattr(drawing, "new_list", real)
    assert [t.players for t in app.draw_series(registered, 1).tables] == SERIES_1
    assert sorted(p.name for p in (registered / "series-1").glob("*.json")) == [
        "table-01.json",
        "table-02.json",
        "table-03.json",
        "table-04.json",
    ]
