"""Every command's ``--help`` speaks the command's language: a ``--lang`` typed anywhere on the
line, else SKATLISTE_LANG, else LANG=en* → English, else German (README, "German or English:
messages too"). The English help is click's own, byte for byte; the German has every text of
ours and click's words from the catalogue."""

from __future__ import annotations

import shutil
from pathlib import Path

import click
import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

import tests.catalogues as catalogues
from skatliste.cli import MODULES, cli, helptexts
from skatliste.i18n import translations

from .test_start_up import _loaded


def _help(*args: str, env: dict[str, str] | None = None) -> str:
    done = CliRunner().invoke(
        cli, list(args), env=env, prog_name="skatliste", catch_exceptions=False
    )
    assert done.exit_code == 0, done.output
    return done.output


def _tree(command: click.Command, path: list[str]) -> list[list[str]]:
    """Every command's words: the group, its commands, their subcommands."""
    paths = [path]
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None
            paths += _tree(sub, [*path, name])
    return paths


EVERY_COMMAND = _tree(cli, [])

BOCK_EN = """\
Usage: skatliste bock [OPTIONS]

  Call a Bock round by hand: it starts with the next game (rule bock=on).

  Example:
    skatliste bock

Options:
  --ledger FILE   The list's JSON file (or env SKATLISTE_LEDGER).  [default:
                  skatliste.json]
  --lang [de|en]  Language of explanations, tables and messages (default German;
                  LANG=en* → English).
  -h, --help      Show this message and exit.
"""

BOCK_DE = """\
Aufruf: skatliste bock [OPTIONEN]

  Eine Bockrunde von Hand ansagen: sie beginnt mit dem nächsten Spiel (Regel
  bock=on).

  Beispiel:
    skatliste bock

Optionen:
  --ledger DATEI  Die JSON-Datei der Liste (oder Umgebungsvariable
                  SKATLISTE_LEDGER).  [Standard: skatliste.json]
  --lang [de|en]  Sprache der Erklärungen, Tabellen und Meldungen (Standard
                  Deutsch; LANG=en* → Englisch).
  -h, --help      Diese Hilfe zeigen und beenden.
"""


def test_a_list_command_s_help_is_german_by_default() -> None:
    assert _help("bock", "--help") == BOCK_DE


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["bock", "--lang", "en", "--help"], {}),
        (["bock", "--help", "--lang", "en"], {}),  # --help is read first: the line counts
        (["bock", "--help", "--lang=en"], {}),
        (["bock", "--help"], {"SKATLISTE_LANG": "en"}),
        (["bock", "--help"], {"LANG": "en_GB.UTF-8"}),
    ],
)
def test_english_help_where_the_command_would_speak_english(
    args: list[str], env: dict[str, str]
) -> None:
    assert _help(*args, env=env) == BOCK_EN


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["bock", "--help", "--lang", "de"], {"LANG": "en_US.UTF-8"}),
        (["bock", "--help"], {"LANG": "en_US.UTF-8", "SKATLISTE_LANG": "de"}),
        (["bock", "--help"], {"LANG": "de_DE.UTF-8"}),
        (["bock", "--lang", "en", "--help", "--lang", "de"], {}),  # the last, as click reads
    ],
)
def test_german_help_from_the_option_then_the_environment(
    args: list[str], env: dict[str, str]
) -> None:
    assert _help(*args, env=env) == BOCK_DE


def test_a_group_s_help_lists_its_commands_in_german() -> None:
    shown = _help("tournament", "--help", env={"LANG": "en_US.UTF-8", "SKATLISTE_LANG": "de"})
    lines = shown.splitlines()
    assert lines[0] == "Aufruf: skatliste tournament [OPTIONEN] BEFEHL [ARGUMENTE]..."
    assert "  Beispiele:" in lines
    assert "Befehle:" in lines and "Commands:" not in lines
    assert "  new      Ein Turnier in einem neuen Ordner beginnen." in lines
    assert "  -h, --help  Diese Hilfe zeigen und beenden." in lines


def test_a_group_without_its_command_shows_its_help_in_the_language() -> None:
    done = CliRunner().invoke(cli, ["season"], env={"LANG": "de_DE.UTF-8"}, prog_name="skatliste")
    assert done.exit_code == 2
    assert done.output.startswith("Aufruf: skatliste season [OPTIONEN] BEFEHL [ARGUMENTE]...")
    english = CliRunner().invoke(
        cli, ["season"], env={"SKATLISTE_LANG": "en"}, prog_name="skatliste"
    )
    assert english.output.startswith("Usage: skatliste season [OPTIONS] COMMAND [ARGS]...")


def test_a_group_s_subcommand_s_help_in_german() -> None:
    shown = _help("tournament", "player", "add", "--help", env={"LANG": "de_DE.UTF-8"})
    lines = shown.splitlines()
    assert lines[0] == "Aufruf: skatliste tournament player add [OPTIONEN] NAME"
    assert "  --club TEXT          Der Verein des Spielers (für die Mannschaftswertung)." in lines
    assert "  --number ZAHL        Die Startnummer." in lines
    flat = " ".join(shown.split())
    assert (
        "(oder Umgebungsvariable SKATLISTE_TOURNAMENT). [Standard: (der aktuelle Ordner)]" in flat
    )


def test_the_root_s_help_in_german_names_every_command_in_german() -> None:
    lines = _help("--help").splitlines()
    assert lines[0] == "Aufruf: skatliste [OPTIONEN] BEFEHL [ARGUMENTE]..."
    assert "  --version   Die Version zeigen und beenden." in lines
    assert "  value       Der Wert eines Spiels, Schritt für Schritt erklärt." in lines
    assert "  new         Eine neue Liste beginnen." in lines


def test_a_required_option_and_a_range_are_said_in_german() -> None:
    flat = " ".join(_help("season", "new", "--help").split())
    assert "--name TEXT Der Name der Saison. [Pflicht]" in flat
    flat = " ".join(_help("value", "--help").split())
    assert "--bock N Verdopplungen durch Bock (0 bis 8). [0<=x<=8]" in flat


def _english_ids() -> list[tuple[str, str]]:
    """The help texts of ours (no metavars) that German says otherwise, as words: each
    would show an English text of ours in a German help."""
    german = translations("de")
    found = []
    for ident, context, _where in helptexts.ids(cli):
        said = german.gettext(ident)
        if context is None and said != ident and len(ident) > 8:
            found.append((" ".join(ident.split()), " ".join(said.split())))
    return found


@pytest.mark.parametrize("words", EVERY_COMMAND, ids=lambda w: " ".join(["skatliste", *w]))
def test_no_german_help_shows_an_english_text_of_ours(words: list[str]) -> None:
    shown = " ".join(_help(*words, "--help").split())
    english = [en for en, de in _english_ids() if en in shown and en not in de]
    assert not english, english
    for word in ("Usage:", "Options:", "Commands:", "[OPTIONS]", "Show this message", "default:"):
        assert word not in shown


def _reached(words: list[str]) -> tuple[click.Command, click.Context]:
    """The command ``skatliste WORDS`` names, and its context under its groups'."""
    command: click.Command = cli
    ctx = click.Context(cli, info_name="skatliste", help_option_names=["-h", "--help"])
    for word in words:
        assert isinstance(command, click.Group)
        sub = command.get_command(ctx, word)
        assert sub is not None
        command, ctx = sub, click.Context(sub, info_name=word, parent=ctx)
    return command, ctx


@pytest.mark.parametrize("words", EVERY_COMMAND, ids=lambda w: " ".join(["skatliste", *w]))
def test_the_english_help_is_click_s_own(words: list[str]) -> None:
    """The help written through the catalogue in English is what click writes itself."""
    command, ctx = _reached(words)
    ours, clicks = ctx.make_formatter(), ctx.make_formatter()
    helptexts.format_help(command, ctx, ours, "en")
    click.Command.format_help(command, ctx, clicks)
    assert ours.getvalue() == clicks.getvalue()
    assert ours.getvalue() != _german(command, ctx)


def _german(command: click.Command, ctx: click.Context) -> str:
    out = ctx.make_formatter()
    helptexts.format_help(command, ctx, out, "de")
    return out.getvalue()


def test_the_help_ids_are_found_in_the_command_tree() -> None:
    @click.group()
    def tool() -> None:
        """A tool."""

    @tool.command()
    @click.argument("names", nargs=-1)
    @click.option("--club", metavar="CLUB", help="The club.")
    @click.option("--folder", type=click.Path(file_okay=False), show_default="here")
    @click.option("--json", is_flag=True, help="Print JSON.")
    def add(names: tuple[str, ...], club: str, folder: str, json: bool) -> None:
        """Add players."""

    found = [(ident, context) for ident, context, _ in helptexts.ids(tool, "tool")]
    assert found == [
        ("A tool.", None),
        ("[OPTIONS]", "metavar"),
        ("Show this message and exit.", None),
        ("COMMAND [ARGS]...", "metavar"),
        ("Add players.", None),
        ("[OPTIONS]", "metavar"),
        ("NAMES", "metavar"),
        ("NAMES", "metavar"),  # its name in a refusal
        ("CLUB", "metavar"),
        ("The club.", None),
        ("DIRECTORY", "metavar"),
        ("here", None),
        ("Print JSON.", None),
        ("Show this message and exit.", None),
    ]


def test_the_catalogue_test_checks_the_help_ids() -> None:
    """The ids the catalogue tests check (``used``) hold every help id: a help text without
    German fails there as a message does."""
    checked = {(f.key, f.context) for f in catalogues.used()}
    for ident, context, _ in helptexts.ids(cli):
        assert (ident, context) in checked
    assert ("Show this message and exit.", None) in checked
    assert ("Usage:", None) in checked  # click's words, said by cli.helptexts


def test_dropping_unused_ids_keeps_the_help_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(catalogues.po_path("de"), folder / "skatliste.po")
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path)
    added, _dropped = catalogues.update("de", drop_unused=True)
    kept = catalogues.read("de")
    assert added == 0
    for ident, context, _ in helptexts.ids(cli):
        entry = kept.get(ident, context)
        assert entry is not None and entry.string, ident


def test_a_command_without_help_loads_no_help_and_value_s_help_no_other_command() -> None:
    assert _loaded(["value", "kreuz", "mit", "2"], ("skatliste.cli.helptexts",)) == []
    assert _loaded(["value", "--help"], ("skatliste.cli.helptexts",)) == ["skatliste.cli.helptexts"]
    others = tuple(m for m in MODULES if m != "skatliste.cli.skat_values")
    assert _loaded(["value", "--help"], others) == []


def test_a_missing_argument_is_named_as_the_help_names_it() -> None:
    german = CliRunner().invoke(cli, ["delete"], prog_name="skatliste")
    assert german.output.splitlines()[0] == "Fehler: NUMMER fehlt"
    assert "[OPTIONEN] NUMMER" in _help("delete", "--help")
    english = CliRunner().invoke(cli, ["delete", "--lang", "en"], prog_name="skatliste")
    assert english.output.splitlines()[0] == "Error: NUMBER is missing"


@pytest.mark.parametrize(
    "args",
    [
        ["--help", "--lang", "en"],
        ["--lang", "en", "--help"],
        ["tournament", "--help", "--lang", "en"],
        ["tournament", "player", "--lang=en", "--help"],
        ["--lang", "en", "season", "--help"],
    ],
)
def test_a_group_takes_lang_for_its_help(args: list[str]) -> None:
    """A group's ``--lang`` is not in its help (the English help stays click's)."""
    shown = _help(*args)
    assert shown.startswith("Usage: skatliste") and "--lang" not in shown


def test_a_group_s_lang_counts_for_the_command_after_it(tmp_path: Path) -> None:
    ledger = str(tmp_path / "list.json")
    english = CliRunner().invoke(cli, ["--lang", "en", "undo", "--ledger", ledger])
    assert english.exit_code == 2 and english.output.startswith("Error: ")
    own = CliRunner().invoke(cli, ["--lang", "en", "undo", "--ledger", ledger, "--lang", "de"])
    assert own.exit_code == 2 and own.output.startswith("Fehler: ")


def _offers(args: list[str], incomplete: str) -> dict[str, str | None]:
    shell = ShellComplete(cli, {}, "skatliste", "_SKATLISTE_COMPLETE")
    return {item.value: item.help for item in shell.get_completions(args, incomplete)}


def test_tab_s_help_of_commands_and_options_is_in_the_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """zsh and fish show each offer's help: the command's language too."""
    assert _offers([], "val")["value"] == "Der Wert eines Spiels, Schritt für Schritt..."
    assert _offers(["value"], "--ha") == {"--hand": "Handspiel."}
    assert _offers(["tournament"], "ne") == {"new": "Ein Turnier in einem neuen Ordner beginnen."}
    assert _offers(["value", "--lang", "en"], "--ha") == {"--hand": "Hand game."}
    monkeypatch.setenv("SKATLISTE_LANG", "en")
    assert _offers([], "val")["value"] == "The value of one game, explained step by..."
    assert _offers(["tournament", "player"], "im") == {
        "import": "Register the players of a CSV file: a..."
    }


@pytest.mark.parametrize("words", EVERY_COMMAND, ids=lambda w: " ".join(["skatliste", *w]))
def test_tab_s_english_offers_are_click_s_own(
    words: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKATLISTE_LANG", "en")
    command, ctx = _reached(words)
    for incomplete in ("", "-"):
        ours = [(i.value, i.help) for i in command.shell_complete(ctx, incomplete)]
        if isinstance(command, click.Group):
            theirs = click.Group.shell_complete(command, ctx, incomplete)
        else:
            theirs = click.Command.shell_complete(command, ctx, incomplete)
        assert ours == [(i.value, i.help) for i in theirs]
