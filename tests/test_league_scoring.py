"""The league's ranking points as a group of four or five, and central match days scored in
groups (rules §L), through the command line: set, shown, and refused where they make no
sense (exit 2, nothing written). The numbers themselves: tests/test_league_core.py and the
README's three-team day."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Run

pytestmark = pytest.mark.english

TEAMS = "ABCDEFGH"


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock")}  # fmt: skip


@pytest.fixture
def liga(run: Run, tmp_path: Path) -> Path:
    """A league of eight teams of three, counting all against all (as a file of an earlier
    version does)."""
    folder = tmp_path / "liga"
    assert run("league", "new", str(folder), "--name", "Liga", "--series", "2", "--seed", "1",
               "--scoring", "all").exit_code == 0  # fmt: skip
    for t in TEAMS:
        got = run("league", "team", "add", t, "--players", *(f"{t}{i}" for i in (1, 2, 3)),
                  "--league", str(folder))  # fmt: skip
        assert got.exit_code == 0, got.output
    return folder


def test_the_scoring_is_set_shown_and_refused_where_a_day_cannot_be_scored_so(
    run: Run, liga: Path
) -> None:
    """A central day of eight in one group counts under `all`; `group` is then refused until
    the day's groups are set, and nothing is written."""
    shown = run("league", "rules", "--league", str(liga), "--lang", "en")
    assert shown.output == (
        "ranking points: every team against every other team of its group or day\n"
    )
    assert run("league", "day", "new", "1", "--teams", *TEAMS, "--date", "2027-03-14",
               "--league", str(liga)).exit_code == 0  # fmt: skip
    before = files(liga)
    got = run("league", "rules", "--scoring", "group", "--league", str(liga), "--lang", "en")
    assert got.exit_code == 2
    assert "match day 1: 8 teams in one group: group scoring counts groups of 2 to 5" in got.stderr
    assert files(liga) == before


def test_a_new_league_counts_as_groups_and_refuses_a_day_of_six_without_groups(
    run: Run, liga: Path
) -> None:
    """A new league counts as the DSkV does (a file without the rule: all against all)."""
    made = run("league", "new", str(liga.parent / "neu"), "--name", "Neu", "--lang", "en")
    assert made.exit_code == 0 and "ranking points as a group" not in made.output
    data = json.loads((liga.parent / "neu" / "league.json").read_text(encoding="utf-8"))
    assert data["scoring"] == "group"
    assert run("league", "rules", "--scoring", "group", "--league", str(liga)).exit_code == 0
    before = files(liga)
    got = run("league", "day", "new", "1", "--teams", *TEAMS[:6], "--league", str(liga),
              "--lang", "en")  # fmt: skip
    assert got.exit_code == 2 and "6 teams in one group" in got.stderr, got.stderr
    assert files(liga) == before and not (liga / "day-1").exists()


@pytest.mark.parametrize(
    ("groups", "says"),
    [
        (("A,B,C,D", "D,E,F,G,H"), "team 'D' is in group 1 and group 2"),
        (("A,B,C,D", "E,F,G"), "H in no group"),
        (("A,B,C,D", "E,F,G,X"), "group 2 names team 'X', which does not play the day"),
    ],
)
def test_groups_that_do_not_part_the_day_are_refused_and_nothing_is_written(
    run: Run, liga: Path, groups: tuple[str, ...], says: str
) -> None:
    before = files(liga)
    args = [a for g in groups for a in ("--group", g)]
    got = run("league", "day", "new", "1", "--teams", *TEAMS, *args, "--league", str(liga),
              "--lang", "en")  # fmt: skip
    assert got.exit_code == 2 and says in got.stderr, got.stderr
    assert files(liga) == before and not (liga / "day-1").exists()


def test_a_central_day_in_groups_reports_each_group_from_its_first(run: Run, liga: Path) -> None:
    """Two groups of four under group scoring: the report's JSON names each team's group; the
    text lists each group from its first place."""
    assert run("league", "rules", "--scoring", "group", "--league", str(liga)).exit_code == 0
    got = run("league", "day", "new", "1", "--teams", *TEAMS, "--group", "A,B,C,D", "--group",
              "e,f,g,h", "--league", str(liga))  # fmt: skip
    assert got.exit_code == 0, got.output
    data = json.loads((liga / "league.json").read_text(encoding="utf-8"))
    assert data["scoring"] == "group"
    assert data["days"][0]["groups"] == [list("ABCD"), list("EFGH")]
    day = str(liga / "day-1")
    assert run("league", "day", "draw", "1", "1", "--league", str(liga)).exit_code == 0
    seats = json.loads(run("tournament", "seating", "1", "--json", "--tournament", day).output)
    for n, table in enumerate(seats["tables"], 1):
        # each player of A 126 + 50, of B 108 + 50, ..., of G 18 + 50, of H nothing
        items = [f"{p}={18 * (7 - TEAMS.index(p[0])) or 0}/{1 if p[0] != 'H' else 0}/0"
                 for p in table["players"]]  # fmt: skip
        got = run("tournament", "result", "1", str(n), *items, "--tournament", day)
        assert got.exit_code == 0, got.output
    report = json.loads(run("league", "day", "report", "1", "--json", "--league",
                            str(liga)).output)  # fmt: skip
    first = report["series"][0]["teams"]
    assert [(t["group"], t["team"], t["points"]) for t in first] == [
        (1, "A", 3), (1, "B", 2), (1, "C", 1), (1, "D", 0),
        (2, "E", 3), (2, "F", 2), (2, "G", 1), (2, "H", 0),
    ]  # fmt: skip
    from skatliste.web.league import league_view

    page = league_view(liga, "de")["days"][0]["body"]
    assert '<th class="n">Gruppe</th>' in page  # the league's page shows the groups
    text = run("league", "day", "report", "1", "--league", str(liga), "--lang", "en").output
    day_lines = text.split("The match day\n")[1].splitlines()
    assert [line.split()[:3] for line in day_lines[2:10]] == [
        ["1", "1.", "A"], ["1", "2.", "B"], ["1", "3.", "C"], ["1", "4.", "D"],
        ["2", "1.", "E"], ["2", "2.", "F"], ["2", "3.", "G"], ["2", "4.", "H"],
    ]  # fmt: skip


def test_a_hand_edited_file_of_group_scoring_with_a_day_of_six_is_refused(
    run: Run, liga: Path
) -> None:
    assert run("league", "day", "new", "1", "--teams", *TEAMS[:6], "--league",
               str(liga)).exit_code == 0  # fmt: skip
    path = liga / "league.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["scoring"] = "group"
    path.write_text(json.dumps(data), encoding="utf-8")
    got = run("league", "table", "--league", str(liga), "--lang", "en")
    assert got.exit_code == 2 and "days[1]: match day 1: 6 teams in one group" in got.stderr
