"""A game's value as Skat players say it: ``mit 2, Spiel 3, Hand 4 → 4 × 12 = 48``.

Pure text, no printing: the CLI decides where it goes. German by default, English on request.
"""

from __future__ import annotations

from functools import cache

from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.printed import signed
from skatliste.skat.games import GameType
from skatliste.skat.rules import GameResult, Level, RamschResult, SeegerFabian, doubled
from skatliste.skat.words import to_words

_WORDS: dict[str, Message] = {
    # a level as a game's name says it (Kreuz mit 2 Hand, Grand mit 1 Schwarz)
    "hand": msg("hand"),
    "schneider": msg("schneider"),
    "schwarz": msg("schwarz"),
    "ouvert": msg("ouvert"),
    "schneider announced": msg("schneider announced"),
    "schwarz announced": msg("schwarz announced"),
    # one level of the count with the multiplier reached (Spiel 3, Hand 4)
    "step spiel": msg("game {count}"),
    "step hand": msg("hand {count}"),
    "step schneider": msg("schneider {count}"),
    "step schneider_announced": msg("announced {count}"),
    "step schwarz": msg("schwarz {count}"),
    "step schwarz_announced": msg("announced {count}"),
    "step ouvert": msg("ouvert {count}"),
    "with": msg("with {count}"),
    "without": msg("without {count}"),
    # the games; the Null by (ouvert, hand)
    GameType.DIAMONDS.value: msg("Diamonds"),
    GameType.HEARTS.value: msg("Hearts"),
    GameType.SPADES.value: msg("Spades"),
    GameType.CLUBS.value: msg("Clubs"),
    GameType.GRAND.value: msg("Grand"),
    "null": msg("Null"),
    "null hand": msg("Null hand"),
    "null ouvert": msg("Null ouvert"),
    "null ouvert hand": msg("Null ouvert hand"),
    "overbid": msg("overbid"),
    "lost": msg("lost"),
}
"""The words of a game's name and its explanation, each a message id."""

_NULL_KEY = {
    (False, False): "null",
    (False, True): "null hand",
    (True, False): "null ouvert",
    (True, True): "null ouvert hand",
}


@cache
def _words(lang: Lang) -> dict[str, str]:
    """The words in ``lang``, placeholders to fill in (looked up once: ``value -`` explains
    thousands of games)."""
    return {key: m.template(lang) for key, m in _WORDS.items()}


def game_name(result: GameResult, lang: Lang = "de") -> str:
    """The game in words, e.g. ``Kreuz mit 2 Hand`` or ``Null ouvert``."""
    d = result.declaration
    w = _words(lang)
    if d.game is GameType.NULL:
        return w[_NULL_KEY[(d.ouvert, d.hand)]]
    parts = [w[d.game.value], w["with" if d.mit else "without"].format(count=d.spitzen)]
    if d.ouvert:
        parts.append(w["ouvert"])
    elif d.hand:
        parts.append(w["hand"])
    if d.schwarz_announced and not d.ouvert:
        parts.append(w["schwarz announced"])
    elif d.schneider_announced and not d.ouvert:
        parts.append(w["schneider announced"])
    return " ".join(parts)


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
    w = _words(lang)
    name = game_name(result, lang)
    if result.schwarz and not d.schwarz_announced:
        name += " " + w["schwarz"]
    elif result.schneider and not d.schneider_announced and not result.schwarz:
        name += " " + w["schneider"]
    parts = [name]
    if result.overbid:
        parts.append(w["overbid"])
    elif not result.won:
        parts.append(w["lost"])
    if result.outcome.re:
        parts.append("Kontra, Re")
    elif result.outcome.kontra:
        parts.append("Kontra")
    return ", ".join(parts)


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
        w = _words(lang)
        steps: list[str] = []
        running = 0
        for level, weight in result.levels:
            running += weight
            if level is Level.SPITZEN:
                steps.append(w["with" if d.mit else "without"].format(count=weight))
            else:
                steps.append(w["step " + level.value].format(count=running))
        lines.append(
            f"{', '.join(steps)} → {result.reached_multiplier} × {result.base} "
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
    single = result.lost_factor == 1
    if result.overbid:
        what = (
            msg("game value {value}", value=result.reached_value)
            if d.game is not GameType.NULL
            else f"{game_name(result, lang)} {result.reached_value}"
        )
        said = {
            "bid": o.bid,
            "what": what,
            "multiple": result.charged_multiple,
            "base": result.base,
            "value": result.game_value,
            "score": signed(result.score),
        }
        overbid = (
            msg(
                "overbid: bid {bid}, {what} → {multiple} × {base} = {value}, lost (Hand single) "
                "{score}",
                **said,
            )
            if single
            else msg(
                "overbid: bid {bid}, {what} → {multiple} × {base} = {value}, lost {score}", **said
            )
        )
        return [overbid.render(lang)]
    if result.won:
        return []
    if single:
        return [msg("lost (Hand single): {score}", score=signed(-result.game_value)).render(lang)]
    return [
        msg(
            "lost: {factor} × {value} = {score}",
            factor=signed(-result.lost_factor),
            value=result.game_value,
            score=signed(result.score),
        ).render(lang)
    ]


def seeger_fabian_line(result: GameResult, fabian: SeegerFabian, *, lang: Lang = "de") -> str:
    """``Seeger-Fabian: −54 − 50 = −104, Gegenspieler je +40`` (SkWO 5.1, rules §7)."""
    said = {
        "points": signed(result.list_points),
        "bonus": "+ 50" if result.won else "− 50",
        "total": signed(fabian.declarer),
    }
    if fabian.each_opponent:
        return msg(
            "Seeger-Fabian: {points} {bonus} = {total}, opponents each +{each}",
            each=fabian.each_opponent,
            **said,
        ).render(lang)
    return "Seeger-Fabian: {points} {bonus} = {total}".format_map(said)


def result_record(
    result: GameResult,
    *,
    fabian: SeegerFabian,
    lang: Lang = "de",
) -> dict[str, object]:
    """The JSON view of one game's value (``skatliste value --json``)."""
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
