"""What happened at the table, as frozen value objects: the declaration and the outcome.

Plain dataclasses and enums on purpose: ``skatliste value`` must start fast, so pydantic
stays at the file boundary (``ledger.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class GameType(Enum):
    """The six games a declarer can announce (Spielart)."""

    DIAMONDS = "diamonds"
    """Karo: a suit game with Karo as trump, base 9."""
    HEARTS = "hearts"
    """Herz: base 10."""
    SPADES = "spades"
    """Pik: base 11."""
    CLUBS = "clubs"
    """Kreuz: base 12."""
    GRAND = "grand"
    """Grand: only the four Buben are trumps, base 24."""
    NULL = "null"
    """Null: the declarer must take no trick; fixed values 23/35/46/59."""

    @property
    def is_suit(self) -> bool:
        """A Farbspiel (Karo, Herz, Pik, Kreuz)."""
        return self in SUIT_GAMES

    @property
    def german(self) -> str:
        """The name players say at a German table."""
        return GERMAN_NAME[self]


SUIT_GAMES = frozenset({GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS})

GERMAN_NAME: dict[GameType, str] = {
    GameType.DIAMONDS: "Karo",
    GameType.HEARTS: "Herz",
    GameType.SPADES: "Pik",
    GameType.CLUBS: "Kreuz",
    GameType.GRAND: "Grand",
    GameType.NULL: "Null",
}


@dataclass(frozen=True, kw_only=True)
class Declaration:
    """What the declarer announced (Ansage) and held.

    ``spitzen`` is the Spitzen count (mit/ohne N, counted with the Skat); ``mit`` says whether
    the declarer held the Kreuz-Bube. Null games have no Spitzen (``spitzen=None``).
    Ouvert in a suit game or Grand implies Hand, Schneider and Schwarz angesagt; the
    constructor does not fill those in, :func:`skatliste.skat.rules.normalise` does.
    """

    game: GameType
    spitzen: int | None = None
    mit: bool = True
    hand: bool = False
    ouvert: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """How the game went and what multiplies it.

    ``won`` may be ``None`` when ``augen`` (the declarer's card points, Skat included) decide.
    ``schneider`` and ``schwarz`` are levels reached in play by either party; ``bid`` is the
    Reizwert the declarer took the game at; ``bock`` counts the doublings of Bock rounds.
    """

    won: bool | None = None
    augen: int | None = None
    schneider: bool = False
    schwarz: bool = False
    bid: int | None = None
    kontra: bool = False
    re: bool = False
    bock: int = 0


@dataclass(frozen=True)
class PaperValue:
    """A value as written on a paper list, ``= 48`` or ``= -96``."""

    value: int
    signed: bool
    """True when written with a sign; an unsigned value is compared to the amount only."""

    def matches(self, list_points: int) -> bool:
        """Whether the paper agrees with the computed list points."""
        if self.signed:
            return self.value == list_points
        return self.value == abs(list_points)
