"""The score sheet through the command line: new, add, pass, undo, delete, edit, history,
sheet, summary, explain, check, play, schema, rules."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import Run


def _add(run: Run, ledger: Path, *words: str) -> str:
    r = run("add", *words, "--ledger", str(ledger))
    assert r.exit_code == 0, r.output
    return r.stdout


def _json_summary(run: Run, ledger: Path, *extra: str) -> dict[str, Any]:
    r = run("summary", "--json", "--ledger", str(ledger), *extra)
    assert r.exit_code == 0, r.output
    data: dict[str, Any] = json.loads(r.stdout)
    return data


@pytest.mark.english
def test_new_refuses_to_overwrite_without_force(run: Run, fresh_ledger: Path) -> None:
    before = fresh_ledger.read_bytes()
    r = run("new", "--players", "X", "Y", "Z", "--ledger", str(fresh_ledger))
    assert r.exit_code == 2
    assert "a list is there already; use --force" in r.stderr
    assert fresh_ledger.read_bytes() == before
    assert run("new", "X", "Y", "Z", "--force", "--ledger", str(fresh_ledger)).exit_code == 0


@pytest.mark.english
@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Anna", "Ben"], "2 players given: a list has 3 or 4 players"),
        (["A", "B", "C", "D", "E"], "5 players given"),
        (["Anna"], "1 player given: a list has 3 or 4 players"),
        (["Anna", "anna", "Ben"], "two players have the same name"),
    ],
)
def test_new_refuses_bad_player_lists(
    run: Run, ledger_path: Path, players: list[str], message: str
) -> None:
    r = run("new", "--players", *players, "--ledger", str(ledger_path))
    assert r.exit_code == 2 and message in r.stderr
    assert not ledger_path.exists()


@pytest.mark.english
def test_new_refuses_unknown_rules(run: Run, ledger_path: Path) -> None:
    r = run("new", "A", "B", "C", "--rule", "kontr=off", "--ledger", str(ledger_path))
    assert r.exit_code == 2 and "unknown rule option 'kontr'; did you mean 'kontra'?" in r.stderr
    r = run("new", "A", "B", "C", "--rules", "pub2", "--ledger", str(ledger_path))
    assert r.exit_code == 2 and "unknown rule set 'pub2'" in r.stderr


def test_add_prints_the_game_its_explanation_and_the_totals(run: Run, fresh_ledger: Path) -> None:
    out = _add(run, fresh_ledger, "anna", "kreuz", "mit", "2", "hand", "augen", "75")
    assert out == (
        "Spiel 1: Anna — Kreuz mit 2 Hand: +48\n"
        "  mit 2, Spiel 3, Hand 4 → 4 × 12 = 48\n"
        "Stand: Anna +48 | Ben 0 | Carl 0 · nächster Geber: Ben\n"
    )


def test_abbreviated_player_names(run: Run, fresh_ledger: Path) -> None:
    assert "Ben — Grand" in _add(run, fresh_ledger, "b", "grand", "mit", "1")
    assert "Carl — Null" in _add(run, fresh_ledger, "CA", "null")


@pytest.mark.english
def test_ambiguous_and_unknown_players_are_refused(run: Run, tmp_path: Path) -> None:
    ledger = tmp_path / "l.json"
    run("new", "Anna", "Andi", "Ben", "--ledger", str(ledger))
    r = run("add", "an", "null", "--ledger", str(ledger))
    assert r.exit_code == 2 and "'an' could be Anna or Andi" in r.stderr
    r = run("add", "dora", "null", "--ledger", str(ledger))
    assert r.exit_code == 2 and "unknown player 'dora'" in r.stderr


@pytest.mark.english
def test_impossible_game_is_refused_and_not_written(run: Run, fresh_ledger: Path) -> None:
    before = fresh_ledger.read_bytes()
    r = run("add", "anna", "grand", "mit", "5", "--ledger", str(fresh_ledger))
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: game 1: 'mit 5' in Grand")
    assert fresh_ledger.read_bytes() == before


def test_paper_value_is_recorded_and_checked(run: Run, fresh_ledger: Path) -> None:
    out = _add(run, fresh_ledger, "anna", "grand", "ohne", "1", "=", "72")
    assert "Papier 72: falsch, das Spiel zählt +48" in out
    r = run("check", "--ledger", str(fresh_ledger))
    assert r.exit_code == 1
    assert r.stdout == (
        f"{fresh_ledger}: Spiel 1: auf dem Papier steht +72, das Spiel ist +48 wert\n"
    )
    assert "1 Spiel: 1 Problem\n" in r.stderr  # the plural form of the count


def test_pass_scores_zero_and_moves_the_deal(run: Run, fresh_ledger: Path) -> None:
    r = run("pass", "--ledger", str(fresh_ledger))
    assert r.stdout == "Spiel 1: eingepasst\nStand: Anna 0 | Ben 0 | Carl 0 · nächster Geber: Ben\n"
    assert _json_summary(run, fresh_ledger)["games"] == 1


def test_undo_delete_edit_keep_history(run: Run, fresh_ledger: Path) -> None:
    _add(run, fresh_ledger, "anna", "kreuz", "mit", "1")  # 24
    _add(run, fresh_ledger, "ben", "grand", "ohne", "2", "augen", "59")  # mistyped
    _add(run, fresh_ledger, "carl", "null")  # 23
    _add(run, fresh_ledger, "anna", "herz", "mit", "1")  # 20, then taken back
    assert run("undo", "--ledger", str(fresh_ledger)).exit_code == 0
    r = run("edit", "2", "grand", "ohne", "2", "augen", "95", "--ledger", str(fresh_ledger))
    assert r.exit_code == 0, r.output
    assert "Spiel 2: Ben — Grand ohne 2 Schneider: +96" in r.stdout
    assert _json_summary(run, fresh_ledger)["totals"] == {"Anna": 24, "Ben": 96, "Carl": 23}
    r = run("edit", "3", "anna", "null", "verloren", "--ledger", str(fresh_ledger))
    assert "Spiel 3: Anna — Null, verloren: −46" in r.stdout
    assert run("delete", "1", "--ledger", str(fresh_ledger)).exit_code == 0
    assert _json_summary(run, fresh_ledger)["totals"] == {"Anna": -46, "Ben": 96, "Carl": 0}
    hist = run("history", "--ledger", str(fresh_ledger)).stdout.splitlines()
    assert [line.split()[0] for line in hist] == ["1.", "2.", "3.", "4."]  # for 'restore N'
    assert [line.split()[2:4] for line in hist] == [
        ["zurück", "Spiel"],
        ["geändert", "Spiel"],
        ["geändert", "Spiel"],
        ["gelöscht", "Spiel"],
    ]  # what each change did, in the list's language
    assert hist[0].endswith("zurück   Spiel 4: Anna herz mit 1")
    assert hist[1].endswith(
        "geändert Spiel 2: Ben grand ohne 2 augen 59 → Ben grand ohne 2 augen 95"
    )
    assert hist[3].endswith("gelöscht Spiel 1: Anna kreuz mit 1")


def test_edit_to_eingepasst(run: Run, fresh_ledger: Path) -> None:
    _add(run, fresh_ledger, "anna", "kreuz", "mit", "1")
    r = run("edit", "1", "eingepasst", "--ledger", str(fresh_ledger))
    assert r.stdout.startswith("Spiel 1: eingepasst")


@pytest.mark.english
@pytest.mark.parametrize("command", [["delete", "3"], ["edit", "3", "null"], ["explain", "3"]])
def test_game_numbers_out_of_range(run: Run, fresh_ledger: Path, command: list[str]) -> None:
    _add(run, fresh_ledger, "anna", "null")
    r = run(*command, "--ledger", str(fresh_ledger))
    assert r.exit_code == 2 and "game 3: the list has games 1 to 1" in r.stderr


@pytest.mark.english
def test_undo_on_an_empty_list(run: Run, fresh_ledger: Path) -> None:
    r = run("undo", "--ledger", str(fresh_ledger))
    assert r.exit_code == 2 and "the list has no games yet" in r.stderr


def test_sheet_plain(run: Run, fresh_ledger: Path) -> None:
    for words in (
        ["anna", "kreuz", "mit", "2", "hand"],
        ["ben", "pik", "mit", "1", "gereizt", "36"],
    ):
        _add(run, fresh_ledger, *words)
    run("pass", "--ledger", str(fresh_ledger))
    _add(run, fresh_ledger, "carl", "null", "hand", "=", "70")
    r = run("sheet", "--ledger", str(fresh_ledger))
    assert r.stdout == (
        "  Nr  Geber    Spieler    Spiel                   Wert        Anna    Ben    Carl\n"
        "----  -------  ---------  --------------------  ------  --  ------  -----  ------\n"
        "   1  Anna     Anna       Kreuz mit 2 Hand         +48         +48      0       0\n"
        "   2  Ben      Ben        Pik mit 1, überreizt     −88         +48    −88       0\n"
        "   3  Carl                eingepasst                 0         +48    −88       0\n"
        "----  -------  ---------  --------------------  ------  --  ------  -----  ------\n"
        "   4  Anna     Carl       Null Hand                +35  ≠      +48    −88     +35\n"
        "B = Bock, R = Ramschrunde, ≠ = Wert auf Papier weicht ab, "
        "! = unmögliches Spiel (skatliste check)\n"
    )


def test_sheet_csv_and_json(run: Run, fresh_ledger: Path) -> None:
    _add(run, fresh_ledger, "anna", "kreuz", "mit", "2", "hand")
    csv_out = run("sheet", "--format", "csv", "--ledger", str(fresh_ledger)).stdout
    (game,) = csv.DictReader(io.StringIO(csv_out), delimiter=";")
    assert [game[k] for k in ("number", "round", "dealer", "declarer", "description")] == [
        "1",
        "1",
        "Anna",
        "Anna",
        "Kreuz mit 2 Hand",
    ]
    assert [game[k] for k in ("list_points", "marks", "total Anna", "total Ben")] == [
        "48",
        "",
        "48",
        "0",
    ]
    english = run("sheet", "--format", "csv", "--lang", "en", "--ledger", str(fresh_ledger))
    (game,) = csv.DictReader(io.StringIO(english.stdout))
    assert game["description"] == "Clubs with 2 hand" and game["list_points"] == "48"
    data = json.loads(run("sheet", "--format", "json", "--ledger", str(fresh_ledger)).stdout)
    assert data["games"][0]["list_points"] == 48
    assert data["games"][0]["totals"] == {"Anna": 48, "Ben": 0, "Carl": 0}


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_sheet_and_export_write_the_same_csv_and_json(
    run: Run, fresh_ledger: Path, fmt: str
) -> None:
    """One CSV and one JSON of a list, whichever command writes it."""
    _add(run, fresh_ledger, "anna", "kreuz", "mit", "2", "hand")
    for lang in ("de", "en"):
        args = ("--format", fmt, "--lang", lang, "--ledger", str(fresh_ledger))
        assert run("sheet", *args).stdout == run("export", *args).stdout


def test_summary_money_settlement(run: Run, fresh_ledger: Path) -> None:
    _add(run, fresh_ledger, "anna", "grand", "mit", "4", "schneider")  # +144
    _add(run, fresh_ledger, "ben", "karo", "ohne", "2", "verloren")  # −54
    data = _json_summary(run, fresh_ledger, "--cent", "0.25")
    # §8: i receives (3 × total_i − sum) × stake; sum = 90
    assert data["exact_balances_cent"] == {"Anna": 85.5, "Ben": -63.0, "Carl": -22.5}
    # rounded to whole cents that still add up to 0: the two half cents, one up (Anna, ahead)
    assert data["balances_cent"] == {"Anna": 86, "Ben": -63, "Carl": -23}
    assert sum(data["balances_cent"].values()) == 0
    text = run("summary", "--cent", "1/4", "--ledger", str(fresh_ledger)).stdout
    # each pair's 49.5, 36 and 13.5 ct to the cent, adding up to each balance: Ben's −63 ct
    # is 50 + 13, so his half cent with Carl is rounded down
    assert "Ben zahlt Anna 0,50 €" in text
    assert "Carl zahlt Anna 0,36 €" in text
    assert "Ben zahlt Carl 0,13 €" in text
    assert data["payments_cent"] == [
        {"from": "Carl", "to": "Anna", "amount": 36},
        {"from": "Ben", "to": "Anna", "amount": 50},
        {"from": "Ben", "to": "Carl", "amount": 13},
    ]
    english = run("summary", "--cent", "1/4", "--lang", "en", "--ledger", str(fresh_ledger))
    assert "Ben pays Anna €0.50" in english.stdout
    assert "+€0.86" in english.stdout


@pytest.mark.english
def test_summary_of_one_round(run: Run, fresh_ledger: Path) -> None:
    for _ in range(3):
        _add(run, fresh_ledger, "anna", "null")
    _add(run, fresh_ledger, "ben", "null")
    assert _json_summary(run, fresh_ledger, "--round", "1")["totals"]["Anna"] == 69
    last = _json_summary(run, fresh_ledger, "--last-round")
    assert last["totals"] == {"Anna": 0, "Ben": 23, "Carl": 0}
    assert last["rounds"] == [2, 2]
    r = run("summary", "--round", "5", "--ledger", str(fresh_ledger))
    assert r.exit_code == 2 and "round 5: the list has rounds 1 to 2" in r.stderr


def test_summary_json_fields(run: Run, fresh_ledger: Path) -> None:
    _add(run, fresh_ledger, "anna", "karo", "ohne", "2", "verloren")
    run("pass", "--ledger", str(fresh_ledger))
    data = _json_summary(run, fresh_ledger)
    assert data["totals"] == {"Ben": 0, "Carl": 0, "Anna": -54}
    assert data["seeger_fabian"] == {"Anna": -104, "Ben": 40, "Carl": 40}
    assert data["won"] == {"Anna": 0, "Ben": 0, "Carl": 0}
    assert data["lost"] == {"Anna": 1, "Ben": 0, "Carl": 0}
    assert data["games"] == 2
    assert data["players"][-1] == "Anna"


def test_explain_game(run: Run, fresh_ledger: Path) -> None:
    _add(run, fresh_ledger, "anna", "karo", "ohne", "2", "verloren")
    r = run("explain", "1", "--ledger", str(fresh_ledger))
    assert r.stdout == (
        "Spiel 1: Anna — Karo ohne 2, verloren: −54\n"
        "  Geber: Anna\n"
        "  ohne 2, Spiel 3 → 3 × 9 = 27\n"
        "  verloren: −2 × 27 = −54\n"
        "  Seeger-Fabian: −54 − 50 = −104, Gegenspieler je +40\n"
    )


def test_ledger_from_environment(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "env.json"
    monkeypatch.setenv("SKATLISTE_LEDGER", str(path))
    assert run("new", "A", "B", "C").exit_code == 0
    assert run("add", "a", "null").exit_code == 0
    assert json.loads(path.read_text())["games"][0]["game"] == "null"


@pytest.mark.english
def test_missing_ledger_says_how_to_start(run: Run, tmp_path: Path) -> None:
    r = run("sheet", "--ledger", str(tmp_path / "none.json"))
    assert r.exit_code == 2
    assert "no list here; start one with 'skatliste new --players" in r.stderr


# --- a table of four ---------------------------------------------------------------------


@pytest.fixture
def table_of_four(run: Run, ledger_path: Path) -> Path:
    run("new", "Anna", "Ben", "Carl", "Dora", "--ledger", str(ledger_path))
    return ledger_path


def test_the_dealer_sits_out_at_a_table_of_four(run: Run, table_of_four: Path) -> None:
    r = run("add", "anna", "null", "--ledger", str(table_of_four))
    assert r.exit_code == 2
    assert "Anna gibt Spiel 1 und setzt am Vierertisch aus" in r.stderr
    assert _add(run, table_of_four, "ben", "null").startswith("Spiel 1: Ben")


def test_seeger_fabian_at_a_table_of_four_pays_the_dealer_too(
    run: Run, table_of_four: Path
) -> None:
    _add(run, table_of_four, "ben", "karo", "ohne", "2", "verloren")
    data = _json_summary(run, table_of_four)
    assert data["seeger_fabian"] == {"Anna": 30, "Ben": -104, "Carl": 30, "Dora": 30}


def test_stats_count_the_deals_a_player_sat_in_not_the_ones_he_dealt(
    run: Run, table_of_four: Path
) -> None:
    """At a table of four the dealer sits out: his deals are no games of his (rules §1)."""
    _add(run, table_of_four, "ben", "null")  # Anna deals
    _add(run, table_of_four, "carl", "null")  # Ben deals
    data = json.loads(run("stats", "--json", "--ledger", str(table_of_four)).stdout)
    assert {name: data[name]["games"] for name in data} == {
        "Anna": 1,
        "Ben": 1,
        "Carl": 2,
        "Dora": 2,
    }


@pytest.mark.english
def test_check_finds_a_hand_edited_impossible_game(run: Run, table_of_four: Path) -> None:
    _add(run, table_of_four, "ben", "null")
    _add(run, table_of_four, "carl", "grand", "mit", "1")
    data = json.loads(table_of_four.read_text())
    data["games"][0]["declarer"] = "Anna"  # the dealer of game 1
    data["games"][1]["spitzen"] = 5  # Grand mit 5
    table_of_four.write_text(json.dumps(data))
    r = run("check", "--ledger", str(table_of_four))
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{table_of_four}: game 1: Anna deals game 1 and sits out at a table of four "
        "(rules §1); the declarer is one of the three others",
        f"{table_of_four}: game 2: 'mit 5' in Grand: a Grand has at most 4 Spitzen "
        "(only the Buben are trumps): mit/ohne 1 to 4",
    ]
    sheet = run("sheet", "--ledger", str(table_of_four)).stdout
    assert "grand mit 5 !" in sheet


@pytest.mark.english
def test_check_of_a_good_list(run: Run, fresh_ledger: Path) -> None:
    _add(run, fresh_ledger, "anna", "null")
    r = run("check", "--ledger", str(fresh_ledger))
    assert r.exit_code == 0 and r.stdout == f"{fresh_ledger}: 1 game, no problems\n"


# --- tournament ------------------------------------------------------------------------


@pytest.fixture
def tournament(run: Run, ledger_path: Path) -> Path:
    r = run("new", "Anna", "Ben", "Carl", "--rules", "tournament", "--rule", "series=3",
            "--ledger", str(ledger_path))  # fmt: skip
    assert "Serie von 3 Spielen" in r.stdout
    return ledger_path


def test_tournament_refuses_kontra_citing_the_skwo(run: Run, tournament: Path) -> None:
    r = run("add", "anna", "grand", "mit", "1", "kontra", "--ledger", str(tournament))
    assert r.exit_code == 2
    assert "die Turnierregeln (SkWO, Regeln §7) kennen kein Kontra und kein Re" in r.stderr


def test_tournament_refuses_bock(run: Run, tournament: Path) -> None:
    r = run("add", "anna", "grand", "mit", "1", "bock", "--ledger", str(tournament))
    assert r.exit_code == 2 and "kennen keinen Bock" in r.stderr


def test_tournament_refuses_a_game_past_the_series(run: Run, tournament: Path) -> None:
    for who in ("anna", "ben", "carl"):
        assert "/3" in _add(run, tournament, who, "null")
    r = run("pass", "--ledger", str(tournament))
    assert r.exit_code == 2 and "die Serie hat 3 Spiele (Regel series)" in r.stderr
    assert "Nr" in run("sheet", "--ledger", str(tournament)).stdout
    assert " 3/3  Carl" in run("sheet", "--ledger", str(tournament)).stdout


def test_tournament_ranks_by_seeger_fabian(run: Run, tournament: Path) -> None:
    _add(run, tournament, "anna", "grand", "mit", "2")  # +72 → SF 122
    _add(run, tournament, "ben", "null", "verloren")  # −46 → SF −96, others +40
    _add(run, tournament, "carl", "karo", "mit", "1")  # +18 → SF 68
    data = _json_summary(run, tournament)
    assert data["seeger_fabian"] == {"Anna": 162, "Carl": 108, "Ben": -96}
    assert data["players"] == ["Anna", "Carl", "Ben"]
    assert data["ranked_by"] == "seeger-fabian"


# --- the other commands ------------------------------------------------------------------


def test_schema_is_the_ledger_format(run: Run) -> None:
    schema = json.loads(run("schema").stdout)
    assert schema["title"] == "skatliste Skat list"
    assert {"format", "version", "players", "rules", "games"} <= set(schema["properties"])


@pytest.mark.english
def test_rules_of_a_list_and_the_option_list(run: Run, fresh_ledger: Path) -> None:
    out = run("rules", "--ledger", str(fresh_ledger)).stdout
    assert "rule set isko" in out and "\n  kontra=on — Kontra (×2) and Re (×4)" in out
    listed = run("rules", "--list").stdout
    for key in ("kontra", "bock", "spitzen_cap", "lost_hand_single", "null_overbid", "series"):
        assert f"  {key} = " in listed


@pytest.mark.english
def test_play_over_a_pipe(run: Run, fresh_ledger: Path) -> None:
    answers = "\n".join(
        [
            "anna", "kreuz", "mit 2", "j", "n", "nichts", "75", "n", "", "nein",  # Kreuz mit 2 Hand
            "p",  # eingepasst
            "carl", "null", "n", "n", "n", "", "nein",  # Null lost
            "ben", "grand", "ohne 9",  # impossible: refused, asked again
            "ohne 1", "n", "n", "", "j", "n", "j", "48", "kontra",
            "q",
        ]
    )  # fmt: skip
    r = run("play", "--ledger", str(fresh_ledger), input=answers + "\n")
    assert r.exit_code == 0, r.output
    assert "'ohne 9' in Grand" in r.stderr
    data = _json_summary(run, fresh_ledger)
    # Kreuz mit 2 Hand 48; Null lost −46; Grand ohne 1 Schneider = 72, Kontra → 144
    assert data["totals"] == {"Anna": 48, "Ben": 144, "Carl": -46}
    assert data["games"] == 4


# --- player names ---------------------------------------------------------------------


def _table_words() -> list[str]:
    from skatliste.skat.words import GAME_WORDS, NUMBER_WORDS, PASS_WORDS, RAMSCH_WORDS

    return sorted({*GAME_WORDS, *NUMBER_WORDS, *PASS_WORDS, *RAMSCH_WORDS, "bock", "kontra"})


@pytest.mark.english
@pytest.mark.parametrize("word", _table_words())
def test_a_word_of_the_table_grammar_is_no_players_name(
    run: Run, ledger_path: Path, word: str
) -> None:
    """`new --players pass Ben Carl` would make 'pass' both a player and eingepasst: every
    word the grammar reads is refused as a name, in any case, and no list is made."""
    r = run("new", "--players", "Anna", word.capitalize(), "Carl", "--ledger", str(ledger_path))
    assert r.exit_code == 2 and "cannot be a player's name" in r.stderr, r.stderr
    assert not ledger_path.exists()


NFD_JUERGEN = "Ju\u0308rgen"
NFC_JUERGEN = "J\u00fcrgen"


@pytest.mark.english
def test_a_decomposed_and_a_composed_umlaut_are_one_name(run: Run, ledger_path: Path) -> None:
    """'Jürgen' typed with a decomposed ü (NFD, as some keyboards send it) and with a composed
    one are the same player: no two look-alike players, and either finds him."""
    r = run("new", "--players", NFD_JUERGEN, NFC_JUERGEN, "Carl", "--ledger", str(ledger_path))
    assert r.exit_code == 2 and "same name" in r.stderr
    r = run("new", "--players", NFD_JUERGEN, "Ben", "Carl", "--ledger", str(ledger_path))
    assert r.exit_code == 0, r.stderr
    stored = json.loads(ledger_path.read_text(encoding="utf-8"))
    assert stored["players"][0] == NFC_JUERGEN  # stored composed
    for typed in (NFC_JUERGEN, NFD_JUERGEN, "jü", "ju\u0308"):
        r = run("add", typed, "grand", "mit", "1", "augen", "70", "--ledger", str(ledger_path))
        assert r.exit_code == 0, (typed, r.stderr)
    ramsch = f"{NFD_JUERGEN.lower()}=30 ben=40 carl=50 jungfrau {NFD_JUERGEN}"
    r = run("ramsch", *ramsch.split(), "--ledger", str(ledger_path))
    assert "unknown player" not in r.stderr
    assert run("check", "--ledger", str(ledger_path)).exit_code in (0, 1)
