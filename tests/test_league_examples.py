"""examples/league/, the league season ``make demo`` prints, is what examples/league.sh makes
through the command line; its season table comes out as worked out by hand below."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from .conftest import EXAMPLES

# Seeger-Fabian of a paper line (SkWO 5.1): points + 50 × (won − lost) + 30 (table of four) or
# 40 (table of three) × the games the others at the table lost. Kreuz Bube on match day 1:
#   series 1: Carl 205 + 50 × 5 + 30 × (2 + 4 + 1) = 665, Ben 30 + 0 + 30 × (2 + 1 + 1) = 150,
#             Anna 420 + 500 + 30 × (3 + 3 + 2) = 1160, Dora 130 + 150 + 40 × (1 + 5) = 520
#             -> 665 + 150 + 1160 + 520 = 2495, the best of series 1: 3 ranking points
# The season, per team: ranking points for : against and game points of both days.
TABLE = [
    {"place": 1, "team": "Kreuz Bube", "days": 2, "points": 9, "against": 3, "game_points": 8763},
    {"place": 2, "team": "Herz Dame", "days": 2, "points": 8, "against": 4, "game_points": 7866},
    {"place": 3, "team": "Karo Zehn", "days": 2, "points": 5, "against": 7, "game_points": 6588},
    {"place": 4, "team": "Pik As", "days": 1, "points": 2, "against": 10, "game_points": 2816},
]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKATLISTE_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
    return env


def _json(*args: str) -> object:
    out = subprocess.run(
        ["skatliste", *args], env=_env(), check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out)


def test_the_example_league_is_what_its_script_makes(tmp_path: Path) -> None:
    subprocess.run(
        ["bash", str(EXAMPLES / "league.sh"), str(tmp_path / "league")],
        env=_env(),
        check=True,
        capture_output=True,
    )
    for what in (["table"], ["players"], ["day", "report", "1"], ["day", "report", "2"]):
        shipped = _json("league", *what, "--json", "--league", str(EXAMPLES / "league"))
        again = _json("league", *what, "--json", "--league", str(tmp_path / "league"))
        assert shipped == again, what
    assert _json("league", "table", "--json", "--league", str(EXAMPLES / "league")) == {
        "table": TABLE
    }


def test_the_first_series_of_the_example_by_hand() -> None:
    report = _json("league", "day", "report", "1", "--json", "--league", str(EXAMPLES / "league"))
    assert isinstance(report, dict)
    first = [(t["team"], t["score"], t["points"]) for t in report["series"][0]["teams"]]
    assert first[0] == ("Kreuz Bube", 2495, 3)
