"""A deal's computation as players say it, German or English (docs/rules.md §A3).

>>> from skatliste.american.game import Contract, Deal, score
>>> computation(score(Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11)))
'Whist: 11 Stiche, 5 über sechs × 5 = 25'
"""

from __future__ import annotations

from skatliste.american.deals import (
    EUCHRE_SET_WITH_PARTNER,
    GRAND_SLAM_BONUS,
    HEARTS,
    HEARTS_MADE,
    TRICK_VALUE,
    TRICKS,
    Contract,
)
from skatliste.american.game import (
    DealScore,
    over_six,
)
from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.printed import signed

# --- the computation in words -------------------------------------------------------------

_TEXT: dict[str, Message] = {
    "over": msg("over six"),
    "none_over": msg("none over six"),
    "slam": msg("slam"),
    "all": msg("all"),
    "bid": msg("bid"),
    "set": msg("set"),
    "defenders": msg("defenders"),
    "alone": msg("alone"),
    "partner": msg("with partner"),
    "wins": msg("wins the partie"),
    "they_win": msg("the defenders' slam wins them the partie"),
    "no_heart": msg("no heart taken"),
    "nothing": msg("nothing"),
    "under3": msg("fewer than 3 tricks"),
}
"""The words of the text, by their key (German in the catalogue)."""


def _words(lang: Lang) -> dict[str, str]:
    """The words in ``lang``."""
    return {key: text.render(lang) for key, text in _TEXT.items()}


def _tricks(n: int, lang: Lang) -> str:
    return nmsg("{count} trick", "{count} tricks", n).render(lang)


def _hearts(n: int, lang: Lang, *, taken: bool) -> str:
    if taken:
        return nmsg("{count} heart taken", "{count} hearts taken", n).render(lang)
    return nmsg("{count} heart", "{count} hearts", n).render(lang)


def _tricks_value(
    tricks: int, per: int, contract: Contract, lang: Lang, *, slam: bool = True
) -> str:
    """``11 Stiche, 5 über sechs × 5 = 25``; ``slam``: all 13 tricks score as a slam."""
    t = _words(lang)
    head = _tricks(tricks, lang)
    over = over_six(tricks)
    if tricks == TRICKS and slam and contract is Contract.WHIST:
        return f"{head}, {t['slam']}: {t['all']} {TRICKS} × {per} = {per * TRICKS}"
    if tricks == TRICKS and slam:
        value = per * over + GRAND_SLAM_BONUS
        return f"{head}, {t['slam']}: {over} {t['over']} × {per} + {GRAND_SLAM_BONUS} = {value}"
    if over == 0:
        return f"{head}, {t['none_over']}: 0"
    return f"{head}, {over} {t['over']} × {per} = {per * over}"


def computation(s: DealScore, *, lang: Lang = "de") -> str:
    """The deal's computation as players say it, German or English.

    >>> from skatliste.american.game import Deal, score
    >>> d = Deal(declarer="Ben", contract=Contract.WHIST, bid=20, tricks=4)
    >>> computation(score(d), lang="en")
    'Whist: 4 tricks, none over six: 0 < bid 20: set, −20; defenders 9 tricks, 3 over six × 5 = +15'
    """
    t = _words(lang)
    d = s.deal
    c = d.contract
    if c in TRICK_VALUE:
        assert d.tricks is not None
        per = TRICK_VALUE[c]
        as_slam = s.made or s.slam_counts == "score"
        text = f"{c.title}: {_tricks_value(d.tricks, per, c, lang, slam=as_slam)}"
        if not s.made:
            theirs = TRICKS - d.tricks
            head = _tricks(theirs, lang)
            over = over_six(theirs)
            won = f"{over} {t['over']} × {per} = +{s.defending}" if over else f"{t['none_over']}: 0"
            text += f" < {t['bid']} {d.bid}: {t['set']}, −{d.bid}; {t['defenders']} {head}, {won}"
        if s.slam_pair == "declaring":
            text += f"; {t['wins']}"
        elif s.slam_pair == "defending":
            text += f"; {t['they_win']}"
        return text
    if c is Contract.EUCHRE:
        assert d.tricks is not None
        how = t["alone"] if d.alone else t["partner"]
        text = f"Euchre {how}: {_tricks(d.tricks, lang)} = {s.value}"
        if s.made:
            return text
        lost = f"2 × {d.bid}" if d.alone else f"{d.bid} + {EUCHRE_SET_WITH_PARTNER}"
        return f"{text} < {t['bid']} {d.bid}: {t['set']}, {lost} = {signed(s.declaring)}"
    assert d.hearts is not None
    theirs = HEARTS - d.hearts
    tail = ""
    if s.defending:
        tail = f"; {t['defenders']} {_hearts(theirs, lang, taken=False)}: "
        tail += signed(s.defending)
    if s.made:
        return f"Hearts: {t['no_heart']} = {HEARTS_MADE}{tail}"
    taken = _hearts(d.hearts, lang, taken=True)
    return f"Hearts: {taken}: {t['set']}, {d.bid} + {d.hearts} = {signed(s.declaring)}{tail}"
