"""The score sheet, derived: dealers, rounds, values, Bock and Ramsch rounds, running totals,
Seeger-Fabian, checks.

Nothing here is stored. The ledger keeps what happened at the table (``entries``); every
number on the sheet is recomputed from it on each read, so a corrected rule corrects history.
"""

from __future__ import annotations

import copy
import functools
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from skatliste.errors import InputError, InvalidGameError
from skatliste.i18n import Lang
from skatliste.skat.explain import signed
from skatliste.skat.games import Declaration, GameType, Outcome, PaperValue
from skatliste.skat.rules import (
    SEEGER_FABIAN_OPPONENT,
    GameResult,
    RamschResult,
    Variant,
    check_bid,
    check_bock,
    check_kontra_bid,
    check_pushes,
    game_value,
    offizier_ramsch_score,
    ramsch_score,
    seeger_fabian_points,
    two_player_value,
)
from skatliste.skat.rulesets import (
    PRESETS,
    BockOverlap,
    BockTrigger,
    KontraRule,
    Ranking,
    RuleSet,
    Trigger,
    TwoLost,
)
from skatliste.skat.words import TABLE_WORDS, to_words, whole_number

RESERVED_NAMES: frozenset[str] = frozenset({*TABLE_WORDS, *PRESETS, "p", "q", "-"})
"""Words that cannot be a player's name: every word of the table grammar, rule sets, the
prompt's answers."""


def same_name(name: str) -> str:
    """A name as names are compared: composed (NFC: a typed 'ü' is one character however the
    keyboard sent it) and case-folded.

    >>> same_name("Ju\u0308rgen") == same_name("JÜRGEN")
    True
    """
    return unicodedata.normalize("NFC", name).casefold()


def nfc(name: str) -> str:
    """A name as it is stored: composed (NFC)."""
    return unicodedata.normalize("NFC", name)


def check_player_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, checked: each different, none a game or rule-set word or a number.

    >>> check_player_names(["Anna", "Ben", "pub"])
    Traceback (most recent call last):
    ...
    skatliste.errors.InputError: 'pub' cannot be a player's name: it is a rule set's name ...
    """
    if len({same_name(n) for n in names}) != len(names):
        raise InputError(
            "two players have the same name: give each a different one (e.g. 'Ben' and 'Ben2')"
        )
    for name in names:
        folded = same_name(name)
        if folded in PRESETS:
            raise InputError(
                f"'{name}' cannot be a player's name: it is a rule set's name "
                f"(did you mean '--rules {folded}'? give one rule set after --rules)"
            )
        if folded in RESERVED_NAMES:
            raise InputError(
                f"'{name}' cannot be a player's name: it is a word of a game or an answer "
                "at the prompt; give the player's name"
            )
        plain = folded.lstrip("+-−")
        if not plain or plain.isdecimal():
            raise InputError(f"'{name}' cannot be a player's name: it reads as a number")
        if "=" in name or any(c.isspace() for c in name):
            raise InputError(
                f"'{name}' cannot be a player's name: no spaces or '=' (Ramsch writes NAME=AUGEN)"
            )
    return tuple(names)


def find_player(players: Sequence[str], name: str) -> str:
    """A player by name, case-insensitive, or by an unambiguous beginning.

    >>> find_player(("Anna", "Ben", "Carl"), "c")
    'Carl'
    """
    folded = same_name(name)
    for p in players:
        if same_name(p) == folded:
            return p
    hits = [p for p in players if same_name(p).startswith(folded)] if folded else []
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise InputError(f"'{name}' could be {' or '.join(hits)}: write more of the name")
    raise InputError(f"unknown player '{name}': the players of this list are {', '.join(players)}")


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
    note: str = ""
    time: str | None = None


@dataclass(frozen=True, kw_only=True)
class PassedEntry:
    """Eingepasst: all passed; a valid game that scores 0 and moves the deal on."""

    bock_called: bool = False
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
            raise InputError(f"'{tok}': write each player's Augen as NAME=N, e.g. anna=45")
        if player in self.augen:
            raise InputError(f"{player}'s Augen are given twice")
        self.augen[player] = number

    def keyword(self, tok: str, arg: str) -> None:
        """``jungfrau NAME``, ``durchmarsch NAME``, ``geschoben N``, ``skat N``."""
        low = tok.lower()
        if low == "jungfrau":
            self.jungfrau.append(self.table.find(arg))
            return
        if low == "durchmarsch":
            if self.durchmarsch is not None:
                raise InputError("a Ramsch has one Durchmarsch: write 'durchmarsch NAME' once")
            self.durchmarsch = self.table.find(arg)
            return
        number = whole_number(arg, f"{tok} {arg}")
        if number is None:
            raise InputError(f"'{tok} {arg}': '{tok}' needs a number, e.g. '{tok} 1'")
        if low == "skat":
            if self.skat is not None:
                raise InputError("the Skat's Augen are given twice: write 'skat N' once")
            self.skat = number
            return
        if self.pushes is not None:
            raise InputError("the pushes are given twice: write 'geschoben N' once")
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
    toks = [t for w in words for t in w.replace(",", " ").split()]
    i = 0
    while i < len(toks):
        tok = toks[i]
        if "=" in tok:
            said.player_augen(tok)
        elif tok.lower() in RAMSCH_KEYWORDS:
            if i + 1 >= len(toks):
                raise InputError(f"'{tok}' needs a name or number after it, e.g. 'jungfrau ben'")
            i += 1
            said.keyword(tok, toks[i])
        else:
            raise InputError(
                f"'{tok}' in a Ramsch: write NAME=AUGEN for each player, then optionally "
                "'jungfrau NAME', 'durchmarsch NAME', 'geschoben N', 'skat N'"
            )
        i += 1
    if not said.augen:
        raise InputError("give each player's Augen, e.g. 'skatliste ramsch anna=45 ben=40 carl=35'")
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
    return "eingepasst" if lang == "de" else "all passed"


@dataclass(frozen=True)
class Row:
    """One line of the sheet."""

    number: int
    """Game number, from 1."""
    round: int
    """Round number, from 1: a round is each player dealing once."""
    dealer: str
    entry: Entry
    result: GameResult | None
    """The game's value; None for eingepasst, a Ramsch, and an impossible game."""
    ramsch: RamschResult | None
    error: str | None
    """Why the entry could not be scored (an impossible game in a hand-edited file)."""
    problems: tuple[str, ...]
    """Everything wrong with this entry on this list (the error included)."""
    points: dict[str, int]
    """List points this game gives each player."""
    sf_points: dict[str, int]
    """Seeger-Fabian points this game gives each player."""
    totals: dict[str, int]
    """Running list totals after this game."""
    sf_totals: dict[str, int]
    bock: int = 0
    """Bock doublings from Bock rounds (not counting 'bock' typed on the game)."""
    ramsch_round: bool = False
    """The game was dealt in a Ramsch round."""
    pending: tuple[RoundKind, ...] = ()
    """The special rounds still ahead after this game, one a game."""

    @property
    def doublings(self) -> int:
        """Every Bock doubling of this game: from Bock rounds and 'bock' typed on the game."""
        return self.result.outcome.bock if self.result is not None else self.bock

    @property
    def paper_mismatch(self) -> bool:
        """The value written on paper differs from the computed one."""
        e = self.entry
        return (
            isinstance(e, GameEntry)
            and e.paper is not None
            and self.result is not None
            and not e.paper.matches(self.result.list_points)
        )


# A season repeats the same few hundred games: their values are computed once.
_value = functools.lru_cache(maxsize=8192)(game_value)
_two_player_value = functools.lru_cache(maxsize=2048)(two_player_value)


class RoundKind(StrEnum):
    """A special round of the list (rules §8; the value is the word the sheet shows)."""

    BOCK = "bock"
    """A Bock round: every game counts double."""
    RAMSCH = "ramsch"
    """A Ramsch round (after a Bock round, rule ramsch.after_bock): Ramsch or a Grand Hand."""


@dataclass
class _Round:
    kind: RoundKind
    left: int
    """Games still to play in it."""


class _Rounds:
    """Bock and Ramsch rounds ahead (rules §8): each trigger adds a Bock round of as many games
    as players at the table, starting with the next game; with ramsch.after_bock a Ramsch
    round follows it. Overlapping Bock rounds queue, or stack (×4)."""

    def __init__(self, rules: RuleSet, size: int) -> None:
        self.size = size
        self.stack = rules.bock_overlap is BockOverlap.STACK
        self.ramsch_after = rules.on("ramsch.after_bock")
        self.queue: list[_Round] = []  # queue mode: the rounds ahead, in order
        self.bocks: list[int] = []  # stack mode: games left of each active Bock round
        self.ramsch: list[int] = []  # stack mode: Ramsch rounds waiting, games left

    def current(self) -> tuple[int, bool]:
        """(Bock doublings, Ramsch round) for the game about to be played."""
        if self.stack:
            return len(self.bocks), bool(self.ramsch) and not self.bocks
        if not self.queue:
            return 0, False
        kind = self.queue[0].kind
        return (1 if kind is RoundKind.BOCK else 0), kind is RoundKind.RAMSCH

    def advance(self) -> None:
        """One game was played."""
        if self.stack:
            if self.bocks:
                ended = sum(1 for left in self.bocks if left == 1)
                self.bocks = [left - 1 for left in self.bocks if left > 1]
                if self.ramsch_after:
                    self.ramsch.extend([self.size] * ended)
            elif self.ramsch:
                self.ramsch[0] -= 1
                if self.ramsch[0] == 0:
                    self.ramsch.pop(0)
            return
        if self.queue:
            self.queue[0].left -= 1
            if self.queue[0].left == 0:
                self.queue.pop(0)

    def trigger(self) -> None:
        """A Bock round is called: it starts with the next game."""
        if self.stack:
            self.bocks.append(self.size)
            return
        self.queue.append(_Round(RoundKind.BOCK, self.size))
        if self.ramsch_after:
            self.queue.append(_Round(RoundKind.RAMSCH, self.size))

    def state(self) -> dict[str, list[Any]]:
        """The rounds ahead as plain data (empty when there are none)."""
        if not (self.queue or self.bocks or self.ramsch):
            return {}
        return {
            "queue": [[r.kind.value, r.left] for r in self.queue],
            "bocks": list(self.bocks),
            "ramsch": list(self.ramsch),
        }

    def restore(self, state: dict[str, list[Any]]) -> None:
        """Carry on from ``state()``'s data."""
        self.queue = [_Round(RoundKind(kind), left) for kind, left in state.get("queue", [])]
        self.bocks = list(state.get("bocks", []))
        self.ramsch = list(state.get("ramsch", []))

    def ahead(self) -> tuple[RoundKind, ...]:
        """The special games ahead, one a game, in order."""
        if self.stack:
            longest = max(self.bocks, default=0)
            return (RoundKind.BOCK,) * longest + (RoundKind.RAMSCH,) * sum(self.ramsch)
        return tuple(r.kind for r in self.queue for _ in range(r.left))


def _crosses_hundred(before: int, after: int) -> bool:
    """A total passed or reached a multiple of 100 other than 0 (100, 200, −100, ...)."""
    low, high = sorted((before, after))
    return any(m != 0 and low < m <= high for m in range((low // 100 + 1) * 100, high + 1, 100))


def _triggered(
    triggers: tuple[Trigger, ...],
    entry: Entry,
    result: GameResult | None,
    before: dict[str, int],
    after: dict[str, int],
    *,
    ramsch_round: bool,
) -> bool:
    """Does this game start a Bock round (rules §8)?"""
    if entry.bock_called:
        return True
    passed = isinstance(entry, PassedEntry) or (
        isinstance(entry, RamschEntry) and not ramsch_round  # the Ramsch instead of a pass
    )
    for trigger in triggers:
        if trigger.kind is BockTrigger.ALL_PASSED and passed:
            return True
        if trigger.kind is BockTrigger.HUNDRED and any(
            _crosses_hundred(before[p], after[p]) for p in after
        ):
            return True
        if result is not None and _game_triggers(trigger, result):
            return True
    return False


def _game_triggers(trigger: Trigger, result: GameResult) -> bool:
    """Does this game's result start a Bock round by ``trigger``?"""
    o, d = result.outcome, result.declaration
    grand = d.game is GameType.GRAND
    return {
        BockTrigger.SIXTY_SIXTY: not result.won and o.augen == 60,
        BockTrigger.KONTRA_LOST: o.kontra and not result.won,
        BockTrigger.KONTRA_RE: o.re,
        BockTrigger.GRAND_HAND_WON: grand and d.hand and result.won,
        BockTrigger.GRAND_LOST: grand and not result.won,
        BockTrigger.SCHNEIDER: result.schneider,
        BockTrigger.VALUE: result.game_value >= trigger.value,
    }.get(trigger.kind, False)


def _rule_problems(
    table: Table, index: int, entry: Entry, ramsch_round: bool, ramsch_outside: bool
) -> list[str]:
    """What the rule set and the table forbid for this entry (the game itself may be fine)."""
    problems: list[str] = []
    series = table.series
    if series is not None and index >= series:
        problems.append(
            f"the series has {series} games (rule series); this would be game {index + 1}"
        )
    if isinstance(entry, PassedEntry):
        return problems + _pass_problems(table.rules, ramsch_round)
    if isinstance(entry, RamschEntry):
        return problems + _ramsch_problems(table, index, entry, ramsch_round or ramsch_outside)
    return problems + _game_problems(table, index, entry, ramsch_round)


def _cite(rules: RuleSet) -> str:
    """Who refuses: the tournament rules (SkWO) or this rule set."""
    if rules.is_tournament:
        return "the tournament rules (SkWO, rules §7) play no"
    return "this rule set plays no"


def _pass_problems(rules: RuleSet, ramsch_round: bool) -> list[str]:
    """Eingepasst where every deal is played, or a Ramsch is due."""
    if rules.two_player:
        return [f"in {rules.variant.capitalize()} every deal is played: no passing"]
    if ramsch_round:
        return [
            "this deal is in a Ramsch round: enter the Ramsch ('skatliste ramsch ...') "
            "or a Grand Hand"
        ]
    if rules.on("ramsch.on_pass"):
        return [
            "all passed: this rule set plays Ramsch then (rule ramsch.on_pass); enter it "
            "with 'skatliste ramsch NAME=AUGEN ...'"
        ]
    return []


def _ramsch_problems(table: Table, index: int, entry: RamschEntry, allowed: bool) -> list[str]:
    """A Ramsch the rules do not play here, or without the Augen of who played."""
    problems: list[str] = []
    try:
        check_pushes(entry.pushes)
    except InvalidGameError as exc:
        problems.append(str(exc))
    if not allowed:
        problems.append(
            f"{_cite(table.rules)} Ramsch here (rules ramsch.on_pass and ramsch.after_bock)"
        )
    names = [n for n, _ in entry.augen]
    expected = table.active(index)
    if sorted(names) != sorted(expected):
        problems.append(
            f"a Ramsch needs the Augen of {', '.join(expected)} (who played game "
            f"{index + 1}), e.g. '{expected[0].lower()}=45 ...'"
        )
    return problems


def _game_problems(table: Table, index: int, entry: GameEntry, ramsch_round: bool) -> list[str]:
    """A declarer who is no player or sits out, Kontra or Bock the rules do not play."""
    rules = table.rules
    problems: list[str] = []
    if entry.declarer not in table.players:
        problems.append(
            f"unknown player '{entry.declarer}': the players are {', '.join(table.players)}"
        )
    elif table.size == 4 and entry.declarer == table.dealer(index):
        problems.append(
            f"{entry.declarer} deals game {index + 1} and sits out at a table of four "
            "(rules §1); the declarer is one of the three others"
        )
    d, o = entry.declaration, entry.outcome
    try:
        check_bock(o.bock)
        if entry.kontra_bid is not None:
            check_kontra_bid(entry.kontra_bid)
    except InvalidGameError as exc:
        problems.append(str(exc))
    if ramsch_round and not (d.game is GameType.GRAND and d.hand):
        problems.append(
            "this deal is in a Ramsch round (after a Bock round): play Ramsch "
            "('skatliste ramsch ...') or declare a Grand Hand"
        )
    problems += _kontra_problems(rules, entry)
    if o.bock and not rules.on("bock"):
        problems.append(f"{_cite(rules)} Bock (rule bock=off; start a list with --rule bock=on)")
    return problems


def _kontra_problems(rules: RuleSet, entry: GameEntry) -> list[str]:
    """Kontra or Re the rule set does not play (rules kontra, kontra.null, §8)."""
    o = entry.outcome
    kontra = rules.kontra
    if (o.kontra or o.re) and kontra is KontraRule.OFF:
        return [f"{_cite(rules)} Kontra or Re (rule kontra=off)"]
    null = entry.declaration.game is GameType.NULL
    if (o.kontra or o.re) and null and not rules.on("kontra.null"):
        return ["this rule set plays no Kontra on a Null (rule kontra.null=off)"]
    if o.kontra and kontra is KontraRule.AFTER18:
        return _kontra_bid_problems(entry)
    return []


def _kontra_bid_problems(entry: GameEntry) -> list[str]:
    """Rule kontra=after18: the Kontra-sayer bid at least 18, and no more than the declarer."""
    said, bid = entry.kontra_bid, entry.outcome.bid
    if said is None:
        return [
            "rule kontra=after18: only a defender who bid at least 18 may say Kontra; "
            "write his bid after it, e.g. 'kontra 20'"
        ]
    if said < 18:
        return [
            f"'kontra {said}': only a defender who bid at least 18 may say "
            "Kontra (rule kontra=after18)"
        ]
    if bid is not None and said > bid:
        return [f"'kontra {said}': the defender cannot have bid more than the declarer's {bid}"]
    try:
        check_bid(said)
    except InvalidGameError as exc:
        return [str(exc)]
    return []


def _score_game(table: Table, entry: GameEntry, bock: int) -> tuple[GameResult | None, str | None]:
    rules = table.rules
    outcome = entry.outcome if not bock else replace(entry.outcome, bock=entry.outcome.bock + bock)
    try:
        if rules.two_player:
            return _two_player_value(entry.declaration, outcome, variant=rules.variant), None
        return _value(entry.declaration, outcome, options=rules.scoring), None
    except InvalidGameError as exc:
        return None, str(exc)


def _score_ramsch(
    table: Table, entry: RamschEntry, bock: int
) -> tuple[RamschResult | None, dict[str, int], str | None]:
    augen = dict(entry.augen)
    try:
        if table.rules.variant is Variant.OFFIZIERSKAT:
            return None, offizier_ramsch_score(augen, durchmarsch=entry.durchmarsch), None
        result = ramsch_score(
            augen,
            skat=entry.skat,
            jungfrau=entry.jungfrau,
            durchmarsch=entry.durchmarsch,
            pushes=entry.pushes,
            bock=bock,
            options=table.rules.ramsch,
        )
        return result, result.points, None
    except InvalidGameError as exc:
        return None, {}, str(exc)


@dataclass
class Derived:
    """The sheet after its first ``count`` games: what the next game needs (totals, the Bock
    and Ramsch rounds ahead) and the summary's tallies. Derived, never stored as a fact: the
    store may keep it beside a long list, keyed to the list's exact bytes."""

    count: int
    totals: dict[str, int]
    sf_totals: dict[str, int]
    rounds: dict[str, list[Any]]
    """The Bock/Ramsch rounds ahead (``_Rounds``' state)."""
    declared: dict[str, int]
    won: dict[str, int]
    lost: dict[str, int]
    passed: int = 0
    ramsch: int = 0
    problems: int = 0
    """Games that cannot be scored (as the summary counts them)."""
    bierlachs: tuple[str, int, int] | None = None

    @classmethod
    def start(cls, table: Table) -> Derived:
        """The empty sheet."""
        zero = dict.fromkeys(table.players, 0)
        return cls(0, dict(zero), dict(zero), {}, dict(zero), dict(zero), dict(zero))

    def to_json(self) -> dict[str, Any]:
        """As plain JSON data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Derived:
        """From ``to_json``'s data."""
        bierlachs = data.get("bierlachs")
        return cls(**{**data, "bierlachs": None if bierlachs is None else tuple(bierlachs)})


def rows(
    table: Table,
    entries: Sequence[Entry],
    *,
    only: int | None = None,
    after: Derived | None = None,
) -> Iterator[Row]:
    """Derive the sheet, game by game, with running totals (a generator: cheap to stop early).

    ``only`` (a 0-based index) yields that one row: the games before it are summed, no rows
    are built for them. ``after`` carries on from a derived state: ``entries`` are then the
    games after its ``count``, numbered on from there.
    """
    return _derive(table, entries, only=only, after=after)[0]


def derive(table: Table, entries: Sequence[Entry], *, after: Derived | None = None) -> Derived:
    """The sheet's state after ``entries`` (carrying on from ``after``), without rows."""
    gen, state = _derive(table, entries, only=-1, after=after)
    row = next(gen, None)  # runs every game; only=-1 builds no row
    assert row is None
    return state


def _derive(
    table: Table, entries: Sequence[Entry], *, only: int | None, after: Derived | None
) -> tuple[Iterator[Row], Derived]:
    state = copy.deepcopy(after) if after is not None else Derived.start(table)
    return _rows(table, entries, only, state), state


@dataclass(frozen=True)
class _Scored:
    """One entry scored: what the row shows and what the totals add."""

    result: GameResult | None
    ramsch: RamschResult | None
    error: str | None
    points: dict[str, int]
    sf_points: dict[str, int]


def _rows(
    table: Table, entries: Sequence[Entry], only: int | None, state: Derived
) -> Iterator[Row]:
    rules = table.rules
    bock_on = rules.on("bock")
    rounds = _Rounds(rules, table.size)
    rounds.restore(state.rounds)
    triggers = rules.bock_triggers if bock_on else ()
    hundred = any(t.kind is BockTrigger.HUNDRED for t in triggers)
    ramsch_outside = rules.on("ramsch.on_pass") or rules.variant is Variant.OFFIZIERSKAT
    for index, entry in enumerate(entries, state.count):
        bock, ramsch_round = rounds.current()
        bock = bock if bock_on else 0
        scored = _score(table, entry, bock, state)
        before = dict(state.totals) if hundred else state.totals
        _add_up(table, state, scored, index)
        rounds.advance()
        if bock_on and _triggered(
            triggers, entry, scored.result, before, state.totals, ramsch_round=ramsch_round
        ):
            rounds.trigger()
        state.count = index + 1
        state.rounds = rounds.state()
        if only is not None and index != only:
            continue
        problems = _rule_problems(table, index, entry, ramsch_round, ramsch_outside)
        if scored.error is not None and scored.error not in problems:
            problems.insert(0, scored.error)
        yield Row(
            number=index + 1,
            round=index // table.size + 1,
            dealer=table.dealer(index),
            entry=entry,
            result=scored.result,
            ramsch=scored.ramsch,
            error=scored.error,
            problems=tuple(problems),
            points=scored.points,
            sf_points=scored.sf_points,
            totals=dict(state.totals),
            sf_totals=dict(state.sf_totals),
            bock=bock,
            ramsch_round=ramsch_round,
            pending=rounds.ahead(),
        )


def _score(table: Table, entry: Entry, bock: int, state: Derived) -> _Scored:
    """Score one entry and count it in the summary's tallies."""
    players = table.players
    points = dict.fromkeys(players, 0)
    sf = dict.fromkeys(players, 0)
    result: GameResult | None = None
    ramsch: RamschResult | None = None
    error: str | None = None
    if isinstance(entry, GameEntry):
        result, error = _score_game(table, entry, bock)
        if result is None:
            state.problems += 1
        elif entry.declarer in points:
            state.declared[entry.declarer] += 1
            (state.won if result.won else state.lost)[entry.declarer] += 1
            _game_points(table, entry.declarer, result, points, sf)
    elif isinstance(entry, RamschEntry):
        state.ramsch += 1
        ramsch, ramsch_points, error = _score_ramsch(table, entry, bock)
        points.update((n, v) for n, v in ramsch_points.items() if n in points)
    else:
        state.passed += 1
    if table.rules.bierlachs:
        points = {name: min(0, value) for name, value in points.items()}
    return _Scored(result, ramsch, error, points, sf)


def _game_points(
    table: Table, declarer: str, result: GameResult, points: dict[str, int], sf: dict[str, int]
) -> None:
    """The list and Seeger-Fabian points a declared game gives each player."""
    rules = table.rules
    if rules.two_player and rules.two_lost is TwoLost.OPPONENT and not result.won:
        # §9: a lost game is credited to the other player, at double value
        for name in points:
            if name != declarer:
                points[name] = -result.list_points
    else:
        points[declarer] = result.list_points
    if table.size in SEEGER_FABIAN_OPPONENT and not rules.two_player:
        fabian = seeger_fabian_points(result, table=table.size)
        for name in sf:
            sf[name] = fabian.declarer if name == declarer else fabian.each_opponent


def _add_up(table: Table, state: Derived, scored: _Scored, index: int) -> None:
    """Add a game's points to the running totals; note who reaches the Bierlachs first."""
    for name in table.players:
        state.totals[name] += scored.points[name]
        state.sf_totals[name] += scored.sf_points[name]
    if table.rules.bierlachs and state.bierlachs is None:
        state.bierlachs = _bierlachs_reached(table, state.totals, index + 1)


def _bierlachs_reached(
    table: Table, totals: dict[str, int], number: int
) -> tuple[str, int, int] | None:
    """(player, game number, total) of the first player at or below the Bierlachs limit."""
    limit = int(table.rules["bierlachs.limit"])
    for name in table.players:
        if totals[name] <= -limit:
            return name, number, totals[name]
    return None


def last_row(table: Table, entries: Sequence[Entry]) -> Row | None:
    """The last game's row, with the totals after it."""
    if not entries:
        return None
    return next(rows(table, entries, only=len(entries) - 1))


def entry_problems(table: Table, entries: Sequence[Entry], entry: Entry) -> list[str]:
    """Why ``entry`` cannot be added after ``entries``; empty when it can."""
    row = last_row(table, [*entries, entry])
    assert row is not None
    return list(row.problems)


def check(table: Table, entries: Sequence[Entry]) -> list[tuple[int, str]]:
    """Every problem of the list as (game number, problem): a list of all, not the first."""
    found: list[tuple[int, str]] = []
    for row in rows(table, entries):
        found.extend((row.number, problem) for problem in row.problems)
        if row.paper_mismatch:
            assert isinstance(row.entry, GameEntry) and row.entry.paper is not None
            assert row.result is not None
            found.append(
                (
                    row.number,
                    f"the paper says {signed(row.entry.paper.value)}, the game is worth "
                    f"{signed(row.result.list_points)}",
                )
            )
    return found


# --- summary ----------------------------------------------------------------------------


@dataclass
class PlayerSummary:
    """One player's line of the summary."""

    name: str
    total: int = 0
    sf_total: int = 0
    declared: int = 0
    won: int = 0
    lost: int = 0
    rank: int = 0


@dataclass
class Summary:
    """The evening (or one round) at a glance."""

    players: list[PlayerSummary]
    games: int
    passed: int
    ranked_by: Ranking
    rounds: tuple[int, int] = (0, 0)
    """First and last round counted."""
    problems: int = 0
    ramsch: int = 0
    bierlachs: tuple[str, int, int] | None = None
    """(player, game number, total) of who reached the Bierlachs limit first."""


def summarise(table: Table, entries: Sequence[Entry], *, only_round: int | None = None) -> Summary:
    """Totals, games declared/won/lost, Seeger-Fabian and rank, for all or one round.

    Ranking: list points in a classic list; in a tournament Seeger-Fabian points, then more
    won games, then fewer lost games (rules §7). Equal players share a rank.
    """
    if only_round is None:
        return summary_of(table, derive(table, entries))
    people = {name: PlayerSummary(name) for name in table.players}
    counts = {"games": 0, "passed": 0, "problems": 0, "ramsch": 0}
    bierlachs: tuple[str, int, int] | None = None
    for row in rows(table, entries):
        if table.rules.bierlachs and bierlachs is None:
            bierlachs = _bierlachs_reached(table, row.totals, row.number)
        if row.round == only_round:
            _count_row(people, counts, row)
    return _ranked(
        table,
        people,
        games=counts["games"],
        passed=counts["passed"],
        rounds=(only_round, only_round) if counts["games"] else (0, 0),
        problems=counts["problems"],
        ramsch=counts["ramsch"],
        bierlachs=bierlachs,
    )


def _count_row(people: dict[str, PlayerSummary], counts: dict[str, int], row: Row) -> None:
    """Count one game of a round's summary."""
    counts["games"] += 1
    for name, person in people.items():
        person.total += row.points[name]
        person.sf_total += row.sf_points[name]
    entry = row.entry
    if isinstance(entry, PassedEntry):
        counts["passed"] += 1
    elif isinstance(entry, RamschEntry):
        counts["ramsch"] += 1
    elif row.result is None:
        counts["problems"] += 1
    elif entry.declarer in people:
        who = people[entry.declarer]
        who.declared += 1
        if row.result.won:
            who.won += 1
        else:
            who.lost += 1


def summary_of(table: Table, derived: Derived) -> Summary:
    """The summary of the whole list from its derived state (no game is read again)."""
    people = {
        name: PlayerSummary(
            name,
            total=derived.totals[name],
            sf_total=derived.sf_totals[name],
            declared=derived.declared[name],
            won=derived.won[name],
            lost=derived.lost[name],
        )
        for name in table.players
    }
    n = derived.count
    return _ranked(
        table,
        people,
        games=n,
        passed=derived.passed,
        rounds=(1, (n - 1) // table.size + 1) if n else (0, 0),
        problems=derived.problems,
        ramsch=derived.ramsch,
        bierlachs=derived.bierlachs,
    )


def _ranked(
    table: Table,
    people: dict[str, PlayerSummary],
    *,
    games: int,
    passed: int,
    rounds: tuple[int, int],
    problems: int,
    ramsch: int,
    bierlachs: tuple[str, int, int] | None,
) -> Summary:
    """Ranking: list points in a classic list; in a tournament Seeger-Fabian points, then
    more won games, then fewer lost games (rules §7). Equal players share a rank."""
    by_sf = table.rules.seeger_fabian_ranks

    def key(p: PlayerSummary) -> tuple[int, ...]:
        if by_sf:
            return (-p.sf_total, -p.won, p.lost)
        return (-p.total,)

    ordered = sorted(people.values(), key=key)
    for pos, p in enumerate(ordered):
        p.rank = ordered[pos - 1].rank if pos and key(ordered[pos - 1]) == key(p) else pos + 1
    return Summary(
        players=ordered,
        games=games,
        passed=passed,
        ranked_by=Ranking.SEEGER_FABIAN if by_sf else Ranking.LIST,
        rounds=rounds,
        problems=problems,
        ramsch=ramsch,
        bierlachs=bierlachs,
    )


@dataclass(frozen=True)
class Settlement:
    """Money: each player's balance and who pays whom, exact until printed (rules §8)."""

    balances: dict[str, Fraction]
    payments: list[tuple[str, str, Fraction]]
    """(payer, receiver, amount) for every pair with different totals."""


MAX_STAKE_CENT = 10_000
"""The highest stake per point, in cent (100 € a point); more is a typing slip."""

_STAKE = re.compile(r"^(\d{1,6})(?:[.,](\d{1,6}))?$|^(\d{1,6})/(\d{1,6})$")


def parse_amount(text: str) -> Fraction | None:
    """An amount of 0 or more as typed: ``0.25``, ``0,5``, ``1/4`` (at most six digits on each
    side, so no typing slip reaches the arithmetic), exact; None if it is not one.

    >>> parse_amount("12,50"), parse_amount("1e309"), parse_amount("-1")
    (Fraction(25, 2), None, None)
    """
    m = _STAKE.match(text.strip())
    if m is None:
        return None
    if m.group(1) is not None:
        return Fraction(f"{m.group(1)}.{m.group(2) or 0}")
    if int(m.group(4)) == 0:
        return None
    return Fraction(int(m.group(3)), int(m.group(4)))


def parse_stake(text: str) -> Fraction:
    """The stake per point in cent, as typed: ``0.25``, ``0,5``, ``1/4``; exact.

    >>> parse_stake("0,25"), parse_stake("1/3")
    (Fraction(1, 4), Fraction(1, 3))
    """
    m = _STAKE.match(text.strip())
    how = "give the stake per point in cent, e.g. 0.25, 0,5 or 1/4"
    if m is None:
        if text.strip().startswith(("-", "−")):
            raise InputError(f"--cent {text}: the stake cannot be negative; {how}")
        raise InputError(f"--cent {text}: {how}")
    if m.group(1) is not None:
        stake = Fraction(f"{m.group(1)}.{m.group(2) or 0}")
    else:
        if int(m.group(4)) == 0:
            raise InputError(f"--cent {text}: a fraction cannot divide by 0; {how}")
        stake = Fraction(int(m.group(3)), int(m.group(4)))
    if stake > MAX_STAKE_CENT:
        raise InputError(
            f"--cent {text}: at most {MAX_STAKE_CENT} cent (100 €) a point; "
            "the stake is in cent, e.g. 0.25 for a quarter cent"
        )
    return stake


def settle(totals: dict[str, int], stake: Fraction) -> Settlement:
    """Each pair settles the difference of its totals × stake.

    Player i receives (n × total_i − sum of totals) × stake; the balances sum to 0.

    >>> s = settle({"A": 218, "B": -81, "C": 60, "D": -38}, Fraction(1, 4))
    >>> {k: float(v) for k, v in s.balances.items()}
    {'A': 178.25, 'B': -120.75, 'C': 20.25, 'D': -77.75}
    """
    names = list(totals)
    n = len(names)
    whole = sum(totals.values())
    balances = {name: (n * totals[name] - whole) * stake for name in names}
    payments: list[tuple[str, str, Fraction]] = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = (totals[a] - totals[b]) * stake
            if diff > 0:
                payments.append((b, a, diff))
            elif diff < 0:
                payments.append((a, b, -diff))
    return Settlement(balances, payments)
