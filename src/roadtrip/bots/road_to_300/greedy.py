"""A greedy Road to 300 bot: look one decision ahead, take the best field now.

The bot sees only its :class:`~roadtrip.bots.base.Observation`.  Road to 300 has
perfect information, so ``observation.sample_state(rng)`` is an exact copy of the
match; the bot clones it, applies each legal action and scores the result:

* Step 2 (cross a field): prefer crossings after which a move exists at all; then
  the highest value among the destinations that the movement die reaches; then
  crossing a field of low value (a field that is crossed but never circled is lost
  for good); then mobility (see below) of the best destination.
* Step 4 (end the movement): the destination with the highest value; then
  mobility, the number of fields the next round's movement could end on (any die,
  with this round's marks in place, the destination included since step 3 will
  cross it).

Remaining ties are broken with the injected ``rng``, so the bot is deterministic
given its generator.
"""

from __future__ import annotations

from random import Random

from roadtrip.bots.base import Observation, legal_or_raise, require_game
from roadtrip.core.errors import NotSupported
from roadtrip.core.game import Game
from roadtrip.core.state import State
from roadtrip.games.road_to_300 import board
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300State
from roadtrip.games.road_to_300.sheet import Sheet

# A crossing that leaves no legal move ends the game: rank it below everything.
_NO_MOVE = -1


def _reach_table(position: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(end, end bit, path masks) for every field some die's walk from ``position``
    ends on; the masks of all six dice together, shortest first."""
    paths: dict[int, set[int]] = {}
    for walks in board.WALKS[position][1:]:
        for end, path in walks:
            paths.setdefault(end, set()).add(path)
    return tuple(
        (end, 1 << end, tuple(sorted(masks, key=lambda m: (m.bit_count(), m))))
        for end, masks in sorted(paths.items())
    )


# _REACH[position]: where the next movement from ``position`` can end, and how.
_REACH = tuple(_reach_table(position) for position in range(board.CELLS))


def reachable_mask(position: int, blocked: int) -> int:
    """Fields that some die (1-6) can end on from ``position`` without entering
    ``blocked``: the fields that stay open for the next round's movement."""
    mask = 0
    for _end, bit, paths in _REACH[position]:
        if bit & blocked:
            continue  # every path enters its end
        for path in paths:
            if not path & blocked:
                mask |= bit
                break
    return mask


def mobility(position: int, blocked: int) -> int:
    """How many fields the next movement from ``position`` could end on."""
    return reachable_mask(position, blocked | 1 << position).bit_count()


def cross_cost(sheet: Sheet, cell: int) -> int:
    """Points lost by crossing ``cell`` in step 2: its value unless it is already
    circled (only possible where the ``cross_standing`` ruling allows it)."""
    return 0 if sheet.circled >> cell & 1 else board.VALUES[cell]


class GreedyRoadTo300Bot:
    """Greedy one-decision lookahead for Road to 300 (solo or competitive)."""

    name = "greedy"

    def __init__(self, game: Game | None = None) -> None:
        require_game(game, "road-to-300", "greedy")
        self.game = game

    def choose(self, observation: Observation, rng: Random) -> int:
        legal = legal_or_raise(observation)
        if len(legal) == 1:
            return legal[0]
        state = _road_state(observation.sample_state(rng))
        if legal[0] < MOVE_BASE:
            best = self._best_crossings(state, observation.seat, legal)
        else:
            best = self._best_destinations(state, observation.seat, legal)
        return best[0] if len(best) == 1 else rng.choice(best)

    # ------------------------------------------------------------- step 2
    def _best_crossings(
        self, state: RoadTo300State, seat: int, legal: tuple[int, ...]
    ) -> list[int]:
        sheet = state.sheets[seat]
        ranked: list[tuple[tuple[int, int], int, Sheet]] = []
        for action in legal:
            child = _after(state, action, seat)
            after = child.sheets[seat]
            value = max((board.VALUES[c] for c in after.destinations), default=_NO_MOVE)
            ranked.append(((value, -cross_cost(sheet, action)), action, after))
        top = max(key for key, _, _ in ranked)
        leaders = [(action, after) for key, action, after in ranked if key == top]
        if len(leaders) == 1 or top[0] == _NO_MOVE:
            return [action for action, _ in leaders]
        # Mobility of the best destination each crossing leads to.
        scored = [(self._best_mobility(after, top[0]), action) for action, after in leaders]
        most = max(score for score, _ in scored)
        return [action for score, action in scored if score == most]

    @staticmethod
    def _best_mobility(after: Sheet, value: int) -> int:
        blocked = after.crossed | after.circled
        return max(
            mobility(cell, blocked) for cell in after.destinations if board.VALUES[cell] == value
        )

    # ------------------------------------------------------------- step 4
    def _best_destinations(
        self, state: RoadTo300State, seat: int, legal: tuple[int, ...]
    ) -> list[int]:
        top = max(board.VALUES[a - MOVE_BASE] for a in legal)
        leaders = [a for a in legal if board.VALUES[a - MOVE_BASE] == top]
        if len(leaders) == 1:
            return leaders
        scored = []
        for action in leaders:
            after = _after(state, action, seat).sheets[seat]  # stands on the destination
            scored.append((mobility(after.position, after.crossed | after.circled), action))
        most = max(score for score, _ in scored)
        return [action for score, action in scored if score == most]


def _road_state(state: State) -> RoadTo300State:
    if not isinstance(state, RoadTo300State):
        raise NotSupported(f"the greedy bot plays road-to-300, not {state.game.id}")
    return state


def _after(state: RoadTo300State, action: int, seat: int) -> RoadTo300State:
    """The state one decision later (a clone; ``state`` is unchanged)."""
    child = state.clone()
    child.apply_action(action, seat)
    return _road_state(child)
