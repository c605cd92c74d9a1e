"""The crash trial: ``skatliste serve`` killed (SIGKILL) at random moments while several
phones, the organiser and the CLI write one list; no game answered as saved may be missing,
none may be there twice.

    python bench/crash.py [--quick] [--trials 1000] [--phones 4] [--seed 1]

- phones: HTTP clients entering games (``POST /api/games``), each with its own outbox as the
  page keeps it: one entry at a time, one ``Idempotency-Key`` per entry, sent again after a
  lost answer (a reset connection, a refusal as busy) until an answer says it was saved;
- the organiser: an HTTP client with the list's key entering passes (``POST /api/pass``);
- the CLI: ``skatliste pass --note ID`` in its own process, now and then, on the same file.

Each entry carries a note naming it, so the list tells which entries it holds. A trial is one
kill: the server (a fork of a process that has loaded skatliste, so that a restart takes
milliseconds, not a second; the listening socket stays open across kills, so no connection
is refused, it waits for the next server) is killed a random 0-200 ms after it answers. Every
``--segment`` trials the outboxes are emptied against a server left running, the list is
checked (every entry answered as saved there once, nothing else) and a new list begins (a
list of thousands of games would slow every save).

Reports the trials, the entries answered as saved, lost and doubled, the time, and exits 1
unless none is lost or doubled. Not part of ``make test`` (``make bench`` runs it; ``--quick``:
100 trials).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LAUNCHER = """
import os, signal, socket, sys
from pathlib import Path
import uvicorn
from skatliste.web.hall import hall_options, limit_logs
from skatliste.web.server import create_app
limit_logs()
sock = socket.socket()
sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
sock.bind(("127.0.0.1", 0))
sock.listen(2048)
print(sock.getsockname()[1], flush=True)
for line in sys.stdin:
    path, key = line.split()
    pid = os.fork()
    if pid == 0:
        app = create_app(Path(path), key=key, hosts=["127.0.0.1"])
        config = uvicorn.Config(app, log_level="warning", **hall_options(per_client=5000))
        uvicorn.Server(config).run(sockets=[sock])
        os._exit(0)
    print(pid, flush=True)
    while True:  # the servers killed before
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                break
        except ChildProcessError:
            break
"""

KEY = "crash-trial-" + "k" * 32
PLAYERS = ["Anna", "Ben", "Carl"]


@dataclass
class Segment:
    """One list: what was answered as saved on it."""

    path: Path
    saved: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answered(self, name: str) -> None:
        with self.lock:
            self.saved.append(name)


@dataclass
class Run:
    base: str
    segment: Segment
    stop: threading.Event = field(default_factory=threading.Event)
    open_gate: threading.Event = field(default_factory=threading.Event)
    idle: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(0))
    resent: Counter[str] = field(default_factory=Counter)
    """Sends again, by why: a reset connection, a timeout, a 409."""
    refused: list[str] = field(default_factory=list)
    """Answers that refused an entry (none expected)."""


Send = Callable[[Run, Segment, str], None]
"""How a client enters one entry (named by its note) on a segment's list."""


def _client_loop(run: Run, name: str, send: Send) -> None:
    """Enter one entry after another while the gate is open; between segments, report idle
    and wait."""
    n = 0
    while not run.stop.is_set():
        if not run.open_gate.is_set():
            run.idle.release()
            while not run.open_gate.wait(0.05):
                if run.stop.is_set():
                    return
            continue
        n += 1
        note = f"{name}-{n}"
        segment = run.segment
        send(run, segment, note)


def _phone_send(http: httpx.Client, path: str, body: dict[str, str]) -> Send:
    def send(run: Run, segment: Segment, note: str) -> None:
        key = uuid.uuid4().hex
        data = {**body, "note": note}
        headers = {"Authorization": f"Bearer {KEY}", "Idempotency-Key": key}
        while True:
            try:
                answer = http.post(run.base + path, json=data, headers=headers)
            except httpx.TimeoutException:
                run.resent["timeout"] += 1
                continue
            except httpx.TransportError:
                run.resent["connection"] += 1
                time.sleep(0.01)
                continue
            if answer.status_code in (200, 201):
                segment.answered(note)
                return
            if answer.status_code in (409, 503):
                run.resent[str(answer.status_code)] += 1
                time.sleep(0.02)
                continue
            run.refused.append(f"{note}: {answer.status_code} {answer.text[:200]}")
            return

    return send


def _cli_send(run: Run, segment: Segment, note: str) -> None:
    """``skatliste pass`` in its own process, then a pause (the CLI writes now and then)."""
    while True:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "skatliste",
                "pass",
                "--note",
                note,
                "--ledger",
                str(segment.path),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        if done.returncode == 0:
            segment.answered(note)
            break
        if "another skatliste is writing" not in done.stderr:
            run.refused.append(f"{note}: CLI {done.returncode} {done.stderr[:200]}")
            break
        run.resent["cli busy"] += 1
    time.sleep(0.3)


def _wait_up(http: httpx.Client, base: str) -> float:
    """Seconds until the server just started answers."""
    began = time.monotonic()
    while True:
        try:
            if http.get(base + "/api/list").status_code == 200:
                return time.monotonic() - began
        except httpx.TransportError:
            pass
        time.sleep(0.005)


def _new_list(path: Path) -> None:
    from skatliste.app import lists

    lists.new_list(path, PLAYERS, rules=lists.rules_of("isko"))


def _check(segment: Segment) -> tuple[int, int, int]:
    """Lost, doubled, and entries written but never answered as saved (a client gave up)."""
    data = json.loads(segment.path.read_text(encoding="utf-8"))
    held = Counter(entry.get("note", "") for entry in data["games"])
    saved = Counter(segment.saved)
    lost = sum(1 for note in saved if held[note] == 0)
    doubled = sum(held[note] - 1 for note in held if held[note] > 1)
    unanswered = sum(1 for note in held if note not in saved)
    return lost, doubled, unanswered


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 trials")
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--segment", type=int, default=50, help="trials per list")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    trials = 100 if args.quick else args.trials
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="skatliste-crash-"))
    launcher = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert launcher.stdin is not None and launcher.stdout is not None
    port = int(launcher.stdout.readline())

    def start(path: Path) -> int:
        assert launcher.stdin is not None and launcher.stdout is not None
        launcher.stdin.write(f"{path} {KEY}\n")
        launcher.stdin.flush()
        return int(launcher.stdout.readline())

    first = folder / "list-1.json"
    _new_list(first)
    run = Run(f"http://127.0.0.1:{port}", Segment(first))
    clients: list[tuple[str, Send]] = []
    https = [httpx.Client(timeout=2.0) for _ in range(args.phones + 1)]
    for n in range(args.phones):
        body = {"declarer": PLAYERS[n % 3], "words": "grand mit 1"}
        clients.append((f"phone{n + 1}", _phone_send(https[n], "/api/games", body)))
    clients.append(("organiser", _phone_send(https[-1], "/api/pass", {})))
    clients.append(("cli", _cli_send))
    threads = [
        threading.Thread(target=_client_loop, args=(run, name, send), daemon=True)
        for name, send in clients
    ]
    lost = doubled = unanswered = saved = 0
    probe = httpx.Client(timeout=1.0)
    up: list[float] = []
    began = time.monotonic()
    server = start(first)
    run.open_gate.set()
    for thread in threads:
        thread.start()
    try:
        for trial in range(1, trials + 1):
            up.append(_wait_up(probe, run.base))
            time.sleep(rng.uniform(0.0, 0.2))
            os.kill(server, signal.SIGKILL)
            server = start(run.segment.path)
            if trial % args.segment == 0 or trial == trials:
                run.open_gate.clear()  # empty the outboxes against a running server
                for _ in threads:
                    run.idle.acquire()
                os.kill(server, signal.SIGKILL)
                segment = run.segment
                result = _check(segment)
                lost, doubled, unanswered = (
                    a + b for a, b in zip((lost, doubled, unanswered), result, strict=True)
                )
                saved += len(segment.saved)
                print(
                    f"trials {trial}: {len(segment.saved)} entries answered as saved on "
                    f"{segment.path.name}, lost {result[0]}, doubled {result[1]}",
                    flush=True,
                )
                if trial < trials:
                    path = folder / f"list-{trial // args.segment + 1}.json"
                    _new_list(path)
                    run.segment = Segment(path)
                    server = start(path)
                    run.open_gate.set()
    finally:
        run.stop.set()
        run.open_gate.set()
        for thread in threads:
            thread.join(10)
        launcher.stdin.close()
        launcher.wait(10)
        for http in (*https, probe):
            http.close()
    took = time.monotonic() - began
    print(
        f"\n{trials} kills (-9) in {took:.0f} s, {args.phones} phones + the organiser (HTTP) + "
        f"the CLI: {saved} entries answered as saved, lost {lost}, doubled {doubled}, "
        f"written but never answered {unanswered}; sent again: {dict(run.resent)}"
    )
    print(f"a restarted server answered after {1000 * sum(up) / max(len(up), 1):.0f} ms on average")
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    for refusal in run.refused[:10]:
        print("refused:", refusal)
    ok = lost == 0 and doubled == 0 and not run.refused
    print("crash trial:", "ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
