"""What an organiser does with a tournament: players, the draw, results, the ranking, teams,
prizes. Plain values in, results out; never prints (the CLI and the web page render them).

Every change is one read-modify-write of the tournament file under its lock
(``tournament.store.updating``); a refusal raises before anything is written.

Each name is imported from its module when first looked up (PEP 562's module
``__getattr__``): ``tournament ranking`` loads the ranking's modules, not the draw's and
the seating's (measured: about 6 ms of its start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatliste.lazy import names_from

if TYPE_CHECKING:
    from skatliste.app.tournament.base import (
        ENV_VAR,
        MAX_SEED,
        new_tournament,
        open_tournament,
        set_rules,
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
        TablesStillPlaying,
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
        ranking_of,
        results,
        standing_extras,
        standings_of,
        status,
    )
    from skatliste.app.tournament.seat import TableHasResults, seat_table
    from skatliste.store.tournament import NoTournament, Tournament, list_name

# two functions named as their modules: imported here, so that the name is the function (a
# module's first import binds its name in the package, and would hide the function)
from skatliste.app.tournament.players import players
from skatliste.app.tournament.results import results

_WHERE: dict[str, str] = {
    "COLUMNS": "skatliste.app.tournament.players",
    "ENV_VAR": "skatliste.app.tournament.base",
    "MAX_SEED": "skatliste.app.tournament.base",
    "NoSuchPlayer": "skatliste.app.tournament.players",
    "NoTournament": "skatliste.store.tournament",
    "PaperResultKept": "skatliste.app.tournament.results",
    "PrizeList": "skatliste.app.tournament.prizes",
    "Ranking": "skatliste.app.tournament.results",
    "Removal": "skatliste.app.tournament.players",
    "Results": "skatliste.app.tournament.results",
    "SeatedTable": "skatliste.app.tournament.draw",
    "SeatingPlan": "skatliste.app.tournament.draw",
    "SeriesHasResults": "skatliste.app.tournament.draw",
    "SeriesNotDrawn": "skatliste.app.tournament.draw",
    "TableHasResults": "skatliste.app.tournament.seat",
    "TablesCountTwice": "skatliste.app.tournament.results",
    "TablesStillPlaying": "skatliste.app.tournament.prizes",
    "Tournament": "skatliste.store.tournament",
    "add_player": "skatliste.app.tournament.players",
    "delete_paper_result": "skatliste.app.tournament.results",
    "draw_series": "skatliste.app.tournament.draw",
    "enter_paper_result": "skatliste.app.tournament.results",
    "find_player": "skatliste.app.tournament.players",
    "import_players": "skatliste.app.tournament.players",
    "import_players_file": "skatliste.app.tournament.players",
    "list_name": "skatliste.store.tournament",
    "new_tournament": "skatliste.app.tournament.base",
    "open_tournament": "skatliste.app.tournament.base",
    "prize_list": "skatliste.app.tournament.prizes",
    "ranking": "skatliste.app.tournament.results",
    "ranking_json": "skatliste.app.tournament.results",
    "remove_player": "skatliste.app.tournament.players",
    "seat_table": "skatliste.app.tournament.seat",
    "set_rules": "skatliste.app.tournament.base",
    "ranking_of": "skatliste.app.tournament.results",
    "standing_extras": "skatliste.app.tournament.results",
    "standings_of": "skatliste.app.tournament.results",
    "seating": "skatliste.app.tournament.draw",
    "status": "skatliste.app.tournament.results",
    "team_ranking": "skatliste.app.tournament.prizes",
}
"""Each public name and the module that holds it."""


__getattr__ = names_from(__name__, _WHERE)


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
    "TablesStillPlaying",
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
    "ranking_of",
    "remove_player",
    "results",
    "seat_table",
    "seating",
    "set_rules",
    "standing_extras",
    "standings_of",
    "status",
    "team_ranking",
]
