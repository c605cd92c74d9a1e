"""The README and docs/ are a contract: their sessions run and print what they show; every
command has help with an example and a section in docs/commands.md with every option; every
link between the pages resolves."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

import skatliste.cli.serve
import skatliste.cli.tournament  # noqa: F401
from skatliste.cli import cli

from .conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMANDS_DOC = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
COMMANDS = sorted(cli.list_commands(click.Context(cli)))


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help_with_an_example(name: str) -> None:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    with click.Context(command, info_name=name) as ctx:
        text = command.get_help(ctx)
    assert "Example" in text, f"'skatliste {name} --help' shows no example"
    assert f"skatliste {name}" in text


def _all_commands(group: click.Group, prefix: str = "skatliste") -> list[tuple[str, click.Command]]:
    """Every command with its full name; a group's subcommands too."""
    out: list[tuple[str, click.Command]] = []
    for name, command in sorted(group.commands.items()):
        out.append((f"{prefix} {name}", command))
        if isinstance(command, click.Group):
            out.extend(_all_commands(command, f"{prefix} {name}"))
    return out


ALL_COMMANDS = _all_commands(cli)


def _doc_section(text: str, heading: str) -> str:
    """From the heading line to the next heading of any level."""
    match = re.search(rf"^#+ {re.escape(heading)}(?=[ `]|$).*?$(.*?)(?=^#|\Z)", text, re.M | re.S)
    return match.group(1) if match else ""


@pytest.mark.parametrize(("path", "command"), ALL_COMMANDS, ids=[p for p, _ in ALL_COMMANDS])
def test_every_command_is_in_the_reference_with_an_example(
    path: str, command: click.Command
) -> None:
    """docs/commands.md has '### `skatliste NAME ...`' with an example and every option."""
    section = _doc_section(COMMANDS_DOC, f"`{path}")
    assert section, f"docs/commands.md has no heading '### `{path} ...`'"
    examples = re.findall(r"```(?:sh|console)\n(.*?)```", section, re.S)
    assert any(
        line.removeprefix("$ ").startswith(path) or f"| {path}" in line
        for block in examples
        for line in block.splitlines()
    ), f"docs/commands.md: '{path}' has no example in a ```sh block"
    common = _doc_section(COMMANDS_DOC, "Common options")
    for param in command.params:
        if not isinstance(param, click.Option):
            continue
        for opt in (*param.opts, *param.secondary_opts):
            if opt.startswith("--") and opt != "--help":
                assert f"`{opt}" in section or f"`{opt}" in common, (
                    f"docs/commands.md: '{path}' does not explain {opt}"
                )


def _examples() -> list[tuple[str, str]]:
    """(heading, block) for the ```sh examples of each command in docs/commands.md."""
    out = []
    for section in re.split(r"^#+ ", COMMANDS_DOC, flags=re.M)[1:]:
        heading = section.splitlines()[0].strip("`")
        if heading.startswith("skatliste "):
            out += [(heading, b) for b in re.findall(r"```sh\n(.*?)```", section, re.S)]
    return out


EXAMPLES = _examples()


def _invocations(block: str) -> list[list[str]]:
    """The skatliste calls of an example, as argument lists: pipes, redirections and the
    commands around them left out."""
    calls = []
    for line in block.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        tokens = list(lexer)
        part: list[str] = []
        for token in [*tokens, "|"]:
            if token in ("|", "||", "&&", ";"):
                if part[:1] == ["skatliste"]:
                    calls.append(part[1:])
                part = []
            elif token in ("<", ">", ">>"):
                part.append("\0")  # the next token is a file name, not an argument
            elif part[-1:] == ["\0"]:
                part.pop()
            else:
                part.append(token)
    return calls


def _parse(args: list[str]) -> None:
    """Parse a call the way skatliste would, down to its command, without running it."""
    command: click.Command = cli
    name, parent = "skatliste", None
    while isinstance(command, click.Group):
        assert args, f"'{name}' needs a command after it"
        parent = click.Context(command, info_name=name, parent=parent)
        name, args = args[0], args[1:]
        sub = command.get_command(parent, name)
        assert sub is not None, f"no command '{name}'"
        command = sub
    with contextlib.suppress(click.exceptions.Exit):  # --help, --version
        command.make_context(name, args, parent=parent)


@pytest.mark.parametrize(("heading", "block"), EXAMPLES, ids=[h for h, _ in EXAMPLES])
def test_every_example_of_the_reference_is_a_valid_call(
    heading: str, block: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each example's options and arguments are what its command takes (click parses them,
    nothing is run: the README's sessions show commands running)."""
    monkeypatch.chdir(ROOT)  # file arguments such as examples/grand-hand.txt
    calls = _invocations(block)
    assert calls, f"docs/commands.md: the example of '{heading}' calls no skatliste"
    for args in calls:
        try:
            _parse(args)
        except click.UsageError as exc:
            pytest.fail(f"skatliste {shlex.join(args)}: {exc.format_message()}")


def test_the_readme_points_to_every_page_of_the_reference() -> None:
    for page in DOCS[1:]:
        assert f"](docs/{page.name}" in README, f"the README does not link docs/{page.name}"


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _links() -> list[tuple[str, str]]:
    out = []
    for doc in DOCS:
        text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if "://" not in target:
                out.append((str(doc.relative_to(ROOT)), target))
    return out


LINKS = _links()


@pytest.mark.parametrize(("doc", "target"), LINKS, ids=[f"{d}->{t}" for d, t in LINKS])
def test_every_link_between_the_pages_resolves(doc: str, target: str) -> None:
    """A moved section leaves no dead link: the file exists and so does its heading."""
    file, _, anchor = target.partition("#")
    path = (ROOT / doc).parent / file if file else ROOT / doc
    assert path.exists(), f"{doc}: link to {target}: no such file"
    if anchor and path.suffix == ".md":
        headings = re.findall(r"^#+ (.*)$", path.read_text(encoding="utf-8"), re.M)
        assert anchor in {_slug(h) for h in headings}, f"{doc}: link to {target}: no such heading"


def test_the_file_format_names_every_field_of_the_list_file() -> None:
    """docs/file-format.md describes every field the list file's definition has (the header,
    the rule set, each kind of entry of each game family, the history); its example games
    are games the list reads."""
    from skatliste.families import families
    from skatliste.store import lists

    text = (ROOT / "docs" / "file-format.md").read_text(encoding="utf-8")
    records = [lists.HEADER, lists.RULES, lists.HISTORY]
    records += [kind for family in families() for kind in family.kinds]
    for record in records:
        for field in record.order:
            assert f"`{field}`" in text or f'"{field}"' in text, f"{record.name}.{field}"

    example = json.loads(re.findall(r"```json\n(.*?)```", text, re.S)[0])
    assert list(example) == list(lists.HEADER.order)
    skat = families()[0]
    for entry in example["games"]:
        record = {r.name: r for r in skat.kinds}[entry["kind"]]
        assert record.problem(entry) is None, entry


def _sessions() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """The ```console blocks of the README and docs/: (title, [(command, expected lines)])."""
    out = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for number, block in enumerate(re.findall(r"```console\n(.*?)```", text, re.S), start=1):
            steps: list[tuple[str, list[str]]] = []
            for line in block.splitlines():
                if line.startswith("$ "):
                    steps.append((line[2:], []))
                elif steps:
                    steps[-1][1].append(line)
            out.append((f"{doc.name} session {number}: {steps[0][0]}", steps))
    return out


SESSIONS = _sessions()


def _session_env() -> dict[str, str]:
    """A user's shell: German by default, this interpreter's skatliste first on the PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKATLISTE_", "LC_", "LANG"))}
    env["LANG"] = "C.UTF-8"
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a line '...' stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and _matches(expected[1:], actual[1:])


def test_readme_has_sessions() -> None:
    assert sum(title.startswith("README.md ") for title, _ in SESSIONS) >= 4


@pytest.mark.parametrize("session", SESSIONS, ids=[s[0] for s in SESSIONS])
def test_readme_session_prints_what_the_readme_shows(
    session: tuple[str, list[tuple[str, list[str]]]], tmp_path: Path
) -> None:
    """Each block runs in a fresh folder holding a copy of examples/, as a user would type it."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    env = _session_env()
    for command, expected in session[1]:
        proc = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        actual = (proc.stdout + proc.stderr).splitlines()
        assert _matches(expected, actual), (
            f"$ {command}\n--- README shows:\n"
            + "\n".join(expected)
            + "\n--- the program prints:\n"
            + "\n".join(actual)
        )


def test_no_merge_conflict_markers_are_left_in_the_project() -> None:
    """A merge left half-done would show users both sides: no file may keep the markers."""
    import subprocess

    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    marked = []
    for name in files:
        path = ROOT / name
        if path.suffix not in {".md", ".py", ".sh", ".toml", ".html", ".js", ".css", ".txt"}:
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        if any(line.startswith(("<<<<<<< ", ">>>>>>> ")) for line in lines):
            marked.append(name)
    assert marked == []
