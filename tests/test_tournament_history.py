"""The tournament's history (docs/file-format.md, "The tournament folder"): what each action
keeps, read strictly, written as an earlier build wrote it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skatliste.store import tournament as store
from tests.tournament_history import (
    FIXTURE,
    LEAGUE_FIXTURE,
    build_league_day,
    build_tournament,
    without_times,
)


def _folder_with(tmp_path: Path, fixture: Path) -> Path:
    folder = tmp_path / "old"
    folder.mkdir()
    shutil.copyfile(fixture, folder / store.FILE_NAME)
    return folder


@pytest.mark.parametrize("fixture", [FIXTURE, LEAGUE_FIXTURE], ids=lambda p: p.stem)
def test_a_file_an_earlier_build_wrote_is_saved_again_byte_for_byte(
    tmp_path: Path, fixture: Path
) -> None:
    """A tournament file with every action in its history opens, and saved again (a change
    of anything else) it keeps every byte of the history."""
    folder = _folder_with(tmp_path, fixture)
    t = store.load(folder)
    store.save(t)
    assert (folder / store.FILE_NAME).read_bytes() == fixture.read_bytes()


def test_todays_code_writes_the_history_as_the_earlier_build(tmp_path: Path) -> None:
    """Every action done again through the application writes the file the earlier build
    wrote, byte for byte but for the time stamps."""
    made = build_tournament(tmp_path / "preisskat")
    assert without_times(made.read_bytes()) == without_times(FIXTURE.read_bytes())


def test_a_league_day_writes_its_history_as_the_earlier_build(tmp_path: Path) -> None:
    """A team's absence (its players removed, a draw taken back) writes the history the
    earlier build wrote."""
    made = build_league_day(tmp_path / "league")
    assert without_times(made.read_bytes()) == without_times(LEAGUE_FIXTURE.read_bytes())


def test_write_read_write_gives_the_same_bytes(tmp_path: Path) -> None:
    """The file read back and written again is the file written."""
    made = build_tournament(tmp_path / "preisskat")
    first = made.read_bytes()
    again = store.dumps(store.parse(made, first)).encode("utf-8")
    assert again == first
