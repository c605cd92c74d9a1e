"""The JSON API as a contract: every endpoint, and every refusal leaves the list untouched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from skatliste.app import lists as app
from skatliste.web.base import MAX_BODY
from skatliste.web.server import create_app

from .conftest import Run
from .webtools import KEY

AUTH = {"Authorization": f"Bearer {KEY}"}


@pytest.fixture
def client(request: pytest.FixtureRequest, fresh_ledger: Path) -> TestClient:
    """A page server on a fresh list of three (Anna deals first), German by default; a test
    marked ``english`` asks in English (its browser says Accept-Language: en)."""
    english = request.node.get_closest_marker("english") is not None
    headers = {"Accept-Language": "en"} if english else None
    return TestClient(create_app(fresh_ledger, key=KEY), headers=headers)


@pytest.fixture
def pub_ledger(tmp_path: Path) -> Path:
    """A pub list of three: Bock rounds and Ramsch."""
    path = tmp_path / "pub.json"
    app.new_list(path, ["Anna", "Ben", "Carl"], rules=app.rules_of("pub"))
    return path


def games_in(path: Path) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["games"]
    return games


# --- reading ------------------------------------------------------------------------------


def test_list_of_a_fresh_list(client: TestClient) -> None:
    """No games: everyone at 0, Anna deals, nobody leads; without a key it is read-only."""
    data = client.get("/api/list").json()
    assert data["players"] == ["Anna", "Ben", "Carl"]
    assert data["totals"] == {"Anna": 0, "Ben": 0, "Carl": 0}
    assert data["next_dealer"] == "Anna" and data["leader"] is None
    assert data["games"] == [] and data["last"] is None
    assert data["can_write"] is False
    assert client.get("/api/list", headers=AUTH).json()["can_write"] is True
    assert (
        client.get("/api/list", headers={"Authorization": "Bearer nope"}).json()["can_write"]
        is False
    )
    assert data["chart"].startswith("<svg")


def test_list_after_an_evening(client: TestClient, fresh_ledger: Path, run: Run) -> None:
    """The sheet as the CLI has it: values, running totals, explanations, the summary."""
    for words in (["anna", "kreuz", "mit", "2", "hand"], ["ben", "grand", "ohne", "1", "verloren"]):
        assert run("add", *words, "--ledger", str(fresh_ledger)).exit_code == 0
    data = client.get("/api/list").json()
    assert [g["value"] for g in data["games"]] == ["+48", "−96"]
    assert data["games"][0]["explanation"] == ["mit 2, Spiel 3, Hand 4 → 4 × 12 = 48"]
    assert data["games"][1]["totals"] == {"Anna": 48, "Ben": -96, "Carl": 0}
    assert data["games"][1]["words"] == "grand ohne 1 verloren"
    assert data["last"] == {
        "number": 2,
        "words": "Ben grand ohne 1 verloren",
        "fingerprint": data["games"][1]["fingerprint"],
    }
    assert data["leader"] == "Anna" and data["next_dealer"] == "Carl"
    summary = data["summary"]
    assert summary["rows"][0][:3] == ["1.", "Anna", "+48"]
    assert "Seeger-Fabian" in summary["headers"]


def test_list_with_a_stake_shows_who_pays(client: TestClient, fresh_ledger: Path, run: Run) -> None:
    """?cent= settles the totals: the lines and the table 'skatliste summary --cent' prints."""
    app.add_game(fresh_ledger, "anna", "kreuz mit 2 hand".split())
    data = client.get("/api/list?cent=0.5").json()
    assert data["summary"]["payments"] == ["Ben zahlt Anna 0,24 €", "Carl zahlt Anna 0,24 €"]
    printed = run("summary", "--cent", "0.5", "--ledger", str(fresh_ledger)).output
    for line in [*data["summary"]["payments"], *data["summary"]["notes"]]:
        assert line in printed.splitlines()
    for row in data["summary"]["rows"]:
        assert row[1] in printed and row[-1] in printed
    bad = client.get("/api/list?cent=viel")
    assert bad.status_code == 422
    assert "gib den Einsatz je Punkt in Cent an" in bad.json()["error"]
    assert client.get("/api/list?cent=1e400").status_code == 422


def test_list_in_english(client: TestClient, fresh_ledger: Path) -> None:
    """English explanations for an English browser (or ?lang=en)."""
    app.add_game(fresh_ledger, "anna", "kreuz mit 2 hand".split())
    data = client.get("/api/list", headers={"Accept-Language": "en"}).json()
    assert data["games"][0]["explanation"] == ["with 2, game 3, hand 4 → 4 × 12 = 48"]
    assert data["games"][0]["text"] == "Clubs with 2 hand"


@pytest.mark.english
def test_one_game_and_a_missing_one(client: TestClient, fresh_ledger: Path) -> None:
    """GET /api/games/N explains game N; a number the list lacks is refused."""
    app.add_game(fresh_ledger, "anna", "kreuz mit 2 hand".split())
    assert client.get("/api/games/1").json()["value"] == "+48"
    missing = client.get("/api/games/7")
    assert missing.status_code == 422
    assert missing.json() == {"error": "game 7: the list has games 1 to 1"}


def test_preview_needs_no_key_and_writes_nothing(client: TestClient, fresh_ledger: Path) -> None:
    """The value and its explanation before saving."""
    before = fresh_ledger.read_bytes()
    answer = client.post("/api/preview", json={"declarer": "ben", "words": "kreuz mit 2 hand"})
    assert answer.status_code == 200
    game = answer.json()
    assert (game["declarer"], game["value"], game["number"]) == ("Ben", "+48", 1)
    assert game["explanation"] == ["mit 2, Spiel 3, Hand 4 → 4 × 12 = 48"]
    assert fresh_ledger.read_bytes() == before


def test_preview_of_an_edit(client: TestClient, fresh_ledger: Path) -> None:
    """With a number, the preview shows that game replaced."""
    app.add_game(fresh_ledger, "anna", "grand mit 1".split())
    app.add_game(fresh_ledger, "ben", "pik mit 1".split())
    game = client.post("/api/preview", json={"number": 1, "words": "herz ohne 2"}).json()
    assert (game["number"], game["declarer"], game["value"]) == (1, "Anna", "+30")
    moved = client.post("/api/preview", json={"number": 1, "declarer": "carl", "words": "null"})
    assert moved.json()["declarer"] == "Carl"


def test_an_edit_whose_words_start_with_a_name_is_that_player_s_game(
    client: TestClient, fresh_ledger: Path
) -> None:
    """As on the command line (``edit 1 ben grand mit 1``): a name typed first plays, the
    player tapped or the game's own declarer only when the words name none; preview and edit
    agree."""
    app.add_game(fresh_ledger, "carl", "herz mit 1".split())
    for tapped in ("Carl", None):
        body = {"number": 1, "declarer": tapped, "words": "ben grand mit 1"}
        shown = client.post("/api/preview", json=body)
        assert shown.status_code == 200, shown.text
        assert (shown.json()["declarer"], shown.json()["value"]) == ("Ben", "+48")
    body = {"declarer": "Carl", "words": "ben grand mit 1"}
    edited = client.put("/api/games/1", json=body, headers=AUTH)
    assert edited.status_code == 200, edited.text
    assert [g["declarer"] for g in games_in(fresh_ledger)] == ["Ben"]
    refused = client.put("/api/games/1", json={"declarer": "Dora", "words": "null"}, headers=AUTH)
    assert refused.status_code == 422 and "Dora" in refused.json()["error"]


# --- writing ------------------------------------------------------------------------------


def test_add_game_writes_it_and_answers_with_its_row(
    client: TestClient, fresh_ledger: Path
) -> None:
    """POST /api/games: 201, the row, the totals; the file holds the game."""
    answer = client.post(
        "/api/games", json={"declarer": "anna", "words": "kreuz mit 2 hand augen 75"}, headers=AUTH
    )
    assert answer.status_code == 201
    data = answer.json()
    assert data["number"] == 1 and data["game"]["value"] == "+48"
    assert data["totals"] == {"Anna": 48, "Ben": 0, "Carl": 0}
    [game] = games_in(fresh_ledger)
    assert (game["declarer"], game["game"], game["spitzen"], game["hand"], game["augen"]) == (
        "Anna",
        "clubs",
        2,
        True,
        75,
    )


def test_pass_undo_edit_delete(client: TestClient, fresh_ledger: Path) -> None:
    """Eingepasst, undo naming the game, edit and delete: the CLI's changes, from the page."""
    client.post("/api/games", json={"declarer": "anna", "words": "grand mit 1"}, headers=AUTH)
    passed = client.post("/api/pass", headers=AUTH)
    assert passed.status_code == 201 and passed.json()["game"]["text"] == "eingepasst"
    undone = client.post("/api/undo", headers=AUTH)
    assert undone.json()["removed"] == "eingepasst"
    client.post("/api/games", json={"declarer": "ben", "words": "pik mit 1"}, headers=AUTH)
    edited = client.put(
        "/api/games/1", json={"declarer": "carl", "words": "herz ohne 2"}, headers=AUTH
    )
    assert edited.status_code == 200
    assert edited.json()["game"]["declarer"] == "Carl"
    assert edited.json()["removed"] == "Anna grand mit 1"
    kept = client.put("/api/games/1", json={"words": "herz ohne 3"}, headers=AUTH)
    assert kept.json()["game"]["declarer"] == "Carl"
    deleted = client.delete("/api/games/1", headers=AUTH)
    assert deleted.json()["removed"] == "Carl herz ohne 3"
    assert [g["declarer"] for g in games_in(fresh_ledger)] == ["Ben"]
    actions = [h["action"] for h in json.loads(fresh_ledger.read_text())["history"]]
    assert actions == ["undo", "edit", "edit", "delete"]


def test_ramsch_and_bock_under_pub_rules(pub_ledger: Path) -> None:
    """Under the pub rule set the page enters a Ramsch and calls a Bock round."""
    client = TestClient(create_app(pub_ledger, key=KEY))
    assert client.get("/api/list").json()["plays_ramsch"] is True
    client.post("/api/games", json={"declarer": "anna", "words": "grand mit 1"}, headers=AUTH)
    bock = client.post("/api/bock", headers=AUTH)
    assert bock.status_code == 200
    page = client.get("/api/list").json()
    assert page["pending"] == "Bock 3 · dann Ramsch 3"
    assert page["pending_all"] == "Bock: 3 Spiele, dann Ramsch: 3 Spiele"
    ramsch = client.post("/api/ramsch", json={"words": "anna=45 ben=40 carl=35"}, headers=AUTH)
    assert ramsch.status_code == 201, ramsch.json()
    assert ramsch.json()["game"]["kind"] == "ramsch"
    assert [g["kind"] for g in games_in(pub_ledger)] == ["game", "ramsch"]


# --- refusals: nothing written ------------------------------------------------------------

GAME = {"declarer": "anna", "words": "kreuz mit 2"}


@pytest.mark.english
@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/games", GAME),
        ("POST", "/api/pass", {}),
        ("POST", "/api/undo", {}),
        ("POST", "/api/restore", {"item": 1}),
        ("POST", "/api/ramsch", {"words": "anna=45 ben=40 carl=35"}),
        ("POST", "/api/bock", {}),
        ("PUT", "/api/games/1", {"words": "pik mit 1"}),
        ("DELETE", "/api/games/1", None),
    ],
)
@pytest.mark.parametrize(
    ("headers", "status", "says"),
    [
        ({}, 401, "writing needs the list's key"),
        ({"Authorization": "Bearer wrong-key"}, 403, "wrong key for this list"),
        ({"Authorization": "Basic " + KEY}, 401, "writing needs the list's key"),
        ({"Authorization": "Bearer"}, 401, "writing needs the list's key"),
        ({**AUTH, "Origin": "http://evil.example"}, 403, "from another site"),
        ({**AUTH, "Origin": "null"}, 403, "from another site"),
        ({**AUTH, "Sec-Fetch-Site": "cross-site"}, 403, "from another site"),
    ],
)
def test_every_write_is_refused_without_the_key_or_from_elsewhere(
    client: TestClient,
    fresh_ledger: Path,
    method: str,
    path: str,
    body: dict[str, str] | None,
    headers: dict[str, str],
    status: int,
    says: str,
) -> None:
    """401 without a key, 403 with a wrong one or from another origin; the file unchanged."""
    app.add_game(fresh_ledger, "ben", "grand mit 1".split())
    before = fresh_ledger.read_bytes()
    answer = client.request(method, path, json=body, headers=headers)
    assert answer.status_code == status
    assert says in answer.json()["error"]
    if status == 401:
        assert answer.headers["WWW-Authenticate"] == "Bearer"
    assert fresh_ledger.read_bytes() == before


def test_a_write_from_the_page_itself_is_accepted(client: TestClient) -> None:
    """The page's own origin may write (with the key)."""
    answer = client.post(
        "/api/pass",
        headers={**AUTH, "Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
    )
    assert answer.status_code == 201


@pytest.mark.parametrize(
    "cli_words",
    [
        ["anna", "kreuz", "mit", "12"],
        ["anna", "kreuz", "mit", "2", "schwarz", "angesagt"],
        ["dora", "grand"],
        ["an", "grand"],
        ["anna", "kreutz", "mit", "2"],
        ["anna", "null", "gereizt", "19"],
    ],
)
def test_bad_words_get_the_cli_message(
    client: TestClient, fresh_ledger: Path, run: Run, cli_words: list[str]
) -> None:
    """422 with the very message 'skatliste add' prints after 'Fehler: ', nothing written."""
    app.new_list(fresh_ledger, ["Anna", "Andi", "Ben"], force=True)
    before = fresh_ledger.read_bytes()
    cli = run("add", *cli_words, "--ledger", str(fresh_ledger))
    assert cli.exit_code == 2
    message = cli.stderr.strip().removeprefix("Fehler: ")
    body = {"declarer": cli_words[0], "words": " ".join(cli_words[1:])}
    answer = client.post("/api/games", json=body, headers=AUTH)
    assert answer.status_code == 422
    assert answer.json() == {"error": message}
    assert client.post("/api/preview", json=body).json() == {"error": message}
    assert fresh_ledger.read_bytes() == before


@pytest.mark.english
@pytest.mark.parametrize(
    ("method", "path", "body", "message"),
    [
        ("POST", "/api/undo", {}, "the list has no games yet"),
        ("POST", "/api/restore", {"item": 1}, "the history is empty; nothing to bring back"),
        ("DELETE", "/api/games/3", None, "the list has no games yet"),
        ("PUT", "/api/games/1", {"words": "grand"}, "the list has no games yet"),
        ("POST", "/api/bock", {}, "this rule set plays no Bock"),
        ("POST", "/api/games", {"declarer": "anna", "words": ""}, "say which game"),
    ],
)
def test_refused_changes_say_why(
    client: TestClient,
    fresh_ledger: Path,
    method: str,
    path: str,
    body: dict[str, str] | None,
    message: str,
) -> None:
    """What the CLI refuses, the API refuses with 422 and the same reason."""
    before = fresh_ledger.read_bytes()
    answer = client.request(method, path, json=body, headers=AUTH)
    assert answer.status_code == 422
    assert message in answer.json()["error"]
    assert fresh_ledger.read_bytes() == before


@pytest.mark.english
@pytest.mark.parametrize(
    ("content", "status", "says"),
    [
        (b"{not json", 400, "not JSON"),
        (b"\xff\xfe", 400, "not JSON"),
        (b"[1, 2]", 422, "the request must be a JSON object"),
        (b'{"declarer": "anna"}', 422, "say which game, e.g. 'kreuz mit 2 hand'"),
        (b'{"declarer": "anna", "words": "grand", "extra": 1}', 422, "'extra' is not something"),
        (b'{"declarer": 5, "words": "grand"}', 400, "'declarer' must be text, not a number (5)"),
        (b'{"declarer": null, "words": "null ouvert"}', 422, "say who played: tap a player"),
        (b'{"declarer": "a", "words": "grand", "note": 5}', 400, "'note' must be text, not a"),
        (b'{"words": ["anna", "null"]}', 400, "'words' must be text, not a list"),
        (json.dumps({"declarer": "anna", "words": "x" * MAX_BODY}).encode(), 413, "larger"),
        (b"[" * 5000 + b"]" * 5000, 400, "nested too deep"),
        (b'{"declarer": "anna", "words": "grand", "note": "\\ud800"}', 400, "not JSON"),
        (
            b'{"declarer": "anna", "words": "null", "declarer": "ben"}',
            400,
            "gives 'declarer' twice",
        ),
    ],
)
def test_bad_bodies_are_4xx_never_500(
    client: TestClient, fresh_ledger: Path, content: bytes, status: int, says: str
) -> None:
    """Bad JSON and a field of the wrong JSON type are a 400, a body that does not fit
    otherwise a 422, a large one a 413."""
    before = fresh_ledger.read_bytes()
    answer = client.post(
        "/api/games", content=content, headers={**AUTH, "Content-Type": "application/json"}
    )
    assert answer.status_code == status
    assert says in answer.json()["error"]
    assert "Input should" not in answer.json()["error"]  # never pydantic's own wording
    assert fresh_ledger.read_bytes() == before


def test_a_large_body_without_length_is_cut_off(client: TestClient, fresh_ledger: Path) -> None:
    """A streamed body is counted as it arrives: past the limit it is refused."""
    before = fresh_ledger.read_bytes()

    def chunks() -> Any:
        for _ in range(MAX_BODY // 1024 + 2):
            yield b" " * 1024

    answer = client.post("/api/games", content=chunks(), headers=AUTH)
    assert answer.status_code == 413
    assert fresh_ledger.read_bytes() == before


@pytest.mark.english
def test_a_busy_list_is_409(
    client: TestClient, fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer holding the lock past the wait: 409 with the reason, nothing written."""
    from skatliste.store import files as ledger

    monkeypatch.setattr(ledger, "LOCK_TIMEOUT", 0.05)
    before = fresh_ledger.read_bytes()
    with ledger.locked(fresh_ledger):
        answer = client.post("/api/pass", headers=AUTH)
    assert answer.status_code == 409
    assert "another skatliste is writing" in answer.json()["error"]
    assert fresh_ledger.read_bytes() == before


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=12,
)
ENDPOINTS = [
    ("POST", "/api/games"),
    ("POST", "/api/preview"),
    ("POST", "/api/pass"),
    ("POST", "/api/ramsch"),
    ("POST", "/api/undo"),
    ("POST", "/api/restore"),
    ("POST", "/api/bock"),
    ("PUT", "/api/games/1"),
]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    endpoint=st.sampled_from(ENDPOINTS),
    body=JSON
    | st.fixed_dictionaries(
        {"declarer": st.text(max_size=12), "words": st.text(max_size=40)},
        optional={"number": st.integers(), "note": st.text(max_size=10)},
    ),
)
def test_no_body_gets_a_500(fresh_ledger: Path, endpoint: tuple[str, str], body: object) -> None:
    """Whatever JSON arrives, the answer is a success or a 4xx with an error message."""
    client = TestClient(create_app(fresh_ledger, key=KEY), raise_server_exceptions=False)
    method, path = endpoint
    answer = client.request(method, path, json=body, headers=AUTH)
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        assert isinstance(answer.json()["error"], str)


def test_a_server_without_a_key_only_shows_the_list(fresh_ledger: Path) -> None:
    """With no key set, no header opens the list, an empty one least of all."""
    client = TestClient(create_app(fresh_ledger))
    assert client.get("/api/list").json()["can_write"] is False
    for header in ("Bearer ", "Bearer  ", "Bearer x"):
        answer = client.post("/api/pass", headers={"Authorization": header})
        assert answer.status_code in (401, 403)


# --- a change names the game the page showed ------------------------------------------------


def _marks(client: TestClient, fresh_ledger: Path) -> list[str]:
    """Anna, Ben, Carl each play a game; the fingerprints the page shows."""
    for who, words in (("anna", "kreuz mit 1"), ("ben", "pik mit 1"), ("carl", "herz mit 1")):
        app.add_game(fresh_ledger, who, words.split())
    return [g["fingerprint"] for g in client.get("/api/list").json()["games"]]


@pytest.mark.english
@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_a_game_changed_by_another_phone_is_a_409(
    client: TestClient, fresh_ledger: Path, method: str
) -> None:
    """Phone A opened game 2 (Ben's); phone B deleted game 1: A's save or delete of 'game 2'
    would hit Carl's game, so it is refused with 409, the list untouched."""
    marks = _marks(client, fresh_ledger)
    assert client.delete("/api/games/1", headers=AUTH).status_code == 200
    before = fresh_ledger.read_bytes()
    if method == "PUT":
        body = {"words": "pik mit 2", "expect": marks[1]}
        answer = client.put("/api/games/2", json=body, headers=AUTH)
    else:
        answer = client.delete(f"/api/games/2?expect={marks[1]}", headers=AUTH)
    assert answer.status_code == 409
    assert answer.json()["error"].startswith("game 2 has changed since you opened it: reload")
    assert fresh_ledger.read_bytes() == before


@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_a_game_as_the_page_saw_it_is_changed(
    client: TestClient, fresh_ledger: Path, method: str
) -> None:
    """The fingerprint matches: the edit or delete goes through as before."""
    marks = _marks(client, fresh_ledger)
    if method == "PUT":
        body = {"words": "pik mit 2", "expect": marks[1]}
        answer = client.put("/api/games/2", json=body, headers=AUTH)
        assert answer.json()["game"]["declarer"] == "Ben"
    else:
        answer = client.delete(f"/api/games/2?expect={marks[1]}", headers=AUTH)
        assert len(games_in(fresh_ledger)) == 2
    assert answer.status_code == 200


@pytest.mark.english
def test_undo_and_delete_answer_with_the_item_that_restores_the_game(
    client: TestClient, fresh_ledger: Path
) -> None:
    """An undo or a delete answers with its history item (``restore``); ``/api/restore``
    brings the game back at its number, as ``skatliste restore N``; a second time is refused
    (422), the game being on the list already."""
    for words in ("grand mit 1", "pik ohne 2", "null"):
        client.post("/api/games", json={"declarer": "anna", "words": words}, headers=AUTH)
    before = games_in(fresh_ledger)
    undone = client.post("/api/undo", headers=AUTH).json()
    assert undone["restore"] == 1
    back = client.post("/api/restore", json={"item": undone["restore"]}, headers=AUTH)
    assert back.status_code == 200 and back.json()["number"] == 3
    assert games_in(fresh_ledger) == before
    deleted = client.delete("/api/games/1", headers=AUTH).json()
    assert deleted["restore"] == 2
    client.post("/api/restore", json={"item": 2}, headers=AUTH)
    assert games_in(fresh_ledger) == before
    again = client.post("/api/restore", json={"item": 2}, headers=AUTH)
    assert again.status_code == 422
    assert "is on the list already, as game 1" in again.json()["error"]


@pytest.mark.parametrize("item", [True, "1", 1.0])
def test_a_restore_item_of_another_json_type_is_refused(
    client: TestClient, fresh_ledger: Path, item: object
) -> None:
    """``{"item": true}`` is no history item (not item 1): refused as the wrong type, nothing
    written."""
    client.post("/api/games", json={"declarer": "anna", "words": "null"}, headers=AUTH)
    client.post("/api/undo", headers=AUTH)
    before = fresh_ledger.read_bytes()
    answer = client.post("/api/restore", json={"item": item}, headers=AUTH)
    assert 400 <= answer.status_code < 500 and "item" in answer.json()["error"]
    assert fresh_ledger.read_bytes() == before


@pytest.mark.english
def test_two_undos_take_back_one_game(client: TestClient, fresh_ledger: Path) -> None:
    """Both phones tap undo on the same last game: the first takes it back, the second is
    a 409 naming why, and nothing more is undone."""
    marks = _marks(client, fresh_ledger)
    last = client.get("/api/list").json()["last"]["fingerprint"]
    assert last == marks[2]
    first = client.post("/api/undo", json={"expect": last}, headers=AUTH)
    assert first.status_code == 200
    before = fresh_ledger.read_bytes()
    second = client.post("/api/undo", json={"expect": last}, headers=AUTH)
    assert second.status_code == 409
    assert "the last game has changed since you opened it: reload" in second.json()["error"]
    assert fresh_ledger.read_bytes() == before
    assert len(games_in(fresh_ledger)) == 2


@pytest.mark.english
def test_a_game_with_the_name_in_the_words_is_entered_as_previewed(
    client: TestClient, fresh_ledger: Path
) -> None:
    """No player tapped, 'anna null ouvert' typed: the preview and the entry agree."""
    body = {"declarer": None, "words": "anna null ouvert"}
    shown = client.post("/api/preview", json=body)
    assert shown.status_code == 200
    entered = client.post("/api/games", json=body, headers=AUTH)
    assert entered.status_code == 201, entered.json()
    game = entered.json()["game"]
    assert (game["declarer"], game["value"]) == (shown.json()["declarer"], shown.json()["value"])
    assert games_in(fresh_ledger)[0]["declarer"] == "Anna"
    nameless = {"declarer": None, "words": "null ouvert"}
    refused = client.post("/api/games", json=nameless, headers=AUTH)
    previewed = client.post("/api/preview", json=nameless)
    assert refused.status_code == previewed.status_code == 422
    assert refused.json()["error"] == previewed.json()["error"]
    said = refused.json()["error"]
    assert said.endswith(
        "'null ouvert': say who played: tap a player or start the words with the name, e.g. "
        "'anna null ouvert'"
    )  # the example quoted once, not 'anna 'null ouvert''


def test_the_page_labels_read_the_catalogue_not_dict_methods(client: TestClient) -> None:
    """A label named like a dict method ('clear') is the label, not '<built-in method ...>'."""
    for lang, word in (("en", ">Clear<"), ("de", ">Leeren<")):
        page = client.get(f"/?lang={lang}").text
        assert word in page
        assert "built-in method" not in page
