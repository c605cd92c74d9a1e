"""A game's value as Skat players say it: ``mit 2, Spiel 3, Hand 4 → 4 × 12 = 48``.

Pure text, no printing: the CLI decides where it goes. German by default, English on request.
"""

from __future__ import annotations

from skatliste.i18n import Lang, Message, join, msg, nmsg
from skatliste.skat.games import GameType
from skatliste.skat.rules import GameResult, Level, RamschResult, SeegerFabian, doubled

_LEVEL_WORD: dict[Level, Message] = {
    Level.HAND: msg("hand"),
    Level.SCHNEIDER: msg("schneider"),
    Level.SCHWARZ: msg("schwarz"),
    Level.OUVERT: msg("ouvert"),
}
"""A level as a game's name says it (``Kreuz mit 2 Hand``, ``Grand mit 1 Schwarz``)."""


def _step(level: Level, running: int) -> Message:
    """One level of the count with the multiplier reached (``Spiel 3``, ``Hand 4``)."""
    steps = {
        Level.SPIEL: msg("game {count}", count=running),
        Level.HAND: msg("hand {count}", count=running),
        Level.SCHNEIDER: msg("schneider {count}", count=running),
        Level.SCHNEIDER_ANNOUNCED: msg("announced {count}", count=running),
        Level.SCHWARZ: msg("schwarz {count}", count=running),
        Level.SCHWARZ_ANNOUNCED: msg("announced {count}", count=running),
        Level.OUVERT: msg("ouvert {count}", count=running),
    }
    return steps[level]


_ANNOUNCED: dict[Level, Message] = {
    Level.SCHNEIDER: msg("schneider announced"),
    Level.SCHWARZ: msg("schwarz announced"),
}

_GAME_NAME: dict[GameType, Message] = {
    GameType.DIAMONDS: msg("Diamonds"),
    GameType.HEARTS: msg("Hearts"),
    GameType.SPADES: msg("Spades"),
    GameType.CLUBS: msg("Clubs"),
    GameType.GRAND: msg("Grand"),
}

_NULL_NAME: dict[tuple[bool, bool], Message] = {
    (False, False): msg("Null"),
    (False, True): msg("Null hand"),
    (True, False): msg("Null ouvert"),
    (True, True): msg("Null ouvert hand"),
}
"""(ouvert, hand) → the Null's name."""


def _spitzen(mit: bool, count: int) -> Message:
    return msg("with {count}", count=count) if mit else msg("without {count}", count=count)


MINUS = "−"
"""The real minus sign (U+2212) a printed list has, never the hyphen."""


def with_minus(number: str | int) -> str:
    """A number as printed, its sign the real minus sign: ``−98``, ``98``."""
    return str(number).replace("-", MINUS)


def signed(n: float, *, places: int = 0) -> str:
    """``+48`` / ``−96`` / ``0``, with a real minus sign as on a printed list; ``places``
    decimals for an average (``+1.5``, ``+0.0``).

    >>> signed(48), signed(-96), signed(0), signed(-0.25, places=1)
    ('+48', '−96', '0', '−0.2')
    """
    if places:
        return with_minus(f"{n:+.{places}f}")
    if n == 0:
        return "0"
    return with_minus(f"{n:+d}" if isinstance(n, int) else f"{n:+.0f}")


def game_name(result: GameResult, lang: Lang = "de") -> str:
    """The game in words, e.g. ``Kreuz mit 2 Hand`` or ``Null ouvert``."""
    d = result.declaration
    if d.game is GameType.NULL:
        return _NULL_NAME[(d.ouvert, d.hand)].render(lang)
    parts = [_GAME_NAME[d.game], _spitzen(d.mit, d.spitzen or 0)]
    if d.ouvert:
        parts.append(_LEVEL_WORD[Level.OUVERT])
    elif d.hand:
        parts.append(_LEVEL_WORD[Level.HAND])
    if d.schwarz_announced and not d.ouvert:
        parts.append(_ANNOUNCED[Level.SCHWARZ])
    elif d.schneider_announced and not d.ouvert:
        parts.append(_ANNOUNCED[Level.SCHNEIDER])
    return join(parts, " ").render(lang)


def headline(result: GameResult, lang: Lang = "de") -> str:
    """The game as written on a paper list, checkable on its own: the declaration, the
    Schneider or Schwarz reached in play, lost or overbid, Kontra and Re.

    >>> from skatliste.skat.games import Declaration, GameType, Outcome
    >>> from skatliste.skat.rules import game_value
    >>> headline(game_value(Declaration(game=GameType.GRAND, spitzen=1), Outcome(schwarz=True)))
    'Grand mit 1 Schwarz'
    >>> headline(game_value(Declaration(game=GameType.SPADES, spitzen=1), Outcome(bid=36)))
    'Pik mit 1, überreizt'
    """
    d = result.declaration
    name = game_name(result, lang)
    if result.schwarz and not d.schwarz_announced:
        name += " " + _LEVEL_WORD[Level.SCHWARZ].render(lang)
    elif result.schneider and not d.schneider_announced and not result.schwarz:
        name += " " + _LEVEL_WORD[Level.SCHNEIDER].render(lang)
    parts: list[object] = [name]
    if result.overbid:
        parts.append(msg("overbid"))
    elif not result.won:
        parts.append(msg("lost"))
    if result.outcome.re:
        parts.append("Kontra, Re")
    elif result.outcome.kontra:
        parts.append("Kontra")
    return join(parts, ", ").render(lang)


def explain(
    result: GameResult, *, lang: Lang = "de", fabian: SeegerFabian | None = None
) -> list[str]:
    """The computation, one step per line.

    >>> from skatliste.skat.games import Declaration, GameType, Outcome
    >>> from skatliste.skat.rules import game_value
    >>> explain(game_value(Declaration(game=GameType.CLUBS, spitzen=2, hand=True), Outcome()))
    ['mit 2, Spiel 3, Hand 4 → 4 × 12 = 48']
    >>> for line in explain(game_value(Declaration(game=GameType.SPADES, spitzen=1),
    ...                                Outcome(bid=36))):
    ...     print(line)
    mit 1, Spiel 2 → 2 × 11 = 22
    überreizt: gereizt 36, Spielwert 22 → 4 × 11 = 44, verloren −88
    """
    d, o = result.declaration, result.outcome
    lines: list[str] = []
    if d.game is GameType.NULL:
        lines.append(f"{game_name(result, lang)} = {result.reached_value}")
    else:
        steps: list[object] = []
        running = 0
        for level, weight in result.levels:
            running += weight
            if level is Level.SPITZEN:
                steps.append(_spitzen(d.mit, weight))
            else:
                steps.append(_step(level, running))
        lines.append(
            f"{join(steps, ', ').render(lang)} → {result.reached_multiplier} × {result.base} "
            f"= {result.reached_value}"
        )
    lines += _lost_lines(result, lang)
    points = result.score
    for name, on in (("Kontra", o.kontra), ("Re", o.re)):
        if on:
            points = doubled(points)
            lines.append(f"{name} ×2 → {signed(points)}")
    for _ in range(o.bock):
        points = doubled(points)
        lines.append(f"Bock ×2 → {signed(points)}")
    if fabian is not None:
        lines.append(seeger_fabian_line(result, fabian, lang=lang))
    return lines


def _lost_lines(result: GameResult, lang: Lang) -> list[str]:
    """How a lost or overbid game is charged."""
    d, o = result.declaration, result.outcome
    lost = msg("lost (Hand single)") if result.lost_factor == 1 else msg("lost")
    if result.overbid:
        what = (
            msg("game value {value}", value=result.reached_value)
            if d.game is not GameType.NULL
            else f"{game_name(result, lang)} {result.reached_value}"
        )
        return [
            msg(
                "overbid: bid {bid}, {what} → {multiple} × {base} = {value}, {lost} {score}",
                bid=o.bid,
                what=what,
                multiple=result.charged_multiple,
                base=result.base,
                value=result.game_value,
                lost=lost,
                score=signed(result.score),
            ).render(lang)
        ]
    if result.won:
        return []
    if result.lost_factor == 1:
        return [f"{lost.render(lang)}: {signed(-result.game_value)}"]
    return [
        f"{lost.render(lang)}: {signed(-result.lost_factor)} × {result.game_value} = "
        f"{signed(result.score)}"
    ]


def seeger_fabian_line(result: GameResult, fabian: SeegerFabian, *, lang: Lang = "de") -> str:
    """``Seeger-Fabian: −54 − 50 = −104, Gegenspieler je +40`` (SkWO 5.1, rules §7)."""
    bonus = "+ 50" if result.won else "− 50"
    line = f"Seeger-Fabian: {signed(result.list_points)} {bonus} = {signed(fabian.declarer)}"
    if fabian.each_opponent:
        line += ", " + msg("opponents each +{points}", points=fabian.each_opponent).render(lang)
    return line


def result_record(
    result: GameResult,
    *,
    fabian: SeegerFabian,
    lang: Lang = "de",
) -> dict[str, object]:
    """The JSON view of one game's value (``skatliste value --json``)."""
    from skatliste.skat.words import to_words

    d = result.declaration
    return {
        "game": d.game.value,
        "words": to_words(d, result.outcome),
        "name": game_name(result, lang),
        "won": result.won,
        "overbid": result.overbid,
        "schneider": result.schneider,
        "schwarz": result.schwarz,
        "base_value": result.base,
        "levels": [{"level": level.value, "count": weight} for level, weight in result.levels],
        "reached_value": result.reached_value,
        "multiplier": result.multiplier,
        "game_value": result.game_value,
        "bid": result.outcome.bid,
        "factor": result.factor,
        "list_points": result.list_points,
        "seeger_fabian": {
            "declarer": fabian.declarer,
            "each_opponent": fabian.each_opponent,
        },
        "explanation": explain(result, lang=lang),
    }


def explain_ramsch(result: RamschResult, *, lang: Lang = "de") -> list[str]:
    """A Ramsch's computation: who loses what, then each doubling.

    >>> from skatliste.skat.rules import ramsch_score
    >>> explain_ramsch(ramsch_score({"A": 75, "B": 0, "C": 45}, jungfrau=("B",), bock=1))
    ['A verliert 75', 'Jungfrau B ×2 → −150', 'Bock ×2 → −300']
    """
    if result.durchmarsch is not None:
        lines = [f"Durchmarsch {result.durchmarsch}: 120"]
        points = 120
    else:
        loses = nmsg(
            "{names} loses {loss}",
            "{names} lose each {loss}",
            len(result.losers),
            names=", ".join(result.losers),
            loss=result.loss,
        )
        lines = [loses.render(lang)]
        points = -result.loss
    for name in result.jungfrau:
        points = doubled(points)
        lines.append(f"Jungfrau {name} ×2 → {signed(points)}")
    for _ in range(result.pushes):
        points = doubled(points)
        lines.append(msg("pushed ×2 → {points}", points=signed(points)).render(lang))
    for _ in range(result.bock):
        points = doubled(points)
        lines.append(f"Bock ×2 → {signed(points)}")
    return lines


def paper_line(paper: int, matches: bool, list_points: int, lang: Lang) -> str:
    """``Papier 72: stimmt`` or ``Papier 72: falsch, das Spiel zählt +48``."""
    if matches:
        return msg("paper {paper}: right", paper=paper).render(lang)
    return msg(
        "paper {paper}: wrong, the game counts {right}", paper=paper, right=signed(list_points)
    ).render(lang)
