"""Every word the phone page and the organiser's page show, from the catalogue: each label a
message id (context "page"), rendered in the request's language; the page's script gets them
as JSON in the page. The entry form's labels and the words its taps write come with the list,
from its family (``Family.form``).
"""

from __future__ import annotations

from functools import cache

from skatliste.i18n import Lang, Message, pmsg, translations

_LABELS: dict[str, Message] = {
    "title": pmsg("page", "Skat list"),
    "tab_game": pmsg("page", "Games"),
    "tab_summary": pmsg("page", "Summary"),
    "who": pmsg("page", "Who plays?"),
    "dealer": pmsg("page", "dealer"),
    "next_dealer": pmsg("page", "Dealer: {name}"),
    "sits_out": pmsg("page", "{name} sits out"),
    "passed": pmsg("page", "All passed"),
    "ramsch": pmsg("page", "Ramsch"),
    "bock": pmsg("page", "Bock round"),
    "more": pmsg("page", "…"),
    "words": pmsg("page", "Or type"),
    "words_hint": pmsg("page", "clubs with 2 hand points 75"),
    "enter": pmsg("page", "Enter"),
    "save_edit": pmsg("page", "Change game {n}"),
    "cancel": pmsg("page", "Cancel"),
    "clear": pmsg("page", "Clear"),
    "edit_hint": pmsg(
        "page", "Changing a game: correct the words below (tapping a player changes the declarer)"
    ),
    "typed_kept": pmsg("page", "The typed words stay: Clear them to write with the buttons"),
    "undo": pmsg("page", "Undo game {n} ({what})"),
    "restore": pmsg("page", "Restore game {n} ({what})"),
    "restored": pmsg("page", "Game {n} restored"),
    "edit": pmsg("page", "Edit"),
    "delete": pmsg("page", "Delete"),
    "delete_confirm": pmsg("page", "Delete game {n}?"),
    "sheet": pmsg("page", "Sheet"),
    "no_games": pmsg("page", "No games yet."),
    "game_n": pmsg("page", "Game {n}"),
    "ramsch_said": pmsg("page", "Ramsch: {words}"),
    "chart": pmsg("page", "Running totals"),
    "stake": pmsg("page", "cent per point"),
    "stake_hint": pmsg("page", "0.25"),  # the decimal sign of the page's language
    "settle_paper": pmsg("page", "settle the paper way (each total in cent rounded first)"),
    "read_only": pmsg("page", "Watching only: open the link with the key to enter games."),
    "wrong_key": pmsg("page", "Wrong key: get the link again (skatliste serve --show-keys)."),
    "offline": pmsg("page", "disconnected – reconnecting …"),
    "entered": pmsg("page", "Game {n} entered"),
    "taken_back": pmsg("page", "taken back: {what}"),
    "changed": pmsg("page", "Game {n} changed"),
    "deleted": pmsg("page", "Game {n} deleted"),
    "bock_called": pmsg("page", "Bock round called"),
    "ramsch_augen": pmsg("page", "Augen in the Ramsch"),
    "ramsch_extra": pmsg("page", "jungfrau ben, durchmarsch anna, pushed 1"),
    "player": pmsg("page", "Player"),
    "total": pmsg("page", "Points"),
    "won_short": pmsg("page column", "won"),
    "lost_short": pmsg("page column", "lost"),
    "table_points_short": pmsg("page column", "TP"),
    "by_lot_note": pmsg("page", "‡ place decided by the lot (seed {seed})"),
    "failed": pmsg("page", "Not saved: {reason}"),
    "no_declarer": pmsg("page", "Who played? Tap a player (or start the words with the name)"),
    "no_words": pmsg("page", "Which game? Tap it or type its words"),
    "no_answer": pmsg("page", "the server does not answer (is 'skatliste serve' still running?)"),
    "bad_answer": pmsg("page", "the server answered with an error ({status})"),
    "ranking": pmsg("page", "Ranking"),
    "teams": pmsg("page", "Teams"),
    "tables": pmsg("page", "Tables"),
    "series": pmsg("page", "Series"),
    "table": pmsg("page", "Table"),
    "series_n": pmsg("page", "Series {series}"),
    "series_table": pmsg("page", "Series {series} · table {table}"),
    "club": pmsg("page", "Club"),
    "state_done": pmsg("page", "done"),
    "state_in progress": pmsg("page", "playing"),
    "state_missing": pmsg("page", "missing"),
    "state_differs": pmsg("page", "lists differ"),
    "state_paper": pmsg("page", "paper"),
    "seating": pmsg("page", "Seating plan to print"),
    "organiser_only": pmsg(
        "page", "Links with keys and QR codes: open the page with the organiser's link."
    ),
    "print": pmsg("page", "Print"),
    "paper": pmsg("page", "A result from a paper list (points/won/lost)"),
    "paper_entered": pmsg("page", "Series {series}, table {table}: paper result entered"),
    "paper_replace": pmsg("page", "replace (correct the table's paper result)"),
    "second_list": pmsg("page", "Second list"),
    "second_list_hint": pmsg(
        "page", "The second keeper opens this link and enters every game on a list of their own"
    ),
    "first_list": pmsg("page", "This is the second list of the table"),
    "another_phone": pmsg("page", "Another phone for this list"),
    "another_phone_hint": pmsg(
        "page",
        "Scan this with another phone to enter games on this list there too; the code works "
        "once, then a new one shows here",
    ),
    "agree_title": pmsg("page", "The two lists"),
    "sign": pmsg("page", "Sign"),
    "signed": pmsg("page", "signed {time}"),
    "protest": pmsg("page", "Protest"),
    "protest_game": pmsg("page", "Game"),
    "protest_where": pmsg("page", "Game {n}"),
    "protest_text": pmsg("page", "who protests, and about what"),
    "protest_mark": pmsg("page", "open protest: {text}"),
    "closed": pmsg("page", "The list is closed: every player has signed"),
    "reopen": pmsg("page", "Reopen"),
    "reopen_why": pmsg("page", "why (the organiser's key)"),
    "no_connection": pmsg("page", "offline"),
    "online": pmsg("page", "connected"),
    "waiting_count": pmsg("page", "{n} waiting"),
    "refused_count": pmsg("page", "{n} refused ↓"),
    "outbox": pmsg("page", "Not sent yet"),
    "sending": pmsg("page", "sending …"),
    "needs_key": pmsg("page", "open the link with the key to send it"),
    "kept": pmsg("page", "Kept on this phone: it is sent as soon as the server answers"),
    "kept_behind": pmsg(
        "page",
        "Kept on this phone: it waits behind a refused entry (change or discard that one first)",
    ),
    "offline_preview": pmsg(
        "page", "No connection: no preview now. Enter keeps the game on this phone until then."
    ),
    "refused": pmsg("page", "Refused: {reason}"),
    "retry": pmsg("page", "Send again"),
    "discard": pmsg("page", "Discard"),
    "discard_confirm": pmsg("page", "Discard this entry ({what})?"),
    "other_list": pmsg("page", "made for another list (players {players})"),
    "ramsch_extra_label": pmsg("page", "More about the Ramsch"),
    "print_series": pmsg("page", "Series to print"),
    "paper_results": pmsg("page", "Results of the table"),
    "read_back": pmsg("page", "Read the standings"),
    "listing": pmsg("page", "The sheet as a table"),
    "col_number": pmsg("page column", "No."),
    "col_declarer": pmsg("page column", "Declarer"),
    "col_game": pmsg("page column", "Game"),
    "col_value": pmsg("page column", "Value"),
    "minus": pmsg("page", "minus {n}"),
    "plus": pmsg("page", "plus {n}"),
    "say_game": pmsg("page", "Game {n}: {who}, {what}, {value}."),
    "say_entry": pmsg("page", "Game {n}: {what}."),
    "say_totals": pmsg("page", "Standings: {totals}."),
    "say_standings": pmsg("page", "Standings after game {n}: {totals}."),
    "say_undone": pmsg("page", "Game {n} taken back: {what}."),
    "say_changed": pmsg("page", "Game {n} changed."),
    "say_deleted": pmsg("page", "Game {n} deleted."),
    "say_offline": pmsg("page", "Connection lost: games entered now are kept on this phone."),
    "say_online": pmsg("page", "Connected again."),
    "say_sent": pmsg("page", "The games kept on this phone are entered."),
    "say_signed": pmsg("page", "{name} has signed."),
    "say_protest": pmsg("page", "Protest on game {n} noted."),
    "say_reopened": pmsg("page", "The list is open again."),
}


@cache
def labels(lang: Lang) -> dict[str, str]:
    """The pages' words in ``lang``; ``{placeholders}`` are filled in by the page's script."""
    t = translations(lang)
    return {key: t.pgettext(m.context or "", m.text) for key, m in _LABELS.items()}
