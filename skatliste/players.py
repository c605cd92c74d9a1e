"""Players' names: how they are compared, stored and checked, and how a typed name finds its
player. Shared by every game family."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache

from skatliste.errors import InputError
from skatliste.i18n import Message, msg
from skatliste.name_match import matching_players, names_a_player, same_name

__all__ = ["check_visible", "find_player", "matching_players", "names_a_player", "same_name"]


@cache
def reserved_names() -> frozenset[str]:
    """Words that cannot be a player's name: every word of the default family's table
    grammar (a typed name is told from the words of a game), every family's rule sets, the
    prompt's answers (the registry's default family loaded when a name is checked, not by
    every reader)."""
    from skatliste.families import default_family

    return frozenset({*default_family().vocabulary, *_presets(), "p", "q", "-"})


@cache
def _presets() -> frozenset[str]:
    from skatliste.families import PLUGINS

    return frozenset(preset for plugin in PLUGINS for preset in plugin.presets)


def nfc(name: str) -> str:
    """A name as it is stored: composed (NFC)."""
    return unicodedata.normalize("NFC", name)


def check_visible(name: str, *, what: Message | None = None) -> None:
    """Refuse a name with a character that is not seen (a zero-width space, a soft hyphen, a
    control character) or that turns the direction of the text (a right-to-left override):
    ``Ann\u200ba`` looks like ``Anna`` and would be another player.

    >>> check_visible("Ann\u200ba")
    Traceback (most recent call last):
    ...
    skatliste.errors.InputError: 'Ann\u200ba' cannot be a player's name: it holds a character ...
    """
    for char in name:
        kind = unicodedata.category(char)
        if kind in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp"):
            code = f"U+{ord(char):04X} {unicodedata.name(char, '')}".rstrip()
            raise InputError(
                msg(
                    "'{name}' cannot be {what}: it holds a character that is not seen or that "
                    "turns the direction of the text ({code}); type the name with letters only",
                    name=repr(name)[1:-1],
                    what=what or msg("a player's name"),
                    code=code,
                )
            )


def check_player_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, checked: each different, none a game or rule-set word or a number.

    >>> check_player_names(["Anna", "Ben", "pub"])
    Traceback (most recent call last):
    ...
    skatliste.errors.InputError: 'pub' cannot be a player's name: it is the name of a rule set ...
    """
    if len({same_name(n) for n in names}) != len(names):
        raise InputError(
            msg("two players have the same name: give each a different one (e.g. 'Ben' and 'Ben2')")
        )
    for name in names:
        check_visible(name)
        folded = same_name(name)
        if folded in _presets():
            raise InputError(
                msg(
                    "'{name}' cannot be a player's name: it is the name of a rule set (one rule "
                    "set is given apart from the players)",
                    name=name,
                )
            )
        if folded in reserved_names():
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
        if "=" in name:
            raise InputError(
                msg(
                    "'{name}' cannot be a player's name: no '=' in a name (a Ramsch writes "
                    "NAME=AUGEN)",
                    name=name,
                )
            )
        if " ".join(name.split()) != name:
            raise InputError(
                msg(
                    "'{name}' cannot be a player's name: the words of a name are parted by "
                    "one space each, with none before or after it (e.g. 'Anna Schmidt')",
                    name=repr(name)[1:-1],
                )
            )
    return tuple(names)


def joined_names(players: Sequence[str], words: Sequence[str]) -> list[str]:
    """The words split at spaces, with each name of several words made one word again (a
    shell or a typed line splits it): ``Anna Schmidt=45``, typed as one argument or as
    ``Anna``, ``Schmidt=45``, is one word. Only a whole name of the table is joined.

    >>> joined_names(("Anna Schmidt", "Ben", "Carl"), ["anna", "schmidt=45", "ben=40"])
    ['anna schmidt=45', 'ben=40']
    """
    long = sorted((same_name(p).split() for p in players if " " in p), key=len, reverse=True)
    toks = [t for w in words for t in w.split()]
    if not long:
        return toks
    out: list[str] = []
    i = 0
    while i < len(toks):
        size = next((len(parts) for parts in long if _starts_with(toks[i:], parts)), 1)
        out.append(" ".join(toks[i : i + size]))
        i += size
    return out


def _starts_with(toks: Sequence[str], parts: Sequence[str]) -> bool:
    """Whether ``toks`` begin with the name of ``parts`` (its last word may carry ``=N``)."""
    if len(toks) < len(parts):
        return False
    said = [same_name(t) for t in toks[: len(parts)]]
    last = said[-1].partition("=")[0]
    return said[:-1] == list(parts[:-1]) and last == parts[-1]


def find_player(players: Sequence[str], name: str) -> str:
    """A player by name, case-insensitive, or by an unambiguous beginning; typed without its
    umlauts or accents too (``matching_players``).

    >>> find_player(("Anna", "Ben", "Carl"), "c")
    'Carl'
    """
    hits = matching_players(players, name)
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
