"""The list the table agrees on, for every game family: two lists of one table compared (the
double list, or a list against the paper one typed in), signing, reopening, protests and
their decisions.

Every change is one atomic read-modify-write under the list's lock (``lists.updating``); a
refused change raises before anything is written. What the facts mean is derived by
:mod:`skatliste.agree`; the file keeps them (:mod:`skatliste.store.agree`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from skatliste import agree as core
from skatliste.app.change import signed_mark
from skatliste.app.lists import Ledger, check_number, edit, open_list
from skatliste.compare import IGNORED_FIELDS, ComparedEntry, Comparison, Namer, compare
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import Lang, Message, join, msg, nmsg
from skatliste.players import same_name
from skatliste.store import agree as facts_store
from skatliste.store import lists as store
from skatliste.store.files import now, read_bytes

# --- what the list says ----------------------------------------------------------------------


def standing(ledger: Ledger) -> core.Standing:
    """The list's signatures that count and its protests."""
    return core.standing(facts_store.facts(ledger.header))


def facts(ledger: Ledger) -> list[core.Fact]:
    """Every fact of the list's agreement, in the order it happened."""
    return facts_store.facts(ledger.header)


def mark(ledger: Ledger) -> tuple[int, str]:
    """What a signature covers now: the list's game count and its games' fingerprint (every
    stored fact of every game but the time it was written down)."""
    return signed_mark(ledger)


def closed(ledger: Ledger) -> bool:
    """Every player has signed since the last reopening."""
    return standing(ledger).closed(ledger.players)


def problems(ledger: Ledger) -> list[tuple[Message, Message]]:
    """What ``check`` finds in the agreement: a signature that no longer matches the games,
    an open protest."""
    now = standing(ledger)
    if not now.signatures and not now.protests:
        return []  # nothing signed, nothing disputed: the games need no fingerprint
    games, fingerprint = mark(ledger)
    family = ledger.family
    return core.problems(
        now,
        games=games,
        mark=fingerprint,
        count=family.entry_count,
        name=family.entry_name,
    )


def signed_line(ledger: Ledger) -> Message | None:
    """``signed by Anna, Ben, Carl, 21:47``, or None while no one has signed."""
    return core.signed_by(standing(ledger), ledger.players)


def protested(ledger: Ledger) -> dict[int, core.Raised]:
    """The games with an open protest: game number → its protest."""
    return {r.protest.game: r for r in standing(ledger).open_protests}


def described(ledger: Ledger) -> list[tuple[str, Message]]:
    """Each fact of the agreement as ``history`` shows it: (its time, what happened)."""
    family = ledger.family
    protests: list[core.Protest] = []
    out: list[tuple[str, Message]] = []
    for fact in facts(ledger):
        if isinstance(fact, core.Signature):
            said = msg(
                "signed by {name}: {games} ({mark})",
                name=fact.player,
                games=family.entry_count(fact.games),
                mark=fact.fingerprint,
            )
        elif isinstance(fact, core.Reopening):
            said = msg("reopened: {why}; the signatures before are void", why=repr(fact.why))
        elif isinstance(fact, core.Protest):
            protests.append(fact)
            said = msg(
                "protest on {where}: {text}",
                where=family.entry_name(fact.game),
                text=repr(fact.text),
            )
        else:
            where = family.entry_name(protests[fact.protest - 1].game)
            said = msg("protest on {where} decided: {text}", where=where, text=repr(fact.text))
            if fact.edit:
                said = msg("{decided}; corrected to {words}", decided=said, words=repr(fact.edit))
        out.append((fact.time, said))
    return out


def agreement_json(ledger: Ledger) -> dict[str, Any] | None:
    """The agreement as the JSON export adds it (None while nothing is signed or protested):
    the signatures that count, whether the list is closed, every protest and its decision."""
    if not facts(ledger):
        return None
    now = standing(ledger)
    return {
        "signatures": [
            {"player": s.player, "time": s.time, "games": s.games, "fingerprint": s.fingerprint}
            for s in now.signers(ledger.players)
        ],
        "closed": now.closed(ledger.players),
        "protests": [
            {
                "game": r.protest.game,
                "text": r.protest.text,
                "time": r.protest.time,
                "decision": None if r.decision is None else r.decision.text,
            }
            for r in now.on_list
        ],
    }


def footer(ledger: Ledger) -> list[Message]:
    """What the sheet and the export show under the games: each open protest (a mark on its
    game) and who signed, when."""
    family = ledger.family
    lines = [
        msg(
            "⚑ {where}: open protest {text}",
            where=family.entry_name(r.protest.game),
            text=repr(r.protest.text),
        )
        for r in standing(ledger).open_protests
    ]
    signed = signed_line(ledger)
    if signed is not None:
        lines.append(signed)
        if stale_signatures(ledger):
            lines.append(
                msg(
                    "! the list was changed after signing: the signatures no longer cover it "
                    "('skatliste check' says how)"
                )
            )
    return lines


def stale_signatures(ledger: Ledger) -> bool:
    """Whether a signature standing now signed other games than the list has (a hand edit of
    a signed list)."""
    now = standing(ledger)
    signers = now.signers(ledger.players)
    if not signers:
        return False
    games, fingerprint = mark(ledger)
    return any((s.games, s.fingerprint) != (games, fingerprint) for s in signers)


# --- signing, reopening ----------------------------------------------------------------------


@dataclass(frozen=True)
class Signed:
    """What ``sign`` did: the list after it, the signatures given, whether it is closed now."""

    ledger: Ledger
    signatures: tuple[core.Signature, ...]
    closed: bool


def sign(path: Path | str, names: Sequence[str]) -> Signed:
    """Each of ``names`` signs the list as it is (its game count and fingerprint); when every
    player has signed, the list is closed. Refused as a whole (nothing written, and of more
    than one name, the refusal says that no one has signed) for a name not at the table, a
    player named twice, a player who signed this list already, an open protest, a closed
    list."""
    if not names:
        raise InputError(msg("say who signs, e.g. 'Anna Ben Carl'"))
    with store.updating(path) as ledger:
        core.refuse_open_protest(standing(ledger))  # the list's, not a name's
        try:
            given = _signatures(ledger, names)
        except InputError as exc:
            if len(names) == 1:
                raise
            raise InputError(
                msg("{problem}; no one has signed (nothing written)", problem=exc.message)
            ) from None
        for signature in given:
            facts_store.add(ledger.header, signature)
    return Signed(ledger, given, closed(ledger))


def _signatures(ledger: Ledger, names: Sequence[str]) -> tuple[core.Signature, ...]:
    """The signatures the players ``names`` name give now, or the first refusal."""
    games, fingerprint = mark(ledger)
    now_standing = standing(ledger)
    return tuple(
        core.refuse_signing(
            now_standing, ledger.players, player, games=games, mark=fingerprint, time=now()
        )
        for player in core.named(ledger.players, names)
    )


def reopen(path: Path | str, why: str) -> Ledger:
    """Reopen a signed list with the reason why (kept as a fact): its signatures are void."""
    with store.updating(path, closed=True) as ledger:
        core.refuse_reopening(standing(ledger), ledger.players, why)
        facts_store.add(ledger.header, core.Reopening(why.strip(), now()))
    return ledger


# --- protests --------------------------------------------------------------------------------


def protest(path: Path | str, number: int, text: str) -> Ledger:
    """Mark game ``number`` as disputed, with what the protest says (who, about what)."""
    with store.updating(path) as ledger:
        core.refuse_protest(text)
        check_number(ledger, number)
        facts_store.add(ledger.header, core.Protest(number, text.strip(), now()))
    return ledger


def decide(
    path: Path | str, number: int, text: str, *, words: Sequence[str] = ()
) -> tuple[Ledger, core.Raised]:
    """Record the decision on the open protest on game ``number``; with ``words``, the game is
    corrected to them first (the same edit as ``edit``, kept in the history)."""
    ledger = open_list(path)
    core.refuse_decision(standing(ledger), number, text)
    if words:
        try:
            edit(path, number, list(words))
        except InputError as exc:
            raise _stranger(ledger, words) or exc from None
    with store.updating(path) as ledger:
        raised = core.refuse_decision(standing(ledger), number, text)
        decision = core.Decision(raised.number, text.strip(), now(), " ".join(words))
        facts_store.add(ledger.header, decision)
    return ledger, core.Raised(raised.number, raised.protest, decision)


# --- two lists compared ----------------------------------------------------------------------


def _value(cell: str) -> int:
    """A value cell of the sheet (``+72``, ``−48``, ``0``; empty for a game that cannot be
    scored) as a number."""
    text = cell.strip().replace("−", "-")
    try:
        return int(text)
    except ValueError:
        return 0


def _paper_value(paper: object, derived: int) -> int:
    """The value written on paper (``= 72``, ``= -48``; unsigned: with the game's sign)."""
    text = str(paper).replace("−", "-")
    value = int(text)
    if text[0] not in "+-" and derived < 0:
        return -value
    return value


RESULT_FIELDS = ("won", "schneider", "schwarz")
"""A game's result as its family derives it (Skat: won or lost and Schneider follow from the
Augen where they are given): compared as derived, whether a list wrote it or its Augen."""


def _result(row: Any) -> Mapping[str, bool] | None:
    """What a scored game's row says of its result (won, Schneider, Schwarz reached or
    counted), for a family whose rows carry one (Skat); None otherwise."""
    result = getattr(row, "result", None)
    found: dict[str, bool] = {}
    for name in RESULT_FIELDS:
        value = getattr(result, name, None)
        if not isinstance(value, bool):
            return None
        found[name] = value
    return found


def _as_derived(stored: dict[str, object], result: Mapping[str, bool] | None) -> None:
    """The game's stored result replaced by the derived one, in the stored form (lost:
    ``won: false``; Schneider, Schwarz: ``true``; the rest left out)."""
    if result is None:
        return
    for name in RESULT_FIELDS:
        stored.pop(name, None)
    if not result["won"]:
        stored["won"] = False
    for name in ("schneider", "schwarz"):
        if result[name]:
            stored[name] = True


def compared(
    ledger: Ledger, entries: Sequence[Any], lang: Lang, *, paper: bool = False
) -> list[ComparedEntry]:
    """The entries of a list (of ``ledger``'s table) as they are compared, each game's result
    as derived (:data:`RESULT_FIELDS`); ``paper``: the value is what the paper says where it
    says one (``= N``), and the field is not compared (a value below 0 says the game was
    lost, where its words say nothing of it)."""
    family = ledger.family
    values = family.values(ledger.table, entries)
    results: dict[int, Mapping[str, bool]] = {}
    for row in family.rows(ledger.table, entries):
        result = _result(row)
        if result is not None:
            results[id(row.entry)] = result
    out = []
    for entry in entries:
        stored = family.encode(entry)
        stored.pop("time", None)
        said = "won" in stored or "augen" in stored  # the words say won or lost
        _as_derived(stored, results.get(id(entry)))
        value = _value(values[id(entry)][1]) if id(entry) in values else 0
        words = family.words(entry, lang)
        written = stored.pop("paper", None)
        if not paper and written is not None:
            stored["paper"] = written
            words = f"{words} = {written}"  # what the keeper wrote, as the words take it
        if paper and written is not None:
            value = _paper_value(written, value)
            if value < 0 and not said and id(entry) in results:
                stored["won"] = False  # the paper's minus says lost where the words do not
        out.append(ComparedEntry(stored, words, value, family.numbered(entry)))
    return out


def read_paper(ledger: Ledger, path: Path | str) -> list[Any]:
    """The games of a paper list typed in as ``value -`` reads them (one a line, each with
    its declarer, ``= N`` the value written; ``#`` starts a comment), as entries of
    ``ledger``'s table; a line that is not a game of the table is refused with its number."""
    raw = read_bytes(Path(path))
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise InputError(
            msg("{path}: not UTF-8 text: save the games as UTF-8", path=str(path))
        ) from None
    family = ledger.family
    out: list[Any] = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            entry = family.parse(ledger.table, words)
        except InputError as exc:
            problem = (_stranger(ledger, words) or exc).message
            raise InputError(
                msg(
                    "{path}: line {number}: {problem}",
                    path=str(path),
                    number=number,
                    problem=problem,
                )
            ) from None
        out.append(entry)
    if not out:
        raise InputError(
            msg(
                "{path}: no game in it: a paper list has one game a line, with its declarer, "
                "e.g. '{example}'",
                path=str(path),
                example=family.example,
            )
        )
    return out


TYPO = 0.8
"""How like a game word a first word must be to be taken as that word misspelt, not as a
name (difflib's ratio: ``kreuzz`` is ``kreuz`` at 0.91)."""


def _stranger(ledger: Ledger, words: Sequence[str]) -> InputError | None:
    """The refusal of words that start with a declarer who is not at the table (the words
    after the name are a game of the table, and the name is no misspelt game word), or
    None."""
    family = ledger.family
    first = words[0].lower() if words else ""
    if len(words) < 2 or family.names_player(ledger.table, first):
        return None
    if get_close_matches(first, family.vocabulary, n=1, cutoff=TYPO):
        return None
    try:
        family.parse(ledger.table, list(words[1:]), declarer=ledger.players[0], named=False)
    except InputError:
        return None
    return InputError(
        msg(
            "{name} is not at this table: the players are {players}",
            name=repr(words[0]),
            players=join(ledger.players, ", "),
        )
    )


def _is_list(path: Path | str) -> bool:
    """Whether the file is a list file (JSON) rather than paper text: its first character."""
    if not Path(path).is_file():
        raise InputError(
            msg(
                "{path}: no such file: give the table's other list, or its paper list typed in",
                path=str(path),
            )
        )
    head = read_bytes(Path(path))[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"{")


def _same_players(a: Ledger, b: Ledger) -> None:
    if sorted(map(same_name, a.players)) != sorted(map(same_name, b.players)):
        raise InputError(
            msg(
                "the two lists are not of the same players: A has {a}; B has {b}",
                a=join(a.players, ", "),
                b=join(b.players, ", "),
            )
        )


def _results(
    a: Ledger, b: Ledger, games_a: Sequence[Any], games_b: Sequence[Any]
) -> tuple[list[Any], list[Any]] | None:
    """Each list's result as its family compares it (:meth:`Family.outcomes`), or None where
    the totals are the result."""
    found_a = a.family.outcomes(a.table, games_a)
    if found_a is None:
        return None
    found_b = b.family.outcomes(b.table, games_b)
    assert found_b is not None  # list B is of list A's family
    return found_a, found_b


@dataclass(frozen=True)
class Compared:
    """Two lists compared, with what was compared."""

    a: Ledger
    b_path: Path
    paper: bool
    comparison: Comparison

    @property
    def after(self) -> Namer:
        """How the comparison's lines name an entry with no number of its own, by the entry
        before it (``Family.unnumbered_name``: ``end after deal 1``)."""
        return self.a.family.unnumbered_name


def compare_lists(path_a: Path | str, path_b: Path | str, *, lang: Lang) -> Compared:
    """List A against list B: B a list file, or a paper list typed in as ``value -`` reads
    it (list A's table). Refused (``InputError``) when they are not lists of the same players
    or B cannot be read."""
    if Path(path_a).is_file() and not _is_list(path_a):
        raise InputError(
            msg(
                "{path}: not a list file: only the second list may be a paper list (the games "
                "typed in, one a line); give the list file first",
                path=str(path_a),
            )
        )
    if Path(path_a).is_file() and Path(path_b).is_file() and Path(path_a).samefile(path_b):
        # one keeper's list against itself always agrees: a typing slip, never a check
        raise InputError(
            msg(
                "{a} and {b} are the same file: compare the two keepers' lists, A's and B's",
                a=str(path_a),
                b=str(path_b),
            )
        )
    a = open_list(path_a)
    if _is_list(path_b):
        return Compared(a, Path(path_b), False, _two_lists(a, open_list(path_b), lang))
    games = read_paper(a, path_b)
    entries_a = compared(a, a.entries, lang, paper=True)
    entries_b = compared(a, games, lang, paper=True)
    totals_b = _paper_totals(a, games, entries_b)
    totals_a = a.family.totals(a.table, a.entries)
    ignore = IGNORED_FIELDS | {"paper"}
    results = _results(a, a, a.entries, games)
    result = compare(
        entries_a, entries_b, totals_a, totals_b, ignore=ignore, results=results, **_groups(a)
    )
    return Compared(a, Path(path_b), True, result)


def _two_lists(a: Ledger, b: Ledger, lang: Lang) -> Comparison:
    """Two list files compared: of one game family and the same players, or refused."""
    if b.family is not a.family:
        raise InputError(
            msg(
                "{path}: its game is {other}, list A's is {family}: two lists of one game "
                "are compared",
                path=str(b.path),
                other=b.family.title,
                family=a.family.title,
            )
        )
    _same_players(a, b)
    totals_a = a.family.totals(a.table, a.entries)
    totals_b = b.family.totals(b.table, b.entries)
    return compare(
        compared(a, a.entries, lang),
        compared(b, b.entries, lang),
        totals_a,
        totals_b,
        results=_results(a, b, a.entries, b.entries),
        **_groups(a),
    )


def _groups(ledger: Ledger) -> dict[str, Any]:
    """How the list's family groups its fields for the comparison."""
    return {"groups": ledger.family.compared, "optional": ledger.family.compared_optional}


def _paper_totals(
    ledger: Ledger, games: Sequence[Any], valued: Sequence[ComparedEntry]
) -> dict[str, int]:
    """The totals of a paper list: as derived, each game's value the paper's where it says one
    (a Skat list's totals are the sum of its declarers' values)."""
    totals = ledger.family.totals(ledger.table, games)
    derived = compared(ledger, games, "en")
    for game, paper_value, plain in zip(games, valued, derived, strict=True):
        declarer = ledger.family.declarer(game)
        if declarer in totals and paper_value.value != plain.value:
            totals[declarer] += paper_value.value - plain.value
    return totals


@dataclass(frozen=True)
class TableLists:
    """The two lists of a table (the double list) as the organiser sees them."""

    agree: bool
    """Both lists are there and hold the same games."""
    problems: tuple[Message, ...]
    """Where they differ (or that the second one is missing), and each open protest."""


SHOWN = 5
"""Differences of a table named one by one in its status; the rest are counted."""


def table_lists(path: Path | str, *, lang: Lang = "de") -> TableLists:
    """A table's first list against its second (``pair``): whether they agree, where they
    differ, and the open protests of both."""
    from skatliste.compare import difference_line

    second = pair(path)
    a = open_list(path)
    b = open_list(second) if second.exists() else None
    problems: list[Message] = []
    agree = False
    if b is None:
        problems.append(msg("its second list {name} is missing", name=second.name))
    else:
        try:
            result = _two_lists(a, b, lang)
        except InputError as exc:  # the players differ: a hand-edited list
            return TableLists(False, (exc.message,))
        agree = result.agree
        lines = [difference_line(d, a.family.unnumbered_name) for d in result.differences[:SHOWN]]
        more = len(result.differences) - len(lines)
        if more > 0:
            lines.append(nmsg("... and {count} more game", "... and {count} more games", more))
        if lines:
            problems.append(
                msg("the two lists differ: {differences}", differences=join(lines, "; "))
            )
    for which, ledger in (("A", a), ("B", b)):
        if ledger is None:
            continue
        for r in standing(ledger).open_protests:
            problems.append(
                msg(
                    "list {which}: {where}: open protest {text}",
                    which=which,
                    where=ledger.family.entry_name(r.protest.game),
                    text=repr(r.protest.text),
                )
            )
    return TableLists(agree, tuple(problems))


def pair(path: Path | str) -> Path:
    """The second list of a table beside the first: ``table-03.json`` → ``table-03.b.json``."""
    p = Path(path)
    return p.with_name(f"{p.stem}.b{p.suffix or '.json'}")


def second_list(path: Path | str) -> Ledger:
    """The table's second list (``pair``): started empty beside the first, with its players,
    first dealer and rules, when there is none yet."""
    first = open_list(path)
    b = pair(path)
    if b.exists():
        return open_list(b)
    lst = store.new_list(
        b, first.players, first_dealer=first.header["first_dealer"], rules=first.rules
    )
    try:
        store.create(lst, force=False)
    except LedgerError:
        return open_list(b)  # another keeper started it a moment before
    return lst
