"""Road Rally USA's rules, sentence by sentence (/work/shared/rules/road-rally-usa.txt).

Each test's docstring quotes the rulebook sentence (or the ruling in
docs/rules/road-rally-usa.md) that it checks.  Chance is chosen, not sampled: at a
draw ``state.apply_action(CARD_BASE + card)`` draws that card, so every scenario is
exact.  Cars and cards are set up directly (``place``, ``give``, which keeps each
car's 21 cards accounted for), and ``round_of`` plays a round in which only the
named cars move, in that order.

Spaces of the demo track (layout 0, 12 tiles) used below: 8 checkpoint, 10 rally 1,
12 Gas, 14 rally 2, 17 -> 21 shortcut (rally 3 on 18 lies between), 23 rally 4,
27 General Store, 36 Mechanic, 87 rally 21 and the last checkpoint, 88 the finish.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

import pytest

import roadtrip
from roadtrip.core import CHANCE, TERMINAL, sample_chance
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.data import NUM_TYPES
from roadtrip.games.road_rally.options import TRIGGER
from roadtrip.games.road_rally.rules import RoadRallyState

G1, G2, Y2, Y3, R3, R4 = range(NUM_TYPES)
CARD_NAMES = ("green 1", "green 2", "yellow 2", "yellow 3", "red 3", "red 4")


# ------------------------------------------------------------------ helpers
def new(**options: Any) -> RoadRallyState:
    state = roadtrip.load_game("road-rally", **options).new_initial_state()
    assert isinstance(state, RoadRallyState)
    return state


def ready(players: int = 4, row: Iterable[int] | None = None, **options: Any) -> RoadRallyState:
    """A game after its setup: the starting row ``row`` (default: seat order), the
    rally cards and the five cards each dealt by the first outcome each time."""
    state = new(players=players, **options)
    order = list(range(players)) if row is None else list(row)
    for seat in order[:-1]:
        state.apply_action(A.ORDER_BASE + seat)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.mode_name == "play" and state.turn_order == order
    return state


def counts(cards: Iterable[int]) -> list[int]:
    out = [0] * NUM_TYPES
    for card in cards:
        out[card] += 1
    return out


def give(
    state: RoadRallyState,
    seat: int,
    hand: Iterable[int] = (),
    deck: Iterable[int] | None = None,
    discard: Iterable[int] | None = None,
    top: Iterable[int] = (),
) -> None:
    """Set a car's cards: its hand, the top of its deck that it knows (``top``), and
    its deck (order unknown) or discard pile; the rest of its 21 cards goes to the
    other one.  With both ``deck`` and ``discard`` given, they are taken as they are."""
    cards = state.cards[seat]
    cards.hand = counts(hand)
    cards.known_top = list(top)
    full = state.game.deck  # type: ignore[attr-defined]
    rest = [full[c] - cards.hand[c] - cards.known_top.count(c) for c in range(NUM_TYPES)]
    if deck is not None and discard is not None:
        cards.unknown, cards.discard = counts(deck), counts(discard)
    elif deck is not None:
        cards.unknown = counts(deck)
        cards.discard = [r - d for r, d in zip(rest, cards.unknown, strict=True)]
    else:
        cards.discard = counts(discard or ())
        cards.unknown = [r - d for r, d in zip(rest, cards.discard, strict=True)]
    assert min(cards.unknown) >= 0 and min(cards.discard) >= 0, "more cards than the deck has"


def place(state: RoadRallyState, where: dict[int, int]) -> None:
    """Put cars on spaces, arriving in the order of ``where``."""
    for seat, space in where.items():
        state.position[seat] = space
        state.arrival[seat] = state.clock
        state.clock += 1


def restart(state: RoadRallyState, task: tuple[Any, ...]) -> None:
    state.tasks.clear()
    state.tasks.append(task)
    state.mode = -1
    state._advance()


def round_of(state: RoadRallyState, *seats: int) -> None:
    """A round in which only ``seats`` move, in this order (the others sit still)."""
    state.turn_order, state.turn_index = list(seats), 0
    state.crossed, state.passed_by = [], {}
    restart(state, ("turn",))


def next_round(state: RoadRallyState) -> None:
    """A whole round as the rules start it: every car, in race order."""
    restart(state, ("round",))


def play(state: RoadRallyState, *cards: int) -> None:
    mover = state.current_player()
    for card in cards:
        state.apply_action(A.PLAY_BASE + card, mover)
    state.apply_action(A.DONE_PLAYING, mover)


def draw(state: RoadRallyState, seat: int, *cards: int) -> None:
    """The chance player draws these cards for ``seat``."""
    for card in cards:
        assert state.mode_name == "draw" and state.draw_seat == seat
        state.apply_action(A.CARD_BASE + card)


def draws_of(state: RoadRallyState, seat: int) -> int:
    """Resolve ``seat``'s pending draws (first outcome each) and count them."""
    n = 0
    while state.mode_name == "draw" and state.draw_seat == seat:
        state.apply_action(state.legal_actions()[0])
        n += 1
    return n


def rally(state: RoadRallyState, *hands: Iterable[int]) -> None:
    """Give each seat these unrevealed rally cards."""
    state.rally_hand = [sorted(h) for h in hands]


def everyone(state: RoadRallyState, action: int, but: dict[int, int] | None = None) -> None:
    """Every seat deciding on the current rally point (or reward) decides ``action``,
    in seat order; ``but`` names other choices.  Stops when the decision is over."""
    but = but or {}
    decision = (state.mode_name, state.rally_current)
    for seat in list(state.active_seats()):
        if (state.mode_name, state.rally_current) != decision:
            break
        state.apply_action(but.get(seat, action), seat)


# ---------------------------------------------------------------- set up
def test_starting_row_is_random_and_is_the_first_rounds_order() -> None:
    """Set Up F: 'Randomly place the cars in a row on the Start tile. This will be
    the order of play for the first turn.'  Each place of the row is a chance draw
    among the cars not yet placed."""
    state = new(players=4)
    assert state.current_player() == CHANCE
    assert state.chance_outcomes_exact() == [(A.ORDER_BASE + s, Fraction(1, 4)) for s in range(4)]
    state.apply_action(A.ORDER_BASE + 2)
    assert [a for a, _ in state.chance_outcomes()] == [A.ORDER_BASE + s for s in (0, 1, 3)]
    assert state.chance_outcomes_exact()[0][1] == Fraction(1, 3)
    state.apply_action(A.ORDER_BASE + 0)
    state.apply_action(A.ORDER_BASE + 3)  # the last car takes the last place
    assert state.row == [2, 0, 3, 1] and state.mode_name == "deal"
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.position == [0, 0, 0, 0]
    assert state.race_order() == state.turn_order == [2, 0, 3, 1]
    assert state.current_player() == 2


def test_setup_deals_five_cards_and_two_rally_cards_from_each_half() -> None:
    """Set Up D: 'Shuffle your cards and draw 5 cards as your starting hand.'  E:
    'give each player 4 cards'; FACTS.md: two from deck A (1-10) and two from deck
    B (11-21) (rally_deal=split, the default).  The rest is set aside unseen."""
    for seed in range(10):
        rng = Random(seed)
        state = new(players=5)
        while state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        dealt = [n for hand in state.rally_hand for n in hand]
        assert len(dealt) == len(set(dealt)) == 20
        for seat in range(5):
            hand = state.rally_hand[seat]
            assert sum(n <= 10 for n in hand) == 2 and sum(n > 10 for n in hand) == 2
            assert state.cards[seat].hand_size == 5 and state.cards[seat].deck_size == 16
        assert state.rally_pool_a == [] and len(state.rally_pool_b) == 1
        assert sorted(dealt + state.rally_pool_b) == list(range(1, 22))


def test_mixed_deal_shuffles_a_and_b_together() -> None:
    """Set Up E: 'Shuffle the A and B Rally Point decks together and give each
    player 4 cards' (rally_deal=mixed): every card may come first."""
    state = new(players=3, rally_deal="mixed")
    for seat in (0, 1):
        state.apply_action(A.ORDER_BASE + seat)
    exact = state.chance_outcomes_exact()
    assert exact == [(A.RALLY_BASE + n - 1, Fraction(1, 21)) for n in range(1, 22)]
    for number in range(21, 9, -1):  # deal 21, 20, ... 10
        state.apply_action(A.RALLY_BASE + number - 1)
    assert [len(h) for h in state.rally_hand] == [4, 4, 4]
    assert sorted(n for hand in state.rally_hand for n in hand) == list(range(10, 22))


@pytest.mark.parametrize(
    ("tiles", "players", "deal", "each"),
    [
        (7, 4, "split", 2),  # 10 rally points: A 1-5, B 6-10, one from each
        (7, 2, "split", 4),
        (7, 4, "mixed", 2),
        (7, 3, "mixed", 3),
        (4, 5, "split", 0),  # 4 rally points are too few for five players
        (12, 5, "split", 4),
    ],
)
def test_short_tracks_deal_every_player_the_same_number(
    tiles: int, players: int, deal: str, each: int
) -> None:
    """Ruling (tiles): rally points beyond a short track are left out with their
    cards; every player gets the same number of rally cards (as many of the four as
    the halves allow for all), never more for the low seats."""
    rng = Random(tiles * 10 + players)
    state = new(tiles=tiles, players=players, rally_deal=deal)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    assert [len(h) for h in state.rally_hand] == [each] * players
    if deal == "split":
        a = set(state.game.rally_a)  # type: ignore[attr-defined]
        assert all(sum(n in a for n in h) == each // 2 for h in state.rally_hand)


# ------------------------------------------------------------- turn order
def test_turns_go_from_first_to_last_place_resorted_each_round() -> None:
    """Game Play: 'Player turns go in order of the cars from first to last place
    each round.'  Rally Scoring: 'The first-place car starts the new round.'"""
    state = ready(players=4)
    place(state, {0: 5, 1: 30, 2: 20, 3: 6})
    next_round(state)
    assert state.turn_order == [1, 2, 3, 0]
    assert state.current_player() == 1
    place(state, {0: 40})
    next_round(state)
    assert state.turn_order == [0, 1, 2, 3]


def test_a_car_arriving_on_an_occupied_space_goes_behind() -> None:
    """Game Play: 'If there is another car in the space already, position your car
    slightly behind it on the space (the first car to arrive will move first next
    round).'"""
    state = ready(players=3, row=[0, 1, 2])
    give(state, 0, hand=[R4, G1])
    give(state, 1, hand=[R4, G1])
    round_of(state, 1, 0)  # seat 1 moves first this round
    play(state, R4)
    play(state, R4)  # seat 0 arrives second on space 4
    assert state.position[:2] == [4, 4]
    assert state.race_order() == [1, 0, 2]
    assert state.turn_order == [1, 0, 2] and state.round == 2


# ------------------------------------------------------------ playing cards
def test_a_turn_plays_at_least_one_card() -> None:
    """Game Play: 'if you have at least one card in your hand, you must play one or
    more cards on your turn.'"""
    state = ready(players=3)
    give(state, 0, hand=[G1, Y2, R4])
    round_of(state, 0)
    assert state.legal_actions() == [A.PLAY_BASE + G1, A.PLAY_BASE + Y2, A.PLAY_BASE + R4]
    state.apply_action(A.PLAY_BASE + Y2)
    assert A.DONE_PLAYING in state.legal_actions()


def test_cards_played_share_one_colour_and_any_number_of_them() -> None:
    """Game Play: 'All of the cards you play must be the same color.'  'Move your car
    as many spaces as the sum of the cards you played.'  Away from a General Store
    there is no limit on how many."""
    state = ready(players=3)
    give(state, 0, hand=[G1, G1, G1, G1, G2, G2, Y2, R3])
    round_of(state, 0)
    state.apply_action(A.PLAY_BASE + G2)
    assert state.legal_actions() == [A.PLAY_BASE + G1, A.PLAY_BASE + G2, A.DONE_PLAYING]
    for card in (G1, G1, G1, G1, G2):
        state.apply_action(A.PLAY_BASE + card)
    assert state.legal_actions() == [A.DONE_PLAYING]  # only the yellow and red are left
    state.apply_action(A.DONE_PLAYING)
    assert state.position[0] == 8  # 2 + 1 + 1 + 1 + 1 + 2
    assert state.cards[0].discard[G1] == 4 and state.cards[0].discard[G2] == 2


def test_general_store_start_plays_up_to_five_cards_of_any_colours() -> None:
    """Game Play: 'Exception: if you start your move on a "Rainbow 5" space, you may
    play up to 5 cards of your choice, using as many colors as you like.'  General
    Store: 'Draw 1 card at the end of your turn.'"""
    state = ready(players=3)
    give(state, 0, hand=[G1, G2, Y2, Y3, R3, R4])
    place(state, {0: 27})
    round_of(state, 0)
    assert state.rainbow
    for card in (R4, G1, Y3, G2):
        state.apply_action(A.PLAY_BASE + card)
        assert A.DONE_PLAYING in state.legal_actions()
    assert state.legal_actions() == [A.PLAY_BASE + Y2, A.PLAY_BASE + R3, A.DONE_PLAYING]
    state.apply_action(A.PLAY_BASE + Y2)
    assert state.legal_actions() == [A.DONE_PLAYING], "five cards at most"
    state.apply_action(A.DONE_PLAYING)
    assert state.position[0] == 27 + 4 + 1 + 3 + 2 + 2
    assert draws_of(state, 0) == 1


def test_rainbow_move_draws_one_even_in_one_colour() -> None:
    """After you move: '"Rainbow 5" move: 1 card (ignore colors of cards played,
    even if colors are the same).'"""
    state = ready(players=3)
    give(state, 0, hand=[G1, G2, G1])
    place(state, {0: 27})
    round_of(state, 0)
    play(state, G1, G2, G1)
    assert state.position[0] == 31
    assert draws_of(state, 0) == 1


def test_the_store_counts_where_the_move_starts_not_where_it_ends() -> None:
    """General Store: 'Start on this space to play up to 5 cards of any colors'."""
    state = ready(players=3)
    give(state, 0, hand=[Y3, Y2, G1, R4])
    place(state, {0: 22})
    round_of(state, 0, 1)
    assert not state.rainbow
    state.apply_action(A.PLAY_BASE + Y3)
    assert state.legal_actions() == [A.PLAY_BASE + Y2, A.DONE_PLAYING]
    state.apply_action(A.PLAY_BASE + Y2)
    state.apply_action(A.DONE_PLAYING)  # onto the store at 27
    assert state.position[0] == 27
    round_of(state, 0)
    assert state.rainbow
    state.apply_action(A.PLAY_BASE + G1)
    assert state.legal_actions() == [A.PLAY_BASE + R4, A.DONE_PLAYING]


@pytest.mark.parametrize(
    ("cards", "draws"),
    [
        ((G1,), 2),
        ((G1, G2, G1), 2),
        ((Y2,), 1),
        ((Y2, Y3), 1),
        ((R3,), 0),
        ((R4, R3), 0),
    ],
)
def test_draws_after_moving_by_colour(cards: tuple[int, ...], draws: int) -> None:
    """After you move: 'you draw cards based on the color of card you played (no
    matter how many you played): Green Cards: 2 cards; Yellow Cards: 1 card; Red
    Cards: none'."""
    state = ready(players=3)
    give(state, 0, hand=[*cards, G2])
    round_of(state, 0, 1)
    play(state, *cards)
    assert draws_of(state, 0) == draws
    assert state.mode_name == "play" and state.current_player() == 1
    assert state.cards[0].hand_size == 1 + draws


def test_empty_hand_reshuffles_draws_two_and_ends_the_turn() -> None:
    """Game Play / Your Draw Deck: 'If you have no cards in your hand at the
    beginning of your turn, shuffle your discard and draw decks together to create a
    new draw deck, and then draw two cards. Your turn is now over.'"""
    state = ready(players=3)
    give(state, 0, hand=[], deck=[G1, G2], top=[R4])  # 18 cards in the discard pile
    place(state, {0: 9})
    round_of(state, 0, 1)
    cards = state.cards[0]
    assert cards.deck_size == 21 and sum(cards.discard) == 0 and cards.known_top == []
    assert state.chance_outcomes_exact() == [
        (A.CARD_BASE + c, Fraction(n, 21)) for c, n in enumerate((4, 3, 4, 3, 4, 3))
    ]
    draw(state, 0, R4, G1)
    assert cards.hand == counts([R4, G1]) and state.position[0] == 9
    assert state.current_player() == 1 and state.mode_name == "play"


def test_an_empty_deck_draws_nothing() -> None:
    """Ruling: a draw from an empty deck draws nothing (only Gas and an empty hand
    reshuffle the discards)."""
    state = ready(players=3)
    give(state, 0, hand=[G1], deck=[])
    round_of(state, 0, 1)
    play(state, G1)
    assert state.current_player() == 1 and state.mode_name == "play"
    assert state.cards[0].hand_size == 0 and state.cards[0].deck_size == 0


# ------------------------------------------------------------- board effects
@pytest.mark.parametrize("gas", ["before", "after"])
def test_gas_reshuffles_the_discards_before_or_after_drawing(gas: str) -> None:
    """Gas: 'Shuffle your discarded cards together with your draw deck (if any)
    before or after you draw.'  Option gas=before or gas=after: a table rule
    (the default, gas=choose, asks the player at each stop)."""
    state = ready(players=3, gas=gas)
    give(state, 0, hand=[G2], deck=[Y3])  # 19 cards in the discard pile
    place(state, {0: 10})
    round_of(state, 0, 1)
    play(state, G2)  # 10 -> 12, the Gas station
    cards = state.cards[0]
    if gas == "before":
        assert cards.deck_size == 21 and sum(cards.discard) == 0
        assert len(state.chance_outcomes()) == NUM_TYPES  # the green 2 just played too
        draw(state, 0, R4, G2)
        assert cards.deck_size == 19
    else:
        draw(state, 0, Y3)  # the deck had one card; the second draw finds none
        assert cards.deck_size == 20 and sum(cards.discard) == 0
    assert state.current_player() == 1


def test_shortcut_is_offered_when_the_move_ends_in_front_of_it() -> None:
    """Shortcut: 'If you end your move in front of a shortcut, you may immediately
    move across the shortcut to the opposite track space.'  Ruling
    (shortcut_passes=false): the spaces it skips are not passed (rally 3 on 18)."""
    state = ready(players=3)
    give(state, 0, hand=[G2, G1])
    place(state, {0: 15})
    round_of(state, 0, 1)
    play(state, G2)  # 15 -> 17, the entrance
    assert state.mode_name == "shortcut" and state.current_player() == 0
    assert state.legal_actions() == [A.TAKE_SHORTCUT, A.SKIP_SHORTCUT]
    state.apply_action(A.TAKE_SHORTCUT)
    assert state.position[0] == 21
    assert state.crossed == []
    assert draws_of(state, 0) == 2  # then the cards of a green move


def test_shortcut_may_be_declined() -> None:
    state = ready(players=3)
    give(state, 0, hand=[G2])
    place(state, {0: 15})
    round_of(state, 0, 1)
    play(state, G2)
    state.apply_action(A.SKIP_SHORTCUT)
    assert state.position[0] == 17
    assert draws_of(state, 0) == 2


def test_shortcut_is_not_offered_to_a_car_passing_its_entrance() -> None:
    state = ready(players=3)
    give(state, 0, hand=[Y3])
    place(state, {0: 15})
    round_of(state, 0, 1)
    play(state, Y3)  # 15 -> 18, past the entrance at 17
    assert state.position[0] == 18 and state.mode_name != "shortcut"
    assert state.crossed == [3]


def test_shortcut_passes_option_crosses_what_it_skips() -> None:
    """Option shortcut_passes=true: crossing a shortcut passes the spaces it skips."""
    state = ready(players=3, shortcut_passes=True)
    give(state, 0, hand=[G2])
    place(state, {0: 15})
    round_of(state, 0, 1)
    play(state, G2)
    state.apply_action(A.TAKE_SHORTCUT)
    assert state.position[0] == 21 and state.crossed == [3]


@pytest.mark.parametrize("cards", [(Y2,), (R4,)])
def test_first_car_to_pass_a_checkpoint_takes_it_and_the_last_car_draws_two(
    cards: tuple[int, ...],
) -> None:
    """Checkpoint: 'If you are the first driver to pass one of these tiles, take the
    tile and place it in front of you. It is worth 2 points at the end of the game.
    Simultaneously, the driver in the last position on the course draws two cards.'
    Ruling: passing is moving onto or past the space (8 here)."""
    state = ready(players=4)
    give(state, 0, hand=[*cards])
    place(state, {0: 6, 1: 3, 3: 1, 2: 1})  # seat 2 arrived after seat 3: last
    round_of(state, 0, 1)
    play(state, *cards)
    assert state.checkpoint_holder[0] == 0
    draw(state, 2, G2, R4)  # the last car draws two, before the mover's own draws
    assert state.cards[2].hand_size == 5 + 2
    assert draws_of(state, 0) == (1 if cards == (Y2,) else 0)
    assert state.current_player() == 1
    assert state.totals()[0] == 2


def test_a_checkpoint_already_taken_gives_nothing() -> None:
    state = ready(players=3)
    state.checkpoint_holder[0] = 2
    give(state, 0, hand=[R4])
    place(state, {0: 6})
    round_of(state, 0, 1)
    play(state, R4)
    assert state.checkpoint_holder[0] == 2
    assert state.current_player() == 1 and state.mode_name == "play"


def test_mechanic_reorders_the_top_five_before_drawing() -> None:
    """Mechanic: 'As soon as your car stops here (and before drawing the cards) pick
    the topmost 5 cards from your deck ... and return them back in any order you
    wish ... Then you draw the cards according to the color of the cards you played
    in this turn.'  The look is private: others read only that it happens."""
    state = ready(players=3)
    give(state, 0, hand=[Y3])
    place(state, {0: 33})
    round_of(state, 0, 1)
    play(state, Y3)  # 33 -> 36, the Mechanic
    for card in (G1, R4, Y2, G1, R3):
        assert state.draw_to_top
        name = CARD_NAMES[card]
        assert state.describe_action(A.CARD_BASE + card, CHANCE, 0) == (
            f"seat 1 picks a {name} from the top of the deck (Mechanic)"
        )
        assert state.describe_action(A.CARD_BASE + card, CHANCE, 1) == (
            "seat 1 picks a card from the top of the deck (Mechanic)"
        )
        draw(state, 0, card)
    assert state.mode_name == "mechanic" and state.current_player() == 0
    assert state.legal_actions() == [A.MECH_BASE + c for c in (G1, Y2, R3, R4)]
    assert state.view(0)["mine"]["mechanic_cards"] == counts([G1, R4, Y2, G1, R3])
    assert state.view(1)["mine"]["mechanic_cards"] is None
    for card in (R4, R3, G1):
        texts = {state.describe_action(a, 0, 1) for a in state.legal_actions()}
        assert texts == {"reorders the top of the deck (Mechanic)"}
        state.apply_action(A.MECH_BASE + card)
    assert state.legal_actions() == [A.MECH_BASE + G1, A.MECH_BASE + Y2]
    state.apply_action(A.MECH_BASE + Y2)  # one green 1 left: it goes last by itself
    # The yellow move draws one: the red 4 now on top, no chance draw needed.
    assert state.cards[0].hand == counts([R4])
    assert state.cards[0].known_top == [R3, G1, Y2, G1]
    assert state.view(0)["mine"]["known_top"] == [R3, G1, Y2, G1]
    assert state.current_player() == 1


def test_mechanic_with_fewer_than_five_cards_and_with_one_kind() -> None:
    """Mechanic: 'pick the topmost 5 cards from your deck (or all the remaining ones
    if they are less than 5)'.  Ruling: the player places every card but the last
    one, even when they are all one kind (only the owner knows that: asking fewer
    would tell the others), and nothing is asked with one card or none."""
    state = ready(players=3)
    give(state, 0, hand=[Y3], deck=[G1, R4])
    place(state, {0: 33})
    round_of(state, 0, 1)
    play(state, Y3)
    draw(state, 0, R4, G1)
    assert state.mode_name == "mechanic"
    state.apply_action(A.MECH_BASE + G1)
    assert state.cards[0].hand == counts([G1]) and state.cards[0].known_top == [R4]
    state = ready(players=3)
    give(state, 0, hand=[Y3], deck=[G2, G2, G2])
    place(state, {0: 33})
    round_of(state, 0, 1)
    play(state, Y3)
    draw(state, 0, G2, G2, G2)
    assert state.mode_name == "mechanic" and state.view(1)["mechanic_placements_left"] == 2
    for _ in range(2):
        assert state.legal_actions() == [A.MECH_BASE + G2]
        state.apply_action(A.MECH_BASE + G2)
    assert state.mode_name == "play" and state.current_player() == 1
    state = ready(players=3)
    give(state, 0, hand=[Y3], deck=[G2])
    place(state, {0: 33})
    round_of(state, 0, 1)
    play(state, Y3)
    draw(state, 0, G2)  # one card: nothing to reorder, the yellow move draws it
    assert state.cards[0].hand == counts([G2]) and state.current_player() == 1


def test_known_top_cards_are_drawn_before_the_unknown_rest() -> None:
    """Mechanic: the reordered cards stay on top: later draws take them first."""
    state = ready(players=3)
    give(state, 0, hand=[G1], deck=[Y2, Y2, R3], top=[R4, G2])
    round_of(state, 0, 1)
    play(state, G1)
    assert state.cards[0].hand == counts([R4, G2]) and state.cards[0].known_top == []
    assert state.current_player() == 1


# ------------------------------------------------------------ rally scoring
def five_car_rally(trigger_seat: int = 2) -> RoadRallyState:
    """Five cars; seat 0 lands exactly on rally 1 (space 10); ``trigger_seat`` holds
    card 1.  Race order afterwards: 0, 1, 2, 3, 4."""
    state = ready(players=5)
    hands: list[list[int]] = [[11, 12], [13, 14], [15, 16], [17, 18], [19, 20]]
    hands[trigger_seat].append(1)
    rally(state, *hands)
    give(state, 0, hand=[G1])
    place(state, {0: 9, 1: 7, 2: 6, 3: 5, 4: 4})
    round_of(state, 0)
    play(state, G1)
    draws_of(state, 0)
    return state


def test_rally_point_offered_to_everyone_at_once() -> None:
    """Rally Scoring: 'If a player wants to score that rally point, they reveal the
    rally point card from their hand with the same number. If you choose NOT to
    score the rally point, do NOT reveal the card.'  Ruling: every player who may
    hold it decides at once, so nobody learns who holds it from who is asked."""
    state = five_car_rally()
    assert state.mode_name == "reveal" and state.rally_current == 1
    assert state.active_seats() == (0, 1, 2, 3, 4) and state.current_player() == 0
    for seat in (0, 1, 3, 4):
        assert state.legal_actions(seat) == [A.PASS]
    assert state.legal_actions(2) == [A.REVEAL, A.PASS]
    for viewer in (None, 0, 2):
        texts = {state.describe_action(A.PASS, seat, viewer) for seat in range(5)}
        assert texts == {"does not reveal rally point 1"}, "holders pass like the others"
    state.apply_action(A.PASS, 4)
    state.apply_action(A.PASS, 1)
    assert state.active_seats() == (0, 2, 3)


def test_revealed_rally_point_pays_by_place_doubled_for_the_trigger() -> None:
    """Rally Scoring: '1st place car: 5 points, 2nd: 4, 3rd: 3, 4th: 2 points or draw
    2 cards, 5th: 1 point or draw 2 cards. If you triggered the scoring, your earned
    points are doubled.'  'If a player is on the space ... that player takes the
    rally point chip. It is worth 2 points at the end of the game.'"""
    state = five_car_rally(trigger_seat=2)
    state.apply_action(A.REVEAL, 2)
    assert state.rally_revealed[2] == [1] and 1 not in state.rally_hand[2]
    assert state.rally_status[1] == "scored"
    assert state.points[:3] == [5, 4, 6]
    assert state.chips[0] == [1]
    assert state.mode_name == "reward" and state.active_seats() == (3, 4)
    assert state.view(3)["mine"]["reward_points"] == 2
    state.apply_action(A.TAKE_CARDS, 4)
    state.apply_action(A.TAKE_POINTS, 3)
    assert state.points == [5, 4, 6, 2, 0]
    draw(state, 4, Y2, R3)  # the fifth car's two cards
    assert state.cards[4].hand_size == 5 + 2
    assert state.round == 2
    assert state.totals() == [7, 4, 6, 2, 0]


def test_the_trigger_in_fourth_place_chooses_between_doubled_points_and_cards() -> None:
    state = ready(players=5)
    rally(state, [], [], [], [1, 2], [])
    give(state, 0, hand=[G1])
    place(state, {0: 9, 1: 7, 2: 6, 3: 5, 4: 4})
    round_of(state, 0)
    play(state, G1)
    draws_of(state, 0)
    assert state.active_seats() == (3,), "only seats holding a rally card are asked"
    state.apply_action(A.REVEAL, 3)
    assert state.reward_points == {3: 4, 4: 1}
    everyone(state, A.TAKE_POINTS)
    assert state.points == [5, 4, 3, 4, 1]


def test_unrevealed_rally_point_is_removed_with_its_chip() -> None:
    """Rally Scoring: 'If the rally point is not triggered, remove the chip from the
    game.'"""
    state = five_car_rally()
    everyone(state, A.PASS)
    assert state.rally_status[1] == "removed"
    assert state.points == [0] * 5 and state.chips == [[]] * 5
    assert state.rally_hand[2] == [1, 15, 16], "the card stays hidden in the hand"
    assert state.rally_results[-1] == {"rally": 1, "scored": False, "round": 1}
    assert state.round == 2


def test_chip_goes_to_the_first_car_on_the_space_or_to_nobody() -> None:
    """Rally Scoring: 'If a player is on the space (or first on the space) with a
    scored rally point, that player takes the rally point chip.'  Ruling: with no
    car on the space the chip stays unclaimed."""
    state = ready(players=3)
    rally(state, [], [], [2])
    give(state, 0, hand=[G2])
    give(state, 1, hand=[R4])
    place(state, {0: 12, 1: 10, 2: 1})
    round_of(state, 0, 1)
    play(state, G2)  # 12 -> 14, rally 2
    draws_of(state, 0)
    play(state, R4)  # 10 -> 14, second on the space
    state.apply_action(A.REVEAL, 2)
    assert state.chips == [[2], [], []]
    assert state.points == [5, 4, 6]

    state = ready(players=3)
    rally(state, [], [], [2])
    give(state, 0, hand=[R4])
    place(state, {0: 12})
    round_of(state, 0)
    play(state, R4)  # 12 -> 16, past rally 2
    state.apply_action(A.REVEAL, 2)
    assert state.chips == [[], [], []] and state.rally_results[-1]["chip"] is None


def three_crossed(**options: Any) -> RoadRallyState:
    """Three cars; seat 0 crosses rally points 1, 2 and 3 (9 -> 18); seat 1 holds
    card 1, seat 2 card 2, seat 1 card 3."""
    state = ready(players=3, **options)
    rally(state, [5], [1, 3], [2])
    give(state, 0, hand=[R3, R3, R3])
    place(state, {0: 9})
    round_of(state, 0)
    play(state, R3, R3, R3)
    assert state.crossed == [1, 2, 3]
    return state


def test_at_most_two_rally_points_are_resolved_per_round() -> None:
    """Rally Scoring: 'Starting from the last place car and going up to the first
    place car, identify each rally point that was crossed this round.'  'After the
    first two rally chips have been resolved, no further checkpoints can be scored
    this round. Remove all discs that could have qualified for scoring but did not.'
    Ruling (rally_limit=considered): the first two from the back are resolved,
    scored or not; the others are removed unasked."""
    state = three_crossed()
    assert state.rally_current == 1
    everyone(state, A.PASS)  # rally 1 is not scored: it still counts
    assert state.rally_current == 2
    everyone(state, A.PASS, but={2: A.REVEAL})
    assert [state.rally_status[n] for n in (1, 2, 3)] == ["removed", "scored", "removed"]
    assert state.rally_results[-1] == {"rally": 3, "scored": False, "round": 1}
    assert state.rally_hand[1] == [1, 3]
    assert state.round == 2


def test_rally_limit_scored_offers_until_two_are_scored() -> None:
    """Option rally_limit=scored: crossed points are offered in order until two have
    been scored."""
    state = three_crossed(rally_limit="scored")
    everyone(state, A.PASS)
    everyone(state, A.PASS, but={2: A.REVEAL})
    assert state.rally_current == 3
    everyone(state, A.PASS, but={1: A.REVEAL})
    assert [state.rally_status[n] for n in (1, 2, 3)] == ["removed", "scored", "scored"]
    assert state.points == [5 + 5, 4 + 8, 6 + 3]


def test_a_player_scores_at_most_three_rally_cards() -> None:
    """Rally Scoring: 'You may score up to 3 of the 4 rally point cards in your hand
    during the game.'"""
    state = ready(players=3)
    rally(state, [], [1], [7])
    state.rally_revealed[1] = [4, 5, 6]
    give(state, 0, hand=[G1])
    place(state, {0: 9})
    round_of(state, 0)
    play(state, G1)
    draws_of(state, 0)
    assert state.active_seats() == (2,), "seat 1 has scored three and is not asked"
    state.apply_action(A.PASS, 2)
    assert state.rally_status[1] == "removed"


@pytest.mark.parametrize(("trigger", "legal"), [("any", [A.REVEAL, A.PASS]), ("passed", [A.PASS])])
def test_trigger_option_who_may_reveal(trigger: str, legal: list[int]) -> None:
    """Option trigger: any (default) - whoever holds the card; passed - only a player
    whose car is on or beyond the rally point."""
    state = ready(players=3, trigger=trigger)
    rally(state, [], [1], [])
    give(state, 0, hand=[G1])
    place(state, {0: 9, 1: 5})
    round_of(state, 0)
    play(state, G1)
    draws_of(state, 0)
    assert state.legal_actions(1) == legal


# ------------------------------------------------------------------ finish
def finish_race(players: int = 4, **options: Any) -> RoadRallyState:
    """Seats 0 and 1 wait on 87 (seat 0 arrived first); seat 0 crosses the finish
    line (88) first, seat 1 passes it to 90, seat 2 moves from 79 to 80 and the
    others sit still."""
    state = ready(players=players, **options)
    rally(state, *([] for _ in range(players)))
    place(state, {0: 87, 1: 87, 2: 79})
    give(state, 0, hand=[G1])
    give(state, 1, hand=[Y3])
    give(state, 2, hand=[G1])
    round_of(state, 0, 1, 2)
    play(state, G1)
    assert state.final_round and state.finishers == [0]
    draws_of(state, 0)
    play(state, Y3)
    draws_of(state, 1)
    assert state.finishers == [0, 1]
    play(state, G1)
    draws_of(state, 2)
    return state


def test_the_first_car_across_the_finish_makes_this_the_last_round() -> None:
    """Finish Line: 'The first car to cross the finish line triggers the end of the
    game. The current round is the final round of the game; all cars making it
    across the finish line score as if it were a rally point. Cars that do not cross
    the finish line on this round do not score.'  Ruling (finish_double=true): the
    first car across is the trigger and doubles."""
    state = finish_race()
    assert state.current_player() == TERMINAL
    assert state.race_order() == [1, 0, 2, 3]
    assert state.points == [4 * 2, 5, 0, 0]
    assert state.rally_results[-1] == {"finish": True, "round": 1, "earned": {1: 5, 0: 8}}
    assert state.final_scores == state.totals()


def test_finish_double_off() -> None:
    state = finish_race(finish_double=False)
    assert state.points == [4, 5, 0, 0]


def test_fourth_and_fifth_at_the_finish_take_points() -> None:
    """Ruling: at the finish the 4th and 5th cars take their points (cards would be
    worth nothing after the last round)."""
    state = ready(players=5)
    rally(state, [], [], [], [], [])
    place(state, {s: 87 for s in range(5)})
    for seat in range(5):
        give(state, seat, hand=[R4])
    round_of(state, 0, 1, 2, 3, 4)
    for _ in range(5):
        play(state, R4)
    assert state.is_terminal()
    assert state.points == [10, 4, 3, 2, 1]


def test_the_rally_points_of_the_last_round_are_scored_before_the_finish() -> None:
    state = ready(players=3)
    rally(state, [], [], [21])
    place(state, {0: 86, 1: 50})
    give(state, 0, hand=[R3])
    round_of(state, 0)
    play(state, R3)  # 86 -> 89: rally 21, the last checkpoint, the finish line
    assert state.checkpoint_holder[-1] == 0
    draws_of(state, 2)  # the last car's two cards
    assert state.mode_name == "reveal"
    everyone(state, A.PASS, but={2: A.REVEAL})
    assert state.is_terminal()
    assert state.points == [5 + 10, 4, 6]
    assert state.totals() == [17, 4, 6]


@pytest.mark.parametrize(("ahead", "card", "before"), [(2, R4, 3), (0, R3, 6)])
def test_final_scores_and_ties_broken_by_the_final_order(
    ahead: int, card: int, before: int
) -> None:
    """Scoring: 'Add up the scoring chips you've collected during the game, adding 2
    points for each checkpoint tile and rally point chip you have received. The
    player with the most points is the winner. If players are tied, the final order
    of the cars is the tiebreaker.'  Ruling: returns give the single winner 1.
    Seats 0 and 2 wait on 87 (seat 0 first); seat 0 finishes on 90; seat 2 passes it
    to 91, or arrives on 90 behind it; the points before make the totals equal."""
    state = ready(players=3)
    rally(state, [], [], [])
    state.checkpoint_holder[0] = 0
    state.chips[2] = [5]
    state.points = [0, 3, before]
    place(state, {0: 87, 2: 87})
    give(state, 0, hand=[R3])
    give(state, 2, hand=[card])
    round_of(state, 0, 2)
    play(state, R3)
    play(state, card)
    assert state.is_terminal()
    assert state.race_order()[0] == ahead
    totals = state.totals()
    assert totals[0] == totals[2] > totals[1] == 3
    assert totals[0] == state.points[0] + 2 == state.points[2] + 2
    assert state.scores() == [float(t) for t in totals]
    assert state.winners() == [ahead]
    assert state.returns() == [1.0 if s == ahead else 0.0 for s in range(3)]
    assert state.view(1)["winners"] == [ahead]


def test_two_player_variant_pays_five_and_four() -> None:
    """Option players: the box says 3-5; 2 is a variant with the same rules (only
    the 1st and 2nd place payouts exist, so nobody chooses cards)."""
    state = ready(players=2)
    rally(state, [], [1])
    give(state, 0, hand=[G1])
    place(state, {0: 9})
    round_of(state, 0)
    play(state, G1)
    draws_of(state, 0)
    state.apply_action(A.REVEAL, 1)
    assert state.points == [5, 8] and state.chips == [[1], []]
    assert state.mode_name != "reward" and state.round == 2


# ------------------------------------------------------------ the encoding
def test_action_encoding() -> None:
    """Ruling (encoding, actions.py): decisions 0-20, chance outcomes 0-31."""
    game = roadtrip.load_game("road-rally")
    assert game.num_distinct_actions() == A.NUM_ACTIONS == 21
    assert (A.GAS_BEFORE, A.GAS_AFTER) == (19, 20)
    assert game.max_chance_outcomes() == A.NUM_CHANCE == 32
    assert (A.PLAY_BASE, A.DONE_PLAYING, A.TAKE_SHORTCUT, A.SKIP_SHORTCUT) == (0, 6, 7, 8)
    assert (A.MECH_BASE, A.REVEAL, A.PASS, A.TAKE_POINTS, A.TAKE_CARDS) == (9, 15, 16, 17, 18)
    assert (A.CARD_BASE, A.RALLY_BASE, A.ORDER_BASE) == (0, 6, 27)
    state = ready(players=3)
    give(state, 0, hand=[Y3, Y2])
    round_of(state, 0)
    assert state.action_to_string(A.PLAY_BASE + Y3) == "plays a yellow 3"
    state.apply_action(A.PLAY_BASE + Y3)
    assert state.action_to_string(A.DONE_PLAYING) == "moves 3 spaces"


# --------------------------------------------- issue 11: rules corrections
def test_gas_before_or_after_is_the_players_choice_at_each_stop() -> None:
    """Gas: 'Shuffle your discarded cards together with your draw deck (if any)
    before or after you draw.'  The player chooses at each stop (option gas=choose,
    the default): actions GAS_BEFORE / GAS_AFTER, asked only when there is a draw."""
    for choice in (A.GAS_BEFORE, A.GAS_AFTER):
        state = ready(players=3)
        give(state, 0, hand=[G2], deck=[Y3])  # 19 cards in the discard pile
        place(state, {0: 10})
        round_of(state, 0, 1)
        play(state, G2)  # 10 -> 12, the Gas station
        assert state.mode_name == "gas" and state.current_player() == 0
        assert state.legal_actions() == [A.GAS_BEFORE, A.GAS_AFTER]
        assert state.view(1)["gas_draws"] == 2
        cards = state.cards[0]
        state.apply_action(choice)
        if choice == A.GAS_BEFORE:
            assert cards.deck_size == 21 and sum(cards.discard) == 0
            draw(state, 0, R4, G2)
            assert cards.deck_size == 19
        else:
            draw(state, 0, Y3)  # the deck had one card; the second draw finds none
            assert cards.deck_size == 20 and sum(cards.discard) == 0
        assert state.current_player() == 1
    state = ready(players=3)
    give(state, 0, hand=[R3], deck=[Y3])
    place(state, {0: 9})
    round_of(state, 0, 1)
    play(state, R3)  # 9 -> 12: a red move draws nothing, so there is nothing to ask
    assert state.cards[0].deck_size == 21 and state.current_player() == 1


def test_crossed_rally_points_are_taken_car_by_car_from_the_last_place_up() -> None:
    """Rally Scoring: 'Starting from the last place car and going up to the first
    place car, identify each rally point that was crossed this round.'  Rally 3
    (space 18) was left behind by a shortcut; the leader crosses 3 and 4 from
    behind, the last car crosses only 4: 4 comes first, not the lower number."""
    state = ready(players=3)
    state.rally_status[1] = state.rally_status[2] = "removed"
    state.checkpoint_holder[1] = 2  # the checkpoint on 24 is taken
    rally(state, [4, 11], [3, 12], [13, 14])
    give(state, 0, hand=[G1])
    give(state, 1, hand=[R4, R3, R3])
    place(state, {0: 22, 1: 15})
    round_of(state, 0, 1)
    play(state, G1)  # seat 0: 22 -> 23, rally 4
    draws_of(state, 0)
    play(state, R4, R3, R3)  # seat 1: 15 -> 25, rally 3 and rally 4
    assert state.race_order() == [1, 0, 2]
    assert state.mode_name == "reveal" and state.rally_current == 4
    everyone(state, A.PASS)
    assert state.mode_name == "reveal" and state.rally_current == 3


def test_the_mechanic_looks_the_same_to_others_whatever_the_hidden_cards() -> None:
    """Hidden information: the Mechanic's look is private, so what the others see
    (the log and their views) must not depend on the cards: the player places every
    card but the last, whether the five are all one kind or not."""

    def others_see(top: list[int]) -> list[Any]:
        state = ready(players=3, deck="green_heavy")
        give(state, 0, hand=[Y3])
        place(state, {0: 33})
        round_of(state, 0, 1)
        seen: list[Any] = []
        state.apply_action(A.PLAY_BASE + Y3)
        state.apply_action(A.DONE_PLAYING)  # 33 -> 36, the Mechanic
        cards = iter(top)
        while state.current_player() != 1:
            seat = state.current_player()
            action = next(cards) if seat == CHANCE else state.legal_actions()[0]
            seen.append(state.describe_action(action, seat, 1))
            state.apply_action(action, seat)
            seen.append(state.view(1))
        return seen

    one_kind = others_see([G1] * 5)
    assert one_kind == others_see([G1, G1, G1, G1, G2])
    assert one_kind == others_see([R4, G1, Y2, G2, R3])
    assert one_kind.count("reorders the top of the deck (Mechanic)") == 4


def test_redealt_mechanic_states_are_ones_real_play_reaches() -> None:
    """resample_hidden must give states the rules can reach: mid-Mechanic, the
    placements still asked are the same as in the real state, whatever cards the
    redeal gave (with the old rule, a redeal could leave only one kind in a state
    that still asked for placements)."""
    state = ready(players=3)
    give(state, 0, hand=[Y3])
    place(state, {0: 33})
    round_of(state, 0, 1)
    play(state, Y3)
    draw(state, 0, G1, G1, R4, G2, R3)
    state.apply_action(A.MECH_BASE + R4)
    left = state.view(1)["mechanic_placements_left"]
    assert left == 3

    def placements(s: RoadRallyState) -> int:
        n = 0
        while s.mode_name == "mechanic":
            s.apply_action(s.legal_actions()[0])
            n += 1
        return n

    rng = Random(3)
    for _ in range(60):
        redealt = state.resample_hidden(1, rng)
        assert isinstance(redealt, RoadRallyState)
        assert redealt.view(1) == state.view(1)
        assert redealt.mechanic_placements_left() == left
        assert placements(redealt) == left


def test_trigger_passed_means_on_or_beyond_in_help_code_and_doc() -> None:
    """Option trigger=passed: the help, the code and the doc say the same: a car on
    the rally point's space or beyond it (passing = moving onto or past a space)."""
    assert "on or beyond" in TRIGGER.doc
    doc = Path(__file__).parents[3] / "docs" / "rules" / "road-rally-usa.md"
    assert "on or beyond" in doc.read_text()
    state = ready(players=3, trigger="passed")
    rally(state, [], [1], [])
    give(state, 0, hand=[G1])
    give(state, 1, hand=[G1])
    place(state, {0: 8, 1: 9})
    round_of(state, 1, 0)
    play(state, G1)  # seat 1: 9 -> 10, on rally 1
    draws_of(state, 1)
    play(state, G1)  # seat 0: 8 -> 9
    draws_of(state, 0)
    assert state.legal_actions(1) == [A.REVEAL, A.PASS]


def test_the_move_text_says_the_spaces_actually_moved() -> None:
    """Ruling (the end of the track): a move never goes past the last space; the
    log says how far the car went, and '1 space' in the singular."""
    state = ready(players=3)
    give(state, 0, hand=[R4, R3, R4])
    place(state, {0: 90})
    round_of(state, 0)
    for card in (R4, R3, R4):
        state.apply_action(A.PLAY_BASE + card)
    assert state.action_to_string(A.DONE_PLAYING) == "moves 5 spaces"
    state = ready(players=3)
    give(state, 0, hand=[G1])
    round_of(state, 0)
    state.apply_action(A.PLAY_BASE + G1)
    assert state.action_to_string(A.DONE_PLAYING) == "moves 1 space"


def test_chance_texts_name_seats_with_mentions() -> None:
    """Chance texts use roadtrip.core.mention: names replace it; a card drawn is
    named only to its owner, the others read '<name> draws a card'."""
    names = ["Ann", "Ben", "Cy"]
    state = new(players=3)
    text = state.describe_action(A.ORDER_BASE + 1, CHANCE, 0, names)
    assert text == "Ben's car takes the next place in the starting row"
    state = ready(players=3)
    give(state, 1, hand=[G1])
    round_of(state, 1)
    play(state, G1)
    assert state.describe_action(A.CARD_BASE + Y2, CHANCE, 0, names) == "Ben draws a card"
    assert state.describe_action(A.CARD_BASE + Y2, CHANCE, 1, names) == "Ben draws a yellow 2"
    assert state.describe_action(A.CARD_BASE + Y2, CHANCE, None) == "seat 2 draws a card"


# ---------------------------------------------------------------- max_rounds
def test_max_rounds_ends_the_race_and_ranks_by_totals() -> None:
    """Option max_rounds (roadtrip.core.round_limit_option): a round is every car's
    turn and its rally scoring; after round N the race ends, ending() is
    "max_rounds", and the cars rank by total, ties broken by the race order."""
    state = ready(players=3, max_rounds=1)
    rally(state, [], [], [])
    for seat in (0, 1, 2):
        give(state, seat, hand=[G1])
    state.points = [3, 3, 1]
    next_round(state)
    for _ in range(3):
        play(state, G1)
        draws_of(state, state.mover)
    assert state.is_terminal() and state.ending() == "max_rounds"
    assert state.rounds_played() == 1 and not state.finishers
    first = min((0, 1), key=state.race_order().index)  # tied at 3: the car ahead wins
    assert state.winners() == [first] and state.returns()[first] == 1.0


def test_a_race_to_the_finish_ends_with_finish() -> None:
    state = finish_race(players=3)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(state.legal_actions()[0], seat)
    assert state.ending() == "finish" and state.rounds_played() == 1
