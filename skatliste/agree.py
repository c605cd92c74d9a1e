"""The list the table agrees on: signatures, protests and the closed list.

In organised Skat the list is a document: the players sign it at the end of the series, and a
disputed game goes to the referee with the list as evidence (docs/rules.md, "The list the
table agrees on"). A list keeps what happened as facts, in order: who signed, when, and what
they signed (the list's game count and a short fingerprint of its games); a reopening, with
its reason; a protest on a game, and the decision on it. Everything else is derived here:
the signatures that count (those since the last reopening, of the games the last one
covers), whether the list is closed
(every player has signed), the open protests, and a signature that no longer matches the
games (a hand edit after signing).

Pure and the same for every game family: the games are given as the facts their family's
codec stores, the players by name.

>>> players = ("Anna", "Ben", "Carl")
>>> games = [{"kind": "game", "declarer": "Anna", "game": "clubs"}]
>>> mark = fingerprint(games)
>>> facts: list[Fact] = [Signature("Anna", 1, mark, "2026-12-01T20:47:00+00:00")]
>>> standing(facts).closed(players)
False
>>> facts += [Signature(p, 1, mark, "2026-12-01T20:48:00+00:00") for p in ("Ben", "Carl")]
>>> standing(facts).closed(players)
True
>>> facts.append(Reopening("game 1 was Pik", "2026-12-01T20:50:00+00:00"))
>>> standing(facts).signatures
()
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from skatliste.errors import InputError
from skatliste.i18n import Message, join, msg, nmsg
from skatliste.players import same_name

FINGERPRINT_LENGTH = 8
"""Hex digits of a list's fingerprint: short enough to read aloud and to print, long enough
that a changed game changes it (one in four thousand million)."""


@dataclass(frozen=True)
class Signature:
    """A player signed the list: what they signed is its game count and its fingerprint."""

    player: str
    games: int
    fingerprint: str
    time: str


@dataclass(frozen=True)
class Reopening:
    """The list was reopened (the organiser, with a reason): the signatures before are void."""

    why: str
    time: str


@dataclass(frozen=True)
class Protest:
    """Game ``game`` is disputed: what the protest says (who, and about what)."""

    game: int
    text: str
    time: str
    removed: int | None = None
    """The history item its game went into (deleted or taken back): off the list with it."""


@dataclass(frozen=True)
class Decision:
    """The decision on protest number ``protest`` (1-based, in the order raised); ``edit``: the
    words the game was corrected to, when the decision changed it."""

    protest: int
    text: str
    time: str
    edit: str = ""


Fact = Signature | Reopening | Protest | Decision
"""What a list keeps about its agreement, in the order it happened."""


def fingerprint(games: Iterable[Mapping[str, object]]) -> str:
    """A short mark of the games exactly as they are stored (every field, the order of the
    games): what a signature covers.

    >>> fingerprint([{"kind": "passed"}])
    '4c85bc8c'
    >>> fingerprint([]) != fingerprint([{"kind": "passed"}])
    True
    """
    h = hashlib.sha256()
    for game in games:
        h.update(json.dumps(game, sort_keys=True, ensure_ascii=False).encode("utf-8"))
        h.update(b"\n")
    return h.hexdigest()[:FINGERPRINT_LENGTH]


@dataclass(frozen=True)
class Raised:
    """A protest with its number and its decision (None while it is open)."""

    number: int
    protest: Protest
    decision: Decision | None

    @property
    def open(self) -> bool:
        return self.decision is None


@dataclass(frozen=True)
class Standing:
    """What the facts say now: the signatures that count (since the last reopening, of the
    games the last signature covers, in the order given) and every protest with its
    decision."""

    signatures: tuple[Signature, ...]
    protests: tuple[Raised, ...]
    reopenings: int = 0

    def signature_of(self, player: str) -> Signature | None:
        """The player's signature that counts (their last since the reopening), or None."""
        key = same_name(player)
        found = [s for s in self.signatures if same_name(s.player) == key]
        return found[-1] if found else None

    def closed(self, players: Sequence[str]) -> bool:
        """Every player of the table has signed: the list takes no more changes."""
        return all(self.signature_of(p) is not None for p in players)

    @property
    def on_list(self) -> tuple[Raised, ...]:
        """The protests whose game is on the list (not gone into the history with it)."""
        return tuple(r for r in self.protests if r.protest.removed is None)

    @property
    def open_protests(self) -> tuple[Raised, ...]:
        return tuple(r for r in self.on_list if r.open)

    def signers(self, players: Sequence[str]) -> tuple[Signature, ...]:
        """The signatures that count, one per player, in the players' order."""
        found = (self.signature_of(p) for p in players)
        return tuple(s for s in found if s is not None)


def standing(facts: Sequence[Fact]) -> Standing:
    """The facts, in order, read into what they say now."""
    signatures: list[Signature] = []
    protests: list[Protest] = []
    decisions: dict[int, Decision] = {}
    reopenings = 0
    for fact in facts:
        if isinstance(fact, Signature):
            signatures.append(fact)
        elif isinstance(fact, Reopening):
            signatures.clear()
            reopenings += 1
        elif isinstance(fact, Protest):
            protests.append(fact)
        else:
            decisions.setdefault(fact.protest, fact)
    raised = tuple(Raised(i, p, decisions.get(i)) for i, p in enumerate(protests, 1))
    if signatures:  # a signature of other games than the last one's is void: signed again
        last = signatures[-1]
        signatures = [
            s for s in signatures if (s.games, s.fingerprint) == (last.games, last.fingerprint)
        ]
    return Standing(tuple(signatures), raised, reopenings)


def clock(time: str) -> str:
    """A stored time (UTC, ISO 8601) as the table's clock shows it: ``21:47`` (local time);
    a time that is not ISO 8601 (a hand edit) as it is."""
    try:
        return datetime.fromisoformat(time).astimezone().strftime("%H:%M")
    except ValueError:
        return time


def signed_by(standing: Standing, players: Sequence[str]) -> Message | None:
    """``signed by Anna, Ben, Carl, 21:47`` (the time of the last signature); None when no
    one has signed."""
    signers = standing.signers(players)
    if not signers:
        return None
    last = max(signers, key=lambda s: s.time)
    return msg(
        "signed by {names}, {time}",
        names=join([s.player for s in signers], ", "),
        time=clock(last.time),
    )


# --- what may be done ------------------------------------------------------------------------


def signer(players: Sequence[str], name: str) -> str:
    """The player of the table named ``name`` (case and composition aside), or the refusal: a
    signature is a player's own, no beginning of a name is taken."""
    key = same_name(name.strip())
    for player in players:
        if same_name(player) == key:
            return player
    raise InputError(
        msg(
            "{name} is not at this table: the players who sign are {players}",
            name=repr(name),
            players=join(players, ", "),
        )
    )


def named(players: Sequence[str], names: Sequence[str]) -> tuple[str, ...]:
    """The players ``names`` name, in order, or the refusal: a name not at the table, a
    player named twice (a player signs once)."""
    found: list[str] = []
    for name in names:
        player = signer(players, name)
        if player in found:
            raise InputError(msg("{name} is named twice: each player signs once", name=player))
        found.append(player)
    return tuple(found)


def refuse_open_protest(standing: Standing) -> None:
    """A list with an open protest is not signed: the referee decides it first."""
    if standing.open_protests:
        first = standing.open_protests[0]
        raise InputError(
            msg(
                "game {number} has an open protest ({text}): it is decided before the list is "
                "signed",
                number=first.protest.game,
                text=repr(first.protest.text),
            )
        )


def refuse_signing(
    standing: Standing, players: Sequence[str], name: str, *, games: int, mark: str, time: str
) -> Signature:
    """The signature ``name`` gives now (``games`` and ``mark`` what the list holds), or the
    refusal: a player not at the table, a second signature of what they signed already, an
    open protest (the referee decides it first)."""
    player = signer(players, name)
    refuse_open_protest(standing)
    had = standing.signature_of(player)
    if had is not None and (had.games, had.fingerprint) == (games, mark):
        raise InputError(
            msg("{name} has signed this list already ({time})", name=player, time=clock(had.time))
        )
    return Signature(player, games, mark, time)


def stale(standing: Standing, *, games: int, mark: str) -> tuple[Signature, ...]:
    """The signatures that count but no longer cover the games the list holds."""
    return tuple(s for s in standing.signatures if (s.games, s.fingerprint) != (games, mark))


def refuse_protest(text: str) -> None:
    """A protest without words is refused (a protest on a game the list does not have is
    refused where the list's family names its games)."""
    if not text.strip():
        raise InputError(msg("say what the protest is about, e.g. 'Carl: Re came too late'"))


def refuse_decision(standing: Standing, game: int, text: str) -> Raised:
    """The open protest on game ``game`` a decision is for, or the refusal: no words, no
    protest on the game, or one decided already."""
    if not text.strip():
        raise InputError(msg("say what was decided, e.g. 'Re stands'"))
    on_game = [r for r in standing.on_list if r.protest.game == game]
    for raised in on_game:
        if raised.open:
            return raised
    if on_game:
        last = on_game[-1]
        assert last.decision is not None  # not open
        raise InputError(
            msg(
                "the protest on game {number} is decided already: {decision}",
                number=game,
                decision=repr(last.decision.text),
            )
        )
    raise InputError(msg("game {number} has no open protest", number=game))


def refuse_reopening(standing: Standing, players: Sequence[str], why: str) -> None:
    """A reopening without a reason, of a list no one has signed, or of a list not every
    player has signed (it takes changes as it is: reopening it would only drop the signatures
    given, without a word to the players who gave them) is refused."""
    if not why.strip():
        raise InputError(msg("say why the list is reopened: it is kept in the history"))
    if not standing.signatures:
        raise InputError(msg("no one has signed the list: there is nothing to reopen"))
    if not standing.closed(players):
        signers = [s.player for s in standing.signers(players)]
        raise InputError(
            msg(
                "the list is not closed (signed by {signed}, not yet by {others}): it takes "
                "changes as it is, and a change says whose signature no longer covers it",
                signed=join(signers, ", "),
                others=join([p for p in players if standing.signature_of(p) is None], ", "),
            )
        )


def uncovered(
    standing: Standing, players: Sequence[str], *, games: int, mark: str
) -> Message | None:
    """After a change, the players whose signatures no longer cover the list (a signature
    is of the games it was given to, docs/rules.md §D), or None:
    ``the signatures of Anna, Ben no longer cover the list: they sign it again``."""
    gone = [
        s.player for s in standing.signers(players) if s in stale(standing, games=games, mark=mark)
    ]
    if not gone:
        return None
    return nmsg(
        "the signature of {names} no longer covers the list: {names} signs it again",
        "the signatures of {names} no longer cover the list: they sign it again",
        len(gone),
        names=join(gone, ", "),
    )


Count = Callable[[int], Message]
"""A count of games in the family's words: ``3 games``, ``3 deals``."""
Name = Callable[[int], Message]
"""A game by its number in the family's words: ``game 3``, ``deal 3``."""


def _games(count: int) -> Message:
    return nmsg("{count} game", "{count} games", count)


def _game(number: int) -> Message:
    return msg("game {number}", number=number)


def problems(
    standing: Standing, *, games: int, mark: str, count: Count = _games, name: Name = _game
) -> list[tuple[Message, Message]]:
    """What ``check`` finds in the agreement: (where, problem) for each signature that no
    longer matches the games and each open protest (``count`` and ``name`` word the games
    as the list's family does)."""
    found: list[tuple[Message, Message]] = []
    for s in stale(standing, games=games, mark=mark):
        found.append(
            (
                msg("signature of {name}", name=s.player),
                msg(
                    "signed {signed} ({mark}) at {time}, the list now has {games} ({now}): "
                    "changed after signing",
                    signed=count(s.games),
                    mark=s.fingerprint,
                    time=clock(s.time),
                    games=count(games),
                    now=mark,
                ),
            )
        )
    for r in standing.open_protests:
        found.append(
            (
                name(r.protest.game),
                msg("open protest: {text}", text=repr(r.protest.text)),
            )
        )
    return found
