"""An American Grand list through the one application layer, without click: each change is
one atomic write, a refused one leaves the file as it was, and the results say what
happened."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatliste.american.game import Deal, Partie, PartieEnd, parties
from skatliste.app import lists as app
from skatliste.app.lists import Change
from skatliste.errors import InputError, InvalidGameError

GRAND = app.rules_of("american-grand")


@pytest.fixture
def grand_list(tmp_path: Path) -> Path:
    """Anna and Carl against Ben and Dora; Carl deals first."""
    path = tmp_path / "grand.json"
    app.new_list(path, ["Anna", "Ben", "Carl", "Dora"], rules=GRAND, first_dealer="carl")
    return path


def _partie(change: Change) -> Partie:
    """The partie of the changed deal (the last one, for an end by hand)."""
    ledger = change.ledger
    found = parties(ledger.table, ledger.entries)
    if change.row is None:
        return [p for p in found if p.rows][-1]
    partie: Partie = found[change.row.partie - 1]
    return partie


def test_add_returns_the_row_and_its_partie(grand_list: Path) -> None:
    change = app.add_game(grand_list, "a", ["whist", "25", "tricks", "11"], note="first")
    assert change.row is not None
    assert (change.row.number, change.row.dealer, change.row.points) == (1, "Carl", (25, 0))
    assert change.row.deal.note == "first" and change.row.deal.declarer == "Anna"
    assert not _partie(change).finished


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
        app.add_game(grand_list, player, words)
    assert grand_list.read_bytes() == before


def test_end_undo_delete_and_edit_keep_the_history(grand_list: Path) -> None:
    app.add_game(grand_list, "anna", "whist 25 tricks 11".split())
    app.add_game(grand_list, "ben", "grand 15 tricks 9".split())
    ended = app.pass_game(grand_list, note="closing time", end=True)
    assert _partie(ended).reason == "hand"
    with pytest.raises(InputError, match="no partie in progress"):
        app.pass_game(grand_list, end=True)
    assert isinstance(app.undo(grand_list).removed, PartieEnd)
    with pytest.raises(InputError, match="unknown word 'zoe'"):
        app.edit(grand_list, 2, "zoe grand 15 tricks 10".split())
    assert app.edit(grand_list, 1, "alone euchre 20 tricks 5".split()).row is not None
    edited = app.edit(grand_list, 2, "dora grand 15 tricks 10".split())
    assert edited.row is not None and edited.row.points == (0, 36)
    assert isinstance(edited.removed, Deal) and edited.removed.declarer == "Ben"
    deleted = app.delete(grand_list, 1)
    assert isinstance(deleted.removed, Deal) and deleted.removed.contract.value == "euchre"
    lst = app.open_list(grand_list)
    assert [h.action for h in lst.history] == ["undo", "edit", "edit", "delete"]
    assert app.numbered_count(lst) == 1
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
        app.new_list(tmp_path / "x.json", names, rules=GRAND)
    assert not (tmp_path / "x.json").exists()


def test_the_family_is_the_rule_sets_and_then_the_lists_own(tmp_path: Path) -> None:
    """The rule set names the game family of a new list; every later command finds it in
    the list it reads: the same words are a Skat game on one list, a deal on the other."""
    skat, grand = tmp_path / "skat.json", tmp_path / "grand.json"
    app.new_list(skat, ["Anna", "Ben", "Carl"])
    app.new_list(grand, ["Anna", "Ben", "Carl", "Dora"], rules=GRAND)
    assert app.open_list(skat).family.name == "skat"
    assert app.open_list(grand).family.name == "american-grand"
    row = app.add_game(skat, "anna", ["grand", "mit", "1"]).row
    assert row is not None and row.result is not None
    with pytest.raises(InputError, match="unknown word 'mit'"):
        app.add_game(grand, "anna", ["grand", "mit", "1"])


def test_insert_and_restore_work_on_an_american_grand_list(grand_list: Path) -> None:
    """A forgotten deal goes in at its number; a deleted one comes back from the history."""
    app.add_game(grand_list, "anna", "whist 25 tricks 11".split())
    app.add_game(grand_list, "ben", "grand 15 tricks 9".split())
    inserted = app.insert(grand_list, 1, "dora hearts 40 hearts 0".split())
    assert inserted.row is not None and inserted.row.deal.declarer == "Dora"
    assert [
        r.deal.declarer
        for r in app.open_list(grand_list).family.rows(
            inserted.ledger.table, inserted.ledger.entries
        )
    ] == ["Dora", "Anna", "Ben"]
    app.delete(grand_list, 2)
    restored = app.restore(grand_list, 1)
    assert restored.row is not None and restored.row.deal.declarer == "Anna"
    assert restored.row.number == 2 and restored.row.dealer == "Dora"
