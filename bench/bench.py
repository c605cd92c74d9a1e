"""How fast skatliste answers at the sizes it is kept at, as ratios to a bare ``python -c pass``
measured side by side.

Run with ``make bench`` (a few minutes). Makes its lists as users make them (bench/filled.py):
an evening (36 Skat games; 48 American Grand deals), a Stammtisch's ten years in one list
(20,000 games), a championship (750 table lists), a club's season (200 lists) and a club's
ten years published as a site (946 lists, bench/make_club.py). Times whole
processes as a user runs them: each run right after a run of ``python -c pass`` (or of the
``json.load`` its target is measured against), medians, every list put back as it was made
before each run with nothing beside it. Prints a Markdown table, the 100,000-game figures as a
line of growth (no target), then every target with its measured figure and PASS or FAIL; exits
1 if a target fails. Not part of ``make test``: timings are for people, not asserts.
"""

from __future__ import annotations

import os
import platform
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
SKATLISTE = str(Path(sys.executable).with_name("skatliste"))
BASE = [sys.executable, "-c", "pass"]
EVENING = {"Skat": 36, "American Grand": 48}
"""An evening's list: 36 Skat games (12 rounds of three), 48 American Grand deals."""
STAMMTISCH = 20_000
"""A Stammtisch that keeps one list for ten years."""
GROWTH = (36, 1_000, STAMMTISCH, 100_000)
"""The Skat list's sizes of the line of growth."""
GROWN = ("add", "summary", "sheet", "check")
"""The commands timed at every size."""
LOAD_ALL = """import json, pathlib, sys
for p in pathlib.Path(sys.argv[1]).rglob("*.json"):
    if not p.name.startswith("."):
        json.loads(p.read_bytes())
"""
"""What a ranking's and a standing's target is measured against: a Python process that
``json.load``s every list of the folder."""


@dataclass
class Timing:
    median: float
    best: float
    base: float
    """The median of the process run alternately with it (``python -c pass`` unless said)."""

    @property
    def ratio(self) -> float:
        return self.median / self.base


def _run(cmd: list[str], stdin: bytes | None = None) -> float:
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
    base: list[str] = BASE,
) -> Timing:
    """Median and best wall time over ``runs``, each right after a run of ``base``."""
    times, bases = [], []
    for _ in range(runs):
        bases.append(_run(base))
        if before:
            before()
        times.append(_run(cmd, stdin))
    return Timing(statistics.median(times), min(times), statistics.median(bases))


class Kept:
    """A folder of lists put back as it was made before each run: every file a run wrote is
    taken away and named in ``written`` (a list's lock stays: the store makes it, and it is
    never written to)."""

    def __init__(self, folder: Path, master: Path | None = None) -> None:
        self.folder, self.master = folder, master
        self.made = self.files()
        self.written: set[str] = set()

    def files(self) -> set[Path]:
        return {p for p in self.folder.rglob("*") if p.is_file()}

    def __call__(self) -> None:
        for path in sorted(self.files() - self.made):
            if not path.name.endswith(".lock"):
                self.written.add(str(path.relative_to(self.folder)))
            path.unlink()
        if self.master is not None:
            for path in self.made:
                if path.suffix == ".json":
                    shutil.copy(self.master, path)


def one_list(
    folder: Path, name: str, make: list[str], *, then: list[str] | None = None
) -> tuple[Path, Kept]:
    """A list made by ``make`` (a bench/make_*.py and its arguments but the path) and changed
    by the command ``then``, alone in a folder of its own, its master copy kept outside it
    (what ``then`` wrote beside the master stays there); and what puts it back."""
    master = folder / f"{name}.master.json"
    subprocess.run([sys.executable, str(HERE / make[0]), *make[1:], str(master)], check=True)
    if then:
        command = [SKATLISTE, *then, "--ledger", str(master)]
        subprocess.run(command, check=True, capture_output=True)
    (folder / name).mkdir()
    work = folder / name / "list.json"
    shutil.copy(master, work)
    return work, Kept(folder / name, master)


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


@dataclass
class Measured:
    """Everything one run of the bench measured."""

    rows: list[tuple[str, Timing, str]] = field(default_factory=list)
    results: dict[str, Timing] = field(default_factory=dict)
    value_rate: float = 0.0
    written: dict[str, set[str]] = field(default_factory=dict)
    """What the commands of a case left beside its lists, by case."""
    imports: dict[str, list[str]] = field(default_factory=dict)
    """Which of ``HEAVY`` a command loads, by command."""

    def record(self, name: str, t: Timing, note: str = "") -> Timing:
        self.rows.append((name, t, note))
        self.results[name] = t
        return t


HEAVY = ("pydantic", "filelock", "tabulate", "importlib.metadata")
"""Third-party pieces a command at the table need not load (the web API's models, a lock
library, tables, the entry points)."""


def imported(cmd: list[str]) -> list[str]:
    """Which of ``HEAVY`` a command loads (``python -X importtime``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *cmd], capture_output=True, text=True, check=False
    )
    found = {line.rpartition("|")[2].strip() for line in done.stderr.splitlines()}
    return [name for name in HEAVY if name in found]


def value_cases(m: Measured) -> None:
    """One game's value, and 100,000 varied lines through ``value -``."""
    m.record(
        "value kreuz mit 2 hand", timed([SKATLISTE, "value", "kreuz", "mit", "2", "hand"], runs=9)
    )
    t = timed([SKATLISTE, "value", "-"], runs=3, stdin=varied_lines(100_000))
    m.value_rate = 100_000 / t.median
    m.record("value - (100,000 varied lines)", t, f"{m.value_rate:,.0f} lines/s")


EVENING_COMMANDS: dict[str, dict[str, list[str]]] = {
    "Skat": {
        "add": ["add", "anna", "kreuz", "mit", "1"],
        "insert": ["insert", "3", "anna", "kreuz", "mit", "1"],
        "edit": ["edit", "3", "ben", "grand", "ohne", "1"],
        "delete": ["delete", "3"],
        "pass": ["pass"],
        "undo": ["undo"],
        "restore": ["restore", "1"],
        "chart": ["chart"],
    },
    "American Grand": {
        "add": ["add", "anna", "whist", "25", "stiche", "11"],
        "insert": ["insert", "3", "anna", "whist", "25", "stiche", "11"],
        "edit": ["edit", "3", "ben", "grand", "20", "stiche", "10"],
        "delete": ["delete", "3"],
        "end": ["end"],
        "undo": ["undo"],
        "restore": ["restore", "1"],
    },
}
"""The commands of one family on an evening's list (a list of ISkO rules for Skat): those that
change it, and Skat's chart (American Grand has none)."""

READING = {
    "history": ["history"],
    "rules": ["rules"],
    "sheet": ["sheet"],
    "summary": ["summary"],
    "check": ["check"],
    "explain": ["explain", "1"],
    "stats": ["stats"],
    **{f"export {fmt}": ["export", "--format", fmt] for fmt in ("html", "md", "csv", "json")},
    "sign": ["sign", "Anna"],
}
"""The commands that read an evening's list (``sign`` writes a signature), either family."""

PUB = {"bock": ["bock"], "ramsch": ["ramsch", "anna=45", "ben=40", "carl=35"]}
"""Skat's pub commands, on a list of the pub rules."""


def evening_case(m: Measured, folder: Path, family: str, runs: int = 5) -> None:
    """Every list command on an evening's list of ``family``, the list put back before each
    run; the list was made one entry longer and its last entry taken back, so its history has
    an entry for ``restore``."""
    size = EVENING[family]
    make = "make_ledger.py" if family == "Skat" else "make_american.py"
    work, kept = one_list(folder, f"evening-{family}", [make, str(size + 1)], then=["undo"])
    new = folder / f"evening-{family}-new" / "list.json"
    new.parent.mkdir()
    fresh = Kept(new.parent)  # an empty folder: each run starts its list anew
    players = ["Anna", "Ben", "Carl"] if family == "Skat" else ["Anna", "Ben", "Carl", "Dora"]
    rules = "isko" if family == "Skat" else "american-grand"
    starting = [SKATLISTE, "new", "--players", *players, "--rules", rules, "--ledger", str(new)]
    m.record(f"{family}: new", timed(starting, runs=runs, before=fresh))
    twin = folder / f"evening-{family}-b.json"
    shutil.copy(work, twin)
    commands = EVENING_COMMANDS[family] | READING | {"compare": ["compare", str(twin)]}
    for name, words in commands.items():
        cmd = [SKATLISTE, *words, "--ledger", str(work)]
        if name == "compare":
            cmd = [SKATLISTE, "compare", str(work), str(twin)]
        m.record(f"{family}: {name} ({size})", timed(cmd, runs=runs, before=kept))
    if family == "Skat":
        pub, pub_kept = one_list(folder, "evening-pub", ["make_ledger.py", str(size), "pub"])
        for name, words in PUB.items():
            cmd = [SKATLISTE, *words, "--ledger", str(pub)]
            m.record(
                f"{family}: {name} ({size}, pub rules)", timed(cmd, runs=runs, before=pub_kept)
            )
        pub_kept()
        kept.written |= {f"pub: {name}" for name in pub_kept.written}
    kept()
    m.written[f"evening, {family}"] = kept.written


def list_case(m: Measured, folder: Path, size: int, runs: int) -> None:
    """``add``, ``summary``, ``sheet`` and ``check`` on a Skat list of ``size`` games, the list
    put back before each run; then what they left beside it."""
    work, kept = one_list(folder, f"list-{size}", ["make_ledger.py", str(size)])
    for name in GROWN:
        words = ["add", "anna", "kreuz", "mit", "1"] if name == "add" else [name]
        cmd = [SKATLISTE, *words, "--ledger", str(work)]
        m.record(f"Skat: {name} ({size:,})", timed(cmd, runs=runs, before=kept))
    kept()
    m.written[f"{size:,} games"] = kept.written


def folder_case(
    m: Measured, name: str, folder: Path, command: list[str], runs: int = 5
) -> tuple[Timing, Timing]:
    """``command`` on a folder of lists, each run right after a process that ``json.load``s
    every list of the folder; the folder put back before each run."""
    kept = Kept(folder)
    load = [sys.executable, "-c", LOAD_ALL, str(folder)]
    loads = timed(load, runs=runs, before=kept)
    t = timed(command, runs=runs, before=kept, base=load)
    kept()
    m.written[name] = kept.written
    return loads, t


def championship_case(m: Measured, folder: Path) -> None:
    """A championship (1,000 players, 3 series: 750 full table lists): its ranking."""
    champ = folder / "championship"
    made = [sys.executable, str(HERE / "make_tournament.py"), "1000", "3", str(champ)]
    subprocess.run(made, check=True)
    ranking = [SKATLISTE, "tournament", "ranking", "--tournament", str(champ)]
    load, t = folder_case(m, "championship", champ, ranking)
    m.record("json.load of a championship's 750 lists", load)
    m.record("tournament ranking (750 lists)", t, f"{t.ratio:.1f} × their json.load")


def season_case(m: Measured, folder: Path) -> None:
    """A club's season (50 evenings at 4 tables: 200 lists, 9,000 games): its standing."""
    club = folder / "season"
    subprocess.run([sys.executable, str(HERE / "make_season.py"), "50", str(club)], check=True)
    standing = [SKATLISTE, "season", "standing", "--season", str(club)]
    load, t = folder_case(m, "season", club, standing)
    m.record("json.load of a season's 200 lists", load)
    m.record("season standing (200 lists)", t, f"{t.ratio:.1f} × their json.load")


def publish_case(m: Measured, folder: Path) -> None:
    """A club's ten years (500 evenings' lists, 20 seasons, 30 tournaments, a league: 946
    lists) published from nothing, and again after one list changed (a game taken back and
    given again, in turn)."""
    club = folder / "club"
    subprocess.run([sys.executable, str(HERE / "make_club.py"), str(club)], check=True)
    site = folder / "club-site"
    publish = [SKATLISTE, "publish", str(club), "--out", str(site)]
    m.record("publish a club's ten years from nothing", timed(
        publish, runs=3, before=lambda: shutil.rmtree(site, ignore_errors=True)))  # fmt: skip
    changed = club / "2020" / "abende" / "2020-03-02.json"
    versions = [changed.read_bytes()]
    subprocess.run([SKATLISTE, "undo", "--ledger", str(changed)], check=True, capture_output=True)
    versions.append(changed.read_bytes())
    turn = iter(range(1_000))

    def change() -> None:
        changed.write_bytes(versions[next(turn) % 2])

    m.record("publish again after one list changed", timed(publish, runs=5, before=change))


Target = tuple[str, str, bool]


def targets(m: Measured) -> list[Target]:
    """Every target with its measured figure and whether it holds."""
    r = m.results
    out: list[Target] = []
    for family, size in EVENING.items():
        cases = [(n, t) for n, t in r.items() if n.startswith(f"{family}: ") and f"({size}" in n]
        cases.append((f"{family}: new", r[f"{family}: new"]))
        worst_name, worst = max(cases, key=lambda c: c[1].ratio)
        out.append(
            (
                f"every list command on an evening ({size} {family} entries) ≤ 5 ×",
                f"{len(cases)} commands, at most {worst.ratio:.1f} × ({worst_name})",
                worst.ratio <= 5,
            )
        )
    value = r["value kreuz mit 2 hand"]
    out.append(("value ≤ 4 ×", f"{value.ratio:.1f} ×", value.ratio <= 4))
    out.append(("value - ≥ 50,000 lines/s", f"{m.value_rate:,.0f} lines/s", m.value_rate >= 50_000))
    for name in GROWN:
        t = r[f"Skat: {name} ({STAMMTISCH:,})"]
        out.append((f"{name}, {STAMMTISCH:,} games ≤ 8 ×", f"{t.ratio:.1f} ×", t.ratio <= 8))
    for label, case, limit in (
        ("tournament ranking of 750 lists", "tournament ranking (750 lists)", 6),
        ("season standing of 200 lists", "season standing (200 lists)", 4),
    ):
        t = r[case]
        out.append((f"{label} ≤ {limit} × their json.load", f"{t.ratio:.1f} ×", t.ratio <= limit))
    for label, case, seconds in (
        ("publish a club's ten years from nothing", "publish a club's ten years from nothing", 20),
        ("publish again, one list changed", "publish again after one list changed", 1),
    ):
        t = r[case]
        out.append((f"{label} ≤ {seconds} s", f"{t.median:.2f} s", t.median <= seconds))
    for case, written in m.written.items():
        out.append(
            (
                f"{case}: nothing written beside the lists but their locks",
                ", ".join(sorted(written)) or "nothing",
                not written,
            )
        )
    return out


def growth(m: Measured) -> list[str]:
    """How each command's time grows with the list, 36 to 100,000 games (no target)."""
    lines = []
    for name in GROWN:
        ts = [m.results[f"Skat: {name} ({size:,})"] for size in GROWTH]
        times = " → ".join(f"{t.median * 1000:.0f}" for t in ts)
        ratios = " → ".join(f"{t.ratio:.1f}" for t in ts)
        per_game = (ts[-1].median - ts[-2].median) / (GROWTH[-1] - GROWTH[-2]) * 1e6
        lines.append(
            f"{name}: {times} ms ({ratios} ×); {per_game:.1f} µs a game above {GROWTH[-2]:,}"
        )
    return lines


def report(m: Measured) -> bool:
    """Print the cases, the growth and the targets; True when every target holds."""
    env_note = "PYTHONDONTWRITEBYTECODE set" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    print(
        f"skatliste benchmark, {date.today()}, Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.1f} at the end {env_note}".rstrip()
    )
    print()
    print("| case | median | best | ratio | note |")
    print("|---|---:|---:|---:|---|")
    for name, t, note in m.rows:
        print(
            f"| {name} | {t.median * 1000:.0f} ms | {t.best * 1000:.0f} ms "
            f"| {t.ratio:.1f} | {note} |"
        )
    base_ms = statistics.median(t.base for _, t, note in m.rows if "json.load" not in note) * 1000
    print(f"\npython -c pass: {base_ms:.0f} ms (median beside the runs above)")
    for name, heavy in m.imports.items():
        print(f"{name} imports: {', '.join(heavy) or 'none of ' + ', '.join(HEAVY)}")
    print(f"\nGrowth, Skat list of {' → '.join(f'{n:,}' for n in GROWTH)} games (no target):")
    for line in growth(m):
        print(f"  {line}")
    print()
    print("| target | measured | |")
    print("|---|---:|---|")
    found = targets(m)
    for name, measured, ok in found:
        print(f"| {name} | {measured} | {'PASS' if ok else 'FAIL'} |")
    return all(ok for _, _, ok in found)


def main() -> bool:
    """Every case and target of the lists; True when every target holds."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(HERE.parent / "skatliste")])
    m = Measured()
    value_cases(m)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for family in EVENING:
            evening_case(m, folder, family)
        for size in GROWTH[1:]:
            list_case(m, folder, size, runs=5 if size == STAMMTISCH else 3)
        evening = str(folder / "evening-Skat-b.json")  # a copy of the evening's list
        m.imports = {
            "value": imported([SKATLISTE, "value", "kreuz", "mit", "2"]),
            "add": imported([SKATLISTE, "add", "anna", "null", "--ledger", evening]),
        }
        championship_case(m, folder)
        season_case(m, folder)
        publish_case(m, folder)
    return report(m)


def web_add(requests: int = 200, clients: int = 8) -> None:
    """``POST /api/games`` on a real server on 127.0.0.1: median and 95th percentile time of
    one request, from one client in turn and from ``clients`` at once (bounded counts)."""
    import threading

    import httpx2 as httpx

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
            new = [SKATLISTE, "new", "--players", "Anna", "Ben", "Carl", "--ledger", str(path)]
            subprocess.run(new, check=True, capture_output=True)
            key = secrets.token_urlsafe(16)
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
