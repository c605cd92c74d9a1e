"""The strict reader's checks of a list file: the format's one definition (``HEADER``,
``HISTORY``, each family's entry kinds in its plug-in) and everything wrong with a file's data,
each problem named with its place: file part, entry, field and reason. ``lists`` reads a file
with these checks; the writer checks each entry it writes by the same definition.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from skatliste.errors import LedgerError, RuleSetError, json_reason
from skatliste.families import Family, default_family, find_family
from skatliste.fields import (
    Const,
    Field,
    Integer,
    Items,
    Names,
    Nested,
    Pairs,
    Record,
    Ref,
    Settings,
    Text,
)
from skatliste.i18n import Message, msg, nmsg
from skatliste.options import stored_problem
from skatliste.store import agree
from skatliste.store.formats import listed, walk

FORMAT_NAME: Final = "skatliste"
FORMAT_VERSION: Final = 1

RULES = Record(
    "rules",
    (
        Field("preset", Text(min_length=1), doc="the rule set's name; it names the game family"),
        Field("options", Settings(), doc="every option of the rule set, spelled out"),
    ),
    "The rule set: its preset and every option spelled out.",
)
HEADER = Record(
    "list",
    (
        Field("format", Const(FORMAT_NAME)),
        Field("version", Const(FORMAT_VERSION)),
        Field("created", Text()),
        Field("players", Names(2, 4), doc="in seat order"),
        Field("first_dealer", Text()),
        Field("rules", Nested(RULES)),
        Field(agree.FIELD, Items(agree.FIELD), [], "signatures, reopenings, protests, decisions"),
        Field("games", Items("entry"), [], "the entries, in the order played"),
        Field("history", Items("history"), [], "what was removed or replaced"),
    ),
    "A skatliste list file.",
)
HISTORY = Record(
    "history",
    (
        Field("action", Text(choices=("undo", "delete", "edit"))),
        Field("number", Integer(1), doc="the entry's number when it was removed or replaced"),
        Field("entry", Ref("entry")),
        Field("replaced_by", Ref("entry", nullable=True), None),
        Field("time", Text()),
    ),
    "An entry removed or replaced: nothing entered is ever lost.",
)


def family_of(header: Mapping[str, Any]) -> Family[Any, Any, Any]:
    """The family of a header the reader accepted."""
    return find_family(header["rules"]["preset"])


# --- duplicate keys -------------------------------------------------------------------------
#
# A key given twice (noted by ``fields.Pairs`` as the file is read) is refused with its
# place: the last value would silently win.


def _given_twice(twice: dict[int, str], where: str, value: Any) -> Message | None:
    """The first object inside ``value`` that holds a key twice, named by its place."""
    if isinstance(value, dict):
        if id(value) in twice:
            field = f"{where[:-1]}: " if where else ""
            return msg("{field}{key} is given twice", field=field, key=repr(twice[id(value)]))
        for key, sub in value.items():
            found = _given_twice(twice, f"{where}{key}.", sub)
            if found:
                return found
    return None


def _duplicate(data: dict[str, Any], pairs: Pairs, family: Family[Any, Any, Any]) -> Message | None:
    """Where the list holds a key twice (file part, entry, field), or None."""
    twice = pairs.twice
    if id(data) in twice:
        return msg("{key} is given twice", key=repr(twice[id(data)]))
    for part, value in data.items():
        if part in ("games", "history", agree.FIELD) and isinstance(value, list):
            for number, item in enumerate(value, 1):
                found = _given_twice(twice, "", item)
                if found:
                    return msg(
                        "{where}: {problem}", where=place(part, number, family), problem=found
                    )
        else:
            found = _given_twice(twice, f"{part}.", value)
            if found:
                return found
    return None  # pragma: no cover - every object of the data is visited above


# --- the strict reader ----------------------------------------------------------------------


def place(part: str, number: int, family: Family[Any, Any, Any]) -> Message:
    """``game 3``, ``entry 3``, ``history entry 2``."""
    if part == "history":
        return msg("history entry {number}", number=number)
    if part == agree.FIELD:
        return msg("{field} {number}", field=part, number=number)
    return family.stored_name(number)


def header_problem(data: Mapping[str, Any]) -> tuple[str, Message] | None:
    """The first of :func:`header_problems`, or None."""
    return next(header_problems(data), None)


def header_problems(data: Mapping[str, Any]) -> Iterator[tuple[str, Message]]:
    """Everything wrong with the header, each with its place: its fields by their definition,
    then the rule set, the players' names, the first dealer and the players' count, each
    checked where the fields it needs are sound."""
    # the agreement's items are read by their own kinds (agree.problems), after the header
    head = {k: v for k, v in data.items() if k not in ("games", "history", agree.FIELD)}
    wrong = list(walk(HEADER, head, ""))
    yield from wrong
    bad = {where.split(".")[0] for where, _ in wrong}
    rule_set = None
    if "rules" not in bad:
        rules = data["rules"]
        try:
            family = find_family(rules["preset"])
        except RuleSetError as exc:
            yield "rules", exc.message
        else:
            problem, rule_set = stored_rules(family, rules["preset"], rules["options"])
            if problem is not None:
                yield "rules", problem
    if "players" in bad:
        return
    players = data["players"]
    if len({p.casefold() for p in players}) != len(players):
        yield "players", msg("every player needs a different name")
    if "first_dealer" not in bad and data["first_dealer"] not in players:
        yield "first_dealer", msg("'{name}' is not one of the players", name=data["first_dealer"])
    counts = rule_set.player_counts if rule_set is not None else ()
    if counts and len(players) not in counts:
        said = (
            str(counts[0])
            if len(counts) == 1
            else msg(
                "{one} or {other}",
                one=", ".join(str(c) for c in counts[:-1]),
                other=counts[-1],
            )
        )
        yield (
            "players",
            nmsg(
                "{count} player, but these rules are played by {counts}",
                "{count} players, but these rules are played by {counts}",
                len(players),
                counts=said,
            ),
        )


RULES_KEPT = 64
"""Distinct stored rule sets kept worked out (a server reads lists for days)."""
_RULES: dict[tuple[str, tuple[tuple[str, object], ...]], tuple[Message | None, Any]] = {}


def stored_rules(
    family: Family[Any, Any, Any], preset: str, options: Mapping[str, object]
) -> tuple[Message | None, Any]:
    """What is wrong with a stored rule set's options (None), and else its rule set: worked
    out once per distinct rule set (a tournament's 750 lists store one)."""
    key = (preset, tuple(options.items()))
    found = _RULES.get(key)
    if found is None:
        if len(_RULES) >= RULES_KEPT:
            _RULES.clear()
        problem = stored_problem(family.presets, family.options, options)
        found = (problem, None if problem is not None else family.rules(preset, options))
        _RULES[key] = found
    return found


def entry_problem(family: Family[Any, Any, Any], data: object) -> Message | None:
    """What is wrong with one stored entry by its kind's definition."""
    if type(data) is not dict:
        return msg("must be an object (found {found})", found=json.dumps(data)[:40])
    kind = data.get("kind")
    for record in family.kinds:
        if record.name == kind:
            return record.problem(data)
    kinds = ", ".join(r.name for r in family.kinds)
    if "kind" not in data:
        return msg("kind: is missing (one of {choices})", choices=kinds)
    return msg(
        "kind: must be one of {choices} (found {found})",
        choices=kinds,
        found=json.dumps(kind, ensure_ascii=False)[:40],
    )


def _names_problem(
    family: Family[Any, Any, Any], players: Sequence[str], where: Message, data: Mapping[str, Any]
) -> Message | None:
    """A name in a stored entry that is not one of the players: a hand edit (``"declarer":
    "anna"`` on Anna's list) would credit the points to nobody."""
    for field, name in family.entry_names(data):
        if name not in players:
            if isinstance(name, str) and unicodedata.normalize("NFC", name) in players:
                # looks the same, but its letters and accents are stored apart (Unicode NFD)
                return msg(
                    "{where}: {field} {name} is written with its accents apart from their "
                    "letters; write it as the players line has it",
                    where=where,
                    field=field,
                    name=repr(name),
                )
            return msg(
                "{where}: {field} {name} is not a player of this list: {players} (names are "
                "written as the players line has them)",
                where=where,
                field=field,
                name=repr(name),
                players=", ".join(players),
            )
    return None


def _a_list(data: Mapping[str, Any], field: str) -> bool:
    """The field is a JSON array, or not there (a list without history has none)."""
    return type(data.get(field, [])) is list


def problems(data: dict[str, Any]) -> Iterator[Message]:
    """Everything wrong with the list's data, each with its place (the header first: when it
    is wrong, the entries cannot be read)."""
    head = list(header_problems(data))
    for where, problem in head:
        yield msg("{where}: {problem}", where=where, problem=problem) if where else problem
    if head:
        return
    family = family_of(data)
    listed = next((f for f in ("games", "history", agree.FIELD) if not _a_list(data, f)), None)
    if listed is not None:
        found = json.dumps(data[listed], ensure_ascii=False)[:40]
        yield msg("{field}: must be a list (found {found})", field=listed, found=found)
        return
    shown = tuple(data["players"])
    records = {r.name: r for r in family.kinds}
    names, entry_names = frozenset(shown), family.entry_names
    for number, item in enumerate(data.get("games", ()), 1):
        # the common case first, without a message made: an entry of a known kind, all right
        kind = item.get("kind") if type(item) is dict else None
        record = records.get(kind) if type(kind) is str else None
        wrong = entry_problem(family, item) if record is None else record.problem(item)
        if wrong is None:
            for _, name in entry_names(item):
                if name not in names:
                    break
            else:
                continue
            at = place("games", number, family)
            wrong = _names_problem(family, shown, at, item)
            if wrong is not None:
                yield wrong
            continue
        yield msg("{where}: {problem}", where=place("games", number, family), problem=wrong)
    for number, item in enumerate(data.get("history", ()), 1):
        yield from _history_problems(family, shown, place("history", number, family), item)
    yield from agree.problems(data, shown)


def _history_problems(
    family: Family[Any, Any, Any], shown: Sequence[str], at: Message, item: object
) -> Iterator[Message]:
    """What is wrong with one item of the history (its fields, its entries, their names)."""
    if type(item) is not dict:
        yield msg("{where}: {problem}", where=at, problem=entry_problem(family, item))
        return
    wrong = HISTORY.problem(item)
    for key in ("entry", "replaced_by"):
        if wrong is None and item.get(key) is not None:
            inner = entry_problem(family, item[key])
            if inner is not None:
                wrong = msg("{field}: {problem}", field=key, problem=inner)
                break
            named = _names_problem(
                family, shown, msg("{where}: {field}", where=at, field=key), item[key]
            )
            if named is not None:
                yield named
    if wrong is not None:
        yield msg("{where}: {problem}", where=at, problem=wrong)


def text_of(path: Path, raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LedgerError(
            msg(
                "{path}: not a skatliste ledger (not UTF-8 text); the file was left untouched",
                path=str(path),
            )
        ) from None


def read_json(path: Path, text: str) -> tuple[Any, Pairs]:
    pairs = Pairs()
    try:
        return json.loads(text, object_pairs_hook=pairs.hook), pairs
    except json.JSONDecodeError as err:
        raise LedgerError(
            msg(
                "{path}: line {line} column {column}: not valid JSON ({why}); the file was left "
                "untouched",
                path=str(path),
                line=err.lineno,
                column=err.colno,
                why=json_reason(err.msg),
            )
        ) from None
    except (ValueError, RecursionError):  # a number of 4,300 digits, a nesting too deep
        raise LedgerError(
            msg(
                "{path}: not a skatliste ledger (a number too long or a nesting too deep for "
                "a list); the file was left untouched",
                path=str(path),
            )
        ) from None


def refuse_unread(path: Path, data: Any, pairs: Pairs) -> None:
    """Refuse what is not a list of this version at all, or holds a key twice."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise LedgerError(
            msg(
                '{path}: not a skatliste ledger (no "format": "skatliste"); left untouched',
                path=str(path),
            )
        )
    version = data.get("version")
    if type(version) is int and version > FORMAT_VERSION:
        raise LedgerError(
            msg(
                "{path}: format version {version} is newer than this skatliste understands "
                "(version {known}); update skatliste — the file was left untouched",
                path=str(path),
                version=version,
                known=FORMAT_VERSION,
            )
        )
    if pairs.twice:
        family = family_or_default(data)
        twice = _duplicate(data, pairs, family)
        if twice is not None:
            raise LedgerError(
                msg(
                    "{path}: {problem} (a hand edit?): keep one of them; the file was left "
                    "untouched",
                    path=str(path),
                    problem=twice,
                )
            )


def family_or_default(data: Mapping[str, Any]) -> Family[Any, Any, Any]:
    """The family a (maybe broken) list names, to word its problems; Skat when none."""
    rules = data.get("rules")
    preset = rules.get("preset") if isinstance(rules, dict) else None
    try:
        return find_family(preset) if isinstance(preset, str) else default_family()
    except RuleSetError:
        return default_family()


def refusal(path: Path, problems: Sequence[Message]) -> Message:
    """A refused list's problems, one a line, each with the file."""
    lines = [msg("{path}: {problem}", path=str(path), problem=p) for p in problems]
    return msg("{lines}", lines=listed(path, lines))


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
"""A ``\\uD800``-``\\uDFFF`` escape: half of a character, paired or alone."""


def may_hold_halves(text: str) -> bool:
    """Whether the file's text writes half of a character (``\\ud83d``): JSON reads a pair of
    them as one character, but a half alone as a string Python cannot print or write."""
    return _SURROGATE.search(text) is not None


def _half_at(value: object) -> str | None:
    """Where in ``value`` a string holds half of a character alone ("" for ``value``
    itself), or None."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return ""
        return None
    if isinstance(value, dict):
        items: Iterable[tuple[object, object]] = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, sub in items:
        found = _half_at(key) if isinstance(key, str) else None
        found = found if found is not None else _half_at(sub)
        if found is not None:
            return f"{key}.{found}" if found else str(key)
    return None


def halves(data: Mapping[str, Any]) -> Message | None:
    """Where the list's data holds half of a character alone (written ``\\ud800``): no text,
    it cannot be printed; None when it holds none."""
    try:
        return _halves(data)
    except RecursionError:  # text inside a nesting too deep to walk
        return msg("nested too deep for a list")


def _halves(data: Mapping[str, Any]) -> Message | None:
    family = family_or_default(data)
    for part, value in data.items():
        if part in ("games", "history") and isinstance(value, list):
            for number, item in enumerate(value, 1):
                found = _half_at(item)
                if found is not None:
                    return msg(
                        "{where}: {field}: half of a character (a lone \\u escape), not text",
                        where=place(part, number, family),
                        field=found or part,
                    )
            continue
        found = _half_at(value)
        if found is not None:
            field = f"{part}.{found}" if found else part
            return msg("{field}: half of a character (a lone \\u escape), not text", field=field)
    return None
