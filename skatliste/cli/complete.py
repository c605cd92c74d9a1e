"""Shell completion (bash, zsh, fish) of what click cannot know: the players of the list and
the table words. Switched on as docs/commands.md ("Shell completion") describes."""

from __future__ import annotations

import os
from pathlib import Path

import click

from skatliste.app import completion as app
from skatliste.cli.base import DEFAULT_LIST
from skatliste.errors import RuleSetError
from skatliste.families import PLUGINS, families, find_family


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


def complete_words(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The words of the list's game family (its preset, read quickly), or a number after
    'mit', 'gereizt' and the like."""
    words = [str(w).casefold() for w in ctx.params.get(param.name or "") or ()]
    family = app.family_named_in(_ledger_path(ctx))
    return _starting(family.next_words(words), incomplete)


def complete_edit_words(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """'edit N' and 'insert N': first a player (the declarer) or a word that stands first
    ('eingepasst'), then the words."""
    if not ctx.params.get(param.name or ""):
        path = _ledger_path(ctx)
        first = [*app.player_names(path), *app.family_named_in(path).nouns.first_words]
        return _starting(first, incomplete) + complete_words(ctx, param, incomplete)
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
    """The rule-set presets of every family for 'new --rules'."""

    return _starting([p for plugin in PLUGINS for p in plugin.presets], incomplete)


def complete_rule(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """'KEY=VALUE' for 'new --rule': every value of a closed option, the default of an open one,
    of the family of the rule set given (``--rules``), else of every family."""

    preset = ctx.params.get("preset")
    try:
        chosen = [find_family(preset)] if isinstance(preset, str) else families()
    except RuleSetError:
        chosen = families()
    pairs = [
        f"{key}={value}"
        for family in chosen
        for key, option in family.options.items()
        for value in (option.choices or (option.default,))
    ]
    return _starting(list(dict.fromkeys(pairs)), incomplete)
