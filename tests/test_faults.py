"""Nothing is lost: crashes, two terminals at once, a full disk, a mangled file (issues 3, 7).

Bounded in time: a few dozen subprocesses in all.
"""

from __future__ import annotations

import errno
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatliste.errors import LedgerError, SkatlisteError
from skatliste.skat.entries import PassedEntry
from skatliste.skat.rulesets import build_rule_set
from skatliste.store.lists import load, save
from skatliste.store.lists import new_list as new_ledger
from skatliste.store.reading import FORMAT_VERSION

from .conftest import Run

DATA = Path(__file__).parent / "data"

WRITER = """
import sys
from skatliste.store.lists import updating
from skatliste.skat.entries import PassedEntry
path, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
for i in range(count):
    with updating(path) as ledger:
        ledger.entries.append(PassedEntry(note=f"{who}-{i}"))
"""


def _ledger_with(path: Path, games: int) -> None:
    ledger = new_ledger(path, ["Anna", "Ben", "Carl"], first_dealer=None, rules=build_rule_set())
    ledger.entries.extend(PassedEntry(note=f"seed-{i}") for i in range(games))
    save(ledger)


def _notes(path: Path) -> list[str]:
    return [e.note for e in load(path).entries]


def test_a_writer_killed_at_random_points_leaves_the_old_or_the_new_ledger(
    tmp_path: Path,
) -> None:
    """kill -9 in the middle of writing, many times: the ledger always loads, and holds an
    unbroken run of the games written so far."""
    path = tmp_path / "list.json"
    _ledger_with(path, 3000)  # a season's list: each write takes a while
    rng = random.Random(7)
    written = 0
    for _trial in range(12):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), "w", "100000"], stdout=subprocess.PIPE
        )
        assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
        time.sleep(0.05 + rng.random() * 0.6)  # somewhere in the middle of its writes
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        notes = _notes(path)
        assert notes[:3000] == [f"seed-{i}" for i in range(3000)]
        mine = notes[3000:]
        # each trial's writer starts at w-0 again; every note it wrote is there, in order
        assert len(notes) >= 3000 + written
        written = len(notes) - 3000
        assert all(n.startswith("w-") for n in mine)
    assert written > 0, "the writers never got to write: the test proved nothing"


def test_eight_processes_adding_at_once_lose_no_game(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    _ledger_with(path, 0)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), f"p{n}", "6"], stdout=subprocess.DEVNULL
        )
        for n in range(8)
    ]
    assert [p.wait(timeout=120) for p in procs] == [0] * 8
    notes = _notes(path)
    assert sorted(notes) == sorted(f"p{n}-{i}" for n in range(8) for i in range(6))
    for n in range(8):  # each process's games in its own order
        mine = [x for x in notes if x.startswith(f"p{n}-")]
        assert mine == [f"p{n}-{i}" for i in range(6)]


@pytest.mark.english
def test_disk_full_gives_a_clear_error_and_keeps_the_ledger(
    run: Run, fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = fresh_ledger.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("skatliste.store.files.os.fsync", full)
    r = run("add", "anna", "null", "--ledger", str(fresh_ledger))
    assert r.exit_code == 2
    assert "cannot write: no space left on the device; left as it was (ledger)" in r.stderr
    assert fresh_ledger.read_bytes() == before
    assert sorted(p.name for p in fresh_ledger.parent.iterdir()) == [
        "list.json",
        "list.json.lock",
    ], "no temp file may be left behind"


@pytest.mark.english
def test_read_only_folder_gives_a_clear_error(
    run: Run, fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Simulated: the tests may run as root, who can write anywhere.)"""
    before = fresh_ledger.read_bytes()

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("skatliste.store.files.tempfile.mkstemp", denied)
    r = run("pass", "--ledger", str(fresh_ledger))
    assert r.exit_code == 2 and "cannot write: no permission to write in the folder" in r.stderr
    assert fresh_ledger.read_bytes() == before


def test_ledger_replaced_by_a_directory(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "list.json"
    folder.mkdir()
    for cmd in (["sheet"], ["add", "anna", "null"]):
        r = run(*cmd, "--ledger", str(folder))
        assert r.exit_code == 2
        assert "ist ein Ordner, keine Datei" in r.stderr
    assert folder.is_dir()


@pytest.mark.english
@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda t: t[: len(t) // 2], "not valid JSON"),
        (lambda t: "\x00\xff" + t, "not valid JSON"),
        (lambda t: t.replace('"version": 1', '"version": 2'), "format version 2 is newer"),
        (lambda t: t.replace('"format": "skatliste"', '"format": "x"'), "not a skatliste ledger"),
        (
            lambda t: re.sub(r'"augen": ?75', '"augen":175', t),
            "game 1: augen: must be from 0 to 120",
        ),
        (
            lambda t: re.sub(r'"game": ?"clubs"', '"game":"x"', t),
            "game 1: game: must be one of",
        ),
        (lambda t: re.sub(r'"kind": ?"passed"', '"kind":"ramsch"', t), "game 2:"),
        (lambda t: t.replace('"first_dealer": "Anna"', '"first_dealer": "Zoe"'), "first_dealer"),
        # what Python's JSON reader refuses in its own words, said in ours
        (lambda t: t.replace('"augen":75', '"augen":'), "not valid JSON (a value was expected)"),
        (lambda t: t.replace('"time":"', '"time":"\t', 1), "a control character"),
        # what it takes but no list can hold: half of a character, a number or a nesting of
        # thousands
        (
            lambda t: t.replace('"augen":75', '"augen":75,"note":"\\ud800"'),
            "game 1: note: half of a character",
        ),
        (lambda t: t.replace('"augen":75', '"augen":' + "7" * 5000), "a number too long"),
        (
            lambda t: t.replace('"augen":75', '"augen":75,"note":' + "[" * 5000 + "]" * 5000),
            "a nesting too deep",
        ),
    ],
)
def test_a_mangled_ledger_is_refused_with_place_and_reason_and_left_untouched(
    run: Run, fresh_ledger: Path, mangle: Callable[[str], str], message: str
) -> None:
    run("add", "anna", "kreuz", "mit", "2", "augen", "75", "--ledger", str(fresh_ledger))
    run("pass", "--ledger", str(fresh_ledger))
    text = fresh_ledger.read_text(encoding="utf-8")
    bad = mangle(text)
    assert bad != text
    fresh_ledger.write_text(bad, encoding="utf-8")
    before = fresh_ledger.read_bytes()
    for cmd in (["sheet"], ["add", "ben", "null"], ["undo"], ["check"]):
        r = run(*cmd, "--ledger", str(fresh_ledger))
        assert r.exit_code == 2, cmd
        assert r.stderr.startswith(f"Error: {fresh_ledger}: ")
        assert message in r.stderr
        assert "Traceback" not in r.stderr
    assert fresh_ledger.read_bytes() == before


def test_a_character_written_as_two_halves_is_one_character(run: Run, fresh_ledger: Path) -> None:
    """JSON may write a character beyond the first 65,536 as two \\u escapes: it reads as one."""
    run("add", "anna", "kreuz", "mit", "2", "--ledger", str(fresh_ledger))
    text = fresh_ledger.read_text(encoding="utf-8")
    fresh_ledger.write_text(text.replace('"time":', '"note":"\\ud83c\\udccf","time":', 1))
    r = run("sheet", "--ledger", str(fresh_ledger))
    assert r.exit_code == 0, r.stderr
    assert "\U0001f0cf" in r.stdout


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=400))
def test_random_bytes_give_a_ledger_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "random.json"
    path.write_bytes(data)
    with pytest.raises(LedgerError, match=str(path)):
        load(path)


@st.composite
def _mutations(draw: st.DrawFn) -> str:
    base = (DATA / "ledger-v1.json").read_text(encoding="utf-8")
    kind = draw(st.sampled_from(["cut", "delete", "insert", "swap"]))
    i = draw(st.integers(0, len(base) - 1))
    j = draw(st.integers(i, min(len(base), i + 40)))
    if kind == "cut":
        return base[:i]
    if kind == "delete":
        return base[:i] + base[j:]
    if kind == "insert":
        return (
            base[:i] + draw(st.sampled_from(['"', "{", "]", "-1", "null", "true", ","])) + base[i:]
        )
    return base[:i] + base[j : i + (j - i) * 2] + base[i:j] + base[i + (j - i) * 2 :]


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(_mutations())
def test_mutated_ledgers_load_or_give_a_ledger_error(tmp_path: Path, text: str) -> None:
    """Hand-mangled files: a LedgerError with a message, or a ledger that loads; never a crash."""
    path = tmp_path / "mutated.json"
    path.write_text(text, encoding="utf-8")
    try:
        ledger = load(path)
    except SkatlisteError as exc:
        assert str(exc).startswith(str(path))
    else:
        from skatliste.skat.sheet import check, rows

        list(rows(ledger.table, ledger.entries))
        check(ledger.table, ledger.entries)


def test_frozen_version_1_ledger_still_loads() -> None:
    """A ledger written by format version 1 loads in every later version."""
    ledger = load(DATA / "ledger-v1.json")
    assert FORMAT_VERSION >= 1
    assert ledger.table.players == ("Anna", "Ben", "Carl")
    from skatliste.skat.sheet import rows

    last = list(rows(ledger.table, ledger.entries))[-1]
    assert last.totals == {"Anna": 48, "Ben": -88, "Carl": 0}


def test_saved_file_is_pretty_and_one_game_a_line(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    _ledger_with(path, 2)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "{" and '"format": "skatliste"' in lines[1]
    assert sum(1 for line in lines if line.strip().startswith('{"kind":"passed"')) == 2
    assert json.loads(path.read_text())["version"] == 1
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_a_name_written_with_its_accents_apart_is_named_as_such(run: Run, tmp_path: Path) -> None:
    """``Ju\\u0308rgen`` looks like Jürgen but is stored apart (Unicode NFD): the refusal says
    so, not that Jürgen is no player of the list."""
    path = tmp_path / "l.json"
    run("new", "--players", "Jürgen", "Ben", "Carl", "--ledger", str(path))
    run("add", "jürgen", "kreuz", "mit", "2", "--ledger", str(path))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"declarer":"Jürgen"', '"declarer":"Ju\\u0308rgen"'))
    r = run("check", "--ledger", str(path))
    assert r.exit_code == 2
    assert r.stderr == (
        f"Fehler: {path}: Spiel 1: declarer 'Jürgen' ist mit vom Buchstaben getrennten Akzenten "
        "geschrieben; schreib ihn, wie ihn die Spielerzeile hat\n"
    ).replace("'Jürgen'", repr("Ju\u0308rgen"))
