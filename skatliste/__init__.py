"""skatliste: a Skat score sheet for the command line.

The public API is the pure scoring core; the list file (``skatliste.store.lists``) and the sheet
(``skatliste.skat.sheet``) are importable on their own.

>>> from skatliste import Declaration, GameType, Outcome, game_value
>>> game_value(Declaration(game=GameType.GRAND, spitzen=4, ouvert=True), Outcome()).game_value
264
"""

from skatliste.errors import (
    InputError,
    InvalidGameError,
    LedgerError,
    RuleSetError,
    SkatlisteError,
)
from skatliste.skat.games import Declaration, GameType, Outcome
from skatliste.skat.rules import (
    BASE_VALUE,
    REIZWERTE,
    GameResult,
    ScoringOptions,
    SeegerFabian,
    game_value,
    games_reaching,
    next_bid,
    seeger_fabian_points,
)
from skatliste.skat.words import parse_words

__version__ = "0.4.0"

__all__ = [
    "BASE_VALUE",
    "REIZWERTE",
    "Declaration",
    "GameResult",
    "GameType",
    "InputError",
    "InvalidGameError",
    "LedgerError",
    "Outcome",
    "RuleSetError",
    "ScoringOptions",
    "SeegerFabian",
    "SkatlisteError",
    "__version__",
    "game_value",
    "games_reaching",
    "next_bid",
    "parse_words",
    "seeger_fabian_points",
]
