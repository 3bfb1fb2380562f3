"""Units of work per second of every thinking method: the calibration of ``--think``.

    PYTHONPATH=src python benchmarks/calibrate_budgets.py            # every method
    PYTHONPATH=src python benchmarks/calibrate_budgets.py mcts road-rally

Each thinking bot counts its own units of work (see ``roadtrip.bots.work``) and
turns "about ``seconds``" into units by a ``Calibration`` written beside it.  This
script measured those rates: it makes real decisions of each method, at a fixed
budget of units, on positions of games played by the base bots (fixed seeds), and
prints the units done per second of the process's CPU time (the decisions' whole
time: setup and ranking too).  CPU time rather than wall time, so that other work
on the machine changes the figures little (it still shares caches; run it on as
quiet a machine as you can): the constants say what one second of one core buys
on the reference machine, and they are written by hand into the modules (a
load-independent budget must not be measured at run time).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator
from random import Random

from roadtrip.bots import Bot, make_bot, observe
from roadtrip.bots.search.bot import iterations_calibration, make_mcts_bot
from roadtrip.core.chance import sample_chance
from roadtrip.core.game import Game
from roadtrip.core.registry import load_game
from roadtrip.core.state import State

Measure = Callable[[], tuple[float, float]]  # (units done, seconds)


def positions(game: Game, base: str, count: int, seed: int, every: int = 3) -> Iterator[State]:
    """``count`` states where someone decides, every ``every``-th decision of games
    played by ``base`` bots (seeded), skipping decisions with one legal action."""
    found, index = 0, 0
    while True:
        rng = Random(f"{seed}:{index}")
        state = game.new_initial_state()
        bots: list[Bot] = [make_bot(base, game) for _ in range(game.num_players())]
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            if len(state.legal_actions(seat)) > 1:
                decisions += 1
                if decisions % every == 0:
                    yield state.clone()
                    found += 1
                    if found >= count:
                        return
            state.apply_action(bots[seat].choose(observe(state, seat), rng), seat)
        index += 1


def mcts_rate(game_id: str, iterations: int = 300, count: int = 12) -> tuple[float, float]:
    game = load_game(game_id)
    bot = make_mcts_bot(game, iterations=iterations)
    done, spent = 0.0, 0.0
    for state in positions(game, "random", count, seed=1, every=5):
        seat = state.current_player()
        began = time.process_time()
        result = bot.search(observe(state, seat), Random(0))
        spent += time.process_time() - began
        done += result.iterations
    return done, spent


def race_expert_rate(game_id: str, players: int, steps: int, count: int) -> tuple[float, float]:
    from roadtrip.bots.open_road.expert import OpenRoadExpert
    from roadtrip.bots.road_rally.expert import RoadRallyExpert

    game = load_game(game_id, players=players)
    expert: RoadRallyExpert | OpenRoadExpert
    if game_id == "road-rally":
        expert = RoadRallyExpert(game, steps=steps, samples=None)
    else:
        expert = OpenRoadExpert(game, steps=steps, samples=None, setup_samples=10**6)
    done, spent, searched = 0.0, 0.0, 0
    for state in positions(game, "heuristic", count * 4, seed=2, every=2):
        if searched >= count:
            break
        seat = state.current_player()
        before = expert.last_result
        began = time.process_time()
        expert.choose(observe(state, seat), Random(0))
        took = time.process_time() - began
        result = expert.last_result
        if result is not None and result is not before and result.steps:
            done += result.steps
            spent += took
            searched += 1
    return done, spent


def road_to_300_rate(what: str, count: int = 40) -> tuple[float, float]:
    """Solo Road to 300, the expert's own decisions on a roll: ``one-roll``: every
    pair valued one roll deeper (``value_pairs``, whole, network included) per
    second; ``two-roll``: the best pair valued two rolls deeper per second."""
    from roadtrip.bots.road_to_300 import montecarlo, valued
    from roadtrip.bots.road_to_300.expert import settings_for
    from roadtrip.bots.road_to_300.planner import Sheet
    from roadtrip.games.road_to_300.rules import RoadTo300State
    from roadtrip.games.road_to_300.sheet import CROSS

    valued.warm_up()
    close_calls = valued.close_calls_module()
    game = load_game("road-to-300")
    done, spent = 0.0, 0.0
    for state in positions(game, "greedy", count * 3, seed=3, every=1):
        assert isinstance(state, RoadTo300State)
        sheet = state.sheets[0]
        if sheet.step != CROSS or count <= 0:
            continue
        count -= 1
        settings = settings_for(state.game, state, 0)  # type: ignore[arg-type]
        here = Sheet(sheet.crossed, sheet.circled, sheet.position)
        began = time.process_time()
        ranked = valued.value_pairs(settings, here, sheet.cross_options)
        took = time.process_time() - began
        if what == "one-roll":
            done += sum(1 for pair in ranked if pair.end is not None)
            spent += took
            continue
        top = next((pair for pair in ranked if pair.end is not None), None)
        if top is None or top.end is None:
            continue
        rules = settings.rules
        stand = 0 if sheet.position < 0 else 1 << sheet.position
        began = time.process_time()
        close_calls.lookahead_two(
            valued.shipped_weights(rules.cross_standing),
            sheet.crossed | 1 << top.cell | stand,
            sheet.circled | 1 << top.end,
            top.end,
            rules.target,
            rules.cross_standing,
            montecarlo.FINAL_CODES[settings.final_field],
        )
        spent += time.process_time() - began
        done += 1
    return done, spent


def rollouts_rate(count: int = 20, rollouts: int = 4000) -> tuple[float, float]:
    """Road to 300 with a round limit (the rollout search's games): rollouts per
    second of ``montecarlo.estimate_pairs`` (the rollouts it reports doing)."""
    from roadtrip.bots.road_to_300 import montecarlo
    from roadtrip.bots.road_to_300.expert import DEFAULT_ROLLOUT_WIDTH, settings_for
    from roadtrip.bots.road_to_300.planner import Sheet
    from roadtrip.games.road_to_300.rules import RoadTo300State
    from roadtrip.games.road_to_300.sheet import CROSS

    montecarlo.warm_up()
    game = load_game("road-to-300", max_rounds=30)
    done, spent = 0.0, 0.0
    for state in positions(game, "greedy", count * 3, seed=4, every=1):
        assert isinstance(state, RoadTo300State)
        sheet = state.sheets[0]
        if sheet.step != CROSS or count <= 0:
            continue
        count -= 1
        settings = settings_for(state.game, state, 0)  # type: ignore[arg-type]
        here = Sheet(sheet.crossed, sheet.circled, sheet.position)
        began = time.process_time()
        estimates = montecarlo.estimate_pairs(
            settings,
            here,
            sheet.cross_options,
            DEFAULT_ROLLOUT_WIDTH,
            rollouts,
            seed=count,
            rounds_left=30 - state.round,
        )
        spent += time.process_time() - began
        done += sum(e.rollouts for e in estimates)
    return done, spent


def _mcts_measure(game_id: str) -> Measure:
    return lambda: mcts_rate(game_id)


METHODS: dict[str, dict[str, Measure]] = {
    "mcts": {
        game_id: _mcts_measure(game_id)
        for game_id in (
            "get-your-kicks",
            "mileage-may-vary",
            "open-road",
            "road-rally",
            "road-to-300",
        )
    },
    "road-rally": {
        "2 cars": lambda: race_expert_rate("road-rally", 2, 3000, 12),
        "4 cars": lambda: race_expert_rate("road-rally", 4, 3000, 12),
    },
    "open-road": {
        "2 riders": lambda: race_expert_rate("open-road", 2, 4000, 12),
        "4 riders": lambda: race_expert_rate("open-road", 4, 1500, 12),
    },
    "road-to-300": {
        "one-roll look-aheads": lambda: road_to_300_rate("one-roll"),
        "two-roll look-aheads": lambda: road_to_300_rate("two-roll"),
        "rollouts (30 rounds)": rollouts_rate,
    },
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("method", nargs="?", choices=sorted(METHODS))
    parser.add_argument("case", nargs="?", help="one case of the method (e.g. road-rally)")
    args = parser.parse_args()
    for method, cases in METHODS.items():
        if args.method and method != args.method:
            continue
        for case, measure in cases.items():
            if args.case and case != args.case:
                continue
            done, spent = measure()
            written = (
                f" (written: {iterations_calibration(case).per_second:,.0f})"
                if method == "mcts"
                else ""
            )
            print(
                f"{method:12} {case:22} {done:>10,.0f} units in {spent:6.2f} s: "
                f"{done / spent:>10,.0f} units/s{written}",
                flush=True,
            )


if __name__ == "__main__":
    main()
