"""What an OpenSpiel player of a roadtrip game observes: tensors and strings.

Observation (OpenSpiel's default observer: no perfect recall, public information
and the observing seat's private information): the tensor is the game's own
``state.observation_tensor(seat)`` (layouts in docs/ai.md and each game's
``tensor.py``); the string is a compact text of ``view(seat)``: the view as JSON
with sorted keys, less the parts that never change within a game (the colour
palette, the card list, the route, the track's tiles and features).

Information state (perfect recall): in the perfect-information games (solo Road to
300, Get Your Kicks, Your Mileage May Vary, The Open Road) the observation already
holds the whole state, so the information state is the observation.  In Road Rally
USA and competitive Road to 300 (whose seats choose at once) it is the observation
plus what the seat has seen happen: the string appends every event of the match in
the seat's words (``describe_action`` for that viewer: "seat 2 draws a card", never
which; another seat's choice in a simultaneous decision reads "has chosen" until
every seat has chosen), and the tensor appends, for each seat (seat-relative), how
often it took each decision action that the observing seat saw (its own, and the
others' public ones: card plays, shortcuts, reveals, rewards; not the order of
another car's Mechanic cards, nor a choice not revealed yet), divided by 100 and capped at 1.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel
from numpy.typing import NDArray

from roadtrip.core.state import CHANCE, State

if TYPE_CHECKING:
    from roadtrip.core.game import Game

Event = tuple[int, int, tuple[str, ...]]
"""One step of a match: the seat (CHANCE for chance), the action, and the action in
the words of each seat (index = viewing seat)."""

STATIC_KEYS = frozenset({"colors", "route", "cards"})
STATIC_TRACK_KEYS = frozenset({"tiles", "features", "shortcuts", "length", "finish"})
COUNT_SCALE = 100


def compact_view(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without the parts that are the same in every state of the game."""
    out = {k: v for k, v in view.items() if k not in STATIC_KEYS}
    track = out.get("track")
    if isinstance(track, dict):
        out["track"] = {k: v for k, v in track.items() if k not in STATIC_TRACK_KEYS}
    return out


def view_text(view: dict[str, Any]) -> str:
    """A view as one compact line of JSON (sorted keys: equal views, equal texts)."""
    return json.dumps(compact_view(view), sort_keys=True, separators=(",", ":"))


def describe_step(state: State, seat: int, action: int) -> Event:
    """The step ``(seat, action)`` about to be applied to ``state``, as each seat reads it."""
    viewers = range(state.num_players())
    return seat, action, tuple(state.describe_action(action, seat, v) for v in viewers)


def sealed_step(event: Event) -> Event:
    """A decision made in a simultaneous phase as the seats read it until all have
    chosen: in full by the seat that made it, as "has chosen" by every other."""
    seat, action, texts = event
    return seat, action, tuple(t if v == seat else "has chosen" for v, t in enumerate(texts))


def event_lines(events: list[Event], viewer: int) -> list[str]:
    """The match so far in ``viewer``'s words, one line per step (seats numbered
    from 1, as roadtrip's words number them)."""
    return [
        f"{'chance' if seat == CHANCE else f'seat {seat + 1}'}: {texts[viewer]}"
        for seat, _, texts in events
    ]


def seen_decisions(events: list[Event], viewer: int, players: int, actions: int) -> list[float]:
    """How often each seat (seat-relative to ``viewer``) took each decision action
    that ``viewer`` saw, / COUNT_SCALE capped at 1: its own decisions, and the
    others' decisions that every seat reads in the same words."""
    counts = [0] * (players * actions)
    for seat, action, texts in events:
        if seat < 0 or (seat != viewer and len(set(texts)) > 1):
            continue
        counts[((seat - viewer) % players) * actions + action] += 1
    return [min(c, COUNT_SCALE) / COUNT_SCALE for c in counts]


def full_text(state: State) -> str:
    """The whole state as text (OpenSpiel's ``ToString``): the spectator's view, and
    in hidden-information games what only each seat sees."""
    spectator = state.view(None)
    parts = [view_text(spectator)]
    if not state.game.info.perfect_information:
        for seat in range(state.num_players()):
            mine = {
                k: v for k, v in state.view(seat).items() if k != "you" and spectator.get(k) != v
            }
            mine_text = json.dumps(mine, sort_keys=True, separators=(",", ":"))
            parts.append(f"seat {seat + 1}: {mine_text}")
    return "\n".join(parts)


def info_extra_size(game: Game) -> int:
    """Numbers the information-state tensor adds to the observation tensor."""
    if game.info.perfect_information:
        return 0
    return game.num_players() * game.num_distinct_actions()


class RoadtripObserver:
    """A PyObserver (OpenSpiel's ``make_py_observer``): ``tensor``, ``dict``,
    ``set_from(state, player)`` and ``string_from(state, player)``.

    ``state`` is a :class:`roadtrip.adapters.openspiel.RoadtripState`: its ``core``
    is the roadtrip State and its ``events`` the match in every seat's words."""

    def __init__(self, game: Game, info_state: bool) -> None:
        self._game = game
        self._info_state = info_state and not game.info.perfect_information
        size = game.observation_tensor_size()
        extra = info_extra_size(game) if self._info_state else 0
        self.tensor: NDArray[np.float32] = np.zeros(size + extra, np.float32)
        name = "info_state" if info_state else "observation"
        self.dict: dict[str, NDArray[np.float32]] = {name: self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        core: State = state.core
        observation = core.observation_tensor(player)
        self.tensor[: len(observation)] = observation
        if self._info_state:
            game = self._game
            extra = seen_decisions(
                state.events, player, game.num_players(), game.num_distinct_actions()
            )
            self.tensor[len(observation) :] = extra

    def string_from(self, state: Any, player: int) -> str:
        core: State = state.core
        text = view_text(core.view(player))
        if self._info_state:
            return "\n".join([text, *event_lines(state.events, player)])
        return text


def make_observer(
    game: Game, iig_obs_type: Any = None, params: dict[str, Any] | None = None
) -> RoadtripObserver:
    """The observer OpenSpiel asks for: observation (default) or information state
    (``perfect_recall``), always with the observing seat's private information."""
    if params:
        raise ValueError(f"observation parameters are not supported; got {params}")
    if iig_obs_type is None:
        return RoadtripObserver(game, info_state=False)
    if not game.info.perfect_information and (
        not iig_obs_type.public_info
        or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError(
            f"{game.id} observers show public information and the observing seat's own "
            "(private_info=SINGLE_PLAYER, public_info=True)"
        )
    return RoadtripObserver(game, info_state=bool(iig_obs_type.perfect_recall))
