"""``skatliste tournament draw SERIES --by-ranking [--apart club]`` (rules §L, "A series seated
by results"): places 1-4 at table 1, 5-8 at table 2, ...; with --apart club a player who
would sit with one of his club changes seats with the nearest place that removes the clash.

Every result is a paper line ``NAME=P/1/0``: Seeger-Fabian P + 50 (one game won, none lost at
the table), whatever table the player sat at.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Run

pytestmark = pytest.mark.english

# After series 1, by Seeger-Fabian: A 300, B 280, C 260, D 240, E 220, F 200, G 180, H 160, I 140
CLUBS = {"A": "X", "B": "X", "C": "Y", "D": "Z", "E": "W", "F": "V", "G": "U", "H": "T", "I": "S"}
SF = {"A": 300, "B": 280, "C": 260, "D": 240, "E": 220, "F": 200, "G": 180, "H": 160, "I": 140}


def ok(run: Run, *args: str) -> str:
    got = run(*args)
    assert got.exit_code == 0, got.output
    return str(got.stdout)


def seated(run: Run, series: int) -> list[list[str]]:
    data = json.loads(ok(run, "tournament", "seating", str(series), "--json"))
    return [t["players"] for t in data["tables"]]


@pytest.fixture
def played(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Eight players (A and B of one club), series 1 drawn and every table's result in."""
    folder = tmp_path / "t"
    ok(run, "tournament", "new", str(folder), "--name", "Gesetzt", "--series", "3", "--seed", "2")
    monkeypatch.setenv("SKATLISTE_TOURNAMENT", str(folder))
    for name in "ABCDEFGH":
        ok(run, "tournament", "player", "add", name, "--club", CLUBS[name])
    ok(run, "tournament", "draw", "1")
    for n, table in enumerate(seated(run, 1), start=1):
        ok(run, "tournament", "result", "1", str(n), *[f"{p}={SF[p] - 50}/1/0" for p in table])
    return folder


def test_a_series_seated_by_the_ranking(run: Run, played: Path) -> None:
    """Places 1-4 at table 1, 5-8 at table 2, in ranking order (place 1 deals first)."""
    ok(run, "tournament", "draw", "2", "--by-ranking")
    assert seated(run, 2) == [["A", "B", "C", "D"], ["E", "F", "G", "H"]]


def test_apart_club_swaps_with_the_nearest_place(run: Run, played: Path) -> None:
    """B (place 2) sits with A of his club; places 3 and 4 are at his table, so he changes
    seats with place 5, E, the nearest at another table, where no clash is made."""
    out = ok(run, "tournament", "draw", "2", "--by-ranking", "--apart", "club")
    assert seated(run, 2) == [["A", "E", "C", "D"], ["B", "F", "G", "H"]]
    assert "0 pairs of one club could not be kept apart" in out


def test_apart_says_how_many_pairs_could_not_be_kept_apart(run: Run, played: Path) -> None:
    """Three players of club X (I arrives late) at two tables: one pair must sit together,
    and the draw says so."""
    ok(run, "tournament", "player", "add", "I", "--club", "X")  # a late ninth for series 2
    ok(run, "tournament", "player", "remove", "H")  # and H leaves: eight again
    out = ok(run, "tournament", "draw", "2", "--by-ranking", "--apart", "club")
    tables = seated(run, 2)
    x = [sum(1 for p in t if p in ("A", "B", "I")) for t in tables]
    assert sorted(x) == [1, 2]
    assert "1 pair of one club could not be kept apart" in out


def test_tables_of_three_at_the_end(run: Run, played: Path) -> None:
    """Nine players after a late arrival: 3 tables of three (9 cannot be 4 + 5)."""
    ok(run, "tournament", "player", "add", "I", "--club", "S")
    ok(run, "tournament", "draw", "2", "--by-ranking")
    # I has no series yet: 0, the last place
    assert seated(run, 2) == [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "I"]]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["1", "--by-ranking", "--force"], "series 1 has no series before it to seat by"),
        (
            ["2", "--apart", "club"],
            "--apart club keeps clubs apart in a series seated --by-ranking",
        ),
        (["3", "--by-ranking"], "series 3: draw series 2 first"),
    ],
)
def test_refusals(run: Run, played: Path, args: list[str], says: str) -> None:
    before = (played / "tournament.json").read_bytes()
    got = run("tournament", "draw", *args)
    assert got.exit_code == 2, got.output
    assert says in got.stderr
    assert (played / "tournament.json").read_bytes() == before


def test_a_series_still_playing_cannot_be_seated_by(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "t"
    ok(run, "tournament", "new", str(folder), "--name", "Offen", "--series", "2")
    for name in "ABCDEFGH":
        ok(run, "tournament", "player", "add", name, "--tournament", str(folder))
    ok(run, "tournament", "draw", "1", "--tournament", str(folder))
    got = run("tournament", "draw", "2", "--by-ranking", "--tournament", str(folder))
    assert got.exit_code == 2
    assert "series 1 table 1 is without result" in got.stderr
    assert not (folder / "series-2").exists()
