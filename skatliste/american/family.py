"""American Grand as a plug-in of ``skatliste.families``: four players in two pairs, a deal
(Whist, Grand, Euchre or Hearts) or the end of a partie by hand as the entries, the parties
with their settlement as the derivation (docs/rules.md §A1 to §A6)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skatliste import players as names
from skatliste.american import game, kept, options, words
from skatliste.american.deals import EUCHRE_TRICKS, HEARTS, TRICKS, Contract, Deal, Entry, PartieEnd
from skatliste.american.game import (
    Row,
    Table,
)
from skatliste.errors import InputError
from skatliste.families import Family, FieldGroup, NoDeclarer
from skatliste.fields import Boolean, Field, Integer, Record, Text
from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.options import RuleSet
from skatliste.printed import signed

if TYPE_CHECKING:
    from skatliste.compare import Outcome

_NOTE = Field("note", Text(), "")
_TIME = Field("time", Text(nullable=True), None)

DEAL = Record(
    "deal",
    (
        Field("declarer", Text(min_length=1)),
        Field("contract", Text(choices=tuple(c.value for c in Contract))),
        Field("bid", Integer(5, step=5), doc="the winning bid, a multiple of 5"),
        Field(
            "tricks",
            Integer(0, TRICKS, nullable=True),
            None,
            f"the declaring pair's tricks (Euchre: of {EUCHRE_TRICKS})",
        ),
        Field("alone", Boolean(), False, "Euchre: played alone"),
        Field(
            "hearts",
            Integer(0, HEARTS, nullable=True),
            None,
            "Hearts: hearts in the declaring pair's tricks",
        ),
        _NOTE,
        _TIME,
    ),
    "A deal as entered: declarer, contract, bid, and what happened.",
    tagged=True,
)
END = Record(
    "end", (_NOTE, _TIME), "The partie was ended by hand here (a time limit).", tagged=True
)

NO_PARTIE = msg("no partie in progress to end: the next deal starts a new one")
"""Why an end by hand is refused after a partie that is over, or before the first deal."""

END_WORDS = ("end", "ende", "schluss")
"""The words of an end of a partie by hand."""

_ALONE = (*END_WORDS, *words.PASS_WORDS)
"""Words that are the whole entry, without a declarer: an end by hand, or Skat's all passed
(refused saying why)."""


_new = object.__new__
_CONTRACTS = {c.value: c for c in Contract}
"""A stored contract's member (checked already: one of these), looked up without the enum's
call."""


class AmericanFamily(Family[Entry, Table, Row]):
    """The American partnership game Grand."""

    name = "american-grand"
    title = "American Grand"
    presets = options.PRESETS
    preset_help = options.PRESET_HELP
    options = options.OPTIONS
    kinds = (DEAL, END)
    player_counts = (4,)
    numbers_every_entry = False
    example = msg("anna whist 25 tricks 11")
    vocabulary = frozenset({*words.VOCABULARY, *END_WORDS})

    first_words = END_WORDS
    pass_refused = words.PASS_REFUSED

    def next_words(self, typed: Sequence[str]) -> list[str]:
        # a deal's words ('end' ends a partie only standing alone, without a declarer)
        return words.next_words(typed)

    renderers = (
        "skatliste.render.american",
        "skatliste.render.american_sheet",
        "skatliste.render.american_page",
    )

    def entry_name(self, number: int) -> Message:
        return msg("deal {number}", number=number)

    def unnumbered_name(self, after: int) -> Message:
        # an end by hand has no number of its own (§A4): named by the deal it follows
        return msg("end after deal {number}", number=after)

    def stored_name(self, number: int) -> Message:
        return msg("entry {number}", number=number)

    def entry_count(self, count: int) -> Message:
        return nmsg("{count} deal", "{count} deals", count)

    def no_entries(self) -> Message:
        return msg("the list has no deals yet")

    def entries_range(self, last: int) -> Message:
        return msg("the list has deals 1 to {last}", last=last)

    def none_changed(self) -> Message:
        return msg("no deals removed or replaced")

    def rules(self, preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
        return options.build_rules(preset, overrides)

    def table(self, players: Sequence[str], first_dealer: str, rules: RuleSet) -> Table:
        assert isinstance(rules, options.AmericanRules)
        return Table(
            tuple(players),
            first_dealer,
            hearts_defenders=rules.hearts_defenders,
            partie_deals=rules.partie_deals,
            slam_counts=rules.slam_counts,
        )

    def players_problem(self, players: Sequence[str], rules: RuleSet) -> Message | None:
        if len(players) != 4:
            return nmsg(
                "{count} player given: American Grand is played by four in seat order, "
                "partners opposite",
                "{count} players given: American Grand is played by four in seat order, "
                "partners opposite",
                len(players),
            )
        names.check_player_names(players)
        for name in players:
            if name.casefold() in words.VOCABULARY or name.casefold() in END_WORDS:
                return msg(
                    "'{name}' cannot be a player's name: it is a word of a deal; give the "
                    "player's name",
                    name=name,
                )
        return None

    def find_player(self, players: Sequence[str], name: str) -> str:
        return names.find_player(players, name)

    # --- the codec -------------------------------------------------------------------------

    def encode(self, entry: Entry) -> dict[str, object]:
        if isinstance(entry, PartieEnd):
            return END.compact({"note": entry.note, "time": entry.time})
        return DEAL.compact(
            {
                "declarer": entry.declarer,
                "contract": entry.contract.value,
                "bid": entry.bid,
                "tricks": entry.tricks,
                "alone": entry.alone,
                "hearts": entry.hearts,
                "note": entry.note,
                "time": entry.time,
            }
        )

    def decode(self, data: Mapping[str, Any]) -> Entry:
        if data["kind"] == "end":
            return PartieEnd(note=data.get("note", ""), time=data.get("time"))
        # a long list builds one deal a line: the same object as Deal(...), its fields set at
        # once rather than one by one through the frozen dataclass's __init__
        get = data.get
        deal: Deal = _new(Deal)
        deal.__dict__.update(
            declarer=data["declarer"],
            contract=_CONTRACTS[data["contract"]],
            bid=data["bid"],
            tricks=get("tricks"),
            alone=get("alone", False),
            hearts=get("hearts"),
            note=get("note", ""),
            time=get("time"),
        )
        return deal

    def entry_names(self, data: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
        if data.get("kind") == "deal":
            yield "declarer", data.get("declarer")

    # --- words -----------------------------------------------------------------------------

    def parse(
        self,
        table: Table,
        words_: Sequence[str],
        *,
        declarer: str | None = None,
        note: str = "",
        time: str | None = None,
        named: bool = True,
    ) -> Entry:
        if named and len(words_) == 1 and words_[0].casefold() in END_WORDS:
            return PartieEnd(note=note, time=time)
        if len(words_) == 1 and words_[0].casefold() in words.PASS_WORDS:
            raise InputError(words.PASS_REFUSED)
        if named:
            words_ = names.joined_names(table.players, words_)  # 'anna schmidt whist ...'
        if named and words_ and names_player(table, words_[0]):
            declarer, words_ = find_player(table, words_[0]), words_[1:]
        elif declarer is None:
            raise NoDeclarer(
                msg("start the words with the declarer, e.g. 'anna whist 25 tricks 11'")
            )
        else:
            declarer = find_player(table, declarer)
        if not words_:
            raise InputError(
                msg("say which contract, bid and result, e.g. 'anna whist 25 tricks 11'")
            )
        return words.parse_words(words_).deal(
            declarer, note=note, time=time, slam_counts=table.slam_counts
        )

    def words(self, entry: Entry, lang: Lang) -> str:
        if isinstance(entry, PartieEnd):
            return msg("partie ended by hand").render(lang)
        return f"{entry.declarer} {words.to_words(entry, lang)}"

    def passed(self, *, note: str = "", time: str | None = None) -> Entry:
        return PartieEnd(note=note, time=time)

    def pass_problem(self, table: Table, entries: Sequence[Entry]) -> Message | None:
        # no partie in progress: the last is over, or none began
        return None if kept.walk(table, entries)[0].run.deals else NO_PARTIE

    def declarer(self, entry: Entry) -> str | None:
        return entry.declarer if isinstance(entry, Deal) else None

    def holds(self, entry: object) -> bool:
        return isinstance(entry, Deal | PartieEnd)

    def numbered(self, entry: Entry) -> bool:
        return isinstance(entry, Deal)

    def kind_name(self, entry: Entry) -> Message:
        return msg("a deal") if isinstance(entry, Deal) else msg("the end of a partie")

    def names_player(self, table: Table, word: str) -> bool:
        return names_player(table, word)

    def needs_name(self, table: Table, words: Sequence[str]) -> bool:
        if len(words) == 1 and words[0].casefold() in _ALONE:
            return False
        return not names_player(table, words[0])

    # --- the derivation --------------------------------------------------------------------

    def rows(self, table: Table, entries: Sequence[Entry]) -> list[Row]:
        return [row for partie in game.parties(table, entries) for row in partie.rows]

    def problems(self, table: Table, entries: Sequence[Entry]) -> list[tuple[Message, Message]]:
        return kept.walk(table, entries)[1]

    def problem_places(
        self, table: Table, entries: Sequence[Entry]
    ) -> list[tuple[int, Message, Message]]:
        _, wrong, at = kept.walk(table, entries)
        return [(i, where, what) for i, (where, what) in zip(at, wrong, strict=True)]

    def entry_problems(self, table: Table, earlier: Sequence[Entry], entry: Entry) -> list[Message]:
        if isinstance(entry, PartieEnd):
            problem = self.pass_problem(table, earlier)
            return [] if problem is None else [problem]
        # a deal's problems are its own (``game.scored``): the deals before need no walk
        found = game.scored(table, entry)
        return [] if isinstance(found, game.DealScore) else [found]

    def totals(self, table: Table, entries: Sequence[Entry]) -> dict[str, int]:
        points = kept.last(kept.walk(table, entries)[0]).points
        return {table.pair_name(i): points[i] for i in (0, 1)}

    def row_at(self, table: Table, entries: Sequence[Entry], index: int) -> Row | None:
        entry = entries[index]
        if isinstance(entry, PartieEnd):
            return None
        for partie in game.parties(table, entries[: index + 1]):
            for row in partie.rows:
                if row.deal is entry:
                    return row
        return None

    # --- carrying on from a kept state (a long list's add and summary) ----------------------

    def state(self, table: Table, entries: Sequence[Entry]) -> kept.Kept | None:
        return kept.of(table, entries)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        assert isinstance(state, kept.Kept)
        return kept.to_json(state)

    def state_from_json(self, table: Table, data: Mapping[str, Any]) -> kept.Kept | None:
        return kept.from_json(data)

    def after_state(
        self, table: Table, state: Any, entry: Entry
    ) -> tuple[list[Message], Row | None, kept.Kept]:
        assert isinstance(state, kept.Kept)
        return kept.after(table, state, entry, NO_PARTIE)

    def state_numbered(self, state: Any) -> int:
        assert isinstance(state, kept.Kept)
        return state.deals

    def outcomes(self, table: Table, entries: Sequence[Entry]) -> list[Outcome]:
        # §A5: each partie is settled on its own, from 0 : 0 (loaded by the few that ask)
        from skatliste.american import outcomes

        return outcomes.outcomes(table, entries)

    def reshaped(
        self, table: Table, before: Sequence[Entry], after: Sequence[Entry]
    ) -> list[Message]:
        from skatliste.american import outcomes

        return outcomes.reshaped(table, before, after)

    def values(self, table: Table, entries: Sequence[Entry]) -> dict[int, tuple[int, str]]:
        out: dict[int, tuple[int, str]] = {}
        for row in self.rows(table, entries):
            declaring = table.pair_of(row.deal.declarer)
            out[id(row.deal)] = (row.number, signed(row.points[declaring]))
        return out

    # --- what the shared rooms ask of a family ---------------------------------------------

    compared = (
        FieldGroup("declarer", msg("the declarer"), ("declarer",), 9),
        FieldGroup("game", msg("the game"), ("kind", "contract"), 8),
        FieldGroup("announcement", msg("the announcements"), ("alone",), 6),
        FieldGroup("result", msg("how the deal went"), ("tricks", "hearts"), 6),
        FieldGroup("bid", msg("the bid"), ("bid",), 5),
    )


def find_player(table: Table, name: str) -> str:
    """A player by name, case-insensitive, or by an unambiguous beginning."""
    return names.find_player(table.players, name)


def names_player(table: Table, word: str) -> bool:
    """Whether a deal's first word is a player's name (or its beginning), not a deal word."""
    low = word.casefold()
    if low in words.VOCABULARY or low in END_WORDS:
        return False
    return any(p.casefold().startswith(low) for p in table.players)


FAMILY = AmericanFamily()
