"""The contract every registered game keeps (docs/architecture.md, "The game core").

Each test runs for every configuration that ``conftest.py`` derives from
``roadtrip.list_games()``: random playouts to the end over many seeds, and a
Hypothesis property test over arbitrary paths, check that

* a non-terminal state has a chance node or active seats, each with legal actions
  in ``range(num_distinct_actions())``, and ``current_player()`` is the lowest
  active seat;
* chance outcomes are unique, in ``range(max_chance_outcomes())``, positive, and
  sum to 1 (floats within 1e-9, ``chance_outcomes_exact()`` exactly);
* every illegal action raises an ``IllegalMove`` and changes nothing;
* clones are independent, records replay every intermediate state, corrupt
  records raise ``CorruptRecord``, a seed fixes the match;
* views are JSON data, and a seat cannot tell determinizations apart.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roadtrip.core import (
    CHANCE,
    TERMINAL,
    ChanceSampler,
    CorruptRecord,
    Game,
    GameOver,
    IllegalMove,
    InvalidSeat,
    MatchRecord,
    NotYourTurn,
    SeedMismatch,
    State,
    replay,
    replay_states,
    sample_chance,
)

PLAYOUT_SEEDS = 200  # cheap invariants, every step of up to 200 matches per configuration
PLAYOUT_STEPS = 8_000  # ... or fewer matches for long games, about this many steps in all
LONG_MATCH = 2_000  # steps: a random match this long already covers a lot on its own
DEEP_STATES = 250  # expensive checks (illegal moves, views, clones): states per configuration
_LENGTHS: dict[str, int] = {}


def typical_length(game: Game) -> int:
    """Steps in a random match of this configuration (measured once, on 3 matches)."""
    key = repr(game)
    if key not in _LENGTHS:
        _LENGTHS[key] = max(1, sum(len(playout(game, s).history()) for s in range(3)) // 3)
    return _LENGTHS[key]


def playout_seeds(game: Game) -> int:
    """How many whole random matches the cheap checks play: 200, fewer for long games
    (never fewer than 20, or 4 where a random match runs to thousands of steps, as The
    Open Road's random riders wander for hundreds of rounds)."""
    length = typical_length(game)
    floor = 20 if length <= LONG_MATCH else 4
    return max(floor, min(PLAYOUT_SEEDS, PLAYOUT_STEPS // length))


def whole_match_seeds(game: Game) -> range:
    """Seeds for the checks that follow a few whole matches step by step: 4, or 2
    where a random match runs to thousands of steps."""
    return range(4 if typical_length(game) <= LONG_MATCH else 2)


# ------------------------------------------------------------------ helpers
def random_step(state: State, rng: Random) -> tuple[int, int]:
    """Apply one random step (a chance outcome by its odds, or a random active
    seat's random legal action) and return it as ``(seat, action)``."""
    if state.is_chance_node():
        outcome = sample_chance(state, rng)
        state.apply_action(outcome)
        return CHANCE, outcome
    seat = rng.choice(state.active_seats())
    action = rng.choice(state.legal_actions(seat))
    state.apply_action(action, seat)
    return seat, action


def playout(game: Game, seed: int, visit: Callable[[State], None] | None = None) -> State:
    """Play a random match to the end, calling ``visit`` on every state on the way."""
    rng = Random(seed)
    state = game.new_initial_state()
    limit = game.max_game_length()
    while True:
        if visit is not None:
            visit(state)
        if state.is_terminal():
            return state
        random_step(state, rng)
        if limit is not None and len(state.history()) > limit:
            pytest.fail(f"seed {seed}: the match ran past max_game_length() = {limit}")


def states_of(game: Game, seed: int) -> Iterator[State]:
    """Every state of a random match (the live state: do not keep it)."""
    rng = Random(seed)
    state = game.new_initial_state()
    limit = game.max_game_length()
    yield state
    while not state.is_terminal():
        random_step(state, rng)
        if limit is not None and len(state.history()) > limit:
            pytest.fail(f"seed {seed}: the match ran past max_game_length() = {limit}")
        yield state


def deep_states(game: Game) -> Iterator[State]:
    """DEEP_STATES states from random matches (whole matches, at least three)."""
    seen = 0
    # Long matches are sampled with a stride so that three of them still give about
    # DEEP_STATES states, from the first to the last.
    stride = max(1, 3 * typical_length(game) // DEEP_STATES)
    for seed in itertools.count():
        if seen >= DEEP_STATES and seed >= 3:
            return
        for index, state in enumerate(states_of(game, seed)):
            if index % stride == 0 or state.is_terminal():
                seen += 1
                yield state


def turn_snapshot(state: State) -> tuple[Any, ...]:
    """Whose turn it is, what they may do, and what happened so far."""
    n = state.num_players()
    return (
        state.history(),
        state.current_player(),
        state.active_seats(),
        state.legal_actions(),
        [state.legal_actions(seat) for seat in range(n)],
        state.returns(),
        state.is_terminal(),
    )


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything observable about a state, to detect any change."""
    return (state.view(None), *turn_snapshot(state))


def step_choices(state: State) -> list[tuple[int, int]]:
    """Every ``(seat, action)`` that may be applied now (seat CHANCE for chance)."""
    if state.is_terminal():
        return []
    if state.is_chance_node():
        return [(CHANCE, action) for action, _ in state.chance_outcomes()]
    return [(seat, a) for seat in state.active_seats() for a in state.legal_actions(seat)]


def check_chance_node(state: State, game: Game) -> None:
    outcomes = state.chance_outcomes()
    exact = state.chance_outcomes_exact()
    actions = [action for action, _ in outcomes]
    assert actions, "a chance node has outcomes"
    assert len(set(actions)) == len(actions), f"duplicate chance outcomes {actions}"
    for action, probability in outcomes:
        assert type(action) is int and 0 <= action < game.max_chance_outcomes()
        assert isinstance(probability, float) and probability > 0.0
    assert abs(sum(p for _, p in outcomes) - 1.0) <= 1e-9
    assert [action for action, _ in exact] == actions
    assert all(isinstance(p, Fraction) and p > 0 for _, p in exact)
    assert sum((p for _, p in exact), Fraction(0)) == Fraction(1)
    for (_, p_float), (_, p_exact) in zip(outcomes, exact, strict=True):
        assert abs(p_float - float(p_exact)) <= 1e-12
    assert state.legal_actions() == actions


def check_invariants(state: State, game: Game) -> None:
    """The per-state contract of ``State`` (docs/architecture.md)."""
    n = game.num_players()
    assert state.num_players() == n
    returns = state.returns()
    assert len(returns) == n, "returns() has one entry per seat"
    limit = game.max_game_length()
    if limit is not None:
        assert len(state.history()) <= limit
    current = state.current_player()
    if state.is_terminal():
        assert current == TERMINAL
        assert not state.is_chance_node()
        assert state.active_seats() == ()
        assert state.legal_actions() == []
        assert all(state.legal_actions(seat) == [] for seat in range(n))
        return
    assert all(r == 0 for r in returns), "returns are all zeros before the end"
    if state.is_chance_node():
        assert current == CHANCE
        assert state.active_seats() == ()
        assert all(state.legal_actions(seat) == [] for seat in range(n))
        check_chance_node(state, game)
        return
    with pytest.raises(NotYourTurn):
        state.chance_outcomes()
    with pytest.raises(NotYourTurn):
        state.chance_outcomes_exact()
    active = state.active_seats()
    assert 0 <= current < n
    assert active, "a decision node has active seats"
    assert len(set(active)) == len(active)
    assert current in active and current == min(active)
    for seat in range(n):
        legal = state.legal_actions(seat)
        if seat not in active:
            assert legal == [], f"inactive seat {seat} has legal actions"
            continue
        assert legal, f"active seat {seat} has no legal action"
        assert legal == sorted(set(legal)), "legal actions are sorted and unique"
        assert all(type(a) is int and 0 <= a < game.num_distinct_actions() for a in legal)
    assert state.legal_actions() == state.legal_actions(current)


# ------------------------------------------------------ playouts to the end
def test_random_playouts_keep_the_state_contract(game: Game) -> None:
    """Many random matches: the contract holds at every state, every match ends
    within max_game_length(), and the returns have one entry per seat."""
    for seed in range(playout_seeds(game)):
        final = playout(game, seed, lambda s: check_invariants(s, game))
        assert final.is_terminal()
        returns = final.returns()
        assert len(returns) == game.num_players()
        assert all(isinstance(r, float) for r in returns)


def test_action_to_string_names_every_legal_action(game: Game) -> None:
    for state in deep_states(game):
        for seat, action in step_choices(state):
            text = state.action_to_string(action, None if seat == CHANCE else seat)
            assert isinstance(text, str) and text.strip(), (seat, action)


def test_describe_action_gives_every_viewer_words(game: Game) -> None:
    """The server's game log: every action, described before it is applied, reads as
    words for every seat and for spectators, and a bad viewer is refused."""
    viewers: list[int | None] = [None, *range(game.num_players())]
    for state in deep_states(game):
        for seat, action in step_choices(state):
            for viewer in viewers:
                text = state.describe_action(action, seat, viewer)
                assert isinstance(text, str) and text.strip(), (seat, action, viewer)
        with pytest.raises(InvalidSeat):
            state.describe_action(0, CHANCE, game.num_players())


# ------------------------------------------------------------ illegal moves
def illegal_attempts(state: State, game: Game) -> list[tuple[type[Exception], Any, Any]]:
    """``(expected error, action, seat)`` for actions the state must refuse."""
    n = game.num_players()
    attempts: list[tuple[type[Exception], Any, Any]] = []
    if state.is_terminal():
        for action in (0, 1, -1, "0", None):
            attempts.append((GameOver, action, None))
            attempts.append((GameOver, action, 0))
        return attempts
    attempts += [(IllegalMove, bad, None) for bad in ("0", 1.0, None, True, [0])]
    if state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        impossible = [a for a in range(game.max_chance_outcomes()) if a not in outcomes]
        for action in (-1, game.max_chance_outcomes(), *impossible[:3]):
            attempts.append((IllegalMove, action, None))
        # A decision at a chance node, by any seat, even with a valid outcome.
        attempts += [(NotYourTurn, outcomes[0], seat) for seat in range(n)]
        return attempts
    active = state.active_seats()
    for seat in active:
        legal = state.legal_actions(seat)
        unused = [a for a in range(game.num_distinct_actions()) if a not in legal]
        for action in (-1, game.num_distinct_actions(), 10**9, *unused[:2]):
            attempts.append((IllegalMove, action, seat))
    someone_legal = state.legal_actions(active[0])[0]
    for seat in range(n):
        if seat not in active:
            attempts.append((NotYourTurn, someone_legal, seat))
    for seat in (n, -2, "0", 1.5):
        attempts.append((InvalidSeat, someone_legal, seat))
    return attempts


def test_illegal_actions_raise_and_change_nothing(game: Game) -> None:
    """Out of range, not legal, not an int, by a seat that may not act, a decision at
    a chance node, anything after the end: a typed error, and the state unchanged."""
    for state in deep_states(game):
        before, turn = snapshot(state), turn_snapshot(state)
        for expected, action, seat in illegal_attempts(state, game):
            with pytest.raises(expected):
                state.apply_action(action, seat)
            assert turn_snapshot(state) == turn, (expected, action, seat)
        assert snapshot(state) == before


def test_illegal_move_hierarchy() -> None:
    """Turn and game-over errors are IllegalMoves, so one except clause catches them."""
    assert issubclass(NotYourTurn, IllegalMove)
    assert issubclass(GameOver, IllegalMove)


# ----------------------------------------------------------------- clones
def test_clones_are_independent(game: Game) -> None:
    """Mutating a clone leaves the original untouched, and the other way round."""
    for seed in whole_match_seeds(game):
        rng = Random(seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            before = snapshot(state)
            copy = state.clone()
            assert snapshot(copy) == before
            if step % max(7, typical_length(game) // 10) == 0:
                playout_rng = Random(seed * 1000 + step)
                while not copy.is_terminal():
                    random_step(copy, playout_rng)
                assert snapshot(state) == before, "playing a clone changed the original"
                copy = state.clone()
            random_step(state, rng)
            assert snapshot(copy) == before, "playing the original changed its clone"
            step += 1


# ---------------------------------------------------------------- records
def test_record_round_trip_replays_every_state(game: Game) -> None:
    """A record survives JSON and replays every intermediate state and the returns."""
    for seed in whole_match_seeds(game):
        seen: list[str] = []
        final = playout(game, seed, lambda s, seen=seen: seen.append(json.dumps(s.view(None))))
        # The playout's chance is its own generator, no seed's draws: no seed.
        record = MatchRecord.of(final, None, note="conformance")
        again = MatchRecord.from_json(record.to_json())
        assert again == record
        assert again.returns == tuple(final.returns())
        replayed = [json.dumps(s.view(None)) for s in replay_states(again)]
        assert replayed == seen
        end = replay(again)
        assert end.history() == final.history()
        assert end.returns() == final.returns()


def test_record_of_an_unfinished_match_replays(game: Game) -> None:
    rng = Random(1)
    state = game.new_initial_state()
    for _ in range(5):
        if state.is_terminal():
            break
        random_step(state, rng)
    record = MatchRecord.from_json(MatchRecord.of(state, None).to_json())
    assert (record.returns is None) == (not state.is_terminal())
    assert snapshot(replay(record)) == snapshot(state)


def corrupt_variants(game: Game, data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """``(what is wrong, record text)`` for records that must be refused."""

    def variant(**changes: Any) -> str:
        return json.dumps({**data, **changes})

    actions: list[list[int]] = data["actions"]
    yield "bad JSON", json.dumps(data)[:-3]
    yield "not an object", json.dumps([data])
    yield "wrong format", variant(format="chess-pgn")
    yield "wrong version", variant(version=99)
    yield "unknown game", variant(game="no-such-game")
    yield "unknown option", variant(options={**data["options"], "no_such_option": 1})
    for option in game.options_spec:
        bad: Any = {"choice": "no-such-choice", "bool": "yes", "int": True}[option.kind]
        yield f"bad value for {option.name}", variant(options={**data["options"], option.name: bad})
    yield "seed not an int", variant(seed="abc")
    yield "actions not a list", variant(actions={"0": 1})
    yield "action not a pair", variant(actions=[[CHANCE], *actions[1:]])
    yield "action not ints", variant(actions=[[CHANCE, "0"], *actions[1:]])
    yield "returns not numbers", variant(returns=["win"])
    yield "meta not an object", variant(meta=[])
    yield "truncated actions, claimed result", variant(actions=actions[:-1])
    yield "action after the end", variant(actions=[*actions, actions[-1]])
    yield "wrong returns", variant(returns=[r + 1.0 for r in data["returns"]])
    yield "returns of the wrong length", variant(returns=[*data["returns"], 0.0])

    # Action- and seat-level corruption, found by walking the real match.
    state = game.new_initial_state()
    n = game.num_players()
    done: set[str] = set()
    for index, (seat, action) in enumerate(actions):

        def at(index: int, pair: list[int]) -> list[list[int]]:
            return [*actions[:index], pair, *actions[index + 1 :]]

        if seat == CHANCE and "chance" not in done:
            done.add("chance")
            possible = {a for a, _ in state.chance_outcomes()}
            yield "chance outcome out of range", variant(actions=at(index, [CHANCE, -1]))
            yield "chance outcome by a seat", variant(actions=at(index, [0, action]))
            others = sorted(possible - {action})
            if others:  # possible, but not what the record's seed draws there
                yield (
                    "chance outcome its seed does not draw",
                    variant(actions=at(index, [CHANCE, others[0]]), returns=None),
                )
            impossible = [a for a in range(game.max_chance_outcomes()) if a not in possible]
            if impossible:
                bad_roll = [CHANCE, impossible[0]]
                yield "impossible chance outcome", variant(actions=at(index, bad_roll))
        if seat >= 0 and "decision" not in done:
            done.add("decision")
            yield "decision out of range", variant(actions=at(index, [seat, -1]))
            yield "decision recorded as chance", variant(actions=at(index, [CHANCE, action]))
            yield "decision by a missing seat", variant(actions=at(index, [n, action]))
        if seat >= 0 and "illegal" not in done:
            legal = state.legal_actions(seat)
            illegal = [a for a in range(game.num_distinct_actions()) if a not in legal]
            if illegal:  # some games allow every action at most decisions
                done.add("illegal")
                yield "illegal decision", variant(actions=at(index, [seat, illegal[0]]))
        if seat >= 0 and "inactive" not in done:
            inactive = [s for s in range(n) if s not in state.active_seats()]
            if inactive:
                done.add("inactive")
                wrong_seat = [inactive[0], action]
                yield "decision by a seat not to act", variant(actions=at(index, wrong_seat))
        state.apply_action(action, seat)


def test_corrupt_records_raise_corrupt_record(game: Game) -> None:
    """Bad JSON, wrong format, unknown game, bad option, illegal action, truncated
    actions with a claimed result, wrong returns, seat mismatch: CorruptRecord."""
    final = seeded_playout(game, 3)
    data = MatchRecord.of(final, 3).to_dict()
    assert data["format"] == "roadtrip-match-record"
    names = []
    for what, text in corrupt_variants(game, data):
        names.append(what)
        with pytest.raises(CorruptRecord):
            replay(MatchRecord.from_json(text))
        with pytest.raises(CorruptRecord):
            # Walk the states without keeping them: a random Open Road match runs to
            # tens of thousands of steps, and every state holds its own history.
            deque(replay_states(MatchRecord.from_json(text)), maxlen=0)
    for required in (
        "decision out of range",
        "chance outcome by a seat",
        "decision recorded as chance",
    ):
        assert required in names
    if game.id == "road-to-300":  # every decision there leaves most actions illegal
        assert "illegal decision" in names
    assert replay(MatchRecord.from_json(json.dumps(data))).returns() == final.returns()


def test_a_record_replays_only_the_draws_of_its_seed(game: Game) -> None:
    """A match's record verifies by its seed; another possible outcome at a chance
    step (the first three that offer one) is refused, naming that step; so is the
    same record under another seed."""
    final = seeded_playout(game, 5)
    record = MatchRecord.from_json(MatchRecord.of(final, 5).to_json())
    assert record.verified_by_seed
    assert replay(record).history() == final.history()
    state, forged = game.new_initial_state(), 0
    for index, (seat, action) in enumerate(record.actions):
        others = [a for a, _ in state.chance_outcomes() if a != action] if seat == CHANCE else []
        if others and forged < 3:
            forged += 1
            changed = (*record.actions[:index], (CHANCE, others[-1]), *record.actions[index + 1 :])
            with pytest.raises(SeedMismatch, match=rf"^action {index} \(chance: .* seed 5 draws"):
                deque(replay_states(replace(record, actions=changed, returns=None)), maxlen=0)
        if forged == 3:
            break
        state.apply_action(action, None if seat == CHANCE else seat)
    assert forged > 0
    with pytest.raises(SeedMismatch, match="seed 6 draws there"):
        replay(replace(record, seed=6))


# ------------------------------------------------------------ determinism
def seeded_playout(game: Game, seed: int) -> State:
    """A match whose chance comes from ChanceSampler(seed), as a Match draws it, and
    whose decisions come from a bot with Random(seed)."""
    sampler = ChanceSampler(seed)
    rng = Random(seed)
    state = game.new_initial_state()
    draws = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sampler.draw(state, draws))
            draws += 1
        else:
            seat = rng.choice(state.active_seats())
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return state


def seeded_history(game: Game, seed: int) -> list[tuple[int, int]]:
    """The history of :func:`seeded_playout`."""
    return seeded_playout(game, seed).history()


def test_same_seed_same_match(game: Game) -> None:
    histories = [seeded_history(game, seed) for seed in range(10)]
    assert histories == [seeded_history(type(game)(**game.options), seed) for seed in range(10)]
    assert len({tuple(h) for h in histories}) > 1, "different seeds should differ"


_CHILD = """
import json, sys
sys.path.insert(0, {tests!r})
import roadtrip
from test_conformance import seeded_history
game = roadtrip.load_game({game_id!r}, **json.loads({options!r}))
print(json.dumps([seeded_history(game, seed) for seed in range(3)]))
"""


def test_same_seed_same_match_in_another_process(default_game: Game) -> None:
    """No dependence on hash randomization or process state: another interpreter
    with a different PYTHONHASHSEED plays the same matches."""
    game = default_game
    expected = [[list(pair) for pair in seeded_history(game, seed)] for seed in range(3)]
    code = _CHILD.format(
        tests=os.path.dirname(__file__),
        game_id=game.id,
        options=json.dumps(game.options),
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == expected


# ------------------------------------------------------------------ views
def check_views(state: State, game: Game, rngs: int) -> None:
    n = game.num_players()
    before = snapshot(state)
    spectator = state.view(None)
    assert json.loads(json.dumps(spectator)) == spectator
    for seat in range(n):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, "a view is JSON data"
        for k in range(rngs):
            other = state.resample_hidden(seat, Random(k))
            assert other.view(seat) == view, f"seat {seat} can tell a determinization apart"
            assert other.current_player() == state.current_player()
            assert other.active_seats() == state.active_seats()
            assert other.legal_actions(seat) == state.legal_actions(seat)
            if game.info.perfect_information:
                assert other.view(None) == spectator
                assert other.history() == state.history()
    assert snapshot(state) == before, "views and resampling change nothing"


def test_views_are_json_and_determinizations_look_the_same(game: Game) -> None:
    """view(seat) survives json.dumps/loads unchanged, and equals the view of every
    resample_hidden(seat, rng); perfect-information games resample to the same state."""
    for index, state in enumerate(deep_states(game)):
        check_views(state, game, rngs=8 if index % 10 == 0 else index % 2)


def test_view_rejects_a_missing_seat(game: Game) -> None:
    state = game.new_initial_state()
    with pytest.raises(InvalidSeat):
        state.view(state.num_players())
    with pytest.raises(InvalidSeat):
        state.resample_hidden(-2, Random(0))


# ------------------------------------------------------- Hypothesis paths
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(choices=st.lists(st.integers(min_value=0, max_value=2**20), max_size=250))
def test_invariants_hold_along_arbitrary_paths(game: Game, choices: list[int]) -> None:
    """Any path (each choice picks among every applicable chance outcome or active
    seat's legal action, regardless of odds) keeps the contract; the state it ends
    in clones, views and replays faithfully."""
    state = game.new_initial_state()
    for choice in choices:
        check_invariants(state, game)
        options = step_choices(state)
        if not options:
            break
        seat, action = options[choice % len(options)]
        state.apply_action(action, None if seat == CHANCE else seat)
    check_invariants(state, game)
    before = snapshot(state)
    assert snapshot(state.clone()) == before
    check_views(state, game, rngs=2)
    record = MatchRecord.from_json(MatchRecord.of(state, None).to_json())
    assert snapshot(replay(record)) == before
    for expected, action, seat in illegal_attempts(state, game):
        with pytest.raises(expected):
            state.apply_action(action, seat)
    assert snapshot(state) == before
