"""The numbers and words of Skat's scoring: base values, levels, the options of a rule set
that scoring needs, the Reizwerte (§6), and the checks of a declaration and its outcome
(``docs/rules.md`` §3-§7). ``skatliste.skat.rules`` computes the values from them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum, StrEnum

from skatliste.errors import InvalidGameError
from skatliste.i18n import msg
from skatliste.skat.games import Declaration, GameType, Outcome

BASE_VALUE: dict[GameType, int] = {
    GameType.DIAMONDS: 9,
    GameType.HEARTS: 10,
    GameType.SPADES: 11,
    GameType.CLUBS: 12,
    GameType.GRAND: 24,
}
"""Grundwert of the suit games and Grand (rules §3)."""

NULL_VALUE: dict[tuple[bool, bool], int] = {
    # (ouvert, hand) -> fixed value, rules §4
    (False, False): 23,
    (False, True): 35,
    (True, False): 46,
    (True, True): 59,
}

MAX_SPITZEN: dict[bool, int] = {True: 11, False: 4}
"""Spitzen limit by "is a suit game": 11 trumps in a suit game, 4 Buben in a Grand (§3)."""

#: The seven levels above the Spitzen a suit game or Grand can reach: Spiel, Hand, Schneider,
#: Schneider angesagt, Schwarz, Schwarz angesagt, Ouvert.
MAX_LEVELS = 7

WIN_AUGEN = 61
SCHNEIDER_AUGEN = 90  # the declarer's Augen that make the opponents Schneider (≤ 30)
TOTAL_AUGEN = 120

MAX_BOCK = 8
"""Bock doublings one game can carry (typed 'bock' words and Bock rounds together): ×256 is
already beyond any table's custom; more is a typing error."""

MAX_PUSHES = 6
"""Schieberamsch: how often the Skat can be pushed on (each player at most twice at a table of
three)."""


class Level(Enum):
    """A Gewinnstufe: one step of the multiplier of a suit game or Grand."""

    SPITZEN = "spitzen"
    """mit/ohne N: counts N."""
    SPIEL = "spiel"
    """Spiel: every game counts this one."""
    HAND = "hand"
    """Hand: the Skat was not picked up."""
    SCHNEIDER = "schneider"
    """Schneider: a party has 30 Augen or fewer (or it was announced)."""
    SCHNEIDER_ANNOUNCED = "schneider_announced"
    """Schneider angesagt (Hand only)."""
    SCHWARZ = "schwarz"
    """Schwarz: a party took no trick (or it was announced)."""
    SCHWARZ_ANNOUNCED = "schwarz_announced"
    """Schwarz angesagt (Hand only)."""
    OUVERT = "ouvert"
    """Ouvert: played open, counts with Hand and Schwarz angesagt."""


class NullOverbid(StrEnum):
    """A Null worth less than the bid (rule ``null_overbid``, §6)."""

    REFUSE = "refuse"
    """The ISkO: no game worth less than the bid may be declared; the entry is refused."""
    MULTIPLE = "multiple"
    """jSkat: the smallest multiple of the Null reaching the bid is charged, lost double."""


@dataclass(frozen=True, kw_only=True)
class ScoringOptions:
    """The house options the scoring core itself needs (rule sets map onto these, §8).

    The defaults are the ISkO.
    """

    spitzen_cap: int = 11
    """Highest Spitzen count in a suit game; 4 is a common club rule."""
    lost_hand_single: bool = False
    """Old rule: a lost Hand game counts single, not double."""
    null_overbid: NullOverbid = NullOverbid.REFUSE
    """A Null below the bid: refuse the entry (ISkO) or charge a multiple (jSkat)."""


ISKO = ScoringOptions()


@dataclass(frozen=True, kw_only=True)
class GameResult:
    """Everything derived from one game: the levels, the value, the list points."""

    declaration: Declaration
    """The declaration with Ouvert's implied levels filled in."""
    outcome: Outcome
    won: bool
    overbid: bool
    schneider: bool
    """Schneider reached in play or counted because it was announced."""
    schwarz: bool
    levels: tuple[tuple[Level, int], ...]
    """Each level with its weight (the Spitzen count, otherwise 1); empty for Null."""
    base: int
    """Grundwert: 9..24, or the fixed Null value."""
    reached_multiplier: int | None
    """The multiplier from the levels (None for Null)."""
    reached_value: int
    """Spielwert: the value of the levels reached, before an overbid charge."""
    charged_multiple: int
    """The multiple of the base charged: the levels, or the overbid charge (§6)."""
    game_value: int
    """The value the game counts at: the Spielwert, or the overbid charge."""
    lost_factor: int
    """2 for a lost game (1 with lost_hand_single on a Hand game); 0 when won."""
    score: int
    """Signed list value before Kontra, Re and Bock: +value or −2 × value."""
    factor: int
    """Kontra ×2, Re ×2 more, each Bock ×2."""
    list_points: int
    """The declarer's signed entry in the list."""

    @property
    def multiplier(self) -> int | None:
        """The multiplier charged, for suit games and Grand; None for Null."""
        if self.declaration.game is GameType.NULL:
            return None
        return self.charged_multiple


@dataclass(frozen=True)
class SeegerFabian:
    """Seeger-Fabian points of one game (SkWO 5.1, rules §7)."""

    declarer: int
    each_opponent: int


# --- Reizwerte (§6) ---------------------------------------------------------------------


def _all_game_values() -> list[int]:
    values = set(NULL_VALUE.values())
    for game, base in BASE_VALUE.items():
        top = MAX_SPITZEN[game.is_suit] + MAX_LEVELS
        values.update(base * m for m in range(2, top + 1))
    return sorted(values)


REIZWERTE: tuple[int, ...] = tuple(_all_game_values())
"""The 63 valid bids: exactly the values a game can have."""

_REIZWERTE_SET = frozenset(REIZWERTE)
MIN_BID = REIZWERTE[0]
"""The lowest Reizwert (18)."""
MAX_BID = REIZWERTE[-1]
"""The highest Reizwert (264: Grand ohne 4, Hand, Schneider and Schwarz angesagt, Ouvert)."""


def check_bock(bock: int) -> None:
    """Refuse a count of typed Bock doublings outside 0..MAX_BOCK.

    >>> check_bock(9)
    Traceback (most recent call last):
    ...
    skatliste.errors.InvalidGameError: bock ×9: a game is doubled by Bock at most 8 times ...
    """
    if bock < 0:
        raise InvalidGameError(msg("bock {bock}: the Bock count is 0 or more", bock=bock))
    if bock > MAX_BOCK:
        raise InvalidGameError(
            msg(
                "bock ×{bock}: a game is doubled by Bock at most {most} times (×{factor}); "
                "write 'bock' once for each doubling, 'doppelbock' for two",
                bock=bock,
                most=MAX_BOCK,
                factor=1 << MAX_BOCK,
            )
        )


def check_pushes(pushes: int) -> None:
    """Refuse a count of Schieberamsch pushes outside 0..MAX_PUSHES."""
    if not 0 <= pushes <= MAX_PUSHES:
        raise InvalidGameError(
            msg(
                "geschoben {pushes}: the Skat is pushed 0 to {most} times (each player at most "
                "twice at a table of three), e.g. 'geschoben 1'",
                pushes=pushes,
                most=MAX_PUSHES,
            )
        )


def check_kontra_bid(bid: int) -> None:
    """Refuse the bid of a defender who said Kontra when it cannot be a bid at all."""
    if not 0 <= bid <= MAX_BID:
        raise InvalidGameError(
            msg(
                "'kontra {bid}': the number after 'kontra' is the defender's bid, {low} to "
                "{high}, e.g. 'kontra 20'",
                bid=bid,
                low=MIN_BID,
                high=MAX_BID,
            )
        )


def is_valid_bid(bid: int) -> bool:
    """True when ``bid`` is one of the Reizwerte.

    >>> is_valid_bid(18), is_valid_bid(19)
    (True, False)
    """
    return bid in _REIZWERTE_SET


def next_bid(bid: int) -> int | None:
    """The next Reizwert above ``bid`` (None above 264).

    >>> next_bid(18), next_bid(23), next_bid(25), next_bid(264)
    (20, 24, 27, None)
    """
    for value in REIZWERTE:
        if value > bid:
            return value
    return None


def nearest_bids(bid: int) -> tuple[int, ...]:
    """The valid bids next to an invalid one, below and above.

    >>> nearest_bids(19), nearest_bids(300), nearest_bids(5)
    ((18, 20), (264,), (18,))
    """
    below = [v for v in REIZWERTE if v < bid]
    above = [v for v in REIZWERTE if v > bid]
    return tuple(([below[-1]] if below else []) + ([above[0]] if above else []))


@dataclass(frozen=True)
class BidReach:
    """The cheapest way a game type reaches a bid."""

    game: GameType
    value: int
    multiplier: int | None
    """Levels needed (None for Null)."""
    variant: str
    """For Null, which Null ('Null', 'Null Hand', ...); empty otherwise."""


NULL_NAMES: dict[tuple[bool, bool], str] = {
    (False, False): "Null",
    (False, True): "Null Hand",
    (True, False): "Null ouvert",
    (True, True): "Null ouvert Hand",
}


def games_reaching(bid: int) -> list[BidReach]:
    """For each game type, the smallest value that reaches ``bid`` (games that cannot: left out).

    >>> [(r.game.value, r.value) for r in games_reaching(36)]
    [('diamonds', 36), ('hearts', 40), ('spades', 44), ('clubs', 36), ('grand', 48), ('null', 46)]
    """
    out: list[BidReach] = []
    for game, base in BASE_VALUE.items():
        top = MAX_SPITZEN[game.is_suit] + MAX_LEVELS
        m = max(2, -(-bid // base))
        if m <= top:
            out.append(BidReach(game, base * m, m, ""))
    for key, value in sorted(NULL_VALUE.items(), key=lambda kv: kv[1]):
        if value >= bid:
            out.append(BidReach(GameType.NULL, value, None, NULL_NAMES[key]))
            break
    return out


# --- validation -----------------------------------------------------------------------


def check_bid(bid: int | None) -> None:
    """Refuse a bid that is not a Reizwert, naming the nearest valid ones."""
    if bid is None or is_valid_bid(bid):
        return
    bids = nearest_bids(bid)
    near: object = (
        bids[0] if len(bids) == 1 else msg("{one} or {other}", one=bids[0], other=bids[1])
    )
    raise InvalidGameError(
        msg(
            "bid {bid} is not a Reizwert: bids are the values a game can have (18, 20, 22, "
            "23, 24, 27, ...); did you mean {near}?",
            bid=bid,
            near=near,
        )
    )


def normalise(
    declaration: Declaration, outcome: Outcome, *, options: ScoringOptions = ISKO
) -> tuple[Declaration, Outcome]:
    """Refuse an impossible game; fill in what a declaration implies.

    Ouvert in a suit game or Grand is a Hand game with Schwarz angesagt; Schwarz angesagt
    includes Schneider angesagt (rules §3).

    >>> d, _ = normalise(Declaration(game=GameType.GRAND, spitzen=4, ouvert=True), Outcome())
    >>> d.hand, d.schneider_announced, d.schwarz_announced
    (True, True, True)
    """
    d, o = declaration, outcome
    _check_outcome(o)
    if d.game is GameType.NULL:
        _check_null(d, o)
        return d, o
    _check_spitzen(d, options)
    if d.ouvert:
        d = replace(d, hand=True, schneider_announced=True, schwarz_announced=True)
    if d.schwarz_announced:
        d = replace(d, schneider_announced=True)
    if d.schneider_announced and not d.hand:
        name = d.game.german
        what = "Schwarz" if d.schwarz_announced else "Schneider"
        raise InvalidGameError(
            msg(
                "{level} angesagt without Hand: only a Hand game can announce {level}; add "
                "'hand' (e.g. '{example} mit 1 hand {word} angesagt')",
                level=what,
                example=name.lower(),
                word=what.lower(),
            )
        )
    return d, o


def _check_outcome(o: Outcome) -> None:
    """Refuse Augen, Re, Bock or a bid that no game can have."""
    if o.augen is not None and not 0 <= o.augen <= TOTAL_AUGEN:
        raise InvalidGameError(
            msg(
                "augen {augen}: the declarer's Augen are 0 to 120 (Skat included), e.g. 'augen 75'",
                augen=o.augen,
            )
        )
    if o.re and not o.kontra:
        raise InvalidGameError(
            msg("Re without Kontra: the declarer can only answer a Kontra; write 'kontra re'")
        )
    if o.bock < 0:
        raise InvalidGameError(msg("bock {bock}: the Bock count is 0 or more", bock=o.bock))
    check_bid(o.bid)


def _check_null(d: Declaration, o: Outcome) -> None:
    """A Null has no Spitzen, no Schneider or Schwarz, no Augen (rules §4)."""
    if d.spitzen is not None:
        raise InvalidGameError(
            msg(
                "a Null has no Spitzen: drop '{word} {spitzen}' (Null is 23, Null Hand 35, Null "
                "ouvert 46, Null ouvert Hand 59)",
                word="mit" if d.mit else "ohne",
                spitzen=d.spitzen,
            )
        )
    if d.schneider_announced or d.schwarz_announced or o.schneider or o.schwarz:
        raise InvalidGameError(
            msg(
                "Schneider and Schwarz do not exist in a Null: it is won when the declarer "
                "takes no trick; write 'null gewonnen' or 'null verloren'"
            )
        )
    if o.augen is not None:
        raise InvalidGameError(
            msg(
                "a Null is not counted in Augen: the declarer wins by taking no trick; write "
                "'gewonnen' or 'verloren' instead of 'augen N'"
            )
        )


def _check_spitzen(d: Declaration, options: ScoringOptions) -> None:
    """A suit game or Grand names 1 to 11 Spitzen (4 in a Grand, or the rule set's cap)."""
    game = d.game
    name = game.german
    if d.spitzen is None:
        raise InvalidGameError(
            msg(
                "{game} needs its Spitzen: write 'mit N' (holding the Kreuz-Bube) or 'ohne N', "
                "e.g. '{example} mit 2'",
                game=name,
                example=name.lower(),
            )
        )
    limit = MAX_SPITZEN[game.is_suit]
    if game.is_suit:
        limit = min(limit, options.spitzen_cap)
    if 1 <= d.spitzen <= limit:
        return
    word = "mit" if d.mit else "ohne"
    if d.spitzen < 1:
        why = msg("Spitzen count from 1: 'mit 1' or 'ohne 1' at the least")
    elif game is GameType.GRAND:
        why = msg("a Grand has at most 4 Spitzen (only the Buben are trumps): mit/ohne 1 to 4")
    elif limit < MAX_SPITZEN[True]:
        why = msg("this rule set caps Spitzen at {cap} (spitzen_cap={cap})", cap=limit)
    else:
        why = msg("a suit game has at most 11 Spitzen (4 Buben and 7 trump cards): 1 to 11")
    raise InvalidGameError(
        msg("'{word} {spitzen}' in {game}: {why}", word=word, spitzen=d.spitzen, game=name, why=why)
    )
