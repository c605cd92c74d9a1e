"""The list file of an American Grand table: the same header as a Skat list (format, version,
created, players, first_dealer, rules), the deals as entries, one a line.

Store layer: the file models of the American Grand family, reading and atomic writing under
the list's lock (``ledger.locked``, ``ledger.atomic_write``). Facts only: scores, parties and
settlements are derived on every read by ``skatliste.american.game``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from skatliste.american.game import (
    EUCHRE_TRICKS,
    HEARTS,
    TRICKS,
    Contract,
    Deal,
    Entry,
    PartieEnd,
    Table,
)
from skatliste.errors import LedgerError
from skatliste.skat.rulesets import FAMILY_TITLE, RuleSet, build_rule_set, family_of
from skatliste.store import ledger as store
from skatliste.store.models import RulesModel

FAMILY = "american-grand"

_STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)


class DealModel(BaseModel):
    """A deal as entered: declarer, contract, bid, and what happened."""

    model_config = _STRICT
    kind: Literal["deal"]
    declarer: str = Field(min_length=1)
    contract: Literal["whist", "grand", "euchre", "hearts"]
    bid: int = Field(gt=0, multiple_of=5, description="the winning bid, a multiple of 5")
    tricks: int | None = Field(
        None,
        ge=0,
        le=TRICKS,
        description=f"the declaring pair's tricks (Euchre: of {EUCHRE_TRICKS})",
    )
    alone: bool = Field(False, description="Euchre: played alone")
    hearts: int | None = Field(
        None, ge=0, le=HEARTS, description="Hearts: hearts in the declaring pair's tricks"
    )
    note: str = ""
    time: str | None = None


class EndModel(BaseModel):
    """The partie was ended by hand here (a time limit)."""

    model_config = _STRICT
    kind: Literal["end"]
    note: str = ""
    time: str | None = None


EntryModel = Annotated[DealModel | EndModel, Field(discriminator="kind")]


class HistoryModel(BaseModel):
    """An entry removed or replaced: nothing entered is ever lost."""

    model_config = _STRICT
    action: Literal["undo", "delete", "edit"]
    number: int = Field(ge=1, description="the deal's number when it was removed or replaced")
    entry: EntryModel
    replaced_by: EntryModel | None = None
    time: str


class ListModel(BaseModel):
    """An American Grand list file."""

    model_config = ConfigDict(extra="forbid", strict=True, title="skatliste American Grand list")
    format: Literal["skatliste"]
    version: Literal[1]
    created: str
    players: list[str] = Field(min_length=4, max_length=4)
    first_dealer: str
    rules: RulesModel
    games: list[EntryModel] = []
    history: list[HistoryModel] = []

    @model_validator(mode="after")
    def _consistent(self) -> ListModel:
        if len({p.casefold() for p in self.players}) != len(self.players):
            raise ValueError("players: every player needs a different name")
        if self.first_dealer not in self.players:
            raise ValueError(f"first_dealer '{self.first_dealer}' is not one of the players")
        if family_of(self.rules.preset) != FAMILY:
            raise ValueError(f"rules: preset '{self.rules.preset}' is not American Grand")
        # every declarer is a player's name as the players line has it: else the deal's
        # points go to nobody (the Skat list's check, shared)
        problem = store.names_problem(
            self.players,
            [g.model_dump() for g in self.games],
            [h.model_dump() for h in self.history],
        )
        if problem:
            raise ValueError(problem)
        return self


def entry_to_model(entry: Entry) -> DealModel | EndModel:
    """An entry as it is stored."""
    if isinstance(entry, PartieEnd):
        return EndModel(kind="end", note=entry.note, time=entry.time)
    return DealModel(
        kind="deal",
        declarer=entry.declarer,
        contract=entry.contract.value,
        bid=entry.bid,
        tricks=entry.tricks,
        alone=entry.alone,
        hearts=entry.hearts,
        note=entry.note,
        time=entry.time,
    )


def model_to_entry(model: DealModel | EndModel) -> Entry:
    """A stored entry as the sheet uses it (not validated: ``check`` reports what is wrong)."""
    if isinstance(model, EndModel):
        return PartieEnd(note=model.note, time=model.time)
    return Deal(
        declarer=model.declarer,
        contract=Contract(model.contract),
        bid=model.bid,
        tricks=model.tricks,
        alone=model.alone,
        hearts=model.hearts,
        note=model.note,
        time=model.time,
    )


def table_of(players: Sequence[str], first_dealer: str, rules: RuleSet) -> Table:
    """The table the core derives the sheet for."""
    deals = rules["partie.deals"]
    return Table(
        tuple(players),
        first_dealer,
        hearts_defenders="always" if rules["hearts.defenders"] == "always" else "on_set",
        slam_counts="over_six" if rules["slam.counts"] == "over_six" else "score",
        partie_deals=None if deals == "off" else int(deals),
    )


class AmericanList:
    """A loaded American Grand list: its table, entries and history, and where it lives."""

    def __init__(self, path: Path, model: ListModel) -> None:
        self.path = path
        self.model = model
        self.rules: RuleSet = build_rule_set(model.rules.preset, model.rules.options)
        self.table = table_of(model.players, model.first_dealer, self.rules)
        self.entries: list[Entry] = [model_to_entry(g) for g in model.games]
        self.history: list[HistoryModel] = list(model.history)

    def record(
        self,
        action: Literal["undo", "delete", "edit"],
        number: int,
        entry: Entry,
        replaced_by: Entry | None,
    ) -> None:
        """Keep a removed or replaced entry in the history."""
        self.history.append(
            HistoryModel(
                action=action,
                number=number,
                entry=entry_to_model(entry),
                replaced_by=None if replaced_by is None else entry_to_model(replaced_by),
                time=store.now(),
            )
        )

    def to_model(self) -> ListModel:
        """The list as it will be written."""
        return self.model.model_copy(
            update={"games": [entry_to_model(e) for e in self.entries], "history": self.history}
        )


def new_list(
    path: Path, players: Sequence[str], *, first_dealer: str | None, rules: RuleSet
) -> AmericanList:
    """A fresh list (not yet written)."""
    table_of(players, first_dealer or players[0], rules)  # four players, or a clear refusal
    model = ListModel(
        format=store.FORMAT_NAME,
        version=store.FORMAT_VERSION,
        created=store.now(),
        players=list(players),
        first_dealer=first_dealer or players[0],
        rules=RulesModel(preset=rules.preset, options=dict(rules.options)),
    )
    return AmericanList(path, model)


def load(path: Path | str) -> AmericanList:
    """Read and validate a list; refuse a corrupt one with the place and the reason."""
    path = Path(path)
    raw = store.read_bytes(path)
    family = store.family_of_text(raw)
    if family != FAMILY:
        raise LedgerError(
            f"{path}: a {FAMILY_TITLE[family]} list, not an American Grand list: this command "
            "is for American Grand lists ('skatliste new --rules american-grand ...')"
        )
    try:
        data, pairs = store.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        pass  # said with its place below
    else:
        # a key given twice (a hand edit): JSON keeps the last value silently; refuse it
        twice = store.duplicate_problem(data, pairs)
        if twice:
            raise LedgerError(
                f"{path}: {twice} (a hand edit?): keep one of them; the file was left untouched"
            )
    try:
        model = ListModel.model_validate_json(raw)
    except ValidationError as exc:
        raise LedgerError(_explain_invalid(path, raw, exc)) from None
    return AmericanList(path, model)


def _describe(path: Path, err: Any) -> str:
    """``list.json: entry 3: bid: Input should be a multiple of 5 (found 23)``."""
    loc = list(err.get("loc", ()))
    where = ""
    if len(loc) >= 2 and loc[0] in ("games", "history") and isinstance(loc[1], int):
        where = f"{'entry' if loc[0] == 'games' else 'history entry'} {loc[1] + 1}: "
        loc = [p for p in loc[2:] if p not in ("deal", "end")]
    field = ".".join(str(p) for p in loc)
    got = err.get("input")
    shown = "" if isinstance(got, dict | list) or got is None else f" (found {got!r})"
    msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
    return f"{path}: {where}{field + ': ' if field else ''}{msg}{shown}"


def _explain_invalid(path: Path, raw: bytes, exc: ValidationError) -> str:
    """Why a list file is refused: not JSON, or each problem (up to ten) with its place."""
    try:
        json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return f"{path}: not a skatliste ledger (not UTF-8 text); the file was left untouched"
    except json.JSONDecodeError as err:
        return (
            f"{path}: line {err.lineno} column {err.colno}: not valid JSON ({err.msg}); "
            "the file was left untouched"
        )
    errors = exc.errors()
    lines = [_describe(path, e) for e in errors[:10]]
    if len(errors) > len(lines):
        lines.append(f"{path}: ... and {len(errors) - len(lines)} more problem(s)")
    return "\n".join(lines)


def dumps(model: ListModel) -> str:
    """The file text as a Skat list's: the header indented, each entry on a line of its own."""
    data = model.model_dump(mode="json", exclude_defaults=True, exclude={"games", "history"})
    head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]

    def block(name: str, items: Sequence[BaseModel]) -> str:
        if not items:
            return f'  "{name}": []'
        body = ",\n    ".join(i.model_dump_json(exclude_defaults=True) for i in items)
        return f'  "{name}": [\n    {body}\n  ]'

    return f"{head},\n{block('games', model.games)},\n{block('history', model.history)}\n}}\n"


def save(lst: AmericanList) -> None:
    """Write atomically (the caller holds the lock)."""
    store.atomic_write(lst.path, dumps(lst.to_model()))


@contextlib.contextmanager
def updating(path: Path | str) -> Iterator[AmericanList]:
    """Load under the lock, let the caller change it, save: one atomic read-modify-write.
    A refusal inside leaves the file as it was; a list that does not exist is refused before
    any lock file is made."""
    if not Path(path).exists():
        load(path)  # raises the 'no ledger here' error
    with store.locked(path):
        lst = load(path)
        yield lst
        save(lst)


def create(lst: AmericanList, *, force: bool) -> Path | None:
    """Write a new list; refuse to overwrite one without ``force`` (with it, the old list is
    kept as a backup, whose path is returned)."""
    return store.create_file(lst.path, lambda: save(lst), force=force)
