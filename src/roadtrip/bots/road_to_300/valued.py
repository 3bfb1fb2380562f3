"""The Road to 300 expert's search with the learned value network.

The network (:mod:`.fast.network`) values a position between rounds as a chance of
winning; its weights were learned by temporal-difference self-play
(``benchmarks/train_road_to_300_value.py``) and ship with the package, one set
per ``cross_standing`` ruling (``weights/*.npz``).

On a roll every cross-and-move pair (``planner.candidates``) is valued by the
network, then, best first and while the time lasts, one roll deeper
(:func:`.fast.afterstates.lookahead`: the expectation over the 56 next rolls of
the network's best pair, three failed rolls ending the game); the pair with the
best deeper value is played.  A cross that ends the game is valued exactly.

The weights were learned for the solo game with the rulebook's scoring of the
final field, the rulebook's target and no round limit; :func:`applies` says
whether a game is one of those, and the expert keeps its rollout search for
every other game (competitive mode, other targets, round limits).
"""

from __future__ import annotations

import io
import time
import zipfile
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from roadtrip.bots.road_to_300.montecarlo import FINAL_CODES, available, numpy_module
from roadtrip.bots.road_to_300.planner import Choice, Settings, Sheet, candidates

WEIGHT_FILES = {False: "default.npz", True: "cross-standing.npz"}
TRAINED_TARGET = 300


class WeightsError(ValueError):
    """A weights file that does not fit the network's layout."""


@dataclass(frozen=True)
class PairValue:
    """A pair, the network's value of its position and (when searched) one roll deeper."""

    cell: int
    end: int | None  # None: the cross ends the game
    value: float
    deeper: float | None


def kernels() -> tuple[Any, Any]:
    """The compiled modules (network, afterstates), imported on first use."""
    from roadtrip.bots.road_to_300.fast import afterstates, network

    return network, afterstates


def load_weights(data: bytes | Any) -> Any:
    """The weight array of an ``.npz`` file (a path, a file object or bytes),
    checked against the network's layout."""
    np = numpy_module()
    network, _ = kernels()
    source = data
    if isinstance(data, bytes):
        source = io.BytesIO(data)
    try:
        with np.load(source, allow_pickle=False) as archive:
            weights = np.asarray(archive["weights"], dtype=np.float64)
            layout = [str(name) for name in archive["layout"]]
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as error:
        raise WeightsError(f"not a Road to 300 weights file: {error}") from error
    expected = [f"{name}:{size}" for name, size in network.LAYOUT]
    if layout != expected or weights.shape != (network.WEIGHT_COUNT,):
        raise WeightsError(
            f"the weights are for another network layout ({len(weights)} weights, "
            f"layout {layout[:3]}...); expected {network.WEIGHT_COUNT}"
        )
    if not np.all(np.isfinite(weights)):
        raise WeightsError("the weights hold values that are not finite")
    return weights


@cache
def shipped_weights(cross_standing: bool) -> Any:
    """The packaged weights for a ``cross_standing`` ruling."""
    name = WEIGHT_FILES[cross_standing]
    data = resources.files("roadtrip.bots.road_to_300").joinpath("weights", name).read_bytes()
    return load_weights(data)


def warm_up() -> None:
    """Compile (or load from numba's disk cache) the kernels and load the weights now."""
    np = numpy_module()
    network, afterstates = kernels()
    for cross_standing in (False, True):
        weights = shipped_weights(cross_standing)
        active = np.zeros(network.ACTIVE, dtype=np.int64)
        network.value(weights, 1, 1 << 7, 7, TRAINED_TARGET, cross_standing, False, active)
        afterstates.lookahead(weights, 1, 1 << 7, 7, TRAINED_TARGET, cross_standing, 0)


def applies(settings: Settings, solo: bool, max_rounds: int | None) -> bool:
    """Were the shipped weights learned for this game (see the module doc)?"""
    return (
        available()
        and solo
        and not max_rounds
        and settings.final_field == "rulebook"
        and settings.rules.target == TRAINED_TARGET
    )


def value_pairs(
    settings: Settings,
    sheet: Sheet,
    options: tuple[tuple[int, int], ...],
    seconds: float,
    weights: Any | None = None,
) -> list[PairValue]:
    """Every pair of the roll, best first: searched pairs by their deeper value,
    then the rest by the network's value (see the module doc)."""
    np = numpy_module()
    network, afterstates = kernels()
    started = time.perf_counter()
    rules = settings.rules
    if weights is None:
        weights = shipped_weights(rules.cross_standing)
    final = FINAL_CODES[settings.final_field]
    moves, ending = candidates(settings, sheet, options)
    exact = [PairValue(c.cell, None, c.value, c.value) for c in ending]
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    values = [
        network.value(
            weights,
            crossed,
            circled,
            end,
            rules.target,
            rules.cross_standing,
            rules.final_field_on_fail,
            active,
        )[1]
        for _cell, end, crossed, circled in moves
    ]
    order = sorted(range(len(moves)), key=lambda i: (-values[i], i))
    deadline = started + seconds
    deeper: dict[int, float] = {}
    for rank, index in enumerate(order):
        if rank and time.perf_counter() > deadline:
            break
        _cell, end, crossed, circled = moves[index]
        deeper[index] = afterstates.lookahead(
            weights, crossed, circled, end, rules.target, rules.cross_standing, final
        )
    place_of = {index: place for place, index in enumerate(order)}
    searched = sorted(deeper, key=lambda i: (-deeper[i], place_of[i]))
    rest = [i for i in order if i not in deeper]
    pairs = [PairValue(moves[i][0], moves[i][1], values[i], deeper.get(i)) for i in searched + rest]
    best = pairs[0].deeper if pairs and pairs[0].deeper is not None else -1.0
    won = [e for e in exact if e.value >= 1.0 or e.value > best]
    return won + pairs + [e for e in exact if e not in won]


def best_pair(
    settings: Settings,
    sheet: Sheet,
    options: tuple[tuple[int, int], ...],
    seconds: float,
) -> Choice:
    """The pair the search plays (``value_pairs``' first)."""
    top = value_pairs(settings, sheet, options, seconds)[0]
    return Choice(top.cell, top.end, top.deeper if top.deeper is not None else top.value)


def best_end(settings: Settings, crossed: int, circled: int, ends: tuple[int, ...]) -> int:
    """Where to end a movement whose cross is already made (step 4, when step 2 had a
    single choice and so no plan): the end with the best value one roll deeper."""
    _network, afterstates = kernels()
    rules = settings.rules
    weights = shipped_weights(rules.cross_standing)
    final = FINAL_CODES[settings.final_field]
    deeper = [
        afterstates.lookahead(
            weights, crossed, circled | 1 << end, end, rules.target, rules.cross_standing, final
        )
        for end in ends
    ]
    return ends[max(range(len(ends)), key=lambda i: (deeper[i], -i))]
