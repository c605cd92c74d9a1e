"""How fast skatliste answers, as ratios to a bare ``python -c pass`` measured side by side.

Run with ``make bench``. Builds Skat lists of 36, 1,000, 10,000 and 100,000 games and an
American Grand list of 100,000 deals, times whole processes as a user runs them (each run of a
command right after a run of ``python -c pass``, medians; no cache file unless a case says
so), prints a Markdown table and then every target with its measured figure and PASS or FAIL.
Exits 1 if a target fails. Not part of ``make test``: timings are for people, not asserts.
"""

from __future__ import annotations

import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
SKATLISTE = str(BIN / "skatliste")
SIZES = [36, 1_000, 10_000, 100_000]
BASE = [sys.executable, "-c", "pass"]
RSS = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stdin=sys.stdin)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


@dataclass
class Timing:
    median: float
    best: float
    base: float
    """The median of ``python -c pass`` run alternately with it."""

    @property
    def ratio(self) -> float:
        return self.median / self.base


def _run(cmd: list[str], stdin: bytes | None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, input=stdin, capture_output=True)
    took = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(
            f"bench: {' '.join(cmd[1:4])} ... failed ({proc.returncode}): "
            f"{proc.stderr.decode()[:300]}"
        )
    return took


def timed(
    cmd: list[str],
    *,
    runs: int,
    stdin: bytes | None = None,
    before: Callable[[], None] | None = None,
) -> Timing:
    """Median and best wall time over ``runs``, each beside a run of ``python -c pass``."""
    times, bases = [], []
    for _ in range(runs):
        bases.append(_run(BASE, None))
        if before:
            before()
        times.append(_run(cmd, stdin))
    return Timing(statistics.median(times), min(times), statistics.median(bases))


def max_rss(cmd: list[str], stdin: bytes | None = None) -> int:
    """Peak resident memory of ``cmd`` in bytes."""
    out = subprocess.run(
        [sys.executable, "-c", RSS, *cmd], input=stdin, capture_output=True, check=True
    )
    return int(out.stdout) * 1024


def imported(cmd: list[str]) -> set[str]:
    """The modules a command imports (python -X importtime)."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", *cmd], capture_output=True, text=True, check=False
    )
    return set(re.findall(r"\|\s+(\S+)$", proc.stderr, re.M))


LOAD_ALL = """import json, pathlib, sys
for p in pathlib.Path(sys.argv[1]).rglob("*.json"):
    if not p.name.startswith("."):
        json.loads(p.read_bytes())
"""


PAPER_TABLE = (
    "import json, sys\n"
    "from pathlib import Path\n"
    "from skatliste.store.lists import load, save\n"
    "lst = load(Path(sys.argv[1]))\n"
    "lst.entries = []\n"
    "save(lst)\n"
    "print(json.dumps(list(lst.table.players)))"
)
"""Empties one table's list (the table that plays on paper) and prints its players."""


def paper_result_case(folder: Path, players: int) -> Timing:
    """``tournament result`` for one table of a tournament of ``players`` players (3 series,
    every other list full): it reads the tournament file and that table's list only, so it
    costs the same at any size (target: within 6 × ``python -c pass`` at 1,000 players)."""
    hall = folder / f"paper-{players}"
    subprocess.run(
        [sys.executable, str(HERE / "make_tournament.py"), str(players), "3", str(hall)],
        check=True,
    )
    listed = subprocess.run(
        [sys.executable, "-c", PAPER_TABLE, str(hall / "series-3" / "table-01.json")],
        check=True,
        capture_output=True,
        text=True,
    )
    first, *others = json.loads(listed.stdout)
    items = [f"{first}=48/1/0", *(f"{name}=0/0/0" for name in others)]
    command = [SKATLISTE, "tournament", "result", "3", "1", *items, "--force"]
    return timed([*command, "--tournament", str(hall)], runs=7)


def tournament_case(folder: Path) -> list[tuple[str, Timing, str]]:
    """A championship (1,000 players, 3 series: 750 full table lists): ``tournament ranking``,
    every list read and summed, against ``json.load`` of all its files in one Python process
    (target: within 3 ×)."""
    champ = folder / "championship"
    subprocess.run(
        [sys.executable, str(HERE / "make_tournament.py"), "1000", "3", str(champ)], check=True
    )
    load = timed([sys.executable, "-c", LOAD_ALL, str(champ)], runs=5)
    ranking = timed([SKATLISTE, "tournament", "ranking", "--tournament", str(champ)], runs=5)
    # the same folder without the lists' state files: each list read strictly and derived
    bare = folder / "championship-bare"
    shutil.copytree(champ, bare, ignore=shutil.ignore_patterns("*.state"))
    derived = timed([SKATLISTE, "tournament", "ranking", "--tournament", str(bare)], runs=5)
    small, large = paper_result_case(folder, 24), paper_result_case(folder, 1000)
    return [
        ("json.load of a championship (750 lists)", load, ""),
        (
            "tournament ranking",
            ranking,
            f"each list summed from its state: {ranking.median / load.median:.1f} × the json.load",
        ),
        (
            "tournament ranking, no state files",
            derived,
            f"each list read and derived: {derived.median / load.median:.1f} × the json.load",
        ),
        ("tournament result (24 players)", small, "one paper result typed in"),
        (
            "tournament result (1,000 players)",
            large,
            f"the tournament file and one list read: {large.median / small.median:.2f} × "
            "the result at 24 players",
        ),
    ]


def season_case(folder: Path) -> list[tuple[str, Timing, str]]:
    """A club's season of 50 evenings at 4 tables (200 lists, 9,000 games): ``season
    standing``, every list read strictly and summed, against ``json.load`` of all its files in
    one Python process (target: within 3 ×)."""
    club = folder / "season"
    subprocess.run([sys.executable, str(HERE / "make_season.py"), "50", str(club)], check=True)
    load = timed([sys.executable, "-c", LOAD_ALL, str(club)], runs=5)
    standing = timed([SKATLISTE, "season", "standing", "--season", str(club)], runs=5)
    return [
        ("json.load of a season (200 lists)", load, ""),
        (
            "season standing",
            standing,
            f"every list read and summed: {standing.median / load.median:.1f} × the json.load",
        ),
    ]


AMERICAN_SIZE = 100_000
AMERICAN_GATES = ("add", "sheet", "summary", "check")
"""The American Grand commands whose target (within the time of the Skat twin) gates the
bench; the others are measured and shown."""


def varied_lines(count: int, seed: int = 15) -> bytes:
    """``count`` lines of a paper list: every game type, Spitzen, Hand, bids, Augen, Kontra."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        game = rng.choice(["kreuz", "pik", "herz", "karo", "grand", "null"])
        if game == "null":
            words = ["null", *rng.sample(["hand", "ouvert"], rng.randrange(3))]
            if rng.random() < 0.3:
                words.append("verloren")
        else:
            top = 4 if game == "grand" else 11
            words = [game, rng.choice(["mit", "ohne"]), str(rng.randrange(1, min(top, 4) + 1))]
            if rng.random() < 0.3:
                words.append("hand")
            if rng.random() < 0.2:
                words += ["gereizt", str(rng.choice([18, 20, 23, 24, 27, 30, 33, 35, 36, 40]))]
            words += ["augen", str(rng.randrange(0, 121))]
        if rng.random() < 0.1:
            words.append("kontra")
        out.append(" ".join(words))
    return ("\n".join(out) + "\n").encode()


def largest_list(
    size: int,
    folder: Path,
    master: Path,
    work: Path,
    add: list[str],
    runs: int,
    record: Callable[[str, Timing, str], Timing],
) -> Timing:
    """The longest list's extra cases: python printing the same sheet (the floor), an add
    after a hand edit; returns the first."""
    text = folder / "sheet.txt"
    with text.open("wb") as fh:
        subprocess.run([SKATLISTE, "sheet", "--ledger", str(work)], stdout=fh, check=True)
    show = "import sys; sys.stdout.write(open(sys.argv[1], encoding='utf-8').read())"
    sheet_print = record(
        f"python prints the same sheet ({size:,} games)",
        timed([sys.executable, "-c", show, str(text)], runs=runs),
        "",
    )

    def hand_edited(m: Path = master, w: Path = work) -> None:
        shutil.copy(m, w)  # the cache is left behind: the list is new to it
        Path(f"{w}.cache").unlink(missing_ok=True)

    record(
        f"add after a hand edit ({size:,} games)",
        timed(add, runs=runs, before=hand_edited),
        "no cache: read, check, derive in full",
    )
    return sheet_print


def restorer(master: Path, work: Path) -> Callable[[], None]:
    """Put the list back as it was made, with the sidecar the store made for it, if any."""

    def restore() -> None:
        shutil.copy(master, work)
        for sidecar in (".cache", ".sheet", ".state"):
            kept = Path(f"{master}{sidecar}")
            if kept.exists():
                shutil.copy(kept, f"{work}{sidecar}")
            else:
                Path(f"{work}{sidecar}").unlink(missing_ok=True)

    return restore


def bare(master: Path, work: Path) -> Callable[[], None]:
    """Put the list back as it was made, without any cache file beside it."""

    def fresh() -> None:
        shutil.copy(master, work)
        for sidecar in (".cache", ".sheet", ".state"):
            Path(f"{work}{sidecar}").unlink(missing_ok=True)

    return fresh


@dataclass
class Measured:
    """Everything one run of the bench measured."""

    rows: list[tuple[str, Timing, str]] = field(default_factory=list)
    results: dict[str, Timing] = field(default_factory=dict)
    value_rate: float = 0.0
    value_rss: tuple[int, int] = (0, 0)
    memory: dict[int, tuple[int, int]] = field(default_factory=dict)
    sheet_print: Timing | None = None
    start_mods: set[str] = field(default_factory=set)
    summary_mods: set[str] = field(default_factory=set)

    def record(self, name: str, t: Timing, note: str = "") -> Timing:
        self.rows.append((name, t, note))
        self.results[name] = t
        return t


def value_cases(m: Measured) -> None:
    """One game's value, and 100,000 varied lines through ``value -``."""
    m.record(
        "value kreuz mit 2 hand", timed([SKATLISTE, "value", "kreuz", "mit", "2", "hand"], runs=15)
    )
    lines = varied_lines(100_000)
    t = timed([SKATLISTE, "value", "-"], runs=3, stdin=lines)
    m.value_rate = 100_000 / t.median
    m.record("value - (100,000 varied lines)", t, f"{m.value_rate:,.0f} lines/s")
    m.value_rss = (
        max_rss([SKATLISTE, "value", "-"], varied_lines(10_000)),
        max_rss([SKATLISTE, "value", "-"], lines),
    )


def skat_list_cases(m: Measured, folder: Path, size: int) -> None:
    """add, summary, sheet and check on a Skat list of ``size`` games."""
    master = folder / f"master-{size}.json"
    subprocess.run(
        [sys.executable, str(HERE / "make_ledger.py"), str(size), str(master)], check=True
    )
    # a first look, as the list's first summary keeps its state (a long list's only sidecar)
    subprocess.run([SKATLISTE, "summary", "--ledger", str(master)], check=True, capture_output=True)
    work = folder / f"work-{size}.json"
    restore, fresh = restorer(master, work), bare(master, work)
    restore()
    runs = 3 if size >= 10_000 else 9
    add = [SKATLISTE, "add", "anna", "kreuz", "mit", "1", "--ledger", str(work)]
    m.record(f"add ({size:,} games)", timed(add, runs=runs, before=restore))
    restore()
    m.memory[size] = (max_rss(add), master.stat().st_size)
    if size == SIZES[0]:
        m.start_mods = imported(add)
        m.summary_mods = imported([SKATLISTE, "summary", "--ledger", str(work)])
    for cmd in ("summary", "sheet", "check"):
        summary = cmd == "summary"
        m.record(
            f"{cmd} ({size:,} games)",
            timed(
                [SKATLISTE, cmd, "--ledger", str(work)],
                runs=runs,
                before=restore if summary else fresh,
            ),
            "" if summary else "no cache file",
        )
    if size == SIZES[-1]:
        m.sheet_print = largest_list(size, folder, master, work, add, runs, m.record)


def side_by_side(
    ours: list[str],
    twin: list[str],
    *,
    runs: int,
    before: Callable[[], None],
    before_twin: Callable[[], None],
) -> tuple[Timing, Timing]:
    """Median and best wall time of ``ours`` and of its ``twin``, each run of ours right after
    a run of the twin (and a run of ``python -c pass``): both see the same load of a shared
    machine, which the twin's own case, minutes before, did not."""
    times, twins, bases = [], [], []
    for _ in range(runs):
        bases.append(_run(BASE, None))
        before_twin()
        twins.append(_run(twin, None))
        before()
        times.append(_run(ours, None))
    base = statistics.median(bases)
    return (
        Timing(statistics.median(times), min(times), base),
        Timing(statistics.median(twins), min(twins), base),
    )


def american_cases(m: Measured, folder: Path, runs: int = 5) -> None:
    """add, sheet, summary and check on a long American Grand list, as a user runs them, each
    with the same files beside the list as its Skat twin on as long a list, run by turns with
    it (the Skat list of the list cases, with its state file)."""
    master = folder / "american-master.json"
    work = folder / "american.json"
    subprocess.run(
        [sys.executable, str(HERE / "make_american.py"), str(AMERICAN_SIZE), str(master)],
        check=True,
    )
    # a first look, as the list's first command makes the sidecar the store keeps, if any
    subprocess.run([SKATLISTE, "summary", "--ledger", str(master)], check=True, capture_output=True)
    restore, fresh = restorer(master, work), bare(master, work)
    skat_master, skat_work = folder / f"master-{SIZES[-1]}.json", folder / "twin.json"
    skat_restore, skat_fresh = restorer(skat_master, skat_work), bare(skat_master, skat_work)
    commands = {
        "add": (
            ["add", "anna", "whist", "25", "stiche", "11"],
            ["add", "anna", "kreuz", "mit", "1"],
        ),
        "sheet": (["sheet"], ["sheet"]),
        "summary": (["summary"], ["summary"]),
        "check": (["check"], ["check"]),
    }
    for cmd, (words, twin_words) in commands.items():
        kept = cmd in ("add", "summary")
        ours, twin = side_by_side(
            [SKATLISTE, *words, "--ledger", str(work)],
            [SKATLISTE, *twin_words, "--ledger", str(skat_work)],
            runs=2 * runs - 1 if kept else runs,  # the short ones: more runs, a steadier median
            before=restore if kept else fresh,
            before_twin=skat_restore if kept else skat_fresh,
        )
        note = "" if kept else "no cache file"
        m.record(f"American Grand {cmd} ({AMERICAN_SIZE:,} deals)", ours, note)
        m.record(f"Skat {cmd} beside it ({SIZES[-1]:,} games)", twin, "its twin, run by turns")


EVENING_DEALS = 48
"""An evening of American Grand: four or five parties."""

EVENING_TWINS: dict[str, tuple[list[str], list[str]]] = {
    "add": (["add", "anna", "whist", "25", "stiche", "11"], ["add", "anna", "kreuz", "mit", "1"]),
    "insert": (
        ["insert", "3", "anna", "whist", "25", "stiche", "11"],
        ["insert", "3", "anna", "kreuz", "mit", "1"],
    ),
    "undo": (["undo"], ["undo"]),
    "sheet": (["sheet"], ["sheet"]),
    "summary": (["summary"], ["summary"]),
    "check": (["check"], ["check"]),
    "explain": (["explain", "1"], ["explain", "1"]),
    "history": (["history"], ["history"]),
    "stats": (["stats"], ["stats"]),
    **{
        f"export {fmt}": (["export", "--format", fmt], ["export", "--format", fmt])
        for fmt in ("html", "md", "csv", "json")
    },
}
"""Every list command that reads or writes an evening's list, with its Skat twin's words."""


def evening_cases(m: Measured, folder: Path, runs: int = 9) -> None:
    """Every list command on an evening's American Grand list (48 deals) and on an evening's
    Skat list (36 games, the list cases' first), run by turns, each list put back before each
    run: the size at which a table uses them."""
    master, work = folder / "american-evening-master.json", folder / "american-evening.json"
    subprocess.run(
        [sys.executable, str(HERE / "make_american.py"), str(EVENING_DEALS), str(master)],
        check=True,
    )
    skat_master, skat_work = folder / f"master-{SIZES[0]}.json", folder / "evening-twin.json"
    restore, skat_restore = restorer(master, work), restorer(skat_master, skat_work)
    for cmd, (words, twin_words) in EVENING_TWINS.items():
        ours, twin = side_by_side(
            [SKATLISTE, *words, "--ledger", str(work)],
            [SKATLISTE, *twin_words, "--ledger", str(skat_work)],
            runs=runs,
            before=restore,
            before_twin=skat_restore,
        )
        m.record(f"American Grand {cmd} ({EVENING_DEALS} deals)", ours)
        m.record(f"Skat {cmd} beside it ({SIZES[0]} games)", twin, "its twin, run by turns")


Target = tuple[str, str, bool]


def list_targets(m: Measured) -> list[Target]:
    """The targets of the list commands."""
    r = m.results
    add = {size: r[f"add ({size:,} games)"] for size in SIZES}
    summary, sheet = r["summary (100,000 games)"], r["sheet (100,000 games)"]
    check_big, check_small = r["check (100,000 games)"], r["check (36 games)"]
    per_game = (check_big.median - check_small.median) / (SIZES[-1] - SIZES[0]) * 1e6
    assert m.sheet_print is not None
    return [
        ("add, 36 games ≤ 6 ×", f"{add[36].ratio:.1f} ×", add[36].ratio <= 6),
        ("add, 100,000 games ≤ 12 ×", f"{add[100_000].ratio:.1f} ×", add[100_000].ratio <= 12),
        (
            "add flat: ratio at 100,000 ≤ 1.5 × ratio at 1,000",
            f"{add[100_000].ratio / add[1_000].ratio:.2f} ×",
            add[100_000].ratio <= 1.5 * add[1_000].ratio,
        ),
        ("summary, 100,000 games ≤ 15 ×", f"{summary.ratio:.1f} ×", summary.ratio <= 15),
        (
            "sheet, 100,000 games ≤ 15 × (no cache file)",
            f"{sheet.ratio:.1f} × ({sheet.median / m.sheet_print.median:.1f} × "
            "printing its text from Python)",
            sheet.ratio <= 15,
        ),
        (
            "check (read, check, derive) ≤ 5 µs a game (100,000 games above 36)",
            f"{per_game:.1f} µs",
            per_game <= 5,
        ),
    ]


def other_targets(m: Measured) -> list[Target]:
    """The targets of ``value``, memory, start-up imports and the tournament."""
    r = m.results
    value = r["value kreuz mit 2 hand"]
    big_rss, big_size = m.memory[SIZES[-1]]
    small_rss = m.memory[SIZES[0]][0]
    heavy = sorted(x for x in ("pydantic", "filelock", "importlib.metadata") if x in m.start_mods)
    ranking = r["tournament ranking"].median / r["json.load of a championship (750 lists)"].median
    season = r["season standing"].median / r["json.load of a season (200 lists)"].median
    paper = r["tournament result (1,000 players)"]
    low, high = m.value_rss
    return [
        ("value ≤ 4 ×", f"{value.ratio:.1f} ×", value.ratio <= 4),
        ("value - ≥ 60,000 lines/s", f"{m.value_rate:,.0f} lines/s", m.value_rate >= 60_000),
        (
            "value - memory flat (100,000 lines ≤ 1.2 × 10,000 lines)",
            f"{high / 2**20:.0f} MB vs {low / 2**20:.0f} MB",
            high <= 1.2 * low,
        ),
        (
            "add imports none of pydantic, filelock, importlib.metadata",
            ", ".join(heavy) or "none",
            not heavy,
        ),
        (
            "add memory, 100,000 games ≤ 3 × the file (above add on 36 games)",
            f"{(big_rss - small_rss) / 2**20:.0f} MB for a {big_size / 2**20:.0f} MB file "
            f"({(big_rss - small_rss) / big_size:.1f} ×; {big_rss / 2**20:.0f} MB in all)",
            big_rss - small_rss <= 3 * big_size,
        ),
        ("tournament ranking of 750 lists ≤ 3 × their json.load", f"{ranking:.1f} ×", ranking <= 3),
        ("season standing of 200 lists ≤ 3 × their json.load", f"{season:.1f} ×", season <= 3),
        (
            "tournament result at 1,000 players ≤ 6 ×",
            f"{paper.ratio:.1f} ×",
            paper.ratio <= 6,
        ),
    ]


def twin_targets(m: Measured, commands: Iterable[str], deals: str, games: str) -> list[Target]:
    """Each American Grand command on a list of ``deals`` within the time of its Skat twin on
    a list of ``games``, the two run by turns."""
    out = []
    for cmd in commands:
        ours = m.results[f"American Grand {cmd} ({deals} deals)"]
        twin = m.results[f"Skat {cmd} beside it ({games} games)"]
        out.append(
            (
                f"American Grand {cmd} ({deals} deals) ≤ its Skat twin",
                f"{ours.median / twin.median:.2f} × the Skat {cmd}",
                ours.median <= twin.median,
            )
        )
    return out


def american_targets(m: Measured) -> list[Target]:
    """On as long a list as the longest Skat list."""
    cases = ("add", "sheet", "summary", "check")
    return twin_targets(m, cases, f"{AMERICAN_SIZE:,}", f"{SIZES[-1]:,}")


def evening_targets(m: Measured) -> list[Target]:
    """On an evening's list, every list command."""
    return twin_targets(m, EVENING_TWINS, str(EVENING_DEALS), str(SIZES[0]))


def report(m: Measured) -> bool:
    """Print the cases and the targets; True when every gating target passes."""
    env_note = "PYTHONDONTWRITEBYTECODE set" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    print(
        f"skatliste benchmark, {date.today()}, Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores {env_note}".rstrip()
    )
    print()
    print("| case | median | best | ÷ python -c pass | note |")
    print("|---|---:|---:|---:|---|")
    for name, t, note in m.rows:
        print(
            f"| {name} | {t.median * 1000:.0f} ms | {t.best * 1000:.0f} ms "
            f"| {t.ratio:.1f} | {note} |"
        )
    base_ms = statistics.median(t.base for _, t, _ in m.rows) * 1000
    print(f"\npython -c pass: {base_ms:.0f} ms (median beside the runs above)")
    add = {size: m.results[f"add ({size:,} games)"] for size in SIZES}
    growth = (add[SIZES[-1]].median - add[SIZES[1]].median) / (SIZES[-1] - SIZES[1]) * 1e6
    print(f"add grows by {growth:.2f} µs per game in the list (1,000 → 100,000 games).")
    pieces = ("pydantic", "filelock", "importlib.metadata", "tabulate")
    print(
        "summary imports: "
        + (", ".join(x for x in pieces if x in m.summary_mods) or "none of " + ", ".join(pieces))
    )
    print()
    print("| target | measured | |")
    print("|---|---:|---|")
    targets = list_targets(m) + other_targets(m) + evening_targets(m)
    for name, measured, ok in targets:
        print(f"| {name} | {measured} | {'PASS' if ok else 'FAIL'} |")
    american = american_targets(m)
    gated = [
        t
        for t, cmd in zip(american, ("add", "sheet", "summary", "check"), strict=True)
        if cmd in AMERICAN_GATES
    ]
    for target in american:
        name, measured, ok = target
        verdict = "PASS" if ok else ("FAIL" if target in gated else "not yet (measured only)")
        print(f"| {name} | {measured} | {verdict} |")
    gates = targets + gated
    return all(ok for _, _, ok in gates)


def main() -> bool:
    """Every case and target of the lists; True when every gating target passes."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(HERE.parent / "skatliste")])
    m = Measured()
    value_cases(m)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for size in SIZES:
            skat_list_cases(m, folder, size)
        for name, t, note in tournament_case(folder):
            m.record(name, t, note)
        for name, t, note in season_case(folder):
            m.record(name, t, note)
        american_cases(m, folder)
        evening_cases(m, folder)
    return report(m)


def web_add(requests: int = 200, clients: int = 8) -> None:
    """``POST /api/games`` on a real server on 127.0.0.1: median and 95th percentile time of
    one request, from one client in turn and from ``clients`` at once (bounded counts)."""
    import threading

    import httpx2 as httpx

    from skatliste.app.keys import new_key
    from skatliste.app.lists import new_list
    from skatliste.web.server import create_app, running

    def measure(url: str, key: str, count: int, out: list[float]) -> None:
        headers = {"Authorization": f"Bearer {key}"}
        with httpx.Client(base_url=url, headers=headers, timeout=60) as http:
            for n in range(count):
                body = {"declarer": ("anna", "ben", "carl")[n % 3], "words": "kreuz mit 1"}
                start = time.perf_counter()
                answer = http.post("/api/games", json=body)
                out.append(time.perf_counter() - start)
                if answer.status_code != 201:
                    raise SystemExit(f"bench: POST /api/games failed: {answer.text[:300]}")

    def p95(times: list[float]) -> float:
        return statistics.quantiles(times, n=20, method="inclusive")[-1]

    print()
    print("| POST /api/games (127.0.0.1) | requests | median | p95 |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for label, threads in (("one client", 1), (f"{clients} clients at once", clients)):
            path = Path(tmp) / f"web-{threads}.json"
            new_list(path, ["Anna", "Ben", "Carl"])
            key = new_key()
            times: list[float] = []
            with running(create_app(path, key=key)) as url:
                workers = [
                    threading.Thread(target=measure, args=(url, key, requests // threads, times))
                    for _ in range(threads)
                ]
                for w in workers:
                    w.start()
                for w in workers:
                    w.join(300)
            print(
                f"| {label} | {len(times)} | {statistics.median(times) * 1000:.1f} ms "
                f"| {p95(times) * 1000:.1f} ms |"
            )


if __name__ == "__main__":
    passed = main()
    web_add()  # the phone page's write, also when a list target failed
    sys.exit(0 if passed else 1)
