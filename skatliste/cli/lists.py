"""The list, for every game family: ``new``, ``add``, ``pass`` (and ``end``), ``ramsch``,
``bock``, ``undo``, ``delete``, ``edit``, ``insert``, ``restore``, ``history``, ``check``,
``rules``, ``schema``. Each parses, calls ``skatliste.app.lists`` and prints what the list's
family renders (``skatliste.render``); the family is the list's own, read from its file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from skatliste.app import lists as app
from skatliste.app.bock import call_bock
from skatliste.app.reports import agreement_history
from skatliste.app.reports import agreement_problems as agreement
from skatliste.app.reports import history as removed_entries
from skatliste.cli.base import (
    WORDS_CONTEXT,
    Failed,
    cli,
    current_lang,
    ledger_option,
    list_options,
    messages_lang_option,
    refuse,
    say,
)
from skatliste.cli.complete import (
    complete_edit_words,
    complete_player,
    complete_preset,
    complete_ramsch_words,
    complete_rule,
    complete_words,
)
from skatliste.cli.options import rule_assignments
from skatliste.families import PLUGINS, families
from skatliste.i18n import Lang, msg, nmsg, pmsg
from skatliste.render import renderer

_PRESETS = [preset for plugin in PLUGINS for preset in plugin.presets]
DEFAULT_PRESET = _PRESETS[0]
"""The rule set a new list plays unless told: the registry's first (its default family's)."""
RULES_HELP = (
    f"Rule set: {', '.join(_PRESETS[:-1])} or {_PRESETS[-1]} (see 'skatliste rules --list')."
)
"""The ``--rules`` help: every family's presets, as the registry names them."""


def show_change(change: app.Change, lang: Lang) -> None:
    """The changed entry's lines and the standing after it, as the list's family shows them."""
    click.echo("\n".join(renderer(change.ledger.family, "change")(change, lang)))
    uncovered = change.uncovered()
    if uncovered is not None:
        click.echo(uncovered.render(lang))


def warn_followups(change: app.Change, lang: Lang = "de") -> None:
    """Later entries the change gave another value, what the family says the change did to
    the rest of the list (American Grand's parties), and what ``check`` now finds."""
    for line in change.followups():
        click.echo(line.render(lang))
    if change.problems:
        where, problem = change.problems[0]
        note = nmsg(
            "Note: 'skatliste check' now finds {count} problem, the first at {where}: {problem}",
            "Note: 'skatliste check' now finds {count} problems, the first at {where}: {problem}",
            len(change.problems),
            where=where,
            problem=problem,
        )
        click.echo(note.render(lang), err=True)


@cli.command()
@click.argument("names", nargs=-1)
@click.option(
    "--players",
    "players_flag",
    is_flag=True,
    help="The names follow (seat order, clockwise): 3 or 4 players (American Grand: 4).",
)
@click.option(
    "--rules",
    "preset",
    default=DEFAULT_PRESET,
    show_default=True,
    shell_complete=complete_preset,
    help=RULES_HELP,
)
@click.option(
    "--rule",
    "rule_items",
    multiple=True,
    shell_complete=complete_rule,
    metavar="KEY=VALUE",
    help="Change one option of the rule set; repeatable.",
)
@click.option(
    "--first-dealer", default=None, help="Who deals the first game (default: first name)."
)
@click.option(
    "--force", is_flag=True, help="Start over on an existing list (kept as NAME.json.bak)."
)
@ledger_option
@messages_lang_option
def new(
    names: tuple[str, ...],
    players_flag: bool,
    preset: str,
    rule_items: tuple[str, ...],
    first_dealer: str | None,
    force: bool,
    ledger_path: Path,
) -> None:
    """Start a new list.

    \b
    Examples:
      skatliste new --players Anna Ben Carl
      skatliste new --players Anna Ben Carl Dora --rules tournament --first-dealer Dora
      skatliste new --players Anna Ben Carl --rule spitzen_cap=4 --ledger friday.json
      skatliste new --rules american-grand --players Anna Ben Carl Dora
    """
    rules = app.rules_of(preset, rule_assignments(list(rule_items)))
    # "Anna,Ben" too ("Anna,Ben," as well); a name given empty ('') stays, to be refused
    players = [
        name
        for typed in names
        for name in ([p for p in typed.split(",") if p.strip()] if "," in typed else [typed])
    ]
    ledger = app.new_list(ledger_path, players, rules=rules, first_dealer=first_dealer, force=force)
    click.echo(renderer(ledger.family, "created")(ledger, current_lang()))
    if ledger.backup is not None:
        click.echo(say(msg("the list it replaces is kept as {path}", path=str(ledger.backup))))


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("player", shell_complete=complete_player)
@click.argument("words", nargs=-1, type=click.UNPROCESSED, shell_complete=complete_words)
@click.option("--note", default="", help="A note kept with the game.")
@click.option(
    "--from-replay",
    "replay_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Take the game from a replay file (see 'skatliste replay').",
)
@list_options
def add(
    player: str,
    words: tuple[str, ...],
    note: str,
    replay_file: Path | None,
    ledger_path: Path,
    lang: Lang,
) -> None:
    """Enter a game: the declarer, then the same words as 'value' (an American Grand
    list: the contract, the bid and what happened).

    End with '= N' to record the value written on paper.

    \b
    Examples:
      skatliste add anna kreuz mit 2 hand augen 75
      skatliste add ben grand ohne 1 schneider = 72
      skatliste add c pik mit 1 gereizt 36 kontra
      skatliste add anna --from-replay examples/grand-hand.txt
      skatliste add anna whist 25 tricks 11      (American Grand)
    """
    if replay_file is None:
        show_change(app.add_game(ledger_path, player, words, note=note), lang)
        return
    if words:
        refuse(msg("--from-replay takes the game from the file: give no words with it"))

    from skatliste.app import (
        skat_replay as replay,  # Skat's cards and tricks: measured 7 ms of every list command
    )

    game = replay.read_replay(replay_file)
    if game.illegal is not None:
        bad = game.illegal
        refuse(
            msg(
                "{file}: trick {trick}: {player} plays {card} against the rules ({reason}); fix "
                "the file first ('skatliste replay {file}')",
                file=str(replay_file),
                trick=bad.trick,
                player=bad.player,
                card=bad.card.show(lang),
                reason=bad.reason(lang),
            )
        )
    entry = replay.entry_of(game, player, source=str(replay_file), note=note)
    show_change(app.append(ledger_path, entry), lang)


@cli.command(name="pass")
@click.option("--note", default="", help="A note kept with the game.")
@list_options
def pass_(note: str, ledger_path: Path, lang: Lang) -> None:
    """All passed (eingepasst): a game that scores 0 and moves the deal on. Refused on an
    American Grand list, where the dealer must bid: its partie ends by hand with 'end'.

    \b
    Example:
      skatliste pass
    """
    refused = app.open_list(ledger_path).family.nouns.pass_refused
    if refused is not None:  # the word's command: 'skatliste end'
        refuse(
            msg(
                "{path}: {problem}; on the command line: 'skatliste end'",
                path=str(ledger_path),
                problem=refused,
            )
        )
    show_change(app.pass_game(ledger_path, note=note), lang)


@cli.command()
@click.option("--note", default="", help="Why, e.g. 'closing time'.")
@list_options
def end(note: str, ledger_path: Path, lang: Lang) -> None:
    """End the partie in progress by hand (a time limit): its result is final, and the next
    deal starts a new partie at 0 : 0. American Grand lists only ('pass' is refused there).

    \b
    Example:
      skatliste end --note "closing time"
    """
    ledger = app.open_list(ledger_path)
    if ledger.family.numbers_every_entry:
        refuse(
            msg(
                "{path}: a {family} list has no partie to end: 'end' is for American Grand "
                "lists (all passed is 'skatliste pass')",
                path=str(ledger_path),
                family=ledger.family.title,
            )
        )
    show_change(app.pass_game(ledger_path, note=note, end=True), lang)


@cli.command()
@list_options
def undo(ledger_path: Path, lang: Lang) -> None:
    """Take back the last game (kept in 'skatliste history').

    \b
    Example:
      skatliste undo
    """
    change = app.undo(ledger_path)
    words = change.ledger.family.words(change.removed, lang)
    click.echo(msg("taken back: {game}", game=words).render(lang))
    show_change(change, lang)


@cli.command()
@click.argument("number", type=int)
@click.option(
    "--end",
    "end",
    is_flag=True,
    help="Delete the end of a partie by hand after deal N (American Grand), not the deal.",
)
@list_options
def delete(number: int, end: bool, ledger_path: Path, lang: Lang) -> None:
    """Delete game N; every later value and dealer follows (kept in history).

    \b
    Examples:
      skatliste delete 7
      skatliste delete 4 --end      (American Grand: the end after deal 4)
    """
    change = app.delete(ledger_path, number, unnumbered=end)
    words = change.ledger.family.words(change.removed, lang)
    family = change.ledger.family
    what = family.unnumbered_name(number) if end else family.entry_name(number)
    click.echo(msg("deleted {what}: {words}", what=what, words=words).render(lang))
    show_change(change, lang)
    warn_followups(change, lang)


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("number", type=int)
@click.argument(
    "words", nargs=-1, required=True, type=click.UNPROCESSED, shell_complete=complete_edit_words
)
@click.option("--note", default=None, help="Replace the game's note.")
@list_options
def edit(
    number: int, words: tuple[str, ...], note: str | None, ledger_path: Path, lang: Lang
) -> None:
    """Replace game N. Start with a player's name to change the declarer; 'eingepasst'
    (or 'pass') makes it an all-passed game, 'ramsch NAME=AUGEN ...' a Ramsch. The old
    version is kept in history.

    \b
    Examples:
      skatliste edit 7 kreuz mit 2 hand augen 75
      skatliste edit 7 ben grand ohne 1
      skatliste edit 12 eingepasst
      skatliste edit 5 ramsch anna=50 ben=40 carl=30
    """
    change = app.edit(ledger_path, number, words, note=note)
    show_change(change, lang)
    warn_followups(change, lang)


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("number", type=int)
@click.argument(
    "words", nargs=-1, required=True, type=click.UNPROCESSED, shell_complete=complete_edit_words
)
@click.option("--note", default="", help="A note kept with the game.")
@list_options
def insert(number: int, words: tuple[str, ...], note: str, ledger_path: Path, lang: Lang) -> None:
    """Insert a forgotten game as game N: the declarer and the game words (or 'eingepasst',
    or 'ramsch NAME=AUGEN ...'). The games from N on move one down; dealers follow.

    \b
    Examples:
      skatliste insert 3 ben herz mit 1
      skatliste insert 5 eingepasst
    """
    change = app.insert(ledger_path, number, words, note=note)
    show_change(change, lang)
    warn_followups(change, lang)


@cli.command()
@click.argument("item", type=int)
@list_options
def restore(item: int, ledger_path: Path, lang: Lang) -> None:
    """Bring back item N of 'skatliste history': a game taken back or deleted goes back in
    at its number; an edited game gets its old version back.

    \b
    Example:
      skatliste restore 1
    """
    change = app.restore(ledger_path, item)
    show_change(change, lang)
    warn_followups(change, lang)


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("words", nargs=-1, required=True, shell_complete=complete_ramsch_words)
@click.option("--note", default="", help="A note kept with the game.")
@list_options
def ramsch(words: tuple[str, ...], note: str, ledger_path: Path, lang: Lang) -> None:
    """Enter a Ramsch: every player's Augen (they add up to 120), then Jungfrau, Durchmarsch
    and pushes. The player with the most Augen loses them.

    \b
    Examples:
      skatliste ramsch anna=45 ben=40 carl=35
      skatliste ramsch anna=75 ben=0 carl=45 jungfrau ben geschoben 1
      skatliste ramsch anna=120 ben=0 carl=0 durchmarsch anna
    """
    show_change(app.add_ramsch(ledger_path, words, note=note), lang)


@cli.command()
@list_options
def bock(ledger_path: Path, lang: Lang) -> None:
    """Call a Bock round by hand: it starts with the next game (rule bock=on).

    \b
    Example:
      skatliste bock
    """

    change = call_bock(ledger_path)
    click.echo("\n".join(renderer(change.ledger.family, "change")(replace(change, row=None), lang)))


@cli.command()
@list_options
def history(ledger_path: Path, lang: Lang) -> None:
    """Games taken back, deleted or replaced — nothing entered is ever lost.

    \b
    Example:
      skatliste history
    """

    ledger = app.open_list(ledger_path)
    removed = removed_entries(ledger)
    if not removed:
        click.echo(ledger.family.nouns.none_changed.render(lang))
    actions = {action: said.render(lang) for action, said in ACTIONS.items()}
    width = max(len(a) for a in actions.values())
    for index, item in enumerate(removed, start=1):
        family = ledger.family
        name = family.entry_name if family.numbered(item.entry) else family.unnumbered_name
        which = name(item.number).render(lang)
        said = msg(
            "{action} {entry}: {words}",
            action=actions[item.action].ljust(width),
            entry=which,
            words=ledger.family.words(item.entry, lang),
        )
        line = f"{index:>2}. {item.time}  {said.render(lang)}"
        if item.replaced_by is not None:
            line += " → " + ledger.family.words(item.replaced_by, lang)
            beyond = family.differs_beyond_words(item.entry, item.replaced_by)
            if beyond is not None:
                line += f" ({beyond.render(lang)})"
        click.echo(line)
    for time, said in agreement_history(ledger):  # signatures, reopenings, protests, decisions
        click.echo(f"    {time}  {said.render(lang)}")


ACTIONS = {
    "undo": pmsg("history action", "undo"),
    "delete": pmsg("history action", "delete"),
    "edit": pmsg("history action", "edit"),
}
"""What ``history`` calls each change that removed or replaced an entry."""


@cli.command(name="check")
@ledger_option
@messages_lang_option
def check_cmd(ledger_path: Path) -> None:
    """Re-derive everything and list every problem; exit 1 if any.

    \b
    Example:
      skatliste check
        skatliste.json: game 7: the paper says +72, the game is worth +48
    """

    ledger = app.open_list(ledger_path)
    problems = [*ledger.family.problems(ledger.table, ledger.entries), *agreement(ledger)]
    for where, problem in problems:
        click.echo(
            say(
                msg(
                    "{path}: {where}: {problem}",
                    path=str(ledger_path),
                    where=where,
                    problem=problem,
                )
            )
        )
    count = app.numbered_count(ledger)
    games = ledger.family.entry_count(count)
    if problems:
        raise Failed(
            say(
                nmsg(
                    "{games}: {count} problem",
                    "{games}: {count} problems",
                    len(problems),
                    games=games,
                )
            )
        )
    click.echo(say(msg("{path}: {games}, no problems", path=str(ledger_path), games=games)))


def _listing(lang: Lang) -> list[str]:
    """Each family's presets and options with their meaning, and how to type them here."""
    lines: list[str] = []
    for family in families():
        width = max(len(name) for name in family.presets) + 2
        default = next(iter(family.presets))
        lines.append(msg("{family} presets (--rules NAME):", family=family.title).render(lang))
        lines += [
            f"  {name:<{width}}{family.preset_help[name].render(lang)}" for name in family.presets
        ]
        lines.append(
            msg(
                "{family} options (--rule KEY=VALUE), default in {preset}:",
                family=family.title,
                preset=default,
            ).render(lang)
        )
        for opt in family.options.values():
            allowed = "|".join(str(c) for c in opt.choices) if opt.choices else None
            said = msg("see text").render(lang) if allowed is None else allowed
            lines.append(f"  {opt.key} = {opt.default}   ({said})")
            lines.append(f"      {opt.help.render(lang)}")
        lines.append("")
    return lines[:-1]


@cli.command()
@click.option("--list", "list_all", is_flag=True, help="Every option and preset, with meaning.")
@ledger_option
@messages_lang_option
def rules(list_all: bool, ledger_path: Path) -> None:
    """The rule set of this list, or (--list) every preset and option.

    \b
    Examples:
      skatliste rules
      skatliste rules --list
    """
    if list_all:
        click.echo("\n".join(_listing(current_lang())))
        return
    ledger = app.open_list(ledger_path)
    click.echo(
        say(msg("{path}: rule set {preset}", path=str(ledger_path), preset=ledger.rules.preset))
    )
    # each option as '--rule' takes it, and what it means in the command's language
    known = ledger.family.options
    for key, val in ledger.rules.options.items():
        meaning = f" — {known[key].help.render(current_lang())}" if key in known else ""
        click.echo(f"  {key}={val}{meaning}")
