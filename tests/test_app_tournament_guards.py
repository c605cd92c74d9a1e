"""The tournament's guards, through the application layer: no output lands on a skatliste file,
no number beyond what a series can score gets in, a table counts once, the ranking is the
lists' own (derived on each read, kept in no file), and prizes say what is paid and what is
left. Every refusal leaves every file as it was."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from skatliste import tournament as core
from skatliste.app import lists
from skatliste.app import tournament as app
from skatliste.cli.options import typed
from skatliste.errors import InputError, LedgerError, OptionError, SkatlisteError
from skatliste.store import files as ledger
from skatliste.store import tournament as store
from skatliste.store.tournament_history import ResultDeleted
from skatliste.tournament import PaperLine
from tests.conftest import Run

SEATS = ("Vera", "Sven", "Klaus")


def files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (links as what they name)."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture
def drawn(tmp_path: Path) -> Path:
    """Vera, Sven and Klaus at one table; one series of 3 games drawn, nothing played; the
    status looked at once."""
    folder = tmp_path / "t"
    app.new_tournament(folder, name="Drei", date="2026-12-05", series=1, games=(3, 4), seed=1)
    for name in SEATS:
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    app.status(folder)  # looked at once, as an organiser does
    return folder


def table_list(folder: Path) -> Path:
    return folder / store.list_name(1, 1)


def paper(folder: Path, *items: str, force: bool = False) -> None:
    app.enter_paper_result(folder, 1, 1, list(items), force=force)


# --- 1. no output onto a skatliste file ----------------------------------------------------


def make_target(folder: Path, kind: str) -> Path:
    """A path in ``folder`` that holds a skatliste file of ``kind``."""
    listed = table_list(folder)
    if kind == "list":
        return listed
    if kind == "tournament file":
        return folder / store.FILE_NAME
    if kind == "link to the tournament file":
        link = folder.parent / "link.json"
        link.symlink_to(folder / store.FILE_NAME)
        return link
    if kind == "key file":
        path = listed.with_name(listed.name + ".key")
        path.write_text("secret\n")
        return path
    assert kind == "backup"
    path = listed.with_name(listed.name + ".bak")
    path.write_bytes(listed.read_bytes())
    return path


KINDS = [
    "list",
    "tournament file",
    "link to the tournament file",
    "key file",
    "backup",
]


@pytest.mark.parametrize("kind", KINDS)
def test_an_export_is_never_written_onto_a_skatliste_file(drawn: Path, kind: str) -> None:
    """Whatever skatliste keeps (list, tournament file, cache, key, backup, a link to one)
    is no place for an export: refused, and every file stays as it was."""
    target = make_target(drawn, kind)
    before = files(drawn.parent)
    with pytest.raises(LedgerError, match=r"is a skatliste .*Nothing written"):
        ledger.write_output(target, "<html></html>")
    assert files(drawn.parent) == before


def test_a_new_list_never_replaces_a_tournament_file(drawn: Path) -> None:
    """``new --force`` keeps a list as a backup and replaces it; a tournament file it refuses."""
    before = files(drawn)
    with pytest.raises(LedgerError, match="tournament file, not a list"):
        lists.new_list(drawn / store.FILE_NAME, ["A", "B", "C"], force=True)
    assert files(drawn) == before


def test_a_missing_export_folder_is_named_as_such(tmp_path: Path) -> None:
    with pytest.raises(LedgerError, match=r"does not exist .*name a file in another folder\)$"):
        ledger.write_output(tmp_path / "none" / "x.html", "x")


def test_a_read_only_tournament_file_is_called_so(drawn: Path) -> None:
    path = drawn / store.FILE_NAME
    path.chmod(0o444)
    try:
        with pytest.raises(LedgerError, match=r"read-only \(tournament file, mode") as err:
            app.add_player(drawn, "Zora")
        assert "ledger" not in str(err.value)
    finally:
        path.chmod(0o644)


# --- 2 and 3. numbers and ranges -----------------------------------------------------------


@pytest.mark.parametrize(
    ("vera", "message"),
    [
        ("Vera=" + "5" + "9" * 5000 + "/0/0", r"'Vera': the number 599999999999\.\.\. has more"),
        ("Vera=999999999999/0/0", "more than 9 digits"),
        ("Vera=1/0/" + "9" * 5000, "more than 9 digits"),
        ("Vera=500/0/0", "500 list points with 0 won and 0 lost: .* so they are 0 here"),
        ("Vera=265/1/0", "a won game brings at most 264, .* the points are 0 to 264"),
        ("Vera=-529/0/1", "the points are -528 to 0"),
        ("Vera=0/3/1", "3 won and 1 lost are more than the series of 3 games"),
    ],
)
def test_a_paper_result_beyond_the_series_is_refused(drawn: Path, vera: str, message: str) -> None:
    """List points come only from games played: at most 264 for a won game, −528 for a lost
    one, 0 with none; and no number over nine digits."""
    before = files(drawn)
    with pytest.raises(InputError, match=message):
        paper(drawn, vera, "Sven=0/0/0", "Klaus=0/0/0")
    assert files(drawn) == before


def test_a_paper_result_no_game_can_produce_is_refused_saying_why(drawn: Path) -> None:
    """Rules §7, a paper result: a won game brings at least 18 (Karo mit 1), a lost one costs
    at least 36; the issue's A=1/1/0 and B=0/0/1 are refused, each with its range."""
    before = files(drawn)
    with pytest.raises(InputError) as exc:
        paper(drawn, "Vera=1/1/0", "Sven=0/0/1", "Klaus=0/0/0")
    told = str(exc.value)
    assert (
        "'Vera=1/1/0': 1 list points with 1 won and 0 lost: a won game brings at least 18, a "
        "lost one costs at least 36 (twice the lowest game), so the points are 18 to 264"
    ) in told
    assert "'Sven=0/0/1': 0 list points with 0 won and 1 lost: " in told
    assert "so the points are -528 to -36" in told
    assert files(drawn) == before


@pytest.mark.parametrize(
    ("length", "played", "seats", "refused"),
    [(4, 3, 4, False), (4, 4, 4, True), (48, 36, 4, False), (48, 37, 4, True), (7, 6, 4, False),
     (8, 7, 4, True), (36, 36, 3, False)],
)  # fmt: skip
def test_at_a_table_of_four_nobody_plays_the_games_he_deals(
    length: int, played: int, seats: int, refused: bool
) -> None:
    """Rules §7, a paper result: the dealer at four sits his deal out, and each deals at least
    a quarter of the series, so at most the rest of the games are his as declarer (at three
    everyone plays every deal)."""
    line = core.PaperLine(-36 * played, 0, played)
    problem = core.entered_line_problem(line, length, seats=seats)
    assert (problem is not None) is refused
    if refused:
        assert f"plays at most {length - length // 4}" in str(problem)


def test_the_lowest_paper_results_are_taken(drawn: Path) -> None:
    scores = app.enter_paper_result(drawn, 1, 1, ["Vera=18/1/0", "Sven=-36/0/1", "Klaus=0/0/0"])
    assert scores["Vera"].points == 18 and scores["Sven"].points == -36


def test_a_file_with_a_paper_result_no_game_can_produce_still_opens(drawn: Path) -> None:
    """Earlier versions took 1/1/0: their files open and rank as they did."""
    path = drawn / "tournament.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    results = {"Vera": [1, 1, 0], "Sven": [0, 0, 1], "Klaus": [0, 0, 0]}
    data["paper"] = [{"series": 1, "table": 1, "time": "2026-12-05T18:00:00+00:00",
                      "results": results}]  # fmt: skip
    path.write_text(json.dumps(data), encoding="utf-8")
    got = {s.name: s.seeger_fabian for s in app.ranking(drawn).standings}
    assert got == {"Vera": 91, "Sven": -50, "Klaus": 40}


def test_the_highest_paper_results_are_taken(drawn: Path) -> None:
    scores = app.enter_paper_result(drawn, 1, 1, ["Vera=264/1/0", "Sven=-528/0/1", "Klaus=0/0/0"])
    assert scores["Vera"].points == 264 and scores["Sven"].points == -528


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"date": "2026-02-30"}, "--date 2026-02-30: no such day"),
        ({"date": "2026-13-45"}, "no such day"),
        ({"series": 99999999999}, "--series 99999999999: a tournament has 1 to 20 series"),
        ({"series": 0}, "1 to 20 series"),
        ({"games": (36, 100)}, "--games 36/100: a series has 1 to 99 games"),
        ({"games": (0, 48)}, "1 to 99"),
        ({"seed": 10**40}, "from 0 to 999999999"),
    ],
)
def test_a_new_tournament_takes_only_sane_numbers(
    tmp_path: Path, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError) as err:
        app.new_tournament(tmp_path / "t", name="T", **kwargs)
    assert re.search(message, str(typed(err.value)))
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize("spec", ["9" * 5000 + "/48", "36/100", "36", "36/48/60"])
def test_the_games_of_a_series_are_read_as_two_numbers(tmp_path: Path, run: Run, spec: str) -> None:
    """--games N3/N4: the CLI reads two numbers of 1 to 99 (the application takes ints)."""
    new = ["tournament", "new", str(tmp_path / "t"), "--name", "T", "--lang", "en"]
    got = run(*new, "--games", spec)
    assert got.exit_code == 2 and "give the games at a table of three and of four (1 to 99)" in (
        got.stderr
    )
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("--amounts 1e309", "--amounts 1e309: '1e309' is not a number"),
        ("--pool 1e309 --split 100", "--pool 1e309: '1e309' is not a number"),
        ("--amounts 10 --entry 1e309", "--entry 1e309: '1e309' is not a number"),
        ("--amounts 10 --lost-game 1e999", "--lost-game 1e999: '1e999' is not a number"),
        ("--amounts 10 --lost-game 9999999", "no exponent"),
        ("--amounts -5", "--amounts -5: '-5' is negative"),
    ],
)
def test_money_beyond_the_core_s_bounds_is_refused(
    drawn: Path, run: Run, raw: str, message: str
) -> None:
    """Prizes and fees are read as the core reads money (six digits before the point)."""
    paper(drawn, "Vera=0/0/0", "Sven=0/0/0", "Klaus=0/0/0")
    words = raw.split()
    got = run("tournament", "prizes", "--tournament", str(drawn), "--lang", "en", *words)
    assert got.exit_code == 2 and re.search(message, got.stderr), got.stderr


# --- 3. the strict reader of a hand-edited tournament file ----------------------------------


def _edit_paper(result: list[int]) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["paper"][0]["results"]["Vera"] = result

    return edit


def _seat_twice(data: dict[str, Any]) -> None:
    table = data["draws"][0]["tables"][0]
    table[1] = table[0]


def _second_table(data: dict[str, Any]) -> None:
    data["draws"][0]["tables"].append(list(data["draws"][0]["tables"][0]))


def _paper_twice(data: dict[str, Any]) -> None:
    data["paper"].append(data["paper"][0])


def _bad_date(data: dict[str, Any]) -> None:
    data["date"] = "2026-13-45"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_edit_paper([96, 200, 1]), r"paper\[1\]\.results\.Vera: 200 won and 1 lost are more"),
        (_edit_paper([10**40, 2, 1]), r"paper\[1\]\.results\.Vera: 1000000000000000000000000000"),
        (_edit_paper([500, 0, 0]), r"paper\[1\]\.results\.Vera: 500 list points"),
        (_seat_twice, r"draws\[1\]\.tables\[1\]: a player seated twice at the table"),
        (_second_table, r"draws\[1\]\.tables\[2\]: a player seated at table 1 of this series"),
        (_paper_twice, r"paper\[2\]: a second paper result for this table"),
        (_bad_date, r'date: must be a real day, written YYYY-MM-DD \(found "2026-13-45"\)'),
    ],
)
def test_a_hand_edited_tournament_file_is_refused_with_place_and_reason(
    drawn: Path, edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    paper(drawn, "Vera=0/0/0", "Sven=0/0/0", "Klaus=0/0/0")
    path = drawn / store.FILE_NAME
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    with pytest.raises(LedgerError, match=f"^{path}: {message}"):
        app.ranking(drawn)


# --- 4. a table counts once -----------------------------------------------------------------


def test_games_on_a_list_with_a_paper_result_stop_the_ranking_until_one_goes(
    drawn: Path,
) -> None:
    """A paper result, then games on the table's list: which counts is not guessed. The
    ranking names the table (the CLI adds both ways out); status shows it too; deleting one
    resolves."""
    paper(drawn, "Vera=0/0/0", "Sven=0/0/0", "Klaus=0/0/0")
    lists.add_game(table_list(drawn), "Vera", "grand ohne 1 augen 70".split())
    with pytest.raises(LedgerError) as err:
        app.ranking(drawn)
    message = str(err.value)
    assert "series 1 table 1: a paper result and 1 game on its list" in message
    assert "a table counts once, so one of them has to go" in message
    assert isinstance(err.value, app.TablesCountTwice)
    assert [(s, t) for s, t, _ in err.value.tables] == [(1, 1)]
    (state,) = app.status(drawn)
    assert state.problems and str(state.problems[0]).startswith("a paper result and 1 game on")
    with pytest.raises(SkatlisteError):
        app.prize_list(drawn, amounts=[Fraction(10)])

    app.delete_paper_result(drawn, 1, 1)
    got = {s.name: s.points for s in app.ranking(drawn).standings}
    assert got == {"Vera": 48, "Sven": 0, "Klaus": 0}
    history = app.open_tournament(drawn).history
    assert history[-1].action.value == "delete result"
    assert isinstance(history[-1], ResultDeleted)
    assert history[-1].results["Vera"] == PaperLine(0, 0, 0)


def test_a_list_gone_or_longer_than_its_series_stops_the_ranking(drawn: Path) -> None:
    """The draw writes each table's list: one gone, or one holding more games than a series
    (a game line copied by hand), would rank and pay on wrong numbers, so there is no ranking
    and no prize list until it is put right; the status names the table."""
    for words in ("grand ohne 1 augen 70", "null", "kreuz mit 1"):
        lists.add_game(table_list(drawn), "Vera", words.split())
    assert [s.points for s in app.ranking(drawn).standings][:1] == [95]
    text = table_list(drawn).read_text(encoding="utf-8")
    line = re.search(r'\n    \{"kind":"game".*\},\n', text)
    assert line is not None
    table_list(drawn).write_text(text.replace(line.group(0), line.group(0) * 2, 1))
    for refused in (
        lambda: app.ranking(drawn),
        lambda: app.prize_list(drawn, amounts=[Fraction(10)]),
    ):
        with pytest.raises(
            LedgerError,
            match=r"series 1 table 1: its list .* holds 4 games, more than the 3 of a series",
        ):
            refused()
    (state,) = app.status(drawn)
    assert "more than the 3 of a series" in str(state.problems[0])
    table_list(drawn).unlink()
    with pytest.raises(LedgerError, match=r"series 1 table 1: series-1/table-01.json is missing"):
        app.ranking(drawn)


def test_deleting_a_paper_result_that_is_not_there_is_refused(drawn: Path) -> None:
    before = files(drawn)
    with pytest.raises(InputError, match="series 1 table 1 has no paper result to delete"):
        app.delete_paper_result(drawn, 1, 1)
    assert files(drawn) == before


# --- 5. the ranking is the lists' own --------------------------------------------------------


def test_a_look_at_the_ranking_writes_no_file(drawn: Path) -> None:
    """The ranking is derived from the lists on each read: looking at it leaves every file of
    the folder as it was, and none is added."""
    lists.add_game(table_list(drawn), "Vera", "grand ohne 1 augen 70".split())
    before = files(drawn)
    assert app.ranking(drawn).standings[0].points == 48
    app.status(drawn)
    assert files(drawn) == before


def test_a_list_edited_by_hand_counts_at_the_next_look(drawn: Path) -> None:
    """A table list changed outside skatliste (the game's declarer edited from Vera to Sven)
    ranks as it now reads."""
    lists.add_game(table_list(drawn), "Vera", "grand ohne 1 augen 70".split())
    assert app.ranking(drawn).standings[0].name == "Vera"
    path = table_list(drawn)
    path.write_text(path.read_text().replace('"declarer":"Vera"', '"declarer":"Sven"'))
    first = app.ranking(drawn).standings[0]
    assert (first.name, first.points) == ("Sven", 48)


# --- 6. prizes: what is paid and what is left --------------------------------------------------


def test_three_sharing_a_place_are_paid_in_whole_cents_and_the_rest_is_said(drawn: Path) -> None:
    """100 € among three tied players: 33,33 € each, 99,99 € paid, 0,01 € left over."""
    paper(drawn, "Vera=0/0/0", "Sven=0/0/0", "Klaus=0/0/0")
    got = app.prize_list(
        drawn, pool=Fraction(100), split=[Fraction(50), Fraction(30), Fraction(20)]
    )
    assert [p.amount for p in got.prizes] == [Fraction(3333, 100)] * 3
    assert (got.paid_out, got.remaining) == (Fraction(9999, 100), Fraction(1, 100))
    got = app.prize_list(drawn, pool=Fraction(100), split=[Fraction(3333, 100)] * 3)
    assert (got.paid_out, got.remaining) == (Fraction(9999, 100), Fraction(1, 100))
    got = app.prize_list(drawn, amounts=[Fraction(30)] * 3)
    assert (got.paid_out, got.remaining) == (Fraction(90), Fraction(0))


def test_no_prizes_while_a_table_still_plays(drawn: Path, run: Run) -> None:
    """A table without a result, then one at 1 of its 3 games: the prize list is refused
    naming it (the CLI says how to get a provisional list); asked for provisional, every line
    is marked and the tables still playing are named."""
    with pytest.raises(app.TablesStillPlaying, match=r"series 1 table 1 \(no result yet\)"):
        app.prize_list(drawn, amounts=[Fraction(10)])
    lists.add_game(table_list(drawn), "Vera", "grand ohne 1 augen 70".split())
    with pytest.raises(InputError) as err:
        app.prize_list(drawn, amounts=[Fraction(10)])
    assert str(err.value) == "no prizes while tables still play: series 1 table 1 (1/3)"
    got = app.prize_list(drawn, amounts=[Fraction(10)], provisional=True)
    assert [(p.name, p.amount) for p in got.prizes] == [("Vera", Fraction(10))]
    assert [(s.series, s.table, s.games) for s in got.provisional] == [(1, 1, 1)]
    before = files(drawn)
    cli = run("tournament", "prizes", "--amounts", "20", "--tournament", str(drawn), "--lang",
              "en")  # fmt: skip
    assert cli.exit_code == 2 and cli.stderr == (
        "Error: no prizes while tables still play: series 1 table 1 (1/3); give --provisional "
        "for the list as it stands, every line marked provisional\n"
    )
    cli = run("tournament", "prizes", "--amounts", "20", "--entry", "2", "--provisional",
              "--tournament", str(drawn), "--lang", "en")  # fmt: skip
    assert cli.exit_code == 0, cli.output
    lines = cli.output.splitlines()
    assert lines[2].split() == ["1.", "Vera", "€20.00", "provisional"]
    assert [line.split()[-1] for line in lines[7:10]] == ["provisional"] * 3
    assert lines[-1] == (
        "provisional: tables still playing: series 1 table 1 (1/3); every line can change"
    )
    assert files(drawn) == before


def test_lost_game_fees_in_tiers_on_the_cashier_s_list(drawn: Path, run: Run) -> None:
    """Published: "Startgeld 2,00 Euro; Abreizgeld: 1.-3. Spiel 0,30 Euro, ab 4. Spiel 1,00
    Euro": Sven lost all three games of the series, 0.90 €, and pays 2.90 €."""
    paper(drawn, "Vera=0/0/0", "Sven=-200/0/3", "Klaus=0/0/0")
    got = run("tournament", "prizes", "--amounts", "10", "--entry", "2", "--lost-game",
              "0.30,0.30,0.30,1", "--tournament", str(drawn), "--lang", "en")  # fmt: skip
    assert got.exit_code == 0, got.output
    assert got.output.splitlines()[6:] == [
        "Name      Entry    Lost    Lost games    Pays",
        "------  -------  ------  ------------  ------",
        "Klaus     €2.00       0         €0.00   €2.00",
        "Vera      €2.00       0         €0.00   €2.00",
        "Sven      €2.00       3         €0.90   €2.90",
        "collected: €6.90",
    ]
