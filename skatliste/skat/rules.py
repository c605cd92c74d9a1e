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
from enum import StrEnum
from typing import Literal

from skatliste.errors import InvalidGameError
from skatliste.i18n import msg
from skatliste.seeger_fabian import (  # SkWO 5.1: organised play's, a game's column too
    SEEGER_FABIAN_LOST,
    SEEGER_FABIAN_OPPONENT,
    SEEGER_FABIAN_WON,
)
from skatliste.skat.games import Declaration, GameType, Outcome
from skatliste.skat.values import (
    BASE_VALUE,
    ISKO,
    MAX_BID,
    MAX_BOCK,
    MAX_LEVELS,
    MAX_PUSHES,
    MAX_SPITZEN,
    MIN_BID,
    NULL_NAMES,
    NULL_VALUE,
    REIZWERTE,
    SCHNEIDER_AUGEN,
    TOTAL_AUGEN,
    WIN_AUGEN,
    BidReach,
    GameResult,
    Level,
    NullOverbid,
    ScoringOptions,
    SeegerFabian,
    check_bid,
    check_bock,
    check_kontra_bid,
    check_pushes,
    games_reaching,
    is_valid_bid,
    nearest_bids,
    next_bid,
    normalise,
)

__all__ = [
    "BASE_VALUE",
    "ISKO",
    "MAX_BID",
    "MAX_BOCK",
    "MAX_LEVELS",
    "MAX_PUSHES",
    "MAX_SPITZEN",
    "MIN_BID",
    "NULL_NAMES",
    "NULL_VALUE",
    "REIZWERTE",
    "SCHNEIDER_AUGEN",
    "SEEGER_FABIAN_LOST",
    "SEEGER_FABIAN_OPPONENT",
    "SEEGER_FABIAN_WON",
    "TOTAL_AUGEN",
    "TWO_PLAYER_NAME",
    "WIN_AUGEN",
    "BidReach",
    "Durchmarsch",
    "GameResult",
    "Level",
    "NullOverbid",
    "RamschOptions",
    "RamschResult",
    "RamschSkat",
    "ScoringOptions",
    "SeegerFabian",
    "Variant",
    "augen_needed",
    "check_bid",
    "check_bock",
    "check_kontra_bid",
    "check_pushes",
    "doubled",
    "doubling",
    "game_value",
    "games_reaching",
    "is_valid_bid",
    "nearest_bids",
    "next_bid",
    "normalise",
    "offizier_ramsch_score",
    "ramsch_score",
    "seeger_fabian_points",
    "two_player_value",
]

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
