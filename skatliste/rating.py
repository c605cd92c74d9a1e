"""A rating across events (rules §R): the British Skat Association's rating as John McLeod
proposed it (weddslist.com/skat/rating), pure, no files.

A rating is 0 to 100: the share of match points a player typically scores. A new player
starts at 20. An event of weight W moves a rating R to (1 − W)·R + 100·W·M/T, where M of T
match points is the player's result, and W = 1 − exp(−√(P·H)/100) grows with the player-hands
P·H the event dealt. Each New Year's Eve everyone known plays an imaginary event of weight 0.1
at 20 %, so a rating not kept up drifts back to 20.

Our reading, for events ranked by score rather than by match points: in every series a player
gets one match point for each other player of the series with a lower score and half a point
for each with an equal one (the match points of duplicate play); T is one for each other
player. Player-hands are counted from the games dealt: three players take part in every game,
so a series of 36 games at a table of three and of 48 at a table of four both give each
player 36 hands (3 × 36 = 108 and 3 × 48 = 144 player-hands at the table). A player who plays
only some series of an event is rated on those, with the weight scaled by the player-hands of
the series played (McLeod's W·p·h/(P·H)).

>>> e = RatedEvent(date(2027, 1, 8), "abend", (RatedSeries({"A": 300, "B": 100, "C": 100}, 108),))
>>> steps = ratings([e])
>>> round(steps["A"][0].after, 2), round(steps["B"][0].after, 2)
(27.9, 20.49)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

START = 20.0
"""A new player's rating (McLeod: "New players start with a rating of 20")."""
YEAR_END_WEIGHT = 0.1
"""The weight of New Year's Eve's imaginary event, at which everyone scores ``START`` %."""
SCALE = 100
"""√(P·H) is divided by this in the weight (McLeod's 100)."""
PLAYERS_A_GAME = 3
"""Three players take part in every game, at a table of three or four (the dealer of four
sits out): a game's player-hands."""


@dataclass(frozen=True)
class RatedSeries:
    """One series of an event: each player's score in it (Seeger-Fabian points) and the
    player-hands its tables dealt (three for every game)."""

    scores: Mapping[str, int]
    player_hands: int


@dataclass(frozen=True)
class RatedEvent:
    """An event that rates: its day, its key (a link, a name) and its series."""

    day: date
    key: str
    series: tuple[RatedSeries, ...]


@dataclass(frozen=True)
class Step:
    """One change of a player's rating: an event (``key``) or a New Year's Eve (``key`` "")."""

    day: date
    key: str
    before: float
    after: float
    share: float
    """M / T: the share of match points scored (0.2 at New Year's Eve)."""
    weight: float
    """The weight the change had for this player."""


def player_hands(games: int) -> int:
    """The player-hands of a table's series of ``games`` games: three a game.

    >>> player_hands(36), player_hands(48)
    (108, 144)
    """
    return PLAYERS_A_GAME * games


def weight(hands: int) -> float:
    """An event's weight from its player-hands: 1 − exp(−√(P·H)/100).

    >>> round(weight(15 * 72), 4)
    0.2801
    """
    return 1 - math.exp(-math.sqrt(hands) / SCALE)


def match_points(scores: Mapping[str, int], name: str) -> Fraction:
    """``name``'s match points in a series: one for each other player with a lower score, half
    for each with an equal one.

    >>> match_points({"A": 300, "B": 100, "C": 100}, "B")
    Fraction(1, 2)
    """
    mine = scores[name]
    lower = sum(1 for other, s in scores.items() if other != name and s < mine)
    equal = sum(1 for other, s in scores.items() if other != name and s == mine)
    return lower + Fraction(equal, 2)


def event_result(event: RatedEvent, name: str) -> tuple[float, float]:
    """(M / T, the weight for ``name``) of an event the player played in."""
    total = sum(s.player_hands for s in event.series)
    played = [s for s in event.series if name in s.scores]
    got = sum((match_points(s.scores, name) for s in played), Fraction(0))
    possible = sum(len(s.scores) - 1 for s in played)
    share = float(got / possible) if possible else 0.5
    mine = sum(s.player_hands for s in played)
    return share, weight(total) * mine / total if total else 0.0


def _year_ends(after: date, before: date) -> int:
    """New Year's Eves from ``after`` (exclusive) up to ``before`` (exclusive)."""
    return max(0, before.year - after.year)


def ratings(events: Sequence[RatedEvent]) -> dict[str, list[Step]]:
    """Every player's steps, event by event in the order of their days (then their keys); a
    New Year's Eve between two events moves every player known by then."""
    steps: dict[str, list[Step]] = {}
    now: dict[str, float] = {}
    last: date | None = None
    for event in sorted(events, key=lambda e: (e.day, e.key)):
        if last is not None:
            for year in range(last.year, last.year + _year_ends(last, event.day)):
                eve = date(year, 12, 31)
                for name, r in now.items():
                    after = (1 - YEAR_END_WEIGHT) * r + YEAR_END_WEIGHT * START
                    steps[name].append(Step(eve, "", r, after, START / 100, YEAR_END_WEIGHT))
                    now[name] = after
        last = event.day
        players = sorted({n for s in event.series for n in s.scores})
        for name in players:
            share, w = event_result(event, name)
            before = now.get(name, START)
            after = (1 - w) * before + 100 * w * share
            steps.setdefault(name, []).append(Step(event.day, event.key, before, after, share, w))
            now[name] = after
    return steps
