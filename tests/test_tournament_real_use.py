"""What an organiser met running a Preisskat: players whose names have a space, a table
seated by hand, paper results typed in at a championship's size.

Each test names a behaviour an organiser relies on; each failed before its fix.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Run


def _ok(run: Run, *args: str) -> str:
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.output


@pytest.fixture
def hall(run: Run, tmp_path: Path) -> Path:
    folder = tmp_path / "preisskat"
    _ok(run, "tournament", "new", str(folder), "--name", "Preisskat", "--series", "2")
    for name in ("Anna Schmidt", "Ben", "Carl", "Dora", "Emil", "Fritz"):
        _ok(run, "tournament", "player", "add", name, "--tournament", str(folder))
    return folder


# --- names with a space ----------------------------------------------------------------------


def test_a_player_with_a_space_in_the_name_is_drawn_and_scored(run: Run, hall: Path) -> None:
    """'Anna Schmidt' is drawn like anyone, and her paper result is written as one argument."""
    _ok(run, "tournament", "draw", "1", "--seed", "1", "--tournament", str(hall))
    plan = json.loads(_ok(run, "tournament", "seating", "1", "--json", "--tournament", str(hall)))
    table = next(t for t in plan["tables"] if "Anna Schmidt" in t["players"])
    others = [p for p in table["players"] if p != "Anna Schmidt"]
    args = ["Anna Schmidt=312/9/2", f"{others[0]}=-40/3/4", f"{others[1]}=118/6/1"]
    _ok(run, "tournament", "result", "1", str(table["table"]), *args, "--tournament", str(hall))
    ranking = json.loads(_ok(run, "tournament", "ranking", "--json", "--tournament", str(hall)))
    anna = next(p for p in ranking["ranking"] if p["name"] == "Anna Schmidt")
    assert anna["points"] == 312
    assert anna["seeger_fabian"] == 312 + 50 * (9 - 2) + 40 * (4 + 1)


# --- a table seated by hand ------------------------------------------------------------------


def test_a_table_is_seated_by_hand(run: Run, hall: Path) -> None:
    """``tournament seat SERIES TABLE NAME...`` sets a table as given: a late arrival, a
    seating from elsewhere."""
    _ok(
        run,
        "tournament",
        "seat",
        "1",
        "1",
        "Anna Schmidt",
        "Ben",
        "Carl",
        "--tournament",
        str(hall),
    )
    _ok(run, "tournament", "seat", "1", "2", "Dora", "Emil", "Fritz", "--tournament", str(hall))
    plan = json.loads(_ok(run, "tournament", "seating", "1", "--json", "--tournament", str(hall)))
    assert [t["players"] for t in plan["tables"]] == [
        ["Anna Schmidt", "Ben", "Carl"],
        ["Dora", "Emil", "Fritz"],
    ]


def test_a_player_seated_twice_by_hand_is_refused(run: Run, hall: Path) -> None:
    """A player cannot sit at two tables of one series: refused, nothing written."""
    _ok(
        run,
        "tournament",
        "seat",
        "1",
        "1",
        "Anna Schmidt",
        "Ben",
        "Carl",
        "--tournament",
        str(hall),
    )
    before = (hall / "tournament.json").read_bytes()
    r = run("tournament", "seat", "1", "2", "Ben", "Emil", "Fritz", "--tournament", str(hall))
    assert r.exit_code == 2 and "Ben" in r.stderr
    assert (hall / "tournament.json").read_bytes() == before
