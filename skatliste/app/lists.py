"""What a table does with its list: add a game, pass, Ramsch, undo, delete, edit, Bock.

Every change is one atomic read-modify-write under the list's lock (``ledger.updating``);
a refused change raises before anything is written, so the list is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from skatliste.errors import ChangedError, InputError
from skatliste.skat.words import PASS_WORDS, parse_words

if TYPE_CHECKING:
    from skatliste.i18n import Lang
    from skatliste.skat.entries import Entry, GameEntry, RamschEntry, Table
    from skatliste.skat.sheet import Row
    from skatliste.store.ledger import Ledger as Ledger  # the edges name the types from here
    from skatliste.store.ledger import Standing as Standing


@dataclass(frozen=True)
class Change:
    """What a change did: the list after it, the game's row, and what it replaced."""

    ledger: Ledger | Standing
    """The list after the change (after an ``append``: its table and derived state only)."""
    number: int
    row: Row | None
    """The changed game's row (None when the game was removed)."""
    last: Row | None
    """The row of the list's last game after the change (None for an empty list)."""
    removed: Entry | None = None
    problems: tuple[tuple[int, str], ...] = ()
    """What ``check`` finds in the whole list afterwards (a later game the change affected)."""
    changed: tuple[tuple[int, str, str], ...] = ()
    """Later games whose value changed: (number now, value before, value after), e.g. a Bock
    round that now starts or ends elsewhere."""


# --- a new list ------------------------------------------------------------------------------


def new_list(
    path: Path | str,
    names: Sequence[str],
    *,
    preset: str = "isko",
    rule_items: Sequence[str] = (),
    first_dealer: str | None = None,
    force: bool = False,
) -> Ledger:
    """Start a list: players in seat order (``"Anna,Ben"`` splits too), a rule set with its
    ``KEY=VALUE`` changes, who deals first. Refuses to replace a list without ``force``."""
    from skatliste.players import check_player_names, find_player, nfc
    from skatliste.skat.rulesets import build_rule_set, parse_rule_assignments
    from skatliste.store.ledger import create, new_ledger

    rules = build_rule_set(preset.lower(), parse_rule_assignments(list(rule_items)))
    if rules.family != "skat":
        from skatliste.skat.rulesets import FAMILY_TITLE

        raise InputError(
            f"rules {rules.preset}: {FAMILY_TITLE[rules.family]} is not Skat: its list is "
            f"started by its own family ('skatliste new --rules {rules.preset} ...')"
        )
    # NFC: a name typed with a decomposed 'ü' is the same name as one with a composed 'ü'
    players = [nfc(n.strip()) for raw in names for n in raw.split(",") if n.strip()]
    if len(players) not in rules.player_counts:
        if rules.two_player:
            raise InputError(
                f"{len(players)} player(s) given: {rules.variant.capitalize()} is played by "
                "2 players, e.g. 'skatliste new --players Anna Ben --rules bauernskat'"
            )
        raise InputError(
            f"{len(players)} player(s) given: a list has 3 or 4 players in seat order, "
            "e.g. 'skatliste new --players Anna Ben Carl' (2 with --rules bauernskat)"
        )
    check_player_names(players)
    dealer = None
    if first_dealer is not None:
        try:
            dealer = find_player(players, first_dealer)
        except InputError as exc:
            raise InputError(f"--first-dealer {first_dealer}: {exc}") from None
    ledger = new_ledger(Path(path), players, first_dealer=dealer, rules=rules)
    create(ledger, force=force)
    return ledger


# --- reading ---------------------------------------------------------------------------------


def summary_numbers(path: Path | str) -> Standing:
    """The list's table and the whole sheet's numbers (a long list's from its cache)."""
    from skatliste.store.ledger import standing

    return standing(path)


def sheet_text(path: Path | str, *, fmt: str = "plain", lang: Lang = "de") -> bytes | memoryview:
    """The list as on paper in ``fmt`` (plain, grid, md, csv, json), as UTF-8 text: a long
    list's from the copy kept beside it when that was printed from the list as it is."""
    from skatliste.store.ledger import printed

    def make(ledger: Ledger) -> str:
        if fmt in ("csv", "json"):  # the same CSV and JSON as 'export'
            from skatliste.app.reports import export

            return export(ledger, "csv" if fmt == "csv" else "json", lang=lang).rstrip("\n")
        from skatliste.render.text import render_sheet
        from skatliste.skat.sheet import rows

        sheet = list(rows(ledger.table, ledger.entries))
        return render_sheet(ledger.table, sheet, fmt=fmt, lang=lang)

    return printed(path, f"sheet {fmt} {lang}", make)


def open_list(path: Path | str) -> Ledger:
    """Read a list strictly (``LedgerError`` with file, place and reason if it is not right)."""
    from skatliste.store.ledger import load

    return load(path)


def family_at(path: Path | str) -> str:
    """The game family of the list at ``path`` (``skat`` when there is none to read)."""
    from skatliste.store.ledger import family_at as family

    return family(path)


def player_names(path: Path | str) -> list[str]:
    """The players of the list at ``path`` for shell completion: read quickly, without checking
    the file, never failing ([] for no readable list)."""
    from skatliste.store.names import player_names as names

    return names(path)


def last_row(ledger: Ledger) -> Row | None:
    """The last game's row: its value and the running totals after it."""
    from skatliste.skat.sheet import last_row as derive_last

    return derive_last(ledger.table, ledger.entries)


def game_row(ledger: Ledger, number: int) -> Row:
    """Game ``number`` (1-based) with everything derived up to it."""
    from skatliste.skat.sheet import rows

    index = check_number(ledger, number)
    return next(rows(ledger.table, ledger.entries, only=index))


def check_number(ledger: Ledger, number: int) -> int:
    """The index of game ``number``, or an ``InputError`` saying which numbers exist."""
    n = len(ledger.entries)
    if n == 0:
        raise InputError(f"{ledger.path}: the list has no games yet")
    if not 1 <= number <= n:
        raise InputError(f"game {number}: the list has games 1 to {n}")
    return number - 1


def resolve_player(table: Table, name: str) -> str:
    """A player by name, case-insensitive, or by an unambiguous beginning."""
    return table.find(name)


# --- entries from words ----------------------------------------------------------------------


def game_entry(table: Table, player: str, words: Sequence[str], *, note: str = "") -> GameEntry:
    """A declared game from the declarer's name and the table words."""
    from skatliste.skat.entries import GameEntry
    from skatliste.store.ledger import now

    declarer = resolve_player(table, player)
    parsed = parse_words(list(words))
    return GameEntry(
        declarer=declarer,
        declaration=parsed.declaration,
        outcome=parsed.outcome,
        paper=parsed.paper,
        kontra_bid=parsed.kontra_bid,
        note=note,
        time=now(),
    )


def ramsch_entry(table: Table, words: Sequence[str], *, note: str = "") -> RamschEntry:
    """``anna=45 ben=40 carl=35 [jungfrau ben] [durchmarsch anna] [geschoben 2] [skat 10]``."""
    from skatliste.skat.entries import parse_ramsch
    from skatliste.store.ledger import now

    return parse_ramsch(table, words, note=note, time=now())


def passed_entry(*, note: str = "") -> Entry:
    """Eingepasst: all passed."""
    from skatliste.skat.entries import PassedEntry
    from skatliste.store.ledger import now

    return PassedEntry(note=note, time=now())


def entry_from_words(
    ledger: Ledger, words: Sequence[str], *, note: str = "", declarer: str | None = None
) -> Entry:
    """Any entry from words: ``eingepasst``, ``ramsch NAME=AUGEN ...``, or ``NAME game words``.

    ``declarer`` is used when the words do not start with a player's name (an edit that keeps
    the declarer).
    """
    if not words:
        raise InputError("say which game, e.g. 'anna kreuz mit 2 hand' or 'eingepasst'")
    first = words[0].lower()
    if len(words) == 1 and first in PASS_WORDS:
        return passed_entry(note=note)
    if first == "ramsch":
        return ramsch_entry(ledger.table, words[1:], note=note)
    if names_player(ledger.table, words[0]):
        return game_entry(ledger.table, words[0], words[1:], note=note)
    if declarer is None:
        raise InputError("start the words with the declarer, e.g. 'anna kreuz mit 2'")
    return game_entry(ledger.table, declarer, words, note=note)


def names_player(table: Table, word: str) -> bool:
    """Whether a game's first word is a player's name (or its beginning), not a game word."""
    from skatliste.players import same_name
    from skatliste.skat.words import GAME_WORDS, NUMBER_WORDS

    low = word.lower()
    if low in GAME_WORDS or low in NUMBER_WORDS:
        return False
    return any(same_name(p).startswith(same_name(word)) for p in table.players)


# --- changes ---------------------------------------------------------------------------------


def _refuse_problems(table: Table, earlier: Sequence[Entry], entry: Entry, number: int) -> None:
    from skatliste.skat.sheet import entry_problems

    problems = entry_problems(table, earlier, entry)
    if problems:
        raise InputError(f"game {number}: " + "; ".join(problems))


def append(path: Path | str, make: Callable[[Standing], Entry]) -> Change:
    """Add one entry made from the list's table: derive its row once, refuse it if the rules
    do, else save. A long list is not read game by game (``ledger.appending``)."""
    from skatliste.store.ledger import appending

    with appending(path) as open_list:
        entry = make(open_list)
        row = open_list.row(entry)
        if row.problems:
            raise InputError(f"game {row.number}: " + "; ".join(row.problems))
        open_list.append(entry)
    return Change(open_list, row.number, row, row)


def add_game(
    path: Path | str, player: str | None, words: Sequence[str], *, note: str = ""
) -> Change:
    """Enter a declared game: ``add_game(path, "anna", ["kreuz", "mit", "2", "hand"])``;
    with ``player`` None the words start with the declarer (``["anna", "null", "ouvert"]``)."""
    if not words:
        raise InputError("say which game, e.g. 'skatliste add anna kreuz mit 2 hand'")

    def make(ledger: Standing) -> GameEntry:
        if player is not None:
            return game_entry(ledger.table, player, words, note=note)
        if not names_player(ledger.table, words[0]):
            raise _no_declarer(ledger.table, words)
        return game_entry(ledger.table, words[0], words[1:], note=note)

    return append(path, make)


def _no_declarer(table: Table, words: Sequence[str]) -> InputError:
    """Game words without the declarer, where nobody else names him (the page's add)."""
    typed = " ".join(words)
    return InputError(
        f"{typed!r}: say who played: tap a player or start the words with the name, "
        f"e.g. '{table.players[0].lower()} {typed}'"
    )


def pass_game(path: Path | str, *, note: str = "") -> Change:
    """Eingepasst: a game that scores 0 and moves the deal on."""
    return append(path, lambda _: passed_entry(note=note))


def add_ramsch(path: Path | str, words: Sequence[str], *, note: str = "") -> Change:
    """Enter a Ramsch: every player's Augen, then Jungfrau, Durchmarsch, pushes."""
    return append(path, lambda ledger: ramsch_entry(ledger.table, words, note=note))


def _values(table: Table, entries: Sequence[Entry]) -> dict[int, tuple[int, str]]:
    """Each entry (by identity) → (its number, its value cell)."""
    from skatliste.render.text import value_cell
    from skatliste.skat.sheet import rows

    return {id(row.entry): (row.number, value_cell(row)) for row in rows(table, entries)}


def _changed_later(
    before: dict[int, tuple[int, str]], ledger: Ledger, number: int
) -> tuple[tuple[int, str, str], ...]:
    """The games after game ``number`` whose value is not what it was."""
    after = _values(ledger.table, ledger.entries)
    out = []
    for key, (now_number, now_value) in after.items():
        if now_number <= number or key not in before:
            continue
        was = before[key][1]
        if was != now_value:
            out.append((now_number, was, now_value))
    return tuple(sorted(out))


def _after_change(
    ledger: Ledger,
    number: int,
    removed: Entry | None,
    *,
    keep: bool,
    before: dict[int, tuple[int, str]] | None = None,
) -> Change:
    from skatliste.skat.sheet import check, rows

    row = next(rows(ledger.table, ledger.entries, only=number - 1)) if keep else None
    problems = tuple(check(ledger.table, ledger.entries))
    changed = () if before is None else _changed_later(before, ledger, number - (not keep))
    return Change(
        ledger,
        number,
        row,
        last_row(ledger),
        removed=removed,
        problems=problems,
        changed=changed,
    )


def fingerprint(entry: Entry) -> str:
    """A short mark of an entry exactly as it is stored (words, note, time): what a page or
    a script saw, to name the game in ``expect=`` when it asks to change it."""
    import hashlib
    import json

    from skatliste.store.ledger import entry_data

    stored = json.dumps(entry_data(entry), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(stored.encode("utf-8")).hexdigest()[:16]


def _check_expected(ledger: Ledger, number: int, expect: str | None, *, last: bool = False) -> int:
    """The index of game ``number``; with ``expect``, refuse (``ChangedError``) unless game
    ``number`` is still the entry whose ``fingerprint`` that is (and, for ``last``, still
    the last game): another phone may have deleted, edited or added a game since."""
    if expect is None:
        return check_number(ledger, number)
    entries = ledger.entries
    if 1 <= number <= len(entries) and fingerprint(entries[number - 1]) == expect:
        return number - 1
    what = "the last game" if last else f"game {number}"
    raise ChangedError(
        f"{what} has changed since you opened it: reload (another change to the list "
        "came first); nothing changed"
    )


def undo(path: Path | str, *, expect: str | None = None) -> Change:
    """Take back the last game (kept in the history); with ``expect`` (its ``fingerprint``)
    only if the last game is still that one."""
    from skatliste.store.ledger import updating

    with updating(path) as ledger:
        if expect is not None:
            _check_expected(ledger, len(ledger.entries), expect, last=True)
        index = check_number(ledger, len(ledger.entries))
        removed = ledger.entries.pop()
        ledger.record("undo", index + 1, removed, None)
    return Change(ledger, index + 1, None, last_row(ledger), removed=removed)


def delete(path: Path | str, number: int, *, expect: str | None = None) -> Change:
    """Delete game ``number``; every later value and dealer follows (kept in the history).
    With ``expect`` (the game's ``fingerprint``) only if game ``number`` is still that game."""
    from skatliste.store.ledger import updating

    with updating(path) as ledger:
        index = _check_expected(ledger, number, expect)
        before = _values(ledger.table, ledger.entries)
        removed = ledger.entries.pop(index)
        ledger.record("delete", number, removed, None)
    return _after_change(ledger, number, removed, keep=False, before=before)


def edit(
    path: Path | str,
    number: int,
    words: Sequence[str],
    *,
    note: str | None = None,
    expect: str | None = None,
) -> Change:
    """Replace game ``number`` with the entry the words describe (the old one is kept).
    With ``expect`` (the game's ``fingerprint``) only if game ``number`` is still that game."""
    from skatliste.skat.entries import GameEntry, RamschEntry
    from skatliste.store.ledger import updating

    with updating(path) as ledger:
        index = _check_expected(ledger, number, expect)
        old = ledger.entries[index]
        keep_note = old.note if note is None else note
        declarer = old.declarer if isinstance(old, GameEntry) else None
        try:
            entry = entry_from_words(ledger, words, note=keep_note, declarer=declarer)
        except InputError as exc:
            if declarer is None and "start the words with the declarer" in str(exc):
                was = "a Ramsch" if isinstance(old, RamschEntry) else "eingepasst"
                raise InputError(
                    f"game {number} was {was}: start the words with the declarer"
                ) from None
            raise
        if (
            isinstance(old, GameEntry)
            and isinstance(entry, GameEntry)
            and old.paper is not None
            and entry.paper is None
        ):
            # the paper list still says what it said: keep it to compare
            entry = replace(entry, paper=old.paper)
        if old.bock_called:
            # the table called a Bock round after this game: correcting the game keeps it
            entry = replace(entry, bock_called=True)
        _refuse_problems(ledger.table, ledger.entries[:index], entry, number)
        before = _values(ledger.table, ledger.entries)
        ledger.entries[index] = entry
        ledger.record("edit", number, old, entry)
    return _after_change(ledger, number, old, keep=True, before=before)


def insert(path: Path | str, number: int, words: Sequence[str], *, note: str = "") -> Change:
    """Insert a forgotten game as game ``number``: the games from there on move one down,
    and their dealers follow (``number`` one past the last game appends)."""
    from skatliste.store.ledger import updating

    with updating(path) as ledger:
        n = len(ledger.entries)
        if not 1 <= number <= n + 1:
            raise InputError(
                f"insert {number}: a game goes in at 1 to {n + 1} (the list has {n} games)"
            )
        entry = entry_from_words(ledger, words, note=note)
        _refuse_problems(ledger.table, ledger.entries[: number - 1], entry, number)
        before = _values(ledger.table, ledger.entries)
        ledger.entries.insert(number - 1, entry)
    return _after_change(ledger, number, None, keep=True, before=before)


def restore(path: Path | str, item: int) -> Change:
    """Bring back history item ``item`` (1-based, as ``history`` numbers them): a game taken
    back or deleted goes back in at its number; an edited game gets its old version back
    (the newer version stays in the history)."""
    from skatliste.store.ledger import model_to_entry, updating

    with updating(path) as ledger:
        if not 1 <= item <= len(ledger.history):
            if not ledger.history:
                raise InputError(f"restore {item}: the history is empty; nothing to bring back")
            raise InputError(
                f"restore {item}: the history has items 1 to {len(ledger.history)} "
                "(see 'skatliste history')"
            )
        kept = ledger.history[item - 1]
        entry = model_to_entry(kept.entry)
        if entry in ledger.entries:
            at = ledger.entries.index(entry) + 1
            raise InputError(f"history item {item} is on the list already, as game {at}")
        before = _values(ledger.table, ledger.entries)
        if kept.action == "edit":
            assert kept.replaced_by is not None
            newer = model_to_entry(kept.replaced_by)
            if newer not in ledger.entries:
                raise InputError(
                    f"history item {item}: game {kept.number} was changed again since; "
                    "correct it with 'skatliste edit'"
                )
            index = ledger.entries.index(newer)
            _refuse_problems(ledger.table, ledger.entries[:index], entry, index + 1)
            ledger.entries[index] = entry
            ledger.record("edit", index + 1, newer, entry)
        else:
            index = min(kept.number, len(ledger.entries) + 1) - 1
            _refuse_problems(ledger.table, ledger.entries[:index], entry, index + 1)
            ledger.entries.insert(index, entry)
    return _after_change(ledger, index + 1, None, keep=True, before=before)


def preview(
    path: Path | str,
    words: Sequence[str],
    *,
    declarer: str | None = None,
    number: int | None = None,
) -> Row:
    """What an entry would be, without writing anything: its row (value, explanation, the
    totals after it) as the next game, like ``add_game(path, declarer, words)`` (or like
    ``entry_from_words`` without a declarer); with ``number``, as the replacement of that
    game, like ``edit``. Refused with the very message the change itself would give."""
    from skatliste.skat.entries import GameEntry
    from skatliste.skat.sheet import last_row as derive_last

    ledger = open_list(path)
    if number is None:
        if declarer is not None and not words:
            raise InputError("say which game, e.g. 'skatliste add anna kreuz mit 2 hand'")
        first = words[0].lower() if words else ""
        if (
            declarer is None
            and words
            and first != "ramsch"
            and not (len(words) == 1 and first in PASS_WORDS)
            and not names_player(ledger.table, words[0])
        ):
            # refused in the words ``add_game(path, None, words)`` would use
            raise _no_declarer(ledger.table, words)
        entry = (
            game_entry(ledger.table, declarer, words)
            if declarer is not None
            else entry_from_words(ledger, words)
        )
        earlier = ledger.entries
    else:
        index = check_number(ledger, number)
        old = ledger.entries[index]
        keep = old.declarer if isinstance(old, GameEntry) else None
        entry = entry_from_words(ledger, words, declarer=keep)
        earlier = ledger.entries[:index]
    row = derive_last(ledger.table, [*earlier, entry])
    assert row is not None
    if row.problems:
        raise InputError(f"game {row.number}: " + "; ".join(row.problems))
    return row


def call_bock(path: Path | str) -> Change:
    """Call a Bock round by hand after the last game (rule bock=on)."""
    from skatliste.store.ledger import updating

    with updating(path) as ledger:
        if not ledger.rules.on("bock"):
            raise InputError("this rule set plays no Bock (rule bock=off; the pub rule set has it)")
        if not ledger.entries:
            raise InputError(
                "no game yet: a Bock round is called after a game and starts with the next"
            )
        last = ledger.entries[-1]
        if last.bock_called:
            raise InputError("a Bock round was called after this game already")
        flagged = replace(last, bock_called=True)
        ledger.entries[-1] = flagged
        ledger.record("edit", len(ledger.entries), last, flagged)
    row = last_row(ledger)
    return Change(ledger, len(ledger.entries), row, row)


# --- numbers ---------------------------------------------------------------------------------


def parse_stake(cent: str | None) -> Fraction | None:
    """The stake per point in cent (``0.25``, ``0,25`` or ``1/4``), or None."""
    if cent is None:
        return None
    from skatliste.money import parse_stake as parse

    return parse(cent)


def rounds_played(ledger: Ledger) -> int:
    """How many rounds the list has begun (a round: as many games as players at the table)."""
    played = len(ledger.entries)
    return (played - 1) // ledger.table.size + 1 if played else 1
