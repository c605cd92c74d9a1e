"""`skatliste value` and `skatliste bids`: the command-line contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skatliste import __version__

from .conftest import Run


def test_value_prints_name_points_and_steps(run: Run) -> None:
    r = run("value", "kreuz", "mit", "2", "hand")
    assert r.exit_code == 0
    assert r.stdout == "Kreuz mit 2 Hand: +48\n  mit 2, Spiel 3, Hand 4 → 4 × 12 = 48\n"


def test_value_overbid(run: Run) -> None:
    r = run("value", "pik", "mit", "1", "gereizt", "36")
    assert r.stdout == (
        "Pik mit 1, überreizt: −88\n"
        "  mit 1, Spiel 2 → 2 × 11 = 22\n"
        "  überreizt: gereizt 36, Spielwert 22 → 4 × 11 = 44, verloren −88\n"
    )


def test_value_in_english_with_lang(run: Run) -> None:
    r = run("value", "kreuz", "mit", "2", "hand", "--lang", "en")
    assert r.stdout == "Clubs with 2 hand: +48\n  with 2, game 3, hand 4 → 4 × 12 = 48\n"


def test_value_in_english_from_lang_env(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert run("value", "kreuz", "mit", "2").stdout.startswith("Clubs with 2: +36")


def test_options_mean_the_same_as_words(run: Run) -> None:
    words = run(
        "value",
        "--json",
        "grand",
        "ohne",
        "1",
        "hand",
        "schneider",
        "angesagt",
        "augen",
        "95",
        "kontra",
        "bock",
    )
    opts = run(
        "value",
        "--json",
        "grand",
        "--without",
        "1",
        "--hand",
        "--schneider-announced",
        "--augen",
        "95",
        "--kontra",
        "--bock",
        "1",
    )
    assert json.loads(words.stdout) == json.loads(opts.stdout)


def test_value_json_fields(run: Run) -> None:
    r = run("value", "--json", "--table", "4", "karo", "ohne", "2", "verloren")
    data = json.loads(r.stdout)
    assert data["game"] == "diamonds"
    assert data["won"] is False
    assert data["overbid"] is False
    assert data["game_value"] == 27
    assert data["multiplier"] == 3
    assert data["list_points"] == -54
    assert data["seeger_fabian"] == {"declarer": -104, "each_opponent": 30}
    assert data["explanation"] == ["ohne 2, Spiel 3 → 3 × 9 = 27", "verloren: −2 × 27 = −54"]


def test_value_json_null_has_no_multiplier(run: Run) -> None:
    data = json.loads(run("value", "--json", "null", "ouvert").stdout)
    assert (data["game"], data["multiplier"], data["game_value"]) == ("null", None, 46)


def test_value_json_overbid_reports_the_charge(run: Run) -> None:
    data = json.loads(run("value", "--json", "spades", "with", "1", "bid", "36").stdout)
    assert (data["overbid"], data["game_value"], data["multiplier"], data["list_points"]) == (
        True,
        44,
        4,
        -88,
    )


def test_paper_value_right(run: Run) -> None:
    r = run("value", "grand", "ohne", "1", "augen", "92", "=", "72")
    assert r.exit_code == 0
    assert r.stdout.endswith("  Papier 72: stimmt\n")


def test_paper_value_wrong_exits_1(run: Run) -> None:
    r = run("value", "grand", "ohne", "1", "=", "72")
    assert r.exit_code == 1
    assert r.stdout.endswith("  Papier 72: falsch, das Spiel zählt +48\n")


def test_negative_paper_value_is_not_taken_for_an_option(run: Run) -> None:
    r = run("value", "herz", "mit", "1", "verloren", "=", "-40")
    assert r.exit_code == 0, r.output
    assert "Papier -40: stimmt" in r.stdout


@pytest.mark.english
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["grand", "mit", "5"], "Error: 'mit 5' in Grand: a Grand has at most 4 Spitzen"),
        (["kreuz", "mit", "1", "schwarz", "angesagt"], "Error: Schwarz angesagt without Hand"),
        (["null", "mit", "2"], "Error: a Null has no Spitzen"),
        (["kreuz", "mit", "2", "handd"], "Error: unknown word 'handd'; did you mean 'hand'?"),
        ([], "Error: say which game"),
    ],
)
def test_bad_games_are_refused_on_stderr_with_exit_2(
    run: Run, args: list[str], message: str
) -> None:
    r = run("value", *args)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.startswith(message)
    assert "Traceback" not in r.stderr


def test_batch_from_stdin(run: Run) -> None:
    text = (
        "# a disputed paper list\n"
        "kreuz mit 2 hand = 48\n"
        "\n"
        "pik mit 1 gereizt 36 = 88\n"
        "grand mit 5\n"
        "herz mit 1 verloren = 20\n"
    )
    r = run("value", "-", input=text)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        "2: Kreuz mit 2 Hand: +48 — mit 2, Spiel 3, Hand 4 → 4 × 12 = 48 — Papier 48: stimmt",
        "4: Pik mit 1, überreizt: −88 — mit 1, Spiel 2 → 2 × 11 = 22; überreizt: gereizt 36, "
        "Spielwert 22 → 4 × 11 = 44, verloren −88 — Papier 88: stimmt",
        "6: Herz mit 1, verloren: −40 — mit 1, Spiel 2 → 2 × 10 = 20; verloren: −2 × 20 = −40 — "
        "Papier 20: falsch, das Spiel zählt −40",
    ]
    assert r.stderr.startswith("Zeile 5: Fehler: 'mit 5' im Grand")


@pytest.mark.english
def test_batch_json_lines(run: Run) -> None:
    r = run("value", "-", "--json", input="kreuz mit 2 hand\nfoo\n")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[0]["line"] == 1 and lines[0]["list_points"] == 48
    assert lines[1]["line"] == 2 and "unknown word 'foo'" in lines[1]["error"]
    assert r.exit_code == 1


def test_batch_all_good_exits_0(run: Run) -> None:
    assert run("value", "-", input="kreuz mit 2\nnull\n").exit_code == 0


def test_bids_lists_the_reizwerte(run: Run) -> None:
    out = run("bids").stdout.split()
    assert out[:5] == ["18", "20", "22", "23", "24"] and out[-1] == "264" and len(out) == 63


def test_bids_36_names_the_games(run: Run) -> None:
    assert run("bids", "36").stdout.splitlines() == [
        "Karo             4 × 9 = 36",
        "Herz             4 × 10 = 40",
        "Pik              4 × 11 = 44",
        "Kreuz            3 × 12 = 36",
        "Grand            2 × 24 = 48",
        "Null ouvert      46",
    ]


def test_version(run: Run) -> None:
    """In the command's language, as every other output."""
    assert run("--version").stdout.strip() == f"skatliste, Version {__version__}"
    assert run("--version", "--lang", "en").stdout.strip() == f"skatliste, version {__version__}"


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_batch_repeated_lines_get_the_same_answer_each_time(run: Run, as_json: list[str]) -> None:
    """``value -`` values each distinct game once: a repeated line, a wrong paper value, a
    refused line each count every time they come, in order, under their own number."""
    lines = ["kreuz mit 2 hand", "herz mit 1 verloren = 20", "grand mit 5", "null"] * 3
    r = run("value", "-", *as_json, input="\n".join(lines) + "\n")
    single = [run("value", *line.split(), *as_json) for line in lines]
    assert r.exit_code == 1
    out = r.stdout.splitlines()
    if as_json:
        records = [json.loads(x) for x in out]
        assert [x["line"] for x in records] == list(range(1, 13))
        for record, alone in zip(records, single, strict=True):
            if "error" in record:
                assert alone.exit_code == 2 and record["error"] in alone.stderr
            else:
                assert {k: v for k, v in record.items() if k != "line"} == json.loads(alone.stdout)
        return
    assert [x.split(":", 1)[0] for x in out] == ["1", "2", "4", "5", "6", "8", "9", "10", "12"]
    assert r.stderr.count("Fehler: 'mit 5' im Grand") == 3
    assert out[0] == out[3].replace("5:", "1:", 1) == out[6].replace("9:", "1:", 1)


def test_a_line_that_is_not_utf8_is_named_not_shown_as_escapes(tmp_path: Path) -> None:
    """Bytes that are no UTF-8 reach Python as lone surrogates ('\\udcff'): the line is named
    as not UTF-8 text, the other lines are valued."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONUTF8": "1"}  # standard input read with surrogateescape
    done = subprocess.run(
        [sys.executable, "-m", "skatliste", "value", "-"],
        input=b"grand mit 1 \xff\xfe\nkreuz mit 1\n",
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1
    assert "Zeile 1 ist kein UTF-8-Text" in err and "\\udc" not in err
    assert done.stdout.decode("utf-8").startswith("2: ")
