"""The README is a contract: its sessions run and print what it shows; every command has help
with an example and a place in the README."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from skatliste.cli import cli

from .conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMANDS = sorted(cli.commands)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help_with_an_example(name: str) -> None:
    command = cli.commands[name]
    with click.Context(command, info_name=name) as ctx:
        text = command.get_help(ctx)
    assert "Example" in text, f"'skatliste {name} --help' shows no example"
    assert f"skatliste {name}" in text


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_is_in_the_readme(name: str) -> None:
    assert f"skatliste {name}" in README


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
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKATLISTE_", "LC_", "LANG"))}
    env["LANG"] = "C.UTF-8"
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
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
