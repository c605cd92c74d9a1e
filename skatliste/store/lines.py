"""A list file's games read a distinct line at a time.

A long list repeats few distinct games: 100,000 games of a season are a few hundred different
lines, told apart only by their time. The file as ``dumps`` writes it has each game on a line
of its own, so the strict reader (``lists``) can read each distinct line once, by the same
definition and checks as the whole file, and give every later game with that line its own
time. Nothing here decides what a file holds: a file laid out otherwise (a hand edit), or any
line that is not a sound entry, is read whole by the strict reader, which names what is wrong.

Why the two ways read the same list: the file is cut into the games' lines and the rest (the
*skeleton*: the file with a single marker string in place of the games). The skeleton must
read as JSON with its ``games`` holding only the marker, so the cut is the games array of the
file's top level; each line must be ``    {...},`` (the last without the comma) and read as one
JSON object. A JSON array whose items are such objects, a comma and white space between them,
is exactly those objects, so the whole file reads as the skeleton with those objects as its
games. The marker holds the character NUL, written ``\\u0000``: a file that writes it outside
its games is read whole, so the marker found is the one put in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Final, Generic, NamedTuple, TypeVar, overload

E = TypeVar("E")

MARKER: Final = "\x00games"
"""The string put in place of the games in the skeleton."""
_OPEN: Final = '\n  "games": [\n'
_CLOSE: Final = '\n  ],\n  "history": ['
"""What follows the games as ``dumps`` writes them (the history's lines come after)."""
_INDENT: Final = "    {"
_TIME: Final = ',"time":"'
_SPACED: Final = ', "time": "'
"""The time as an earlier version wrote it (a space after each comma and colon)."""


def cut(text: str) -> tuple[str, list[str]] | None:
    """The skeleton of ``text`` (its games replaced by ``MARKER``) and the games' lines, or
    None when the file is not laid out as ``dumps`` writes it (an empty games array too: there
    is nothing to gain)."""
    start = text.find(_OPEN)
    if start < 0:
        return None
    first = start + len(_OPEN)
    end = text.rfind(_CLOSE)
    head, tail = text[:first], text[end:]
    if end < first or "\\u0000" in head or "\\u0000" in tail:
        return None
    return f'{head}"\\u0000games"{tail}', text[first:end].split("\n")


_KIND: Final = '{"kind":"'
_DECLARER: Final = ',"declarer":"'


def without_declarer(body: str) -> tuple[str | None, str]:
    """A game's JSON object as ``dumps`` writes it (its kind, then its declarer) split into
    the declarer and the object without it: a tournament's lists hold the same few games
    played by a thousand players. ``(None, body)`` when it is written otherwise."""
    if body.startswith(_KIND):
        end_kind = body.find('"', len(_KIND))
        if body.startswith(_DECLARER, end_kind + 1):
            start = end_kind + 1 + len(_DECLARER)
            end = body.find('"', start)
            name = body[start:end]
            if end > 0 and "\\" not in name and name.isprintable():
                return name, body[: end_kind + 1] + body[end + 1 :]
    return None, body


class Games(NamedTuple, Generic[E]):
    """A list's game lines read: entry ``i`` is ``distinct[which[i]]`` (the first entry read
    with its line) with the time ``times[i]``; :func:`made` makes the entries."""

    distinct: list[E]
    which: list[int]
    times: Sequence[str | None]


def made(games: Games[E], timed: Callable[[E, str | None], E]) -> list[E]:
    """The entries of ``games``, each an entry of its own (``timed(entry, time)``: ``entry``
    with that time)."""
    return list(map(timed, map(games.distinct.__getitem__, games.which), games.times))


class Repeated(Sequence[E]):
    """The entries of ``games`` but for their times: each its line's first entry, none made
    (what a walk that reads no time needs of a long list)."""

    __slots__ = ("_distinct", "_which")

    def __init__(self, games: Games[E]) -> None:
        self._distinct, self._which = games.distinct, games.which

    def __len__(self) -> int:
        return len(self._which)

    @overload
    def __getitem__(self, index: int) -> E: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[E]: ...
    def __getitem__(self, index: int | slice) -> E | Sequence[E]:
        if isinstance(index, slice):
            return list(map(self._distinct.__getitem__, self._which[index]))
        return self._distinct[self._which[index]]

    def __iter__(self) -> Iterator[E]:
        return map(self._distinct.__getitem__, self._which)


def read_games(
    lines: Sequence[str], read_one: Callable[[str, str | None], E | None]
) -> Games[E] | None:
    """The entries of the games' ``lines``, or None when one of them is not read here.

    ``read_one(json, time)`` reads one entry from its JSON object, strictly: None when it is
    not a sound entry. The object comes with its ``"time"`` cut out and given as ``time``
    when the line ends with it (as ``dumps`` writes a game, and earlier versions did with a
    space after each comma and colon); else ``time`` is None and the object is the whole
    line. Each distinct line (without its time) is read once; every game gets its time
    (:func:`made` an entry of its own). ``lines`` holds one line at least, as ``cut`` gives
    them.
    """
    games = _stamped(lines, read_one)
    return _each(lines, read_one) if games is None else games


def _stamped(
    lines: Sequence[str], read_one: Callable[[str, str | None], E | None]
) -> Games[E] | None:
    """``read_games`` of lines that each end in their time as ``dumps`` writes a game (but
    the last, read as it is), every time checked at once; None when one is written
    otherwise, or a time is not as JSON reads it (``_each`` reads such lines)."""
    stamped: dict[str, int] = {}
    get = stamped.get
    distinct: list[E] = []
    which: list[int] = []
    times: list[str] = []
    new, at_line, stamp = distinct.append, which.append, times.append
    for line in lines[:-1]:
        at = line.rfind(_TIME) if line[-3:] == '"},' else -1
        if at <= 0:
            return None
        key = line[:at]
        number = get(key)
        if number is None:
            entry = _first(line, key, line[at + len(_TIME) : -3], read_one)
            if entry is None:
                return None
            number = stamped[key] = len(distinct)
            new(entry)
        at_line(number)
        stamp(line[at + len(_TIME) : -3])
    # as JSON reads a time: no quote, no escape, no control character (JSON has none raw)
    told = "".join(times)
    if '"' in told or "\\" in told or not told.isprintable():
        return None
    entry = _last(lines, read_one)
    if entry is None:
        return None
    at_line(len(distinct))
    new(entry)
    return Games(distinct, which, [*times, entry_time(entry)])


def _each(lines: Sequence[str], read_one: Callable[[str, str | None], E | None]) -> Games[E] | None:
    """``read_games`` a line at a time: each line as it is written."""
    stamped: dict[str, int] = {}
    """Where in ``distinct`` what a line ending in its time holds is, by the line up to its
    time."""
    plain: dict[str, int] = {}
    """Where what another line holds is, by the whole line."""
    distinct: list[E] = []
    which: list[int] = []
    times: list[str | None] = []
    new, at_line, stamp = distinct.append, which.append, times.append
    for line in lines[:-1]:
        # the common line: '    {...,"time":"..."},' read once up to its time
        at, skip = (line.rfind(_TIME), len(_TIME)) if line[-3:] == '"},' else (-1, 0)
        if at < 0 and skip:
            at, skip = line.rfind(_SPACED), len(_SPACED)
        if at > 0:
            time = line[at + skip : -3]
            # as JSON reads it: no quote, no escape, no control character (JSON has none raw)
            if '"' not in time and "\\" not in time and time.isprintable():
                key = line[:at]
                number = stamped.get(key)
                if number is None:
                    entry = _first(line, key, time, read_one)
                    if entry is None:
                        return None
                    number = stamped[key] = len(distinct)
                    new(entry)
                at_line(number)
                stamp(time)
                continue
        # any other line: '    {...},' read once as it is
        number = plain.get(line)
        if number is None:
            if not line.endswith("},"):
                return None
            entry = _first(line, line[:-1], None, read_one)
            if entry is None:
                return None
            number = plain[line] = len(distinct)
            new(entry)
        at_line(number)
        stamp(entry_time(distinct[number]))
    entry = _last(lines, read_one)
    if entry is None:
        return None
    at_line(len(distinct))
    new(entry)
    stamp(entry_time(entry))
    return Games(distinct, which, times)


def _last(lines: Sequence[str], read_one: Callable[[str, str | None], E | None]) -> E | None:
    """The entry of the games' last line (no comma after it), read as it is."""
    last = lines[-1]
    return _first(last, last, None, read_one) if last.endswith("}") else None


def _first(
    line: str, head: str, time: str | None, read_one: Callable[[str, str | None], E | None]
) -> E | None:
    """The entry of the first line read with ``head`` (the line up to its time, or without
    its comma): the JSON object is ``head`` after the indent, closed."""
    if not line.startswith(_INDENT):
        return None
    return read_one(head[4:] + "}" if time is not None else head[4:], time)


def entry_time(entry: object) -> str | None:
    """An entry's time (every entry kind has one)."""
    time: str | None = getattr(entry, "time")  # noqa: B009 - any family's entry
    return time
