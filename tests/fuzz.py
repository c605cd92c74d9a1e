"""The fuzz suite: the whole CLI, in-process, fed what a tired table types.

Each input is one command line built by a seeded generator from the table's words, player
names and abbreviations, numbers (in range, huge, negative, unicode digits, glued on,
repeated), option-like words, answers for ``play`` and lines for ``value -``, replay files
and mangled copies of the list file. After each one it checks:

- the exit status is 0 or 2 (``check``: 0 or 1; ``value`` and ``replay``: also 1, a paper
  value or a card that is wrong), never 70 (the bug handler) and never an escaped exception;
- a refused command left the list file byte for byte as it was;
- the number of games grew or shrank by exactly what the accepted commands did.

``python -m tests.fuzz N`` (``make fuzz``) runs N inputs on every core and prints how many
it tried; ``tests/test_fuzz.py`` runs a quick slice under ``make test``.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from click.testing import CliRunner

from skatliste.cli import cli

PLAYERS = ("Anna", "Ben", "Carl")
GAME_WORDS = (
    "karo herz pik kreuz grand null diamonds hearts spades clubs grün eichel schellen rot ♣ ♠ ♥ "
    "nullo caro laub"
).split()
FLAG_WORDS = (
    "hand ouvert open offen schneider schwarz angesagt announced gewonnen won verloren lost "
    "kontra contra re bock doppelbock schneider-angesagt"
).split()
NUMBER_WORDS = "mit ohne with without gereizt bid reizwert augen points pts".split()
RAMSCH_WORDS = "jungfrau durchmarsch geschoben pushed skat".split()
ODD_WORDS = [
    "", " ", "=", "==", "= 48", "=-96", "=+", "−", "-", "--", "ohen", "hnad", "mit-2", "x",
    "null hand", "\ufeff", "\x00", "ä", "ß", "🂡", "é" * 50, "a=b", "=1", "anna=", "=anna",
    "CJ", "♣B", "Herz-Ass", "eingepasst", "pass", "ramsch", "q", "p", "j", "n",
]  # fmt: skip
TABLE_NUMBERS = [0, 1, 2, 3, 4, 5, 11, 12, 18, 20, 23, 36, 48, 59, 60, 61, 90, 120]
UNICODE_NUMBERS = ["٧٥", "²", "७", "１８", "½", "⑤", "٣٦", "๑๘"]
OPTION_WORDS = [
    "--note", "--lang", "--bock", "--json", "--format", "--cent", "--round", "--last-round",
    "--table", "--with", "--without", "--hand", "--won", "--lost", "--bid", "--augen",
    "--players", "--lead", "--rules", "--rule", "--first-dealer", "--partial", "--list",
    "--width", "--height", "--kontra", "--re", "--schneider-announced", "-x", "--nope", "-",
]  # fmt: skip
OPTION_VALUES = ["de", "en", "fr", "csv", "md", "html", "json", "grid", "plain", "0.25", "1/4"]
CARDS = [f"{s}{r}" for s in "CSHD" for r in ("A", "T", "10", "K", "Q", "J", "9", "8", "7")] + [
    "♣B",
    "♠A",
    "Kreuz-Bube",
    "XX",
    "C1",
]

# how each command changes the number of games when it succeeds
GROWS = {"add": 1, "pass": 1, "ramsch": 1, "insert": 1, "restore": 1, "undo": -1, "delete": -1}
# exit statuses a command may end with besides 0 and 2 (sheet: 1 on a list with problems)
ALSO = {"check": {1}, "sheet": {1}, "value": {1}, "replay": {1}}


@dataclass
class Tally:
    """What a fuzz run tried and found."""

    tried: int = 0
    accepted: int = 0
    refused: int = 0
    mangled: int = 0
    """Inputs run on a mangled copy of the list file."""
    by_command: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.tried += other.tried
        self.accepted += other.accepted
        self.refused += other.refused
        self.mangled += other.mangled
        for k, v in other.by_command.items():
            self.by_command[k] = self.by_command.get(k, 0) + v
        self.failures.extend(other.failures)


Built = tuple[list[str], str | None]
"""A command's arguments and its standard input."""


class Generator:
    """Command lines from a seeded random source."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def number(self) -> str:
        r = self.rng
        kind = r.random()
        if kind < 0.45:
            return str(
                r.choice([0, 1, 2, 3, 4, 5, 11, 12, 18, 20, 23, 36, 48, 59, 60, 61, 90, 120])
            )
        if kind < 0.65:
            return str(r.randint(0, 300))
        if kind < 0.75:
            return str(-r.randint(1, 500))
        if kind < 0.85:
            return "9" * r.choice([5, 10, 20, 400, 5000])
        if kind < 0.93:
            return r.choice(UNICODE_NUMBERS)
        return r.choice(["1e30", "1e308", "nan", "inf", "-0", "+7", "0x10", "1_000", "3.5", "1,5"])

    def player(self) -> str:
        r = self.rng
        name = r.choice(PLAYERS)
        kind = r.random()
        if kind < 0.5:
            return name.lower()
        if kind < 0.7:
            return name[: r.randint(1, len(name))]
        if kind < 0.8:
            return name.upper()
        if kind < 0.9:
            return r.choice(["Dora", "", "an", "a", "*", "Anna Ben"])
        return name

    def word(self) -> str:
        r = self.rng
        kind = r.random()
        if kind < 0.2:
            return r.choice(GAME_WORDS)
        if kind < 0.4:
            return r.choice(FLAG_WORDS)
        if kind < 0.6:
            return r.choice(NUMBER_WORDS)
        if kind < 0.75:
            return self.number()
        if kind < 0.8:
            return r.choice(NUMBER_WORDS) + self.number()
        if kind < 0.87:
            return r.choice(ODD_WORDS)
        if kind < 0.93:
            return r.choice(OPTION_WORDS)
        if kind < 0.96:
            return r.choice(OPTION_VALUES)
        return self.player()

    def game_words(self) -> list[str]:
        """Mostly plausible games, some noise, some words repeated."""
        r = self.rng
        if r.random() < 0.6:
            words = [r.choice(GAME_WORDS[:6])]
            if words[0] != "null" or r.random() < 0.1:
                words += [r.choice(["mit", "ohne"]), str(r.randint(1, 4))]
            for _ in range(r.randint(0, 3)):
                extra = r.choice(
                    ["hand", "schneider", "verloren", "kontra", "bock", "augen", "gereizt", "x"]
                )
                if extra in ("augen", "gereizt") or (extra == "kontra" and r.random() < 0.3):
                    words += [extra, self.number() if r.random() < 0.3 else str(r.randint(0, 120))]
                elif extra == "bock" and r.random() < 0.2:
                    words += ["bock"] * r.randint(2, 12)
                elif extra == "x":
                    words.append(self.word())
                else:
                    words.append(extra)
        else:
            words = [self.word() for _ in range(r.randint(0, 8))]
        if words and r.random() < 0.15:
            words += r.sample(words, k=min(len(words), 2))  # repeated words
        return words

    def ramsch_words(self) -> list[str]:
        r = self.rng
        if r.random() < 0.5:
            a = r.randint(0, 120)
            b = r.randint(0, 120 - a)
            words = [f"anna={a}", f"ben={b}", f"carl={120 - a - b}"]
        else:
            words = [f"{self.player()}={self.number()}" for _ in range(r.randint(0, 4))]
        for _ in range(r.randint(0, 2)):
            w = r.choice(RAMSCH_WORDS)
            words += [w, self.player() if w in ("jungfrau", "durchmarsch") else self.number()]
        if r.random() < 0.2:
            words.append(self.word())
        return words

    def cards(self, count: int) -> list[str]:
        return [self.rng.choice(CARDS) for _ in range(count)]

    def command(self, workdir: Path) -> tuple[str, list[str], str | None]:
        """(the kind of input, arguments without --ledger, standard input)."""
        r = self.rng
        name = r.choices(
            [
                "add", "value", "pass", "ramsch", "edit", "insert", "delete", "undo", "restore",
                "bock", "summary", "sheet", "explain", "check", "history", "stats", "export",
                "bids", "trick", "augen", "spitzen", "replay", "rules", "chart", "play", "new",
                "noise",
            ],
            weights=[
                22, 14, 4, 5, 5, 4, 3, 3, 3, 2, 3, 3, 3, 2, 2, 1, 2, 2, 3, 2, 2, 3, 1, 1, 3, 2, 2,
            ],
        )[0]  # fmt: skip
        args, stdin = self.BUILDERS.get(name, Generator.bare)(self, name, workdir)
        return name, args, stdin

    def bare(self, name: str, workdir: Path) -> Built:
        return [name], None

    def add(self, name: str, workdir: Path) -> Built:
        return ["add", self.player(), *self.game_words()], None

    def value(self, name: str, workdir: Path) -> Built:
        r = self.rng
        if r.random() < 0.2:
            lines = [" ".join(self.game_words()) for _ in range(r.randint(0, 4))]
            prefix = "\ufeff" if r.random() < 0.3 else ""
            return ["value", "-"], prefix + "\n".join(lines) + "\n"
        return ["value", *self.game_words()], None

    def ramsch(self, name: str, workdir: Path) -> Built:
        return ["ramsch", *self.ramsch_words()], None

    def edit_or_insert(self, name: str, workdir: Path) -> Built:
        r = self.rng
        lead = [self.player()] if r.random() < 0.7 else []
        words = ["eingepasst"] if r.random() < 0.1 else lead + self.game_words()
        if r.random() < 0.1:
            words = ["ramsch", *self.ramsch_words()]
        return [name, self.number() if r.random() < 0.2 else str(r.randint(0, 6)), *words], None

    def numbered(self, name: str, workdir: Path) -> Built:
        r = self.rng
        return [name, self.number() if r.random() < 0.3 else str(r.randint(0, 5))], None

    def summary(self, name: str, workdir: Path) -> Built:
        r = self.rng
        return ["summary", *r.choice(
            [[], ["--cent", self.number()], ["--round", self.number()], ["--last-round"],
             ["--json"], ["--cent", r.choice(["0.25", "1/4", "0,5"])]]
        )], None  # fmt: skip

    def sheet(self, name: str, workdir: Path) -> Built:
        fmt = self.rng.choice(["plain", "grid", "md", "csv", "json", "x"])
        return ["sheet", "--format", fmt], None

    def export(self, name: str, workdir: Path) -> Built:
        args = ["export", "--format", self.rng.choice(["html", "md", "csv", "json"])]
        if self.rng.random() < 0.5:
            args += ["--cent", self.number()]
        return args, None

    def bids(self, name: str, workdir: Path) -> Built:
        return (["bids", self.number()] if self.rng.random() < 0.8 else ["bids"]), None

    def trick(self, name: str, workdir: Path) -> Built:
        r = self.rng
        args = ["trick", r.choice([*GAME_WORDS[:6], "x"]), *self.cards(r.randint(0, 4))]
        if r.random() < 0.4:
            args += ["--players", ",".join(self.player() for _ in range(r.randint(1, 4)))]
            args += ["--lead", self.player()]
        return args, None

    def augen(self, name: str, workdir: Path) -> Built:
        return ["augen", *self.cards(self.rng.randint(0, 6))], None

    def spitzen(self, name: str, workdir: Path) -> Built:
        r = self.rng
        return ["spitzen", r.choice(GAME_WORDS[:6]), *self.cards(r.randint(1, 12))], None

    def replay(self, name: str, workdir: Path) -> Built:
        path = workdir / "replay.json"
        path.write_bytes(self.replay_file())
        return ["replay", str(path)], None

    def rules(self, name: str, workdir: Path) -> Built:
        return (["rules", "--list"] if self.rng.random() < 0.5 else ["rules"]), None

    def chart(self, name: str, workdir: Path) -> Built:
        return ["chart", "--width", self.number()], None

    def play(self, name: str, workdir: Path) -> Built:
        r = self.rng
        answers = [r.choice(["ben", "carl", "a", "p", "r", "herz", "grand", "null"])]
        answers += [
            r.choice(["herz", "mit 1", "n", "j", "y", "", "70", "36", "x", "ohne 2", "kontra"])
            for _ in range(r.randint(0, 12))
        ]
        return ["play"], "\n".join(answers) + "\nq\n"

    def new(self, name: str, workdir: Path) -> Built:
        r = self.rng
        names = [self.player() for _ in range(r.randint(1, 5))]
        args = ["new", "--players", *names, "--ledger", str(workdir / "other.json")]
        if r.random() < 0.5:
            args += ["--rules", r.choice(["isko", "pub", "tournament", "bauernskat", "x"])]
        if r.random() < 0.3:
            args += ["--first-dealer", self.player()]
        if r.random() < 0.3:
            args += ["--rule", r.choice(["kontra=off", "bock=on", "x=y", "spitzen_cap=4"])]
        if r.random() < 0.3:
            args.append("--force")
        return args, None

    def noise(self, name: str, workdir: Path) -> Built:
        return [self.word() for _ in range(self.rng.randint(0, 5))], None

    BUILDERS: ClassVar[dict[str, Callable[[Generator, str, Path], Built]]] = {
        "add": add, "value": value, "ramsch": ramsch, "edit": edit_or_insert,
        "insert": edit_or_insert, "delete": numbered, "explain": numbered, "restore": numbered,
        "summary": summary, "sheet": sheet, "export": export, "bids": bids, "trick": trick,
        "augen": augen, "spitzen": spitzen, "replay": replay, "rules": rules, "chart": chart,
        "play": play, "new": new, "noise": noise,
    }  # fmt: skip

    def replay_file(self) -> bytes:
        r = self.rng
        kind = r.random()
        if kind < 0.3:
            data: object = {
                "players": r.choice([["Anna", "Ben", "Carl"], 5, "Anna Ben Carl", ["A"], None]),
                "declarer": r.choice(["Anna", 1, None, "Dora"]),
                "game": r.choice(["grand hand", "herz", 7, ["grand"], "null gereizt 36"]),
                "hands": r.choice([{"Anna": "CJ SJ", "Ben": 1, "Carl": []}, [], "x"]),
                "skat": r.choice(["DJ H7", 3, ["DJ", "H7"]]),
            }
            text = json.dumps(data)
        elif kind < 0.5:
            text = r.choice(["{", "[]", "null", "{}", "[" * 5000, '{"a": ' + "1" * 5000 + "}"])
        elif kind < 0.8:
            lines = ["players: Anna Ben Carl", "declarer: Anna", "game: grand hand"]
            lines += [f"{p}: {' '.join(self.cards(10))}" for p in PLAYERS]
            lines += [f"skat: {' '.join(self.cards(2))}"]
            lines += [f"trick: {' '.join(self.cards(3))}" for _ in range(r.randint(0, 10))]
            r.shuffle(lines)
            text = "\n".join(lines)
        else:
            text = " ".join(self.word() for _ in range(r.randint(0, 10)))
        raw = text.encode("utf-8")
        if r.random() < 0.1:
            raw = b"\xef\xbb\xbf" + raw
        if r.random() < 0.05:
            raw = raw[: len(raw) // 2] + b"\xff\xfe"
        return raw

    def mangle(self, data: bytes) -> bytes:
        """A hand edit gone wrong: cut, a wrong type, a stray byte, a number far too big."""
        r = self.rng
        text = data.decode("utf-8")
        kind = r.random()
        if kind < 0.2:
            return data[: r.randint(0, len(data))]
        if kind < 0.4:
            pos = r.randint(0, len(data))
            return data[:pos] + r.choice([b"\xff", b"{", b",", b"]", b"\x00", b'"']) + data[pos:]
        swaps = [
            ('"augen":', '"augen": true, "x":'),
            ('"spitzen":', '"spitzen": "2", "y":'),
            ('"hand":true', '"hand":"yes"'),
            ('"version": 1', '"version": 99'),
            ('"players": [', '"players": [7, '),
            ('"kind":"game"', '"kind":"nope"'),
            ('"declarer":"', '"declarer":"Dora'),
            ('"spitzen":1', '"spitzen":99999999999999999999'),
            ('"preset": "', '"preset": "x'),
            ('"games": [', '"games": [{}, '),
        ]
        old, new = r.choice(swaps)
        return text.replace(old, new, 1).encode("utf-8")


def _games(path: Path) -> int | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return len(data["games"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _restores_an_edit(data: bytes, item: str) -> bool:
    """Whether history item ``item`` of the list (as it was before) is an edit."""
    history = json.loads(data.decode("utf-8")).get("history", [])
    return bool(history[int(item) - 1]["action"] == "edit")


def _fresh_list(rng: random.Random, runner: CliRunner, ledger: Path) -> None:
    """A new list under a random rule set (two players for the two-player games)."""
    rules = rng.choice(["isko", "pub", "pub", "tournament", "bauernskat", "offizierskat"])
    names = list(PLAYERS) + (["Dora"] if rng.random() < 0.2 else [])
    if rules in ("bauernskat", "offizierskat"):
        names = names[:2]
    result = runner.invoke(
        cli, ["new", *names, "--rules", rules, "--force", "--ledger", str(ledger)]
    )
    assert result.exit_code == 0, result.output
    for path in ledger.parent.glob("skatliste.json.*"):
        path.unlink()  # backups of replaced lists: not part of the fuzz


def _judge(
    tally: Tally,
    where: str,
    name: str,
    args: list[str],
    before: bytes,
    games_before: int | None,
    target: Path,
    code: int,
) -> None:
    """A refusal changed nothing; an accepted command changed the game count as it should."""
    after = target.read_bytes()
    if code != 0:
        tally.refused += 1
        if after != before:
            tally.failures.append(f"{where}: refused (exit {code}) but changed the list")
        return
    tally.accepted += 1
    if name == "play":  # each answered game is one more, a refused one none
        if games_before is not None and (_games(target) or 0) < games_before:
            tally.failures.append(f"{where}: play lost games")
    elif games_before is not None and name in GROWS | {"edit": 0, "bock": 0}:
        expected = games_before + GROWS.get(name, 0)
        if name == "restore" and _restores_an_edit(before, args[1]):
            expected = games_before  # an edited game gets its old version back
        if _games(target) != expected:
            tally.failures.append(
                f"{where}: {games_before} games before, {_games(target)} after, expected {expected}"
            )
    elif name not in GROWS and name not in ("edit", "bock") and after != before:
        tally.failures.append(f"{where}: '{name}' only reads, but changed the list")


def run(count: int, seed: int, *, workdir: Path | None = None, fresh_every: int = 150) -> Tally:
    """Run ``count`` inputs from ``seed`` in ``workdir``; return what was tried and found."""
    rng = random.Random(seed)
    gen = Generator(rng)
    tally = Tally()
    runner = CliRunner()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        base = Path(tmp)
        old_cwd = os.getcwd()
        os.chdir(base)  # a stray output file lands here, never in the project
        try:
            ledger = base / "skatliste.json"
            for i in range(count):
                if i % fresh_every == 0:
                    _fresh_list(rng, runner, ledger)
                mangled = rng.random() < 0.04
                target = ledger
                if mangled:
                    tally.mangled += 1
                    target = base / "mangled.json"
                    target.write_bytes(gen.mangle(ledger.read_bytes()))
                kind, args, stdin = gen.command(base)
                name = args[0] if args else ""
                if name != "new":
                    args = [*args, "--ledger", str(target)]
                before = target.read_bytes()
                games_before = _games(target)
                result = runner.invoke(cli, args, input=stdin, catch_exceptions=True)
                tally.tried += 1
                tally.by_command[kind] = tally.by_command.get(kind, 0) + 1
                code = result.exit_code
                escaped = result.exception is not None and not isinstance(
                    result.exception, SystemExit
                )
                allowed = {0, 2} | ALSO.get(name, set())
                where = f"seed {seed} input {i}: skatliste {' '.join(args)!r}"
                if escaped or code == 70 or code not in allowed:
                    tally.failures.append(
                        f"{where}: exit {code}, {type(result.exception).__name__}: "
                        f"{(result.stderr or '')[-300:]}"
                    )
                    continue
                _judge(tally, where, name, args, before, games_before, target, code)
        finally:
            os.chdir(old_cwd)
    return tally


def _worker(job: tuple[int, int]) -> Tally:
    count, seed = job
    return run(count, seed, workdir=Path("/dev/shm") if Path("/dev/shm").is_dir() else None)


def main(argv: Sequence[str]) -> int:
    """``python -m tests.fuzz [COUNT] [SEED]``: run COUNT inputs on every core."""
    import multiprocessing

    count = int(argv[0]) if argv else 100_000
    seed = int(argv[1]) if len(argv) > 1 else 20261130
    workers = max(1, os.cpu_count() or 1)
    chunk = 2_000
    jobs = [(min(chunk, count - start), seed + start) for start in range(0, count, chunk)]
    total = Tally()
    started = time.monotonic()
    with multiprocessing.Pool(workers) as pool:
        for part in pool.imap_unordered(_worker, jobs):
            total.add(part)
            print(f"\r{total.tried:,} inputs tried", end="", file=sys.stderr, flush=True)
    seconds = time.monotonic() - started
    print(file=sys.stderr)
    for failure in total.failures[:20]:
        print("FAIL", failure)
    commands = ", ".join(f"{k} {v:,}" for k, v in sorted(total.by_command.items()))
    print(
        f"fuzz: tried {total.tried:,} inputs (seed {seed}, {workers} processes, {seconds:.0f} s): "
        f"{total.accepted:,} accepted, {total.refused:,} refused, "
        f"{total.mangled:,} on a mangled list file, "
        f"{len(total.failures)} failures (bug handler, wrong exit, list changed by a refusal, "
        f"wrong game count)"
    )
    print(f"by command: {commands}")
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
