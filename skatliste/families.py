"""A game family is a subclass of :class:`Family`, found from a list's preset.

As python-chess makes a variant a ``Board`` subclass that ``find_variant`` finds by the
game's Variant header, a list names its rule set's preset and :func:`find_family` hands back
the family that plays it. A family gives its name, nouns, presets and typed options; its entry
kinds and their codec (entry ⇄ JSON object, strict, from one definition of its fields); its
words (words → entry, entry → words); and one derivation (:meth:`Family.derive`: rows, value
cells, problems, totals, results, what comes next). The base class writes every other view of
a list from that derivation. The store, the application, the CLI, the web page and the exports
are written once over it; each family's renderers are registered per format in
``skatliste.render`` (a family without any gets ``render.generic``'s).

Adding a family: write its folder (``skatliste/NAME/``, with a ``family.py`` whose ``FAMILY``
is an instance of a :class:`Family` subclass) and add it to :data:`PLUGINS` (its module, name
and presets).

>>> find_family("pub").name, find_family("american-grand").name
('skat', 'american-grand')
"""

from __future__ import annotations

import hashlib
import importlib
import json
import operator
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, NamedTuple, TypeVar

from skatliste.errors import InputError, RuleSetError
from skatliste.fields import Record
from skatliste.i18n import Lang, Message, msg
from skatliste.name_match import names_a_player
from skatliste.options import Option, OptionValue, RuleSet, build


class Plugin(NamedTuple):
    """A family in the registry: the module that holds its ``FAMILY``, its name and the
    presets it plays (named here, so that a list's preset loads its own plug-in only; a test
    checks that they are the family's)."""

    module: str
    name: str
    presets: tuple[str, ...]


PLUGINS: tuple[Plugin, ...] = (
    Plugin(
        "skatliste.skat.family",
        "skat",
        ("isko", "tournament", "pub", "bauernskat", "offizierskat"),
    ),
    Plugin("skatliste.american.family", "american-grand", ("american-grand",)),
)
"""The game families (the first is the default: a list without a preset is Skat)."""


class NoDeclarer(InputError):
    """Words that must start with the declarer do not, and no declarer is known."""


EntryT = TypeVar("EntryT")
TableT = TypeVar("TableT")
RowT = TypeVar("RowT")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a list: the index of the entry it concerns, where a message names
    it (``game 3``) and what is wrong."""

    index: int
    where: Message
    what: Message
    refuses: bool = True
    """Whether the entry is refused for it when it is entered (a value written on paper that
    is not the game's is kept, and ``check`` names it)."""


class Played(NamedTuple):
    """What one player's list comes to, for a family whose lists score each player, as
    tournaments, seasons and leagues count it (``Derivation.results``)."""

    points: int
    """The list points."""
    won: int
    """The games won as declarer."""
    lost: int
    """The games lost as declarer."""
    declared: int
    """The list points of the games the player declared: what Seeger-Fabian counts (Skat: a
    Ramsch's points are on the list, not in Seeger-Fabian, rules §7)."""


@dataclass(frozen=True)
class Derivation(Generic[RowT]):
    """Everything a family derives from a list's entries in one walk; the base class writes
    every view of a list (its problems, totals, rows, values) from it."""

    rows: tuple[RowT | None, ...]
    """Each entry's row, in the entries' order (None for an entry without one: an end of a
    partie, a deal the rules refuse)."""
    cells: tuple[str, ...]
    """Each entry's value as the sheet shows it (``+48``; empty where it has none)."""
    problems: tuple[Problem, ...]
    """Everything wrong with the list, all of it, in the entries' order."""
    totals: Mapping[str, int]
    """Each side's running total after the entries (a player, or a pair by its name)."""
    results: Mapping[str, Played] | None
    """Each player's list result, where the family scores players, from which the
    organised-play core computes Seeger-Fabian (None: American Grand's pairs)."""
    next_dealer: str
    """Who deals the next entry."""
    ahead: tuple[Any, ...] = ()
    """The special rounds ahead (Skat's Bock and Ramsch rounds), one an entry."""


@dataclass(frozen=True)
class Nouns:
    """How a family's messages name its entries: whole-sentence message ids, filled in by the
    base class (``{number}``, ``{count}``, ``{last}``), and the words that go with them."""

    entry: Message
    """A numbered entry where a command names it: ``msg("game {number}")``."""
    stored: Message
    """An entry of the file where the reader names it: ``msg("entry {number}")``."""
    count: Message
    """A count of numbered entries: ``nmsg("{count} game", "{count} games", 0)``."""
    none_yet: Message
    """``the list has no games yet``."""
    numbered: Message
    """``the list has games 1 to {last}``."""
    none_changed: Message
    """``no games removed or replaced`` (an empty history)."""
    unnumbered: Message | None = None
    """An entry without a number of its own, by the numbered entry before it (``end after
    deal {number}``); None: every entry has a number."""
    pass_refused: Message | None = None
    """Why all passed is no entry of this family (``skatliste pass``), or None where it is
    one (Skat's eingepasst)."""
    first_words: tuple[str, ...] = ()
    """Words an entry may start with instead of a player (``eingepasst``, ``end``)."""


def _filled(template: Message, **params: object) -> Message:
    return replace(template, params=tuple(params.items()))


class Family(ABC, Generic[EntryT, TableT, RowT]):
    """What a game family gives the house, as python-chess's variants subclass ``Board``: a
    family gives its derivation (:meth:`derive`), its entries' codec and words, its rules and
    its nouns; the base class writes every other view once. ``EntryT`` is what a list holds
    (a game, a deal, all passed, an end of a partie), ``TableT`` the fixed facts the
    derivation needs (the players, the first dealer, the rules), ``RowT`` one derived row."""

    name: str
    """The family's name, as the registry knows it (``skat``)."""
    title: str
    """How the family is named in messages (``Skat``, ``American Grand``)."""
    nouns: Nouns
    """How its messages name its entries."""
    presets: Mapping[str, Mapping[str, OptionValue]]
    """The named rule sets and the options each sets."""
    preset_help: Mapping[str, Message]
    """What each preset plays (``rules --list``)."""
    options: Mapping[str, Option]
    """Every option: key, allowed values, default and meaning."""
    kinds: tuple[Record, ...]
    """The kinds of entries a list file holds, each defined once (reader, writer, schema)."""
    entry_types: tuple[type, ...]
    """The classes of its entries, each of the kind at its place in ``kinds``."""
    kind_names: tuple[Message, ...]
    """What each kind of entry is, in a word (``a game``, ``eingepasst``), at its place in
    ``kinds``."""
    passed_type: type
    """The class of the family's pass-like entry (Skat's all passed, American Grand's end of
    a partie), made from a note and a time."""
    rule_set: type[RuleSet]
    """The class of the family's rule sets, built from a preset of ``presets``."""
    player_counts: tuple[int, ...]
    """How many players any rule set of the family may have."""
    example: Message | str = ""
    """The words of one typical entry, as ``add`` takes them (``anna kreuz mit 2 hand``)."""
    vocabulary: frozenset[str] = frozenset()
    """Every word the family's entries are written with (``kreuz``, ``whist``): a word of one
    family only tells an edge which family's list it belongs to."""
    renderers: tuple[str, ...] = ()
    """The modules that register the family's renderers (``skatliste.render``)."""
    alone_words: frozenset[str] = frozenset()
    """Words that are a whole entry by themselves, without a declarer (``eingepasst``)."""
    leading_words: frozenset[str] = frozenset()
    """Words an entry starts with in place of a declarer (``ramsch anna=45 ...``)."""

    # --- what a family gives -----------------------------------------------------------------

    @abstractmethod
    def derive(self, table: TableT, entries: Sequence[EntryT]) -> Derivation[RowT]:
        """Everything derived from the entries, in one walk."""

    @abstractmethod
    def table(self, players: Sequence[str], first_dealer: str, rules: RuleSet) -> TableT:
        """The table of a list: who plays in seat order, who deals first, under which rules."""

    @abstractmethod
    def players_problem(self, players: Sequence[str], rules: RuleSet) -> Message | None:
        """What is wrong with a list's players under ``rules`` (their count, a name that is a
        word of an entry), or None."""

    @abstractmethod
    def parse(
        self,
        table: TableT,
        words: Sequence[str],
        *,
        declarer: str | None = None,
        note: str = "",
        time: str | None = None,
        named: bool = True,
    ) -> EntryT:
        """An entry from the table's words (``anna kreuz mit 2``, ``eingepasst``); the words
        may start with the declarer (``named``), else ``declarer`` is used."""

    @abstractmethod
    def words(self, entry: EntryT, lang: Lang) -> str:
        """The entry in words, as ``parse`` reads them back (names kept)."""

    # --- what a family may change ------------------------------------------------------------

    def rules(self, preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
        """The rule set of ``preset`` with ``KEY=VALUE`` overrides, every option spelled out."""
        return build(self.rule_set, preset, self.presets, self.options, overrides)

    def passed(self, *, note: str = "", time: str | None = None) -> EntryT:
        """The family's pass-like entry: Skat's all passed, American Grand's end of a partie."""
        found: EntryT = self.passed_type(note=note, time=time)
        return found

    def kind_name(self, entry: EntryT) -> Message:
        """What the entry is, in a word (``a Ramsch``, ``eingepasst``)."""
        return self.kind_names[self.entry_types.index(type(entry))]

    def encode(self, entry: EntryT) -> dict[str, object]:
        """The entry as it is stored: ``kind`` and every field that differs from its default,
        in the definition's order (``Record.compact``); by default each field of its kind is
        the entry's attribute of that name."""
        kind = self.kinds[self.entry_types.index(type(entry))]
        return kind.compact({f.name: getattr(entry, f.name) for f in kind.fields})

    def decode(self, data: Mapping[str, Any]) -> EntryT:
        """A stored entry, checked already against its kind's definition; by default its
        kind's class made from the fields as stored."""
        at = next(i for i, kind in enumerate(self.kinds) if kind.name == data["kind"])
        found: EntryT = self.entry_types[at](**{k: v for k, v in data.items() if k != "kind"})
        return found

    def needs_name(self, table: TableT, words: Sequence[str]) -> bool:
        """Whether the words need a declarer in front and do not start with one."""
        first = words[0].casefold()
        if first in self.leading_words or (len(words) == 1 and first in self.alone_words):
            return False
        return not self.names_player(table, words[0])

    def names_player(self, table: TableT, word: str) -> bool:
        """Whether an entry's first word is a player's name (or its beginning), not a word of
        the family's entries."""
        low = word.casefold()
        if low in self.vocabulary:
            return False
        players: tuple[str, ...] = getattr(table, "players")  # noqa: B009 - a protocol's field
        return names_a_player(players, word)

    def numbered(self, entry: EntryT) -> bool:
        """Whether the entry counts in the entries' numbering."""
        return True

    def carry_over(self, old: EntryT, new: EntryT) -> EntryT:
        """What an edit keeps of the entry it replaces (Skat: the paper value, a Bock call)."""
        return new

    def entry_names(self, data: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
        """Every player's name a stored entry holds, with its field (its declarer)."""
        if "declarer" in data:
            yield "declarer", data["declarer"]

    def next_words(self, words: Sequence[str]) -> list[str]:
        """What may follow ``words`` (folded) at the table, for shell completion: every word
        of the family's entries by default; a family says which numbers follow a word."""
        return sorted(w for w in self.vocabulary if w.isalpha())

    def entry_problems(
        self, table: TableT, earlier: Sequence[EntryT], entry: EntryT
    ) -> list[Message]:
        """Why ``entry`` cannot follow ``earlier``; empty when it can."""
        at = len(earlier)
        found = self.derived(table, [*earlier, entry]).problems
        return [p.what for p in found if p.index == at and p.refuses]

    def outcomes(self, table: TableT, entries: Sequence[EntryT]) -> list[Any] | None:
        """What two lists of the table compare after their entries (each a
        ``skatliste.compare.Outcome``), where the family's totals mean nothing across a list
        (American Grand: each partie and its settlement, §A5); None: the totals are the
        list's result (the default, Skat)."""
        return None

    def reshaped(
        self, table: TableT, before: Sequence[EntryT], after: Sequence[EntryT]
    ) -> list[Message]:
        """What a change did to the list beyond the entry and the later values (``Later
        games changed``): American Grand's parties that now end elsewhere; empty by
        default."""
        return []

    def entered_later(self, table: TableT, entry: EntryT) -> EntryT:
        """``entry`` as a forgotten one inserted before entries already played (Skat: it
        counts in no Bock or Ramsch round); itself by default."""
        return entry

    def differs_beyond_words(self, old: EntryT, new: EntryT) -> Message | None:
        """What an entry's change did that its words do not show (Skat: a Bock round called
        after it, or called off), for the history beside ``old → new``; None by default."""
        return None

    # --- written once, from the above ----------------------------------------------------------

    def derived(self, table: TableT, entries: Sequence[EntryT]) -> Derivation[RowT]:
        """:meth:`derive`, the last one kept: a command asks for the problems, the totals and
        a row of the same list, and derives it once."""
        last = self.__dict__.get("_last")
        if (
            last is not None
            and last[0] is table
            and len(last[1]) == len(entries)
            and all(map(operator.is_, last[1], entries))
        ):
            found: Derivation[RowT] = last[2]
            return found
        found = self.derive(table, entries)
        self.__dict__["_last"] = (table, tuple(entries), found)
        return found

    def rows(self, table: TableT, entries: Sequence[EntryT]) -> list[RowT]:
        """Every entry's row (those that have one), with the running totals after it."""
        return [row for row in self.derived(table, entries).rows if row is not None]

    def row_at(self, table: TableT, entries: Sequence[EntryT], index: int) -> RowT | None:
        """The row of the entry at ``index`` (None for an entry that has none)."""
        return self.derived(table, entries[: index + 1]).rows[index]

    def problems(self, table: TableT, entries: Sequence[EntryT]) -> list[tuple[Message, Message]]:
        """Everything wrong with a list, all of it: (where, problem), e.g. ``game 3``."""
        return [(p.where, p.what) for p in self.derived(table, entries).problems]

    def totals(self, table: TableT, entries: Sequence[EntryT]) -> dict[str, int]:
        """Each side's running total after the entries."""
        return dict(self.derived(table, entries).totals)

    def values(self, table: TableT, entries: Sequence[EntryT]) -> dict[int, tuple[int, str]]:
        """Each entry with a row (by identity) → (its number, its value as the sheet shows
        it)."""
        found = self.derived(table, entries)
        out: dict[int, tuple[int, str]] = {}
        number = 0
        for entry, row, cell in zip(entries, found.rows, found.cells, strict=True):
            number += self.numbered(entry)
            if row is not None:
                out[id(entry)] = (number, cell)
        return out

    def holds(self, entry: object) -> bool:
        """Whether ``entry`` is one of this family's entries."""
        return isinstance(entry, self.entry_types)

    def declarer(self, entry: EntryT) -> str | None:
        """Who declared the entry (None for one nobody declared)."""
        found: str | None = getattr(entry, "declarer", None)
        return found

    def fingerprint(self, entry: EntryT) -> str:
        """A short mark of an entry exactly as it is stored (words, note, time): what a page
        or a script saw, to name the entry in ``expect=`` when it asks to change it."""
        stored = json.dumps(self.encode(entry), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(stored.encode("utf-8")).hexdigest()[:16]

    # --- the nouns, filled in ------------------------------------------------------------------

    @property
    def numbers_every_entry(self) -> bool:
        """Every entry has a number (Skat's games); else only those ``numbered`` says."""
        return self.nouns.unnumbered is None

    def entry_name(self, number: int) -> Message:
        """A numbered entry where a command names it: ``game 3``, ``deal 3``."""
        return _filled(self.nouns.entry, number=number)

    def unnumbered_name(self, after: int) -> Message:
        """An entry with no number of its own, by the numbered entries before it (``end
        after deal 3``; a family that numbers every entry: ``the entry after game 3``)."""
        if self.nouns.unnumbered is None:
            return msg("the entry after {where}", where=self.entry_name(after))
        return _filled(self.nouns.unnumbered, number=after)

    def stored_name(self, number: int) -> Message:
        """An entry of the file where the reader names it: ``game 3``, ``entry 3``."""
        return _filled(self.nouns.stored, number=number)

    def entry_count(self, count: int) -> Message:
        """A count of numbered entries, in the language's plural: ``1 game``, ``3 games``."""
        return replace(self.nouns.count, count=count)

    def entries_range(self, last: int) -> Message:
        """``the list has games 1 to 7``."""
        return _filled(self.nouns.numbered, last=last)

    # --- what the shared rooms ask of a family ---------------------------------------------

    compared: tuple[FieldGroup, ...] = ()
    """The groups of the stored fields two lists of a table are compared by (``compare``),
    most telling first: a differing entry is named by its first differing field's group,
    and a field no group names is one of the value (``compare.VALUE``)."""
    compared_optional: frozenset[str] = frozenset()
    """Fields a list may leave out, compared only where both lists give them (a paper list
    never records a game's Augen)."""
    form: tuple[FormGroup, ...] = ()
    """The phone page's entry form, as data: sets of choices, toggles and numbers labelled by
    message ids; the page draws it and writes the words ``parse`` reads. Empty: the page
    takes the family's entries as typed words only (American Grand)."""
    form_words: tuple[str, ...] = ()
    """The order the form's parts write their words in (a choice's part, a toggle, a number);
    nothing is written until the first is chosen."""

    def results(self, table: TableT, entries: Sequence[EntryT]) -> dict[str, Played] | None:
        """Each player's result of the list (``Derivation.results``); None: the family's
        lists have no such result."""
        found = self.derived(table, entries).results
        return None if found is None else dict(found)

    def player_stats(
        self,
        sheets: Sequence[tuple[TableT, Sequence[EntryT], str]],
        paper: Sequence[Played],
        name: str,
    ) -> Any:
        """One player's numbers as ``stats`` counts them, over lists of the family (each with
        the player's name on it) and paper results: a season's player page, as ``name``. A
        value with ``as_dict()`` (its JSON), ``cells(lang)`` (its heads and its row) and
        ``by_kind()`` (won/declared by kind of game); None: the family counts none (the
        default)."""
        return None

    tournament_preset: str | None = None
    """The preset a tournament table's list plays (Skat's SkWO rules); None: the family plays
    no tournament."""

    def tournament_rules(self, games: int) -> RuleSet | None:
        """The rule set of a tournament table's list with a series of ``games`` games (the
        preset's option ``series``)."""
        if self.tournament_preset is None:
            return None
        return self.rules(self.tournament_preset, {"series": str(games)})

    def call_round(self, table: TableT, entries: Sequence[EntryT]) -> EntryT:
        """The last entry with a round called after it by hand (Skat's Bock round, rule
        ``bock=on``), or the refusal saying why it cannot be (by default: the family has no
        such rounds)."""
        raise InputError(msg("{family} has no Bock rounds", family=self.title))


_LOADED: dict[str, Family[Any, Any, Any]] = {}
_LOADING = threading.Lock()


def _load(plugin: Plugin) -> Family[Any, Any, Any]:
    """The plug-in's family, its module imported on first use (once, among a server's
    threads too)."""
    found = _LOADED.get(plugin.module)
    if found is None:
        with _LOADING:
            found = _LOADED.get(plugin.module)
            if found is None:
                found = _LOADED[plugin.module] = importlib.import_module(plugin.module).FAMILY
    return found


def families() -> list[Family[Any, Any, Any]]:
    """Every game family, in the registry's order (each plug-in loaded once)."""
    return [_load(p) for p in PLUGINS]


def all_presets() -> dict[str, Family[Any, Any, Any]]:
    """Every preset of every family, with its family."""
    return {preset: f for f in families() for preset in f.presets}


def find_family(preset: str) -> Family[Any, Any, Any]:
    """The family that plays the rule set ``preset``; a ``RuleSetError`` naming the known
    presets for an unknown one."""
    found = next((_load(p) for p in PLUGINS if preset in p.presets), None)
    if found is None:
        raise RuleSetError(
            msg(
                "unknown rule set '{preset}': known rule sets are {known}",
                preset=preset,
                known=", ".join(all_presets()),
            )
        )
    return found


def default_family() -> Family[Any, Any, Any]:
    """The first family of the registry (a list without a preset is of it)."""
    return _load(PLUGINS[0])


def named(name: str) -> Family[Any, Any, Any] | None:
    """The family called ``name``, or None."""
    return next((_load(p) for p in PLUGINS if p.name == name), None)


def family_of_word(word: str) -> Family[Any, Any, Any] | None:
    """The first family (in :data:`PLUGINS` order) whose entries use ``word``, or None.

    >>> family_of_word("whist").name, family_of_word("kreuz").name
    ('american-grand', 'skat')
    """
    low = word.casefold()
    return next((f for f in families() if low in f.vocabulary), None)


def by_name(name: str) -> Family[Any, Any, Any]:
    """The family called ``name`` (``skat``, ``american-grand``)."""
    found = named(name)
    if found is None:
        raise InputError(msg("unknown game family '{name}'", name=name))
    return found


def rules_of(preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set ``preset`` with its overrides, by the family that plays it."""
    return find_family(preset).rules(preset, overrides)


class FieldGroup(NamedTuple):
    """Stored fields compared as one (``Family.compared``): a differing entry is named by the
    group of its first differing field, and two entries at one place cost the more the
    earlier their first differing group is."""

    name: str
    """The group's name in ``compare --json`` (``declarer``, ``announcement``)."""
    fields: tuple[str, ...]
    """The stored fields of the group, in the order a difference lists them."""
    cost: int
    """The cost of two entries at one place whose first difference is in this group: less
    than two entries one list lacks (``compare.SKIP_COST``)."""


Condition = str
"""When a part of the entry form rests (hidden, and a tap or a number cleared): ``game=null``
(a choice of another part is taken), ``augen`` (a number is typed)."""


class Tap(NamedTuple):
    """A button of the phone page's entry form (``Family.form``)."""

    part: str
    """What it sets: one choice of ``part`` (``game``, ``n``, ``result``), or with ``flag`` a
    toggle named ``value``."""
    value: str
    """The choice's value, or the toggle's name."""
    label: Message | str
    """Its text (below ``mark``)."""
    words: tuple[Message | str, ...] = ()
    """The words it writes into the entry's words (a message: in the page's language)."""
    mark: str = ""
    """A sign drawn above the label (``♣``)."""
    style: str = ""
    """How it looks (``suit black``)."""
    default: bool = False
    """The part's choice until another is tapped (``mit``)."""
    along: str = ""
    """Written only along with a choice of this part (``mit`` along with a count)."""
    needs: str = ""
    """A toggle that must be on first (Re after Kontra) ..."""
    needs_said: Message | None = None
    """... and what the page says when it is not."""
    rests: tuple[Condition, ...] = ()
    """While any holds, the tap is hidden and off."""
    plays: str = ""
    """Shown only where the list's page says its rules play it (``plays_kontra``)."""


class Number(NamedTuple):
    """A number of the entry form: written after its words (``augen 75``)."""

    key: str
    """Its name (the input's id)."""
    label: Message | str
    low: int
    high: int
    words: tuple[Message | str, ...] = ()
    style: str = ""
    rests: tuple[Condition, ...] = ()
    """While any holds, it is hidden and emptied."""
    instead: str = ""
    """A choice it stands in for: typing it clears the choice, and the choice clears it (the
    Augen instead of won or lost)."""


class FormRow(NamedTuple):
    """A row of buttons and numbers of the entry form."""

    key: str
    grid: str
    """How many to a line: ``two``, ``three``, ``six``."""
    items: tuple[Tap | Number, ...]
    folded: Message | None = None
    """Folded away behind a "more" button (this its label for a screen reader)."""
    rests: tuple[Condition, ...] = ()


class FormGroup(NamedTuple):
    """A set of the entry form under its legend."""

    key: str
    legend: Message | str
    rows: tuple[FormRow, ...]
    rests: tuple[Condition, ...] = ()
    """While any holds, the set is hidden and its taps write nothing (they keep their
    choice)."""
