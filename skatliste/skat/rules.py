"""The scoring rules of Skat, as pure functions (ISkO; ``docs/rules.md`` §3-§7).

>>> from skatliste.skat.games import Declaration, GameType, Outcome
>>> r = game_value(Declaration(game=GameType.CLUBS, spitzen=2, hand=True), Outcome())
>>> r.game_value, r.list_points
(48, 48)
>>> r = game_value(Declaration(game=GameType.SPADES, spitzen=1), Outcome(bid=36))
>>> r.overbid, r.game_value, r.list_points
(True, 44, -88)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from typing import Literal

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

SEEGER_FABIAN_WON = 50
SEEGER_FABIAN_LOST = -50
SEEGER_FABIAN_OPPONENT: dict[int, int] = {3: 40, 4: 30}  # SkWO 5.1, by table size


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


# --- the value ------------------------------------------------------------------------


def augen_needed(declaration: Declaration) -> int:
    """The Augen a declarer needs to win (below Schwarz angesagt): 61, or 90 with Schneider
    angesagt (rules §3).

    >>> augen_needed(Declaration(game=GameType.HEARTS, spitzen=1))
    61
    """
    return SCHNEIDER_AUGEN if declaration.schneider_announced else WIN_AUGEN


def _won_by_play(d: Declaration, o: Outcome) -> tuple[bool, bool, bool]:
    """(won, schneider reached, schwarz reached) from the Augen and the words (§3)."""
    if o.augen is None:
        won = True if o.won is None else o.won
        schwarz = o.schwarz or (won and d.schwarz_announced)
        schneider = o.schneider or schwarz or (won and d.schneider_announced)
        return won, schneider, schwarz

    augen = o.augen
    schneider = augen >= SCHNEIDER_AUGEN or augen <= TOTAL_AUGEN - SCHNEIDER_AUGEN
    if o.schneider and not schneider:
        raise InvalidGameError(
            msg(
                "'schneider' with augen {augen}: Schneider needs 90 Augen or more for the "
                "declarer, or 30 or fewer; fix the Augen or drop 'schneider'",
                augen=augen,
            )
        )
    schwarz = o.schwarz
    if schwarz and not (augen == TOTAL_AUGEN or augen <= TOTAL_AUGEN - SCHNEIDER_AUGEN):
        raise InvalidGameError(
            msg(
                "'schwarz' with augen {augen}: if the opponents took no trick the declarer has "
                "all 120 Augen; if he took none he has 30 or fewer",
                augen=augen,
            )
        )
    if d.schwarz_announced:
        if augen < TOTAL_AUGEN:
            won = False
        elif schwarz or o.won is True:
            won, schwarz = True, True
        elif o.won is False:
            won = False
        else:
            raise InvalidGameError(
                msg(
                    "Schwarz angesagt with augen 120: did the declarer take every trick? Add "
                    "'schwarz' (every trick) or 'verloren' (the opponents took a trick)"
                )
            )
    else:
        won = augen >= augen_needed(d)
    if o.won is True and not won:
        need = {True: "every trick", False: f"{augen_needed(d)} Augen"}
        raise InvalidGameError(
            msg(
                "'gewonnen' with augen {augen}: the declarer needs {need} to win this game; fix "
                "the Augen or drop 'gewonnen'",
                augen=augen,
                need=need[d.schwarz_announced],
            )
        )
    return won, schneider or schwarz, schwarz


def game_value(
    declaration: Declaration, outcome: Outcome, *, options: ScoringOptions = ISKO
) -> GameResult:
    """The value and list points of one game (ISkO, rules §3-§6 and §8 Kontra/Re/Bock).

    Raises :class:`InvalidGameError` for a game that cannot exist.

    >>> from skatliste.skat.games import Declaration, GameType, Outcome
    >>> r = game_value(Declaration(game=GameType.HEARTS, spitzen=1), Outcome(won=False))
    >>> r.game_value, r.list_points
    (20, -40)
    """
    d, o = normalise(declaration, outcome, options=options)
    game = d.game

    if game is GameType.NULL:
        base = NULL_VALUE[(d.ouvert, d.hand)]
        won = True if o.won is None else o.won
        schneider = schwarz = False
        levels: tuple[tuple[Level, int], ...] = ()
        reached_multiplier: int | None = None
        reached = base
        multiple = 1
        overbid = False
        if o.bid is not None and base < o.bid:
            # §6: the ISkO lets nobody declare a game worth less than the bid.
            if options.null_overbid is NullOverbid.REFUSE:
                raise InvalidGameError(
                    msg(
                        "{game} is worth {base}, below the bid of {bid}: no game worth less than "
                        "the "
                        "bid may be declared (rule null_overbid=multiple charges a multiple "
                        "instead)",
                        game=NULL_NAMES[(d.ouvert, d.hand)],
                        base=base,
                        bid=o.bid,
                    )
                )
            multiple = -(-o.bid // base)
            overbid, won = True, False
    else:
        base = BASE_VALUE[game]
        won, schneider, schwarz = _won_by_play(d, o)
        # An announced level counts whether reached or not, and includes the level itself.
        schneider = schneider or d.schneider_announced
        schwarz = schwarz or d.schwarz_announced
        flags = (
            (Level.SPIEL, True),
            (Level.HAND, d.hand),
            (Level.SCHNEIDER, schneider),
            (Level.SCHNEIDER_ANNOUNCED, d.schneider_announced),
            (Level.SCHWARZ, schwarz),
            (Level.SCHWARZ_ANNOUNCED, d.schwarz_announced),
            (Level.OUVERT, d.ouvert),
        )
        assert d.spitzen is not None  # normalise() guarantees it
        levels = ((Level.SPITZEN, d.spitzen), *((lv, 1) for lv, on in flags if on))
        reached_multiplier = sum(weight for _, weight in levels)
        reached = base * reached_multiplier
        multiple = reached_multiplier
        overbid = False
        if o.bid is not None and reached < o.bid:
            # ISkO 5.4.2: overbid is lost, charged at the smallest multiple of the base that
            # reaches the bid. Tested on the value before Kontra (§8).
            overbid, won = True, False
            multiple = -(-o.bid // base)
        elif o.won is False and won:
            raise InvalidGameError(
                msg(
                    "'verloren' with augen {augen}: that many Augen win this game; fix the Augen "
                    "or "
                    "drop 'verloren' (an overbid game needs 'gereizt N')",
                    augen=o.augen,
                )
            )

    charged = base * multiple
    if won:
        lost_factor = 0
        score = charged
    else:
        lost_factor = 1 if (options.lost_hand_single and d.hand) else 2
        score = -lost_factor * charged
    factor = doubling(o)
    return GameResult(
        declaration=d,
        outcome=o,
        won=won,
        overbid=overbid,
        schneider=schneider,
        schwarz=schwarz,
        levels=levels,
        base=base,
        reached_multiplier=reached_multiplier,
        reached_value=reached,
        charged_multiple=multiple,
        game_value=charged,
        lost_factor=lost_factor,
        score=score,
        factor=factor,
        list_points=score * factor,
    )


def doubled(points: int, times: int = 1) -> int:
    """``points`` doubled ``times`` times: the one rule of every Kontra, Re, Bock, Jungfrau and
    push (rules §8).

    >>> doubled(-45, 3), doubled(48)
    (-360, 96)
    """
    return points * (1 << times)


def doubling(outcome: Outcome) -> int:
    """Kontra ×2, Re ×2 more (×4 in all), each Bock ×2 (rules §8).

    >>> doubling(Outcome(kontra=True, re=True, bock=1))
    8
    """
    return doubled(1, outcome.kontra + outcome.re + outcome.bock)


def seeger_fabian_points(result: GameResult, *, table: int = 3) -> SeegerFabian:
    """Seeger-Fabian points of one game (SkWO 5.1): list points ± 50, and 40 (table of three)
    or 30 (table of four) for each other player when the declarer lost. Never multiplied.

    >>> from skatliste.skat.games import Declaration, GameType, Outcome
    >>> lost = game_value(Declaration(game=GameType.DIAMONDS, spitzen=2, mit=False),
    ...                   Outcome(won=False))
    >>> seeger_fabian_points(lost, table=3), seeger_fabian_points(lost, table=4)
    (SeegerFabian(declarer=-104, each_opponent=40), SeegerFabian(declarer=-104, each_opponent=30))
    """
    if table not in SEEGER_FABIAN_OPPONENT:
        raise InvalidGameError(
            msg("table {size}: Seeger-Fabian is scored at tables of 3 or 4", size=table)
        )
    if result.won:
        return SeegerFabian(result.list_points + SEEGER_FABIAN_WON, 0)
    return SeegerFabian(result.list_points + SEEGER_FABIAN_LOST, SEEGER_FABIAN_OPPONENT[table])


# --- two-player Skat (§9): Bauernskat, Offizierskat ---------------------------------------


class Variant(StrEnum):
    """The game a list is played in (rule ``variant``; the value is the file's word)."""

    SKAT = "skat"
    """Skat of three or four players (rules §1-§8)."""
    BAUERNSKAT = "bauernskat"
    """Two players, no Skat, no bidding: the caller names trump (§9)."""
    OFFIZIERSKAT = "offizierskat"
    """Two players as Bauernskat, with Kontra, Re and Ramsch games (§9)."""


TWO_PLAYER_NAME = {Variant.BAUERNSKAT: "Bauernskat", Variant.OFFIZIERSKAT: "Offizierskat"}


def two_player_value(
    declaration: Declaration, outcome: Outcome, *, variant: Variant = Variant.BAUERNSKAT
) -> GameResult:
    """A two-player game (rules §9): base × (Spitzen + 1 + Schneider + Schwarz).

    ``score`` and ``list_points`` are the caller's view (+value won, −2 × value lost); who is
    credited a lost game is the rule set's choice (the sheet applies it).

    >>> from skatliste.skat.games import Declaration, GameType, Outcome
    >>> r = two_player_value(Declaration(game=GameType.HEARTS, spitzen=6), Outcome(augen=50))
    >>> r.game_value, r.score
    (70, -140)
    """
    d, o = declaration, outcome
    name = TWO_PLAYER_NAME[variant]
    if d.game is GameType.NULL:
        raise InvalidGameError(
            msg("{variant} has no Null: the caller names a suit or Grand (rules §9)", variant=name)
        )
    if d.hand or d.ouvert or d.schneider_announced or d.schwarz_announced:
        raise InvalidGameError(
            msg(
                "{variant} has no Skat, so no Hand, Ouvert or announcements (rules §9): say the "
                "trump, the Spitzen and the Augen, e.g. 'herz mit 6 augen 75'",
                variant=name,
            )
        )
    if o.bid is not None:
        raise InvalidGameError(
            msg(
                "{variant} has no bidding: the caller chooses trump after four open cards; drop "
                "'gereizt'",
                variant=name,
            )
        )
    if (o.kontra or o.re) and variant is Variant.BAUERNSKAT:
        raise InvalidGameError(msg("Bauernskat has no Kontra or Re (Offizierskat has)"))
    d, o = normalise(d, o)
    if variant is Variant.OFFIZIERSKAT and o.augen in (0, TOTAL_AUGEN):
        o = replace(o, schwarz=True)  # §9: in Offizierskat, Schwarz is 0 Augen
    if variant is Variant.OFFIZIERSKAT and o.schwarz and o.augen not in (None, 0, TOTAL_AUGEN):
        raise InvalidGameError(
            msg(
                "'schwarz' with augen {augen}: in Offizierskat Schwarz means 0 Augen (rules §9)",
                augen=o.augen,
            )
        )
    won, schneider, schwarz = _won_by_play(d, o)
    base = BASE_VALUE[d.game]
    assert d.spitzen is not None
    flags = ((Level.SPIEL, True), (Level.SCHNEIDER, schneider), (Level.SCHWARZ, schwarz))
    levels = ((Level.SPITZEN, d.spitzen), *((lv, 1) for lv, on in flags if on))
    multiple = sum(weight for _, weight in levels)
    value = base * multiple
    score = value if won else -2 * value
    factor = doubling(o)
    return GameResult(
        declaration=d,
        outcome=o,
        won=won,
        overbid=False,
        schneider=schneider,
        schwarz=schwarz,
        levels=levels,
        base=base,
        reached_multiplier=multiple,
        reached_value=value,
        charged_multiple=multiple,
        game_value=value,
        lost_factor=0 if won else 2,
        score=score,
        factor=factor,
        list_points=score * factor,
    )


# --- Ramsch (§8, house) -----------------------------------------------------------------


class RamschSkat(StrEnum):
    """Who gets the Skat's Augen in a Ramsch (rule ``ramsch.skat``, §8)."""

    LAST_TRICK = "last_trick"
    """The winner of the last trick: entered in his Augen."""
    LOSER = "loser"
    """The loser: entered apart, as ``skat N``."""


class Durchmarsch(StrEnum):
    """How a Durchmarsch scores (rule ``ramsch.durchmarsch``, §8)."""

    PLUS = "plus"
    """+120 for the player who took every trick."""
    MINUS = "minus"
    """−120 for each other player."""


@dataclass(frozen=True, kw_only=True)
class RamschOptions:
    """How a Ramsch is scored (rule-set options ``ramsch.*``)."""

    skat: RamschSkat = RamschSkat.LAST_TRICK
    """Who gets the Skat's Augen: the winner of the last trick (entered in his Augen) or the
    loser (entered apart, as ``skat N``)."""
    loss: Literal["augen"] | int = "augen"
    """The loser loses his Augen, or a fixed number of points."""
    durchmarsch: Durchmarsch = Durchmarsch.PLUS
    """Durchmarsch: +120 for the player, or −120 for each other player."""


@dataclass(frozen=True)
class RamschResult:
    """A Ramsch's list points and how they came about."""

    points: dict[str, int]
    losers: tuple[str, ...]
    durchmarsch: str | None
    loss: int
    """Each loser's loss before the doublings (Augen or fixed points)."""
    jungfrau: tuple[str, ...]
    pushes: int
    bock: int


def _check_ramsch_augen(augen: dict[str, int], skat: int | None, options: RamschOptions) -> None:
    """Each player's Augen 0 to 120, all of them (and the Skat given apart) adding up to 120."""
    for name, value in augen.items():
        if not 0 <= value <= TOTAL_AUGEN:
            raise InvalidGameError(
                msg("{name}={value}: a player's Augen are 0 to 120", name=name, value=value)
            )
    if options.skat is RamschSkat.LOSER:
        if skat is None:
            raise InvalidGameError(
                msg(
                    "rule ramsch.skat=loser: give the Skat's Augen apart, e.g. 'skat 10' (the "
                    "players' Augen are their tricks only)"
                )
            )
        total = sum(augen.values()) + skat
    else:
        if skat is not None:
            raise InvalidGameError(
                msg(
                    "rule ramsch.skat=last_trick: the Skat is in the Augen of the player who took "
                    "the last trick; drop 'skat N'"
                )
            )
        total = sum(augen.values())
    if total != TOTAL_AUGEN:
        shown = " + ".join(f"{n} {v}" for n, v in augen.items())
        if skat is not None:
            shown += f" + Skat {skat}"
        why = (
            msg("the Skat counts for the player who took the last trick")
            if options.skat is RamschSkat.LAST_TRICK
            else msg("with the Skat given apart")
        )
        raise InvalidGameError(
            msg(
                "the Augen add up to {total}, not 120 ({shown}); {why}",
                total=total,
                shown=shown,
                why=why,
            )
        )


def ramsch_score(
    augen: dict[str, int],
    *,
    skat: int | None = None,
    jungfrau: tuple[str, ...] = (),
    durchmarsch: str | None = None,
    pushes: int = 0,
    bock: int = 0,
    options: RamschOptions = RamschOptions(),
) -> RamschResult:
    """Score a Ramsch: the player with the most Augen loses them (ties: all tied lose);
    each Jungfrau and each push doubles; a Durchmarsch scores 120 (rules §8).

    >>> ramsch_score({"Anna": 45, "Ben": 40, "Carl": 35}).points
    {'Anna': -45, 'Ben': 0, 'Carl': 0}
    """
    players = list(augen)
    _check_ramsch_augen(augen, skat, options)
    for name in (*jungfrau, *((durchmarsch,) if durchmarsch else ())):
        if name not in augen:
            raise InvalidGameError(
                msg(
                    "'{name}' did not play this Ramsch ({players})",
                    name=name,
                    players=", ".join(players),
                )
            )
    for name in jungfrau:
        if augen[name] != 0:
            raise InvalidGameError(
                msg(
                    "Jungfrau {name} with {augen} Augen: a Jungfrau took no trick (0 Augen)",
                    name=name,
                    augen=augen[name],
                )
            )
    check_pushes(pushes)
    if durchmarsch is not None:
        if augen[durchmarsch] + (skat or 0) != TOTAL_AUGEN:
            raise InvalidGameError(
                msg(
                    "Durchmarsch {name} with {augen} Augen: a Durchmarsch takes every trick (all "
                    "120 Augen)",
                    name=durchmarsch,
                    augen=augen[durchmarsch],
                )
            )
        if options.durchmarsch is Durchmarsch.PLUS:
            points = {n: (doubled(120, bock) if n == durchmarsch else 0) for n in players}
        else:
            points = {n: (0 if n == durchmarsch else doubled(-120, bock)) for n in players}
        return RamschResult(points, (), durchmarsch, 120, (), 0, bock)
    top = max(augen.values())
    losers = tuple(n for n in players if augen[n] == top)
    loss = top + (skat or 0) if options.loss == "augen" else int(options.loss)
    lost = doubled(-loss, len(jungfrau) + pushes + bock)
    points = {n: (lost if n in losers else 0) for n in players}
    return RamschResult(points, losers, None, loss, tuple(jungfrau), pushes, bock)


def offizier_ramsch_score(
    augen: dict[str, int], *, durchmarsch: str | None = None
) -> dict[str, int]:
    """Offizierskat Ramsch (rules §9): each player's Augen are subtracted from his own total;
    a player who takes every trick gets +120 instead.

    >>> offizier_ramsch_score({"Anna": 70, "Ben": 50})
    {'Anna': -70, 'Ben': -50}
    """
    if sum(augen.values()) != TOTAL_AUGEN:
        raise InvalidGameError(
            msg(
                "the Augen add up to {total}, not 120 ({shown})",
                total=sum(augen.values()),
                shown=" + ".join(f"{n} {v}" for n, v in augen.items()),
            )
        )
    if durchmarsch is not None:
        if augen.get(durchmarsch) != TOTAL_AUGEN:
            raise InvalidGameError(
                msg("Durchmarsch {name}: he must have all 120 Augen", name=durchmarsch)
            )
        return {n: (120 if n == durchmarsch else 0) for n in augen}
    return {n: -v for n, v in augen.items()}
