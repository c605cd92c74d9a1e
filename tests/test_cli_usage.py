"""A command typed wrong (an unknown option, a word too many, a missing argument) is refused
in the command's language with where the help is, exit 2; the list is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from skatliste.cli import cli


@pytest.fixture
def listed(tmp_path: Path) -> Path:
    path = tmp_path / "t.json"
    made = CliRunner().invoke(
        cli, ["new", "--players", "Anna", "Ben", "Carl", "--ledger", str(path)]
    )
    assert made.exit_code == 0, made.output
    return path


@pytest.mark.parametrize(
    ("args", "lines"),
    [
        (
            ["protest", "-1", "x"],
            ["Fehler: es gibt keine Option -1", "Hilfe: skatliste protest --help"],
        ),
        (
            ["--ledger", "x.json", "sheet"],
            [
                "Fehler: vor dem Befehl gibt es keine Option --ledger: die Optionen eines "
                "Befehls kommen nach ihm: 'skatliste BEFEHL --ledger ...'",
                "Hilfe: skatliste --help",
            ],
        ),
        (
            ["tournament", "--tournament", "x", "ranking"],
            [
                "Fehler: vor dem Befehl gibt es keine Option --tournament: die Optionen eines "
                "Befehls kommen nach ihm: 'skatliste tournament BEFEHL --tournament ...'",
                "Hilfe: skatliste tournament --help",
            ],
        ),
        (
            ["export", "html", "-o", "x.html"],
            [
                "Fehler: dieser Befehl nimmt keine weiteren Wörter: html",
                "Hilfe: skatliste export --help",
            ],
        ),
        (
            ["sheet", "--ledgr", "x"],
            [
                "Fehler: es gibt keine Option --ledgr; meintest du --lang, --ledger?",
                "Hilfe: skatliste sheet --help",
            ],
        ),
        (["season", "new"], ["Fehler: ORDNER fehlt", "Hilfe: skatliste season new --help"]),
        (
            ["tournament", "new", "x"],
            ["Fehler: --name fehlt", "Hilfe: skatliste tournament new --help"],
        ),
        # a value its option's type refuses: the type's words, in German too
        (
            ["export", "--format", "xyz"],
            [
                "Fehler: --format: 'xyz' ist keins von html, md, csv, json",
                "Hilfe: skatliste export --help",
            ],
        ),
        (
            ["chart", "--width", "5"],
            ["Fehler: --width: 5 ist keine Zahl von 10 bis 400", "Hilfe: skatliste chart --help"],
        ),
        (
            ["chart", "--width", "breit"],
            ["Fehler: --width: 'breit' ist keine ganze Zahl", "Hilfe: skatliste chart --help"],
        ),
        (
            ["tournament", "new", "--name", "T", "--series", "zwei", "x"],
            [
                "Fehler: --series: 'zwei' ist keine ganze Zahl",
                "Hilfe: skatliste tournament new --help",
            ],
        ),
        # a command that is not there, the ones loaded when called among those meant
        (
            ["exprt"],
            ["Fehler: es gibt keinen Befehl exprt; meintest du export?", "Hilfe: skatliste --help"],
        ),
        (
            ["tournamnt"],
            [
                "Fehler: es gibt keinen Befehl tournamnt; meintest du tournament?",
                "Hilfe: skatliste --help",
            ],
        ),
        (["zzz"], ["Fehler: es gibt keinen Befehl zzz", "Hilfe: skatliste --help"]),
        # an option without the value it needs, a switch given one
        (
            ["add", "ben", "herz", "--note"],
            ["Fehler: --note braucht einen Wert", "Hilfe: skatliste add --help"],
        ),
        (
            ["summary", "--json=ja"],
            ["Fehler: --json nimmt keinen Wert", "Hilfe: skatliste summary --help"],
        ),
        # words that are not text (a terminal set to Latin-1): their bytes shown
        (
            ["add", "ben", "herz", "--note", "J\udcfcrgen"],
            [
                "Fehler: die getippten Wörter sind kein UTF-8-Text: J\\xfcrgen (ist das Terminal "
                "auf einen anderen Zeichensatz gestellt?)"
            ],
        ),
    ],
)
def test_a_command_typed_wrong_is_refused_in_german(
    listed: Path, args: list[str], lines: list[str]
) -> None:
    before = listed.read_bytes()
    result = CliRunner().invoke(
        cli, [*args], prog_name="skatliste", env={"SKATLISTE_LEDGER": str(listed)}
    )
    assert result.exit_code == 2
    assert result.output.splitlines() == lines
    assert listed.read_bytes() == before


def test_in_english_when_asked(listed: Path) -> None:
    result = CliRunner().invoke(
        cli,
        ["export", "--lang", "en", "html"],
        prog_name="skatliste",
        env={"SKATLISTE_LEDGER": str(listed)},
    )
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: this command takes no more words: html",
        "Help: skatliste export --help",
    ]


def test_a_group_without_its_command_shows_its_help_and_a_command_its_exit_code(
    listed: Path,
) -> None:
    shown = CliRunner().invoke(cli, ["tournament"])
    assert shown.exit_code == 2 and "Befehle:" in shown.output
    assert CliRunner().invoke(cli, ["--help"]).exit_code == 0
    ok = CliRunner().invoke(cli, ["check", "--ledger", str(listed)])
    assert ok.exit_code == 0
    listed.write_text("{", encoding="utf-8")
    assert CliRunner().invoke(cli, ["check", "--ledger", str(listed)]).exit_code == 2


def test_a_path_its_option_refuses_is_named_with_why(listed: Path, tmp_path: Path) -> None:
    """A folder where a file goes, a file where a folder goes, a file that is not there."""
    cases = [
        (["sheet", "--ledger", str(tmp_path)], f"--ledger: {tmp_path} ist ein Ordner, keine Datei"),
        (
            ["tournament", "ranking", "--tournament", str(listed)],
            f"--tournament: {listed} ist eine Datei, kein Ordner",
        ),
    ]
    for args, error in cases:
        result = CliRunner().invoke(cli, args, prog_name="skatliste")
        assert result.exit_code == 2, result.output
        assert result.output.splitlines()[0] == f"Fehler: {error}"


def test_a_refused_value_is_said_in_english_when_asked(listed: Path) -> None:
    result = CliRunner().invoke(
        cli, ["serve", "--lang", "en", "--port", "0"], prog_name="skatliste"
    )
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == "Error: --port: 0 is not a number from 1 to 65535"


@pytest.mark.parametrize(
    ("args", "first"),
    [
        (["shet", "--lang", "en"], "Error: there is no command shet; did you mean sheet"),
        (["sheet", "--fromat", "csv", "--lang=en"], "Error: there is no option --fromat"),
        (["tournament", "rankin", "--lang", "en"], "Error: there is no command rankin"),
    ],
)
def test_a_mistake_found_before_the_command_read_its_lang_is_said_in_it(
    args: list[str], first: str
) -> None:
    result = CliRunner().invoke(cli, args, prog_name="skatliste")
    assert result.exit_code == 2
    assert result.output.splitlines()[0].startswith(first)
