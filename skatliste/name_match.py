"""How a typed name finds a player's name: case and composition aside, by its beginning, and
as people type names without their letters (``jorg``, ``joerg`` for Jörg, ``zoe`` for Zoë).
Pure text, shared by every game family and every room that takes a name."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache


def same_name(name: str) -> str:
    """A name as names are compared: composed (NFC: a typed 'ü' is one character however the
    keyboard sent it) and case-folded.

    >>> same_name("Ju\u0308rgen") == same_name("JÜRGEN")
    True
    """
    return unicodedata.normalize("NFC", name).casefold()


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
"""How German writes its umlauts without them (``Joerg``); ß is ``ss`` already once folded."""


def _bare(text: str) -> str:
    """``text`` without its accents and marks (``zoë`` → ``zoe``, ``jörg`` → ``jorg``)."""
    split = unicodedata.normalize("NFKD", text)
    return "".join(c for c in split if not unicodedata.combining(c))


@cache
def typed_forms(name: str) -> frozenset[str]:
    """The ways a player's name is typed without its letters: folded (``ß`` as ``ss``), its
    umlauts as ``a, o, u`` or ``ae, oe, ue``, its accents left out.

    >>> sorted(typed_forms("Jörg Weiß"))
    ['joerg weiss', 'jorg weiss']
    """
    folded = same_name(name)
    return frozenset({_bare(folded), _bare(folded.translate(_UMLAUTS))})


def matching_players(players: Sequence[str], name: str) -> list[str]:
    """The players ``name`` may mean, best first: the one of that very name (case and
    composition aside); else, as people type names without their letters (``jorg``,
    ``joerg`` for Jörg, ``zoe`` for Zoë), those whose name is so written; else those whose
    name begins so, either way (``mu``: Müller and Muller). One is the player; more are the
    candidates.

    >>> players = ("Jörg", "Jürgen", "Zoë")
    >>> matching_players(players, "joerg"), matching_players(players, "zoe")
    (['Jörg'], ['Zoë'])
    >>> matching_players(players, "j"), matching_players(players, "")
    (['Jörg', 'Jürgen'], [])
    """
    folded = same_name(name)
    if not folded:
        return []
    exact = [p for p in players if same_name(p) == folded]
    if exact:
        return exact[:1]
    typed = _bare(folded)
    written = [p for p in players if typed in typed_forms(p)]
    if written:
        return written
    return [
        p
        for p in players
        if same_name(p).startswith(folded) or any(f.startswith(typed) for f in typed_forms(p))
    ]


def names_a_player(players: Sequence[str], word: str) -> bool:
    """Whether ``word`` names a player (or begins a name), as ``find_player`` finds them."""
    return bool(matching_players(players, word))
