"""What an organiser met running a Preisskat: players whose names have a space, a table
seated by hand, paper results typed in at a championship's size.

Each test names a behaviour an organiser relies on; each failed before its fix.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Run


def _ok(run: Run, *args: str) -> str:
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.output


@pytest.fixture
def hall(run: Run, tmp_path: Path) -> Path:
    folder = tmp_path / "preisskat"
    _ok(run, "tournament", "new", str(folder), "--name", "Preisskat", "--series", "2")
    for name in ("Anna Schmidt", "Ben", "Carl", "Dora", "Emil", "Fritz"):
        _ok(run, "tournament", "player", "add", name, "--tournament", str(folder))
    return folder


# --- names with a space ----------------------------------------------------------------------


def test_a_player_with_a_space_in_the_name_is_drawn_and_scored(run: Run, hall: Path) -> None:
    """'Anna Schmidt' is drawn like anyone, and her paper result is written as one argument."""
    _ok(run, "tournament", "draw", "1", "--seed", "1", "--tournament", str(hall))
    plan = json.loads(_ok(run, "tournament", "seating", "1", "--json", "--tournament", str(hall)))
    table = next(t for t in plan["tables"] if "Anna Schmidt" in t["players"])
    others = [p for p in table["players"] if p != "Anna Schmidt"]
    args = ["Anna Schmidt=312/9/2", f"{others[0]}=-40/3/4", f"{others[1]}=118/6/1"]
    _ok(run, "tournament", "result", "1", str(table["table"]), *args, "--tournament", str(hall))
    ranking = json.loads(_ok(run, "tournament", "ranking", "--json", "--tournament", str(hall)))
    anna = next(p for p in ranking["ranking"] if p["name"] == "Anna Schmidt")
    assert anna["points"] == 312
    assert anna["seeger_fabian"] == 312 + 50 * (9 - 2) + 40 * (4 + 1)


# --- a table seated by hand ------------------------------------------------------------------


def test_a_table_is_seated_by_hand(run: Run, hall: Path) -> None:
    """``tournament seat SERIES TABLE NAME...`` sets a table as given: a late arrival, a
    seating from elsewhere."""
    _ok(
        run,
        "tournament",
        "seat",
        "1",
        "1",
        "Anna Schmidt",
        "Ben",
        "Carl",
        "--tournament",
        str(hall),
    )
    _ok(run, "tournament", "seat", "1", "2", "Dora", "Emil", "Fritz", "--tournament", str(hall))
    plan = json.loads(_ok(run, "tournament", "seating", "1", "--json", "--tournament", str(hall)))
    assert [t["players"] for t in plan["tables"]] == [
        ["Anna Schmidt", "Ben", "Carl"],
        ["Dora", "Emil", "Fritz"],
    ]


def test_a_player_seated_twice_by_hand_is_refused(run: Run, hall: Path) -> None:
    """A player cannot sit at two tables of one series: refused, nothing written."""
    _ok(
        run,
        "tournament",
        "seat",
        "1",
        "1",
        "Anna Schmidt",
        "Ben",
        "Carl",
        "--tournament",
        str(hall),
    )
    before = (hall / "tournament.json").read_bytes()
    r = run("tournament", "seat", "1", "2", "Ben", "Emil", "Fritz", "--tournament", str(hall))
    assert r.exit_code == 2 and "Ben" in r.stderr
    assert (hall / "tournament.json").read_bytes() == before


def _seat(run: Run, hall: Path, *args: str) -> str:
    return _ok(run, "tournament", "seat", *args, "--tournament", str(hall))


def _refused(run: Run, hall: Path, *args: str) -> str:
    """A refused command: exit 2, nothing written in the folder; its message."""
    before = {p: p.read_bytes() for p in hall.rglob("*") if p.is_file()}
    r = run("tournament", *args, "--tournament", str(hall))
    assert r.exit_code == 2, r.output
    assert {p: p.read_bytes() for p in hall.rglob("*") if p.is_file()} == before
    return r.stderr


def test_a_table_seated_by_hand_gets_its_list_in_seat_order(run: Run, hall: Path) -> None:
    """The first name deals first, the list has the series length of its table size, and the
    status and ranking show the table as a drawn one."""
    out = _seat(run, hall, "1", "1", "Carl", "anna schmidt", "Ben")
    assert "Carl gibt zuerst" in out
    data = json.loads((hall / "series-1" / "table-01.json").read_text(encoding="utf-8"))
    assert data["players"] == ["Carl", "Anna Schmidt", "Ben"]
    assert data["first_dealer"] == "Carl"
    status = _ok(run, "tournament", "status", "--tournament", str(hall))
    assert "Carl, Anna Schmidt, Ben" in status
    _ok(run, "add", "ben", "kreuz", "mit", "1", "--ledger", str(hall / "series-1/table-01.json"))
    ranking = json.loads(_ok(run, "tournament", "ranking", "--json", "--tournament", str(hall)))
    ben = next(p for p in ranking["ranking"] if p["name"] == "Ben")
    assert ben["points"] == 24 and ben["series"] == {"1": 24 + 50}


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["Anna Schmidt", "Ben"], "3 oder 4 Spieler"),
        (["Anna Schmidt", "Ben", "Carl", "Dora", "Emil"], "3 oder 4 Spieler"),
        (["Anna Schmidt", "Ben", "Zora"], "'Zora'"),
        (["Anna Schmidt", "Ben", "ben"], "'Ben' ist zweimal"),
    ],
)
def test_a_table_seated_by_hand_needs_three_or_four_registered_players_once(
    run: Run, hall: Path, names: list[str], said: str
) -> None:
    """Refused, nothing written: a wrong count, a name not registered, a player twice."""
    assert said in _refused(run, hall, "seat", "1", "1", *names)


def test_a_player_who_has_left_is_not_seated_by_hand(run: Run, hall: Path) -> None:
    """A player who left the tournament is not seated again."""
    _ok(run, "tournament", "draw", "1", "--seed", "1", "--tournament", str(hall))
    _ok(run, "tournament", "player", "remove", "Fritz", "--tournament", str(hall))
    assert "Fritz" in _refused(run, hall, "seat", "2", "1", "Fritz", "Ben", "Carl")


def test_a_table_is_seated_by_hand_in_order(run: Run, hall: Path) -> None:
    """A table of the series or the next one; a series after the last drawn one is refused,
    as for the draw."""
    assert "Tisch 1" in _refused(run, hall, "seat", "1", "2", "Anna Schmidt", "Ben", "Carl")
    assert "Serie 1" in _refused(run, hall, "seat", "2", "1", "Anna Schmidt", "Ben", "Carl")
    assert "Serie" in _refused(run, hall, "seat", "3", "1", "Anna Schmidt", "Ben", "Carl")
    _seat(run, hall, "1", "1", "Anna Schmidt", "Ben", "Carl")
    assert "Tisch 2" in _refused(run, hall, "seat", "1", "3", "Dora", "Emil", "Fritz")


def test_a_table_with_games_on_its_list_is_seated_again_only_with_force(
    run: Run, hall: Path
) -> None:
    """Refused while its list has games; with --force the old list is kept beside the series
    and the old seating in the history."""
    _seat(run, hall, "1", "1", "Anna Schmidt", "Ben", "Carl")
    table = hall / "series-1" / "table-01.json"
    _ok(run, "add", "ben", "kreuz", "mit", "1", "--ledger", str(table))
    played = table.read_bytes()
    said = _refused(run, hall, "seat", "1", "1", "Anna Schmidt", "Ben", "Carl", "Dora")
    assert "hat schon Ergebnisse" in said and "--force" in said
    out = _seat(run, hall, "1", "1", "Anna Schmidt", "Ben", "Carl", "Dora", "--force")
    assert "series-1.table-01.seated-1.json" in out
    assert (hall / "series-1.table-01.seated-1.json").read_bytes() == played
    assert json.loads(table.read_text(encoding="utf-8"))["games"] == []
    history = json.loads((hall / "tournament.json").read_text(encoding="utf-8"))["history"]
    assert history[-1]["replaced"] == ["Anna Schmidt", "Ben", "Carl"]
    assert history[-1]["players"] == ["Anna Schmidt", "Ben", "Carl", "Dora"]


def test_a_table_with_a_paper_result_is_seated_again_only_with_force(run: Run, hall: Path) -> None:
    """The paper result is a result too: with --force it goes to the history."""
    _seat(run, hall, "1", "1", "Anna Schmidt", "Ben", "Carl")
    result = ["Anna Schmidt=48/1/0", "Ben=0/0/0", "Carl=0/0/0"]
    _ok(run, "tournament", "result", "1", "1", *result, "--tournament", str(hall))
    assert "hat schon Ergebnisse" in _refused(run, hall, "seat", "1", "1", "Ben", "Carl", "Dora")
    _seat(run, hall, "1", "1", "Ben", "Carl", "Dora", "--force")
    data = json.loads((hall / "tournament.json").read_text(encoding="utf-8"))
    assert data["paper"] == []
    assert data["history"][-1]["paper"]["Anna Schmidt"] == [48, 1, 0]
    status = _ok(run, "tournament", "status", "--tournament", str(hall))
    assert "Ben, Carl, Dora" in status and "Papier" not in status


def test_a_drawn_table_without_results_is_seated_anew_by_hand(run: Run, hall: Path) -> None:
    """A drawn table may be changed by hand while it has no result: its list is written
    anew, the rest of the seating stays."""
    _ok(run, "tournament", "draw", "1", "--seed", "1", "--tournament", str(hall))
    plan = json.loads(_ok(run, "tournament", "seating", "1", "--json", "--tournament", str(hall)))
    first, second = plan["tables"]
    turned = list(reversed(first["players"]))
    _seat(run, hall, "1", "1", *turned)
    again = json.loads(_ok(run, "tournament", "seating", "1", "--json", "--tournament", str(hall)))
    assert [t["players"] for t in again["tables"]] == [turned, second["players"]]
    listed = json.loads((hall / first["list"]).read_text(encoding="utf-8"))
    assert listed["first_dealer"] == turned[0]


# --- names with a space on a list ------------------------------------------------------------


@pytest.fixture
def schmidt(run: Run, ledger_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pub list (Ramsch when all pass) of Anna Schmidt, Ben and Carl, the list of the
    commands that name none."""
    monkeypatch.setenv("SKATLISTE_LEDGER", str(ledger_path))
    _ok(run, "new", "--players", "Anna Schmidt", "Ben", "Carl", "--rules", "pub")
    return ledger_path


def test_a_declarer_with_a_space_is_one_argument_or_a_beginning(run: Run, schmidt: Path) -> None:
    """``add "Anna Schmidt" ...``, ``add anna ...`` and the words of a line typed on the phone
    page, split at every space, all name Anna Schmidt."""
    from skatliste.app.lists import add_game

    _ok(run, "add", "Anna Schmidt", "kreuz", "mit", "1")
    _ok(run, "add", "anna", "pik", "mit", "1")
    add_game(schmidt, None, "anna schmidt herz mit 1".split())
    games = json.loads(schmidt.read_text(encoding="utf-8"))["games"]
    assert [g["declarer"] for g in games] == ["Anna Schmidt"] * 3


def test_a_ramsch_takes_a_name_with_a_space_as_one_argument(run: Run, schmidt: Path) -> None:
    """``ramsch "Anna Schmidt=45" ben=40 carl=35`` and the same words split at the space, and
    a Jungfrau named with a space."""
    _ok(run, "ramsch", "Anna Schmidt=45", "ben=40", "carl=35")
    _ok(run, "ramsch", "anna", "schmidt=0", "ben=40", "carl=80", "jungfrau", "Anna Schmidt")
    _ok(run, "ramsch", "anna=50", "ben=40", "carl=30")
    games = json.loads(schmidt.read_text(encoding="utf-8"))["games"]
    assert [g["augen"]["Anna Schmidt"] for g in games] == [45, 0, 50]
    assert games[1]["jungfrau"] == ["Anna Schmidt"]
    assert "keine Probleme" in _ok(run, "check")


def test_the_sheet_and_the_undo_name_a_player_with_a_space(run: Run, schmidt: Path) -> None:
    """The sheet's column and rows carry the whole name."""
    _ok(run, "ramsch", "Anna Schmidt=45", "ben=40", "carl=35")
    _ok(run, "add", "anna", "kreuz", "mit", "1")
    sheet = _ok(run, "sheet")
    assert sheet.splitlines()[0].count("Anna Schmidt") == 1
    assert "Ramsch: Anna Schmidt 45, Ben 40, Carl 35" in sheet
    assert "Anna Schmidt kreuz mit 1" in _ok(run, "undo")


@pytest.mark.parametrize("name", ["Anna=Schmidt", "Anna  Schmidt", "Anna\tSchmidt"])
def test_a_name_holds_no_equals_sign_and_single_spaces_only(
    run: Run, ledger_path: Path, name: str
) -> None:
    """'=' would end the name in a Ramsch; spaces part its words one at a time."""
    r = run("new", "--players", name, "Ben", "Carl", "--ledger", str(ledger_path))
    assert r.exit_code == 2 and "Spielername" in r.stderr
    assert not ledger_path.exists()


def test_a_tournament_name_with_spaces_in_a_row_is_registered_with_one(
    run: Run, hall: Path
) -> None:
    """A typed double space is one: the name is drawn as every list takes it."""
    _ok(run, "tournament", "player", "add", "Gerd  Maier", "--tournament", str(hall))
    listing = json.loads(
        _ok(run, "tournament", "player", "list", "--json", "--tournament", str(hall))
    )
    assert "Gerd Maier" in [p["name"] for p in listing["players"]]
    _ok(run, "tournament", "draw", "1", "--tournament", str(hall))
    _ok(run, "tournament", "player", "remove", "gerd maier", "--tournament", str(hall))


def test_a_club_file_of_names_with_spaces_is_imported_and_drawn(run: Run, tmp_path: Path) -> None:
    """Names with a space from a CSV file register, draw and leave like any."""
    folder = tmp_path / "halle"
    _ok(run, "tournament", "new", str(folder), "--name", "Halle")
    csv_file = tmp_path / "players.csv"
    names = ["Anna Schmidt", "Ben Meier", "Carl von Berg", "Dora Lenz"]
    csv_file.write_text("Name;Verein\n" + "".join(f"{n};Herz\n" for n in names), "utf-8")
    _ok(run, "tournament", "player", "import", str(csv_file), "--tournament", str(folder))
    _ok(run, "tournament", "draw", "1", "--tournament", str(folder))
    plan = json.loads(_ok(run, "tournament", "seating", "1", "--json", "--tournament", str(folder)))
    assert sorted(plan["tables"][0]["players"]) == names
    out = _ok(run, "tournament", "player", "remove", "Carl von Berg", "--tournament", str(folder))
    assert "Carl von Berg" in out


def test_a_paper_result_takes_a_name_split_at_its_space(run: Run, hall: Path) -> None:
    """The organiser's page sends one typed line: its words before each '=' are the name."""
    _seat(run, hall, "1", "1", "Anna Schmidt", "Ben", "Carl")
    _ok(run, "tournament", "result", "1", "1", "Anna", "Schmidt=48/1/0 Ben=0/0/0", "Carl=0/0/0",
        "--tournament", str(hall))  # fmt: skip
    said = _refused(run, hall, "result", "1", "1", "Anna Schmit=48/1/0", "--force")
    assert "'Anna Schmit'" in said


# --- a paper result reads its own table ------------------------------------------------------


def test_a_paper_result_reads_the_tournament_file_and_its_own_list_only(
    run: Run, hall: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another table's list is not read (a broken one does not stop the result): a result
    costs the same at any size of tournament."""
    _ok(run, "tournament", "draw", "1", "--seed", "1", "--tournament", str(hall))
    plan = json.loads(_ok(run, "tournament", "seating", "1", "--json", "--tournament", str(hall)))
    mine, other = plan["tables"]
    (hall / other["list"]).write_text("{ not a list", encoding="utf-8")
    read: list[Path] = []
    real = Path.read_bytes

    def reading(path: Path) -> bytes:
        read.append(path)
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", reading)
    first, *others = mine["players"]
    items = [f"{first}=48/1/0", *(f"{name}=0/0/0" for name in others)]
    _ok(run, "tournament", "result", "1", str(mine["table"]), *items, "--tournament", str(hall))
    assert {p.relative_to(hall).as_posix() for p in read} <= {"tournament.json", mine["list"]}
    assert "tournament.json" in {p.name for p in read}


def test_a_player_seated_at_two_tables_of_a_series_in_the_file_is_refused(
    run: Run, hall: Path
) -> None:
    """A hand-edited tournament file that seats a player twice in a series is named with the
    earlier table and the player."""
    for table in ("1", "2"):
        _seat(
            run,
            hall,
            "1",
            table,
            *(("Anna Schmidt", "Ben", "Carl"), ("Dora", "Emil", "Fritz"))[int(table) - 1],
        )
    data = json.loads((hall / "tournament.json").read_text(encoding="utf-8"))
    data["draws"][0]["tables"][1][0] = "Ben"
    (hall / "tournament.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = run("tournament", "status", "--tournament", str(hall))
    assert r.exit_code == 2
    assert "draws[1].tables[2]" in r.stderr and "Tisch 1" in r.stderr and '"Ben"' in r.stderr


def test_the_pages_of_serve_take_a_player_with_a_space(hall: Path) -> None:
    """A table's page enters Anna Schmidt's games, tapped or typed in one line; the
    organiser's page types her paper result in one line."""
    from starlette.testclient import TestClient

    from skatliste.app import tournament as app
    from skatliste.app.keys import tournament_keys
    from skatliste.web.server import create_app

    app.seat_table(hall, 1, 1, ["Ben", "Anna Schmidt", "Carl"])
    app.seat_table(hall, 1, 2, ["Dora", "Emil", "Fritz"])
    keys = tournament_keys(hall, 2)
    client = TestClient(
        create_app(tournament=hall, organiser_key=keys.organiser, table_keys=keys.tables)
    )
    table = {"Authorization": f"Bearer {keys.tables[1]}"}
    tapped = {"declarer": "Anna Schmidt", "words": "kreuz mit 1"}
    assert client.post("/series/1/table/1/api/games", json=tapped, headers=table).status_code == 201
    typed = {"words": "anna schmidt pik mit 1"}
    assert client.post("/series/1/table/1/api/games", json=typed, headers=table).status_code == 201
    data = client.get("/series/1/table/1/api/list").json()
    assert data["totals"]["Anna Schmidt"] == 24 + 22
    organiser = {"Authorization": f"Bearer {keys.organiser}"}
    line = {"series": 1, "table": 2, "results": "Dora=48/1/0 Emil=0/0/0 Fritz=0/0/0"}
    assert client.post("/api/tournament/paper", json=line, headers=organiser).status_code == 201
    app.seat_table(hall, 1, 1, ["Ben", "Anna Schmidt", "Carl"], force=True)
    line = {"series": 1, "table": 1, "results": "Anna Schmidt=48/1/0 Ben=0/0/0 Carl=0/0/0"}
    entered = client.post("/api/tournament/paper", json=line, headers=organiser)
    assert entered.status_code == 201, entered.json()
    assert "Anna Schmidt" in entered.json()["players"]


def test_an_american_grand_list_takes_a_player_with_a_space(run: Run, ledger_path: Path) -> None:
    """The partnership game names its declarer as the Skat list does: one argument, a
    beginning, or the words of a typed line."""
    from skatliste.app.lists import add_game

    ledger = str(ledger_path)
    _ok(run, "new", "--players", "Anna Schmidt", "Ben", "Carl", "Dora", "--rules",
        "american-grand", "--ledger", ledger)  # fmt: skip
    _ok(run, "add", "Anna Schmidt", "whist", "25", "stiche", "11", "--ledger", ledger)
    _ok(run, "add", "anna", "whist", "25", "stiche", "11", "--ledger", ledger)
    add_game(ledger_path, None, "anna schmidt whist 25 stiche 11".split())
    games = json.loads(ledger_path.read_text(encoding="utf-8"))["games"]
    assert [g["declarer"] for g in games] == ["Anna Schmidt"] * 3


@pytest.mark.parametrize("text", ["{ not a list", '{"format": "skatliste", "version": 1}', ""])
def test_a_paper_result_beside_a_broken_list_of_its_table_is_refused(
    run: Run, hall: Path, text: str
) -> None:
    """Its own table's list is read strictly where it is no list: the refusal names the file,
    nothing is written."""
    _seat(run, hall, "1", "1", "Anna Schmidt", "Ben", "Carl")
    (hall / "series-1" / "table-01.json").write_text(text, encoding="utf-8")
    items = ["Anna Schmidt=48/1/0", "Ben=0/0/0", "Carl=0/0/0"]
    assert "table-01.json" in _refused(run, hall, "result", "1", "1", *items)


def test_the_history_keeps_known_actions_and_refuses_an_unknown_one(run: Run, hall: Path) -> None:
    """The tournament's history is a list of known actions (remove, redraw, seat, replace or
    delete a result) with the facts each kept; a hand-edited action it does not know is
    refused with its place, and the file stays as it was."""
    _ok(run, "tournament", "player", "remove", "Fritz", "--tournament", str(hall))
    data = json.loads((hall / "tournament.json").read_text(encoding="utf-8"))
    assert data["history"][-1]["action"] == "remove"
    assert data["history"][-1]["player"] == "Fritz"
    data["history"][-1]["action"] = "frobnicate"
    (hall / "tournament.json").write_text(json.dumps(data), encoding="utf-8")
    before = (hall / "tournament.json").read_bytes()
    r = run("tournament", "player", "list", "--tournament", str(hall))
    assert r.exit_code == 2 and "history[1].action" in r.stderr and "frobnicate" in r.stderr
    assert (hall / "tournament.json").read_bytes() == before
