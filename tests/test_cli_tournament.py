"""``skatliste tournament`` as a contract: a 16-player tournament over 3 series played through
the command line (paper results and one table's list), the whole output compared.

At every table the same paper result by seat: seat 1 won a game worth 48, seat 2 lost one
worth 24 (−48), seats 3 and 4 none. Seeger-Fabian at a table of four: seat 1 48 + 50 + 30 =
128, seat 2 −48 − 50 = −98, seats 3 and 4 30 each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skatliste.app import lists

from .conftest import EXAMPLES, Run

NAMES = "Anna Ben Carl Dora Emil Frida Gerd Hans Ida Jens Kai Lena Mia Nils Olga Paul".split()
SEATS = ("48/1/0", "-48/0/1", "0/0/0", "0/0/0")
SERIES = {
    1: [
        ("Kai", "Olga", "Gerd", "Jens"),
        ("Ben", "Anna", "Dora", "Hans"),
        ("Carl", "Lena", "Paul", "Ida"),
        ("Nils", "Mia", "Emil", "Frida"),
    ],
    2: [
        ("Anna", "Emil", "Lena", "Gerd"),
        ("Jens", "Carl", "Dora", "Mia"),
        ("Hans", "Nils", "Olga", "Ida"),
        ("Paul", "Frida", "Ben", "Kai"),
    ],
    3: [
        ("Mia", "Lena", "Kai", "Hans"),
        ("Carl", "Frida", "Anna", "Olga"),
        ("Emil", "Ben", "Ida", "Jens"),
        ("Nils", "Gerd", "Dora", "Paul"),
    ],
}


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These contracts read the English tables; German is the default (test_german_tables)."""
    monkeypatch.setenv("SKATLISTE_LANG", "en")


@pytest.fixture
def drawn(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """16 players (A-G in club Herz, the rest Kreuz), three series drawn, nothing played."""
    folder = tmp_path / "t16"
    got = run(
        "tournament", "new", str(folder), "--name", "Sechzehn", "--series", "3",
        "--games", "3/4", "--seed", "16", "--date", "2026-12-05",
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    monkeypatch.setenv("SKATLISTE_TOURNAMENT", str(folder))
    for name in NAMES:
        club = "Herz" if name < "H" else "Kreuz"
        assert run("tournament", "player", "add", name, "--club", club).exit_code == 0
    return folder


def test_the_draw_prints_the_seed_the_tables_and_no_repeated_pair(run: Run, drawn: Path) -> None:
    assert run("tournament", "draw", "1").output.splitlines()[0] == (
        "series 1: 4 tables (4 of four), seed 17"
    )
    got = run("tournament", "draw", "2")
    assert got.output == (
        "series 2: 4 tables (4 of four), seed 18\n"
        "  Table  Players (seat order)    Deals first    List\n"
        "-------  ----------------------  -------------  ----------------------\n"
        "      1  Anna, Emil, Lena, Gerd  Anna           series-2/table-01.json\n"
        "      2  Jens, Carl, Dora, Mia   Jens           series-2/table-02.json\n"
        "      3  Hans, Nils, Olga, Ida   Hans           series-2/table-03.json\n"
        "      4  Paul, Frida, Ben, Kai   Paul           series-2/table-04.json\n"
        "repeated pairs: 0\n"
    )


def test_seating_json_has_the_documented_shape(run: Run, drawn: Path) -> None:
    run("tournament", "draw", "1")
    data = json.loads(run("tournament", "seating", "1", "--json").output)
    assert data["series"] == 1
    assert data["tables"][0] == {
        "table": 1,
        "players": ["Kai", "Olga", "Gerd", "Jens"],
        "list": "series-1/table-01.json",
    }


@pytest.fixture
def played(run: Run, drawn: Path) -> Path:
    """All three series: paper results by seat, series 3 table 1 kept in its list."""
    for series, tables in SERIES.items():
        assert run("tournament", "draw", str(series)).exit_code == 0
        for number, players in enumerate(tables, start=1):
            if (series, number) == (3, 1):
                continue
            items = [f"{p}={s}" for p, s in zip(players, SEATS, strict=True)]
            got = run("tournament", "result", str(series), str(number), *items)
            assert got.exit_code == 0, got.output
    table = str(drawn / "series-3" / "table-01.json")
    # Mia deals first and sits out game 1: Lena loses a Kreuz mit 1 (−48), Mia wins a Grand
    # ohne 1 (+48), then two passed games: the same numbers as the paper tables.
    for words in (["lena", "kreuz", "mit", "1", "augen", "50"],
                  ["mia", "grand", "ohne", "1", "augen", "70"], ["pass"], ["pass"]):  # fmt: skip
        command = ["pass"] if words == ["pass"] else ["add", *words]
        assert run(*command, "--ledger", table).exit_code == 0
    return drawn


RANKING = """\
Sechzehn · 2026-12-05 · all series
  Place  Name    Club      S1    S2    S3    Total    Points    Won    Lost
-------  ------  ------  ----  ----  ----  -------  --------  -----  ------
     1.  Hans    Kreuz     30   128    30      188        48      1       0
     1.  Jens    Kreuz     30   128    30      188        48      1       0
     1.  Kai     Kreuz    128    30    30      188        48      1       0
     1.  Paul    Kreuz     30   128    30      188        48      1       0
     5.  Carl    Herz     128   −98   128      158        48      2       1
     5.  Nils    Kreuz    128   −98   128      158        48      2       1
     7.  Dora    Herz      30    30    30       90         0      0       0
     7.  Ida     Kreuz     30    30    30       90         0      0       0
     9.  Anna    Herz     −98   128    30       60         0      1       1
     9.  Ben     Herz     128    30   −98       60         0      1       1
     9.  Emil    Herz      30   −98   128       60         0      1       1
     9.  Mia     Kreuz    −98    30   128       60         0      1       1
    13.  Gerd    Herz      30    30   −98      −38       −48      0       1
    13.  Olga    Kreuz    −98    30    30      −38       −48      0       1
    15.  Frida   Herz      30   −98   −98     −166       −96      0       2
    15.  Lena    Kreuz    −98    30   −98     −166       −96      0       2
"""


def test_the_ranking_of_sixteen_by_hand(run: Run, played: Path) -> None:
    """Four players at 188 with one game won and none lost share first place."""
    got = run("tournament", "ranking")
    assert got.exit_code == 0
    assert got.output == RANKING


def test_status_shows_every_table(run: Run, played: Path) -> None:
    lines = run("tournament", "status").output.splitlines()
    assert lines[2].split() == ["1", "1", "Kai,", "Olga,", "Gerd,", "Jens", "paper"]
    assert lines[10].split() == ["3", "1", "Mia,", "Lena,", "Kai,", "Hans", "done", "(4/4)"]


def test_teams_and_prizes(run: Run, played: Path) -> None:
    """Kreuz: Hans, Jens, Kai, Paul 4 × 188; Herz: Carl 158 + Dora 90 + Anna, Ben, or Emil
    60 each (two of them count). Four share first place and the first three prizes."""
    teams = run("tournament", "teams").output.splitlines()
    assert teams[2].split()[:3] == ["1.", "Kreuz", "752"]
    assert teams[3].split()[:3] == ["2.", "Herz", "368"]
    prizes = run("tournament", "prizes", "--amounts", "100,60,40", "--entry", "5").output
    assert prizes.splitlines()[2:7] == [
        "     1.  Hans     €50.00",
        "     1.  Jens     €50.00",
        "     1.  Kai      €50.00",
        "     1.  Paul     €50.00",
        "paid out: €200.00",
    ]
    assert prizes.splitlines()[-1] == "collected: €80.00"


def test_a_refused_result_lists_every_problem_on_stderr(run: Run, played: Path) -> None:
    got = run("tournament", "result", "1", "5", "Anna=1/0/0")
    assert got.exit_code == 2
    assert got.stderr == "Error: series 1 has tables 1 to 4; there is no table 5\n"
    got = run(
        "tournament", "result", "3", "1", "Mia=0/0/0", "Lena=0/9/0", "Kai=0/0/0", "Hans=0/0/0"
    )
    assert got.exit_code == 2
    assert got.stderr.splitlines() == [
        "Error: series 3 table 1: nothing entered:",
        "  'Lena=0/9/0': 9 won and 0 lost are more than the series of 4 games",
        "  the table's won and lost games add up to 9, more than the series of 4 games",
        "  table 1 keeps its list (series-3/table-01.json, 4 games entered): a table has "
        "either a list or a paper result",
    ]


@pytest.mark.parametrize(("fmt", "start"), [("html", "<!DOCTYPE html>"), ("csv", "place,name")])
def test_exports(run: Run, played: Path, tmp_path: Path, fmt: str, start: str) -> None:
    out = tmp_path / f"ranking.{fmt}"
    got = run("tournament", "export", "ranking", "-o", str(out))
    assert got.exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith(start)
    if fmt == "html":
        assert "<svg" in text and "@page { size: A4" in text
    seating = run("tournament", "export", "seating", "--series", "2", "--format", fmt).output
    assert "Paul" in seating


def test_the_seating_plan_lists_every_player_alphabetically(run: Run, played: Path) -> None:
    page = run("tournament", "export", "seating", "--series", "1").output
    order = [page.index(f'<tr><td>{n}</td><td class="n">→ table') for n in sorted(NAMES)]
    assert order == sorted(order)
    assert '<tr><td>Anna</td><td class="n">→ table 2</td></tr>' in page


def test_the_folder_comes_from_the_option_the_environment_or_here(
    run: Run, played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SKATLISTE_TOURNAMENT")
    assert run("tournament", "ranking", "--tournament", str(played)).output == RANKING
    monkeypatch.chdir(played)
    assert run("tournament", "ranking").output == RANKING
    monkeypatch.chdir(played.parent)
    got = run("tournament", "ranking")
    assert got.exit_code == 2 and "no tournament here" in got.stderr


# examples/tournament/, by hand (tables of three: +40 for each game another player lost).
# Series 1, table 1 (list): Ida +48 +23, Frida −72, Emil +20 −66.
#   Ida 71 + 2·50 + 40·2 = 251; Frida −72 − 50 + 40 = −82; Emil −46 + 50 − 50 + 40 = −6.
# Table 2 (paper): Gerd 96 + 50 + 40 = 186; Dora −20 + 0 + 40 = 20; Carl 40 + 50 + 80 = 170.
# Table 3 (paper): Anna 120 + 100 + 40 = 260; Ben −48 − 50 = −98; Hans 18 + 50 + 40 = 108.
# Series 2, table 1 (paper): Ben 72 + 100 + 40 = 212; Dora 40; Emil −36 − 50 = −86.
# Table 2 (list): Hans +24 +46, Gerd −96, Ida +20 +36.
#   Hans 70 + 100 + 40 = 210; Gerd −96 − 50 = −146; Ida 56 + 100 + 40 = 196.
# Table 3 (paper): Anna 30 + 0 + 0 = 30; Carl 0 + 40 = 40; Frida 60 + 100 + 40 = 200.
EXAMPLE = {
    "Ida": 447,
    "Hans": 318,
    "Anna": 290,
    "Carl": 210,
    "Frida": 118,
    "Ben": 114,
    "Dora": 60,
    "Gerd": 40,
    "Emil": -92,
}


def test_the_example_tournament_is_what_its_script_makes(tmp_path: Path) -> None:
    """examples/tournament.sh, run again, gives the shipped folder's ranking: the one above."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("SKATLISTE_TOURNAMENT", None)
    script = EXAMPLES / "tournament.sh"
    subprocess.run(
        ["bash", str(script), str(tmp_path / "t")], env=env, check=True, capture_output=True
    )
    rankings = []
    for folder in (EXAMPLES / "tournament", tmp_path / "t"):
        rankings.append(json.loads(
            subprocess.run(
                ["skatliste", "tournament", "ranking", "--json", "--tournament", str(folder)],
                env=env, check=True, capture_output=True, text=True,
            ).stdout
        ))  # fmt: skip
    assert rankings[0] == rankings[1]
    assert {r["name"]: r["seeger_fabian"] for r in rankings[0]["ranking"]} == EXAMPLE
    assert [r["name"] for r in rankings[0]["ranking"]] == list(EXAMPLE)


def test_a_command_outside_a_tournament_says_how_to_start_one(run: Run, tmp_path: Path) -> None:
    got = run("tournament", "draw", "1", "--tournament", str(tmp_path / "none"))
    assert got.exit_code == 2
    assert got.stderr.startswith(f"Error: {tmp_path / 'none'}: no tournament here")
    assert not (tmp_path / "none").exists()


def test_player_commands(run: Run, drawn: Path) -> None:
    run("tournament", "draw", "1")
    got = run("tournament", "player", "remove", "paul")
    assert got.stdout == "Paul has left: not drawn again, ranked with the series played\n"
    assert got.stderr == (
        "Note: Paul is seated in series 1, which has no result yet; "
        "redraw it with 'skatliste tournament draw 1'\n"
    )
    listed = run("tournament", "player", "list").output.splitlines()
    assert listed[0].split() == ["No.", "Name", "Club", "Left"]
    assert listed[-1] == "15 players present"
    assert "yes" in next(line for line in listed if "Paul" in line)
    got = run("tournament", "player", "add", "paul")
    assert got.exit_code == 2
    assert got.stderr == "Error: 'paul': a player of this name is registered already\n"


def test_german_tables_are_the_default(
    run: Run, played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SKATLISTE_LANG")
    lines = run("tournament", "ranking").output.splitlines()
    assert lines[0] == "Sechzehn · 2026-12-05 · alle Serien"
    assert lines[1].split() == [
        "Platz", "Name", "Verein", "S1", "S2", "S3", "Gesamt", "Punkte", "gew.", "verl.",
    ]  # fmt: skip
    status = run("tournament", "status").output.splitlines()
    assert status[0].split() == ["Serie", "Tisch", "Spieler", "Stand"]
    assert status[2].endswith("Papier") and status[10].endswith("fertig (4/4)")
    assert run("tournament", "ranking", "--lang", "en").output == RANKING


def test_a_table_list_of_a_family_without_results_is_refused(run: Run, drawn: Path) -> None:
    """An American Grand list at a table gives no list points, won and lost games: the
    ranking says so in one sentence, exit 2, and nothing in the folder changes."""
    assert run("tournament", "draw", "1").exit_code == 0
    table = drawn / "series-1" / "table-01.json"
    table.unlink()
    lists.new_list(table, list(SERIES[1][0]), rules=lists.rules_of("american-grand"))
    before = {p: p.read_bytes() for p in drawn.rglob("*") if p.is_file()}
    got = run("tournament", "ranking")
    assert got.exit_code == 2
    assert got.stderr == (
        f"Error: {table}: a list of American Grand gives its players no list points and no "
        "games won or lost, so no tournament, season or league counts it\n"
    )
    assert {p: p.read_bytes() for p in drawn.rglob("*") if p.is_file()} == before
