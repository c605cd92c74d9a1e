"""The application layer without click: what the CLI and the web page both call."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from skatliste.app import lists as app
from skatliste.app.bock import call_bock
from skatliste.errors import ChangedError, InputError
from skatliste.money import parse_stake
from skatliste.skat.entries import GameEntry


@pytest.fixture
def three(tmp_path: Path) -> Path:
    """A fresh list of three under ISkO rules: Anna deals first."""
    path = tmp_path / "list.json"
    app.new_list(path, ["Anna", "Ben", "Carl"])
    return path


@pytest.fixture
def pub(tmp_path: Path) -> Path:
    """A fresh pub list of three (Bock and Ramsch)."""
    path = tmp_path / "pub.json"
    app.new_list(path, ["Anna", "Ben", "Carl"], rules=app.rules_of("pub"))
    return path


def test_add_game_returns_the_row_and_the_totals(three: Path) -> None:
    """Kreuz mit 2 Hand is 48 for Ben; the next dealer is Ben."""
    change = app.add_game(three, "ben", "kreuz mit 2 hand".split())
    assert change.number == 1
    assert change.row is not None and change.row.result is not None
    assert change.row.result.list_points == 48
    assert change.last is not None and change.last.totals == {"Anna": 0, "Ben": 48, "Carl": 0}
    assert change.ledger.table.dealer(change.ledger.count) == "Ben"


def test_refused_game_leaves_the_list_as_it_was(three: Path) -> None:
    """An unknown player is an InputError naming the players; nothing is written."""
    before = three.read_bytes()
    with pytest.raises(InputError, match="the players of this list are Anna, Ben, Carl"):
        app.add_game(three, "dora", ["grand"])
    with pytest.raises(InputError, match="say which game"):
        app.add_game(three, "anna", [])
    assert three.read_bytes() == before


def test_resolve_player_by_unambiguous_beginning(three: Path) -> None:
    table = app.open_list(three).table
    assert app.resolve_player(table, "c") == "Carl"
    assert app.resolve_player(table, "ANNA") == "Anna"


def test_undo_delete_edit_keep_history(three: Path) -> None:
    """Each change keeps what it removed or replaced."""
    app.add_game(three, "anna", "grand mit 1".split())
    app.pass_game(three)
    app.add_game(three, "carl", "null verloren".split())
    undone = app.undo(three)
    assert undone.number == 3 and undone.row is None
    edited = app.edit(three, 2, "ben pik mit 1".split())
    assert edited.row is not None and edited.row.result is not None
    assert edited.row.result.list_points == 22
    deleted = app.delete(three, 1)
    assert deleted.last is not None and deleted.last.totals["Ben"] == 22
    ledger = app.open_list(three)
    assert [h.action for h in ledger.history] == ["undo", "edit", "delete"]


def test_edit_keeps_the_declarer_when_the_words_start_with_the_game(three: Path) -> None:
    app.add_game(three, "carl", "grand mit 1".split())
    change = app.edit(three, 1, "karo mit 1".split())
    assert change.row is not None and isinstance(change.row.entry, GameEntry)
    assert change.row.entry.declarer == "Carl"


def test_edit_of_a_passed_game_needs_the_declarer(three: Path) -> None:
    app.pass_game(three)
    with pytest.raises(InputError, match="game 1 was eingepasst: start the words"):
        app.edit(three, 1, "grand".split())


def test_numbers_out_of_range_are_refused(three: Path) -> None:
    with pytest.raises(InputError, match="no games yet"):
        app.undo(three)
    app.pass_game(three)
    with pytest.raises(InputError, match="games 1 to 1"):
        app.delete(three, 2)


def test_ramsch_and_bock_on_a_pub_list(pub: Path) -> None:
    """Ramsch: the most Augen lose them; a Bock round called by hand is shown as pending."""
    change = app.add_ramsch(pub, "anna=50 ben=40 carl=30".split())
    assert change.last is not None and change.last.totals["Anna"] == -50
    bock = call_bock(pub)
    assert bock.last is not None and bock.last.pending
    with pytest.raises(InputError, match="called after this game already"):
        call_bock(pub)


def test_bock_refused_without_the_rule(three: Path) -> None:
    app.pass_game(three)
    with pytest.raises(InputError, match="plays no Bock"):
        call_bock(three)


@pytest.mark.parametrize(
    ("text", "stake"), [("0.25", Fraction(1, 4)), ("0,5", Fraction(1, 2)), ("1/4", Fraction(1, 4))]
)
def test_stake_in_cent(text: str, stake: Fraction) -> None:
    assert parse_stake(text) == stake


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("abc", "give the stake per point in cent"),
        ("1/0", "a fraction cannot divide by 0"),
        ("-1", "the stake cannot be negative"),
        ("20000", "at most 10000 cent"),
    ],
)
def test_bad_stake_is_refused_in_skat_words(text: str, reason: str) -> None:
    """The core says what is wrong with the stake; where it was typed (``--cent``, ``cent=``)
    is for each edge to say."""
    with pytest.raises(InputError, match=reason) as refused:
        parse_stake(text)
    assert "--cent" not in str(refused.value) and "cent=" not in str(refused.value)


def test_new_list_refuses_what_cannot_be_a_table(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    with pytest.raises(InputError, match="2 player"):
        app.new_list(path, ["Anna", "Ben"])
    with pytest.raises(InputError, match="same name"):
        app.new_list(path, ["Anna", "anna", "Ben"])
    with pytest.raises(InputError, match="unknown player 'Dora'"):
        app.new_list(path, ["Anna", "Ben", "Carl"], first_dealer="Dora")
    assert not path.exists()


def test_preview_shows_the_next_game_without_writing(three: Path) -> None:
    """The preview is the row add_game would make, and the list stays as it was."""
    app.add_game(three, "anna", "grand mit 1".split())
    before = three.read_bytes()
    row = app.preview(three, "kreuz mit 2 hand".split(), declarer="ben")
    assert row.number == 2 and row.dealer == "Ben"
    assert row.result is not None and row.result.list_points == 48
    assert row.totals == {"Anna": 48, "Ben": 48, "Carl": 0}  # Grand mit 1: 2 × 24
    assert three.read_bytes() == before


@pytest.mark.parametrize(
    ("words", "declarer"),
    [("kreuz mit 12", "anna"), ("schwarz angesagt kreuz mit 1", "anna"), ("grand", "dora")],
)
def test_preview_refuses_with_the_message_of_add(three: Path, words: str, declarer: str) -> None:
    """A game add_game refuses is refused by the preview with the same message."""
    with pytest.raises(InputError) as added:
        app.add_game(three, declarer, words.split())
    with pytest.raises(InputError) as previewed:
        app.preview(three, words.split(), declarer=declarer)
    assert str(previewed.value) == str(added.value)


def test_preview_of_an_edit_is_the_row_the_edit_makes(three: Path) -> None:
    """With a number, the preview replaces that game; the declarer stays unless named."""
    app.add_game(three, "anna", "grand mit 1".split())
    app.add_game(three, "ben", "pik mit 1".split())
    row = app.preview(three, "herz ohne 2".split(), number=1)
    assert row.number == 1 and isinstance(row.entry, GameEntry)
    assert row.entry.declarer == "Anna" and row.totals["Anna"] == 30  # ohne 2, Spiel 3: 3 × 10
    assert app.preview(three, ["eingepasst"], number=2).totals == {"Anna": 48, "Ben": 0, "Carl": 0}
    changed = app.edit(three, 1, "herz ohne 2".split())
    assert changed.row is not None and changed.row.totals == row.totals


@pytest.mark.parametrize(
    "words", ["ben grand mit 1", "carl pik mit 1 verloren", "ramsch anna=45 ben=40 carl=35"]
)
def test_edit_keeps_a_bock_round_called_after_the_game(pub: Path, words: str) -> None:
    """Correcting a game after which a Bock round was called keeps the Bock round."""
    app.add_game(pub, "anna", "grand mit 1".split())
    call_bock(pub)
    changed = app.edit(pub, 1, words.split())
    assert app.open_list(pub).entries[0].bock_called
    assert changed.last is not None and changed.last.pending[:3] == ("bock",) * 3


# --- a change names the game it means (expect=) ------------------------------------------


def _three_games(three: Path) -> list[str]:
    """Three games by Anna, Ben, Carl; their fingerprints."""
    for who, words in (("anna", "kreuz mit 1"), ("ben", "pik mit 1"), ("carl", "herz mit 1")):
        app.add_game(three, who, words.split())
    return [app.fingerprint(e) for e in app.open_list(three).entries]


@pytest.mark.parametrize(
    "change",
    [
        lambda path, mark: app.edit(path, 2, "grand mit 1".split(), expect=mark),
        lambda path, mark: app.delete(path, 2, expect=mark),
    ],
    ids=["edit", "delete"],
)
def test_a_change_to_a_game_that_moved_is_refused(three: Path, change: Any) -> None:
    """Phone A opened game 2 (Ben's); phone B deleted game 1 since: game 2 is Carl's now,
    and A's change to 'game 2' is refused, the list untouched."""
    marks = _three_games(three)
    app.delete(three, 1)
    before = three.read_bytes()
    with pytest.raises(ChangedError, match="game 2 has changed since you opened it: reload"):
        change(three, marks[1])
    assert three.read_bytes() == before


def test_a_change_to_a_game_that_is_gone_is_refused(three: Path) -> None:
    """The game opened was the last, and another phone deleted it: refused, not 'no game'."""
    marks = _three_games(three)
    app.delete(three, 3)
    with pytest.raises(ChangedError, match="game 3 has changed"):
        app.edit(three, 3, "grand mit 1".split(), expect=marks[2])


@pytest.mark.parametrize("action", ["edit", "delete", "undo"])
def test_a_change_to_the_game_seen_goes_through(three: Path, action: str) -> None:
    """The fingerprint still matches: edit, delete and undo do what they always did."""
    marks = _three_games(three)
    if action == "edit":
        change = app.edit(three, 3, "grand mit 1".split(), expect=marks[2])
        assert change.row is not None and change.row.entry.declarer == "Carl"
    elif action == "delete":
        assert app.delete(three, 3, expect=marks[2]).removed is not None
    else:
        assert app.undo(three, expect=marks[2]).number == 3
    assert len(app.open_list(three).entries) == (3 if action == "edit" else 2)


def test_undo_of_a_game_that_is_no_longer_last_is_refused(three: Path) -> None:
    """Two phones enter a game each and both tap undo: the second undo named the first
    phone's game, which is not the last any more: nothing is taken back."""
    marks = _three_games(three)
    app.undo(three, expect=marks[2])
    before = three.read_bytes()
    with pytest.raises(ChangedError, match="the last game has changed since you opened it"):
        app.undo(three, expect=marks[2])
    assert three.read_bytes() == before
    app.undo(three)  # without expect: the last game, as the CLI's undo
    with pytest.raises(ChangedError):
        app.undo(three, expect=marks[1])
    app.undo(three)
    with pytest.raises(ChangedError):
        app.undo(three, expect=marks[0])  # an empty list has no game the page saw


def test_an_edit_changes_the_fingerprint(three: Path) -> None:
    """A game edited by another phone is another game to a change that saw the old one."""
    marks = _three_games(three)
    app.edit(three, 2, "pik mit 2".split())
    with pytest.raises(ChangedError):
        app.delete(three, 2, expect=marks[1])


def test_add_game_without_a_player_reads_the_name_from_the_words(three: Path) -> None:
    """``add_game(path, None, ["anna", "null", "ouvert"])`` is Anna's Null ouvert, as the
    preview reads it; words without a name say who must be named."""
    change = app.add_game(three, None, "anna null ouvert".split())
    assert change.row is not None and change.row.entry.declarer == "Anna"
    before = three.read_bytes()
    with pytest.raises(InputError, match="say who played: tap a player or start the words"):
        app.add_game(three, None, "null ouvert".split())
    assert three.read_bytes() == before


def test_words_that_start_with_a_stranger_name_the_players(three: Path) -> None:
    """``dora null`` at a table of Anna, Ben, Carl: Dora is not at the table, which is what
    the refusal says (as ``skatliste add dora null`` does), not advice to write 'anna dora
    null'; a typo of a game word still hears how to name the declarer."""
    before = three.read_bytes()
    with pytest.raises(InputError, match=r"^unknown player 'dora': the players of this list"):
        app.add_game(three, None, "dora null".split())
    with pytest.raises(InputError, match="say who played"):
        app.add_game(three, None, "kruez mit 1".split())
    assert three.read_bytes() == before
