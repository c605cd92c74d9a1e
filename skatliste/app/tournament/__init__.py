"""What an organiser does with a tournament: players, the draw, results, the ranking, teams,
prizes. Plain values in, results out; never prints (the CLI and the web page render them).

Every change is one read-modify-write of the tournament file under its lock
(``tournament.store.updating``); a refusal raises before anything is written.
"""

from __future__ import annotations

from skatliste.app.tournament.base import (
    ENV_VAR,
    MAX_SEED,
    new_tournament,
    open_tournament,
)
from skatliste.app.tournament.draw import (
    SeatedTable,
    SeatingPlan,
    SeriesHasResults,
    SeriesNotDrawn,
    draw_series,
    seating,
)
from skatliste.app.tournament.players import (
    COLUMNS,
    NoSuchPlayer,
    Removal,
    add_player,
    find_player,
    import_players,
    import_players_file,
    players,
    remove_player,
)
from skatliste.app.tournament.prizes import (
    PrizeList,
    prize_list,
    team_ranking,
)
from skatliste.app.tournament.results import (
    PaperResultKept,
    Ranking,
    Results,
    TablesCountTwice,
    delete_paper_result,
    enter_paper_result,
    ranking,
    ranking_json,
    results,
    status,
)
from skatliste.app.tournament.seat import TableHasResults, seat_table
from skatliste.store.tournament import NoTournament, Tournament, list_name

__all__ = [
    "COLUMNS",
    "ENV_VAR",
    "MAX_SEED",
    "NoSuchPlayer",
    "NoTournament",
    "PaperResultKept",
    "PrizeList",
    "Ranking",
    "Removal",
    "Results",
    "SeatedTable",
    "SeatingPlan",
    "SeriesHasResults",
    "SeriesNotDrawn",
    "TableHasResults",
    "TablesCountTwice",
    "Tournament",
    "add_player",
    "delete_paper_result",
    "draw_series",
    "enter_paper_result",
    "find_player",
    "import_players",
    "import_players_file",
    "list_name",
    "new_tournament",
    "open_tournament",
    "players",
    "prize_list",
    "ranking",
    "ranking_json",
    "remove_player",
    "results",
    "seat_table",
    "seating",
    "status",
    "team_ranking",
]
