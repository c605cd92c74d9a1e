"""A new user's evening on a fresh clone: the places where skatliste did what a user would
not expect (a write that exited 2, names as people type them, German everywhere, Markdown
that stays a table). Each test names the behaviour and failed before its fix."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from skatliste.cli import cli

from .conftest import Run

FOUR = ("Anna", "Ben", "Carl", "Dora")


def _ok(run: Run, *args: str) -> str:
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.output


def _games(path: Path) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["games"]
    return games


# --- exit status: a command that saved never exits 2 (README: exit status) -------------------


class _Full(io.RawIOBase):
    """A device that takes nothing, as /dev/full: every write fails with ENOSPC."""

    def writable(self) -> bool:
        return True

    def write(self, _data: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _into_full(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str]:
    """Run the command line in-process with standard output on a full device: its exit
    status and what it said on stderr."""
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(_Full())))
    with pytest.raises(SystemExit) as done:
        cli.main(args=list(args), prog_name="skatliste")
    code = done.value.code
    assert isinstance(code, int)
    return code, capsys.readouterr().err


def test_a_game_saved_whose_answer_cannot_be_written_exits_3_not_2(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``add ... > /dev/full``: the game is saved once; stderr says so and the exit status is 3,
    never 2 (which says nothing was written: a script retrying on 2 would add it twice)."""
    code, err = _into_full(
        monkeypatch, capsys, "add", "anna", "kreuz", "mit", "1", "--ledger", str(fresh_ledger)
    )
    assert code == 3
    assert err == (
        f"Fehler: gespeichert ({fresh_ledger}), aber die Antwort konnte nicht geschrieben "
        "werden: kein Platz mehr auf dem Gerät\n"
    )
    assert len(_games(fresh_ledger)) == 1


def test_a_read_only_answer_that_cannot_be_written_is_said_in_german_exit_2(
    fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``schema list > /dev/full``: nothing was written, so exit 2, and the reason is said in
    the command's language, not in the system's English."""
    code, err = _into_full(monkeypatch, capsys, "schema", "list")
    assert (code, err) == (
        2,
        "Fehler: die Antwort konnte nicht geschrieben werden: kein Platz mehr auf dem Gerät\n",
    )


def test_a_refusal_into_a_closed_pipe_still_exits_2(tmp_path: Path) -> None:
    """``skatliste add zzz null 2>&1 | true``: the refusal cannot be said, but the exit status
    stays 2 (refused, nothing written), not 1 (which says a check found problems). A real pipe:
    the closed reader is what is tested."""
    env = {**os.environ, "SKATLISTE_LANG": "de"}
    python = [sys.executable, "-m", "skatliste"]
    subprocess.run(
        [*python, "new", "--players", "Anna", "Ben", "Carl"],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
    )
    before = (tmp_path / "skatliste.json").read_bytes()
    r, w = os.pipe()
    os.close(r)
    with os.fdopen(w, "wb") as closed:
        done = subprocess.run(
            [*python, "add", "zzz", "null"],
            cwd=tmp_path,
            env=env,
            stdout=closed,
            stderr=closed,
            timeout=60,
        )
    assert done.returncode == 2
    assert (tmp_path / "skatliste.json").read_bytes() == before


def test_a_command_with_no_standard_output_at_all_answers_into_nowhere(tmp_path: Path) -> None:
    """``skatliste add carl null >&-`` (the descriptor not open, so Python has no stdout):
    the game is saved once and the command ends 0 with no traceback, as into /dev/null; the
    list is never opened as descriptor 1. Then ``sheet >&-`` reads it, also without a word."""
    env = {**os.environ, "SKATLISTE_LANG": "de"}
    python = [sys.executable, "-m", "skatliste"]
    subprocess.run(
        [*python, "new", "--players", "Anna", "Ben", "Carl"],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
    )
    for command in (["add", "carl", "null"], ["sheet"]):
        done = subprocess.run(
            [*python, *command],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            pass_fds=(),
            preexec_fn=lambda: os.close(1),
            timeout=60,
        )
        assert (done.returncode, done.stderr) == (0, b"")
    data = json.loads((tmp_path / "skatliste.json").read_text(encoding="utf-8"))
    assert len(data["games"]) == 1


@pytest.mark.parametrize(
    "command", [["undo"], ["add", "anna", "kreuz", "mit", "1"], ["sheet"], ["sign", "--by", "Anna"]]
)
def test_a_command_on_a_list_that_cannot_be_read_leaves_no_lock_file(
    run: Run, fresh_ledger: Path, command: list[str]
) -> None:
    """A refused command leaves every file as it was: on a corrupt list no ``.lock`` file is
    left beside it either (the lock made for the change goes again)."""
    fresh_ledger.write_text(fresh_ledger.read_text(encoding="utf-8") + "x", encoding="utf-8")
    lock = fresh_ledger.with_name(fresh_ledger.name + ".lock")
    lock.unlink()  # as a list copied from elsewhere has none
    r = run(*command, "--ledger", str(fresh_ledger))
    assert r.exit_code == 2, r.output
    assert not lock.exists()


def test_a_waiting_writer_locks_the_new_lock_file_when_the_old_one_went(tmp_path: Path) -> None:
    """The lock file a refused change made is removed while held; a writer that waited on it
    then locks the file at the path, not the removed one (two writers never hold both)."""
    import threading

    from skatliste.store import files

    path = tmp_path / "list.json"
    path.write_text("{}", encoding="utf-8")
    lock = files.lock_path(path)
    order: list[str] = []
    inside = threading.Event()

    def first() -> None:
        with files.locked(path):
            inside.set()
            order.append("first in")
            threading.Event().wait(0.2)
            order.append("first out")

    thread = threading.Thread(target=first)
    thread.start()
    inside.wait()
    with files.locked(path):
        order.append("second in")
        assert lock.exists()  # the second holds the lock file at the path
        files.atomic_write(path, "{}")
    thread.join()
    assert order == ["first in", "first out", "second in"]
    assert lock.exists()  # it wrote: the lock file stays


# --- a change that changes nothing, a Bock round called by hand (docs/rules.md §8) ----------


def test_an_edit_that_changes_nothing_is_said_and_writes_nothing(
    run: Run, fresh_ledger: Path
) -> None:
    """``edit 1 anna pik mit 1`` on a game that is just that: said, nothing written, and
    nothing in the history."""
    led = ("--ledger", str(fresh_ledger))
    _ok(run, "add", "anna", "pik", "mit", "1", "augen", "61", *led)
    before = fresh_ledger.read_bytes()
    r = run("edit", "1", "anna", "pik", "mit", "1", "augen", "61", *led)
    assert r.exit_code == 2
    assert r.stderr == "Fehler: Spiel 1 lautet schon so: nichts geändert, nichts geschrieben\n"
    assert fresh_ledger.read_bytes() == before


def test_the_history_says_a_bock_round_was_called_and_restore_says_it_is_called_off(
    run: Run, ledger_path: Path
) -> None:
    """``bock`` changes no word of the game: the history says that a Bock round was called
    after it, and bringing back the game as it was says that the round is called off."""
    led = ("--ledger", str(ledger_path))
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--rules", "pub", *led)
    _ok(run, "add", "anna", "pik", "mit", "1", *led)
    _ok(run, "bock", *led)
    history = _ok(run, "history", *led)
    assert history.endswith(
        "geändert Spiel 1: Anna pik mit 1 → Anna pik mit 1 (danach eine Bockrunde angesagt)\n"
    )
    r = run("restore", "1", *led)
    assert r.exit_code == 0
    assert "Die Bockrunde nach Spiel 1 ist abgesagt" in r.stderr + r.stdout
    assert not _games(ledger_path)[0].get("bock_called")
    assert "(die Bockrunde danach abgesagt)" in _ok(run, "history", *led)


# --- options and outputs -------------------------------------------------------------------


def test_a_note_that_is_an_option_s_name_is_refused_unless_written_with_equals(
    run: Run, fresh_ledger: Path
) -> None:
    """``add ... --note --lang``: the note was forgotten, not '--lang'; refused, nothing
    written; ``--note=--lang`` is that note."""
    led = ("--ledger", str(fresh_ledger))
    r = run("add", "anna", "null", "--note", "--lang", *led)
    assert r.exit_code == 2
    assert r.stderr.startswith(
        "Fehler: --note --lang: --lang ist eine Option, kein Wert für --note; gib --note "
        "seinen Wert, oder schreib --note=--lang, wenn das der Wert ist\n"
    )
    assert _games(fresh_ledger) == []
    _ok(run, "add", "anna", "null", "--note=--lang", *led)
    assert _games(fresh_ledger)[0]["note"] == "--lang"


def test_an_export_into_a_device_is_written_into_it(run: Run, fresh_ledger: Path) -> None:
    """``export -o /dev/null`` writes into the device (it stays a device); a full one is said
    in words of ours, exit 2."""
    import stat

    led = ("--ledger", str(fresh_ledger))
    _ok(run, "add", "anna", "null", *led)
    r = run("export", "--format", "csv", "-o", "/dev/null", *led)
    assert (r.exit_code, r.stdout) == (0, "/dev/null: csv, 1 Spiel\n")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    full = run("export", "--format", "csv", "-o", "/dev/full", *led)
    assert (full.exit_code, full.stderr) == (
        2,
        "Fehler: /dev/full: kann nicht schreiben: kein Platz mehr auf dem Gerät\n",
    )


# --- the phone page's API ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"declarer": 5, "words": "null"}, "'declarer' muss Text sein, nicht eine Zahl (5)"),
        ({"declarer": "anna", "words": 5}, "'words' muss Text sein, nicht eine Zahl (5)"),
        (
            {"declarer": "anna", "words": "null", "note": True},
            "'note' muss Text sein, nicht wahr oder falsch (true)",
        ),
    ],
)
def test_a_field_of_the_wrong_json_type_is_a_400_naming_it_and_its_type(
    fresh_ledger: Path, body: dict[str, object], said: str
) -> None:
    """``{"declarer": 5}``: a bad request (400) that names the field and the type it takes,
    and the list is left as it was."""
    from starlette.testclient import TestClient

    from skatliste.web.server import create_app

    from .webtools import KEY

    before = fresh_ledger.read_bytes()
    client = TestClient(create_app(fresh_ledger, key=KEY))
    got = client.post("/api/games", json=body, headers={"Authorization": f"Bearer {KEY}"})
    assert (got.status_code, got.json()) == (400, {"error": said})
    assert fresh_ledger.read_bytes() == before


def test_a_ramsch_naming_the_dealer_at_a_table_of_four_says_the_dealer_sits_out(
    run: Run, ledger_path: Path
) -> None:
    """``ramsch anna=50 ben=40 carl=30 jungfrau dora`` while Anna deals: the problem is that
    Anna sits out, said once, not that Dora did not play."""
    led = ("--ledger", str(ledger_path))
    _ok(run, "new", "--players", *FOUR, "--rules", "pub", *led)
    r = run("ramsch", "anna=50", "ben=40", "carl=30", "jungfrau", "dora", *led)
    assert (r.exit_code, r.stderr) == (
        2,
        "Fehler: Spiel 1: Anna gibt Spiel 1 und setzt am Vierertisch aus (Regeln §1): ein "
        "Ramsch braucht die Augen von Ben, Carl, Dora, z. B. 'ben=45 ...'\n",
    )


# --- Markdown that stays a table -----------------------------------------------------------


def test_markdown_keeps_the_table_a_table_explains_its_marks_and_runs_no_link(
    run: Run, ledger_path: Path
) -> None:
    """A blank line ends the table before the legend and the rounds ahead (a line right under
    it would be a row); the B and R marks are explained; a note's link or image is text."""
    led = ("--ledger", str(ledger_path))
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--rules", "pub", *led)
    note = "[click](javascript:alert(6)) ![t](http://evil.example/t.png) *x* `y`"
    _ok(run, "add", "anna", "pik", "mit", "1", "--note", note, *led)
    _ok(run, "bock", *led)
    _ok(run, "add", "ben", "kreuz", "mit", "1", *led)
    out = ledger_path.with_name("x.md")
    _ok(run, "export", "-o", str(out), *led)
    text = out.read_text(encoding="utf-8")
    sheet = text.split("## Liste\n\n", 1)[1].split("\n\n## ", 1)[0]
    table, legend, ahead = sheet.split("\n\n")
    assert [line.startswith("|") for line in table.splitlines()] == [True] * 4
    assert legend == (
        "B = Bock, R = Ramschrunde, ≠ = Wert auf Papier weicht ab, ! = unmögliches Spiel "
        "(skatliste check)"
    )
    assert ahead == "Als Nächstes: Bock 2 · dann Ramsch 3"
    assert (
        "„\\[click\\](javascript:alert(6)) !\\[t\\](http://evil.example/t.png) \\*x\\* \\`y\\`“"
        in table
    )


def test_a_signed_list_edited_by_hand_exits_1_and_its_footer_says_so(
    run: Run, fresh_ledger: Path
) -> None:
    """The sheet of a signed list changed by hand exits as ``check`` does, and its footer marks
    the signatures as no longer covering the list."""
    led = ("--ledger", str(fresh_ledger))
    _ok(run, "add", "anna", "pik", "mit", "1", *led)
    _ok(run, "sign", "Anna", "Ben", "Carl", *led)
    data = json.loads(fresh_ledger.read_text(encoding="utf-8"))
    data["games"][0]["augen"] = 20
    fresh_ledger.write_text(json.dumps(data), encoding="utf-8")
    r = run("sheet", *led)
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1] == (
        "! die Liste wurde nach dem Unterschreiben geändert: die Unterschriften decken sie "
        "nicht mehr ('skatliste check' sagt, wie)"
    )
    assert r.stderr == "Fehler: 1 Spiel: 3 Probleme ('skatliste check' nennt sie)\n"
    assert run("check", *led).exit_code == 1


# --- names as people type them, names that look the same ----------------------------------


@pytest.mark.parametrize(
    ("typed", "player"),
    [("jorg", "Jörg"), ("joerg", "Jörg"), ("JOERG", "Jörg"), ("jurgen", "Jürgen"),
     ("juergen", "Jürgen"), ("zoe", "Zoë"), ("weiss", "Weiß"), ("jo", "Jörg")],
)  # fmt: skip
def test_a_name_typed_without_its_umlauts_or_accents_finds_the_player(
    run: Run, ledger_path: Path, typed: str, player: str
) -> None:
    """ä, ö, ü typed as a, o, u or ae, oe, ue, ß as ss, letters without their accents: the
    player is found, as by the name's beginning."""
    led = ("--ledger", str(ledger_path))
    players = ("Anna", "Weiß", "Carl") if player == "Weiß" else ("Jörg", "Jürgen", "Zoë")
    _ok(run, "new", "--players", *players, *led)
    _ok(run, "add", typed, "null", *led)
    assert _games(ledger_path)[0]["declarer"] == player


def test_a_name_typed_so_that_it_fits_two_players_is_refused_naming_both(
    run: Run, ledger_path: Path
) -> None:
    """What is ambiguous is still refused, naming the candidates."""
    led = ("--ledger", str(ledger_path))
    _ok(run, "new", "--players", "Müller", "Muller", "Ben", *led)
    r = run("add", "mu", "null", *led)
    assert (r.exit_code, r.stderr) == (
        2,
        "Fehler: 'mu' kann Müller oder Muller sein: schreib mehr vom Namen\n",
    )


def test_a_paper_result_finds_a_name_by_its_start_as_the_list_commands_do(
    run: Run, tmp_path: Path
) -> None:
    """``tournament result 1 1 Müller=140/6/1`` finds Müller-Lüdenscheidt (and ``Jorg`` finds
    Jörg), as ``add`` finds a name."""
    folder = tmp_path / "preis"
    _ok(run, "tournament", "new", str(folder), "--name", "Preis", "--series", "1")
    t = ("--tournament", str(folder))
    for name in ("Müller-Lüdenscheidt", "Jörg", "Carl"):
        _ok(run, "tournament", "player", "add", name, *t)
    _ok(run, "tournament", "seat", "1", "1", "Müller-Lüdenscheidt", "Jörg", "Carl", *t)
    _ok(run, "tournament", "result", "1", "1", "Müller=140/6/1", "Jorg=20/2/3", "carl=0/0/0", *t)
    ranking = json.loads(_ok(run, "tournament", "ranking", "--json", *t))
    points = {p["name"]: p["points"] for p in ranking["ranking"]}
    assert points == {"Müller-Lüdenscheidt": 140, "Jörg": 20, "Carl": 0}


@pytest.mark.parametrize("char", ["\u200b", "\u202e", "\u2066", "\u00ad", "\ufeff"])
def test_a_name_with_an_invisible_or_direction_character_is_refused_everywhere(
    run: Run, tmp_path: Path, char: str
) -> None:
    """``Ann\\u200ba`` looks like Anna and would be another player; a right-to-left override
    turns what a name shows. Refused for a list, a tournament, a season's alias and a
    league's team."""
    name = f"Ann{char}a"
    r = run("new", "--players", "Anna", name, "Ben", "--ledger", str(tmp_path / "l.json"))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"Fehler: {name!r} kann kein Spielername sein:")
    assert f"(U+{ord(char):04X} " in r.stderr
    assert not (tmp_path / "l.json").exists()
    folder, season, league = tmp_path / "t", tmp_path / "s", tmp_path / "g"
    _ok(run, "tournament", "new", str(folder), "--name", "T")
    _ok(run, "season", "new", str(season), "--name", "S")
    _ok(run, "league", "new", str(league), "--name", "L")
    for command in (
        ("tournament", "player", "add", name, "--tournament", str(folder)),
        ("season", "alias", "Anna", name, "--season", str(season)),
        (
            "league",
            "team",
            "add",
            "Kiel",
            "--players",
            "Anna",
            name,
            "Ben",
            "--league",
            str(league),
        ),
    ):
        r = run(*command)
        assert r.exit_code == 2 and "kann kein Spielername sein" in r.stderr, command


def test_the_rules_of_a_list_are_said_in_german_with_each_key_as_rule_takes_it(
    run: Run, ledger_path: Path
) -> None:
    """``skatliste rules``: each option described in the command's language, its key and value
    written beside as ``--rule`` takes them."""
    led = ("--ledger", str(ledger_path))
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "--rules", "pub", *led)
    lines = _ok(run, "rules", *led).splitlines()
    assert lines[0] == f"{ledger_path}: Regelwerk pub"
    assert (
        "  bock.overlap=queue — eine Bockrunde während einer Bockrunde: queue (die nächste "
        "Runde zählt auch doppelt) oder stack (×4, Doppelbock)" in lines
    )
    assert all(" — " in line for line in lines[1:])


# --- serve --show-keys ---------------------------------------------------------------------


def test_show_keys_prints_the_links_of_the_server_that_runs_or_says_none_runs(
    run: Run, tmp_path: Path
) -> None:
    """``serve --tournament preis --show-keys`` while the server runs on 8733: its links are
    for 8733, not the default 8000; with no server running it says so."""
    from skatliste.app import serving

    folder = tmp_path / "preis"
    _ok(run, "tournament", "new", str(folder), "--name", "Preis")
    shown = ("serve", "--tournament", str(folder), "--show-keys")
    alone = run(*shown)
    assert alone.exit_code == 0
    assert ":8000/#pair=" in alone.stdout
    assert alone.stderr == (
        "Kein 'skatliste serve' läuft gerade dafür: diese Links gehen, sobald es auf Port 8000 "
        "läuft\n"
    )
    before = sorted(folder.iterdir())
    with serving.recorded(folder, "127.0.0.1", 8733, folder=True):  # as 'serve' keeps it
        record = serving.serving_path(folder, folder=True)
        assert record is not None and record.exists()
        assert sorted(folder.iterdir()) == before  # nothing beside the tournament's files
        r = run(*shown)
        assert r.exit_code == 0 and r.stderr == ""
        assert ":8733/#pair=" in r.stdout and ":8000" not in r.stdout
    assert not record.exists()


# --- a forgotten game in a pub list (docs/rules.md §8) ------------------------------------


@pytest.fixture
def pub_evening(run: Run, ledger_path: Path) -> Path:
    """A pub list at a table of four: a lost Grand with Kontra starts a Bock round (games 2
    to 5), a Ramsch round follows (games 6 to 9), two Ramsch games are played in it."""
    led = ("--ledger", str(ledger_path))
    _ok(run, "new", "--players", "Anna", "Ben", "Carl", "Max", "--rules", "pub", *led)
    for words in (
        "ben grand mit 1 kontra augen 50",
        "carl kreuz mit 1",
        "max pik mit 1",
        "ben herz mit 1",
        "carl karo mit 1",
        "ramsch anna=50 carl=40 max=30",
        "ramsch anna=50 ben=40 max=30",
    ):
        first, *rest = words.split()
        if first == "ramsch":
            _ok(run, "ramsch", *rest, *led)
        else:
            _ok(run, "add", first, *rest, *led)
    return ledger_path


def _played(run: Run, path: Path) -> list[tuple[str, str, str]]:
    """Each game's dealer, declarer and marks (B, R, *), as the sheet's CSV has them."""
    import csv

    text = _ok(run, "sheet", "--format", "csv", "--ledger", str(path))
    return [(r["dealer"], r["declarer"], r["marks"]) for r in csv.DictReader(
        io.StringIO(text), delimiter=";")]  # fmt: skip


def test_a_forgotten_game_inserted_into_a_bock_round_leaves_the_later_rounds_as_played(
    run: Run, pub_evening: Path
) -> None:
    """``insert 5 max grand mit 1 augen 70``: the game takes the Bock of its place; the games
    after it keep their dealers, their Bock and their Ramsch round as played; the sheet marks
    it and says so."""
    led = ("--ledger", str(pub_evening))
    before = _played(run, pub_evening)
    r = run("insert", "5", "max", "grand", "mit", "1", "augen", "70", *led)
    assert r.exit_code == 0, r.output
    assert "Bock ×2 → +96" in r.stdout
    after = _played(run, pub_evening)
    assert after[:4] + after[5:] == before
    assert after[4] == ("Anna", "Max", "B*")  # in game 5's deal, counted in no round
    sheet = _ok(run, "sheet", *led).splitlines()
    assert sheet[-2] == (
        "* = nachgetragen (Spiel 5): dazwischen gespielt, zählt es in keiner Bock- oder "
        "Ramschrunde; die Runden darum behalten ihre Spiele, wie sie gespielt wurden"
    )
    assert run("check", *led).exit_code == 0
    assert _games(pub_evening)[4]["inserted"] is True


def test_a_forgotten_game_inserted_before_a_ramsch_round_starts_no_round_of_its_own(
    run: Run, pub_evening: Path
) -> None:
    """After the first Ramsch round a game still goes in between: inserted at game 2 it takes
    the Bock of its place and starts no round (a lost Grand with Kontra would), and the later
    games keep their dealers and rounds."""
    led = ("--ledger", str(pub_evening))
    before = _played(run, pub_evening)
    r = run("insert", "2", "carl", "grand", "mit", "1", "kontra", "augen", "50", *led)
    assert r.exit_code == 0, r.output
    after = _played(run, pub_evening)
    assert after[0] == before[0] and after[2:] == before[1:]
    assert after[1] == ("Ben", "Carl", "B*")
    assert run("check", *led).exit_code == 0


def test_the_html_export_says_which_games_were_entered_later(run: Run, pub_evening: Path) -> None:
    """The HTML list explains the ``*`` of a game entered later, as the sheet does."""
    led = ("--ledger", str(pub_evening))
    _ok(run, "insert", "5", "max", "grand", "mit", "1", "augen", "70", *led)
    out = pub_evening.with_name("x.html")
    _ok(run, "export", "-o", str(out), *led)
    assert '<p class="meta">* = nachgetragen (Spiel 5): dazwischen gespielt' in out.read_text(
        encoding="utf-8"
    )


def test_a_refusal_after_the_game_is_saved_exits_3_and_says_it_is_saved(
    run: Run, fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever stops a command after its write (here the answer's rendering refused), it
    never exits 2: the game is saved, and stderr says so."""
    from skatliste.cli import lists
    from skatliste.cli.base import refuse
    from skatliste.i18n import msg

    def refused(*_args: object) -> None:
        refuse(msg("the list has no games yet"))

    monkeypatch.setattr(lists, "show_change", refused)
    r = run("add", "anna", "null", "--ledger", str(fresh_ledger))
    assert (r.exit_code, r.stderr) == (
        3,
        f"Fehler: gespeichert ({fresh_ledger}), aber die Liste hat noch keine Spiele\n",
    )
    assert len(_games(fresh_ledger)) == 1


@pytest.mark.parametrize("empty", ["", " "])
def test_a_player_given_with_an_empty_name_is_refused_not_dropped(
    run: Run, ledger_path: Path, empty: str
) -> None:
    """``new --players '' Ben Carl Dora`` made a list of three without a word: the empty name
    is refused, naming the player's place, and no list is written. A trailing comma in
    ``Anna,Ben,Carl,`` is no name and stays harmless."""
    led = ("--ledger", str(ledger_path))
    r = run("new", "--players", empty, "Ben", "Carl", "Dora", *led)
    assert r.exit_code == 2 and not ledger_path.exists()
    assert "Spieler 1 hat einen leeren Namen" in r.stderr
    _ok(run, "new", "--players", "Anna,Ben,Carl,", *led)
    assert json.loads(ledger_path.read_text(encoding="utf-8"))["players"] == ["Anna", "Ben", "Carl"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("summary", "--cent", "0.5", "--cent", "1"), "--cent 0.5, dann --cent 1"),
        (("summary", "--cent=0.5", "--cent", "1"), "--cent=0.5, dann --cent 1"),
        (("add", "--lang", "en", "anna", "null", "--lang", "de"), "--lang en, dann --lang de"),
    ],
)
def test_an_option_of_one_value_given_twice_is_refused(
    run: Run, ledger_path: Path, args: tuple[str, ...], said: str
) -> None:
    """``summary --cent 0.5 --cent 1`` kept the last without a word, where the game's words
    refuse ``mit 1 mit 2``: refused, naming both, nothing written."""
    led = ("--ledger", str(ledger_path))
    _ok(run, "new", "--players", *FOUR[:3], *led)
    before = ledger_path.read_bytes()
    r = run(*args, *led)
    assert r.exit_code == 2
    assert f"ist zweimal angegeben ({said}): gib es einmal an" in r.stderr
    assert ledger_path.read_bytes() == before
