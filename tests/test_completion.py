"""Shell completion: Tab offers the players of the list and the table words, in bash, zsh and
fish alike (click's completion, switched on as docs/commands.md describes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete

from skatliste.cli import cli
from skatliste.store.names import player_names

from .conftest import ROOT


def complete(*args: str, incomplete: str = "") -> list[str]:
    """What Tab offers after `skatliste ARGS... INCOMPLETE`."""
    shell = ShellComplete(cli, {}, "skatliste", "_SKATLISTE_COMPLETE")
    return [item.value for item in shell.get_completions(list(args), incomplete)]


def test_the_declarer_completes_to_the_players_of_the_list(fresh_ledger: Path) -> None:
    """'skatliste add <Tab>' offers the names in the list file given by --ledger."""
    assert complete("add", "--ledger", str(fresh_ledger)) == ["Anna", "Ben", "Carl"]


@pytest.mark.parametrize(("incomplete", "names"), [("b", ["Ben"]), ("C", ["Carl"]), ("x", [])])
def test_a_started_name_completes_to_the_players_it_begins(
    fresh_ledger: Path, incomplete: str, names: list[str]
) -> None:
    """Any case, as the commands themselves resolve names."""
    assert complete("add", "--ledger", str(fresh_ledger), incomplete=incomplete) == names


def test_the_players_come_from_the_default_list_in_the_current_folder(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --ledger: SKATLISTE_LEDGER, else skatliste.json here."""
    monkeypatch.setenv("SKATLISTE_LEDGER", str(fresh_ledger))
    assert complete("add") == ["Anna", "Ben", "Carl"]
    monkeypatch.delenv("SKATLISTE_LEDGER")
    monkeypatch.chdir(fresh_ledger.parent)
    fresh_ledger.rename("skatliste.json")
    assert complete("add") == ["Anna", "Ben", "Carl"]


def test_without_a_list_no_names_are_offered(tmp_path: Path) -> None:
    """No file, no names, and no error on the terminal."""
    assert complete("add", "--ledger", str(tmp_path / "none.json")) == []


@pytest.mark.parametrize(
    ("args", "incomplete", "offered"),
    [
        (("value",), "kr", ["kreuz"]),
        (("value", "kreuz", "mit", "2"), "ha", ["hand"]),
        (("value", "grand"), "ou", ["ouvert"]),
        (("value", "pik", "schneider"), "an", ["angesagt", "announced"]),
        (("value", "null"), "verl", ["verl", "verloren"]),
    ],
)
def test_game_words_complete_from_the_table_grammar(
    args: tuple[str, ...], incomplete: str, offered: list[str]
) -> None:
    """The words of skatliste.skat.words, as `value` understands them."""
    assert complete(*args, incomplete=incomplete) == offered


def test_after_mit_a_grand_offers_its_four_spitzen_and_a_suit_game_eleven() -> None:
    """Rules §3: a Grand has at most 4 Spitzen, a suit game 11."""
    assert complete("value", "grand", "mit") == ["1", "2", "3", "4"]
    assert complete("value", "herz", "ohne") == [str(n) for n in range(1, 12)]


def test_after_gereizt_the_valid_bids_are_offered() -> None:
    """Rules §6: only the 63 Reizwerte."""
    assert complete("value", "pik", "gereizt", incomplete="1") == [
        "18", "100", "108", "110", "117", "120", "121", "126", "130", "132", "135", "140", "143",
        "144", "150", "153", "154", "156", "160", "162", "165", "168", "170", "176", "180",
        "187", "192", "198",
    ]  # fmt: skip
    assert len(complete("value", "pik", "gereizt")) == 63


def test_the_words_of_add_complete_after_the_declarer(fresh_ledger: Path) -> None:
    assert complete("add", "--ledger", str(fresh_ledger), "anna", incomplete="gr") == [
        "grand",
        "gruen",
        "grün",
    ]


def test_edit_offers_a_player_or_eingepasst_first(fresh_ledger: Path) -> None:
    """'edit N <Tab>': a new declarer, 'eingepasst', 'ramsch' or the game words."""
    offered = complete("edit", "--ledger", str(fresh_ledger), "1", incomplete="e")
    assert offered == ["eingepasst", "eichel"]
    assert "Ben" in complete("edit", "--ledger", str(fresh_ledger), "1")
    assert "Ben" not in complete("edit", "--ledger", str(fresh_ledger), "1", "kreuz")


def test_ramsch_offers_its_words_and_the_players_after_jungfrau(fresh_ledger: Path) -> None:
    ledger = ("ramsch", "--ledger", str(fresh_ledger), "anna=60", "ben=0", "carl=60")
    assert complete(*ledger) == ["jungfrau", "durchmarsch", "geschoben", "skat"]
    assert complete(*ledger, "jungfrau", incomplete="b") == ["Ben"]
    assert complete(*ledger, "geschoben") == []


def test_new_offers_the_presets_and_the_rule_options() -> None:
    """'new --rules <Tab>' names the presets; '--rule <Tab>' every KEY=VALUE it accepts."""
    assert complete("new", "--rules", incomplete="b") == ["bauernskat"]
    assert "isko" in complete("new", "--rules")
    assert complete("new", "--rule", incomplete="kontra=") == [
        "kontra=on",
        "kontra=off",
        "kontra=after18",
    ]
    assert complete("new", "--rule", incomplete="spitzen") == ["spitzen_cap=11", "spitzen_cap=4"]


@pytest.mark.parametrize(
    ("content", "names"),
    [
        ("", []),
        ("not json", []),
        ("[1, 2]", []),
        ('{"players": "Anna"}', []),
        ('{"players": ["Anna", 3, ""]}', ["Anna"]),
    ],
    ids=["empty", "not-json", "not-an-object", "players-not-a-list", "odd-names"],
)
def test_a_broken_list_gives_no_names_and_no_error(
    tmp_path: Path, content: str, names: list[str]
) -> None:
    """Completion only peeks; the commands themselves refuse a broken list with the reason."""
    path = tmp_path / "list.json"
    path.write_text(content, encoding="utf-8")
    assert player_names(path) == names


def _skatliste(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("SKATLISTE_")}
    return subprocess.run(
        [sys.executable, "-m", "skatliste"],
        env={**clean, **env},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_bash_gets_the_players_through_the_environment(fresh_ledger: Path) -> None:
    """What the bash script does on Tab: COMP_WORDS and COMP_CWORD in, 'type,value' lines out."""
    fresh_ledger.rename(fresh_ledger.parent / "skatliste.json")
    proc = _skatliste(
        {
            "_SKATLISTE_COMPLETE": "bash_complete",
            "COMP_WORDS": "skatliste add c",
            "COMP_CWORD": "2",
            "PYTHONPATH": str(ROOT),
        },
        fresh_ledger.parent,
    )
    assert proc.stdout.splitlines() == ["plain,Carl"]
    assert proc.stderr == ""


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_completion_script_for_each_shell_is_printed(shell: str, tmp_path: Path) -> None:
    """The line docs/commands.md tells each shell's users to add prints a script naming us."""
    proc = _skatliste({"_SKATLISTE_COMPLETE": f"{shell}_source", "PYTHONPATH": str(ROOT)}, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "_SKATLISTE_COMPLETE" in proc.stdout
    assert f"_SKATLISTE_COMPLETE={shell}_source" in (ROOT / "docs" / "commands.md").read_text(
        encoding="utf-8"
    )


@pytest.fixture
def american_list(tmp_path: Path) -> Path:
    path = tmp_path / "grand.json"
    path.write_bytes((ROOT / "examples" / "american-grand.json").read_bytes())
    return path


def test_an_american_grand_list_completes_its_own_words_and_players(american_list: Path) -> None:
    """The words offered are those of the list's family (its preset), not Skat's."""
    ledger = ("--ledger", str(american_list))
    offered = complete("add", *ledger, "anna")
    assert "whist" in offered and "kreuz" not in offered
    assert complete("add", *ledger, "anna", incomplete="wh") == ["whist"]
    assert "eingepasst" not in complete("edit", *ledger, "1")
    assert complete("add", *ledger, incomplete="a") == [
        p for p in player_names(american_list) if p.lower().startswith("a")
    ]


def test_value_completes_skat_words_beside_an_american_list(
    american_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``value`` values a Skat game whatever list the folder holds."""
    monkeypatch.setenv("SKATLISTE_LEDGER", str(american_list))
    assert complete("value", incomplete="kr") == ["kreuz"]


def test_new_offers_every_family_s_presets_and_the_options_of_the_one_chosen() -> None:
    assert "american-grand" in complete("new", "--rules")
    options = complete("new", "--rules", "american-grand", "--rule")
    assert any(o.startswith("partie.deals=") for o in options)
    assert not any(o.startswith("kontra=") for o in options)
    # without --rules the default rule set's: isko, a Skat one
    assert not any(o.startswith("partie.deals=") for o in complete("new", "--rule"))


def test_an_american_deal_s_words_offer_no_end_after_its_declarer(american_list: Path) -> None:
    """'end' ends a partie standing alone; after a declarer it is no word of a deal."""
    offered = complete("add", "--ledger", str(american_list), "anna")
    assert not {"end", "ende", "schluss"} & set(offered)


def test_insert_offers_a_player_or_a_word_that_stands_first(
    fresh_ledger: Path, american_list: Path
) -> None:
    skat = complete("insert", "--ledger", str(fresh_ledger), "3")
    assert {"Anna", "Ben", "Carl", "eingepasst", "ramsch"} <= set(skat)
    american = complete("insert", "--ledger", str(american_list), "3")
    assert "ende" in american and "eingepasst" not in american


def test_an_american_deal_offers_its_bids_and_counts(american_list: Path) -> None:
    ledger = ("add", "--ledger", str(american_list), "anna")
    assert complete(*ledger, "whist")[:3] == ["5", "10", "15"]
    assert complete(*ledger, "euchre")[-1] == "25"
    assert complete(*ledger, "whist", "25", "stiche")[-1] == "13"
    assert complete(*ledger, "euchre", "20", "tricks")[-1] == "5"
