"""The list the table agrees on, as a new user meets it: a paper list that leaves out what a
paper list never records, names given twice, a declarer who is not at the table, an empty
paper file, the lists given the other way round, and the totals signed as on the sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Run

PLAYERS = ("Anna", "Ben", "Carl")


def _list(run: Run, path: Path, *games: str) -> Path:
    r = run("new", "--players", *PLAYERS, "--ledger", str(path))
    assert r.exit_code == 0, r.output
    for words in games:
        r = run("add", *words.split(), "--ledger", str(path))
        assert r.exit_code == 0, r.output
    return path


def _paper(tmp_path: Path, *lines: str) -> Path:
    paper = tmp_path / "paper.txt"
    paper.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return paper


# --- a paper list leaves out the Augen -------------------------------------------------------


@pytest.mark.english
def test_a_paper_list_without_augen_agrees_with_a_list_that_has_them(
    run: Run, tmp_path: Path
) -> None:
    """docs/rules.md §D: a detail one list does not give (the Augen) is no difference where
    the value agrees; won or lost and Schneider are compared as they follow from the Augen."""
    a = _list(
        run,
        tmp_path / "t.json",
        "anna kreuz mit 2 augen 70",
        "ben grand ohne 1 augen 80",
        "carl pik mit 1 augen 95",
        "anna herz mit 1 augen 50",
    )
    paper = _paper(
        tmp_path,
        "anna kreuz mit 2 = 36",
        "ben grand ohne 1 = 48",
        "carl pik mit 1 schneider = 33",
        "anna herz mit 1 verloren = -40",
    )
    r = run("compare", str(a), str(paper))
    assert (r.exit_code, r.stdout.splitlines()) == (0, ["the lists agree: 4 games"]), r.output


@pytest.mark.english
def test_a_paper_line_that_leaves_out_a_schneider_the_augen_reached_differs(
    run: Run, tmp_path: Path
) -> None:
    a = _list(run, tmp_path / "t.json", "carl pik mit 1 augen 95")
    r = run("compare", str(a), str(_paper(tmp_path, "carl pik mit 1")), "--json")
    assert r.exit_code == 1
    (d,) = json.loads(r.stdout)["differences"]
    assert (d["kind"], d["fields"]) == ("result", ["schneider"])


@pytest.mark.english
def test_augen_both_lists_give_and_that_differ_still_differ(run: Run, tmp_path: Path) -> None:
    a = _list(run, tmp_path / "a.json", "anna kreuz mit 2 augen 70")
    b = _list(run, tmp_path / "b.json", "anna kreuz mit 2 augen 75")
    r = run("compare", str(a), str(b), "--json")
    assert r.exit_code == 1
    (d,) = json.loads(r.stdout)["differences"]
    assert (d["kind"], d["fields"]) == ("result", ["augen"])


@pytest.mark.english
def test_won_said_and_won_by_default_are_one_result(run: Run, tmp_path: Path) -> None:
    a = _list(run, tmp_path / "a.json", "anna kreuz mit 2 gewonnen")
    b = _list(run, tmp_path / "b.json", "anna kreuz mit 2")
    assert run("compare", str(a), str(b)).exit_code == 0


# --- names given twice, names that signed already --------------------------------------------


@pytest.mark.english
def test_a_name_given_twice_is_refused_as_such_and_nothing_written(
    run: Run, tmp_path: Path
) -> None:
    path = _list(run, tmp_path / "t.json", "anna kreuz mit 2")
    before = path.read_bytes()
    r = run("sign", "Ben", "ben", "--ledger", str(path))
    assert r.exit_code == 2
    assert "Ben is named twice: each player signs once" in r.stderr
    assert "already" not in r.stderr
    assert path.read_bytes() == before


@pytest.mark.english
def test_of_several_names_one_refused_says_that_no_one_has_signed(run: Run, tmp_path: Path) -> None:
    """docs/commands.md, sign: the names are signed all together or not at all."""
    path = _list(run, tmp_path / "t.json", "anna kreuz mit 2")
    assert run("sign", "Carl", "--ledger", str(path)).exit_code == 0
    before = path.read_bytes()
    r = run("sign", "Anna", "Ben", "Carl", "--ledger", str(path))
    assert r.exit_code == 2
    assert "Carl has signed this list already" in r.stderr
    assert "no one has signed (nothing written)" in r.stderr
    assert path.read_bytes() == before
    r = run("sign", "Carl", "--ledger", str(path))
    assert r.exit_code == 2 and "no one has signed" not in r.stderr


# --- a declarer who is not at the table ------------------------------------------------------


@pytest.mark.english
def test_a_paper_line_of_a_declarer_not_at_the_table_names_the_players(
    run: Run, tmp_path: Path
) -> None:
    a = _list(run, tmp_path / "t.json", "anna kreuz mit 2")
    paper = _paper(tmp_path, "anna kreuz mit 2 = 36", "zoe grand mit 1 = 48")
    r = run("compare", str(a), str(paper))
    assert r.exit_code == 2
    assert f"{paper}: line 2: 'zoe' is not at this table: the players are Anna, Ben, Carl" in (
        r.stderr
    )


@pytest.mark.english
def test_a_correction_by_a_declarer_not_at_the_table_names_the_players(
    run: Run, tmp_path: Path
) -> None:
    path = _list(run, tmp_path / "t.json", "anna kreuz mit 2", "ben grand mit 1", "carl null")
    assert run("protest", "3", "Ben: it was Zoe", "--ledger", str(path)).exit_code == 0
    before = path.read_bytes()
    args = ("protest", "3", "--decide", "x", "--edit", "Zoe null", "--ledger", str(path))
    r = run(*args)
    assert r.exit_code == 2
    assert "'Zoe' is not at this table: the players are Anna, Ben, Carl" in r.stderr
    assert path.read_bytes() == before


@pytest.mark.english
def test_a_misspelt_game_word_is_not_taken_for_a_name(run: Run, tmp_path: Path) -> None:
    path = _list(run, tmp_path / "t.json", "anna kreuz mit 2")
    assert run("protest", "1", "Ben: x", "--ledger", str(path)).exit_code == 0
    r = run("protest", "1", "--decide", "x", "--edit", "kreuzz mit 2", "--ledger", str(path))
    assert r.exit_code == 2 and "not at this table" not in r.stderr
    r = run("compare", str(path), str(_paper(tmp_path, "kreuzz mit 2")))
    assert r.exit_code == 2 and "not at this table" not in r.stderr


# --- an empty paper file, the paper list given first -----------------------------------------


@pytest.mark.english
@pytest.mark.parametrize("text", ["", "\n", "# Tisch 3, Liste von Carl\n\n"])
def test_a_paper_file_without_a_game_is_refused(run: Run, tmp_path: Path, text: str) -> None:
    a = _list(run, tmp_path / "t.json", "anna kreuz mit 2", "ben grand mit 1")
    paper = tmp_path / "paper.txt"
    paper.write_text(text, encoding="utf-8")
    r = run("compare", str(a), str(paper))
    assert r.exit_code == 2
    assert f"{paper}: no game in it: a paper list has one game a line" in r.stderr
    assert "missing" not in r.output


@pytest.mark.english
def test_the_paper_list_given_first_is_refused_saying_which_may_be_paper(
    run: Run, tmp_path: Path
) -> None:
    a = _list(run, tmp_path / "t.json", "anna kreuz mit 2")
    paper = _paper(tmp_path, "anna kreuz mit 2 = 36")
    r = run("compare", str(paper), str(a))
    assert r.exit_code == 2
    assert f"{paper}: not a list file: only the second list may be a paper list" in r.stderr
    assert "JSON" not in r.stderr


@pytest.mark.english
def test_a_paper_value_below_zero_says_lost_where_the_words_do_not(
    run: Run, tmp_path: Path
) -> None:
    a = _list(run, tmp_path / "t.json", "carl null verloren", "anna kreuz mit 2")
    agrees = _paper(tmp_path, "carl null = -46", "anna kreuz mit 2 = 36")
    assert run("compare", str(a), str(agrees)).exit_code == 0
    b = _list(run, tmp_path / "b.json", "carl null", "anna kreuz mit 2")
    r = run("compare", str(b), str(agrees), "--json")
    assert r.exit_code == 1
    (d,) = json.loads(r.stdout)["differences"]
    assert (d["game"], d["kind"], d["fields"]) == (1, "result", ["won"])
