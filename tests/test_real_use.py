"""What a pub evening at a table of four, a Preisskat and the exports met in real use.

Each test names a behaviour a player or organiser relies on; each failed before its fix.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import Run

FOUR = ("Anna", "Ben", "Carl", "Dora")


def _ok(run: Run, *args: str) -> str:
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.output


def _pub_three(run: Run, ledger: Path, *rules: str) -> Path:
    """A new pub list of three (Bock and Ramsch on), with ``KEY=VALUE`` rules on top."""
    options = [arg for rule in rules for arg in ("--rule", rule)]
    new = ("new", "--players", "Anna", "Ben", "Carl", "--rules", "pub", *options)
    _ok(run, *new, "--ledger", str(ledger))
    return ledger


@pytest.fixture
def pub_four(run: Run, ledger_path: Path) -> Path:
    """A pub list at a table of four with 20 games: each declarer one of the three who play."""
    _ok(run, "new", "--players", *FOUR, "--rules", "pub", "--ledger", str(ledger_path))
    for number in range(20):
        dealer = FOUR[number % 4]
        declarer = FOUR[(number + 1 + number % 3) % 4]
        assert declarer != dealer
        _ok(run, "add", declarer, "kreuz", "mit", "1", "--ledger", str(ledger_path))
    assert "keine Probleme" in _ok(run, "check", "--ledger", str(ledger_path))
    return ledger_path


# --- a change never makes a later game impossible (docs/rules.md §1: the dealer sits out) ---


def test_an_insert_keeps_every_later_dealer_and_refuses_its_own_dealer_declaring(
    run: Run, pub_four: Path
) -> None:
    """A forgotten game inserted passes the deal on to no one (docs/rules.md §8): every later
    game keeps the dealer it was played under; the inserted one stands in the deal of the game
    it goes before, so that deal's dealer, who sits out, cannot declare it."""
    before = pub_four.read_bytes()
    r = run("insert", "5", "anna", "karo", "mit", "1", "augen", "70", "--ledger", str(pub_four))
    assert r.exit_code == 2, r.output
    assert "Anna gibt Spiel 5 und setzt am Vierertisch aus" in r.stderr
    assert pub_four.read_bytes() == before
    dealers = [line.split()[1] for line in run("sheet", "--ledger", str(pub_four)).stdout
               .splitlines() if line[:4].strip().isdigit()]  # fmt: skip
    _ok(run, "insert", "5", "dora", "karo", "mit", "1", "augen", "70", "--ledger", str(pub_four))
    after = [line.split()[1] for line in run("sheet", "--ledger", str(pub_four)).stdout
             .splitlines() if line[:4].strip().isdigit()]  # fmt: skip
    assert after[:4] + after[5:] == dealers and after[4] == "Anna"


def test_a_delete_that_would_make_a_later_dealer_declare_is_refused(
    run: Run, pub_four: Path
) -> None:
    """Deleting a game shifts the later dealers back: refused where that breaks a later game."""
    before = pub_four.read_bytes()
    r = run("delete", "3", "--ledger", str(pub_four))
    assert r.exit_code == 2, r.output
    assert "abgelehnt: es machte" in r.stderr
    assert pub_four.read_bytes() == before


def test_the_sheet_marks_a_dealer_who_declares_at_a_table_of_four(run: Run, pub_four: Path) -> None:
    """A hand-edited list where the dealer declares: the sheet marks that game with '!', as
    its legend says of every impossible game."""
    data = json.loads(pub_four.read_text(encoding="utf-8"))
    data["games"][4]["declarer"] = "Anna"  # Anna deals game 5
    pub_four.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    sheet = run("sheet", "--ledger", str(pub_four)).stdout
    line = next(line for line in sheet.splitlines() if line.strip().startswith("5 "))
    assert "!" in line


# --- a closed standard output is not the command's error ------------------------------------


@pytest.mark.parametrize("command", [["add", "ben", "kreuz", "mit", "1"], ["sheet"], ["undo"]])
def test_a_closed_pipe_after_a_write_is_not_a_refusal(tmp_path: Path, command: list[str]) -> None:
    """``skatliste add ... | true``: the game is written once; no 'Error:' and never exit 2
    (which means 'refused, nothing written'); a closed pipe ends the command as SIGPIPE would."""
    env = {**os.environ, "SKATLISTE_LANG": "de"}
    subprocess.run(
        [sys.executable, "-m", "skatliste", "new", "--players", "Anna", "Ben", "Carl"],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [sys.executable, "-m", "skatliste", "add", "carl", "pik", "mit", "1"],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
    )
    before = json.loads((tmp_path / "skatliste.json").read_text(encoding="utf-8"))["games"]
    r, w = os.pipe()
    os.close(r)  # the reader is gone before the command writes
    with os.fdopen(w, "wb") as closed:
        done = subprocess.run(
            [sys.executable, "-m", "skatliste", *command],
            cwd=tmp_path,
            env=env,
            stdout=closed,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    assert b"Error" not in done.stderr and b"Fehler" not in done.stderr, done.stderr
    assert done.returncode != 2
    after = json.loads((tmp_path / "skatliste.json").read_text(encoding="utf-8"))["games"]
    expected = {"add": len(before) + 1, "undo": len(before) - 1, "sheet": len(before)}
    assert len(after) == expected[command[0]]


# --- what editors write ----------------------------------------------------------------------


def test_a_list_saved_with_a_byte_order_mark_is_read_and_written_without_it(
    run: Run, fresh_ledger: Path
) -> None:
    """Some editors save UTF-8 with a BOM: the list reads as before, and the next write drops it."""
    fresh_ledger.write_bytes(b"\xef\xbb\xbf" + fresh_ledger.read_bytes())
    assert run("sheet", "--ledger", str(fresh_ledger)).exit_code == 0
    _ok(run, "add", "ben", "kreuz", "mit", "1", "--ledger", str(fresh_ledger))
    assert not fresh_ledger.read_bytes().startswith(b"\xef\xbb\xbf")


@pytest.mark.parametrize("word", ["hand", "schneider", "ouvert", "kontra", "verloren"])
def test_a_word_given_twice_is_refused_as_every_repeated_word_is(run: Run, word: str) -> None:
    """One rule for every repeated word: said twice, it is refused, naming the word."""
    words = ["grand", "mit", "1", "hand"] if word == "ouvert" else ["kreuz", "mit", "1"]
    r = run("value", *words, word, word)
    assert r.exit_code == 2, r.output
    assert f"'{word}'" in r.stderr


# --- the Bock and Ramsch queue, shown as a table reads it -------------------------------------


def test_the_standing_line_shows_a_long_queue_compactly(run: Run, ledger_path: Path) -> None:
    """Under pub rules every Grand Hand won queues a Bock and a Ramsch round: the 'Stand' line
    shows the running round, the next one and how many follow, not the whole queue."""
    _pub_three(run, ledger_path)
    out = ""
    for number in range(12):
        declarer = ("ben", "carl", "anna")[number % 3]
        out = _ok(run, "add", declarer, "grand", "mit", "1", "hand", "--ledger", str(ledger_path))
    stand = next(line for line in out.splitlines() if line.startswith("Stand"))
    assert stand.count("dann") <= 1, stand
    assert "Runden" in stand, stand


# --- exports a spreadsheet or a Markdown viewer opens ----------------------------------------

FORMULAS = ['=HYPERLINK("http://evil.example";"x")', "+1+1", "-2+3", "@SUM(1+1)"]


def test_csv_cells_that_a_spreadsheet_would_run_are_written_as_text(
    run: Run, ledger_path: Path
) -> None:
    """A note or a name that begins with =, +, - or @ is written with a leading apostrophe
    (the OWASP advice); numbers stay numbers."""
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(ledger_path))
    for formula in FORMULAS:
        _ok(run, "add", "ben", "kreuz", "mit", "1", "--note", formula, "--ledger", str(ledger_path))
    text = _ok(run, "export", "--format", "csv", "--ledger", str(ledger_path))
    cells = [cell for row in csv.reader(io.StringIO(text), delimiter=";") for cell in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "@") or (c[:1] == "-" and not _number(c))]
    assert "'=HYPERLINK" in text


def _number(cell: str) -> bool:
    try:
        float(cell.replace(",", ".").replace("−", "-"))
    except ValueError:
        return False
    return True


def test_markdown_export_escapes_html_and_table_pipes(run: Run, ledger_path: Path) -> None:
    """Names and notes are text in the Markdown export, never HTML, and a pipe does not open a
    new column."""
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(ledger_path))
    note = "<script>alert(1)</script> a|b"
    _ok(run, "add", "ben", "kreuz", "mit", "1", "--note", note, "--ledger", str(ledger_path))
    text = _ok(run, "export", "--format", "md", "--ledger", str(ledger_path))
    assert "<script>" not in text
    assert "a|b" not in text


# --- Bock rounds earned in a Bock round, and Bock called by hand (docs/rules.md §8) -----------


def _stand(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Stand"))


@pytest.mark.parametrize(("from_bock", "after"), [("on", "Bock 5"), ("off", "Bock 2")])
def test_a_game_of_a_bock_round_earns_another_only_where_the_rules_say(
    run: Run, ledger_path: Path, from_bock: str, after: str
) -> None:
    """Under pub rules a Grand Hand won starts a Bock round; one won inside a Bock round
    starts another unless bock.from_bock=off (the common cap)."""
    _pub_three(run, ledger_path, "ramsch.after_bock=off", f"bock.from_bock={from_bock}")
    first = _ok(run, "add", "ben", "grand", "mit", "1", "hand", "--ledger", str(ledger_path))
    assert _stand(first).endswith("Bock 3")
    second = _ok(run, "add", "carl", "grand", "mit", "1", "hand", "--ledger", str(ledger_path))
    assert _stand(second).endswith(after)


def test_a_bock_round_called_by_hand_queues_behind_the_rounds_ahead(
    run: Run, ledger_path: Path
) -> None:
    """``skatliste bock`` calls a Bock round like an earned one: with bock.overlap=queue it
    follows the rounds already waiting; after a game that earned one already it is refused,
    as one game starts at most one (docs/commands.md, docs/rules.md §8)."""
    _pub_three(run, ledger_path, "ramsch.after_bock=off")
    _ok(run, "add", "ben", "grand", "mit", "1", "hand", "--ledger", str(ledger_path))
    before = ledger_path.read_bytes()
    twice = run("bock", "--ledger", str(ledger_path))
    assert twice.exit_code == 2 and "höchstens eine" in twice.stderr, twice.output
    assert ledger_path.read_bytes() == before
    _ok(run, "add", "carl", "kreuz", "mit", "1", "--ledger", str(ledger_path))
    out = _ok(run, "bock", "--ledger", str(ledger_path))
    assert _stand(out).endswith("Bock 5"), out  # 2 games of the first round left, then 3


def test_the_pub_summary_says_what_its_seeger_fabian_column_counts(
    run: Run, ledger_path: Path
) -> None:
    """Seeger-Fabian scores declared games only (docs/rules.md §7): where the list has a
    Ramsch, the summary says that its points are not in that column."""
    _pub_three(run, ledger_path)
    _ok(run, "add", "ben", "kreuz", "mit", "1", "--ledger", str(ledger_path))
    _ok(run, "ramsch", "anna=50", "ben=40", "carl=30", "--ledger", str(ledger_path))
    out = _ok(run, "summary", "--ledger", str(ledger_path))
    assert "Seeger-Fabian zählt nur die gespielten Spiele" in out


# --- a newcomer's wrong input ---------------------------------------------------------------


@pytest.mark.english
def test_a_note_longer_than_the_phone_page_takes_is_refused_and_nothing_written(
    run: Run, ledger_path: Path
) -> None:
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(ledger_path))
    before = ledger_path.read_bytes()
    for command in (["add", "anna", "kreuz", "mit", "1"], ["pass"]):
        r = run(*command, "--note", "x" * 501, "--ledger", str(ledger_path))
        assert r.exit_code == 2, r.output
        assert "a note may have at most 500 characters; this one has 501" in r.stderr
    assert ledger_path.read_bytes() == before
    _ok(run, "add", "anna", "kreuz", "mit", "1", "--note", "x" * 500, "--ledger", str(ledger_path))


@pytest.mark.english
def test_a_link_in_a_loop_is_refused_as_a_new_list_and_stays_a_link(
    run: Run, tmp_path: Path
) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop.name)
    r = run("new", "--players", "Anna", "Ben", "Carl", "--ledger", str(loop))
    assert r.exit_code == 2 and "is a link that leads round in a loop" in r.stderr
    assert loop.is_symlink() and os.readlink(loop) == loop.name
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.json"]


@pytest.mark.english
def test_a_tournament_is_not_started_inside_another_tournament_s_folder(
    run: Run, tmp_path: Path
) -> None:
    cup = tmp_path / "cup"
    _ok(run, "tournament", "new", str(cup), "--name", "Cup", "--date", "2026-12-05")
    inner = cup / "series-1" / "final"
    r = run("tournament", "new", str(inner), "--name", "Final", "--date", "2026-12-06")
    assert r.exit_code == 2 and f"is inside the folder of the tournament {cup}" in r.stderr
    assert not (cup / "series-1").exists()


@pytest.mark.english
def test_a_game_without_its_kind_is_named_as_missing_it(run: Run, ledger_path: Path) -> None:
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(ledger_path))
    data = json.loads(ledger_path.read_text(encoding="utf-8"))
    data["games"] = [{"declarer": "Anna", "game": "null", "time": "2026-12-01T20:00:00+00:00"}]
    data["agreement"] = [{"player": "Anna"}]
    ledger_path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    r = run("check", "--ledger", str(ledger_path))
    assert r.exit_code == 2
    assert "game 1: kind: is missing (one of game, passed, ramsch)" in r.stderr
    assert "agreement 1: kind: is missing (one of " in r.stderr


@pytest.mark.english
def test_a_ramsch_the_rules_do_not_play_is_said_whole_for_a_list_and_a_tournament(
    run: Run, tmp_path: Path
) -> None:
    for preset, said in (
        ("isko", "this rule set plays no Ramsch here (rules ramsch.on_pass and "),
        ("tournament", "the tournament rules (SkWO, rules §7) play no Ramsch"),
    ):
        path = tmp_path / f"{preset}.json"
        _ok(
            run, "new", "--players", "Anna", "Ben", "Carl", "--rules", preset, "--ledger", str(path)
        )
        r = run("ramsch", "Anna=40", "Ben=50", "Carl=30", "--ledger", str(path))
        assert r.exit_code == 2 and said in r.stderr, r.stderr


@pytest.mark.english
def test_a_note_with_a_control_character_is_refused(run: Run, ledger_path: Path) -> None:
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(ledger_path))
    before = ledger_path.read_bytes()
    for note in ("zwei\nZeilen", "rot\x1b[31m", "tab\there"):
        r = run("add", "anna", "null", "--note", note, "--ledger", str(ledger_path))
        assert r.exit_code == 2 and "a note is one line without control characters" in r.stderr
    assert ledger_path.read_bytes() == before


@pytest.mark.english
@pytest.mark.parametrize("field", ["games", "history", "agreement"])
@pytest.mark.parametrize("value", [None, {}, 5])
def test_a_list_whose_games_history_or_facts_are_no_list_is_refused(
    run: Run, ledger_path: Path, field: str, value: object
) -> None:
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(ledger_path))
    data = json.loads(ledger_path.read_text(encoding="utf-8"))
    data[field] = value
    ledger_path.write_text(json.dumps(data), encoding="utf-8")
    for command in (["check"], ["sheet"], ["add", "anna", "null"]):
        r = run(*command, "--ledger", str(ledger_path))
        assert r.exit_code == 2, (command, r.output)
        assert f"{field}: must be a list (found {json.dumps(value)})" in r.stderr


def test_a_backup_that_is_a_link_is_replaced_not_written_through(run: Run, tmp_path: Path) -> None:
    ledger = tmp_path / "abend.json"
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(ledger))
    victim = tmp_path / "victim.txt"
    victim.write_text("wichtige Daten\n", encoding="utf-8")
    (tmp_path / "abend.json.bak").symlink_to(victim)
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--force", "--ledger", str(ledger))
    assert victim.read_text(encoding="utf-8") == "wichtige Daten\n"
    kept = [p for p in tmp_path.glob("abend.json*.bak") if not p.is_symlink()]
    assert len(kept) == 1 and '"format": "skatliste"' in kept[0].read_text(encoding="utf-8")
    # a link that leads nowhere yet: the backup takes its place, no file is made where it led
    for p in tmp_path.glob("abend.json*.bak"):
        p.unlink()
    (tmp_path / "abend.json.bak").symlink_to(tmp_path / "elsewhere.txt")
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--force", "--ledger", str(ledger))
    assert not (tmp_path / "elsewhere.txt").exists()
    assert not (tmp_path / "abend.json.bak").is_symlink()


@pytest.mark.english
def test_a_key_file_with_a_short_key_is_refused(tmp_path: Path) -> None:
    from skatliste.app.keys import key_path, list_key
    from skatliste.errors import LedgerError

    ledger = tmp_path / "abend.json"
    key_path(ledger).write_text("victim2\n", encoding="utf-8")
    with pytest.raises(LedgerError, match="holds a key of fewer than 16 characters"):
        list_key(ledger)
    key, made = list_key(ledger, renew=True)
    assert made and len(key) >= 16 and list_key(ledger) == (key, False)


@pytest.mark.english
@pytest.mark.parametrize(
    ("rules", "rule"),
    [
        ("american-grand", "partie.deals=9999999999"),
        ("pub", "bierlachs.limit=9999999999"),
        ("pub", "ramsch.loss=9999999999"),
    ],
)
def test_a_rule_option_s_number_has_at_most_nine_digits(
    run: Run, tmp_path: Path, rules: str, rule: str
) -> None:
    players = ["Anna", "Ben", "Carl", "Dora"] if rules == "american-grand" else ["A", "B", "C"]
    path = tmp_path / "x.json"
    r = run("new", "--players", *players, "--rules", rules, "--rule", rule, "--ledger", str(path))
    assert r.exit_code == 2 and f"rule {rule}" in r.stderr and not path.exists()
    ok = rule.replace("9999999999", "999999999")
    _ok(run, "new", "--players", *players, "--rules", rules, "--rule", ok, "--ledger", str(path))


def test_a_sheet_with_wide_characters_keeps_its_columns(run: Run, tmp_path: Path) -> None:
    """Names in Chinese and an emoji in a note take two columns each on a terminal: every
    line of the sheet's table is as wide as its rule, for Skat and American Grand."""
    from skatliste.render.plain import shown_width

    skat, grand = tmp_path / "skat.json", tmp_path / "grand.json"
    _ok(run, "new", "--players", "李雷", "韩梅梅", "Carl", "--ledger", str(skat))
    _ok(run, "add", "李雷", "kreuz", "mit", "1", "--note", "Runde 🍺", "--ledger", str(skat))
    _ok(run, "add", "carl", "grand", "mit", "2", "--ledger", str(skat))
    _ok(run, "new", "--rules", "american-grand", "--players", "李雷", "Ben", "Carl", "Dora",
        "--ledger", str(grand))  # fmt: skip
    _ok(run, "add", "李雷", "whist", "25", "stiche", "11", "--ledger", str(grand))
    for path, rows in ((skat, 4), (grand, 3)):
        table = _ok(run, "sheet", "--ledger", str(path)).splitlines()[:rows]
        assert len({shown_width(line) for line in table}) == 1, table
