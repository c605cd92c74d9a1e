"""What a table does with its list, for every game family: start it, add an entry from its
words, pass (the family's pass-like entry), undo, delete, edit, insert, restore, preview; and
Skat's Ramsch and Bock where the rules play them.

Every change is one atomic read-modify-write under the list's lock (``lists.updating``); a
refused change raises before anything is written, so the list is left as it was. The family is
the list's own (found from its preset when it is read); nothing here names one. The functions
take ints, rule sets and words as typed at the table; flags are the edges' to parse.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from skatliste.app.change import Change
from skatliste.errors import ChangedError, InputError, SkatlisteError
from skatliste.families import Family, NoDeclarer, default_family, families, find_family
from skatliste.families import rules_of as build_rules
from skatliste.i18n import join, msg, nmsg
from skatliste.notes import check_note
from skatliste.options import RuleSet
from skatliste.players import find_player, nfc
from skatliste.store import agree as agreement
from skatliste.store import lists as store
from skatliste.store.files import now
from skatliste.store.lists import ListFile, in_tournament

Ledger = ListFile[Any]
"""A loaded list, as the edges name it."""

__all__ = ["Change", "Ledger"]  # Change is skatliste.app.change's, named here for the edges


# --- a new list ------------------------------------------------------------------------------


def new_list(
    path: Path | str,
    names: Sequence[str],
    *,
    rules: RuleSet | None = None,
    first_dealer: str | None = None,
    force: bool = False,
) -> Ledger:
    """Start a list under ``rules`` (default: the first family's first preset): players in
    seat order, who deals first. Refuses to replace a list without ``force``."""
    if rules is None:
        first = default_family()
        rules = first.rules(next(iter(first.presets)))
    family = find_family(rules.preset)
    empty = next((n for n, name in enumerate(names, start=1) if not name.strip()), None)
    if empty is not None:  # a name lost between quotes ('' or ' '): never dropped unsaid
        raise InputError(
            msg(
                "player {number} has an empty name: give each player a name, e.g. "
                "--players Anna Ben Carl",
                number=empty,
            )
        )
    # NFC: a name typed with a decomposed 'ü' is the same name as one with a composed 'ü'
    players = [nfc(n.strip()) for n in names]
    problem = family.players_problem(players, rules)
    if problem is not None:
        raise InputError(problem)
    dealer = None
    if first_dealer is not None:
        try:
            dealer = find_player(players, first_dealer)
        except InputError as exc:
            raise InputError(
                msg(
                    "the first dealer '{name}': {problem}",
                    name=first_dealer,
                    problem=exc.message,
                )
            ) from None
    lst = store.new_list(Path(path), players, first_dealer=dealer, rules=rules)
    store.create(lst, force=force)
    return lst


def rules_of(preset: str, overrides: dict[str, str] | None = None) -> RuleSet:
    """The rule set ``preset`` (of whichever family plays it) with its overrides."""
    return build_rules(preset.lower(), overrides)


# --- reading ---------------------------------------------------------------------------------


def tournament_list(path: Path | str) -> bool:
    """Whether ``path`` is a tournament's table list (``series-N/table-NN.json`` in a folder
    with its tournament file)."""
    return in_tournament(Path(path))


def open_list(path: Path | str) -> Ledger:
    """Read a list strictly (``LedgerError`` with file, place and reason if it is not right)."""
    return store.load(path)


def family_of(ledger: Ledger) -> Family[Any, Any, Any]:
    """The list's game family."""
    return ledger.family


def indexes(ledger: Ledger) -> list[int]:
    """The index of each numbered entry (a game, a deal; not an end of a partie), in order."""
    numbered = ledger.family.numbered
    return [i for i, e in enumerate(ledger.entries) if numbered(e)]


def numbered_count(ledger: Ledger) -> int:
    """How many numbered entries the list has (games, deals)."""
    return sum(map(ledger.family.numbered, ledger.entries))


def check_number(ledger: Ledger, number: int) -> int:
    """The index of entry ``number``, or an ``InputError`` saying which numbers exist."""
    found = indexes(ledger)
    if not found:
        raise InputError(
            msg("{path}: {problem}", path=str(ledger.path), problem=ledger.family.nouns.none_yet)
        )
    if not 1 <= number <= len(found):
        raise InputError(
            msg(
                "{where}: {problem}",
                where=ledger.family.entry_name(number),
                problem=ledger.family.entries_range(len(found)),
            )
        )
    return found[number - 1]


def row_at(ledger: Ledger, index: int) -> Any | None:
    """The row of the entry at ``index`` with everything derived up to it."""
    return ledger.family.row_at(ledger.table, ledger.entries, index)


def last_row(ledger: Ledger) -> Any | None:
    """The last entry's row: its value and the running totals after it."""
    if not ledger.entries:
        return None
    return row_at(ledger, len(ledger.entries) - 1)


def game_row(ledger: Ledger, number: int) -> Any:
    """Entry ``number`` (1-based) with everything derived up to it; an entry the rules refuse
    is named with its problem (where the family has no row for it)."""
    index = check_number(ledger, number)
    row = row_at(ledger, index)
    if row is None:
        wrong = [p for _, p in ledger.family.problems(ledger.table, ledger.entries[: index + 1])]
        raise InputError(
            msg(
                "{where}: {problem}",
                where=ledger.family.entry_name(number),
                problem=wrong[-1] if wrong else msg("cannot be scored"),
            )
        )
    return row


def resolve_player(table: Any, name: str) -> str:
    """A player of the table by name, case-insensitive, or by an unambiguous beginning."""
    return find_player(table.players, name)


# --- changes ---------------------------------------------------------------------------------


def _refuse_problems(ledger: Ledger, index: int, entry: Any, number: int) -> None:
    family = ledger.family
    problems = family.entry_problems(ledger.table, ledger.entries[:index], entry)
    if problems and not family.numbered(entry):  # an end of a partie has no number
        raise InputError(msg("{path}: {problem}", path=str(ledger.path), problem=join(problems)))
    if problems:
        raise InputError(
            msg(
                "{where}: {problem}",
                where=family.entry_name(number),
                problem=join(problems),
            )
        )


def append(path: Path | str, make: Callable[[Ledger], Any]) -> Change:
    """Add one entry made from the list (its table, its entries): refuse it if the rules do,
    else save."""
    with store.updating(path) as ledger:
        entry = make(ledger)
        index = len(ledger.entries)
        _refuse_problems(ledger, index, entry, numbered_count(ledger) + 1)
        ledger.entries.append(entry)
    row = row_at(ledger, index)
    return Change(ledger, numbered_count(ledger), row, row)


def add_game(
    path: Path | str,
    player: str | None,
    words: Sequence[str],
    *,
    note: str = "",
) -> Change:
    """Enter an entry from its words: ``add_game(path, "anna", ["kreuz", "mit", "2"])``;
    with ``player`` None the words start with the declarer (``["anna", "null", "ouvert"]``)."""
    check_note(note)

    def make(ledger: Ledger) -> Any:
        family = ledger.family
        if not words:
            raise _say_which(family)
        if player is None and family.needs_name(ledger.table, words):
            raise _no_declarer(ledger, words)
        if player is not None:
            declarer = find_player(ledger.table.players, player)
            return family.parse(
                ledger.table, [*words], declarer=declarer, note=note, time=now(), named=False
            )
        return family.parse(ledger.table, [*words], note=note, time=now())

    return append(path, make)


def _say_which(family: Family[Any, Any, Any]) -> InputError:
    """No words at all: what one entry of the family's lists is written like."""
    return InputError(msg("say which game, e.g. '{example}'", example=family.example))


def _no_declarer(ledger: Ledger, words: Sequence[str]) -> InputError:
    """Words without the declarer, where nobody else names him (the page's add). Where the
    words after the first make a game (``dora null`` at a table of Anna, Ben, Carl), the first
    was meant as a name: the refusal is the unknown player's, with the players named."""
    if len(words) > 1:
        table, family = ledger.table, ledger.family
        try:
            family.parse(table, [*words[1:]], declarer=table.players[0], named=False, time=now())
        except SkatlisteError:
            pass
        else:
            try:
                find_player(table.players, words[0])
            except InputError as exc:
                return exc
    typed = " ".join(words)
    return InputError(
        msg(
            "{typed}: say who played: tap a player or start the words with the name, e.g. "
            "'{name} {words}'",
            typed=repr(typed),
            name=ledger.table.players[0].lower(),
            words=typed,  # inside the example's quotes, not quoted again
        )
    )


def pass_game(path: Path | str, *, note: str = "", end: bool = False) -> Change:
    """All passed: a game that scores 0 and moves the deal on, refused where the family has
    none (American Grand: the dealer must bid); ``end``: the end of the partie by hand."""
    check_note(note)

    def passed(ledger: Ledger) -> Any:
        refused = ledger.family.nouns.pass_refused
        if not end and refused is not None:
            raise InputError(refused)
        return ledger.family.passed(note=note, time=now())

    return append(path, passed)


def add_ramsch(path: Path | str, words: Sequence[str], *, note: str = "") -> Change:
    """Enter a Ramsch: every player's Augen, then Jungfrau, Durchmarsch, pushes."""
    check_note(note)

    def make(ledger: Ledger) -> Any:
        if not any(kind.name == "ramsch" for kind in ledger.family.kinds):
            raise InputError(msg("{family} has no Ramsch", family=ledger.family.title))
        return ledger.family.parse(ledger.table, ["ramsch", *words], note=note, time=now())

    return append(path, make)


def _values(ledger: Ledger) -> dict[int, tuple[int, str]]:
    """Each entry (by identity) → (its number, its value cell)."""
    return ledger.family.values(ledger.table, ledger.entries)


def _changed_later(
    before: dict[int, tuple[int, str]], ledger: Ledger, number: int
) -> tuple[tuple[int, str, str], ...]:
    """The entries after entry ``number`` whose value is not what it was."""
    after = _values(ledger)
    out = []
    for key, (now_number, now_value) in after.items():
        if now_number <= number or key not in before:
            continue
        was = before[key][1]
        if was != now_value:
            out.append((now_number, was, now_value))
    return tuple(sorted(out))


def _refuse_breaking(
    ledger: Ledger,
    before: Sequence[Any],
    moved: Callable[[int], int | None],
    *,
    changed: int | None = None,
) -> None:
    """A change that would make another entry impossible is refused like any impossible entry
    (rules §1: at a table of four the dealer sits out; an entry shifts every later dealer and
    round): ``moved`` says where each entry of ``before`` stands after the change (None for
    the one removed); ``changed`` is the index of the entry changed or put in, whose own
    problems are refused already. Problems the list had before are not this change's."""
    family = ledger.family
    had = {moved(p.index) for p in family.derived(ledger.table, before).problems}
    broken = [
        (p.where, p.what)
        for p in family.derived(ledger.table, ledger.entries).problems
        if p.index != changed and p.index not in had
    ]
    if broken:
        where, problem = broken[0]
        raise InputError(
            nmsg(
                "refused: it would make {count} later entry impossible, {where}: {problem} (the "
                "entries after the change move with it, and their dealers with them: where one "
                "was entered against the wrong dealer, correct it first)",
                "refused: it would make {count} later entries impossible, first {where}: "
                "{problem} (the entries after the change move with it, and their dealers with "
                "them: where one was entered against the wrong dealer, correct it first)",
                len(broken),
                where=where,
                problem=problem,
            )
        )


def _protests_follow(
    ledger: Ledger, before: Sequence[Any], moved: Callable[[int], int | None]
) -> None:
    """Each protest keeps to its game when entries move (``moved``: where each entry of
    ``before`` stands now, None for the one removed, which takes its protests into the
    history item just kept)."""
    if agreement.FIELD not in ledger.header:
        return
    numbered = ledger.family.numbered
    games = [i for i, e in enumerate(before) if numbered(e)]
    now = {index: n for n, index in enumerate(indexes(ledger), 1)}

    def number_now(game: int) -> int | None:
        if game > len(games):
            return game  # a protest on a game past the list's end (a hand edit) stays as it is
        index = moved(games[game - 1])
        return None if index is None else now[index]

    agreement.move_protests(ledger.header, number_now, history_item=len(ledger.history))


def _after_change(
    ledger: Ledger,
    number: int,
    index: int | None,
    removed: Any | None,
    *,
    before: dict[int, tuple[int, str]],
    earlier: Sequence[Any],
) -> Change:
    """What a change did, ``before`` the values and ``earlier`` the entries before it."""
    row = None if index is None else row_at(ledger, index)
    family = ledger.family
    problems = tuple(family.problems(ledger.table, ledger.entries))
    changed = _changed_later(before, ledger, number - (index is None))
    reshaped = tuple(family.reshaped(ledger.table, earlier, ledger.entries))
    return Change(
        ledger,
        number,
        row,
        last_row(ledger),
        removed=removed,
        problems=problems,
        changed=changed,
        reshaped=reshaped,
    )


def fingerprint(entry: Any, family: Family[Any, Any, Any] | None = None) -> str:
    """A short mark of an entry exactly as it is stored (``Family.fingerprint``)."""
    found: str = (family or _family_of_entry(entry, families())).fingerprint(entry)
    return found


def _family_of_entry(entry: Any, known: Sequence[Family[Any, Any, Any]]) -> Family[Any, Any, Any]:
    for family in known:
        if family.holds(entry):
            return family
    raise TypeError(f"no game family holds {entry!r}")  # pragma: no cover - a bug


def _check_expected(ledger: Ledger, number: int, expect: str | None, *, last: bool = False) -> int:
    """The index of entry ``number``; with ``expect``, refuse (``ChangedError``) unless it is
    still the entry whose ``fingerprint`` that is (and, for ``last``, still the last one):
    another phone may have deleted, edited or added an entry since."""
    if expect is None:
        return check_number(ledger, number)
    entries = ledger.entries
    family = ledger.family
    if last:
        index = len(entries) - 1
    else:
        try:
            index = check_number(ledger, number)
        except InputError:
            index = -1
    if index >= 0 and fingerprint(entries[index], family) == expect:
        return index
    what = msg("the last game") if last else msg("game {number}", number=number)
    raise ChangedError(
        msg(
            "{what} has changed since you opened it: reload (another change to the list came "
            "first); nothing changed",
            what=what,
        )
    )


def undo(path: Path | str, *, expect: str | None = None) -> Change:
    """Take back the last entry (kept in the history); with ``expect`` (its ``fingerprint``)
    only if the last entry is still that one."""
    with store.updating(path) as ledger:
        if expect is not None:
            _check_expected(ledger, len(ledger.entries), expect, last=True)
        if not ledger.entries:
            raise InputError(
                msg(
                    "{path}: {problem}", path=str(ledger.path), problem=ledger.family.nouns.none_yet
                )
            )
        earlier = list(ledger.entries)
        removed = ledger.entries.pop()
        number = numbered_count(ledger) + ledger.family.numbered(removed)
        ledger.record("undo", max(1, number), removed, None)
        last = len(earlier) - 1
        _protests_follow(ledger, earlier, lambda i: None if i == last else i)
    return Change(ledger, max(1, number), None, last_row(ledger), removed=removed)


def delete(
    path: Path | str, number: int, *, expect: str | None = None, unnumbered: bool = False
) -> Change:
    """Delete entry ``number``; every later value and dealer follows (kept in the history).
    With ``expect`` (its ``fingerprint``) only if entry ``number`` is still that one. With
    ``unnumbered``, the entry without a number of its own right after entry ``number``
    (American Grand's end of a partie by hand) instead."""
    with store.updating(path) as ledger:
        if unnumbered:
            if ledger.family.numbers_every_entry:
                raise InputError(msg("every entry of this list has a number of its own"))
            index = check_number(ledger, number) + 1
            entries = ledger.entries
            if index >= len(entries) or ledger.family.numbered(entries[index]):
                name = ledger.family.unnumbered_name(number)
                raise InputError(msg("there is no {what}", what=name))
        else:
            index = _check_expected(ledger, number, expect)
        before = _values(ledger)
        earlier = list(ledger.entries)
        removed = ledger.entries.pop(index)
        _refuse_breaking(ledger, earlier, lambda i: None if i == index else i - (i > index))
        ledger.record("delete", number, removed, None)
        _protests_follow(ledger, earlier, lambda i: None if i == index else i - (i > index))
    return _after_change(ledger, number, None, removed, before=before, earlier=earlier)


def _entry_words(ledger: Ledger, words: Sequence[str], *, note: str, declarer: str | None) -> Any:
    if not words:
        raise InputError(msg("say which game, e.g. 'anna kreuz mit 2 hand' or 'eingepasst'"))
    return ledger.family.parse(ledger.table, list(words), declarer=declarer, note=note, time=now())


def edit(
    path: Path | str,
    number: int,
    words: Sequence[str],
    *,
    note: str | None = None,
    expect: str | None = None,
    declarer: str | None = None,
) -> Change:
    """Replace entry ``number`` with the entry the words describe (the old one is kept); the
    words may start with a player's name to change the declarer, else ``declarer`` (a player
    tapped) plays, else the old entry's. With ``expect`` (the entry's ``fingerprint``) only if
    entry ``number`` is still that one."""
    check_note(note)
    with store.updating(path) as ledger:
        family = ledger.family
        index = _check_expected(ledger, number, expect)
        old = ledger.entries[index]
        keep_note = old.note if note is None else note
        declarer = _declarer_of(ledger, old, declarer)
        try:
            entry = _entry_words(ledger, words, note=keep_note, declarer=declarer)
        except NoDeclarer:
            raise InputError(
                msg(
                    "game {number} was {was}: start the words with the declarer",
                    number=number,
                    was=family.kind_name(old),
                )
            ) from None
        entry = family.carry_over(old, entry)
        if _same(old, entry):
            raise InputError(
                msg(
                    "{entry} says that already: nothing changed, nothing written",
                    entry=family.entry_name(number),
                )
            )
        _refuse_problems(ledger, index, entry, number)
        before = _values(ledger)
        earlier = list(ledger.entries)
        ledger.entries[index] = entry
        _refuse_breaking(ledger, earlier, lambda i: i, changed=index)
        ledger.record("edit", number, old, entry)
    return _after_change(ledger, number, index, old, before=before, earlier=earlier)


def insert(path: Path | str, number: int, words: Sequence[str], *, note: str = "") -> Change:
    """Insert a forgotten entry as entry ``number``: the entries from there on move one down,
    and their dealers follow (``number`` one past the last appends)."""
    check_note(note)
    with store.updating(path) as ledger:
        found = indexes(ledger)
        n = len(found)
        if not 1 <= number <= n + 1:
            raise InputError(
                msg(
                    "insert {number}: an entry goes in at 1 to {last} (the list has {entries})",
                    number=number,
                    last=n + 1,
                    entries=ledger.family.entry_count(n),
                )
            )
        index = found[number - 1] if number <= n else len(ledger.entries)
        entry = _entry_words(ledger, words, note=note, declarer=None)
        if index < len(ledger.entries):  # before games played: theirs stay as they were
            entry = ledger.family.entered_later(ledger.table, entry)
        _refuse_problems(ledger, index, entry, number)
        before = _values(ledger)
        earlier = list(ledger.entries)
        ledger.entries.insert(index, entry)
        _refuse_breaking(ledger, earlier, lambda i: i + (i >= index), changed=index)
        _protests_follow(ledger, earlier, lambda i: i + (i >= index))
    return _after_change(ledger, number, index, None, before=before, earlier=earlier)


def restore(path: Path | str, item: int) -> Change:
    """Bring back history item ``item`` (1-based, as ``history`` numbers them): an entry taken
    back or deleted goes back in at its number; an edited entry gets its old version back
    (the newer version stays in the history)."""
    with store.updating(path) as ledger:
        if not 1 <= item <= len(ledger.history):
            if not ledger.history:
                raise InputError(
                    msg("restore {item}: the history is empty; nothing to bring back", item=item)
                )
            raise InputError(
                msg(
                    "restore {item}: the history has items 1 to {last}",
                    item=item,
                    last=len(ledger.history),
                )
            )
        kept = ledger.history[item - 1]
        entry = kept.entry
        if entry in ledger.entries:
            at = ledger.entries.index(entry) + 1
            raise InputError(
                msg(
                    "history item {item} is on the list already, as game {number}",
                    item=item,
                    number=at,
                )
            )
        before = _values(ledger)
        if kept.action == "edit":
            assert kept.replaced_by is not None
            newer = kept.replaced_by
            if newer not in ledger.entries:
                raise InputError(
                    msg(
                        "history item {item}: game {number} was changed again since; edit it "
                        "instead",
                        item=item,
                        number=kept.number,
                    )
                )
            index = ledger.entries.index(newer)
            _refuse_problems(ledger, index, entry, index + 1)
            earlier = list(ledger.entries)
            ledger.entries[index] = entry
            _refuse_breaking(ledger, earlier, lambda i: i, changed=index)
            ledger.record("edit", index + 1, newer, entry)
        else:
            index = _place_of(ledger, kept.number, entry)
            _refuse_problems(ledger, index, entry, index + 1)
            earlier = list(ledger.entries)
            ledger.entries.insert(index, entry)
            _refuse_breaking(ledger, earlier, lambda i: i + (i >= index), changed=index)
            _protests_follow(ledger, earlier, lambda i: i + (i >= index))
            if ledger.family.numbered(entry):
                game = indexes(ledger).index(index) + 1
                agreement.restore_protests(ledger.header, item, game)
    return _after_change(ledger, index + 1, index, None, before=before, earlier=earlier)


def _same(old: Any, new: Any) -> bool:
    """Whether ``new`` says what ``old`` says (when it was entered aside)."""
    return bool(dataclasses.replace(new, time=old.time) == old)


def _place_of(ledger: Ledger, number: int, entry: Any) -> int:
    """Where an entry taken out as number ``number`` goes back in: a numbered one before the
    entry that has its number now, one without a number (an end of a partie) right after the
    numbered entry it followed; after the last entry where the list has fewer."""
    found = indexes(ledger)
    if number > len(found):
        return len(ledger.entries)
    return found[number - 1] + (not ledger.family.numbered(entry))


def _declarer_of(ledger: Ledger, old: Any, tapped: str | None) -> str | None:
    """Who plays an edited entry unless its words name him: the player tapped, else its own."""
    family = ledger.family
    return family.declarer(old) if tapped is None else find_player(ledger.table.players, tapped)


def preview(
    path: Path | str,
    words: Sequence[str],
    *,
    declarer: str | None = None,
    number: int | None = None,
) -> Any:
    """What an entry would be, without writing anything: its row (value, explanation, the
    totals after it) as the next entry, like ``add_game(path, declarer, words)``; with
    ``number``, as the replacement of that entry, like ``edit`` (``declarer``: the player
    tapped, unless the words start with a name); for an entry that has no row
    (the end of a partie), what it is in a word (a ``Message``). Refused with the very message
    the change itself would give."""
    ledger = open_list(path)
    family = ledger.family
    if number is None:
        if declarer is not None and not words:
            raise _say_which(family)
        if declarer is None and words and family.needs_name(ledger.table, words):
            raise _no_declarer(ledger, words)
        if declarer is not None:
            declarer = find_player(ledger.table.players, declarer)
        entry = _entry_words(ledger, words, note="", declarer=declarer)
        index = len(ledger.entries)
        shown = numbered_count(ledger) + 1
    else:
        index = check_number(ledger, number)
        old = ledger.entries[index]
        declarer = _declarer_of(ledger, old, declarer)
        entry = _entry_words(ledger, words, note="", declarer=declarer)
        shown = number
    _refuse_problems(ledger, index, entry, shown)
    entries = [*ledger.entries[:index], entry]
    row = family.row_at(ledger.table, entries, index)
    return family.kind_name(entry) if row is None else row


# --- numbers ---------------------------------------------------------------------------------


def rounds_played(ledger: Ledger) -> int:
    """How many rounds the list has begun (a round: as many games as players at the table)."""
    played = len(ledger.entries)
    size = len(ledger.table.players)
    return (played - 1) // size + 1 if played else 1
