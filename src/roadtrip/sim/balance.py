"""Per-game balance counts for simulations: a small registry of "game stats" hooks.

A hook reads a finished state (its spectator view and its public history) and
returns integer counts named ``"group.row.column"``; the runner adds them up over
every game (exactly, in any order and across worker processes), and the summary
reports each as a mean per game, one table per group.  Games without a hook count
nothing.

Road Rally USA's hook (:func:`road_rally_stats`) counts:

* ``rally.<n>.scored`` / ``.removed`` / ``.on_track``: what became of rally point n;
* ``cards.<colour>.all`` / ``.winner`` / ``.seat<k>``: cards of each colour played
  (history actions 0-5 are card types, ``data.CARD_TYPES`` gives the colours) by
  everyone, by the winner and by each seat;
* ``plays.<colour or mixed>.all``: moves by the colour of their cards;
* ``start.<k>.wins``: wins of the car drawn k-th in the starting row (0 is first);
  its mean per game is that place's win rate.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from roadtrip.core.state import CHANCE, State
from roadtrip.games.road_rally import actions as rally_actions
from roadtrip.games.road_rally.data import CARD_TYPES, COLOR_NAMES, NUM_TYPES

GameStats = Callable[[State], Counter[str]]

_HOOKS: dict[str, GameStats] = {}

# Table titles of the known groups of counts.
STAT_TITLES = {
    "rally": "rally points: share of games scored / removed",
    "cards": "cards played by colour: per game (share)",
    "plays": "moves by colour: per game (share)",
    "start": "win rate by starting-row place",
}
# Rows in this order where a table's rows are among them (else first seen).
ROW_ORDER = ("green", "yellow", "red", "mixed")


def register_game_stats(game_id: str, hook: GameStats) -> None:
    """Count ``hook(state)`` at the end of every simulated game of ``game_id``."""
    _HOOKS[game_id] = hook


def game_stats(state: State) -> Counter[str]:
    """The balance counts of a finished game (empty where its game has no hook)."""
    hook = _HOOKS.get(state.game.id)
    return hook(state) if hook is not None else Counter()


def winner_seats(state: State) -> list[int]:
    """Seats with a positive return (a shared win names several)."""
    return [seat for seat, value in enumerate(state.returns()) if value > 0]


def road_rally_stats(state: State) -> Counter[str]:
    """Rally points, card colours and starting places of a finished Road Rally game."""
    counts: Counter[str] = Counter()
    view = state.view(None)
    for point in view["track"]["rally_points"]:
        counts[f"rally.{point['number']}.{point['status']}"] += 1
    winners = set(winner_seats(state))
    players = state.num_players()
    row: list[int] = []
    play: list[int] = []
    for seat, action in state.history():
        if seat == CHANCE:
            if action >= rally_actions.ORDER_BASE:
                row.append(action - rally_actions.ORDER_BASE)
            continue
        if rally_actions.PLAY_BASE <= action < rally_actions.PLAY_BASE + NUM_TYPES:
            card = action - rally_actions.PLAY_BASE
            color = COLOR_NAMES[CARD_TYPES[card].color]
            counts[f"cards.{color}.all"] += 1
            counts[f"cards.{color}.seat{seat}"] += 1
            if seat in winners:
                counts[f"cards.{color}.winner"] += 1
            play.append(card)
        elif action == rally_actions.DONE_PLAYING and play:
            colors = {CARD_TYPES[card].color for card in play}
            name = COLOR_NAMES[colors.pop()] if len(colors) == 1 else "mixed"
            counts[f"plays.{name}.all"] += 1
            play = []
    row += [seat for seat in range(players) if seat not in row]
    for place, seat in enumerate(row):
        if seat in winners:
            counts[f"start.{place}.wins"] += 1
    return counts


register_game_stats("road-rally", road_rally_stats)


def stat_tables(means: dict[str, float]) -> dict[str, tuple[list[str], list[str]]]:
    """Group ``"group.row.column"`` names: group -> (rows, columns), in first-seen
    order (numeric rows sorted as numbers)."""
    tables: dict[str, tuple[list[str], list[str]]] = {}
    for name in means:
        group, _, rest = name.partition(".")
        row, _, column = rest.rpartition(".")
        rows, columns = tables.setdefault(group, ([], []))
        if row not in rows:
            rows.append(row)
        if column not in columns:
            columns.append(column)
    for rows, _ in tables.values():
        if all(row.isdigit() for row in rows):
            rows.sort(key=int)
        elif all(row in ROW_ORDER for row in rows):
            rows.sort(key=ROW_ORDER.index)
    return tables
