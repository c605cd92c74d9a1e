"""Cards and tricks: rules §1-§2 (follow rules, trick order), §3 (Spitzen from the cards)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatliste.errors import InputError, InvalidGameError
from skatliste.skat.cards import (
    DECK,
    Card,
    augen,
    legal_plays,
    parse_card,
    parse_cards,
    spitzen,
    trick_winner,
)
from skatliste.skat.games import GameType
from skatliste.skat.replay import ReplayGame, load_replay, replay

from .conftest import EXAMPLES, Run

G = GameType


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("english", "german"),
    [
        ("CJ", "♣B"),
        ("SJ", "Pik-Bube"),
        ("HA", "Herz-Ass"),
        ("DT", "♦10"),
        ("H10", "Herz Zehn"),
        ("SQ", "♠D"),
        ("CK", "Kreuz-König"),
        ("D7", "karo sieben"),
    ],
)
def test_both_notations_name_the_same_card(english: str, german: str) -> None:
    assert parse_cards([english]) == parse_cards(german.split())


def test_mixed_notation_in_one_list() -> None:
    assert [str(c) for c in cards("CJ ♠B Herz-Ass Karo Zehn")] == ["CJ", "SJ", "HA", "DT"]


@pytest.mark.parametrize("bad", ["CX", "Z7", "Kreuz-Prinz", "♣", "11"])
def test_a_bad_card_names_the_token_and_shows_the_notation(bad: str) -> None:
    with pytest.raises(InputError, match=f"'{bad}' is not a card: write cards as CJ SJ"):
        parse_card(bad)


def test_the_deck_holds_120_augen() -> None:
    """Rules §1: 120 Augen in the deck."""
    assert len(set(DECK)) == 32
    assert augen(DECK) == 120


# --- Grand (§2): a Bube belongs to no suit -----------------------------------------------


def test_grand_kreuz_lead_is_not_followed_by_the_kreuz_bube() -> None:
    hand = cards("CJ C9 HA")
    assert legal_plays(hand, cards("CA"), G.GRAND) == cards("C9")


def test_grand_bube_lead_forces_a_bube() -> None:
    hand = cards("HJ CA CT")
    assert legal_plays(hand, cards("SJ"), G.GRAND) == cards("HJ")


def test_grand_pik_bube_beats_herz_bube() -> None:
    assert trick_winner(cards("HJ SJ DJ"), G.GRAND) == 1


def test_grand_kreuz_ass_beats_kreuz_zehn_and_sieben() -> None:
    assert trick_winner(cards("CT CA C7"), G.GRAND) == 1


def test_grand_bube_wins_against_any_suit_card_when_the_player_could_not_follow() -> None:
    hand = cards("DJ HA HT")  # no Kreuz: any card may be played
    assert set(legal_plays(hand, cards("CA"), G.GRAND)) == set(hand)
    assert trick_winner(cards("CA DJ CT"), G.GRAND) == 1


def test_a_suit_card_not_of_the_led_suit_never_wins() -> None:
    assert trick_winner(cards("C7 HA SA"), G.GRAND) == 0


# --- suit games ------------------------------------------------------------------------------


def test_suit_game_trump_beats_the_led_ace() -> None:
    assert trick_winner(cards("CA H7 CT"), G.HEARTS) == 1


def test_suit_game_buben_are_trumps_above_the_trump_ace() -> None:
    assert trick_winner(cards("HA DJ HT"), G.HEARTS) == 1


def test_suit_game_trump_lead_is_followed_by_a_bube() -> None:
    """Herz game: H7 led; a hand with only the Kreuz-Bube as trump must play it."""
    hand = cards("CJ SA ST")
    assert legal_plays(hand, cards("H7"), G.HEARTS) == cards("CJ")


def test_suit_game_herz_bube_does_not_follow_herz_in_a_kreuz_game() -> None:
    hand = cards("HJ H7 SA")
    assert legal_plays(hand, cards("HA"), G.CLUBS) == cards("H7")


# --- Null (§2): A K D B 10 9 8 7, Buben are suit cards ---------------------------------


def test_null_bube_ranks_above_the_zehn() -> None:
    assert trick_winner(cards("CT CJ C9"), G.NULL) == 1


def test_null_koenig_beats_bube() -> None:
    assert trick_winner(cards("CJ CK C7"), G.NULL) == 1


def test_null_bube_follows_its_suit() -> None:
    assert legal_plays(cards("CJ HA"), cards("C7"), G.NULL) == cards("CJ")


def test_null_has_no_trumps() -> None:
    assert trick_winner(cards("C7 SJ HA"), G.NULL) == 0


# --- Spitzen (§3) -----------------------------------------------------------------------------

SUIT_TRUMPS = "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7".split()  # a Kreuz game's trumps, top first
FILLER = "HA HT HK HQ H9 H8 H7 DA DT DK DQ D9".split()


@pytest.mark.parametrize("n", range(1, 12))
def test_mit_n_in_a_suit_game(n: int) -> None:
    held = SUIT_TRUMPS[:n] + FILLER[: 12 - n]
    if n < 11:
        held[-1] = FILLER[-1]  # the next trump missing, whatever else is held
    assert spitzen(cards(" ".join(held)), G.CLUBS).words() == f"mit {n}"


@pytest.mark.parametrize("n", range(1, 12))
def test_ohne_n_in_a_suit_game(n: int) -> None:
    held = SUIT_TRUMPS[n : n + 1] + FILLER[:11]  # highest trump held is the (n+1)th
    if n == 11:
        held = FILLER[:12]
    assert spitzen(cards(" ".join(held)), G.CLUBS).words() == f"ohne {n}"


@pytest.mark.parametrize(
    ("held", "words"),
    [
        ("CJ SJ HJ DJ", "mit 4"),
        ("CJ HJ", "mit 1"),
        ("DJ", "ohne 3"),
        ("CA CT", "ohne 4"),
    ],
)
def test_grand_spitzen_stop_at_four(held: str, words: str) -> None:
    assert spitzen(cards(held), G.GRAND).words() == words


def test_the_skat_decides_mit_or_ohne() -> None:
    """Rules §3: the Spitzen count over 12 cards, Skat included (also in a Hand game)."""
    hand = "SJ HJ DJ CA CT SA ST HA HT DA"
    assert spitzen(cards(hand), G.GRAND).words() == "ohne 1"
    assert spitzen(cards(hand + " CJ D7"), G.GRAND).words() == "mit 4"


def test_null_has_no_spitzen() -> None:
    with pytest.raises(InvalidGameError):
        spitzen(cards("CJ"), G.NULL)


# --- whole games --------------------------------------------------------------------------


def random_game(seed: int, game: GameType) -> ReplayGame:
    """A random deal played legally to the end (each player picks a random legal card)."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    players = ("Anna", "Ben", "Carl")
    hands = {p: tuple(deck[i * 10 : i * 10 + 10]) for i, p in enumerate(players)}
    skat = tuple(deck[30:])
    left = {p: list(h) for p, h in hands.items()}
    leader, play = "Anna", []
    for _ in range(10):
        i = players.index(leader)
        order = [players[(i + k) % 3] for k in range(3)]
        trick: list[Card] = []
        for p in order:
            card = rng.choice(legal_plays(left[p], trick, game))
            left[p].remove(card)
            trick.append(card)
        play.extend(trick)
        leader = order[trick_winner(trick, game)]
    from skatliste.skat.games import Declaration

    return ReplayGame(
        players=players,
        declarer=rng.choice(players),
        declaration=Declaration(game=game),
        bid=None,
        kontra=False,
        re=False,
        hands=hands,
        skat=skat,
        play=tuple(play),
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(list(GameType)))
def test_a_random_legal_game_replays_with_all_cards_once_and_120_augen(
    seed: int, game: GameType
) -> None:
    g = random_game(seed, game)
    out = replay(g)
    assert out.illegal is None
    played = [c for t in out.tricks for _, c in t.cards]
    assert len(played) == 30 and set(played) | set(g.skat) == set(DECK)
    opponents = sum(t.augen for t in out.tricks if t.winner != g.declarer)
    assert out.declarer_augen + opponents == 120
    assert out.result is not None


def test_replay_of_the_grand_hand_example() -> None:
    """examples/grand-hand.txt: the Kreuz-Bube lay in the Skat → mit 4, Schwarz by tricks."""
    g = load_replay((EXAMPLES / "grand-hand.txt").read_text(encoding="utf-8"))
    out = replay(g)
    assert out.illegal is None
    assert (out.declarer_augen, out.declarer_tricks, out.spitzen_words) == (120, 10, "mit 4")
    assert out.result is not None
    # mit 4, Spiel 5, Hand 6, Schneider 7, Schwarz 8 → 8 × 24
    assert out.result.list_points == 192


def test_replay_names_the_first_illegal_card() -> None:
    g = load_replay((EXAMPLES / "illegal-play.txt").read_text(encoding="utf-8"))
    bad = replay(g).illegal
    assert bad is not None
    assert (bad.trick, bad.player, str(bad.card)) == (1, "Ben", "CJ")
    assert bad.reason("en") == "CA led, must follow with CQ, C9 or C8"


def test_a_card_not_in_hand_is_named() -> None:
    text = (EXAMPLES / "grand-hand.txt").read_text(encoding="utf-8")
    text = text.replace("trick: SJ C8 C7", "trick: SJ C8 HA")
    bad = replay(load_replay(text)).illegal
    assert bad is not None and bad.reason("en") == "not in Carl's hand (Anna holds it)"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("skat: CJ D7", "skat: CJ"), "the Skat is 2 cards"),
        (lambda t: t.replace("skat: CJ D7", "skat: CJ SJ"), "named twice"),
        (lambda t: t.replace("declarer: Anna", "declarer: Dora"), "declarer 'Dora'"),
        (lambda t: t.replace("trick: DA DK DT\n", ""), "the play has 27 cards"),
        (lambda t: t.replace("game: grand hand gereizt 48", "game: grand hand augen 90"),
         "the replay finds the result"),
        (lambda t: t.replace("players: Anna Ben Carl\n", ""), "'players' is missing"),
    ],
)  # fmt: skip
def test_bad_replay_files_are_refused(change: Callable[[str], str], message: str) -> None:
    text = change((EXAMPLES / "grand-hand.txt").read_text(encoding="utf-8"))
    with pytest.raises(InputError, match=message):
        load_replay(text)


def test_replay_reads_json_too() -> None:
    data = {
        "players": ["Anna", "Ben", "Carl"],
        "declarer": "Anna",
        "game": "grand hand gereizt 48",
        "hands": {
            "Anna": "SJ HJ DJ CA CT SA ST HA HT DA",
            "Ben": "CK CQ C9 C8 SK SQ S9 HK HQ DK",
            "Carl": "C7 S8 S7 H9 H8 H7 DT DQ D9 D8",
        },
        "skat": "CJ D7",
        "play": "SJ C8 C7 HJ C9 D8 DJ S9 D9 CA CQ H7 CT CK H8 SA SQ S7 ST SK S8 HA HQ H9 "
        "HT HK DQ DA DK DT",
    }
    out = replay(load_replay(json.dumps(data)))
    assert out.result is not None and out.result.list_points == 192


# --- the commands ----------------------------------------------------------------------------


def test_spitzen_command(run: Run) -> None:
    r = run("spitzen", "kreuz", *"CJ SJ DJ CA CT C9 C7 SA ST HA DA D7".split())
    assert r.stdout == "mit 2: ♣B ♠B\n"
    r = run("spitzen", "grand", *"♥B ♦B ♣A ♣10 ♠A ♠10 ♥A ♥10 ♦A ♦10 ♣K ♠K".split())
    assert r.stdout == "ohne 2: ♣B ♠B fehlen\n"
    r = run("spitzen", "--lang", "en", "grand", "CJ", "SJ", "--partial")
    assert r.stdout == "with 2: CJ SJ\n"


def test_spitzen_refuses_a_short_hand_and_duplicates(run: Run) -> None:
    r = run("spitzen", "kreuz", "CJ", "SJ")
    assert r.exit_code == 2 and "2 Karten angegeben" in r.stderr
    r = run("spitzen", "kreuz", "CJ", "♣B", "--partial")
    assert r.exit_code == 2 and "♣B ist zweimal genannt" in r.stderr
    r = run("spitzen", "null", "CJ", "--partial")
    assert r.exit_code == 2 and "ein Null hat keine Spitzen" in r.stderr


def test_trick_command(run: Run) -> None:
    assert run("trick", "grand", "CA", "CJ", "C7").stdout == (
        "♣B gewinnt: Trumpf sticht (Karte 2); 13 Augen\n"
    )
    r = run("trick", "kreuz", "♥A", "♥10", "♠B", "--players", "Anna,Ben,Carl", "--lead", "Ben")
    assert r.stdout == "♠B gewinnt: Trumpf sticht (Anna); 23 Augen\n"


@pytest.mark.english
def test_augen_command(run: Run) -> None:
    assert run("augen", "CA", "CT", "SK", "HQ", "D7").stdout == "28\n"
    r = run("augen", "CA", "CX")
    assert r.exit_code == 2 and "'CX' is not a card" in r.stderr


def test_replay_command_exit_codes(run: Run) -> None:
    good = run("replay", str(EXAMPLES / "grand-hand.txt"))
    assert good.exit_code == 0
    assert good.stdout.splitlines()[-3:] == [
        "Anna: 120 Augen (mit Skat), 10 Stiche; mit 4",
        "Grand mit 4 Hand Schwarz: +192",
        "  mit 4, Spiel 5, Hand 6, Schneider 7, Schwarz 8 → 8 × 24 = 192",
    ]
    bad = run("replay", str(EXAMPLES / "illegal-play.txt"))
    assert bad.exit_code == 1
    assert bad.stdout.strip() == (
        "Stich 1: Ben spielt ♣B — nicht erlaubt: ♣A ausgespielt, bedienen mit ♣D, ♣9 oder ♣8"
    )


def test_replay_json(run: Run) -> None:
    data = json.loads(run("replay", "--json", str(EXAMPLES / "grand-hand.txt")).stdout)
    assert data["value"]["list_points"] == 192 and len(data["tricks"]) == 10


def test_add_from_replay(run: Run, fresh_ledger: Path) -> None:
    r = run("add", "anna", "--from-replay", str(EXAMPLES / "grand-hand.txt"),
            "--ledger", str(fresh_ledger))  # fmt: skip
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Spiel 1: Anna — Grand mit 4 Hand Schwarz: +192")
    r = run("add", "ben", "--from-replay", str(EXAMPLES / "grand-hand.txt"),
            "--ledger", str(fresh_ledger))  # fmt: skip
    assert r.exit_code == 2 and "dort ist Anna der Alleinspieler, nicht ben" in r.stderr
    r = run("add", "ben", "--from-replay", str(EXAMPLES / "illegal-play.txt"),
            "--ledger", str(fresh_ledger))  # fmt: skip
    assert r.exit_code == 2 and "Stich 1: Ben spielt ♣B gegen die Regeln" in r.stderr
