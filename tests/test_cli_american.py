"""An American Grand list through the command line: the same commands as a Skat list, each
finding the game family in the list it reads; ``pass`` (or ``end``) ends a partie by hand."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Any

import pytest

from .conftest import EXAMPLES, Run


@pytest.fixture
def grand_list(run: Run, ledger_path: Path) -> Path:
    """A new American Grand list: Anna and Carl against Ben and Dora; Anna deals first."""
    r = run(
        "new", "--rules", "american-grand", "--players", "Anna", "Ben", "Carl", "Dora",
        "--ledger", str(ledger_path),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    said = {
        "de": "neue Liste für American Grand: Anna+Carl gegen Ben+Dora; Anna gibt zuerst",
        "en": "new American Grand list: Anna+Carl against Ben+Dora; Anna deals first",
    }
    assert r.stdout == f"{ledger_path}: {said[os.environ.get('SKATLISTE_LANG', 'de')]}\n"
    return ledger_path


def _ok(run: Run, path: Path, *args: str) -> str:
    r = run(*args, "--ledger", str(path))
    assert r.exit_code == 0, r.output
    return r.stdout


def _summary(run: Run, path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_ok(run, path, "summary", "--json"))
    return data


def test_add_prints_the_deal_its_computation_and_the_pairs_scores(
    run: Run, grand_list: Path
) -> None:
    assert _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11") == (
        "Spiel 1: Anna — Whist 25, 11 Stiche: gewonnen; Anna+Carl +25, Ben+Dora 0\n"
        "  Whist: 11 Stiche, 5 über sechs × 5 = 25\n"
        "Partie 1: Anna+Carl +25 · Ben+Dora 0 · verloren 0 : 0 · nächster Geber: Ben\n"
    )
    assert _ok(run, grand_list, "add", "ben", "grand", "15", "tricks", "3", "--lang", "en") == (
        "Deal 2: Ben — Grand 15, 3 tricks: set; Anna+Carl +36, Ben+Dora −15\n"
        "  Grand: 3 tricks, none over six: 0 < bid 15: set, −15; "
        "defenders 10 tricks, 4 over six × 9 = +36\n"
        "Partie 1: Anna+Carl +61 · Ben+Dora −15 · sets 0 : 1 · next dealer: Carl\n"
    )


@pytest.mark.english
@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["whist", "23", "tricks", "11"], "a bid is a positive multiple of 5"),
        (["euchre", "30", "tricks", "5"], "Euchre may be named only with a bid of 25 or less"),
        (["hearts", "55", "hearts", "0"], "Hearts may be named only with a bid of 50 or less"),
        (["euchre", "15", "allein", "stiche", "5"], "a bid under 20 is played with the partner"),
        (["euchre", "25", "tricks", "5"], "write 'euchre 25 alone tricks 5'"),
        (["whist", "25", "tricks", "14"], "0 to 13 tricks"),
        (["euchre", "10", "tricks", "6"], "0 to 5 tricks"),
        (["hearts", "40", "herzen", "14"], "0 to 13 hearts"),
        (["whist", "250", "stiche", "11"], "highest bid that can be made is 65; "),
        (["whist", "1000000", "stiche", "13"], "highest bid that can be made is 65; "),
        (["grand", "105", "stiche", "13"], "highest bid that can be made is 100; "),
        (["whist", "1" + "0" * 29, "stiche", "13"], "the number has more than 9 digits"),
        (["whist", "-5", "stiche", "7"], "'whist -5': the bid is a positive multiple of 5"),
        (["whist", "25", "stiche", "-1"], "'stiche -1': tricks are 0 to 13"),
    ],
)
def test_refused_deals_leave_the_list_unchanged(
    run: Run, grand_list: Path, words: list[str], message: str
) -> None:
    before = grand_list.read_bytes()
    r = run("add", "anna", *words, "--ledger", str(grand_list))
    assert r.exit_code == 2 and message in r.stderr and r.stderr.startswith("Error: ")
    assert grand_list.read_bytes() == before


def test_a_partie_ends_at_100_with_its_settlement_and_the_next_starts_at_0(
    run: Run, grand_list: Path
) -> None:
    _ok(run, grand_list, "add", "anna", "whist", "30", "tricks", "12")
    _ok(run, grand_list, "add", "ben", "whist", "20", "tricks", "4")  # set: EW −20, NS +15
    out = _ok(run, grand_list, "add", "carl", "whist", "50", "tricks", "13", "--lang", "en")
    assert out.splitlines()[2:] == [
        "Partie 1 over (100 reached): Anna+Carl +110, sets 0 · Ben+Dora −20, sets 1",
        "  1) 100 − (−20) = 120 to Anna+Carl",
        "  2) (1 − 0) × 10 = 10 to Anna+Carl",
        "  3) Anna+Carl win, 130 against 0 (by 130)",
        "Next partie 0 : 0 · next dealer: Dora",
    ]
    _ok(run, grand_list, "add", "anna", "hearts", "30", "hearts", "0")
    assert _summary(run, grand_list) == {
        "parties": [
            {
                "deals": 3,
                "finished": True,
                "pairs": [
                    {"players": ["Anna", "Carl"], "points": 110, "sets": 0, "final": 130},
                    {"players": ["Ben", "Dora"], "points": -20, "sets": 1, "final": 0},
                ],
                "winner": ["Anna", "Carl"],
            },
            {
                "deals": 1,
                "finished": False,
                "pairs": [
                    {"players": ["Anna", "Carl"], "points": 50, "sets": 0, "final": 100},
                    {"players": ["Ben", "Dora"], "points": 0, "sets": 0, "final": 0},
                ],
                "winner": ["Anna", "Carl"],
            },
        ]
    }


def test_the_worked_final_result_as_the_summary_shows_it(run: Run, grand_list: Path) -> None:
    """NS 80 with 7 sets, EW 60 with 5 (§A5), reached deal by deal and ended by hand."""
    lst = grand_list
    for who, words in [
        *[("c", "whist 20 tricks 7")] * 7,  # NS −20 × 7 = −140, 7 sets
        *[("b", "whist 20 tricks 7")] * 5,  # EW −100, 5 sets
        *[("a", "hearts 50 hearts 0")] * 4,  # NS +200 → 60: partie goes on below 100
        *[("b", "hearts 50 hearts 0")] * 3,  # EW +150 → 50
        ("b", "whist 10 tricks 8"),  # EW +10 → 60
        ("a", "whist 20 tricks 10"),  # NS +20 → 80
    ]:
        _ok(run, lst, "add", who, *words.split())
    _ok(run, lst, "end")
    (partie,) = _summary(run, lst)["parties"]
    assert partie["pairs"] == [
        {"players": ["Anna", "Carl"], "points": 80, "sets": 7, "final": 40},
        {"players": ["Ben", "Dora"], "points": 60, "sets": 5, "final": 20},
    ]
    assert partie["winner"] == ["Anna", "Carl"] and partie["finished"]
    assert _ok(run, lst, "summary", "--lang", "en").splitlines()[:4] == [
        "Partie 1 over (ended by hand): Anna+Carl +80, sets 7 · Ben+Dora +60, sets 5",
        "  1) 100 − 60 = 40 to Anna+Carl",
        "  2) (7 − 5) × 10 = 20 to Ben+Dora",
        "  3) Anna+Carl win, 40 against 20 (by 20)",
    ]


def test_end_by_hand_undo_and_history(run: Run, grand_list: Path) -> None:
    r = run("end", "--ledger", str(grand_list))
    assert r.exit_code == 2 and "keine laufende Partie zu beenden" in r.stderr
    _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11")
    assert _ok(run, grand_list, "end", "--lang", "en").splitlines()[0] == (
        "Partie 1 over (ended by hand): Anna+Carl +25, sets 0 · Ben+Dora 0, sets 0"
    )
    assert _ok(run, grand_list, "undo", "--lang", "en").splitlines() == [
        "taken back: partie ended by hand",
        "Partie 1: Anna+Carl +25 · Ben+Dora 0 · sets 0 : 0 · next dealer: Ben",
    ]
    assert _ok(run, grand_list, "undo").splitlines()[0] == (
        "zurückgenommen: Anna whist 25 stiche 11"
    )
    assert _summary(run, grand_list) == {"parties": []}
    history = _ok(run, grand_list, "history").splitlines()
    assert [line.split("  ", 1)[1] for line in history] == [  # numbered for 'restore N'
        "zurück   Ende nach Spiel 1: Partie von Hand beendet",
        "zurück   Spiel 1: Anna whist 25 stiche 11",
    ]
    assert [line.split(".")[0] for line in history] == [" 1", " 2"]


@pytest.mark.english
def test_edit_and_delete_move_every_later_score_and_dealer(run: Run, grand_list: Path) -> None:
    _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11")
    _ok(run, grand_list, "add", "ben", "grand", "15", "tricks", "3")
    out = _ok(run, grand_list, "edit", "2", "dora", "grand", "15", "tricks", "9", "--lang", "en")
    assert out.splitlines()[0] == (
        "Deal 2: Dora — Grand 15, 9 tricks: made; Anna+Carl 0, Ben+Dora +27"
    )
    assert _ok(run, grand_list, "explain", "2", "--lang", "en").splitlines() == [
        "Deal 2: Dora — Grand 15, 9 tricks: made; Anna+Carl 0, Ben+Dora +27",
        "  dealer: Ben",
        "  Grand: 9 tricks, 3 over six × 9 = 27",
        "  Partie 1, after it: Anna+Carl 25 · Ben+Dora 27 · sets 0 : 0",
    ]
    out = _ok(run, grand_list, "delete", "1", "--lang", "en")
    assert out.splitlines()[0] == "deleted deal 1: Anna whist 25 tricks 11"
    assert out.splitlines()[-1] == (
        "Partie 1: Anna+Carl 0 · Ben+Dora +27 · sets 0 : 0 · next dealer: Ben"
    )
    r = run("explain", "5", "--ledger", str(grand_list))
    assert r.exit_code == 2 and "deal 5: the list has deals 1 to 1" in r.stderr
    history = [line.split("  ", 1)[1] for line in _ok(run, grand_list, "history").splitlines()]
    assert history == [
        "edit   deal 2: Ben grand 15 tricks 3 → Dora grand 15 tricks 9",
        "delete deal 1: Anna whist 25 tricks 11",
    ]


def test_sheet_shows_each_partie_and_its_result(run: Run, grand_list: Path) -> None:
    _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11")
    _ok(run, grand_list, "add", "dora", "hearts", "40", "hearts", "3")
    assert _ok(run, grand_list, "sheet", "--lang", "en") == (
        "  Nr  dealer    declarer    contract                   Anna+Carl    Ben+Dora\n"
        "----  --------  ----------  -------------------  --  -----------  ----------\n"
        "   1  Anna      Anna        Whist 25, 11 tricks         +25 = 25       0 = 0\n"
        "   2  Ben       Dora        Hearts 40, 3 hearts  ×      −10 = 15   −43 = −43\n"
        "\n"
        "Partie 1 (provisional, the partie goes on): Anna+Carl +15, sets 0 · "
        "Ben+Dora −43, sets 1\n"
        "  1) 100 − (−43) = 143 to Anna+Carl\n"
        "  2) (1 − 0) × 10 = 10 to Anna+Carl\n"
        "  3) Anna+Carl win, 153 against 0 (by 153)\n"
        "\n"
        "× = set (the contract failed)\n"
    )
    records = json.loads(_ok(run, grand_list, "sheet", "--format", "json"))["deals"]
    assert [(d["contract"], d["points"], d["totals"]) for d in records] == [
        ("whist", [25, 0], [25, 0]),
        ("hearts", [-10, -43], [15, -43]),
    ]


@pytest.mark.parametrize(
    ("fmt", "expect"),
    [
        ("csv", "number;partie;dealer;declarer;contract;bid;tricks;alone;hearts;made;"),
        ("md", "# American Grand: Anna, Ben, Carl, Dora"),
        ("json", '"rules": "american-grand"'),
        ("html", "<h1>American Grand</h1>"),
    ],
)
def test_exports(run: Run, grand_list: Path, tmp_path: Path, fmt: str, expect: str) -> None:
    _ok(run, grand_list, "add", "anna", "euchre", "20", "alone", "tricks", "5")
    out = tmp_path / f"partie.{fmt}"
    assert _ok(run, grand_list, "export", "--format", fmt, "-o", str(out)) == (
        f"{out}: {fmt}, 1 Spiel\n"  # the plural form of the count
    )
    assert expect in out.read_text(encoding="utf-8")
    if fmt == "csv":
        # German: ';' between the columns and yes/no in German, as a Skat list's CSV
        row, time = out.read_text(encoding="utf-8").splitlines()[1].rsplit(";", 1)
        assert row == "1;1;Anna;Anna;jucker;20;5;ja;;ja;Jucker 20 allein, 5 Stiche;25;0;25;0;0;0;;"
        assert time.startswith("20")
    r = run("export", "--format", fmt, "-o", str(grand_list), "--ledger", str(grand_list))
    assert r.exit_code == 2 and "dorthin zu schreiben ersetzte" in r.stderr


@pytest.mark.english
def test_options_hearts_defenders_and_partie_deals(run: Run, ledger_path: Path) -> None:
    _ok(
        run, ledger_path, "new", "--rules", "american-grand", "--players", "A", "B", "C", "D",
        "--rule", "hearts.defenders=always", "--rule", "partie.deals=2",
        "--rule", "slam.counts=over_six",
    )  # fmt: skip
    assert "\n  slam.counts=over_six — " in _ok(run, ledger_path, "rules")
    assert "B+D −13" in _ok(run, ledger_path, "add", "a", "hearts", "20", "hearts", "0")
    out = _ok(run, ledger_path, "add", "b", "whist", "25", "tricks", "11", "--lang", "en")
    assert "Partie 1 over (2 deals played)" in out
    assert [p["finished"] for p in _summary(run, ledger_path)["parties"]] == [True]
    r = run("new", "--rules", "american-grand", "--players", "A", "B", "C", "D", "--force",
            "--rule", "partie.deals=0", "--ledger", str(ledger_path))  # fmt: skip
    assert r.exit_code == 2 and "give the number of deals in a partie" in r.stderr


def test_check_reports_a_hand_edited_deal(run: Run, grand_list: Path) -> None:
    _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11")
    text = grand_list.read_text(encoding="utf-8").replace('"tricks":11', '"tricks":11,"alone":true')
    grand_list.write_text(text, encoding="utf-8")
    r = run("check", "--ledger", str(grand_list))
    assert r.exit_code == 1
    assert (
        f"{grand_list}: Spiel 1: whist 25 allein: nur ein Jucker wird allein gespielt" in r.stdout
    )
    r = run("sheet", "--ledger", str(grand_list))  # shown, and a problem as 'check' says
    assert r.exit_code == 1 and r.stdout == "noch keine Spiele\n"
    assert r.stderr.startswith(
        "Hinweis: 1 Eintrag nicht gezählt, der erste bei Spiel 1: whist 25 allein"
    )
    assert r.stderr.splitlines()[-1].startswith("Fehler: ")


@pytest.mark.english
def test_new_american_grand_needs_four_players(run: Run, ledger_path: Path) -> None:
    r = run("new", "--rules", "american-grand", "--players", "A", "B", "C",
            "--ledger", str(ledger_path))  # fmt: skip
    assert r.exit_code == 2 and "American Grand is played by four" in r.stderr
    assert not ledger_path.exists()


@pytest.mark.english
def test_end_ends_an_american_grand_partie_pass_does_not_and_end_refuses_a_skat_list(
    run: Run, grand_list: Path, tmp_path: Path
) -> None:
    """'end' ends the partie by hand; 'pass', a Skat list's all passed typed by habit, is
    refused saying the dealer must bid and which word ends a partie (rules §A1)."""
    skat = tmp_path / "skat.json"
    _ok(run, skat, "new", "--players", "Anna", "Ben", "Carl")
    r = run("end", "--ledger", str(grand_list))
    assert r.exit_code == 2
    assert f"{grand_list}: no partie in progress to end: the next deal starts" in r.stderr
    _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11")
    kept = grand_list.read_bytes()
    r = run("pass", "--ledger", str(grand_list))
    assert r.exit_code == 2 and grand_list.read_bytes() == kept
    assert r.stderr == (
        f"Error: {grand_list}: no deal of American Grand is passed in: when the first three "
        "pass, the dealer must bid (at least 5), so every deal has a declarer; a partie is "
        "ended by hand with 'end' (German 'ende'); on the command line: 'skatliste end'\n"
    )
    assert _ok(run, grand_list, "end").startswith("Partie 1 over (ended by hand)")
    before = skat.read_bytes()
    r = run("end", "--ledger", str(skat))
    assert r.exit_code == 2
    assert "a Skat list has no partie to end: 'end' is for American Grand lists" in r.stderr
    assert skat.read_bytes() == before
    # and a Skat list keeps its own commands
    assert run("add", "anna", "grand", "mit", "1", "--ledger", str(skat)).exit_code == 0


def test_a_grand_slam_ends_the_partie_for_the_pair_that_made_it(run: Run, grand_list: Path) -> None:
    _ok(run, grand_list, "add", "anna", "whist", "50", "tricks", "13")  # NS 65
    out = _ok(run, grand_list, "add", "ben", "grand", "10", "tricks", "13")
    assert out.splitlines()[1:] == [
        "  Grand: 13 Stiche, Schlemm: 7 über sechs × 9 + 40 = 103; gewinnt die Partie",
        "Partie 1 beendet (Schlemm im Grand): Anna+Carl +65, verloren 0 · Ben+Dora +103, "
        "verloren 0",
        "  1) 100 − 65 = 35 an Ben+Dora",
        "  2) gleich viele verlorene Spiele: niemand",
        "  3) Ben+Dora gewinnen durch Schlemm im Grand (zur Niederschrift: 35 gegen 0)",
        "Nächste Partie 0 : 0 · nächster Geber: Carl",
    ]


def test_the_list_is_found_through_skatliste_ledger_too(
    run: Run, grand_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --ledger, the family is that of the list SKATLISTE_LEDGER names."""
    monkeypatch.setenv("SKATLISTE_LEDGER", str(grand_list))
    r = run("add", "dora", "hearts", "40", "hearts", "3")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Spiel 1: Dora — Herz 40, 3 Herzen: verloren")


# The shipped American Grand evening, deal by deal: (declarer, NS, EW) worked by hand.
EVENING = [
    ("Ben", 0, 25),  # 1 Whist 25, 11 tricks: 5 × 5
    ("Carl", -20, 0),  # 2 Grand 20, 8 tricks: 9 × 2 = 18 < 20, set; EW took 5
    ("Dora", 0, 10),  # 3 Euchre 10 with partner, 4 tricks
    ("Anna", 50, 0),  # 4 Hearts 30, no heart
    ("Ben", 0, -40),  # 5 Euchre 20 alone, 4 tricks: 10 < 20, set, 2 × 20
    ("Carl", 30, 0),  # 6 Whist 30, 12 tricks (edited from 11)
    ("Dora", -9, -49),  # 7 Hearts 45, 4 hearts: −(45 + 4); NS took 9 hearts
    ("Anna", 36, 0),  # 8 Grand 25, 10 tricks: 9 × 4
    ("Ben", 36, -15),  # 9 Grand 15, 3 tricks: set; NS took 10, 9 × 4 → NS 123: over
    ("Dora", 0, 65),  # 10 Whist 35, 13 tricks: slam, 5 × 13
    ("Anna", 25, 0),  # 11 Euchre 25 alone, 5 tricks
    ("Carl", -20, 0),  # 12 Whist 20, 9 tricks: 15 < 20, set; EW took 4
    ("Ben", 0, 20),  # 13 Euchre 5 with partner, 5 tricks; then ended by hand
]
# Partie 1: NS 123 with 1 set, EW −69 with 3: 100 − (−69) = 169 and (3 − 1) × 10 = 20 to NS.
# Partie 2: NS 5 with 1 set, EW 85 with 0: 100 − 5 = 95 and 10 to EW.
EVENING_PARTIES = [
    {
        "deals": 9,
        "finished": True,
        "pairs": [
            {"players": ["Anna", "Carl"], "points": 123, "sets": 1, "final": 189},
            {"players": ["Ben", "Dora"], "points": -69, "sets": 3, "final": 0},
        ],
        "winner": ["Anna", "Carl"],
    },
    {
        "deals": 4,
        "finished": True,
        "pairs": [
            {"players": ["Anna", "Carl"], "points": 5, "sets": 1, "final": 0},
            {"players": ["Ben", "Dora"], "points": 85, "sets": 0, "final": 105},
        ],
        "winner": ["Ben", "Dora"],
    },
]


def test_the_example_evening_rebuilt_through_the_cli(run: Run, tmp_path: Path) -> None:
    """examples/american-grand.commands gives every deal's points and each partie's result
    as worked by hand, and the shipped list holds exactly those entries."""
    ledger = tmp_path / "american-grand.json"
    commands = EXAMPLES / "american-grand.commands"
    for line in commands.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            r = run(*shlex.split(line), "--ledger", str(ledger))
            assert r.exit_code == 0, f"{line}: {r.output}"
    deals = json.loads(_ok(run, ledger, "sheet", "--format", "json"))["deals"]
    assert [(d["declarer"], *d["points"]) for d in deals] == EVENING
    assert sum(ns for _, ns, _ in EVENING[:9]) == 123 and sum(ew for *_, ew in EVENING[9:]) == 85
    assert _summary(run, ledger) == {"parties": EVENING_PARTIES}
    assert run("check", "--ledger", str(ledger)).exit_code == 0

    def entries(path: Path) -> list[dict[str, Any]]:
        games = json.loads(path.read_text(encoding="utf-8"))["games"]
        return [{k: v for k, v in g.items() if k != "time"} for g in games]

    assert entries(EXAMPLES / "american-grand.json") == entries(ledger)


def test_only_top_level_commands_are_routed_to_the_family(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With an American Grand list as the default list, 'tournament export' stays the
    tournament's command."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "--rules", "american-grand", "--players", "A", "B", "C", "D").exit_code == 0
    r = run("tournament", "export", "--help")
    assert r.exit_code == 0 and "skatliste tournament export" in r.stdout
    assert "American Grand" not in r.stdout
    assert "skatliste add anna whist 25 stiche 11" in run("add", "--help").stdout


@pytest.mark.english
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('"bid":25', '"bid":23'), "entry 1: bid: must be a multiple of 5 (found 23)"),
        (('"tricks":11', '"tricks":"11"'), 'entry 1: tricks: must be a whole number (found "11")'),
        (
            ('"kind":"deal"', '"kind":"game"'),
            'entry 1: kind: must be one of deal, end (found "game")',
        ),
        (('"games": [', '"games": [,'), "not valid JSON"),
    ],
)
def test_a_mangled_list_is_refused_with_its_place(
    run: Run, grand_list: Path, change: tuple[str, str], message: str
) -> None:
    _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11")
    text = grand_list.read_text(encoding="utf-8").replace(*change)
    grand_list.write_text(text, encoding="utf-8")
    r = run("sheet", "--ledger", str(grand_list))
    assert r.exit_code == 2 and message in r.stderr, r.stderr
    assert grand_list.read_text(encoding="utf-8") == text


@pytest.mark.english
def test_the_highest_bid_follows_the_lists_slam_counts(run: Run, ledger_path: Path) -> None:
    """slam.counts=over_six: a Whist slam puts 35 against the bid, so 'whist 40' is refused."""
    _ok(
        run, ledger_path, "new", "--rules", "american-grand", "--players", "A", "B", "C", "D",
        "--rule", "slam.counts=over_six",
    )  # fmt: skip
    before = ledger_path.read_bytes()
    r = run("add", "a", "whist", "40", "tricks", "13", "--ledger", str(ledger_path))
    assert r.exit_code == 2
    assert "with slam.counts=over_six a Whist puts at most 35 against the bid" in r.stderr
    assert "the highest bid that can be made is 35; write a bid of 5 to 35" in r.stderr
    assert ledger_path.read_bytes() == before
    assert "+65" in _ok(run, ledger_path, "add", "a", "whist", "35", "tricks", "13")


@pytest.mark.english
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ('"tricks":11', '"tricks":11,"tricks":2'),
            "entry 1: 'tricks' is given twice (a hand edit?): keep one of them; "
            "the file was left untouched",
        ),
        (
            ('"declarer":"Anna"', '"declarer":"anna"'),
            "entry 1: declarer 'anna' is not a player of this list: Anna, Ben, Carl, Dora",
        ),
        (
            ('"declarer":"Anna"', '"declarer":"Zoe"'),
            "entry 1: declarer 'Zoe' is not a player of this list: Anna, Ben, Carl, Dora",
        ),
    ],
)
@pytest.mark.parametrize("command", [["check"], ["sheet"], ["summary"], ["add", "ben", "grand"]])
def test_a_key_given_twice_or_a_name_no_players_is_refused_at_load(
    run: Run, grand_list: Path, change: tuple[str, str], message: str, command: list[str]
) -> None:
    """The Skat list's checks hold for an American Grand list: every command refuses it with
    file, entry, field and reason, and writes nothing."""
    _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11")
    text = grand_list.read_text(encoding="utf-8")
    bad = text.replace(*change)
    assert bad != text
    grand_list.write_text(bad, encoding="utf-8")
    r = run(*command, "--ledger", str(grand_list))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"Error: {grand_list}: {message}"), r.stderr
    assert grand_list.read_text(encoding="utf-8") == bad


@pytest.mark.english
def test_a_name_in_the_history_is_a_players_name(run: Run, grand_list: Path) -> None:
    """A deal taken back keeps its declarer: it must be a player of the list."""
    _ok(run, grand_list, "add", "ben", "whist", "25", "tricks", "11")
    _ok(run, grand_list, "undo")
    bad = grand_list.read_text(encoding="utf-8").replace('"declarer":"Ben"', '"declarer":"Zoe"')
    grand_list.write_text(bad, encoding="utf-8")
    r = run("summary", "--ledger", str(grand_list))
    assert r.exit_code == 2
    assert "history entry 1: entry: declarer 'Zoe' is not a player" in r.stderr


def test_the_summary_counts_partien_in_german(run: Run, grand_list: Path) -> None:
    """German: 'Partien gewonnen' (not the English plural 'Parties')."""
    _ok(run, grand_list, "add", "anna", "grand", "25", "tricks", "13")
    assert _ok(run, grand_list, "summary").splitlines()[-1] == (
        "Partien gewonnen: Anna+Carl 1 · Ben+Dora 0"
    )
    assert _ok(run, grand_list, "summary", "--lang", "en").splitlines()[-1] == (
        "Parties won: Anna+Carl 1 · Ben+Dora 0"
    )


@pytest.mark.english
@pytest.mark.parametrize(
    "words",
    [
        ["--rules", "american-grand", "whist", "25", "stiche", "11"],
        ["--rules=american-grand", "grand", "25", "tricks", "9"],
        ["whist", "25", "tricks", "11"],
    ],
)
def test_value_sends_an_american_deal_to_a_list(run: Run, words: list[str]) -> None:
    """'value' is for Skat games: it says where an American Grand deal is valued."""
    r = run("value", *words)
    assert r.exit_code == 2
    assert "'value' is for Skat games; an entry of American Grand is valued when it is added" in (
        r.stderr
    )
    assert "--rules american-grand --players Anna Ben Carl Dora" in r.stderr
    assert "skatliste add anna whist 25 tricks 11" in r.stderr


@pytest.mark.english
def test_value_takes_no_skat_rule_set(run: Run) -> None:
    r = run("value", "--rules", "isko", "kreuz", "mit", "2")
    assert r.exit_code == 2 and "'--rules isko': 'value' takes no rule set" in r.stderr


@pytest.mark.english
def test_schema_prints_the_american_grand_format(run: Run) -> None:
    """'schema --rules american-grand' prints the American Grand list's JSON Schema."""
    r = run("schema", "--rules", "american-grand")
    assert r.exit_code == 0
    schema = json.loads(r.stdout)
    assert schema["title"] == "skatliste American Grand list"
    assert {"deal", "end"} <= set(schema["$defs"])
    assert json.loads(run("schema").stdout)["title"] != schema["title"]
    r = run("schema", "--rules", "nope")
    assert r.exit_code == 2 and "--rules 'nope': no such rule set" in r.stderr


@pytest.mark.english
def test_insert_restore_stats_and_check_work_as_on_a_skat_list(run: Run, grand_list: Path) -> None:
    """The list commands a Skat list has, on an American Grand list: a forgotten deal goes in
    at its number (the dealers follow), a deleted one comes back from the history, the
    statistics count each player's deals, and a stake or a round is refused."""
    _ok(run, grand_list, "add", "anna", "whist", "25", "tricks", "11")
    _ok(run, grand_list, "add", "ben", "grand", "15", "tricks", "9")
    out = _ok(run, grand_list, "insert", "1", "dora", "hearts", "40", "hearts", "0")
    assert out.splitlines()[0] == (
        "Deal 1: Dora — Hearts 40, 0 hearts: made; Anna+Carl 0, Ben+Dora +50"
    )
    assert _ok(run, grand_list, "explain", "2").splitlines()[1] == "  dealer: Ben"
    _ok(run, grand_list, "delete", "2")
    assert _ok(run, grand_list, "history").split("  ", 1)[1] == (
        "delete deal 2: Anna whist 25 tricks 11\n"
    )
    restored = _ok(run, grand_list, "restore", "1").splitlines()
    assert restored[0] == "Deal 2: Anna — Whist 25, 11 tricks: made; Anna+Carl +25, Ben+Dora 0"
    assert _ok(run, grand_list, "check") == f"{grand_list}: 3 deals, no problems\n"
    stats = json.loads(_ok(run, grand_list, "stats", "--json"))
    assert stats["Anna"] == {
        "declared": 1, "made": 1, "set": 0, "parties_won": 0, "by_contract": {"whist": [1, 1]},
    }  # fmt: skip
    assert stats["Carl"]["declared"] == 0
    assert _ok(run, grand_list, "stats").splitlines()[0].split() == [
        "player", "declared", "made", "set", "parties", "won", "Whist", "Grand", "Euchre",
        "Hearts",
    ]  # fmt: skip
    before = grand_list.read_bytes()
    for args in (["summary", "--cent", "1"], ["summary", "--round", "1"], ["ramsch", "a=1"]):
        r = run(*args, "--ledger", str(grand_list))
        assert r.exit_code == 2 and r.stderr.startswith("Error: "), (args, r.stderr)
    assert grand_list.read_bytes() == before


@pytest.mark.parametrize(
    "args",
    [
        ["add", "anna", "whist", "25", "tricks", "11"],
        ["sheet"],
        ["summary"],
        ["check"],
        ["export", "--format", "csv"],
    ],
)
def test_a_list_command_loads_neither_pydantic_nor_filelock(
    grand_list: Path, args: list[str]
) -> None:
    """An American Grand list is read by the one strict reader and locked with ``flock``, as
    a Skat list is: the web API's request models and their library stay unloaded."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from skatliste.cli.base import main\n"
        f"sys.argv = ['skatliste', *{args!r}, '--ledger', {str(grand_list)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('pydantic', 'filelock')\n"
        "print(sorted(m for m in heavy if m in sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr


@pytest.mark.parametrize(
    ("words", "german"),
    [
        (["add", "anna", "whist", "250", "stiche", "11"], "z. B. 'whist 25 stiche 11'"),
        (["add", "anna", "whist"], "z. B. 'whist 25 stiche 11'"),
        (["add", "anna", "herz", "55", "herzen", "2"], "Fehler: herz 55: "),
        (["add", "anna", "jucker", "20", "allein"], "z. B. 'jucker 20 allein stiche 5'"),
        (["add", "anna"], "z. B. 'anna whist 25 stiche 11'"),
        (["bock"], "American Grand hat keine Bockrunden"),
    ],
)
def test_german_advice_on_an_american_grand_list_is_in_german_table_words(
    run: Run, grand_list: Path, words: list[str], german: str
) -> None:
    """A German answer quotes the deal as a German table says it (``stiche``, ``herzen``),
    never the English words of the grammar."""
    r = run(*words, "--ledger", str(grand_list))
    assert r.exit_code == 2 and german in r.stderr, r.stderr
    assert "tricks" not in r.stderr and "Bock (Regel" not in r.stderr
    assert "tricks" not in run("add", "--help").stdout


def _partie_with_an_end(run: Run, path: Path) -> str:
    """Two deals, an end by hand, two deals: its sheet."""
    for words in (
        ("anna", "whist", "25", "stiche", "8"),
        ("ben", "whist", "25", "stiche", "8"),
    ):
        _ok(run, path, "add", *words)
    _ok(run, path, "end")
    for words in (
        ("carl", "whist", "25", "stiche", "9"),
        ("dora", "whist", "25", "stiche", "10"),
    ):
        _ok(run, path, "add", *words)
    return _ok(run, path, "sheet")


def test_an_end_by_hand_is_deleted_by_the_deal_it_follows_and_restored_there(
    run: Run, grand_list: Path
) -> None:
    """``delete N --end`` takes out the end after deal N (an end by hand, docs/rules.md §A4,
    has no number of its own),
    ``history`` names it so, and ``restore`` puts it back after deal N; a deal taken out
    after an end goes back where it was (the list as before, both times)."""
    sheet = _partie_with_an_end(run, grand_list)
    said = _ok(run, grand_list, "delete", "2", "--end")
    assert said.startswith("Ende nach Spiel 2 gelöscht: Partie von Hand beendet")
    assert "Ende nach Spiel 2: Partie von Hand beendet" in _ok(run, grand_list, "history")
    _ok(run, grand_list, "restore", "1")
    assert _ok(run, grand_list, "sheet") == sheet
    _ok(run, grand_list, "delete", "3")  # the first deal after the end
    _ok(run, grand_list, "restore", "2")
    assert _ok(run, grand_list, "sheet") == sheet
    r = run("delete", "3", "--end", "--ledger", str(grand_list))
    assert r.exit_code == 2 and "Ende nach Spiel 3 gibt es nicht" in r.stderr


def test_a_skat_list_has_no_entry_without_a_number_to_delete(run: Run, ledger_path: Path) -> None:
    _ok(run, ledger_path, "new", "--players", "Anna", "Ben", "Carl")
    _ok(run, ledger_path, "add", "anna", "kreuz", "mit", "1")
    r = run("delete", "1", "--end", "--ledger", str(ledger_path))
    assert r.exit_code == 2 and "jeder Eintrag dieser Liste hat seine eigene Nummer" in r.stderr
