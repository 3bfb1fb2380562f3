"""Road Rally USA's rules: the Game and the State's turn flow.

A round: every car, leader first, plays cards of one colour (up to five of any
colours from a General Store) and moves their sum; passing a checkpoint first takes
the tile (and the last car draws two); a shortcut may be crossed; a Mechanic
reorders the top five cards; Gas reshuffles; cards are drawn by the colour played.
At the end of the round crossed rally points may be scored (``scoring.py``).  The
first car across the finish line makes this round the last.

Automatic steps wait in a task queue; :meth:`_advance` runs them until a seat must
decide or the chance player must draw.  Actions are listed in ``actions.py``.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any

from roadtrip.core.game import Game, GameInfo
from roadtrip.core.state import CHANCE, TERMINAL, State, shared_victory
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally import scoring
from roadtrip.games.road_rally.cards import Cards
from roadtrip.games.road_rally.data import (
    CARD_TYPES,
    DECKS,
    DRAWS_AFTER,
    NUM_TYPES,
    RAINBOW_DRAW,
    RALLY_CARDS_EACH,
    TILE_BONUS,
)
from roadtrip.games.road_rally.options import OPTIONS
from roadtrip.games.road_rally.track import GAS, MECHANIC, STORE, Track, build_track

MECHANIC_CARDS = 5
EMPTY_HAND_DRAW = 2
CHECKPOINT_LAST_CAR_DRAW = 2

# Modes: what the state waits for.
ORDER, DEAL, DRAW, PLAY, SHORTCUT, MECH, REVEAL, REWARD, OVER = range(9)
CHANCE_MODES = (ORDER, DEAL, DRAW)
MODE_NAMES = ("order", "deal", "draw", "play", "shortcut", "mechanic", "reveal", "reward", "over")


class RoadRallyGame(Game):
    info = GameInfo(
        id="road-rally",
        name="Road Rally USA",
        min_players=2,
        max_players=5,
        summary="Race across the USA with hidden hands of movement cards: lead at "
        "the rally points you hold, take checkpoints, and finish ahead.",
        perfect_information=False,
    )
    options_spec = OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.track: Track = build_track(int(self.options["layout"]), int(self.options["tiles"]))
        self.deck: tuple[int, ...] = DECKS[str(self.options["deck"])]
        # Deck A: the first half of the rally points (1-10 of 21), deck B the rest
        # (11-21), as FACTS.md suggests.
        numbers = self.track.rally_numbers()
        half = len(numbers) // 2
        self.rally_a = tuple(numbers[:half])
        self.rally_b = tuple(numbers[half:])

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return A.NUM_CHANCE

    def new_initial_state(self) -> RoadRallyState:
        return RoadRallyState(self)

    def observation_tensor_size(self) -> int:
        from roadtrip.games.road_rally.tensor import tensor_size

        return tensor_size(self.num_players())


class RoadRallyState(State):
    """A Road Rally match.  Cars, cards, rally points, checkpoints, and the flow."""

    _game: RoadRallyGame

    def __init__(self, game: RoadRallyGame) -> None:
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
        self.rally_current = 0
        self.deciding: list[int] = []  # seats still to decide (reveal / reward)
        self.revealer: int | None = None
        self.reward_points: dict[int, int] = {}  # 4th/5th place: points on offer
        self.reward_draws: list[int] = []  # seats that chose cards instead
        self.rally_queue: list[int] = []  # crossed rally points still to resolve
        self.rally_count = 0  # rally points resolved (or scored) this round
        self.rally_results: list[dict[str, Any]] = []  # public history of rally scoring
        self.final_scores: list[int] | None = None

    # ------------------------------------------------------------ turn order
    def _current(self) -> int:
        if self.mode == OVER:
            return TERMINAL
        if self.mode in CHANCE_MODES:
            return CHANCE
        if self.mode in (REVEAL, REWARD):
            return min(self.deciding)
        return self.mover

    def _active(self) -> tuple[int, ...]:
        if self.mode in (REVEAL, REWARD):
            return tuple(sorted(self.deciding))
        current = self._current()
        return (current,) if current >= 0 else ()

    def race_order(self) -> list[int]:
        """Seats from the leading car to the last: furthest first, then earliest."""
        return sorted(range(len(self.position)), key=lambda s: (-self.position[s], self.arrival[s]))

    # ----------------------------------------------------------------- chance
    def _outcome_counts(self) -> tuple[list[tuple[int, int]], int]:
        """Chance outcomes with integer weights, and their total."""
        if self.mode == ORDER:
            left = [s for s in range(len(self.position)) if s not in self.row]
            return [(A.ORDER_BASE + s, 1) for s in left], len(left)
        if self.mode == DEAL:
            pool = sorted(self._deal_pool(self.deal_plan[0][1]))
            return [(A.RALLY_BASE + num - 1, 1) for num in pool], len(pool)
        odds = self.cards[self.draw_seat].draw_odds()
        return [(A.CARD_BASE + c, n) for c, n in odds], sum(n for _, n in odds)

    def _chance(self) -> list[tuple[int, float]]:
        outcomes, total = self._outcome_counts()
        return [(a, n / total) for a, n in outcomes]

    def _chance_exact(self) -> list[tuple[int, Fraction]]:
        outcomes, total = self._outcome_counts()
        return [(a, Fraction(n, total)) for a, n in outcomes]

    def _is_chance_outcome(self, action: int) -> bool:
        return any(a == action for a, _ in self._outcome_counts()[0])

    def _deal_pool(self, deck: str) -> list[int]:
        if deck == "A":
            return self.rally_pool_a
        if deck == "B":
            return self.rally_pool_b
        return self.rally_pool_a + self.rally_pool_b

    # ---------------------------------------------------------------- actions
    def _legal(self, seat: int) -> list[int]:
        if self.mode == PLAY:
            return A.play_choices(self)
        if self.mode == SHORTCUT:
            return [A.TAKE_SHORTCUT, A.SKIP_SHORTCUT]
        if self.mode == MECH:
            return [A.MECH_BASE + c for c in range(NUM_TYPES) if self.mech_cards[c]]
        if self.mode == REVEAL:
            return scoring.reveal_choices(self, seat)
        if self.mode == REWARD:
            return [A.TAKE_POINTS, A.TAKE_CARDS]
        return []

    def _apply(self, action: int, seat: int) -> None:
        if seat == CHANCE:
            self._apply_chance(action)
        elif self.mode == PLAY:
            if action == A.DONE_PLAYING:
                self._move()
            else:
                self.selected[action - A.PLAY_BASE] += 1
                self.cards[seat].hand[action - A.PLAY_BASE] -= 1
        elif self.mode == SHORTCUT:
            self.mode = -1
            extra = self._take_shortcut(seat) if action == A.TAKE_SHORTCUT else []
            self._push([*extra, ("land", seat)])
        elif self.mode == MECH:
            self._place_on_top(action - A.MECH_BASE)
        elif self.mode == REVEAL:
            scoring.decide_reveal(self, seat, action == A.REVEAL)
        elif self.mode == REWARD:
            scoring.decide_reward(self, seat, action == A.TAKE_CARDS)
        self._advance()

    def _apply_chance(self, action: int) -> None:
        if self.mode == ORDER:
            self.row.append(action - A.ORDER_BASE)
            if len(self.row) == len(self.position) - 1:
                self.row.extend(s for s in range(len(self.position)) if s not in self.row)
            if len(self.row) < len(self.position):
                return  # the next car of the starting row is drawn next
            self.arrival = [self.row.index(s) for s in range(len(self.position))]
            self._plan_deal()
        elif self.mode == DEAL:
            seat, _deck = self.deal_plan.popleft()
            number = action - A.RALLY_BASE + 1
            (self.rally_pool_a if number in self.rally_pool_a else self.rally_pool_b).remove(number)
            self.rally_hand[seat].append(number)
            self.rally_hand[seat].sort()
            if not self.deal_plan:
                self._deal_movement_hands()
        else:
            card = action - A.CARD_BASE
            cards = self.cards[self.draw_seat]
            cards.take_unknown(card)
            if self.draw_to_top:
                cards.known_top.append(card)
            else:
                cards.hand[card] += 1
        self.mode = -1

    # ------------------------------------------------------------------ setup
    def _plan_deal(self) -> None:
        """Four rally cards each (two from A and two from B with ``split``), dealt
        round by round.  Every player gets the same number of cards: on a short
        track with too few rally points, each gets as many as the deck allows for
        all, and the rest is set aside unseen."""
        n = len(self.position)
        a, b = len(self.rally_pool_a), len(self.rally_pool_b)
        if self._game.options["rally_deal"] == "split":
            half = RALLY_CARDS_EACH // 2
            rounds = ["A"] * min(half, a // n) + ["B"] * min(half, b // n)
        else:
            rounds = ["AB"] * min(RALLY_CARDS_EACH, (a + b) // n)
        for deck in rounds:
            self.deal_plan.extend((seat, deck) for seat in range(n))
        if not self.deal_plan:
            self._deal_movement_hands()

    def _deal_movement_hands(self) -> None:
        for seat in range(len(self.position)):
            self.tasks.extend(("draw", seat) for _ in range(5))
        self.tasks.append(("round",))

    # ------------------------------------------------------------------- flow
    def _advance(self) -> None:
        """Run automatic steps until a decision, a chance draw or the end."""
        while self.mode not in (ORDER, DEAL, DRAW, PLAY, SHORTCUT, MECH, REVEAL, REWARD, OVER):
            if self.deal_plan:
                self.mode = DEAL
                return
            if not self.tasks:
                raise RuntimeError("road-rally: nothing left to do but the game is not over")
            task = self.tasks.popleft()
            getattr(self, "_task_" + task[0])(*task[1:])

    def _task_draw(self, seat: int, to_top: bool = False) -> None:
        cards = self.cards[seat]
        if not to_top and cards.known_top:
            cards.hand[cards.known_top.pop(0)] += 1
        elif sum(cards.unknown):
            self.mode, self.draw_seat, self.draw_to_top = DRAW, seat, to_top

    def _task_round(self) -> None:
        self.turn_order = self.race_order()
        self.turn_index = 0
        self.crossed = []
        self.passed_by = {}
        self.tasks.append(("turn",))

    def _task_turn(self) -> None:
        if self.turn_index >= len(self.turn_order):
            scoring.end_of_round(self)
            return
        seat = self.turn_order[self.turn_index]
        self.mover = seat
        self.selected = [0] * NUM_TYPES
        self.rainbow = False
        cards = self.cards[seat]
        if not cards.hand_size:
            cards.reshuffle()
            self._push([("draw", seat)] * EMPTY_HAND_DRAW + [("next_turn",)])
            return
        self.rainbow = self._game.track.features[self.position[seat]] == STORE
        self.mode = PLAY

    def _task_next_turn(self) -> None:
        self.turn_index += 1
        self.tasks.appendleft(("turn",))

    def _task_land(self, seat: int) -> None:
        space = self.position[seat]
        feature = self._game.track.features[space]
        if self.rainbow:
            count = RAINBOW_DRAW
        else:
            color = next(CARD_TYPES[c].color for c in range(NUM_TYPES) if self.selected[c])
            count = DRAWS_AFTER[color]
        steps: list[tuple[Any, ...]] = []
        if feature == MECHANIC:
            top = self.cards[seat].known_top
            missing = max(0, MECHANIC_CARDS - len(top))
            steps += [("draw", seat, True)] * missing + [("mechanic", seat)]
        gas_before = self._game.options["gas"] == "before"
        if feature == GAS and gas_before:
            steps.append(("gas", seat))
        steps += [("draw", seat)] * count
        if feature == GAS and not gas_before:
            steps.append(("gas", seat))
        steps.append(("next_turn",))
        self._push(steps)

    def _push(self, steps: list[tuple[Any, ...]]) -> None:
        """Run ``steps`` next, in this order, before anything already queued."""
        self.tasks.extendleft(reversed(steps))

    def _task_gas(self, seat: int) -> None:
        self.cards[seat].reshuffle()

    def _task_mechanic(self, seat: int) -> None:
        cards = self.cards[seat]
        top = cards.known_top[:MECHANIC_CARDS]
        if len(set(top)) <= 1:
            return  # one kind of card (or none): every order is the same
        cards.known_top = cards.known_top[len(top) :]
        self.mech_cards = [top.count(c) for c in range(NUM_TYPES)]
        self.mech_order = []
        self.mode = MECH

    def _place_on_top(self, card: int) -> None:
        self.mech_cards[card] -= 1
        self.mech_order.append(card)
        remaining = [c for c in range(NUM_TYPES) for _ in range(self.mech_cards[c])]
        if len(set(remaining)) <= 1:
            self.mech_order.extend(remaining)
            cards = self.cards[self.mover]
            cards.known_top = self.mech_order + cards.known_top
            self.mech_cards = [0] * NUM_TYPES
            self.mech_order = []
            self.mode = -1
        # else: stay in MECH for the next card

    def _task_scoring(self, *args: Any) -> None:
        scoring.run_task(self, *args)

    # --------------------------------------------------------------- movement
    def _move(self) -> None:
        seat = self.mover
        cards = self.cards[seat]
        for card, count in enumerate(self.selected):
            cards.discard[card] += count
        steps = sum(CARD_TYPES[c].value * n for c, n in enumerate(self.selected))
        start = self.position[seat]
        end = min(start + steps, self._game.track.last_space)
        extra = self._drive(seat, start, end)
        self.mode = -1
        after = ("offer_shortcut", seat) if end in self._game.track.shortcut else ("land", seat)
        self._push([*extra, after])

    def _task_offer_shortcut(self, seat: int) -> None:
        self.mode = SHORTCUT

    def _take_shortcut(self, seat: int) -> list[tuple[Any, ...]]:
        start = self.position[seat]
        end = self._game.track.shortcut[start]
        if self._game.options["shortcut_passes"]:
            return self._drive(seat, start, end)
        self._arrive(seat, end)
        return []

    def _drive(self, seat: int, start: int, end: int) -> list[tuple[Any, ...]]:
        """Move ``seat`` from ``start`` to ``end``, passing everything between;
        returns the draws a checkpoint gives the last car."""
        track = self._game.track
        for space in range(start + 1, end + 1):
            number = track.rally_at.get(space)
            if number is not None and self.rally_status[number] == "on_track":
                if number not in self.crossed:
                    self.crossed.append(number)
                self.passed_by.setdefault(number, set()).add(seat)
            if space == track.finish and seat not in self.finishers:
                self.finishers.append(seat)
                self.final_round = True
        self._arrive(seat, end)
        extra: list[tuple[Any, ...]] = []
        for index, space in enumerate(track.checkpoint_space):
            if self.checkpoint_holder[index] is None and start < space <= end:
                self.checkpoint_holder[index] = seat
                last = self.race_order()[-1]
                extra += [("draw", last)] * CHECKPOINT_LAST_CAR_DRAW
        return extra

    def _arrive(self, seat: int, space: int) -> None:
        self.position[seat] = space
        self.arrival[seat] = self.clock
        self.clock += 1

    # ---------------------------------------------------------------- results
    def totals(self) -> list[int]:
        """Points plus 2 per checkpoint tile and rally chip."""
        tiles = [sum(1 for h in self.checkpoint_holder if h == s) for s in range(len(self.points))]
        return [
            self.points[s] + TILE_BONUS * (tiles[s] + len(self.chips[s]))
            for s in range(len(self.points))
        ]

    def rounds_played(self) -> int | None:
        return self.round

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals()]

    def winners(self) -> list[int]:
        if self.mode != OVER:
            return []
        totals = self.totals()
        best = max(totals)
        tied = [s for s in range(len(totals)) if totals[s] == best]
        # Ties are broken by the final order of the cars.
        return [min(tied, key=self.race_order().index)]

    def _returns(self) -> list[float]:
        return shared_victory(self.winners(), len(self.points))

    # ------------------------------------------------------------ rendering
    def _action_string(self, action: int, seat: int) -> str:
        return A.describe(self, action, seat, seat)

    def _action_string_for(self, action: int, seat: int, viewer: int | None) -> str:
        return A.describe(self, action, seat, viewer)

    def _view(self, seat: int | None) -> dict[str, Any]:
        from roadtrip.games.road_rally.view import build_view

        return build_view(self, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        from roadtrip.games.road_rally.tensor import observation_tensor

        return observation_tensor(self, seat)

    def _copy(self) -> RoadRallyState:
        from roadtrip.games.road_rally.hidden import copy_state

        return copy_state(self)

    def _resample_hidden(self, seat: int, rng: Any) -> RoadRallyState:
        from roadtrip.games.road_rally.hidden import resample

        return resample(self, seat, rng)

    @property
    def mode_name(self) -> str:
        return MODE_NAMES[self.mode] if self.mode >= 0 else "busy"
