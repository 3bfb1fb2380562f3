"""Bots: the protocol, and the registered kinds (random, greedy, threshold, ...)."""

from roadtrip.bots.base import (
    Bot,
    Observation,
    Remembers,
    UnknownBot,
    bot_names,
    bot_summary,
    bot_thinks,
    make_bot,
    observe,
    register_bot,
)
from roadtrip.bots.main_street import (
    MAIN_STREET_GAMES,
    make_push_your_luck_bot,
    make_threshold_bot,
)
from roadtrip.bots.main_street import make_expert_bot as make_main_street_expert
from roadtrip.bots.open_road import OpenRoadBot, make_open_road_bot
from roadtrip.bots.random_bot import RandomBot
from roadtrip.bots.road_rally import (
    ROAD_RALLY_COLOR_BOTS,
    RoadRallyBot,
    road_rally_bot_factory,
)
from roadtrip.bots.road_to_300.greedy import GreedyRoadTo300Bot
from roadtrip.core.game import Game

register_bot("random", RandomBot, "uniform random among the legal actions")


def make_road_to_300_expert(game: Game, seconds: float = 1.0) -> Bot:
    """Road to 300's expert.  Solo: the planner with compiled rollouts, imported on
    first use (it needs numpy, which a plain ``import roadtrip.bots`` -- the CLI, the
    server, the AI adapters -- should not load).  Competitive (2-6 sheets): the
    generic tree search, which finished ahead of the solo planner in 79% of their
    two-seat games (benchmarks/README.md, "Road to 300, competitive"): racing a
    rival's sheet is not the solo goal of reaching 300."""
    if game.num_players() > 1:
        bot = make_mcts_bot(game, seconds=seconds)
        bot.name = "expert"
        return bot
    from roadtrip.bots.road_to_300.expert import make_expert_bot

    return make_expert_bot(game, seconds=seconds)


register_bot(
    "greedy",
    GreedyRoadTo300Bot,
    "one decision ahead: the most valuable field now, cheap crossings, then mobility",
    games=("road-to-300",),
)
register_bot(
    "expert",
    make_road_to_300_expert,
    "expert: the most points now while 300 stays reachable (the open fields it can "
    "still reach), and in the endgame an expectimax over all 56 next rolls",
    games=("road-to-300",),
)
register_bot(
    "threshold",
    make_threshold_bot,
    "stops at a fixed number of cubes (Get Your Kicks) or fill-ups (Your Mileage May "
    "Vary), or earlier when the odds turn",
    games=MAIN_STREET_GAMES,
)
register_bot(
    "push-your-luck",
    make_push_your_luck_bot,
    "exact odds from the bag: goes on while the expected gain beats the expected loss",
    games=MAIN_STREET_GAMES,
)
register_bot(
    "expert",
    make_main_street_expert,
    "solo: the solved policy for the fewest expected turns (dynamic programming over "
    "the bag and the mat); several mats: each turn solved for the best chance to win",
    games=MAIN_STREET_GAMES,
    thinks=True,  # no time budget, but solving a turn takes up to tens of ms
)
register_bot(
    "heuristic",
    road_rally_bot_factory(),
    "races to lead where its rally points are scored, reveals them from a good place, "
    "keeps its deck turning (greens when short, Gas, Mechanic, shortcuts)",
    games=("road-rally",),
)
register_bot(
    "heuristic",
    make_open_road_bot,
    "rides the shortest way, gathers energy when short, stops for bonuses worth their "
    "detour (Heartland, Side Trip, hotels) and plays cards against the leader",
    games=("open-road",),
)
for _name in ROAD_RALLY_COLOR_BOTS:  # heuristic-green ..., heuristic-no-green ...
    register_bot(
        _name,
        road_rally_bot_factory(_name),
        "the Road Rally heuristic "
        + ("avoiding" if "-no-" in _name else "favouring")
        + " one colour of cards (balance checks)",
        games=("road-rally",),
        table=False,  # for the simulator and studies: not offered in seat menus
    )

__all__ = [
    "Bot",
    "GreedyRoadTo300Bot",
    "Observation",
    "OpenRoadBot",
    "RandomBot",
    "Remembers",
    "RoadRallyBot",
    "UnknownBot",
    "bot_names",
    "bot_summary",
    "bot_thinks",
    "make_bot",
    "observe",
    "register_bot",
]

# Generic search (issue 12): every game.
from roadtrip.bots.search import make_mcts_bot  # noqa: E402

register_bot(
    "mcts",
    make_mcts_bot,
    "Monte Carlo tree search (information-set search where cards are hidden): "
    "random playouts, about 1 s a decision counted in iterations (the same at any load)",
)

# The move advisor (issue 12): every legal decision with its figures.
from roadtrip.bots.advice import AdviceReport, advise, register_advisor  # noqa: E402

__all__ += ["AdviceReport", "advise", "register_advisor"]

# The strongest bots (issue 12): flat Monte Carlo over the heuristics' best moves.
from roadtrip.bots.open_road.expert import make_open_road_expert  # noqa: E402
from roadtrip.bots.road_rally.expert import make_road_rally_expert  # noqa: E402

register_bot(
    "expert",
    make_road_rally_expert,
    "plays the heuristic's best few moves out against heuristic rivals on sampled "
    "hands (never peeking) and keeps the one clearly better than the heuristic's own: "
    "about 1 s a decision, counted in playout actions (the same at any load)",
    games=("road-rally",),
)
register_bot(
    "expert",
    make_open_road_expert,
    "plays the heuristic's best few actions out to the end of the race and keeps "
    "the one clearly better than the heuristic's own: about 1 s a decision, counted in "
    "playout actions (the same at any load)",
    games=("open-road",),
)
