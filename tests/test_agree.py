"""The list the table agrees on (docs/rules.md, "The list the table agrees on"): two lists of
one table compared through the command line (also against the paper list typed in), signing
closes a list, a closed list refuses every change until it is reopened with a reason, a hand
edit after signing fails ``check``, a protest blocks signing until it is decided, and every
fact is kept in the list file and shown in ``history`` and on the sheet; for Skat and for
American Grand. Bad input is refused with exit 2 and nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skatliste import agree as core
from skatliste.errors import InputError, LedgerError
from skatliste.store import lists as store

from .conftest import Run, american

PLAYERS = ("Anna", "Ben", "Carl")


def _list(run: Run, path: Path, *games: str, players: tuple[str, ...] = PLAYERS) -> Path:
    r = run("new", "--players", *players, "--ledger", str(path))
    assert r.exit_code == 0, r.output
    for words in games:
        r = run("add", *words.split(), "--ledger", str(path))
        assert r.exit_code == 0, r.output
    return path


EVENING = (
    "anna kreuz mit 2",
    "ben grand mit 1 hand",
    "carl null",
    "anna pik ohne 1 kontra",
    "ben herz mit 1",
)


@pytest.fixture
def evening(run: Run, tmp_path: Path) -> Path:
    """List A of a table: five games."""
    return _list(run, tmp_path / "table-03.json", *EVENING)


@pytest.fixture
def signed(run: Run, evening: Path) -> Path:
    """The evening's list signed by all three: closed."""
    r = run("sign", "Anna", "Ben", "Carl", "--ledger", str(evening))
    assert r.exit_code == 0, r.output
    return evening


# --- two lists compared ----------------------------------------------------------------------


@pytest.mark.english
def test_compare_finds_a_missing_game_a_swapped_declarer_a_value_and_a_kontra(
    run: Run, tmp_path: Path
) -> None:
    """List B has game 2 declared by Carl, game 4 without Kontra, lacks game 5 and writes
    another value by game 6: four differences, each named by what differs, the lists in step
    again after the missing game."""
    games = (*EVENING, "carl karo mit 1")
    a = _list(run, tmp_path / "table-03.json", *games)
    b = _list(
        run,
        tmp_path / "table-03.b.json",
        "anna kreuz mit 2",
        "carl grand mit 1 hand",
        "carl null",
        "anna pik ohne 1",
        "carl karo mit 1 = 30",
    )
    r = run("compare", str(a), str(b))
    assert r.exit_code == 1, r.output
    assert r.stdout.splitlines() == [
        'game 2: A "Ben grand mit 1 hand" +72 — B "Carl grand mit 1 hand" +72',
        'game 4: A "Anna pik ohne 1 kontra" +44 — B "Anna pik ohne 1" +22',
        'game 5: A "Ben herz mit 1" +20 — missing in B',
        'game 6 (in B game 5): A "Carl karo mit 1" +18 — B "Carl karo mit 1 = 30" +18',
        "total Anna: A +80 — B +58 (difference +22)",
        "total Ben: A +92 — B 0 (difference +92)",
        "total Carl: A +41 — B +113 (difference −72)",
        "the lists differ in 4 games",
    ]
    data = json.loads(run("compare", str(a), str(b), "--json").stdout)
    assert data["agree"] is False
    found = [(d["game"], d["kind"], d["fields"]) for d in data["differences"]]
    assert found == [
        (2, "declarer", ["declarer"]),
        (4, "kontra", ["kontra"]),
        (5, "missing_in_b", []),
        (6, "value", ["paper"]),
    ]
    assert data["differences"][0]["a"]["value"] == 72
    assert data["differences"][2]["b"] is None
    assert data["totals"]["Ben"] == {"a": 92, "b": 0, "difference": 92}
    reverse = json.loads(run("compare", str(b), str(a), "--json").stdout)
    assert [d["kind"] for d in reverse["differences"]] == [
        "declarer",
        "kontra",
        "missing_in_a",
        "value",
    ]


@pytest.mark.english
def test_compare_pairs_the_games_around_a_missing_one_so_the_fewest_fields_differ(
    run: Run, tmp_path: Path
) -> None:
    """The referee's case: B lacks A's game 3 (Ben Null) and writes game 4 for Carl; game 3
    is missing in B and game 4 differs in the declarer only, not game 3 in everything."""
    first = ("anna kreuz mit 1", "ben grand mit 1")
    a = _list(
        run, tmp_path / "a.json", *first, "ben null", "anna pik mit 1 augen 70", "ben herz mit 1"
    )
    b = _list(run, tmp_path / "b.json", *first, "carl pik mit 1 augen 70", "ben herz mit 1")
    r = run("compare", str(a), str(b))
    assert r.exit_code == 1
    assert r.stdout.splitlines()[:2] == [
        'game 3: A "Ben null" +23 — missing in B',
        'game 4 (in B game 3): A "Anna pik mit 1 augen 70" +22 — B "Carl pik mit 1 augen 70" +22',
    ]
    data = json.loads(run("compare", str(a), str(b), "--json").stdout)
    assert [(d["game"], d["kind"], d["fields"]) for d in data["differences"]] == [
        (3, "missing_in_b", []),
        (4, "declarer", ["declarer"]),
    ]


@pytest.mark.english
def test_a_list_compared_with_itself_is_refused(run: Run, evening: Path) -> None:
    """The same file as A and B (or a link to it) always agrees: refused as a slip, exit 2."""
    link = evening.with_name("link.json")
    link.symlink_to(evening.name)
    for other in (evening, link):
        r = run("compare", str(evening), str(other))
        assert r.exit_code == 2 and "are the same file" in r.stderr, r.output


@pytest.mark.english
def test_two_lists_that_agree_exit_0(run: Run, evening: Path, tmp_path: Path) -> None:
    b = _list(run, tmp_path / "b.json", *EVENING)
    r = run("compare", str(evening), str(b))
    assert r.exit_code == 0 and r.stdout == "the lists agree: 5 games\n"
    assert json.loads(run("compare", str(evening), str(b), "--json").stdout) == {
        "agree": True,
        "differences": [],
        "totals": {},
    }


@pytest.mark.english
def test_compare_against_the_paper_list_typed_in(run: Run, evening: Path, tmp_path: Path) -> None:
    """Paper text is read as ``value -`` reads it, one game a line with its declarer, ``= N``
    the value written: the value the paper says is compared, a comment is skipped."""
    paper = tmp_path / "paper.txt"
    paper.write_text(
        "# Tisch 3, Liste von Carl\n"
        "anna kreuz mit 2 = 36\n"
        "ben grand mit 1 hand = 72\n"
        "carl null\n"
        "anna pik ohne 1 kontra = 22\n"
        "ben herz mit 1\n",
        encoding="utf-8",
    )
    r = run("compare", str(evening), str(paper))
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        'game 4: A "Anna pik ohne 1 kontra" +44 — B "Anna pik ohne 1 kontra" +22',
        "total Anna: A +80 — B +58 (difference +22)",
        "the lists differ in 1 game",
    ]
    paper.write_text("\n".join(EVENING) + "\n", encoding="utf-8")
    assert run("compare", str(evening), str(paper)).exit_code == 0


@pytest.mark.english
def test_compare_refuses_lists_of_other_players(run: Run, evening: Path, tmp_path: Path) -> None:
    other = _list(run, tmp_path / "other.json", "anna kreuz mit 2", players=("Anna", "Ben", "Dora"))
    r = run("compare", str(evening), str(other))
    assert r.exit_code == 2
    assert "the two lists are not of the same players: A has Anna, Ben, Carl" in r.stderr


@pytest.mark.english
def test_compare_names_a_second_list_that_is_not_there(run: Run, evening: Path) -> None:
    r = run("compare", str(evening), "nope.txt")
    assert r.exit_code == 2
    assert "nope.txt: no such file: give the table's other list, or its paper list" in r.stderr


@pytest.mark.english
def test_compare_refuses_a_paper_line_that_is_no_game_of_the_table(
    run: Run, evening: Path, tmp_path: Path
) -> None:
    paper = tmp_path / "paper.txt"
    paper.write_text("anna kreuz mit 2\ndora grand mit 1\n", encoding="utf-8")
    r = run("compare", str(evening), str(paper))
    assert r.exit_code == 2 and f"{paper}: line 2:" in r.stderr


@pytest.mark.english
def test_american_grand_lists_are_compared_deal_by_deal(run: Run, tmp_path: Path) -> None:
    a = american(run, tmp_path / "a.json", "ben whist 25 stiche 11", "carl grand 20 stiche 10")
    b = american(run, tmp_path / "b.json", "ben whist 25 stiche 11", "carl grand 20 stiche 9")
    r = run("compare", str(a), str(b), "--json")
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert [(d["game"], d["kind"]) for d in data["differences"]] == [(2, "result")]


# --- signing and closing ---------------------------------------------------------------------


@pytest.mark.english
def test_signing_by_every_player_closes_the_list(run: Run, evening: Path) -> None:
    r = run("sign", "Anna", "ben", "--ledger", str(evening))
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-1] == "still to sign: Carl"
    r = run("sign", "Carl", "--ledger", str(evening))
    assert r.stdout.splitlines()[-1].startswith("the list is closed: signed by Anna, Ben, Carl, ")
    data = json.loads(evening.read_text(encoding="utf-8"))
    signatures = [f for f in data["agreement"] if f["kind"] == "sign"]
    mark = core.fingerprint({k: v for k, v in g.items() if k != "time"} for g in data["games"])
    assert [(s["player"], s["games"], s["fingerprint"]) for s in signatures] == [
        ("Anna", 5, mark),
        ("Ben", 5, mark),
        ("Carl", 5, mark),
    ]


@pytest.mark.english
@pytest.mark.parametrize(
    "change",
    [
        ("add", "anna", "null"),
        ("pass",),
        ("undo",),
        ("delete", "2"),
        ("edit", "2", "ben", "grand", "mit", "1"),
        ("insert", "1", "anna", "null"),
        ("protest", "2", "Carl: too late"),
        ("sign", "Anna"),
    ],
)
def test_a_closed_list_refuses_every_change_naming_the_signatures(
    run: Run, signed: Path, change: tuple[str, ...]
) -> None:
    before = signed.read_bytes()
    r = run(*change, "--ledger", str(signed))
    assert r.exit_code == 2
    assert "the list is closed, signed by Anna, Ben, Carl: it takes no change" in r.stderr
    assert signed.read_bytes() == before


@pytest.mark.english
def test_reopen_voids_the_signatures_and_is_kept_in_the_history(run: Run, signed: Path) -> None:
    r = run("reopen", "--why", "game 6 was forgotten", "--ledger", str(signed))
    assert r.exit_code == 0
    assert r.stdout == "the list is open again (game 6 was forgotten): the signatures are void\n"
    assert run("add", "carl", "null", "--ledger", str(signed)).exit_code == 0
    history = run("history", "--ledger", str(signed)).stdout
    assert "reopened: 'game 6 was forgotten'; the signatures before are void" in history
    assert history.count("signed by ") == 3
    r = run("sign", "Anna", "Ben", "Carl", "--ledger", str(signed))
    assert r.exit_code == 0 and "the list is closed" in r.stdout
    assert "signed by Anna: 6 games" in run("history", "--ledger", str(signed)).stdout


@pytest.mark.english
def test_a_hand_edit_after_signing_fails_check(run: Run, signed: Path) -> None:
    assert run("check", "--ledger", str(signed)).exit_code == 0
    text = signed.read_text(encoding="utf-8")
    signed.write_text(text.replace('"game":"null"', '"game":"null","hand":true'), encoding="utf-8")
    r = run("check", "--ledger", str(signed))
    assert r.exit_code == 1
    assert f"{signed}: signature of Anna: signed 5 games (" in r.stdout
    assert "changed after signing" in r.stdout
    assert r.stdout.count("signature of ") == 3


@pytest.mark.english
def test_a_change_after_some_signed_asks_them_to_sign_again(run: Run, evening: Path) -> None:
    """A signature covers the games as they were: after a change, check names it, and a
    signature of the changed list voids it (its player signs again)."""
    assert run("sign", "Anna", "--ledger", str(evening)).exit_code == 0
    added = run("add", "carl", "null", "--ledger", str(evening))
    assert added.stdout.splitlines()[-1] == (
        "the signature of Anna no longer covers the list: Anna signs it again"
    )
    assert "signature of Anna" in run("check", "--ledger", str(evening)).stdout
    r = run("sign", "Ben", "Carl", "--ledger", str(evening))
    assert r.stdout.splitlines()[-1] == "still to sign: Anna"
    assert run("check", "--ledger", str(evening)).exit_code == 0
    assert "closed" in run("sign", "Anna", "--ledger", str(evening)).stdout


@pytest.mark.english
def test_every_change_after_signing_names_whose_signatures_no_longer_cover_the_list(
    run: Run, evening: Path
) -> None:
    """Anna and Ben sign, a game is added: the change says their signatures no longer cover
    the list (before, only Carl's signature later said "still to sign: Anna, Ben"); an edit
    says it too, in German as in English; an undo back to the games they signed, or a change
    before anyone signed, says nothing of signatures."""
    plain = run("add", "carl", "null", "--ledger", str(evening)).stdout
    assert "signature" not in plain
    assert run("sign", "Anna", "Ben", "--ledger", str(evening)).exit_code == 0
    for args in (("add", "ben", "null"), ("edit", "7", "ben", "null", "hand")):
        r = run(*args, "--ledger", str(evening))
        assert r.exit_code == 0, r.output
        assert "the signatures of Anna, Ben no longer cover the list: they sign it again" in (
            r.stdout.splitlines()
        )
    undone = run("undo", "--ledger", str(evening))  # back to the games they signed
    assert undone.exit_code == 0 and "signature" not in undone.stdout
    german = run("add", "ben", "null", "--ledger", str(evening), "--lang", "de").stdout
    assert german.splitlines()[-1] == (
        "die Unterschriften von Anna, Ben decken die Liste nicht mehr: sie unterschreiben neu"
    )


@pytest.mark.english
def test_reopen_of_a_list_not_everyone_signed_is_refused_not_a_silent_drop(
    run: Run, evening: Path
) -> None:
    """Anna signed, Ben and Carl not yet: the list takes changes as it is, so a reopening
    would only drop Anna's signature without a word; it is refused, nothing written."""
    assert run("sign", "Anna", "--ledger", str(evening)).exit_code == 0
    before = evening.read_bytes()
    r = run("reopen", "--why", "game 6 forgotten", "--ledger", str(evening))
    assert r.exit_code == 2
    assert "the list is not closed (signed by Anna, not yet by Ben, Carl)" in r.stderr
    assert evening.read_bytes() == before


@pytest.mark.english
def test_the_sheet_and_the_export_show_the_signatures(run: Run, signed: Path) -> None:
    sheet = run("sheet", "--ledger", str(signed)).stdout
    assert sheet.splitlines()[-1].startswith("signed by Anna, Ben, Carl, ")
    page = run("export", "--ledger", str(signed)).stdout
    assert '<section class="agreement"><p class="agreement">signed by Anna, Ben, Carl, ' in page
    assert (
        "- signed by Anna, Ben, Carl, "
        in run("export", "--format", "md", "--ledger", str(signed)).stdout
    )
    assert "signed by" not in run("export", "--format", "csv", "--ledger", str(signed)).stdout


# --- protests --------------------------------------------------------------------------------


@pytest.mark.english
def test_a_protest_stays_with_its_game_when_it_is_deleted(run: Run, evening: Path) -> None:
    """'protest 1', 'delete 1': the protest goes into the history with game 1, never onto
    the game that is now number 1; 'restore' brings both back."""
    path = str(evening)
    assert run("protest", "1", "Ben: misdealt", "--ledger", path).exit_code == 0
    assert run("delete", "1", "--ledger", path).exit_code == 0
    check = run("check", "--ledger", path)
    assert check.exit_code == 0 and "open protest" not in check.stdout, check.stdout
    assert run("delete", "1", "--ledger", path).exit_code == 0
    assert run("check", "--ledger", path).exit_code == 0
    assert run("sign", "Anna", "Ben", "Carl", "--ledger", path).exit_code == 0
    assert run("reopen", "--why", "restore game 1", "--ledger", path).exit_code == 0
    assert run("restore", "1", "--ledger", path).exit_code == 0
    check = run("check", "--ledger", path)
    assert check.exit_code == 1
    assert f"{path}: game 1: open protest: 'Ben: misdealt'" in check.stdout


@pytest.mark.english
def test_a_protest_follows_its_game_when_another_moves_it(run: Run, evening: Path) -> None:
    """A game deleted or inserted before the protested one: the protest keeps to its game."""
    path = str(evening)
    assert run("protest", "4", "Carl: Kontra too late", "--ledger", path).exit_code == 0
    assert run("delete", "2", "--ledger", path).exit_code == 0
    assert "game 3: open protest: 'Carl: Kontra too late'" in run("check", "--ledger", path).stdout
    assert run("insert", "1", "eingepasst", "--ledger", path).exit_code == 0
    assert "game 4: open protest: 'Carl: Kontra too late'" in run("check", "--ledger", path).stdout
    assert run("undo", "--ledger", path).exit_code == 0  # the last game, not the protested
    assert "game 4: open protest" in run("check", "--ledger", path).stdout


@pytest.mark.english
def test_a_protest_blocks_signing_until_it_is_decided(run: Run, evening: Path) -> None:
    path = str(evening)
    r = run("protest", "4", "Carl: Kontra was said after the first card", "--ledger", path)
    assert r.exit_code == 0
    assert "⚑ game 4: open protest 'Carl: Kontra was said after the first card'" in (
        run("sheet", "--ledger", path).stdout
    )
    check = run("check", "--ledger", path)
    assert check.exit_code == 1
    assert f"{path}: game 4: open protest: 'Carl: Kontra was said after the first card'" in (
        check.stdout
    )
    before = evening.read_bytes()
    r = run("sign", "Anna", "Ben", "Carl", "--ledger", path)
    assert r.exit_code == 2 and "game 4 has an open protest" in r.stderr
    assert evening.read_bytes() == before
    r = run(
        "protest", "4", "--decide", "Kontra came too late", "--edit", "anna pik ohne 1",
        "--ledger", path,
    )  # fmt: skip
    assert r.exit_code == 0
    assert r.stdout == (
        "game 4: protest decided ('Kontra came too late'); corrected to 'anna pik ohne 1'\n"
    )
    assert "Anna pik ohne 1" in run("history", "--ledger", path).stdout
    history = run("history", "--ledger", path).stdout.splitlines()
    assert history[0].startswith(" 1. ") and "edit" in history[0]
    assert history[1].endswith("protest on game 4: 'Carl: Kontra was said after the first card'")
    assert history[2].endswith(
        "protest on game 4 decided: 'Kontra came too late'; corrected to 'anna pik ohne 1'"
    )
    assert "⚑" not in run("sheet", "--ledger", path).stdout
    assert run("check", "--ledger", path).exit_code == 0
    assert run("sign", "Anna", "Ben", "Carl", "--ledger", path).exit_code == 0


@pytest.mark.english
def test_a_decision_without_an_edit_leaves_the_game(run: Run, evening: Path) -> None:
    path = str(evening)
    assert run("protest", "2", "Ben: Hand was said", "--ledger", path).exit_code == 0
    games = json.loads(evening.read_text(encoding="utf-8"))["games"]
    assert run("protest", "2", "--decide", "Hand stands", "--ledger", path).exit_code == 0
    assert json.loads(evening.read_text(encoding="utf-8"))["games"] == games


@pytest.mark.english
@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (("sign", "Dora"), "'Dora' is not at this table: the players who sign are Anna, Ben, Carl"),
        (("sign", "An"), "'An' is not at this table"),
        (("sign",), "say who signs"),
        (("sign", "Anna", "anna"), "Anna is named twice: each player signs once"),
        (("protest", "9", "Carl: too late"), "game 9: the list has games 1 to 5"),
        (("protest", "0", "Carl: too late"), "game 0: the list has games 1 to 5"),
        (("protest", "2", "  "), "say what the protest is about"),
        (("protest", "2"), "say what the protest is about"),
        (("protest", "2", "--decide", "Hand stands"), "game 2 has no open protest"),
        (("protest", "2", "--decide", " "), "say what was decided"),
        (("protest", "2", "x", "--decide", "y"), "give the protest's words or --decide, not both"),
        (("protest", "2", "--edit", "ben grand mit 1"), "--edit corrects a game with --decide"),
        (("reopen",), "say why the list is reopened"),
        (("reopen", "--why", "  "), "say why the list is reopened"),
        (
            ("reopen", "--why", "a mistake"),
            "no one has signed the list: there is nothing to reopen",
        ),
    ],
)
def test_bad_input_is_refused_and_nothing_written(
    run: Run, evening: Path, args: tuple[str, ...], problem: str
) -> None:
    before = evening.read_bytes()
    r = run(*args, "--ledger", str(evening))
    assert r.exit_code == 2, r.output
    assert problem in r.stderr
    assert evening.read_bytes() == before


@pytest.mark.english
def test_a_protest_decided_is_not_decided_again(run: Run, evening: Path) -> None:
    path = str(evening)
    assert run("protest", "2", "Ben: Hand was said", "--ledger", path).exit_code == 0
    assert run("protest", "2", "--decide", "Hand stands", "--ledger", path).exit_code == 0
    before = evening.read_bytes()
    r = run("protest", "2", "--decide", "Hand falls", "--ledger", path)
    assert r.exit_code == 2
    assert "the protest on game 2 is decided already: 'Hand stands'" in r.stderr
    assert evening.read_bytes() == before


@pytest.mark.english
def test_a_decision_with_words_the_game_cannot_take_writes_nothing(run: Run, evening: Path) -> None:
    path = str(evening)
    assert run("protest", "2", "Ben: Hand was said", "--ledger", path).exit_code == 0
    before = evening.read_bytes()
    r = run("protest", "2", "--decide", "x", "--edit", "ben grand mit 9", "--ledger", path)
    assert r.exit_code == 2
    assert evening.read_bytes() == before


@pytest.mark.english
def test_american_grand_lists_are_signed_and_protested(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "american.json"
    r = run(
        "new", "--rules", "american-grand", "--players", "Anna", "Ben", "Carl", "Dora",
        "--ledger", str(path),
    )  # fmt: skip
    assert r.exit_code == 0
    assert run("add", "ben", "whist", "25", "stiche", "11", "--ledger", str(path)).exit_code == 0
    r = run("protest", "1", "Anna: 10 tricks", "--ledger", str(path))
    assert r.exit_code == 0 and r.stdout.startswith("deal 1: protest kept")
    assert run("protest", "1", "--decide", "11 tricks", "--ledger", str(path)).exit_code == 0
    r = run("sign", "Anna", "Ben", "Carl", "Dora", "--ledger", str(path))
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0].startswith("Anna signed: 1 deal (")
    assert "the list is closed" in r.stdout
    assert run("add", "carl", "grand", "20", "stiche", "10", "--ledger", str(path)).exit_code == 2


# --- the file --------------------------------------------------------------------------------


def test_a_list_never_signed_is_written_as_before(run: Run, evening: Path) -> None:
    """No ``agreement`` field until a fact is kept: an older skatliste reads the list."""
    assert "agreement" not in json.loads(evening.read_text(encoding="utf-8"))


@pytest.mark.english
@pytest.mark.parametrize(
    ("fact", "problem"),
    [
        ({"kind": "sign", "player": "Dora", "games": 1, "fingerprint": "0123abcd", "time": "t"},
         "agreement 1: player 'Dora' is not a player of this list"),
        ({"kind": "sign", "player": "Anna", "games": 1, "fingerprint": "xyz", "time": "t"},
         "agreement 1: fingerprint: must be written like"),
        ({"kind": "decide", "protest": 1, "text": "x", "time": "t"},
         "agreement 1: protest: there is no protest 1 before it"),
        ({"kind": "vote", "time": "t"}, "agreement 1: kind: must be one of sign, reopen"),
        ({"kind": "reopen", "time": "t"}, "agreement 1: why: is missing"),
    ],
)  # fmt: skip
def test_the_reader_refuses_a_fact_it_cannot_take(
    evening: Path, fact: dict[str, object], problem: str
) -> None:
    before = evening.read_text(encoding="utf-8")
    text = evening.read_text(encoding="utf-8").replace(
        '  "games": [', '  "agreement": ' + json.dumps([fact]) + ',\n  "games": ['
    )
    evening.write_text(text, encoding="utf-8")
    with pytest.raises(LedgerError) as err:
        store.load(evening)
    assert problem in str(err.value), str(err.value)
    assert text != before and evening.read_text(encoding="utf-8") == text


def test_the_core_refuses_signing_for_an_open_protest() -> None:
    """The rules in one place: a protest open, then decided, then the signatures count."""
    facts: list[core.Fact] = [core.Protest(2, "Carl: too late", "2026-12-01T20:00:00+00:00")]
    with pytest.raises(InputError, match="open protest"):
        core.refuse_signing(core.standing(facts), PLAYERS, "Anna", games=3, mark="m", time="t")
    facts.append(core.Decision(1, "it stands", "2026-12-01T20:01:00+00:00"))
    now = core.standing(facts)
    assert not now.open_protests and now.protests[0].decision is not None
    signature = core.refuse_signing(now, PLAYERS, "ANNA", games=3, mark="m", time="t")
    assert signature == core.Signature("Anna", 3, "m", "t")


def test_the_core_names_a_changed_list_and_an_open_protest_in_skat_words() -> None:
    """``check``'s problems of the agreement, worded by default for games; a time a hand edit
    made unreadable is shown as it is."""
    facts: list[core.Fact] = [
        core.Signature("Anna", 2, "0123abcd", "not a time"),
        core.Protest(1, "Ben: Hand", "2026-12-01T20:00:00+00:00"),
    ]
    found = core.problems(core.standing(facts), games=3, mark="89abcdef")
    assert [(where.render("en"), problem.render("en")) for where, problem in found] == [
        (
            "signature of Anna",
            "signed 2 games (0123abcd) at not a time, the list now has 3 games (89abcdef): "
            "changed after signing",
        ),
        ("game 1", "open protest: 'Ben: Hand'"),
    ]
    assert core.problems(core.standing(facts[:1]), games=2, mark="0123abcd") == []


@pytest.mark.english
def test_compare_refuses_a_list_of_another_game_family(
    run: Run, evening: Path, tmp_path: Path
) -> None:
    path = tmp_path / "american.json"
    r = run(
        "new", "--rules", "american-grand", "--players", "Anna", "Ben", "Carl", "Dora",
        "--ledger", str(path),
    )  # fmt: skip
    assert r.exit_code == 0
    r = run("compare", str(evening), str(path))
    assert r.exit_code == 2
    assert f"{path}: its game is American Grand, list A's is Skat" in r.stderr


@pytest.mark.english
def test_a_fact_holding_a_key_twice_is_refused_with_its_place(run: Run, evening: Path) -> None:
    """A hand edit that adds ``"player": "Ben"`` after ``"player": "Anna"`` would sign for
    Ben: refused, as in a game."""
    assert run("sign", "Anna", "--ledger", str(evening)).exit_code == 0
    text = evening.read_text(encoding="utf-8")
    evening.write_text(text.replace('"player": "Anna",', '"player": "Anna", "player": "Ben",'))
    r = run("check", "--ledger", str(evening))
    assert r.exit_code == 2
    assert "agreement 1: 'player' is given twice (a hand edit?)" in r.stderr


def test_the_json_export_holds_the_signatures_and_protests(run: Run, evening: Path) -> None:
    before = json.loads(run("export", "--format", "json", "--ledger", str(evening)).stdout)
    assert "agreement" not in before
    assert run("protest", "2", "Ben: Hand", "--ledger", str(evening)).exit_code == 0
    assert run("protest", "2", "--decide", "stands", "--ledger", str(evening)).exit_code == 0
    assert run("sign", "Anna", "--ledger", str(evening)).exit_code == 0
    data = json.loads(run("export", "--format", "json", "--ledger", str(evening)).stdout)
    agreement = data.pop("agreement")
    assert data == before
    assert agreement["closed"] is False
    assert [s["player"] for s in agreement["signatures"]] == ["Anna"]
    assert [(p["game"], p["text"], p["decision"]) for p in agreement["protests"]] == [
        (2, "Ben: Hand", "stands")
    ]
