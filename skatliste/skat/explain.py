"""A game's value as Skat players say it: ``mit 2, Spiel 3, Hand 4 → 4 × 12 = 48``.

Pure text, no printing: the CLI decides where it goes. German by default, English on request.
"""

from __future__ import annotations

from skatliste.i18n import Lang
from skatliste.skat.games import ENGLISH_NAME, GERMAN_NAME, GameType
from skatliste.skat.rules import NULL_NAMES, GameResult, Level, RamschResult, SeegerFabian, doubled

_LEVEL_WORD: dict[Lang, dict[Level, str]] = {
    "de": {
        Level.SPIEL: "Spiel",
        Level.HAND: "Hand",
        Level.SCHNEIDER: "Schneider",
        Level.SCHNEIDER_ANNOUNCED: "angesagt",
        Level.SCHWARZ: "Schwarz",
        Level.SCHWARZ_ANNOUNCED: "angesagt",
        Level.OUVERT: "Ouvert",
    },
    "en": {
        Level.SPIEL: "game",
        Level.HAND: "hand",
        Level.SCHNEIDER: "schneider",
        Level.SCHNEIDER_ANNOUNCED: "announced",
        Level.SCHWARZ: "schwarz",
        Level.SCHWARZ_ANNOUNCED: "announced",
        Level.OUVERT: "ouvert",
    },
}

_WORDS: dict[Lang, dict[str, str]] = {
    "de": {
        "mit": "mit",
        "ohne": "ohne",
        "lost": "verloren",
        "lost_single": "verloren (Hand einfach)",
        "overbid": "überreizt",
        "bid": "gereizt",
        "value": "Spielwert",
        "won": "gewonnen",
        "opponents": "Gegenspieler je",
        "hand": "Hand",
        "ouvert": "ouvert",
    },
    "en": {
        "mit": "with",
        "ohne": "without",
        "lost": "lost",
        "lost_single": "lost (Hand single)",
        "overbid": "overbid",
        "bid": "bid",
        "value": "game value",
        "won": "won",
        "opponents": "opponents each",
        "hand": "hand",
        "ouvert": "ouvert",
    },
}


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
    names = GERMAN_NAME if lang == "de" else ENGLISH_NAME
    w = _WORDS[lang]
    if d.game is GameType.NULL:
        name = NULL_NAMES[(d.ouvert, d.hand)]
        return name if lang == "de" else name.replace("Hand", "hand")
    parts = [names[d.game], f"{w['mit'] if d.mit else w['ohne']} {d.spitzen}"]
    if d.ouvert:
        parts.append(w["ouvert"])
    elif d.hand:
        parts.append(w["hand"])
    lv = _LEVEL_WORD[lang]
    if d.schwarz_announced and not d.ouvert:
        parts.append(f"{lv[Level.SCHWARZ]} {lv[Level.SCHWARZ_ANNOUNCED]}")
    elif d.schneider_announced and not d.ouvert:
        parts.append(f"{lv[Level.SCHNEIDER]} {lv[Level.SCHNEIDER_ANNOUNCED]}")
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
    lv = _LEVEL_WORD[lang]
    name = game_name(result, lang)
    if result.schwarz and not d.schwarz_announced:
        name += f" {lv[Level.SCHWARZ]}"
    elif result.schneider and not d.schneider_announced and not result.schwarz:
        name += f" {lv[Level.SCHNEIDER]}"
    parts = [name]
    w = _WORDS[lang]
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
    w = _WORDS[lang]
    d, o = result.declaration, result.outcome
    lines: list[str] = []
    if d.game is GameType.NULL:
        lines.append(f"{game_name(result, lang)} = {result.reached_value}")
    else:
        steps: list[str] = []
        running = 0
        for level, weight in result.levels:
            running += weight
            if level is Level.SPITZEN:
                steps.append(f"{w['mit'] if d.mit else w['ohne']} {weight}")
            else:
                steps.append(f"{_LEVEL_WORD[lang][level]} {running}")
        lines.append(
            f"{', '.join(steps)} → {result.reached_multiplier} × {result.base} "
            f"= {result.reached_value}"
        )
    lost_word = w["lost_single"] if result.lost_factor == 1 else w["lost"]
    if result.overbid:
        what = (
            f"{w['value']} {result.reached_value}"
            if d.game is not GameType.NULL
            else f"{game_name(result, lang)} {result.reached_value}"
        )
        lines.append(
            f"{w['overbid']}: {w['bid']} {o.bid}, {what} → {result.charged_multiple} × "
            f"{result.base} = {result.game_value}, {lost_word} {signed(result.score)}"
        )
    elif not result.won:
        if result.lost_factor == 1:
            lines.append(f"{lost_word}: {signed(-result.game_value)}")
        else:
            lines.append(
                f"{lost_word}: {signed(-result.lost_factor)} × {result.game_value} = "
                f"{signed(result.score)}"
            )
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


def seeger_fabian_line(result: GameResult, fabian: SeegerFabian, *, lang: Lang = "de") -> str:
    """``Seeger-Fabian: −54 − 50 = −104, Gegenspieler je +40`` (SkWO 5.1, rules §7)."""
    bonus = "+ 50" if result.won else "− 50"
    line = f"Seeger-Fabian: {signed(result.list_points)} {bonus} = {signed(fabian.declarer)}"
    if fabian.each_opponent:
        line += f", {_WORDS[lang]['opponents']} +{fabian.each_opponent}"
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
    de = lang == "de"
    if result.durchmarsch is not None:
        lines = [f"Durchmarsch {result.durchmarsch}: 120"]
        points = 120
    else:
        names = ", ".join(result.losers)
        verb = ("verliert" if len(result.losers) == 1 else "verlieren je") if de else "loses"
        if not de and len(result.losers) > 1:
            verb = "lose each"
        lines = [f"{names} {verb} {result.loss}"]
        points = -result.loss
    for name in result.jungfrau:
        points = doubled(points)
        lines.append(f"Jungfrau {name} ×2 → {signed(points)}")
    for _ in range(result.pushes):
        points = doubled(points)
        lines.append(f"{'geschoben' if de else 'pushed'} ×2 → {signed(points)}")
    for _ in range(result.bock):
        points = doubled(points)
        lines.append(f"Bock ×2 → {signed(points)}")
    return lines


PAPER_TEXT = {
    "de": ("Papier {paper}: stimmt", "Papier {paper}: falsch, das Spiel zählt {right}"),
    "en": ("paper {paper}: right", "paper {paper}: wrong, the game counts {right}"),
}


def paper_line(paper: int, matches: bool, list_points: int, lang: Lang) -> str:
    """``Papier 72: stimmt`` or ``Papier 72: falsch, das Spiel zählt +48``."""
    right, wrong = PAPER_TEXT[lang]
    return (right if matches else wrong).format(paper=paper, right=signed(list_points))
