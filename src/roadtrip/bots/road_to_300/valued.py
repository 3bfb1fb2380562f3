"""The Road to 300 expert's search with the learned value network.

The network (:mod:`.fast.network`) values a position between rounds as a chance of
winning; its weights were learned by temporal-difference self-play
(``benchmarks/train_road_to_300_value.py``) and ship with the package, one set
per ``cross_standing`` ruling (``weights/*.npz``).

On a roll every cross-and-move pair (``planner.candidates``) is valued by the
network, then, best first and as far as the budget goes, one roll deeper
(:func:`.fast.afterstates.lookahead`: the expectation over the 56 next rolls of
the network's best pair, three failed rolls ending the game); the pair with the
best deeper value is played, unless it is a close call: when up to three of the
best pairs lie within 0.02 of each other, the budget left values them a roll
further (:func:`closer_look`, :mod:`.fast.close_calls`; with the default ruling,
``CLOSE_CALL_RULINGS``).  A cross that ends the
game is valued exactly.

Budget, in units of work: *look-aheads*.  A pair valued one roll deeper costs one;
a pair valued two rolls deeper costs ``TWO_ROLL_COST`` (their mean cost ratio on
this machine).  ``LOOKAHEADS`` turns "about ``seconds``" into look-aheads
(measured once on a quiet core here: ``benchmarks/calibrate_budgets.py``); with the
same budget a choice is the same on any machine at any load.

The weights were learned for the solo game with the rulebook's scoring of the
final field, the rulebook's target and no round limit; :func:`applies` says
whether a game is one of those, and the expert keeps its rollout search for
every other game (competitive mode, other targets, round limits).
"""

from __future__ import annotations

import io
import math
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import takewhile
from typing import Any

from roadtrip.bots.road_to_300.montecarlo import FINAL_CODES, available, numpy_module
from roadtrip.bots.road_to_300.planner import Choice, Settings, Sheet, candidates
from roadtrip.bots.work import Calibration

WEIGHT_FILES = {False: "default.npz", True: "cross-standing.npz"}
TRAINED_TARGET = 300
# The rulings (cross_standing or not) whose expert looks two rolls deep at close
# calls: the default ruling, where the paired games measured a gain (benchmarks/
# README.md, session 9).  With cross_standing the expert keeps one roll deep: its
# 88% target is met that way (89.05% over 4,000 games) and the close calls were
# not measured there at the same scale.
CLOSE_CALL_RULINGS = frozenset({False})
# Look-aheads (one roll deeper) one second buys in the expert's decisions, and what
# a value two rolls deep costs in them (about 0.03 s to 0.4 s by the position, its
# mean as a multiple of one roll's): measured on a quiet core of the reference
# machine by benchmarks/calibrate_budgets.py.  The minimum values the first pair.
LOOKAHEADS = Calibration("road-to-300 expert, solo", "look-aheads", per_second=550, minimum=1)
TWO_ROLL_COST = 50


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


def close_calls_module() -> Any:
    """The compiled two-rolls-deep search (:mod:`.fast.close_calls`), imported on first use."""
    from roadtrip.bots.road_to_300.fast import close_calls

    return close_calls


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
        close_calls_module().lookahead_two(weights, 1, 1 << 7, 7, TRAINED_TARGET, cross_standing, 0)


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
    lookaheads: float = math.inf,
    weights: Any | None = None,
) -> list[PairValue]:
    """Every pair of the roll, best first: searched pairs by their deeper value,
    then the rest by the network's value (see the module doc); ``lookaheads``:
    how many pairs, best first by the network, are valued one roll deeper (at
    least one; inf: every pair)."""
    moves, ending = candidates(settings, sheet, options)
    exact = [PairValue(c.cell, None, c.value, c.value) for c in ending]
    pairs = _ranked_moves(settings, moves, lookaheads, weights)
    best = pairs[0].deeper if pairs and pairs[0].deeper is not None else -1.0
    won = [e for e in exact if e.value >= 1.0 or e.value > best]
    return won + pairs + [e for e in exact if e not in won]


def _ranked_moves(
    settings: Settings,
    moves: list[tuple[int, int, int, int]],
    lookaheads: float,
    weights: Any | None = None,
) -> list[PairValue]:
    """``moves`` ((cell, end, crossed, circled) after the round) valued by the
    network and, the first ``lookaheads`` of them best first (at least one), one
    roll deeper; searched
    pairs first by their deeper value (ties: the network's value, then the order
    given), then the rest by the network's value."""
    np = numpy_module()
    network, afterstates = kernels()
    rules = settings.rules
    if weights is None:
        weights = shipped_weights(rules.cross_standing)
    final = FINAL_CODES[settings.final_field]
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
    deeper: dict[int, float] = {}
    for rank, index in enumerate(order):
        if rank and rank >= lookaheads:
            break
        _cell, end, crossed, circled = moves[index]
        deeper[index] = afterstates.lookahead(
            weights, crossed, circled, end, rules.target, rules.cross_standing, final
        )
    place_of = {index: place for place, index in enumerate(order)}
    searched = sorted(deeper, key=lambda i: (-deeper[i], place_of[i]))
    rest = [i for i in order if i not in deeper]
    return [PairValue(moves[i][0], moves[i][1], values[i], deeper.get(i)) for i in searched + rest]


def best_pair(
    settings: Settings,
    sheet: Sheet,
    options: tuple[tuple[int, int], ...],
    lookaheads: float = math.inf,
) -> Choice:
    """The pair the expert plays: ``value_pairs``' first, unless close pairs differ
    two rolls deep (:func:`closer_look`), within a budget of ``lookaheads`` (see
    the module doc; inf: every pair one roll deeper, every close call two)."""
    ranked = value_pairs(settings, sheet, options, lookaheads)
    spent = sum(1 for pair in ranked if pair.deeper is not None and pair.end is not None)
    stand = 0 if sheet.position < 0 else 1 << sheet.position

    def position(pair: PairValue) -> tuple[int, int, int]:
        end = -1 if pair.end is None else pair.end
        return sheet.crossed | 1 << pair.cell | stand, sheet.circled | 1 << end, end

    top = closer_look(settings, ranked, position, lookaheads - spent)
    return Choice(top.cell, top.end, top.deeper if top.deeper is not None else top.value)


def closer_look(
    settings: Settings,
    ranked: Sequence[PairValue],
    position: Callable[[PairValue], tuple[int, int, int]],
    lookaheads: float = math.inf,
) -> PairValue:
    """The first of ``ranked`` (ordered as ``value_pairs`` orders them), unless the
    ruling is one of ``CLOSE_CALL_RULINGS`` and up to
    ``CLOSE_PAIRS`` of the first lie within ``CLOSE_MARGIN`` of it one roll deep:
    then the best of those two rolls deep (ties: the earlier), as many as
    ``lookaheads`` pay for (``TWO_ROLL_COST`` each; the first two together or
    none: a single value decides nothing).
    ``position`` gives a pair's (crossed, circled, end) after its round."""
    close_calls = close_calls_module()
    top = ranked[0]
    if top.deeper is None or top.end is None:
        return top
    if settings.rules.cross_standing not in CLOSE_CALL_RULINGS:
        return top
    close = list(
        takewhile(
            lambda pair: (
                pair.end is not None
                and pair.deeper is not None
                and top.deeper is not None
                and top.deeper - pair.deeper < close_calls.CLOSE_MARGIN
            ),
            ranked[1 : close_calls.CLOSE_PAIRS],
        )
    )
    if not close:
        return top
    rules = settings.rules
    weights = shipped_weights(rules.cross_standing)
    final = FINAL_CODES[settings.final_field]
    looked: list[tuple[float, PairValue]] = []
    affordable = lookaheads // TWO_ROLL_COST if math.isfinite(lookaheads) else math.inf
    if affordable < 2:
        return top
    for pair in [top, *close][: int(min(affordable, 1 + len(close)))]:
        crossed, circled, end = position(pair)
        two = close_calls.lookahead_two(
            weights, crossed, circled, end, rules.target, rules.cross_standing, final
        )
        looked.append((two, pair))
    return max(looked, key=lambda entry: entry[0])[1]  # the first of equals


def compiled_depth(cross_standing: bool) -> int:
    """The depth at which ``fast.selfplay.play`` plays the expert's games."""
    from roadtrip.bots.road_to_300.fast import selfplay

    if cross_standing in CLOSE_CALL_RULINGS:
        return int(selfplay.CLOSE_TWO_ROLLS)
    return int(selfplay.ONE_ROLL)


def best_end(
    settings: Settings,
    crossed: int,
    circled: int,
    ends: tuple[int, ...],
    lookaheads: float = math.inf,
) -> int:
    """Where to end a movement whose cross is already made (step 4, when step 2 had a
    single choice and so no plan): the end the expert would have planned with the
    cross (ranked as ``value_pairs`` ranks pairs, then :func:`closer_look`), within
    a budget of ``lookaheads``."""
    moves = [(-1, end, crossed, circled | 1 << end) for end in ends]
    ranked = _ranked_moves(settings, moves, lookaheads)
    spent = sum(1 for pair in ranked if pair.deeper is not None)

    def position(pair: PairValue) -> tuple[int, int, int]:
        end = -1 if pair.end is None else pair.end
        return crossed, circled | 1 << end, end

    top = closer_look(settings, ranked, position, lookaheads - spent)
    return -1 if top.end is None else top.end
