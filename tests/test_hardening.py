"""Nothing lost, no traceback: every path a tired table took, as a test.

Each test is one reproduction of a tired table's input: it failed on the code before its fix (a
traceback, a silent misreading, a wrong count) and passes now.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from skatliste.errors import InputError, InvalidGameError
from skatliste.money import parse_stake
from skatliste.players import check_player_names, find_player
from skatliste.render.skat_text import money
from skatliste.skat import rules
from skatliste.skat.cards import trick_seats
from skatliste.skat.replay import decode_replay, load_replay
from skatliste.skat.stats import collect, stats_rows
from skatliste.skat.words import parse_words, suggest

from .conftest import EXAMPLES, Run


def _bytes(path: Path) -> bytes:
    return path.read_bytes()


@pytest.fixture
def pub_ledger(run: Run, ledger_path: Path) -> Path:
    """A pub list of three: Bock and Ramsch on."""
    r = run(
        "new", "--players", "Anna", "Ben", "Carl", "--rules", "pub", "--ledger", str(ledger_path)
    )
    assert r.exit_code == 0, r.output
    return ledger_path


# --- tracebacks become refusals ---------------------------------------------------------------


@pytest.mark.parametrize(
    "words",
    [
        "herz mit 1 kontra 300",
        "herz mit 1 " + "bock " * 9,
        "herz mit 1 " + "doppelbock " * 5,
        "herz mit 1 kontra ²",
        "herz mit 1 augen " + "9" * 5000,
        "herz mit 1 = " + "9" * 5000,
    ],
)
def test_out_of_range_game_words_are_refused_and_the_list_kept(
    run: Run, pub_ledger: Path, words: str
) -> None:
    """Numbers the list file cannot hold are refused by the rules core, before any write."""
    before = _bytes(pub_ledger)
    r = run("add", "ben", *words.split(), "--ledger", str(pub_ledger))
    assert r.exit_code == 2
    assert r.stderr.startswith("Fehler: ")
    assert _bytes(pub_ledger) == before


def test_a_ramsch_pushed_seven_times_is_refused(run: Run, pub_ledger: Path) -> None:
    """Schieberamsch: each of the three players may push at most twice; 7 is a slip."""
    before = _bytes(pub_ledger)
    r = run("ramsch", "anna=45", "ben=40", "carl=35", "geschoben", "7", "--ledger", str(pub_ledger))
    assert r.exit_code == 2
    assert "geschoben 7" in r.stderr
    assert _bytes(pub_ledger) == before


def test_the_core_names_the_limits_the_list_file_uses() -> None:
    """One authority: the ledger's models take these constants from the core."""
    assert rules.MAX_BID == max(rules.REIZWERTE) == 264
    assert rules.MIN_BID == 18
    assert rules.MAX_BOCK == 8
    assert rules.MAX_PUSHES == 6
    with pytest.raises(InvalidGameError, match="at most 8"):
        rules.check_bock(9)
    with pytest.raises(InvalidGameError, match="0 to 6"):
        rules.check_pushes(7)
    with pytest.raises(InvalidGameError, match="kontra 265"):
        rules.check_kontra_bid(265)
    with pytest.raises(InvalidGameError, match="geschoben"):
        rules.ramsch_score({"A": 45, "B": 40, "C": 35}, pushes=7)


@pytest.mark.parametrize("cent", ["1e30", "1e308", "nan", "inf", "-1", "1/0", "10001", "1e999999"])
@pytest.mark.parametrize("command", ["summary", "export"])
def test_an_impossible_stake_is_refused(
    run: Run, fresh_ledger: Path, command: str, cent: str
) -> None:
    """A stake is a few cent a point, written 0.25, 0,5 or 1/4; the rest is refused at once."""
    r = run(command, "--cent", cent, "--ledger", str(fresh_ledger))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"Fehler: --cent {cent}")


def test_stakes_as_written_at_the_table() -> None:
    assert parse_stake("0,25") == parse_stake("1/4") == Fraction(1, 4)
    assert parse_stake("10000") == 10000


@pytest.mark.parametrize(
    "text",
    [
        '{"players": 5}',
        '{"players": 5, "declarer": 1, "game": 2, "hands": 3, "skat": 4}',
        '{"players": ["A", "B", "C"], "declarer": "A", "game": "grand", "hands": [], "skat": 1}',
        "[1, 2]",
        "[" * 100_000,
        '{"players": 1' + "0" * 5000 + "}",
        "players Anna Ben Carl",
        "",
    ],
)
def test_a_malformed_replay_file_is_refused(run: Run, tmp_path: Path, text: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    r = run("replay", str(path))
    assert r.exit_code == 2
    assert r.stderr.startswith("Fehler: ")


@pytest.mark.english
def test_a_replay_file_that_is_not_utf8_is_refused(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_bytes(b"players: \xff\xfe Anna")
    r = run("replay", str(path))
    assert r.exit_code == 2
    assert "not UTF-8" in r.stderr


@pytest.mark.english
def test_an_unexpected_exception_is_reported_as_a_bug(
    run: Run, fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last line of defence: one line, exit 70, the traceback only with SKATLISTE_DEBUG."""
    import skatliste.skat.summary

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a slip in the code")

    monkeypatch.setattr(skatliste.skat.summary, "summarise", broken)
    monkeypatch.setattr(skatliste.skat.summary, "summary_of", broken)
    r = run("summary", "--ledger", str(fresh_ledger))
    assert r.exit_code == 70
    assert r.stderr.startswith("Bug: 'skatliste summary' failed unexpectedly (ZeroDivisionError")
    assert "SKATLISTE_DEBUG=1" in r.stderr
    assert "Traceback" not in r.stderr
    monkeypatch.setenv("SKATLISTE_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        run("summary", "--ledger", str(fresh_ledger))


# --- silent misreadings -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("herz mit 1 augen 70 augen 50", "Augen are given twice"),
        ("pik mit 1 gereizt 36 gereizt 18", "bid is given twice"),
        ("pik mit 1 gereizt36 bid 18", "bid is given twice"),
        ("pik mit 1 kontra 20 kontra 30", "given twice"),
    ],
)
def test_a_number_word_given_twice_is_refused(words: str, said: str) -> None:
    """The last one used to win silently, hiding a real overbid."""
    with pytest.raises(InputError, match=said):
        parse_words(words.split())


@pytest.mark.parametrize("name", ["pub", "isko", "Herz", "grand", "mit", "q", "42"])
def test_a_player_cannot_be_named_like_a_rule_set_or_a_game_word(name: str) -> None:
    with pytest.raises(InputError, match="cannot be a player's name"):
        check_player_names(["Anna", "Ben", name])


@pytest.mark.english
def test_a_second_value_after_rules_makes_no_player(run: Run, ledger_path: Path) -> None:
    """'--rules isko pub' made a player called "pub"."""
    r = run(
        "new", "--players", "Anna", "Ben", "Carl", "--rules", "isko", "pub",
        "--ledger", str(ledger_path),
    )  # fmt: skip
    assert r.exit_code == 2
    assert "'pub' cannot be a player's name: it is the name of a rule set" in r.stderr
    assert not ledger_path.exists()


def test_a_player_plays_one_card_to_a_trick(run: Run) -> None:
    with pytest.raises(InputError, match="3 cards but 2 players"):
        trick_seats(["Anna", "Ben"], 3, lead="Ben")
    r = run("trick", "kreuz", "HA", "HT", "SJ", "--players", "Anna,Ben", "--lead", "Ben")
    assert r.exit_code == 2
    assert "jeder Spieler gibt eine Karte zum Stich" in r.stderr
    r = run("trick", "kreuz", "HA", "HT", "SJ", "--players", "Anna,Ben,Carl", "--lead", "Ben")
    assert r.stdout == "♠B gewinnt: Trumpf sticht (Anna); 23 Augen\n"


def test_a_byte_order_mark_is_ignored(run: Run, tmp_path: Path) -> None:
    r = run("value", "-", input="\ufeffkreuz mit 2 hand = 48\n")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("1: Kreuz mit 2 Hand: +48")
    text = (EXAMPLES / "grand-hand.txt").read_text(encoding="utf-8")
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert decode_replay(path.read_bytes()) == text
    assert run("replay", str(path)).exit_code == 0
    assert load_replay("\ufeff" + text).declarer == "Anna"


@pytest.mark.parametrize("count", ["-3", "9", "300"])
def test_value_refuses_a_negative_or_absurd_bock_count(run: Run, count: str) -> None:
    r = run("value", "herz", "mit", "1", "--bock", count)
    assert r.exit_code == 2
    assert "--bock" in r.stderr


# --- table-side friction ----------------------------------------------------------------------


@pytest.mark.english
def test_the_first_dealer_may_be_abbreviated(run: Run, ledger_path: Path) -> None:
    r = run("new", "--players", "Anna", "Ben", "Carl", "--first-dealer", "c",
            "--ledger", str(ledger_path))  # fmt: skip
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith("Carl deals first\n")
    assert find_player(("Anna", "Ben", "Carl"), "CA") == "Carl"
    with pytest.raises(InputError, match="could be Anna or Andi"):
        find_player(("Anna", "Andi", "Carl"), "an")


def test_typo_suggestions_prefer_the_german_word() -> None:
    assert str(suggest("ohen")) == "; did you mean 'ohne'?"
    assert suggest("ohen").render("de") == "; meintest du 'ohne'?"
    assert str(suggest("verlorn")) == "; did you mean 'verloren'?"


def test_rules_list_keeps_names_and_meanings_apart(run: Run) -> None:
    out = run("rules", "--list", "--lang", "en").stdout
    assert "  offizierskat  two players" in out
    assert "offizierskattwo" not in out


def test_rules_list_means_in_the_chosen_language(run: Run) -> None:
    """The presets' and options' meanings are in German by default, in English with --lang en;
    the names and values stay as they are typed."""
    german = run("rules", "--list").stdout
    assert "  offizierskat  zwei Spieler wie beim Bauernskat" in german
    assert "  kontra = on   (on|off|after18)\n      Kontra (×2) und Re (×4)" in german
    assert "two players" not in german and "the game" not in german
    english = run("rules", "--list", "--lang", "en").stdout
    assert "  kontra = on   (on|off|after18)\n      Kontra (×2) and Re (×4)" in english
    assert english.count("\n") == german.count("\n")


def test_one_game_is_one_spiel(run: Run, fresh_ledger: Path) -> None:
    run("add", "anna", "herz", "mit", "1", "--ledger", str(fresh_ledger))
    out = run("summary", "--ledger", str(fresh_ledger)).stdout
    assert "1 Spiel;" in out and "1 Spiele" not in out
    out = run("summary", "--lang", "en", "--ledger", str(fresh_ledger)).stdout
    assert "1 game;" in out


@pytest.mark.parametrize(
    ("cent", "lang", "text"),
    [(61, "de", "+0,61 €"), (61, "en", "+€0.61"), (-123456, "de", "−1.234,56 €")],
)
def test_money_is_written_as_in_the_language(cent: int, lang: str, text: str) -> None:
    assert money(Fraction(cent), lang) == text  # type: ignore[arg-type]


def test_german_csv_opens_in_columns(run: Run, fresh_ledger: Path) -> None:
    run("add", "anna", "herz", "mit", "1", "--ledger", str(fresh_ledger))
    german = run("export", "--format", "csv", "--lang", "de", "--ledger", str(fresh_ledger))
    assert german.stdout.startswith("number;round;dealer;kind;")
    english = run("export", "--format", "csv", "--lang", "en", "--ledger", str(fresh_ledger))
    assert english.stdout.startswith("number,round,dealer,kind,")


def test_the_sheet_names_schneider_and_schwarz_reached(run: Run, fresh_ledger: Path) -> None:
    """'Grand mit 1 +96' could not be checked against paper: the Schwarz was missing."""
    run("add", "anna", "grand", "mit", "1", "schwarz", "--ledger", str(fresh_ledger))
    run("add", "ben", "herz", "mit", "1", "augen", "95", "--ledger", str(fresh_ledger))
    sheet = run("sheet", "--ledger", str(fresh_ledger)).stdout
    assert "Grand mit 1 Schwarz " in sheet
    assert "Herz mit 1 Schneider " in sheet


def test_value_headline_says_lost_and_overbid_as_add_does(run: Run) -> None:
    assert run("value", "herz", "mit", "1", "verloren").stdout.startswith(
        "Herz mit 1, verloren: −40"
    )
    assert run("value", "pik", "mit", "1", "gereizt", "36").stdout.startswith(
        "Pik mit 1, überreizt: −88"
    )


def test_a_note_shows_wherever_the_game_does(run: Run, fresh_ledger: Path) -> None:
    r = run("add", "anna", "herz", "mit", "1", "--note", "Ben kam spät", "--ledger",
            str(fresh_ledger))  # fmt: skip
    assert "  Notiz: Ben kam spät" in r.stdout
    assert "„Ben kam spät“" in run("sheet", "--ledger", str(fresh_ledger)).stdout
    assert "Notiz: Ben kam spät" in run("explain", "1", "--ledger", str(fresh_ledger)).stdout
    for fmt in ("html", "md"):
        out = run("export", "--format", fmt, "--ledger", str(fresh_ledger)).stdout
        assert "Ben kam spät" in out, fmt


def _evening(run: Run, ledger: Path, *games: str) -> None:
    for game in games:
        r = run("add", *game.split(), "--ledger", str(ledger))
        assert r.exit_code == 0, r.output


def test_stats_count_what_happened(run: Run, fresh_ledger: Path) -> None:
    """Announced and lost is no Schneider; being schneidered is no Schneider; no 0 for none."""
    _evening(
        run,
        fresh_ledger,
        "anna kreuz mit 1 hand schneider angesagt augen 70",  # announced, not reached: lost
        "ben herz mit 1 augen 20",  # Ben schneidered
        "anna grand mit 1 augen 95",  # a Schneider reached
    )
    r = run("stats", "--json", "--ledger", str(fresh_ledger))
    data = json.loads(r.stdout)
    assert data["Anna"]["schneider"] == 1
    assert data["Ben"]["schneider"] == 0
    assert data["Carl"]["highest"] is None and data["Carl"]["win_rate"] is None
    assert data["Ben"]["highest"] is None  # lost his only game
    table = run("stats", "--ledger", str(fresh_ledger)).stdout
    carl = next(line for line in table.splitlines() if line.startswith("Carl"))
    assert "0%" not in carl and " 0 " not in carl.split("0 (0)")[0][-12:]
    assert "–" in carl


def test_stats_rows_show_a_dash_for_no_games() -> None:
    people = collect([(("Anna", "Ben", "Carl"), [])])
    assert stats_rows(people)[0][5:8] == ["–", "–", "–"]


def test_insert_puts_a_forgotten_game_in_the_middle(run: Run, fresh_ledger: Path) -> None:
    _evening(run, fresh_ledger, "ben herz mit 1", "carl pik mit 1")
    r = run("insert", "2", "anna", "grand", "mit", "1", "--ledger", str(fresh_ledger))
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Spiel 2: Anna — Grand mit 1: +48")
    data = json.loads(run("sheet", "--format", "json", "--ledger", str(fresh_ledger)).stdout)
    assert [(g["dealer"], g["declarer"]) for g in data["games"]] == [
        ("Anna", "Ben"),
        ("Ben", "Anna"),  # entered later: in game 3's deal, passing it on to no one (§8)
        ("Ben", "Carl"),
    ]
    before = _bytes(fresh_ledger)
    for bad in (["9", "anna", "grand", "mit", "1"], ["2", "anna", "grand", "mit", "9"]):
        r = run("insert", *bad, "--ledger", str(fresh_ledger))
        assert r.exit_code == 2
    assert _bytes(fresh_ledger) == before


@pytest.mark.english
def test_restore_brings_back_an_undone_or_deleted_game(run: Run, fresh_ledger: Path) -> None:
    _evening(run, fresh_ledger, "ben herz mit 1", "carl pik mit 1")
    run("delete", "1", "--ledger", str(fresh_ledger))
    run("undo", "--ledger", str(fresh_ledger))
    assert (
        json.loads(run("sheet", "--format", "json", "--ledger", str(fresh_ledger)).stdout)["games"]
        == []
    )
    # history: 1. delete game 1 (Ben), 2. undo game 1 (Carl); each goes back at its number
    assert run("restore", "2", "--ledger", str(fresh_ledger)).exit_code == 0
    assert run("restore", "1", "--ledger", str(fresh_ledger)).exit_code == 0
    data = json.loads(run("sheet", "--format", "json", "--ledger", str(fresh_ledger)).stdout)
    assert [g["declarer"] for g in data["games"]] == ["Ben", "Carl"]
    again = run("restore", "1", "--ledger", str(fresh_ledger))
    assert again.exit_code == 2
    assert "on the list already, as game 1" in again.stderr
    assert run("restore", "7", "--ledger", str(fresh_ledger)).exit_code == 2


def test_restore_gives_an_edited_game_its_old_version(run: Run, fresh_ledger: Path) -> None:
    _evening(run, fresh_ledger, "ben herz mit 1")
    run("edit", "1", "herz", "mit", "2", "--ledger", str(fresh_ledger))
    r = run("restore", "1", "--ledger", str(fresh_ledger))
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Spiel 1: Ben — Herz mit 1: +20")
    hist = run("history", "--ledger", str(fresh_ledger)).stdout.splitlines()
    assert len(hist) == 2 and hist[1].endswith("Ben herz mit 2 → Ben herz mit 1")


def test_an_edit_says_which_later_games_changed_value(run: Run, pub_ledger: Path) -> None:
    _evening(run, pub_ledger, "ben kreuz mit 2 hand", "carl pik mit 1 augen 60", "anna herz mit 1")
    r = run("edit", "2", "pik", "mit", "1", "augen", "61", "--ledger", str(pub_ledger))
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith("Spätere Spiele geändert: Spiel 3: +40 → +20\n")


def test_play_does_not_offer_the_dealer_at_a_table_of_four(run: Run, ledger_path: Path) -> None:
    run("new", "--players", "Anna", "Ben", "Carl", "Dora", "--ledger", str(ledger_path))
    answers = "anna\nben\nherz\nmit 1\nn\nn\n70\nn\n\nn\nq\n"
    r = run("play", "--ledger", str(ledger_path), input=answers)
    assert r.exit_code == 0, r.output
    assert "Spieler (Ben/Carl/Dora" in r.stdout
    assert "Anna gibt Spiel 1 und setzt am Vierertisch aus" in r.stderr
    assert "Spiel 1: Ben — Herz mit 1: +20" in r.stdout


def test_play_checks_the_bid_when_it_is_given(run: Run, fresh_ledger: Path) -> None:
    answers = "ben\nnull\nn\nn\nj\n36\n\nn\nq\n"
    r = run("play", "--ledger", str(fresh_ledger), input=answers)
    assert r.exit_code == 0, r.output
    assert "weniger als der Reizwert 36" in r.stderr
    assert "Spiel 1: Ben — Null: +23" in r.stdout


def test_play_offers_the_ramsch_under_pub_rules(run: Run, pub_ledger: Path) -> None:
    answers = "r\n45\n40\n35\n0\nq\n"
    r = run("play", "--ledger", str(pub_ledger), input=answers)
    assert r.exit_code == 0, r.output
    assert "r = Ramsch" in r.stdout
    assert "Spiel 1: Ramsch: Anna 45, Ben 40, Carl 35" in r.stdout


def test_play_asks_the_kontra_sayers_bid_under_after18(run: Run, ledger_path: Path) -> None:
    run("new", "--players", "Anna", "Ben", "Carl", "--rule", "kontra=after18",
        "--ledger", str(ledger_path))  # fmt: skip
    answers = "ben\nherz\nmit 1\nn\nn\n70\nn\n\nkontra\n20\nq\n"
    r = run("play", "--ledger", str(ledger_path), input=answers)
    assert r.exit_code == 0, r.output
    assert "Spiel 1: Ben — Herz mit 1, Kontra: +40" in r.stdout


def test_the_application_layer_inserts_restores_and_names_changed_games(tmp_path: Path) -> None:
    """insert, restore and the later games whose value changed, without click."""
    from skatliste.app import lists as app

    path = tmp_path / "pub.json"
    app.new_list(path, ["Anna", "Ben", "Carl"], rules=app.rules_of("pub"))
    app.add_game(path, "ben", ["kreuz", "mit", "2", "hand"])
    app.add_game(path, "carl", ["pik", "mit", "1", "augen", "60"])  # lost at 60:60: Bock
    app.add_game(path, "anna", ["herz", "mit", "1"])  # in the Bock round: +40
    change = app.insert(path, 1, ["anna", "grand", "mit", "1"])
    assert change.number == 1 and change.changed == ()
    # the Grand moved every game one down: Anna's Herz is game 4, still in the Bock round
    change = app.edit(path, 3, ["pik", "mit", "1", "augen", "61"])
    assert change.changed == ((4, "+40", "+20"),)
    change = app.restore(path, 1)  # the edit: Carl's lost Pik comes back
    assert change.changed == ((4, "+20", "+40"),)
    assert change.ledger.count == 4
    with pytest.raises(InputError, match="on the list already, as game 3"):
        app.restore(path, 1)


def test_play_checks_the_spitzen_against_the_lists_cap(run: Run, ledger_path: Path) -> None:
    run("new", "--players", "Anna", "Ben", "Carl", "--rule", "spitzen_cap=4",
        "--ledger", str(ledger_path))  # fmt: skip
    answers = "ben\nherz\nmit 6\nmit 1\nn\nn\n70\nn\n\nn\nq\n"
    r = run("play", "--ledger", str(ledger_path), input=answers)
    assert r.exit_code == 0, r.output
    assert "höchstens 4 Spitzen (spitzen_cap=4)" in r.stderr
    assert "Spiel 1: Ben — Herz mit 1: +20" in r.stdout
