"""The table grammar: ``kreuz mit 2 hand augen 75`` → a declaration and an outcome.

Words in any order, any case, German or English; numbers may be glued on (``mit2``,
``gereizt36``). What players write on paper at the end, ``= 48``, is kept for checking.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from skatliste.errors import InputError
from skatliste.i18n import Message, msg
from skatliste.skat.games import Declaration, GameType, Outcome, PaperValue
from skatliste.skat.rules import REIZWERTE, check_bock, check_kontra_bid

GAME_WORDS: dict[str, GameType] = {
    "karo": GameType.DIAMONDS,
    "caro": GameType.DIAMONDS,
    "schellen": GameType.DIAMONDS,
    "diamonds": GameType.DIAMONDS,
    "diamond": GameType.DIAMONDS,
    "♦": GameType.DIAMONDS,
    "herz": GameType.HEARTS,
    "rot": GameType.HEARTS,
    "hearts": GameType.HEARTS,
    "heart": GameType.HEARTS,
    "♥": GameType.HEARTS,
    "pik": GameType.SPADES,
    "grün": GameType.SPADES,
    "gruen": GameType.SPADES,
    "laub": GameType.SPADES,
    "spades": GameType.SPADES,
    "spade": GameType.SPADES,
    "♠": GameType.SPADES,
    "kreuz": GameType.CLUBS,
    "eichel": GameType.CLUBS,
    "clubs": GameType.CLUBS,
    "club": GameType.CLUBS,
    "♣": GameType.CLUBS,
    "grand": GameType.GRAND,
    "null": GameType.NULL,
    "nullo": GameType.NULL,
}

# words that take a number after them
NUMBER_WORDS: dict[str, str] = {
    "mit": "mit",
    "with": "mit",
    "ohne": "ohne",
    "without": "ohne",
    "gereizt": "bid",
    "bid": "bid",
    "reizwert": "bid",
    "augen": "augen",
    "points": "augen",
    "pts": "augen",
}

FLAG_WORDS: dict[str, str] = {
    "hand": "hand",
    "ouvert": "ouvert",
    "open": "ouvert",
    "offen": "ouvert",
    "schneider": "schneider",
    "schwarz": "schwarz",
    "gewonnen": "won",
    "won": "won",
    "gew": "won",
    "verloren": "lost",
    "lost": "lost",
    "verl": "lost",
    "kontra": "kontra",
    "contra": "kontra",
    "re": "re",
    "bock": "bock",
    "doppelbock": "doppelbock",
    "angesagt": "announced",
    "announced": "announced",
}

VOCABULARY: tuple[str, ...] = tuple(sorted({*GAME_WORDS, *NUMBER_WORDS, *FLAG_WORDS}))

PASS_WORDS: tuple[str, ...] = ("eingepasst", "pass", "passed")
"""A line of one of these words is an all-passed game."""

RAMSCH_WORDS: tuple[str, ...] = ("ramsch", "jungfrau", "durchmarsch", "geschoben", "pushed", "skat")
"""The words of a Ramsch line: ``ramsch anna=45 ben=40 carl=35 jungfrau ben skat 10``."""

TABLE_WORDS: frozenset[str] = frozenset({*VOCABULARY, *PASS_WORDS, *RAMSCH_WORDS})
"""Every word the grammar reads: none of them can be a player's name."""

GERMAN_WORDS: frozenset[str] = frozenset(
    "karo caro schellen herz rot pik grün gruen laub kreuz eichel grand null nullo mit ohne "
    "gereizt reizwert augen hand ouvert offen schneider schwarz gewonnen gew verloren verl "
    "kontra re bock doppelbock angesagt".split()
)
"""The words of a German table: a typo is matched against these first."""

MAX_DIGITS = 9
"""A number longer than this is no count, bid or Augen at a Skat table."""

_GLUED = re.compile(r"^([a-zäöü]+)(\d+)$")
_PAPER = re.compile(r"^=?([+\-−]?)(\d+)$")


@dataclass(frozen=True)
class ParsedGame:
    """The words of one game, understood."""

    declaration: Declaration
    outcome: Outcome
    paper: PaperValue | None = None
    kontra_bid: int | None = None
    """'kontra 20': the bid of the defender who said Kontra (rule kontra=after18)."""


def suggest(word: str) -> Message:
    """' — did you mean X?' for a word close to a known one, else a pointer to the list."""
    import difflib  # only on the error path

    german = sorted(GERMAN_WORDS)
    close = difflib.get_close_matches(word, german, n=1, cutoff=0.7) or (
        difflib.get_close_matches(word, VOCABULARY, n=1, cutoff=0.6)
    )
    if close:
        return msg("; did you mean '{word}'?", word=close[0])
    return msg("; known words: karo herz pik kreuz grand null, mit N, ohne N, hand, ouvert, ...")


def _tokens(words: list[str] | tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for raw in words:
        for tok in raw.replace(",", " ").split():
            tok = tok.lower()
            if tok.startswith("=") and len(tok) > 1:
                out.extend(["=", tok[1:]])
                continue
            m = _GLUED.match(tok)
            if m and m.group(1) in NUMBER_WORDS:
                out.extend([m.group(1), m.group(2)])
                continue
            if "-" in tok and all(p in FLAG_WORDS for p in tok.split("-")):
                out.extend(tok.split("-"))  # schneider-angesagt
                continue
            out.append(tok)
    return out


def whole_number(text: str, what: str) -> int | None:
    """``text`` as a whole number of decimal digits, None when it is no number at all.

    Digits of any script count (``٧٥`` is 75); a sign, a decimal point or a superscript is
    no whole number. A number too long to be a count at a Skat table is refused.

    >>> whole_number("75", "augen 75"), whole_number("²", "x"), whole_number("7.5", "x")
    (75, None, None)
    """
    if not text.isdecimal():
        return None
    if len(text) > MAX_DIGITS:
        raise InputError(
            msg(
                "'{word}': the number {digits}... is far too large for a Skat game",
                word=what,
                digits=text[:12],
            )
        )
    return int(text)


def _number(word: str, toks: list[str], i: int, example: str) -> int:
    if i >= len(toks):
        raise InputError(
            msg("'{word}' needs a number after it, e.g. '{example}'", word=word, example=example)
        )
    n = whole_number(toks[i], f"{word} {toks[i]}")
    if n is None:
        raise InputError(
            msg(
                "'{word} {next}': '{word}' needs a number after it, e.g. '{example}'",
                word=word,
                next=toks[i],
                example=example,
            )
        )
    return n


def _paper(rest: list[str]) -> PaperValue:
    """``= 48`` / ``= -96``: the rest of the line after '='."""
    m = _PAPER.match(rest[0]) if len(rest) == 1 else None
    if m is None:
        raise InputError(
            msg("'=' ends the line with the value written on paper, e.g. '= 48' or '= -96'")
        )
    sign = m.group(1)
    value = whole_number(m.group(2), f"= {rest[0]}")
    assert value is not None  # _PAPER matched decimal digits only
    return PaperValue(-value if sign in "-−" and sign else value, bool(sign))


_EXAMPLES = {"mit": "mit 2", "ohne": "ohne 1", "bid": "gereizt 36", "augen": "augen 75"}


class _Reader:
    """The state of reading one game's words, token by token."""

    def __init__(self, toks: list[str]) -> None:
        self.toks = toks
        self.i = 0
        self.game: GameType | None = None
        self.spitzen: int | None = None
        self.mit = True
        self.flags: dict[str, bool] = {}
        self.bid: int | None = None
        self.augen: int | None = None
        self.bock = 0
        self.result: str | None = None
        self.paper: PaperValue | None = None
        self.kontra_bid: int | None = None

    def peek(self) -> str:
        """The token after the current one, or ''."""
        return self.toks[self.i + 1] if self.i + 1 < len(self.toks) else ""

    def read(self) -> None:
        """Every token, in order."""
        while self.i < len(self.toks):
            tok = self.toks[self.i]
            if tok == "=":
                self.paper = _paper(self.toks[self.i + 1 :])
                break
            if tok in GAME_WORDS:
                self.game_word(GAME_WORDS[tok])
            elif tok in NUMBER_WORDS:
                self.number_word(tok, NUMBER_WORDS[tok])
            elif tok in FLAG_WORDS:
                self.flag_word(tok, FLAG_WORDS[tok])
            elif tok.lstrip("+-−").isdigit():
                raise InputError(
                    msg(
                        "the number {n} stands alone: say what it is, e.g. 'mit {n}', 'gereizt "
                        "{n}', "
                        "'augen {n}', or '= {n}' for the value on paper",
                        n=tok,
                    )
                )
            else:
                raise InputError(msg("unknown word '{word}'{hint}", word=tok, hint=suggest(tok)))
            self.i += 1

    def game_word(self, new: GameType) -> None:
        if self.game is not None and new is not self.game:
            raise InputError(
                msg(
                    "two games named: '{first}' and '{second}'; a game has one type",
                    first=self.game.german,
                    second=new.german,
                )
            )
        self.game = new

    def number_word(self, tok: str, kind: str) -> None:
        self.i += 1
        n = _number(tok, self.toks, self.i, _EXAMPLES[kind])
        if kind in ("mit", "ohne"):
            if self.spitzen is not None:
                raise InputError(
                    msg(
                        "Spitzen given twice ('{word} {n}'): write either 'mit N' or 'ohne N' once",
                        word=tok,
                        n=n,
                    )
                )
            self.spitzen, self.mit = n, kind == "mit"
        elif kind == "bid":
            if self.bid is not None:
                raise InputError(
                    msg(
                        "the bid is given twice ('gereizt {bid}' and '{word} {n}'): write "
                        "'gereizt N' "
                        "once",
                        bid=self.bid,
                        word=tok,
                        n=n,
                    )
                )
            self.bid = n
        else:
            if self.augen is not None:
                raise InputError(
                    msg(
                        "the Augen are given twice ('augen {augen}' and '{word} {n}'): write "
                        "'augen N' "
                        "once",
                        augen=self.augen,
                        word=tok,
                        n=n,
                    )
                )
            self.augen = n

    def flag_word(self, tok: str, flag: str) -> None:
        """A word that says something of the game (hand, schneider angesagt, verloren,
        kontra, bock). Each is said once: a word given twice is refused, whichever it is,
        except Bock, which counts as often as it is said (Bock in a Bock round)."""
        if flag == "announced":
            raise InputError(
                msg(
                    "'{word}' follows what was announced: 'schneider {word}' or 'schwarz {word}'",
                    word=tok,
                )
            )
        if flag in ("bock", "doppelbock"):
            self.bock += 1 if flag == "bock" else 2
            return
        if flag == "kontra" and self.peek().isdecimal():
            self.kontra_said(tok, self.peek())
            return
        key = flag
        if flag in ("schneider", "schwarz") and FLAG_WORDS.get(self.peek()) == "announced":
            key = f"{flag}_announced"
            self.i += 1
        if self.flags.get(key) or (flag in ("won", "lost") and self.result == flag):
            raise InputError(
                msg(
                    "'{word}' given twice: say '{flag}' once (only Bock counts twice)",
                    word=tok,
                    flag=flag,
                )
            )
        if flag in ("won", "lost"):
            if self.result is not None:
                raise InputError(msg("both 'gewonnen' and 'verloren' given: write one of them"))
            self.result = flag
        else:
            self.flags[key] = True

    def kontra_said(self, tok: str, text: str) -> None:
        """'kontra 20': the Kontra-sayer's bid (rule kontra=after18)."""
        said = whole_number(text, f"kontra {text}")
        assert said is not None  # isdecimal() before
        check_kontra_bid(said)
        if self.kontra_bid is not None and self.kontra_bid != said:
            raise InputError(
                msg(
                    "the Kontra-sayer's bid is given twice ('kontra {bid}' and 'kontra {said}'): "
                    "write it once",
                    bid=self.kontra_bid,
                    said=said,
                )
            )
        if self.flags.get("kontra"):
            raise InputError(msg("'{word}' given twice: say 'kontra' once", word=tok))
        self.flags["kontra"] = True
        self.kontra_bid = said
        self.i += 1

    def parsed(self) -> ParsedGame:
        """The game read."""
        check_bock(self.bock)
        if self.game is None:
            raise InputError(
                msg(
                    "no game named: say karo, herz, pik, kreuz, grand or null (diamonds, hearts, "
                    "spades, clubs)"
                )
            )
        flags = self.flags
        declaration = Declaration(
            game=self.game,
            spitzen=self.spitzen,
            mit=self.mit,
            hand=flags.get("hand", False),
            ouvert=flags.get("ouvert", False),
            schneider_announced=flags.get("schneider_announced", False),
            schwarz_announced=flags.get("schwarz_announced", False),
        )
        outcome = Outcome(
            won=None if self.result is None else self.result == "won",
            augen=self.augen,
            schneider=flags.get("schneider", False),
            schwarz=flags.get("schwarz", False),
            bid=self.bid,
            kontra=flags.get("kontra", False),
            re=flags.get("re", False),
            bock=self.bock,
        )
        return ParsedGame(declaration, outcome, self.paper, self.kontra_bid)


def parse_words(words: list[str] | tuple[str, ...]) -> ParsedGame:
    """Understand the words of one game.

    >>> p = parse_words(["Kreuz", "mit", "2", "Hand", "augen", "75"])
    >>> p.declaration.game.value, p.declaration.spitzen, p.declaration.hand, p.outcome.augen
    ('clubs', 2, True, 75)
    >>> parse_words("pik ohne3 hand schneider angesagt".split()).declaration.schneider_announced
    True
    """
    reader = _Reader(_tokens(words))
    reader.read()
    return reader.parsed()


def declaration_words(declaration: Declaration) -> list[str]:
    """The canonical German words of a declaration (``kreuz mit 2 hand``)."""
    d = declaration
    parts = [d.game.german.lower()]
    if d.spitzen is not None:
        parts.append(f"{'mit' if d.mit else 'ohne'} {d.spitzen}")
    if d.hand:
        parts.append("hand")
    if d.ouvert:
        parts.append("ouvert")
    if d.schwarz_announced:
        parts.append("schwarz angesagt")
    elif d.schneider_announced:
        parts.append("schneider angesagt")
    return parts


def outcome_words(outcome: Outcome) -> list[str]:
    """The canonical German words of an outcome (``augen 75 gereizt 36 kontra``)."""
    o = outcome
    parts = [word for word, on in (("schneider", o.schneider), ("schwarz", o.schwarz)) if on]
    if o.augen is not None:
        parts.append(f"augen {o.augen}")
    if o.won is not None:
        parts.append("gewonnen" if o.won else "verloren")
    if o.bid is not None:
        parts.append(f"gereizt {o.bid}")
    parts += [word for word, on in (("kontra", o.kontra), ("re", o.re)) if on]
    return parts + ["bock"] * o.bock


def to_words(declaration: Declaration, outcome: Outcome) -> str:
    """The canonical German words of a game; ``parse_words`` reads them back to the same game.

    >>> p = parse_words("grand ohne 1 schneider".split())
    >>> to_words(p.declaration, p.outcome)
    'grand ohne 1 schneider'
    """
    return " ".join(declaration_words(declaration) + outcome_words(outcome))


SPITZEN_MOST = {GameType.GRAND: 4}
"""The most Spitzen a game can have (rules §3): 4 Buben in a Grand, 11 trumps in a suit game."""


def next_words(words: Sequence[str]) -> list[str]:
    """What may follow the table words ``words`` (folded), for shell completion: after a word
    that takes a number its numbers (Spitzen counts, up to what the game named has; the
    Reizwerte after ``gereizt``; none offered for Augen), else every word.

    >>> next_words(["grand", "mit"])
    ['1', '2', '3', '4']
    >>> next_words(["gereizt"])[:3]
    ['18', '20', '22']
    >>> next_words(["augen"])
    []
    """
    if not words or words[-1] not in NUMBER_WORDS:
        return [w for w in VOCABULARY if w.isalpha()]
    kind = NUMBER_WORDS[words[-1]]
    if kind in ("mit", "ohne"):
        games = {GAME_WORDS[w] for w in words if w in GAME_WORDS}
        most = min((SPITZEN_MOST.get(g, 11) for g in games), default=11)
        return [str(n) for n in range(1, most + 1)]
    if kind == "bid":
        return [str(n) for n in REIZWERTE]
    return []  # augen: any number from 0 to 120
