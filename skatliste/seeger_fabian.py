"""Seeger-Fabian's numbers (SkWO 5.1, rules §7), shared by organised play (``tournament``,
which scores a series with them) and Skat's sheet (which shows a game's column): a module of
their own, so that a list command does not load the tournament's core for three numbers."""

from __future__ import annotations

SEEGER_FABIAN_WON = 50
"""Seeger-Fabian points for each game the player won as declarer (SkWO 5.1, rules §7)."""
SEEGER_FABIAN_LOST = -50
"""Seeger-Fabian points for each game the player lost as declarer."""
SEEGER_FABIAN_OPPONENT: dict[int, int] = {3: 40, 4: 30}
"""Seeger-Fabian points for each game another player of the table lost, by the table's size
(three or four players)."""
