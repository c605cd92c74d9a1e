"""Two lists of one table, compared game by game: the double list of organised Skat ("Die
doppelte Listenführung ist Pflicht": two players keep the list independently, and the table
settles every difference before signing).

Pure and the same for every game family: a list is given as its entries, each with the facts
its family's codec stores (field → JSON value), its words as a player would say them and its
value on the list, and the list's totals per player. No files, no rules: the family derives
words, values and totals; this module only lines the two lists up and says where they differ.

>>> def game(declarer: str, game: str, words: str, value: int, **more: object) -> ComparedEntry:
...     facts = {"kind": "game", "declarer": declarer, "game": game, **more}
...     return ComparedEntry(facts, words, value)
>>> g1 = game("Anna", "clubs", "Anna kreuz mit 2", 48, spitzen=2, augen=75)
>>> g2 = game("Ben", "grand", "Ben grand mit 1", 72, spitzen=1, augen=91)
>>> g2_hand = game("Ben", "grand", "Ben grand mit 1 hand", 96, spitzen=1, hand=True, augen=91)
>>> g3 = game("Carl", "null", "Carl null", 23)
>>> totals = {"Anna": 48, "Ben": 72, "Carl": 23}
>>> said = FieldGroup("announcement", ("hand",), 6)
>>> result = compare([g1, g2, g3], [g1, g2_hand, g3], totals, {**totals, "Ben": 96}, groups=[said])
>>> [(d.game_a, d.kind, d.fields) for d in result.differences]
[(2, 'announcement', ('hand',))]
>>> for line in report_lines(result):
...     print(line.render("de"))
Spiel 2: A "Ben grand mit 1" +72 — B "Ben grand mit 1 hand" +96
Summe Ben: A +72 — B +96 (Unterschied −24)
die Listen unterscheiden sich in 1 Spiel
>>> missing = compare([g1, g2, g3], [g1, g3], totals, totals)
>>> [(d.kind, d.game_a, d.game_b) for d in missing.differences]
[('missing_in_b', 2, 2)]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from skatliste.errors import InputError
from skatliste.families import FieldGroup
from skatliste.i18n import Message, join, msg, nmsg
from skatliste.players import same_name
from skatliste.printed import signed

MISSING_IN_A = "missing_in_a"
"""The kind of a difference where list B has an entry that list A does not have."""
MISSING_IN_B = "missing_in_b"
"""The kind of a difference where list A has an entry that list B does not have."""
VALUE = "value"
"""The kind of a difference in a field no group of the family names, or of the same facts
scored to another value (the lists keep other rules)."""
VALUE_COST = 3
"""The cost of two entries at one place that differ in their value only."""

IGNORED_FIELDS: frozenset[str] = frozenset({"note", "time"})
"""Fields that are not compared by default: a note and the time a keeper wrote the game down
are the keeper's own."""

SKIP_COST = 5
"""The cost of a game one list lacks, in the alignment. Two entries at one place cost what
the group of their first differing field says (``FieldGroup.cost``): always less than two
skipped games (one changed game is one difference, not a game missing in each list), and the
more of the game differs, the more it costs (of two places for one game, the more similar
game is taken)."""

_SCALE = 16
"""The costs of the alignment in sixteenths: a pair's cost is its group's cost times this, and
one more for each field that differs (up to 15), so that of two pairings whose first
differing group is the same, the one where fewer fields differ is taken (a game missing in B,
then the next game differing in its declarer only, rather than a game differing in all its
fields, then one missing)."""
_SKIP = SKIP_COST * _SCALE
"""A game one list lacks, in the alignment's sixteenths."""

_FAR = 1 << 62
"""A cost beyond every alignment: a place outside the band computed."""
_ABSENT = ""
"""A field a game does not have, as compared (no JSON text is empty)."""


@dataclass(frozen=True)
class ComparedEntry:
    """One entry of a list as it is compared: the facts its family's codec stores (field →
    JSON value), its words as a player says them and its value on the list (the declarer's
    list points, an American deal's points)."""

    facts: Mapping[str, object]
    words: str
    value: int
    numbered: bool = True
    """Whether the entry has a number of its own in its family's numbering (a game, a deal);
    one that has none (American Grand's end of a partie by hand) is named by the numbered
    entry it follows (``Family.numbered``)."""

    def to_json(self, number: int) -> dict[str, object]:
        """The entry as ``compare --json`` shows it, ``number`` its place in its list (an
        entry with no number of its own: ``after`` the numbered entry it follows)."""
        place = "game" if self.numbered else "after"
        return {place: number, "words": self.words, "value": self.value, "entry": dict(self.facts)}


Namer = Callable[[int], Message]
"""How a line names an entry with no number of its own, by the number of the numbered entry
before it: ``end after deal 3`` (``Family.unnumbered_name``)."""


def after_game(number: int) -> Message:
    """The default :data:`Namer`: ``the entry after game 17``."""
    return msg("the entry after game {number}", number=number)


def _place(entry: ComparedEntry, number: int, after: Namer) -> Message:
    """Where an entry stands in its list: ``game 17``, or for one with no number of its own,
    by the game before it."""
    return msg("game {number}", number=number) if entry.numbered else after(number)


@dataclass(frozen=True)
class Difference:
    """Where the two lists differ: a game one of them lacks, or the two games at one place.

    ``game_a`` and ``game_b`` are the game's number in each list (its family's numbering: an
    entry with no number of its own has the number of the numbered entry before it), or for a
    game a list lacks, the number it would have there (the number of that list's next game,
    or for an entry with no number of its own, of its last numbered one); ``a`` and ``b`` are
    the two entries, ``None`` for the list that lacks it. ``fields`` are every field that
    differs, in the order of the family's groups; ``kind`` is the group of the first (``VALUE``
    with no field when the facts are the same and only the value differs)."""

    kind: str
    game_a: int
    game_b: int
    a: ComparedEntry | None
    b: ComparedEntry | None
    fields: tuple[str, ...] = ()

    @property
    def numbered(self) -> bool:
        """Whether the entry it concerns (list A's, or B's where A lacks it) has a number of
        its own."""
        first = self.a if self.a is not None else self.b
        assert first is not None  # a difference holds at least one entry
        return first.numbered

    def to_json(self) -> dict[str, object]:
        """``{"game": 17, "kind": ..., "fields": [...], "a": {...}, "b": {...}}``, the game in
        list A's numbering (``after``: A's entry, or B's where A lacks it, has no number of
        its own and follows A's numbered entry 17)."""
        place = "game" if self.numbered else "after"
        return {
            place: self.game_a,
            "kind": self.kind,
            "fields": list(self.fields),
            "a": None if self.a is None else self.a.to_json(self.game_a),
            "b": None if self.b is None else self.b.to_json(self.game_b),
        }


@dataclass(frozen=True)
class TotalDifference:
    """A player whose total differs between the lists."""

    player: str
    a: int
    b: int

    @property
    def difference(self) -> int:
        """List A's total less list B's."""
        return self.a - self.b


@dataclass(frozen=True)
class Outcome:
    """One part of a list's result, as its family compares two lists' results where their
    totals mean nothing across the list (American Grand: a partie and its settlement, §A5;
    each partie starts at 0 : 0)."""

    key: str
    """What it is the result of, the same in both lists (``partie 2``): outcomes are paired
    by it."""
    name: Message
    """How a line names it (``Partie 2``)."""
    said: Message
    """How it came out, in words (``deals 2 to 4, provisional: Anna+Carl ahead 105 : 0``)."""
    data: Mapping[str, object]
    """How it came out, as JSON: two outcomes differ where this does."""


@dataclass(frozen=True)
class OutcomeDifference:
    """A part of the result that differs between the lists (None: the list has no such
    part, e.g. a partie more in the other)."""

    a: Outcome | None
    b: Outcome | None

    @property
    def key(self) -> str:
        """What the outcome is of."""
        found = self.a if self.a is not None else self.b
        assert found is not None  # a difference holds at least one outcome
        return found.key

    def to_json(self) -> dict[str, object]:
        """``{"of": "partie 2", "a": {...}, "b": null}``."""
        return {
            "of": self.key,
            "a": None if self.a is None else dict(self.a.data),
            "b": None if self.b is None else dict(self.b.data),
        }


@dataclass(frozen=True)
class Comparison:
    """Two lists compared: the games where they differ, in order, and the players whose totals
    differ, in list A's order (or, for a family that compares results rather than totals, the
    parts of the result that differ, in order)."""

    games_a: int
    games_b: int
    """How many numbered entries each list has."""
    differences: tuple[Difference, ...]
    totals: tuple[TotalDifference, ...]
    results: tuple[OutcomeDifference, ...] = ()

    @property
    def agree(self) -> bool:
        """Every game and every total (every part of the result) the same."""
        return not self.differences and not self.totals and not self.results

    def to_json(self) -> dict[str, object]:
        """``{"agree": false, "differences": [...], "totals": {"Ben": {"a": 72, "b": 96,
        "difference": -24}}}``."""
        out: dict[str, object] = {
            "agree": self.agree,
            "differences": [d.to_json() for d in self.differences],
            "totals": {
                t.player: {"a": t.a, "b": t.b, "difference": t.difference} for t in self.totals
            },
        }
        if self.results:
            out["results"] = [r.to_json() for r in self.results]
        return out


# --- what is compared ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Prepared:
    """An entry ready to compare: each field as canonical JSON text (names as their key), and
    the key of the whole entry (its facts and value): two entries with one key are the same."""

    entry: ComparedEntry
    fields: Mapping[str, str]
    key: str


def _canonical(value: object, names: frozenset[str]) -> object:
    """A JSON value with every player's name (a string or a key) as its name key, so that
    ``Jürgen`` and ``JÜRGEN`` are one declarer in the two lists."""
    if isinstance(value, str):
        key = same_name(value)
        return key if key in names else value
    if isinstance(value, Mapping):
        return {_canonical(k, names): _canonical(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(v, names) for v in value]
    return value


def _text(value: object) -> str:
    """Canonical JSON: ``true`` is not ``1``, and key order does not count."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _prepare(entry: ComparedEntry, names: frozenset[str], ignore: Collection[str]) -> _Prepared:
    fields = {
        name: _text(_canonical(value, names))
        for name, value in entry.facts.items()
        if name not in ignore
    }
    return _Prepared(entry, fields, _text([sorted(fields.items()), entry.value]))


@dataclass(frozen=True)
class _Groups:
    """The field groups of a comparison: each field's group and its cost, and the order fields
    are listed in (by group, then by the group's order; a field no group names: last, by
    name)."""

    groups: Sequence[FieldGroup]
    optional: Collection[str] = frozenset()
    _rank: dict[str, tuple[int, int]] = field(default_factory=dict)
    _cost: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for g, group in enumerate(self.groups):
            self._cost.setdefault(group.name, group.cost)
            for f, name in enumerate(group.fields):
                self._rank.setdefault(name, (g, f))

    def kind(self, field: str) -> str:
        rank = self._rank.get(field)
        return VALUE if rank is None else self.groups[rank[0]].name

    def cost(self, kind: str) -> int:
        return self._cost.get(kind, VALUE_COST)

    def rank(self, field: str) -> tuple[int, int, str]:
        return (*self._rank.get(field, (len(self.groups), 0)), field)

    def differing(self, a: _Prepared, b: _Prepared) -> tuple[str, tuple[str, ...]]:
        """The kind of the difference of two entries that are not the same, and every field
        that differs, in order."""
        fields = sorted(
            (
                f
                for f in {*a.fields, *b.fields}
                if a.fields.get(f, _ABSENT) != b.fields.get(f, _ABSENT)
                and (f not in self.optional or (f in a.fields and f in b.fields))
            ),
            key=self.rank,
        )
        return (self.kind(fields[0]) if fields else VALUE), tuple(fields)

    def same(self, a: _Prepared, b: _Prepared) -> bool:
        """Two entries are the same game: the same facts (a detail only one of them gives
        aside) and the same value."""
        if a.key == b.key:
            return True
        return a.entry.value == b.entry.value and not self.differing(a, b)[1]


# --- the alignment ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Lists:
    """The two lists as aligned, with their field groups."""

    a: Sequence[_Prepared]
    b: Sequence[_Prepared]
    groups: _Groups
    _pairs: dict[tuple[int, int], int] = field(default_factory=dict)
    """The pair costs found so far: a wider band asks for the same pairs again."""
    _before: dict[str, list[int]] = field(default_factory=dict)

    def before(self, side: str, index: int) -> int:
        """How many numbered entries list ``side`` (``a`` or ``b``) has before ``index``."""
        counts = self._before.get(side)
        if counts is None:
            counts = [0]
            for p in self.a if side == "a" else self.b:
                counts.append(counts[-1] + p.entry.numbered)
            self._before[side] = counts
        return counts[index]

    def number(self, side: str, index: int, entry: ComparedEntry) -> int:
        """The number ``entry`` has (or would have) at ``index`` of list ``side``: a numbered
        entry the next number, one with no number of its own that of the entry before it."""
        return self.before(side, index) + entry.numbered

    def pair_cost(self, i: int, j: int) -> int:
        """The cost of A's game ``i`` and B's game ``j`` at one place, in :data:`_SCALE`
        parts of a group's cost (0: the same game): the cost of the group of their first
        differing field, and a part more for each field that differs."""
        cost = self._pairs.get((i, j))
        if cost is None:
            a, b = self.a[i], self.b[j]
            groups = self.groups
            if groups.same(a, b):
                cost = 0
            else:
                kind, fields = groups.differing(a, b)
                cost = groups.cost(kind) * _SCALE + min(len(fields), _SCALE - 1)
            self._pairs[i, j] = cost
        return cost


def _band(i: int, n: int, m: int, limit: int) -> range:
    """The places ``j`` of B an alignment of cost at most ``limit`` can pair with A's place
    ``i``: a path through (i, j) skips at least |i − j| games before it and |(n − i) − (m − j)|
    after it."""
    lead = n - m
    spare = (limit // _SKIP - abs(lead)) // 2
    low, high = min(0, lead) - spare, max(0, lead) + spare  # the bounds of i − j
    return range(max(0, i - high), min(m, i - low) + 1)


def _costs_to_end(lists: _Lists, limit: int) -> dict[tuple[int, int], int]:
    """The least cost of aligning the rest of both lists from each place (i, j) of the band."""
    n, m = len(lists.a), len(lists.b)
    cost: dict[tuple[int, int], int] = {}
    for i in range(n, -1, -1):
        for j in reversed(_band(i, n, m, limit)):
            options = [0] if (i, j) == (n, m) else []
            if i < n and j < m:
                options.append(lists.pair_cost(i, j) + cost.get((i + 1, j + 1), _FAR))
            if i < n:
                options.append(_SKIP + cost.get((i + 1, j), _FAR))
            if j < m:
                options.append(_SKIP + cost.get((i, j + 1), _FAR))
            cost[i, j] = min(options)
    return cost


def _step(lists: _Lists, cost: Mapping[tuple[int, int], int], i: int, j: int) -> tuple[int, int]:
    """The next place of the chosen alignment after (i, j): the two games at one place if that
    is as cheap as anything, else a game one list lacks (of two choices, the game whose key is
    first: a rule of the games, not of the lists, so that A against B mirrors B against A)."""
    here = cost[i, j]
    n, m = len(lists.a), len(lists.b)
    if i < n and j < m and lists.pair_cost(i, j) + cost.get((i + 1, j + 1), _FAR) == here:
        return i + 1, j + 1
    skip_a = i < n and _SKIP + cost.get((i + 1, j), _FAR) == here
    skip_b = j < m and _SKIP + cost.get((i, j + 1), _FAR) == here
    if skip_a and skip_b:
        return (i + 1, j) if lists.a[i].key < lists.b[j].key else (i, j + 1)
    return (i + 1, j) if skip_a else (i, j + 1)


def _align(lists: _Lists) -> list[tuple[int, int, int, int]]:
    """The alignment as steps (i, j) → (i', j'), from the start of both lists to their end.

    The cheapest alignment is found in a band around the diagonal that widens until it holds
    one: an alignment cheaper than ``limit`` never leaves the band of ``limit`` (see
    :func:`_band`), so the band's best is the best when it costs at most ``limit``; the band of
    ``_SKIP × (n + m)`` is the whole table and holds the alignment that skips every game.
    Lists that agree but for a few games take a narrow band: time about n × the differences.
    """
    n, m = len(lists.a), len(lists.b)
    limit = _SKIP * max(1, abs(n - m))
    cost = _costs_to_end(lists, limit)
    while cost[0, 0] > limit:  # the best in the band may leave it: widen until it does not
        limit *= 2
        cost = _costs_to_end(lists, limit)
    steps: list[tuple[int, int, int, int]] = []
    i = j = 0
    while (i, j) != (n, m):
        ni, nj = _step(lists, cost, i, j)
        steps.append((i, j, ni, nj))
        i, j = ni, nj
    return steps


def _difference(lists: _Lists, step: tuple[int, int, int, int]) -> Difference | None:
    """The difference one step of the alignment makes, if any."""
    i, j, ni, nj = step
    if ni == i:
        b_entry = lists.b[j].entry
        number_a, number_b = lists.number("a", i, b_entry), lists.number("b", j, b_entry)
        return Difference(MISSING_IN_A, number_a, number_b, None, b_entry)
    if nj == j:
        a_entry = lists.a[i].entry
        number_a, number_b = lists.number("a", i, a_entry), lists.number("b", j, a_entry)
        return Difference(MISSING_IN_B, number_a, number_b, a_entry, None)
    a, b = lists.a[i], lists.b[j]
    if lists.groups.same(a, b):
        return None
    kind, fields = lists.groups.differing(a, b)
    number_a, number_b = lists.number("a", i, a.entry), lists.number("b", j, b.entry)
    return Difference(kind, number_a, number_b, a.entry, b.entry, fields)


# --- the comparison --------------------------------------------------------------------------


def _check_players(totals_a: Mapping[str, int], totals_b: Mapping[str, int]) -> frozenset[str]:
    """The players' name keys, the same in both lists, or the refusal."""
    keys = frozenset(map(same_name, totals_a))
    if keys != frozenset(map(same_name, totals_b)):
        raise InputError(
            msg(
                "the two lists are not of the same players: A has {a}; B has {b}",
                a=join(list(totals_a), ", "),
                b=join(list(totals_b), ", "),
            )
        )
    return keys


def compare(
    a: Sequence[ComparedEntry],
    b: Sequence[ComparedEntry],
    totals_a: Mapping[str, int],
    totals_b: Mapping[str, int],
    *,
    ignore: Collection[str] = IGNORED_FIELDS,
    groups: Sequence[FieldGroup] = (),
    optional: Collection[str] = frozenset(),
    results: tuple[Sequence[Outcome], Sequence[Outcome]] | None = None,
) -> Comparison:
    """Lists A and B of one table compared: the games matched in order, then the totals.

    ``totals_a`` and ``totals_b`` name every player of each list with their total (American
    Grand: each player their pair's score); lists of other players (names compared by
    :func:`skatliste.players.same_name`) are refused with :class:`InputError`. Fields named
    in ``ignore`` are not compared; fields named in ``optional`` are compared only where both
    games give them (``Family.compared_optional``); ``groups`` are the family's field groups
    (``Family.compared``).
    With ``results`` (each list's :class:`Outcome` parts, for a family whose totals mean
    nothing across the list), those are compared (:func:`compare_outcomes`) and the totals
    name the players only.

    The games are aligned as in an edit distance: a game one list lacks costs
    :data:`SKIP_COST`, two games at one place cost 0 when they are the same (the same facts,
    names compared by their key, an optional detail only one of them gives aside, and the same
    value) and the cost of the group of their first differing field otherwise, always less
    than two skipped games, with a sixteenth more for each field that differs. The cheapest
    alignment is taken, so a game missing in one list is one ``missing_in_*`` difference after
    which the lists agree again, a changed game is one difference at its place, and around a
    missing game the games are paired so that the fewest fields differ.

    Of alignments that cost the same, the one taken is found from the start: at each place,
    the two games at one place if that is as cheap as anything (so of two equal games in a
    row, the first is matched and the second reported missing), else the game one list lacks
    whose key (its facts and value as canonical JSON) sorts first. The rule looks at the games,
    never at which list is A, so ``compare(b, a)`` reports the same differences mirrored.
    """
    names = _check_players(totals_a, totals_b)
    field_groups = _Groups(groups, frozenset(optional))
    lists = _Lists(
        [_prepare(e, names, ignore) for e in a],
        [_prepare(e, names, ignore) for e in b],
        field_groups,
    )
    found = (_difference(lists, step) for step in _align(lists))
    differences = tuple(d for d in found if d is not None)
    count_a, count_b = (sum(e.numbered for e in entries) for entries in (a, b))
    if results is not None:
        outcomes = compare_outcomes(*results)
        return Comparison(count_a, count_b, differences, (), outcomes)
    by_key = {same_name(p): total for p, total in totals_b.items()}
    totals = tuple(
        TotalDifference(p, total, by_key[same_name(p)])
        for p, total in totals_a.items()
        if total != by_key[same_name(p)]
    )
    return Comparison(count_a, count_b, differences, totals)


def compare_outcomes(a: Sequence[Outcome], b: Sequence[Outcome]) -> tuple[OutcomeDifference, ...]:
    """The parts of two lists' results that differ, paired by their key: list A's in its
    order, then those only list B has."""
    by_key = {o.key: o for o in b}
    keys = {o.key for o in a}
    out = [
        OutcomeDifference(o, by_key.get(o.key))
        for o in a
        if o.key not in by_key or by_key[o.key].data != o.data
    ]
    out += [OutcomeDifference(None, o) for o in b if o.key not in keys]
    return tuple(out)


# --- the text -------------------------------------------------------------------------------


def difference_line(d: Difference, after: Namer = after_game) -> Message:
    """One difference as the CLI prints it:
    ``Spiel 17: A "Anna kreuz mit 2 hand" +72 — B "Anna kreuz mit 2" +48``; an entry with no
    number of its own (an end of a partie) is named by ``after`` (:data:`Namer`)."""
    if d.b is None:
        assert d.a is not None  # a difference holds at least one game
        said = {"a": d.a.words, "value_a": signed(d.a.value)}
        if d.a.numbered:
            return msg('game {number}: A "{a}" {value_a} — missing in B', number=d.game_a, **said)
        return msg('{where}: A "{a}" {value_a} — missing in B', where=after(d.game_a), **said)
    if d.a is None:
        said = {"b": d.b.words, "value_b": signed(d.b.value)}
        if d.b.numbered:
            return msg(
                'B\'s game {number}: "{b}" {value_b} — missing in A', number=d.game_b, **said
            )
        return msg('B\'s {where}: "{b}" {value_b} — missing in A', where=after(d.game_b), **said)
    both = {
        "a": d.a.words,
        "value_a": signed(d.a.value),
        "b": d.b.words,
        "value_b": signed(d.b.value),
    }
    if not (d.a.numbered and d.b.numbered):
        return msg(
            'A\'s {where} against B\'s {where_b}: "{a}" {value_a} — "{b}" {value_b}',
            where=_place(d.a, d.game_a, after),
            where_b=_place(d.b, d.game_b, after),
            **both,
        )
    if d.game_a == d.game_b:
        return msg('game {number}: A "{a}" {value_a} — B "{b}" {value_b}', number=d.game_a, **both)
    return msg(
        'game {number} (in B game {number_b}): A "{a}" {value_a} — B "{b}" {value_b}',
        number=d.game_a,
        number_b=d.game_b,
        **both,
    )


def outcome_line(d: OutcomeDifference) -> Message:
    """A part of the result that differs:
    ``Ergebnis von Partie 1: A Spiele 1 bis 4, vorläufig: … — B Spiel 1, beendet (von Hand
    beendet): …``."""
    if d.b is None:
        assert d.a is not None  # a difference holds at least one outcome
        return msg("result of {name}: A {a} — missing in B", name=d.a.name, a=d.a.said)
    if d.a is None:
        return msg("result of {name}: missing in A — B {b}", name=d.b.name, b=d.b.said)
    return msg("result of {name}: A {a} — B {b}", name=d.a.name, a=d.a.said, b=d.b.said)


def total_line(t: TotalDifference) -> Message:
    """A total that differs: ``Summe Ben: A +72 — B +96 (Unterschied −24)``, each number
    signed as on the sheet."""
    return msg(
        "total {player}: A {a} — B {b} (difference {difference})",
        player=t.player,
        a=signed(t.a),
        b=signed(t.b),
        difference=signed(t.difference),
    )


def _differ_in(differences: Sequence[Difference]) -> Message:
    """The last line's count: the games that differ, and apart from them the entries with no
    number of their own (an end of a partie is no game)."""
    games = sum(d.numbered for d in differences)
    others = len(differences) - games
    if not others:
        return nmsg("the lists differ in {count} game", "the lists differ in {count} games", games)
    entries = nmsg(
        "{count} entry with no number of its own",
        "{count} entries with no number of their own",
        others,
    )
    if not games:
        return msg("the lists differ in {entries}", entries=entries)
    return nmsg(
        "the lists differ in {count} game and {entries}",
        "the lists differ in {count} games and {entries}",
        games,
        entries=entries,
    )


def report_lines(c: Comparison, after: Namer = after_game) -> tuple[Message, ...]:
    """The comparison as the CLI prints it: each difference (an entry with no number of its
    own named by ``after``),
    each total (each part of the result) that differs, and a last line that says whether the
    lists agree."""
    lines = [difference_line(d, after) for d in c.differences]
    lines += [total_line(t) for t in c.totals] + [outcome_line(r) for r in c.results]
    if c.agree:
        last = nmsg("the lists agree: {count} game", "the lists agree: {count} games", c.games_a)
    elif c.differences:
        last = _differ_in(c.differences)
    elif c.totals:
        last = msg("the lists differ in their totals only")
    else:
        last = msg("the lists differ in their results only")
    return (*lines, last)
