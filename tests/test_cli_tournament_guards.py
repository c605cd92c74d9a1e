"""The tournament's guards as a CLI contract: each refusal is ``Error: ...`` on stderr with
exit 2 (never the bug handler's 70), and leaves every file as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .conftest import EXAMPLES, Run


def files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture
def ta(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of examples/tournament (looked at once, so its results cache is there)."""
    folder = tmp_path / "ta"
    shutil.copytree(EXAMPLES / "tournament", folder)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SKATLISTE_LANG", "en")
    assert run("tournament", "status", "--tournament", str(folder)).exit_code == 0
    return folder


def refused(run: Run, folder: Path, *args: str) -> str:
    """Run a command that must be refused; its stderr. Nothing under ``folder`` changes."""
    before = files(folder.parent)
    got = run(*args)
    assert got.exit_code == 2, (got.exit_code, got.output, got.stderr)
    assert got.stderr.startswith("Error: ") and got.stdout == ""
    assert files(folder.parent) == before
    return got.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("tournament", "export", "ranking", "-o", "ta/tournament.json", "--tournament", "ta"),
        ("tournament", "export", "ranking", "--format", "csv", "-o", "ta/tournament.json"),
        ("tournament", "export", "seating", "--series", "1", "-o", "ta/tournament.json"),
        ("export", "--ledger", "ta/series-1/table-01.json", "--format", "json", "-o",
         "ta/tournament.json"),
    ],
)  # fmt: skip
def test_no_export_replaces_the_tournament_file(run: Run, ta: Path, args: tuple[str, ...]) -> None:
    full = (
        [*args] if "--tournament" in args or args[0] == "export" else [*args, "--tournament", "ta"]
    )
    err = refused(run, ta, *full)
    assert err == (
        "Error: ta/tournament.json: is a skatliste tournament file; writing there would "
        "replace it. Nothing written: give another file\n"
    )


def test_no_export_through_a_link_replaces_the_tournament_file(run: Run, ta: Path) -> None:
    (ta.parent / "link.json").symlink_to(ta / "tournament.json")
    err = refused(
        run, ta, "tournament", "export", "ranking", "-o", "link.json", "--tournament", "ta"
    )
    assert err.startswith(f"Error: link.json (a link to {(ta / 'tournament.json').resolve()}): ")


def test_no_export_replaces_a_list(run: Run, ta: Path) -> None:
    target = "ta/series-1/table-01.json"
    err = refused(run, ta, "tournament", "export", "ranking", "-o", target, "--tournament", "ta")
    assert "is a skatliste list; writing there would replace it" in err


def test_new_force_does_not_replace_a_tournament_file_with_a_list(run: Run, ta: Path) -> None:
    err = refused(
        run, ta, "new", "--force", "--ledger", "ta/tournament.json", "--players", "A", "B", "C"
    )
    assert "is a skatliste tournament file, not a list" in err


def test_an_export_into_a_missing_folder_says_so(run: Run, ta: Path, tmp_path: Path) -> None:
    target = tmp_path / "none" / "dir" / "x.html"
    err = refused(
        run, ta, "tournament", "export", "ranking", "-o", str(target), "--tournament", "ta"
    )
    assert err == (
        f"Error: {target}: the folder {target.parent} does not exist (skatliste creates no "
        "folders: create it first, or name a file in another folder)\n"
    )


@pytest.fixture
def three(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Vera, Sven and Klaus drawn at one table (series of 3 games); looked at once."""
    folder = tmp_path / "t"
    monkeypatch.setenv("SKATLISTE_TOURNAMENT", str(folder))
    monkeypatch.setenv("SKATLISTE_LANG", "en")
    assert run("tournament", "new", str(folder), "--name", "T", "--games", "3/4").exit_code == 0
    for name in ("Vera", "Sven", "Klaus"):
        assert run("tournament", "player", "add", name).exit_code == 0
    assert run("tournament", "draw", "1").exit_code == 0
    assert run("tournament", "status").exit_code == 0
    return folder


NINES = "5" + "9" * 5000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("tournament", "result", "1", "1", f"Vera={NINES}/0/0", "Sven=0/0/0", "Klaus=0/0/0",
             "--force"),
            "'Vera': the number 599999999999... has more than 9 digits",
        ),
        (
            ("tournament", "result", "1", "1", "Vera=500/0/0", "Sven=0/0/0", "Klaus=0/0/0"),
            "'Vera=500/0/0': 500 list points with 0 won and 0 lost: list points come only from "
            "games played as declarer, so they are 0 here",
        ),
        (("tournament", "prizes", "--amounts", "1e309"), "--amounts 1e309: '1e309' is not a"),
        (("tournament", "prizes", "--pool", "1e309", "--split", "100"), "--pool 1e309: "),
        (("tournament", "prizes", "--amounts", "10", "--entry", "1e309"), "--entry 1e309: "),
        (("tournament", "prizes", "--amounts", "10", "--lost-game", "1e999"), "--lost-game 1e"),
        (("tournament", "new", "x", "--name", "X", "--date", "2026-02-30"), "no such day"),
        (("tournament", "new", "x", "--name", "X", "--series", "99999999999"), "1 to 20 series"),
    ],
)  # fmt: skip
def test_absurd_numbers_are_refused_not_crashed_on(
    run: Run, three: Path, args: tuple[str, ...], message: str
) -> None:
    assert message in refused(run, three, *args)


def test_a_table_with_paper_and_list_is_not_ranked_until_one_goes(run: Run, three: Path) -> None:
    assert run("tournament", "result", "1", "1", "Vera=0/0/0", "Sven=0/0/0", "Klaus=0/0/0")
    table = three / "series-1" / "table-01.json"
    assert run("add", "Vera", "grand", "ohne", "1", "augen", "70", "--ledger", str(table))
    assert "paper result and 1 game on its list" in run("tournament", "status").output
    err = refused(run, three, "tournament", "ranking")
    assert err == (
        f"Error: no ranking:\nseries 1 table 1: a paper result and 1 game on its list "
        f"{table}: a table counts once, so one of them has to go; "
        f"delete the list's games ('skatliste undo --ledger {table}' for each) or the paper "
        "result ('skatliste tournament result 1 1 --delete')\n"
    )
    got = run("tournament", "result", "1", "1", "--delete")
    assert got.exit_code == 0 and got.output == (
        "series 1 table 1: paper result deleted (kept in the history)\n"
    )
    assert run("tournament", "ranking").exit_code == 0


def test_prizes_say_what_is_paid_and_what_is_left(run: Run, three: Path) -> None:
    run("tournament", "result", "1", "1", "Vera=0/0/0", "Sven=0/0/0", "Klaus=0/0/0")
    got = run("tournament", "prizes", "--pool", "100", "--split", "33.33,33.33,33.33")
    assert got.output.splitlines()[-1] == "paid out: €99.99; left over: €0.01"


def test_a_read_only_tournament_file_is_called_the_tournament_file(run: Run, three: Path) -> None:
    path = three / "tournament.json"
    path.chmod(0o444)
    try:
        err = refused(run, three, "tournament", "player", "add", "Zora")
    finally:
        path.chmod(0o644)
    assert err.startswith(f"Error: {path}: read-only (tournament file, mode 444)")
