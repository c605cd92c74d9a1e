"""Rule sets for real tables (rules §8-§9): every option changes what it says, and the
shipped pub, Bauernskat and Offizierskat evenings come out as worked by hand."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Protocol

import pytest

from skatliste.errors import InvalidGameError
from skatliste.skat.rules import RamschOptions, RamschSkat, ramsch_score
from skatliste.skat.rulesets import OPTIONS, PRESETS

from .conftest import EXAMPLES, Run


class Table:
    """A list under given rules, driven through the CLI."""

    def __init__(self, run: Run, path: Path, players: str, *rules: str) -> None:
        self.run, self.path = run, path
        args = ["new", *players.split(), "--ledger", str(path)]
        for rule in rules:
            args += ["--rule", rule] if "=" in rule else ["--rules", rule]
        r = run(*args)
        assert r.exit_code == 0, r.output

    def do(self, line: str, ok: bool = True) -> str:
        r = self.run(*shlex.split(line), "--ledger", str(self.path))
        assert (r.exit_code == 0) == ok, r.output
        return r.stdout if ok else r.stderr

    def game_points(self) -> list[dict[str, int]]:
        data = json.loads(self.do("sheet --format json"))
        out, before = [], None
        for g in data["games"]:
            now = g["totals"]
            out.append({p: now[p] - (before[p] if before else 0) for p in now})
            before = now
        return out

    def totals(self) -> dict[str, int]:
        totals: dict[str, int] = json.loads(self.do("summary --json"))["totals"]
        return totals


class MakeTable(Protocol):
    """The ``table`` fixture: a new list under the given rule set and options."""

    def __call__(self, *rules: str, players: str = "Anna Ben Carl") -> Table: ...


@pytest.fixture
def table(run: Run, tmp_path: Path) -> MakeTable:
    made: list[tuple[str, ...]] = []

    def make(*rules: str, players: str = "Anna Ben Carl") -> Table:
        made.append(rules)
        return Table(run, tmp_path / f"list{len(made)}.json", players, *rules)

    return make


# --- Kontra (§8) ---------------------------------------------------------------------------


@pytest.mark.english
def test_kontra_off_refuses_kontra(table: MakeTable) -> None:
    t = table("kontra=off")
    assert "plays no Kontra or Re (rule kontra=off)" in t.do("add anna grand mit 1 kontra", False)


@pytest.mark.english
def test_kontra_after18_needs_the_defenders_bid(table: MakeTable) -> None:
    t = table("kontra=after18")
    assert "write his bid after it, e.g. 'kontra 20'" in t.do("add anna kreuz mit 1 kontra", False)
    assert "at least 18" in t.do("add anna kreuz mit 1 kontra 0", False)
    assert "cannot have bid more than the declarer's 24" in t.do(
        "add anna kreuz mit 1 gereizt 24 kontra 30", False
    )
    assert "+48" in t.do("add anna kreuz mit 1 gereizt 24 kontra 20")


@pytest.mark.english
def test_kontra_null_off(table: MakeTable) -> None:
    t = table("kontra.null=off")
    assert "no Kontra on a Null" in t.do("add anna null kontra", False)
    t.do("add anna kreuz mit 1 kontra")


# --- Bock rounds (§8) ------------------------------------------------------------------------

TRIGGERS = [
    ("60-60", "add anna kreuz mit 1 augen 60", "add anna kreuz mit 1 augen 59"),
    ("kontra-lost", "add anna kreuz mit 1 augen 50 kontra", "add anna kreuz mit 1 augen 70 kontra"),
    ("kontra-re", "add anna kreuz mit 1 kontra re", "add anna kreuz mit 1 kontra"),
    ("grand-hand-won", "add anna grand mit 1 hand", "add anna grand mit 1 hand verloren"),
    ("grand-lost", "add anna grand mit 1 verloren", "add anna grand mit 1"),
    ("schneider", "add anna kreuz mit 1 augen 95", "add anna kreuz mit 1 augen 85"),
    ("value>=100", "add anna grand mit 4", "add anna grand mit 2"),
    ("all-passed", "pass", "add anna null"),
    ("hundred", "add anna grand mit 4", "add anna kreuz mit 3"),
]


@pytest.mark.parametrize(("trigger", "hit", "miss"), TRIGGERS, ids=[t[0] for t in TRIGGERS])
def test_each_bock_trigger_starts_a_bock_round(
    table: MakeTable, trigger: str, hit: str, miss: str
) -> None:
    """The next game (Herz mit 1, 20) counts double after the trigger, single otherwise."""
    t = table("bock=on", f"bock.triggers={trigger}")
    t.do(hit)
    assert "+40" in t.do("add ben herz mit 1")
    t.do("undo")
    t.do("undo")
    t.do(miss)
    assert "+20" in t.do("add ben herz mit 1")


def test_hundred_means_100_200_not_zero(table: MakeTable) -> None:
    """From −48 to +24 crosses 0, which calls no Bock round; reaching 100 does."""
    t = table("bock=on", "bock.triggers=hundred")
    t.do("add anna kreuz mit 1 verloren")  # −48
    t.do("add anna karo mit 1 hand")  # 27: −21
    t.do("add anna kreuz mit 3")  # 48: +27, crosses 0 only
    assert "+20" in t.do("add ben herz mit 1")
    t.do("add anna grand mit 2")  # 72: +99
    t.do("add anna karo mit 1")  # 18: +117, reaches past 100
    assert "+40" in t.do("add ben herz mit 1")


def test_a_ramsch_in_a_ramsch_round_is_not_all_passed(table: MakeTable) -> None:
    t = table("bock=on", "bock.triggers=grand-lost,all-passed", "ramsch.after_bock=on")
    t.do("add anna grand mit 1 verloren")
    for _ in range(3):
        t.do("add ben herz mit 1")
    for _ in range(3):
        t.do("ramsch anna=45 ben=40 carl=35")  # the Ramsch round: no new Bock round
    assert "+20" in t.do("add carl herz mit 1")


def test_bock_round_lasts_as_many_games_as_players(table: MakeTable) -> None:
    t = table("bock=on", "bock.triggers=grand-lost", players="Anna Ben Carl Dora")
    t.do("add ben grand mit 1 verloren")  # Anna deals game 1
    for who in ("carl", "dora", "anna", "ben"):  # dealers Ben, Carl, Dora, Anna
        t.do(f"add {who} herz mit 1")
    t.do("add carl herz mit 1")  # Ben deals game 6
    assert [sum(g.values()) for g in t.game_points()] == [-96, 40, 40, 40, 40, 20]


def test_manual_bock(table: MakeTable) -> None:
    t = table("bock=on")
    assert "noch kein Spiel" in t.do("bock", False)
    t.do("add anna herz mit 1")
    assert "Bock 3" in t.do("bock")
    assert "+40" in t.do("add ben herz mit 1")


@pytest.mark.english
def test_manual_bock_needs_bock_rules(table: MakeTable) -> None:
    t = table()
    t.do("add anna herz mit 1")
    assert "plays no Bock" in t.do("bock", False)


@pytest.mark.parametrize(("overlap", "third"), [("queue", 40), ("stack", 80)])
def test_overlapping_bock_rounds_queue_or_stack(table: MakeTable, overlap: str, third: int) -> None:
    """Two Bock rounds called in games 1 and 2: queued they make games 2-7 double; stacked,
    games 3 and 4 count ×4 (Doppelbock) and game 5 ×2."""
    t = table("bock=on", "bock.triggers=grand-hand-won", f"bock.overlap={overlap}")
    t.do("add anna grand mit 1 hand")  # 72, calls a Bock round
    t.do("add ben grand mit 1 hand")  # 144 (Bock), calls another
    for _ in range(5):
        t.do("add carl herz mit 1")
    got = [sum(g.values()) for g in t.game_points()]
    if overlap == "queue":
        assert got == [72, 144, 40, 40, 40, 40, 40]
    else:
        assert got == [72, 144, 80, 80, 40, 20, 20]
    assert got[2] == third


def test_bock_applies_to_ramsch(table: MakeTable) -> None:
    t = table("bock=on", "bock.triggers=grand-lost", "ramsch.on_pass=on")
    t.do("add anna grand mit 1 verloren")
    assert "Bock ×2 → −90" in t.do("ramsch anna=45 ben=40 carl=35")


# --- Ramsch (§8) ----------------------------------------------------------------------------


def test_ramsch_on_pass_replaces_eingepasst(table: MakeTable) -> None:
    t = table("ramsch.on_pass=on")
    assert "dieses Regelwerk spielt dann Ramsch" in t.do("pass", False)
    assert "Anna verliert 45" in t.do("ramsch anna=45 ben=40 carl=35")
    off = table()
    assert "spielt hier keinen Ramsch" in off.do("ramsch anna=45 ben=40 carl=35", False)


@pytest.mark.english
def test_ramsch_round_after_bock(table: MakeTable) -> None:
    t = table("bock=on", "bock.triggers=grand-lost", "ramsch.after_bock=on")
    t.do("add anna grand mit 1 verloren")
    for _ in range(3):
        t.do("add ben herz mit 1")  # the Bock round: 40 each
    assert "in a Ramsch round" in t.do("add ben herz mit 1", False)
    assert "in a Ramsch round" in t.do("pass", False)
    t.do("add ben grand mit 1 hand")  # Grand Hand instead of Ramsch: legal
    t.do("ramsch anna=45 ben=40 carl=35")
    t.do("ramsch anna=0 ben=60 carl=60")  # tie: both lose
    assert "+20" in t.do("add carl herz mit 1")  # the Ramsch round is over
    got = [sum(g.values()) for g in t.game_points()]
    assert got == [-96, 40, 40, 40, 72, -45, -120, 20]


def test_edit_a_ramsch(table: MakeTable) -> None:
    t = table("ramsch.on_pass=on")
    t.do("ramsch anna=45 ben=40 carl=35")
    assert "Spiel 1 war ein Ramsch: beginne die Wörter mit dem Alleinspieler" in t.do(
        "edit 1 kreuz mit 1", False
    )
    assert "Ben verliert 50" in t.do("edit 1 ramsch anna=40 ben=50 carl=30")
    assert t.totals() == {"Anna": 0, "Ben": -50, "Carl": 0}
    assert (
        t.do("history")
        .rstrip()
        .endswith("geändert Spiel 1: ramsch Anna=45 Ben=40 Carl=35 → ramsch Anna=40 Ben=50 Carl=30")
    )


@pytest.mark.english
def test_ramsch_augen_must_add_up_to_120(table: MakeTable) -> None:
    t = table("ramsch.on_pass=on")
    assert "add up to 110, not 120" in t.do("ramsch anna=45 ben=40 carl=25", False)
    assert "needs the Augen of Anna, Ben, Carl" in t.do("ramsch anna=80 ben=40", False)


def test_ramsch_skat_to_the_loser(table: MakeTable) -> None:
    t = table("ramsch.on_pass=on", "ramsch.skat=loser")
    assert "gib die Augen des Skats getrennt an" in t.do("ramsch anna=45 ben=40 carl=35", False)
    assert "Anna verliert 50" in t.do("ramsch anna=40 ben=35 carl=35 skat 10")


def test_ramsch_fixed_loss(table: MakeTable) -> None:
    t = table("ramsch.on_pass=on", "ramsch.loss=20")
    t.do("ramsch anna=75 ben=0 carl=45 jungfrau ben")
    assert t.totals() == {"Anna": -40, "Ben": 0, "Carl": 0}


@pytest.mark.parametrize(
    ("rule", "totals"),
    [
        ("plus", {"Anna": 120, "Ben": 0, "Carl": 0}),
        ("minus", {"Anna": 0, "Ben": -120, "Carl": -120}),
    ],
)
def test_durchmarsch_plus_or_minus(table: MakeTable, rule: str, totals: dict[str, int]) -> None:
    t = table("ramsch.on_pass=on", f"ramsch.durchmarsch={rule}")
    t.do("ramsch anna=120 ben=0 carl=0 durchmarsch anna")
    assert t.totals() == totals


def test_every_jungfrau_doubles_and_every_push_doubles() -> None:
    r = ramsch_score({"A": 120, "B": 0, "C": 0}, jungfrau=("B", "C"), pushes=2)
    assert r.points == {"A": -120 * 16, "B": 0, "C": 0}


def test_a_jungfrau_took_no_trick() -> None:
    with pytest.raises(InvalidGameError, match="a Jungfrau took no trick"):
        ramsch_score({"A": 70, "B": 10, "C": 40}, jungfrau=("B",))


def test_ramsch_loser_option_object() -> None:
    loser = RamschOptions(skat=RamschSkat.LOSER)
    r = ramsch_score({"A": 40, "B": 40, "C": 30}, skat=10, options=loser)
    assert r.points == {"A": -50, "B": -50, "C": 0}


# --- other options -------------------------------------------------------------------------


def test_lost_hand_single(table: MakeTable) -> None:
    assert "−36" in table("lost_hand_single=on").do("add anna kreuz mit 1 hand verloren")


def test_spitzen_cap(table: MakeTable) -> None:
    assert "spitzen_cap=4" in table("spitzen_cap=4").do("add anna karo mit 5", False)


@pytest.mark.english
def test_null_overbid_multiple(table: MakeTable) -> None:
    assert "below the bid" in table().do("add anna null gereizt 24", False)
    assert "−92" in table("null_overbid=multiple").do("add anna null gereizt 24")


def test_bierlachs_counts_only_losses_and_names_who_reached_the_limit(table: MakeTable) -> None:
    t = table("list=bierlachs", "bierlachs.limit=100")
    t.do("add anna grand mit 2")  # won: nothing on a Bierlachs list
    t.do("add ben grand mit 1 verloren")  # −96
    t.do("add ben kreuz mit 1 verloren")  # −48: −144, past 100
    assert t.totals() == {"Anna": 0, "Ben": -144, "Carl": 0}
    data = json.loads(t.do("summary --json"))
    assert data["bierlachs"] == {"player": "Ben", "game": 3, "total": -144}
    assert "Bierlachs: Ben (−144 in Spiel 3, Grenze 100)" in t.do("summary")


# --- two players (§9) -----------------------------------------------------------------------


def test_bauernskat_seed_example(table: MakeTable) -> None:
    """§9: 'mit 6, Spiel 7, verloren 14 × 10 = 140' goes to the opponent."""
    t = table("bauernskat", players="Anna Ben")
    out = t.do("add anna herz mit 6 augen 50")
    assert "mit 6, Spiel 7 → 7 × 10 = 70" in out and "gutgeschrieben: Ben +140" in out
    assert t.totals() == {"Anna": 0, "Ben": 140}


def test_bauernskat_60_60_is_lost_for_the_caller(table: MakeTable) -> None:
    t = table("bauernskat", players="Anna Ben")
    t.do("add anna pik ohne 3 augen 60")
    assert t.totals() == {"Anna": 0, "Ben": 88}


def test_two_lost_caller_option(table: MakeTable) -> None:
    t = table("bauernskat", "two.lost=caller", players="Anna Ben")
    t.do("add anna herz mit 6 augen 50")
    assert t.totals() == {"Anna": -140, "Ben": 0}


@pytest.mark.english
@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("add anna null", "has no Null"),
        ("add anna herz mit 1 hand", "no Hand, Ouvert or announcements"),
        ("add anna herz mit 1 gereizt 18", "has no bidding"),
        ("add anna herz mit 1 kontra", "Bauernskat has no Kontra"),
        ("pass", "every deal is played"),
    ],
)
def test_bauernskat_refuses_what_it_does_not_have(
    table: MakeTable, words: str, message: str
) -> None:
    assert message in table("bauernskat", players="Anna Ben").do(words, False)


@pytest.mark.english
def test_two_player_lists_need_two_players(table: MakeTable, run: Run, tmp_path: Path) -> None:
    r = run("new", "A", "B", "C", "--rules", "bauernskat", "--ledger", str(tmp_path / "x.json"))
    assert r.exit_code == 2 and "played by 2 players" in r.stderr
    r = run("new", "A", "B", "--ledger", str(tmp_path / "y.json"))
    assert r.exit_code == 2 and "(2 in Bauernskat and Offizierskat)" in r.stderr


def test_offizierskat_schwarz_is_zero_augen(table: MakeTable) -> None:
    t = table("offizierskat", players="Anna Ben")
    # ohne 2, Spiel 3, Schneider 4, Schwarz 5 → 5 × 12: the loser has 0 Augen
    assert "ohne 2, Spiel 3, Schneider 4, Schwarz 5 → 5 × 12 = 60" in t.do(
        "add anna kreuz ohne 2 augen 120"
    )


def test_offizierskat_ramsch_subtracts_each_players_augen(table: MakeTable) -> None:
    t = table("offizierskat", players="Anna Ben")
    t.do("ramsch anna=70 ben=50")
    assert t.totals() == {"Anna": -70, "Ben": -50}


def test_two_player_dealer_alternates(table: MakeTable) -> None:
    t = table("bauernskat", players="Anna Ben")
    t.do("add anna herz mit 1")
    t.do("add anna herz mit 1")
    data = json.loads(t.do("sheet --format json"))
    assert [g["dealer"] for g in data["games"]] == ["Anna", "Ben"]


# --- the option catalogue ------------------------------------------------------------------


def test_rules_list_shows_every_option_and_preset(run: Run) -> None:
    out = run("rules", "--list").stdout
    for key in OPTIONS:
        assert f"  {key} = " in out
    for name in PRESETS:
        assert f"  {name}" in out


def test_issue_option_names_exist() -> None:
    for key in (
        "kontra", "kontra.null", "bock.triggers", "bock.overlap", "ramsch.on_pass",
        "ramsch.after_bock", "ramsch.skat", "lost_hand_single", "spitzen_cap",
        "null_overbid", "list", "bierlachs.limit",
    ):  # fmt: skip
        assert key in OPTIONS


@pytest.mark.english
def test_unknown_trigger_is_refused(run: Run, tmp_path: Path) -> None:
    r = run("new", "A", "B", "C", "--rule", "bock.triggers=60-60,full-moon",
            "--ledger", str(tmp_path / "x.json"))  # fmt: skip
    assert r.exit_code == 2 and "unknown trigger 'full-moon'" in r.stderr


# --- the shipped evenings, worked by hand --------------------------------------------------

PUB = [
    {
        "Anna": -48,
        "Ben": 0,
        "Carl": 0,
    },  # 1 Kreuz mit 1 at 60:60, lost: −48 → Bock round, Ramsch round
    {"Anna": 0, "Ben": 144, "Carl": 0},  # 2 Grand Hand mit 1: 72, Bock ×2 → another Bock round
    {"Anna": -90, "Ben": 0, "Carl": 0},  # 3 all passed → Ramsch: Anna 45, Bock ×2
    {"Anna": 0, "Ben": 0, "Carl": 80},  # 4 Herz mit 1: 20, Kontra ×2, Bock ×2
    {"Anna": 0, "Ben": 0, "Carl": -140},  # 5 Ramsch round: Carl 70, Jungfrau Ben ×2
    {"Anna": 0, "Ben": 0, "Carl": 72},  # 6 Grand Hand in the Ramsch round: 72 → Bock round
    {"Anna": 120, "Ben": 0, "Carl": 0},  # 7 Ramsch round: Durchmarsch Anna +120
    {"Anna": 0, "Ben": 66, "Carl": 0},  # 8 queued Bock: Pik ohne 2: 33 × 2
    {"Anna": 0, "Ben": 0, "Carl": -288},  # 9 Karo mit 1 lost: −36, Kontra Re ×4, Bock ×2
    {"Anna": 46, "Ben": 0, "Carl": 0},  # 10 Null 23, Bock ×2
    {"Anna": 0, "Ben": -120, "Carl": 0},  # 11 Ramsch round: Ben 60, geschoben ×2
    {"Anna": 0, "Ben": -124, "Carl": 0},  # 12 Ramsch round: Ben 62, Jungfrau Anna ×2
    {"Anna": -40, "Ben": -40, "Carl": -40},  # 13 Ramsch round: 40 each, all lose
]
BAUERNSKAT = [
    {"Anna": 0, "Ben": 140},  # Herz mit 6 lost: 7 × 10 = 70, double to Ben
    {"Anna": 0, "Ben": 48},  # Grand ohne 1: 2 × 24
    {"Anna": 48, "Ben": 0},  # Kreuz mit 2, 95 Augen: Schneider, 4 × 12
    {"Anna": 88, "Ben": 0},  # Pik ohne 3 at 60:60, lost: 4 × 11 = 44, double to Anna
    {"Anna": 36, "Ben": 0},  # Karo mit 1 Schwarz: 4 × 9
    {"Anna": 0, "Ben": 130},  # Herz mit 11, Schneider: 13 × 10
]
OFFIZIERSKAT = [
    {"Anna": 60, "Ben": 0},  # Herz mit 2 Kontra: 30 × 2
    {"Anna": 384, "Ben": 0},  # Grand mit 1 lost, Kontra Re: 48 × 2 × 4 to Anna
    {"Anna": -70, "Ben": -50},  # Ramsch: each his own Augen
    {"Anna": 60, "Ben": 0},  # Kreuz ohne 2, 120 Augen: Schwarz, 5 × 12
    {"Anna": 0, "Ben": 120},  # Ramsch: Durchmarsch Ben
    {"Anna": 72, "Ben": 0},  # Karo mit 1, 0 Augen: Schwarz lost, 4 × 9 double to Anna
]
HAND_TOTALS = {
    "pub-evening": {"Anna": -12, "Ben": -74, "Carl": -316},
    "bauernskat": {"Anna": 172, "Ben": 318},
    "offizierskat": {"Anna": 506, "Ben": 70},
}


@pytest.mark.parametrize(
    ("name", "per_game"),
    [("pub-evening", PUB), ("bauernskat", BAUERNSKAT), ("offizierskat", OFFIZIERSKAT)],
)
def test_shipped_evening_as_worked_by_hand(
    run: Run, tmp_path: Path, name: str, per_game: list[dict[str, int]]
) -> None:
    ledger = tmp_path / f"{name}.json"
    for line in (EXAMPLES / f"{name}.commands").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            r = run(*shlex.split(line), "--ledger", str(ledger))
            assert r.exit_code == 0, f"{line}: {r.output}"
    t = Table.__new__(Table)
    t.run, t.path = run, ledger
    assert t.game_points() == per_game
    totals = HAND_TOTALS[name]
    assert {p: sum(g[p] for g in per_game) for p in totals} == totals
    assert t.totals() == totals
    assert run("check", "--ledger", str(ledger)).exit_code == 0
    shipped = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))["games"]
    rebuilt = json.loads(ledger.read_text(encoding="utf-8"))["games"]
    assert [{k: v for k, v in g.items() if k != "time"} for g in shipped] == [
        {k: v for k, v in g.items() if k != "time"} for g in rebuilt
    ]
