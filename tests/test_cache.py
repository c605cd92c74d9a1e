"""A long list keeps its derivation beside it (issue 15), and a hand edit is never missed: the
cache is keyed to the list's exact bytes, and any difference means a full derivation."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatliste.app import lists as app
from skatliste.errors import LedgerError, SkatlisteError
from skatliste.skat.entries import PassedEntry
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.sheet import Derived, derive, rows
from skatliste.skat.summary import summary_of
from skatliste.store import ledger as store

from .conftest import EXAMPLES

GAMES = 40


def _season(path: Path, games: int = GAMES, *, preset: str = "pub") -> None:
    """A list of ``games`` games from the pub evening's, repeated (Bock and Ramsch rounds)."""
    source = store.load(EXAMPLES / "pub-evening.json")
    ledger = store.new_ledger(
        path, list(source.table.players), first_dealer=None, rules=build_rule_set(preset)
    )
    ledger.entries.extend(source.entries[i % len(source.entries)] for i in range(games))
    store.save(ledger)


def _fresh(path: Path) -> Derived:
    """The derivation of the list as it is, from its facts alone."""
    ledger = store.load(path)
    return derive(ledger.table, ledger.entries)


@pytest.fixture
def small_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lists keep their derivation from a few games on (the tests' lists are short)."""
    monkeypatch.setattr(store, "CACHE_FROM", 5)


@pytest.fixture
def season(tmp_path: Path, small_cache: None) -> Path:
    path = tmp_path / "season.json"
    _season(path)
    return path


def test_a_long_list_keeps_its_derivation_beside_it(season: Path) -> None:
    assert store.cache_path(season).exists()
    assert store.standing(season).derived == _fresh(season)


def test_an_evening_list_stays_one_file(tmp_path: Path) -> None:
    """Below CACHE_FROM games nothing is kept beside the list but its lock."""
    path = tmp_path / "evening.json"
    _season(path, 36)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.json"]


def test_add_on_a_cached_list_reads_no_game(season: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a matching cache, add neither loads the list nor derives the games before."""

    def no_full_read(path: object) -> None:
        raise AssertionError("the whole list was read")

    monkeypatch.setattr(store, "load", no_full_read)
    before = season.read_text(encoding="utf-8")
    change = app.add_game(season, "anna", "grand mit 1 hand augen 70".split())
    assert change.number == GAMES + 1
    monkeypatch.undo()
    after = season.read_text(encoding="utf-8")
    assert after.count("\n") == before.count("\n") + 1
    last_game = before.rindex("\n  ],\n")
    assert after.startswith(before[:last_game] + ",\n"), "the games before are kept byte for byte"
    assert store.standing(season).derived == _fresh(season)
    assert change.last is not None and change.last.totals == _fresh(season).totals


def test_a_written_list_is_the_list_written_in_full(season: Path, tmp_path: Path) -> None:
    """The bytes put together by an add are the bytes a full write gives."""
    for _ in range(3):
        app.add_game(season, "anna", "grand mit 1 hand augen 70".split())
    ledger = store.load(season)
    assert season.read_text(encoding="utf-8") == store.dumps(ledger)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: "not json",
        lambda text: "{}",
        lambda text: re.sub(r'"size": \d+', '"size": 1', text),
        lambda text: re.sub(r'"games_end": \d+', '"games_end": 3', text),
        lambda text: re.sub(r'"code": "\w+"', '"code": "older"', text),
    ],
)
def test_a_spoilt_cache_is_derived_again(season: Path, spoil: object) -> None:
    cache = store.cache_path(season)
    text = cache.read_text(encoding="utf-8")
    cache.write_text(spoil(text), encoding="utf-8")  # type: ignore[operator]
    expected = _fresh(season)
    assert store.standing(season).derived == expected
    app.add_game(season, "ben", "grand mit 1 hand augen 80".split())
    assert store.standing(season).derived == _fresh(season)


# --- a hand-edited list is always noticed -------------------------------------------------


def _edit(text: str, rng: random.Random, kind: str) -> str:
    lines = text.split("\n")
    games = [i for i, line in enumerate(lines) if line.startswith('    {"kind"')]
    i, j = rng.sample(games, 2)
    if kind == "value":
        line = lines[i]
        numbers = list(re.finditer(r'"(augen|spitzen)":(\d+)', line))
        if not numbers:
            return _edit(text, rng, "swap")
        m = rng.choice(numbers)
        new = rng.randrange(0, 121) if m.group(1) == "augen" else rng.randrange(1, 5)
        lines[i] = line[: m.start(2)] + str(new) + line[m.end(2) :]
    elif kind == "delete":
        del lines[i]
    else:
        lines[i], lines[j] = lines[j], lines[i]
    # keep the commas right: every game line but the last ends with one
    games = [k for k, line in enumerate(lines) if line.startswith('    {"kind"')]
    for k in games:
        lines[k] = lines[k].rstrip(",") + ("," if k != games[-1] else "")
    return "\n".join(lines)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.sampled_from(["value", "delete", "swap"]), min_size=1, max_size=3),
    preset=st.sampled_from(["pub", "isko", "tournament"]),
)
def test_a_hand_edited_list_gives_the_answer_of_a_fresh_derivation(
    tmp_path_factory: pytest.TempPathFactory,
    small_cache: None,
    seed: int,
    kinds: list[str],
    preset: str,
) -> None:
    """A changed value, a deleted line, reordered games: the next summary and the next add
    give what a full derivation of the edited list gives, never the cached numbers."""
    path = tmp_path_factory.mktemp("edit") / "season.json"
    _season(path, preset=preset)
    rng = random.Random(seed)
    text = path.read_text(encoding="utf-8")
    for kind in kinds:
        text = _edit(text, rng, kind)
    path.write_text(text, encoding="utf-8")
    try:
        expected = _fresh(path)
    except LedgerError:
        with pytest.raises(LedgerError):
            store.standing(path)
        return
    table = store.load(path).table
    assert summary_of(table, store.standing(path).derived) == summary_of(table, expected)
    entries = store.load(path).entries
    try:
        change = app.pass_game(path)
    except SkatlisteError as exc:  # the rules refuse a pass here: so must a fresh list
        assert next(rows(table, [PassedEntry()], after=expected)).problems, exc
        return
    fresh_row = next(rows(table, [PassedEntry()], after=expected))
    assert change.row is not None
    assert change.row.totals == fresh_row.totals and change.row.number == len(entries) + 1
    assert change.row.pending == fresh_row.pending
    assert store.standing(path).derived == _fresh(path)


def test_carrying_on_from_a_derived_state_is_deriving_in_one_go() -> None:
    """rows(after=derive(first k games)) are the rows k+1.. of the whole list."""
    ledger = store.load(EXAMPLES / "pub-evening.json")
    table, entries = ledger.table, ledger.entries
    whole = list(rows(table, entries))
    for k in range(len(entries) + 1):
        state = derive(table, entries[:k])
        assert list(rows(table, entries[k:], after=state)) == whole[k:]
        assert derive(table, entries[k:], after=state) == derive(table, entries)


SHIPPED_LISTS = sorted(
    p for p in EXAMPLES.glob("*.json") if '"format": "skatliste"' in p.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("example", SHIPPED_LISTS, ids=lambda p: p.name)
def test_a_shipped_list_opens_unchanged(tmp_path: Path, example: Path) -> None:
    """The lists of format version 1 as shipped: read by every reading command, unchanged,
    nothing written beside them."""
    from click.testing import CliRunner

    from skatliste.cli import cli

    path = tmp_path / example.name
    path.write_bytes(example.read_bytes())
    for command in (["sheet"], ["summary"], ["check"], ["history"], ["rules"]):
        r = CliRunner().invoke(cli, [*command, "--ledger", str(path)])
        assert r.exit_code in (0, 1), (command, r.output)
    assert path.read_bytes() == example.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == [example.name]


# --- the cache checks itself ----------------------------------------------------------------


def test_a_hand_edited_number_in_the_cache_is_not_believed(season: Path) -> None:
    """`"Anna": 1602` edited to `9602` in the cache: summary and the next add give the
    list's own numbers (and the cache is written again, right)."""
    cache = store.cache_path(season)
    text = cache.read_text(encoding="utf-8")
    totals = re.search(r'"Anna": (-?\d+)', text)
    assert totals is not None
    cache.write_text(text.replace(totals.group(0), '"Anna": 9602'), encoding="utf-8")
    assert store.standing(season).derived == _fresh(season)
    app.add_game(season, "ben", "grand mit 1 hand augen 80".split())
    assert store.standing(season).derived == _fresh(season)
    assert store._read_cache(season, season.read_bytes()) is not None


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_edited_cache_is_never_believed(
    tmp_path_factory: pytest.TempPathFactory, small_cache: None, data: st.DataObject
) -> None:
    """Any change of the cache file's bytes (a digit, a character, a cut) is noticed: the
    cache is used only as it was written, else the list is derived again."""
    path = tmp_path_factory.mktemp("cache") / "season.json"
    _season(path)
    cache = store.cache_path(path)
    stored = cache.read_bytes()
    at = data.draw(st.integers(0, len(stored) - 1), label="at")
    how = data.draw(st.sampled_from(["replace", "delete", "insert"]), label="how")
    byte = data.draw(st.integers(0, 255).filter(lambda b: b != stored[at]), label="byte")
    if how == "replace":
        edited = stored[:at] + bytes([byte]) + stored[at + 1 :]
    elif how == "delete":
        edited = stored[:at] + stored[at + 1 :]
    else:
        edited = stored[:at] + bytes([byte]) + stored[at:]
    cache.write_bytes(edited)
    assert store._read_cache(path, path.read_bytes()) is None
    assert store.standing(path).derived == _fresh(path)


# --- the printed sheet of a long list -------------------------------------------------------


def _sheet_fresh(path: Path, fmt: str, lang: str) -> str:
    from skatliste.app.reports import export
    from skatliste.render.text import render_sheet

    ledger = store.load(path)
    if fmt in ("csv", "json"):  # the sheet's CSV and JSON are export's
        return export(ledger, "csv" if fmt == "csv" else "json", lang=lang).rstrip("\n")  # type: ignore[arg-type]
    sheet = list(rows(ledger.table, ledger.entries))
    return render_sheet(ledger.table, sheet, fmt=fmt, lang=lang)  # type: ignore[arg-type]


@pytest.mark.parametrize("fmt", ["plain", "grid", "md", "csv", "json"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_kept_sheet_is_the_sheet_printed_afresh(season: Path, fmt: str, lang: str) -> None:
    """The second `sheet` prints the kept copy: the very text a fresh derivation prints, in
    each format and language; after an add, the sheet has the new game."""
    first = bytes(app.sheet_text(season, fmt=fmt, lang=lang)).decode("utf-8")  # type: ignore[arg-type]
    assert store.sheet_cache_path(season).exists()
    kept = bytes(app.sheet_text(season, fmt=fmt, lang=lang)).decode("utf-8")  # type: ignore[arg-type]
    assert first == kept == _sheet_fresh(season, fmt, lang)
    app.add_game(season, "ben", "grand mit 1 hand augen 80".split())
    after = bytes(app.sheet_text(season, fmt=fmt, lang=lang)).decode("utf-8")  # type: ignore[arg-type]
    assert after == _sheet_fresh(season, fmt, lang) != first


def test_a_kept_sheet_is_never_printed_for_a_hand_edited_list(season: Path) -> None:
    app.sheet_text(season)
    text = season.read_text(encoding="utf-8")
    edited = re.sub(r'"augen":(\d+)', '"augen":119', text, count=1)
    assert edited != text
    season.write_text(edited, encoding="utf-8")
    assert bytes(app.sheet_text(season)).decode("utf-8") == _sheet_fresh(season, "plain", "de")


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_edited_kept_sheet_is_never_believed(
    tmp_path_factory: pytest.TempPathFactory, small_cache: None, data: st.DataObject
) -> None:
    """Any change of the kept sheet's bytes is noticed: the sheet is made afresh."""
    path = tmp_path_factory.mktemp("sheet") / "season.json"
    _season(path)
    app.sheet_text(path)
    kept = store.sheet_cache_path(path)
    stored = kept.read_bytes()
    at = data.draw(st.integers(0, len(stored) - 1), label="at")
    byte = data.draw(st.integers(0, 255).filter(lambda b: b != stored[at]), label="byte")
    kept.write_bytes(stored[:at] + bytes([byte]) + stored[at + 1 :])
    assert bytes(app.sheet_text(path)).decode("utf-8") == _sheet_fresh(path, "plain", "de")
    assert kept.read_bytes() == stored  # made again, and kept right
