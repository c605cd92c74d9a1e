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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import skatliste.cli.league
import skatliste.cli.season
import skatliste.cli.serve
import skatliste.cli.tournament  # noqa: F401
from skatliste.cli import cli

from .conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMANDS_DOC = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
COMMANDS = sorted(cli.list_commands(click.Context(cli)))


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize(("lang", "example"), [("en", "Example"), ("de", "Beispiel")])
def test_every_command_has_help_with_an_example(
    name: str, lang: str, example: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKATLISTE_LANG", lang)
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    root = click.Context(cli, info_name="skatliste", **cli.context_settings)
    with click.Context(command, info_name=name, parent=root) as ctx:  # -h too, as when run
        text = command.get_help(ctx)
    assert example in text, f"'skatliste {name} --help' shows no example ({lang})"
    assert f"skatliste {name}" in text


def _all_commands(group: click.Group, prefix: str = "skatliste") -> list[tuple[str, click.Command]]:
    """Every command with its full name; a group's subcommands too."""
    out: list[tuple[str, click.Command]] = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):  # a group's lazy commands loaded too
        command = group.get_command(ctx, name)
        assert command is not None
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
    from skatliste.store import reading

    text = (ROOT / "docs" / "file-format.md").read_text(encoding="utf-8")
    records = [reading.HEADER, reading.RULES, reading.HISTORY]
    records += [kind for family in families() for kind in family.kinds]
    for record in records:
        for key in record.order:
            assert f"`{key}`" in text or f'"{key}"' in text, f"{record.name}.{key}"

    example = json.loads(re.findall(r"```json\n(.*?)```", text, re.S)[0])
    assert list(example) == list(reading.HEADER.order)
    skat = families()[0]
    for entry in example["games"]:
        record = {r.name: r for r in skat.kinds}[entry["kind"]]
        assert record.problem(entry) is None, entry


def _sessions() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """The ```console blocks of docs/: (title, [(command, expected lines)]) each; the README's
    as one session, its blocks in order, as a reader types them into one shell."""
    out = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        blocks = []
        for number, block in enumerate(re.findall(r"```console\n(.*?)```", text, re.S), start=1):
            steps: list[tuple[str, list[str]]] = []
            for line in block.splitlines():
                if line.startswith("$ "):
                    steps.append((line[2:], []))
                elif steps:
                    steps[-1][1].append(line)
            blocks.append((f"{doc.name} session {number}: {steps[0][0]}", steps))
        if doc.name == "README.md":
            whole = [step for _, steps in blocks for step in steps]
            out.append((f"README.md typed in order ({len(blocks)} sessions)", whole))
        else:
            out.extend(blocks)
    return out


SESSIONS = _sessions()


TERMINAL_WIDTH = 78
"""The width click wraps help to in a terminal of 80 columns (as the README's sessions ran)."""


def _session_env() -> dict[str, str]:
    """A user's shell: German by default, this interpreter's skatliste first on the PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKATLISTE_", "LC_", "LANG"))}
    env["LANG"] = "C.UTF-8"
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


@dataclass
class _Call:
    """A README command the CLI runs in this process, as the shell would have run it."""

    args: list[str]
    env: dict[str, str] = field(default_factory=dict)
    """``NAME=value`` before the command."""
    stdin: str | None = None
    """What ``printf '...' |`` feeds it."""
    quiet: bool = False
    """``> /dev/null``: its standard output goes nowhere."""
    filters: list[Callable[[bytes], bytes]] = field(default_factory=list)
    """``| head -N``, ``| cut -cLIST``: applied to its standard output, in order."""


def _printf(fmt: str) -> str | None:
    """printf's format with no conversion: ``\\n`` is a new line."""
    if "%" in fmt or re.search(r"\\[^n\\]", fmt):
        return None
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), fmt)


def _head(lines: int) -> Callable[[bytes], bytes]:
    return lambda out: b"".join(out.splitlines(keepends=True)[:lines])


def _cut(spec: str) -> Callable[[bytes], bytes] | None:
    """``cut -cLIST`` as GNU cut does it: positions counted in bytes, from 1."""
    ranges = []
    for part in spec.split(","):
        m = re.fullmatch(r"(\d*)-(\d*)|(\d+)", part)
        if m is None:
            return None
        low, high = (m.group(3), m.group(3)) if m.group(3) else (m.group(1), m.group(2))
        ranges.append((int(low or 1), int(high) if high else None))

    def keep(line: bytes) -> bytes:
        body, end = (line[:-1], b"\n") if line.endswith(b"\n") else (line, b"")
        picked = bytes(
            b
            for i, b in enumerate(body, start=1)
            if any(lo <= i and (hi is None or i <= hi) for lo, hi in ranges)
        )
        return picked + end

    return lambda out: b"".join(keep(line) for line in out.splitlines(keepends=True))


def _filter(tokens: list[str]) -> Callable[[bytes], bytes] | None:
    if tokens[:1] == ["head"] and len(tokens) == 2 and re.fullmatch(r"-\d+", tokens[1]):
        return _head(int(tokens[1][1:]))
    if tokens[:1] == ["cut"] and len(tokens) == 2 and tokens[1].startswith("-c"):
        return _cut(tokens[1][2:])
    return None


def _in_process(command: str) -> _Call | None:
    """The command as a call of the CLI in this process: ``[NAME=value ...] skatliste ARGS``,
    fed by ``printf '...' |``, its output sent to ``> /dev/null`` or through ``| head -N`` and
    ``| cut -cLIST``. None for anything else: that runs in bash."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    stages: list[list[str]] = [[]]
    for token in lexer:
        if token == "|":
            stages.append([])
        else:
            stages[-1].append(token)
    stdin = None
    if stages[0][:1] == ["printf"]:
        if len(stages[0]) != 2 or len(stages) < 2:
            return None
        stdin = _printf(stages[0][1])
        if stdin is None:
            return None
        stages = stages[1:]
    words = stages[0]
    env = {}
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    quiet = words[-2:] == [">", "/dev/null"]
    if quiet:
        words = words[:-2]
    if words[:1] != ["skatliste"] or any(w in {">", ">>", "<", ";", "&&", "||"} for w in words):
        return None
    filters = [_filter(stage) for stage in stages[1:]]
    if any(f is None for f in filters):
        return None
    return _Call(words[1:], env, stdin, quiet, [f for f in filters if f is not None])


def _run_in_process(call: _Call) -> list[str]:
    """Run the call with the CLI's own runner in the session's folder and environment; its
    standard output and then its standard error, as the shell would show them."""
    unset: dict[str, str | None] = {
        k: None for k in os.environ if k.startswith(("SKATLISTE_", "LC_", "LANG"))
    }
    env = {**unset, "LANG": "C.UTF-8", **call.env}
    # help as a terminal of 80 columns wraps it (click: 2 columns less), not click's test width
    result = CliRunner().invoke(
        cli,
        call.args,
        input=call.stdin,
        env=env,
        prog_name="skatliste",
        catch_exceptions=False,
        terminal_width=TERMINAL_WIDTH,
    )
    out = b"" if call.quiet else result.stdout_bytes
    for step in call.filters:
        out = step(out)
    return (out.decode("utf-8", errors="replace") + result.stderr).splitlines()


def _run_in_bash(command: str, cwd: Path, exported: dict[str, str] | None = None) -> list[str]:
    proc = subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env={**_session_env(), **(exported or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )
    return (proc.stdout + proc.stderr).splitlines()


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a line '...' stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and _matches(expected[1:], actual[1:])


def test_readme_has_sessions() -> None:
    readme = [steps for title, steps in SESSIONS if title.startswith("README.md ")]
    assert len(readme) == 1 and len(readme[0]) >= 40


@pytest.mark.parametrize("session", SESSIONS, ids=[s[0] for s in SESSIONS])
def test_readme_session_prints_what_the_readme_shows(
    session: tuple[str, list[tuple[str, list[str]]]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README's blocks run in order in one fresh folder holding a copy of examples/, as a
    reader types them into one shell (``export NAME=VALUE`` holds for the commands after it);
    each block of docs/ in a folder of its own: a skatliste command by the CLI's own runner in
    this process, the rest in bash."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    exported: dict[str, str] = {}  # what 'export NAME=VALUE' set for the commands after it
    for command, expected in session[1]:
        set_here = re.fullmatch(r"export ([A-Z_][A-Z0-9_]*)=(\S+)", command)
        if set_here:
            exported[set_here.group(1)] = set_here.group(2)
            actual: list[str] = []
        else:
            call = _in_process(command)
            if call is not None:
                call.env = {**exported, **call.env}
            actual = (
                _run_in_bash(command, tmp_path, exported) if call is None else _run_in_process(call)
            )
        assert _matches(expected, actual), (
            f"$ {command}\n--- README shows:\n"
            + "\n".join(expected)
            + "\n--- the program prints:\n"
            + "\n".join(actual)
        )


def test_the_sessions_read_as_the_shell_reads_them() -> None:
    """The in-process runner takes a command as bash would: its words, the environment before
    it, printf's input, > /dev/null, head and cut; anything else it leaves to bash."""
    call = _in_process("SKATLISTE_LANG=en skatliste add 'an na' kreuz > /dev/null")
    assert call == _Call(["add", "an na", "kreuz"], {"SKATLISTE_LANG": "en"}, None, True)
    fed = _in_process("printf 'null\\ngrand mit 5\\n' | skatliste value - | head -1")
    assert fed is not None and fed.stdin == "null\ngrand mit 5\n" and len(fed.filters) == 1
    assert fed.filters[0](b"a\nb\n") == b"a\n"
    cut = _in_process("skatliste history | cut -c1-2,4-")
    assert cut is not None and cut.filters[0](b"abcdef\nxyz") == b"abdef\nxy"
    third = _cut("3")
    assert third is not None and third(b"\xc3\xa4bc\n") == b"b\n"  # bytes, as GNU cut counts
    for other in (
        "ls examples",
        "skatliste sheet > out.txt",
        "printf '%s' x | skatliste value -",
        "skatliste sheet | sort",
        "skatliste undo && skatliste sheet",
    ):
        assert _in_process(other) is None, other


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
