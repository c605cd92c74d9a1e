"""The season file: read strictly (every field, the place and the reason named, the file left
untouched), written atomically with one evening, alias and history item on a line each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skatliste.errors import LedgerError
from skatliste.season import Rule, ScoreKind, SeasonRules
from skatliste.store import season as store


def saved(tmp_path: Path) -> Path:
    s = store.Season(
        tmp_path / "vm",
        "VM 2027",
        "2027-01-01T10:00:00+00:00",
        SeasonRules(rule=Rule.AVERAGE, best=10, min_evenings=6),
        [
            store.Evening("2027-01-15", ("abende/15-1.json", "abende/15-2.json")),
            store.Evening("2027-01-08", ("pokal",)),
        ],
        {"Hans Jürgen": "Hans-Jürgen"},
        [{"action": "remove", "time": "t", "evening": {"date": "2027-01-01", "paths": ["x.json"]}}],
    )
    store.create(s)
    return s.folder


def test_a_season_file_reads_back_as_written(tmp_path: Path) -> None:
    folder = saved(tmp_path)
    s = store.load(folder)
    assert (s.name, s.rules.rule, s.rules.best, s.rules.min_evenings) == (
        "VM 2027",
        Rule.AVERAGE,
        10,
        6,
    )
    assert [e.date for e in s.evenings] == ["2027-01-08", "2027-01-15"]  # by day
    assert s.aliases == {"Hans Jürgen": "Hans-Jürgen"}
    assert s.history[0]["evening"]["paths"] == ["x.json"]
    text = (folder / "season.json").read_text(encoding="utf-8")
    assert '\n    {"date": "2027-01-15", "paths": ["abende/15-1.json", "abende/15-2.json"]}' in text
    assert '"Hans-Jürgen"' in text  # not escaped


def test_rules_left_out_have_their_defaults(tmp_path: Path) -> None:
    """A hand-written file may give only the rules it changes."""
    folder = saved(tmp_path)
    data = json.loads((folder / "season.json").read_text(encoding="utf-8"))
    data["rules"] = {"score": "points"}
    del data["aliases"], data["history"]
    (folder / "season.json").write_text(json.dumps(data), encoding="utf-8")
    s = store.load(folder)
    assert (s.rules.score, s.rules.rule, s.rules.best, s.aliases) == (
        ScoreKind.POINTS,
        Rule.SUM,
        None,
        {},
    )


def _broken(tmp_path: Path, change: Any) -> str:
    folder = saved(tmp_path)
    path = folder / "season.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    raw = json.dumps(data, ensure_ascii=False).encode()
    path.write_bytes(raw)
    with pytest.raises(LedgerError) as told:
        store.load(folder)
    assert path.read_bytes() == raw
    return str(told.value)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.update(version=2), "format version 2 is newer than this skatliste"),
        (lambda d: d.update(version=0), "version: must be 1 (found 0)"),
        (lambda d: d.update(format="skatliste"), 'not a season file (no "format"'),
        (lambda d: d.pop("name"), "name: is missing"),
        (lambda d: d.update(colour="red"), "colour: unknown field"),
        (lambda d: d["rules"].update(best=0), "rules.best: must be at least 1 (found 0)"),
        (lambda d: d["rules"].update(best=True), "rules.best: must be a whole number"),
        (lambda d: d["rules"].update(rule="median"), "rules.rule: must be one of sum, average"),
        (lambda d: d["rules"].update(drop=2), "rules: give at most one of"),
        (
            lambda d: d["evenings"][0].update(date="15.1.2027"),
            'evenings[1].date: must be a real day, written YYYY-MM-DD (found "15.1.2027")',
        ),
        (lambda d: d["evenings"][0].update(date="2027-02-30"), "evenings[1].date: must be a real"),
        (
            lambda d: d["evenings"][1].update(date="2027-01-15"),
            "evenings[2].date: a second evening",
        ),
        (
            lambda d: d["evenings"][0].update(paths=[]),
            "evenings[1].paths: must have at least 1 name",
        ),
        (lambda d: d["evenings"].append(3), "evenings[3]: must be an object"),
        (lambda d: d["aliases"][0].pop("other"), "aliases[1].other: is missing"),
        (lambda d: d["history"][0].update(action="undo"), "history[1].action: must be one of"),
    ],
)
def test_a_broken_season_file_is_refused_with_the_place(
    tmp_path: Path, change: Any, says: str
) -> None:
    told = _broken(tmp_path, change)
    assert says in told
    assert "the file was left untouched" in told


@pytest.mark.parametrize(
    ("where", "key"), [("", "name"), ("rules", "best"), ("evenings[2]", "date")]
)
def test_a_key_given_twice_in_the_season_file_is_refused_with_its_place(
    tmp_path: Path, where: str, key: str
) -> None:
    """The last value would silently win: refused, naming the object, the file untouched."""
    folder = saved(tmp_path)
    path = folder / "season.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    target = data[where] if where == "rules" else data["evenings"][1] if where else data
    target["given-twice"] = target[key]
    raw = json.dumps(data, ensure_ascii=False).replace('"given-twice"', f'"{key}"').encode()
    path.write_bytes(raw)
    with pytest.raises(LedgerError) as told:
        store.load(folder)
    place = f"{where}: " if where else ""
    assert f"{path}: {place}{key!r} is given twice; the file was left untouched" == str(told.value)
    assert path.read_bytes() == raw


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    folder = saved(tmp_path)
    (folder / "season.json").write_bytes(b'{"format": ')
    with pytest.raises(LedgerError, match="line 1 column 12: not valid JSON"):
        store.load(folder)
    (folder / "season.json").write_bytes(b"\xff\xfe")
    with pytest.raises(LedgerError, match="not UTF-8"):
        store.load(folder)
    (folder / "season.json").write_bytes(
        b"\xef\xbb\xbf" + json.dumps(store.to_json(store.Season(folder, "x", "t"))).encode()
    )
    assert store.load(folder).name == "x"  # an editor's byte order mark is read past


def test_a_folder_without_a_season_says_so(tmp_path: Path) -> None:
    with pytest.raises(store.NoSeason, match="no season here"):
        store.load(tmp_path)
    (tmp_path / "season.json").mkdir()
    with pytest.raises(LedgerError, match="cannot read"):
        store.load(tmp_path)


def test_a_refused_change_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    folder = saved(tmp_path)
    before = (folder / "season.json").read_bytes()
    with pytest.raises(RuntimeError), store.updating(folder) as s:
        s.name = "changed"
        raise RuntimeError
    assert (folder / "season.json").read_bytes() == before
    with store.updating(folder) as s:
        s.name = "changed"
    assert store.load(folder).name == "changed"
    with pytest.raises(store.NoSeason), store.updating(tmp_path / "none"):
        pass
    assert not (tmp_path / "none").exists()


def test_a_season_folder_that_cannot_be_made_is_named(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(LedgerError, match="cannot create the folder"):
        store.create(store.Season(tmp_path / "file" / "vm", "VM", "t"))
