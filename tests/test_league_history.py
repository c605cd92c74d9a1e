"""The league's history (docs/file-format.md, "The league's history"): what each change of the
league file keeps, read strictly, written as an earlier build wrote it."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skatliste.app import league as app
from skatliste.errors import LedgerError
from skatliste.store import league as store
from skatliste.store.league_history import DEFINITIONS, Action, TeamEdited
from tests.histories import reordered, undocumented
from tests.league_history import FIXTURE, build_league
from tests.tournament_history import without_times

from .conftest import Run


def _folder_with(tmp_path: Path, text: str | None = None) -> Path:
    folder = tmp_path / "old"
    folder.mkdir()
    if text is None:
        shutil.copyfile(FIXTURE, folder / store.FILE_NAME)
    else:
        (folder / store.FILE_NAME).write_text(text, encoding="utf-8")
    return folder


AT = "2026-12-01T18:49:08+00:00"
"""When the fixture was made (every change within the same second)."""

HISTORY = [
    TeamEdited(AT, "Kreuz Bube Kiel", "Kiel", ("Anna", "Ben", "Carl", "Dora", "Emil")),
    TeamEdited(AT, "Lübeck", "Lübeck", ("Fritz", "Gerd", "Hans", "Ida")),
    TeamEdited(AT, "Pik As Eutin", "Eutin", ("Jan", "Kai", "Lea")),
    TeamEdited(AT, "Eutin", "Pik As Eutin", ("Lea", "Kai", "Jan", "Mia")),
]
"""The fixture's history, fact by fact."""


def test_a_league_file_an_earlier_build_wrote_opens_into_its_records(tmp_path: Path) -> None:
    """Every item of the history is a team's edit with the facts it kept: renamed (on a match
    day), given its players anew, both at once, renamed back."""
    league = app.open_league(_folder_with(tmp_path))
    assert league.history == HISTORY
    assert {e.action for e in league.history} == {Action.EDIT_TEAM}
    assert [t.name for t in league.teams] == ["Kreuz Bube Kiel", "Lübeck", "Eutin"]


def test_an_earlier_file_saved_again_keeps_every_byte(tmp_path: Path) -> None:
    """A change of anything else (a team added) writes the history as the earlier build did."""
    folder = _folder_with(tmp_path)
    app.add_team(folder, "Plön", ["Max", "Nora", "Olaf"])
    text = (folder / store.FILE_NAME).read_text(encoding="utf-8")
    old = FIXTURE.read_text(encoding="utf-8")
    added = '    {"name": "Plön", "players": ["Max", "Nora", "Olaf"]}\n'
    team = '"players": ["Lea", "Kai", "Jan", "Mia"]}'
    assert text == old.replace(f"{team}\n", f"{team},\n{added}", 1)


def test_todays_code_writes_the_league_history_as_the_earlier_build(tmp_path: Path) -> None:
    """Every team edit done again through the application writes the file the earlier build
    wrote, byte for byte but for the time stamps."""
    made = build_league(tmp_path / "league")
    assert without_times(made.read_bytes()) == without_times(FIXTURE.read_bytes())


def test_each_record_is_written_as_the_file_holds_it() -> None:
    """A record gives back its item: the action, the time, then its facts in the order every
    build wrote them."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert [e.to_json() for e in HISTORY] == data["history"]
    assert [list(item) for item in data["history"]] == [
        ["action", "time", "team", "name", "players"]
    ] * 4


def test_a_hand_edit_that_reorders_the_facts_reads_the_same(tmp_path: Path) -> None:
    """The facts of an item may come in any order; saved again, they are in the file's."""
    league = store.parse(tmp_path / store.FILE_NAME, reordered(FIXTURE))
    assert league.history == HISTORY
    assert store.dumps(league).encode("utf-8") == FIXTURE.read_bytes()


Mangle = Callable[[str], str]


def _history(change: Callable[[list[Any]], object]) -> Mangle:
    """A mangle of the file's history items (the file read as JSON and written again)."""

    def mangle(text: str) -> str:
        data = json.loads(text)
        change(data["history"])
        return json.dumps(data, ensure_ascii=False)

    return mangle


def _twice(line: str, key: str, value: str) -> Mangle:
    """The file as a hand edit leaves it: ``key`` given once more after ``line``'s."""
    return lambda text: text.replace(line, f'{line}, "{key}": {value}', 1)


KIEL = '"team": "Kreuz Bube Kiel", "name": "Kiel"'
REFUSED: list[tuple[str, Mangle, str, str]] = [
    (
        "unknown action",
        _history(lambda h: h[0].update(action="rename team")),
        'history[1].action: must be one of edit team (found "rename team")',
        'history[1].action: muss eins von edit team sein (gefunden: "rename team")',
    ),
    (
        "action a number",
        _history(lambda h: h[1].update(action=3)),
        "history[2].action: must be one of edit team (found 3)",
        "history[2].action: muss eins von edit team sein (gefunden: 3)",
    ),
    (
        "no action",
        _history(lambda h: h[0].pop("action")),
        "history[1].action: is missing",
        "history[1].action: fehlt",
    ),
    (
        "no time",
        _history(lambda h: h[1].pop("time")),
        "history[2].time: is missing",
        "history[2].time: fehlt",
    ),
    (
        "empty time",
        _history(lambda h: h[0].update(time="")),
        "history[1].time: must not be empty",
        "history[1].time: darf nicht leer sein",
    ),
    (
        "no object",
        _history(lambda h: h.__setitem__(2, "edit team Eutin")),
        'history[3]: must be an object (found "edit team Eutin")',
        'history[3]: muss ein Objekt sein (gefunden: "edit team Eutin")',
    ),
    (
        "no players",
        _history(lambda h: h[2].pop("players")),
        "history[3].players: is missing",
        "history[3].players: fehlt",
    ),
    (
        "no name before",
        _history(lambda h: h[3].pop("name")),
        "history[4].name: is missing",
        "history[4].name: fehlt",
    ),
    (
        "team a number",
        _history(lambda h: h[1].update(team=3)),
        "history[2].team: must be text (found 3)",
        "history[2].team: muss Text sein (gefunden: 3)",
    ),
    (
        "name empty",
        _history(lambda h: h[0].update(name="")),
        "history[1].name: must not be empty",
        "history[1].name: darf nicht leer sein",
    ),
    (
        "players as words",
        _history(lambda h: h[0].update(players="Anna Ben Carl")),
        'history[1].players: must be a list of names (found "Anna Ben Carl")',
        'history[1].players: muss eine Liste von Namen sein (gefunden: "Anna Ben Carl")',
    ),
    (
        "a number for a player",
        _history(lambda h: h[1]["players"].__setitem__(0, 7)),
        'history[2].players: must be a list of names (found [7, "Gerd", "Hans", "Ida"])',
        'history[2].players: muss eine Liste von Namen sein (gefunden: [7, "Gerd", "Hans", "Ida"])',
    ),
    (
        "a team of two",
        _history(lambda h: h[3].update(players=["Lea", "Kai"])),
        "history[4].players: must have at least 3 names (found 2)",
        "history[4].players: muss mindestens 3 Namen haben (gefunden: 2)",
    ),
    (
        "a fact of another action",
        _history(lambda h: h[0].update(series=1)),
        "history[1].series: unknown field",
        "history[1].series: unbekanntes Feld",
    ),
    (
        "a fact given twice",
        _twice(KIEL, "name", '"Kiel Nord"'),
        "history[1]: 'name' is given twice",
        "history[1]: 'name' steht zweimal da",
    ),
    (
        "the action given twice",
        _twice('{"action": "edit team"', "action", '"rename team"'),
        "history[1]: 'action' is given twice",
        "history[1]: 'action' steht zweimal da",
    ),
    (
        "a team's players given twice",
        _twice('{"name": "Lübeck"', "players", "[]"),
        "teams[2]: 'players' is given twice",
        "teams[2]: 'players' steht zweimal da",
    ),
    (
        "a lineup's team given twice",
        _twice('{"team": "Lübeck"', "team", '"Kiel"'),
        "days[1].teams[2]: 'team' is given twice",
        "days[1].teams[2]: 'team' steht zweimal da",
    ),
    (
        "the league's seed given twice",
        _twice('"seed": 2028', "seed", "7"),
        ": 'seed' is given twice",
        ": 'seed' steht zweimal da",
    ),
]


@pytest.mark.english
@pytest.mark.parametrize(
    ("mangle", "english", "german"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_a_history_mangled_by_hand_is_refused_with_its_place_in_both_languages(
    tmp_path: Path, mangle: Mangle, english: str, german: str
) -> None:
    """A missing fact, a fact of the wrong type or out of its bounds, a fact the action does
    not keep, an unknown action and a key given twice are refused, naming the file, the item
    and the fact, in English and in German; the file is not written."""
    folder = _folder_with(tmp_path, mangle(FIXTURE.read_text(encoding="utf-8")))
    path = folder / store.FILE_NAME
    before = path.read_bytes()
    with pytest.raises(LedgerError) as refused:
        app.edit_team(folder, "Lübeck", name="Lübeck Süd")
    en, de = refused.value.message.render("en"), refused.value.message.render("de")
    assert en.startswith(f"{path}: ") and english in en
    assert en.endswith("; the file was left untouched")
    assert de.startswith(f"{path}: ") and german in de
    assert de.endswith("; die Datei blieb unverändert")
    assert path.read_bytes() == before


def test_a_mangled_history_is_refused_by_the_command_in_german(run: Run, tmp_path: Path) -> None:
    """``league team edit`` on a file whose history holds an unknown action: exit 2, the file,
    the item and the reason in German, the file left as it was."""
    mangle = _history(lambda h: h[0].update(action="rename team"))
    folder = _folder_with(tmp_path, mangle(FIXTURE.read_text(encoding="utf-8")))
    before = (folder / store.FILE_NAME).read_bytes()
    got = run("league", "team", "edit", "Eutin", "--name", "Eutin 2", "--league", str(folder))
    assert got.exit_code == 2
    assert "history[1].action: muss eins von edit team sein" in got.stderr
    assert "die Datei blieb unverändert" in got.stderr
    assert "Traceback" not in got.stderr and "found" not in got.stderr
    assert (folder / store.FILE_NAME).read_bytes() == before


def test_a_history_that_is_no_list_is_refused(tmp_path: Path) -> None:
    """``history`` is a list of items."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["history"] = {"action": "edit team"}
    with pytest.raises(LedgerError) as refused:
        store.parse(tmp_path / store.FILE_NAME, json.dumps(data).encode("utf-8"))
    assert "history: must be a list" in refused.value.message.render("en")


def test_the_file_format_names_each_action_of_the_league_and_its_facts() -> None:
    """docs/file-format.md lists every action of the league's history with each fact it
    keeps."""
    assert undocumented("The league's history", DEFINITIONS) == {}
