"""What the shared rooms ask of a family (``Family``'s last block): a family that overrides
none of it (American Grand) gives no results, statistics, tournament rules or Bock rounds,
and draws no entry form; Skat gives each (and ``play`` asks Skat's rules for a Ramsch)."""

from __future__ import annotations

import pytest

from skatliste.cli.skat_play import ramsch_next
from skatliste.errors import InputError
from skatliste.families import Played, by_name

SKAT = by_name("skat")
AMERICAN = by_name("american-grand")


def test_a_family_that_overrides_nothing_asks_for_nothing() -> None:
    table = AMERICAN.table(["A", "B", "C", "D"], "A", AMERICAN.rules("american-grand"))
    assert AMERICAN.results(table, []) is None
    assert AMERICAN.player_stats([], [], "A") is None
    assert AMERICAN.tournament_rules(36) is None
    assert (AMERICAN.form, AMERICAN.form_words) == ((), ())
    with pytest.raises(InputError, match="American Grand has no Bock rounds"):
        AMERICAN.call_round(table, [])


def test_skat_asks_its_rules_for_ramsch_and_tournaments() -> None:
    """A Ramsch may follow where all passed is played as one (the pub rules) or in a Ramsch
    round, not under ISkO; a tournament table plays the tournament rules with its series."""
    pub = SKAT.table(["A", "B", "C"], "A", SKAT.rules("pub"))
    isko = SKAT.table(["A", "B", "C"], "A", SKAT.rules("isko"))
    assert ramsch_next(pub, []) is True
    assert ramsch_next(isko, []) is False
    rules = SKAT.tournament_rules(36)
    assert rules is not None
    assert (rules.preset, rules.options["series"]) == ("tournament", 36)


def test_a_skat_players_statistics_add_paper_results() -> None:
    """A paper result adds its won and lost games and its points to the lists' numbers."""
    table = SKAT.table(["Anna", "Ben", "Carl"], "Anna", SKAT.rules("isko"))
    games = [SKAT.parse(table, w.split()) for w in ("ben kreuz mit 2", "ben null verloren")]
    stats = SKAT.player_stats([(table, games, "BEN")], [Played(100, 2, 1, 100)], "Ben")
    assert (stats.lists, stats.won, stats.lost, stats.total) == (2, 3, 2, 100 + 36 - 46)
    heads, rows = stats.cells("en")
    assert len(heads) == len(rows[0]) and rows[0][0] == "Ben"
    assert stats.by_kind() == [("Kreuz", "1/1"), ("Null", "0/1")]
