"""What one save costs the server in CPU: a table's game with an ``Idempotency-Key``, the way
the hall saves, measured two ways on a tournament of a few tables:

- in one process without HTTP: the store's part (the key kept, the list read, checked and
  written, the answer kept), as the web edge calls it;
- through HTTP in one process (Starlette's TestClient on the served app): the whole request,
  the answer's JSON included (the client's share is small and counted too).

    python bench/save_cost.py [--saves 200] [--profile FILE]

Prints the CPU milliseconds per save of each (process time, so other load on the machine
does not count). ``--profile`` writes a cProfile of the HTTP saves. Not part of ``make test``.
"""

from __future__ import annotations

import argparse
import cProfile
import secrets
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


def per_save(saves: int, save: Callable[[int, int], None]) -> float:
    """CPU ms per save, the saves spread over the tables (each list 0 to ``GAMES`` games)."""
    start = time.process_time()
    for n in range(saves):
        save(n % TABLES + 1, (n // TABLES) % GAMES)
    return (time.process_time() - start) * 1000 / saves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--profile", type=Path)
    args = parser.parse_args()
    saves = min(args.saves, TABLES * GAMES)

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

        in_process = per_save(saves, direct)

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
            profile = cProfile.Profile() if args.profile else None
            if profile is not None:
                profile.enable()
            via_http = per_save(saves - 1, lambda t, g: through_http(t, g + (t == 1)))
            if profile is not None:
                profile.disable()
                profile.dump_stats(args.profile)

    print(f"saves: {saves} over {TABLES} tables (lists of 0 to {GAMES} games)")
    print(f"in one process, no HTTP: {in_process:.2f} ms CPU per save")
    print(f"through HTTP (TestClient, in one process): {via_http:.2f} ms CPU per save")


if __name__ == "__main__":
    main()
