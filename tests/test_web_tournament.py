"""Tournament mode of ``skatliste serve``: the organiser's page and one page per table; a
table's key writes only its own list, the organiser's key every list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from skatliste.app import lists
from skatliste.app import tournament as app
from skatliste.app.keys import read_tournament_file, tournament_keys, tournament_keys_path
from skatliste.web.server import create_app

from .conftest import Run

ORGANISER = "organiser-key-0123456789"


@pytest.fixture
def drawn(tmp_path: Path) -> Path:
    """Seven players in two clubs, series 1 drawn: a table of four and a table of three."""
    folder = tmp_path / "preisskat"
    app.new_tournament(folder, name="Preisskat", date="2026-12-05", series=2, seed=7)
    for name, club in [
        ("Anna", "Kreuz Bube"), ("Ben", "Kreuz Bube"), ("Carl", "Kreuz Bube"),
        ("Dora", "Grand Hand"), ("Emil", "Grand Hand"), ("Fritz", "Grand Hand"), ("Gina", ""),
    ]:  # fmt: skip
        app.add_player(folder, name, club=club)
    app.draw_series(folder, 1)
    return folder


@pytest.fixture
def keys(drawn: Path) -> dict[int, str]:
    return tournament_keys(drawn, 2).tables


@pytest.fixture
def client(drawn: Path, keys: dict[int, str]) -> TestClient:
    return TestClient(create_app(tournament=drawn, organiser_key=ORGANISER, table_keys=keys))


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def table_players(folder: Path, table: int) -> tuple[str, ...]:
    return tuple(app.seating(folder, 1).tables[table - 1].players)


def a_declarer(folder: Path, table: int) -> str:
    """A player of the table who does not deal game 1 (at four the dealer sits out)."""
    return table_players(folder, table)[1]


def test_keys_are_kept_in_the_folder_once(drawn: Path) -> None:
    """An organiser's key and one per table, made once; renewing makes new ones."""
    first = tournament_keys(drawn, 2)
    assert first.made and set(first.tables) == {1, 2}
    again = tournament_keys(drawn, 2)
    assert not again.made and again == type(again)(first.organiser, first.seats, False)
    assert (drawn / "keys.json").stat().st_mode & 0o077 == 0
    renewed = tournament_keys(drawn, 2, renew=True)
    assert renewed.organiser != first.organiser and renewed.tables[1] != first.tables[1]


def test_a_table_page_is_the_phone_page_on_its_list(client: TestClient, drawn: Path) -> None:
    """/series/1/table/2/ serves the page, its API reads table 2's list."""
    page = client.get("/series/1/table/2/")
    assert page.status_code == 200
    assert 'data-base="/series/1/table/2"' in page.text
    data = client.get("/series/1/table/2/api/list").json()
    assert tuple(data["players"]) == table_players(drawn, 2)
    assert data["series"] == len(data["players"]) * 12  # SkWO: 36 games at three, 48 at four
    missing = client.get("/series/1/table/9/api/list")
    assert missing.status_code == 404 and "keinen Tisch 9" in missing.json()["error"]


def test_a_tables_key_writes_only_its_own_list(
    client: TestClient, drawn: Path, keys: dict[int, str]
) -> None:
    """Table 1's key enters a game at table 1; at table 2 it is refused (403), nothing
    written there; the organiser's key writes at every table."""
    body = {"declarer": a_declarer(drawn, 1), "words": "grand mit 1"}
    assert (
        client.post("/series/1/table/1/api/games", json=body, headers=bearer(keys[1])).status_code
        == 201
    )
    other = drawn / "series-1" / "table-02.json"
    before = other.read_bytes()
    body2 = {"declarer": a_declarer(drawn, 2), "words": "grand mit 1"}
    refused = client.post("/series/1/table/2/api/games", json=body2, headers=bearer(keys[1]))
    assert refused.status_code == 403
    assert other.read_bytes() == before
    assert (
        client.get("/series/1/table/2/api/list", headers=bearer(keys[1])).json()["can_write"]
        is False
    )
    by_organiser = client.post("/series/1/table/2/api/games", json=body2, headers=bearer(ORGANISER))
    assert by_organiser.status_code == 201
    assert client.post("/series/1/table/2/api/undo").status_code == 401


def test_the_organiser_page_shows_ranking_tables_and_with_the_key_the_links(
    client: TestClient, drawn: Path, keys: dict[int, str]
) -> None:
    """Everyone sees the live ranking and each table's state; the organiser also gets each
    table's link with its key, and its QR code."""
    lists.add_game(
        drawn / "series-1" / "table-01.json", a_declarer(drawn, 1), ["grand", "mit", "1"]
    )
    assert client.get("/").status_code == 200
    public: dict[str, Any] = client.get("/api/tournament").json()
    assert public["name"] == "Preisskat" and public["organiser"] is False
    assert [(t["series"], t["table"], t["games"], t["state"]) for t in public["tables"]] == [
        (1, 1, 1, "in progress"),
        (1, 2, 0, "missing"),
    ]
    assert all("link" not in t and "qr" not in t for t in public["tables"])
    leader = public["ranking"][0]
    assert leader["name"] == a_declarer(drawn, 1) and leader["in_progress"] is True
    assert {team["club"] for team in public["teams"]} == {"Kreuz Bube", "Grand Hand"}
    organiser = client.get("/api/tournament", headers=bearer(ORGANISER)).json()
    first = organiser["tables"][0]
    assert first["link"] == f"http://testserver/series/1/table/1/#key={keys[1]}"
    assert first["qr"].startswith("<svg")


def test_the_organiser_page_reads_the_lists_again_only_when_one_changed(
    client: TestClient, drawn: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The serve process keeps the last reading while no file of the folder changed (inode,
    modification time, size): a look that changes nothing reads no list, a game added or a
    list edited by hand is in the next answer, and no file is written for it."""
    from skatliste.store import tournament as store

    reads: list[str] = []
    summed = store._summarise_list

    def counted(path: Path) -> store.ListResult:
        reads.append(path.name)
        return summed(path)

    monkeypatch.setattr(store, "_summarise_list", counted)
    table = drawn / "series-1" / "table-01.json"
    lists.add_game(table, a_declarer(drawn, 1), ["grand", "mit", "1"])
    before = sorted(p.name for p in drawn.rglob("*"))
    first = client.get("/api/tournament").json()
    assert reads and first["tables"][0]["games"] == 1
    reads.clear()
    assert client.get("/api/tournament").json() == first
    assert reads == []
    second = table_players(drawn, 1)[2]  # game 2: the next dealer sits out
    lists.add_game(table, second, ["null"])
    assert client.get("/api/tournament").json()["tables"][0]["games"] == 2
    assert reads
    reads.clear()
    table.write_text(table.read_text().replace('"game":"null"', '"game":"null","hand":true'))
    ranking = client.get("/api/tournament").json()["ranking"]
    assert reads and {s["name"]: s["points"] for s in ranking}[second] == "+35"  # a Null Hand
    assert sorted(p.name for p in drawn.rglob("*")) == before


def test_serve_show_keys_for_a_tournament(drawn: Path, run: Run) -> None:
    """--show-keys prints the organiser's key and each table's link of the last series."""
    result = run("serve", "--tournament", str(drawn), "--show-keys")
    assert result.exit_code == 0, result.output
    keys = tournament_keys(drawn, 2)
    codes = read_tournament_file(tournament_keys_path(drawn))[2]
    assert f"Schlüssel: {keys.organiser}" in result.output
    assert (
        f"Serie 1 Tisch 2: http://127.0.0.1:8000/series/1/table/2/#pair={codes['1/2']}"
        in result.output
    )
    assert keys.tables[2] not in result.output  # a table's key is in no link


def test_serve_refuses_a_folder_without_a_tournament(tmp_path: Path, run: Run) -> None:
    result = run("serve", "--tournament", str(tmp_path))
    assert result.exit_code == 2
    assert "skatliste tournament new" in result.stderr


def test_the_organiser_enters_a_paper_result(
    client: TestClient, drawn: Path, keys: dict[int, str], run: Run
) -> None:
    """POST /api/tournament/paper with the organiser's key only; a bad line gets the CLI's
    message and nothing is written."""
    players = table_players(drawn, 2)
    good = " ".join(
        f"{p}={(40, -20, 0)[i]}/{(2, 1, 0)[i]}/{(0, 1, 0)[i]}" for i, p in enumerate(players)
    )
    body = {"series": 1, "table": 2, "results": good}
    assert client.post("/api/tournament/paper", json=body).status_code == 401
    assert (
        client.post("/api/tournament/paper", json=body, headers=bearer(keys[2])).status_code == 403
    )
    before = (drawn / "tournament.json").read_bytes()
    bad = {"series": 1, "table": 2, "results": f"{players[0]}=30/2"}
    refused = client.post("/api/tournament/paper", json=bad, headers=bearer(ORGANISER))
    cli = run("tournament", "result", "1", "2", f"{players[0]}=30/2", "--tournament", str(drawn))
    assert refused.status_code == 422
    assert refused.json()["error"] == cli.stderr.strip().removeprefix("Fehler: ")
    assert (drawn / "tournament.json").read_bytes() == before
    entered = client.post("/api/tournament/paper", json=body, headers=bearer(ORGANISER))
    assert entered.status_code == 201, entered.json()
    states = {t["table"]: t["state"] for t in client.get("/api/tournament").json()["tables"]}
    assert states[2] == "paper"


def test_a_table_with_paper_and_list_games_is_a_conflict_the_page_names(
    client: TestClient, drawn: Path
) -> None:
    """Games on a list after its paper result: the page shows the conflict on that table,
    naming how to resolve it on the page (no CLI command, no path of the laptop), and
    everything else as before: the ranking (the paper result counts), the teams, the
    tables, their links."""
    players = table_players(drawn, 2)
    before = client.get("/api/tournament", headers=bearer(ORGANISER)).json()
    app.enter_paper_result(drawn, 1, 2, [f"{p}=0/0/0" for p in players])
    with_paper = client.get("/api/tournament", headers=bearer(ORGANISER)).json()
    lists.add_game(drawn / "series-1" / "table-02.json", players[1], ["grand", "mit", "1"])
    got = client.get("/api/tournament", headers=bearer(ORGANISER))
    assert got.status_code == 200
    data = got.json()
    [conflict] = data["conflicts"]
    assert conflict.startswith("Serie 1 Tisch 2: ein Ergebnis auf Papier und")
    assert conflict.endswith(
        "; nimm die Spiele auf der Seite des Tisches zurück (↶) oder lösche das Ergebnis auf Papier"
    )
    assert "skatliste" not in conflict and str(drawn) not in got.text
    table = next(t for t in data["tables"] if t["table"] == 2)
    assert table["problems"] and "series-1/table-02.json" in table["problems"][0]
    assert data["ranking"] == with_paper["ranking"] and data["teams"] == with_paper["teams"]
    assert [t.get("qr") for t in data["tables"]] == [t.get("qr") for t in before["tables"]]
    assert len(data["ranking"]) == 7 and all(t.get("link") for t in data["tables"])
    app.delete_paper_result(drawn, 1, 2)
    assert client.get("/api/tournament").json()["conflicts"] == []


def test_the_organiser_replaces_a_paper_result(client: TestClient, drawn: Path) -> None:
    """A paper result is corrected from the page: without 'force' the answer says to tick
    'replace' (no CLI option), with it the new result replaces the old."""
    players = table_players(drawn, 2)
    app.enter_paper_result(drawn, 1, 2, [f"{p}=0/0/0" for p in players])
    good = " ".join(
        f"{p}={(40, -20, 0)[i]}/{(2, 1, 0)[i]}/{(0, 1, 0)[i]}" for i, p in enumerate(players)
    )
    body = {"series": 1, "table": 2, "results": good}
    before = (drawn / "tournament.json").read_bytes()
    refused = client.post("/api/tournament/paper?lang=en", json=body, headers=bearer(ORGANISER))
    assert refused.status_code == 422
    assert "has a paper result already; replace it by ticking 'replace'" in refused.json()["error"]
    assert "--force" not in refused.json()["error"]
    german = client.post("/api/tournament/paper", json=body, headers=bearer(ORGANISER)).json()
    assert "Ergebnis auf Papier; ersetze es, indem du 'ersetzen' ankreuzt" in german["error"]
    assert "--force" not in german["error"] and "replace" not in german["error"]
    assert (drawn / "tournament.json").read_bytes() == before
    replaced = client.post(
        "/api/tournament/paper", json={**body, "force": True}, headers=bearer(ORGANISER)
    )
    assert replaced.status_code == 201, replaced.json()
    assert (drawn / "tournament.json").read_bytes() != before


def test_a_list_that_cannot_be_read_is_told_to_the_organiser_s_terminal_in_its_language(
    client: TestClient,
    drawn: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A viewer hears only that the list cannot be read; the server's log says why, in the
    language the server runs in (German unless asked otherwise)."""
    monkeypatch.delenv("SKATLISTE_LANG", raising=False)
    monkeypatch.delenv("LANG", raising=False)
    listed = drawn / "series-1" / "table-02.json"
    data = json.loads(listed.read_text(encoding="utf-8"))
    data["games"] = None
    listed.write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level("WARNING"):
        answer = client.get("/series/1/table/2/api/list")
    assert answer.status_code == 409
    assert "'skatliste serve'" in answer.json()["error"] and "games" not in answer.json()["error"]
    assert "games: muss eine Liste sein (gefunden: null)" in caplog.text


def test_a_table_list_without_results_is_refused_with_a_4xx(
    client: TestClient, drawn: Path
) -> None:
    """An American Grand list at a table: the live ranking answers 409, not a ranking; the
    organiser is told the sentence (a file's trouble names its path), and no file is
    written."""
    table = drawn / "series-1" / "table-01.json"
    table.unlink()
    lists.new_list(table, list(table_players(drawn, 1)), rules=lists.rules_of("american-grand"))
    before = {p: p.read_bytes() for p in drawn.rglob("*") if p.is_file()}
    assert client.get("/api/tournament").status_code == 409
    got = client.get("/api/tournament", headers={**bearer(ORGANISER), "Accept-Language": "en"})
    assert got.status_code == 409
    assert got.json()["error"] == (
        f"{table}: a list of American Grand gives its players no list points and no games won "
        "or lost, so no tournament, season or league counts it"
    )
    assert {p: p.read_bytes() for p in drawn.rglob("*") if p.is_file()} == before
    # anyone else hears which list, named from the folder, never the laptop's folders
    viewer = client.get("/api/tournament", headers={"Accept-Language": "en"}).json()["error"]
    assert viewer.startswith("series-1/table-01.json: a list of American Grand gives")
    assert str(drawn) not in viewer


def test_a_table_list_without_results_takes_no_game_from_any_key_or_the_terminal(
    client: TestClient, drawn: Path, keys: dict[int, str], run: Run
) -> None:
    """An American Grand list copied over a table's list took games while the ranking
    refused it; now every write is refused alike (409, exit 2), nothing written: the table's
    key hears why with the list named from the folder, the organiser with its path."""
    table = drawn / "series-1" / "table-01.json"
    table.unlink()
    players = list(table_players(drawn, 1))
    lists.new_list(table, players, rules=lists.rules_of("american-grand"))
    before = table.read_bytes()
    deal = {"declarer": players[1], "words": "whist 25 stiche 11"}
    english = {"Accept-Language": "en"}
    own = client.post(
        "/series/1/table/1/api/games", json=deal, headers={**bearer(keys[1]), **english}
    )
    assert own.status_code == 409
    assert own.json()["error"].startswith("series-1/table-01.json: a list of American Grand")
    organiser = client.post(
        "/series/1/table/1/api/games", json=deal, headers={**bearer(ORGANISER), **english}
    )
    assert organiser.status_code == 409 and organiser.json()["error"].startswith(str(table))
    r = run("add", players[1].lower(), "whist", "25", "stiche", "11", "--ledger", str(table))
    assert r.exit_code == 2 and "eine Liste von American Grand gibt ihren Spielern" in r.stderr
    assert table.read_bytes() == before


def test_a_closed_table_list_tells_the_tables_key_it_is_closed_not_unreadable(
    client: TestClient, drawn: Path, keys: dict[int, str]
) -> None:
    """Every player signed: the table's key hears that the list is closed (before: that it
    could not be read), with the list named from the folder."""
    base = "/series/1/table/1"
    own = {**bearer(keys[1]), "Accept-Language": "en"}
    game = {"declarer": a_declarer(drawn, 1), "words": "null"}
    assert client.post(f"{base}/api/games", json=game, headers=own).status_code == 201
    for name in table_players(drawn, 1):
        assert (
            client.post(f"{base}/api/sign", json={"player": name}, headers=own).status_code == 201
        )
    refused = client.post(f"{base}/api/games", json=game, headers=own)
    assert refused.status_code == 409
    assert refused.json()["error"].startswith("series-1/table-01.json: the list is closed")
