"""skatliste: a Skat score sheet for the command line.

The public API is the pure scoring core; the list file (``skatliste.store.lists``) and the sheet
(``skatliste.skat.sheet``) are importable on their own.

>>> from skatliste import Declaration, GameType, Outcome, game_value
>>> game_value(Declaration(game=GameType.GRAND, spitzen=4, ouvert=True), Outcome()).game_value
264

The names are imported from their modules when first looked up (PEP 562), so that a command
loads only the scoring core it uses (an American Grand list's none of Skat's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatliste.lazy import names_from

if TYPE_CHECKING:
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

_WHERE: dict[str, str] = {
    "BASE_VALUE": "skatliste.skat.rules",
    "Declaration": "skatliste.skat.games",
    "GameResult": "skatliste.skat.rules",
    "GameType": "skatliste.skat.games",
    "InputError": "skatliste.errors",
    "InvalidGameError": "skatliste.errors",
    "LedgerError": "skatliste.errors",
    "Outcome": "skatliste.skat.games",
    "REIZWERTE": "skatliste.skat.rules",
    "RuleSetError": "skatliste.errors",
    "ScoringOptions": "skatliste.skat.rules",
    "SeegerFabian": "skatliste.skat.rules",
    "SkatlisteError": "skatliste.errors",
    "game_value": "skatliste.skat.rules",
    "games_reaching": "skatliste.skat.rules",
    "next_bid": "skatliste.skat.rules",
    "parse_words": "skatliste.skat.words",
    "seeger_fabian_points": "skatliste.skat.rules",
}
"""Each public name and the module that holds it."""


__getattr__ = names_from(__name__, _WHERE)
