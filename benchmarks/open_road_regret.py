"""How much win chance The Open Road heuristic's own choices give up between two
riders, by kind of decision, judged by whole-race playouts.

    PYTHONPATH=src nice -n 15 python benchmarks/open_road_regret.py --first 0 --deals 3 \
        --samples 40 --act-every 4

Races of the heuristic (duel weights, :func:`duel_weights`) against itself on
deals ``game_rngs(seed, i)``; at each route card, start, hotel and every
``--act-every``-th turn action, the heuristic's choice and its two next-best
(``ranked_actions``) are each played out ``--samples`` times to the end of the
race (the expert's playouts: draws per deck, the heuristic in both seats).  The
choice a search would make on the first half of the samples is judged on the
second half against the heuristic's own: the mean of that difference is an
unbiased estimate of what such a search gains a decision (positive: the
heuristic errs there).  Printed after each deal: per kind, (decisions, mean
gain, decisions where the best of all samples is not the heuristic's).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from random import Random

from roadtrip.bots.open_road.bot import decide
from roadtrip.bots.open_road.evaluation import Weights
from roadtrip.bots.open_road.expert import DeckDraws, HeuristicPolicy, duel_weights, ranked_actions
from roadtrip.core import sample_chance
from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road.rules import OpenRoadState
from roadtrip.sim.runner import game_rngs

KINDS = {F.KEEP: "keep", F.ORIGIN: "origin", F.ACT: "act", F.HOTEL: "hotel"}


def whole_races(state: State, seat: int, action: int, seeds: list[int]) -> list[float]:
    """``seat``'s result of ``action`` then the heuristic to the end, per seed."""
    policy = HeuristicPolicy(Weights(), {seat: duel_weights(Weights())})
    out = []
    for seed in seeds:
        race = state.clone()
        race.apply_action(action, seat)
        draw, rng = DeckDraws(seed), Random(seed)
        while not race.is_terminal():
            if race.is_chance_node():
                race.apply_action(draw(race))
            else:
                mover = race.current_player()
                race.apply_action(policy(race, mover, rng), mover)
        out.append(race.returns()[seat])
    return out


def judge(state: OpenRoadState, seat: int, first: int, seeds: list[int]) -> tuple[float, bool]:
    """The gain of choosing among the heuristic's three best on the first half of
    the seeds, judged on the second half; and whether the best on all of them is
    not the heuristic's ``first``."""
    weights = duel_weights(Weights())
    ranked = ranked_actions(state, seat, state.legal_actions(seat), weights)
    candidates = [first, *[a for a in ranked if a != first][:2]]
    values = [whole_races(state, seat, a, seeds) for a in candidates]
    half = len(seeds) // 2
    chosen = max(range(len(candidates)), key=lambda i: sum(values[i][:half]))
    gain = (sum(values[chosen][half:]) - sum(values[0][half:])) / (len(seeds) - half)
    best = max(range(len(candidates)), key=lambda i: sum(values[i]))
    return gain, best != 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--act-every", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = load_game("open-road", players=2)
    weights = duel_weights(Weights())
    gains: dict[str, list[float]] = defaultdict(list)
    switched: dict[str, int] = defaultdict(int)
    n = args.samples
    started = time.perf_counter()
    for deal in range(args.first, args.first + args.deals):
        chance, _ = game_rngs(args.seed, deal)
        state = game.new_initial_state()
        acts = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, chance))
                continue
            assert isinstance(state, OpenRoadState)
            seat = state.current_player()
            legal = state.legal_actions(seat)
            first = decide(state, seat, legal, weights)
            kind = KINDS.get(state.mode)
            if kind is not None and len(legal) > 1:
                searched = state.mode != F.ACT or acts % args.act_every == 0
                acts += state.mode == F.ACT
                if searched:
                    seeds = [Random(f"{deal}:{acts}:{k}").getrandbits(60) for k in range(n)]
                    gain, switch = judge(state, seat, first, seeds)
                    gains[kind].append(gain)
                    switched[kind] += switch
            state.apply_action(first if first in legal else legal[0], seat)
        summary = {k: (len(v), round(sum(v) / len(v), 3), switched[k]) for k, v in gains.items()}
        print(deal, f"{time.perf_counter() - started:.0f} s", summary, flush=True)


if __name__ == "__main__":
    main()
