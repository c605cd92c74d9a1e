"""The league's history: what each change of the league file replaced, so that nothing entered
is lost. One typed record per action, holding exactly the facts that action keeps; each defined
once (:mod:`skatliste.fields`), read strictly from the league file by the histories' one reader
(:mod:`skatliste.store.formats`: the file, the place and the reason of everything wrong named)
and written as every earlier build wrote it, fact by fact in the same order. What a match day
changes (a team absent: its players removed, a draw taken back) is kept in the day's
tournament file (:mod:`skatliste.store.tournament_history`).

>>> edited = TeamEdited("2027-03-14T18:00:00+00:00", "Kiel Nord", "Kiel", ("Ann", "Ben", "Cem"))
>>> edited.to_json()  # doctest: +NORMALIZE_WHITESPACE
{'action': 'edit team', 'time': '2027-03-14T18:00:00+00:00', 'team': 'Kiel Nord',
 'name': 'Kiel', 'players': ['Ann', 'Ben', 'Cem']}
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

from skatliste.fields import Field, Names, Record, Text
from skatliste.store.history import TIME, Build, History


class Action(StrEnum):
    """What a league's history keeps: each fact a change of the league file replaced."""

    EDIT_TEAM = "edit team"
    """A team renamed or given its players anew: its name and its players before."""


@dataclass(frozen=True)
class TeamEdited:
    """A team renamed or given its players anew: its name after the change, and its name and
    players before (the match days keep the lineups they were made with)."""

    action: ClassVar[Action] = Action.EDIT_TEAM
    time: str
    team: str
    """The team's name after the change."""
    name: str
    """Its name before."""
    players: tuple[str, ...]
    """Its players before, the first four its regular lineup."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.value,
            "time": self.time,
            "team": self.team,
            "name": self.name,
            "players": list(self.players),
        }


Event: TypeAlias = TeamEdited
"""One item of the history."""


DEFINITIONS: dict[Action, Record] = {
    Action.EDIT_TEAM: Record(
        Action.EDIT_TEAM.value,
        (
            TIME,
            Field("team", Text(min_length=1), doc="the team's name after the change"),
            Field("name", Text(min_length=1), doc="its name before"),
            Field("players", Names(3), doc="its players before"),
        ),
        TeamEdited.__doc__ or "",
        tagged=True,
        tag="action",
    ),
}
"""Each action's facts, as the file holds them (besides ``action``)."""


def _edited(d: dict[str, Any]) -> Event:
    return TeamEdited(d["time"], d["team"], d["name"], tuple(d["players"]))


_BUILD: dict[Action, Build[Event]] = {Action.EDIT_TEAM: _edited}

HISTORY: History[Action, Event] = History(DEFINITIONS, _BUILD)
"""The league's history: each action's definition and its record."""
