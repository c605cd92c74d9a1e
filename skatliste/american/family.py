"""American Grand as a plug-in of ``skatliste.families``: four players in two pairs, a deal
(Whist, Grand, Euchre or Hearts) or the end of a partie by hand as the entries, the parties
with their settlement as the derivation (docs/rules.md §A1 to §A6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skatliste import players as names
from skatliste.american import game, options, words
from skatliste.american.deals import EUCHRE_TRICKS, HEARTS, TRICKS, Contract, Deal, Entry, PartieEnd
from skatliste.american.game import (
    Row,
    Table,
)
from skatliste.american.options import AmericanRules
from skatliste.errors import InputError
from skatliste.families import Derivation, Family, FieldGroup, NoDeclarer, Nouns, Problem
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


class AmericanFamily(Family[Entry, Table, Row]):
    """The American partnership game Grand."""

    name = "american-grand"
    title = "American Grand"
    nouns = Nouns(
        entry=msg("deal {number}"),
        stored=msg("entry {number}"),
        count=nmsg("{count} deal", "{count} deals", 0),
        none_yet=msg("the list has no deals yet"),
        numbered=msg("the list has deals 1 to {last}"),
        none_changed=msg("no deals removed or replaced"),
        # an end by hand has no number of its own (§A4): named by the deal it follows
        unnumbered=msg("end after deal {number}"),
        pass_refused=words.PASS_REFUSED,
        first_words=END_WORDS,
    )
    presets = options.PRESETS
    preset_help = options.PRESET_HELP
    options = options.OPTIONS
    kinds = (DEAL, END)
    entry_types = (Deal, PartieEnd)
    kind_names = (msg("a deal"), msg("the end of a partie"))
    passed_type = PartieEnd
    rule_set = AmericanRules
    player_counts = (4,)
    example = msg("anna whist 25 tricks 11")
    vocabulary = frozenset({*words.VOCABULARY, *END_WORDS})
    alone_words = frozenset({*END_WORDS, *words.PASS_WORDS})
    """An end by hand, or Skat's all passed (refused saying why)."""

    def next_words(self, typed: Sequence[str]) -> list[str]:
        # a deal's words ('end' ends a partie only standing alone, without a declarer)
        return words.next_words(typed)

    renderers = (
        "skatliste.render.american",
        "skatliste.render.american_sheet",
        "skatliste.render.american_page",
    )

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
        get = data.get
        return Deal(
            declarer=data["declarer"],
            contract=Contract(data["contract"]),
            bid=data["bid"],
            tricks=get("tricks"),
            alone=get("alone", False),
            hearts=get("hearts"),
            note=get("note", ""),
            time=get("time"),
        )

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
        if named and words_ and self.names_player(table, words_[0]):
            declarer, words_ = names.find_player(table.players, words_[0]), words_[1:]
        elif declarer is None:
            raise NoDeclarer(
                msg("start the words with the declarer, e.g. 'anna whist 25 tricks 11'")
            )
        else:
            declarer = names.find_player(table.players, declarer)
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

    def numbered(self, entry: Entry) -> bool:
        return isinstance(entry, Deal)

    # --- the derivation --------------------------------------------------------------------

    def derive(self, table: Table, entries: Sequence[Entry]) -> Derivation[Row]:
        found = game.parties(table, entries)
        standing = iter([row for partie in found for row in partie.rows])
        rows: list[Row | None] = []
        cells: list[str] = []
        row = next(standing, None)
        for entry in entries:  # the rows are the deals that stand, in the entries' order
            if row is not None and row.deal is entry:
                rows.append(row)
                cells.append(signed(row.points[table.pair_of(entry.declarer)]))
                row = next(standing, None)
            else:
                rows.append(None)
                cells.append("")
        points = found[-1].points  # the partie in progress, or the last one over
        dealt = sum(isinstance(e, Deal) for e in entries)
        return Derivation(
            rows=tuple(rows),
            cells=tuple(cells),
            problems=tuple(Problem(*p) for p in game.problem_places(table, entries)),
            totals={table.pair_name(i): points[i] for i in (0, 1)},
            results=None,
            next_dealer=table.dealer(dealt),
        )

    def entry_problems(self, table: Table, earlier: Sequence[Entry], entry: Entry) -> list[Message]:
        if isinstance(entry, PartieEnd):
            # no partie in progress: the last is over, or none began
            last = game.parties(table, earlier)[-1]
            return [] if last.deals and not last.finished else [NO_PARTIE]
        # a deal's problems are its own (``game.scored``): the deals before need no walk
        found = game.scored(table, entry)
        return [] if isinstance(found, game.DealScore) else [found]

    def outcomes(self, table: Table, entries: Sequence[Entry]) -> list[Outcome]:
        # §A5: each partie is settled on its own, from 0 : 0 (the comparison's module, 12 ms
        # to import, loaded only by compare and a change: measured with -X importtime)
        from skatliste.american import outcomes

        return outcomes.outcomes(table, entries)

    def reshaped(
        self, table: Table, before: Sequence[Entry], after: Sequence[Entry]
    ) -> list[Message]:
        from skatliste.american import outcomes

        return outcomes.reshaped(table, before, after)

    # --- what the shared rooms ask of a family ---------------------------------------------

    compared = (
        FieldGroup("declarer", ("declarer",), 9),
        FieldGroup("game", ("kind", "contract"), 8),
        FieldGroup("announcement", ("alone",), 6),
        FieldGroup("result", ("tricks", "hearts"), 6),
        FieldGroup("bid", ("bid",), 5),
    )


FAMILY = AmericanFamily()
