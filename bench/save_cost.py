"""What one save costs the server in CPU: a table's game with an ``Idempotency-Key``, the way
the hall saves, measured two ways on a tournament of a few tables:

- in one process without HTTP: the store's part (the key kept, the list read, checked and
  written, the answer kept), as the web edge calls it;
- through HTTP in one process (Starlette's TestClient on the served app): the whole request,
  the answer's JSON included, and the client's share and the TestClient's thread hand-overs
  (counted too: an upper bound of the server's part).

    python bench/save_cost.py [--saves 300] [--profile FILE]

Prints the CPU milliseconds per save of each (process time: the quickest round of saves and
the median one, since other load on a shared machine still slows a process's own work).
``--profile`` writes a cProfile (CPU time) of the saves without HTTP. Not part of
``make test``.
"""

from __future__ import annotations

import argparse
import cProfile
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skatliste.app import lists
from skatliste.app import requests as kept
from skatliste.app import tournament as app
from skatliste.app.keys import tournament_keys

TABLES = 8
GAMES = 40
"""Games a table's list gets at most (the hall's tables save up to 48)."""
ROUND = 2 * TABLES
"""Saves timed together."""


def make_hall(folder: Path) -> tuple[dict[int, str], list[list[str]]]:
    """A tournament of ``TABLES`` tables of four, series 1 drawn: each table's key and its
    players in seat order."""
    app.new_tournament(folder, name="Kosten", date="2026-12-05", series=1, seed=3)
    rows = "\n".join(f"Spieler {n:03d},Club {n % 12}" for n in range(1, TABLES * 4 + 1))
    app.import_players(folder, "name,club\n" + rows)
    app.draw_series(folder, 1)
    keys = tournament_keys(folder)
    seating = app.seating(folder, 1)
    return (
        {t: keys.seats[(1, t)] for t in range(1, TABLES + 1)},
        [list(t.players) for t in seating.tables],
    )


def per_save(saves: int, save: Callable[[int, int], None]) -> tuple[float, float]:
    """CPU ms per save, the saves spread over the tables (each list 0 to ``GAMES`` games), in
    rounds of ``ROUND`` saves: the quickest round and the median one (other load on a shared
    machine slows some rounds; the quickest is the cost itself)."""
    rounds = []
    for start in range(0, saves - ROUND + 1, ROUND):
        began = time.process_time()
        for n in range(start, start + ROUND):
            save(n % TABLES + 1, (n // TABLES) % GAMES)
        rounds.append((time.process_time() - began) * 1000 / ROUND)
    return min(rounds), statistics.median(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--profile", type=Path)
    args = parser.parse_args()
    saves = min(args.saves, TABLES * GAMES - 1)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "direct")
        _, players = make_hall(folder)

        def direct(table: int, games: int) -> None:
            path = folder / "series-1" / f"table-{table:02d}.json"
            key = secrets.token_urlsafe(16)
            scope = kept.scope_of("/api/games", "POST", key.encode())
            assert kept.begin(path, key, scope) is None
            with kept.keyed(path, key, scope):
                lists.add_game(path, players[table - 1][(games + 1) % 4], ["grand", "mit", "1"])
            kept.finish(path, key, 201, b'{"number": 1}')

        profile = cProfile.Profile(time.process_time) if args.profile else None
        if profile is not None:
            profile.enable()
        in_process = per_save(saves, direct)
        if profile is not None:
            profile.disable()
            profile.dump_stats(args.profile)

    from starlette.testclient import TestClient

    from skatliste.web.server import create_app

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "http")
        seats, players = make_hall(folder)
        served = create_app(tournament=folder, key_file=folder / "keys.json")
        with TestClient(served) as http:

            def through_http(table: int, games: int) -> None:
                headers = {
                    "Authorization": f"Bearer {seats[table]}",
                    "Idempotency-Key": secrets.token_urlsafe(16),
                }
                body = {"declarer": players[table - 1][(games + 1) % 4], "words": "grand mit 1"}
                answer = http.post(f"/series/1/table/{table}/api/games", json=body, headers=headers)
                assert answer.status_code == 201, answer.text

            through_http(1, 0)  # the first request builds what every request uses
            via_http = per_save(saves, lambda t, g: through_http(t, g + (t == 1)))

    print(f"saves: {saves} over {TABLES} tables (lists of 0 to {GAMES} games)")
    for name, (least, median) in (
        ("in one process, no HTTP", in_process),
        ("through HTTP (TestClient: the app, its threads and the client)", via_http),
    ):
        print(f"{name}: {least:.2f} ms CPU per save (rounds of {ROUND}: median {median:.2f})")


if __name__ == "__main__":
    main()
