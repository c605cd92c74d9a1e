"""Cards, trumps and tricks (rules §1-§2): settle "mit or ohne?", "who won that trick?" and
"how many Augen?" from the cards themselves.

Two notations, mixed freely: English codes (``CJ SJ HA DT H10 S7``) and German with suit
symbols or names (``♣B ♠B ♥A ♦10``, ``Kreuz-Bube``, ``Herz-Ass``, ``Karo Zehn``).

>>> [str(c) for c in parse_cards(["CJ", "♠B", "Herz-Ass", "Karo", "Zehn"])]
['CJ', 'SJ', 'HA', 'DT']
>>> augen(parse_cards("HA HT HK".split()))
25
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from skatliste.errors import InputError, InvalidGameError, OptionError
from skatliste.i18n import Lang, msg, nmsg
from skatliste.skat.games import GameType


class Suit(Enum):
    """The four suits, highest first (rules §1)."""

    CLUBS = "C"
    """Kreuz (♣)."""
    SPADES = "S"
    """Pik (♠)."""
    HEARTS = "H"
    """Herz (♥)."""
    DIAMONDS = "D"
    """Karo (♦)."""


class Rank(Enum):
    """The eight ranks, as a suit game's side suits order them (A, 10, K, D, 9, 8, 7; B apart)."""

    ACE = "A"
    """Ass: 11 Augen."""
    TEN = "T"
    """Zehn: 10 Augen."""
    KING = "K"
    """König: 4 Augen."""
    QUEEN = "Q"
    """Dame: 3 Augen."""
    JACK = "J"
    """Bube: 2 Augen, a trump in suit games and Grand."""
    NINE = "9"
    """Neun: no Augen."""
    EIGHT = "8"
    """Acht: no Augen."""
    SEVEN = "7"
    """Sieben: no Augen."""


class CardKind(Enum):
    """What a card counts as when following suit (rules §2): trump, or a side suit."""

    TRUMP = "trump"
    """A trump: the Buben, and in a suit game the trump suit (none in a Null)."""
    CLUBS = "C"
    """A Kreuz card that is no trump."""
    SPADES = "S"
    """A Pik card that is no trump."""
    HEARTS = "H"
    """A Herz card that is no trump."""
    DIAMONDS = "D"
    """A Karo card that is no trump."""


AUGEN: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}

SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
RANK_GERMAN_SHORT = {
    Rank.ACE: "A",
    Rank.TEN: "10",
    Rank.KING: "K",
    Rank.QUEEN: "D",
    Rank.JACK: "B",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}

SUIT_OF_GAME = {
    GameType.CLUBS: Suit.CLUBS,
    GameType.SPADES: Suit.SPADES,
    GameType.HEARTS: Suit.HEARTS,
    GameType.DIAMONDS: Suit.DIAMONDS,
}

# order within a suit, highest first
SUIT_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
NULL_ORDER = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)  # rules §2: in Null the Zehn ranks between Bube and Neun
JACK_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True, order=False)
class Card:
    """One of the 32 cards."""

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return self.suit.value + self.rank.value

    def german(self) -> str:
        """``♣B``, ``♥10``."""
        return SUIT_SYMBOL[self.suit] + RANK_GERMAN_SHORT[self.rank]

    def show(self, lang: Lang = "de") -> str:
        """The card in the user's language."""
        return self.german() if lang == "de" else str(self)


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in (*SUIT_ORDER, Rank.JACK))

# --- parsing --------------------------------------------------------------------------------

_SUIT_WORDS: dict[str, Suit] = {
    "c": Suit.CLUBS,
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "kreuz": Suit.CLUBS,
    "pik": Suit.SPADES,
    "herz": Suit.HEARTS,
    "karo": Suit.DIAMONDS,
    "clubs": Suit.CLUBS,
    "spades": Suit.SPADES,
    "hearts": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS,
}
_RANK_WORDS: dict[str, Rank] = {
    "a": Rank.ACE,
    "t": Rank.TEN,
    "10": Rank.TEN,
    "k": Rank.KING,
    "q": Rank.QUEEN,
    "d": Rank.QUEEN,
    "j": Rank.JACK,
    "b": Rank.JACK,
    "9": Rank.NINE,
    "8": Rank.EIGHT,
    "7": Rank.SEVEN,
    "ass": Rank.ACE,
    "as": Rank.ACE,
    "zehn": Rank.TEN,
    "könig": Rank.KING,
    "koenig": Rank.KING,
    "dame": Rank.QUEEN,
    "bube": Rank.JACK,
    "neun": Rank.NINE,
    "acht": Rank.EIGHT,
    "sieben": Rank.SEVEN,
    "ace": Rank.ACE,
    "ten": Rank.TEN,
    "king": Rank.KING,
    "queen": Rank.QUEEN,
    "jack": Rank.JACK,
    "nine": Rank.NINE,
    "eight": Rank.EIGHT,
    "seven": Rank.SEVEN,
}
_SHORT = re.compile(r"^([cshd♣♠♥♦♧♤♡♢])(10|[atkqdjb987])$")
NOTATION = msg(
    "write cards as CJ SJ HA DT H10 S7 (suit C S H D, rank A T/10 K Q J 9 8 7) or "
    "♣B ♠B ♥A ♦10, Kreuz-Bube, Herz-Ass, Karo Zehn"
)


def parse_cards(tokens: Iterable[str]) -> list[Card]:
    """Cards from tokens in either notation; a suit name and a rank name may be two tokens."""
    words: list[str] = []
    for tok in tokens:
        words.extend(w for w in re.split(r"[\s,;]+", tok.strip()) if w)
    cards: list[Card] = []
    i = 0
    while i < len(words):
        raw = words[i]
        low = raw.lower()
        m = _SHORT.match(low)
        if m:
            cards.append(Card(_SUIT_WORDS[m.group(1)], _RANK_WORDS[m.group(2)]))
            i += 1
            continue
        suit_word, sep, rank_word = low.partition("-")
        if sep and suit_word in _SUIT_WORDS and rank_word in _RANK_WORDS:
            cards.append(Card(_SUIT_WORDS[suit_word], _RANK_WORDS[rank_word]))
            i += 1
            continue
        if low in _SUIT_WORDS and i + 1 < len(words) and words[i + 1].lower() in _RANK_WORDS:
            cards.append(Card(_SUIT_WORDS[low], _RANK_WORDS[words[i + 1].lower()]))
            i += 2
            continue
        raise InputError(msg("'{word}' is not a card: {notation}", word=raw, notation=NOTATION))
    return cards


def parse_card(token: str) -> Card:
    """Exactly one card."""
    cards = parse_cards([token])
    if len(cards) != 1:
        raise InputError(msg("'{word}' is not one card: {notation}", word=token, notation=NOTATION))
    return cards[0]


def no_duplicates(cards: Sequence[Card], lang: Lang = "de") -> None:
    """Refuse a card named twice."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise InputError(
                msg("{card} is named twice: a deck has each card once", card=c.show(lang))
            )
        seen.add(c)


def augen(cards: Iterable[Card]) -> int:
    """The Augen of a pile."""
    return sum(AUGEN[c.rank] for c in cards)


# --- trumps and trick order (§2) -------------------------------------------------------


def trumps(game: GameType) -> tuple[Card, ...]:
    """The trumps of a game, highest first (none in a Null)."""
    if game is GameType.NULL:
        return ()
    jacks = tuple(Card(s, Rank.JACK) for s in JACK_ORDER)
    if game is GameType.GRAND:
        return jacks
    suit = SUIT_OF_GAME[game]
    return jacks + tuple(Card(suit, r) for r in SUIT_ORDER)


def is_trump(card: Card, game: GameType) -> bool:
    """In suit games the Buben and the trump suit; in Grand the Buben; in Null nothing."""
    if game is GameType.NULL:
        return False
    if card.rank is Rank.JACK:
        return True
    return game.is_suit and card.suit is SUIT_OF_GAME[game]


def kind(card: Card, game: GameType) -> CardKind:
    """What a card counts as when following: a trump or its suit (a Bube is no suit card in a
    suit game or Grand; in Null it is).

    >>> kind(parse_card("HJ"), GameType.CLUBS), kind(parse_card("HJ"), GameType.NULL)
    (<CardKind.TRUMP: 'trump'>, <CardKind.HEARTS: 'H'>)
    """
    return CardKind.TRUMP if is_trump(card, game) else CardKind(card.suit.value)


def _strength(card: Card, game: GameType) -> int:
    """Higher is stronger, within its kind."""
    if is_trump(card, game):
        order = trumps(game)
        return 100 - order.index(card)
    ranks = NULL_ORDER if game is GameType.NULL else SUIT_ORDER
    return 50 - ranks.index(card.rank)


def trick_winner(cards: Sequence[Card], game: GameType) -> int:
    """Index of the card that wins the trick: the highest trump, else the highest card of the
    led kind (rules §2)."""
    if not cards:
        raise InputError(msg("a trick needs cards"))
    best = 0
    for i, card in enumerate(cards[1:], start=1):
        top = cards[best]
        if is_trump(card, game) and not is_trump(top, game):
            best = i
        elif kind(card, game) == kind(top, game) and _strength(card, game) > _strength(top, game):
            best = i  # the best card so far is always a trump or of the led kind
    return best


def trick_seats(players: Sequence[str], cards: int, *, lead: str | None = None) -> list[str]:
    """Who played each card of a trick: the players clockwise from the one who led.

    Every player plays one card to a trick, so a trick has no more cards than players.

    >>> trick_seats(["Anna", "Ben", "Carl"], 3, lead="ben")
    ['Ben', 'Carl', 'Anna']
    >>> trick_seats(["Anna", "Ben"], 3, lead="Ben")
    Traceback (most recent call last):
    ...
    skatliste.errors.OptionError: 3 cards but 2 players (Anna, Ben): each player plays one card ...
    """
    seats = [p.strip() for p in players if p.strip()]
    if len({p.casefold() for p in seats}) != len(seats):
        raise OptionError("players", msg("a player sits at the table once"), value=",".join(seats))
    if cards > len(seats):
        raise OptionError(
            "players",
            nmsg(
                "{cards} cards but {count} player ({players}): each player plays one card to a "
                "trick; give every player clockwise, e.g. Anna,Ben,Carl",
                "{cards} cards but {count} players ({players}): each player plays one card to a "
                "trick; give every player clockwise, e.g. Anna,Ben,Carl",
                len(seats),
                cards=cards,
                players=", ".join(seats),
            ),
        )
    first = 0
    if lead is not None:
        hits = [i for i, p in enumerate(seats) if p.casefold() == lead.casefold()]
        if not hits:
            raise OptionError(
                "lead", msg("not one of {players}", players=", ".join(seats)), value=lead
            )
        first = hits[0]
    return [seats[(first + i) % len(seats)] for i in range(cards)]


def legal_plays(hand: Sequence[Card], trick: Sequence[Card], game: GameType) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick``: follow the led kind if you can."""
    if not trick:
        return list(hand)
    led = kind(trick[0], game)
    following = [c for c in hand if kind(c, game) == led]
    return following or list(hand)


# --- Spitzen (§3) -------------------------------------------------------------------------


@dataclass(frozen=True)
class SpitzenCount:
    """mit/ohne N, and the trumps that make the run."""

    mit: bool
    count: int
    run: tuple[Card, ...]
    """With: the trumps held from the top; without: the trumps missing above the highest held."""

    def words(self, lang: Lang = "de") -> str:
        """``mit 2`` / ``without 3``."""
        said = (
            msg("with {count}", count=self.count)
            if self.mit
            else msg("without {count}", count=self.count)
        )
        return said.render(lang)


def spitzen(cards: Sequence[Card], game: GameType) -> SpitzenCount:
    """Spitzen of the declarer's cards, Skat included (rules §3): the unbroken run from the
    Kreuz-Bube held ("mit") or missing ("ohne").

    >>> spitzen(parse_cards("CJ SJ DJ HA".split()), GameType.HEARTS).words()
    'mit 2'
    >>> spitzen(parse_cards("HJ HA".split()), GameType.GRAND).words()
    'ohne 2'
    """
    if game is GameType.NULL:
        raise InvalidGameError(
            msg("a Null has no Spitzen: they count only in suit games and Grand")
        )
    order = trumps(game)
    held = set(cards)
    mit = order[0] in held
    run: list[Card] = []
    for card in order:
        if (card in held) != mit:
            break
        run.append(card)
    return SpitzenCount(mit, len(run), tuple(run))
