"""The list file's agreement: signatures, reopenings, protests and decisions as facts.

A list file keeps them in its header's ``agreement`` (left out while there are none, so that a
list never signed is written exactly as before): each fact one object tagged with its
``kind``, in the order it happened, read by one strict definition per kind (the reader, the
writer's check and the schema come from it). What they mean (who has signed, whether the list
is closed, the open protests) is derived by :mod:`skatliste.agree`.

A closed list (every player has signed since the last reopening) takes no change:
:func:`refuse_closed` names the signatures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skatliste.errors import ListRefuses
from skatliste.fields import Field, Integer, Record, Text, one_of
from skatliste.i18n import Message, join, msg

if TYPE_CHECKING:
    from skatliste.agree import Fact, Signature

# What the facts mean (skatliste.agree, with its hashes) is loaded by the functions that read
# or write a fact: a list never signed, the common case, is read without it (measured: 5 ms of
# every list command's start).

FIELD = "agreement"
"""The header's field that holds the facts."""

SIGN = Record(
    "sign",
    (
        Field("player", Text(min_length=1), doc="who signed: a player of the list"),
        Field("games", Integer(0), doc="the list's game count signed"),
        Field(
            "fingerprint",
            Text(pattern="[0-9a-f]{8}", like="3fa2c01b"),
            doc="the short fingerprint of the games signed",
        ),
        Field("time", Text()),
    ),
    "A player signed the list: what they signed is its game count and fingerprint.",
    tagged=True,
)
REOPEN = Record(
    "reopen",
    (Field("why", Text(min_length=1)), Field("time", Text())),
    "The list was reopened: the signatures before are void.",
    tagged=True,
)
PROTEST = Record(
    "protest",
    (
        Field("game", Integer(1), doc="the disputed game's number"),
        Field("text", Text(min_length=1), doc="who protests, and about what"),
        Field("time", Text()),
        Field(
            "removed",
            Integer(1, nullable=True),
            None,
            "the history item its game went into when it was deleted or taken back (no "
            "longer on the list; back with it when restored)",
        ),
    ),
    "A game is disputed.",
    tagged=True,
)
DECIDE = Record(
    "decide",
    (
        Field("protest", Integer(1), doc="the protest decided, numbered in the order raised"),
        Field("text", Text(min_length=1), doc="the decision"),
        Field("edit", Text(), "", "the words the game was corrected to, if it was"),
        Field("time", Text()),
    ),
    "The decision on a protest.",
    tagged=True,
)
KINDS = (SIGN, REOPEN, PROTEST, DECIDE)
_BY_KIND = {r.name: r for r in KINDS}


def schema_defs() -> dict[str, Any]:
    """The definitions the list's JSON Schema takes for the agreement."""
    defs: dict[str, Any] = {r.name: r.schema() for r in KINDS}
    defs["agreement"] = one_of(KINDS)
    return defs


def problems(header: Mapping[str, Any], players: Sequence[str]) -> Iterator[Message]:
    """Everything wrong with the header's facts, each with its place (a signature by a name
    not at the table, a decision of a protest there is not)."""
    facts = header.get(FIELD, [])
    raised = 0
    names = frozenset(players)
    for number, item in enumerate(facts, 1):
        where = msg("{field} {number}", field=FIELD, number=number)
        kind = item.get("kind") if type(item) is dict else None
        record = _BY_KIND.get(kind) if type(kind) is str else None
        if record is None and type(item) is dict and "kind" not in item:
            yield msg(
                "{where}: kind: is missing (one of {choices})",
                where=where,
                choices=", ".join(_BY_KIND),
            )
            continue
        if record is None:
            yield msg(
                "{where}: kind: must be one of {choices} (found {found})",
                where=where,
                choices=", ".join(_BY_KIND),
                found=repr(kind if type(item) is dict else item)[:40],
            )
            continue
        wrong = record.problem(item)
        if wrong is None and record is SIGN and item["player"] not in names:
            wrong = msg(
                "player {name} is not a player of this list: {players}",
                name=repr(item["player"]),
                players=", ".join(players),
            )
        if wrong is None and record is DECIDE and item["protest"] > raised:
            wrong = msg("protest: there is no protest {number} before it", number=item["protest"])
        raised += record is PROTEST
        if wrong is not None:
            yield msg("{where}: {problem}", where=where, problem=wrong)


def _fact(data: Mapping[str, Any]) -> Fact:
    from skatliste.agree import Decision, Protest, Reopening, Signature

    kind = data["kind"]
    if kind == "sign":
        return Signature(data["player"], data["games"], data["fingerprint"], data["time"])
    if kind == "reopen":
        return Reopening(data["why"], data["time"])
    if kind == "protest":
        return Protest(data["game"], data["text"], data["time"], data.get("removed"))
    return Decision(data["protest"], data["text"], data["time"], data.get("edit", ""))


def facts(header: Mapping[str, Any]) -> list[Fact]:
    """The facts of a header the reader accepted, in order."""
    return [_fact(d) for d in header.get(FIELD, [])]


def stored(fact: Fact) -> dict[str, object]:
    """A fact as the file keeps it."""
    from skatliste.agree import Protest, Reopening, Signature

    if isinstance(fact, Signature):
        values: dict[str, object] = {
            "player": fact.player,
            "games": fact.games,
            "fingerprint": fact.fingerprint,
            "time": fact.time,
        }
        return SIGN.compact(values)
    if isinstance(fact, Reopening):
        return REOPEN.compact({"why": fact.why, "time": fact.time})
    if isinstance(fact, Protest):
        values = {"game": fact.game, "text": fact.text, "time": fact.time}
        return PROTEST.compact(values | {"removed": fact.removed})
    return DECIDE.compact(
        {"protest": fact.protest, "text": fact.text, "edit": fact.edit, "time": fact.time}
    )


def add(header: dict[str, Any], fact: Fact) -> None:
    """Keep one more fact in the header."""
    header[FIELD] = [*header.get(FIELD, []), stored(fact)]


def closed_by(header: Mapping[str, Any]) -> tuple[Signature, ...]:
    """The signatures that close the list (every player's), or () while it is open."""
    if not header.get(FIELD):
        return ()
    from skatliste.agree import standing

    players = header["players"]
    now = standing(facts(header))
    return now.signers(players) if now.closed(players) else ()


def refuse_closed(path: object, header: Mapping[str, Any]) -> None:
    """Refuse a change to a closed list, naming the signatures and how to reopen it."""
    signers = closed_by(header)
    if signers:
        names = join([s.player for s in signers], ", ")
        raise ClosedList(
            msg(
                "{path}: the list is closed, signed by {names}: it takes no change until it "
                "is reopened (with the reason why)",
                path=str(path),
                names=names,
            )
        )


class ClosedList(ListRefuses):
    """A change asked of a list every player has signed."""


def move_protests(
    header: Mapping[str, Any], number_now: Callable[[int], int | None], *, history_item: int
) -> None:
    """A protest stays with its game when games move: each protest on the list gets its game's
    number after the change (``number_now``), or, when its game left the list, goes into the
    history with it (``removed``: the history item, numbered from 1)."""
    for item in header.get(FIELD, []):
        if item["kind"] != "protest" or item.get("removed") is not None:
            continue
        now = number_now(item["game"])
        if now is None:
            item["removed"] = history_item
        else:
            item["game"] = now


def restore_protests(header: Mapping[str, Any], history_item: int, game: int) -> None:
    """The protests that went into the history with item ``history_item`` come back with its
    game, now number ``game``."""
    for item in header.get(FIELD, []):
        if item["kind"] == "protest" and item.get("removed") == history_item:
            del item["removed"]
            item["game"] = game
