"""Road Rally USA's hidden information, over many random games.

Issue 5: 'hands, rally cards and deck order are private; the top-5 look of the
Mechanic is private to that player; everything revealed (played cards, scored
rally cards) becomes public. Views show card counts of others, never their cards.'
docs/rules/road-rally-usa.md, "Hidden information", lists what each seat sees.

Checked here: a seat's view never changes when everything it may not see is dealt
again (``resample_hidden``), and those redeals do change the other seats' cards;
the game log (``describe_action``) reads the same whatever hidden card was drawn,
dealt or placed, to everyone but its owner; every car's 21 cards and every rally
card stay accounted for along arbitrary paths (Hypothesis).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from random import Random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import roadtrip
from roadtrip.core import CHANCE, sample_chance
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.data import CARD_TYPES, NUM_TYPES
from roadtrip.games.road_rally.rules import RoadRallyState

CARD_NAMES = [c.name for c in CARD_TYPES]
CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 5},
    {"players": 2, "tiles": 7},
    {"players": 3, "rally_deal": "mixed", "gas": "after", "layout": 5},
    {"players": 4, "rally_limit": "scored", "trigger": "passed", "shortcut_passes": True},
    {"players": 3, "deck": "red_heavy", "tiles": 6},
    {"players": 5, "deck": "green_heavy", "layout": 3, "finish_double": False},
]
CAR_KEYS = {
    "seat", "space", "points", "total", "hand_size", "deck_size", "discard",
    "rally_cards_hidden", "rally_revealed", "checkpoints", "chips", "finished",
}  # fmt: skip


# ------------------------------------------------------------------ helpers
def new(**options: Any) -> RoadRallyState:
    state = roadtrip.load_game("road-rally", **options).new_initial_state()
    assert isinstance(state, RoadRallyState)
    return state


def step(state: RoadRallyState, rng: Random) -> None:
    if state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    else:
        seat = rng.choice(state.active_seats())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def sample_states(games: int = 3, every: int = 9) -> Iterator[RoadRallyState]:
    """States along random games of every configuration (about one in ``every``,
    and every Mechanic and reveal decision, which are rarer)."""
    for index, options in enumerate(CONFIGS):
        for game in range(games):
            rng = Random(1000 * index + game)
            state = new(**options)
            count = 0
            while not state.is_terminal():
                count += 1
                if count % every == 0 or state.mode_name in ("mechanic", "reveal"):
                    yield state
                step(state, rng)
            yield state


def car_total(state: RoadRallyState, seat: int) -> int:
    """Hand + deck + discard, plus the cards being played and those in a Mechanic's
    hands: each car's 21 cards."""
    cards = state.cards[seat]
    total = cards.hand_size + cards.deck_size + sum(cards.discard)
    if state.mode_name == "play" and state.mover == seat:
        total += sum(state.selected)
    if state.mode_name == "mechanic" and state.mover == seat:
        total += sum(state.mech_cards) + len(state.mech_order)
    return total


def check_conservation(state: RoadRallyState) -> None:
    for seat in range(state.num_players()):
        assert car_total(state, seat) == 21, seat
        assert min(state.cards[seat].hand) >= 0 and min(state.cards[seat].unknown) >= 0
    game = state.game
    rally = [n for hand in state.rally_hand for n in hand]
    rally += [n for shown in state.rally_revealed for n in shown]
    rally += state.rally_pool_a + state.rally_pool_b
    assert sorted(rally) == sorted((*game.rally_a, *game.rally_b))  # type: ignore[attr-defined]


def hidden_of(state: RoadRallyState, seat: int) -> tuple[Any, ...]:
    """What only ``seat`` knows: its hand, rally cards, known top, Mechanic cards."""
    mech = state.mode_name == "mechanic" and state.mover == seat
    return (
        tuple(state.cards[seat].hand),
        tuple(state.rally_hand[seat]),
        tuple(state.cards[seat].known_top),
        tuple(state.mech_cards) if mech else None,
        tuple(state.mech_order) if mech else None,
    )


def public_counts(state: RoadRallyState, seat: int) -> tuple[Any, ...]:
    """What everyone knows of a seat's cards (with a split deal, also how many of its
    rally cards come from deck A)."""
    cards = state.cards[seat]
    a = set(state.game.rally_a)  # type: ignore[attr-defined]
    split = state.game.options["rally_deal"] == "split"
    return (
        cards.hand_size,
        cards.deck_size,
        len(cards.known_top),
        tuple(cards.discard),
        sum(n in a for n in state.rally_hand[seat]) if split else None,
        len(state.rally_hand[seat]),
    )


# ------------------------------------------------------------------- views
def test_views_show_counts_of_others_never_their_cards() -> None:
    """A seat's view has its own hand, rally cards and known top under "mine", and
    only counts for the others; a spectator has no "mine"."""
    for state in sample_states(games=2, every=25):
        spectator = state.view(None)
        assert spectator["mine"] is None
        for seat in range(state.num_players()):
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert view["mine"]["hand"] == state.cards[seat].hand
            assert view["mine"]["rally_cards"] == state.rally_hand[seat]
            assert view["mine"]["known_top"] == state.cards[seat].known_top
            for car in view["cars"]:
                assert set(car) == CAR_KEYS, "a car shows counts and public cards only"
            assert {k: v for k, v in view.items() if k != "mine" and k != "you"} == {
                k: v for k, v in spectator.items() if k != "mine" and k != "you"
            }, "everything outside 'mine' is the spectator's view"


def test_redealing_what_a_seat_cannot_see_leaves_its_view_unchanged() -> None:
    """resample_hidden(seat) deals again every other hand, deck order, known top,
    Mechanic look and unrevealed rally card: view(seat) stays identical, the
    public counts stay, and the other seats' hidden cards do change (often)."""
    changed = tried = 0
    for number, state in enumerate(sample_states()):
        rng = Random(number)
        for seat in range(state.num_players()):
            view = state.view(seat)
            other = state.resample_hidden(seat, rng)
            assert isinstance(other, RoadRallyState)
            assert other.view(seat) == view
            assert other.view(None) == state.view(None)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            assert other.active_seats() == state.active_seats()
            assert hidden_of(other, seat) == hidden_of(state, seat)
            check_conservation(other)
            others = [s for s in range(state.num_players()) if s != seat]
            for s in others:
                assert public_counts(other, s) == public_counts(state, s)
            if any(state.cards[s].hand_size or state.rally_hand[s] for s in others):
                tried += 1
                changed += any(hidden_of(other, s) != hidden_of(state, s) for s in others)
    assert tried > 500
    assert changed > 0.7 * tried, (changed, tried)


def test_the_rally_cards_a_seat_holds_can_be_anywhere_it_cannot_see() -> None:
    """Over many redeals, another seat's rally cards take every number that the seat
    cannot rule out (dealt from the same half: A 1-10, B 11-21)."""
    rng = Random(3)
    state = new(players=4)
    while state.mode_name != "play":
        step(state, rng)
    seen: set[int] = set()
    for k in range(300):
        seen.update(state.resample_hidden(0, Random(k)).rally_hand[1])
    assert seen == set(range(1, 22)) - set(state.rally_hand[0])


def test_determinizations_play_on_to_the_end() -> None:
    """A redealt state is a whole game: random play goes on from it to the end, with
    every card accounted for."""
    for number, state in enumerate(sample_states(games=1, every=40)):
        rng = Random(number)
        other = state.resample_hidden(number % state.num_players(), rng)
        steps = 0
        while not other.is_terminal() and steps < 3000:
            check_conservation(other)
            step(other, rng)
            steps += 1
        assert other.is_terminal()


def test_a_mechanic_under_way_is_redealt_with_its_shape() -> None:
    """Another player's Mechanic stop: the cards drawn onto the top so far and those
    placed are hidden, but how many is public; a redeal keeps the counts, so the
    look still takes five cards."""
    rng = Random(0)
    state = new(players=3)
    while state.mode_name != "play":
        step(state, rng)
    mover = state.mover
    viewer = (mover + 1) % 3
    cards = state.cards[mover]
    for card in range(NUM_TYPES):  # the whole hand back into the deck, but a yellow 3
        cards.unknown[card] += cards.hand[card]
    cards.hand = [0, 0, 0, 1, 0, 0]
    cards.unknown[3] -= 1
    state.position[mover] = 33
    state.apply_action(A.PLAY_BASE + 3)
    state.apply_action(A.DONE_PLAYING)  # 33 -> 36, the Mechanic
    state.apply_action(A.CARD_BASE + 0)
    state.apply_action(A.CARD_BASE + 5)
    assert cards.known_top == [0, 5] and state.draw_to_top
    other = state.resample_hidden(viewer, rng)
    assert isinstance(other, RoadRallyState)
    assert len(other.cards[mover].known_top) == 2
    assert other.view(viewer) == state.view(viewer)
    for card in (1, 2, 4):
        state.apply_action(A.CARD_BASE + card)
    while other.mode_name == "draw":
        other.apply_action(other.legal_actions()[0])
    for look in (state, other):
        assert look.mode_name == "mechanic" or len(set(look.cards[mover].known_top)) == 1
    assert state.mode_name == "mechanic" and sum(state.mech_cards) == 5
    state.apply_action(A.MECH_BASE + 5)
    again = state.resample_hidden(viewer, rng)
    assert sum(again.mech_cards) == 4 and len(again.mech_order) == 1
    assert again.view(viewer) == state.view(viewer)
    assert again.legal_actions(viewer) == state.legal_actions(viewer)
    check_conservation(again)


# ------------------------------------------------------------ the game log
def test_the_log_never_names_a_hidden_card_to_others() -> None:
    """describe_action(action, seat, viewer): a card drawn, a rally card dealt and a
    Mechanic placement read the same whatever the card, to every viewer but the
    owner (and spectators); the owner reads them all apart.  Everything else is
    public and reads the same to everyone."""
    hidden_events = 0
    for state in sample_states(games=2, every=3):
        n = state.num_players()
        viewers: list[int | None] = [None, *range(n)]
        if state.is_chance_node():
            outcomes = state.legal_actions()
            if state.mode_name == "order":
                owner = None
            elif state.mode_name == "deal":
                owner = state.deal_plan[0][0]
            else:
                owner = state.draw_seat
            for viewer in viewers:
                texts = [state.describe_action(a, CHANCE, viewer) for a in outcomes]
                if owner is None:
                    assert len(set(texts)) == len(outcomes), "the starting row is public"
                elif viewer == owner:
                    assert len(set(texts)) == len(outcomes), texts
                else:
                    assert len(set(texts)) == 1, texts
                    assert not any(name in texts[0] for name in CARD_NAMES), texts[0]
                    assert not re.search(r"card \d", texts[0]), texts[0]
                    hidden_events += len(outcomes) > 1
            continue
        for seat in state.active_seats():
            for action in state.legal_actions(seat):
                texts = {v: state.describe_action(action, seat, v) for v in viewers}
                if state.mode_name == "mechanic":
                    assert texts[seat] != texts[None]
                    assert all(texts[v] == texts[None] for v in viewers if v != seat)
                    assert not any(name in texts[None] for name in CARD_NAMES)
                else:
                    assert len(set(texts.values())) == 1, texts
            if state.mode_name == "mechanic":
                placements = {state.describe_action(a, seat, None) for a in state.legal_actions()}
                assert len(placements) == 1
    assert hidden_events > 100


# ----------------------------------------------------- conservation (paths)
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    config=st.sampled_from(CONFIGS),
    choices=st.lists(st.integers(min_value=0, max_value=2**16), min_size=60, max_size=600),
)
def test_every_card_is_accounted_for_along_any_path(
    config: dict[str, Any], choices: list[int]
) -> None:
    """Along any path (each choice picks any chance outcome or any active seat's
    legal action, regardless of odds): each car's hand, deck, discard pile, cards
    being played and cards at a Mechanic make its 21 cards; every rally card on the
    track is in exactly one hand, revealed pile or undealt pile; a redeal keeps both."""
    state = new(**config)
    for choice in choices:
        check_conservation(state)
        if state.is_terminal():
            break
        if state.is_chance_node():
            options = [(CHANCE, a) for a in state.legal_actions()]
        else:
            options = [(s, a) for s in state.active_seats() for a in state.legal_actions(s)]
        seat, action = options[choice % len(options)]
        state.apply_action(action, None if seat == CHANCE else seat)
    check_conservation(state)
    for seat in range(state.num_players()):
        check_conservation(state.resample_hidden(seat, Random(seat)))


def test_determinizations_carry_no_history_that_names_hidden_draws() -> None:
    """Hidden information: a determinization must not keep the real chance outcomes
    (the cards other seats drew), which its history would otherwise hold."""
    import random as _random

    import roadtrip
    from roadtrip.core import sample_chance

    game = roadtrip.load_game("road-rally", players=3)
    state = game.new_initial_state()
    rng = _random.Random(5)
    while state.is_chance_node() or len(state.history()) < 60:
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            seat = state.active_seats()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    seat = state.active_seats()[0] if state.active_seats() else 0
    sample = state.resample_hidden(seat, _random.Random(1))
    assert state.history() and sample.history() == []
    assert sample.view(seat) == state.view(seat)
