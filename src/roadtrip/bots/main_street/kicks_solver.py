"""Solo Get Your Kicks solved: the fewest expected turns by dynamic programming.

The game between turns is the mat (the bag is the full set minus the mat); within a
turn it is also the casino, a set of distinct colours (a repeated colour busts).
The decision after each cube is conclude (``STOP``) or continue (``GO_ON``).

**The state.**  The exact mat keeps every spare cube (a second red, ...), which
makes the state space astronomically large, so the mat is summarised by its
*class*: the set of colours on it (``mask``) and the black cubes on the sign
(``blacks``: 0..5 under ``solo_six_black=loss``/``win``, where the count matters;
0..1 under ``ignore``, where black is a colour like any other).  Two models of the
bag give two bounds on the true optimum (``docs/rules/americas-main-street.md``):

* **upper** (``relaxed=False``): each colour on the mat holds exactly one cube
  (black: ``blacks``), every spare goes back to the bag.  A player whose mat holds
  extra spares can imitate this game with phantom cubes drawn by private chance, and
  never does worse (fewer useless cubes in the bag), so this value is an *upper
  bound* on the optimum; the ``expert`` plays this model's optimal policy.
* **lower** (``relaxed=True``): cubes of colours already on the mat (except black
  when its count matters) are not in the bag at all and the player may also end a
  turn with nothing.  The true game's player can be imitated here too (its spare
  draws are made up by private chance; a bust on a spare becomes a pass), so this is
  a *lower bound*.

Within a turn the value is computed exactly over all 512 casinos.  A bust (and a
conclusion that adds nothing to the class) returns to the same state, so the value
``V`` of a state is the fixed point of ``V = 1 + f(V)``, ``f`` the turn's expected
continuation when a bust is worth ``V``: ``f`` is concave and piecewise linear, and
Newton's method on it (policy iteration) converges in a few steps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from roadtrip.games.main_street.data import FULL_BAG

SIX = 6  # six black cubes on the sign end the game (solo_six_black)
SIX_BLACK_MODES = ("loss", "win", "ignore")
INFINITY = float("inf")

State = tuple[int, int]  # (colours on the mat and doubled colours as bits, black cubes)


@dataclass(frozen=True)
class KicksModel:
    """One solo Get Your Kicks model: the option and the bound it computes.

    A state is ``(mask, blacks)``: bits ``0..n-1`` of ``mask`` are the colours on
    the mat, bits ``n..2n-1`` (with ``spares=1``) the colours other than black with
    two cubes or more.  ``full`` is the bag at the start, colour 0 black (the real
    game: ``FULL_BAG``; tests use small bags).
    """

    six_black: str = "loss"
    relaxed: bool = False
    full: tuple[int, ...] = FULL_BAG
    six: int = SIX  # black cubes that end the game (tests use fewer)
    spares: int = 0  # 1: also track a second cube of each colour (upper model only)

    @property
    def colours(self) -> int:
        return len(self.full)

    @property
    def complete(self) -> int:
        return (1 << self.colours) - 1

    @property
    def tracks_spares(self) -> bool:
        return bool(self.spares) and not self.relaxed

    @property
    def black_cap(self) -> int:
        if self.six_black in ("loss", "win"):
            return self.six - 1
        return 1 + (1 if self.tracks_spares else 0)

    def status(self, state: State, colour: int) -> int:
        """0: not on the mat, 1: one cube, 2: two or more (tracked spares)."""
        mask = state[0]
        return (mask >> colour & 1) + (mask >> (colour + self.colours) & 1)

    def canonical(self, state: State) -> State:
        """The representative of a state under the symmetry of colours with as many
        cubes (their statuses sorted, the highest on the lowest colour)."""
        return self.canonical_map(state)[0]

    def canonical_map(self, state: State) -> tuple[State, list[int]]:
        """The representative of ``state`` and the colour relabelling that takes
        ``state`` to it (``relabel[c]``: where colour ``c`` goes)."""
        mask, blacks = state
        n = self.colours
        out = mask
        relabel = list(range(n))
        for group in _groups(self.full):
            ranked = sorted(group, key=lambda c: -self.status(state, c))  # stable
            for colour in group:
                out &= ~(1 << colour | 1 << (colour + n))
            for target, source in zip(group, ranked, strict=True):
                relabel[source] = target
                held = self.status(state, source)
                out |= (held >= 1) << target | (held >= 2) << (target + n)
        return (out, blacks), relabel

    def states(self) -> list[State]:
        """Every canonical state, those with the most progress first (successors of
        a state come before it)."""
        out: list[State] = []
        others = sum(1 << c for c in range(1, self.colours) if self.full[c] >= 2)
        for low in range(1 << self.colours):
            doubles = [0]
            if self.tracks_spares:
                spare = low & others
                doubles = [d for d in range(spare + 1) if d & spare == d]
            for double in doubles:
                mask = low | double << self.colours
                if low & 1:
                    top = min(self.black_cap, self.full[0])  # no more than the bag holds
                    candidates = [(mask, b) for b in range(1, top + 1)]
                else:
                    candidates = [(mask, 0)]
                out.extend(s for s in candidates if self.canonical(s) == s)
        out.sort(key=lambda s: -(bin(s[0]).count("1") + s[1]))
        return out

    def bag(self, state: State) -> list[int]:
        """The bag this model assumes for a state."""
        blacks = state[1]
        bag = list(self.full)
        for c in range(self.colours):
            held = self.status(state, c)
            if not held:
                continue
            spare = c != 0 or self.six_black == "ignore"
            if self.relaxed and spare:
                bag[c] = 0
            else:
                bag[c] = self.full[c] - (held if c else blacks)
        return bag

    def after_stop(self, state: State, casino: int) -> State | float:
        """The state after concluding with ``casino``, or the value of the end it
        reaches (0: won; infinity: lost)."""
        mask, blacks = state
        low = mask & self.complete
        new_low = low | casino
        new_blacks = blacks + (casino & 1)
        if new_low == self.complete:
            return 0.0  # a complete mat wins, even with a sixth black cube
        if self.six_black != "ignore" and new_blacks >= self.six:
            return 0.0 if self.six_black == "win" else INFINITY
        doubled = mask >> self.colours
        if self.tracks_spares:
            doubled |= casino & low & ~1
        return (new_low | doubled << self.colours, min(new_blacks, self.black_cap))


def _groups(full: tuple[int, ...]) -> list[list[int]]:
    """Colours other than black with the same number of cubes (two or more)."""
    by_count: dict[int, list[int]] = {}
    for colour in range(1, len(full)):
        by_count.setdefault(full[colour], []).append(colour)
    return [group for group in by_count.values() if len(group) > 1]


@dataclass
class TurnTable:
    """One state's turn, solved: for every casino, conclude or continue, and its
    value (expected turns still to play, this one excluded)."""

    value: float  # V of the state: expected turns from the start of a turn
    go_on: list[bool] = field(default_factory=list)  # indexed by casino mask
    worth: list[float] = field(default_factory=list)


def _by_size(colours: int) -> list[int]:
    """Non-empty casino masks, the largest first."""
    masks = list(range(1, 1 << colours))
    masks.sort(key=lambda m: -bin(m).count("1"))
    return masks


def solve_turn(
    model: KicksModel,
    state: State,
    beta: float,
    value_of: Callable[[State], float],
) -> tuple[float, float, list[bool], list[float]]:
    """The turn from ``state`` when a bust is worth ``beta`` turns.

    Returns (f, slope, go_on, worth): f the expected turns after this one, slope
    the chance the turn comes back to ``state`` (df/dbeta), and per casino mask
    whether to continue and what the casino is worth.
    """
    colours = model.colours
    bag = model.bag(state)
    total = sum(bag)
    size = 1 << colours
    worth = [0.0] * size
    slope = [0.0] * size
    go_on = [False] * size
    empty = sum(1 << c for c in range(colours) if not bag[c])  # colours not in the bag
    for casino in _by_size(colours):
        if casino & empty:
            continue  # a casino that cannot be drawn
        after = model.after_stop(state, casino)
        if isinstance(after, tuple):
            stop_v, stop_s = (beta, 1.0) if after == state else (value_of(after), 0.0)
        else:
            stop_v, stop_s = after, 0.0
        left = total - bin(casino).count("1")
        go_v, go_s = INFINITY, 0.0
        if left > 0:
            go_v = go_s = 0.0
            for colour in range(colours):
                drawn = casino >> colour & 1
                count = bag[colour] - drawn
                if count <= 0:
                    continue
                p = count / left
                if drawn:
                    go_v += p * beta
                    go_s += p
                else:
                    go_v += p * worth[casino | 1 << colour]
                    go_s += p * slope[casino | 1 << colour]
        best_v, best_s, best_go = stop_v, stop_s, False
        if (go_v, go_s) < (best_v, best_s):
            best_v, best_s, best_go = go_v, go_s, True
        if model.relaxed and (beta, 1.0) < (best_v, best_s):
            best_v, best_s, best_go = beta, 1.0, False  # the lower bound may pass
        worth[casino], slope[casino], go_on[casino] = best_v, best_s, best_go
    f = sum(bag[c] / total * worth[1 << c] for c in range(colours) if bag[c])
    f_slope = sum(bag[c] / total * slope[1 << c] for c in range(colours) if bag[c])
    return f, f_slope, go_on, worth


def solve_state(
    model: KicksModel, state: State, value_of: Callable[[State], float], start: float = 1e6
) -> float:
    """V(state) = 1 + f(V(state)), by Newton's method (policy iteration) from above."""
    value = start
    for _ in range(200):
        f, slope, _, _ = solve_turn(model, state, value, value_of)
        if slope >= 1.0:
            return INFINITY
        new = (1.0 + f - slope * value) / (1.0 - slope)
        if abs(new - value) <= 1e-12 * max(1.0, abs(new)):
            return new
        value = new
    return value


def solve(model: KicksModel) -> dict[State, float]:
    """V of every canonical state of ``model`` (expected turns to win)."""
    values: dict[State, float] = {}

    def value_of(state: State) -> float:
        return values[model.canonical(state)]

    for state in model.states():
        if state[0] & model.complete == model.complete:
            values[state] = 0.0
            continue
        values[state] = solve_state(model, state, value_of)
    return values


def lookup(model: KicksModel, values: dict[State, float], state: State) -> float:
    """V of any state from a table of canonical states."""
    return values[model.canonical(state)]


def solve_from(model: KicksModel, state: State, memo: dict[State, float] | None = None) -> float:
    """V(state) computed from scratch by memoized recursion over its successors
    only (cheap near the end of the game; checks the shipped tables)."""
    memo = {} if memo is None else memo
    state = model.canonical(state)
    if state in memo:
        return memo[state]
    if state[0] & model.complete == model.complete:
        memo[state] = 0.0
        return 0.0

    def value_of(other: State) -> float:
        return solve_from(model, other, memo)

    bag = model.bag(state)
    for casino in range(1, 1 << model.colours):  # successors first
        if any(casino >> c & 1 and not bag[c] for c in range(model.colours)):
            continue
        after = model.after_stop(state, casino)
        if isinstance(after, tuple) and after != state:
            value_of(after)
    memo[state] = solve_state(model, state, value_of)
    return memo[state]


def turn_table(model: KicksModel, values: dict[State, float], state: State) -> TurnTable:
    """The solved turn of ``state`` under a table of canonical states (for playing)."""
    value = lookup(model, values, state)

    def value_of(other: State) -> float:
        return lookup(model, values, other)

    _, _, go_on, worth = solve_turn(model, state, value, value_of)
    return TurnTable(value, go_on, worth)


def relabel_casino(casino: int, relabel: Sequence[int]) -> int:
    """A casino mask with its colours relabelled (see ``KicksModel.canonical_map``)."""
    return sum(1 << target for colour, target in enumerate(relabel) if casino >> colour & 1)


def class_of(model: KicksModel, mat: Sequence[int]) -> State:
    """The state of an exact mat (cubes per colour), spares beyond the tracked ones
    forgotten."""
    mask = sum(1 << c for c, n in enumerate(mat) if n)
    if model.tracks_spares:
        mask |= sum(1 << (c + model.colours) for c, n in enumerate(mat) if c and n >= 2)
    return (mask, min(mat[0], model.black_cap))


__all__ = [
    "SIX_BLACK_MODES",
    "KicksModel",
    "TurnTable",
    "class_of",
    "lookup",
    "relabel_casino",
    "solve",
    "solve_from",
    "solve_state",
    "solve_turn",
    "turn_table",
]
