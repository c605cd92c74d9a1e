"""A long list is read, derived and written from its facts alone, every time: what a
command prints and writes is what a fresh derivation of the file gives, however it was edited
by hand, and nothing is kept beside a list but its lock (a state file an earlier version left
there is not read)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatliste.app import lists as app
from skatliste.errors import LedgerError, SkatlisteError
from skatliste.render import renderer
from skatliste.render import report as render
from skatliste.skat.entries import PassedEntry
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.sheet import Derived, derive, rows
from skatliste.skat.summary import summarise
from skatliste.store import lists as store

from .conftest import EXAMPLES, Run

GAMES = 40


def _summary_of(lst: app.Ledger, **how: Any) -> str:
    """The list's summary as its family renders it."""
    return renderer(lst.family, "summary")(lst, **how)


def _season(path: Path, games: int = GAMES, *, preset: str = "pub") -> None:
    """A list of ``games`` games from the pub evening's, repeated (Bock and Ramsch rounds)."""
    source = store.load(EXAMPLES / "pub-evening.json")
    ledger = store.new_list(
        path, list(source.table.players), first_dealer=None, rules=build_rule_set(preset)
    )
    ledger.entries.extend(source.entries[i % len(source.entries)] for i in range(games))
    store.save(ledger)


def _fresh(path: Path) -> Derived:
    """The derivation of the list as it is, from its facts alone."""
    ledger = store.load(path)
    return derive(ledger.table, ledger.entries)


@pytest.fixture
def season(tmp_path: Path) -> Path:
    path = tmp_path / "season.json"
    _season(path)
    return path


def test_nothing_is_kept_beside_a_list_but_its_lock(tmp_path: Path) -> None:
    """No printed sheet, no derivation, no state: a summary writes nothing, an add its lock."""
    path = tmp_path / "evening.json"
    _season(path, 1_250)
    _summary_of(app.open_list(path), lang="de")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.json"]
    app.add_game(path, "anna", "grand mit 1 hand augen 70".split())
    render.sheet(app.open_list(path), "plain", lang="de")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.json", "evening.json.lock"]


def test_a_state_file_an_earlier_version_left_is_not_read(run: Run, tmp_path: Path) -> None:
    """Versions before 0.5 kept a long list's derived state in ``NAME.json.state``: it is
    left where it is and never read, so a wrong one changes nothing."""
    path = tmp_path / "season.json"
    _season(path, 1_250)
    side = path.with_name("season.json.state")
    side.write_text('{"totals": {"Anna": 999999}}', encoding="utf-8")
    assert run("add", "anna", "grand", "mit", "1", "--ledger", str(path)).exit_code == 0
    ledger = store.load(path)
    summary = run("summary", "--ledger", str(path), "--lang", "en").stdout
    total = summarise(ledger.table, ledger.entries).players[0].total
    assert "999999" not in summary and str(abs(total)) in summary
    checked = run("check", "--ledger", str(path), "--lang", "en")
    assert checked.exit_code in (0, 1) and "state file" not in checked.stdout + checked.stderr
    assert side.read_text(encoding="utf-8") == '{"totals": {"Anna": 999999}}'


def test_a_written_list_is_the_list_written_in_full(season: Path) -> None:
    """The bytes an add writes are the bytes a full write of the list gives, and the games
    before are kept byte for byte."""
    before = season.read_text(encoding="utf-8")
    for _ in range(3):
        change = app.add_game(season, "anna", "grand mit 1 hand augen 70".split())
    assert change.number == GAMES + 3
    ledger = store.load(season)
    after = season.read_text(encoding="utf-8")
    assert after == store.dumps(ledger)
    assert after.startswith(before[: before.rindex("\n  ],\n")] + ",\n")
    assert change.last is not None and change.last.totals == _fresh(season).totals


@pytest.mark.parametrize("fmt", ["plain", "grid", "md", "csv", "json"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_sheet_is_the_sheet_of_the_list_as_it_is(season: Path, fmt: str, lang: str) -> None:
    """In each format and language; after an add, the sheet has the new game."""
    first = render.sheet(app.open_list(season), fmt, lang=lang)  # type: ignore[arg-type]
    app.add_game(season, "ben", "grand mit 1 hand augen 80".split())
    after = render.sheet(app.open_list(season), fmt, lang=lang)  # type: ignore[arg-type]
    assert after != first
    assert render.sheet(app.open_list(season), fmt, lang=lang) == after  # type: ignore[arg-type]


def _edit(text: str, rng: random.Random, kind: str) -> str:
    lines = text.split("\n")
    games = [i for i, line in enumerate(lines) if line.startswith('    {"kind"')]
    i, j = rng.sample(games, 2)
    if kind == "value":
        line = lines[i]
        numbers = list(re.finditer(r'"(augen|spitzen)":(\d+)', line))
        if not numbers:
            return _edit(text, rng, "swap")
        m = rng.choice(numbers)
        new = rng.randrange(0, 121) if m.group(1) == "augen" else rng.randrange(1, 5)
        lines[i] = line[: m.start(2)] + str(new) + line[m.end(2) :]
    elif kind == "delete":
        del lines[i]
    else:
        lines[i], lines[j] = lines[j], lines[i]
    # keep the commas right: every game line but the last ends with one
    games = [k for k, line in enumerate(lines) if line.startswith('    {"kind"')]
    for k in games:
        lines[k] = lines[k].rstrip(",") + ("," if k != games[-1] else "")
    return "\n".join(lines)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.sampled_from(["value", "delete", "swap"]), min_size=1, max_size=3),
    preset=st.sampled_from(["pub", "isko", "tournament"]),
)
def test_a_hand_edited_list_gives_the_answer_of_a_fresh_derivation(
    tmp_path_factory: pytest.TempPathFactory, seed: int, kinds: list[str], preset: str
) -> None:
    """A changed value, a deleted line, reordered games: the next pass gives what a full
    derivation of the edited list gives (or is refused as that derivation refuses it)."""
    path = tmp_path_factory.mktemp("edit") / "season.json"
    _season(path, preset=preset)
    rng = random.Random(seed)
    text = path.read_text(encoding="utf-8")
    for kind in kinds:
        text = _edit(text, rng, kind)
    path.write_text(text, encoding="utf-8")
    try:
        _fresh(path)
    except LedgerError:
        with pytest.raises(LedgerError):
            app.open_list(path)
        return
    ledger = store.load(path)
    table, entries = ledger.table, ledger.entries
    fresh_row = list(rows(table, [*entries, PassedEntry()]))[-1]
    try:
        change = app.pass_game(path)
    except SkatlisteError as exc:  # the rules refuse a pass here: so must a fresh list
        assert fresh_row.problems, exc
        return
    assert change.row is not None
    assert change.row.totals == fresh_row.totals and change.row.number == len(entries) + 1
    assert change.row.pending == fresh_row.pending


SHIPPED_LISTS = sorted(
    p for p in EXAMPLES.glob("*.json") if '"format": "skatliste"' in p.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("example", SHIPPED_LISTS, ids=lambda p: p.name)
def test_a_shipped_list_opens_unchanged(tmp_path: Path, example: Path) -> None:
    """The lists of format version 1 as shipped, of every game family: read by every reading
    command, unchanged, nothing written beside them."""
    from click.testing import CliRunner

    from skatliste.cli import cli

    path = tmp_path / example.name
    path.write_bytes(example.read_bytes())
    for command in (["sheet"], ["summary"], ["check"], ["history"], ["rules"], ["stats"]):
        r = CliRunner().invoke(cli, [*command, "--ledger", str(path)])
        assert r.exit_code in (0, 1), (command, r.output)
    for fmt in ("html", "md", "csv", "json"):
        r = CliRunner().invoke(cli, ["export", "--format", fmt, "--ledger", str(path)])
        assert r.exit_code == 0, (fmt, r.output)
    assert path.read_bytes() == example.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == [example.name]


def test_value_loads_no_game_family_plug_in() -> None:
    """``skatliste value kreuz mit 2 hand`` values a Skat game: it starts without the
    families' plug-ins, the list file or the sheet (its start-up is a bench target)."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from skatliste.cli import cli\n"
        "try:\n"
        "    cli(['value', 'kreuz', 'mit', '2', 'hand'], prog_name='skatliste')\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('skatliste.american.game', 'skatliste.skat.family', 'skatliste.skat.sheet',\n"
        "         'skatliste.families', 'skatliste.store.lists', 'skatliste.store.files')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout
