"""A long list's state file (docs/file-format.md, "The state file"): the derived state after
the last entry, kept beside the list and keyed to its exact bytes. It is never required: with
it, every answer is the answer without it; a missing, stale, corrupt or foreign one is ignored
and written again; a refused add writes neither the list nor it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatliste.app import lists as app
from skatliste.app import reports
from skatliste.errors import LedgerError, SkatlisteError
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.sheet import Derived, derive
from skatliste.store import lists as store
from skatliste.store import state as kept
from skatliste.store.files import refuse_list_target, skatliste_file

from .conftest import EXAMPLES

GRAND = "grand mit 1 hand augen 70".split()


def _season(path: Path, games: int, *, preset: str = "pub") -> None:
    """A list of ``games`` games from the pub evening's, repeated (Bock and Ramsch rounds)."""
    source = store.load(EXAMPLES / "pub-evening.json")
    ledger = store.new_list(
        path, list(source.table.players), first_dealer=None, rules=build_rule_set(preset)
    )
    ledger.entries.extend(source.entries[i % len(source.entries)] for i in range(games))
    store.save(ledger)


def _summary(path: Path) -> str:
    """The summary from a full read of the list, never from its state."""
    return reports.summary(app.open_list(path), lang="en", as_json=True)


def _summed(path: Path) -> str:
    """The summary as the ``summary`` command makes it (from the state when it matches)."""
    return reports.summary(app.open_summed(path), lang="en", as_json=True)


@pytest.fixture
def long_list(tmp_path: Path) -> Path:
    path = tmp_path / "season.json"
    _season(path, kept.MIN_ENTRIES)
    return path


def _state(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(kept.state_path(path).read_text(encoding="utf-8"))
    return data


def test_an_add_on_a_long_list_keeps_its_state_and_carries_on_from_it(
    long_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = app.add_game(long_list, "anna", GRAND, light=True)  # read whole: no state yet
    assert kept.state_path(long_list).exists()

    def unread(path: object) -> None:
        raise AssertionError("the list was read whole")

    with monkeypatch.context() as patched:
        patched.setattr(store, "load", unread)
        second = app.add_game(long_list, "ben", GRAND, light=True)  # from the state
        summed = _summed(long_list)
    assert second.number == first.number + 1 == kept.MIN_ENTRIES + 2
    ledger = store.load(long_list)
    assert long_list.read_text(encoding="utf-8") == store.dumps(ledger)
    fresh = derive(ledger.table, ledger.entries)
    assert second.last is not None and second.last.totals == fresh.totals
    assert _state(long_list)["state"] == fresh.to_json()
    assert summed == _summary(long_list)


def test_no_state_file_is_kept_beside_a_short_list(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    _season(path, kept.MIN_ENTRIES - 2)
    app.add_game(path, "anna", GRAND, light=True)
    _summed(path)
    assert not kept.state_path(path).exists()
    app.add_game(path, "anna", GRAND, light=True)  # the list now has MIN_ENTRIES games
    assert kept.state_path(path).exists()


def test_a_missing_state_file_is_written_again(long_list: Path) -> None:
    app.add_game(long_list, "anna", GRAND, light=True)
    kept.state_path(long_list).unlink()
    change = app.add_game(long_list, "ben", GRAND, light=True)
    ledger = store.load(long_list)
    assert change.last is not None
    assert change.last.totals == derive(ledger.table, ledger.entries).totals
    assert _state(long_list)["state"] == derive(ledger.table, ledger.entries).to_json()


def test_a_stale_state_file_is_ignored_after_a_hand_edit(long_list: Path) -> None:
    app.add_game(long_list, "anna", GRAND, light=True)
    text = long_list.read_text(encoding="utf-8")
    lines = text.split("\n")
    games = [i for i, line in enumerate(lines) if line.startswith('    {"kind"')]
    del lines[games[0]]  # the first game struck out by hand
    long_list.write_text("\n".join(lines), encoding="utf-8")
    assert _summed(long_list) == _summary(long_list)
    change = app.add_game(long_list, "ben", GRAND, light=True)
    ledger = store.load(long_list)
    assert change.number == len(ledger.entries) == kept.MIN_ENTRIES + 1
    assert change.last is not None
    assert change.last.totals == derive(ledger.table, ledger.entries).totals


@pytest.mark.parametrize(
    "corrupt",
    [
        "",
        "{not json",
        "[]",
        '{"format": "skatliste-state"}',
        "garbage-state",
        "other-version",
        "other-players",
    ],
)
def test_a_corrupt_state_file_is_ignored_and_written_again(long_list: Path, corrupt: str) -> None:
    app.add_game(long_list, "anna", GRAND, light=True)
    side = kept.state_path(long_list)
    data = _state(long_list)
    if corrupt == "garbage-state":
        data["state"] = {"count": "many"}
        text = json.dumps(data)
    elif corrupt == "other-version":
        data["version"] = "0.0.1"
        text = json.dumps(data)
    elif corrupt == "other-players":
        state = dict(data["state"])  # type: ignore[call-overload]
        state["totals"] = {"Xaver": 1, "Yves": 2, "Zora": 3}
        data["state"] = state
        text = json.dumps(data)
    else:
        text = corrupt
    side.write_text(text, encoding="utf-8")
    assert _summed(long_list) == _summary(long_list)
    app.add_game(long_list, "ben", GRAND, light=True)
    ledger = store.load(long_list)
    assert _state(long_list)["state"] == derive(ledger.table, ledger.entries).to_json()


def test_a_foreign_state_file_is_ignored(tmp_path: Path) -> None:
    """The state of another list (copied beside this one) does not match its bytes."""
    one, other = tmp_path / "one.json", tmp_path / "other.json"
    _season(one, kept.MIN_ENTRIES, preset="pub")
    _season(other, kept.MIN_ENTRIES + 7, preset="isko")
    app.add_game(one, "anna", GRAND, light=True)
    app.add_game(other, "anna", GRAND, light=True)
    kept.state_path(one).write_bytes(kept.state_path(other).read_bytes())
    assert _summed(one) == _summary(one)
    change = app.add_game(one, "ben", GRAND, light=True)
    assert change.number == kept.MIN_ENTRIES + 2


def test_a_state_file_through_a_symlinked_list_lies_beside_the_real_file(
    tmp_path: Path,
) -> None:
    real = tmp_path / "shared" / "season.json"
    real.parent.mkdir()
    _season(real, kept.MIN_ENTRIES)
    link = tmp_path / "season.json"
    link.symlink_to(real)
    app.add_game(link, "anna", GRAND, light=True)
    assert (real.parent / "season.json.state").exists()
    assert not (tmp_path / "season.json.state").exists()
    assert app.add_game(link, "ben", GRAND, light=True).number == kept.MIN_ENTRIES + 2


def test_a_refused_add_writes_neither_the_list_nor_its_state(long_list: Path) -> None:
    app.add_game(long_list, "anna", GRAND, light=True)
    before, state = long_list.read_bytes(), kept.state_path(long_list).read_bytes()
    refused = []
    for words in (["kreuz", "mit", "99"], "grand mit 1 gereizt 300".split(), ["ramsch"]):
        with pytest.raises(SkatlisteError) as exc:
            app.add_game(long_list, "anna", words, light=True)
        refused.append(exc.value.message.render("en"))
    assert long_list.read_bytes() == before
    assert kept.state_path(long_list).read_bytes() == state
    assert f"game {kept.MIN_ENTRIES + 2}: bid 300 is not a Reizwert" in refused[1]
    kept.state_path(long_list).unlink()  # the same refusals from a full read
    for words, said in zip(
        (["kreuz", "mit", "99"], "grand mit 1 gereizt 300".split(), ["ramsch"]),
        refused,
        strict=True,
    ):
        with pytest.raises(SkatlisteError) as exc:
            app.add_game(long_list, "anna", words, light=True)
        assert exc.value.message.render("en") == said


def test_check_does_not_read_the_state_file(long_list: Path) -> None:
    """A state that lies (forged with the list's own hash) changes nothing ``check`` says."""
    app.add_game(long_list, "anna", GRAND, light=True)
    ledger = app.open_list(long_list)
    problems = app.family_of(ledger).problems(ledger.table, ledger.entries)
    data = _state(long_list)
    state = dict(data["state"])  # type: ignore[call-overload]
    state["totals"] = {name: 0 for name in ledger.table.players}
    data["state"] = state
    kept.state_path(long_list).write_text(json.dumps(data), encoding="utf-8")
    again = app.open_list(long_list)
    assert again.family.problems(again.table, again.entries) == problems
    assert derive(again.table, again.entries).totals != state["totals"]


def test_no_export_is_written_onto_a_state_file(long_list: Path) -> None:
    app.add_game(long_list, "anna", GRAND, light=True)
    side = kept.state_path(long_list)
    assert skatliste_file(side) == "state file"
    with pytest.raises(LedgerError, match="state file"):
        refuse_list_target(side)
    assert json.loads(side.read_text(encoding="utf-8"))["format"] == "skatliste-state"


def _hand_edit(path: Path, rng: random.Random) -> None:
    """Swap two games' lines, or strike one out (the commas kept right)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    games = [i for i, line in enumerate(lines) if line.startswith('    {"kind"')]
    if len(games) < 2:
        return
    i, j = rng.sample(games, 2)
    if rng.random() < 0.5:
        lines[i], lines[j] = lines[j], lines[i]
    else:
        del lines[i]
    games = [k for k, line in enumerate(lines) if line.startswith('    {"kind"')]
    for k in games:
        lines[k] = lines[k].rstrip(",") + ("," if k != games[-1] else "")
    path.write_text("\n".join(lines), encoding="utf-8")


WORDS = [
    GRAND,
    "kreuz mit 2 augen 65".split(),
    "null ouvert".split(),
    "pik ohne 1 augen 40".split(),
    "herz mit 1 schneider schwarz angesagt".split(),
    "kreuz mit 99".split(),
    "grand mit 1 gereizt 300".split(),
    "grand mit 1 bock".split(),
]


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 2**32),
    steps=st.lists(
        st.sampled_from(["add", "add", "add", "edit", "unlink", "corrupt", "summary"]),
        min_size=1,
        max_size=8,
    ),
    games=st.integers(3, 30),
    preset=st.sampled_from(["pub", "isko", "tournament"]),
)
def test_the_answer_with_the_state_file_is_the_answer_without_it(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    steps: list[str],
    games: int,
    preset: str,
) -> None:
    """Random lists, random adds and hand edits between commands: every add and summary gives
    what a full derivation of the list gives, and a refused add changes no file."""
    monkeypatch.setattr(kept, "MIN_ENTRIES", 2)
    folder = tmp_path_factory.mktemp("state")
    path = folder / "season.json"
    _season(path, games, preset=preset)
    rng = random.Random(seed)
    side = kept.state_path(path)
    for step in steps:
        if step == "edit":
            _hand_edit(path, rng)
        elif step == "unlink":
            side.unlink(missing_ok=True)
        elif step == "corrupt" and side.exists():
            raw = side.read_bytes()  # cut short; an empty state (cut before) stays empty
            side.write_bytes(raw[: rng.randrange(len(raw))] if raw else b"")
        elif step == "summary":
            assert _summed(path) == _summary(path)
        else:
            player = rng.choice(["anna", "ben", "carl"])
            before = (path.read_bytes(), side.read_bytes() if side.exists() else None)
            try:
                change = app.add_game(path, player, rng.choice(WORDS), light=True)
            except SkatlisteError:
                assert (path.read_bytes(), side.read_bytes() if side.exists() else None) == before
                continue
            ledger = store.load(path)
            fresh = derive(ledger.table, ledger.entries)
            assert change.number == len(ledger.entries)
            assert change.last is not None and change.last.totals == fresh.totals
            assert _state(path)["state"] == fresh.to_json()
    assert _summed(path) == _summary(path)
    ledger = store.load(path)
    sheet = reports.sheet(ledger, "plain", lang="en")
    assert sheet == reports.sheet(app.open_list(path), "plain", lang="en")


@pytest.mark.parametrize(
    "change",
    [
        {"won": {"Anna": "1", "Ben": 0, "Carl": 0}},
        {"passed": 1.5},
        {"rounds": []},
        {"bierlachs": "Anna"},
        {"bierlachs": ["Anna", 3]},
        {"rounds": {"queue": [["no such round", 3]]}},
        {"rounds": {"queue": 7}},
    ],
)
def test_a_state_read_back_that_is_no_sheet_state_is_refused(change: dict[str, object]) -> None:
    """``Derived.checked`` takes only a state of a sheet at the table: of the right shape."""
    ledger = store.load(EXAMPLES / "pub-evening.json")
    good = derive(ledger.table, ledger.entries).to_json()
    assert Derived.checked(ledger.table, good) == derive(ledger.table, ledger.entries)
    with_bierlachs = {**good, "bierlachs": ["Anna", 3, -150]}
    assert Derived.checked(ledger.table, with_bierlachs) is not None
    assert Derived.checked(ledger.table, {**good, **change}) is None


def test_a_state_file_that_cannot_be_written_fails_no_add(long_list: Path) -> None:
    """A state file made read-only is not replaced; the add is written all the same."""
    app.add_game(long_list, "anna", GRAND, light=True)
    side = kept.state_path(long_list)
    side.chmod(0o444)
    change = app.add_game(long_list, "ben", GRAND, light=True)
    assert change.number == len(store.load(long_list).entries) == kept.MIN_ENTRIES + 2
    assert _summed(long_list) == _summary(long_list)


# --- a tournament's ranking reads each table list's state --------------------------------


TABLE_GAMES = [
    "grand mit 1 hand augen 70",
    "kreuz mit 2 augen 50",
    "herz ohne 1 augen 80",
    "null",
    "pik mit 1 augen 91",
    "karo ohne 2 hand augen 30",
]


@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    """Two tables of three, each list a series of 12 games entered by ``add`` (states kept)."""
    from skatliste.app import tournament as organiser

    folder = tmp_path / "cup"
    organiser.new_tournament(folder, name="Cup", date="2026-12-05", series=1, games=(12, 16))
    for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Frida"):
        organiser.add_player(folder, name)
    plan = organiser.draw_series(folder, 1, seed=3)
    for i, table in enumerate(plan.tables):
        for g in range(12):
            words = TABLE_GAMES[(g + i) % len(TABLE_GAMES)].split()
            app.add_game(folder / table.list, table.players[g % 3], words, light=g % 2 == 0)
    return folder


def _ranking(folder: Path) -> object:
    from skatliste.app import tournament as organiser
    from skatliste.store import tournament as folder_store

    folder_store._summed.clear()  # this process's memo: each call reads the lists again
    return organiser.ranking_json(organiser.ranking(folder))


def test_the_ranking_ignores_a_state_its_list_no_longer_matches(tournament: Path) -> None:
    first = sorted(tournament.glob("series-1/*.json"))[0]
    text = first.read_text(encoding="utf-8")
    assert '"augen":70' in text
    first.write_text(text.replace('"augen":70', '"augen":40', 1), encoding="utf-8")
    edited = _ranking(tournament)
    for state in tournament.glob("series-1/*.json.state"):
        state.unlink()
    assert edited == _ranking(tournament)


@pytest.mark.parametrize("forge", ["count", "totals"])
def test_a_forged_state_is_not_carried_on_and_check_removes_it(long_list: Path, forge: str) -> None:
    """A state that holds the list's own hash but not what its games derive: a count that
    is not the list's is never read; other numbers are found by ``check`` (which derives the
    list itself), named, and the state removed."""
    from click.testing import CliRunner

    from skatliste.cli import cli

    app.add_game(long_list, "anna", GRAND, light=True)
    path = kept.state_path(long_list)
    data = _state(long_list)
    state = dict(data["state"])  # type: ignore[call-overload]
    if forge == "count":
        state["count"] -= 1
    else:
        state["totals"] = {name: 9999 for name in state["totals"]}
    data["state"] = state
    path.write_text(json.dumps(data), encoding="utf-8")
    if forge == "count":
        assert kept.read(long_list) is None
        return
    assert kept.read(long_list) is not None
    r = CliRunner().invoke(cli, ["check", "--ledger", str(long_list), "--lang", "en"])
    assert r.exit_code == 1
    assert "its state file: did not agree with the list; removed" in r.output
    assert not path.exists()
    assert _summed(long_list) == _summary(long_list)


@pytest.mark.parametrize("games", [kept.MIN_ENTRIES - 2, kept.MIN_ENTRIES])
def test_a_folder_where_the_state_file_would_be_never_fails_an_add(
    tmp_path: Path, games: int
) -> None:
    """The state is never required: an add whose state cannot be written (a folder has its
    name) writes its game once, says so, and the folder is left; every answer stays right."""
    path = tmp_path / "season.json"
    _season(path, games)
    kept.state_path(path).mkdir()
    app.add_game(path, "Anna", GRAND)
    app.add_game(path, "Ben", GRAND)
    assert len(store.load(path).entries) == games + 2
    assert kept.state_path(path).is_dir()
    assert _summed(path) == _summary(path)
    assert app.drop_stale_state(app.open_list(path)) is False
