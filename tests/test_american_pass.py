"""`pass` on an American Grand list, typed by a player used to Skat's list: refused, never an
end of the partie. In American Grand nobody passes a deal in (docs/rules.md §A1: when the
first three pass, the dealer must bid), and a partie is ended by hand with `end` (`ende`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.shell_completion import ShellComplete
from starlette.testclient import TestClient

from skatliste.american.family import FAMILY
from skatliste.american.words import parse_words
from skatliste.app import lists as app
from skatliste.cli import cli
from skatliste.errors import InputError
from skatliste.web.server import create_app

from .conftest import Run
from .webtools import KEY

REFUSED_DE = (
    "bei American Grand wird kein Spiel eingepasst: passen die ersten drei, muss der Geber "
    "reizen (mindestens 5), also hat jedes Spiel einen Spieler; eine Partie endet von Hand mit "
    "'ende' (englisch 'end')"
)
REFUSED_EN = (
    "no deal of American Grand is passed in: when the first three pass, the dealer must bid "
    "(at least 5), so every deal has a declarer; a partie is ended by hand with 'end' (German "
    "'ende')"
)
AUTH = {"Authorization": f"Bearer {KEY}"}


@pytest.fixture
def dealt(tmp_path: Path) -> Path:
    """An American Grand list with a partie in progress (one deal)."""
    path = tmp_path / "grand.json"
    rules = app.rules_of("american-grand")
    app.new_list(path, ["Anna", "Ben", "Carl", "Dora"], rules=rules)
    app.add_game(path, "anna", "whist 25 tricks 11".split())
    return path


def test_pass_is_refused_in_both_languages_and_the_partie_goes_on(dealt: Path) -> None:
    before = dealt.read_bytes()
    with pytest.raises(InputError) as refused:
        app.pass_game(dealt)
    assert refused.value.message.render("de") == REFUSED_DE
    assert refused.value.message.render("en") == REFUSED_EN
    assert dealt.read_bytes() == before
    assert app.pass_game(dealt, end=True).row is None  # the word that ends it still does


@pytest.mark.parametrize("word", ["pass", "Pass", "eingepasst", "passe", "passed"])
def test_skat_s_words_for_all_passed_are_refused_as_an_entry(word: str) -> None:
    """As the whole entry (``insert N pass``, the phone's words field) and as a word among a
    deal's (``anna pass``), the answer says why and which word ends a partie."""
    table = FAMILY.table(["Anna", "Ben", "Carl", "Dora"], "Anna", FAMILY.rules("american-grand"))
    for words in ([word], ["anna", word]):
        with pytest.raises(InputError) as refused:
            FAMILY.parse(table, words)
        assert refused.value.message.render("en") == REFUSED_EN
    with pytest.raises(InputError) as refused:
        parse_words(["whist", "25", word])
    assert refused.value.message.render("de") == REFUSED_DE


@pytest.mark.parametrize(
    "args", [("insert", "1", "pass"), ("edit", "1", "eingepasst"), ("add", "ben", "pass")]
)
def test_the_commands_that_take_words_refuse_pass(run: Run, dealt: Path, args: tuple[str]) -> None:
    before = dealt.read_bytes()
    r = run(*args, "--ledger", str(dealt))
    assert r.exit_code == 2 and REFUSED_DE in r.stderr
    assert dealt.read_bytes() == before


def test_the_phone_page_refuses_pass_and_ends_a_partie_with_ende(dealt: Path) -> None:
    """``POST /api/pass`` and the words ``pass`` are 422 with the reason (the page offers no
    pass button here); the words ``ende`` end the partie."""
    client = TestClient(create_app(dealt, key=KEY))
    before = dealt.read_bytes()
    passed = client.post("/api/pass", headers=AUTH)
    assert passed.status_code == 422 and passed.json()["error"] == REFUSED_DE
    typed = client.post("/api/games?lang=en", json={"words": "pass"}, headers=AUTH)
    assert typed.status_code == 422 and typed.json()["error"] == REFUSED_EN
    assert dealt.read_bytes() == before
    assert client.get("/api/list").json()["plays_pass"] is False
    assert client.post("/api/games", json={"words": "ende"}, headers=AUTH).status_code == 201


def test_tab_offers_the_words_that_end_a_partie_never_pass(dealt: Path) -> None:
    """``insert N <Tab>`` offers the players and ``end``/``ende``; no deal's words offer a
    word of all passed."""
    shell = ShellComplete(cli, {}, "skatliste", "_SKATLISTE_COMPLETE")
    offered = [
        item.value for item in shell.get_completions(["insert", "1", "--ledger", str(dealt)], "")
    ]
    assert {"Anna", "end", "ende"} <= set(offered)
    assert not {"pass", "eingepasst"} & set(offered)
    for typed in ([], ["whist"], ["whist", "25"], ["anna"]):
        assert not {"pass", "eingepasst", "passe", "passed"} & set(FAMILY.next_words(typed))
