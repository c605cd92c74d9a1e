"""Shell completion (bash, zsh, fish) of what click cannot know: the players of the list and
the table words. Switched on as docs/commands.md ("Shell completion") describes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from skatliste.cli.base import DEFAULT_LIST, lazy
from skatliste.skat.rules import REIZWERTE
from skatliste.skat.words import GAME_WORDS, NUMBER_WORDS, VOCABULARY

if TYPE_CHECKING:
    from skatliste.app import lists as app
else:
    app = lazy("skatliste.app.lists")  # the names are read when a name is completed

SPITZEN_MAX = {"grand": 4}
"""The most Spitzen a game can have (rules §3): 4 Buben in a Grand, 11 trumps in a suit game."""


def _ledger_path(ctx: click.Context) -> Path:
    """The list the command would use: --ledger, else SKATLISTE_LEDGER, else the default."""
    given = ctx.params.get("ledger_path")
    if given:
        return Path(given)
    return Path(os.environ.get("SKATLISTE_LEDGER") or DEFAULT_LIST)


def _starting(candidates: list[str], incomplete: str) -> list[str]:
    low = incomplete.casefold()
    return [c for c in candidates if c.casefold().startswith(low)]


def complete_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The players of the list file."""
    return _starting(app.player_names(_ledger_path(ctx)), incomplete)


def _numbers_after(word: str, words: list[str]) -> list[str]:
    """What may follow a word that takes a number: Spitzen counts, or the bids."""
    kind = NUMBER_WORDS[word]
    if kind in ("mit", "ohne"):
        games = {GAME_WORDS[w].value for w in words if w in GAME_WORDS}
        most = min((SPITZEN_MAX.get(g, 11) for g in games), default=11)
        return [str(n) for n in range(1, most + 1)]
    if kind == "bid":
        return [str(n) for n in REIZWERTE]
    return []  # augen: any number from 0 to 120


def complete_words(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The table words of skatliste.skat.words, or a number after 'mit', 'gereizt' and the like."""
    words = [str(w).casefold() for w in ctx.params.get(param.name or "") or ()]
    if words and words[-1] in NUMBER_WORDS:
        return _starting(_numbers_after(words[-1], words), incomplete)
    return _starting([w for w in VOCABULARY if w.isalpha()], incomplete)


def complete_edit_words(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """'edit N': first a player (to change the declarer) or 'eingepasst', then the words."""
    if not ctx.params.get(param.name or ""):
        players = app.player_names(_ledger_path(ctx))
        return _starting([*players, "eingepasst", "ramsch"], incomplete) + complete_words(
            ctx, param, incomplete
        )
    return complete_words(ctx, param, incomplete)


RAMSCH_WORDS = ("jungfrau", "durchmarsch", "geschoben", "skat")


def complete_ramsch_words(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """A player after 'jungfrau' and 'durchmarsch'; otherwise the Ramsch words."""
    words = [str(w).casefold() for w in ctx.params.get(param.name or "") or ()]
    if words and words[-1] in ("jungfrau", "durchmarsch"):
        return _starting(app.player_names(_ledger_path(ctx)), incomplete)
    if words and words[-1] in ("geschoben", "skat"):
        return []
    return _starting(list(RAMSCH_WORDS), incomplete)


def complete_preset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The rule-set presets for 'new --rules'."""
    from skatliste.skat.rulesets import PRESETS  # only when Tab is pressed on --rules

    return _starting(list(PRESETS), incomplete)


def complete_rule(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """'KEY=VALUE' for 'new --rule': every value of a closed option, the default of an open one."""
    from skatliste.skat.rulesets import OPTIONS

    pairs = [
        f"{key}={value}"
        for key, option in OPTIONS.items()
        for value in (option.choices or (option.default,))
    ]
    return _starting(pairs, incomplete)
