"""The Open Road ``expert`` between two riders (issue 12 item 2): common random
numbers per deck, dropping candidates that play out alike, and the route cards
and start searched by whole-race playouts; at more seats none of it."""

from __future__ import annotations

import time
from random import Random

import roadtrip
from roadtrip.bots import make_bot, observe
from roadtrip.bots.open_road.expert import (
    DUEL_SETUP_SAMPLES,
    DeckDraws,
    OpenRoadExpert,
    steps_calibration,
)
from roadtrip.bots.search.flat import FlatSettings, flat_search
from roadtrip.bots.work import safety_cap
from roadtrip.core import sample_chance
from roadtrip.core.state import State
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road.rules import OpenRoadState


def _chance_state(deck: int, seed: int = 5) -> OpenRoadState:
    """A two-rider race at a pending draw from ``deck`` (random play from a seed)."""
    game = roadtrip.load_game("open-road", players=2)
    for attempt in range(50):
        state = game.new_initial_state()
        rng = Random(seed + attempt)
        while not state.is_terminal():
            assert isinstance(state, OpenRoadState)
            if state.is_chance_node():
                if state.draw[0] == deck:
                    return state
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    raise AssertionError(f"no draw from deck {deck}")


def _decision(mode: int, players: int = 2) -> OpenRoadState:
    """A race at the first decision in ``mode`` (random play)."""
    state = roadtrip.load_game("open-road", players=players).new_initial_state()
    rng = Random(9)
    while True:
        assert isinstance(state, OpenRoadState)
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        if state.mode == mode and len(state.legal_actions(seat)) > 1:
            return state
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def test_deck_draws_give_the_kth_draw_of_a_deck_the_same_number_whatever_came_before() -> None:
    """Common random numbers per deck: a playout that drew a route card first
    picks up the same playing card as one that did not."""
    card_draw = _chance_state(F.D_CARD)
    route_draw = roadtrip.load_game("open-road", players=2).new_initial_state()
    assert route_draw.is_chance_node()
    for seed in range(30):
        plain = DeckDraws(seed)
        detour = DeckDraws(seed)
        detour(route_draw)  # a draw from another deck first
        assert plain(card_draw) == detour(card_draw)


def test_deck_draws_keep_the_decks_exact_odds() -> None:
    """Each deck's stream is uniform: over many playouts the cards come up as often
    as the deck's composition says (within five standard errors)."""
    state = _chance_state(F.D_CARD)
    outcomes = dict(state.chance_outcomes())
    runs = 3000
    counts: dict[int, int] = {}
    for seed in range(runs):
        card = DeckDraws(seed)(state)
        counts[card] = counts.get(card, 0) + 1
    for card, probability in outcomes.items():
        spread = 5 * (probability * (1 - probability) / runs) ** 0.5
        assert abs(counts.get(card, 0) / runs - probability) <= spread + 1e-9


def _identical_search(drop: bool) -> tuple[int, ...]:
    state = _chance_state(F.D_CARD)

    def value(final: State, seat: int) -> float:
        return float(final.history()[-1][1] % 7) + Random(len(final.history())).random()

    settings = FlatSettings(samples=20, depth=1, prune=0.0, drop_identical=drop)
    outcomes = [action for action, _ in state.chance_outcomes()]
    result = flat_search(
        lambda _r: state.clone(),
        0,
        [(), (), ()],  # three candidates that do nothing: every sample alike
        lambda s, p, r: 0,
        value,
        settings,
        Random(1),
        chance=lambda seed: lambda s: outcomes[seed % len(outcomes)],
    )
    return tuple(stats.samples for stats in result.candidates)


def test_flat_search_drops_candidates_that_play_out_exactly_like_an_earlier_one() -> None:
    """With ``drop_identical`` the search stops spending samples on candidates
    whose every sample matched an earlier candidate's (after ``min_samples``)."""
    assert _identical_search(drop=True) == (8, 8, 8)  # one left: the search ends
    assert _identical_search(drop=False) == (20, 20, 20)


def test_a_step_budget_stops_the_search_after_that_many_playout_actions() -> None:
    """``steps`` counts the playout actions of every candidate: three candidates
    of five actions each spend 15 a sample, so 45 buy three samples."""
    state = _decision(F.ACT)
    settings = FlatSettings(samples=100, depth=5, prune=0.0, steps=45)
    result = flat_search(
        lambda _r: state.clone(),
        state.current_player(),
        [(), (), ()],
        lambda s, p, r: s.legal_actions(p)[0],
        lambda s, p: 0.0,
        settings,
        Random(1),
    )
    assert result.samples == 3
    assert FlatSettings(samples=None, steps=10).steps == 10


def test_the_safety_cap_stops_a_stalled_search_and_says_so() -> None:
    """Time (the process's CPU time: ``bots.work.cap_clock``) only caps a search far
    above its budget: a search whose playouts stall (50 ms of CPU each here, two
    candidates a sample, a cap of 0.15 s) stops after the sample that crosses the
    cap, and the result is marked ``capped``."""
    state = _decision(F.ACT)

    def slow_value(final: State, seat: int) -> float:
        until = time.process_time() + 0.05  # work, not waiting: a sleep uses no CPU
        while time.process_time() < until:
            sum(range(1000))
        return 0.0

    settings = FlatSettings(samples=10, cap=0.15, depth=0)
    result = flat_search(
        lambda _r: state.clone(),
        state.current_player(),
        [(), ()],
        lambda s, p, r: 0,
        slow_value,
        settings,
        Random(1),
    )
    assert result.capped
    assert 1 <= result.samples <= 2
    quick = flat_search(
        lambda _r: state.clone(),
        state.current_player(),
        [(), ()],
        lambda s, p, r: 0,
        lambda s, p: 0.0,
        FlatSettings(samples=10, cap=60.0, depth=0),
        Random(1),
    )
    assert not quick.capped and quick.samples == 10


def test_the_registered_expert_turns_its_seconds_into_playout_actions() -> None:
    """``--think 0.3`` asks for about 0.3 s: the registered expert gets the playout
    actions 0.3 s buy on the reference machine (by the number of riders), and wall
    time only as the safety cap."""
    for riders in (2, 4):
        bot = make_bot("expert", roadtrip.load_game("open-road", players=riders), think=0.3)
        assert isinstance(bot, OpenRoadExpert)
        assert bot.settings.steps == steps_calibration(riders).units(0.3)
        assert bot.settings.cap == safety_cap(0.3)


def test_the_duel_expert_searches_the_route_cards_by_whole_race_samples() -> None:
    """Between two riders a route card is judged by DUEL_SETUP_SAMPLES whole-race
    playouts (at most, fewer if the two play out alike); the turn's actions by the
    expert's own sample budget."""
    game = roadtrip.load_game("open-road", players=2)
    expert = OpenRoadExpert(game, seconds=None, samples=3, setup_samples=11)
    state = _decision(F.KEEP)
    seat = state.current_player()
    expert.choose(observe(state, seat), Random(1))
    assert expert.last_result is not None
    assert 8 <= expert.last_result.samples <= 11
    default = OpenRoadExpert(game, seconds=None, samples=3)
    assert default.setup_settings is not None
    assert default.setup_settings.samples == DUEL_SETUP_SAMPLES
    acting = _decision(F.ACT)
    expert.choose(observe(acting, acting.current_player()), Random(1))
    assert expert.last_result is not None and expert.last_result.samples <= 3


def test_at_four_seats_the_expert_searches_as_before() -> None:
    """The duel's search settings apply to two riders only: four-rider races keep
    the measured search (one generator per playout, no dropping, setup cut off)."""
    table = OpenRoadExpert(roadtrip.load_game("open-road", players=4), seconds=None, samples=2)
    assert table.setup_settings is None
    assert not table.deck_draws
    assert not table.settings.drop_identical
    duel = OpenRoadExpert(roadtrip.load_game("open-road", players=2), seconds=None, samples=2)
    assert duel.deck_draws and duel.settings.drop_identical
