"""The exports of both game families alike: one CSV (its separator, its yes/no cells and its
head by the same rule), the format from the output file's name, the settlement's steps with
one marker each, and the statistics of a list without games."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from .conftest import EXAMPLES, Run

YES_NO = {"de": {"ja", "nein"}, "en": {"yes", "no"}}
SEPARATOR = {"de": ";", "en": ","}


def _ok(run: Run, *args: str) -> str:
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.fixture
def skat_list(run: Run, tmp_path: Path) -> Path:
    """A Skat list of three: Anna's Kreuz mit 2 Hand won, Ben's Pik mit 1 lost."""
    path = tmp_path / "skat.json"
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(path))
    _ok(run, "add", "anna", "kreuz", "mit", "2", "hand", "--ledger", str(path))
    _ok(run, "add", "ben", "pik", "mit", "1", "verloren", "--note", "=1+1", "--ledger", str(path))
    return path


@pytest.fixture
def grand_list(run: Run, tmp_path: Path) -> Path:
    """An American Grand list: Anna's Euchre alone made, Ben's Whist set."""
    path = tmp_path / "grand.json"
    _ok(run, "new", "--rules", "american-grand", "--players", "Anna", "Ben", "Carl", "Dora",
        "--ledger", str(path))  # fmt: skip
    _ok(run, "add", "anna", "euchre", "20", "alone", "tricks", "5", "--ledger", str(path))
    _ok(run, "add", "ben", "whist", "25", "tricks", "3", "--note", "=1+1", "--ledger", str(path))
    return path


def _csv(run: Run, path: Path, lang: str) -> list[dict[str, str]]:
    text = _ok(run, "export", "--format", "csv", "--lang", lang, "--ledger", str(path))
    head = text.splitlines()[0]
    assert head.split(SEPARATOR[lang])[0] == "number"  # the file opens in columns
    return list(csv.DictReader(io.StringIO(text), delimiter=SEPARATOR[lang]))


# --- one CSV --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "en"])
def test_both_families_write_one_csv_separated_and_worded_by_the_list_language(
    run: Run, skat_list: Path, grand_list: Path, lang: str
) -> None:
    """German: ';' between the columns (a German spreadsheet reads ',' as the decimal comma),
    ja/nein and the game as a German table writes it (kreuz, jucker); English: ',', yes/no
    and clubs, euchre; never Python's True/False, for a Skat list as for an American Grand
    list."""
    skat, grand = _csv(run, skat_list, lang), _csv(run, grand_list, lang)
    for rows, flags in ((skat, ("hand", "won", "kontra")), (grand, ("alone", "made"))):
        assert len(rows) == 2
        cells = {value for row in rows for value in row.values()}
        assert not cells & {"True", "False"}
        assert {row[flag] for row in rows for flag in flags} <= YES_NO[lang]
    no, yes = {"de": ("nein", "ja"), "en": ("no", "yes")}[lang]
    assert (skat[0]["won"], skat[1]["won"]) == (yes, no)
    assert (grand[0]["made"], grand[1]["made"]) == (yes, no)
    games = {
        "de": ("kreuz", "jucker", "Jucker 20 allein, 5 Stiche"),
        "en": ("clubs", "euchre", "Euchre 20 alone, 5 tricks"),
    }
    assert (skat[0]["game"], grand[0]["contract"], grand[0]["description"]) == games[lang]


def test_both_families_name_their_columns_alike_in_every_language(
    run: Run, skat_list: Path, grand_list: Path
) -> None:
    """The head is English field names, the same in German and English; a column a player
    (Skat) or a pair (American Grand) is ``points NAME`` and ``total NAME``; the entry in
    words is ``description``, then ``note`` and ``time``."""
    for path, names in ((skat_list, ("Anna", "Ben")), (grand_list, ("Anna+Carl", "Ben+Dora"))):
        heads = [list(_csv(run, path, lang)[0]) for lang in ("de", "en")]
        assert heads[0] == heads[1]
        head = heads[0]
        assert head[:3] == ["number", head[1], "dealer"] and head[-2:] == ["note", "time"]
        assert {"declarer", "description"} <= set(head)
        assert {f"{column} {name}" for column in ("points", "total") for name in names} <= set(head)


def test_an_american_grand_csv_holds_every_fact_and_derived_value(
    run: Run, grand_list: Path
) -> None:
    """As a Skat list's CSV: the facts as the list file writes them but the contract, which is
    the table's word in the list's language, the deal in words, each pair's points, score and
    sets after the deal; a note a spreadsheet would run stays text."""
    first, second = _csv(run, grand_list, "de")
    assert {k: first[k] for k in ("number", "partie", "dealer", "declarer", "contract")} == {
        "number": "1",
        "partie": "1",
        "dealer": "Anna",
        "declarer": "Anna",
        "contract": "jucker",
    }
    assert (first["bid"], first["tricks"], first["alone"], first["hearts"]) == ("20", "5", "ja", "")
    assert first["description"] == "Jucker 20 allein, 5 Stiche"
    assert (second["points Anna+Carl"], second["points Ben+Dora"]) == ("20", "-25")
    assert (second["total Anna+Carl"], second["total Ben+Dora"]) == ("45", "-25")
    assert (second["sets Anna+Carl"], second["sets Ben+Dora"]) == ("0", "1")
    assert second["note"] == "'=1+1" and second["ends"] == ""
    assert second["time"].startswith("20")


def test_a_skat_csv_note_a_spreadsheet_would_run_stays_text(run: Run, skat_list: Path) -> None:
    assert _csv(run, skat_list, "en")[1]["note"] == "'=1+1"


# --- the format from the file's name -------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "fmt", "start"),
    [
        ("b.html", "html", "<!DOCTYPE html>"),
        ("b.htm", "html", "<!DOCTYPE html>"),
        ("B.MD", "md", "# "),
        ("b.csv", "csv", "number;"),
        ("b.json", "json", "{"),
        ("b.txt", "html", "<!DOCTYPE html>"),  # an ending of no format: the default
    ],
)
@pytest.mark.parametrize("family", ["skat_list", "grand_list"])
def test_export_without_format_writes_what_the_file_name_says(
    run: Run, request: pytest.FixtureRequest, tmp_path: Path, family: str, name: str, fmt: str,
    start: str,
) -> None:  # fmt: skip
    path: Path = request.getfixturevalue(family)
    out = tmp_path / name
    assert _ok(run, "export", "-o", str(out), "--ledger", str(path)) == f"{out}: {fmt}, 2 Spiele\n"
    assert out.read_text(encoding="utf-8").startswith(start)


def test_a_format_the_file_name_contradicts_is_refused_and_nothing_written(
    run: Run, grand_list: Path, tmp_path: Path
) -> None:
    """``--format html -o b.md`` would put a page into a Markdown file: refused (exit 2), with
    how to write either; the same format as the name says is written."""
    out = tmp_path / "b.md"
    r = run("export", "--format", "html", "-o", str(out), "--ledger", str(grand_list))
    assert r.exit_code == 2 and not out.exists()
    assert r.stderr == (
        f"Fehler: {out}: der Name endet auf .md, nicht auf .html: schreibe -o {tmp_path}/b.html, "
        "oder lass --format html weg, um md zu schreiben\n"
    )
    english = run("export", "--format", "csv", "-o", str(out), "--lang", "en", "--ledger",
                  str(grand_list))  # fmt: skip
    assert english.exit_code == 2 and english.stderr == (
        f"Error: {out}: the name ends in .md, not .csv: write it as -o {tmp_path}/b.csv, or "
        "leave out --format csv to write md\n"
    )
    written = run("export", "--format", "md", "-o", str(out), "--ledger", str(grand_list))
    assert written.exit_code == 0 and out.read_text(encoding="utf-8").startswith("# ")


def test_a_list_is_refused_as_the_target_before_its_name_is_looked_at(
    run: Run, skat_list: Path
) -> None:
    """``--format csv -o skat.json`` onto the list itself: refused as the list, not advised to
    leave out ``--format`` (which would write JSON over the evening)."""
    before = skat_list.read_bytes()
    r = run("export", "--format", "csv", "-o", str(skat_list), "--ledger", str(skat_list))
    assert r.exit_code == 2 and "das ist die Liste" in r.stderr and "--format" not in r.stderr
    assert skat_list.read_bytes() == before


@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    folder = tmp_path / "tournament"
    shutil.copytree(EXAMPLES / "tournament", folder)
    return folder


def test_tournament_and_league_exports_refuse_a_name_of_another_format(
    run: Run, tournament: Path, tmp_path: Path
) -> None:
    """An organiser's export takes its format from the file's name as well; a Markdown name
    (no such export) or one that contradicts ``--format`` is refused, nothing written."""
    league = tmp_path / "league"
    shutil.copytree(EXAMPLES / "league", league)
    md = tmp_path / "r.md"
    for args in (
        ("tournament", "export", "ranking", "--tournament", str(tournament)),
        ("league", "export", "table", "--league", str(league)),
    ):
        r = run(*args, "-o", str(md))
        assert r.exit_code == 2 and not md.exists()
        assert r.stderr == (
            f"Fehler: {md}: der Name endet auf .md, aber diese Ausgabe schreibt kein md, nur html, "
            f"csv, json: nenne die Datei {tmp_path}/r.html, {tmp_path}/r.csv, {tmp_path}/r.json\n"
        )
        page = tmp_path / "r.html"
        r = run(*args, "--format", "csv", "-o", str(page))
        assert r.exit_code == 2 and "lass --format csv weg, um html zu schreiben" in r.stderr
        assert not page.exists()
    out = tmp_path / "r.csv"
    _ok(run, "tournament", "export", "ranking", "--tournament", str(tournament), "-o", str(out))
    assert out.read_text(encoding="utf-8").startswith("place;name")  # a German CSV


def test_season_export_takes_its_format_from_the_file_name_when_none_is_given(
    run: Run, tmp_path: Path
) -> None:
    season = tmp_path / "season"
    shutil.copytree(EXAMPLES / "season", season)
    out = tmp_path / "standing.csv"
    _ok(run, "season", "export", "-o", str(out), "--season", str(season))
    assert out.read_text(encoding="utf-8").startswith("place;name")  # a German CSV
    md = tmp_path / "standing.md"
    r = run("season", "export", "html", "-o", str(md), "--season", str(season))
    assert r.exit_code == 2 and not md.exists()
    assert r.stderr == (
        f"Fehler: {md}: der Name endet auf .md, nicht auf .html: schreibe -o "
        f"{tmp_path}/standing.html, oder lass html weg, um md zu schreiben\n"
    )


# --- the settlement's steps, one marker each -------------------------------------------------


def test_the_html_page_shows_the_settlement_steps_by_their_own_numbers_without_bullets(
    run: Run, grand_list: Path
) -> None:
    """§A5's three steps carry their numbers (``1) 100 − …``): the page lists them in a list
    whose bullets its style turns off, so no '• 1)' is printed."""
    page = _ok(run, "export", "--format", "html", "--ledger", str(grand_list))
    assert "ul.steps { list-style: none;" in page
    at = page.index('<ul class="steps">')
    steps = page[at : page.index("</ul>", at)].split("<li>")[1:]
    assert [step[:3] for step in steps] == ["1) ", "2) ", "3) "]
    assert page.count("<ul>") == 0  # no list with bullets left on the page


def test_the_markdown_settlement_steps_carry_only_their_own_numbers(
    run: Run, grand_list: Path
) -> None:
    """In Markdown the steps are written as they are, ``1) …``: a viewer shows them as a
    numbered list (CommonMark's ``)`` marker), not a bullet before each number."""
    for args in (("export", "--format", "md"), ("sheet", "--format", "md")):
        lines = _ok(run, *args, "--ledger", str(grand_list)).splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("**Partie 1 "))
        assert lines[at + 1] == ""
        assert [line[:3] for line in lines[at + 2 : at + 5]] == ["1) ", "2) ", "3) "]
        assert lines[at + 5] == ""
        assert not any(line.startswith("- ") for line in lines)


def test_a_skat_lists_markdown_settlement_is_a_list_a_viewer_keeps_apart(
    run: Run, skat_list: Path
) -> None:
    """Who pays whom, one payment a list item: consecutive plain lines would run into one
    paragraph in a Markdown viewer."""
    text = _ok(run, "export", "--format", "md", "--cent", "1", "--ledger", str(skat_list))
    assert text.endswith(
        "2 Spiele; Rangfolge nach Listenpunkten\n\n"
        "- Carl zahlt Anna 0,48 €\n- Ben zahlt Anna 0,92 €\n- Ben zahlt Carl 0,44 €\n"
    )
    plain = _ok(run, "summary", "--cent", "1", "--ledger", str(skat_list))
    assert plain.endswith(
        "\n\nCarl zahlt Anna 0,48 €\nBen zahlt Anna 0,92 €\nBen zahlt Carl 0,44 €\n"
    )


# --- the statistics of a list without games ------------------------------------------------


def test_stats_of_lists_without_games_say_so_in_one_line(run: Run, tmp_path: Path) -> None:
    """No table of headers and zeros: the line ``summary`` prints for an empty American Grand
    list, in either family; ``--json`` still gives every player's (zero) numbers."""
    skat, grand = tmp_path / "skat.json", tmp_path / "grand.json"
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(skat))
    _ok(run, "new", "--rules", "american-grand", "--players", "Anna", "Ben", "Carl", "Dora",
        "--ledger", str(grand))  # fmt: skip
    assert _ok(run, "stats", "--ledger", str(skat)) == "Noch keine Spiele.\n"
    assert _ok(run, "stats", "--ledger", str(skat), "--lang", "en") == "No games yet.\n"
    assert _ok(run, "stats", "--ledger", str(grand)) == "noch keine Spiele\n"
    assert _ok(run, "summary", "--ledger", str(grand)) == "noch keine Spiele\n"
    assert _ok(run, "stats", "--ledger", str(grand), "--lang", "en") == "no deals yet\n"
    assert '"Anna"' in _ok(run, "stats", "--json", "--ledger", str(skat))
    assert '"Dora"' in _ok(run, "stats", "--json", "--ledger", str(grand))


def test_stats_without_a_declared_game_print_no_empty_table_by_game_type(
    run: Run, tmp_path: Path
) -> None:
    """A Ramsch only: the players' table, and no 'gewonnen/gespielt' table of names alone."""
    path = tmp_path / "ramsch.json"
    _ok(
        run, "new", "--players", "A", "B", "C", "--rule", "ramsch.on_pass=on", "--ledger", str(path)
    )
    _ok(run, "ramsch", "a=60", "b=40", "c=20", "--ledger", str(path))
    text = _ok(run, "stats", "--ledger", str(path))
    assert text.startswith("Spieler ") and "gewonnen/gespielt" not in text
    assert text.rstrip("\n").splitlines()[-1].split() == [
        "A", "1", "0", "0", "0", "–", "–", "–", "0", "0", "0", "0", "(0)", "−60",
    ]  # fmt: skip


def test_stats_of_an_empty_list_beside_a_played_one_count_the_played_one(
    run: Run, skat_list: Path, tmp_path: Path
) -> None:
    empty = tmp_path / "empty.json"
    _ok(run, "new", "--players", "Anna", "Ben", "Dora", "--ledger", str(empty))
    text = _ok(run, "stats", str(skat_list), str(empty))
    assert "gewonnen/gespielt" in text and "Dora" in text


@pytest.mark.parametrize(
    ("lang", "first", "row"),
    [("de", "place;name;club;series;", ";Gerd;;1;1;1;102;102;;nein"),
     ("en", "place,name,club,series,", ",Gerd,,1,1,1,102,102,,no")],
)  # fmt: skip
def test_an_organiser_s_csv_is_written_as_the_lists_are_in_its_language(
    run: Run, tmp_path: Path, lang: str, first: str, row: str
) -> None:
    """The season's standing, the ranking, the seating plan and the league's reports write
    the CSV of the families' lists (``render.cells.CsvWriter``): ``;`` and ``ja``/``nein`` in
    German, ``,`` and ``yes``/``no`` in English, a decimal comma in German."""
    season = tmp_path / "season"
    shutil.copytree(EXAMPLES / "season", season)
    out = tmp_path / "standing.csv"
    _ok(run, "season", "export", "-o", str(out), "--season", str(season), "--lang", lang)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith(first) and lines[-1] == row


def test_a_share_of_points_is_written_with_the_language_s_decimal_mark() -> None:
    import io
    from fractions import Fraction

    from skatliste.i18n import Lang
    from skatliste.render.cells import CsvWriter

    languages: tuple[tuple[Lang, str], ...] = (("de", "1,5;-0,25;2\n"), ("en", "1.5,-0.25,2\n"))
    for lang, expected in languages:
        out = io.StringIO()
        CsvWriter(out, lang=lang, lineterminator="\n").writerow(
            [Fraction(3, 2), Fraction(-1, 4), 2]
        )
        assert out.getvalue() == expected


def test_a_csv_with_a_stake_is_refused_not_written_without_its_money(
    run: Run, tmp_path: Path
) -> None:
    """A CSV holds the games only: ``--cent`` there is said to be refused (it was ignored),
    nothing is written, and the other formats settle the money."""
    out = tmp_path / "evening.csv"
    evening = str(EXAMPLES / "evening.json")
    r = run("export", "--cent", "0.25", "-o", str(out), "--ledger", evening)
    assert r.exit_code == 2 and not out.exists()
    assert "eine CSV-Datei hält nur die Spiele" in r.stderr
    page = _ok(run, "export", "--format", "md", "--cent", "0.25", "--ledger", evening)
    assert "zahlt" in page
