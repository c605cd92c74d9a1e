"""Every message in both languages: each message id of the code has its German in the
catalogue with the same placeholders, the compiled catalogue is the catalogue, and the CLI and
the web page speak the user's language."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from skatliste.i18n import join, msg, nmsg, translations
from tests.catalogues import LANGUAGES, compiled, extract, fields, po_path, read, texts, used
from tests.conftest import ROOT, Run
from tests.sources import parse, parsed

# --- the catalogues ------------------------------------------------------------------------

FOUND = used()


def test_the_extraction_finds_the_message_ids(tmp_path: Path) -> None:
    """Babel's extraction sees the ``msg`` and ``nmsg`` calls, plurals and nested ones too,
    and nothing else."""
    (tmp_path / "m.py").write_text(
        'say(msg("game {number}: {problems}", number=1, problems=msg("a Null has no Spitzen")))\n'
        'nmsg("{count} game", "{count} games", n)\nprint("not a message")\n',
        encoding="utf-8",
    )
    assert [f.id for f in extract(tmp_path)] == [
        "game {number}: {problems}",
        "a Null has no Spitzen",
        ("{count} game", "{count} games"),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_id_in_the_code_has_a_translation(lang: str) -> None:
    """A ``msg``/``nmsg`` id without its text in the language's ``.po`` fails here (run
    ``make catalogues``, then fill in the empty entries)."""
    catalog = read(lang)
    missing = []
    for found in FOUND:
        entry = catalog.get(found.key, found.context)
        given = texts(entry)
        if not given or not all(t.strip() for t in given):
            missing.append(f"{found.where}: {found.id!r}")
        elif entry is not None and entry.id != found.id:
            missing.append(f"{found.where}: {found.id!r} is the catalogue's {entry.id!r}")
    assert not missing, f"no {lang} text for:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_translation_fills_in_the_placeholders_of_its_id(lang: str) -> None:
    """The German text has exactly the ``{placeholders}`` of its English id (each plural form
    those of the plural id; the singular may leave out ``{count}``, as in "ein Spiel")."""
    wrong = []
    for entry in read(lang):
        if not entry.id:
            continue
        if isinstance(entry.id, str):
            wrong += [
                f"{entry.id!r} → {t!r}" for t in texts(entry) if t and fields(t) != fields(entry.id)
            ]
            continue
        singular, plural = entry.id
        for form, text in enumerate(texts(entry)):
            want = fields(plural) if form else fields(singular)
            if text and fields(text) - {"count"} != want - {"count"}:
                wrong.append(f"{entry.id!r} → {text!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogue_is_the_catalogue(lang: str) -> None:
    """The ``.mo`` the program reads is the ``.po`` compiled (``make catalogues``)."""
    assert po_path(lang).with_suffix(".mo").read_bytes() == compiled(read(lang))


def test_every_message_id_is_written_out() -> None:
    """An id is a literal string (an f-string or a variable would hide it from the
    extraction and from the catalogue)."""
    bad = []
    for path in sorted((ROOT / "skatliste").rglob("*.py")):
        for node in ast.walk(parsed(path)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            n = {"msg": 1, "nmsg": 2, "pmsg": 2}.get(node.func.id, 0)
            literal = all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args[:n]
            )
            if n and (len(node.args) < n or not literal):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, "message ids that are not literal strings:\n" + "\n".join(bad)


def test_counts_take_the_plural_of_the_language() -> None:
    """One game, two games: German has its own forms (ngettext), not "1 Spiele"."""
    games = [nmsg("{count} game", "{count} games", n) for n in (1, 2)]
    assert [g.render("de") for g in games] == ["1 Spiel", "2 Spiele"]
    assert [g.render("en") for g in games] == ["1 game", "2 games"]
    assert translations("de").ngettext("{count} game", "{count} games", 0) == "{count} Spiele"


def test_a_nested_message_is_rendered_in_the_language_of_the_whole() -> None:
    null = msg("a Null has no Spitzen: they count only in suit games and Grand")
    game = msg("game {number}", number=7)
    whole = msg("{where}: {problem}", where=game, problem=join([null, null]))
    german = null.render("de")
    assert whole.render("de") == f"Spiel 7: {german}; {german}"
    assert "Spitzen" in german and "only" not in german


# --- no message is written as English text ------------------------------------------------

PACKAGE = ROOT / "skatliste"
MESSAGE_CALLS = {"SkatlisteError", "ValueError", "refuse", "Refused", "Failed", "say", "translate"}
"""Calls whose first argument is a message (with every SkatlisteError subclass, found below)."""

MESSAGE_ARGUMENT = {"fail": 1, "OptionError": 1}
"""Calls whose message is a later argument: ``fail(where, message, found)``,
``OptionError(option, message)``."""

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
    classes = [
        (node.name, {_name(base) for base in node.bases})
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]  # walked once: the classes are few, the trees large
    names = {"SkatlisteError"}
    grown = True
    while grown:
        grown = False
        for name, bases in classes:
            if name not in names and bases & names:
                names.add(name)
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
    return template is not None and any(c.isalpha() for c in re.sub(r"\{[^{}]*\}", "", template))


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
    if name in MESSAGE_ARGUMENT:
        return list(_strings(node.args[MESSAGE_ARGUMENT[name]])) if len(node.args) > 1 else []
    if name in calls:  # the message, wherever it stands: Refused(403, ...)
        named = [a.id for a in node.args if isinstance(a, ast.Name)]
        return [*node.args, *(s for n in named for s in _set(function, n))]
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


def _scan(sources: dict[str, str]) -> list[tuple[str, str]]:
    """(where, template) for every message written as English text in the modules
    ``sources`` (name → source): a string or f-string given to an error, a refusal, ``say`` or
    a problem list, returned by a function that makes messages, or a table of them."""
    trees = {name: parse(source) for name, source in sources.items()}
    calls = MESSAGE_CALLS | _error_classes(list(trees.values()))
    found: list[tuple[str, str]] = []
    for where, tree in trees.items():
        for value in _tables(tree):
            template = _template(value)
            if template is not None:
                found.append((f"{where}:{value.lineno}", template))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                found += [(f"{where}:{line}", t) for line, t in _in_function(function, calls)]
    return sorted(set(found))


def test_the_scan_finds_a_message_written_as_english_text() -> None:
    """The scan itself works: every way of writing a message as plain text is found, and none
    of the ways of writing it as a message id."""
    source = """
class TableError(SkatlisteError): ...
_CAUSES = {1: "the folder {folder} is gone"}
def check(problems, name):
    if name:
        raise TableError(f"unknown player '{name}'")
    why = f"{name} sits out at a table of four"
    refuse(why)
    problems.append("the series is over")
    refuse("give a number")
    raise InputError(msg("unknown player '{name}'", name=name))
def wrong_problem():
    return "a Null has no Spitzen"
def fine_problem(n):
    return nmsg("{count} game", "{count} games", n)
"""
    found = sorted(template for _, template in _scan({"m.py": source}))
    assert found == [
        "a Null has no Spitzen",
        "give a number",
        "the folder {folder} is gone",
        "the series is over",
        "unknown player '{x}'",
        "{x} sits out at a table of four",
    ]


def test_no_message_is_written_as_english_text() -> None:
    """Every message the package can show is a ``msg``/``nmsg`` id with its parameters, found
    by the catalogue's extraction: none is English text that would reach a German user."""
    files = sorted(PACKAGE.rglob("*.py"))
    sources = {str(f.relative_to(ROOT)): f.read_text(encoding="utf-8") for f in files}
    found = _scan(sources)
    assert not found, "written as English text:\n" + "\n".join(f"{w}: {t!r}" for w, t in found)


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
        "kommt an Stelle 1 bis 2 (die Liste hat 1 Spiel)",
        "an entry goes in at 1 to 2 (the list has 1 game)",
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
    said: tuple[tuple[list[str], str, str, str], ...] = (
        ([], german, english, "Fehler: "),
        (["--lang", "en"], english, german, "Error: "),
    )
    for lang, expected, other, error in said:
        r = run(*args, *lang, "--ledger", str(fresh_ledger))
        assert r.exit_code == 2, r.output
        assert r.stderr.startswith(error) and expected in r.stderr, r.stderr
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
    assert "no list here" in run("check", "--lang", "en", "--ledger", str(missing)).stderr
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


# --- German answers have no English words of ours ---------------------------------------------

OUR_ENGLISH = {
    "the", "a", "is", "has", "have", "already", "must", "request", "player", "players",
    "tap", "or", "and", "start", "words", "key", "kept", "game", "games", "entered", "series",
    "table", "paper", "result", "nothing", "replace", "with", "object", "whole", "number",
    "found", "registered", "present", "seed", "tables", "of", "on", "its", "list", "delete",
}  # fmt: skip
"""English words the program's own messages use (a name or a Skat word is not among them)."""


def english_words(text: str) -> set[str]:
    """Our English words in a German answer (none, when it is all German); what is quoted
    (a field's name, the words typed) and links are not words of ours."""
    import re

    text = re.sub(r"'[^']*'|\"[^\"]*\"|https?://\S+", "", text)
    return {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in OUR_ENGLISH}


def _tournament(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "preisskat"
    new = ["tournament", "new", str(folder), "--name", "Preisskat", "--series", "2", "--seed", "5"]
    assert run(*new).exit_code == 0
    monkeypatch.setenv("SKATLISTE_TOURNAMENT", str(folder))
    for name in ("Anna", "Ben", "Carl"):
        assert run("tournament", "player", "add", name).exit_code == 0
    assert run("tournament", "draw", "1").exit_code == 0
    return folder


def test_a_paper_result_refused_in_german_says_it_all_in_german(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'nichts eingetragen: series 1 table 1 has a paper result already' is gone: the whole
    refusal is German, and says how to replace it on the command line."""
    _tournament(run, tmp_path, monkeypatch)
    result = ["tournament", "result", "1", "1", "Anna=0/0/0", "Ben=0/0/0", "Carl=0/0/0"]
    assert run(*result).exit_code == 0
    again = run(*result)
    assert again.exit_code == 2
    assert again.stderr == (
        "Fehler: Serie 1 Tisch 1: nichts eingetragen:\n"
        "  Serie 1 Tisch 1 hat schon ein Ergebnis auf Papier; ersetze es mit --force (das alte "
        "bleibt im Verlauf)\n"
    )
    assert english_words(again.stderr) == set()
    english = run(*result, "--lang", "en").stderr
    assert "has a paper result already; replace it with --force" in english


def test_counts_in_german_take_the_singular_for_one(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One game on a table's list is "1 Spiel", never "1 Spiele" or "Spiel(e)"."""
    folder = _tournament(run, tmp_path, monkeypatch)
    table = folder / "series-1" / "table-01.json"
    assert run("add", "Anna", "grand", "ohne", "1", "augen", "70", "--ledger", str(table))
    refused = run("tournament", "result", "1", "1", "Anna=0/0/0", "Ben=0/0/0", "Carl=0/0/0")
    assert "(series-1/table-01.json, 1 Spiel eingetragen)" in refused.stderr
    assert "Spiele" not in refused.stderr and "(e)" not in refused.stderr
    assert "3 Spieler anwesend" in run("tournament", "player", "list").stdout
    drawn = run("tournament", "draw", "2").stdout
    assert drawn.startswith("Serie 2: 1 Tisch (1 zu dritt), Startwert ")


def test_a_long_name_is_confirmed_in_german_too(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A confirmation is German whatever its length (no matcher gives up on a long text)."""
    _tournament(run, tmp_path, monkeypatch)
    club = "Skatfreunde " * 100
    got = run("tournament", "player", "add", "Dora", "--club", club.strip())
    assert got.exit_code == 0, got.output
    assert got.stdout.startswith("Dora gemeldet (Skatfreunde ") and "registered" not in got.stdout


def test_serve_speaks_german_about_the_key(fresh_ledger: Path, run: Run) -> None:
    """ "die key blieb": the terminal output of serve is German too."""
    got = run("serve", "--ledger", str(fresh_ledger), "--show-keys")
    text = got.output.split("\n█", 1)[0]
    assert "neuer Schlüssel gespeichert in" in text and "Link zum Eintragen: http" in text
    from skatliste.app.keys import key_path

    key = key_path(fresh_ledger).read_text().strip()
    said = text.replace(str(key_path(fresh_ledger)), "").replace(key, "")
    assert english_words(said) == set()


@pytest.mark.parametrize(
    ("body", "german"),
    [
        ([1, 2], 'die Anfrage muss ein JSON-Objekt sein, z. B. {"words": "kreuz mit 2"}'),
        (
            {"words": "kreuz mit 2", "colour": "red"},
            "'colour' nimmt diese Anfrage nicht an; lass es weg",
        ),
    ],
)
def test_a_request_the_page_cannot_take_is_refused_in_german(
    fresh_ledger: Path, body: object, german: str
) -> None:
    """Request bodies are checked in our words, in the request's language (no pydantic
    English, no English half-sentence in a German answer)."""
    from starlette.testclient import TestClient

    from skatliste.web.server import create_app
    from tests.webtools import KEY

    client = TestClient(create_app(fresh_ledger, key=KEY))
    got = client.post("/api/games", json=body, headers={"Authorization": f"Bearer {KEY}"})
    assert got.status_code == 422 and got.json()["error"] == german
    assert english_words(german) == set()


def test_a_number_field_refused_in_german_quotes_what_was_sent(drawn_folder: Path) -> None:
    """'augen: Input should be a valid integer (gefunden: ...)' is gone from the pages."""
    from starlette.testclient import TestClient

    from skatliste.web.server import create_app

    key = "organiser-key-0123456789"
    client = TestClient(create_app(tournament=drawn_folder, organiser_key=key, table_keys={}))
    body = {"series": "eins", "table": 1, "results": "Anna=0/0/0"}
    got = client.post(
        "/api/tournament/paper", json=body, headers={"Authorization": f"Bearer {key}"}
    )
    assert got.status_code == 422
    assert got.json()["error"] == "'series' muss eine ganze Zahl ab 1 sein (gefunden: 'eins')"


@pytest.fixture
def drawn_folder(tmp_path: Path) -> Path:
    from skatliste.app import tournament as app

    folder = tmp_path / "t"
    app.new_tournament(folder, name="T", date="2026-12-05", series=1, seed=3)
    for name in ("Anna", "Ben", "Carl"):
        app.add_player(folder, name)
    app.draw_series(folder, 1)
    return folder


def test_the_card_commands_answer_in_the_chosen_language(run: Run) -> None:
    """trick and spitzen word their answer through the catalogue, in either language."""
    assert run("trick", "grand", "CA", "CJ", "C7").stdout == (
        "♣B gewinnt: Trumpf sticht (Karte 2); 13 Augen\n"
    )
    assert run("trick", "grand", "CA", "CJ", "C7", "--lang", "en").stdout == (
        "CJ wins: a trump wins (card 2); 13 Augen\n"
    )
    assert run("spitzen", "kreuz", "HJ", "HA", "--partial").stdout == "ohne 2: ♣B ♠B fehlen\n"
    english = run("spitzen", "kreuz", "HJ", "HA", "--partial", "--lang", "en").stdout
    assert english == "without 2: CJ SJ missing\n"


def test_no_message_is_made_inside_an_f_string() -> None:
    """Babel does not look inside an f-string: a ``msg("Note")`` there would not be
    extracted, and its German could go missing unseen."""
    found = []
    for path in sorted((Path(__file__).resolve().parent.parent / "skatliste").rglob("*.py")):
        tree = parsed(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (
                        isinstance(inner, ast.Call)
                        and isinstance(inner.func, ast.Name)
                        and inner.func.id in ("msg", "nmsg", "pmsg")
                    ):
                        found.append(f"{path.name}:{inner.lineno}")
    assert found == []


# --- no sentence is glued from translated pieces ------------------------------------------

SINGLE_WORDS: dict[str, tuple[str, ...]] = {
    "what a file's reader says of a place, after it as its own statement ('name: is missing')": (
        "is missing",
        "unknown field",
    ),
    "a column head, a word over numbers": (
        "contract",
        "dealer",
        "declared",
        "declarer",
        "made",
        "parties won",
        "player",
        "set",
        "page column|lost",
        "page column|won",
        "stats column|average",
        "stats column|highest",
        "stats column|lost",
        "stats column|overbid",
        "stats column|rate",
        "stats column|won",
    ),
    "a JSON type, named where a request's field is of another ('must be text, not a list')": (
        "JSON type|a list",
        "JSON type|a number",
        "JSON type|an object",
        "JSON type|null",
        "JSON type|text",
    ),
    "a state or a value a cell, a badge or a button shows on its own": (
        "all passed",
        "overbid",
        "history action|delete",
        "history action|edit",
        "history action|undo",
        "page|connected",
        "page|dealer",
        "page|done",
        "page|lists differ",
        "page|missing",
        "page|more Spitzen",
        "page|offline",
        "page|paper",
        "page|playing",
        "season|counts",
        "season|dropped",
        "spreadsheet cell|no",
        "spreadsheet cell|yes",
        "tournament|all series",
        "tournament|done",
        "tournament|in progress",
        "tournament|lists differ",
        "tournament|missing",
        "tournament|paper",
        "tournament|provisional",
        "tournament|yes",
    ),
    "a word the table writes (the page's buttons type it, a CSV's game column shows it)": (
        "game words|announced",
        "game words|augen",
        "game words|bid",
        "game words|clubs",
        "game words|diamonds",
        "game words|grand",
        "game words|hearts",
        "game words|lost",
        "game words|null",
        "game words|spades",
        "game words|with",
        "game words|without",
        "game words|won",
        "page|bid",
        "page|lost",
        "page|with",
        "page|without",
        "page|won",
        "table word|euchre",
        "table word|grand",
        "table word|hearts",
        "table word|whist",
        "the answer yes, one letter|y",
    ),
    "a term of a Skat game's name as a paper list writes it (Kreuz mit 2 Hand Schneider "
    "angesagt): the name is its terms in the table's order, the same in both languages": (
        "hand",
        "lost",
        "ouvert",
        "schneider",
        "schneider announced",
        "schwarz",
        "schwarz announced",
    ),
    "a noun or a state that fills a slot of a whole sentence ({what}, {kind}, {was}, {why}, "
    "{days}), never glued to text": (
        "a Ramsch",
        "a deal",
        "a game",
        "deals played",
        "eingepasst",
        "file",
        "highest card",
        "highest trump",
        "key",
        "key file",
        "league file",
        "ledger",
        "list",
        "lock file",
        "none yet",
        "ranking",
        "report",
        "required",
        "publish file",
        "venue report",
        "season file",
        "seating",
        "see text",
        "state file",
        "still playing",
        "table",
        "tournament file",
        "without result",
    ),
}
"""The ids of one or two lowercase words, each with the reason it stands alone: any other such
id is a piece of a sentence (``to``, ``over``, ``win``) and fails here. Keyed ``context|id``."""

SHORT = re.compile(r"[a-z][\w'\-]*( [\w'\-]+)?")
"""An id of one or two words that begins lowercase: a fragment unless it is listed above."""


def test_every_short_id_stands_alone_for_a_reason() -> None:
    """No id is a fragment for glueing (``to``, ``pays``, ``over``): an id of one or two
    lowercase words is listed in ``SINGLE_WORDS`` with why it stands alone, and every id
    listed is still used."""
    allowed = {word: reason for reason, words in SINGLE_WORDS.items() for word in words}
    short = {
        (f"{f.context}|{f.id}" if f.context else f.id): str(f.where)
        for f in FOUND
        if isinstance(f.id, str) and SHORT.fullmatch(f.id)
    }
    unlisted = [f"{where}: {key!r}" for key, where in sorted(short.items()) if key not in allowed]
    assert not unlisted, "ids that look like pieces of a sentence:\n" + "\n".join(unlisted)
    assert not set(allowed) - set(short), f"listed but no longer used: {set(allowed) - set(short)}"


_WORD = re.compile(r"[^\W\d_]{2,}")
_TAG = re.compile(r"<[^>]*>")
_OURS, _DATA = "\ue000", "\ue001"
"""What stands for a text from the catalogue and for any other value in a string's shape."""
_TRANSLATING = {"render", "gettext", "pgettext", "ngettext", "npgettext", "template"}


def _word_tables(tree: ast.Module) -> set[str]:
    """The functions of a module that return a table of words (``{key: m.render(lang)}``)."""
    return {
        fn.name
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.Return)
        and isinstance(node.value, ast.DictComp | ast.Call)
        and any(isinstance(n, ast.DictComp) for n in ast.walk(node.value))
        and _translated(node.value, set(), set())
    }


def _tables_seen(module: str, tree: ast.Module, tables: dict[str, set[str]]) -> set[str]:
    """The word tables ``module`` defines or imports (``tables``: each module's own)."""
    seen = set(tables.get(module, set()))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            seen |= {
                a.asname or a.name for a in node.names if a.name in tables.get(node.module, set())
            }
    return seen


def _translated(node: ast.AST, names: set[str], tables: set[str]) -> bool:
    """Whether ``node`` holds text from the catalogue: a message, a rendered one, a word of a
    table of them, or a name given one."""
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Attribute) and f.attr in _TRANSLATING:
                return True
            if isinstance(f, ast.Name) and (f.id in {"msg", "nmsg", "pmsg"} or f.id in tables):
                return True
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in names:
            return True
    return False


def _parts(node: ast.expr) -> list[ast.expr]:
    """The pieces of a string made by an f-string or by ``+``: literals and values."""
    if isinstance(node, ast.JoinedStr):
        return [v.value if isinstance(v, ast.FormattedValue) else v for v in node.values]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _parts(node.left) + _parts(node.right)
    return [node]


def _shape(parts: list[ast.expr], names: set[str], tables: set[str]) -> str | None:
    """The string's shape: its literal text, each value as ``_OURS`` or ``_DATA``; None when
    it holds nothing from the catalogue."""
    shape = "".join(
        str(p.value)
        if isinstance(p, ast.Constant)
        else _OURS
        if _translated(p, names, tables)
        else _DATA
        for p in parts
    )
    return shape if _OURS in shape else None


def _glue(shape: str) -> bool:
    """Whether a line of the shape (HTML tags and line breaks part its pieces) joins a text
    from the catalogue to a word of ours, to another such text, or to a value by a bare
    space (``{payer} {pays} {receiver}``: English word order). ``Geber: Anna`` and ``Spiel 3
    (Notiz)`` are a label and its value, not a sentence."""
    for line in _TAG.sub("\n", shape).split("\n"):
        if _OURS not in line:
            continue
        text = line.replace(_OURS, "\n").replace(_DATA, "\n")
        if _WORD.search(text) or line.count(_OURS) > 1:
            return True
        if re.search(f"{_OURS} {_DATA}|{_DATA} {_OURS}", line):  # two spaces: columns
            return True
    return False


def _pairs(target: ast.expr, value: ast.expr) -> list[tuple[ast.Name, ast.expr]]:
    """The names an assignment gives and what each is given (``t, h = a, b`` too)."""
    if isinstance(target, ast.Name):
        return [(target, value)]
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
        return [p for t, v in zip(target.elts, value.elts, strict=False) for p in _pairs(t, v)]
    return []


def _glued(source: str, tables: set[str]) -> list[tuple[int, str]]:
    """Where a sentence is glued from pieces in ``source`` (``tables``: the functions that
    return tables of words)."""
    tree = parse(source)
    found = set()
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for scope in functions:
        names = {
            target.id
            for n in ast.walk(scope)
            if isinstance(n, ast.Assign) and len(n.targets) == 1
            for target, value in _pairs(n.targets[0], n.value)
            if _translated(value, set(), tables)
        }
        outer = [
            n
            for n in ast.walk(scope)
            if isinstance(n, ast.JoinedStr)
            or (isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add))
        ]
        inner = {id(p) for n in outer for p in ast.walk(n) if p is not n}
        for node in outer:
            if id(node) in inner:
                continue  # a piece of a longer string: judged as part of it
            shape = _shape(_parts(node), names, tables)
            if shape is not None and _glue(shape):
                found.add((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_glue_scan_finds_a_sentence_joined_from_words() -> None:
    """The scan below sees a word glued to a rendered message, a word table's words joined,
    and two messages joined by text; a message filled in whole, or put on its own line, is
    fine."""
    source = (
        "def wrong(lang, row):\n"
        "    t = words_in(lang)\n"
        "    label = msg('Totals').render(lang)\n"
        "    a = f\"{t['deal']} {row.number}: made\"\n"
        "    b = label + ' ' + row.text\n"
        "    c = f\"{msg('Deal').render(lang)} {t['pays']} {row.to}\"\n"
        "    return a, b, c\n"
        "def fine(lang, row):\n"
        "    line = msg('Deal {number}: made', number=row.number).render(lang)\n"
        "    label = msg('Totals').render(lang)\n"
        "    return f'  {line}', line + '\\n' + msg('next').render(lang), f'{label}: {row.text}'\n"
    )
    assert [line for line, _ in _glued(source, {"words_in"})] == [4, 5, 6]


def test_no_sentence_is_glued_from_translated_pieces() -> None:
    """A sentence is one message with its values (``msg("{payer} pays {receiver} {amount}",
    ...)``), never a word of the catalogue joined to text, as German word order differs."""
    sources = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts): path.read_text(encoding="utf-8")
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    trees = {module: parse(source) for module, source in sources.items()}
    tables = {module: _word_tables(tree) for module, tree in trees.items()}
    glued = [
        f"{module}:{line}: {text}"
        for module, source in sources.items()
        for line, text in _glued(source, _tables_seen(module, trees[module], tables))
    ]
    assert not glued, "sentences glued from pieces:\n" + "\n".join(glued)
