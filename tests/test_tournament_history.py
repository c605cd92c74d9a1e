"""The tournament's history (docs/file-format.md, "The tournament folder"): what each action
keeps, read strictly, written as an earlier build wrote it."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skatliste.errors import LedgerError
from skatliste.store import tournament as store
from skatliste.store.formats import given_twice
from skatliste.store.tournament_history import (
    DEFINITIONS,
    Action,
    Event,
    PlayerRemoved,
    RedrawnPaper,
    ResultDeleted,
    ResultReplaced,
    SeriesRedrawn,
    TableSeated,
    redraws,
)
from skatliste.tournament import PaperLine
from tests.histories import reordered, undocumented
from tests.tournament_history import (
    FIXTURE,
    LEAGUE_FIXTURE,
    build_league_day,
    build_tournament,
    without_times,
)


def _folder_with(tmp_path: Path, fixture: Path) -> Path:
    folder = tmp_path / "old"
    folder.mkdir()
    shutil.copyfile(fixture, folder / store.FILE_NAME)
    return folder


@pytest.mark.parametrize("fixture", [FIXTURE, LEAGUE_FIXTURE], ids=lambda p: p.stem)
def test_a_file_an_earlier_build_wrote_is_saved_again_byte_for_byte(
    tmp_path: Path, fixture: Path
) -> None:
    """A tournament file with every action in its history opens, and saved again (a change
    of anything else) it keeps every byte of the history."""
    folder = _folder_with(tmp_path, fixture)
    t = store.load(folder)
    store.save(t)
    assert (folder / store.FILE_NAME).read_bytes() == fixture.read_bytes()


def test_todays_code_writes_the_history_as_the_earlier_build(tmp_path: Path) -> None:
    """Every action done again through the application writes the file the earlier build
    wrote, byte for byte but for the time stamps."""
    made = build_tournament(tmp_path / "preisskat")
    assert without_times(made.read_bytes()) == without_times(FIXTURE.read_bytes())


def test_a_league_day_writes_its_history_as_the_earlier_build(tmp_path: Path) -> None:
    """A team's absence (its players removed, a draw taken back) writes the history the
    earlier build wrote."""
    made = build_league_day(tmp_path / "league")
    assert without_times(made.read_bytes()) == without_times(LEAGUE_FIXTURE.read_bytes())


def test_write_read_write_gives_the_same_bytes(tmp_path: Path) -> None:
    """The file read back and written again is the file written."""
    made = build_tournament(tmp_path / "preisskat")
    first = made.read_bytes()
    again = store.dumps(store.parse(made, first)).encode("utf-8")
    assert again == first


AT = "2026-12-01T17:09:04+00:00"
"""When the fixtures were made (every change within the same second)."""


def _lines(*lines: tuple[str, int, int, int]) -> dict[str, PaperLine]:
    return {name: PaperLine(points, won, lost) for name, points, won, lost in lines}


J = "Jürgen Groß"
HISTORY: list[Event] = [
    PlayerRemoved(AT, "Lena"),
    ResultReplaced(
        AT, 1, 1, _lines((J, 120, 2, 0), ("Dora", -40, 1, 1), ("Ben", 0, 0, 0), ("Kai", 48, 1, 0))
    ),
    ResultDeleted(AT, 1, 3, _lines(("Carl", 120, 2, 0), ("Frida", -40, 1, 1), ("Gerd", 0, 0, 0))),
    SeriesRedrawn(
        AT,
        series=1,
        seed=7,
        tables=(
            (J, "Dora", "Ben", "Kai"),
            ("Hans", "Ida", "Emil", "Anna"),
            ("Carl", "Frida", "Gerd"),
        ),
        lists="series-1.redrawn-1",
        paper=(
            RedrawnPaper(
                1,
                _lines((J, 48, 1, 0), ("Dora", 0, 0, 0), ("Ben", -40, 1, 1), ("Kai", 120, 2, 0)),
            ),
            RedrawnPaper(
                2,
                _lines(
                    ("Hans", 120, 2, 0), ("Ida", -40, 1, 1), ("Emil", 0, 0, 0), ("Anna", 48, 1, 0)
                ),
            ),
        ),
    ),
    TableSeated(
        AT,
        2,
        1,
        ("Hans", J, "Dora", "Kai"),
        replaced=("Kai", "Dora", J, "Hans"),
        moved="series-2.table-01.seated-1.json",
    ),
    TableSeated(
        AT,
        2,
        2,
        ("Carl", "Gerd", "Ida", "Ben"),
        replaced=("Ben", "Ida", "Gerd", "Carl"),
        paper=_lines(("Ben", 120, 2, 0), ("Ida", -40, 1, 1), ("Gerd", 0, 0, 0), ("Carl", 48, 1, 0)),
        moved="series-2.table-02.seated-1.json",
    ),
    TableSeated(AT, 3, 1, ("Anna", "Ben", "Carl", "Dora")),
    PlayerRemoved(AT, "Kai"),
    SeriesRedrawn(
        AT,
        series=2,
        seed=9,
        tables=(
            ("Hans", J, "Dora", "Kai"),
            ("Carl", "Gerd", "Ida", "Ben"),
            ("Anna", "Emil", "Frida"),
        ),
        lists="series-2.redrawn-1",
    ),
]
"""The fixture's history, fact by fact."""


def test_each_action_of_an_earlier_file_is_read_into_its_record(tmp_path: Path) -> None:
    """Every item of the history is its action's record with exactly the facts it kept: a
    removed player, a replaced and a deleted paper result, a redraw with its paper results and
    one without, a table seated where none was, over a list, and over a list and a paper
    result."""
    t = store.load(_folder_with(tmp_path, FIXTURE))
    assert t.history == HISTORY
    assert [e.action for e in t.history] == [
        Action.REMOVE,
        Action.REPLACE_RESULT,
        Action.DELETE_RESULT,
        Action.REDRAW,
        Action.SEAT,
        Action.SEAT,
        Action.SEAT,
        Action.REMOVE,
        Action.REDRAW,
    ]
    replaced = t.history[1]
    assert isinstance(replaced, ResultReplaced) and not isinstance(replaced, ResultDeleted)
    assert list(replaced.results) == [J, "Dora", "Ben", "Kai"]  # in seat order, as kept


def test_a_league_days_history_is_read_into_its_records(tmp_path: Path) -> None:
    """A team's absence keeps each of its players' removal, and a draw taken back keeps the
    old seating and where its lists went, with no paper result."""
    t = store.load(_folder_with(tmp_path, LEAGUE_FIXTURE))
    assert t.history == [
        *(PlayerRemoved(AT, name) for name in ("Max", "Nora", "Olaf", "Paul")),
        SeriesRedrawn(
            AT,
            1,
            2029,
            (
                ("Gerd", "Nora", "Kai", "Carl"),
                ("Max", "Jan", "Ben", "Fritz"),
                ("Anna", "Paul", "Hans", "Lea"),
                ("Dora", "Olaf", "Ida"),
            ),
            "series-1.redrawn-1",
        ),
    ]
    assert redraws(t.history) == 1 and redraws(t.history, 1) == 1 and redraws(t.history, 2) == 0


def test_each_record_is_written_as_the_file_holds_it() -> None:
    """A record gives back its item: the action, the time, then its facts in the order
    every build wrote them (a seating by hand leaves out what it did not replace)."""
    items = [json.loads(line.rstrip(",")) for line in _history_lines(FIXTURE)]
    assert [e.to_json() for e in HISTORY] == items
    assert [list(item) for item in items[4:7]] == [
        ["action", "time", "series", "table", "players", "replaced", "list"],
        ["action", "time", "series", "table", "players", "replaced", "paper", "list"],
        ["action", "time", "series", "table", "players"],
    ]


def test_the_history_counts_the_redraws_of_a_series() -> None:
    """A redraw's lists go to ``series-S.redrawn-K``, K counted per series; a draw without a
    seed derives its seed from the redraws of every series."""
    assert redraws(HISTORY) == 2
    assert redraws(HISTORY, 1) == redraws(HISTORY, 2) == 1
    assert redraws(HISTORY, 3) == 0


def _history_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8").splitlines()
    start = text.index('  "history": [')
    return [line.strip() for line in text[start + 1 : -2]]


Mangle = Callable[[list[Any]], object]
REFUSED: list[tuple[str, Mangle, str]] = [
    (
        "unknown action",
        lambda h: h[0].update(action="undo"),
        "history[1].action: must be one of remove, redraw, seat, "
        'replace result, delete result, rules (found "undo")',
    ),
    ("action not text", lambda h: h[0].update(action=3), "history[1].action: must be one of"),
    ("no action", lambda h: h[0].pop("action"), "history[1].action: is missing"),
    ("no time", lambda h: h[7].pop("time"), "history[8].time: is missing"),
    ("empty time", lambda h: h[0].update(time=""), "history[1].time: must not be empty"),
    ("no object", lambda h: h.__setitem__(0, "remove Lena"), "history[1]: must be an object"),
    ("no player", lambda h: h[0].pop("player"), "history[1].player: is missing"),
    ("player not text", lambda h: h[0].update(player=3), "history[1].player: must be text"),
    ("a fact of another action", lambda h: h[0].update(series=1), "series: unknown field"),
    (
        "series as text",
        lambda h: h[1].update(series="1"),
        'history[2].series: must be a whole number (found "1")',
    ),
    ("series 0", lambda h: h[1].update(series=0), "history[2].series: must be at least 1"),
    (
        "table a boolean",
        lambda h: h[2].update(table=True),
        "history[3].table: must be a whole number (found true)",
    ),
    ("no results", lambda h: h[2].pop("results"), "history[3].results: is missing"),
    (
        "results a list",
        lambda h: h[1].update(results=[1]),
        "history[2].results: must be an object of names and [points, won, lost] (found [1])",
    ),
    (
        "a line of two numbers",
        lambda h: h[1]["results"].update(Kai=[48, 1]),
        "history[2].results: Kai: must be [points, won, lost] (found [48, 1])",
    ),
    (
        "games won below 0",
        lambda h: h[2]["results"].update(Gerd=[0, -1, 0]),
        "history[3].results: Gerd: must be at least 0 (found -1)",
    ),
    (
        "points a fraction",
        lambda h: h[2]["results"].update(Gerd=[0.5, 0, 0]),
        "history[3].results: Gerd: must be a whole number (found 0.5)",
    ),
    (
        "a result of two players",
        lambda h: h[2].update(results={"Gerd": [0, 0, 0], "Carl": [0, 0, 0]}),
        "history[3].results: must name 3 to 4 players (found 2)",
    ),
    ("seed below 0", lambda h: h[3].update(seed=-1), "history[4].seed: must be at least 0"),
    ("tables as text", lambda h: h[3].update(tables="A B C"), "history[4].tables: must be a list"),
    (
        "a table of two",
        lambda h: h[3]["tables"].__setitem__(1, ["Anna", "Ben"]),
        "history[4].tables[2]: must have 3 to 4 names (found 2)",
    ),
    (
        "a number for a name",
        lambda h: h[3]["tables"].__setitem__(0, ["Anna", "Ben", 3]),
        'history[4].tables[1]: must be a list of names (found ["Anna", "Ben", 3])',
    ),
    ("no lists", lambda h: h[3].pop("lists"), "history[4].lists: is missing"),
    ("lists empty", lambda h: h[3].update(lists=""), "history[4].lists: must not be empty"),
    ("paper an object", lambda h: h[3].update(paper={}), "history[4].paper: must be a list"),
    ("paper item 1", lambda h: h[3]["paper"].__setitem__(0, 1), "history[4].paper[1]: must be an"),
    (
        "paper without its table",
        lambda h: h[3]["paper"][0].pop("table"),
        "history[4].paper[1].table: is missing",
    ),
    (
        "paper with its series",
        lambda h: h[3]["paper"][0].update(series=1),
        "history[4].paper[1].series: unknown field",
    ),
    (
        "paper table 0",
        lambda h: h[3]["paper"][1].update(table=0),
        "history[4].paper[2].table: must be at least 1 (found 0)",
    ),
    (
        "a paper line as words",
        lambda h: h[3]["paper"][1]["results"].update(Anna="48/1/0"),
        'history[4].paper[2].results: Anna: must be [points, won, lost] (found "48/1/0")',
    ),
    (
        "a seating of five",
        lambda h: h[4].update(players=["A", "B", "C", "D", "E"]),
        "history[5].players: must have 3 to 4 names (found 5)",
    ),
    (
        "replaced nobody",
        lambda h: h[4].update(replaced=None),
        "history[5].replaced: must be a list of names (found null)",
    ),
    ("list a number", lambda h: h[4].update(list=3), "history[5].list: must be text (found 3)"),
    (
        "a seated table's paper line of four",
        lambda h: h[5]["paper"].update(Ben=[1, 2, 3, 4]),
        "history[6].paper: Ben: must be [points, won, lost] (found [1, 2, 3, 4])",
    ),
    ("seat without players", lambda h: h[6].pop("players"), "players: is missing"),
]


@pytest.mark.parametrize(("mangle", "why"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_history_mangled_by_hand_is_refused_with_its_place(
    tmp_path: Path, mangle: Mangle, why: str
) -> None:
    """A missing fact, a fact of the wrong type or out of its bounds, a fact the action does not
    keep and an unknown action are refused, naming the file, the item and the fact."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    mangle(data["history"])
    path = tmp_path / store.FILE_NAME
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
    with pytest.raises(LedgerError) as refused:
        store.parse(path, raw)
    text = refused.value.message.render("en")
    assert text.startswith(f"{path}: history[")
    assert why in text
    assert text.endswith("; the file was left untouched")


def test_a_refusal_of_the_history_reads_in_german(tmp_path: Path) -> None:
    """The reasons are the catalogue's: a paper line of the history in German."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["history"][1]["results"]["Kai"] = [48, 1]
    with pytest.raises(LedgerError) as refused:
        store.parse(tmp_path / store.FILE_NAME, json.dumps(data).encode("utf-8"))
    german = refused.value.message.render("de")
    assert "history[2].results: Kai: " in german
    assert "[points, won, lost]" not in german and "found" not in german


def test_a_hand_edit_that_reorders_the_facts_reads_the_same(tmp_path: Path) -> None:
    """The facts of an item may come in any order; saved again, they are in the file's."""
    t = store.parse(tmp_path / store.FILE_NAME, reordered(FIXTURE))
    assert t.history == HISTORY
    assert store.dumps(t).encode("utf-8") == FIXTURE.read_bytes()


def test_a_paper_result_in_the_history_has_its_json_schema() -> None:
    """The definition gives a paper result's schema: 3 or 4 names, each with [points, won,
    lost], won and lost not below 0."""
    games = {"type": "integer", "minimum": 0}
    assert DEFINITIONS[Action.SEAT].schema()["properties"]["paper"] == {
        "type": "object",
        "additionalProperties": {
            "type": "array",
            "prefixItems": [{"type": "integer"}, games, games],
            "items": False,
            "minItems": 3,
        },
        "minProperties": 3,
        "maxProperties": 4,
        "default": None,
        "description": "the table's paper result",
    }


def test_the_file_format_names_each_action_and_its_facts() -> None:
    """docs/file-format.md lists every action of the history with each fact it keeps."""
    assert undocumented("The tournament's history", DEFINITIONS) == {}


TWICE = [
    ('"seed": 2026,', '"seed": 2026, "seed": 7,', "'seed' is given twice"),
    ('{"name": "Carl"}', '{"name": "Carl", "name": "Kai"}', "players[3]: 'name' is given twice"),
    ('"games": {"3": 6,', '"games": {"3": 6, "3": 4,', "games: '3' is given twice"),
    (
        '{"table": 2, "results": {"Hans": [120, 2, 0],',
        '{"table": 2, "results": {"Hans": [120, 2, 0], "Hans": [0, 0, 0],',
        "history[4].paper[2].results: 'Hans' is given twice",
    ),
]


@pytest.mark.parametrize(("before", "after", "why"), TWICE, ids=[c[2] for c in TWICE])
def test_a_key_given_twice_anywhere_in_the_tournament_file_is_refused_with_its_place(
    tmp_path: Path, before: str, after: str, why: str
) -> None:
    """The last value would silently win: a key given twice in any object of the file (read
    field by field or not) is refused, naming the file and the object, in both languages."""
    text = FIXTURE.read_text(encoding="utf-8")
    assert text.count(before) == 1
    path = tmp_path / store.FILE_NAME
    with pytest.raises(LedgerError) as refused:
        store.parse(path, text.replace(before, after).encode("utf-8"))
    english, german = refused.value.message.render("en"), refused.value.message.render("de")
    assert english == f"{path}: {why}; the file was left untouched"
    assert german.startswith(f"{path}: ") and "steht zweimal da" in german


def test_a_key_noted_twice_is_found_only_in_the_data_it_was_noted_for() -> None:
    anna = {"name": "Anna"}
    data = {"players": [anna], "games": {"3": 6}}
    assert list(given_twice({}, data)) == []
    assert list(given_twice({id(object()): "name"}, data)) == []
    [(where, why)] = given_twice({id(anna): "name"}, data)
    assert (where, why.render("en")) == ("players[1]", "'name' is given twice")
