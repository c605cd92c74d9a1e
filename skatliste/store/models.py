"""The list file's format, defined once: pydantic models of the header, the Skat entries and
the history (``skatliste schema`` prints them as JSON Schema).

Commands do not import this module to read or write a list: ``skatliste/ledger_schema.json``
is these models' JSON Schema (a test keeps it equal) and the store's lean strict reader checks
a file against it. pydantic runs where it pays: to name every problem of a refused file, and
to print the schema.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from skatliste.skat.rules import MAX_BID, MAX_BOCK, MAX_PUSHES, MAX_SPITZEN, MIN_BID, TOTAL_AUGEN
from skatliste.store.ledger import names_problem, rules_problem, table_problem

# Strict: a hand-edited `"augen": true` or `"hand": "yes"` is refused with its place, never
# read as 1 or True (and then written back so by the next command).
_STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)

# The limits of the file format are the core's, never typed twice.
_MOST_SPITZEN = MAX_SPITZEN[True]


class GameModel(BaseModel):
    """A game as entered at the table."""

    model_config = _STRICT
    kind: Literal["game"]
    declarer: str = Field(min_length=1, description="the declarer (Alleinspieler)")
    game: Literal["diamonds", "hearts", "spades", "clubs", "grand", "null"]
    spitzen: int | None = Field(
        None, ge=0, le=_MOST_SPITZEN, description="mit/ohne N; none for Null"
    )
    mit: bool = Field(True, description="true: mit (held the Kreuz-Bube), false: ohne")
    hand: bool = False
    ouvert: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    won: bool | None = Field(None, description="null: decided by the Augen (or won)")
    augen: int | None = Field(
        None, ge=0, le=TOTAL_AUGEN, description="declarer's Augen, Skat included"
    )
    schneider: bool = Field(False, description="Schneider reached in play")
    schwarz: bool = Field(False, description="Schwarz reached in play")
    bid: int | None = Field(None, ge=MIN_BID, le=MAX_BID, description="the Reizwert")
    kontra: bool = False
    re: bool = False
    bock: int = Field(0, ge=0, le=MAX_BOCK, description="Bock doublings entered by hand")
    paper: str | None = Field(
        None, pattern=r"^[+\-−]?\d+$", description="the value as written on paper"
    )
    kontra_bid: int | None = Field(
        None, ge=0, le=MAX_BID, description="rule kontra=after18: the Kontra-sayer's bid"
    )
    bock_called: bool = Field(False, description="a Bock round was called after this game")
    note: str = ""
    time: str | None = None


class PassedModel(BaseModel):
    """Eingepasst: all passed."""

    model_config = _STRICT
    kind: Literal["passed"]
    bock_called: bool = False
    note: str = ""
    time: str | None = None


class RamschModel(BaseModel):
    """A Ramsch: each player's Augen (Skat included, or the Skat apart) and the doublings."""

    model_config = _STRICT
    kind: Literal["ramsch"]
    augen: dict[str, Annotated[int, Field(ge=0, le=TOTAL_AUGEN)]] = Field(
        min_length=2, max_length=3
    )
    skat: int | None = Field(None, ge=0, le=TOTAL_AUGEN, description="with ramsch.skat=loser")
    jungfrau: list[str] = []
    durchmarsch: str | None = None
    pushes: int = Field(0, ge=0, le=MAX_PUSHES, description="Schieberamsch: pushes of the Skat")
    bock_called: bool = False
    note: str = ""
    time: str | None = None


EntryModel = Annotated[GameModel | PassedModel | RamschModel, Field(discriminator="kind")]


class HistoryModel(BaseModel):
    """A game removed or replaced: nothing entered is ever lost."""

    model_config = _STRICT
    action: Literal["undo", "delete", "edit"]
    number: int = Field(ge=1, description="the game's number when it was removed or replaced")
    entry: EntryModel
    replaced_by: EntryModel | None = None
    time: str


class RulesModel(BaseModel):
    """The rule set: its preset and every option spelled out."""

    model_config = _STRICT
    preset: str
    options: dict[str, str | int]

    @model_validator(mode="after")
    def _known(self) -> RulesModel:
        problem = rules_problem(self.preset, self.options)
        if problem:
            raise ValueError(problem)
        return self


class LedgerModel(BaseModel):
    """A skatliste ledger file."""

    model_config = ConfigDict(extra="forbid", strict=True, title="skatliste ledger")
    format: Literal["skatliste"]
    version: Literal[1]
    created: str
    players: list[str] = Field(min_length=2, max_length=4)
    first_dealer: str
    rules: RulesModel
    games: list[EntryModel] = []
    history: list[HistoryModel] = []

    @field_validator("version", mode="before")
    @classmethod
    def _a_number(cls, value: object) -> object:
        # strict mode compares a Literal by equality, and true == 1: refuse it here
        if isinstance(value, bool):
            raise ValueError("the version is a number, e.g. 1")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> LedgerModel:
        problem = table_problem(self.players, self.first_dealer, self.rules.options)
        if problem is None:
            # every name an entry holds is a player's: else its points go to nobody
            problem = names_problem(
                self.players,
                [g.model_dump() for g in self.games],
                [h.model_dump() for h in self.history],
            )
        if problem:
            raise ValueError(problem)
        return self


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the list format."""
    return LedgerModel.model_json_schema()


def write_schema() -> None:
    """Write the schema the store's lean reader checks lists against (after a model change)."""
    import json

    from skatliste.store.ledger import SCHEMA_FILE

    text = json.dumps(json_schema(), indent=1, ensure_ascii=False) + "\n"
    SCHEMA_FILE.write_text(text, encoding="utf-8")
