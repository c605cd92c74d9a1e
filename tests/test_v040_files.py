"""Files skatliste 0.4.0 wrote still open: a Skat list, an American Grand list, a tournament
folder (its file, its table lists, its keys), a season, a league with a match day, a list's
key and its request log. ``tests/data/v0.4.0/made-by.sh`` is how they were made, with 0.4.0's
own commands (the keys and the request log by its functions), before the formats were defined
anew; none of them may be changed by hand."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skatliste.app.keys import list_key, tournament_keys
from skatliste.store.requests import Kept, begin
from tests.conftest import ROOT, Run

V040 = ROOT / "tests" / "data" / "v0.4.0"


@pytest.fixture
def old(tmp_path: Path) -> Path:
    """A copy of the 0.4.0 files (a command may take a lock beside them)."""
    folder = tmp_path / "v0.4.0"
    shutil.copytree(V040, folder)
    return folder


def _facts(folder: Path) -> dict[str, bytes]:
    """Every file of the folder but the locks, by its path: what was read is not written."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock")
    }


@pytest.mark.english
@pytest.mark.parametrize("name", ["skat.json", "american-grand.json", "season/evening-1.json"])
def test_a_040_list_opens_and_checks(run: Run, old: Path, name: str) -> None:
    """A list of either family checks without a problem and sums up, and is left as it was."""
    before = _facts(old)
    checked = run("check", "--ledger", str(old / name))
    assert checked.exit_code == 0, checked.output
    assert "no problems" in checked.output
    summary = run("summary", "--ledger", str(old / name))
    assert summary.exit_code == 0, summary.output
    assert _facts(old) == before


@pytest.mark.english
def test_a_040_tournament_folder_opens(run: Run, old: Path) -> None:
    """The tournament's ranking reads its file (history of a replaced result and a player
    gone), its table lists and its paper result."""
    before = _facts(old)
    ranked = run("tournament", "ranking", "--tournament", str(old / "tournament"))
    assert ranked.exit_code == 0, ranked.output
    assert "Preisskat Dezember" in ranked.output
    assert "Gerd" in ranked.output and "186" in ranked.output
    assert _facts(old) == before


@pytest.mark.english
def test_a_040_season_opens(run: Run, old: Path) -> None:
    """The season's standing reads its file (evenings, an alias, a rules change) and its
    lists, and writes nothing."""
    before = _facts(old)
    standing = run("season", "standing", "--season", str(old / "season"))
    assert standing.exit_code == 0, standing.output
    assert "Vereinsmeisterschaft 2027" in standing.output
    assert _facts(old) == before


@pytest.mark.english
def test_a_040_league_opens(run: Run, old: Path) -> None:
    """The league's table reads its file (a team edited, a match day) and the day's
    tournament."""
    before = _facts(old)
    table = run("league", "table", "--league", str(old / "league"))
    assert table.exit_code == 0, table.output
    assert "Kiel" in table.output and "Eutin" in table.output
    report = run("league", "day", "report", "1", "--league", str(old / "league"))
    assert report.exit_code == 0, report.output
    assert _facts(old) == before


def test_040_keys_open(old: Path) -> None:
    """A list's key file and a tournament's keys file give the keys they keep: none made."""
    kept = (old / "skat.json.key").read_text(encoding="utf-8").strip()
    assert list_key(old / "skat.json") == (kept, False)
    keys = tournament_keys(old / "tournament")
    assert not keys.made
    assert keys.organiser == "bSMgU--TVAdnuG6KwlyQNpF3P9dQG43l"
    assert sorted(keys.seats) == [(1, 1), (1, 2), (1, 3)]
    assert keys.seats[(1, 2)] == "tAHGStdE5KG5cLFJ9GyGhoLZ9axmkdnT"


def test_040_request_log_opens(old: Path) -> None:
    """The answers kept for repeated requests: an answered key gives its answer again; a key
    left open on a list that changed since is taken as landed."""
    ledger = old / "skat.json"
    first = begin(ledger, "k-1", "/api/entries POST body 0123456789abcdef")
    assert first == Kept(201, b'{"number": 6}')
    assert begin(ledger, "k-2", "/api/entries POST body fedcba9876543210") == Kept(0, b"")
