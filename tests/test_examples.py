"""The shipped example lists, rebuilt through the CLI and checked against numbers worked out
by hand (rules §3-§7)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from skatliste.store.lists import load

from .conftest import EXAMPLES, Run

# Friday's evening, game by game: the declarer's list points, worked by hand (0 = eingepasst).
EVENING = [
    ("Ben", 24),  # 1 Kreuz mit 1: 2 × 12
    ("Carl", 40),  # 2 Herz ohne 2 Hand: ohne 2, Spiel 3, Hand 4 → 4 × 10
    ("Anna", 48),  # 3 Grand mit 1: 2 × 24
    ("Ben", -88),  # 4 Pik mit 1, bid 36: overbid, 4 × 11 = 44, lost double
    (None, 0),  # 5 eingepasst
    ("Carl", 23),  # 6 Null
    ("Anna", -72),  # 7 Karo ohne 3, 58 Augen: 4 × 9 = 36, lost
    ("Ben", 96),  # 8 Grand ohne 2, 95 Augen (fixed with edit): ohne 2, 3, Schneider 4 → 96
    ("Carl", 72),  # 9 Kreuz mit 2, Kontra: 3 × 12 × 2
    ("Anna", -160),  # 10 Herz mit 1 lost, Kontra Re: −40 × 4
    ("Ben", -70),  # 11 Null Hand lost
    ("Carl", 33),  # 12 Pik ohne 1 Hand: 3 × 11
    (None, 0),  # 13 eingepasst
    ("Anna", 120),  # 14 Grand mit 2 Hand, 91 Augen: mit 2, 3, Hand 4, Schneider 5 → 5 × 24
    ("Ben", 18),  # 15 Karo mit 1
    ("Carl", -96),  # 16 Kreuz ohne 1, bid 40: 24 < 40 → 4 × 12 = 48, lost
    ("Anna", 46),  # 17 Null ouvert
    ("Ben", -80),  # 18 Herz mit 2, 30 Augen: own Schneider → 4 × 10 = 40, lost
    ("Carl", 48),  # 19 Grand ohne 1, 61 Augen
    ("Anna", 66),  # 20 Pik mit 3, Schwarz: mit 3, 4, Schneider 5, Schwarz 6 → 6 × 11
    ("Ben", -120),  # 21 Kreuz mit 1 Hand, Schneider angesagt, 85 Augen: 5 × 12 = 60, lost
    (None, 0),  # 22 eingepasst
    ("Carl", 27),  # 23 Karo mit 2: 3 × 9
    ("Anna", 96),  # 24 Grand mit 1, Kontra: 48 × 2
    ("Ben", 20),  # 25 Herz ohne 1
    ("Carl", -118),  # 26 Null ouvert Hand lost: −2 × 59
    ("Anna", 48),  # 27 Kreuz mit 3: 4 × 12
    ("Ben", -192),  # 28 Grand mit 3, 40 Augen: 4 × 24 = 96, lost
    ("Carl", 33),  # 29 Pik mit 2: 3 × 11
    ("Anna", -80),  # 30 Herz mit 1, bid 33: 20 < 33 → 4 × 10 = 40, lost
    ("Ben", 54),  # 31 Karo ohne 4, 92 Augen: ohne 4, 5, Schneider 6 → 6 × 9
    ("Carl", 72),  # 32 Grand ohne 1 Hand: 3 × 24
    ("Anna", -46),  # 33 Null lost
    ("Ben", 36),  # 34 Kreuz mit 1, 90 Augen: Schneider → 3 × 12
    ("Carl", -72),  # 35 Kreuz ohne 2, 55 Augen: 3 × 12 = 36, lost
    ("Anna", 144),  # 36 Grand mit 4, 101 Augen: mit 4, 5, Schneider 6 → 6 × 24
]
# Totals by hand: the sums of the column above.
EVENING_TOTALS = {"Anna": 210, "Ben": -302, "Carl": 62}
# Seeger-Fabian by hand: total + 50 × won − 50 × lost + 40 × games the others lost.
# Anna: 210 + 50·7 − 50·4 + 40·(5 + 3) = 680; Ben: −302 + 50·6 − 50·5 + 40·(4 + 3) = 28;
# Carl: 62 + 50·8 − 50·3 + 40·(4 + 5) = 672.
EVENING_SF = {"Anna": 680, "Ben": 28, "Carl": 672}

# The tournament table of four: twelve games in a cycle, each worked by hand once.
# Series by game number: (declarer, list points).
TOURNAMENT = [
    ("Carl", 24), ("Carl", 48), ("Ben", -60), (None, 0), ("Dora", 44), ("Dora", 23),
    ("Ben", -54), ("Ben", 96), ("Ben", -96), ("Dora", -70), ("Dora", 20), ("Carl", 33),
    ("Ben", 24), ("Anna", 48), ("Anna", -60), (None, 0), ("Carl", 44), ("Carl", 23),
    ("Anna", -54), ("Anna", 96), ("Dora", -96), ("Carl", -70), ("Ben", 20), ("Ben", 33),
    ("Dora", 24), ("Dora", 48), ("Dora", -60), (None, 0), ("Ben", 44), ("Anna", 23),
    ("Dora", -54), ("Carl", 96), ("Carl", -96), ("Anna", -70), ("Anna", 20), ("Anna", 33),
    ("Carl", 24), ("Carl", 48), ("Ben", -60), (None, 0), ("Dora", 44), ("Dora", 23),
    ("Ben", -54), ("Ben", 96), ("Ben", -96), ("Dora", -70), ("Dora", 20), ("Carl", 33),
]  # fmt: skip
# Kreuz mit 1 = 24, Grand ohne 1 = 48, Herz mit 2 lost = −60, Pik ohne 2 Hand = 44, Null = 23,
# Karo mit 1 bid 27 overbid = −54, Grand mit 2 Schneider = 96, Kreuz ohne 3 lost = −96,
# Null Hand lost = −70, Herz ohne 1 = 20, Pik mit 1 Schneider = 33.
TOURNAMENT_TOTALS = {"Anna": 36, "Ben": -107, "Carl": 207, "Dora": -104}
# Seeger-Fabian, table of four: ± 50, and 30 to each of the three others for a lost game.
# Anna: 36 + 50·5 − 50·3 + 30·(6 + 2 + 5) = 526; Ben: −107 + 50·6 − 50·6 + 30·(3 + 2 + 5) = 193;
# Carl: 207 + 50·9 − 50·2 + 30·(3 + 6 + 5) = 977; Dora: −104 + 50·8 − 50·5 + 30·(3 + 6 + 2) = 376.
TOURNAMENT_SF = {"Anna": 526, "Ben": 193, "Carl": 977, "Dora": 376}


def _replay(run: Run, commands: Path, ledger: Path) -> None:
    for line in commands.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            r = run(*shlex.split(line), "--ledger", str(ledger))
            assert r.exit_code == 0, f"{line}: {r.output}"


def _games(path: Path) -> list[dict[str, Any]]:
    return [
        {k: v for k, v in g.items() if k != "time"}
        for g in json.loads(path.read_text(encoding="utf-8"))["games"]
    ]


@pytest.mark.parametrize(
    ("name", "per_game", "totals", "sf"),
    [
        ("evening", EVENING, EVENING_TOTALS, EVENING_SF),
        ("tournament-4", TOURNAMENT, TOURNAMENT_TOTALS, TOURNAMENT_SF),
    ],
)
def test_example_list_rebuilt_through_the_cli(
    run: Run,
    tmp_path: Path,
    name: str,
    per_game: list[tuple[str | None, int]],
    totals: dict[str, int],
    sf: dict[str, int],
) -> None:
    """Every game's value, every total and every Seeger-Fabian figure as worked by hand."""
    ledger = tmp_path / f"{name}.json"
    _replay(run, EXAMPLES / f"{name}.commands", ledger)

    sheet = json.loads(run("sheet", "--format", "json", "--ledger", str(ledger)).stdout)
    got = [(g["declarer"], g["list_points"] or 0) for g in sheet["games"]]
    assert got == per_game

    hand_totals = {p: sum(v for who, v in per_game if who == p) for p in totals}
    assert hand_totals == totals  # the hand-worked column adds up to the stated totals

    summary = json.loads(run("summary", "--json", "--ledger", str(ledger)).stdout)
    assert summary["totals"] == totals
    assert summary["seeger_fabian"] == sf
    assert summary["games"] == len(per_game)
    assert run("check", "--ledger", str(ledger)).exit_code == 0

    # the shipped file holds exactly these games
    assert _games(EXAMPLES / f"{name}.json") == _games(ledger)


def test_evening_keeps_the_mistyped_game_in_history() -> None:
    ledger = load(EXAMPLES / "evening.json")
    assert len(ledger.entries) == 36
    [edit] = ledger.history
    assert (edit.action, edit.number) == ("edit", 8)


def test_tournament_is_a_full_series() -> None:
    ledger = load(EXAMPLES / "tournament-4.json")
    assert ledger.table.series == 48 == len(ledger.entries)
