"""A German evening shows no English word of ours: every answer of the CLI and of the web API
comes from the catalogue, counts take the German plural, and a problem nested in another
message is German too (docs/rules.md §1: the dealer sits out at a table of four)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from skatliste.web.server import create_app
from tests.conftest import Run
from tests.webtools import KEY

ENGLISH = (
    "game ",
    "games",
    "the ",
    " player",
    "must",
    "given",
    "list has",
    "refused",
    "problem(s)",
    "deal ",
    "delete",
    "undo",
    "sits out",
    "declarer",
    "paper says",
    "pays",
    "ranked",
    "unknown",
    "did you mean",
    " and ",
    " or ",
    " has no ",
    "drop ",
    "dealer ",
)
"""Words the program's own English messages use; no name, Skat word or game word of a list is
among them (``kreuz mit 2 hand``, ``Grand``, ``Anna`` read the same in both languages)."""


def english_in(text: str) -> list[str]:
    """The English words of ours in ``text`` (a refusal's prefix included: ``Fehler:``)."""
    ours = text.lower()
    return [word for word in ENGLISH if word in ours]


CODES = {"family", "rules", "lang", "kind", "fingerprint", "words", "pending"}
CODES |= {"key", "grid", "part", "value", "style", "along", "needs", "rests", "plays", "instead"}
CODES |= {"order"}  # the entry form's names and conditions (Family.form), and its word order
"""Fields of the API's answers that hold codes or table words, not text shown as ours."""


def shown(value: Any) -> list[str]:
    """Every text an API answer shows, its field names and codes left out."""
    if isinstance(value, dict):
        return [t for key, v in value.items() if key not in CODES for t in shown(v)]
    if isinstance(value, list):
        return [t for v in value for t in shown(v)]
    return [value] if isinstance(value, str) else []


def _hand_edit(path: Path, number: int, **fields: Any) -> None:
    """Change game ``number`` in the file as someone with an editor would."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["games"][number - 1].update(fields)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def test_a_german_evening_through_the_cli_is_german_throughout(run: Run, tmp_path: Path) -> None:
    """new, add (with a typo, and a declarer who deals and sits out at a table of four),
    summary with money, delete, history, undo, and check on a list edited by hand."""
    at = ["--ledger", str(tmp_path / "abend.json")]
    said: list[str] = []

    def cli(*args: str, code: int = 0) -> str:
        r = run(*args, *at)
        assert r.exit_code == code, r.output
        said.append(r.stdout + r.stderr)
        return r.stdout + r.stderr

    cli("new", "--players", "Anna", "Ben", "Carl", "Dora", "--rules", "pub")
    typo = cli("add", "ben", "kreuz", "mit", "2", "handd", code=2)
    assert "unbekanntes Wort 'handd'; meintest du 'hand'?" in typo
    assert cli("add", "ben", "kreuz", "mit", "2", "hand").startswith("Spiel 1: Ben")
    refused = cli("add", "ben", "grand", "mit", "1", code=2)  # Ben deals game 2
    assert "Spiel 2: Ben gibt Spiel 2 und setzt am Vierertisch aus" in refused
    one = cli("summary")  # one game: its count in the singular
    assert "1 Spiel;" in one and "1 Spiele" not in one
    cli("add", "carl", "null")
    money = cli("summary", "--cent", "0.5")
    assert "2 Spiele;" in money and "zahlt" in money and "€" in money
    stake = cli("summary", "--cent", "-1", code=2)
    assert "--cent -1: der Einsatz kann nicht negativ sein" in stake
    assert cli("history") == "keine Spiele entfernt oder ersetzt\n"
    cli("delete", "1")  # the dealers move on: Carl now deals the game he declared
    history = cli("history")
    assert "gelöscht" in history and "Spiel 1: Ben kreuz mit 2 hand" in history
    assert cli("undo").startswith("zurückgenommen: Carl null")
    cli("add", "ben", "kreuz", "mit", "2", "hand")
    cli("add", "carl", "null")
    _hand_edit(tmp_path / "abend.json", 1, declarer="Anna")  # Anna dealt game 1
    check = cli("check", code=1)
    assert "Spiel 1: Anna gibt Spiel 1 und setzt am Vierertisch aus (Regeln §1)" in check
    assert "Fehler: 2 Spiele: 1 Problem\n" in check
    _hand_edit(tmp_path / "abend.json", 2, game="null", spitzen=3)
    assert "Fehler: 2 Spiele: 2 Probleme\n" in cli("check", code=1)
    for text in said:
        assert not english_in(text), (english_in(text), text)
    english = run("check", "--lang", "en", *at)  # the same answer in English is caught
    assert english_in(english.stdout + english.stderr)


def test_the_web_api_answers_a_german_evening_in_german(run: Run, tmp_path: Path) -> None:
    """A refused game, a change that makes a later game impossible (its problem list), the
    sheet of a list edited by hand and a bad stake: German, with no English word of ours."""
    path = tmp_path / "abend.json"
    at = ["--ledger", str(path)]
    assert run("new", "--players", "Anna", "Ben", "Carl", "Dora", *at).exit_code == 0
    client = TestClient(create_app(path, key=KEY))
    auth = {"Authorization": f"Bearer {KEY}"}
    said: list[str] = []

    ok = client.post("/api/games", json={"declarer": "ben", "words": "kreuz mit 2"}, headers=auth)
    assert ok.status_code == 201, ok.text
    refused = client.post("/api/games", json={"declarer": "ben", "words": "null"}, headers=auth)
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert "Spiel 2: Ben gibt Spiel 2 und setzt am Vierertisch aus" in error
    said.append(error)
    client.post("/api/games", json={"declarer": "anna", "words": "null"}, headers=auth)

    deleted = client.delete("/api/games/1", headers=auth)  # Anna would deal the game she played
    assert deleted.status_code == 422
    error = deleted.json()["error"]
    assert error.startswith("abgelehnt: es machte 1 späteres Spiel unmöglich, Spiel 1: Anna gibt")
    said.append(error)

    _hand_edit(path, 1, game="null", spitzen=3)  # a game no rule allows, edited in by hand
    edited = client.put(
        "/api/games/2", json={"declarer": "anna", "words": "null hand"}, headers=auth
    )
    assert edited.status_code == 200, edited.text
    problems = edited.json()["problems"]  # what the list still has wrong after the change
    assert problems == [
        {
            "game": "Spiel 1",
            "problem": "ein Null hat keine Spitzen: lass 'mit 3' weg (Null ist 23, Null Hand 35, "
            "Null ouvert 46, Null ouvert Hand 59)",
        }
    ]
    said += [p["game"] + " " + p["problem"] for p in problems]

    sheet = client.get("/api/list").json()
    said += shown(sheet)
    explained = client.get("/api/games/1").json()
    assert "ein Null hat keine Spitzen" in " ".join(explained["explanation"])
    said += shown(explained)

    bad = client.get("/api/list?cent=-1")
    assert bad.status_code == 422
    assert bad.json()["error"].startswith("cent=-1: der Einsatz kann nicht negativ sein")
    said.append(bad.json()["error"])
    for text in said:
        assert not english_in(text), (english_in(text), text)
    english = client.get("/api/games/1?lang=en").json()  # the same answer in English is caught
    assert english_in(" ".join(shown(english)))


def test_american_grand_counts_tricks_and_hearts_in_the_german_plural() -> None:
    """One trick is 'Stich', more are 'Stiche'; one heart 'Herz', more 'Herzen' (§A3)."""
    from skatliste.american.explain import computation
    from skatliste.american.game import Contract, Deal, score

    def said(**deal: Any) -> str:
        return computation(score(Deal(declarer="Anna", **deal)), lang="de")

    assert said(contract=Contract.HEARTS, bid=40, hearts=1).startswith(
        "Herz: 1 Herz genommen: verloren, 40 + 1 = −41; Gegner 12 Herzen: −12"
    )
    assert said(contract=Contract.HEARTS, bid=40, hearts=2).startswith("Herz: 2 Herzen genommen")
    assert said(contract=Contract.EUCHRE, bid=5, tricks=1).startswith(
        "Jucker mit Partner: 1 Stich ="
    )
    assert (
        said(contract=Contract.WHIST, bid=25, tricks=12)
        == "Whist: 12 Stiche, 6 über sechs × 5 = 30"
    )


def test_no_message_counts_with_a_hand_made_plural() -> None:
    """A count is an nmsg, so German says '1 Problem', '2 Probleme': no id or German text
    writes 'problem(s)' or 'Problem(e)' to fit both."""
    from tests.catalogues import extract, read, texts

    catalogue = read("de")
    found = []
    for message in extract():
        ids = (message.id,) if isinstance(message.id, str) else message.id
        german = texts(catalogue.get(message.key, message.context))
        if any(mark in text for text in (*ids, *german) for mark in ("(s)", "(e)", "(n)")):
            found.append(f"{message.where}: {ids[0]}")
    assert not found, "a hand-made plural:\n" + "\n".join(found)


AMERICAN_ENGLISH = ("Euchre", "euchre", "Hearts", "hearts", "trick", "alone", "partner", "set")
"""The English names and words of American Grand: a German answer says Jucker, Herz, Stich,
allein, mit Partner, verloren."""


def test_american_grand_in_german_names_its_contracts_in_german_everywhere(
    run: Run, tmp_path: Path
) -> None:
    """Jucker and Herz, never Euchre and Hearts, in every German answer: the change, explain,
    the sheet in each format, the summary, the statistics, every export and the phone page
    (the JSON codes ``"contract": "euchre"`` are data, not words, and stay)."""
    path = tmp_path / "grand.json"
    at = ["--ledger", str(path), "--lang", "de"]

    def cli(*args: str) -> str:
        r = run(*args, *at)
        assert r.exit_code == 0, r.output
        return r.stdout

    cli("new", "--rules", "american-grand", "--players", "Anna", "Ben", "Carl", "Dora")
    said = [cli("add", "anna", "jucker", "20", "allein", "stiche", "5")]
    said.append(cli("add", "ben", "herz", "40", "herzen", "3"))
    said.append(cli("add", "carl", "jucker", "10", "stiche", "1"))
    said += [cli("explain", str(n)) for n in (1, 2, 3)]
    said += [cli("sheet", "--format", fmt) for fmt in ("plain", "grid", "md")]
    said += [cli("summary"), cli("stats"), *(cli("export", "--format", f) for f in ("html", "md"))]
    # a CSV's head is English field names in every language (test_export_alike): its rows
    said += [
        cli(*command, "--format", "csv").split("\n", 1)[1] for command in (["sheet"], ["export"])
    ]
    data = json.loads(cli("export", "--format", "json"))
    said += [deal[key] for deal in data["deals"] for key in ("computation",)]
    page = TestClient(create_app(path, key=KEY)).get("/api/list?lang=de").json()
    said += [text for game in page["games"] for text in (game["text"], *game["explanation"])]
    text = "\n".join(said)
    assert "Jucker 20 allein, 5 Stiche" in text and "Herz 40, 3 Herzen" in text
    assert "Jucker mit Partner: 1 Stich" in text and "Herz: 3 Herzen genommen" in text
    assert "jucker" in text  # the CSV's contract column: the German table's word
    found = [word for word in AMERICAN_ENGLISH if re.search(rf"\b{word}", text)]
    assert not found, found
