"""Many writers at once on one list, against the loopback only, bounded in count and time:
8 page clients × 25 games while the terminal adds games too. Every game lands once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import httpx2 as httpx

from skatliste.web.server import create_app

from .webtools import KEY, live_server

CLIENTS = 8
GAMES_EACH = 25
CLI_GAMES = 6
PLAYERS = ("anna", "ben", "carl")


def test_eight_phones_and_the_terminal_lose_nothing(fresh_ledger: Path) -> None:
    """200 games from 8 clients and 6 from the CLI, all at the same time: 206 games in the
    file, each exactly once (told apart by its note), every request answered 201."""
    statuses: list[int] = []
    failures: list[str] = []

    def phone(url: str, client: int) -> None:
        headers = {"Authorization": f"Bearer {KEY}"}
        with httpx.Client(base_url=url, headers=headers, timeout=30) as http:
            for game in range(GAMES_EACH):
                body = {
                    "declarer": PLAYERS[(client + game) % 3],
                    "words": "kreuz mit 1",
                    "note": f"phone {client} game {game}",
                }
                answer = http.post("/api/games", json=body)
                statuses.append(answer.status_code)
                if answer.status_code != 201:
                    failures.append(answer.text)

    def terminal() -> None:
        env = {**os.environ, "SKATLISTE_LEDGER": str(fresh_ledger)}
        add = [sys.executable, "-m", "skatliste", "add", "ben", "pik", "mit", "1"]
        for game in range(CLI_GAMES):
            proc = subprocess.run(
                [*add, "--note", f"cli game {game}"],
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
            )
            if proc.returncode != 0:
                failures.append(proc.stderr)

    with live_server(create_app(fresh_ledger, key=KEY)) as url:
        threads = [threading.Thread(target=phone, args=(url, c)) for c in range(CLIENTS)]
        threads.append(threading.Thread(target=terminal))
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not any(t.is_alive() for t in threads), "a writer did not finish in 120 s"

    assert failures == []
    assert statuses == [201] * (CLIENTS * GAMES_EACH)
    notes = Counter(g["note"] for g in json.loads(fresh_ledger.read_text())["games"])
    expected = {f"phone {c} game {g}" for c in range(CLIENTS) for g in range(GAMES_EACH)}
    expected |= {f"cli game {g}" for g in range(CLI_GAMES)}
    assert set(notes) == expected
    assert set(notes.values()) == {1}
