"""Every command's ``--help`` in the command's language, through the message catalogue.

A command's help is click's layout (the usage line, the command's text, its options with
their help and ``[default: ...]``, a group's commands), each of its words looked up in the
catalogue: the command's docstring, each option's ``help=``, a ``show_default`` text of ours
and the metavars (context ``metavar``: ``FILE``, ``[OPTIONS]``, a metavar given) are ids as
they are written in the code, the English text the id; click's own words (``Usage:``,
``Options``, ``Show this message and exit.``) are ids here and in the options click adds.
English is the ids themselves, so the English help is click's own, byte for byte (a test
compares the two for every command). Babel's extraction does not see a docstring or a
``help=``: ``ids`` walks the command tree for them, and ``make catalogues`` adds what it
yields (tests/catalogues.py). Loaded only when a help is shown.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click
from click.formatting import join_options

from skatliste.i18n import Lang, msg, translations

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

METAVAR = "metavar"
"""The catalogue's context of a metavar's word (``N`` is not the message ``N``)."""


def text(english: str, lang: Lang) -> str:
    """A help text of the code in ``lang`` (the catalogue's entry; no placeholders filled)."""
    return translations(lang).gettext(english) if english else english


def word(english: str, lang: Lang) -> str:
    """A metavar's word in ``lang``."""
    return translations(lang).pgettext(METAVAR, english)


def help_text(command: click.Command) -> str:
    """The command's help as click shows it (its docstring cleaned, up to a form feed): the
    id of its text."""
    return inspect.cleandoc(command.help or "").partition("\f")[0]


def metavar_word(param: click.Parameter, ctx: click.Context) -> str | None:
    """The word click writes for a parameter's value (``FILE``, ``WORDS``, the ``N`` given),
    before its brackets and dots; None for choices, whose values are typed as they are."""
    if param.metavar is not None:
        return param.metavar
    if param.type.get_metavar(param=param, ctx=ctx):
        return None
    if isinstance(param, click.Argument):
        return (param.name or "").upper()
    return param.type.name.upper()


def metavar(param: click.Parameter, ctx: click.Context, lang: Lang) -> str:
    english = param.make_metavar(ctx)
    found = metavar_word(param, ctx)
    return english if found is None else english.replace(found, word(found, lang), 1)


def format_help(
    command: click.Command, ctx: click.Context, fmt: click.HelpFormatter, lang: Lang
) -> None:
    """``command``'s help in ``lang``: what ``click.Command.format_help`` writes, in that
    language (the language the command would use: ``cli.base.help_lang``)."""
    _usage(command, ctx, fmt, lang)
    said = text(help_text(command), lang)
    if said:
        fmt.write_paragraph()
        with fmt.indentation():
            fmt.write_text(said)
    params = command.get_params(ctx)
    arguments = [p for p in params if isinstance(p, click.Argument)]
    if any(getattr(a, "help", None) for a in arguments):
        with fmt.section(msg("Positional arguments").render(lang)):
            fmt.write_dl([(metavar(a, ctx, lang), text(a.help or "", lang)) for a in arguments])
    records = [
        _option_record(p, ctx, lang) for p in params if isinstance(p, click.Option) and not p.hidden
    ]
    if records:
        with fmt.section(msg("Options").render(lang)):
            fmt.write_dl(records)
    if isinstance(command, click.Group):
        _commands(command, ctx, fmt, lang)
    if command.epilog:
        fmt.write_paragraph()
        with fmt.indentation():
            fmt.write_text(text(inspect.cleandoc(command.epilog), lang))


def _usage(
    command: click.Command, ctx: click.Context, fmt: click.HelpFormatter, lang: Lang
) -> None:
    pieces = [word(command.options_metavar, lang)] if command.options_metavar else []
    for param in command.get_params(ctx):
        if isinstance(param, click.Argument):
            pieces.append(metavar(param, ctx, lang))
        else:
            pieces.extend(param.get_usage_pieces(ctx))
    if isinstance(command, click.Group):
        pieces.append(word(command.subcommand_metavar, lang))
    prefix = msg("Usage:").render(lang)
    fmt.write_usage(ctx.command_path, " ".join(pieces), prefix=f"{prefix} ")


def _option_record(option: click.Option, ctx: click.Context, lang: Lang) -> tuple[str, str]:
    """An option's line: its spellings and metavar, its help and what click adds in brackets
    (``[default: skatliste.json]``, ``[required]``)."""
    slashed = False

    def spelled(opts: list[str]) -> str:
        nonlocal slashed
        out, slashes = join_options(opts)
        slashed = slashed or slashes
        if not option.is_flag and not option.count:
            out += f" {metavar(option, ctx, lang)}"
        return out

    spec = [spelled(option.opts)]
    if option.secondary_opts:
        spec.append(spelled(option.secondary_opts))
    said = text(option.help or "", lang)
    extra = option.get_help_extra(ctx)
    items = []
    if "envvars" in extra:
        items.append(msg("env var: {var}", var=", ".join(extra["envvars"])).render(lang))
    if "default" in extra:
        shown = extra["default"]
        if isinstance(option.show_default, str):
            shown = f"({text(option.show_default, lang)})"
        items.append(msg("default: {default}", default=shown).render(lang))
    if "range" in extra:
        items.append(extra["range"])
    if "required" in extra:
        items.append(msg("required").render(lang))
    if items:
        said = f"{said}  [{'; '.join(items)}]" if said else f"[{'; '.join(items)}]"
    return ("; " if slashed else " / ").join(spec), said


def _commands(group: click.Group, ctx: click.Context, fmt: click.HelpFormatter, lang: Lang) -> None:
    """A group's commands, each with the start of its help (click's short help, of the text
    in ``lang``)."""
    listed = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is not None and not command.hidden:
            listed.append((name, command))
    if not listed:
        return
    limit = fmt.width - 6 - max(len(name) for name, _ in listed)
    rows = [(name, short_help(command, lang, limit)) for name, command in listed]
    with fmt.section(msg("Commands").render(lang)):
        fmt.write_dl(rows)


def short_help(command: click.Command, lang: Lang, limit: int = 45) -> str:
    """The start of a command's help in ``lang``, as a group lists it (click's own rule,
    applied to the text of ``lang``)."""
    said = copy.copy(command)
    said.help = text(help_text(command), lang)
    if command.short_help:
        said.short_help = text(inspect.cleandoc(command.short_help), lang)
    return said.get_short_help_str(limit)


def completed(
    command: click.Command, ctx: click.Context, items: list[CompletionItem], lang: Lang
) -> list[CompletionItem]:
    """What Tab offers after ``command``, each offer's help (zsh and fish show it) in
    ``lang``: a command's the start of its help, an option's its help."""
    options = {
        name: param
        for param in command.get_params(ctx)
        if isinstance(param, click.Option)
        for name in (*param.opts, *param.secondary_opts)
    }
    for item in items:
        if not item.help:
            continue
        sub = command.get_command(ctx, item.value) if isinstance(command, click.Group) else None
        if sub is not None:
            item.help = short_help(sub, lang)
        elif item.value in options:
            item.help = text(options[item.value].help or "", lang)
    return items


def ids(
    command: click.Command, path: str = "skatliste", parent: click.Context | None = None
) -> Iterator[tuple[str, str | None, str]]:
    """Every help id of ``command`` and the commands under it: (id, context, where), each
    command's text, then its options' help and ``show_default`` texts and the metavars, in
    the order of its help (every lazy command loaded). Each command is seen in its context
    under its group's, as when it runs (click keeps the help option it makes first)."""
    name = path.rsplit(" ", 1)[-1]
    ctx = click.Context(command, info_name=name, parent=parent, **command.context_settings)
    if help_text(command):
        yield help_text(command), None, path
    if command.short_help:
        yield inspect.cleandoc(command.short_help), None, path
    if command.options_metavar:
        yield command.options_metavar, METAVAR, path
    for param in command.get_params(ctx):
        yield from _param_ids(param, ctx, f"{path} {param.name}")
    if command.epilog:
        yield inspect.cleandoc(command.epilog), None, path
    if isinstance(command, click.Group):
        yield command.subcommand_metavar, METAVAR, path
        for word in command.list_commands(ctx):
            sub = command.get_command(ctx, word)
            if sub is not None:
                yield from ids(sub, f"{path} {word}", ctx)


def _param_ids(
    param: click.Parameter, ctx: click.Context, where: str
) -> Iterator[tuple[str, str | None, str]]:
    """A parameter's metavar, its name in a refusal (an argument's: ``ORDNER fehlt``), its
    help and its ``show_default`` text."""
    found = metavar_word(param, ctx)
    if found is not None and not (isinstance(param, click.Option) and param.is_flag):
        yield found, METAVAR, where
    if isinstance(param, click.Argument):
        yield (param.human_readable_name or "").upper(), METAVAR, where
    if getattr(param, "help", None):
        yield str(param.help), None, where
    if isinstance(param, click.Option) and isinstance(param.show_default, str):
        yield param.show_default, None, where
