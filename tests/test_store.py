"""The list file keeps what was written, where it was written: strict
reading, symlinked lists, file modes, backups, folders that cannot hold a list, exports that
must never land on a list."""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatliste.errors import LedgerError
from skatliste.families import find_family
from skatliste.skat.family import GAME, RAMSCH
from skatliste.skat.rules import MAX_BID, MAX_BOCK, MAX_PUSHES, MAX_SPITZEN, MIN_BID, TOTAL_AUGEN
from skatliste.skat.rulesets import build_rule_set
from skatliste.store import files
from skatliste.store import lists as store
from skatliste.store.formats import DIALECT

from .conftest import EXAMPLES, Run
from .schema_oracle import accepts as _schema_accepts
from .test_derivation import entries


@pytest.fixture
def evening(run: Run, fresh_ledger: Path) -> Path:
    """A list with a won Kreuz game (Anna, 75 Augen) and an all-passed deal."""
    assert run("add", "anna", "kreuz", "mit", "2", "augen", "75", "--ledger", str(fresh_ledger))
    assert run("pass", "--ledger", str(fresh_ledger)).exit_code == 0
    return fresh_ledger


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- strict reading ---------------------------------------------------------------------


@pytest.mark.english
@pytest.mark.parametrize(
    ("edit", "where"),
    [
        ((r'"augen": ?75', '"augen":true'), "game 1: augen: must be a whole number (found true)"),
        ((r'"augen": ?75', '"augen":"75"'), 'game 1: augen: must be a whole number (found "75")'),
        ((r'"augen": ?75', '"augen":75.0'), "game 1: augen: must be a whole number (found 75.0)"),
        ((r'"spitzen": ?2', '"spitzen":true'), "game 1: spitzen: must be a whole number"),
        ((r'"kind": ?"game"', '"kind":"game","hand":"yes"'), "game 1: hand: must be true or"),
        ((r'"kind": ?"game"', '"kind":"game","hand":1'), "game 1: hand: must be true or false"),
        ((r'"kind": ?"game"', '"kind":"game","bid":"36"'), "game 1: bid: must be a whole"),
        ((r'"kind": ?"passed"', '"kind":"passed","bock_called":0'), "game 2: bock_called:"),
        ((r'"kind": ?"game"', '"kind":"game","bock":false'), "game 1: bock: must be a whole"),
        ((r'"augen": ?75', '"augen":121'), "game 1: augen: must be from 0 to 120 (found 121)"),
        ((r'"spitzen_cap": ?11', '"spitzen_cap": true'), "rules.options: spitzen_cap: must be"),
    ],
)
@pytest.mark.parametrize("command", [["check"], ["sheet"], ["summary"], ["add", "ben", "null"]])
def test_a_wrong_type_in_a_hand_edited_list_is_refused_never_coerced(
    run: Run, evening: Path, edit: tuple[str, str], where: str, command: list[str]
) -> None:
    """`"augen": true` is not 1, `"hand": "yes"` is not a Hand game: every command refuses the
    list with file, game, field and reason, and leaves it as it is."""
    text = evening.read_text(encoding="utf-8")
    bad = re.sub(edit[0], edit[1], text, count=1)
    assert bad != text
    evening.write_text(bad, encoding="utf-8")
    r = run(*command, "--ledger", str(evening))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"Error: {evening}: ")
    assert where in r.stderr
    assert evening.read_text(encoding="utf-8") == bad


def test_the_format_limits_are_the_cores() -> None:
    """The file format allows what the scoring core allows: one set of numbers."""
    game, ramsch = GAME.schema()["properties"], RAMSCH.schema()["properties"]

    def bounds(prop: dict[str, object]) -> tuple[object, object]:
        options = prop.get("anyOf", [prop])
        assert isinstance(options, list)
        number = next(o for o in options if o.get("type") == "integer")
        return number.get("minimum"), number.get("maximum")

    assert bounds(game["bid"]) == (MIN_BID, MAX_BID)
    assert bounds(game["spitzen"]) == (0, MAX_SPITZEN[True])
    assert bounds(game["augen"]) == (0, TOTAL_AUGEN)
    assert bounds(game["bock"]) == (0, MAX_BOCK)
    assert bounds(ramsch["pushes"]) == (0, MAX_PUSHES)


# --- a list behind a symlink ------------------------------------------------------------


def test_a_symlinked_list_is_written_through_the_link(run: Run, tmp_path: Path) -> None:
    """A list linked into a shared folder: the real file gets the game, the link stays a link,
    the lock sits beside the real file."""
    shared = tmp_path / "cloud"
    shared.mkdir()
    real = shared / "club.json"
    assert run("new", "--players", "Anna", "Ben", "Carl", "--ledger", str(real)).exit_code == 0
    here = tmp_path / "here"
    here.mkdir()
    link = here / "skatliste.json"
    link.symlink_to(real)
    r = run("add", "anna", "kreuz", "mit", "1", "--ledger", str(link))
    assert r.exit_code == 0, r.stderr
    assert link.is_symlink() and link.resolve() == real
    assert '"declarer":"Anna"' in real.read_text(encoding="utf-8")
    assert _files(here) == ["skatliste.json"]
    assert _files(shared) == ["club.json", "club.json.lock"]
    assert store.load(link).entries == store.load(real).entries


# --- file modes -------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [0o644, 0o600, 0o664])
def test_a_rewritten_list_keeps_its_mode(run: Run, evening: Path, mode: int) -> None:
    evening.chmod(mode)
    assert run("add", "ben", "null", "--ledger", str(evening)).exit_code == 0
    assert stat.S_IMODE(evening.stat().st_mode) == mode


@pytest.mark.usefixtures("umask_022")
def test_a_new_list_gets_the_mode_of_the_umask(run: Run, ledger_path: Path) -> None:
    """Not the 0600 of a temp file: the table's other accounts may read the list."""
    assert run("new", "Anna", "Ben", "Carl", "--ledger", str(ledger_path)).exit_code == 0
    assert stat.S_IMODE(ledger_path.stat().st_mode) == 0o644


@pytest.mark.english
def test_a_read_only_list_is_refused_and_kept(run: Run, evening: Path) -> None:
    """chmod a-w says 'keep this list': no command replaces it (not even as root)."""
    before = evening.read_bytes()
    evening.chmod(0o444)
    r = run("add", "ben", "null", "--ledger", str(evening))
    assert r.exit_code == 2
    assert "read-only (ledger, mode 444); nothing written" in r.stderr
    assert evening.read_bytes() == before and stat.S_IMODE(evening.stat().st_mode) == 0o444
    assert run("sheet", "--ledger", str(evening)).exit_code == 0, "reading still works"


# --- new --force keeps a backup ---------------------------------------------------------


def _fresh(path: Path) -> store.ListFile[object]:
    return store.new_list(path, ["Xaver", "Yvonne", "Zora"], first_dealer=None, rules=RULES)


RULES = build_rule_set()
GAME_FAMILY = find_family("isko")


def test_starting_over_keeps_the_old_list_as_a_backup(evening: Path) -> None:
    old = evening.read_bytes()
    backup = store.create(_fresh(evening), force=True)
    assert backup == evening.with_name("list.json.bak")
    assert backup.read_bytes() == old
    assert store.load(evening).table.players == ("Xaver", "Yvonne", "Zora")
    second = store.create(_fresh(evening), force=True)
    assert second is not None and second != backup
    assert re.fullmatch(r"list\.json\.\d{8}T\d{6}Z(-\d+)?\.bak", second.name)
    assert backup.read_bytes() == old, "an older backup is never overwritten"
    assert store.load(second).table.players == ("Xaver", "Yvonne", "Zora")


def test_a_new_list_needs_no_backup(ledger_path: Path) -> None:
    assert store.create(_fresh(ledger_path), force=True) is None
    assert _files(ledger_path.parent) == ["list.json", "list.json.lock"]


# --- exports never land on a list -------------------------------------------------------


def test_an_export_onto_its_own_list_is_refused(evening: Path) -> None:
    before = evening.read_bytes()
    with pytest.raises(LedgerError, match=rf"this is the list {re.escape(str(evening))} itself"):
        files.write_output(evening, "a,b\n", lists=[evening])
    assert evening.read_bytes() == before


def test_an_export_onto_a_link_to_its_list_is_refused(evening: Path, tmp_path: Path) -> None:
    link = tmp_path / "out.csv"
    link.symlink_to(evening)
    with pytest.raises(LedgerError, match="itself"):
        files.write_output(link, "a,b\n", lists=[evening])
    assert store.load(evening).entries


def test_an_export_onto_any_other_list_is_refused(evening: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.csv"
    other.write_bytes(evening.read_bytes())
    with pytest.raises(LedgerError, match="is a skatliste list"):
        files.write_output(other, "a,b\n")
    assert other.read_bytes() == evening.read_bytes()


@pytest.mark.usefixtures("umask_022")
def test_an_export_is_written_whole(tmp_path: Path) -> None:
    out = tmp_path / "evening.csv"
    out.write_text("old export\n")
    out.chmod(0o640)
    files.write_output(out, "Spiel;Anna\n1;+48\n", lists=[tmp_path / "list.json"])
    assert out.read_text() == "Spiel;Anna\n1;+48\n"
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    fresh = tmp_path / "new.html"
    files.write_output(fresh, "<p>")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
    assert _files(tmp_path) == ["evening.csv", "new.html"]


# --- folders that cannot hold a list ----------------------------------------------------


@pytest.fixture
def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "afile"
    path.write_text("not a folder")
    return path


@pytest.mark.english
@pytest.mark.parametrize(
    ("where", "cause"),
    [
        (lambda tmp: tmp / "afile" / "x.json", "afile is a file, not a folder"),
        (lambda tmp: tmp / "afile" / "deeper" / "x.json", "afile is a file, not a folder"),
        (lambda tmp: tmp / "missing" / "x.json", "does not exist (skatliste creates no folders"),
        (lambda tmp: Path("/proc/x.json"), "the folder /proc takes no new files"),
    ],
)
@pytest.mark.usefixtures("a_file")
def test_a_list_where_none_can_be_says_why_at_once(
    run: Run, tmp_path: Path, where: object, cause: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real cause, not 'another skatliste is writing' after waiting for the lock."""
    monkeypatch.setattr(files, "LOCK_TIMEOUT", 0.01)
    path = where(tmp_path)  # type: ignore[operator]
    r = run("new", "Anna", "Ben", "Carl", "--ledger", str(path))
    assert r.exit_code == 2
    assert cause in r.stderr
    assert "another skatliste" not in r.stderr
    assert not (tmp_path / "missing").exists(), "no folder is created"
    assert _files(tmp_path) == ["afile"]


@pytest.mark.english
@pytest.mark.parametrize(
    ("code", "cause"),
    [
        (errno.EROFS, "is on a read-only file system"),
        (errno.EACCES, "no permission to write in the folder"),
    ],
)
def test_a_folder_that_refuses_files_is_named(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, cause: str
) -> None:
    """(Simulated: the tests may run as root, who may write anywhere.)"""
    real_open = os.open

    def refusing(path: str, flags: int, mode: int = 0o777) -> int:
        if str(path).startswith(str(tmp_path)) and flags & os.O_CREAT:
            raise OSError(code, os.strerror(code))
        return real_open(path, flags, mode)

    monkeypatch.setattr("skatliste.store.files.os.open", refusing)
    monkeypatch.setattr(files, "LOCK_TIMEOUT", 0.01)
    r = run("new", "Anna", "Ben", "Carl", "--ledger", str(tmp_path / "x.json"))
    assert r.exit_code == 2
    assert f"the folder {tmp_path}" in r.stderr and cause in r.stderr
    assert _files(tmp_path) == []


# --- a refused command leaves nothing behind --------------------------------------------


@pytest.mark.english
@pytest.mark.parametrize(
    "command",
    [["add", "anna", "null"], ["pass"], ["undo"], ["sheet"], ["summary"], ["check"]],
)
def test_a_command_on_a_missing_list_leaves_no_file_behind(
    run: Run, tmp_path: Path, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = run(*command)
    assert r.exit_code == 2 and "no list here" in r.stderr
    assert _files(tmp_path) == []


def test_a_new_list_that_cannot_be_written_leaves_no_lock(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("skatliste.store.files.os.fsync", full)
    r = run("new", "Anna", "Ben", "Carl", "--ledger", str(tmp_path / "x.json"))
    assert r.exit_code == 2 and "kein Platz mehr auf dem Gerät" in r.stderr
    assert _files(tmp_path) == []


# --- one definition of the format: the reader and the printed schema ---------------------


def test_the_printed_schema_is_the_readers_definition(run: Run) -> None:
    """``skatliste schema`` prints the JSON Schema made from the very definition the reader
    checks with, for each game family, in the dialect every printed schema names."""
    r = run("schema")
    printed = json.loads(r.stdout)
    assert r.exit_code == 0 and printed.pop("$schema") == DIALECT
    assert printed == store.json_schema(GAME_FAMILY)
    assert set(json.loads(r.stdout)["$defs"]) == {
        *("game", "passed", "ramsch", "entry", "history"),
        *("agreement", "sign", "reopen", "protest", "decide"),
    }


@pytest.mark.english
def test_a_hand_edited_header_names_every_problem_at_once(run: Run, tmp_path: Path) -> None:
    """A list whose header has an unknown option, two players of one name and a first dealer
    who is not at the table is refused with all three, each at its place, and left as it is
    (one round of fixing, not three)."""
    path = tmp_path / "list.json"
    data = json.loads((EXAMPLES / "evening.json").read_text(encoding="utf-8"))
    data["rules"]["options"]["foo"] = 1
    data["players"][1] = data["players"][0].upper()
    data["first_dealer"] = "Zora"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    r = run("sheet", "--ledger", str(path))
    assert r.exit_code == 2
    assert "rules: unknown option" in r.stderr
    assert "players: every player needs a different name" in r.stderr
    assert "first_dealer: 'Zora' is not one of the players" in r.stderr
    assert path.read_bytes() == before


def test_rules_with_a_folder_format_is_refused(run: Run) -> None:
    """``--rules`` chooses a list's format; given with a folder format it is refused, not
    ignored, and says how to write it."""
    r = run("schema", "tournament", "--rules", "pub")
    assert r.exit_code == 2 and r.stdout == ""
    assert "'skatliste schema tournament'" in r.stderr


def _lean_accepts(path: Path, text: str) -> bool:
    path.write_text(text, encoding="utf-8")
    try:
        store.load(path)
    except LedgerError:
        return False
    return True


_VALUES = [
    "true",
    "false",
    "null",
    "0",
    "1",
    "-1",
    "75",
    "75.0",
    "1e2",
    '"75"',
    '"yes"',
    '""',
    "[]",
    "{}",
    "300",
    "11",
    "12",
    "264",
    "265",
    "17",
    "18",
    '"+48"',
    '"48\\n"',
    '"x"',
]


@st.composite
def _hand_edits(draw: st.DrawFn) -> str:
    """A list as a tired player edits it: a value replaced by another JSON value."""
    base = (EXAMPLES / draw(st.sampled_from(["evening.json", "pub-evening.json"]))).read_text(
        encoding="utf-8"
    )
    spots = [m.span(1) for m in re.finditer(r'":\s*("[^"]*"|[-\w.]+)', base)]
    start, end = draw(st.sampled_from(spots))
    return base[:start] + draw(st.sampled_from(_VALUES)) + base[end:]


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_hand_edits())
def test_the_reader_accepts_exactly_what_the_printed_schema_and_the_format_accept(
    tmp_path: Path, text: str
) -> None:
    assert _lean_accepts(tmp_path / "x.json", text) == _schema_accepts(text)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=30), kind=st.sampled_from(["game", "passed", "ramsch"]))
def test_an_entry_is_written_as_it_was_read(text: str, kind: str) -> None:
    """Read and written again, an entry is the same line: its fields in the definition's
    order, what differs from a default, nothing else."""
    entries: dict[str, dict[str, object]] = {
        "game": {
            "kind": "game",
            "declarer": text or "A",
            "game": "grand",
            "spitzen": 2,
            "augen": 61,
            "kontra": True,
            "note": text,
        },
        "passed": {"kind": "passed", "note": text, "time": text},
        "ramsch": {"kind": "ramsch", "augen": {"A": 50, "B" + text: 70}, "note": text},
    }
    entry = entries[kind]
    if not text:
        entry.pop("note")
    as_entry = GAME_FAMILY.decode(entry)
    line = store.entry_line(GAME_FAMILY, as_entry)
    assert json.loads(line) == entry
    assert line == json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


# --- the commands ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["html", "md", "csv", "json"])
def test_export_onto_its_own_list_is_refused_and_the_evening_kept(
    run: Run, evening: Path, fmt: str
) -> None:
    before = evening.read_bytes()
    r = run("export", "--format", fmt, "-o", str(evening), "--ledger", str(evening))
    assert r.exit_code == 2
    assert f"das ist die Liste {evening} selbst" in r.stderr
    assert evening.read_bytes() == before


def test_new_force_says_where_the_old_list_went(run: Run, evening: Path) -> None:
    old = evening.read_bytes()
    r = run("new", "Xaver", "Yvonne", "Zora", "--force", "--ledger", str(evening))
    assert r.exit_code == 0
    assert f"die Liste, die sie ersetzt, bleibt als {evening}.bak" in r.stdout
    assert Path(f"{evening}.bak").read_bytes() == old


# --- every name an entry holds is a player's; no key twice ---------------------------------


def _two_games(run: Run, path: Path) -> str:
    assert run("new", "--players", "Anna", "Ben", "Carl", "--ledger", str(path)).exit_code == 0
    for words in ("anna grand mit 1 augen 70", "ben kreuz mit 1 augen 70"):
        assert run("add", *words.split(), "--ledger", str(path)).exit_code == 0
    return path.read_text(encoding="utf-8")


_RAMSCH = '{"kind":"ramsch","augen":{"Anna":30,"Ben":40,"Carl":50}'


@pytest.mark.english
@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (('"declarer":"Anna"', '"declarer":"anna"'), "game 1: declarer 'anna'"),
        (('"declarer":"Ben"', '"declarer":"Dora"'), "game 2: declarer 'Dora'"),
        ((None, _RAMSCH + "}"), ""),  # a good Ramsch as game 2: the control
        ((None, _RAMSCH.replace("Carl", "carl") + "}"), "game 2: augen 'carl'"),
        ((None, _RAMSCH + ',"jungfrau":["Dora"]}'), "game 2: jungfrau 'Dora'"),
        ((None, _RAMSCH + ',"durchmarsch":"ben"}'), "game 2: durchmarsch 'ben'"),
    ],
)
@pytest.mark.parametrize("command", [["check"], ["sheet"], ["summary"], ["add", "carl", "null"]])
def test_a_name_that_is_no_players_is_refused_at_load(
    run: Run, ledger_path: Path, edit: tuple[str | None, str], where: str, command: list[str]
) -> None:
    """A hand-edited `"declarer": "anna"` on Anna's list would credit her points to nobody:
    every command refuses the list with file, game, field and reason, and writes nothing."""
    text = _two_games(run, ledger_path)
    old, new = edit
    if old is None:  # game 2 becomes a Ramsch
        bad = re.sub(r'\{"kind":"game","declarer":"Ben"[^\n]*', lambda _: new, text)
    else:
        bad = text.replace(old, new, 1)
    assert bad != text
    ledger_path.write_text(bad, encoding="utf-8")
    r = run(*command, "--ledger", str(ledger_path))
    if not where:
        assert "not a player" not in r.stderr and r.exit_code in (0, 1), r.stderr
        assert _schema_accepts(bad)
        return
    assert r.exit_code == 2
    assert r.stderr.startswith(f"Error: {ledger_path}: {where} is not a player of this list: ")
    assert "Anna, Ben, Carl" in r.stderr
    assert ledger_path.read_text(encoding="utf-8") == bad
    assert not _schema_accepts(bad)


def test_a_name_in_the_history_is_a_players_name(run: Run, ledger_path: Path) -> None:
    """A game taken back keeps its declarer: it must be a player, else restoring it would
    credit nobody."""
    _two_games(run, ledger_path)
    assert run("undo", "--ledger", str(ledger_path)).exit_code == 0
    text = ledger_path.read_text(encoding="utf-8")
    bad = text.replace('"declarer":"Ben"', '"declarer":"Dora"')
    assert bad != text
    ledger_path.write_text(bad, encoding="utf-8")
    r = run("summary", "--ledger", str(ledger_path))
    assert r.exit_code == 2
    assert "Verlaufseintrag 1: entry: declarer 'Dora' ist kein Spieler dieser Liste" in r.stderr
    assert _schema_accepts(bad) is False


@pytest.mark.english
@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (('"augen":70,', '"augen":91,"augen":20,'), "game 1: 'augen' is given twice"),
        (('"spitzen":1,', '"spitzen":1,"spitzen":1,'), "game 1: 'spitzen' is given twice"),
        (('"preset": "isko"', '"preset": "isko", "preset": "pub"'), "rules: 'preset' is given"),
        (('"version": 1', '"version": 1, "version": 1'), "'version' is given twice"),
    ],
)
@pytest.mark.parametrize("command", [["check"], ["summary"], ["add", "carl", "null"]])
def test_a_key_given_twice_is_refused_never_read_as_the_last(
    run: Run, ledger_path: Path, edit: tuple[str, str], where: str, command: list[str]
) -> None:
    """JSON readers keep the last of two equal keys: `"augen":91, "augen":20` would be read
    as 20 and `check` find nothing. The list is refused with file, game and field."""
    text = _two_games(run, ledger_path)
    bad = text.replace(*edit, 1)
    assert bad != text
    ledger_path.write_text(bad, encoding="utf-8")
    r = run(*command, "--ledger", str(ledger_path))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"Error: {ledger_path}: {where}")
    assert ledger_path.read_text(encoding="utf-8") == bad


@given(st.data())
def test_a_stored_entry_reads_back_as_the_entry_written(data: st.DataObject) -> None:
    """The reader builds a long list's games without their dataclass's ``__init__``: what it
    builds is the very entry that was written, equal, of the same type, with every field, and
    as hashable."""
    skat = find_family("isko")
    entry = data.draw(entries(("Anna", "Ben", "Carl")))
    read = skat.decode(skat.encode(entry))
    assert type(read) is type(entry)
    assert read == entry
    assert hash(read) == hash(entry)
    assert {f.name: getattr(read, f.name) for f in fields(read)} == {
        f.name: getattr(entry, f.name) for f in fields(entry)
    }


def test_a_rule_set_worked_out_once_still_refuses_another_lists_wrong_option(
    fresh_ledger: Path, tmp_path: Path
) -> None:
    """The reader works out each distinct stored rule set once: a second list with the same
    preset but a hand-edited option is still refused, and a third right one still read."""
    first = store.load(fresh_ledger)
    data = json.loads(fresh_ledger.read_text(encoding="utf-8"))
    data["rules"]["options"]["kontra"] = "sometimes"
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LedgerError, match="kontra"):
        store.load(wrong)
    again = store.load(fresh_ledger)
    assert again.rules == first.rules
    assert again.rules["kontra"] == "on"


_PLAYERS = ("Anna", "Ben", "Carl")
_ON_THE_LIST = entries(_PLAYERS).filter(lambda e: getattr(e, "declarer", "Anna") in _PLAYERS)


@given(
    st.lists(_ON_THE_LIST, max_size=6),
    st.lists(_ON_THE_LIST, min_size=1, max_size=3),
    st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_adding_at_the_end_writes_the_file_a_full_rewrite_writes(
    before: list[Any], added: list[Any], with_history: bool
) -> None:
    """A list that only gained entries at its end is written by putting their lines after the
    bytes read: byte for byte the file that encoding the whole list writes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "abend.json"
        lst = store.new_list(path, list(_PLAYERS), first_dealer=None, rules=build_rule_set())
        lst.entries.extend(before)
        if with_history and before:
            lst.record("undo", len(before), before[-1], None)
        store.save(lst)
        read = store.load(path)
        read.entries.extend(added)
        pieces = store.appended(read)
        assert pieces is not None
        assert b"".join(pieces) == store.dumps(read).encode("utf-8")
        store.save(read)
        assert path.read_bytes() == store.dumps(store.load(path)).encode("utf-8")


def test_a_hand_laid_out_list_gains_its_game_by_a_full_rewrite(run: Run, evening: Path) -> None:
    """A list a hand edit laid out otherwise (here: every entry indented by a tab) is not
    added to in place: it is written whole, as ``dumps`` lays it out, and reads the same."""
    text = evening.read_text(encoding="utf-8").replace('\n    {"kind"', '\n\t{"kind"')
    evening.write_text(text, encoding="utf-8")
    read = store.load(evening)
    read.entries.append(read.entries[0])
    assert store.appended(read) is None
    assert run("add", "ben", "null", "--ledger", str(evening)).exit_code == 0
    after = store.load(evening)
    assert evening.read_bytes() == store.dumps(after).encode("utf-8")
    assert len(after.entries) == 3


def test_a_list_changed_otherwise_is_written_whole(evening: Path) -> None:
    """An entry taken back, replaced or put in history since the list was read: the list is
    not written by adding lines."""
    read = store.load(evening)
    read.entries.pop()
    read.entries.append(read.entries[0])
    assert store.appended(read) is None
    read = store.load(evening)
    read.record("delete", 1, read.entries[0], None)
    read.entries.append(read.entries[0])
    assert store.appended(read) is None


@pytest.mark.parametrize("was_on", [True, False])
def test_reading_a_list_leaves_the_collector_as_it_was(
    evening: Path, tmp_path: Path, was_on: bool
) -> None:
    """A list is read with the cyclic garbage collector off; afterwards it is on or off as
    it was, also when the list is refused."""
    import gc

    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "skatliste", "version": 1}', encoding="utf-8")
    (gc.enable if was_on else gc.disable)()
    try:
        store.load(evening)
        assert gc.isenabled() is was_on
        with pytest.raises(LedgerError):
            store.load(broken)
        assert gc.isenabled() is was_on
    finally:
        gc.enable()
