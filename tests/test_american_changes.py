"""American Grand lists at the edges: two keepers' lists compared as the family numbers and
settles them (docs/rules.md §A4: an end by hand has no number of its own; §A5: each partie is
settled on its own, so the parties are compared, not totals across them), and a change that
reshapes the parties says so, on the command line and on the phone page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from skatliste.web.agree import agreement_json
from skatliste.web.server import create_app

from .conftest import Run, american
from .webtools import KEY

AUTH = {"Authorization": f"Bearer {KEY}"}
EVENING = ("anna whist 25 stiche 11", "ben whist 30 stiche 12", "carl grand 10 stiche 8")
WON = ("ben whist 45 stiche 13", "dora whist 45 stiche 13", "carl grand 10 stiche 8")
"""Ben+Dora reach 100 in deal 2 (65 + 65) and win partie 1; deal 3 begins partie 2."""


def ok(run: Run, path: Path, *args: str) -> list[str]:
    r = run(*args, "--ledger", str(path))
    assert r.exit_code == 0, r.output
    return r.stdout.splitlines()


@pytest.fixture
def pair(run: Run, tmp_path: Path) -> tuple[Path, Path]:
    """List A has four deals; list B the same with an end by hand after deal 1, and its deal 4
    set (10 tricks, not 11)."""
    a = american(run, tmp_path / "a.json", *EVENING, "dora whist 25 stiche 11")
    b = american(run, tmp_path / "b.json", *EVENING, "dora whist 25 stiche 10")
    ok(run, b, "insert", "2", "ende")
    return a, b


# --- compare ---------------------------------------------------------------------------------


def test_compare_names_an_end_by_the_deal_before_it_and_compares_each_partie(
    run: Run, pair: tuple[Path, Path]
) -> None:
    """The end is B's "end after deal 1" (B's sheet numbers the next deals 2 to 4, as A's),
    and each partie's result is compared, not the scores of each list's partie in progress."""
    r = run("compare", *map(str, pair))
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        'Ende nach Spiel 1 von B: "Partie von Hand beendet" 0 — fehlt in A',
        'Spiel 4: A "Dora whist 25 stiche 11" +25 — B "Dora whist 25 stiche 10" −25',
        "Ergebnis von Partie 1: A Spiele 1 bis 4, vorläufig: Anna+Carl +43 · Ben+Dora +55 · "
        "verloren 0 : 0 → Ben+Dora gewinnen 57 : 0 — B Spiel 1, beendet (von Hand beendet): "
        "Anna+Carl +25 · Ben+Dora 0 · verloren 0 : 0 → Anna+Carl gewinnen 100 : 0",
        "Ergebnis von Partie 2: fehlt in A — B Spiele 2 bis 4, vorläufig: Anna+Carl +18 · "
        "Ben+Dora +5 · verloren 0 : 1 → Anna+Carl gewinnen 105 : 0",
        "die Listen unterscheiden sich in 1 Spiel und 1 Eintrag ohne eigene Nummer",
    ]
    english = run("compare", *map(str, pair), "--lang", "en").stdout.splitlines()
    assert english[-1] == "the lists differ in 1 game and 1 entry with no number of its own"
    assert english[0] == 'B\'s end after deal 1: "partie ended by hand" 0 — missing in A'
    assert english[2].startswith("result of partie 1: A deals 1 to 4, provisional: ")


def test_an_end_alone_that_differs_is_counted_as_no_game(run: Run, tmp_path: Path) -> None:
    """Two lists of the same deals, one ended by hand after its last deal: the lists differ
    in that end, an entry with no number of its own (§A4), not in a game."""
    a = american(run, tmp_path / "a.json", *EVENING)
    b = american(run, tmp_path / "b.json", *EVENING)
    ok(run, b, "end")
    r = run("compare", str(a), str(b), "--lang", "en")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1] == "the lists differ in 1 entry with no number of its own"


def test_compare_json_gives_the_end_its_place_after_a_deal_and_each_partie(
    run: Run, pair: tuple[Path, Path]
) -> None:
    data = json.loads(run("compare", *map(str, pair), "--json").stdout)
    assert [(d.get("game"), d.get("after"), d["kind"]) for d in data["differences"]] == [
        (None, 1, "missing_in_a"),
        (4, None, "result"),
    ]
    assert data["differences"][1]["b"]["game"] == 4
    assert data["totals"] == {}
    assert [(r["of"], r["a"] is None) for r in data["results"]] == [
        ("partie 1", False),
        ("partie 2", True),
    ]
    assert data["results"][0]["b"] == {
        "partie": 1,
        "deals": [1],
        "finished": True,
        "reason": "hand",
        "points": [25, 0],
        "sets": [0, 0],
        "final": [100, 0],
        "winner": "Anna+Carl",
    }


def test_two_lists_that_differ_only_in_how_their_parties_end_are_told_apart(
    run: Run, tmp_path: Path
) -> None:
    """The same deals under other rules (partie.deals=2, §A4): the parties differ."""
    a = american(run, tmp_path / "a.json", *EVENING)
    b = american(run, tmp_path / "b.json", *EVENING, rule="partie.deals=2")
    r = run("compare", str(a), str(b), "--lang", "en")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1] == "the lists differ in their results only"


def test_the_phone_page_lists_the_parties_of_both_pairs_where_they_differ(
    run: Run, tmp_path: Path
) -> None:
    """Under partie.deals=2 each list's last partie gives Anna+Carl 0, so comparing the
    scores of the partie in progress listed only Ben+Dora's; the parties show both pairs."""
    deals = ("anna whist 25 stiche 11", "ben whist 30 stiche 12", "dora whist 25 stiche 11")
    a = american(run, tmp_path / "t.json", *deals, "ben whist 25 stiche 11", rule="partie.deals=2")
    b = american(
        run, tmp_path / "t.b.json", *deals, "ben whist 25 stiche 10", rule="partie.deals=2"
    )
    ok(run, b, "insert", "2", "ende")
    lines = agreement_json(a, lang="en", link=None)["pair"]["lines"]
    assert lines[:2] == [
        'B\'s end after deal 1: "partie ended by hand" 0 — missing in A',
        'game 4: A "Ben whist 25 tricks 11" +25 — B "Ben whist 25 tricks 10" −25',
    ]
    assert lines[2] == (
        "result of partie 1: A deals 1 to 2, over (deals played): Anna+Carl +25 · Ben+Dora +30 "
        "· sets 0 : 0 → Ben+Dora win 75 : 0 — B deal 1, over (ended by hand): Anna+Carl +25 · "
        "Ben+Dora 0 · sets 0 : 0 → Anna+Carl win 100 : 0"
    )
    assert [line.split(":")[0] for line in lines[3:]] == [
        "result of partie 2",
        "result of partie 3",
        "the lists differ in 1 game and 1 entry with no number of its own",
    ]
    client = TestClient(create_app(b, key=KEY), headers={"Accept-Language": "en"})
    # list B's page marks its deal 4, not the end (which has no line of its own)
    assert client.get("/api/agree").json()["differ_here"] == [4]


# --- changes that reshape the parties --------------------------------------------------------


def test_an_edit_that_keeps_the_won_partie_from_ending_says_so(run: Run, tmp_path: Path) -> None:
    """Deal 2 scores 20, not 65: Ben+Dora are at 85, partie 1 takes deal 3 in and goes on."""
    path = american(run, tmp_path / "l.json", *WON)
    assert ok(run, path, "edit", "2", "dora", "whist", "20", "stiche", "10")[-3:] == [
        "Partie 1: Anna+Carl +18 · Ben+Dora +85 · verloren 0 : 0 · nächster Geber: Dora",
        "Partie 1 ist nicht mehr beendet: Spiele 1 bis 3, vorläufig: Anna+Carl +18 · "
        "Ben+Dora +85 · verloren 0 : 0 → Ben+Dora gewinnen 82 : 0",
        "Partie 2 gibt es nicht mehr",
    ]
    assert ok(run, path, "restore", "1", "--lang", "en")[-2:] == [
        "partie 1 now: deals 1 to 2, over (100 reached): Anna+Carl 0 · Ben+Dora +130 · "
        "sets 0 : 0 → Ben+Dora win 100 : 0",
        "partie 2 now: deal 3, provisional: Anna+Carl +18 · Ben+Dora 0 · sets 0 : 0 → "
        "Anna+Carl win 100 : 0",
    ]


def test_an_end_put_in_says_which_partie_is_over_and_its_settlement(
    run: Run, tmp_path: Path
) -> None:
    path = american(run, tmp_path / "l.json", *EVENING)
    assert ok(run, path, "insert", "2", "ende") == [
        "Partie 2: Anna+Carl +18 · Ben+Dora +30 · verloren 0 : 0 · nächster Geber: Dora",
        "Partie 1 jetzt: Spiel 1, beendet (von Hand beendet): Anna+Carl +25 · Ben+Dora 0 · "
        "verloren 0 : 0 → Anna+Carl gewinnen 100 : 0",
        "Partie 2 jetzt: Spiele 2 bis 3, vorläufig: Anna+Carl +18 · Ben+Dora +30 · "
        "verloren 0 : 0 → Ben+Dora gewinnen 82 : 0",
    ]


def test_a_delete_that_takes_the_hundred_away_says_the_partie_is_no_longer_over(
    run: Run, tmp_path: Path
) -> None:
    path = american(run, tmp_path / "l.json", *WON)
    assert ok(run, path, "delete", "2", "--lang", "en")[-2:] == [
        "partie 1 is no longer over: deals 1 to 2, provisional: Anna+Carl +18 · Ben+Dora +65 · "
        "sets 0 : 0 → Ben+Dora win 82 : 0",
        "partie 2 is no longer on the list",
    ]


def test_a_change_within_the_partie_in_progress_adds_nothing_to_its_standing(
    run: Run, tmp_path: Path
) -> None:
    path = american(run, tmp_path / "l.json", *EVENING)
    assert ok(run, path, "edit", "3", "carl", "grand", "10", "stiche", "9")[-1] == (
        "Partie 1: Anna+Carl +52 · Ben+Dora +30 · verloren 0 : 0 · nächster Geber: Dora"
    )


def test_the_phone_page_says_what_an_edit_and_a_delete_did_to_the_parties(
    run: Run, tmp_path: Path
) -> None:
    path = american(run, tmp_path / "l.json", *WON)
    client = TestClient(create_app(path, key=KEY), headers={"Accept-Language": "en"})
    edited = client.put("/api/games/2", json={"words": "whist 20 tricks 10"}, headers=AUTH)
    assert edited.status_code == 200
    assert edited.json()["followups"] == [
        "partie 1 is no longer over: deals 1 to 3, provisional: Anna+Carl +18 · Ben+Dora +85 · "
        "sets 0 : 0 → Ben+Dora win 82 : 0",
        "partie 2 is no longer on the list",
    ]
    deleted = client.delete("/api/games/3", headers=AUTH)
    assert deleted.json()["followups"] == []  # within the partie in progress


def test_the_phone_page_says_which_later_games_a_skat_edit_changed(
    run: Run, tmp_path: Path
) -> None:
    """The same words as the command line's (a Bock round that now starts elsewhere)."""
    path = tmp_path / "pub.json"
    assert run("new", "Anna", "Ben", "Carl", "--rules", "pub", "--ledger", str(path)).exit_code == 0
    for words in ("ben kreuz mit 2 hand", "carl pik mit 1 augen 60", "anna herz mit 1"):
        assert run("add", *words.split(), "--ledger", str(path)).exit_code == 0
    client = TestClient(create_app(path, key=KEY))
    edited = client.put("/api/games/2", json={"words": "pik mit 1 augen 61"}, headers=AUTH)
    assert edited.json()["followups"] == ["Spätere Spiele geändert: Spiel 3: +40 → +20"]
