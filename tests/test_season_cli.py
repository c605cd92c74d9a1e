"""``skatliste season`` as a user types it: the example season rebuilt by its script, the
standing and a player as tables and JSON, the rules changed, the clubs, the exports, and every
refusal of docs/rules.md ("The season standing") with exit 2 and nothing written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, Run

STANDING = """\
Vereinsmeisterschaft 2027 · 4 evenings
  Place  Name         Club          Series    Evenings    Counted    Score    Best  Dropped
-------  -----------  ----------  --------  ----------  ---------  -------  ------  ---------
     1.  Ben          Herz As            4           4          3      561     237  −110
     2.  Anna         Herz As            4           4          3      451     187  100
     3.  Dora         Kreuz Bube         4           4          3      421     274  −110
     4.  Hans-Jürgen  Kreuz Bube         3           3          2      224     114  −50
     5.  Carl         Kreuz Bube         3           3          2      169     211  −90
     6.  Emil         Herz As            3           3          2      106     188  −86
-------  -----------  ----------  --------  ----------  ---------  -------  ------  ---------
      –  Gerd                            1           1          1      102     102
–: not ranked (nicht gewertet), short of the fewest series or evenings
"""


@pytest.fixture
def season(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of examples/season/, the current folder."""
    folder = tmp_path / "season"
    shutil.copytree(EXAMPLES / "season", folder)
    monkeypatch.chdir(folder)
    monkeypatch.delenv("SKATLISTE_SEASON", raising=False)
    monkeypatch.setenv("SKATLISTE_LANG", "en")
    return folder


def test_the_example_season_is_what_its_script_makes(tmp_path: Path) -> None:
    """examples/season.sh rebuilt in a temporary folder gives the same lists, tournament
    and season file (time stamps aside)."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env = {k: v for k, v in env.items() if not k.startswith("SKATLISTE_")}
    subprocess.run(
        ["bash", str(EXAMPLES / "season.sh"), str(tmp_path / "season")],
        check=True,
        capture_output=True,
        env=env,
    )

    def facts(folder: Path) -> dict[str, object]:
        out: dict[str, object] = {}
        for path in sorted(folder.rglob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            text = json.dumps(data, ensure_ascii=False)
            for key in ("created", "time"):
                text = _without(text, key)
            out[str(path.relative_to(folder))] = text
        return out

    assert facts(tmp_path / "season") == facts(EXAMPLES / "season")


def _without(text: str, key: str) -> str:
    import re

    return re.sub(rf'"{key}": "[^"]*"', f'"{key}": ""', text)


def test_the_standing_of_the_example(run: Run, season: Path) -> None:
    """The worst series of each player drops; Gerd, one evening, is below without a place."""
    result = run("season", "standing")
    assert result.exit_code == 0, result.output
    assert result.stdout == STANDING


def test_the_standing_as_json(run: Run, season: Path) -> None:
    """Numbers as numbers; a player below the minimum has no place."""
    data = json.loads(run("season", "standing", "--json").stdout)
    assert data["standing"][0] == {
        "place": 1,
        "name": "Ben",
        "club": "Herz As",
        "series": 4,
        "evenings": 4,
        "counted": 3,
        "score": 561,
        "best": 237,
        "dropped": [-110],
        "ranked": True,
    }
    assert data["standing"][-1]["place"] is None and data["missing"] == []


def test_a_player_of_two_spellings_is_one(run: Run, season: Path) -> None:
    """'Hans Jürgen' of the 22nd is 'Hans-Jürgen' (the alias); his worst series drops."""
    result = run("season", "player", "hans jürgen")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Hans-Jürgen: place 4., 224 from 2 of 3 series on 3 evenings"
    assert "2027-01-08  abende/2027-01-08-tisch2.json      −50  dropped" in lines[3]
    data = json.loads(run("season", "player", "Hans-Jürgen", "--json").stdout)
    assert [s["counted"] for s in data["series"]] == [False, True, True]
    assert (data["stats"]["won"], data["stats"]["lost"]) == (2, 1)


def test_two_players_of_one_series_are_no_alias_and_an_alias_is_taken_back(
    run: Run, season: Path
) -> None:
    """Anna and Ben sat at one table: joining them is refused, the standing still works; the
    alias of 'Hans Jürgen' taken back makes him a player of his own, kept in the history."""
    refused = run("season", "alias", "Anna", "Ben")
    assert refused.exit_code == 2 and "two players, not two spellings of one" in refused.stderr
    assert run("season", "standing").exit_code == 0
    got = run("season", "alias", "--remove", "hans jürgen")
    assert got.exit_code == 0, got.output
    assert "'Hans Jürgen' is no longer 'Hans-Jürgen' in the standing" in got.stdout
    names = [x["name"] for x in json.loads(run("season", "standing", "--json").stdout)["standing"]]
    assert "Hans Jürgen" in names and "Hans-Jürgen" in names
    data = json.loads((season / "season.json").read_text(encoding="utf-8"))
    assert data["aliases"] == []
    assert data["history"][-1]["alias"] == {"name": "Hans-Jürgen", "other": "Hans Jürgen"}
    again = run("season", "alias", "Hans-Jürgen", "Hans Jürgen")
    assert again.exit_code == 0, again.output


def test_the_rules_are_shown_and_changed(run: Run, season: Path) -> None:
    """--set best=2 replaces nothing until the drop is off; with it off, the best 2 count."""
    assert run("season", "rules").stdout.splitlines() == [
        "a series scores its Seeger-Fabian points",
        "the season score is the sum of the counted series",
        "the worst series is dropped",
        "ranked with at least 2 evenings; the others are listed below, without a place",
    ]
    refused = run("season", "rules", "--set", "best=2")
    assert refused.exit_code == 2 and "at most one of" in refused.stderr
    result = run(
        "season", "rules", "--set", "drop=none", "--set", "best=2", "--set", "rule=average"
    )
    assert result.exit_code == 0, result.output
    assert "only the best 2 series count" in result.stdout
    data = json.loads(run("season", "standing", "--json").stdout)
    assert data["rules"]["best"] == 2 and data["rules"]["rule"] == "average"
    # Ben's series: 210, 237, −110, 114 (see 'season player ben'): the best two average
    # (237 + 210) / 2 = 223.5, his 114 and −110 drop
    ben = next(x for x in data["standing"] if x["name"] == "Ben")
    assert (ben["counted"], ben["score"], ben["dropped"]) == (2, 223.5, [114, -110])


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["rules", "--set", "worst=2"], "--set worst=2: write NAME=VALUE"),
        (["rules", "--set", "best=ten"], "--set best=ten: the value is a whole number"),
        (["rules", "--set", "rule=median"], "--set rule=median: one of sum, average"),
        (
            ["rules", "--set", "attendance=50", "--set", "rule=average"],
            "do not go with the average",
        ),
        (["rules", "--set", "drop=0"], "the worst series dropped: 0 — the number is at least 1"),
        (
            ["rules", "--set", "drop=none", "--set", "best=99999999999999999999"],
            "the best series counted: 99999999999999999999 — the number is at most 10000",
        ),
        (["rules", "--set", "attendance=10001"], "the number is at most 10000"),
        (["rules", "--set", "min-evenings=10001"], "the number is at most 10000"),
        (["add", "abende/2027-01-15-tisch1.json", "--date", "2027-02-01"], "in the season already"),
        (["add", "nothing.json", "--date", "2027-02-01"], "no list or tournament folder here"),
        (["add", "pokal/series-1/table-02.json", "--date", "2027-02-01"], "would count twice"),
        (["add", "abende", "--date", "2027-02-01"], "a folder without a tournament"),
        (["add", "season.json", "--date", "15.1.2027"], "'15.1.2027' is not a day"),
        (["remove", "2027-03-01"], "no evening on 2027-03-01"),
        (["player", "Zoe"], "no player 'Zoe' in the season"),
        (["teams", "--size", "0"], "a team of 0"),
        (["alias", "Anna", "anna"], "are one name already"),
        (["alias", "Anna", "Ben"], "both have a result in 2027-01-08, series abende/"),
        (["alias", "Anna"], "an alias joins two names: give both"),
        (["alias", "--remove", "Zoe"], "'Zoe' is no alias; the aliases: 'Hans Jürgen'"),
        (["alias", "--remove", "Hans Jürgen", "HJ"], "--remove takes one name"),
    ],
)
def test_bad_input_is_refused_and_nothing_written(
    run: Run, season: Path, args: list[str], says: str
) -> None:
    """docs/rules.md, 'The season standing': each refusal says what is wrong, exit 2."""
    before = (season / "season.json").read_bytes()
    result = run("season", *args)
    assert result.exit_code == 2, result.output
    assert says in result.stderr
    assert (season / "season.json").read_bytes() == before


def test_a_season_file_with_a_count_above_the_most_still_opens(run: Run, season: Path) -> None:
    """docs/rules.md, 'Which series count': the bound is checked when the rules are set."""
    path = season / "season.json"
    path.write_text(path.read_text().replace('"drop": 1,', '"drop": 20000,', 1))
    assert run("season", "standing").exit_code == 0
    changed = run("season", "rules", "--set", "drop=2")
    assert changed.exit_code == 0, changed.output


def test_impossible_rules_of_a_new_season_are_refused(run: Run, tmp_path: Path) -> None:
    """Two ways of dropping, a count below 1, attendance with the average, a drop from a
    series without its step: exit 2, no folder made."""
    for args, says in [
        (["--best", "10", "--drop", "2"], "at most one of"),
        (["--drop", "0"], "the worst series dropped: 0"),
        (["--rule", "average", "--attendance", "100"], "do not go with the average"),
        (["--drop-from", "30"], "needs the step"),
        (
            ["--min-series", "10001"],
            "the fewest series to be ranked: 10001 — the number is at most",
        ),
    ]:
        result = run("season", "new", str(tmp_path / "vm"), "--name", "VM", *args, "--lang", "en")
        assert result.exit_code == 2, result.output
        assert says in result.stderr
        assert not (tmp_path / "vm").exists()


def test_a_corrupt_list_refuses_the_standing(run: Run, season: Path) -> None:
    """The list is named with its reason; the standing is not shown."""
    path = season / "abende" / "2027-01-15-tisch1.json"
    path.write_text(path.read_text().replace('"players"', '"spieler"', 1))
    result = run("season", "standing")
    assert result.exit_code == 2
    assert "abende/2027-01-15-tisch1.json" in result.stderr


def test_a_missing_list_is_named_under_the_standing(run: Run, season: Path) -> None:
    (season / "abende" / "2027-01-15-tisch1.json").unlink()
    result = run("season", "standing")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == (
        "the evening of 2027-01-15: abende/2027-01-15-tisch1.json is missing; its series do "
        "not count"
    )


def test_a_tournament_folder_without_its_file_is_named_missing(run: Run, season: Path) -> None:
    (season / "pokal" / "tournament.json").unlink()
    result = run("season", "standing")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        "the evening of 2027-01-29: pokal is missing; its series do not count"
    )


def test_an_evening_with_its_tables_redrawn_is_added_series_by_series(
    run: Run, season: Path
) -> None:
    """Anna, Ben and Carl at a table of series 1; Anna, Carl and Gerd after the redraw: the
    second series (§S). Marked as series 1 as well, it is refused: Anna and Carl cannot sit
    at two tables of one series."""
    for name, players in (
        ("t1.json", ("Anna", "Ben", "Carl")),
        ("t2.json", ("Anna", "Carl", "Gerd")),
    ):
        run("new", "--players", *players, "--ledger", name)
        run("add", "anna", "kreuz", "mit", "1", "--ledger", name)
    assert run("season", "add", "t1.json", "--date", "2027-03-01", "--series", "1").exit_code == 0
    refused = run("season", "add", "t2.json", "--date", "2027-03-01", "--series", "1")
    assert refused.exit_code == 2, refused.output
    assert "both tables have Anna, Carl:" in refused.stderr
    result = run("season", "add", "t2.json", "--date", "2027-03-01", "--series", "2")
    assert result.exit_code == 0, result.output


def test_an_evening_is_added_removed_and_the_standing_follows(run: Run, season: Path) -> None:
    """The standing is derived on every read: without the cup it has three evenings."""
    assert run("season", "remove", "2027-01-29").stdout == (
        "the evening of 2027-01-29 taken out (kept in the history)\n"
    )
    assert (
        run("season", "standing").stdout.splitlines()[0] == "Vereinsmeisterschaft 2027 · 3 evenings"
    )
    added = run("season", "add", "pokal", "--date", "2027-01-29")
    assert added.stdout == "the evening of 2027-01-29: pokal\n"
    assert run("season", "standing").stdout == STANDING


def test_the_folder_is_found_by_option_env_or_the_current_folder(
    run: Run, season: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--season DIR, else SKATLISTE_SEASON, else the current folder, as a tournament."""
    monkeypatch.chdir(season.parent)
    missing = run("season", "standing")
    assert missing.exit_code == 2
    assert "no season here" in missing.stderr and "skatliste season new DIR" in missing.stderr
    assert run("season", "standing", "--season", str(season)).stdout == STANDING
    monkeypatch.setenv("SKATLISTE_SEASON", str(season))
    assert run("season", "standing").stdout == STANDING


def test_the_clubs_of_the_cup(run: Run, season: Path) -> None:
    """Herz As: Ben 561 + Anna 451 = 1012; Kreuz Bube: Dora 421 + Hans-Jürgen 224 = 645."""
    assert run("season", "teams", "--size", "2").stdout == (
        "  Place  Club          Total  Players counted\n"
        "-------  ----------  -------  -------------------------\n"
        "     1.  Herz As        1012  Ben 561, Anna 451\n"
        "     2.  Kreuz Bube      645  Dora 421, Hans-Jürgen 224\n"
    )
    data = json.loads(run("season", "teams", "--size", "4", "--json").stdout)
    # a team of four: Herz As 561 + 451 + 106 (Emil) = 1118, Kreuz Bube 421 + 224 + 169
    # (Carl) = 814; each has three ranked players, short of four (Gerd has no club)
    assert [(t["club"], t["score"], t["short"]) for t in data["teams"]] == [
        ("Herz As", 1118, True),
        ("Kreuz Bube", 814, True),
    ]


def test_the_exports(run: Run, season: Path) -> None:
    """HTML with the chart of the top four, CSV one row a player, JSON as --json; never over
    the season file."""
    result = run("season", "export", "html", "-o", "standing.html")
    assert result.exit_code == 0, result.output
    page = (season / "standing.html").read_text()
    assert "<svg" in page and "Ben +561" in page and "@page" in page
    csv = run("season", "export", "csv").stdout.splitlines()
    assert csv[0] == "place,name,club,series,evenings,counted,score,best,dropped,ranked"
    assert csv[1] == "1,Ben,Herz As,4,4,3,561,237,-110,yes"
    assert json.loads(run("season", "export", "json").stdout)["standing"][0]["name"] == "Ben"
    refused = run("season", "export", "json", "-o", "season.json")
    assert refused.exit_code == 2


def test_the_season_file_is_named_as_what_it_is_when_refused_as_a_target(
    run: Run, season: Path
) -> None:
    """An export or a new list over season.json is refused as over a season file, not a
    list; nothing written."""
    before = (season / "season.json").read_bytes()
    got = run("season", "export", "csv", "-o", "season.json")
    assert got.exit_code == 2
    assert "season.json: is a skatliste season file; writing there would replace it" in got.stderr
    assert "the list" not in got.stderr and "abend.csv" not in got.stderr
    made = run("new", "--players", "A", "B", "C", "--ledger", "season.json")
    assert made.exit_code == 2 and "is a skatliste season file, not a list" in made.stderr
    assert (season / "season.json").read_bytes() == before


def test_a_player_s_statistics_are_those_of_stats_over_the_lists_played(
    run: Run, season: Path
) -> None:
    """Anna played four lists (the cup's table 2 among them) and no paper result: her season's
    numbers are what 'skatliste stats' says over those lists."""
    lists = [
        "abende/2027-01-08-tisch1.json",
        "abende/2027-01-15-tisch1.json",
        "abende/2027-01-22-tisch1.json",
        "pokal/series-1/table-02.json",
    ]
    stats = json.loads(run("stats", *lists, "--json").stdout)["Anna"]
    mine = json.loads(run("season", "player", "anna", "--json").stdout)["stats"]
    assert mine == stats
    text = run("season", "player", "anna").stdout
    assert text.endswith("Anna               1/1      2/2      1/1     1/1\n")  # won/declared
