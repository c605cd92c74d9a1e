"""A club's season, pure: the series results of its evenings, the season rules, the standing
(Vereinsmeisterschaft), a player's history and the club ranking of a cup. No files.

Every number is derived from the series results on each call, so a changed rule or a corrected
list changes the standing (rules §S). A score is exact (a :class:`~fractions.Fraction`); an
average is rounded to two decimals, half up, only where it is shown (:func:`shown`).

>>> rules = SeasonRules(drop=1)
>>> def r(name, day, sf):
...     return SeriesResult(date(2027, 1, day), "s1", name, None, 4, 0, 0, 0, sf)
>>> results = [r("Anna", day, sf) for day, sf in [(1, 900), (2, 300), (3, 700)]]
>>> [(line.place, line.name, line.shown, line.dropped) for line in standing(results, rules)]
[(1, 'Anna', 1600, (300,))]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skatliste.errors import InputError
from skatliste.i18n import msg
from skatliste.players import same_name
from skatliste.seeger_fabian import SEEGER_FABIAN_OPPONENT

if TYPE_CHECKING:
    from skatliste.families import Family

# --- the rules ---------------------------------------------------------------------------


class ScoreKind(Enum):
    """What one series scores for a player in the season."""

    SEEGER_FABIAN = "seeger-fabian"
    """The Seeger-Fabian points of that series at that table (rules §7): the default."""
    POINTS = "points"
    """The list points of that series alone, as a club evening without Seeger-Fabian writes."""


class Rule(Enum):
    """How the counted series make a player's season score."""

    SUM = "sum"
    """The counted series added up (plus the attendance points): the default."""
    AVERAGE = "average"
    """The mean of the counted series, exact, shown rounded half up to two decimals."""


MAX_COUNT = 10_000
"""The most a season rule's count may be (series, evenings, points an evening)."""


@dataclass(frozen=True)
class SeasonRules:
    """A season's rules, checked when made (rules §S). At most one of ``best``, ``drop`` and
    ``drop_from`` (with ``drop_every`` and an optional ``drop_max``).

    >>> SeasonRules(best=10).best
    10
    >>> SeasonRules(best=10, drop=2)
    Traceback (most recent call last):
    ...
    skatliste.errors.InputError: give at most one of: the best series, the worst dropped, \
dropped from a series on
    """

    score: ScoreKind = ScoreKind.SEEGER_FABIAN
    rule: Rule = Rule.SUM
    best: int | None = None
    """Only the player's ``best`` best series count."""
    drop: int | None = None
    """The player's ``drop`` worst series do not count (only with more series than that)."""
    drop_from: int | None = None
    """From the ``drop_from``-th series on one series is dropped ..."""
    drop_every: int | None = None
    """... and one more at every ``drop_every``-th series after it ..."""
    drop_max: int | None = None
    """... at most ``drop_max`` (None: no limit)."""
    min_series: int = 0
    """Fewer series played than this: listed below the ranked players, without a place."""
    min_evenings: int = 0
    """Fewer evenings attended than this: listed below the ranked players, without a place."""
    attendance: int = 0
    """Points for every evening attended (only with the sum)."""

    def __post_init__(self) -> None:
        chosen = [x for x in (self.best, self.drop, self.drop_from) if x is not None]
        if len(chosen) > 1:
            raise InputError(
                msg(
                    "give at most one of: the best series, the worst dropped, "
                    "dropped from a series on"
                )
            )
        for what, value in (
            (msg("the best series counted"), self.best),
            (msg("the worst series dropped"), self.drop),
            (msg("the series the dropping starts from"), self.drop_from),
            (msg("one more dropped every how many series"), self.drop_every),
            (msg("the most series dropped"), self.drop_max),
        ):
            if value is not None and value < 1:
                raise InputError(
                    msg("{what}: {value} — the number is at least 1", what=what, value=value)
                )
        self._check_drop_from()
        for what, count in (
            (msg("the fewest series to be ranked"), self.min_series),
            (msg("the fewest evenings to be ranked"), self.min_evenings),
            (msg("the points for an evening attended"), self.attendance),
        ):
            if count < 0:
                raise InputError(
                    msg("{what}: {value} — the number is 0 or more", what=what, value=count)
                )
        if self.attendance and self.rule is Rule.AVERAGE:
            raise InputError(
                msg("attendance points are added to a sum: they do not go with the average")
            )

    def check_counts(self) -> None:
        """Refuses a count above ``MAX_COUNT``: no club plays that many series or evenings (a
        season file an earlier version wrote with more still opens; a change is checked).

        >>> SeasonRules(best=MAX_COUNT).check_counts()
        >>> SeasonRules(attendance=MAX_COUNT + 1).check_counts()
        Traceback (most recent call last):
        ...
        skatliste.errors.InputError: the points for an evening attended: 10001 — the number is \
at most 10000
        """
        for what, value in (
            (msg("the best series counted"), self.best),
            (msg("the worst series dropped"), self.drop),
            (msg("the series the dropping starts from"), self.drop_from),
            (msg("one more dropped every how many series"), self.drop_every),
            (msg("the most series dropped"), self.drop_max),
            (msg("the fewest series to be ranked"), self.min_series),
            (msg("the fewest evenings to be ranked"), self.min_evenings),
            (msg("the points for an evening attended"), self.attendance),
        ):
            if value is not None and value > MAX_COUNT:
                raise InputError(
                    msg(
                        "{what}: {value} — the number is at most {most}",
                        what=what,
                        value=value,
                        most=MAX_COUNT,
                    )
                )

    def _check_drop_from(self) -> None:
        if self.drop_from is not None and self.drop_every is None:
            raise InputError(
                msg(
                    "a drop from a series on needs the step: one more dropped every how many series"
                )
            )
        if self.drop_from is None and (self.drop_every is not None or self.drop_max is not None):
            raise InputError(
                msg("the step and the most dropped need the series the dropping starts from")
            )

    def dropped_count(self, series: int) -> int:
        """How many of a player's ``series`` series do not count.

        >>> rules = SeasonRules(drop_from=30, drop_every=5, drop_max=5)
        >>> [rules.dropped_count(n) for n in (29, 30, 34, 35, 40, 70)]
        [0, 1, 1, 2, 3, 5]
        >>> SeasonRules(best=10).dropped_count(12), SeasonRules(drop=2).dropped_count(2)
        (2, 0)
        """
        if self.best is not None:
            return max(0, series - self.best)
        if self.drop is not None:
            # only a player with more series than are dropped loses any: one left counts
            return self.drop if series > self.drop else 0
        if self.drop_from is not None and self.drop_every is not None and series >= self.drop_from:
            grown = 1 + (series - self.drop_from) // self.drop_every
            if self.drop_max is not None:
                grown = min(grown, self.drop_max)
            return min(grown, series - 1)  # one series always counts
        return 0


# --- series results ------------------------------------------------------------------------


@dataclass(frozen=True)
class SeriesResult:
    """One player's result of one series on one evening: what the season is made of."""

    evening: date
    series: str
    """The series' key within the evening (a list's path, a tournament's table list)."""
    name: str
    club: str | None
    table: int
    """The players at the table: 3 or 4."""
    points: int
    won: int
    lost: int
    seeger_fabian: int


# --- names and aliases ---------------------------------------------------------------------


def resolve_aliases(aliases: Mapping[str, str]) -> dict[str, str]:
    """Each spelling's key mapped to the key of the name it joins, chains followed to their end
    (``season alias NAME OTHER``: OTHER is NAME). A spelling joined to itself or a circle is
    refused.

    >>> resolve_aliases({"Hans Jürgen": "Hans-Jürgen", "HJ": "hans jürgen"})
    {'hans jürgen': 'hans-jürgen', 'hj': 'hans-jürgen'}
    """
    step = {same_name(other): same_name(name) for other, name in aliases.items()}
    for other, name in aliases.items():
        if same_name(other) == same_name(name):
            raise InputError(
                msg("'{name}' and '{other}' are one name already", name=name, other=other)
            )
    out: dict[str, str] = {}
    for start in step:
        seen = [start]
        key = step[start]
        while key in step:
            if key in seen:
                raise InputError(msg("the aliases of '{name}' go round in a circle", name=start))
            seen.append(key)
            key = step[key]
        out[start] = key
    return out


def check_alias(results: Sequence[SeriesResult], aliases: Mapping[str, str]) -> None:
    """Refuses aliases that join two players who both have a result in one series: they are
    two players, not two spellings of one (a circle or a name joined to itself as well)."""
    joined = resolve_aliases(aliases)
    seen: dict[tuple[date, str, str], str] = {}
    for r in results:
        who = (r.evening, r.series, _person(r.name, joined))
        first = seen.setdefault(who, r.name)
        if same_name(first) != same_name(r.name):
            raise InputError(
                msg(
                    "'{name}' and '{other}' both have a result in {evening}, series {series}: "
                    "two players, not two spellings of one",
                    name=first,
                    other=r.name,
                    evening=r.evening.isoformat(),
                    series=r.series,
                )
            )


def _check_results(results: Sequence[SeriesResult], joined: Mapping[str, str]) -> None:
    seen: set[tuple[date, str, str]] = set()
    for r in results:
        if r.table not in SEEGER_FABIAN_OPPONENT:
            raise InputError(
                msg(
                    "{evening}, series {series}: a table of {count}: a table has 3 or 4 players",
                    evening=r.evening.isoformat(),
                    series=r.series,
                    count=r.table,
                )
            )
        who = (r.evening, r.series, _person(r.name, joined))
        if who in seen:
            raise InputError(
                msg(
                    "{evening}, series {series}: '{name}' has two results",
                    evening=r.evening.isoformat(),
                    series=r.series,
                    name=r.name,
                )
            )
        seen.add(who)


def _person(name: str, joined: Mapping[str, str]) -> str:
    key = same_name(name)
    return joined.get(key, key)


# --- the standing ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Counted:
    """One series of a player in the season, with its score and whether it counts."""

    evening: date
    series: str
    score: int
    counted: bool
    result: SeriesResult


@dataclass(frozen=True)
class SeasonLine:
    """A line of the season standing."""

    place: int | None
    """None for a player below the minimum ("nicht gewertet")."""
    name: str
    club: str | None
    series: int
    evenings: int
    counted: int
    score: Fraction
    """Exact: the sum (with attendance points) or the mean of the counted series."""
    shown: int | Decimal
    """The score as shown: the sum, or the average rounded half up to two decimals."""
    best: int | None
    """The best single series (None without a series)."""
    dropped: tuple[int, ...]
    """The scores of the series that do not count, highest first."""
    ranked: bool


def shown(score: Fraction, rule: Rule) -> int | Decimal:
    """A score as shown: a sum as it is; an average rounded half up (away from zero) to two
    decimals.

    >>> shown(Fraction(2000, 3), Rule.AVERAGE), shown(Fraction(-1, 8), Rule.AVERAGE)
    (Decimal('666.67'), Decimal('-0.13'))
    >>> shown(Fraction(1240), Rule.SUM), shown(Fraction(10), Rule.AVERAGE)
    (1240, Decimal('10.00'))
    """
    if rule is Rule.SUM:
        return math.floor(score)
    cents = math.floor(abs(score) * 100 + Fraction(1, 2))
    return (Decimal(cents) / 100 * (1 if score >= 0 else -1)).quantize(Decimal("0.01"))


def _series_score(r: SeriesResult, rules: SeasonRules) -> int:
    return r.seeger_fabian if rules.score is ScoreKind.SEEGER_FABIAN else r.points


def _choose(results: Sequence[SeriesResult], rules: SeasonRules) -> list[Counted]:
    """A player's series in the order played, each marked counted or dropped: the worst drop;
    of equal scores the later series drops first (the earlier one was there first)."""
    played = sorted(results, key=lambda r: (r.evening, r.series))
    drop = rules.dropped_count(len(played))
    worst_first = sorted(range(len(played)), key=lambda i: (_series_score(played[i], rules), -i))
    dropped = set(worst_first[:drop])
    return [
        Counted(r.evening, r.series, _series_score(r, rules), i not in dropped, r)
        for i, r in enumerate(played)
    ]


def _line(name: str, club: str | None, played: list[Counted], rules: SeasonRules) -> SeasonLine:
    counted = [c.score for c in played if c.counted]
    evenings = len({c.evening for c in played})
    if rules.rule is Rule.SUM:
        score = Fraction(sum(counted) + rules.attendance * evenings)
    else:
        score = Fraction(sum(counted), len(counted))  # one series always counts
    ranked = len(played) >= rules.min_series and evenings >= rules.min_evenings
    return SeasonLine(
        place=None,
        name=name,
        club=club,
        series=len(played),
        evenings=evenings,
        counted=len(counted),
        score=score,
        shown=shown(score, rules.rule),
        best=max((c.score for c in played), default=None),
        dropped=tuple(sorted((c.score for c in played if not c.counted), reverse=True)),
        ranked=ranked,
    )


def _players(
    results: Sequence[SeriesResult], aliases: Mapping[str, str]
) -> dict[str, tuple[str, str | None, list[SeriesResult]]]:
    """Each person's key: (the name shown, the club, their results). The name shown is the one
    an alias joins to, else the spelling of the first series; the club the latest one given."""
    joined = resolve_aliases(aliases)
    _check_results(results, joined)
    shown_as = {same_name(name): name for name in aliases.values()}
    people: dict[str, tuple[str, str | None, list[SeriesResult]]] = {}
    for r in sorted(results, key=lambda r: (r.evening, r.series)):
        key = _person(r.name, joined)
        name, club, mine = people.get(key, (shown_as.get(key, r.name), None, []))
        mine.append(r)
        people[key] = (name, r.club if r.club is not None else club, mine)
    return people


def _order(line: SeasonLine) -> tuple[Fraction, int]:
    # rules §S: the score, then more series played; what is equal then shares the place
    return (-line.score, -line.series)


def standing(
    results: Sequence[SeriesResult],
    rules: SeasonRules,
    aliases: Mapping[str, str] | None = None,
) -> list[SeasonLine]:
    """The season standing: the ranked players by score, then more series, equal ones sharing
    a place (1., 2., 2., 4.); below them the players short of the minimum, in the same order,
    without a place.

    >>> rules = SeasonRules(min_series=2)
    >>> def r(name, day, sf):
    ...     return SeriesResult(date(2027, 1, day), "s1", name, None, 4, 0, 0, 0, sf)
    >>> got = standing([r("A", 1, 500), r("B", 1, 700), r("A", 2, 200), r("C", 1, 400),
    ...                 r("C", 2, 300)], rules)
    >>> [(x.place, x.name, x.shown) for x in got]
    [(1, 'A', 700), (1, 'C', 700), (None, 'B', 700)]
    """
    people = _players(results, aliases or {})
    lines = [_line(name, club, _choose(mine, rules), rules) for name, club, mine in people.values()]
    lines.sort(key=lambda x: (*_order(x), same_name(x.name)))
    ranked = [x for x in lines if x.ranked]
    out: list[SeasonLine] = []
    for pos, x in enumerate(ranked):
        place = out[-1].place if out and _order(out[-1]) == _order(x) else pos + 1
        out.append(replace(x, place=place))
    return out + [x for x in lines if not x.ranked]


# --- a player's history ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerHistory:
    """Every series of one player in the season, in the order played, and the season line."""

    line: SeasonLine
    series: tuple[Counted, ...]


def player_history(
    results: Sequence[SeriesResult],
    rules: SeasonRules,
    name: str,
    aliases: Mapping[str, str] | None = None,
) -> PlayerHistory:
    """One player's evenings and series, each with its score, counted or dropped.

    >>> def r(name, day, sf):
    ...     return SeriesResult(date(2027, 1, day), "s1", name, None, 4, 0, 0, 0, sf)
    >>> got = player_history([r("Anna", 1, 900), r("anna", 2, 100)], SeasonRules(best=1), "ANNA")
    >>> [(c.evening.day, c.score, c.counted) for c in got.series], got.line.shown
    ([(1, 900, True), (2, 100, False)], 900)
    """
    aliases = aliases or {}
    people = _players(results, aliases)
    key = _person(name, resolve_aliases(aliases))
    if key not in people:
        raise InputError(msg("no player '{name}' in the season", name=name))
    shown_name = people[key][0]
    line = next(x for x in standing(results, rules, aliases) if x.name == shown_name)
    return PlayerHistory(line=line, series=tuple(_choose(people[key][2], rules)))


# --- the club ranking -----------------------------------------------------------------------


@dataclass(frozen=True)
class ClubLine:
    """A club's line of a cup: the sum of its best ``size`` players' season scores."""

    place: int
    club: str
    score: Fraction
    members: tuple[tuple[str, Fraction], ...]
    """The players counted, best first, with their season scores."""
    short: bool
    """The club has fewer ranked players than the team size: it ranks with what it has."""


def club_ranking(lines: Sequence[SeasonLine], *, size: int = 4) -> list[ClubLine]:
    """Clubs ranked by the sum of their best ``size`` ranked players' season scores; a player
    without a club or without a place is in no club's team; equal sums share a place.

    >>> lines = standing([SeriesResult(date(2027, 1, 1), "s", n, c, 4, 0, 0, 0, sf)
    ...                   for n, c, sf in [("A", "X", 900), ("B", "X", 100), ("C", "Y", 950)]],
    ...                  SeasonRules())
    >>> [(x.place, x.club, x.score, x.short) for x in club_ranking(lines, size=2)]
    [(1, 'X', Fraction(1000, 1), False), (2, 'Y', Fraction(950, 1), True)]
    """
    if size < 1:
        raise InputError(msg("a team of {size}: a team has at least 1 player", size=size))
    clubs: dict[str, list[SeasonLine]] = {}
    for x in lines:
        if x.club and x.ranked:
            clubs.setdefault(x.club, []).append(x)
    made = []
    for club, members in clubs.items():
        best = sorted(members, key=lambda m: (*_order(m), same_name(m.name)))[:size]
        made.append(
            (
                sum((m.score for m in best), Fraction(0)),
                club,
                tuple((m.name, m.score) for m in best),
                len(members) < size,
            )
        )
    made.sort(key=lambda m: (-m[0], same_name(m[1])))
    out: list[ClubLine] = []
    for pos, (total, club, members_, short) in enumerate(made):
        place = out[-1].place if out and out[-1].score == total else pos + 1
        out.append(ClubLine(place, club, total, members_, short))
    return out


# --- the season's progress --------------------------------------------------------------------


def progress(
    results: Sequence[SeriesResult],
    rules: SeasonRules,
    aliases: Mapping[str, str] | None = None,
    *,
    top: int = 4,
) -> tuple[tuple[date, ...], dict[str, list[Fraction]]]:
    """The evenings, and the season score of the ``top`` first of the standing after each of
    them: the standing of the evenings up to that one, under the same rules (a player not yet
    there has 0).

    >>> def r(name, day, sf):
    ...     return SeriesResult(date(2027, 1, day), "s1", name, None, 4, 0, 0, 0, sf)
    >>> days, lines = progress([r("A", 1, 500), r("B", 2, 700), r("A", 2, 100)], SeasonRules())
    >>> [d.day for d in days], {n: [int(v) for v in line] for n, line in lines.items()}
    ([1, 2], {'B': [0, 700], 'A': [500, 600]})
    """
    final = standing(results, rules, aliases)[:top]
    days = tuple(sorted({r.evening for r in results}))
    lines: dict[str, list[Fraction]] = {x.name: [] for x in final}
    for day in days:
        then = {
            x.name: x.score
            for x in standing([r for r in results if r.evening <= day], rules, aliases)
        }
        for name, line in lines.items():
            line.append(then.get(name, Fraction(0)))
    return days, lines


# --- the season as read -----------------------------------------------------------------------


@dataclass(frozen=True)
class Missing:
    """A path of an evening that is not there (named in every standing)."""

    date: str
    path: str


@dataclass(frozen=True)
class Standing:
    """The season standing, with what it was read from."""

    name: str
    rules: SeasonRules
    lines: list[SeasonLine]
    evenings: int
    missing: list[Missing]


@dataclass(frozen=True)
class PlayerPage:
    """One player's season: the line, every series, the statistics of the lists played."""

    name: str
    history: PlayerHistory
    stats: Any
    """The numbers of ``skatliste stats`` over the lists played, as ``family`` counts them
    (``Family.player_stats``)."""
    rules: SeasonRules
    missing: list[Missing]
    family: Family[Any, Any, Any]
    """The family of the player's lists, which shows ``stats``."""
