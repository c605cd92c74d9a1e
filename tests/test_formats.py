"""Every folder file is one format read by one reader: every problem named with the file, its
place and the reason, not just the first; a date checked in one place; ``skatliste schema``
prints each format's JSON Schema from the definition its reader checks."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from skatliste.errors import LedgerError
from skatliste.fields import Date, Items, Nested, Record, Type
from skatliste.store import keys, league, requests, season, tournament
from skatliste.store.formats import Format, Refused, read_lines
from tests.conftest import Run
from tests.test_v040_files import V040

Change = Callable[[dict[str, Any]], None]
FILES: dict[str, tuple[Format, Path, Callable[[Path, bytes], object]]] = {
    "tournament": (tournament.FORMAT, V040 / "tournament" / "tournament.json", tournament.parse),
    "season": (season.FORMAT, V040 / "season" / "season.json", season.parse),
    "league": (league.FORMAT, V040 / "league" / "league.json", league.parse),
}


def _refused(name: str, change: Change, tmp_path: Path) -> list[tuple[str, str]]:
    """The problems the reader names in the 0.4.0 file of ``name`` after ``change``: each
    place and reason (English), the file named in each; the file is not written."""
    _, source, parse = FILES[name]
    data = json.loads(source.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / source.name
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
    path.write_bytes(raw)
    with pytest.raises(Refused) as refused:
        parse(path, raw)
    assert path.read_bytes() == raw
    assert all(p.file == path for p in refused.value.problems)
    text = refused.value.message.render("en")
    assert text.endswith("; the file was left untouched")
    assert text.count(f"{path}: ") == len(refused.value.problems)
    return [(p.place, p.reason.render("en")) for p in refused.value.problems]


def _three_wrong_in_tournament(d: dict[str, Any]) -> None:
    d["seed"] = "2026"
    d["players"][2]["number"] = 0
    d["draws"][0]["time"] = 7


def _three_wrong_in_season(d: dict[str, Any]) -> None:
    d["name"] = ""
    d["rules"]["best"] = 0
    d["aliases"][0]["other"] = 3


def _three_wrong_in_league(d: dict[str, Any]) -> None:
    d["series"] = 9
    d["teams"][1]["players"] = "Fritz Gerd Hans"
    d["days"][0]["venue"] = ""


THREE = [
    (
        "tournament",
        _three_wrong_in_tournament,
        [
            ("seed", 'must be a whole number (found "2026")'),
            ("players[3].number", "must be from 1 to 999999999999999999 (found 0)"),
            ("draws[1].time", "must be text (found 7)"),
        ],
    ),
    (
        "season",
        _three_wrong_in_season,
        [
            ("name", "must not be empty"),
            ("rules.best", "must be at least 1 (found 0)"),
            ("aliases[1].other", "must be text (found 3)"),
        ],
    ),
    (
        "league",
        _three_wrong_in_league,
        [
            ("series", "must be from 2 to 4 (found 9)"),
            ("teams[2].players", 'must be a list of names (found "Fritz Gerd Hans")'),
            ("days[1].venue", "must not be empty"),
        ],
    ),
]


@pytest.mark.parametrize(("name", "change", "named"), THREE, ids=[c[0] for c in THREE])
def test_a_file_with_three_wrong_fields_names_all_three_with_their_places(
    tmp_path: Path, name: str, change: Change, named: list[tuple[str, str]]
) -> None:
    """Not just the first: each wrong field by its place and reason, in the file's order."""
    assert _refused(name, change, tmp_path) == named


def test_the_tournament_s_own_rules_are_named_all_at_once(tmp_path: Path) -> None:
    """Past the fields, the tournament's rules: a name twice, a table of someone not
    registered, a paper result of a table never drawn, each with its place."""

    def change(d: dict[str, Any]) -> None:
        d["players"][1]["name"] = "ANNA"
        d["draws"][0]["tables"][2][0] = "Zoe"
        d["paper"][0]["table"] = 9

    assert _refused("tournament", change, tmp_path) == [
        ("players[2].name", 'a second player of this name (found "ANNA")'),
        ("draws[1].tables[3]", 'not a registered player (found "Zoe")'),
        ("paper[1]", 'no such table in the drawn series (found "1/9")'),
    ]


def _date_fields(record: Record, defs: dict[str, Any], seen: set[str]) -> Iterator[Type]:
    """The type of every field named ``date`` in ``record`` and the records it holds."""
    seen.add(record.name)
    for f in record.fields:
        if f.name == "date":
            yield f.type
        inner: list[Record] = []
        if isinstance(f.type, Nested):
            inner = [f.type.record]
        elif isinstance(f.type, Items):
            found = defs[f.type.ref]
            inner = [found] if isinstance(found, Record) else list(found)
        for r in inner:
            if r.name not in seen:
                yield from _date_fields(r, defs, seen)


@pytest.mark.parametrize("name", FILES)
def test_a_date_is_checked_in_one_place(tmp_path: Path, name: str) -> None:
    """Every date of every folder file is a ``fields.Date`` (whose check is ``valid_date``,
    the one check of a date), and a day not in the calendar is refused in the same words."""
    fmt, _, _ = FILES[name]
    dates = list(_date_fields(fmt.root, dict(fmt.defs), set()))
    assert dates and all(isinstance(t, Date) for t in dates)

    def change(d: dict[str, Any]) -> None:
        if name == "tournament":
            d["date"] = "2027-02-30"
        else:
            d["evenings" if name == "season" else "days"][0]["date"] = "2027-02-30"

    [(_, why)] = _refused(name, change, tmp_path)
    assert why == 'must be a real day, written YYYY-MM-DD (found "2027-02-30")'


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["tournament", "new", "t", "--name", "T", "--date", "2027-02-30"], "YYYY-MM-DD"),
        (["season", "add", "x.json", "--date", "2027-02-30", "--season", "s"], "YYYY-MM-DD"),
    ],
)
def test_a_day_typed_that_is_not_in_the_calendar_is_refused(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], why: str
) -> None:
    """The commands ask the same check as the files (``fields.valid_date``)."""
    monkeypatch.chdir(tmp_path)
    assert run("season", "new", "s", "--name", "S").exit_code == 0
    got = run(*args, "--lang", "en")
    assert got.exit_code != 0 and why in got.stderr


@pytest.mark.english
@pytest.mark.parametrize("name", ["list", "tournament", "season", "league", "venue-report"])
def test_schema_prints_each_format(run: Run, name: str) -> None:
    """``skatliste schema FORMAT``: an object schema whose every reference is defined."""
    got = run("schema", name)
    assert got.exit_code == 0, got.stderr
    schema = json.loads(got.stdout)
    assert schema["type"] == "object" and "format" in schema["properties"]
    refs = {r.split("/")[-1] for r in _refs(schema)}
    assert refs <= set(schema.get("$defs", {}))


def test_schema_of_a_folder_file_names_every_field_of_a_040_file(run: Run) -> None:
    """The top-level fields of each 0.4.0 file are the properties of its schema."""
    for name, (_, path, _) in FILES.items():
        schema = json.loads(run("schema", name).stdout)
        data = json.loads(path.read_text(encoding="utf-8"))
        assert set(data) <= set(schema["properties"]), name


@pytest.mark.english
def test_schema_of_an_unknown_format_names_the_known_ones(run: Run) -> None:
    got = run("schema", "ranking")
    assert got.exit_code == 2
    known = "list, tournament, season, league, venue-report"
    assert f"'ranking': no such file format (known: {known})" in got.stderr


def _refs(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "$ref":
                yield inner
            else:
                yield from _refs(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _refs(inner)


def test_a_refusal_is_a_ledger_error_with_its_problems(tmp_path: Path) -> None:
    """What an edge catches (``LedgerError``), with every problem as a value."""
    path = tmp_path / "season.json"
    path.write_text('{"format": "skatliste-season", "version": 1}', encoding="utf-8")
    with pytest.raises(LedgerError) as refused:
        season.load(tmp_path)
    assert isinstance(refused.value, Refused)
    assert [p.place for p in refused.value.problems] == ["name", "created", "rules"]


def test_a_request_log_names_every_broken_line(tmp_path: Path) -> None:
    """The answers kept for repeated requests (JSON lines): each broken line by its number and
    field; a last line cut short by a kill (no newline after it) is left out."""
    path = tmp_path / "list.json.requests"
    good = {"key": "k", "scope": "s", "time": "t", "before": "b", "status": None, "body": ""}
    lines = [
        {"format": "skatliste-requests", "version": 1},
        good,
        {**good, "status": "201"},
        {k: v for k, v in good.items() if k != "key"},
        [good],
    ]
    raw = b"".join(json.dumps(x).encode() + b"\n" for x in lines) + b'{"key": "cut'
    raw = raw.replace(b"\n", b"\n{nope\n", 1)  # a second line that is not JSON
    with pytest.raises(Refused) as refused:
        read_lines(requests.FORMAT, path, raw)
    assert [(p.place, p.reason.render("en")) for p in refused.value.problems] == [
        ("line 2", "not valid JSON"),
        ("line 4: status", 'must be a whole number (found "201")'),
        ("line 5: key", "is missing"),
        ("line 6", 'must be an object (found [{"key": "k", "scope": "s", "time": "...)'),
    ]
    sound = b"".join(json.dumps(x).encode() + b"\n" for x in lines[:2]) + b'{"key": "cut'
    assert read_lines(requests.FORMAT, path, sound) == [good]


def test_keys_too_short_are_each_named(tmp_path: Path) -> None:
    """A hand-made keys.json with keys too easy to guess: each named by its place."""
    path = tmp_path / keys.FILE_NAME
    kept = {"format": "skatliste-keys", "version": 2, "organiser": "o" * 32}
    path.write_text(json.dumps({**kept, "tables": {"1/1": "short", "1/2": "t" * 32}}))
    with pytest.raises(Refused) as refused:
        keys.read_tournament_keys(path)
    assert [p.place for p in refused.value.problems] == ["tables.1/1"]
    assert "fewer than 16 characters" in refused.value.problems[0].reason.render("en")


def test_a_key_given_to_two_places_is_named_at_each_later_place(tmp_path: Path) -> None:
    """A hand-edited keys.json that gives a table the organiser's key (it would write every
    list) or another table's key is refused, each later holder named, and left as it is."""
    path = tmp_path / keys.FILE_NAME
    organiser, table = "o" * 32, "t" * 32
    tables = {"2/1": table, "2/2": table, "2/3": organiser}
    raw = json.dumps(
        {"format": "skatliste-keys", "version": 2, "organiser": organiser, "tables": tables}
    )
    path.write_text(raw)
    with pytest.raises(Refused) as refused:
        keys.read_tournament_keys(path)
    said = {p.place: p.reason.render("en") for p in refused.value.problems}
    assert list(said) == ["tables.2/2", "tables.2/3"]
    assert said["tables.2/2"].startswith("the same key as tables.2/1:")
    assert said["tables.2/3"].startswith("the same key as organiser:")
    assert path.read_text() == raw


def test_keys_of_version_1_without_a_tournament_belong_to_series_1(tmp_path: Path) -> None:
    """The migration asks the folder for the last drawn series: none there, series 1."""
    path = tmp_path / keys.FILE_NAME
    path.write_text(json.dumps({"organiser": "o" * 32, "tables": {"2": "t" * 32}}))
    assert keys.read_tournament_keys(path) == ("o" * 32, {(1, 2): "t" * 32}, True)
    path.write_text(json.dumps({"organiser": "o" * 32, "tables": ["t" * 32]}))
    with pytest.raises(Refused, match=r"tables: must be an object \(found \["):
        keys.read_tournament_keys(path)


def test_a_file_of_many_problems_names_ten_and_counts_the_rest(tmp_path: Path) -> None:
    """Every problem is kept as a value; the message names the first ten and counts the rest."""

    def change(d: dict[str, Any]) -> None:
        for p in d["players"]:
            p["number"] = 0

    path = tmp_path / "tournament.json"
    data = json.loads(FILES["tournament"][1].read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(Refused) as refused:
        tournament.load(tmp_path)
    assert len(refused.value.problems) == 9
    data["players"] += [{"name": f"P{n}", "number": 0} for n in range(3)]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(Refused) as refused:
        tournament.load(tmp_path)
    text = refused.value.message.render("en")
    assert len(refused.value.problems) == 12 and text.count("must be from 1") == 10
    assert text.endswith(f"{path}: ... and 2 more problems; the file was left untouched")


def test_a_format_without_definitions_has_a_schema_all_the_same() -> None:
    assert keys.FORMAT.schema()["$defs"] == {}
    assert keys.FORMAT.schema()["properties"]["tables"]["propertyNames"] == {
        "pattern": "^\\d+/\\d+$"
    }
