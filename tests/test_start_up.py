"""What a command loads at start-up: its own command module, the game family its list is
of, and of a tournament's application only what the command uses (start-up is most of a
command's time, and a bench target: README, "Speed")."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import click
import pytest

from skatliste.app import tournament as organiser
from skatliste.cli import MODULES, cli
from skatliste.cli.base import SkatGroup

from .conftest import EXAMPLES


def _loaded(args: list[str], watched: tuple[str, ...]) -> list[str]:
    """Which of ``watched`` a run of ``skatliste args`` in a fresh process has loaded."""
    probe = (
        "import sys\n"
        "from skatliste.cli.base import main\n"
        f"sys.argv = ['skatliste', *{args!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print(sorted(m for m in {watched!r} if m in sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    return list(eval(done.stderr.strip().splitlines()[-1]))


OTHER_COMMANDS = tuple(m for m in MODULES if m != "skatliste.cli.reports")


def test_a_skat_list_s_sheet_loads_neither_other_families_nor_other_commands() -> None:
    watched = ("skatliste.american.family", "skatliste.american.game", *OTHER_COMMANDS)
    args = ["sheet", "--ledger", str(EXAMPLES / "evening.json")]
    assert _loaded(args, watched) == []


def test_an_american_list_loads_its_family(tmp_path: Path) -> None:
    args = ["sheet", "--ledger", str(EXAMPLES / "american-grand.json")]
    assert _loaded(args, ("skatliste.american.family",)) == ["skatliste.american.family"]


def test_a_ranking_loads_neither_the_draw_nor_the_double_list_s_comparison() -> None:
    watched = (
        "skatliste.app.tournament.draw",
        "skatliste.seating",
        "skatliste.league",
        "skatliste.compare",
        "skatliste.cli.lists",
        "skatliste.cli.tournament_draw",
    )
    folder = EXAMPLES / "tournament"
    assert (folder / "tournament.json").exists()
    assert _loaded(["tournament", "ranking", "--tournament", str(folder)], watched) == []


def test_each_command_is_where_the_map_of_command_modules_says() -> None:
    for module, names in MODULES.items():
        importlib.import_module(module)
        for name in names:
            assert cli.commands[name].callback is not None
            assert cli.commands[name].callback.__module__ == module, name
    assert sorted(cli.commands) == sorted(n for names in MODULES.values() for n in names)


def test_a_group_s_lazy_commands_are_where_its_map_says() -> None:
    """The tournament's draw, seat and seating: loaded by the group when called."""
    group = cli.get_command(click.Context(cli), "tournament")
    assert isinstance(group, SkatGroup) and group.lazy
    for name, module in group.lazy.items():
        command = group.get_command(click.Context(group), name)
        assert command is not None and command.callback is not None
        assert command.callback.__module__ == module, name


@pytest.mark.parametrize("name", organiser.__all__)
def test_every_name_of_the_tournament_application_is_its_module_s(name: str) -> None:
    value = getattr(organiser, name)
    where = organiser._WHERE.get(name)
    if where is None:  # the two functions named as their modules, imported by the package
        assert name in ("players", "results") and callable(value)
    else:
        assert value is getattr(importlib.import_module(where), name)


def test_an_unknown_name_of_the_tournament_application_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        organiser.no_such_thing  # noqa: B018


def test_the_registry_names_each_family_s_name_and_presets() -> None:
    from skatliste.families import PLUGINS, families

    assert [(p.name, p.presets) for p in PLUGINS] == [
        (f.name, tuple(f.presets)) for f in families()
    ]
    for plugin in PLUGINS:
        assert importlib.import_module(plugin.module).FAMILY.name == plugin.name


SKAT_MODULES = (
    "skatliste.skat.entries",
    "skatliste.skat.family",
    "skatliste.skat.sheet",
    "skatliste.render.skat_text",
    "skatliste.render.skat",
)


@pytest.mark.parametrize(
    "words",
    [
        ["summary"],
        ["sheet"],
        ["check"],
        ["stats"],
        ["explain", "1"],
        ["history"],
        *(["export", "--format", fmt] for fmt in ("html", "md", "csv", "json")),
    ],
)
def test_an_american_list_loads_no_skat_module(words: list[str]) -> None:
    """Nor the double list's comparison, which only ``compare`` and a change ask for."""
    args = [*words, "--ledger", str(EXAMPLES / "american-grand.json")]
    watched = (*SKAT_MODULES, "skatliste.compare", "skatliste.american.outcomes")
    assert _loaded(args, watched) == []


@pytest.mark.parametrize(
    "words", [["export", "--format", "html"], ["check"], ["sheet"], ["history"], ["explain", "1"]]
)
def test_a_list_never_signed_loads_no_signing_rules(words: list[str]) -> None:
    args = [*words, "--ledger", str(EXAMPLES / "evening.json")]
    assert _loaded(args, ("skatliste.app.agree", "skatliste.agree", "skatliste.compare")) == []


def test_the_package_s_public_names_are_its_scoring_core_s() -> None:
    import skatliste
    from skatliste.skat import rules

    assert skatliste.game_value is rules.game_value
    assert sorted(skatliste.__all__) == sorted([*skatliste._WHERE, "__version__"])
    with pytest.raises(AttributeError, match="no_such_thing"):
        skatliste.no_such_thing  # noqa: B018
