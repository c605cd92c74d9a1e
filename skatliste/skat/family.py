"""The Skat family as a plug-in of ``skatliste.families``: its presets and options
(``rulesets``), its entries (a declared game, all passed, a Ramsch) and their stored form, its
words (``words``, ``sheet.parse_ramsch``) and its derivation (``sheet``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from skatliste.errors import InputError
from skatliste.families import Derivation, Family, FieldGroup, NoDeclarer, Nouns, Played
from skatliste.fields import Boolean, Field, Integer, Names, Record, Scores, Text
from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.options import RuleSet
from skatliste.players import check_player_names, joined_names, names_a_player, same_name
from skatliste.skat import entries, entry_form, rulesets, sheet
from skatliste.skat.entries import Entry, GameEntry, PassedEntry, RamschEntry, Table
from skatliste.skat.games import Declaration, GameType, Outcome, PaperValue
from skatliste.skat.row import Row
from skatliste.skat.rules import MAX_BID, MAX_BOCK, MAX_PUSHES, MAX_SPITZEN, MIN_BID, TOTAL_AUGEN
from skatliste.skat.stats import PlayerStats, collect
from skatliste.skat.words import (
    GAME_WORDS,
    NUMBER_WORDS,
    PASS_WORDS,
    TABLE_WORDS,
    next_words,
    parse_words,
)

_NOTE = Field("note", Text(), "")
_TIME = Field("time", Text(nullable=True), None)
_BOCK_CALLED = Field("bock_called", Boolean(), False, "a Bock round was called after this game")
_INSERTED = Field(
    "inserted",
    Boolean(),
    False,
    "a forgotten game entered later (skatliste insert): it counts in no Bock or Ramsch round",
)

GAME = Record(
    "game",
    (
        Field("declarer", Text(min_length=1), doc="the declarer (Alleinspieler)"),
        Field("game", Text(choices=tuple(t.value for t in GameType))),
        Field(
            "spitzen",
            Integer(0, MAX_SPITZEN[True], nullable=True),
            None,
            "mit/ohne N; none for Null",
        ),
        Field("mit", Boolean(), True, "true: mit (held the Kreuz-Bube), false: ohne"),
        Field("hand", Boolean(), False),
        Field("ouvert", Boolean(), False),
        Field("schneider_announced", Boolean(), False),
        Field("schwarz_announced", Boolean(), False),
        Field("won", Boolean(nullable=True), None, "null: decided by the Augen (or won)"),
        Field(
            "augen",
            Integer(0, TOTAL_AUGEN, nullable=True),
            None,
            "declarer's Augen, Skat included",
        ),
        Field("schneider", Boolean(), False, "Schneider reached in play"),
        Field("schwarz", Boolean(), False, "Schwarz reached in play"),
        Field("bid", Integer(MIN_BID, MAX_BID, nullable=True), None, "the Reizwert"),
        Field("kontra", Boolean(), False),
        Field("re", Boolean(), False),
        Field("bock", Integer(0, MAX_BOCK), 0, "Bock doublings entered by hand"),
        Field(
            "paper",
            Text(pattern=r"[+\-−]?[0-9]+", like='"+48"', nullable=True),
            None,
            "the value as written on paper",
        ),
        Field(
            "kontra_bid",
            Integer(0, MAX_BID, nullable=True),
            None,
            "rule kontra=after18: the Kontra-sayer's bid",
        ),
        _BOCK_CALLED,
        _INSERTED,
        _NOTE,
        _TIME,
    ),
    "A game as entered at the table.",
    tagged=True,
)
PASSED = Record(
    "passed", (_BOCK_CALLED, _INSERTED, _NOTE, _TIME), "Eingepasst: all passed.", tagged=True
)
RAMSCH = Record(
    "ramsch",
    (
        Field("augen", Scores(2, 3, 0, TOTAL_AUGEN)),
        Field(
            "skat",
            Integer(0, TOTAL_AUGEN, nullable=True),
            None,
            "with ramsch.skat=loser",
        ),
        Field("jungfrau", Names(), []),
        Field("durchmarsch", Text(nullable=True), None),
        Field("pushes", Integer(0, MAX_PUSHES), 0, "Schieberamsch: pushes of the Skat"),
        _BOCK_CALLED,
        _INSERTED,
        _NOTE,
        _TIME,
    ),
    "A Ramsch: each player's Augen (Skat included, or the Skat apart) and the doublings.",
    tagged=True,
)

_GAME_DEFAULTS = GAME.defaults
_RAMSCH_DEFAULTS = RAMSCH.defaults
_GAME_TYPES = {t.value: t for t in GameType}
"""A stored game's type by its value (checked already: one of these)."""


def _paper_text(paper: PaperValue | None) -> str | None:
    if paper is None:
        return None
    return f"{paper.value:+d}" if paper.signed else str(paper.value)


@lru_cache(maxsize=1024, typed=True)
def _declaration(
    game: str,
    spitzen: int | None,
    mit: bool,
    hand: bool,
    ouvert: bool,
    schneider: bool,
    schwarz: bool,
) -> Declaration:
    """A stored declaration, made once per distinct one (a list repeats a few hundred): the
    games that share it share one object, which the derivation scores once."""
    return Declaration(
        game=_GAME_TYPES[game],
        spitzen=spitzen,
        mit=mit,
        hand=hand,
        ouvert=ouvert,
        schneider_announced=schneider,
        schwarz_announced=schwarz,
    )


@lru_cache(maxsize=1024, typed=True)
def _outcome(
    won: bool | None,
    augen: int | None,
    schneider: bool,
    schwarz: bool,
    bid: int | None,
    kontra: bool,
    re: bool,
    bock: int,
) -> Outcome:
    """A stored outcome, made once per distinct one (as ``_declaration``)."""
    return Outcome(
        won=won,
        augen=augen,
        schneider=schneider,
        schwarz=schwarz,
        bid=bid,
        kontra=kontra,
        re=re,
        bock=bock,
    )


def _decode_game(stored: Mapping[str, Any]) -> GameEntry:
    m = {**_GAME_DEFAULTS, **stored}
    paper = None
    if m["paper"] is not None:
        text = m["paper"].replace("−", "-")
        paper = PaperValue(int(text), text[0] in "+-")
    return GameEntry(
        declarer=m["declarer"],
        declaration=_declaration(
            m["game"],
            m["spitzen"],
            m["mit"],
            m["hand"],
            m["ouvert"],
            m["schneider_announced"],
            m["schwarz_announced"],
        ),
        outcome=_outcome(
            m["won"],
            m["augen"],
            m["schneider"],
            m["schwarz"],
            m["bid"],
            m["kontra"],
            m["re"],
            m["bock"],
        ),
        paper=paper,
        kontra_bid=m["kontra_bid"],
        bock_called=m["bock_called"],
        inserted=m["inserted"],
        note=m["note"],
        time=m["time"],
    )


def _game(declarer: str, words: Sequence[str], note: str, time: str | None) -> GameEntry:
    """A declared game from its words (``kreuz mit 2 hand``)."""
    parsed = parse_words(list(words))
    return GameEntry(
        declarer=declarer,
        declaration=parsed.declaration,
        outcome=parsed.outcome,
        paper=parsed.paper,
        kontra_bid=parsed.kontra_bid,
        note=note,
        time=time,
    )


def _encode_game(entry: GameEntry) -> dict[str, object]:
    """A game as stored, in the definition's order."""
    d, o = entry.declaration, entry.outcome
    return GAME.compact(
        {
            "declarer": entry.declarer,
            "game": d.game.value,
            "spitzen": d.spitzen,
            "mit": d.mit,
            "hand": d.hand,
            "ouvert": d.ouvert,
            "schneider_announced": d.schneider_announced,
            "schwarz_announced": d.schwarz_announced,
            "won": o.won,
            "augen": o.augen,
            "schneider": o.schneider,
            "schwarz": o.schwarz,
            "bid": o.bid,
            "kontra": o.kontra,
            "re": o.re,
            "bock": o.bock,
            "paper": _paper_text(entry.paper),
            "kontra_bid": entry.kontra_bid,
            "bock_called": entry.bock_called,
            "inserted": entry.inserted,
            "note": entry.note,
            "time": entry.time,
        }
    )


class SkatFamily(Family[Entry, Table, Row]):
    """Skat of three or four players, Bauernskat and Offizierskat (docs/rules.md §1-§9)."""

    name = "skat"
    title = "Skat"
    nouns = Nouns(
        entry=msg("game {number}"),
        stored=msg("game {number}"),
        count=nmsg("{count} game", "{count} games", 0),
        none_yet=msg("the list has no games yet"),
        numbered=msg("the list has games 1 to {last}"),
        none_changed=msg("no games removed or replaced"),
        first_words=("eingepasst", "ramsch"),
    )
    presets = rulesets.PRESETS
    preset_help = rulesets.PRESET_HELP
    options = rulesets.OPTIONS
    kinds = (GAME, PASSED, RAMSCH)
    entry_types = (GameEntry, PassedEntry, RamschEntry)
    kind_names = (msg("a game"), msg("eingepasst"), msg("a Ramsch"))
    passed_type = PassedEntry
    rule_set = rulesets.RuleSet
    player_counts = (2, 3, 4)
    example = "anna kreuz mit 2 hand"
    vocabulary = TABLE_WORDS
    renderers = ("skatliste.render.skat",)
    alone_words = frozenset(PASS_WORDS)
    leading_words = frozenset({"ramsch"})

    def derive(self, table: Table, entries: Sequence[Entry]) -> Derivation[Row]:
        return sheet.derivation(table, entries)

    def next_words(self, words: Sequence[str]) -> list[str]:
        return next_words(words)

    def table(self, players: Sequence[str], first_dealer: str, rules: RuleSet) -> Table:
        assert isinstance(rules, rulesets.RuleSet)
        return Table(tuple(players), first_dealer, rules)

    def players_problem(self, players: Sequence[str], rules: RuleSet) -> Message | None:
        assert isinstance(rules, rulesets.RuleSet)
        if len(players) in rules.player_counts:
            check_player_names(players)  # raises for a name that is a word of a game
            return None
        if rules.two_player:
            return nmsg(
                "{count} player given: {variant} is played by 2 players",
                "{count} players given: {variant} is played by 2 players",
                len(players),
                variant=rules.variant.capitalize(),
            )
        return nmsg(
            "{count} player given: a list has 3 or 4 players in seat order (2 in Bauernskat "
            "and Offizierskat)",
            "{count} players given: a list has 3 or 4 players in seat order (2 in Bauernskat "
            "and Offizierskat)",
            len(players),
        )

    # --- the codec -------------------------------------------------------------------------

    def encode(self, entry: Entry) -> dict[str, object]:
        if isinstance(entry, PassedEntry):
            return PASSED.compact(
                {
                    "bock_called": entry.bock_called,
                    "inserted": entry.inserted,
                    "note": entry.note,
                    "time": entry.time,
                }
            )
        if isinstance(entry, RamschEntry):
            return RAMSCH.compact(
                {
                    "augen": dict(entry.augen),
                    "skat": entry.skat,
                    "jungfrau": list(entry.jungfrau),
                    "durchmarsch": entry.durchmarsch,
                    "pushes": entry.pushes,
                    "bock_called": entry.bock_called,
                    "inserted": entry.inserted,
                    "note": entry.note,
                    "time": entry.time,
                }
            )
        return _encode_game(entry)

    def decode(self, data: Mapping[str, Any]) -> Entry:
        kind = data["kind"]
        if kind == "game":
            return _decode_game(data)
        if kind == "passed":
            return PassedEntry(
                bock_called=data.get("bock_called", False),
                inserted=data.get("inserted", False),
                note=data.get("note", ""),
                time=data.get("time"),
            )
        m = {**_RAMSCH_DEFAULTS, **data}
        return RamschEntry(
            augen=tuple(m["augen"].items()),
            skat=m["skat"],
            jungfrau=tuple(m["jungfrau"]),
            durchmarsch=m["durchmarsch"],
            pushes=m["pushes"],
            bock_called=m["bock_called"],
            inserted=m["inserted"],
            note=m["note"],
            time=m["time"],
        )

    def entry_names(self, data: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
        kind = data.get("kind")
        if kind == "game":
            yield "declarer", data.get("declarer")
        elif kind == "ramsch":
            for name in data.get("augen", {}):
                yield "augen", name
            for name in data.get("jungfrau", ()):
                yield "jungfrau", name
            if data.get("durchmarsch") is not None:
                yield "durchmarsch", data["durchmarsch"]

    # --- words -----------------------------------------------------------------------------

    def parse(
        self,
        table: Table,
        words: Sequence[str],
        *,
        declarer: str | None = None,
        note: str = "",
        time: str | None = None,
        named: bool = True,
    ) -> Entry:
        if not words:
            raise InputError(msg("say which game, e.g. 'anna kreuz mit 2 hand' or 'eingepasst'"))
        first = words[0].lower()
        if not named and declarer is not None:  # the declarer given apart: his game's words
            return _game(table.find(declarer), words, note, time)
        if len(words) == 1 and first in PASS_WORDS:
            return PassedEntry(note=note, time=time)
        if first == "ramsch":
            return entries.parse_ramsch(table, words[1:], note=note, time=time)
        words = joined_names(table.players, words)  # 'anna schmidt kreuz ...' typed in words
        if names_player(table, words[0]):
            return _game(table.find(words[0]), words[1:], note, time)
        if declarer is None:
            raise NoDeclarer(msg("start the words with the declarer, e.g. 'anna kreuz mit 2'"))
        return _game(table.find(declarer), words, note, time)

    def words(self, entry: Entry, lang: Lang) -> str:
        return entries.entry_words(entry, lang)

    def names_player(self, table: Table, word: str) -> bool:
        return names_player(table, word)

    def carry_over(self, old: Entry, new: Entry) -> Entry:
        if (
            isinstance(old, GameEntry)
            and isinstance(new, GameEntry)
            and old.paper is not None
            and new.paper is None
        ):
            # the paper list still says what it said: keep it to compare
            new = replace(new, paper=old.paper)
        if old.bock_called:
            # the table called a Bock round after this game: correcting the game keeps it
            new = replace(new, bock_called=True)
        if old.inserted:
            # a forgotten game entered later stays outside the rounds when corrected
            new = replace(new, inserted=True)
        return new

    def entered_later(self, table: Table, entry: Entry) -> Entry:
        # docs/rules.md §8: a forgotten game inserted before games already played passes the
        # deal on to no one and counts in no Bock or Ramsch round: the later games keep their
        # dealers and rounds as the table played them (it followed the list)
        return replace(entry, inserted=True)

    # --- what the shared rooms ask of a family ---------------------------------------------

    compared = (
        FieldGroup("declarer", ("declarer",), 9),
        FieldGroup("game", ("kind", "game"), 8),
        FieldGroup("spitzen", ("spitzen", "mit"), 7),
        FieldGroup(
            "announcement",
            ("hand", "schneider_announced", "schwarz_announced", "ouvert"),
            6,
        ),
        FieldGroup(
            "result",
            ("won", "augen", "schneider", "schwarz", "skat", "jungfrau", "durchmarsch"),
            6,
        ),
        FieldGroup("bid", ("bid",), 5),
        FieldGroup("kontra", ("kontra", "re", "kontra_bid"), 4),
        FieldGroup("bock", ("bock", "bock_called"), 4),
        FieldGroup("value", ("paper", "pushes"), 3),
    )
    compared_optional = frozenset({"augen"})  # a paper list never records a game's Augen

    form = entry_form.FORM
    form_words = entry_form.WORDS

    def results(self, table: Table, entries: Sequence[Entry]) -> dict[str, Played]:
        # the derivation's results without its rows (organised play asks for nothing else)
        return sheet.played(table, entries)

    def player_stats(
        self,
        sheets: Sequence[tuple[Table, Sequence[Entry], str]],
        paper: Sequence[Played],
        name: str,
    ) -> PlayerStats:
        parts: list[PlayerStats] = []
        for table, played, who in sheets:
            people = collect([(tuple(table.players), self.rows(table, played))])
            parts += [p for p in people.values() if same_name(p.name) == same_name(who)]
        # a paper result has its won and lost games and its points, no games to count by type
        parts += [
            PlayerStats(
                name, lists=1, declared=r.won + r.lost, won=r.won, lost=r.lost, total=r.points
            )
            for r in paper
        ]
        return _merged(name, parts)

    tournament_preset = "tournament"

    def differs_beyond_words(self, old: Entry, new: Entry) -> Message | None:
        # the words of a game do not say that a Bock round was called after it (rules §8)
        if new.bock_called and not old.bock_called:
            return msg("a Bock round called after it")
        if old.bock_called and not new.bock_called:
            return msg("the Bock round called after it called off")
        return None

    def reshaped(
        self, table: Table, before: Sequence[Entry], after: Sequence[Entry]
    ) -> list[Message]:
        # rules §8: a change that takes back a Bock round called by hand says so (restore
        # of the game as it was before 'skatliste bock')
        if len(before) != len(after):
            return []
        return [  # every Skat entry is a numbered game (a passed one too)
            msg("The Bock round called after game {number} is called off", number=i + 1)
            for i, (was, now) in enumerate(zip(before, after, strict=True))
            if was.bock_called and not now.bock_called
        ]

    def call_round(self, table: Table, entries: Sequence[Entry]) -> Entry:
        # rules §8: a Bock round called by hand after the last game starts with the next
        if not table.rules.plays_bock:
            raise InputError(
                msg("this rule set plays no Bock (rule bock=off; the pub rule set has it)")
            )
        if not entries:
            raise InputError(
                msg("no game yet: a Bock round is called after a game and starts with the next")
            )
        last = entries[-1]
        if last.bock_called:
            raise InputError(msg("a Bock round was called after this game already"))
        flagged = replace(last, bock_called=True)
        index = len(entries) - 1
        ahead = self.row_at(table, entries, index)
        row = self.row_at(table, [*entries[:index], flagged], index)
        if ahead is not None and row is not None and ahead.pending == row.pending:
            raise InputError(
                msg(
                    "game {number} has earned a Bock round already: one game starts at most one "
                    "(rules §8)",
                    number=len(entries),
                )
            )
        return flagged


def _merged(name: str, parts: Sequence[PlayerStats]) -> PlayerStats:
    """One player's statistics over several lists, added up as ``stats`` adds them."""
    out = PlayerStats(name)
    for p in parts:
        for attr in (
            "lists", "games", "declared", "won", "lost", "total", "declared_points",
            "schneider", "schwarz", "overbid", "kontra_against", "kontra_lost", "ramsch_lost",
        ):  # fmt: skip
            setattr(out, attr, getattr(out, attr) + getattr(p, attr))
        for game, (declared, won) in p.by_game.items():
            mine = out.by_game.setdefault(game, [0, 0])
            mine[0] += declared
            mine[1] += won
        if p.highest is not None:
            out.highest = max(out.highest if out.highest is not None else p.highest, p.highest)
    return out


def names_player(table: Table, word: str) -> bool:
    """Whether a game's first word is a player's name (or its beginning), not a game word."""
    low = word.lower()
    if low in GAME_WORDS or low in NUMBER_WORDS:
        return False
    return names_a_player(table.players, word)


FAMILY = SkatFamily()
