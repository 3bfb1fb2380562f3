"""The state's data of a Road Rally race: the bottom of the game package.

:class:`RaceSetup` is what a game fixes before the race (the track, the decks, the
two halves of the rally points); :class:`RaceData` is everything a match holds
(cars, cards, rally points, checkpoints, the turn flow's bookkeeping) with the
queries any module may ask (race order, totals).  The rule steps (``flow.py``,
``scoring.py``, ``actions.py``) work on it, the views and tensors read it, and the
Game/State facade (``rules.py``) puts it all together.  This module imports no
other module of the game except its components.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from roadtrip.core.game import Game
from roadtrip.core.state import State
from roadtrip.games.road_rally.cards import Cards
from roadtrip.games.road_rally.data import DECKS, NUM_TYPES, TILE_BONUS
from roadtrip.games.road_rally.track import Track, build_track

MECHANIC_CARDS = 5
EMPTY_HAND_DRAW = 2
CHECKPOINT_LAST_CAR_DRAW = 2

# Modes: what the state waits for (BUSY: automatic steps are running).
ORDER, DEAL, DRAW, PLAY, SHORTCUT, MECH, REVEAL, REWARD, OVER, GAS_CHOICE = range(10)
BUSY = -1
CHANCE_MODES = (ORDER, DEAL, DRAW)
DECISION_MODES = (PLAY, SHORTCUT, MECH, REVEAL, REWARD, GAS_CHOICE)
MODE_NAMES = (
    "order",
    "deal",
    "draw",
    "play",
    "shortcut",
    "mechanic",
    "reveal",
    "reward",
    "over",
    "gas",
)

# Why a race ended (``ending()``).
FINISH_ENDING = "finish"


class RaceSetup(Game):
    """What a Road Rally game fixes before the race, from its options."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.track: Track = build_track(
            int(self.options["layout"]),
            int(self.options["tiles"]),
            str(self.options["shortcut_rally"]),
        )
        self.deck: tuple[int, ...] = DECKS[str(self.options["deck"])]
        # Deck A: the first half of the rally points (1-10 of 21), deck B the rest
        # (11-21), as FACTS.md suggests.
        numbers = self.track.rally_numbers()
        half = len(numbers) // 2
        self.rally_a = tuple(numbers[:half])
        self.rally_b = tuple(numbers[half:])


class RaceData(State):
    """A Road Rally match's data: cars, cards, rally points, checkpoints, the flow."""

    _game: RaceSetup

    def __init__(self, game: RaceSetup) -> None:
        super().__init__(game)
        n = game.num_players()
        track = game.track
        self.position = [0] * n
        self.arrival = list(range(n))  # lower arrived earlier: ahead on a shared space
        self.clock = n
        self.cards = [Cards(game.deck) for _ in range(n)]
        self.rally_hand: list[list[int]] = [[] for _ in range(n)]  # unrevealed numbers
        self.rally_revealed: list[list[int]] = [[] for _ in range(n)]
        self.rally_pool_a = list(game.rally_a)
        self.rally_pool_b = list(game.rally_b)
        self.rally_status = {num: "on_track" for num in track.rally_space}
        self.chips: list[list[int]] = [[] for _ in range(n)]
        self.checkpoint_holder: list[int | None] = [None] * len(track.checkpoint_space)
        self.points = [0] * n
        self.round = 1
        self.turn_order: list[int] = []
        self.turn_index = 0
        self.crossed: list[int] = []  # rally points crossed this round, in crossing order
        self.passed_by: dict[int, set[int]] = {}  # rally point -> seats whose car passed it
        self.finishers: list[int] = []  # seats in the order they crossed the finish
        self.final_round = False
        self.end_reason: str | None = None  # FINISH_ENDING or the round limit's word
        self.mode = ORDER
        self.row: list[int] = []  # the starting row being drawn
        self.deal_plan: deque[tuple[int, str]] = deque()
        self.tasks: deque[tuple[Any, ...]] = deque()
        self.draw_seat = -1  # whose card the chance player draws
        self.draw_to_top = False  # a Mechanic draw goes on top, not into the hand
        self.mover = -1
        self.selected = [0] * NUM_TYPES
        self.rainbow = False
        self.mech_cards = [0] * NUM_TYPES
        self.mech_order: list[int] = []
        self.gas_draws = 0  # the cards drawn after a stop on Gas (its decision)
        self.rally_current = 0
        self.deciding: list[int] = []  # seats still to decide (reveal / reward)
        self.revealer: int | None = None
        self.reward_points: dict[int, int] = {}  # 4th/5th place: points on offer
        self.reward_draws: list[int] = []  # seats that chose cards instead
        # The decision under way is simultaneous (reveal / reward): who has decided,
        # in order, and the rewards chosen, applied together once all have decided.
        self.chosen: list[int] = []
        self.reward_choice: dict[int, bool] = {}  # seat -> took the cards
        self.rally_queue: list[int] = []  # crossed rally points still to resolve
        self.rally_count = 0  # rally points resolved (or scored) this round
        self.rally_results: list[dict[str, Any]] = []  # public history of rally scoring
        self.final_scores: list[int] | None = None

    def race_order(self) -> list[int]:
        """Seats from the leading car to the last: furthest first, then earliest."""
        return sorted(range(len(self.position)), key=lambda s: (-self.position[s], self.arrival[s]))

    def totals(self) -> list[int]:
        """Points plus 2 per checkpoint tile and rally chip."""
        tiles = [sum(1 for h in self.checkpoint_holder if h == s) for s in range(len(self.points))]
        return [
            self.points[s] + TILE_BONUS * (tiles[s] + len(self.chips[s]))
            for s in range(len(self.points))
        ]

    def mechanic_placements_left(self) -> int:
        """Placements still asked of the mover at a Mechanic: every card but the last
        one of those picked up (public: it depends on counts, never on the cards)."""
        if self.mode != MECH:
            return 0
        return max(0, sum(self.mech_cards) - 1)

    def push(self, steps: list[tuple[Any, ...]]) -> None:
        """Run ``steps`` next, in this order, before anything already queued."""
        self.tasks.extendleft(reversed(steps))

    @property
    def mode_name(self) -> str:
        return MODE_NAMES[self.mode] if self.mode >= 0 else "busy"
