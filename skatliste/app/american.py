"""What a user does with an American Grand list: start it, add a deal, end a partie, undo,
delete, edit, and read it back (sheet, parties, problems). Returns results; never prints.

Every change is one atomic read-modify-write under the list's lock; a refused change leaves
the file as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skatliste.american.game import (
    CONTRACT_WORDS,
    FLAG_WORDS,
    NUMBER_WORDS,
    VOCABULARY,
    Deal,
    Entry,
    Partie,
    PartieEnd,
    Row,
    parse_words,
    parties,
    problems,
)
from skatliste.app.reports import Removed, removed_items
from skatliste.errors import InputError
from skatliste.players import check_player_names
from skatliste.players import find_player as resolve_player

if TYPE_CHECKING:  # the store (pydantic) is imported only where used
    from skatliste.store.american import AmericanList as AmericanList  # named by the edges


def new_list(
    path: Path | str,
    names: Sequence[str],
    *,
    preset: str = "american-grand",
    rule_items: Sequence[str] = (),
    first_dealer: str | None = None,
    force: bool = False,
) -> AmericanList:
    """Start an American Grand list: four players in seat order, partners opposite, the
    rule set's ``KEY=VALUE`` changes, who deals first. Refuses to replace a list without
    ``force``."""
    from skatliste.skat.rulesets import build_rule_set, parse_rule_assignments
    from skatliste.store.american import create, new_list

    rules = build_rule_set(preset.lower(), parse_rule_assignments(list(rule_items)))
    players = [n.strip() for raw in names for n in raw.split(",") if n.strip()]
    if len(players) != 4:
        raise InputError(
            f"{len(players)} player(s) given: American Grand is played by four in seat order, "
            "partners opposite, e.g. 'skatliste new --rules american-grand --players Anna Ben "
            "Carl Dora'"
        )
    check_player_names(players)
    for name in players:
        if name.casefold() in VOCABULARY:
            raise InputError(
                f"'{name}' cannot be a player's name: it is a word of a deal; give the "
                "player's name"
            )
    dealer = None
    if first_dealer is not None:
        try:
            dealer = resolve_player(players, first_dealer)
        except InputError as exc:
            raise InputError(f"--first-dealer {first_dealer}: {exc}") from None
    lst = new_list(Path(path), players, first_dealer=dealer, rules=rules)
    create(lst, force=force)
    return lst


@dataclass(frozen=True)
class Change:
    """What a change did: the list after it, the row of the deal concerned (if any), the
    partie it belongs to, and what was removed or replaced."""

    lst: AmericanList
    row: Row | None = None
    partie: Partie | None = None
    removed: Entry | None = None
    followups: tuple[tuple[str, str], ...] = ()
    """Problems the change leaves for 'check' (after a delete or an edit)."""


def _deal_from_words(lst: AmericanList, player: str, words: Sequence[str], note: str) -> Deal:
    from skatliste.store.ledger import now

    declarer = resolve_player(lst.table.players, player)
    if not words:
        raise InputError(
            "say which contract, bid and result, e.g. 'skatliste add anna whist 25 tricks 11'"
        )
    return parse_words(words).deal(
        declarer, note=note, time=now(), slam_counts=lst.table.slam_counts
    )


def _where(lst: AmericanList, deal: Deal) -> tuple[Row, Partie]:
    for partie in parties(lst.table, lst.entries):
        for row in partie.rows:
            if row.deal is deal:
                return row, partie
    raise AssertionError("a valid deal has its row")  # pragma: no cover


def add(path: Path, player: str, words: Sequence[str], *, note: str = "") -> Change:
    """Enter a deal: the declarer and the words (``whist 25 tricks 11``)."""
    from skatliste.store.american import updating

    with updating(path) as lst:
        deal = _deal_from_words(lst, player, words, note)
        lst.entries.append(deal)
    row, partie = _where(lst, deal)
    return Change(lst, row, partie)


def end(path: Path, *, note: str = "") -> Change:
    """End the partie in progress by hand (an agreed time); the next deal starts a new one."""
    from skatliste.store.american import updating
    from skatliste.store.ledger import now

    with updating(path) as lst:
        current = parties(lst.table, lst.entries)[-1]
        if current.finished or not current.rows:
            raise InputError(
                f"{path}: no partie in progress to end: the next deal starts a new one "
                "('skatliste add ...')"
            )
        lst.entries.append(PartieEnd(note=note, time=now()))
    return Change(lst, current.rows[-1], parties(lst.table, lst.entries)[current.number - 1])


def _deal_index(lst: AmericanList, number: int) -> int:
    indexes = [i for i, e in enumerate(lst.entries) if isinstance(e, Deal)]
    if not indexes:
        raise InputError(f"{lst.path}: the list has no deals yet")
    if not 1 <= number <= len(indexes):
        raise InputError(f"deal {number}: the list has deals 1 to {len(indexes)}")
    return indexes[number - 1]


def deal_count(lst: AmericanList) -> int:
    """How many deals the list has (ends by hand not counted)."""
    return sum(1 for e in lst.entries if isinstance(e, Deal))


def undo(path: Path) -> Change:
    """Take back the last entry: the last deal, or the last 'end' (kept in history)."""
    from skatliste.store.american import updating

    with updating(path) as lst:
        if not lst.entries:
            raise InputError(f"{path}: the list has no deals yet")
        removed = lst.entries.pop()
        lst.record("undo", max(1, deal_count(lst) + isinstance(removed, Deal)), removed, None)
    return Change(lst, removed=removed)


def delete(path: Path, number: int) -> Change:
    """Delete deal N; every later score and dealer follows (kept in history)."""
    from skatliste.store.american import updating

    with updating(path) as lst:
        removed = lst.entries.pop(_deal_index(lst, number))
        lst.record("delete", number, removed, None)
    return Change(lst, removed=removed, followups=tuple(problems(lst.table, lst.entries)))


def edit(path: Path, number: int, words: Sequence[str], *, note: str | None = None) -> Change:
    """Replace deal N. The words may start with a player's name to change the declarer."""
    from skatliste.store.american import updating

    with updating(path) as lst:
        index = _deal_index(lst, number)
        old = lst.entries[index]
        assert isinstance(old, Deal)
        first = words[0].casefold() if words else ""
        known = {*CONTRACT_WORDS, *NUMBER_WORDS, *FLAG_WORDS}
        if (
            first
            and first not in known
            and any(p.casefold().startswith(first) for p in lst.table.players)
        ):
            player, rest = words[0], words[1:]
        else:
            player, rest = old.declarer, words
        deal = _deal_from_words(lst, player, rest, old.note if note is None else note)
        lst.entries[index] = deal
        lst.record("edit", number, old, deal)
    row, partie = _where(lst, deal)
    return Change(lst, row, partie, removed=old, followups=tuple(problems(lst.table, lst.entries)))


def history(lst: AmericanList) -> list[Removed[Entry]]:
    """The list's history, oldest first."""
    from skatliste.store.american import model_to_entry

    return removed_items(lst.history, model_to_entry)


def load(path: Path) -> AmericanList:
    """Read the list."""
    from skatliste.store.american import load as read

    return read(path)


def row_of(lst: AmericanList, number: int) -> tuple[Row, Partie]:
    """Deal N's row and its partie; a deal the rules refuse is named with its problem."""
    index = _deal_index(lst, number)
    deal = lst.entries[index]
    for partie in parties(lst.table, lst.entries):
        for row in partie.rows:
            if row.number == number:
                return row, partie
    wrong = dict(problems(lst.table, lst.entries))
    raise InputError(f"deal {number}: {wrong.get(f'deal {number}', 'cannot be scored')} ({deal})")
