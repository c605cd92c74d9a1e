"""A quick slice of the fuzz suite (``tests/fuzz.py``) in every ``make test``; ``make fuzz``
runs 100,000 inputs."""

from __future__ import annotations

import pytest

from .fuzz import run


@pytest.mark.parametrize("seed", [11, 12])
def test_the_cli_refuses_cleanly_and_loses_nothing(seed: int) -> None:
    """Generated command lines: exit 0 or 2 (1 where a check fails), never the bug handler,
    a refused command leaves the list as it was, the game count follows the accepted ones."""
    tally = run(600, seed)
    assert tally.tried == 600
    assert tally.accepted > 0 and tally.refused > 0
    assert tally.failures == []
