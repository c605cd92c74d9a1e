"""One Skat game valued from what is said at the table (``skatliste value``), no list
needed: here, so that every edge can offer it. Named for Skat, whose modules it uses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skatliste.skat.rules import GameResult, SeegerFabian, game_value, seeger_fabian_points
from skatliste.skat.words import parse_words


@dataclass(frozen=True)
class Valued:
    """One game valued: its result (the value and how it is reached), its Seeger-Fabian
    points at a table of ``table``, and the value written on paper, if one was given
    (``= 72``), with whether it is right."""

    result: GameResult
    fabian: SeegerFabian
    paper: int | None = None
    ok: bool = True


def value(words: Sequence[str], *, table: int = 3) -> Valued:
    """The game the table words say (``["kreuz", "mit", "2", "hand"]``), valued; an
    ``InputError`` saying which word is not understood."""
    parsed = parse_words(list(words))
    result = game_value(parsed.declaration, parsed.outcome)
    fabian = seeger_fabian_points(result, table=table)
    if parsed.paper is None:
        return Valued(result, fabian)
    return Valued(result, fabian, parsed.paper.value, parsed.paper.matches(result.list_points))
