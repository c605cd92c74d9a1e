"""How fast skatliste answers, as ratios to a bare ``python -c pass`` measured in the same run.

Run with ``make bench``. Prints a Markdown table (median wall time of several runs); exits
non-zero if any case fails. Not part of ``make test``: timings are for people, not asserts.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
SKATLISTE = str(BIN / "skatliste")
SIZES = [0, 1_000, 10_000, 100_000]


def timed(
    cmd: list[str],
    *,
    runs: int,
    stdin: bytes | None = None,
    before: Callable[[], None] | None = None,
) -> tuple[float, float]:
    """(median, best) wall time in seconds over ``runs``; stops the benchmark if it fails."""
    times = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        proc = subprocess.run(cmd, input=stdin, capture_output=True)
        times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            raise SystemExit(
                f"bench: {' '.join(cmd[1:4])} ... failed ({proc.returncode}): "
                f"{proc.stderr.decode()[:300]}"
            )
    return statistics.median(times), min(times)


def instructions(cmd: list[str]) -> int | None:
    """Instructions executed (valgrind's callgrind), where valgrind is installed: unlike wall
    time, the count does not move with a busy disk or a noisy neighbour."""
    if shutil.which("valgrind") is None:
        return None
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    return int(found.group(1)) if found else None


LOAD_ALL = """import json, pathlib, sys
for p in pathlib.Path(sys.argv[1]).rglob("*.json"):
    if not p.name.startswith("."):
        json.loads(p.read_bytes())
"""


def tournament_case(folder: Path) -> list[tuple[str, tuple[float, float], str]]:
    """A championship (1,000 players, 3 series: 750 full table lists): ``tournament ranking``
    against ``json.load`` of all its files in one Python process (target: within 3 ×)."""
    champ = folder / "championship"
    subprocess.run(
        [sys.executable, str(HERE / "make_tournament.py"), "1000", "3", str(champ)], check=True
    )
    load = timed([sys.executable, "-c", LOAD_ALL, str(champ)], runs=5)
    ranking = [SKATLISTE, "tournament", "ranking", "--tournament", str(champ)]
    cache = champ / ".skatliste-cache.json"
    cold = timed(ranking, runs=1, before=lambda: cache.unlink(missing_ok=True))
    warm = timed(ranking, runs=5)
    return [
        ("json.load of a championship (750 lists)", load, ""),
        ("tournament ranking, first look", cold, "every list read and summed"),
        ("tournament ranking", warm, f"{warm[0] / load[0]:.1f} × the json.load (target: ≤ 3 ×)"),
    ]


def main() -> None:
    env_note = "PYTHONDONTWRITEBYTECODE set" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    rows: list[tuple[str, tuple[float, float], str]] = []
    base = timed([sys.executable, "-c", "pass"], runs=15)
    rows.append(("python -c pass", base, ""))
    rows.append(
        (
            "value kreuz mit 2 hand",
            timed([SKATLISTE, "value", "kreuz", "mit", "2", "hand"], runs=15),
            "",
        )
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lines = "\n".join(
            [
                "kreuz mit 2 hand = 48",
                "pik mit 1 gereizt 36",
                "grand ohne 1 augen 92",
                "null ouvert hand verloren kontra",
            ]
            * 2500
        ).encode()
        t = timed([SKATLISTE, "value", "-"], runs=3, stdin=lines)
        rows.append(("value - (10,000 lines)", t, f"{10_000 / t[0]:,.0f} games/s"))
        for size in SIZES:
            master = folder / f"master-{size}.json"
            subprocess.run(
                [sys.executable, str(HERE / "make_ledger.py"), str(size), str(master)], check=True
            )
            work = folder / f"work-{size}.json"
            shutil.copy(master, work)
            runs = 3 if size >= 10_000 else 7
            restore = lambda m=master, w=work: shutil.copy(m, w)  # noqa: E731
            rows.append(
                (
                    f"add ({size:,} games)",
                    timed(
                        [SKATLISTE, "add", "anna", "kreuz", "mit", "1", "--ledger", str(work)],
                        runs=runs,
                        before=restore,
                    ),
                    "",
                )
            )
            for cmd in ("sheet", "summary", "check"):
                rows.append(
                    (
                        f"{cmd} ({size:,} games)",
                        timed([SKATLISTE, cmd, "--ledger", str(work)], runs=runs),
                        "",
                    )
                )
        rows.extend(tournament_case(folder))
    print(
        f"skatliste benchmark, {date.today()}, Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores {env_note}".rstrip()
    )
    print()
    print("| case | median | best | median ÷ python -c pass | note |")
    print("|---|---:|---:|---:|---|")
    for name, (median, best), note in rows:
        print(
            f"| {name} | {median * 1000:.0f} ms | {best * 1000:.0f} ms "
            f"| {median / base[0]:.1f} | {note} |"
        )
    counted = {
        "python -c pass": instructions([sys.executable, "-c", "pass"]),
        "value kreuz mit 2 hand": instructions([SKATLISTE, "value", "kreuz", "mit", "2", "hand"]),
    }
    if all(counted.values()):
        base_count = counted["python -c pass"]
        assert base_count is not None
        print()
        print("| case | instructions (callgrind) | × python -c pass |")
        print("|---|---:|---:|")
        for name, count in counted.items():
            assert count is not None
            print(f"| {name} | {count / 1e6:,.0f} M | {count / base_count:.1f} |")
    adds = [t[0] for name, t, _ in rows if name.startswith("add")]
    growth = (adds[-1] - adds[0]) / SIZES[-1] * 1e6
    print()
    print(f"add grows by about {growth:.1f} µs per game in the ledger.")


if __name__ == "__main__":
    main()
