"""The click group, the shared options and the one place that turns errors into messages.

The group loads a command's module when the command is called (``SkatGroup.lazy``), and each
module imports what it needs at its top: ``skatliste value`` loads neither the list store nor
the application, and starts in a few times the interpreter's own start-up.
"""

from __future__ import annotations

import functools
import gc
import importlib
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from skatliste import __version__
from skatliste.cli.exits import committed, saved_but, saved_since, tell, to_nowhere
from skatliste.cli.typed import option_as_value, option_twice
from skatliste.errors import ListExists, NoList, NotAList, SkatlisteError, os_reason
from skatliste.i18n import Lang, Message, environment_lang, msg, nmsg

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

F = TypeVar("F", bound=Callable[..., Any])


class _Told(click.ClickException):
    """A message of ours on stderr after the word for an error in the command's language
    (``Fehler: ...``, ``Error: ...``); a command typed wrong is said the same way
    (``show_usage_error``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lang = current_lang()  # while the command's context (its --lang) is there

    def show(self, file: Any = None) -> None:
        told = msg("Error: {message}", message=self.message).render(self.lang)
        click.echo(told, err=True)


class Refused(_Told):
    """Bad input or a bad ledger: ``Fehler: ...`` on stderr, exit status 2."""

    exit_code = 2


class Saved(_Told):
    """The command has saved what it was to save, then could not write its answer (a full
    disk behind standard output): ``Fehler: gespeichert (...), aber ...``, exit status 3,
    never 2, which says nothing was written (a script that retries on 2 would enter the game
    twice)."""

    exit_code = 3


class Failed(_Told):
    """A check found problems: exit status 1."""

    exit_code = 1


DEFAULT_LIST = "skatliste.json"
"""The list a command works on without --ledger or SKATLISTE_LEDGER."""


BUG_EXIT = 70
"""Exit status of the last line of defence (EX_SOFTWARE): a bug, never a user's mistake."""


def told(exc: SkatlisteError) -> Message:
    """The refusal as the CLI says it: the library's words, and where the library leaves it
    to the edge, how to type it right on the command line."""
    how: Message | None = None
    if isinstance(exc, NoList):
        import shlex

        given = "" if exc.path == DEFAULT_LIST else f" --ledger {shlex.quote(exc.path)}"
        how = msg(
            "start one with 'skatliste new --players Anna Ben Carl{ledger}' (or give --ledger "
            "PATH)",
            ledger=given,
        )
    elif isinstance(exc, ListExists):
        how = msg(
            "use --force to start over (the old list is kept as a backup) or --ledger NEW.json "
            "for a second list"
        )
    elif isinstance(exc, NotAList):
        how = msg("not even with --force: give another --ledger")
    return exc.message if how is None else msg("{problem}; {how}", problem=exc.message, how=how)


class ExtraWords(click.UsageError):
    """Words after a command that takes no more (``skatliste export html``)."""

    def __init__(self, ctx: click.Context, words: list[str]) -> None:
        super().__init__(f"unexpected extra arguments ({' '.join(words)})", ctx)
        self.words = words


class Helped(click.Command):
    """A command or group whose help, and Tab's offers beside it, are in the command's
    language (``cli.helptexts``)."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from skatliste.cli import helptexts  # measured: 3 ms (and inspect) of every start-up

        helptexts.format_help(self, ctx, formatter, help_lang(ctx))

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        from skatliste.cli import helptexts  # only for Tab

        offers = super().shell_complete(ctx, incomplete)
        return helptexts.completed(self, ctx, offers, help_lang(ctx))


class SkatCommand(Helped):
    """A command whose words left over are refused with what they were (``ExtraWords``), so
    that the refusal can be said in the command's language, as its help is."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        typed = list(args)  # click's parser takes the words off the list it is given
        if not ctx.resilient_parsing:
            problem = option_as_value(self, ctx, typed)
            if problem is None and not {"--help", "-h"} & set(typed):
                problem = option_twice(self, ctx, typed)  # asking for help: the last --lang
            if problem is not None:
                raise click.UsageError(say(problem), ctx)
        try:
            rest = super().parse_args(ctx, args)
        except click.BadParameter as exc:
            raise BadValue.of(self, ctx, typed, exc) from None
        except click.UsageError as exc:
            exc.ctx = exc.ctx or ctx  # click's parser leaves it out (an option without its value)
            raise
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            raise ExtraWords(ctx, rest)
        return rest


class BadValue(click.BadParameter):
    """A value typed for an option or an argument that its type refuses, with what is wrong
    in our words (``problem``; None where click's words stay)."""

    problem: Message | None = None

    @classmethod
    def of(
        cls, command: click.Command, ctx: click.Context, typed: list[str], exc: click.BadParameter
    ) -> click.BadParameter:
        param = exc.param
        if param is None:
            return exc
        try:
            opts, _, _ = command.make_parser(ctx).parse_args(args=list(typed))
        except click.UsageError:
            return exc
        given = opts.get(param.name)
        values = given if isinstance(given, list | tuple) else [given]
        for value in values:
            if isinstance(value, str):
                problem = refused_value(param.type, value)
                if problem is not None:
                    bad = cls(exc.message, ctx, param)
                    bad.problem = problem
                    return bad
        return exc


def refused_value(kind: click.ParamType[Any], value: str) -> Message | None:
    """Why a value typed is not one of ``kind`` (click's types the commands use), or None
    when this type takes it or is not one of those."""
    if isinstance(kind, click.Choice):
        if value in kind.choices:
            return None
        choices = ", ".join(map(str, kind.choices))
        return msg("'{value}' is not one of {choices}", value=value, choices=choices)
    if isinstance(kind, click.types.IntParamType):
        try:
            number = int(value)
        except ValueError:
            return msg("'{value}' is not a whole number", value=value)
        if isinstance(kind, click.IntRange):
            low, high = kind.min, kind.max
            if low is not None and high is not None and not low <= number <= high:
                return msg(
                    "{value} is not a number from {low} to {high}",
                    value=value,
                    low=low,
                    high=high,
                )
        return None
    if isinstance(kind, click.Path):
        return _refused_path(kind, value)
    return None


def _refused_path(kind: click.Path, value: str) -> Message | None:
    """Why a path typed is not one ``kind`` takes, or None."""
    path = Path(value)
    if kind.exists and not path.exists():
        return msg("{path} does not exist", path=value)
    if not kind.dir_okay and path.is_dir():
        return msg("{path} is a folder, not a file", path=value)
    if not kind.file_okay and path.exists() and not path.is_dir():
        return msg("{path} is a file, not a folder", path=value)
    if path.exists() and kind.readable and not os.access(path, os.R_OK):
        return msg("{path}: no permission to read it", path=value)
    if path.exists() and kind.writable and not os.access(path, os.W_OK):
        return msg("{path}: no permission to write it", path=value)
    return None


def usage_problem(exc: click.UsageError) -> Message | None:
    """A mistake in how a command was typed, in our words (None: click's own words)."""
    if isinstance(exc, click.NoSuchOption):
        if exc.possibilities:
            return msg(
                "there is no option {option}; did you mean {options}?",
                option=exc.option_name,
                options=", ".join(sorted(exc.possibilities)),
            )
        group = exc.ctx.command if exc.ctx is not None else None
        if isinstance(group, click.Group) and exc.option_name.startswith("--"):
            # 'skatliste --ledger x sheet': a command's option typed before the command
            assert exc.ctx is not None
            return msg(
                "there is no option {option} before the command: a command's options come "
                "after it: '{path} {command} {option} ...'",
                option=exc.option_name,
                path=exc.ctx.command_path,
                command=msg("COMMAND"),
            )
        return msg("there is no option {option}", option=exc.option_name)
    if isinstance(exc, ExtraWords):
        return nmsg(
            "this command takes no more words: {words}",
            "this command takes no more words: {words}",
            len(exc.words),
            words=" ".join(exc.words),
        )
    if isinstance(exc, click.exceptions.NoSuchCommand):
        return _no_such_command(exc)
    if isinstance(exc, click.BadOptionUsage) and exc.ctx is not None:
        option = next(
            (p for p in exc.ctx.command.params if exc.option_name in getattr(p, "opts", ())),
            None,
        )
        if isinstance(option, click.Option):
            if option.is_flag:
                return msg("{option} takes no value", option=exc.option_name)
            return msg("{option} needs a value", option=exc.option_name)
    if isinstance(exc, BadValue) and exc.problem is not None and exc.param is not None:
        return msg("{name}: {problem}", name=_param_name(exc.param), problem=exc.problem)
    if isinstance(exc, click.MissingParameter) and exc.param is not None:
        return msg("{name} is missing", name=_param_name(exc.param))
    return None


def _no_such_command(exc: click.exceptions.NoSuchCommand) -> Message:
    """``there is no command imprt; did you mean import?``, the commands loaded only when
    called (``tournament``, ``serve``) among those that may be meant."""
    import difflib  # only for a mistyped command (measured: 0.7 ms of every start-up)

    ctx, name = exc.ctx, exc.command_name
    group = ctx.command if ctx is not None else None
    known = group.list_commands(ctx) if isinstance(group, click.Group) and ctx else []
    close = difflib.get_close_matches(name, known)
    if close:
        return msg(
            "there is no command {name}; did you mean {commands}?",
            name=name,
            commands=", ".join(close),
        )
    return msg("there is no command {name}", name=name)


def _param_name(param: click.Parameter) -> str | Message:
    """``--format`` for an option, ``NAME`` for an argument, in the command's language as its
    help writes it (``ORDNER``: the metavar's id, context ``metavar``, cli.helptexts)."""
    if isinstance(param, click.Option):
        return param.opts[0]
    return Message((param.human_readable_name or "").upper(), context="metavar")


def lang_typed(words: list[str]) -> str | None:
    """The ``--lang`` among the words typed (``--lang en``, ``--lang=en``), for a mistake
    found before the command read it: the last one, as the command reads them (a group's
    first, then its command's)."""
    found = None
    for i, word in enumerate(words):
        if word == "--lang" and i + 1 < len(words):
            found = words[i + 1]
        elif word.startswith("--lang="):
            found = word.removeprefix("--lang=")
    return found


def show_usage_error(exc: click.UsageError, words: list[str] | None = None) -> None:
    """The mistake and where help is, in the command's language (click's words where ours
    have none)."""
    # the command's --lang, where it was read before the mistake (the context is not the
    # current one while its words are parsed), else as typed
    read = exc.ctx.meta.get(LANG_KEY) if exc.ctx is not None else None
    lang = resolve_lang(read or lang_typed(words or []))
    problem = usage_problem(exc)
    text = exc.format_message() if problem is None else problem.render(lang)
    click.echo(msg("Error: {message}", message=text).render(lang), err=True)
    if exc.ctx is not None:
        path = exc.ctx.command_path
        click.echo(msg("Help: {command} --help", command=path).render(lang), err=True)


def _is_text(word: str) -> bool:
    """Whether a word typed is text (not bytes of another character set, which Python hands
    on as halves of characters)."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(word: str) -> str:
    """A word that is not text, its bytes shown as escapes (``J\\xfcrgen``)."""
    try:
        raw = word.encode("utf-8", "surrogateescape")  # the bytes the terminal sent
    except UnicodeEncodeError:  # a half of a character that stands for no byte
        return word.encode("utf-8", "backslashreplace").decode("ascii")
    return raw.decode("utf-8", "backslashreplace")


class SkatGroup(Helped, click.Group):
    """Turns every SkatlisteError into ``Error: ...`` and exit 2, in one place; anything
    unexpected into one line that says it is a bug, exit 70 (``SKATLISTE_DEBUG=1``: the
    traceback). A list command finds the list's game family in the list it reads, after
    parsing: nothing here knows the families."""

    command_class = SkatCommand

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.parent is None:  # the words typed, for a help asked for before its --lang
            ctx.meta[WORDS_KEY] = tuple(args)
        return super().parse_args(ctx, args)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """As click runs a command, but a mistake in how it was typed is said in the
        command's language (``Fehler: es gibt keine Option -1``), exit 2."""
        if not kwargs.get("standalone_mode", True):
            return super().main(*args, **kwargs)
        typed = list(kwargs.get("args") or (args[0] if args else None) or sys.argv[1:])
        garbled = next((word for word in typed if not _is_text(word)), None)
        if garbled is not None:
            lang = resolve_lang(lang_typed([w for w in typed if _is_text(w)]))
            refused = msg(
                "the words typed are not UTF-8 text: {word} (is the terminal set to another "
                "character set?)",
                word=_shown(garbled),
            )
            click.echo(msg("Error: {message}", message=refused).render(lang), err=True)
            sys.exit(2)
        try:
            done = super().main(*args, **{**kwargs, "standalone_mode": False})
        except click.exceptions.NoArgsIsHelpError as exc:
            tell(exc.show)  # a group without its command: its help
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            tell(functools.partial(show_usage_error, exc, typed))
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            tell(exc.show)
            sys.exit(exc.exit_code)
        except click.Abort:
            tell(lambda: click.echo(msg("Aborted").render(current_lang()), err=True))
            sys.exit(1)
        sys.exit(done if type(done) is int else 0)  # an exit code the command asked for

    def invoke(self, ctx: click.Context) -> Any:
        start = committed()
        try:
            return super().invoke(ctx)
        except SkatlisteError as exc:
            saved = saved_since(start)
            if saved:  # refused after a write: say what is saved, and never exit 2
                raise Saved(say(saved_but(saved, told(exc)))) from None
            raise Refused(told(exc).render(current_lang())) from None
        except BrokenPipeError:
            closed_stdout()  # nobody reads on: not a refusal, and nothing to say
        except Refused as exc:
            saved = saved_since(start)
            if saved:  # refused by the edge after a write: never exit 2
                raise Saved(say(saved_but(saved, exc.message))) from None
            raise
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except OSError as exc:  # the machine said no (a full disk, a folder, a permission)
            why = os_reason(exc)
            saved = saved_since(start)
            if exc.filename:
                problem = msg("{path}: {problem}", path=exc.filename, problem=why)
            else:  # our files' errors carry their path: this is the answer on stdout
                problem = msg("the answer could not be written: {problem}", problem=why)
                to_nowhere(sys.stdout)  # what is still buffered fails no more at exit
            if saved:
                raise Saved(say(saved_but(saved, problem))) from None
            raise Refused(say(problem)) from None
        except Exception as exc:
            if os.environ.get("SKATLISTE_DEBUG"):
                raise
            name = ctx.invoked_subcommand or "skatliste"
            bug = msg(
                "Bug: 'skatliste {command}' failed unexpectedly ({kind}: {detail}). This is a "
                "bug in skatliste, not your mistake: please report it with the command you "
                "typed and 'skatliste --version' (run it again with SKATLISTE_DEBUG=1 for the "
                "traceback)",
                command=name,
                kind=type(exc).__name__,
                detail=str(exc)[:200],
            )
            click.echo(say(bug), err=True)
            ctx.exit(BUG_EXIT)

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not any(param.name == "lang" for param in self.params):
            # a group takes --lang too (``skatliste --help --lang en``), for its help and the
            # messages of the command after it; not shown in its help
            self.params.append(
                click.Option(
                    ["--lang"],
                    type=click.Choice(["de", "en"], case_sensitive=False),
                    is_eager=True,
                    expose_value=False,
                    hidden=True,
                    callback=_keep_lang,
                )
            )
        self.lazy: dict[str, str] = dict(lazy or {})
        """The CLI's one way of loading a command: its module is imported only when it is
        called or listed (name → module, which registers the command on import, and imports
        what it needs at its top), so a command's start-up loads its own module only."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            importlib.import_module(self.lazy[cmd_name])
        return super().get_command(ctx, cmd_name)


def refuse(message: Message) -> NoReturn:
    """Stop with ``Error: message`` and exit status 2."""
    raise Refused(say(message))


# --- shared options ---------------------------------------------------------------------


def resolve_lang(option: str | None) -> Lang:
    """--lang, else SKATLISTE_LANG, else LANG=en* → English, else German."""
    if option:
        return "en" if option.lower().startswith("en") else "de"
    return environment_lang()


LANG_KEY = "skatliste.lang"
"""Where ``--lang`` keeps its value for the error handler (the context's meta is shared by
the group and its command)."""


WORDS_KEY = "skatliste.words"
"""Where the group keeps the words typed (``help_lang``)."""


def help_lang(ctx: click.Context) -> Lang:
    """The language of a command's help: a ``--lang`` typed anywhere on the line (``--help``
    may come before it, and is read first), else the environment (``resolve_lang``)."""
    typed = lang_typed(list(ctx.meta.get(WORDS_KEY, ())))
    return resolve_lang(typed or ctx.meta.get(LANG_KEY))


def _keep_lang(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """Keep the --lang typed (a command's without one keeps its group's)."""
    if value is not None or LANG_KEY not in ctx.meta:
        ctx.meta[LANG_KEY] = value
    return value


def current_lang() -> Lang:
    """The running command's language: its --lang, else the environment (``resolve_lang``)."""
    ctx = click.get_current_context(silent=True)
    return resolve_lang(ctx.meta.get(LANG_KEY) if ctx is not None else None)


def say(message: Message) -> str:
    """A message in the running command's language."""
    return message.render(current_lang())


def _lang(callback: Callable[..., Any], help: str, *, expose: bool = True) -> Callable[[F], F]:
    """``--lang de|en``, read before the other options (its messages are said in it)."""
    return click.option(
        "--lang",
        type=click.Choice(["de", "en"], case_sensitive=False),
        default=None,
        is_eager=True,
        expose_value=expose,
        callback=callback,
        help=help,
    )


LANG_HELP = "Language of explanations, tables and messages (default German; LANG=en* → English)."


def lang_option(f: F) -> F:
    return _lang(_keep_lang, LANG_HELP)(f)


def _resolved_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> Lang:
    _keep_lang(ctx, param, value)
    return resolve_lang(ctx.meta.get(LANG_KEY))


def list_options(f: F) -> F:
    """What every list command takes: the list (``--ledger``) and the language (``--lang``),
    the language resolved already (``resolve_lang``), so the command gets a ``Lang``. The lock
    is the application layer's: each change holds it while it reads and writes."""
    f = _lang(_resolved_lang, LANG_HELP)(f)
    return ledger_option(f)


def messages_lang_option(f: F) -> F:
    """--lang for a command that shows only messages: kept for them, not passed on."""
    help = "Language of messages (default German; LANG=en* → English)."
    return _lang(_keep_lang, help, expose=False)(f)


def ledger_option(f: F) -> F:
    return click.option(
        "--ledger",
        "ledger_path",
        type=click.Path(dir_okay=False, path_type=Path),
        envvar="SKATLISTE_LEDGER",
        default=DEFAULT_LIST,
        show_default=True,
        help="The list's JSON file (or env SKATLISTE_LEDGER).",
    )(f)


def folder_option(name: str, envvar: str, help: str) -> Callable[[F], F]:
    """``--NAME DIR``: the folder of a tournament, a season or a league (or env ``envvar``),
    the current folder by default; the command gets it as ``folder``."""
    return click.option(
        f"--{name}",
        "folder",
        type=click.Path(file_okay=False, path_type=Path),
        envvar=envvar,
        default=".",
        show_default="the current folder",
        help=help,
    )


WORDS_CONTEXT = {"ignore_unknown_options": True}


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the program and its version, in the command's language."""
    if not value or ctx.resilient_parsing:
        return
    said = msg("{program}, version {version}", program="skatliste", version=__version__)
    click.echo(said.render(help_lang(ctx)))
    ctx.exit()


@click.group(cls=SkatGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show the version and exit.",
)
@click.pass_context
def cli(ctx: click.Context) -> None:
    """skatliste — the Skat list (Skat-Liste) for the command line.

    \b
    Quick value:     skatliste value kreuz mit 2 hand
    A new list:      skatliste new --players Anna Ben Carl
    Enter a game:    skatliste add anna grand ohne 1 augen 95
    The sheet:       skatliste sheet
    """
    if ctx.invoked_subcommand in LONG_RUNNING and _COLLECTOR["off_by_main"]:
        gc.enable()


LONG_RUNNING = frozenset({"serve", "play"})
"""The commands that run for long (a server, the interactive session): they keep Python's
cyclic garbage collector on."""


PIPE_EXIT = 128 + signal.SIGPIPE
"""Exit status when standard output was closed (``skatliste sheet | head -1``): what a shell
reports for a program that SIGPIPE ended, as ``cat`` or ``yes`` would end. Not 2, which says
"refused, nothing written": a game added before the pipe closed stays added."""


_COLLECTOR = {"off_by_main": False}


def main() -> None:
    """Console-script entry point: one command, one short process. It runs without Python's
    cyclic garbage collector: the objects of a long list (a million entries, rows and their
    dicts) hold no cycle, and the full collections over them cost a fifth of a sheet of
    100,000 games; the process ends with the command. The long-running commands switch it
    back on."""
    if gc.isenabled():
        gc.disable()
        _COLLECTOR["off_by_main"] = True
    not_open()
    try:
        cli(prog_name="skatliste")
    finally:
        # what the command leaves is freed at exit; the collection Python runs as it shuts
        # down would walk all of it again (half a second after a long list): not those
        gc.freeze()
        try:
            sys.stdout.flush()  # what is still buffered, while a closed pipe can be told
        except BrokenPipeError:
            closed_stdout()


def not_open() -> None:
    """Standard output or error not open at all (``skatliste add … >&-``): Python has no stream
    for it. The answer goes nowhere, as into ``/dev/null``, which takes the descriptor, so
    that no file the command opens (the list, its lock) can get the number 1 or 2 and receive
    what is meant for the terminal."""
    for fd, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is not None:
            continue
        devnull = os.open(os.devnull, os.O_WRONLY)
        if devnull != fd:
            os.dup2(devnull, fd)
            os.close(devnull)
        setattr(sys, name, open(fd, "w", encoding="utf-8", closefd=False))  # noqa: SIM115


def closed_stdout() -> NoReturn:
    """The reader of standard output went away: say nothing (there is no one to read it), send
    what is left to nowhere, so that Python's own flush at exit does not fail again, and end
    as SIGPIPE would (the Python documentation's advice for a closed pipe)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(PIPE_EXIT)
