"""Players' names: how they are compared, stored and checked, and how a typed name finds its
player. Shared by every game family."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from skatliste.errors import InputError
from skatliste.i18n import msg
from skatliste.skat.rulesets import PRESETS
from skatliste.skat.words import TABLE_WORDS

RESERVED_NAMES: frozenset[str] = frozenset({*TABLE_WORDS, *PRESETS, "p", "q", "-"})
"""Words that cannot be a player's name: every word of the table grammar, rule sets, the
prompt's answers."""


def same_name(name: str) -> str:
    """A name as names are compared: composed (NFC: a typed 'ü' is one character however the
    keyboard sent it) and case-folded.

    >>> same_name("Ju\u0308rgen") == same_name("JÜRGEN")
    True
    """
    return unicodedata.normalize("NFC", name).casefold()


def nfc(name: str) -> str:
    """A name as it is stored: composed (NFC)."""
    return unicodedata.normalize("NFC", name)


def check_player_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, checked: each different, none a game or rule-set word or a number.

    >>> check_player_names(["Anna", "Ben", "pub"])
    Traceback (most recent call last):
    ...
    skatliste.errors.InputError: 'pub' cannot be a player's name: it is a rule set's name ...
    """
    if len({same_name(n) for n in names}) != len(names):
        raise InputError(
            msg("two players have the same name: give each a different one (e.g. 'Ben' and 'Ben2')")
        )
    for name in names:
        folded = same_name(name)
        if folded in PRESETS:
            raise InputError(
                msg(
                    "'{name}' cannot be a player's name: it is a rule set's name (did you mean "
                    "'--rules {preset}'? give one rule set after --rules)",
                    name=name,
                    preset=folded,
                )
            )
        if folded in RESERVED_NAMES:
            raise InputError(
                msg(
                    "'{name}' cannot be a player's name: it is a word of a game or an answer "
                    "at the prompt; give the player's name",
                    name=name,
                )
            )
        plain = folded.lstrip("+-−")
        if not plain or plain.isdecimal():
            raise InputError(
                msg("'{name}' cannot be a player's name: it reads as a number", name=name)
            )
        if "=" in name or any(c.isspace() for c in name):
            raise InputError(
                msg(
                    "'{name}' cannot be a player's name: no spaces or '=' (Ramsch writes "
                    "NAME=AUGEN)",
                    name=name,
                )
            )
    return tuple(names)


def find_player(players: Sequence[str], name: str) -> str:
    """A player by name, case-insensitive, or by an unambiguous beginning.

    >>> find_player(("Anna", "Ben", "Carl"), "c")
    'Carl'
    """
    folded = same_name(name)
    for p in players:
        if same_name(p) == folded:
            return p
    hits = [p for p in players if same_name(p).startswith(folded)] if folded else []
    if len(hits) == 1:
        return hits[0]
    if hits:
        names = msg("{names} or {last}", names=", ".join(hits[:-1]), last=hits[-1])
        raise InputError(
            msg("'{name}' could be {names}: write more of the name", name=name, names=names)
        )
    raise InputError(
        msg(
            "unknown player '{name}': the players of this list are {players}",
            name=name,
            players=", ".join(players),
        )
    )
