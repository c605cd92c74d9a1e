"""American Grand's table words: a deal from its words (English or German) and back.

>>> to_words(parse_words("euchre 20 allein stiche 5".split()).deal("Anna"))
'euchre 20 alone tricks 5'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from skatliste.american.bids import example, validate
from skatliste.american.deals import (
    EUCHRE_TRICKS,
    HEARTS,
    MAX_BID,
    PARTIE_TARGET,
    TRICKS,
    Contract,
    Deal,
)
from skatliste.american.options import SlamCounts
from skatliste.errors import InputError
from skatliste.i18n import Message, msg

MAX_DIGITS = 9
"""A number longer than this is no bid, tricks or hearts."""

CONTRACT_WORDS: dict[str, Contract] = {
    "whist": Contract.WHIST,
    "grand": Contract.GRAND,
    "euchre": Contract.EUCHRE,
    "juker": Contract.EUCHRE,
    "jucker": Contract.EUCHRE,
    "hearts": Contract.HEARTS,
    "herz": Contract.HEARTS,
}
"""The contract; after it the bid: ``whist 25``."""

NUMBER_WORDS: dict[str, str] = {
    "tricks": "tricks",
    "trick": "tricks",
    "stiche": "tricks",
    "stich": "tricks",
    "hearts": "hearts",
    "heart": "hearts",
    "herzen": "hearts",
    "herz": "hearts",
    "bid": "bid",
    "gereizt": "bid",
    "geboten": "bid",
    "gebot": "bid",
}
"""Words that take a number after them: ``tricks 11``, ``herzen 3``, ``gebot 25``."""

FLAG_WORDS: dict[str, str] = {
    "alone": "alone",
    "allein": "alone",
    "solo": "alone",
    "partner": "partner",
    "mitpartner": "partner",
}
"""Euchre: alone, or (the default) with the partner."""

PASS_WORDS = ("pass", "passed", "passe", "eingepasst")
"""The words of all passed on a Skat list: on an American Grand list they are refused with
``PASS_REFUSED``, so a player used to Skat's list never ends a partie by habit."""

PASS_REFUSED = msg(
    "no deal of American Grand is passed in: when the first three pass, the dealer must bid "
    "(at least 5), so every deal has a declarer; a partie is ended by hand with 'end' "
    "(German 'ende')"
)
"""Why ``pass`` is refused on an American Grand list (rules §A1: the dealer must bid)."""

VOCABULARY: tuple[str, ...] = tuple(sorted({*CONTRACT_WORDS, *NUMBER_WORDS, *FLAG_WORDS}))

_GLUED = re.compile(r"^([a-zäöü]+)(\d+)$")


@dataclass(frozen=True)
class ParsedDeal:
    """The words of one deal, understood (not yet validated)."""

    contract: Contract
    bid: int
    tricks: int | None = None
    alone: bool = False
    hearts: int | None = None

    def deal(
        self,
        declarer: str,
        *,
        note: str = "",
        time: str | None = None,
        slam_counts: SlamCounts = "score",
    ) -> Deal:
        """The deal as the declarer played it, validated under the list's ``slam.counts``."""
        deal = Deal(
            declarer=declarer,
            contract=self.contract,
            bid=self.bid,
            tricks=self.tricks,
            alone=self.alone,
            hearts=self.hearts,
            note=note,
            time=time,
        )
        validate(deal, slam_counts=slam_counts)
        return deal


def _tokens(words: Sequence[str]) -> list[str]:
    out: list[str] = []
    for raw in words:
        for tok in raw.replace(",", " ").split():
            tok = tok.lower()
            m = _GLUED.match(tok)
            if m and (m.group(1) in NUMBER_WORDS or m.group(1) in CONTRACT_WORDS):
                out.extend([m.group(1), m.group(2)])
            else:
                out.append(tok)
    return out


def _suggest(word: str) -> Message:
    import difflib  # only on the error path

    close = difflib.get_close_matches(word, VOCABULARY, n=1, cutoff=0.6)
    if close:
        return msg("; did you mean '{word}'?", word=close[0])
    return msg("; known words: whist, grand, euchre, hearts, tricks N, hearts N, alone")


_HOW: dict[str, Message] = {
    "bid": msg("the bid is a positive multiple of 5 (5, 10, 15, ...), written without a sign"),
    "tricks": msg(
        "tricks are 0 to {most} (0 to {euchre} in Euchre), the declaring pair's tricks, "
        "written without a sign",
        most=TRICKS,
        euchre=EUCHRE_TRICKS,
    ),
    "hearts": msg(
        "hearts are 0 to {most}, the hearts in the declaring pair's tricks, written without a sign",
        most=HEARTS,
    ),
}
"""What each number of a deal is, for a number written with a sign."""


def _signed(tok: str) -> bool:
    """``-5``, ``+25``, ``−1``: a number with a sign, which no number of a deal has."""
    return len(tok) > 1 and tok[0] in "+-−" and tok[1:].isdecimal()


def _whole(word: str, tok: str | None) -> int | None:
    """``tok`` as a whole number, None when it is none; one longer than any number of a deal
    (``words.MAX_DIGITS``) is refused."""
    if tok is None or not tok.isdecimal():
        return None
    if len(tok) > MAX_DIGITS:
        raise InputError(
            msg(
                "'{word} {digits}...': the number has more than {most} digits, far too many for "
                "a deal; bids go up to 100, tricks and hearts to 13, e.g. 'whist 25 tricks 11'",
                word=word,
                digits=tok[:12],
                most=MAX_DIGITS,
            )
        )
    return int(tok)


def _number_word(
    tok: str, nxt: str | None, bid: int | None, numbers: dict[str, int]
) -> tuple[str, int]:
    """``tricks 11``, ``hearts 3``, ``bid 25``: (what, the number), each given once."""
    kind = NUMBER_WORDS[tok]
    example = {"tricks": "tricks 11", "hearts": "hearts 3", "bid": "bid 25"}[kind]
    if nxt is not None and _signed(nxt):
        raise InputError(
            msg(
                "'{word} {next}': {how}, e.g. '{example}'",
                word=tok,
                next=nxt,
                how=_HOW[kind],
                example=example,
            )
        )
    n = _whole(tok, nxt)
    if n is None:
        got = f" {nxt}" if nxt is not None else ""
        raise InputError(
            msg(
                "'{word}{next}': '{word}' needs a number after it, e.g. '{example}'",
                word=tok,
                next=got,
                example=example,
            )
        )
    if kind == "bid" and bid is not None:
        raise InputError(
            msg("two bids given ({first} and {second}): a deal has one bid", first=bid, second=n)
        )
    if kind in numbers:  # said twice is refused, as every word of a deal (equal or not)
        raise InputError(
            msg(
                "'{word}' given twice ({first} and {second}): give it once",
                word=tok,
                first=numbers[kind],
                second=n,
            )
        )
    return kind, n


def _refuse_word(tok: str) -> NoReturn:
    """A word no deal has: Skat's all passed, a number standing alone, or an unknown word."""
    if tok in PASS_WORDS:
        raise InputError(PASS_REFUSED)
    if tok.startswith("="):  # Skat's value written on paper: a deal keeps none (yet)
        raise InputError(
            msg(
                "'=': an American Grand deal keeps no value written on paper (its points follow "
                "from the contract, the bid and the tricks): leave '= N' out"
            )
        )
    if _signed(tok):
        raise InputError(
            msg(
                "the number {n} stands alone: a bid, tricks and hearts are written without a "
                "sign after their word, e.g. 'whist 25 tricks 11' or 'hearts 40 hearts 3'",
                n=tok,
            )
        )
    if tok.isdecimal():
        shown = tok if len(tok) <= MAX_DIGITS else f"{tok[:12]}..."
        raise InputError(
            msg(
                "the number {n} stands alone: say what it is, e.g. 'whist {n}' (the bid), "
                "'tricks {n}' or 'hearts {n}'",
                n=shown,
            )
        )
    raise InputError(msg("unknown word '{word}'{hint}", word=tok, hint=_suggest(tok)))


def _add_flag(flags: set[str], tok: str) -> None:
    """``alone`` or ``partner``, said once."""
    if FLAG_WORDS[tok] in flags:
        raise InputError(msg("'{word}' given twice: say it once", word=tok))
    flags.add(FLAG_WORDS[tok])


def parse_words(words: Sequence[str]) -> ParsedDeal:
    """Understand one deal's words, English or German, in any order after the contract.

    The first contract word names the contract and the number after it is the bid; in a
    Hearts deal a later ``hearts N`` (``herzen N``) is the hearts the declaring pair took.

    >>> parse_words("whist 25 tricks 11".split())
    ParsedDeal(contract=<Contract.WHIST: 'whist'>, bid=25, tricks=11, alone=False, hearts=None)
    >>> parse_words("euchre 20 allein stiche 5".split()) == parse_words(
    ...     "euchre 20 alone tricks 5".split())
    True
    >>> parse_words("herz 40 herzen 3".split()).hearts
    3
    """
    toks = _tokens(words)
    contract: Contract | None = None
    bid: int | None = None
    numbers: dict[str, int] = {}
    flags: set[str] = set()
    i = 0
    while i < len(toks):
        tok = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if tok in CONTRACT_WORDS and contract is None:
            contract = CONTRACT_WORDS[tok]
            if nxt is not None and _signed(nxt):
                raise InputError(
                    msg(
                        "'{word} {next}': {how}, e.g. '{example}'",
                        word=tok,
                        next=nxt,
                        how=_HOW["bid"],
                        example=example(contract),
                    )
                )
            n = _whole(tok, nxt)
            if n is not None:
                bid = n
                i += 1
        elif tok in NUMBER_WORDS:
            kind, n = _number_word(tok, nxt, bid, numbers)
            if kind == "bid":
                bid = n
            else:
                numbers[kind] = n
            i += 1
        elif tok in CONTRACT_WORDS:
            assert contract is not None
            raise InputError(
                msg(
                    "two contracts named: '{first}' and '{second}'; a deal has one contract",
                    first=contract.value,
                    second=tok,
                )
            )
        elif tok in FLAG_WORDS:
            _add_flag(flags, tok)
        else:
            _refuse_word(tok)
        i += 1
    if contract is None:
        raise InputError(
            msg(
                "no contract named: say whist, grand, euchre or hearts and the bid, e.g. 'whist "
                "25 tricks 11'"
            )
        )
    if bid is None:
        raise InputError(
            msg("no bid: write it after the contract, e.g. '{example}'", example=example(contract))
        )
    if {"alone", "partner"} <= flags:
        raise InputError(msg("both 'alone' and 'partner' given: a Euchre is played one way"))
    return ParsedDeal(
        contract=contract,
        bid=bid,
        tricks=numbers.get("tricks"),
        alone="alone" in flags,
        hearts=numbers.get("hearts"),
    )


SAID: dict[str, dict[str, str]] = {
    "de": {
        Contract.WHIST.name: "whist",
        Contract.GRAND.name: "grand",
        Contract.EUCHRE.name: "jucker",
        Contract.HEARTS.name: "herz",
        "alone": "allein",
        "tricks": "stiche",
        "hearts": "herzen",
    },
}
"""The words of a deal as a German table says them (each one :func:`parse_words` reads);
English is the canonical words themselves. Table words are vocabulary, not sentences: they
are what is typed back, so they live with the grammar that reads them."""


def to_words(deal: Deal, lang: str = "en") -> str:
    """The deal's words as a table says them in ``lang`` (English, the canonical words, by
    default); :func:`parse_words` reads them back in either language.

    >>> deal = parse_words("euchre 20 allein stiche 5".split()).deal("Anna")
    >>> to_words(deal), to_words(deal, "de")
    ('euchre 20 alone tricks 5', 'jucker 20 allein stiche 5')
    >>> to_words(parse_words("herz 40 herzen 2".split()).deal("Ben"), "de")
    'herz 40 herzen 2'
    """
    said = SAID.get(lang, {})
    parts = [said.get(deal.contract.name, deal.contract.value), str(deal.bid)]
    if deal.alone:
        parts.append(said.get("alone", "alone"))
    if deal.tricks is not None:
        parts.append(f"{said.get('tricks', 'tricks')} {deal.tricks}")
    if deal.hearts is not None:
        parts.append(f"{said.get('hearts', 'hearts')} {deal.hearts}")
    return " ".join(parts)


def next_words(typed: Sequence[str]) -> list[str]:
    """What may follow a deal's words ``typed`` (folded), for shell completion: after its
    contract or ``gebot`` the bids (in fives, up to what the contract may bid), after
    ``stiche`` or ``herzen`` their counts, else every word of a deal.

    >>> next_words(["whist"])[:3], next_words(["whist", "25", "stiche"])[-1]
    (['5', '10', '15'], '13')
    >>> next_words(["jucker"])[-1], next_words(["jucker", "20", "stiche"])[-1]
    ('25', '5')
    >>> next_words(["herz", "40", "herz"])[:2]
    ['0', '1']
    >>> "allein" in next_words(["jucker", "25"])
    True
    """
    last = typed[-1] if typed else ""
    named = [CONTRACT_WORDS[w] for w in typed[:-1] if w in CONTRACT_WORDS]
    kind = "bid" if last in CONTRACT_WORDS and not named else NUMBER_WORDS.get(last)
    contract = named[0] if named else CONTRACT_WORDS.get(last)
    if kind == "bid":
        most = MAX_BID.get(contract, PARTIE_TARGET) if contract else PARTIE_TARGET
        return [str(n) for n in range(5, most + 1, 5)]
    if kind == "tricks":
        return [
            str(n) for n in range((EUCHRE_TRICKS if contract is Contract.EUCHRE else TRICKS) + 1)
        ]
    if kind == "hearts":
        return [str(n) for n in range(HEARTS + 1)]
    return [w for w in VOCABULARY if w.isalpha()]
