"""American Grand's application layer without click: each change is one atomic write, a
refused one leaves the file as it was, and the results say what happened."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatliste.american.game import Deal, PartieEnd
from skatliste.app import american as app
from skatliste.app.lists import new_list as new_skat_list
from skatliste.errors import InputError, InvalidGameError, LedgerError


@pytest.fixture
def grand_list(tmp_path: Path) -> Path:
    """Anna and Carl against Ben and Dora; Carl deals first."""
    path = tmp_path / "grand.json"
    app.new_list(path, ["Anna", "Ben", "Carl", "Dora"], first_dealer="carl")
    return path


def test_add_returns_the_row_and_its_partie(grand_list: Path) -> None:
    change = app.add(grand_list, "a", ["whist", "25", "tricks", "11"], note="first")
    assert change.row is not None and change.partie is not None
    assert (change.row.number, change.row.dealer, change.row.points) == (1, "Carl", (25, 0))
    assert change.row.deal.note == "first" and change.row.deal.declarer == "Anna"
    assert not change.partie.finished


@pytest.mark.parametrize(
    ("player", "words", "error"),
    [
        ("anna", ["whist", "23", "tricks", "11"], InvalidGameError),
        ("anna", [], InputError),
        ("zoe", ["whist", "25", "tricks", "11"], InputError),
        ("anna", ["whist", "25", "trics", "11"], InputError),
    ],
)
def test_a_refused_deal_leaves_the_file_as_it_was(
    grand_list: Path, player: str, words: list[str], error: type[Exception]
) -> None:
    before = grand_list.read_bytes()
    with pytest.raises(error):
        app.add(grand_list, player, words)
    assert grand_list.read_bytes() == before


def test_end_undo_delete_and_edit_keep_the_history(grand_list: Path) -> None:
    app.add(grand_list, "anna", "whist 25 tricks 11".split())
    app.add(grand_list, "ben", "grand 15 tricks 9".split())
    ended = app.end(grand_list, note="closing time")
    assert ended.partie is not None and ended.partie.reason == "hand"
    with pytest.raises(InputError, match="no partie in progress"):
        app.end(grand_list)
    assert isinstance(app.undo(grand_list).removed, PartieEnd)
    with pytest.raises(InputError, match="unknown word 'zoe'"):
        app.edit(grand_list, 2, "zoe grand 15 tricks 10".split())
    assert app.edit(grand_list, 1, "alone euchre 20 tricks 5".split()).row is not None
    edited = app.edit(grand_list, 2, "dora grand 15 tricks 10".split())
    assert edited.row is not None and edited.row.points == (0, 36)
    assert isinstance(edited.removed, Deal) and edited.removed.declarer == "Ben"
    deleted = app.delete(grand_list, 1)
    assert isinstance(deleted.removed, Deal) and deleted.removed.contract.value == "euchre"
    lst = app.load(grand_list)
    assert [h.action for h in lst.history] == ["undo", "edit", "edit", "delete"]
    assert app.deal_count(lst) == 1
    with pytest.raises(InputError, match="the list has deals 1 to 1"):
        app.delete(grand_list, 2)


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Anna", "Ben", "Carl"], "American Grand is played by four"),
        (["Anna", "Ben", "anna", "Dora"], "two players have the same name"),
        (["Anna", "Whist", "Carl", "Dora"], "'Whist' cannot be a player's name"),
        (["Anna", "Ben", "Carl", "17"], "it reads as a number"),
    ],
)
def test_new_list_refuses_bad_player_lists(tmp_path: Path, names: list[str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        app.new_list(tmp_path / "x.json", names)
    assert not (tmp_path / "x.json").exists()


def test_the_skat_application_does_not_write_an_american_grand_list(tmp_path: Path) -> None:
    """The game family is chosen by the rule set: Skat's new_list refuses another family's."""
    with pytest.raises(InputError, match="American Grand is not Skat"):
        new_skat_list(tmp_path / "x.json", ["Anna", "Ben", "Carl"], preset="american-grand")


def test_a_skat_list_is_not_read_as_an_american_grand_list(tmp_path: Path) -> None:
    path = tmp_path / "skat.json"
    new_skat_list(path, ["Anna", "Ben", "Carl"])
    with pytest.raises(LedgerError, match="a Skat list, not an American Grand list"):
        app.load(path)
