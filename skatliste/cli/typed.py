"""The options a command was typed with, read before click reads them: what click would take
without a word and a user did not mean (an option given where its value belongs, an option of
one value given twice). Each returns the problem as a message, or None; the command refuses
it in its language."""

from __future__ import annotations

import itertools

import click

from skatliste.i18n import Message, msg


def option_twice(command: click.Command, ctx: click.Context, typed: list[str]) -> Message | None:
    """``summary --cent 0.5 --cent 1``: an option that takes one value given twice would keep
    the last without a word; refused, naming both (as the game's words refuse ``mit 1 mit
    2``). Options that gather several (``--set a=1 --set b=2``) may come again."""
    params: dict[str, click.Option] = {
        name: param
        for param in command.get_params(ctx)
        if isinstance(param, click.Option) and not param.multiple and not param.count
        for name in (*param.opts, *param.secondary_opts)
    }
    seen: dict[str, str] = {}
    words = iter(typed)
    for word in words:
        if word == "--":
            return None
        name, glued, value = word.partition("=") if word.startswith("--") else (word, "", "")
        param = params.get(name)
        if param is None:
            continue
        if not param.is_flag and not glued:
            value = next(words, "")
        said = f"{name}={value}" if glued else (f"{name} {value}" if not param.is_flag else name)
        first = seen.get(param.name or name)
        if first is not None:
            return msg(
                "{option} is given twice ({first}, then {second}): give it once",
                option=param.opts[0],
                first=first,
                second=said,
            )
        seen[param.name or name] = said
    return None


def option_as_value(command: click.Command, ctx: click.Context, typed: list[str]) -> Message | None:
    """``add ... --note --lang``: an option's value that is the name of another of its
    options was most likely the option, forgotten its value; refused, unless written
    ``--note=--lang``."""
    names = {
        name
        for param in command.get_params(ctx)
        if isinstance(param, click.Option)
        for name in (*param.opts, *param.secondary_opts)
    }
    valued = {
        name
        for param in command.get_params(ctx)
        if isinstance(param, click.Option) and not param.is_flag and not param.count
        for name in param.opts
    }
    for word, after in itertools.pairwise(typed):
        if word == "--":
            return None
        if word in valued and after in names:
            return msg(
                "{option} {value}: {value} is an option, not a value for {option}; give "
                "{option} its value, or write {option}={value} if that is the value",
                option=word,
                value=after,
            )
    return None
