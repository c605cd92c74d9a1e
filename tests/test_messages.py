"""Every message in both languages: the catalogue covers what the code says, and the CLI
speaks the list's language."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatliste.messages import CATALOGUE, PLACEHOLDER, placeholders, shape, translate
from tests.conftest import ROOT, Run

PACKAGE = ROOT / "skatliste"
MESSAGE_CALLS = {"SkatlisteError", "ValueError", "refuse", "Refused", "Failed", "say", "translate"}
"""Calls whose first argument is a message (with every SkatlisteError subclass, found below)."""

MESSAGE_ARGUMENT = {"fail": 1}
"""Calls whose message is a later argument: ``fail(where, message, found)``."""

PROBLEM_LISTS = {"problems", "found"}
"""Lists the sheet derivation and the checks collect problem strings in."""

MESSAGE_FUNCTIONS = {"_explain_invalid", "_describe", "_cause", "suggest", "_suggest", "_both"}
"""Functions that return a message (and every ``*_problem`` function): their returns count."""

MESSAGE_TABLES = {"_CAUSES", "_HOW"}
"""Module-level dicts whose values are message templates (``str.format`` placeholders)."""


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _error_classes(trees: list[ast.Module]) -> set[str]:
    """SkatlisteError and every class that derives from it, in any module of the package."""
    names = {"SkatlisteError"}
    grown = True
    while grown:
        grown = False
        for tree in trees:
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.ClassDef)
                    and node.name not in names
                    and any(_name(base) in names for base in node.bases)
                ):
                    names.add(node.name)
                    grown = True
    return names


def _template(node: ast.expr) -> str | None:
    """The message a string expression makes, with ``{x}`` where the code fills in a value."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "{x}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _template(node.left), _template(node.right)
        if left is None and right is None:
            return None
        return (left if left is not None else "{x}") + (right if right is not None else "{x}")
    return None


def _strings(node: ast.expr) -> Iterator[ast.expr]:
    """The string expressions a value can take: both sides of ``a if c else b``."""
    if isinstance(node, ast.IfExp):
        yield from _strings(node.body)
        yield from _strings(node.orelse)
    else:
        yield node


def _set(function: ast.AST, name: str) -> Iterator[ast.expr]:
    """The strings a local variable is set to in ``function``: ``missing = f"..."``."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            yield from _strings(node.value)


def _fragments(function: ast.AST, message: ast.expr) -> Iterator[ast.expr]:
    """Words a message takes from a local variable (``why = "..."``) in the same function;
    a single word there ('mit', 'html') is a Skat word or a name, the same in both languages."""
    used = {
        v.value.id
        for v in ast.walk(message)
        if isinstance(v, ast.FormattedValue) and isinstance(v.value, ast.Name)
    }
    for name in used:
        yield from _set(function, name)


def _words(template: str | None) -> bool:
    """Whether a template has words of its own (not only values and punctuation)."""
    return template is not None and any(c.isalpha() for c in "".join(shape(template)))


def _tables(tree: ast.Module) -> Iterator[ast.expr]:
    """The values of the module's tables of messages (``_CAUSES = {...}``)."""
    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign)
            and any(_name(t) in MESSAGE_TABLES for t in statement.targets)
            and isinstance(statement.value, ast.Dict)
        ):
            yield from (v for v in statement.value.values if v is not None)


def _returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.expr]:
    """What a function that makes messages returns."""
    if function.name in MESSAGE_FUNCTIONS or function.name.endswith("_problem"):
        for node in ast.walk(function):
            if isinstance(node, ast.Return) and node.value is not None:
                yield node.value


def _said(
    function: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.Call, calls: set[str]
) -> list[ast.expr]:
    """The messages one call passes on: to an error, a refusal, ``say``, a problem list."""
    name = _name(node.func)
    if name in calls:  # the message, wherever it stands: Refused(403, ...)
        named = [a.id for a in node.args if isinstance(a, ast.Name)]
        return [*node.args, *(s for n in named for s in _set(function, n))]
    if name in MESSAGE_ARGUMENT:
        return list(_strings(node.args[MESSAGE_ARGUMENT[name]]))
    arg = node.args[0]
    if (
        name == "append"
        and isinstance(node.func, ast.Attribute)
        and _name(node.func.value) in PROBLEM_LISTS
    ):
        return list(arg.elts) if isinstance(arg, ast.Tuple) else [arg]
    return []


def _joined(texts: list[ast.expr]) -> list[ast.expr]:
    """The pieces of ``"\n".join(["no ranking:", *problems])``."""
    return [
        element
        for text in texts
        if isinstance(text, ast.Call)
        and _name(text.func) == "join"
        and text.args
        and isinstance(text.args[0], ast.List | ast.Tuple)
        for element in text.args[0].elts
    ]


def _in_function(
    function: ast.FunctionDef | ast.AsyncFunctionDef, calls: set[str]
) -> Iterator[tuple[int, str]]:
    """(line, template) of every message one function makes."""
    for value in _returns(function):
        template = _template(value)
        if template is not None and _words(template):
            yield value.lineno, template
    for node in ast.walk(function):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        texts = _said(function, node, calls)
        texts += _joined(texts)
        fragments = [f for text in texts for f in _fragments(function, text)]
        for text in texts + fragments:
            template = _template(text)
            if template is None or not _words(template):
                continue
            if text in fragments and " " not in template:
                continue  # a single word filled in: a Skat word or a name, the same in both
            yield node.lineno, template


def _messages() -> list[tuple[str, str]]:
    """(where, template) for every message the package can show."""
    files = sorted(PACKAGE.rglob("*.py"))
    trees = [ast.parse(f.read_text(encoding="utf-8")) for f in files]
    calls = MESSAGE_CALLS | _error_classes(trees)
    found: list[tuple[str, str]] = []
    for path, tree in zip(files, trees, strict=True):
        where = path.relative_to(ROOT)
        for value in _tables(tree):
            template = _template(value)
            if template is not None:
                found.append((f"{where}:{value.lineno}", template))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                found += [(f"{where}:{line}", t) for line, t in _in_function(function, calls)]
    return sorted(set(found))


MESSAGES = _messages()
KNOWN = {shape(english) for english in CATALOGUE}


def test_the_scan_finds_the_messages() -> None:
    """The scan itself works: it finds messages in the core, the store, the app and the CLI."""
    places = {where.split(":")[0] for where, _ in MESSAGES}
    assert len(MESSAGES) > 150
    for module in (
        "skat/rules.py",
        "store/tournament.py",
        "app/tournament.py",
        "cli/cards.py",
        "skat/words.py",
    ):
        assert f"skatliste/{module}" in places
    found = {template for _, template in MESSAGES}
    assert "no permission to write in the folder {folder}" in found  # a table of causes
    assert "a Grand has at most 4 Spitzen (only the Buben are trumps): mit/ohne 1 to 4" in found
    assert "{x}; did you mean '{x}'?" not in found and "; did you mean '{x}'?" in found


@pytest.mark.parametrize(("where", "english"), MESSAGES, ids=[w for w, _ in MESSAGES])
def test_every_message_has_a_german_text(where: str, english: str) -> None:
    """A new English message without a German entry in skatliste/messages.py fails here."""
    assert shape(english) in KNOWN, f"{where}: no German for {english!r}"


@pytest.mark.parametrize("english", list(CATALOGUE))
def test_both_languages_fill_in_the_same_values(english: str) -> None:
    """The German text has exactly the placeholders of the English one."""
    assert set(placeholders(CATALOGUE[english])) == set(placeholders(english))
    assert CATALOGUE[english].strip()


@pytest.mark.parametrize("english", list(CATALOGUE))
def test_every_entry_is_found_by_its_own_message(english: str) -> None:
    """Filled in with plain values, each English template comes out as its German one: no
    other template of the catalogue takes its place."""
    names = list(dict.fromkeys(placeholders(english)))
    values = {name: f"V{i}" for i, name in enumerate(names)}

    def fill(template: str) -> str:
        return PLACEHOLDER.sub(lambda m: values[m.group(1)], template)

    assert translate(fill(english), "de") == fill(CATALOGUE[english])


# --- translate --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("english", "german"),
    [
        (
            "unknown player 'dora': the players of this list are Anna, Ben, Carl",
            "unbekannter Spieler 'dora': die Spieler dieser Liste sind Anna, Ben, Carl",
        ),
        (
            "unknown word 'handd'; did you mean 'hand'?",
            "unbekanntes Wort 'handd'; meintest du 'hand'?",
        ),
        (  # a problem inside a game's message
            "game 4: the series has 3 games (rule series); this would be game 4",
            "Spiel 4: die Serie hat 3 Spiele (Regel series); dies wäre Spiel 4",
        ),
        (  # two problems, the second with its own '; '
            "game 2: this rule set plays no Kontra on a Null (rule kontra.null=off); "
            "this rule set plays no Bock (rule bock=off; start a list with --rule bock=on)",
            "Spiel 2: dieses Regelwerk spielt kein Kontra beim Null (Regel kontra.null=off); "
            "dieses Regelwerk spielt ohne Bock (Regel bock=off; beginne eine Liste mit "
            "--rule bock=on)",
        ),
        (  # a reason inside a rule's message
            "rule series=x: give the number of games in a series (e.g. 36), 'auto' or 'off'",
            "Regel series=x: gib die Zahl der Spiele einer Serie an (z. B. 36), 'auto' oder 'off'",
        ),
        (  # a few words filled in: the list, not the ledger
            "a.json: is a directory, not a ledger file; nothing written",
            "a.json: ist ein Ordner, nicht die Liste; nichts geschrieben",
        ),
    ],
)
def test_translate_finds_the_template_and_its_inner_messages(english: str, german: str) -> None:
    assert translate(english, "de") == german
    assert translate(english, "en") == english


def test_translate_leaves_what_it_does_not_know() -> None:
    """Unknown text, and the values the user typed, come back as they were."""
    assert translate("something new: 42", "de") == "something new: 42"
    assert translate("", "de") == ""
    # a player called 'list' stays 'list' although 'list' alone is a word of the catalogue
    assert translate("unknown player 'list': the players are A, B, C", "de") == (
        "unbekannter Spieler 'list': die Spieler sind A, B, C"
    )


PIECES = sorted({p for english in CATALOGUE for p in PLACEHOLDER.split(english)[0::2] if p})


@settings(max_examples=60)
@given(st.lists(st.sampled_from([*PIECES, "x", "; ", "\n", "'a'", " or "]), max_size=60))
def test_any_text_made_of_message_pieces_is_answered(pieces: list[str]) -> None:
    """Pieces of messages glued together at random: translate answers (a bounded amount of
    work per text), and English stays as it was."""
    text = "".join(pieces)
    assert isinstance(translate(text, "de"), str)
    assert translate(text, "en") == text


def test_translate_takes_several_lines_one_by_one() -> None:
    text = (
        "a.json: ... and 2 more problem(s)\n"
        "say which game, e.g. 'anna kreuz mit 2 hand' or 'eingepasst'"
    )
    assert translate(text, "de").splitlines() == [
        "a.json: ... und 2 weitere(s) Problem(e)",
        "sag, welches Spiel, z. B. 'anna kreuz mit 2 hand' oder 'eingepasst'",
    ]


# --- the CLI speaks the list's language --------------------------------------------------

ERRORS = [
    (["add", "dora", "kreuz", "mit", "2"], "unbekannter Spieler 'dora'", "unknown player 'dora'"),
    (
        ["add", "anna", "grand", "mit", "5"],
        "ein Grand hat höchstens 4 Spitzen",
        "a Grand has at most 4 Spitzen",
    ),
    (["add", "anna", "kreuz", "handd"], "unbekanntes Wort 'handd'", "unknown word 'handd'"),
    (["add", "anna"], "sag, welches Spiel", "say which game"),
    (["add", "anna", "null", "mit", "1"], "ein Null hat keine Spitzen", "a Null has no Spitzen"),
    (
        ["add", "anna", "kreuz", "mit", "1", "gereizt", "19"],
        "19 ist kein Reizwert",
        "bid 19 is not a Reizwert",
    ),
    (
        ["add", "anna", "kreuz", "mit", "1", "schwarz", "angesagt"],
        "Schwarz angesagt ohne Hand",
        "Schwarz angesagt without Hand",
    ),
    (
        ["delete", "9"],
        "Spiel 9: die Liste hat die Spiele 1 bis 1",
        "game 9: the list has games 1 to 1",
    ),
    (["edit", "3", "anna", "null"], "Spiel 3: die Liste hat", "game 3: the list has"),
    (["restore", "5"], "der Verlauf ist leer", "the history is empty"),
    (["ramsch", "anna=45"], "die Augen ergeben 45, nicht 120", "the Augen add up to 45, not 120"),
    (["bock"], "dieses Regelwerk spielt ohne Bock", "this rule set plays no Bock"),
    (
        ["summary", "--cent", "-1"],
        "der Einsatz kann nicht negativ sein",
        "the stake cannot be negative",
    ),
    (
        ["insert", "7", "anna", "null"],
        "ein Spiel kommt an Stelle 1 bis 2",
        "a game goes in at 1 to 2",
    ),
]


@pytest.mark.parametrize(
    ("args", "german", "english"), ERRORS, ids=[" ".join(a) for a, _, _ in ERRORS]
)
def test_errors_come_in_the_lists_language(
    run: Run, fresh_ledger: Path, args: list[str], german: str, english: str
) -> None:
    """German by default, English with --lang en; exit 2 and the list unchanged either way."""
    assert run("add", "anna", "kreuz", "mit", "1", "--ledger", str(fresh_ledger)).exit_code == 0
    before = fresh_ledger.read_bytes()
    for lang, expected, other in (([], german, english), (["--lang", "en"], english, german)):
        r = run(*args, *lang, "--ledger", str(fresh_ledger))
        assert r.exit_code == 2, r.output
        assert r.stderr.startswith("Error: ") and expected in r.stderr, r.stderr
        assert other not in r.stderr
        assert fresh_ledger.read_bytes() == before


def test_the_environment_chooses_when_no_lang_is_given(
    run: Run, fresh_ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKATLISTE_LANG", "en")
    r = run("add", "dora", "null", "--ledger", str(fresh_ledger))
    assert r.exit_code == 2 and "unknown player 'dora'" in r.stderr
    r = run("add", "dora", "null", "--lang", "de", "--ledger", str(fresh_ledger))
    assert "unbekannter Spieler 'dora'" in r.stderr


def test_commands_without_tables_take_lang_for_their_messages(run: Run, tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    assert "hier ist keine Liste" in run("check", "--ledger", str(missing)).stderr
    assert "no ledger here" in run("check", "--lang", "en", "--ledger", str(missing)).stderr
    assert "'CX' ist keine Karte" in run("augen", "CA", "CX").stderr
    assert "'CX' is not a card" in run("augen", "CX", "--lang", "en").stderr


def test_confirmations_answer_in_one_language(run: Run, fresh_ledger: Path) -> None:
    """undo, delete and history answer in German by default and in English with --lang en."""
    at = ["--ledger", str(fresh_ledger)]
    for _ in range(3):
        run("add", "anna", "kreuz", "mit", "1", *at)
    assert run("undo", *at).stdout.startswith("zurückgenommen: Anna")
    assert run("undo", "--lang", "en", *at).stdout.startswith("taken back: Anna")
    assert run("delete", "1", *at).stdout.startswith("Spiel 1 gelöscht: Anna")
    run("restore", "3", *at)
    assert run("delete", "1", "--lang", "en", *at).stdout.startswith("deleted game 1: Anna")
    empty = ["--ledger", str(fresh_ledger.with_name("other.json"))]
    assert run("new", "--players", "A1", "B1", "C1", *empty).stdout.endswith(
        "neue Liste für A1, B1, C1 (Regelwerk isko); A1 gibt zuerst\n"
    )
    assert run("history", *empty).stdout == "keine Spiele entfernt oder ersetzt\n"
    assert run("history", "--lang", "en", *empty).stdout == "no games removed or replaced\n"


def test_play_asks_in_the_lists_language(run: Run, fresh_ledger: Path) -> None:
    """The questions, and a bad answer asked again, in English with --lang en."""
    answers = "ben\nkreuz\nmit 2\nmaybe\nn\nn\n75\nn\n\nn\nq\n"
    r = run("play", "--lang", "en", "--ledger", str(fresh_ledger), input=answers)
    assert r.exit_code == 0, r.output
    assert "Game 1 — dealer: Anna" in r.stdout
    assert "Declarer (Anna/Ben/Carl, p = all passed, q = quit)" in r.stdout
    assert "Hand (y/n) [n]" in r.stdout
    assert "Error: 'maybe': answer y (yes) or n (no)" in r.stderr
    assert "Game 1: Ben — Clubs with 2: +36" in r.stdout


# --- the web page speaks the browser's language --------------------------------------------


@pytest.mark.parametrize(
    ("body", "german", "english"),
    [
        (
            {"declarer": "dora", "words": "kreuz mit 2"},
            "unbekannter Spieler 'dora'",
            "unknown player 'dora'",
        ),
        (
            {"declarer": "anna", "words": "grand mit 5"},
            "ein Grand hat höchstens 4 Spitzen",
            "a Grand has at most 4 Spitzen",
        ),
    ],
)
def test_web_errors_come_in_the_browsers_language(
    fresh_ledger: Path, body: dict[str, str], german: str, english: str
) -> None:
    """The page's {"error": ...}: German by default, English for a browser that asks for it
    (or ?lang=en); 422 and the list unchanged either way."""
    from starlette.testclient import TestClient

    from skatliste.web.server import create_app
    from tests.webtools import KEY

    client = TestClient(create_app(fresh_ledger, key=KEY))
    auth = {"Authorization": f"Bearer {KEY}"}
    before = fresh_ledger.read_bytes()
    for extra, expected in (({}, german), ({"Accept-Language": "en-GB,en"}, english)):
        got = client.post("/api/games", json=body, headers={**auth, **extra})
        assert got.status_code == 422 and expected in got.json()["error"]
    got = client.post("/api/games?lang=en", json=body, headers=auth)
    assert english in got.json()["error"]
    missing = client.post("/api/games", json=body)  # no key: refused by the guard, in German
    assert missing.status_code == 401 and "Schlüssel" in missing.json()["error"]
    assert fresh_ledger.read_bytes() == before
