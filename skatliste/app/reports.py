"""What a table reads from its lists, as values for the edges to render: a list's agreement
(what its sheet and exports show under the games), the lists a statistic merges, the history
of removed entries, the list format's schema.

Like ``skatliste.app.lists``, nothing here renders or prints: each function returns the list,
messages (``skatliste.i18n``) or plain data, and the edge (``cli``, ``web``) renders them by
the list's family (``skatliste.render``) in the user's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skatliste.app.lists import open_list
from skatliste.errors import InputError
from skatliste.i18n import Message, msg
from skatliste.money import Stake
from skatliste.store import files
from skatliste.store.agree import FIELD as AGREEMENT
from skatliste.store.lists import HistoryItem, ListFile

Removed = HistoryItem
"""An entry taken back, deleted or replaced: nothing entered is ever lost."""


@dataclass(frozen=True)
class Agreement:
    """What a list's sheet and exports show beyond its entries: the open protests and the
    signatures under the games (``footer``), and the agreement as the JSON export holds it
    (``data``; None while nothing is signed or protested)."""

    footer: list[Message] = field(default_factory=list)
    data: dict[str, Any] | None = None


def agreement(ledger: ListFile[Any]) -> Agreement:
    """The list's agreement as its sheet and exports show it: nothing for a list never signed
    nor protested."""
    if not ledger.header.get(AGREEMENT):
        return Agreement()
    # the signing rules and the comparison of two lists: 90 ms, loaded for a signed list only
    from skatliste.app import agree

    return Agreement(agree.footer(ledger), agree.agreement_json(ledger))


def agreement_problems(ledger: ListFile[Any]) -> list[tuple[Message, Message]]:
    """What ``check`` finds in the list's agreement (``app.agree.problems``): nothing for a
    list never signed nor protested."""
    if not ledger.header.get(AGREEMENT):
        return []
    from skatliste.app import agree  # as ``agreement`` says

    return agree.problems(ledger)


def agreement_history(ledger: ListFile[Any]) -> list[tuple[str, Message]]:
    """Each fact of the list's agreement as ``history`` shows it (``app.agree.described``):
    none for a list never signed nor protested."""
    if not ledger.header.get(AGREEMENT):
        return []
    from skatliste.app import agree  # as ``agreement`` says

    return agree.described(ledger)


def refuse_csv_stake(fmt: str, stake: Stake | None) -> None:
    """A CSV holds the entries only, one a row: a stake is refused there, never ignored."""
    if fmt == "csv" and stake is not None:
        raise InputError(
            msg(
                "a CSV holds the games only, one a row: the money is in the summary and in the "
                "HTML, Markdown and JSON exports"
            )
        )


def statistics(paths: Sequence[Path | str]) -> list[ListFile[Any]]:
    """The lists a statistic merges per player (of one game family), each once: a list given
    twice (or through a link to it) is refused, as its games would count twice."""
    seen: dict[Path, Path | str] = {}
    for path in paths:
        real = files.real_path(path)
        if real in seen:
            raise InputError(
                msg(
                    "{path}: the list {first} given again; each list counts once",
                    path=str(path),
                    first=str(seen[real]),
                )
            )
        seen[real] = path
    lists = [open_list(path) for path in paths]
    family = lists[0].family
    for path, other in zip(paths, lists, strict=True):
        if other.family is not family:
            raise InputError(
                msg(
                    "{path}: a {other} list; statistics merge lists of one game family "
                    "({family} here)",
                    path=str(path),
                    other=other.family.title,
                    family=family.title,
                )
            )
    return lists


def history(ledger: ListFile[Any]) -> list[Removed[Any]]:
    """The list's history, oldest first."""
    return list(ledger.history)
