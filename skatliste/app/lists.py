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

from skatliste.errors import InputError
from skatliste.words import parse_words

if TYPE_CHECKING:
    from skatliste.ledger import Ledger
    from skatliste.sheet import Entry, GameEntry, RamschEntry, Row, Table

PASS_WORDS = ("eingepasst", "pass", "passed")


@dataclass(frozen=True)
class Change:
    """What a change did: the list after it, the game's row, and what it replaced."""

    ledger: Ledger
    number: int
    row: Row | None
    """The changed game's row (None when the game was removed)."""
    last: Row | None
    """The row of the list's last game after the change (None for an empty list)."""
    removed: Entry | None = None
    problems: tuple[tuple[int, str], ...] = ()
    """What ``check`` finds in the whole list afterwards (a later game the change affected)."""


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
    from skatliste.ledger import create, new_ledger
    from skatliste.rulesets import build_rule_set, parse_rule_assignments

    rules = build_rule_set(preset.lower(), parse_rule_assignments(list(rule_items)))
    if rules.family != "skat":
        from skatliste.rulesets import FAMILY_TITLE

        raise InputError(
            f"rules {rules.preset}: {FAMILY_TITLE[rules.family]} is not Skat: its list is "
            f"started by its own family ('skatliste new --rules {rules.preset} ...')"
        )
    players = [n.strip() for raw in names for n in raw.split(",") if n.strip()]
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
    if len({p.casefold() for p in players}) != len(players):
        raise InputError(
            "two players have the same name: give each a different one (e.g. 'Ben' and 'Ben2')"
        )
    for p in players:
        if p.lower() in ("p", "q", "-") or p.lower().lstrip("+-").isdigit():
            raise InputError(
                f"'{p}' cannot be a player's name: it means something else at the prompt"
            )
    dealer = None
    if first_dealer is not None:
        matches = [p for p in players if p.casefold() == first_dealer.casefold()]
        if not matches:
            raise InputError(f"--first-dealer {first_dealer}: not one of {', '.join(players)}")
        dealer = matches[0]
    ledger = new_ledger(Path(path), players, first_dealer=dealer, rules=rules)
    create(ledger, force=force)
    return ledger


# --- reading ---------------------------------------------------------------------------------


def open_list(path: Path | str) -> Ledger:
    """Read a list strictly (``LedgerError`` with file, place and reason if it is not right)."""
    from skatliste.ledger import load

    return load(path)


def last_row(ledger: Ledger) -> Row | None:
    """The last game's row: its value and the running totals after it."""
    from skatliste.sheet import last_row as derive_last

    return derive_last(ledger.table, ledger.entries)


def game_row(ledger: Ledger, number: int) -> Row:
    """Game ``number`` (1-based) with everything derived up to it."""
    from skatliste.sheet import rows

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
    return resolve_name(table.players, name)


def resolve_name(players: Sequence[str], name: str) -> str:
    """One of ``players`` by name, case-insensitive, or by an unambiguous beginning."""
    folded = name.casefold()
    for p in players:
        if p.casefold() == folded:
            return p
    hits = [p for p in players if p.casefold().startswith(folded)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise InputError(f"'{name}' could be {' or '.join(hits)}: write more of the name")
    listed = ", ".join(players)
    raise InputError(f"unknown player '{name}': the players of this list are {listed}")


# --- entries from words ----------------------------------------------------------------------


def game_entry(table: Table, player: str, words: Sequence[str], *, note: str = "") -> GameEntry:
    """A declared game from the declarer's name and the table words."""
    from skatliste.ledger import now
    from skatliste.sheet import GameEntry

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
    from skatliste.ledger import now
    from skatliste.sheet import RamschEntry

    augen: dict[str, int] = {}
    jungfrau: list[str] = []
    durchmarsch: str | None = None
    pushes = 0
    skat: int | None = None
    toks = [t for w in words for t in w.replace(",", " ").split()]
    i = 0
    while i < len(toks):
        tok = toks[i]
        low = tok.lower()
        if "=" in tok:
            name, _, value = tok.partition("=")
            player = resolve_player(table, name)
            if not value.isdigit():
                raise InputError(f"'{tok}': write each player's Augen as NAME=N, e.g. anna=45")
            if player in augen:
                raise InputError(f"{player}'s Augen are given twice")
            augen[player] = int(value)
        elif low in ("jungfrau", "durchmarsch", "geschoben", "pushed", "skat"):
            if i + 1 >= len(toks):
                raise InputError(f"'{tok}' needs a name or number after it, e.g. 'jungfrau ben'")
            arg = toks[i + 1]
            i += 1
            if low == "jungfrau":
                jungfrau.append(resolve_player(table, arg))
            elif low == "durchmarsch":
                durchmarsch = resolve_player(table, arg)
            elif not arg.isdigit():
                raise InputError(f"'{tok} {arg}': '{tok}' needs a number, e.g. '{tok} 1'")
            elif low == "skat":
                skat = int(arg)
            else:
                pushes = int(arg)
        else:
            raise InputError(
                f"'{tok}' in a Ramsch: write NAME=AUGEN for each player, then optionally "
                "'jungfrau NAME', 'durchmarsch NAME', 'geschoben N', 'skat N'"
            )
        i += 1
    if not augen:
        raise InputError("give each player's Augen, e.g. 'skatliste ramsch anna=45 ben=40 carl=35'")
    return RamschEntry(
        augen=tuple(augen.items()),
        skat=skat,
        jungfrau=tuple(jungfrau),
        durchmarsch=durchmarsch,
        pushes=pushes,
        note=note,
        time=now(),
    )


def passed_entry(*, note: str = "") -> Entry:
    """Eingepasst: all passed."""
    from skatliste.ledger import now
    from skatliste.sheet import PassedEntry

    return PassedEntry(note=note, time=now())


def entry_from_words(
    ledger: Ledger, words: Sequence[str], *, note: str = "", declarer: str | None = None
) -> Entry:
    """Any entry from words: ``eingepasst``, ``ramsch NAME=AUGEN ...``, or ``NAME game words``.

    ``declarer`` is used when the words do not start with a player's name (an edit that keeps
    the declarer).
    """
    from skatliste.words import GAME_WORDS, NUMBER_WORDS

    if not words:
        raise InputError("say which game, e.g. 'anna kreuz mit 2 hand' or 'eingepasst'")
    first = words[0].lower()
    if len(words) == 1 and first in PASS_WORDS:
        return passed_entry(note=note)
    if first == "ramsch":
        return ramsch_entry(ledger.table, words[1:], note=note)
    known = set(GAME_WORDS) | set(NUMBER_WORDS)
    if first not in known and any(
        p.casefold().startswith(first.casefold()) for p in ledger.table.players
    ):
        return game_entry(ledger.table, words[0], words[1:], note=note)
    if declarer is None:
        raise InputError("start the words with the declarer, e.g. 'anna kreuz mit 2'")
    return game_entry(ledger.table, declarer, words, note=note)


# --- changes ---------------------------------------------------------------------------------


def _refuse_problems(table: Table, earlier: Sequence[Entry], entry: Entry, number: int) -> None:
    from skatliste.sheet import entry_problems

    problems = entry_problems(table, earlier, entry)
    if problems:
        raise InputError(f"game {number}: " + "; ".join(problems))


def append(path: Path | str, make: Callable[[Ledger], Entry]) -> Change:
    """Add one entry made from the loaded list: derive its row once, refuse it if the rules
    do, else save."""
    from skatliste.ledger import updating
    from skatliste.sheet import last_row as derive_last

    with updating(path) as ledger:
        entry = make(ledger)
        row = derive_last(ledger.table, [*ledger.entries, entry])
        assert row is not None
        if row.problems:
            raise InputError(f"game {row.number}: " + "; ".join(row.problems))
        ledger.entries.append(entry)
    return Change(ledger, row.number, row, row)


def add_game(path: Path | str, player: str, words: Sequence[str], *, note: str = "") -> Change:
    """Enter a declared game: ``add_game(path, "anna", ["kreuz", "mit", "2", "hand"])``."""
    if not words:
        raise InputError("say which game, e.g. 'skatliste add anna kreuz mit 2 hand'")
    return append(path, lambda ledger: game_entry(ledger.table, player, words, note=note))


def pass_game(path: Path | str, *, note: str = "") -> Change:
    """Eingepasst: a game that scores 0 and moves the deal on."""
    return append(path, lambda _: passed_entry(note=note))


def add_ramsch(path: Path | str, words: Sequence[str], *, note: str = "") -> Change:
    """Enter a Ramsch: every player's Augen, then Jungfrau, Durchmarsch, pushes."""
    return append(path, lambda ledger: ramsch_entry(ledger.table, words, note=note))


def _after_change(ledger: Ledger, number: int, removed: Entry | None, *, keep: bool) -> Change:
    from skatliste.sheet import check, rows

    row = next(rows(ledger.table, ledger.entries, only=number - 1)) if keep else None
    problems = tuple(check(ledger.table, ledger.entries))
    return Change(ledger, number, row, last_row(ledger), removed=removed, problems=problems)


def undo(path: Path | str) -> Change:
    """Take back the last game (kept in the history)."""
    from skatliste.ledger import updating

    with updating(path) as ledger:
        index = check_number(ledger, len(ledger.entries))
        removed = ledger.entries.pop()
        ledger.record("undo", index + 1, removed, None)
    return Change(ledger, index + 1, None, last_row(ledger), removed=removed)


def delete(path: Path | str, number: int) -> Change:
    """Delete game ``number``; every later value and dealer follows (kept in the history)."""
    from skatliste.ledger import updating

    with updating(path) as ledger:
        index = check_number(ledger, number)
        removed = ledger.entries.pop(index)
        ledger.record("delete", number, removed, None)
    return _after_change(ledger, number, removed, keep=False)


def edit(path: Path | str, number: int, words: Sequence[str], *, note: str | None = None) -> Change:
    """Replace game ``number`` with the entry the words describe (the old one is kept)."""
    from skatliste.ledger import updating
    from skatliste.sheet import GameEntry, RamschEntry

    with updating(path) as ledger:
        index = check_number(ledger, number)
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
        _refuse_problems(ledger.table, ledger.entries[:index], entry, number)
        ledger.entries[index] = entry
        ledger.record("edit", number, old, entry)
    return _after_change(ledger, number, old, keep=True)


def call_bock(path: Path | str) -> Change:
    """Call a Bock round by hand after the last game (rule bock=on)."""
    from skatliste.ledger import updating

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
    try:
        stake = Fraction(cent.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise InputError(
            f"--cent {cent}: give the stake per point in cent, e.g. 0.25 or 1/4"
        ) from None
    if stake < 0:
        raise InputError(f"--cent {cent}: the stake cannot be negative")
    return stake


def rounds_played(ledger: Ledger) -> int:
    """How many rounds the list has begun (a round: as many games as players at the table)."""
    played = len(ledger.entries)
    return (played - 1) // ledger.table.size + 1 if played else 1
