"""What a Skat list holds: the table (players, first dealer, rules) and its entries (a game,
all passed, a Ramsch), with the words that enter each again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from skatliste.errors import InputError
from skatliste.i18n import Lang, msg
from skatliste.players import find_player, joined_names
from skatliste.skat.games import Declaration, Outcome, PaperValue
from skatliste.skat.rules import check_pushes
from skatliste.skat.rulesets import RuleSet
from skatliste.skat.words import to_words, whole_number


@dataclass(frozen=True, kw_only=True)
class GameEntry:
    """A game as entered: who declared, what, how it went."""

    declarer: str
    declaration: Declaration
    outcome: Outcome
    paper: PaperValue | None = None
    """The value as written on a paper list, if the user gave one (``= 48``)."""
    kontra_bid: int | None = None
    """With rule kontra=after18: the bid of the defender who said Kontra."""
    bock_called: bool = False
    """The table called a Bock round after this game (``skatliste bock``)."""
    inserted: bool = False
    """A forgotten game entered later between games played (``skatliste insert``): it takes
    the rounds where it goes in, and counts in none (docs/rules.md §8)."""
    note: str = ""
    time: str | None = None


@dataclass(frozen=True, kw_only=True)
class PassedEntry:
    """Eingepasst: all passed; a valid game that scores 0 and moves the deal on."""

    bock_called: bool = False
    inserted: bool = False
    note: str = ""
    time: str | None = None


@dataclass(frozen=True, kw_only=True)
class RamschEntry:
    """A Ramsch (house rule, §8; Offizierskat §9): every player's Augen and the doublings."""

    augen: tuple[tuple[str, int], ...]
    skat: int | None = None
    """The Skat's Augen, given apart with rule ramsch.skat=loser."""
    jungfrau: tuple[str, ...] = ()
    durchmarsch: str | None = None
    pushes: int = 0
    """Schieberamsch: how often the Skat was pushed on (each ×2)."""
    bock_called: bool = False
    inserted: bool = False
    note: str = ""
    time: str | None = None


Entry = GameEntry | PassedEntry | RamschEntry


@dataclass(frozen=True)
class Table:
    """The fixed facts of one list: the players in seat order, the first dealer, the rules."""

    players: tuple[str, ...]
    first_dealer: str
    rules: RuleSet

    def find(self, name: str) -> str:
        """A player of this table by name or an unambiguous beginning."""
        return find_player(self.players, name)

    @property
    def size(self) -> int:
        """Players at the table (2, 3 or 4)."""
        return len(self.players)

    def dealer(self, index: int) -> str:
        """The dealer of game ``index`` (0-based): the deal passes clockwise (rules §1)."""
        start = self.players.index(self.first_dealer)
        return self.players[(start + index) % self.size]

    def active(self, index: int) -> tuple[str, ...]:
        """Who plays game ``index``: at a table of four the dealer sits out."""
        if self.size == 4:
            dealer = self.dealer(index)
            return tuple(p for p in self.players if p != dealer)
        return self.players

    @property
    def series(self) -> int | None:
        """Games in a series (tournament), or None."""
        return self.rules.series_length(self.size)


@dataclass
class _RamschWords:
    """What the words of one Ramsch said so far."""

    table: Table
    augen: dict[str, int] = field(default_factory=dict)
    jungfrau: list[str] = field(default_factory=list)
    durchmarsch: str | None = None
    pushes: int | None = None
    skat: int | None = None

    def player_augen(self, tok: str) -> None:
        """``anna=45``."""
        name, _, value = tok.partition("=")
        player = self.table.find(name)
        number = whole_number(value, tok)
        if number is None:
            raise InputError(
                msg("'{word}': write each player's Augen as NAME=N, e.g. anna=45", word=tok)
            )
        if player in self.augen:
            raise InputError(msg("{name}'s Augen are given twice", name=player))
        self.augen[player] = number

    def keyword(self, tok: str, arg: str) -> None:
        """``jungfrau NAME``, ``durchmarsch NAME``, ``geschoben N``, ``skat N``."""
        low = tok.lower()
        if low == "jungfrau":
            self.jungfrau.append(self.table.find(arg))
            return
        if low == "durchmarsch":
            if self.durchmarsch is not None:
                raise InputError(msg("a Ramsch has one Durchmarsch: write 'durchmarsch NAME' once"))
            self.durchmarsch = self.table.find(arg)
            return
        number = whole_number(arg, f"{tok} {arg}")
        if number is None:
            raise InputError(
                msg("'{word} {arg}': '{word}' needs a number, e.g. '{word} 1'", word=tok, arg=arg)
            )
        if low == "skat":
            if self.skat is not None:
                raise InputError(msg("the Skat's Augen are given twice: write 'skat N' once"))
            self.skat = number
            return
        if self.pushes is not None:
            raise InputError(msg("the pushes are given twice: write 'geschoben N' once"))
        check_pushes(number)
        self.pushes = number


RAMSCH_KEYWORDS = ("jungfrau", "durchmarsch", "geschoben", "pushed", "skat")


def parse_ramsch(
    table: Table, words: Sequence[str], *, note: str = "", time: str | None = None
) -> RamschEntry:
    """A Ramsch from its words: ``anna=45 ben=40 carl=35 [jungfrau ben] [durchmarsch anna]
    [geschoben 2] [skat 10]``; ``ramsch_words`` writes them back.

    >>> from skatliste.skat.rulesets import build_rule_set
    >>> t = Table(("Anna", "Ben", "Carl"), "Anna", build_rule_set("pub"))
    >>> ramsch_words(parse_ramsch(t, ["anna=45", "ben=0", "carl=75", "jungfrau", "b"]))
    'ramsch Anna=45 Ben=0 Carl=75 jungfrau Ben'
    """
    said = _RamschWords(table)
    toks = joined_names(table.players, [w.replace(",", " ") for w in words])
    i = 0
    while i < len(toks):
        tok = toks[i]
        if "=" in tok:
            said.player_augen(tok)
        elif tok.lower() in RAMSCH_KEYWORDS:
            if i + 1 >= len(toks):
                raise InputError(
                    msg("'{word}' needs a name or number after it, e.g. 'jungfrau ben'", word=tok)
                )
            i += 1
            said.keyword(tok, toks[i])
        else:
            raise InputError(
                msg(
                    "'{word}' in a Ramsch: write NAME=AUGEN for each player, then optionally "
                    "'jungfrau NAME', 'durchmarsch NAME', 'geschoben N', 'skat N'",
                    word=tok,
                )
            )
        i += 1
    if not said.augen:
        raise InputError(msg("give each player's Augen, e.g. 'anna=45 ben=40 carl=35'"))
    return RamschEntry(
        augen=tuple(said.augen.items()),
        skat=said.skat,
        jungfrau=tuple(said.jungfrau),
        durchmarsch=said.durchmarsch,
        pushes=said.pushes or 0,
        note=note,
        time=time,
    )


def ramsch_words(entry: RamschEntry) -> str:
    """The words that enter this Ramsch again (``parse_ramsch`` reads them)."""
    words = ["ramsch", *(f"{n}={a}" for n, a in entry.augen)]
    words += [f"jungfrau {n}" for n in entry.jungfrau]
    if entry.durchmarsch:
        words.append(f"durchmarsch {entry.durchmarsch}")
    if entry.pushes:
        words.append(f"geschoben {entry.pushes}")
    if entry.skat is not None:
        words.append(f"skat {entry.skat}")
    return " ".join(words)


def entry_words(entry: Entry, lang: Lang = "de") -> str:
    """An entry as the words that would enter it again (``anna kreuz mit 2 hand``)."""
    if isinstance(entry, GameEntry):
        return f"{entry.declarer} {to_words(entry.declaration, entry.outcome)}"
    if isinstance(entry, RamschEntry):
        return ramsch_words(entry)
    return msg("all passed").render(lang)
