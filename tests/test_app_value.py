"""Skat's games without a list, through the application layer as every edge gets them: one
game valued from its words (``app.skat_value``), a game replayed from its cards and the entry it
makes in a list (``app.skat_replay``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatliste.app import lists as app
from skatliste.app import skat_replay as replay
from skatliste.app.skat_value import value
from skatliste.errors import InputError

from .conftest import EXAMPLES


def test_a_game_said_at_the_table_is_valued_with_its_seeger_fabian_points() -> None:
    """Kreuz mit 2 Hand: (2 + 1 + 1) × 12 = 48; Seeger-Fabian 48 + 50."""
    valued = value("kreuz mit 2 hand".split())
    assert valued.result.list_points == 48 and valued.fabian.declarer == 98
    assert valued.paper is None and valued.ok


def test_a_value_on_paper_is_checked_against_the_game() -> None:
    """Grand ohne 1 with 92 Augen (Schneider) is 3 × 24 = 72, not the 96 on paper."""
    valued = value("grand ohne 1 augen 92 = 96".split())
    assert valued.result.list_points == 72
    assert (valued.paper, valued.ok) == (96, False)


def test_a_word_no_one_says_at_the_table_is_refused() -> None:
    with pytest.raises(InputError):
        value(["kreuz", "mit", "zwei", "hand", "quatsch"])


def test_a_replayed_game_is_entered_for_its_declarer(tmp_path: Path) -> None:
    """Anna's Grand Hand from its cards: mit 4, the Skat's Kreuz-Bube counted (rules §3)."""
    path = tmp_path / "list.json"
    app.new_list(path, ["Anna", "Ben", "Carl"])
    game = replay.read_replay(EXAMPLES / "grand-hand.txt")
    assert game.illegal is None and game.declarer == "Anna"
    change = app.append(path, replay.entry_of(game, "anna", source="grand-hand.txt"))
    assert change.number == 1 and change.last is not None
    with pytest.raises(InputError, match="the declarer there is Anna, not ben"):
        app.append(path, replay.entry_of(game, "ben", source="grand-hand.txt"))


def test_a_card_played_against_the_rules_is_found_before_anything_is_entered() -> None:
    game = replay.read_replay(EXAMPLES / "illegal-play.txt")
    assert game.illegal is not None and game.illegal.player == "Ben"
    assert game.outcome is None


def test_a_replay_file_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        replay.read_replay(tmp_path / "missing.txt")
